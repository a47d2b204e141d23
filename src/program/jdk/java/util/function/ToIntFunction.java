package java.util.function;

/** roth's model of java.util.function.ToIntFunction (JDK 17). */
@FunctionalInterface
public interface ToIntFunction<T> {
    int applyAsInt(T value);
}
