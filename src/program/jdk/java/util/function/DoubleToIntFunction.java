package java.util.function;

/** roth's model of java.util.function.DoubleToIntFunction (JDK 17). */
@FunctionalInterface
public interface DoubleToIntFunction {
    int applyAsInt(double value);
}
