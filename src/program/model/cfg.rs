//! A method as a control-flow graph with def-use information ([Zhang 2021] ch. 2.3.5.1 and
//! ch. 3.2): statement-level nodes on a `petgraph` graph with one entry and one exit,
//! dominators and post-dominators (petgraph's [Cooper, Harvey & Kennedy 2001]), control
//! dependence, reaching definitions, def-use chains
//! with numbered definitions and uses (`def_n(v)`, `use_n(v)`), the control and data dependence
//! graph, and the method's inputs and outputs.
//!
//! Nodes are simple statements (an expression statement, a declaration, `return`, `throw`,
//! `break`, `continue`) and predicates (the condition of `if`, `while`, `do`, `for`, the
//! scrutinee of `switch`, the "next element" test of a for-each loop). Exceptions the JVM raises
//! inside a statement are not edges: a statement's node has the edges of its normal completion;
//! `throw` goes to the exit. Array elements are tracked as one variable per array (`a[]`): a
//! store into an element defines it without killing earlier definitions.

use std::fmt;

use bitvec::vec::BitVec;
use petgraph::algo::dominators::{self, Dominators};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{EdgeRef, Reversed};

use crate::program::reader::ir::*;

/// A variable of the def-use analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Var {
    Local(LocalId),
    Field(FieldRef),
    /// The elements of the array held by a local or a field.
    Elements(Base),
}

/// What holds an array whose elements are a [`Var::Elements`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Base {
    Local(LocalId),
    Field(FieldRef),
    /// An array reached through something else (a call's result, an element of an element).
    Other,
}

/// What a node is.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    Entry,
    Exit,
    /// A simple statement.
    Statement(NodeId),
    /// A branching condition (the statement's id).
    Predicate(NodeId),
    /// An update expression of a `for` loop (the expression's id).
    Update(NodeId),
}

/// A node with its source place, its text and the variables it defines and uses.
#[derive(Clone, Debug)]
pub struct CfgNode {
    pub kind: NodeKind,
    pub span: Span,
    /// Source text of the statement or condition, on one line.
    pub label: String,
    pub defs: Vec<Var>,
    pub uses: Vec<Var>,
    /// Whether the node writes to `System.out`.
    pub prints: bool,
}

/// What an edge means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    Flow,
    True,
    False,
    /// A `switch` case (`default` as `None`).
    Case(Option<String>),
}

impl fmt::Display for EdgeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EdgeKind::Flow => Ok(()),
            EdgeKind::True => f.write_str("T"),
            EdgeKind::False => f.write_str("F"),
            EdgeKind::Case(Some(c)) => write!(f, "case {c}"),
            EdgeKind::Case(None) => f.write_str("default"),
        }
    }
}

/// An edge of the dependence graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dependence {
    /// On the branch of a predicate.
    Control(EdgeKind),
    /// On a definition of the variable.
    Data(Var),
}

/// A definition: node and variable, numbered per variable from 1 in node order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub node: NodeIndex,
    pub var: Var,
    pub number: u32,
}

/// A use with the definitions that reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Use {
    pub node: NodeIndex,
    pub var: Var,
    pub number: u32,
    /// Indices into [`Cfg::definitions`].
    pub reaching: Vec<usize>,
}

/// The control-flow graph of one method and its analyses.
pub struct Cfg {
    pub graph: DiGraph<CfgNode, EdgeKind>,
    pub entry: NodeIndex,
    pub exit: NodeIndex,
    pub definitions: Vec<Definition>,
    pub uses: Vec<Use>,
    dominators: Dominators<NodeIndex>,
    post_dominators: Dominators<NodeIndex>,
    /// (controlling predicate, the edge label taken, dependent node).
    pub control_dependences: Vec<(NodeIndex, EdgeKind, NodeIndex)>,
    /// Variable names for display.
    names: Vec<String>,
    field_names: Vec<Vec<String>>,
}

/// What a method reads and what it affects.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InputsOutputs {
    /// Parameters, fields read, and array contents read (`a[]`).
    pub inputs: Vec<String>,
    /// `return`, exceptions, `System.out`, fields written, arrays written.
    pub outputs: Vec<String>,
}

struct Builder<'u> {
    unit: &'u Unit,
    body: &'u Body,
    graph: DiGraph<CfgNode, EdgeKind>,
    exit: NodeIndex,
    /// The loops, switches and labeled statements around the statement being built.
    jumps: Vec<Jump>,
}

/// A statement `break` or `continue` can leave.
struct Jump {
    target: NodeId,
    /// `break` nodes, connected to what follows the statement.
    breaks: Vec<NodeIndex>,
    /// Where `continue` goes, when it is known before the body is built.
    continue_to: Option<NodeIndex>,
    /// `continue` nodes waiting for a `for` update or a `do` condition.
    pending_continues: Vec<NodeIndex>,
}

impl Jump {
    fn new(target: NodeId, continue_to: Option<NodeIndex>) -> Jump {
        Jump {
            target,
            breaks: Vec::new(),
            continue_to,
            pending_continues: Vec::new(),
        }
    }
}

/// Open ends of a piece of graph: nodes whose next edge is still to connect, with the label.
type Ends = Vec<(NodeIndex, EdgeKind)>;

