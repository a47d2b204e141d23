//! Mutation analysis: a test set run on the original and on every mutant; a mutant is killed
//! when some test sees any output differ (return value, exception class, printed text, fields
//! and arrays after the call, termination).
//!
//! Work is shared between mutants: each test runs on the original once, with a probe at every
//! mutant's site (the statement or expression its edit replaces). A mutant behaves exactly as
//! the original on a test that never reaches its site (the two programs only differ there), so
//! it is run only on the tests that reach it. Mutants are spread over threads; each mutant's
//! verdict (and the first test that kills it) does not depend on the thread count.

use bitvec::vec::BitVec;

use crate::program::execution::interp::{
    Compiled, Limits, Machine, Outcome, ProbeSites, Receiver, RunError, Termination, Value,
};
use crate::program::mutants::mutant::{Mutant, mutant_program};
use crate::program::reader::ir::{Diagnostic, Unit};

/// One test: a method called with arguments, on a receiver whose fields are set first.
#[derive(Clone, Debug)]
pub struct TestCase {
    pub name: String,
    pub class: u32,
    pub method: u32,
    pub args: Vec<Value>,
    pub fields: Vec<(String, Value)>,
    /// How an instance method's receiver is built: `None` for `new C()`, else a constructor
    /// call and a setup of calls on it (made before `fields` are set).
    pub receiver: Option<Receiver>,
}

impl TestCase {
    /// Runs the test on `machine`'s program: its receiver built, its fields set, the call.
    pub fn run_in(&self, machine: &mut Machine) -> Result<Outcome, RunError> {
        let receiver = self.receiver.as_ref();
        machine.run_after(
            self.class,
            self.method,
            receiver.map(|r| &r.built),
            receiver.map_or(&[], |r| &r.calls),
            &self.args,
            &self.fields,
        )
    }

    /// Runs the test on `program` under `limits`.
    pub fn run(&self, program: &Compiled, limits: Limits) -> Result<Outcome, RunError> {
        self.run_in(&mut Machine::new(program, limits))
    }

    /// Whether the two tests make the same call on the same state (their names aside).
    pub fn same_call(&self, other: &TestCase) -> bool {
        (self.class, self.method) == (other.class, other.method)
            && self.args == other.args
            && self.fields == other.fields
            && self.receiver == other.receiver
    }
}

/// A mutant's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Killed by the test with this index (the first one that tells it apart).
    Killed(usize),
    /// Alive, and no test reaches the mutated code.
    NotReached,
    /// Alive: tests reach it, none tells it apart.
    Survived,
}

/// The result of a mutation analysis.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The original's outcome on each test.
    pub original: Vec<Outcome>,
    /// One verdict per mutant, in the order given.
    pub verdicts: Vec<Verdict>,
    /// The tests that kill each mutant: all of them after [`kill_matrix`], the first one after
    /// [`analyse`] (which stops there).
    pub kills: Vec<BitVec>,
    /// Mutant runs made (a mutant on a test), and runs avoided because the test does not reach
    /// the mutant.
    pub runs: u64,
    pub runs_avoided: u64,
}

impl Analysis {
    pub fn killed(&self) -> usize {
        self.verdicts
            .iter()
            .filter(|v| matches!(v, Verdict::Killed(_)))
            .count()
    }

    /// Killed mutants over all mutants (1 when there are none).
    pub fn score(&self) -> f64 {
        if self.verdicts.is_empty() {
            1.0
        } else {
            self.killed() as f64 / self.verdicts.len() as f64
        }
    }
}

/// A problem running the analysis.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    #[error("test {test}: {message}")]
    BadTest { test: String, message: String },
    #[error("mutant {id} does not load: {diagnostic}")]
    Mutant { id: u32, diagnostic: Diagnostic },
}

/// Probe sites for a set of mutants: each distinct site one coverage bit.
fn probe_sites(mutants: &[Mutant]) -> (ProbeSites, Vec<u32>) {
    let mut sites = ProbeSites::new();
    let mut of_mutant = Vec::with_capacity(mutants.len());
    for m in mutants {
        let next = sites.len() as u32;
        let bit = *sites.entry((m.class, m.method, m.site)).or_insert(next);
        of_mutant.push(bit);
    }
    (sites, of_mutant)
}

