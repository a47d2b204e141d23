package java.lang;

/** roth's model of java.lang.Byte: a byte in an object, cached in -128..127. */
public final class Byte extends Number implements Comparable<Byte> {
    public static final byte MIN_VALUE = -128;
    public static final byte MAX_VALUE = 127;
    public static final int SIZE = 8;
    public static final int BYTES = 1;

    private static final Byte[] CACHE = new Byte[256];

    private final byte value;

    public Byte(byte value) {
        this.value = value;
    }

    public static Byte valueOf(byte v) {
        if (v >= -128 && v <= 127) {
            Byte cached = CACHE[v + 128];
            if (cached == null) {
                cached = new Byte(v);
                CACHE[v + 128] = cached;
            }
            return cached;
        }
        return new Byte(v);
    }

    public static Byte valueOf(String s) {
        return valueOf(parseByte(s, 10));
    }

    public static byte parseByte(String s) {
        return parseByte(s, 10);
    }

    public static byte parseByte(String s, int radix) {
        int i = Integer.parseInt(s, radix);
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value out of range. Value:\"" + s + "\" Radix:" + radix);
        }
        return (byte) i;
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
        return value;
    }

    public int compareTo(Byte other) {
        return compare(value, other.value);
    }

    public static int compare(byte x, byte y) {
        return x - y;
    }

    public boolean equals(Object other) {
        return other instanceof Byte && value == ((Byte) other).value;
    }

    public int hashCode() {
        return value;
    }

    public static int hashCode(byte value) {
        return value;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(byte v) {
        return String.valueOf(v);
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Byte box) {
        return box == null ? "null" : box.toString();
    }
}
