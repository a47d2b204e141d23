//! Names of generated tests, read by people (issue 48; the complaint about EvoSuite's and
//! Randoop's tests is that they read as random): the method under test and what the
//! original does on the test, `cost_returns4939`, `withdraw_throwsIllegalArgumentException`,
//! `tryWithdraw_returnsShortBy4`, numbered only to tell equal names apart
//! (`cost_returns0_2`).

use crate::program::execution::interp::{Outcome, Termination, Value, View};
use crate::program::reader::ir::Unit;
use crate::program::reader::semantics::{Kind, f32_of, f64_of};

/// The most words of a returned string a name spells.
const STRING_WORDS: usize = 3;

/// The longest name part a returned value gives (a long string or number is cut).
const VALUE_CHARACTERS: usize = 24;

/// The name of a test of `unit`'s method `method` of `class` on which the original ends as
/// `outcome`: the method, then what it does.
pub fn test_name(unit: &Unit, class: u32, method: u32, outcome: &Outcome) -> String {
    let m = &unit.classes[class as usize].methods[method as usize];
    let base = if m.is_constructor {
        format!("new{}", identifier(&unit.classes[class as usize].name))
    } else {
        identifier(&m.name)
    };
    let what = match &outcome.termination {
        Termination::Throw(exception) => {
            let simple = exception.rsplit(['.', '$']).next().unwrap_or(exception);
            format!("throws{}", identifier(simple))
        }
        Termination::Return(Some(v)) => format!("returns{}", value_words(unit, v)),
        Termination::Return(None) => return base,
        Termination::Timeout => "loops".into(),
        Termination::Unrepeatable(_) => "unrepeatable".into(),
    };
    format!("{base}_{what}")
}

/// Names made unique in order: a name met again gets `_2`, `_3`, ... (the first keeps its
/// own), so equal outcomes are told apart and nothing else is numbered.
pub fn unique(names: Vec<String>) -> Vec<String> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut taken: std::collections::HashSet<String> = names.iter().cloned().collect();
    names
        .into_iter()
        .map(|name| {
            let count = seen.entry(name.clone()).or_insert(0);
            *count += 1;
            if *count == 1 {
                return name;
            }
            // `x_2` may itself be a name of the list: the next free number.
            let mut k = *count;
            loop {
                let candidate = format!("{name}_{k}");
                if taken.insert(candidate.clone()) {
                    return candidate;
                }
                k += 1;
            }
        })
        .collect()
}

/// The JUnit method names of `tests`, in order: each test's name as an identifier, equal
/// ones numbered apart (the names [`test_name`] gives pass through unchanged).
pub fn method_names<'t>(tests: impl IntoIterator<Item = &'t str>) -> Vec<String> {
    unique(tests.into_iter().map(identifier).collect())
}

/// A value as words of a name: `4939`, `Minus3`, `True`, `2_5`, `ShortBy4`, `EmptyString`,
/// `Null`, `List`, `Point`.
fn value_words(unit: &Unit, v: &Value) -> String {
    let words = match v {
        Value::Null => "Null".into(),
        Value::Prim(Kind::Boolean, b) => (if *b != 0 { "True" } else { "False" }).into(),
        Value::Prim(Kind::Char, c) => match char::from_u32(*c as u32) {
            Some(ch) if ch.is_ascii_alphanumeric() => format!("Char{ch}"),
            _ => format!("Char{c}"),
        },
        Value::Prim(Kind::Double, bits) => number(f64_of(*bits)),
        Value::Prim(Kind::Float, bits) => number(f64::from(f32_of(*bits))),
        Value::Prim(_, n) if *n < 0 => format!("Minus{}", n.unsigned_abs()),
        Value::Prim(_, n) => n.to_string(),
        Value::Str(s) => string_words(&crate::program::reader::text::from_utf16(s)),
        Value::Array(_, items) if items.is_empty() => "EmptyArray".into(),
        Value::Array(..) => "Array".into(),
        Value::Content { view, items, .. } => {
            let kind = match view {
                View::Text => "Text",
                View::List => "List",
                View::Sequence => "Queue",
                View::Set => "Set",
                View::Map => "Map",
            };
            match (view, items.first()) {
                (View::Text, Some(Value::Str(s))) if s.is_empty() => "EmptyText".into(),
                (View::Text, _) => kind.into(),
                (_, None) => format!("Empty{kind}"),
                _ => kind.into(),
            }
        }
        Value::Object { class, .. } | Value::New { class, .. } => {
            identifier(&unit.classes[class.id as usize].name)
        }
        Value::Enum { name, .. } => identifier(name),
        Value::Seen(_) => "Object".into(),
    };
    words.chars().take(VALUE_CHARACTERS).collect()
}

