//! The stutter rule ([`super::Rule::Stutter`]): a mutant that turns a read of a `for`
//! loop's counter in its body into a post-decrement the loop's update undoes (or a
//! post-increment undone by `i--`) runs an iteration twice with the same counter; it is
//! equivalent when symbolic execution of the body, from its entry facts, shows the first
//! pass leaves the original's state and the second changes nothing (`smallest =
//! values[i--]` in a minimum's loop). The shape is checked on the text first.

use crate::program::mutants::mutant::Mutant;
use crate::program::reader::ir::{BinaryOp, Body, ExprKind, Stmt, StmtKind};

use super::MethodProver;
use super::prover::disjuncts;

/// How many times a region question's limits the stutter question gets: it is asked only of
/// mutants no region proved, and its terms hold the body three times (a bubble sort's swap
/// takes about a million propagations, most in the relations between the three passes'
/// indices).
const STUTTER_EFFORT: u64 = 20;

/// The shape [`MethodProver::stutter`] needs, checked on the text: mutant `m` turns a read of
/// the counter of the innermost loop around it, a `for` with the read in its body, into a
/// post-increment or post-decrement the loop's one update undoes; the condition is plain
/// (locals, literals, lengths, operators) and nothing in the body assigns its locals or the
/// counter, declares them, or jumps. The counter and the loop's body.
fn stutter_shape<'b>(
    body: &'b Body,
    m: &Mutant,
    mutant_body: &Body,
) -> Option<(crate::program::reader::ir::LocalId, &'b Stmt)> {
    use crate::program::proofs::regions::chain;
    let site = (m.start, m.end);
    // The innermost loop around the site, a `for` with the site in its body.
    let &(list, i) = chain(body, site).iter().rev().find(|&&(list, i)| {
        matches!(
            list[i].kind,
            StmtKind::For { .. }
                | StmtKind::While { .. }
                | StmtKind::Do { .. }
                | StmtKind::ForEach { .. }
        )
    })?;
    let StmtKind::For {
        cond: Some(cond),
        update,
        body: loop_body,
        ..
    } = &list[i].kind
    else {
        return None;
    };
    let inside = |s: &Stmt| s.span.start <= site.0 && site.1 <= s.span.end;
    if !inside(loop_body) || cond.has_effects() {
        return None;
    }
    // The mutated read: a local, the counter.
    let mut counter = None;
    crate::program::reader::visit_stmts(std::slice::from_ref(loop_body), &mut |e| {
        if let ExprKind::Local(l) = e.kind
            && (e.span.start, e.span.end) == site
        {
            counter = Some(l);
        }
    });
    let counter = counter?;
    if !body.locals[counter.0 as usize].ty.is_integral() {
        return None;
    }
    // The mutant's read: a post-increment or post-decrement of it.
    let edit = (m.start, m.start + m.replacement.len() as u32);
    let mut step = None;
    crate::program::reader::visit_stmts(&mutant_body.stmts, &mut |e| {
        if let ExprKind::IncDec {
            target,
            increment,
            prefix: false,
        } = &e.kind
            && matches!(target.kind, ExprKind::Local(l) if l == counter)
            && (e.span.start, e.span.end) == edit
        {
            step = Some(*increment);
        }
    });
    let mutant_increments = step?;
    // The update undoes it: one `++`/`--` (or `+= 1`/`-= 1`) of the counter the other way.
    let undoes = match update.as_slice() {
        [u] => match &u.kind {
            ExprKind::IncDec {
                target, increment, ..
            } => {
                matches!(target.kind, ExprKind::Local(l) if l == counter)
                    && *increment != mutant_increments
            }
            ExprKind::Assign {
                target,
                op: Some(op @ (BinaryOp::Add | BinaryOp::Sub)),
                value,
                ..
            } => {
                matches!(target.kind, ExprKind::Local(l) if l == counter)
                    && matches!(&value.unconverted().kind, ExprKind::Literal(c) if c.bits() == Some(1))
                    && (*op == BinaryOp::Add) != mutant_increments
            }
            _ => false,
        },
        _ => false,
    };
    if !undoes {
        return None;
    }
    // Nothing in the body assigns the counter or the condition's locals, reads a field in
    // the condition, or jumps.
    let mut cond_locals = Vec::new();
    let mut cond_plain = true;
    crate::program::reader::visit_expr(cond, &mut |e| match &e.kind {
        ExprKind::Local(l) => cond_locals.push(*l),
        ExprKind::Literal(_)
        | ExprKind::Length(_)
        | ExprKind::Binary { .. }
        | ExprKind::Unary(..)
        | ExprKind::Convert(_) => {}
        _ => cond_plain = false,
    });
    if !cond_plain {
        return None;
    }
    let mut assigned_or_jumps = false;
    fn scan(s: &Stmt, bad: &mut dyn FnMut(&Stmt)) {
        bad(s);
        for c in s.substatements() {
            scan(c, bad);
        }
    }
    scan(loop_body, &mut |s| {
        if matches!(
            s.kind,
            StmtKind::Break { .. } | StmtKind::Continue { .. } | StmtKind::Labeled { .. }
        ) {
            assigned_or_jumps = true;
        }
        if let StmtKind::Locals(decls) = &s.kind
            && decls
                .iter()
                .any(|(l, _)| *l == counter || cond_locals.contains(l))
        {
            assigned_or_jumps = true;
        }
    });
    crate::program::reader::visit_stmts(std::slice::from_ref(loop_body), &mut |e| {
        if let ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } = &e.kind
            && let ExprKind::Local(l) = target.kind
            && (l == counter || cond_locals.contains(&l))
        {
            assigned_or_jumps = true;
        }
    });
    if assigned_or_jumps {
        return None;
    }
    Some((counter, &**loop_body))
}

