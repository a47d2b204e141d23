//! The machine that runs the register code: one register stack shared by all frames, a heap
//! of strings and arrays (handles are 1-based, 0 is `null`), the fields, the printed text;
//! calls push a frame made from the callee's template, Java exceptions end the run as
//! outcomes, and the step, call-depth and allocation limits end runs that would not.

use std::sync::Arc;

use bitvec::vec::BitVec;

use super::code::{Compiled, Instr, Reg};
use super::endless::EndlessCheck;
use super::object_methods::ObjectCall;
use super::outcome::{Limits, Outcome, Receiver, RunError, Termination, Value};
use crate::program::reader::ir::*;
use crate::program::reader::semantics::{self as sem, Kind};
use crate::program::reader::text;

/// A heap object.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Object {
    Str(Arc<[u16]>),
    Array {
        data: Vec<i64>,
        /// The kind of its elements' words: a primitive type's, or `Ref` for an array of
        /// references (arrays included), so `Arrays.deepToString` can tell an `int[]` inside
        /// an `Object[]` from an array of objects, as the JVM does by its class.
        kind: Kind,
    },
    /// An object of one of the unit's classes: its instance fields, in the class's layout.
    Instance {
        class: u32,
        fields: Vec<i64>,
    },
}

/// Why the arguments of a run could not be put on its heap.
pub(super) enum Loading {
    /// They do not fit the method.
    Bad(String),
    /// Building one (a constructor call) threw or ran out of steps.
    Thrown(Thrown),
}

impl From<String> for Loading {
    fn from(s: String) -> Loading {
        Loading::Bad(s)
    }
}

pub(super) const OOM: &str = "java.lang.OutOfMemoryError";

pub(super) enum Thrown {
    /// An exception the machine raised, by class name, without a message.
    Exception(String),
    /// ... and with its message.
    Message(String, String),
    /// An exception object a program threw.
    Object(i64),
    Timeout,
    /// What the JVM does not fix (an identity hash code): never caught.
    Unrepeatable(String),
}

impl From<&str> for Thrown {
    fn from(s: &str) -> Thrown {
        Thrown::Exception(s.to_string())
    }
}

/// `ArrayIndexOutOfBoundsException` with the JVM's message.
fn out_of_bounds(index: i64, length: usize) -> Thrown {
    Thrown::Message(
        AIOOBE.into(),
        format!("Index {index} out of bounds for length {length}"),
    )
}

pub(super) const NPE: &str = "java.lang.NullPointerException";
pub(super) const AIOOBE: &str = "java.lang.ArrayIndexOutOfBoundsException";
pub(super) const CCE: &str = "java.lang.ClassCastException";
pub(super) const SIOOBE: &str = "java.lang.StringIndexOutOfBoundsException";

#[derive(Clone, Copy, PartialEq)]
pub(super) struct Frame {
    pub(super) function: u32,
    pub(super) pc: u32,
    pub(super) base: usize,
    /// Where the caller wants the result (absolute register index).
    pub(super) result: usize,
}

/// The state of one run.
pub struct Machine<'c> {
    pub(super) program: &'c Compiled,
    pub(super) regs: Vec<i64>,
    pub(super) heap: Vec<Object>,
    pub(super) fields: Vec<i64>,
    pub(super) printed: String,
    steps_left: u64,
    pub(super) heap_left: u64,
    limits: Limits,
    /// Probe sites reached, when coverage is asked for.
    pub covered: BitVec,
    /// Stop right before calling the method (to read the fields it starts from).
    before_call_only: bool,
    /// Looking for a repeated state at backward jumps, when asked (see [`Machine::prove_endless`]).
    pub(super) endless: Option<EndlessCheck<'c>>,
    /// The `Class` objects made in this run, by the class they stand for.
    pub(super) class_objects: Vec<(u32, i64)>,
    /// The view of each collection and map the outcome reaches (see `views.rs`): the
    /// handle of the array showing it.
    pub(super) views: hashbrown::HashMap<i64, i64>,
}

impl<'c> Machine<'c> {
    pub fn new(program: &'c Compiled, limits: Limits) -> Machine<'c> {
        Machine {
            program,
            regs: Vec::with_capacity(1024),
            heap: Vec::new(),
            fields: vec![0; program.fields.len()],
            printed: String::new(),
            steps_left: limits.steps,
            heap_left: limits.heap,
            limits,
            covered: BitVec::new(),
            before_call_only: false,
            endless: None,
            class_objects: Vec::new(),
            views: hashbrown::HashMap::new(),
        }
    }

    pub(super) fn reset(&mut self) {
        self.regs.clear();
        self.heap.clear();
        self.class_objects.clear();
        self.views.clear();
        for s in &self.program.strings {
            self.heap.push(Object::Str(s.clone()));
        }
        for (i, f) in self.program.fields.iter().enumerate() {
            self.fields[i] = match f.ty {
                Type::Float => sem::bits_f32(0.0),
                Type::Double => sem::bits_f64(0.0),
                _ => 0,
            };
        }
        self.printed.clear();
        if let Some(check) = &mut self.endless {
            check.saved = None;
            check.since = 0;
            check.period = 1;
            check.proved = false;
        }
        self.steps_left = self.limits.steps;
        self.heap_left = self.limits.heap;
        self.covered.fill(false);
    }

    /// Runs `f` with the step limit's whole budget and without the search for a repeated
    /// state (for code that reads the outcome, not the method's), then restores both.
    pub(super) fn with_fresh_steps<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let steps = std::mem::replace(&mut self.steps_left, self.limits.steps);
        let endless = self.endless.take();
        let out = f(self);
        self.steps_left = steps;
        self.endless = endless;
        out
    }

    /// The limits runs are held to.
    pub(crate) fn limits(&self) -> Limits {
        self.limits
    }

    /// Instructions executed by the last run (initializers included).
    pub fn steps(&self) -> u64 {
        self.limits.steps - self.steps_left
    }

    /// Enables coverage recording for `sites` probe sites.
    pub(crate) fn record_coverage(&mut self, sites: usize) {
        self.covered = BitVec::repeat(false, sites);
    }

    /// Runs one method call from a fresh state.
    pub fn run(
        &mut self,
        class: u32,
        method: u32,
        args: &[Value],
        receiver_fields: &[(String, Value)],
    ) -> Result<Outcome, RunError> {
        self.run_on(class, method, None, args, receiver_fields)
    }

    /// [`Machine::run`] on a receiver given as the constructor call that builds it
    /// (`Value::New`), instead of `new C()`.
    pub fn run_on(
        &mut self,
        class: u32,
        method: u32,
        receiver: Option<&Value>,
        args: &[Value],
        receiver_fields: &[(String, Value)],
    ) -> Result<Outcome, RunError> {
        self.run_after(class, method, receiver, &[], args, receiver_fields)
    }

