import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

// java.math.BigDecimal, MathContext and RoundingMode as roth models them in Java
// (`src/program/jdk/java/math/`), for the differential test (not a mutation subject). Each
// method runs a random sequence of operations chosen by its own LCG from the seed, on
// operands of many shapes (small and long unscaled values, up to 60 random digits, the edges
// of a long, money amounts, exact halves for the rounding modes, zeros of every scale,
// scales from -40 to 60 and near the int limits), in every rounding mode, and returns the
// trace of results (text, scale, precision, comparisons, hash codes) and exceptions with
// their messages, which roth and the JVM must agree on.
public class BigDecimalModel {
    private static int state;

    /** The next number of the fixture's LCG, in [0, n). */
    private static int pick(int n) {
        state = state * 1103515245 + 12345;
        return Math.floorMod(state >>> 8, n);
    }

    private static String thrown(Exception e) {
        return e.getClass().getName() + ": " + e.getMessage();
    }

    /** A long string as its length and hash, to keep traces short. */
    private static String shown(Object o) {
        String s = String.valueOf(o);
        return s.length() <= 40 ? s : s.length() + "#" + s.hashCode();
    }

    /** A decimal by its text (which fixes its unscaled value and scale) and precision. */
    private static String d(BigDecimal x) {
        return shown(x) + "/" + x.precision();
    }

    private static final RoundingMode[] MODES = RoundingMode.values();

    private static RoundingMode mode() {
        return MODES[pick(MODES.length)];
    }

