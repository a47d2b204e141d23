//! Mutant hierarchies: the relational-operator hierarchy known from the literature found on a
//! hand-written condition, proved subsumptions checked on an independent test set (every test
//! that kills the stronger mutant kills the weaker), and `roth mutate --collapse`.

use roth::program::execution::analysis::{kill_matrix, random_tests, tells_apart};
use roth::program::execution::interp::Limits;
use roth::program::execution::literal::parse_value;
use roth::program::mutants::hierarchy::{Hierarchy, Relation, build};
use roth::program::mutants::mutant::{self, Mutant, Operator};
use roth::program::proofs::classify::{ClassifyOptions, classify};
use roth::program::proofs::equivalence::{MethodProver, ProveOptions};
use roth::program::{Type, Unit, load};
use roth::rng::Rng;

use crate::helpers::{roth, scratch_dir, stdout};
use crate::java::shipped_programs;

const LIMITS: Limits = Limits {
    steps: 100_000,
    depth: 2_000,
    heap: 1 << 24,
};

fn hierarchy_of(unit: &Unit, mutants: &[Mutant], seed: u64) -> Hierarchy {
    let options = ClassifyOptions {
        tests_per_method: 200,
        seed,
        limits: LIMITS,
        prove: ProveOptions::default(),
    };
    let classification = classify(unit, mutants, &options, &|_| {}).unwrap();
    let tests = classification.test_set();
    let matrix = kill_matrix(unit, mutants, &tests, LIMITS, 2).unwrap();
    build(
        unit,
        mutants,
        &classification,
        &matrix.kills,
        &options.prove,
    )
}

const COMPARE: &str = "public class Compare {
    public static int below(int a, int b) {
        int r = 0;
        if (a < b) {
            r = 1;
        }
        return r;
    }
}
";

#[test]
fn the_relational_operator_hierarchy_is_found_and_proved() {
    // Of the mutants of `a < b`, three are known to subsume all the others (each is infected
    // on one of a < b, a == b, a > b alone): `false`, `a <= b` and `a != b`.
    let unit = load("Compare.java", COMPARE).unwrap();
    let mut all = mutant::generate(&unit);
    all.filter(|_, _| true, &[Operator::ROR]);
    let mutants = all.mutants;
    assert_eq!(mutants.len(), 7, "{mutants:#?}");
    let h = hierarchy_of(&unit, &mutants, 1);
    let mut strongest: Vec<&str> = h
        .collapsed()
        .iter()
        .map(|&i| mutants[i].replacement.as_str())
        .collect();
    strongest.sort();
    assert_eq!(strongest, ["a != b", "a <= b", "false"]);
    // The guarantee does not rest on the tests: every other mutant is subsumed by proof.
    assert_eq!(h.strongest_by_proof, 3);
    for (i, m) in mutants.iter().enumerate() {
        let class = &h.classes[h.class_of[i].unwrap()];
        if !class.strongest {
            assert!(
                class
                    .subsumed_by
                    .iter()
                    .any(|&(_, r)| r == Relation::Proved),
                "{} not proved weaker",
                m.replacement
            );
        }
    }
}

#[test]
fn proved_subsumptions_hold_on_an_independent_test_set() {
    let programs = [
        "Mid",
        "Min",
        "Max",
        "Tax",
        "Triangle",
        "DayOfYear",
        "OddOrPos",
    ];
    let (mut proved, mut exercised) = (0, 0);
    for path in shipped_programs() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if !programs.contains(&name.as_str()) {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let unit = load(&path.display().to_string(), &source).unwrap();
        let mutants = mutant::generate(&unit).mutants;
        let h = hierarchy_of(&unit, &mutants, 1);
        // Other seed, ten times the tests: nothing the hierarchy was built from.
        let tests = random_tests(&unit, 2_000, &mut Rng::new(77));
        let (p, e) = check_proved(&name, &unit, &mutants, &h, &tests);
        proved += p;
        exercised += e;
    }
    assert!(
        proved >= 300 && exercised >= proved / 2,
        "{proved} proved subsumptions, {exercised} with the stronger mutant killed"
    );
}

/// The same on object programs, whose proofs take calls on objects as functions they do not
/// know (`cargo test --release --test roth -- --ignored proved_subsumptions_of_object`).
#[test]
#[ignore = "object programs, 2,000 tests a method: run in release by .ci/run"]
fn proved_subsumptions_of_object_programs_hold_on_an_independent_test_set() {
    let (mut proved, mut exercised) = (0, 0);
    for name in [
        "BankAccount",
        "Coins",
        "Generics",
        "IntLinkedList",
        "LruCache",
        "Shipping",
    ] {
        let path = crate::helpers::project_file(&format!("programs/objects/{name}.java"));
        let source = std::fs::read_to_string(&path).unwrap();
        let unit = load(&path.display().to_string(), &source).unwrap();
        let mutants = mutant::generate(&unit).mutants;
        let h = hierarchy_of(&unit, &mutants, 1);
        let tests = random_tests(&unit, 2_000, &mut Rng::new(77));
        let (p, e) = check_proved(name, &unit, &mutants, &h, &tests);
        proved += p;
        exercised += e;
    }
    eprintln!("object programs: {proved} proved subsumptions, {exercised} exercised");
    assert!(proved > 0, "no subsumption proved");
}

