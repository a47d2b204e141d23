package java.util.function;

/** roth's model of java.util.function.DoubleToLongFunction (JDK 17). */
@FunctionalInterface
public interface DoubleToLongFunction {
    long applyAsLong(double value);
}
