package java.math;

/**
 * roth's model of java.math.BigDecimal (JDK 17): an immutable decimal, an unscaled integer
 * and a scale, worth unscaled × 10^-scale. The unscaled value is a `long` when it fits one
 * (other than `Long.MIN_VALUE`, so that negating it is safe), else a `BigInteger`: money
 * and counts stay in `long` arithmetic, which roth's interpreter runs in few steps; the
 * `BigInteger` forms are the general case, and both give the same numbers.
 *
 * Modelled as the JDK behaves, from its documentation and checked against the JVM: parsing
 * with exponents and the JDK's messages for bad text (which differ as the JDK parses a
 * significand of up to 18 characters as a `long` and a longer one otherwise, and a text
 * ending in `e` fails without a message), the exact value of a `double`, `valueOf`'s caches
 * (0 to 10, and zero at scales 0 to 15), `add`/`subtract`/`multiply` exact or rounded to a
 * `MathContext`, `divide` exact (or "Non-terminating decimal expansion"), to a scale, or to
 * a precision with the preferred scales of the specification, `divideToIntegralValue`,
 * `remainder`, `pow`, `setScale` and `round` in the eight rounding modes, the legacy
 * `ROUND_*` numbers, `stripTrailingZeros`, `compareTo` by value and `equals` by value and
 * scale, `hashCode` (31 times the unscaled value's hash plus the scale), `toString` with the
 * specification's switch to scientific notation, `toEngineeringString`, `toPlainString`,
 * the conversions (`doubleValue` and `floatValue` correctly rounded), the exact ones with
 * "Overflow" and "Rounding necessary", and the scale checks ("Overflow", "Underflow"; a zero
 * whose scale leaves the int range keeps the nearest scale). A zero divisor in
 * `divide(divisor, scale, mode)` throws what the JDK's path throws: `/ by zero` where it
 * divides `long`s, `BigInteger divide by zero` where it scales an operand beyond a `long`.
 *
 * Not modelled: `sqrt`, `pow(int, MathContext)`, the constructors taking a `MathContext` or
 * a `char[]`, `divideToIntegralValue` and `remainder` with a `MathContext`, and which
 * results share objects with their operands or the caches beyond `valueOf` and
 * `stripTrailingZeros` of zero (`==` between computed results may differ from the JVM's).
 */
public class BigDecimal extends Number implements Comparable<BigDecimal> {
    /** In `small`: the unscaled value is `big`. */
    private static final long INFLATED = Long.MIN_VALUE;

    // The legacy rounding modes, each the ordinal of its RoundingMode.
    public static final int ROUND_UP = 0;
    public static final int ROUND_DOWN = 1;
    public static final int ROUND_CEILING = 2;
    public static final int ROUND_FLOOR = 3;
    public static final int ROUND_HALF_UP = 4;
    public static final int ROUND_HALF_DOWN = 5;
    public static final int ROUND_HALF_EVEN = 6;
    public static final int ROUND_UNNECESSARY = 7;

    /** 10^0 to 10^18, the powers of ten a `long` holds. */
    private static final long[] LONG_TEN_POWERS = {1L, 10L, 100L, 1000L, 10000L, 100000L,
        1000000L, 10000000L, 100000000L, 1000000000L, 10000000000L, 100000000000L,
        1000000000000L, 10000000000000L, 100000000000000L, 1000000000000000L,
        10000000000000000L, 100000000000000000L, 1000000000000000000L};

    /** The powers of ten as BigIntegers, each made on first use. */
    private static final BigInteger[] TEN_POWERS = new BigInteger[64];

    /** `valueOf`'s caches: 0 to 10, and zero at scales 0 to 15, made on first use. */
    private static final BigDecimal[] SMALL_VALUES = new BigDecimal[11];
    private static final BigDecimal[] ZEROS = new BigDecimal[16];

    // roth runs every class's static initializer up front, the JDK's in the order of
    // `jdk.rs`: these read no other class's static fields.
    public static final BigDecimal ZERO = new BigDecimal(0L, null, 0);
    public static final BigDecimal ONE = new BigDecimal(1L, null, 0);
    public static final BigDecimal TEN = new BigDecimal(10L, null, 0);

    /** The unscaled value, or `INFLATED` when it does not fit (then `big` holds it). */
    private final long small;

    /** The unscaled value when it does not fit `small`, else null. */
    private final BigInteger big;

    private final int scale;

    /** `small` is not `INFLATED` or `big` is not null, as `of` makes them. */
    private BigDecimal(long small, BigInteger big, int scale) {
        this.small = small;
        this.big = big;
        this.scale = scale;
    }

    public BigDecimal(int val) {
        this((long) val, null, 0);
    }

    public BigDecimal(long val) {
        this(of(val, 0));
    }

    public BigDecimal(BigInteger val) {
        this(of(val, 0));
    }

    public BigDecimal(BigInteger unscaledVal, int scale) {
        this(of(unscaledVal, scale));
    }

    /** The exact value of the double: its binary fraction written in decimal. */
    public BigDecimal(double val) {
        this(exactly(val));
    }

    /** A copy of `d`'s value (how the constructors that compute their value make it). */
    private BigDecimal(BigDecimal d) {
        this.small = d.small;
        this.big = d.big;
        this.scale = d.scale;
    }

    /**
     * An optional sign, digits (of any script) with at most one decimal point, and an
     * optional exponent, `e` or `E` with an optional sign and digits; the scale is the
     * digits after the point less the exponent.
     */
    public BigDecimal(String val) {
        this(parse(val));
    }

    // Making values.

    private static BigDecimal of(long unscaled, int scale) {
        if (unscaled == INFLATED) {
            return new BigDecimal(INFLATED, BigInteger.valueOf(unscaled), scale);
        }
        return new BigDecimal(unscaled, null, scale);
    }

