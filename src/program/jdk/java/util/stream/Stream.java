package java.util.stream;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;

/**
 * roth's model of java.util.stream.Stream (JDK 17), sequential: its operations are
 * ReferencePipeline's (see AbstractPipeline for how a pipeline runs). Not modelled (a program
 * calling one is outside the subset): parallel streams, `iterator`, `spliterator`, `onClose`
 * and `close`, `concat`, `builder`, `mapMulti`, `unordered`, and `toArray(generator)` (roth
 * does not check an array's element type, where the JDK throws ArrayStoreException).
 */
public interface Stream<T> {
    Stream<T> filter(Predicate<? super T> predicate);

    <R> Stream<R> map(Function<? super T, ? extends R> mapper);

    IntStream mapToInt(ToIntFunction<? super T> mapper);

    LongStream mapToLong(ToLongFunction<? super T> mapper);

    DoubleStream mapToDouble(ToDoubleFunction<? super T> mapper);

    <R> Stream<R> flatMap(Function<? super T, ? extends Stream<? extends R>> mapper);

    IntStream flatMapToInt(Function<? super T, ? extends IntStream> mapper);

    LongStream flatMapToLong(Function<? super T, ? extends LongStream> mapper);

    DoubleStream flatMapToDouble(Function<? super T, ? extends DoubleStream> mapper);

    Stream<T> distinct();

    Stream<T> sorted();

    Stream<T> sorted(Comparator<? super T> comparator);

    Stream<T> peek(Consumer<? super T> action);

    Stream<T> limit(long maxSize);

    Stream<T> skip(long n);

    Stream<T> takeWhile(Predicate<? super T> predicate);

    Stream<T> dropWhile(Predicate<? super T> predicate);

    void forEach(Consumer<? super T> action);

    void forEachOrdered(Consumer<? super T> action);

    Object[] toArray();

    T reduce(T identity, BinaryOperator<T> accumulator);

    Optional<T> reduce(BinaryOperator<T> accumulator);

    <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner);

    <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner);

    <R, A> R collect(Collector<? super T, A, R> collector);

    List<T> toList();

    Optional<T> min(Comparator<? super T> comparator);

    Optional<T> max(Comparator<? super T> comparator);

    long count();

    boolean anyMatch(Predicate<? super T> predicate);

    boolean allMatch(Predicate<? super T> predicate);

    boolean noneMatch(Predicate<? super T> predicate);

    Optional<T> findFirst();

    Optional<T> findAny();

    Stream<T> sequential();

    boolean isParallel();

    static <T> Stream<T> empty() {
        return ReferencePipeline.ofArray(new Object[0], 0, 0);
    }

    static <T> Stream<T> of(T t) {
        return ReferencePipeline.ofArray(new Object[] {t}, 0, 1);
    }

    static <T> Stream<T> ofNullable(T t) {
        return t == null ? Stream.empty() : Stream.of(t);
    }

    /** Over the array itself, as Arrays.stream: a change of it before the stream runs is seen. */
    @SafeVarargs
    static <T> Stream<T> of(T... values) {
        return ReferencePipeline.ofArray(values, 0, values.length);
    }

    static <T> Stream<T> iterate(T seed, UnaryOperator<T> f) {
        Objects.requireNonNull(f);
        @SuppressWarnings("unchecked")
        UnaryOperator<Object> g = (UnaryOperator<Object>) f;
        return new ReferencePipeline<T>(new AbstractPipeline.IterateSource(seed, g), 0);
    }

    static <T> Stream<T> iterate(T seed, Predicate<? super T> hasNext, UnaryOperator<T> next) {
        Objects.requireNonNull(next);
        Objects.requireNonNull(hasNext);
        @SuppressWarnings("unchecked")
        Predicate<Object> p = (Predicate<Object>) hasNext;
        @SuppressWarnings("unchecked")
        UnaryOperator<Object> g = (UnaryOperator<Object>) next;
        return new ReferencePipeline<T>(new AbstractPipeline.IterateWhileSource(seed, p, g), 0);
    }

    static <T> Stream<T> generate(Supplier<? extends T> s) {
        Objects.requireNonNull(s);
        @SuppressWarnings("unchecked")
        Supplier<Object> g = (Supplier<Object>) s;
        return new ReferencePipeline<T>(new AbstractPipeline.GenerateSource(g), 0);
    }
}
