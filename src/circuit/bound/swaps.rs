//! Iterated local search for a larger set of pairwise independent faults.
//!
//! A greedy pass stops at the first maximal set: no fault outside is independent of every
//! fault inside. Local search goes on from there, as Andrade, Resende and Werneck's iterated
//! local search does for maximum independent sets (J. Heuristics 18, 2012): a *(1, 2)-swap*
//! trades one fault of the set for two outside it that are independent of each other and of
//! the rest of the set, so the set grows by one; when no swap is left, a *perturbation* forces
//! a random outside fault in (dropping the set's faults it is not independent of) and the
//! search swaps again from there, keeping the largest set seen. Every set it holds is
//! pairwise independent by construction, so any of them is a sound bound; the search only
//! decides how large a one it finds within its work budget.
//!
//! Faults are given by their necessary values as sorted literals 2 * net + value; two faults
//! are independent when one needs a net at 0 that the other needs at 1.

use std::time::Instant;

use crate::rng::Rng;

/// The seed of the perturbations: fixed, so the bound is the same on every run.
const SEED: u64 = 0x005E_ED0F_B0D5;

/// Outside faults of one group (those independent of all the set but one member) checked
/// pairwise for a swap: a group can hold thousands, and a swap found among the first few is
/// as good as one found later.
const PAIRS_FROM: usize = 48;

/// Perturbations in a row that find no larger set, after which the search stops: later ones
/// rarely do (on the ISCAS and ITC'99 circuits the last gain came within 90 of the one
/// before).
const STALL: u64 = 128;

/// Entries the lists of conflicting candidates kept may hold, per necessary value (so memory
/// stays a multiple of what the necessary values take).
const CACHE_PER_LITERAL: usize = 8;

/// Two faults' necessary values (sorted literals) conflict: one needs a net at 0 that the
/// other needs at 1, so no input detects both.
pub(super) fn conflict(first: &[u32], second: &[u32]) -> bool {
    // Literals 2n and 2n + 1 sort next to each other, so one merge walk finds a net both
    // lists set, whichever way.
    let (mut i, mut j) = (0, 0);
    while i < first.len() && j < second.len() {
        let (a, b) = (first[i], second[j]);
        if a >> 1 == b >> 1 {
            if a != b {
                return true;
            }
            i += 1;
            j += 1;
        } else if a < b {
            i += 1;
        } else {
            j += 1;
        }
    }
    false
}

/// The search's state: the set, and for every candidate how many members it conflicts with.
struct Search<'a> {
    literals: &'a [&'a [u32]],
    /// For each literal, the candidates that need it.
    users: Vec<Vec<u32>>,
    member: Vec<bool>,
    set: Vec<u32>,
    /// For each candidate, the members it conflicts with: their number, and the exclusive or
    /// of their indices (with `all`, the exclusive or of every member's, this names the one
    /// member a candidate does not conflict with when there is only one).
    conflicts: Vec<u32>,
    conflict_xor: Vec<u32>,
    all: u32,
    /// Marks of the candidates met in the current walk over one candidate's conflicts.
    mark: Vec<u32>,
    stamp: u32,
    /// For each candidate whose conflicts were walked, the candidates it conflicts with, and
    /// how many more entries such lists may hold.
    rows: Vec<Option<Box<[u32]>>>,
    cache_room: usize,
    /// Pairs of candidates (the smaller index in the high half) found not to conflict: the
    /// same groups come back after every perturbation, and their pairs need no second look.
    compatible: hashbrown::HashSet<u64>,
    /// Literals and list entries looked at; the search stops when it reaches `work`.
    spent: u64,
    work: u64,
}

