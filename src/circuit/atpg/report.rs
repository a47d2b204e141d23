//! The JSON report of `roth atpg` and `roth merge CIRCUIT`: the fault counts, coverage and
//! efficiency, the untestable and aborted faults by name, the search's counters, the lower
//! bound on the number of patterns ([`bound`](crate::circuit::bound)) and each phase of the
//! campaign.

use serde::{Deserialize, Serialize};

use super::AtpgResult;
use crate::circuit::fault::FaultUniverse;
use crate::circuit::netlist::Netlist;
use crate::flow::Status;

/// One phase of the campaign in the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseReport {
    pub phase: String,
    pub detected: usize,
    pub patterns: usize,
    pub seconds: f64,
}

/// The report of a circuit's test generation, one run or parts merged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtpgReport {
    pub circuit: String,
    pub faults: usize,
    pub collapsed: usize,
    pub detected: usize,
    pub collapsed_detected: usize,
    /// Names of the collapsed faults proved untestable.
    pub untestable: Vec<String>,
    /// Faults of the universe in untestable classes.
    pub untestable_faults: usize,
    /// Names of the collapsed faults given up on.
    pub aborted: Vec<String>,
    pub patterns: usize,
    /// Percent of `faults` detected.
    pub coverage: f64,
    /// Percent of `faults` detected or proved untestable.
    pub efficiency: f64,
    pub backtracks: u64,
    pub decisions: u64,
    pub implications: u64,
    pub learned_implications: usize,
    /// Detected collapsed faults proved pairwise independent: no complete test set is smaller.
    pub lower_bound: usize,
    pub lower_bound_seconds: f64,
    pub threads: usize,
    pub seconds: f64,
    /// Peak resident memory of the process, where the system tells it.
    pub peak_memory_bytes: Option<u64>,
    pub phases: Vec<PhaseReport>,
}

impl AtpgReport {
    /// The report of `result`, which took `seconds` on `threads` threads.
    pub fn new(
        netlist: &Netlist,
        universe: &FaultUniverse,
        result: &AtpgResult,
        threads: usize,
        seconds: f64,
        peak_memory_bytes: Option<u64>,
    ) -> AtpgReport {
        let names = |status| result.target_names(netlist, universe, status);
        AtpgReport {
            circuit: netlist.name().to_owned(),
            faults: universe.len(),
            collapsed: result.targets.len(),
            detected: result.detected,
            collapsed_detected: result.collapsed_detected,
            untestable: names(Status::Untestable),
            untestable_faults: result.untestable,
            aborted: names(Status::Aborted),
            patterns: result.patterns.len(),
            coverage: percent(result.detected, universe.len()),
            efficiency: percent(result.detected + result.untestable, universe.len()),
            backtracks: result.counters.backtracks,
            decisions: result.counters.decisions,
            implications: result.counters.implications,
            learned_implications: result.learning.implications,
            lower_bound: result.lower_bound,
            lower_bound_seconds: result.lower_bound_seconds,
            threads,
            seconds,
            peak_memory_bytes,
            phases: result
                .phases
                .iter()
                .map(|p| PhaseReport {
                    phase: p.name.clone(),
                    detected: p.detected,
                    patterns: p.patterns,
                    seconds: p.seconds,
                })
                .collect(),
        }
    }
}

/// `part` of `whole` in percent; 100 of nothing.
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::bench::parse_bench;

    #[test]
    fn c17s_report_counts_every_fault_and_round_trips() {
        let text = "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n\
            10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n\
            22 = NAND(10, 16)\n23 = NAND(16, 19)\n";
        let netlist = parse_bench(text, "c17", "c17.bench").unwrap().netlist;
        let universe = FaultUniverse::new(&netlist);
        let options = super::super::AtpgOptions::default();
        let result = super::super::run(&netlist, &universe, &options, &mut |_| {}).unwrap();
        let mut report = AtpgReport::new(&netlist, &universe, &result, 3, 0.5, Some(1024));
        // c17's 34 faults (22 collapsed) are all testable.
        assert_eq!((report.faults, report.collapsed), (34, 22));
        assert_eq!((report.detected, report.collapsed_detected), (34, 22));
        assert_eq!((report.coverage, report.efficiency), (100.0, 100.0));
        assert!(report.untestable.is_empty() && report.aborted.is_empty());
        assert_eq!(report.patterns, result.patterns.len());
        assert_eq!(report.phases.len(), result.phases.len());
        assert_eq!((report.threads, report.seconds), (3, 0.5));
        // Measured times make no exact round trip through decimal text; fix them.
        report.lower_bound_seconds = 0.25;
        for p in &mut report.phases {
            p.seconds = 0.125;
        }
        let json = serde_json::to_string_pretty(&report).unwrap();
        assert!(json.starts_with("{\n  \"circuit\": \"c17\",\n  \"faults\": 34,\n"));
        assert!(json.contains("\"peak_memory_bytes\": 1024,\n  \"phases\": ["));
        let read: AtpgReport = serde_json::from_str(&json).unwrap();
        assert_eq!(read, report);
    }

    #[test]
    fn percent_of_nothing_is_everything() {
        assert_eq!(percent(0, 0), 100.0);
        assert_eq!(percent(1, 4), 25.0);
    }
}
