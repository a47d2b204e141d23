package java.util;

/**
 * roth's model of java.util.AbstractMap (JDK 17): a map on its entry set, with the JDK's
 * `equals` (same size, every entry found), `hashCode` (the sum of the entries'), `toString`
 * (`{k=v, ...}`, a map inside itself shown as `(this Map)`), and the entries SimpleEntry
 * and SimpleImmutableEntry.
 */
public abstract class AbstractMap<K, V> implements Map<K, V> {
    protected AbstractMap() {
    }

    public abstract Set<Map.Entry<K, V>> entrySet();

    public int size() {
        return entrySet().size();
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    public boolean containsValue(Object value) {
        for (Map.Entry<K, V> e : entrySet()) {
            if (Objects.equals(value, e.getValue())) {
                return true;
            }
        }
        return false;
    }

    public boolean containsKey(Object key) {
        for (Map.Entry<K, V> e : entrySet()) {
            if (Objects.equals(key, e.getKey())) {
                return true;
            }
        }
        return false;
    }

    public V get(Object key) {
        for (Map.Entry<K, V> e : entrySet()) {
            if (Objects.equals(key, e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    public V put(K key, V value) {
        throw new UnsupportedOperationException();
    }

    public V remove(Object key) {
        Iterator<Map.Entry<K, V>> i = entrySet().iterator();
        while (i.hasNext()) {
            Map.Entry<K, V> e = i.next();
            if (Objects.equals(key, e.getKey())) {
                V oldValue = e.getValue();
                i.remove();
                return oldValue;
            }
        }
        return null;
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    public void clear() {
        entrySet().clear();
    }

    public Set<K> keySet() {
        return new KeyView<K, V>(this);
    }

    public Collection<V> values() {
        return new ValueView<K, V>(this);
    }

    /** The keys of a map, read through its entry set. */
    private static final class KeyView<K, V> extends AbstractSet<K> {
        private final AbstractMap<K, V> map;

        KeyView(AbstractMap<K, V> map) {
            this.map = map;
        }

        public Iterator<K> iterator() {
            Iterator<Map.Entry<K, V>> i = map.entrySet().iterator();
            return new Iterator<K>() {
                public boolean hasNext() {
                    return i.hasNext();
                }

                public K next() {
                    return i.next().getKey();
                }

                public void remove() {
                    i.remove();
                }
            };
        }

        public int size() {
            return map.size();
        }

        public boolean contains(Object k) {
            return map.containsKey(k);
        }
    }

    /** The values of a map, read through its entry set. */
    private static final class ValueView<K, V> extends AbstractCollection<V> {
        private final AbstractMap<K, V> map;

        ValueView(AbstractMap<K, V> map) {
            this.map = map;
        }

        public Iterator<V> iterator() {
            Iterator<Map.Entry<K, V>> i = map.entrySet().iterator();
            return new Iterator<V>() {
                public boolean hasNext() {
                    return i.hasNext();
                }

                public V next() {
                    return i.next().getValue();
                }

                public void remove() {
                    i.remove();
                }
            };
        }

        public int size() {
            return map.size();
        }

        public boolean contains(Object v) {
            return map.containsValue(v);
        }
    }

    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map)) {
            return false;
        }
        Map<?, ?> m = (Map<?, ?>) o;
        if (m.size() != size()) {
            return false;
        }
        try {
            for (Map.Entry<K, V> e : entrySet()) {
                K key = e.getKey();
                V value = e.getValue();
                if (value == null) {
                    if (!(m.get(key) == null && m.containsKey(key))) {
                        return false;
                    }
                } else {
                    if (!value.equals(m.get(key))) {
                        return false;
                    }
                }
            }
        } catch (ClassCastException | NullPointerException unused) {
            return false;
        }
        return true;
    }

    public int hashCode() {
        int h = 0;
        for (Map.Entry<K, V> entry : entrySet()) {
            h += entry.hashCode();
        }
        return h;
    }

    public String toString() {
        Iterator<Map.Entry<K, V>> i = entrySet().iterator();
        if (!i.hasNext()) {
            return "{}";
        }
        StringBuilder sb = new StringBuilder();
        sb.append('{');
        for (;;) {
            Map.Entry<K, V> e = i.next();
            K key = e.getKey();
            V value = e.getValue();
            sb.append(key == this ? "(this Map)" : key);
            sb.append('=');
            sb.append(value == this ? "(this Map)" : value);
            if (!i.hasNext()) {
                return sb.append('}').toString();
            }
            sb.append(',').append(' ');
        }
    }

    /** A key and a value that can be changed. */
    public static class SimpleEntry<K, V> implements Map.Entry<K, V> {
        private final K key;
        private V value;

        public SimpleEntry(K key, V value) {
            this.key = key;
            this.value = value;
        }

        public SimpleEntry(Map.Entry<? extends K, ? extends V> entry) {
            this.key = entry.getKey();
            this.value = entry.getValue();
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

    /** A key and a value that cannot be changed. */
    public static class SimpleImmutableEntry<K, V> implements Map.Entry<K, V> {
        private final K key;
        private final V value;

        public SimpleImmutableEntry(K key, V value) {
            this.key = key;
            this.value = value;
        }

        public SimpleImmutableEntry(Map.Entry<? extends K, ? extends V> entry) {
            this.key = entry.getKey();
            this.value = entry.getValue();
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return value;
        }

        public V setValue(V value) {
            throw new UnsupportedOperationException();
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
}
