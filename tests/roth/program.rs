//! The program side without a JVM: the front end's errors and per-method reports, the
//! interpreter through `roth exec`, mutants (stable ids, no overwriting), mutation analysis
//! against a naive reference, and the front end and interpreter under mutated source text.

use proptest::prelude::*;

use roth::program::execution::analysis::{Verdict, analyse, random_tests};
use roth::program::execution::interp::{Compiled, Limits, Machine, Termination, Value};
use roth::program::load;
use roth::program::mutants::mutant::{self, mutant_unit};
use roth::program::testgen::inputs;
use roth::rng::Rng;

use crate::helpers::{project_file, roth, scratch_dir, stderr, stdout};
use crate::java::shipped_programs;

fn load_program(name: &str) -> roth::program::Unit {
    let path = project_file(&format!("programs/{name}"));
    load(
        &path.display().to_string(),
        &std::fs::read_to_string(&path).unwrap(),
    )
    .unwrap()
}

#[test]
fn exec_prints_outcomes_as_java_would() {
    let dir = project_file(".");
    let run = |args: &[&str]| {
        let o = roth(&dir, args);
        assert!(o.status.success(), "{:?}: {}", args, stderr(&o));
        stdout(&o)
    };
    assert_eq!(
        run(&[
            "exec",
            "programs/Triangle.java",
            "-m",
            "classify",
            "--",
            "3",
            "4",
            "5"
        ]),
        "return 1\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/Power.java",
            "-m",
            "power",
            "--",
            "2",
            "31"
        ]),
        "return -2147483648\n"
    );
    assert_eq!(
        run(&["exec", "programs/Min.java", "-m", "min", "--", "{}"]),
        "throw java.lang.IllegalArgumentException\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/BubbleSort.java",
            "-m",
            "sort",
            "--",
            "{5, 2, 4, 1}"
        ]),
        "return 5\narray a = [1, 2, 4, 5]\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/QuickSort.java",
            "-m",
            "sort",
            "--",
            "{3, 1, 2}"
        ]),
        "return\nfield comparisons = 2\narray a = [1, 2, 3]\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/SqrtBisection.java",
            "-m",
            "sqrt",
            "--this",
            "epsilon=0.25",
            "--",
            "4.0"
        ]),
        "return 2.125\nfield iterations = 4\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/DayOfYear.java",
            "-m",
            "dayOfYear",
            "--",
            "3",
            "1",
            "true"
        ]),
        "return 61\nprinted \"03/01 is day  61\\n\"\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/Words.java",
            "-m",
            "initials",
            "--",
            "\"ada\"",
            "\"lovelace\""
        ]),
        "return a.l.\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/FindLast.java",
            "-m",
            "findLast",
            "--",
            "null",
            "3"
        ]),
        "throw java.lang.NullPointerException\n"
    );
    assert_eq!(
        run(&[
            "exec",
            "programs/Warshall.java",
            "-m",
            "closure",
            "--",
            "{{false, true}, {true, false}}"
        ]),
        "return\narray r = [[true, true], [true, true]]\n"
    );
    // Arguments are checked against the parameter types.
    let refused = |args: &[&str], why: &str| {
        let o = roth(&dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(why), "{}", stderr(&o));
    };
    let classify = ["exec", "programs/Triangle.java", "-m", "classify", "--"];
    refused(
        &[&classify[..], &["3", "4"]].concat(),
        "takes 3 argument(s), 2 given",
    );
    refused(
        &[&classify[..], &["3", "4", "3000000000"]].concat(),
        "out of range for int",
    );
}

