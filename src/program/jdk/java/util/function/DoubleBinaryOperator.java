package java.util.function;

/** roth's model of java.util.function.DoubleBinaryOperator (JDK 17). */
@FunctionalInterface
public interface DoubleBinaryOperator {
    double applyAsDouble(double left, double right);
}
