//! Symbolic execution of a region of a method into solver terms: the building block of
//! equivalent-mutant proofs (thesis `004_*` §2.3: the region's constraints E0/E1/E2) and of
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
//! Anything the solver does not model (strings, `float`, allocation, printing) makes the
//! region [`Unsupported`] rather than guessed: a proof must never rest on a guess.

use hashbrown::HashMap;

use crate::program::reader::ir::{
    BinaryOp, Builtin, Const, Expr, ExprKind, FieldRef, LocalId, MethodRef, NodeId, Stmt, StmtKind,
    Type, UnaryOp, Unit,
};
use crate::solver::{BinOp, ExprId, JType, Node, Problem, UnOp, Value, VarId};

/// Why a region cannot be executed symbolically.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unsupported(pub String);

type Result<T> = std::result::Result<T, Unsupported>;

fn unsupported<T>(what: impl Into<String>) -> Result<T> {
    Err(Unsupported(what.into()))
}

impl From<crate::solver::TypeError> for Unsupported {
    fn from(e: crate::solver::TypeError) -> Unsupported {
        Unsupported(format!("solver type error: {e}"))
    }
}

/// Exit codes: how control leaves the region.
pub const NORMAL: i64 = 0;
pub const RETURN: i64 = 1;
/// A call that never returns: nothing after it happens, nothing of the region is observed.
pub const HANG: i64 = 2;
const JUMP_BASE: i64 = 10;
/// Exception classes are numbered from here.
pub const EXCEPTION_BASE: i64 = 1_000_000;

/// A symbolic value: a solver term for a primitive, a reference by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sym {
    Prim(ExprId),
    Ref(u32),
}

/// An input of the region: a value it reads that it did not compute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A local at the region's entry.
    Local(u32),
    /// A field of `this` (or static) read when the heap had this history.
    Field(FieldRef, u32),
    /// `array[index]` read when the heap had this history.
    Element(u32, ExprId, u32),
    /// Whether a reference is null.
    Null(u32),
    /// An array's length.
    Length(u32),
    /// A call's result, whether it throws, the exception it throws, whether it never returns.
    CallResult(u32),
    CallThrows(u32),
    CallException(u32),
    CallHangs(u32),
}

/// A reference: `null`, one read from an input (a local, a field, an element, a call), or an
/// array the region allocated.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reference {
    Null,
    Input(Input, Type),
    /// The `serial`-th array allocated since the region's entry, of this length and array
    /// type. Its cells start at their default and only the region's own stores change them:
    /// it never aliases an input, and it never leaves the region except as a returned value
    /// or through a local (anything else is unsupported), so no call can reach it. Original
    /// and mutant number their allocations alike; when both hold the same one, its contents
    /// are compared cell by cell (every cell either version stored), which compares the two
    /// arrays whichever statements made them.
    Fresh {
        serial: u32,
        length: ExprId,
        ty: Type,
    },
    /// `cond ? then : otherwise`: a reference a branch chose. Reads, lengths and null checks
    /// go through both arms; a store through it is a guarded store to each arm.
    Choice {
        cond: ExprId,
        then: u32,
        otherwise: u32,
    },
}

/// One write to the heap (or an effect that may write it), under the guard that it happens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapOp {
    Store {
        array: u32,
        index: ExprId,
        value: Sym,
        guard: ExprId,
    },
    Put {
        field: FieldRef,
        value: Sym,
        guard: ExprId,
    },
    Call {
        call: u32,
        guard: ExprId,
    },
    /// Text written to `System.out`: one list of pieces per argument.
    Print {
        kind: crate::program::reader::ir::PrintKind,
        pieces: Vec<Vec<Piece>>,
        guard: ExprId,
    },
}

/// A piece of printed text: fixed text, or a value printed as Java prints its type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Text(String),
    Value(ExprId, Type),
}

/// The state of one version during the execution.
#[derive(Clone, Debug)]
pub struct State {
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
    pub fn local_values(&self) -> impl Iterator<Item = (u32, Sym)> + '_ {
        self.locals.iter().map(|(&id, &v)| (id, v))
    }

    /// The locals the region assigned (in either arm of its decisions).
    pub fn assigned(&self) -> impl Iterator<Item = LocalId> + '_ {
        self.assigned.iter().map(|&l| LocalId(l))
    }
}

/// Rounds of [`Executor::solve_tied`] a question gets: each ties the reads one model got
/// wrong; a few rounds settle the small loops of a region.
pub const TIE_ROUNDS: u32 = 6;

/// The share of a question's limits its tied rounds get, together (one tenth).
const TIE_SHARE: u64 = 10;

/// Pruning of loop iterations while building a region (see [`Executor::prune`]).
#[derive(Debug, Clone, Copy)]
pub struct Prune {
    /// Solver decisions per question "may the loop enter this iteration?".
    pub decisions: u64,
    /// Terms a path may reach before the build stops as too large.
    pub max_terms: usize,
    /// Propagations left for all the build's questions: once spent, iterations are built
    /// unasked (a question the solver could not answer is usually followed by harder ones).
    pub budget: u64,
}

/// Builds the terms of regions of one method, original and mutants alike, in one problem.
pub struct Executor<'u> {
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
    calls: HashMap<(MethodRef, Vec<Sym>, u32), u32>,
    call_log: Vec<(MethodRef, Vec<Sym>, u32)>,
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
    zero: ExprId,
    true_: ExprId,
    false_: ExprId,
}

/// Arguments and receiver fields for a test, read from a solver model.
#[derive(Clone, Debug)]
pub struct Witness {
    pub args: Vec<crate::program::execution::interp::Value>,
    pub fields: Vec<(String, crate::program::execution::interp::Value)>,
}

/// A point to go back to (see [`Executor::checkpoint`]).
pub struct Checkpoint {
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
    pub fn new(unit: &'u Unit, local_types: Vec<Type>, return_type: Type) -> Executor<'u> {
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
            zero,
            true_,
            false_,
        };
        e.reference(Reference::Null);
        e
    }

    /// Marks what exists now: [`rollback`](Executor::rollback) removes everything made after,
    /// solver scope included, so a region's original is built once for all its mutants.
    pub fn checkpoint(&mut self) -> Checkpoint {
        self.problem.push();
        Checkpoint {
            inputs: self.input_log.len(),
            references: self.references.len(),
            histories: self.history_log.len(),
            calls: self.call_log.len(),
        }
    }

