package java.util;

/**
 * roth's own class, not the JDK's: what a test sees of a collection or a map when a run
 * ends, as Java's `equals` compares them. A collection is its elements in its iterator's
 * order (`toArray`); a map is its keys and values, alternating, in its entry set's order.
 * roth's interpreter calls `view` on every collection and map a run's outcome reaches.
 */
final class ContentViews {
    private ContentViews() {
    }

    static Object[] view(Object o) {
        if (o instanceof Collection) {
            return ((Collection<?>) o).toArray();
        }
        return new Object[0];
    }
}
