//! Logic and fault simulation throughput.
//!
//! - `good_simulation/<circuit>`: fault-free simulation of 10,000 random patterns; the
//!   throughput figure is gate evaluations per second.
//! - `fault_simulation/<circuit>/<list>/<threads>`: the whole fault list (or the collapsed one)
//!   against 10,000 random patterns with fault dropping, on one and two threads.
//!
//! c7552 and c6288 are read from `../shared/circuits/iscas85` when present; the shipped
//! `circuits/multiplier16.bench` (c6288's structure) always runs.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

use roth::circuit::{
    FaultSimulator, FaultUniverse, Netlist, PackedPatterns, read_bench, simulate_block,
};
use roth::rng::Rng;

const PATTERNS: usize = 10_000;

fn circuits() -> Vec<(String, Netlist)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<PathBuf> = vec![root.join("circuits/multiplier16.bench")];
    let shared = root.join("../shared/circuits/iscas85");
    for name in ["c6288", "c7552"] {
        let path = shared.join(format!("{name}.bench"));
        if path.exists() {
            paths.push(path);
        } else {
            eprintln!("skipping {name}: {} is absent", path.display());
        }
    }
    paths
        .iter()
        .map(|p| {
            let n = read_bench(p).expect("benchmark circuit loads").netlist;
            (n.name().to_owned(), n)
        })
        .collect()
}

fn good_simulation(c: &mut Criterion) {
    let mut group = c.benchmark_group("good_simulation");
    for (name, netlist) in circuits() {
        let patterns = PackedPatterns::random(netlist.inputs().len(), PATTERNS, &mut Rng::new(1));
        let mut values = vec![0u64; netlist.len()];
        // Each block evaluates every gate on 64 patterns at once; count one evaluation per gate
        // per pattern, the figure comparable with serial simulators.
        group.throughput(Throughput::Elements(
            (netlist.gate_count() * PATTERNS) as u64,
        ));
        group.bench_function(&name, |b| {
            b.iter(|| {
                for block in 0..patterns.blocks() {
                    simulate_block(&netlist, patterns.block(block), &mut values);
                }
                black_box(&values);
            })
        });
    }
    group.finish();
}

fn fault_simulation(c: &mut Criterion) {
    let mut group = c.benchmark_group("fault_simulation");
    group.sample_size(20);
    for (name, netlist) in circuits() {
        let universe = FaultUniverse::new(&netlist);
        let all = universe.faults().to_vec();
        let collapsed = universe.collapsed_faults();
        let patterns = PackedPatterns::random(netlist.inputs().len(), PATTERNS, &mut Rng::new(1));
        for (list, faults) in [("all", &all), ("collapsed", &collapsed)] {
            for threads in [1, 2] {
                let sim = FaultSimulator::new(&netlist, threads);
                group.bench_with_input(
                    BenchmarkId::new(format!("{name}/{list}"), threads),
                    &threads,
                    |b, _| b.iter(|| black_box(sim.first_detections(faults, &patterns, |_, _| {}))),
                );
            }
        }
    }
    group.finish();
}

criterion_group!(benches, good_simulation, fault_simulation);
criterion_main!(benches);
