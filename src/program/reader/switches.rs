//! `switch` as `javac` checks it (JLS §14.11, §15.28): statement groups with fall-through,
//! `case ->` rules (no fall-through: each ends as if by `break`), and switch expressions.
//!
//! A switch expression is lowered to a switch statement: each arm assigns the expression's
//! value to a hidden local and leaves the switch (`yield v;` and `case L -> v;` alike), and
//! the expression reads that local. Lowering moves the switch before the statement it stands
//! in, so it is done only where nothing of that statement is evaluated before the value: the
//! value of a `return`, the initializer of a declaration of one local, the right side of an
//! assignment to a local, an arm of another switch expression. The arms are checked against
//! the type the context gives (JLS §15.28.1: a poly expression in an assignment or return
//! context). A switch expression over an enum that covers every constant without `default`
//! gets the `default` `javac` adds, throwing `IncompatibleClassChangeError`.

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, Completes, MethodChecker};
use crate::program::reader::syntax::{named_children, span_of, statement_children};

/// The switch expression being lowered: its switch's id, the local it yields into, the type.
#[derive(Clone, Debug)]
pub(super) struct YieldTarget {
    pub(super) switch: NodeId,
    pub(super) local: LocalId,
    pub(super) ty: Type,
}

impl<'t> MethodChecker<'_, '_, 't> {
    /// A switch statement.
    pub(super) fn switch(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        self.switch_into(node, None)
    }

