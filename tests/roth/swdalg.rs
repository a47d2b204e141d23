//! The software D-algorithm (`roth::program::dalg`) on the shared engine: its tests kill their
//! mutants, its proofs of equivalence hold against every test we have, its subtasks are the
//! thesis's three kinds, and known answers on small programs.

use roth::engine::{Counters, Event, Limits, Outcome, SubtaskKind, Tracer};
use roth::program::dalg::{self, Methods, Options, SwDalgorithm, Templates};
use roth::program::execution::analysis::{TestCase, Verdict, analyse, random_tests, tells_apart};
use roth::program::execution::interp::Limits as RunLimits;
use roth::program::mutants::mutant::{self, Mutant};
use roth::program::proofs::symbolic::Witness;
use roth::program::testgen::{self, generate};
use roth::program::{Unit, load};
use roth::rng::Rng;

use crate::helpers::project_file;

fn unit_of(name: &str, source: &str) -> (Unit, Vec<Mutant>) {
    let unit = load(name, source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    (unit, mutants)
}

fn shipped(name: &str) -> (Unit, Vec<Mutant>) {
    let path = project_file(&format!("programs/{name}.java"));
    let source = std::fs::read_to_string(&path).unwrap();
    unit_of(&path.display().to_string(), &source)
}

fn run_limits() -> RunLimits {
    RunLimits {
        steps: 100_000,
        ..RunLimits::default()
    }
}

/// The D-algorithm alone on one mutant.
fn search(
    unit: &Unit,
    m: &Mutant,
    methods: Methods,
    backtracks: u64,
    templates: Option<&Templates<'_>>,
) -> Outcome<Witness> {
    counted_search(unit, m, methods, backtracks, templates).0
}

/// The D-algorithm alone on one mutant, with its counters.
fn counted_search(
    unit: &Unit,
    m: &Mutant,
    methods: Methods,
    backtracks: u64,
    templates: Option<&Templates<'_>>,
) -> (Outcome<Witness>, Counters) {
    let limits = run_limits();
    let confirm = Box::new(move |w: &Witness| {
        roth::program::execution::analysis::witness_kills(unit, m, w, limits).unwrap_or(false)
    });
    let options = Options {
        methods,
        ..Options::default()
    };
    let limits = Limits {
        backtracks: Some(backtracks),
        deadline: None,
        implications: None,
    };
    dalg::search(unit, m, options, &limits, confirm, templates).unwrap_or((
        Outcome::Aborted(roth::engine::AbortReason::Incomplete),
        Counters::default(),
    ))
}

fn test_of(m: &Mutant, w: Witness) -> TestCase {
    TestCase {
        name: format!("test of mutant {}", m.id),
        class: m.class,
        method: m.method,
        args: w.args,
        fields: w.fields,
        receiver: None,
    }
}

/// On shipped programs with loops, arrays, exceptions and fields: every test the D-algorithm
/// returns kills its mutant when run again; no mutant it proves equivalent is killed by the
/// tests `roth testgen` generates nor by 1,000 random tests; and it settles most mutants.
#[test]
fn tests_kill_and_proofs_hold_on_shipped_programs() {
    for name in [
        "Mid", "Triangle", "Power", "NumZero", "FindLast", "Sum", "Tax",
    ] {
        check_program(name, 0.6);
    }
}

/// The same on every shipped program (`cargo test --release -- --ignored`).
#[test]
#[ignore = "a few minutes in release mode"]
fn tests_kill_and_proofs_hold_on_every_shipped_program() {
    let dir = project_file("programs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "java").then(|| p.file_stem().unwrap().to_string_lossy().into())
        })
        .collect();
    names.sort();
    for name in names {
        check_program(&name, 0.0);
    }
}

