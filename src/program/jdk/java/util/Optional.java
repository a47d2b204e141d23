package java.util;

import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * roth's model of java.util.Optional (JDK 17): a value or none, with the one shared empty
 * instance (so `Optional.empty() == Optional.ofNullable(null)`, as on the JVM), the JDK's
 * null checks in the same order, `NoSuchElementException("No value present")`, and
 * `Optional[x]` / `Optional.empty` as strings. Not modelled: `stream()`.
 */
public final class Optional<T> {
    /** The one empty Optional, which every empty result is. */
    private static final Optional<?> EMPTY = new Optional<>(null);

    /** The value, or null when empty. */
    private final T value;

    private Optional(T value) {
        this.value = value;
    }

    @SuppressWarnings("unchecked")
    public static <T> Optional<T> empty() {
        return (Optional<T>) EMPTY;
    }

    public static <T> Optional<T> of(T value) {
        return new Optional<>(Objects.requireNonNull(value));
    }

    @SuppressWarnings("unchecked")
    public static <T> Optional<T> ofNullable(T value) {
        return value == null ? (Optional<T>) EMPTY : new Optional<>(value);
    }

    public T get() {
        if (value == null) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public boolean isPresent() {
        return value != null;
    }

    public boolean isEmpty() {
        return value == null;
    }

    /** The action is not checked for null when there is no value, as in the JDK. */
    public void ifPresent(Consumer<? super T> action) {
        if (value != null) {
            action.accept(value);
        }
    }

    public void ifPresentOrElse(Consumer<? super T> action, Runnable emptyAction) {
        if (value != null) {
            action.accept(value);
        } else {
            emptyAction.run();
        }
    }

    public Optional<T> filter(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        if (value == null) {
            return this;
        }
        return predicate.test(value) ? this : empty();
    }

    public <U> Optional<U> map(Function<? super T, ? extends U> mapper) {
        Objects.requireNonNull(mapper);
        if (value == null) {
            return empty();
        }
        return Optional.ofNullable(mapper.apply(value));
    }

    @SuppressWarnings("unchecked")
    public <U> Optional<U> flatMap(Function<? super T, ? extends Optional<? extends U>> mapper) {
        Objects.requireNonNull(mapper);
        if (value == null) {
            return empty();
        }
        Optional<U> result = (Optional<U>) mapper.apply(value);
        return Objects.requireNonNull(result);
    }

    @SuppressWarnings("unchecked")
    public Optional<T> or(Supplier<? extends Optional<? extends T>> supplier) {
        Objects.requireNonNull(supplier);
        if (value != null) {
            return this;
        }
        Optional<T> result = (Optional<T>) supplier.get();
        return Objects.requireNonNull(result);
    }

    public T orElse(T other) {
        return value != null ? value : other;
    }

    public T orElseGet(Supplier<? extends T> supplier) {
        return value != null ? value : supplier.get();
    }

    public T orElseThrow() {
        if (value == null) {
            throw new NoSuchElementException("No value present");
        }
        return value;
    }

    public <X extends Throwable> T orElseThrow(Supplier<? extends X> exceptionSupplier) throws X {
        if (value != null) {
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
        if (!(obj instanceof Optional)) {
            return false;
        }
        Optional<?> other = (Optional<?>) obj;
        return Objects.equals(value, other.value);
    }

    public int hashCode() {
        return Objects.hashCode(value);
    }

    public String toString() {
        return value != null ? "Optional[" + value + "]" : "Optional.empty";
    }

    /** What a checked exception of `orElseThrow` ends the run with (roth's own). */
    private static final class CheckedExceptionNotThrown {
        /** Asks for an identity hash code, which roth's runs do not fix: unrepeatable. */
        static void say() {
            new CheckedExceptionNotThrown().hashCode();
        }
    }
}
