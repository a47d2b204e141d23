//! Inner classes (JLS §8.1.3, §15.8.4, §15.9.2): a class declared in a class, not `static`,
//! whose objects each have an enclosing instance of the class around it. As `javac` compiles
//! them, the enclosing instance is a field of the object (`this$0`, see
//! [`Class::outer_instance`]), given to every constructor as a hidden first argument:
//! `new Inner(a)` inside `Outer`'s instance code passes `this`, `o.new Inner(a)` passes `o`
//! (null-checked first). Inside the inner class, a simple name that denotes a member of an
//! enclosing instance (`size`, `grow()`) and `Outer.this` reach it through that field, one
//! `this$0` per level of nesting.

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, MethodChecker};
use crate::program::reader::syntax::span_of;

impl<'t> MethodChecker<'_, '_, 't> {
    /// A node the reader adds (the path to an enclosing instance): no text of its own, so
    /// nothing mutates it.
    pub(super) fn hidden(&mut self, node: Node<'t>, ty: Type, kind: ExprKind) -> Expr {
        let mut span = span_of(node);
        span.end = span.start;
        Expr {
            id: self.id(),
            span,
            ty,
            kind,
        }
    }

    /// `javac`'s error where static code uses `this`, written or implied.
    pub(super) fn needs_this(&self, node: Node<'t>) -> Checked<'t, ()> {
        if self.is_static {
            return self.error(
                node,
                "non-static variable this cannot be referenced from a static context",
            );
        }
        Ok(())
    }

    /// The innermost enclosing instance of class `class` (or of a subclass of it) seen from
    /// the code being read, at `node` (JLS §15.8.4): `this` itself unless `lexically`, else
    /// the enclosing instances of the classes around, through their `this$0` fields.
    pub(super) fn enclosing_instance(
        &mut self,
        node: Node<'t>,
        class: u32,
        lexically: bool,
    ) -> Checked<'t, Expr> {
        let name = self.file.classes[class as usize].name.clone();
        self.needs_this(node)?;
        let mut at = self.class;
        let ty = self.file.generic_self(at);
        let mut object = self.hidden(node, ty, ExprKind::This);
        let mut first = true;
        loop {
            let fits = at == class || self.file.ancestors(at).contains(&class);
            if fits && !(first && lexically) {
                return Ok(object);
            }
            first = false;
            let Some(field) = self.file.outer_field(at) else {
                return self.error(
                    node,
                    format!("an enclosing instance that contains {name} is required"),
                );
            };
            let ty = self.file.classes[at as usize].fields[field.field as usize]
                .ty
                .clone();
            object = match object.kind {
                ExprKind::This => self.hidden(node, ty, ExprKind::Field(field)),
                _ => self.hidden(
                    node,
                    ty,
                    ExprKind::FieldOf {
                        object: Box::new(object),
                        field,
                    },
                ),
            };
            at = self.file.class_names[at as usize]
                .1
                .expect("an inner class is nested in another");
        }
    }

    /// The hidden first argument of a constructor of `class` when it is an inner class: the
    /// enclosing instance `qualifier` names (`o.new Inner()`, checked not null), else the
    /// innermost one of its enclosing class in scope; `lexically` for `super(...)`, where
    /// the object being built is not a candidate.
    pub(super) fn outer_argument(
        &mut self,
        node: Node<'t>,
        class: u32,
        qualifier: Option<Expr>,
        lexically: bool,
    ) -> Checked<'t, Option<Expr>> {
        if !self.file.is_inner(class) {
            if qualifier.is_some() {
                return self.error(node, "qualified new of static class");
            }
            return Ok(None);
        }
        let outer = self.file.class_names[class as usize]
            .1
            .expect("an inner class is nested in another");
        match qualifier {
            Some(q) => {
                let ty = q.ty.clone();
                Ok(Some(self.hidden(
                    node,
                    ty,
                    ExprKind::Builtin(Builtin::RequireNonNull, vec![q]),
                )))
            }
            None => self.enclosing_instance(node, outer, lexically).map(Some),
        }
    }

    /// `Outer.this` (JLS §15.8.4): this object when it is an `Outer`, else the enclosing
    /// instance of that class.
    pub(super) fn qualified_this(&mut self, node: Node<'t>, class: u32) -> Checked<'t, Expr> {
        let mut e = self.enclosing_instance(node, class, false)?;
        e.span = span_of(node);
        Ok(e)
    }
}

