//! The Java front end under mangled real programs (issue 46: "nothing ever panics"). Every
//! shipped `.java` file (`programs/`, `programs/objects/` included) is mangled by 1 to 4 random
//! edits: a byte range deleted or duplicated, two lines swapped, an identifier replaced by
//! another of the file, or a piece of Java (a brace, `extends Object`, `record R(int x) { }`,
//! `\u0041`, ...) inserted. Each text is loaded; a unit that loads has its mutants made, is
//! compiled, and every supported method gets its control-flow graph and runs on random
//! arguments (with the receiver `new C()`, with a random receiver for an instance method, and
//! with random settings of the fields a test may set); a few of its mutants are compiled and
//! run too. `Err`s are fine; a panic is not.
//!
//! Deterministic: `FUZZ_SEED` (decimal or `0x` hex) changes the fixed seed, `FUZZ_CASES` the
//! number of cases (400 by default), and `FUZZ_CASE=n` runs only case `n` of the seed. A panic
//! fails the test after all cases ran, once per panic location, with the seed, the case, the
//! file, the edits, the lines around them, and the text cut down to the lines it needs.
//!
//! The panic hook. A caught panic still goes through the process-wide hook, whose default
//! prints a message (and, with `RUST_BACKTRACE`, a backtrace) for every crash and every try of
//! the minimisation. Replacing the hook for the duration of this test would also silence the
//! failures of the tests libtest runs in parallel threads meanwhile, and restoring it could
//! undo a hook another thread set in between. So a hook is installed once and never removed,
//! and it is transparent: on every thread it hands the panic to the hook it replaced, except on
//! a thread inside [`catching`], where it only records the message and the location (which
//! `catch_unwind`'s payload lacks, and which tells one crash from another).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use roth::program::execution::interp::{Compiled, Limits, Value};
use roth::program::load;
use roth::program::model::cfg::Cfg;
use roth::program::mutants::mutant;
use roth::program::testgen::inputs::{Pool, random_value_in};
use roth::rng::Rng;

/// The seed when `FUZZ_SEED` is not set.
const SEED: u64 = 0x0046_F022_2026;
/// Cases when `FUZZ_CASES` is not set.
const CASES: usize = 400;
/// A case that runs longer than this fails the test as a hang.
const HANG: Duration = Duration::from_secs(120);

/// What the inserting edit puts in the text.
const INSERTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    ";",
    ",",
    ".",
    "=",
    "extends Object",
    "implements X",
    "new ",
    "this.",
    "super.",
    "super(1);",
    "this(1);",
    "instanceof ",
    "var ",
    "int... ",
    "<T>",
    "static { }",
    "{ }",
    "interface I { }",
    "enum E { A, B }",
    "record R(int x) { }",
    "abstract ",
    "final ",
    "private ",
    "static ",
    "assert false;",
    "try { } finally { }",
    "(Object) ",
    "null",
    ".clone()",
    "switch (x) { case 1 -> 2; }",
    "x -> x",
    "\"",
    "'",
    "/*",
    r"\u0041",
];

