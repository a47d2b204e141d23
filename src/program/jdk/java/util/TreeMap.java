package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * roth's model of java.util.TreeMap (JDK 17): a red-black tree ordered by a Comparator or by
 * the keys' natural order, balanced after each insertion and deletion with the same rotations
 * and recolourings as the JDK's (the textbook algorithm of Cormen et al.), so the tree's shape,
 * hence which keys are compared with which, is the JVM's. As on the JVM, deleting a node with
 * two children moves its successor's key and value into it (an entry handed out earlier may
 * change under its holder); `put` into an empty map compares the key with itself first (so a
 * null key with natural ordering is refused at once); `get`, `containsKey` and `remove` refuse
 * a null key with natural ordering even when the map is empty, the nearest-key searches only
 * when they compare. A map copied from a SortedMap (the constructor, or `putAll` into an empty
 * map with the same comparator) is built balanced without comparisons, its deepest incomplete
 * level red, as the JDK builds it. The entries handed out by `firstEntry`, `floorEntry` and the
 * like are immutable snapshots. The key, value and entry views and the range views
 * (`subMap`, `headMap`, `tailMap` in both forms, `descendingMap`) read through to the tree;
 * their iterators are fail-fast on `modCount` and their `remove` keeps the cursor right when a
 * node's successor moves into it. `compute`, `computeIfAbsent`, `merge` and the like are the
 * JDK 17 overrides (one descent, a CME when the function changed the map), with the range
 * views' "key out of range" checks. A key that is not Comparable (with natural ordering), or
 * that its comparator cannot take, is refused with ClassCastException where the JVM refuses
 * it, though without the JVM's message (roth's casts give none). Not modelled: `clone`,
 * serialization, spliterators and streams.
 */
public class TreeMap<K, V> extends AbstractMap<K, V> implements NavigableMap<K, V> {
    /** The fence key of a range unbounded above or below: no key is this object. */
    static final Object UNBOUNDED = new TreeMap.Unbounded();

    /** The class of UNBOUNDED (roth makes no plain Object). */
    static final class Unbounded {
    }

    static final boolean RED = false;
    static final boolean BLACK = true;

    /** A node of the tree: a key, its value, its children and parent, and its colour. */
    static final class Entry<K, V> implements Map.Entry<K, V> {
        K key;
        V value;
        TreeMap.Entry<K, V> left;
        TreeMap.Entry<K, V> right;
        TreeMap.Entry<K, V> parent;
        boolean color = true;

        Entry(K key, V value, TreeMap.Entry<K, V> parent) {
            this.key = key;
            this.value = value;
            this.parent = parent;
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return value;
        }

        public V setValue(V value) {
            V oldValue = this.value;
            this.value = value;
            return oldValue;
        }

        public boolean equals(Object o) {
            return o instanceof Map.Entry<?, ?> e
                    && Objects.equals(key, e.getKey())
                    && Objects.equals(value, e.getValue());
        }

        public int hashCode() {
            return (key == null ? 0 : key.hashCode()) ^ (value == null ? 0 : value.hashCode());
        }

        public String toString() {
            return key + "=" + value;
        }
    }

    private final Comparator<? super K> comparator;
    TreeMap.Entry<K, V> root;
    int size;
    int modCount;
    private Set<Map.Entry<K, V>> entries;
    private Collection<V> valueView;
    private TreeMap.KeySet<K> keys;
    private NavigableMap<K, V> descending;

    public TreeMap() {
        comparator = null;
    }

    public TreeMap(Comparator<? super K> comparator) {
        this.comparator = comparator;
    }

    public TreeMap(Map<? extends K, ? extends V> m) {
        comparator = null;
        putAll(m);
    }

    @SuppressWarnings("unchecked")
    public TreeMap(SortedMap<K, ? extends V> m) {
        comparator = m.comparator();
        buildFromSorted(m.size(), m.entrySet().iterator(), false, null);
    }

    public int size() {
        return size;
    }

    public Comparator<? super K> comparator() {
        return comparator;
    }

    /** The comparison the tree is ordered by. */
    @SuppressWarnings("unchecked")
    final int compare(Object k1, Object k2) {
        if (comparator == null) {
            return ((Comparable<Object>) k1).compareTo(k2);
        }
        return comparator.compare((K) k1, (K) k2);
    }

    // Finding nodes.

    @SuppressWarnings("unchecked")
    final TreeMap.Entry<K, V> getEntry(Object key) {
        Comparator<? super K> cpr = comparator;
        TreeMap.Entry<K, V> p = root;
        if (cpr != null) {
            K k = (K) key;
            while (p != null) {
                int c = cpr.compare(k, p.key);
                if (c < 0) {
                    p = p.left;
                } else if (c > 0) {
                    p = p.right;
                } else {
                    return p;
                }
            }
            return null;
        }
        if (key == null) {
            throw new NullPointerException();
        }
        Comparable<Object> k = (Comparable<Object>) key;
        while (p != null) {
            int c = k.compareTo(p.key);
            if (c < 0) {
                p = p.left;
            } else if (c > 0) {
                p = p.right;
            } else {
                return p;
            }
        }
        return null;
    }

    /** The nearest node above `p`'s subtree on the right, climbing from `p`. */
    private TreeMap.Entry<K, V> climbFromRight(TreeMap.Entry<K, V> p) {
        TreeMap.Entry<K, V> parent = p.parent;
        TreeMap.Entry<K, V> ch = p;
        while (parent != null && ch == parent.right) {
            ch = parent;
            parent = parent.parent;
        }
        return parent;
    }

    /** The nearest node above `p`'s subtree on the left, climbing from `p`. */
    private TreeMap.Entry<K, V> climbFromLeft(TreeMap.Entry<K, V> p) {
        TreeMap.Entry<K, V> parent = p.parent;
        TreeMap.Entry<K, V> ch = p;
        while (parent != null && ch == parent.left) {
            ch = parent;
            parent = parent.parent;
        }
        return parent;
    }

    /** The least node at or above `key` (`strict`: above it), or null. */
    final TreeMap.Entry<K, V> getAbove(Object key, boolean strict) {
        TreeMap.Entry<K, V> p = root;
        while (p != null) {
            int c = compare(key, p.key);
            if (c < 0 || (c == 0 && !strict)) {
                if (c == 0) {
                    return p;
                }
                if (p.left == null) {
                    return p;
                }
                p = p.left;
            } else {
                if (p.right == null) {
                    return climbFromRight(p);
                }
                p = p.right;
            }
        }
        return null;
    }