#[test]
fn a_non_terminating_run_is_a_timeout_and_deep_recursion_overflows() {
    let dir = scratch_dir("exec-limits");
    std::fs::write(
        dir.join("Loops.java"),
        "class Loops {\n  static int spin(int n) { while (n != 0) { n = n + 2; } return n; }\n  static int down(int n) { return n == 0 ? 0 : 1 + down(n - 1); }\n}\n",
    )
    .unwrap();
    let o = roth(&dir, &["exec", "Loops.java", "-m", "spin", "--", "1"]);
    assert_eq!(stdout(&o), "timeout\n", "{}", stderr(&o));
    let o = roth(&dir, &["exec", "Loops.java", "-m", "down", "--", "100"]);
    assert_eq!(stdout(&o), "return 100\n");
    let o = roth(&dir, &["exec", "Loops.java", "-m", "down", "--", "1000000"]);
    assert_eq!(stdout(&o), "throw java.lang.StackOverflowError\n");
}

/// A run proved endless (a state repeated, compared on the registers that decide control)
/// really does not end: it still runs with 50 times the steps; and a loop that ends after
/// more steps than the limit, or whose counter decides when it ends, is not proved endless.
#[test]
fn endless_runs_are_proved_only_when_they_never_end() {
    let source = "class Loops {
  static int spin(int n) { int swaps = 0; while (n != 0) { swaps++; n = n + 0; } return swaps; }
  static int slow(int n) { for (int d = 3; d <= n - d; d += 2) { if (n % d == 0) return d; } return 0; }
  static int late(int n) { int k = 0; while (n > 0) { k++; if (k == 150000) return k; } return -1; }
  static int cycle(int n) { int a = 1; while (n > 0) { a = -a; } return a; }
  static int temps(int n) { int s = 0; int j = 0; while (j < n) { s = s + 1; int t = s * 2; if (t > 300000) j = n; } return s; }
}
";
    let unit = load("Loops.java", source).unwrap();
    let program = Compiled::new(&unit, None);
    let limits = Limits {
        steps: 100_000,
        ..Limits::default()
    };
    let method = |name: &str| {
        unit.classes[0]
            .methods
            .iter()
            .position(|m| m.name == name)
            .unwrap() as u32
    };
    let int = |n: i64| Value::Prim(roth::program::reader::semantics::Kind::Int, n);
    let run = |name: &str, args: Vec<Value>, steps: u64| {
        let mut machine = Machine::new(&program, Limits { steps, ..limits });
        machine.prove_endless();
        let o = machine.run(0, method(name), &args, &[]).unwrap();
        (o.termination, machine.proved_endless(), machine.steps())
    };
    // A counter that only goes into the result does not keep the loop from repeating.
    let (t, proved, steps) = run("spin", vec![int(1)], limits.steps);
    assert!(
        proved && t == Termination::Timeout && steps < 1_000,
        "{t:?} {steps}"
    );
    let (t, proved, _) = run("cycle", vec![int(1)], limits.steps);
    assert!(proved && t == Termination::Timeout);
    // Slow, not endless: out of steps at the limit, unproved, and finished with more steps
    // (in `temps`, the counter decides the end only through a temporary).
    for (name, n, want) in [
        ("slow", 1_000_003, 0),
        ("late", 5, 150_000),
        ("temps", 5, 150_001),
    ] {
        let (t, proved, _) = run(name, vec![int(n)], limits.steps);
        assert!(!proved && t == Termination::Timeout, "{name}: {t:?}");
        let (t, proved, _) = run(name, vec![int(n)], 50 * limits.steps);
        assert!(!proved, "{name}");
        assert_eq!(t, Termination::Return(Some(int(want))), "{name}");
    }
    // Every proof on the shipped programs' mutants and random tests holds up in a run with
    // 50 times the steps.
    let mut proofs = 0;
    for name in ["BubbleSort", "Gcd", "Power", "Min", "QuickSort", "IntSqrt"] {
        let unit = load_program(&format!("{name}.java"));
        let tests = random_tests(&unit, 12, &mut Rng::new(3));
        for m in &mutant::generate(&unit).mutants {
            let program = Compiled::new(&mutant_unit(&unit, m).unwrap(), None);
            let short = Limits {
                steps: 20_000,
                ..limits
            };
            let mut machine = Machine::new(&program, short);
            machine.prove_endless();
            for t in &tests {
                let o = t.run_in(&mut machine).unwrap();
                if machine.proved_endless() {
                    proofs += 1;
                    assert_eq!(o.termination, Termination::Timeout);
                    let longer = Limits {
                        steps: 50 * short.steps,
                        ..limits
                    };
                    let o = t.run(&program, longer).unwrap();
                    assert_eq!(
                        o.termination,
                        Termination::Timeout,
                        "{name} #{} proved endless on {t:?}",
                        m.id
                    );
                }
            }
        }
    }
    assert!(proofs > 50, "{proofs}");
}

