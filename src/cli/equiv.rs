//! `roth equiv`: which mutants are equivalent to the original (proved by local analysis, as the
//! D-algorithm proves redundant faults), which are killable (with a test), and which remain
//! unknown; for the mutants of a file or one mutant made by another tool.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use roth::program::Unit;

use super::common::program::{
    classify_mutants, load_unit, method_column, mutant_json, one_line, select_mutants,
};
use super::common::{BadInput, CliError, Session, json, print};

#[derive(Debug, Args)]
#[command(after_help = "\
Each mutant gets one line whose first word is the verdict:
    equivalent (RULE)     no input tells it apart from the original; RULE is how it was
                          proved: compiler-equivalent (same code after constant folding and
                          normalisation), unreachable (no input reaches the mutated code),
                          proved at region depth D (the minimal region around the mutation is
                          depth 0, wider ones follow), or proved on the whole method
    killable (test: ARGS) a call with these arguments tells it apart
    unknown (REASON)      neither could be established
Killable mutants are found by random and boundary tests first (--tests-per-method, --seed);
the others go to the proof: symbolic execution of the region around the mutation, under the
facts the code before it implies, and the solver. A proof is only ever an unsat from the
solver, never a guess. A mutant with the same code as an earlier one is marked as its
duplicate. Exit code: 0 when every verdict is definite, 1 when some are unknown, 2 for bad
input.

A mutant made by another tool (PIT, Major, muJava) or by hand is given with --mutant (the
whole mutated file) or --diff (a unified diff against FILE); roth finds the changed method
and statement itself and prints one line for it, verdict first. A change only in layout,
comments or value-preserving rewrites is compiler-equivalent; a change to several methods
(a higher-order mutant) is unknown.

Examples:
    roth equiv programs/NumZero.java
    roth equiv programs/Triangle.java --method classify --json
    roth equiv programs/Max.java --mutant MaxMutant.java
    roth equiv programs/Max.java --diff mutant.patch")]
pub struct EquivArgs {
    /// The Java source file (the original).
    file: PathBuf,

    /// One mutant to judge: the whole mutated file.
    #[arg(long, conflicts_with_all = ["diff", "method", "operators"])]
    mutant: Option<PathBuf>,

    /// One mutant to judge: a unified diff (`diff -u`, `git diff`) against FILE.
    #[arg(long, conflicts_with_all = ["method", "operators"])]
    diff: Option<PathBuf>,

    /// Only mutants of this method (`name`, `Class.name` or `name(int, int)`).
    #[arg(long, short)]
    method: Option<String>,

    /// Comma-separated operators (default: all).
    #[arg(long, value_delimiter = ',')]
    operators: Vec<String>,

    /// Random and boundary tests per method, run before any proof.
    #[arg(long, default_value_t = 300)]
    tests_per_method: usize,

    /// Seed of the random tests.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Steps before a run counts as non-terminating.
    #[arg(long, default_value_t = super::ANALYSIS_STEP_LIMIT)]
    step_limit: u64,

    /// A JSON report instead of the table.
    #[arg(long)]
    json: bool,
}

/// The mutant of `--mutant` or `--diff`: `None` without either; `Some(Err((verdict,
/// detail)))` when the change is decided (or left unknown) without analysis.
type ExternalVerdict = (&'static str, String);

fn external_mutant(
    unit: &Unit,
    args: &EquivArgs,
) -> Result<Option<Result<roth::program::mutants::mutant::Mutant, ExternalVerdict>>, CliError> {
    use roth::program::mutants::external::{Change, ChangeError, apply_patch, find_change};
    let read = |path: &Path| {
        std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))
            .bad_input()
    };
    let (path, text) = match (&args.mutant, &args.diff) {
        (Some(path), _) => (path, read(path)?),
        (None, Some(path)) => {
            let patch = read(path)?;
            let text = apply_patch(&unit.source, &patch)
                .with_context(|| format!("{}", path.display()))
                .bad_input()?;
            (path, text)
        }
        (None, None) => return Ok(None),
    };
    Ok(Some(
        match find_change(unit, &path.display().to_string(), &text) {
            Ok(Change::Identical) => Err(("equivalent", "identical to the original".into())),
            Ok(Change::CompilerEquivalent) => Err((
                "equivalent",
                "compiler-equivalent: only layout, comments or value-preserving rewrites differ"
                    .into(),
            )),
            Ok(Change::Mutant(m)) => Ok(*m),
            Err(
                e @ (ChangeError::Several(_)
                | ChangeError::OutsideMethods(_)
                | ChangeError::Unsupported(_)),
            ) => Err(("unknown", e.to_string())),
            Err(e) => return Err(e).bad_input(),
        },
    ))
}

/// `test: ARGS [with FIELD = VALUE, ...]`: a killing test as verdict lines show it.
fn test_text(t: &roth::program::execution::analysis::TestCase) -> String {
    let shown: Vec<String> = t.args.iter().map(|a| a.to_string()).collect();
    let mut text = format!("test: {}", shown.join(", "));
    if !t.fields.is_empty() {
        let set: Vec<String> = t.fields.iter().map(|(f, v)| format!("{f} = {v}")).collect();
        text += &format!(" with {}", set.join(", "));
    }
    text
}

