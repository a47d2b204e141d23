//! The walkers: symbolic execution of one version (the original or the mutant) up to its next
//! decision ([Zhang 2021] ch. 3.4). A walker runs simple statements on terms over the method's
//! inputs and stops where control may go more than one way (a decision node: `if`, a loop
//! head, `switch`, or a statement that may throw); the edges it offers there, each with its
//! edge condition (EC), are what the subtasks choose among. The iteration-time limit (ITL)
//! bounds the iterations a path takes through a loop.

use crate::solver::ExprId;

use crate::program::proofs::symbolic::{Executor, State, Unsupported};
use crate::program::reader::ir::{NodeId, Stmt, StmtKind};

use super::trace::Ran;

/// What a walker still has to run, innermost last.
#[derive(Clone, Copy, Debug)]
pub(super) enum Work<'m> {
    Stmt(&'m Stmt),
    /// A loop's head: its condition, before iteration `iteration` (from 0).
    Head {
        stmt: &'m Stmt,
        iteration: u32,
    },
    /// After a loop's body (normally or by `continue`): the update, then the head.
    Next {
        stmt: &'m Stmt,
        iteration: u32,
    },
    /// A for-each loop's variable bound to the current element.
    Bind(&'m Stmt),
    /// The end of a `switch` or labeled statement (where its `break` lands).
    Scope(NodeId),
}

impl Work<'_> {
    /// Whether the code this item stands for contains `site`.
    pub(super) fn contains(&self, site: (u32, u32)) -> bool {
        let s = match self {
            Work::Stmt(s) | Work::Head { stmt: s, .. } | Work::Next { stmt: s, .. } => s,
            Work::Bind(_) | Work::Scope(_) => return false,
        };
        s.span.start <= site.0 && site.1 <= s.span.end
    }
}

/// Where an edge leads.
#[derive(Clone, Debug)]
pub(super) enum To<'m> {
    /// The method is left by an exception.
    Stop,
    /// The loop goes on past the iteration-time limit: the walk ends as possibly hanging.
    Hang,
    /// Control goes on with this code first (in execution order).
    Go(Vec<Work<'m>>),
}

#[derive(Clone, Debug)]
pub(super) struct Edge<'m> {
    /// Which way out of the node it is (0 for leaving by an exception, then one per arm):
    /// two versions' decisions correspond only edge by edge with equal arms.
    pub(super) arm: usize,
    /// The edge condition (EC), a term over the inputs.
    pub(super) when: ExprId,
    pub(super) to: To<'m>,
}

/// A decision a walker has reached.
#[derive(Clone, Debug)]
pub(super) struct Pending<'m> {
    pub(super) edges: Vec<Edge<'m>>,
    /// The condition of a loop iteration left out at the iteration-time limit.
    pub(super) cut: Option<ExprId>,
    pub(super) line: u32,
    pub(super) what: &'static str,
}

#[derive(Clone, Debug)]
pub(super) struct Walker<'m> {
    pub(super) state: State,
    pub(super) work: Vec<Work<'m>>,
    pub(super) pending: Option<Pending<'m>>,
    pub(super) finished: bool,
    /// The walk stopped in a loop still running at the iteration-time limit: the version may
    /// never return (a candidate test, the interpreter's step limit decides).
    pub(super) hangs: bool,
    /// The statements, conditions and loop updates run, in order, when a trace asks for them
    /// (`None` otherwise, so searches pay nothing).
    pub(super) ran: Option<Vec<Ran>>,
}

/// The locals code may read (or write: a superset is safe), hidden for-each locals included.
fn locals_in(s: &Stmt, out: &mut hashbrown::HashSet<u32>) {
    if let StmtKind::ForEach {
        var,
        array_local,
        index_local,
        ..
    } = &s.kind
    {
        out.extend([var.0, array_local.0, index_local.0]);
    }
    for e in s.expressions() {
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            if let crate::program::reader::ir::ExprKind::Local(l) = &e.kind {
                out.insert(l.0);
            }
            stack.extend(e.children());
        }
    }
    for sub in s.substatements() {
        locals_in(sub, out);
    }
}

