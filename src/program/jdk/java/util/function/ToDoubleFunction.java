package java.util.function;

/** roth's model of java.util.function.ToDoubleFunction (JDK 17). */
@FunctionalInterface
public interface ToDoubleFunction<T> {
    double applyAsDouble(T value);
}