/// How a proof is described on a verdict line, and its name in summaries.
fn rule_text(rule: &roth::program::proofs::equivalence::Rule) -> (String, String) {
    use roth::program::proofs::equivalence::Rule;
    match rule {
        Rule::Compiler => ("compiler-equivalent".into(), "compiler".into()),
        Rule::Reachability => ("unreachable".into(), "reachability".into()),
        Rule::Region(d) => (
            format!("proved at region depth {d}"),
            format!("region depth {d}"),
        ),
        Rule::WholeMethod => ("proved on the whole method".into(), "whole method".into()),
        Rule::DeadUpdate => (
            "proved by liveness (a dead update)".into(),
            "dead update".into(),
        ),
        Rule::DeadCell => (
            "proved over the zones (a changed array cell no later read sees)".into(),
            "dead cell".into(),
        ),
        Rule::Stutter => (
            "proved by a stutter (the repeated iteration changes nothing)".into(),
            "stutter".into(),
        ),
        Rule::DAlgorithm => (
            "proved by the D-algorithm's exhausted search".into(),
            "d-algorithm".into(),
        ),
    }
}

pub fn equiv(session: &Session, args: EquivArgs) -> Result<ExitCode, CliError> {
    use roth::program::proofs::classify::Status;
    use roth::program::proofs::equivalence::Trivial;
    let started = std::time::Instant::now();
    let unit = load_unit(session, &args.file)?;
    let mutants = match external_mutant(&unit, &args)? {
        Some(Ok(m)) => vec![m],
        Some(Err(verdict)) => {
            if args.json {
                let report = serde_json::json!({
                    "file": unit.path,
                    "verdict": verdict.0,
                    "detail": verdict.1,
                });
                print(&json(&report))?;
            } else {
                print(&format!("{} ({})\n", verdict.0, verdict.1))?;
            }
            return Ok(if verdict.0 == "unknown" {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            });
        }
        None => select_mutants(&unit, args.method.as_deref(), &args.operators)?.mutants,
    };
    let mutants = &mutants;
    let (classification, _) = classify_mutants(
        session,
        &unit,
        mutants,
        args.tests_per_method,
        args.seed,
        args.step_limit,
    )?;
    let compiled = &classification.trivial;
    let tests = &classification.tests;
    // (verdict word, detail, rule name for the summary)
    let rows: Vec<(&str, String, String)> = classification
        .statuses
        .iter()
        .map(|s| match s {
            Status::Killable(t) => ("killable", test_text(t), String::new()),
            Status::Equivalent(rule) => {
                let (text, name) = rule_text(rule);
                ("equivalent", text, name)
            }
            Status::Unknown(reason) => ("unknown", reason.clone(), String::new()),
        })
        .collect();
    let count = |w: &str| rows.iter().filter(|r| r.0 == w).count();
    let (equivalent, killable, unknown) =
        (count("equivalent"), count("killable"), count("unknown"));
    let duplicate = |i: usize| match compiled[i] {
        Trivial::DuplicateOf(id) => Some(id),
        _ => None,
    };
    let code = if unknown > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    if args.json {
        let results: Vec<serde_json::Value> = mutants
            .iter()
            .zip(&rows)
            .enumerate()
            .map(|(i, (m, r))| {
                mutant_json(
                    m,
                    serde_json::json!({
                        "verdict": r.0,
                        "detail": r.1,
                        "rule": if r.2.is_empty() { None } else { Some(&r.2) },
                        "duplicate_of": duplicate(i),
                    }),
                )
            })
            .collect();
        let report = serde_json::json!({
            "file": unit.path,
            "mutants": mutants.len(),
            "equivalent": equivalent,
            "killable": killable,
            "unknown": unknown,
            "tests": tests.len(),
            "results": results,
        });
        print(&json(&report))?;
        return Ok(code);
    }
    let width = method_column(mutants);
    let mut out = String::new();
    for (i, (m, r)) in mutants.iter().zip(&rows).enumerate() {
        let change = format!("{} -> {}", one_line(&m.original), one_line(&m.replacement));
        let dup = duplicate(i).map_or(String::new(), |d| format!("  [duplicate of {d}]"));
        out.push_str(&format!(
            "{} ({}){dup}  #{} {} {:<width$} {}:{}  {}\n",
            r.0,
            r.1,
            m.id,
            m.operator.name(),
            m.method_name,
            m.line,
            m.column,
            change
        ));
    }
    let mut by_rule: Vec<(String, usize)> = Vec::new();
    for r in rows.iter().filter(|r| r.0 == "equivalent") {
        match by_rule.iter_mut().find(|(k, _)| *k == r.2) {
            Some((_, n)) => *n += 1,
            None => by_rule.push((r.2.clone(), 1)),
        }
    }
    let rules: Vec<String> = by_rule.iter().map(|(k, n)| format!("{n} {k}")).collect();
    out.push_str(&format!(
        "\n{} mutants: {} equivalent ({}), {} killable, {} unknown; {} duplicates; {:.2} s\n",
        mutants.len(),
        equivalent,
        if rules.is_empty() {
            "none".to_string()
        } else {
            rules.join(", ")
        },
        killable,
        unknown,
        (0..mutants.len())
            .filter(|&i| duplicate(i).is_some())
            .count(),
        started.elapsed().as_secs_f64()
    ));
    print(&out)?;
    Ok(code)
}