/// A double as a name's words: `2`, `2_5`, `Minus0_5`, `NaN`, `Infinity`.
fn number(d: f64) -> String {
    if d.is_nan() {
        return "NaN".into();
    }
    let sign = if d.is_sign_negative() { "Minus" } else { "" };
    if d.is_infinite() {
        return format!("{sign}Infinity");
    }
    let text = format!("{}", d.abs());
    format!(
        "{sign}{}",
        text.replace(['.', '+'], "_").replace('-', "Minus")
    )
}

/// The first few words of a string, capitalised and joined (`"short by 4"` gives
/// `ShortBy4`): `EmptyString` for `""`, `Text` for a string with no ASCII letter or digit.
fn string_words(s: &str) -> String {
    if s.is_empty() {
        return "EmptyString".into();
    }
    let words: Vec<String> = s
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(STRING_WORDS)
        .map(|w| {
            let mut chars = w.chars();
            let first = chars.next().expect("not empty").to_ascii_uppercase();
            std::iter::once(first).chain(chars).collect()
        })
        .collect();
    if words.is_empty() {
        "Text".into()
    } else {
        words.concat()
    }
}

/// `name` with only ASCII letters, digits and `_` (a Java method name anywhere).
fn identifier(name: &str) -> String {
    let kept: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if kept.is_empty() {
        "value".into()
    } else {
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn outcome(termination: Termination) -> Outcome {
        Outcome {
            termination,
            printed: String::new(),
            fields: Vec::new(),
            args: Vec::new(),
        }
    }

    /// Names say the method and the outcome, in words a Java method name holds.
    #[test]
    fn names_say_the_method_and_what_it_does() {
        let source = "class Shop {\n    Shop(int n) { if (n < 0) throw new IllegalArgumentException(); }\n    \
                      int cost(int w) { return w; }\n    String note(int w) { return \"short by \" + w; }\n    \
                      void clear() { }\n    double rate() { return 2.5; }\n}\n";
        let unit = crate::program::load("Shop.java", source).expect("loads");
        let method = |name: &str| {
            unit.classes[0]
                .methods
                .iter()
                .position(|m| m.name == name)
                .expect("declared") as u32
        };
        let int = |n: i64| Value::Prim(Kind::Int, n);
        let name = |m: &str, t: Termination| test_name(&unit, 0, method(m), &outcome(t));
        assert_eq!(
            name("cost", Termination::Return(Some(int(4939)))),
            "cost_returns4939"
        );
        assert_eq!(
            name("cost", Termination::Return(Some(int(-3)))),
            "cost_returnsMinus3"
        );
        let text = |s: &str| Value::Str(Arc::from(s.encode_utf16().collect::<Vec<u16>>()));
        assert_eq!(
            name("note", Termination::Return(Some(text("short by 4")))),
            "note_returnsShortBy4"
        );
        assert_eq!(
            name("note", Termination::Return(Some(text("")))),
            "note_returnsEmptyString"
        );
        assert_eq!(
            name(
                "rate",
                Termination::Return(Some(Value::Prim(Kind::Double, 2.5f64.to_bits() as i64)))
            ),
            "rate_returns2_5"
        );
        assert_eq!(name("clear", Termination::Return(None)), "clear");
        assert_eq!(
            name(
                "Shop",
                Termination::Throw("java.lang.IllegalArgumentException".into())
            ),
            "newShop_throwsIllegalArgumentException"
        );
    }

    /// Only equal names are numbered, and a number never lands on another test's name.
    #[test]
    fn equal_names_are_numbered_apart() {
        let names = [
            "a_returns0",
            "a_returns0",
            "b",
            "a_returns0_2",
            "a_returns0",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            unique(names),
            [
                "a_returns0",
                "a_returns0_3",
                "b",
                "a_returns0_2",
                "a_returns0_4"
            ]
        );
    }
}
