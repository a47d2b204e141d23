//! `roth mutate`: the mutants of a Java file (muJava's method-level operators, [Offutt & Pan
//! 1997]), listed or written as compilable files, or grouped by subsumption into the collapsed
//! list ([Kapoor 2011]), the program side's fault collapsing.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use roth::program::Unit;

use super::common::program::{
    analysis_error, classify_mutants, load_unit, method_column, mutant_json, one_line,
    read_test_file, select_mutants,
};
use super::common::{CliError, Session, bad_input, default_threads, json, print, refuse_existing};

#[derive(Debug, Args)]
#[command(after_help = "\
Operators (muJava's method-level set): AORB AORS AOIU AOIS AODU AODS ROR COR COD COI SOR LOR
LOI LOD ASRS SDL VDL CDL ODL. A candidate edit that would not compile (an unassigned variable,
unreachable code, a deleted return) is not a mutant; the summary says how many were skipped
and why (--json lists each). Ids are numbered over every mutant of the file in source order,
so they are the same whatever --method and --operators select.

--collapse groups the mutants into a hierarchy (the program side's fault collapsing): mutant
K subsumes mutant J when every test that kills K kills J, so a test set that kills the
strongest mutants kills them all. Equivalent mutants are proved first (as roth equiv does)
and left out. A subsumption is `proved` when it holds for every input (the same code, or a
region proof for mutants of one condition or expression that runs once per call) and
`observed` when it holds on the kill matrix of the tests (random and boundary tests, the
solver's witnesses, and --tests if given). Mutants that subsume each other form a class; the
collapsed list is one member of each class nothing else subsumes. The summary gives, like
Kapoor's table: mutants, equivalent, classes, strongest classes and the saving
1 - strongest / (mutants - equivalent), with observed relations and with proved ones alone.

Examples:
    roth mutate programs/Triangle.java
    roth mutate programs/Triangle.java --operators ROR,AORB --json
    roth mutate programs/Gcd.java --emit-dir mutants   # mutants/1/Gcd.java, mutants/2/Gcd.java, ...
    roth mutate programs/Mid.java --collapse")]
pub struct MutateArgs {
    /// The Java source file.
    file: PathBuf,

    /// Only mutants of this method (`name`, `Class.name` or `name(int, int)`).
    #[arg(long, short)]
    method: Option<String>,

    /// Comma-separated operators (default: all).
    #[arg(long, value_delimiter = ',')]
    operators: Vec<String>,

    /// Write each mutant as a whole compilable file, DIR/ID/File.java.
    #[arg(long, value_name = "DIR")]
    emit_dir: Option<PathBuf>,

    /// Replace mutant files already in --emit-dir.
    #[arg(long)]
    force: bool,

    /// Group the mutants into classes by subsumption and list the strongest (the collapsed
    /// list).
    #[arg(long)]
    collapse: bool,

    /// With --collapse: a test set (roth's JSON test format) added to the kill matrix.
    #[arg(long, short, requires = "collapse")]
    tests: Option<PathBuf>,

    /// With --collapse: random and boundary tests per method.
    #[arg(long, default_value_t = 300, requires = "collapse")]
    tests_per_method: usize,

    /// With --collapse: seed of the random tests.
    #[arg(long, default_value_t = 1, requires = "collapse")]
    seed: u64,

    /// With --collapse: steps before a run counts as non-terminating.
    #[arg(long, default_value_t = super::ANALYSIS_STEP_LIMIT, requires = "collapse")]
    step_limit: u64,

    /// A JSON report instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn mutate(session: &Session, args: MutateArgs) -> Result<ExitCode, CliError> {
    use roth::program::mutants::mutant::{self, reason_kind};
    let unit = load_unit(session, &args.file)?;
    let selected = select_mutants(&unit, args.method.as_deref(), &args.operators)?;
    if let Some(dir) = &args.emit_dir {
        let file_name = args
            .file
            .file_name()
            .ok_or_else(|| bad_input("the Java file has no file name"))?;
        for m in &selected.mutants {
            let folder = dir.join(m.id.to_string());
            let path = folder.join(file_name);
            refuse_existing([path.as_path()], args.force)?;
            std::fs::create_dir_all(&folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
            std::fs::write(&path, mutant::mutated_source(&unit.source, m))
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for s in &selected.skipped {
        let k = reason_kind(&s.reason);
        match reasons.iter_mut().find(|(r, _)| *r == k) {
            Some((_, n)) => *n += 1,
            None => reasons.push((k, 1)),
        }
    }
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let counts = mutant::per_operator(&selected.mutants);
    if args.collapse {
        return collapse(session, &unit, &selected.mutants, &args);
    }
    if args.json {
        let report = serde_json::json!({
            "file": unit.path,
            "mutants": selected.mutants,
            "per_operator": counts.iter().filter(|(_, n)| *n > 0).map(|(o, n)| (o.name(), *n)).collect::<std::collections::BTreeMap<_, _>>(),
            "skipped": selected.skipped,
            "skipped_by_reason": reasons.iter().map(|(r, n)| serde_json::json!({"reason": r, "count": n})).collect::<Vec<_>>(),
        });
        print(&json(&report))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = String::new();
    let width = method_column(&selected.mutants);
    out.push_str(&format!(
        "{:>5}  {:<5} {:<width$} {:>9}  change\n",
        "id", "op", "method", "line:col"
    ));
    for m in &selected.mutants {
        out.push_str(&format!(
            "{:>5}  {:<5} {:<width$} {:>9}  {}  ->  {}\n",
            m.id,
            m.operator.name(),
            m.method_name,
            format!("{}:{}", m.line, m.column),
            one_line(&m.original),
            one_line(&m.replacement)
        ));
    }
    let per: Vec<String> = counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(o, n)| format!("{o} {n}"))
        .collect();
    out.push_str(&format!(
        "\n{} mutants ({})\n",
        selected.mutants.len(),
        per.join(", ")
    ));
    if !selected.skipped.is_empty() {
        let why: Vec<String> = reasons.iter().map(|(r, n)| format!("{n} {r}")).collect();
        out.push_str(&format!(
            "{} candidate edits skipped because they would not compile: {}\n",
            selected.skipped.len(),
            why.join("; ")
        ));
    }
    if let Some(dir) = &args.emit_dir {
        out.push_str(&format!(
            "wrote {} mutant files under {}\n",
            selected.mutants.len(),
            dir.display()
        ));
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `roth mutate --collapse`: the mutant hierarchy and the collapsed list.
fn collapse(
    session: &Session,
    unit: &Unit,
    mutants: &[roth::program::mutants::mutant::Mutant],
    args: &MutateArgs,
) -> Result<ExitCode, CliError> {
    use roth::program::execution::analysis::kill_matrix;
    use roth::program::mutants::hierarchy::{Relation, build};
    use roth::program::proofs::classify::Status;
    let started = std::time::Instant::now();
    let user_tests = match &args.tests {
        Some(path) => read_test_file(unit, path)?,
        None => Vec::new(),
    };
    let (classification, options) = classify_mutants(
        session,
        unit,
        mutants,
        args.tests_per_method,
        args.seed,
        args.step_limit,
    )?;
    let mut tests = classification.test_set();
    tests.extend(user_tests);
    let matrix = kill_matrix(unit, mutants, &tests, options.limits, default_threads())
        .map_err(analysis_error)?;
    let hierarchy = build(
        unit,
        mutants,
        &classification,
        &matrix.kills,
        &options.prove,
    );
    let equivalent = classification
        .statuses
        .iter()
        .filter(|s| matches!(s, Status::Equivalent(_)))
        .count();
    let unknown = classification
        .statuses
        .iter()
        .filter(|s| matches!(s, Status::Unknown(_)))
        .count();
    let collapsed = hierarchy.collapsed();
    let strongest_proved = hierarchy.strongest_by_proof;
    let relevant = mutants.len() - equivalent;
    let saving = |kept: usize| {
        if relevant == 0 {
            0.0
        } else {
            1.0 - kept as f64 / relevant as f64
        }
    };
    let relation = |r: Relation| match r {
        Relation::Proved => "proved",
        Relation::Observed => "observed",
    };
    if args.json {
        let classes: Vec<serde_json::Value> = hierarchy
            .classes
            .iter()
            .enumerate()
            .map(|(ci, c)| {
                serde_json::json!({
                    "class": ci + 1,
                    "members": c.members.iter().map(|&i| mutants[i].id).collect::<Vec<_>>(),
                    "strongest": c.strongest,
                    "members_proved_equal": c.proved,
                    "subsumed_by": c.subsumed_by.iter().map(|(d, r)| serde_json::json!({"class": d + 1, "relation": relation(*r)})).collect::<Vec<_>>(),
                })
            })
            .collect();
        let results: Vec<serde_json::Value> = mutants
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let status = match &classification.statuses[i] {
                    Status::Equivalent(_) => "equivalent",
                    Status::Killable(_) => "killable",
                    Status::Unknown(_) => "unknown",
                };
                mutant_json(
                    m,
                    serde_json::json!({
                        "status": status,
                        "class": hierarchy.class_of[i].map(|c| c + 1),
                    }),
                )
            })
            .collect();
        let report = serde_json::json!({
            "file": unit.path,
            "mutants": mutants.len(),
            "equivalent": equivalent,
            "unknown": unknown,
            "classes": hierarchy.classes.len(),
            "strongest": collapsed.len(),
            "strongest_by_proof": strongest_proved,
            "saving": saving(collapsed.len()),
            "saving_by_proof": saving(strongest_proved),
            "proved_subsumptions": hierarchy.proved_pairs,
            "subsumption_questions": hierarchy.questions,
            "kill_matrix_tests": tests.len(),
            "collapsed": collapsed.iter().map(|&i| mutants[i].id).collect::<Vec<_>>(),
            "hierarchy": classes,
            "results": results,
        });
        print(&json(&report))?;
        return Ok(ExitCode::SUCCESS);
    }
    let width = method_column(mutants);
    let mut out = format!(
        "{:>5}  {:<9} {:>5}  {:<5} {:<width$} {:>9}  {:<40}  subsumed by\n",
        "class", "", "id", "op", "method", "line:col", "change"
    );
    for (ci, c) in hierarchy.classes.iter().enumerate() {
        for (k, &i) in c.members.iter().enumerate() {
            let m = &mutants[i];
            let change = format!("{} -> {}", one_line(&m.original), one_line(&m.replacement));
            let kind = match (k, c.strongest) {
                (0, true) => "strongest",
                (0, false) => "weaker",
                _ if c.proved => "duplicate",
                _ => "same kills",
            };
            let by: Vec<String> = if k == 0 {
                c.subsumed_by
                    .iter()
                    .map(|(d, r)| format!("{} ({})", d + 1, relation(*r)))
                    .collect()
            } else {
                Vec::new()
            };
            out.push_str(&format!(
                "{:>5}  {:<9} {:>5}  {:<5} {:<width$} {:>9}  {:<40}  {}\n",
                if k == 0 {
                    (ci + 1).to_string()
                } else {
                    String::new()
                },
                kind,
                m.id,
                m.operator.name(),
                m.method_name,
                format!("{}:{}", m.line, m.column),
                change,
                by.join(", ")
            ));
        }
    }
    out.push_str(&format!(
        "\n{} mutants: {} equivalent, {} classes ({} unknown mutants among them), {} strongest \
         classes -> saving {:.1} % (with subsumptions proved for every input alone: {} \
         strongest, saving {:.1} %); {} subsumptions proved; kill matrix of {} tests; {:.2} s\n",
        mutants.len(),
        equivalent,
        hierarchy.classes.len(),
        unknown,
        collapsed.len(),
        100.0 * saving(collapsed.len()),
        strongest_proved,
        100.0 * saving(strongest_proved),
        hierarchy.proved_pairs,
        tests.len(),
        started.elapsed().as_secs_f64()
    ));
    let ids: Vec<String> = collapsed
        .iter()
        .map(|&i| mutants[i].id.to_string())
        .collect();
    out.push_str(&format!("collapsed list: {}\n", ids.join(" ")));
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}
