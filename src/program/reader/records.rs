//! Records (JLS §8.10): a final class whose state is its components, each a `private final`
//! field, with members the compiler writes where the record declares none: the canonical
//! constructor, an accessor per component, and `equals`, `hashCode` and `toString` as
//! `java.lang.runtime.ObjectMethods` makes them at run time (JDK 17). roth writes those
//! members as Java text, read as members of the record (so they run, and are checked, as
//! declared ones are) from a file of their own that follows the code base's: nothing of them
//! is mutated, reported or tested. A compact canonical constructor (`Token { ... }`) takes the
//! components as parameters and assigns the fields after its body.
//!
//! What the JDK's members do, written as they are written here:
//! - `equals(o)`: `true` for `this`, `false` for what is not a record of the class, else every
//!   component equal, the last one compared first: primitives by `==`, `float` and `double`
//!   by `Float.compare`/`Double.compare` (so `NaN` equals itself and `0.0` differs from
//!   `-0.0`), references by `Objects.equals`;
//! - `hashCode()`: `31 * h + hash(c)` over the components in order from 0, each hashed by its
//!   box's `hashCode` (`Objects.hashCode` for references);
//! - `toString()`: `Name[a=1, b=x]`, each value as `String.valueOf` gives it.

use std::fmt::Write;

use tree_sitter::Node;

use crate::program::reader::inner_classes::assignment;
use crate::program::reader::ir::*;
use crate::program::reader::syntax::{mentions, named_children, parse};

/// The path of the file holding the records' implicit members (never a real file).
pub(crate) const IMPLICIT_PATH: &str = "<records>";

/// The name of the class holding the implicit members of the `k`th record of the text (in
/// pre-order, files in the order they are read).
pub(crate) fn holder_name(k: usize) -> String {
    format!("$Record${k}")
}

/// A record component as its header declares it.
pub(super) struct Component {
    pub(super) name: String,
    /// The type's text as written (`int`, `List<String>`, `T`), `[]` added for a varargs one.
    pub(super) ty: String,
    pub(super) varargs: bool,
}

/// The components of `record`, a `record_declaration`, from the text `src`.
pub(super) fn components(record: Node, src: &str) -> Vec<Component> {
    let Some(list) = record.child_by_field_name("parameters") else {
        return Vec::new();
    };
    named_children(list)
        .into_iter()
        .filter_map(|p| {
            let ty = parameter_type(p, src)?;
            let name = match p.child_by_field_name("name") {
                Some(n) => n,
                None => named_children(p)
                    .iter()
                    .filter_map(|c| match c.kind() {
                        "variable_declarator" => c.child_by_field_name("name"),
                        "identifier" => Some(*c),
                        _ => None,
                    })
                    .next_back()?,
            };
            Some(Component {
                name: src[name.byte_range()].to_string(),
                ty,
                varargs: p.kind() == "spread_parameter",
            })
        })
        .collect()
}

/// The type of parameter `p` (a formal or a varargs one) as written, `[]` added for varargs;
/// `None` for what is no parameter.
fn parameter_type(p: Node, src: &str) -> Option<String> {
    let varargs = p.kind() == "spread_parameter";
    if p.kind() != "formal_parameter" && !varargs {
        return None;
    }
    let ty = p.child_by_field_name("type").or_else(|| {
        named_children(p)
            .into_iter()
            .find(|c| c.kind().ends_with("type") || c.kind() == "type_identifier")
    })?;
    let mut text = src[ty.byte_range()].to_string();
    if varargs {
        text.push_str("[]");
    }
    Some(text)
}

/// Every record declaration under `root`, in pre-order.
pub(super) fn records_in<'t>(root: Node<'t>, src: &str) -> Vec<Node<'t>> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if !mentions(src, n, &["record"]) {
            continue;
        }
        if n.kind() == "record_declaration" {
            out.push(n);
        }
        let mut children = named_children(n);
        children.reverse();
        stack.extend(children);
    }
    out
}

