package java.util;

/**
 * roth's model of java.util.ImmutableCollections (JDK 17): the lists, sets and maps of
 * List.of, Set.of, Map.of and their copyOf, and Stream.toList's list. No element, key or value
 * is null (NullPointerException when one is given or looked for) except in Stream.toList's
 * list, and every change throws UnsupportedOperationException without a message. The JVM
 * iterates a set or a map of these in an order it draws at random when it starts (its SALT):
 * a run that iterates one ends as unrepeatable, while lookups, sizes, equality and hash codes
 * run as usual.
 */
final class ImmutableCollections {
    private ImmutableCollections() {
    }

    static UnsupportedOperationException uoe() {
        return new UnsupportedOperationException();
    }

    /** Ends the run as unrepeatable, saying why (roth's native, not the JDK's). */
    static native void unrepeatable(String what);

    /** The iteration order of Set.of's and Map.of's collections, which the JVM varies. */
    static void iterated() {
        unrepeatable("the iteration order of a Set.of or Map.of collection (the JVM draws it at random)");
    }

    /** The empty list of Stream.toList, one object as in the JDK. */
    private static final ListN<Object> EMPTY_NULLS_ALLOWED = new ListN<Object>(new Object[0], true);

    /** Stream.toList's list: unmodifiable, nulls allowed (the JDK's, reached through SharedSecrets). */
    @SuppressWarnings("unchecked")
    static <E> List<E> listFromTrustedArrayNullsAllowed(Object[] input) {
        if (input.length == 0) {
            return (List<E>) EMPTY_NULLS_ALLOWED;
        }
        return new ListN<E>(input, true);
    }

    /** List.of's list, or Stream.toList's when `allowNulls` (which finds and hashes nulls). */
    static final class ListN<E> extends AbstractList<E> implements RandomAccess {
        private final Object[] elements;
        final boolean allowNulls;

        ListN(Object[] input, boolean allowNulls) {
            Object[] copy = new Object[input.length];
            for (int i = 0; i < input.length; i++) {
                copy[i] = allowNulls ? input[i] : Objects.requireNonNull(input[i]);
            }
            elements = copy;
            this.allowNulls = allowNulls;
        }

        public int size() {
            return elements.length;
        }

        public boolean isEmpty() {
            return elements.length == 0;
        }

        @SuppressWarnings("unchecked")
        public E get(int index) {
            if (index < 0 || index >= elements.length) {
                throw new IndexOutOfBoundsException("Index: " + index + " Size: " + elements.length);
            }
            return (E) elements[index];
        }

        public Object[] toArray() {
            return Arrays.copyOf(elements, elements.length);
        }

        public int indexOf(Object o) {
            if (!allowNulls) {
                Objects.requireNonNull(o);
            }
            for (int i = 0; i < elements.length; i++) {
                if (o == null ? elements[i] == null : o.equals(elements[i])) {
                    return i;
                }
            }
            return -1;
        }

        public int lastIndexOf(Object o) {
            if (!allowNulls) {
                Objects.requireNonNull(o);
            }
            for (int i = elements.length - 1; i >= 0; i--) {
                if (o == null ? elements[i] == null : o.equals(elements[i])) {
                    return i;
                }
            }
            return -1;
        }

        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        public boolean add(E e) {
            throw uoe();
        }

        public void add(int index, E element) {
            throw uoe();
        }

        public boolean addAll(Collection<? extends E> c) {
            throw uoe();
        }

        public boolean addAll(int index, Collection<? extends E> c) {
            throw uoe();
        }

        public E set(int index, E element) {
            throw uoe();
        }

        public E remove(int index) {
            throw uoe();
        }

        public boolean remove(Object o) {
            throw uoe();
        }

        public boolean removeAll(Collection<?> c) {
            throw uoe();
        }

        public boolean retainAll(Collection<?> c) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public void sort(Comparator<? super E> c) {
            throw uoe();
        }

        /** The JDK's List.of has ranges of its own, walked by index. */
        boolean indexedSubLists() {
            return true;
        }

        public int hashCode() {
            int hash = 1;
            for (Object e : elements) {
                hash = 31 * hash + (e == null ? 0 : e.hashCode());
            }
            return hash;
        }
    }

