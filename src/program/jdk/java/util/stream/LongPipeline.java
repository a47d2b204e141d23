package java.util.stream;

import java.util.LongSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import java.util.function.LongToDoubleFunction;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * roth's model of the JDK's LongPipeline (JDK 17): a stage of a LongStream, whose elements are
 * Longs here (see AbstractPipeline). `sum`, `min`, `max` and `average` are the JDK's
 * reductions (`average` sums in a long, which may overflow as the JDK's does), `distinct` goes
 * through boxed elements as the JDK's does, and `sorted` sorts the longs as Arrays.sort.
 */
public class LongPipeline extends AbstractPipeline implements LongStream {
    LongPipeline(AbstractPipeline.Source source, int flags) {
        super(source, flags);
    }

    LongPipeline(AbstractPipeline previous, int set, int clear, AbstractPipeline.Op op) {
        super(previous, set, clear, op);
    }

    /**
     * roth's own, for Arrays.stream and `of`: the elements of `array` from `from` to `to`
     * (checked as the JDK's Spliterators check them), read as the stream runs.
     */
    public static LongStream ofArray(long[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new LongPipeline(new AbstractPipeline.LongArraySource(array, from, to), SIZED);
    }

    public LongStream filter(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return new LongPipeline(this, 0, SIZED, (flags, down) -> new AbstractPipeline.FilterSink(down, t -> predicate.test((Long) t)));
    }

    public LongStream map(LongUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsLong((Long) t);
        return new LongPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public <U> Stream<U> mapToObj(LongFunction<? extends U> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.apply((Long) t);
        return new ReferencePipeline<U>(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public IntStream mapToInt(LongToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsInt((Long) t);
        return new IntPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public DoubleStream mapToDouble(LongToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsDouble((Long) t);
        return new DoublePipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public LongStream flatMap(LongFunction<? extends LongStream> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, AbstractPipeline> f = t -> (AbstractPipeline) mapper.apply((Long) t);
        return new LongPipeline(this, 0, SORTED | DISTINCT | SIZED, (flags, down) -> new AbstractPipeline.FlatMapSink(down, f));
    }

    /** As the JDK's: boxed, made distinct, unboxed. */
    public LongStream distinct() {
        return boxed().distinct().mapToLong(i -> i);
    }

    public LongStream sorted() {
        return new LongPipeline(this, SORTED, 0, sortOp(LONGS, null));
    }

    public LongStream peek(LongConsumer action) {
        Objects.requireNonNull(action);
        return new LongPipeline(this, 0, 0, (flags, down) -> new AbstractPipeline.PeekSink(down, t -> action.accept((Long) t)));
    }

    public LongStream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return new LongPipeline(this, SHORT_CIRCUIT, 0, new AbstractPipeline.SliceOp(0, maxSize));
    }

    /** skip(0) is the stream itself, not a new stage. */
    public LongStream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        if (n == 0) {
            return this;
        }
        return new LongPipeline(this, 0, 0, new AbstractPipeline.SliceOp(n, Long.MAX_VALUE));
    }

    public LongStream takeWhile(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return new LongPipeline(this, SHORT_CIRCUIT, SIZED,
                (flags, down) -> new AbstractPipeline.TakeWhileSink(down, t -> predicate.test((Long) t)));
    }

    public LongStream dropWhile(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return new LongPipeline(this, 0, SIZED, (flags, down) -> new AbstractPipeline.DropWhileSink(down, t -> predicate.test((Long) t)));
    }

    public void forEach(LongConsumer action) {
        Objects.requireNonNull(action);
        forEachElement(t -> action.accept((Long) t));
    }

    public void forEachOrdered(LongConsumer action) {
        forEach(action);
    }

    public long[] toArray() {
        Object[] boxes = elements();
        long[] a = new long[boxes.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (Long) boxes[i];
        }
        return a;
    }

    public long reduce(long identity, LongBinaryOperator op) {
        Objects.requireNonNull(op);
        return (Long) fold(identity, (a, b) -> op.applyAsLong((Long) a, (Long) b));
    }

    public OptionalLong reduce(LongBinaryOperator op) {
        Objects.requireNonNull(op);
        AbstractPipeline.ReduceSink sink = reduceElements((a, b) -> op.applyAsLong((Long) a, (Long) b));
        return sink.empty ? OptionalLong.empty() : OptionalLong.of((Long) sink.state);
    }

    @SuppressWarnings("unchecked")
    public <R> R collect(Supplier<R> supplier, ObjLongConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        return (R) collectElements((Supplier<Object>) supplier,
                (r, t) -> accumulator.accept((R) r, (Long) t));
    }

    public long sum() {
        return reduce(0L, (a, b) -> a + b);
    }

    public OptionalLong min() {
        return reduce((a, b) -> Math.min(a, b));
    }

    public OptionalLong max() {
        return reduce((a, b) -> Math.max(a, b));
    }

    public long count() {
        return countElements();
    }

    /** The count and the sum in a long, as the JDK's. */
    public OptionalDouble average() {
        Supplier<long[]> supplier = () -> new long[2];
        ObjLongConsumer<long[]> accumulator = (ll, i) -> {
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

    public LongSummaryStatistics summaryStatistics() {
        Supplier<LongSummaryStatistics> supplier = () -> new LongSummaryStatistics();
        ObjLongConsumer<LongSummaryStatistics> accumulator = (s, i) -> s.accept(i);
        BiConsumer<LongSummaryStatistics, LongSummaryStatistics> combiner = (l, r) -> l.combine(r);
        return collect(supplier, accumulator, combiner);
    }

    public boolean anyMatch(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Long) t), ANY);
    }

    public boolean allMatch(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Long) t), ALL);
    }

    public boolean noneMatch(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Long) t), NONE);
    }

    public OptionalLong findFirst() {
        AbstractPipeline.FindSink sink = find();
        return sink.hasValue ? OptionalLong.of((Long) sink.value) : OptionalLong.empty();
    }

    public OptionalLong findAny() {
        return findFirst();
    }

    public DoubleStream asDoubleStream() {
        return new DoublePipeline(this, 0, 0, (flags, down) -> new AbstractPipeline.MapSink(down, t -> {
            long i = (Long) t;
            return (double) i;
        }));
    }

    /** Long.valueOf of each element, keeping the flags, as the JDK's. */
    public Stream<Long> boxed() {
        return new ReferencePipeline<Long>(this, 0, 0, (flags, down) -> new AbstractPipeline.MapSink(down, t -> t));
    }

    public LongStream sequential() {
        return this;
    }

    public boolean isParallel() {
        return false;
    }
}