/// Runs `tests` on the original and on each mutant, on `threads` threads; a mutant stops at
/// the first test that kills it.
pub fn analyse(
    unit: &Unit,
    mutants: &[Mutant],
    tests: &[TestCase],
    limits: Limits,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Analysis, AnalysisError> {
    analyse_with(unit, mutants, tests, limits, threads, progress, false)
}

/// Runs every test that reaches each mutant, recording all the tests that kill it: the kill
/// matrix that dynamic subsumption between mutants is read from.
pub fn kill_matrix(
    unit: &Unit,
    mutants: &[Mutant],
    tests: &[TestCase],
    limits: Limits,
    threads: usize,
) -> Result<Analysis, AnalysisError> {
    analyse_with(unit, mutants, tests, limits, threads, &|_| {}, true)
}

fn analyse_with(
    unit: &Unit,
    mutants: &[Mutant],
    tests: &[TestCase],
    limits: Limits,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
    every_kill: bool,
) -> Result<Analysis, AnalysisError> {
    let (sites, site_of) = probe_sites(mutants);
    let original = Compiled::new(unit, Some(&sites));
    let mut machine = Machine::new(&original, limits);
    machine.record_coverage(sites.len());
    let mut outcomes = Vec::with_capacity(tests.len());
    let mut steps = Vec::with_capacity(tests.len());
    // Which tests reach each site.
    let mut reached: Vec<Vec<usize>> = vec![Vec::new(); sites.len()];
    for (t, test) in tests.iter().enumerate() {
        let outcome = run_test(&mut machine, test)?;
        for site in machine.covered.iter_ones() {
            reached[site].push(t);
        }
        outcomes.push(outcome);
        steps.push(machine.steps());
    }
    let threads = threads.max(1).min(mutants.len().max(1));
    let done = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<Option<Judged>> = Vec::new();
    results.resize_with(mutants.len(), || None);
    let chunks: Vec<Vec<(usize, Judged)>> = crossbeam::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|w| {
                let (outcomes, steps, reached, site_of, done) =
                    (&outcomes, &steps, &reached, &site_of, &done);
                scope.spawn(move |_| {
                    let mut out = Vec::new();
                    for i in (w..mutants.len()).step_by(threads) {
                        let r = judge(
                            unit,
                            &mutants[i],
                            tests,
                            (outcomes, steps),
                            &reached[site_of[i] as usize],
                            limits,
                            every_kill,
                        );
                        out.push((i, r));
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        progress(n);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a mutation analysis thread panicked"))
            .collect()
    })
    .expect("mutation analysis threads");
    for chunk in chunks {
        for (i, r) in chunk {
            results[i] = Some(r);
        }
    }
    let mut verdicts = Vec::with_capacity(mutants.len());
    let mut kills = Vec::with_capacity(mutants.len());
    let mut runs = 0;
    let mut runs_avoided = 0;
    for (i, r) in results.into_iter().enumerate() {
        let (verdict, killed_by, made) = r.expect("every mutant judged")?;
        runs += made;
        runs_avoided += tests.len() as u64 - reached[site_of[i] as usize].len() as u64;
        verdicts.push(verdict);
        kills.push(killed_by);
    }
    Ok(Analysis {
        original: outcomes,
        verdicts,
        kills,
        runs,
        runs_avoided,
    })
}

fn run_test(machine: &mut Machine, test: &TestCase) -> Result<Outcome, AnalysisError> {
    test.run_in(machine).map_err(|e| AnalysisError::BadTest {
        test: test.name.clone(),
        message: e.to_string(),
    })
}

/// A mutant's verdict, the tests that kill it and the runs it took.
type Judged = Result<(Verdict, BitVec, u64), AnalysisError>;

/// Runs one mutant on the tests that reach it (all of them with `every_kill`, else up to the
/// first that kills it); the verdict, the killing tests and the runs made.
fn judge(
    unit: &Unit,
    mutant: &Mutant,
    tests: &[TestCase],
    (original, original_steps): (&[Outcome], &[u64]),
    reaching: &[usize],
    limits: Limits,
    every_kill: bool,
) -> Judged {
    let mut kills = BitVec::repeat(false, tests.len());
    if reaching.is_empty() {
        return Ok((Verdict::NotReached, kills, 0));
    }
    let program = mutant_program(unit, mutant).map_err(|diagnostic| AnalysisError::Mutant {
        id: mutant.id,
        diagnostic,
    })?;
    let mut machine = Machine::new(&program, limits);
    // An endless loop is recognised in a few iterations instead of running to the step limit.
    machine.prove_endless();
    let mut runs = 0;
    let mut first = None;
    let mut confirmations = 0;
    for &t in reaching {
        if original[t].termination == Termination::Timeout {
            // The original never finished: there is no expected outcome to tell a mutant by.
            continue;
        }
        let test = &tests[t];
        runs += 1;
        let outcome = run_test(&mut machine, test)?;
        if outcome.termination == Termination::Timeout && !machine.proved_endless() {
            // A mutant this slow on many tests is slow on most: the longer runs are spent on
            // the first few only (a test left unconfirmed does not count as a kill).
            confirmations += 1;
            if confirmations > CONFIRMATIONS_PER_MUTANT {
                continue;
            }
        }
        let Some(outcome) = slow_or_hung(&program, test, outcome, &machine, original_steps[t])?
        else {
            continue;
        };
        if outcome.differs(&original[t]) {
            kills.set(t, true);
            first.get_or_insert(t);
            if !every_kill {
                break;
            }
        }
    }
    let verdict = first.map_or(Verdict::Survived, Verdict::Killed);
    Ok((verdict, kills, runs))
}

/// Whether the solver's witness `w` (arguments and receiver fields), run as a test of the
/// mutant's method, tells `mutant` apart from the original: how a witness becomes a test.
pub fn witness_kills(
    unit: &Unit,
    mutant: &Mutant,
    w: &crate::program::proofs::symbolic::Witness,
    limits: Limits,
) -> Result<bool, AnalysisError> {
    let test = TestCase {
        name: format!("witness of mutant {}", mutant.id),
        class: mutant.class,
        method: mutant.method,
        args: w.args.clone(),
        fields: w.fields.clone(),
        receiver: None,
    };
    tells_apart(unit, mutant, &test, limits)
}

/// Mutants compiled once, to ask about many tests one at a time (shrinking asks the same
/// few mutants about many candidate tests; [`analyse`] compiles the original and each
/// mutant again on every call).
pub struct CompiledMutants {
    original: std::sync::Arc<Compiled>,
    programs: Vec<Compiled>,
    limits: Limits,
}

impl CompiledMutants {
    pub fn new(unit: &Unit, mutants: &[Mutant], limits: Limits) -> Result<Self, AnalysisError> {
        let programs = mutants
            .iter()
            .map(|m| {
                mutant_program(unit, m).map_err(|diagnostic| AnalysisError::Mutant {
                    id: m.id,
                    diagnostic,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(CompiledMutants {
            original: Compiled::plain(unit),
            programs,
            limits,
        })
    }

    /// Machines to run tests on the original and the mutants, made once and reused (a
    /// machine's heap and frames are kept between runs).
    pub fn judge(&self) -> MutantJudge<'_> {
        let mutants = self
            .programs
            .iter()
            .map(|p| {
                let mut machine = Machine::new(p, self.limits);
                machine.prove_endless();
                machine
            })
            .collect();
        MutantJudge {
            compiled: self,
            original: Machine::new(&self.original, self.limits),
            mutants,
        }
    }
}

/// [`CompiledMutants`] with their machines.
pub struct MutantJudge<'c> {
    compiled: &'c CompiledMutants,
    original: Machine<'c>,
    mutants: Vec<Machine<'c>>,
}

impl MutantJudge<'_> {
    /// Whether `test` is one the original finishes on (not a timeout, nothing unrepeatable)
    /// and that tells every mutant apart; it stops at the first mutant it does not.
    pub fn tells_all_apart(&mut self, test: &TestCase) -> bool {
        let Ok(expected) = run_test(&mut self.original, test) else {
            return false;
        };
        if matches!(
            expected.termination,
            Termination::Timeout | Termination::Unrepeatable(_)
        ) {
            return false;
        }
        let steps = self.original.steps();
        self.mutants
            .iter_mut()
            .zip(&self.compiled.programs)
            .all(|(machine, program)| {
                run_test(machine, test)
                    .and_then(|o| slow_or_hung(program, test, o, machine, steps))
                    .is_ok_and(|o| o.is_some_and(|o| o.differs(&expected)))
            })
    }
}

/// Whether `test` tells `mutant` apart from the original (both run in the interpreter, their
/// outcomes compared as the analysis compares them).
pub fn tells_apart(
    unit: &Unit,
    mutant: &Mutant,
    test: &TestCase,
    limits: Limits,
) -> Result<bool, AnalysisError> {
    let original = Compiled::plain(unit);
    let mut machine = Machine::new(&original, limits);
    let expected = run_test(&mut machine, test)?;
    if expected.termination == Termination::Timeout {
        return Ok(false);
    }
    let program = mutant_program(unit, mutant).map_err(|diagnostic| AnalysisError::Mutant {
        id: mutant.id,
        diagnostic,
    })?;
    let mut mutant_machine = Machine::new(&program, limits);
    mutant_machine.prove_endless();
    let outcome = run_test(&mut mutant_machine, test)?;
    let outcome = slow_or_hung(&program, test, outcome, &mutant_machine, machine.steps())?;
    Ok(outcome.is_some_and(|o| o.differs(&expected)))
}

/// How many times the step limit (or the original's steps, when more) a mutant that ran out
/// of steps is given to finish or to be proved endless.
const CONFIRM_FACTOR: u64 = 3;

/// How many of a mutant's unproved timeouts, in one batch of tests, get the longer run.
const CONFIRMATIONS_PER_MUTANT: u32 = 4;

/// A mutant's outcome from `machine` (endless-run checking on) where the original finished in
/// `original_steps`. A timeout is an outcome only when it is certain: the run came back to a
/// state it had been in, so it would never end, on any machine and with any time limit. A run
/// that ran out of steps otherwise is repeated with [`CONFIRM_FACTOR`] times the steps (the
/// check still on); when it finishes with the longer budget,
/// that outcome is taken: the mutant was merely slower (an extra step per loop iteration, the
/// interpreter's cost and not a behaviour a test sees, or recursion that ends in a stack
/// overflow after the step limit). Otherwise (`None`) the mutant may just be slow, finishing
/// later with the original's outcome (trial division up to n - d instead of n / d: the same
/// answers, a million times the work), and a JUnit test with a timeout might pass on it: this
/// test is not counted as telling it apart.
fn slow_or_hung(
    program: &Compiled,
    test: &TestCase,
    outcome: Outcome,
    machine: &Machine,
    original_steps: u64,
) -> Result<Option<Outcome>, AnalysisError> {
    if outcome.termination != Termination::Timeout || machine.proved_endless() {
        return Ok(Some(outcome));
    }
    let limits = machine.limits();
    let longer = Limits {
        steps: original_steps
            .max(limits.steps)
            .saturating_mul(CONFIRM_FACTOR),
        ..limits
    };
    let mut machine = Machine::new(program, longer);
    machine.prove_endless();
    let outcome = run_test(&mut machine, test)?;
    Ok(match outcome.termination {
        Termination::Timeout if !machine.proved_endless() => None,
        _ => Some(outcome),
    })
}

/// `per_method` random tests for every supported method (constructors excluded), receivers
/// as constructed: the random phase of test generation, tests and benches.
pub fn random_tests(unit: &Unit, per_method: usize, rng: &mut crate::rng::Rng) -> Vec<TestCase> {
    let mut tests = Vec::new();
    for (ci, class) in unit.classes[..unit.file_classes()].iter().enumerate() {
        for (mi, m) in class.methods.iter().enumerate() {
            if m.is_constructor || m.body.is_err() || m.lambda.is_some() {
                continue;
            }
            let pool = crate::program::testgen::inputs::Pool::of(unit, ci as u32, mi as u32);
            for k in 0..per_method {
                tests.push(TestCase {
                    name: format!("{}#{}", m.name, k + 1),
                    class: ci as u32,
                    method: mi as u32,
                    args: m
                        .params
                        .iter()
                        .map(|t| {
                            crate::program::testgen::inputs::random_value_in(unit, t, &pool, rng)
                        })
                        .collect(),
                    fields: Vec::new(),
                    receiver: None,
                });
            }
        }
    }
    tests
}