    private static BigDecimal of(BigInteger unscaled, int scale) {
        if (unscaled.bitLength() <= 63) {
            long v = unscaled.longValue();
            if (v != INFLATED) {
                return new BigDecimal(v, null, scale);
            }
        }
        return new BigDecimal(INFLATED, unscaled, scale);
    }

    public static BigDecimal valueOf(long val) {
        if (val == 0) {
            return ZERO;
        }
        if (val == 1) {
            return ONE;
        }
        if (val == 10) {
            return TEN;
        }
        if (val > 1 && val < 10) {
            int i = (int) val;
            if (SMALL_VALUES[i] == null) {
                SMALL_VALUES[i] = new BigDecimal(val, null, 0);
            }
            return SMALL_VALUES[i];
        }
        return of(val, 0);
    }

    public static BigDecimal valueOf(long unscaledVal, int scale) {
        if (scale == 0) {
            return valueOf(unscaledVal);
        }
        if (unscaledVal == 0) {
            return zero(scale);
        }
        return of(unscaledVal, scale);
    }

    /** The value `Double.toString` writes, so `valueOf(0.1)` is 0.1 (and `valueOf(1.0)` 1.0). */
    public static BigDecimal valueOf(double val) {
        return new BigDecimal(Double.toString(val));
    }

    /** Zero at a scale, the cached one for scales 0 to 15. */
    private static BigDecimal zero(int scale) {
        if (scale < 0 || scale >= ZEROS.length) {
            return new BigDecimal(0L, null, scale);
        }
        if (scale == 0) {
            return ZERO;
        }
        if (ZEROS[scale] == null) {
            ZEROS[scale] = new BigDecimal(0L, null, scale);
        }
        return ZEROS[scale];
    }

    /** Zero at a scale, the nearest int when it is out of range. */
    private static BigDecimal zeroNear(long scale) {
        if (scale > Integer.MAX_VALUE) {
            return zero(Integer.MAX_VALUE);
        }
        if (scale < Integer.MIN_VALUE) {
            return zero(Integer.MIN_VALUE);
        }
        return zero((int) scale);
    }

    private static BigDecimal exactly(double val) {
        if (val != val || val == 1.0 / 0.0 || val == -1.0 / 0.0) {
            throw new NumberFormatException("Infinite or NaN");
        }
        long bits = Double.doubleToLongBits(val);
        int exponent = (int) ((bits >> 52) & 0x7ffL);
        long fraction = bits & ((1L << 52) - 1);
        // value = significand × 2^exponent, the significand of up to 53 bits.
        long significand = exponent == 0 ? fraction << 1 : fraction | (1L << 52);
        exponent -= 1075;
        if (significand == 0) {
            return ZERO;
        }
        while ((significand & 1) == 0) {
            significand >>= 1;
            exponent++;
        }
        BigInteger unscaled;
        int scale = 0;
        if (exponent >= 0) {
            unscaled = BigInteger.valueOf(significand).shiftLeft(exponent);
        } else {
            // s / 2^k = s × 5^k / 10^k.
            unscaled = BigInteger.valueOf(significand).multiply(BigInteger.valueOf(5).pow(-exponent));
            scale = -exponent;
        }
        return of(bits < 0 ? unscaled.negate() : unscaled, scale);
    }

    // Parsing.

    private static BigDecimal parse(String val) {
        int len = val.length();
        if (len == 0) {
            // The JDK reads past the end of the text and reports it without a message.
            throw new NumberFormatException();
        }
        int i = 0;
        boolean negative = false;
        char first = val.charAt(0);
        if (first == '-' || first == '+') {
            negative = first == '-';
            i = 1;
        }
        // The JDK parses a significand of up to 18 characters (after the sign) as a long,
        // which names a bad character; a longer one otherwise, which does not.
        boolean compact = len - i <= 18;
        StringBuilder digits = new StringBuilder();
        long unscaled = 0;
        boolean seenDigit = false;
        boolean dot = false;
        long fractionDigits = 0;
        long exponent = 0;
        for (; i < len; i++) {
            char c = val.charAt(i);
            int d = c >= '0' && c <= '9' ? c - '0' : (Character.isDigit(c) ? Character.digit(c, 10) : -1);
            if (d >= 0) {
                seenDigit = true;
                if (compact) {
                    unscaled = unscaled * 10 + d;
                } else {
                    digits.append((char) ('0' + d));
                }
                if (dot) {
                    fractionDigits++;
                }
            } else if (c == '.') {
                if (dot) {
                    throw new NumberFormatException("Character array contains more than one decimal point.");
                }
                dot = true;
            } else if (c == 'e' || c == 'E') {
                exponent = parseExponent(val, i + 1);
                if (exponent != (int) exponent) {
                    throw new NumberFormatException("Exponent overflow.");
                }
                break;
            } else if (compact) {
                throw new NumberFormatException("Character " + c
                        + " is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.");
            } else {
                throw new NumberFormatException("Character array is missing \"e\" notation exponential mark.");
            }
        }
        if (!seenDigit) {
            throw new NumberFormatException("No digits found.");
        }
        long scale = fractionDigits - exponent;
        if (scale != (int) scale) {
            throw new NumberFormatException("Scale out of range.");
        }
        if (compact) {
            return of(negative ? -unscaled : unscaled, (int) scale);
        }
        BigInteger u = new BigInteger(digits.toString());
        return of(negative ? u.negate() : u, (int) scale);
    }

