package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * roth's model of java.util.LinkedHashMap (JDK 17): a HashMap whose entries are also in a
 * list, iterated in insertion order, or with `accessOrder` in the order they were last
 * used (a `get`, `put` or compute of a key moves it to the end, and counts as a change for
 * the iterators, as on the JVM); `removeEldestEntry`, which an LRU cache overrides, is asked
 * after each insertion.
 */
public class LinkedHashMap<K, V> extends HashMap<K, V> implements Map<K, V> {
    /** An entry with its neighbours in the list. */
    static class Entry<K, V> extends HashMap.Node<K, V> {
        Entry<K, V> before;
        Entry<K, V> after;

        Entry(int hash, K key, V value, HashMap.Node<K, V> next) {
            super(hash, key, value, next);
        }
    }

    Entry<K, V> head;
    Entry<K, V> tail;
    final boolean accessOrder;

    public LinkedHashMap(int initialCapacity, float loadFactor) {
        super(initialCapacity, loadFactor);
        accessOrder = false;
    }

    public LinkedHashMap(int initialCapacity) {
        super(initialCapacity);
        accessOrder = false;
    }

    public LinkedHashMap() {
        super();
        accessOrder = false;
    }

    public LinkedHashMap(Map<? extends K, ? extends V> m) {
        super();
        accessOrder = false;
        putMapEntries(m, false);
    }

    public LinkedHashMap(int initialCapacity, float loadFactor, boolean accessOrder) {
        super(initialCapacity, loadFactor);
        this.accessOrder = accessOrder;
    }

    HashMap.Node<K, V> newNode(int hash, K key, V value, HashMap.Node<K, V> next) {
        Entry<K, V> p = new Entry<K, V>(hash, key, value, next);
        Entry<K, V> last = tail;
        tail = p;
        if (last == null) {
            head = p;
        } else {
            p.before = last;
            last.after = p;
        }
        return p;
    }

    void afterNodeRemoval(HashMap.Node<K, V> e) {
        Entry<K, V> p = (Entry<K, V>) e;
        Entry<K, V> b = p.before;
        Entry<K, V> a = p.after;
        p.before = null;
        p.after = null;
        if (b == null) {
            head = a;
        } else {
            b.after = a;
        }
        if (a == null) {
            tail = b;
        } else {
            a.before = b;
        }
    }

    void afterNodeInsertion(boolean evict) {
        Entry<K, V> first = head;
        if (evict && first != null && removeEldestEntry(first)) {
            K key = first.key;
            removeNode(hash(key), key, null, false, true);
        }
    }

    void afterNodeAccess(HashMap.Node<K, V> e) {
        Entry<K, V> last = tail;
        if (accessOrder && last != e) {
            Entry<K, V> p = (Entry<K, V>) e;
            Entry<K, V> b = p.before;
            Entry<K, V> a = p.after;
            p.after = null;
            if (b == null) {
                head = a;
            } else {
                b.after = a;
            }
            if (a != null) {
                a.before = b;
            } else {
                last = b;
            }
            if (last == null) {
                head = p;
            } else {
                p.before = last;
                last.after = p;
            }
            tail = p;
            ++modCount;
        }
    }

    void afterClear() {
        head = null;
        tail = null;
    }

    HashMap.Node<K, V> firstIn(HashMap.Node<K, V>[] tab) {
        return head;
    }

    HashMap.Node<K, V> nextIn(HashMap.Node<K, V>[] tab, HashMap.Node<K, V> e) {
        return ((Entry<K, V>) e).after;
    }

    public boolean containsValue(Object value) {
        for (Entry<K, V> e = head; e != null; e = e.after) {
            V v = e.value;
            if (v == value || (value != null && value.equals(v))) {
                return true;
            }
        }
        return false;
    }

    public V get(Object key) {
        HashMap.Node<K, V> e = getNode(key);
        if (e == null) {
            return null;
        }
        if (accessOrder) {
            afterNodeAccess(e);
        }
        return e.value;
    }

    public V getOrDefault(Object key, V defaultValue) {
        HashMap.Node<K, V> e = getNode(key);
        if (e == null) {
            return defaultValue;
        }
        if (accessOrder) {
            afterNodeAccess(e);
        }
        return e.value;
    }

    /** Whether to remove the eldest entry after an insertion: never, unless overridden. */
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return false;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) {
            throw new NullPointerException();
        }
        int mc = modCount;
        for (Entry<K, V> e = head; e != null; e = e.after) {
            action.accept(e.key, e.value);
        }
        if (modCount != mc) {
            throw new ConcurrentModificationException();
        }
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (function == null) {
            throw new NullPointerException();
        }
        int mc = modCount;
        for (Entry<K, V> e = head; e != null; e = e.after) {
            e.value = function.apply(e.key, e.value);
        }
        if (modCount != mc) {
            throw new ConcurrentModificationException();
        }
    }
}
