package java.util.function;

/** roth's model of java.util.function.IntToDoubleFunction (JDK 17). */
@FunctionalInterface
public interface IntToDoubleFunction {
    double applyAsDouble(int value);
}
