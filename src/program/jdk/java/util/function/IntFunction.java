package java.util.function;

/** roth's model of java.util.function.IntFunction (JDK 17). */
@FunctionalInterface
public interface IntFunction<R> {
    R apply(int value);
}