impl Cfg {
    /// Builds the CFG of a supported method (`None` when it is not supported).
    pub fn new(unit: &Unit, class: u32, method: u32) -> Option<Cfg> {
        let m = unit.method(class, method);
        let body = m.body.as_ref().ok()?;
        if body.handles_exceptions() {
            return None;
        }
        let mut graph = DiGraph::new();
        let params: Vec<Var> = (0..m.params.len() as u32)
            .map(|i| Var::Local(LocalId(i)))
            .collect();
        let entry = graph.add_node(CfgNode {
            kind: NodeKind::Entry,
            span: m.span,
            label: format!("entry {}", m.signature()),
            defs: params,
            uses: Vec::new(),
            prints: false,
        });
        let exit = graph.add_node(CfgNode {
            kind: NodeKind::Exit,
            span: m.span,
            label: "exit".into(),
            defs: Vec::new(),
            uses: Vec::new(),
            prints: false,
        });
        let mut b = Builder {
            unit,
            body,
            graph,
            exit,
            jumps: Vec::new(),
        };
        let ends = b.stmts(&body.stmts, vec![(entry, EdgeKind::Flow)]);
        b.connect(&ends, exit);
        let graph = b.graph;
        let dominators = dominators::simple_fast(&graph, entry);
        let post_dominators = dominators::simple_fast(Reversed(&graph), exit);
        let names = body.locals.iter().map(|l| l.name.clone()).collect();
        let field_names = unit
            .classes
            .iter()
            .map(|c| c.fields.iter().map(|f| f.name.clone()).collect())
            .collect();
        let mut cfg = Cfg {
            graph,
            entry,
            exit,
            definitions: Vec::new(),
            uses: Vec::new(),
            dominators,
            post_dominators,
            control_dependences: Vec::new(),
            names,
            field_names,
        };
        cfg.control_dependences = cfg.compute_control_dependences();
        cfg.reaching_definitions();
        Some(cfg)
    }

    pub fn var_name(&self, v: Var) -> String {
        let base = |b: Base| match b {
            Base::Local(l) => self.names[l.0 as usize].clone(),
            Base::Field(f) => self.field_names[f.class as usize][f.field as usize].clone(),
            Base::Other => "?".into(),
        };
        match v {
            Var::Local(l) => self.names[l.0 as usize].clone(),
            Var::Field(f) => format!(
                "this.{}",
                self.field_names[f.class as usize][f.field as usize]
            ),
            Var::Elements(b) => format!("{}[]", base(b)),
        }
    }

    /// The immediate dominator of a node (none for the entry and unreachable nodes).
    pub fn immediate_dominator(&self, n: NodeIndex) -> Option<NodeIndex> {
        self.dominators.immediate_dominator(n)
    }

    /// The immediate post-dominator (none for the exit and nodes that cannot reach it).
    pub fn immediate_post_dominator(&self, n: NodeIndex) -> Option<NodeIndex> {
        self.post_dominators.immediate_dominator(n)
    }

    /// Whether `a` dominates `b` (every path from the entry to `b` passes through `a`).
    pub fn dominates(&self, a: NodeIndex, b: NodeIndex) -> bool {
        self.dominators
            .dominators(b)
            .is_some_and(|mut d| d.any(|x| x == a))
    }

    /// Whether `a` post-dominates `b` (every path from `b` to the exit passes through `a`).
    pub fn post_dominates(&self, a: NodeIndex, b: NodeIndex) -> bool {
        self.post_dominators
            .dominators(b)
            .is_some_and(|mut d| d.any(|x| x == a))
    }

    /// Control dependence (Ferrante, Ottenstein and Warren): `n` depends on predicate `p`
    /// through edge `p -> s` when `n` post-dominates `s` but not `p`.
    fn compute_control_dependences(&self) -> Vec<(NodeIndex, EdgeKind, NodeIndex)> {
        let mut out = Vec::new();
        for e in self.graph.edge_references() {
            let (a, b) = (e.source(), e.target());
            if self.graph.edges(a).count() < 2 {
                continue;
            }
            // Walk up the post-dominator tree from the edge's target to `a`'s immediate
            // post-dominator; every node passed depends on `a` taking this edge.
            let stop = self.immediate_post_dominator(a);
            let mut runner = Some(b);
            let mut steps = 0;
            while let Some(x) = runner {
                if Some(x) == stop || steps > self.graph.node_count() {
                    break;
                }
                out.push((a, e.weight().clone(), x));
                runner = self.immediate_post_dominator(x);
                steps += 1;
            }
        }
        out.sort_by_key(|(a, _, n)| (a.index(), n.index()));
        out.dedup_by(|x, y| x.0 == y.0 && x.2 == y.2 && x.1 == y.1);
        out
    }

