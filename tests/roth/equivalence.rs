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
