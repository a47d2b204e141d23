package java.util;

import java.util.function.UnaryOperator;

/**
 * roth's model of java.util.List (JDK 17): an ordered collection with positions; `sort` and
 * `replaceAll` as its default methods, `of` and `copyOf` giving the unmodifiable lists of
 * ImmutableCollections (no nulls, UnsupportedOperationException on a change).
 */
public interface List<E> extends Collection<E> {
    boolean addAll(int index, Collection<? extends E> c);

    E get(int index);

    E set(int index, E element);

    void add(int index, E element);

    E remove(int index);

    int indexOf(Object o);

    int lastIndexOf(Object o);

    ListIterator<E> listIterator();

    ListIterator<E> listIterator(int index);

    List<E> subList(int fromIndex, int toIndex);

    <T> T[] toArray(T[] a);

    default void replaceAll(UnaryOperator<E> operator) {
        Objects.requireNonNull(operator);
        ListIterator<E> li = this.listIterator();
        while (li.hasNext()) {
            li.set(operator.apply(li.next()));
        }
    }

    /** Sorted stably (as the JDK's TimSort sorts) through an array, then set back in order. */
    @SuppressWarnings("unchecked")
    default void sort(Comparator<? super E> c) {
        Object[] a = this.toArray();
        Arrays.sort(a, (Comparator) c);
        ListIterator<E> i = this.listIterator();
        for (Object e : a) {
            i.next();
            i.set((E) e);
        }
    }

    @SafeVarargs
    static <E> List<E> of(E... elements) {
        return new ImmutableCollections.ListN<E>(elements, false);
    }

    static <E> List<E> copyOf(Collection<? extends E> coll) {
        // Stream.toList's lists, which allow nulls, are copied (and their nulls refused).
        if (coll instanceof ImmutableCollections.ListN && !((ImmutableCollections.ListN<?>) coll).allowNulls) {
            return (List<E>) coll;
        }
        return new ImmutableCollections.ListN<E>(coll.toArray(), false);
    }
}
