//! JUnit 5 test classes from generated tests: each test calls its method as the interpreter
//! did and asserts the original's outcome (returned value, exception class, printed text,
//! fields and array arguments after the call), so a mutant that changes any of them fails.
//!
//! Values are written exactly: doubles and floats compared by their bits (`-0.0` is not
//! `0.0`, NaN equals NaN), strings and chars as escaped literals, arrays with
//! `assertArrayEquals`. Private members are reached by reflection through two helpers of
//! the test class, so the test compiles in the class's package whatever their access.

use std::fmt::Write;

use crate::program::execution::analysis::TestCase;
use crate::program::execution::interp::{Compiled, Limits, Outcome, Termination, Value, View};
use crate::program::reader::ir::{Type, Unit};
use crate::program::reader::semantics::Kind;
use crate::program::reader::text::{char_literal, string_literal};

/// A test with what it checks and the mutants it kills (their ids and operators, for the
/// comment).
pub struct Emitted<'t> {
    pub test: &'t TestCase,
    pub kills: Vec<(u32, String)>,
}

/// The most mutants a test's comment lists; it counts the others.
const LISTED_KILLS: usize = 5;

/// Why a test class could not be written.
#[derive(Debug, thiserror::Error)]
pub enum JunitError {
    #[error("test {test}: {message}")]
    Test { test: String, message: String },
    #[error(
        "class {0} has no constructor without arguments: its instance methods cannot be called from a test"
    )]
    NoConstructor(String),
}

/// Why a test, written in the unit's package, cannot call method `method` of class `class`
/// directly or through the reflection helpers, if it cannot: its class or a parameter's
/// class is private to another class, its constructor is private (a class that forbids
/// instances), or its receiver cannot be built with `new C()`.
pub fn uncallable_from_a_test(unit: &Unit, class: u32, method: u32) -> Option<String> {
    let private_class = |c: u32| {
        let mut k = Some(c);
        while let Some(x) = k {
            if unit.classes[x as usize].is_private {
                return Some(unit.source_name(x));
            }
            k = unit.classes[x as usize].outer;
        }
        None
    };
    if let Some(p) = private_class(class) {
        return Some(format!("class {p} is private"));
    }
    let info = &unit.classes[class as usize];
    let m = &info.methods[method as usize];
    for ty in &m.params {
        let mut t = ty;
        while let Some(e) = t.element() {
            t = e;
        }
        if let Some(p) = t.class().and_then(private_class) {
            return Some(format!("its parameter's class {p} is private"));
        }
    }
    if m.is_constructor && m.is_private {
        return Some("its constructor is private".to_string());
    }
    if let (Some(outer), Some(_)) = (info.outer, info.local) {
        let what = match info.is_anonymous {
            true => "an anonymous class",
            false => "a local class",
        };
        return Some(format!(
            "{} is {what}: tests reach its objects through {}",
            unit.source_name(class),
            unit.source_name(outer)
        ));
    }
    if let Some(outer) = info.outer.filter(|_| info.outer_instance.is_some()) {
        return Some(format!(
            "{} is an inner class: tests reach its objects through {}",
            unit.source_name(class),
            unit.source_name(outer)
        ));
    }
    if !m.is_static && info.is_enum {
        return Some(format!(
            "enum {}'s objects are its constants, which tests do not choose yet",
            unit.source_name(class)
        ));
    }
    if !m.is_static && info.is_abstract {
        return Some(format!(
            "{} {} is abstract: its objects belong to other classes",
            if info.is_interface {
                "interface"
            } else {
                "class"
            },
            unit.source_name(class)
        ));
    }
    if !m.is_static
        && !m.is_constructor
        && !crate::program::testgen::receivers::ClassBuilders::buildable(unit, class)
    {
        return Some(format!(
            "class {} has no constructor a test can call to build the receiver",
            unit.source_name(class)
        ));
    }
    None
}

