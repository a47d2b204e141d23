package java.util;

/**
 * roth's model of java.util.SortedSet (JDK 17): a set kept in the order of a Comparator or
 * of its elements' natural order, with its first and last elements and the range views.
 */
public interface SortedSet<E> extends Set<E> {
    Comparator<? super E> comparator();

    SortedSet<E> subSet(E fromElement, E toElement);

    SortedSet<E> headSet(E toElement);

    SortedSet<E> tailSet(E fromElement);

    E first();

    E last();
}
