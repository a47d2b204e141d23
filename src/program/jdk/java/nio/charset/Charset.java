package java.nio.charset;

/**
 * roth's model of java.nio.charset.Charset: the standard charsets only (StandardCharsets),
 * told by their canonical names, as `String.getBytes(Charset)` uses them (roth's
 * StringMethods encodes). A charset prints, compares and hashes by its name, as the JDK's.
 */
public class Charset implements Comparable<Charset> {
    private final String name;

    Charset(String name) {
        this.name = name;
    }

    public final String name() {
        return name;
    }

    public String displayName() {
        return name;
    }

    public final boolean isRegistered() {
        return true;
    }

    public boolean canEncode() {
        return true;
    }

    public final String toString() {
        return name;
    }

    public final boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof Charset)) {
            return false;
        }
        return name.equals(((Charset) other).name);
    }

    public final int hashCode() {
        return name.hashCode();
    }

    public final int compareTo(Charset that) {
        return name.compareToIgnoreCase(that.name);
    }
}
