//! Test generation for a Java unit: the program side of the shared campaign in [`crate::flow`]
//! ([Zhang 2021] ch. 5: the multi-pass ATG system).
//!
//! Mutants are the targets. The campaign runs random tests with mutant dropping, then searches
//! per surviving mutant under growing limits, then compacts the test set (greedy cover of the
//! kill sets and reverse-order simulation), exactly as `roth atpg` does for faults. A search
//! ends with a test (a witness the interpreter confirmed kills the mutant), a proof of
//! equivalence (the program's "untestable"), or neither (unknown).
//!
//! Mutants that compile to the original's code are equivalent before any search (trivial
//! compiler equivalence) and are not targets.
//!
//! A program test is fully specified (a call with its arguments and receiver fields), so its
//! cube has no don't cares: dynamic compaction has nothing to offer, and compaction works by
//! choosing among tests.

use std::sync::Mutex;

use bitvec::vec::BitVec;
use hashbrown::HashMap;

use crate::engine::{AbortReason, Counters, Limits, Outcome};
use crate::flow::{self, Campaign, Progress, Status, Workbench, Worker};
use crate::program::execution::analysis::{TestCase, Verdict, analyse, kill_matrix};
use crate::program::execution::interp::Limits as RunLimits;
use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::equivalence::{
    Local, MethodProver, ProveOptions, Rule, Trivial, trivial,
};
use crate::program::reader::ir::Unit;
use crate::program::testgen::junit::uncallable_from_a_test;
use crate::program::testgen::receivers::Receivers;
use crate::rng::Rng;

/// Nodes of the exact set-cover search in compaction: a program's pool has few distinct kill
/// sets, so the search usually finishes (the pool's smallest cover) in well under this.
const EXACT_COVER_NODES: usize = 100_000;

/// Search limits at or past which an open mutant counts as unknown rather than worth a
/// larger search (the complete pass multiplies its limit by four each round).
const LAST_SEARCH_BACKTRACKS: u64 = 1_024;
/// Random tests of its own method a mutant gets when a search finds no test, per 16
/// backtracks of the pass's limit (at most [`MAX_TARGETED`]).
const TARGETED_PER_16: u64 = 64;
const MAX_TARGETED: u64 = 4_096;
/// The first search pass's limit: that pass is the software D-algorithm's alone (the thesis's
/// first pass, ch. 3.5); later passes fall back on the global method.
const FIRST_SEARCH_BACKTRACKS: u64 = 16;

/// The largest region (its depth on the ladder) the first pass's local check of equivalence
/// asks about: most equivalent mutants are proved at depth 0 or 1 (measured on the shipped
/// programs: 319 of 340), and each further region costs a killable mutant another question.
const FIRST_PASS_REGION_DEPTH: usize = 1;

/// Tests from which a block's mutation simulation is spread over the threads.
const PARALLEL_BLOCK: usize = 8;

/// The global method's solver limits, as a multiple of the prover's usual ones.
const GLOBAL_LIMIT_FACTOR: u64 = 4;

/// The D-algorithm's largest backtrack limit (the second pass's).
const LAST_DALGORITHM_BACKTRACKS: u64 = 16;
/// Marks a memoised D-algorithm search among the searched (target, limit) pairs.
const DALGORITHM_MEMO: u64 = 1 << 63;

/// The search that found a mutant's test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Method {
    /// The software D-algorithm (thesis ch. 3).
    DAlgorithm,
    /// The local analysis widened up to the whole method (thesis §3.7's global method).
    Global,
    /// Random tests aimed at the mutant's method.
    Targeted,
}

/// How many mutants each search gave a test to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Found {
    pub d_algorithm: usize,
    pub global: usize,
    pub targeted: usize,
}

/// Settings of a test generation run.
#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// Random blocks of 64 tests without a new kill before the random phase stops.
    pub random_blocks: usize,
    /// Interpreter limits of every run.
    pub limits: RunLimits,
    /// Compact the final test set.
    pub compact: bool,
    /// Shrink the final tests' values toward simple ones (see `shrink.rs`).
    pub shrink: bool,
    /// Random tests added to the pool the compacted set is chosen from (measured on the shipped
    /// programs: 256 saves 7 of 150 tests for at most 1.5 s more on a program).
    pub cover_pool: usize,
    pub threads: usize,
    /// Time allowed per search of a mutant, in every pass.
    pub time_limit: Option<std::time::Duration>,
    /// The search passes and compaction end by then; mutants not settled are unknown.
    pub deadline: Option<std::time::Instant>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 1,
            random_blocks: 4,
            limits: RunLimits::default(),
            compact: true,
            shrink: true,
            cover_pool: 256,
            threads: 1,
            time_limit: None,
            deadline: None,
        }
    }
}

/// What became of a mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Killed by the test with this index in [`Generated::tests`].
    Killed(usize),
    /// Proved equivalent, by this rule.
    Equivalent(Rule),
    /// Neither: the reason.
    Unknown(String),
}

/// The result of a test generation run.
#[derive(Clone, Debug)]
pub struct Generated {
    pub tests: Vec<TestCase>,
    /// One fate per mutant, in the order given.
    pub fates: Vec<Fate>,
    pub phases: Vec<flow::Phase>,
    pub counters: Counters,
    /// The searches' share of the killed mutants (the rest were killed by random tests or
    /// by tests found for other mutants).
    pub found: Found,
    /// How many of the tests shrinking made simpler.
    pub shrunk: usize,
}

