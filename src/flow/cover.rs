//! Choosing a small test set from a pool: the set-cover step of compaction, shared by circuits
//! and programs. Rows are tests, columns are the detected targets; a row covers the targets
//! its test detects. Greedy cover first, then (where asked) a branch and bound that proves the
//! pool's optimum or improves on greedy within a node budget.

use bitvec::prelude::*;

/// A small set of rows covering every column that some row covers: greedy set cover (the row
/// covering most uncovered columns first), lazily re-evaluated. Returns row indices in
/// increasing order.
pub(crate) fn greedy_cover(sets: &[BitVec], columns: usize) -> Vec<usize> {
    let mut uncovered = bitvec![1; columns];
    let mut heap: std::collections::BinaryHeap<(usize, std::cmp::Reverse<usize>)> = sets
        .iter()
        .enumerate()
        .map(|(i, s)| (s.count_ones(), std::cmp::Reverse(i)))
        .collect();
    let mut chosen = Vec::new();
    while let Some((stale, std::cmp::Reverse(i))) = heap.pop() {
        if stale == 0 {
            break;
        }
        let gain = (sets[i].clone() & &uncovered).count_ones();
        if gain == 0 {
            continue;
        }
        // Counts only shrink: if this one still beats the next best estimate, take it.
        if heap.peek().is_some_and(|&(next, _)| gain < next) {
            heap.push((gain, std::cmp::Reverse(i)));
            continue;
        }
        uncovered &= !sets[i].clone();
        chosen.push(i);
    }
    chosen.sort_unstable();
    chosen
}

/// Work above which the exact search is not tried (rows² × words of the dominance check).
const REDUCTION_WORK: usize = 1 << 26;

/// A cover no larger than greedy's: a depth-first branch and bound over the rows no other row
/// contains, branching on the uncovered column with fewest rows, pruned by a lower bound (columns
/// no row covers two of need one row each). Stops after `node_limit` nodes with the best cover
/// found; when it finishes, the cover is a smallest one of this pool. Deterministic.
pub(crate) fn smallest_cover(sets: &[BitVec], columns: usize, node_limit: usize) -> Vec<usize> {
    let greedy = greedy_cover(sets, columns);
    let words = columns.div_ceil(64);
    if greedy.len() <= 1 || sets.len() * sets.len() * words.max(1) > REDUCTION_WORK {
        return greedy;
    }
    let rows = reduced_rows(sets, words);
    let mut search = Search::new(&rows, columns, greedy.len(), node_limit);
    let mut uncovered = vec![0u64; words];
    for (_, row) in &rows {
        for (u, w) in uncovered.iter_mut().zip(row) {
            *u |= w;
        }
    }
    search.branch(&uncovered, &mut Vec::new());
    match search.best {
        Some(best) => {
            let mut chosen: Vec<usize> = best.into_iter().map(|r| rows[r].0).collect();
            chosen.sort_unstable();
            chosen
        }
        None => greedy,
    }
}

/// The distinct non-empty rows no other row strictly contains, as words, with their index in
/// `sets` (the first of equal rows).
fn reduced_rows(sets: &[BitVec], words: usize) -> Vec<(usize, Vec<u64>)> {
    let as_words = |s: &BitVec| {
        let mut w = vec![0u64; words];
        for p in s.iter_ones() {
            w[p / 64] |= 1 << (p % 64);
        }
        w
    };
    let mut all: Vec<(usize, Vec<u64>, usize)> = sets
        .iter()
        .enumerate()
        .map(|(i, s)| (i, as_words(s), s.count_ones()))
        .filter(|(_, _, n)| *n > 0)
        .collect();
    // Larger rows first: a row can only be contained in one at least as large, kept before it.
    all.sort_by_key(|(i, _, n)| (std::cmp::Reverse(*n), *i));
    let mut kept: Vec<(usize, Vec<u64>)> = Vec::new();
    for (i, w, _) in all {
        let contained = kept
            .iter()
            .any(|(_, k)| w.iter().zip(k).all(|(a, b)| a & !b == 0));
        if !contained {
            kept.push((i, w));
        }
    }
    kept
}

struct Search<'r> {
    rows: &'r [(usize, Vec<u64>)],
    /// For each column, the rows covering it (a bit per row).
    column_rows: Vec<Vec<u64>>,
    /// Columns by increasing number of rows: the bound picks the most constrained first and
    /// the branching column is the first uncovered one.
    order: Vec<usize>,
    /// Size of the best cover known (greedy's until one is found).
    bound: usize,
    best: Option<Vec<usize>>,
    nodes: usize,
    node_limit: usize,
}

