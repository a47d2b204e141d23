package java.util.function;

/** roth's model of java.util.function.LongBinaryOperator (JDK 17). */
@FunctionalInterface
public interface LongBinaryOperator {
    long applyAsLong(long left, long right);
}