impl PartsFound {
    /// Takes in what one campaign over `mutants` found: its proofs, its unknowns and its tests
    /// (the shares of the kills are the caller's to add, as parts count them differently).
    pub fn add(&mut self, mutants: &[Mutant], fates: &[Fate], tests: Vec<TestCase>) {
        for (m, fate) in mutants.iter().zip(fates) {
            match fate {
                Fate::Killed(_) => {}
                Fate::Equivalent(rule) => {
                    self.equivalent.insert(m.id, rule.clone());
                }
                Fate::Unknown(why) => {
                    self.unknown.insert(m.id, why.clone());
                }
            }
        }
        self.tests.extend(tests);
    }
}

impl Generated {
    pub fn killed(&self) -> usize {
        self.fates
            .iter()
            .filter(|f| matches!(f, Fate::Killed(_)))
            .count()
    }

    pub fn equivalent(&self) -> usize {
        self.fates
            .iter()
            .filter(|f| matches!(f, Fate::Equivalent(_)))
            .count()
    }

    pub fn unknown(&self) -> usize {
        self.fates.len() - self.killed() - self.equivalent()
    }

    /// Killed mutants over the mutants not proved equivalent (1 when there are none).
    pub fn mutation_score(&self) -> f64 {
        let killable = self.fates.len() - self.equivalent();
        if killable == 0 {
            1.0
        } else {
            self.killed() as f64 / killable as f64
        }
    }
}

/// Generates tests that kill `mutants` of `unit`.
///
/// The campaign's passes run without compaction, and their tests are then combined and
/// compacted as [`merge`] combines and compacts the tests of the parts of a sharded run: so the
/// parts of a run cut between whole files merge into exactly the result of one run.
pub fn generate(
    unit: &Unit,
    mutants: &[Mutant],
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Generated {
    let passes = Options {
        compact: false,
        shrink: false,
        ..options.clone()
    };
    let searched = search(unit, mutants, &passes, progress);
    let mut found = PartsFound {
        found: searched.found,
        ..PartsFound::default()
    };
    found.add(mutants, &searched.fates, searched.tests);
    let mut generated = combine(
        unit,
        mutants,
        found,
        options,
        Combined::Passes(searched.phases),
        progress,
    )
    .expect("a combination of passes takes a contradiction as a kill");
    generated.counters += searched.counters;
    generated
}

/// One campaign over `mutants`: the passes, and compaction if `options` asks for it.
fn search(
    unit: &Unit,
    mutants: &[Mutant],
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Generated {
    let setup = Setup::new(unit, mutants, options);
    let flow_options = setup.flow_options(options);
    let campaign: Campaign<TestCase> = flow::run(&setup.bench, &flow_options, progress);
    setup.conclude(campaign, options)
}

/// Why parts of a sharded run cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// One part proved a mutant equivalent that another part's test kills: a bug, never the
    /// user's fault.
    #[error(
        "internal check failed: mutant #{0} was proved equivalent by one part, but a test of another part kills it"
    )]
    Contradiction(u32),
}

/// What the parts of a sharded run found for one unit, for [`merge`].
#[derive(Clone, Debug, Default)]
pub struct PartsFound {
    /// Every part's tests (the same test from two parts counts once).
    pub tests: Vec<TestCase>,
    /// Mutants (by id) a part proved equivalent, and how.
    pub equivalent: HashMap<u32, Rule>,
    /// Why a part left a mutant unknown, by id.
    pub unknown: HashMap<u32, String>,
    /// The parts' searches' shares of the kills, summed.
    pub found: Found,
}

