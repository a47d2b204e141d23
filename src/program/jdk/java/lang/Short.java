package java.lang;

/** roth's model of java.lang.Short: a short in an object, cached in -128..127. */
public final class Short extends Number implements Comparable<Short> {
    public static final short MIN_VALUE = -32768;
    public static final short MAX_VALUE = 32767;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    private static final Short[] CACHE = new Short[256];

    private final short value;

    public Short(short value) {
        this.value = value;
    }

    public static Short valueOf(short v) {
        if (v >= -128 && v <= 127) {
            Short cached = CACHE[v + 128];
            if (cached == null) {
                cached = new Short(v);
                CACHE[v + 128] = cached;
            }
            return cached;
        }
        return new Short(v);
    }

    public static Short valueOf(String s) {
        return valueOf(parseShort(s, 10));
    }

    public static short parseShort(String s) {
        return parseShort(s, 10);
    }

    public static short parseShort(String s, int radix) {
        int i = Integer.parseInt(s, radix);
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value out of range. Value:\"" + s + "\" Radix:" + radix);
        }
        return (short) i;
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

    public short shortValue() {
        return value;
    }

    public int compareTo(Short other) {
        return compare(value, other.value);
    }

    public static int compare(short x, short y) {
        return x - y;
    }

    public boolean equals(Object other) {
        return other instanceof Short && value == ((Short) other).value;
    }

    public int hashCode() {
        return value;
    }

    public static int hashCode(short value) {
        return value;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(short v) {
        return String.valueOf(v);
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Short box) {
        return box == null ? "null" : box.toString();
    }
}
