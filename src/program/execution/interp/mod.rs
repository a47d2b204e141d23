//! The interpreter: the typed IR compiled to a compact register code and run with Java's
//! semantics (wrap-around, truncating division, masked shifts, `float`/`double` rounding,
//! strings as UTF-16, exceptions as outcomes), a step limit that ends a run that does not
//! terminate with [`Termination::Timeout`], and a call-depth limit that ends runaway
//! recursion with `java.lang.StackOverflowError`.
//!
//! Registers are 64-bit words in one stack shared by all frames (the frame of a call starts
//! as a copy of its function's template, which holds its constants); references are handles
//! into a heap that is emptied before each run. No step allocates but those that make a
//! string or an array.
//!
//! | file | what it holds |
//! |---|---|
//! | `code.rs` | the register code: instructions, a compiled function's layout, [`Compiled`] |
//! | `compile.rs` | the IR to code: the program, each function's frame, statements and conditions |
//! | `compile_expr.rs` | the IR to code: expressions, variables and assignments |
//! | `outcome.rs` | what a run takes and gives: [`Value`], [`Termination`], [`Outcome`], [`Limits`] |
//! | `machine.rs` | running the code: the [`Machine`], its registers, heap, calls and exceptions |
//! | `objects.rs` | objects of the unit's classes on the heap: fields, construction, snapshots |
//! | `setup.rs` | a test's receiver built by a constructor and calls, calls dispatched on it |
//! | `object_methods.rs` | `Object`'s `equals`, `hashCode`, `toString`: overrides or its own |
//! | `library.rs` | the Java library calls of the subset (`Math`, `String`, `System.out`) |
//! | `views.rs` | what an outcome shows of the model's collections, maps and builders |
//! | `endless.rs` | proving a run endless: a state repeated at a backward jump (Brent) |

pub(crate) mod character_data;
mod code;
mod compile;
mod compile_expr;
mod compile_try;
mod dispatch;
mod endless;
mod fdlibm;
mod hotspot_math;
mod library;
mod machine;
mod object_methods;
mod objects;
mod outcome;
mod setup;
mod views;

pub use code::{Compiled, ProbeSites};
pub use machine::Machine;
pub use outcome::{Limits, Outcome, Receiver, RunError, Termination, Value, View};

/// What the unit tests of the interpreter (and of the front end) share: Java source
/// compiled and its methods run.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Compiled, Limits, Termination, Value};
    use crate::program::reader::ir::Unit;
    use crate::program::reader::semantics::{Kind, bits_f64};

    /// `source` (a file `T.java`) read by the front end and compiled.
    pub(super) fn compile(source: &str) -> (Unit, Compiled) {
        let unit = crate::program::load("T.java", source).expect("the test source loads");
        let program = Compiled::new(&unit, None);
        (unit, program)
    }

    /// The (class, method) of `name` in `unit`.
    pub(crate) fn method(unit: &Unit, name: &str) -> (u32, u32) {
        unit.find_method(name).expect("the method exists")
    }

    /// How a call of `name` with `args` ends, under `limits`.
    pub(super) fn run_with(
        source: &str,
        name: &str,
        args: &[Value],
        limits: Limits,
    ) -> Termination {
        let (unit, program) = compile(source);
        let (class, method) = method(&unit, name);
        program
            .run(class, method, args, &[], limits)
            .expect("the arguments fit")
            .termination
    }

    /// Checks that every method of `unit`'s own classes with code is supported, then gives
    /// how a call of a method (by name) with arguments ends, under the default limits.
    pub(crate) fn runner(unit: &Unit) -> impl Fn(&str, &[Value]) -> Termination + '_ {
        for m in unit.classes[..unit.file_classes()]
            .iter()
            .flat_map(|c| &c.methods)
            .filter(|m| !m.is_abstract)
        {
            assert!(m.body.is_ok(), "{}: {:?}", m.signature(), m.body);
        }
        let program = Compiled::new(unit, None);
        move |name, args| {
            let (class, method) = method(unit, name);
            program
                .run(class, method, args, &[], Limits::default())
                .expect("the arguments fit")
                .termination
        }
    }

    /// How a call of `name` with `args` ends, under the default limits.
    pub(super) fn run(source: &str, name: &str, args: &[Value]) -> Termination {
        run_with(source, name, args, Limits::default())
    }

    pub(crate) fn string(s: &str) -> Value {
        Value::Str(crate::program::reader::text::utf16(s).into())
    }

    pub(crate) fn int(n: i32) -> Value {
        Value::Prim(Kind::Int, i64::from(n))
    }

    pub(super) fn long(n: i64) -> Value {
        Value::Prim(Kind::Long, n)
    }

    pub(super) fn double(d: f64) -> Value {
        Value::Prim(Kind::Double, bits_f64(d))
    }

    /// `return value`.
    pub(crate) fn returns(value: Value) -> Termination {
        Termination::Return(Some(value))
    }

    /// `throw` of the `java.lang` exception `name`.
    pub(crate) fn throws(name: &str) -> Termination {
        Termination::Throw(format!("java.lang.{name}"))
    }
}
