//! Mutant hierarchies: the program side's fault collapsing ([Kapoor 2011] §2-3;
//! minimal mutant sets in the sense of [Ammann, Delamaro & Offutt 2014]).
//!
//! Mutant `k` is stronger than mutant `j` (`k` subsumes `j`) when every input that kills `k`
//! also kills `j`; a test set that kills the strongest mutants then kills all of them, so
//! testing needs only those. Two sources of the relation, kept apart because only one is a
//! guarantee:
//!
//! - **proved**: the region analysis of [`crate::program::proofs::equivalence::MethodProver::subsumes`] shows
//!   that wherever `k`'s region outputs differ from the original's, `j`'s equal `k`'s (for
//!   mutants of one branch condition: every infection flips the same branch, so "`k`
//!   infected implies `j` infected" is the whole question). Mutants with the same code
//!   (duplicates) subsume each other by construction.
//! - **observed**: dynamic subsumption read from a kill matrix: `k` is killed by some test and
//!   every test that kills `k` kills `j`. It holds for that test set only.
//!
//! Mutants that subsume each other form a class (indistinguishable); the classes nothing else
//! subsumes are the strongest, and one member of each is the collapsed list, as
//! `roth faults --list collapsed` is for circuits. Equivalent mutants are left out: they are
//! the redundant faults, not members of any class.

use bitvec::vec::BitVec;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::classify::{Classification, Status};
use crate::program::proofs::equivalence::{MethodProver, ProveOptions, Trivial};
use crate::program::reader::ir::Unit;

/// Strictly stronger mutants asked about per weaker mutant before it is left `observed`.
const STRICT_QUESTIONS: usize = 3;

/// How a subsumption is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// For every input (same code, or a region proof).
    Proved,
    /// For the tests of the kill matrix only.
    Observed,
}

/// A set of mutants that subsume each other.
#[derive(Clone, Debug)]
pub struct Class {
    /// Indices of the mutants given, in order; the first is the class's representative.
    pub members: Vec<usize>,
    /// Whether every member is proved to subsume the representative and back (duplicates
    /// for every input, not only for the tests).
    pub proved: bool,
    /// The classes that subsume this one directly, each with the strongest evidence of any
    /// mutant pair between them.
    pub subsumed_by: Vec<(usize, Relation)>,
    /// No other class subsumes it.
    pub strongest: bool,
}

/// The hierarchy of a set of mutants.
#[derive(Clone, Debug)]
pub struct Hierarchy {
    pub classes: Vec<Class>,
    /// The class of each mutant; `None` for an equivalent one.
    pub class_of: Vec<Option<usize>>,
    /// Every subsumption between mutant pairs, `(k, j, how)`: `k` subsumes `j`.
    pub edges: Vec<(usize, usize, Relation)>,
    /// How many of them are proved (duplicates by code included).
    pub proved_pairs: usize,
    /// Pair questions the region analysis was asked.
    pub questions: usize,
    /// The size of the collapsed list when only proved subsumptions count: the classes of
    /// the proved relation alone that nothing proved subsumes (a guarantee, not an
    /// observation).
    pub strongest_by_proof: usize,
}

impl Hierarchy {
    /// The collapsed list: the representative of every strongest class.
    pub fn collapsed(&self) -> Vec<usize> {
        self.classes
            .iter()
            .filter(|c| c.strongest)
            .map(|c| c.members[0])
            .collect()
    }
}

