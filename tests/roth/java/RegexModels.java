import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

// java.util.regex as roth models it (`src/program/jdk/java/util/regex/`) and the String methods
// taking a regular expression, for the differential test (not a mutation subject). Each
// method draws random patterns from a grammar of the syntax roth supports (literals and
// escapes, \Q..\E, classes with ranges, negation, union and intersection, the predefined and
// POSIX classes, greedy, reluctant and possessive quantifiers, capturing, non-capturing,
// named, atomic and lookahead groups, alternation, anchors, back references, the flags i, m
// and s), now and then broken into a syntax error, and random texts over a small alphabet
// (line terminators, a non-ASCII letter, a combining mark and a surrogate pair among them);
// it returns the trace of what the regular expressions answer (matches, every find() with
// its groups, splits with several limits, replacements, exceptions with their messages), so
// roth and the JVM must agree on every one.
public class RegexModels {
    /** A small linear congruential generator: the same numbers on roth and on the JVM. */
    private static final class Lcg {
        private int state;

        /** Two numbers, so that the test's small random ints still make many sequences. */
        Lcg(int seed, int salt) {
            state = seed * 1000003 + salt;
        }

        int next(int bound) {
            state = state * 1103515245 + 12345;
            return ((state >>> 8) & 0xffffff) % bound;
        }

        String pick(String[] choices) {
            return choices[next(choices.length)];
        }
    }

    /** Random patterns: `groups` counts the groups opened so far (for back references). */
    private static final class Grammar {
        private final Lcg r;
        private int groups;
        private final boolean quirky;
        /**
         * Whether \p{...} may appear: a char removed from a POSIX name makes a name roth
         * cannot judge (it knows the POSIX classes only), which ends the run as unrepeatable.
         */
        private boolean posix = true;

        Grammar(Lcg r, boolean quirky) {
            this.r = r;
            this.quirky = quirky;
        }

        private static final String[] LITERALS = {"a", "b", "c", "A", "B", "1", "-", " ", "_", "ab", "ba", "aa"};
        private static final String[] ESCAPES = {"\\.", "\\-", "\\t", "\\n", "\\\\", "\\x61", "\\u0062",
            "\\0141", "\\r", "\\[", "\\$", "\\Qa.\\E", "\\Q1+\\E", "\\cA", "\\e", "\\x{63}", "\\*"};
        private static final String[] CLASSES = {"\\d", "\\D", "\\w", "\\W", "\\s", "\\S", ".", "\\p{Alpha}",
            "\\p{Digit}", "\\p{Upper}", "\\p{Lower}", "\\p{Punct}", "\\p{Alnum}", "\\p{Space}", "\\P{Alpha}",
            "\\h", "\\v", "\\H", "\\p{XDigit}", "\\p{Graph}"};
        private static final String[] ANCHORS = {"^", "$", "\\b", "\\B", "\\A", "\\z", "\\Z"};
        private static final String[] FLAGS = {"(?i)", "(?-i)", "(?m)", "(?s)", "(?i)", "(?is)", "(?i-s)"};

        private String classItem() {
            switch (r.next(9)) {
                case 0: return "a-c";
                case 1: return r.pick(new String[] {"a", "b", "A", "1", "-", "_", " ", "^", "&", "]"});
                case 2: return r.pick(new String[] {"\\d", "\\w", "\\s", "\\W", "\\n", "\\-", "\\]", "\\\\", posix ? "\\p{Upper}" : "\\S"});
                case 3: return "[" + classBody() + "]";
                case 4: return "&&";
                case 5: return "A-Z";
                case 6: return "0-9";
                case 7: return "b";
                default: return "a";
            }
        }

        private String classBody() {
            String s = r.next(3) == 0 ? "^" : "";
            int n = 1 + r.next(3);
            for (int i = 0; i < n; i++) {
                s += classItem();
            }
            return s;
        }

        private String quantifier() {
            String q;
            switch (r.next(8)) {
                case 0: case 1: q = "*"; break;
                case 2: case 3: q = "+"; break;
                case 4: q = "?"; break;
                case 5: q = "{" + r.next(3) + "}"; break;
                case 6: q = "{" + r.next(3) + ",}"; break;
                default: {
                    int min = r.next(3);
                    q = "{" + min + "," + (min + r.next(3)) + "}";
                }
            }
            int kind = r.next(6);
            return kind == 0 ? q + "?" : kind == 1 ? q + "+" : q;
        }

