//! Random values of the JDK's own types for tests (the random patterns of Zhang 2021, ch. 5,
//! on ordinary Java units): a parameter typed `List<Integer>`, `Map<String, Integer>` or
//! `Deque<Character>` gets a small collection of one of the JDK's public classes with random
//! elements of its type arguments, a box gets its primitive value (given through `valueOf`,
//! as `javac` boxes it), and a few public classes are built by their constructors. Classes
//! of the model a test cannot name (`AbstractMap.KeyView`, roth's own helpers) are never
//! built: a test class must compile against the real JDK.

use crate::program::execution::interp::{Value, View};
use crate::program::reader::ir::{ClassType, Type, Unit};
use crate::program::reader::semantics::Kind;
use crate::rng::Rng;

/// The class a test builds for a collection or map type, by the type's binary name, and
/// whether it refuses null elements (or keys).
const CONCRETE: &[(&str, &str, bool)] = &[
    ("java.lang.Iterable", "java.util.ArrayList", false),
    ("java.util.Collection", "java.util.ArrayList", false),
    ("java.util.AbstractCollection", "java.util.ArrayList", false),
    ("java.util.List", "java.util.ArrayList", false),
    ("java.util.AbstractList", "java.util.ArrayList", false),
    ("java.util.ArrayList", "java.util.ArrayList", false),
    ("java.util.LinkedList", "java.util.LinkedList", false),
    ("java.util.Vector", "java.util.Vector", false),
    ("java.util.Set", "java.util.HashSet", false),
    ("java.util.AbstractSet", "java.util.HashSet", false),
    ("java.util.HashSet", "java.util.HashSet", false),
    ("java.util.LinkedHashSet", "java.util.LinkedHashSet", false),
    ("java.util.SortedSet", "java.util.TreeSet", true),
    ("java.util.NavigableSet", "java.util.TreeSet", true),
    ("java.util.TreeSet", "java.util.TreeSet", true),
    ("java.util.Queue", "java.util.ArrayDeque", true),
    ("java.util.Deque", "java.util.ArrayDeque", true),
    ("java.util.ArrayDeque", "java.util.ArrayDeque", true),
    ("java.util.PriorityQueue", "java.util.PriorityQueue", true),
    ("java.util.Map", "java.util.HashMap", false),
    ("java.util.AbstractMap", "java.util.HashMap", false),
    ("java.util.HashMap", "java.util.HashMap", false),
    ("java.util.LinkedHashMap", "java.util.LinkedHashMap", false),
    ("java.util.SortedMap", "java.util.TreeMap", true),
    ("java.util.NavigableMap", "java.util.TreeMap", true),
    ("java.util.TreeMap", "java.util.TreeMap", true),
];

/// Library classes a test builds by one of their public constructors.
const CONSTRUCTED: &[&str] = &[
    "java.lang.StringBuilder",
    "java.lang.StringBuffer",
    "java.math.BigInteger",
    "java.util.Random",
    "java.util.BitSet",
    "java.util.StringJoiner",
];

/// The most elements (or entries) a random collection has: small ones read best in a test.
const MOST_ITEMS: u64 = 6;

/// What a random value of library class `class` is: `Some` with the value when the class is
/// a box or a collection type roth fills (`element` draws a value of a type argument), `None`
/// when it is built by a constructor (see [`constructed`]) or not at all.
pub(super) fn library_value(
    unit: &Unit,
    class: &ClassType,
    rng: &mut Rng,
    element: &mut dyn FnMut(&Type, &mut Rng) -> Value,
) -> Option<Value> {
    if let Some(primitive) = unit.unboxed(class.id) {
        return Some(if rng.chance(1, 10) {
            Value::Null
        } else {
            element(&primitive, rng)
        });
    }
    let name = unit.binary_name(class.id);
    let &(_, concrete, no_nulls) = CONCRETE.iter().find(|(n, _, _)| *n == name)?;
    let Some(made) = library_class(unit, concrete) else {
        return Some(Value::Null);
    };
    if rng.chance(1, 10) {
        return Some(Value::Null);
    }
    let view = if concrete.ends_with("Map") {
        View::Map
    } else if concrete.ends_with("Set") {
        View::Set
    } else if matches!(
        concrete,
        "java.util.ArrayList" | "java.util.LinkedList" | "java.util.Vector"
    ) {
        View::List
    } else {
        View::Sequence
    };
    let arity = if view == View::Map { 2 } else { 1 };
    // A raw type's elements are small integers.
    let arguments: Vec<Type> = (0..arity)
        .map(|i| match class.args.get(i) {
            Some(t) if *t != Type::Object => t.clone(),
            _ => int_box(unit),
        })
        .collect();
    // Sorted collections and priority queues compare their elements: only boxes and strings,
    // which are comparable.
    let sorted = concrete.contains("Tree") || concrete.ends_with("PriorityQueue");
    if sorted && !comparable(unit, &arguments[0]) {
        return Some(Value::Null);
    }
    // Small integers half the time, as in arrays: searches and comparisons hit, and the
    // test reads well.
    let mut draw = |t: &Type, rng: &mut Rng| match t {
        Type::Class(c) if rng.chance(1, 2) => match unit.unboxed(c.id) {
            Some(p) if p.is_integral() && p != Type::Char => {
                Value::Prim(Kind::of(&p), rng.below(7) as i64 - 2)
            }
            _ => element(t, rng),
        },
        _ => element(t, rng),
    };
    let mut items = Vec::new();
    for _ in 0..rng.below(MOST_ITEMS + 1) {
        let entry: Vec<Value> = arguments.iter().map(|t| draw(t, rng)).collect();
        if no_nulls && entry[0] == Value::Null {
            continue;
        }
        items.extend(entry);
    }
    let Type::Class(class) = unit.class_type(made) else {
        unreachable!("a class type")
    };
    Some(Value::Content { class, view, items })
}

/// Whether a test may build library class `class` by a constructor.
pub(super) fn constructed(unit: &Unit, class: u32) -> bool {
    CONSTRUCTED.contains(&unit.binary_name(class).as_str())
}

/// The library class of `unit` with this binary name, when read.
fn library_class(unit: &Unit, name: &str) -> Option<u32> {
    (0..unit.classes.len() as u32).find(|&c| unit.is_library(c) && unit.binary_name(c) == name)
}

/// `Integer` as a type, or `int` when the box is not read (a raw collection's elements).
fn int_box(unit: &Unit) -> Type {
    library_class(unit, "java.lang.Integer").map_or(Type::Int, |c| unit.class_type(c))
}

fn comparable(unit: &Unit, t: &Type) -> bool {
    match t {
        Type::String => true,
        Type::Class(c) => unit.unboxed(c.id).is_some(),
        t => t.is_primitive(),
    }
}
