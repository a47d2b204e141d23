//! Sharded test generation (issue 17): N runs on parts of the collapsed faults, merged, give
//! the result of one run: the same untestable faults, no fault aborted that one run settles,
//! patterns re-checked by fault simulation, and about as many of them.

use roth::circuit::atpg::{self, AtpgOptions, AtpgResult, Shard};
use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::circuit::{FaultId, FaultUniverse, Netlist, read_bench};
use roth::flow::Status;

use crate::helpers::{C17, parse, reference_detects, shared_circuits};

fn options(shard: Option<Shard>) -> AtpgOptions {
    AtpgOptions {
        shard,
        ..AtpgOptions::default()
    }
}

fn with(result: &AtpgResult, status: Status) -> Vec<FaultId> {
    let mut ids: Vec<FaultId> = result
        .targets
        .iter()
        .filter(|&&(_, s)| s == status)
        .map(|&(id, _)| id)
        .collect();
    ids.sort();
    ids
}

/// Runs `count` shards of `netlist` and merges them; checks the merge against one run and
/// returns (single patterns, merged patterns).
fn shard_and_merge(label: &str, netlist: &Netlist, count: usize) -> (usize, usize) {
    let universe = FaultUniverse::new(netlist);
    let single = atpg::run(netlist, &universe, &options(None), &mut |_| {}).unwrap();
    let parts = atpg::shards(netlist, &universe, count);
    assert_eq!(parts.len(), universe.collapsed().len());
    let mut tests = Vec::new();
    let mut untestable = Vec::new();
    let mut covered = 0;
    for index in 1..=count {
        let shard = Shard { index, count };
        let part = atpg::run(netlist, &universe, &options(Some(shard)), &mut |_| {}).unwrap();
        // The part worked on its own faults, and only on them.
        let mine: Vec<FaultId> = universe
            .collapsed()
            .iter()
            .zip(&parts)
            .filter(|&(_, &p)| p + 1 == index)
            .map(|(&id, _)| id)
            .collect();
        let worked: Vec<FaultId> = part.targets.iter().map(|&(id, _)| id).collect();
        assert_eq!(worked, mine, "{label}: shard {index}/{count}");
        covered += mine.len();
        untestable.extend(with(&part, Status::Untestable));
        tests.extend(part.patterns);
    }
    assert_eq!(
        covered,
        universe.collapsed().len(),
        "{label}: the parts cover every fault"
    );
    let merged = atpg::merge(
        netlist,
        &universe,
        tests,
        &untestable,
        &options(None),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(
        with(&merged, Status::Untestable),
        with(&single, Status::Untestable),
        "{label}: {count} shards prove the same faults untestable"
    );
    for id in with(&merged, Status::Aborted) {
        assert!(
            with(&single, Status::Aborted).contains(&id),
            "{label}: {count} shards abort {}, one run does not",
            universe.name(netlist, id)
        );
    }
    assert_eq!(
        merged.collapsed_detected, single.collapsed_detected,
        "{label}"
    );
    // Every detected fault is detected by some merged pattern, by the reference simulator.
    for &(id, s) in &merged.targets {
        if s == Status::Detected {
            let fault = universe.fault(id);
            assert!(
                merged
                    .patterns
                    .iter()
                    .any(|p| reference_detects(netlist, p, fault)),
                "{label}: {} is not detected by the merged patterns",
                universe.name(netlist, id)
            );
        }
    }
    (single.patterns.len(), merged.patterns.len())
}

#[test]
fn shards_merge_to_the_result_of_one_run_on_small_circuits() {
    let mut circuits = vec![("c17".to_string(), parse(C17))];
    circuits.push((
        "adder8".into(),
        generate(Family::Adder, 8, RandomOptions { seed: 1, dffs: 0 }).unwrap(),
    ));
    circuits.push((
        "chain12".into(),
        generate(Family::Chain, 12, RandomOptions { seed: 1, dffs: 0 }).unwrap(),
    ));
    circuits.push((
        "random".into(),
        generate(Family::Random, 120, RandomOptions { seed: 3, dffs: 2 }).unwrap(),
    ));
    for (label, netlist) in &circuits {
        for count in 1..=4 {
            let (single, merged) = shard_and_merge(label, netlist, count);
            assert!(
                merged <= single + 2 + single / 10,
                "{label}: {count} shards merge to {merged} patterns, one run {single}"
            );
        }
    }
}

#[test]
fn shards_are_deterministic_disjoint_and_balanced() {
    let netlist = generate(Family::Multiplier, 6, RandomOptions { seed: 1, dffs: 0 }).unwrap();
    let universe = FaultUniverse::new(&netlist);
    for count in 1..=5 {
        let parts = atpg::shards(&netlist, &universe, count);
        assert_eq!(parts, atpg::shards(&netlist, &universe, count));
        let mut sizes = vec![0usize; count];
        for &p in &parts {
            sizes[p] += 1;
        }
        let n = parts.len();
        for &size in &sizes {
            // Balanced by difficulty, so sizes differ, but no part is empty or most of it.
            assert!(size > 0 && size < n * 2 / count.max(2) + 2, "{sizes:?}");
        }
    }
}

/// ISCAS-85, N = 1..4: the merged result against one run (release mode; see the README).
#[test]
#[ignore = "ISCAS-85 sharded four ways: run in release with --ignored"]
fn shards_merge_to_the_result_of_one_run_on_iscas85() {
    let Some(dir) = shared_circuits("iscas85") else {
        return;
    };
    for name in [
        "c432", "c499", "c880", "c1355", "c1908", "c2670", "c3540", "c5315", "c6288", "c7552",
    ] {
        let netlist = read_bench(&dir.join(format!("{name}.bench")))
            .unwrap()
            .netlist;
        for count in 1..=4 {
            let (single, merged) = shard_and_merge(name, &netlist, count);
            eprintln!("{name}: {count} shards: {merged} patterns, one run {single}");
            assert!(
                merged as f64 <= single as f64 * 1.10 + 2.0,
                "{name}: {count} shards merge to {merged} patterns, one run {single}"
            );
        }
    }
}

#[test]
fn sharded_runs_and_merge_on_the_command_line() {
    use crate::helpers::{project_file, roth, scratch_dir, stderr, stdout};
    let dir = scratch_dir("shard_cli");
    let c17 = project_file("circuits/c17.bench");
    let c17 = c17.to_str().unwrap();
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let part = format!("p{i}.json");
        let o = roth(
            &dir,
            &["atpg", c17, "--shard", &shard, "--part", &part, "-q"],
        );
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let part: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("p1.json")).unwrap()).unwrap();
    assert_eq!(part["shard"], serde_json::json!([1, 2]));
    // The merge: every fault detected, patterns written and confirmed by roth fsim.
    let o = roth(
        &dir,
        &[
            "merge",
            c17,
            "p1.json",
            "p2.json",
            "--patterns",
            "m.test",
            "--report",
            "m.json",
            "-q",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("parts merged"));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("m.json")).unwrap()).unwrap();
    assert_eq!(report["detected"], 34);
    let o = roth(&dir, &["fsim", c17, "m.test", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("100.000 %"), "{}", stdout(&o));
    // An incomplete set is refused and the missing part named.
    let o = roth(&dir, &["merge", c17, "p2.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("part 1 of 2 missing"), "{}", stderr(&o));
    // The same part twice, parts of another circuit.
    let o = roth(&dir, &["merge", c17, "p1.json", "p1.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("both part 1 of 2"), "{}", stderr(&o));
    let adder = project_file("circuits/adder8.bench");
    let o = roth(
        &dir,
        &["merge", adder.to_str().unwrap(), "p1.json", "p2.json"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("made from another circuit"),
        "{}",
        stderr(&o)
    );
    // Bad shards.
    for bad in ["3/2", "0/2", "x"] {
        let o = roth(&dir, &["atpg", c17, "--shard", bad, "--part", "bad.json"]);
        assert_eq!(o.status.code(), Some(2), "--shard {bad}");
    }
    // The scheduler's index: a Slurm array task (IDs from 0 here) and an Indexed Job.
    let auto = |envs: &[(&str, &str)], part: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_roth"))
            .args(["atpg", c17, "--shard", "auto", "--part", part, "-q"])
            .envs(envs.iter().copied())
            .env_remove("SLURM_ARRAY_TASK_ID")
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_roth"))
        .args(["atpg", c17, "--shard", "auto", "--part", "s2.json", "-q"])
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_MIN", "0")
        .env("SLURM_ARRAY_TASK_COUNT", "2")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("s2.json")).unwrap(),
        std::fs::read_to_string(dir.join("p2.json")).unwrap()
    );
    let o = auto(&[("JOB_COMPLETION_INDEX", "0")], "k1.json");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("ROTH_SHARD_COUNT"));
    let o = auto(
        &[("JOB_COMPLETION_INDEX", "0"), ("ROTH_SHARD_COUNT", "2")],
        "k1.json",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("k1.json")).unwrap(),
        std::fs::read_to_string(dir.join("p1.json")).unwrap()
    );
}
