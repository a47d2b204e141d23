package java.util.function;

/** roth's model of java.util.function.LongToDoubleFunction (JDK 17). */
@FunctionalInterface
public interface LongToDoubleFunction {
    double applyAsDouble(long value);
}