    /// Reaching definitions by the usual iteration to a fixed point, then the def-use chains.
    fn reaching_definitions(&mut self) {
        let n = self.graph.node_count();
        let mut defs = Vec::new();
        let mut count: hashbrown::HashMap<Var, u32> = hashbrown::HashMap::new();
        for node in self.graph.node_indices() {
            for &v in &self.graph[node].defs {
                let c = count.entry(v).or_insert(0);
                *c += 1;
                defs.push(Definition {
                    node,
                    var: v,
                    number: *c,
                });
            }
        }
        let d = defs.len();
        let mut gen_sets: Vec<BitVec> = vec![BitVec::repeat(false, d); n];
        let mut kill: Vec<BitVec> = vec![BitVec::repeat(false, d); n];
        for (i, def) in defs.iter().enumerate() {
            gen_sets[def.node.index()].set(i, true);
            // Element stores are weak: they do not kill.
            if matches!(def.var, Var::Elements(_)) {
                continue;
            }
            for (j, other) in defs.iter().enumerate() {
                if other.var == def.var && j != i {
                    kill[def.node.index()].set(j, true);
                }
            }
        }
        let mut reach_in: Vec<BitVec> = vec![BitVec::repeat(false, d); n];
        let mut reach_out = gen_sets.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for node in self.graph.node_indices() {
                let mut inn = BitVec::repeat(false, d);
                for p in self
                    .graph
                    .neighbors_directed(node, petgraph::Direction::Incoming)
                {
                    inn |= &reach_out[p.index()];
                }
                let mut out = inn.clone();
                let k = &kill[node.index()];
                for i in 0..d {
                    if k[i] {
                        out.set(i, false);
                    }
                }
                out |= &gen_sets[node.index()];
                if out != reach_out[node.index()] {
                    reach_out[node.index()] = out;
                    changed = true;
                }
                reach_in[node.index()] = inn;
            }
        }
        let mut uses = Vec::new();
        let mut use_count: hashbrown::HashMap<Var, u32> = hashbrown::HashMap::new();
        for node in self.graph.node_indices() {
            for &v in &self.graph[node].uses {
                let c = use_count.entry(v).or_insert(0);
                *c += 1;
                let reaching = reach_in[node.index()]
                    .iter_ones()
                    .filter(|&i| defs[i].var == v)
                    .collect();
                uses.push(Use {
                    node,
                    var: v,
                    number: *c,
                    reaching,
                });
            }
        }
        self.definitions = defs;
        self.uses = uses;
    }

    /// Data dependences: (definition's node, use's node, variable), one per def-use pair.
    pub(crate) fn data_dependences(&self) -> Vec<(NodeIndex, NodeIndex, Var)> {
        let mut out = Vec::new();
        for u in &self.uses {
            for &d in &u.reaching {
                out.push((self.definitions[d].node, u.node, u.var));
            }
        }
        out.sort_by_key(|(a, b, v)| (a.index(), b.index(), *v));
        out.dedup();
        out
    }

    /// The control and data dependence graph ([Zhang 2021] ch. 2.3.5.1): the CFG's nodes, with
    /// an edge from each predicate to the nodes that depend on the branch it takes, and from
    /// each definition's node to the nodes that use it.
    pub fn dependence_graph(&self) -> DiGraph<NodeIndex, Dependence> {
        let mut g = DiGraph::with_capacity(self.graph.node_count(), 0);
        for n in self.graph.node_indices() {
            g.add_node(n);
        }
        for (p, label, n) in &self.control_dependences {
            g.add_edge(*p, *n, Dependence::Control(label.clone()));
        }
        for (d, u, v) in self.data_dependences() {
            g.add_edge(d, u, Dependence::Data(v));
        }
        g
    }

    /// The method's inputs and outputs, found from the graph.
    pub fn inputs_outputs(&self, unit: &Unit, class: u32, method: u32) -> InputsOutputs {
        let m = unit.method(class, method);
        let mut io = InputsOutputs::default();
        for (i, name) in m.param_names.iter().enumerate() {
            io.inputs.push(name.clone());
            if matches!(m.params[i], Type::Array(_)) {
                let elements = Var::Elements(Base::Local(LocalId(i as u32)));
                if self.uses.iter().any(|u| u.var == elements) {
                    io.inputs.push(format!("{name}[]"));
                }
            }
        }
        let mut fields_read = Vec::new();
        let mut fields_written = Vec::new();
        let mut arrays_written = Vec::new();
        let body_stmts = &m
            .body
            .as_ref()
            .expect("a CFG is built for supported methods")
            .stmts;
        let mut prints = false;
        let mut throws = false;
        let mut returns_value = false;
        for n in self.graph.node_indices() {
            let node = &self.graph[n];
            prints |= node.prints;
            for u in &node.uses {
                match u {
                    Var::Field(_) | Var::Elements(Base::Field(_)) => {
                        fields_read.push(self.var_name(*u))
                    }
                    _ => {}
                }
            }
            for d in &node.defs {
                match d {
                    Var::Field(_) => fields_written.push(self.var_name(*d)),
                    Var::Elements(Base::Local(l)) if (l.0 as usize) < m.params.len() => {
                        arrays_written.push(self.var_name(*d))
                    }
                    Var::Elements(Base::Field(_)) => arrays_written.push(self.var_name(*d)),
                    _ => {}
                }
            }
            if let NodeKind::Statement(id) = node.kind
                && let Some(s) = find_stmt(body_stmts, id)
            {
                match &s.kind {
                    StmtKind::Throw { .. } => throws = true,
                    StmtKind::Return(Some(_)) => returns_value = true,
                    _ => {}
                }
            }
        }
        for list in [&mut fields_read, &mut fields_written, &mut arrays_written] {
            list.sort();
            list.dedup();
        }
        io.inputs.extend(fields_read);
        if returns_value {
            io.outputs.push("return value".into());
        }
        if throws {
            io.outputs.push("thrown exception".into());
        }
        if prints {
            io.outputs.push("System.out".into());
        }
        io.outputs.extend(fields_written);
        io.outputs.extend(arrays_written);
        io
    }
}

