//! The part of the JDK that roth models as Java source (`src/program/jdk/`, written for roth
//! from the JDK's documented behaviour): the boxes of `java.lang` with their caches, `Number`
//! and `Comparable`, `Runnable`, `Math` and `StrictMath`, `Character`'s classification, roth's `StringMethods`
//! (the methods of `String` written in Java; those taking a regular expression in
//! `StringRegexMethods`, with `java.util.regex`), `java.util.Objects`, `Arrays` and
//! `Comparator`, the functional interfaces of `java.util.function`, the collections and the
//! streams of `java.util`. A file that names one of these classes is read with its source, as with
//! another file of its code base (run, never mutated or reported), so what roth runs is what
//! the JVM runs: `Integer.valueOf(1000) == Integer.valueOf(1000)` is false, `parseInt` throws
//! the JDK's messages. Boxing conversions (JLS §5.1.7-5.1.8) are calls of these classes'
//! `valueOf` and `xxxValue` methods, as `javac` compiles them.

use std::collections::HashSet;
use std::sync::OnceLock;

/// Where the JDK's files are said to be, in messages.
pub(crate) const PREFIX: &str = "<jdk>/";

/// A file of the modelled JDK: its path (under [`PREFIX`]), the top-level class it declares
/// and its text.
struct JdkFile {
    path: &'static str,
    class: &'static str,
    text: &'static str,
}

macro_rules! jdk_file {
    ($package:literal, $class:literal) => {
        JdkFile {
            path: concat!($package, "/", $class, ".java"),
            class: $class,
            text: include_str!(concat!("../jdk/", $package, "/", $class, ".java")),
        }
    };
}

