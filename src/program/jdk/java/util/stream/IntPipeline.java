package java.util.stream;

import java.util.IntSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

/**
 * roth's model of the JDK's IntPipeline (JDK 17): a stage of an IntStream, whose elements are
 * Integers here (see AbstractPipeline). `sum`, `min`, `max` and `average` are the JDK's
 * reductions (`average` sums in a long), `distinct` goes through boxed elements as the JDK's
 * does, and `sorted` sorts the ints as Arrays.sort.
 */
public class IntPipeline extends AbstractPipeline implements IntStream {
    IntPipeline(AbstractPipeline.Source source, int flags) {
        super(source, flags);
    }

    IntPipeline(AbstractPipeline previous, int set, int clear, AbstractPipeline.Op op) {
        super(previous, set, clear, op);
    }

    /**
     * roth's own, for Arrays.stream and `of`: the elements of `array` from `from` to `to`
     * (checked as the JDK's Spliterators check them), read as the stream runs.
     */
    public static IntStream ofArray(int[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new IntPipeline(new AbstractPipeline.IntArraySource(array, from, to), SIZED);
    }

    public IntStream filter(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return new IntPipeline(this, 0, SIZED, (flags, down) -> new AbstractPipeline.FilterSink(down, t -> predicate.test((Integer) t)));
    }

    public IntStream map(IntUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsInt((Integer) t);
        return new IntPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public <U> Stream<U> mapToObj(IntFunction<? extends U> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.apply((Integer) t);
        return new ReferencePipeline<U>(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public LongStream mapToLong(IntToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsLong((Integer) t);
        return new LongPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public DoubleStream mapToDouble(IntToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsDouble((Integer) t);
        return new DoublePipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public IntStream flatMap(IntFunction<? extends IntStream> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, AbstractPipeline> f = t -> (AbstractPipeline) mapper.apply((Integer) t);
        return new IntPipeline(this, 0, SORTED | DISTINCT | SIZED, (flags, down) -> new AbstractPipeline.FlatMapSink(down, f));
    }

    /** As the JDK's: boxed, made distinct, unboxed. */
    public IntStream distinct() {
        return boxed().distinct().mapToInt(i -> i);
    }

    public IntStream sorted() {
        return new IntPipeline(this, SORTED, 0, sortOp(INTS, null));
    }

    public IntStream peek(IntConsumer action) {
        Objects.requireNonNull(action);
        return new IntPipeline(this, 0, 0, (flags, down) -> new AbstractPipeline.PeekSink(down, t -> action.accept((Integer) t)));
    }

    public IntStream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return new IntPipeline(this, SHORT_CIRCUIT, 0, new AbstractPipeline.SliceOp(0, maxSize));
    }

    /** skip(0) is the stream itself, not a new stage. */
    public IntStream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        if (n == 0) {
            return this;
        }
        return new IntPipeline(this, 0, 0, new AbstractPipeline.SliceOp(n, Long.MAX_VALUE));
    }

    public IntStream takeWhile(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return new IntPipeline(this, SHORT_CIRCUIT, SIZED,
                (flags, down) -> new AbstractPipeline.TakeWhileSink(down, t -> predicate.test((Integer) t)));
    }

    public IntStream dropWhile(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return new IntPipeline(this, 0, SIZED, (flags, down) -> new AbstractPipeline.DropWhileSink(down, t -> predicate.test((Integer) t)));
    }

    public void forEach(IntConsumer action) {
        Objects.requireNonNull(action);
        forEachElement(t -> action.accept((Integer) t));
    }

    public void forEachOrdered(IntConsumer action) {
        forEach(action);
    }

    public int[] toArray() {
        Object[] boxes = elements();
        int[] a = new int[boxes.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (Integer) boxes[i];
        }
        return a;
    }

    public int reduce(int identity, IntBinaryOperator op) {
        Objects.requireNonNull(op);
        return (Integer) fold(identity, (a, b) -> op.applyAsInt((Integer) a, (Integer) b));
    }

    public OptionalInt reduce(IntBinaryOperator op) {
        Objects.requireNonNull(op);
        AbstractPipeline.ReduceSink sink = reduceElements((a, b) -> op.applyAsInt((Integer) a, (Integer) b));
        return sink.empty ? OptionalInt.empty() : OptionalInt.of((Integer) sink.state);
    }

    @SuppressWarnings("unchecked")
    public <R> R collect(Supplier<R> supplier, ObjIntConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        return (R) collectElements((Supplier<Object>) supplier,
                (r, t) -> accumulator.accept((R) r, (Integer) t));
    }

    public int sum() {
        return reduce(0, (a, b) -> a + b);
    }

    public OptionalInt min() {
        return reduce((a, b) -> Math.min(a, b));
    }

    public OptionalInt max() {
        return reduce((a, b) -> Math.max(a, b));
    }

    public long count() {
        return countElements();
    }

    /** The count and the sum in a long, as the JDK's. */
    public OptionalDouble average() {
        Supplier<long[]> supplier = () -> new long[2];
        ObjIntConsumer<long[]> accumulator = (ll, i) -> {
            ll[0]++;
            ll[1] += i;
        };
        BiConsumer<long[], long[]> combiner = (ll, rr) -> {
            ll[0] += rr[0];
            ll[1] += rr[1];
        };
        long[] avg = collect(supplier, accumulator, combiner);
        return avg[0] > 0 ? OptionalDouble.of((double) avg[1] / avg[0]) : OptionalDouble.empty();
    }

    public IntSummaryStatistics summaryStatistics() {
        Supplier<IntSummaryStatistics> supplier = () -> new IntSummaryStatistics();
        ObjIntConsumer<IntSummaryStatistics> accumulator = (s, i) -> s.accept(i);
        BiConsumer<IntSummaryStatistics, IntSummaryStatistics> combiner = (l, r) -> l.combine(r);
        return collect(supplier, accumulator, combiner);
    }

    public boolean anyMatch(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Integer) t), ANY);
    }

    public boolean allMatch(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Integer) t), ALL);
    }

    public boolean noneMatch(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Integer) t), NONE);
    }

    public OptionalInt findFirst() {
        AbstractPipeline.FindSink sink = find();
        return sink.hasValue ? OptionalInt.of((Integer) sink.value) : OptionalInt.empty();
    }

    public OptionalInt findAny() {
        return findFirst();
    }

    public LongStream asLongStream() {
        return new LongPipeline(this, 0, 0, (flags, down) -> new AbstractPipeline.MapSink(down, t -> {
            int i = (Integer) t;
            return (long) i;
        }));
    }

    public DoubleStream asDoubleStream() {
        return new DoublePipeline(this, 0, 0, (flags, down) -> new AbstractPipeline.MapSink(down, t -> {
            int i = (Integer) t;
            return (double) i;
        }));
    }

    /** Integer.valueOf of each element, keeping the flags, as the JDK's. */
    public Stream<Integer> boxed() {
        return new ReferencePipeline<Integer>(this, 0, 0, (flags, down) -> new AbstractPipeline.MapSink(down, t -> t));
    }

    public IntStream sequential() {
        return this;
    }

    public boolean isParallel() {
        return false;
    }
}