    /// A switch statement, or with `value` the lowering of a switch expression yielding into
    /// that local of that type.
    fn switch_into(
        &mut self,
        node: Node<'t>,
        value: Option<(LocalId, Type)>,
    ) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        let id = self.id();
        let cond_node = self.field(node, "condition")?;
        let scrutinee = self.expr(cond_node)?;
        // On an enum, the constants' names label the cases: the switch is on the ordinal
        // (a null scrutinee throws, as `ordinal()` does).
        let enum_class = scrutinee
            .ty
            .class()
            .filter(|c| self.file.classes[*c as usize].is_enum);
        let scrutinee = match enum_class {
            Some(_) => Expr {
                id: self.id(),
                span: scrutinee.span,
                ty: Type::Int,
                kind: ExprKind::Builtin(Builtin::EnumOrdinal, vec![scrutinee]),
            },
            None => scrutinee,
        };
        // A `Character`, `Byte`, `Short` or `Integer` is unboxed (JLS §14.11.1).
        let scrutinee = match self.file.unboxed_type(&scrutinee.ty) {
            Some(Type::Char | Type::Byte | Type::Short | Type::Int) => self.unbox_value(scrutinee),
            _ => scrutinee,
        };
        let scrutinee = match scrutinee.ty {
            Type::Char | Type::Byte | Type::Short | Type::Int | Type::String => scrutinee,
            ref other => {
                return self.error(
                    cond_node,
                    format!("switch on {other} is outside the supported subset (Java allows int, char, short, byte, String)"),
                );
            }
        };
        let body = self.field(node, "body")?;
        let before = self.assigned.clone();
        self.scopes.push(Vec::new());
        self.push_target(id, false, true);
        if let Some((local, ty)) = &value {
            self.mark_expression_target();
            self.yields.push(YieldTarget {
                switch: id,
                local: *local,
                ty: ty.clone(),
            });
        }
        let result = self.arms(
            body,
            id,
            enum_class,
            &scrutinee.ty,
            &before,
            value.is_some(),
        );
        if value.is_some() {
            self.yields.pop();
        }
        let target = self.targets.pop().expect("pushed");
        self.scopes.pop();
        let (mut groups, has_default, completes) = result?;
        if let Some(class) = enum_class.filter(|_| value.is_some() && !has_default) {
            let constants = self.file.classes[class as usize].enum_constants;
            let covered = groups.iter().flat_map(|g| &g.labels).count();
            if covered < constants {
                return self.error(
                    node,
                    "the switch expression does not cover all possible input values",
                );
            }
            // `javac`'s default for a constant added after compilation.
            groups.push(SwitchGroup {
                labels: vec![None],
                stmts: vec![self.synthetic(
                    span,
                    StmtKind::Throw {
                        exception: "java.lang.IncompatibleClassChangeError".into(),
                        args: Vec::new(),
                    },
                )],
            });
        } else if value.is_some() && !has_default {
            return self.error(
                node,
                "the switch expression does not cover all possible input values",
            );
        }
        if value.is_some() && target.breaks.is_empty() {
            return self.error(
                node,
                "switch expression does not have any result expressions",
            );
        }
        let exhaustive = has_default || value.is_some();
        let mut after = if completes {
            self.assigned.clone()
        } else {
            self.all_assigned()
        };
        if !exhaustive {
            after = Self::meet(&after, &before);
        }
        after = Self::after_breaks(after, &target);
        self.set_assigned(after);
        let switch_completes = completes || !exhaustive || !target.breaks.is_empty();
        Ok((
            Stmt {
                id,
                span,
                kind: StmtKind::Switch { scrutinee, groups },
            },
            switch_completes,
        ))
    }

    /// The groups of a switch body (statement groups or rules, not both), whether one is
    /// `default`, and whether the last one completes normally (falls out of the switch).
    #[allow(clippy::type_complexity)]
    fn arms(
        &mut self,
        body: Node<'t>,
        id: NodeId,
        enum_class: Option<u32>,
        scrutinee: &Type,
        before: &bitvec::vec::BitVec,
        is_expression: bool,
    ) -> Checked<'t, (Vec<SwitchGroup>, bool, Completes)> {
        let mut groups = Vec::new();
        let mut seen: Vec<Const> = Vec::new();
        let mut has_default = false;
        let mut completes = true;
        let mut state = before.clone();
        let mut kinds = (false, false);
        for group in named_children(body) {
            let is_rule = match group.kind() {
                "switch_rule" => true,
                "switch_block_statement_group" => false,
                other => return self.unsupported(group, &format!("{other} in a switch")),
            };
            if (is_rule && kinds.1) || (!is_rule && kinds.0) {
                return self.error(group, "different case kinds used in the switch");
            }
            if is_rule {
                kinds.0 = true;
            } else {
                kinds.1 = true;
            }
            let mut labels = Vec::new();
            let mut stmts_nodes = Vec::new();
            for child in statement_children(group) {
                if child.kind() == "switch_label" {
                    self.labels(
                        child,
                        enum_class,
                        scrutinee,
                        &mut seen,
                        &mut has_default,
                        &mut labels,
                    )?;
                } else {
                    stmts_nodes.push(child);
                }
            }
            if is_rule {
                // No fall-through into a rule: it starts from the scrutinee.
                self.set_assigned(before.clone());
                let Some(&rule_body) = stmts_nodes.first() else {
                    return self.error(group, "a switch rule without a body");
                };
                let stmts = self.rule(rule_body, id, is_expression)?;
                groups.push(SwitchGroup { labels, stmts });
                completes = false;
                state = self.assigned.clone();
                continue;
            }
            // Entering a group: from the scrutinee (a label) or falling through.
            let entry = if completes {
                Self::meet(&state, before)
            } else {
                before.clone()
            };
            self.set_assigned(entry);
            let (stmts, c) = self.statement_list(stmts_nodes)?;
            completes = c;
            state = self.assigned.clone();
            groups.push(SwitchGroup { labels, stmts });
        }
        if is_expression && completes && !groups.is_empty() {
            return self.error(
                body,
                "switch expression completes without providing a value",
            );
        }
        self.set_assigned(state);
        Ok((groups, has_default, completes))
    }

    /// The labels of one `case` (or `default`, `None`), checked and added to `labels`.
    fn labels(
        &mut self,
        label: Node<'t>,
        enum_class: Option<u32>,
        scrutinee: &Type,
        seen: &mut Vec<Const>,
        has_default: &mut bool,
        labels: &mut Vec<Option<Const>>,
    ) -> Checked<'t, ()> {
        let values = named_children(label);
        if values.is_empty() {
            if *has_default {
                return self.error(label, "duplicate default label");
            }
            *has_default = true;
            labels.push(None);
        }
        for v in values {
            let c = if let Some(class) = enum_class {
                let name = self.text(v);
                let Some(k) = self.file.classes[class as usize].fields
                    [..self.file.classes[class as usize].enum_constants]
                    .iter()
                    .position(|f| f.name == name)
                else {
                    return self.error(
                        v,
                        "an enum switch case label must be the unqualified name of an enumeration constant",
                    );
                };
                Const::Int(Type::Int, k as i64)
            } else {
                let e = self.expr(v)?;
                let e = self.assignable(e, scrutinee, v)?;
                let Some(c) = self.constant(&e) else {
                    return self.error(v, "constant expression required");
                };
                c
            };
            if seen.contains(&c) {
                return self.error(v, "duplicate case label");
            }
            seen.push(c.clone());
            labels.push(Some(c));
        }
        Ok(())
    }

    /// The statements of a `case ->` rule of switch `id`: its body, then a `break` (for a
    /// switch expression, an expression body is its value).
    fn rule(&mut self, body: Node<'t>, id: NodeId, is_expression: bool) -> Checked<'t, Vec<Stmt>> {
        let end = span_of(body);
        if is_expression && body.kind() == "expression_statement" {
            let inner = named_children(body).into_iter().next().ok_or_else(|| {
                crate::program::reader::statements::CheckError {
                    node: body,
                    message: "an empty rule".into(),
                }
            })?;
            return self.yield_value(inner);
        }
        if !matches!(
            body.kind(),
            "expression_statement" | "block" | "throw_statement"
        ) {
            return self.error(
                body,
                "a switch rule's body must be an expression, a block or a throw",
            );
        }
        self.scopes.push(Vec::new());
        let result = self.statement(body);
        self.scopes.pop();
        let (stmt, completes) = result?;
        let mut stmts = vec![stmt];
        if completes {
            if is_expression {
                return self.error(body, "switch rule completes without providing a value");
            }
            stmts.push(self.leave(id, empty_at(end, false)));
        }
        Ok(stmts)
    }

    /// `yield e;` (or a rule's value `e`) in the innermost switch expression: its local takes
    /// the value, and the switch is left.
    pub(super) fn yield_value(&mut self, value: Node<'t>) -> Checked<'t, Vec<Stmt>> {
        let Some(target) = self.yields.last().cloned() else {
            return self.error(value, "yield outside of switch expression");
        };
        let at = empty_at(span_of(value), true);
        if value.kind() == "switch_expression" {
            // An arm that is itself a switch expression yields into the same local.
            let (inner, completes) = self.switch_into(value, Some((target.local, target.ty)))?;
            let mut stmts = vec![inner];
            if completes {
                stmts.push(self.leave(target.switch, at));
            }
            return Ok(stmts);
        }
        let e = self.expr_for(value, &target.ty)?;
        let e = self.assignable(e, &target.ty, value)?;
        let assign = self.assign_local(target.local, &target.ty, e, at);
        self.assigned.set(target.local.0 as usize, true);
        let assign = self.synthetic(at, StmtKind::Expr(assign));
        Ok(vec![assign, self.leave(target.switch, at)])
    }

    /// A `break` to switch `id`, with the assignment state here recorded for it.
    fn leave(&mut self, id: NodeId, at: Span) -> Stmt {
        let state = self.assigned.clone();
        if let Some(t) = self.targets.iter_mut().rev().find(|t| t.id == id) {
            t.breaks.push(state);
        }
        self.unreachable_from_here();
        self.synthetic(at, StmtKind::Break { target: id })
    }

    /// `local = value` (a value of the local's type already).
    fn assign_local(&mut self, local: LocalId, ty: &Type, value: Expr, at: Span) -> Expr {
        let target = Expr {
            id: self.id(),
            span: at,
            ty: ty.clone(),
            kind: ExprKind::Local(local),
        };
        Expr {
            id: self.id(),
            span: at,
            ty: ty.clone(),
            kind: ExprKind::Assign {
                target: Box::new(target),
                op: None,
                op_type: ty.clone(),
                value: Box::new(value),
            },
        }
    }

    /// A statement the source does not write (its span is empty: no mutant edits it).
    fn synthetic(&mut self, at: Span, kind: StmtKind) -> Stmt {
        Stmt {
            id: self.id(),
            span: Span {
                end: at.start,
                ..at
            },
            kind,
        }
    }

    /// Lowers the switch expression `node` when it stands where the value of the statement
    /// about to be checked is all that is evaluated (see the module's documentation), with
    /// the type `ty` its context gives: the switch statement computing it into a hidden local,
    /// which the expression then reads.
    pub(super) fn lower_switch_expression(
        &mut self,
        node: Node<'t>,
        ty: Type,
    ) -> Checked<'t, Stmt> {
        if ty == Type::Void {
            return self.error(node, "a switch expression where no value is wanted");
        }
        let local = self.hidden_local("switch value", ty.clone(), span_of(node));
        let (stmt, _) = self.switch_into(node, Some((local, ty.clone())))?;
        self.lowered.push((node.id(), local, ty));
        Ok(stmt)
    }

    /// The read of a lowered switch expression's local, if `node` is one.
    pub(super) fn lowered_read(&mut self, node: Node<'t>) -> Option<Expr> {
        let (_, local, ty) = self
            .lowered
            .iter()
            .find(|(n, _, _)| *n == node.id())?
            .clone();
        Some(Expr {
            id: self.id(),
            span: empty_at(span_of(node), true),
            ty,
            kind: ExprKind::Local(local),
        })
    }
}

