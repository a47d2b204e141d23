package java.util.function;

/** roth's model of java.util.function.LongFunction (JDK 17). */
@FunctionalInterface
public interface LongFunction<R> {
    R apply(long value);
}