    /** Random decimal digits, `n` of them (a leading zero now and then). */
    private static String digits(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append((char) ('0' + pick(10)));
        }
        return sb.toString();
    }

    private static int smallScale() {
        return pick(5) == 0 ? pick(81) - 30 : pick(12) - 3;
    }

    /** An operand of one of many shapes, of up to about `maxDigits` digits. */
    private static BigDecimal dec(int maxDigits) {
        BigDecimal v;
        switch (pick(12)) {
            case 0 -> v = BigDecimal.valueOf(pick(41) - 20, smallScale());
            case 1 -> v = BigDecimal.valueOf(((long) state << 20) ^ pick(1 << 20), smallScale());
            case 2 -> {
                long[] edges = {Long.MAX_VALUE, Long.MIN_VALUE, 1000000000000000000L, 999999999999999999L, Integer.MAX_VALUE, 4611686018427387904L};
                v = new BigDecimal(BigInteger.valueOf(edges[pick(edges.length)]).add(BigInteger.valueOf(pick(3) - 1)), smallScale());
            }
            case 3, 4 -> v = new BigDecimal(new BigInteger(digits(1 + pick(maxDigits))), smallScale());
            case 5 -> v = new BigDecimal(pick(2000000) + "." + digits(pick(4)));
            case 6 -> v = BigDecimal.valueOf(pick(2000) * 5L + 5, 1 + pick(4));
            case 7 -> v = BigDecimal.valueOf(0, smallScale());
            case 8 -> v = BigDecimal.TEN.pow(pick(30)).movePointLeft(pick(40) - 10);
            case 9 -> v = new BigDecimal(digits(1 + pick(maxDigits)) + "E" + (pick(61) - 30));
            case 10 -> v = new BigDecimal(pick(100000) - 50000);
            default -> v = BigDecimal.valueOf(pick(1000), pick(4));
        }
        return pick(3) == 0 ? v.negate() : v;
    }

    /** Texts to parse: valid or not, short (read as a long by the JDK) or long. */
    public static String parse(int seed, int length) {
        state = seed;
        length = Math.min(length, 6);
        String t = "";
        String[] odd = {"", "-", "+", ".", "-.", "1.", ".1", "1e", "1e+", "1e-", "e5", "1.2.3", "abc", "1a", " 1", "1 ",
            "1e5x", "--1", "+-1", "1e99999999999", "1e2147483647", "1e-2147483648", "1e2147483648", "0.1e-2147483647",
            "1E-2147483649", "\u0661\u0662", "1e\u0663", "Infinity", "NaN", "1_0", "1ee5", "-0.00", "00012.3400", "1e-0",
            ".e1", "1.e1", "1e+-1", "9223372036854775808", "-9223372036854775808", "0E-2147483648", "10e2147483647",
            "e2147483648", "e-2147483648", "0.0e2147483647", "\uff11\uff12", "1e0000000000000000000000001", "1e00000000000"};
        String alphabet = "0123456789012345678901234567890123456789..eE+-x \u0661";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(8);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> t += d(new BigDecimal(odd[pick(odd.length)]));
                    case 1 -> {
                        // Around the 18 characters where the JDK switches parsers.
                        String s = (pick(3) == 0 ? "-" : "") + digits(14 + pick(8));
                        int at = pick(s.length() + 1);
                        String in = pick(4) == 0 ? "" : String.valueOf(alphabet.charAt(pick(alphabet.length())));
                        s = s.substring(0, at) + in + s.substring(at);
                        t += d(new BigDecimal(s));
                    }
                    case 2 -> {
                        StringBuilder sb = new StringBuilder();
                        int n = 1 + pick(25);
                        for (int i = 0; i < n; i++) {
                            sb.append(alphabet.charAt(pick(alphabet.length())));
                        }
                        t += d(new BigDecimal(sb.toString()));
                    }
                    case 3 -> {
                        String s = (pick(2) == 0 ? "+" : "") + digits(pick(30)) + (pick(2) == 0 ? "." + digits(pick(25)) : "")
                                + (pick(2) == 0 ? "eE".charAt(pick(2)) + (pick(2) == 0 ? "-" : "") + digits(pick(13)) : "");
                        t += s.length() + "," + d(new BigDecimal(s));
                    }
                    case 4 -> {
                        BigDecimal v = dec(60);
                        BigDecimal back = new BigDecimal(v.toString());
                        t += d(v) + "," + back.equals(v) + "," + new BigDecimal(v.toPlainString()).compareTo(v) + "," + new BigDecimal(v.toEngineeringString()).equals(v);
                    }
                    case 5 -> t += d(new BigDecimal(digits(1 + pick(40)) + "e" + (pick(2) == 0 ? "+" : "-") + (pick(2) == 0 ? "214748364" + pick(10) : digits(1 + pick(3)))));
                    case 6 -> t += d(new BigDecimal(pick(3) == 0 ? "-" : "" + "0".repeat(pick(25)) + "." + "0".repeat(pick(25)) + (pick(2) == 0 ? "e" + (pick(41) - 20) : "")));
                    default -> {
                        BigDecimal v = new BigDecimal(digits(1 + pick(30)) + "." + digits(pick(20)));
                        t += d(v) + "," + v.hashCode() + "," + v.signum();
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** add, subtract, multiply (exact and to a context), signs, comparisons, hashing. */
    public static String arithmetic(int seed, int length) {
        state = seed;
        length = Math.min(length, 6);
        String t = "";
        int size = pick(5) == 0 ? 60 : 20;
        BigDecimal a = dec(size);
        BigDecimal b = dec(size);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(16);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = dec(size);
                    case 1 -> b = pick(4) == 0 ? a : dec(size);
                    case 2 -> t += d(a.add(b)) + "," + a.add(b).equals(b.add(a)) + "," + a.add(b).subtract(b).compareTo(a);
                    case 3 -> t += d(a.subtract(b)) + "," + d(a.subtract(a));
                    case 4 -> t += d(a.multiply(b)) + "," + a.multiply(b).hashCode();
                    case 5 -> {
                        MathContext mc = new MathContext(pick(25), mode());
                        t += mc + "=" + d(a.add(b, mc)) + "," + d(a.subtract(b, mc)) + "," + d(a.multiply(b, mc));
                    }
                    case 6 -> t += d(a.negate()) + "," + d(b.abs()) + "," + a.signum() + b.negate().signum() + "," + d(a.plus());
                    case 7 -> t += a.compareTo(b) + "," + b.compareTo(a) + "," + a.compareTo(a) + "," + a.compareTo(a.setScale(a.scale() + pick(5)));
                    case 8 -> t += d(a.min(b)) + "," + d(a.max(b)) + "," + (a.min(b) == a) + (a.max(b) == a) + (a.min(a.setScale(a.scale() + 1)) == a);
                    case 9 -> t += a.equals(b) + "," + a.equals(new BigDecimal(a.toString())) + "," + a.equals(a.setScale(a.scale() + 1)) + "," + a.equals(null) + "," + a.equals(a.unscaledValue());
                    case 10 -> t += a.hashCode() + "," + b.hashCode() + "," + a.negate().hashCode();
                    case 11 -> a = a.multiply(b).add(BigDecimal.valueOf(pick(100), pick(3)));
                    case 12 -> {
                        MathContext mc = new MathContext(1 + pick(20), mode());
                        t += d(a.negate(mc)) + "," + d(a.abs(mc)) + "," + d(a.plus(mc));
                    }
                    case 13 -> t += d(a.add(BigDecimal.ZERO)) + "," + d(BigDecimal.valueOf(0, pick(20) - 5).add(a)) + "," + d(a.multiply(BigDecimal.valueOf(0, pick(20) - 5)));
                    case 14 -> {
                        BigDecimal s = BigDecimal.ZERO;
                        for (int i = 0; i < 5; i++) {
                            s = s.add(dec(size));
                        }
                        t += d(s);
                    }
                    default -> t += d(a.add(b).multiply(a.subtract(b))) + "," + a.multiply(a).subtract(b.multiply(b)).compareTo(a.add(b).multiply(a.subtract(b)));
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** divide in every form, remainder, divideToIntegralValue; zero divisors. */
    public static String division(int seed, int length) {
        state = seed;
        length = Math.min(length, 6);
        String t = "";
        int size = pick(5) == 0 ? 50 : 18;
        BigDecimal a = dec(size);
        BigDecimal b = dec(size / 2);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(16);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = dec(size);
                    case 1 -> b = pick(5) == 0 ? BigDecimal.valueOf(0, pick(41) - 20) : dec(size / 2);
                    case 2 -> t += d(a.divide(b));
                    case 3 -> {
                        // Divisors of 2s and 5s, whose quotients end.
                        BigDecimal c = BigDecimal.valueOf((1L << pick(12)) * new long[] {1, 5, 25, 125, 625, 3125}[pick(6)], pick(9) - 4);
                        t += d(a.divide(c)) + "," + d(a.multiply(c).divide(c)) + "," + d(a.multiply(b).divide(pick(2) == 0 ? a : b));
                    }
                    case 4 -> {
                        RoundingMode m = mode();
                        int s = pick(50) - 15;
                        t += m + "" + s + "=" + d(a.divide(b, s, m));
                    }
                    case 5 -> t += d(a.divide(b, mode())) + "," + d(b.divide(a, RoundingMode.HALF_EVEN));
                    case 6 -> {
                        MathContext mc = new MathContext(pick(40), mode());
                        t += mc + "=" + d(a.divide(b, mc));
                    }
                    case 7 -> t += d(a.remainder(b)) + "," + d(b.remainder(a));
                    case 8 -> t += d(a.divideToIntegralValue(b)) + "," + d(b.divideToIntegralValue(a));
                    case 9 -> {
                        BigDecimal[] qr = a.divideAndRemainder(b);
                        t += d(qr[0]) + "," + d(qr[1]) + "," + qr[0].multiply(b).add(qr[1]).compareTo(a);
                    }
                    case 10 -> {
                        // Exact halves: the rounding modes' ties.
                        BigDecimal h = BigDecimal.valueOf(pick(41) - 20).add(BigDecimal.valueOf(5, 1));
                        t += d(h.divide(BigDecimal.ONE, 0, mode())) + "," + d(h.multiply(a).divide(a.signum() == 0 ? BigDecimal.ONE : a, pick(3), mode()));
                    }
                    case 11 -> {
                        BigDecimal z = BigDecimal.valueOf(0, pick(41) - 20);
                        int s = pick(60) - 25;
                        t += d(a.divide(z, s, mode()));
                    }
                    case 12 -> t += d(a.divide(BigDecimal.valueOf(3 + pick(5)), MathContext.DECIMAL32)) + "," + d(a.divide(b, MathContext.DECIMAL64)) + "," + d(a.divide(b, MathContext.DECIMAL128));
                    case 13 -> {
                        int legacy = pick(10) - 1;
                        t += d(a.divide(b, pick(10), legacy)) + "," + d(a.divide(b, legacy));
                    }
                    case 14 -> t += d(a.divide(b, MathContext.UNLIMITED));
                    default -> {
                        BigDecimal q = BigDecimal.valueOf(pick(2001) - 1000, pick(6));
                        BigDecimal r = BigDecimal.valueOf(pick(199) - 99, pick(6));
                        t += d(q.divide(r, pick(8), mode())) + "," + d(q.remainder(r)) + "," + d(q.divideToIntegralValue(r));
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** setScale and round in every mode, precision, stripping zeros, moving the point, pow. */
    public static String rounding(int seed, int length) {
        state = seed;
        length = Math.min(length, 6);
        String t = "";
        BigDecimal a = dec(pick(4) == 0 ? 50 : 16);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(16);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = dec(pick(4) == 0 ? 50 : 16);
                    case 1 -> {
                        RoundingMode m = mode();
                        int s = a.scale() - pick(8) + 2;
                        t += m + "" + s + "=" + d(a.setScale(s, m));
                    }
                    case 2 -> {
                        // A tie at the first digit dropped, or just above or below it.
                        BigInteger u = a.unscaledValue().multiply(BigInteger.TEN).add(BigInteger.valueOf(5));
                        BigDecimal h = new BigDecimal(u, a.scale() + 1);
                        int nudge = pick(3) - 1;
                        if (nudge != 0) {
                            h = h.add(BigDecimal.valueOf(nudge, a.scale() + 3 + pick(5)));
                        }
                        RoundingMode m = mode();
                        t += m + "=" + d(h.setScale(a.scale(), m)) + "," + d(h.negate().setScale(a.scale(), m));
                    }
                    case 3 -> {
                        MathContext mc = new MathContext(pick(25), mode());
                        t += mc.getPrecision() + "" + mc.getRoundingMode() + "=" + d(a.round(mc));
                    }
                    case 4 -> t += d(a.setScale(a.scale() + pick(6))) + "," + d(a.setScale(a.scale() - pick(3)));
                    case 5 -> t += a.precision() + "," + a.scale() + "," + a.unscaledValue() + "," + d(a.ulp());
                    case 6 -> t += d(a.stripTrailingZeros()) + "," + (a.signum() == 0 && a.stripTrailingZeros() == BigDecimal.ZERO);
                    case 7 -> {
                        int n = pick(41) - 20;
                        t += d(a.movePointLeft(n)) + "," + d(a.movePointRight(n)) + "," + d(a.scaleByPowerOfTen(n));
                    }
                    case 8 -> t += d(a.pow(pick(8))) + "," + d(BigDecimal.valueOf(pick(21) - 10, pick(5)).pow(pick(30)));
                    case 9 -> t += d(a.pow(pick(5) - 3));
                    case 10 -> {
                        int legacy = pick(10) - 1;
                        t += d(a.setScale(a.scale() - pick(4), legacy));
                    }
                    case 11 -> {
                        BigDecimal m = new BigDecimal("999.995").multiply(BigDecimal.valueOf(pick(3) - 1));
                        MathContext mc = new MathContext(1 + pick(6), mode());
                        t += d(m.round(mc)) + "," + d(m.setScale(pick(4), mc.getRoundingMode()));
                    }
                    case 12 -> {
                        BigDecimal money = BigDecimal.valueOf(pick(1000000) - 500000, 4);
                        t += d(money.setScale(2, RoundingMode.HALF_EVEN)) + "," + d(money.setScale(2, RoundingMode.HALF_UP)) + "," + d(money.setScale(0, RoundingMode.CEILING)) + "," + d(money.setScale(0, RoundingMode.FLOOR));
                    }
                    case 13 -> t += d(a.round(MathContext.DECIMAL32)) + "," + d(a.round(MathContext.DECIMAL64)) + "," + d(a.round(MathContext.UNLIMITED));
                    case 14 -> t += d(a.setScale(-pick(30), mode()));
                    default -> {
                        int s = a.scale() - 1 - pick(70);
                        t += d(a.setScale(s, mode()));
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** toString's switch to scientific notation, the engineering and plain forms. */
    public static String text(int seed, int length) {
        state = seed;
        length = Math.min(length, 8);
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(5);
            t += op + ":";
            try {
                BigDecimal v;
                switch (op) {
                    case 0 -> v = BigDecimal.valueOf(pick(3) == 0 ? 0 : pick(2001) - 1000, pick(30) - 15);
                    case 1 -> v = new BigDecimal(new BigInteger(digits(1 + pick(25))), pick(61) - 30);
                    case 2 -> v = BigDecimal.valueOf(0, pick(41) - 20);
                    case 3 -> v = dec(30);
                    default -> v = BigDecimal.valueOf(pick(3) == 0 ? -1 : 1, pick(17) - 8).multiply(BigDecimal.valueOf(pick(1000)));
                }
                t += v.toString() + "|" + v.toEngineeringString() + "|" + shown(v.toPlainString()) + "|" + v.scale() + "|" + v.precision();
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** The primitive values (a double and a float by their bits), the exact conversions,
     *  BigIntegers, doubles exactly, and valueOf's caches. */
    public static String conversions(int seed, int length) {
        state = seed;
        length = Math.min(length, 8);
        String t = "";
        BigDecimal a = dec(30);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(16);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = dec(pick(2) == 0 ? 12 : 30);
                    case 1 -> t += a.intValue() + "," + a.longValue() + "," + a.shortValue() + "," + a.byteValue();
                    case 2 -> t += a.intValueExact();
                    case 3 -> t += a.longValueExact();
                    case 4 -> t += a.shortValueExact() + "," + a.byteValueExact();
                    case 5 -> t += fp(a.doubleValue(), a.floatValue());
                    case 6 -> {
                        // Far from 1, and with many digits.
                        BigDecimal x = new BigDecimal(new BigInteger(digits(1 + pick(40))), pick(800) - 400);
                        t += fp(x.doubleValue(), x.floatValue()) + "," + fp(x.negate().doubleValue(), x.negate().floatValue());
                    }
                    case 7 -> {
                        // Halfway between two doubles (or floats), and just off it.
                        long m = ((long) state << 21 ^ pick(1 << 21)) & ((1L << 53) - 1) | (1L << 52);
                        if (pick(2) == 0) {
                            m >>= 29;
                        }
                        int e = pick(300) - 150 - (pick(4) == 0 ? 900 : 0);
                        BigDecimal half = new BigDecimal(BigInteger.valueOf(2 * m + 1));
                        half = e >= 1 ? half.multiply(new BigDecimal(BigInteger.ONE.shiftLeft(e - 1))) : half.divide(new BigDecimal(BigInteger.ONE.shiftLeft(1 - e)));
                        BigDecimal off = half.add(half.ulp().multiply(BigDecimal.valueOf(pick(3) - 1)));
                        t += fp(half.doubleValue(), half.floatValue()) + "," + fp(off.doubleValue(), off.floatValue());
                    }
                    case 8 -> t += a.toBigInteger() + "," + shown(a.unscaledValue()) + "," + a.toBigIntegerExact();
                    case 9 -> {
                        long m = (((long) state << 21) ^ pick(1 << 21)) & ((1L << 53) - 1);
                        double x = pick(4) == 0 ? (double) (pick(2000001) - 1000000) / (1 << pick(12)) : times2(m, pick(2200) - 1100);
                        BigDecimal exact = new BigDecimal(x);
                        t += d(exact) + "," + (exact.doubleValue() == x) + "," + exact.scale();
                    }
                    case 10 -> {
                        // Decimal doubles, which JDK 17 writes in their shortest digits.
                        double x = (pick(2000001) - 1000000) / (double) new int[] {1, 10, 100, 1000, 8}[pick(5)];
                        BigDecimal v = BigDecimal.valueOf(x);
                        // Other doubles only by their text: JDK 17 writes some with a digit more.
                        t += v + "," + v.scale() + "," + BigDecimal.valueOf(x * 1e20) + "," + BigDecimal.valueOf(x / 1e9);
                    }
                    case 11 -> {
                        long v = pick(31) - 10;
                        int s = pick(22) - 3;
                        t += (BigDecimal.valueOf(v) == BigDecimal.valueOf(v)) + "," + (BigDecimal.valueOf(0, s) == BigDecimal.valueOf(0, s))
                                + "," + (BigDecimal.valueOf(v, 0) == BigDecimal.valueOf(v)) + "," + (BigDecimal.valueOf(0) == BigDecimal.ZERO)
                                + (BigDecimal.valueOf(1) == BigDecimal.ONE) + (BigDecimal.valueOf(10) == BigDecimal.TEN);
                    }
                    case 12 -> t += BigDecimal.ZERO + "," + BigDecimal.ONE + "," + BigDecimal.TEN + "," + BigDecimal.TEN.hashCode() + "," + new BigDecimal(pick(2000) - 1000) + "," + new BigDecimal(((long) state << 30) ^ pick(1000));
                    case 13 -> {
                        BigInteger u = new BigInteger(digits(1 + pick(30)));
                        t += d(new BigDecimal(u)) + "," + d(new BigDecimal(u.negate(), pick(61) - 30));
                    }
                    case 14 -> {
                        double[] odd = {Double.NaN, 1.0 / 0.0, -1.0 / 0.0, 0.0, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, 0.1, 1e22, -2.5};
                        double x = odd[pick(odd.length)];
                        t += shown(new BigDecimal(x)) + "," + BigDecimal.valueOf(x);
                    }
                    default -> {
                        BigDecimal x = BigDecimal.valueOf(((long) state << 28) ^ pick(1 << 28), pick(40) - 20);
                        t += fp(x.doubleValue(), x.floatValue()) + "," + x.longValue() + "," + x.intValue();
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** m × 2^e, by exact doublings and halvings (the last halvings into the subnormals
     *  round, alike on both sides). */
    private static double times2(long m, int e) {
        double x = pick(2) == 0 ? m : -m;
        for (; e > 0; e--) {
            x *= 2.0;
        }
        for (; e < 0; e++) {
            x *= 0.5;
        }
        return x;
    }

    /** A double and a float by their bits: how they print is not BigDecimal's business. */
    private static String fp(double d, float f) {
        return Long.toHexString(Double.doubleToLongBits(d)) + "/" + Integer.toHexString(Float.floatToIntBits(f));
    }

    /** MathContext and RoundingMode: constructors, text, equality, the legacy numbers. */
    public static String contexts(int seed, int length) {
        state = seed;
        length = Math.min(length, 8);
        String t = "";
        String[] texts = {"precision=5 roundingMode=HALF_UP", "precision=5  roundingMode=HALF_UP", "precision=-1 roundingMode=UP",
            "precision=x roundingMode=UP", "precision=5 roundingMode=FOO", "precision=5", "", "precision= 5 roundingMode=UP",
            "precision=5 roundingmode=UP", "precision=05 roundingMode=UP", "precision=5 roundingMode=UP ", "precision=+5 roundingMode=UP",
            "precision=99999999999 roundingMode=UP", "precision=0 roundingMode=UNNECESSARY", "precision=-1 roundingMode=FOO"};
        String[] names = {"UP", "DOWN", "CEILING", "FLOOR", "HALF_UP", "HALF_DOWN", "HALF_EVEN", "UNNECESSARY", "up", "HALF", ""};
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(8);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> t += new MathContext(texts[pick(texts.length)]);
                    case 1 -> {
                        MathContext mc = new MathContext(pick(40) - 3, mode());
                        t += mc + "," + mc.getPrecision() + "," + mc.getRoundingMode() + "," + mc.equals(new MathContext(mc.toString()));
                    }
                    case 2 -> {
                        MathContext mc = new MathContext(pick(10));
                        t += mc + "," + mc.equals(new MathContext(pick(10), RoundingMode.HALF_UP)) + "," + mc.equals(null) + "," + mc.equals(mc.toString());
                    }
                    case 3 -> t += MathContext.UNLIMITED + "," + MathContext.DECIMAL32 + "," + MathContext.DECIMAL64 + "," + MathContext.DECIMAL128;
                    case 4 -> t += RoundingMode.valueOf(pick(10) - 1);
                    case 5 -> {
                        RoundingMode m = RoundingMode.valueOf(names[pick(names.length)]);
                        t += m + "," + m.ordinal() + "," + m.name() + "," + m.compareTo(RoundingMode.HALF_UP);
                    }
                    case 6 -> t += RoundingMode.values().length + "," + RoundingMode.values()[pick(8)] + "," + (RoundingMode.valueOf(pick(8)) == MODES[pick(8)]);
                    default -> {
                        int legacy = pick(10) - 1;
                        BigDecimal x = BigDecimal.valueOf(pick(2001) - 1000, 3);
                        t += legacy + "=" + x.setScale(1, legacy) + "," + (legacy >= 0 && legacy < 8 && x.setScale(1, legacy).equals(x.setScale(1, RoundingMode.valueOf(legacy))));
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** Scales near the int limits: saturated zeros, "Overflow" and "Underflow". */
    public static String edges(int seed, int length) {
        state = seed;
        length = Math.min(length, 6);
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(9);
            t += op + ":";
            try {
                int far = pick(2) == 0 ? Integer.MAX_VALUE - pick(5) : Integer.MIN_VALUE + pick(5);
                BigDecimal x = BigDecimal.valueOf(pick(3) == 0 ? 0 : pick(199) - 99, far);
                BigDecimal y = BigDecimal.valueOf(pick(3) == 0 ? 0 : pick(19) - 9, pick(2) == 0 ? far : pick(11) - 5);
                switch (op) {
                    case 0 -> t += d(x.multiply(y)) + "," + d(y.multiply(x));
                    case 1 -> t += d(x.pow(pick(4)));
                    case 2 -> t += d(x.scaleByPowerOfTen(pick(11) - 5));
                    case 3 -> t += d(x.movePointLeft(pick(11) - 5));
                    case 4 -> t += d(x.movePointRight(pick(11) - 5));
                    // Powers of 0, 1 and -1, which stay small.
                    case 5 -> t += d(BigDecimal.valueOf(pick(3) - 1, pick(21) - 10).pow(pick(2) == 0 ? 1000000000 : 300000000 + pick(3)));
                    case 6 -> t += d(x.divide(y)) + "," + d(x.divideToIntegralValue(y));
                    case 7 -> t += d(x.stripTrailingZeros()) + "," + x.signum() + "," + x.compareTo(y) + "," + x.equals(y) + "," + x.hashCode();
                    default -> t += d(new BigDecimal(digits(1 + pick(5)) + "E" + (pick(2) == 0 ? "" : "-") + "21474836" + (40 + pick(20))));
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }
}