/// The parts of a sharded run over `mutants` of `unit` combined into the result of one run:
/// every part's tests are simulated against every mutant (a mutant one part left unknown may
/// be killed by another part's test), the parts' proofs of equivalence are taken, and the
/// test set is compacted as [`generate`] compacts it.
pub fn merge(
    unit: &Unit,
    mutants: &[Mutant],
    found: PartsFound,
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Generated, MergeError> {
    combine(unit, mutants, found, options, Combined::Parts, progress)
}

/// What [`combine`] combines.
enum Combined {
    /// The parts of a sharded run: a contradiction refuses the merge.
    Parts,
    /// The passes of one run, with their phases: a contradiction (a proof's bug) leaves the
    /// mutant killed, as the interpreter saw it.
    Passes(Vec<flow::Phase>),
}

/// [`merge`]'s work, shared with [`generate`].
fn combine(
    unit: &Unit,
    mutants: &[Mutant],
    found: PartsFound,
    options: &Options,
    combined: Combined,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Generated, MergeError> {
    let start = std::time::Instant::now();
    let setup = Setup::new(unit, mutants, options);
    let mut tests: Vec<TestCase> = Vec::new();
    for t in found.tests {
        let known = tests.iter().any(|o| o.same_call(&t));
        if !known {
            tests.push(t);
        }
    }
    let all: Vec<usize> = (0..setup.bench.targets.len()).collect();
    let first = setup.bench.first_detections(&tests, &all);
    let mut status = Vec::with_capacity(all.len());
    {
        let mut proved = setup.bench.proved.lock().expect("no thread panicked");
        let mut reasons = setup.bench.open_reasons.lock().expect("no thread panicked");
        for (p, &i) in setup.bench.targets.iter().enumerate() {
            let id = mutants[i].id;
            status.push(match (first[p].is_some(), found.equivalent.get(&id)) {
                (true, Some(_)) if matches!(combined, Combined::Parts) => {
                    return Err(MergeError::Contradiction(id));
                }
                (true, Some(_)) => {
                    // A proof of one pass that a test of a later pass contradicts: a bug, and
                    // the interpreter's kill is what stands.
                    debug_assert!(false, "mutant #{id} was proved equivalent and killed");
                    Status::Detected
                }
                (true, None) => Status::Detected,
                (false, Some(rule)) => {
                    proved.insert(p, rule.clone());
                    Status::Untestable
                }
                (false, None) => {
                    if let Some(reason) = found.unknown.get(&id) {
                        reasons.insert(p, reason.clone());
                    }
                    Status::Aborted
                }
            });
        }
    }
    let merged_tests = tests.len();
    let detected = status.iter().filter(|&&s| s == Status::Detected).count();
    let merge_seconds = start.elapsed().as_secs_f64();
    let flow_options = setup.flow_options(options);
    let mut run = flow::CampaignRun::seeded(&setup.bench, &flow_options, tests, status);
    if options.compact {
        run.compaction(progress);
    }
    let mut campaign = run.finish();
    let mut phases = match combined {
        Combined::Parts => vec![flow::Phase {
            name: "parts merged".into(),
            detected,
            patterns: merged_tests,
            seconds: merge_seconds,
        }],
        Combined::Passes(phases) => phases,
    };
    phases.append(&mut campaign.phases);
    campaign.phases = phases;
    let mut generated = setup.conclude(campaign, options);
    generated.found = found.found;
    Ok(generated)
}

/// What [`generate`] and [`merge`] share: the targets and the workbench over them.
struct Setup<'u> {
    unit: &'u Unit,
    mutants: &'u [Mutant],
    /// Trivial compiler equivalence of each mutant.
    compiled: Vec<Trivial>,
    bench: ProgramBench<'u>,
}

impl<'u> Setup<'u> {
    fn new(unit: &'u Unit, mutants: &'u [Mutant], options: &Options) -> Setup<'u> {
        let compiled = trivial(unit, mutants);
        // A mutant in a method no test can call is left alone (its fate says why).
        let targets: Vec<usize> = (0..mutants.len())
            .filter(|&i| {
                compiled[i] != Trivial::Equivalent && first_of(mutants, &compiled, i).is_none() && {
                    let (c, m) = unit.written_in(mutants[i].class, mutants[i].method);
                    uncallable_from_a_test(unit, c, m).is_none()
                }
            })
            .collect();
        let methods = methods_of(unit, mutants, &targets);
        let receivers = Receivers::of(unit, &methods, options.seed, options.limits);
        let bench = ProgramBench {
            unit,
            mutants,
            methods,
            receivers,
            targets,
            limits: options.limits,
            proved: Mutex::new(HashMap::new()),
            open_reasons: Mutex::new(HashMap::new()),
            searched: Mutex::new(hashbrown::HashSet::new()),
            found_by: Mutex::new(HashMap::new()),
            seed: options.seed,
            templates: crate::program::dalg::Templates::new(unit, mutants),
            threads: options.threads,
        };
        Setup {
            unit,
            mutants,
            compiled,
            bench,
        }
    }

    fn flow_options(&self, options: &Options) -> flow::Options {
        flow::Options {
            seed: options.seed,
            random_blocks: options.random_blocks,
            backtrack_limit: 16,
            time_limit: options.time_limit,
            deadline: options.deadline,
            compact: options.compact,
            effort: flow::Effort::Default,
            threads: options.threads,
            regenerate: false,
            cover_pool: options.cover_pool,
            exact_cover_nodes: EXACT_COVER_NODES,
        }
    }

    /// The campaign's outcome as fates of the mutants, the tests named.
    fn conclude(self, campaign: Campaign<TestCase>, options: &Options) -> Generated {
        let Setup {
            unit,
            mutants,
            compiled,
            bench,
        } = self;
        let targets = &bench.targets;
        let mut tests = campaign.tests;
        let mut phases = campaign.phases;
        let mut shrunk = 0;
        if options.shrink && !tests.is_empty() {
            let start = std::time::Instant::now();
            shrunk = bench.shrink_tests(&mut tests, &campaign.status, options.threads);
            let detected = campaign
                .status
                .iter()
                .filter(|&&s| s == Status::Detected)
                .count();
            phases.push(flow::Phase {
                name: "shrinking".into(),
                detected,
                patterns: tests.len(),
                seconds: start.elapsed().as_secs_f64(),
            });
        }
        // Each test named after its method and what the original does on it.
        let program = crate::program::execution::interp::Compiled::plain(unit);
        let names: Vec<String> = tests
            .iter()
            .map(|t| {
                let m = &unit.classes[t.class as usize].methods[t.method as usize];
                match t.run(&program, options.limits) {
                    Ok(outcome) => {
                        crate::program::testgen::names::test_name(unit, t.class, t.method, &outcome)
                    }
                    Err(_) => m.name.clone(),
                }
            })
            .collect();
        for (t, name) in tests
            .iter_mut()
            .zip(crate::program::testgen::names::unique(names))
        {
            t.name = name;
        }
        // Who kills what in the final set: the first test, for the report and the comments.
        // A target the campaign left open may be killed by a shrunk test, which kills at
        // least what it was kept for.
        let killed_targets: Vec<usize> = (0..targets.len())
            .filter(|&p| campaign.status[p] != Status::Untestable)
            .collect();
        let subset: Vec<Mutant> = killed_targets
            .iter()
            .map(|&p| mutants[targets[p]].clone())
            .collect();
        let first: HashMap<usize, usize> =
            match analyse(unit, &subset, &tests, options.limits, 1, &|_| {}) {
                Ok(a) => killed_targets
                    .iter()
                    .zip(&a.verdicts)
                    .filter_map(|(&p, v)| match v {
                        Verdict::Killed(t) => Some((p, *t)),
                        _ => None,
                    })
                    .collect(),
                Err(_) => HashMap::new(),
            };
        let proved = bench.proved.into_inner().expect("no thread panicked");
        let reasons = bench.open_reasons.into_inner().expect("no thread panicked");
        let mut found = Found::default();
        for (&p, method) in bench
            .found_by
            .into_inner()
            .expect("no thread panicked")
            .iter()
        {
            if campaign.status[p] == Status::Detected {
                match method {
                    Method::DAlgorithm => found.d_algorithm += 1,
                    Method::Global => found.global += 1,
                    Method::Targeted => found.targeted += 1,
                }
            }
        }
        let mut fates: Vec<Fate> = compiled
            .iter()
            .zip(mutants)
            .map(|(c, m)| {
                let (class, method) = unit.written_in(m.class, m.method);
                match c {
                    Trivial::Equivalent => Fate::Equivalent(Rule::Compiler),
                    _ => match uncallable_from_a_test(unit, class, method) {
                        Some(why) => Fate::Unknown(format!("no test can call the method: {why}")),
                        None => Fate::Unknown("no test found".into()),
                    },
                }
            })
            .collect();
        for (p, &i) in targets.iter().enumerate() {
            fates[i] = match campaign.status[p] {
                Status::Detected => match first.get(&p) {
                    Some(&t) => Fate::Killed(t),
                    None => Fate::Unknown("killed during generation, by no kept test".into()),
                },
                Status::Untestable => {
                    Fate::Equivalent(proved.get(&p).cloned().unwrap_or(Rule::WholeMethod))
                }
                Status::Open | Status::Aborted => match first.get(&p) {
                    Some(&t) => Fate::Killed(t),
                    None => Fate::Unknown(
                        reasons
                            .get(&p)
                            .cloned()
                            .unwrap_or_else(|| "no test found".into()),
                    ),
                },
            };
        }
        // A mutant of a method no test can call is no target, but a test of another method
        // may still run its code (an enum's constructor, a helper) and tell it apart: it is
        // killed, as a score of the tests finds.
        let mut targeted = vec![false; mutants.len()];
        for &i in targets {
            targeted[i] = true;
        }
        let untargeted: Vec<usize> = (0..mutants.len())
            .filter(|&i| {
                compiled[i] != Trivial::Equivalent
                    && first_of(mutants, &compiled, i).is_none()
                    && !targeted[i]
            })
            .collect();
        if !untargeted.is_empty() && !tests.is_empty() {
            let subset: Vec<Mutant> = untargeted.iter().map(|&i| mutants[i].clone()).collect();
            if let Ok(a) = analyse(unit, &subset, &tests, options.limits, 1, &|_| {}) {
                for (&i, v) in untargeted.iter().zip(&a.verdicts) {
                    if let Verdict::Killed(t) = v {
                        fates[i] = Fate::Killed(*t);
                    }
                }
            }
        }
        for i in 0..mutants.len() {
            if let Some(f) = first_of(mutants, &compiled, i) {
                fates[i] = fates[f].clone();
            }
        }
        Generated {
            tests,
            fates,
            phases,
            counters: campaign.counters,
            found,
            shrunk,
        }
    }
}

