//! `roth testgen`: a compact JUnit 5 class that kills every killable mutant of a Java file
//! ([Zhang 2021] ch. 5, the multi-pass flow `roth atpg` runs on circuits); on a folder, a class
//! per file of the code base, whole or as one part of a sharded run.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use roth::program::execution::interp::Limits;
use roth::program::testgen;
use roth::program::testgen::parts::{FileResult, PART_VERSION, Settings, TestgenPart};

use super::codebase::{FileOutcome, Item, Outputs, exit_code, finish, load_code_base};
use super::common::program::{
    file_report, junit_class, kills_per_test, load_unit, phase_table, select_mutants, unknown_lines,
};
use super::common::{
    CliError, Session, bad_input, default_threads, emit_report, parse_shard, print,
    refuse_existing, seconds_option, write_output,
};

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
    file: PathBuf,

    /// Only mutants of this method (`name`, `Class.name` or `name(int, int)`; one file only).
    #[arg(long, short)]
    method: Option<String>,

    /// Comma-separated mutation operators (default: all).
    #[arg(long, value_delimiter = ',')]
    operators: Vec<String>,

    /// Write the JUnit 5 test class here (e.g. `MidTest.java`; one file only).
    #[arg(long, value_name = "FILE", conflicts_with = "out_dir")]
    out: Option<PathBuf>,

    /// Write one JUnit 5 class per file under this folder, in the folders of their packages
    /// (`DIR/com/example/FooTest.java`).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,

    /// Write a JSON report here: mutants by fate, phases, and the tests (which `roth score
    /// --tests` reads).
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    /// Replace existing output files.
    #[arg(long)]
    force: bool,

    /// Seed of every random choice; the same seed gives the same tests.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Seconds allowed per search of a mutant, in every pass (default: no limit).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,

    /// Seconds for the test generation: every pass stops when they are spent, the mutants not
    /// settled yet are reported unknown, and the tests found so far are written (default: no
    /// budget). With a budget the result depends on the machine's speed.
    #[arg(long, value_name = "SECONDS")]
    budget: Option<f64>,

    /// Steps before a run counts as non-terminating.
    #[arg(long, default_value_t = super::ANALYSIS_STEP_LIMIT)]
    step_limit: u64,

    /// Seconds a JUnit test may run before it fails (a mutant that loops must fail, not hang).
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    test_timeout: u32,

    /// Keep every test that killed a mutant first (no compaction).
    #[arg(long)]
    no_compact: bool,

    /// Keep the values the search found instead of shrinking each test toward simple ones
    /// (0, 1, short strings, the program's constants) that kill the same mutants.
    #[arg(long)]
    no_shrink: bool,

    /// Worker threads for the searches (default: all cores).
    #[arg(long)]
    threads: Option<usize>,

    /// Print the report as JSON instead of the table.
    #[arg(long)]
    json: bool,

    /// Work on part I of N of the methods (a sharded run; `roth merge` combines the parts).
    /// `auto` reads the part from the scheduler: a Slurm job array (SLURM_ARRAY_TASK_ID; with
    /// ROTH_SHARD_COUNT set the task ID is the part) or a Kubernetes Indexed Job
    /// (JOB_COMPLETION_INDEX, with the count in ROTH_SHARD_COUNT).
    #[arg(long, value_name = "I/N", requires = "part", conflicts_with_all = ["method", "out", "out_dir", "report"])]
    shard: Option<String>,

    /// Write this part's result for `roth merge`: for each file, its tests and which mutants
    /// they kill, which were proved equivalent and which are unknown.
    #[arg(long, value_name = "FILE", requires = "shard")]
    part: Option<PathBuf>,
}

pub fn testgen(session: &Session, args: TestgenArgs) -> Result<ExitCode, CliError> {
    if args.file.is_dir() || args.shard.is_some() || args.out_dir.is_some() {
        return code_base(session, &args);
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
        let (_, source) = junit_class(
            &unit,
            "Test",
            mutants,
            &generated,
            &kills,
            limits,
            args.test_timeout,
        )?;
        write_output(Some(path), &source, args.force)?;
    }
    let mut report = file_report(&unit, mutants, &generated, &kills);
    report["seconds"] = seconds.into();
    report["seed"] = args.seed.into();
    emit_report(&report, args.report.as_deref(), args.json, args.force)?;
    if !args.json {
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
        print(&out)?;
    }
    Ok(if generated.unknown() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The test generation settings of `roth testgen`'s options (the seed and step limit given
/// apart: a merge takes its parts').
fn testgen_options(
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
        shrink: !args.no_shrink,
        threads: args.threads.unwrap_or_else(default_threads).max(1),
        time_limit: seconds_option("--time-limit", args.time_limit)?,
        deadline: seconds_option("--budget", args.budget)?.map(|b| session.start + b),
        ..roth::program::testgen::Options::default()
    })
}

/// The JUnit 5 version the dependency lines name (the one the JVM checks run with).
const JUNIT_VERSION: &str = "5.9.2";

/// A Maven or Gradle project's source and test roots.
struct BuildLayout {
    main: PathBuf,
    tests: PathBuf,
}

/// The build layout of `dir`, when it is a project with a `src/main/java`.
fn build_layout(dir: &std::path::Path) -> Option<BuildLayout> {
    let main = dir.join("src").join("main").join("java");
    main.is_dir().then(|| BuildLayout {
        tests: dir.join("src").join("test").join("java"),
        main,
    })
}

