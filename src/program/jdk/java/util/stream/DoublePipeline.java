package java.util.stream;

import java.util.DoubleSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleFunction;
import java.util.function.DoublePredicate;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.ObjDoubleConsumer;
import java.util.function.Supplier;

/**
 * roth's model of the JDK's DoublePipeline (JDK 17): a stage of a DoubleStream, whose elements
 * are Doubles here (see AbstractPipeline). `sum` and `average` add with the JDK's compensated
 * (Kahan) summation, `min` and `max` are reductions by Math.min and Math.max (NaN wins, -0.0 is
 * below 0.0), `distinct` goes through boxed elements (Double.equals: NaN is NaN, -0.0 is not
 * 0.0) and `sorted` sorts as Arrays.sort (Double.compare's order).
 */
public class DoublePipeline extends AbstractPipeline implements DoubleStream {
    DoublePipeline(AbstractPipeline.Source source, int flags) {
        super(source, flags);
    }

    DoublePipeline(AbstractPipeline previous, int set, int clear, AbstractPipeline.Op op) {
        super(previous, set, clear, op);
    }

    /**
     * roth's own, for Arrays.stream and `of`: the elements of `array` from `from` to `to`
     * (checked as the JDK's Spliterators check them), read as the stream runs.
     */
    public static DoubleStream ofArray(double[] array, int from, int to) {
        checkFromToBounds(array.length, from, to);
        return new DoublePipeline(new AbstractPipeline.DoubleArraySource(array, from, to), SIZED);
    }

    public DoubleStream filter(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return new DoublePipeline(this, 0, SIZED, (flags, down) -> new AbstractPipeline.FilterSink(down, t -> predicate.test((Double) t)));
    }