/// The text of the classes holding the implicit members of the records of `files` (path and
/// text, in the order they are read), numbered in that order.
pub(super) fn implicit_text<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let mut out = String::new();
    let mut count = 0;
    for (path, text) in files {
        if !text.contains("record") {
            continue;
        }
        // A file that does not parse is reported when it is read.
        let Ok(tree) = parse(path, text, None) else {
            continue;
        };
        let records = records_in(tree.root_node(), text);
        implicit_members(&records, text, count, &mut out);
        count += records.len();
    }
    out
}

/// The text of the classes holding the implicit members of `records` (of the text `src`),
/// numbered from `first`.
fn implicit_members(records: &[Node], src: &str, first: usize, out: &mut String) {
    for (k, record) in records.iter().enumerate() {
        let name = record
            .child_by_field_name("name")
            .map_or("", |n| &src[n.byte_range()]);
        let components = components(*record, src);
        let declared = declared_members(*record, src);
        let has = |name: &str, arity: usize| declared.iter().any(|(n, a)| n == name && *a == arity);
        writeln!(out, "final class {} {{", holder_name(first + k)).unwrap();
        if !declared_canonical(*record, src, &components) {
            let params: Vec<String> = components
                .iter()
                .map(|c| {
                    let ty = if c.varargs {
                        format!("{}...", &c.ty[..c.ty.len() - 2])
                    } else {
                        c.ty.clone()
                    };
                    format!("{ty} {}", c.name)
                })
                .collect();
            write!(out, "    {name}({}) {{", params.join(", ")).unwrap();
            for c in &components {
                write!(out, " this.{0} = {0};", c.name).unwrap();
            }
            out.push_str(" }\n");
        }
        for c in &components {
            if !has(&c.name, 0) {
                writeln!(
                    out,
                    "    public {} {}() {{ return this.{1}; }}",
                    c.ty, c.name
                )
                .unwrap();
            }
        }
        if !has("equals", 1) {
            write!(
                out,
                "    public boolean equals(Object o$) {{ if (this == o$) return true; if (!(o$ instanceof {name})) return false; {name} that$ = ({name}) o$; return true"
            )
            .unwrap();
            // The JDK tests the last component first.
            for c in components.iter().rev() {
                let (a, b) = (format!("this.{}", c.name), format!("that$.{}", c.name));
                let test = match c.ty.as_str() {
                    "float" => format!("Float.compare({a}, {b}) == 0"),
                    "double" => format!("Double.compare({a}, {b}) == 0"),
                    "int" | "long" | "short" | "byte" | "char" | "boolean" => format!("{a} == {b}"),
                    _ => format!("({a} == {b} || {a} != null && {a}.equals({b}))"),
                };
                write!(out, " && {test}").unwrap();
            }
            out.push_str("; }\n");
        }
        if !has("hashCode", 0) {
            out.push_str("    public int hashCode() { int h$ = 0;");
            for c in &components {
                let a = format!("this.{}", c.name);
                let hash = match c.ty.as_str() {
                    "int" => a,
                    "short" | "byte" | "char" => format!("(int) {a}"),
                    "boolean" => format!("({a} ? 1231 : 1237)"),
                    "long" => format!("(int) ({a} ^ ({a} >>> 32))"),
                    "float" => format!("Float.hashCode({a})"),
                    "double" => format!("Double.hashCode({a})"),
                    _ => format!("({a} == null ? 0 : {a}.hashCode())"),
                };
                write!(out, " h$ = 31 * h$ + {hash};").unwrap();
            }
            out.push_str(" return h$; }\n");
        }
        if !has("toString", 0) {
            write!(out, "    public String toString() {{ return \"{name}[\"").unwrap();
            for (i, c) in components.iter().enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                write!(out, " + \"{sep}{0}=\" + this.{0}", c.name).unwrap();
            }
            out.push_str(" + \"]\"; }\n");
        }
        out.push_str("}\n");
    }
}

