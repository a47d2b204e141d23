//! Local and anonymous classes (JLS §14.3, §15.9.5): classes declared in a block, in a
//! `new` expression with a body, or as an enum constant's body (JLS §8.9.1). As `javac`
//! compiles them they are ordinary classes nested in the class whose code declares them
//! (inner classes there when that code is instance code), numbered in the text (`Outer$1`,
//! `Outer$1Local`); the locals of the enclosing code they use are captured (see
//! [`super::captures`]), and an anonymous class gets the constructors `javac` writes for it
//! (see [`super::anonymous_constructors`]).
//!
//! The classes are found before any body is read, so that they are numbered the same
//! whichever method is read first (a mutant's re-read of one method needs that). A local
//! class's name is in scope from its declaration to the end of its block (JLS §6.3).

use tree_sitter::Node;

use crate::program::reader::captures::Capture;
use crate::program::reader::declarations::FileChecker;
use crate::program::reader::ir::MethodRef;
use crate::program::reader::syntax::{has_class_body, has_modifier, mentions, named_children};

/// A class declared in code, with what it captures.
#[derive(Clone)]
pub(super) struct LocalClass<'t> {
    /// Its number among the local classes of the class whose code declares it (`1` of
    /// `Outer$1`).
    pub(super) number: u32,
    /// Declared by a `new` expression (the node gathered).
    pub(super) is_anonymous: bool,
    /// Where a local class's name can be used: from its declaration to the end of its
    /// block (bytes).
    pub(super) visible: (usize, usize),
    /// The enclosing locals it captures, in the order of its synthetic fields.
    pub(super) captures: Vec<Capture<'t>>,
    /// The method or constructor whose code declares it (none in an initializer).
    pub(super) member: Option<Node<'t>>,
}

/// The kinds of nodes that declare a class in code.
fn declares_local_class(node: Node) -> bool {
    match node.kind() {
        "class_declaration"
        | "record_declaration"
        | "enum_declaration"
        | "interface_declaration" => node.parent().is_some_and(|p| {
            matches!(
                p.kind(),
                "block" | "switch_block_statement_group" | "switch_rule"
            )
        }),
        "object_creation_expression" => has_class_body(node),
        // An enum constant with a body (JLS §8.9.1).
        "enum_constant" => node.child_by_field_name("body").is_some(),
        _ => false,
    }
}

/// Whether a class declared by `node` in code has an enclosing instance: it is declared in
/// instance code (a method not `static`, a constructor, an instance initializer or field).
fn in_instance_code(node: Node, src: &str) -> bool {
    let mut n = node;
    while let Some(p) = n.parent() {
        match p.kind() {
            "method_declaration" | "field_declaration" => return !has_modifier(p, src, "static"),
            "constructor_declaration" | "compact_constructor_declaration" => return true,
            "block" if p.parent().is_some_and(|q| is_class_body(q.kind())) => return true,
            k if is_class_body(k) => return false,
            "static_initializer" | "enum_constant" | "constant_declaration" => return false,
            _ => {}
        }
        n = p;
    }
    false
}

/// The method or constructor whose code holds `node`, if a method's code does.
fn enclosing_member(node: Node) -> Option<Node> {
    let mut n = node;
    while let Some(p) = n.parent() {
        match p.kind() {
            "method_declaration"
            | "constructor_declaration"
            | "compact_constructor_declaration" => {
                return Some(p);
            }
            k if is_class_body(k) => return None,
            _ => n = p,
        }
    }
    None
}

/// The kinds of nodes holding a class's members.
pub(super) fn is_class_body(kind: &str) -> bool {
    matches!(
        kind,
        "class_body" | "enum_body" | "enum_body_declarations" | "interface_body"
    )
}

/// The body of a class declaration, or of an anonymous class's `new` expression.
pub(super) fn class_body(node: Node) -> Option<Node> {
    node.child_by_field_name("body").or_else(|| {
        (node.kind() == "object_creation_expression")
            .then(|| {
                named_children(node)
                    .into_iter()
                    .find(|c| c.kind() == "class_body")
            })
            .flatten()
    })
}

