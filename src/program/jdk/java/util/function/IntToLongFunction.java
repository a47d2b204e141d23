package java.util.function;

/** roth's model of java.util.function.IntToLongFunction (JDK 17). */
@FunctionalInterface
public interface IntToLongFunction {
    long applyAsLong(int value);
}
