package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * roth's model of java.util.HashMap (JDK 17): a table of bins whose size is a power of two,
 * the JDK's spread hash (`h ^ (h >>> 16)`), new keys at a bin's tail by `put` and at its head
 * by `compute`, `computeIfAbsent` and `merge`, the table doubled past three quarters full
 * with each bin split in order: so keys are iterated, and the map printed, in the JVM's
 * order. A bin the JDK would turn into a tree (eight colliding keys in a table of 64 or
 * more) is not modelled: the run ends as unrepeatable. Iterators and views are fail-fast on
 * `modCount` as the JDK's.
 */
public class HashMap<K, V> extends AbstractMap<K, V> implements Map<K, V> {
    static final int MAXIMUM_CAPACITY = 1 << 30;

    /** An entry of a bin's chain. */
    static class Node<K, V> implements Map.Entry<K, V> {
        final int hash;
        final K key;
        V value;
        Node<K, V> next;

        Node(int hash, K key, V value, Node<K, V> next) {
            this.hash = hash;
            this.key = key;
            this.value = value;
            this.next = next;
        }

        public final K getKey() {
            return key;
        }

        public final V getValue() {
            return value;
        }

        public final String toString() {
            return key + "=" + value;
        }

        public final int hashCode() {
            return Objects.hashCode(key) ^ Objects.hashCode(value);
        }

        public final V setValue(V newValue) {
            V oldValue = value;
            value = newValue;
            return oldValue;
        }