    pub fn rollback(&mut self, c: Checkpoint) {
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

    /// The variable of an input, made on first use.
    pub fn input(&mut self, key: Input, ty: JType) -> VarId {
        if let Some(&v) = self.inputs.get(&key) {
            return v;
        }
        let name = format!("{key:?}");
        let v = self.problem.var(&name, ty);
        self.inputs.insert(key.clone(), v);
        self.input_log.push(key.clone());
        if let Input::Length(_) = key {
            // Lengths are never negative, nor beyond what a JVM allocates.
            let read = self.problem.read(v);
            let nonnegative = self
                .problem
                .binary(BinOp::Ge, read, self.zero)
                .expect("ints");
            self.problem.require(nonnegative).expect("boolean");
            let most = self
                .problem
                .int(crate::program::reader::semantics::MAX_ARRAY_LENGTH as i32);
            let at_most = self.problem.binary(BinOp::Le, read, most).expect("ints");
            self.problem.require(at_most).expect("boolean");
        }
        v
    }

    /// Solves the problem as it stands, then, while the model reads one cell of an input
    /// array (or string) twice under one heap history with two different values, ties each
    /// such pair (`i == j` implies equal values) and solves again, at most `rounds` times.
    /// Reads are variables keyed by their index *term*, so nothing else makes `a[i]` and
    /// `a[j]` agree when `i == j`; tying every pair up front slows every question down
    /// (most never need it), so ties are added only for pairs a model got wrong, as lazily
    /// as a lemma. The ties hold in every heap, so an `Unsat` stays a proof; the ties are
    /// required at the problem's current level and leave with it.
    pub fn solve_tied(
        &mut self,
        options: crate::solver::SolveOptions,
        rounds: u32,
    ) -> (crate::solver::Verdict, crate::solver::SolveStats) {
        let (mut verdict, mut total) = crate::solver::solve(&self.problem, options.clone());
        // The tied rounds share a tenth of the question's limits: most models that read a
        // cell twice wrongly come from questions whose answer is `Sat` anyway, and a long
        // search there would only buy back the same answer.
        let mut options = options;
        options.node_limit = (options.node_limit / TIE_SHARE).max(1);
        options.backtrack_limit = (options.backtrack_limit / TIE_SHARE).max(1);
        options.propagation_limit = (options.propagation_limit / TIE_SHARE).max(1);
        for _ in 0..rounds {
            let crate::solver::Verdict::Sat(model) = &verdict else {
                break;
            };
            if self.tie_reads(model) == 0 {
                break;
            }
            let (tied, stats) = crate::solver::solve(&self.problem, options.clone());
            options.node_limit = options.node_limit.saturating_sub(stats.decisions).max(1);
            options.backtrack_limit = options
                .backtrack_limit
                .saturating_sub(stats.backtracks)
                .max(1);
            options.propagation_limit = options
                .propagation_limit
                .saturating_sub(stats.propagations)
                .max(1);
            total += stats;
            match tied {
                // Out of budget: the untied answer stands (a `Sat` is never a claim).
                crate::solver::Verdict::Unknown(_) => break,
                tied => verdict = tied,
            }
        }
        (verdict, total)
    }

    /// Ties the pairs of element reads `model` gives one cell and two values (see
    /// [`Executor::solve_tied`]); how many.
    fn tie_reads(&mut self, model: &crate::solver::Model) -> usize {
        let mut reads: Vec<(u32, u32, i64, Value, ExprId, VarId)> = Vec::new();
        for (key, &v) in &self.inputs {
            let Input::Element(array, index, history) = key else {
                continue;
            };
            let Ok(Value::Int(_, i)) = self.problem.eval(*index, model) else {
                continue;
            };
            reads.push((*array, *history, i, model.get(v), *index, v));
        }
        // A fixed order: the same model always gets the same ties.
        reads.sort_by_key(|r| (r.0, r.1, r.2, r.4.0, r.5.0));
        let mut pairs = Vec::new();
        for group in reads.chunk_by(|x, y| (x.0, x.1, x.2) == (y.0, y.1, y.2)) {
            let first = &group[0];
            for other in &group[1..] {
                if other.3 != first.3 {
                    pairs.push((first.4, first.5, other.4, other.5));
                }
            }
        }
        let mut tied = 0;
        for (i, x, j, y) in pairs {
            let (x, y) = (self.problem.read(x), self.problem.read(y));
            let (Ok(same_index), Ok(same_value)) = (
                self.problem.binary(BinOp::Eq, i, j),
                self.problem.binary(BinOp::Eq, x, y),
            ) else {
                continue;
            };
            let apart = self.not(same_index);
            let tie = self.or(apart, same_value);
            if self.problem.require(tie).is_ok() {
                tied += 1;
            }
        }
        tied
    }

    /// The input's variable if some version read it.
    pub fn existing_input(&self, key: &Input) -> Option<VarId> {
        self.inputs.get(key).copied()
    }

    pub fn inputs(&self) -> impl Iterator<Item = (&Input, VarId)> {
        self.inputs.iter().map(|(k, v)| (k, *v))
    }

    pub fn reference_of(&self, r: u32) -> &Reference {
        &self.references[r as usize]
    }

    fn reference(&mut self, r: Reference) -> u32 {
        if let Some(&id) = self.reference_ids.get(&r) {
            return id;
        }
        let id = self.references.len() as u32;
        self.references.push(r.clone());
        self.reference_ids.insert(r, id);
        id
    }

    fn history(&mut self, ops: &[HeapOp]) -> u32 {
        if let Some(&id) = self.histories.get(ops) {
            return id;
        }
        let id = self.history_log.len() as u32 + 1;
        self.histories.insert(ops.to_vec(), id);
        self.history_log.push(ops.to_vec());
        id
    }

    /// The reference number of the array a local holds at the region's entry.
    pub fn local_reference(&mut self, local: u32) -> u32 {
        let ty = self.local_types[local as usize].clone();
        self.reference(Reference::Input(Input::Local(local), ty))
    }

    fn input_value(&mut self, key: Input, ty: &Type) -> Result<Sym> {
        if ty.is_reference() {
            // A string is modelled as an array of its chars that nothing writes.
            if !matches!(ty, Type::Array(_) | Type::String) {
                return unsupported(format!("values of type {ty}"));
            }
            return Ok(Sym::Ref(self.reference(Reference::Input(key, ty.clone()))));
        }
        let v = self.input(key, jtype(ty)?);
        Ok(Sym::Prim(self.problem.read(v)))
    }

    /// The state at the region's entry.
    pub fn entry(&mut self) -> Result<State> {
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

    // ---- small term helpers, folding the constant cases ----

    fn is_const(&self, e: ExprId, v: i64) -> bool {
        matches!(self.problem.node(e), Node::Const(Value::Int(_, x)) if x == v)
    }

    pub fn and(&mut self, a: ExprId, b: ExprId) -> ExprId {
        if self.is_const(a, 1) || a == b {
            return b;
        }
        if self.is_const(b, 1) {
            return a;
        }
        if self.is_const(a, 0) || self.is_const(b, 0) {
            return self.false_;
        }
        self.problem
            .binary(BinOp::LogicalAnd, a, b)
            .expect("booleans")
    }

    pub fn or(&mut self, a: ExprId, b: ExprId) -> ExprId {
        if self.is_const(a, 0) || a == b {
            return b;
        }
        if self.is_const(b, 0) {
            return a;
        }
        if self.is_const(a, 1) || self.is_const(b, 1) {
            return self.true_;
        }
        self.problem
            .binary(BinOp::LogicalOr, a, b)
            .expect("booleans")
    }

    pub fn not(&mut self, a: ExprId) -> ExprId {
        if self.is_const(a, 1) {
            return self.false_;
        }
        if self.is_const(a, 0) {
            return self.true_;
        }
        if let Node::Unary(UnOp::Not, x) = self.problem.node(a) {
            return x;
        }
        self.problem.unary(UnOp::Not, a).expect("boolean")
    }

    fn cond(&mut self, c: ExprId, a: ExprId, b: ExprId) -> Result<ExprId> {
        if a == b || self.is_const(c, 1) {
            return Ok(a);
        }
        if self.is_const(c, 0) {
            return Ok(b);
        }
        Ok(self.problem.cond(c, a, b)?)
    }

    fn cond_sym(&mut self, c: ExprId, a: Sym, b: Sym) -> Result<Sym> {
        match (a, b) {
            (Sym::Prim(x), Sym::Prim(y)) => Ok(Sym::Prim(self.cond(c, x, y)?)),
            (x, y) if x == y => Ok(x),
            _ if self.is_const(c, 1) => Ok(a),
            _ if self.is_const(c, 0) => Ok(b),
            (Sym::Ref(then), Sym::Ref(otherwise)) => {
                Ok(Sym::Ref(self.reference(Reference::Choice {
                    cond: c,
                    then,
                    otherwise,
                })))
            }
            _ => unsupported("a value that is a reference on one branch only"),
        }
    }

    /// The arms of a chosen reference, `None` for any other.
    fn choice(&self, r: u32) -> Option<(ExprId, u32, u32)> {
        match self.references[r as usize] {
            Reference::Choice {
                cond,
                then,
                otherwise,
            } => Some((cond, then, otherwise)),
            _ => None,
        }
    }

    fn eq_const(&mut self, e: ExprId, v: i64) -> ExprId {
        let c = self.problem.int(v as i32);
        self.problem.binary(BinOp::Eq, e, c).expect("ints")
    }

    fn int(&mut self, v: i64) -> ExprId {
        self.problem.int(v as i32)
    }

    /// Whether the state still runs: `exit == 0` (`None` when it certainly does).
    fn live(&mut self, st: &State) -> Option<ExprId> {
        if st.codes == [NORMAL] {
            None
        } else {
            Some(self.eq_const(st.exit, NORMAL))
        }
    }

    /// The condition under which an effect happens: the state runs and `extra` holds.
    fn guard(&mut self, st: &State, extra: Option<ExprId>) -> ExprId {
        let live = self.live(st);
        match (live, extra) {
            (None, None) => self.true_,
            (Some(a), None) | (None, Some(a)) => a,
            (Some(a), Some(b)) => self.and(a, b),
        }
    }

    /// Leaves with `code` when `when` holds (and the state runs).
    fn leave(&mut self, st: &mut State, code: i64, when: ExprId, extra: Option<ExprId>) {
        if self.is_const(when, 0) {
            return;
        }
        let g = self.guard(st, extra);
        let g = self.and(g, when);
        let c = self.int(code);
        st.exit = self.cond(g, c, st.exit).expect("ints");
        if !st.codes.contains(&code) {
            st.codes.push(code);
            st.codes.sort_unstable();
        }
    }

    /// Maps exit code `from` to `to` (a loop's `continue`, a statement's `break`).
    fn remap(&mut self, st: &mut State, from: i64, to: i64) {
        if !st.codes.contains(&from) {
            return;
        }
        let is = self.eq_const(st.exit, from);
        let t = self.int(to);
        st.exit = self.cond(is, t, st.exit).expect("ints");
        st.codes.retain(|&c| c != from);
        if !st.codes.contains(&to) {
            st.codes.push(to);
            st.codes.sort_unstable();
        }
    }

    fn jump(&mut self, target: NodeId, is_continue: bool) -> i64 {
        let next = self.jumps.len() as i64;
        let ordinal = *self.jumps.entry(target).or_insert(next);
        JUMP_BASE + 2 * ordinal + i64::from(is_continue)
    }

    /// The exit code of an exception class.
    pub fn exception(&mut self, class: &str) -> i64 {
        let next = self.exceptions.len() as i64;
        EXCEPTION_BASE + 1 + *self.exceptions.entry(class.to_string()).or_insert(next)
    }

    /// The value of a local (its entry input when the region has not assigned it).
    pub fn local(&mut self, st: &mut State, id: LocalId) -> Result<Sym> {
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
    pub fn put_local(&mut self, st: &mut State, id: LocalId, v: Sym) {
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

    // ---- the heap ----

    fn may_alias(&self, a: u32, b: u32) -> bool {
        for (x, y) in [(a, b), (b, a)] {
            if let Some((_, p, q)) = self.choice(x) {
                return self.may_alias(p, y) || self.may_alias(q, y);
            }
        }
        match (&self.references[a as usize], &self.references[b as usize]) {
            (Reference::Null, _) | (_, Reference::Null) => false,
            (Reference::Input(_, x), Reference::Input(_, y)) => x == y,
            (Reference::Fresh { .. }, _) | (_, Reference::Fresh { .. }) => a == b,
            (Reference::Choice { .. }, _) | (_, Reference::Choice { .. }) => true,
        }
    }

    fn element_type(&self, r: u32) -> Result<Type> {
        match &self.references[r as usize] {
            Reference::Input(_, Type::Array(e))
            | Reference::Fresh {
                ty: Type::Array(e), ..
            } => Ok((**e).clone()),
            Reference::Input(_, Type::String) => Ok(Type::Char),
            Reference::Choice {
                then, otherwise, ..
            } => match self.element_type(*then) {
                Ok(t) => Ok(t),
                Err(_) => self.element_type(*otherwise),
            },
            _ => unsupported("an element of something that is not an array"),
        }
    }

    /// `array[index]` after the writes of `heap`.
    pub fn load(&mut self, heap: &[HeapOp], array: u32, index: ExprId) -> Result<Sym> {
        if let Some((c, then, otherwise)) = self.choice(array) {
            // A null arm is never read (the access checks come first): its value is the other's.
            let x = (then != 0)
                .then(|| self.load(heap, then, index))
                .transpose()?;
            let y = (otherwise != 0)
                .then(|| self.load(heap, otherwise, index))
                .transpose()?;
            return match (x, y) {
                (Some(x), Some(y)) => self.cond_sym(c, x, y),
                (Some(v), None) | (None, Some(v)) => Ok(v),
                (None, None) => unsupported("an element of null"),
            };
        }
        let ty = self.element_type(array)?;
        let fresh = self.is_fresh(array);
        for k in (0..heap.len()).rev() {
            match &heap[k] {
                HeapOp::Store {
                    array: a,
                    index: i,
                    value,
                    guard,
                } if *a == array => {
                    let (i, value, guard) = (*i, *value, *guard);
                    let same = if i == index {
                        self.true_
                    } else {
                        self.problem.binary(BinOp::Eq, i, index)?
                    };
                    let hit = self.and(guard, same);
                    if self.is_const(hit, 1) {
                        return Ok(value);
                    }
                    let rest = self.load(&heap[..k], array, index)?;
                    return self.cond_sym(hit, value, rest);
                }
                HeapOp::Store { array: a, .. } if !self.may_alias(*a, array) => {}
                HeapOp::Put { .. } | HeapOp::Print { .. } => {}
                // No call can reach an array the region allocated.
                HeapOp::Call { .. } if fresh => {}
                _ => {
                    let h = self.history(&heap[..=k]);
                    return self.input_value(Input::Element(array, index, h), &ty);
                }
            }
        }
        if fresh {
            return Ok(Sym::Prim(self.default_value(&ty)?));
        }
        self.input_value(Input::Element(array, index, 0), &ty)
    }

    fn is_fresh(&self, r: u32) -> bool {
        matches!(self.references[r as usize], Reference::Fresh { .. })
    }

    /// A new array of `length` (already checked not negative) and array type `ty`.
    fn allocate(&mut self, length: ExprId, ty: &Type) -> Result<u32> {
        match ty {
            Type::Array(element) if element.is_primitive() => {}
            _ => return unsupported("allocating an array of references"),
        }
        let serial = self.allocations;
        self.allocations += 1;
        Ok(self.reference(Reference::Fresh {
            serial,
            length,
            ty: ty.clone(),
        }))
    }

    /// Fails when a value would take an array the region allocated out of its reach.
    fn keep_fresh_inside(&self, v: Sym) -> Result<()> {
        match v {
            Sym::Ref(r) if self.is_fresh(r) => {
                unsupported("an allocated array stored in the heap or passed to a call")
            }
            Sym::Ref(r) => match self.choice(r) {
                Some((_, a, b)) => {
                    self.keep_fresh_inside(Sym::Ref(a))?;
                    self.keep_fresh_inside(Sym::Ref(b))
                }
                None => Ok(()),
            },
            Sym::Prim(_) => Ok(()),
        }
    }

    /// The references `r` may be (the arms of choices, recursively).
    fn arms(&self, r: u32, out: &mut Vec<u32>) {
        match self.choice(r) {
            Some((_, a, b)) => {
                self.arms(a, out);
                self.arms(b, out);
            }
            None => out.push(r),
        }
    }

    /// Whether `a` and `b` are the same object, as a term.
    fn same_object(&mut self, a: u32, b: u32) -> Result<ExprId> {
        if a == b {
            return Ok(self.true_);
        }
        for (x, y, flip) in [(a, b, false), (b, a, true)] {
            if let Some((c, p, q)) = self.choice(x) {
                let (sp, sq) = if flip {
                    (self.same_object(y, p)?, self.same_object(y, q)?)
                } else {
                    (self.same_object(p, y)?, self.same_object(q, y)?)
                };
                return self.cond(c, sp, sq);
            }
        }
        if self.is_fresh(a) || self.is_fresh(b) {
            // A new array is no other object, and not null.
            return Ok(self.false_);
        }
        if a == 0 || b == 0 {
            return Ok(self.is_null(a.max(b)));
        }
        unsupported("comparing two references")
    }

    /// A field after the writes of `heap`.
    pub fn get_field(&mut self, heap: &[HeapOp], field: FieldRef) -> Result<Sym> {
        let ty = self.unit.classes[field.class as usize].fields[field.field as usize]
            .ty
            .clone();
        for k in (0..heap.len()).rev() {
            match &heap[k] {
                HeapOp::Put {
                    field: f,
                    value,
                    guard,
                } if *f == field => {
                    let (value, guard) = (*value, *guard);
                    if self.is_const(guard, 1) {
                        return Ok(value);
                    }
                    let rest = self.get_field(&heap[..k], field)?;
                    return self.cond_sym(guard, value, rest);
                }
                HeapOp::Call { .. } => {
                    let h = self.history(&heap[..=k]);
                    return self.input_value(Input::Field(field, h), &ty);
                }
                _ => {}
            }
        }
        if self.constructing
            && let Some(initial) = self.initial_value(field)?
        {
            return Ok(initial);
        }
        self.input_value(Input::Field(field, 0), &ty)
    }

    /// An instance field's value when a constructor starts: its type's default, or its
    /// initializer's when that is a constant expression (`None` otherwise: left an input,
    /// which claims no more than the field's type).
    fn initial_value(&mut self, field: FieldRef) -> Result<Option<Sym>> {
        let f = &self.unit.classes[field.class as usize].fields[field.field as usize];
        if f.is_static || !f.ty.is_primitive() {
            return Ok(None);
        }
        let ty = f.ty.clone();
        match &f.init {
            None => Ok(Some(Sym::Prim(self.default_value(&ty)?))),
            Some(init) => {
                let fits = |c: &Const| match c {
                    Const::Int(t, _) => *t == ty,
                    Const::Double(_) => ty == Type::Double,
                    _ => false,
                };
                match crate::program::reader::fold_in_class(self.unit, init) {
                    Some(c) if fits(&c) => self.constant(&c).map(Some),
                    _ => Ok(None),
                }
            }
        }
    }

    /// The method inputs a solver model of a region that starts at the method's entry stands
    /// for: the parameters (arrays built from their null flag, length and the elements read
    /// before any write) and the fields of `this` read before any write. Inputs no version
    /// read get zero, `null`-free defaults. `None` when the model asks for something a test
    /// cannot give (an array longer than `max_length`, a value of an unmodelled type).
    ///
    /// Only a candidate: aliasing, call results and loops cut by the unwinding bound are free
    /// in the model, so the caller runs the test to see whether it really tells the two apart.
    pub fn witness(
        &self,
        model: &crate::solver::Model,
        params: &[Type],
        max_length: i64,
    ) -> Option<Witness> {
        let mut args = Vec::with_capacity(params.len());
        for (i, ty) in params.iter().enumerate() {
            args.push(self.witness_value(model, &Input::Local(i as u32), ty, max_length)?);
        }
        let mut fields = Vec::new();
        let mut keys: Vec<&Input> = self.inputs.keys().collect();
        keys.sort_by_key(|k| format!("{k:?}"));
        for key in keys {
            if let Input::Field(f, 0) = key {
                let field = &self.unit.classes[f.class as usize].fields[f.field as usize];
                if field.is_static || self.constructing {
                    // A test cannot set a static field before the call, nor the fields of
                    // an object a constructor is about to build.
                    continue;
                }
                let v = self.witness_value(model, key, &field.ty, max_length)?;
                fields.push((field.name.clone(), v));
            }
        }
        Some(Witness { args, fields })
    }

    fn witness_value(
        &self,
        model: &crate::solver::Model,
        key: &Input,
        ty: &Type,
        max_length: i64,
    ) -> Option<crate::program::execution::interp::Value> {
        use crate::program::execution::interp::Value as V;
        use crate::program::reader::semantics::{Kind, bits_f64};
        if ty.is_primitive() {
            let kind = Kind::of(ty);
            return Some(match self.inputs.get(key).map(|&v| model.get(v)) {
                Some(Value::Int(_, x)) => V::Prim(kind, x),
                Some(Value::Double(d)) => match ty {
                    Type::Double => V::Prim(kind, bits_f64(d)),
                    _ => return None,
                },
                None => V::Prim(kind, 0),
            });
        }
        let element = match ty {
            Type::Array(element) => (**element).clone(),
            Type::String => Type::Char,
            _ => return None,
        };
        let Some(&r) = self
            .reference_ids
            .get(&Reference::Input(key.clone(), ty.clone()))
        else {
            // Never read: any array (or string) will do.
            return Some(match ty {
                Type::String => V::Str(std::sync::Arc::from(Vec::new())),
                _ => V::Array(element, Vec::new()),
            });
        };
        let null = self.inputs.get(&Input::Null(r)).map(|&v| model.get(v));
        if null == Some(Value::boolean(true)) {
            return Some(V::Null);
        }
        let length = match self.inputs.get(&Input::Length(r)).map(|&v| model.get(v)) {
            Some(Value::Int(_, n)) => n,
            _ => 0,
        };
        if !(0..=max_length).contains(&length) {
            return None;
        }
        let default = if element.is_primitive() {
            V::Prim(Kind::of(&element), 0)
        } else {
            V::Null
        };
        let mut items = vec![default; length as usize];
        // Element reads, primitive or reference, in a fixed order (a model may give two reads
        // of one cell different values; the test run sorts that out, but the same way each time).
        let mut reads: Vec<&Input> = self
            .inputs
            .keys()
            .chain(self.reference_ids.keys().filter_map(|r| match r {
                Reference::Input(k, _) => Some(k),
                Reference::Null | Reference::Fresh { .. } | Reference::Choice { .. } => None,
            }))
            .filter(|k| matches!(k, Input::Element(a, _, 0) if *a == r))
            .collect();
        reads.sort_by_key(|k| format!("{k:?}"));
        reads.dedup();
        for key in reads {
            let Input::Element(_, index, _) = key else {
                continue;
            };
            let Ok(Value::Int(_, i)) = self.problem.eval(*index, model) else {
                continue;
            };
            if (0..length).contains(&i) {
                items[i as usize] = self.witness_value(model, key, &element, max_length)?;
            }
        }
        if *ty == Type::String {
            let chars = items.iter().map(|v| match v {
                V::Prim(_, c) => *c as u16,
                _ => 0,
            });
            return Some(V::Str(chars.collect::<Vec<u16>>().into()));
        }
        Some(V::Array(element, items))
    }

    fn length(&mut self, r: u32) -> ExprId {
        if let Reference::Fresh { length, .. } = self.references[r as usize] {
            return length;
        }
        if r == 0 {
            // Never read: null is checked first.
            return self.zero;
        }
        if let Some((c, a, b)) = self.choice(r) {
            let (x, y) = (self.length(a), self.length(b));
            return self.cond(c, x, y).expect("ints");
        }
        let v = self.input(Input::Length(r), JType::Int);
        self.problem.read(v)
    }

    /// Whether reference `r` is a string (an input one: the region makes none).
    fn is_string(&self, r: u32) -> bool {
        match &self.references[r as usize] {
            Reference::Input(_, ty) => *ty == Type::String,
            Reference::Choice {
                then, otherwise, ..
            } => self.is_string(*then) || self.is_string(*otherwise),
            _ => false,
        }
    }

    /// Whether reference `r` is null, as a term.
    fn is_null(&mut self, r: u32) -> ExprId {
        if r == 0 {
            return self.true_;
        }
        if self.is_fresh(r) {
            return self.false_;
        }
        if let Some((c, a, b)) = self.choice(r) {
            let (x, y) = (self.is_null(a), self.is_null(b));
            return self.cond(c, x, y).expect("booleans");
        }
        let v = self.input(Input::Null(r), JType::Boolean);
        self.problem.read(v)
    }

    /// Null and bounds checks of `array[index]`; `None` when the access always throws.
    fn check_access(
        &mut self,
        st: &mut State,
        array: u32,
        index: Option<ExprId>,
        extra: Option<ExprId>,
    ) -> Result<()> {
        let null = self.is_null(array);
        let npe = self.exception("java.lang.NullPointerException");
        self.leave(st, npe, null, extra);
        if let Some(i) = index {
            let len = self.length(array);
            let below = self.problem.binary(BinOp::Lt, i, self.zero)?;
            let above = self.problem.binary(BinOp::Ge, i, len)?;
            let out = self.or(below, above);
            let not_null = self.not(null);
            let out = self.and(not_null, out);
            let code = self.exception(if self.is_string(array) {
                "java.lang.StringIndexOutOfBoundsException"
            } else {
                "java.lang.ArrayIndexOutOfBoundsException"
            });
            self.leave(st, code, out, extra);
        }
        Ok(())
    }

    // ---- expressions ----

    fn prim(&self, s: Sym) -> Result<ExprId> {
        match s {
            Sym::Prim(e) => Ok(e),
            Sym::Ref(_) => unsupported("a reference where a value was expected"),
        }
    }

    fn constant(&mut self, c: &Const) -> Result<Sym> {
        Ok(Sym::Prim(match c {
            Const::Int(t, v) => self.problem.constant(Value::Int(jtype(t)?, *v)),
            Const::Double(d) => self.problem.double(*d),
            Const::Float(_) => return unsupported("float values"),
            Const::Str(_) => return unsupported("strings"),
        }))
    }

    /// Evaluates `e` in `st`; `extra` is the condition under which Java evaluates it at all
    /// (the right operand of `&&`, an arm of `?:`).
    pub fn eval(&mut self, st: &mut State, e: &Expr, extra: Option<ExprId>) -> Result<Sym> {
        match &e.kind {
            ExprKind::Literal(c) => self.constant(c),
            ExprKind::Null => Ok(Sym::Ref(0)),
            ExprKind::Local(id) => self.local(st, *id),
            ExprKind::Field(f) => {
                let field = &self.unit.classes[f.class as usize].fields[f.field as usize];
                if let Some(c) = field.constant.clone() {
                    return self.constant(&c);
                }
                let heap = st.heap.clone();
                self.get_field(&heap, *f)
            }
            ExprKind::Length(a) => {
                let Sym::Ref(r) = self.eval(st, a, extra)? else {
                    return unsupported("the length of a non-array");
                };
                if !matches!(
                    self.references[r as usize],
                    Reference::Input(_, Type::Array(_))
                        | Reference::Fresh { .. }
                        | Reference::Choice { .. }
                ) {
                    return unsupported("the length of a string");
                }
                self.check_access(st, r, None, extra)?;
                Ok(Sym::Prim(self.length(r)))
            }
            ExprKind::Index(a, i) => {
                let Sym::Ref(r) = self.eval(st, a, extra)? else {
                    return unsupported("an index into a non-array");
                };
                let i = self.eval(st, i, extra)?;
                let i = self.prim(i)?;
                self.check_access(st, r, Some(i), extra)?;
                let heap = st.heap.clone();
                self.load(&heap, r, i)
            }
            ExprKind::Unary(op, x) => {
                let v = self.eval(st, x, extra)?;
                let v = self.prim(v)?;
                Ok(Sym::Prim(match op {
                    UnaryOp::Plus => v,
                    UnaryOp::Neg => self.problem.unary(UnOp::Neg, v)?,
                    UnaryOp::BitNot => self.problem.unary(UnOp::BitNot, v)?,
                    UnaryOp::Not => self.not(v),
                }))
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } => self.binary(st, *op, op_type, left, right, extra),
            ExprKind::Assign {
                target,
                op,
                op_type,
                value,
            } => self.assign(st, target, *op, op_type, value, extra),
            ExprKind::IncDec {
                target,
                increment,
                prefix,
            } => {
                let place = self.place(st, target, extra)?;
                let old = self.read_place(st, &place, extra)?;
                let old = self.prim(old)?;
                // `int` 1: the addition promotes it to the target's type (double included).
                let one = self.int(1);
                let op = if *increment { BinOp::Add } else { BinOp::Sub };
                let new = self.problem.binary(op, old, one)?;
                let new = self.problem.cast(jtype(&target.ty)?, new)?;
                self.write_place(st, &place, Sym::Prim(new), extra)?;
                Ok(Sym::Prim(if *prefix { new } else { old }))
            }
            ExprKind::Conditional(c, a, b) => {
                let c = self.eval(st, c, extra)?;
                let c = self.prim(c)?;
                let ga = self.and_opt(extra, c);
                let not_c = self.not(c);
                let gb = self.and_opt(extra, not_c);
                let a = self.eval(st, a, Some(ga))?;
                let b = self.eval(st, b, Some(gb))?;
                let (a, b) = match (a, b) {
                    (Sym::Prim(x), Sym::Prim(y)) => {
                        let ty = jtype(&e.ty)?;
                        (
                            Sym::Prim(self.problem.cast(ty, x)?),
                            Sym::Prim(self.problem.cast(ty, y)?),
                        )
                    }
                    other => other,
                };
                self.cond_sym(c, a, b)
            }
            ExprKind::Convert(x) | ExprKind::Cast(x) => {
                let v = self.eval(st, x, extra)?;
                match v {
                    Sym::Prim(v) => Ok(Sym::Prim(self.problem.cast(jtype(&e.ty)?, v)?)),
                    Sym::Ref(_) if e.ty.is_reference() && !matches!(e.ty, Type::String) => Ok(v),
                    Sym::Ref(_) => unsupported("a conversion of a reference"),
                }
            }
            ExprKind::Call { method, args } => self.call(st, *method, args, &e.ty, extra),
            ExprKind::Builtin(
                b @ (Builtin::StringLength | Builtin::StringIsEmpty | Builtin::StringCharAt),
                args,
            ) => {
                let Sym::Ref(r) = self.eval(st, &args[0], extra)? else {
                    return unsupported("a string method on a value");
                };
                match b {
                    Builtin::StringCharAt => {
                        let i = self.eval(st, &args[1], extra)?;
                        let i = self.prim(i)?;
                        self.check_access(st, r, Some(i), extra)?;
                        let heap = st.heap.clone();
                        self.load(&heap, r, i)
                    }
                    _ => {
                        self.check_access(st, r, None, extra)?;
                        let n = self.length(r);
                        Ok(Sym::Prim(if *b == Builtin::StringLength {
                            n
                        } else {
                            self.problem.binary(BinOp::Eq, n, self.zero)?
                        }))
                    }
                }
            }
            ExprKind::Builtin(b, args) => {
                let mut vals = Vec::new();
                for a in args {
                    let v = self.eval(st, a, extra)?;
                    vals.push(self.prim(v)?);
                }
                Ok(Sym::Prim(match (b, vals.as_slice()) {
                    (Builtin::MathAbs, [x]) => self.problem.unary(UnOp::Abs, *x)?,
                    (Builtin::MathMin, [x, y]) => self.problem.binary(BinOp::Min, *x, *y)?,
                    (Builtin::MathMax, [x, y]) => self.problem.binary(BinOp::Max, *x, *y)?,
                    _ => return unsupported(format!("the library method {b:?}")),
                }))
            }
            ExprKind::Concat(..) => unsupported("string concatenation"),
            ExprKind::NewArray { lengths, extra: 0 } if lengths.len() == 1 => {
                let n = self.eval(st, &lengths[0], extra)?;
                let n = self.prim(n)?;
                let n = self.problem.cast(JType::Int, n)?;
                let negative = self.problem.binary(BinOp::Lt, n, self.zero)?;
                let code = self.exception("java.lang.NegativeArraySizeException");
                self.leave(st, code, negative, extra);
                Ok(Sym::Ref(self.allocate(n, &e.ty)?))
            }
            ExprKind::NewArray { .. } => unsupported("allocating an array of arrays"),
            ExprKind::ArrayLiteral(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.eval(st, item, extra)?);
                }
                let n = self.int(items.len() as i64);
                let r = self.allocate(n, &e.ty)?;
                for (k, v) in values.into_iter().enumerate() {
                    let index = self.int(k as i64);
                    self.write_place(st, &Place::Element(r, index), v, extra)?;
                }
                Ok(Sym::Ref(r))
            }
            ExprKind::Print(kind, args) => {
                let mut pieces = Vec::with_capacity(args.len());
                for a in args {
                    pieces.push(self.pieces(st, a, extra)?);
                }
                let guard = self.guard(st, extra);
                st.heap.push(HeapOp::Print {
                    kind: *kind,
                    pieces,
                    guard,
                });
                Ok(Sym::Prim(self.zero))
            }
        }
    }

    /// The text of a printed (or exception message) expression as pieces: string literals and
    /// concatenations of them with values; other strings are not modelled.
    fn pieces(&mut self, st: &mut State, e: &Expr, extra: Option<ExprId>) -> Result<Vec<Piece>> {
        Ok(match &e.kind {
            ExprKind::Literal(Const::Str(text)) => {
                vec![Piece::Text(String::from_utf16_lossy(text))]
            }
            ExprKind::Null => vec![Piece::Text("null".into())],
            ExprKind::Concat(a, b) => {
                let mut out = self.pieces(st, a, extra)?;
                out.extend(self.pieces(st, b, extra)?);
                out
            }
            ExprKind::Convert(inner) if e.ty == Type::String => self.pieces(st, inner, extra)?,
            _ if e.ty == Type::String => return unsupported("strings"),
            _ => match self.eval(st, e, extra)? {
                Sym::Prim(x) => vec![Piece::Value(x, e.ty.clone())],
                Sym::Ref(_) => return unsupported("printing a reference"),
            },
        })
    }

    fn and_opt(&mut self, a: Option<ExprId>, b: ExprId) -> ExprId {
        match a {
            Some(a) => self.and(a, b),
            None => b,
        }
    }

    fn binary(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        op_type: &Type,
        left: &Expr,
        right: &Expr,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        let l = self.eval(st, left, extra)?;
        if matches!(op, BinaryOp::CondAnd | BinaryOp::CondOr) {
            let l = self.prim(l)?;
            let taken = if op == BinaryOp::CondAnd {
                l
            } else {
                self.not(l)
            };
            let g = self.and_opt(extra, taken);
            let r = self.eval(st, right, Some(g))?;
            let r = self.prim(r)?;
            return Ok(Sym::Prim(if op == BinaryOp::CondAnd {
                self.and(l, r)
            } else {
                self.or(l, r)
            }));
        }
        let r = self.eval(st, right, extra)?;
        match (l, r) {
            (Sym::Prim(a), Sym::Prim(b)) => self.arithmetic(st, op, op_type, a, b, extra),
            (Sym::Ref(a), Sym::Ref(b)) if matches!(op, BinaryOp::Eq | BinaryOp::Ne) => {
                let same = self.same_object(a, b)?;
                Ok(Sym::Prim(if op == BinaryOp::Eq {
                    same
                } else {
                    self.not(same)
                }))
            }
            _ => unsupported("an operator on references"),
        }
    }

    fn arithmetic(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        op_type: &Type,
        a: ExprId,
        b: ExprId,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        if matches!(op_type, Type::Float) {
            return unsupported("float arithmetic");
        }
        let sop = op.solver_op();
        if matches!(op, BinaryOp::Div | BinaryOp::Rem) && op_type.is_integral() {
            // Division by zero leaves with ArithmeticException; the value is then never used,
            // and the guarded division keeps the term defined for every model.
            let zero = self.problem.constant(Value::Int(jtype(op_type)?, 0));
            let by_zero = self.problem.binary(BinOp::Eq, b, zero)?;
            let code = self.exception("java.lang.ArithmeticException");
            self.leave(st, code, by_zero, extra);
            let q = self.problem.binary(sop, a, b)?;
            let v = self.cond(by_zero, zero, q)?;
            return Ok(Sym::Prim(v));
        }
        Ok(Sym::Prim(self.problem.binary(sop, a, b)?))
    }

    fn call(
        &mut self,
        st: &mut State,
        method: MethodRef,
        args: &[Expr],
        ty: &Type,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        let mut vals = Vec::new();
        for a in args {
            let v = self.eval(st, a, extra)?;
            self.keep_fresh_inside(v)?;
            vals.push(v);
        }
        // A call is a deterministic function of its arguments and of the heap before it:
        // the same call in both versions gives the same (unknown) result and effects.
        let h = self.history(&st.heap);
        let key = (method, vals, h);
        let next = self.call_log.len() as u32;
        let id = match self.calls.get(&key) {
            Some(&id) => id,
            None => {
                self.calls.insert(key.clone(), next);
                self.call_log.push(key);
                next
            }
        };
        let g = self.guard(st, extra);
        st.heap.push(HeapOp::Call { call: id, guard: g });
        let hangs = self.input(Input::CallHangs(id), JType::Boolean);
        let hangs = self.problem.read(hangs);
        let throws = self.input(Input::CallThrows(id), JType::Boolean);
        let throws = self.problem.read(throws);
        let class = self.input(Input::CallException(id), JType::Int);
        let class = self.problem.read(class);
        let at_least = self.int(EXCEPTION_BASE + 1);
        let is_exception = self.problem.binary(BinOp::Ge, class, at_least)?;
        self.problem.require(is_exception)?;
        let g_throw = self.and(g, throws);
        st.exit = self.cond(g_throw, class, st.exit)?;
        st.codes.push(EXCEPTION_BASE + 1);
        // Any exception class may come out: mark the state as possibly leaving that way.
        st.codes.push(i64::MAX);
        // A call that never returns leaves by its own code, not as an incomplete state: the
        // same call hangs in both versions (the callee is a deterministic function of the
        // arguments and the heap; for the mutated method itself, by induction on the depth of
        // the calls), so two versions that both hang there are alike.
        let g_hang = self.and(g, hangs);
        let hang = self.int(HANG);
        st.exit = self.cond(g_hang, hang, st.exit)?;
        st.codes.push(HANG);
        st.codes.sort_unstable();
        st.codes.dedup();
        if *ty == Type::Void {
            return Ok(Sym::Prim(self.zero));
        }
        self.input_value(Input::CallResult(id), ty)
    }

    // ---- assignment ----

    fn assign(
        &mut self,
        st: &mut State,
        target: &Expr,
        op: Option<BinaryOp>,
        op_type: &Type,
        value: &Expr,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        let place = self.place(st, target, extra)?;
        let result = match op {
            None => {
                let v = self.eval(st, value, extra)?;
                if let Place::Element(r, i) = place {
                    // Java checks the array after evaluating the right-hand side.
                    self.check_access(st, r, Some(i), extra)?;
                }
                v
            }
            Some(op) => {
                let old = self.read_place(st, &place, extra)?;
                let old = self.prim(old)?;
                let old = if op.is_shift() {
                    old
                } else {
                    self.problem.cast(jtype(op_type)?, old)?
                };
                let v = self.eval(st, value, extra)?;
                let v = self.prim(v)?;
                let r = self.arithmetic(st, op, op_type, old, v, extra)?;
                Sym::Prim(self.problem.cast(jtype(&target.ty)?, self.prim(r)?)?)
            }
        };
        self.write_place(st, &place, result, extra)?;
        Ok(result)
    }

    fn place(&mut self, st: &mut State, target: &Expr, extra: Option<ExprId>) -> Result<Place> {
        Ok(match &target.kind {
            ExprKind::Local(id) => Place::Local(*id),
            ExprKind::Field(f) => Place::Field(*f),
            ExprKind::Index(a, i) => {
                let Sym::Ref(r) = self.eval(st, a, extra)? else {
                    return unsupported("an index into a non-array");
                };
                let i = self.eval(st, i, extra)?;
                Place::Element(r, self.prim(i)?)
            }
            _ => return unsupported("an assignment to this kind of target"),
        })
    }

    fn read_place(&mut self, st: &mut State, place: &Place, extra: Option<ExprId>) -> Result<Sym> {
        match *place {
            Place::Local(id) => self.local(st, id),
            Place::Field(f) => {
                let heap = st.heap.clone();
                self.get_field(&heap, f)
            }
            Place::Element(r, i) => {
                self.check_access(st, r, Some(i), extra)?;
                let heap = st.heap.clone();
                self.load(&heap, r, i)
            }
        }
    }

    fn write_place(
        &mut self,
        st: &mut State,
        place: &Place,
        v: Sym,
        extra: Option<ExprId>,
    ) -> Result<()> {
        match *place {
            Place::Local(id) => self.set_local(st, id, v, extra),
            Place::Field(field) => {
                self.keep_fresh_inside(v)?;
                let guard = self.guard(st, extra);
                st.heap.push(HeapOp::Put {
                    field,
                    value: v,
                    guard,
                });
                Ok(())
            }
            Place::Element(array, index) => {
                self.keep_fresh_inside(v)?;
                let guard = self.guard(st, extra);
                self.store(st, array, index, v, guard);
                Ok(())
            }
        }
    }

    /// A store to `array[index]` under `guard`; through a chosen reference, one to each arm.
    fn store(&mut self, st: &mut State, array: u32, index: ExprId, value: Sym, guard: ExprId) {
        if let Some((c, a, b)) = self.choice(array) {
            let ga = self.and(guard, c);
            let not_c = self.not(c);
            let gb = self.and(guard, not_c);
            for (arm, g) in [(a, ga), (b, gb)] {
                if arm != 0 {
                    self.store(st, arm, index, value, g);
                }
            }
            return;
        }
        st.heap.push(HeapOp::Store {
            array,
            index,
            value,
            guard,
        });
    }

    // ---- statements ----

    pub fn exec_all(&mut self, st: &mut State, stmts: &[Stmt]) -> Result<()> {
        for s in stmts {
            self.exec(st, s)?;
        }
        Ok(())
    }

    pub fn exec(&mut self, st: &mut State, s: &Stmt) -> Result<()> {
        match &s.kind {
            StmtKind::Expr(e) => {
                self.eval(st, e, None)?;
            }
            StmtKind::Locals(decls) => {
                for (id, init) in decls {
                    if let Some(e) = init {
                        let v = self.eval(st, e, None)?;
                        self.set_local(st, *id, v, None)?;
                    }
                }
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.eval(st, cond, None)?;
                let c = self.prim(c)?;
                let before = st.heap.len();
                let mut a = st.clone();
                if !self.is_const(c, 0) {
                    self.exec(&mut a, then)?;
                }
                let mut b = st.clone();
                if let Some(o) = otherwise
                    && !self.is_const(c, 1)
                {
                    self.exec(&mut b, o)?;
                }
                *st = self.merge(c, a, b, before)?;
            }
            StmtKind::While { cond, body } => {
                self.run_loop(st, s.id, Some(cond), body, &[], false)?;
            }
            StmtKind::Do { body, cond } => {
                self.run_loop(st, s.id, Some(cond), body, &[], true)?;
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                self.exec_all(st, init)?;
                self.run_loop(st, s.id, cond.as_ref(), body, update, false)?;
            }
            StmtKind::ForEach {
                var,
                array,
                array_local,
                index_local,
                body,
            } => self.for_each(st, s.id, *var, array, *array_local, *index_local, body)?,
            StmtKind::Block(stmts) => self.exec_all(st, stmts)?,
            StmtKind::Labeled { body, .. } => {
                self.exec(st, body)?;
                let code = self.jump(s.id, false);
                self.remap(st, code, NORMAL);
            }
            StmtKind::Break { target } => {
                let code = self.jump(*target, false);
                let t = self.true_;
                self.leave(st, code, t, None);
            }
            StmtKind::Continue { target } => {
                let code = self.jump(*target, true);
                let t = self.true_;
                self.leave(st, code, t, None);
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    let v = self.eval(st, e, None)?;
                    let v = match v {
                        Sym::Prim(x) => Sym::Prim(self.problem.cast(jtype(&self.return_type)?, x)?),
                        r => r,
                    };
                    let g = self.guard(st, None);
                    let old = st.ret.unwrap_or(v);
                    st.ret = Some(self.cond_sym(g, v, old)?);
                }
                let t = self.true_;
                self.leave(st, RETURN, t, None);
            }
            StmtKind::Throw { exception, args } => {
                // The message is not an outcome a test compares; its evaluation may still throw.
                for a in args {
                    self.pieces(st, a, None)?;
                }
                let code = self.exception(exception);
                let t = self.true_;
                self.leave(st, code, t, None);
            }
            StmtKind::Switch { scrutinee, groups } => {
                let v = self.eval(st, scrutinee, None)?;
                let v = self.prim(v)?;
                let mut matches = Vec::new();
                let mut any = self.false_;
                for g in groups {
                    let mut m = self.false_;
                    for l in g.labels.iter().flatten() {
                        let Sym::Prim(c) = self.constant(l)? else {
                            unreachable!()
                        };
                        let c = self.problem.cast(self.problem.ty(v), c)?;
                        let eq = self.problem.binary(BinOp::Eq, v, c)?;
                        m = self.or(m, eq);
                    }
                    any = self.or(any, m);
                    matches.push(m);
                }
                let none = self.not(any);
                let mut falling = self.false_;
                for (g, m) in groups.iter().zip(matches) {
                    let mut go = self.or(falling, m);
                    if g.labels.iter().any(|l| l.is_none()) {
                        go = self.or(go, none);
                    }
                    let before = st.heap.len();
                    let mut a = st.clone();
                    self.exec_all(&mut a, &g.stmts)?;
                    let still = self.eq_const(a.exit, NORMAL);
                    *st = self.merge(go, a, st.clone(), before)?;
                    falling = self.and(go, still);
                }
                let code = self.jump(s.id, false);
                self.remap(st, code, NORMAL);
            }
            StmtKind::Empty => {}
        }
        Ok(())
    }

    /// Whether a loop iteration entered when `enter` holds (in state `st`) may run under
    /// the constraints required so far (true unless pruning is on and the solver says no).
    fn can_enter(&mut self, st: &State, enter: ExprId) -> Result<bool> {
        let Some(Prune {
            decisions: limit,
            max_terms,
            budget,
        }) = self.prune
        else {
            return Ok(true);
        };
        if budget == 0 {
            return Ok(true);
        }
        if self.is_const(enter, 0) || self.is_const(enter, 1) {
            return Ok(!self.is_const(enter, 0));
        }
        let g = self.guard(st, None);
        let runs = self.and(g, enter);
        self.problem.push();
        self.problem.require(runs)?;
        // A path already past the size limit makes a question too large to ask: stop the
        // build here rather than pay a solver call for every further iteration.
        let size = self.problem.cone().iter().filter(|&&r| r).count();
        if size > max_terms {
            self.problem.pop();
            self.too_large = true;
            return unsupported(format!("the region's terms exceed {max_terms} nodes"));
        }
        let options = crate::solver::SolveOptions {
            node_limit: limit,
            backtrack_limit: 2 * limit,
            propagation_limit: (100 * limit).min(budget),
            ..crate::solver::SolveOptions::default()
        };
        let (verdict, stats) = self.solve_tied(options, TIE_ROUNDS);
        if let Some(p) = self.prune.as_mut() {
            p.budget = p.budget.saturating_sub(stats.propagations.max(1));
        }
        self.problem.pop();
        Ok(verdict != crate::solver::Verdict::Unsat)
    }

    /// Runs loop statement `s` from its head (its condition evaluated first; a `for`'s
    /// initializers not run): the loop of a [`crate::program::proofs::regions::Part::Loop`] region.
    pub fn loop_from_head(&mut self, st: &mut State, s: &Stmt) -> Result<()> {
        match &s.kind {
            StmtKind::While { cond, body } | StmtKind::Do { cond, body } => {
                self.run_loop(st, s.id, Some(cond), body, &[], false)
            }
            StmtKind::For {
                cond, update, body, ..
            } => self.run_loop(st, s.id, cond.as_ref(), body, update, false),
            _ => unsupported("a loop region around a statement that is no loop"),
        }
    }

    fn run_loop(
        &mut self,
        st: &mut State,
        id: NodeId,
        cond: Option<&Expr>,
        body: &Stmt,
        update: &[Expr],
        body_first: bool,
    ) -> Result<()> {
        let brk = self.jump(id, false);
        let cont = self.jump(id, true);
        for k in 0..self.unroll {
            let enter = if body_first && k == 0 {
                self.true_
            } else {
                match cond {
                    Some(c) => {
                        let c = self.eval(st, c, None)?;
                        self.prim(c)?
                    }
                    None => self.true_,
                }
            };
            let enter = if self.can_enter(st, enter)? {
                enter
            } else {
                self.false_
            };
            let before = st.heap.len();
            let mut go = st.clone();
            if !self.is_const(enter, 0) {
                self.exec(&mut go, body)?;
                self.remap(&mut go, cont, NORMAL);
                for u in update {
                    self.eval(&mut go, u, None)?;
                }
            }
            let mut stop = st.clone();
            let t = self.true_;
            self.leave(&mut stop, brk, t, None);
            *st = self.merge(enter, go, stop, before)?;
            if st.codes == [brk] || !st.codes.contains(&NORMAL) {
                break;
            }
        }
        if let Some(live) = self.live(st) {
            st.incomplete = self.or(st.incomplete, live);
        } else if st.codes.contains(&NORMAL) {
            st.incomplete = self.true_;
        }
        self.remap(st, brk, NORMAL);
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn for_each(
        &mut self,
        st: &mut State,
        id: NodeId,
        var: LocalId,
        array: &Expr,
        array_local: LocalId,
        index_local: LocalId,
        body: &Stmt,
    ) -> Result<()> {
        let r = self.for_each_start(st, array, array_local, index_local)?;
        let brk = self.jump(id, false);
        let cont = self.jump(id, true);
        let one = self.int(1);
        for _ in 0..self.unroll {
            let i = self.local(st, index_local)?;
            let i = self.prim(i)?;
            let len = self.length(r);
            let enter = self.problem.binary(BinOp::Lt, i, len)?;
            let before = st.heap.len();
            let mut go = st.clone();
            let heap = go.heap.clone();
            let element = self.load(&heap, r, i)?;
            self.set_local(&mut go, var, element, None)?;
            self.exec(&mut go, body)?;
            self.remap(&mut go, cont, NORMAL);
            let next = self.problem.binary(BinOp::Add, i, one)?;
            self.set_local(&mut go, index_local, Sym::Prim(next), None)?;
            let mut stop = st.clone();
            let t = self.true_;
            self.leave(&mut stop, brk, t, None);
            *st = self.merge(enter, go, stop, before)?;
            if !st.codes.contains(&NORMAL) {
                break;
            }
        }
        if let Some(live) = self.live(st) {
            st.incomplete = self.or(st.incomplete, live);
        } else if st.codes.contains(&NORMAL) {
            st.incomplete = self.true_;
        }
        self.remap(st, brk, NORMAL);
        Ok(())
    }

    // ---- one path at a time (the software D-algorithm, [`crate::program::dalg`]) ----

    /// Whether `e` is the constant `v` (booleans as 0 and 1).
    pub fn is_constant(&self, e: ExprId, v: i64) -> bool {
        self.is_const(e, v)
    }

    /// The term of a primitive value.
    pub fn primitive(&self, s: Sym) -> Result<ExprId> {
        self.prim(s)
    }

    /// Declares that `st` completes normally from here on: its exit falls through. Only after
    /// the caller required that it does (the path took the statement's normal edge), so that
    /// the guards of later effects are not dragged along.
    pub fn settle(&mut self, st: &mut State) {
        st.exit = self.zero;
        st.codes = vec![NORMAL];
    }

    /// Whether two states are the same terms (the same values on every input).
    pub fn same_state(&self, a: &State, b: &State) -> bool {
        a.locals == b.locals
            && a.exit == b.exit
            && a.ret == b.ret
            && a.heap == b.heap
            && a.incomplete == b.incomplete
    }

    /// Whether two states are the same terms, comparing only the locals `keep` selects.
    pub fn same_state_on(&self, a: &State, b: &State, keep: impl Fn(u32) -> bool) -> bool {
        let locals_agree = a
            .locals
            .keys()
            .chain(b.locals.keys())
            .filter(|&&l| keep(l))
            .all(|l| a.locals.get(l) == b.locals.get(l));
        locals_agree
            && a.exit == b.exit
            && a.ret == b.ret
            && a.heap == b.heap
            && a.incomplete == b.incomplete
    }

    /// The locals either state assigned, in order.
    pub fn assigned_in_either(a: &State, b: &State) -> Vec<LocalId> {
        let mut l: Vec<u32> = a.assigned.iter().chain(&b.assigned).copied().collect();
        l.sort_unstable();
        l.dedup();
        l.into_iter().map(LocalId).collect()
    }

    /// A for-each loop's start: the array evaluated into its hidden local (a null array
    /// throws) and the index set to 0; the array's reference.
    pub fn for_each_start(
        &mut self,
        st: &mut State,
        array: &Expr,
        array_local: LocalId,
        index_local: LocalId,
    ) -> Result<u32> {
        let a = self.eval(st, array, None)?;
        let Sym::Ref(r) = a else {
            return unsupported("for-each over a non-array");
        };
        self.set_local(st, array_local, a, None)?;
        self.check_access(st, r, None, None)?;
        self.set_local(st, index_local, Sym::Prim(self.zero), None)?;
        Ok(r)
    }

    /// The condition under which a for-each loop enters its next iteration.
    pub fn for_each_condition(
        &mut self,
        st: &mut State,
        array_local: LocalId,
        index_local: LocalId,
    ) -> Result<ExprId> {
        let Sym::Ref(r) = self.local(st, array_local)? else {
            return unsupported("for-each over a non-array");
        };
        let i = self.local(st, index_local)?;
        let i = self.prim(i)?;
        let len = self.length(r);
        Ok(self.problem.binary(BinOp::Lt, i, len)?)
    }

    /// Binds a for-each loop's variable to the current element.
    pub fn for_each_element(
        &mut self,
        st: &mut State,
        var: LocalId,
        array_local: LocalId,
        index_local: LocalId,
    ) -> Result<()> {
        let Sym::Ref(r) = self.local(st, array_local)? else {
            return unsupported("for-each over a non-array");
        };
        let i = self.local(st, index_local)?;
        let i = self.prim(i)?;
        let heap = st.heap.clone();
        let element = self.load(&heap, r, i)?;
        self.set_local(st, var, element, None)
    }

    /// Moves a for-each loop's index to the next element.
    pub fn for_each_advance(&mut self, st: &mut State, index_local: LocalId) -> Result<()> {
        let i = self.local(st, index_local)?;
        let i = self.prim(i)?;
        let one = self.int(1);
        let next = self.problem.binary(BinOp::Add, i, one)?;
        self.set_local(st, index_local, Sym::Prim(next), None)
    }

    /// The term `code == v` of a switch label: whether scrutinee `v` matches constant `c`.
    pub fn matches_label(&mut self, v: ExprId, c: &Const) -> Result<ExprId> {
        let Sym::Prim(c) = self.constant(c)? else {
            return unsupported("a switch label that is no constant");
        };
        let c = self.problem.cast(self.problem.ty(v), c)?;
        Ok(self.problem.binary(BinOp::Eq, v, c)?)
    }

    // ---- telling two final states apart ----

    /// A term true when `a` and `b` can be told apart by an assertion (doubles by identity:
    /// NaN is NaN, `0.0` is not `-0.0`).
    pub fn differs(&mut self, a: Sym, b: Sym) -> Result<ExprId> {
        match (a, b) {
            (x, y) if x == y => Ok(self.false_),
            (Sym::Prim(x), Sym::Prim(y)) => {
                if self.problem.ty(x) == JType::Double {
                    let eq = self.problem.binary(BinOp::Eq, x, y)?;
                    let zero = self.problem.double(0.0);
                    let one = self.problem.double(1.0);
                    let nonzero = self.problem.binary(BinOp::Ne, x, zero)?;
                    let ix = self.problem.binary(BinOp::Div, one, x)?;
                    let iy = self.problem.binary(BinOp::Div, one, y)?;
                    let same_sign = self.problem.binary(BinOp::Eq, ix, iy)?;
                    let sign_ok = self.or(nonzero, same_sign);
                    let equal = self.and(eq, sign_ok);
                    let nan_x = self.problem.binary(BinOp::Ne, x, x)?;
                    let nan_y = self.problem.binary(BinOp::Ne, y, y)?;
                    let both_nan = self.and(nan_x, nan_y);
                    let same = self.or(equal, both_nan);
                    Ok(self.not(same))
                } else {
                    Ok(self.problem.binary(BinOp::Ne, x, y)?)
                }
            }
            (Sym::Ref(x), y) | (y, Sym::Ref(x)) if self.choice(x).is_some() => {
                let (c, p, q) = self.choice(x).expect("a choice");
                let dp = self.differs(Sym::Ref(p), y)?;
                let dq = self.differs(Sym::Ref(q), y)?;
                self.cond(c, dp, dq)
            }
            // Two different references might still hold equal contents, or not: either way
            // nothing is proved (sound, not complete).
            _ => Ok(self.true_),
        }
    }

    /// A term true when control leaves the region normally (no exception, no `return`): when
    /// the code after it runs and reads its locals or its value.
    pub fn goes_on(&mut self, st: &State) -> Result<ExprId> {
        let on = |c: &i64| *c < EXCEPTION_BASE && *c != RETURN && *c != HANG;
        if st.codes.iter().all(on) {
            return Ok(self.true_);
        }
        if !st.codes.iter().any(on) {
            return Ok(self.false_);
        }
        let below = self.int(EXCEPTION_BASE);
        let normal = self.problem.binary(BinOp::Lt, st.exit, below)?;
        let ret = self.int(RETURN);
        let not_ret = self.problem.binary(BinOp::Ne, st.exit, ret)?;
        let hang = self.int(HANG);
        let not_hang = self.problem.binary(BinOp::Ne, st.exit, hang)?;
        let on = self.and(normal, not_ret);
        Ok(self.and(on, not_hang))
    }

    /// Everything by which `a` (original) and `b` (mutant) can be told apart after the
    /// region, as one term: the exit, the returned value, the `live` locals (when control goes
    /// on), fields and array elements written by either, and either being incomplete.
    pub fn distinguish(
        &mut self,
        a: &mut State,
        b: &mut State,
        live: &[LocalId],
    ) -> Result<ExprId> {
        let certain = [
            a.incomplete,
            b.incomplete,
            self.problem.binary(BinOp::Ne, a.exit, b.exit)?,
        ];
        let mut parts = Vec::new();
        if let (Some(x), Some(y)) = (a.ret, b.ret) {
            let returned = self.eq_const(a.exit, RETURN);
            let d = self.differs(x, y)?;
            parts.push(self.and(returned, d));
        }
        let going_on = self.goes_on(a)?;
        // Arrays the region allocated that are still reachable after it: through the returned
        // value or a live local. The cells of the others are scratch, not outputs.
        let mut reachable: Vec<u32> = [a.ret, b.ret]
            .into_iter()
            .flatten()
            .filter_map(|v| match v {
                Sym::Ref(r) => Some(r),
                Sym::Prim(_) => None,
            })
            .collect();
        let mut arms = Vec::new();
        for &l in live {
            let x = self.local(a, l)?;
            let y = self.local(b, l)?;
            for v in [x, y] {
                if let Sym::Ref(r) = v {
                    reachable.push(r);
                }
            }
            let d = self.differs(x, y)?;
            parts.push(self.and(going_on, d));
        }
        for r in std::mem::take(&mut reachable) {
            self.arms(r, &mut arms);
        }
        let reachable = arms;
        let mut fields = Vec::new();
        let mut cells = Vec::new();
        for op in a.heap.iter().chain(&b.heap) {
            match op {
                HeapOp::Put { field, .. } if !fields.contains(field) => fields.push(*field),
                HeapOp::Store { array, index, .. }
                    if !cells.contains(&(*array, *index))
                        && (!self.is_fresh(*array) || reachable.contains(array)) =>
                {
                    cells.push((*array, *index))
                }
                HeapOp::Call { .. } if a.heap != b.heap => {
                    // Different calls may change anything.
                    parts.push(self.true_);
                }
                _ => {}
            }
        }
        let prints = |h: &[HeapOp]| -> Vec<HeapOp> {
            h.iter()
                .filter(|op| matches!(op, HeapOp::Print { .. }))
                .cloned()
                .collect()
        };
        let (pa, pb) = (prints(&a.heap), prints(&b.heap));
        if pa.len() != pb.len() {
            // Not compared event by event: no proof.
            parts.push(self.true_);
        } else {
            for (x, y) in pa.iter().zip(&pb) {
                let (
                    HeapOp::Print {
                        kind: kx,
                        pieces: px,
                        guard: gx,
                    },
                    HeapOp::Print {
                        kind: ky,
                        pieces: py,
                        guard: gy,
                    },
                ) = (x, y)
                else {
                    unreachable!("filtered to prints");
                };
                // The text differs only if one prints and the other not, or both print and a
                // value differs (pieces of another shape may differ anyhow).
                let guards = self.problem.binary(BinOp::Ne, *gx, *gy)?;
                parts.push(guards);
                let same_shape = kx == ky
                    && px.len() == py.len()
                    && px.iter().zip(py).all(|(u, v)| {
                        u.len() == v.len()
                            && u.iter().zip(v).all(|pair| match pair {
                                (Piece::Text(s), Piece::Text(t)) => s == t,
                                (Piece::Value(_, s), Piece::Value(_, t)) => s == t,
                                _ => false,
                            })
                    });
                let mut values = self.false_;
                if same_shape {
                    for (u, v) in px.iter().flatten().zip(py.iter().flatten()) {
                        if let (Piece::Value(p, _), Piece::Value(q, _)) = (u, v) {
                            let d = self.differs(Sym::Prim(*p), Sym::Prim(*q))?;
                            values = self.or(values, d);
                        }
                    }
                } else {
                    values = self.true_;
                }
                let both = self.and(*gx, values);
                parts.push(both);
            }
        }
        let (ha, hb) = (a.heap.clone(), b.heap.clone());
        for f in fields {
            let x = self.get_field(&ha, f)?;
            let y = self.get_field(&hb, f)?;
            parts.push(self.differs(x, y)?);
        }
        for (r, i) in cells {
            let x = self.load(&ha, r, i)?;
            let y = self.load(&hb, r, i)?;
            parts.push(self.differs(x, y)?);
        }
        let mut any = self.false_;
        for p in parts {
            any = self.or(any, p);
        }
        // When both hang (equal exits), nothing they did is ever observed.
        if a.codes.contains(&HANG) {
            let hangs = self.eq_const(a.exit, HANG);
            let observed = self.not(hangs);
            any = self.and(observed, any);
        }
        for p in certain {
            any = self.or(any, p);
        }
        Ok(any)
    }
}

#[derive(Clone, Copy, Debug)]
enum Place {
    Local(LocalId),
    Field(FieldRef),
    Element(u32, ExprId),
}
