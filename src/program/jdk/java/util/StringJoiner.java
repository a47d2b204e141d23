package java.util;

/**
 * roth's model of java.util.StringJoiner (JDK 17): elements joined by a delimiter between a
 * prefix and a suffix, with the JDK's null checks and messages. The empty value stands for
 * the joiner only while nothing was ever added (an added empty string is an element), and
 * `merge` adds the other joiner's elements, joined by its own delimiter, as one element.
 * The delimiter, prefix, suffix, empty value and elements are `String`s here, not any
 * `CharSequence` (roth does not model that interface); a null element is added as "null".
 */
public final class StringJoiner {
    private final String prefix;
    private final String delimiter;
    private final String suffix;

    /** The elements joined by the delimiter, or null when nothing was added. */
    private String joined;

    /** What `toString` gives while nothing was added; null: the prefix and the suffix. */
    private String emptyValue;

    public StringJoiner(String delimiter) {
        this(delimiter, "", "");
    }

    public StringJoiner(String delimiter, String prefix, String suffix) {
        // The JDK checks the prefix first.
        Objects.requireNonNull(prefix, "The prefix must not be null");
        Objects.requireNonNull(delimiter, "The delimiter must not be null");
        Objects.requireNonNull(suffix, "The suffix must not be null");
        this.prefix = prefix;
        this.delimiter = delimiter;
        this.suffix = suffix;
    }

    public StringJoiner setEmptyValue(String emptyValue) {
        this.emptyValue = Objects.requireNonNull(emptyValue, "The empty value must not be null");
        return this;
    }

    public StringJoiner add(String newElement) {
        String element = newElement == null ? "null" : newElement;
        if (joined == null) {
            joined = element;
        } else {
            joined = joined + delimiter + element;
        }
        return this;
    }

    public StringJoiner merge(StringJoiner other) {
        Objects.requireNonNull(other);
        if (other.joined == null) {
            return this;
        }
        // Read before adding: `j.merge(j)` adds j's own elements once.
        String elements = other.joined;
        return add(elements);
    }

    public int length() {
        if (joined == null && emptyValue != null) {
            return emptyValue.length();
        }
        return prefix.length() + (joined == null ? 0 : joined.length()) + suffix.length();
    }

    public String toString() {
        if (joined == null && emptyValue != null) {
            return emptyValue;
        }
        return prefix + (joined == null ? "" : joined) + suffix;
    }
}
