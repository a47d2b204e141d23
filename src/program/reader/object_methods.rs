//! `Object`'s methods on any reference (JLS §4.3.2): `equals(Object)`, `hashCode()` and
//! `toString()` called on an `Object`, a type variable, an interface, a `String`, an array,
//! or a class that does not declare them, and the conversion of an object to a string in
//! concatenation, `print` and `String.valueOf`; and `getClass()`, whose `Class` object is
//! roth's model of the JDK's (its names, its `toString`, `==` between classes). Each is one
//! of the `Object` builtins, which
//! the interpreter dispatches on the receiver's class at run time: an override runs as a
//! virtual call, else `Object`'s own answer (see `execution::interp::object_methods`).

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, MethodChecker};

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    /// `receiver.name(args)` as `Object`'s method, when `name` and the arguments are those of
    /// one (`None` otherwise: the caller reports the call).
    pub(super) fn object_method(
        &mut self,
        node: Node<'t>,
        receiver: Expr,
        name: &str,
        args: Vec<(Expr, Node<'t>)>,
    ) -> Option<Checked<'t, Expr>> {
        let (f, ret) = match (name, args.len()) {
            ("equals", 1) => (Builtin::ObjectEquals, Type::Boolean),
            ("hashCode", 0) => (Builtin::ObjectHashCode, Type::Int),
            ("toString", 0) => (Builtin::ObjectToString, Type::String),
            ("getClass", 0) => match self.file.jdk_class("Class") {
                Some(c) => (Builtin::GetClass, self.file.class_type(c)),
                None => return Some(self.unsupported(node, "Object.getClass")),
            },
            _ => return None,
        };
        let mut operands = vec![receiver];
        if let Some((a, an)) = args.into_iter().next() {
            if a.ty == Type::Void {
                return Some(self.error(an, "'void' type not allowed here"));
            }
            // A primitive argument is boxed (`s.equals(5)` is `false`, not an error).
            let a = self.convert(a, &Type::Object);
            if a.ty != Type::Object {
                return Some(self.unsupported(an, "boxing this argument"));
            }
            operands.push(a);
        }
        Some(Ok(self.make(node, ret, ExprKind::Builtin(f, operands))))
    }

    /// Whether `class.name(args)`, found nowhere in the class and what it inherits, is one of
    /// `Object`'s methods. A declaration of the name outside the subset may be the method
    /// `javac` picks: its calls stay refused.
    pub(super) fn object_method_applies(
        &self,
        class: u32,
        name: &str,
        args: &[(Expr, Node<'t>)],
    ) -> bool {
        let arity = match name {
            "equals" => 1,
            "hashCode" | "toString" | "getClass" => 0,
            _ => return false,
        };
        let searched: Vec<u32> = std::iter::once(class)
            .chain(self.file.ancestors(class))
            .collect();
        args.len() == arity && !self.file.declares_unsupported(&searched, name, false)
    }

    /// An object where a string is wanted: `String.valueOf(e)`, which is `"null"` for `null`
    /// and `e.toString()` otherwise.
    pub(super) fn object_text(&mut self, e: Expr) -> Expr {
        Expr {
            id: self.id(),
            span: e.span,
            ty: Type::String,
            kind: ExprKind::Builtin(Builtin::ObjectValueOf, vec![e]),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::load;

    fn problems(source: &str) -> Vec<String> {
        let unit = load("T.java", source).expect("loads");
        unit.unsupported()
            .map(|(m, d)| format!("{}: {}", m.name, d.message))
            .collect()
    }

    #[test]
    fn objects_methods_are_accepted_on_any_reference() {
        let source = r#"
class T {
    static class P { int x; }
    interface Shape { int area(); }
    static <V> boolean same(V a, V b) { return a.equals(b) && a.hashCode() == b.hashCode(); }
    static String text(Object o, Shape s, P p) { return o.toString() + s + p + o; }
    static boolean strings(String s, Object o) { return s.equals(o) && s.equals(5) && s.hashCode() == 0; }
    static int arrays(int[] a) { return a.equals(a) ? 1 : 0; }
    static void print(P p) { System.out.println(p); }
}
"#;
        assert_eq!(problems(source), Vec::<String>::new());
    }

    #[test]
    fn wrong_arguments_are_still_errors() {
        let source = r#"
class T {
    static boolean f(Object o) { return o.equals(); }
}
"#;
        let unit = load("T.java", source).expect("loads");
        let (_, d) = unit.unsupported().next().expect("refused");
        assert!(d.message.contains("equals"), "{}", d.message);
    }
}
