package java.util.function;

/** roth's model of java.util.function.UnaryOperator (JDK 17). */
@FunctionalInterface
public interface UnaryOperator<T> extends Function<T, T> {
    static <T> UnaryOperator<T> identity() {
        return t -> t;
    }
}