const FILES: &[JdkFile] = &[
    jdk_file!("java/lang", "Comparable"),
    jdk_file!("java/lang", "Number"),
    jdk_file!("java/lang", "Integer"),
    jdk_file!("java/lang", "Long"),
    jdk_file!("java/lang", "Short"),
    jdk_file!("java/lang", "Byte"),
    jdk_file!("java/lang", "Character"),
    jdk_file!("java/lang", "Boolean"),
    jdk_file!("java/lang", "FloatingDecimal"),
    jdk_file!("java/lang", "Double"),
    jdk_file!("java/lang", "Float"),
    jdk_file!("java/lang", "Runnable"),
    jdk_file!("java/lang", "Class"),
    jdk_file!("java/lang", "Math"),
    jdk_file!("java/lang", "StrictMath"),
    jdk_file!("java/lang", "StringMethods"),
    jdk_file!("java/lang", "StringRegexMethods"),
    jdk_file!("java/lang", "FormatArguments"),
    jdk_file!("java/lang", "ObjectInstance"),
    jdk_file!("java/lang", "AbstractStringBuilder"),
    jdk_file!("java/lang", "StringBuilder"),
    jdk_file!("java/lang", "StringBuffer"),
    jdk_file!("java/lang", "Iterable"),
    jdk_file!("java/util", "Objects"),
    jdk_file!("java/util", "Arrays"),
    jdk_file!("java/util", "Comparator"),
    jdk_file!("java/util", "Iterator"),
    jdk_file!("java/util", "ListIterator"),
    jdk_file!("java/util", "RandomAccess"),
    jdk_file!("java/util", "Collection"),
    jdk_file!("java/util", "AbstractCollection"),
    jdk_file!("java/util", "List"),
    jdk_file!("java/util", "AbstractList"),
    jdk_file!("java/util", "ArrayList"),
    jdk_file!("java/util", "ImmutableCollections"),
    jdk_file!("java/util", "ContentViews"),
    jdk_file!("java/util", "Map"),
    jdk_file!("java/util", "KeyValueHolder"),
    jdk_file!("java/util", "AbstractMap"),
    jdk_file!("java/util", "HashMap"),
    jdk_file!("java/util", "LinkedHashMap"),
    jdk_file!("java/util", "Set"),
    jdk_file!("java/util", "AbstractSet"),
    jdk_file!("java/util", "HashSet"),
    jdk_file!("java/util", "LinkedHashSet"),
    jdk_file!("java/util", "SortedMap"),
    jdk_file!("java/util", "NavigableMap"),
    jdk_file!("java/util", "SortedSet"),
    jdk_file!("java/util", "NavigableSet"),
    jdk_file!("java/util", "TreeMap"),
    jdk_file!("java/util", "TreeSet"),
    jdk_file!("java/util", "Queue"),
    jdk_file!("java/util", "Deque"),
    jdk_file!("java/util", "AbstractQueue"),
    jdk_file!("java/util", "ArrayDeque"),
    jdk_file!("java/util", "AbstractSequentialList"),
    jdk_file!("java/util", "LinkedList"),
    jdk_file!("java/util", "Vector"),
    jdk_file!("java/util", "Stack"),
    jdk_file!("java/util", "PriorityQueue"),
    jdk_file!("java/util", "Optional"),
    jdk_file!("java/util", "OptionalInt"),
    jdk_file!("java/util", "OptionalLong"),
    jdk_file!("java/util", "OptionalDouble"),
    jdk_file!("java/util", "StringJoiner"),
    jdk_file!("java/util", "Random"),
    jdk_file!("java/util", "BitSet"),
    jdk_file!("java/util", "Collections"),
    jdk_file!("java/nio/charset", "Charset"),
    jdk_file!("java/nio/charset", "StandardCharsets"),
    jdk_file!("java/util/regex", "MatchResult"),
    jdk_file!("java/util/regex", "ImmutableMatchResult"),
    jdk_file!("java/util/regex", "Pattern"),
    jdk_file!("java/util/regex", "Matcher"),
    jdk_file!("java/util/regex", "PatternSyntaxException"),
    jdk_file!("java/util", "IntSummaryStatistics"),
    jdk_file!("java/util", "LongSummaryStatistics"),
    jdk_file!("java/util", "DoubleSummaryStatistics"),
    jdk_file!("java/math", "BigInteger"),
    jdk_file!("java/math", "BigIntegerLimbs"),
    jdk_file!("java/math", "BigIntegerPrimes"),
    // After BigInteger, whose static state BigDecimal's methods use, and RoundingMode before
    // MathContext, whose constants name its constants: static initializers run in this order.
    jdk_file!("java/math", "RoundingMode"),
    jdk_file!("java/math", "MathContext"),
    jdk_file!("java/math", "BigDecimal"),
    jdk_file!("java/util/function", "DoubleConsumer"),
    jdk_file!("java/util/function", "DoubleSupplier"),
    jdk_file!("java/util/function", "LongConsumer"),
    jdk_file!("java/util/function", "LongSupplier"),
    jdk_file!("java/util/function", "Function"),
    jdk_file!("java/util/function", "BiFunction"),
    jdk_file!("java/util/function", "UnaryOperator"),
    jdk_file!("java/util/function", "BinaryOperator"),
    jdk_file!("java/util/function", "Predicate"),
    jdk_file!("java/util/function", "BiPredicate"),
    jdk_file!("java/util/function", "Supplier"),
    jdk_file!("java/util/function", "Consumer"),
    jdk_file!("java/util/function", "BiConsumer"),
    jdk_file!("java/util/function", "IntBinaryOperator"),
    jdk_file!("java/util/function", "IntUnaryOperator"),
    jdk_file!("java/util/function", "IntPredicate"),
    jdk_file!("java/util/function", "IntFunction"),
    jdk_file!("java/util/function", "IntConsumer"),
    jdk_file!("java/util/function", "IntSupplier"),
    jdk_file!("java/util/function", "BooleanSupplier"),
    jdk_file!("java/util/function", "ToIntFunction"),
    jdk_file!("java/util/function", "ToLongFunction"),
    jdk_file!("java/util/function", "ToDoubleFunction"),
    jdk_file!("java/util/function", "ToIntBiFunction"),
    jdk_file!("java/util/function", "DoubleUnaryOperator"),
    jdk_file!("java/util/function", "DoubleBinaryOperator"),
    jdk_file!("java/util/function", "LongBinaryOperator"),
    jdk_file!("java/util/function", "LongUnaryOperator"),
    jdk_file!("java/util/function", "ObjIntConsumer"),
    jdk_file!("java/util/function", "ObjLongConsumer"),
    jdk_file!("java/util/function", "ObjDoubleConsumer"),
    jdk_file!("java/util/function", "IntToLongFunction"),
    jdk_file!("java/util/function", "IntToDoubleFunction"),
    jdk_file!("java/util/function", "LongFunction"),
    jdk_file!("java/util/function", "LongPredicate"),
    jdk_file!("java/util/function", "LongToIntFunction"),
    jdk_file!("java/util/function", "LongToDoubleFunction"),
    jdk_file!("java/util/function", "DoubleFunction"),
    jdk_file!("java/util/function", "DoublePredicate"),
    jdk_file!("java/util/function", "DoubleToIntFunction"),
    jdk_file!("java/util/function", "DoubleToLongFunction"),
    jdk_file!("java/util/stream", "AbstractPipeline"),
    jdk_file!("java/util/stream", "ReferencePipeline"),
    jdk_file!("java/util/stream", "IntPipeline"),
    jdk_file!("java/util/stream", "LongPipeline"),
    jdk_file!("java/util/stream", "DoublePipeline"),
    jdk_file!("java/util/stream", "Stream"),
    jdk_file!("java/util/stream", "IntStream"),
    jdk_file!("java/util/stream", "LongStream"),
    jdk_file!("java/util/stream", "DoubleStream"),
    jdk_file!("java/util/stream", "Collector"),
    jdk_file!("java/util/stream", "Collectors"),
];