#[test]
fn mangled_java_never_panics_the_front_end_the_mutants_or_the_interpreter() {
    let seed = env_number("FUZZ_SEED").unwrap_or(SEED);
    let cases = env_number("FUZZ_CASES").map_or(CASES, |n| n as usize);
    let only = env_number("FUZZ_CASE").map(|n| n as usize);
    let files = java_files();
    assert!(
        files.len() >= 30,
        "only {} .java files under programs/",
        files.len()
    );
    let sources: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p)
                .unwrap_or_else(|e| panic!("{} is readable: {e}", p.display()));
            let name = p
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap_or(p)
                .display()
                .to_string();
            (name, text)
        })
        .collect();
    install_hook();

    // The cases run on a worker thread, so that a case that never ends fails the test (naming
    // it) instead of hanging it.
    let current: Arc<Mutex<(Instant, String)>> =
        Arc::new(Mutex::new((Instant::now(), String::new())));
    let (done, finished) = mpsc::channel();
    let progress = Arc::clone(&current);
    let started = Instant::now();
    std::thread::Builder::new()
        .name("fuzz".into())
        .stack_size(16 << 20)
        .spawn(move || {
            let range = match only {
                Some(n) => n..n + 1,
                None => 0..cases,
            };
            let report = fuzz(seed, range, &sources, &progress);
            let _ = done.send(report);
        })
        .expect("the fuzz thread starts");
    let report = loop {
        match finished.recv_timeout(Duration::from_secs(1)) {
            Ok(report) => break report,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let (since, case) = &*current.lock().unwrap_or_else(|e| e.into_inner());
                assert!(
                    since.elapsed() < HANG,
                    "a case ran for over {HANG:?}:\n{case}"
                );
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                panic!("the fuzz thread died outside its cases")
            }
        }
    };
    eprintln!(
        "fuzz: seed {seed:#x}, {} cases in {:.1?}: {} loaded without a panic ({} runs, {} \
         mutants made), {} panicked",
        report.cases,
        started.elapsed(),
        report.loaded,
        report.runs,
        report.mutants,
        report.panicked
    );
    if !report.crashes.is_empty() {
        let mut message = format!(
            "{} distinct panic(s) on mangled Java (seed {seed:#x}; rerun one case with \
             FUZZ_SEED={seed:#x} FUZZ_CASE=n):\n",
            report.crashes.len()
        );
        for crash in report.crashes.values() {
            message.push_str(crash);
            message.push('\n');
        }
        panic!("{message}");
    }
}

/// What the cases came to.
#[derive(Default)]
struct Report {
    cases: usize,
    loaded: usize,
    runs: usize,
    mutants: usize,
    /// Cases that panicked.
    panicked: usize,
    /// One report per panic location.
    crashes: BTreeMap<String, String>,
}

fn fuzz(
    seed: u64,
    cases: std::ops::Range<usize>,
    sources: &[(String, String)],
    progress: &Mutex<(Instant, String)>,
) -> Report {
    let mut report = Report::default();
    for case in cases {
        let case_seed = seed ^ Rng::new(case as u64).next_u64();
        let mut rng = Rng::new(case_seed);
        let (name, source) = &sources[rng.index(sources.len())];
        let (text, edits) = mangle(source, &mut rng);
        let path = file_name(name);
        let describe = || describe_case(seed, case, name, &edits, &text);
        *progress.lock().unwrap_or_else(|e| e.into_inner()) = (Instant::now(), describe());
        report.cases += 1;
        match catching(|| exercise(&path, &text, case_seed)) {
            Ok(stats) => {
                report.loaded += usize::from(stats.loaded);
                report.runs += stats.runs;
                report.mutants += stats.mutants;
            }
            Err(panic) => {
                report.panicked += 1;
                if report.crashes.contains_key(&panic.location) {
                    continue;
                }
                let (minimal, again) = minimise(&path, &text, case_seed, &panic);
                let mut crash = describe();
                writeln!(
                    crash,
                    "panicked at {}: {}\n  while {}\nminimal text ({} lines, loaded as {path}, \
                     inputs from seed {case_seed:#x}) panics there too: {}\n  while {}\n\
                     ----\n{minimal}\n----",
                    panic.location,
                    panic.message,
                    panic.stage,
                    minimal.lines().count(),
                    again.message,
                    again.stage,
                )
                .unwrap();
                report.crashes.insert(panic.location, crash);
            }
        }
    }
    report
}

/// What one text came to, when nothing panicked.
struct Stats {
    loaded: bool,
    runs: usize,
    mutants: usize,
}

