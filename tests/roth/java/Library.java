// The part of the JDK roth models in Java (`src/program/jdk/`) for the differential test (not a
// mutation subject): Math beyond the builtins, Character's classification and case mapping of
// every code point, and String's methods written in Java. Each method turns its random
// arguments into the inputs worth trying (any code point, strings of cased letters, spaces,
// surrogates), so the random cases cover the tables; roth and the JVM must agree on all.
public class Library {
    private static final String POOL = " \t\n\u000b\u001f\u00a0\u2003\u3000aAbBzZ\u00df\u00b5\u00ff"
            + "\u0131\u0130\u03c3\u03c2\u01c5\u01c4\u01c6\u1e9e\ufb00\ud801\udc00\ud801\udc28\u00e9\u00c9"
            + "1\u0663.,-";

    /** A code point (or, one time in eight, the int itself: negative or past the last). */
    private static int codePoint(int seed) {
        if ((seed & 7) == 0) {
            return seed;
        }
        int cp = Math.floorMod(seed * 40503, 0x110000);
        // Most of the time in the first planes, where the scripts are.
        return (seed & 3) == 1 ? cp & 0xffff : (seed & 3) == 2 ? cp & 0x3ff : cp;
    }

    /** A short string of the pool's chars chosen by the seed's bits. */
    private static String text(int seed, int length) {
        String s = "";
        int state = seed;
        for (int i = 0; i < Math.floorMod(length, 7); i++) {
            state = state * 1103515245 + 12345;
            s += POOL.charAt(Math.floorMod(state >>> 8, POOL.length()));
        }
        return s;
    }