/// A duplicate (the same code as an earlier mutant) is no target of its own: it shares its
/// first's fate, test or proof. The index of that first mutant.
fn first_of(mutants: &[Mutant], compiled: &[Trivial], i: usize) -> Option<usize> {
    match compiled[i] {
        Trivial::DuplicateOf(id) => mutants[..i].iter().position(|m| m.id == id),
        _ => None,
    }
}

/// Whether values of type `ty` are or contain objects of the unit's classes.
fn holds_objects(ty: &crate::program::reader::ir::Type) -> bool {
    let mut t = ty;
    while let Some(e) = t.element() {
        t = e;
    }
    t.class().is_some()
}

/// The methods random tests call, each with its pool of input values: those that own a
/// target, and for a constructor's targets the class's other methods (a constructor shows
/// through the objects it builds; tests start from a receiver as constructed).
fn methods_of(
    unit: &Unit,
    mutants: &[Mutant],
    targets: &[usize],
) -> Vec<(u32, u32, crate::program::testgen::inputs::Pool)> {
    let mut keys: Vec<(u32, u32)> = Vec::new();
    for &i in targets {
        let (c, m) = unit.written_in(mutants[i].class, mutants[i].method);
        let class = &unit.classes[c as usize];
        if class.methods[m as usize].is_constructor {
            // The constructor itself (a test that it throws), and the class's methods on
            // the objects it builds.
            keys.push((c, m));
            keys.extend(
                (0..class.methods.len() as u32)
                    .filter(|&k| {
                        let other = &class.methods[k as usize];
                        !other.is_constructor && other.lambda.is_none()
                    })
                    .map(|k| (c, k)),
            );
        } else {
            keys.push((c, m));
        }
    }
    keys.sort_unstable();
    keys.dedup();
    keys.into_iter()
        .filter(|&(c, m)| {
            unit.classes[c as usize].methods[m as usize].body.is_ok()
                && uncallable_from_a_test(unit, c, m).is_none()
        })
        .map(|(c, m)| (c, m, crate::program::testgen::inputs::Pool::of(unit, c, m)))
        .collect()
}

