package java.lang;

/** roth's model of java.lang.Comparable: a class's natural order. */
public interface Comparable<T> {
    int compareTo(T other);
}
