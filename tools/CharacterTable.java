/**
 * CharacterTable: writes roth's table of {@code java.lang.Character} data,
 * {@code src/program/execution/interp/character_data.rs}, from the running JDK's own
 * {@code Character} and {@code String} methods, so that roth's interpreter answers
 * {@code Character.getType}, {@code isLetter}, {@code toUpperCase}, ... exactly as JDK 17 does.
 *
 * <p>Run it with the source launcher of JDK 17, from the repository root:
 *
 * <pre>
 *   java tools/CharacterTable.java src/program/execution/interp/character_data.rs
 * </pre>
 *
 * <p>For every code point in U+0000..U+10FFFF it records, from the {@code int} overloads of
 * {@code Character}, the general category ({@code getType}), a bit mask of fifteen predicates,
 * the three single-code-point case mappings as deltas (mapped - code point), and
 * {@code getNumericValue}. For every BMP char it checks that the {@code char} overloads say the
 * same, and fails otherwise. Consecutive code points with the same six values form one run; the
 * Rust side finds a code point's run by binary search. The last run covers every int above
 * U+10FFFF too, and (as the caller passes a Java int as {@code u32}) the negative ones: the
 * program checks that the JDK answers for such ints what that run says. It also records the
 * String-level case mappings (SpecialCasing, e.g. U+00DF to "SS") where the code point's string
 * {@code toUpperCase(Locale.ROOT)} (or {@code toLowerCase}) differs from the single mapping.
 * The whole output file, including its small Rust API and unit tests (the text block
 * {@link #RUST_API}), comes from this program, so running it again reproduces the file byte
 * for byte; the output is rustfmt-clean ASCII.
 */
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

public class CharacterTable {

    /** One past the last code point: the first int that is none. */
    private static final int INVALID = Character.MAX_CODE_POINT + 1;

    /**
     * A predicate of the mask: its Rust constant's name, the Java method, its test on an
     * {@code int} code point, and its test through the {@code char} overload (given a BMP char
     * as an int), which must agree on every BMP char.
     */
    private record Predicate(String constant, String method, IntPredicate ofInt,
            IntPredicate ofChar) {}

    /**
     * The predicates in bit order (bit 0 first). isAlphabetic and isIdeographic exist only for
     * int code points, so their "char overload" is the int one.
     */
    private static final List<Predicate> PREDICATES = List.of(
            new Predicate("LETTER", "isLetter", Character::isLetter,
                    c -> Character.isLetter((char) c)),
            new Predicate("DIGIT", "isDigit", Character::isDigit,
                    c -> Character.isDigit((char) c)),
            new Predicate("LETTER_OR_DIGIT", "isLetterOrDigit", Character::isLetterOrDigit,
                    c -> Character.isLetterOrDigit((char) c)),
            new Predicate("ALPHABETIC", "isAlphabetic", Character::isAlphabetic,
                    Character::isAlphabetic),
            new Predicate("UPPER_CASE", "isUpperCase", Character::isUpperCase,
                    c -> Character.isUpperCase((char) c)),
            new Predicate("LOWER_CASE", "isLowerCase", Character::isLowerCase,
                    c -> Character.isLowerCase((char) c)),
            new Predicate("TITLE_CASE", "isTitleCase", Character::isTitleCase,
                    c -> Character.isTitleCase((char) c)),
            new Predicate("WHITESPACE", "isWhitespace", Character::isWhitespace,
                    c -> Character.isWhitespace((char) c)),
            new Predicate("SPACE_CHAR", "isSpaceChar", Character::isSpaceChar,
                    c -> Character.isSpaceChar((char) c)),
            new Predicate("JAVA_IDENTIFIER_START", "isJavaIdentifierStart",
                    Character::isJavaIdentifierStart,
                    c -> Character.isJavaIdentifierStart((char) c)),
            new Predicate("JAVA_IDENTIFIER_PART", "isJavaIdentifierPart",
                    Character::isJavaIdentifierPart,
                    c -> Character.isJavaIdentifierPart((char) c)),
            new Predicate("IDEOGRAPHIC", "isIdeographic", Character::isIdeographic,
                    Character::isIdeographic),
            new Predicate("DEFINED", "isDefined", Character::isDefined,
                    c -> Character.isDefined((char) c)),
            new Predicate("ISO_CONTROL", "isISOControl", Character::isISOControl,
                    c -> Character.isISOControl((char) c)),
            new Predicate("MIRRORED", "isMirrored", Character::isMirrored,
                    c -> Character.isMirrored((char) c)));

