//! Equivalent mutants: trivial compiler equivalence on hand-written pairs (forms that must and
//! must not compare equal), and its soundness on every mutant of every shipped program: a
//! mutant called equivalent is never told apart from the original, duplicates never from each
//! other, on random and boundary inputs.

use roth::program::analysis::{Verdict, analyse, random_tests};
use roth::program::equivalence::{Trivial, canonical, trivial};
use roth::program::interp::Limits;
use roth::program::{load, mutant};
use roth::rng::Rng;

use crate::java::shipped_programs;

/// Whether methods `a` and `b` of the one class in `source` have the same canonical form.
fn same(source: &str, a: &str, b: &str) -> bool {
    let unit = load("Pair.java", source).unwrap();
    let class = &unit.classes[0];
    let form = |name: &str| {
        let (_, m) = class.method_named(name).next().unwrap();
        canonical(&unit, m).unwrap()
    };
    form(a) == form(b)
}

#[test]
fn canonical_forms_equate_what_java_cannot_tell_apart() {
    let equal = [
        ("int", "return x + y;", "return y + x;"),
        ("int", "return x + 0;", "return x;"),
        ("int", "return x * 1 - 0;", "return x;"),
        ("int", "return x | 0;", "return x ^ 0;"),
        ("int", "return x << 0;", "return x;"),
        ("int", "return x << 32;", "return x;"),
        ("int", "return x >> 33;", "return x >> 1;"),
        ("int", "return -(-x);", "return x;"),
        ("int", "return x / 1;", "return x;"),
        ("boolean", "return x > y;", "return y < x;"),
        ("boolean", "return !!(x >= y);", "return y <= x;"),
        ("int", "return x + (2 * 3);", "return x + 6;"),
        (
            "int",
            "final int k = 4; return x * k;",
            "final int k = 4; return 4 * x;",
        ),
        (
            "int",
            "if (true) { return x; } else { return y; }",
            "return x;",
        ),
        (
            "int",
            "if (x > 0) return x; return y;",
            "if (0 < x) { return x; } return y;",
        ),
        ("double", "return d * 1.0;", "return d;"),
        ("double", "return d - 0.0;", "return d;"),
    ];
    let different = [
        ("int", "return x - y;", "return y - x;"),
        ("int", "return x + 1;", "return x;"),
        // -0.0 + 0.0 is 0.0: not an identity.
        ("double", "return d + 0.0;", "return d;"),
        ("double", "return d - -0.0;", "return d;"),
        ("int", "return x / y + y / x;", "return y / x + x / y;"), // which throws first
        ("boolean", "return x > y;", "return x < y;"),
        ("int", "return x << 31;", "return x;"),
        ("int", "return (int) ((long) x << 32);", "return x;"),
    ];
    for (expected, cases) in [(true, &equal[..]), (false, &different[..])] {
        for (ty, a, b) in cases {
            let source = format!(
                "class Pair {{ static {ty} a(int x, int y, double d) {{ {a} }} \
                 static {ty} b(int x, int y, double d) {{ {b} }} }}"
            );
            assert_eq!(same(&source, "a", "b"), expected, "{a}  vs  {b}");
        }
    }
}

#[test]
fn compiler_equivalent_and_duplicate_mutants_are_never_told_apart() {
    let limits = Limits {
        steps: 200_000,
        ..Limits::default()
    };
    let (mut equivalent, mut duplicates, mut total) = (0, 0, 0);
    for path in shipped_programs() {
        let source = std::fs::read_to_string(&path).unwrap();
        let unit = load(&path.display().to_string(), &source).unwrap();
        let all = mutant::generate(&unit);
        let verdicts = trivial(&unit, &all.mutants);
        let tests = random_tests(&unit, 300, &mut Rng::new(11));
        let analysis = analyse(&unit, &all.mutants, &tests, limits, 2, &|_| {}).unwrap();
        let by_id: hashbrown::HashMap<u32, usize> = all
            .mutants
            .iter()
            .enumerate()
            .map(|(i, m)| (m.id, i))
            .collect();
        for (i, (m, t)) in all.mutants.iter().zip(&verdicts).enumerate() {
            total += 1;
            match t {
                Trivial::Equivalent => {
                    equivalent += 1;
                    assert!(
                        !matches!(analysis.verdicts[i], Verdict::Killed(_)),
                        "{} #{} {} -> {} called equivalent but killed",
                        path.display(),
                        m.id,
                        m.original,
                        m.replacement
                    );
                }
                Trivial::DuplicateOf(first) => {
                    duplicates += 1;
                    // Same behaviour on every input: the same first killing test, if any.
                    let k = by_id[first];
                    let kill = |v: &Verdict| match v {
                        Verdict::Killed(t) => Some(*t),
                        _ => None,
                    };
                    assert_eq!(
                        kill(&analysis.verdicts[i]),
                        kill(&analysis.verdicts[k]),
                        "{} #{} duplicate of #{first}",
                        path.display(),
                        m.id
                    );
                }
                Trivial::Distinct => {}
            }
        }
    }
    eprintln!(
        "trivial compiler equivalence: {equivalent} equivalent, {duplicates} duplicates of {total} mutants"
    );
    assert!(total > 3000);
}