impl<'u> MethodProver<'u> {
    /// Whether mutant `m` turns a read of a `for` loop's counter in the loop's body into a
    /// post-decrement that the loop's update (`i++`) undoes, or a post-increment that `i--`
    /// undoes, so that an iteration in which it runs is followed by a second pass with the
    /// same counter; equivalent when, from the body's entry (zones and guards at hand):
    ///
    /// - the mutant's body leaves the original's state, counter put back (where it runs);
    /// - when that pass goes on, a second pass of the mutant's body from there changes
    ///   nothing, ends normally and leaves the counter alone.
    ///
    /// The loop condition is true again at the second pass: nothing in the body assigns its
    /// locals but the counter, which is back. The body may not `break` or `continue` (the
    /// update would not follow the pass, or would follow it from elsewhere). The mutant then
    /// runs the original's iterations with passes that change nothing between them.
    pub(super) fn stutter(&mut self, m: &Mutant, mutant_body: &Body) -> bool {
        use crate::program::proofs::regions::{Part, find_again};
        use crate::program::proofs::symbolic::TIE_ROUNDS;
        use crate::solver::{SolveOptions, Verdict};
        let site = (m.start, m.end);
        let body = self.body;
        let Some((counter, loop_body)) = stutter_shape(body, m, mutant_body) else {
            return false;
        };
        let stmts: &[Stmt] = match &loop_body.kind {
            StmtKind::Block(v) if !v.is_empty() => v,
            StmtKind::Block(_) => return false,
            _ => std::slice::from_ref(loop_body),
        };
        let part = Part::Stmts(stmts);
        let delta = m.replacement.len() as i64 - (m.end as i64 - m.start as i64);
        let Some(Part::Stmts(mutated)) = find_again(mutant_body, &part, site, delta) else {
            return false;
        };
        // The site lies in no loop inside the body (the loop found is the innermost around
        // it), so a pass runs the mutated read once at most, and the update then puts the
        // counter back where the pass found it.
        let ex = &mut self.executor;
        let checkpoint = ex.checkpoint();
        let options = SolveOptions {
            node_limit: STUTTER_EFFORT * self.options.node_limit,
            backtrack_limit: 2 * STUTTER_EFFORT * self.options.node_limit,
            propagation_limit: STUTTER_EFFORT * self.options.propagation_limit,
            ..SolveOptions::default()
        };
        let answer = (|| -> Result<bool, crate::program::proofs::symbolic::Unsupported> {
            ex.constructing = false;
            let mut original = ex.entry()?;
            ex.exec_all(&mut original, stmts)?;
            let mut start = ex.entry()?;
            let before = ex.local(&mut start, counter)?;
            let mut first = start;
            ex.exec_all(&mut first, mutated)?;
            let after = ex.local(&mut first, counter)?;
            let ran = ex.differs(after, before)?;
            ex.put_local(&mut first, counter, before);
            let mut second = first.clone();
            ex.exec_all(&mut second, mutated)?;
            let again = ex.local(&mut second, counter)?;
            let ran_again = ex.differs(again, before)?;
            let mut live: Vec<crate::program::reader::ir::LocalId> = original
                .assigned()
                .chain(first.assigned())
                .chain(second.assigned())
                .collect();
            live.sort_by_key(|l| l.0);
            live.dedup();
            let differs_once = ex.distinguish(&mut original, &mut first, &live)?;
            let differs_twice = ex.distinguish(&mut first, &mut second, &live)?;
            let on = ex.goes_on(&first)?;
            let repeat_bad = ex.or(ran_again, differs_twice);
            let repeat_bad = ex.and(on, repeat_bad);
            let bad = ex.or(differs_once, repeat_bad);
            self.facts
                .constrain(ex, &stmts[0], crate::program::proofs::regions::Point::Entry);
            crate::program::proofs::guards::constrain(
                ex,
                body,
                &stmts[0],
                crate::program::proofs::regions::Point::Entry,
            );
            let mut ways = Vec::new();
            disjuncts(&ex.problem, bad, &mut ways);
            for way in ways {
                ex.problem.push();
                let asked = ex.and(ran, way);
                ex.problem.require(asked)?;
                let verdict = ex.solve_tied(options.clone(), TIE_ROUNDS).0;
                ex.problem.pop();
                if verdict != Verdict::Unsat {
                    return Ok(false);
                }
            }
            Ok(true)
        })();
        ex.rollback(checkpoint);
        answer.unwrap_or(false)
    }
}
