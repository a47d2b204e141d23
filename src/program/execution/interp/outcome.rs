//! What a run takes and gives, as the rest of roth sees it: [`Value`]s given to and produced
//! by a method, how the run ended ([`Termination`]), every output a test can observe
//! ([`Outcome`], and when two outcomes differ), the [`Limits`] a run is held to, and
//! [`RunError`] when the arguments do not fit the method.

use std::sync::Arc;

use crate::program::reader::ir::{ClassType, Type};
use crate::program::reader::semantics::{self as sem, Kind};
use crate::program::reader::text;

/// A value given to or produced by a run.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Prim(Kind, i64),
    Null,
    Str(Arc<[u16]>),
    /// An array with its element type.
    Array(Type, Vec<Value>),
    /// An object given to a run: `new C(args)`, built by calling the constructor
    /// `constructor` of `class` (`None` for the default constructor) before the call.
    New {
        class: ClassType,
        constructor: Option<u32>,
        args: Vec<Value>,
    },
    /// An object as a run left it: its class and its fields, in the order the class declares
    /// them.
    Object {
        class: ClassType,
        fields: Vec<(String, Value)>,
    },
    /// An object met before in the same value (a cycle, or one object reached twice): the
    /// `k`-th object met, counting from 1 in the order [`Value::Object`]s are written.
    Seen(u32),
    /// A constant of an enum, by name (given to a run or produced by it).
    Enum {
        class: ClassType,
        name: Arc<str>,
    },
    /// A collection, a map or a string builder of roth's model of the JDK as a run left
    /// it, by what Java's `equals` (or `toString`, for a builder) compares: its text, its
    /// elements in iteration order, or its keys and values alternating.
    Content {
        class: ClassType,
        view: View,
        items: Vec<Value>,
    },
}

/// How a test builds the receiver of an instance method as a person writes a test's setup:
/// a constructor call, then calls of the class's own methods on the object (a call
/// sequence, as Randoop and EvoSuite build objects), before the call under test.
#[derive(Clone, Debug, PartialEq)]
pub struct Receiver {
    /// The constructor call: a [`Value::New`] of the method's class.
    pub built: Value,
    /// The calls made on it in order: the method (of the receiver's class) and its
    /// arguments. Their results are not kept.
    pub calls: Vec<(u32, Vec<Value>)>,
}

/// How a [`Value::Content`] is compared and shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// A `StringBuilder` or `StringBuffer`: one item, its text.
    Text,
    /// A list: its elements, in order (`equals` compares them so).
    List,
    /// Another collection (a queue, a deque): its elements in iteration order (its
    /// `equals` is its identity; its contents are what a test compares).
    Sequence,
    /// A set: its elements, compared in any order.
    Set,
    /// A map: key, value, key, value..., the entries compared in any order.
    Map,
}

impl View {
    /// The items of a value of this view as the units its order does not matter among
    /// (an entry of a map is a key and its value).
    fn unit(self) -> usize {
        if self == View::Map { 2 } else { 1 }
    }
}

/// Whether `a` and `b` hold the same units (of `unit` items each) in some order.
fn same_in_any_order(a: &[Value], b: &[Value], unit: usize) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut used = vec![false; b.len() / unit];
    a.chunks(unit).all(|x| {
        let found = b
            .chunks(unit)
            .enumerate()
            .position(|(k, y)| !used[k] && x.iter().zip(y).all(|(p, q)| p.same(q)));
        found.map(|k| used[k] = true).is_some()
    })
}

