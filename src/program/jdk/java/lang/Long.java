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

    public static int bitCount(long i) {
        int count = 0;
        while (i != 0L) {
            i &= i - 1L;
            count++;
        }
        return count;
    }

    public static int numberOfLeadingZeros(long i) {
        int n = 0;
        while (n < 64 && (i & (0x8000000000000000L >>> n)) == 0L) {
            n++;
        }
        return n;
    }

    public static int numberOfTrailingZeros(long i) {
        int n = 0;
        while (n < 64 && (i & (1L << n)) == 0L) {
            n++;
        }
        return n;
    }

    public static long highestOneBit(long i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static long lowestOneBit(long i) {
        return i & -i;
    }

    public static long reverse(long i) {
        long r = 0L;
        for (int k = 0; k < 64; k++) {
            r = (r << 1) | (i & 1L);
            i >>>= 1;
        }
        return r;
    }

    public static long reverseBytes(long i) {
        long r = 0L;
        for (int k = 0; k < 8; k++) {
            r = (r << 8) | (i & 0xffL);
            i >>>= 8;
        }
        return r;
    }

    public static long rotateLeft(long i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static long rotateRight(long i, int distance) {
        return (i >>> distance) | (i << -distance);
    }

    public static int compareUnsigned(long x, long y) {
        return compare(x + MIN_VALUE, y + MIN_VALUE);
    }

    public static String toBinaryString(long i) {
        return unsignedDigits(i, 1);
    }

    public static String toOctalString(long i) {
        return unsignedDigits(i, 3);
    }

    public static String toHexString(long i) {
        return unsignedDigits(i, 4);
    }

    /** i as an unsigned number in radix 2^shift, without leading zeros (roth's own helper). */
    static String unsignedDigits(long i, int shift) {
        int count = 1;
        while (count * shift < 64 && (i >>> (count * shift)) != 0L) {
            count++;
        }
        char[] out = new char[count];
        long mask = (1L << shift) - 1L;
        for (int k = count - 1; k >= 0; k--) {
            out[k] = Character.forDigit((int) (i & mask), 36);
            i >>>= shift;
        }
        return new String(out);
    }

    /** The digits of i in a radix from 2 to 36 (10 outside), lower-case, '-' first. */
    public static String toString(long i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        if (radix == 10) {
            return toString(i);
        }
        // Digits of the negative value, so MIN_VALUE needs no special case.
        boolean negative = i < 0L;
        long rest = negative ? i : -i;
        int count = 0;
        long probe = rest;
        do {
            count++;
            probe /= radix;
        } while (probe != 0L);
        int size = negative ? count + 1 : count;
        char[] out = new char[size];
        for (int k = size - 1; k >= size - count; k--) {
            out[k] = Character.forDigit((int) -(rest % radix), radix);
            rest /= radix;
        }
        if (negative) {
            out[0] = '-';
        }
        return new String(out);
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Long box) {
        return box == null ? "null" : box.toString();
    }
}
