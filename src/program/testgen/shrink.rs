//! Shrinking generated tests toward simple values (issue 48), after compaction: the search
//! keeps whatever value it found (`long amount = 4507125525854579314L;` where `amount = 1`
//! kills the same mutants), and a person reads simple ones. Each value of a test (an
//! argument, a field set by reflection, the receiver's constructor arguments and setup calls,
//! the items of arrays and the arguments of objects inside them) is tried, in turn, against
//! simpler candidates: 0, 1, small magnitudes, short strings, the method's own constants and
//! their neighbours, fewer items, fewer setup calls. The simplest candidate on which the test
//! still kills every mutant it was kept for replaces the value, as delta debugging and
//! QuickCheck's shrinking do.
//!
//! Deterministic (candidates in a fixed order, no randomness) and bounded: at most
//! [`CANDIDATES_PER_TEST`] candidates are run per test.

use std::sync::Arc;

use crate::program::execution::analysis::TestCase;
use crate::program::execution::interp::Value;
use crate::program::reader::semantics::{Kind, bits_f32, bits_f64, f32_of, f64_of};
use crate::program::testgen::inputs::Pool;

/// The most candidates a test's shrinking runs.
pub const CANDIDATES_PER_TEST: usize = 160;

/// The most candidates tried for one value at a time.
const CANDIDATES_PER_VALUE: usize = 16;

/// How many times the values of a test are gone over (a value may get simpler once another
/// has: a length and the index it bounds).
const ROUNDS: usize = 2;

/// Where a value sits in a test.
#[derive(Clone, Debug)]
enum Place {
    Arg(usize),
    Field(usize),
    /// An argument of the receiver's constructor.
    Built(usize),
    /// Argument `1` of the receiver's setup call `0`.
    CallArg(usize, usize),
}

/// Shrinks `test` toward simpler values while `keeps` says a candidate kills what the test
/// was kept for. `pool` holds the method's constants. Returns whether anything got simpler.
pub fn shrink(test: &mut TestCase, pool: &Pool, keeps: &mut dyn FnMut(&TestCase) -> bool) -> bool {
    let mut spent = 0;
    let mut simplified = false;
    for _ in 0..ROUNDS {
        let mut changed = false;
        // Fewer setup calls first: each dropped call is a line less to read.
        let mut c = test.receiver.as_ref().map_or(0, |r| r.calls.len());
        while c > 0 && spent < CANDIDATES_PER_TEST {
            c -= 1;
            let mut candidate = test.clone();
            if let Some(r) = candidate.receiver.as_mut() {
                r.calls.remove(c);
            }
            spent += 1;
            if keeps(&candidate) {
                *test = candidate;
                changed = true;
            }
        }
        // Fields set by reflection left as the receiver's construction made them.
        let mut f = test.fields.len();
        while f > 0 && spent < CANDIDATES_PER_TEST {
            f -= 1;
            let mut candidate = test.clone();
            candidate.fields.remove(f);
            spent += 1;
            if keeps(&candidate) {
                *test = candidate;
                changed = true;
            }
        }
        for place in places(test) {
            if spent >= CANDIDATES_PER_TEST {
                break;
            }
            let current = value_at(test, &place).clone();
            let mut candidates = simpler(&current, pool);
            candidates.truncate(CANDIDATES_PER_VALUE);
            // The simplest candidate that keeps the kills (candidates come simplest first).
            for v in candidates {
                if spent >= CANDIDATES_PER_TEST {
                    break;
                }
                spent += 1;
                let mut candidate = test.clone();
                *value_at_mut(&mut candidate, &place) = v;
                if keeps(&candidate) {
                    *test = candidate;
                    changed = true;
                    break;
                }
            }
        }
        simplified |= changed;
        if !changed {
            break;
        }
    }
    simplified
}