impl Value {
    /// Whether two values are the same as a test assertion sees them (primitives by value,
    /// floating point by bits, strings and arrays by content, objects by their fields and
    /// by which objects are shared).
    pub fn same(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Prim(k, a), Value::Prim(_, b)) => sem::same(*k, *a, *b),
            (Value::Null, Value::Null) => true,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Array(_, a), Value::Array(_, b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
            }
            (
                Value::Object {
                    class: c,
                    fields: f,
                },
                Value::Object {
                    class: d,
                    fields: g,
                },
            ) => c == d && f.len() == g.len() && f.iter().zip(g).all(|((_, x), (_, y))| x.same(y)),
            (Value::Seen(a), Value::Seen(b)) => a == b,
            (Value::New { .. }, Value::New { .. }) => self == other,
            (Value::Enum { class: c, name: m }, Value::Enum { class: d, name: n }) => {
                c == d && m == n
            }
            (
                Value::Content {
                    class: c,
                    view: v,
                    items: a,
                },
                Value::Content {
                    class: d,
                    view: w,
                    items: b,
                },
            ) => {
                c == d
                    && v == w
                    && match v {
                        View::Text | View::List | View::Sequence => {
                            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same(y))
                        }
                        View::Set | View::Map => same_in_any_order(a, b, v.unit()),
                    }
            }
            _ => false,
        }
    }

    /// The numbers of the objects a [`Value::Seen`] refers back to.
    fn seen(&self, out: &mut Vec<u32>) {
        match self {
            Value::Seen(k) => out.push(*k),
            Value::Array(_, items)
            | Value::New { args: items, .. }
            | Value::Content { items, .. } => items.iter().for_each(|i| i.seen(out)),
            Value::Object { fields, .. } => fields.iter().for_each(|(_, v)| v.seen(out)),
            _ => {}
        }
    }

    fn write(
        &self,
        f: &mut std::fmt::Formatter<'_>,
        labels: &[u32],
        count: &mut u32,
    ) -> std::fmt::Result {
        match self {
            Value::Prim(k, v) => f.write_str(&text::primitive_to_string(*k, *v)),
            Value::Null => f.write_str("null"),
            Value::Str(s) => f.write_str(&text::from_utf16(s)),
            Value::Array(_, items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    item.write(f, labels, count)?;
                }
                f.write_str("]")
            }
            Value::New { class, args, .. } => {
                write!(f, "new {}(", class.name)?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    a.write(f, labels, count)?;
                }
                f.write_str(")")
            }
            Value::Object { class, fields } => {
                *count += 1;
                f.write_str(&class.name)?;
                if labels.contains(count) {
                    write!(f, "#{count}")?;
                }
                f.write_str("{")?;
                for (i, (name, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{name}=")?;
                    v.write(f, labels, count)?;
                }
                f.write_str("}")
            }
            Value::Seen(k) => write!(f, "#{k}"),
            Value::Enum { name, .. } => f.write_str(name),
            // As the JDK's `toString` writes them.
            Value::Content { view, items, .. } => {
                let (open, close) = match view {
                    View::Text => ("", ""),
                    View::Map => ("{", "}"),
                    _ => ("[", "]"),
                };
                f.write_str(open)?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if *view == View::Map && i % 2 == 1 {
                            "="
                        } else {
                            ", "
                        })?;
                    }
                    item.write(f, labels, count)?;
                }
                f.write_str(close)
            }
        }
    }
}

impl std::fmt::Display for Value {
    /// As `String.valueOf` prints it; arrays as `Arrays.deepToString` does; an object given
    /// to a run as the constructor call that builds it, and an object a run left as its
    /// class and fields (`Point{x=1, y=2}`), an object reached again as `#k` after the
    /// `k`-th object written, which is labelled `Node#k{...}`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut labels = Vec::new();
        self.seen(&mut labels);
        self.write(f, &labels, &mut 0)
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Termination {
    /// `return` (with the value, `None` for `void`).
    Return(Option<Value>),
    /// An exception left the method: its fully qualified class name.
    Throw(String),
    /// The step limit ran out.
    Timeout,
    /// The run needed what the JVM does not fix from one run to the next: an object's
    /// identity hash code (`hashCode` or `toString` not overridden). What it names is said;
    /// no test can expect an outcome of it.
    Unrepeatable(String),
}

/// Everything a run shows to the outside: the method's outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub termination: Termination,
    /// Text written to `System.out`.
    pub printed: String,
    /// Every non-constant field after the call (instance fields of the receiver, static fields),
    /// by name.
    pub fields: Vec<(String, Value)>,
    /// Array arguments after the call (others `None`).
    pub args: Vec<Option<Value>>,
}

impl Outcome {
    /// Whether a test tells the two outcomes apart (any output differs). An unrepeatable
    /// run tells nothing: on the JVM it may end either way.
    pub fn differs(&self, other: &Outcome) -> bool {
        let value_differs = |a: &Value, b: &Value| !a.same(b);
        match (&self.termination, &other.termination) {
            (Termination::Unrepeatable(_), _) | (_, Termination::Unrepeatable(_)) => return false,
            (Termination::Return(Some(a)), Termination::Return(Some(b))) if value_differs(a, b) => {
                return true;
            }
            (Termination::Return(Some(_)), Termination::Return(Some(_))) => {}
            (a, b) if a != b => return true,
            _ => {}
        }
        self.printed != other.printed
            || self.fields.len() != other.fields.len()
            || self
                .fields
                .iter()
                .zip(&other.fields)
                .any(|((_, a), (_, b))| value_differs(a, b))
            || self.args.len() != other.args.len()
            || self
                .args
                .iter()
                .zip(&other.args)
                .any(|(a, b)| match (a, b) {
                    (Some(a), Some(b)) => value_differs(a, b),
                    (None, None) => false,
                    _ => true,
                })
    }
}

/// Limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Instructions executed before the run is a `timeout`.
    pub steps: u64,
    /// Nested calls before `java.lang.StackOverflowError`.
    pub depth: u32,
    /// Array elements and string characters a run may allocate before
    /// `java.lang.OutOfMemoryError` (the JVM's limit depends on its heap; roth's is fixed so
    /// that runs are the same everywhere).
    pub heap: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            steps: 10_000_000,
            depth: 2_000,
            heap: 1 << 24,
        }
    }
}

/// A run's failure to start: the arguments do not fit the method.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    BadArguments(String),
    #[error("method {0} is outside the supported subset")]
    Unsupported(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn double(d: f64) -> Value {
        Value::Prim(Kind::Double, sem::bits_f64(d))
    }

    fn int(n: i64) -> Value {
        Value::Prim(Kind::Int, n)
    }

    fn returning(v: Value) -> Outcome {
        Outcome {
            termination: Termination::Return(Some(v)),
            printed: String::new(),
            fields: Vec::new(),
            args: Vec::new(),
        }
    }

    #[test]
    fn values_are_the_same_as_an_assertion_sees_them() {
        // Floating point by bits: NaN equals NaN, 0.0 and -0.0 differ (assertEquals on
        // doubles compares as Double.equals does).
        assert!(double(f64::NAN).same(&double(f64::NAN)));
        assert!(!double(0.0).same(&double(-0.0)));
        assert!(int(3).same(&int(3)) && !int(3).same(&int(4)));
        let array = |items: Vec<Value>| Value::Array(Type::Int, items);
        assert!(array(vec![int(1), int(2)]).same(&array(vec![int(1), int(2)])));
        assert!(!array(vec![int(1)]).same(&array(vec![int(1), int(2)])));
        assert!(!array(vec![]).same(&Value::Null));
        assert!(Value::Null.same(&Value::Null));
    }

    #[test]
    fn values_print_as_string_value_of_and_deep_to_string() {
        let nested = Value::Array(
            Type::array_of(Type::Int),
            vec![
                Value::Array(Type::Int, vec![int(1), int(-2)]),
                Value::Array(Type::Int, vec![]),
                Value::Null,
            ],
        );
        assert_eq!(nested.to_string(), "[[1, -2], [], null]");
        assert_eq!(double(1e10).to_string(), "1.0E10");
        assert_eq!(double(-0.0).to_string(), "-0.0");
        assert_eq!(Value::Prim(Kind::Char, 'x' as i64).to_string(), "x");
        assert_eq!(Value::Prim(Kind::Boolean, 1).to_string(), "true");
        assert_eq!(Value::Str(text::utf16("a b").into()).to_string(), "a b");
    }

    #[test]
    fn outcomes_differ_on_any_output() {
        let base = returning(int(1));
        assert!(!base.differs(&base.clone()));
        assert!(base.differs(&returning(int(2))));
        // The same NaN returned does not tell versions apart; a timeout does.
        assert!(!returning(double(f64::NAN)).differs(&returning(double(f64::NAN))));
        let timeout = Outcome {
            termination: Termination::Timeout,
            ..base.clone()
        };
        assert!(base.differs(&timeout));
        let unrepeatable = Outcome {
            termination: Termination::Unrepeatable("the identity hash code of a P".into()),
            ..base.clone()
        };
        assert!(!base.differs(&unrepeatable) && !unrepeatable.differs(&timeout));
        let thrown = |e: &str| Outcome {
            termination: Termination::Throw(e.into()),
            ..base.clone()
        };
        assert!(thrown("java.lang.A").differs(&thrown("java.lang.B")));
        let printed = Outcome {
            printed: "x".into(),
            ..base.clone()
        };
        assert!(base.differs(&printed));
        let field = |v: Value| Outcome {
            fields: vec![("f".into(), v)],
            ..base.clone()
        };
        assert!(field(int(1)).differs(&field(int(2))));
        assert!(!field(int(1)).differs(&field(int(1))));
        let arg = |v: Option<Value>| Outcome {
            args: vec![v],
            ..base.clone()
        };
        let array = Value::Array(Type::Int, vec![int(1)]);
        assert!(arg(Some(array.clone())).differs(&arg(Some(Value::Array(Type::Int, vec![])))));
        assert!(!arg(None).differs(&arg(None)));
        assert!(arg(Some(array)).differs(&arg(None)));
    }
}
