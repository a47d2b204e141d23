//! `roth solve`: the constraint solver on a small text language, for users, teaching, and
//! checking the solver from outside.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::common::{CliError, Session, bad_input, write_output};
use roth::solver::{
    self, JType, Model, Problem, SolveOptions, Solver, Value, ValueChoice, Verdict,
};

#[derive(Debug, Args)]
#[command(after_help = "\
Input: declarations of Java primitive variables and constraints written as Java boolean
expressions, each ending with `;`. `//` and `/* */` comments are allowed. Example:

    int x, y;          // declarations: boolean byte short char int long double
    x == y;
    x > 10000;
    x % 7 == 3 || (byte) y < 0;

Output: `sat` and one `name = value` line per variable, `unsat`, or `unknown: reason`.
A constraint holds when it evaluates to true under Java semantics (32- and 64-bit
wrap-around, truncating division, no exception raised).

Exit codes: 0 a definite answer (sat or unsat), 1 unknown, 2 bad input.")]
pub struct SolveArgs {
    /// The constraint file; standard input when absent or `-`.
    file: Option<PathBuf>,

    /// Print up to N distinct models, separated by blank lines.
    #[arg(long, value_name = "N")]
    all: Option<u64>,

    /// Seed for the random choices (with --values random, and ties between signs).
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Which value a decision tries first: near zero (readable models), the lower bound,
    /// or random.
    #[arg(long, value_enum, default_value_t = Values::NearZero)]
    values: Values,

    /// Give up (unknown) after this many decisions.
    #[arg(long, default_value_t = 1_000_000)]
    node_limit: u64,

    /// Give up (unknown) after this many backtracks (returns to an earlier decision).
    #[arg(long, default_value_t = u64::MAX, hide_default_value = true)]
    backtrack_limit: u64,

    /// Give up (unknown) after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,

    /// Also print the search effort (decisions, backtracks, propagations) on stderr.
    #[arg(long)]
    stats: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Values {
    NearZero,
    Min,
    Random,
}

pub fn solve(session: &Session, args: SolveArgs) -> Result<ExitCode, CliError> {
    let (name, text) = match &args.file {
        Some(path) if path.as_os_str() != "-" => (
            path.display().to_string(),
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))
                .map_err(|e| CliError { code: 2, error: e })?,
        ),
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
            ("<stdin>".to_string(), text)
        }
    };
    let problem = solver::parse(&text).map_err(|e| bad_input(format!("{name}: {e}")))?;
    if problem.var_count() == 0 && problem.constraints().is_empty() {
        session.warn(format!("{name}: no declarations and no constraints"));
    }
    let deadline = match args.time_limit {
        Some(s) if s.is_finite() && s >= 0.0 => Some(Instant::now() + Duration::from_secs_f64(s)),
        Some(s) => return Err(bad_input(format!("--time-limit {s} is not a duration"))),
        None => None,
    };
    let options = SolveOptions {
        seed: args.seed,
        value_choice: match args.values {
            Values::NearZero => ValueChoice::NearZero,
            Values::Min => ValueChoice::Min,
            Values::Random => ValueChoice::Random,
        },
        node_limit: args.node_limit,
        backtrack_limit: args.backtrack_limit,
        propagation_limit: u64::MAX,
        deadline,
        ..SolveOptions::default()
    };
    let wanted = args.all.unwrap_or(1);
    if wanted == 0 {
        return Err(bad_input("--all needs at least 1"));
    }
    // One answer: the solve that splits the constraints into independent parts (no
    // restarts, so the answer is the one the options ask for). A list of models: the
    // enumerating solver, which keeps its search between models.
    let mut first = (wanted == 1).then(|| {
        roth::solver::solve(
            &problem,
            SolveOptions {
                restarts: 0,
                ..options.clone()
            },
        )
    });
    let mut stats = first.as_ref().map(|f| f.1).unwrap_or_default();
    let mut solver = Solver::new(&problem, options);
    let mut out = String::new();
    let mut found = 0;
    let code = loop {
        let verdict = match first.take() {
            Some((verdict, _)) => verdict,
            None => {
                let v = solver.next_model();
                stats = solver.stats;
                v
            }
        };
        match verdict {
            Verdict::Sat(model) => {
                if found > 0 {
                    out.push('\n');
                }
                out.push_str(&render(&problem, &model));
                found += 1;
                if found == wanted {
                    break 0;
                }
            }
            // After at least one model, running out of models is the end of the list.
            Verdict::Unsat if found > 0 => break 0,
            Verdict::Unsat => {
                out.push_str("unsat\n");
                break 0;
            }
            Verdict::Unknown(reason) if found > 0 => {
                session.warn(format!("stopped after {found} models: {reason}"));
                break 0;
            }
            Verdict::Unknown(reason) => {
                out.push_str(&format!("unknown: {reason}\n"));
                break 1;
            }
        }
    };
    write_output(None, &out, false)?;
    if args.stats {
        let s = stats;
        eprintln!(
            "decisions {}, backtracks {}, propagations {}, leaves {}",
            s.decisions, s.backtracks, s.propagations, s.leaves
        );
    }
    Ok(ExitCode::from(code))
}

/// `sat` and one `name = value` line per variable: integers as plain numbers, chars and
/// doubles as Java literals (`'a'`, `2.5`, `Double.NaN`).
fn render(problem: &Problem, model: &Model) -> String {
    let mut out = String::from("sat\n");
    for v in problem.vars() {
        let value = match model.get(v) {
            Value::Int(JType::Char | JType::Boolean, _) | Value::Double(_) => {
                model.get(v).to_string()
            }
            Value::Int(_, i) => i.to_string(),
        };
        out.push_str(&format!("{} = {value}\n", problem.name(v)));
    }
    out
}