        private String atom(int depth) {
            switch (r.next(depth > 2 ? 6 : 11)) {
                case 0: case 1: return r.pick(LITERALS);
                case 2: return r.pick(ESCAPES);
                case 3: return "[" + classBody() + "]";
                case 4: {
                    String c = r.pick(CLASSES);
                    return posix || !c.startsWith("\\p") ? c : "\\d";
                }
                case 5: return r.next(3) == 0 ? r.pick(ANCHORS) : r.pick(LITERALS);
                case 6: case 7: {
                    groups++;
                    return "(" + alternatives(depth + 1) + ")";
                }
                case 8: {
                    String kind = r.pick(new String[] {"(?:", "(?=", "(?!", "(?>", "(?i:", "(?<n>"});
                    if (kind.startsWith("(?<")) {
                        groups++;
                        kind = "(?<n" + groups + ">";
                    }
                    return kind + alternatives(depth + 1) + ")";
                }
                case 9:
                    if (groups > 0) {
                        int g = 1 + r.next(groups);
                        return r.next(4) == 0 ? "\\k<n" + g + ">" : "\\" + g;
                    }
                    return "a";
                default: return r.pick(FLAGS);
            }
        }

        private String sequence(int depth) {
            String s = "";
            int n = r.next(quirky ? 3 : 4);
            for (int i = 0; i < n; i++) {
                s += atom(depth);
                if (r.next(quirky ? 2 : 3) == 0) {
                    s += quantifier();
                }
            }
            return s;
        }

        private String alternatives(int depth) {
            String s = sequence(depth);
            while (r.next(4) == 0) {
                s += "|" + sequence(depth);
            }
            return s;
        }

        /** A pattern; one time in `broken` (when positive) with a char added or removed. */
        String pattern(int broken) {
            groups = 0;
            String p = alternatives(0);
            if (broken > 0 && r.next(broken) == 0 && !p.isEmpty()) {
                int at = r.next(p.length() + 1);
                String[] junk = {"(", ")", "[", "]", "{", "}", "*", "+", "?", "\\", "{2,1}", "x{", "(?",
                    "(?<", "\\k<z>", posix ? "\\p{" : "\\p{}", "|", "\\y", "[b-a]", "(?<n1>)", "\\x{",
                    "\\u00", "&&]"};
                if (r.next(2) == 0) {
                    p = p.substring(0, at) + r.pick(junk) + p.substring(at);
                } else {
                    p = p.substring(0, at) + p.substring(Math.min(p.length(), at + 1));
                }
            }
            return p;
        }
    }

    private static final String ALPHABET = "aaabbbcAB1- _\n\r\u00e9";

    /** A text over a small alphabet; now and then with a combining mark or a surrogate pair. */
    private static String text(Lcg r, String alphabet, int max) {
        int n = r.next(max + 1);
        String s = "";
        for (int i = 0; i < n; i++) {
            s += alphabet.charAt(r.next(alphabet.length()));
        }
        if (r.next(20) == 0) {
            s += "\u0301";
        }
        if (r.next(20) == 0) {
            s = "\ud83d\ude00" + s;
        }
        return s;
    }

    private static String thrown(Exception e) {
        if (e instanceof NullPointerException) {
            return "!NPE";
        }
        return "!" + e.getClass().getName() + ": " + e.getMessage();
    }

    /** The current match: its bounds and every group's. */
    private static String groups(Matcher m) {
        String s = "[" + m.start() + "," + m.end();
        for (int g = 1; g <= m.groupCount(); g++) {
            s += " " + m.start(g) + "-" + m.end(g) + m.group(g);
        }
        return s + "]";
    }

    private static String pieces(String[] parts) {
        String s = "{";
        for (String p : parts) {
            s += p + "|";
        }
        return s + "}";
    }

