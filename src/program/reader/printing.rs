//! `System.out.print`, `println`, `printf` and `String.format` as `javac` checks them: the
//! arguments' types, and format arguments that are objects given to roth's
//! `FormatArguments` (the formatter itself is `formatter.rs`).

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, MethodChecker};

impl<'t> MethodChecker<'_, '_, 't> {
    pub(super) fn print(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        // `print(e)` of an enum constant prints its name.
        let args: Vec<(Expr, Node<'t>)> = if matches!(name, "print" | "println") {
            args.into_iter()
                .map(|(a, n)| (self.as_text(a), n))
                .collect()
        } else {
            args
        };
        let kind = match name {
            "print" => PrintKind::Print,
            "println" => PrintKind::Println,
            "printf" | "format" => PrintKind::Printf,
            other => return self.unsupported(node, &format!("System.out.{other}")),
        };
        match kind {
            PrintKind::Print | PrintKind::Println => {
                if args.len() > 1 || (kind == PrintKind::Print && args.is_empty()) {
                    return self.error(node, format!("no suitable method found for {name}"));
                }
                if let Some((a, an)) = args.first() {
                    match &a.ty {
                        Type::Void => return self.error(*an, "'void' type not allowed here"),
                        Type::Null => {
                            return self.error(*an, format!("reference to {name} is ambiguous"));
                        }
                        Type::Array(e) if **e != Type::Char => {
                            return self.unsupported(
                                *an,
                                "printing an array (Java prints its identity hash)",
                            );
                        }
                        _ => {}
                    }
                }
            }
            PrintKind::Printf | PrintKind::Format => {
                if self.check_format(node, name, &args)? {
                    let text = self.format_objects(node, args)?;
                    return Ok(self.make(
                        node,
                        Type::Void,
                        ExprKind::Print(PrintKind::Print, vec![text]),
                    ));
                }
            }
        }
        let args = args.into_iter().map(|(a, _)| a).collect();
        Ok(self.make(node, Type::Void, ExprKind::Print(kind, args)))
    }

    /// The arguments of `printf` or `String.format` (named `name`): a format string, then
    /// anything. Whether some argument is an object (or the arguments an array of them),
    /// which [`Self::format_objects`] formats; primitives and strings the machine formats
    /// itself.
    pub(super) fn check_format(
        &mut self,
        node: Node<'t>,
        name: &str,
        args: &[(Expr, Node<'t>)],
    ) -> Checked<'t, bool> {
        let Some((f, fnode)) = args.first() else {
            return self.error(node, format!("no suitable method found for {name}"));
        };
        if f.ty != Type::String {
            if f.ty.class().is_some() {
                return self.unsupported(*fnode, &format!("{name} with a {}", f.ty));
            }
            return self.error(*fnode, format!("{name} needs a format string"));
        }
        let mut objects = false;
        for (a, an) in &args[1..] {
            if a.ty == Type::Void {
                return self.error(*an, "'void' type not allowed here");
            }
            objects |= matches!(
                a.ty,
                Type::Array(_) | Type::Class(_) | Type::Object | Type::Variable(_)
            );
        }
        Ok(objects)
    }

    /// `String.format(f, args...)` where some argument is an object: roth's
    /// `FormatArguments.format(f, new Object[] {args...})` (the boxes boxed), or with the
    /// array given as the arguments (`format(f, array)` of an array of references).
    pub(super) fn format_objects(
        &mut self,
        node: Node<'t>,
        args: Vec<(Expr, Node<'t>)>,
    ) -> Checked<'t, Expr> {
        let Some(class) = self.file.jdk_class("FormatArguments") else {
            // Read again with the boxes and the helper.
            self.file.wants_boxes.set(true);
            return self.unsupported(node, "String.format of objects");
        };
        let mut it = args.into_iter();
        let (format, format_node) = it.next().expect("a format");
        let rest: Vec<(Expr, Node<'t>)> = it.collect();
        let array = match &rest[..] {
            [(a, _)] if a.ty.element().is_some_and(Type::is_reference) => a.clone(),
            _ => {
                let items = rest
                    .into_iter()
                    .map(|(a, _)| {
                        if a.ty.is_primitive() {
                            self.box_value(a)
                        } else {
                            a
                        }
                    })
                    .collect();
                Expr {
                    id: self.id(),
                    span: crate::program::reader::syntax::span_of(node),
                    ty: Type::array_of(Type::Object),
                    kind: ExprKind::ArrayLiteral(items),
                }
            }
        };
        self.user_call_with(
            node,
            class,
            "format",
            None,
            vec![(format, format_node), (array, node)],
        )
    }
}