/// The JUnit 5 source of a class testing `unit`'s class `class` with `tests`; each test fails
/// when it runs longer than `timeout_seconds`.
pub fn write_class(
    unit: &Unit,
    class: u32,
    tests: &[Emitted<'_>],
    limits: Limits,
    timeout_seconds: u32,
) -> Result<String, JunitError> {
    let name = format!("{}Test", unit.classes[class as usize].name);
    write_class_named(unit, tests, limits, timeout_seconds, &name)
}

/// [`write_class`] with the test class named `name` (`FooRothTest` beside a user's own
/// `FooTest`).
pub fn write_class_named(
    unit: &Unit,
    tests: &[Emitted<'_>],
    limits: Limits,
    timeout_seconds: u32,
    name: &str,
) -> Result<String, JunitError> {
    let program = Compiled::new(unit, None);
    let prints = unit.source.contains("System.out");
    let mut out = String::new();
    if let Some(p) = &unit.package {
        writeln!(out, "package {p};\n").unwrap();
    }
    out.push_str(
        "import static org.junit.jupiter.api.Assertions.*;\n\nimport org.junit.jupiter.api.Test;\nimport org.junit.jupiter.api.Timeout;\n\n",
    );
    writeln!(
        out,
        "/** Generated by roth testgen: each test asserts the original's behaviour. */"
    )
    .unwrap();
    // A mutant that never returns must fail, not hang the run (a busy loop is only stopped
    // from another thread).
    writeln!(
        out,
        "@Timeout(value = {timeout_seconds}, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)"
    )
    .unwrap();
    writeln!(out, "class {name} {{").unwrap();
    let names =
        crate::program::testgen::names::method_names(tests.iter().map(|e| e.test.name.as_str()));
    for (e, name) in tests.iter().zip(&names) {
        let t = e.test;
        let outcome = t.run(&program, limits).map_err(|err| JunitError::Test {
            test: t.name.clone(),
            message: err.to_string(),
        })?;
        write_test(&mut out, unit, e, &outcome, name, prints)?;
    }
    // Static state a test changes would carry over to the tests after it in one JVM (the
    // interpreter starts each test afresh): it is saved once and restored before each test.
    let stateful: Vec<u32> = (0..unit.file_classes() as u32)
        .filter(|&c| {
            unit.classes[c as usize]
                .fields
                .iter()
                .any(|f| f.is_static && f.constant.is_none() && f.unsupported.is_none())
        })
        .collect();
    if !stateful.is_empty() {
        let saves: String = stateful
            .iter()
            .map(|&c| format!("        save({});\n", class_literal(unit, c)))
            .collect();
        out.push_str(&STATIC_STATE.replace("SAVES\n", &saves));
    }
    out.push_str(HELPERS);
    if out.contains("state(") {
        out.push_str(STATE);
    }
    if out.contains("filled(new ") {
        out.push_str(FILLED);
    }
    out.push_str("}\n");
    Ok(out)
}

const HELPERS: &str = r#"
    private static java.lang.reflect.Field field(Class<?> c, String name) throws Exception {
        java.lang.reflect.Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    private static Object call(Class<?> c, Object target, String name, Class<?>[] types, Object... args) throws Throwable {
        java.lang.reflect.Method m = c.getDeclaredMethod(name, types);
        m.setAccessible(true);
        try {
            return m.invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
"#;

/// Saving the static fields of the unit's classes once (as their initialization left them,
/// in whatever program runs, original or mutant) and restoring them before each test, so no
/// test depends on which ran before it: arrays (a `final` one's elements) and the library's
/// collections are copied, other objects are kept by reference.
const STATIC_STATE: &str = r#"
    /** Each static field with its value after class initialization. */
    private static final java.util.List<Object[]> STATIC_STATE = new java.util.ArrayList<>();

    @org.junit.jupiter.api.BeforeAll
    static void saveStaticState() throws Exception {
SAVES
    }

    @org.junit.jupiter.api.BeforeEach
    @SuppressWarnings("unchecked")
    void restoreStaticState() throws Exception {
        for (Object[] saved : STATIC_STATE) {
            java.lang.reflect.Field f = (java.lang.reflect.Field) saved[0];
            Object now = f.get(null);
            if (!java.lang.reflect.Modifier.isFinal(f.getModifiers())) {
                f.set(null, copy(saved[1]));
            } else if (now != null && now.getClass().isArray()) {
                System.arraycopy(copy(saved[1]), 0, now, 0, java.lang.reflect.Array.getLength(now));
            } else if (now instanceof java.util.Collection && now != saved[1]) {
                try {
                    ((java.util.Collection<?>) now).clear();
                    ((java.util.Collection<Object>) now).addAll((java.util.Collection<?>) saved[1]);
                } catch (UnsupportedOperationException e) {
                    // Unmodifiable: no test changed it.
                }
            } else if (now instanceof java.util.Map && now != saved[1]) {
                try {
                    ((java.util.Map<?, ?>) now).clear();
                    ((java.util.Map<Object, Object>) now).putAll((java.util.Map<?, ?>) saved[1]);
                } catch (UnsupportedOperationException e) {
                    // Unmodifiable: no test changed it.
                }
            }
        }
    }

    private static void save(Class<?> c) throws Exception {
        for (java.lang.reflect.Field f : c.getDeclaredFields()) {
            if (!java.lang.reflect.Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) {
                continue;
            }
            f.setAccessible(true);
            STATIC_STATE.add(new Object[] {f, copy(f.get(null))});
        }
    }

    @SuppressWarnings("unchecked")
    private static Object copy(Object value) {
        if (value == null) {
            return null;
        }
        if (value.getClass().isArray()) {
            int n = java.lang.reflect.Array.getLength(value);
            Object out = java.lang.reflect.Array.newInstance(value.getClass().getComponentType(), n);
            for (int i = 0; i < n; i++) {
                java.lang.reflect.Array.set(out, i, copy(java.lang.reflect.Array.get(value, i)));
            }
            return out;
        }
        try {
            if (value instanceof java.util.Collection && value.getClass().getName().startsWith("java.util.")) {
                return value.getClass().getConstructor(java.util.Collection.class).newInstance(value);
            }
            if (value instanceof java.util.Map && value.getClass().getName().startsWith("java.util.")) {
                return value.getClass().getConstructor(java.util.Map.class).newInstance(value);
            }
        } catch (ReflectiveOperationException e) {
            // A collection without a copy constructor (an unmodifiable one): kept as it is.
        }
        return value;
    }
"#;

/// How a test reads a field of an object whose class it may not name (private, nested):
/// the first field of that name in its class or a superclass.
const STATE: &str = r#"
    private static Object state(Object object, String name) throws Exception {
        for (Class<?> c = object.getClass(); c != null; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    f.setAccessible(true);
                    return f.get(object);
                }
            }
        }
        throw new NoSuchFieldException(name);
    }
"#;

/// How a test builds a set, a queue or a map it gives: added one by one, in order.
const FILLED: &str = r#"
    private static <C extends java.util.Collection<Object>> C filled(C collection, Object... elements) {
        java.util.Collections.addAll(collection, elements);
        return collection;
    }

    private static <M extends java.util.Map<Object, Object>> M filled(M map, Object... keysAndValues) {
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
"#;

fn write_test(
    out: &mut String,
    unit: &Unit,
    e: &Emitted<'_>,
    outcome: &Outcome,
    name: &str,
    prints: bool,
) -> Result<(), JunitError> {
    let t = e.test;
    let info = &unit.classes[t.class as usize];
    let m = &info.methods[t.method as usize];
    let class_name = &unit.source_name(t.class);
    writeln!(out).unwrap();
    if !e.kills.is_empty() {
        writeln!(out, "    // {}", kills_comment(&e.kills)).unwrap();
    }
    writeln!(out, "    @Test").unwrap();
    writeln!(out, "    void {name}() throws Throwable {{").unwrap();
    // Printed text is captured from the start: building the receiver and the arguments
    // may print too, and the interpreter counts it.
    let mut body = String::new();
    // The receiver, built by a constructor call and its setup, with its fields set.
    let receiver = if m.is_static {
        "null".to_string()
    } else if m.is_constructor {
        // The call itself builds the receiver.
        "receiver".to_string()
    } else {
        match &t.receiver {
            Some(r) => {
                let Value::New {
                    constructor, args, ..
                } = &r.built
                else {
                    return Err(JunitError::Test {
                        test: t.name.clone(),
                        message: "a receiver is built by a constructor call".into(),
                    });
                };
                let params = constructor
                    .map(|k| info.methods[k as usize].params.clone())
                    .unwrap_or_default();
                writeln!(
                    body,
                    "        {class_name} receiver = new {class_name}({});",
                    arguments(args, &params)
                )
                .unwrap();
                for (k, args) in &r.calls {
                    let setter = &info.methods[*k as usize];
                    writeln!(
                        body,
                        "        receiver.{}({});",
                        setter.name,
                        arguments(args, &setter.params)
                    )
                    .unwrap();
                }
            }
            None => {
                if !crate::program::testgen::receivers::ClassBuilders::buildable(unit, t.class) {
                    return Err(JunitError::NoConstructor(class_name.clone()));
                }
                writeln!(body, "        {class_name} receiver = new {class_name}();").unwrap();
            }
        }
        "receiver".to_string()
    };
    if !t.fields.is_empty() && !m.is_constructor {
        writeln!(
            body,
            "        // State the public methods do not set here, set by reflection:"
        )
        .unwrap();
    }
    for (name, v) in &t.fields {
        let Some(f) = info.fields.iter().find(|f| &f.name == name) else {
            return Err(JunitError::Test {
                test: t.name.clone(),
                message: format!("no field {name}"),
            });
        };
        let target = if f.is_static { "null" } else { &receiver };
        writeln!(
            body,
            "        field({class_name}.class, \"{name}\").set({target}, {});",
            literal(v, &f.ty)
        )
        .unwrap();
    }
    // Arguments in locals, so arrays can be checked after the call. When the run throws and
    // an argument is built by a constructor, the throw may come from building it: the
    // arguments are then built inside `assertThrows` too.
    let builds_in_lambda =
        matches!(outcome.termination, Termination::Throw(_)) && t.args.iter().any(builds_objects);
    let mut arg_names = Vec::new();
    let mut arg_lines = String::new();
    for (i, (v, ty)) in t.args.iter().zip(&m.params).enumerate() {
        let name = local_name(m.param_names.get(i).map(String::as_str), i, &arg_names);
        write!(arg_lines, "{} {name} = {}; ", java_type(ty), literal(v, ty)).unwrap();
        if !builds_in_lambda {
            writeln!(
                body,
                "        {} {name} = {};",
                java_type(ty),
                literal(v, ty)
            )
            .unwrap();
        }
        arg_names.push(name);
    }
    let direct = !m.is_private;
    let call = if m.is_constructor {
        format!("new {class_name}({})", arg_names.join(", "))
    } else if direct {
        let target = if m.is_static {
            class_name.clone()
        } else {
            receiver.clone()
        };
        format!("{target}.{}({})", m.name, arg_names.join(", "))
    } else {
        let types: Vec<String> = m
            .params
            .iter()
            .map(|t| format!("{}.class", java_type(t)))
            .collect();
        let args = if arg_names.is_empty() {
            String::new()
        } else {
            format!(", {}", arg_names.join(", "))
        };
        format!(
            "call({class_name}.class, {receiver}, \"{}\", new Class<?>[] {{{}}}{args})",
            m.name,
            types.join(", ")
        )
    };
    if m.is_constructor && matches!(outcome.termination, Termination::Return(_)) {
        writeln!(out, "        {class_name} receiver;").unwrap();
    }
    match &outcome.termination {
        Termination::Throw(exception) => {
            let class = exception_class(exception);
            if builds_in_lambda {
                writeln!(
                    body,
                    "        assertThrows({class}.class, () -> {{ {arg_lines}{call}; }});"
                )
                .unwrap();
            } else {
                writeln!(body, "        assertThrows({class}.class, () -> {call});").unwrap();
            }
        }
        Termination::Return(None) if m.is_constructor => {
            writeln!(body, "        receiver = {call};").unwrap()
        }
        Termination::Return(None) => writeln!(body, "        {call};").unwrap(),
        Termination::Return(Some(v)) => {
            let actual = if direct {
                call.clone()
            } else {
                format!("({}) {call}", boxed(&m.ret))
            };
            // A box (returned as itself, an `Object` or a `T`) is compared by its value.
            let (ty, actual) = match v {
                Value::Prim(_, _) if m.ret.is_reference() => {
                    let primitive = type_of(v);
                    let cast = format!("({primitive}) ({}) {actual}", boxed(&primitive));
                    (primitive, cast)
                }
                _ => (m.ret.clone(), actual),
            };
            // Checked over several lines (an object, a collection of them): the call is
            // made once, into a local.
            let mut checked = assertion(unit, v, &ty, &actual);
            if checked.contains('\n') {
                writeln!(body, "        {} result = {actual};", boxed(&ty)).unwrap();
                checked = assertion(unit, v, &ty, "result");
            }
            writeln!(body, "        {checked}").unwrap();
        }
        Termination::Timeout => {
            return Err(JunitError::Test {
                test: t.name.clone(),
                message: "the original does not finish".into(),
            });
        }
        Termination::Unrepeatable(what) => {
            return Err(JunitError::Test {
                test: t.name.clone(),
                message: format!("the original's outcome is not fixed: {what}"),
            });
        }
    }
    // Fields and array arguments after the call (a constructor that threw built nothing).
    let built = !(m.is_constructor && matches!(outcome.termination, Termination::Throw(_)));
    // The test's locals, which a field's local must not shadow.
    let mut taken: std::collections::HashSet<String> = ["receiver", "result", "saved", "printed"]
        .into_iter()
        .map(String::from)
        .chain(arg_names.iter().cloned())
        .collect();
    for (name, v) in outcome.fields.iter().filter(|_| built) {
        // A static field is named with its class (`Playlist.UNITS`), of this class or another.
        let (owner, field_name) = match name.rsplit_once('.') {
            Some((class, field)) => {
                match (0..unit.classes.len() as u32).find(|&c| unit.source_name(c) == class) {
                    Some(c) => (c, field),
                    None => continue,
                }
            }
            None => (t.class, name.as_str()),
        };
        let Some(f) = unit.classes[owner as usize]
            .fields
            .iter()
            .find(|f| f.name == field_name)
        else {
            continue;
        };
        let target = if f.is_static { "null" } else { &receiver };
        let actual = format!(
            "({}) field({}, \"{field_name}\").get({target})",
            boxed(&f.ty),
            class_literal(unit, owner)
        );
        let mut checked = assertion(unit, v, &f.ty, &actual);
        if checked.contains('\n') {
            // Read once into a local named after the field.
            let mut local = field_name.to_string();
            while taken.contains(&local) {
                local.push('_');
            }
            writeln!(body, "        {} {local} = {actual};", boxed(&f.ty)).unwrap();
            checked = assertion(unit, v, &f.ty, &local);
            taken.insert(local);
        }
        writeln!(body, "        {checked}").unwrap();
    }
    for (i, after) in outcome
        .args
        .iter()
        .enumerate()
        .filter(|_| !builds_in_lambda)
    {
        if let Some(v) = after {
            writeln!(
                body,
                "        {}",
                assertion(unit, v, &m.params[i], &arg_names[i])
            )
            .unwrap();
        }
    }
    if prints {
        // The receiver of a receiver's setup is declared before the `try`, to be checked
        // after it.
        let declared = format!("        {class_name} receiver = ");
        let (setup, rest) = match body.starts_with(&declared) && !m.is_static {
            true => {
                writeln!(out, "        {class_name} receiver;").unwrap();
                ("        receiver = ", &body[declared.len()..])
            }
            false => ("", &body[..]),
        };
        out.push_str(
            "        java.io.PrintStream saved = System.out;\n        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();\n        System.setOut(new java.io.PrintStream(printed, true, \"UTF-8\"));\n        try {\n",
        );
        let inner = format!("{setup}{rest}");
        for line in inner.lines() {
            writeln!(out, "    {line}").unwrap();
        }
        out.push_str("        } finally {\n            System.setOut(saved);\n        }\n");
        writeln!(
            out,
            "        assertEquals({}, printed.toString(\"UTF-8\"));",
            string_literal(&outcome.printed.encode_utf16().collect::<Vec<u16>>())
        )
        .unwrap();
    } else {
        out.push_str(&body);
    }
    writeln!(out, "    }}").unwrap();
    Ok(())
}

/// The local holding argument `i`, named after its parameter (`int weight = 0;`), unless
/// that name is one of the test's own locals or an earlier argument's.
fn local_name(param: Option<&str>, i: usize, earlier: &[String]) -> String {
    // The test's own locals, and names that would obscure a package or a class the test
    // names (`java.util.Arrays`, `Playlist.Track`): JLS §6.4.2.
    const OWN: [&str; 6] = ["receiver", "result", "saved", "printed", "java", "org"];
    match param {
        Some(p)
            if p.starts_with(|c: char| c.is_ascii_lowercase())
                && !OWN.contains(&p)
                && !earlier.iter().any(|e| e == p)
                && p.chars().all(|c| c.is_alphanumeric() || c == '_') =>
        {
            p.to_string()
        }
        _ => format!("arg{i}"),
    }
}

/// The comment over a test: the mutants it kills, the first few by id and operator and
/// the others counted (`Kills 12 mutants: #4 ROR, #7 AOIS, ... and 7 more.`).
fn kills_comment(kills: &[(u32, String)]) -> String {
    let listed: Vec<String> = kills
        .iter()
        .take(LISTED_KILLS)
        .map(|(id, operator)| format!("#{id} {operator}"))
        .collect();
    let more = kills.len().saturating_sub(LISTED_KILLS);
    match (kills.len(), more) {
        (1, _) => format!("Kills mutant {}.", listed[0]),
        (n, 0) => format!("Kills {n} mutants: {}.", listed.join(", ")),
        (n, more) => format!("Kills {n} mutants: {} and {more} more.", listed.join(", ")),
    }
}

/// The `Class` object of `unit`'s class `class` as a test names it: `Outer.Inner.class`, or
/// through `Class.forName` when the class or one enclosing it is private to the test.
fn class_literal(unit: &Unit, class: u32) -> String {
    let mut k = Some(class);
    while let Some(c) = k {
        if unit.classes[c as usize].is_private {
            return format!("Class.forName(\"{}\")", unit.binary_name(class));
        }
        k = unit.classes[c as usize].outer;
    }
    format!("{}.class", unit.source_name(class))
}

/// `java.lang.ArithmeticException` as written in a test.
fn exception_class(name: &str) -> String {
    name.to_string()
}

/// An assertion that `actual` (an expression of type `ty`) has the value `v`: one line, or
/// several for an object (its fields by reflection) or an array of objects (element by
/// element), so the test sees what the interpreter compares.
fn assertion(unit: &Unit, v: &Value, ty: &Type, actual: &str) -> String {
    match (v, ty) {
        (Value::Null, _) => format!("assertNull({actual});"),
        (Value::Prim(_, bits), Type::Double) => format!(
            "assertEquals({}L, Double.doubleToLongBits({actual}));",
            canonical_double(*bits)
        ),
        (Value::Prim(_, bits), Type::Float) => format!(
            "assertEquals({}, Float.floatToIntBits({actual}));",
            canonical_float(*bits)
        ),
        (Value::Array(_, items), Type::Array(element)) if ty.has_objects() => {
            // In parentheses: `actual` may be a cast (`(Object[]) field(...).get(r)`).
            let mut lines = vec![format!("assertEquals({}, ({actual}).length);", items.len())];
            for (i, item) in items.iter().enumerate() {
                let shown = shown_type(item, element);
                let read = typed_read(item, &shown, &format!("({actual})[{i}]"));
                lines.push(assertion(unit, item, &shown, &read));
            }
            lines.join("\n        ")
        }
        (Value::Array(..), Type::Array(_)) => {
            format!("assertArrayEquals({}, {actual});", literal(v, ty))
        }
        (Value::Content { .. }, _) => content_assertion(unit, v, actual),
        (Value::Object { class, fields }, _) => object_assertion(unit, class, fields, ty, actual),
        // Sharing between objects is not asserted: the test checks the object exists.
        (Value::Seen(_), _) => format!("assertNotNull({actual});"),
        // By name, which reads the same whether the enum is accessible to the test or not.
        (Value::Enum { name, .. }, _) => {
            format!("assertEquals(\"{name}\", ((Enum<?>) (Object) {actual}).name());")
        }
        _ => format!("assertEquals({}, {actual});", literal(v, ty)),
    }
}

/// The assertions on an object of the unit: it exists, its class where the declared type
/// does not say it, and each of its fields read by reflection (the `state` helper, which
/// finds a field in the object's class or its superclasses). An object of the library
/// (its fields are not the test's to read) is only checked to exist.
fn object_assertion(
    unit: &Unit,
    class: &crate::program::reader::ir::ClassType,
    fields: &[(String, Value)],
    ty: &Type,
    actual: &str,
) -> String {
    let mut lines = vec![format!("assertNotNull({actual});")];
    if unit.is_library(class.id) {
        return lines.remove(0);
    }
    if ty.class() != Some(class.id) {
        lines.push(format!(
            "assertEquals(\"{}\", ({actual}).getClass().getSimpleName());",
            unit.classes[class.id as usize].name
        ));
    }
    let mut named = std::collections::HashSet::new();
    for (name, v) in fields {
        // A field hidden by one of the same name in a subclass: the subclass's is read.
        if !named.insert(name) {
            continue;
        }
        let shown = shown_type(v, &Type::Object);
        let read = typed_read(v, &shown, &format!("state({actual}, \"{name}\")"));
        lines.push(assertion(unit, v, &shown, &read));
    }
    lines.join("\n        ")
}

/// The type a value read as an `Object` is asserted as: its own for primitives, strings
/// and arrays, else `declared`.
fn shown_type(v: &Value, declared: &Type) -> Type {
    match v {
        Value::Prim(..) | Value::Str(_) | Value::Array(..) => type_of(v),
        _ => declared.clone(),
    }
}

/// `read` (an expression of type `Object`) cast to what the assertion on `v` of type `ty`
/// reads: a box, a string, an array, or a collection to copy in order.
fn typed_read(v: &Value, ty: &Type, read: &str) -> String {
    match v {
        Value::Prim(..) | Value::Str(_) | Value::Array(..) => format!("({}) {read}", boxed(ty)),
        Value::Content {
            view: View::Sequence | View::List,
            ..
        } => format!("(java.util.Collection<?>) {read}"),
        _ => read.to_string(),
    }
}

/// An assertion on a collection, a map or a builder as Java's `equals` compares it (a
/// builder by its text): a list against `Arrays.asList`, a set against a `HashSet` of
/// them, a map against a `HashMap` built in the test, when every element can be written
/// as a literal; otherwise only that it exists.
fn content_assertion(unit: &Unit, v: &Value, actual: &str) -> String {
    let Value::Content { view, items, .. } = v else {
        return format!("assertNotNull({actual});");
    };
    if *view == View::Text {
        return match items.first() {
            Some(Value::Str(s)) => {
                format!(
                    "assertEquals({}, ({actual}).toString());",
                    string_literal(s)
                )
            }
            _ => format!("assertNotNull({actual});"),
        };
    }
    if *view == View::Sequence {
        // A queue or deque's `equals` is its identity: its elements are compared in order.
        if let Some(written) = items.iter().map(expected_item).collect::<Option<Vec<_>>>() {
            return format!(
                "assertEquals(java.util.Arrays.asList({}), new java.util.ArrayList<>((java.util.Collection<?>) (Object) {actual}));",
                written.join(", ")
            );
        }
    } else if let Some(expected) = expected_content(v) {
        return format!("assertEquals({expected}, {actual});");
    }
    // Items a literal cannot write (the unit's objects): the size, and for a list or a
    // queue each element in order, checked as any object is.
    let (size, per_element) = match view {
        View::Map => (
            format!("((java.util.Map<?, ?>) (Object) {actual}).size()"),
            false,
        ),
        View::Set => (
            format!("((java.util.Collection<?>) (Object) {actual}).size()"),
            false,
        ),
        _ => (
            format!("((java.util.Collection<?>) (Object) {actual}).size()"),
            true,
        ),
    };
    let count = items.len() / if *view == View::Map { 2 } else { 1 };
    let mut lines = vec![format!("assertEquals({count}, {size});")];
    for (i, item) in items.iter().enumerate().filter(|_| per_element) {
        let shown = shown_type(item, &Type::Object);
        let element = format!(
            "new java.util.ArrayList<Object>((java.util.Collection<?>) (Object) {actual}).get({i})"
        );
        lines.push(assertion(
            unit,
            item,
            &shown,
            &typed_read(item, &shown, &element),
        ));
    }
    lines.join("\n        ")
}

/// A Java expression `equals` to the list, set or map `v` (nested ones too), when its items
/// can be written: values, strings, enum constants and such collections (`None` for objects,
/// builders and queues, whose `equals` is their identity).
fn expected_content(v: &Value) -> Option<String> {
    let Value::Content { view, items, .. } = v else {
        return None;
    };
    let written = items
        .iter()
        .map(expected_item)
        .collect::<Option<Vec<String>>>()?;
    let list = format!("java.util.Arrays.asList({})", written.join(", "));
    Some(match view {
        View::List => list,
        View::Set => format!("new java.util.HashSet<>({list})"),
        View::Map if items.len() <= 20 && !items.contains(&Value::Null) => {
            format!("java.util.Map.of({})", written.join(", "))
        }
        View::Map => {
            let puts: String = written
                .chunks(2)
                .map(|e| format!(" put({}, {});", e[0], e[1]))
                .collect();
            format!("new java.util.HashMap<Object, Object>() {{{{{puts} }}}}")
        }
        View::Text | View::Sequence => return None,
    })
}

/// An item of a collection as a Java expression `equals` to it, when it can be written.
fn expected_item(v: &Value) -> Option<String> {
    match v {
        Value::Prim(..) | Value::Str(_) | Value::Null | Value::Enum { .. } => {
            Some(literal(v, &type_of(v)))
        }
        Value::Content { .. } => expected_content(v),
        _ => None,
    }
}

/// The bits `Double.doubleToLongBits` gives (every NaN as the canonical one).
fn canonical_double(bits: i64) -> i64 {
    let d = f64::from_bits(bits as u64);
    if d.is_nan() {
        0x7ff8_0000_0000_0000
    } else {
        bits
    }
}

fn canonical_float(bits: i64) -> i32 {
    let f = f32::from_bits(bits as u32);
    if f.is_nan() { 0x7fc0_0000 } else { bits as i32 }
}

/// A Java expression of type `ty` with value `v`.
pub(crate) fn literal(v: &Value, ty: &Type) -> String {
    match (v, ty) {
        (Value::Null, _) => "null".into(),
        (Value::Prim(_, b), Type::Boolean) => (if *b != 0 { "true" } else { "false" }).into(),
        (Value::Prim(_, b), Type::Byte) => format!("(byte) {b}"),
        (Value::Prim(_, b), Type::Short) => format!("(short) {b}"),
        (Value::Prim(_, b), Type::Char) => char_literal(*b as u16),
        (Value::Prim(_, b), Type::Int) => int_literal(*b),
        (Value::Prim(_, b), Type::Long) => {
            if *b == i64::MIN {
                "Long.MIN_VALUE".into()
            } else {
                format!("{b}L")
            }
        }
        (Value::Prim(_, b), Type::Double) => {
            let d = f64::from_bits(*b as u64);
            if d.is_finite()
                && !(d == 0.0 && d.is_sign_negative())
                && d.to_string().parse::<f64>() == Ok(d)
            {
                format!("{d:?}")
            } else {
                format!("Double.longBitsToDouble(0x{:x}L)", *b as u64)
            }
        }
        (Value::Prim(_, b), Type::Float) => {
            format!("Float.intBitsToFloat(0x{:x})", *b as u32)
        }
        (Value::Str(s), _) => string_literal(s),
        (Value::Array(_, items), Type::Array(element)) => {
            let parts: Vec<String> = items.iter().map(|i| literal(i, element)).collect();
            format!("new {}[] {{{}}}", java_type(element), parts.join(", "))
        }
        // A primitive where a reference is wanted: its own literal, boxed by `javac`.
        (Value::Prim(..), _) => literal(v, &type_of(v)),
        (Value::Array(..), _) => "null".into(),
        (Value::New { class, args, .. }, _) => {
            let parts: Vec<String> = args.iter().map(|a| literal(a, &type_of(a))).collect();
            format!("new {}({})", class.name, parts.join(", "))
        }
        // A collection or a map given by its contents: a list copied from `Arrays.asList`,
        // anything else filled in order by the class's `filled` helper (what roth does), so
        // a set's, queue's or map's layout is the one roth ran.
        (Value::Content { class, view, items }, _) => {
            let parts: Vec<String> = items.iter().map(|i| literal(i, &type_of(i))).collect();
            match view {
                View::List if items.is_empty() => format!("new {}<>()", class.name),
                View::List => format!(
                    "new {}<>(java.util.Arrays.asList({}))",
                    class.name,
                    parts.join(", ")
                ),
                _ if items.is_empty() => format!("new {}<>()", class.name),
                _ => format!("filled(new {}<>(), {})", class.name, parts.join(", ")),
            }
        }
        // Outputs only: a test never writes them as values.
        (Value::Object { .. } | Value::Seen(_), _) => "null".into(),
        (Value::Enum { class, name }, _) => format!("{}.{name}", class.name),
    }
}

/// The arguments of a call whose parameters are `params`, as Java expressions: `null` cast
/// to its parameter's type, so an overloaded constructor or method is chosen as roth chose
/// it.
fn arguments(args: &[Value], params: &[Type]) -> String {
    args.iter()
        .zip(params)
        .map(|(v, ty)| match v {
            Value::Null => format!("({}) null", java_type(ty)),
            _ => literal(v, ty),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether giving the value runs a constructor (an object, or an array holding one).
fn builds_objects(v: &Value) -> bool {
    match v {
        Value::New { .. } | Value::Content { .. } => true,
        Value::Array(_, items) => items.iter().any(builds_objects),
        _ => false,
    }
}

/// The type a value given as an argument has on its own (what its literal is written as).
fn type_of(v: &Value) -> Type {
    match v {
        Value::Prim(k, _) => match k {
            Kind::Boolean => Type::Boolean,
            Kind::Byte => Type::Byte,
            Kind::Short => Type::Short,
            Kind::Char => Type::Char,
            Kind::Long => Type::Long,
            Kind::Float => Type::Float,
            Kind::Double => Type::Double,
            _ => Type::Int,
        },
        Value::Str(_) => Type::String,
        Value::Array(elem, _) => Type::array_of(elem.clone()),
        Value::New { class, .. }
        | Value::Object { class, .. }
        | Value::Enum { class, .. }
        | Value::Content { class, .. } => Type::Class(class.clone()),
        Value::Null | Value::Seen(_) => Type::Null,
    }
}

fn int_literal(b: i64) -> String {
    if b == i32::MIN as i64 {
        "Integer.MIN_VALUE".into()
    } else {
        b.to_string()
    }
}

/// A type as written in Java source.
pub(crate) fn java_type(t: &Type) -> String {
    match t {
        Type::String => "String".into(),
        Type::Array(e) => format!("{}[]", java_type(e)),
        // Test code is outside the scope of any type variable: the erasure (a raw type).
        Type::Variable(v) => java_type(&v.erasure),
        t => t.erasure().to_string(),
    }
}

/// The type a reflective result is cast to before comparing.
fn boxed(t: &Type) -> String {
    if let Some(name) = t
        .is_primitive()
        .then(|| crate::program::reader::jdk::box_name(t))
        .flatten()
    {
        return name.into();
    }
    match t {
        // An object's class may be private to the unit: read it as an Object.
        Type::Class(_) | Type::Variable(_) => "Object".into(),
        Type::Array(e)
            if matches!(
                e.as_ref(),
                Type::Class(_) | Type::Array(_) | Type::Variable(_)
            ) =>
        {
            let inner = boxed(e);
            if inner.starts_with("Object") {
                format!("{inner}[]")
            } else {
                java_type(t)
            }
        }
        t => java_type(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cast_is_parenthesised_before_its_member_is_read() {
        // A field read by reflection is a cast: `(Object[]) f.get(r).length` does not compile.
        let objects = Value::Array(Type::Object, vec![Value::Null, Value::Null]);
        let ty = Type::Array(Box::new(Type::Object));
        let unit = crate::program::load("A.java", "class A {}").expect("loads");
        assert_eq!(
            assertion(&unit, &objects, &ty, "(Object[]) f.get(r)"),
            "assertEquals(2, ((Object[]) f.get(r)).length);\n        \
             assertNull(((Object[]) f.get(r))[0]);\n        \
             assertNull(((Object[]) f.get(r))[1]);"
        );
    }
}