/// Runs the local analysis on every mutant of `path` (killable ones included: that is where a
/// wrong proof would show) and checks each proof against random and boundary tests. Returns
/// (mutants, proved equivalent).
fn check_proofs(path: &std::path::Path) -> (usize, usize) {
    use roth::program::equivalence::{Local, MethodProver, ProveOptions};
    let source = std::fs::read_to_string(path).unwrap();
    let unit = load(&path.display().to_string(), &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let mut rng = Rng::new(11);
    let tests = random_tests(&unit, 300, &mut rng);
    let limits = Limits {
        steps: 20_000,
        ..Limits::default()
    };
    let analysis = analyse(&unit, &mutants, &tests, limits, 2, &|_| {}).unwrap();
    let mut provers = std::collections::HashMap::new();
    let mut proved = 0;
    for (m, verdict) in mutants.iter().zip(&analysis.verdicts) {
        let prover = provers.entry((m.class, m.method)).or_insert_with(|| {
            MethodProver::new(&unit, m.class, m.method, ProveOptions::default())
        });
        let Some(p) = prover.as_mut() else { continue };
        let mut confirm = |w: &roth::program::symbolic::Witness| {
            let test = roth::program::analysis::TestCase {
                name: "witness".into(),
                class: m.class,
                method: m.method,
                args: w.args.clone(),
                fields: w.fields.clone(),
            };
            roth::program::analysis::tells_apart(&unit, m, &test, limits).unwrap()
        };
        let local = p.prove(m, &mut confirm);
        if let Local::Equivalent(rule) = local {
            proved += 1;
            assert!(
                !matches!(verdict, Verdict::Killed(_)),
                "{}: mutant #{} ({} -> {} at {}:{}) proved equivalent ({rule:?}) but a test kills it: {:?}",
                path.display(),
                m.id,
                m.original,
                m.replacement,
                m.line,
                m.column,
                match verdict {
                    Verdict::Killed(t) => Some((&tests[*t].args, &analysis.original[*t])),
                    _ => None,
                }
            );
        }
    }
    (mutants.len(), proved)
}

#[test]
fn proved_equivalent_mutants_are_never_told_apart() {
    // The quick programs in the default run; all of them with --ignored.
    let quick = [
        "CountPositive",
        "NumZero",
        "DayOfYear",
        "Sum",
        "LastZero",
        "Power",
        "Max",
        "Tax",
    ];
    let (mut total, mut proved) = (0, 0);
    for path in shipped_programs() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if !quick.contains(&name.as_str()) {
            continue;
        }
        let (t, p) = check_proofs(&path);
        total += t;
        proved += p;
    }
    // Most survivors of these programs are provably equivalent (dead post-increments of a
    // returned local, `<` against `<=` where both branches give the same value).
    assert!(proved >= 40, "{proved} of {total} proved");
}

#[test]
#[ignore = "every shipped program, every mutant: minutes; run with --release -- --ignored"]
fn proved_equivalent_mutants_of_every_program_are_never_told_apart() {
    for path in shipped_programs() {
        check_proofs(&path);
    }
}

#[test]
fn dead_updates_and_indistinguishable_branches_are_proved() {
    use roth::program::equivalence::{Local, MethodProver, ProveOptions, Rule};
    let source = "class P {
        static int count(int[] a) {
            int n = 0;
            for (int i = 0; i < a.length; i++) {
                if (a[i] > 0) {
                    n++;
                }
            }
            return n;
        }
        static int smallest(int[] v, int s) {
            for (int i = 0; i < v.length; i++) {
                if (v[i] < s) {
                    s = v[i];
                }
            }
            return s;
        }
    }";
    let unit = load("P.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict = |original: &str, replacement: &str, line: u32| {
        let m = mutants
            .iter()
            .find(|m| m.original == original && m.replacement == replacement && m.line == line)
            .unwrap_or_else(|| panic!("no mutant {original} -> {replacement} on line {line}"));
        let mut p = MethodProver::new(&unit, m.class, m.method, ProveOptions::default()).unwrap();
        p.prove(m, &mut |_| false)
    };
    // `return n++` returns n; n is dead after.
    assert!(matches!(
        verdict("n", "n++", 9),
        Local::Equivalent(Rule::Region(0))
    ));
    // With 0 <= i <= a.length at the loop head, `i < a.length` and `i != a.length` agree.
    assert!(matches!(
        verdict("i < a.length", "i != a.length", 4),
        Local::Equivalent(_)
    ));
    // `v[i] < s` against `v[i] <= s`: when equal, s gets the value it has.
    assert!(matches!(
        verdict("v[i] < s", "v[i] <= s", 13),
        Local::Equivalent(_)
    ));
    assert!(matches!(verdict("n", "n--", 9), Local::Equivalent(_)));
    // Killable ones are never proved.
    assert!(matches!(
        verdict("a[i] > 0", "a[i] >= 0", 5),
        Local::Open(_)
    ));
    assert!(matches!(
        verdict("v[i] < s", "v[i] > s", 13),
        Local::Open(_)
    ));
}
