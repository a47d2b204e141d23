//! Equivalent mutants: trivial compiler equivalence on hand-written pairs (forms that must and
//! must not compare equal), and its soundness on every mutant of every shipped program: a
//! mutant called equivalent is never told apart from the original, duplicates never from each
//! other, on random and boundary inputs.

use roth::program::execution::analysis::{Verdict, analyse, random_tests};
use roth::program::execution::interp::Limits;
use roth::program::load;
use roth::program::mutants::mutant;
use roth::program::proofs::equivalence::{Trivial, canonical, trivial};
use roth::rng::Rng;

use crate::java::{extra_programs, shipped_programs};

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
    use roth::program::proofs::equivalence::{Local, MethodProver, ProveOptions};
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
        let mut confirm = |w: &roth::program::proofs::symbolic::Witness| {
            roth::program::execution::analysis::witness_kills(&unit, m, w, limits).unwrap()
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
    // JAVA_EXTRA=DIR: your programs too.
    for path in shipped_programs().into_iter().chain(extra_programs()) {
        check_proofs(&path);
    }
}

/// The local analysis of the one mutant of `unit` that `which` picks (`what` names it when none
/// does), with no witness confirmed: a verdict is a proof or nothing.
fn local_verdict(
    unit: &roth::program::Unit,
    mutants: &[mutant::Mutant],
    what: &str,
    which: impl Fn(&mutant::Mutant) -> bool,
) -> roth::program::proofs::equivalence::Local {
    use roth::program::proofs::equivalence::{MethodProver, ProveOptions};
    let m = mutants
        .iter()
        .find(|m| which(m))
        .unwrap_or_else(|| panic!("no mutant {what}"));
    let mut p = MethodProver::new(unit, m.class, m.method, ProveOptions::default()).unwrap();
    p.prove(m, &mut |_| false)
}

/// The local analysis's verdict on the mutant changing `original` to `replacement` on `line`.
fn verdict_at(
    unit: &roth::program::Unit,
    mutants: &[mutant::Mutant],
    original: &str,
    replacement: &str,
    line: u32,
) -> roth::program::proofs::equivalence::Local {
    local_verdict(
        unit,
        mutants,
        &format!("{original} -> {replacement} on line {line}"),
        |m| m.original == original && m.replacement == replacement && m.line == line,
    )
}

/// Which mutants `per_method` random and boundary tests per method (seed `seed`) kill, as a
/// lookup of the mutant changing `original` to `replacement` on `line` (there must be one).
fn random_kills<'m>(
    unit: &roth::program::Unit,
    mutants: &'m [mutant::Mutant],
    seed: u64,
    per_method: usize,
) -> impl Fn(&str, &str, u32) -> bool + 'm {
    let mut rng = Rng::new(seed);
    let tests = random_tests(unit, per_method, &mut rng);
    let analysis = analyse(unit, mutants, &tests, Limits::default(), 2, &|_| {}).unwrap();
    let verdicts = analysis.verdicts;
    move |original: &str, replacement: &str, line: u32| {
        let i = mutants
            .iter()
            .position(|m| m.original == original && m.replacement == replacement && m.line == line)
            .unwrap_or_else(|| panic!("no mutant {original} -> {replacement} on line {line}"));
        matches!(verdicts[i], Verdict::Killed(_))
    }
}

/// Each claim checked on the JVM's semantics by random tests (`killed`, from
/// [`random_kills`]): no mutant in `proved` is killed, every one in `contrasts` is.
fn random_tests_agree(
    killed: impl Fn(&str, &str, u32) -> bool,
    proved: &[(&str, &str, u32)],
    contrasts: &[(&str, &str, u32)],
) {
    for &(o, r, line) in proved {
        assert!(!killed(o, r, line), "{o} -> {r} on line {line} was killed");
    }
    for &(o, r, line) in contrasts {
        assert!(killed(o, r, line), "{o} -> {r} on line {line} survived");
    }
}