/// `this.field = local;` with nodes of no text (nothing mutates them).
pub(super) fn assignment(body: &mut Body, field: FieldRef, local: LocalId, ty: &Type) -> Stmt {
    let mut node = |kind: ExprKind| {
        body.node_count += 1;
        Expr {
            id: NodeId(body.node_count - 1),
            span: Span::default(),
            ty: ty.clone(),
            kind,
        }
    };
    let target = node(ExprKind::Field(field));
    let value = node(ExprKind::Local(local));
    let assign = node(ExprKind::Assign {
        target: Box::new(target),
        op: None,
        op_type: ty.clone(),
        value: Box::new(value),
    });
    body.node_count += 1;
    Stmt {
        id: NodeId(body.node_count - 1),
        span: Span::default(),
        kind: StmtKind::Expr(assign),
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::{runner, string};
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::semantics::Kind;

    const RINGS: &str = r##"public class Rings {
    private int size;
    private Node first;
    private int created;
    private final String label;
    public Rings(String label) { this.label = label; }
    private class Node {
        int item;
        Node next;
        int order = ++created;
        Node(int item, Node next) { this.item = item; this.next = next; }
        Node(int item) { this(item, null); }
        String describe() { return label + ":" + item + "#" + order + "/" + size; }
    }
    public class Walker {
        private Node current = first;
        private int steps;
        public boolean hasNext() { return current != null; }
        public int next() { int v = current.item; current = current.next; steps++; return v; }
        int total() {
            int sum = 0;
            while (hasNext()) { sum += next(); }
            return sum + steps * Rings.this.size;
        }
        class Probe {
            int peek() { return current == null ? -1 : current.item + size; }
        }
    }
    class Counted extends Walker {
        int bonus;
        Counted(int bonus) { this.bonus = bonus; }
        @Override public int next() { return super.next() + bonus; }
    }
    class Plain { int twice() { return 2 * size; } }
    void push(int v) { first = new Node(v, first); size++; }
    static int sum(int n) {
        Rings r = new Rings("a");
        for (int i = 1; i <= n; i++) { r.push(i * i - 3); }
        return r.new Walker().total();
    }
    static String head(int a, int b) {
        Rings r = new Rings("b");
        r.push(a);
        r.push(b);
        return r.first.describe() + " " + r.first.next.describe();
    }
    static int peekAfter(int n, int skip) {
        Rings r = new Rings("c");
        for (int i = 0; i < n; i++) { r.push(i - skip); }
        Walker w = r.new Walker();
        for (int i = 0; i < skip && w.hasNext(); i++) { w.next(); }
        Walker.Probe p = w.new Probe();
        return p.peek();
    }
    static int counted(int n, int bonus) {
        Rings r = new Rings("d");
        for (int i = 0; i < n; i++) { r.push(i); }
        return r.new Counted(bonus).total();
    }
    static int nullOuter(boolean none) {
        Rings r = none ? null : new Rings("y");
        r.push(4);
        Plain p = r.new Plain();
        return p.twice();
    }
    static int nullQualifier() {
        Rings r = null;
        return r.new Plain().twice();
    }
}
"##;

    /// Each expected result is what `java` 17 printed for the same calls.
    #[test]
    fn inner_classes_reach_their_enclosing_instances_as_on_the_jvm() {
        let unit = load("Rings.java", RINGS).expect("the file loads");
        let run = runner(&unit);
        let int = |v: i64| Value::Prim(Kind::Int, v);
        let returns = |v: Value| Termination::Return(Some(v));
        assert_eq!(run("sum", &[int(4)]), returns(int(34)));
        assert_eq!(
            run("head", &[int(5), int(-2)]),
            returns(string("b:-2#2/2 b:5#1/2"))
        );
        assert_eq!(run("peekAfter", &[int(5), int(2)]), returns(int(5)));
        assert_eq!(run("peekAfter", &[int(2), int(3)]), returns(int(-1)));
        assert_eq!(run("counted", &[int(3), int(10)]), returns(int(42)));
        let boolean = |b: bool| Value::Prim(Kind::Boolean, i64::from(b));
        assert_eq!(run("nullOuter", &[boolean(false)]), returns(int(2)));
        let npe = |t: Termination| t == Termination::Throw("java.lang.NullPointerException".into());
        assert!(npe(run("nullOuter", &[boolean(true)])));
        assert!(npe(run("nullQualifier", &[])));
        // The enclosing instance is no field a test sees.
        let node = &unit.classes[unit.classes.iter().position(|c| c.name == "Node").unwrap()];
        let outer = node.outer_instance.expect("an inner class") as usize;
        assert!(node.fields[outer].is_synthetic);
        assert_eq!(
            node.methods[0].params.len(),
            3,
            "the enclosing instance comes first"
        );
    }

    #[test]
    fn an_inner_class_needs_an_enclosing_instance_as_javac_says() {
        for (body, message) in [
            (
                "class In {} static Object f() { return new In(); }",
                "non-static variable this cannot be referenced from a static context",
            ),
            (
                "static class S {} Object f(K k) { return k.new S(); }",
                "qualified new of static class",
            ),
            (
                "int x; static class S { int f() { return x; } }",
                "non-static variable x cannot be referenced from a static context",
            ),
        ] {
            let source = format!("public class K {{ {body} }}\n");
            let unit = load("K.java", &source).expect("the file loads");
            let f = unit
                .classes
                .iter()
                .flat_map(|c| &c.methods)
                .find(|m| m.name == "f")
                .expect("method f");
            let error = f.body.as_ref().expect_err("javac refuses it");
            assert_eq!(error.message, message, "{body}");
        }
    }

    /// An inner class without constructors extending an inner class gets `javac`'s default
    /// constructor, which passes the superclass the enclosing instance. Expected: `java` 17.
    #[test]
    fn default_constructors_pass_the_enclosing_instance_up() {
        let source = r#"public class Chain {
    private int base = 7;
    class Animal {
        String sound() { return "..." + base; }
    }
    class Dog extends Animal {
        @Override String sound() { return "woof" + base; }
    }
    class Puppy extends Dog {
        int age = base * 2;
    }
    static String all(int b) {
        Chain c = new Chain();
        c.base = b;
        Animal[] zoo = { c.new Animal(), c.new Dog(), c.new Puppy() };
        String out = "";
        for (Animal a : zoo) out += a.sound() + ";";
        Puppy p = c.new Puppy();
        return out + p.age;
    }
}
"#;
        let unit = load("Chain.java", source).expect("the file loads");
        let run = runner(&unit);
        assert_eq!(
            run("all", &[Value::Prim(Kind::Int, 3)]),
            Termination::Return(Some(string("...3;woof3;woof3;6")))
        );
    }
}