impl<'a> Search<'a> {
    fn new(nets: usize, literals: &'a [&'a [u32]], work: u64) -> Search<'a> {
        let mut users: Vec<Vec<u32>> = vec![Vec::new(); 2 * nets];
        for (c, values) in literals.iter().enumerate() {
            for &literal in *values {
                users[literal as usize].push(c as u32);
            }
        }
        let n = literals.len();
        Search {
            literals,
            users,
            member: vec![false; n],
            set: Vec::new(),
            conflicts: vec![0; n],
            conflict_xor: vec![0; n],
            all: 0,
            mark: vec![0; n],
            stamp: 0,
            rows: vec![None; n],
            compatible: hashbrown::HashSet::new(),
            cache_room: CACHE_PER_LITERAL.saturating_mul(
                literals
                    .iter()
                    .map(|values| values.len())
                    .sum::<usize>()
                    .max(n),
            ),
            spent: 0,
            work,
        }
    }

    fn spent(&self) -> bool {
        self.spent >= self.work
    }

    /// Calls `each` once on every candidate that conflicts with `c`. The first walk gathers
    /// them from the literals' lists (a candidate is met once per net it conflicts on); the
    /// list is kept for the next walks, as long as the lists kept stay within `cache_room`.
    fn for_each_conflict(&mut self, c: u32, mut each: impl FnMut(&mut Self, u32)) {
        if self.rows[c as usize].is_none() {
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.mark.fill(0);
                self.stamp = 1;
            }
            let mut row = Vec::new();
            let values: &[u32] = self.literals[c as usize];
            for &literal in values {
                let list = &self.users[(literal ^ 1) as usize];
                self.spent += list.len() as u64 + 1;
                for &other in list {
                    if self.mark[other as usize] != self.stamp {
                        self.mark[other as usize] = self.stamp;
                        row.push(other);
                    }
                }
            }
            if row.len() > self.cache_room {
                for &other in &row {
                    each(self, other);
                }
                return;
            }
            self.cache_room -= row.len();
            self.rows[c as usize] = Some(row.into_boxed_slice());
        }
        let row = self.rows[c as usize].take().expect("kept above");
        self.spent += row.len() as u64 + 1;
        for &other in &row {
            each(self, other);
        }
        self.rows[c as usize] = Some(row);
    }

    fn add(&mut self, c: u32) {
        debug_assert!(!self.member[c as usize]);
        self.for_each_conflict(c, |search, other| {
            search.conflicts[other as usize] += 1;
            search.conflict_xor[other as usize] ^= c;
        });
        self.member[c as usize] = true;
        self.set.push(c);
        self.all ^= c;
    }

    fn remove(&mut self, c: u32) {
        self.for_each_conflict(c, |search, other| {
            search.conflicts[other as usize] -= 1;
            search.conflict_xor[other as usize] ^= c;
        });
        self.member[c as usize] = false;
        let at = self.set.iter().position(|&m| m == c).expect("a member");
        self.set.swap_remove(at);
        self.all ^= c;
    }

    /// Adds every free candidate (independent of the whole set) and makes (1, 2)-swaps until
    /// none is left or the work is spent.
    fn local_search(&mut self) {
        let n = self.literals.len();
        let mut tight: Vec<(u32, u32)> = Vec::new();
        'rounds: while !self.spent() {
            tight.clear();
            self.spent += n as u64;
            for c in 0..n {
                if self.member[c] {
                    continue;
                }
                let size = self.set.len() as u32;
                if self.conflicts[c] == size {
                    self.add(c as u32);
                } else if self.conflicts[c] + 1 == size {
                    // The one member `c` does not conflict with.
                    tight.push((self.all ^ self.conflict_xor[c], c as u32));
                }
            }
            // Members added since a candidate was listed may have made it conflict with one
            // more, or fewer; `swap` checks again.
            tight.sort_unstable();
            for group in tight.chunk_by(|a, b| a.0 == b.0) {
                let group = &group[..group.len().min(PAIRS_FROM)];
                for (i, &(member, u)) in group.iter().enumerate() {
                    for &(_, v) in &group[i + 1..] {
                        if self.spent() {
                            break 'rounds;
                        }
                        let pair = u64::from(u.min(v)) << 32 | u64::from(u.max(v));
                        self.spent += 1;
                        if self.compatible.contains(&pair) {
                            continue;
                        }
                        let (first, second) =
                            (self.literals[u as usize], self.literals[v as usize]);
                        self.spent += (first.len() + second.len()) as u64;
                        if !conflict(first, second) {
                            self.compatible.insert(pair);
                        } else if self.swap(member, u, v) {
                            continue 'rounds;
                        }
                    }
                }
            }
            break;
        }
    }

    /// Trades `member` for `u` and `v` (which conflict with each other) when both are still
    /// outside and conflict with every other member.
    fn swap(&mut self, member: u32, u: u32, v: u32) -> bool {
        let size = self.set.len() as u32;
        let only_outside = |search: &Self, c: u32| {
            !search.member[c as usize]
                && search.conflicts[c as usize] + 1 == size
                && search.all ^ search.conflict_xor[c as usize] == member
        };
        if !self.member[member as usize] || !only_outside(self, u) || !only_outside(self, v) {
            return false;
        }
        self.remove(member);
        self.add(u);
        self.add(v);
        true
    }

    /// Forces `c` into the set, dropping the members it does not conflict with.
    fn force(&mut self, c: u32) {
        let mut kept = Vec::new();
        self.for_each_conflict(c, |search, other| {
            if search.member[other as usize] {
                kept.push(other);
            }
        });
        kept.push(c);
        self.reset(&kept);
    }

    /// Makes the set exactly `target`.
    fn reset(&mut self, target: &[u32]) {
        let wanted: std::collections::HashSet<u32> = target.iter().copied().collect();
        let dropped: Vec<u32> = self
            .set
            .iter()
            .copied()
            .filter(|m| !wanted.contains(m))
            .collect();
        for m in dropped {
            self.remove(m);
        }
        for &c in target {
            if !self.member[c as usize] {
                self.add(c);
            }
        }
    }
}