    /**
     * The exponent after an `e` at `from`: an optional sign and at most ten digits once
     * leading zeros are skipped (the JDK reads past the end, without a message, when nothing
     * follows the `e` or its sign).
     */
    private static long parseExponent(String val, int from) {
        int len = val.length();
        if (from >= len) {
            throw new NumberFormatException();
        }
        char c = val.charAt(from);
        boolean negative = c == '-';
        if (negative || c == '+') {
            from++;
            if (from >= len) {
                throw new NumberFormatException();
            }
        }
        while (len - from > 10 && Character.digit(val.charAt(from), 10) == 0) {
            from++;
        }
        if (len - from > 10) {
            throw new NumberFormatException("Too many nonzero exponent digits.");
        }
        long exponent = 0;
        for (; from < len; from++) {
            int d = Character.digit(val.charAt(from), 10);
            if (d < 0) {
                throw new NumberFormatException("Not a digit.");
            }
            exponent = exponent * 10 + d;
        }
        return negative ? -exponent : exponent;
    }

    // Helpers on unscaled values and powers of ten.

    private BigInteger unscaled() {
        return big != null ? big : BigInteger.valueOf(small);
    }

    /** The digits of the unscaled value's magnitude. */
    private String digits() {
        return big != null ? big.abs().toString() : Long.toString(small < 0 ? -small : small);
    }

    private static BigInteger tenPower(long n) {
        if (n < TEN_POWERS.length) {
            int i = (int) n;
            if (TEN_POWERS[i] == null) {
                TEN_POWERS[i] = BigInteger.TEN.pow(i);
            }
            return TEN_POWERS[i];
        }
        // 10^n has more than Integer.MAX_VALUE bits from here.
        if (n > 646456992) {
            throw new ArithmeticException("BigInteger would overflow supported range");
        }
        return BigInteger.TEN.pow((int) n);
    }

    /** v × 10^n when it fits a long, else `INFLATED` (always for n over 18, as the JDK). */
    private static long scaleUpLong(long v, long n) {
        if (n == 0) {
            return v;
        }
        if (n >= LONG_TEN_POWERS.length) {
            return INFLATED;
        }
        long p = LONG_TEN_POWERS[(int) n];
        long a = v < 0 ? -v : v;
        return a <= Long.MAX_VALUE / p ? v * p : INFLATED;
    }

    /** The unscaled value times 10^n (n not negative). */
    private BigInteger scaledUp(long n) {
        if (big == null) {
            long v = scaleUpLong(small, n);
            if (v != INFLATED) {
                return BigInteger.valueOf(v);
            }
        }
        return n == 0 ? unscaled() : unscaled().multiply(tenPower(n));
    }

    /** The number of decimal digits of a long's magnitude (1 for zero). */
    private static int longDigits(long v) {
        long a = v < 0 ? -v : v;
        int n = 1;
        while (n < LONG_TEN_POWERS.length && a >= LONG_TEN_POWERS[n]) {
            n++;
        }
        return n;
    }

