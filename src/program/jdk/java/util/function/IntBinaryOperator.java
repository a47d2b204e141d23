package java.util.function;

/** roth's model of java.util.function.IntBinaryOperator (JDK 17). */
@FunctionalInterface
public interface IntBinaryOperator {
    int applyAsInt(int left, int right);
}
