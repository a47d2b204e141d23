//! Small term helpers that fold the constant cases (`and`, `or`, `not`, `?:`), and the
//! bookkeeping of exit codes: whether a state still runs, the guard of an effect, leaving
//! with a code, mapping one code to another, the codes of jumps and exceptions.

use crate::program::reader::ir::NodeId;
use crate::solver::{BinOp, ExprId, Node, UnOp, Value};

use super::{
    EXCEPTION_BASE, Executor, JUMP_BASE, NORMAL, Reference, Result, State, Sym, unsupported,
};

impl<'u> Executor<'u> {
    // ---- small term helpers, folding the constant cases ----

    pub(super) fn is_const(&self, e: ExprId, v: i64) -> bool {
        matches!(self.problem.node(e), Node::Const(Value::Int(_, x)) if x == v)
    }

    pub(crate) fn and(&mut self, a: ExprId, b: ExprId) -> ExprId {
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

    pub(crate) fn or(&mut self, a: ExprId, b: ExprId) -> ExprId {
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

    pub(crate) fn not(&mut self, a: ExprId) -> ExprId {
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

    pub(super) fn cond(&mut self, c: ExprId, a: ExprId, b: ExprId) -> Result<ExprId> {
        if a == b || self.is_const(c, 1) {
            return Ok(a);
        }
        if self.is_const(c, 0) {
            return Ok(b);
        }
        Ok(self.problem.cond(c, a, b)?)
    }

    pub(super) fn cond_sym(&mut self, c: ExprId, a: Sym, b: Sym) -> Result<Sym> {
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

    pub(super) fn eq_const(&mut self, e: ExprId, v: i64) -> ExprId {
        let c = self.problem.int(v as i32);
        self.problem.binary(BinOp::Eq, e, c).expect("ints")
    }

    pub(super) fn int(&mut self, v: i64) -> ExprId {
        self.problem.int(v as i32)
    }

    /// Whether the state still runs: `exit == 0` (`None` when it certainly does).
    pub(super) fn live(&mut self, st: &State) -> Option<ExprId> {
        if st.codes == [NORMAL] {
            None
        } else {
            Some(self.eq_const(st.exit, NORMAL))
        }
    }

    /// The condition under which an effect happens: the state runs and `extra` holds.
    pub(super) fn guard(&mut self, st: &State, extra: Option<ExprId>) -> ExprId {
        let live = self.live(st);
        match (live, extra) {
            (None, None) => self.true_,
            (Some(a), None) | (None, Some(a)) => a,
            (Some(a), Some(b)) => self.and(a, b),
        }
    }

    /// Leaves with `code` when `when` holds (and the state runs).
    pub(super) fn leave(&mut self, st: &mut State, code: i64, when: ExprId, extra: Option<ExprId>) {
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
    pub(super) fn remap(&mut self, st: &mut State, from: i64, to: i64) {
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

    pub(super) fn jump(&mut self, target: NodeId, is_continue: bool) -> i64 {
        let next = self.jumps.len() as i64;
        let ordinal = *self.jumps.entry(target).or_insert(next);
        JUMP_BASE + 2 * ordinal + i64::from(is_continue)
    }

    /// The exit code of an exception class.
    pub(super) fn exception(&mut self, class: &str) -> i64 {
        let next = self.exceptions.len() as i64;
        EXCEPTION_BASE + 1 + *self.exceptions.entry(class.to_string()).or_insert(next)
    }
}
