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
        return parse(s, false);
    }

    /**
     * The JDK's FloatingDecimal.readJavaFormatString: the text trimmed, an optional sign,
     * then `NaN`, `Infinity`, or a decimal (digits with at most one point, one digit at
     * least, an optional exponent) with an optional `f`, `F`, `d` or `D` after it; its value
     * correctly rounded to a double, or to a float when `single` (roth's native `decimal`).
     * A hexadecimal text (`0x1.8p3`) ends the run as unrepeatable: roth does not read those.
     */
    static double parse(String in, boolean single) {
        in = in.trim();
        int n = in.length();
        if (n == 0) {
            throw new NumberFormatException("empty String");
        }
        int i = 0;
        boolean negative = false;
        char c = in.charAt(0);
        if (c == '-' || c == '+') {
            negative = c == '-';
            i = 1;
        }
        if (i < n) {
            c = in.charAt(i);
            if (c == 'N' && in.startsWith("NaN", i) && i + 3 == n) {
                return 0.0 / 0.0;
            }
            if (c == 'I' && in.startsWith("Infinity", i) && i + 8 == n) {
                return negative ? -1.0 / 0.0 : 1.0 / 0.0;
            }
            if (c == '0' && i + 1 < n && (in.charAt(i + 1) == 'x' || in.charAt(i + 1) == 'X')) {
                unrepeatable("Double.parseDouble of a hexadecimal text");
            }
        }
        int digits = 0;
        boolean point = false;
        while (i < n) {
            c = in.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.') {
                // The JDK stops at a second point with its own message.
                if (point) {
                    throw new NumberFormatException("multiple points");
                }
                point = true;
            } else {
                break;
            }
            i++;
        }
        if (digits == 0) {
            throw invalid(in);
        }
        if (i < n && (in.charAt(i) == 'e' || in.charAt(i) == 'E')) {
            i++;
            if (i < n && (in.charAt(i) == '+' || in.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && in.charAt(i) >= '0' && in.charAt(i) <= '9') {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                throw invalid(in);
            }
        }
        int end = i;
        if (i < n) {
            c = in.charAt(i);
            if (c == 'f' || c == 'F' || c == 'd' || c == 'D') {
                i++;
            }
        }
        if (i != n) {
            throw invalid(in);
        }
        return decimal(in.substring(0, end), single);
    }

    private static NumberFormatException invalid(String in) {
        return new NumberFormatException("For input string: \"" + in + "\"");
    }

    /** The value of a decimal text Java's grammar accepts, correctly rounded (roth's native). */
    private static native double decimal(String text, boolean single);

    private static native void unrepeatable(String what);

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
