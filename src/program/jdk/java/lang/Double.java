package java.lang;

/**
 * roth's model of java.lang.Double: a double in an object (valueOf makes a new one each time).
 * equals and compareTo order the values as the JDK does by their bits: -0.0 before 0.0,
 * NaN after everything and equal to itself. The bits of a double are natives (roth's words
 * hold them), and hashCode folds them as the JDK does.
 */
public final class Double extends Number implements Comparable<Double> {
    private final double value;

    public Double(double value) {
        this.value = value;
    }

    public static Double valueOf(double v) {
        return new Double(v);
    }

    public static Double valueOf(String s) {
        return new Double(parseDouble(s));
    }

    public static double parseDouble(String s) {
        return FloatingDecimal.parse(s, false);
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

    public static boolean isNaN(double v) {
        return v != v;
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public static boolean isInfinite(double v) {
        return v == 1.0 / 0.0 || v == -1.0 / 0.0;
    }

    public static boolean isFinite(double v) {
        return v - v == 0.0;
    }

    public int compareTo(Double other) {
        return compare(value, other.value);
    }

    public static int compare(double x, double y) {
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
        return other instanceof Double && compare(value, ((Double) other).value) == 0;
    }

    public int hashCode() {
        return hashCode(value);
    }

    public static int hashCode(double value) {
        long bits = doubleToLongBits(value);
        return (int) (bits ^ (bits >>> 32));
    }

    /** The bits of the value (NaN as the canonical 0x7ff8000000000000L). */
    public static long doubleToLongBits(double value) {
        if (value != value) {
            return 0x7ff8000000000000L;
        }
        return doubleToRawLongBits(value);
    }

    /** The IEEE 754 bits of the value, a NaN's significand as it is. */
    public static native long doubleToRawLongBits(double value);

    public static native double longBitsToDouble(long bits);

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(double v) {
        return String.valueOf(v);
    }

    public static double sum(double a, double b) {
        return a + b;
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Double box) {
        return box == null ? "null" : box.toString();
    }
}