/// Checks every proved subsumption of `h` on `tests`: (proved, with the stronger mutant killed).
fn check_proved(
    name: &str,
    unit: &Unit,
    mutants: &[Mutant],
    h: &Hierarchy,
    tests: &[roth::program::execution::analysis::TestCase],
) -> (usize, usize) {
    let matrix = kill_matrix(unit, mutants, tests, LIMITS, 2).unwrap();
    let (mut proved, mut exercised) = (0, 0);
    for &(k, j, r) in &h.edges {
        if r != Relation::Proved {
            continue;
        }
        proved += 1;
        let (kk, kj) = (&matrix.kills[k], &matrix.kills[j]);
        if kk.any() {
            exercised += 1;
        }
        let escaped = kk.iter_ones().find(|&t| !kj[t]);
        assert!(
            escaped.is_none(),
            "{name}: #{} ({} -> {}) proved to subsume #{} ({} -> {}), but test {:?} kills only the first",
            mutants[k].id,
            mutants[k].original,
            mutants[k].replacement,
            mutants[j].id,
            mutants[j].original,
            mutants[j].replacement,
            escaped.map(|t| &tests[t].args)
        );
    }
    (proved, exercised)
}

#[test]
fn no_subsumption_is_claimed_from_a_region_that_runs_again() {
    // In the loop, `a[i] >= x` flips the flag wherever `a[i] > x` does and where they are
    // equal; `true` flips it everywhere. One iteration says the first implies the second,
    // but flips cancel: on {0, -1} and 0 the first is killed and the second is not.
    let source = "public class Toggle {
    public static boolean odd(int[] a, int x) {
        boolean flag = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > x) {
                flag = !flag;
            }
        }
        return flag;
    }
}
";
    let unit = load("Toggle.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let find = |replacement: &str| {
        mutants
            .iter()
            .find(|m| m.operator == Operator::ROR && m.replacement == replacement)
            .unwrap()
    };
    let (k, j) = (find("a[i] >= x"), find("true"));
    let (class, method) = (k.class, k.method);
    let test = roth::program::execution::analysis::TestCase {
        name: "cancelling flips".into(),
        class,
        method,
        args: vec![
            parse_value("{0, -1}", &Type::array_of(Type::Int)).unwrap(),
            parse_value("0", &Type::Int).unwrap(),
        ],
        fields: Vec::new(),
        receiver: None,
    };
    let kills = |m: &Mutant| tells_apart(&unit, m, &test, LIMITS).unwrap();
    assert!(kills(k) && !kills(j), "the example must tell the two apart");
    let mut prover = MethodProver::new(&unit, class, method, ProveOptions::default()).unwrap();
    assert!(
        !matches!(prover.subsumes(k, j), Ok(Some(_))),
        "claimed from one iteration of the loop"
    );
    // The same question outside a loop is proved: the loop is why it is refused above.
    let once = load(
        "Toggle.java",
        &source
            .replace(
                "for (int i = 0; i < a.length; i++)",
                "for (int i = 0; i < 1; i++)",
            )
            .replace("for (int i = 0; i < 1; i++) {", "int i = 0; {"),
    )
    .unwrap();
    let mutants = mutant::generate(&once).mutants;
    let find = |replacement: &str| {
        mutants
            .iter()
            .find(|m| m.operator == Operator::ROR && m.replacement == replacement)
            .unwrap()
    };
    let mut prover = MethodProver::new(&once, class, method, ProveOptions::default()).unwrap();
    let answer = prover.subsumes(find("a[i] >= x"), find("true"));
    assert!(matches!(answer, Ok(Some(_))), "{answer:?} {}", once.source);
}

#[test]
fn roth_mutate_collapse_lists_the_strongest_mutants() {
    let dir = scratch_dir("collapse");
    std::fs::write(dir.join("Compare.java"), COMPARE).unwrap();
    let o = roth(
        &dir,
        &["mutate", "Compare.java", "--collapse", "--operators", "ROR"],
    );
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.contains("7 mutants: 0 equivalent"), "{out}");
    assert!(out.contains("3 strongest classes"), "{out}");
    assert!(out.contains("collapsed list: "), "{out}");
    let o = roth(
        &dir,
        &[
            "mutate",
            "Compare.java",
            "--collapse",
            "--operators",
            "ROR",
            "--json",
        ],
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(report["strongest"], 3);
    assert_eq!(report["strongest_by_proof"], 3);
    assert_eq!(report["collapsed"].as_array().unwrap().len(), 3);
    // Options that only mean something with --collapse are refused without it.
    let o = roth(&dir, &["mutate", "Compare.java", "--seed", "3"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}
