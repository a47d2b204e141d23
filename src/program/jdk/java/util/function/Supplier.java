package java.util.function;

/** roth's model of java.util.function.Supplier (JDK 17). */
@FunctionalInterface
public interface Supplier<T> {
    T get();
}
