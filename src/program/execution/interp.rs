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

use std::sync::Arc;

use bitvec::vec::BitVec;
use hashbrown::HashMap;

use crate::program::reader::ir::*;
use crate::program::reader::semantics::{self as sem, Kind};
use crate::program::reader::text;

type Reg = u32;

/// One instruction. Jumps hold instruction indices within their function.
#[derive(Clone, Debug)]
enum Instr {
    Str {
        dst: Reg,
        index: u32,
    },
    Move {
        dst: Reg,
        src: Reg,
    },
    Arith {
        op: BinaryOp,
        kind: Kind,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Compare {
        op: BinaryOp,
        kind: Kind,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Neg {
        kind: Kind,
        dst: Reg,
        src: Reg,
    },
    BitNot {
        dst: Reg,
        src: Reg,
    },
    Not {
        dst: Reg,
        src: Reg,
    },
    Convert {
        from: Kind,
        to: Kind,
        dst: Reg,
        src: Reg,
    },
    Jump {
        to: u32,
    },
    JumpIf {
        cond: Reg,
        to: u32,
    },
    JumpIfNot {
        cond: Reg,
        to: u32,
    },
    /// Jumps when `a op b` is false.
    JumpUnless {
        op: BinaryOp,
        kind: Kind,
        a: Reg,
        b: Reg,
        to: u32,
    },
    NewArray {
        elem: Kind,
        dst: Reg,
        lengths: Reg,
        count: u32,
        depth: u32,
    },
    ArrayLiteral {
        dst: Reg,
        items: Reg,
        count: u32,
    },
    Load {
        dst: Reg,
        array: Reg,
        index: Reg,
    },
    Store {
        array: Reg,
        index: Reg,
        src: Reg,
    },
    Length {
        dst: Reg,
        array: Reg,
    },
    GetField {
        dst: Reg,
        field: u32,
    },
    PutField {
        field: u32,
        src: Reg,
    },
    Call {
        function: u32,
        args: Reg,
        dst: Reg,
    },
    Return {
        src: Reg,
    },
    ReturnVoid,
    Throw {
        exception: u32,
    },
    Builtin {
        f: Builtin,
        dst: Reg,
        args: Reg,
        kinds: u32,
    },
    Concat {
        dst: Reg,
        a: Reg,
        a_kind: Kind,
        b: Reg,
        b_kind: Kind,
    },
    Print {
        kind: PrintKind,
        args: Reg,
        count: u32,
        kinds: u32,
    },
    Switch {
        value: Reg,
        table: u32,
    },
    Probe {
        site: u32,
    },
}

/// A compiled method.
#[derive(Clone, Debug)]
struct Function {
    name: String,
    code: Vec<Instr>,
    /// The initial frame: constants in place, everything else zero.
    template: Vec<i64>,
    params: u32,
    /// Argument kinds of builtins and prints, referred to by index.
    kind_lists: Vec<Vec<Kind>>,
    /// Switch tables: sorted (value, target) pairs or string cases, and the default target.
    switches: Vec<SwitchTable>,
}

#[derive(Clone, Debug)]
struct SwitchTable {
    ints: Vec<(i64, u32)>,
    strings: Vec<(Arc<[u16]>, u32)>,
    is_string: bool,
    default: u32,
}

/// A heap object.
#[derive(Clone, Debug, PartialEq)]
enum Object {
    Str(Arc<[u16]>),
    Array { data: Vec<i64> },
}

/// A value given to or produced by a run.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Prim(Kind, i64),
    Null,
    Str(Arc<[u16]>),
    /// An array with its element type.
    Array(Type, Vec<Value>),
}

impl Value {
    /// Whether two values are the same as a test assertion sees them (primitives by value,
    /// floating point by bits, strings and arrays by content).
    pub fn same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Prim(k, a), Value::Prim(_, b)) => sem::same(*k, *a, *b),
            (Value::Null, Value::Null) => true,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Array(_, a), Value::Array(_, b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for Value {
    /// As `String.valueOf` prints it; arrays as `Arrays.deepToString` does.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Prim(k, v) => f.write_str(&text::primitive_to_string(*k, *v)),
            Value::Null => f.write_str("null"),
            Value::Str(s) => f.write_str(&text::from_utf16(s)),
            Value::Array(_, items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Termination {
    /// `return` (with the value, `None` for `void`).
    Return(Option<Value>),
    /// An exception left the method: its fully qualified class name.
    Throw(String),
    /// The step limit ran out.
    Timeout,
}

/// Everything a run shows to the outside: the method's outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub termination: Termination,
    /// Text written to `System.out`.
    pub printed: String,
    /// Every non-constant field after the call (instance fields of the receiver, static fields),
    /// by name.
    pub fields: Vec<(String, Value)>,
    /// Array arguments after the call (others `None`).
    pub args: Vec<Option<Value>>,
}

impl Outcome {
    /// Whether a test tells the two outcomes apart (any output differs).
    pub fn differs(&self, other: &Outcome) -> bool {
        let value_differs = |a: &Value, b: &Value| !a.same(b);
        match (&self.termination, &other.termination) {
            (Termination::Return(Some(a)), Termination::Return(Some(b))) if value_differs(a, b) => {
                return true;
            }
            (Termination::Return(Some(_)), Termination::Return(Some(_))) => {}
            (a, b) if a != b => return true,
            _ => {}
        }
        self.printed != other.printed
            || self.fields.len() != other.fields.len()
            || self
                .fields
                .iter()
                .zip(&other.fields)
                .any(|((_, a), (_, b))| value_differs(a, b))
            || self.args.len() != other.args.len()
            || self
                .args
                .iter()
                .zip(&other.args)
                .any(|(a, b)| match (a, b) {
                    (Some(a), Some(b)) => value_differs(a, b),
                    (None, None) => false,
                    _ => true,
                })
    }
}

/// Limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Instructions executed before the run is a `timeout`.
    pub steps: u64,
    /// Nested calls before `java.lang.StackOverflowError`.
    pub depth: u32,
    /// Array elements and string characters a run may allocate before
    /// `java.lang.OutOfMemoryError` (the JVM's limit depends on its heap; roth's is fixed so
    /// that runs are the same everywhere).
    pub heap: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            steps: 10_000_000,
            depth: 2_000,
            heap: 1 << 24,
        }
    }
}

const OOM: &str = "java.lang.OutOfMemoryError";

/// A field slot of the compiled program.
#[derive(Clone, Debug)]
struct FieldSlot {
    name: String,
    ty: Type,
    class: u32,
    is_static: bool,
    /// Constants and fields outside the subset are not outputs.
    is_constant: bool,
}

/// A unit compiled for running: every supported method, and the field initializers.
#[derive(Clone, Debug)]
pub struct Compiled {
    functions: Vec<Function>,
    /// `(class, method)` to function index (`None` for unsupported methods).
    index: Vec<Vec<Option<u32>>>,
    /// The synthetic initializer of each class (fields in order, then the no-argument
    /// constructor when there is one).
    initializers: Vec<u32>,
    fields: Vec<FieldSlot>,
    field_index: Vec<Vec<u32>>,
    strings: Vec<Arc<[u16]>>,
    exceptions: Vec<String>,
    signatures: Vec<Vec<(Vec<Type>, Type, bool)>>,
    constructors: Vec<Vec<bool>>,
    class_names: Vec<String>,
}

/// A run's failure to start: the arguments do not fit the method.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    BadArguments(String),
    #[error("method {0} is outside the supported subset")]
    Unsupported(String),
}

enum Thrown {
    Exception(String),
    Timeout,
}

impl From<&str> for Thrown {
    fn from(s: &str) -> Thrown {
        Thrown::Exception(s.to_string())
    }
}

const NPE: &str = "java.lang.NullPointerException";
const AIOOBE: &str = "java.lang.ArrayIndexOutOfBoundsException";
const SIOOBE: &str = "java.lang.StringIndexOutOfBoundsException";

#[derive(Clone, PartialEq)]
struct Frame {
    function: u32,
    pc: u32,
    base: usize,
    /// Where the caller wants the result (absolute register index).
    result: usize,
}

/// The state of one run.
pub struct Machine<'c> {
    program: &'c Compiled,
    regs: Vec<i64>,
    heap: Vec<Object>,
    fields: Vec<i64>,
    printed: String,
    steps_left: u64,
    heap_left: u64,
    limits: Limits,
    /// Probe sites reached, when coverage is asked for.
    pub covered: BitVec,
    /// Stop right before calling the method (to read the fields it starts from).
    before_call_only: bool,
    /// Looking for a repeated state at backward jumps, when asked (see [`Machine::prove_endless`]).
    endless: Option<EndlessCheck>,
}

