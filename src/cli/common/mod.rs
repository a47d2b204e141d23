//! What every command shares: the error that carries an exit code, the session (warnings and
//! progress bars), output files written safely, JSON printing and the report of `--report` and
//! `--json`, thread counts and `--shard`. [`circuit`] and [`program`] read each model's input
//! with its errors mapped and hold what several commands on that side show alike.

pub mod circuit;
pub mod program;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use roth::flow::Shard;

/// A failed command: the message and the exit code it maps to.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub error: anyhow::Error,
}

/// Errors not marked otherwise mean the job failed (exit code 1).
impl<E: Into<anyhow::Error>> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError {
            code: 1,
            error: e.into(),
        }
    }
}

/// Marks an error as caused by the user's input (exit code 2).
pub trait BadInput<T> {
    fn bad_input(self) -> Result<T, CliError>;
}

impl<T, E: Into<anyhow::Error>> BadInput<T> for Result<T, E> {
    fn bad_input(self) -> Result<T, CliError> {
        self.map_err(|e| CliError {
            code: 2,
            error: e.into(),
        })
    }
}

/// An error in the user's input (exit code 2) with this message.
pub fn bad_input(message: impl std::fmt::Display) -> CliError {
    CliError {
        code: 2,
        error: anyhow::anyhow!("{message}"),
    }
}

/// What every command needs to know about the session.
pub struct Session {
    pub quiet: bool,
    pub progress: bool,
    /// When the command started: budgets count from here, reading the input included.
    pub start: std::time::Instant,
    /// `--source-root`: the folder of the code base a Java file belongs to.
    pub source_root: Option<std::path::PathBuf>,
}

impl Session {
    pub fn warn(&self, message: impl std::fmt::Display) {
        if !self.quiet {
            eprintln!("warning: {message}");
        }
    }

    /// A progress bar on stderr, or a hidden one when stderr is not a terminal or with --quiet.
    pub fn progress_bar(&self, length: u64, what: &str) -> ProgressBar {
        if !self.progress {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(length);
        let style = ProgressStyle::with_template(&format!(
            "{{spinner}} [{{bar:30}}] {{pos}}/{{len}} {what}, {{msg}} ({{elapsed}})"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar
    }
}

/// Writes `contents` to `path`, refusing to replace an existing file unless `force`; `None`
/// writes to stdout. The file is written beside its destination and renamed into place, so an
/// interrupted run never leaves a half-written file under the user's name.
pub fn write_output(path: Option<&Path>, contents: &str, force: bool) -> Result<(), CliError> {
    let Some(path) = path else {
        let mut out = std::io::stdout().lock();
        out.write_all(contents.as_bytes())
            .and_then(|()| out.flush())
            .context("cannot write to standard output")?;
        return Ok(());
    };
    refuse_existing([path], force)?;
    let file_name = path
        .file_name()
        .ok_or_else(|| bad_input(format!("{} is not a file name", path.display())))?;
    let mut temporary = PathBuf::from(path);
    temporary.set_file_name(format!(".{}.roth-tmp", file_name.to_string_lossy()));
    std::fs::write(&temporary, contents)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {}", path.display())
    })?;
    Ok(())
}

/// Refuses, unless `force`, to go on when one of `paths` exists: commands check their output
/// files before they work, so that a refusal never follows work done or output printed.
pub fn refuse_existing<'p>(
    paths: impl IntoIterator<Item = &'p Path>,
    force: bool,
) -> Result<(), CliError> {
    match paths.into_iter().find(|p| p.exists()) {
        Some(path) if !force => Err(bad_input(format!(
            "{} already exists; give --force to replace it",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// A positive, finite number of seconds given to `flag`, as a duration.
pub fn seconds_option(
    flag: &str,
    seconds: Option<f64>,
) -> Result<Option<std::time::Duration>, CliError> {
    match seconds {
        Some(s) if !(s > 0.0 && s.is_finite()) => Err(bad_input(format!(
            "{flag} must be a positive number of seconds, got {s}"
        ))),
        Some(s) => Ok(Some(std::time::Duration::from_secs_f64(s))),
        None => Ok(None),
    }
}

/// The machine's cores, the default number of worker threads.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Prints `text` on standard output; a closed pipe (`roth exec ... | head`) is an error the
/// caller returns, which `main` ends quietly on, where `print!` would panic.
pub fn print(text: &str) -> Result<(), CliError> {
    write_output(None, text, false)
}

/// A report as pretty JSON with a final newline.
pub fn json(value: &impl Serialize) -> String {
    let mut s = serde_json::to_string_pretty(value).expect("reports serialize");
    s.push('\n');
    s
}

/// Writes `report` to `path` (`--report`) and prints it when `print_json` (`--json`).
pub fn emit_report(
    report: &serde_json::Value,
    path: Option<&Path>,
    print_json: bool,
    force: bool,
) -> Result<(), CliError> {
    if let Some(path) = path {
        let text = serde_json::to_string_pretty(report).context("JSON")? + "\n";
        write_output(Some(path), &text, force)?;
    }
    if print_json {
        print(&json(report))?;
    }
    Ok(())
}

/// The part `--shard` names (see [`Shard::parse`]), refused as bad input.
pub fn parse_shard(text: &str) -> Result<Shard, CliError> {
    Shard::parse(text).bad_input()
}
