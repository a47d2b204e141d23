package java.util.function;

import java.util.Objects;

/** roth's model of java.util.function.DoubleConsumer (JDK 17). */
@FunctionalInterface
public interface DoubleConsumer {
    void accept(double value);

    default DoubleConsumer andThen(DoubleConsumer after) {
        Objects.requireNonNull(after);
        return (double t) -> {
            accept(t);
            after.accept(t);
        };
    }
}
