package java.util.function;

/** roth's model of java.util.function.LongSupplier (JDK 17). */
@FunctionalInterface
public interface LongSupplier {
    long getAsLong();
}