    static final class SetN<E> extends AbstractSet<E> {
        final Object[] elements;

        SetN(Object[] input, boolean rejectDuplicates) {
            Object[] kept = new Object[input.length];
            int n = 0;
            for (Object e : input) {
                Objects.requireNonNull(e);
                boolean seen = false;
                for (int i = 0; i < n && !seen; i++) {
                    seen = kept[i].equals(e);
                }
                if (seen && rejectDuplicates) {
                    throw new IllegalArgumentException("duplicate element: " + e);
                }
                if (!seen) {
                    kept[n++] = e;
                }
            }
            elements = Arrays.copyOf(kept, n);
        }

        public int size() {
            return elements.length;
        }

        public boolean isEmpty() {
            return elements.length == 0;
        }

        public boolean contains(Object o) {
            Objects.requireNonNull(o);
            for (Object e : elements) {
                if (o.equals(e)) {
                    return true;
                }
            }
            return false;
        }

        public Iterator<E> iterator() {
            iterated();
            return new ListN<E>(elements, false).iterator();
        }

        public boolean add(E e) {
            throw uoe();
        }

        public boolean remove(Object o) {
            throw uoe();
        }

        public boolean addAll(Collection<? extends E> c) {
            throw uoe();
        }

        public boolean removeAll(Collection<?> c) {
            throw uoe();
        }

        public boolean retainAll(Collection<?> c) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public int hashCode() {
            int h = 0;
            for (Object e : elements) {
                h += e.hashCode();
            }
            return h;
        }

        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (!(o instanceof Set) || ((Set<?>) o).size() != elements.length) {
                return false;
            }
            for (Object e : elements) {
                if (!((Set<?>) o).contains(e)) {
                    return false;
                }
            }
            return true;
        }
    }

    static final class MapN<K, V> extends AbstractMap<K, V> {
        /** Key, value, key, value... in the order given. */
        final Object[] table;

        MapN(Object[] input) {
            for (int i = 0; i < input.length; i += 2) {
                Objects.requireNonNull(input[i]);
                Objects.requireNonNull(input[i + 1]);
                for (int j = 0; j < i; j += 2) {
                    if (input[j].equals(input[i])) {
                        throw new IllegalArgumentException("duplicate key: " + input[i]);
                    }
                }
            }
            table = Arrays.copyOf(input, input.length);
        }

        public int size() {
            return table.length / 2;
        }

        public boolean isEmpty() {
            return table.length == 0;
        }

        @SuppressWarnings("unchecked")
        public V get(Object key) {
            Objects.requireNonNull(key);
            for (int i = 0; i < table.length; i += 2) {
                if (key.equals(table[i])) {
                    return (V) table[i + 1];
                }
            }
            return null;
        }

        public boolean containsKey(Object key) {
            return get(key) != null;
        }

        public boolean containsValue(Object value) {
            Objects.requireNonNull(value);
            for (int i = 1; i < table.length; i += 2) {
                if (value.equals(table[i])) {
                    return true;
                }
            }
            return false;
        }

        @SuppressWarnings("unchecked")
        public Set<Map.Entry<K, V>> entrySet() {
            iterated();
            Object[] entries = new Object[table.length / 2];
            for (int i = 0; i < entries.length; i++) {
                entries[i] = new KeyValueHolder<K, V>((K) table[2 * i], (V) table[2 * i + 1]);
            }
            return new SetN<Map.Entry<K, V>>(entries, false);
        }

        public V put(K key, V value) {
            throw uoe();
        }

        public V remove(Object key) {
            throw uoe();
        }

        public void putAll(Map<? extends K, ? extends V> m) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public int hashCode() {
            int h = 0;
            for (int i = 0; i < table.length; i += 2) {
                h += table[i].hashCode() ^ table[i + 1].hashCode();
            }
            return h;
        }

        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (!(o instanceof Map) || ((Map<?, ?>) o).size() != size()) {
                return false;
            }
            for (int i = 0; i < table.length; i += 2) {
                if (!table[i + 1].equals(((Map<?, ?>) o).get(table[i]))) {
                    return false;
                }
            }
            return true;
        }
    }
}