    /** The greatest node at or below `key` (`strict`: below it), or null. */
    final TreeMap.Entry<K, V> getBelow(Object key, boolean strict) {
        TreeMap.Entry<K, V> p = root;
        while (p != null) {
            int c = compare(key, p.key);
            if (c > 0 || (c == 0 && !strict)) {
                if (c == 0) {
                    return p;
                }
                if (p.right == null) {
                    return p;
                }
                p = p.right;
            } else {
                if (p.left == null) {
                    return climbFromLeft(p);
                }
                p = p.left;
            }
        }
        return null;
    }

    final TreeMap.Entry<K, V> getCeilingEntry(Object key) {
        return getAbove(key, false);
    }

    final TreeMap.Entry<K, V> getHigherEntry(Object key) {
        return getAbove(key, true);
    }

    final TreeMap.Entry<K, V> getFloorEntry(Object key) {
        return getBelow(key, false);
    }

    final TreeMap.Entry<K, V> getLowerEntry(Object key) {
        return getBelow(key, true);
    }

    final TreeMap.Entry<K, V> getFirstEntry() {
        TreeMap.Entry<K, V> p = root;
        if (p != null) {
            while (p.left != null) {
                p = p.left;
            }
        }
        return p;
    }

    final TreeMap.Entry<K, V> getLastEntry() {
        TreeMap.Entry<K, V> p = root;
        if (p != null) {
            while (p.right != null) {
                p = p.right;
            }
        }
        return p;
    }

    static <K, V> TreeMap.Entry<K, V> successor(TreeMap.Entry<K, V> t) {
        if (t == null) {
            return null;
        }
        if (t.right != null) {
            TreeMap.Entry<K, V> p = t.right;
            while (p.left != null) {
                p = p.left;
            }
            return p;
        }
        TreeMap.Entry<K, V> p = t.parent;
        TreeMap.Entry<K, V> ch = t;
        while (p != null && ch == p.right) {
            ch = p;
            p = p.parent;
        }
        return p;
    }

    static <K, V> TreeMap.Entry<K, V> predecessor(TreeMap.Entry<K, V> t) {
        if (t == null) {
            return null;
        }
        if (t.left != null) {
            TreeMap.Entry<K, V> p = t.left;
            while (p.right != null) {
                p = p.right;
            }
            return p;
        }
        TreeMap.Entry<K, V> p = t.parent;
        TreeMap.Entry<K, V> ch = t;
        while (p != null && ch == p.left) {
            ch = p;
            p = p.parent;
        }
        return p;
    }

    /** The natural order reversed, as Collections.reverseOrder() (one comparator). */
    @SuppressWarnings("rawtypes")
    static final Comparator REVERSE_NATURAL = new TreeMap.Reversed<Object>(null);

    /**
     * As Collections.reverseOrder(c): the natural order reversed for null, `c` itself for a
     * reversal, else `c` reversed (equal to another reversal of an equal comparator).
     */
    @SuppressWarnings("unchecked")
    static <T> Comparator<T> reverseOrder(Comparator<T> c) {
        if (c == null) {
            return (Comparator<T>) REVERSE_NATURAL;
        }
        if (c instanceof TreeMap.Reversed) {
            TreeMap.Reversed<T> r = (TreeMap.Reversed<T>) c;
            if (r.cmp != null) {
                return r.cmp;
            }
        }
        return new TreeMap.Reversed<T>(c);
    }

    /** A comparator reversed (the natural order when `cmp` is null). */
    static final class Reversed<T> implements Comparator<T> {
        final Comparator<T> cmp;

        Reversed(Comparator<T> cmp) {
            this.cmp = cmp;
        }

        @SuppressWarnings("unchecked")
        public int compare(T t1, T t2) {
            if (cmp == null) {
                return ((Comparable<Object>) t2).compareTo(t1);
            }
            return cmp.compare(t2, t1);
        }

        public boolean equals(Object o) {
            return o == this || (o instanceof TreeMap.Reversed<?> r && cmp != null && cmp.equals(r.cmp));
        }

        public int hashCode() {
            return cmp == null ? 0 : cmp.hashCode() ^ Integer.MIN_VALUE;
        }
    }

    /** An immutable snapshot of a node, or null. */
    static <K, V> Map.Entry<K, V> exportEntry(TreeMap.Entry<K, V> e) {
        return e == null ? null : new AbstractMap.SimpleImmutableEntry<K, V>(e);
    }

    // Queries.

    public boolean containsKey(Object key) {
        return getEntry(key) != null;
    }

    public boolean containsValue(Object value) {
        for (TreeMap.Entry<K, V> e = getFirstEntry(); e != null; e = successor(e)) {
            if (Objects.equals(value, e.value)) {
                return true;
            }
        }
        return false;
    }

    public V get(Object key) {
        TreeMap.Entry<K, V> p = getEntry(key);
        return p == null ? null : p.value;
    }

    public K firstKey() {
        TreeMap.Entry<K, V> e = getFirstEntry();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e.key;
    }

    public K lastKey() {
        TreeMap.Entry<K, V> e = getLastEntry();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e.key;
    }

    private K keyOrNull(TreeMap.Entry<K, V> e) {
        return e == null ? null : e.key;
    }

    public Map.Entry<K, V> firstEntry() {
        return exportEntry(getFirstEntry());
    }

    public Map.Entry<K, V> lastEntry() {
        return exportEntry(getLastEntry());
    }

    public Map.Entry<K, V> pollFirstEntry() {
        TreeMap.Entry<K, V> p = getFirstEntry();
        Map.Entry<K, V> result = exportEntry(p);
        if (p != null) {
            deleteEntry(p);
        }
        return result;
    }

    public Map.Entry<K, V> pollLastEntry() {
        TreeMap.Entry<K, V> p = getLastEntry();
        Map.Entry<K, V> result = exportEntry(p);
        if (p != null) {
            deleteEntry(p);
        }
        return result;
    }

    public Map.Entry<K, V> lowerEntry(K key) {
        return exportEntry(getLowerEntry(key));
    }

    public K lowerKey(K key) {
        return keyOrNull(getLowerEntry(key));
    }

    public Map.Entry<K, V> floorEntry(K key) {
        return exportEntry(getFloorEntry(key));
    }

    public K floorKey(K key) {
        return keyOrNull(getFloorEntry(key));
    }

    public Map.Entry<K, V> ceilingEntry(K key) {
        return exportEntry(getCeilingEntry(key));
    }

    public K ceilingKey(K key) {
        return keyOrNull(getCeilingEntry(key));
    }

    public Map.Entry<K, V> higherEntry(K key) {
        return exportEntry(getHigherEntry(key));
    }

    public K higherKey(K key) {
        return keyOrNull(getHigherEntry(key));
    }

    // Changes.

    public V put(K key, V value) {
        return put(key, value, true);
    }

    public V putIfAbsent(K key, V value) {
        return put(key, value, false);
    }