/// The local analysis's claims on `unit`, each checked: every mutant in `proved` gets a
/// verdict `proof` accepts, none in `contrasts` is proved equivalent by any rule, and 300
/// random tests per method (seed `seed`, run on these mutants only) agree with both.
fn claims_hold(
    unit: &roth::program::Unit,
    mutants: &[mutant::Mutant],
    proof: impl Fn(&roth::program::proofs::equivalence::Local) -> bool,
    proved: &[(&str, &str, u32)],
    contrasts: &[(&str, &str, u32)],
    seed: u64,
) {
    use roth::program::proofs::equivalence::Local;
    for &(o, r, line) in proved {
        assert!(
            proof(&verdict_at(unit, mutants, o, r, line)),
            "{o} -> {r} on line {line}"
        );
    }
    for &(o, r, line) in contrasts {
        assert!(
            !matches!(verdict_at(unit, mutants, o, r, line), Local::Equivalent(_)),
            "{o} -> {r} on line {line}"
        );
    }
    let picked: Vec<_> = mutants
        .iter()
        .filter(|m| {
            proved
                .iter()
                .chain(contrasts)
                .any(|&(o, r, line)| m.original == o && m.replacement == r && m.line == line)
        })
        .cloned()
        .collect();
    random_tests_agree(random_kills(unit, &picked, seed, 300), proved, contrasts);
}

#[test]
fn dead_updates_and_indistinguishable_branches_are_proved() {
    use roth::program::proofs::equivalence::{Local, Rule};
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
    let verdict =
        |original, replacement, line| verdict_at(&unit, &mutants, original, replacement, line);
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

#[test]
fn dead_updates_the_regions_cannot_model_are_proved_by_liveness() {
    use roth::program::proofs::equivalence::{Local, Rule};
    let source = "class W {
        static float label(float w, int score) {
            return w + score;
        }
        static float twice(float w, int score) {
            float s = w + score;
            return s + score;
        }
        static float both(float w, int score) {
            return w + score + score;
        }
    }";
    let unit = load("W.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict = |replacement: &str, line: u32, column: u32| {
        local_verdict(
            &unit,
            &mutants,
            &format!("-> {replacement} at {line}:{column}"),
            |m| m.replacement == replacement && m.line == line && m.column == column,
        )
    };
    // `float` is beyond the regions; `score` is dead after the return.
    assert!(matches!(
        verdict("(score++)", 3, 24),
        Local::Equivalent(Rule::DeadUpdate)
    ));
    assert!(matches!(
        verdict("(score--)", 3, 24),
        Local::Equivalent(Rule::DeadUpdate)
    ));
    // Read by the next statement: live, killable.
    assert!(matches!(verdict("(score++)", 6, 27), Local::Open(_)));
    // Read again in the same statement, after the update: killable.
    assert!(matches!(verdict("(score++)", 10, 24), Local::Open(_)));
    // A pre-increment changes the value.
    assert!(matches!(verdict("++score", 3, 24), Local::Open(_)));
}

#[test]
fn updates_of_array_cells_no_later_read_sees_are_proved_over_the_zones() {
    use roth::program::proofs::equivalence::{Local, Rule};
    let source = "class D {
        static int upward(int n) {
            int[] t = {5, 7, 9, 11, 13};
            int s = 0;
            for (int i = 0; i < n && i < 5; i++) {
                s = s + t[i];
            }
            return s;
        }
        static int again(int k) {
            int[] t = {5, 7, 9};
            int x = t[k];
            return x + t[k];
        }
        static int back(int n) {
            int[] t = {5, 7, 9, 11};
            int s = 0;
            for (int i = 0; i < 4; i++) {
                s = s * 3 + t[i];
            }
            for (int j = 3; j >= n; j--) {
                s = s * 5 + t[j];
            }
            return s;
        }
        static int[] escapes(int k) {
            int[] t = {5, 7, 9};
            int x = t[k];
            return t;
        }
        static int beside(int k) {
            int[] t = new int[4];
            int x = t[k];
            return x + t[k + 1] + t[k - 1];
        }
    }";
    let unit = load("D.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let proved = [
        // Later iterations read the cells above: the changed ones are never read.
        ("t[i]", "(t[i]++)", 6),
        ("t[i]", "(t[i]--)", 6),
        // A loop walking down reads only the cells below.
        ("t[j]", "(t[j]++)", 22),
        // Neighbours of the changed cell, never the cell itself.
        ("t[k]", "t[k]--", 33),
    ];
    let contrasts = [
        // Read again: the same cell, or the cells a second loop walks back over.
        ("t[k]", "t[k]++", 12),
        ("t[i]", "(t[i]++)", 19),
        // The caller sees the array.
        ("t[k]", "t[k]++", 28),
    ];
    let dead = |l: &Local| matches!(l, Local::Equivalent(Rule::DeadCell));
    claims_hold(&unit, &mutants, dead, &proved, &contrasts, 5);
}

