package java.util.function;

/** roth's model of java.util.function.ObjIntConsumer (JDK 17). */
@FunctionalInterface
public interface ObjIntConsumer<T> {
    void accept(T t, int value);
}
