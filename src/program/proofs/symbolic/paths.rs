//! The executor's face for the software D-algorithm ([`crate::program::dalg`]), which
//! follows one path at a time: constants and primitives read back, a state settled on its
//! normal edge, states compared as terms, a for-each loop and a switch label step by step.

use crate::program::reader::ir::{Const, Expr, LocalId};
use crate::solver::{BinOp, ExprId};

use super::{Executor, NORMAL, Result, State, Sym, unsupported};

impl<'u> Executor<'u> {
    // ---- one path at a time (the software D-algorithm, [`crate::program::dalg`]) ----

    /// Whether `e` is the constant `v` (booleans as 0 and 1).
    pub(crate) fn is_constant(&self, e: ExprId, v: i64) -> bool {
        self.is_const(e, v)
    }

    /// The term of a primitive value.
    pub(crate) fn primitive(&self, s: Sym) -> Result<ExprId> {
        self.prim(s)
    }

    /// Declares that `st` completes normally from here on: its exit falls through. Only after
    /// the caller required that it does (the path took the statement's normal edge), so that
    /// the guards of later effects are not dragged along.
    pub(crate) fn settle(&mut self, st: &mut State) {
        st.exit = self.zero;
        st.codes = vec![NORMAL];
    }

    /// Whether two states are the same terms (the same values on every input).
    pub(crate) fn same_state(&self, a: &State, b: &State) -> bool {
        a.locals == b.locals
            && a.exit == b.exit
            && a.ret == b.ret
            && a.heap == b.heap
            && a.incomplete == b.incomplete
    }

    /// Whether two states are the same terms, comparing only the locals `keep` selects.
    pub(crate) fn same_state_on(&self, a: &State, b: &State, keep: impl Fn(u32) -> bool) -> bool {
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
    pub(crate) fn assigned_in_either(a: &State, b: &State) -> Vec<LocalId> {
        let mut l: Vec<u32> = a.assigned.iter().chain(&b.assigned).copied().collect();
        l.sort_unstable();
        l.dedup();
        l.into_iter().map(LocalId).collect()
    }

    /// A for-each loop's start: the array evaluated into its hidden local (a null array
    /// throws) and the index set to 0; the array's reference.
    pub(crate) fn for_each_start(
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
    pub(crate) fn for_each_condition(
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
    pub(crate) fn for_each_element(
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
    pub(crate) fn for_each_advance(&mut self, st: &mut State, index_local: LocalId) -> Result<()> {
        let i = self.local(st, index_local)?;
        let i = self.prim(i)?;
        let one = self.int(1);
        let next = self.problem.binary(BinOp::Add, i, one)?;
        self.set_local(st, index_local, Sym::Prim(next), None)
    }

    /// The term `code == v` of a switch label: whether scrutinee `v` matches constant `c`.
    pub(crate) fn matches_label(&mut self, v: ExprId, c: &Const) -> Result<ExprId> {
        let Sym::Prim(c) = self.constant(c)? else {
            return unsupported("a switch label that is no constant");
        };
        let c = self.problem.cast(self.problem.ty(v), c)?;
        Ok(self.problem.binary(BinOp::Eq, v, c)?)
    }
}