/// A caller's array: a cell changed by `a[e]++` must also be assigned again before the
/// method may leave (by `return`, the end of its body, or an exception), with no read in
/// between, and no other array of its type may be it.
#[test]
fn changed_cells_of_a_callers_array_assigned_again_before_it_returns_are_proved() {
    use roth::program::proofs::equivalence::{Local, Rule};
    let source = "class S {
            static void insertion(int[] a) {
                for (int i = 1; i < a.length; i++) {
                    int key = a[i];
                    int j = i - 1;
                    while (j >= 0 && a[j] > key) {
                        a[j + 1] = a[j];
                        j = j - 1;
                    }
                    a[j + 1] = key;
                }
            }
            static void kept(int[] a) {
                for (int i = 1; i < a.length; i++) {
                    int key = a[i];
                    int j = i - 1;
                    while (j >= 0 && a[j] > key) {
                        a[j + 1] = a[j];
                        j = j - 1;
                    }
                    if (j + 1 != i) {
                        a[j + 1] = key;
                    }
                }
            }
            static int thrown(int[] a, int d) {
                int t = a[0];
                int q = 100 / d;
                a[0] = t;
                return q;
            }
            static int guarded(int[] a, int d) {
                int t = a[0];
                int q = 0;
                if (d > 0) {
                    q = 100 / d;
                }
                a[0] = t;
                return q;
            }
            static int early(int[] a, int k) {
                int t = a[0];
                if (k > 0) {
                    return k;
                }
                a[0] = t;
                return 0;
            }
            static void aliased(int[] a, int[] b) {
                int t = a[0];
                b[1] = b[0];
                a[0] = t;
            }
            static void swap(int[] a, int i, int j) {
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
            }
        }";
    let unit = load("S.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict = |original: &str, replacement: &str, line: u32| {
        verdict_at(&unit, &mutants, original, replacement, line)
    };
    let dead = |l: Local| matches!(l, Local::Equivalent(Rule::DeadCell));
    // Insertion sort: the key's cell is overwritten by the first shift or by the insertion,
    // a shifted cell by the next shift or the insertion; reads are all below.
    assert!(dead(verdict("a[i]", "a[i]++", 4)));
    assert!(dead(verdict("a[i]", "a[i]--", 4)));
    assert!(dead(verdict("a[j]", "a[j]++", 7)));
    assert!(dead(verdict("a[j]", "a[j]--", 7)));
    // The division between cannot throw: it runs only for a positive divisor.
    assert!(dead(verdict("a[0]", "a[0]++", 33)));
    // A swap's second read, overwritten by the swap's last store.
    assert!(matches!(
        verdict("a[j]", "a[j]++", 56),
        Local::Equivalent(_)
    ));
    // Left changed: when no shift happened, by an exception, by an early return; read
    // through a second parameter that may be the same array; read again when i == j.
    let contrasts = [
        ("a[i]", "a[i]++", 15),
        ("a[0]", "a[0]++", 27),
        ("a[0]", "a[0]++", 42),
        ("a[0]", "a[0]++", 50),
        ("a[i]", "a[i]++", 55),
    ];
    for (o, r, line) in contrasts {
        assert!(!dead(verdict(o, r, line)), "{o} -> {r} on line {line}");
    }
    random_tests_agree(
        random_kills(&unit, &mutants, 3, 300),
        &[
            ("a[i]", "a[i]++", 4),
            ("a[i]", "a[i]--", 4),
            ("a[j]", "a[j]++", 7),
            ("a[j]", "a[j]--", 7),
            ("a[0]", "a[0]++", 33),
            ("a[j]", "a[j]++", 56),
        ],
        &contrasts,
    );
}

