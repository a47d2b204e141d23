//! Regions of analysis around a mutated place ([Zhang 2021] §2.2 and §2.4): the minimal
//! region (mROA) and the wider ones tried when it proves nothing.
//!
//! Java's statements are structured, so the CFG's single-entry single-exit regions are runs
//! of statements of one block: a decision's region from the decision to its immediate
//! post-dominator is the whole `if` or loop statement. The ladder, smallest first:
//! the mutated condition or update alone (its value is the output), the innermost statement,
//! that statement to the end of its block (down to a post-dominator), then the same two
//! steps for each enclosing statement (up to a dominator), and last the whole method body.
//!
//! A region is found again in the mutant by its source positions: the mutation changes one
//! range of text, so every statement keeps its start, and its end moves by the change in
//! length when it lies after the edit.

use crate::program::reader::ir::{Body, Expr, ExprKind, LocalId, Stmt, StmtKind};

/// The program point at which an expression region starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Point {
    /// The statement's entry (an `if` condition, a `switch` scrutinee).
    Entry,
    /// A loop's head, where its condition is evaluated.
    Head,
    /// Before a `for` loop's update.
    Update,
}

/// One region: an expression evaluated at a statement's head, or a run of statements.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Part<'m> {
    /// A condition, a `for` update or a `for`-each array, evaluated alone.
    Expr {
        stmt: &'m Stmt,
        expr: &'m Expr,
        /// Where the facts at the region's entry are taken.
        point: Point,
    },
    Stmts(&'m [Stmt]),
    /// A loop entered at its head at the first evaluation of its (mutated) condition that
    /// differs: each version runs its own loop to the end from one state. Before that
    /// evaluation both ran the same code from the same state, so the state is shared; after
    /// it, whatever the original stops doing or the mutant goes on doing (one more pass that
    /// changes nothing) is what the region compares.
    Loop(&'m Stmt),
}

impl<'m> Part<'m> {
    /// The source range the region covers.
    pub(crate) fn span(&self) -> (u32, u32) {
        match self {
            Part::Expr { expr, .. } => (expr.span.start, expr.span.end),
            Part::Stmts(s) => (s[0].span.start, s[s.len() - 1].span.end),
            Part::Loop(s) => (s.span.start, s.span.end),
        }
    }

    /// The statement whose entry facts hold at the region's entry.
    pub(crate) fn first(&self) -> &'m Stmt {
        match self {
            Part::Expr { stmt, .. } => stmt,
            Part::Stmts(s) => &s[0],
            Part::Loop(s) => s,
        }
    }
}

/// The statement lists directly inside `s` (a lone substatement as a list of one).
pub(crate) fn child_lists(s: &Stmt) -> Vec<&[Stmt]> {
    fn one(b: &Stmt) -> &[Stmt] {
        match &b.kind {
            StmtKind::Block(stmts) => stmts,
            _ => std::slice::from_ref(b),
        }
    }
    match &s.kind {
        StmtKind::If {
            then, otherwise, ..
        } => std::iter::once(one(then))
            .chain(otherwise.as_deref().map(one))
            .collect(),
        StmtKind::While { body, .. }
        | StmtKind::Do { body, .. }
        | StmtKind::ForEach { body, .. }
        | StmtKind::Labeled { body, .. } => vec![one(body)],
        StmtKind::For { init, body, .. } => vec![&init[..], one(body)],
        StmtKind::Block(stmts) => vec![&stmts[..]],
        StmtKind::Switch { groups, .. } => groups.iter().map(|g| &g.stmts[..]).collect(),
        _ => Vec::new(),
    }
}

fn contains(outer: (u32, u32), inner: (u32, u32)) -> bool {
    outer.0 <= inner.0 && inner.1 <= outer.1
}

/// The lists and indices from the body down to the innermost statement containing `site`.
pub(crate) fn chain(body: &Body, site: (u32, u32)) -> Vec<(&[Stmt], usize)> {
    let mut out = Vec::new();
    let mut lists: Vec<&[Stmt]> = vec![&body.stmts];
    'down: loop {
        for list in lists {
            if let Some(i) = list
                .iter()
                .position(|s| contains((s.span.start, s.span.end), site))
            {
                out.push((list, i));
                lists = child_lists(&list[i]);
                continue 'down;
            }
        }
        return out;
    }
}

/// Statements of a block a region grows by, one at a time, before it takes the rest at once.
const MAX_STEPS: usize = 6;

/// Statements before the mutated one a region takes in, one at a time.
const MAX_BACK: usize = 2;

/// Statements before the mutated one a region may reach back over to take in definitions.
const MAX_DEFINITIONS_BACK: usize = 6;

