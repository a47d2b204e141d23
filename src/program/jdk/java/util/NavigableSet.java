package java.util;

/**
 * roth's model of java.util.NavigableSet (JDK 17): a SortedSet that finds the nearest
 * elements below and above a value, takes its end elements out, and gives range views with
 * inclusive or exclusive bounds, a reversed view and a descending iterator.
 */
public interface NavigableSet<E> extends SortedSet<E> {
    E lower(E e);

    E floor(E e);

    E ceiling(E e);

    E higher(E e);

    E pollFirst();

    E pollLast();

    NavigableSet<E> descendingSet();

    Iterator<E> descendingIterator();

    NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive);

    NavigableSet<E> headSet(E toElement, boolean inclusive);

    NavigableSet<E> tailSet(E fromElement, boolean inclusive);
}
