//! `Object`'s `equals`, `hashCode` and `toString` on any reference (JLS §4.3.2, the
//! `java.lang.Object` contract): an object whose class overrides one runs the override, as
//! a virtual call (the machine pushes its frame, so steps, depth and exceptions count as for
//! any call); otherwise the answer is `Object`'s own, which for a `String` is the string's
//! (`String` overrides all three), for an enum constant its name, and for anything else its
//! identity: `equals` is `==`, while an identity hash code, and the `Point@1b6d3586` form of
//! `toString` built on it, is something the JVM does not fix from one run to the next: the
//! run ends as [`Termination::Unrepeatable`](super::Termination::Unrepeatable).

use super::dispatch::{OBJECT_METHOD_NAMES, ObjectMethod};
use super::machine::{Machine, NPE, Object, Thrown};
use crate::program::reader::ir::Builtin;
use crate::program::reader::text;

/// What one of `Object`'s methods does on a receiver.
pub(super) enum ObjectCall {
    /// Runs the override, a function of the receiver (and, for `equals`, the argument).
    Call(u32),
    /// `Object`'s own answer.
    Value(i64),
}

impl Machine<'_> {
    /// `f` (`Builtin::ObjectEquals`, `ObjectHashCode`, `ObjectToString` or `ObjectValueOf`)
    /// on the receiver `a` (and `b`, the argument of `equals`).
    pub(super) fn object_method(
        &mut self,
        f: Builtin,
        a: i64,
        b: i64,
    ) -> Result<ObjectCall, Thrown> {
        if a == 0 {
            return match f {
                Builtin::ObjectValueOf => {
                    Ok(ObjectCall::Value(self.new_string(text::utf16("null"))?))
                }
                _ => Err(NPE.into()),
            };
        }
        // The index in OBJECT_METHOD_NAMES.
        let which = match f {
            Builtin::ObjectEquals => 0,
            Builtin::ObjectHashCode => 1,
            _ => 2,
        };
        let class = match &self.heap[(a - 1) as usize] {
            Object::Str(s) => {
                return Ok(ObjectCall::Value(match which {
                    0 => i64::from(
                        b > 0 && matches!(&self.heap[(b - 1) as usize], Object::Str(t) if t == s),
                    ),
                    1 => i64::from(string_hash(s)),
                    _ => a,
                }));
            }
            Object::Array { .. } if which == 0 => return Ok(ObjectCall::Value(i64::from(a == b))),
            Object::Array { .. } => {
                return Err(Thrown::Unrepeatable(
                    "the identity hash code of an array".to_string(),
                ));
            }
            Object::Instance { class, .. } => *class,
        };
        let program = self.program;
        let name = &program.class_names[class as usize];
        match program.object_methods[class as usize][which] {
            ObjectMethod::Override(function) => Ok(ObjectCall::Call(function)),
            ObjectMethod::Unsupported => Err(Thrown::Unrepeatable(format!(
                "{name}.{}, which is outside the supported subset",
                OBJECT_METHOD_NAMES[which]
            ))),
            ObjectMethod::Inherited => match which {
                0 => Ok(ObjectCall::Value(i64::from(a == b))),
                // An enum constant's `toString` is its name (its first field).
                2 if !program.enum_constants[class as usize].is_empty() => {
                    Ok(ObjectCall::Value(self.instance_field(a, 0)))
                }
                _ => Err(Thrown::Unrepeatable(format!(
                    "the identity hash code of a {name} ({name} does not override {})",
                    OBJECT_METHOD_NAMES[which]
                ))),
            },
        }
    }
}

impl Machine<'_> {
    /// `o.getClass()` for the object in `a`: the run's one `Class` object for the class of
    /// `o`, made at its first use with the JVM's names (`Outer$Inner` and `Inner`,
    /// `java.lang.String` and `String`). The class of a lambda's object or of an array is
    /// named by the JVM in ways roth does not repeat: the run ends as unrepeatable.
    pub(super) fn class_object(&mut self, a: i64) -> Result<i64, Thrown> {
        if a == 0 {
            return Err(NPE.into());
        }
        let program = self.program;
        let Some(class_class) = program.class_class else {
            return Err(Thrown::Unrepeatable(
                "getClass without java.lang.Class".into(),
            ));
        };
        // The key: the class, or `u32::MAX` for `String`.
        let (key, name, simple) = match &self.heap[(a - 1) as usize] {
            Object::Str(_) => (
                u32::MAX,
                "java.lang.String".to_string(),
                "String".to_string(),
            ),
            Object::Array { .. } => {
                return Err(Thrown::Unrepeatable("the class of an array".into()));
            }
            Object::Instance { class, .. } if program.fieldless[*class as usize] => {
                return Err(Thrown::Unrepeatable(
                    "the class of a lambda's object, which the JVM names as it runs".into(),
                ));
            }
            Object::Instance { class, .. } => {
                let name = program.binary_names[*class as usize].clone();
                // An anonymous class (`Outer$1`: no simple name starts with a digit) has
                // none.
                let anonymous = name
                    .rsplit_once('$')
                    .is_some_and(|(_, n)| n.bytes().all(|b| b.is_ascii_digit()));
                let simple = match anonymous {
                    true => String::new(),
                    false => program.class_names[*class as usize].clone(),
                };
                (*class, name, simple)
            }
        };
        if let Some(&(_, object)) = self.class_objects.iter().find(|(k, _)| *k == key) {
            return Ok(object);
        }
        let name = self.new_string(text::utf16(&name))?;
        let simple = self.new_string(text::utf16(&simple))?;
        let object = self.new_object(class_class)?;
        for (slot, &field) in program.layouts[class_class as usize].iter().enumerate() {
            let value = match program.fields[field as usize].name.as_str() {
                "name" => name,
                "simpleName" => simple,
                _ => 0,
            };
            if let Object::Instance { fields, .. } = &mut self.heap[(object - 1) as usize] {
                fields[slot] = value;
            }
        }
        self.class_objects.push((key, object));
        Ok(object)
    }
}

