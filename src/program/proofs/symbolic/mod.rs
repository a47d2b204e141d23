//! Symbolic execution of a region of a method into solver terms: the building block of
//! equivalent-mutant proofs ([Zhang 2021] §2.3: the region's constraints E0/E1/E2) and of
//! test justification.
//!
//! A region (a condition, or a run of statements of one block) is executed from symbolic
//! values at its entry: every local it reads is an input variable, every array a reference
//! with a symbolic length, null flag and elements. Both branches of a decision are executed
//! and merged with `?:` terms, so a region of any shape gives one final state, not a path per
//! branch: locals, the way control leaves (an *exit code*: falls through, returns, breaks to
//! a statement, throws an exception class), the returned value, and the heap as a log of
//! guarded writes. Loops are unwound a bounded number of times; a state that would still be
//! looping sets the `incomplete` flag, and a proof only counts when that flag cannot be set.
//!
//! The original and a mutant are executed in one [`Problem`], which hash-conses its nodes:
//! all they have in common is the same solver term, inputs included (a read of `a[i]` before
//! any write is one variable for both), so the solver sees only the mutated difference.
//! Anything the solver does not model (string operations, `float`, allocation, an object's
//! fields) makes the region [`Unsupported`] rather than guessed: a proof must never rest on a
//! guess. An object is an opaque reference: a method called on it (the library's or the
//! unit's) is a function of the receiver, the arguments and the heap, like any call.
//!
//! This file holds the executor's state and public face: the values, the state of one
//! version and how two arms of a decision merge, the executor with its checkpoints. The
//! executor's work is spread over the folder, one `impl Executor` per file:
//!
//! | file | what it does |
//! |---|---|
//! | `inputs.rs` | the region's inputs, solving with lazily tied reads, witnesses for a test |
//! | `terms.rs` | small term helpers folding constants, exit codes |
//! | `heap.rs` | references, arrays and fields: loads, stores, allocation, access checks |
//! | `expressions.rs` | expressions and assignments |
//! | `library.rs` | the library's observers (`size()`, `get(i)`), which change nothing |
//! | `statements.rs` | statements, and loops unwound a bounded number of times |
//! | `paths.rs` | one path at a time, for the software D-algorithm |
//! | `compare.rs` | telling two final states apart |

mod compare;
mod expressions;
mod heap;
mod inputs;
mod library;
mod paths;
mod statements;
mod terms;

pub use heap::{HeapOp, Piece, Reference};
pub use inputs::{Input, TIE_ROUNDS, Witness};

use hashbrown::HashMap;

use crate::program::reader::ir::{LocalId, MethodRef, NodeId, Type, Unit};
use crate::solver::{ExprId, JType, Problem, Value, VarId};

/// Why a region cannot be executed symbolically.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Unsupported(pub String);

type Result<T> = std::result::Result<T, Unsupported>;

fn unsupported<T>(what: impl Into<String>) -> Result<T> {
    Err(Unsupported(what.into()))
}

impl From<crate::solver::TypeError> for Unsupported {
    fn from(e: crate::solver::TypeError) -> Unsupported {
        Unsupported(format!("solver type error: {e}"))
    }
}

/// What a call runs: a method of the unit (the library's model included), or a builtin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Callee {
    Method(MethodRef),
    Builtin(crate::program::reader::ir::Builtin),
    /// A box's value (boxes never change).
    Unbox,
    /// Boxing a value into an object of this class (`Integer.valueOf`: a new object, or
    /// one of the cache's).
    Box(u32),
    /// The check of a cast to a class: it throws or not, as the object's class says.
    Cast(u32),
    /// String concatenation (`a + b` with a string): the text of both operands, which for
    /// an object is its `toString()`.
    Concat,
}

/// Exit codes: how control leaves the region.
pub(crate) const NORMAL: i64 = 0;
pub(crate) const RETURN: i64 = 1;
/// A call that never returns: nothing after it happens, nothing of the region is observed.
pub(crate) const HANG: i64 = 2;
const JUMP_BASE: i64 = 10;
/// Exception classes are numbered from here.
pub(crate) const EXCEPTION_BASE: i64 = 1_000_000;

/// A symbolic value: a solver term for a primitive, a reference by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sym {
    Prim(ExprId),
    Ref(u32),
}

/// The state of one version during the execution.
#[derive(Clone, Debug)]
pub(crate) struct State {
    locals: HashMap<u32, Sym>,
    /// The exit code (an `int` term) and the codes it may take.
    pub exit: ExprId,
    codes: Vec<i64>,
    /// The returned value, when the method returns one.
    pub ret: Option<Sym>,
    pub heap: Vec<HeapOp>,
    /// True when the state may still be looping after the unwinding bound.
    pub incomplete: ExprId,
    /// The value of an expression region.
    pub value: Option<Sym>,
    /// Locals the region assigned.
    assigned: Vec<u32>,
}

