//! Random values of the JDK's own types for tests (the random patterns of Zhang 2021, ch. 5,
//! on ordinary Java units): a parameter typed `List<Integer>`, `Map<String, Integer>` or
//! `Deque<Character>` gets a small collection of one of the JDK's public classes with random
//! elements of its type arguments, a box gets its primitive value (given through `valueOf`,
//! as `javac` boxes it), and a few public classes are built by their constructors. Classes
//! of the model a test cannot name (`AbstractMap.KeyView`, roth's own helpers) are never
//! built: a test class must compile against the real JDK.

use crate::program::execution::collection_types::made_for;
use crate::program::execution::interp::Value;
use crate::program::reader::ir::{ClassType, Type, Unit};
use crate::program::reader::semantics::Kind;
use crate::rng::Rng;

/// Library classes a test builds by one of their public constructors.
const CONSTRUCTED: &[&str] = &[
    "java.lang.StringBuilder",
    "java.lang.StringBuffer",
    "java.math.BigInteger",
    "java.math.BigDecimal",
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
    let made = made_for(unit, class)?;
    let Some(made_class) = made.class else {
        return Some(Value::Null);
    };
    if rng.chance(1, 10) {
        return Some(Value::Null);
    }
    // Sorted collections and priority queues compare their elements: only boxes and strings,
    // which are comparable.
    if made.sorted && !comparable(unit, &made.items[0]) {
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
        let entry: Vec<Value> = made.items.iter().map(|t| draw(t, rng)).collect();
        if made.no_nulls && entry[0] == Value::Null {
            continue;
        }
        items.extend(entry);
    }
    Some(Value::Content {
        class: made_class,
        view: made.view,
        items,
    })
}

/// Whether a test may build library class `class` by a constructor.
pub(super) fn constructed(unit: &Unit, class: u32) -> bool {
    CONSTRUCTED.contains(&unit.binary_name(class).as_str())
}

fn comparable(unit: &Unit, t: &Type) -> bool {
    match t {
        Type::String => true,
        Type::Class(c) => unit.unboxed(c.id).is_some(),
        t => t.is_primitive(),
    }
}
