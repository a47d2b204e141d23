package java.util.function;

/** roth's model of java.util.function.ObjDoubleConsumer (JDK 17). */
@FunctionalInterface
public interface ObjDoubleConsumer<T> {
    void accept(T t, double value);
}