#[test]
fn a_binary_search_midpoint_stays_between_its_ends() {
    use roth::program::proofs::equivalence::Local;
    // On long, (low + high + 1) / 2 cannot wrap: the zones keep mid in (low, high], so
    // low <= high at the head and `low < high` there is `low != high`.
    let path = crate::helpers::project_file("programs/IntSqrt.java");
    let source = std::fs::read_to_string(&path).unwrap();
    let unit = load(&path.display().to_string(), &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    assert!(matches!(
        verdict_at(&unit, &mutants, "low < high", "low != high", 9),
        Local::Equivalent(_)
    ));
    // On int the sum wraps for large n: mid falls below low and the loop runs past high.
    let int_source = source
        .replace("long low", "int low")
        .replace("long high", "int high")
        .replace("long mid", "int mid");
    let unit = load("IntSqrt.java", &int_source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    assert!(matches!(
        verdict_at(&unit, &mutants, "low < high", "low != high", 9),
        Local::Open(_)
    ));
    let mut rng = Rng::new(3);
    let mut tests = random_tests(&unit, 200, &mut rng);
    tests[0].args[0] = roth::program::execution::interp::Value::Prim(
        roth::program::reader::semantics::Kind::Int,
        i32::MAX as i64,
    );
    let analysis = analyse(&unit, &mutants, &tests, Limits::default(), 2, &|_| {}).unwrap();
    let (_, verdict) = mutants
        .iter()
        .zip(&analysis.verdicts)
        .find(|(m, _)| m.original == "low < high" && m.replacement == "low != high")
        .unwrap();
    assert!(matches!(verdict, Verdict::Killed(_)), "{verdict:?}");
}

#[test]
fn conditions_decided_before_a_region_constrain_it_where_zones_cannot() {
    use roth::program::proofs::equivalence::Local;
    // Guards the zones cannot keep: a double against zero, a square, both left behind by a
    // branch that returns or by the loop's own condition.
    let source = "class G {
        static int sign(double d) {
            if (d < 0) {
                return -1;
            }
            if (d == 0) {
                return 0;
            }
            return 1;
        }
        static int shifted(double d) {
            if (d < 0) {
                return -1;
            }
            d = d - 5;
            if (d == 0) {
                return 0;
            }
            return 1;
        }
        static int other(double d) {
            if (d < 0) {
                return -1;
            } else {
                d = -d - 1;
            }
            if (d == 0) {
                return 0;
            }
            return 1;
        }
        static int squares(int n) {
            int k = 0;
            for (int i = 1; i * i < n; i++) {
                if (i * i <= n) {
                    k += i;
                }
            }
            return k;
        }
        static int climb(double x) {
            if (x > 1) {
                return -1;
            }
            int c = 0;
            for (int i = 0; i < 4; i++) {
                if (x > 1) {
                    c++;
                }
                x = x + 0.5;
            }
            return c;
        }
    }";
    let unit = load("G.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let proved = [
        // d >= 0 or NaN here: == 0 and <= 0 agree (NaN: both false; -0.0: both true).
        ("d == 0", "d <= 0", 6),
        // i * i < n holds in the body (the update runs after it, not before).
        ("i * i <= n", "(i * i) < n", 35),
    ];
    // Not guards: d assigned after the test, in the branch that goes on, or in the loop
    // around the point after it (the next pass reaches the point with x grown).
    let contrasts = [
        ("d == 0", "d <= 0", 16),
        ("d == 0", "d <= 0", 27),
        ("x > 1", "false", 47),
    ];
    // (Only these mutants run the random tests: the others of `squares` and `climb` loop
    // for long.)
    let proof = |l: &Local| matches!(l, Local::Equivalent(_));
    claims_hold(&unit, &mutants, proof, &proved, &contrasts, 5);
}

#[test]
fn a_counter_stepped_back_and_forth_repeats_a_pass_that_changes_nothing() {
    use roth::program::proofs::equivalence::{Local, Rule};
    let source = "class St {
        static int min(int[] v) {
            int s = v[0];
            for (int i = 1; i < v.length; i++) {
                if (v[i] < s) {
                    s = v[i];
                }
            }
            return s;
        }
        static int others(int[] v) {
            int m = 0;
            int c = 0;
            for (int i = 0; i < v.length; i++) {
                if (v[i] > m) {
                    m = v[i];
                } else {
                    c++;
                }
            }
            return c * 1000 + m;
        }
        static int last(int[] v) {
            int m = 0;
            int k = -1;
            for (int i = 0; i < v.length; i++) {
                if (v[i] > m) {
                    m = v[i];
                    k = i;
                }
            }
            return k;
        }
        static int first(int[] v) {
            int i;
            for (i = 0; i < v.length; i++) {
                if (v[i] > 0) {
                    v[0] = v[i];
                    break;
                }
            }
            return i;
        }
        static void bubble(int[] a) {
            for (int j = 0; j < a.length - 1; j++) {
                if (a[j] > a[j + 1]) {
                    int t = a[j];
                    a[j] = a[j + 1];
                    a[j + 1] = t;
                }
            }
        }
    }";
    let unit = load("St.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    // The minimum's second pass finds v[i] == s; the swap's finds the pair in order.
    let proved = [("i", "i--", 6), ("j", "j--", 49)];
    // The second pass counts in the other branch; the counter is read after the step;
    // a break leaves it stepped back.
    let contrasts = [("i", "i--", 16), ("i", "i--", 28), ("i", "i--", 38)];
    let proof = |l: &Local| matches!(l, Local::Equivalent(Rule::Stutter));
    claims_hold(&unit, &mutants, proof, &proved, &contrasts, 7);
}

#[test]
fn strings_read_by_length_and_char_and_null_flags_take_part_in_proofs() {
    use roth::program::proofs::equivalence::Local;
    let source = "class S {
        static boolean startsWithA(String s) {
            return s.length() > 0 && s.charAt(0) == 'a';
        }
    }";
    let unit = load("S.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict =
        |original, replacement, line| verdict_at(&unit, &mutants, original, replacement, line);
    // A string's length is never negative.
    assert!(matches!(
        verdict("s.length() > 0", "(s.length() != 0)", 3),
        Local::Equivalent(_)
    ));
    assert!(matches!(
        verdict("s.charAt(0) == 'a'", "(s.charAt(0) <= 'a')", 3),
        Local::Open(_)
    ));
    // The shipped bubble sort: one more pass once `pass` reaches the end swaps nothing. The
    // loop region starts at the head where the conditions first differ; only
    // `null(a) <= swapped` (a dereferenced, or the first evaluation with swapped still true)
    // rules out a null `a` there.
    let path = crate::helpers::project_file("programs/BubbleSort.java");
    let source = std::fs::read_to_string(&path).unwrap();
    let unit = load(&path.display().to_string(), &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict =
        |original, replacement, line| verdict_at(&unit, &mutants, original, replacement, line);
    assert!(matches!(
        verdict("pass < a.length - 1", "true", 6),
        Local::Equivalent(_)
    ));
    assert!(matches!(
        verdict("pass < a.length - 1 && swapped", "swapped", 6),
        Local::Equivalent(_)
    ));
    assert!(matches!(
        verdict("swaps", "swaps--", 18),
        Local::Equivalent(_)
    ));
    assert!(matches!(verdict("swaps", "++swaps", 18), Local::Open(_)));
}

#[test]
fn array_lengths_stop_short_of_integer_max_and_string_reads_agree_on_a_cell() {
    use roth::program::proofs::equivalence::Local;
    let source = r#"class L {
    static int g(int[] a) {
        return a.length + 1 > 0 ? 1 : 0;
    }
    static boolean pal(String s) {
        int i = 0;
        int j = s.length() - 1;
        while (i < j) {
            if (s.charAt(i) != s.charAt(j)) {
                return false;
            }
            i++;
            j--;
        }
        return true;
    }
    static boolean off(String s) {
        int i = 0;
        int j = s.length();
        while (i < j) {
            if (s.charAt(i) != s.charAt(j - 1)) {
                return false;
            }
            i++;
            j--;
        }
        return true;
    }
}
"#;
    let unit = load("L.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict =
        |original, replacement, line| verdict_at(&unit, &mutants, original, replacement, line);
    // No JVM makes an array of Integer.MAX_VALUE elements, so `a.length + 1` never wraps.
    assert!(matches!(
        verdict("a.length + 1 > 0", "((a.length + 1) != 0)", 3),
        Local::Equivalent(_)
    ));
    // The palindrome loop's extra pass at i == j compares a character with itself: the
    // zones keep j below the string's length, and the two reads of one cell are tied.
    assert!(matches!(
        verdict("i < j", "i <= j", 8),
        Local::Equivalent(_)
    ));
    // Here j starts at the length: the extra pass reads past the end.
    assert!(matches!(verdict("i < j", "i <= j", 20), Local::Open(_)));
    let killed = random_kills(&unit, &mutants, 9, 300);
    assert!(!killed("a.length + 1 > 0", "((a.length + 1) != 0)", 3));
    assert!(!killed("i < j", "i <= j", 8));
    assert!(killed("i < j", "i <= j", 20));
    // The shipped bubble sort: with `a.length + 1` the extra passes start past the end, where
    // the inner loop does not run.
    let path = crate::helpers::project_file("programs/BubbleSort.java");
    let source = std::fs::read_to_string(&path).unwrap();
    let unit = load(&path.display().to_string(), &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    assert!(matches!(
        verdict_at(&unit, &mutants, "a.length - 1", "(a.length + 1)", 6),
        Local::Equivalent(_)
    ));
}

#[test]
fn fields_the_method_counts_with_bound_its_loops_until_a_call() {
    use roth::program::proofs::equivalence::Local;
    let source = r#"class C {
    private int count;

    int run(int n) {
        count = 0;
        int s = 0;
        while (s < n && count < 10) {
            s += 2;
            count++;
        }
        return s;
    }

    int jump(int n) {
        count = 0;
        int s = 0;
        while (s < n && count < 10) {
            s += 2;
            count++;
            skip();
        }
        return s;
    }

    void skip() {
        count = count + 5;
    }
}
"#;
    let unit = load("C.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict =
        |original, replacement, line| verdict_at(&unit, &mutants, original, replacement, line);
    // The field counts from 0 by one while below 10: at the head it is at most 10.
    assert!(matches!(
        verdict("count < 10", "(count != 10)", 7),
        Local::Equivalent(_)
    ));
    // A call in the loop may change the field: here it jumps over 10.
    assert!(matches!(
        verdict("count < 10", "(count != 10)", 17),
        Local::Open(_)
    ));
    let killed = random_kills(&unit, &mutants, 4, 300);
    assert!(!killed("count < 10", "(count != 10)", 7));
    assert!(killed("count < 10", "(count != 10)", 17));
}

#[test]
fn a_loop_bound_the_loop_never_changes_bounds_its_counter() {
    use roth::program::proofs::equivalence::Local;
    let source = r#"class H {
    static int f(int[] a, int p) {
        int c = 0;
        if (p >= 0 && p < a.length - 1) {
            for (int j = 0; j < a.length - 1 - p; j++) {
                c++;
            }
        }
        return c;
    }

    static int g(int[] a, int p) {
        int c = 0;
        if (p >= 0 && p < a.length - 1) {
            for (int j = 0; j < a.length - 1 - p; j++) {
                c++;
                p = p + 2;
            }
        }
        return c;
    }
}
"#;
    let unit = load("H.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let verdict =
        |original, replacement, line| verdict_at(&unit, &mutants, original, replacement, line);
    // `a.length - 1 - p` is set where the loop starts and nothing in the loop changes it:
    // j never passes it, so `<` and `!=` agree.
    assert!(matches!(
        verdict("j < a.length - 1 - p", "j != (a.length - 1 - p)", 5),
        Local::Equivalent(_)
    ));
    // Here the loop moves p: the bound shrinks under j, which can step past it.
    assert!(matches!(
        verdict("j < a.length - 1 - p", "j != (a.length - 1 - p)", 15),
        Local::Open(_)
    ));
    // The claim alone on random tests (the contrast loops for the step limit in most tests).
    let claim: Vec<_> = mutants
        .iter()
        .filter(|m| m.line == 5 && m.replacement == "j != (a.length - 1 - p)")
        .cloned()
        .collect();
    let killed = random_kills(&unit, &claim, 6, 300);
    assert!(!killed(
        "j < a.length - 1 - p",
        "j != (a.length - 1 - p)",
        5
    ));
    // A bound that may wrap is no bound: with n and m past half the int range, `n + m` is
    // negative, the original never enters and the mutant counts about 2^32 steps to it (and
    // returns that count, wrapped, where the original returns 0).
    let source = r#"class W {
    static int f(int n, int m) {
        int c = 0;
        if (n >= 0 && m >= 0) {
            for (int j = 0; j < n + m; j++) {
                c++;
            }
        }
        return c;
    }
}
"#;
    let unit = load("W.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    assert!(matches!(
        verdict_at(&unit, &mutants, "j < n + m", "j != (n + m)", 5),
        Local::Open(_)
    ));
    // The shipped bubble sort's inner loop is the same shape.
    let path = crate::helpers::project_file("programs/BubbleSort.java");
    let source = std::fs::read_to_string(&path).unwrap();
    let unit = load(&path.display().to_string(), &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    assert!(matches!(
        verdict_at(
            &unit,
            &mutants,
            "j < a.length - 1 - pass",
            "j != (a.length - 1 - pass)",
            8
        ),
        Local::Equivalent(_)
    ));
}

const MAX3: &str = "public class M {
    public static int max3(int a, int b, int c) {
        int m = a;
        if (b > m) {
            m = b;
        }
        if (c > m) {
            m = c;
        }
        return m;
    }

    public static int twice(int x) {
        return x + x;
    }
}
";

#[test]
fn a_mutated_file_is_located_and_widened_to_tokens() {
    use roth::program::mutants::external::{Change, ChangeError, find_change};
    let unit = load("M.java", MAX3).unwrap();
    let change = |text: &str| find_change(&unit, "Mutant.java", text);
    assert!(matches!(change(MAX3), Ok(Change::Identical)));
    // Layout, a comment and `+ 0`: nothing a compiler keeps.
    let layout = MAX3
        .replace("int m = a;", "int m = a + 0; // start")
        .replace("return x + x;", "return x+x;");
    assert!(matches!(change(&layout), Ok(Change::CompilerEquivalent)));
    // An edit inside the token `>`: the whole operator is the change.
    let Ok(Change::Mutant(m)) = change(&MAX3.replace("c > m", "c >= m")) else {
        panic!("one mutant expected");
    };
    assert_eq!((m.original.as_str(), m.replacement.as_str()), (">", ">="));
    assert_eq!(
        (m.line, m.method_name.as_str()),
        (7, "M.max3(int, int, int)")
    );
    // An insertion shows with its operand.
    let Ok(Change::Mutant(m)) = change(&MAX3.replace("return m;", "return m++;")) else {
        panic!("one mutant expected");
    };
    assert_eq!((m.original.as_str(), m.replacement.as_str()), ("m", "m++"));
    // Two methods changed, a field added, a different class: not one mutant.
    let two = MAX3.replace("c > m", "c < m").replace("x + x", "x * x");
    assert!(matches!(change(&two), Err(ChangeError::Several(v)) if v.len() == 2));
    let field = MAX3.replace(
        "public class M {",
        "public class M {\n    static int k = 1;",
    );
    assert!(matches!(
        change(&field),
        Err(ChangeError::OutsideMethods(_))
    ));
    let renamed = MAX3.replace("class M", "class N");
    assert!(matches!(change(&renamed), Err(ChangeError::Shape(_))));
    let broken = MAX3.replace("int m = a;", "int m = a");
    let Err(ChangeError::Mutant(d)) = change(&broken) else {
        panic!("a syntax error expected");
    };
    assert_eq!(d.path, "Mutant.java");
}

#[test]
fn unified_diffs_apply_with_context_checked() {
    use roth::program::mutants::external::apply_patch;
    let patch = "--- M.java\n+++ M.java\n@@ -6,3 +6,3 @@\n         }\n-        if (c > m) {\n+        if (c >= m) {\n             m = c;\n";
    assert_eq!(
        apply_patch(MAX3, patch).unwrap(),
        MAX3.replace("c > m", "c >= m")
    );
    // A hunk a few lines off its stated place still applies.
    let shifted = patch.replace("@@ -6,3", "@@ -3,3");
    assert_eq!(
        apply_patch(MAX3, &shifted).unwrap(),
        MAX3.replace("c > m", "c >= m")
    );
    // Context that is not in the file, or no hunk at all, is an error naming the line.
    let wrong = patch.replace("if (c > m)", "if (d > m)");
    let e = apply_patch(MAX3, &wrong).unwrap_err().to_string();
    assert!(e.contains("patch line 3"), "{e}");
    assert!(apply_patch(MAX3, "not a patch\n").is_err());
}

#[test]
fn roth_equiv_judges_a_mutant_given_as_a_file_or_a_diff() {
    use crate::helpers::{roth, scratch_dir, stdout};
    let dir = scratch_dir("equiv-external");
    std::fs::write(dir.join("M.java"), MAX3).unwrap();
    let run = |name: &str, text: &str, flag: &str| {
        std::fs::write(dir.join(name), text).unwrap();
        let o = roth(&dir, &["equiv", "M.java", flag, name, "--seed", "3"]);
        (stdout(&o), o.status.code())
    };
    let (out, code) = run("A.java", &MAX3.replace("c > m", "c >= m"), "--mutant");
    assert!(out.starts_with("equivalent (proved"), "{out}");
    assert_eq!(code, Some(0));
    let (out, code) = run("B.java", &MAX3.replace("c > m", "c < m"), "--mutant");
    assert!(out.starts_with("killable (test: "), "{out}");
    assert_eq!(code, Some(0));
    let (out, code) = run(
        "C.java",
        &MAX3.replace("c > m", "c < m").replace("x + x", "x * x"),
        "--mutant",
    );
    assert!(
        out.starts_with("unknown (the mutant changes 2 methods"),
        "{out}"
    );
    assert_eq!(code, Some(1));
    let (_, code) = run("D.java", &MAX3.replace("int m = a;", "int m ="), "--mutant");
    assert_eq!(code, Some(2));
    let patch = "@@ -13,3 +13,3 @@\n     public static int twice(int x) {\n-        return x + x;\n+        return x * 2;\n     }\n";
    let (out, code) = run("e.patch", patch, "--diff");
    assert!(out.starts_with("equivalent ("), "{out}");
    assert_eq!(code, Some(0));
}

#[test]
fn constructors_start_from_the_field_initializers() {
    use roth::program::execution::interp::{Compiled, Termination, Value};
    use roth::program::proofs::classify::{ClassifyOptions, Status, classify};
    use roth::program::proofs::equivalence::ProveOptions;
    use roth::program::reader::semantics::Kind;
    let int = |v: i64| Value::Prim(Kind::Int, v);
    let source = "public class C {
        private int plain;
        private int five = 5;

        public C(int x) {
            plain = 0;
            five = 0;
            plain = plain + x;
        }

        public int get(int y) {
            plain = 0;
            return plain + y;
        }
    }";
    let unit = load("C.java", source).unwrap();
    // `new C(3)`: the field initializers, then the constructor, once; its instance fields
    // cannot be set before `new`.
    let program = Compiled::new(&unit, None);
    let ctor = unit.classes[0]
        .methods
        .iter()
        .position(|m| m.is_constructor)
        .unwrap() as u32;
    let out = program
        .run(0, ctor, &[int(3)], &[], Limits::default())
        .unwrap();
    assert_eq!(out.termination, Termination::Return(None));
    assert!(out.fields.contains(&("plain".to_string(), int(3))));
    assert!(out.fields.contains(&("five".to_string(), int(0))));
    let preset = program.run(
        0,
        ctor,
        &[int(3)],
        &[("plain".to_string(), int(1))],
        Limits::default(),
    );
    assert!(preset.is_err());

    let mutants = mutant::generate(&unit).mutants;
    let options = ClassifyOptions {
        tests_per_method: 100,
        seed: 1,
        limits: Limits::default(),
        prove: ProveOptions::default(),
    };
    let classified = classify(&unit, &mutants, &options, &|_| {}).unwrap();
    let status = |original: &str, line: u32| {
        let i = mutants
            .iter()
            .position(|m| {
                m.operator == mutant::Operator::SDL
                    && m.original.starts_with(original)
                    && m.line == line
            })
            .unwrap_or_else(|| panic!("no SDL of {original} on line {line}"));
        &classified.statuses[i]
    };
    // Deleting `plain = 0;` in the constructor changes nothing (the field starts at 0) ...
    assert!(matches!(status("plain = 0", 6), Status::Equivalent(_)));
    // ... but `five = 0;` undoes an initializer, and `plain = 0;` in a method resets a field
    // a test may have set.
    assert!(matches!(status("five = 0", 7), Status::Killable(_)));
    assert!(matches!(status("plain = 0", 12), Status::Killable(_)));
}

