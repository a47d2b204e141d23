//! `try`-with-resources (JLS §14.20.3), lowered as `javac` lowers it. Each resource, left to
//! right, is a final local (or an effectively final variable named again) of a class of the
//! code base with a `close()` method, and wraps what follows:
//!
//! ```text
//! R r = init; Throwable primary = null;
//! try { rest }
//! catch (Throwable t) { primary = t; throw t; }
//! finally { if (r != null) { if (primary != null) { try { r.close(); } catch (Throwable x) { } }
//!                            else { r.close(); } } }
//! ```
//!
//! so the resources are closed in reverse order however the body ends, and an exception of
//! `close()` never hides the body's (Java records it as suppressed, which roth does not keep).
//! Catch and finally clauses written on the statement wrap the whole (the extended form).
//! The nodes made here have empty spans: no mutant edits them, and their catch clauses are
//! transparent to the checked-exception rule (the rethrow is precise, as in `javac`).

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::statements::{CheckError, Checked, MethodChecker};
use crate::program::reader::switches::empty_at;
use crate::program::reader::syntax::{named_children, span_of};

impl<'t> MethodChecker<'_, '_, 't> {
    /// `try (resources) body [catch ...] [finally ...]`.
    pub(super) fn try_with_resources(&mut self, node: Node<'t>) -> Checked<'t, (StmtKind, bool)> {
        let before = self.assigned.clone();
        let spec = self.field(node, "resources")?;
        let resources: Vec<Node<'t>> = named_children(spec)
            .into_iter()
            .filter(|r| r.kind() != "line_comment" && r.kind() != "block_comment")
            .collect();
        let body = self.field(node, "body")?;
        self.scopes.push(Vec::new());
        let basic = self.resources(&resources, body);
        self.scopes.pop();
        let (basic, completes) = basic?;
        let extended = named_children(node)
            .into_iter()
            .any(|c| matches!(c.kind(), "catch_clause" | "finally_clause"));
        if !extended {
            return Ok((basic.kind, completes));
        }
        self.try_clauses(node, before, (basic, completes))
    }

    /// The resources from the first of `resources` on, then `body`.
    fn resources(&mut self, resources: &[Node<'t>], body: Node<'t>) -> Checked<'t, (Stmt, bool)> {
        let Some((&first, rest)) = resources.split_first() else {
            return self.substatement(body);
        };
        let at = empty_at(span_of(first), true);
        let (declare, resource) = self.resource(first)?;
        let Type::Class(class) = &resource.ty else {
            return self.unsupported(first, &format!("a resource of type {}", resource.ty));
        };
        let class = class.id;
        let through = resource.ty.clone();
        let resolved = self.resolve(
            first,
            class,
            "close",
            false,
            &[],
            crate::program::reader::generics::Through::Type(&through),
        )?;
        let Some((declaring, index)) = resolved.found else {
            return self.error(first, "a resource without a close() method");
        };
        let close = MethodRef {
            class: declaring,
            method: index as u32,
        };
        let (inner, completes) = self.resources(rest, body)?;
        let throwable = self.file.class_type(self.file.throwable_class());
        let primary = self.hidden_local("primary exception", throwable.clone(), at);
        let caught = self.hidden_local("exception", throwable.clone(), at);
        let suppressed = self.hidden_local("suppressed", throwable.clone(), at);
        let local = |id: LocalId, ty: &Type, me: &mut Self| Expr {
            id: me.id(),
            span: at,
            ty: ty.clone(),
            kind: ExprKind::Local(id),
        };
        let null = |me: &mut Self| Expr {
            id: me.id(),
            span: at,
            ty: Type::Null,
            kind: ExprKind::Null,
        };
        let not_null = |e: Expr, me: &mut Self| {
            let ty = e.ty.clone();
            let right = null(me);
            Expr {
                id: me.id(),
                span: at,
                ty: Type::Boolean,
                kind: ExprKind::Binary {
                    op: BinaryOp::Ne,
                    op_type: ty,
                    left: Box::new(e),
                    right: Box::new(right),
                },
            }
        };
        let stmt = |kind: StmtKind, me: &mut Self| Stmt {
            id: me.id(),
            span: at,
            kind,
        };
        let close_call = |me: &mut Self| {
            let receiver = me.resource_read(&resource, at);
            let call = Expr {
                id: me.id(),
                span: at,
                ty: Type::Void,
                kind: ExprKind::InstanceCall {
                    receiver: Box::new(receiver),
                    method: close,
                    args: Vec::new(),
                },
            };
            stmt(StmtKind::Expr(call), me)
        };
        let catch_all = |local: LocalId, body: Stmt, me: &mut Self| CatchClause {
            classes: vec![me.file.throwable_class()],
            local,
            body: Box::new(body),
            span: at,
        };
        // catch (Throwable t) { primary = t; throw t; }
        let record = {
            let target = local(primary, &throwable, self);
            let value = local(caught, &throwable, self);
            let assign = Expr {
                id: self.id(),
                span: at,
                ty: throwable.clone(),
                kind: ExprKind::Assign {
                    target: Box::new(target),
                    op: None,
                    op_type: throwable.clone(),
                    value: Box::new(value),
                },
            };
            let rethrow = local(caught, &throwable, self);
            let stmts = vec![
                stmt(StmtKind::Expr(assign), self),
                stmt(StmtKind::ThrowValue(rethrow), self),
            ];
            stmt(StmtKind::Block(stmts), self)
        };
        // finally { if (r != null) { if (primary != null) try-close-quietly else close } }
        let quiet = {
            let call = close_call(self);
            let ignore = stmt(StmtKind::Empty, self);
            let clause = catch_all(suppressed, ignore, self);
            stmt(
                StmtKind::Try {
                    body: Box::new(call),
                    catches: vec![clause],
                    finally: None,
                },
                self,
            )
        };
        let plain = close_call(self);
        let pending = {
            let p = local(primary, &throwable, self);
            not_null(p, self)
        };
        let choose = stmt(
            StmtKind::If {
                cond: pending,
                then: Box::new(quiet),
                otherwise: Some(Box::new(plain)),
            },
            self,
        );
        let open = {
            let r = self.resource_read(&resource, at);
            not_null(r, self)
        };
        let finally = stmt(
            StmtKind::If {
                cond: open,
                then: Box::new(choose),
                otherwise: None,
            },
            self,
        );
        let clause = catch_all(caught, record, self);
        let guarded = stmt(
            StmtKind::Try {
                body: Box::new(inner),
                catches: vec![clause],
                finally: Some(Box::new(finally)),
            },
            self,
        );
        let no_exception = null(self);
        let mut stmts = declare;
        stmts.push(stmt(
            StmtKind::Locals(vec![(primary, Some(no_exception))]),
            self,
        ));
        self.assigned.set(primary.0 as usize, true);
        stmts.push(guarded);
        Ok((
            Stmt {
                id: self.id(),
                span: span_of(first),
                kind: StmtKind::Block(stmts),
            },
            completes,
        ))
    }

    /// One resource: a declaration (`R r = init`, final) or a variable named again (Java 9);
    /// the statements declaring it and the expression it is read by.
    fn resource(&mut self, node: Node<'t>) -> Checked<'t, (Vec<Stmt>, Expr)> {
        if node.kind() != "resource" {
            return self.unsupported(node, "a resource of this form");
        }
        let Some(name) = node.child_by_field_name("name") else {
            // `try (r)`: an effectively final variable already in scope.
            let inner = named_children(node)
                .into_iter()
                .next()
                .ok_or_else(|| CheckError {
                    node,
                    message: "an empty resource".into(),
                })?;
            if inner.kind() != "identifier" {
                return self.unsupported(inner, "a resource that is not a local");
            }
            let e = self.expr(inner)?;
            if !matches!(e.kind, ExprKind::Local(_)) {
                return self.unsupported(inner, "a resource that is not a local");
            }
            return Ok((Vec::new(), e));
        };
        let type_node = self.field(node, "type")?;
        if self.text(type_node) == "var" {
            return self.unsupported(type_node, "a `var` resource");
        }
        let ty = self.ty(type_node)?;
        let value = self.field(node, "value")?;
        let init = self.initializer(value, &ty)?;
        let local = self.declare_local(name, ty.clone(), true)?;
        self.assigned.set(local.0 as usize, true);
        let read = Expr {
            id: self.id(),
            span: empty_at(span_of(name), true),
            ty: ty.clone(),
            kind: ExprKind::Local(local),
        };
        let declare = Stmt {
            id: self.id(),
            span: span_of(node),
            kind: StmtKind::Locals(vec![(local, Some(init))]),
        };
        Ok((vec![declare], read))
    }

    /// A fresh read of the resource's local (same local, its own node).
    fn resource_read(&mut self, resource: &Expr, at: Span) -> Expr {
        Expr {
            id: self.id(),
            span: at,
            ty: resource.ty.clone(),
            kind: resource.kind.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::{Compiled, Limits, Termination, Value};
    use crate::program::reader::semantics::Kind;

    fn text(t: Termination) -> String {
        match t {
            Termination::Return(Some(Value::Str(s))) => String::from_utf16(&s).expect("text"),
            other => panic!("{other:?}"),
        }
    }

    /// programs/objects/Ledger.java's `run`, against what the JVM printed for each case.
    #[test]
    fn resources_close_in_reverse_order_however_the_body_ends() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/objects/Ledger.java");
        let source = std::fs::read_to_string(path).expect("the program");
        let unit = crate::program::load("Ledger.java", &source).expect("the file reads");
        let program = Compiled::new(&unit, None);
        let (c, m) = unit.find_method("run").expect("run");
        let bool_ = |b: bool| Value::Prim(Kind::Boolean, i64::from(b));
        let run = |amount: i64, first: bool, second: bool| {
            let args = [Value::Prim(Kind::Int, amount), bool_(first), bool_(second)];
            text(
                program
                    .run(c, m, &args, &[], Limits::default())
                    .expect("the arguments fit")
                    .termination,
            )
        };
        for (case, jvm) in [
            (
                (5, false, false),
                "open a; open b; write 5; close b; close a; done",
            ),
            (
                (5, true, true),
                "open a; open b; write 5; close b; close a; state close failed: b; done",
            ),
            ((0, false, false), "open a; open b | empty"),
            (
                (0, true, false),
                "open a; open b; close b; close a; state close failed: a; done",
            ),
            (
                (-3, false, true),
                "open a; open b; close b; close a; caught negative; done",
            ),
        ] {
            assert_eq!(run(case.0, case.1, case.2), jvm, "{case:?}");
        }
        let mutants = crate::program::mutants::mutant::generate(&unit);
        assert!(mutants.edit_written_text_only());
    }

    #[test]
    fn a_resource_needs_a_close_method() {
        let source = "class T {
            static class R { int n; }
            static int f() { try (R r = new R()) { return r.n; } }
        }";
        let unit = crate::program::load("T.java", source).expect("the file reads");
        let (c, m) = unit.find_method("f").expect("f");
        let message = unit.method(c, m).body.clone().expect_err("refused").message;
        assert!(message.contains("close"), "{message}");
    }
}
