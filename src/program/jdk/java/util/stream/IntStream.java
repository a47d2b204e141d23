package java.util.stream;

import java.util.IntSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.BiConsumer;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

/**
 * roth's model of java.util.stream.IntStream (JDK 17), sequential: its operations are
 * IntPipeline's (see AbstractPipeline for how a pipeline runs). Not modelled (a program calling
 * one is outside the subset): parallel streams, `iterator`, `spliterator`, `onClose` and
 * `close`, `concat`, `builder`, `mapMulti`, `unordered`.
 */
public interface IntStream {
    IntStream filter(IntPredicate predicate);

    IntStream map(IntUnaryOperator mapper);

    <U> Stream<U> mapToObj(IntFunction<? extends U> mapper);

    LongStream mapToLong(IntToLongFunction mapper);

    DoubleStream mapToDouble(IntToDoubleFunction mapper);

    IntStream flatMap(IntFunction<? extends IntStream> mapper);

    IntStream distinct();

    IntStream sorted();

    IntStream peek(IntConsumer action);

    IntStream limit(long maxSize);

    IntStream skip(long n);

    IntStream takeWhile(IntPredicate predicate);

    IntStream dropWhile(IntPredicate predicate);

    void forEach(IntConsumer action);

    void forEachOrdered(IntConsumer action);

    int[] toArray();

    int reduce(int identity, IntBinaryOperator op);

    OptionalInt reduce(IntBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjIntConsumer<R> accumulator, BiConsumer<R, R> combiner);

    int sum();

    OptionalInt min();

    OptionalInt max();

    long count();

    OptionalDouble average();

    IntSummaryStatistics summaryStatistics();

    boolean anyMatch(IntPredicate predicate);

    boolean allMatch(IntPredicate predicate);

    boolean noneMatch(IntPredicate predicate);

    OptionalInt findFirst();

    OptionalInt findAny();

    LongStream asLongStream();

    DoubleStream asDoubleStream();

    Stream<Integer> boxed();

    IntStream sequential();

    boolean isParallel();

    static IntStream empty() {
        return IntPipeline.ofArray(new int[0], 0, 0);
    }

    static IntStream of(int t) {
        return IntPipeline.ofArray(new int[] {t}, 0, 1);
    }

    /** Over the array itself, as Arrays.stream: a change of it before the stream runs is seen. */
    static IntStream of(int... values) {
        return IntPipeline.ofArray(values, 0, values.length);
    }

    static IntStream iterate(int seed, IntUnaryOperator f) {
        Objects.requireNonNull(f);
        return new IntPipeline(new AbstractPipeline.IterateSource(seed, t -> f.applyAsInt((Integer) t)), 0);
    }

    static IntStream iterate(int seed, IntPredicate hasNext, IntUnaryOperator next) {
        Objects.requireNonNull(next);
        Objects.requireNonNull(hasNext);
        return new IntPipeline(new AbstractPipeline.IterateWhileSource(seed, t -> hasNext.test((Integer) t),
                t -> next.applyAsInt((Integer) t)), 0);
    }

    static IntStream generate(IntSupplier s) {
        Objects.requireNonNull(s);
        return new IntPipeline(new AbstractPipeline.GenerateSource(() -> s.getAsInt()), 0);
    }

    /** Empty when `startInclusive >= endExclusive`, as the JDK's. */
    static IntStream range(int startInclusive, int endExclusive) {
        if (startInclusive >= endExclusive) {
            return empty();
        }
        return new IntPipeline(new AbstractPipeline.RangeSource(startInclusive, endExclusive, false, true, true),
                AbstractPipeline.SIZED | AbstractPipeline.DISTINCT | AbstractPipeline.SORTED);
    }

    static IntStream rangeClosed(int startInclusive, int endInclusive) {
        if (startInclusive > endInclusive) {
            return empty();
        }
        return new IntPipeline(new AbstractPipeline.RangeSource(startInclusive, endInclusive, true, true, true),
                AbstractPipeline.SIZED | AbstractPipeline.DISTINCT | AbstractPipeline.SORTED);
    }
}
