package java.lang;

/**
 * roth's model of java.lang.Integer: an int in an object. valueOf (and so autoboxing) gives
 * the same object for the same value in -128..127, a new one outside, as the JDK's cache
 * does by default; parseInt reads decimal digits of any script, as the JDK does.
 */
public final class Integer extends Number implements Comparable<Integer> {
    public static final int MIN_VALUE = 0x80000000;
    public static final int MAX_VALUE = 0x7fffffff;
    public static final int SIZE = 32;
    public static final int BYTES = 4;

    /** The objects of -128..127, each made the first time it is asked for. */
    private static final Integer[] CACHE = new Integer[256];

    private final int value;

    public Integer(int value) {
        this.value = value;
    }

    public Integer(String s) {
        this.value = parseInt(s, 10);
    }

    public static Integer valueOf(int i) {
        if (i >= -128 && i <= 127) {
            Integer cached = CACHE[i + 128];
            if (cached == null) {
                cached = new Integer(i);
                CACHE[i + 128] = cached;
            }
            return cached;
        }
        return new Integer(i);
    }

    public static Integer valueOf(String s) {
        return valueOf(parseInt(s, 10));
    }

    public static Integer valueOf(String s, int radix) {
        return valueOf(parseInt(s, radix));
    }

    public static int parseInt(String s) {
        return parseInt(s, 10);
    }

    public static int parseInt(String s, int radix) {
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
        int limit = -MAX_VALUE;
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
        // Accumulated negatively, so MIN_VALUE fits.
        int lowest = limit / radix;
        int result = 0;
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
        return value;
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

    public byte byteValue() {
        return (byte) value;
    }

    public short shortValue() {
        return (short) value;
    }

    public int compareTo(Integer other) {
        return compare(value, other.value);
    }

    public static int compare(int x, int y) {
        return x < y ? -1 : (x == y ? 0 : 1);
    }

    public boolean equals(Object other) {
        return other instanceof Integer && value == ((Integer) other).value;
    }

    public int hashCode() {
        return value;
    }

    public static int hashCode(int value) {
        return value;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(int i) {
        return String.valueOf(i);
    }

    public static int sum(int a, int b) {
        return a + b;
    }

    public static int max(int a, int b) {
        return a >= b ? a : b;
    }

    public static int min(int a, int b) {
        return a <= b ? a : b;
    }

    public static int signum(int i) {
        return (i >> 31) | (-i >>> 31);
    }

    public static int bitCount(int i) {
        int count = 0;
        while (i != 0) {
            i &= i - 1;
            count++;
        }
        return count;
    }

    public static int numberOfLeadingZeros(int i) {
        int n = 0;
        while (n < 32 && (i & (0x80000000 >>> n)) == 0) {
            n++;
        }
        return n;
    }

    public static int numberOfTrailingZeros(int i) {
        int n = 0;
        while (n < 32 && (i & (1 << n)) == 0) {
            n++;
        }
        return n;
    }

    public static int highestOneBit(int i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static int lowestOneBit(int i) {
        return i & -i;
    }

    public static int reverse(int i) {
        int r = 0;
        for (int k = 0; k < 32; k++) {
            r = (r << 1) | (i & 1);
            i >>>= 1;
        }
        return r;
    }

    public static int reverseBytes(int i) {
        return (i << 24) | ((i & 0xff00) << 8) | ((i >>> 8) & 0xff00) | (i >>> 24);
    }

    public static int rotateLeft(int i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static int rotateRight(int i, int distance) {
        return (i >>> distance) | (i << -distance);
    }

    public static int compareUnsigned(int x, int y) {
        return compare(x + MIN_VALUE, y + MIN_VALUE);
    }

    public static long toUnsignedLong(int x) {
        return ((long) x) & 0xffffffffL;
    }

    public static int divideUnsigned(int dividend, int divisor) {
        return (int) (toUnsignedLong(dividend) / toUnsignedLong(divisor));
    }

    public static int remainderUnsigned(int dividend, int divisor) {
        return (int) (toUnsignedLong(dividend) % toUnsignedLong(divisor));
    }

    public static String toUnsignedString(int i) {
        return Long.toString(toUnsignedLong(i));
    }

    public static String toBinaryString(int i) {
        return Long.unsignedDigits(toUnsignedLong(i), 1);
    }

    public static String toOctalString(int i) {
        return Long.unsignedDigits(toUnsignedLong(i), 3);
    }

    public static String toHexString(int i) {
        return Long.unsignedDigits(toUnsignedLong(i), 4);
    }

    /** The digits of i in a radix from 2 to 36 (10 outside), lower-case, '-' first. */
    public static String toString(int i, int radix) {
        return Long.toString(i, radix);
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Integer box) {
        return box == null ? "null" : box.toString();
    }
}
