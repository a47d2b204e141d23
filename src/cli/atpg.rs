//! `roth atpg`: test generation for every stuck-at fault of a circuit ([Roth 1966], the
//! multi-pass flow of [`roth::flow`]), whole or as one part of a sharded run (`--shard I/N
//! --part FILE`, merged by `roth merge`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use roth::circuit::FaultUniverse;
use roth::circuit::atpg::part::PartFile;
use roth::circuit::atpg::{self, AtpgOptions};
use roth::circuit::patterns::Fill;
use roth::flow as campaign;

use super::common::circuit::{AtpgOutputs, finish_atpg, load, pattern_format};
use super::common::{
    CliError, Session, default_threads, json, parse_shard, refuse_existing, seconds_option,
    write_output,
};

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
        shard: args.shard.as_deref().map(parse_shard).transpose()?,
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
    let outputs = AtpgOutputs {
        patterns: args.patterns.as_deref().zip(format),
        report: args.report.as_deref(),
        detail: args.detail,
        threads,
    };
    finish_atpg(&netlist, &universe, &result, start, &outputs)
}
