//! `roth exec`: one method of a Java file run on arguments given as Java literals, as the JVM
//! would: its return value or exception, printed text and changed state.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use roth::program::Unit;
use roth::program::execution::interp::{Compiled, Limits, Outcome, Termination, Value};
use roth::program::execution::literal::{parse_value_in, split_top_level};
use roth::program::reader::text;

use super::common::program::load_unit;
use super::common::{CliError, Session, bad_input, print};

#[derive(Debug, Args)]
#[command(after_help = "\
Arguments are Java literals, one per parameter, after `--`:
    3  -7L  'a'  true  \"text\"  2.5  null  {1, 2, 3}  {{1, 2}, {3}}
Objects are constructor calls, nested as deep as needed (type arguments may be left out):
    'new Point(1, 2)'  'new Pair<>(\"a\", new Box<>(3))'
A box (Integer, Character, ...), an Object or a type variable takes a literal, boxed as
Java boxes it: 7 is an Integer, 7L a Long, 'c' a Character, 2.5 a Double.
Collections and maps are written as Java prints them, and made as the usual class of the
parameter's type (ArrayList for a List, HashSet for a Set, ArrayDeque for a Deque, HashMap
for a Map, TreeMap for a SortedMap):
    '[1, 2, 3]'  '[\"a\", \"b\"]'  '{\"apple\"=3, \"pear\"=1}'  '{}'

Output: the outcome on the first line, `return VALUE` (as String.valueOf prints it; arrays as
[1, 2, 3]), `return` for void, `throw CLASS` (the exception's full class name), `timeout`,
or `unrepeatable: WHAT` when the run needed what the JVM does not fix (an object's identity
hash code: hashCode or toString not overridden); then `printed \"...\"` with everything
written to System.out, `field NAME = VALUE` for each field the call changed, and
`array NAME = [...]` for each array argument the call changed.

Examples:
    roth exec programs/Triangle.java --method classify -- 3 4 5
    roth exec programs/QuickSort.java --method sort -- '{3, 1, 2}'
    roth exec Counter.java --method add --this 'count=5' -- 2
    roth exec programs/objects/BankAccount.java --method withdraw --this 'new BankAccount(\"Ann\", 100)' -- 30")]
pub struct ExecArgs {
    /// The Java source file.
    file: PathBuf,

    /// The method to run: `name`, `Class.name`, or with parameter types (`max(int, int)`).
    #[arg(long, short)]
    method: String,

    /// The receiver of an instance method: a constructor call (`new Account(100)`), or its
    /// fields set after `new C()`: `name=value,name=value`.
    #[arg(long = "this", value_name = "RECEIVER")]
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
        let v = parse_value_in(&unit, w, ty).map_err(|e| {
            bad_input(format!(
                "argument {} ({} {}): {e}",
                k + 1,
                ty,
                m.param_names[k]
            ))
        })?;
        values.push(v);
    }
    // `--this` builds the receiver by a constructor call, or sets its fields.
    let (receiver, fields) = match &args.this {
        Some(text) if text.trim_start().starts_with("new") && !m.is_static => {
            let this = unit.class_type(class);
            let v = parse_value_in(&unit, text, &this)
                .map_err(|e| bad_input(format!("--this: {e}")))?;
            (Some(v), Vec::new())
        }
        Some(text) => (None, receiver_fields(&unit, class, text)?),
        None => (None, Vec::new()),
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
        .initial_state(class, method, receiver.as_ref(), &values, &fields)
        .map_err(bad_input)?;
    let outcome = program
        .run_on(class, method, receiver.as_ref(), &values, &fields, limits)
        .map_err(bad_input)?;
    let mut out = describe(&outcome);
    for ((name, after), (_, was)) in outcome.fields.iter().zip(&before.fields) {
        if !after.same(was) {
            out.push_str(&format!("field {name} = {after}\n"));
        }
    }
    for (k, after) in outcome.args.iter().enumerate() {
        if let (Some(after), Some(was)) = (after, &before.args[k])
            && !after.same(was)
        {
            let what = if m.params[k].class().is_some() {
                "object"
            } else {
                "array"
            };
            out.push_str(&format!("{what} {} = {after}\n", m.param_names[k]));
        }
    }
    print(&out)?;
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
        let v = parse_value_in(unit, value, &f.ty)
            .map_err(|e| bad_input(format!("field {name}: {e}")))?;
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
        Termination::Unrepeatable(what) => format!("unrepeatable: {what}\n"),
    };
    if !outcome.printed.is_empty() {
        out.push_str(&format!(
            "printed {}\n",
            text::string_literal(&text::utf16(&outcome.printed))
        ));
    }
    out
}
