package java.util.stream;

import java.util.Collection;
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

/**
 * roth's model of the JDK's ReferencePipeline (JDK 17): a stage of a Stream. Each operation
 * checks its arguments and the stage's use in the JDK's order (most check the argument for
 * null first; `sorted(null)` uses the stage up before its NullPointerException, as the JDK's
 * does), and sets and clears the JDK's flags (see AbstractPipeline).
 */
public class ReferencePipeline<T> extends AbstractPipeline implements Stream<T> {
    ReferencePipeline(AbstractPipeline.Source source, int flags) {
        super(source, flags);
    }

    ReferencePipeline(AbstractPipeline previous, int set, int clear, AbstractPipeline.Op op) {
        super(previous, set, clear, op);
    }

    /**
     * roth's own, for Arrays.stream and `of`: the elements of `array` from `from` to `to`
     * (checked as the JDK's Spliterators check them), read as the stream runs.
     */
    public static <T> Stream<T> ofArray(Object[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new ReferencePipeline<T>(new AbstractPipeline.ArraySource(array, from, to), SIZED);
    }

    /**
     * roth's own, for Collection.stream(): a stream of a collection's elements with the
     * characteristics the JDK's spliterator of it has (`flags`: SIZED, DISTINCT, SORTED).
     */
    public static <T> Stream<T> ofCollection(Collection<T> collection, int flags) {
        return new ReferencePipeline<T>(new AbstractPipeline.CollectionSource(collection), flags);
    }

    @SuppressWarnings("unchecked")
    public Stream<T> filter(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        Predicate<Object> p = (Predicate<Object>) predicate;
        return new ReferencePipeline<T>(this, 0, SIZED, (flags, down) -> new AbstractPipeline.FilterSink(down, p));
    }

    @SuppressWarnings("unchecked")
    public <R> Stream<R> map(Function<? super T, ? extends R> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = (Function<Object, Object>) mapper;
        return new ReferencePipeline<R>(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public IntStream mapToInt(ToIntFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsInt((T) t);
        return new IntPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public LongStream mapToLong(ToLongFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsLong((T) t);
        return new LongPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public DoubleStream mapToDouble(ToDoubleFunction<? super T> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsDouble((T) t);
        return new DoublePipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public <R> Stream<R> flatMap(Function<? super T, ? extends Stream<? extends R>> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, AbstractPipeline> f = t -> (AbstractPipeline) mapper.apply((T) t);
        return new ReferencePipeline<R>(this, 0, SORTED | DISTINCT | SIZED, (flags, down) -> new AbstractPipeline.FlatMapSink(down, f));
    }

    public IntStream flatMapToInt(Function<? super T, ? extends IntStream> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, AbstractPipeline> f = t -> (AbstractPipeline) mapper.apply((T) t);
        return new IntPipeline(this, 0, SORTED | DISTINCT | SIZED, (flags, down) -> new AbstractPipeline.FlatMapSink(down, f));
    }

    public LongStream flatMapToLong(Function<? super T, ? extends LongStream> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, AbstractPipeline> f = t -> (AbstractPipeline) mapper.apply((T) t);
        return new LongPipeline(this, 0, SORTED | DISTINCT | SIZED, (flags, down) -> new AbstractPipeline.FlatMapSink(down, f));
    }

    public DoubleStream flatMapToDouble(Function<? super T, ? extends DoubleStream> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, AbstractPipeline> f = t -> (AbstractPipeline) mapper.apply((T) t);
        return new DoublePipeline(this, 0, SORTED | DISTINCT | SIZED, (flags, down) -> new AbstractPipeline.FlatMapSink(down, f));
    }

    public Stream<T> distinct() {
        return new ReferencePipeline<T>(this, DISTINCT, SIZED, distinctOp());
    }

    public Stream<T> sorted() {
        return new ReferencePipeline<T>(this, SORTED, 0, naturalSortOp());
    }

    /** The stage is used up before the comparator is checked, as in the JDK. */
    @SuppressWarnings("unchecked")
    public Stream<T> sorted(Comparator<? super T> comparator) {
        Comparator<Object> c = (Comparator<Object>) comparator;
        ReferencePipeline<T> stage = new ReferencePipeline<T>(this, 0, SORTED, sortOp(BY_COMPARATOR, c));
        Objects.requireNonNull(comparator);
        return stage;
    }

    @SuppressWarnings("unchecked")
    public Stream<T> peek(Consumer<? super T> action) {
        Objects.requireNonNull(action);
        Consumer<Object> a = (Consumer<Object>) action;
        return new ReferencePipeline<T>(this, 0, 0, (flags, down) -> new AbstractPipeline.PeekSink(down, a));
    }

    public Stream<T> limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return new ReferencePipeline<T>(this, SHORT_CIRCUIT, 0, new AbstractPipeline.SliceOp(0, maxSize));
    }

    /** skip(0) is the stream itself, not a new stage (so it does not use this one up). */
    public Stream<T> skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        if (n == 0) {
            return this;
        }
        return new ReferencePipeline<T>(this, 0, 0, new AbstractPipeline.SliceOp(n, Long.MAX_VALUE));
    }

    @SuppressWarnings("unchecked")
    public Stream<T> takeWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        Predicate<Object> p = (Predicate<Object>) predicate;
        return new ReferencePipeline<T>(this, SHORT_CIRCUIT, SIZED, (flags, down) -> new AbstractPipeline.TakeWhileSink(down, p));
    }

    @SuppressWarnings("unchecked")
    public Stream<T> dropWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        Predicate<Object> p = (Predicate<Object>) predicate;
        return new ReferencePipeline<T>(this, 0, SIZED, (flags, down) -> new AbstractPipeline.DropWhileSink(down, p));
    }

    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super T> action) {
        Objects.requireNonNull(action);
        forEachElement((Consumer<Object>) action);
    }

    public void forEachOrdered(Consumer<? super T> action) {
        forEach(action);
    }

    public Object[] toArray() {
        return elements();
    }

    @SuppressWarnings("unchecked")
    public T reduce(T identity, BinaryOperator<T> accumulator) {
        Objects.requireNonNull(accumulator);
        return (T) fold(identity, (BiFunction<Object, Object, Object>) accumulator);
    }

    @SuppressWarnings("unchecked")
    public Optional<T> reduce(BinaryOperator<T> accumulator) {
        Objects.requireNonNull(accumulator);
        AbstractPipeline.ReduceSink sink = reduceElements((BinaryOperator<Object>) accumulator);
        return sink.empty ? Optional.empty() : Optional.of((T) sink.state);
    }

    @SuppressWarnings("unchecked")
    public <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        return (U) fold(identity, (BiFunction<Object, Object, Object>) accumulator);
    }