/// Everything the rest of a run depends on, taken at a backward jump.
#[derive(Clone, PartialEq)]
struct Snapshot {
    frames: Vec<Frame>,
    current: Frame,
    regs: Vec<i64>,
    heap: Vec<Object>,
    fields: Vec<i64>,
    printed: usize,
    heap_left: u64,
}

/// Brent's cycle detection over the states at backward jumps: a snapshot is kept and compared
/// with the state at every later backward jump, renewed after 1, 2, 4, ... jumps. The run is
/// deterministic, so a state seen twice repeats forever: the run never ends. (Printed text only
/// grows, so its length stands for it.)
///
/// Only the registers the run's future control depends on are compared ([`control_relevant`]):
/// a counter that only goes into the result (`swaps++` in a sort that swaps the same pair
/// forever) changes at every iteration, but cannot make the loop end.
struct EndlessCheck {
    saved: Option<Snapshot>,
    since: u64,
    period: u64,
    proved: bool,
    /// Per function, per instruction, per register: whether it is compared at that instruction.
    relevant: Vec<Vec<BitVec>>,
}

/// Per function, per instruction, per register: whether the register's value on arriving at
/// the instruction can decide the future of the run (a backward dataflow like liveness, with
/// only control-deciding reads counted as uses). Control-deciding reads: a jump's or a
/// switch's operands, those of an instruction that may throw or allocate (array accesses,
/// division, calls, built-ins, concatenation), a value written to a field, an array element or
/// printed text, and a returned value when some call's result is relevant; and the operands of
/// a pure instruction (a move, arithmetic, a comparison, a conversion) whose result is relevant
/// after it. A register left out flows only into left-out registers (or out of the run as its
/// result) before it is overwritten, so two states at the same instruction that agree on the
/// relevant registers (and on fields, heap and frames) take the same control path forever.
fn control_relevance(program: &Compiled) -> Vec<Vec<BitVec>> {
    let mut returns_matter = vec![false; program.functions.len()];
    loop {
        let relevant: Vec<Vec<BitVec>> = program
            .functions
            .iter()
            .zip(&returns_matter)
            .map(|(f, &returns)| control_relevant(program, f, returns))
            .collect();
        let mut changed = false;
        for (f, at) in program.functions.iter().zip(&relevant) {
            for (i, instr) in f.code.iter().enumerate() {
                if let Instr::Call { function, dst, .. } = *instr
                    && at.get(i + 1).is_some_and(|r| r[dst as usize])
                    && !returns_matter[function as usize]
                {
                    returns_matter[function as usize] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return relevant;
        }
    }
}

/// [`control_relevance`] of one function, given whether its returned value is relevant.
fn control_relevant(program: &Compiled, function: &Function, returns_matter: bool) -> Vec<BitVec> {
    let n = function.template.len();
    let code = &function.code;
    let range = |from: Reg, count: u32| (from..from + count).collect::<Vec<Reg>>();
    // Per instruction: (the register it writes, the registers it reads that are relevant
    // whatever happens, the registers it reads that are relevant when its result is).
    let effect = |instr: &Instr| -> (Option<Reg>, Vec<Reg>, Vec<Reg>) {
        match *instr {
            Instr::Str { dst, .. } | Instr::GetField { dst, .. } => (Some(dst), vec![], vec![]),
            Instr::Move { dst, src }
            | Instr::Neg { dst, src, .. }
            | Instr::BitNot { dst, src }
            | Instr::Not { dst, src }
            | Instr::Convert { dst, src, .. } => (Some(dst), vec![], vec![src]),
            Instr::Arith {
                op: BinaryOp::Div | BinaryOp::Rem,
                dst,
                a,
                b,
                ..
            } => (Some(dst), vec![a, b], vec![]),
            Instr::Arith { dst, a, b, .. } | Instr::Compare { dst, a, b, .. } => {
                (Some(dst), vec![], vec![a, b])
            }
            Instr::Concat { dst, a, b, .. } => (Some(dst), vec![a, b], vec![]),
            Instr::JumpIf { cond, .. } | Instr::JumpIfNot { cond, .. } => {
                (None, vec![cond], vec![])
            }
            Instr::JumpUnless { a, b, .. } => (None, vec![a, b], vec![]),
            Instr::Load { dst, array, index } => (Some(dst), vec![array, index], vec![]),
            Instr::Store { array, index, src } => (None, vec![array, index, src], vec![]),
            Instr::Length { dst, array } => (Some(dst), vec![array], vec![]),
            Instr::PutField { src, .. } | Instr::Switch { value: src, .. } => {
                (None, vec![src], vec![])
            }
            Instr::Return { src } if returns_matter => (None, vec![src], vec![]),
            Instr::NewArray {
                dst,
                lengths,
                count,
                ..
            } => (Some(dst), range(lengths, count), vec![]),
            Instr::ArrayLiteral { dst, items, count } => (Some(dst), range(items, count), vec![]),
            Instr::Print { args, count, .. } => (None, range(args, count), vec![]),
            Instr::Builtin {
                dst, args, kinds, ..
            } => (
                Some(dst),
                range(args, function.kind_lists[kinds as usize].len() as u32),
                vec![],
            ),
            Instr::Call {
                function: callee,
                args,
                dst,
            } => (
                Some(dst),
                range(args, program.functions[callee as usize].params),
                vec![],
            ),
            Instr::Return { .. }
            | Instr::ReturnVoid
            | Instr::Throw { .. }
            | Instr::Jump { .. }
            | Instr::Probe { .. } => (None, vec![], vec![]),
        }
    };
    let successors = |i: usize| -> Vec<usize> {
        match &code[i] {
            Instr::Jump { to } => vec![*to as usize],
            Instr::JumpIf { to, .. }
            | Instr::JumpIfNot { to, .. }
            | Instr::JumpUnless { to, .. } => {
                vec![*to as usize, i + 1]
            }
            Instr::Switch { table, .. } => {
                let t = &function.switches[*table as usize];
                t.ints
                    .iter()
                    .map(|&(_, to)| to)
                    .chain(t.strings.iter().map(|(_, to)| *to))
                    .chain([t.default])
                    .map(|to| to as usize)
                    .collect()
            }
            Instr::Return { .. } | Instr::ReturnVoid | Instr::Throw { .. } => vec![],
            _ => vec![i + 1],
        }
    };
    let mut at = vec![BitVec::repeat(false, n); code.len() + 1];
    loop {
        let mut changed = false;
        for i in (0..code.len()).rev() {
            let mut after = BitVec::repeat(false, n);
            for j in successors(i) {
                if let Some(r) = at.get(j) {
                    after |= r;
                }
            }
            let (dst, always, if_used) = effect(&code[i]);
            let used = dst.is_some_and(|d| after[d as usize]);
            let mut before = after;
            if let Some(d) = dst {
                before.set(d as usize, false);
            }
            for r in always
                .into_iter()
                .chain(if used { if_used } else { vec![] })
            {
                if (r as usize) < n {
                    before.set(r as usize, true);
                }
            }
            if before != at[i] {
                at[i] = before;
                changed = true;
            }
        }
        if !changed {
            return at;
        }
    }
}

/// Whether the registers of `frame` in `a` and `b` agree where `relevant`.
fn same_relevant(a: &[i64], b: &[i64], frame: &Frame, relevant: &BitVec) -> bool {
    relevant
        .iter_ones()
        .all(|k| a.get(frame.base + k) == b.get(frame.base + k))
}

impl Compiled {
    /// Compiles every supported method of `unit`; `probes`, when given, are the statements and
    /// expressions whose execution a run records in [`Machine::covered`] (indexed by the
    /// position in `probes`).
    pub fn new(unit: &Unit, probes: Option<&ProbeSites>) -> Compiled {
        Compiled::build(unit, probes, None)
    }

    /// Compiles `unit` with one method replaced (a mutant's checked method).
    pub fn with_method(
        unit: &Unit,
        probes: Option<&ProbeSites>,
        replacement: (u32, u32, &Method),
    ) -> Compiled {
        Compiled::build(unit, probes, Some(replacement))
    }

    fn build(
        unit: &Unit,
        probes: Option<&ProbeSites>,
        replacement: Option<(u32, u32, &Method)>,
    ) -> Compiled {
        let method_at = |ci: usize, mi: usize| -> &Method {
            match replacement {
                Some((c, m, method)) if (c as usize, m as usize) == (ci, mi) => method,
                _ => &unit.classes[ci].methods[mi],
            }
        };
        let mut fields = Vec::new();
        let mut field_index = Vec::new();
        for (ci, class) in unit.classes.iter().enumerate() {
            let mut idx = Vec::new();
            for f in &class.fields {
                idx.push(fields.len() as u32);
                fields.push(FieldSlot {
                    name: if unit.classes.len() > 1 && f.is_static {
                        format!("{}.{}", class.name, f.name)
                    } else {
                        f.name.clone()
                    },
                    ty: f.ty.clone(),
                    class: ci as u32,
                    is_static: f.is_static,
                    is_constant: f.constant.is_some() || f.unsupported.is_some(),
                });
            }
            field_index.push(idx);
        }
        let mut program = Compiled {
            functions: Vec::new(),
            index: Vec::new(),
            initializers: Vec::new(),
            fields,
            field_index,
            strings: Vec::new(),
            exceptions: Vec::new(),
            signatures: unit
                .classes
                .iter()
                .map(|c| {
                    c.methods
                        .iter()
                        .map(|m| (m.params.clone(), m.ret.clone(), m.is_static))
                        .collect()
                })
                .collect(),
            constructors: unit
                .classes
                .iter()
                .map(|c| c.methods.iter().map(|m| m.is_constructor).collect())
                .collect(),
            class_names: unit.classes.iter().map(|c| c.name.clone()).collect(),
        };
        // Function indices first, so calls can refer to any method.
        let mut next = 0u32;
        for class in &unit.classes {
            let mut idx = Vec::new();
            for m in &class.methods {
                if m.body.is_ok() {
                    idx.push(Some(next));
                    next += 1;
                } else {
                    idx.push(None);
                }
            }
            program.index.push(idx);
        }
        for (ci, class) in unit.classes.iter().enumerate() {
            for mi in 0..class.methods.len() {
                let m = method_at(ci, mi);
                if let Ok(body) = &m.body {
                    let f = FunctionCompiler::compile(
                        &mut program,
                        m,
                        body,
                        probes.map(|p| (p, ci as u32, mi as u32)),
                    );
                    program.functions.push(f);
                }
            }
        }
        for (ci, class) in unit.classes.iter().enumerate() {
            let f = FunctionCompiler::initializer(&mut program, ci as u32, class);
            program.initializers.push(program.functions.len() as u32);
            program.functions.push(f);
        }
        program
    }

    fn intern(&mut self, s: &Arc<[u16]>) -> u32 {
        if let Some(i) = self.strings.iter().position(|x| x == s) {
            return i as u32;
        }
        self.strings.push(s.clone());
        (self.strings.len() - 1) as u32
    }

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

    /// Compiled methods: (class, method) pairs that can run.
    pub fn can_run(&self, class: u32, method: u32) -> bool {
        self.index
            .get(class as usize)
            .and_then(|c| c.get(method as usize))
            .is_some_and(|f| f.is_some())
    }
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
        }
    }

    /// Makes the next runs look for a repeated state, which proves a run that runs out of steps
    /// would never end ([`Machine::proved_endless`]). Costs a comparison at each backward jump
    /// and the control analysis of every function once per machine: mutation analysis turns
    /// it on for mutants (an endless loop then stops in a few iterations, not at the limit).
    pub fn prove_endless(&mut self) {
        let program = self.program;
        self.endless = Some(EndlessCheck {
            saved: None,
            since: 0,
            period: 1,
            proved: false,
            relevant: control_relevance(program),
        });
    }

    /// Whether the last run (with [`Machine::prove_endless`] on) was stopped at a state it had
    /// been in before: its timeout is certain, whatever the step limit.
    pub fn proved_endless(&self) -> bool {
        self.endless.as_ref().is_some_and(|e| e.proved)
    }

    /// At a backward jump to `to` in `frame` (its caller frames `frames`), with endless-run
    /// checking on: a timeout when the state was seen before.
    fn check_endless(&mut self, frames: &[Frame], frame: &Frame, to: usize) -> Result<(), Thrown> {
        let Some(check) = self.endless.as_mut() else {
            return Ok(());
        };
        let current = Frame {
            pc: to as u32,
            ..frame.clone()
        };
        if let Some(saved) = &check.saved
            && saved.current == current
            && saved.printed == self.printed.len()
            && saved.heap_left == self.heap_left
            && saved.regs.len() == self.regs.len()
            && saved.frames == frames
            && frames.iter().chain([&current]).all(|f| {
                same_relevant(
                    &saved.regs,
                    &self.regs,
                    f,
                    &check.relevant[f.function as usize][f.pc as usize],
                )
            })
            && saved.fields == self.fields
            && saved.heap == self.heap
        {
            check.proved = true;
            return Err(Thrown::Timeout);
        }
        check.since += 1;
        if check.saved.is_none() || check.since == check.period {
            check.saved = Some(Snapshot {
                frames: frames.to_vec(),
                current,
                regs: self.regs.clone(),
                heap: self.heap.clone(),
                fields: self.fields.clone(),
                printed: self.printed.len(),
                heap_left: self.heap_left,
            });
            check.since = 0;
            check.period = check.period.saturating_mul(2);
        }
        Ok(())
    }

    fn reset(&mut self) {
        self.regs.clear();
        self.heap.clear();
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

    /// The limits runs are held to.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Instructions executed by the last run (initializers included).
    pub fn steps(&self) -> u64 {
        self.limits.steps - self.steps_left
    }

    /// Enables coverage recording for `sites` probe sites.
    pub fn record_coverage(&mut self, sites: usize) {
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
        // Static initializers of every class, then the receiver's construction.
        let mut termination = None;
        // A constructor under test is `new C(args)`: the receiver starts from the field
        // initializers alone, and no test can set its instance fields before the call.
        let constructor = program.constructors[class as usize][method as usize];
        for (ci, &init) in program.initializers.iter().enumerate() {
            let instance = !is_static && ci as u32 == class;
            if let Err(t) = self.call_initializer(init, instance, !constructor) {
                termination = Some(t);
                break;
            }
        }
        let mut arg_handles = Vec::new();
        for (v, t) in args.iter().zip(params) {
            let h = self.load_value(v, t).map_err(RunError::BadArguments)?;
            arg_handles.push(h);
        }
        for (name, v) in receiver_fields {
            let Some(slot) = program.fields.iter().position(|f| {
                &f.name == name && (f.class == class || f.is_static) && !f.is_constant
            }) else {
                return Err(RunError::BadArguments(format!("no field {name} to set")));
            };
            if constructor && !program.fields[slot].is_static {
                return Err(RunError::BadArguments(format!(
                    "a constructor's test cannot set instance field {name} before `new`"
                )));
            }
            let ty = program.fields[slot].ty.clone();
            self.fields[slot] = self.load_value(v, &ty).map_err(RunError::BadArguments)?;
        }
        let termination = match termination {
            Some(t) => t,
            None if self.before_call_only => Termination::Return(None),
            None => match self.execute(function, &arg_handles) {
                Ok(v) => {
                    let ret = &program.signatures[class as usize][method as usize].1;
                    if *ret == Type::Void {
                        Termination::Return(None)
                    } else {
                        Termination::Return(Some(self.value_of(v, ret)))
                    }
                }
                Err(Thrown::Exception(e)) => Termination::Throw(e),
                Err(Thrown::Timeout) => Termination::Timeout,
            },
        };
        let fields = program
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.is_constant && (f.is_static || (!is_static && f.class == class)))
            .map(|(i, f)| (f.name.clone(), self.value_of(self.fields[i], &f.ty)))
            .collect();
        let args_after = arg_handles
            .iter()
            .zip(params)
            .map(|(&h, t)| match t {
                Type::Array(_) => Some(self.value_of(h, t)),
                _ => None,
            })
            .collect();
        Ok(Outcome {
            termination,
            printed: std::mem::take(&mut self.printed),
            fields,
            args: args_after,
        })
    }

    fn call_initializer(
        &mut self,
        init: u32,
        instance: bool,
        construct: bool,
    ) -> Result<(), Termination> {
        // The initializer's flags: set up the instance too, and run its constructor.
        match self.execute(init, &[i64::from(instance), i64::from(construct)]) {
            Ok(_) => Ok(()),
            Err(Thrown::Exception(e)) => Err(Termination::Throw(e)),
            Err(Thrown::Timeout) => Err(Termination::Timeout),
        }
    }

    /// Puts a value on the heap (or in a register word) as a `ty`.
    fn load_value(&mut self, v: &Value, ty: &Type) -> Result<i64, String> {
        match (v, ty) {
            (Value::Prim(k, bits), t) if t.is_primitive() => {
                if *k != Kind::of(t) {
                    return Err(format!("a {k:?} value given for a {t}"));
                }
                if let Some(range) = t.jtype().filter(|j| j.is_discrete()).map(|j| j.range())
                    && !(range.0..=range.1).contains(bits)
                {
                    return Err(format!("{bits} is out of range for {t}"));
                }
                Ok(*bits)
            }
            (Value::Null, t) if t.is_reference() => Ok(0),
            (Value::Str(s), Type::String) => {
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
                self.heap.push(Object::Array { data });
                Ok(self.heap.len() as i64)
            }
            (v, t) => Err(format!("{v} is not a value of type {t}")),
        }
    }

    /// Reads a register word of type `ty` back as a value.
    fn value_of(&self, word: i64, ty: &Type) -> Value {
        if ty.is_primitive() {
            return Value::Prim(Kind::of(ty), word);
        }
        if word == 0 {
            return Value::Null;
        }
        match &self.heap[word as usize - 1] {
            Object::Str(s) => Value::Str(s.clone()),
            Object::Array { data } => {
                let elem = ty.element().cloned().unwrap_or(Type::Int);
                Value::Array(
                    elem.clone(),
                    data.iter().map(|&w| self.value_of(w, &elem)).collect(),
                )
            }
        }
    }

    fn string(&self, handle: i64) -> Result<&Arc<[u16]>, Thrown> {
        match self.heap.get((handle - 1) as usize) {
            Some(Object::Str(s)) if handle > 0 => Ok(s),
            _ => Err(NPE.into()),
        }
    }

    fn array(&mut self, handle: i64) -> Result<&mut Vec<i64>, Thrown> {
        if handle <= 0 {
            return Err(NPE.into());
        }
        match self.heap.get_mut((handle - 1) as usize) {
            Some(Object::Array { data }) => Ok(data),
            _ => Err(NPE.into()),
        }
    }

    /// Takes `words` from the run's allocation budget.
    fn allocate(&mut self, words: u64) -> Result<(), Thrown> {
        if words > self.heap_left {
            return Err(OOM.into());
        }
        self.heap_left -= words;
        Ok(())
    }

    fn new_string(&mut self, s: Vec<u16>) -> Result<i64, Thrown> {
        self.allocate(s.len() as u64 + 1)?;
        self.heap.push(Object::Str(Arc::from(s)));
        Ok(self.heap.len() as i64)
    }

    fn to_text(&self, kind: Kind, word: i64) -> Result<Vec<u16>, Thrown> {
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
        if lengths.iter().any(|&m| m < 0) {
            return Err("java.lang.NegativeArraySizeException".into());
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
            self.heap.push(Object::Array { data });
        } else {
            self.allocate(n as u64 + 1)?;
            let zero = match (depth, elem) {
                (1, Kind::Float) => sem::bits_f32(0.0),
                (1, Kind::Double) => sem::bits_f64(0.0),
                _ => 0,
            };
            self.heap.push(Object::Array {
                data: vec![zero; n as usize],
            });
        }
        Ok(self.heap.len() as i64)
    }

    /// Runs `function` with `args` to its return; the result word (0 for `void`).
    fn execute(&mut self, function: u32, args: &[i64]) -> Result<i64, Thrown> {
        let program = self.program;
        let mut frames: Vec<Frame> = Vec::with_capacity(16);
        // The result slot of the outermost call sits below its frame (a return truncates the
        // register stack to the frame's base).
        let result_slot = self.regs.len();
        self.regs.push(0);
        let base = self.regs.len();
        let f = &program.functions[function as usize];
        self.regs.extend_from_slice(&f.template);
        self.regs[base..base + args.len()].copy_from_slice(args);
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

    fn interpret(&mut self, frames: &mut Vec<Frame>) -> Result<(), Thrown> {
        let program = self.program;
        let mut frame = frames.pop().expect("a frame");
        let mut function = &program.functions[frame.function as usize];
        let mut code: &[Instr] = &function.code;
        let mut base = frame.base;
        let mut pc = 0usize;
        loop {
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
                    let v = sem::arith(op, kind, self.regs[r(a)], self.regs[r(b)])
                        .map_err(|_| Thrown::from("java.lang.ArithmeticException"))?;
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
                Instr::ArrayLiteral { dst, items, count } => {
                    let data = self.regs[r(items)..r(items) + count as usize].to_vec();
                    self.heap.push(Object::Array { data });
                    self.regs[r(dst)] = self.heap.len() as i64;
                }
                Instr::Load { dst, array, index } => {
                    let i = self.regs[r(index)];
                    let data = self.array(self.regs[r(array)])?;
                    let v = *data
                        .get(i as usize)
                        .filter(|_| i >= 0)
                        .ok_or(Thrown::from(AIOOBE))?;
                    self.regs[r(dst)] = v;
                }
                Instr::Store { array, index, src } => {
                    let (i, v) = (self.regs[r(index)], self.regs[r(src)]);
                    let data = self.array(self.regs[r(array)])?;
                    match data.get_mut(i as usize) {
                        Some(slot) if i >= 0 => *slot = v,
                        _ => return Err(AIOOBE.into()),
                    }
                }
                Instr::Length { dst, array } => {
                    let n = self.array(self.regs[r(array)])?.len();
                    self.regs[r(dst)] = n as i64;
                }
                Instr::GetField { dst, field } => self.regs[r(dst)] = self.fields[field as usize],
                Instr::PutField { field, src } => self.fields[field as usize] = self.regs[r(src)],
                Instr::Call {
                    function: callee,
                    args,
                    dst,
                } => {
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
            }
        }
    }

    fn print(
        &mut self,
        kind: PrintKind,
        args: usize,
        count: usize,
        kinds: &[Kind],
    ) -> Result<(), Thrown> {
        match kind {
            PrintKind::Print | PrintKind::Println => {
                if count == 1 {
                    let word = self.regs[args];
                    let units = match kinds[0] {
                        // A char[] argument (marked as Ref with a second kind Char).
                        Kind::Ref if kinds.get(1) == Some(&Kind::Char) => {
                            let data = self.array(word)?.clone();
                            data.iter().map(|&c| c as u16).collect()
                        }
                        k => self.to_text(k, word)?,
                    };
                    self.printed.push_str(&text::from_utf16(&units));
                }
                if kind == PrintKind::Println {
                    self.printed.push('\n');
                }
            }
            PrintKind::Printf => {
                let format = self.string(self.regs[args]).map(|s| text::from_utf16(s))?;
                let mut fargs = Vec::new();
                for (k, &kind) in kinds.iter().enumerate().take(count).skip(1) {
                    let w = self.regs[args + k];
                    fargs.push(match kind {
                        Kind::Ref => text::FormatArg::Str(if w == 0 {
                            None
                        } else {
                            Some(text::from_utf16(self.string(w)?))
                        }),
                        kind => text::FormatArg::Primitive(kind, w),
                    });
                }
                let s = text::format(&format, &fargs).map_err(Thrown::from)?;
                self.printed.push_str(&s);
            }
        }
        Ok(())
    }

    fn builtin(&mut self, f: Builtin, args: usize, kinds: &[Kind]) -> Result<i64, Thrown> {
        let a = self.regs[args];
        let b = self.regs.get(args + 1).copied().unwrap_or(0);
        let c = self.regs.get(args + 2).copied().unwrap_or(0);
        Ok(match f {
            Builtin::MathAbs => match kinds[0] {
                Kind::Int => (a as i32).wrapping_abs() as i64,
                Kind::Long => a.wrapping_abs(),
                Kind::Float => sem::bits_f32(sem::f32_of(a).abs()),
                _ => sem::bits_f64(sem::f64_of(a).abs()),
            },
            Builtin::MathMin | Builtin::MathMax => {
                let op = if f == Builtin::MathMin {
                    crate::solver::BinOp::Min
                } else {
                    crate::solver::BinOp::Max
                };
                match kinds[0] {
                    Kind::Int | Kind::Long => {
                        if f == Builtin::MathMin {
                            a.min(b)
                        } else {
                            a.max(b)
                        }
                    }
                    Kind::Float => {
                        let d = crate::solver::java::double_op(
                            op,
                            f64::from(sem::f32_of(a)),
                            f64::from(sem::f32_of(b)),
                        );
                        sem::bits_f32(d as f32)
                    }
                    _ => sem::bits_f64(crate::solver::java::double_op(
                        op,
                        sem::f64_of(a),
                        sem::f64_of(b),
                    )),
                }
            }
            Builtin::MathSqrt => sem::bits_f64(sem::f64_of(a).sqrt()),
            Builtin::MathPow => sem::bits_f64(java_pow(sem::f64_of(a), sem::f64_of(b))),
            Builtin::StringLength => self.string(a)?.len() as i64,
            Builtin::StringIsEmpty => i64::from(self.string(a)?.is_empty()),
            Builtin::StringCharAt => {
                let s = self.string(a)?;
                i64::from(
                    *s.get(b as usize)
                        .filter(|_| b >= 0)
                        .ok_or(Thrown::from(SIOOBE))?,
                )
            }
            Builtin::StringEquals => {
                let s = self.string(a)?;
                if b == 0 {
                    0
                } else {
                    i64::from(**s == **self.string(b)?)
                }
            }
            Builtin::StringCompareTo => {
                let s = self.string(a)?;
                let t = self.string(b)?;
                let n = s.len().min(t.len());
                match (0..n).find(|&i| s[i] != t[i]) {
                    Some(i) => i64::from(s[i]) - i64::from(t[i]),
                    None => s.len() as i64 - t.len() as i64,
                }
            }
            Builtin::StringIndexOfChar => {
                let s = self.string(a)?;
                if (0..=0xffff).contains(&b) {
                    s.iter()
                        .position(|&u| i64::from(u) == b)
                        .map_or(-1, |i| i as i64)
                } else {
                    // Supplementary code points: look for the surrogate pair.
                    match char::from_u32(b as u32) {
                        Some(ch) => {
                            let mut buf = [0u16; 2];
                            let pair = ch.encode_utf16(&mut buf);
                            s.windows(pair.len())
                                .position(|w| w == pair)
                                .map_or(-1, |i| i as i64)
                        }
                        None => -1,
                    }
                }
            }
            Builtin::StringIndexOfString => {
                let s = self.string(a)?;
                let t = self.string(b)?;
                if t.is_empty() {
                    0
                } else {
                    s.windows(t.len())
                        .position(|w| w == &t[..])
                        .map_or(-1, |i| i as i64)
                }
            }
            Builtin::StringSubstring1 | Builtin::StringSubstring2 => {
                let s = self.string(a)?.clone();
                let end = if f == Builtin::StringSubstring1 {
                    s.len() as i64
                } else {
                    c
                };
                if b < 0 || end > s.len() as i64 || b > end {
                    return Err(SIOOBE.into());
                }
                self.new_string(s[b as usize..end as usize].to_vec())?
            }
            Builtin::StringValueOf => {
                let s = self.to_text(kinds[0], a)?;
                if kinds[0] == Kind::Ref && a != 0 {
                    // String.valueOf(s) returns s itself.
                    a
                } else {
                    self.new_string(s)?
                }
            }
            Builtin::StringOfChars => {
                let data = self.array(a)?.clone();
                self.new_string(data.iter().map(|&c| c as u16).collect())?
            }
            Builtin::StringToCharArray => {
                let s = self.string(a)?;
                let data: Vec<i64> = s.iter().map(|&u| i64::from(u)).collect();
                self.heap.push(Object::Array { data });
                self.heap.len() as i64
            }
        })
    }
}

/// `Math.pow` with the special cases Java defines where libm may differ.
fn java_pow(a: f64, b: f64) -> f64 {
    if b.is_nan() {
        return f64::NAN;
    }
    if b == 0.0 {
        return 1.0;
    }
    if a.is_nan() {
        return f64::NAN;
    }
    // Java: pow(±1, ±inf) is NaN (C says 1).
    if b.is_infinite() && a.abs() == 1.0 {
        return f64::NAN;
    }
    // HotSpot computes pow(x, 2.0) as x * x (libm may be an ulp away).
    if b == 2.0 {
        return a * a;
    }
    a.powf(b)
}

/// Probe sites: (class, method, node) to the index of the site's coverage bit.
pub type ProbeSites = HashMap<(u32, u32, NodeId), u32>;

/// Where jumps of a `break` or `continue` go, filled in as the target is compiled.
#[derive(Default)]
struct JumpLists {
    breaks: Vec<usize>,
    continues: Vec<usize>,
}

struct FunctionCompiler<'p> {
    program: &'p mut Compiled,
    code: Vec<Instr>,
    template: Vec<i64>,
    /// Registers of locals are their ids; temporaries follow.
    next_temp: u32,
    max_temp: u32,
    kind_lists: Vec<Vec<Kind>>,
    switches: Vec<SwitchTable>,
    jumps: HashMap<NodeId, JumpLists>,
    constants: HashMap<i64, Reg>,
    probes: Option<(&'p ProbeSites, u32, u32)>,
    local_types: Vec<Type>,
}

impl<'p> FunctionCompiler<'p> {
    fn compile(
        program: &'p mut Compiled,
        method: &Method,
        body: &Body,
        probes: Option<(&'p ProbeSites, u32, u32)>,
    ) -> Function {
        let types: Vec<Type> = body.locals.iter().map(|l| l.ty.clone()).collect();
        let mut c = FunctionCompiler::empty(program, types, probes);
        c.stmts(&body.stmts);
        c.code.push(Instr::ReturnVoid);
        c.finish(method.signature(), method.params.len() as u32)
    }

    /// The synthetic initializer: static fields' initializers, then (when its first argument
    /// is true) the instance fields', then (when its second is true too) the no-argument
    /// constructor. A test of another constructor stops before that one: `new C(args)` runs
    /// the field initializers and then only the constructor called.
    fn initializer(program: &'p mut Compiled, class: u32, info: &Class) -> Function {
        // Two locals: whether to set up the instance, whether to run its constructor.
        let mut c = FunctionCompiler::empty(program, vec![Type::Boolean, Type::Boolean], None);
        c.field_initializers(class, info, true);
        let end_jump = c.code.len();
        c.code.push(Instr::JumpIfNot { cond: 0, to: 0 });
        c.field_initializers(class, info, false);
        let construct_jump = c.code.len();
        c.code.push(Instr::JumpIfNot { cond: 1, to: 0 });
        if let Some(ctor) = info.no_arg_constructor()
            && let Some(f) = c.program.index[class as usize][ctor as usize]
        {
            {
                let dst = c.temp();
                c.code.push(Instr::Call {
                    function: f,
                    args: dst,
                    dst,
                });
            }
        }
        let end = c.code.len() as u32;
        c.code[end_jump] = Instr::JumpIfNot { cond: 0, to: end };
        c.code[construct_jump] = Instr::JumpIfNot { cond: 1, to: end };
        c.code.push(Instr::ReturnVoid);
        c.finish(format!("<init {}>", info.name), 2)
    }

    /// Stores the initial values of the static (or the instance) fields of a class, in order.
    fn field_initializers(&mut self, class: u32, info: &Class, statics: bool) {
        for (fi, f) in info.fields.iter().enumerate() {
            if let (true, Some(init)) = (f.is_static == statics, &f.init) {
                let src = self.expr(init);
                let field = self.program.field_index[class as usize][fi];
                self.code.push(Instr::PutField { field, src });
                // Temporaries are free again once stored (the initializer's two flags stay).
                self.next_temp = 2;
            }
        }
    }

    /// A compiler for a function whose locals have these types (their registers come first,
    /// holding Java's default values).
    fn empty(
        program: &'p mut Compiled,
        local_types: Vec<Type>,
        probes: Option<(&'p ProbeSites, u32, u32)>,
    ) -> FunctionCompiler<'p> {
        let locals = local_types.len() as u32;
        FunctionCompiler {
            program,
            code: Vec::new(),
            template: local_types
                .iter()
                .map(|t| match t {
                    Type::Float => sem::bits_f32(0.0),
                    Type::Double => sem::bits_f64(0.0),
                    _ => 0,
                })
                .collect(),
            next_temp: locals,
            max_temp: locals,
            kind_lists: Vec::new(),
            switches: Vec::new(),
            jumps: HashMap::new(),
            constants: HashMap::new(),
            probes,
            local_types,
        }
    }

    fn finish(mut self, name: String, params: u32) -> Function {
        // Constants get the slots after the last temporary.
        let first = self.max_temp;
        self.template.resize(first as usize, 0);
        let mut by_reg: Vec<(Reg, i64)> = self.constants.iter().map(|(&w, &r)| (r, w)).collect();
        by_reg.sort();
        for (_, w) in &by_reg {
            self.template.push(*w);
        }
        for instr in &mut self.code {
            for_each_reg(instr, &mut |r: &mut Reg| {
                if *r >= CONSTANT_BASE {
                    *r = first + (*r - CONSTANT_BASE);
                }
            });
        }
        Function {
            name,
            code: self.code,
            template: self.template,
            params,
            kind_lists: self.kind_lists,
            switches: self.switches,
        }
    }

    fn temp(&mut self) -> Reg {
        let t = self.next_temp;
        self.next_temp += 1;
        self.max_temp = self.max_temp.max(self.next_temp);
        t
    }

    /// `n` consecutive temporaries.
    fn temps(&mut self, n: u32) -> Reg {
        let t = self.next_temp;
        self.next_temp += n;
        self.max_temp = self.max_temp.max(self.next_temp);
        t
    }

    /// A register holding a constant word (kept in the frame template).
    fn constant(&mut self, word: i64) -> Reg {
        if let Some(&r) = self.constants.get(&word) {
            return r;
        }
        // Constants live in their own registers past every temporary: give them fresh slots at
        // the end of the template when the frame is finished. Until then, allocate from a
        // separate high range so that temporaries never reuse them.
        let r = CONSTANT_BASE + self.constants.len() as u32;
        self.constants.insert(word, r);
        r
    }

    fn probe(&mut self, id: NodeId) {
        if let Some((map, class, method)) = self.probes
            && let Some(&site) = map.get(&(class, method, id))
        {
            self.code.push(Instr::Probe { site });
        }
    }

    fn here(&self) -> u32 {
        self.code.len() as u32
    }

    fn patch(&mut self, at: usize, to: u32) {
        match &mut self.code[at] {
            Instr::Jump { to: t }
            | Instr::JumpIf { to: t, .. }
            | Instr::JumpIfNot { to: t, .. }
            | Instr::JumpUnless { to: t, .. } => *t = to,
            other => panic!("patching {other:?}"),
        }
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        let mark = self.next_temp;
        self.probe(s.id);
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Expr(e) => {
                self.effect(e);
            }
            StmtKind::Locals(decls) => {
                for (id, init) in decls {
                    if let Some(init) = init {
                        self.expr_into(init, id.0);
                    }
                    self.next_temp = mark;
                }
            }
            StmtKind::Block(stmts) => self.stmts(stmts),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let to_else = self.branch(cond, false);
                self.next_temp = mark;
                self.stmt(then);
                match otherwise {
                    Some(o) => {
                        let skip = self.code.len();
                        self.code.push(Instr::Jump { to: 0 });
                        let else_start = self.here();
                        for j in to_else {
                            self.patch(j, else_start);
                        }
                        self.stmt(o);
                        let end = self.here();
                        self.patch(skip, end);
                    }
                    None => {
                        let end = self.here();
                        for j in to_else {
                            self.patch(j, end);
                        }
                    }
                }
            }
            StmtKind::While { cond, body } => {
                let top = self.here();
                let exits = self.branch(cond, false);
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                self.code.push(Instr::Jump { to: top });
                let end = self.here();
                for j in exits {
                    self.patch(j, end);
                }
                self.close_target(s.id, end, top);
            }
            StmtKind::Do { body, cond } => {
                let top = self.here();
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let cond_at = self.here();
                let back = self.branch(cond, true);
                for j in back {
                    self.patch(j, top);
                }
                let end = self.here();
                self.close_target(s.id, end, cond_at);
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                self.stmts(init);
                let top = self.here();
                let exits = match cond {
                    Some(c) => self.branch(c, false),
                    None => Vec::new(),
                };
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let update_at = self.here();
                for u in update {
                    self.effect(u);
                    self.next_temp = mark;
                }
                self.code.push(Instr::Jump { to: top });
                let end = self.here();
                for j in exits {
                    self.patch(j, end);
                }
                self.close_target(s.id, end, update_at);
            }
            StmtKind::ForEach {
                var,
                array,
                array_local,
                index_local,
                body,
            } => {
                self.expr_into(array, array_local.0);
                let zero = self.constant(0);
                self.code.push(Instr::Move {
                    dst: index_local.0,
                    src: zero,
                });
                let top = self.here();
                let length = self.temp();
                self.code.push(Instr::Length {
                    dst: length,
                    array: array_local.0,
                });
                let exit = self.code.len();
                self.code.push(Instr::JumpUnless {
                    op: BinaryOp::Lt,
                    kind: Kind::Int,
                    a: index_local.0,
                    b: length,
                    to: 0,
                });
                let elem_ty = array.ty.element().cloned().unwrap_or(Type::Int);
                let var_ty = self.local_types[var.0 as usize].clone();
                if var_ty == elem_ty {
                    self.code.push(Instr::Load {
                        dst: var.0,
                        array: array_local.0,
                        index: index_local.0,
                    });
                } else {
                    let t = self.temp();
                    self.code.push(Instr::Load {
                        dst: t,
                        array: array_local.0,
                        index: index_local.0,
                    });
                    self.code.push(Instr::Convert {
                        from: Kind::of(&elem_ty),
                        to: Kind::of(&var_ty),
                        dst: var.0,
                        src: t,
                    });
                }
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let next = self.here();
                let one = self.constant(1);
                self.code.push(Instr::Arith {
                    op: BinaryOp::Add,
                    kind: Kind::Int,
                    dst: index_local.0,
                    a: index_local.0,
                    b: one,
                });
                self.code.push(Instr::Jump { to: top });
                let end = self.here();
                self.patch(exit, end);
                self.close_target(s.id, end, next);
            }
            StmtKind::Labeled { body, .. } => {
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let end = self.here();
                self.close_target(s.id, end, end);
            }
            StmtKind::Break { target } => {
                let at = self.code.len();
                self.code.push(Instr::Jump { to: 0 });
                self.jumps.entry(*target).or_default().breaks.push(at);
            }
            StmtKind::Continue { target } => {
                let at = self.code.len();
                self.code.push(Instr::Jump { to: 0 });
                self.jumps.entry(*target).or_default().continues.push(at);
            }
            StmtKind::Return(value) => match value {
                Some(v) => {
                    let r = self.expr(v);
                    self.code.push(Instr::Return { src: r });
                }
                None => self.code.push(Instr::ReturnVoid),
            },
            StmtKind::Throw { exception, args } => {
                for a in args {
                    self.expr(a);
                }
                let index = match self.program.exceptions.iter().position(|e| e == exception) {
                    Some(i) => i,
                    None => {
                        self.program.exceptions.push(exception.clone());
                        self.program.exceptions.len() - 1
                    }
                };
                self.code.push(Instr::Throw {
                    exception: index as u32,
                });
            }
            StmtKind::Switch { scrutinee, groups } => {
                let v = self.expr(scrutinee);
                let table = self.switches.len() as u32;
                let is_string = scrutinee.ty == Type::String;
                self.switches.push(SwitchTable {
                    ints: Vec::new(),
                    strings: Vec::new(),
                    is_string,
                    default: 0,
                });
                self.code.push(Instr::Switch { value: v, table });
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                let mut default = None;
                for g in groups {
                    let start = self.here();
                    for label in &g.labels {
                        match label {
                            None => default = Some(start),
                            Some(Const::Str(s)) => self.switches[table as usize]
                                .strings
                                .push((s.clone(), start)),
                            Some(c) => self.switches[table as usize]
                                .ints
                                .push((c.bits().unwrap_or(0), start)),
                        }
                    }
                    self.stmts(&g.stmts);
                }
                let end = self.here();
                let t = &mut self.switches[table as usize];
                t.ints.sort_by_key(|(c, _)| *c);
                t.default = default.unwrap_or(end);
                self.close_target(s.id, end, end);
            }
        }
        self.next_temp = mark;
    }

    fn close_target(&mut self, id: NodeId, break_to: u32, continue_to: u32) {
        if let Some(lists) = self.jumps.remove(&id) {
            for j in lists.breaks {
                self.patch(j, break_to);
            }
            for j in lists.continues {
                self.patch(j, continue_to);
            }
        }
    }

    /// Compiles a condition; returns the jumps taken when it evaluates to `when` (to patch).
    fn branch(&mut self, e: &Expr, when: bool) -> Vec<usize> {
        self.probe(e.id);
        match &e.kind {
            ExprKind::Literal(Const::Int(Type::Boolean, v)) => {
                if (*v != 0) == when {
                    let at = self.code.len();
                    self.code.push(Instr::Jump { to: 0 });
                    vec![at]
                } else {
                    Vec::new()
                }
            }
            ExprKind::Unary(UnaryOp::Not, inner) => self.branch(inner, !when),
            ExprKind::Binary {
                op: op @ (BinaryOp::CondAnd | BinaryOp::CondOr),
                left,
                right,
                ..
            } => {
                // && jumps out on false of either; || jumps out on true of either.
                let short = *op == BinaryOp::CondOr;
                if short == when {
                    let mut out = self.branch(left, when);
                    out.extend(self.branch(right, when));
                    out
                } else {
                    let skip = self.branch(left, !when);
                    let out = self.branch(right, when);
                    let here = self.here();
                    for j in skip {
                        self.patch(j, here);
                    }
                    out
                }
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } if op.is_comparison() => {
                let a = self.operand(left, right);
                let b = self.expr(right);
                let kind = Kind::of(op_type);
                let cmp = if when {
                    negate_comparison(*op, kind)
                } else {
                    Some(*op)
                };
                let at = self.code.len();
                match cmp {
                    Some(op) => self.code.push(Instr::JumpUnless {
                        op,
                        kind,
                        a,
                        b,
                        to: 0,
                    }),
                    None => {
                        let t = self.temp();
                        self.code.push(Instr::Compare {
                            op: *op,
                            kind,
                            dst: t,
                            a,
                            b,
                        });
                        self.code.push(Instr::JumpIf { cond: t, to: 0 });
                        return vec![at + 1];
                    }
                }
                vec![at]
            }
            _ => {
                let r = self.expr_unprobed(e);
                let at = self.code.len();
                self.code.push(if when {
                    Instr::JumpIf { cond: r, to: 0 }
                } else {
                    Instr::JumpIfNot { cond: r, to: 0 }
                });
                vec![at]
            }
        }
    }

    /// `src` converted from `from` to `to` (itself when the kinds are the same).
    fn converted(&mut self, from: Kind, to: Kind, src: Reg) -> Reg {
        if from == to {
            return src;
        }
        let dst = self.temp();
        self.code.push(Instr::Convert { from, to, dst, src });
        dst
    }

    /// Evaluates an expression for its effect only.
    fn effect(&mut self, e: &Expr) {
        let mark = self.next_temp;
        self.expr(e);
        self.next_temp = mark;
    }

    /// The left operand of a binary operation: copied to a temporary when the right operand
    /// could change the local it reads.
    fn operand(&mut self, left: &Expr, right: &Expr) -> Reg {
        let r = self.expr(left);
        if r < self.local_count() && has_assignment(right) {
            let t = self.temp();
            self.code.push(Instr::Move { dst: t, src: r });
            t
        } else {
            r
        }
    }

    fn local_count(&self) -> u32 {
        self.template.len() as u32
    }

    /// Evaluates `e` into register `dst`.
    fn expr_into(&mut self, e: &Expr, dst: Reg) {
        let r = self.expr(e);
        if r != dst {
            self.code.push(Instr::Move { dst, src: r });
        }
    }

    fn expr(&mut self, e: &Expr) -> Reg {
        self.probe(e.id);
        self.expr_unprobed(e)
    }

    fn expr_unprobed(&mut self, e: &Expr) -> Reg {
        match &e.kind {
            ExprKind::Literal(c) => match c {
                Const::Str(s) => {
                    let index = self.program.intern(s);
                    let t = self.temp();
                    self.code.push(Instr::Str { dst: t, index });
                    t
                }
                c => {
                    let w = c.bits().expect("primitive");
                    self.constant(w)
                }
            },
            ExprKind::Null => self.constant(0),
            ExprKind::Local(id) => id.0,
            ExprKind::Field(f) => {
                let t = self.temp();
                let slot = self.program.field_index[f.class as usize][f.field as usize];
                self.code.push(Instr::GetField {
                    dst: t,
                    field: slot,
                });
                t
            }
            ExprKind::Length(a) => {
                let a = self.expr(a);
                let t = self.temp();
                self.code.push(Instr::Length { dst: t, array: a });
                t
            }
            ExprKind::Index(a, i) => {
                let a = self.operand(a, i);
                let i = self.expr(i);
                let t = self.temp();
                self.code.push(Instr::Load {
                    dst: t,
                    array: a,
                    index: i,
                });
                t
            }
            ExprKind::Unary(op, inner) => {
                let v = self.expr(inner);
                let t = self.temp();
                let kind = Kind::of(&e.ty);
                self.code.push(match op {
                    UnaryOp::Neg => Instr::Neg {
                        kind,
                        dst: t,
                        src: v,
                    },
                    UnaryOp::Plus => Instr::Move { dst: t, src: v },
                    UnaryOp::BitNot => Instr::BitNot { dst: t, src: v },
                    UnaryOp::Not => Instr::Not { dst: t, src: v },
                });
                t
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } => {
                if matches!(op, BinaryOp::CondAnd | BinaryOp::CondOr) {
                    let t = self.temp();
                    let falses = self.branch(e, false);
                    let one = self.constant(1);
                    self.code.push(Instr::Move { dst: t, src: one });
                    let skip = self.code.len();
                    self.code.push(Instr::Jump { to: 0 });
                    let f_at = self.here();
                    for j in falses {
                        self.patch(j, f_at);
                    }
                    let zero = self.constant(0);
                    self.code.push(Instr::Move { dst: t, src: zero });
                    let end = self.here();
                    self.patch(skip, end);
                    return t;
                }
                let a = self.operand(left, right);
                let b = self.expr(right);
                let t = self.temp();
                let kind = Kind::of(op_type);
                if op.is_comparison() {
                    self.code.push(Instr::Compare {
                        op: *op,
                        kind,
                        dst: t,
                        a,
                        b,
                    });
                } else {
                    self.code.push(Instr::Arith {
                        op: *op,
                        kind,
                        dst: t,
                        a,
                        b,
                    });
                }
                t
            }
            ExprKind::Concat(l, r) => {
                let a = self.operand(l, r);
                let b = self.expr(r);
                let t = self.temp();
                self.code.push(Instr::Concat {
                    dst: t,
                    a,
                    a_kind: Kind::of(&l.ty),
                    b,
                    b_kind: Kind::of(&r.ty),
                });
                t
            }
            ExprKind::Convert(inner) | ExprKind::Cast(inner) => {
                let v = self.expr(inner);
                self.converted(Kind::of(&inner.ty), Kind::of(&e.ty), v)
            }
            ExprKind::Conditional(c, a, b) => {
                let t = self.temp();
                let to_else = self.branch(c, false);
                self.expr_into(a, t);
                let skip = self.code.len();
                self.code.push(Instr::Jump { to: 0 });
                let else_at = self.here();
                for j in to_else {
                    self.patch(j, else_at);
                }
                self.expr_into(b, t);
                let end = self.here();
                self.patch(skip, end);
                t
            }
            ExprKind::Assign {
                target,
                op,
                op_type,
                value,
            } => self.assign(target, *op, op_type, value),
            ExprKind::IncDec {
                target,
                increment,
                prefix,
            } => {
                let kind = Kind::of(&target.ty);
                let op_kind = Kind::of(&target.ty.promoted());
                let (place, old) = self.read_place(target);
                let old_copy = if *prefix {
                    old
                } else {
                    let t = self.temp();
                    self.code.push(Instr::Move { dst: t, src: old });
                    t
                };
                let one = match op_kind {
                    Kind::Float => self.constant(sem::bits_f32(1.0)),
                    Kind::Double => self.constant(sem::bits_f64(1.0)),
                    _ => self.constant(1),
                };
                let widened = self.converted(kind, op_kind, old);
                let sum = self.temp();
                self.code.push(Instr::Arith {
                    op: if *increment {
                        BinaryOp::Add
                    } else {
                        BinaryOp::Sub
                    },
                    kind: op_kind,
                    dst: sum,
                    a: widened,
                    b: one,
                });
                let new = self.converted(op_kind, kind, sum);
                self.write_place(&place, new);
                if *prefix { new } else { old_copy }
            }
            ExprKind::Call { method, args } => {
                let function = self.program.index[method.class as usize][method.method as usize]
                    .expect("calls to unsupported methods are refused by the front end");
                let base = self.temps(args.len().max(1) as u32);
                for (k, a) in args.iter().enumerate() {
                    self.expr_into(a, base + k as u32);
                }
                let t = self.temp();
                self.code.push(Instr::Call {
                    function,
                    args: base,
                    dst: t,
                });
                t
            }
            ExprKind::Builtin(f, args) => {
                let base = self.temps(args.len().max(1) as u32);
                let mut kinds = Vec::new();
                for (k, a) in args.iter().enumerate() {
                    self.expr_into(a, base + k as u32);
                    kinds.push(Kind::of(&a.ty));
                }
                let list = self.kind_lists.len() as u32;
                self.kind_lists.push(kinds);
                let t = self.temp();
                self.code.push(Instr::Builtin {
                    f: *f,
                    dst: t,
                    args: base,
                    kinds: list,
                });
                t
            }
            ExprKind::NewArray { lengths, .. } => {
                let base = self.temps(lengths.len() as u32);
                for (k, l) in lengths.iter().enumerate() {
                    self.expr_into(l, base + k as u32);
                }
                let mut elem = &e.ty;
                let mut depth = 0;
                while let Type::Array(inner) = elem {
                    elem = inner;
                    depth += 1;
                }
                // Elements of an array whose dimensions are not all given are arrays (null).
                let given = lengths.len() as u32;
                let elem_kind = if given < depth {
                    Kind::Ref
                } else {
                    Kind::of(elem)
                };
                let t = self.temp();
                self.code.push(Instr::NewArray {
                    elem: elem_kind,
                    dst: t,
                    lengths: base,
                    count: given,
                    depth: given,
                });
                t
            }
            ExprKind::ArrayLiteral(items) => {
                let base = self.temps(items.len().max(1) as u32);
                for (k, item) in items.iter().enumerate() {
                    self.expr_into(item, base + k as u32);
                }
                let t = self.temp();
                self.code.push(Instr::ArrayLiteral {
                    dst: t,
                    items: base,
                    count: items.len() as u32,
                });
                t
            }
            ExprKind::Print(kind, args) => {
                let base = self.temps(args.len().max(1) as u32);
                let mut kinds = Vec::new();
                for (k, a) in args.iter().enumerate() {
                    self.expr_into(a, base + k as u32);
                    kinds.push(Kind::of(&a.ty));
                }
                if *kind != PrintKind::Printf
                    && args.len() == 1
                    && args[0].ty == Type::array_of(Type::Char)
                {
                    kinds.push(Kind::Char);
                }
                let list = self.kind_lists.len() as u32;
                self.kind_lists.push(kinds);
                self.code.push(Instr::Print {
                    kind: *kind,
                    args: base,
                    count: args.len() as u32,
                    kinds: list,
                });
                base
            }
        }
    }

    /// Evaluates the parts of a variable (array and index) and reads its value.
    fn read_place(&mut self, target: &Expr) -> (Place, Reg) {
        let place = self.place(target);
        let v = match &place {
            Place::Local(r) => *r,
            Place::Field(slot) => {
                let t = self.temp();
                self.code.push(Instr::GetField {
                    dst: t,
                    field: *slot,
                });
                t
            }
            Place::Element(a, i) => {
                let t = self.temp();
                self.code.push(Instr::Load {
                    dst: t,
                    array: *a,
                    index: *i,
                });
                t
            }
        };
        (place, v)
    }

    fn place(&mut self, target: &Expr) -> Place {
        match &target.kind {
            ExprKind::Local(id) => Place::Local(id.0),
            ExprKind::Field(f) => {
                Place::Field(self.program.field_index[f.class as usize][f.field as usize])
            }
            ExprKind::Index(a, i) => {
                // Copy both: the value may be computed by code that changes the locals.
                let ar = self.expr(a);
                let at = self.temp();
                self.code.push(Instr::Move { dst: at, src: ar });
                let ir = self.expr(i);
                let it = self.temp();
                self.code.push(Instr::Move { dst: it, src: ir });
                Place::Element(at, it)
            }
            _ => panic!("not a variable: {:?}", target.kind),
        }
    }

    fn write_place(&mut self, place: &Place, v: Reg) {
        match place {
            Place::Local(r) => {
                if *r != v {
                    self.code.push(Instr::Move { dst: *r, src: v });
                }
            }
            Place::Field(slot) => self.code.push(Instr::PutField {
                field: *slot,
                src: v,
            }),
            Place::Element(a, i) => self.code.push(Instr::Store {
                array: *a,
                index: *i,
                src: v,
            }),
        }
    }

    fn assign(&mut self, target: &Expr, op: Option<BinaryOp>, op_type: &Type, value: &Expr) -> Reg {
        match op {
            None => {
                let place = self.place(target);
                // The value is evaluated after the array and index, and null and bounds are
                // checked when it is stored (JLS §15.26.1).
                let v = self.expr(value);
                // A local's new value must not alias a temporary that changes later.
                if let Place::Local(r) = place {
                    if r != v {
                        self.code.push(Instr::Move { dst: r, src: v });
                    }
                    r
                } else {
                    self.write_place(&place, v);
                    v
                }
            }
            Some(op) => {
                let (place, old) = self.read_place(target);
                let old_copy = if matches!(place, Place::Local(_)) {
                    let t = self.temp();
                    self.code.push(Instr::Move { dst: t, src: old });
                    t
                } else {
                    old
                };
                let v = self.expr(value);
                let t = self.temp();
                if *op_type == Type::String {
                    self.code.push(Instr::Concat {
                        dst: t,
                        a: old_copy,
                        a_kind: Kind::Ref,
                        b: v,
                        b_kind: Kind::of(&value.ty),
                    });
                    self.write_place(&place, t);
                    return t;
                }
                let tk = Kind::of(&target.ty);
                let ok = Kind::of(op_type);
                let a = self.converted(tk, ok, old_copy);
                self.code.push(Instr::Arith {
                    op,
                    kind: ok,
                    dst: t,
                    a,
                    b: v,
                });
                let result = self.converted(ok, tk, t);
                self.write_place(&place, result);
                result
            }
        }
    }
}