/// Everything roth does with a text: loading it, and for a unit, its mutants, its compiled
/// code, and per supported method the CFG and runs on random inputs drawn from `seed` (as
/// given, on a random receiver, and with random field settings), and a few of the mutants run.
fn exercise(path: &str, text: &str, seed: u64) -> Stats {
    let mut stats = Stats {
        loaded: false,
        runs: 0,
        mutants: 0,
    };
    stage(|| "loading the text".into());
    let Ok(unit) = load(path, text) else {
        return stats;
    };
    stats.loaded = true;
    stage(|| "making the mutants".into());
    let mutants = mutant::generate(&unit).mutants;
    stats.mutants = mutants.len();
    stage(|| "compiling the unit".into());
    let program = Compiled::new(&unit, None);
    let mut rng = Rng::new(seed);
    let pool = Pool::default();
    let limits = Limits {
        steps: 20_000,
        depth: 100,
        heap: 1 << 16,
    };
    let args_of = |ci: u32, mi: u32, rng: &mut Rng| -> Vec<Value> {
        unit.classes[ci as usize].methods[mi as usize]
            .params
            .iter()
            .map(|t| random_value_in(&unit, t, &pool, rng))
            .collect()
    };
    for (ci, class) in unit.classes[..unit.file_classes()].iter().enumerate() {
        for (mi, m) in class.methods.iter().enumerate() {
            if m.body.is_err() || m.lambda.is_some() {
                continue;
            }
            let (ci, mi) = (ci as u32, mi as u32);
            let name = format!("{}.{}", class.name, m.signature());
            stage(|| format!("building the CFG of {name}"));
            let _ = Cfg::new(&unit, ci, mi);
            let args = args_of(ci, mi, &mut rng);
            stage(|| format!("running {name} on ({})", list(&args)));
            let _ = program.run(ci, mi, &args, &[], limits);
            stats.runs += 1;
            if !m.is_static && !m.is_constructor {
                let receiver = random_value_in(&unit, &unit.class_type(ci), &pool, &mut rng);
                stage(|| {
                    format!(
                        "running {name} on receiver {receiver} and ({})",
                        list(&args)
                    )
                });
                let _ = program.run_on(ci, mi, Some(&receiver), &args, &[], limits);
                stats.runs += 1;
            }
            // The fields a test may set before the call (as `tests/roth/java.rs` does).
            let settings: Vec<(String, Value)> = unit
                .classes
                .iter()
                .enumerate()
                .flat_map(|(cj, c)| c.fields.iter().map(move |f| (cj as u32, f)))
                .filter(|(cj, f)| {
                    f.constant.is_none()
                        && f.unsupported.is_none()
                        && (f.is_static || (!m.is_static && !m.is_constructor && *cj == ci))
                })
                .map(|(_, f)| {
                    (
                        f.name.clone(),
                        random_value_in(&unit, &f.ty, &pool, &mut rng),
                    )
                })
                .collect();
            if !settings.is_empty() {
                stage(|| {
                    let set: Vec<String> =
                        settings.iter().map(|(f, v)| format!("{f} = {v}")).collect();
                    format!(
                        "running {name} on ({}) with {}",
                        list(&args),
                        set.join(", ")
                    )
                });
                let _ = program.run(ci, mi, &args, &settings, limits);
                stats.runs += 1;
            }
        }
    }
    // A few mutants, compiled and run.
    for _ in 0..mutants.len().min(3) {
        let m = &mutants[rng.index(mutants.len())];
        let what = format!(
            "mutant {} of {} ({} {:?} -> {:?} at line {})",
            m.id,
            m.method_name,
            m.operator.name(),
            m.original,
            m.replacement,
            m.line
        );
        stage(|| format!("compiling {what}"));
        if let Ok(mutated) = mutant::mutant_program(&unit, m) {
            let args = args_of(m.class, m.method, &mut rng);
            stage(|| format!("running {what} on ({})", list(&args)));
            let _ = mutated.run(m.class, m.method, &args, &[], limits);
            stats.runs += 1;
        }
    }
    stats
}

/// Values as a run's report shows them.
fn list(values: &[Value]) -> String {
    let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    shown.join(", ")
}

/// One edit: the bytes `start..end` of the text before it became `with`.
struct Edit {
    what: String,
    start: usize,
    end: usize,
    with: String,
}