/// The places of `test`'s values, in the order a reader meets them.
fn places(test: &TestCase) -> Vec<Place> {
    let mut out = Vec::new();
    if let Some(r) = &test.receiver {
        if let Value::New { args, .. } = &r.built {
            out.extend((0..args.len()).map(Place::Built));
        }
        for (c, (_, args)) in r.calls.iter().enumerate() {
            out.extend((0..args.len()).map(|i| Place::CallArg(c, i)));
        }
    }
    out.extend((0..test.fields.len()).map(Place::Field));
    out.extend((0..test.args.len()).map(Place::Arg));
    out
}

fn value_at<'t>(test: &'t TestCase, place: &Place) -> &'t Value {
    let r = test.receiver.as_ref();
    match *place {
        Place::Arg(i) => &test.args[i],
        Place::Field(i) => &test.fields[i].1,
        Place::Built(i) => match r.map(|r| &r.built) {
            Some(Value::New { args, .. }) => &args[i],
            _ => unreachable!("a place of the test"),
        },
        Place::CallArg(c, i) => &r.expect("a receiver").calls[c].1[i],
    }
}

fn value_at_mut<'t>(test: &'t mut TestCase, place: &Place) -> &'t mut Value {
    let r = test.receiver.as_mut();
    match *place {
        Place::Arg(i) => &mut test.args[i],
        Place::Field(i) => &mut test.fields[i].1,
        Place::Built(i) => match r.map(|r| &mut r.built) {
            Some(Value::New { args, .. }) => &mut args[i],
            _ => unreachable!("a place of the test"),
        },
        Place::CallArg(c, i) => &mut r.expect("a receiver").calls[c].1[i],
    }
}

/// How complex a value reads, for ordering candidates: 0 for `0`, `false`, `""`, `null`;
/// more digits, a sign, more characters or items read as more.
pub fn complexity(v: &Value) -> u64 {
    match v {
        Value::Null | Value::Enum { .. } | Value::Seen(_) => 0,
        Value::Prim(Kind::Boolean, _) => 0,
        Value::Prim(Kind::Char, c) => char_rank(*c as u32),
        Value::Prim(Kind::Double, bits) => double_complexity(f64_of(*bits)),
        Value::Prim(Kind::Float, bits) => double_complexity(f64::from(f32_of(*bits))),
        Value::Prim(_, n) => integer_complexity(*n),
        Value::Str(s) => 10 * s.len() as u64 + s.iter().filter(|&&c| !is_plain(c)).count() as u64,
        Value::Array(_, items) => {
            10 + 10 * items.len() as u64 + items.iter().map(complexity).sum::<u64>()
        }
        Value::New { args, .. } => 10 + args.iter().map(complexity).sum::<u64>(),
        Value::Content { items, .. } => {
            10 + 10 * items.len() as u64 + items.iter().map(complexity).sum::<u64>()
        }
        Value::Object { fields, .. } => 10 + fields.iter().map(|(_, v)| complexity(v)).sum::<u64>(),
    }
}

fn integer_complexity(n: i64) -> u64 {
    if n == 0 {
        return 0;
    }
    // Fewer digits first, then a smaller leading digit (429 reads simpler than 858).
    let text = n.unsigned_abs().to_string();
    let leading = u64::from(text.as_bytes()[0] - b'0');
    10 * text.len() as u64 + leading + if n < 0 { 5 } else { 0 }
}

fn double_complexity(d: f64) -> u64 {
    if d == 0.0 && d.is_sign_positive() {
        return 0;
    }
    if !d.is_finite() {
        return 1_000;
    }
    let text = format!("{}", d.abs());
    10 * text.len() as u64 + if d.is_sign_negative() { 5 } else { 0 }
}

/// Lower-case letters read simplest, then digits, a space, capitals, then the rest.
fn char_rank(c: u32) -> u64 {
    const ORDER: &str = "abcdefghijklmnopqrstuvwxyz0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    match char::from_u32(c).and_then(|ch| ORDER.find(ch)) {
        Some(k) => k as u64,
        None => 100 + u64::from(c),
    }
}

