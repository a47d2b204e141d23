package java.util;

import java.util.function.Predicate;
import java.util.stream.ReferencePipeline;
import java.util.stream.Stream;

/**
 * roth's model of java.util.Collection (JDK 17). `stream()` is read only with roth's model of
 * java.util.stream, which a unit reads when its text says `stream` (see `jdk.rs`).
 */
public interface Collection<E> extends Iterable<E> {
    int size();

    boolean isEmpty();

    boolean contains(Object o);

    Object[] toArray();

    boolean add(E e);

    boolean remove(Object o);

    boolean containsAll(Collection<?> c);

    boolean addAll(Collection<? extends E> c);

    boolean removeAll(Collection<?> c);

    boolean retainAll(Collection<?> c);

    void clear();

    /** As the JDK's: through the iterator, each element tested once. */
    default boolean removeIf(Predicate<? super E> filter) {
        Objects.requireNonNull(filter);
        boolean removed = false;
        Iterator<E> each = iterator();
        while (each.hasNext()) {
            if (filter.test(each.next())) {
                each.remove();
                removed = true;
            }
        }
        return removed;
    }

    /**
     * A sequential stream of the elements (see java.util.stream.AbstractPipeline), bound to
     * the collection when it runs, with what the JDK's spliterator of the collection tells a
     * stream (AbstractCollection.streamFlags).
     */
    default Stream<E> stream() {
        return ReferencePipeline.ofCollection(this, AbstractCollection.streamFlags(this));
    }
}