/// The program as a campaign's workbench.
struct ProgramBench<'u> {
    unit: &'u Unit,
    mutants: &'u [Mutant],
    /// Target `p` is mutant `targets[p]`.
    targets: Vec<usize>,
    methods: Vec<(u32, u32, crate::program::testgen::inputs::Pool)>,
    /// How tests build the receivers of the methods' classes.
    receivers: Receivers,
    limits: RunLimits,
    /// How each target proved equivalent was proved.
    proved: Mutex<HashMap<usize, Rule>>,
    /// Which search found the test of each target a search found.
    found_by: Mutex<HashMap<usize, Method>>,
    seed: u64,
    /// Why a search left a target open, the last one's reason.
    open_reasons: Mutex<HashMap<usize, String>>,
    /// (target, scale) searches already run to no verdict: the same search again would end
    /// the same way.
    searched: Mutex<hashbrown::HashSet<(usize, u64)>>,
    /// The D-algorithm's paths to each mutated statement, shared by its mutants (§4.3.5.1).
    templates: crate::program::dalg::Templates<'u>,
    /// Threads for mutation simulation of a block of tests (the random phase's and
    /// compaction's, run between the searches).
    threads: usize,
}

impl ProgramBench<'_> {
    fn subset(&self, targets: &[usize]) -> Vec<Mutant> {
        targets
            .iter()
            .map(|&p| self.mutants[self.targets[p]].clone())
            .collect()
    }

    /// A random test of one of the methods, on a receiver as constructed.
    fn random_test(&self, rng: &mut Rng) -> Option<TestCase> {
        if self.methods.is_empty() {
            return None;
        }
        let (class, method, pool) = &self.methods[rng.below(self.methods.len() as u64) as usize];
        let m = &self.unit.classes[*class as usize].methods[*method as usize];
        let receiver = if m.is_static || m.is_constructor {
            None
        } else {
            self.receivers.random(self.unit, *class, rng)?
        };
        Some(TestCase {
            name: String::new(),
            class: *class,
            method: *method,
            args: m
                .params
                .iter()
                .map(|t| crate::program::testgen::inputs::random_value_in(self.unit, t, pool, rng))
                .collect(),
            fields: Vec::new(),
            receiver,
        })
    }

    /// For each of `targets`, the tests (of `tests`, at most 64 when `all`) that kill it:
    /// all of them, or only the first.
    fn kills(&self, tests: &[TestCase], targets: &[usize], all: bool) -> Vec<BitVec> {
        let subset = self.subset(targets);
        // One test is a search's (on its own thread already); a block is the random phase's
        // or compaction's, which have the threads to themselves.
        let threads = if tests.len() >= PARALLEL_BLOCK {
            self.threads
        } else {
            1
        };
        let analysis = if all {
            kill_matrix(self.unit, &subset, tests, self.limits, threads)
        } else {
            analyse(self.unit, &subset, tests, self.limits, threads, &|_| {})
        };
        match analysis {
            Ok(a) => a.kills,
            // A test that does not fit or a mutant that does not compile kills nothing
            // (generated tests fit, generated mutants compile: this does not happen).
            Err(_) => vec![BitVec::repeat(false, tests.len()); targets.len()],
        }
    }
}

impl Workbench for ProgramBench<'_> {
    type Test = TestCase;
    type Cube = TestCase;
    type Worker<'w>
        = ProgramWorker<'w>
    where
        Self: 'w;

    fn targets(&self) -> usize {
        self.targets.len()
    }

    fn random_tests(&self, rng: &mut Rng, count: usize) -> Vec<TestCase> {
        (0..count).filter_map(|_| self.random_test(rng)).collect()
    }

    fn neighbours(&self, tests: &[TestCase]) -> Vec<TestCase> {
        let mut out: Vec<TestCase> = Vec::new();
        for t in tests {
            let m = &self.unit.classes[t.class as usize].methods[t.method as usize];
            for args in crate::program::testgen::inputs::neighbours(&m.params, &t.args) {
                // Two nudges can land on the same arguments (3, 4 -> 4, 4 twice).
                let known = out.iter().chain(tests).any(|o| {
                    (o.class, o.method) == (t.class, t.method)
                        && o.fields == t.fields
                        && o.receiver == t.receiver
                        && o.args == args
                });
                if !known {
                    out.push(TestCase { args, ..t.clone() });
                }
            }
        }
        out
    }

    fn first_detections(&self, tests: &[TestCase], targets: &[usize]) -> Vec<Option<usize>> {
        self.kills(tests, targets, false)
            .into_iter()
            .map(|k| k.first_one())
            .collect()
    }

    fn detection_masks(&self, tests: &[TestCase], targets: &[usize]) -> Vec<u64> {
        debug_assert!(tests.len() <= 64);
        self.kills(tests, targets, true)
            .into_iter()
            .map(|k| k.iter_ones().fold(0u64, |m, i| m | 1 << i))
            .collect()
    }

    fn fill(&self, cube: &TestCase, _rng: &mut Rng) -> TestCase {
        cube.clone()
    }

    fn refill(&self, cube: &TestCase, _previous: &TestCase) -> TestCase {
        cube.clone()
    }

    fn cube_of(&self, test: &TestCase) -> TestCase {
        test.clone()
    }

    fn specified(&self, cube: &TestCase) -> Vec<usize> {
        (0..cube.args.len() + cube.fields.len()).collect()
    }

    fn open(&self, cube: &TestCase, _positions: &[usize]) -> TestCase {
        // A call cannot leave an argument open: the cube stays as it is.
        cube.clone()
    }

    fn open_bits(&self, _cube: &TestCase) -> usize {
        0
    }

    fn worker(&self) -> ProgramWorker<'_> {
        ProgramWorker {
            bench: self,
            provers: HashMap::new(),
        }
    }

    fn variants(&self) -> usize {
        1
    }

    fn search_name(&self) -> &'static str {
        "SW D-algorithm"
    }
}