fn check_program(name: &str, least_settled: f64) {
    {
        let (unit, mutants) = shipped(name);
        let mut rng = Rng::new(7);
        let mut tests = random_tests(&unit, 1_000, &mut rng);
        tests.extend(generate(&unit, &mutants, &testgen::Options::default(), &mut |_| {}).tests);
        let reference = analyse(&unit, &mutants, &tests, run_limits(), 2, &|_| {}).unwrap();
        let (mut found, mut proved) = (0, 0);
        let templates = Templates::new(&unit, &mutants);
        for (i, m) in mutants.iter().enumerate() {
            match search(&unit, m, Methods::ALL, 16, Some(&templates)) {
                Outcome::Test(w) => {
                    found += 1;
                    let test = test_of(m, w);
                    assert!(
                        tells_apart(&unit, m, &test, run_limits()).unwrap(),
                        "{name}: the test of mutant {} does not kill it",
                        m.id
                    );
                }
                Outcome::Untestable => {
                    proved += 1;
                    assert!(
                        !matches!(reference.verdicts[i], Verdict::Killed(_)),
                        "{name}: mutant {} ({} -> {}) proved equivalent is killed",
                        m.id,
                        m.original,
                        m.replacement
                    );
                }
                Outcome::Aborted(_) => {}
            }
        }
        let settled = (found + proved) as f64 / mutants.len() as f64;
        assert!(
            settled >= least_settled,
            "{name}: the D-algorithm settled only {found} + {proved} of {}",
            mutants.len()
        );
    }
}

/// With any advanced method off, the verdicts stay sound (tests kill, proofs hold).
#[test]
fn ablated_searches_stay_sound() {
    let (unit, mutants) = shipped("Triangle");
    let tests = generate(&unit, &mutants, &testgen::Options::default(), &mut |_| {}).tests;
    let reference = analyse(&unit, &mutants, &tests, run_limits(), 2, &|_| {}).unwrap();
    for (_, methods) in Methods::ablations() {
        let templates = Templates::new(&unit, &mutants);
        for (i, m) in mutants.iter().enumerate().step_by(5) {
            match search(&unit, m, methods, 16, Some(&templates)) {
                Outcome::Test(w) => {
                    assert!(tells_apart(&unit, m, &test_of(m, w), run_limits()).unwrap())
                }
                Outcome::Untestable => assert!(
                    !matches!(reference.verdicts[i], Verdict::Killed(_)),
                    "{methods:?}: mutant {} proved equivalent is killed",
                    m.id
                ),
                Outcome::Aborted(_) => {}
            }
        }
    }
}

/// Test templates (§4.3.5.1): the later mutants of a statement follow the path the first one
/// found to it, so they settle more often and with fewer backtracks; the path is the same
/// whichever mutant asks first.
#[test]
fn test_templates_lead_a_statements_mutants_to_it() {
    let (unit, mutants) = shipped("Triangle");
    let off = Methods {
        test_templates: false,
        ..Methods::ALL
    };
    // The statements deepest in the method: reaching them takes the most decisions.
    let deep: Vec<&Mutant> = mutants.iter().filter(|m| m.line >= 27).collect();
    let templates = Templates::new(&unit, &mutants);
    let (mut settled, mut backtracks) = ([0; 2], [0; 2]);
    for m in &deep {
        for (k, (methods, t)) in [(Methods::ALL, Some(&templates)), (off, None)]
            .into_iter()
            .enumerate()
        {
            let (outcome, counters) = counted_search(&unit, m, methods, 16, t);
            if let Outcome::Test(w) = &outcome {
                assert!(tells_apart(&unit, m, &test_of(m, w.clone()), run_limits()).unwrap());
            }
            settled[k] += usize::from(!matches!(outcome, Outcome::Aborted(_)));
            backtracks[k] += counters.backtracks;
        }
    }
    assert!(
        settled[0] > settled[1] && backtracks[0] < backtracks[1],
        "with templates {} settled, {} backtracks; without {}, {}",
        settled[0],
        backtracks[0],
        settled[1],
        backtracks[1]
    );
    // Asked in the opposite order, the templates are the same: the searches agree.
    let reversed = Templates::new(&unit, &mutants);
    for m in deep.iter().rev() {
        let a = search(&unit, m, Methods::ALL, 16, Some(&templates));
        let b = search(&unit, m, Methods::ALL, 16, Some(&reversed));
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "mutant {}", m.id);
    }
}

const SMALL: &str = "public class Small {
    public static int pick(int x, int y) {
        int unused = x * 2;
        if (x == 123457) {
            return y + 1;
        }
        return y;
    }
    public static int count(int n) {
        int i = 0;
        while (i < n) {
            i = i + 1;
        }
        return i;
    }
}";