/// Constant registers are numbered from here until the frame is finished.
const CONSTANT_BASE: Reg = 1 << 30;

/// Calls `f` on every register operand of an instruction (ranges by their first register).
fn for_each_reg(instr: &mut Instr, f: &mut dyn FnMut(&mut Reg)) {
    match instr {
        Instr::Str { dst, .. } | Instr::GetField { dst, .. } => f(dst),
        Instr::Move { dst, src }
        | Instr::Neg { dst, src, .. }
        | Instr::BitNot { dst, src }
        | Instr::Not { dst, src }
        | Instr::Convert { dst, src, .. } => {
            f(dst);
            f(src);
        }
        Instr::Arith { dst, a, b, .. }
        | Instr::Compare { dst, a, b, .. }
        | Instr::Concat { dst, a, b, .. } => {
            f(dst);
            f(a);
            f(b);
        }
        Instr::Jump { .. } | Instr::ReturnVoid | Instr::Throw { .. } | Instr::Probe { .. } => {}
        Instr::JumpIf { cond, .. } | Instr::JumpIfNot { cond, .. } => f(cond),
        Instr::JumpUnless { a, b, .. } => {
            f(a);
            f(b);
        }
        Instr::NewArray { dst, lengths, .. } => {
            f(dst);
            f(lengths);
        }
        Instr::ArrayLiteral { dst, items, .. } => {
            f(dst);
            f(items);
        }
        Instr::Load { dst, array, index } => {
            f(dst);
            f(array);
            f(index);
        }
        Instr::Store { array, index, src } => {
            f(array);
            f(index);
            f(src);
        }
        Instr::Length { dst, array } => {
            f(dst);
            f(array);
        }
        Instr::PutField { src, .. } | Instr::Return { src } => f(src),
        Instr::Call { args, dst, .. } | Instr::Builtin { args, dst, .. } => {
            f(args);
            f(dst);
        }
        Instr::Print { args, .. } => f(args),
        Instr::Switch { value, .. } => f(value),
    }
}

enum Place {
    Local(Reg),
    Field(u32),
    Element(Reg, Reg),
}

/// The comparison that is true exactly when `op` is false (none for floating point, where
/// NaN makes both false).
fn negate_comparison(op: BinaryOp, kind: Kind) -> Option<BinaryOp> {
    if matches!(kind, Kind::Float | Kind::Double) {
        return match op {
            BinaryOp::Eq => Some(BinaryOp::Ne),
            BinaryOp::Ne => Some(BinaryOp::Eq),
            _ => None,
        };
    }
    Some(match op {
        BinaryOp::Lt => BinaryOp::Ge,
        BinaryOp::Le => BinaryOp::Gt,
        BinaryOp::Gt => BinaryOp::Le,
        BinaryOp::Ge => BinaryOp::Lt,
        BinaryOp::Eq => BinaryOp::Ne,
        BinaryOp::Ne => BinaryOp::Eq,
        _ => return None,
    })
}

/// Whether evaluating `e` may assign a variable.
fn has_assignment(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Assign { .. } | ExprKind::IncDec { .. })
        || e.children().into_iter().any(has_assignment)
}

impl Compiled {
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
