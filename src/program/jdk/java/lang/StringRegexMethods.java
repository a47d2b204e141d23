package java.lang;

import java.util.regex.Pattern;

/**
 * roth's own class (not the JDK's API): the methods of java.lang.String that take a regular
 * expression, written from the JDK's specification with the string as their first parameter
 * (the reader calls `StringRegexMethods.split(s, regex)` for `s.split(regex)`). Apart from
 * roth's StringMethods so that a unit reads the regular expression files only when it calls
 * one of these.
 */
final class StringRegexMethods {
    private StringRegexMethods() {
    }

    static String[] split(String s, String regex) {
        return split(s, regex, 0);
    }

    /**
     * Pattern.compile(regex).split(s, limit); a regex of one char that is not a
     * metacharacter, or a backslash and a char that is not an ASCII letter or digit, is
     * split by that char directly, as the JDK does (same pieces, faster).
     */
    static String[] split(String s, String regex, int limit) {
        int ch = -1;
        if (regex.length() == 1 && ".$|()[{^?*+\\".indexOf(regex.charAt(0)) < 0) {
            ch = regex.charAt(0);
        } else if (regex.length() == 2 && regex.charAt(0) == '\\') {
            char c = regex.charAt(1);
            boolean alphanumeric = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z');
            if (!alphanumeric) {
                ch = c;
            }
        }
        if (ch < 0 || (ch >= 0xd800 && ch <= 0xdfff)) {
            return Pattern.compile(regex).split(s, limit);
        }
        int n = s.length();
        // The pieces' bounds: at most one more piece than matches.
        int[] starts = new int[n + 1];
        int[] ends = new int[n + 1];
        int pieces = 0;
        int off = 0;
        int next = s.indexOf(ch, off);
        boolean limited = limit > 0;
        while (next != -1) {
            if (!limited || pieces < limit - 1) {
                starts[pieces] = off;
                ends[pieces] = next;
                pieces++;
                off = next + 1;
            } else {
                starts[pieces] = off;
                ends[pieces] = n;
                pieces++;
                off = n;
                break;
            }
            next = s.indexOf(ch, off);
        }
        if (off == 0) {
            return new String[] {s};
        }
        if (!limited || pieces < limit) {
            starts[pieces] = off;
            ends[pieces] = n;
            pieces++;
        }
        if (limit == 0) {
            while (pieces > 0 && starts[pieces - 1] == ends[pieces - 1]) {
                pieces--;
            }
        }
        String[] out = new String[pieces];
        for (int i = 0; i < pieces; i++) {
            out[i] = s.substring(starts[i], ends[i]);
        }
        return out;
    }

    static boolean matches(String s, String regex) {
        return Pattern.matches(regex, s);
    }

    static String replaceAll(String s, String regex, String replacement) {
        return Pattern.compile(regex).matcher(s).replaceAll(replacement);
    }

    static String replaceFirst(String s, String regex, String replacement) {
        return Pattern.compile(regex).matcher(s).replaceFirst(replacement);
    }
}