/// Searches a test per mutant: the local analysis of equivalence run up its ladder of regions
/// to the whole method, whose witnesses are confirmed in the interpreter (thesis §3.7's global
/// method when the ladder reaches the method body).
pub(crate) struct ProgramWorker<'w> {
    bench: &'w ProgramBench<'w>,
    provers: HashMap<(u32, u32, u64), Option<MethodProver<'w>>>,
}

impl Worker for ProgramWorker<'_> {
    type Cube = TestCase;

    fn generate(
        &mut self,
        target: usize,
        base: Option<&TestCase>,
        limits: &Limits,
        _variant: usize,
    ) -> (Outcome<TestCase>, Counters) {
        let bench = self.bench;
        let m = &bench.mutants[bench.targets[target]];
        if let Some(cube) = base {
            // Nothing is open: the cube kills the mutant or no extension of it does.
            let kills = bench.kills(std::slice::from_ref(cube), &[target], false)[0].any();
            let outcome = if kills {
                Outcome::Test(cube.clone())
            } else {
                Outcome::Untestable
            };
            return (outcome, Counters::default());
        }
        let backtracks = limits.backtracks.unwrap_or(u64::MAX);
        let scale = backtracks.min(LAST_SEARCH_BACKTRACKS);
        let open = if backtracks >= LAST_SEARCH_BACKTRACKS {
            Outcome::Aborted(AbortReason::Incomplete)
        } else {
            Outcome::Aborted(AbortReason::BacktrackLimit)
        };
        if bench
            .searched
            .lock()
            .expect("no thread panicked")
            .contains(&(target, scale))
        {
            return (open, Counters::default());
        }
        if scale <= FIRST_SEARCH_BACKTRACKS
            && let Some(rule) = self
                .prover(m, 1)
                .and_then(|prover| prover.prove_in_regions(m, FIRST_PASS_REGION_DEPTH))
        {
            // The excitation subtask's local check (thesis §5.2.2): a mutant no region short
            // of the whole method can tell apart is equivalent, with no search.
            bench
                .proved
                .lock()
                .expect("no thread panicked")
                .insert(target, rule);
            return (Outcome::Untestable, Counters::default());
        }
        // The software D-algorithm first (thesis ch. 3), under the pass's backtrack limit.
        let mut counters = Counters::default();
        let confirm =
            Box::new(|w: &crate::program::proofs::symbolic::Witness| bench.confirms(m, w));
        // The D-algorithm's own limit grows slower than the pass's: past it, the global
        // method does better per second (measured: 1,024 backtracks per mutant made loop
        // programs 20 to 100 times slower for no more tests).
        let search_limits = Limits {
            backtracks: Some(scale.min(LAST_DALGORITHM_BACKTRACKS)),
            deadline: limits.deadline,
            implications: None,
        };
        let options = crate::program::dalg::Options {
            seed: bench.seed ^ u64::from(m.id),
            ..crate::program::dalg::Options::default()
        };
        // A D-algorithm search already made under the same limit is not made again.
        let dalgorithm_key = (
            target,
            DALGORITHM_MEMO | scale.min(LAST_DALGORITHM_BACKTRACKS),
        );
        let fresh = bench
            .searched
            .lock()
            .expect("no thread panicked")
            .insert(dalgorithm_key);
        if fresh
            && let Ok((outcome, c)) = crate::program::dalg::search(
                bench.unit,
                m,
                options,
                &search_limits,
                confirm,
                Some(&bench.templates),
            )
        {
            counters += c;
            match outcome {
                Outcome::Test(w) => {
                    bench.note_found(target, Method::DAlgorithm);
                    return (Outcome::Test(bench.test_of(m, w)), counters);
                }
                Outcome::Untestable => {
                    bench
                        .proved
                        .lock()
                        .expect("no thread panicked")
                        .insert(target, Rule::DAlgorithm);
                    return (Outcome::Untestable, counters);
                }
                Outcome::Aborted(_) => {}
            }
        }
        if scale <= FIRST_SEARCH_BACKTRACKS {
            // The first pass is the D-algorithm's alone.
            return (Outcome::Aborted(AbortReason::BacktrackLimit), counters);
        }
        // Random tests aimed at the mutant's own method before the global method: a mutant
        // that survived the first passes but that random inputs of its method still reach is
        // one whose test needs a long run (a loop past the unwinding bound) that the global
        // method cannot build, and it spends up to a second finding that out (measured on the
        // shipped programs: 13 such mutants, 9.4 s of proving for no test, against 1.0 s of
        // these tests for all 13).
        let count = (TARGETED_PER_16 * scale.div_ceil(16)).min(MAX_TARGETED);
        if let Some(test) = bench.targeted(target, count, scale) {
            bench.note_found(target, Method::Targeted);
            return (Outcome::Test(test), counters);
        }
        // The global method next: the local analysis up to the whole method, each region
        // asked with four times the prover's usual limits.
        let Some(prover) = self.prover(m, GLOBAL_LIMIT_FACTOR) else {
            let why = bench.unit.not_modelled_reason(m.class, m.method);
            bench.note_open(
                target,
                format!("{why}; no random test of it killed this mutant"),
            );
            return (Outcome::Aborted(AbortReason::Incomplete), counters);
        };
        let mut confirm = |w: &crate::program::proofs::symbolic::Witness| bench.confirms(m, w);
        counters.decisions += 1;
        let outcome = match prover.prove(m, &mut confirm) {
            Local::Killable(w) => {
                bench.note_found(target, Method::Global);
                Outcome::Test(bench.test_of(m, w))
            }
            Local::Equivalent(rule) => {
                bench
                    .proved
                    .lock()
                    .expect("no thread panicked")
                    .insert(target, rule);
                Outcome::Untestable
            }
            Local::Open(reason) => {
                bench.note_open(target, reason);
                bench
                    .searched
                    .lock()
                    .expect("no thread panicked")
                    .insert((target, scale));
                open
            }
        };
        (outcome, counters)
    }

    fn cube_detections(&mut self, cubes: &[&TestCase], targets: &[usize]) -> Vec<u64> {
        let tests: Vec<TestCase> = cubes.iter().map(|&c| c.clone()).collect();
        self.bench.detection_masks(&tests, targets)
    }

    fn cube_candidates(&mut self, cubes: &[&TestCase], targets: &[usize]) -> Vec<u64> {
        self.cube_detections(cubes, targets)
    }
}

