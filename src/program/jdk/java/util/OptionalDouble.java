package java.util;

import java.util.function.DoubleConsumer;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * roth's model of java.util.OptionalDouble (JDK 17): a double or none, with the one shared
 * empty instance, `NoSuchElementException("No value present")`, the JDK's equality
 * (values by `Double.compare`, so NaN equals NaN and 0.0 is not -0.0) and hash code, and `OptionalDouble[x]` / `OptionalDouble.empty` as strings. Not
 * modelled: `stream()`.
 */
public final class OptionalDouble {
    /** The one empty OptionalDouble, which `empty()` always is. */
    private static final OptionalDouble EMPTY = new OptionalDouble(false, 0);

    private final boolean isPresent;
    private final double value;

    private OptionalDouble(boolean isPresent, double value) {
        this.isPresent = isPresent;
        this.value = value;
    }

    public static OptionalDouble empty() {
        return EMPTY;
    }

    /** A new object each time: the JDK keeps no cache of present values. */
    public static OptionalDouble of(double value) {
        return new OptionalDouble(true, value);
    }

    public double getAsDouble() {
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

    public void ifPresent(DoubleConsumer action) {
        if (isPresent) {
            action.accept(value);
        }
    }

    public void ifPresentOrElse(DoubleConsumer action, Runnable emptyAction) {
        if (isPresent) {
            action.accept(value);
        } else {
            emptyAction.run();
        }
    }

    public double orElse(double other) {
        return isPresent ? value : other;
    }

    public double orElseGet(DoubleSupplier supplier) {
        return isPresent ? value : supplier.getAsDouble();
    }

    public double orElseThrow() {
        if (!isPresent) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public <X extends Throwable> double orElseThrow(Supplier<? extends X> exceptionSupplier) throws X {
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
        if (!(obj instanceof OptionalDouble)) {
            return false;
        }
        OptionalDouble other = (OptionalDouble) obj;
        return (isPresent && other.isPresent) ? Double.compare(value, other.value) == 0 : isPresent == other.isPresent;
    }

    public int hashCode() {
        return isPresent ? Double.hashCode(value) : 0;
    }

    public String toString() {
        return isPresent ? "OptionalDouble[" + value + "]" : "OptionalDouble.empty";
    }

    /** What a checked exception of `orElseThrow` ends the run with (roth's own). */
    private static final class CheckedExceptionNotThrown {
        /** Asks for an identity hash code, which roth's runs do not fix: unrepeatable. */
        static void say() {
            new CheckedExceptionNotThrown().hashCode();
        }
    }
}