impl State {
    /// Every local with a value, and the value.
    pub(crate) fn local_values(&self) -> impl Iterator<Item = (u32, Sym)> + '_ {
        self.locals.iter().map(|(&id, &v)| (id, v))
    }

    /// The locals the region assigned (in either arm of its decisions).
    pub(crate) fn assigned(&self) -> impl Iterator<Item = LocalId> + '_ {
        self.assigned.iter().map(|&l| LocalId(l))
    }
}

/// Pruning of loop iterations while building a region (see [`Executor::prune`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prune {
    /// Solver decisions per question "may the loop enter this iteration?".
    pub decisions: u64,
    /// Terms a path may reach before the build stops as too large.
    pub max_terms: usize,
    /// Propagations left for all the build's questions: once spent, iterations are built
    /// unasked (a question the solver could not answer is usually followed by harder ones).
    pub budget: u64,
}

/// Builds the terms of regions of one method, original and mutants alike, in one problem.
pub(crate) struct Executor<'u> {
    unit: &'u Unit,
    pub problem: Problem,
    /// Types of the method's locals.
    local_types: Vec<Type>,
    return_type: Type,
    inputs: HashMap<Input, VarId>,
    input_log: Vec<Input>,
    references: Vec<Reference>,
    reference_ids: HashMap<Reference, u32>,
    histories: HashMap<Vec<HeapOp>, u32>,
    history_log: Vec<Vec<HeapOp>>,
    calls: HashMap<(Callee, Vec<Sym>, u32), u32>,
    call_log: Vec<(Callee, Vec<Sym>, u32)>,
    jumps: HashMap<NodeId, i64>,
    exceptions: HashMap<String, i64>,
    /// Iterations of each loop before the state counts as incomplete.
    pub unroll: usize,
    /// When set, a loop iteration that the problem's constraints (required so far) rule out
    /// is not built: the solver, given this many decisions, is asked whether the loop can
    /// enter it. Unsat leaves the iteration out (exact under those constraints, which every
    /// later question keeps); any other answer builds it.
    pub prune: Option<Prune>,
    /// Set when a pruned build stopped because its terms grew past [`Prune::max_terms`].
    pub too_large: bool,
    /// Set when the region starts where a constructor does: `this` is new, its instance
    /// fields hold their initial values, not inputs.
    pub constructing: bool,
    /// Arrays allocated since the entry of the region being executed.
    allocations: u32,
    /// The classes that a class outside the library is or extends (see
    /// `library.rs`), found on the first observer call.
    extended_outside_library: std::cell::OnceCell<hashbrown::HashSet<u32>>,
    zero: ExprId,
    true_: ExprId,
    false_: ExprId,
}

/// A point to go back to (see [`Executor::checkpoint`]).
pub(crate) struct Checkpoint {
    inputs: usize,
    references: usize,
    histories: usize,
    calls: usize,
}

fn jtype(ty: &Type) -> Result<JType> {
    match ty.jtype() {
        Some(t) => Ok(t),
        None => unsupported(format!("values of type {ty}")),
    }
}

