//! Scaling curves: how `roth atpg`'s time and memory grow with the circuit, on generated
//! families (`roth gen`): a NAND chain sharing one side input (every branch of it but the last
//! redundant), ripple-carry adders, array multipliers and seeded random DAGs.
//!
//! Each point is one whole run (static learning, random phase, D-algorithm passes, compaction,
//! the final fault-simulation check) in this process with default options, timed by the wall
//! clock; memory is the peak of bytes held on the heap during the run, counted by this binary's
//! allocator (the process's resident set also holds the code and the allocator's slack). Each
//! family's slope is the least-squares fit of log(seconds) and log(bytes) against log(gates):
//! 1 is linear, 2 quadratic.
//!
//! `cargo bench --bench scaling` writes `target/scaling/scaling.csv` and
//! `target/scaling/scaling.svg` (both panels, log-log) and prints the table; with `-- --docs`
//! the picture also goes to `docs/scaling.svg`, the one the README shows. `-- --quick` runs the
//! two smallest sizes of each family only (a smoke run).

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use roth::circuit::FaultUniverse;
use roth::circuit::atpg::{self, AtpgOptions};
use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::flow::Status;

/// The system allocator, counting the bytes held and their peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(held, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        // SAFETY: `p` came from `alloc` above with this layout.
        unsafe { System.dealloc(p, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded unchanged to the system allocator.
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            if new_size >= layout.size() {
                let grown = new_size - layout.size();
                let held = HELD.fetch_add(grown, Ordering::Relaxed) + grown;
                PEAK.fetch_max(held, Ordering::Relaxed);
            } else {
                HELD.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The families and the sizes (`roth gen FAMILY N`) measured, each about twice the last.
fn families() -> Vec<(Family, Vec<usize>)> {
    vec![
        (Family::Chain, vec![1000, 2000, 4000, 8000, 16000]),
        (Family::Adder, vec![64, 128, 256, 512, 1024]),
        (Family::Multiplier, vec![4, 6, 8, 12, 16, 24]),
        (Family::Random, vec![500, 1000, 2000, 4000, 8000]),
    ]
}

struct Point {
    family: Family,
    n: usize,
    gates: usize,
    faults: usize,
    patterns: usize,
    seconds: f64,
    peak_bytes: usize,
}

fn measure(family: Family, n: usize) -> Point {
    let netlist = generate(family, n, RandomOptions { seed: 1, dffs: 0 })
        .expect("the family accepts this size");
    let universe = FaultUniverse::new(&netlist);
    let options = AtpgOptions::default();
    // Memory held before the run (the netlist, the fault list) counts too: it is what the
    // run needs, and it is linear by construction.
    PEAK.store(HELD.load(Ordering::Relaxed), Ordering::Relaxed);
    let start = Instant::now();
    let result = atpg::run(&netlist, &universe, &options, &mut |_| {}).expect("ATPG runs");
    let seconds = start.elapsed().as_secs_f64();
    let peak_bytes = PEAK.load(Ordering::Relaxed);
    assert!(
        result.targets.iter().all(|(_, s)| *s != Status::Aborted),
        "{family}{n}: a fault was aborted"
    );
    Point {
        family,
        n,
        gates: netlist.gate_count(),
        faults: universe.len(),
        patterns: result.patterns.len(),
        seconds,
        peak_bytes,
    }
}

/// Least-squares slope of log(y) against log(x).
fn slope(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x.ln(), y.ln())).collect();
    let n = logs.len() as f64;
    let mx = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    if sxx == 0.0 { f64::NAN } else { sxy / sxx }
}

const COLOURS: [&str; 4] = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];

/// One log-log panel at (`left`, `top`) of `width` x `height`: a curve per family.
fn panel(
    svg: &mut String,
    (left, top, width, height): (f64, f64, f64, f64),
    title: &str,
    series: &[Curve],
    label: fn(f64) -> String,
) {
    let all = series.iter().flat_map(|s| s.1.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in all {
        x0 = x0.min(x.log10());
        x1 = x1.max(x.log10());
        y0 = y0.min(y.log10());
        y1 = y1.max(y.log10());
    }
    let (x0, x1) = (x0.floor(), x1.ceil().max(x0.floor() + 1.0));
    let (y0, y1) = (y0.floor(), y1.ceil().max(y0.floor() + 1.0));
    let px = |x: f64| left + (x.log10() - x0) / (x1 - x0) * width;
    let py = |y: f64| top + height - (y.log10() - y0) / (y1 - y0) * height;
    let _ = writeln!(
        svg,
        r##"<text x="{:.1}" y="{:.1}" font-size="14" text-anchor="middle">{title}</text>"##,
        left + width / 2.0,
        top - 10.0
    );
    let _ = writeln!(
        svg,
        r##"<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="none" stroke="#555"/>"##
    );
    for d in (x0 as i32)..=(x1 as i32) {
        let x = px(10f64.powi(d));
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" y1="{top}" x2="{x:.1}" y2="{:.1}" stroke="#ddd"/><text x="{x:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text>"##,
            top + height,
            top + height + 15.0,
            count(10f64.powi(d))
        );
    }
    for d in (y0 as i32)..=(y1 as i32) {
        let y = py(10f64.powi(d));
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{}</text>"##,
            left + width,
            left - 5.0,
            y + 4.0,
            label(10f64.powi(d))
        );
    }
    let _ = writeln!(
        svg,
        r##"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle">gates</text>"##,
        left + width / 2.0,
        top + height + 32.0
    );
    for (k, (name, points)) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let path: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
            .collect();
        let _ = writeln!(
            svg,
            r##"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"##,
            path.join(" ")
        );
        for &(x, y) in points {
            let _ = writeln!(
                svg,
                r##"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}"/>"##,
                px(x),
                py(y)
            );
        }
        let ly = top + 16.0 + 16.0 * k as f64;
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-size="11">{name}, slope {:.2}</text>"##,
            left + 8.0,
            ly - 4.0,
            left + 26.0,
            ly - 4.0,
            left + 30.0,
            ly,
            slope(points)
        );
    }
}

