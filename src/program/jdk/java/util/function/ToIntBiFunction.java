package java.util.function;

/** roth's model of java.util.function.ToIntBiFunction (JDK 17). */
@FunctionalInterface
public interface ToIntBiFunction<T, U> {
    int applyAsInt(T t, U u);
}
