//! The program side against the real JVM: the interpreter and `javac` + `java` must agree on
//! every shipped program, for thousands of random and boundary inputs per method (return value,
//! exception class, printed text, fields and arrays after the call). Skips with a message when
//! no JDK is installed (`.ci/run` installs Debian's `default-jdk-headless`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use roth::program::execution::interp::{Compiled, Limits, Termination, Value};
use roth::program::load;
use roth::program::reader::ir::Type;
use roth::program::reader::semantics::Kind;
use roth::program::reader::text;
use roth::program::testgen::inputs;
use roth::rng::Rng;

use crate::helpers::{project_file, scratch_dir};

/// `javac` and `java`, when both run.
pub fn jdk() -> Option<(PathBuf, PathBuf)> {
    let ok = |tool: &str| {
        Command::new(tool)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if ok("javac") && ok("java") {
        Some((PathBuf::from("javac"), PathBuf::from("java")))
    } else {
        eprintln!("skipping: no JDK (javac and java) on PATH; install default-jdk-headless");
        None
    }
}

/// The `.java` files of a folder, sorted.
fn java_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} is a readable folder: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    files
}

/// The shipped Java programs, sorted.
pub fn shipped_programs() -> Vec<PathBuf> {
    java_files(&project_file("programs"))
}

/// JAVA_EXTRA=DIR adds every .java file of DIR to the JVM tests (their supported methods), to
/// check any program against the JVM and javac.
pub fn extra_programs() -> Vec<PathBuf> {
    match std::env::var("JAVA_EXTRA") {
        Ok(dir) => java_files(Path::new(&dir)),
        Err(_) => Vec::new(),
    }
}

fn encode(unit: &roth::program::Unit, v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str(" null"),
        Value::Prim(Kind::Double, bits) => write!(out, " d:{:x}", *bits as u64).unwrap(),
        Value::Prim(Kind::Float, bits) => write!(out, " f:{:x}", *bits as u32).unwrap(),
        Value::Prim(_, n) => write!(out, " i:{n}").unwrap(),
        Value::Str(s) => {
            out.push_str(" s:");
            for u in s.iter() {
                write!(out, "{u:04x}").unwrap();
            }
        }
        Value::Array(_, items) => {
            out.push_str(" [");
            for i in items {
                encode(unit, i, out);
            }
            out.push_str(" ]");
        }
        Value::New {
            class,
            constructor,
            args,
        } => {
            let params = match constructor {
                Some(c) => unit.classes[class.id as usize].methods[*c as usize]
                    .params
                    .clone(),
                None => Vec::new(),
            };
            write!(out, " new {} {}", unit.binary_name(class.id), params.len()).unwrap();
            for p in &params {
                write!(out, " {}", java_type(unit, p)).unwrap();
            }
            for a in args {
                encode(unit, a, out);
            }
        }
        Value::Enum { class, name } => {
            write!(out, " enum {} {name}", unit.binary_name(class.id)).unwrap()
        }
        // A collection or map given by its contents: each item with the type it is read as
        // (a primitive is boxed, as roth boxes it).
        Value::Content { class, items, .. } => {
            write!(
                out,
                " content {} {}",
                unit.binary_name(class.id),
                items.len()
            )
            .unwrap();
            for item in items {
                let ty = match item {
                    Value::Prim(Kind::Boolean, _) => "boolean",
                    Value::Prim(Kind::Byte, _) => "byte",
                    Value::Prim(Kind::Short, _) => "short",
                    Value::Prim(Kind::Char, _) => "char",
                    Value::Prim(Kind::Long, _) => "long",
                    Value::Prim(Kind::Float, _) => "float",
                    Value::Prim(Kind::Double, _) => "double",
                    Value::Prim(..) => "int",
                    _ => "java.lang.Object",
                };
                write!(out, " {ty}").unwrap();
                encode(unit, item, out);
            }
        }
        Value::Object { .. } | Value::Seen(_) => unreachable!("outputs are not given to runs"),
    }
}

