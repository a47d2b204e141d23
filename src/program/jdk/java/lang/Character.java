package java.lang;

/**
 * roth's model of java.lang.Character: a char in an object (valueOf gives the same object for
 * the same value in 0..127), and the classification and case mapping of every code point as
 * JDK 17 (Unicode 13) defines them, from roth's table of the JDK's own answers.
 */
public final class Character implements Comparable<Character> {
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uffff';
    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    public static final int MIN_CODE_POINT = 0;
    public static final int MAX_CODE_POINT = 0x10ffff;
    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x10000;
    public static final char MIN_HIGH_SURROGATE = '\ud800';
    public static final char MAX_HIGH_SURROGATE = '\udbff';
    public static final char MIN_LOW_SURROGATE = '\udc00';
    public static final char MAX_LOW_SURROGATE = '\udfff';
    public static final char MIN_SURROGATE = '\ud800';
    public static final char MAX_SURROGATE = '\udfff';

    public static final byte UNASSIGNED = 0;
    public static final byte UPPERCASE_LETTER = 1;
    public static final byte LOWERCASE_LETTER = 2;
    public static final byte TITLECASE_LETTER = 3;
    public static final byte MODIFIER_LETTER = 4;
    public static final byte OTHER_LETTER = 5;
    public static final byte NON_SPACING_MARK = 6;
    public static final byte ENCLOSING_MARK = 7;
    public static final byte COMBINING_SPACING_MARK = 8;
    public static final byte DECIMAL_DIGIT_NUMBER = 9;
    public static final byte LETTER_NUMBER = 10;
    public static final byte OTHER_NUMBER = 11;
    public static final byte SPACE_SEPARATOR = 12;
    public static final byte LINE_SEPARATOR = 13;
    public static final byte PARAGRAPH_SEPARATOR = 14;
    public static final byte CONTROL = 15;
    public static final byte FORMAT = 16;
    public static final byte PRIVATE_USE = 18;
    public static final byte SURROGATE = 19;
    public static final byte DASH_PUNCTUATION = 20;
    public static final byte START_PUNCTUATION = 21;
    public static final byte END_PUNCTUATION = 22;
    public static final byte CONNECTOR_PUNCTUATION = 23;
    public static final byte OTHER_PUNCTUATION = 24;
    public static final byte MATH_SYMBOL = 25;
    public static final byte CURRENCY_SYMBOL = 26;
    public static final byte MODIFIER_SYMBOL = 27;
    public static final byte OTHER_SYMBOL = 28;
    public static final byte INITIAL_QUOTE_PUNCTUATION = 29;
    public static final byte FINAL_QUOTE_PUNCTUATION = 30;

    /** The predicates' bits in field 1 of data (roth's table, generated from JDK 17). */
    private static final int LETTER = 0x0001;
    private static final int DIGIT = 0x0002;
    private static final int LETTER_OR_DIGIT = 0x0004;
    private static final int ALPHABETIC = 0x0008;
    private static final int UPPER = 0x0010;
    private static final int LOWER = 0x0020;
    private static final int TITLE = 0x0040;
    private static final int WHITESPACE = 0x0080;
    private static final int SPACE = 0x0100;
    private static final int IDENTIFIER_START = 0x0200;
    private static final int IDENTIFIER_PART = 0x0400;
    private static final int IDEOGRAPHIC = 0x0800;
    private static final int DEFINED = 0x1000;
    private static final int ISO_CONTROL = 0x2000;
    private static final int MIRRORED = 0x4000;

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

    /**
     * roth's builtin: field f of JDK 17's Character data for code point cp: 0 its getType,
     * 1 its predicates (the bits above), 2, 3 and 4 its upper, lower and title case, 5 its
     * numeric value.
     */
    private static native int data(int cp, int f);

    /**
     * roth's builtin: what String.toUpperCase (upper) or toLowerCase makes of code point cp
     * when that is not one code point ("SS" for the sharp s), else null.
     */
    static native String expansion(int cp, boolean upper);

    private static boolean has(int cp, int bit) {
        return (data(cp, 1) & bit) != 0;
    }

    public static int getType(char c) {
        return data(c, 0);
    }

    public static int getType(int cp) {
        return data(cp, 0);
    }

    public static boolean isLetter(char c) {
        return has(c, LETTER);
    }

    public static boolean isLetter(int cp) {
        return has(cp, LETTER);
    }

    public static boolean isDigit(char c) {
        return has(c, DIGIT);
    }

    public static boolean isDigit(int cp) {
        return has(cp, DIGIT);
    }

    public static boolean isLetterOrDigit(char c) {
        return has(c, LETTER_OR_DIGIT);
    }

    public static boolean isLetterOrDigit(int cp) {
        return has(cp, LETTER_OR_DIGIT);
    }

    public static boolean isAlphabetic(int cp) {
        return has(cp, ALPHABETIC);
    }

    public static boolean isUpperCase(char c) {
        return has(c, UPPER);
    }

    public static boolean isUpperCase(int cp) {
        return has(cp, UPPER);
    }

    public static boolean isLowerCase(char c) {
        return has(c, LOWER);
    }

    public static boolean isLowerCase(int cp) {
        return has(cp, LOWER);
    }

