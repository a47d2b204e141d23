//! `try`/`catch`/`finally` compiled as `javac` lays them out (JVMS §3.13, JLS §14.20): the
//! code ranges each `catch` and each `finally` protects, and a `finally` block copied to
//! every way out of its `try` (a jump or a return leaving it), outside its own ranges.

use super::code::{Handler, Instr};
use super::compile::FunctionCompiler;
use crate::program::reader::ir::*;

/// A `try` statement while its code is emitted: the ranges its catches and its `finally`
/// protect so far (a range is closed while a `finally` block is copied out of it).
pub(super) struct TryContext {
    pub(super) catch_ranges: Vec<(u32, u32)>,
    pub(super) catch_open: Option<u32>,
    pub(super) all_ranges: Vec<(u32, u32)>,
    pub(super) all_open: Option<u32>,
    pub(super) finally: Option<Stmt>,
    /// How many jump targets were open when it started (a jump to one of them leaves it).
    pub(super) targets_outside: usize,
}

impl TryContext {
    pub(super) fn suspend(&mut self, here: u32) -> (bool, bool) {
        let close = |open: &mut Option<u32>, ranges: &mut Vec<(u32, u32)>| {
            open.take()
                .map(|start| {
                    if start < here {
                        ranges.push((start, here));
                    }
                })
                .is_some()
        };
        let c = close(&mut self.catch_open, &mut self.catch_ranges);
        let a = close(&mut self.all_open, &mut self.all_ranges);
        (c, a)
    }
}

impl FunctionCompiler<'_> {
    /// Copies the `finally` blocks a jump to `target` (`None`: a return) leaves, innermost
    /// first, each outside the ranges of its own `try` statement and those inside it, but
    /// inside the ranges of the `try` statements around it: an exception a copied `finally`
    /// throws is caught by an enclosing `catch`, as in `javac`'s layout.
    pub(super) fn leave_tries(&mut self, target: Option<NodeId>) {
        let left = self.tries_left(target);
        let mut k = self.tries.len();
        while k > left {
            k -= 1;
            let here = self.code.len() as u32;
            let t = &mut self.tries[k];
            let (c, a) = t.suspend(here);
            // Remembered as `Some(u32::MAX)`: reopened by `resume_tries`.
            if c {
                t.catch_open = Some(u32::MAX);
            }
            if a {
                t.all_open = Some(u32::MAX);
            }
            if let Some(f) = self.tries[k].finally.clone() {
                let inner = self.tries.split_off(k);
                self.stmt(&f);
                self.tries.extend(inner);
            }
        }
    }

    /// Reopens the ranges [`Self::leave_tries`] closed, after the jump.
    pub(super) fn resume_tries(&mut self, target: Option<NodeId>) {
        let left = self.tries_left(target);
        let here = self.code.len() as u32;
        for t in &mut self.tries[left..] {
            if t.catch_open == Some(u32::MAX) {
                t.catch_open = Some(here);
            }
            if t.all_open == Some(u32::MAX) {
                t.all_open = Some(here);
            }
        }
    }

    /// The index of the outermost `try` a jump to `target` leaves.
    pub(super) fn tries_left(&self, target: Option<NodeId>) -> usize {
        match target.and_then(|t| self.open_targets.iter().position(|&o| o == t)) {
            Some(depth) => self
                .tries
                .iter()
                .position(|t| t.targets_outside > depth)
                .unwrap_or(self.tries.len()),
            None => 0,
        }
    }

    /// `try`/`catch`/`finally` as `javac` lays it out: the body, its `finally` copied at
    /// each way out, each catch's code with its own copy, and a catch-all that runs the
    /// `finally` block and throws the exception again.
    pub(super) fn try_statement(
        &mut self,
        body: &Stmt,
        catches: &[CatchClause],
        finally: Option<&Stmt>,
    ) {
        let start = self.code.len() as u32;
        self.tries.push(TryContext {
            catch_ranges: Vec::new(),
            catch_open: Some(start),
            all_ranges: Vec::new(),
            all_open: finally.is_some().then_some(start),
            finally: finally.cloned(),
            targets_outside: self.open_targets.len(),
        });
        let mut exits = Vec::new();
        self.stmt(body);
        let here = self.code.len() as u32;
        let top = self.tries.len() - 1;
        let (_, all) = self.tries[top].suspend(here);
        let copy_finally = |c: &mut Self, exits: &mut Vec<usize>| {
            if let Some(f) = finally {
                let ctx = c.tries.pop().expect("this try");
                c.stmt(f);
                c.tries.push(ctx);
            }
            exits.push(c.code.len());
            c.code.push(Instr::Jump { to: 0 });
        };
        copy_finally(self, &mut exits);
        let mut handlers = Vec::new();
        for catch in catches {
            let target = self.code.len() as u32;
            handlers.push(Handler {
                ranges: self.tries[top].catch_ranges.clone(),
                classes: catch.classes.clone(),
                target,
                reg: catch.local.0,
            });
            if all {
                self.tries[top].all_open = Some(target);
            }
            self.stmt(&catch.body);
            let here = self.code.len() as u32;
            self.tries[top].suspend(here);
            copy_finally(self, &mut exits);
        }
        let ctx = self.tries.pop().expect("this try");
        if let Some(f) = finally {
            let target = self.code.len() as u32;
            let reg = self.temp();
            handlers.push(Handler {
                ranges: ctx.all_ranges,
                classes: Vec::new(),
                target,
                reg,
            });
            self.stmt(f);
            self.code.push(Instr::ThrowObject { src: reg });
        }
        // Inner `try` statements finished first: their handlers come before these.
        self.handlers.extend(handlers);
        let end = self.code.len() as u32;
        for at in exits {
            self.patch(at, end);
        }
    }
}