/// `source` with 1 to 4 random edits, and the edits with their places in the final text.
fn mangle(source: &str, rng: &mut Rng) -> (String, Vec<(String, usize, usize)>) {
    let mut text = source.to_string();
    // Each edit's place, moved along by the edits after it.
    let mut places: Vec<(String, usize, usize)> = Vec::new();
    for _ in 0..1 + rng.index(4) {
        let Some(edit) = random_edit(&text, rng) else {
            continue;
        };
        let shift = |x: usize| {
            if x >= edit.end {
                x - (edit.end - edit.start) + edit.with.len()
            } else {
                x.min(edit.start)
            }
        };
        for (_, s, e) in &mut places {
            *s = shift(*s);
            *e = shift(*e).max(*s);
        }
        text.replace_range(edit.start..edit.end, &edit.with);
        places.push((edit.what, edit.start, edit.start + edit.with.len()));
    }
    (text, places)
}

fn random_edit(text: &str, rng: &mut Rng) -> Option<Edit> {
    let range = |rng: &mut Rng| {
        let start = boundary(text, rng.index(text.len() + 1));
        let end = boundary(text, (start + 1 + rng.index(40)).min(text.len()));
        (start, end)
    };
    match rng.below(5) {
        0 => {
            let (start, end) = range(rng);
            Some(Edit {
                what: format!("delete bytes {start}..{end} {:?}", &text[start..end]),
                start,
                end,
                with: String::new(),
            })
        }
        1 => {
            let (start, end) = range(rng);
            let at = insertion_point(text, rng);
            Some(Edit {
                what: format!(
                    "copy {:?} (bytes {start}..{end}) to byte {at}",
                    &text[start..end]
                ),
                start: at,
                end: at,
                with: text[start..end].to_string(),
            })
        }
        2 => {
            let lines = line_ranges(text);
            if lines.len() < 2 {
                return None;
            }
            let a = rng.index(lines.len());
            let b = rng.index(lines.len());
            let (a, b) = (a.min(b), a.max(b));
            if a == b {
                return None;
            }
            let ((sa, ea), (sb, eb)) = (lines[a], lines[b]);
            Some(Edit {
                what: format!("swap lines {} and {}", a + 1, b + 1),
                start: sa,
                end: eb,
                with: format!("{}{}{}", &text[sb..eb], &text[ea..sb], &text[sa..ea]),
            })
        }
        3 => {
            let words = identifiers(text);
            if words.len() < 2 {
                return None;
            }
            let (start, end) = words[rng.index(words.len())];
            let other = words[rng.index(words.len())];
            let with = &text[other.0..other.1];
            Some(Edit {
                what: format!("rename {:?} at byte {start} to {with:?}", &text[start..end]),
                start,
                end,
                with: with.to_string(),
            })
        }
        _ => {
            let at = insertion_point(text, rng);
            let piece = INSERTS[rng.index(INSERTS.len())];
            Some(Edit {
                what: format!("insert {piece:?} at byte {at}"),
                start: at,
                end: at,
                with: piece.to_string(),
            })
        }
    }
}

/// The char boundary at or before byte `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A random char boundary; half the time right after a `{`, `;`, `}`, `(`, `,` or line end,
/// where declarations and statements start.
fn insertion_point(text: &str, rng: &mut Rng) -> usize {
    let at = boundary(text, rng.index(text.len() + 1));
    if rng.chance(1, 2)
        && let Some(i) = text[at..].find(['{', ';', '}', '(', ',', '\n'])
    {
        return at + i + 1;
    }
    at
}

/// Each line's bytes, without its line end.
fn line_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices('\n') {
        lines.push((start, i));
        start = i + 1;
    }
    if start < text.len() {
        lines.push((start, text.len()));
    }
    lines
}

/// The places of the identifier-looking tokens (keywords included).
fn identifiers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if word(bytes[i]) && !bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && word(bytes[i]) {
                i += 1;
            }
            tokens.push((start, i));
        } else {
            i += 1;
        }
    }
    tokens
}

/// The case as a failure names it: seed, case, file, edits, and the lines around each edit.
fn describe_case(
    seed: u64,
    case: usize,
    name: &str,
    edits: &[(String, usize, usize)],
    text: &str,
) -> String {
    let mut out = format!("seed {seed:#x}, case {case}, file {name}, edits:\n");
    for (what, start, end) in edits {
        let first = line_of(text, *start);
        let last = line_of(text, *end).min(first + 8);
        writeln!(out, "  {what}; now at line {}:", first + 1).unwrap();
        for (n, line) in text
            .lines()
            .enumerate()
            .skip(first.saturating_sub(2))
            .take(last + 3 - first.saturating_sub(2))
        {
            writeln!(out, "    {:4} | {line}", n + 1).unwrap();
        }
    }
    out
}