    public static boolean isTitleCase(char c) {
        return has(c, TITLE);
    }

    public static boolean isTitleCase(int cp) {
        return has(cp, TITLE);
    }

    public static boolean isWhitespace(char c) {
        return has(c, WHITESPACE);
    }

    public static boolean isWhitespace(int cp) {
        return has(cp, WHITESPACE);
    }

    public static boolean isSpaceChar(char c) {
        return has(c, SPACE);
    }

    public static boolean isSpaceChar(int cp) {
        return has(cp, SPACE);
    }

    public static boolean isJavaIdentifierStart(char c) {
        return has(c, IDENTIFIER_START);
    }

    public static boolean isJavaIdentifierStart(int cp) {
        return has(cp, IDENTIFIER_START);
    }

    public static boolean isJavaIdentifierPart(char c) {
        return has(c, IDENTIFIER_PART);
    }

    public static boolean isJavaIdentifierPart(int cp) {
        return has(cp, IDENTIFIER_PART);
    }

    public static boolean isIdeographic(int cp) {
        return has(cp, IDEOGRAPHIC);
    }

    public static boolean isDefined(char c) {
        return has(c, DEFINED);
    }

    public static boolean isDefined(int cp) {
        return has(cp, DEFINED);
    }

    public static boolean isISOControl(char c) {
        return has(c, ISO_CONTROL);
    }

    public static boolean isISOControl(int cp) {
        return has(cp, ISO_CONTROL);
    }

    public static boolean isMirrored(char c) {
        return has(c, MIRRORED);
    }

    public static boolean isMirrored(int cp) {
        return has(cp, MIRRORED);
    }

    public static char toUpperCase(char c) {
        return (char) data(c, 2);
    }

    public static int toUpperCase(int cp) {
        return data(cp, 2);
    }

    public static char toLowerCase(char c) {
        return (char) data(c, 3);
    }

    public static int toLowerCase(int cp) {
        return data(cp, 3);
    }

    public static char toTitleCase(char c) {
        return (char) data(c, 4);
    }

    public static int toTitleCase(int cp) {
        return data(cp, 4);
    }

    public static int getNumericValue(char c) {
        return data(c, 5);
    }

    public static int getNumericValue(int cp) {
        return data(cp, 5);
    }

    public static int digit(char c, int radix) {
        return digit((int) c, radix);
    }

    /** A decimal digit of any script, or a Latin letter (ASCII or fullwidth) from 10 on. */
    public static int digit(int cp, int radix) {
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return -1;
        }
        int value = -1;
        if (data(cp, 0) == DECIMAL_DIGIT_NUMBER) {
            value = data(cp, 5);
        } else if (cp >= 'a' && cp <= 'z') {
            value = cp - 'a' + 10;
        } else if (cp >= 'A' && cp <= 'Z') {
            value = cp - 'A' + 10;
        } else if (cp >= '\uff41' && cp <= '\uff5a') {
            value = cp - '\uff41' + 10;
        } else if (cp >= '\uff21' && cp <= '\uff3a') {
            value = cp - '\uff21' + 10;
        }
        return value < radix ? value : -1;
    }

    public static char forDigit(int digit, int radix) {
        if (digit >= radix || digit < 0 || radix < MIN_RADIX || radix > MAX_RADIX) {
            return '\u0000';
        }
        if (digit < 10) {
            return (char) ('0' + digit);
        }
        return (char) ('a' - 10 + digit);
    }

    public static boolean isHighSurrogate(char c) {
        return c >= MIN_HIGH_SURROGATE && c <= MAX_HIGH_SURROGATE;
    }

    public static boolean isLowSurrogate(char c) {
        return c >= MIN_LOW_SURROGATE && c <= MAX_LOW_SURROGATE;
    }

    public static boolean isSurrogate(char c) {
        return c >= MIN_SURROGATE && c <= MAX_SURROGATE;
    }

    public static boolean isSurrogatePair(char high, char low) {
        return isHighSurrogate(high) && isLowSurrogate(low);
    }

    public static boolean isValidCodePoint(int cp) {
        return cp >= 0 && cp <= MAX_CODE_POINT;
    }

    public static boolean isBmpCodePoint(int cp) {
        return cp >>> 16 == 0;
    }

    public static boolean isSupplementaryCodePoint(int cp) {
        return cp >= MIN_SUPPLEMENTARY_CODE_POINT && cp <= MAX_CODE_POINT;
    }

    public static int charCount(int cp) {
        return cp >= MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
    }

    public static int toCodePoint(char high, char low) {
        return ((high - MIN_HIGH_SURROGATE) << 10) + (low - MIN_LOW_SURROGATE)
                + MIN_SUPPLEMENTARY_CODE_POINT;
    }

    public static char highSurrogate(int cp) {
        return (char) ((cp >>> 10) + (MIN_HIGH_SURROGATE - (MIN_SUPPLEMENTARY_CODE_POINT >>> 10)));
    }

    public static char lowSurrogate(int cp) {
        return (char) ((cp & 0x3ff) + MIN_LOW_SURROGATE);
    }

    public static char reverseBytes(char c) {
        return (char) (((c & 0xff00) >> 8) | (c << 8));
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
