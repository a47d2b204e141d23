package java.util;

/**
 * roth's model of java.util.Set (JDK 17): a collection without duplicates; `of` and
 * `copyOf` give ImmutableCollections' sets (whose iteration order the JVM varies from run
 * to run: see there).
 */
public interface Set<E> extends Collection<E> {
    @SafeVarargs
    static <E> Set<E> of(E... elements) {
        return new ImmutableCollections.SetN<E>(elements, true);
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> copyOf(Collection<? extends E> coll) {
        if (coll instanceof ImmutableCollections.SetN) {
            return (Set<E>) coll;
        }
        return new ImmutableCollections.SetN<E>(coll.toArray(), false);
    }
}