/// The classes declared in the code of the class whose body is `body` (its methods,
/// constructors, initializers and field initializers, lambdas included), in text order;
/// those declared in their bodies are theirs.
fn local_classes_in<'t>(body: Node<'t>, src: &str) -> Vec<Node<'t>> {
    let mut out = Vec::new();
    let mut stack: Vec<Node> = named_children(body);
    stack.reverse();
    while let Some(n) = stack.pop() {
        // Code declaring a class names one of these words (an enum constant's body excepted,
        // which sits right in its enum's body).
        if n.kind() != "enum_constant" && !mentions(src, n, LOCAL_CLASS_WORDS) {
            continue;
        }
        if declares_local_class(n) {
            out.push(n);
            // The arguments of `new S(args) { ... }` are the enclosing code's.
            if let Some(args) = n.child_by_field_name("arguments") {
                let mut inner = local_classes_in_expression(args);
                out.append(&mut inner);
            }
            continue;
        }
        // Member classes are gathered as such.
        if matches!(
            n.kind(),
            "class_declaration"
                | "interface_declaration"
                | "enum_declaration"
                | "record_declaration"
                | "annotation_type_declaration"
        ) {
            continue;
        }
        let mut children = named_children(n);
        children.reverse();
        stack.extend(children);
    }
    out.sort_by_key(|n| n.start_byte());
    out
}

/// [`local_classes_in`] for an expression (a `new` expression's arguments).
fn local_classes_in_expression(node: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.id() != node.id() && declares_local_class(n) {
            out.push(n);
            if let Some(args) = n.child_by_field_name("arguments") {
                out.extend(local_classes_in_expression(args));
            }
            continue;
        }
        stack.extend(named_children(n));
    }
    out
}

/// What the text of code declaring a class contains: a declaration's keyword, or `new` for
/// an anonymous class.
const LOCAL_CLASS_WORDS: &[&str] = &["new", "class", "interface", "enum", "record"];

/// A class declaration found by `gather`, with the class it is nested in and whether it is
/// an inner class of it, and what it is when declared in code.
pub(super) type Gathered<'t> = (Node<'t>, Option<(u32, bool)>, Option<LocalClass<'t>>);

