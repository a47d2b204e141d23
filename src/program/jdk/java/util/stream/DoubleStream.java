package java.util.stream;

import java.util.DoubleSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.BiConsumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleFunction;
import java.util.function.DoublePredicate;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ObjDoubleConsumer;
import java.util.function.Supplier;

/**
 * roth's model of java.util.stream.DoubleStream (JDK 17), sequential: its operations are
 * DoublePipeline's (see AbstractPipeline for how a pipeline runs). Not modelled (a program
 * calling one is outside the subset): parallel streams, `iterator`, `spliterator`, `onClose`
 * and `close`, `concat`, `builder`, `mapMulti`, `unordered`.
 */
public interface DoubleStream {
    DoubleStream filter(DoublePredicate predicate);

    DoubleStream map(DoubleUnaryOperator mapper);

    <U> Stream<U> mapToObj(DoubleFunction<? extends U> mapper);

    IntStream mapToInt(DoubleToIntFunction mapper);

    LongStream mapToLong(DoubleToLongFunction mapper);

    DoubleStream flatMap(DoubleFunction<? extends DoubleStream> mapper);

    DoubleStream distinct();

    DoubleStream sorted();

    DoubleStream peek(DoubleConsumer action);

    DoubleStream limit(long maxSize);

    DoubleStream skip(long n);

    DoubleStream takeWhile(DoublePredicate predicate);

    DoubleStream dropWhile(DoublePredicate predicate);

    void forEach(DoubleConsumer action);

    void forEachOrdered(DoubleConsumer action);

    double[] toArray();

    double reduce(double identity, DoubleBinaryOperator op);

    OptionalDouble reduce(DoubleBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjDoubleConsumer<R> accumulator, BiConsumer<R, R> combiner);

    double sum();

    OptionalDouble min();

    OptionalDouble max();

    long count();

    OptionalDouble average();

    DoubleSummaryStatistics summaryStatistics();

    boolean anyMatch(DoublePredicate predicate);

    boolean allMatch(DoublePredicate predicate);

    boolean noneMatch(DoublePredicate predicate);

    OptionalDouble findFirst();

    OptionalDouble findAny();

    Stream<Double> boxed();

    DoubleStream sequential();

    boolean isParallel();

    static DoubleStream empty() {
        return DoublePipeline.ofArray(new double[0], 0, 0);
    }

    static DoubleStream of(double t) {
        return DoublePipeline.ofArray(new double[] {t}, 0, 1);
    }

    /** Over the array itself, as Arrays.stream: a change of it before the stream runs is seen. */
    static DoubleStream of(double... values) {
        return DoublePipeline.ofArray(values, 0, values.length);
    }

    static DoubleStream iterate(double seed, DoubleUnaryOperator f) {
        Objects.requireNonNull(f);
        return new DoublePipeline(new AbstractPipeline.IterateSource(seed, t -> f.applyAsDouble((Double) t)), 0);
    }

    static DoubleStream iterate(double seed, DoublePredicate hasNext, DoubleUnaryOperator next) {
        Objects.requireNonNull(next);
        Objects.requireNonNull(hasNext);
        return new DoublePipeline(new AbstractPipeline.IterateWhileSource(seed, t -> hasNext.test((Double) t),
                t -> next.applyAsDouble((Double) t)), 0);
    }

    static DoubleStream generate(DoubleSupplier s) {
        Objects.requireNonNull(s);
        return new DoublePipeline(new AbstractPipeline.GenerateSource(() -> s.getAsDouble()), 0);
    }
}
