//! What a run's outcome shows of the collections, maps and string builders of roth's model
//! of the JDK (`src/program/jdk/`): not their fields (an `ArrayList`'s spare capacity and
//! `modCount`, a `HashMap`'s table) but what Java's `equals` compares, so two lists with
//! the same elements are the same output however they were built (the issue's "mutation
//! analysis compares collections by content"). A builder is its text, read from its
//! fields; a collection or a map is what roth's `ContentViews.view` gives, run on the
//! machine once the method under test has returned, before the outcome is read.

use hashbrown::HashMap;

use super::machine::{Machine, Object};
use super::outcome::View;
use crate::program::reader::ir::*;

/// Which classes have a view, and how it is made.
#[derive(Clone, Debug, Default)]
pub(super) struct Views {
    /// Per class, the view of its objects (`None`: shown by their fields).
    pub(super) kinds: Vec<Option<View>>,
    /// The function of `ContentViews.view(Object)`, when the model's collections are read.
    pub(super) function: Option<u32>,
    /// The function of `ContentViews.fill(Object, Object[])`, which builds the collections
    /// and maps tests give.
    pub(super) fill: Option<u32>,
    /// The slots of a builder's `value` and `count` fields.
    pub(super) text: Option<(u32, u32)>,
    /// Per class, whether it is a value class of the JDK shown by its `toString`
    /// (`BigInteger`, `BigDecimal`: a test sees the number, not its limbs or its unscaled
    /// value and scale), through `ContentViews.view`.
    pub(super) by_text: Vec<bool>,
}

impl Views {
    /// The views of `unit`'s classes, with `index` giving each method's function and
    /// `slot` each instance field's place in its objects.
    pub(super) fn new(
        unit: &Unit,
        index: &[Vec<Option<u32>>],
        slot: impl Fn(u32, usize) -> u32,
    ) -> Views {
        let model = |name: &str| {
            (0..unit.classes.len() as u32)
                .find(|&c| unit.is_library(c) && unit.binary_name(c) == name)
        };
        let builder = model("java.lang.AbstractStringBuilder");
        let big_integer = model("java.math.BigInteger");
        let big_decimal = model("java.math.BigDecimal");
        let by_text = |c: u32| big_integer == Some(c) || big_decimal == Some(c);
        let collection = model("java.util.Collection");
        let set = model("java.util.Set");
        let list = model("java.util.List");
        let map = model("java.util.Map");
        let kinds = (0..unit.classes.len() as u32)
            .map(|c| {
                let is =
                    |k: Option<u32>| k.is_some_and(|k| k == c || unit.ancestors(c).contains(&k));
                if is(builder) || by_text(c) {
                    Some(View::Text)
                } else if is(map) {
                    Some(View::Map)
                } else if is(set) {
                    Some(View::Set)
                } else if is(list) {
                    Some(View::List)
                } else if is(collection) {
                    Some(View::Sequence)
                } else {
                    None
                }
            })
            .collect();
        let helper = |name: &str| {
            model("java.util.ContentViews").and_then(|c| {
                let m = unit.classes[c as usize]
                    .methods
                    .iter()
                    .position(|m| m.name == name)?;
                index[c as usize][m]
            })
        };
        let function = helper("view");
        let fill = helper("fill");
        let text = builder.and_then(|c| {
            let fields = &unit.classes[c as usize].fields;
            let at = |name: &str| fields.iter().position(|f| f.name == name);
            Some((slot(c, at("value")?), slot(c, at("count")?)))
        });
        let by_text = (0..unit.classes.len() as u32).map(by_text).collect();
        Views {
            kinds,
            function,
            fill,
            text,
            by_text,
        }
    }
}

impl Machine<'_> {
    /// Runs `ContentViews.view` on every collection and map reachable from `roots` (words
    /// with their static types), through fields, array elements and the views themselves,
    /// each with a fresh step budget; an object whose view cannot be made (its own code
    /// throws) is shown by its fields.
    pub(super) fn prepare_views(&mut self, roots: &[(i64, Type)]) {
        let Some(function) = self.program.views.function else {
            return;
        };
        let mut seen: HashMap<i64, ()> = HashMap::new();
        let mut work: Vec<(i64, Type)> = roots
            .iter()
            .filter(|(_, t)| t.is_reference())
            .cloned()
            .collect();
        while let Some((handle, ty)) = work.pop() {
            if handle <= 0 || seen.insert(handle, ()).is_some() {
                continue;
            }
            match &self.heap[handle as usize - 1] {
                Object::Str(_) => {}
                // The elements of an array are followed by its static type (an array seen
                // as an `Object` is not: its elements may be primitives).
                Object::Array { data, .. } => {
                    if let Some(element) = ty.element().filter(|e| e.is_reference()) {
                        work.extend(data.iter().map(|&w| (w, element.clone())));
                    }
                }
                Object::Instance { class, fields } => {
                    let class = *class as usize;
                    let view = self.program.views.kinds[class];
                    if matches!(
                        view,
                        Some(View::List | View::Sequence | View::Set | View::Map)
                    ) || self.program.views.by_text[class]
                    {
                        if let Some(array) = self.run_view(function, handle) {
                            self.views.insert(handle, array);
                            work.push((array, Type::array_of(Type::Object)));
                        }
                        continue;
                    }
                    let program = self.program;
                    for (&slot, &word) in program.layouts[class].iter().zip(fields) {
                        let ty = &program.fields[slot as usize].ty;
                        if ty.is_reference() {
                            work.push((word, ty.clone()));
                        }
                    }
                }
            }
        }
    }

    /// The view of one object: the array `ContentViews.view` returns, if it returns.
    fn run_view(&mut self, function: u32, handle: i64) -> Option<i64> {
        self.with_fresh_steps(|machine| machine.execute(function, &[handle]).ok())
    }
}
