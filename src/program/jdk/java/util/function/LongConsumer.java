package java.util.function;

import java.util.Objects;

/** roth's model of java.util.function.LongConsumer (JDK 17). */
@FunctionalInterface
public interface LongConsumer {
    void accept(long value);

    default LongConsumer andThen(LongConsumer after) {
        Objects.requireNonNull(after);
        return (long t) -> {
            accept(t);
            after.accept(t);
        };
    }
}
