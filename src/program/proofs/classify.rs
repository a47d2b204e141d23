//! Every mutant of a file classified as killable (with a test that kills it), equivalent
//! (with the rule that proved it) or unknown: the pipeline behind `roth equiv` and the
//! mutant hierarchy of `roth mutate --collapse`.
//!
//! The order follows the ATG system of [Zhang 2021] ch. 5: trivial compiler equivalence
//! first (free), then random and boundary tests (cheap runs kill most mutants), a longer
//! random phase on the survivors alone, and only then the local proofs of ch. 2, whose
//! witnesses become tests when they start at the method's entry.

use crate::program::execution::analysis::{
    AnalysisError, TestCase, Verdict, analyse, random_tests, witness_kills,
};
use crate::program::execution::interp::Limits;
use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::equivalence::{
    Local, MethodProver, ProveOptions, Rule, Trivial, trivial,
};
use crate::program::reader::ir::Unit;

/// What is known about one mutant.
#[derive(Clone, Debug)]
pub enum Status {
    Equivalent(Rule),
    /// A test that tells it apart (a random test, or a solver witness the interpreter
    /// confirmed).
    Killable(TestCase),
    /// Neither: the reason from the widest region tried.
    Unknown(String),
}

/// Options of the classification.
#[derive(Clone, Debug)]
pub struct ClassifyOptions {
    /// Random and boundary tests per method in the first phase (ten times as many for the
    /// survivors in the second).
    pub tests_per_method: usize,
    pub seed: u64,
    pub limits: Limits,
    pub prove: ProveOptions,
}

/// The result: one status per mutant, in the order given.
#[derive(Clone, Debug)]
pub struct Classification {
    pub statuses: Vec<Status>,
    /// Compiler equivalence and duplicates by code.
    pub trivial: Vec<Trivial>,
    /// The first phase's random tests (of the mutants' methods).
    pub tests: Vec<TestCase>,
}

impl Classification {
    /// The tests of the first phase followed by every killing test not among them: a test set
    /// that kills every mutant called killable.
    pub fn test_set(&self) -> Vec<TestCase> {
        let mut tests = self.tests.clone();
        for s in &self.statuses {
            if let Status::Killable(t) = s
                && !tests
                    .iter()
                    .any(|u| (u.class, u.method) == (t.class, t.method) && same_inputs(u, t))
            {
                tests.push(t.clone());
            }
        }
        tests
    }
}

fn same_inputs(a: &TestCase, b: &TestCase) -> bool {
    a.args.len() == b.args.len()
        && a.args.iter().zip(&b.args).all(|(x, y)| x.same(y))
        && a.fields.len() == b.fields.len()
        && a.fields
            .iter()
            .zip(&b.fields)
            .all(|((f, x), (g, y))| f == g && x.same(y))
}

/// Classifies `mutants` of `unit`; `progress` is told how many mutants the first phase has
/// judged.
pub fn classify(
    unit: &Unit,
    mutants: &[Mutant],
    options: &ClassifyOptions,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Classification, AnalysisError> {
    let limits = options.limits;
    let mut rng = crate::rng::Rng::new(options.seed);
    let of_methods = |tests: &mut Vec<TestCase>, mutants: &[Mutant]| {
        tests.retain(|t| {
            mutants
                .iter()
                .any(|m| (m.class, m.method) == (t.class, t.method))
        })
    };
    let mut tests = random_tests(unit, options.tests_per_method, &mut rng);
    of_methods(&mut tests, mutants);
    let first = analyse(unit, mutants, &tests, limits, 1, progress)?;
    let mut killers: Vec<Option<TestCase>> = first
        .verdicts
        .iter()
        .map(|v| match v {
            Verdict::Killed(t) => Some(tests[*t].clone()),
            _ => None,
        })
        .collect();
    // A second, longer random phase on the survivors alone (cheap: few mutants, and proofs
    // cost more than runs); a mutant it kills needs no proof.
    let survivors: Vec<usize> = (0..mutants.len())
        .filter(|&i| killers[i].is_none())
        .collect();
    if !survivors.is_empty() {
        let again: Vec<Mutant> = survivors.iter().map(|&i| mutants[i].clone()).collect();
        let mut more = random_tests(unit, 10 * options.tests_per_method, &mut rng);
        of_methods(&mut more, &again);
        let second = analyse(unit, &again, &more, limits, 1, &|_| {})?;
        for (k, v) in second.verdicts.iter().enumerate() {
            if let Verdict::Killed(t) = v {
                killers[survivors[k]] = Some(more[*t].clone());
            }
        }
    }
    let compiled = trivial(unit, mutants);
    let mut provers: hashbrown::HashMap<(u32, u32), Option<MethodProver>> =
        hashbrown::HashMap::new();
    let mut statuses: Vec<Status> = Vec::with_capacity(mutants.len());
    let index_of: hashbrown::HashMap<u32, usize> =
        mutants.iter().enumerate().map(|(i, m)| (m.id, i)).collect();
    for (i, m) in mutants.iter().enumerate() {
        // A duplicate (the same code as an earlier mutant, after folding and normalising)
        // is judged once: its first's proof or test is its own.
        let first = match compiled[i] {
            Trivial::DuplicateOf(id) => index_of.get(&id).copied().filter(|&f| f < i),
            _ => None,
        };
        let status = if compiled[i] == Trivial::Equivalent {
            Status::Equivalent(Rule::Compiler)
        } else if let Some(test) = killers[i].take() {
            Status::Killable(test)
        } else if let Some(f) = first {
            statuses[f].clone()
        } else {
            let prover = provers.entry((m.class, m.method)).or_insert_with(|| {
                MethodProver::new(unit, m.class, m.method, options.prove.clone())
            });
            let mut confirm = |w: &crate::program::proofs::symbolic::Witness| {
                witness_kills(unit, m, w, limits).unwrap_or(false)
            };
            match prover.as_mut().map(|p| p.prove(m, &mut confirm)) {
                Some(Local::Killable(w)) => Status::Killable(TestCase {
                    name: format!("witness of mutant {}", m.id),
                    class: m.class,
                    method: m.method,
                    args: w.args,
                    fields: w.fields,
                    receiver: None,
                }),
                Some(Local::Equivalent(rule)) => Status::Equivalent(rule),
                Some(Local::Open(reason)) => Status::Unknown(reason),
                None => Status::Unknown(unit.not_modelled_reason(m.class, m.method).into()),
            }
        };
        statuses.push(status);
    }
    Ok(Classification {
        statuses,
        trivial: compiled,
        tests,
    })
}
