package java.util.function;

/** roth's model of java.util.function.BooleanSupplier (JDK 17). */
@FunctionalInterface
public interface BooleanSupplier {
    boolean getAsBoolean();
}