#[test]
fn unsupported_methods_are_reported_with_their_place_and_the_rest_runs() {
    let dir = scratch_dir("front-unsupported");
    let source = "package demo;\n\nimport java.util.Scanner;\nimport java.io.File;\n\n/** Two supported methods and two that are not. */\npublic class Mixed {\n    @Deprecated\n    public static int twice(int x) { return 2 * x; }\n\n    static int guarded(int x) {\n        synchronized (Mixed.class) { return 10 / x; }\n    }\n\n    static int usesGuarded(int x) { return guarded(x) + 1; }\n\n    static int last(File xs) { return 0; }\n\n    static int abs(int x) { return x < 0 ? -x : x; }\n}\n";
    std::fs::write(dir.join("Mixed.java"), source).unwrap();
    let unit = load("Mixed.java", source).unwrap();
    let reports: Vec<String> = unit.unsupported().map(|(_, d)| d.to_string()).collect();
    assert_eq!(reports.len(), 3, "{reports:?}");
    assert_eq!(
        reports[0],
        "Mixed.java:12:9: synchronized is outside the supported subset"
    );
    assert!(
        reports[1].starts_with("Mixed.java:15:44: calls guarded(int)"),
        "{}",
        reports[1]
    );
    assert!(
        reports[2].starts_with("Mixed.java:17:21: type File is outside the supported subset"),
        "{}",
        reports[2]
    );
    let o = roth(&dir, &["exec", "Mixed.java", "-m", "abs", "--", "-4"]);
    assert_eq!(stdout(&o), "return 4\n");
    assert!(
        stderr(&o).contains("Mixed.java:12:9: synchronized is outside the supported subset"),
        "{}",
        stderr(&o)
    );
    let o = roth(&dir, &["exec", "Mixed.java", "-m", "guarded", "--", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn errors_in_java_files_name_file_line_and_column() {
    let cases = [
        (
            "class A { static int f(int x) { return x +; } }",
            "A.java:1:43: syntax error",
        ),
        (
            "class A { static int f(int x) { int y; return y; } }",
            "variable y might not have been initialized",
        ),
        (
            "class A { static int f(int x) { return 1; x++; } }",
            "unreachable statement",
        ),
        (
            "class A { static int f(int x) { if (x > 0) return 1; } }",
            "missing return statement",
        ),
        (
            "class A { static byte f(int x) { return x; } }",
            "possible lossy conversion from int to byte",
        ),
        (
            "class A { static int f(int x) { while (true) { } return 1; } }",
            "unreachable statement",
        ),
        (
            "class A { static int f(int x) { return 2147483648; } }",
            "integer number too large",
        ),
    ];
    for (source, expected) in cases {
        let unit = load("A.java", source);
        let message = match unit {
            Err(d) => d.to_string(),
            Ok(u) => u
                .unsupported()
                .map(|(_, d)| d.to_string())
                .next()
                .unwrap_or_default(),
        };
        assert!(message.contains(expected), "{source}: {message}");
        assert!(message.starts_with("A.java:1:"), "{message}");
    }
    // Java accepts these; so must roth.
    for source in [
        "class A { static int f(int x) { while (true) { if (x > 3) return x; x++; } } }",
        "class A { static int f(int x) { int y; if (x > 0) y = 1; else y = 2; return y; } }",
        "class A { static byte f() { final int k = 10; byte b = k; return b; } }",
        "class A { static int f(int x) { int y; if (x > 0 && (y = x) > 1) return y; return 0; } }",
        "class A { static int f(int c) { return -c++ + (int) c--; } }",
        "class A { static char f(boolean b) { char c = b ? 'a' : 98; return c; } }",
    ] {
        let unit = load("A.java", source).unwrap();
        assert_eq!(
            unit.unsupported().count(),
            0,
            "{source}: {:?}",
            unit.unsupported().next().map(|(_, d)| d.to_string())
        );
    }
}

#[test]
fn mutant_ids_do_not_depend_on_the_selection() {
    let unit = load_program("Words.java");
    let all = mutant::generate(&unit);
    let mut only = all.clone();
    let (c, m) = unit.find_method("count").unwrap();
    only.filter(
        |ci, mi| (ci, mi) == (c, m),
        &[mutant::Operator::ROR, mutant::Operator::AOIS],
    );
    assert!(!only.mutants.is_empty());
    for m in &only.mutants {
        let same = &all.mutants[m.id as usize - 1];
        assert_eq!(
            (same.start, same.end, &same.replacement),
            (m.start, m.end, &m.replacement)
        );
    }
    let dir = project_file(".");
    let o = roth(
        &dir,
        &[
            "mutate",
            "programs/Words.java",
            "--method",
            "count",
            "--operators",
            "ROR,AOIS",
            "--json",
        ],
    );
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let ids: Vec<u64> = json["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = only.mutants.iter().map(|m| u64::from(m.id)).collect();
    assert_eq!(ids, expected);
    // Every mutant is a different program text, and the original text comes back by undoing it.
    for m in &all.mutants {
        let text = mutant::mutated_source(&unit.source, m);
        assert_ne!(text, *unit.source);
        assert!(mutant_unit(&unit, m).is_ok());
    }
}

#[test]
fn emit_dir_writes_each_mutant_and_never_overwrites() {
    let dir = scratch_dir("emit");
    std::fs::copy(project_file("programs/Gcd.java"), dir.join("Gcd.java")).unwrap();
    let o = roth(
        &dir,
        &[
            "mutate",
            "Gcd.java",
            "--operators",
            "ROR",
            "--emit-dir",
            "out",
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let ids: Vec<u64> = json["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids.len(), 5);
    let original = std::fs::read_to_string(dir.join("Gcd.java")).unwrap();
    for id in &ids {
        let text = std::fs::read_to_string(dir.join(format!("out/{id}/Gcd.java"))).unwrap();
        assert_ne!(text, original);
    }
    assert_eq!(
        std::fs::read_dir(dir.join("out")).unwrap().count(),
        ids.len()
    );
    let o = roth(
        &dir,
        &[
            "mutate",
            "Gcd.java",
            "--operators",
            "ROR",
            "--emit-dir",
            "out",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("already exists; give --force"),
        "{}",
        stderr(&o)
    );
    let o = roth(
        &dir,
        &[
            "mutate",
            "Gcd.java",
            "--operators",
            "ROR",
            "--emit-dir",
            "out",
            "--force",
        ],
    );
    assert!(o.status.success());
}

#[test]
fn mutation_analysis_agrees_with_running_every_mutant_on_every_test() {
    let limits = Limits {
        steps: 200_000,
        ..Limits::default()
    };
    let mut checked = 0;
    for path in shipped_programs() {
        let source = std::fs::read_to_string(&path).unwrap();
        let unit = load(&path.display().to_string(), &source).unwrap();
        let all = mutant::generate(&unit);
        let tests = random_tests(&unit, 12, &mut Rng::new(7));
        let fast = analyse(&unit, &all.mutants, &tests, limits, 2, &|_| {}).unwrap();
        let one_thread = analyse(&unit, &all.mutants, &tests, limits, 1, &|_| {}).unwrap();
        assert_eq!(
            fast.verdicts, one_thread.verdicts,
            "thread count changed verdicts"
        );
        // Naive: every mutant on every test, first differing test. A mutant out of steps
        // where the original finished counts as hung only when proved endless; else, for its
        // first four such tests, it is run with three times the steps and that outcome counts.
        let original = Compiled::new(&unit, None);
        let expected: Vec<_> = tests
            .iter()
            .map(|t| {
                let mut machine = Machine::new(&original, limits);
                let outcome = t.run_in(&mut machine).unwrap();
                (outcome, machine.steps())
            })
            .collect();
        for (m, verdict) in all.mutants.iter().zip(&fast.verdicts) {
            let program = Compiled::new(&mutant_unit(&unit, m).unwrap(), None);
            let mut unproved = 0;
            let first_kill = tests.iter().zip(&expected).position(|(t, (want, steps))| {
                if want.termination == Termination::Timeout {
                    return false;
                }
                let outcome = t.run(&program, limits).unwrap();
                if outcome.termination != Termination::Timeout {
                    return outcome.differs(want);
                }
                let run_checked = |steps: u64| {
                    let mut machine = Machine::new(&program, Limits { steps, ..limits });
                    machine.prove_endless();
                    let o = t.run_in(&mut machine).unwrap();
                    (o, machine.proved_endless())
                };
                if run_checked(limits.steps).1 {
                    return true;
                }
                unproved += 1;
                if unproved > 4 {
                    return false;
                }
                match run_checked(limits.steps.max(*steps) * 3) {
                    (o, proved) if o.termination != Termination::Timeout || proved => {
                        o.differs(want)
                    }
                    _ => false,
                }
            });
            match (first_kill, verdict) {
                (Some(t), Verdict::Killed(k)) => assert_eq!(t, *k, "{} #{}", path.display(), m.id),
                (None, Verdict::Survived | Verdict::NotReached) => {}
                (naive, fast) => panic!(
                    "{} #{} {:?}: naive {naive:?}, analysis {fast:?}",
                    path.display(),
                    m.id,
                    m.replacement
                ),
            }
            checked += 1;
        }
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn score_reports_killed_and_alive_mutants() {
    let dir = scratch_dir("score");
    std::fs::write(
        dir.join("t.json"),
        r#"{"tests": [{"name": "scalene", "method": "classify", "args": [3, 4, 5]},
                     {"name": "equilateral", "method": "classify", "args": [3, 3, 3]},
                     {"method": "Triangle.classify(int, int, int)", "args": [0, 1, 1]}]}"#,
    )
    .unwrap();
    let file = project_file("programs/Triangle.java");
    let o = roth(
        &dir,
        &[
            "score",
            file.to_str().unwrap(),
            "--tests",
            "t.json",
            "--json",
            "--operators",
            "ROR",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let killed = json["killed"].as_u64().unwrap();
    let mutants = json["mutants"].as_u64().unwrap();
    assert!(killed > 0 && killed < mutants, "{json}");
    let results = json["results"].as_array().unwrap();
    assert!(results.iter().any(|r| r["killed_by"] == "equilateral"));
    assert!(results.iter().any(|r| r["killed_by"] == "test 3"));
    // A mistake in the test file is reported with its place.
    std::fs::write(
        dir.join("bad.json"),
        r#"{"tests": [{"method": "classify", "args": [1, "x", 3]}]}"#,
    )
    .unwrap();
    let o = roth(
        &dir,
        &["score", file.to_str().unwrap(), "--tests", "bad.json"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("tests[0]: args[1]: expected an integer for int"),
        "{}",
        stderr(&o)
    );
}

fn edit(base: &str, edits: &[(usize, u8, u8)]) -> String {
    const ALPHABET: &[u8] = b"{}();=+-*/%<>!&|^~?:,.[]'\"0123456789abcxyzintforwhilereturn \n";
    let mut bytes = base.as_bytes().to_vec();
    for &(at, op, byte) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        let c = ALPHABET[byte as usize % ALPHABET.len()];
        match op % 3 {
            0 => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, c),
            _ => bytes[at] = c,
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn load_and_run(text: &str) -> Result<(), TestCaseError> {
    match load("Fuzz.java", text) {
        Err(d) => {
            prop_assert!(d.line >= 1 && d.column >= 1, "{d}");
            prop_assert!(d.line as usize <= text.lines().count().max(1) + 1, "{d}");
        }
        Ok(unit) => {
            for (_, d) in unit.unsupported() {
                prop_assert!(d.line >= 1 && d.column >= 1, "{d}");
            }
            let program = Compiled::new(&unit, None);
            let mut rng = Rng::new(text.len() as u64);
            let limits = Limits {
                steps: 20_000,
                depth: 100,
                heap: 1 << 16,
            };
            for (ci, class) in unit.classes[..unit.file_classes()].iter().enumerate() {
                for (mi, m) in class.methods.iter().enumerate() {
                    if m.body.is_ok() && m.lambda.is_none() {
                        let args: Vec<Value> = m
                            .params
                            .iter()
                            .map(|t| inputs::random_value(t, &mut rng))
                            .collect();
                        let _ = program.run(ci as u32, mi as u32, &args, &[], limits);
                    }
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn edited_programs_never_panic_the_front_end_or_the_interpreter(
        file in 0usize..64,
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..6),
    ) {
        let files = shipped_programs();
        let path = &files[file % files.len()];
        let text = edit(&std::fs::read_to_string(path).unwrap(), &edits);
        load_and_run(&text)?;
    }

    #[test]
    fn random_text_never_panics_the_front_end(text in "[a-z{}();=+<>!0-9 \n]{0,200}") {
        load_and_run(&format!("class F {{ static int f(int x) {{ {text} }} }}"))?;
        load_and_run(&text)?;
    }
}

/// A text the random-text property found: tree-sitter's error recovery on it grew without
/// bound (minutes and tens of gigabytes). The parse budget turns it into a prompt error.
#[test]
fn garbled_text_that_exhausts_error_recovery_is_a_clear_error() {
    let text = r"class F { static int f(int x) { cui5uw73>}9xe{a0;du}0{
!dxhkpcnlgu 7;>12px3=ply0burhmz 7r<2a (75zg}uc+a4pb0cb88fw>6ecw7uv
5+))fth98im<8}mr+{)6=
+m8v
rt<iv
oi2j+>j<v qqc=d(>dcoham=innl{p!kdb!d } }";
    let d = load("Garbled.java", text).unwrap_err();
    assert!(d.message.contains("the parser gave up on this file"), "{d}");
    assert_eq!((d.line, d.column), (1, 1));
    // The budget grows with the text: real files, however long, are far from it.
    for path in shipped_programs() {
        let source = std::fs::read_to_string(&path).unwrap();
        let long = source.repeat(20);
        let unit = load("Long.java", &long);
        assert!(
            unit.as_ref()
                .map_or_else(|d| !d.message.contains("gave up"), |_| true),
            "{}",
            path.display()
        );
    }
}

#[test]
fn semantics_fixture_loads_completely() {
    let path = project_file("tests/roth/java/Semantics.java");
    let unit = load("Semantics.java", &std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(unit.unsupported().count(), 0);
}

#[test]
fn members_outside_the_subset_spoil_only_what_uses_them() {
    let source = "import java.io.File;\n\npublic class Odd {\n    private File seen = new File(\"x\");\n    private int count;\n\n    interface Shape { double area(); }\n\n    public int bump(final int k) {\n        count += k;\n        return count;\n    }\n\n    public int remember(int x) {\n        return seen.hashCode() + x;\n    }\n}\n";
    let unit = load("Odd.java", source).unwrap();
    // The nested interface is read as a class of the file; the field is not.
    assert!(
        unit.classes
            .iter()
            .any(|c| c.name == "Shape" && c.is_interface)
    );
    let skipped: Vec<String> = unit.skipped.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        skipped,
        vec![
            "Odd.java:4:13: field seen: type File is outside the supported subset (primitives, String, the code base's classes and arrays of them)",
        ]
    );
    let (c, bump) = unit.find_method("bump").unwrap();
    assert!(unit.method(c, bump).body.is_ok());
    let (_, remember) = unit.find_method("remember").unwrap();
    let why = unit
        .method(c, remember)
        .body
        .as_ref()
        .unwrap_err()
        .to_string();
    assert!(why.starts_with("Odd.java:15:16: uses field seen"), "{why}");
    // The receiver's outputs leave the unsupported field out.
    let program = Compiled::new(&unit, None);
    let o = program
        .run(
            c,
            bump,
            &[Value::Prim(roth::program::reader::semantics::Kind::Int, 3)],
            &[],
            Limits::default(),
        )
        .unwrap();
    assert_eq!(o.fields.len(), 1);
    // Assigning a final parameter does not compile: no such mutant.
    let all = mutant::generate(&unit);
    assert!(
        !all.mutants
            .iter()
            .any(|m| m.operator == mutant::Operator::AOIS && m.original == "k")
    );
    assert!(
        all.skipped
            .iter()
            .any(|s| s.original == "k" && s.reason.contains("final variable k"))
    );
    // An initializer block outside the subset makes the class's state unknowable: its
    // methods are reported.
    let with_block = source.replace(
        "    private int count;\n",
        "    private int count;\n    static { int[] a = new int[1]; synchronized (a) { a[0] = 1; } }\n",
    );
    let unit = load("Odd.java", &with_block).unwrap();
    let (c, bump) = unit.find_method("bump").unwrap();
    let why = unit.method(c, bump).body.as_ref().unwrap_err().to_string();
    assert!(why.contains("initializer block"), "{why}");
}

#[test]
fn random_strings_draw_on_the_literals_the_method_compares_against() {
    use roth::program::execution::interp::Value;
    use roth::program::testgen::inputs::{Pool, random_value_near};
    let source = "class G {
        static String grade(String name) {
            if (name.equals(\"admin\")) {
                return \"n/a\";
            }
            return \"hi \" + name;
        }
    }";
    let unit = roth::program::load("G.java", source).unwrap();
    let pool = Pool::of(&unit, 0, 0);
    let mut rng = roth::rng::Rng::new(3);
    let text = |v: &Value| match v {
        Value::Str(s) => Some(String::from_utf16_lossy(s)),
        _ => None,
    };
    let drawn: Vec<Option<String>> = (0..400)
        .map(|_| {
            text(&random_value_near(
                &roth::program::Type::String,
                &pool,
                &mut rng,
            ))
        })
        .collect();
    for wanted in ["admin", "admi", "admina", "n/a"] {
        assert!(
            drawn.iter().any(|d| d.as_deref() == Some(wanted)),
            "{wanted:?} never drawn"
        );
    }
    // Most draws are still random text.
    let literal = drawn
        .iter()
        .filter(|d| matches!(d.as_deref(), Some("admin" | "admi" | "admina")))
        .count();
    assert!(literal < 200, "{literal} of 400 draws are literals");
}

#[test]
fn neighbours_nudge_each_argument_and_copy_its_peers() {
    use roth::program::Type;
    use roth::program::execution::interp::Value;
    use roth::program::reader::semantics::Kind;
    use roth::program::testgen::inputs::neighbours;
    let int = |v| Value::Prim(Kind::Int, v);
    let params = [Type::Int, Type::Int, Type::Byte, Type::Boolean];
    let args = [
        int(3),
        int(4),
        Value::Prim(Kind::Byte, 127),
        Value::Prim(Kind::Boolean, 0),
    ];
    let near = neighbours(&params, &args);
    let with = |i: usize, v: Value| {
        let mut a = args.to_vec();
        a[i] = v;
        a
    };
    for wanted in [
        with(0, int(2)),
        with(0, int(4)),
        with(1, int(3)),
        with(1, int(5)),
        with(2, Value::Prim(Kind::Byte, 126)),
        with(3, Value::Prim(Kind::Boolean, 1)),
    ] {
        assert!(near.contains(&wanted), "{wanted:?} missing from {near:?}");
    }
    // A byte stays in range, and only arguments of one type copy each other.
    assert!(!near.contains(&with(2, Value::Prim(Kind::Byte, 128))));
    assert!(
        near.iter()
            .all(|n| n[2] == args[2] || n[2] == Value::Prim(Kind::Byte, 126))
    );
    // Every neighbour differs from the test in exactly one argument.
    for n in &near {
        assert_eq!(
            n.iter().zip(&args).filter(|(a, b)| a != b).count(),
            1,
            "{n:?}"
        );
    }
}

/// `roth exec` on classes with objects: arguments and the receiver built by constructor calls,
/// objects printed with their fields, an object argument shown again when the call changed it,
/// and the errors of a constructor call that does not fit.
#[test]
fn exec_builds_objects_by_constructor_calls() {
    let dir = scratch_dir("exec-objects");
    std::fs::write(
        dir.join("Point.java"),
        "public class Point {
            private int x;
            private int y;
            public Point(int x, int y) { this.x = x; this.y = y; }
            public Point() { this(0, 0); }
            public Point(long both) { this((int) both, (int) both); }
            public Point(double both) { this((int) both, 0); }
            public Point(int a, long b) { this(a, (int) b); }
            public Point(long a, int b) { this((int) a, b); }
            public void move(int dx, int dy) { x += dx; y += dy; }
            public Point plus(Point other) { return new Point(x + other.x, y + other.y); }
            static void shift(Point p) { p.move(1, 1); }
            static int manhattan(Point a, Point b) {
                return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
            }
        }",
    )
    .unwrap();
    let run = |args: &[&str]| roth(&dir, args);
    let ok = |args: &[&str]| {
        let o = run(args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(
        ok(&[
            "exec",
            "Point.java",
            "-m",
            "manhattan",
            "--",
            "new Point(1, 2)",
            "new Point(4, -2)"
        ]),
        "return 7\n"
    );
    assert_eq!(
        ok(&[
            "exec",
            "Point.java",
            "-m",
            "plus",
            "--this",
            "new Point(1, 2)",
            "--",
            "new Point()"
        ]),
        "return Point{x=1, y=2}\n"
    );
    assert_eq!(
        ok(&[
            "exec",
            "Point.java",
            "-m",
            "move",
            "--this",
            "new Point(3L)",
            "--",
            "1",
            "2"
        ]),
        "return\nfield x = 4\nfield y = 5\n"
    );
    // The most specific constructor, as javac chooses: `long` over `double` for an int.
    assert_eq!(
        ok(&[
            "exec",
            "Point.java",
            "-m",
            "plus",
            "--this",
            "new Point(1)",
            "--",
            "new Point()"
        ]),
        "return Point{x=1, y=1}\n"
    );
    assert_eq!(
        ok(&["exec", "Point.java", "-m", "shift", "--", "new Point(5, 5)"]),
        "return\nobject p = Point{x=6, y=6}\n"
    );
    assert_eq!(
        ok(&[
            "exec",
            "Point.java",
            "-m",
            "manhattan",
            "--",
            "null",
            "new Point()"
        ]),
        "throw java.lang.NullPointerException\n"
    );
    // The arrays of Java's own syntax are read too.
    let heap = project_file("programs/objects/MinHeap.java");
    let heap = heap.display().to_string();
    assert_eq!(
        ok(&[
            "exec",
            &heap,
            "-m",
            "smallest",
            "--",
            "new int[] {5, 3, 8, 1}",
            "2"
        ]),
        "return [1, 3]\n"
    );
    for (args, message) in [
        (
            vec!["new Point(\"a\", 1)", "null"],
            "argument 1 (Point a): no constructor of Point takes these arguments",
        ),
        (
            vec!["new Point(1, 2, 3)", "null"],
            "argument 1 (Point a): no constructor of Point takes 3 argument(s)",
        ),
        (
            vec!["new Pointer(1, 2)", "null"],
            "argument 1 (Point a): expected a Point, got `new Pointer`",
        ),
    ] {
        let mut full = vec!["exec", "Point.java", "-m", "manhattan", "--"];
        full.extend(args);
        let o = run(&full);
        assert_eq!(o.status.code(), Some(2), "{full:?}");
        assert!(stderr(&o).contains(message), "{full:?}: {}", stderr(&o));
    }
}
