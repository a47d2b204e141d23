//! roth's JSON test format, read by `roth score` and written by `roth testgen` (its report's
//! `tests`):
//!
//! ```json
//! {
//!   "tests": [
//!     {"name": "equilateral", "method": "classify", "args": [3, 3, 3]},
//!     {"method": "sort", "args": [[3, 1, 2]], "this": {"comparisons": 0}}
//!   ]
//! }
//! ```
//!
//! `method` is found like `--method` (`name`, `Class.name`, `name(int, int)`); `args` hold one
//! JSON value per parameter, read against its type: numbers for the numeric types (`"NaN"`,
//! `"Infinity"`, `"-Infinity"`, `"-0.0"` as strings for doubles and floats), `true`/`false`,
//! a one-character string (or a code) for `char`, strings or `null` for `String`, arrays for
//! arrays. `receiver` builds an instance method's receiver as a test's setup does: a
//! constructor call and calls on the object (`{"new": "Account", "constructor": 0, "args":
//! ["ann", 5], "calls": [{"method": "deposit(long)", "args": [3]}]}`; without it, `new C()`).
//! `this` then sets fields of the receiver before the method runs.

use std::sync::Arc;

use crate::program::execution::analysis::TestCase;
use crate::program::execution::interp::{Receiver, Value, View};
use crate::program::execution::literal;
use crate::program::reader::ir::{ClassType, Type, Unit};
use crate::program::reader::semantics::{Kind, bits_f32, bits_f64, f32_of, f64_of};
use crate::program::reader::text;

/// Reads a JSON test file against the methods of `unit`.
pub fn read_tests(unit: &Unit, json: &str) -> Result<Vec<TestCase>, String> {
    let doc: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| format!("line {}, column {}: {e}", e.line(), e.column()))?;
    let tests = doc
        .get("tests")
        .and_then(|t| t.as_array())
        .ok_or("expected an object with a \"tests\" array")?;
    let mut out = Vec::new();
    for (k, t) in tests.iter().enumerate() {
        let at = |what: String| format!("tests[{k}]: {what}");
        let method = t
            .get("method")
            .and_then(|m| m.as_str())
            .ok_or_else(|| at("expected \"method\": \"name\"".into()))?;
        let (class, m) = unit.find_method(method).map_err(at)?;
        let signature = unit.method(class, m);
        let args = match t.get("args") {
            None => Vec::new(),
            Some(serde_json::Value::Array(a)) => a.clone(),
            Some(_) => return Err(at("\"args\" must be an array".into())),
        };
        if args.len() != signature.params.len() {
            return Err(at(format!(
                "{} takes {} argument(s), {} given",
                signature.signature(),
                signature.params.len(),
                args.len()
            )));
        }
        let mut values = Vec::new();
        for (i, (a, ty)) in args.iter().zip(&signature.params).enumerate() {
            values.push(from_json(unit, a, ty).map_err(|e| at(format!("args[{i}]: {e}")))?);
        }
        let mut fields = Vec::new();
        if let Some(this) = t.get("this") {
            let map = this
                .as_object()
                .ok_or_else(|| at("\"this\" must be an object".into()))?;
            let c = &unit.classes[class as usize];
            for (name, v) in map {
                let f = c
                    .fields
                    .iter()
                    .find(|f| &f.name == name)
                    .ok_or_else(|| at(format!("class {} has no field {name}", c.name)))?;
                fields.push((
                    name.clone(),
                    from_json(unit, v, &f.ty).map_err(|e| at(format!("this.{name}: {e}")))?,
                ));
            }
        }
        let receiver = match t.get("receiver") {
            None | Some(serde_json::Value::Null) => None,
            Some(r) => {
                Some(receiver_from_json(unit, class, r).map_err(|e| at(format!("receiver: {e}")))?)
            }
        };
        if receiver.is_some() && (signature.is_static || signature.is_constructor) {
            return Err(at(format!(
                "{} has no receiver to build",
                signature.signature()
            )));
        }
        let name = t
            .get("name")
            .and_then(|n| n.as_str())
            .map(String::from)
            .unwrap_or_else(|| format!("test {}", k + 1));
        out.push(TestCase {
            name,
            class,
            method: m,
            args: values,
            fields,
            receiver,
        });
    }
    Ok(out)
}