/// `String.hashCode`: `s[0]*31^(n-1) + ... + s[n-1]` over the UTF-16 units, wrapping.
pub(super) fn string_hash(s: &[u16]) -> i32 {
    s.iter()
        .fold(0i32, |h, &u| h.wrapping_mul(31).wrapping_add(i32::from(u)))
}

#[cfg(test)]
mod tests {
    use super::super::outcome::{Termination, Value};
    use super::super::testing::{int, returns, run, string};
    use super::*;
    use crate::program::reader::semantics::Kind;

    #[test]
    fn string_hash_is_javas() {
        // "hello".hashCode() and "".hashCode() on the JVM.
        assert_eq!(string_hash(&text::utf16("hello")), 99162322);
        assert_eq!(string_hash(&[]), 0);
        // Wraps: "polygenelubricants".hashCode() is Integer.MIN_VALUE.
        assert_eq!(string_hash(&text::utf16("polygenelubricants")), i32::MIN);
    }

    const SHAPES: &str = r#"
class T {
    static abstract class Shape {
        abstract int area();
        public String toString() { return "shape of " + area(); }
    }
    static class Square extends Shape {
        int side;
        Square(int side) { this.side = side; }
        int area() { return side * side; }
        public boolean equals(Object o) { return o instanceof Square && ((Square) o).side == side; }
        public int hashCode() { return side; }
    }
    static class Dot extends Shape {
        int area() { return 0; }
    }
    static boolean same(int a, int b) {
        Object x = new Square(a);
        Object y = new Square(b);
        return x.equals(y);
    }
    static boolean sameDot() {
        Object d = new Dot();
        return d.equals(d) && !d.equals(new Dot()) && !d.equals(null);
    }
    static String describe(int a) { Object s = new Square(a); return "<" + s + ">"; }
    static int hash(int a) { Object s = new Square(a); return s.hashCode(); }
    static int dotHash() { Object d = new Dot(); return d.hashCode(); }
    static int stringHash(String s) { Object o = s; return o.hashCode(); }
    static String nothing() { Object o = null; return "x" + o; }
    static boolean npe() { Object o = null; return o.equals("a"); }
}
"#;

    #[test]
    fn overrides_run_and_the_rest_is_objects_own() {
        assert_eq!(
            run(SHAPES, "same", &[int(3), int(3)]),
            returns(Value::Prim(Kind::Boolean, 1))
        );
        assert_eq!(
            run(SHAPES, "same", &[int(3), int(4)]),
            returns(Value::Prim(Kind::Boolean, 0))
        );
        assert_eq!(
            run(SHAPES, "sameDot", &[]),
            returns(Value::Prim(Kind::Boolean, 1))
        );
        assert_eq!(
            run(SHAPES, "describe", &[int(3)]),
            returns(string("<shape of 9>"))
        );
        assert_eq!(run(SHAPES, "hash", &[int(5)]), returns(int(5)));
        assert_eq!(
            run(SHAPES, "stringHash", &[string("hello")]),
            returns(int(99162322))
        );
        assert_eq!(run(SHAPES, "nothing", &[]), returns(string("xnull")));
        assert_eq!(run(SHAPES, "npe", &[]), Termination::Throw(NPE.to_string()));
        assert!(matches!(
            run(SHAPES, "dotHash", &[]),
            Termination::Unrepeatable(what) if what.contains("Dot")
        ));
    }

    /// The equals an IDE writes (`getClass() != o.getClass()`), and the names of a class, as
    /// `java` 17 prints them.
    #[test]
    fn get_class_gives_one_object_per_class_with_the_jvms_names() {
        let source = r#"
class P {
    final int x;
    P(int x) { this.x = x; }
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (o == null || getClass() != o.getClass()) return false;
        P p = (P) o;
        return x == p.x;
    }
    static class Q extends P { Q(int x) { super(x); } }
    static boolean same(int a, int b) { return new P(a).equals(new P(b)); }
    static boolean sub(int a) { return new P(a).equals(new Q(a)); }
    static String name(int k) {
        Object o = k > 0 ? new Q(k) : (k < 0 ? "s" : Integer.valueOf(k));
        return o.getClass().getName() + " " + o.getClass().getSimpleName() + " " + o.getClass();
    }
    static boolean lambda() { Runnable r = () -> { }; return r.getClass() != null; }
}
"#;
        assert_eq!(
            run(source, "same", &[int(1), int(1)]),
            returns(Value::Prim(Kind::Boolean, 1))
        );
        assert_eq!(
            run(source, "same", &[int(1), int(2)]),
            returns(Value::Prim(Kind::Boolean, 0))
        );
        assert_eq!(
            run(source, "sub", &[int(3)]),
            returns(Value::Prim(Kind::Boolean, 0))
        );
        assert_eq!(
            run(source, "name", &[int(1)]),
            returns(string("P$Q Q class P$Q"))
        );
        assert_eq!(
            run(source, "name", &[int(-1)]),
            returns(string("java.lang.String String class java.lang.String"))
        );
        assert_eq!(
            run(source, "name", &[int(0)]),
            returns(string("java.lang.Integer Integer class java.lang.Integer"))
        );
        // A lambda's class is named by the JVM as it runs.
        assert!(matches!(
            run(source, "lambda", &[]),
            Termination::Unrepeatable(_)
        ));
    }
}
