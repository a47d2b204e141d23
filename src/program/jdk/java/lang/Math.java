package java.lang;

/**
 * roth's model of java.lang.Math, beyond abs, min, max, sqrt and pow (builtins the reader
 * calls directly, which the proofs model). Rounding to an integral double is IEEE 754's and
 * exact (floor, ceil and rint are builtins); round, the floor and exact integer operations
 * are written here from their specifications, with the JDK's exception messages.
 */
public final class Math {
    public static final double PI = 3.141592653589793;
    public static final double E = 2.718281828459045;

    private static final double DEGREES_TO_RADIANS = 0.017453292519943295;
    private static final double RADIANS_TO_DEGREES = 57.29577951308232;

    private Math() {
    }

    public static native double floor(double a);

    public static native double ceil(double a);

    public static native double rint(double a);

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