    /** What the table holds for one code point; equal values for neighbours make one run. */
    private record Props(int kind, int mask, int upper, int lower, int title, int numeric) {

        /** The values of the int {@code c} by the int overloads, mappings as deltas from c. */
        static Props of(int c) {
            int mask = 0;
            for (int bit = 0; bit < PREDICATES.size(); bit++) {
                if (PREDICATES.get(bit).ofInt().test(c)) {
                    mask |= 1 << bit;
                }
            }
            return new Props(Character.getType(c), mask, Character.toUpperCase(c) - c,
                    Character.toLowerCase(c) - c, Character.toTitleCase(c) - c,
                    Character.getNumericValue(c));
        }

        /** The values of the BMP char {@code c} by the char overloads. */
        static Props ofChar(char c) {
            int mask = 0;
            for (int bit = 0; bit < PREDICATES.size(); bit++) {
                if (PREDICATES.get(bit).ofChar().test(c)) {
                    mask |= 1 << bit;
                }
            }
            return new Props(Character.getType(c), mask, Character.toUpperCase(c) - c,
                    Character.toLowerCase(c) - c, Character.toTitleCase(c) - c,
                    Character.getNumericValue(c));
        }
    }

    /** What the JDK says about an int that is no code point: nothing, mapped to itself. */
    private static final Props NO_CODE_POINT = new Props(Character.UNASSIGNED, 0, 0, 0, 0, -1);

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java tools/CharacterTable.java OUTPUT.rs");
            System.exit(2);
        }
        // The header promises JDK 17's data (Unicode 13.0); another JDK has other Unicode.
        if (Runtime.version().feature() != 17) {
            System.err.println("CharacterTable needs JDK 17, not " + Runtime.version());
            System.exit(1);
        }
        checkOverloads();
        StringBuilder out = new StringBuilder();
        out.append(HEADER);
        out.append('\n');
        appendConstants(out);
        appendRuns(out);
        appendExpansions(out, "UPPER_EXPANSIONS", "toUpperCase", true);
        appendExpansions(out, "LOWER_EXPANSIONS", "toLowerCase", false);
        out.append(RUST_API);
        Files.writeString(Path.of(args[0]), out.toString(), StandardCharsets.UTF_8);
    }

    /**
     * Fails unless the char overloads agree with the int ones on every BMP char, and unless
     * ints that are no code point (negative ones, and those above U+10FFFF) get
     * {@link #NO_CODE_POINT}, on a sample of them.
     */
    private static void checkOverloads() {
        for (int i = 0; i <= 0xFFFF; i++) {
            Props ofInt = Props.of(i);
            Props ofChar = Props.ofChar((char) i);
            if (!ofInt.equals(ofChar)) {
                throw new IllegalStateException(String.format(
                        "U+%04X: the int overloads give %s, the char ones %s", i, ofInt, ofChar));
            }
        }
        List<Integer> invalid = new ArrayList<>(List.of(INVALID, INVALID + 1, 0xFFFFFF,
                Integer.MAX_VALUE, -1, -2, -0xFFFF, -0x110000, Integer.MIN_VALUE));
        for (long i = Integer.MIN_VALUE; i <= Integer.MAX_VALUE; i += 65_537) {
            if (i < 0 || i > Character.MAX_CODE_POINT) {
                invalid.add((int) i);
            }
        }
        for (int i : invalid) {
            if (!Props.of(i).equals(NO_CODE_POINT)) {
                throw new IllegalStateException(String.format(
                        "the int %d, no code point, gives %s, not %s", i, Props.of(i),
                        NO_CODE_POINT));
            }
        }
    }

    /** The predicate bits as Rust constants. */
    private static void appendConstants(StringBuilder out) {
        for (int bit = 0; bit < PREDICATES.size(); bit++) {
            Predicate p = PREDICATES.get(bit);
            out.append(String.format("/// `Character.%s`.\n", p.method()));
            out.append(String.format("pub(crate) const %s: u16 = 0x%04X;\n", p.constant(),
                    1 << bit));
        }
        out.append('\n');
    }

    /**
     * The runs: a new run starts wherever a code point's values differ from its predecessor's.
     * One past U+10FFFF, the values of an int that is no code point, so that the last run
     * covers all of those (it does not start a run of its own if U+10FFFF has those values).
     */
    private static void appendRuns(StringBuilder out) {
        List<String> lines = new ArrayList<>();
        Props previous = null;
        for (int i = 0; i <= INVALID; i++) {
            Props p = i == INVALID ? NO_CODE_POINT : Props.of(i);
            if (!p.equals(previous)) {
                lines.add(String.format("    (0x%04X, %d, 0x%04X, %d, %d, %d, %d),\n", i, p.kind(),
                        p.mask(), p.upper(), p.lower(), p.title(), p.numeric()));
                previous = p;
            }
        }
        out.append("/// The runs, by first code point: (first code point, `getType`, predicate mask,"
                + " upper\n/// delta, lower delta, title delta, `getNumericValue`); a delta is the"
                + " mapped code point\n/// minus the code point. A run lasts up to the next run's"
                + " first code point, the last one\n/// to `u32::MAX`: it has the values of an int"
                + " that is no code point.\n");
        out.append(String.format("static RUNS: [Run; %d] = [\n", lines.size()));
        lines.forEach(out::append);
        out.append("];\n\n");
    }

    /**
     * The code points whose String-level case mapping (Locale.ROOT) is not the single one.
     * Context-free: U+03A3 (capital sigma) lowers to U+03C2 (final sigma) at the end of a
     * word, which String.toLowerCase decides from the neighbours; a lone U+03A3 gives U+03C3,
     * the single mapping, so it has no entry here and callers must apply that rule.
     */
    private static void appendExpansions(StringBuilder out, String name, String method,
            boolean upper) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i <= Character.MAX_CODE_POINT; i++) {
            String single = new String(Character.toChars(
                    upper ? Character.toUpperCase(i) : Character.toLowerCase(i)));
            String alone = new String(Character.toChars(i));
            String whole = upper ? alone.toUpperCase(Locale.ROOT)
                    : alone.toLowerCase(Locale.ROOT);
            if (!whole.equals(single)) {
                entries.add(String.format("(0x%04X, \"%s\")", i, rustString(whole)));
            }
        }
        out.append(String.format("/// The code points whose `String.%s(Locale.ROOT)` is not"
                + " their single\n/// mapping, with that string (SpecialCasing), by code point.\n",
                method));
        String start = String.format("static %s: [(u32, &str); %d] = ", name, entries.size());
        String oneLine = "[" + String.join(", ", entries) + "]";
        // rustfmt's layout of an array: on one line if short enough (its `array_width` of 60
        // and `max_width` of 100), else one entry per line.
        if (oneLine.length() <= 60 && start.length() + oneLine.length() + 1 <= 100) {
            out.append(start).append(oneLine).append(";\n\n");
        } else {
            out.append(start).append("[\n");
            entries.forEach(entry -> out.append("    ").append(entry).append(",\n"));
            out.append("];\n\n");
        }
    }

    /** {@code s} as the body of a Rust string literal: printable ASCII as is, the rest escaped. */
    private static String rustString(String s) {
        StringBuilder body = new StringBuilder();
        s.codePoints().forEach(cp -> {
            if (Character.isSurrogate((char) cp) && cp <= 0xFFFF) {
                throw new IllegalStateException("a lone surrogate has no Rust string");
            }
            if (cp >= 0x20 && cp < 0x7F && cp != '"' && cp != '\\') {
                body.append((char) cp);
            } else {
                body.append(String.format("\\u{%x}", cp));
            }
        });
        return body.toString();
    }

    /** The file's header: what it is, where it comes from, how its data is laid out. */
    private static final String HEADER = """
        //! `java.lang.Character` data for every code point (U+0000..=U+10FFFF) exactly as JDK 17's
        //! `int` overloads define it (Unicode 13.0), which for a BMP char agree with the `char`
        //! ones: `getType`, the boolean predicates (`isLetter`, `isUpperCase`, ...), `toUpperCase` /
        //! `toLowerCase` / `toTitleCase`, `getNumericValue`, and the String-level case mappings that
        //! are not one code point (U+00DF, sharp s, upper-cases to `"SS"`). An `int` that is no code
        //! point (above U+10FFFF, or negative) is unassigned, with no predicates, mapped to itself
        //! and of numeric value -1, as in the JDK.
        //!
        //! GENERATED by `tools/CharacterTable.java` from JDK 17's own `Character` and `String`
        //! methods: do not edit. To regenerate, with JDK 17's `java` on PATH, at the repository root:
        //!
        //! ```text
        //! java tools/CharacterTable.java src/program/execution/interp/character_data.rs
        //! ```
        //!
        //! The data is run-length encoded: [`RUNS`] holds, sorted by first code point, one entry per
        //! run of consecutive code points with the same category, predicate mask, case-mapping deltas
        //! (mapped code point minus code point) and numeric value; [`info`] finds a code point's run
        //! by binary search. [`upper_expansion`] and [`lower_expansion`] give
        //! `String.toUpperCase(Locale.ROOT)` and `toLowerCase(Locale.ROOT)` of the code point's string
        //! where that is not the single mapping. They are context-free: U+03A3 (capital sigma) is
        //! special, as `String.toLowerCase` maps it to U+03C2 (final sigma) at the end of a word,
        //! decided by its neighbours; alone it gives U+03C3, which is what [`info`] says, and
        //! applying the rule is up to the caller.

        // The predicate bits are read by roth's model `Character.java`, whose constants a test
        // holds equal to these; Rust code names them only in tests.
        #![allow(dead_code)]
        """;

    /** The Rust API over the data, and its unit tests, copied verbatim after the data. */
    private static final String RUST_API = """
        /// One run: (first code point, `getType`, predicate mask, upper delta, lower delta, title
        /// delta, `getNumericValue`).
        type Run = (u32, u8, u16, i32, i32, i32, i32);

        /// What `java.lang.Character` says about one code point (or an `int` that is none).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) struct CharInfo {
            /// `Character.getType`: the general category, 0 (`UNASSIGNED`) to 30.
            pub kind: u8,
            /// The predicates that hold, as bits ([`LETTER`], [`DIGIT`], ...).
            pub mask: u16,
            /// `Character.toUpperCase(int)`, as the `u32` of the Java `int`.
            pub upper: u32,
            /// `Character.toLowerCase(int)`, as the `u32` of the Java `int`.
            pub lower: u32,
            /// `Character.toTitleCase(int)`, as the `u32` of the Java `int`.
            pub title: u32,
            /// `Character.getNumericValue(int)`: -1 for none, -2 for a value that is not a
            /// non-negative integer (such as U+00BD, one half).
            pub numeric: i32,
        }

        /// What `java.lang.Character`'s `int` overloads say about `c`, the `c as u32` of a Java
        /// `int`: a negative one arrives above U+10FFFF and, as in the JDK, is no code point, so it
        /// is `UNASSIGNED`, with no predicates, mapped to itself (`upper as i32` gives the `int`
        /// back) and of numeric value -1.
        pub(crate) fn info(c: u32) -> CharInfo {
            // The first run starts at U+0000, so some run starts at or before `c`; the last one
            // covers every `u32` from its start on.
            let run = RUNS[RUNS.partition_point(|run| run.0 <= c) - 1];
            let (_, kind, mask, upper, lower, title, numeric) = run;
            let map = |delta: i32| c.wrapping_add_signed(delta);
            CharInfo {
                kind,
                mask,
                upper: map(upper),
                lower: map(lower),
                title: map(title),
                numeric,
            }
        }

        /// `String.valueOf(Character.toChars(c)).toUpperCase(Locale.ROOT)` where that is not
        /// `Character.toUpperCase(c)` (such as `"SS"` for U+00DF); `None` for no code point.
        pub(crate) fn upper_expansion(c: u32) -> Option<&'static str> {
            expansion(&UPPER_EXPANSIONS, c)
        }

        /// `String.valueOf(Character.toChars(c)).toLowerCase(Locale.ROOT)` where that is not
        /// `Character.toLowerCase(c)` (U+0130 gives `"i"` and U+0307); context-free, see the
        /// module's note on U+03A3; `None` for no code point.
        pub(crate) fn lower_expansion(c: u32) -> Option<&'static str> {
            expansion(&LOWER_EXPANSIONS, c)
        }

        /// The string of `c` in `table` (sorted by code point), if it has one.
        fn expansion(table: &[(u32, &'static str)], c: u32) -> Option<&'static str> {
            table
                .binary_search_by_key(&c, |entry| entry.0)
                .ok()
                .map(|at| table[at].1)
        }

        #[cfg(test)]
        mod tests {
            use super::*;
            use std::process::Command;

            /// The code points of a one-code-point string's case mapping: its expansion, or
            /// `single`.
            fn code_points(expansion: Option<&str>, single: u32) -> Vec<u32> {
                expansion.map_or(vec![single], |s| s.chars().map(u32::from).collect())
            }

            #[test]
            fn the_runs_are_sorted_and_distinct() {
                assert_eq!(RUNS[0].0, 0);
                let values = |run: &Run| (run.1, run.2, run.3, run.4, run.5, run.6);
                for pair in RUNS.windows(2) {
                    assert!(pair[0].0 < pair[1].0);
                    assert_ne!(values(&pair[0]), values(&pair[1]));
                }
                // The last run, on to `u32::MAX`, is that of no code point.
                let last = RUNS[RUNS.len() - 1];
                assert!(last.0 <= 0x11_0000);
                assert_eq!(values(&last), (0, 0, 0, 0, 0, -1));
                for table in [&UPPER_EXPANSIONS[..], &LOWER_EXPANSIONS[..]] {
                    assert!(table.windows(2).all(|pair| pair[0].0 < pair[1].0));
                }
            }

            #[test]
            fn latin_letters() {
                let a = info(u32::from(b'A'));
                assert_eq!(a.kind, 1); // UPPERCASE_LETTER
                let letter = LETTER | LETTER_OR_DIGIT | ALPHABETIC | JAVA_IDENTIFIER_START;
                assert_eq!(a.mask, letter | JAVA_IDENTIFIER_PART | DEFINED | UPPER_CASE);
                assert_eq!((a.upper, a.lower, a.title), (0x41, 0x61, 0x41));
                assert_eq!(a.numeric, 10);
                // U+00E9, e with acute, is lower case and maps to U+00C9.
                let e = info(0xE9);
                assert_eq!(e.kind, 2); // LOWERCASE_LETTER
                assert!(e.mask & LOWER_CASE != 0 && e.mask & UPPER_CASE == 0);
                assert_eq!((e.upper, e.lower, e.title), (0xC9, 0xE9, 0xC9));
                assert_eq!(e.numeric, -1);
                assert_eq!(info(0xC9).lower, 0xE9);
            }

            #[test]
            fn digits_and_numbers() {
                // U+0663, Arabic-Indic digit three.
                let three = info(0x663);
                assert_eq!(three.kind, 9); // DECIMAL_DIGIT_NUMBER
                assert!(three.mask & DIGIT != 0 && three.mask & LETTER == 0);
                assert_eq!(three.numeric, 3);
                // U+2160, Roman numeral one.
                let one = info(0x2160);
                assert_eq!(one.kind, 10); // LETTER_NUMBER
                assert_eq!(one.numeric, 1);
                assert_eq!(one.lower, 0x2170);
                // U+00BD, one half: a value that is not an integer.
                let half = info(0xBD);
                assert_eq!(half.kind, 11); // OTHER_NUMBER
                assert_eq!(half.numeric, -2);
                assert_eq!(info(u32::from(b'z')).numeric, 35);
                assert_eq!(info(u32::from(b'!')).numeric, -1);
            }

            #[test]
            fn spaces_and_controls() {
                // U+00A0, no-break space: a space char, not Java whitespace.
                let nbsp = info(0xA0);
                assert_eq!(nbsp.kind, 12); // SPACE_SEPARATOR
                assert!(nbsp.mask & SPACE_CHAR != 0 && nbsp.mask & WHITESPACE == 0);
                let space = info(0x20);
                assert!(space.mask & SPACE_CHAR != 0 && space.mask & WHITESPACE != 0);
                let tab = info(0x09);
                assert_eq!(tab.kind, 15); // CONTROL
                assert!(tab.mask & WHITESPACE != 0 && tab.mask & ISO_CONTROL != 0);
                assert!(tab.mask & SPACE_CHAR == 0);
                assert!(info(u32::from(b'(')).mask & MIRRORED != 0);
            }

            #[test]
            fn unassigned_chars_and_unicode_13() {
                // U+0378 is unassigned; U+061D came with Unicode 14, U+08BE with Unicode 13.
                for c in [0x378, 0x61D, 0xFFFE, 0xFFFF, 0x10_FFFF] {
                    assert_eq!(info(c).kind, 0, "U+{c:04X}"); // UNASSIGNED
                    assert_eq!(info(c).mask & DEFINED, 0, "U+{c:04X}");
                }
                assert!(info(0x8BE).mask & DEFINED != 0);
                assert_eq!(info(0xD800).kind, 19); // SURROGATE
                assert_eq!(info(0x4E00).mask & IDEOGRAPHIC, IDEOGRAPHIC);
                // U+20000, the first of CJK extension B; U+F0000, private use.
                assert_eq!(info(0x2_0000).mask & IDEOGRAPHIC, IDEOGRAPHIC);
                assert_eq!(info(0xF_0000).kind, 18); // PRIVATE_USE
            }

            #[test]
            fn supplementary_code_points() {
                // U+10400, Deseret capital long I: an upper-case letter, lowering to U+10428.
                let long_i = info(0x1_0400);
                assert_eq!(long_i.kind, 1); // UPPERCASE_LETTER
                assert!(long_i.mask & LETTER != 0 && long_i.mask & UPPER_CASE != 0);
                assert_eq!(
                    (long_i.upper, long_i.lower, long_i.title),
                    (0x1_0400, 0x1_0428, 0x1_0400)
                );
                assert_eq!(info(0x1_0428).upper, 0x1_0400);
                // U+1F600, grinning face: a symbol, no letter.
                let grin = info(0x1_F600);
                assert_eq!(grin.kind, 28); // OTHER_SYMBOL
                assert_eq!(grin.mask & (LETTER | LETTER_OR_DIGIT | ALPHABETIC), 0);
                assert!(grin.mask & DEFINED != 0);
                // U+1D7CE, mathematical bold digit zero.
                assert_eq!(info(0x1_D7CE).numeric, 0);
            }

            #[test]
            fn ints_that_are_no_code_point() {
                // -1, `i32::MIN`, one past U+10FFFF and `i32::MAX`, as `c as u32` of the `int`.
                for c in [u32::MAX, 0x8000_0000, 0x11_0000, 0x7FFF_FFFF] {
                    let none = CharInfo {
                        kind: 0,
                        mask: 0,
                        upper: c,
                        lower: c,
                        title: c,
                        numeric: -1,
                    };
                    assert_eq!(info(c), none, "{c:#x}");
                    assert_eq!(upper_expansion(c), None);
                    assert_eq!(lower_expansion(c), None);
                }
                assert_eq!(info(-1i32 as u32).upper as i32, -1);
            }

            #[test]
            fn expansions() {
                // U+00DF, sharp s: `toUpperCase(char)` keeps it, the String gives "SS".
                assert_eq!(info(0xDF).upper, 0xDF);
                assert_eq!(upper_expansion(0xDF), Some("SS"));
                assert_eq!(upper_expansion(u32::from(b'a')), None);
                // U+0130, capital I with dot: the char lowers to "i", the String to "i" U+0307.
                assert_eq!(info(0x130).lower, u32::from(b'i'));
                assert_eq!(code_points(lower_expansion(0x130), 0), [0x69, 0x307]);
                // U+03A3, capital sigma: context-free, a lone one lowers to U+03C3.
                assert_eq!(lower_expansion(0x3A3), None);
                assert_eq!(info(0x3A3).lower, 0x3C3);
                // U+01C5, a title-case digraph.
                let dz = info(0x1C5);
                assert_eq!((dz.upper, dz.lower, dz.title), (0x1C4, 0x1C6, 0x1C5));
                assert!(dz.mask & TITLE_CASE != 0);
            }

            /// Whether the comparison with the JVM samples the code point `i`: every one below
            /// U+0250, every 37th, Deseret to Osage (U+10400..U+10500, case pairs) and the
            /// mathematical letters and digits (U+1D400..U+1D800).
            fn sampled(i: u32) -> bool {
                i < 0x250
                    || i.is_multiple_of(37)
                    || (0x1_0400..0x1_0500).contains(&i)
                    || (0x1_D400..0x1_D800).contains(&i)
            }

            /// The Java program the comparison runs: for every code point `sampled` picks, then
            /// for the ints -1, 0x110000 and 0x7fffffff, a line with what `Character` and
            /// `String` say about it (`-` for the strings of an int that is no code point).
            const DUMP: &str = r#"
        public class Dump {
            public static void main(String[] args) {
                for (int i = 0; i <= Character.MAX_CODE_POINT; i++) {
                    if (i < 0x250 || i % 37 == 0 || (i >= 0x10400 && i < 0x10500)
                            || (i >= 0x1D400 && i < 0x1D800)) {
                        dump(i);
                    }
                }
                dump(-1);
                dump(0x110000);
                dump(0x7fffffff);
            }

            static void dump(int i) {
                boolean[] p = {
                    Character.isLetter(i), Character.isDigit(i), Character.isLetterOrDigit(i),
                    Character.isAlphabetic(i), Character.isUpperCase(i), Character.isLowerCase(i),
                    Character.isTitleCase(i), Character.isWhitespace(i), Character.isSpaceChar(i),
                    Character.isJavaIdentifierStart(i), Character.isJavaIdentifierPart(i),
                    Character.isIdeographic(i), Character.isDefined(i), Character.isISOControl(i),
                    Character.isMirrored(i),
                };
                StringBuilder line = new StringBuilder();
                line.append(i).append(' ').append(Character.getType(i)).append(' ');
                for (boolean b : p) {
                    line.append(b ? '1' : '0');
                }
                line.append(' ').append(Character.toUpperCase(i));
                line.append(' ').append(Character.toLowerCase(i));
                line.append(' ').append(Character.toTitleCase(i));
                line.append(' ').append(Character.getNumericValue(i));
                if (Character.isValidCodePoint(i)) {
                    String s = new String(Character.toChars(i));
                    line.append(' ').append(codePoints(s.toUpperCase(java.util.Locale.ROOT)));
                    line.append(' ').append(codePoints(s.toLowerCase(java.util.Locale.ROOT)));
                } else {
                    line.append(" - -");
                }
                System.out.println(line);
            }

            /** The code points of `s`, in decimal, separated by commas. */
            static String codePoints(String s) {
                StringBuilder out = new StringBuilder();
                s.codePoints().forEach(cp -> {
                    if (out.length() > 0) {
                        out.append(',');
                    }
                    out.append(cp);
                });
                return out.toString();
            }
        }
        "#;

            /// The table against the `java` on PATH (skipped without one), field by field.
            #[test]
            fn agrees_with_the_jvm() {
                if Command::new("java").arg("-version").output().is_err() {
                    eprintln!("skipped: no `java` on PATH to compare the character table with");
                    return;
                }
                let dir = std::env::temp_dir().join(format!("roth-character-data-{}", std::process::id()));
                std::fs::create_dir_all(&dir).expect("the temporary folder is made");
                let file = dir.join("Dump.java");
                std::fs::write(&file, DUMP).expect("the Java program is written");
                let output = Command::new("java").arg(&file).output().expect("java runs");
                std::fs::remove_dir_all(&dir).ok();
                assert!(
                    output.status.success(),
                    "{}",
                    String::from_utf8_lossy(&output.stderr)
                );
                let text = String::from_utf8(output.stdout).expect("the output is UTF-8");
                // The predicates in the order `Dump` prints them.
                let bits = [
                    LETTER,
                    DIGIT,
                    LETTER_OR_DIGIT,
                    ALPHABETIC,
                    UPPER_CASE,
                    LOWER_CASE,
                    TITLE_CASE,
                    WHITESPACE,
                    SPACE_CHAR,
                    JAVA_IDENTIFIER_START,
                    JAVA_IDENTIFIER_PART,
                    IDEOGRAPHIC,
                    DEFINED,
                    ISO_CONTROL,
                    MIRRORED,
                ];
                // A Java `int` as the `u32` that `info` takes.
                let int = |field: &str| -> u32 { field.parse::<i32>().expect("an int") as u32 };
                let code_points_of = |field: &str| -> Vec<u32> {
                    field
                        .split(',')
                        .map(|cp| cp.parse().expect("a code point"))
                        .collect()
                };
                let mut seen = Vec::new();
                for line in text.lines() {
                    let fields: Vec<&str> = line.split(' ').collect();
                    assert_eq!(fields.len(), 9, "{line}");
                    let c = int(fields[0]);
                    assert_eq!(fields[2].len(), bits.len(), "{line}");
                    let mask = fields[2]
                        .bytes()
                        .zip(bits)
                        .filter(|&(flag, _)| flag == b'1')
                        .fold(0, |mask, (_, bit)| mask | bit);
                    let jvm = CharInfo {
                        kind: int(fields[1]) as u8,
                        mask,
                        upper: int(fields[3]),
                        lower: int(fields[4]),
                        title: int(fields[5]),
                        numeric: int(fields[6]) as i32,
                    };
                    let ours = info(c);
                    assert_eq!(ours, jvm, "{c:#X}");
                    if fields[7] == "-" {
                        assert!(c > 0x10_FFFF, "{line}");
                        assert_eq!(upper_expansion(c), None, "{c:#X}");
                        assert_eq!(lower_expansion(c), None, "{c:#X}");
                    } else {
                        assert_eq!(
                            code_points(upper_expansion(c), ours.upper),
                            code_points_of(fields[7]),
                            "U+{c:04X}"
                        );
                        assert_eq!(
                            code_points(lower_expansion(c), ours.lower),
                            code_points_of(fields[8]),
                            "U+{c:04X}"
                        );
                    }
                    seen.push(c);
                }
                let mut expected: Vec<u32> = (0..=0x10_FFFF).filter(|&i| sampled(i)).collect();
                expected.extend([u32::MAX, 0x11_0000, 0x7FFF_FFFF]);
                assert_eq!(seen, expected);
            }
        }
        """;
}
