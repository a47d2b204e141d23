package java.lang;

/**
 * roth's model of java.lang.Math, beyond abs, min, max, sqrt and pow (builtins the reader
 * calls directly, which the proofs model; pow is HotSpot's intrinsic). Rounding to an
 * integral double is IEEE 754's and exact (floor, ceil and rint are builtins); round, the
 * floor and exact integer operations are written here from their specifications, with the
 * JDK's exception messages. The functions JDK 17 delegates to StrictMath are its fdlibm
 * builtins; sin, cos, tan, exp, log and log10 are builtins of HotSpot's intrinsics (which
 * round otherwise than fdlibm, and which roth answers only where the rounding is certain,
 * else the run is unrepeatable). The neighbours, ulps, exponents and signs of doubles and
 * floats work on their bits.
 */
public final class Math {
    public static final double PI = 3.141592653589793;
    public static final double E = 2.718281828459045;

    private static final double DEGREES_TO_RADIANS = 0.017453292519943295;
    private static final double RADIANS_TO_DEGREES = 57.29577951308232;

    private Math() {
    }

    /**
     * Drawn from a generator the JVM seeds from the clock: a run that asks for a number is
     * unrepeatable, and no test or verdict rests on it.
     */
    public static double random() {
        unrepeatable("Math.random (a generator seeded from the clock)");
        return 0.0;
    }

    /** Ends the run as unrepeatable, saying why (roth's native, not the JDK's). */
    private static native void unrepeatable(String what);

    public static native double floor(double a);

    public static native double ceil(double a);

    public static native double rint(double a);

    public static native double sin(double a);

    public static native double cos(double a);

    public static native double tan(double a);

    public static native double asin(double a);

    public static native double acos(double a);

    public static native double atan(double a);

    public static native double exp(double a);

    public static native double log(double a);

    public static native double log10(double a);

    public static native double cbrt(double a);

    public static native double sinh(double x);

    public static native double cosh(double x);

    public static native double tanh(double x);

    public static native double expm1(double x);

    public static native double log1p(double x);

    public static native double atan2(double y, double x);

    public static native double hypot(double x, double y);

    public static native double IEEEremainder(double f1, double f2);

    /** a * b + c rounded once (the natives are roth's: an overload is not a native's name). */
    public static double fma(double a, double b, double c) {
        return fmaDouble(a, b, c);
    }

    public static float fma(float a, float b, float c) {
        return fmaFloat(a, b, c);
    }

    private static native double fmaDouble(double a, double b, double c);

    private static native float fmaFloat(float a, float b, float c);

    /** The unbiased exponent of the bits: MAX_EXPONENT + 1 for NaN and infinities, MIN_EXPONENT - 1 for zeros and subnormals. */
    public static int getExponent(double d) {
        return (int) (((Double.doubleToRawLongBits(d) & 0x7ff0000000000000L) >> 52) - 1023);
    }

    public static int getExponent(float f) {
        return ((Float.floatToRawIntBits(f) & 0x7f800000) >> 23) - 127;
    }

    /** 2^n for n a normal double's exponent (roth's helper). */
    static double powerOfTwoD(int n) {
        return Double.longBitsToDouble(((long) n + 1023L) << 52);
    }

    /** 2^n for n a normal float's exponent (roth's helper). */
    static float powerOfTwoF(int n) {
        return Float.intBitsToFloat((n + 127) << 23);
    }

    /** The distance to the next double away from zero; a NaN's or infinity's magnitude. */
    public static double ulp(double d) {
        int exp = getExponent(d);
        if (exp == 1024) {
            return Math.abs(d);
        }
        if (exp == -1023) {
            return Double.MIN_VALUE;
        }
        exp = exp - 52;
        if (exp >= -1022) {
            return powerOfTwoD(exp);
        }
        // A subnormal power of two: one bit of the significand.
        return Double.longBitsToDouble(1L << (exp + 1074));
    }

    public static float ulp(float f) {
        int exp = getExponent(f);
        if (exp == 128) {
            return Math.abs(f);
        }
        if (exp == -127) {
            return Float.MIN_VALUE;
        }
        exp = exp - 23;
        if (exp >= -126) {
            return powerOfTwoF(exp);
        }
        return Float.intBitsToFloat(1 << (exp + 149));
    }

    public static double copySign(double magnitude, double sign) {
        return Double.longBitsToDouble((Double.doubleToRawLongBits(sign) & 0x8000000000000000L)
                | (Double.doubleToRawLongBits(magnitude) & 0x7fffffffffffffffL));
    }