/// The methods and constructors `record`'s body declares: name (`<init>` for a constructor,
/// `<compact>` for a compact one) and arity.
fn declared_members(record: Node, src: &str) -> Vec<(String, usize)> {
    let Some(body) = record.child_by_field_name("body") else {
        return Vec::new();
    };
    named_children(body)
        .into_iter()
        .filter_map(|m| match m.kind() {
            "compact_constructor_declaration" => Some(("<compact>".to_string(), 0)),
            "constructor_declaration" => Some(("<init>".to_string(), arity(m))),
            "method_declaration" => {
                let name = m.child_by_field_name("name")?;
                Some((src[name.byte_range()].to_string(), arity(m)))
            }
            _ => None,
        })
        .collect()
}

fn arity(method: Node) -> usize {
    method.child_by_field_name("parameters").map_or(0, |p| {
        named_children(p)
            .into_iter()
            .filter(|c| matches!(c.kind(), "formal_parameter" | "spread_parameter"))
            .count()
    })
}

/// Whether `record` declares its canonical constructor: a compact one, or one whose
/// parameter types are the components' (as written).
fn declared_canonical(record: Node, src: &str, components: &[Component]) -> bool {
    let Some(body) = record.child_by_field_name("body") else {
        return false;
    };
    named_children(body).into_iter().any(|m| match m.kind() {
        "compact_constructor_declaration" => true,
        "constructor_declaration" => {
            let Some(params) = m.child_by_field_name("parameters") else {
                return false;
            };
            let types: Vec<String> = named_children(params)
                .into_iter()
                .filter_map(|c| parameter_type(c, src))
                .map(|t| t.split_whitespace().collect())
                .collect();
            types.len() == components.len()
                && types
                    .iter()
                    .zip(components)
                    .all(|(t, c)| *t == c.ty.split_whitespace().collect::<String>())
        }
        _ => false,
    })
}