    /** matches(), lookingAt() and every find() of `p` on `in`, then the state they leave. */
    private static String searches(Pattern p, String in) {
        Matcher m = p.matcher(in);
        String s = "";
        try {
            boolean whole = m.matches();
            s += whole;
            if (whole) {
                s += groups(m);
            }
            s += m.lookingAt() ? "L" + m.end() : "-";
            m.reset();
            int found = 0;
            while (found < 12 && m.find()) {
                s += groups(m);
                found++;
            }
            try {
                s += "e" + m.start() + m.group();
            } catch (IllegalStateException e) {
                s += thrown(e);
            }
            // After a failed find(), the next one starts where the last match ended.
            s += m.find() + "" + m.find();
            if (p.pattern().contains("<n1>")) {
                m.reset();
                if (m.find()) {
                    s += "n" + m.group("n1") + m.start("n1") + m.end("n1");
                }
            }
            if (in.length() > 1) {
                s += m.find(1) ? groups(m) : "F";
            }
            s += m.toString();
        } catch (Exception e) {
            s += thrown(e);
        }
        return s;
    }

    private static Pattern compile(String regex, int flags, StringBuilder trace) {
        try {
            Pattern p = Pattern.compile(regex, flags);
            trace.append("f").append(p.flags()).append(' ');
            return p;
        } catch (PatternSyntaxException e) {
            trace.append(thrown(e)).append(" d=").append(e.getDescription()).append(" i=")
                    .append(e.getIndex()).append(" p=").append(e.getPattern());
            return null;
        }
    }

    /** Random patterns on random texts: every match, its groups and the matcher's state. */
    public static String matching(int seed, int salt) {
        Lcg r = new Lcg(seed, salt);
        StringBuilder sb = new StringBuilder();
        Pattern p = compile(new Grammar(r, false).pattern(10), 0, sb);
        if (p == null) {
            return sb.toString();
        }
        for (int k = 0; k < 4; k++) {
            sb.append(searches(p, text(r, ALPHABET, 8))).append(" / ");
        }
        return sb.toString();
    }

    /**
     * Matcher.results() and toMatchResult(): each result's groups and bounds, a stream cut
     * short by limit (the matcher goes on from there), snapshots read after the matcher moved
     * or was reset, their exceptions.
     */
    public static String results(int seed, int salt) {
        Lcg r = new Lcg(seed, salt);
        StringBuilder sb = new StringBuilder();
        Pattern p = compile(new Grammar(r, false).pattern(10), 0, sb);
        if (p == null) {
            return sb.toString();
        }
        for (int k = 0; k < 3; k++) {
            Matcher m = p.matcher(text(r, ALPHABET, 8));
            int limit = r.next(4);
            java.util.List<MatchResult> all = m.results().limit(limit == 0 ? 100 : limit)
                    .collect(java.util.stream.Collectors.toList());
            for (MatchResult x : all) {
                sb.append(x.start()).append('-').append(x.end()).append('[').append(x.group()).append(']');
                for (int g = 1; g <= x.groupCount(); g++) {
                    sb.append(g).append('=').append(x.group(g)).append('@').append(x.start(g));
                }
                sb.append(' ');
            }
            MatchResult snapshot = m.toMatchResult();
            sb.append(m.find() ? "next " + m.start() : "done").append(' ');
            m.reset();
            try {
                sb.append(snapshot.group(r.next(3))).append(' ').append(snapshot.end());
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" / ");
        }
        return sb.toString();
    }

    /**
     * Patterns dense in repeated groups, alternations, lookaheads and back references, on
     * texts of two letters: the captures Java's backtracking leaves (a repeated group's last
     * iteration, groups set in a lookahead or a failed attempt).
     */
    public static String captures(int seed, int salt) {
        Lcg r = new Lcg(seed, salt);
        StringBuilder sb = new StringBuilder();
        Pattern p = compile(new Grammar(r, true).pattern(0), 0, sb);
        if (p == null) {
            return sb.toString();
        }
        for (int k = 0; k < 4; k++) {
            sb.append(searches(p, text(r, r.next(2) == 0 ? "ab" : "aab\n", 12))).append(" / ");
        }
        return sb.toString();
    }