    public static float copySign(float magnitude, float sign) {
        return Float.intBitsToFloat((Float.floatToRawIntBits(sign) & 0x80000000)
                | (Float.floatToRawIntBits(magnitude) & 0x7fffffff));
    }

    /** The next double toward positive infinity: one more (or less, when negative) in the bits. */
    public static double nextUp(double d) {
        if (d < Double.POSITIVE_INFINITY) {
            // Adding 0.0 makes -0.0 +0.0, whose next is the least subnormal.
            long bits = Double.doubleToRawLongBits(d + 0.0);
            return Double.longBitsToDouble(bits + (bits >= 0L ? 1L : -1L));
        }
        return d;
    }

    public static float nextUp(float f) {
        if (f < Float.POSITIVE_INFINITY) {
            int bits = Float.floatToRawIntBits(f + 0.0f);
            return Float.intBitsToFloat(bits + (bits >= 0 ? 1 : -1));
        }
        return f;
    }

    public static double nextDown(double d) {
        if (d != d || d == Double.NEGATIVE_INFINITY) {
            return d;
        }
        if (d == 0.0) {
            return -Double.MIN_VALUE;
        }
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) + (d > 0.0 ? -1L : 1L));
    }

    public static float nextDown(float f) {
        if (f != f || f == Float.NEGATIVE_INFINITY) {
            return f;
        }
        if (f == 0.0f) {
            return -Float.MIN_VALUE;
        }
        return Float.intBitsToFloat(Float.floatToRawIntBits(f) + (f > 0.0f ? -1 : 1));
    }

    /** The neighbour of start toward direction; direction itself when they are equal. */
    public static double nextAfter(double start, double direction) {
        if (start > direction) {
            if (start != 0.0) {
                long bits = Double.doubleToRawLongBits(start);
                return Double.longBitsToDouble(bits + (bits > 0L ? -1L : 1L));
            }
            return -Double.MIN_VALUE;
        } else if (start < direction) {
            long bits = Double.doubleToRawLongBits(start + 0.0);
            return Double.longBitsToDouble(bits + (bits >= 0L ? 1L : -1L));
        } else if (start == direction) {
            return direction;
        }
        // A NaN.
        return start + direction;
    }

    public static float nextAfter(float start, double direction) {
        if (start > direction) {
            if (start != 0.0f) {
                int bits = Float.floatToRawIntBits(start);
                return Float.intBitsToFloat(bits + (bits > 0 ? -1 : 1));
            }
            return -Float.MIN_VALUE;
        } else if (start < direction) {
            int bits = Float.floatToRawIntBits(start + 0.0f);
            return Float.intBitsToFloat(bits + (bits >= 0 ? 1 : -1));
        } else if (start == direction) {
            return (float) direction;
        }
        return start + (float) direction;
    }

    /**
     * d * 2^scaleFactor, rounded once: the factor is cut to a range beyond which the result
     * is zero or infinite whatever d, and applied as its remainder modulo 512 (same sign)
     * then steps of 2^512 or 2^-512; only the last step can be inexact.
     */
    public static double scalb(double d, int scaleFactor) {
        int maxScale = 1023 + 1022 + 53 + 1;
        int increment;
        double delta;
        if (scaleFactor < 0) {
            scaleFactor = Math.max(scaleFactor, -maxScale);
            increment = -512;
            delta = powerOfTwoD(-512);
        } else {
            scaleFactor = Math.min(scaleFactor, maxScale);
            increment = 512;
            delta = powerOfTwoD(512);
        }
        // The remainder of scaleFactor by 512 with the sign of scaleFactor.
        int t = (scaleFactor >> 8) >>> 23;
        int adjust = ((scaleFactor + t) & 511) - t;
        d *= powerOfTwoD(adjust);
        scaleFactor -= adjust;
        while (scaleFactor != 0) {
            d *= delta;
            scaleFactor -= increment;
        }
        return d;
    }

    /** f * 2^scaleFactor: exact in double, then rounded once to float. */
    public static float scalb(float f, int scaleFactor) {
        int maxScale = 127 + 126 + 24 + 1;
        scaleFactor = Math.max(Math.min(scaleFactor, maxScale), -maxScale);
        return (float) ((double) f * powerOfTwoD(scaleFactor));
    }

    /** The closest long, ties toward positive infinity; NaN is 0, beyond long saturates. */
    public static long round(double a) {
        if (a != a) {
            return 0;
        }
        double down = floor(a);
        // a - floor(a) is exact: the fraction of a double is a double.
        if (a - down >= 0.5) {
            return (long) (down + 1.0);
        }
        return (long) down;
    }

    /** The closest int, ties toward positive infinity; NaN is 0, beyond int saturates. */
    public static int round(float a) {
        if (a != a) {
            return 0;
        }
        double wide = a;
        double down = floor(wide);
        if (wide - down >= 0.5) {
            return (int) (down + 1.0);
        }
        return (int) down;
    }

    public static double signum(double d) {
        if (d == 0.0 || d != d) {
            return d;
        }
        return d > 0.0 ? 1.0 : -1.0;
    }

    public static float signum(float f) {
        if (f == 0.0f || f != f) {
            return f;
        }
        return f > 0.0f ? 1.0f : -1.0f;
    }

    public static double toRadians(double angdeg) {
        return angdeg * DEGREES_TO_RADIANS;
    }

    public static double toDegrees(double angrad) {
        return angrad * RADIANS_TO_DEGREES;
    }

    public static int floorDiv(int x, int y) {
        int q = x / y;
        // Integer division rounds toward zero: one less when the signs differ and it cut.
        if ((x ^ y) < 0 && q * y != x) {
            q--;
        }
        return q;
    }

    public static long floorDiv(long x, int y) {
        return floorDiv(x, (long) y);
    }

    public static long floorDiv(long x, long y) {
        long q = x / y;
        if ((x ^ y) < 0 && q * y != x) {
            q--;
        }
        return q;
    }

    public static int floorMod(int x, int y) {
        int r = x % y;
        // The remainder takes the divisor's sign.
        if ((r ^ y) < 0 && r != 0) {
            r += y;
        }
        return r;
    }

    public static int floorMod(long x, int y) {
        return (int) floorMod(x, (long) y);
    }

    public static long floorMod(long x, long y) {
        long r = x % y;
        if ((r ^ y) < 0 && r != 0) {
            r += y;
        }
        return r;
    }

    public static int addExact(int x, int y) {
        int r = x + y;
        // Overflow when both operands have the sign the result lacks.
        if (((x ^ r) & (y ^ r)) < 0) {
            throw new ArithmeticException("integer overflow");
        }
        return r;
    }

    public static long addExact(long x, long y) {
        long r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) {
            throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int subtractExact(int x, int y) {
        int r = x - y;
        // Overflow when the operands' signs differ and the result's is not x's.
        if (((x ^ y) & (x ^ r)) < 0) {
            throw new ArithmeticException("integer overflow");
        }
        return r;
    }

    public static long subtractExact(long x, long y) {
        long r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) {
            throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int multiplyExact(int x, int y) {
        long r = (long) x * (long) y;
        if ((int) r != r) {
            throw new ArithmeticException("integer overflow");
        }
        return (int) r;
    }

    public static long multiplyExact(long x, int y) {
        return multiplyExact(x, (long) y);
    }

    public static long multiplyExact(long x, long y) {
        long r = x * y;
        long ax = x < 0 ? -x : x;
        long ay = y < 0 ? -y : y;
        // Only products of operands beyond 31 bits can overflow; division checks them.
        if (((ax | ay) >>> 31) != 0) {
            if ((y != 0 && r / y != x) || (x == 0x8000000000000000L && y == -1L)) {
                throw new ArithmeticException("long overflow");
            }
        }
        return r;
    }

    public static int incrementExact(int a) {
        if (a == 0x7fffffff) {
            throw new ArithmeticException("integer overflow");
        }
        return a + 1;
    }

    public static long incrementExact(long a) {
        if (a == 0x7fffffffffffffffL) {
            throw new ArithmeticException("long overflow");
        }
        return a + 1L;
    }

    public static int decrementExact(int a) {
        if (a == 0x80000000) {
            throw new ArithmeticException("integer overflow");
        }
        return a - 1;
    }

    public static long decrementExact(long a) {
        if (a == 0x8000000000000000L) {
            throw new ArithmeticException("long overflow");
        }
        return a - 1L;
    }

    public static int negateExact(int a) {
        if (a == 0x80000000) {
            throw new ArithmeticException("integer overflow");
        }
        return -a;
    }

    public static long negateExact(long a) {
        if (a == 0x8000000000000000L) {
            throw new ArithmeticException("long overflow");
        }
        return -a;
    }

    public static int toIntExact(long value) {
        if ((int) value != value) {
            throw new ArithmeticException("integer overflow");
        }
        return (int) value;
    }

    public static int absExact(int a) {
        if (a == 0x80000000) {
            throw new ArithmeticException(
                    "Overflow to represent absolute value of Integer.MIN_VALUE");
        }
        return a < 0 ? -a : a;
    }

    public static long absExact(long a) {
        if (a == 0x8000000000000000L) {
            throw new ArithmeticException(
                    "Overflow to represent absolute value of Long.MIN_VALUE");
        }
        return a < 0 ? -a : a;
    }
}
