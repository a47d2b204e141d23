package java.util.stream;

import java.util.LongSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;
import java.util.function.LongToDoubleFunction;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

/**
 * roth's model of java.util.stream.LongStream (JDK 17), sequential: its operations are
 * LongPipeline's (see AbstractPipeline for how a pipeline runs). A range of more than
 * Long.MAX_VALUE numbers has no known size, as the JDK's (two ranges concatenated) has not.
 * Not modelled (a program calling one is outside the subset): parallel streams, `iterator`,
 * `spliterator`, `onClose` and `close`, `concat`, `builder`, `mapMulti`, `unordered`.
 */
public interface LongStream {
    LongStream filter(LongPredicate predicate);

    LongStream map(LongUnaryOperator mapper);

    <U> Stream<U> mapToObj(LongFunction<? extends U> mapper);

    IntStream mapToInt(LongToIntFunction mapper);

    DoubleStream mapToDouble(LongToDoubleFunction mapper);

    LongStream flatMap(LongFunction<? extends LongStream> mapper);

    LongStream distinct();

    LongStream sorted();

    LongStream peek(LongConsumer action);

    LongStream limit(long maxSize);

    LongStream skip(long n);

    LongStream takeWhile(LongPredicate predicate);

    LongStream dropWhile(LongPredicate predicate);

    void forEach(LongConsumer action);

    void forEachOrdered(LongConsumer action);

    long[] toArray();

    long reduce(long identity, LongBinaryOperator op);

    OptionalLong reduce(LongBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjLongConsumer<R> accumulator, BiConsumer<R, R> combiner);

    long sum();

    OptionalLong min();

    OptionalLong max();

    long count();

    OptionalDouble average();

    LongSummaryStatistics summaryStatistics();

    boolean anyMatch(LongPredicate predicate);

    boolean allMatch(LongPredicate predicate);

    boolean noneMatch(LongPredicate predicate);

    OptionalLong findFirst();

    OptionalLong findAny();

    DoubleStream asDoubleStream();

    Stream<Long> boxed();

    LongStream sequential();

    boolean isParallel();

    static LongStream empty() {
        return LongPipeline.ofArray(new long[0], 0, 0);
    }

    static LongStream of(long t) {
        return LongPipeline.ofArray(new long[] {t}, 0, 1);
    }

    /** Over the array itself, as Arrays.stream: a change of it before the stream runs is seen. */
    static LongStream of(long... values) {
        return LongPipeline.ofArray(values, 0, values.length);
    }

    static LongStream iterate(long seed, LongUnaryOperator f) {
        Objects.requireNonNull(f);
        return new LongPipeline(new AbstractPipeline.IterateSource(seed, t -> f.applyAsLong((Long) t)), 0);
    }

    static LongStream iterate(long seed, LongPredicate hasNext, LongUnaryOperator next) {
        Objects.requireNonNull(next);
        Objects.requireNonNull(hasNext);
        return new LongPipeline(new AbstractPipeline.IterateWhileSource(seed, t -> hasNext.test((Long) t),
                t -> next.applyAsLong((Long) t)), 0);
    }

    static LongStream generate(LongSupplier s) {
        Objects.requireNonNull(s);
        return new LongPipeline(new AbstractPipeline.GenerateSource(() -> s.getAsLong()), 0);
    }

    static LongStream range(long startInclusive, long endExclusive) {
        if (startInclusive >= endExclusive) {
            return empty();
        }
        boolean sized = endExclusive - startInclusive >= 0;
        return new LongPipeline(new AbstractPipeline.RangeSource(startInclusive, endExclusive, false, false, sized),
                sized ? AbstractPipeline.SIZED | AbstractPipeline.DISTINCT | AbstractPipeline.SORTED : 0);
    }

    static LongStream rangeClosed(long startInclusive, long endInclusive) {
        if (startInclusive > endInclusive) {
            return empty();
        }
        boolean sized = endInclusive - startInclusive + 1 > 0;
        return new LongPipeline(new AbstractPipeline.RangeSource(startInclusive, endInclusive, true, false, sized),
                sized ? AbstractPipeline.SIZED | AbstractPipeline.DISTINCT | AbstractPipeline.SORTED : 0);
    }
}
