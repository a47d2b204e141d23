package java.util.function;

/** roth's model of java.util.function.DoubleFunction (JDK 17). */
@FunctionalInterface
public interface DoubleFunction<R> {
    R apply(double value);
}