    /** The map's first node; the key compared with itself, as the JDK checks its type. */
    private void addEntryToEmptyMap(K key, V value) {
        compare(key, key);
        root = new TreeMap.Entry<K, V>(key, value, null);
        size = 1;
        modCount++;
    }

    private void addEntry(K key, V value, TreeMap.Entry<K, V> parent, boolean addToLeft) {
        TreeMap.Entry<K, V> e = new TreeMap.Entry<K, V>(key, value, parent);
        if (addToLeft) {
            parent.left = e;
        } else {
            parent.right = e;
        }
        fixAfterInsertion(e);
        size++;
        modCount++;
    }

    /** Where a descent for `key` ended: the node found, or the parent of a new node. */
    private TreeMap.Entry<K, V> found;
    private TreeMap.Entry<K, V> parentFound;
    private int lastCmp;

    /**
     * Descends the (non-empty) tree for `key` as the JDK's `put` and computes do: the node of
     * an equal key in `found`, else the parent to hang a new node on in `parentFound` with the
     * last comparison in `lastCmp`.
     */
    @SuppressWarnings("unchecked")
    private void descend(K key) {
        TreeMap.Entry<K, V> t = root;
        TreeMap.Entry<K, V> parent = null;
        int cmp = 0;
        Comparator<? super K> cpr = comparator;
        if (cpr != null) {
            do {
                parent = t;
                cmp = cpr.compare(key, t.key);
                if (cmp < 0) {
                    t = t.left;
                } else if (cmp > 0) {
                    t = t.right;
                } else {
                    found = t;
                    parentFound = null;
                    return;
                }
            } while (t != null);
        } else {
            Objects.requireNonNull(key);
            Comparable<Object> k = (Comparable<Object>) key;
            do {
                parent = t;
                cmp = k.compareTo(t.key);
                if (cmp < 0) {
                    t = t.left;
                } else if (cmp > 0) {
                    t = t.right;
                } else {
                    found = t;
                    parentFound = null;
                    return;
                }
            } while (t != null);
        }
        found = null;
        parentFound = parent;
        lastCmp = cmp;
    }

    /** The node `descend` found (and the search state cleared). */
    private TreeMap.Entry<K, V> takeFound() {
        TreeMap.Entry<K, V> t = found;
        found = null;
        return t;
    }

    /** The parent `descend` found (and the search state cleared). */
    private TreeMap.Entry<K, V> takeParent() {
        TreeMap.Entry<K, V> p = parentFound;
        parentFound = null;
        return p;
    }

    private V put(K key, V value, boolean replaceOld) {
        if (root == null) {
            addEntryToEmptyMap(key, value);
            return null;
        }
        descend(key);
        TreeMap.Entry<K, V> t = takeFound();
        if (t != null) {
            V oldValue = t.value;
            if (replaceOld || oldValue == null) {
                t.value = value;
            }
            return oldValue;
        }
        int cmp = lastCmp;
        addEntry(key, value, takeParent(), cmp < 0);
        return null;
    }

    private V callMappingFunctionWithCheck(K key, Function<? super K, ? extends V> mappingFunction) {
        int mc = modCount;
        V newValue = mappingFunction.apply(key);
        if (mc != modCount) {
            throw new ConcurrentModificationException();
        }
        return newValue;
    }

