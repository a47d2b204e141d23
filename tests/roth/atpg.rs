//! `roth atpg`: the report, the pattern files re-verified by `roth fsim`, determinism across
//! thread counts, known redundancies, exit codes; and the ISCAS-85 targets (release-mode,
//! ignored by default).

use serde_json::Value;

use roth::circuit::FaultUniverse;
use roth::circuit::atpg::{AtpgOptions, CircuitBench};
use roth::circuit::dalg::Analysis;
use roth::flow::CampaignRun;

use crate::helpers::{project_file, roth, scratch_dir, shared_circuits, stderr, stdout};

fn report(dir: &std::path::Path, name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join(name)).expect("report written"))
        .expect("report is JSON")
}

/// Runs `roth fsim CIRCUIT PATTERNS --report` and returns its report.
fn fsim_report(dir: &std::path::Path, circuit: &str, patterns: &str) -> Value {
    let o = roth(
        dir,
        &[
            "fsim",
            circuit,
            patterns,
            "--report",
            "fsim.json",
            "--force",
        ],
    );
    assert!(o.status.success(), "fsim: {}", stderr(&o));
    report(dir, "fsim.json")
}

#[test]
fn c17_report_and_patterns_verified_by_fsim() {
    let dir = scratch_dir("atpg_c17");
    let c17 = project_file("circuits/c17.bench");
    let c17 = c17.to_str().unwrap();
    for patterns in ["p.test", "p.json", "p.stil"] {
        let o = roth(
            &dir,
            &[
                "atpg",
                c17,
                "--patterns",
                patterns,
                "--report",
                "r.json",
                "--force",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let v = report(&dir, "r.json");
        assert_eq!(v["faults"], 34);
        assert_eq!(v["collapsed"], 22);
        assert_eq!(v["detected"], 34);
        assert_eq!(v["untestable"].as_array().unwrap().len(), 0);
        assert_eq!(v["aborted"].as_array().unwrap().len(), 0);
        assert_eq!(v["coverage"], 100.0);
        assert_eq!(v["efficiency"], 100.0);
        assert!(v["backtracks"].is_u64());
        let n = v["patterns"].as_u64().unwrap();
        assert!((3..=8).contains(&n), "{n} patterns for c17");
        // Independent faults: no set of fewer patterns can detect every fault.
        let bound = v["lower_bound"].as_u64().unwrap();
        assert!(
            (2..=n).contains(&bound),
            "lower bound {bound}, {n} patterns"
        );
        for phase in v["phases"].as_array().unwrap() {
            for field in ["phase", "detected", "patterns", "seconds"] {
                assert!(phase.get(field).is_some(), "phase lacks {field}");
            }
        }
        assert!(
            stdout(&o).contains("efficiency 100.000 %"),
            "{}",
            stdout(&o)
        );
        if patterns.ends_with(".stil") {
            // Not readable by fsim: the same patterns as the .test file, vector by vector.
            let stil = std::fs::read_to_string(dir.join(patterns)).unwrap();
            let test = std::fs::read_to_string(dir.join("p.test")).unwrap();
            let stil_inputs: Vec<&str> = stil
                .lines()
                .filter(|l| l.contains(": V {"))
                .filter_map(|l| l.split("\"_pi\" = ").nth(1))
                .map(|rest| rest.split(';').next().unwrap())
                .collect();
            let test_inputs: Vec<&str> = test
                .lines()
                .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
                .filter_map(|l| l.trim().split_once(": "))
                .map(|(_, rest)| rest.split(' ').next().unwrap())
                .collect();
            assert_eq!(stil_inputs, test_inputs);
            assert_eq!(stil_inputs.len() as u64, n);
            continue;
        }
        // The patterns, read back with their stored responses, detect every fault.
        let f = fsim_report(&dir, c17, patterns);
        assert_eq!(f["detected"], 34, "{patterns}");
        assert_eq!(f["patterns"].as_u64(), Some(n), "{patterns}");
    }
}

#[test]
fn same_patterns_on_one_and_two_threads_and_reruns() {
    let dir = scratch_dir("atpg_threads");
    let circuit = project_file("circuits/comparator8.bench");
    let circuit = circuit.to_str().unwrap();
    // The patterns, and the lower bound (proved beside compaction on two threads, after it on
    // one).
    let run = |threads: &str, out: &str| {
        let json = format!("{out}.report.json");
        let o = roth(
            &dir,
            &[
                "-q",
                "atpg",
                circuit,
                "--threads",
                threads,
                "--seed",
                "7",
                "--patterns",
                out,
                "--report",
                &json,
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let bound = report(&dir, &json)["lower_bound"].as_u64().unwrap();
        (std::fs::read(dir.join(out)).unwrap(), bound)
    };
    let one = run("1", "one.json");
    assert!(one.1 >= 2, "lower bound {}", one.1);
    assert_eq!(
        one,
        run("2", "two.json"),
        "thread count changed the patterns or the bound"
    );
    assert_eq!(one, run("2", "again.json"), "a rerun changed the patterns");
    // Another seed is allowed to differ, but must verify as well.
    let f = fsim_report(&dir, circuit, "one.json");
    assert!(f["coverage"].as_f64().unwrap() > 0.0);
}

#[test]
fn known_redundancies_are_reported_untestable() {
    let dir = scratch_dir("atpg_redundant");
    // y = a OR (a AND b) is just a: b's faults and t stuck-at-0 cannot be seen.
    std::fs::write(
        dir.join("r.bench"),
        "INPUT(a)\nINPUT(b)\nOUTPUT(y)\nt = AND(a, b)\ny = OR(a, t)\n",
    )
    .unwrap();
    let o = roth(&dir, &["atpg", "r.bench", "--report", "r.json", "--detail"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = report(&dir, "r.json");
    let mut untestable: Vec<&str> = v["untestable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    untestable.sort();
    // Collapsed classes: {a->t sa0, b sa0, t sa0} (one representative) and {b sa1}.
    assert_eq!(untestable.len(), 2, "{untestable:?}");
    assert!(untestable.contains(&"b sa1"), "{untestable:?}");
    assert_eq!(v["efficiency"], 100.0);
    assert!(v["coverage"].as_f64().unwrap() < 100.0);
    assert!(
        stdout(&o).contains("untestable faults (2):"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn bad_options_exit_2_and_files_are_kept() {
    let dir = scratch_dir("atpg_bad_options");
    let c17 = project_file("circuits/c17.bench");
    let c17 = c17.to_str().unwrap();
    let o = roth(&dir, &["atpg", c17, "--patterns", "p.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(".test"), "{}", stderr(&o));
    let o = roth(&dir, &["atpg", c17, "--time-limit", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::write(dir.join("keep.test"), "mine").unwrap();
    let o = roth(&dir, &["atpg", c17, "--patterns", "keep.test"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.test")).unwrap(),
        "mine"
    );
}

/// A budget already spent when the search would start: every phase stops at once, every fault
/// is listed as aborted, the (empty) pattern file and the report are still written, and the
/// exit code says the run is incomplete. A budget that is not a positive number is a usage
/// error.
#[test]
fn a_spent_budget_ends_the_run_with_faults_aborted_and_outputs_written() {
    let dir = scratch_dir("atpg_budget");
    let o = roth(
        &dir,
        &["gen", "divider", "8", "-o", "div8.bench", "--force"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = roth(
        &dir,
        &[
            "atpg",
            "div8.bench",
            "--budget",
            "1e-9",
            "--patterns",
            "p.test",
            "--report",
            "r.json",
            "--force",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = report(&dir, "r.json");
    let collapsed = v["collapsed"].as_u64().unwrap();
    assert!(collapsed > 100);
    assert_eq!(v["aborted"].as_array().unwrap().len() as u64, collapsed);
    assert_eq!(v["patterns"], 0);
    assert!(dir.join("p.test").exists());
    for bad in ["0", "-2", "inf", "NaN"] {
        let flag = format!("--budget={bad}");
        let o = roth(&dir, &["atpg", "div8.bench", &flag]);
        assert_eq!(o.status.code(), Some(2), "--budget {bad}");
        assert!(stderr(&o).contains("--budget"), "{}", stderr(&o));
    }
}

/// The bound's faults on real circuits, checked by simulation (the exhaustive check in the
/// bound's unit tests covers small circuits only): no pattern of roth's set or of 2^18 random
/// ones detects two of them, and each is detected by some pattern, so the check is not empty.
#[test]
#[ignore = "ISCAS-85 and -89 bounds: run with cargo test --release -- --ignored"]
fn bound_faults_share_no_pattern_on_benchmark_circuits() {
    use roth::circuit::bound::lower_bound;
    use roth::circuit::{ConeSimulator, Fault, PackedPatterns, read_bench, simulate_block};
    use roth::flow::{Spare, Status};
    use roth::rng::Rng;
    for (suite, name) in [
        ("iscas85", "c432"),
        ("iscas85", "c1908"),
        ("iscas85", "c2670"),
        ("iscas85", "c3540"),
        ("iscas85", "c7552"),
        ("iscas89", "s1488"),
        ("iscas89", "s5378"),
    ] {
        let Some(dir) = shared_circuits(suite) else {
            return;
        };
        let netlist = read_bench(&dir.join(format!("{name}.bench")))
            .unwrap()
            .netlist;
        let universe = FaultUniverse::new(&netlist);
        let options = AtpgOptions::default();
        let result = roth::circuit::atpg::run(&netlist, &universe, &options, &mut |_| {}).unwrap();
        let detectable: Vec<Fault> = result
            .targets
            .iter()
            .filter(|(_, s)| *s == Status::Detected)
            .map(|(id, _)| universe.fault(*id))
            .collect();
        let analysis = Analysis::with_learning(&netlist).0;
        let chosen = lower_bound(&analysis, &detectable, true, true, None, Spare::fixed(2));
        assert_eq!(chosen.len(), result.lower_bound, "{name}: the run's bound");
        let faults: Vec<Fault> = chosen.iter().map(|&k| detectable[k]).collect();
        let inputs = netlist.inputs().len();
        let sets = [
            PackedPatterns::from_tests(inputs, &result.patterns),
            PackedPatterns::random(inputs, 1 << 18, &mut Rng::new(5)),
        ];
        let mut cone = ConeSimulator::new(&netlist);
        let mut good = vec![0u64; netlist.len()];
        let mut detected = vec![false; faults.len()];
        for patterns in &sets {
            for b in 0..patterns.blocks() {
                simulate_block(&netlist, patterns.block(b), &mut good);
                let (mut once, mut twice) = (0u64, 0u64);
                for (i, &fault) in faults.iter().enumerate() {
                    let mask = cone.detect(&netlist, &good, fault) & patterns.valid_mask(b);
                    detected[i] |= mask != 0;
                    twice |= once & mask;
                    once |= mask;
                }
                assert_eq!(twice, 0, "{name}: a pattern detects two bound faults");
            }
        }
        assert!(
            detected.iter().all(|&d| d),
            "{name}: a bound fault never detected"
        );
        eprintln!(
            "{name}: {} bound faults, none sharing a pattern",
            faults.len()
        );
    }
}

/// The targets on ISCAS-85: 100 % efficiency, no aborted fault, the untestable counts
/// the literature and SAT agree on, and patterns that `roth fsim` confirms.
#[test]
#[ignore = "ISCAS-85 ATPG: run with cargo test --release -- --ignored"]
fn iscas85_targets() {
    let Some(suite) = shared_circuits("iscas85") else {
        return;
    };
    let dir = scratch_dir("atpg_iscas85");
    // Untestable counts the literature and SAT agree on; pattern ceilings guard compaction:
    // the aim (best published size + 25 %) where it is reached, today's count where
    // not yet (c880, c5315, c6288, c7552). The run is deterministic (seed 1).
    for (name, untestable, at_most) in [
        ("c432", 4, 34),
        ("c499", 8, 65),
        ("c880", 0, 23),
        ("c1355", 8, 105),
        ("c1908", 9, 133),
        ("c2670", 117, 55),
        ("c3540", 137, 98),
        ("c5315", 59, 54),
        ("c6288", 34, 21),
        ("c7552", 131, 83),
    ] {
        let circuit = suite.join(format!("{name}.bench"));
        let circuit = circuit.to_str().unwrap();
        let o = roth(
            &dir,
            &[
                "-q",
                "atpg",
                circuit,
                "--patterns",
                "p.test",
                "--report",
                "r.json",
                "--force",
            ],
        );
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let v = report(&dir, "r.json");
        assert_eq!(v["aborted"].as_array().unwrap().len(), 0, "{name}");
        assert_eq!(
            v["untestable"].as_array().unwrap().len(),
            untestable,
            "{name}"
        );
        assert_eq!(v["efficiency"], 100.0, "{name}");
        let patterns = v["patterns"].as_u64().unwrap();
        assert!(
            patterns <= at_most,
            "{name}: {patterns} patterns, at most {at_most}"
        );
        let f = fsim_report(&dir, circuit, "p.test");
        assert_eq!(f["detected"], v["detected"], "{name}: fsim disagrees");
    }
}

#[test]
fn compaction_on_more_threads_keeps_the_tests_of_one() {
    // Essential pruning refreshes stale cubes on every thread when nothing runs beside it:
    // the tests must be those of one thread, whichever thread relaxed which cube.
    let text = std::fs::read_to_string(project_file("circuits/random500.bench")).unwrap();
    let netlist = crate::helpers::parse(&text);
    let universe = FaultUniverse::new(&netlist);
    let (analysis, _) = Analysis::with_learning(&netlist);
    let campaign = |threads: usize| {
        let mut options = AtpgOptions::default();
        options.flow.threads = threads;
        let bench = CircuitBench::new(
            &analysis,
            universe.collapsed_faults(),
            options.fill,
            threads,
        );
        let mut run = CampaignRun::new(&bench, &options.flow);
        run.random_phase(&mut |_| {});
        run.deterministic_passes(&mut |_| {});
        let searched = run.clone().finish().tests.len();
        run.compaction(&mut |_| {});
        (searched, run.finish())
    };
    let (searched, one) = campaign(1);
    assert!(
        one.tests.len() < searched,
        "compaction kept all {searched} tests"
    );
    for threads in [2, 3] {
        let (_, more) = campaign(threads);
        // Compared whole, reported short: the tests are long rows of bits.
        assert!(
            one.tests == more.tests,
            "{threads} threads: {} tests, not the {} of one thread, or other ones",
            more.tests.len(),
            one.tests.len()
        );
        assert_eq!(one.status, more.status, "{threads} threads");
    }
}