    /** Flags given to compile: CASE_INSENSITIVE, MULTILINE, DOTALL; String.matches. */
    public static String flags(int seed, int salt) {
        Lcg r = new Lcg(seed, salt);
        StringBuilder sb = new StringBuilder();
        int[] choices = {Pattern.CASE_INSENSITIVE, Pattern.MULTILINE, Pattern.DOTALL,
            Pattern.CASE_INSENSITIVE | Pattern.MULTILINE | Pattern.DOTALL, 0, 0x1000};
        int flags = choices[r.next(choices.length)];
        String regex = new Grammar(r, false).pattern(12);
        Pattern p;
        try {
            p = compile(regex, flags, sb);
        } catch (IllegalArgumentException e) {
            return thrown(e);
        }
        if (p == null) {
            return sb.toString();
        }
        for (int k = 0; k < 4; k++) {
            String in = text(r, "aAbB\n\r_1", 8);
            sb.append(searches(p, in));
            try {
                sb.append(in.matches(regex)).append(Pattern.matches(regex, in));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(" / ");
        }
        return sb.toString();
    }

    private static final String[] SPLITTERS = {",", "a", "\\.", ".", "\\|", "|", "-", "\\s+", "\\s*", ",\\s*",
        "(?=b)", "\\b", "", "a*", "b+", "[ab]", "(a)|b", "\\n", "$", "^", "x", "\\\\", "\\a"};

    /** String.split and Pattern.split with several limits (the fast path for one char too). */
    public static String splitting(int seed, int salt) {
        Lcg r = new Lcg(seed, salt);
        String regex = r.next(3) == 0 ? new Grammar(r, false).pattern(12) : r.pick(SPLITTERS);
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 4; k++) {
            String in = text(r, "ab,,.| -\n", 10);
            for (int limit = -1; limit <= 3; limit++) {
                try {
                    sb.append(pieces(in.split(regex, limit)));
                    sb.append(pieces(Pattern.compile(regex).split(in, limit)));
                } catch (Exception e) {
                    sb.append(thrown(e));
                }
            }
            try {
                sb.append(pieces(in.split(regex))).append(in.split(regex).length);
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(" / ");
        }
        return sb.toString();
    }

    private static final String[] REPLACEMENTS = {"x", "$0", "<$1>", "\\$", "$2$1", "${n1}", "$", "\\", "$10",
        "[$0]", "", "\\\\", "$x", "${z}", "${1a}", "${", "$g", "\\$1$0"};

    /** replaceAll, replaceFirst, appendReplacement and appendTail, quote and quoteReplacement. */
    public static String replacing(int seed, int salt) {
        Lcg r = new Lcg(seed, salt);
        String regex = new Grammar(r, false).pattern(0);
        StringBuilder sb = new StringBuilder();
        Pattern p = compile(regex, 0, sb);
        if (p == null) {
            return sb.toString();
        }
        sb.append(Pattern.quote(regex)).append(Matcher.quoteReplacement(regex));
        for (int k = 0; k < 4; k++) {
            String in = text(r, ALPHABET, 8);
            String replacement = r.pick(REPLACEMENTS);
            Matcher m = p.matcher(in);
            try {
                sb.append(in.replaceAll(regex, replacement));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            try {
                sb.append(in.replaceFirst(regex, replacement)).append(m.replaceFirst(replacement));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            try {
                sb.append(m.replaceAll(Matcher.quoteReplacement(replacement)));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            m.reset();
            StringBuilder out = new StringBuilder();
            try {
                int n = 0;
                while (n < 6 && m.find()) {
                    try {
                        m.appendReplacement(out, n % 2 == 0 ? replacement : "<$0>");
                    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                        out.append(thrown(e));
                    }
                    n++;
                }
                m.appendTail(out);
            } catch (Exception e) {
                out.append(thrown(e));
            }
            sb.append(out).append(" / ");
        }
        // The literal pattern Pattern.quote makes matches the regular expression's own text.
        Matcher quoted = Pattern.compile(Pattern.quote(regex)).matcher("<" + regex + ">");
        sb.append(quoted.find() ? groups(quoted) : "F");
        return sb.toString();
    }

    /** Broken patterns: the exception, its description, index and multi-line message. */
    public static String syntaxErrors(int seed, int salt) {
        Lcg r = new Lcg(seed, salt);
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 4; k++) {
            Grammar grammar = new Grammar(r, false);
            grammar.posix = false;
            String regex = grammar.pattern(1);
            compile(regex, 0, sb);
            try {
                sb.append("abc".matches(regex));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(" / ");
        }
        return sb.toString();
    }
}
