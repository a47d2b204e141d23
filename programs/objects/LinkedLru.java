import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A least-recently-used cache from string keys to ints, on an access-ordered LinkedHashMap. */
public class LinkedLru {
    /** The map that drops its eldest entry once it holds more than `capacity`. */
    static final class BoundedMap extends LinkedHashMap<String, Integer> {
        private final int capacity;
        private int evictions;
        private String lastEvicted;

        BoundedMap(int capacity) {
            super(16, 0.75f, true);
            this.capacity = capacity;
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            if (size() > capacity) {
                evictions++;
                lastEvicted = eldest.getKey();
                return true;
            }
            return false;
        }
    }

    private final BoundedMap map;
    private int hits;
    private int misses;

    public LinkedLru() {
        this(16);
    }

    public LinkedLru(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
        }
        this.map = new BoundedMap(capacity);
    }

    /** A cache of `capacity` filled with keys[i] -> values[i] in order. */
    public LinkedLru(int capacity, String[] keys, int[] values) {
        this(capacity);
        if (keys.length != values.length) {
            throw new IllegalArgumentException(keys.length + " keys but " + values.length + " values");
        }
        for (int i = 0; i < keys.length; i++) {
            put(keys[i], values[i]);
        }
    }

    /** The value of `key`, marking it most recently used; -1 when absent. */
    public int get(String key) {
        Integer value = map.get(key);
        if (value == null) {
            misses++;
            return -1;
        }
        hits++;
        return value;
    }

    /** Stores `value` under `key`; returns the previous value or -1. */
    public int put(String key, int value) {
        if (key == null) {
            throw new NullPointerException("key");
        }
        Integer old = map.put(key, value);
        return old == null ? -1 : old;
    }

    /** Adds `delta` to the value under `key` (absent counts as 0) and returns the sum. */
    public int add(String key, int delta) {
        return map.merge(key, delta, Integer::sum);
    }

    public boolean remove(String key) {
        return map.remove(key) != null;
    }

    /** Whether `key` is cached, without touching its recency. */
    public boolean contains(String key) {
        return map.containsKey(key);
    }

    public int size() {
        return map.size();
    }

    public int evictions() {
        return map.evictions;
    }

    public String lastEvicted() {
        return map.lastEvicted;
    }

    /** The keys from least to most recently used. */
    public List<String> keys() {
        return new ArrayList<>(map.keySet());
    }

    /** The least recently used key, or null when empty. */
    public String eldest() {
        for (String key : map.keySet()) {
            return key;
        }
        return null;
    }

    public String stats() {
        int lookups = hits + misses;
        int rate = lookups == 0 ? 0 : hits * 100 / lookups;
        return "hits=" + hits + " misses=" + misses + " rate=" + rate + "% evictions=" + map.evictions;
    }

    @Override
    public String toString() {
        return map.toString();
    }

    /** Replays a trace of keys against a cache of `capacity` and counts the misses. */
    public static int missesFor(int capacity, List<String> trace) {
        LinkedLru cache = new LinkedLru(capacity);
        for (String key : trace) {
            if (cache.get(key) < 0) {
                cache.put(key, 1);
            }
        }
        return cache.misses;
    }
}