/// `tests` in the same format (the `"tests"` array; each method named with its class and
/// parameter types, so overloads read back to the same method).
pub fn tests_to_json(unit: &Unit, tests: &[TestCase]) -> Vec<serde_json::Value> {
    tests
        .iter()
        .map(|t| {
            let class = &unit.classes[t.class as usize];
            let method = &class.methods[t.method as usize];
            let mut o = serde_json::Map::new();
            o.insert("name".into(), t.name.clone().into());
            o.insert(
                "method".into(),
                format!("{}.{}", class.name, method.signature()).into(),
            );
            o.insert("args".into(), t.args.iter().map(to_json).collect());
            if let Some(r) = &t.receiver {
                let mut built = to_json(&r.built);
                let calls: Vec<serde_json::Value> = r
                    .calls
                    .iter()
                    .map(|(k, args)| {
                        serde_json::json!({
                            "method": class.methods[*k as usize].signature(),
                            "args": args.iter().map(to_json).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                if !calls.is_empty() {
                    built["calls"] = calls.into();
                }
                o.insert("receiver".into(), built);
            }
            if !t.fields.is_empty() {
                let this: serde_json::Map<String, serde_json::Value> = t
                    .fields
                    .iter()
                    .map(|(name, v)| (name.clone(), to_json(v)))
                    .collect();
                o.insert("this".into(), this.into());
            }
            serde_json::Value::Object(o)
        })
        .collect()
}

/// A receiver of `unit`'s class `class` as [`tests_to_json`] writes it: a constructor call
/// with `calls` of the class's instance methods, each named by its signature (`deposit(long)`)
/// or its name alone where that is one method.
fn receiver_from_json(unit: &Unit, class: u32, v: &serde_json::Value) -> Result<Receiver, String> {
    let o = v
        .as_object()
        .ok_or("expected {\"new\": class, \"args\": [...], \"calls\": [...]}")?;
    let built = object_from_json(unit, o, &unit.class_type(class))?;
    if !matches!(&built, Value::New { class: c, .. } if c.id == class) {
        return Err(format!(
            "expected a constructor call of {}",
            unit.source_name(class)
        ));
    }
    let info = &unit.classes[class as usize];
    let mut calls = Vec::new();
    let listed = match o.get("calls") {
        None => Vec::new(),
        Some(serde_json::Value::Array(a)) => a.clone(),
        Some(_) => return Err("\"calls\" must be an array".into()),
    };
    for (i, call) in listed.iter().enumerate() {
        let at = |e: String| format!("calls[{i}]: {e}");
        let name = call
            .get("method")
            .and_then(|m| m.as_str())
            .ok_or_else(|| at("expected \"method\": \"name(types)\"".into()))?;
        let matching: Vec<usize> = (0..info.methods.len())
            .filter(|&k| {
                let m = &info.methods[k];
                !m.is_static
                    && !m.is_constructor
                    && m.lambda.is_none()
                    && (m.signature() == name || m.name == name)
            })
            .collect();
        let k = match matching.as_slice() {
            [k] => *k,
            [] => return Err(at(format!("{} has no instance method {name}", info.name))),
            _ => match matching
                .iter()
                .find(|&&k| info.methods[k].signature() == name)
            {
                Some(&k) => k,
                None => {
                    return Err(at(format!(
                        "{name} is overloaded: give its parameter types"
                    )));
                }
            },
        };
        let params = &info.methods[k].params;
        let args = match call.get("args") {
            None => Vec::new(),
            Some(serde_json::Value::Array(a)) => a.clone(),
            Some(_) => return Err(at("\"args\" must be an array".into())),
        };
        if args.len() != params.len() {
            return Err(at(format!(
                "{} takes {} argument(s), {} given",
                info.methods[k].signature(),
                params.len(),
                args.len()
            )));
        }
        let values = args
            .iter()
            .zip(params)
            .enumerate()
            .map(|(j, (a, t))| from_json(unit, a, t).map_err(|e| at(format!("args[{j}]: {e}"))))
            .collect::<Result<_, _>>()?;
        calls.push((k as u32, values));
    }
    Ok(Receiver { built, calls })
}

/// A JSON value read as a value of `ty`; objects of `unit`'s classes as written by
/// [`to_json`] (`{"new": "Point", "constructor": 0, "args": [1, 2]}`, `{"enum": "Coin",
/// "name": "DIME"}`) or as a Java expression in a string (`"new Point(1, 2)"`).
pub(crate) fn from_json(unit: &Unit, v: &serde_json::Value, ty: &Type) -> Result<Value, String> {
    use serde_json::Value as J;
    if let Type::Variable(variable) = ty {
        return from_json(unit, v, &variable.erasure);
    }
    let integral = |v: &J, ty: &Type| -> Result<i64, String> {
        let n = v
            .as_i64()
            .ok_or_else(|| format!("expected an integer for {ty}, got {v}"))?;
        let (lo, hi) = ty.jtype().expect("integral").range();
        if n < lo || n > hi {
            return Err(format!("{n} is out of range for {ty}"));
        }
        Ok(n)
    };
    let floating = |v: &J| -> Result<f64, String> {
        match v {
            J::Number(n) => n.as_f64().ok_or_else(|| format!("{n} is not a number")),
            J::String(s) => match s.as_str() {
                "NaN" => Ok(f64::NAN),
                "Infinity" => Ok(f64::INFINITY),
                "-Infinity" => Ok(f64::NEG_INFINITY),
                other => other
                    .parse()
                    .map_err(|_| format!("expected a number, got \"{other}\"")),
            },
            other => Err(format!("expected a number, got {other}")),
        }
    };
    Ok(match ty {
        Type::Boolean => Value::Prim(
            Kind::Boolean,
            i64::from(
                v.as_bool()
                    .ok_or_else(|| format!("expected true or false, got {v}"))?,
            ),
        ),
        Type::Char => match v {
            J::String(s) => {
                let units = text::utf16(s);
                match units.as_slice() {
                    [u] => Value::Prim(Kind::Char, i64::from(*u)),
                    _ => return Err(format!("expected one character, got \"{s}\"")),
                }
            }
            other => Value::Prim(Kind::Char, integral(other, ty)?),
        },
        Type::Byte | Type::Short | Type::Int | Type::Long => {
            Value::Prim(Kind::of(ty), integral(v, ty)?)
        }
        Type::Float => Value::Prim(Kind::Float, bits_f32(floating(v)? as f32)),
        Type::Double => Value::Prim(Kind::Double, bits_f64(floating(v)?)),
        Type::String => match v {
            J::Null => Value::Null,
            J::String(s) => Value::Str(Arc::from(text::utf16(s))),
            other => return Err(format!("expected a string or null, got {other}")),
        },
        Type::Array(elem) => match v {
            J::Null => Value::Null,
            J::Array(items) => Value::Array(
                (**elem).clone(),
                items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| from_json(unit, x, elem).map_err(|e| format!("[{i}]: {e}")))
                    .collect::<Result<_, _>>()?,
            ),
            other => return Err(format!("expected an array or null, got {other}")),
        },
        Type::Class(_) | Type::Object => match v {
            J::Null => Value::Null,
            J::String(s) if matches!(ty, Type::Class(_)) => literal::parse_value_in(unit, s, ty)?,
            J::Object(o) => object_from_json(unit, o, ty)?,
            other => return Err(format!("expected an object of {ty} or null, got {other}")),
        },
        other => return Err(format!("values of type {other} cannot be given")),
    })
}

/// `{"new": C, "constructor": k, "args": [...]}` or `{"enum": C, "name": N}` as a value that
/// converts to `ty`.
fn object_from_json(
    unit: &Unit,
    o: &serde_json::Map<String, serde_json::Value>,
    ty: &Type,
) -> Result<Value, String> {
    let named = |key: &str| -> Result<(u32, ClassType), String> {
        let name = o[key]
            .as_str()
            .ok_or_else(|| format!("\"{key}\" must name a class"))?;
        let class = (0..unit.classes.len() as u32)
            .find(|&c| unit.source_name(c) == name)
            .ok_or_else(|| format!("no class {name}"))?;
        let Type::Class(class_type) = unit.class_type(class) else {
            unreachable!("a class type")
        };
        if !Type::Class(class_type.clone()).widens_to(ty) {
            return Err(format!("a {name} is not a {ty}"));
        }
        Ok((class, class_type))
    };
    if o.contains_key("enum") {
        let (class, class_type) = named("enum")?;
        let name = o
            .get("name")
            .and_then(|n| n.as_str())
            .ok_or("expected \"name\": the constant")?;
        let info = &unit.classes[class as usize];
        let constants = &info.fields[..info.enum_constants as usize];
        if !info.is_enum || !constants.iter().any(|c| c.name == name) {
            return Err(format!("{} has no constant {name}", class_type.name));
        }
        return Ok(Value::Enum {
            class: class_type,
            name: name.into(),
        });
    }
    if !o.contains_key("new") {
        return Err(
            "expected {\"new\": class, \"args\": [...]} or {\"enum\": class, \"name\": constant}"
                .into(),
        );
    }
    let (class, class_type) = named("new")?;
    let info = &unit.classes[class as usize];
    if info.is_abstract || info.is_interface || info.is_enum {
        return Err(format!("{} cannot be instantiated", class_type.name));
    }
    let args = match o.get("args") {
        None => Vec::new(),
        Some(serde_json::Value::Array(a)) => a.clone(),
        Some(_) => return Err("\"args\" must be an array".into()),
    };
    let constructor = match o.get("constructor") {
        None | Some(serde_json::Value::Null) => None,
        Some(k) => Some(
            k.as_u64()
                .and_then(|k| u32::try_from(k).ok())
                .ok_or("\"constructor\" must be a method index")?,
        ),
    };
    let params: &[Type] = match constructor {
        None if info.methods.iter().any(|m| m.is_constructor) => {
            return Err(format!("{} needs a \"constructor\"", class_type.name));
        }
        None => &[],
        Some(k) => match info.methods.get(k as usize) {
            Some(m) if m.is_constructor => &m.params,
            _ => return Err(format!("{} has no constructor {k}", class_type.name)),
        },
    };
    if params.len() != args.len() {
        return Err(format!(
            "the constructor of {} takes {} argument(s), {} given",
            class_type.name,
            params.len(),
            args.len()
        ));
    }
    let args = args
        .iter()
        .zip(params)
        .enumerate()
        .map(|(i, (a, t))| from_json(unit, a, t).map_err(|e| format!("args[{i}]: {e}")))
        .collect::<Result<_, _>>()?;
    Ok(Value::New {
        class: class_type,
        constructor,
        args,
    })
}

/// A value as JSON in the same format.
pub(crate) fn to_json(v: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    let float = |d: f64| -> J {
        if d.is_nan() {
            J::String("NaN".into())
        } else if d.is_infinite() {
            J::String(if d > 0.0 { "Infinity" } else { "-Infinity" }.into())
        } else if d == 0.0 && d.is_sign_negative() {
            J::String("-0.0".into())
        } else {
            serde_json::Number::from_f64(d).map_or(J::Null, J::Number)
        }
    };
    match v {
        Value::Null => J::Null,
        Value::Prim(Kind::Boolean, b) => J::Bool(*b != 0),
        Value::Prim(Kind::Char, c) => J::String(text::from_utf16(&[*c as u16])),
        Value::Prim(Kind::Double, bits) => float(f64_of(*bits)),
        Value::Prim(Kind::Float, bits) => float(f64::from(f32_of(*bits))),
        Value::Prim(_, n) => J::from(*n),
        Value::Str(s) => J::String(text::from_utf16(s)),
        Value::Array(_, items) => J::Array(items.iter().map(to_json).collect()),
        Value::New {
            class,
            constructor,
            args,
        } => serde_json::json!({
            "new": &*class.name,
            "constructor": constructor,
            "args": args.iter().map(to_json).collect::<Vec<_>>(),
        }),
        Value::Object { class, fields } => {
            let fields: serde_json::Map<String, J> = fields
                .iter()
                .map(|(name, v)| (name.clone(), to_json(v)))
                .collect();
            serde_json::json!({ "class": &*class.name, "fields": fields })
        }
        Value::Seen(k) => serde_json::json!({ "seen": k }),
        Value::Enum { class, name } => serde_json::json!({ "enum": &*class.name, "name": &**name }),
        Value::Content { class, view, items } => match view {
            View::Text => {
                serde_json::json!({ "class": &*class.name, "text": items.first().map(to_json) })
            }
            View::Map => serde_json::json!({
                "class": &*class.name,
                "entries": items.chunks(2).map(|e| e.iter().map(to_json).collect::<Vec<_>>()).collect::<Vec<_>>(),
            }),
            _ => serde_json::json!({
                "class": &*class.name,
                "elements": items.iter().map(to_json).collect::<Vec<_>>(),
            }),
        },
    }
}
