//! Which class of the JDK a collection or map of a given type is made as, when roth gives
//! one (a test's argument, `roth exec`'s literal `[1, 2]`), and how its contents are shown:
//! a parameter typed `List<Integer>` gets an `ArrayList`, `Deque<Character>` an `ArrayDeque`,
//! `Map<String, Integer>` a `HashMap` (the usual class a person would pass).

use crate::program::execution::interp::View;
use crate::program::reader::ir::{ClassType, Type, Unit};

/// The class made for a collection or map type, by the type's binary name, and whether it
/// refuses null elements (or keys).
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

/// How roth makes a value of a collection or map type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Made {
    /// The class made, as a type of the unit (read with it: `None` when it is not).
    pub(crate) class: Option<ClassType>,
    pub(crate) view: View,
    /// The types of an element (a key and a value for a map); a raw type's are `Integer`.
    pub(crate) items: Vec<Type>,
    /// Whether null elements (or keys) are refused.
    pub(crate) no_nulls: bool,
    /// Whether the elements (or keys) are compared (a sorted collection, a priority queue).
    pub(crate) sorted: bool,
}

/// How a value of type `class` is made, when it is a collection or a map type.
pub(crate) fn made_for(unit: &Unit, class: &ClassType) -> Option<Made> {
    let name = unit.binary_name(class.id);
    let &(_, concrete, no_nulls) = CONCRETE.iter().find(|(n, _, _)| *n == name)?;
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
    let items = (0..arity)
        .map(|i| match class.args.get(i) {
            Some(t) if *t != Type::Object => t.clone(),
            _ => int_box(unit),
        })
        .collect();
    let made = library_class(unit, concrete).and_then(|c| match unit.class_type(c) {
        Type::Class(c) => Some(c),
        _ => None,
    });
    Some(Made {
        class: made,
        view,
        items,
        no_nulls,
        sorted: concrete.contains("Tree") || concrete.ends_with("PriorityQueue"),
    })
}

/// The library class of `unit` with this binary name, when read.
pub(crate) fn library_class(unit: &Unit, name: &str) -> Option<u32> {
    (0..unit.classes.len() as u32).find(|&c| unit.is_library(c) && unit.binary_name(c) == name)
}

/// `Integer` as a type, or `int` when the box is not read (a raw collection's elements).
fn int_box(unit: &Unit) -> Type {
    library_class(unit, "java.lang.Integer").map_or(Type::Int, |c| unit.class_type(c))
}