/// The statement with this id.
pub(crate) fn find_stmt(stmts: &[Stmt], id: NodeId) -> Option<&Stmt> {
    for s in stmts {
        if s.id == id {
            return Some(s);
        }
        if let Some(found) = find_stmt_in(s, id) {
            return Some(found);
        }
    }
    None
}

fn find_stmt_in(s: &Stmt, id: NodeId) -> Option<&Stmt> {
    for sub in s.substatements() {
        if sub.id == id {
            return Some(sub);
        }
        if let Some(f) = find_stmt_in(sub, id) {
            return Some(f);
        }
    }
    None
}

/// Variables an expression reads and writes (in evaluation order, duplicates removed).
fn def_use(e: &Expr, defs: &mut Vec<Var>, uses: &mut Vec<Var>, prints: &mut bool) {
    fn base(e: &Expr) -> Base {
        match &e.unconverted().kind {
            ExprKind::Local(l) => Base::Local(*l),
            ExprKind::Field(f) => Base::Field(*f),
            _ => Base::Other,
        }
    }
    fn var_of(e: &Expr) -> Option<Var> {
        match &e.kind {
            ExprKind::Local(l) => Some(Var::Local(*l)),
            ExprKind::Field(f) => Some(Var::Field(*f)),
            ExprKind::Index(a, _) => Some(Var::Elements(base(a))),
            _ => None,
        }
    }
    let push = |list: &mut Vec<Var>, v: Var| {
        if !list.contains(&v) {
            list.push(v);
        }
    };
    match &e.kind {
        ExprKind::Local(_) | ExprKind::Field(_) => push(uses, var_of(e).expect("variable")),
        ExprKind::Index(a, i) => {
            def_use(a, defs, uses, prints);
            def_use(i, defs, uses, prints);
            push(uses, Var::Elements(base(a)));
        }
        ExprKind::Assign {
            target, op, value, ..
        } => {
            if let ExprKind::Index(a, i) = &target.kind {
                def_use(a, defs, uses, prints);
                def_use(i, defs, uses, prints);
            }
            if let ExprKind::FieldOf { object, .. } = &target.kind {
                def_use(object, defs, uses, prints);
            }
            if op.is_some()
                && let Some(v) = var_of(target)
            {
                push(uses, v);
            }
            def_use(value, defs, uses, prints);
            if let Some(v) = var_of(target) {
                push(defs, v);
            }
        }
        ExprKind::IncDec { target, .. } => {
            if let ExprKind::Index(a, i) = &target.kind {
                def_use(a, defs, uses, prints);
                def_use(i, defs, uses, prints);
            }
            if let ExprKind::FieldOf { object, .. } = &target.kind {
                def_use(object, defs, uses, prints);
            }
            if let Some(v) = var_of(target) {
                push(uses, v);
                push(defs, v);
            }
        }
        ExprKind::InstanceOf { value, binding, .. } => {
            def_use(value, defs, uses, prints);
            if let Some(b) = binding {
                push(defs, Var::Local(*b));
            }
        }
        ExprKind::Print(kind, _) => {
            // `String.format` makes text; it prints nothing.
            *prints |= *kind != PrintKind::Format;
            for c in e.children() {
                def_use(c, defs, uses, prints);
            }
        }
        _ => {
            for c in e.children() {
                def_use(c, defs, uses, prints);
            }
        }
    }
}

