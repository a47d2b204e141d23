/** A fixed-capacity least-recently-used cache from int keys to strings, with its own chained hash table and doubly linked recency list. */
public class LruCache {
    private static final class Entry {
        final int key;
        String value;
        Entry prev;
        Entry next;
        Entry chain;

        Entry(int key, String value) {
            this.key = key;
            this.value = value;
        }
    }

    private final int capacity;
    private final Entry[] buckets;
    private final Entry head;
    private final Entry tail;
    private int size;
    private int hits;
    private int misses;
    private int evictions;

    public LruCache(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        int tableSize = 1;
        while (tableSize < 2 * capacity) {
            tableSize *= 2;
        }
        buckets = new Entry[tableSize];
        head = new Entry(0, null);
        tail = new Entry(0, null);
        head.next = tail;
        tail.prev = head;
    }

    /** A cache filled by putting keys[i] -> values[i] in order. */
    public LruCache(int capacity, int[] keys, String[] values) {
        this(capacity);
        if (keys.length != values.length) {
            throw new IllegalArgumentException("keys and values differ in length");
        }
        for (int i = 0; i < keys.length; i++) {
            put(keys[i], values[i]);
        }
    }

    private int indexFor(int key) {
        int h = key ^ (key >>> 16);
        return h & (buckets.length - 1);
    }

    private Entry find(int key) {
        for (Entry e = buckets[indexFor(key)]; e != null; e = e.chain) {
            if (e.key == key) {
                return e;
            }
        }
        return null;
    }

    private void unlink(Entry e) {
        e.prev.next = e.next;
        e.next.prev = e.prev;
    }

    private void linkFirst(Entry e) {
        e.next = head.next;
        e.prev = head;
        head.next.prev = e;
        head.next = e;
    }

    private void removeFromTable(Entry target) {
        int i = indexFor(target.key);
        if (buckets[i] == target) {
            buckets[i] = target.chain;
            return;
        }
        Entry e = buckets[i];
        while (e.chain != target) {
            e = e.chain;
        }
        e.chain = target.chain;
    }

    /** The value for key, marking it most recently used; null if absent. */
    public String get(int key) {
        Entry e = find(key);
        if (e == null) {
            misses++;
            return null;
        }
        hits++;
        unlink(e);
        linkFirst(e);
        return e.value;
    }

    /** Does not change recency or statistics. */
    public boolean containsKey(int key) {
        return find(key) != null;
    }

    /** Stores value under key; returns the previous value or null. Evicts the least recently used entry when full. */
    public String put(int key, String value) {
        if (value == null) {
            throw new IllegalArgumentException("null values are not allowed");
        }
        Entry e = find(key);
        if (e != null) {
            String old = e.value;
            e.value = value;
            unlink(e);
            linkFirst(e);
            return old;
        }
        if (size == capacity) {
            Entry eldest = tail.prev;
            unlink(eldest);
            removeFromTable(eldest);
            size--;
            evictions++;
        }
        e = new Entry(key, value);
        int i = indexFor(key);
        e.chain = buckets[i];
        buckets[i] = e;
        linkFirst(e);
        size++;
        return null;
    }

    public String remove(int key) {
        Entry e = find(key);
        if (e == null) {
            return null;
        }
        unlink(e);
        removeFromTable(e);
        size--;
        return e.value;
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return capacity;
    }

    public int getEvictions() {
        return evictions;
    }

    /** Hits as a whole percentage of lookups, 0 if there were none. */
    public int hitPercent() {
        int lookups = hits + misses;
        return lookups == 0 ? 0 : hits * 100 / lookups;
    }

    /** Keys from most to least recently used. */
    public int[] keys() {
        int[] out = new int[size];
        int i = 0;
        for (Entry e = head.next; e != tail; e = e.next) {
            out[i++] = e.key;
        }
        return out;
    }

    public int eldestKey() {
        if (size == 0) {
            throw new IllegalStateException("cache is empty");
        }
        return tail.prev.key;
    }

    @Override
    public String toString() {
        String s = "{";
        for (Entry e = head.next; e != tail; e = e.next) {
            s += e.key + "=" + e.value + (e.next == tail ? "" : ", ");
        }
        return s + "}";
    }
}
