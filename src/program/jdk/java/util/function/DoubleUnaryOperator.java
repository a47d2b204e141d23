package java.util.function;

/** roth's model of java.util.function.DoubleUnaryOperator (JDK 17). */
@FunctionalInterface
public interface DoubleUnaryOperator {
    double applyAsDouble(double operand);
}
