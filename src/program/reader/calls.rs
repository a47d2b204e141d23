//! Checking method invocations the way `javac` does for the supported subset: calls of the
//! unit's own methods resolved by method invocation conversion (JLS §15.12, §5.3), printing
//! (`print`, `println`, `printf`), and the library functions of `Math` and `String` the
//! interpreter implements.

use tree_sitter::Node;

use crate::program::reader::declarations::Signature;
use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, MethodChecker};
use crate::program::reader::syntax::named_children;

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    fn arguments(&mut self, node: Node<'t>) -> Checked<'t, Vec<(Expr, Node<'t>)>> {
        let mut out = Vec::new();
        if let Some(list) = node.child_by_field_name("arguments") {
            for a in named_children(list) {
                out.push((self.expr(a)?, a));
            }
        }
        Ok(out)
    }

    pub(super) fn invocation(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let name_node = self.field(node, "name")?;
        let name = self.text(name_node);
        let object = node.child_by_field_name("object");
        if node.child_by_field_name("type_arguments").is_some() {
            return self.unsupported(node, "type arguments");
        }
        match object {
            None => self.user_call(node, self.class, name),
            Some(obj) if obj.kind() == "this" => {
                if self.is_static {
                    return self.error(
                        obj,
                        "non-static variable this cannot be referenced from a static context",
                    );
                }
                self.user_call(node, self.class, name)
            }
            Some(obj) if self.text(obj) == "System.out" => self.print(node, name),
            Some(obj)
                if obj.kind() == "identifier"
                    && self.lookup(self.text(obj)).is_none()
                    && !self.class().fields.iter().any(|f| f.name == self.text(obj)) =>
            {
                let class_name = self.text(obj);
                match class_name {
                    "Math" => self.math(node, name),
                    "String" => self.string_static(node, name),
                    _ => {
                        if let Some(ci) =
                            self.file.classes.iter().position(|c| c.name == class_name)
                        {
                            self.user_call(node, ci as u32, name)
                        } else {
                            self.unsupported(node, &format!("{class_name}.{name}"))
                        }
                    }
                }
            }
            Some(obj) => {
                let receiver = self.expr(obj)?;
                if receiver.ty != Type::String {
                    return self.unsupported(node, &format!("calling {name} on {}", receiver.ty));
                }
                self.string_method(node, receiver, name)
            }
        }
    }

    fn user_call(&mut self, node: Node<'t>, class: u32, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        let sigs = &self.file.classes[class as usize].sigs;
        let applicable: Vec<(usize, &Signature)> = sigs
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().ok().map(|s| (i, s)))
            .filter(|(_, s)| !s.is_constructor && s.name == name && s.params.len() == args.len())
            .filter(|(_, s)| {
                s.params
                    .iter()
                    .zip(&args)
                    .all(|(p, (a, _))| invocation_convertible(&a.ty, p))
            })
            .collect();
        let most_specific: Vec<&(usize, &Signature)> = applicable
            .iter()
            .filter(|(_, s)| {
                applicable.iter().all(|(_, o)| {
                    s.params
                        .iter()
                        .zip(&o.params)
                        .all(|(p, q)| invocation_convertible(p, q))
                })
            })
            .collect();
        let (index, sig) = match most_specific.as_slice() {
            [one] => **one,
            [] if applicable.is_empty() => {
                let known = sigs.iter().any(|s| match s {
                    Ok(s) => s.name == name,
                    Err(_) => false,
                });
                let what = if known {
                    format!("method {name} cannot be applied to the given types")
                } else {
                    format!("cannot find symbol: method {name}")
                };
                return self.error(node, what);
            }
            _ => return self.error(node, format!("reference to {name} is ambiguous")),
        };
        if !sig.is_static && (self.is_static || class != self.class) {
            return self.error(
                node,
                format!("non-static method {name} cannot be referenced from a static context"),
            );
        }
        let params = sig.params.clone();
        let ret = sig.ret.clone();
        let mut converted = Vec::new();
        for ((a, _), p) in args.into_iter().zip(&params) {
            converted.push(self.convert(a, p));
        }
        Ok(self.make(
            node,
            ret,
            ExprKind::Call {
                method: MethodRef {
                    class,
                    method: index as u32,
                },
                args: converted,
            },
        ))
    }

    fn print(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
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
            PrintKind::Printf => {
                let Some((f, fnode)) = args.first() else {
                    return self.error(node, "no suitable method found for printf");
                };
                if f.ty != Type::String {
                    return self.error(*fnode, "printf needs a format string");
                }
                for (a, an) in &args[1..] {
                    if matches!(a.ty, Type::Void | Type::Array(_)) {
                        return self.unsupported(*an, &format!("a {} argument to printf", a.ty));
                    }
                }
            }
        }
        let args = args.into_iter().map(|(a, _)| a).collect();
        Ok(self.make(node, Type::Void, ExprKind::Print(kind, args)))
    }

    fn math(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        let bad =
            |this: &Self| this.error(node, format!("no suitable method found for Math.{name}"));
        match (name, args.len()) {
            ("abs", 1) => {
                let (a, _) = args.into_iter().next().expect("one");
                if !a.ty.is_numeric() {
                    return bad(self);
                }
                let t = a.ty.promoted();
                let a = self.convert(a, &t);
                Ok(self.make(node, t, ExprKind::Builtin(Builtin::MathAbs, vec![a])))
            }
            ("min" | "max", 2) => {
                let mut it = args.into_iter();
                let (a, _) = it.next().expect("two");
                let (b, _) = it.next().expect("two");
                if !a.ty.is_numeric() || !b.ty.is_numeric() {
                    return bad(self);
                }
                let t = Type::binary_promotion(&a.ty, &b.ty);
                let (a, b) = (self.convert(a, &t), self.convert(b, &t));
                let f = if name == "min" {
                    Builtin::MathMin
                } else {
                    Builtin::MathMax
                };
                Ok(self.make(node, t, ExprKind::Builtin(f, vec![a, b])))
            }
            ("sqrt", 1) | ("pow", 2) => {
                let mut converted = Vec::new();
                for (a, _) in args {
                    if !a.ty.is_numeric() {
                        return bad(self);
                    }
                    converted.push(self.convert(a, &Type::Double));
                }
                let f = if name == "sqrt" {
                    Builtin::MathSqrt
                } else {
                    Builtin::MathPow
                };
                Ok(self.make(node, Type::Double, ExprKind::Builtin(f, converted)))
            }
            _ => self.unsupported(node, &format!("Math.{name}")),
        }
    }

    fn string_static(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        if name == "valueOf" && args.len() == 1 {
            let (a, an) = args.into_iter().next().expect("one");
            if a.ty == Type::array_of(Type::Char) {
                return Ok(self.make(
                    node,
                    Type::String,
                    ExprKind::Builtin(Builtin::StringOfChars, vec![a]),
                ));
            }
            if a.ty == Type::Null {
                return self.error(an, "reference to valueOf is ambiguous");
            }
            self.check_concat_operand(&a, an)?;
            return Ok(self.make(
                node,
                Type::String,
                ExprKind::Builtin(Builtin::StringValueOf, vec![a]),
            ));
        }
        self.unsupported(node, &format!("String.{name}"))
    }

    fn string_method(&mut self, node: Node<'t>, receiver: Expr, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        let types: Vec<Type> = args.iter().map(|(a, _)| a.ty.clone()).collect();
        let int_like = |t: &Type| t.promoted() == Type::Int;
        let (f, ret) = match (name, types.as_slice()) {
            ("length", []) => (Builtin::StringLength, Type::Int),
            ("isEmpty", []) => (Builtin::StringIsEmpty, Type::Boolean),
            ("charAt", [t]) if int_like(t) => (Builtin::StringCharAt, Type::Char),
            ("equals", [Type::String | Type::Null]) => (Builtin::StringEquals, Type::Boolean),
            ("compareTo", [Type::String | Type::Null]) => (Builtin::StringCompareTo, Type::Int),
            ("indexOf", [t]) if int_like(t) => (Builtin::StringIndexOfChar, Type::Int),
            ("indexOf", [Type::String | Type::Null]) => (Builtin::StringIndexOfString, Type::Int),
            ("substring", [t]) if int_like(t) => (Builtin::StringSubstring1, Type::String),
            ("substring", [t, u]) if int_like(t) && int_like(u) => {
                (Builtin::StringSubstring2, Type::String)
            }
            ("toCharArray", []) => (Builtin::StringToCharArray, Type::array_of(Type::Char)),
            _ => {
                return self.unsupported(
                    node,
                    &format!(
                        "String.{name}({})",
                        types
                            .iter()
                            .map(|t| t.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        };
        let mut all = vec![receiver];
        for (a, _) in args {
            let a = if a.ty.is_numeric() {
                self.convert(a, &Type::Int)
            } else if a.ty == Type::Null {
                self.convert(a, &Type::String)
            } else {
                a
            };
            all.push(a);
        }
        Ok(self.make(node, ret, ExprKind::Builtin(f, all)))
    }
}

/// Method invocation conversion (JLS §5.3) for the subset: identity, widening, null to a
/// reference.
fn invocation_convertible(from: &Type, to: &Type) -> bool {
    from == to || from.widens_to(to) || (*from == Type::Null && to.is_reference())
}