        public final boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            return o instanceof Map.Entry<?, ?> e
                    && Objects.equals(key, e.getKey())
                    && Objects.equals(value, e.getValue());
        }
    }

    static int hash(Object key) {
        if (key == null) {
            return 0;
        }
        int h = key.hashCode();
        return h ^ (h >>> 16);
    }

    static int tableSizeFor(int cap) {
        int n = -1 >>> Integer.numberOfLeadingZeros(cap - 1);
        return (n < 0) ? 1 : (n >= MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : n + 1;
    }

    Node<K, V>[] table;
    int size;
    int modCount;
    int threshold;
    final float loadFactor;
    private Set<K> keys;
    private Collection<V> valueView;
    private Set<Map.Entry<K, V>> entries;

    public HashMap(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("Illegal initial capacity: " + initialCapacity);
        }
        if (initialCapacity > MAXIMUM_CAPACITY) {
            initialCapacity = MAXIMUM_CAPACITY;
        }
        if (loadFactor <= 0 || Float.isNaN(loadFactor)) {
            throw new IllegalArgumentException("Illegal load factor: " + loadFactor);
        }
        this.loadFactor = loadFactor;
        this.threshold = tableSizeFor(initialCapacity);
    }

    public HashMap(int initialCapacity) {
        this(initialCapacity, 0.75f);
    }

    public HashMap() {
        this.loadFactor = 0.75f;
    }

    public HashMap(Map<? extends K, ? extends V> m) {
        this.loadFactor = 0.75f;
        putMapEntries(m, false);
    }

    final void putMapEntries(Map<? extends K, ? extends V> m, boolean evict) {
        int s = m.size();
        if (s > 0) {
            if (table == null) {
                float ft = ((float) s / loadFactor) + 1.0F;
                int t = ((ft < (float) MAXIMUM_CAPACITY) ? (int) ft : MAXIMUM_CAPACITY);
                if (t > threshold) {
                    threshold = tableSizeFor(t);
                }
            } else {
                while (s > threshold && table.length < MAXIMUM_CAPACITY) {
                    resize();
                }
            }
            for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
                putVal(hash(e.getKey()), e.getKey(), e.getValue(), false, evict);
            }
        }
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public V get(Object key) {
        Node<K, V> e = getNode(key);
        return e == null ? null : e.value;
    }

    final Node<K, V> getNode(Object key) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) {
            return null;
        }
        int hash = hash(key);
        for (Node<K, V> e = tab[(tab.length - 1) & hash]; e != null; e = e.next) {
            if (e.hash == hash && (e.key == key || (key != null && key.equals(e.key)))) {
                return e;
            }
        }
        return null;
    }

    public boolean containsKey(Object key) {
        return getNode(key) != null;
    }

    public V put(K key, V value) {
        return putVal(hash(key), key, value, false, true);
    }

    final V putVal(int hash, K key, V value, boolean onlyIfAbsent, boolean evict) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) {
            tab = resize();
        }
        int n = tab.length;
        int i = (n - 1) & hash;
        Node<K, V> p = tab[i];
        Node<K, V> e = null;
        if (p == null) {
            tab[i] = newNode(hash, key, value, null);
        } else if (p.hash == hash && (p.key == key || (key != null && key.equals(p.key)))) {
            e = p;
        } else {
            for (int binCount = 0; ; ++binCount) {
                e = p.next;
                if (e == null) {
                    p.next = newNode(hash, key, value, null);
                    if (binCount >= 7) {
                        treeifyBin(tab);
                    }
                    break;
                }
                if (e.hash == hash && (e.key == key || (key != null && key.equals(e.key)))) {
                    break;
                }
                p = e;
            }
        }
        if (e != null) {
            V oldValue = e.value;
            if (!onlyIfAbsent || oldValue == null) {
                e.value = value;
            }
            afterNodeAccess(e);
            return oldValue;
        }
        ++modCount;
        if (++size > threshold) {
            resize();
        }
        afterNodeInsertion(evict);
        return null;
    }

    /** The table made or doubled, each bin split in two in its order. */
    @SuppressWarnings("unchecked")
    final Node<K, V>[] resize() {
        Node<K, V>[] oldTab = table;
        int oldCap = (oldTab == null) ? 0 : oldTab.length;
        int oldThr = threshold;
        int newCap;
        int newThr = 0;
        if (oldCap > 0) {
            if (oldCap >= MAXIMUM_CAPACITY) {
                threshold = Integer.MAX_VALUE;
                return oldTab;
            }
            newCap = oldCap << 1;
            if (newCap < MAXIMUM_CAPACITY && oldCap >= 16) {
                newThr = oldThr << 1;
            }
        } else if (oldThr > 0) {
            newCap = oldThr;
        } else {
            newCap = 16;
            newThr = 12;
        }
        if (newThr == 0) {
            float ft = (float) newCap * loadFactor;
            newThr = (newCap < MAXIMUM_CAPACITY && ft < (float) MAXIMUM_CAPACITY ? (int) ft : Integer.MAX_VALUE);
        }
        threshold = newThr;
        Node<K, V>[] newTab = (Node<K, V>[]) new Node[newCap];
        table = newTab;
        if (oldTab != null) {
            for (int j = 0; j < oldCap; ++j) {
                Node<K, V> e = oldTab[j];
                if (e == null) {
                    continue;
                }
                oldTab[j] = null;
                if (e.next == null) {
                    newTab[e.hash & (newCap - 1)] = e;
                    continue;
                }
                Node<K, V> loHead = null;
                Node<K, V> loTail = null;
                Node<K, V> hiHead = null;
                Node<K, V> hiTail = null;
                Node<K, V> next;
                do {
                    next = e.next;
                    if ((e.hash & oldCap) == 0) {
                        if (loTail == null) {
                            loHead = e;
                        } else {
                            loTail.next = e;
                        }
                        loTail = e;
                    } else {
                        if (hiTail == null) {
                            hiHead = e;
                        } else {
                            hiTail.next = e;
                        }
                        hiTail = e;
                    }
                    e = next;
                } while (e != null);
                if (loTail != null) {
                    loTail.next = null;
                    newTab[j] = loHead;
                }
                if (hiTail != null) {
                    hiTail.next = null;
                    newTab[j + oldCap] = hiHead;
                }
            }
        }
        return newTab;
    }

    /** A long bin: the table doubled while small; a tree in the JDK, which roth leaves out. */
    final void treeifyBin(Node<K, V>[] tab) {
        if (tab == null || tab.length < 64) {
            resize();
        } else {
            ImmutableCollections.unrepeatable(
                    "a HashMap bin of eight colliding keys (the JDK makes it a tree, which roth does not model)");
        }
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        putMapEntries(m, true);
    }

    public V remove(Object key) {
        Node<K, V> e = removeNode(hash(key), key, null, false, true);
        return e == null ? null : e.value;
    }

    final Node<K, V> removeNode(int hash, Object key, Object value, boolean matchValue, boolean movable) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) {
            return null;
        }
        int index = (tab.length - 1) & hash;
        Node<K, V> p = tab[index];
        Node<K, V> previous = null;
        while (p != null && !(p.hash == hash && (p.key == key || (key != null && key.equals(p.key))))) {
            previous = p;
            p = p.next;
        }
        if (p == null) {
            return null;
        }
        V v = p.value;
        if (matchValue && !(v == value || (value != null && value.equals(v)))) {
            return null;
        }
        if (previous == null) {
            tab[index] = p.next;
        } else {
            previous.next = p.next;
        }
        ++modCount;
        --size;
        afterNodeRemoval(p);
        return p;
    }

    public void clear() {
        modCount++;
        Node<K, V>[] tab = table;
        if (tab != null && size > 0) {
            size = 0;
            for (int i = 0; i < tab.length; ++i) {
                tab[i] = null;
            }
        }
        afterClear();
    }

    public boolean containsValue(Object value) {
        Node<K, V>[] tab = table;
        if (tab != null && size > 0) {
            for (Node<K, V> e = firstIn(tab); e != null; e = nextIn(tab, e)) {
                V v = e.value;
                if (v == value || (value != null && value.equals(v))) {
                    return true;
                }
            }
        }
        return false;
    }

    // Hooks for LinkedHashMap, which keeps its entries in a list of its own.
    Node<K, V> newNode(int hash, K key, V value, Node<K, V> next) {
        return new Node<K, V>(hash, key, value, next);
    }

    void afterNodeAccess(Node<K, V> p) {
    }

    void afterNodeInsertion(boolean evict) {
    }

    void afterNodeRemoval(Node<K, V> p) {
    }

    void afterClear() {
    }

    /** The first entry in iteration order (of `tab`, the table when the walk began). */
    Node<K, V> firstIn(Node<K, V>[] tab) {
        if (tab == null || size == 0) {
            return null;
        }
        for (int i = 0; i < tab.length; i++) {
            if (tab[i] != null) {
                return tab[i];
            }
        }
        return null;
    }

    /** The entry after `e` in iteration order: its bin's next, else the next bin's first. */
    Node<K, V> nextIn(Node<K, V>[] tab, Node<K, V> e) {
        if (e.next != null) {
            return e.next;
        }
        for (int i = (e.hash & (tab.length - 1)) + 1; i < tab.length; i++) {
            if (tab[i] != null) {
                return tab[i];
            }
        }
        return null;
    }

    public Set<K> keySet() {
        if (keys == null) {
            keys = new KeySet();
        }
        return keys;
    }

    public Collection<V> values() {
        if (valueView == null) {
            valueView = new Values();
        }
        return valueView;
    }

    public Set<Map.Entry<K, V>> entrySet() {
        if (entries == null) {
            entries = new EntrySet();
        }
        return entries;
    }

    /** Walks the entries for a view's forEach; CME after the walk if the action changed the map. */
    final void walk(Consumer<? super Node<K, V>> action) {
        Objects.requireNonNull(action);
        Node<K, V>[] tab = table;
        if (size > 0 && tab != null) {
            int mc = modCount;
            for (Node<K, V> e = firstIn(tab); e != null; e = nextIn(tab, e)) {
                action.accept(e);
            }
            if (modCount != mc) {
                throw new ConcurrentModificationException();
            }
        }
    }

    final class KeySet extends AbstractSet<K> {
        public int size() {
            return size;
        }

        public void clear() {
            HashMap.this.clear();
        }

        public Iterator<K> iterator() {
            return new HashIterator<K>(0);
        }

        public boolean contains(Object o) {
            return containsKey(o);
        }

        public boolean remove(Object key) {
            return removeNode(hash(key), key, null, false, true) != null;
        }

        public void forEach(Consumer<? super K> action) {
            Objects.requireNonNull(action);
            walk(e -> action.accept(e.key));
        }
    }

    final class Values extends AbstractCollection<V> {
        public int size() {
            return size;
        }

        public void clear() {
            HashMap.this.clear();
        }

        public Iterator<V> iterator() {
            return new HashIterator<V>(1);
        }

        public boolean contains(Object o) {
            return containsValue(o);
        }

        public void forEach(Consumer<? super V> action) {
            Objects.requireNonNull(action);
            walk(e -> action.accept(e.value));
        }
    }

    final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        public int size() {
            return size;
        }

        public void clear() {
            HashMap.this.clear();
        }

        public Iterator<Map.Entry<K, V>> iterator() {
            return new HashIterator<Map.Entry<K, V>>(2);
        }

        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            Node<K, V> candidate = getNode(e.getKey());
            return candidate != null && candidate.equals(e);
        }

        public boolean remove(Object o) {
            if (o instanceof Map.Entry) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                Object key = e.getKey();
                return removeNode(hash(key), key, e.getValue(), true, true) != null;
            }
            return false;
        }

        public void forEach(Consumer<? super Map.Entry<K, V>> action) {
            Objects.requireNonNull(action);
            walk(e -> action.accept(e));
        }
    }

    /** The fail-fast iterator of the keys (0), values (1) or entries (2). */
    final class HashIterator<T> implements Iterator<T> {
        private final int kind;
        private final Node<K, V>[] tab;
        private Node<K, V> next;
        private Node<K, V> current;
        private int expectedModCount;

        HashIterator(int kind) {
            this.kind = kind;
            this.tab = table;
            expectedModCount = modCount;
            next = firstIn(tab);
        }

        public boolean hasNext() {
            return next != null;
        }

        @SuppressWarnings("unchecked")
        public T next() {
            Node<K, V> e = next;
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            if (e == null) {
                throw new NoSuchElementException();
            }
            current = e;
            next = nextIn(tab, e);
            if (kind == 0) {
                return (T) e.key;
            }
            if (kind == 1) {
                return (T) e.value;
            }
            return (T) e;
        }

        public void remove() {
            Node<K, V> p = current;
            if (p == null) {
                throw new IllegalStateException();
            }
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            current = null;
            removeNode(p.hash, p.key, null, false, false);
            expectedModCount = modCount;
        }
    }

    public V getOrDefault(Object key, V defaultValue) {
        Node<K, V> e = getNode(key);
        return e == null ? defaultValue : e.value;
    }

    public V putIfAbsent(K key, V value) {
        return putVal(hash(key), key, value, true, true);
    }

    public boolean remove(Object key, Object value) {
        return removeNode(hash(key), key, value, true, true) != null;
    }

    public boolean replace(K key, V oldValue, V newValue) {
        Node<K, V> e = getNode(key);
        if (e != null && Objects.equals(e.value, oldValue)) {
            e.value = newValue;
            afterNodeAccess(e);
            return true;
        }
        return false;
    }

    public V replace(K key, V value) {
        Node<K, V> e = getNode(key);
        if (e != null) {
            V oldValue = e.value;
            e.value = value;
            afterNodeAccess(e);
            return oldValue;
        }
        return null;
    }

    /** The table ready for a key added at a bin's head (made, or doubled when past full). */
    private Node<K, V>[] tableForHead() {
        Node<K, V>[] tab = table;
        if (size > threshold || tab == null || tab.length == 0) {
            tab = resize();
        }
        return tab;
    }

    /** The node of `key` in `tab`'s bin `i`, or null. */
    private Node<K, V> find(Node<K, V>[] tab, int i, int hash, Object key) {
        for (Node<K, V> e = tab[i]; e != null; e = e.next) {
            if (e.hash == hash && (e.key == key || (key != null && key.equals(e.key)))) {
                return e;
            }
        }
        return null;
    }

    private static int length(Node<?, ?> first) {
        int n = 0;
        for (Node<?, ?> e = first; e != null; e = e.next) {
            n++;
        }
        return n;
    }

    /** A new key at the head of bin `i`, as compute, computeIfAbsent and merge add one. */
    private void addAtHead(Node<K, V>[] tab, int i, int hash, K key, V value) {
        Node<K, V> first = tab[i];
        int binCount = length(first);
        tab[i] = newNode(hash, key, value, first);
        if (binCount >= 7) {
            treeifyBin(tab);
        }
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (mappingFunction == null) {
            throw new NullPointerException();
        }
        int hash = hash(key);
        Node<K, V>[] tab = tableForHead();
        int i = (tab.length - 1) & hash;
        Node<K, V> old = find(tab, i, hash, key);
        if (old != null && old.value != null) {
            afterNodeAccess(old);
            return old.value;
        }
        int mc = modCount;
        V v = mappingFunction.apply(key);
        if (mc != modCount) {
            throw new ConcurrentModificationException();
        }
        if (v == null) {
            return null;
        }
        if (old != null) {
            old.value = v;
            afterNodeAccess(old);
            return v;
        }
        addAtHead(tab, i, hash, key, v);
        modCount = mc + 1;
        ++size;
        afterNodeInsertion(true);
        return v;
    }

    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> e = getNode(key);
        if (e != null && e.value != null) {
            int mc = modCount;
            V v = remappingFunction.apply(key, e.value);
            if (mc != modCount) {
                throw new ConcurrentModificationException();
            }
            if (v == null) {
                removeNode(hash(key), key, null, false, true);
            } else {
                e.value = v;
                afterNodeAccess(e);
                return v;
            }
        }
        return null;
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) {
            throw new NullPointerException();
        }
        int hash = hash(key);
        Node<K, V>[] tab = tableForHead();
        int i = (tab.length - 1) & hash;
        Node<K, V> old = find(tab, i, hash, key);
        V oldValue = (old == null) ? null : old.value;
        int mc = modCount;
        V v = remappingFunction.apply(key, oldValue);
        if (mc != modCount) {
            throw new ConcurrentModificationException();
        }
        if (old != null) {
            if (v != null) {
                old.value = v;
                afterNodeAccess(old);
            } else {
                removeNode(hash, key, null, false, true);
            }
        } else if (v != null) {
            addAtHead(tab, i, hash, key, v);
            modCount = mc + 1;
            ++size;
            afterNodeInsertion(true);
        }
        return v;
    }

    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (value == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        int hash = hash(key);
        Node<K, V>[] tab = tableForHead();
        int i = (tab.length - 1) & hash;
        Node<K, V> old = find(tab, i, hash, key);
        if (old != null) {
            V v;
            if (old.value != null) {
                int mc = modCount;
                v = remappingFunction.apply(old.value, value);
                if (mc != modCount) {
                    throw new ConcurrentModificationException();
                }
            } else {
                v = value;
            }
            if (v != null) {
                old.value = v;
                afterNodeAccess(old);
            } else {
                removeNode(hash, key, null, false, true);
            }
            return v;
        }
        addAtHead(tab, i, hash, key, value);
        ++modCount;
        ++size;
        afterNodeInsertion(true);
        return value;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        Objects.requireNonNull(action);
        walk(e -> action.accept(e.key, e.value));
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        Objects.requireNonNull(function);
        walk(e -> e.value = function.apply(e.key, e.value));
    }
}
