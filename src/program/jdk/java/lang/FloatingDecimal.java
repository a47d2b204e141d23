package java.lang;

/**
 * roth's own class, named after the JDK's internal one: the reading of a decimal text
 * that Double.parseDouble and Float.parseFloat share (apart from Double, so that a unit
 * using Float or Integer does not read Double).
 */
final class FloatingDecimal {
    private FloatingDecimal() {
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
}
