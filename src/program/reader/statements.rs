//! Checking a method body's statements the way `javac` does for the supported subset: scopes
//! and locals, definite assignment (JLS ch. 16) carried as one bit per local through every
//! branch, `break` and `continue`, reachability and missing returns (JLS §14.22), and the
//! lowering of each statement to the IR. The [`MethodChecker`] defined here also checks
//! expressions, in [`super::expressions`], [`super::variables`] and [`super::calls`].

use bitvec::vec::BitVec;
use tree_sitter::Node;

use crate::program::reader::declarations::FileChecker;
use crate::program::reader::ir::*;
use crate::program::reader::syntax::{
    has_class_body, has_modifier, is_comment, named_children, span_of, statement_children,
};

/// Exceptions of `java.lang` a program may throw by simple name.
const JAVA_LANG_EXCEPTIONS: &[&str] = &[
    "Exception",
    "RuntimeException",
    "Error",
    "Throwable",
    "ArithmeticException",
    "ArrayIndexOutOfBoundsException",
    "ArrayStoreException",
    "ClassCastException",
    "IllegalArgumentException",
    "IllegalStateException",
    "IndexOutOfBoundsException",
    "NegativeArraySizeException",
    "NullPointerException",
    "NumberFormatException",
    "StringIndexOutOfBoundsException",
    "UnsupportedOperationException",
    "AssertionError",
    "StackOverflowError",
    "CloneNotSupportedException",
    "InterruptedException",
];

/// Whether a statement can complete normally (JLS §14.22).
pub(super) type Completes = bool;

/// A checking error inside a method, placed at a node.
#[derive(Clone)]
pub(super) struct CheckError<'t> {
    pub(super) node: Node<'t>,
    pub(super) message: String,
}

pub(super) type Checked<'t, T> = Result<T, CheckError<'t>>;

/// Where `break` and `continue` may go.
pub(super) struct JumpTarget {
    pub(super) id: NodeId,
    label: Option<String>,
    is_loop: bool,
    is_switch: bool,
    /// A switch expression's lowering: no `break` or `continue` may leave it (only `yield`).
    is_expression: bool,
    /// Definite-assignment states at the reachable `break`s to this target.
    pub(super) breaks: Vec<BitVec>,
    /// ... and at the reachable `continue`s.
    continues: Vec<BitVec>,
}

/// `javac`'s error for a lambda that names a local of the code around it assigned more than
/// once (JLS §15.27.2).
pub(super) const LAMBDA_CAPTURE: &str =
    "local variables referenced from a lambda expression must be final or effectively final";

