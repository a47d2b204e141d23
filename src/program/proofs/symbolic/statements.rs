//! Statements, both arms of every decision executed and merged, and loops unwound
//! [`Executor::unroll`] times: a state still looping after that sets `incomplete`. With
//! pruning on, an iteration the solver rules out under the constraints so far is left out.

use crate::program::reader::ir::{Expr, LocalId, NodeId, Stmt, StmtKind};
use crate::solver::{BinOp, ExprId};

use super::{Executor, NORMAL, Prune, RETURN, Result, State, Sym, TIE_ROUNDS, jtype, unsupported};

impl<'u> Executor<'u> {
    // ---- statements ----

    pub(crate) fn exec_all(&mut self, st: &mut State, stmts: &[Stmt]) -> Result<()> {
        for s in stmts {
            self.exec(st, s)?;
        }
        Ok(())
    }

    pub(crate) fn exec(&mut self, st: &mut State, s: &Stmt) -> Result<()> {
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
            StmtKind::ThrowValue(_) | StmtKind::Try { .. } => {
                return super::unsupported("exceptions handled in the method");
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
    pub(crate) fn loop_from_head(&mut self, st: &mut State, s: &Stmt) -> Result<()> {
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
}