/// How many statements before `list[i]` (at most [`MAX_DEFINITIONS_BACK`]) reach back to the
/// furthest one that assigns a local read by `list[i]`, or by a statement between them that
/// is itself taken in for that reason; 0 when none does.
fn definitions_back(list: &[Stmt], i: usize) -> usize {
    let mut needed = hashbrown::HashSet::new();
    locals_read(&list[i], &mut needed);
    let mut back = 0;
    for k in 1..=MAX_DEFINITIONS_BACK.min(i) {
        let s = &list[i - k];
        let assigns = match &s.kind {
            StmtKind::Locals(decls) => decls.iter().any(|(l, _)| needed.contains(l)),
            StmtKind::Expr(e) => match &e.kind {
                ExprKind::Assign { target, .. } => {
                    matches!(target.kind, ExprKind::Local(l) if needed.contains(&l))
                }
                _ => false,
            },
            _ => false,
        };
        if assigns {
            back = k;
            locals_read(s, &mut needed);
        }
    }
    back
}

/// Adds every local `s` mentions (nested statements included) to `out`.
fn locals_read(s: &Stmt, out: &mut hashbrown::HashSet<LocalId>) {
    crate::program::reader::visit_stmts(std::slice::from_ref(s), &mut |e| {
        if let ExprKind::Local(l) = e.kind {
            out.insert(l);
        }
    });
}

/// The regions for a mutation of `site`, smallest first, and the spans of the loops that
/// enclose each (for liveness).
pub(crate) fn ladder(body: &Body, site: (u32, u32)) -> Vec<Part<'_>> {
    let chain = chain(body, site);
    let mut parts = Vec::new();
    let Some(&(list, i)) = chain.last() else {
        return parts;
    };
    let s = &list[i];
    let in_expr = |e: &Expr| contains((e.span.start, e.span.end), site);
    match &s.kind {
        StmtKind::If { cond, .. }
        | StmtKind::Switch {
            scrutinee: cond, ..
        } if in_expr(cond) => parts.push(Part::Expr {
            stmt: s,
            expr: cond,
            point: Point::Entry,
        }),
        StmtKind::While { cond, .. } | StmtKind::Do { cond, .. } if in_expr(cond) => {
            parts.push(Part::Expr {
                stmt: s,
                expr: cond,
                point: Point::Head,
            });
            parts.push(Part::Loop(s));
        }
        StmtKind::For { cond, update, .. } => {
            if let Some(c) = cond.as_ref().filter(|c| in_expr(c)) {
                parts.push(Part::Expr {
                    stmt: s,
                    expr: c,
                    point: Point::Head,
                });
                parts.push(Part::Loop(s));
            }
            if let Some(u) = update.iter().find(|u| in_expr(u)) {
                parts.push(Part::Expr {
                    stmt: s,
                    expr: u,
                    point: Point::Update,
                });
            }
        }
        _ => {}
    }
    for &(list, i) in chain.iter().rev() {
        // The statement, then it with each following statement of its block in turn: the
        // effect may die a few statements on (a temporary read by the next decision) before
        // the block reaches something no region can prove (a loop not fully unwound).
        for j in i..list.len().min(i + MAX_STEPS) {
            parts.push(Part::Stmts(&list[i..=j]));
        }
        if i + MAX_STEPS < list.len() {
            parts.push(Part::Stmts(&list[i..]));
        }
        // Widened back over the statements just before ([Zhang 2021] §2.4: up to a dominator):
        // what they did is then known, not a free input (an index they already used is in
        // bounds, a value they computed is that value).
        for k in 1..=MAX_BACK.min(i) {
            parts.push(Part::Stmts(&list[i - k..=(i + k).min(list.len() - 1)]));
        }
        // And back to the definitions the statement reads, when they sit further up (three
        // `int m = year % k;` before a decision on the m's: the region then knows they are
        // remainders of one year).
        let back = definitions_back(list, i);
        if back > MAX_BACK {
            parts.push(Part::Stmts(&list[i - back..=i]));
        }
    }
    if !body.stmts.is_empty() {
        let whole = Part::Stmts(&body.stmts[..]);
        if parts.last().map(|p| p.span()) != Some(whole.span()) {
            parts.push(whole);
        }
    }
    parts
}

/// A CFG node's source span (`None` for entry and exit) and successors.
type FlowNode = (Option<(u32, u32)>, Vec<usize>);

/// Which locals are live where, over the method's control-flow graph: a local is live after a
/// region when some path from one of the region's exits reads it before a statement that
/// certainly overwrites it ([Zhang 2021] §2.2: only live values are observable outputs of a
/// region).
/// Uses count every read on the node, conditional ones included; only whole-statement
/// assignments `x = e;`, initialized declarations and a for-each loop's variable (assigned on
/// entering the body, out of scope after) kill, so the result is a sound over-approximation.
pub(crate) struct Liveness {
    /// Per CFG node, the locals live on entry to it.
    live_in: Vec<bitvec::vec::BitVec>,
    /// Per CFG node, its source span and successors.
    nodes: Vec<FlowNode>,
}

