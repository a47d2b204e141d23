package java.util.function;

/** roth's model of java.util.function.LongUnaryOperator (JDK 17). */
@FunctionalInterface
public interface LongUnaryOperator {
    long applyAsLong(long operand);
}
