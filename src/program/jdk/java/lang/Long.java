package java.lang;

/** roth's model of java.lang.Long: a long in an object, cached in -128..127 as Integer is. */
public final class Long extends Number implements Comparable<Long> {
    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;
    public static final int SIZE = 64;
    public static final int BYTES = 8;

    private static final Long[] CACHE = new Long[256];

    private final long value;

    public Long(long value) {
        this.value = value;
    }

    public static Long valueOf(long l) {
        if (l >= -128 && l <= 127) {
            int slot = (int) l + 128;
            Long cached = CACHE[slot];
            if (cached == null) {
                cached = new Long(l);
                CACHE[slot] = cached;
            }
            return cached;
        }
        return new Long(l);
    }

    public static Long valueOf(String s) {
        return valueOf(parseLong(s, 10));
    }

    public static long parseLong(String s) {
        return parseLong(s, 10);
    }

    public static long parseLong(String s, int radix) {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string");
        }
        if (radix < 2) {
            throw new NumberFormatException("radix " + radix + " less than Character.MIN_RADIX");
        }
        if (radix > 36) {
            throw new NumberFormatException("radix " + radix + " greater than Character.MAX_RADIX");
        }
        int length = s.length();
        if (length == 0) {
            throw Character.forInputString(s, radix);
        }
        int i = 0;
        boolean negative = false;
        long limit = -MAX_VALUE;
        char first = s.charAt(0);
        if (first < '0') {
            if (first == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (first != '+') {
                throw Character.forInputString(s, radix);
            }
            if (length == 1) {
                throw Character.forInputString(s, radix);
            }
            i = 1;
        }
        long lowest = limit / radix;
        long result = 0;
        while (i < length) {
            int digit = Character.digit(s.charAt(i), radix);
            i++;
            if (digit < 0 || result < lowest) {
                throw Character.forInputString(s, radix);
            }
            result *= radix;
            if (result < limit + digit) {
                throw Character.forInputString(s, radix);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return value;
    }

    public float floatValue() {
        return value;
    }

    public double doubleValue() {
        return value;
    }

    public int compareTo(Long other) {
        return compare(value, other.value);
    }

    public static int compare(long x, long y) {
        return x < y ? -1 : (x == y ? 0 : 1);
    }

    public boolean equals(Object other) {
        return other instanceof Long && value == ((Long) other).value;
    }

    public int hashCode() {
        return (int) (value ^ (value >>> 32));
    }

    public static int hashCode(long value) {
        return (int) (value ^ (value >>> 32));
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(long l) {
        return String.valueOf(l);
    }

    public static long sum(long a, long b) {
        return a + b;
    }

    public static long max(long a, long b) {
        return a >= b ? a : b;
    }

    public static long min(long a, long b) {
        return a <= b ? a : b;
    }

    public static int signum(long l) {
        return (int) ((l >> 63) | (-l >>> 63));
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Long box) {
        return box == null ? "null" : box.toString();
    }
}
