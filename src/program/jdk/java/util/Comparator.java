package java.util;

import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * roth's model of java.util.Comparator (JDK 17): the comparison, its reversal and chaining,
 * the comparators by a key, natural and reverse order and the null-friendly ones, each
 * comparing as the JDK's does.
 */
@FunctionalInterface
public interface Comparator<T> {
    int compare(T o1, T o2);

    /** As Collections.reverseOrder(this): the arguments swapped. */
    default Comparator<T> reversed() {
        return (t1, t2) -> compare(t2, t1);
    }

    default Comparator<T> thenComparing(Comparator<? super T> other) {
        Objects.requireNonNull(other);
        return (c1, c2) -> {
            int res = compare(c1, c2);
            return (res != 0) ? res : other.compare(c1, c2);
        };
    }

    default <U> Comparator<T> thenComparing(
            Function<? super T, ? extends U> keyExtractor, Comparator<? super U> keyComparator) {
        return thenComparing(comparing(keyExtractor, keyComparator));
    }

    default <U extends Comparable<? super U>> Comparator<T> thenComparing(
            Function<? super T, ? extends U> keyExtractor) {
        return thenComparing(comparing(keyExtractor));
    }

    default Comparator<T> thenComparingInt(ToIntFunction<? super T> keyExtractor) {
        return thenComparing(comparingInt(keyExtractor));
    }

    default Comparator<T> thenComparingLong(ToLongFunction<? super T> keyExtractor) {
        return thenComparing(comparingLong(keyExtractor));
    }

    default Comparator<T> thenComparingDouble(ToDoubleFunction<? super T> keyExtractor) {
        return thenComparing(comparingDouble(keyExtractor));
    }

    /** As Collections.reverseOrder(): the natural order reversed. */
    public static <T extends Comparable<? super T>> Comparator<T> reverseOrder() {
        return (c1, c2) -> c2.compareTo(c1);
    }

    public static <T extends Comparable<? super T>> Comparator<T> naturalOrder() {
        return (c1, c2) -> c1.compareTo(c2);
    }

    /** As the JDK's Comparators.NullComparator with nulls first. */
    public static <T> Comparator<T> nullsFirst(Comparator<? super T> comparator) {
        return (a, b) -> {
            if (a == null) {
                return (b == null) ? 0 : -1;
            } else if (b == null) {
                return 1;
            } else {
                return (comparator == null) ? 0 : comparator.compare(a, b);
            }
        };
    }

    /** As the JDK's Comparators.NullComparator with nulls last. */
    public static <T> Comparator<T> nullsLast(Comparator<? super T> comparator) {
        return (a, b) -> {
            if (a == null) {
                return (b == null) ? 0 : 1;
            } else if (b == null) {
                return -1;
            } else {
                return (comparator == null) ? 0 : comparator.compare(a, b);
            }
        };
    }

    public static <T, U> Comparator<T> comparing(
            Function<? super T, ? extends U> keyExtractor, Comparator<? super U> keyComparator) {
        Objects.requireNonNull(keyExtractor);
        Objects.requireNonNull(keyComparator);
        return (c1, c2) -> keyComparator.compare(keyExtractor.apply(c1), keyExtractor.apply(c2));
    }

    public static <T, U extends Comparable<? super U>> Comparator<T> comparing(
            Function<? super T, ? extends U> keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> keyExtractor.apply(c1).compareTo(keyExtractor.apply(c2));
    }

    public static <T> Comparator<T> comparingInt(ToIntFunction<? super T> keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> Integer.compare(keyExtractor.applyAsInt(c1), keyExtractor.applyAsInt(c2));
    }

    public static <T> Comparator<T> comparingLong(ToLongFunction<? super T> keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> Long.compare(keyExtractor.applyAsLong(c1), keyExtractor.applyAsLong(c2));
    }

    public static <T> Comparator<T> comparingDouble(ToDoubleFunction<? super T> keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> Double.compare(keyExtractor.applyAsDouble(c1), keyExtractor.applyAsDouble(c2));
    }
}