/// What the driver's `show` prints, as UTF-16.
fn show(v: &Value) -> Vec<u16> {
    match v {
        Value::Null => text::utf16("null"),
        Value::Prim(Kind::Char, c) => vec![*c as u16],
        Value::Prim(k, w) => text::utf16(&text::primitive_to_string(*k, *w)),
        Value::Str(s) => s.to_vec(),
        Value::Array(_, items) => {
            let mut out = text::utf16("[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.extend(text::utf16(", "));
                }
                out.extend(show(item));
            }
            out.extend(text::utf16("]"));
            out
        }
        Value::New { .. }
        | Value::Object { .. }
        | Value::Seen(_)
        | Value::Enum { .. }
        | Value::Content { .. } => text::utf16(&v.to_string()),
    }
}

fn java_type(unit: &roth::program::Unit, t: &Type) -> String {
    match t {
        Type::String => "java.lang.String".into(),
        Type::Object => "java.lang.Object".into(),
        Type::Array(e) => format!("{}[]", java_type(unit, e)),
        Type::Class(c) => unit.binary_name(c.id),
        Type::Variable(v) => java_type(unit, &v.erasure),
        t => t.to_string(),
    }
}

/// Random cases per method: `JAVA_CASES`, else 2,000 (400 with objects, whose cases cost both
/// sides more; `.ci/run` runs them with 3,000 in release).
fn cases_per_method(default: usize) -> usize {
    std::env::var("JAVA_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Compiles `sources` and the driver into `dir/classes`; panics with javac's message.
pub fn javac(javac: &Path, sources: &[PathBuf], dir: &Path) -> PathBuf {
    javac_with(javac, None, sources, dir)
}

/// [`javac`] with a class path (a library jar the sources use).
pub fn javac_with(
    javac: &Path,
    class_path: Option<&Path>,
    sources: &[PathBuf],
    dir: &Path,
) -> PathBuf {
    let classes = dir.join("classes");
    std::fs::create_dir_all(&classes).unwrap();
    let mut command = Command::new(javac);
    if let Some(path) = class_path {
        command.arg("-cp").arg(path);
    }
    let out = command
        .arg("-nowarn")
        .arg("-d")
        .arg(&classes)
        .args(sources)
        .output()
        .expect("javac runs");
    assert!(
        out.status.success(),
        "javac failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    classes
}

/// Runs the Java tool `class` (on `class_path`) over the list file `list`: its standard output,
/// after checking it succeeded.
pub fn run_tool(java: &Path, class_path: &std::ffi::OsStr, class: &str, list: &Path) -> String {
    let out = Command::new(java)
        .arg("-cp")
        .arg(class_path)
        .arg(class)
        .arg(list)
        .output()
        .unwrap_or_else(|e| panic!("java runs {class}: {e}"));
    assert!(
        out.status.success(),
        "{class} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Compiles the Java files of each folder on its own with the `CompileEach` tool (in `tools`),
/// in one JVM: one line per folder, `ok FOLDER` or `fail FOLDER: first error`.
fn compile_each(java: &Path, tools: &Path, folders: &[&Path], scratch: &Path) -> Vec<String> {
    let list = scratch.join("folders.txt");
    let listed: Vec<String> = folders.iter().map(|d| d.display().to_string()).collect();
    std::fs::write(&list, listed.join("\n")).unwrap();
    run_tool(java, tools.as_os_str(), "CompileEach", &list)
        .lines()
        .map(String::from)
        .collect()
}

/// The JVM's major version (`17` for `openjdk version "17.0.15"`).
pub fn jvm_major(java: &Path) -> u32 {
    let out = Command::new(java)
        .arg("-version")
        .output()
        .expect("java runs");
    let text = String::from_utf8_lossy(&out.stderr).to_string();
    text.split('"')
        .nth(1)
        .and_then(|v| v.split('.').next())
        .and_then(|m| m.parse().ok())
        .unwrap_or(0)
}

/// Splits text into runs of number characters and the rest.
fn number_runs(s: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    for c in s.chars() {
        let numeric = c.is_ascii_digit() || matches!(c, '.' | 'E' | '-');
        match out.last_mut() {
            Some((n, run)) if *n == numeric => run.push(c),
            _ => out.push((numeric, c.to_string())),
        }
    }
    out
}

/// Significant digits of a decimal.
fn digits(s: &str) -> usize {
    let mantissa = s.split('E').next().unwrap_or(s);
    mantissa
        .chars()
        .filter(|c| c.is_ascii_digit())
        .collect::<String>()
        .trim_start_matches('0')
        .len()
}

/// Whether two lines differ only in how floating-point numbers are written: Java before 19
/// prints some doubles and floats with more digits than the shortest form roth (and Java 19+,
/// JDK-4511638) prints; both must still denote the same value.
pub fn same_but_for_number_text(roth: &str, jvm: &str) -> bool {
    let (a, b) = (number_runs(roth), number_runs(jvm));
    a.len() == b.len()
        && a.iter().zip(&b).all(|((na, x), (nb, y))| {
            x == y
                || (*na
                    && *nb
                    && x.contains('.')
                    && (x
                        .parse::<f64>()
                        .ok()
                        .zip(y.parse::<f64>().ok())
                        .is_some_and(|(p, q)| p == q)
                        || (digits(x) <= 10
                            && digits(y) <= 10
                            && x.parse::<f32>()
                                .ok()
                                .zip(y.parse::<f32>().ok())
                                .is_some_and(|(p, q)| p == q))))
        })
}

/// Writes the driver's directives for method `mi` of class `ci` and `per_method` random cases
/// (the arguments, and half the time the receiver's fields), each with the interpreter's
/// outcome as the driver prints it: (method, case, outcome). Runs roth stops (its step, memory
/// and stack limits, which are not the JVM's) and outcomes longer than 20,000 characters are
/// left out and counted. With `receivers`, an instance method's receiver is built by a random call of one of its
/// class's constructors, and its fields are not set.
fn write_cases(
    unit: &roth::program::Unit,
    program: &Compiled,
    (ci, mi): (u32, u32),
    per_method: usize,
    rng: &mut Rng,
    cases: &mut String,
    receivers: bool,
) -> (Vec<(String, String, String)>, usize) {
    let class = &unit.classes[ci as usize];
    let m = &class.methods[mi as usize];
    let qualified = unit.binary_name(ci);
    let mut expected = Vec::new();
    let mut skipped_timeouts = 0;
    writeln!(cases, "class {qualified}").unwrap();
    let params: Vec<String> = m.params.iter().map(|p| java_type(unit, p)).collect();
    writeln!(cases, "method {} {}", m.name, params.join(" ")).unwrap();
    writeln!(cases, "{}", if m.is_static { "static" } else { "instance" }).unwrap();
    let mut field_list = Vec::new();
    let mut receiver_fields = Vec::new();
    for (cj, c) in unit.classes.iter().enumerate() {
        let cj = cj as u32;
        for f in &c.fields {
            if f.constant.is_some()
                || f.unsupported.is_some()
                || unit.is_library(cj)
                || !(f.is_static || (!m.is_static && cj == ci))
            {
                continue;
            }
            let declaring = unit.binary_name(cj);
            field_list.push(format!("{declaring}:{}", f.name));
            if !f.is_static && cj == ci {
                receiver_fields.push((f.name.clone(), f.ty.clone()));
            }
        }
    }
    writeln!(cases, "fields {}", field_list.join(" ")).unwrap();
    let pool = inputs::Pool::default();
    for _ in 0..per_method {
        // Objects are built by random calls of their constructors.
        let args: Vec<Value> = m
            .params
            .iter()
            .map(|t| inputs::random_value_in(unit, t, &pool, rng))
            .collect();
        let this_type = unit.class_type(ci);
        // A receiver whose constructor throws makes no case (the call never happens, and
        // which arguments the JVM had built by then is the driver's business).
        let receiver = (receivers && !m.is_static).then(|| {
            for _ in 0..100 {
                let v = inputs::random_value_in(unit, &this_type, &pool, rng);
                let builds = match &v {
                    Value::Null => false,
                    Value::New {
                        class,
                        constructor: Some(c),
                        args,
                    } => !matches!(
                        program
                            .run(class.id, *c, args, &[], Limits::default())
                            .map(|o| o.termination),
                        Ok(Termination::Throw(_)
                            | Termination::Timeout
                            | Termination::Unrepeatable(_))
                            | Err(_)
                    ),
                    _ => true,
                };
                if builds {
                    return v;
                }
            }
            Value::Null
        });
        if receiver == Some(Value::Null) {
            skipped_timeouts += 1;
            continue;
        }
        // Half the cases keep the receiver as constructed, half set its fields.
        let settings: Vec<(String, Value)> = if !receivers && rng.chance(1, 2) {
            receiver_fields
                .iter()
                .map(|(n, t)| (n.clone(), inputs::random_value_in(unit, t, &pool, rng)))
                .collect()
        } else {
            Vec::new()
        };
        // Objects built with random capacities can allocate millions of elements, which costs
        // the JVM seconds a case: with objects, runs allocating over a million are left out.
        let limits = if receivers {
            Limits {
                heap: 1 << 20,
                ..Limits::default()
            }
        } else {
            Limits::default()
        };
        let outcome = program
            .run_on(ci, mi, receiver.as_ref(), &args, &settings, limits)
            .expect("arguments fit");
        let result = match &outcome.termination {
            // The JVM's limits are its own: a run roth stops is not compared; nor one that
            // needed an identity hash code, which the JVM does not fix.
            Termination::Timeout | Termination::Unrepeatable(_) => {
                skipped_timeouts += 1;
                continue;
            }
            Termination::Throw(e)
                if e == "java.lang.OutOfMemoryError" || e == "java.lang.StackOverflowError" =>
            {
                skipped_timeouts += 1;
                continue;
            }
            Termination::Return(None) => "return".to_string(),
            Termination::Return(Some(v)) => {
                format!("return {}", text::string_literal(&show(v)))
            }
            Termination::Throw(e) => format!("throw {e}"),
        };
        let mut line = result;
        write!(
            line,
            "; printed {}",
            text::string_literal(&text::utf16(&outcome.printed))
        )
        .unwrap();
        line.push_str("; fields");
        for (_, v) in &outcome.fields {
            write!(line, " {}", text::string_literal(&show(v))).unwrap();
        }
        line.push_str("; args");
        for v in outcome.args.iter().flatten() {
            write!(line, " {}", text::string_literal(&show(v))).unwrap();
        }
        // A huge outcome (a heap built with a capacity of millions, printed) costs both sides
        // time and shows nothing more: left out like a timeout.
        if line.len() > 20_000 {
            skipped_timeouts += 1;
            continue;
        }
        let mut case = format!("case {}", settings.len());
        if let Some(r) = &receiver {
            case.push_str(" this");
            encode(unit, r, &mut case);
        }
        for (n, v) in &settings {
            write!(case, " {n}").unwrap();
            encode(unit, v, &mut case);
        }
        for a in &args {
            encode(unit, a, &mut case);
        }
        writeln!(cases, "{case}").unwrap();
        expected.push((format!("{}.{}", class.name, m.signature()), case, line));
    }
    (expected, skipped_timeouts)
}

#[test]
fn interpreter_agrees_with_the_jvm_on_every_shipped_program() {
    let Some(jdk) = jdk() else {
        return;
    };
    let mut programs = shipped_programs();
    programs.push(project_file("tests/roth/java/Semantics.java"));
    programs.push(project_file("tests/roth/java/Library.java"));
    let extra_files = extra_programs();
    let extra = !extra_files.is_empty();
    programs.extend(extra_files);
    differential(
        &jdk,
        "differential",
        &programs,
        Comparison {
            supported_only: extra,
            receivers: false,
            skip_private: false,
            cases: 2000,
        },
    );
}

/// roth's models of the JDK's collections, `Collections`, the deep methods of `Arrays`,
/// builders, `Optional`, `Random`, `BitSet`, `StringJoiner` and `BigInteger`: fixtures whose
/// methods drive a model through a random sequence of operations (from a seed) and print
/// what it answers, against the JVM's own classes. Each case is hundreds of library calls, so fewer cases than the programs'.
#[test]
fn interpreter_agrees_with_the_jvm_on_the_library_models() {
    let Some(jdk) = jdk() else {
        return;
    };
    let programs: Vec<PathBuf> = [
        "CollectionModels",
        "QueueModels",
        "TreeModels",
        "CollectionsModels",
        "UtilModels",
        "BigIntegerModel",
        "RegexModels",
        "StreamModels",
        "MathModels",
        "BigDecimalModel",
        "ParseModels",
        "CharsetModels",
        "FormatModels",
    ]
    .iter()
    .map(|name| project_file(&format!("tests/roth/java/{name}.java")))
    .collect();
    differential(
        &jdk,
        "differential-library",
        &programs,
        Comparison {
            supported_only: false,
            receivers: false,
            skip_private: true,
            cases: 150,
        },
    );
}

/// The realistic object-oriented units of `programs/objects` (linked list, search tree, heap,
/// bank account, ...): every method roth supports so far, with objects given as random calls
/// of their constructors, against the JVM.
#[test]
#[ignore = "thousands of JVM runs a method: run in release by .ci/run"]
fn interpreter_agrees_with_the_jvm_on_the_object_programs() {
    let Some(jdk) = jdk() else {
        return;
    };
    let programs = java_files(&project_file("programs/objects"));
    let methods = differential(
        &jdk,
        "differential-objects",
        &programs,
        Comparison {
            supported_only: true,
            receivers: true,
            skip_private: false,
            cases: 400,
        },
    );
    assert!(
        methods >= 20,
        "only {methods} methods of programs/objects compared"
    );
}

/// Which methods a differential run compares, and how.
struct Comparison {
    /// Only the methods roth supports (else every method must be supported).
    supported_only: bool,
    /// Receivers built by random constructor calls (methods of classes roth cannot construct
    /// are left out).
    receivers: bool,
    /// Leave out private methods (a fixture's helpers, taking objects no random input makes).
    skip_private: bool,
    /// Cases a method unless `JAVA_CASES` says.
    cases: usize,
}

/// Runs random cases of every method of `programs` that `how` selects in roth's interpreter
/// and on the JVM, and checks they agree; the number of methods compared.
fn differential(
    (javac_path, java_path): &(PathBuf, PathBuf),
    scratch: &str,
    programs: &[PathBuf],
    how: Comparison,
) -> usize {
    let Comparison {
        supported_only,
        receivers,
        skip_private,
        cases: default_cases,
    } = how;
    let dir = scratch_dir(scratch);
    let mut sources = programs.to_vec();
    sources.push(project_file("tests/roth/java/RothDriver.java"));
    let classes = javac(javac_path, &sources, &dir);

    let per_method = cases_per_method(default_cases);
    let mut cases = String::new();
    let mut expected = Vec::new();
    let mut skipped_timeouts = 0;
    let mut methods = 0;
    for (file_index, path) in programs.iter().enumerate() {
        let source = std::fs::read_to_string(path).unwrap();
        let unit = load(&path.display().to_string(), &source).expect("the programs load");
        let program = Compiled::new(&unit, None);
        for (ci, class) in unit.classes[..unit.file_classes()].iter().enumerate() {
            for (mi, m) in class.methods.iter().enumerate() {
                // A lambda's method is reached through the method it is written in.
                if (m.body.is_err() && supported_only) || m.lambda.is_some() {
                    continue;
                }
                assert!(
                    m.body.is_ok(),
                    "{}: {:?}",
                    m.signature(),
                    m.body.as_ref().err()
                );
                let constructible = class
                    .methods
                    .iter()
                    .any(|c| c.is_constructor && c.body.is_ok())
                    || !class.methods.iter().any(|c| c.is_constructor);
                // Without built receivers, an instance method runs on an object made by the
                // class's no-argument constructor: a class without one (a fixture's random
                // draws, say) is reached through the static methods that make its objects.
                let bare = class
                    .methods
                    .iter()
                    .any(|c| c.is_constructor && c.params.is_empty())
                    || !class.methods.iter().any(|c| c.is_constructor);
                // An inner or local class's objects come from its outer class's methods,
                // which are compared.
                if m.is_constructor
                    || (receivers && !m.is_static && !constructible)
                    || (!receivers && !m.is_static && !bare)
                    || (skip_private && m.is_private)
                    || class.outer_instance.is_some()
                    || class.local.is_some()
                {
                    continue;
                }
                methods += 1;
                let seed = 0x5eed ^ (file_index as u64) << 16 ^ mi as u64;
                let (lines, left_out) = write_cases(
                    &unit,
                    &program,
                    (ci as u32, mi as u32),
                    per_method,
                    &mut Rng::new(seed),
                    &mut cases,
                    receivers,
                );
                expected.extend(lines);
                skipped_timeouts += left_out;
            }
        }
    }
    let cases_file = dir.join("cases.txt");
    std::fs::write(&cases_file, &cases).unwrap();
    let mut java = Command::new(java_path);
    if receivers {
        // A JVM that may take a quarter of the machine's memory spends a minute filling it
        // with the arrays random capacities ask for; with a small heap they fail at once (and
        // are left out as the JVM's own limit).
        java.arg("-Xmx256m");
    }
    // Throwable's message and cause are read as fields, like those of the program's objects;
    // a hot JIT-compiled method may otherwise throw a preallocated exception without either.
    let out = java
        .arg("-XX:-OmitStackTraceInFastThrow")
        .arg("--add-opens")
        .arg("java.base/java.lang=ALL-UNNAMED")
        .arg("-cp")
        .arg(&classes)
        .arg("RothDriver")
        .arg(&cases_file)
        .output()
        .expect("java runs");
    assert!(
        out.status.success(),
        "the driver failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(actual.len(), expected.len(), "one line per case");
    let old_jvm = jvm_major(java_path) < 19;
    let mut disagreements = Vec::new();
    let mut longer_number_text = 0;
    let mut jvm_limits = 0;
    for ((method, case, want), got) in expected.iter().zip(&actual) {
        if want != got && old_jvm && same_but_for_number_text(want, got) {
            longer_number_text += 1;
        } else if got.starts_with("throw java.lang.OutOfMemoryError") {
            // The JVM ran out of its own heap (roth's limit is different): not compared.
            jvm_limits += 1;
        } else if want != got {
            disagreements.push(format!("{method} {case}\n  roth: {want}\n  jvm:  {got}"));
        }
    }
    eprintln!(
        "{scratch}: {} cases over {methods} methods, {skipped_timeouts} timeouts or out-of-memory skipped, \
         {longer_number_text} numbers printed longer by a JVM before 19, \
         {jvm_limits} out of the JVM's memory, {} disagreements",
        expected.len(),
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} of {} cases disagree; first ones:\n{}",
        disagreements.len(),
        expected.len(),
        disagreements
            .iter()
            .take(15)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    methods
}

/// Every emitted mutant of every shipped program compiles with javac, and javac rejects the
/// candidate edits roth skipped as not compiling.
#[test]
#[ignore = "every shipped mutant through javac: run in release by .ci/run"]
fn every_mutant_of_every_shipped_program_compiles_with_javac() {
    // The semantics fixture has the operators the shipped programs lack (`!`, `~`, `&` on
    // integers, `++` whose value is used).
    let mut files = shipped_programs();
    files.push(project_file("tests/roth/java/Semantics.java"));
    files.extend(extra_programs());
    mutants_compile_with_javac(files, "mutants-javac", true);
}

/// The same for the object programs (lambdas, constructors with final fields, switch
/// expressions, ...): some 10,000 mutants, a few minutes on the JVM
/// (`cargo test --release --test roth -- --ignored every_mutant_of_the_object`).
#[test]
#[ignore = "about 10,000 mutants on the JVM: run in release by .ci/run"]
fn every_mutant_of_the_object_programs_compiles_with_javac() {
    let files = java_files(&project_file("programs/objects"));
    mutants_compile_with_javac(files, "mutants-javac-objects", false);
}

/// Every emitted mutant of `files` compiles with javac, and javac rejects the candidate
/// edits roth skipped as not compiling; with `all_operators`, every operator is met.
fn mutants_compile_with_javac(files: Vec<PathBuf>, scratch: &str, all_operators: bool) {
    use roth::program::mutants::mutant;
    let Some((javac_path, java_path)) = jdk() else {
        return;
    };
    let dir = scratch_dir(scratch);
    let tool = javac(
        &javac_path,
        &[project_file("tests/roth/java/CompileEach.java")],
        &dir,
    );
    let mut valid_dirs = Vec::new();
    let mut skipped_dirs = Vec::new();
    let mut operators = std::collections::BTreeSet::new();
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let unit = load(&path.display().to_string(), &source).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let file_name = path.file_name().unwrap();
        let all = mutant::generate(&unit);
        assert!(!all.mutants.is_empty(), "{stem} has mutants");
        for m in &all.mutants {
            operators.insert(m.operator);
            let d = dir.join("valid").join(&stem).join(m.id.to_string());
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(file_name), mutant::mutated_source(&source, m)).unwrap();
            valid_dirs.push((
                d,
                format!(
                    "{stem} #{} {} {} -> {}",
                    m.id, m.operator, m.original, m.replacement
                ),
            ));
        }
        for (k, s) in all.skipped.iter().enumerate() {
            // Edits skipped only because roth does not support what they make may compile.
            if s.reason.contains("supported subset") || s.reason.starts_with("roth supports") {
                continue;
            }
            let d = dir.join("skipped").join(&stem).join(k.to_string());
            std::fs::create_dir_all(&d).unwrap();
            let mut text = source.clone();
            text.replace_range(s.start as usize..s.end as usize, &s.replacement);
            std::fs::write(d.join(file_name), text).unwrap();
            skipped_dirs.push((
                d,
                format!(
                    "{stem} {} {} -> {} ({})",
                    s.operator, s.original, s.replacement, s.reason
                ),
            ));
        }
    }
    if all_operators {
        assert_eq!(
            operators.len(),
            mutant::Operator::ALL.len(),
            "every operator is exercised: {operators:?}"
        );
    }
    let all_dirs: Vec<&Path> = valid_dirs
        .iter()
        .chain(&skipped_dirs)
        .map(|(d, _)| d.as_path())
        .collect();
    let lines = compile_each(&java_path, &tool, &all_dirs, &dir);
    assert_eq!(lines.len(), all_dirs.len());
    let mut failures = Vec::new();
    for (line, (_, what)) in lines.iter().zip(&valid_dirs) {
        if !line.starts_with("ok ") {
            failures.push(format!("mutant does not compile: {what}\n  {line}"));
        }
    }
    for (line, (_, what)) in lines[valid_dirs.len()..].iter().zip(&skipped_dirs) {
        if line.starts_with("ok ") {
            failures.push(format!("skipped edit compiles with javac: {what}"));
        }
    }
    eprintln!(
        "javac: {} mutants compiled, {} skipped edits rejected, {} problems",
        valid_dirs.len(),
        skipped_dirs.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{}",
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Every mutant roth proves equivalent, in every shipped program and seven object programs,
/// runs on the JVM (compiled by javac) exactly as the original does, on random and boundary
/// inputs: the proofs checked against the real semantics, not only roth's interpreter.
#[test]
#[ignore = "every proved mutant on the JVM: run in release by .ci/run"]
fn proved_equivalent_mutants_behave_as_the_original_on_the_jvm() {
    use roth::program::mutants::mutant;
    use roth::program::proofs::classify::{ClassifyOptions, Status, classify};
    use roth::program::proofs::equivalence::ProveOptions;
    let Some((javac_path, java_path)) = jdk() else {
        return;
    };
    let dir = scratch_dir("equivalent-jvm");
    let tools = javac(
        &javac_path,
        &[
            project_file("tests/roth/java/RothDriver.java"),
            project_file("tests/roth/java/CompileEach.java"),
        ],
        &dir,
    );
    let limits = Limits {
        steps: 100_000,
        ..Limits::default()
    };
    // Per program: the cases file, the original's folder and each equivalent mutant's.
    let mut runs: Vec<(PathBuf, Vec<(PathBuf, String)>)> = Vec::new();
    let mut folders = Vec::new();
    let mut cases_total = 0;
    // The object programs whose proofs rest on opaque objects and library calls (the quick
    // ones: every one of them takes minutes more).
    let objects = [
        "BankAccount",
        "BinarySearchTree",
        "Coins",
        "Generics",
        "IntLinkedList",
        "LruCache",
        "Shipping",
    ]
    .map(|name| project_file(&format!("programs/objects/{name}.java")));
    let programs: Vec<PathBuf> = shipped_programs().into_iter().chain(objects).collect();
    for (file_index, path) in programs.iter().enumerate() {
        let source = std::fs::read_to_string(path).unwrap();
        let unit = load(&path.display().to_string(), &source).unwrap();
        let mutants = mutant::generate(&unit).mutants;
        let options = ClassifyOptions {
            tests_per_method: 100,
            seed: 1,
            limits,
            prove: ProveOptions::default(),
        };
        let classification = classify(&unit, &mutants, &options, &|_| {}).unwrap();
        let equivalent: Vec<&mutant::Mutant> = mutants
            .iter()
            .zip(&classification.statuses)
            .filter(|(_, s)| matches!(s, Status::Equivalent(_)))
            .map(|(m, _)| m)
            .collect();
        if equivalent.is_empty() {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let file_name = path.file_name().unwrap();
        let base = dir.join("versions").join(&stem);
        let original = base.join("original");
        std::fs::create_dir_all(&original).unwrap();
        std::fs::write(original.join(file_name), &source).unwrap();
        folders.push(original.clone());
        let mut versions = vec![(original, "original".to_string())];
        for m in &equivalent {
            let d = base.join(m.id.to_string());
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join(file_name), mutant::mutated_source(&source, m)).unwrap();
            folders.push(d.clone());
            versions.push((
                d,
                format!(
                    "{stem} #{} {} {} -> {}",
                    m.id, m.operator, m.original, m.replacement
                ),
            ));
        }
        // Cases for the methods the equivalent mutants change.
        let program = Compiled::new(&unit, None);
        // A constructor shows through the objects it builds: its mutants are run through the
        // class's other methods, half of whose cases keep the receiver as constructed.
        // An object program's receivers are built by random constructor calls (its classes
        // need not have a constructor without parameters), and a mutant in a method no test
        // can call (a private one, an inner class's) is run through its class's methods.
        let receivers = path.starts_with(project_file("programs/objects"));
        let callable = |ci: u32, k: usize| {
            let class = &unit.classes[ci as usize];
            let other = &class.methods[k];
            let constructible = class
                .methods
                .iter()
                .any(|c| c.is_constructor && c.body.is_ok())
                || !class.methods.iter().any(|c| c.is_constructor);
            !other.is_constructor
                && other.body.is_ok()
                && other.lambda.is_none()
                && (!receivers
                    || ((other.is_static || constructible)
                        && class.outer_instance.is_none()
                        && class.local.is_none()))
        };
        let mut methods: Vec<(u32, u32)> = Vec::new();
        for m in &equivalent {
            let class = &unit.classes[m.class as usize];
            let own = &class.methods[m.method as usize];
            if own.is_constructor || (receivers && !callable(m.class, m.method as usize)) {
                methods.extend(
                    (0..class.methods.len())
                        .filter(|&k| {
                            callable(m.class, k) && (receivers || !class.methods[k].is_static)
                        })
                        .map(|k| (m.class, k as u32)),
                );
            } else {
                methods.push((m.class, m.method));
            }
        }
        methods.sort();
        methods.dedup();
        let mut cases = String::new();
        for (ci, mi) in methods {
            let seed = 0xe9 ^ (file_index as u64) << 16 ^ mi as u64;
            let (lines, _) = write_cases(
                &unit,
                &program,
                (ci, mi),
                300,
                &mut Rng::new(seed),
                &mut cases,
                receivers,
            );
            cases_total += lines.len();
        }
        let cases_file = base.join("cases.txt");
        std::fs::write(&cases_file, cases).unwrap();
        runs.push((cases_file, versions));
    }
    // Compile every version in one JVM.
    let folders: Vec<&Path> = folders.iter().map(|d| d.as_path()).collect();
    let report = compile_each(&java_path, &tools, &folders, &dir);
    let failed: Vec<&String> = report.iter().filter(|l| !l.starts_with("ok ")).collect();
    assert!(
        failed.is_empty(),
        "versions that do not compile: {failed:?}"
    );
    let mut disagreements = Vec::new();
    let mut compared = 0;
    for (cases_file, versions) in &runs {
        let mut command = Command::new(&java_path);
        command
            .arg("-cp")
            .arg(&tools)
            .arg("RothDriver")
            .arg(cases_file);
        for (d, _) in versions {
            command.arg(d);
        }
        let out = command.output().expect("java runs");
        assert!(
            out.status.success(),
            "the driver failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // One section per version, each opened by its "version FOLDER" line.
        let text = String::from_utf8(out.stdout).unwrap();
        let sections: Vec<Vec<&str>> = text
            .split("version ")
            .skip(1)
            .map(|s| s.lines().skip(1).collect())
            .collect();
        assert_eq!(sections.len(), versions.len(), "one section per version");
        let original = &sections[0];
        for (section, (_, name)) in sections.iter().zip(versions).skip(1) {
            compared += 1;
            if let Some((want, got)) = original.iter().zip(section).find(|(a, b)| a != b) {
                disagreements.push(format!("{name}\n  original: {want}\n  mutant:   {got}"));
            } else if section.len() != original.len() {
                disagreements.push(format!(
                    "{name}: {} outcomes, not {}",
                    section.len(),
                    original.len()
                ));
            }
        }
    }
    eprintln!(
        "equivalent mutants on the JVM: {compared} mutants, {cases_total} cases, {} disagreements",
        disagreements.len()
    );
    assert!(
        disagreements.is_empty(),
        "proved equivalent, told apart by the JVM:\n{}",
        disagreements.join("\n")
    );
    assert!(
        compared >= 250,
        "only {compared} equivalent mutants checked"
    );
}