    @SuppressWarnings("unchecked")
    public <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        return (R) collectElements((Supplier<Object>) supplier,
                (BiConsumer<Object, Object>) accumulator);
    }

    /**
     * As the JDK's: the collector's supplier, accumulator and combiner asked for before the
     * stage is used; its finisher applied after, unless it has IDENTITY_FINISH.
     */
    @SuppressWarnings("unchecked")
    public <R, A> R collect(Collector<? super T, A, R> collector) {
        Supplier<A> supplier = Objects.requireNonNull(collector).supplier();
        BiConsumer<A, ? super T> accumulator = collector.accumulator();
        collector.combiner();
        A container = (A) collectElements((Supplier<Object>) supplier,
                (BiConsumer<Object, Object>) accumulator);
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return (R) container;
        }
        return collector.finisher().apply(container);
    }

    /** An unmodifiable list that allows nulls (the JDK's listFromTrustedArrayNullsAllowed). */
    @SuppressWarnings("unchecked")
    public List<T> toList() {
        return (List<T>) Collectors.listAllowingNulls(toArray());
    }

    @SuppressWarnings("unchecked")
    public Optional<T> min(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.minBy(comparator));
    }

    @SuppressWarnings("unchecked")
    public Optional<T> max(Comparator<? super T> comparator) {
        return reduce(BinaryOperator.maxBy(comparator));
    }

    public long count() {
        return countElements();
    }

    @SuppressWarnings("unchecked")
    public boolean anyMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        return match((Predicate<Object>) predicate, ANY);
    }

    @SuppressWarnings("unchecked")
    public boolean allMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        return match((Predicate<Object>) predicate, ALL);
    }

    @SuppressWarnings("unchecked")
    public boolean noneMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate);
        return match((Predicate<Object>) predicate, NONE);
    }

    /** Optional.of the first element: a NullPointerException when it is null, as in the JDK. */
    @SuppressWarnings("unchecked")
    public Optional<T> findFirst() {
        AbstractPipeline.FindSink sink = find();
        return sink.hasValue ? Optional.of((T) sink.value) : Optional.empty();
    }

    public Optional<T> findAny() {
        return findFirst();
    }

    public Stream<T> sequential() {
        return this;
    }

    public boolean isParallel() {
        return false;
    }
}
