//! The `roth` binary: outputs, exit codes (0 success, 1 job failed, 2 bad input or usage),
//! error messages with positions, determinism, and never replacing a user's file unasked.

use serde_json::Value;

use crate::helpers::{project_file, roth, scratch_dir, stderr, stdout};

fn project() -> std::path::PathBuf {
    project_file("")
}

#[test]
fn readme_main_job_runs_on_the_shipped_circuit() {
    let o = roth(&project(), &["atpg", "circuits/multiplier16.bench"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // The 16x16 array multiplier has 32 redundant collapsed faults, all proved.
    assert!(
        out.contains("untestable          32   collapsed       32   efficiency 100.000 %"),
        "{out}"
    );
    assert!(out.contains("aborted              0"), "{out}");
}

#[test]
fn readme_fsim_example_runs_on_the_shipped_test_set() {
    let o = roth(
        &project(),
        &["fsim", "circuits/c17.bench", "circuits/c17.test"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("faults            34   detected       34   coverage 100.000 %"),
        "{out}"
    );
    assert!(
        out.contains("collapsed         22   detected       22"),
        "{out}"
    );
}

#[test]
fn every_command_has_help() {
    for command in [
        "stats", "faults", "fsim", "random", "gen", "bench", "atpg", "solve",
    ] {
        let o = roth(&project(), &[command, "--help"]);
        assert!(o.status.success(), "{command}");
        assert!(stdout(&o).contains("Usage: roth"), "{command}");
    }
    let o = roth(&project(), &["--help"]);
    assert!(stdout(&o).contains("fsim"));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(roth(&project(), &["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        roth(&project(), &["fsim", "circuits/c17.bench"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        roth(&project(), &["gen", "multiplier", "1"]).status.code(),
        Some(2)
    );
}

#[test]
fn bad_circuit_is_reported_with_position_and_exit_2() {
    let dir = scratch_dir("cli_bad_circuit");
    std::fs::write(
        dir.join("bad.bench"),
        "INPUT(a)\nOUTPUT(y)\ny = MAJ(a, a, a)\n",
    )
    .unwrap();
    let o = roth(&dir, &["stats", "bad.bench"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: bad.bench:3:5: unknown gate type 'MAJ' (expected AND, NAND, OR, NOR, XOR, XNOR, NOT, BUF, BUFF or DFF)\n"
    );
    std::fs::write(
        dir.join("loop.bench"),
        "INPUT(a)\nOUTPUT(y)\ny = AND(a, z)\nz = NOT(y)\n",
    )
    .unwrap();
    let o = roth(&dir, &["stats", "loop.bench"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("loop.bench:3:1: combinational loop through nets 'y' -> 'z' -> 'y'")
    );
    let o = roth(&dir, &["stats", "missing.bench"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: missing.bench: cannot read the file"));
}

#[test]
fn warnings_go_to_stderr_and_quiet_silences_them() {
    let dir = scratch_dir("cli_warnings");
    std::fs::write(dir.join("u.bench"), "INPUT(a)\nOUTPUT(y)\ny = AND(a, u)\n").unwrap();
    let o = roth(&dir, &["stats", "u.bench"]);
    assert!(o.status.success());
    assert_eq!(
        stderr(&o),
        "warning: u.bench:3:1: net 'u' is used but never driven; treating it as a primary input\n"
    );
    assert!(stdout(&o).contains("undriven nets      u"));
    let o = roth(&dir, &["--quiet", "stats", "u.bench"]);
    assert_eq!(stderr(&o), "");
}

#[test]
fn stats_json_has_the_counts() {
    let o = roth(&project(), &["stats", "--json", "circuits/c17.bench"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["faults"], 34);
    assert_eq!(v["collapsed"], 22);
    assert_eq!(v["primary_inputs"], 5);
    assert_eq!(v["gates"], 6);
}

#[test]
fn faults_lists_names_and_classes() {
    let o = roth(&project(), &["faults", "circuits/c17.bench"]);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 34);
    assert_eq!(lines[0], "1 sa0");
    assert!(lines.contains(&"11->16 sa1".to_owned()));
    let o = roth(
        &project(),
        &[
            "faults",
            "--list",
            "collapsed",
            "--classes",
            "circuits/c17.bench",
        ],
    );
    assert_eq!(stdout(&o).lines().count(), 22);
}

#[test]
fn random_patterns_are_deterministic_in_every_format() {
    let dir = scratch_dir("cli_random");
    let c17 = project_file("circuits/c17.bench");
    let c17 = c17.to_str().unwrap();
    for ext in ["json", "test", "stil"] {
        for name in ["a", "b"] {
            let file = format!("{name}.{ext}");
            let o = roth(
                &dir,
                &["random", c17, "-n", "100", "--seed", "7", "-o", &file],
            );
            assert!(o.status.success(), "{}", stderr(&o));
        }
        let a = std::fs::read_to_string(dir.join(format!("a.{ext}"))).unwrap();
        let b = std::fs::read_to_string(dir.join(format!("b.{ext}"))).unwrap();
        assert_eq!(a, b, "{ext} output differs between runs with one seed");
    }
    let o = roth(
        &dir,
        &["random", c17, "-n", "100", "--seed", "8", "-o", "c.json"],
    );
    assert!(o.status.success());
    assert_ne!(
        std::fs::read_to_string(dir.join("a.json")).unwrap(),
        std::fs::read_to_string(dir.join("c.json")).unwrap()
    );
    // The files read back: both readable formats give the same coverage, responses check out.
    let json = stdout(&roth(&dir, &["fsim", c17, "a.json"]));
    let test = stdout(&roth(&dir, &["fsim", c17, "a.test"]));
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("time"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&json), strip(&test));
    assert!(json.contains("patterns    100"));
}

#[test]
fn outputs_are_never_replaced_without_force() {
    let dir = scratch_dir("cli_force");
    std::fs::write(dir.join("keep.bench"), "precious").unwrap();
    let o = roth(&dir, &["gen", "adder", "4", "-o", "keep.bench"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("keep.bench already exists; give --force to replace it"));
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.bench")).unwrap(),
        "precious"
    );
    let o = roth(&dir, &["gen", "adder", "4", "-o", "keep.bench", "--force"]);
    assert!(o.status.success());
    assert!(
        std::fs::read_to_string(dir.join("keep.bench"))
            .unwrap()
            .starts_with("# adder4")
    );
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn fsim_report_and_detail() {
    let dir = scratch_dir("cli_fsim_report");
    let c17 = project_file("circuits/c17.bench");
    let o = roth(
        &dir,
        &[
            "fsim",
            c17.to_str().unwrap(),
            "--random",
            "3",
            "--seed",
            "2",
            "--detail",
            "--report",
            "r.json",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("r.json")).unwrap()).unwrap();
    for field in [
        "faults",
        "collapsed",
        "detected",
        "coverage",
        "collapsed_detected",
        "patterns",
        "seconds",
    ] {
        assert!(v.get(field).is_some(), "report lacks {field}");
    }
    assert_eq!(v["faults"], 34);
    assert_eq!(v["patterns"], 3);
    let undetected = v["undetected"].as_array().unwrap();
    let detected = v["detected"].as_u64().unwrap() as usize;
    assert_eq!(undetected.len() + detected, 34);
    assert!(stdout(&o).contains(&format!("undetected faults ({}):", undetected.len())));
}

#[test]
fn fsim_checks_stored_responses_and_x_bits() {
    let dir = scratch_dir("cli_fsim_checks");
    let c17 = project_file("circuits/c17.bench");
    let c17 = c17.to_str().unwrap();
    let good = std::fs::read_to_string(project_file("circuits/c17.test")).unwrap();
    // A wrong stored response: the pattern set fails verification (exit 1).
    std::fs::write(dir.join("wrong.test"), good.replace("01111 00", "01111 01")).unwrap();
    let o = roth(&dir, &["fsim", c17, "wrong.test"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(
        "1 pattern(s) carry a fault-free response that differs from simulation (first: pattern 0)"
    ));
    // Don't-care bits need --fill.
    std::fs::write(dir.join("x.test"), good.replace("01111 00", "0X111 00")).unwrap();
    let o = roth(&dir, &["fsim", c17, "x.test"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("pattern 0 leaves input '2' unspecified (X); give --fill 0, 1 or random")
    );
    let o = roth(&dir, &["fsim", c17, "x.test", "--fill", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Patterns for another circuit.
    let adder = project_file("circuits/adder8.bench");
    let o = roth(
        &dir,
        &["fsim", adder.to_str().unwrap(), "x.test", "--fill", "0"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the patterns do not fit the circuit"));
}

#[test]
fn fsim_reads_files_that_name_no_inputs() {
    let dir = scratch_dir("cli_fsim_headerless");
    let c17 = project_file("circuits/c17.bench");
    let c17 = c17.to_str().unwrap();
    let named = std::fs::read_to_string(project_file("circuits/c17.test")).unwrap();
    // The same patterns as quaigh writes them (no names, no responses) and as plain lines.
    let lines: Vec<(&str, &str)> = named
        .lines()
        .filter(|l| !l.starts_with('*'))
        .filter_map(|l| l.trim().split_once(": "))
        .map(|(_, values)| values.split_once(' ').unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    let mut quaigh = String::from("* Test pattern file\n* generated by quaigh\n");
    let mut plain = String::new();
    for (k, (inputs, outputs)) in lines.iter().enumerate() {
        quaigh.push_str(&format!("{}: {inputs}\n", k + 1));
        plain.push_str(&format!("{inputs} {outputs}\n"));
    }
    std::fs::write(dir.join("named.test"), &named).unwrap();
    std::fs::write(dir.join("q.test"), quaigh).unwrap();
    std::fs::write(dir.join("plain.txt"), plain).unwrap();
    let report = |file: &str| -> Value {
        let o = roth(&dir, &["fsim", c17, file, "--report", "r.json", "--force"]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        serde_json::from_str(&std::fs::read_to_string(dir.join("r.json")).unwrap()).unwrap()
    };
    let expected = report("named.test");
    assert!(expected["detected"].as_u64().unwrap() > 0);
    for file in ["q.test", "plain.txt"] {
        let got = report(file);
        for field in [
            "patterns",
            "detected",
            "collapsed_detected",
            "response_mismatches",
        ] {
            assert_eq!(got[field], expected[field], "{file}: {field}");
        }
    }
    // Too few values for the circuit: a clear error (exit 2) saying the order.
    std::fs::write(dir.join("short.txt"), "0101\n").unwrap();
    let o = roth(&dir, &["fsim", c17, "short.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("taken by position, and the circuit has 5"));
    // quaigh's own file, where the peer's binary is present: its claimed full coverage holds.
    let quaigh = project_file("../shared/peers/quaigh");
    if !quaigh.exists() {
        eprintln!("skipped the quaigh part: no binary at {}", quaigh.display());
        return;
    }
    let o = std::process::Command::new(&quaigh)
        .args(["atpg", c17, "-o"])
        .arg(dir.join("quaigh.test"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let got = report("quaigh.test");
    assert_eq!(got["coverage"].as_f64(), Some(100.0));
}

#[test]
fn gen_and_bench_round_trip_through_files() {
    let dir = scratch_dir("cli_gen");
    let o = roth(
        &dir,
        &[
            "gen", "random", "300", "--seed", "4", "--dffs", "5", "-o", "r.bench",
        ],
    );
    assert!(o.status.success());
    let o = roth(&dir, &["bench", "r.bench", "-o", "again.bench"]);
    assert!(o.status.success());
    // Identical but for the title comment: a circuit read from a file is named after it.
    let generated = std::fs::read_to_string(dir.join("r.bench")).unwrap();
    let rewritten = std::fs::read_to_string(dir.join("again.bench")).unwrap();
    assert_eq!(generated.lines().next(), Some("# random300_s4"));
    assert_eq!(rewritten.lines().next(), Some("# r"));
    assert_eq!(
        generated.lines().skip(1).collect::<Vec<_>>(),
        rewritten.lines().skip(1).collect::<Vec<_>>()
    );
    let o = roth(&dir, &["stats", "--json", "r.bench"]);
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["gates"], 300);
    assert_eq!(v["dffs"], 5);
    assert_eq!(v["dangling"], 0);
}

#[test]
fn solve_prints_a_model_unsat_or_unknown_with_exit_codes() {
    let o = roth(&project(), &["solve", "constraints/figure-4-3.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "sat\nx = 10001\ny = 10001\n");

    let dir = scratch_dir("solve");
    let write = |name: &str, text: &str| {
        std::fs::write(dir.join(name), text).expect("scratch file");
    };
    write("unsat.txt", "int x; x > 5 && x < 3;\n");
    let o = roth(&dir, &["solve", "unsat.txt"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "unsat\n");
    // No double squares to exactly 2 (the neighbours of sqrt(2) square to 2 ± 4e-16).
    write("sqrt.txt", "double d; d * d == 2.0;\n");
    let o = roth(&dir, &["solve", "sqrt.txt"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "unsat\n");

    // Two longs related by creeping bounds: the relations decide it (the only piece where
    // `x + 1L` wraps has no y), without search.
    write(
        "creep.txt",
        "long x, y; x < y; y < x + 1L; x * y == 7L * x + 3L;\n",
    );
    let o = roth(&dir, &["solve", "creep.txt", "--node-limit", "50"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "unsat\n");
    // Factoring a semiprime by bisection: the node limit answers.
    write(
        "hard.txt",
        "long x, y; x * y == 1000003L * 999983L; x > 1L; y > 1L; x < 100000000L; y < 100000000L;\n",
    );
    let o = roth(&dir, &["solve", "hard.txt", "--node-limit", "50"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("unknown: "), "{}", stdout(&o));
    let o = roth(&dir, &["solve", "hard.txt", "--backtrack-limit", "20"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert_eq!(stdout(&o), "unknown: backtrack limit of 20 reached\n");

    write(
        "types.txt",
        "char c; boolean b; double d; byte k;\nc > 'x'; b == (c == 'y'); d > 0.5 && d < 1.0; k == (byte) 300;\n",
    );
    let o = roth(&dir, &["solve", "types.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("sat\nc = 'y'\nb = true\nd = "), "{out}");
    assert!(out.ends_with("k = 44\n"), "{out}");
}

#[test]
fn solve_enumerates_distinct_models() {
    let dir = scratch_dir("solve-all");
    std::fs::write(dir.join("three.txt"), "int x; x >= 1 && x <= 3;\n").expect("scratch file");
    let o = roth(&dir, &["solve", "three.txt", "--all", "10"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let mut models: Vec<&str> = out.split("\n\n").map(str::trim).collect();
    models.sort();
    assert_eq!(models, ["sat\nx = 1", "sat\nx = 2", "sat\nx = 3"], "{out}");
    // The same seed gives the same output, byte for byte.
    let again = roth(&dir, &["solve", "three.txt", "--all", "10"]);
    assert_eq!(stdout(&again), out);

    // Doubles are enumerated too: the three doubles of a box, and zero's two signs.
    std::fs::write(
        dir.join("doubles.txt"),
        "double d; double z; d >= 1.0 && d <= 1.0000000000000004; z == 0.0;\n",
    )
    .expect("scratch file");
    let o = roth(&dir, &["solve", "doubles.txt", "--all", "10"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let mut models: Vec<&str> = out.split("\n\n").map(str::trim).collect();
    models.sort();
    let mut expected = Vec::new();
    for d in ["1.0", "1.0000000000000002", "1.0000000000000004"] {
        for z in ["-0.0", "0.0"] {
            expected.push(format!("sat\nd = {d}\nz = {z}"));
        }
    }
    expected.sort();
    assert_eq!(models, expected, "{out}");
}

#[test]
fn solve_reports_bad_input_with_position_and_exit_2() {
    let dir = scratch_dir("solve-bad");
    for (text, expected) in [
        (
            "int x\nx > 3;\n",
            "line 2, column 1: expected `;`, found `x`",
        ),
        ("int x;\ny > 3;\n", "line 2, column 1: `y` is not declared"),
        (
            "int x;\nx + 1;\n",
            "line 2, column 1: a constraint must be boolean, found int",
        ),
        (
            "int x;\nx > 2147483648;\n",
            "line 2, column 5: integer literal too large for int",
        ),
        (
            "boolean b;\nb < 3;\n",
            "line 2, column 3: bad operand types for `<`",
        ),
        (
            "int x; int x;\n",
            "line 1, column 12: `x` is already declared",
        ),
    ] {
        std::fs::write(dir.join("bad.txt"), text).expect("scratch file");
        let o = roth(&dir, &["solve", "bad.txt"]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("bad.txt: {expected}")),
            "{text}: {err}"
        );
    }
}

/// A reader that goes away (`roth exec ... | head -c 0`) ends the command quietly: no panic
/// message, no exit code 101, whatever the command prints with.
#[test]
fn a_closed_standard_output_is_no_panic() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    for args in [
        &[
            "exec",
            "programs/Mid.java",
            "-m",
            "mid",
            "--",
            "1",
            "2",
            "3",
        ][..],
        &["mutate", "programs/Mid.java"][..],
        &["stats", "circuits/c17.bench"][..],
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_roth"))
            .args(args)
            .current_dir(project())
            .stdout(writer.try_clone().expect("a pipe's end"))
            .output()
            .expect("the roth binary runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_ne!(o.status.code(), Some(101), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