/// The 0-based line of byte `at`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// `text` cut down, chunks of lines then single lines, to what still panics at the place of
/// `panic`; and that text's panic.
/// Returns the text and its panic.
fn minimise(path: &str, text: &str, seed: u64, panic: &Panic) -> (String, Panic) {
    let mut last = Panic {
        location: panic.location.clone(),
        message: panic.message.clone(),
        stage: panic.stage.clone(),
    };
    let mut lines: Vec<&str> = text.lines().collect();
    let mut chunk = lines.len().div_ceil(2).max(1);
    loop {
        let mut i = 0;
        while i < lines.len() {
            let mut fewer = lines.clone();
            fewer.drain(i..(i + chunk).min(lines.len()));
            let candidate = fewer.join("\n");
            match catching(|| exercise(path, &candidate, seed)) {
                Err(p) if p.location == panic.location => {
                    lines = fewer;
                    last = p;
                }
                _ => i += chunk,
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    (lines.join("\n"), last)
}

/// A panic caught by [`catching`].
struct Panic {
    location: String,
    message: String,
    /// What [`exercise`] was doing (see [`stage`]).
    stage: String,
}

thread_local! {
    /// Whether this thread is inside [`catching`] (the hook then keeps quiet).
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// The last panic the hook saw on this thread, while catching.
    static LAST: RefCell<Option<Panic>> = const { RefCell::new(None) };
    /// What [`exercise`] is doing on this thread.
    static STAGE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Notes what [`exercise`] does next, for the report of a panic in it.
fn stage(what: impl FnOnce() -> String) {
    STAGE.with(|s| *s.borrow_mut() = what());
}

/// Installs (once per process) the hook described in the module's documentation.
fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !CATCHING.with(Cell::get) {
                return previous(info);
            }
            let message = message_of(info.payload());
            let location = info.location().map_or_else(
                || "an unknown place".to_string(),
                |l| format!("{}:{}:{}", l.file(), l.line(), l.column()),
            );
            let stage = STAGE.with(|s| s.borrow().clone());
            LAST.with(|last| {
                *last.borrow_mut() = Some(Panic {
                    location,
                    message,
                    stage,
                })
            });
        }));
    });
}

/// A panic's message.
fn message_of(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".to_string())
}

/// `f()`, its panic caught (and recorded by the hook instead of printed).
fn catching<T>(f: impl FnOnce() -> T) -> Result<T, Panic> {
    struct Quiet;
    impl Drop for Quiet {
        fn drop(&mut self) {
            CATCHING.with(|c| c.set(false));
        }
    }
    CATCHING.with(|c| c.set(true));
    LAST.with(|last| last.borrow_mut().take());
    stage(String::new);
    let result = {
        let _quiet = Quiet;
        panic::catch_unwind(AssertUnwindSafe(f))
    };
    result.map_err(|payload| {
        LAST.with(|last| last.borrow_mut().take())
            .unwrap_or_else(|| Panic {
                location: "an unknown place".to_string(),
                message: message_of(&*payload),
                stage: STAGE.with(|s| s.borrow().clone()),
            })
    })
}

/// Every `.java` file under `programs/`, recursively, sorted.
fn java_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{} is a readable folder: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "java") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("programs"),
        &mut files,
    );
    files.sort();
    files
}

/// The file name of `name` (`programs/objects/Shapes.java` is loaded as `Shapes.java`).
fn file_name(name: &str) -> String {
    Path::new(name)
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned())
}

/// An environment variable as a number, decimal or `0x` hex.
fn env_number(var: &str) -> Option<u64> {
    let value = std::env::var(var).ok()?;
    let value = value.trim();
    let parsed = match value
        .strip_prefix("0x")
        .or_else(|| value.strip_prefix("0X"))
    {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => value.parse(),
    };
    Some(parsed.unwrap_or_else(|e| panic!("{var}={value} is not a number: {e}")))
}
