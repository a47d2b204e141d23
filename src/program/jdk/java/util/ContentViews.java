package java.util;

/**
 * roth's own class, not the JDK's: what a test sees of a collection or a map when a run
 * ends, as Java's `equals` compares them. A collection is its elements in its iterator's
 * order (`toArray`); a map is its keys and values, alternating, in its entry set's order.
 * roth's interpreter calls `view` on every collection and map a run's outcome reaches, and
 * `fill` to build a collection or a map a test gives (elements, or keys and values
 * alternating, added in order as the test's `new ArrayList<>(Arrays.asList(...))` does).
 */
final class ContentViews {
    private ContentViews() {
    }

    static Object[] view(Object o) {
        // Set.of and Map.of do not fix their order: any order will do for a comparison
        // that ignores it, and iterating them would end the run.
        if (o instanceof ImmutableCollections.SetN) {
            return ((ImmutableCollections.SetN<?>) o).elements;
        }
        if (o instanceof ImmutableCollections.MapN) {
            return ((ImmutableCollections.MapN<?, ?>) o).table;
        }
        if (o instanceof Collection) {
            return ((Collection<?>) o).toArray();
        }
        // A value class of the JDK (BigInteger, BigDecimal) is what its text says.
        if (!(o instanceof Map)) {
            return new Object[] {o.toString()};
        }
        Map<?, ?> map = (Map<?, ?>) o;
        Object[] items = new Object[2 * map.size()];
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            items[i++] = e.getKey();
            items[i++] = e.getValue();
        }
        return items;
    }

    @SuppressWarnings("unchecked")
    static Object fill(Object o, Object[] items) {
        if (o instanceof Map) {
            Map<Object, Object> map = (Map<Object, Object>) o;
            for (int i = 0; i + 1 < items.length; i += 2) {
                map.put(items[i], items[i + 1]);
            }
            return o;
        }
        Collection<Object> c = (Collection<Object>) o;
        for (Object item : items) {
            c.add(item);
        }
        return o;
    }
}
