//! The program side's commands: `roth exec` (run a Java method), and the rest of the Java
//! tooling.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use super::{BadInput, CliError, Session, bad_input};
use roth::program::execution::interp::{Compiled, Limits, Outcome, Termination, Value};
use roth::program::execution::literal::{parse_value, split_top_level};
use roth::program::reader::text;
use roth::program::{Unit, load};

/// Reads and checks a Java file; warns about each method outside the subset.
pub fn load_unit(session: &Session, path: &Path) -> Result<Unit, CliError> {
    let source = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .bad_input()?;
    let unit = load(&path.display().to_string(), &source).bad_input()?;
    for d in &unit.skipped {
        session.warn(d);
    }
    for (m, d) in unit.unsupported() {
        session.warn(format!("{d} (method {} skipped)", m.signature()));
    }
    Ok(unit)
}

#[derive(Debug, Args)]
#[command(after_help = "\
Arguments are Java literals, one per parameter, after `--`:
    3  -7L  'a'  true  \"text\"  2.5  null  {1, 2, 3}  {{1, 2}, {3}}

Output: the outcome on the first line, `return VALUE` (as String.valueOf prints it; arrays as
[1, 2, 3]), `return` for void, `throw CLASS` (the exception's full class name) or `timeout`;
then `printed \"...\"` with everything written to System.out, `field NAME = VALUE` for each
field the call changed, and `array NAME = [...]` for each array argument the call changed.

Examples:
    roth exec programs/Triangle.java --method classify -- 3 4 5
    roth exec programs/QuickSort.java --method sort -- '{3, 1, 2}'
    roth exec Counter.java --method add --this 'count=5' -- 2")]
pub struct ExecArgs {
    /// The Java source file.
    file: PathBuf,

    /// The method to run: `name`, `Class.name`, or with parameter types (`max(int, int)`).
    #[arg(long, short)]
    method: String,

    /// Fields of the receiver (instance methods) set after construction:
    /// `name=value,name=value`.
    #[arg(long = "this", value_name = "FIELDS")]
    this: Option<String>,

    /// Steps before the run counts as non-terminating (`timeout`).
    #[arg(long, default_value_t = 10_000_000)]
    step_limit: u64,

    /// Nested calls before `java.lang.StackOverflowError`.
    #[arg(long, default_value_t = 2_000)]
    depth_limit: u32,

    /// The arguments, as Java literals.
    #[arg(last = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

pub fn exec(session: &Session, args: ExecArgs) -> Result<ExitCode, CliError> {
    let unit = load_unit(session, &args.file)?;
    let (class, method) = unit.find_method(&args.method).map_err(bad_input)?;
    let m = unit.method(class, method);
    if let Err(d) = &m.body {
        return Err(bad_input(format!(
            "method {} is outside the supported subset: {d}",
            m.signature()
        )));
    }
    // Accept one argument per word, or several literals in one word separated by commas.
    let words: Vec<String> = if args.args.len() == 1 && m.params.len() > 1 {
        split_top_level(&args.args[0])
    } else {
        args.args.clone()
    };
    if words.len() != m.params.len() {
        return Err(bad_input(format!(
            "{} takes {} argument(s), {} given",
            m.signature(),
            m.params.len(),
            words.len()
        )));
    }
    let mut values = Vec::new();
    for (k, (w, ty)) in words.iter().zip(&m.params).enumerate() {
        let v = parse_value(w, ty).map_err(|e| {
            bad_input(format!(
                "argument {} ({} {}): {e}",
                k + 1,
                ty,
                m.param_names[k]
            ))
        })?;
        values.push(v);
    }
    let fields = match &args.this {
        Some(text) => receiver_fields(&unit, class, text)?,
        None => Vec::new(),
    };
    if m.is_static && !fields.is_empty() {
        session.warn("--this has no receiver to set for a static method; static fields are set");
    }
    let program = Compiled::new(&unit, None);
    let limits = Limits {
        steps: args.step_limit,
        depth: args.depth_limit,
        ..Limits::default()
    };
    let before = program
        .initial_fields(class, method, &fields)
        .map_err(bad_input)?;
    let outcome = program
        .run(class, method, &values, &fields, limits)
        .map_err(bad_input)?;
    let mut out = describe(&outcome);
    for ((name, after), (_, was)) in outcome.fields.iter().zip(&before) {
        if !after.same(was) {
            out.push_str(&format!("field {name} = {after}\n"));
        }
    }
    for (k, after) in outcome.args.iter().enumerate() {
        if let Some(after) = after
            && !after.same(&values[k])
        {
            out.push_str(&format!("array {} = {after}\n", m.param_names[k]));
        }
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// `name=value,...` for the receiver's fields, each read as its field's type.
fn receiver_fields(unit: &Unit, class: u32, text: &str) -> Result<Vec<(String, Value)>, CliError> {
    let mut out = Vec::new();
    for part in split_top_level(text) {
        let Some((name, value)) = part.split_once('=') else {
            return Err(bad_input(format!(
                "--this expects name=value, got `{part}`"
            )));
        };
        let name = name.trim();
        let c = &unit.classes[class as usize];
        let Some(f) = c.fields.iter().find(|f| f.name == name) else {
            return Err(bad_input(format!("class {} has no field {name}", c.name)));
        };
        if f.constant.is_some() {
            return Err(bad_input(format!("field {name} is a constant")));
        }
        let v = parse_value(value, &f.ty).map_err(|e| bad_input(format!("field {name}: {e}")))?;
        out.push((name.to_string(), v));
    }
    Ok(out)
}

/// The outcome's first line and the printed text.
pub fn describe(outcome: &Outcome) -> String {
    let mut out = match &outcome.termination {
        Termination::Return(None) => "return\n".to_string(),
        Termination::Return(Some(v)) => format!("return {v}\n"),
        Termination::Throw(e) => format!("throw {e}\n"),
        Termination::Timeout => "timeout\n".to_string(),
    };
    if !outcome.printed.is_empty() {
        out.push_str(&format!(
            "printed {}\n",
            text::string_literal(&text::utf16(&outcome.printed))
        ));
    }
    out
}

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
    #[arg(long, default_value_t = 100_000, requires = "collapse")]
    step_limit: u64,

    /// A JSON report instead of the table.
    #[arg(long)]
    json: bool,
}

/// The mutants of a file selected by `--method` and `--operators`.
pub fn select_mutants(
    unit: &Unit,
    method: Option<&str>,
    operators: &[String],
) -> Result<roth::program::mutants::mutant::Mutants, CliError> {
    use roth::program::mutants::mutant::{self, Operator};
    let operators: Vec<Operator> = if operators.is_empty() {
        Operator::ALL.to_vec()
    } else {
        operators
            .iter()
            .map(|o| {
                Operator::from_name(o).ok_or_else(|| {
                    bad_input(format!(
                        "unknown operator {o}; the operators are {}",
                        Operator::ALL.map(|o| o.name()).join(", ")
                    ))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let only = match method {
        Some(spec) => Some(unit.find_method(spec).map_err(bad_input)?),
        None => None,
    };
    let mut all = mutant::generate(unit);
    all.filter(|c, m| only.is_none_or(|o| o == (c, m)), &operators);
    if let Some((c, m)) = only {
        let name = format!(
            "{}.{}",
            unit.classes[c as usize].name,
            unit.method(c, m).signature()
        );
        all.skipped.retain(|s| s.method_name == name);
    }
    Ok(all)
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
            super::refuse_existing([path.as_path()], args.force)?;
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
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
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
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// A JSON test file's tests, checked against the unit.
fn read_test_file(
    unit: &Unit,
    path: &Path,
) -> Result<Vec<roth::program::execution::analysis::TestCase>, CliError> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .bad_input()?;
    let text = match tests_of_file(&text, &unit.path) {
        Some(entry) => entry.to_string(),
        None => text,
    };
    roth::program::testgen::testfile::read_tests(unit, &text)
        .map_err(|e| bad_input(format!("{}: {e}", path.display())))
}

/// From a code base's report (`files`, each with its `file` and `tests`), the entry of the
/// file at `path` (whose path ends with the entry's); `None` for a plain test file.
pub(super) fn tests_of_file(text: &str, path: &str) -> Option<serde_json::Value> {
    let doc: serde_json::Value = serde_json::from_str(text).ok()?;
    if doc.get("tests").is_some() {
        return None;
    }
    let path = path.replace('\\', "/");
    doc.get("files")?
        .as_array()?
        .iter()
        .filter(|f| {
            f.get("file")
                .and_then(|n| n.as_str())
                .is_some_and(|n| path == n || path.ends_with(&format!("/{n}")))
        })
        .max_by_key(|f| f["file"].as_str().map_or(0, str::len))
        .cloned()
}

/// A mutation analysis error: a bad test is the user's input, anything else roth's failure.
pub(super) fn analysis_error(e: roth::program::execution::analysis::AnalysisError) -> CliError {
    match e {
        roth::program::execution::analysis::AnalysisError::BadTest { .. } => bad_input(e),
        other => CliError::from(anyhow::anyhow!("{other}")),
    }
}

/// Classifies `mutants` (random tests, then proofs) with a progress bar; the options used.
fn classify_mutants(
    session: &Session,
    unit: &Unit,
    mutants: &[roth::program::mutants::mutant::Mutant],
    tests_per_method: usize,
    seed: u64,
    step_limit: u64,
) -> Result<
    (
        roth::program::proofs::classify::Classification,
        roth::program::proofs::classify::ClassifyOptions,
    ),
    CliError,
> {
    use roth::program::proofs::classify::{ClassifyOptions, classify};
    let options = ClassifyOptions {
        tests_per_method,
        seed,
        limits: Limits {
            steps: step_limit,
            ..Limits::default()
        },
        prove: roth::program::proofs::equivalence::ProveOptions::default(),
    };
    let bar = session.progress_bar(mutants.len() as u64, "mutants");
    let classification = classify(unit, mutants, &options, &|n| bar.set_position(n as u64))
        .map_err(|e| CliError::from(anyhow::anyhow!("{e}")))?;
    bar.finish_and_clear();
    Ok((classification, options))
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
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
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
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// The width of the method column of a mutant table.
pub(super) fn method_column(mutants: &[roth::program::mutants::mutant::Mutant]) -> usize {
    mutants
        .iter()
        .map(|m| m.method_name.len())
        .max()
        .unwrap_or(6)
        .max(6)
}

/// Source text on one line (a deleted block may span several).
pub(super) fn one_line(text: &str) -> String {
    let t: Vec<&str> = text.split_whitespace().collect();
    let s = t.join(" ");
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(57).collect::<String>())
    } else {
        s
    }
}

#[derive(Debug, Args)]
#[command(after_help = "\
The test file is JSON (the format is in the README):
    {\"tests\": [{\"name\": \"right\", \"method\": \"classify\", \"args\": [3, 4, 5]},
               {\"method\": \"sort\", \"args\": [[3, 1, 2]], \"this\": {\"comparisons\": 0}}]}

A mutant is killed when some test sees any output differ from the original's: the return
value, the exception class, printed text, fields and arrays after the call, or termination.
Each test runs once on the original; a mutant runs only on the tests that reach the code it
changes (the others cannot tell it apart).

A folder is a code base: every .java file below it, each scored with its own tests, taken
from a report of `roth testgen FOLDER` (or `roth merge`), whose `files` list each file's tests;
a file with no tests there has every mutant alive. --shard I/N scores one of N parts of the
methods and writes a part file; `roth merge FOLDER PART...` prints the whole score.

Examples:
    roth score programs/Triangle.java --tests triangle-tests.json
    roth score programs/Triangle.java --tests t.json --operators ROR --json
    roth score programs --tests programs.json
    roth score programs --tests programs.json --shard 1/4 --part score-1.json")]
pub struct ScoreArgs {
    /// The Java source file, or a folder of them (a code base).
    pub(super) file: PathBuf,

    /// The test set (roth's JSON test format, or a report of roth testgen).
    #[arg(long, short)]
    pub(super) tests: PathBuf,

    /// Only mutants of this method (one file only).
    #[arg(long, short)]
    pub(super) method: Option<String>,

    /// Comma-separated operators (default: all).
    #[arg(long, value_delimiter = ',')]
    pub(super) operators: Vec<String>,

    /// Steps before a run counts as non-terminating.
    #[arg(long, default_value_t = 1_000_000)]
    pub(super) step_limit: u64,

    /// Worker threads (results do not depend on it).
    #[arg(long, default_value_t = default_threads())]
    pub(super) threads: usize,

    /// A JSON report instead of the table.
    #[arg(long)]
    pub(super) json: bool,

    /// Score part I of N of the methods (`auto`: from the scheduler, as `roth testgen
    /// --shard`); `roth merge` combines the parts.
    #[arg(long, value_name = "I/N", requires = "part", conflicts_with_all = ["method", "json"])]
    pub(super) shard: Option<String>,

    /// Write this part's verdicts for `roth merge`.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub(super) part: Option<PathBuf>,

    /// Replace an existing part file.
    #[arg(long)]
    pub(super) force: bool,
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub fn score(session: &Session, args: ScoreArgs) -> Result<ExitCode, CliError> {
    use roth::program::execution::analysis::{Verdict, analyse};
    if args.file.is_dir() || args.shard.is_some() {
        return super::codebase::score(session, &args);
    }
    let unit = load_unit(session, &args.file)?;
    let tests = read_test_file(&unit, &args.tests)?;
    let selected = select_mutants(&unit, args.method.as_deref(), &args.operators)?;
    let mutants = &selected.mutants;
    let bar = session.progress_bar(mutants.len() as u64, "mutants");
    let limits = Limits {
        steps: args.step_limit,
        ..Limits::default()
    };
    let analysis = analyse(&unit, mutants, &tests, limits, args.threads, &|n| {
        bar.set_position(n as u64)
    })
    .map_err(analysis_error)?;
    bar.finish_and_clear();
    let killed = analysis.killed();
    let verdict_text = |v: &Verdict| match v {
        Verdict::Killed(t) => format!("killed by {}", tests[*t].name),
        Verdict::NotReached => "alive (no test reaches it)".to_string(),
        Verdict::Survived => "alive".to_string(),
    };
    if args.json {
        let rows: Vec<serde_json::Value> = mutants
            .iter()
            .zip(&analysis.verdicts)
            .map(|(m, v)| {
                mutant_json(m, serde_json::json!({
                    "status": match v { Verdict::Killed(_) => "killed", Verdict::NotReached => "not reached", Verdict::Survived => "survived" },
                    "killed_by": match v { Verdict::Killed(t) => Some(tests[*t].name.clone()), _ => None },
                }))
            })
            .collect();
        let report = serde_json::json!({
            "file": unit.path,
            "tests": tests.len(),
            "mutants": mutants.len(),
            "killed": killed,
            "alive": mutants.len() - killed,
            "mutation_score": analysis.score(),
            "runs": analysis.runs,
            "runs_avoided": analysis.runs_avoided,
            "results": rows,
        });
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
        return Ok(ExitCode::SUCCESS);
    }
    let width = method_column(mutants);
    let mut out = format!(
        "{:>5}  {:<5} {:<width$} {:>9}  {:<40}  verdict\n",
        "id", "op", "method", "line:col", "change"
    );
    for (m, v) in mutants.iter().zip(&analysis.verdicts) {
        let change = format!("{} -> {}", one_line(&m.original), one_line(&m.replacement));
        out.push_str(&format!(
            "{:>5}  {:<5} {:<width$} {:>9}  {:<40}  {}\n",
            m.id,
            m.operator.name(),
            m.method_name,
            format!("{}:{}", m.line, m.column),
            change,
            verdict_text(v)
        ));
    }
    let not_reached = analysis
        .verdicts
        .iter()
        .filter(|v| **v == Verdict::NotReached)
        .count();
    out.push_str(&format!(
        "\n{} tests, {} mutants: {} killed, {} alive ({} not reached by any test)\nmutation score {:.1} %  ({} mutant runs, {} avoided because the test does not reach the mutant)\n",
        tests.len(),
        mutants.len(),
        killed,
        mutants.len() - killed,
        not_reached,
        100.0 * analysis.score(),
        analysis.runs,
        analysis.runs_avoided
    ));
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// A mutant's identity and change as report rows show it, with `extra` fields after them.
pub(super) fn mutant_json(
    m: &roth::program::mutants::mutant::Mutant,
    extra: serde_json::Value,
) -> serde_json::Value {
    let mut row = serde_json::json!({
        "id": m.id,
        "operator": m.operator.name(),
        "method": m.method_name,
        "line": m.line,
        "column": m.column,
        "original": m.original,
        "replacement": m.replacement,
    });
    if let (Some(row), serde_json::Value::Object(extra)) = (row.as_object_mut(), extra) {
        row.extend(extra);
    }
    row
}

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
    #[arg(long, default_value_t = 100_000)]
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
                println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
            } else {
                println!("{} ({})", verdict.0, verdict.1);
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
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
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
    print!("{out}");
    Ok(code)
}

#[derive(Debug, Args)]
#[command(after_help = "\
Prints the method's control-flow graph: each node with its source place, the variables it
defines and uses, its successors, immediate dominator and post-dominator; then the control
dependences, the def-use chains with numbered definitions and uses (def1(x) -> use2(x)), and
the method's inputs and outputs.

Examples:
    roth cfg programs/Triangle.java --method classify
    roth cfg programs/Gcd.java --method gcd --svg gcd.svg --dot gcd.dot")]
pub struct CfgArgs {
    /// The Java source file.
    file: PathBuf,

    /// The method (`name`, `Class.name` or `name(int, int)`).
    #[arg(long, short)]
    method: String,

    /// Also write the graph as Graphviz DOT.
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,

    /// Also draw the graph as SVG (laid out by roth; no Graphviz needed).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// Leave data dependences out of the drawings.
    #[arg(long)]
    no_data: bool,

    /// Replace existing --dot / --svg files.
    #[arg(long)]
    force: bool,
}

pub fn cfg(session: &Session, args: CfgArgs) -> Result<ExitCode, CliError> {
    use roth::program::model::cfg::{Cfg, NodeKind};
    use roth::program::model::draw;
    let unit = load_unit(session, &args.file)?;
    let (class, method) = unit.find_method(&args.method).map_err(bad_input)?;
    let m = unit.method(class, method);
    let title = format!("{}.{}", unit.classes[class as usize].name, m.signature());
    let cfg = Cfg::new(&unit, class, method).ok_or_else(|| {
        bad_input(format!(
            "method {} is outside the supported subset: {}",
            m.signature(),
            m.body
                .as_ref()
                .err()
                .map(|d| d.to_string())
                .unwrap_or_default()
        ))
    })?;
    let name = |n: petgraph::graph::NodeIndex| format!("n{}", n.index());
    let vars = |vs: &[roth::program::model::cfg::Var]| {
        vs.iter()
            .map(|v| cfg.var_name(*v))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = format!(
        "CFG of {title}: {} nodes, {} edges\n\n",
        cfg.graph.node_count(),
        cfg.graph.edge_count()
    );
    for n in cfg.graph.node_indices() {
        let node = &cfg.graph[n];
        let place = match node.kind {
            NodeKind::Entry | NodeKind::Exit => String::new(),
            _ => format!("{}:{} ", node.span.line, node.span.column),
        };
        out.push_str(&format!("{:>4}  {place}{}\n", name(n), node.label));
        if !node.defs.is_empty() {
            out.push_str(&format!("        defines {}\n", vars(&node.defs)));
        }
        if !node.uses.is_empty() {
            out.push_str(&format!("        uses {}\n", vars(&node.uses)));
        }
        let succ = draw::edge_summary(&cfg, n);
        if !succ.is_empty() {
            out.push_str(&format!("        -> {succ}\n"));
        }
        let idom = cfg.immediate_dominator(n).map(name);
        let ipdom = cfg.immediate_post_dominator(n).map(name);
        if idom.is_some() || ipdom.is_some() {
            out.push_str(&format!(
                "        idom {}, ipdom {}\n",
                idom.unwrap_or_else(|| "-".into()),
                ipdom.unwrap_or_else(|| "-".into())
            ));
        }
    }
    out.push_str("\ncontrol dependences:\n");
    for (p, label, n) in &cfg.control_dependences {
        out.push_str(&format!("  {} on {} ({label})\n", name(*n), name(*p)));
    }
    out.push_str("\ndef-use chains:\n");
    for (i, d) in cfg.definitions.iter().enumerate() {
        let v = cfg.var_name(d.var);
        let uses: Vec<String> = cfg
            .uses
            .iter()
            .filter(|u| u.reaching.contains(&i))
            .map(|u| format!("use{}({v}) at {}", u.number, name(u.node)))
            .collect();
        out.push_str(&format!(
            "  def{}({v}) at {} -> {}\n",
            d.number,
            name(d.node),
            if uses.is_empty() {
                "no use".to_string()
            } else {
                uses.join(", ")
            }
        ));
    }
    let io = cfg.inputs_outputs(&unit, class, method);
    out.push_str(&format!(
        "\ninputs: {}\noutputs: {}\n",
        io.inputs.join(", "),
        io.outputs.join(", ")
    ));
    print!("{out}");
    if let Some(path) = &args.dot {
        super::write_output(Some(path), &draw::dot(&cfg, &title), args.force)?;
    }
    if let Some(path) = &args.svg {
        super::write_output(
            Some(path),
            &draw::svg(&cfg, &title, !args.no_data),
            args.force,
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `roth testgen`.
#[derive(Args, Debug)]
#[command(
    after_help = "A folder is a code base: every .java file below it (hidden folders
skipped), each with its own JUnit class (--out-dir) and a row in the table; a file that does not
parse is reported and the others still run. --shard I/N runs one of N deterministic parts of the
code base's methods (balanced by their numbers of mutants) and writes a part file; `roth merge
FOLDER PART...` combines the parts into the outputs of one run. Exit code: 0 when no mutant is
unknown (and every file parsed), 1 otherwise, 2 for bad input.

Examples:
    roth testgen programs/Mid.java
    roth testgen programs/Triangle.java --out TriangleTest.java --report triangle.json
    roth testgen programs/QuickSort.java --method sort --seed 7
    roth testgen programs --out-dir tests --report programs.json
    roth testgen programs --shard 2/4 --part part-2.json"
)]
pub struct TestgenArgs {
    /// The Java source file under test, or a folder of them (a code base).
    pub(super) file: PathBuf,

    /// Only mutants of this method (`name`, `Class.name` or `name(int, int)`; one file only).
    #[arg(long, short)]
    pub(super) method: Option<String>,

    /// Comma-separated mutation operators (default: all).
    #[arg(long, value_delimiter = ',')]
    pub(super) operators: Vec<String>,

    /// Write the JUnit 5 test class here (e.g. `MidTest.java`; one file only).
    #[arg(long, value_name = "FILE", conflicts_with = "out_dir")]
    pub(super) out: Option<PathBuf>,

    /// Write one JUnit 5 class per file under this folder, in the folders of their packages
    /// (`DIR/com/example/FooTest.java`).
    #[arg(long, value_name = "DIR")]
    pub(super) out_dir: Option<PathBuf>,

    /// Write a JSON report here: mutants by fate, phases, and the tests (which `roth score
    /// --tests` reads).
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,

    /// Replace existing output files.
    #[arg(long)]
    pub(super) force: bool,

    /// Seed of every random choice; the same seed gives the same tests.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,

    /// Seconds allowed per search of a mutant, in every pass (default: no limit).
    #[arg(long, value_name = "SECONDS")]
    pub(super) time_limit: Option<f64>,

    /// Seconds for the test generation: every pass stops when they are spent, the mutants not
    /// settled yet are reported unknown, and the tests found so far are written (default: no
    /// budget). With a budget the result depends on the machine's speed.
    #[arg(long, value_name = "SECONDS")]
    pub(super) budget: Option<f64>,

    /// Steps before a run counts as non-terminating.
    #[arg(long, default_value_t = 100_000)]
    pub(super) step_limit: u64,

    /// Seconds a JUnit test may run before it fails (a mutant that loops must fail, not hang).
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) test_timeout: u32,

    /// Keep every test that killed a mutant first (no compaction).
    #[arg(long)]
    pub(super) no_compact: bool,

    /// Worker threads for the searches (default: all cores).
    #[arg(long)]
    pub(super) threads: Option<usize>,

    /// Print the report as JSON instead of the table.
    #[arg(long)]
    pub(super) json: bool,

    /// Work on part I of N of the methods (a sharded run; `roth merge` combines the parts).
    /// `auto` reads the part from the scheduler: a Slurm job array (SLURM_ARRAY_TASK_ID; with
    /// ROTH_SHARD_COUNT set the task ID is the part) or a Kubernetes Indexed Job
    /// (JOB_COMPLETION_INDEX, with the count in ROTH_SHARD_COUNT).
    #[arg(long, value_name = "I/N", requires = "part", conflicts_with_all = ["method", "out", "out_dir", "report"])]
    pub(super) shard: Option<String>,

    /// Write this part's result for `roth merge`: for each file, its tests and which mutants
    /// they kill, which were proved equivalent and which are unknown.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub(super) part: Option<PathBuf>,
}

pub fn testgen(session: &Session, args: TestgenArgs) -> Result<ExitCode, CliError> {
    if args.file.is_dir() || args.shard.is_some() || args.out_dir.is_some() {
        return super::codebase::testgen(session, &args);
    }
    use roth::program::testgen::generate;
    let started = std::time::Instant::now();
    let unit = load_unit(session, &args.file)?;
    let selected = select_mutants(&unit, args.method.as_deref(), &args.operators)?;
    let mutants = &selected.mutants;
    let options = testgen_options(session, &args, args.seed, args.step_limit)?;
    let limits = options.limits;
    let bar = session.progress_bar(mutants.len() as u64, "mutants");
    let generated = generate(&unit, mutants, &options, &mut |p| {
        bar.set_message(p.phase.to_string());
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
    });
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let kills = kills_per_test(mutants, &generated);
    if let Some(path) = &args.out {
        let (_, source) = junit_class(&unit, &generated, &kills, limits, args.test_timeout)?;
        super::write_output(Some(path), &source, args.force)?;
    }
    let mut report = file_report(&unit, mutants, &generated, &kills);
    report["seconds"] = seconds.into();
    report["seed"] = args.seed.into();
    if let Some(path) = &args.report {
        let text = serde_json::to_string_pretty(&report).context("JSON")? + "\n";
        super::write_output(Some(path), &text, args.force)?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
    } else {
        let mut out = phase_table(&generated);
        out.push_str(&unknown_lines(mutants, &generated, ""));
        out.push_str(&format!(
            "\n{} mutants: {} killed, {} equivalent, {} unknown; mutation score {:.1} %; {} tests; {:.2} s\n",
            mutants.len(),
            generated.killed(),
            generated.equivalent(),
            generated.unknown(),
            100.0 * generated.mutation_score(),
            generated.tests.len(),
            seconds
        ));
        print!("{out}");
    }
    Ok(if generated.unknown() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The test generation settings of `roth testgen`'s options (the seed and step limit given
/// apart: a merge takes its parts').
pub(super) fn testgen_options(
    session: &Session,
    args: &TestgenArgs,
    seed: u64,
    step_limit: u64,
) -> Result<roth::program::testgen::Options, CliError> {
    Ok(roth::program::testgen::Options {
        seed,
        limits: Limits {
            steps: step_limit,
            ..Limits::default()
        },
        compact: !args.no_compact,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1),
        time_limit: super::seconds_option("--time-limit", args.time_limit)?,
        deadline: super::seconds_option("--budget", args.budget)?.map(|b| session.start + b),
        ..roth::program::testgen::Options::default()
    })
}

/// The mutants each test of `generated` is named as the killer of (its fate's test).
pub(super) fn kills_per_test(
    mutants: &[roth::program::mutants::mutant::Mutant],
    generated: &roth::program::testgen::Generated,
) -> Vec<Vec<u32>> {
    use roth::program::testgen::Fate;
    let mut kills = vec![Vec::new(); generated.tests.len()];
    for (m, f) in mutants.iter().zip(&generated.fates) {
        if let Fate::Killed(t) = f {
            kills[*t].push(m.id);
        }
    }
    kills
}

/// The JUnit 5 class of a file's tests: its name (the file's class, named like the file, plus
/// `Test`) and source.
pub(super) fn junit_class(
    unit: &Unit,
    generated: &roth::program::testgen::Generated,
    kills: &[Vec<u32>],
    limits: Limits,
    timeout: u32,
) -> Result<(String, String), CliError> {
    use roth::program::testgen::junit::{Emitted, write_class};
    let emitted: Vec<Emitted<'_>> = generated
        .tests
        .iter()
        .zip(kills)
        .map(|(test, kills)| Emitted {
            test,
            kills: kills.clone(),
        })
        .collect();
    let class = test_class(unit);
    let source = write_class(unit, class, &emitted, limits, timeout)
        .map_err(|e| bad_input(format!("{}: {e}", unit.path)))?;
    Ok((format!("{}Test", unit.classes[class as usize].name), source))
}

/// The class a file's JUnit class is named after: the one named like the file (Java's rule for
/// a public class), else the first.
pub(super) fn test_class(unit: &Unit) -> u32 {
    let stem = Path::new(&unit.path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned());
    unit.classes
        .iter()
        .position(|c| Some(&c.name) == stem.as_ref())
        .map_or(0, |c| c as u32)
}

/// One file's test generation as JSON: the mutants by fate, the tests in `roth score`'s
/// format, the phases and which searches found what.
pub(super) fn file_report(
    unit: &Unit,
    mutants: &[roth::program::mutants::mutant::Mutant],
    generated: &roth::program::testgen::Generated,
    kills: &[Vec<u32>],
) -> serde_json::Value {
    use roth::program::proofs::equivalence::Rule;
    use roth::program::testgen::Fate;
    let ids = |want: &dyn Fn(&Fate) -> bool| -> Vec<u32> {
        mutants
            .iter()
            .zip(&generated.fates)
            .filter(|(_, f)| want(f))
            .map(|(m, _)| m.id)
            .collect()
    };
    let phases: Vec<serde_json::Value> = generated
        .phases
        .iter()
        .map(|p| {
            serde_json::json!({
                "name": p.name,
                "killed": p.detected,
                "tests": p.patterns,
                "seconds": p.seconds,
            })
        })
        .collect();
    let tests_json: Vec<serde_json::Value> =
        roth::program::testgen::testfile::tests_to_json(unit, &generated.tests)
            .into_iter()
            .zip(kills)
            .map(|(mut t, k)| {
                t["kills"] = k.clone().into();
                t
            })
            .collect();
    serde_json::json!({
        "file": unit.path,
        "mutants": mutants.len(),
        "equivalent": ids(&|f| matches!(f, Fate::Equivalent(_))),
        "killed": ids(&|f| matches!(f, Fate::Killed(_))),
        "unknown": ids(&|f| matches!(f, Fate::Unknown(_))),
        // The tests themselves, in roth's test format: `roth score --tests` reads the report.
        "tests": tests_json,
        "mutation_score": generated.mutation_score(),
        "phases": phases,
        "found_by": generated.found,
        "proved_by_d_algorithm": ids(&|f| *f == Fate::Equivalent(Rule::DAlgorithm)),
    })
}

/// The per-phase table of a test generation, and which searches found what.
pub(super) fn phase_table(generated: &roth::program::testgen::Generated) -> String {
    use roth::program::proofs::equivalence::Rule;
    use roth::program::testgen::Fate;
    let mut out = String::new();
    out.push_str(&format!(
        "{:<28} {:>8} {:>6} {:>9}\n",
        "phase", "killed", "tests", "seconds"
    ));
    for p in &generated.phases {
        out.push_str(&format!(
            "{:<28} {:>8} {:>6} {:>9.3}\n",
            p.name, p.detected, p.patterns, p.seconds
        ));
    }
    let found = generated.found;
    out.push_str(&format!(
        "searches: {} tests from the SW D-algorithm, {} from the global method, {} from \
         random tests aimed at one method; {} equivalent proved by the SW D-algorithm\n",
        found.d_algorithm,
        found.global,
        found.targeted,
        generated
            .fates
            .iter()
            .filter(|f| **f == Fate::Equivalent(Rule::DAlgorithm))
            .count()
    ));
    out
}

/// One line per mutant left unknown, `prefix` (a file's name) first.
pub(super) fn unknown_lines(
    mutants: &[roth::program::mutants::mutant::Mutant],
    generated: &roth::program::testgen::Generated,
    prefix: &str,
) -> String {
    use roth::program::testgen::Fate;
    let mut out = String::new();
    for (m, f) in mutants.iter().zip(&generated.fates) {
        if let Fate::Unknown(reason) = f {
            out.push_str(&format!(
                "unknown {prefix}#{} {} {}:{} {} -> {} ({reason})\n",
                m.id, m.operator, m.line, m.column, m.original, m.replacement
            ));
        }
    }
    out
}

/// Arguments of `roth ablation`.
#[derive(Args, Debug)]
#[command(
    after_help = "For each advanced method of the software D-algorithm (thesis ch. 4) that can
be switched off, the D-algorithm's pass over each file's mutants is run with that method off and
with every method on: success rate (searched mutants given a test or proved equivalent), mutation
score of the pass's tests (over mutants not proved equivalent) and seconds, laid out like the
thesis's tables 4.1 to 4.5.

Examples:
    roth ablation programs/Triangle.java
    roth ablation programs/*.java --backtracks 64 --json"
)]
pub struct AblationArgs {
    /// Java source files, one column group (program) each.
    #[arg(required = true)]
    files: Vec<PathBuf>,

    /// Backtracks allowed per mutant (the first pass's small limit).
    #[arg(long, default_value_t = 16)]
    backtracks: u64,

    /// Seed of the solver's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Steps before a run counts as non-terminating.
    #[arg(long, default_value_t = 100_000)]
    step_limit: u64,

    /// Print JSON instead of the tables.
    #[arg(long)]
    json: bool,
}

pub fn ablation(session: &Session, args: AblationArgs) -> Result<ExitCode, CliError> {
    use roth::program::dalg::Methods;
    use roth::program::testgen::ablation::{Row, first_pass};
    let limits = Limits {
        steps: args.step_limit,
        ..Limits::default()
    };
    let mut programs = Vec::new();
    for file in &args.files {
        let unit = load_unit(session, file)?;
        let selected = select_mutants(&unit, None, &[])?;
        let name = file.file_stem().map_or_else(
            || file.display().to_string(),
            |s| s.to_string_lossy().into(),
        );
        programs.push((name, unit, selected.mutants));
    }
    let bar = session.progress_bar(
        (programs.len() * (Methods::ablations().len() + 1)) as u64,
        "passes",
    );
    let run = |methods: Methods| -> Vec<Row> {
        programs
            .iter()
            .map(|(_, unit, mutants)| {
                let row = first_pass(unit, mutants, methods, args.backtracks, limits, args.seed);
                bar.inc(1);
                row
            })
            .collect()
    };
    let all_on = run(Methods::ALL);
    let offs: Vec<(&str, Vec<Row>)> = Methods::ablations()
        .into_iter()
        .map(|(name, methods)| (name, run(methods)))
        .collect();
    bar.finish_and_clear();
    if args.json {
        let report = serde_json::json!({
            "backtracks": args.backtracks,
            "seed": args.seed,
            "programs": programs.iter().map(|p| &p.0).collect::<Vec<_>>(),
            "all_on": all_on,
            "off": offs.iter().map(|(name, rows)| serde_json::json!({
                "method": name,
                "rows": rows,
            })).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
        return Ok(ExitCode::SUCCESS);
    }
    let width = programs.iter().map(|p| p.0.len()).max().unwrap_or(7).max(7);
    for (k, (name, rows)) in offs.iter().enumerate() {
        println!(
            "Table {}: {name}, off (pre) and on (improved); {} backtracks per mutant",
            k + 1,
            args.backtracks
        );
        println!(
            "{:width$}  {:>8} {:>7} {:>7}   {:>8} {:>7} {:>7}",
            "program", "success", "score", "seconds", "success", "score", "seconds"
        );
        println!(
            "{:width$}  {:>24}   {:>24}",
            "", "--- method off ---", "--- all on ---"
        );
        for ((p, off), on) in programs.iter().zip(rows).zip(&all_on) {
            println!(
                "{:width$}  {:>7.0}% {:>6.0}% {:>7.2}   {:>7.0}% {:>6.0}% {:>7.2}",
                p.0,
                100.0 * off.success_rate,
                100.0 * off.mutation_score,
                off.seconds,
                100.0 * on.success_rate,
                100.0 * on.mutation_score,
                on.seconds,
            );
        }
        println!();
    }
    Ok(ExitCode::SUCCESS)
}
