//! Commands on gate-level circuits: stats, faults, fsim, random, gen, bench.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use serde::Serialize;

use roth::circuit::atpg::part::{self, OpenedParts, PartFile};
use roth::circuit::atpg::report::AtpgReport;
use roth::circuit::atpg::{self, AtpgOptions};
use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::circuit::patterns::Fill;
use roth::circuit::{
    FaultSimulator, FaultUniverse, GateKind, Netlist, PackedPatterns, PatternFormat, PatternSet,
    read_bench, write_bench,
};
use roth::flow as campaign;
use roth::rng::Rng;

use super::{
    BadInput, CliError, Session, bad_input, refuse_existing, seconds_option, write_output,
};

/// The pattern format a file's extension names.
fn pattern_format(path: &Path) -> Result<PatternFormat, CliError> {
    PatternFormat::from_path(path).ok_or_else(|| {
        bad_input(format!(
            "cannot tell the pattern format of {}: use a .json, .test or .stil extension",
            path.display()
        ))
    })
}

/// Reads a circuit, printing its warnings.
pub(super) fn load(session: &Session, path: &Path) -> Result<Netlist, CliError> {
    let parsed = read_bench(path).bad_input()?;
    for w in &parsed.warnings {
        match w.span {
            Some(s) => session.warn(format!(
                "{}:{}:{}: {}",
                path.display(),
                s.line,
                s.column,
                w.message
            )),
            None => session.warn(format!("{}: {}", path.display(), w.message)),
        }
    }
    Ok(parsed.netlist)
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn print(text: &str) -> Result<(), CliError> {
    write_output(None, text, false)
}

fn json(value: &impl Serialize) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("reports serialize");
    s.push('\n');
    s
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Stats {
    circuit: String,
    primary_inputs: usize,
    primary_outputs: usize,
    dffs: usize,
    gates: usize,
    gate_kinds: Vec<(String, usize)>,
    nets: usize,
    depth: u32,
    fanout_stems: usize,
    undriven: Vec<String>,
    dangling: usize,
    faults: usize,
    collapsed: usize,
    dominance_collapsed: usize,
}

pub fn stats(session: &Session, args: StatsArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let universe = FaultUniverse::new(&netlist);
    let gate_kinds = GateKind::ALL
        .iter()
        .map(|&k| {
            let count = netlist
                .gates()
                .filter(|&g| netlist.gate_kind(g) == Some(k))
                .count();
            (k.keyword().to_owned(), count)
        })
        .filter(|(_, c)| *c > 0)
        .collect();
    let s = Stats {
        circuit: netlist.name().to_owned(),
        primary_inputs: netlist.primary_inputs().len(),
        primary_outputs: netlist.primary_outputs().len(),
        dffs: netlist.dffs().len(),
        gates: netlist.gate_count(),
        gate_kinds,
        nets: netlist.len(),
        depth: netlist.depth(),
        fanout_stems: netlist.nodes().filter(|&n| netlist.has_branches(n)).count(),
        undriven: netlist
            .undriven()
            .iter()
            .map(|&n| netlist.net_name(n).to_owned())
            .collect(),
        dangling: netlist.dangling().count(),
        faults: universe.len(),
        collapsed: universe.collapsed().len(),
        dominance_collapsed: universe.dominance_collapsed().len(),
    };
    if args.json {
        print(&json(&s))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut t = String::new();
    let kinds = s
        .gate_kinds
        .iter()
        .map(|(k, c)| format!("{c} {k}"))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(t, "circuit            {}", s.circuit);
    let _ = writeln!(t, "primary inputs     {}", s.primary_inputs);
    let _ = writeln!(t, "primary outputs    {}", s.primary_outputs);
    let _ = writeln!(
        t,
        "flip-flops         {}  (full scan: pseudo-primary inputs and outputs)",
        s.dffs
    );
    let _ = writeln!(t, "gates              {}  ({kinds})", s.gates);
    let _ = writeln!(t, "nets               {}", s.nets);
    let _ = writeln!(t, "depth              {} levels", s.depth);
    let _ = writeln!(t, "fanout stems       {}", s.fanout_stems);
    if !s.undriven.is_empty() {
        let _ = writeln!(
            t,
            "undriven nets      {}  (made primary inputs)",
            s.undriven.join(" ")
        );
    }
    if s.dangling > 0 {
        let _ = writeln!(t, "dangling nets      {}", s.dangling);
    }
    let _ = writeln!(
        t,
        "faults             {}  (stuck-at, stems and fanout branches)",
        s.faults
    );
    let _ = writeln!(
        t,
        "collapsed          {}  (structural equivalence)",
        s.collapsed
    );
    let _ = writeln!(
        t,
        "dominance          {}  (equivalence and dominance)",
        s.dominance_collapsed
    );
    print(&t)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum FaultSelection {
    /// Every fault of the universe.
    All,
    /// One representative per structural equivalence class.
    Collapsed,
    /// Collapsed, minus faults dominated away.
    Dominance,
}

#[derive(Debug, Args)]
pub struct FaultsArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Which faults to list.
    #[arg(long, value_enum, default_value_t = FaultSelection::All)]
    list: FaultSelection,
    /// After each fault, name the representative of its equivalence class.
    #[arg(long)]
    classes: bool,
}

pub fn faults(session: &Session, args: FaultsArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let universe = FaultUniverse::new(&netlist);
    let ids: Vec<_> = match args.list {
        FaultSelection::All => universe.ids().collect(),
        FaultSelection::Collapsed => universe.collapsed().to_vec(),
        FaultSelection::Dominance => universe.dominance_collapsed(),
    };
    let mut out = String::new();
    for id in ids {
        out.push_str(&universe.name(&netlist, id));
        if args.classes {
            let _ = write!(
                out,
                "\t{}",
                universe.name(&netlist, universe.representative(id))
            );
        }
        out.push('\n');
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct AtpgArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Write the patterns here; the extension picks the format: .json, .test (Atalanta) or
    /// .stil.
    #[arg(long, value_name = "FILE")]
    patterns: Option<PathBuf>,
    /// Write a JSON report here.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Replace existing output files.
    #[arg(long)]
    force: bool,
    /// Seed for random patterns and random fill; the same seed gives the same patterns.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Backtrack limit of the first D-algorithm pass (the second uses 64 times more, the last
    /// none).
    #[arg(long, default_value_t = 16)]
    backtrack_limit: u64,
    /// Stop random patterns after this many blocks of 64 in a row detect nothing new (0: no
    /// random patterns).
    #[arg(long, default_value_t = 8, value_name = "K")]
    random_blocks: usize,
    /// Give up on a fault after this many seconds of one search, in every phase (default: no
    /// limit, so the complete pass ends every fault detected or proved untestable).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Seconds for the whole run: every phase stops when they are spent, the faults not
    /// settled yet are listed as aborted, and the patterns found so far are written (default:
    /// no budget). With a budget the result depends on the machine's speed.
    #[arg(long, value_name = "SECONDS")]
    budget: Option<f64>,
    /// Value of the don't-care bits left in the patterns.
    #[arg(long, value_enum, default_value = "random")]
    fill: Fill,
    /// Keep every generated pattern: no dynamic or reverse-order compaction.
    #[arg(long)]
    no_compact: bool,
    /// How hard compaction works: fast (several times quicker on arithmetic circuits, a few
    /// percent more patterns on some), default, or max (more rounds, for the last patterns).
    #[arg(long, value_enum, default_value = "default", value_name = "EFFORT")]
    compact: campaign::Effort,
    /// Skip static learning (learned implications help prove redundant faults).
    #[arg(long)]
    no_learning: bool,
    /// Worker threads (default: all cores). The patterns do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// List the untestable and aborted faults in the table.
    #[arg(long)]
    detail: bool,
    /// Work on part I of N of the collapsed faults (a sharded run; `roth merge` combines the
    /// parts). `auto` reads the part from the scheduler: Slurm job arrays
    /// (SLURM_ARRAY_TASK_ID, _MIN and _COUNT) or Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX,
    /// with the count in ROTH_SHARD_COUNT).
    #[arg(long, value_name = "I/N", requires = "part")]
    shard: Option<String>,
    /// Write this part's result for `roth merge`: its patterns and the faults it detected,
    /// proved untestable and gave up on.
    #[arg(long, value_name = "FILE", requires = "shard")]
    part: Option<PathBuf>,
}

/// The peak resident set size of this process (Linux: `VmHWM` of `/proc/self/status`).
fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

pub fn atpg(session: &Session, args: AtpgArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let format = args.patterns.as_deref().map(pattern_format).transpose()?;
    refuse_existing(
        [&args.patterns, &args.report, &args.part]
            .into_iter()
            .flatten()
            .map(PathBuf::as_path),
        args.force,
    )?;
    let time_limit = seconds_option("--time-limit", args.time_limit)?;
    let deadline = seconds_option("--budget", args.budget)?.map(|b| session.start + b);
    let threads = args.threads.unwrap_or_else(default_threads).max(1);
    let options = AtpgOptions {
        flow: campaign::Options {
            seed: args.seed,
            random_blocks: args.random_blocks,
            backtrack_limit: args.backtrack_limit,
            time_limit,
            deadline,
            compact: !args.no_compact,
            effort: args.compact,
            regenerate: true,
            cover_pool: 0,
            exact_cover_nodes: 0,
            threads,
        },
        fill: args.fill,
        learning: !args.no_learning,
        shard: args.shard.as_deref().map(super::shard::parse).transpose()?,
    };
    let universe = FaultUniverse::new(&netlist);
    let start = Instant::now();
    let bar = session.progress_bar(universe.collapsed().len() as u64, "faults");
    let mut phase = String::new();
    let result = atpg::run(&netlist, &universe, &options, &mut |p| {
        if p.phase != phase {
            phase = p.phase.to_owned();
            bar.set_length(p.total as u64);
            bar.set_message(phase.clone());
        }
        bar.set_position(p.done as u64);
    })?;
    bar.finish_and_clear();
    if let (Some(path), Some(shard)) = (&args.part, options.shard) {
        let part = PartFile::new(&netlist, &universe, &result, shard);
        write_output(Some(path), &json(&part), true)?;
    }
    let outputs = Outputs {
        patterns: args.patterns.as_deref().zip(format),
        report: args.report.as_deref(),
        detail: args.detail,
        threads,
    };
    finish_atpg(&netlist, &universe, &result, start, &outputs)
}

/// Where `roth atpg` and `roth merge` write their results.
struct Outputs<'a> {
    patterns: Option<(&'a Path, PatternFormat)>,
    report: Option<&'a Path>,
    detail: bool,
    threads: usize,
}

/// Prints the table of a result and writes its patterns and report.
fn finish_atpg(
    netlist: &Netlist,
    universe: &FaultUniverse,
    result: &atpg::AtpgResult,
    start: Instant,
    outputs: &Outputs<'_>,
) -> Result<ExitCode, CliError> {
    let threads = outputs.threads;
    let seconds = start.elapsed().as_secs_f64();

    let report = AtpgReport::new(
        netlist,
        universe,
        result,
        threads,
        seconds,
        peak_memory_bytes(),
    );

    let mut t = String::new();
    let _ = writeln!(t, "circuit       {}", report.circuit);
    let _ = writeln!(
        t,
        "faults        {:>8}   collapsed {:>8}",
        report.faults, report.collapsed
    );
    let _ = writeln!(
        t,
        "detected      {:>8}   collapsed {:>8}   coverage   {:7.3} %",
        report.detected, report.collapsed_detected, report.coverage
    );
    let _ = writeln!(
        t,
        "untestable    {:>8}   collapsed {:>8}   efficiency {:7.3} %",
        report.untestable_faults,
        report.untestable.len(),
        report.efficiency
    );
    let _ = writeln!(t, "aborted       {:>8}   (collapsed)", report.aborted.len());
    if report.lower_bound > 0 || report.patterns == 0 {
        let _ = writeln!(
            t,
            "patterns      {:>8}   lower bound {} (pairwise independent faults)",
            report.patterns, report.lower_bound
        );
    } else {
        // A part of a sharded run: the merge proves the bound.
        let _ = writeln!(t, "patterns      {:>8}", report.patterns);
    }
    let _ = writeln!(
        t,
        "search        {} decisions, {} backtracks, {} implications",
        report.decisions, report.backtracks, report.implications
    );
    if let Some(bytes) = report.peak_memory_bytes {
        let _ = writeln!(
            t,
            "memory        {:.1} MB peak resident",
            bytes as f64 / 1e6
        );
    }
    let _ = writeln!(
        t,
        "\n{:<32} {:>9} {:>9} {:>9}",
        "phase", "detected", "patterns", "seconds"
    );
    for p in &report.phases {
        let _ = writeln!(
            t,
            "{:<32} {:>9} {:>9} {:>9.3}",
            p.phase, p.detected, p.patterns, p.seconds
        );
    }
    let _ = writeln!(
        t,
        "{:<32} {:>9} {:>9} {:>9.3}",
        "total", report.collapsed_detected, report.patterns, seconds
    );
    if outputs.detail {
        for (title, list) in [
            ("untestable", &report.untestable),
            ("aborted", &report.aborted),
        ] {
            let _ = writeln!(t, "\n{title} faults ({}):", list.len());
            for name in list.iter() {
                let _ = writeln!(t, "  {name}");
            }
        }
    }
    print(&t)?;

    if let Some((path, format)) = outputs.patterns {
        let packed = PackedPatterns::from_tests(netlist.inputs().len(), &result.patterns);
        let set = PatternSet::with_responses(netlist, &packed);
        write_output(Some(path), &set.write(netlist, format), true)?;
    }
    if let Some(path) = outputs.report {
        write_output(Some(path), &json(&report), true)?;
    }
    Ok(if report.aborted.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[derive(Debug, Args)]
#[command(after_help = "\
Each part comes from `roth atpg CIRCUIT --shard I/N --part part-I.json` (or `roth testgen
FOLDER --shard I/N --part part-I.json` for programs). The merge refuses a set of parts that is
incomplete (and names the missing ones), that mixes runs of different N or different settings,
or that was made from another circuit or another version of the code base. For a circuit, the
patterns of all parts are fault-simulated over every collapsed fault (a fault one part gave up
on may be detected by another's patterns), the parts' untestable proofs are taken, and
compaction runs as in a single run; the outputs are those of `roth atpg`. For programs, every
part's tests are run against every mutant of their file (a mutant one part left unknown may be
killed by another part's test), the parts' equivalence proofs are taken, each file's tests are
compacted again, and the outputs are those of `roth testgen FOLDER` (--out-dir, --report).

Examples (four parts, then the merge):
    for i in 1 2 3 4; do roth atpg c7552.bench --shard $i/4 --part part-$i.json; done
    roth merge c7552.bench part-*.json --patterns c7552.test --report c7552.json
    for i in 1 2 3 4; do roth testgen programs --shard $i/4 --part tg-$i.json; done
    roth merge programs tg-*.json --out-dir tests --report programs.json")]
pub struct MergeArgs {
    /// The circuit (.bench), or the Java file or folder, the parts were made from.
    #[arg(value_name = "INPUT")]
    pub(super) circuit: PathBuf,
    /// The part files, one per shard.
    #[arg(required = true)]
    pub(super) parts: Vec<PathBuf>,
    /// Write the patterns here (.json, .test or .stil; circuits).
    #[arg(long, value_name = "FILE")]
    pub(super) patterns: Option<PathBuf>,
    /// Write the JUnit 5 classes under this folder, one per file (programs).
    #[arg(long, value_name = "DIR")]
    pub(super) out_dir: Option<PathBuf>,
    /// Write a JSON report here.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,
    /// Print the report as JSON instead of the table (programs).
    #[arg(long)]
    pub(super) json: bool,
    /// Replace existing output files.
    #[arg(long)]
    pub(super) force: bool,
    /// Seed for compaction's random choices (circuits; a program merge uses its parts' seed).
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// How hard compaction works (circuits).
    #[arg(long, value_enum, default_value = "default", value_name = "EFFORT")]
    pub(super) compact: campaign::Effort,
    /// Keep every pattern or test of the parts: no compaction.
    #[arg(long)]
    pub(super) no_compact: bool,
    /// Skip static learning (circuits).
    #[arg(long)]
    pub(super) no_learning: bool,
    /// Value of don't-care bits in regenerated patterns (circuits).
    #[arg(long, value_enum, default_value = "random")]
    pub(super) fill: Fill,
    /// Seconds a JUnit test may run before it fails (programs).
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) test_timeout: u32,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub(super) threads: Option<usize>,
    /// List the untestable and aborted faults in the table (circuits).
    #[arg(long)]
    pub(super) detail: bool,
}

pub fn merge(session: &Session, args: MergeArgs) -> Result<ExitCode, CliError> {
    let program = args.circuit.is_dir() || args.circuit.extension().is_some_and(|e| e == "java");
    if program {
        return super::codebase::merge(session, &args);
    }
    if args.out_dir.is_some() || args.json {
        return Err(bad_input(
            "--out-dir and --json are for parts of roth testgen; a circuit's merge writes --patterns and --report",
        ));
    }
    let netlist = load(session, &args.circuit)?;
    let format = args.patterns.as_deref().map(pattern_format).transpose()?;
    refuse_existing(
        [&args.patterns, &args.report]
            .into_iter()
            .flatten()
            .map(PathBuf::as_path),
        args.force,
    )?;
    let universe = FaultUniverse::new(&netlist);
    let OpenedParts {
        tests, untestable, ..
    } = part::open_parts(&netlist, &universe, &args.circuit, &args.parts).bad_input()?;
    let threads = args.threads.unwrap_or_else(default_threads).max(1);
    let options = AtpgOptions {
        flow: campaign::Options {
            seed: args.seed,
            compact: !args.no_compact,
            effort: args.compact,
            threads,
            ..campaign::Options::default()
        },
        fill: args.fill,
        learning: !args.no_learning,
        shard: None,
    };
    let start = Instant::now();
    let bar = session.progress_bar(universe.collapsed().len() as u64, "faults");
    let mut phase = String::new();
    let result = atpg::merge(
        &netlist,
        &universe,
        tests,
        &untestable,
        &options,
        &mut |p| {
            if p.phase != phase {
                phase = p.phase.to_owned();
                bar.set_length(p.total as u64);
                bar.set_message(phase.clone());
            }
            bar.set_position(p.done as u64);
        },
    )?;
    bar.finish_and_clear();
    let outputs = Outputs {
        patterns: args.patterns.as_deref().zip(format),
        report: args.report.as_deref(),
        detail: args.detail,
        threads,
    };
    finish_atpg(&netlist, &universe, &result, start, &outputs)
}

#[derive(Debug, Args)]
pub struct FsimArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// The patterns: roth's .json, Atalanta's .test, or a file that names no inputs (quaigh's
    /// .test with 'N: BITS' lines, or plain lines of 0/1/X, each optionally followed by the
    /// responses), whose values are by position: the primary inputs in declaration order, then
    /// the flip-flops' outputs in flip-flop order. Omit with --random.
    #[arg(required_unless_present = "random")]
    patterns: Option<PathBuf>,
    /// Simulate this many random patterns instead of a pattern file.
    #[arg(long, conflicts_with = "patterns", value_name = "COUNT")]
    random: Option<usize>,
    /// Seed for --random and for --fill random.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give don't-care (X) input bits this value; without it, X bits are an error.
    #[arg(long, value_enum)]
    fill: Option<Fill>,
    /// Write a JSON report to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Replace an existing report file.
    #[arg(long)]
    force: bool,
    /// List the undetected faults by name (in the table and the report).
    #[arg(long)]
    detail: bool,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Serialize)]
struct FsimReport {
    circuit: String,
    patterns: usize,
    faults: usize,
    detected: usize,
    /// Percent of `faults` detected.
    coverage: f64,
    collapsed: usize,
    collapsed_detected: usize,
    collapsed_coverage: f64,
    /// Patterns whose stored fault-free response differs from simulation.
    response_mismatches: usize,
    threads: usize,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    undetected: Option<Vec<String>>,
}

pub fn fsim(session: &Session, args: FsimArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let mut rng = Rng::new(args.seed);
    let (packed, mismatches) = match (&args.patterns, args.random) {
        (Some(path), _) => {
            let mut set = PatternSet::read(path).bad_input()?;
            if let Some(fill) = args.fill {
                set.fill(fill, &mut rng);
            }
            let bound = set
                .bind(&netlist, &path.display().to_string())
                .bad_input()?;
            let mismatches = bound.response_mismatches(&netlist);
            (bound.packed, mismatches)
        }
        (None, Some(count)) => (
            PackedPatterns::random(netlist.inputs().len(), count, &mut rng),
            Vec::new(),
        ),
        (None, None) => return Err(bad_input("give a pattern file or --random COUNT")),
    };
    if let Some(&first) = mismatches.first() {
        session.warn(format!(
            "{} pattern(s) carry a fault-free response that differs from simulation (first: pattern {first})",
            mismatches.len()
        ));
    }

    let universe = FaultUniverse::new(&netlist);
    let targets = universe.collapsed_faults();
    let threads = args.threads.unwrap_or_else(default_threads).max(1);
    let bar = session.progress_bar(packed.len() as u64, "patterns");
    let start = Instant::now();
    let first = FaultSimulator::new(&netlist, threads).first_detections(
        &targets,
        &packed,
        |done, detected| {
            bar.set_message(format!("{detected}/{} faults detected", targets.len()));
            bar.set_position(done as u64);
        },
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();

    let mut detected = vec![false; universe.len()];
    for (&id, d) in universe.collapsed().iter().zip(&first) {
        detected[id.index()] = d.is_some();
    }
    universe.expand(&mut detected);
    let detected_count = detected.iter().filter(|&&d| d).count();
    let collapsed_detected = first.iter().filter(|d| d.is_some()).count();
    let undetected: Vec<String> = universe
        .ids()
        .filter(|id| !detected[id.index()])
        .map(|id| universe.name(&netlist, id))
        .collect();
    let report = FsimReport {
        circuit: netlist.name().to_owned(),
        patterns: packed.len(),
        faults: universe.len(),
        detected: detected_count,
        coverage: percent(detected_count, universe.len()),
        collapsed: targets.len(),
        collapsed_detected,
        collapsed_coverage: percent(collapsed_detected, targets.len()),
        response_mismatches: mismatches.len(),
        threads,
        seconds,
        undetected: args.detail.then(|| undetected.clone()),
    };

    let mut t = String::new();
    let _ = writeln!(t, "circuit     {}", report.circuit);
    let _ = writeln!(t, "patterns    {}", report.patterns);
    let _ = writeln!(
        t,
        "faults      {:>8}   detected {:>8}   coverage {:7.3} %",
        report.faults, report.detected, report.coverage
    );
    let _ = writeln!(
        t,
        "collapsed   {:>8}   detected {:>8}   coverage {:7.3} %",
        report.collapsed, report.collapsed_detected, report.collapsed_coverage
    );
    let _ = writeln!(t, "time        {:.3} s on {} thread(s)", seconds, threads);
    if report.response_mismatches > 0 {
        let _ = writeln!(
            t,
            "responses   {} pattern(s) differ from the circuit's fault-free response",
            report.response_mismatches
        );
    }
    if args.detail {
        let _ = writeln!(t, "undetected faults ({}):", undetected.len());
        for name in &undetected {
            let _ = writeln!(t, "  {name}");
        }
    }
    print(&t)?;
    if let Some(path) = &args.report {
        write_output(Some(path), &json(&report), args.force)?;
    }
    // Stored responses that disagree with the circuit mean the pattern set fails verification.
    Ok(if mismatches.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Number of patterns.
    #[arg(long, short = 'n', default_value_t = 64)]
    count: usize,
    /// Seed of the random generator; the same seed gives the same file.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file; its extension picks the format: .json, .test (Atalanta) or .stil.
    /// Without it, JSON goes to standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
}

pub fn random(session: &Session, args: RandomArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let format = match &args.output {
        None => PatternFormat::Json,
        Some(path) => pattern_format(path)?,
    };
    let packed =
        PackedPatterns::random(netlist.inputs().len(), args.count, &mut Rng::new(args.seed));
    let set = PatternSet::with_responses(&netlist, &packed);
    write_output(
        args.output.as_deref(),
        &set.write(&netlist, format),
        args.force,
    )?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct GenArgs {
    /// The kind of circuit.
    #[arg(value_enum)]
    kind: Family,
    /// Its size: bits of each operand for adder, multiplier, wallace, comparator, alu, divider
    /// and max, data bits for barrel, inputs for parity, select lines for mux, gates for chain
    /// and random.
    n: usize,
    /// Seed for the random kind.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Flip-flops in a random circuit (cut by full scan).
    #[arg(long, default_value_t = 0)]
    dffs: usize,
    /// Output file (default: standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
}

pub fn generate_circuit(_session: &Session, args: GenArgs) -> Result<ExitCode, CliError> {
    let netlist = generate(
        args.kind,
        args.n,
        RandomOptions {
            seed: args.seed,
            dffs: args.dffs,
        },
    )
    .bad_input()?;
    write_output(args.output.as_deref(), &write_bench(&netlist), args.force)?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Output file (default: standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
}

pub fn bench(session: &Session, args: BenchArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    write_output(args.output.as_deref(), &write_bench(&netlist), args.force)?;
    Ok(ExitCode::SUCCESS)
}