/// The box of each primitive type (JLS §5.1.7), by the primitive's keyword.
pub(crate) const BOXES: &[(&str, &str)] = &[
    ("boolean", "Boolean"),
    ("byte", "Byte"),
    ("short", "Short"),
    ("char", "Character"),
    ("int", "Integer"),
    ("long", "Long"),
    ("float", "Float"),
    ("double", "Double"),
];

/// The simple name of the box of a primitive type (`Integer` for `int`).
pub(crate) fn box_name(primitive: &crate::program::reader::ir::Type) -> Option<&'static str> {
    let keyword = primitive.to_string();
    BOXES.iter().find(|(k, _)| *k == keyword).map(|(_, b)| *b)
}

/// The JDK files `texts` need: those declaring a class they name (a whole word), the
/// streams when they say `stream` or `chars`, the files those name in turn, and every box
/// when `boxing` (a conversion may box a value of a type whose box the text never names). Each as its path (with [`PREFIX`]) and text, in the
/// order of [`FILES`].
pub(crate) fn needed(texts: &[&str], boxing: bool) -> Vec<(String, &'static str)> {
    let graph = graph();
    let used: HashSet<&str> = texts.iter().flat_map(|t| identifiers(t)).collect();
    let string_methods = STRING_METHODS.iter().any(|m| used.contains(m));
    let regex_methods = REGEX_METHODS.iter().any(|m| used.contains(m));
    // `c.stream()`, `Arrays.stream(a)` and `s.chars()` need the streams, which Collection,
    // Arrays and StringMethods do not bring themselves (see `graph`).
    // `m.results()` of a regular expression's matcher makes a stream too.
    let streams = used.contains("stream")
        || used.contains("chars")
        || (used.contains("results") && (used.contains("Matcher") || used.contains("matcher")));
    let plain_objects = texts.iter().any(|t| t.contains("new Object("));
    let mut wanted: Vec<bool> = FILES
        .iter()
        .map(|f| {
            (boxing && BOXES.iter().any(|(_, b)| *b == f.class))
                || used.contains(f.class)
                || (streams && is_stream(f))
                // `getClass()` makes objects of `Class`, named or not.
                || (f.class == "Class" && used.contains("getClass"))
                // `s.trim()` calls roth's helper for `String`.
                || (f.class == "StringMethods" && string_methods)
                // `s.split(",")` calls roth's helper for the String methods taking a
                // regular expression, which reads the regular expression files: only a
                // text naming one of them pays for those (`List.replaceAll` does too).
                || (f.class == "StringRegexMethods" && regex_methods)
                // `new Object()` makes one of roth's plain objects.
                || (f.class == "ObjectInstance" && plain_objects)
                // `String.format` and `printf` of objects call roth's helper, which reads
                // the boxes: read with them (the reader asks for them when it needs it).
                || (f.class == "FormatArguments"
                    && boxing
                    && (used.contains("format") || used.contains("printf")))
        })
        .collect();
    // Transitively, over what each file of the model needs (a box names Number, Comparable
    // and Character).
    let mut work: Vec<usize> = (0..FILES.len()).filter(|&i| wanted[i]).collect();
    while let Some(i) = work.pop() {
        for &j in &graph[i] {
            if !wanted[j] {
                wanted[j] = true;
                work.push(j);
            }
        }
    }
    FILES
        .iter()
        .zip(wanted)
        .filter(|(_, w)| *w)
        .map(|(f, _)| (format!("{PREFIX}{}", f.path), f.text))
        .collect()
}