fn mutant_of<'a>(
    mutants: &'a [Mutant],
    line: u32,
    original: &str,
    replacement: &str,
) -> &'a Mutant {
    mutants
        .iter()
        .find(|m| m.line == line && m.original == original && m.replacement == replacement)
        .unwrap_or_else(|| panic!("no mutant {original} -> {replacement} on line {line}"))
}

/// Known answers: a value random testing almost never hits is found through the excited
/// condition; a change to a local nothing reads is proved equivalent; a mutant that loops
/// for ever is killed (by the step limit) through the iteration-time limit.
#[test]
fn known_answers_on_a_small_program() {
    let (unit, mutants) = unit_of("Small.java", SMALL);
    let m = mutant_of(&mutants, 4, "x == 123457", "x != 123457");
    let Outcome::Test(w) = search(&unit, m, Methods::ALL, 16, None) else {
        panic!("no test for the guarded return");
    };
    assert!(tells_apart(&unit, m, &test_of(m, w), run_limits()).unwrap());
    let m = mutant_of(&mutants, 4, "x == 123457", "false");
    let Outcome::Test(w) = search(&unit, m, Methods::ALL, 16, None) else {
        panic!("no test for the guard made false");
    };
    assert!(
        matches!(
            w.args[0],
            roth::program::execution::interp::Value::Prim(_, 123_457)
        ),
        "{:?}",
        w.args
    );

    let m = mutant_of(&mutants, 3, "x * 2", "x + 2");
    assert!(
        matches!(
            search(&unit, m, Methods::ALL, 16, None),
            Outcome::Untestable
        ),
        "a dead definition's change is no effect"
    );

    // `i = i` never ends: the loop's state repeats, so running out of steps is a kill.
    let m = mutant_of(&mutants, 12, "i + 1", "i");
    let Outcome::Test(w) = search(&unit, m, Methods::ALL, 64, None) else {
        panic!("no test for the endless loop");
    };
    assert!(tells_apart(&unit, m, &test_of(m, w), run_limits()).unwrap());
    // `i = i - 1` ends after 2^31 iterations (the int wraps) with another value: killable,
    // but not within any step limit, and not endless: neither a test nor a proof.
    let m = mutant_of(&mutants, 12, "i + 1", "i - 1");
    assert!(
        !matches!(
            search(&unit, m, Methods::ALL, 64, None),
            Outcome::Untestable
        ),
        "a loop that ends after 2^31 iterations is not equivalent"
    );
}

/// The search runs on the engine with the thesis's three kinds of subtask: justification of
/// the path to the mutated statement, excitation at it, propagation after it.
#[test]
fn searches_show_excitation_propagation_and_justification() {
    #[derive(Default)]
    struct Kinds(Vec<SubtaskKind>);
    impl<'m> Tracer<SwDalgorithm<'m>> for Kinds {
        fn event(&mut self, e: Event<'_, '_, SwDalgorithm<'m>>, _: &SwDalgorithm<'m>) {
            if let Event::Push { subtask, .. } = e {
                self.0
                    .push(<SwDalgorithm<'m> as roth::engine::Model>::kind(subtask));
            }
        }
    }
    let (unit, mutants) = shipped("Triangle");
    // `match == 1` on line 27 becomes `match != 1`: a path must reach it (justification),
    // the condition differ (excitation) and the difference travel to the return.
    let m = mutant_of(&mutants, 27, "match == 1", "(match != 1)");
    let limits = run_limits();
    let u = &unit;
    let confirm = Box::new(move |w: &Witness| {
        roth::program::execution::analysis::witness_kills(u, m, w, limits).unwrap_or(false)
    });
    let mut model = SwDalgorithm::new(&unit, m, Options::default(), confirm).unwrap();
    let mut kinds = Kinds::default();
    let (outcome, counters) = roth::engine::search(
        &mut model,
        &bumpalo::Bump::new(),
        &Limits {
            backtracks: Some(64),
            deadline: None,
            implications: None,
        },
        &mut kinds,
    );
    assert!(matches!(outcome, Outcome::Test(_)), "{outcome:?}");
    for kind in [
        SubtaskKind::Justification,
        SubtaskKind::Excitation,
        SubtaskKind::Propagation,
    ] {
        assert!(
            kinds.0.contains(&kind),
            "no {kind} subtask in {:?}",
            kinds.0
        );
    }
    assert!(counters.decisions > 0);
}