    /** Non-ASCII chars as \\uXXXX, so outcomes print the same whatever the encoding. */
    private static String shown(String s) {
        String hex = "0123456789abcdef";
        String out = "";
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                out += c;
            } else {
                out += "\\u" + hex.charAt((c >> 12) & 15) + hex.charAt((c >> 8) & 15)
                        + hex.charAt((c >> 4) & 15) + hex.charAt(c & 15);
            }
        }
        return out;
    }

    public static String rounding(double d) {
        return Math.floor(d) + " " + Math.ceil(d) + " " + Math.rint(d) + " " + Math.round(d) + " "
                + Math.round((float) d) + " " + Math.signum(d) + " " + Math.signum((float) d) + " "
                + Math.toRadians(d) + " " + Math.toDegrees(d);
    }

    public static String integers(int a, int b, long c) {
        String s = "";
        if (b != 0) {
            s += Math.floorDiv(a, b) + " " + Math.floorMod(a, b) + " " + Math.floorDiv(c, b) + " "
                    + Math.floorMod(c, b) + " " + Math.floorDiv(c, (long) b) + " ";
        }
        try {
            s += Math.addExact(a, b) + " " + Math.subtractExact(a, b) + " " + Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            s += e.getMessage();
        }
        try {
            s += " " + Math.addExact(c, a) + " " + Math.subtractExact(c, (long) b) + " "
                    + Math.multiplyExact(c, (long) b) + " " + Math.multiplyExact(c, a);
        } catch (ArithmeticException e) {
            s += e.getMessage();
        }
        try {
            s += " " + Math.negateExact(a) + Math.incrementExact(b) + Math.decrementExact(c)
                    + Math.toIntExact(c) + Math.absExact(a);
        } catch (ArithmeticException e) {
            s += e.getMessage();
        }
        return s;
    }

    public static String character(int seed) {
        int c = codePoint(seed);
        return Character.getType(c) + " " + Character.isLetter(c) + Character.isDigit(c)
                + Character.isLetterOrDigit(c) + Character.isAlphabetic(c) + Character.isUpperCase(c)
                + Character.isLowerCase(c) + Character.isTitleCase(c) + Character.isWhitespace(c)
                + Character.isSpaceChar(c) + Character.isJavaIdentifierStart(c)
                + Character.isJavaIdentifierPart(c) + Character.isIdeographic(c) + Character.isDefined(c)
                + Character.isISOControl(c) + Character.isMirrored(c) + " " + Character.toUpperCase(c)
                + " " + Character.toLowerCase(c) + " " + Character.toTitleCase(c) + " "
                + Character.getNumericValue(c) + " " + Character.digit(c, 16) + " "
                + Character.digit(c, 36) + " " + Character.isValidCodePoint(c)
                + Character.isBmpCodePoint(c) + Character.isSupplementaryCodePoint(c)
                + Character.charCount(c);
    }

    public static String chars(char c, int radix) {
        return Character.getType(c) + " " + Character.isLetter(c) + Character.isDigit(c)
                + Character.isUpperCase(c) + Character.isLowerCase(c) + Character.isWhitespace(c)
                + " " + (int) Character.toUpperCase(c) + " " + (int) Character.toLowerCase(c) + " "
                + Character.getNumericValue(c) + " " + Character.digit(c, radix) + " "
                + (int) Character.forDigit(c % 40, radix) + " " + Character.isSurrogate(c)
                + Character.isHighSurrogate(c) + Character.isLowSurrogate(c) + " "
                + (int) Character.reverseBytes(c);
    }

    public static String cases(int seed, int length) {
        String s = text(seed, length);
        String r = s.trim() + "|" + s.strip() + "|" + s.stripLeading() + "|" + s.stripTrailing() + "|"
                + s.isBlank() + "|" + (s.strip() == s) + "|" + (s.trim() == s) + "|"
                + s.toUpperCase() + "|" + (s.toUpperCase() == s) + "|" + s.toLowerCase() + "|"
                + (s.toLowerCase() == s);
        return shown(r);
    }

    public static String ignoringCase(int seed, int length, int offset, boolean upper) {
        String a = text(seed, length);
        String b = upper ? a.toUpperCase() : text(seed >> 3, length + 1);
        return a.equalsIgnoreCase(b) + " " + a.compareToIgnoreCase(b) + " "
                + a.regionMatches(true, offset, b, 0, 2) + " " + a.regionMatches(false, offset, b, 1, 1)
                + " " + a.equalsIgnoreCase(null);
    }

    public static String searching(String s, String t, int from, char c) {
        return s.indexOf(t, from) + " " + s.indexOf(c, from) + " " + s.lastIndexOf(c) + " "
                + s.lastIndexOf(t) + " " + s.lastIndexOf(t, from) + " " + s.lastIndexOf(c, from) + " "
                + s.contains(t) + " " + s.startsWith(t) + " " + s.startsWith(t, from) + " "
                + s.endsWith(t) + " " + s.regionMatches(from, t, 0, 2);
    }

    public static String editing(String s, String t, char c, int n) {
        String r = s.concat(t) + "|" + s.replace(c, 'x') + "|" + (s.replace('\u0000', 'x') == s) + "|"
                + s.replace(t, "<>") + "|" + String.join("/", s, t, null);
        try {
            r += "|" + s.repeat(n % 5);
        } catch (IllegalArgumentException e) {
            r += "|" + e.getMessage();
        }
        String[] byComma = s.split(",");
        String[] bySpace = s.split(" ", n % 4);
        String[] byDot = s.split("\\.");
        return r + "|" + byComma.length + ":" + String.join("/", byComma) + "|" + bySpace.length
                + ":" + String.join("/", bySpace) + "|" + byDot.length;
    }

    public static String bits(int x, int d, long y) {
        String s = Integer.bitCount(x) + " " + Integer.numberOfLeadingZeros(x) + " "
                + Integer.numberOfTrailingZeros(x) + " " + Integer.highestOneBit(x) + " "
                + Integer.lowestOneBit(x) + " " + Integer.reverse(x) + " " + Integer.reverseBytes(x) + " "
                + Integer.rotateLeft(x, d) + " " + Integer.rotateRight(x, d) + " "
                + Integer.compareUnsigned(x, d) + " " + Integer.toUnsignedString(x) + " "
                + Integer.toBinaryString(x) + " " + Integer.toOctalString(x) + " " + Integer.toHexString(x)
                + " " + Integer.toString(x, d) + " " + Long.bitCount(y) + " " + Long.numberOfLeadingZeros(y)
                + " " + Long.numberOfTrailingZeros(y) + " " + Long.highestOneBit(y) + " " + Long.reverse(y)
                + " " + Long.reverseBytes(y) + " " + Long.rotateLeft(y, d) + " " + Long.toHexString(y) + " "
                + Long.toBinaryString(y) + " " + Long.toString(y, d) + " " + Long.compareUnsigned(y, x);
        if (d != 0) {
            s += " " + Integer.divideUnsigned(x, d) + " " + Integer.remainderUnsigned(x, d);
        }
        return s;
    }

    public static String arrays(int[] a, int from, int to, int key) {
        String s = java.util.Arrays.toString(a) + " " + java.util.Arrays.hashCode(a) + " "
                + java.util.Arrays.equals(a, a.clone()) + " " + java.util.Arrays.binarySearch(a, key);
        int[] c;
        try {
            c = java.util.Arrays.copyOf(a, to);
        } catch (NegativeArraySizeException e) {
            return s + " " + e;
        }
        s += " " + java.util.Arrays.toString(c);
        try {
            s += " " + java.util.Arrays.toString(java.util.Arrays.copyOfRange(a, from, to));
            java.util.Arrays.fill(c, from, to, 7);
            s += " " + java.util.Arrays.toString(c);
            java.util.Arrays.sort(a, from, to);
            s += " " + java.util.Arrays.toString(a) + java.util.Arrays.binarySearch(a, from, to, key);
        } catch (RuntimeException e) {
            s += " " + e;
        }
        int[] d = new int[4];
        try {
            System.arraycopy(a, from, d, 1, to);
            s += " " + java.util.Arrays.toString(d);
            System.arraycopy(a, 0, a, from, 2);
            s += " " + java.util.Arrays.toString(a);
        } catch (RuntimeException e) {
            s += " " + e;
        }
        return s;
    }

    public static String sorted(double x, double y, char c, long n) {
        double[] a = {x, y, -0.0, 0.0, 0.0 / 0.0, 1.5, x};
        String s = java.util.Arrays.equals(a, a.clone()) + " " + java.util.Arrays.hashCode(a);
        java.util.Arrays.sort(a);
        s += " " + java.util.Arrays.toString(a) + " " + java.util.Arrays.binarySearch(a, y) + " "
                + java.util.Arrays.binarySearch(a, -0.0);
        char[] cs = {c, 'a', (char) (c + 1), '\u00e9'};
        java.util.Arrays.sort(cs);
        long[] ls = {n, -n, 3L, n >> 3};
        java.util.Arrays.sort(ls);
        float[] fs = {(float) x, (float) y, -0.0f};
        java.util.Arrays.sort(fs);
        return s + " " + java.util.Arrays.toString(cs) + java.util.Arrays.toString(ls)
                + java.util.Arrays.toString(fs) + java.util.Arrays.hashCode(fs);
    }

    public static String formatted(int a, double d, String s, char c, long l, boolean b) {
        String r = String.format("%d|%5d|%-4d|%05d|%x|%X|%o|%,d", a, a, a, a, a, a, a, a);
        r += String.format("|%f|%.2f|%10.3f|%e|%.0f|%s|%10s|%-6s|%c|%b|%%", d, d, d, d, d, s, s, s,
                c, b);
        return r + String.format("|%d|%s|%S", l, l, s);
    }
}