/// Builds the hierarchy of `mutants` from their classification and `kills`, the tests that
/// kill each mutant (a kill matrix over one test set). Subsumptions the kill matrix shows
/// between mutants of one method are put to the region analysis, which may prove them.
pub fn build(
    unit: &Unit,
    mutants: &[Mutant],
    classification: &Classification,
    kills: &[BitVec],
    prove: &ProveOptions,
) -> Hierarchy {
    let n = mutants.len();
    let equivalent: Vec<bool> = classification
        .statuses
        .iter()
        .map(|s| matches!(s, Status::Equivalent(_)))
        .collect();
    let killed: Vec<bool> = kills.iter().map(|k| k.any()).collect();
    // Every test that kills `k` kills `j` (unused bits of the words are zero).
    let observed = |k: usize, j: usize| {
        killed[k]
            && kills[k]
                .as_raw_slice()
                .iter()
                .zip(kills[j].as_raw_slice())
                .all(|(a, b)| a & !b == 0)
    };
    // Duplicates by code: mutants with the same canonical form as an earlier one.
    let mut first_of_form: hashbrown::HashMap<u32, usize> = hashbrown::HashMap::new();
    for (i, m) in mutants.iter().enumerate() {
        if classification.trivial[i] == Trivial::Distinct {
            first_of_form.insert(m.id, i);
        }
    }
    let mut duplicates: hashbrown::HashSet<(usize, usize)> = hashbrown::HashSet::new();
    for (i, t) in classification.trivial.iter().enumerate() {
        if let Trivial::DuplicateOf(id) = t
            && let Some(&f) = first_of_form.get(id)
        {
            duplicates.insert((f, i));
            duplicates.insert((i, f));
        }
    }
    let mut edges: Vec<(usize, usize, Relation)> = Vec::new();
    let mut provers: hashbrown::HashMap<(u32, u32), Option<MethodProver>> =
        hashbrown::HashMap::new();
    let mut questions = 0;
    // Proved subsumptions so far, by the stronger mutant: a chain of them proves the pair at
    // its ends without a question.
    let mut proved_from: Vec<Vec<usize>> = vec![Vec::new(); n];
    // The statement each mutant changes (Kapoor's location): questions are asked only
    // between mutants of one statement.
    let place: Vec<Option<(u32, u32, u32, u32)>> =
        mutants.iter().map(|m| m.statement(unit)).collect();
    let anchor: Vec<usize> = (0..n)
        .map(|i| {
            (0..i)
                .find(|&k| !equivalent[k] && place[k] == place[i] && kills[k] == kills[i])
                .unwrap_or(i)
        })
        .collect();
    let mut ask = |k: usize, j: usize, proved_from: &[Vec<usize>]| {
        let (mk, mj) = (&mutants[k], &mutants[j]);
        if implied(proved_from, k, j) {
            return true;
        }
        if (mk.class, mk.method) != (mj.class, mj.method) {
            return false;
        }
        questions += 1;
        let prover = provers
            .entry((mk.class, mk.method))
            .or_insert_with(|| MethodProver::new(unit, mk.class, mk.method, prove.clone()));
        prover
            .as_mut()
            .is_some_and(|p| matches!(p.subsumes(mk, mj), Ok(Some(_))))
    };
    // Questions are only asked where the kill matrix shows the subsumption, and for each
    // weaker mutant only until one strictly stronger mutant is proved to subsume it (that
    // settles whether it is among the strongest; further edges keep the label `observed`,
    // which they have on the tests). Mutants with the same kills are all asked, since a
    // proof both ways makes them duplicates.
    for j in 0..n {
        if equivalent[j] {
            continue;
        }
        let mut strict = Vec::new();
        let mut equal = Vec::new();
        for k in 0..n {
            if k == j || equivalent[k] {
                continue;
            }
            if duplicates.contains(&(k, j)) {
                edges.push((k, j, Relation::Proved));
                proved_from[k].push(j);
            } else if observed(k, j) {
                if observed(j, k) {
                    equal.push(k)
                } else {
                    strict.push(k)
                }
            }
        }
        // The candidates whose kills come closest to `j`'s first (the likeliest to be
        // provable, as a condition's mutants nest), a few of them.
        strict.sort_by_key(|&k| (std::cmp::Reverse(kills[k].count_ones()), k));
        let mut settled = false;
        let mut asked = 0;
        for k in strict {
            if !settled && place[k] == place[j] && asked < STRICT_QUESTIONS && {
                asked += 1;
                ask(k, j, &proved_from)
            } {
                settled = true;
                edges.push((k, j, Relation::Proved));
                proved_from[k].push(j);
            } else {
                edges.push((k, j, Relation::Observed));
            }
        }
        // Same kills: asked only both ways between a mutant and the first of its statement
        // with these kills (its anchor); chains through the anchor prove the rest.
        for k in equal {
            let asked = anchor[j] == k || anchor[k] == j;
            if (asked && ask(k, j, &proved_from)) || implied(&proved_from, k, j) {
                edges.push((k, j, Relation::Proved));
                proved_from[k].push(j);
            } else {
                edges.push((k, j, Relation::Observed));
            }
        }
    }
    let (classes, class_of, strongest_by_proof) = group(&equivalent, &edges, &proved_from);
    Hierarchy {
        classes,
        class_of,
        proved_pairs: edges.iter().filter(|e| e.2 == Relation::Proved).count(),
        edges,
        questions,
        strongest_by_proof,
    }
}

