// Double.parseDouble, Float.parseFloat and their valueOf(String) as roth models them
// (`src/program/jdk/java/lang/Double.java`), for the differential test (not a mutation
// subject): random texts, valid and not (signs, points, exponents near the limits of a
// double and a float, halfway cases, long digit strings, suffixes, blanks around, NaN and
// Infinity spelled right and wrong), each read both ways; the trace holds the raw bits read
// or the exception with its message, so roth and the JVM must agree on every one.
public class ParseModels {
    private static int state;

    private static int pick(int n) {
        state = state * 1103515245 + 12345;
        return ((state >>> 8) & 0xffffff) % n;
    }

    private static String digits(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append((char) ('0' + pick(10)));
        }
        return sb.toString();
    }

    private static final String[] ODD = {"", " ", "-", "+", ".", "-.", "1.", ".1", "1e", "1e+", "e5",
        "1.2.3", "1a", " 1 ", "\t2.5\n", "NaN", "-NaN", "+NaN", "nan", "Infinity", "-Infinity",
        "+Infinity", "infinity", "Inf", "NaNd", "Infinityf", "1f", "1F", "1d", "1D", "1.5ff", "1_0",
        "1ee5", "-0", "-0.0", "0.0e-99999", "1e400", "1e-400", "1e39", "1e-46", "3.4028235e38",
        "3.4028236e38", "1.4e-45", "7e-46", "2.4703282292062327e-324",
        "2.4703282292062328e-324", "4.9e-324", "1.7976931348623157e308",
        "1.7976931348623158e308", "1.7976931348623159e308", "9007199254740993",
        "9007199254740993.0000000000000000000001", "0.1", "0.30000000000000004", "123456789e-5",
        "00012.3400", "1e0000000000000000000000001", "1e99999999999999999999", ".e1", "1.e1",
        "1e+-1", "--1", "\u0661", "1\u00a0", "\u00a01", "12345678901234567890123456789"};

    /** A text of one of many shapes. */
    private static String text() {
        switch (pick(6)) {
            case 0:
                return ODD[pick(ODD.length)];
            case 1: {
                String s = (pick(3) == 0 ? "-" : pick(5) == 0 ? "+" : "") + digits(1 + pick(25));
                if (pick(2) == 0) {
                    s += "." + digits(pick(25));
                }
                if (pick(2) == 0) {
                    s += (pick(2) == 0 ? "e" : "E") + (pick(3) == 0 ? "-" : pick(4) == 0 ? "+" : "")
                            + (pick(400) - 60);
                }
                return s;
            }
            case 2: {
                // Around the limits of the exponents, where rounding goes subnormal or infinite.
                int[] exps = {-324, -323, -308, -307, -46, -45, -38, 38, 39, 307, 308, 309};
                return digits(1 + pick(3)) + "." + digits(pick(20)) + "e" + exps[pick(exps.length)];
            }
            case 3: {
                // Seventeen digits or nine (a double's and a float's round trip) at an
                // exponent of either's range, now and then a digit changed. (Not a printed
                // double: JDK 17 prints some longer than roth, as Java 19 does not.)
                String m = digits(pick(2) == 0 ? 17 : 9);
                if (pick(3) == 0) {
                    int at = pick(m.length());
                    m = m.substring(0, at) + (char) ('0' + pick(10)) + m.substring(at + 1);
                }
                int e = pick(2) == 0 ? pick(640) - 330 : pick(90) - 50;
                return (pick(2) == 0 ? "-" : "") + m.charAt(0) + "." + m.substring(1) + "E" + e;
            }
            case 4: {
                // Halfway between two floats or doubles: exact decimals of n + 1/2 ulp.
                long m = (1L << 53) + pick(1 << 20);
                return m + "5e-" + (1 + pick(3)) + (pick(2) == 0 ? "" : "f");
            }
            default: {
                String alphabet = "0123456789.eE+-dDfF xN";
                StringBuilder sb = new StringBuilder();
                int n = 1 + pick(8);
                for (int i = 0; i < n; i++) {
                    sb.append(alphabet.charAt(pick(alphabet.length())));
                }
                return sb.toString();
            }
        }
    }

    public static String parse(int seed, int length) {
        state = seed;
        StringBuilder t = new StringBuilder();
        for (int step = 0; step < Math.min(length, 12); step++) {
            String s = text();
            try {
                t.append(Double.doubleToRawLongBits(Double.parseDouble(s)));
            } catch (NumberFormatException e) {
                t.append(e.getMessage());
            }
            t.append('/');
            try {
                t.append(Float.floatToRawIntBits(Float.parseFloat(s)));
            } catch (NumberFormatException e) {
                t.append(e.getMessage());
            }
            t.append('/');
            try {
                t.append(Double.valueOf(s).equals(Double.valueOf(Float.valueOf(s).doubleValue())));
            } catch (NumberFormatException e) {
                t.append("nfe");
            }
            t.append(' ');
        }
        return t.toString();
    }
}
