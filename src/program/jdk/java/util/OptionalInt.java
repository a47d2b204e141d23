package java.util;

import java.util.function.IntConsumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * roth's model of java.util.OptionalInt (JDK 17): an int or none, with the one shared
 * empty instance, `NoSuchElementException("No value present")`, the JDK's equality
 * (values by `==`) and hash code, and `OptionalInt[x]` / `OptionalInt.empty` as strings. Not
 * modelled: `stream()`.
 */
public final class OptionalInt {
    /** The one empty OptionalInt, which `empty()` always is. */
    private static final OptionalInt EMPTY = new OptionalInt(false, 0);

    private final boolean isPresent;
    private final int value;

    private OptionalInt(boolean isPresent, int value) {
        this.isPresent = isPresent;
        this.value = value;
    }

    public static OptionalInt empty() {
        return EMPTY;
    }

    /** A new object each time: the JDK keeps no cache of present values. */
    public static OptionalInt of(int value) {
        return new OptionalInt(true, value);
    }

    public int getAsInt() {
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

    public void ifPresent(IntConsumer action) {
        if (isPresent) {
            action.accept(value);
        }
    }

    public void ifPresentOrElse(IntConsumer action, Runnable emptyAction) {
        if (isPresent) {
            action.accept(value);
        } else {
            emptyAction.run();
        }
    }

    public int orElse(int other) {
        return isPresent ? value : other;
    }

    public int orElseGet(IntSupplier supplier) {
        return isPresent ? value : supplier.getAsInt();
    }

    public int orElseThrow() {
        if (!isPresent) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public <X extends Throwable> int orElseThrow(Supplier<? extends X> exceptionSupplier) throws X {
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
        if (!(obj instanceof OptionalInt)) {
            return false;
        }
        OptionalInt other = (OptionalInt) obj;
        return (isPresent && other.isPresent) ? value == other.value : isPresent == other.isPresent;
    }

    public int hashCode() {
        return isPresent ? Integer.hashCode(value) : 0;
    }

    public String toString() {
        return isPresent ? "OptionalInt[" + value + "]" : "OptionalInt.empty";
    }

    /** What a checked exception of `orElseThrow` ends the run with (roth's own). */
    private static final class CheckedExceptionNotThrown {
        /** Asks for an identity hash code, which roth's runs do not fix: unrepeatable. */
        static void say() {
            new CheckedExceptionNotThrown().hashCode();
        }
    }
}