impl<'r> Search<'r> {
    fn new(
        rows: &'r [(usize, Vec<u64>)],
        columns: usize,
        bound: usize,
        node_limit: usize,
    ) -> Search<'r> {
        let row_words = rows.len().div_ceil(64);
        let mut column_rows = vec![vec![0u64; row_words]; columns];
        let mut count = vec![0usize; columns];
        for (r, (_, row)) in rows.iter().enumerate() {
            for (w, &bits) in row.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let c = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    column_rows[c][r / 64] |= 1 << (r % 64);
                    count[c] += 1;
                }
            }
        }
        let mut order: Vec<usize> = (0..columns).filter(|&c| count[c] > 0).collect();
        order.sort_by_key(|&c| (count[c], c));
        Search {
            rows,
            column_rows,
            order,
            bound,
            best: None,
            nodes: 0,
            node_limit,
        }
    }

    /// Columns of `uncovered` no row covers two of: each needs its own row.
    fn lower_bound(&self, uncovered: &[u64]) -> usize {
        let mut used = vec![0u64; self.column_rows.first().map_or(0, Vec::len)];
        let mut independent = 0;
        for &c in &self.order {
            if uncovered[c / 64] >> (c % 64) & 1 == 0 {
                continue;
            }
            let rows = &self.column_rows[c];
            if rows.iter().zip(&used).all(|(a, b)| a & b == 0) {
                independent += 1;
                for (u, r) in used.iter_mut().zip(rows) {
                    *u |= r;
                }
            }
        }
        independent
    }

    fn branch(&mut self, uncovered: &[u64], chosen: &mut Vec<usize>) {
        self.nodes += 1;
        let Some(&column) = self
            .order
            .iter()
            .find(|&&c| uncovered[c / 64] >> (c % 64) & 1 == 1)
        else {
            if chosen.len() < self.bound {
                self.bound = chosen.len();
                self.best = Some(chosen.clone());
            }
            return;
        };
        if self.nodes > self.node_limit || chosen.len() + self.lower_bound(uncovered) >= self.bound
        {
            return;
        }
        // The rows covering the column, those leaving least uncovered first.
        let mut options: Vec<(usize, Vec<u64>)> = Vec::new();
        for (w, &bits) in self.column_rows[column].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let r = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let rest: Vec<u64> = uncovered
                    .iter()
                    .zip(&self.rows[r].1)
                    .map(|(u, b)| u & !b)
                    .collect();
                options.push((r, rest));
            }
        }
        options.sort_by_key(|(r, rest)| (rest.iter().map(|w| w.count_ones()).sum::<u32>(), *r));
        for (r, rest) in options {
            chosen.push(r);
            self.branch(&rest, chosen);
            chosen.pop();
            if self.nodes > self.node_limit {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(list: &[&[usize]], columns: usize) -> Vec<BitVec> {
        list.iter()
            .map(|r| {
                let mut b = bitvec![0; columns];
                for &c in *r {
                    b.set(c, true);
                }
                b
            })
            .collect()
    }

    /// Every subset of rows, smallest first: the true optimum of a small instance.
    fn brute_force(sets: &[BitVec], columns: usize) -> usize {
        let target = sets.iter().fold(bitvec![0; columns], |a, s| a | s);
        (0..1u32 << sets.len())
            .filter(|m| {
                let union = (0..sets.len())
                    .filter(|i| m >> i & 1 == 1)
                    .fold(bitvec![0; columns], |a, i| a | &sets[i]);
                union == target
            })
            .map(|m| m.count_ones() as usize)
            .min()
            .unwrap_or(0)
    }

    fn covers(sets: &[BitVec], columns: usize, chosen: &[usize]) -> bool {
        let target = sets.iter().fold(bitvec![0; columns], |a, s| a | s);
        let union = chosen
            .iter()
            .fold(bitvec![0; columns], |a, &i| a | &sets[i]);
        union == target
    }

    #[test]
    fn greedy_is_beaten_where_it_is_not_optimal() {
        // Greedy takes the big middle row first and then needs both halves' ends.
        let sets = rows(&[&[0, 1, 2, 3, 4, 5], &[0, 1, 2, 6], &[3, 4, 5, 7]], 8);
        assert_eq!(greedy_cover(&sets, 8).len(), 3);
        let best = smallest_cover(&sets, 8, 1000);
        assert_eq!(best, vec![1, 2]);
    }

    #[test]
    fn exact_search_matches_brute_force() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..300 {
            let columns = 1 + rng.index(40);
            let count = 1 + rng.index(12);
            let sets: Vec<BitVec> = (0..count)
                .map(|_| (0..columns).map(|_| rng.chance(1, 4)).collect())
                .collect();
            let chosen = smallest_cover(&sets, columns, usize::MAX);
            assert!(covers(&sets, columns, &chosen));
            assert_eq!(chosen.len(), brute_force(&sets, columns));
            let limited = smallest_cover(&sets, columns, 3);
            assert!(covers(&sets, columns, &limited));
            assert!(limited.len() <= greedy_cover(&sets, columns).len());
        }
    }
}