/// For each file of [`FILES`], the files it needs: those whose class it names, roth's
/// helper for `String` when it calls one of [`STRING_METHODS`], roth's `ContentViews`
/// (how a run's outcome shows collections) for `Collection`, `Map`, `BigInteger` and
/// `BigDecimal`, and the usual class
/// of a collection interface (what a test gives for it). Computed once: the
/// texts are the binary's.
fn graph() -> &'static [Vec<usize>] {
    static GRAPH: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    GRAPH.get_or_init(|| {
        let index = |class: &str| FILES.iter().position(|f| f.class == class);
        FILES
            .iter()
            .map(|f| {
                let names = identifiers(f.text);
                // Collection's `stream()`, Arrays' `stream` and StringMethods' `chars` name
                // the streams, which every unit using a collection, an array or a String
                // method would then read: they are read only for a text naming them or
                // saying `stream` or `chars` (see `needed`).
                let mut needs: Vec<usize> = (0..FILES.len())
                    .filter(|&j| FILES[j].class != f.class && names.contains(FILES[j].class))
                    .filter(|&j| is_stream(f) || !is_stream(&FILES[j]))
                    .collect();
                let helper = index("StringMethods");
                if f.class != "StringMethods" && STRING_METHODS.iter().any(|m| names.contains(m)) {
                    needs.extend(helper);
                }
                // `getClass()` makes objects of `Class`.
                if names.contains("getClass") {
                    needs.extend(index("Class"));
                }
                if matches!(f.class, "Collection" | "Map" | "BigInteger" | "BigDecimal") {
                    needs.extend(index("ContentViews"));
                }
                // A test gives a parameter of an interface type an object of the JDK's usual
                // class for it (see `testgen::library_inputs`). Not for `Iterable`, which
                // roth's own `String.join` names: every unit calling a String method would
                // read the lists.
                let usual = match f.class {
                    "Collection" | "List" => Some("ArrayList"),
                    "Set" => Some("HashSet"),
                    "Map" => Some("HashMap"),
                    "Queue" | "Deque" => Some("ArrayDeque"),
                    "SortedSet" | "NavigableSet" => Some("TreeSet"),
                    "SortedMap" | "NavigableMap" => Some("TreeMap"),
                    _ => None,
                };
                needs.extend(usual.and_then(index));
                needs
            })
            .collect()
    })
}

/// Whether `f` is one of the files of `java.util.stream`.
fn is_stream(f: &JdkFile) -> bool {
    f.path.starts_with("java/util/stream/")
}

/// The identifiers of a text (words of letters, digits, `_` and `$`), comments and string
/// literals included: a file that only mentions a class in a comment reads it for nothing,
/// which is harmless.
fn identifiers(text: &str) -> HashSet<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The methods of `String` that roth's `StringMethods` writes in Java.
const STRING_METHODS: &[&str] = &[
    "trim",
    "indexOf",
    "lastIndexOf",
    "contains",
    "startsWith",
    "endsWith",
    "regionMatches",
    "concat",
    "replace",
    "repeat",
    "join",
    "toUpperCase",
    "toLowerCase",
    "strip",
    "stripLeading",
    "stripTrailing",
    "isBlank",
    "equalsIgnoreCase",
    "compareToIgnoreCase",
    "chars",
    "getBytes",
];