fn is_plain(c: u16) -> bool {
    (u16::from(b'a')..=u16::from(b'z')).contains(&c)
}

/// Simpler values than `v` of its own type, simplest first.
fn simpler(v: &Value, pool: &Pool) -> Vec<Value> {
    let own = complexity(v);
    let mut out: Vec<Value> = match v {
        Value::Prim(Kind::Boolean, _) | Value::Null | Value::Enum { .. } | Value::Seen(_) => {
            Vec::new()
        }
        Value::Prim(Kind::Char, c) => "abc01 A"
            .chars()
            .map(|ch| ch as i64)
            .chain(pool.integers().iter().copied())
            .filter(|&x| (0..=0xffff).contains(&x) && x != *c)
            .map(|x| Value::Prim(Kind::Char, x))
            .collect(),
        Value::Prim(kind @ (Kind::Double | Kind::Float), bits) => {
            let d = if *kind == Kind::Double {
                f64_of(*bits)
            } else {
                f64::from(f32_of(*bits))
            };
            [
                0.0,
                1.0,
                -1.0,
                0.5,
                2.0,
                10.0,
                d.trunc(),
                (d * 10.0).round() / 10.0,
            ]
            .into_iter()
            .chain(pool.doubles().iter().copied())
            .filter(|x| x.is_finite())
            .map(|x| match kind {
                Kind::Double => Value::Prim(Kind::Double, bits_f64(x)),
                _ => Value::Prim(Kind::Float, bits_f32(x as f32)),
            })
            .collect()
        }
        Value::Prim(kind, n) => {
            let (lo, hi) = kind_range(*kind);
            [0, 1, -1, 2, 3, 5, 10, 100, n / 2, n / 10, n / 100]
                .into_iter()
                .chain(pool.integers().iter().copied())
                .filter(|x| (lo..=hi).contains(x))
                .map(|x| Value::Prim(*kind, x))
                .collect()
        }
        Value::Str(s) => {
            let text = |t: &[u16]| Value::Str(Arc::from(t));
            let mut out = vec![text(&[]), text(&[u16::from(b'a')])];
            out.extend(pool.strings().iter().map(|p| Value::Str(p.clone())));
            if !s.is_empty() {
                out.push(text(&s[..s.len() / 2]));
                out.push(text(&s[..s.len() - 1]));
                out.push(text(&s[1..]));
                // The same length in plain letters.
                let plain: Vec<u16> = s
                    .iter()
                    .map(|&c| if is_plain(c) { c } else { u16::from(b'a') })
                    .collect();
                out.push(text(&plain));
            }
            out
        }
        Value::Array(element, items) => {
            let array = |items: Vec<Value>| Value::Array(element.clone(), items);
            let mut out = vec![array(Vec::new())];
            if !items.is_empty() {
                out.push(array(items[..items.len() / 2].to_vec()));
                out.push(array(items[..items.len() - 1].to_vec()));
                out.push(array(items[1..].to_vec()));
                // Each item at its simplest.
                for (i, item) in items.iter().enumerate() {
                    if let Some(s) = simplest(item, pool) {
                        let mut next = items.clone();
                        next[i] = s;
                        out.push(array(next));
                    }
                }
            }
            out
        }
        Value::New {
            class,
            constructor,
            args,
        } => (0..args.len())
            .filter_map(|i| {
                let s = simplest(&args[i], pool)?;
                let mut next = args.clone();
                next[i] = s;
                Some(Value::New {
                    class: class.clone(),
                    constructor: *constructor,
                    args: next,
                })
            })
            .collect(),
        Value::Content { class, view, items } => {
            let unit = if *view == crate::program::execution::interp::View::Map {
                2
            } else {
                1
            };
            let content = |items: Vec<Value>| Value::Content {
                class: class.clone(),
                view: *view,
                items,
            };
            let mut out = vec![content(Vec::new())];
            let n = items.len() / unit;
            if n > 0 {
                out.push(content(items[..n / 2 * unit].to_vec()));
                out.push(content(items[..(n - 1) * unit].to_vec()));
                out.push(content(items[unit..].to_vec()));
            }
            out
        }
        Value::Object { .. } => Vec::new(),
    };
    out.retain(|c| complexity(c) < own);
    // Simplest first; equal ones in the order listed (stable), each once.
    out.sort_by_key(complexity);
    let mut seen: Vec<Value> = Vec::new();
    out.retain(|c| {
        if seen.iter().any(|s| s.same(c)) {
            false
        } else {
            seen.push(c.clone());
            true
        }
    });
    out
}