    public DoubleStream map(DoubleUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsDouble((Double) t);
        return new DoublePipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public <U> Stream<U> mapToObj(DoubleFunction<? extends U> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.apply((Double) t);
        return new ReferencePipeline<U>(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public IntStream mapToInt(DoubleToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsInt((Double) t);
        return new IntPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public LongStream mapToLong(DoubleToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, Object> f = t -> mapper.applyAsLong((Double) t);
        return new LongPipeline(this, 0, SORTED | DISTINCT, (flags, down) -> new AbstractPipeline.MapSink(down, f));
    }

    public DoubleStream flatMap(DoubleFunction<? extends DoubleStream> mapper) {
        Objects.requireNonNull(mapper);
        Function<Object, AbstractPipeline> f = t -> (AbstractPipeline) mapper.apply((Double) t);
        return new DoublePipeline(this, 0, SORTED | DISTINCT | SIZED, (flags, down) -> new AbstractPipeline.FlatMapSink(down, f));
    }

    /** As the JDK's: boxed, made distinct, unboxed. */
    public DoubleStream distinct() {
        return boxed().distinct().mapToDouble(i -> i);
    }

    public DoubleStream sorted() {
        return new DoublePipeline(this, SORTED, 0, sortOp(DOUBLES, null));
    }

    public DoubleStream peek(DoubleConsumer action) {
        Objects.requireNonNull(action);
        return new DoublePipeline(this, 0, 0, (flags, down) -> new AbstractPipeline.PeekSink(down, t -> action.accept((Double) t)));
    }

    public DoubleStream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return new DoublePipeline(this, SHORT_CIRCUIT, 0, new AbstractPipeline.SliceOp(0, maxSize));
    }

    /** skip(0) is the stream itself, not a new stage. */
    public DoubleStream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        if (n == 0) {
            return this;
        }
        return new DoublePipeline(this, 0, 0, new AbstractPipeline.SliceOp(n, Long.MAX_VALUE));
    }

    public DoubleStream takeWhile(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return new DoublePipeline(this, SHORT_CIRCUIT, SIZED,
                (flags, down) -> new AbstractPipeline.TakeWhileSink(down, t -> predicate.test((Double) t)));
    }

    public DoubleStream dropWhile(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return new DoublePipeline(this, 0, SIZED,
                (flags, down) -> new AbstractPipeline.DropWhileSink(down, t -> predicate.test((Double) t)));
    }

    public void forEach(DoubleConsumer action) {
        Objects.requireNonNull(action);
        forEachElement(t -> action.accept((Double) t));
    }

    public void forEachOrdered(DoubleConsumer action) {
        forEach(action);
    }

    public double[] toArray() {
        Object[] boxes = elements();
        double[] a = new double[boxes.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (Double) boxes[i];
        }
        return a;
    }

    public double reduce(double identity, DoubleBinaryOperator op) {
        Objects.requireNonNull(op);
        return (Double) fold(identity, (a, b) -> op.applyAsDouble((Double) a, (Double) b));
    }

    public OptionalDouble reduce(DoubleBinaryOperator op) {
        Objects.requireNonNull(op);
        AbstractPipeline.ReduceSink sink = reduceElements((a, b) -> op.applyAsDouble((Double) a, (Double) b));
        return sink.empty ? OptionalDouble.empty() : OptionalDouble.of((Double) sink.state);
    }

    @SuppressWarnings("unchecked")
    public <R> R collect(Supplier<R> supplier, ObjDoubleConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        return (R) collectElements((Supplier<Object>) supplier,
                (r, t) -> accumulator.accept((R) r, (Double) t));
    }

    /** The compensated sum, with the plain sum kept for infinities (see Collectors.computeFinalSum). */
    public double sum() {
        Supplier<double[]> supplier = () -> new double[3];
        ObjDoubleConsumer<double[]> accumulator = (ll, d) -> {
            Collectors.sumWithCompensation(ll, d);
            ll[2] += d;
        };
        BiConsumer<double[], double[]> combiner = (ll, rr) -> {
            Collectors.sumWithCompensation(ll, rr[0]);
            Collectors.sumWithCompensation(ll, -rr[1]);
            ll[2] += rr[2];
        };
        double[] summation = collect(supplier, accumulator, combiner);
        return Collectors.computeFinalSum(summation);
    }

    public OptionalDouble min() {
        return reduce((a, b) -> Math.min(a, b));
    }

    public OptionalDouble max() {
        return reduce((a, b) -> Math.max(a, b));
    }

    public long count() {
        return countElements();
    }

    /** The compensated sum over the count, as the JDK's. */
    public OptionalDouble average() {
        Supplier<double[]> supplier = () -> new double[4];
        ObjDoubleConsumer<double[]> accumulator = (ll, d) -> {
            ll[2]++;
            Collectors.sumWithCompensation(ll, d);
            ll[3] += d;
        };
        BiConsumer<double[], double[]> combiner = (ll, rr) -> {
            Collectors.sumWithCompensation(ll, rr[0]);
            Collectors.sumWithCompensation(ll, -rr[1]);
            ll[2] += rr[2];
            ll[3] += rr[3];
        };
        double[] avg = collect(supplier, accumulator, combiner);
        return avg[2] > 0 ? OptionalDouble.of(Collectors.computeFinalSum(avg) / avg[2]) : OptionalDouble.empty();
    }

    public DoubleSummaryStatistics summaryStatistics() {
        Supplier<DoubleSummaryStatistics> supplier = () -> new DoubleSummaryStatistics();
        ObjDoubleConsumer<DoubleSummaryStatistics> accumulator = (s, d) -> s.accept(d);
        BiConsumer<DoubleSummaryStatistics, DoubleSummaryStatistics> combiner = (l, r) -> l.combine(r);
        return collect(supplier, accumulator, combiner);
    }

    public boolean anyMatch(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Double) t), ANY);
    }

    public boolean allMatch(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Double) t), ALL);
    }

    public boolean noneMatch(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return match(t -> predicate.test((Double) t), NONE);
    }

    public OptionalDouble findFirst() {
        AbstractPipeline.FindSink sink = find();
        return sink.hasValue ? OptionalDouble.of((Double) sink.value) : OptionalDouble.empty();
    }

    public OptionalDouble findAny() {
        return findFirst();
    }

    /** Double.valueOf of each element, keeping the flags, as the JDK's. */
    public Stream<Double> boxed() {
        return new ReferencePipeline<Double>(this, 0, 0, (flags, down) -> new AbstractPipeline.MapSink(down, t -> t));
    }

    public DoubleStream sequential() {
        return this;
    }

    public boolean isParallel() {
        return false;
    }
}
