package java.util.function;

/** roth's model of java.util.function.ObjLongConsumer (JDK 17). */
@FunctionalInterface
public interface ObjLongConsumer<T> {
    void accept(T t, long value);
}
