//! MEE, the mutant's effect's excitation ([Zhang 2021] ch. 3.4): the ways the two versions
//! first differ, and what becomes of an effect that dies out (the versions at the same place
//! in the same state run on alike, ch. 3.3.5's dead DU paths, unless the mutated statement
//! may run again and excite it anew).

use crate::solver::ExprId;

use crate::program::proofs::equivalence::disjuncts;
use crate::program::proofs::symbolic::{Executor, Sym, Unsupported};
use crate::program::reader::ir::Stmt;

use super::model::SwDalgorithm;
use super::subtask::{Excitation, Subtask};
use super::walker::{Pending, To, Walker, Work, may_read};

impl SwDalgorithm<'_> {
    /// The ways the two versions differ now (before the effect exists), as the MEE subtask.
    pub(super) fn excitation(&mut self) -> Result<Excitation, Unsupported> {
        let [a, b] = &self.walkers;
        let line = a.pending.as_ref().map_or(0, |p| p.line);
        let shape = |w: &Walker<'_>| (w.finished, w.work.len(), w.pending.as_ref().map(|p| p.line));
        if shape(a) != shape(b) {
            return Ok(Excitation::Control);
        }
        let (mut sa, mut sb) = (a.state.clone(), b.state.clone());
        // Each arm's condition in both versions (false where a version has no such edge).
        let mut whens: Vec<(ExprId, ExprId)> = Vec::new();
        if let (Some(p), Some(q)) = (&a.pending, &b.pending) {
            let never = self.ex.problem.boolean(false);
            let arms = p
                .edges
                .iter()
                .chain(&q.edges)
                .map(|e| e.arm)
                .max()
                .unwrap_or(0);
            for arm in 0..=arms {
                let of = |x: &Pending<'_>| x.edges.iter().find(|e| e.arm == arm).map(|e| e.when);
                match (of(p), of(q)) {
                    (None, None) => {}
                    (x, y) => whens.push((x.unwrap_or(never), y.unwrap_or(never))),
                }
            }
        }
        // A local no code left reads carries no effect (a dead definition).
        let live = self.live();
        let locals: Vec<_> = Executor::assigned_in_either(&sa, &sb)
            .into_iter()
            .filter(|l| live.contains(&l.0))
            .collect();
        let differ = self.ex.distinguish(&mut sa, &mut sb, &locals)?;
        let mut ways = Vec::new();
        disjuncts(&self.ex.problem, differ, &mut ways);
        for (x, y) in whens {
            if x != y {
                ways.push(self.ex.differs(Sym::Prim(x), Sym::Prim(y))?);
            }
        }
        ways.retain(|&w| !self.ex.is_constant(w, 0));
        ways.dedup();
        let not_here = if self.repeats {
            let mut any = self.ex.problem.boolean(false);
            for &w in &ways {
                any = self.ex.or(any, w);
            }
            Some(self.ex.not(any))
        } else {
            None
        };
        if ways.is_empty() && not_here.is_none() {
            // The versions differ only in what nothing reads any more: no effect.
            return Ok(Excitation::None);
        }
        Ok(Excitation::Subtask(Subtask::Excite {
            ways,
            not_here,
            line,
        }))
    }

    /// Whether the original's remaining walk may run the mutated statement again.
    pub(super) fn site_ahead(&self) -> bool {
        let a = &self.walkers[0];
        a.work.iter().any(|w| w.contains(self.site))
            || a.pending.as_ref().is_some_and(|p| {
                p.edges.iter().any(|e| match &e.to {
                    To::Go(works) => works.iter().any(|w| w.contains(self.site)),
                    To::Stop | To::Hang => false,
                })
            })
    }

    /// The locals either walker's remaining code may read (the pending decisions' edges
    /// included).
    pub(super) fn live(&self) -> hashbrown::HashSet<u32> {
        let mut live = hashbrown::HashSet::new();
        for w in &self.walkers {
            may_read(&w.work, &mut live);
            if let Some(p) = &w.pending {
                for e in &p.edges {
                    if let To::Go(works) = &e.to {
                        may_read(works, &mut live);
                    }
                }
            }
        }
        live
    }

    /// Whether the two walkers stand at the same place of the method: the same code left to
    /// run, at the same iterations (the mutant's positions after the edit moved back by the
    /// edit's change in length).
    pub(super) fn same_place(&self) -> bool {
        let [a, b] = &self.walkers;
        if a.finished != b.finished || a.work.len() != b.work.len() {
            return false;
        }
        let (site, delta) = (self.site, self.delta);
        let place = |w: &Work<'_>, mutant: bool| -> (u8, i64, u32) {
            let at = |s: &Stmt| {
                let start = i64::from(s.span.start);
                if mutant && start >= i64::from(site.1) + delta {
                    start - delta
                } else {
                    start
                }
            };
            match *w {
                Work::Stmt(s) => (0, at(s), 0),
                Work::Head { stmt, iteration } => (1, at(stmt), iteration),
                Work::Next { stmt, iteration } => (2, at(stmt), iteration),
                Work::Bind(s) => (3, at(s), 0),
                Work::Scope(_) => (4, 0, 0),
            }
        };
        // Decisions on conditions that differ are still to be taken: not the same place.
        let pending = |w: &Walker<'_>| {
            w.pending.as_ref().map(|p| {
                let edges: Vec<_> = p.edges.iter().map(|e| (e.arm, e.when)).collect();
                (p.line, edges)
            })
        };
        pending(a) == pending(b)
            && a.work
                .iter()
                .zip(&b.work)
                .all(|(x, y)| place(x, false) == place(y, true))
    }

    /// After "no effect at this execution": the mutant's walker continues from the
    /// original's values (they are equal on the path), so the two run on together.
    pub(super) fn unify(&mut self) {
        let [a, b] = &mut self.walkers;
        b.state = a.state.clone();
        if let (Some(p), Some(q)) = (&a.pending, &mut b.pending) {
            // Each arm's conditions are equal on the path: the original's stand for both, and
            // an arm only one version has cannot be taken.
            q.edges
                .retain_mut(|y| match p.edges.iter().find(|x| x.arm == y.arm) {
                    Some(x) => {
                        y.when = x.when;
                        true
                    }
                    None => false,
                });
        }
    }
}
