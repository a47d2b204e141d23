//! What the commands on circuits share: reading a circuit with its warnings, the pattern
//! format a file's extension names, and the outputs of a circuit's test generation (the
//! table, the patterns, the report), which `roth atpg` and `roth merge CIRCUIT` both write.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use roth::circuit::atpg;
use roth::circuit::atpg::report::AtpgReport;
use roth::circuit::{
    FaultUniverse, Netlist, PackedPatterns, PatternFormat, PatternSet, read_bench,
};

use super::{BadInput, CliError, Session, bad_input, json, print, write_output};

/// The pattern format a file's extension names.
pub fn pattern_format(path: &Path) -> Result<PatternFormat, CliError> {
    PatternFormat::from_path(path).ok_or_else(|| {
        bad_input(format!(
            "cannot tell the pattern format of {}: use a .json, .test or .stil extension",
            path.display()
        ))
    })
}

/// Reads a circuit, printing its warnings.
pub fn load(session: &Session, path: &Path) -> Result<Netlist, CliError> {
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

/// Where `roth atpg` and `roth merge` write their results.
pub struct AtpgOutputs<'a> {
    pub patterns: Option<(&'a Path, PatternFormat)>,
    pub report: Option<&'a Path>,
    pub detail: bool,
    pub threads: usize,
}

/// Prints the table of a result and writes its patterns and report.
pub fn finish_atpg(
    netlist: &Netlist,
    universe: &FaultUniverse,
    result: &atpg::AtpgResult,
    start: Instant,
    outputs: &AtpgOutputs<'_>,
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

/// The peak resident set size of this process (Linux: `VmHWM` of `/proc/self/status`).
pub fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