impl Liveness {
    pub(crate) fn new(cfg: &crate::program::model::cfg::Cfg, body: &Body) -> Liveness {
        use crate::program::model::cfg::{NodeKind, Var};
        use bitvec::vec::BitVec;
        use petgraph::visit::EdgeRef;
        let count = body.locals.len();
        let graph = &cfg.graph;
        let n = graph.node_count();
        let mut uses = vec![BitVec::repeat(false, count); n];
        let mut kills = vec![BitVec::repeat(false, count); n];
        let mut nodes = Vec::with_capacity(n);
        for ix in graph.node_indices() {
            let node = &graph[ix];
            let i = ix.index();
            for v in &node.uses {
                if let Var::Local(l) = v {
                    uses[i].set(l.0 as usize, true);
                }
            }
            let killed: Vec<LocalId> = match node.kind {
                NodeKind::Statement(id) => {
                    match crate::program::model::cfg::find_stmt(&body.stmts, id).map(|s| &s.kind) {
                        Some(StmtKind::Expr(Expr {
                            kind:
                                ExprKind::Assign {
                                    target, op: None, ..
                                },
                            ..
                        })) => match target.kind {
                            ExprKind::Local(l) => vec![l],
                            _ => Vec::new(),
                        },
                        Some(StmtKind::Locals(decls)) => decls
                            .iter()
                            .filter(|(_, init)| init.is_some())
                            .map(|(l, _)| *l)
                            .collect(),
                        _ => Vec::new(),
                    }
                }
                NodeKind::Predicate(id) => {
                    match crate::program::model::cfg::find_stmt(&body.stmts, id).map(|s| &s.kind) {
                        Some(StmtKind::ForEach { var, .. }) => vec![*var],
                        _ => Vec::new(),
                    }
                }
                _ => Vec::new(),
            };
            for l in killed {
                // A read on the node itself comes first (`x = x + 1`): uses win below.
                kills[i].set(l.0 as usize, true);
            }
            let span = match node.kind {
                NodeKind::Entry | NodeKind::Exit => None,
                _ => Some((node.span.start, node.span.end)),
            };
            let successors = graph.edges(ix).map(|e| e.target().index()).collect();
            nodes.push((span, successors));
        }
        let mut live_in = uses.clone();
        loop {
            let mut changed = false;
            for i in (0..n).rev() {
                let mut out = BitVec::repeat(false, count);
                for &s in &nodes[i].1 {
                    out |= &live_in[s];
                }
                let mut kept = out & !kills[i].clone();
                kept |= &uses[i];
                if kept != live_in[i] {
                    live_in[i] = kept;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Liveness { live_in, nodes }
    }

    /// The locals live after the statements spanning `region`: live on entry to a node outside
    /// the region that a node inside it leads to.
    pub(crate) fn after(&self, region: (u32, u32)) -> Vec<LocalId> {
        let inside = |i: usize| matches!(self.nodes[i].0, Some(s) if contains(region, s));
        let mut live = bitvec::vec::BitVec::<usize>::repeat(
            false,
            self.live_in.first().map_or(0, |b| b.len()),
        );
        for i in (0..self.nodes.len()).filter(|&i| inside(i)) {
            for &s in &self.nodes[i].1 {
                if !inside(s) {
                    live |= &self.live_in[s];
                }
            }
        }
        live.iter_ones().map(|l| LocalId(l as u32)).collect()
    }
}

/// Finds in `body` (the mutant's) the region that is `part` in the original, given the edit:
/// original text `[start, end)` replaced by `delta` more bytes.
pub(crate) fn find_again<'b>(
    body: &'b Body,
    part: &Part<'_>,
    edit: (u32, u32),
    delta: i64,
) -> Option<Part<'b>> {
    let map = |p: u32| -> u32 {
        if p >= edit.1 {
            (p as i64 + delta) as u32
        } else {
            p
        }
    };
    fn find_list(lists: Vec<&[Stmt]>, start: u32) -> Option<(&[Stmt], usize)> {
        for list in lists {
            if let Some(i) = list.iter().position(|s| s.span.start == start) {
                return Some((list, i));
            }
            for s in list {
                if s.span.start <= start
                    && start < s.span.end
                    && let Some(found) = find_list(child_lists(s), start)
                {
                    return Some(found);
                }
            }
        }
        None
    }
    match part {
        Part::Stmts(stmts) => {
            let (list, i) = find_list(vec![&body.stmts[..]], stmts[0].span.start)?;
            let end = map(stmts[stmts.len() - 1].span.end);
            let j = list.iter().position(|s| s.span.end == end)?;
            (j >= i).then(|| Part::Stmts(&list[i..=j]))
        }
        Part::Loop(stmt) => {
            let (list, i) = find_list(vec![&body.stmts[..]], stmt.span.start)?;
            Some(Part::Loop(&list[i]))
        }
        Part::Expr { stmt, expr, point } => {
            let (list, i) = find_list(vec![&body.stmts[..]], stmt.span.start)?;
            let s = &list[i];
            let want = expr.span.start;
            let found = s.expressions().into_iter().find(|e| e.span.start == want)?;
            Some(Part::Expr {
                stmt: s,
                expr: found,
                point: *point,
            })
        }
    }
}

/// The condition of a `while`, `do` or `for` loop (`None` for other statements and a `for`
/// without one).
pub(crate) fn loop_condition(s: &Stmt) -> Option<&Expr> {
    match &s.kind {
        StmtKind::While { cond, .. } | StmtKind::Do { cond, .. } => Some(cond),
        StmtKind::For { cond, .. } => cond.as_ref(),
        _ => None,
    }
}