impl Builder<'_> {
    fn text(&self, span: Span) -> String {
        // What the compiler writes (a record's `equals`) is text of the files read after the
        // unit's own.
        let own = self.unit.source.len();
        let t = match self.unit.source.get(span.range()) {
            Some(t) => t,
            None => self
                .unit
                .elsewhere
                .get(span.start as usize - own.min(span.start as usize)..)
                .and_then(|rest| rest.get(..span.range().len()))
                .unwrap_or(""),
        };
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn node(&mut self, kind: NodeKind, span: Span, label: String, exprs: &[&Expr]) -> NodeIndex {
        let mut defs = Vec::new();
        let mut uses = Vec::new();
        let mut prints = false;
        for e in exprs {
            def_use(e, &mut defs, &mut uses, &mut prints);
        }
        self.graph.add_node(CfgNode {
            kind,
            span,
            label,
            defs,
            uses,
            prints,
        })
    }

    fn connect(&mut self, ends: &Ends, to: NodeIndex) {
        for (from, label) in ends {
            self.graph.add_edge(*from, to, label.clone());
        }
    }

    fn stmts(&mut self, stmts: &[Stmt], mut ends: Ends) -> Ends {
        for s in stmts {
            ends = self.stmt(s, ends);
        }
        ends
    }

    /// A loop testing at predicate `p` (`while`, for-each): the body on the true edge, back to
    /// `p`; the loop is left on the false edge and by its `break`s.
    fn loop_on(&mut self, id: NodeId, p: NodeIndex, body: &Stmt) -> Ends {
        self.jumps.push(Jump::new(id, Some(p)));
        let body_ends = self.stmt(body, vec![(p, EdgeKind::True)]);
        self.connect(&body_ends, p);
        let j = self.jumps.pop().expect("pushed");
        let mut out: Ends = j.breaks.into_iter().map(|n| (n, EdgeKind::Flow)).collect();
        out.push((p, EdgeKind::False));
        out
    }

    fn jump_index(&self, target: NodeId) -> usize {
        self.jumps
            .iter()
            .rposition(|j| j.target == target)
            .expect("break and continue targets enclose them")
    }

    fn stmt(&mut self, s: &Stmt, ends: Ends) -> Ends {
        match &s.kind {
            StmtKind::Empty => ends,
            StmtKind::Block(stmts) => self.stmts(stmts, ends),
            StmtKind::Expr(e) => {
                let n = self.node(NodeKind::Statement(s.id), s.span, self.text(s.span), &[e]);
                self.connect(&ends, n);
                vec![(n, EdgeKind::Flow)]
            }
            StmtKind::Locals(decls) => {
                let inits: Vec<&Expr> = decls.iter().filter_map(|(_, e)| e.as_ref()).collect();
                let n = self.node(NodeKind::Statement(s.id), s.span, self.text(s.span), &inits);
                for (l, init) in decls {
                    if init.is_some() {
                        self.graph[n].defs.push(Var::Local(*l));
                    }
                }
                self.connect(&ends, n);
                vec![(n, EdgeKind::Flow)]
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let label = format!("if ({})", self.text(cond.span));
                let p = self.node(NodeKind::Predicate(s.id), cond.span, label, &[cond]);
                self.connect(&ends, p);
                let mut out = self.stmt(then, vec![(p, EdgeKind::True)]);
                match otherwise {
                    Some(o) => out.extend(self.stmt(o, vec![(p, EdgeKind::False)])),
                    None => out.push((p, EdgeKind::False)),
                }
                out
            }
            StmtKind::While { cond, body } => {
                let label = format!("while ({})", self.text(cond.span));
                let p = self.node(NodeKind::Predicate(s.id), cond.span, label, &[cond]);
                self.connect(&ends, p);
                self.loop_on(s.id, p, body)
            }
            StmtKind::Do { body, cond } => {
                // The body's first node is only known after it is built: connect through a
                // placeholder list of the entering ends.
                let start = self.graph.node_count();
                self.jumps.push(Jump::new(s.id, None));
                let body_ends = self.stmt(body, ends.clone());
                let label = format!("do ... while ({})", self.text(cond.span));
                let p = self.node(NodeKind::Predicate(s.id), cond.span, label, &[cond]);
                self.connect(&body_ends, p);
                let j = self.jumps.pop().expect("pushed");
                for c in &j.pending_continues {
                    self.graph.add_edge(*c, p, EdgeKind::Flow);
                }
                // Back edge to the first node of the body (or the predicate for an empty body).
                let first = if self.graph.node_count() - 1 > start {
                    NodeIndex::new(start)
                } else {
                    p
                };
                self.graph.add_edge(p, first, EdgeKind::True);
                let mut out: Ends = j.breaks.into_iter().map(|n| (n, EdgeKind::Flow)).collect();
                out.push((p, EdgeKind::False));
                out
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                let ends = self.stmts(init, ends);
                let label = match cond {
                    Some(c) => format!("for (...; {}; ...)", self.text(c.span)),
                    None => "for (;;)".to_string(),
                };
                let span = cond.as_ref().map_or(s.span, |c| c.span);
                let exprs: Vec<&Expr> = cond.iter().collect();
                let p = self.node(NodeKind::Predicate(s.id), span, label, &exprs);
                self.connect(&ends, p);
                self.jumps.push(Jump::new(s.id, None));
                let body_ends = self.stmt(body, vec![(p, EdgeKind::True)]);
                let j = self.jumps.pop().expect("pushed");
                let mut update_ends: Ends = body_ends;
                update_ends.extend(j.pending_continues.iter().map(|n| (*n, EdgeKind::Flow)));
                for u in update {
                    let n = self.node(NodeKind::Update(u.id), u.span, self.text(u.span), &[u]);
                    self.connect(&update_ends, n);
                    update_ends = vec![(n, EdgeKind::Flow)];
                }
                self.connect(&update_ends, p);
                let mut out: Ends = j.breaks.into_iter().map(|n| (n, EdgeKind::Flow)).collect();
                if cond.is_some() {
                    out.push((p, EdgeKind::False));
                }
                out
            }
            StmtKind::ForEach {
                var,
                array,
                array_local,
                index_local,
                body,
            } => {
                let label = format!(
                    "for ({} : {})",
                    self.body.locals[var.0 as usize].name,
                    self.text(array.span)
                );
                let init = self.node(
                    NodeKind::Statement(s.id),
                    array.span,
                    format!("${} = {}", "array", self.text(array.span)),
                    &[array],
                );
                self.graph[init].defs.push(Var::Local(*array_local));
                self.graph[init].defs.push(Var::Local(*index_local));
                self.connect(&ends, init);
                let p = self.graph.add_node(CfgNode {
                    kind: NodeKind::Predicate(s.id),
                    span: s.span,
                    label,
                    defs: vec![Var::Local(*var), Var::Local(*index_local)],
                    uses: vec![
                        Var::Local(*array_local),
                        Var::Local(*index_local),
                        Var::Elements(Base::Local(*array_local)),
                    ],
                    prints: false,
                });
                self.graph.add_edge(init, p, EdgeKind::Flow);
                self.loop_on(s.id, p, body)
            }
            StmtKind::Labeled { body, .. } => {
                self.jumps.push(Jump::new(s.id, None));
                let mut out = self.stmt(body, ends);
                let j = self.jumps.pop().expect("pushed");
                out.extend(j.breaks.into_iter().map(|n| (n, EdgeKind::Flow)));
                out
            }
            StmtKind::Break { target } | StmtKind::Continue { target } => {
                let is_break = matches!(s.kind, StmtKind::Break { .. });
                let n = self.node(NodeKind::Statement(s.id), s.span, self.text(s.span), &[]);
                self.connect(&ends, n);
                let k = self.jump_index(*target);
                if is_break {
                    self.jumps[k].breaks.push(n);
                } else {
                    match self.jumps[k].continue_to {
                        Some(top) => {
                            self.graph.add_edge(n, top, EdgeKind::Flow);
                        }
                        // `for` updates and `do` conditions are built after the body.
                        None => self.jumps[k].pending_continues.push(n),
                    }
                }
                Vec::new()
            }
            StmtKind::ThrowValue(_) | StmtKind::Try { .. } => {
                unreachable!("`Cfg::new` refuses bodies that handle exceptions")
            }
            // Both leave the method: their node goes to the exit.
            StmtKind::Return(_) | StmtKind::Throw { .. } => {
                let n = self.node(
                    NodeKind::Statement(s.id),
                    s.span,
                    self.text(s.span),
                    &s.expressions(),
                );
                self.connect(&ends, n);
                self.graph.add_edge(n, self.exit, EdgeKind::Flow);
                Vec::new()
            }
            StmtKind::Switch { scrutinee, groups } => {
                let label = format!("switch ({})", self.text(scrutinee.span));
                let p = self.node(
                    NodeKind::Predicate(s.id),
                    scrutinee.span,
                    label,
                    &[scrutinee],
                );
                self.connect(&ends, p);
                self.jumps.push(Jump::new(s.id, None));
                let mut fall: Ends = Vec::new();
                let mut has_default = false;
                for g in groups {
                    let mut entering = fall;
                    for l in &g.labels {
                        has_default |= l.is_none();
                        let text = l.as_ref().map(const_text);
                        entering.push((p, EdgeKind::Case(text)));
                    }
                    fall = self.stmts(&g.stmts, entering);
                }
                let j = self.jumps.pop().expect("pushed");
                let mut out = fall;
                out.extend(j.breaks.into_iter().map(|n| (n, EdgeKind::Flow)));
                if !has_default {
                    out.push((p, EdgeKind::Case(None)));
                }
                out
            }
        }
    }
}

