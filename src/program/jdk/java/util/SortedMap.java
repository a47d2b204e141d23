package java.util;

/**
 * roth's model of java.util.SortedMap (JDK 17): a map whose keys are kept in the order of a
 * Comparator or of their natural order, with the first and last keys and the range views.
 */
public interface SortedMap<K, V> extends Map<K, V> {
    Comparator<? super K> comparator();

    SortedMap<K, V> subMap(K fromKey, K toKey);

    SortedMap<K, V> headMap(K toKey);

    SortedMap<K, V> tailMap(K fromKey);

    K firstKey();

    K lastKey();
}
