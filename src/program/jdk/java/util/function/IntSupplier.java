package java.util.function;

/** roth's model of java.util.function.IntSupplier (JDK 17). */
@FunctionalInterface
public interface IntSupplier {
    int getAsInt();
}
