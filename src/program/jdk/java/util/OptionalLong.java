package java.util;

import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * roth's model of java.util.OptionalLong (JDK 17): a long or none, with the one shared
 * empty instance, `NoSuchElementException("No value present")`, the JDK's equality
 * (values by `==`) and hash code, and `OptionalLong[x]` / `OptionalLong.empty` as strings. Not
 * modelled: `stream()`.
 */
public final class OptionalLong {
    /** The one empty OptionalLong, which `empty()` always is. */
    private static final OptionalLong EMPTY = new OptionalLong(false, 0);

    private final boolean isPresent;
    private final long value;

    private OptionalLong(boolean isPresent, long value) {
        this.isPresent = isPresent;
        this.value = value;
    }

    public static OptionalLong empty() {
        return EMPTY;
    }

    /** A new object each time: the JDK keeps no cache of present values. */
    public static OptionalLong of(long value) {
        return new OptionalLong(true, value);
    }

    public long getAsLong() {
        if (!isPresent) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public boolean isPresent() {
        return isPresent;
    }

    public boolean isEmpty() {
        return !isPresent;
    }

    public void ifPresent(LongConsumer action) {
        if (isPresent) {
            action.accept(value);
        }
    }

    public void ifPresentOrElse(LongConsumer action, Runnable emptyAction) {
        if (isPresent) {
            action.accept(value);
        } else {
            emptyAction.run();
        }
    }

    public long orElse(long other) {
        return isPresent ? value : other;
    }

    public long orElseGet(LongSupplier supplier) {
        return isPresent ? value : supplier.getAsLong();
    }

    public long orElseThrow() {
        if (!isPresent) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public <X extends Throwable> long orElseThrow(Supplier<? extends X> exceptionSupplier) throws X {
        if (isPresent) {
            return value;
        }
        Object exception = exceptionSupplier.get();
        // roth throws only unchecked values (an Error, a RuntimeException or null, which is
        // a NullPointerException); a checked one ends the run as unrepeatable.
        if (exception instanceof Error) {
            throw (Error) exception;
        }
        if (exception != null && !(exception instanceof RuntimeException)) {
            CheckedExceptionNotThrown.say();
        }
        throw (RuntimeException) exception;
    }

    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof OptionalLong)) {
            return false;
        }
        OptionalLong other = (OptionalLong) obj;
        return (isPresent && other.isPresent) ? value == other.value : isPresent == other.isPresent;
    }

    public int hashCode() {
        return isPresent ? Long.hashCode(value) : 0;
    }

    public String toString() {
        return isPresent ? "OptionalLong[" + value + "]" : "OptionalLong.empty";
    }

    /** What a checked exception of `orElseThrow` ends the run with (roth's own). */
    private static final class CheckedExceptionNotThrown {
        /** Asks for an identity hash code, which roth's runs do not fix: unrepeatable. */
        static void say() {
            new CheckedExceptionNotThrown().hashCode();
        }
    }
}
