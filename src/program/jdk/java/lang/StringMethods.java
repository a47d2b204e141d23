package java.lang;

import java.nio.charset.Charset;
import java.util.stream.IntPipeline;
import java.util.stream.IntStream;

/**
 * roth's own class (not the JDK's API): the methods of java.lang.String that are not
 * builtins, each written from the JDK's specification with the string as its first
 * parameter (the reader calls `StringMethods.trim(s)` for `s.trim()`). A method that finds
 * nothing to change returns the string itself, as the JDK's do, so `==` sees the same object.
 * CharSequence parameters are Strings here.
 */
final class StringMethods {
    private StringMethods() {
    }

    /**
     * The bytes of `s` in the JVM's default charset, which JDK 17 takes from the machine's
     * locale (UTF-8, ASCII, ...): every one of them encodes ASCII text alike, so only a
     * text with other chars ends the run as unrepeatable.
     */
    static byte[] getBytes(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                unrepeatable("String.getBytes() of a text beyond ASCII (the default charset is the machine's)");
            }
        }
        return encodeOneByte(s, 0x7f);
    }

    /**
     * The bytes of `s` in `charset`, as the JDK's encoders replace what they cannot encode:
     * `?` for an unmappable char (a surrogate pair is one char) or a lone surrogate. A lone
     * surrogate in UTF-16 (the JDK writes U+FFFD's bytes) ends the run as unrepeatable.
     */
    static byte[] getBytes(String s, Charset charset) {
        String name = charset.name();
        if (name.equals("UTF-8")) {
            return encodeUtf8(s);
        }
        if (name.equals("US-ASCII")) {
            return encodeOneByte(s, 0x7f);
        }
        if (name.equals("ISO-8859-1")) {
            return encodeOneByte(s, 0xff);
        }
        boolean bom = name.equals("UTF-16");
        boolean little = name.equals("UTF-16LE");
        int n = s.length();
        byte[] out = new byte[2 * n + (bom ? 2 : 0)];
        int k = 0;
        if (bom && n > 0) {
            out[k++] = (byte) 0xfe;
            out[k++] = (byte) 0xff;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                boolean paired = Character.isHighSurrogate(c) ? i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))
                        : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
                if (!paired) {
                    unrepeatable("String.getBytes of a lone surrogate in UTF-16");
                }
            }
            out[k++] = (byte) (little ? c : c >> 8);
            out[k++] = (byte) (little ? c >> 8 : c);
        }
        return k == out.length ? out : prefix(out, k);
    }

    /** One byte a char up to `max`, `?` for any other (one for a surrogate pair). */
    private static byte[] encodeOneByte(String s, int max) {
        int n = s.length();
        byte[] out = new byte[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c <= max) {
                out[k++] = (byte) c;
            } else {
                out[k++] = (byte) '?';
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                }
            }
        }
        return k == n ? out : prefix(out, k);
    }

    /** UTF-8: one to four bytes a code point, `?` for a lone surrogate. */
    private static byte[] encodeUtf8(String s) {
        int n = s.length();
        byte[] out = new byte[3 * n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out[k++] = (byte) c;
            } else if (c < 0x800) {
                out[k++] = (byte) (0xc0 | (c >> 6));
                out[k++] = (byte) (0x80 | (c & 0x3f));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(i + 1));
                i++;
                out[k++] = (byte) (0xf0 | (cp >> 18));
                out[k++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
                out[k++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
                out[k++] = (byte) (0x80 | (cp & 0x3f));
            } else if (Character.isSurrogate(c)) {
                out[k++] = (byte) '?';
            } else {
                out[k++] = (byte) (0xe0 | (c >> 12));
                out[k++] = (byte) (0x80 | ((c >> 6) & 0x3f));
                out[k++] = (byte) (0x80 | (c & 0x3f));
            }
        }
        return prefix(out, k);
    }

    /** The first `k` bytes of `a` (a copy of its own: StringMethods names no collection). */
    private static byte[] prefix(byte[] a, int k) {
        if (k == a.length) {
            return a;
        }
        byte[] out = new byte[k];
        for (int i = 0; i < k; i++) {
            out[i] = a[i];
        }
        return out;
    }

    private static native void unrepeatable(String what);

    /** Removes the chars up to ' ' (controls and space) at both ends. */
    static String trim(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && s.charAt(end - 1) <= ' ') {
            end--;
        }
        return start == 0 && end == s.length() ? s : s.substring(start, end);
    }

    static int indexOf(String s, int ch, int from) {
        int n = s.length();
        if (from < 0) {
            from = 0;
        }
        if (ch < 0x10000) {
            for (int i = from; i < n; i++) {
                if (s.charAt(i) == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > 0x10ffff) {
            return -1;
        }
        // A supplementary code point is a surrogate pair in the string.
        char high = (char) (((ch - 0x10000) >>> 10) + 0xd800);
        char low = (char) (((ch - 0x10000) & 0x3ff) + 0xdc00);
        for (int i = from; i < n - 1; i++) {
            if (s.charAt(i) == high && s.charAt(i + 1) == low) {
                return i;
            }
        }
        return -1;
    }

    static int indexOf(String s, String target, int from) {
        int n = s.length();
        int m = target.length();
        if (from < 0) {
            from = 0;
        }
        if (from >= n) {
            return m == 0 ? n : -1;
        }
        for (int i = from; i + m <= n; i++) {
            if (regionEquals(s, i, target, 0, m)) {
                return i;
            }
        }
        return -1;
    }

    static int lastIndexOf(String s, int ch) {
        return lastIndexOf(s, ch, s.length() - 1);
    }

    static int lastIndexOf(String s, int ch, int from) {
        if (from >= s.length()) {
            from = s.length() - 1;
        }
        if (ch < 0x10000) {
            for (int i = from; i >= 0; i--) {
                if (s.charAt(i) == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > 0x10ffff) {
            return -1;
        }
        char high = (char) (((ch - 0x10000) >>> 10) + 0xd800);
        char low = (char) (((ch - 0x10000) & 0x3ff) + 0xdc00);
        if (from >= s.length() - 1) {
            from = s.length() - 2;
        }
        for (int i = from; i >= 0; i--) {
            if (s.charAt(i) == high && s.charAt(i + 1) == low) {
                return i;
            }
        }
        return -1;
    }

    static int lastIndexOf(String s, String target) {
        return lastIndexOf(s, target, s.length());
    }

    static int lastIndexOf(String s, String target, int from) {
        int m = target.length();
        int last = s.length() - m;
        if (from > last) {
            from = last;
        }
        for (int i = from; i >= 0; i--) {
            if (regionEquals(s, i, target, 0, m)) {
                return i;
            }
        }
        return -1;
    }

    static boolean contains(String s, String target) {
        return indexOf(s, target, 0) >= 0;
    }

    static boolean startsWith(String s, String prefix) {
        return startsWith(s, prefix, 0);
    }

    static boolean startsWith(String s, String prefix, int offset) {
        int m = prefix.length();
        if (offset < 0 || offset > s.length() - m) {
            return false;
        }
        return regionEquals(s, offset, prefix, 0, m);
    }

    static boolean endsWith(String s, String suffix) {
        return startsWith(s, suffix, s.length() - suffix.length());
    }

    static boolean regionMatches(String s, int offset, String other, int otherOffset, int len) {
        if (otherOffset < 0 || offset < 0 || offset > (long) s.length() - len
                || otherOffset > (long) other.length() - len) {
            return false;
        }
        return regionEquals(s, offset, other, otherOffset, len);
    }

    static String concat(String s, String tail) {
        if (tail.isEmpty()) {
            return s;
        }
        return s + tail;
    }

    static String replace(String s, char old, char replacement) {
        if (old == replacement || s.indexOf(old) < 0) {
            return s;
        }
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] == old) {
                chars[i] = replacement;
            }
        }
        return String.valueOf(chars);
    }

    /** Every occurrence of target, left to right; an empty target matches between chars. */
    static String replace(String s, String target, String replacement) {
        int m = target.length();
        if (replacement == null) {
            throw new NullPointerException();
        }
        int at = indexOf(s, target, 0);
        if (at < 0) {
            return s;
        }
        String out = "";
        int from = 0;
        if (m == 0) {
            for (int i = 0; i < s.length(); i++) {
                out = out + replacement + s.charAt(i);
            }
            return out + replacement;
        }
        while (at >= 0) {
            out = out + s.substring(from, at) + replacement;
            from = at + m;
            at = indexOf(s, target, from);
        }
        return out + s.substring(from);
    }

    static String repeat(String s, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count is negative: " + count);
        }
        if (count == 1) {
            return s;
        }
        if (s.isEmpty() || count == 0) {
            return "";
        }
        String out = "";
        for (int i = 0; i < count; i++) {
            out = out + s;
        }
        return out;
    }

    static String toUpperCase(String s) {
        return changeCase(s, true);
    }

    static String toLowerCase(String s) {
        return changeCase(s, false);
    }

    /**
     * Each code point mapped as the JDK's String does: its multi-char expansion where it has
     * one ("SS" for the sharp s), else its single mapping.
     */
    private static String changeCase(String s, boolean upper) {
        int n = s.length();
        char[] out = new char[3 * n];
        int len = 0;
        // JDK 17 makes a new string whenever a surrogate is in it, and for U+0130 upper-cased
        // (to itself); otherwise only when a char changes.
        boolean changed = false;
        for (int k = 0; k < n; k++) {
            char c = s.charAt(k);
            changed = changed || Character.isSurrogate(c) || (upper && c == '\u0130');
        }
        int i = 0;
        while (i < n) {
            int cp = codePointAt(s, i);
            i += Character.charCount(cp);
            String expanded = Character.expansion(cp, upper);
            if (expanded != null) {
                for (int k = 0; k < expanded.length(); k++) {
                    out[len] = expanded.charAt(k);
                    len++;
                }
                changed = true;
                continue;
            }
            int mapped = upper ? Character.toUpperCase(cp) : Character.toLowerCase(cp);
            changed = changed || mapped != cp;
            if (mapped >= 0x10000) {
                out[len] = Character.highSurrogate(mapped);
                out[len + 1] = Character.lowSurrogate(mapped);
                len += 2;
            } else {
                out[len] = (char) mapped;
                len++;
            }
        }
        if (!changed) {
            return s;
        }
        char[] exact = new char[len];
        for (int k = 0; k < len; k++) {
            exact[k] = out[k];
        }
        return new String(exact);
    }

    /** The code point at i: a surrogate pair's, or the char. */
    private static int codePointAt(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c) && i + 1 < s.length()
                && Character.isLowSurrogate(s.charAt(i + 1))) {
            return Character.toCodePoint(c, s.charAt(i + 1));
        }
        return c;
    }

    /** The code point ending at i (exclusive): a surrogate pair's, or the char. */
    private static int codePointBefore(String s, int i) {
        char c = s.charAt(i - 1);
        if (Character.isLowSurrogate(c) && i - 2 >= 0
                && Character.isHighSurrogate(s.charAt(i - 2))) {
            return Character.toCodePoint(s.charAt(i - 2), c);
        }
        return c;
    }

    private static boolean blank(int cp) {
        return cp == ' ' || cp == '\t' || Character.isWhitespace(cp);
    }

    private static int firstNonBlank(String s) {
        int i = 0;
        while (i < s.length()) {
            int cp = codePointAt(s, i);
            if (!blank(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    private static int endOfNonBlank(String s) {
        int i = s.length();
        while (i > 0) {
            int cp = codePointBefore(s, i);
            if (!blank(cp)) {
                break;
            }
            i -= Character.charCount(cp);
        }
        return i;
    }

    static String strip(String s) {
        int start = firstNonBlank(s);
        if (start == s.length()) {
            return start == 0 ? s : "";
        }
        int end = endOfNonBlank(s);
        return start == 0 && end == s.length() ? s : s.substring(start, end);
    }

    static String stripLeading(String s) {
        int start = firstNonBlank(s);
        return start == 0 ? s : s.substring(start);
    }

    static String stripTrailing(String s) {
        int end = endOfNonBlank(s);
        return end == s.length() ? s : s.substring(0, end);
    }

    static boolean isBlank(String s) {
        return firstNonBlank(s) == s.length();
    }

    static boolean equalsIgnoreCase(String s, String other) {
        if (s == other) {
            return true;
        }
        return other != null && other.length() == s.length()
                && regionMatchesIgnoringCase(s, 0, other, 0, s.length());
    }

    static boolean regionMatches(String s, boolean ignoreCase, int offset, String other,
            int otherOffset, int len) {
        if (!ignoreCase) {
            return regionMatches(s, offset, other, otherOffset, len);
        }
        if (otherOffset < 0 || offset < 0 || offset > (long) s.length() - len
                || otherOffset > (long) other.length() - len) {
            return false;
        }
        return regionMatchesIgnoringCase(s, offset, other, otherOffset, len);
    }

    private static boolean regionMatchesIgnoringCase(String a, int i, String b, int j, int len) {
        return compareIgnoringCase(a, i, len, b, j, len) == 0;
    }

    /** String.CASE_INSENSITIVE_ORDER. */
    static int compareToIgnoreCase(String s, String other) {
        return compareIgnoringCase(s, 0, s.length(), other, 0, other.length());
    }

    /**
     * JDK 17's case-insensitive comparison of a's chars from i and b's from j: the first
     * pair that differs in the lower case of their upper case decides. Char by char when
     * either string holds only Latin-1 chars (the JDK's compact strings); otherwise by code
     * point, a surrogate pair's read from either of its chars within the region.
     */
    private static int compareIgnoringCase(String a, int i, int aLength, String b, int j,
            int bLength) {
        boolean byChar = latin1(a) || latin1(b);
        int aStart = i;
        int bStart = j;
        int aEnd = i + aLength;
        int bEnd = j + bLength;
        while (i < aEnd && j < bEnd) {
            char c1 = a.charAt(i);
            char c2 = b.charAt(j);
            if (c1 == c2) {
                i++;
                j++;
                continue;
            }
            int cp1 = byChar ? c1 : codePointIncluding(a, i, aStart, aEnd);
            int cp2 = byChar ? c2 : codePointIncluding(b, j, bStart, bEnd);
            int u1 = Character.toUpperCase(cp1);
            int u2 = Character.toUpperCase(cp2);
            if (u1 != u2) {
                int l1 = Character.toLowerCase(u1);
                int l2 = Character.toLowerCase(u2);
                if (l1 != l2) {
                    return l1 - l2;
                }
            }
            i += byChar ? 1 : Character.charCount(cp1);
            j += byChar ? 1 : Character.charCount(cp2);
        }
        return aLength - bLength;
    }

    /** Whether every char of s is Latin-1 (a compact string in the JDK). */
    private static boolean latin1(String s) {
        for (int k = 0; k < s.length(); k++) {
            if (s.charAt(k) > 0xff) {
                return false;
            }
        }
        return true;
    }

    /** The code point of the surrogate pair the char at i belongs to in start..end, or the char. */
    private static int codePointIncluding(String s, int i, int start, int end) {
        char c = s.charAt(i);
        if (Character.isLowSurrogate(c) && i > start && Character.isHighSurrogate(s.charAt(i - 1))) {
            return Character.toCodePoint(s.charAt(i - 1), c);
        }
        if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1))) {
            return Character.toCodePoint(c, s.charAt(i + 1));
        }
        return c;
    }

    /** String.join: the elements (null ones as "null") with the delimiter between them. */
    static String join(String delimiter, String... elements) {
        if (delimiter == null) {
            throw new NullPointerException();
        }
        String out = "";
        for (int i = 0; i < elements.length; i++) {
            if (i > 0) {
                out = out + delimiter;
            }
            out = out + elements[i];
        }
        return out;
    }

    /** String.join over an Iterable (a list, a set): its elements in iteration order. */
    static String join(String delimiter, Iterable<? extends String> elements) {
        if (delimiter == null || elements == null) {
            throw new NullPointerException();
        }
        // Concatenation, not a builder: every unit calling a String method reads this
        // class, and should not read the builders with it.
        String out = "";
        boolean first = true;
        for (String e : elements) {
            if (!first) {
                out = out + delimiter;
            }
            out = out + e;
            first = false;
        }
        return out;
    }

    private static boolean regionEquals(String a, int from, String b, int bFrom, int len) {
        for (int k = 0; k < len; k++) {
            if (a.charAt(from + k) != b.charAt(bFrom + k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The chars as ints, in a sized stream (the JDK's spliterators over a string's bytes
     * know their size). Read only with roth's model of java.util.stream (see `jdk.rs`).
     */
    static IntStream chars(String s) {
        int[] a = new int[s.length()];
        for (int i = 0; i < a.length; i++) {
            a[i] = s.charAt(i);
        }
        return IntPipeline.ofArray(a, 0, a.length);
    }
}
