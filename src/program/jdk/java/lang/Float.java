package java.lang;

/**
 * roth's model of java.lang.Float: a float in an object (valueOf makes a new one each time).
 * equals and compareTo order the values as the JDK does by their bits: -0.0 before 0.0,
 * NaN after everything and equal to itself. The bits of a float are natives (roth's words
 * hold them), and hashCode is them.
 */
public final class Float extends Number implements Comparable<Float> {
    private final float value;

    public Float(float value) {
        this.value = value;
    }

    public static Float valueOf(String s) {
        return new Float(parseFloat(s));
    }

    /** Double's reading of the text, rounded once, to a float. */
    public static float parseFloat(String s) {
        return (float) FloatingDecimal.parse(s, true);
    }

    public static Float valueOf(float v) {
        return new Float(v);
    }

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return (long) value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return value;
    }

    public boolean isNaN() {
        return value != value;
    }

    public static boolean isNaN(float v) {
        return v != v;
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public static boolean isInfinite(float v) {
        return v == 1.0 / 0.0 || v == -1.0 / 0.0;
    }

    public static boolean isFinite(float v) {
        return v - v == 0.0;
    }

    public int compareTo(Float other) {
        return compare(value, other.value);
    }

    public static int compare(float x, float y) {
        if (x < y) {
            return -1;
        }
        if (x > y) {
            return 1;
        }
        boolean xNaN = x != x;
        boolean yNaN = y != y;
        if (xNaN || yNaN) {
            return xNaN == yNaN ? 0 : (xNaN ? 1 : -1);
        }
        if (x == 0.0) {
            // 0.0 and -0.0: told apart by the sign of the infinity they divide 1 into.
            boolean xNegative = 1.0 / x < 0.0;
            boolean yNegative = 1.0 / y < 0.0;
            return xNegative == yNegative ? 0 : (xNegative ? -1 : 1);
        }
        return 0;
    }

    public boolean equals(Object other) {
        return other instanceof Float && compare(value, ((Float) other).value) == 0;
    }

    public int hashCode() {
        return floatToIntBits(value);
    }

    public static int hashCode(float value) {
        return floatToIntBits(value);
    }

    /** The bits of the value (NaN as the canonical 0x7fc00000). */
    public static int floatToIntBits(float value) {
        if (value != value) {
            return 0x7fc00000;
        }
        return floatToRawIntBits(value);
    }

    /** The IEEE 754 bits of the value, a NaN's significand as it is. */
    public static native int floatToRawIntBits(float value);

    public static native float intBitsToFloat(int bits);

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(float v) {
        return String.valueOf(v);
    }

    public static float sum(float a, float b) {
        return a + b;
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Float box) {
        return box == null ? "null" : box.toString();
    }
}