/// A set of pairwise independent candidates (indices into `literals`, each a candidate's
/// sorted necessary literals over `nets` nets) at least as large as `start` (itself pairwise
/// independent), found by iterated local search within `work` (literals and list entries
/// looked at, so the time is bounded whatever the circuit). Returned sorted.
pub(super) fn grow(
    nets: usize,
    literals: &[&[u32]],
    start: &[usize],
    work: u64,
    deadline: Option<Instant>,
) -> Vec<usize> {
    let mut search = Search::new(nets, literals, work);
    for &c in start {
        search.add(c as u32);
    }
    search.local_search();
    let mut best = search.set.clone();
    let mut rng = Rng::new(SEED);
    let n = literals.len();
    // Perturbations made, and the last that found a larger set.
    let (mut iters, mut last) = (0u64, 0u64);
    while !search.spent()
        && search.set.len() < n
        && iters - last < STALL
        && deadline.is_none_or(|d| Instant::now() < d)
    {
        let outside = loop {
            let c = rng.index(n);
            if !search.member[c] {
                break c as u32;
            }
        };
        search.force(outside);
        search.local_search();
        iters += 1;
        if search.set.len() > best.len() {
            best = search.set.clone();
            last = iters;
        } else if search.set.len() + 1 < best.len() {
            // Wandered too far down: go on from the best set instead.
            search.reset(&best);
        }
    }
    let mut chosen: Vec<usize> = best.iter().map(|&c| c as usize).collect();
    chosen.sort_unstable();
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of `chosen` conflicts.
    fn pairwise_independent(literals: &[&[u32]], chosen: &[usize]) -> bool {
        chosen.iter().enumerate().all(|(i, &a)| {
            chosen[i + 1..]
                .iter()
                .all(|&b| conflict(literals[a], literals[b]))
        })
    }

    /// The size of a largest pairwise independent set, by brute force.
    fn largest(literals: &[&[u32]]) -> usize {
        let n = literals.len();
        let conflicts: Vec<u32> = (0..n)
            .map(|a| {
                (0..n)
                    .filter(|&b| b != a && conflict(literals[a], literals[b]))
                    .fold(0, |m, b| m | 1 << b)
            })
            .collect();
        (0u32..1 << n)
            .filter(|&set| {
                (0..n).all(|a| set >> a & 1 == 0 || set & !(1 << a) & !conflicts[a] == 0)
            })
            .map(u32::count_ones)
            .max()
            .unwrap_or(0) as usize
    }

    #[test]
    fn conflict_needs_one_net_at_opposite_values() {
        assert!(conflict(&[2, 7], &[3]));
        assert!(conflict(&[0, 5], &[1, 9]));
        assert!(!conflict(&[2, 7], &[2, 7, 9]));
        assert!(conflict(&[2, 7], &[2, 6, 9]));
        assert!(!conflict(&[], &[1]));
        assert!(conflict(&[10, 21], &[4, 20]));
    }

    /// A set of one fault that conflicts with neither of two faults that conflict with each
    /// other is maximal for a greedy pass; one swap trades it for the two.
    #[test]
    fn a_swap_trades_one_fault_for_two() {
        // Literal 2 * net + value: u needs nets 0 and 1 at 0, v net 0 at 1 and net 2 at 0,
        // x net 3 at 1.
        let (u, v, x): (&[u32], &[u32], &[u32]) = (&[0, 2], &[1, 4], &[7]);
        let literals = [x, u, v];
        assert_eq!(grow(4, &literals, &[0], 1_000, None), vec![1, 2]);
        // With no work to spend, the start set is returned as it is.
        assert_eq!(grow(4, &literals, &[0], 0, None), vec![0]);
    }

    /// On random small instances with the largest set known by brute force, local search
    /// returns a pairwise independent set, never smaller than its start, and finds a largest
    /// one.
    #[test]
    fn local_search_finds_largest_sets_on_small_instances() {
        let mut rng = Rng::new(11);
        let mut optimal = 0;
        let instances = 300;
        for instance in 0..instances {
            let nets = 3 + rng.index(6);
            let n = 4 + rng.index(13);
            let values: Vec<Vec<u32>> = (0..n)
                .map(|_| {
                    let mut literals: Vec<u32> = Vec::new();
                    for net in 0..nets as u32 {
                        if rng.chance(1, 2) {
                            literals.push(2 * net + u32::from(rng.chance(1, 2)));
                        }
                    }
                    literals.sort_unstable();
                    literals
                })
                .collect();
            let literals: Vec<&[u32]> = values.iter().map(Vec::as_slice).collect();
            let start = [rng.index(n)];
            let grown = grow(nets, &literals, &start, 1 << 16, None);
            assert!(
                pairwise_independent(&literals, &grown),
                "instance {instance}"
            );
            assert!(!grown.is_empty());
            assert!(grown.windows(2).all(|w| w[0] < w[1]));
            let best = largest(&literals);
            assert!(grown.len() <= best);
            optimal += usize::from(grown.len() == best);
        }
        assert_eq!(optimal, instances, "largest sets found");
    }
}
