package java.util.function;

/** roth's model of java.util.function.ToLongFunction (JDK 17). */
@FunctionalInterface
public interface ToLongFunction<T> {
    long applyAsLong(T value);
}
