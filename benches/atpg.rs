//! Whole ATPG runs (`roth atpg` without I/O) per circuit.
//!
//! - `atpg/<circuit>`: random phase, D-algorithm passes, compaction and the final fault
//!   simulation check, on one thread, default options and seed.
//! - `atpg_no_compaction/<circuit>`: the same without compaction, to show what it costs.
//! - `redundancy_proof/<fault>/<searcher>`: one hard redundant fault of the ITC'99 circuits,
//!   proved by SAT on its miter, and (time-limited) by the D-algorithm for comparison.
//! - `phase_b14_C/<phase>/<threads>`: each phase of a b14_C run alone, on 1 and 2 threads, from
//!   a copy of the state the phases before it left: static learning, the random phase, the
//!   deterministic passes, compaction, the final fault simulation of the patterns over the whole
//!   fault list, and the lower bound. The ratio of the two thread counts is each phase's
//!   speed-up. `cargo bench --bench atpg -- phase_b14_C` runs these alone (about 10 minutes).
//!
//! ISCAS-85 circuits are read from `../shared/circuits` when present; the shipped circuits in
//! `circuits/` always run.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bumpalo::Bump;
use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, criterion_group, criterion_main};

use roth::circuit::atpg::{self, AtpgOptions, CircuitBench};
use roth::circuit::bound::lower_bound;
use roth::circuit::dalg::{Analysis, GateModel, miter};
use roth::circuit::{Fault, FaultSimulator, FaultUniverse, Netlist, PackedPatterns, read_bench};
use roth::engine::Limits;
use roth::flow::{CampaignRun, Spare, Status, Workbench};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/circuits")
}

fn load(path: &Path) -> Option<Netlist> {
    if !path.exists() {
        eprintln!("skipping {}: absent", path.display());
        return None;
    }
    Some(read_bench(path).expect("benchmark circuit loads").netlist)
}

fn circuits() -> Vec<Netlist> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<PathBuf> = ["c17", "adder8", "multiplier8"]
        .iter()
        .map(|c| root.join(format!("circuits/{c}.bench")))
        .collect();
    for c in [
        "c432", "c499", "c880", "c1355", "c1908", "c2670", "c3540", "c5315", "c6288", "c7552",
    ] {
        paths.push(shared().join(format!("iscas85/{c}.bench")));
    }
    paths.iter().filter_map(|p| load(p)).collect()
}

fn whole_runs(c: &mut Criterion) {
    for (group_name, compact) in [("atpg", true), ("atpg_no_compaction", false)] {
        let mut group = c.benchmark_group(group_name);
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(8));
        for netlist in circuits() {
            let universe = FaultUniverse::new(&netlist);
            let mut options = AtpgOptions::default();
            options.flow.compact = compact;
            group.bench_function(netlist.name(), |b| {
                b.iter(|| {
                    let result = atpg::run(&netlist, &universe, &options, &mut |_| {})
                        .expect("the patterns verify");
                    black_box(result.patterns.len())
                })
            });
        }
        group.finish();
    }
}

fn redundancy_proofs(c: &mut Criterion) {
    let mut group = c.benchmark_group("redundancy_proof");
    group.sample_size(10);
    for (circuit, fault) in [("b14_C", "U3460->U3363 sa1"), ("b15_C", "U3265->U3435 sa1")] {
        let Some(netlist) = load(&shared().join(format!("itc99/{circuit}.bench"))) else {
            continue;
        };
        let universe = FaultUniverse::new(&netlist);
        let f = universe.fault(universe.find(&netlist, fault).expect("the fault exists"));
        group.bench_function(format!("{circuit}/{fault}/sat"), |b| {
            b.iter(|| black_box(miter::generate(&netlist, f, None, &Limits::default()).0))
        });
        let (analysis, _) = Analysis::with_learning(&netlist);
        let mut model = GateModel::new(&analysis);
        let arena = Bump::new();
        group.bench_function(format!("{circuit}/{fault}/dalg_1s"), |b| {
            b.iter(|| {
                let limits = Limits {
                    backtracks: None,
                    deadline: Some(Instant::now() + Duration::from_secs(1)),
                    implications: None,
                };
                black_box(model.generate(f, None, &limits, &arena).0)
            })
        });
    }
    group.finish();
}

fn phases(c: &mut Criterion) {
    let Some(netlist) = load(&shared().join("itc99/b14_C.bench")) else {
        return;
    };
    let universe = FaultUniverse::new(&netlist);
    let targets = universe.collapsed_faults();
    let mut group = c.benchmark_group("phase_b14_C");
    group.sample_size(10);
    group.bench_function("static_learning", |b| {
        b.iter(|| black_box(Analysis::with_learning(&netlist).1.implications))
    });
    let (analysis, _) = Analysis::with_learning(&netlist);
    for threads in [1, 2] {
        let mut options = AtpgOptions::default();
        options.flow.threads = threads;
        let bench = CircuitBench::new(&analysis, targets.clone(), options.fill, threads);
        let fresh = CampaignRun::new(&bench, &options.flow);
        let after_random = phase(&mut group, &format!("random/{threads}"), &fresh, |run| {
            run.random_phase(&mut |_| {})
        });
        let name = format!("deterministic/{threads}");
        let after_search = phase(&mut group, &name, &after_random, |run| {
            run.deterministic_passes(&mut |_| {})
        });
        let compacted = phase(
            &mut group,
            &format!("compaction/{threads}"),
            &after_search,
            |run| run.compaction(&mut |_| {}),
        );
        let campaign = compacted.finish();
        let packed = PackedPatterns::from_tests(netlist.inputs().len(), &campaign.tests);
        let simulator = FaultSimulator::new(&netlist, threads);
        group.bench_function(format!("final_fault_simulation/{threads}"), |b| {
            b.iter(|| {
                let first = simulator.first_detections(universe.faults(), &packed, |_, _| {});
                black_box(first.iter().filter(|d| d.is_some()).count())
            })
        });
        {
            // The bound, alone (a run proves it beside compaction).
            let detectable: Vec<Fault> = targets
                .iter()
                .zip(&campaign.status)
                .filter(|&(_, &s)| s == Status::Detected)
                .map(|(&f, _)| f)
                .collect();
            group.bench_function(format!("lower_bound/{threads}"), |b| {
                b.iter(|| {
                    black_box(lower_bound(
                        &analysis,
                        &detectable,
                        true,
                        true,
                        None,
                        Spare::fixed(threads),
                    ))
                })
            });
        }
    }
    group.finish();
}

/// Times `step` alone, each sample from a copy of `before`; returns the state after it.
fn phase<'b, W: Workbench>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    before: &CampaignRun<'b, W>,
    step: impl Fn(&mut CampaignRun<'b, W>),
) -> CampaignRun<'b, W> {
    group.bench_function(name, |b| {
        b.iter_batched(
            || before.clone(),
            |mut run| {
                step(&mut run);
                run
            },
            BatchSize::LargeInput,
        )
    });
    let mut after = before.clone();
    step(&mut after);
    after
}

criterion_group!(benches, whole_runs, redundancy_proofs, phases);
criterion_main!(benches);
