//! The functions of `Math` that are roth's builtins (`abs`, `min`, `max`, `sqrt`, `pow`,
//! JLS §15.12 for their overloads): the interpreter runs them natively and the proofs model
//! them; the rest of `Math` is in roth's model of the JDK.

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, MethodChecker};

/// The methods of `Math` that are roth's builtins (the proofs model them); the model of the
/// JDK has the others.
pub(super) fn is_math_builtin(name: &str) -> bool {
    matches!(name, "abs" | "min" | "max" | "sqrt" | "pow")
}

impl<'t> MethodChecker<'_, '_, 't> {
    pub(super) fn math(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        // The rest of `Math` is in roth's model of the JDK.
        if !is_math_builtin(name)
            && let Some(class) = self.file.jdk_class("Math")
        {
            return self.user_call(node, class, name, None);
        }
        // `Math`'s methods take primitives: boxes are unboxed (JLS §15.12.2.3).
        let args: Vec<(Expr, Node<'t>)> = self
            .arguments(node)?
            .into_iter()
            .map(|(a, n)| (self.unbox_value(a), n))
            .collect();
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
}
