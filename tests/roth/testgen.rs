//! `roth testgen`: generated tests kill what the report says, in the interpreter and on the JVM.

use std::path::PathBuf;

use roth::program::execution::analysis::{Verdict, analyse};
use roth::program::execution::interp::Limits;
use roth::program::mutants::mutant;
use roth::program::testgen::junit::{Emitted, write_class};
use roth::program::testgen::names::method_names;
use roth::program::testgen::{Fate, Generated, Options, generate};
use roth::program::{Unit, load};

use crate::helpers::{project_file, scratch_dir};
use crate::java::{javac_with, jdk, run_tool};

fn generated(name: &str) -> (String, Unit, Vec<mutant::Mutant>, Generated) {
    generated_from(&format!("programs/{name}.java"))
}

/// [`generated`] for the program at `path` (from the project's root).
fn generated_from(path: &str) -> (String, Unit, Vec<mutant::Mutant>, Generated) {
    let path = project_file(path);
    let source = std::fs::read_to_string(&path).unwrap();
    let unit = load(&path.display().to_string(), &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    // The command line's step limit: a run that loops is given up 100 times sooner than under
    // the interpreter's own default (a timeout kills only when the run is proved endless).
    let options = Options {
        threads: 2,
        limits: Limits {
            steps: 100_000,
            ..Limits::default()
        },
        ..Options::default()
    };
    let g = generate(&unit, &mutants, &options, &mut |_| {});
    (source, unit, mutants, g)
}

/// Every mutant the report calls killed is killed by the final tests, by the test named; no
/// mutant proved equivalent is; on programs with no unknown mutant the score is 100 %.
#[test]
fn generated_tests_kill_what_the_report_says() {
    // The programs whose generation is quick in a debug build; every program's tests are
    // checked on the JVM by `junit_classes_of_every_program` in release.
    for name in ["Mid", "Triangle", "Tax", "Power", "NumZero"] {
        let (_, unit, mutants, g) = generated(name);
        assert_eq!(g.fates.len(), mutants.len());
        let analysis = analyse(&unit, &mutants, &g.tests, Limits::default(), 2, &|_| {}).unwrap();
        for (i, fate) in g.fates.iter().enumerate() {
            match fate {
                Fate::Killed(t) => assert!(
                    analysis.kills[i][*t],
                    "{name}: mutant {} reported killed by test {t}, which does not kill it",
                    mutants[i].id
                ),
                Fate::Equivalent(_) => assert!(
                    !matches!(analysis.verdicts[i], Verdict::Killed(_)),
                    "{name}: mutant {} proved equivalent is killed",
                    mutants[i].id
                ),
                Fate::Unknown(_) => {}
            }
        }
        // A duplicate (the same code as an earlier mutant) shares its first's fate.
        let trivial = roth::program::proofs::equivalence::trivial(&unit, &mutants);
        for (i, t) in trivial.iter().enumerate() {
            if let roth::program::proofs::equivalence::Trivial::DuplicateOf(id) = t {
                let first = mutants.iter().position(|m| m.id == *id).unwrap();
                assert_eq!(
                    g.fates[i], g.fates[first],
                    "{name}: mutant {}",
                    mutants[i].id
                );
            }
        }
        assert_eq!(g.unknown(), 0, "{name}");
        assert_eq!(g.mutation_score(), 1.0, "{name}");
        // Compaction: no test is there for nothing.
        assert!(g.tests.len() < g.killed(), "{name}");
    }
}

/// Shrinking never loses a kill: with the same seed, a run with shrinking and one without
/// keep the same tests in the same order (shrinking comes last), each shrunk test still
/// kills every mutant its unshrunk self was the first to kill, every mutant killed without
/// shrinking is killed with it, and the values got simpler.
#[test]
fn shrinking_never_loses_a_kill() {
    use roth::program::testgen::shrink::complexity;
    let options = |shrink: bool| Options {
        threads: 2,
        shrink,
        limits: Limits {
            steps: 100_000,
            ..Limits::default()
        },
        ..Options::default()
    };
    let mut simplified = 0;
    let mut tests = 0;
    for path in ["programs/Triangle.java", "programs/objects/Ledger.java"] {
        let path = project_file(path);
        let source = std::fs::read_to_string(&path).unwrap();
        let unit = load(&path.display().to_string(), &source).unwrap();
        let mutants = mutant::generate(&unit).mutants;
        let plain = generate(&unit, &mutants, &options(false), &mut |_| {});
        let shrunk = generate(&unit, &mutants, &options(true), &mut |_| {});
        assert_eq!(plain.tests.len(), shrunk.tests.len(), "{path:?}");
        let analysis = roth::program::execution::analysis::kill_matrix(
            &unit,
            &mutants,
            &shrunk.tests,
            Limits {
                steps: 100_000,
                ..Limits::default()
            },
            2,
        )
        .unwrap();
        for (i, fate) in plain.fates.iter().enumerate() {
            if let Fate::Killed(t) = fate {
                assert!(
                    analysis.kills[i][*t],
                    "{path:?}: mutant {} lost by shrinking test {t}: {:?} became {:?}",
                    mutants[i].id, plain.tests[*t], shrunk.tests[*t]
                );
                assert!(matches!(shrunk.fates[i], Fate::Killed(_)));
            }
        }
        for (a, b) in plain.tests.iter().zip(&shrunk.tests) {
            assert_eq!((a.class, a.method), (b.class, b.method));
            let weight = |t: &roth::program::execution::analysis::TestCase| -> u64 {
                t.args.iter().map(complexity).sum::<u64>()
                    + t.fields.iter().map(|(_, v)| complexity(v)).sum::<u64>()
            };
            assert!(weight(b) <= weight(a), "{a:?} shrank to {b:?}");
        }
        assert_eq!(
            shrunk.shrunk,
            plain
                .tests
                .iter()
                .zip(&shrunk.tests)
                .filter(|(a, b)| !a.same_call(b))
                .count()
        );
        simplified += shrunk.shrunk;
        tests += shrunk.tests.len();
    }
    assert!(
        simplified * 4 > tests,
        "{simplified} of {tests} tests shrunk"
    );
}

/// Same input and seed, same tests.
#[test]
fn test_generation_is_deterministic() {
    let (_, _, _, a) = generated("Triangle");
    let (_, _, _, b) = generated("Triangle");
    assert_eq!(format!("{:?}", a.tests), format!("{:?}", b.tests));
    assert_eq!(a.fates, b.fates);
}

pub fn junit_jar() -> Option<PathBuf> {
    let jar = PathBuf::from("/usr/share/java/junit-platform-console-standalone.jar");
    if jar.exists() {
        Some(jar)
    } else {
        eprintln!(
            "skipping: no JUnit console launcher ({}); install junit5",
            jar.display()
        );
        None
    }
}

/// The verdict of the JUnit class on each mutant, on the JVM, checked against the report: the
/// generated class compiles against the original and passes on it, and, run by the JUnit
/// console launcher against each emitted mutant compiled with javac (all in one JVM with a class
/// loader per mutant, `JUnitEach`), fails on exactly the mutants the report calls killed, each
/// by the very test the report names, and passes on those it proves equivalent.
fn check_on_the_jvm(names: &[&str], scratch: &str) {
    let (Some(_), Some(_)) = (jdk(), junit_jar()) else {
        return;
    };
    let programs: Vec<Program> = names
        .iter()
        .map(|&name| {
            let (source, unit, mutants, g) = generated(name);
            (name.to_string(), source, unit, mutants, g)
        })
        .collect();
    check_generated_on_the_jvm(&programs, scratch);
}

/// A program's name (its class), source, unit, mutants and generated tests.
pub type Program = (String, String, Unit, Vec<mutant::Mutant>, Generated);

/// [`check_on_the_jvm`] for tests generated elsewhere (merged from the parts of a sharded run).
pub fn check_generated_on_the_jvm(programs: &[Program], scratch: &str) {
    let (Some((javac, java)), Some(jar)) = (jdk(), junit_jar()) else {
        return;
    };
    let dir = scratch_dir(scratch);
    let tools = javac_with(
        &javac,
        Some(&jar),
        &[project_file("tests/roth/java/JUnitEach.java")],
        &dir.join("tools"),
    );
    let mut list: Vec<String> = Vec::new();
    // Per folder: the program, the mutant's id and description, and whether it must fail
    // (killed: yes; equivalent and the original: no).
    let mut expected: std::collections::HashMap<String, (String, String, bool)> =
        std::collections::HashMap::new();
    for (name, source, unit, mutants, g) in programs {
        let name = name.as_str();
        let emitted: Vec<Emitted<'_>> = g
            .tests
            .iter()
            .enumerate()
            .map(|(t, test)| Emitted {
                test,
                kills: mutants
                    .iter()
                    .zip(&g.fates)
                    .filter(|(_, f)| **f == Fate::Killed(t))
                    .map(|(m, _)| (m.id, m.operator.to_string()))
                    .collect(),
            })
            .collect();
        // One second per test, not the default ten: a mutant that loops costs a second per
        // test it loops in, and the originals' tests take milliseconds.
        let test_source = write_class(unit, 0, &emitted, Limits::default(), 1).unwrap();
        let names = method_names(g.tests.iter().map(|t| t.name.as_str()));
        let program_dir = dir.join(name);
        // The test class is compiled against the original, then kept alone in its folder: the
        // class under test must come from each run's own folder.
        let original = program_dir.join("original");
        std::fs::create_dir_all(&original).unwrap();
        std::fs::write(original.join(format!("{name}.java")), source).unwrap();
        let test_file = program_dir.join(format!("{name}Test.java"));
        std::fs::write(&test_file, &test_source).unwrap();
        let test_classes = javac_with(
            &javac,
            Some(&jar),
            &[original.join(format!("{name}.java")), test_file],
            &program_dir,
        );
        for entry in std::fs::read_dir(&test_classes).unwrap() {
            let path = entry.unwrap().path();
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            if !file.starts_with(&format!("{name}Test")) {
                std::fs::remove_file(&path).unwrap();
            }
        }
        // A killed mutant runs only the test the report says kills it (a stronger check than
        // "some test fails", and a looping mutant then costs one timeout, not one a test); the
        // original and the equivalent mutants run the whole class; unknown mutants, whose
        // verdict is not asserted, do not run.
        let mut add = |folder: PathBuf, what: (String, String, bool), method: Option<String>| {
            let folder = folder.display().to_string();
            list.push(format!(
                "{folder}\t{}\t{name}Test{}\n",
                test_classes.display(),
                method.map(|m| format!("\t{m}")).unwrap_or_default()
            ));
            expected.insert(folder, what);
        };
        add(
            original,
            (name.to_string(), "the original".to_string(), false),
            None,
        );
        for (m, fate) in mutants.iter().zip(&g.fates) {
            let (must_fail, method) = match *fate {
                Fate::Killed(t) => (true, Some(names[t].clone())),
                Fate::Equivalent(_) => (false, None),
                Fate::Unknown(_) => continue,
            };
            let d = program_dir.join(m.id.to_string());
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(
                d.join(format!("{name}.java")),
                mutant::mutated_source(source, m),
            )
            .unwrap();
            let what = format!(
                "mutant {} ({} -> {}, {fate:?})",
                m.id, m.original, m.replacement
            );
            add(d, (name.to_string(), what, must_fail), method);
        }
    }
    let class_path = std::env::join_paths([jar.as_path(), tools.as_path()]).unwrap();
    // Two JVMs, each with every other run: the runs are independent, and a mutant's timeout
    // keeps one core busy while the other JVM goes on.
    let jvms = 2;
    let stdout: String = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..jvms)
            .map(|j| {
                let part: String = list
                    .iter()
                    .skip(j)
                    .step_by(jvms)
                    .map(String::as_str)
                    .collect();
                let list_file = dir.join(format!("runs{j}.txt"));
                std::fs::write(&list_file, part).unwrap();
                let (java, class_path) = (&java, &class_path);
                scope.spawn(move || run_tool(java, class_path, "JUnitEach", &list_file))
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    let mut seen = 0;
    let mut wrong = Vec::new();
    for line in stdout.lines() {
        let (verdict, rest) = line.split_once(' ').unwrap();
        let folder = match verdict {
            "pass" => rest,
            "fail" => rest.rsplit_once(' ').unwrap().0,
            _ => panic!("{line}: every original and mutant must compile"),
        };
        let (program, what, must_fail) = &expected[folder];
        seen += 1;
        if (verdict == "fail") != *must_fail {
            wrong.push(format!("{program}: {what}: the JUnit class {verdict}s"));
        }
    }
    assert_eq!(seen, expected.len(), "one verdict per folder:\n{stdout}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The generated JUnit classes of a few programs on the JVM (all programs: the ignored test
/// below, run by `.ci/run`).
#[test]
fn generated_junit_classes_fail_on_exactly_the_killed_mutants() {
    check_on_the_jvm(&["NumZero", "Sum", "Mid", "Power"], "testgen-jvm");
}

/// Every shipped program's generated JUnit class on the JVM against every mutant
/// (`cargo test --release --test roth -- --ignored junit_classes_of_every`).
#[test]
#[ignore = "every program and mutant on the JVM: run in release by .ci/run"]
fn junit_classes_of_every_program_fail_on_exactly_the_killed_mutants() {
    let names: Vec<String> = crate::java::shipped_programs()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    check_on_the_jvm(&names, "testgen-jvm-all");
}

/// A unit whose methods take and return lists, sets, deques and maps: its tests give them by
/// their contents (`new ArrayList<>(Arrays.asList(...))`, `filled(new HashMap<>(), ...)`) and
/// compare them by content, and must still fail on exactly the mutants roth says they kill.
/// A few minutes in a debug build: run in release by `.ci/run`.
#[test]
#[ignore = "testgen and every mutant on the JVM: run in release by .ci/run"]
fn junit_classes_of_the_collections_unit_fail_on_exactly_the_killed_mutants() {
    let (source, unit, mutants, g) = generated_from("programs/objects/Inventory.java");
    check_generated_on_the_jvm(
        &[("Inventory".to_string(), source, unit, mutants, g)],
        "testgen-jvm-collections",
    );
}

/// Object programs whose receivers have no constructor without arguments, or whose
/// methods need an object prepared by calls: their tests build receivers by constructor
/// calls and setups (`new BankAccount("a", 5L); receiver.withdraw(3L);`), check objects by
/// their fields, and must fail on exactly the mutants roth says they kill; TicketOffice's
/// tests change static state and must still pass in any order. `ROTH_OBJECT_PROGRAMS=A,B`
/// chooses others of `programs/objects/`.
#[test]
#[ignore = "testgen and every mutant on the JVM: run in release by .ci/run"]
fn junit_classes_of_object_programs_fail_on_exactly_the_killed_mutants() {
    let chosen = std::env::var("ROTH_OBJECT_PROGRAMS")
        .unwrap_or_else(|_| "BankAccount,Playlist,Shapes,Ledger,TicketOffice".to_string());
    let programs: Vec<Program> = chosen
        .split(',')
        .map(|name| {
            let (source, unit, mutants, g) =
                generated_from(&format!("programs/objects/{name}.java"));
            (name.to_string(), source, unit, mutants, g)
        })
        .collect();
    check_generated_on_the_jvm(&programs, "testgen-jvm-objects");
    passes_in_any_order(&programs, "testgen-jvm-objects-order");
}

/// The JUnit class of `g`'s tests of `unit`'s first class, with no mutants named.
fn junit_without_comments(unit: &Unit, g: &Generated) -> String {
    let emitted: Vec<Emitted<'_>> = g
        .tests
        .iter()
        .map(|test| Emitted {
            test,
            kills: Vec::new(),
        })
        .collect();
    write_class(unit, 0, &emitted, Limits::default(), 10).unwrap()
}

/// Each program's JUnit class passes on the original whatever order its tests run in
/// (by name, and shuffled with three seeds): no test depends on what ran before it, static
/// state included.
fn passes_in_any_order(programs: &[Program], scratch: &str) {
    let (Some((javac, java)), Some(jar)) = (jdk(), junit_jar()) else {
        return;
    };
    let dir = scratch_dir(scratch);
    for (name, source, unit, _, g) in programs {
        let test_source = junit_without_comments(unit, g);
        let program_dir = dir.join(name);
        std::fs::create_dir_all(&program_dir).unwrap();
        let files = [
            program_dir.join(format!("{name}.java")),
            program_dir.join(format!("{name}Test.java")),
        ];
        std::fs::write(&files[0], source).unwrap();
        std::fs::write(&files[1], &test_source).unwrap();
        let classes = javac_with(&javac, Some(&jar), &files, &program_dir);
        let orders = [
            ("MethodName", None),
            ("Random", Some(1)),
            ("Random", Some(2)),
            ("Random", Some(3)),
        ];
        for (order, seed) in orders {
            let mut command = std::process::Command::new(&java);
            command
                .arg("-jar")
                .arg(&jar)
                .arg("-cp")
                .arg(&classes)
                .arg("--select-class")
                .arg(format!("{name}Test"))
                .arg("--disable-banner")
                .arg("--details=summary")
                .arg("--config")
                .arg(format!(
                    "junit.jupiter.testmethod.order.default=org.junit.jupiter.api.MethodOrderer${order}"
                ));
            if let Some(seed) = seed {
                command
                    .arg("--config")
                    .arg(format!("junit.jupiter.execution.order.random.seed={seed}"));
            }
            let out = command.output().unwrap();
            assert!(
                out.status.success(),
                "{name}Test fails on the original in order {order} {seed:?}:\n{}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
    }
}

/// Java turns `\uXXXX` escapes into characters before it reads literals, so a generated class
/// must never write a line break, a quote or a backslash that way (`'\u000a'` does not
/// compile): Words' tests hold such characters.
#[test]
fn generated_literals_use_escapes_javac_reads() {
    let (_, unit, _, g) = generated("Words");
    let source = junit_without_comments(&unit, &g);
    for bad in ["\\u000a", "\\u000d", "\\u0022", "\\u0027", "\\u005c"] {
        assert!(!source.contains(bad), "{bad} in:\n{source}");
    }
    use roth::program::reader::text::{char_literal, string_literal};
    assert_eq!(char_literal(0x0a), "'\\n'");
    assert_eq!(char_literal(0x27), "'\\''");
    assert_eq!(
        string_literal(&[0x22, 0x0d, 0x5c, 0x0a, 0x3bb]),
        "\"\\\"\\r\\\\\\n\\u03bb\""
    );
}

/// The report's `tests` are roth's test format: `roth score --tests report.json` runs them and
/// kills exactly the mutants the report calls killed.
/// A spent budget stops every pass: every mutant is reported unknown (exit 1) and the report
/// and the (empty) JUnit class are still written; a budget that is not positive is a usage
/// error.
#[test]
fn a_spent_budget_leaves_every_mutant_unknown_and_writes_the_outputs() {
    let dir = scratch_dir("testgen-budget");
    let file = project_file("programs/Mid.java");
    let file = file.to_str().unwrap();
    let args = [
        "testgen",
        file,
        "--budget",
        "1e-9",
        "--report",
        "r.json",
        "--out",
        "MidTest.java",
        "-q",
    ];
    let o = crate::helpers::roth(&dir, &args);
    assert_eq!(o.status.code(), Some(1), "{}", crate::helpers::stderr(&o));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("r.json")).unwrap()).unwrap();
    let mutants = report["mutants"].as_u64().unwrap();
    assert!(mutants > 100);
    assert_eq!(report["unknown"].as_array().unwrap().len() as u64, mutants);
    assert!(report["tests"].as_array().unwrap().is_empty());
    assert!(dir.join("MidTest.java").exists());
    let o = crate::helpers::roth(&dir, &["testgen", file, "--budget=0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(crate::helpers::stderr(&o).contains("--budget"));
}

#[test]
fn score_reads_the_tests_of_a_testgen_report() {
    let dir = scratch_dir("testgen-score");
    let file = project_file("programs/Triangle.java");
    let file = file.to_str().unwrap();
    let o = crate::helpers::roth(
        &dir,
        &[
            "testgen",
            file,
            "--operators",
            "ROR",
            "--report",
            "r.json",
            "-q",
        ],
    );
    assert!(o.status.success(), "{}", crate::helpers::stderr(&o));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("r.json")).unwrap()).unwrap();
    let tests = report["tests"].as_array().unwrap();
    assert!(!tests.is_empty());
    for t in tests {
        assert!(!t["kills"].as_array().unwrap().is_empty(), "{t}");
    }
    let o = crate::helpers::roth(
        &dir,
        &[
            "score",
            file,
            "--operators",
            "ROR",
            "--tests",
            "r.json",
            "--json",
        ],
    );
    assert!(o.status.success(), "{}", crate::helpers::stderr(&o));
    let score: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut scored: Vec<u64> = score["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["status"] == "killed")
        .map(|r| r["id"].as_u64().unwrap())
        .collect();
    scored.sort_unstable();
    let killed: Vec<u64> = report["killed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect();
    assert_eq!(scored, killed);
}

/// Tests written in the JSON format read back as the same tests: overloads by their
/// signature, fields of the receiver, arrays, strings and special doubles.
#[test]
fn json_tests_read_back_as_written() {
    use roth::program::execution::analysis::TestCase;
    use roth::program::execution::interp::Value;
    use roth::program::reader::semantics::{Kind, bits_f64};
    use roth::program::testgen::testfile::{read_tests, tests_to_json};
    let source = "class K {
        int count;
        int f(int x) { return x; }
        int f(double[] xs, String s, char c) { count++; return xs.length; }
    }";
    let unit = load("K.java", source).unwrap();
    let (class, first) = unit.find_method("f(int)").unwrap();
    let (_, second) = unit.find_method("f(double[], String, char)").unwrap();
    let doubles = [f64::NAN, -0.0, 1.5e300, f64::NEG_INFINITY];
    let tests = vec![
        TestCase {
            name: "one".into(),
            class,
            method: first,
            args: vec![Value::Prim(Kind::Int, -7)],
            fields: vec![],
            receiver: None,
        },
        TestCase {
            name: "two".into(),
            class,
            method: second,
            args: vec![
                Value::Array(
                    roth::program::Type::Double,
                    doubles
                        .iter()
                        .map(|&d| Value::Prim(Kind::Double, bits_f64(d)))
                        .collect(),
                ),
                Value::Str("a\"b\n".encode_utf16().collect::<Vec<u16>>().into()),
                Value::Prim(Kind::Char, 'x' as i64),
            ],
            fields: vec![("count".into(), Value::Prim(Kind::Int, 3))],
            receiver: None,
        },
    ];
    let json = serde_json::json!({ "tests": tests_to_json(&unit, &tests) }).to_string();
    let read = read_tests(&unit, &json).unwrap();
    assert_eq!(read.len(), tests.len());
    for (a, b) in read.iter().zip(&tests) {
        assert_eq!((&a.name, a.class, a.method), (&b.name, b.class, b.method));
        assert_eq!(a.fields.len(), b.fields.len());
        for (x, y) in a.args.iter().zip(&b.args).chain(
            a.fields
                .iter()
                .map(|f| &f.1)
                .zip(b.fields.iter().map(|f| &f.1)),
        ) {
            assert!(x.same(y), "{x:?} read back for {y:?}");
        }
    }
}

/// Objects in JSON tests: as `to_json` writes them (`new`, `enum`) and as Java expressions in
/// strings; wrong classes and constants are refused with the argument named.
#[test]
fn json_tests_carry_objects() {
    use roth::program::testgen::testfile::{read_tests, tests_to_json};
    let source = "class L {
        enum Kind { CREDIT, DEBIT }
        static class Entry {
            Kind kind; int amount;
            Entry(Kind kind, int amount) { this.kind = kind; this.amount = amount; }
        }
        static int apply(int b, Entry e) { return e == null ? b : b + e.amount; }
        static int sign(int b, Kind k) { return k == Kind.CREDIT ? b : -b; }
    }";
    let unit = load("L.java", source).unwrap();
    let json = r#"{"tests": [
        {"method": "apply", "args": [1, {"new": "L.Entry", "constructor": 0,
                                         "args": [{"enum": "L.Kind", "name": "DEBIT"}, 5]}]},
        {"method": "apply", "args": [2, "new L.Entry(L.Kind.CREDIT, -3)"]},
        {"method": "apply", "args": [3, null]}
    ]}"#;
    let read = read_tests(&unit, json).unwrap();
    let again = serde_json::json!({ "tests": tests_to_json(&unit, &read) }).to_string();
    let twice = read_tests(&unit, &again).unwrap();
    for (a, b) in read.iter().zip(&twice) {
        for (x, y) in a.args.iter().zip(&b.args) {
            assert!(x.same(y), "{x:?} read back for {y:?}");
        }
    }
    assert!(again.contains(r#""name":"CREDIT""#), "{again}");
    for (bad, says) in [
        (
            r#"{"enum": "L.Kind", "name": "DEBIT"}"#,
            "a L.Kind is not a L.Entry",
        ),
        (r#"{"new": "L.Kind"}"#, "is not a L.Entry"),
        (
            r#"{"new": "L.Entry", "constructor": 0, "args": [null]}"#,
            "takes 2 argument(s)",
        ),
        (r#""new L.Entry(1, 2)""#, "args[1]"),
        ("7", "expected an object"),
    ] {
        let json = format!(r#"{{"tests": [{{"method": "apply", "args": [0, {bad}]}}]}}"#);
        let e = read_tests(&unit, &json).unwrap_err();
        assert!(e.contains(says), "{bad}: {e}");
    }
    let json =
        r#"{"tests": [{"method": "sign", "args": [0, {"enum": "L.Kind", "name": "BARTER"}]}]}"#;
    let e = read_tests(&unit, json).unwrap_err();
    assert!(e.contains("L.Kind has no constant BARTER"), "{e}");
}

/// `roth testgen DIR` on a Maven or Gradle project reads `src/main/java`, writes
/// `src/test/java/<package>/<Class>RothTest.java` beside the user's own tests (never
/// touching them, and never replacing its own output without `--force`), and prints the
/// JUnit 5 dependency lines.
#[test]
fn a_build_layout_gets_its_tests_beside_the_users() {
    use crate::helpers::{roth, stdout};
    let dir = scratch_dir("testgen-maven");
    let main = dir.join("src/main/java/com/example");
    let tests = dir.join("src/test/java/com/example");
    std::fs::create_dir_all(&main).unwrap();
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(
        main.join("Counter.java"),
        "package com.example;\n\npublic class Counter {\n    private int count;\n    private final int limit;\n\n    \
         public Counter(int limit) {\n        if (limit <= 0) {\n            throw new IllegalArgumentException(\"limit\");\n        }\n        this.limit = limit;\n    }\n\n    \
         public boolean add(int n) {\n        if (count + n > limit) {\n            return false;\n        }\n        count += n;\n        return true;\n    }\n}\n",
    )
    .unwrap();
    let own = "class CounterTest {}\n";
    std::fs::write(tests.join("CounterTest.java"), own).unwrap();
    let o = roth(&dir, &["testgen", ".", "-q"]);
    assert!(o.status.code().is_some_and(|c| c <= 1), "{o:?}");
    let written = std::fs::read_to_string(tests.join("CounterRothTest.java")).unwrap();
    assert!(written.starts_with("package com.example;"), "{written}");
    assert!(written.contains("class CounterRothTest {"), "{written}");
    assert!(written.contains("new Counter("), "{written}");
    assert_eq!(
        std::fs::read_to_string(tests.join("CounterTest.java")).unwrap(),
        own
    );
    // Without -q, the dependency lines; a second run does not replace the class.
    let again = roth(&dir, &["testgen", "."]);
    assert_eq!(again.status.code(), Some(2), "{again:?}");
    let forced = roth(&dir, &["testgen", ".", "--force"]);
    let out = stdout(&forced);
    assert!(
        out.contains("<artifactId>junit-jupiter</artifactId>"),
        "{out}"
    );
    assert!(
        out.contains("testImplementation 'org.junit.jupiter:junit-jupiter:"),
        "{out}"
    );
}
