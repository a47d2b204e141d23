//! `roth testgen`: generated tests kill what the report says, in the interpreter and on the JVM.

use std::path::PathBuf;
use std::process::Command;

use roth::program::analysis::{Verdict, analyse};
use roth::program::interp::Limits;
use roth::program::junit::{Emitted, write_class};
use roth::program::testgen::{Fate, Generated, Options, generate};
use roth::program::{Unit, load, mutant};

use crate::helpers::{project_file, scratch_dir};
use crate::java::{javac_with, jdk};

fn generated(name: &str) -> (String, Unit, Vec<mutant::Mutant>, Generated) {
    let path = project_file(&format!("programs/{name}.java"));
    let source = std::fs::read_to_string(&path).unwrap();
    let unit = load(&path.display().to_string(), &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    let g = generate(&unit, &mutants, &Options::default(), &mut |_| {});
    (source, unit, mutants, g)
}

/// Every mutant the report calls killed is killed by the final tests, by the test named; no
/// mutant proved equivalent is; on programs with no unknown mutant the score is 100 %.
#[test]
fn generated_tests_kill_what_the_report_says() {
    for name in ["Mid", "Triangle", "QuickSort", "Tax", "Power", "NumZero"] {
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
        assert_eq!(g.unknown(), 0, "{name}");
        assert_eq!(g.mutation_score(), 1.0, "{name}");
        // Compaction: no test is there for nothing.
        assert!(g.tests.len() < g.killed(), "{name}");
    }
}

/// Same input and seed, same tests.
#[test]
fn test_generation_is_deterministic() {
    let (_, _, _, a) = generated("Triangle");
    let (_, _, _, b) = generated("Triangle");
    assert_eq!(format!("{:?}", a.tests), format!("{:?}", b.tests));
    assert_eq!(a.fates, b.fates);
}

fn junit_jar() -> Option<PathBuf> {
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

/// Compiles `sources` with the JUnit jar and runs `class` with the console launcher: whether
/// every test passed.
fn junit_passes(
    javac: &std::path::Path,
    java: &std::path::Path,
    jar: &std::path::Path,
    dir: &std::path::Path,
    sources: &[PathBuf],
    class: &str,
) -> bool {
    let classes = javac_with(javac, Some(jar), sources, dir);
    let run = Command::new(java)
        .arg("-jar")
        .arg(jar)
        .arg("-cp")
        .arg(&classes)
        .arg("--select-class")
        .arg(class)
        .arg("--disable-banner")
        .arg("--details=none")
        .output()
        .expect("the JUnit console launcher runs");
    run.status.success()
}

/// The generated JUnit class compiles, passes on the original, and fails on exactly the
/// mutants the report calls killed (each compiled and run on its own).
#[test]
fn generated_junit_classes_fail_on_exactly_the_killed_mutants() {
    let (Some((javac, java)), Some(jar)) = (jdk(), junit_jar()) else {
        return;
    };
    for name in ["NumZero", "Sum"] {
        let (source, unit, mutants, g) = generated(name);
        let emitted: Vec<Emitted<'_>> = g
            .tests
            .iter()
            .map(|test| Emitted {
                test,
                kills: Vec::new(),
            })
            .collect();
        let test_source = write_class(&unit, 0, &emitted, Limits::default()).unwrap();
        let dir = scratch_dir(&format!("testgen-jvm-{name}"));
        let test_file = dir.join(format!("{name}Test.java"));
        std::fs::write(&test_file, &test_source).unwrap();
        let original = dir.join("original");
        std::fs::create_dir_all(&original).unwrap();
        std::fs::write(original.join(format!("{name}.java")), &source).unwrap();
        assert!(
            junit_passes(
                &javac,
                &java,
                &jar,
                &original,
                &[original.join(format!("{name}.java")), test_file.clone()],
                &format!("{name}Test")
            ),
            "{name}: the generated tests fail on the original:\n{test_source}"
        );
        for (m, fate) in mutants.iter().zip(&g.fates) {
            let d = dir.join(m.id.to_string());
            std::fs::create_dir_all(&d).unwrap();
            let file = d.join(format!("{name}.java"));
            std::fs::write(&file, mutant::mutated_source(&source, m)).unwrap();
            let passes = junit_passes(
                &javac,
                &java,
                &jar,
                &d,
                &[file, test_file.clone()],
                &format!("{name}Test"),
            );
            assert_eq!(
                !passes,
                matches!(fate, Fate::Killed(_)),
                "{name}: mutant {} ({} -> {}) is {fate:?} but the JUnit run {}",
                m.id,
                m.original,
                m.replacement,
                if passes { "passes" } else { "fails" }
            );
        }
    }
}