    private V callRemappingFunctionWithCheck(K key, V oldValue,
            BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        int mc = modCount;
        V newValue = remappingFunction.apply(key, oldValue);
        if (mc != modCount) {
            throw new ConcurrentModificationException();
        }
        return newValue;
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        Objects.requireNonNull(mappingFunction);
        if (root == null) {
            V newValue = callMappingFunctionWithCheck(key, mappingFunction);
            if (newValue != null) {
                addEntryToEmptyMap(key, newValue);
                return newValue;
            }
            return null;
        }
        descend(key);
        TreeMap.Entry<K, V> t = takeFound();
        if (t != null) {
            if (t.value == null) {
                t.value = callMappingFunctionWithCheck(key, mappingFunction);
            }
            return t.value;
        }
        int cmp = lastCmp;
        TreeMap.Entry<K, V> parent = takeParent();
        V newValue = callMappingFunctionWithCheck(key, mappingFunction);
        if (newValue != null) {
            addEntry(key, newValue, parent, cmp < 0);
            return newValue;
        }
        return null;
    }

    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        Objects.requireNonNull(remappingFunction);
        TreeMap.Entry<K, V> oldEntry = getEntry(key);
        if (oldEntry != null && oldEntry.value != null) {
            return remapValue(oldEntry, key, remappingFunction);
        }
        return null;
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        Objects.requireNonNull(remappingFunction);
        if (root == null) {
            V newValue = callRemappingFunctionWithCheck(key, null, remappingFunction);
            if (newValue != null) {
                addEntryToEmptyMap(key, newValue);
                return newValue;
            }
            return null;
        }
        descend(key);
        TreeMap.Entry<K, V> t = takeFound();
        if (t != null) {
            return remapValue(t, key, remappingFunction);
        }
        int cmp = lastCmp;
        TreeMap.Entry<K, V> parent = takeParent();
        V newValue = callRemappingFunctionWithCheck(key, null, remappingFunction);
        if (newValue != null) {
            addEntry(key, newValue, parent, cmp < 0);
            return newValue;
        }
        return null;
    }

    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        Objects.requireNonNull(remappingFunction);
        Objects.requireNonNull(value);
        if (root == null) {
            addEntryToEmptyMap(key, value);
            return value;
        }
        descend(key);
        TreeMap.Entry<K, V> t = takeFound();
        if (t != null) {
            return mergeValue(t, value, remappingFunction);
        }
        int cmp = lastCmp;
        addEntry(key, value, takeParent(), cmp < 0);
        return value;
    }

    private V remapValue(TreeMap.Entry<K, V> t, K key,
            BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        V newValue = callRemappingFunctionWithCheck(key, t.value, remappingFunction);
        if (newValue == null) {
            deleteEntry(t);
            return null;
        }
        t.value = newValue;
        return newValue;
    }

    private V mergeValue(TreeMap.Entry<K, V> t, V value,
            BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        V oldValue = t.value;
        V newValue;
        if (oldValue == null) {
            newValue = value;
        } else {
            int mc = modCount;
            newValue = remappingFunction.apply(oldValue, value);
            if (mc != modCount) {
                throw new ConcurrentModificationException();
            }
        }
        if (newValue == null) {
            deleteEntry(t);
            return null;
        }
        t.value = newValue;
        return newValue;
    }

    @SuppressWarnings("unchecked")
    public void putAll(Map<? extends K, ? extends V> map) {
        int mapSize = map.size();
        if (size == 0 && mapSize != 0 && map instanceof SortedMap) {
            SortedMap<?, ?> sorted = (SortedMap<?, ?>) map;
            if (Objects.equals(comparator, sorted.comparator())) {
                ++modCount;
                buildFromSorted(mapSize, map.entrySet().iterator(), false, null);
                return;
            }
        }
        super.putAll(map);
    }

    /** TreeSet's `addAll` into an empty set: the sorted elements, each with `value`. */
    void addAllForTreeSet(SortedSet<? extends K> set, V value) {
        ++modCount;
        buildFromSorted(set.size(), set.iterator(), true, value);
    }

    public V remove(Object key) {
        TreeMap.Entry<K, V> p = getEntry(key);
        if (p == null) {
            return null;
        }
        V oldValue = p.value;
        deleteEntry(p);
        return oldValue;
    }

    public void clear() {
        modCount++;
        size = 0;
        root = null;
    }

    public boolean replace(K key, V oldValue, V newValue) {
        TreeMap.Entry<K, V> p = getEntry(key);
        if (p != null && Objects.equals(oldValue, p.value)) {
            p.value = newValue;
            return true;
        }
        return false;
    }

    public V replace(K key, V value) {
        TreeMap.Entry<K, V> p = getEntry(key);
        if (p != null) {
            V oldValue = p.value;
            p.value = value;
            return oldValue;
        }
        return null;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        Objects.requireNonNull(action);
        int expectedModCount = modCount;
        for (TreeMap.Entry<K, V> e = getFirstEntry(); e != null; e = successor(e)) {
            action.accept(e.key, e.value);
            if (expectedModCount != modCount) {
                throw new ConcurrentModificationException();
            }
        }
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        Objects.requireNonNull(function);
        int expectedModCount = modCount;
        for (TreeMap.Entry<K, V> e = getFirstEntry(); e != null; e = successor(e)) {
            e.value = function.apply(e.key, e.value);
            if (expectedModCount != modCount) {
                throw new ConcurrentModificationException();
            }
        }
    }

    // Building from sorted input.

    /**
     * The tree of `n` sorted entries (or keys, each with `value`, when `keysOnly`) from `it`:
     * the middle one at the root, each half below it in the same way, the nodes of the deepest
     * level red when it is incomplete.
     */
    @SuppressWarnings("unchecked")
    private void buildFromSorted(int n, Iterator<?> it, boolean keysOnly, V value) {
        size = n;
        int redLevel = 31 - Integer.numberOfLeadingZeros(n + 1);
        root = build(0, 0, n - 1, redLevel, it, keysOnly, value);
    }

    @SuppressWarnings("unchecked")
    private TreeMap.Entry<K, V> build(int level, int lo, int hi, int redLevel, Iterator<?> it,
            boolean keysOnly, V value) {
        if (hi < lo) {
            return null;
        }
        int mid = (lo + hi) >>> 1;
        TreeMap.Entry<K, V> left = null;
        if (lo < mid) {
            left = build(level + 1, lo, mid - 1, redLevel, it, keysOnly, value);
        }
        K key;
        V v;
        if (keysOnly) {
            key = (K) it.next();
            v = value;
        } else {
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) it.next();
            key = (K) entry.getKey();
            v = (V) entry.getValue();
        }
        TreeMap.Entry<K, V> middle = new TreeMap.Entry<K, V>(key, v, null);
        if (level == redLevel) {
            middle.color = RED;
        }
        if (left != null) {
            middle.left = left;
            left.parent = middle;
        }
        if (mid < hi) {
            TreeMap.Entry<K, V> right = build(level + 1, mid + 1, hi, redLevel, it, keysOnly, value);
            middle.right = right;
            right.parent = middle;
        }
        return middle;
    }

    // Red-black balancing.

    private static <K, V> boolean colorOf(TreeMap.Entry<K, V> p) {
        return p == null ? BLACK : p.color;
    }

    private static <K, V> TreeMap.Entry<K, V> parentOf(TreeMap.Entry<K, V> p) {
        return p == null ? null : p.parent;
    }

    private static <K, V> void setColor(TreeMap.Entry<K, V> p, boolean c) {
        if (p != null) {
            p.color = c;
        }
    }

    private static <K, V> TreeMap.Entry<K, V> leftOf(TreeMap.Entry<K, V> p) {
        return p == null ? null : p.left;
    }

    private static <K, V> TreeMap.Entry<K, V> rightOf(TreeMap.Entry<K, V> p) {
        return p == null ? null : p.right;
    }

    private void rotateLeft(TreeMap.Entry<K, V> p) {
        if (p == null) {
            return;
        }
        TreeMap.Entry<K, V> r = p.right;
        p.right = r.left;
        if (r.left != null) {
            r.left.parent = p;
        }
        r.parent = p.parent;
        if (p.parent == null) {
            root = r;
        } else if (p.parent.left == p) {
            p.parent.left = r;
        } else {
            p.parent.right = r;
        }
        r.left = p;
        p.parent = r;
    }

    private void rotateRight(TreeMap.Entry<K, V> p) {
        if (p == null) {
            return;
        }
        TreeMap.Entry<K, V> l = p.left;
        p.left = l.right;
        if (l.right != null) {
            l.right.parent = p;
        }
        l.parent = p.parent;
        if (p.parent == null) {
            root = l;
        } else if (p.parent.right == p) {
            p.parent.right = l;
        } else {
            p.parent.left = l;
        }
        l.right = p;
        p.parent = l;
    }

    private void fixAfterInsertion(TreeMap.Entry<K, V> x) {
        x.color = RED;
        while (x != null && x != root && x.parent.color == RED) {
            TreeMap.Entry<K, V> grand = parentOf(parentOf(x));
            if (parentOf(x) == leftOf(grand)) {
                TreeMap.Entry<K, V> y = rightOf(grand);
                if (colorOf(y) == RED) {
                    setColor(parentOf(x), BLACK);
                    setColor(y, BLACK);
                    setColor(grand, RED);
                    x = grand;
                } else {
                    if (x == rightOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateLeft(x);
                    }
                    setColor(parentOf(x), BLACK);
                    setColor(parentOf(parentOf(x)), RED);
                    rotateRight(parentOf(parentOf(x)));
                }
            } else {
                TreeMap.Entry<K, V> y = leftOf(grand);
                if (colorOf(y) == RED) {
                    setColor(parentOf(x), BLACK);
                    setColor(y, BLACK);
                    setColor(grand, RED);
                    x = grand;
                } else {
                    if (x == leftOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateRight(x);
                    }
                    setColor(parentOf(x), BLACK);
                    setColor(parentOf(parentOf(x)), RED);
                    rotateLeft(parentOf(parentOf(x)));
                }
            }
        }
        root.color = BLACK;
    }

    /** Unlinks `p`; a node with two children takes its successor's key and value instead. */
    void deleteEntry(TreeMap.Entry<K, V> p) {
        modCount++;
        size--;
        if (p.left != null && p.right != null) {
            TreeMap.Entry<K, V> s = successor(p);
            p.key = s.key;
            p.value = s.value;
            p = s;
        }
        TreeMap.Entry<K, V> replacement = p.left != null ? p.left : p.right;
        if (replacement != null) {
            replacement.parent = p.parent;
            if (p.parent == null) {
                root = replacement;
            } else if (p == p.parent.left) {
                p.parent.left = replacement;
            } else {
                p.parent.right = replacement;
            }
            p.left = null;
            p.right = null;
            p.parent = null;
            if (p.color == BLACK) {
                fixAfterDeletion(replacement);
            }
        } else if (p.parent == null) {
            root = null;
        } else {
            if (p.color == BLACK) {
                fixAfterDeletion(p);
            }
            if (p.parent != null) {
                if (p == p.parent.left) {
                    p.parent.left = null;
                } else if (p == p.parent.right) {
                    p.parent.right = null;
                }
                p.parent = null;
            }
        }
    }

    private void fixAfterDeletion(TreeMap.Entry<K, V> x) {
        while (x != root && colorOf(x) == BLACK) {
            if (x == leftOf(parentOf(x))) {
                TreeMap.Entry<K, V> sib = rightOf(parentOf(x));
                if (colorOf(sib) == RED) {
                    setColor(sib, BLACK);
                    setColor(parentOf(x), RED);
                    rotateLeft(parentOf(x));
                    sib = rightOf(parentOf(x));
                }
                if (colorOf(leftOf(sib)) == BLACK && colorOf(rightOf(sib)) == BLACK) {
                    setColor(sib, RED);
                    x = parentOf(x);
                } else {
                    if (colorOf(rightOf(sib)) == BLACK) {
                        setColor(leftOf(sib), BLACK);
                        setColor(sib, RED);
                        rotateRight(sib);
                        sib = rightOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), BLACK);
                    setColor(rightOf(sib), BLACK);
                    rotateLeft(parentOf(x));
                    x = root;
                }
            } else {
                TreeMap.Entry<K, V> sib = leftOf(parentOf(x));
                if (colorOf(sib) == RED) {
                    setColor(sib, BLACK);
                    setColor(parentOf(x), RED);
                    rotateRight(parentOf(x));
                    sib = leftOf(parentOf(x));
                }
                if (colorOf(rightOf(sib)) == BLACK && colorOf(leftOf(sib)) == BLACK) {
                    setColor(sib, RED);
                    x = parentOf(x);
                } else {
                    if (colorOf(leftOf(sib)) == BLACK) {
                        setColor(rightOf(sib), BLACK);
                        setColor(sib, RED);
                        rotateLeft(sib);
                        sib = leftOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), BLACK);
                    setColor(leftOf(sib), BLACK);
                    rotateRight(parentOf(x));
                    x = root;
                }
            }
        }
        setColor(x, BLACK);
    }

    // Views.

    public Set<K> keySet() {
        return navigableKeySet();
    }

    public NavigableSet<K> navigableKeySet() {
        if (keys == null) {
            keys = new TreeMap.KeySet<K>(this);
        }
        return keys;
    }

    public NavigableSet<K> descendingKeySet() {
        return descendingMap().navigableKeySet();
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

    public NavigableMap<K, V> descendingMap() {
        if (descending == null) {
            descending = new TreeMap.SubMap<K, V>(this, true, true, null, true, true, null, true);
        }
        return descending;
    }

    public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        return new TreeMap.SubMap<K, V>(this, false, false, fromKey, fromInclusive, false, toKey, toInclusive);
    }

    public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
        return new TreeMap.SubMap<K, V>(this, false, true, null, true, false, toKey, inclusive);
    }

    public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
        return new TreeMap.SubMap<K, V>(this, false, false, fromKey, inclusive, true, null, true);
    }

    public SortedMap<K, V> subMap(K fromKey, K toKey) {
        return subMap(fromKey, true, toKey, false);
    }

    public SortedMap<K, V> headMap(K toKey) {
        return headMap(toKey, false);
    }

    public SortedMap<K, V> tailMap(K fromKey) {
        return tailMap(fromKey, true);
    }

    Iterator<K> keyIterator() {
        return new EntryIterator<K>(getFirstEntry(), 0, false);
    }

    Iterator<K> descendingKeyIterator() {
        return new EntryIterator<K>(getLastEntry(), 0, true);
    }

    final class Values extends AbstractCollection<V> {
        public Iterator<V> iterator() {
            return new EntryIterator<V>(getFirstEntry(), 1, false);
        }

        public int size() {
            return TreeMap.this.size();
        }

        public boolean contains(Object o) {
            return TreeMap.this.containsValue(o);
        }

        public boolean remove(Object o) {
            for (TreeMap.Entry<K, V> e = getFirstEntry(); e != null; e = successor(e)) {
                if (Objects.equals(e.getValue(), o)) {
                    deleteEntry(e);
                    return true;
                }
            }
            return false;
        }

        public void clear() {
            TreeMap.this.clear();
        }
    }

    final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        public Iterator<Map.Entry<K, V>> iterator() {
            return new EntryIterator<Map.Entry<K, V>>(getFirstEntry(), 2, false);
        }

        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
            Object value = entry.getValue();
            TreeMap.Entry<K, V> p = getEntry(entry.getKey());
            return p != null && Objects.equals(p.getValue(), value);
        }

        public boolean remove(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
            Object value = entry.getValue();
            TreeMap.Entry<K, V> p = getEntry(entry.getKey());
            if (p != null && Objects.equals(p.getValue(), value)) {
                deleteEntry(p);
                return true;
            }
            return false;
        }

        public int size() {
            return TreeMap.this.size();
        }

        public void clear() {
            TreeMap.this.clear();
        }
    }

    /**
     * The fail-fast iterator of the whole map's keys (0), values (1) or entries (2), in
     * ascending or (keys only) descending order.
     */
    final class EntryIterator<T> implements Iterator<T> {
        private final int kind;
        private final boolean down;
        private TreeMap.Entry<K, V> next;
        private TreeMap.Entry<K, V> lastReturned;
        private int expectedModCount;

        EntryIterator(TreeMap.Entry<K, V> first, int kind, boolean down) {
            this.kind = kind;
            this.down = down;
            expectedModCount = modCount;
            next = first;
        }

        public boolean hasNext() {
            return next != null;
        }

        @SuppressWarnings("unchecked")
        public T next() {
            TreeMap.Entry<K, V> e = next;
            if (e == null) {
                throw new NoSuchElementException();
            }
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            next = down ? predecessor(e) : successor(e);
            lastReturned = e;
            if (kind == 0) {
                return (T) e.key;
            }
            if (kind == 1) {
                return (T) e.value;
            }
            return (T) e;
        }

        public void remove() {
            if (lastReturned == null) {
                throw new IllegalStateException();
            }
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            // A node with two children takes its successor's place: the cursor stays on it.
            if (!down && lastReturned.left != null && lastReturned.right != null) {
                next = lastReturned;
            }
            deleteEntry(lastReturned);
            expectedModCount = modCount;
            lastReturned = null;
        }
    }

    /**
     * The keys of a TreeMap or of one of its range views, as a NavigableSet reading through to
     * the map.
     */
    /**
     * roth's own, for streams: whether the JDK's spliterator of the keys of `m` (a tree or one
     * of its views) knows their number: a tree's and its own descending map's do (they walk
     * the whole tree), a range view's do not.
     */
    static boolean sizedKeys(NavigableMap<?, ?> m) {
        return m instanceof TreeMap || (m instanceof SubMap && ((SubMap<?, ?>) m).m.descending == m);
    }

    static final class KeySet<E> extends AbstractSet<E> implements NavigableSet<E> {
        private final NavigableMap<E, ?> m;

        KeySet(NavigableMap<E, ?> map) {
            m = map;
        }

        /** A range view's keys have no known size for the JDK (see TreeMap.sizedKeys). */
        int spliteratorFlags() {
            int flags = super.spliteratorFlags();
            return TreeMap.sizedKeys(m) ? flags : flags & ~1;
        }

        @SuppressWarnings("unchecked")
        public Iterator<E> iterator() {
            if (m instanceof TreeMap) {
                return ((TreeMap<E, ?>) m).keyIterator();
            }
            return ((TreeMap.SubMap<E, ?>) m).keyIterator();
        }

        @SuppressWarnings("unchecked")
        public Iterator<E> descendingIterator() {
            if (m instanceof TreeMap) {
                return ((TreeMap<E, ?>) m).descendingKeyIterator();
            }
            return ((TreeMap.SubMap<E, ?>) m).descendingKeyIterator();
        }

        public int size() {
            return m.size();
        }

        public boolean isEmpty() {
            return m.isEmpty();
        }

        public boolean contains(Object o) {
            return m.containsKey(o);
        }

        public void clear() {
            m.clear();
        }

        public E lower(E e) {
            return m.lowerKey(e);
        }

        public E floor(E e) {
            return m.floorKey(e);
        }

        public E ceiling(E e) {
            return m.ceilingKey(e);
        }

        public E higher(E e) {
            return m.higherKey(e);
        }

        public E first() {
            return m.firstKey();
        }

        public E last() {
            return m.lastKey();
        }

        public Comparator<? super E> comparator() {
            return m.comparator();
        }

        public E pollFirst() {
            Map.Entry<E, ?> e = m.pollFirstEntry();
            return e == null ? null : e.getKey();
        }

        public E pollLast() {
            Map.Entry<E, ?> e = m.pollLastEntry();
            return e == null ? null : e.getKey();
        }

        public boolean remove(Object o) {
            int oldSize = size();
            m.remove(o);
            return size() != oldSize;
        }

        public NavigableSet<E> subSet(E fromElement, boolean fromInclusive, E toElement, boolean toInclusive) {
            return new TreeMap.KeySet<E>(m.subMap(fromElement, fromInclusive, toElement, toInclusive));
        }

        public NavigableSet<E> headSet(E toElement, boolean inclusive) {
            return new TreeMap.KeySet<E>(m.headMap(toElement, inclusive));
        }

        public NavigableSet<E> tailSet(E fromElement, boolean inclusive) {
            return new TreeMap.KeySet<E>(m.tailMap(fromElement, inclusive));
        }

        public SortedSet<E> subSet(E fromElement, E toElement) {
            return subSet(fromElement, true, toElement, false);
        }

        public SortedSet<E> headSet(E toElement) {
            return headSet(toElement, false);
        }

        public SortedSet<E> tailSet(E fromElement) {
            return tailSet(fromElement, true);
        }

        public NavigableSet<E> descendingSet() {
            return new TreeMap.KeySet<E>(m.descendingMap());
        }
    }

    /**
     * A range view of a TreeMap (the JDK's AscendingSubMap and DescendingSubMap in one class,
     * told apart by `down`): the keys from `lo` (unless `fromStart`) to `hi` (unless `toEnd`),
     * each bound inclusive or not, in ascending order or, when `down`, descending. Its bounds
     * are always kept in the tree's own (ascending) order; a descending view swaps the roles
     * of the nearest-key searches and iterates backwards. Keys outside the range are refused
     * by `put` ("key out of range") and by the narrowing views ("fromKey out of range",
     * "toKey out of range").
     */
    static final class SubMap<K, V> extends AbstractMap<K, V> implements NavigableMap<K, V> {
        final TreeMap<K, V> m;
        final boolean down;
        final boolean fromStart;
        final boolean toEnd;
        final K lo;
        final K hi;
        final boolean loInclusive;
        final boolean hiInclusive;
        private NavigableMap<K, V> reversed;
        private Set<Map.Entry<K, V>> entryView;
        private TreeMap.KeySet<K> keyView;
        private Comparator<? super K> reverseComparator;

        SubMap(TreeMap<K, V> m, boolean down, boolean fromStart, K lo, boolean loInclusive,
                boolean toEnd, K hi, boolean hiInclusive) {
            if (!fromStart && !toEnd) {
                if (m.compare(lo, hi) > 0) {
                    throw new IllegalArgumentException("fromKey > toKey");
                }
            } else {
                // The bounds' types checked, as the JDK does.
                if (!fromStart) {
                    m.compare(lo, lo);
                }
                if (!toEnd) {
                    m.compare(hi, hi);
                }
            }
            this.m = m;
            this.down = down;
            this.fromStart = fromStart;
            this.lo = lo;
            this.loInclusive = loInclusive;
            this.toEnd = toEnd;
            this.hi = hi;
            this.hiInclusive = hiInclusive;
        }

        // Range tests.

        final boolean tooLow(Object key) {
            if (!fromStart) {
                int c = m.compare(key, lo);
                if (c < 0 || (c == 0 && !loInclusive)) {
                    return true;
                }
            }
            return false;
        }

        final boolean tooHigh(Object key) {
            if (!toEnd) {
                int c = m.compare(key, hi);
                if (c > 0 || (c == 0 && !hiInclusive)) {
                    return true;
                }
            }
            return false;
        }

        final boolean inRange(Object key) {
            return !tooLow(key) && !tooHigh(key);
        }

        final boolean inClosedRange(Object key) {
            return (fromStart || m.compare(key, lo) >= 0) && (toEnd || m.compare(hi, key) >= 0);
        }

        final boolean inRange(Object key, boolean inclusive) {
            return inclusive ? inRange(key) : inClosedRange(key);
        }

        // The nearest nodes within the range, in the tree's order.

        final TreeMap.Entry<K, V> absLowest() {
            TreeMap.Entry<K, V> e = fromStart ? m.getFirstEntry()
                    : (loInclusive ? m.getCeilingEntry(lo) : m.getHigherEntry(lo));
            return (e == null || tooHigh(e.key)) ? null : e;
        }

        final TreeMap.Entry<K, V> absHighest() {
            TreeMap.Entry<K, V> e = toEnd ? m.getLastEntry()
                    : (hiInclusive ? m.getFloorEntry(hi) : m.getLowerEntry(hi));
            return (e == null || tooLow(e.key)) ? null : e;
        }

        final TreeMap.Entry<K, V> absCeiling(Object key) {
            if (tooLow(key)) {
                return absLowest();
            }
            TreeMap.Entry<K, V> e = m.getCeilingEntry(key);
            return (e == null || tooHigh(e.key)) ? null : e;
        }

        final TreeMap.Entry<K, V> absHigher(Object key) {
            if (tooLow(key)) {
                return absLowest();
            }
            TreeMap.Entry<K, V> e = m.getHigherEntry(key);
            return (e == null || tooHigh(e.key)) ? null : e;
        }

        final TreeMap.Entry<K, V> absFloor(Object key) {
            if (tooHigh(key)) {
                return absHighest();
            }
            TreeMap.Entry<K, V> e = m.getFloorEntry(key);
            return (e == null || tooLow(e.key)) ? null : e;
        }

        final TreeMap.Entry<K, V> absLower(Object key) {
            if (tooHigh(key)) {
                return absHighest();
            }
            TreeMap.Entry<K, V> e = m.getLowerEntry(key);
            return (e == null || tooLow(e.key)) ? null : e;
        }

        /** The node just past the range's high end (where an ascending walk stops). */
        final TreeMap.Entry<K, V> absHighFence() {
            return toEnd ? null : (hiInclusive ? m.getHigherEntry(hi) : m.getCeilingEntry(hi));
        }

        /** The node just before the range's low end (where a descending walk stops). */
        final TreeMap.Entry<K, V> absLowFence() {
            return fromStart ? null : (loInclusive ? m.getLowerEntry(lo) : m.getFloorEntry(lo));
        }

        // The same in the view's own order.

        final TreeMap.Entry<K, V> subLowest() {
            return down ? absHighest() : absLowest();
        }

        final TreeMap.Entry<K, V> subHighest() {
            return down ? absLowest() : absHighest();
        }

        final TreeMap.Entry<K, V> subCeiling(Object key) {
            return down ? absFloor(key) : absCeiling(key);
        }

        final TreeMap.Entry<K, V> subHigher(Object key) {
            return down ? absLower(key) : absHigher(key);
        }

        final TreeMap.Entry<K, V> subFloor(Object key) {
            return down ? absCeiling(key) : absFloor(key);
        }

        final TreeMap.Entry<K, V> subLower(Object key) {
            return down ? absHigher(key) : absLower(key);
        }

        private K keyOf(TreeMap.Entry<K, V> e) {
            if (e == null) {
                throw new NoSuchElementException();
            }
            return e.key;
        }

        private K keyOrNull(TreeMap.Entry<K, V> e) {
            return e == null ? null : e.key;
        }

        // The map's methods.

        public boolean isEmpty() {
            return (fromStart && toEnd) ? m.isEmpty() : entrySet().isEmpty();
        }

        public int size() {
            return (fromStart && toEnd) ? m.size() : entrySet().size();
        }

        public boolean containsKey(Object key) {
            return inRange(key) && m.containsKey(key);
        }

        public V put(K key, V value) {
            if (!inRange(key)) {
                throw new IllegalArgumentException("key out of range");
            }
            return m.put(key, value);
        }

        public V putIfAbsent(K key, V value) {
            if (!inRange(key)) {
                throw new IllegalArgumentException("key out of range");
            }
            return m.putIfAbsent(key, value);
        }

        public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
            if (!inRange(key)) {
                throw new IllegalArgumentException("key out of range");
            }
            return m.merge(key, value, remappingFunction);
        }

        public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
            if (!inRange(key)) {
                // A function that gives null is no change, so no error (as Map's default).
                if (mappingFunction.apply(key) == null) {
                    return null;
                }
                throw new IllegalArgumentException("key out of range");
            }
            return m.computeIfAbsent(key, mappingFunction);
        }

        public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            if (!inRange(key)) {
                if (remappingFunction.apply(key, null) == null) {
                    return null;
                }
                throw new IllegalArgumentException("key out of range");
            }
            return m.compute(key, remappingFunction);
        }

        public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            return !inRange(key) ? null : m.computeIfPresent(key, remappingFunction);
        }

        public V get(Object key) {
            return !inRange(key) ? null : m.get(key);
        }

        public V remove(Object key) {
            return !inRange(key) ? null : m.remove(key);
        }

        public Comparator<? super K> comparator() {
            if (!down) {
                return m.comparator();
            }
            if (reverseComparator == null) {
                reverseComparator = reverseOrder(m.comparator());
            }
            return reverseComparator;
        }

        public Map.Entry<K, V> ceilingEntry(K key) {
            return exportEntry(subCeiling(key));
        }

        public K ceilingKey(K key) {
            return keyOrNull(subCeiling(key));
        }

        public Map.Entry<K, V> higherEntry(K key) {
            return exportEntry(subHigher(key));
        }

        public K higherKey(K key) {
            return keyOrNull(subHigher(key));
        }

        public Map.Entry<K, V> floorEntry(K key) {
            return exportEntry(subFloor(key));
        }

        public K floorKey(K key) {
            return keyOrNull(subFloor(key));
        }

        public Map.Entry<K, V> lowerEntry(K key) {
            return exportEntry(subLower(key));
        }

        public K lowerKey(K key) {
            return keyOrNull(subLower(key));
        }

        public K firstKey() {
            return keyOf(subLowest());
        }

        public K lastKey() {
            return keyOf(subHighest());
        }

        public Map.Entry<K, V> firstEntry() {
            return exportEntry(subLowest());
        }

        public Map.Entry<K, V> lastEntry() {
            return exportEntry(subHighest());
        }

        public Map.Entry<K, V> pollFirstEntry() {
            TreeMap.Entry<K, V> e = subLowest();
            Map.Entry<K, V> result = exportEntry(e);
            if (e != null) {
                m.deleteEntry(e);
            }
            return result;
        }

        public Map.Entry<K, V> pollLastEntry() {
            TreeMap.Entry<K, V> e = subHighest();
            Map.Entry<K, V> result = exportEntry(e);
            if (e != null) {
                m.deleteEntry(e);
            }
            return result;
        }

        public NavigableSet<K> navigableKeySet() {
            if (keyView == null) {
                keyView = new TreeMap.KeySet<K>(this);
            }
            return keyView;
        }

        public Set<K> keySet() {
            return navigableKeySet();
        }

        public NavigableSet<K> descendingKeySet() {
            return descendingMap().navigableKeySet();
        }

        public NavigableMap<K, V> descendingMap() {
            if (reversed == null) {
                reversed = new TreeMap.SubMap<K, V>(m, !down, fromStart, lo, loInclusive, toEnd, hi, hiInclusive);
            }
            return reversed;
        }

        public NavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
            if (!inRange(fromKey, fromInclusive)) {
                throw new IllegalArgumentException("fromKey out of range");
            }
            if (!inRange(toKey, toInclusive)) {
                throw new IllegalArgumentException("toKey out of range");
            }
            if (down) {
                return new TreeMap.SubMap<K, V>(m, true, false, toKey, toInclusive, false, fromKey, fromInclusive);
            }
            return new TreeMap.SubMap<K, V>(m, false, false, fromKey, fromInclusive, false, toKey, toInclusive);
        }

        public NavigableMap<K, V> headMap(K toKey, boolean inclusive) {
            if (!inRange(toKey, inclusive)) {
                throw new IllegalArgumentException("toKey out of range");
            }
            if (down) {
                return new TreeMap.SubMap<K, V>(m, true, false, toKey, inclusive, toEnd, hi, hiInclusive);
            }
            return new TreeMap.SubMap<K, V>(m, false, fromStart, lo, loInclusive, false, toKey, inclusive);
        }

        public NavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
            if (!inRange(fromKey, inclusive)) {
                throw new IllegalArgumentException("fromKey out of range");
            }
            if (down) {
                return new TreeMap.SubMap<K, V>(m, true, fromStart, lo, loInclusive, false, fromKey, inclusive);
            }
            return new TreeMap.SubMap<K, V>(m, false, false, fromKey, inclusive, toEnd, hi, hiInclusive);
        }

        public SortedMap<K, V> subMap(K fromKey, K toKey) {
            return subMap(fromKey, true, toKey, false);
        }

        public SortedMap<K, V> headMap(K toKey) {
            return headMap(toKey, false);
        }

        public SortedMap<K, V> tailMap(K fromKey) {
            return tailMap(fromKey, true);
        }

        /** The keys in the view's order. */
        Iterator<K> keyIterator() {
            return down ? new RangeIterator<K>(absHighest(), absLowFence(), false, true)
                    : new RangeIterator<K>(absLowest(), absHighFence(), false, false);
        }

        /** The keys against the view's order. */
        Iterator<K> descendingKeyIterator() {
            return down ? new RangeIterator<K>(absLowest(), absHighFence(), false, false)
                    : new RangeIterator<K>(absHighest(), absLowFence(), false, true);
        }

        public Set<Map.Entry<K, V>> entrySet() {
            if (entryView == null) {
                entryView = new EntryView();
            }
            return entryView;
        }

        /** The view's entries; its size counted by a walk, kept until the map changes. */
        final class EntryView extends AbstractSet<Map.Entry<K, V>> {
            private int size = -1;
            private int sizeModCount;

            public Iterator<Map.Entry<K, V>> iterator() {
                return down
                        ? new RangeIterator<Map.Entry<K, V>>(absHighest(), absLowFence(), true, true)
                        : new RangeIterator<Map.Entry<K, V>>(absLowest(), absHighFence(), true, false);
            }

            public int size() {
                if (fromStart && toEnd) {
                    return m.size();
                }
                if (size == -1 || sizeModCount != m.modCount) {
                    sizeModCount = m.modCount;
                    size = 0;
                    Iterator<Map.Entry<K, V>> i = iterator();
                    while (i.hasNext()) {
                        size++;
                        i.next();
                    }
                }
                return size;
            }

            public boolean isEmpty() {
                TreeMap.Entry<K, V> n = absLowest();
                return n == null || tooHigh(n.key);
            }

            public boolean contains(Object o) {
                if (!(o instanceof Map.Entry)) {
                    return false;
                }
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
                Object key = entry.getKey();
                if (!inRange(key)) {
                    return false;
                }
                TreeMap.Entry<K, V> node = m.getEntry(key);
                return node != null && Objects.equals(node.getValue(), entry.getValue());
            }

            public boolean remove(Object o) {
                if (!(o instanceof Map.Entry)) {
                    return false;
                }
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
                Object key = entry.getKey();
                if (!inRange(key)) {
                    return false;
                }
                TreeMap.Entry<K, V> node = m.getEntry(key);
                if (node != null && Objects.equals(node.getValue(), entry.getValue())) {
                    m.deleteEntry(node);
                    return true;
                }
                return false;
            }
        }

        /**
         * The fail-fast iterator of a range's keys or (`entries`) entries, ascending or
         * (`back`) descending, stopping at the fence node's key (compared by identity, as the
         * JDK does).
         */
        final class RangeIterator<T> implements Iterator<T> {
            private final boolean entries;
            private final boolean back;
            private final Object fenceKey;
            private TreeMap.Entry<K, V> next;
            private TreeMap.Entry<K, V> lastReturned;
            private int expectedModCount;

            RangeIterator(TreeMap.Entry<K, V> first, TreeMap.Entry<K, V> fence, boolean entries, boolean back) {
                this.entries = entries;
                this.back = back;
                expectedModCount = m.modCount;
                next = first;
                fenceKey = fence == null ? UNBOUNDED : fence.key;
            }

            public boolean hasNext() {
                return next != null && next.key != fenceKey;
            }

            @SuppressWarnings("unchecked")
            public T next() {
                TreeMap.Entry<K, V> e = next;
                if (e == null || e.key == fenceKey) {
                    throw new NoSuchElementException();
                }
                if (m.modCount != expectedModCount) {
                    throw new ConcurrentModificationException();
                }
                next = back ? predecessor(e) : successor(e);
                lastReturned = e;
                return entries ? (T) e : (T) e.key;
            }

            public void remove() {
                if (lastReturned == null) {
                    throw new IllegalStateException();
                }
                if (m.modCount != expectedModCount) {
                    throw new ConcurrentModificationException();
                }
                if (!back && lastReturned.left != null && lastReturned.right != null) {
                    next = lastReturned;
                }
                m.deleteEntry(lastReturned);
                lastReturned = null;
                expectedModCount = m.modCount;
            }
        }
    }
}