/// `roth testgen` on a code base: a folder, or any path with `--shard` or `--out-dir`.
fn code_base(session: &Session, args: &TestgenArgs) -> Result<ExitCode, CliError> {
    if args.method.is_some() && args.file.is_dir() {
        return Err(bad_input(
            "--method picks a method of one file; give the file instead of the folder",
        ));
    }
    if args.out.is_some() && args.file.is_dir() {
        return Err(bad_input(
            "--out writes one class; for a folder give --out-dir DIR (one class per file)",
        ));
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    // A Maven or Gradle project: its sources under src/main/java, its tests beside the
    // user's own under src/test/java, named FooRothTest so that no FooTest is touched.
    // (A sharded run takes the folder it is given, as its merge does.)
    let project = build_layout(&args.file).filter(|_| shard.is_none());
    let root = project
        .as_ref()
        .map_or(args.file.clone(), |p| p.main.clone());
    let mut code_base = load_code_base(session, &root, &args.operators)?;
    if let Some(spec) = &args.method {
        // One file (checked above): its mutants of that method.
        let loaded = &mut code_base.files[0];
        loaded.mutants = select_mutants(&loaded.unit, Some(spec), &args.operators)?.mutants;
    }
    let suffix = if project.is_some() {
        "RothTest"
    } else {
        "Test"
    };
    let out_dir = match (&args.out_dir, &project) {
        (Some(dir), _) => Some(dir.clone()),
        // A part writes no JUnit class: the merge does.
        (None, Some(p)) if args.part.is_none() => Some(p.tests.clone()),
        (None, _) => None,
    };
    let test_paths = match &out_dir {
        Some(dir) => Some(code_base.test_paths(dir, suffix)?),
        None => None,
    };
    refuse_existing(
        test_paths
            .iter()
            .flatten()
            .chain([&args.report, &args.part].into_iter().flatten())
            .map(PathBuf::as_path),
        args.force,
    )?;
    let mut options = testgen_options(session, args, args.seed, args.step_limit)?;
    if args.part.is_some() {
        // The merge compacts the union of the parts' tests, as one run compacts the union of
        // its methods' tests: a part compacting first could drop a test that kills a mutant
        // of another part, and the merge would then differ from one run. It shrinks the
        // tests it keeps, as one run does after compacting.
        options.compact = false;
        options.shrink = false;
    }
    let limits = options.limits;
    let selection = code_base.selection(shard, Item::File);
    let total: usize = selection.iter().map(Vec::len).sum();
    let bar = session.progress_bar(total as u64, "mutants");
    let mut done = 0usize;
    let mut outcomes: Vec<Option<FileOutcome>> = Vec::new();
    for (loaded, mutants) in code_base.files.iter().zip(selection) {
        if mutants.is_empty() && shard.is_some() {
            outcomes.push(None);
            continue;
        }
        let start = std::time::Instant::now();
        bar.set_message(loaded.source.relative.clone());
        let generated = testgen::generate(&loaded.unit, &mutants, &options, &mut |p| {
            bar.set_position((done + p.done * mutants.len() / p.total.max(1)) as u64);
        });
        done += mutants.len();
        outcomes.push(Some(FileOutcome {
            mutants,
            generated,
            seconds: start.elapsed().as_secs_f64(),
        }));
    }
    bar.finish_and_clear();
    if let (Some(path), Some(shard)) = (&args.part, shard) {
        let part = TestgenPart {
            roth_part: PART_VERSION,
            kind: "testgen".into(),
            root: args.file.display().to_string(),
            shard: (shard.index, shard.count),
            settings: Settings {
                seed: args.seed,
                step_limit: args.step_limit,
                operators: args.operators.clone(),
            },
            code_base: code_base.seen.clone(),
            results: code_base
                .files
                .iter()
                .zip(&outcomes)
                .filter_map(|(loaded, o)| {
                    let o = o.as_ref()?;
                    Some(FileResult::new(
                        loaded.source.relative.clone(),
                        &loaded.unit,
                        &o.mutants,
                        &o.generated,
                    ))
                })
                .collect(),
        };
        let text = serde_json::to_string_pretty(&part).context("JSON")? + "\n";
        write_output(Some(path), &text, true)?;
        let mutants: usize = outcomes.iter().flatten().map(|o| o.mutants.len()).sum();
        let unknown: usize = outcomes
            .iter()
            .flatten()
            .map(|o| o.generated.unknown())
            .sum();
        if !session.quiet {
            eprintln!(
                "part {} of {}: {} files, {mutants} mutants, {unknown} unknown; wrote {}",
                shard.index,
                shard.count,
                part.results.len(),
                path.display()
            );
        }
        return Ok(exit_code(unknown, &code_base));
    }
    let outcomes: Vec<FileOutcome> = outcomes.into_iter().flatten().collect();
    let outputs = Outputs {
        test_paths,
        report: args.report.clone(),
        json: args.json,
        force: args.force,
        limits,
        test_timeout: args.test_timeout,
        seed: args.seed,
        shards: None,
        suffix: suffix.into(),
    };
    let code = finish(session, &code_base, &outcomes, &outputs)?;
    if let (Some(p), false) = (&project, session.quiet || args.json) {
        println!(
            "\nJUnit classes written under {}. They need JUnit 5 on the test classpath:\n  \
             pom.xml:      <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>{JUNIT_VERSION}</version><scope>test</scope></dependency>\n  \
             build.gradle: testImplementation 'org.junit.jupiter:junit-jupiter:{JUNIT_VERSION}' (and test {{ useJUnitPlatform() }})",
            p.tests.display()
        );
    }
    Ok(code)
}
