package java.lang;

/** roth's model of java.lang.Boolean: valueOf (and autoboxing) gives TRUE or FALSE. */
public final class Boolean implements Comparable<Boolean> {
    public static final Boolean TRUE = new Boolean(true);
    public static final Boolean FALSE = new Boolean(false);

    private final boolean value;

    public Boolean(boolean value) {
        this.value = value;
    }

    public static Boolean valueOf(boolean b) {
        return b ? TRUE : FALSE;
    }

    public static Boolean valueOf(String s) {
        return parseBoolean(s) ? TRUE : FALSE;
    }

    /** Whether s is "true" in any case. */
    public static boolean parseBoolean(String s) {
        if (s == null || s.length() != 4) {
            return false;
        }
        String word = "true";
        for (int i = 0; i < 4; i++) {
            char c = s.charAt(i);
            if (c != word.charAt(i) && c != word.charAt(i) - 32) {
                return false;
            }
        }
        return true;
    }

    public boolean booleanValue() {
        return value;
    }

    public int compareTo(Boolean other) {
        return compare(value, other.value);
    }

    public static int compare(boolean x, boolean y) {
        return x == y ? 0 : (x ? 1 : -1);
    }

    public boolean equals(Object other) {
        return other instanceof Boolean && value == ((Boolean) other).value;
    }

    public int hashCode() {
        return value ? 1231 : 1237;
    }

    public static int hashCode(boolean value) {
        return value ? 1231 : 1237;
    }

    public String toString() {
        return value ? "true" : "false";
    }

    public static String toString(boolean b) {
        return b ? "true" : "false";
    }

    public static boolean logicalAnd(boolean a, boolean b) {
        return a && b;
    }

    public static boolean logicalOr(boolean a, boolean b) {
        return a || b;
    }

    public static boolean logicalXor(boolean a, boolean b) {
        return a ^ b;
    }

    /** String.valueOf of a box: what concatenation and print write (roth's own helper). */
    static String text(Boolean box) {
        return box == null ? "null" : box.toString();
    }
}