fn const_text(c: &Const) -> String {
    match c {
        Const::Int(Type::Char, v) => crate::program::reader::text::char_literal(*v as u16),
        Const::Int(Type::Boolean, v) => (*v != 0).to_string(),
        Const::Int(_, v) => v.to_string(),
        Const::Str(s) => crate::program::reader::text::string_literal(s),
        Const::Float(f) => f.to_string(),
        Const::Double(d) => d.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use petgraph::Direction;

    /// Small methods, one shape each, whose dominator trees are written out by hand below.
    const SHAPES: &str = r#"
public class Shapes {
    public static int straight(int a) {
        int b = a + 1;
        b = b * 2;
        return b;
    }

    public static int ifElse(int a) {
        int r;
        if (a > 0) {
            r = 1;
        } else {
            r = 2;
        }
        return r;
    }

    public static int whileLoop(int n) {
        int s = 0;
        while (n > 0) {
            s = s + n;
            n = n - 1;
        }
        return s;
    }

    public static int loopWithBreak(int n) {
        int s = 0;
        while (n > 0) {
            if (s > 10) {
                break;
            }
            s = s + n;
            n--;
        }
        return s;
    }

    public static int returnInIf(int a) {
        if (a < 0) {
            return -a;
        }
        return a;
    }

    public static int forWithContinue(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            if (i == 2) {
                continue;
            }
            s += i;
        }
        return s;
    }
}
"#;

    const METHODS: [&str; 6] = [
        "straight",
        "ifElse",
        "whileLoop",
        "loopWithBreak",
        "returnInIf",
        "forWithContinue",
    ];

    fn cfg_of(method: &str) -> Cfg {
        let unit = crate::program::load("Shapes.java", SHAPES).expect("the shapes parse");
        let (class, index) = unit.find_method(method).expect("the method exists");
        Cfg::new(&unit, class, index).expect("the method is supported")
    }

    /// The node named `name`: `entry`, `exit`, or its label.
    fn node(cfg: &Cfg, name: &str) -> NodeIndex {
        match name {
            "entry" => cfg.entry,
            "exit" => cfg.exit,
            _ => cfg
                .graph
                .node_indices()
                .find(|&n| cfg.graph[n].label == name)
                .unwrap_or_else(|| {
                    let labels: Vec<&str> = cfg
                        .graph
                        .node_indices()
                        .map(|n| cfg.graph[n].label.as_str())
                        .collect();
                    panic!("no node {name:?} among {labels:?}")
                }),
        }
    }

    fn name(cfg: &Cfg, n: NodeIndex) -> String {
        match n {
            _ if n == cfg.entry => "entry".into(),
            _ if n == cfg.exit => "exit".into(),
            _ => cfg.graph[n].label.clone(),
        }
    }

    /// Checks the immediate dominators (`post`: post-dominators) of every node against
    /// `expected`, which names each node once with its parent in the tree (`None` at the root).
    fn check_tree(cfg: &Cfg, expected: &[(&str, Option<&str>)], post: bool) {
        assert_eq!(
            expected.len(),
            cfg.graph.node_count(),
            "every node is listed"
        );
        for &(n, parent) in expected {
            let n = node(cfg, n);
            let found = if post {
                cfg.immediate_post_dominator(n)
            } else {
                cfg.immediate_dominator(n)
            };
            assert_eq!(
                found.map(|p| name(cfg, p)),
                parent.map(str::to_string),
                "immediate {}dominator of {:?}",
                if post { "post-" } else { "" },
                name(cfg, n)
            );
        }
    }

    /// The control dependences as (predicate, edge, dependent node) by name, sorted.
    fn dependences(cfg: &Cfg) -> Vec<(String, String, String)> {
        let mut out: Vec<_> = cfg
            .control_dependences
            .iter()
            .map(|(p, e, n)| (name(cfg, *p), e.to_string(), name(cfg, *n)))
            .collect();
        out.sort();
        out
    }

    fn expected_dependences(list: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
        let mut out: Vec<_> = list
            .iter()
            .map(|(p, e, n)| (p.to_string(), e.to_string(), n.to_string()))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn straight_line_is_a_chain_both_ways_with_no_control_dependence() {
        let cfg = cfg_of("straight");
        check_tree(
            &cfg,
            &[
                ("entry", None),
                ("int b = a + 1;", Some("entry")),
                ("b = b * 2;", Some("int b = a + 1;")),
                ("return b;", Some("b = b * 2;")),
                ("exit", Some("return b;")),
            ],
            false,
        );
        check_tree(
            &cfg,
            &[
                ("entry", Some("int b = a + 1;")),
                ("int b = a + 1;", Some("b = b * 2;")),
                ("b = b * 2;", Some("return b;")),
                ("return b;", Some("exit")),
                ("exit", None),
            ],
            true,
        );
        assert!(cfg.control_dependences.is_empty());
    }

    #[test]
    fn if_else_condition_dominates_the_arms_and_the_join_post_dominates_them() {
        let cfg = cfg_of("ifElse");
        check_tree(
            &cfg,
            &[
                ("entry", None),
                ("int r;", Some("entry")),
                ("if (a > 0)", Some("int r;")),
                ("r = 1;", Some("if (a > 0)")),
                ("r = 2;", Some("if (a > 0)")),
                // Reached from either arm: only the condition is on every path to it.
                ("return r;", Some("if (a > 0)")),
                ("exit", Some("return r;")),
            ],
            false,
        );
        check_tree(
            &cfg,
            &[
                ("entry", Some("int r;")),
                ("int r;", Some("if (a > 0)")),
                ("if (a > 0)", Some("return r;")),
                ("r = 1;", Some("return r;")),
                ("r = 2;", Some("return r;")),
                ("return r;", Some("exit")),
                ("exit", None),
            ],
            true,
        );
        assert_eq!(
            dependences(&cfg),
            expected_dependences(&[("if (a > 0)", "T", "r = 1;"), ("if (a > 0)", "F", "r = 2;"),])
        );
    }

    #[test]
    fn while_head_dominates_its_body_and_the_exit_path() {
        let cfg = cfg_of("whileLoop");
        check_tree(
            &cfg,
            &[
                ("entry", None),
                ("int s = 0;", Some("entry")),
                ("while (n > 0)", Some("int s = 0;")),
                ("s = s + n;", Some("while (n > 0)")),
                ("n = n - 1;", Some("s = s + n;")),
                ("return s;", Some("while (n > 0)")),
                ("exit", Some("return s;")),
            ],
            false,
        );
        check_tree(
            &cfg,
            &[
                ("entry", Some("int s = 0;")),
                ("int s = 0;", Some("while (n > 0)")),
                ("while (n > 0)", Some("return s;")),
                ("s = s + n;", Some("n = n - 1;")),
                ("n = n - 1;", Some("while (n > 0)")),
                ("return s;", Some("exit")),
                ("exit", None),
            ],
            true,
        );
        // The body runs again only when the head takes its true edge: the head depends on
        // itself.
        assert_eq!(
            dependences(&cfg),
            expected_dependences(&[
                ("while (n > 0)", "T", "s = s + n;"),
                ("while (n > 0)", "T", "n = n - 1;"),
                ("while (n > 0)", "T", "while (n > 0)"),
            ])
        );
    }

    #[test]
    fn break_joins_the_loop_exit_under_the_head() {
        let cfg = cfg_of("loopWithBreak");
        check_tree(
            &cfg,
            &[
                ("entry", None),
                ("int s = 0;", Some("entry")),
                ("while (n > 0)", Some("int s = 0;")),
                ("if (s > 10)", Some("while (n > 0)")),
                ("break;", Some("if (s > 10)")),
                ("s = s + n;", Some("if (s > 10)")),
                ("n--;", Some("s = s + n;")),
                // Reached from the head's false edge and from the break.
                ("return s;", Some("while (n > 0)")),
                ("exit", Some("return s;")),
            ],
            false,
        );
        check_tree(
            &cfg,
            &[
                ("entry", Some("int s = 0;")),
                ("int s = 0;", Some("while (n > 0)")),
                ("while (n > 0)", Some("return s;")),
                ("if (s > 10)", Some("return s;")),
                ("break;", Some("return s;")),
                ("s = s + n;", Some("n--;")),
                ("n--;", Some("while (n > 0)")),
                ("return s;", Some("exit")),
                ("exit", None),
            ],
            true,
        );
        assert_eq!(
            dependences(&cfg),
            expected_dependences(&[
                ("while (n > 0)", "T", "if (s > 10)"),
                ("if (s > 10)", "T", "break;"),
                ("if (s > 10)", "F", "s = s + n;"),
                ("if (s > 10)", "F", "n--;"),
                ("if (s > 10)", "F", "while (n > 0)"),
            ])
        );
    }

    #[test]
    fn return_inside_if_leaves_the_exit_to_the_condition() {
        let cfg = cfg_of("returnInIf");
        check_tree(
            &cfg,
            &[
                ("entry", None),
                ("if (a < 0)", Some("entry")),
                ("return -a;", Some("if (a < 0)")),
                ("return a;", Some("if (a < 0)")),
                ("exit", Some("if (a < 0)")),
            ],
            false,
        );
        check_tree(
            &cfg,
            &[
                ("entry", Some("if (a < 0)")),
                ("if (a < 0)", Some("exit")),
                ("return -a;", Some("exit")),
                ("return a;", Some("exit")),
                ("exit", None),
            ],
            true,
        );
        assert_eq!(
            dependences(&cfg),
            expected_dependences(&[
                ("if (a < 0)", "T", "return -a;"),
                ("if (a < 0)", "F", "return a;"),
            ])
        );
    }

    #[test]
    fn continue_in_a_for_loop_goes_to_the_update() {
        let cfg = cfg_of("forWithContinue");
        check_tree(
            &cfg,
            &[
                ("entry", None),
                ("int s = 0;", Some("entry")),
                ("int i = 0;", Some("int s = 0;")),
                ("for (...; i < n; ...)", Some("int i = 0;")),
                ("if (i == 2)", Some("for (...; i < n; ...)")),
                ("continue;", Some("if (i == 2)")),
                ("s += i;", Some("if (i == 2)")),
                // Reached from the body's end and from the continue.
                ("i++", Some("if (i == 2)")),
                ("return s;", Some("for (...; i < n; ...)")),
                ("exit", Some("return s;")),
            ],
            false,
        );
        check_tree(
            &cfg,
            &[
                ("entry", Some("int s = 0;")),
                ("int s = 0;", Some("int i = 0;")),
                ("int i = 0;", Some("for (...; i < n; ...)")),
                ("for (...; i < n; ...)", Some("return s;")),
                ("if (i == 2)", Some("i++")),
                ("continue;", Some("i++")),
                ("s += i;", Some("i++")),
                ("i++", Some("for (...; i < n; ...)")),
                ("return s;", Some("exit")),
                ("exit", None),
            ],
            true,
        );
        assert_eq!(
            dependences(&cfg),
            expected_dependences(&[
                ("for (...; i < n; ...)", "T", "if (i == 2)"),
                ("for (...; i < n; ...)", "T", "i++"),
                ("for (...; i < n; ...)", "T", "for (...; i < n; ...)"),
                ("if (i == 2)", "T", "continue;"),
                ("if (i == 2)", "F", "s += i;"),
            ])
        );
    }

    /// Nodes reachable from `from` along `direction` without passing through `removed`.
    fn reachable(
        cfg: &Cfg,
        from: NodeIndex,
        removed: NodeIndex,
        direction: Direction,
    ) -> Vec<bool> {
        let mut seen = vec![false; cfg.graph.node_count()];
        if from == removed {
            return seen;
        }
        let mut stack = vec![from];
        seen[from.index()] = true;
        while let Some(v) = stack.pop() {
            for w in cfg.graph.neighbors_directed(v, direction) {
                if w != removed && !seen[w.index()] {
                    seen[w.index()] = true;
                    stack.push(w);
                }
            }
        }
        seen
    }

    #[test]
    fn dominance_is_unreachability_without_the_dominator() {
        for method in METHODS {
            let cfg = cfg_of(method);
            for d in cfg.graph.node_indices() {
                let from_entry = reachable(&cfg, cfg.entry, d, Direction::Outgoing);
                let to_exit = reachable(&cfg, cfg.exit, d, Direction::Incoming);
                for n in cfg.graph.node_indices() {
                    // Every node of these shapes is reachable from the entry and reaches the
                    // exit, so removing `d` is the whole test.
                    assert_eq!(
                        cfg.dominates(d, n),
                        d == n || !from_entry[n.index()],
                        "{method}: {:?} dominates {:?}",
                        name(&cfg, d),
                        name(&cfg, n)
                    );
                    assert_eq!(
                        cfg.post_dominates(d, n),
                        d == n || !to_exit[n.index()],
                        "{method}: {:?} post-dominates {:?}",
                        name(&cfg, d),
                        name(&cfg, n)
                    );
                }
            }
        }
    }
}