/// The methods of `String` that take a regular expression, which roth's
/// `StringRegexMethods` writes in Java with `java.util.regex`.
pub(crate) const REGEX_METHODS: &[&str] = &["split", "matches", "replaceAll", "replaceFirst"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_needed_by_the_names_a_text_uses_and_transitively() {
        let paths = |texts: &[&str], boxing| -> Vec<String> {
            needed(texts, boxing).into_iter().map(|(p, _)| p).collect()
        };
        assert!(paths(&["class A { int x; }"], false).is_empty());
        // `IntegerBox` is not `Integer`.
        assert!(paths(&["class IntegerBox { }"], false).is_empty());
        let integer = paths(&["class A { Integer x; }"], false);
        for class in ["Integer", "Number", "Comparable", "Character"] {
            assert!(
                integer.contains(&format!("{PREFIX}java/lang/{class}.java")),
                "{integer:?}"
            );
        }
        // Integer's radix texts are Long's; nothing names Double.
        assert!(
            !integer.iter().any(|p| p.ends_with("/Double.java")),
            "{integer:?}"
        );
        // All the boxes: java.lang, and through roth's `String.join` over an `Iterable` its
        // iterator and through `getBytes` the charsets, but none of the collections.
        let boxing = paths(&["class A { }"], true);
        assert!(
            boxing.iter().all(|p| p.contains("/java/lang/")
                // `getBytes(Charset)` in roth's StringMethods.
                || p.contains("/java/nio/charset/")
                || ["Iterator", "Objects", "Consumer"]
                    .iter()
                    .any(|c| p.ends_with(&format!("/{c}.java")))),
            "{boxing:?}"
        );
        assert!(
            boxing.iter().any(|p| p.ends_with("Double.java")),
            "{boxing:?}"
        );
        let objects = paths(&["import java.util.Objects;"], false);
        assert_eq!(objects, [format!("{PREFIX}java/util/Objects.java")]);
        // A String method written in Java brings roth's helper class, and what it names.
        let trim = paths(
            &["class A { String f(String s) { return s.trim(); } }"],
            false,
        );
        assert!(
            trim.contains(&format!("{PREFIX}java/lang/StringMethods.java")),
            "{trim:?}"
        );
        assert!(paths(&["class A { String trimmed; }"], false).is_empty());
        // The regular expression files come with a String method taking a regular
        // expression, or with their classes named, and only then.
        let regex = |texts: &[&str]| {
            paths(texts, false)
                .iter()
                .any(|p| p.ends_with("/java/util/regex/Pattern.java"))
        };
        assert!(!regex(&[
            "class A { String f(String s) { return s.trim(); } }"
        ]));
        assert!(regex(&[
            "class A { String[] f(String s) { return s.split(\",\"); } }"
        ]));
        assert!(regex(&[
            "class A { boolean f(String s) { return s.matches(\"a+\"); } }"
        ]));
        assert!(regex(&["import java.util.regex.Matcher;"]));
        // A list does not bring the streams its `stream()` names; saying `stream` does.
        let list = paths(&["class A { java.util.ArrayList<Integer> l; }"], false);
        assert!(
            list.iter().any(|p| p.ends_with("/ArrayList.java"))
                && !list.iter().any(|p| p.contains("/stream/")),
            "{list:?}"
        );
        let stream = paths(
            &["class A { int f(java.util.List<Integer> l) { return (int) l.stream().count(); } }"],
            false,
        );
        assert!(
            stream
                .iter()
                .any(|p| p.ends_with("/stream/Collectors.java")),
            "{stream:?}"
        );
    }
}

#[cfg(test)]
mod model_tests {
    use super::*;

    /// Every method of roth's model of the JDK is in the subset roth reads: a unit naming
    /// every class of the model (and `stream`) reads them all, and none is refused.
    #[test]
    fn every_method_of_the_model_is_in_the_subset() {
        let names: Vec<&str> = FILES.iter().map(|f| f.class).collect();
        let source = format!("// stream {}\nclass T {{ }}\n", names.join(" "));
        let unit = crate::program::load("T.java", &source).expect("loads");
        let mut bad = Vec::new();
        for (c, class) in unit.classes.iter().enumerate() {
            if !unit.is_library(c as u32) {
                continue;
            }
            for m in class.methods.iter().filter(|m| m.is_declared()) {
                if let Err(d) = &m.body {
                    bad.push(format!(
                        "{}.{} {}:{}: {}",
                        class.name, m.name, d.path, d.line, d.message
                    ));
                }
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        assert!(
            unit.others.len() >= FILES.len(),
            "{} of {} files read",
            unit.others.len(),
            FILES.len()
        );
    }
}
