package java.lang;

/**
 * roth's model of java.lang.Character: a char in an object (valueOf gives the same object for
 * the same value in 0..127), and the digits of every script, as the JDK (Unicode 13) reads
 * them.
 */
public final class Character implements Comparable<Character> {
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uffff';
    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    /** The zero of each run of ten decimal digits (Unicode's Nd) in the BMP. */
    private static final char[] ZEROS = {
        '\u0030', '\u0660', '\u06f0', '\u07c0', '\u0966', '\u09e6', '\u0a66', '\u0ae6',
        '\u0b66', '\u0be6', '\u0c66', '\u0ce6', '\u0d66', '\u0de6', '\u0e50', '\u0ed0',
        '\u0f20', '\u1040', '\u1090', '\u17e0', '\u1810', '\u1946', '\u19d0', '\u1a80',
        '\u1a90', '\u1b50', '\u1bb0', '\u1c40', '\u1c50', '\ua620', '\ua8d0', '\ua900',
        '\ua9d0', '\ua9f0', '\uaa50', '\uabf0', '\uff10'
    };

    private static final Character[] CACHE = new Character[128];

    private final char value;

    public Character(char value) {
        this.value = value;
    }

    public static Character valueOf(char c) {
        if (c <= 127) {
            Character cached = CACHE[c];
            if (cached == null) {
                cached = new Character(c);
                CACHE[c] = cached;
            }
            return cached;
        }
        return new Character(c);
    }

    public char charValue() {
        return value;
    }

    public int compareTo(Character other) {
        return compare(value, other.value);
    }

    public static int compare(char x, char y) {
        return x - y;
    }

    public boolean equals(Object other) {
        return other instanceof Character && value == ((Character) other).value;
    }

    public int hashCode() {
        return value;
    }

    public static int hashCode(char value) {
        return value;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(char c) {
        return String.valueOf(c);
    }

    /** The value of a decimal digit of any script, -1 for any other char. */
    private static int decimal(char c) {
        for (int i = 0; i < ZEROS.length; i++) {
            if (c >= ZEROS[i] && c <= ZEROS[i] + 9) {
                return c - ZEROS[i];
            }
        }
        return -1;
    }

    public static boolean isDigit(char c) {
        return decimal(c) >= 0;
    }

    public static int digit(char c, int radix) {
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return -1;
        }
        int value = decimal(c);
        if (value < 0) {
            if (c >= 'a' && c <= 'z') {
                value = c - 'a' + 10;
            } else if (c >= 'A' && c <= 'Z') {
                value = c - 'A' + 10;
            } else if (c >= '\uff41' && c <= '\uff5a') {
                value = c - '\uff41' + 10;
            } else if (c >= '\uff21' && c <= '\uff3a') {
                value = c - '\uff21' + 10;
            }
        }
        return value >= 0 && value < radix ? value : -1;
    }

    /** The JDK's NumberFormatException for text that is not a number. */
    static NumberFormatException forInputString(String s, int radix) {
        if (radix == 10) {
            return new NumberFormatException("For input string: \"" + s + "\"");
        }
        return new NumberFormatException("For input string: \"" + s + "\" under radix " + radix);
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Character box) {
        return box == null ? "null" : box.toString();
    }
}
