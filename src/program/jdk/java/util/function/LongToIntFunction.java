package java.util.function;

/** roth's model of java.util.function.LongToIntFunction (JDK 17). */
@FunctionalInterface
public interface LongToIntFunction {
    int applyAsInt(long value);
}
