/** Generic Pair and Box containers over Integer and String, a bounded generic max, and the pitfalls of comparing boxed Integers. */

import java.util.function.Function;
import java.util.function.Predicate;

public class Generics {
    private Generics() {
    }

    public static <T extends Comparable<T>> T max(T a, T b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    public static <T extends Comparable<T>> T maxOf(T[] items) {
        if (items.length == 0) {
            throw new IllegalArgumentException("no items");
        }
        T best = items[0];
        for (int i = 1; i < items.length; i++) {
            best = max(best, items[i]);
        }
        return best;
    }

    /**
     * Compares two ints after boxing them, by reference. Deliberately wrong-looking: it is true for
     * equal values in the Integer cache (-128..127) and false for equal values outside it.
     */
    public static boolean sameReference(int a, int b) {
        Integer x = a;
        Integer y = b;
        return x == y;
    }

    public static boolean sameValue(int a, int b) {
        Integer x = Integer.valueOf(a);
        Integer y = Integer.valueOf(b);
        return x.equals(y);
    }

    public static String compareBoxed(int a, int b) {
        Integer x = a;
        Integer y = b;
        if (x == y) {
            return "same object";
        }
        if (x.equals(y)) {
            return "equal values, different objects";
        }
        return x.compareTo(y) < 0 ? "less" : "greater";
    }

    /** Sums the non-null entries; unboxes each one. */
    public static int sumPresent(Integer[] values) {
        int sum = 0;
        for (Integer v : values) {
            if (v != null) {
                sum += v;
            }
        }
        return sum;
    }

    public static Pair<Integer, Integer> minMax(int[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("empty array");
        }
        int min = values[0];
        int max = values[0];
        for (int v : values) {
            if (v < min) {
                min = v;
            } else if (v > max) {
                max = v;
            }
        }
        return new Pair<>(min, max);
    }

    public static Pair<String, Integer> longestWord(String[] words) {
        String best = "";
        for (String w : words) {
            if (w.length() > best.length()) {
                best = w;
            }
        }
        return Pair.of(best, best.length());
    }

    public static Box<Integer> parse(String text) {
        try {
            return new Box<>(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            return Box.empty();
        }
    }

    /** Parses text, doubles it if it is a small positive number, otherwise falls back. */
    public static int doubledOr(String text, int fallback) {
        return parse(text)
                .filter(n -> n > 0 && n < 1000)
                .map(n -> n * 2)
                .orElse(fallback);
    }

    public static String describe(Pair<String, Integer> pair) {
        Integer count = pair.getSecond();
        String noun = count == 1 ? "item" : "items";
        return pair.getFirst() + ": " + count + " " + noun;
    }
}

final class Pair<A, B> {
    private final A first;
    private final B second;

    Pair(A first, B second) {
        this.first = first;
        this.second = second;
    }

    static <A, B> Pair<A, B> of(A first, B second) {
        return new Pair<>(first, second);
    }

    A getFirst() {
        return first;
    }

    B getSecond() {
        return second;
    }

    Pair<B, A> swap() {
        return new Pair<>(second, first);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Pair)) {
            return false;
        }
        Pair<?, ?> other = (Pair<?, ?>) o;
        return java.util.Objects.equals(first, other.first) && java.util.Objects.equals(second, other.second);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(first, second);
    }

    @Override
    public String toString() {
        return "(" + first + ", " + second + ")";
    }
}

final class Box<T> {
    private T value;

    Box(T value) {
        this.value = value;
    }

    static <T> Box<T> empty() {
        return new Box<>(null);
    }

    boolean isPresent() {
        return value != null;
    }

    T get() {
        if (value == null) {
            throw new IllegalStateException("empty box");
        }
        return value;
    }

    void set(T value) {
        this.value = value;
    }

    T orElse(T fallback) {
        return value != null ? value : fallback;
    }

    <R> Box<R> map(Function<? super T, ? extends R> f) {
        if (value == null) {
            return empty();
        }
        return new Box<>(f.apply(value));
    }

    Box<T> filter(Predicate<? super T> p) {
        return value != null && p.test(value) ? this : empty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Box && java.util.Objects.equals(value, ((Box<?>) o).value);
    }

    @Override
    public int hashCode() {
        return value == null ? 0 : value.hashCode();
    }

    @Override
    public String toString() {
        return isPresent() ? "Box[" + value + "]" : "Box.empty";
    }
}