/// An empty span at the start (or end) of `span`: a place no mutant edits.
pub(super) fn empty_at(span: Span, start: bool) -> Span {
    let at = if start { span.start } else { span.end };
    Span {
        start: at,
        end: at,
        ..span
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::{Compiled, Limits, Termination, Value};
    use crate::program::reader::semantics::Kind;

    fn int(v: i64) -> Value {
        Value::Prim(Kind::Int, v)
    }

    /// The message of the first method `javac` (and roth) refuses in `body`, a class's body.
    fn refused(body: &str) -> String {
        let unit = crate::program::load("T.java", &format!("class T {{ {body} }}"))
            .expect("the file reads");
        let m = &unit.classes[0].methods[0];
        m.body.clone().expect_err("the method is refused").message
    }

    const RULES: &str = "class T {
        static int pick(int x) {
            int r = -1;
            switch (x) {
                case 1 -> r = 10;
                case 2, 3 -> { r = 20; }
                case 4 -> throw new IllegalStateException();
                default -> { if (x > 100) { return 0; } }
            }
            return r;
        }
        static int nested(int x, int y) {
            int v = switch (x) {
                case 0 -> switch (y) { case 0 -> 1; default -> 2; };
                case 1 -> { int t = 0; for (int i = 0; i < y; i++) { if (i == 3) { yield t; } t += i; } yield t + 100; }
                default -> -x;
            };
            return v;
        }
    }";

    #[test]
    fn rules_do_not_fall_through_and_switch_expressions_yield_their_arm() {
        let unit = crate::program::load("T.java", RULES).expect("the file reads");
        let program = Compiled::new(&unit, None);
        let run = |name: &str, args: &[Value]| {
            let (c, m) = unit.find_method(name).expect("the method");
            program
                .run(c, m, args, &[], Limits::default())
                .expect("the arguments fit")
                .termination
        };
        let ret = |v: i64| Termination::Return(Some(int(v)));
        assert_eq!(run("pick", &[int(1)]), ret(10));
        assert_eq!(run("pick", &[int(3)]), ret(20));
        assert_eq!(run("pick", &[int(7)]), ret(-1));
        assert_eq!(run("pick", &[int(700)]), ret(0));
        assert_eq!(
            run("pick", &[int(4)]),
            Termination::Throw("java.lang.IllegalStateException".into())
        );
        assert_eq!(run("nested", &[int(0), int(0)]), ret(1));
        assert_eq!(run("nested", &[int(0), int(5)]), ret(2));
        // 0 + 1 + 2, then `yield` from inside the loop.
        assert_eq!(run("nested", &[int(1), int(9)]), ret(3));
        assert_eq!(run("nested", &[int(1), int(2)]), ret(101));
        assert_eq!(run("nested", &[int(5), int(0)]), ret(-5));
        // No mutant edits what the reader made, and every one is checked like the original.
        let mutants = crate::program::mutants::mutant::generate(&unit);
        assert!(mutants.mutants.len() > 40);
        assert!(mutants.edit_written_text_only());
    }

    #[test]
    fn javac_s_rules_of_switch_expressions_are_kept() {
        for (body, message) in [
            (
                "static int f(int x) { return switch (x) { case 1 -> 1; }; }",
                "does not cover all possible input values",
            ),
            (
                "static int f(int x) { return switch (x) { case 1 -> { } default -> 2; }; }",
                "completes without providing a value",
            ),
            (
                "static int f(int x) { return switch (x) { case 1: yield 1; default: x++; }; }",
                "completes without providing a value",
            ),
            (
                "static int f(int x) { while (true) { int y = switch (x) { case 1 -> { break; } default -> 2; }; } }",
                "jump out of a switch expression",
            ),
            (
                "static int f(int x) { yield x; }",
                "yield outside of switch expression",
            ),
            (
                "static int f(int x) { return switch (x) { default -> throw new IllegalStateException(); }; }",
                "does not have any result expressions",
            ),
            (
                "static int f(int x) { return 1 + switch (x) { default -> 2; }; }",
                "a switch expression inside an expression",
            ),
            (
                "static String f(int x) { return switch (x) { case 1 -> 2; default -> \"b\"; }; }",
                "incompatible types",
            ),
        ] {
            let m = refused(body);
            assert!(m.contains(message), "{body}: {m}");
        }
    }

    #[test]
    fn an_enum_switch_expression_may_cover_every_constant_without_default() {
        let source = "class T {
            enum E { A, B }
            static int f(E e) { return switch (e) { case A -> 1; case B -> 2; }; }
        }";
        let unit = crate::program::load("T.java", source).expect("the file reads");
        let (c, m) = unit.find_method("f").expect("f");
        assert!(
            unit.method(c, m).body.is_ok(),
            "{:?}",
            unit.method(c, m).body
        );
        let partial = source.replace("case B -> 2; ", "");
        let unit = crate::program::load("T.java", &partial).expect("the file reads");
        let (c, m) = unit.find_method("f").expect("f");
        let message = unit
            .method(c, m)
            .body
            .clone()
            .expect_err("not exhaustive")
            .message;
        assert!(message.contains("does not cover"), "{message}");
    }
}