    /** The number of decimal digits of a BigInteger's magnitude (1 for zero). */
    private static int bigDigits(BigInteger v) {
        BigInteger a = v.abs();
        int bits = a.bitLength();
        if (bits == 0) {
            return 1;
        }
        // 2^(bits-1) <= a < 2^bits: the digits are r or r - 1.
        int r = (int) (bits * 0.3010299956639812) + 1;
        return a.compareTo(tenPower(r - 1)) < 0 ? r - 1 : r;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** a × b when it fits a long (and is not `Long.MIN_VALUE`), else `INFLATED`. */
    private static long multiplyLongs(long a, long b) {
        long r = a * b;
        long aa = a < 0 ? -a : a;
        long ab = b < 0 ? -b : b;
        if ((aa | ab) >>> 31 != 0 && b != 0 && r / b != a) {
            return INFLATED;
        }
        return r;
    }

    /** A scale for this value; one out of the int range throws unless this is zero. */
    private int checkScale(long val) {
        if (val != (int) val) {
            if (signum() == 0) {
                return val > Integer.MAX_VALUE ? Integer.MAX_VALUE : Integer.MIN_VALUE;
            }
            throw new ArithmeticException(val > Integer.MAX_VALUE ? "Underflow" : "Overflow");
        }
        return (int) val;
    }

    /** A scale out of the int range throws, zero or not (the JDK's check in divisions). */
    private static int checkScaleAlways(long val) {
        if (val != (int) val) {
            throw new ArithmeticException(val > Integer.MAX_VALUE ? "Underflow" : "Overflow");
        }
        return (int) val;
    }

    private static void checkMode(int roundingMode) {
        if (roundingMode < ROUND_UP || roundingMode > ROUND_UNNECESSARY) {
            throw new IllegalArgumentException("Invalid rounding mode");
        }
    }

    // Rounding.

    /**
     * Whether a quotient truncated toward zero moves one further from zero in rounding
     * `mode`: `sign` is the exact quotient's, `half` compares twice the (nonzero) remainder
     * with the divisor, `odd` tells whether the truncated quotient is odd.
     */
    private static boolean roundsAway(int mode, int sign, int half, boolean odd) {
        if (mode == ROUND_UP) {
            return true;
        } else if (mode == ROUND_DOWN) {
            return false;
        } else if (mode == ROUND_CEILING) {
            return sign > 0;
        } else if (mode == ROUND_FLOOR) {
            return sign < 0;
        } else if (mode == ROUND_HALF_UP) {
            return half >= 0;
        } else if (mode == ROUND_HALF_DOWN) {
            return half > 0;
        } else if (mode == ROUND_HALF_EVEN) {
            return half > 0 || (half == 0 && odd);
        }
        throw new ArithmeticException("Rounding necessary");
    }

    /**
     * x.unscaled × 10^xUp / (y.unscaled × 10^yUp) rounded in `mode` to an integer, as the
     * unscaled value of a decimal of scale `scale`; `exact[0]`, when given, tells whether
     * nothing was dropped. In longs when both sides fit.
     */
    private static BigDecimal quotient(BigDecimal x, long xUp, BigDecimal y, long yUp, int mode,
            int scale, boolean[] exact) {
        if (x.big == null && y.big == null) {
            long n = scaleUpLong(x.small, xUp);
            long d = scaleUpLong(y.small, yUp);
            if (n != INFLATED && d != INFLATED) {
                long q = n / d;
                long r = n % d;
                if (exact != null) {
                    exact[0] = r == 0;
                }
                if (r != 0) {
                    int sign = (n < 0) == (d < 0) ? 1 : -1;
                    long ar = r < 0 ? -r : r;
                    long rest = (d < 0 ? -d : d) - ar;
                    int half = ar < rest ? -1 : (ar == rest ? 0 : 1);
                    if (roundsAway(mode, sign, half, (q & 1) != 0)) {
                        q += sign;
                    }
                }
                return of(q, scale);
            }
        }
        BigInteger n = x.scaledUp(xUp);
        BigInteger d = y.scaledUp(yUp);
        BigInteger[] qr = n.divideAndRemainder(d);
        BigInteger q = qr[0];
        if (exact != null) {
            exact[0] = qr[1].signum() == 0;
        }
        if (qr[1].signum() != 0) {
            int sign = n.signum() * d.signum();
            int half = qr[1].abs().shiftLeft(1).compareTo(d.abs());
            if (roundsAway(mode, sign, half, q.testBit(0))) {
                q = q.add(BigInteger.valueOf(sign));
            }
        }
        return of(q, scale);
    }

    /** This value with its trailing zeros dropped while its scale is above `preferred`. */
    private BigDecimal stripZerosTo(long preferred) {
        if (preferred < Integer.MIN_VALUE) {
            preferred = Integer.MIN_VALUE;
        }
        int s = scale;
        if (big == null) {
            long v = small;
            while (s > preferred && v != 0 && v % 10 == 0) {
                v /= 10;
                s--;
            }
            return s == scale ? this : of(v, s);
        }
        BigInteger v = big;
        BigInteger ten = BigInteger.TEN;
        while (s > preferred) {
            BigInteger[] qr = v.divideAndRemainder(ten);
            if (qr[1].signum() != 0) {
                break;
            }
            v = qr[0];
            s--;
        }
        return s == scale ? this : of(v, s);
    }

    // Arithmetic.

    public BigDecimal add(BigDecimal augend) {
        int s = Math.max(scale, augend.scale);
        if (big == null && augend.big == null) {
            long x = scaleUpLong(small, (long) s - scale);
            long y = scaleUpLong(augend.small, (long) s - augend.scale);
            if (x != INFLATED && y != INFLATED) {
                long r = x + y;
                // No overflow when the sum has the sign of one of them.
                if (((x ^ r) & (y ^ r)) >= 0) {
                    return of(r, s);
                }
            }
        }
        return of(scaledUp((long) s - scale).add(augend.scaledUp((long) s - augend.scale)), s);
    }

    public BigDecimal add(BigDecimal augend, MathContext mc) {
        return add(augend).round(mc);
    }

    public BigDecimal subtract(BigDecimal subtrahend) {
        return add(subtrahend.negate());
    }

    public BigDecimal subtract(BigDecimal subtrahend, MathContext mc) {
        return add(subtrahend.negate()).round(mc);
    }

    public BigDecimal multiply(BigDecimal multiplicand) {
        int s = checkScale((long) scale + multiplicand.scale);
        if (big == null && multiplicand.big == null) {
            long r = multiplyLongs(small, multiplicand.small);
            if (r != INFLATED) {
                return of(r, s);
            }
        }
        return of(unscaled().multiply(multiplicand.unscaled()), s);
    }

    public BigDecimal multiply(BigDecimal multiplicand, MathContext mc) {
        return multiply(multiplicand).round(mc);
    }

    /** The exact quotient; its scale the preferred one, this scale less the divisor's, or
     *  the least beyond it that holds every digit. */
    public BigDecimal divide(BigDecimal divisor) {
        if (divisor.signum() == 0) {
            throw new ArithmeticException(signum() == 0 ? "Division undefined" : "Division by zero");
        }
        long preferred = (long) scale - divisor.scale;
        if (signum() == 0) {
            return zeroNear(preferred);
        }
        checkQuotientScales(divisor, preferred);
        // u/v in lowest terms a/b ends when b is 2^i 5^j: a/b = a 2^(k-i) 5^(k-j) / 10^k.
        int sign = signum() * divisor.signum();
        if (big == null && divisor.big == null) {
            long a = small < 0 ? -small : small;
            long b = divisor.small < 0 ? -divisor.small : divisor.small;
            long g = gcd(a, b);
            a /= g;
            b /= g;
            int twos = Long.numberOfTrailingZeros(b);
            b >>= twos;
            int fives = 0;
            while (b % 5 == 0) {
                b /= 5;
                fives++;
            }
            if (b != 1) {
                throw nonTerminating();
            }
            int k = Math.max(twos, fives);
            long r = a;
            for (int i = twos; i < k && r != INFLATED; i++) {
                r = multiplyLongs(r, 2);
            }
            for (int i = fives; i < k && r != INFLATED; i++) {
                r = multiplyLongs(r, 5);
            }
            if (r != INFLATED) {
                return of(sign * r, exactScale(preferred + k));
            }
        }
        BigInteger a = unscaled().abs();
        BigInteger b = divisor.unscaled().abs();
        BigInteger g = a.gcd(b);
        a = a.divide(g);
        b = b.divide(g);
        int twos = b.getLowestSetBit();
        b = b.shiftRight(twos);
        int fives = 0;
        BigInteger five = BigInteger.valueOf(5);
        while (true) {
            BigInteger[] qr = b.divideAndRemainder(five);
            if (qr[1].signum() != 0) {
                break;
            }
            b = qr[0];
            fives++;
        }
        if (!b.equals(BigInteger.ONE)) {
            throw nonTerminating();
        }
        int k = Math.max(twos, fives);
        BigInteger r = a.shiftLeft(k - twos).multiply(five.pow(k - fives));
        return of(sign < 0 ? r.negate() : r, exactScale(preferred + k));
    }

    /**
     * The JDK divides exactly by dividing to a precision of `mcp` = this.precision() +
     * ceil(10 × divisor.precision() / 3) digits, which no terminating quotient exceeds, at
     * the scale `preferred + yp - xp + mcp` (yp one less when this value's digits, read as
     * 0.d1d2..., exceed the divisor's), and checks that scale and `preferred` as scales of a
     * nonzero value: one out of the int range throws, reported as a non-terminating
     * expansion, before any arithmetic.
     */
    private void checkQuotientScales(BigDecimal divisor, long preferred) {
        long xp = precision();
        long yp = divisor.precision();
        long mcp = Math.min(xp + (long) Math.ceil(10.0 * yp / 3.0), Integer.MAX_VALUE);
        long high = preferred + yp - xp + mcp;
        long low = high - 1;
        boolean highFits = high == (int) high;
        boolean lowFits = low == (int) low;
        boolean fits = highFits;
        if (highFits != lowFits) {
            // Only at the edge does the comparison of the normalized digits matter.
            BigInteger x = unscaled().abs().multiply(BigInteger.TEN.pow((int) yp));
            BigInteger y = divisor.unscaled().abs().multiply(BigInteger.TEN.pow((int) xp));
            fits = x.compareTo(y) > 0 ? lowFits : highFits;
        }
        if (!fits || preferred != (int) preferred) {
            throw nonTerminating();
        }
    }

    private static ArithmeticException nonTerminating() {
        return new ArithmeticException("Non-terminating decimal expansion; no exact representable decimal result.");
    }

    /** The JDK reports an exact quotient whose scale leaves the int range as not exact. */
    private static int exactScale(long s) {
        if (s != (int) s) {
            throw nonTerminating();
        }
        return (int) s;
    }

    public BigDecimal divide(BigDecimal divisor, int scale, RoundingMode roundingMode) {
        return divideToScale(divisor, scale, roundingMode.ordinal());
    }

    public BigDecimal divide(BigDecimal divisor, int scale, int roundingMode) {
        checkMode(roundingMode);
        return divideToScale(divisor, scale, roundingMode);
    }

    public BigDecimal divide(BigDecimal divisor, RoundingMode roundingMode) {
        return divideToScale(divisor, scale, roundingMode.ordinal());
    }

    public BigDecimal divide(BigDecimal divisor, int roundingMode) {
        checkMode(roundingMode);
        return divideToScale(divisor, scale, roundingMode);
    }

    /** The quotient rounded to `newScale`. */
    private BigDecimal divideToScale(BigDecimal divisor, int newScale, int mode) {
        // this / divisor = u / v × 10^(v.scale - scale): the unscaled result is
        // u × 10^raise / v, the dividend scaled up when raise is positive, the divisor when
        // it is negative.
        long raise = (long) newScale + divisor.scale - scale;
        if (divisor.signum() == 0) {
            // The JDK divides longs when both values and the one scaled up (by at most
            // 10^18) are longs, BigIntegers otherwise; each says so its own way.
            boolean longs = big == null
                    && (raise > 0 ? scaleUpLong(small, raise) : scaleUpLong(0, -raise)) != INFLATED;
            throw new ArithmeticException(longs ? "/ by zero" : "BigInteger divide by zero");
        }
        return quotient(this, Math.max(raise, 0), divisor, Math.max(-raise, 0), mode, newScale, null);
    }

    /**
     * The quotient rounded to `mc`'s precision; an exact one at the scale nearest the
     * preferred one, this scale less the divisor's.
     */
    public BigDecimal divide(BigDecimal divisor, MathContext mc) {
        int p = mc.precision;
        if (p == 0) {
            return divide(divisor);
        }
        if (divisor.signum() == 0) {
            throw new ArithmeticException(signum() == 0 ? "Division undefined" : "Division by zero");
        }
        long preferred = (long) scale - divisor.scale;
        if (signum() == 0) {
            return zeroNear(preferred);
        }
        // e = floor(log10(|u| / |v|)); the quotient u × 10^k / v then has p digits.
        long e = (long) precision() - divisor.precision();
        if (compareUnscaled(divisor, e) < 0) {
            e--;
        }
        long k = p - 1 - e;
        long s = k + preferred;
        if (s != (int) s) {
            throw new ArithmeticException(s > 0 ? "Underflow" : "Overflow");
        }
        boolean[] exact = new boolean[1];
        BigDecimal q = quotient(this, Math.max(k, 0), divisor, Math.max(-k, 0),
                mc.roundingMode.ordinal(), (int) s, exact);
        if (q.precision() > p) {
            // Rounded up to 10^p: one digit less, one scale less.
            q = quotient(q, 0, ONE, 1, ROUND_DOWN, checkScaleAlways(s - 1), null);
        }
        return exact[0] ? q.stripZerosTo(preferred) : q;
    }

    /** |unscaled| against |d.unscaled| × 10^e. */
    private int compareUnscaled(BigDecimal d, long e) {
        if (big == null && d.big == null) {
            long a = small < 0 ? -small : small;
            long b = d.small < 0 ? -d.small : d.small;
            long x = e < 0 ? scaleUpLong(a, -e) : a;
            long y = e > 0 ? scaleUpLong(b, e) : b;
            if (x != INFLATED && y != INFLATED) {
                return x < y ? -1 : (x == y ? 0 : 1);
            }
        }
        BigInteger x = scaledUp(Math.max(-e, 0)).abs();
        BigInteger y = d.scaledUp(Math.max(e, 0)).abs();
        return x.compareTo(y);
    }

    /**
     * The integer part of the quotient, at the preferred scale (this scale less the
     * divisor's) or, when that is negative, the nearest scale that holds the integer.
     */
    public BigDecimal divideToIntegralValue(BigDecimal divisor) {
        if (divisor.signum() == 0) {
            throw new ArithmeticException(signum() == 0 ? "Division undefined" : "Division by zero");
        }
        long preferred = (long) scale - divisor.scale;
        if (compareMagnitude(divisor) < 0) {
            return zeroNear(preferred);
        }
        BigDecimal q = quotient(this, Math.max(-preferred, 0), divisor, Math.max(preferred, 0),
                ROUND_DOWN, 0, null);
        if (preferred >= 0) {
            return q.rescale(checkScaleAlways(preferred), ROUND_UNNECESSARY);
        }
        return q.stripZerosTo(preferred);
    }

    public BigDecimal remainder(BigDecimal divisor) {
        return divideAndRemainder(divisor)[1];
    }

    public BigDecimal[] divideAndRemainder(BigDecimal divisor) {
        BigDecimal q = divideToIntegralValue(divisor);
        return new BigDecimal[] {q, subtract(q.multiply(divisor))};
    }

    public BigDecimal pow(int n) {
        if (n < 0 || n > 999999999) {
            throw new ArithmeticException("Invalid operation");
        }
        int s = checkScale((long) scale * n);
        return of(unscaled().pow(n), s);
    }

    public BigDecimal negate() {
        if (big == null) {
            return of(-small, scale);
        }
        return of(big.negate(), scale);
    }

    public BigDecimal negate(MathContext mc) {
        return negate().round(mc);
    }

    public BigDecimal abs() {
        return signum() < 0 ? negate() : this;
    }

    public BigDecimal abs(MathContext mc) {
        return abs().round(mc);
    }

    public BigDecimal plus() {
        return this;
    }

    public BigDecimal plus(MathContext mc) {
        return round(mc);
    }

    public int signum() {
        if (big != null) {
            return big.signum();
        }
        return small > 0 ? 1 : (small < 0 ? -1 : 0);
    }

    public int scale() {
        return scale;
    }

    /** The number of digits of the unscaled value (1 for zero). */
    public int precision() {
        return big == null ? longDigits(small) : bigDigits(big);
    }

    public BigInteger unscaledValue() {
        return unscaled();
    }

    /** One unit in the last place: 1 at this scale. */
    public BigDecimal ulp() {
        return of(1L, scale);
    }

    // Scale and rounding.

    public BigDecimal setScale(int newScale, RoundingMode roundingMode) {
        return rescale(newScale, roundingMode.ordinal());
    }

    public BigDecimal setScale(int newScale, int roundingMode) {
        checkMode(roundingMode);
        return rescale(newScale, roundingMode);
    }

    public BigDecimal setScale(int newScale) {
        return rescale(newScale, ROUND_UNNECESSARY);
    }

    private BigDecimal rescale(int newScale, int mode) {
        if (newScale == scale) {
            return this;
        }
        if (signum() == 0) {
            return zero(newScale);
        }
        long diff = (long) newScale - scale;
        // The JDK checks the digits to add or drop as a scale (checkScale of a nonzero
        // value): beyond the int range they throw before any arithmetic.
        if (diff > Integer.MAX_VALUE || -diff > Integer.MAX_VALUE) {
            throw new ArithmeticException("Underflow");
        }
        if (diff > 0) {
            return of(scaledUp(diff), newScale);
        }
        long drop = -diff;
        if (drop > 646456992) {
            // The JDK computes 10^drop, which no BigInteger holds.
            tenPower(drop);
        }
        if (drop > precision()) {
            // |unscaled| < 10^drop / 2: the quotient is zero, all of it the remainder.
            int sign = signum();
            return of(roundsAway(mode, sign, -1, false) ? (long) sign : 0L, newScale);
        }
        return quotient(this, 0, ONE, drop, mode, newScale, null);
    }

    /** This value rounded to `mc`'s precision (unchanged when it has no more digits). */
    public BigDecimal round(MathContext mc) {
        int p = mc.precision;
        if (p == 0) {
            return this;
        }
        int digits = precision();
        if (digits <= p) {
            return this;
        }
        int drop = digits - p;
        BigDecimal r = quotient(this, 0, ONE, drop, mc.roundingMode.ordinal(),
                checkScale((long) scale - drop), null);
        if (r.precision() > p) {
            // Rounded up to 10^p: one digit less, one scale less.
            r = quotient(r, 0, ONE, 1, ROUND_DOWN, r.checkScale((long) r.scale - 1), null);
        }
        return r;
    }

    /** The same value without trailing zeros; zero is `ZERO`. */
    public BigDecimal stripTrailingZeros() {
        if (signum() == 0) {
            return ZERO;
        }
        return stripZerosTo(Integer.MIN_VALUE);
    }

    /** The value × 10^-n; its scale at least 0. */
    public BigDecimal movePointLeft(int n) {
        if (n == 0) {
            return this;
        }
        // A zero's scale is clamped to the int range; another value's throws.
        int s = checkScale((long) scale + n);
        BigDecimal moved = big == null ? of(small, s) : of(big, s);
        return moved.scale < 0 ? moved.rescale(0, ROUND_UNNECESSARY) : moved;
    }

    /** The value × 10^n; its scale at least 0. */
    public BigDecimal movePointRight(int n) {
        if (n == 0) {
            return this;
        }
        // A zero's scale is clamped to the int range; another value's throws.
        int s = checkScale((long) scale - n);
        BigDecimal moved = big == null ? of(small, s) : of(big, s);
        return moved.scale < 0 ? moved.rescale(0, ROUND_UNNECESSARY) : moved;
    }

    /** The value × 10^n, the unscaled value kept. */
    public BigDecimal scaleByPowerOfTen(int n) {
        int s = checkScale((long) scale - n);
        return big == null ? of(small, s) : of(big, s);
    }

    // Comparison and hashing.

    /** By value: 2.0 and 2.00 are equal here (not by `equals`). */
    public int compareTo(BigDecimal val) {
        if (scale == val.scale && big == null && val.big == null) {
            return small < val.small ? -1 : (small == val.small ? 0 : 1);
        }
        int s = signum();
        int t = val.signum();
        if (s != t) {
            return s > t ? 1 : -1;
        }
        if (s == 0) {
            return 0;
        }
        int c = compareMagnitude(val);
        return s > 0 ? c : -c;
    }

    /** |this| against |val|. */
    private int compareMagnitude(BigDecimal val) {
        int s = signum() == 0 ? 0 : 1;
        int t = val.signum() == 0 ? 0 : 1;
        if (s == 0 || t == 0) {
            return s - t;
        }
        // The exponents of the leading digits first; when they are equal the scales differ
        // by no more than the digits, and the unscaled values compare once aligned.
        long e = (long) precision() - scale;
        long f = (long) val.precision() - val.scale;
        if (e != f) {
            return e < f ? -1 : 1;
        }
        return compareUnscaled(val, (long) scale - val.scale);
    }

    /** By value and scale: 2.0 is not 2.00. */
    public boolean equals(Object x) {
        if (!(x instanceof BigDecimal)) {
            return false;
        }
        BigDecimal d = (BigDecimal) x;
        if (scale != d.scale) {
            return false;
        }
        if (big == null || d.big == null) {
            return big == null && d.big == null && small == d.small;
        }
        return big.equals(d.big);
    }

    public BigDecimal min(BigDecimal val) {
        return compareTo(val) <= 0 ? this : val;
    }

    public BigDecimal max(BigDecimal val) {
        return compareTo(val) >= 0 ? this : val;
    }

    /** 31 × the unscaled value's `BigInteger` hash + the scale. */
    public int hashCode() {
        if (big != null) {
            return 31 * big.hashCode() + scale;
        }
        // BigInteger's hash of a long: its big-endian int limbs folded by 31, times the sign.
        long a = small < 0 ? -small : small;
        int h = 31 * (int) (a >>> 32) + (int) a;
        return 31 * (small < 0 ? -h : h) + scale;
    }

    // Conversions.

    /** The digits, with a decimal point when the scale is positive and the leading digit's
     *  exponent at least -6, else in scientific notation (`1.5E+3`, `1E-7`). */
    public String toString() {
        return layout(true);
    }

    /** As `toString`, with an exponent that is a multiple of three (`1.5E+3` is `1.5E+3`,
     *  `1E+4` is `10E+3`). */
    public String toEngineeringString() {
        return layout(false);
    }

    /** Without an exponent: `1E+3` is `1000`. */
    public String toPlainString() {
        String digits = digits();
        boolean negative = signum() < 0;
        if (scale >= 0) {
            return plain(digits, negative);
        }
        if (signum() == 0) {
            return "0";
        }
        StringBuilder sb = new StringBuilder();
        if (negative) {
            sb.append('-');
        }
        sb.append(digits);
        for (long i = scale; i < 0; i++) {
            sb.append('0');
        }
        return sb.toString();
    }

    /** The digits with the decimal point `scale` (not negative) places from the right. */
    private String plain(String digits, boolean negative) {
        StringBuilder sb = new StringBuilder();
        if (negative) {
            sb.append('-');
        }
        if (scale == 0) {
            return sb.append(digits).toString();
        }
        int point = digits.length() - scale;
        if (point > 0) {
            sb.append(digits.substring(0, point)).append('.').append(digits.substring(point));
        } else {
            sb.append("0.");
            for (int i = point; i < 0; i++) {
                sb.append('0');
            }
            sb.append(digits);
        }
        return sb.toString();
    }

    private String layout(boolean scientific) {
        String digits = digits();
        boolean negative = signum() < 0;
        int len = digits.length();
        long adjusted = (long) len - 1 - scale;
        if (scale >= 0 && adjusted >= -6) {
            return plain(digits, negative);
        }
        StringBuilder sb = new StringBuilder();
        if (negative) {
            sb.append('-');
        }
        if (scientific) {
            sb.append(digits.charAt(0));
            if (len > 1) {
                sb.append('.').append(digits.substring(1));
            }
        } else {
            // The exponent down to a multiple of three, the digits before the point up.
            int lead = (int) (adjusted % 3);
            if (lead < 0) {
                lead += 3;
            }
            adjusted -= lead;
            lead++;
            if (signum() == 0) {
                // Zero keeps its scale: 0E+4 is 0.00E+6.
                if (lead == 2) {
                    sb.append("0.00");
                    adjusted += 3;
                } else if (lead == 3) {
                    sb.append("0.0");
                    adjusted += 3;
                } else {
                    sb.append('0');
                }
            } else if (lead >= len) {
                sb.append(digits);
                for (int i = len; i < lead; i++) {
                    sb.append('0');
                }
            } else {
                sb.append(digits.substring(0, lead)).append('.').append(digits.substring(lead));
            }
        }
        if (adjusted != 0) {
            sb.append('E');
            if (adjusted > 0) {
                sb.append('+');
            }
            sb.append(adjusted);
        }
        return sb.toString();
    }

    /** The integer part (truncated toward zero). */
    public BigInteger toBigInteger() {
        return rescale(0, ROUND_DOWN).unscaled();
    }

    public BigInteger toBigIntegerExact() {
        return rescale(0, ROUND_UNNECESSARY).unscaled();
    }

    /** The low 64 bits of the integer part. */
    public long longValue() {
        if (big == null && scale == 0) {
            return small;
        }
        // No integer part, or one that is a multiple of 10^64 (so of 2^64): no low bits.
        if (signum() == 0 || (long) precision() - scale <= 0 || scale <= -64) {
            return 0;
        }
        return toBigInteger().longValue();
    }

    public int intValue() {
        return (int) longValue();
    }

    public long longValueExact() {
        if (big == null && scale == 0) {
            return small;
        }
        if (signum() == 0) {
            return 0;
        }
        long integerDigits = (long) precision() - scale;
        if (integerDigits <= 0) {
            throw new ArithmeticException("Rounding necessary");
        }
        if (integerDigits > 19) {
            throw new ArithmeticException("Overflow");
        }
        BigInteger i = rescale(0, ROUND_UNNECESSARY).unscaled();
        if (i.bitLength() > 63) {
            throw new ArithmeticException("Overflow");
        }
        return i.longValue();
    }

    public int intValueExact() {
        long v = longValueExact();
        if ((int) v != v) {
            throw new ArithmeticException("Overflow");
        }
        return (int) v;
    }

    public short shortValueExact() {
        long v = longValueExact();
        if ((short) v != v) {
            throw new ArithmeticException("Overflow");
        }
        return (short) v;
    }

    public byte byteValueExact() {
        long v = longValueExact();
        if ((byte) v != v) {
            throw new ArithmeticException("Overflow");
        }
        return (byte) v;
    }

    /** The nearest double (ties to even), as `Double.parseDouble(toString())` gives it. */
    public double doubleValue() {
        if (big == null) {
            if (scale == 0) {
                return (double) small;
            }
            long a = small < 0 ? -small : small;
            // Both exact doubles: one IEEE operation rounds correctly.
            if (a < (1L << 53) && scale >= -22 && scale <= 22) {
                double p = 1.0;
                for (int i = scale < 0 ? -scale : scale; i > 0; i--) {
                    p *= 10.0;
                }
                return scale > 0 ? (double) small / p : (double) small * p;
            }
        }
        int sign = signum();
        if (sign == 0) {
            return 0.0;
        }
        // The leading digit's exponent: beyond 10^309 infinite, below 10^-324 zero.
        long adjusted = (long) precision() - 1 - scale;
        double r;
        if (adjusted > 309) {
            r = 1.0 / 0.0;
        } else if (adjusted < -325) {
            r = 0.0;
        } else {
            int[] exponent = new int[1];
            long sig = roundedBinary(53, -1074, exponent);
            int e = exponent[0];
            if (e + 64 - Long.numberOfLeadingZeros(sig) > 1024) {
                r = 1.0 / 0.0;
            } else {
                // Exact scaling by powers of two: every step is sig × 2^k for k between 0
                // and e, which a double holds as the result does.
                r = (double) sig;
                while (e > 0) {
                    int step = Math.min(e, 30);
                    r *= (double) (1 << step);
                    e -= step;
                }
                while (e < 0) {
                    int step = Math.min(-e, 30);
                    r /= (double) (1 << step);
                    e += step;
                }
            }
        }
        return sign < 0 ? -r : r;
    }

    /** The nearest float (ties to even), rounded once from the exact value. */
    public float floatValue() {
        if (big == null) {
            if (scale == 0) {
                return (float) small;
            }
            long a = small < 0 ? -small : small;
            if (a < (1L << 24) && scale >= -10 && scale <= 10) {
                float p = 1.0f;
                for (int i = scale < 0 ? -scale : scale; i > 0; i--) {
                    p *= 10.0f;
                }
                return scale > 0 ? (float) small / p : (float) small * p;
            }
        }
        int sign = signum();
        if (sign == 0) {
            return 0.0f;
        }
        long adjusted = (long) precision() - 1 - scale;
        float r;
        if (adjusted > 39) {
            r = 1.0f / 0.0f;
        } else if (adjusted < -47) {
            r = 0.0f;
        } else {
            int[] exponent = new int[1];
            long sig = roundedBinary(24, -149, exponent);
            int e = exponent[0];
            if (e + 64 - Long.numberOfLeadingZeros(sig) > 128) {
                r = 1.0f / 0.0f;
            } else {
                r = (float) sig;
                while (e > 0) {
                    int step = Math.min(e, 30);
                    r *= (float) (1 << step);
                    e -= step;
                }
                while (e < 0) {
                    int step = Math.min(-e, 30);
                    r /= (float) (1 << step);
                    e += step;
                }
            }
        }
        return sign < 0 ? -r : r;
    }

    /**
     * |this| rounded to nearest even as sig × 2^exponent[0], sig of at most `bits` bits and
     * the exponent at least `minExponent` (a subnormal keeps fewer bits): the exact value as
     * a fraction n / d, its binary exponent, then one more bit than kept and whether
     * anything lies below it.
     */
    private long roundedBinary(int bits, int minExponent, int[] exponent) {
        BigInteger n = unscaled().abs();
        BigInteger d = BigInteger.ONE;
        if (scale > 0) {
            d = tenPower(scale);
        } else {
            n = n.multiply(tenPower(-(long) scale));
        }
        // 2^(e-1) < n / d < 2^(e+1); e is floor(log2(n / d)) unless n < d × 2^e.
        int e = n.bitLength() - d.bitLength();
        boolean below = e >= 0 ? n.compareTo(d.shiftLeft(e)) < 0 : n.shiftLeft(-e).compareTo(d) < 0;
        if (below) {
            e--;
        }
        int lowest = Math.max(e - (bits - 1), minExponent);
        // q = floor(n / d / 2^(lowest - 1)): the kept bits and the half bit.
        int shift = lowest - 1;
        BigInteger num = shift < 0 ? n.shiftLeft(-shift) : n;
        BigInteger den = shift > 0 ? d.shiftLeft(shift) : d;
        BigInteger[] qr = num.divideAndRemainder(den);
        long q = qr[0].longValue();
        long sig = q >> 1;
        if ((q & 1) != 0 && (qr[1].signum() != 0 || (sig & 1) != 0)) {
            sig++;
        }
        if (sig == 1L << bits) {
            sig >>= 1;
            lowest++;
        }
        exponent[0] = lowest;
        return sig;
    }
}