/// The simplest of [`simpler`]'s candidates for `v`, if any.
fn simplest(v: &Value, pool: &Pool) -> Option<Value> {
    simpler(v, pool).into_iter().next()
}

fn kind_range(kind: Kind) -> (i64, i64) {
    match kind {
        Kind::Byte => (i64::from(i8::MIN), i64::from(i8::MAX)),
        Kind::Short => (i64::from(i16::MIN), i64::from(i16::MAX)),
        Kind::Int => (i64::from(i32::MIN), i64::from(i32::MAX)),
        _ => (i64::MIN, i64::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(n: i64) -> Value {
        Value::Prim(Kind::Int, n)
    }

    fn test_of(args: Vec<Value>) -> TestCase {
        TestCase {
            name: String::new(),
            class: 0,
            method: 0,
            args,
            fields: Vec::new(),
            receiver: None,
        }
    }

    /// With a known answer (the test kills its mutants while `a > 100` and the string is
    /// not empty), shrinking finds the boundary's simplest side and never accepts a test
    /// that loses a kill.
    #[test]
    fn shrinking_finds_the_simplest_values_that_keep_the_kills() {
        let text = |s: &str| Value::Str(Arc::from(s.encode_utf16().collect::<Vec<u16>>()));
        let mut t = test_of(vec![int(-2_100_316_541), int(858), text("zq\u{e9}Ab")]);
        let kills = |t: &TestCase| {
            matches!(t.args[1], Value::Prim(_, n) if n > 100)
                && matches!(&t.args[2], Value::Str(s) if !s.is_empty())
        };
        let mut asked = 0;
        let mut keeps = |t: &TestCase| {
            asked += 1;
            kills(t)
        };
        assert!(shrink(&mut t, &Pool::default(), &mut keeps));
        assert!(kills(&t), "a shrunk test keeps its kills");
        assert_eq!(t.args[0], int(0));
        // 858 / 2 / 2: the simplest candidate above 100 in each of the two rounds.
        assert_eq!(t.args[1], int(214));
        assert_eq!(t.args[2], text("a"));
        assert!(asked <= CANDIDATES_PER_TEST, "{asked}");
    }

    /// A test whose every candidate loses a kill is left as it is.
    #[test]
    fn a_test_no_candidate_keeps_is_unchanged() {
        let mut t = test_of(vec![int(7), Value::Array(Type::Int, vec![int(3), int(4)])]);
        let before = t.clone();
        assert!(!shrink(&mut t, &Pool::default(), &mut |_: &TestCase| false));
        assert!(t.same_call(&before));
    }

    use crate::program::reader::ir::Type;

    /// Candidates are simpler than the value they replace, and the same kind.
    #[test]
    fn candidates_are_simpler_and_of_the_same_kind() {
        for v in [
            int(-595),
            Value::Prim(Kind::Long, 4_507_125_525_854_579_314),
            Value::Prim(Kind::Double, bits_f64(3.25)),
            Value::Prim(Kind::Char, 0x3bb),
            Value::Array(Type::Int, vec![int(9), int(-8)]),
        ] {
            for c in simpler(&v, &Pool::default()) {
                assert!(complexity(&c) < complexity(&v), "{c:?} for {v:?}");
                assert_eq!(
                    std::mem::discriminant(&c),
                    std::mem::discriminant(&v),
                    "{c:?}"
                );
            }
        }
    }
}