    /// [`Machine::run_on`] after `calls` on the receiver (methods of `class` and their
    /// arguments: a test's setup), made once it is built and before its fields are set.
    pub fn run_after(
        &mut self,
        class: u32,
        method: u32,
        receiver: Option<&Value>,
        calls: &[(u32, Vec<Value>)],
        args: &[Value],
        receiver_fields: &[(String, Value)],
    ) -> Result<Outcome, RunError> {
        let given_receiver = receiver;
        let program = self.program;
        let Some(function) = program.index[class as usize][method as usize] else {
            return Err(RunError::Unsupported(format!(
                "{}.{}",
                program.class_names[class as usize], method
            )));
        };
        let (params, _, is_static) = &program.signatures[class as usize][method as usize];
        if params.len() != args.len() {
            return Err(RunError::BadArguments(format!(
                "{} takes {} argument(s), {} given",
                program.functions[function as usize].name,
                params.len(),
                args.len()
            )));
        }
        self.reset();
        // Static initializers of every class, in order, then the receiver.
        let mut termination = None;
        for &class in &program.initialization_order {
            if let Err(t) = self.call(program.initializers[class as usize], &[]) {
                termination = Some(t);
                break;
            }
        }
        // A constructor under test is `new C(args)`: the receiver is only allocated here, its
        // constructor (the method) sets it up. No test can set its instance fields before.
        let constructor = program.constructors[class as usize][method as usize];
        if given_receiver.is_some() && (*is_static || constructor) {
            return Err(RunError::BadArguments(
                "only an instance method has a receiver to give".into(),
            ));
        }
        let mut unbuilt = false;
        let receiver = if *is_static {
            None
        } else if let Some(value) = given_receiver.filter(|_| termination.is_none()) {
            let this = Type::Class(ClassType::plain(
                class,
                program.class_names[class as usize].as_str(),
            ));
            match self.load_value(value, &this) {
                Ok(0) => return Err(RunError::BadArguments("the receiver is null".into())),
                Ok(object) => Some(object),
                Err(Loading::Bad(e)) => return Err(RunError::BadArguments(e)),
                Err(Loading::Thrown(thrown)) => {
                    // No receiver came of it: its fields read as null.
                    termination = Some(self.ended(thrown));
                    unbuilt = true;
                    Some(self.new_object(class).map_err(|_| {
                        RunError::BadArguments("no room for the receiver on the heap".into())
                    })?)
                }
            }
        } else {
            let object = self.new_object(class).map_err(|_| {
                RunError::BadArguments("no room for the receiver on the heap".into())
            })?;
            if termination.is_none() && !constructor {
                termination = self.construct_receiver(class, object).err();
            }
            Some(object)
        };
        // The setup's calls on the receiver, in order; the first that throws ends the test.
        if let Some(object) = receiver.filter(|_| !calls.is_empty() && termination.is_none())
            && let Err(t) = self.setup_calls(class, object, calls)?
        {
            termination = Some(t);
        }
        // The receiver's fields are set, then the arguments built (as a test does it).
        for (name, v) in receiver_fields {
            let Some(slot) = program.fields.iter().position(|f| {
                &f.name == name
                    && (program.is_a[class as usize].contains(&f.class) || f.is_static)
                    && !f.is_constant
            }) else {
                return Err(RunError::BadArguments(format!("no field {name} to set")));
            };
            let field = &program.fields[slot];
            if constructor && !field.is_static {
                return Err(RunError::BadArguments(format!(
                    "a constructor's test cannot set instance field {name} before `new`"
                )));
            }
            if termination.is_some() {
                // A test stops at the statement that threw: no later field is set.
                continue;
            }
            let ty = field.ty.clone();
            let word = match self.load_value(v, &ty) {
                Ok(w) => w,
                Err(Loading::Bad(e)) => return Err(RunError::BadArguments(e)),
                Err(Loading::Thrown(thrown)) => {
                    termination.get_or_insert(self.ended(thrown));
                    continue;
                }
            };
            match receiver.filter(|_| !field.is_static) {
                Some(object) => self.set_instance_field(object, field.object_slot, word),
                None => self.fields[slot] = word,
            }
        }
        let mut arg_handles = Vec::new();
        for (v, t) in args.iter().zip(params) {
            if termination.is_some() && matches!(v, Value::New { .. }) {
                // No constructor runs once the setup threw.
                arg_handles.push(0);
                continue;
            }
            match self.load_value(v, t) {
                Ok(h) => arg_handles.push(h),
                Err(Loading::Bad(e)) => return Err(RunError::BadArguments(e)),
                Err(Loading::Thrown(thrown)) => {
                    termination.get_or_insert(self.ended(thrown));
                    arg_handles.push(0);
                }
            }
        }
        let mut call_args = arg_handles.clone();
        call_args.extend(receiver);
        // An instance method runs as a call of it would: dispatched on the receiver's class.
        let function = match receiver {
            Some(object) => self.dispatched(class, method, function, object),
            None => function,
        };
        let returned = match termination {
            Some(t) => Err(t),
            None if self.before_call_only => Err(Termination::Return(None)),
            None => match self.execute(function, &call_args) {
                Ok(v) => Ok(v),
                Err(thrown) => Err(self.ended(thrown)),
            },
        };
        let printed = std::mem::take(&mut self.printed);
        let ret = &program.signatures[class as usize][method as usize].1;
        // The collections the outcome shows are read before it is.
        if program.views.function.is_some() {
            let mut roots: Vec<(i64, Type)> = Vec::new();
            if let Ok(v) = returned {
                roots.push((v, ret.clone()));
            }
            if let Some(object) = receiver.filter(|_| !unbuilt) {
                roots.push((object, Type::Object));
            }
            for (i, f) in program.fields.iter().enumerate() {
                if f.is_static && !program.is_library[f.class as usize] {
                    roots.push((self.fields[i], f.ty.clone()));
                }
            }
            roots.extend(arg_handles.iter().zip(params).map(|(&h, t)| (h, t.clone())));
            self.prepare_views(&roots);
        }
        let termination = match returned {
            Err(t) => t,
            Ok(_) if *ret == Type::Void => Termination::Return(None),
            Ok(v) => Termination::Return(Some(self.value_of(v, ret))),
        };
        let fields = program
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                !f.is_constant
                    && !program.is_library[f.class as usize]
                    && (f.is_static || (!is_static && f.class == class))
            })
            .map(|(i, f)| {
                let value = match receiver.filter(|_| !f.is_static) {
                    Some(_) if unbuilt => Value::Null,
                    Some(object) => {
                        self.value_of(self.instance_field(object, f.object_slot), &f.ty)
                    }
                    None => self.value_of(self.fields[i], &f.ty),
                };
                (f.name.clone(), value)
            })
            .collect();
        let args_after = arg_handles
            .iter()
            .zip(params)
            .map(|(&h, t)| match t {
                Type::Array(_) | Type::Class(_) | Type::Object | Type::Variable(_) => {
                    Some(self.value_of(h, t))
                }
                _ => None,
            })
            .collect();
        Ok(Outcome {
            termination,
            printed,
            fields,
            args: args_after,
        })
    }

    /// How a run ends on what was thrown.
    pub(super) fn ended(&self, thrown: Thrown) -> Termination {
        match thrown {
            Thrown::Exception(e) | Thrown::Message(e, _) => Termination::Throw(e),
            Thrown::Object(h) => match self.heap.get((h - 1) as usize) {
                Some(Object::Instance { class, .. }) => {
                    Termination::Throw(self.program.binary_names[*class as usize].clone())
                }
                _ => Termination::Throw(NPE.into()),
            },
            Thrown::Timeout => Termination::Timeout,
            Thrown::Unrepeatable(what) => Termination::Unrepeatable(what),
        }
    }

    /// Runs a function outside the method under test (an initializer, a constructor
    /// building an argument).
    pub(super) fn call(&mut self, function: u32, args: &[i64]) -> Result<(), Termination> {
        self.execute(function, args)
            .map(|_| ())
            .map_err(|t| self.ended(t))
    }

    /// Puts a value on the heap (or in a register word) as a `ty`. An object given as a
    /// constructor call is built by running the constructor, unless the run already ended
    /// (then only its shape is checked, and its handle is `null`).
    pub(super) fn load_value(&mut self, v: &Value, ty: &Type) -> Result<i64, Loading> {
        if let Type::Variable(variable) = ty {
            return self.load_value(v, &variable.erasure);
        }
        match (v, ty) {
            (Value::Prim(k, bits), t) if t.is_primitive() => {
                if *k != Kind::of(t) {
                    return Err(format!("a {k:?} value given for a {t}").into());
                }
                if let Some(range) = t.jtype().filter(|j| j.is_discrete()).map(|j| j.range())
                    && !(range.0..=range.1).contains(bits)
                {
                    return Err(format!("{bits} is out of range for {t}").into());
                }
                Ok(*bits)
            }
            (Value::Null, t) if t.is_reference() => Ok(0),
            // A primitive where a reference is wanted: boxed by `valueOf`, as `javac` does.
            (Value::Prim(k, bits), t) if t.is_reference() => {
                let program = self.program;
                let Some(&(_, _, function)) = program.box_makers.iter().find(|(kind, c, _)| {
                    kind == k
                        && (*t == Type::Object
                            || t.class()
                                .is_some_and(|w| program.is_a[*c as usize].contains(&w)))
                }) else {
                    return Err(format!("{v} is not a value of type {t}").into());
                };
                self.execute(function, &[*bits]).map_err(Loading::Thrown)
            }
            // A string is also a value of the interfaces `String` implements (a type
            // variable bounded by `Comparable<T>`).
            (Value::Str(s), t)
                if matches!(t, Type::String | Type::Object)
                    || t.class().is_some_and(|c| {
                        matches!(
                            self.program.binary_names[c as usize].as_str(),
                            "java.lang.Comparable" | "java.lang.CharSequence"
                        )
                    }) =>
            {
                // Equal strings share a handle with the program's literals (the JVM interns
                // string literals, and tests pass literals).
                if let Some(i) = self.program.strings.iter().position(|x| x == s) {
                    return Ok(i as i64 + 1);
                }
                self.heap.push(Object::Str(s.clone()));
                Ok(self.heap.len() as i64)
            }
            (Value::Array(_, items), Type::Array(elem)) => {
                let mut data = Vec::with_capacity(items.len());
                for item in items {
                    data.push(self.load_value(item, elem)?);
                }
                self.heap.push(Object::Array {
                    data,
                    kind: Kind::of(elem),
                });
                Ok(self.heap.len() as i64)
            }
            (
                Value::New {
                    class,
                    constructor,
                    args,
                },
                t @ (Type::Class(_) | Type::Object),
            ) if class.id == t.class().unwrap_or(class.id)
                || self.program.is_a[class.id as usize]
                    .contains(&t.class().unwrap_or(u32::MAX))
                || *t == Type::Object =>
            {
                self.construct(class.id, *constructor, args)
            }
            // A collection or a map a test gives: made empty by its constructor without
            // parameters, then filled in order by roth's `ContentViews.fill`.
            (Value::Content { class, items, .. }, t @ (Type::Class(_) | Type::Object))
                if self.program.is_a[class.id as usize]
                    .contains(&t.class().unwrap_or(class.id)) =>
            {
                let program = self.program;
                let c = class.id as usize;
                let (Some(fill), Some(constructor)) = (
                    program.views.fill,
                    (0..program.constructors[c].len()).find(|&k| {
                        program.constructors[c][k] && program.signatures[c][k].0.is_empty()
                    }),
                ) else {
                    return Err(format!("{} cannot be built from its contents", class.name).into());
                };
                let object = self.construct(class.id, Some(constructor as u32), &[])?;
                let items = Value::Array(Type::Object, items.clone());
                let array = self.load_value(&items, &Type::Array(Box::new(Type::Object)))?;
                self.execute(fill, &[object, array])
                    .map_err(Loading::Thrown)?;
                Ok(object)
            }
            (Value::Enum { class, name }, Type::Class(c)) if class == c => {
                let program = self.program;
                program.enum_constants[c.id as usize]
                    .iter()
                    .map(|&f| self.fields[f as usize])
                    .find(|&h| {
                        h > 0 && {
                            let n = self.instance_field(h, 0);
                            n > 0 && matches!(&self.heap[n as usize - 1], Object::Str(s) if text::from_utf16(s) == **name)
                        }
                    })
                    .ok_or_else(|| format!("no constant {name} in {}", c.name).into())
            }
            (v, t) => Err(format!("{v} is not a value of type {t}").into()),
        }
    }

    pub(super) fn string(&self, handle: i64) -> Result<&Arc<[u16]>, Thrown> {
        match self.heap.get((handle - 1) as usize) {
            Some(Object::Str(s)) if handle > 0 => Ok(s),
            _ => Err(NPE.into()),
        }
    }

    pub(super) fn array(&mut self, handle: i64) -> Result<&mut Vec<i64>, Thrown> {
        if handle <= 0 {
            return Err(NPE.into());
        }
        match self.heap.get_mut((handle - 1) as usize) {
            Some(Object::Array { data, .. }) => Ok(data),
            _ => Err(NPE.into()),
        }
    }

    /// The kind of the elements of the array at `handle`; `None` for `null` or another object.
    pub(super) fn array_kind(&self, handle: i64) -> Option<Kind> {
        match self.heap.get((handle - 1) as usize) {
            Some(Object::Array { kind, .. }) if handle > 0 => Some(*kind),
            _ => None,
        }
    }

    /// Takes `words` from the run's allocation budget.
    pub(super) fn allocate(&mut self, words: u64) -> Result<(), Thrown> {
        if words > self.heap_left {
            return Err(OOM.into());
        }
        self.heap_left -= words;
        Ok(())
    }

    pub(super) fn new_string(&mut self, s: Vec<u16>) -> Result<i64, Thrown> {
        self.allocate(s.len() as u64 + 1)?;
        self.heap.push(Object::Str(Arc::from(s)));
        Ok(self.heap.len() as i64)
    }

    pub(super) fn to_text(&self, kind: Kind, word: i64) -> Result<Vec<u16>, Thrown> {
        Ok(match kind {
            Kind::Ref => {
                if word == 0 {
                    text::utf16("null")
                } else {
                    self.string(word)?.to_vec()
                }
            }
            Kind::Char => vec![word as u16],
            k => text::utf16(&text::primitive_to_string(k, word)),
        })
    }

    fn new_array(&mut self, elem: Kind, lengths: &[i64], depth: u32) -> Result<i64, Thrown> {
        let n = lengths[0];
        // Every dimension is checked first; the JVM names the first negative one.
        if let Some(&m) = lengths.iter().find(|&&m| m < 0) {
            return Err(Thrown::Message(
                "java.lang.NegativeArraySizeException".into(),
                m.to_string(),
            ));
        }
        // The whole allocation is checked up front: n + n*m + n*m*k ... words.
        let mut total: u64 = 0;
        let mut count: u64 = 1;
        for &m in lengths {
            count = count.saturating_mul(m as u64);
            total = total.saturating_add(count.saturating_add(1));
        }
        if total > self.heap_left {
            return Err(OOM.into());
        }
        if lengths.len() > 1 {
            let mut data = Vec::with_capacity(n as usize);
            for _ in 0..n {
                data.push(self.new_array(elem, &lengths[1..], depth - 1)?);
            }
            self.heap.push(Object::Array {
                data,
                kind: Kind::Ref,
            });
        } else {
            self.allocate(n as u64 + 1)?;
            let zero = match (depth, elem) {
                (1, Kind::Float) => sem::bits_f32(0.0),
                (1, Kind::Double) => sem::bits_f64(0.0),
                _ => 0,
            };
            self.heap.push(Object::Array {
                data: vec![zero; n as usize],
                // Below the innermost dimension, the elements are arrays still to be made.
                kind: if depth == 1 { elem } else { Kind::Ref },
            });
        }
        Ok(self.heap.len() as i64)
    }

    /// Runs `function` with `args` to its return; the result word (0 for `void`).
    pub(super) fn execute(&mut self, function: u32, args: &[i64]) -> Result<i64, Thrown> {
        let program = self.program;
        // A state repeats only within one execution: between two of them, roth's own code
        // (building arguments, reading views) ran, which no snapshot holds.
        if let Some(check) = self.endless.as_mut() {
            check.restart();
        }
        let mut frames: Vec<Frame> = Vec::with_capacity(16);
        // The result slot of the outermost call sits below its frame (a return truncates the
        // register stack to the frame's base).
        let result_slot = self.regs.len();
        self.regs.push(0);
        let base = self.regs.len();
        let f = &program.functions[function as usize];
        self.regs.extend_from_slice(&f.template);
        // The arguments, then `this` in its own register.
        let params = f.params as usize;
        self.regs[base..base + params].copy_from_slice(&args[..params]);
        if let Some(this) = f.this_reg {
            self.regs[base + this as usize] = args[params];
        }
        frames.push(Frame {
            function,
            pc: 0,
            base,
            result: result_slot,
        });
        let out = self.interpret(&mut frames);
        let value = self.regs[result_slot];
        self.regs.truncate(result_slot);
        out.map(|_| value)
    }

    /// Runs the frames to the outermost one's return; an exception goes to the innermost
    /// handler that catches it (JLS §14.20.1), or ends the run.
    fn interpret(&mut self, frames: &mut Vec<Frame>) -> Result<(), Thrown> {
        loop {
            let thrown = match self.run_frames(frames) {
                Ok(()) => return Ok(()),
                Err(thrown) => thrown,
            };
            if !self.catch(frames, &thrown)? {
                return Err(thrown);
            }
        }
    }

    /// Finds the handler of `thrown` in `frames` (each frame's `pc` is just past its
    /// throwing instruction or call), drops the frames it leaves and sends the top frame to
    /// it. `false` when nothing catches it (the frames are then all dropped).
    fn catch(&mut self, frames: &mut Vec<Frame>, thrown: &Thrown) -> Result<bool, Thrown> {
        if frames.iter().all(|f| {
            self.program.functions[f.function as usize]
                .handlers
                .is_empty()
        }) {
            return Ok(false);
        }
        let Some(exception) = self.exception_object(thrown)? else {
            return Ok(false);
        };
        while let Some(frame) = frames.pop() {
            let program = self.program;
            let f = &program.functions[frame.function as usize];
            let at = frame.pc.saturating_sub(1);
            let handler = f.handlers.iter().find(|h| {
                h.ranges.iter().any(|&(s, e)| s <= at && at < e)
                    && (h.classes.is_empty() || h.classes.iter().any(|&c| self.is_a(exception, c)))
            });
            if let Some(h) = handler {
                self.regs.truncate(frame.base + f.template.len());
                self.regs[frame.base + h.reg as usize] = exception;
                frames.push(Frame {
                    pc: h.target,
                    ..frame
                });
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The object of what was thrown: made now for an exception the machine raised (with its
    /// message, if it has one); `None` for what no program catches (the step limit, and the
    /// errors of the machine's own limits, which differ from the JVM's).
    fn exception_object(&mut self, thrown: &Thrown) -> Result<Option<i64>, Thrown> {
        let (name, message) = match thrown {
            Thrown::Object(h) => return Ok(Some(*h)),
            Thrown::Timeout | Thrown::Unrepeatable(_) => return Ok(None),
            Thrown::Exception(name) => (name, None),
            Thrown::Message(name, message) => (name, Some(message)),
        };
        if name == OOM || name == "java.lang.StackOverflowError" {
            return Ok(None);
        }
        let Some(class) = self.program.binary_names.iter().position(|n| n == name) else {
            return Ok(None);
        };
        let object = self.new_object(class as u32)?;
        if let Some(m) = message {
            let text = self.new_string(text::utf16(m))?;
            // `Throwable`'s message is the first field of every throwable object.
            self.object_fields(object)?[0] = text;
        }
        Ok(Some(object))
    }

    fn run_frames(&mut self, frames: &mut Vec<Frame>) -> Result<(), Thrown> {
        let program = self.program;
        let mut frame = frames.pop().expect("a frame");
        let mut function = &program.functions[frame.function as usize];
        let mut code: &[Instr] = &function.code;
        let mut base = frame.base;
        let mut pc = frame.pc as usize;
        let result = (|| loop {
            if self.steps_left == 0 {
                return Err(Thrown::Timeout);
            }
            self.steps_left -= 1;
            let instr = &code[pc];
            pc += 1;
            let r = move |x: Reg| base + x as usize;
            match *instr {
                Instr::Str { dst, index } => self.regs[r(dst)] = index as i64 + 1,
                Instr::Move { dst, src } => self.regs[r(dst)] = self.regs[r(src)],
                Instr::Arith {
                    op,
                    kind,
                    dst,
                    a,
                    b,
                } => {
                    let v =
                        sem::arith(op, kind, self.regs[r(a)], self.regs[r(b)]).map_err(|_| {
                            Thrown::Message(
                                "java.lang.ArithmeticException".into(),
                                "/ by zero".into(),
                            )
                        })?;
                    self.regs[r(dst)] = v;
                }
                Instr::Compare {
                    op,
                    kind,
                    dst,
                    a,
                    b,
                } => {
                    self.regs[r(dst)] =
                        i64::from(sem::compare(op, kind, self.regs[r(a)], self.regs[r(b)]));
                }
                Instr::Neg { kind, dst, src } => {
                    self.regs[r(dst)] = sem::negate(kind, self.regs[r(src)])
                }
                Instr::BitNot { dst, src } => self.regs[r(dst)] = sem::bit_not(self.regs[r(src)]),
                Instr::Not { dst, src } => self.regs[r(dst)] = i64::from(self.regs[r(src)] == 0),
                Instr::Convert { from, to, dst, src } => {
                    self.regs[r(dst)] = sem::convert(from, to, self.regs[r(src)])
                }
                Instr::Jump { to } => {
                    if (to as usize) < pc && self.endless.is_some() {
                        self.check_endless(frames, &frame, to as usize)?;
                    }
                    pc = to as usize;
                }
                Instr::JumpIf { cond, to } => {
                    if self.regs[r(cond)] != 0 {
                        if (to as usize) < pc && self.endless.is_some() {
                            self.check_endless(frames, &frame, to as usize)?;
                        }
                        pc = to as usize;
                    }
                }
                Instr::JumpIfNot { cond, to } => {
                    if self.regs[r(cond)] == 0 {
                        if (to as usize) < pc && self.endless.is_some() {
                            self.check_endless(frames, &frame, to as usize)?;
                        }
                        pc = to as usize;
                    }
                }
                Instr::JumpUnless { op, kind, a, b, to } => {
                    if !sem::compare(op, kind, self.regs[r(a)], self.regs[r(b)]) {
                        if (to as usize) < pc && self.endless.is_some() {
                            self.check_endless(frames, &frame, to as usize)?;
                        }
                        pc = to as usize;
                    }
                }
                Instr::NewArray {
                    elem,
                    dst,
                    lengths,
                    count,
                    depth,
                } => {
                    let ls: Vec<i64> = self.regs[r(lengths)..r(lengths) + count as usize].to_vec();
                    self.regs[r(dst)] = self.new_array(elem, &ls, depth)?;
                }
                Instr::ArrayLiteral {
                    dst,
                    items,
                    count,
                    elem,
                } => {
                    let data = self.regs[r(items)..r(items) + count as usize].to_vec();
                    self.heap.push(Object::Array { data, kind: elem });
                    self.regs[r(dst)] = self.heap.len() as i64;
                }
                Instr::Load { dst, array, index } => {
                    let i = self.regs[r(index)];
                    let data = self.array(self.regs[r(array)])?;
                    let n = data.len();
                    let v = *data
                        .get(i as usize)
                        .filter(|_| i >= 0)
                        .ok_or_else(|| out_of_bounds(i, n))?;
                    self.regs[r(dst)] = v;
                }
                Instr::Store { array, index, src } => {
                    let (i, v) = (self.regs[r(index)], self.regs[r(src)]);
                    let data = self.array(self.regs[r(array)])?;
                    let n = data.len();
                    match data.get_mut(i as usize) {
                        Some(slot) if i >= 0 => *slot = v,
                        _ => return Err(out_of_bounds(i, n)),
                    }
                }
                Instr::Length { dst, array } => {
                    let n = self.array(self.regs[r(array)])?.len();
                    self.regs[r(dst)] = n as i64;
                }
                Instr::GetField { dst, field } => self.regs[r(dst)] = self.fields[field as usize],
                Instr::GetInstance { dst, object, slot } => {
                    let v = self.object_fields(self.regs[r(object)])?[slot as usize];
                    self.regs[r(dst)] = v;
                }
                Instr::PutInstance { object, slot, src } => {
                    let v = self.regs[r(src)];
                    self.object_fields(self.regs[r(object)])?[slot as usize] = v;
                }
                Instr::New { class, dst } => self.regs[r(dst)] = self.new_object(class)?,
                Instr::NullCheck { src } => {
                    if self.regs[r(src)] == 0 {
                        return Err(NPE.into());
                    }
                }
                Instr::PutField { field, src } => self.fields[field as usize] = self.regs[r(src)],
                Instr::InstanceOf { dst, src, class } => {
                    let v = self.regs[r(src)];
                    self.regs[r(dst)] = i64::from(v != 0 && self.is_a(v, class));
                }
                Instr::EnumValueOf { dst, src, class } => {
                    let name = self.regs[r(src)];
                    let wanted = match self.heap.get((name - 1) as usize) {
                        Some(Object::Str(s)) if name > 0 => s.clone(),
                        _ => return Err(Thrown::Message(NPE.into(), "Name is null".into())),
                    };
                    let found = program.enum_constants[class as usize]
                        .iter()
                        .map(|&f| self.fields[f as usize])
                        .find(|&c| {
                            c > 0 && match self.instance_field(c, 0) {
                                n if n > 0 => matches!(&self.heap[n as usize - 1], Object::Str(s) if *s == wanted),
                                _ => false,
                            }
                        });
                    match found {
                        Some(c) => self.regs[r(dst)] = c,
                        None => {
                            // `Enum.valueOf`'s message names the enum by its canonical name.
                            let enum_name = program.binary_names[class as usize].replace('$', ".");
                            let name = crate::program::reader::text::from_utf16(&wanted);
                            return Err(Thrown::Message(
                                "java.lang.IllegalArgumentException".into(),
                                format!("No enum constant {enum_name}.{name}"),
                            ));
                        }
                    }
                }
                Instr::CheckCast { src, class } => {
                    let v = self.regs[r(src)];
                    if v != 0 && !self.is_a(v, class) {
                        return Err(CCE.into());
                    }
                }
                Instr::Call { .. }
                | Instr::CallVirtual { .. }
                | Instr::Builtin {
                    f:
                        Builtin::ObjectEquals
                        | Builtin::ObjectHashCode
                        | Builtin::ObjectToString
                        | Builtin::ObjectValueOf,
                    ..
                } => {
                    let (callee, args, dst) = match *instr {
                        Instr::Builtin { f, args, dst, .. } => {
                            let a = self.regs[r(args)];
                            let b = if f == Builtin::ObjectEquals {
                                self.regs[r(args) + 1]
                            } else {
                                0
                            };
                            match self.object_method(f, a, b)? {
                                ObjectCall::Value(v) => {
                                    self.regs[r(dst)] = v;
                                    continue;
                                }
                                // The override takes its argument, then `this`.
                                ObjectCall::Call(function) => {
                                    if f == Builtin::ObjectEquals {
                                        self.regs.swap(r(args), r(args) + 1);
                                    }
                                    (function, args, dst)
                                }
                            }
                        }
                        Instr::Call {
                            function,
                            args,
                            dst,
                        } => (function, args, dst),
                        Instr::CallVirtual {
                            slot,
                            args,
                            arity,
                            dst,
                        } => {
                            let receiver = self.regs[r(args) + arity as usize];
                            let class = match self.heap.get((receiver - 1) as usize) {
                                Some(Object::Instance { class, .. }) if receiver > 0 => *class,
                                // `String.compareTo` reached as `Comparable`'s.
                                Some(Object::Str(_))
                                    if receiver > 0
                                        && Some(slot) == program.string_compare_slot =>
                                {
                                    let other = self.regs[r(args)];
                                    let v = match self.heap.get((other - 1) as usize) {
                                        _ if other <= 0 => return Err(NPE.into()),
                                        Some(Object::Str(_)) => {
                                            self.compare_strings(receiver, other)?
                                        }
                                        _ => return Err("java.lang.ClassCastException".into()),
                                    };
                                    self.regs[r(dst)] = v;
                                    continue;
                                }
                                _ => return Err(NPE.into()),
                            };
                            let callee = program.vtables[class as usize][slot as usize]
                                .ok_or(Thrown::from("java.lang.AbstractMethodError"))?;
                            (callee, args, dst)
                        }
                        _ => unreachable!("a call"),
                    };
                    if frames.len() + 1 >= self.limits.depth as usize {
                        return Err("java.lang.StackOverflowError".into());
                    }
                    let f = &program.functions[callee as usize];
                    let new_base = self.regs.len();
                    self.regs.extend_from_slice(&f.template);
                    let from = r(args);
                    for k in 0..f.params as usize {
                        self.regs[new_base + k] = self.regs[from + k];
                    }
                    if let Some(this) = f.this_reg {
                        self.regs[new_base + this as usize] = self.regs[from + f.params as usize];
                    }
                    frame.pc = pc as u32;
                    let caller_result = r(dst);
                    frames.push(frame);
                    frame = Frame {
                        function: callee,
                        pc: 0,
                        base: new_base,
                        result: caller_result,
                    };
                    function = f;
                    code = &function.code;
                    base = new_base;
                    pc = 0;
                }
                Instr::Return { .. } | Instr::ReturnVoid => {
                    if let Instr::Return { src } = *instr {
                        self.regs[frame.result] = self.regs[r(src)];
                    }
                    self.regs.truncate(frame.base);
                    match frames.pop() {
                        None => return Ok(()),
                        Some(caller) => {
                            frame = caller;
                            function = &program.functions[frame.function as usize];
                            code = &function.code;
                            base = frame.base;
                            pc = frame.pc as usize;
                        }
                    }
                }
                Instr::Throw { exception } => {
                    return Err(Thrown::Exception(
                        program.exceptions[exception as usize].clone(),
                    ));
                }
                Instr::Builtin {
                    f,
                    dst,
                    args,
                    kinds,
                } => {
                    let kinds = &function.kind_lists[kinds as usize];
                    let v = self.builtin(f, r(args), kinds)?;
                    self.regs[r(dst)] = v;
                }
                Instr::Concat {
                    dst,
                    a,
                    a_kind,
                    b,
                    b_kind,
                } => {
                    let mut s = self.to_text(a_kind, self.regs[r(a)])?;
                    s.extend(self.to_text(b_kind, self.regs[r(b)])?);
                    self.regs[r(dst)] = self.new_string(s)?;
                }
                Instr::Print {
                    kind,
                    args,
                    count,
                    kinds,
                } => {
                    let kinds = &function.kind_lists[kinds as usize];
                    self.print(kind, r(args), count as usize, kinds)?;
                }
                Instr::Switch { value, table } => {
                    let t = &function.switches[table as usize];
                    let v = self.regs[r(value)];
                    pc = if t.is_string {
                        let s = self.string(v)?;
                        t.strings
                            .iter()
                            .find(|(c, _)| c == s)
                            .map(|(_, to)| *to)
                            .unwrap_or(t.default) as usize
                    } else {
                        match t.ints.binary_search_by_key(&v, |(c, _)| *c) {
                            Ok(i) => t.ints[i].1 as usize,
                            Err(_) => t.default as usize,
                        }
                    };
                }
                Instr::Probe { site } => {
                    // Coverage is not the program's work: a probed original and an unprobed
                    // mutant must reach the step limit at the same point.
                    self.steps_left += 1;
                    if let Some(mut bit) = self.covered.get_mut(site as usize) {
                        *bit = true;
                    }
                }
                Instr::ThrowWith { class, message } => {
                    let object = self.new_object(class)?;
                    let text = self.regs[r(message)];
                    self.object_fields(object)?[0] = text;
                    return Err(Thrown::Object(object));
                }
                Instr::ThrowObject { src } => {
                    let object = self.regs[r(src)];
                    if object == 0 {
                        return Err(NPE.into());
                    }
                    return Err(Thrown::Object(object));
                }
            }
        })();
        if result.is_err() {
            frame.pc = pc as u32;
            frames.push(frame);
        }
        result
    }
}

impl Compiled {
    /// Runs a method with arguments (and, for an instance method, fields of the receiver to
    /// set after its construction).
    pub fn run(
        &self,
        class: u32,
        method: u32,
        args: &[Value],
        receiver_fields: &[(String, Value)],
        limits: Limits,
    ) -> Result<Outcome, RunError> {
        let mut machine = Machine::new(self, limits);
        machine.run(class, method, args, receiver_fields)
    }

    /// [`Compiled::run`] on a receiver built by a constructor call (`Value::New`).
    pub fn run_on(
        &self,
        class: u32,
        method: u32,
        receiver: Option<&Value>,
        args: &[Value],
        receiver_fields: &[(String, Value)],
        limits: Limits,
    ) -> Result<Outcome, RunError> {
        let mut machine = Machine::new(self, limits);
        machine.run_on(class, method, receiver, args, receiver_fields)
    }

    /// [`Compiled::run_on`] on a receiver built as `receiver` says: its constructor call,
    /// then its setup's calls (`None`: `new C()`).
    pub fn run_after(
        &self,
        class: u32,
        method: u32,
        receiver: Option<&Receiver>,
        args: &[Value],
        receiver_fields: &[(String, Value)],
        limits: Limits,
    ) -> Result<Outcome, RunError> {
        let mut machine = Machine::new(self, limits);
        machine.run_after(
            class,
            method,
            receiver.map(|r| &r.built),
            receiver.map_or(&[], |r| &r.calls),
            args,
            receiver_fields,
        )
    }

    /// Whether `receiver` is built without throwing (see [`Machine::builds`]).
    pub fn builds(&self, class: u32, receiver: &Receiver, limits: Limits) -> bool {
        Machine::new(self, limits).builds(class, receiver)
    }

    /// The state right before the call, in the form of an outcome: the receiver's (and
    /// static) fields after initialization and the given settings, and the arguments as
    /// the method receives them.
    pub fn initial_state(
        &self,
        class: u32,
        method: u32,
        receiver: Option<&Value>,
        args: &[Value],
        receiver_fields: &[(String, Value)],
    ) -> Result<Outcome, RunError> {
        let mut machine = Machine::new(self, Limits::default());
        machine.before_call_only = true;
        machine.run_on(class, method, receiver, args, receiver_fields)
    }

    /// The receiver's (and static) fields right before the call: after initialization and the
    /// given settings, in the order of [`Outcome::fields`].
    pub fn initial_fields(
        &self,
        class: u32,
        method: u32,
        receiver_fields: &[(String, Value)],
    ) -> Result<Vec<(String, Value)>, String> {
        let mut machine = Machine::new(self, Limits::default());
        machine.before_call_only = true;
        machine
            .run(
                class,
                method,
                &self.default_args(class, method),
                receiver_fields,
            )
            .map(|o| o.fields)
            .map_err(|e| e.to_string())
    }

    fn default_args(&self, class: u32, method: u32) -> Vec<Value> {
        self.signatures[class as usize][method as usize]
            .0
            .iter()
            .map(|t| match t {
                Type::Float => Value::Prim(Kind::Float, sem::bits_f32(0.0)),
                Type::Double => Value::Prim(Kind::Double, sem::bits_f64(0.0)),
                t if t.is_primitive() => Value::Prim(Kind::of(t), 0),
                _ => Value::Null,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        compile, double, int, long, method, returns, run, run_with, throws,
    };
    use super::*;

    const ARITHMETIC: &str = "class T {
        static int add(int a, int b) { return a + b; }
        static int mul(int a, int b) { return a * b; }
        static long addL(long a, long b) { return a + b; }
        static int div(int a, int b) { return a / b; }
        static int rem(int a, int b) { return a % b; }
        static long divL(long a, long b) { return a / b; }
        static double divD(double a, double b) { return a / b; }
        static int shl(int a, int s) { return a << s; }
        static long shlL(long a, int s) { return a << s; }
        static int shr(int a, int s) { return a >> s; }
        static int ushr(int a, int s) { return a >>> s; }
        static int toInt(double d) { return (int) d; }
        static long toLong(double d) { return (long) d; }
        static byte toByte(int x) { return (byte) x; }
        static char toChar(int x) { return (char) x; }
        static int inc(byte b) { b++; return b; }
        static int compound(short s) { s += 70000; return s; }
    }";

    #[test]
    fn integer_arithmetic_wraps_around() {
        let max = i32::MAX;
        assert_eq!(
            run(ARITHMETIC, "add", &[int(max), int(1)]),
            returns(int(i32::MIN))
        );
        assert_eq!(
            run(ARITHMETIC, "mul", &[int(65536), int(65536)]),
            returns(int(0))
        );
        assert_eq!(
            run(ARITHMETIC, "mul", &[int(max), int(2)]),
            returns(int(-2))
        );
        assert_eq!(
            run(ARITHMETIC, "addL", &[long(i64::MAX), long(1)]),
            returns(long(i64::MIN))
        );
        // Narrow types wrap when stored back: `b++` on 127, `s += 70000` (JLS §15.26.2).
        let byte = Value::Prim(Kind::Byte, 127);
        assert_eq!(run(ARITHMETIC, "inc", &[byte]), returns(int(-128)));
        let short = Value::Prim(Kind::Short, 0);
        assert_eq!(
            run(ARITHMETIC, "compound", &[short]),
            returns(int(70000 - 65536))
        );
    }

    #[test]
    fn division_truncates_toward_zero_and_throws_on_zero() {
        for (a, b, q, r) in [
            (7, 2, 3, 1),
            (-7, 2, -3, -1),
            (7, -2, -3, 1),
            (-7, -2, 3, -1),
        ] {
            assert_eq!(
                run(ARITHMETIC, "div", &[int(a), int(b)]),
                returns(int(q)),
                "{a}/{b}"
            );
            assert_eq!(
                run(ARITHMETIC, "rem", &[int(a), int(b)]),
                returns(int(r)),
                "{a}%{b}"
            );
        }
        // The one quotient that does not fit wraps (JLS §15.17.2).
        assert_eq!(
            run(ARITHMETIC, "div", &[int(i32::MIN), int(-1)]),
            returns(int(i32::MIN))
        );
        assert_eq!(
            run(ARITHMETIC, "rem", &[int(i32::MIN), int(-1)]),
            returns(int(0))
        );
        let arithmetic = throws("ArithmeticException");
        assert_eq!(run(ARITHMETIC, "div", &[int(1), int(0)]), arithmetic);
        assert_eq!(run(ARITHMETIC, "rem", &[int(1), int(0)]), arithmetic);
        assert_eq!(run(ARITHMETIC, "divL", &[long(1), long(0)]), arithmetic);
        // Floating point division by zero is infinite, not an exception.
        assert_eq!(
            run(ARITHMETIC, "divD", &[double(1.0), double(0.0)]),
            returns(double(f64::INFINITY))
        );
    }

    #[test]
    fn shift_distances_are_masked() {
        // int shifts use the low 5 bits of the distance, long shifts the low 6.
        assert_eq!(run(ARITHMETIC, "shl", &[int(1), int(33)]), returns(int(2)));
        assert_eq!(
            run(ARITHMETIC, "shl", &[int(1), int(-1)]),
            returns(int(i32::MIN))
        );
        assert_eq!(
            run(ARITHMETIC, "shlL", &[long(1), int(65)]),
            returns(long(2))
        );
        assert_eq!(
            run(ARITHMETIC, "shlL", &[long(1), int(33)]),
            returns(long(1 << 33))
        );
        assert_eq!(
            run(ARITHMETIC, "shr", &[int(-16), int(2)]),
            returns(int(-4))
        );
        assert_eq!(
            run(ARITHMETIC, "ushr", &[int(-1), int(28)]),
            returns(int(15))
        );
        assert_eq!(
            run(ARITHMETIC, "ushr", &[int(-1), int(32)]),
            returns(int(-1))
        );
    }

    #[test]
    fn narrowing_conversions_saturate_or_truncate_as_java_does() {
        // double to int or long saturates, NaN gives 0 (JLS §5.1.3).
        for (d, i) in [
            (3.9e10, i32::MAX),
            (-3.9e10, i32::MIN),
            (f64::NAN, 0),
            (-2.7, -2),
        ] {
            assert_eq!(
                run(ARITHMETIC, "toInt", &[double(d)]),
                returns(int(i)),
                "{d}"
            );
        }
        assert_eq!(
            run(ARITHMETIC, "toLong", &[double(1e30)]),
            returns(long(i64::MAX))
        );
        // int to byte or char keeps the low bits.
        assert_eq!(
            run(ARITHMETIC, "toByte", &[int(200)]),
            returns(Value::Prim(Kind::Byte, -56))
        );
        assert_eq!(
            run(ARITHMETIC, "toChar", &[int(-1)]),
            returns(Value::Prim(Kind::Char, 0xffff))
        );
    }

    #[test]
    fn string_concatenation_prints_each_operand_as_java_does() {
        let source = "class T {
            static String cat(String s, int n, char c, double d, boolean b) { return s + n + c + d + b; }
            static String sum(int a, int b) { return \"\" + a + b + (a + b); }
        }";
        let args = [
            Value::Str(text::utf16("x").into()),
            int(-1),
            Value::Prim(Kind::Char, 'c' as i64),
            double(2.5),
            Value::Prim(Kind::Boolean, 1),
        ];
        let text = |s: &str| returns(Value::Str(text::utf16(s).into()));
        assert_eq!(run(source, "cat", &args), text("x-1c2.5true"));
        let mut with_null = args.clone();
        with_null[0] = Value::Null;
        assert_eq!(run(source, "cat", &with_null), text("null-1c2.5true"));
        assert_eq!(run(source, "sum", &[int(1), int(2)]), text("123"));
    }

    #[test]
    fn array_accesses_are_checked() {
        let source = "class T {
            static int at(int[] a, int i) { return a[i]; }
            static void put(int[] a, int i) { a[i] = 9; }
            static int make(int n) { int[] a = new int[n]; return a.length; }
        }";
        let array = Value::Array(Type::Int, vec![int(1), int(2), int(3)]);
        assert_eq!(run(source, "at", &[array.clone(), int(2)]), returns(int(3)));
        let out_of_bounds = throws("ArrayIndexOutOfBoundsException");
        assert_eq!(run(source, "at", &[array.clone(), int(3)]), out_of_bounds);
        assert_eq!(run(source, "at", &[array.clone(), int(-1)]), out_of_bounds);
        assert_eq!(run(source, "put", &[array.clone(), int(3)]), out_of_bounds);
        let null = throws("NullPointerException");
        assert_eq!(run(source, "at", &[Value::Null, int(0)]), null);
        assert_eq!(run(source, "make", &[int(4)]), returns(int(4)));
        assert_eq!(
            run(source, "make", &[int(-1)]),
            throws("NegativeArraySizeException")
        );
        // Past the allocation budget: an exception, not an allocation.
        let small_heap = Limits {
            heap: 100,
            ..Limits::default()
        };
        assert_eq!(
            run_with(source, "make", &[int(1000)], small_heap),
            throws("OutOfMemoryError")
        );
    }

    #[test]
    fn the_call_depth_limit_ends_recursion_with_a_stack_overflow() {
        let source = "class T { static int down(int n) { return n == 0 ? 0 : 1 + down(n - 1); } }";
        // `down(n)` holds n + 1 frames at its deepest; the limit is the number of frames.
        let limits = Limits {
            depth: 50,
            ..Limits::default()
        };
        assert_eq!(
            run_with(source, "down", &[int(49)], limits),
            returns(int(49))
        );
        assert_eq!(
            run_with(source, "down", &[int(50)], limits),
            throws("StackOverflowError")
        );
        assert_eq!(
            run(source, "down", &[int(1_000_000)]),
            throws("StackOverflowError")
        );
    }

    #[test]
    fn a_run_sees_fields_and_array_arguments_after_the_call() {
        let source = "class T {
            static int count = 5;
            int total;
            void add(int[] a) { for (int x : a) { total += x; count++; a[0] = -1; } }
        }";
        let (unit, program) = compile(source);
        let (class, add) = method(&unit, "add");
        let array = Value::Array(Type::Int, vec![int(1), int(2)]);
        let set = [("total".to_string(), int(10))];
        let o = program
            .run(class, add, &[array], &set, Limits::default())
            .unwrap();
        assert_eq!(o.termination, Termination::Return(None));
        assert_eq!(
            o.fields,
            [
                ("count".to_string(), int(7)),
                ("total".to_string(), int(13))
            ]
        );
        assert_eq!(
            o.args,
            [Some(Value::Array(Type::Int, vec![int(-1), int(2)]))]
        );
        // The fields before the call: the initializers and the settings.
        assert_eq!(
            program.initial_fields(class, add, &set).unwrap(),
            [
                ("count".to_string(), int(5)),
                ("total".to_string(), int(10))
            ]
        );
    }

    #[test]
    fn arguments_that_do_not_fit_are_refused_before_the_run() {
        let (unit, program) = compile(ARITHMETIC);
        let (class, add) = method(&unit, "add");
        let refused = |args: &[Value]| {
            program
                .run(class, add, args, &[], Limits::default())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused(&[int(1)]),
            "add(int, int) takes 2 argument(s), 1 given"
        );
        assert_eq!(refused(&[int(1), long(2)]), "a Long value given for a int");
        assert_eq!(
            refused(&[int(1), Value::Prim(Kind::Int, 1 << 40)]),
            "1099511627776 is out of range for int"
        );
        let (class, to_int) = method(&unit, "toInt");
        let fields = [("nothing".to_string(), int(0))];
        assert_eq!(
            program
                .run(class, to_int, &[double(0.0)], &fields, Limits::default())
                .unwrap_err()
                .to_string(),
            "no field nothing to set"
        );
    }
}