/// The locals the rest of a walk may read.
pub(super) fn may_read(work: &[Work<'_>], out: &mut hashbrown::HashSet<u32>) {
    for w in work {
        match *w {
            Work::Stmt(s)
            | Work::Head { stmt: s, .. }
            | Work::Next { stmt: s, .. }
            | Work::Bind(s) => locals_in(s, out),
            Work::Scope(_) => {}
        }
    }
}

/// Whether two decisions have the same edges (the same arms, under the same conditions):
/// then both versions take the same one.
pub(super) fn same_edges(p: &Pending<'_>, q: &Pending<'_>) -> bool {
    p.edges.len() == q.edges.len()
        && p.edges
            .iter()
            .zip(&q.edges)
            .all(|(x, y)| x.arm == y.arm && x.when == y.when)
}

/// Evaluates a condition's value.
fn condition(
    ex: &mut Executor<'_>,
    st: &mut State,
    e: &crate::program::reader::ir::Expr,
) -> Result<ExprId, Unsupported> {
    let v = ex.eval(st, e, None)?;
    ex.primitive(v)
}

/// Sets the walker's decision after code that may have thrown: the exception's edge, then one
/// edge per arm (condition, code to run), each under "no exception".
fn branch<'m>(
    ex: &mut Executor<'m>,
    walker: &mut Walker<'m>,
    stmt: &'m Stmt,
    what: &'static str,
    arms: Vec<(ExprId, Vec<Work<'m>>)>,
    cut: Option<ExprId>,
) -> Result<(), Unsupported> {
    let ok = ex.goes_on(&walker.state)?;
    if ex.is_constant(ok, 0) {
        walker.finished = true;
        return Ok(());
    }
    let mut edges = Vec::new();
    if !ex.is_constant(ok, 1) {
        let thrown = ex.not(ok);
        edges.push(Edge {
            arm: 0,
            when: thrown,
            to: To::Stop,
        });
    }
    for (k, (c, works)) in arms.into_iter().enumerate() {
        let when = ex.and(ok, c);
        if !ex.is_constant(when, 0) {
            edges.push(Edge {
                arm: k + 1,
                when,
                to: To::Go(works),
            });
        }
    }
    let cut = cut.map(|c| ex.and(ok, c));
    walker.pending = Some(Pending {
        edges,
        cut,
        line: stmt.span.line,
        what,
    });
    Ok(())
}

/// Runs the walker's next piece of work.
pub(super) fn step<'m>(
    ex: &mut Executor<'m>,
    walker: &mut Walker<'m>,
    iterations: u32,
) -> Result<(), Unsupported> {
    let Some(item) = walker.work.pop() else {
        walker.finished = true;
        return Ok(());
    };
    if let Some(ran) = &mut walker.ran {
        match item {
            Work::Stmt(s) => match &s.kind {
                StmtKind::Block(_) | StmtKind::Labeled { .. } | StmtKind::Empty => {}
                // Loops are recorded at their heads.
                StmtKind::While { .. }
                | StmtKind::Do { .. }
                | StmtKind::For { .. }
                | StmtKind::ForEach { .. } => {}
                StmtKind::If { .. } | StmtKind::Switch { .. } => ran.push(Ran::Predicate(s.id.0)),
                _ => ran.push(Ran::Statement(s.id.0)),
            },
            Work::Head { stmt, .. } => ran.push(Ran::Predicate(stmt.id.0)),
            Work::Next { stmt, .. } => match &stmt.kind {
                StmtKind::For { update, .. } => {
                    ran.extend(update.iter().map(|u| Ran::Update(u.id.0)))
                }
                StmtKind::Do { .. } => ran.push(Ran::Predicate(stmt.id.0)),
                _ => {}
            },
            Work::Bind(_) | Work::Scope(_) => {}
        }
    }
    let st = &mut walker.state;
    match item {
        Work::Scope(_) => {}
        Work::Bind(s) => {
            if let StmtKind::ForEach {
                var,
                array_local,
                index_local,
                ..
            } = &s.kind
            {
                ex.for_each_element(st, *var, *array_local, *index_local)?;
            }
        }
        Work::Stmt(s) => match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Expr(_) | StmtKind::Locals(_) => {
                ex.exec(st, s)?;
                let t = ex_true(ex);
                branch(ex, walker, s, "statement", vec![(t, Vec::new())], None)?;
                settle_if_single(ex, walker);
            }
            StmtKind::Block(stmts) => walker.work.extend(stmts.iter().rev().map(Work::Stmt)),
            StmtKind::ThrowValue(_) | StmtKind::Try { .. } => {
                return Err(Unsupported(
                    "exceptions thrown as objects or handled".into(),
                ));
            }
            StmtKind::Labeled { body, .. } => {
                walker.work.push(Work::Scope(s.id));
                walker.work.push(Work::Stmt(body));
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = condition(ex, st, cond)?;
                let not_c = ex.not(c);
                let arms = vec![
                    (c, vec![Work::Stmt(then)]),
                    (not_c, otherwise.iter().map(|o| Work::Stmt(o)).collect()),
                ];
                branch(ex, walker, s, "if", arms, None)?;
            }
            StmtKind::While { .. } => walker.work.push(Work::Head {
                stmt: s,
                iteration: 0,
            }),
            StmtKind::Do { body, .. } => {
                walker.work.push(Work::Next {
                    stmt: s,
                    iteration: 1,
                });
                walker.work.push(Work::Stmt(body));
            }
            StmtKind::For { init, .. } => {
                walker.work.push(Work::Head {
                    stmt: s,
                    iteration: 0,
                });
                walker.work.extend(init.iter().rev().map(Work::Stmt));
            }
            StmtKind::ForEach {
                array,
                array_local,
                index_local,
                ..
            } => {
                ex.for_each_start(st, array, *array_local, *index_local)?;
                walker.work.push(Work::Head {
                    stmt: s,
                    iteration: 0,
                });
                let t = ex_true(ex);
                branch(ex, walker, s, "for-each", vec![(t, Vec::new())], None)?;
                settle_if_single(ex, walker);
            }
            StmtKind::Switch { scrutinee, groups } => {
                let v = ex.eval(st, scrutinee, None)?;
                let v = ex.primitive(v)?;
                let mut matched = Vec::with_capacity(groups.len());
                let mut any = ex.problem.boolean(false);
                for g in groups {
                    let mut m = ex.problem.boolean(false);
                    for l in g.labels.iter().flatten() {
                        let eq = ex.matches_label(v, l)?;
                        m = ex.or(m, eq);
                    }
                    any = ex.or(any, m);
                    matched.push(m);
                }
                let none = ex.not(any);
                let rest = |k: usize| -> Vec<Work<'m>> {
                    groups[k..]
                        .iter()
                        .flat_map(|g| g.stmts.iter().map(Work::Stmt))
                        .chain(std::iter::once(Work::Scope(s.id)))
                        .collect()
                };
                let mut arms = Vec::new();
                let mut default = false;
                for (k, g) in groups.iter().enumerate() {
                    let mut enter = matched[k];
                    if g.labels.iter().any(Option::is_none) {
                        enter = ex.or(enter, none);
                        default = true;
                    }
                    arms.push((enter, rest(k)));
                }
                if !default {
                    arms.push((none, Vec::new()));
                }
                branch(ex, walker, s, "switch", arms, None)?;
            }
            StmtKind::Break { target } => loop {
                match walker.work.pop() {
                    Some(Work::Scope(id)) if id == *target => break,
                    Some(Work::Next { stmt, .. }) if stmt.id == *target => break,
                    Some(_) => {}
                    None => return Err(Unsupported("a break out of the method".into())),
                }
            },
            StmtKind::Continue { target } => loop {
                match walker.work.last() {
                    Some(Work::Next { stmt, .. }) if stmt.id == *target => break,
                    Some(_) => {
                        walker.work.pop();
                    }
                    None => return Err(Unsupported("a continue out of the method".into())),
                }
            },
            StmtKind::Return(_) | StmtKind::Throw { .. } => {
                ex.exec(st, s)?;
                walker.finished = true;
            }
        },
        Work::Head { stmt, iteration } => {
            let (c, body) = match &stmt.kind {
                StmtKind::While { cond, body } | StmtKind::Do { cond, body } => {
                    (condition(ex, st, cond)?, body)
                }
                StmtKind::For { cond, body, .. } => match cond {
                    Some(c) => (condition(ex, st, c)?, body),
                    None => (ex_true(ex), body),
                },
                StmtKind::ForEach {
                    array_local,
                    index_local,
                    body,
                    ..
                } => (ex.for_each_condition(st, *array_local, *index_local)?, body),
                _ => unreachable!("a loop head is a loop's"),
            };
            let mut enter = Vec::with_capacity(3);
            if matches!(stmt.kind, StmtKind::ForEach { .. }) {
                enter.push(Work::Bind(stmt));
            }
            enter.push(Work::Stmt(body));
            enter.push(Work::Next {
                stmt,
                iteration: iteration + 1,
            });
            let leave = ex.not(c);
            if iteration >= iterations {
                branch(ex, walker, stmt, "loop", vec![(leave, Vec::new())], Some(c))?;
            } else {
                // Leaving first: shorter paths are tried before longer ones.
                branch(
                    ex,
                    walker,
                    stmt,
                    "loop",
                    vec![(leave, Vec::new()), (c, enter)],
                    None,
                )?;
            }
        }
        Work::Next { stmt, iteration } => {
            match &stmt.kind {
                StmtKind::For { update, .. } => {
                    for e in update {
                        ex.eval(st, e, None)?;
                    }
                }
                StmtKind::ForEach { index_local, .. } => ex.for_each_advance(st, *index_local)?,
                _ => {}
            }
            walker.work.push(Work::Head { stmt, iteration });
            let t = ex_true(ex);
            branch(ex, walker, stmt, "loop update", vec![(t, Vec::new())], None)?;
            settle_if_single(ex, walker);
        }
    }
    Ok(())
}

fn ex_true(ex: &mut Executor<'_>) -> ExprId {
    ex.problem.boolean(true)
}

/// A statement that cannot throw leaves no decision: it just goes on.
fn settle_if_single(ex: &mut Executor<'_>, walker: &mut Walker<'_>) {
    if let Some(p) = &walker.pending
        && p.cut.is_none()
        && p.edges.len() == 1
        && ex.is_constant(p.edges[0].when, 1)
    {
        walker.pending = None;
        ex.settle(&mut walker.state);
    }
}