/// Whether a chain of proved subsumptions leads from `k` to `j`.
fn implied(proved_from: &[Vec<usize>], k: usize, j: usize) -> bool {
    let mut seen = vec![k];
    let mut stack = vec![k];
    while let Some(x) = stack.pop() {
        for &y in &proved_from[x] {
            if y == j {
                return true;
            }
            if !seen.contains(&y) {
                seen.push(y);
                stack.push(y);
            }
        }
    }
    false
}

/// Classes (strongly connected components of the relation, `proved_from` its proved edges by
/// the stronger mutant), the class of each mutant, and how many classes are strongest by proved
/// edges alone.
fn group(
    equivalent: &[bool],
    edges: &[(usize, usize, Relation)],
    proved_from: &[Vec<usize>],
) -> (Vec<Class>, Vec<Option<usize>>, usize) {
    let n = equivalent.len();
    let mut graph: DiGraph<usize, Relation> = DiGraph::new();
    let mut node: Vec<Option<NodeIndex>> = vec![None; n];
    for i in 0..n {
        if !equivalent[i] {
            node[i] = Some(graph.add_node(i));
        }
    }
    for &(k, j, r) in edges {
        if let (Some(a), Some(b)) = (node[k], node[j]) {
            graph.add_edge(a, b, r);
        }
    }
    let mut components = petgraph::algo::tarjan_scc(&graph);
    for c in &mut components {
        c.sort_by_key(|x| graph[*x]);
    }
    components.sort_by_key(|c| graph[c[0]]);
    let mut class_of = vec![None; n];
    for (ci, c) in components.iter().enumerate() {
        for x in c {
            class_of[graph[*x]] = Some(ci);
        }
    }
    let mut classes: Vec<Class> = components
        .iter()
        .map(|c| Class {
            members: c.iter().map(|x| graph[*x]).collect(),
            proved: true,
            subsumed_by: Vec::new(),
            strongest: true,
        })
        .collect();
    // Members proved equal to the representative: a chain of proved subsumptions each way
    // (every mutant on such a chain is in the class too).
    for c in &mut classes {
        let rep = c.members[0];
        c.proved = c.members[1..]
            .iter()
            .all(|&m| implied(proved_from, rep, m) && implied(proved_from, m, rep));
    }
    for &(k, j, r) in edges {
        let (Some(a), Some(b)) = (class_of[k], class_of[j]) else {
            continue;
        };
        if a == b {
            continue;
        }
        let weaker = &mut classes[b];
        weaker.strongest = false;
        match weaker.subsumed_by.iter_mut().find(|(c, _)| *c == a) {
            Some((_, known)) => *known = (*known).min(r),
            None => weaker.subsumed_by.push((a, r)),
        }
    }
    for c in &mut classes {
        c.subsumed_by.sort();
    }
    let strongest_by_proof = sources(&graph, |r| r == Relation::Proved);
    (classes, class_of, strongest_by_proof)
}

/// The number of classes no other class subsumes, over the edges `keep` accepts.
fn sources(graph: &DiGraph<usize, Relation>, keep: impl Fn(Relation) -> bool) -> usize {
    let kept = graph.filter_map(|_, &m| Some(m), |_, &r| keep(r).then_some(r));
    let components = petgraph::algo::tarjan_scc(&kept);
    let mut component = vec![0; kept.node_count()];
    for (c, members) in components.iter().enumerate() {
        for x in members {
            component[x.index()] = c;
        }
    }
    let mut subsumed = vec![false; components.len()];
    for e in kept.raw_edges() {
        let (a, b) = (component[e.source().index()], component[e.target().index()]);
        if a != b {
            subsumed[b] = true;
        }
    }
    subsumed.iter().filter(|&&s| !s).count()
}
