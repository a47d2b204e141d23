package java.util.function;

/** roth's model of java.util.function.DoubleSupplier (JDK 17). */
@FunctionalInterface
public interface DoubleSupplier {
    double getAsDouble();
}