impl<'u> Executor<'u> {
    pub(crate) fn new(unit: &'u Unit, local_types: Vec<Type>, return_type: Type) -> Executor<'u> {
        let mut problem = Problem::new();
        let zero = problem.int(0);
        let true_ = problem.boolean(true);
        let false_ = problem.boolean(false);
        let mut e = Executor {
            unit,
            problem,
            local_types,
            return_type,
            inputs: HashMap::new(),
            input_log: Vec::new(),
            references: Vec::new(),
            reference_ids: HashMap::new(),
            histories: HashMap::new(),
            history_log: Vec::new(),
            calls: HashMap::new(),
            call_log: Vec::new(),
            jumps: HashMap::new(),
            exceptions: HashMap::new(),
            unroll: 6,
            prune: None,
            too_large: false,
            constructing: false,
            allocations: 0,
            extended_outside_library: std::cell::OnceCell::new(),
            zero,
            true_,
            false_,
        };
        e.reference(Reference::Null);
        e
    }

    /// Marks what exists now: [`rollback`](Executor::rollback) removes everything made after,
    /// solver scope included, so a region's original is built once for all its mutants.
    pub(crate) fn checkpoint(&mut self) -> Checkpoint {
        self.problem.push();
        Checkpoint {
            inputs: self.input_log.len(),
            references: self.references.len(),
            histories: self.history_log.len(),
            calls: self.call_log.len(),
        }
    }

    pub(crate) fn rollback(&mut self, c: Checkpoint) {
        self.problem.pop();
        for k in self.input_log.drain(c.inputs..) {
            self.inputs.remove(&k);
        }
        for r in self.references.drain(c.references..) {
            self.reference_ids.remove(&r);
        }
        for h in self.history_log.drain(c.histories..) {
            self.histories.remove(&h);
        }
        for k in self.call_log.drain(c.calls..) {
            self.calls.remove(&k);
        }
    }

    /// The state at the region's entry.
    pub(crate) fn entry(&mut self) -> Result<State> {
        self.allocations = 0;
        let ret = match &self.return_type.clone() {
            Type::Void => None,
            t if t.is_primitive() => Some(Sym::Prim(self.default_value(t)?)),
            _ => Some(Sym::Ref(0)),
        };
        Ok(State {
            locals: HashMap::new(),
            exit: self.zero,
            codes: vec![NORMAL],
            ret,
            heap: Vec::new(),
            incomplete: self.false_,
            value: None,
            assigned: Vec::new(),
        })
    }

    fn default_value(&mut self, ty: &Type) -> Result<ExprId> {
        Ok(match jtype(ty)? {
            JType::Boolean => self.false_,
            JType::Double => self.problem.double(0.0),
            t => self.problem.constant(Value::Int(t, 0)),
        })
    }

    /// The value of a local (its entry input when the region has not assigned it).
    pub(crate) fn local(&mut self, st: &mut State, id: LocalId) -> Result<Sym> {
        if let Some(&v) = st.locals.get(&id.0) {
            return Ok(v);
        }
        let ty = self.local_types[id.0 as usize].clone();
        let v = self.input_value(Input::Local(id.0), &ty)?;
        st.locals.insert(id.0, v);
        Ok(v)
    }

    /// Sets local `id` of `st` to `v` unconditionally (a state put back by hand: a counter an
    /// update would restore).
    pub(crate) fn put_local(&mut self, st: &mut State, id: LocalId, v: Sym) {
        st.locals.insert(id.0, v);
        if !st.assigned.contains(&id.0) {
            st.assigned.push(id.0);
        }
    }

    fn set_local(
        &mut self,
        st: &mut State,
        id: LocalId,
        v: Sym,
        extra: Option<ExprId>,
    ) -> Result<()> {
        let g = self.guard(st, extra);
        let v = if self.is_const(g, 1) {
            v
        } else {
            let old = self.local(st, id)?;
            self.cond_sym(g, v, old)?
        };
        st.locals.insert(id.0, v);
        if !st.assigned.contains(&id.0) {
            st.assigned.push(id.0);
        }
        Ok(())
    }

    /// Merges the states after the two arms of a decision on `c` (`before` is how long the
    /// heap log was at the fork: later writes are guarded by their arm).
    fn merge(&mut self, c: ExprId, mut a: State, mut b: State, before: usize) -> Result<State> {
        if self.is_const(c, 1) {
            return Ok(a);
        }
        if self.is_const(c, 0) {
            return Ok(b);
        }
        let keys: Vec<u32> = a.locals.keys().chain(b.locals.keys()).copied().collect();
        let mut locals = HashMap::new();
        for k in keys {
            if locals.contains_key(&k) {
                continue;
            }
            let x = self.local(&mut a, LocalId(k))?;
            let y = self.local(&mut b, LocalId(k))?;
            locals.insert(k, self.cond_sym(c, x, y)?);
        }
        let exit = self.cond(c, a.exit, b.exit)?;
        let mut codes = a.codes.clone();
        for k in &b.codes {
            if !codes.contains(k) {
                codes.push(*k);
            }
        }
        codes.sort_unstable();
        let ret = match (a.ret, b.ret) {
            (Some(x), Some(y)) => Some(self.cond_sym(c, x, y)?),
            _ => None,
        };
        let not_c = self.not(c);
        let mut heap = a.heap[..before].to_vec();
        for (ops, arm) in [(&a.heap[before..], c), (&b.heap[before..], not_c)] {
            for op in ops {
                let mut op = op.clone();
                match &mut op {
                    HeapOp::Store { guard, .. }
                    | HeapOp::Put { guard, .. }
                    | HeapOp::Call { guard, .. }
                    | HeapOp::Print { guard, .. } => *guard = self.and(arm, *guard),
                }
                heap.push(op);
            }
        }
        let incomplete = self.cond(c, a.incomplete, b.incomplete)?;
        let mut assigned = a.assigned.clone();
        for l in &b.assigned {
            if !assigned.contains(l) {
                assigned.push(*l);
            }
        }
        Ok(State {
            locals,
            exit,
            codes,
            ret,
            heap,
            incomplete,
            value: None,
            assigned,
        })
    }
}