pub(super) struct MethodChecker<'f, 's, 't> {
    pub(super) file: &'f FileChecker<'s, 't>,
    pub(super) class: u32,
    pub(super) is_static: bool,
    pub(super) is_constructor: bool,
    /// A constructor's body: it calls the superclass's constructor without arguments unless
    /// it starts by calling one.
    pub(super) implicit_super: bool,
    /// The body being checked (where an implied `super()` is reported).
    body_node: Option<Node<'t>>,
    /// Locals declared by type patterns.
    patterns: Vec<LocalId>,
    ret: Type,
    pub(super) locals: Vec<Local>,
    pub(super) scopes: Vec<Vec<(String, LocalId)>>,
    pub(super) next_id: u32,
    pub(super) targets: Vec<JumpTarget>,
    /// The switch expressions being lowered, innermost last (where `yield` goes).
    pub(super) yields: Vec<crate::program::reader::switches::YieldTarget>,
    /// Switch expressions already lowered: their node's id, the local holding the value and
    /// its type.
    pub(super) lowered: Vec<(usize, LocalId, Type)>,
    /// Definitely assigned locals here (all set where the code cannot be reached).
    pub(super) assigned: BitVec,
    /// Labels of a labeled statement about to start its loop (so `continue label` finds it).
    pending_label: Option<String>,
    /// Set once the method body's own statement list is being read: a nested block is not
    /// where `this(...)` may stand.
    in_body: bool,
    /// The arguments of the next call read, made rather than read (a method reference's).
    pub(super) given: Option<Vec<(Expr, Node<'t>)>>,
    /// A call (its node's id) whose value goes to a variable of this type.
    pub(super) call_target: Option<(usize, Type)>,
    /// Calls (their nodes' ids) of generic methods whose type arguments their own arguments
    /// left open (see `Instance::open`).
    pub(super) open_calls: std::collections::HashSet<usize>,
    /// Arguments (their nodes' ids) that are such calls, or calls that could not be read
    /// without the type of the parameter they are passed to: read again against it.
    pub(super) open_args: std::collections::HashSet<usize>,
    /// Why each argument of `open_args` could not be read on its own.
    pub(super) deferred: Vec<(usize, CheckError<'t>)>,
    /// Locals assigned after their first value (not effectively final, JLS §4.12.4).
    pub(super) reassigned: std::collections::HashSet<LocalId>,
    /// Locals a lambda read so far captures: they must stay effectively final.
    pub(super) lambda_captured: std::collections::HashSet<LocalId>,
}

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    pub(super) fn new(
        file: &'f FileChecker<'s, 't>,
        class: u32,
        is_static: bool,
        ret: Type,
    ) -> Self {
        MethodChecker {
            file,
            class,
            is_static,
            is_constructor: false,
            ret,
            locals: Vec::new(),
            scopes: vec![Vec::new()],
            next_id: 0,
            targets: Vec::new(),
            yields: Vec::new(),
            lowered: Vec::new(),
            assigned: BitVec::new(),
            pending_label: None,
            in_body: false,
            implicit_super: false,
            body_node: None,
            patterns: Vec::new(),
            given: None,
            call_target: None,
            open_calls: std::collections::HashSet::new(),
            open_args: std::collections::HashSet::new(),
            deferred: Vec::new(),
            reassigned: std::collections::HashSet::new(),
            lambda_captured: std::collections::HashSet::new(),
        }
    }

    pub(super) fn error<T>(&self, node: Node<'t>, message: impl Into<String>) -> Checked<'t, T> {
        Err(CheckError {
            node,
            message: message.into(),
        })
    }

    pub(super) fn unsupported<T>(&self, node: Node<'t>, what: &str) -> Checked<'t, T> {
        self.error(node, format!("{what} is outside the supported subset"))
    }

    pub(super) fn text(&self, node: Node) -> &'s str {
        self.file.text(node)
    }

    pub(super) fn id(&mut self) -> NodeId {
        let id = NodeId(self.next_id);
        self.next_id += 1;
        id
    }

    pub(super) fn ty(&self, node: Node<'t>) -> Checked<'t, Type> {
        self.file.ty(node, self.class).map_err(|d| CheckError {
            node,
            message: d.message,
        })
    }

    // ---- locals and scopes ----

    pub(super) fn declare_param(&mut self, name: &str, ty: Type, span: Span) {
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            span,
            is_param: true,
            is_hidden: false,
            is_final: false,
            constant: None,
        });
        self.scopes[0].push((name.to_string(), id));
        self.assigned.push(true);
    }

    pub(super) fn lookup(&self, name: &str) -> Option<LocalId> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, id)| *id)
    }

    pub(super) fn declare_local(
        &mut self,
        name_node: Node<'t>,
        ty: Type,
        is_final: bool,
    ) -> Checked<'t, LocalId> {
        let name = self.text(name_node).to_string();
        // A pattern's local is scoped by flow (JLS §6.3.1), more narrowly than the block it
        // is kept in here: a later declaration of its name is not a clash.
        if self
            .lookup(&name)
            .is_some_and(|id| !self.patterns.contains(&id))
        {
            return self.error(
                name_node,
                format!("variable {name} is already defined in this method"),
            );
        }
        let id = self.hidden_local(&name, ty, span_of(name_node));
        self.locals[id.0 as usize].is_hidden = false;
        self.locals[id.0 as usize].is_final = is_final;
        self.scopes.last_mut().expect("a scope").push((name, id));
        Ok(id)
    }

    /// The local of a type pattern (`o instanceof Circle c`): definitely assigned only where
    /// the test held (a condition's true branch), so a read anywhere else is refused, as
    /// `javac` refuses it (JLS §6.3.1).
    pub(super) fn declare_pattern(
        &mut self,
        name_node: Node<'t>,
        ty: Type,
    ) -> Checked<'t, LocalId> {
        let id = self.declare_local(name_node, ty, false)?;
        self.patterns.push(id);
        Ok(id)
    }

    pub(super) fn hidden_local(&mut self, name: &str, ty: Type, span: Span) -> LocalId {
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            span,
            is_param: false,
            is_hidden: true,
            is_final: false,
            constant: None,
        });
        self.assigned.push(false);
        id
    }

    pub(super) fn all_assigned(&self) -> BitVec {
        BitVec::repeat(true, self.assigned.len())
    }

    /// Intersection of two assignment states (they may differ in length when locals were
    /// declared in between: the new ones count as unassigned in the shorter).
    pub(super) fn meet(a: &BitVec, b: &BitVec) -> BitVec {
        let n = a.len().max(b.len());
        let mut out = BitVec::repeat(false, n);
        for i in 0..n {
            let x = a.get(i).map(|b| *b).unwrap_or(false);
            let y = b.get(i).map(|b| *b).unwrap_or(false);
            out.set(i, x && y);
        }
        out
    }

    /// The assignment state after a statement: `normal` (its normal completion) met with the
    /// states at the `break`s that leave it.
    pub(super) fn after_breaks(normal: BitVec, target: &JumpTarget) -> BitVec {
        target
            .breaks
            .iter()
            .fold(normal, |after, b| Self::meet(&after, b))
    }

    pub(super) fn set_assigned(&mut self, state: BitVec) {
        let mut s = state;
        s.resize(self.locals.len(), false);
        self.assigned = s;
    }

    // ---- statements ----

    pub(super) fn body(mut self, block: Node<'t>) -> Checked<'t, Body> {
        self.take_body(block)
    }

    /// [`Self::body`] of a checker kept by its caller (a lambda's).
    pub(super) fn take_body(&mut self, block: Node<'t>) -> Checked<'t, Body> {
        self.body_node = Some(block);
        let (stmts, completes) = self.block_statements(block)?;
        if completes && self.ret != Type::Void {
            let close = block
                .child(block.child_count().saturating_sub(1))
                .unwrap_or(block);
            return self.error(close, "missing return statement");
        }
        Ok(Body {
            locals: std::mem::take(&mut self.locals),
            stmts,
            node_count: self.next_id,
        })
    }

    /// A lambda's body that is an expression: its value returned, or, for a method that
    /// returns nothing, the expression evaluated as a statement (JLS §15.27.3).
    pub(super) fn expression_body(&mut self, node: Node<'t>) -> Checked<'t, Body> {
        let kind = if self.ret == Type::Void {
            StmtKind::Expr(self.statement_expression(node)?)
        } else {
            let ret = self.ret.clone();
            let e = self.expr_for(node, &ret)?;
            StmtKind::Return(Some(self.assignable(e, &ret, node)?))
        };
        self.one_statement_body(node, kind)
    }

    /// A method reference's body: the call it names, its value returned unless the method
    /// returns nothing.
    pub(super) fn call_body(&mut self, node: Node<'t>, call: Expr) -> Checked<'t, Body> {
        let kind = if self.ret == Type::Void {
            StmtKind::Expr(call)
        } else {
            if call.ty == Type::Void {
                return self.error(
                    node,
                    "incompatible types: bad return type in method reference",
                );
            }
            let ret = self.ret.clone();
            StmtKind::Return(Some(self.assignable(call, &ret, node)?))
        };
        self.one_statement_body(node, kind)
    }

    fn one_statement_body(&mut self, node: Node<'t>, kind: StmtKind) -> Checked<'t, Body> {
        let stmt = Stmt {
            id: self.id(),
            span: span_of(node),
            kind,
        };
        Ok(Body {
            locals: std::mem::take(&mut self.locals),
            stmts: vec![stmt],
            node_count: self.next_id,
        })
    }

    /// The statements of a block (or a constructor body) in a new scope, and whether the block
    /// can complete normally.
    fn block_statements(&mut self, block: Node<'t>) -> Checked<'t, (Vec<Stmt>, Completes)> {
        self.scopes.push(Vec::new());
        let outermost = !self.in_body;
        let result = self.statement_list_of(statement_children(block), outermost);
        self.scopes.pop();
        result
    }

    /// A statement list; `outermost` when it is the method body itself.
    fn statement_list_of(
        &mut self,
        nodes: Vec<Node<'t>>,
        outermost: bool,
    ) -> Checked<'t, (Vec<Stmt>, Completes)> {
        if !outermost {
            return self.statement_list(nodes);
        }
        // The body's first statement may call another constructor; anything nested may not.
        let first = nodes.first().copied();
        let mut rest = nodes;
        let mut stmts = Vec::new();
        if let Some(f) = first.filter(|f| f.kind() == "explicit_constructor_invocation") {
            rest.remove(0);
            if let Some(s) = self.constructor_invocation(f, self.is_constructor)? {
                stmts.push(s);
            }
        } else if self.implicit_super
            && let Some(superclass) = self.file.superclass(self.class)
        {
            // A constructor that calls no other starts with `super();` (JLS §8.8.7).
            let at = first.or(self.body_node).expect("a body is being checked");
            let call = self.super_constructor(at, superclass, false)?;
            stmts.push(Stmt {
                id: self.id(),
                span: call.span,
                kind: StmtKind::Expr(call),
            });
        }
        self.in_body = true;
        let (more, completes) = self.statement_list(rest)?;
        stmts.extend(more);
        Ok((stmts, completes))
    }

    /// `this(args)` or `super(args)` (JLS §8.8.7.1). `this(...)` becomes a call of the other
    /// constructor; `super()` of a class that extends nothing calls `Object()`, which does
    /// nothing, and leaves no statement.
    fn constructor_invocation(
        &mut self,
        node: Node<'t>,
        is_first: bool,
    ) -> Checked<'t, Option<Stmt>> {
        let which = self.field(node, "constructor")?;
        let is_this = self.text(which) == "this";
        if !is_first {
            let what = if is_this { "this" } else { "super" };
            return self.error(
                node,
                format!("call to {what} must be first statement in constructor"),
            );
        }
        if node.child_by_field_name("object").is_some()
            || node.child_by_field_name("type_arguments").is_some()
        {
            return self.unsupported(node, "a qualified constructor call");
        }
        if !is_this {
            if let Some(superclass) = self.file.superclass(self.class) {
                let call = self.super_constructor(node, superclass, true)?;
                return Ok(Some(Stmt {
                    id: self.id(),
                    span: span_of(node),
                    kind: StmtKind::Expr(call),
                }));
            }
            let has_args = node
                .child_by_field_name("arguments")
                .is_some_and(|a| !named_children(a).is_empty());
            // A superclass roth does not read (the JDK's beyond its model, a file not in
            // the code base) takes arguments roth cannot check.
            if let Some(p) = self.file.hierarchy_problem(self.class) {
                return self.unsupported(node, &format!("super(...) of a class that {p}"));
            }
            if has_args {
                return self.error(
                    node,
                    "constructor Object in class Object cannot be applied to given types",
                );
            }
            return Ok(None);
        }
        let call = self.this_call(node)?;
        Ok(Some(Stmt {
            id: self.id(),
            span: span_of(node),
            kind: StmtKind::Expr(call),
        }))
    }

    pub(super) fn statement_list(
        &mut self,
        nodes: Vec<Node<'t>>,
    ) -> Checked<'t, (Vec<Stmt>, Completes)> {
        let mut stmts = Vec::new();
        let mut completes = true;
        for child in nodes {
            if !completes {
                return self.error(child, "unreachable statement");
            }
            if child.kind() == "explicit_constructor_invocation" {
                // Only a constructor body's first statement may call a constructor.
                self.constructor_invocation(child, false)?;
                continue;
            }
            let (s, c) = self.statement(child)?;
            completes = c;
            stmts.push(s);
        }
        Ok((stmts, completes))
    }

    /// A substatement (the body of an `if` or a loop) in its own scope.
    pub(super) fn substatement(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        if node.kind() == "local_variable_declaration" {
            return self.error(node, "variable declaration not allowed here");
        }
        self.scopes.push(Vec::new());
        let r = self.statement(node);
        self.scopes.pop();
        r
    }

    pub(super) fn unreachable_from_here(&mut self) {
        self.assigned = self.all_assigned();
    }

    pub(super) fn statement(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        // A switch expression that is the statement's whole value is computed first.
        if let Some((switch, ty)) = self.switch_value_of(node)? {
            let lowered = self.lower_switch_expression(switch, ty)?;
            let (stmt, completes) = self.statement_itself(node)?;
            let span = span_of(node);
            let id = self.id();
            return Ok((
                Stmt {
                    id,
                    span,
                    kind: StmtKind::Block(vec![lowered, stmt]),
                },
                completes,
            ));
        }
        self.statement_itself(node)
    }

    /// The switch expression that is all `node` (a statement) evaluates before using it,
    /// with the type its context gives it: the value of a `return`, the initializer of a
    /// declaration of one local (not `var`), the right side of `local = ...`.
    fn switch_value_of(&mut self, node: Node<'t>) -> Checked<'t, Option<(Node<'t>, Type)>> {
        let is_switch = |n: &Node| n.kind() == "switch_expression";
        match node.kind() {
            "return_statement" => Ok(named_children(node)
                .into_iter()
                .find(is_switch)
                .map(|n| (n, self.ret.clone()))),
            "local_variable_declaration" => {
                let type_node = self.field(node, "type")?;
                let mut cursor = node.walk();
                let declarators: Vec<Node> = node
                    .children_by_field_name("declarator", &mut cursor)
                    .collect();
                let [declarator] = declarators.as_slice() else {
                    return Ok(None);
                };
                let Some(value) = declarator.child_by_field_name("value").filter(is_switch) else {
                    return Ok(None);
                };
                if self.text(type_node) == "var" {
                    return self.unsupported(value, "a switch expression in a `var` declaration");
                }
                let ty = self.ty(type_node)?;
                Ok(Some((value, self.file.with_dimensions(ty, *declarator))))
            }
            "expression_statement" => {
                let Some(assign) = named_children(node)
                    .into_iter()
                    .next()
                    .filter(|a| a.kind() == "assignment_expression")
                else {
                    return Ok(None);
                };
                let (Some(left), Some(right)) = (
                    assign.child_by_field_name("left"),
                    assign.child_by_field_name("right"),
                ) else {
                    return Ok(None);
                };
                let plain = assign
                    .child_by_field_name("operator")
                    .is_some_and(|o| self.text(o) == "=");
                if !is_switch(&right) || !plain || left.kind() != "identifier" {
                    return Ok(None);
                }
                match self.lookup(self.text(left)) {
                    Some(local) => Ok(Some((right, self.locals[local.0 as usize].ty.clone()))),
                    None => Ok(None),
                }
            }
            _ => Ok(None),
        }
    }

    fn statement_itself(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        let (kind, completes) = match node.kind() {
            ";" => (StmtKind::Empty, true),
            "block" => {
                let (stmts, c) = self.block_statements(node)?;
                (StmtKind::Block(stmts), c)
            }
            "local_variable_declaration" => (self.local_declaration(node)?, true),
            "expression_statement" => {
                let inner = named_children(node)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "an empty expression statement".into(),
                    })?;
                let e = self.statement_expression(inner)?;
                (StmtKind::Expr(e), true)
            }
            "if_statement" => {
                let cond_node = self.field(node, "condition")?;
                let (cond, when_true, when_false) = self.condition(cond_node)?;
                self.set_assigned(when_true);
                let (then, then_completes) = self.substatement(self.field(node, "consequence")?)?;
                let after_then = self.assigned.clone();
                self.set_assigned(when_false);
                let (otherwise, else_completes) = match node.child_by_field_name("alternative") {
                    Some(alt) => {
                        let (s, c) = self.substatement(alt)?;
                        (Some(Box::new(s)), c)
                    }
                    None => (None, true),
                };
                let after = Self::meet(&after_then, &self.assigned);
                self.set_assigned(after);
                (
                    StmtKind::If {
                        cond,
                        then: Box::new(then),
                        otherwise,
                    },
                    then_completes || else_completes,
                )
            }
            "while_statement" => {
                let id = self.id();
                let cond_node = self.field(node, "condition")?;
                let (cond, when_true, when_false) = self.condition(cond_node)?;
                let constant = self.constant(&cond).and_then(|c| c.as_bool());
                let body_node = self.field(node, "body")?;
                if constant == Some(false) {
                    return self.error(body_node, "unreachable statement");
                }
                self.push_target(id, true, false);
                self.set_assigned(when_true);
                let (body, _) = self.substatement(body_node)?;
                let target = self.targets.pop().expect("pushed");
                let after = Self::after_breaks(when_false, &target);
                self.set_assigned(after);
                let completes = constant != Some(true) || !target.breaks.is_empty();
                return Ok((
                    Stmt {
                        id,
                        span,
                        kind: StmtKind::While {
                            cond,
                            body: Box::new(body),
                        },
                    },
                    completes,
                ));
            }
            "do_statement" => {
                let id = self.id();
                self.push_target(id, true, false);
                let (body, body_completes) = self.substatement(self.field(node, "body")?)?;
                let mut before_cond = if body_completes {
                    self.assigned.clone()
                } else {
                    self.all_assigned()
                };
                let target_continues = self.targets.last().expect("pushed").continues.clone();
                for c in &target_continues {
                    before_cond = Self::meet(&before_cond, c);
                }
                self.set_assigned(before_cond);
                let (cond, _, when_false) = self.condition(self.field(node, "condition")?)?;
                let target = self.targets.pop().expect("pushed");
                let constant = self.constant(&cond).and_then(|c| c.as_bool());
                let after = Self::after_breaks(when_false, &target);
                self.set_assigned(after);
                let completes = ((body_completes || !target.continues.is_empty())
                    && constant != Some(true))
                    || !target.breaks.is_empty();
                return Ok((
                    Stmt {
                        id,
                        span,
                        kind: StmtKind::Do {
                            body: Box::new(body),
                            cond,
                        },
                    },
                    completes,
                ));
            }
            "for_statement" => return self.for_statement(node),
            "enhanced_for_statement" => return self.for_each(node),
            "labeled_statement" => {
                let id = self.id();
                let children = named_children(node);
                let label_node = children
                    .iter()
                    .find(|c| c.kind() == "identifier")
                    .copied()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "a label without a name".into(),
                    })?;
                let label = self.text(label_node).to_string();
                if self
                    .targets
                    .iter()
                    .any(|t| t.label.as_deref() == Some(&label))
                {
                    return self.error(label_node, format!("label {label} already in use"));
                }
                // The labeled statement: the child after the colon (`;` is not a named node).
                let inner = {
                    let mut cursor = node.walk();
                    let all: Vec<Node> = node.children(&mut cursor).collect();
                    all.into_iter()
                        .skip_while(|c| c.kind() != ":")
                        .skip(1)
                        .find(|c| !is_comment(*c))
                }
                .ok_or_else(|| CheckError {
                    node,
                    message: "a label without a statement".into(),
                })?;
                self.targets.push(JumpTarget {
                    id,
                    label: Some(label.clone()),
                    is_loop: false,
                    is_switch: false,
                    is_expression: false,
                    breaks: Vec::new(),
                    continues: Vec::new(),
                });
                let is_loop = matches!(
                    inner.kind(),
                    "while_statement" | "do_statement" | "for_statement" | "enhanced_for_statement"
                );
                if is_loop {
                    self.pending_label = Some(label.clone());
                }
                let (body, body_completes) = self.substatement(inner)?;
                self.pending_label = None;
                let target = self.targets.pop().expect("pushed");
                let normal = if body_completes {
                    self.assigned.clone()
                } else {
                    self.all_assigned()
                };
                let after = Self::after_breaks(normal, &target);
                self.set_assigned(after);
                return Ok((
                    Stmt {
                        id,
                        span,
                        kind: StmtKind::Labeled {
                            label,
                            body: Box::new(body),
                        },
                    },
                    body_completes || !target.breaks.is_empty(),
                ));
            }
            "break_statement" | "continue_statement" => {
                let is_break = node.kind() == "break_statement";
                let label = named_children(node)
                    .into_iter()
                    .find(|c| c.kind() == "identifier")
                    .map(|l| self.text(l).to_string());
                let state = self.assigned.clone();
                let index = self.targets.iter().rposition(|t| match &label {
                    Some(l) => t.label.as_deref() == Some(l.as_str()) && (is_break || t.is_loop),
                    None => t.is_loop || (is_break && t.is_switch),
                });
                let Some(index) = index else {
                    let what = match (&label, is_break) {
                        (Some(l), _) => format!("undefined label: {l}"),
                        (None, true) => "break outside switch or loop".to_string(),
                        (None, false) => "continue outside of loop".to_string(),
                    };
                    return self.error(node, what);
                };
                if self.targets[index..].iter().any(|t| t.is_expression) {
                    return self.error(node, "attempting to jump out of a switch expression");
                }
                let target = &mut self.targets[index];
                let target_id = target.id;
                if is_break {
                    target.breaks.push(state);
                } else {
                    target.continues.push(state);
                }
                self.unreachable_from_here();
                let kind = if is_break {
                    StmtKind::Break { target: target_id }
                } else {
                    StmtKind::Continue { target: target_id }
                };
                (kind, false)
            }
            "return_statement" => {
                let value = named_children(node).into_iter().next();
                let kind = match (value, &self.ret) {
                    (None, Type::Void) => StmtKind::Return(None),
                    (None, _) => return self.error(node, "missing return value"),
                    (Some(v), Type::Void) => {
                        return self.error(v, "incompatible types: unexpected return value");
                    }
                    (Some(v), ret) => {
                        let ret = ret.clone();
                        let e = self.expr_for(v, &ret)?;
                        StmtKind::Return(Some(self.assignable(e, &ret, v)?))
                    }
                };
                self.unreachable_from_here();
                (kind, false)
            }
            "throw_statement" => {
                let value = named_children(node)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "throw without an exception".into(),
                    })?;
                // `throw new E()` or `throw new E(message)` of a library exception needs no
                // object: the proofs follow it as the method's end. Anything else is thrown as
                // the object it is.
                let library = value.kind() == "object_creation_expression"
                    && !has_class_body(value)
                    && value.child_by_field_name("type").is_some_and(|t| {
                        self.file
                            .class_named_at(self.text(t), self.class, t.start_byte())
                            .is_some_and(|c| c >= self.file.throwable_class())
                    });
                let before = self.assigned.clone();
                let mut simple = None;
                if library {
                    let ty = self.field(value, "type")?;
                    let exception = self.exception_name(ty)?;
                    let mut args = Vec::new();
                    if let Some(list) = value.child_by_field_name("arguments") {
                        for a in named_children(list) {
                            args.push(self.expr(a)?);
                        }
                    }
                    if args.is_empty()
                        || (args.len() == 1 && matches!(args[0].ty, Type::String | Type::Null))
                    {
                        simple = Some(StmtKind::Throw { exception, args });
                    }
                }
                let kind = match simple {
                    Some(kind) => kind,
                    None => {
                        self.set_assigned(before);
                        self.throw_value(value)?
                    }
                };
                self.unreachable_from_here();
                (kind, false)
            }
            "switch_expression" => return self.switch(node),
            "try_statement" => self.try_statement(node)?,
            "try_with_resources_statement" => self.try_with_resources(node)?,
            "assert_statement" => (self.assert_statement(node)?, true),
            "synchronized_statement" => return self.unsupported(node, "synchronized"),
            // Read as a class of its own (see `local_classes.rs`); declaring it runs nothing.
            "class_declaration"
            | "record_declaration"
            | "enum_declaration"
            | "interface_declaration"
                if self.file.class_nodes.iter().any(|n| n.id() == node.id()) =>
            {
                let class = self
                    .file
                    .class_nodes
                    .iter()
                    .position(|n| n.id() == node.id());
                self.captures_allowed(node, class.unwrap_or_default() as u32)?;
                (StmtKind::Empty, true)
            }
            "class_declaration"
            | "record_declaration"
            | "enum_declaration"
            | "interface_declaration" => {
                return self.unsupported(node, "a local class in code roth does not read");
            }
            "yield_statement" => {
                let value = named_children(node)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "yield without a value".into(),
                    })?;
                (StmtKind::Block(self.yield_value(value)?), false)
            }
            other => return self.unsupported(node, &format!("the statement kind {other}")),
        };
        let id = self.id();
        Ok((Stmt { id, span, kind }, completes))
    }

    /// `assert cond;` or `assert cond : detail;`, checked as `javac` checks it and then
    /// dropped: a default JVM runs with assertions disabled and evaluates neither part
    /// (JLS §14.10). What it assigns is not definitely assigned after it.
    fn assert_statement(&mut self, node: Node<'t>) -> Checked<'t, StmtKind> {
        let parts = named_children(node);
        let before = self.assigned.clone();
        let Some(cond) = parts.first() else {
            return self.error(node, "assert without a condition");
        };
        // Neither part runs and no mutant is made in them: a construct outside the subset
        // there does not matter, only `javac`'s errors do.
        let outside = |e: &CheckError| e.message.ends_with("is outside the supported subset");
        match self.expr(*cond) {
            Ok(c) if c.ty != Type::Boolean => {
                return self.error(
                    *cond,
                    format!(
                        "incompatible types: {} cannot be converted to boolean",
                        c.ty
                    ),
                );
            }
            Err(e) if !outside(&e) => return Err(e),
            _ => {}
        }
        if let Some(detail) = parts.get(1) {
            match self.expr(*detail) {
                Ok(d) if d.ty == Type::Void => {
                    return self.error(*detail, "'void' type not allowed here");
                }
                Err(e) if !outside(&e) => return Err(e),
                _ => {}
            }
        }
        self.assigned = before;
        Ok(StmtKind::Block(Vec::new()))
    }

    pub(super) fn field(&self, node: Node<'t>, name: &str) -> Checked<'t, Node<'t>> {
        node.child_by_field_name(name).ok_or_else(|| CheckError {
            node,
            message: format!("missing {name}"),
        })
    }

    /// The target just pushed is a switch expression's (nothing jumps out of it).
    pub(super) fn mark_expression_target(&mut self) {
        if let Some(t) = self.targets.last_mut() {
            t.is_expression = true;
        }
    }

    pub(super) fn push_target(&mut self, id: NodeId, is_loop: bool, is_switch: bool) {
        let label = if is_loop {
            self.pending_label.take()
        } else {
            None
        };
        self.targets.push(JumpTarget {
            id,
            label,
            is_loop,
            is_switch,
            is_expression: false,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
    }

    fn exception_name(&self, ty: Node<'t>) -> Checked<'t, String> {
        let name = self.text(ty);
        if name.contains('.') {
            return Ok(name.to_string());
        }
        let segment = self.file.segment_of(self.class);
        if let Some(import) = segment
            .imports
            .iter()
            .find(|i| i.rsplit('.').next() == Some(name))
        {
            return Ok(import.clone());
        }
        if let Some(c) = self.file.class_named(name, self.class) {
            if let Some(t) = self.file.classes[c as usize].library {
                return Ok(crate::program::reader::throwables::THROWABLES[t]
                    .name
                    .to_string());
            }
            return Ok(match &self.file.segment_of(c).package {
                Some(p) => format!("{p}.{name}"),
                None => name.to_string(),
            });
        }
        if JAVA_LANG_EXCEPTIONS.contains(&name) {
            return Ok(format!("java.lang.{name}"));
        }
        self.error(ty, format!("cannot find symbol: class {name}"))
    }

    fn local_declaration(&mut self, node: Node<'t>) -> Checked<'t, StmtKind> {
        let is_final = has_modifier(node, self.file.src, "final");
        let type_node = self.field(node, "type")?;
        let mut cursor = node.walk();
        let declarators: Vec<Node> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        if self.text(type_node) == "var" && self.lookup_type_var().is_none() {
            return self.var_declaration(type_node, &declarators, is_final);
        }
        let base = self.ty(type_node)?;
        let mut decls = Vec::new();
        for d in declarators {
            let name = self.field(d, "name")?;
            let ty = self.file.with_dimensions(base.clone(), d);
            let id = self.declare_local(name, ty.clone(), is_final)?;
            let init = match d.child_by_field_name("value") {
                Some(v) => {
                    let e = self.initializer(v, &ty)?;
                    self.assigned.set(id.0 as usize, true);
                    if is_final && (ty.is_primitive() || ty == Type::String) {
                        self.locals[id.0 as usize].constant = self.constant(&e);
                    }
                    Some(e)
                }
                None => None,
            };
            decls.push((id, init));
        }
        Ok(StmtKind::Locals(decls))
    }

    /// `var x = e;` (JLS §14.4.1): the local takes the type of its initializer, which must
    /// be there, must not be `null` or an array initializer, and cannot see `x` itself.
    fn var_declaration(
        &mut self,
        type_node: Node<'t>,
        declarators: &[Node<'t>],
        is_final: bool,
    ) -> Checked<'t, StmtKind> {
        let [d] = declarators else {
            return self.error(type_node, "'var' is not allowed in a compound declaration");
        };
        let name = self.field(*d, "name")?;
        let var_name = self.text(name).to_string();
        if d.child_by_field_name("dimensions").is_some() {
            return self.error(*d, "'var' is not allowed as an element type of an array");
        }
        let Some(value) = d.child_by_field_name("value") else {
            return self.error(
                *d,
                format!("cannot infer type for local variable {var_name} (cannot use 'var' on variable without initializer)"),
            );
        };
        if value.kind() == "array_initializer" {
            return self.error(
                *d,
                format!("cannot infer type for local variable {var_name} (array initializer needs an explicit target-type)"),
            );
        }
        if self.mentions(value, &var_name) && self.lookup(&var_name).is_none() {
            return self.error(
                *d,
                format!("cannot infer type for local variable {var_name} (cannot use 'var' on self-referencing variable)"),
            );
        }
        let e = self.expr(value)?;
        if e.ty == Type::Null {
            return self.error(
                *d,
                format!("cannot infer type for local variable {var_name} (variable initializer is 'null')"),
            );
        }
        if e.ty == Type::Void {
            return self.error(
                *d,
                format!("cannot infer type for local variable {var_name} (variable initializer is 'void')"),
            );
        }
        let ty = e.ty.clone();
        let id = self.declare_local(name, ty.clone(), is_final)?;
        self.assigned.set(id.0 as usize, true);
        if is_final && (ty.is_primitive() || ty == Type::String) {
            self.locals[id.0 as usize].constant = self.constant(&e);
        }
        Ok(StmtKind::Locals(vec![(id, Some(e))]))
    }

    /// Whether `node` names the variable `name`: an identifier with that text, not the
    /// method of a call (`s.length()` in `var length = s.length();`), the field of a field
    /// access (`a.length`) or the method of a method reference (`String::length`), which
    /// are other namespaces (JLS §6.5).
    fn mentions(&self, node: Node<'t>, name: &str) -> bool {
        if node.kind() == "identifier" && self.text(node) == name {
            return true;
        }
        let member = match node.kind() {
            "method_invocation" => node.child_by_field_name("name"),
            "field_access" => node.child_by_field_name("field"),
            // `Type::method`: the identifier after `::`.
            "method_reference" => named_children(node).into_iter().skip(1).last(),
            _ => None,
        };
        named_children(node)
            .into_iter()
            .filter(|c| Some(c.id()) != member.map(|m| m.id()))
            .any(|c| self.mentions(c, name))
    }

    /// `var` names a type only if a class of that name is in scope (legal before Java 10,
    /// an error since): never in the subset.
    fn lookup_type_var(&self) -> Option<u32> {
        self.file.class_named("var", self.class)
    }

    /// A variable initializer: an expression, or an array initializer for an array type.
    pub(super) fn initializer(&mut self, node: Node<'t>, ty: &Type) -> Checked<'t, Expr> {
        if node.kind() == "array_initializer" {
            return self.array_literal(node, ty);
        }
        let e = self.expr_for(node, ty)?;
        self.assignable(e, ty, node)
    }

    pub(super) fn array_literal(&mut self, node: Node<'t>, ty: &Type) -> Checked<'t, Expr> {
        let Some(element) = ty.element().cloned() else {
            return self.error(node, format!("illegal initializer for {ty}"));
        };
        let mut items = Vec::new();
        for item in named_children(node) {
            items.push(self.initializer(item, &element)?);
        }
        Ok(Expr {
            id: self.id(),
            span: span_of(node),
            ty: ty.clone(),
            kind: ExprKind::ArrayLiteral(items),
        })
    }

    fn for_statement(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        self.scopes.push(Vec::new());
        let id = self.id();
        let mut init = Vec::new();
        let mut cursor = node.walk();
        let init_nodes: Vec<Node> = node.children_by_field_name("init", &mut cursor).collect();
        for i in init_nodes {
            let s_span = span_of(i);
            let kind = if i.kind() == "local_variable_declaration" {
                self.local_declaration(i)?
            } else {
                StmtKind::Expr(self.statement_expression(i)?)
            };
            init.push(Stmt {
                id: self.id(),
                span: s_span,
                kind,
            });
        }
        let (cond, when_true, when_false, constant) = match node.child_by_field_name("condition") {
            Some(c) => {
                let (e, t, f) = self.condition(c)?;
                let k = self.constant(&e).and_then(|c| c.as_bool());
                (Some(e), t, f, k)
            }
            None => (None, self.assigned.clone(), self.all_assigned(), Some(true)),
        };
        let body_node = self.field(node, "body")?;
        if constant == Some(false) {
            return self.error(body_node, "unreachable statement");
        }
        self.push_target(id, true, false);
        self.set_assigned(when_true);
        let (body, body_completes) = self.substatement(body_node)?;
        let mut before_update = if body_completes {
            self.assigned.clone()
        } else {
            self.all_assigned()
        };
        for c in &self.targets.last().expect("pushed").continues.clone() {
            before_update = Self::meet(&before_update, c);
        }
        self.set_assigned(before_update);
        let mut update = Vec::new();
        let mut cursor = node.walk();
        let update_nodes: Vec<Node> = node.children_by_field_name("update", &mut cursor).collect();
        for u in update_nodes {
            update.push(self.statement_expression(u)?);
        }
        let target = self.targets.pop().expect("pushed");
        let after = Self::after_breaks(when_false, &target);
        self.scopes.pop();
        self.set_assigned(after);
        let completes = constant != Some(true) || !target.breaks.is_empty();
        Ok((
            Stmt {
                id,
                span,
                kind: StmtKind::For {
                    init,
                    cond,
                    update,
                    body: Box::new(body),
                },
            },
            completes,
        ))
    }

    fn for_each(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        let id = self.id();
        let value_node = self.field(node, "value")?;
        let array = self.expr(value_node)?;
        let Some(element) = array.ty.element().cloned() else {
            let iterable = self.file.jdk_class("Iterable");
            if let Some(class) = array.ty.class()
                && iterable.is_some_and(|i| i == class || self.file.ancestors(class).contains(&i))
            {
                return self.for_each_iterable(node, array);
            }
            return self.error(value_node, "for-each not applicable to expression type");
        };
        self.scopes.push(Vec::new());
        let type_node = self.field(node, "type")?;
        let ty = if self.text(type_node) == "var" {
            element.clone()
        } else {
            self.ty(type_node)?
        };
        let name = self.field(node, "name")?;
        let is_final = has_modifier(node, self.file.src, "final");
        let array_local = self.hidden_local("$array", array.ty.clone(), span_of(value_node));
        let index_local = self.hidden_local("$index", Type::Int, span_of(value_node));
        let before = self.assigned.clone();
        let var = self.declare_local(name, ty.clone(), is_final)?;
        // Elements boxed or unboxed on the way (`for (int x : integers)`): the loop walks a
        // hidden variable of the element type, converted into the declared one first.
        let converts = self.file.boxing_converts(&element, &ty);
        let walked = match converts {
            true => self.hidden_local("$element", element.clone(), span_of(value_node)),
            false => var,
        };
        if !converts && !element.widens_to(&ty) {
            return self.error(
                type_node,
                format!("incompatible types: {element} cannot be converted to {ty}"),
            );
        }
        self.assigned.set(var.0 as usize, true);
        self.assigned.set(walked.0 as usize, true);
        self.assigned.set(array_local.0 as usize, true);
        self.assigned.set(index_local.0 as usize, true);
        self.push_target(id, true, false);
        let (mut body, _) = self.substatement(self.field(node, "body")?)?;
        if converts {
            body = self.converted_element(type_node, (walked, &element), (var, &ty), body)?;
        }
        let target = self.targets.pop().expect("pushed");
        let after = Self::after_breaks(before, &target);
        self.scopes.pop();
        self.set_assigned(after);
        Ok((
            Stmt {
                id,
                span,
                kind: StmtKind::ForEach {
                    var: walked,
                    array,
                    array_local,
                    index_local,
                    body: Box::new(body),
                },
            },
            true,
        ))
    }

    /// `for (T v : iterable) body` as JLS §14.14.2 defines it: `for (Iterator<E> $i =
    /// iterable.iterator(); $i.hasNext(); ) { T v = (T) $i.next(); body }`, the calls hidden
    /// (no mutant edits them) and virtual, so a collection's own iterator runs, with its
    /// `ConcurrentModificationException`.
    fn for_each_iterable(
        &mut self,
        node: Node<'t>,
        iterable: Expr,
    ) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        let id = self.id();
        let value_node = self.field(node, "value")?;
        let class = iterable.ty.class().expect("an Iterable");
        self.scopes.push(Vec::new());
        let mut start =
            self.user_call_with(value_node, class, "iterator", Some(iterable), Vec::new())?;
        crate::program::reader::captures::hide_call(&mut start);
        let iterator_type = start.ty.clone();
        let Some(iterator_class) = iterator_type.class() else {
            return self.unsupported(value_node, "an iterator that is not a class");
        };
        let iterator = self.hidden_local("$iterator", iterator_type.clone(), span_of(value_node));
        let read = self.hidden(value_node, iterator_type.clone(), ExprKind::Local(iterator));
        let mut cond = self.user_call_with(
            value_node,
            iterator_class,
            "hasNext",
            Some(read),
            Vec::new(),
        )?;
        crate::program::reader::captures::hide(&mut cond);
        let read = self.hidden(value_node, iterator_type, ExprKind::Local(iterator));
        let mut next =
            self.user_call_with(value_node, iterator_class, "next", Some(read), Vec::new())?;
        crate::program::reader::captures::hide(&mut next);
        let type_node = self.field(node, "type")?;
        let ty = if self.text(type_node) == "var" {
            next.ty.clone()
        } else {
            self.ty(type_node)?
        };
        let name = self.field(node, "name")?;
        let is_final = has_modifier(node, self.file.src, "final");
        let before = self.assigned.clone();
        let var = self.declare_local(name, ty.clone(), is_final)?;
        let mut value = self.assignable(next, &ty, type_node)?;
        crate::program::reader::captures::hide(&mut value);
        self.assigned.set(var.0 as usize, true);
        self.assigned.set(iterator.0 as usize, true);
        self.push_target(id, true, false);
        let (body, _) = self.substatement(self.field(node, "body")?)?;
        let target = self.hidden(type_node, ty.clone(), ExprKind::Local(var));
        let assign = self.hidden(
            type_node,
            ty.clone(),
            ExprKind::Assign {
                target: Box::new(target),
                op: None,
                op_type: ty,
                value: Box::new(value),
            },
        );
        let first = Stmt {
            id: self.id(),
            span: assign.span,
            kind: StmtKind::Expr(assign),
        };
        let body = Stmt {
            id: self.id(),
            span: body.span,
            kind: StmtKind::Block(vec![first, body]),
        };
        let init = Stmt {
            id: self.id(),
            span: start.span,
            kind: StmtKind::Locals(vec![(iterator, Some(start))]),
        };
        let target = self.targets.pop().expect("pushed");
        let after = Self::after_breaks(before, &target);
        self.scopes.pop();
        self.set_assigned(after);
        Ok((
            Stmt {
                id,
                span,
                kind: StmtKind::For {
                    init: vec![init],
                    cond: Some(cond),
                    update: Vec::new(),
                    body: Box::new(body),
                },
            },
            true,
        ))
    }

    /// `body` preceded by `var = walked;` converted (unboxed, null-checked, or boxed), with
    /// no text of its own.
    fn converted_element(
        &mut self,
        node: Node<'t>,
        (walked, element): (LocalId, &Type),
        (var, ty): (LocalId, &Type),
        body: Stmt,
    ) -> Checked<'t, Stmt> {
        let read = self.hidden(node, element.clone(), ExprKind::Local(walked));
        let mut value = self.assignable(read, ty, node)?;
        crate::program::reader::captures::hide(&mut value);
        let target = self.hidden(node, ty.clone(), ExprKind::Local(var));
        let assign = self.hidden(
            node,
            ty.clone(),
            ExprKind::Assign {
                target: Box::new(target),
                op: None,
                op_type: ty.clone(),
                value: Box::new(value),
            },
        );
        let span = assign.span;
        let first = Stmt {
            id: self.id(),
            span,
            kind: StmtKind::Expr(assign),
        };
        Ok(Stmt {
            id: self.id(),
            span: body.span,
            kind: StmtKind::Block(vec![first, body]),
        })
    }

    pub(super) fn statement_expression(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        match node.kind() {
            "assignment_expression" | "update_expression" | "method_invocation" => self.expr(node),
            "object_creation_expression" => self.expr(node),
            _ => self.error(node, "not a statement"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::{int, returns, runner, string};
    use crate::program::load;

    /// A `var` may share its name with a method, a field or a method reference's method its
    /// initializer names (results from `java` 17); naming the variable itself is javac's
    /// "cannot use 'var' on self-referencing variable".
    #[test]
    fn a_var_initializer_may_name_a_member_called_like_the_variable() {
        let source = r#"import java.util.function.*;
class V {
    static int f(String s) {
        int[] a = {1, 2};
        var length = s.length();
        var n = a.length;
        ToIntFunction<String> size = String::length;
        var f = size;
        return length * 100 + n * 10 + f.applyAsInt("abc");
    }
    static int g(int x) {
        var g = x + 1;
        return g;
    }
}
"#;
        let unit = load("V.java", source).expect("the file loads");
        assert_eq!(
            unit.unsupported().count(),
            0,
            "{:?}",
            unit.unsupported().next()
        );
        let run = runner(&unit);
        assert_eq!(run("f", &[string("abcd")]), returns(int(423)));
        assert_eq!(run("g", &[int(4)]), returns(int(5)));
        let bad = "class W { static int h() { var h = h + 1; return h; } }";
        let unit = load("W.java", bad).expect("the file loads");
        let (_, why) = unit.unsupported().next().expect("refused");
        assert!(why.message.contains("self-referencing"), "{}", why.message);
    }
}
