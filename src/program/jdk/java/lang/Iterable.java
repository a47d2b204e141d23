package java.lang;

import java.util.Iterator;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * roth's model of java.lang.Iterable (JDK 17): what a for-each loop walks. roth reads
 * `for (T v : iterable)` as JLS 14.14.2 defines it, through `iterator()`.
 */
public interface Iterable<T> {
    Iterator<T> iterator();

    default void forEach(Consumer<? super T> action) {
        Objects.requireNonNull(action);
        for (T t : this) {
            action.accept(t);
        }
    }
}