impl<'w> ProgramWorker<'w> {
    /// The local analysis of `m`'s method, its solver limits `factor` times the usual (`None`
    /// when the method is not supported).
    fn prover(&mut self, m: &Mutant, factor: u64) -> Option<&mut MethodProver<'w>> {
        let base = ProveOptions::default();
        let options = ProveOptions {
            node_limit: base.node_limit * factor,
            propagation_limit: base.propagation_limit * factor,
            ..base
        };
        let unit = self.bench.unit;
        self.provers
            .entry((m.class, m.method, factor))
            .or_insert_with(|| MethodProver::new(unit, m.class, m.method, options))
            .as_mut()
    }
}

impl ProgramBench<'_> {
    /// Up to `count` random tests of target's method (for a constructor's target, of the
    /// class's methods), run against it alone in blocks of 64: the first that kills it.
    /// Seeded by the mutant and the pass, so the result depends neither on thread timing nor on
    /// the other mutants of the run.
    fn targeted(&self, target: usize, count: u64, scale: u64) -> Option<TestCase> {
        let m = &self.mutants[self.targets[target]];
        let (class, method) = self.unit.written_in(m.class, m.method);
        let own: Vec<usize> = (0..self.methods.len())
            .filter(|&k| {
                let (c, mi, _) = &self.methods[k];
                *c == class
                    && (*mi == method
                        || self.unit.classes[class as usize].methods[method as usize]
                            .is_constructor)
            })
            .collect();
        if own.is_empty() {
            return None;
        }
        let mut rng = Rng::new(0x7a26_e7ed ^ u64::from(m.id) << 20 ^ scale);
        let mut left = count;
        while left > 0 {
            let block: Vec<TestCase> = (0..left.min(64))
                .map(|_| {
                    let (class, method, pool) = &self.methods[own[rng.index(own.len())]];
                    let info = &self.unit.classes[*class as usize].methods[*method as usize];
                    let receiver = if info.is_static || info.is_constructor {
                        None
                    } else {
                        self.receivers.random(self.unit, *class, &mut rng).flatten()
                    };
                    // Half the other tests of an instance method set the receiver's fields
                    // too (by reflection: state no setup reached).
                    let set_up = receiver.as_ref().is_some_and(|r| !r.calls.is_empty());
                    let fields = if info.is_static || set_up || !rng.chance(1, 2) {
                        Vec::new()
                    } else {
                        self.unit.classes[*class as usize]
                            .fields
                            .iter()
                            // Fields holding objects are left as the constructor made
                            // them: random objects there would break the class's own
                            // invariants (a list's tail not on its chain) and may be of
                            // a class the test cannot name.
                            .filter(|f| {
                                !f.is_static
                                    && f.constant.is_none()
                                    && f.unsupported.is_none()
                                    && !holds_objects(&f.ty)
                            })
                            .map(|f| {
                                (
                                    f.name.clone(),
                                    crate::program::testgen::inputs::random_value_in(
                                        self.unit, &f.ty, pool, &mut rng,
                                    ),
                                )
                            })
                            .collect()
                    };
                    TestCase {
                        name: String::new(),
                        class: *class,
                        method: *method,
                        args: info
                            .params
                            .iter()
                            .map(|t| {
                                crate::program::testgen::inputs::random_value_in(
                                    self.unit, t, pool, &mut rng,
                                )
                            })
                            .collect(),
                        fields,
                        receiver,
                    }
                })
                .collect();
            left -= block.len() as u64;
            if let Some(i) = self.kills(&block, &[target], false)[0].first_one() {
                return Some(block[i].clone());
            }
        }
        None
    }

    fn note_found(&self, target: usize, method: Method) {
        self.found_by
            .lock()
            .expect("no thread panicked")
            .insert(target, method);
    }

    /// The test a search's witness stands for.
    fn test_of(&self, m: &Mutant, w: crate::program::proofs::symbolic::Witness) -> TestCase {
        TestCase {
            name: String::new(),
            class: m.class,
            method: m.method,
            args: w.args,
            fields: w.fields,
            receiver: self.receivers.base(m.class),
        }
    }

    /// Shrinks each of `tests` toward simple values while it still kills every detected
    /// target it is the first to kill (see `shrink.rs`), on `threads` threads (each test on its own, so
    /// the result does not depend on their number). Returns how many got simpler.
    fn shrink_tests(&self, tests: &mut [TestCase], status: &[Status], threads: usize) -> usize {
        let detected: Vec<usize> = (0..status.len())
            .filter(|&p| status[p] == Status::Detected)
            .collect();
        // What each test is kept for: the targets it is the first to kill (the ones its
        // comment lists). Each test keeping those, the set still kills every target.
        let mut kept_for: Vec<Vec<usize>> = vec![Vec::new(); tests.len()];
        for (&p, first) in detected.iter().zip(self.kills(tests, &detected, false)) {
            if let Some(t) = first.first_one() {
                kept_for[t].push(p);
            }
        }
        let program = crate::program::execution::interp::Compiled::plain(self.unit);
        let shrink_one = |test: &mut TestCase, targets: &[usize]| -> bool {
            if targets.is_empty() {
                return false;
            }
            let Ok(judge) = crate::program::execution::analysis::CompiledMutants::new(
                self.unit,
                &self.subset(targets),
                self.limits,
            ) else {
                return false;
            };
            let mut judge = judge.judge();
            let pool =
                crate::program::testgen::inputs::Pool::of(self.unit, test.class, test.method);
            let mut keeps = |c: &TestCase| -> bool {
                // A candidate whose receiver the original cannot build (its constructor or
                // a setup call throws) is no test.
                c.receiver
                    .as_ref()
                    .is_none_or(|r| program.builds(c.class, r, self.limits))
                    && judge.tells_all_apart(c)
            };
            crate::program::testgen::shrink::shrink(test, &pool, &mut keeps)
        };
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results: Vec<(usize, TestCase, bool)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.max(1))
                .map(|_| {
                    scope.spawn(|| {
                        let mut done = Vec::new();
                        loop {
                            let t = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            if t >= tests.len() {
                                break;
                            }
                            let mut test = tests[t].clone();
                            let changed = shrink_one(&mut test, &kept_for[t]);
                            done.push((t, test, changed));
                        }
                        done
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("no shrinking thread panicked"))
                .collect()
        });
        let mut count = 0;
        for (t, test, changed) in results {
            tests[t] = test;
            count += usize::from(changed);
        }
        count
    }

    /// Whether the witness `w`, made a test as [`ProgramBench::test_of`] makes it, kills `m`.
    fn confirms(&self, m: &Mutant, w: &crate::program::proofs::symbolic::Witness) -> bool {
        let test = self.test_of(m, w.clone());
        crate::program::execution::analysis::tells_apart(self.unit, m, &test, self.limits)
            .unwrap_or(false)
    }

    fn note_open(&self, target: usize, reason: String) {
        self.open_reasons
            .lock()
            .expect("no thread panicked")
            .insert(target, reason);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "class Calc {
        static int clamp(int x, int lo, int hi) { if (x < lo) return lo; if (x > hi) return hi; return x; }
        static int twice(int x) { return clamp(x, 0, 100) * 2; }
        static boolean even(int x) { return x % 2 == 0; }
    }";

    /// The fates of `mutants` as `(id, killed?, equivalent?)`.
    fn verdicts(mutants: &[Mutant], g: &Generated) -> Vec<(u32, bool, bool)> {
        mutants
            .iter()
            .zip(&g.fates)
            .map(|(m, f)| {
                let killed = matches!(f, Fate::Killed(_));
                (m.id, killed, matches!(f, Fate::Equivalent(_)))
            })
            .collect()
    }

    fn found_in(mutants: &[Mutant], g: Generated) -> PartsFound {
        let mut found = PartsFound::default();
        found.add(mutants, &g.fates, g.tests);
        found
    }

    #[test]
    fn one_part_without_compaction_merges_into_one_run() {
        let unit = crate::program::load("Calc.java", SOURCE).expect("the unit reads");
        let mutants = crate::program::mutants::mutant::generate(&unit).mutants;
        let options = Options::default();
        let one = generate(&unit, &mutants, &options, &mut |_| {});
        assert!(one.killed() > 0 && one.tests.len() < 64);
        // A part as `roth testgen --part` runs it: neither compacted nor shrunk, which the
        // merge does as one run does.
        let part = Options {
            compact: false,
            shrink: false,
            ..options.clone()
        };
        let uncompacted = generate(&unit, &mutants, &part, &mut |_| {});
        assert!(uncompacted.tests.len() >= one.tests.len());
        let found = found_in(&mutants, uncompacted);
        let merged =
            merge(&unit, &mutants, found, &options, &mut |_| {}).expect("no contradiction");
        assert_eq!(verdicts(&mutants, &merged), verdicts(&mutants, &one));
        let calls = |g: &Generated| -> Vec<String> {
            g.tests
                .iter()
                .map(|t| format!("{} {:?}", t.method, t.args))
                .collect()
        };
        assert_eq!(calls(&merged), calls(&one));
    }

    #[test]
    fn a_merge_refuses_a_proof_a_test_contradicts() {
        let unit = crate::program::load("Calc.java", SOURCE).expect("the unit reads");
        let mutants = crate::program::mutants::mutant::generate(&unit).mutants;
        let options = Options::default();
        let one = generate(&unit, &mutants, &options, &mut |_| {});
        let (k, _) = one
            .fates
            .iter()
            .enumerate()
            .find(|(_, f)| matches!(f, Fate::Killed(_)))
            .expect("a killed mutant");
        let mut found = found_in(&mutants, one);
        found.equivalent.insert(mutants[k].id, Rule::DAlgorithm);
        let refused = merge(&unit, &mutants, found, &options, &mut |_| {});
        assert!(matches!(refused, Err(MergeError::Contradiction(id)) if id == mutants[k].id));
    }
}