impl<'t> FileChecker<'_, 't> {
    /// Adds `node`, a class declaration, and the classes nested in it or declared in its
    /// code (at any depth) to `out` in pre-order, each with the index of the class it is
    /// nested in and whether it is an inner class (JLS §8.1.3: a class member of a class,
    /// not `static`, or a class declared in instance code).
    pub(super) fn gather(
        &self,
        node: Node<'t>,
        outer: Option<(u32, bool)>,
        local: Option<LocalClass<'t>>,
        out: &mut Vec<Gathered<'t>>,
    ) {
        let id = out.len() as u32;
        out.push((node, outer, local));
        let Some(body) = class_body(node) else {
            return;
        };
        // Interfaces' member classes are static, as are member interfaces and enums.
        let in_interface = node.kind() == "interface_declaration";
        for member in super::declarations::members(body) {
            match member.kind() {
                "interface_declaration" | "enum_declaration" | "record_declaration" => {
                    self.gather(member, Some((id, false)), None, out);
                }
                "class_declaration" => {
                    let inner = !in_interface && !has_modifier(member, self.src, "static");
                    self.gather(member, Some((id, inner)), None, out);
                }
                _ => {}
            }
        }
        let mut numbers: Vec<(String, u32)> = Vec::new();
        for declared in local_classes_in(body, self.src) {
            let is_anonymous = matches!(
                declared.kind(),
                "object_creation_expression" | "enum_constant"
            );
            let name = match is_anonymous {
                true => String::new(),
                false => declared
                    .child_by_field_name("name")
                    .map(|n| self.text(n).to_string())
                    .unwrap_or_default(),
            };
            // `javac` takes the first number free for the name (`Outer$1`, `Outer$1Local`).
            let number = match numbers.iter_mut().find(|(n, _)| *n == name) {
                Some((_, k)) => {
                    *k += 1;
                    *k
                }
                None => {
                    numbers.push((name, 1));
                    1
                }
            };
            let visible = match declared.parent() {
                Some(block) if !is_anonymous => (declared.start_byte(), block.end_byte()),
                _ => (0, 0),
            };
            let inner = in_instance_code(declared, self.src)
                && matches!(
                    declared.kind(),
                    "class_declaration" | "object_creation_expression"
                );
            let local = LocalClass {
                number,
                is_anonymous,
                visible,
                captures: self.captures(declared),
                member: enclosing_member(declared),
            };
            self.gather(declared, Some((id, inner)), Some(local), out);
        }
    }

    /// Whether class `id` is an anonymous class.
    pub(super) fn is_anonymous(&self, id: u32) -> bool {
        self.local_classes
            .get(id as usize)
            .is_some_and(|l| l.as_ref().is_some_and(|l| l.is_anonymous))
    }

    /// Whether class `id` is declared in code (local or anonymous).
    pub(super) fn is_local(&self, id: u32) -> bool {
        self.local_classes
            .get(id as usize)
            .is_some_and(|l| l.is_some())
    }

    /// The method whose code declares class `id`, if a method's does.
    pub(super) fn declared_in(&self, id: u32) -> Option<MethodRef> {
        let local = self.local_classes.get(id as usize)?.as_ref()?;
        let outer = self.class_names[id as usize].1?;
        let method = self.classes[outer as usize].method_index_of(local.member?)?;
        Some(MethodRef {
            class: outer,
            method: method as u32,
        })
    }

    /// Names each anonymous class after the class whose code declares it and its number
    /// there, as `javac`'s binary names do (`Scheduler$1`).
    pub(super) fn name_anonymous_classes(&mut self) {
        for id in 0..self.class_names.len() {
            let Some(Some(local)) = self.local_classes.get(id) else {
                continue;
            };
            if let (true, Some(outer)) = (local.is_anonymous, self.class_names[id].1) {
                let name = format!("{}${}", self.class_names[outer as usize].0, local.number);
                self.class_names[id].0 = name;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::{runner, string};
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::semantics::Kind;

    const LOCALS: &str = r##"import java.util.Comparator;
import java.util.function.IntSupplier;

public class Locals {
    private int base = 100;
    static class Node { int v = 1; }
    static abstract class Box<T> {
        final T item;
        Box(T item) { this.item = item; }
        Box(T item, int... extra) { this.item = item; }
        abstract String show();
    }
    class Inner {
        int k;
        Inner(int k) { this.k = k; }
        int get() { return k + base; }
    }
    static int shadowed(int n) {
        class Node { int v = n * 2; }
        return new Node().v + new Locals.Node().v;
    }
    int nested(int a) {
        int b = a + 1;
        class Outer1 {
            int m(int c) {
                class Deep {
                    int sum() { return a + b + c + base; }
                }
                return new Deep().sum();
            }
        }
        return new Outer1().m(10);
    }
    int extendsInner(int x) {
        Inner in = new Inner(x) {
            @Override int get() { return super.get() * 2 + x; }
        };
        return in.get();
    }
    static int nestedOf(int a) { return new Locals().nested(a); }
    static int extendsInnerOf(int x) { return new Locals().extendsInner(x); }
    static String generic(String s, int n) {
        Box<String> b = new Box<String>(s) {
            String show() { return item + item + n; }
        };
        Box<Integer> c = new Box<Integer>(n, 1, 2) {
            String show() { return "#" + (item + 1); }
        };
        return b.show() + c.show();
    }
    static int inLoop(int[] xs) {
        int total = 0;
        for (int x : xs) {
            IntSupplier s = new IntSupplier() {
                public int getAsInt() { return x * x; }
            };
            total += s.getAsInt();
        }
        return total;
    }
    static int inLambda(int k) {
        IntSupplier outer = () -> {
            IntSupplier inner = new IntSupplier() {
                int calls = k;
                { calls += 5; }
                public int getAsInt() { return calls++ * 2; }
            };
            return inner.getAsInt() + inner.getAsInt();
        };
        return outer.getAsInt();
    }
    static int sorted(int a, int b, boolean desc) {
        Comparator<Integer> c = new Comparator<Integer>() {
            public int compare(Integer x, Integer y) { return desc ? y - x : x - y; }
        };
        return c.compare(a, b);
    }
    static String twoLocals(int n) {
        class A { int twice() { return 2 * n; } }
        class B extends A { int thrice() { return twice() + n; } }
        return new A().twice() + "/" + new B().thrice();
    }
    static int sameNames(int n) {
        int r;
        {
            class P { int f() { return n + 1; } }
            r = new P().f();
        }
        {
            class P { int f() { return n + 2; } }
            r = r * 10 + new P().f();
        }
        return r;
    }
}
"##;

    /// Each expected result is what `java` 17 printed for the same calls.
    #[test]
    fn local_and_anonymous_classes_capture_as_on_the_jvm() {
        let unit = load("Locals.java", LOCALS).expect("the file loads");
        let run = runner(&unit);
        let int = |v: i64| Value::Prim(Kind::Int, v);
        let boolean = |b: bool| Value::Prim(Kind::Boolean, i64::from(b));
        let returns = |v: Value| Termination::Return(Some(v));
        assert_eq!(run("shadowed", &[int(4)]), returns(int(9)));
        assert_eq!(
            run("generic", &[string("ab"), int(7)]),
            returns(string("abab7#8"))
        );
        assert_eq!(run("nestedOf", &[int(3)]), returns(int(117)));
        assert_eq!(run("extendsInnerOf", &[int(5)]), returns(int(215)));
        let xs = Value::Array(
            crate::program::reader::ir::Type::Int,
            vec![int(1), int(2), int(3)],
        );
        assert_eq!(run("inLoop", &[xs]), returns(int(14)));
        assert_eq!(run("inLambda", &[int(3)]), returns(int(34)));
        assert_eq!(
            run("sorted", &[int(3), int(8), boolean(true)]),
            returns(int(5))
        );
        assert_eq!(
            run("sorted", &[int(3), int(8), boolean(false)]),
            returns(int(-5))
        );
        assert_eq!(run("twoLocals", &[int(5)]), returns(string("10/15")));
        assert_eq!(run("sameNames", &[int(4)]), returns(int(56)));
        // Named as `javac` names them; the captured locals are no fields a test sees.
        let names: Vec<String> = (0..unit.file_classes() as u32)
            .filter(|&c| unit.classes[c as usize].local.is_some())
            .map(|c| unit.binary_name(c))
            .collect();
        assert!(names.contains(&"Locals$1Node".to_string()), "{names:?}");
        assert!(names.contains(&"Locals$2P".to_string()), "{names:?}");
        assert!(names.contains(&"Locals$1".to_string()), "{names:?}");
        let deep = unit
            .classes
            .iter()
            .find(|c| c.name == "Deep")
            .expect("Deep");
        assert!(deep.fields.iter().all(|f| f.is_synthetic));
    }

    /// `getClass()` names them as the JVM does (`java` 17's output).
    #[test]
    fn local_classes_are_named_as_the_jvm_names_them() {
        let source = r#"public class Names {
    interface Shape { int area(); }
    static String names(int k) {
        class Square implements Shape { public int area() { return k * k; } }
        Shape a = new Shape() { public int area() { return k; } };
        Shape b = new Square();
        return a.getClass().getName() + "|" + a.getClass().getSimpleName() + "|" + a.getClass()
            + "|" + b.getClass().getName() + "|" + b.getClass().getSimpleName() + "|" + (a.area() + b.area());
    }
}
"#;
        let unit = load("Names.java", source).expect("the file loads");
        let run = runner(&unit);
        assert_eq!(
            run("names", &[Value::Prim(Kind::Int, 3)]),
            Termination::Return(Some(string(
                "Names$1||class Names$1|Names$1Square|Square|12"
            )))
        );
    }
}
