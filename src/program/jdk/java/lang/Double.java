package java.lang;

/**
 * roth's model of java.lang.Double: a double in an object (valueOf makes a new one each time).
 * equals and compareTo order the values as the JDK does by their bits: -0.0 before 0.0,
 * NaN after everything and equal to itself. doubleToLongBits finds the IEEE 754 bits by
 * scaling with exact powers of two (roth has no bit view of a double), and hashCode folds
 * them as the JDK does.
 */
public final class Double extends Number implements Comparable<Double> {
    private final double value;

    public Double(double value) {
        this.value = value;
    }

    public static Double valueOf(double v) {
        return new Double(v);
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
        long sign = value < 0.0 || (value == 0.0 && 1.0 / value < 0.0) ? Long.MIN_VALUE : 0L;
        double a = value < 0.0 ? -value : value;
        if (a == 0.0) {
            return sign;
        }
        if (a == 1.0 / 0.0) {
            return sign | 0x7ff0000000000000L;
        }
        // value = a * 2^(e - 1075); multiplying by a power of two is exact while the result is
        // a normal number, so a is scaled until it is the 53-bit significand (or e reaches 1,
        // a subnormal's exponent), in steps of 2^64, 2^8 and 2.
        double two52 = 4503599627370496.0;
        double two53 = 2.0 * two52;
        double two64 = 18446744073709551616.0;
        int e = 1075;
        while (a >= two53 * two64) {
            a = a / two64;
            e += 64;
        }
        while (a >= two53 * 256.0) {
            a = a / 256.0;
            e += 8;
        }
        while (a >= two53) {
            a = a / 2.0;
            e += 1;
        }
        while (a < two52 / two64 && e > 65) {
            a = a * two64;
            e -= 64;
        }
        while (a < two52 / 256.0 && e > 9) {
            a = a * 256.0;
            e -= 8;
        }
        while (a < two52 && e > 1) {
            a = a * 2.0;
            e -= 1;
        }
        if (a < two52) {
            return sign | (long) a;
        }
        return sign | ((long) e << 52) | ((long) a - 4503599627370496L);
    }

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