fn count(x: f64) -> String {
    if x >= 1e6 {
        format!("{}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{}k", x / 1e3)
    } else {
        format!("{x}")
    }
}

fn seconds_label(x: f64) -> String {
    if x >= 1.0 {
        format!("{x} s")
    } else {
        format!("{} ms", x * 1e3)
    }
}

fn bytes_label(x: f64) -> String {
    if x >= 1e9 {
        format!("{} GB", x / 1e9)
    } else if x >= 1e6 {
        format!("{} MB", x / 1e6)
    } else {
        format!("{} kB", x / 1e3)
    }
}

/// Each family's measured points as (gates, seconds) and (gates, peak bytes) curves, in the
/// order of [`families`].
type Curve = (String, Vec<(f64, f64)>);

fn curves(points: &[Point]) -> (Vec<Curve>, Vec<Curve>) {
    let mut time = Vec::new();
    let mut memory = Vec::new();
    for (family, _) in families() {
        let mine: Vec<&Point> = points.iter().filter(|p| p.family == family).collect();
        if mine.is_empty() {
            continue;
        }
        let t = mine.iter().map(|p| (p.gates as f64, p.seconds)).collect();
        let m = mine
            .iter()
            .map(|p| (p.gates as f64, p.peak_bytes as f64))
            .collect();
        time.push((family.to_string(), t));
        memory.push((family.to_string(), m));
    }
    (time, memory)
}

fn picture(time: &[Curve], memory: &[Curve]) -> String {
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="960" height="420" font-family="sans-serif" viewBox="0 0 960 420"><rect width="960" height="420" fill="white"/>"##
    );
    panel(
        &mut svg,
        (70.0, 40.0, 370.0, 320.0),
        "roth atpg: wall-clock seconds",
        time,
        seconds_label,
    );
    panel(
        &mut svg,
        (560.0, 40.0, 370.0, 320.0),
        "roth atpg: peak heap",
        memory,
        bytes_label,
    );
    svg.push_str("</svg>\n");
    svg
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `cargo bench` passes `--bench`; `cargo test --benches` runs bench targets with no
    // arguments as a smoke test: then only the smallest sizes run.
    let quick = args.iter().any(|a| a == "--quick") || !args.iter().any(|a| a == "--bench");
    let docs = args.iter().any(|a| a == "--docs");
    let mut points = Vec::new();
    println!(
        "{:<12} {:>6} {:>8} {:>8} {:>8} {:>10} {:>10}",
        "family", "n", "gates", "faults", "patterns", "seconds", "peak MB"
    );
    for (family, sizes) in families() {
        let sizes = if quick { &sizes[..2] } else { &sizes[..] };
        for &n in sizes {
            let p = measure(family, n);
            println!(
                "{:<12} {:>6} {:>8} {:>8} {:>8} {:>10.3} {:>10.1}",
                p.family.to_string(),
                p.n,
                p.gates,
                p.faults,
                p.patterns,
                p.seconds,
                p.peak_bytes as f64 / 1e6
            );
            points.push(p);
        }
    }
    let (time, memory) = curves(&points);
    for ((family, t), (_, m)) in time.iter().zip(&memory) {
        println!(
            "{family}: time slope {:.2}, memory slope {:.2}",
            slope(t),
            slope(m)
        );
    }
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/scaling");
    std::fs::create_dir_all(&out).expect("target/scaling can be created");
    let mut csv = String::from("family,n,gates,faults,patterns,seconds,peak_bytes\n");
    for p in &points {
        let _ = writeln!(
            csv,
            "{},{},{},{},{},{:.6},{}",
            p.family, p.n, p.gates, p.faults, p.patterns, p.seconds, p.peak_bytes
        );
    }
    std::fs::write(out.join("scaling.csv"), csv).expect("the CSV is written");
    let svg = picture(&time, &memory);
    std::fs::write(out.join("scaling.svg"), &svg).expect("the picture is written");
    println!("wrote {}", out.join("scaling.{csv,svg}").display());
    if docs {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scaling.svg");
        std::fs::create_dir_all(path.parent().expect("docs/ has a parent"))
            .expect("docs/ can be created");
        std::fs::write(&path, &svg).expect("docs/scaling.svg is written");
        println!("wrote {}", path.display());
    }
}