/// Methods that work with objects are proved too: a call on an object is a function of the
/// receiver, its arguments and the heap (the same in both versions, nothing more), the
/// library's observers (`size()`, `get(i)`, `length()`) leave the heap alone and never give a
/// negative size, and a call that runs code makes the zones forget the fields. Each claim is
/// checked by random tests; the contrasts are mutants a model that forgot the `clear()`
/// between two sizes, kept a field's value across a lambda's run, or started a constructor
/// with a field's default despite an initializer block, would wrongly prove.
#[test]
fn library_calls_are_functions_the_proofs_do_not_know() {
    use roth::program::proofs::equivalence::Local;
    let source = "import java.util.*;
class L {
    static int counter;
    static int first(List<Integer> xs) {
        if (xs.size() > 0) {
            return xs.get(0);
        }
        return -1;
    }
    static int emptied(List<Integer> xs, int k) {
        int before = xs.size();
        xs.clear();
        int after = xs.size();
        if (after < before) {
            return after + k;
        }
        return 0;
    }
    static int twice(List<Integer> xs) {
        if (xs.size() > 2) {
            return xs.size() - 2;
        }
        return 0;
    }
    static int vowels(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (\"aeiou\".indexOf(s.charAt(i)) >= 0) {
                n++;
            }
        }
        return n;
    }
    static int visits(List<Integer> xs) {
        counter = 0;
        xs.forEach(x -> counter++);
        if (counter > 0) {
            return 1;
        }
        return 0;
    }
    static class Box {
        int x;
        { x = 7; }
        int y;
        Box(int k) {
            if (x > 0) {
                y = k;
            } else {
                y = -k;
            }
        }
        int y() {
            return y;
        }
    }
    static int made(int k) {
        return new Box(k).y();
    }
}";
    let unit = load("L.java", source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    claims_hold(
        &unit,
        &mutants,
        |v| matches!(v, Local::Equivalent(_)),
        &[
            // A size is never negative.
            ("xs.size() > 0", "xs.size() != 0", 5),
            // Both sizes are one observation: at size 2 both return 0.
            ("xs.size() > 2", "xs.size() >= 2", 20),
            ("i < s.length()", "i != s.length()", 27),
            ("n", "n++", 32),
        ],
        &[
            ("after < before", "false", 14),
            (
                "\"aeiou\".indexOf(s.charAt(i)) >= 0",
                "\"aeiou\".indexOf(s.charAt(i)) > 0",
                28,
            ),
            ("counter > 0", "false", 37),
            // The initializer block runs before the constructor's body.
            ("x > 0", "false", 47),
        ],
        5,
    );
}