/// Ends a record's compact constructor by assigning each component's field from its
/// parameter (JLS §8.10.4.2): the components are the record's first fields and the
/// constructor's parameters, in order.
pub(super) fn assign_components(body: &mut Body, class: u32) {
    let components: Vec<Type> = body
        .locals
        .iter()
        .take_while(|l| l.is_param)
        .map(|l| l.ty.clone())
        .collect();
    for (k, ty) in components.into_iter().enumerate() {
        let field = FieldRef {
            class,
            field: k as u32,
        };
        let store = assignment(body, field, LocalId(k as u32), &ty);
        body.stmts.push(store);
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::{runner, string};
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::semantics::Kind;

    const RECORDS: &str = r##"public class Recs {
    record Point(int x, int y) {
        Point {
            if (x < 0) {
                x = -x;
            }
        }
        int sum() { return x + y; }
    }
    record Named(String name, double weight, boolean flag, long id, char c, float f) {}
    record Pair<A, B>(A first, B second) {
        Pair<B, A> swap() { return new Pair<>(second, first); }
    }
    record Money(long cents) {
        Money(int euros, int cents) { this(euros * 100L + cents); }
        @Override public String toString() { return cents / 100 + "." + cents % 100; }
        public long cents() { return cents + 0; }
    }
    record Empty() {}
    record Nested(Point p, Named n) {}

    static String point(int x, int y) {
        Point p = new Point(x, y);
        return p + " " + p.x() + " " + p.sum() + " " + p.hashCode() + " " + p.equals(new Point(Math.abs(x), y)) + " " + p.equals(null) + " " + p.equals("s");
    }
    static String named(String s, double w, boolean b, long id, char c, float f) {
        Named n = new Named(s, w, b, id, c, f);
        Named m = new Named(s, w, b, id, c, f);
        return n + " " + n.hashCode() + " " + n.equals(m) + " " + (n == m) + " " + n.weight();
    }
    static String pair(String a, int b) {
        Pair<String, Integer> p = new Pair<>(a, b);
        Pair<Integer, String> q = p.swap();
        return p + " " + q + " " + q.first() + " " + p.hashCode() + " " + p.equals(q.swap());
    }
    static String money(int e, int c) {
        Money m = new Money(e, c);
        return m + " " + m.cents() + " " + m.hashCode() + " " + m.equals(new Money(e * 100L + c));
    }
    static String empty() {
        return new Empty() + " " + new Empty().hashCode() + " " + new Empty().equals(new Empty());
    }
    static String nested(int x) {
        Nested n = new Nested(new Point(x, 2), null);
        return n + " " + n.hashCode() + " " + n.equals(new Nested(new Point(x, 2), null));
    }
    static boolean nanEquals(double d) {
        return new Named("a", d, true, 1, 'c', 0.0f).equals(new Named("a", d, true, 1, 'c', -0.0f));
    }
    static boolean zeroEquals(double d) {
        return new Named("a", d, true, 1, 'c', 1f).equals(new Named("a", -d, true, 1, 'c', 1f));
    }
}
"##;

    /// Each expected result is what `java` 17 printed for the same calls.
    #[test]
    fn records_get_the_members_the_jdk_writes() {
        let unit = load("Recs.java", RECORDS).expect("the file loads");
        let run = runner(&unit);
        let returns = |s: &str| Termination::Return(Some(string(s)));
        let int = |v: i64| Value::Prim(Kind::Int, v);
        let double = |v: f64| Value::Prim(Kind::Double, v.to_bits() as i64);
        let boolean = |b: bool| Value::Prim(Kind::Boolean, i64::from(b));
        let float = |v: f32| Value::Prim(Kind::Float, i64::from(v.to_bits()));
        let long = |v: i64| Value::Prim(Kind::Long, v);
        let char = |c: char| Value::Prim(Kind::Char, c as i64);
        assert_eq!(
            run("point", &[int(-3), int(4)]),
            returns("Point[x=3, y=4] 3 7 97 true false false")
        );
        let named = [
            string("bob"),
            double(2.5),
            boolean(true),
            long(1234567890123),
            char('z'),
            float(1.5),
        ];
        assert_eq!(
            run("named", &named),
            returns(
                "Named[name=bob, weight=2.5, flag=true, id=1234567890123, c=z, f=1.5] 445009878 true false 2.5"
            )
        );
        let odd = [
            Value::Null,
            double(f64::NAN),
            boolean(false),
            long(-1),
            char('a'),
            float(-0.0),
        ];
        assert_eq!(
            run("named", &odd),
            returns(
                "Named[name=null, weight=NaN, flag=false, id=-1, c=a, f=-0.0] 1177180874 true false NaN"
            )
        );
        assert_eq!(
            run("pair", &[string("x"), int(7)]),
            returns("Pair[first=x, second=7] Pair[first=7, second=x] 7 3727 true")
        );
        assert_eq!(
            run("money", &[int(12), int(34)]),
            returns("12.34 1234 1234 true")
        );
        assert_eq!(run("empty", &[]), returns("Empty[] 0 true"));
        assert_eq!(
            run("nested", &[int(5)]),
            returns("Nested[p=Point[x=5, y=2], n=null] 4867 true")
        );
        let no = Termination::Return(Some(boolean(false)));
        assert_eq!(run("nanEquals", &[double(f64::NAN)]), no);
        assert_eq!(run("zeroEquals", &[double(0.0)]), no);
        assert_eq!(run("zeroEquals", &[double(1.0)]), no);
        // What the compiler writes is no method of the file's: not reported, not mutated.
        let point = unit.classes.iter().find(|c| c.name == "Point").unwrap();
        let declared: Vec<&str> = point
            .methods
            .iter()
            .filter(|m| m.is_declared())
            .map(|m| m.name.as_str())
            .collect();
        assert_eq!(declared, ["Point", "sum"]);
        assert!(
            crate::program::mutants::mutant::generate(&unit)
                .mutants
                .iter()
                .all(|m| !unit.method(m.class, m.method).is_implicit)
        );
    }
}
