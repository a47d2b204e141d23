package java.util.stream;

import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * roth's own core of its model of java.util.stream (JDK 17): what the JDK's AbstractPipeline,
 * Sink and spliterators do for a sequential stream, written from the order in which the JDK
 * documents and runs a pipeline's lambdas.
 *
 * A stream is a chain of stages over a source, and nothing runs until a terminal operation
 * asks. Then each stage puts its sink before the next stage's, and the source pushes its
 * elements one at a time through the whole chain: the lambdas of the stateless stages see each
 * element in turn (`map` of the first, `filter` of the first, `map` of the second...), as on
 * the JVM. `sorted` holds every element until its input ends (a barrier); `distinct` and the
 * slices keep state but pass elements on at once. When a stage or the terminal operation may
 * stop early (`limit`, `takeWhile`, `findFirst`, `anyMatch`, ...), the source is asked for one
 * element at a time while no sink asks to stop, so no lambda runs on an element the JVM never
 * takes. Each stage can be used once: a second use throws the JDK's IllegalStateException.
 *
 * The JDK's flags are kept where a program can see them: a known size lets `count` answer
 * without running any stage (the JDK skips even `peek` and `map` then), a source known to be in
 * natural order or distinct makes `sorted()` or `distinct()` do nothing, and `distinct` after a
 * natural sort compares each element with the last one only.
 *
 * Elements of every shape are objects here: an IntStream's are Integers, boxed by
 * `Integer.valueOf` where its lambdas give ints and unboxed where they take them, which no
 * program can tell from the JDK's unboxed pipelines.
 */
abstract class AbstractPipeline {
    /** The size is known (the JDK's SIZED flag). */
    static final int SIZED = 1;
    /** No two elements are equal (DISTINCT). */
    static final int DISTINCT = 2;
    /** The elements are in natural order (SORTED). */
    static final int SORTED = 4;
    /** A stage may stop the source early (SHORT_CIRCUIT). */
    static final int SHORT_CIRCUIT = 8;

    static final String LINKED = "stream has already been operated upon or closed";
    static final String CONSUMED = "source already consumed or closed";
    /** The largest array the JDK's stream buffers allocate. */
    static final int MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;
    static final String BAD_SIZE = "Stream size exceeds max array size";

    private final AbstractPipeline head;
    private final AbstractPipeline previous;
    /** The stage built on this one, once there is one. */
    private AbstractPipeline next;
    /** What is known of this stage's output (SIZED, DISTINCT, SORTED, SHORT_CIRCUIT). */
    final int flags;
    /** This stage's operation; null for the source stage. */
    private final Op op;
    private boolean linkedOrConsumed;
    /** The source's elements, at the source stage until a terminal operation takes them. */
    private Source source;

    /** A source stage. */
    AbstractPipeline(Source source, int flags) {
        this.head = this;
        this.previous = null;
        this.flags = flags;
        this.op = null;
        this.source = source;
    }

    /** A stage on `previous`, which it uses up: setting and clearing flags, doing `op`. */
    AbstractPipeline(AbstractPipeline previous, int set, int clear, Op op) {
        if (previous.linkedOrConsumed) {
            throw new IllegalStateException(LINKED);
        }
        previous.linkedOrConsumed = true;
        previous.next = this;
        this.head = previous.head;
        this.previous = previous;
        this.flags = (previous.flags & ~clear) | set;
        this.op = op;
    }

    /** Ends the run as unrepeatable, saying why (roth's native, not the JDK's). */
    static native void unrepeatable(String what);

    /** What a stage does (the JDK's opWrapSink and exactOutputSize). */
    interface Op {
        /** The sink doing this stage's work before `downstream`, given what is known of its input. */
        Sink wrap(int flags, Sink downstream);

        /** How many of `size` elements the stage passes on (only slices change it). */
        default long size(long size) {
            return size;
        }
    }

    // Running a pipeline.

    /** Uses this stage up for a terminal operation and takes the source's elements. */
    final Source consume() {
        if (linkedOrConsumed) {
            throw new IllegalStateException(LINKED);
        }
        linkedOrConsumed = true;
        return takeSource();
    }

    private Source takeSource() {
        Source s = head.source;
        if (s == null) {
            throw new IllegalStateException(CONSUMED);
        }
        head.source = null;
        return s;
    }

    /** The sinks of the stages from the source's to this one's, before `terminal`. */
    final Sink wrap(Sink terminal) {
        Sink sink = terminal;
        for (AbstractPipeline p = this; p.op != null; p = p.previous) {
            sink = p.op.wrap(p.previous.flags, sink);
        }
        return sink;
    }

    /**
     * Runs the stages into `terminal` (the JDK's copyInto): every element pushed, or, when
     * a stage or the terminal operation may stop early, one at a time while no sink asks to.
     */
    final void run(Sink terminal, boolean shortCircuit) {
        Source s = consume();
        copyInto(wrap(terminal), s, shortCircuit || (flags & SHORT_CIRCUIT) != 0);
    }

    static void copyInto(Sink sink, Source s, boolean shortCircuit) {
        sink.begin(s.exactSize());
        if (shortCircuit) {
            while (!sink.cancellationRequested() && s.tryAdvance(sink)) {
                // Each step gave one element to the chain.
            }
        } else {
            s.forEachRemaining(sink);
        }
        sink.end();
    }

    /**
     * The number of elements this stage gives when it is known without running it (the
     * JDK's exactOutputSizeIfKnown): the source's, through the slices; else -1.
     */
    final long exactOutputSize(Source s) {
        if ((flags & SIZED) == 0) {
            return -1;
        }
        long size = s.exactSize();
        for (AbstractPipeline p = head.next; p != null && size >= 0; p = p.next) {
            size = p.op.size(size);
        }
        return size;
    }

    /** `count()`: the known size, else the elements counted through the stages. */
    final long countElements() {
        Source s = consume();
        long size = exactOutputSize(s);
        if (size != -1) {
            return size;
        }
        CountSink counter = new CountSink();
        copyInto(wrap(counter), s, (flags & SHORT_CIRCUIT) != 0);
        return counter.count;
    }

    /** The elements, in order, as the JDK's toArray collects them. */
    final Object[] elements() {
        BufferSink buffer = new BufferSink();
        run(buffer, false);
        return Arrays.copyOf(buffer.items, buffer.count);
    }

    /** As a stream a flatMap's function gave, run to its end into `downstream` (its forEach). */
    final void forEachInto(Sink downstream) {
        run(new ForwardSink(downstream), false);
    }

    /**
     * As a stream a flatMap's function gave when a later stage may stop early: its elements
     * taken one at a time while `downstream` does not ask to stop (through its spliterator).
     */
    final void pullInto(Sink downstream) {
        Source s = spliterator();
        while (!downstream.cancellationRequested() && s.tryAdvance(downstream)) {
            // Each step gave one element to `downstream`.
        }
    }

    /** The stage's output as a source (the JDK's spliterator()), using the stage up. */
    private Source spliterator() {
        if (linkedOrConsumed) {
            throw new IllegalStateException(LINKED);
        }
        linkedOrConsumed = true;
        if (op == null) {
            return takeSource();
        }
        return new WrappingSource(this);
    }

    // Sinks.

    /** What a stage gives its elements to (the JDK's Sink). */
    abstract static class Sink {
        /** Before the first element; `size` is how many come when known, else -1. */
        void begin(long size) {
        }

        abstract void accept(Object t);

        /** After the last element. */
        void end() {
        }

        /** Whether this sink wants no more elements. */
        boolean cancellationRequested() {
            return false;
        }
    }

    /** A stage's sink, which passes its output to the next stage's (Sink.ChainedReference). */
    abstract static class Chained extends Sink {
        final Sink downstream;

        Chained(Sink downstream) {
            this.downstream = downstream;
        }

        void begin(long size) {
            downstream.begin(size);
        }

        void end() {
            downstream.end();
        }

        boolean cancellationRequested() {
            return downstream.cancellationRequested();
        }
    }

    static final class MapSink extends Chained {
        private final Function<Object, Object> mapper;

        MapSink(Sink downstream, Function<Object, Object> mapper) {
            super(downstream);
            this.mapper = mapper;
        }

        void accept(Object t) {
            downstream.accept(mapper.apply(t));
        }
    }

    static final class FilterSink extends Chained {
        private final Predicate<Object> predicate;

        FilterSink(Sink downstream, Predicate<Object> predicate) {
            super(downstream);
            this.predicate = predicate;
        }

        void begin(long size) {
            downstream.begin(-1);
        }

        void accept(Object t) {
            if (predicate.test(t)) {
                downstream.accept(t);
            }
        }
    }

    static final class PeekSink extends Chained {
        private final Consumer<Object> action;

        PeekSink(Sink downstream, Consumer<Object> action) {
            super(downstream);
            this.action = action;
        }

        void accept(Object t) {
            action.accept(t);
            downstream.accept(t);
        }
    }

    /**
     * flatMap's sink: each element's stream run into the next stage, to its end, or one
     * element at a time while the next stage does not ask to stop once cancellation is asked
     * about (JDK 10 and later). A null stream adds nothing.
     */
    static final class FlatMapSink extends Chained {
        private final Function<Object, AbstractPipeline> mapper;
        private boolean cancellationRequestedCalled;

        FlatMapSink(Sink downstream, Function<Object, AbstractPipeline> mapper) {
            super(downstream);
            this.mapper = mapper;
        }

        void begin(long size) {
            downstream.begin(-1);
        }

        void accept(Object t) {
            AbstractPipeline result = mapper.apply(t);
            if (result != null) {
                if (!cancellationRequestedCalled) {
                    result.forEachInto(downstream);
                } else {
                    result.pullInto(downstream);
                }
            }
        }

        boolean cancellationRequested() {
            cancellationRequestedCalled = true;
            return downstream.cancellationRequested();
        }
    }

    /** takeWhile's sink: elements while the predicate holds, then a request to stop. */
    static final class TakeWhileSink extends Chained {
        private final Predicate<Object> predicate;
        private boolean take = true;

        TakeWhileSink(Sink downstream, Predicate<Object> predicate) {
            super(downstream);
            this.predicate = predicate;
        }

        void begin(long size) {
            downstream.begin(-1);
        }

        void accept(Object t) {
            if (take && (take = predicate.test(t))) {
                downstream.accept(t);
            }
        }

        boolean cancellationRequested() {
            return !take || downstream.cancellationRequested();
        }
    }

    /** dropWhile's sink: elements from the first for which the predicate fails. */
    static final class DropWhileSink extends Chained {
        private final Predicate<Object> predicate;
        private boolean take;

        DropWhileSink(Sink downstream, Predicate<Object> predicate) {
            super(downstream);
            this.predicate = predicate;
        }

        void begin(long size) {
            downstream.begin(-1);
        }

        void accept(Object t) {
            if (take || (take = !predicate.test(t))) {
                downstream.accept(t);
            }
        }
    }

    /** distinct's sink: each element not seen before (a HashSet's contains, then add). */
    static final class DistinctSink extends Chained {
        private HashSet<Object> seen;

        DistinctSink(Sink downstream) {
            super(downstream);
        }

        void begin(long size) {
            seen = new HashSet<Object>();
            downstream.begin(-1);
        }

        void end() {
            seen = null;
            downstream.end();
        }

        void accept(Object t) {
            if (!seen.contains(t)) {
                seen.add(t);
                downstream.accept(t);
            }
        }
    }

    /** distinct's sink on input in natural order: each element unequal to the last one. */
    static final class SortedDistinctSink extends Chained {
        private boolean seenNull;
        private Object lastSeen;

        SortedDistinctSink(Sink downstream) {
            super(downstream);
        }

        void begin(long size) {
            seenNull = false;
            lastSeen = null;
            downstream.begin(-1);
        }

        void end() {
            seenNull = false;
            lastSeen = null;
            downstream.end();
        }

        void accept(Object t) {
            if (t == null) {
                if (!seenNull) {
                    seenNull = true;
                    lastSeen = null;
                    downstream.accept(null);
                }
            } else if (lastSeen == null || !t.equals(lastSeen)) {
                lastSeen = t;
                downstream.accept(t);
            }
        }
    }

    /** The op of `distinct()`: nothing on distinct input. */
    static Op distinctOp() {
        return (flags, down) -> (flags & DISTINCT) != 0 ? down
                : (flags & SORTED) != 0 ? new SortedDistinctSink(down) : new DistinctSink(down);
    }

    /** How `sorted` compares: by a comparator, in natural order, or as primitives. */
    static final int BY_COMPARATOR = 0;
    static final int NATURAL = 1;
    static final int INTS = 2;
    static final int LONGS = 3;
    static final int DOUBLES = 4;

    /**
     * sorted's sink (the JDK's SortedOps): every element held until the input ends, then
     * sorted (stably for objects, as TimSort; primitives as Arrays.sort, Double.compare's order
     * for doubles) and passed on, one at a time while the next stage does not ask to stop if
     * cancellation was asked about.
     */
    static final class SortSink extends Chained {
        private final int kind;
        private final Comparator<Object> comparator;
        private Object[] items;
        private int count;
        private boolean cancellationRequestedCalled;

        SortSink(Sink downstream, int kind, Comparator<Object> comparator) {
            super(downstream);
            this.kind = kind;
            this.comparator = comparator;
        }

        void begin(long size) {
            if (size >= MAX_ARRAY_SIZE) {
                throw new IllegalArgumentException(BAD_SIZE);
            }
            items = new Object[16];
            count = 0;
        }

        void accept(Object t) {
            if (count == items.length) {
                items = Arrays.copyOf(items, count * 2);
            }
            items[count++] = t;
        }

        void end() {
            sort();
            downstream.begin(count);
            if (!cancellationRequestedCalled) {
                for (int i = 0; i < count; i++) {
                    downstream.accept(items[i]);
                }
            } else {
                for (int i = 0; i < count && !downstream.cancellationRequested(); i++) {
                    downstream.accept(items[i]);
                }
            }
            downstream.end();
            items = null;
        }

        private void sort() {
            if (kind == BY_COMPARATOR || kind == NATURAL) {
                Arrays.sort(items, 0, count, comparator);
            } else if (kind == INTS) {
                int[] a = new int[count];
                for (int i = 0; i < count; i++) {
                    a[i] = (Integer) items[i];
                }
                Arrays.sort(a);
                for (int i = 0; i < count; i++) {
                    items[i] = a[i];
                }
            } else if (kind == LONGS) {
                long[] a = new long[count];
                for (int i = 0; i < count; i++) {
                    a[i] = (Long) items[i];
                }
                Arrays.sort(a);
                for (int i = 0; i < count; i++) {
                    items[i] = a[i];
                }
            } else {
                double[] a = new double[count];
                for (int i = 0; i < count; i++) {
                    a[i] = (Double) items[i];
                }
                Arrays.sort(a);
                for (int i = 0; i < count; i++) {
                    items[i] = a[i];
                }
            }
        }

        boolean cancellationRequested() {
            cancellationRequestedCalled = true;
            return false;
        }
    }

    /** The natural order as the JDK's sorted() compares: both cast to Comparable, the first first. */
    @SuppressWarnings("unchecked")
    static int naturalCompare(Object a, Object b) {
        Comparable<Object> x = (Comparable<Object>) a;
        Comparable<Object> y = (Comparable<Object>) b;
        return x.compareTo(y);
    }

    /** The op of `sorted`: nothing on input already in natural order for a natural sort. */
    static Op sortOp(int kind, Comparator<Object> comparator) {
        return (flags, down) -> kind != BY_COMPARATOR && (flags & SORTED) != 0 ? down
                : new SortSink(down, kind, comparator);
    }

    /** The op of `sorted()` on objects: in natural order. */
    static Op naturalSortOp() {
        Comparator<Object> natural = (a, b) -> naturalCompare(a, b);
        return sortOp(NATURAL, natural);
    }

    /** skip's and limit's sink: `skip` elements dropped, then at most `limit` passed on. */
    static final class SliceSink extends Chained {
        private final long skip;
        private long n;
        private long m;

        SliceSink(Sink downstream, long skip, long limit) {
            super(downstream);
            this.skip = skip;
            this.n = skip;
            this.m = limit;
        }

        void begin(long size) {
            downstream.begin(sliceSize(size, skip, m));
        }

        void accept(Object t) {
            if (n == 0) {
                if (m > 0) {
                    m--;
                    downstream.accept(t);
                }
            } else {
                n--;
            }
        }

        boolean cancellationRequested() {
            return m == 0 || downstream.cancellationRequested();
        }
    }

    /** How many of `size` elements (-1: unknown) a slice passes on. */
    static long sliceSize(long size, long skip, long limit) {
        return size >= 0 ? Math.max(0, Math.min(size - skip, limit)) : -1;
    }

    /** The op of `skip(skip)` and `limit(limit)` (a limit of Long.MAX_VALUE for none). */
    static final class SliceOp implements Op {
        private final long skip;
        private final long limit;

        SliceOp(long skip, long limit) {
            this.skip = skip;
            this.limit = limit;
        }

        public Sink wrap(int flags, Sink downstream) {
            return new SliceSink(downstream, skip, limit);
        }

        public long size(long size) {
            return sliceSize(size, skip, limit);
        }
    }

    // The sinks of terminal operations.

    /** A flatMap's inner forEach: each element to the outer stage, without begin or end. */
    static final class ForwardSink extends Sink {
        private final Sink downstream;

        ForwardSink(Sink downstream) {
            this.downstream = downstream;
        }

        void accept(Object t) {
            downstream.accept(t);
        }
    }

    static final class ForEachSink extends Sink {
        private final Consumer<Object> action;

        ForEachSink(Consumer<Object> action) {
            this.action = action;
        }

        void accept(Object t) {
            action.accept(t);
        }
    }

    static final class CountSink extends Sink {
        long count;

        void begin(long size) {
            count = 0;
        }

        void accept(Object t) {
            count++;
        }
    }

    /** The elements kept in order (toArray's, a sorted stream's, a wrapping source's). */
    static final class BufferSink extends Sink {
        Object[] items = new Object[16];
        int count;

        void accept(Object t) {
            if (count == items.length) {
                items = Arrays.copyOf(items, count * 2);
            }
            items[count++] = t;
        }
    }

    /** reduce's sink with an identity: the identity, then each element folded in. */
    static final class FoldSink extends Sink {
        private final Object seed;
        private final BiFunction<Object, Object, Object> reducer;
        Object state;

        FoldSink(Object seed, BiFunction<Object, Object, Object> reducer) {
            this.seed = seed;
            this.reducer = reducer;
        }

        void begin(long size) {
            state = seed;
        }

        void accept(Object t) {
            state = reducer.apply(state, t);
        }
    }

    /** reduce's sink without an identity: the first element, then each next one folded in. */
    static final class ReduceSink extends Sink {
        private final BinaryOperator<Object> operator;
        boolean empty;
        Object state;

        ReduceSink(BinaryOperator<Object> operator) {
            this.operator = operator;
        }

        void begin(long size) {
            empty = true;
            state = null;
        }

        void accept(Object t) {
            if (empty) {
                empty = false;
                state = t;
            } else {
                state = operator.apply(state, t);
            }
        }
    }

    /** collect's sink: a new container from the supplier, each element accumulated into it. */
    static final class CollectSink extends Sink {
        private final Supplier<Object> supplier;
        private final BiConsumer<Object, Object> accumulator;
        Object state;

        CollectSink(Supplier<Object> supplier, BiConsumer<Object, Object> accumulator) {
            this.supplier = supplier;
            this.accumulator = accumulator;
        }

        void begin(long size) {
            state = supplier.get();
        }

        void accept(Object t) {
            accumulator.accept(state, t);
        }
    }

    /** How a match ends: anyMatch stops at the first element matching, allMatch at the first failing, noneMatch at the first matching. */
    static final int ANY = 0;
    static final int ALL = 1;
    static final int NONE = 2;

    /** anyMatch's, allMatch's and noneMatch's sink (the JDK's MatchOps). */
    static final class MatchSink extends Sink {
        private final Predicate<Object> predicate;
        private final boolean stopOnPredicateMatches;
        private final boolean shortCircuitResult;
        private boolean stop;
        boolean value;

        MatchSink(Predicate<Object> predicate, int kind) {
            this.predicate = predicate;
            this.stopOnPredicateMatches = kind != ALL;
            this.shortCircuitResult = kind == ANY;
            this.value = !shortCircuitResult;
        }

        void accept(Object t) {
            if (!stop && predicate.test(t) == stopOnPredicateMatches) {
                stop = true;
                value = shortCircuitResult;
            }
        }

        boolean cancellationRequested() {
            return stop;
        }
    }

    /** findFirst's and findAny's sink: the first element, then a request to stop. */
    static final class FindSink extends Sink {
        boolean hasValue;
        Object value;

        void accept(Object t) {
            if (!hasValue) {
                hasValue = true;
                value = t;
            }
        }

        boolean cancellationRequested() {
            return hasValue;
        }
    }

    /** Runs a match into its sink: whether the stream matches. */
    final boolean match(Predicate<Object> predicate, int kind) {
        MatchSink sink = new MatchSink(predicate, kind);
        run(sink, true);
        return sink.value;
    }

    /** Runs a find into its sink. */
    final FindSink find() {
        FindSink sink = new FindSink();
        run(sink, true);
        return sink;
    }

    /** Runs reduce without an identity into its sink. */
    final ReduceSink reduceElements(BinaryOperator<Object> operator) {
        ReduceSink sink = new ReduceSink(operator);
        run(sink, false);
        return sink;
    }

    /** Runs reduce with an identity: the result. */
    final Object fold(Object seed, BiFunction<Object, Object, Object> reducer) {
        FoldSink sink = new FoldSink(seed, reducer);
        run(sink, false);
        return sink.state;
    }

    /** Runs a collect: the container. */
    final Object collectElements(Supplier<Object> supplier, BiConsumer<Object, Object> accumulator) {
        CollectSink sink = new CollectSink(supplier, accumulator);
        run(sink, false);
        return sink.state;
    }

    /** Runs forEach. */
    final void forEachElement(Consumer<Object> action) {
        run(new ForEachSink(action), false);
    }

    // Sources.

    /** Where a stream's elements come from (the JDK's Spliterator, as far as a sequential stream uses it). */
    abstract static class Source {
        /** How many elements it will give when known, else -1; a late-binding source binds. */
        abstract long exactSize();

        /** Gives `sink` the next element, if there is one. */
        abstract boolean tryAdvance(Sink sink);

        /** Gives `sink` every element left. */
        void forEachRemaining(Sink sink) {
            while (tryAdvance(sink)) {
                // Each step gave one element.
            }
        }
    }

    /** The elements of an array from index `from` to `to`, read when they are given (so a change of the array before is seen, as on the JVM). */
    abstract static class IndexedSource extends Source {
        private int index;
        private final int fence;

        IndexedSource(int from, int to) {
            this.index = from;
            this.fence = to;
        }

        abstract Object at(int i);

        long exactSize() {
            return fence - index;
        }

        boolean tryAdvance(Sink sink) {
            if (index < fence) {
                Object e = at(index++);
                sink.accept(e);
                return true;
            }
            return false;
        }

        void forEachRemaining(Sink sink) {
            int i = index;
            index = fence;
            for (; i < fence; i++) {
                sink.accept(at(i));
            }
        }
    }

    static final class ArraySource extends IndexedSource {
        private final Object[] array;

        ArraySource(Object[] array, int from, int to) {
            super(from, to);
            this.array = array;
        }

        Object at(int i) {
            return array[i];
        }
    }

    static final class IntArraySource extends IndexedSource {
        private final int[] array;

        IntArraySource(int[] array, int from, int to) {
            super(from, to);
            this.array = array;
        }

        Object at(int i) {
            return array[i];
        }
    }

    static final class LongArraySource extends IndexedSource {
        private final long[] array;

        LongArraySource(long[] array, int from, int to) {
            super(from, to);
            this.array = array;
        }

        Object at(int i) {
            return array[i];
        }
    }

    static final class DoubleArraySource extends IndexedSource {
        private final double[] array;

        DoubleArraySource(double[] array, int from, int to) {
            super(from, to);
            this.array = array;
        }

        Object at(int i) {
            return array[i];
        }
    }

    /** The JDK's check of an array range for a stream (Spliterators.checkFromToBounds). */
    static void checkFromToBounds(int length, int from, int to) {
        if (from > to) {
            throw new ArrayIndexOutOfBoundsException("origin(" + from + ") > fence(" + to + ")");
        }
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException(from);
        }
        if (to > length) {
            throw new ArrayIndexOutOfBoundsException(to);
        }
    }

    /**
     * The numbers from `from` below `upTo`, then `upTo` itself when `closed`: Integers or
     * Longs. `sized` is false for a range of more than Long.MAX_VALUE longs, whose size the
     * JDK does not know.
     */
    static final class RangeSource extends Source {
        private long from;
        private final long upTo;
        private boolean last;
        private final boolean ints;
        private final boolean sized;

        RangeSource(long from, long upTo, boolean closed, boolean ints, boolean sized) {
            this.from = from;
            this.upTo = upTo;
            this.last = closed;
            this.ints = ints;
            this.sized = sized;
        }

        long exactSize() {
            return sized ? upTo - from + (last ? 1 : 0) : -1;
        }

        private Object box(long v) {
            if (ints) {
                return (int) v;
            }
            return v;
        }

        boolean tryAdvance(Sink sink) {
            if (from < upTo) {
                long v = from;
                from++;
                sink.accept(box(v));
                return true;
            }
            if (last) {
                last = false;
                sink.accept(box(upTo));
                return true;
            }
            return false;
        }
    }

    /** `iterate(seed, f)`: the seed, then f of the element before, endlessly. */
    static final class IterateSource extends Source {
        private final Object seed;
        private final UnaryOperator<Object> f;
        private Object prev;
        private boolean started;

        IterateSource(Object seed, UnaryOperator<Object> f) {
            this.seed = seed;
            this.f = f;
        }

        long exactSize() {
            return -1;
        }

        boolean tryAdvance(Sink sink) {
            Object t;
            if (started) {
                t = f.apply(prev);
            } else {
                t = seed;
                started = true;
            }
            prev = t;
            sink.accept(t);
            return true;
        }
    }

    /** `iterate(seed, hasNext, next)`: the seed, then next of the element before, while hasNext holds. */
    static final class IterateWhileSource extends Source {
        private final Object seed;
        private final Predicate<Object> hasNext;
        private final UnaryOperator<Object> next;
        private Object prev;
        private boolean started;
        private boolean finished;

        IterateWhileSource(Object seed, Predicate<Object> hasNext, UnaryOperator<Object> next) {
            this.seed = seed;
            this.hasNext = hasNext;
            this.next = next;
        }

        long exactSize() {
            return -1;
        }

        boolean tryAdvance(Sink sink) {
            if (finished) {
                return false;
            }
            Object t;
            if (started) {
                t = next.apply(prev);
            } else {
                t = seed;
                started = true;
            }
            if (!hasNext.test(t)) {
                prev = null;
                finished = true;
                return false;
            }
            prev = t;
            sink.accept(t);
            return true;
        }

        void forEachRemaining(Sink sink) {
            if (finished) {
                return;
            }
            finished = true;
            Object t = started ? next.apply(prev) : seed;
            prev = null;
            while (hasNext.test(t)) {
                sink.accept(t);
                t = next.apply(t);
            }
        }
    }

    /** `generate(s)`: the supplier's values, endlessly. */
    static final class GenerateSource extends Source {
        private final Supplier<Object> s;

        GenerateSource(Supplier<Object> s) {
            this.s = s;
        }

        long exactSize() {
            return -1;
        }

        boolean tryAdvance(Sink sink) {
            sink.accept(s.get());
            return true;
        }
    }

    /**
     * A collection's elements through its iterator, bound when the stream runs (late-binding,
     * as the JDK's spliterators are: a change made before the terminal operation is seen).
     * Each JDK collection's spliterator reacts its own way to the collection changing while
     * the stream runs (most throw ConcurrentModificationException, some after the walk): roth
     * ends such a run as unrepeatable rather than guess, at the first element after a change
     * of the size or of what the iterator checks.
     */
    static final class CollectionSource extends Source {
        private final Collection<?> collection;
        private Iterator<?> it;
        private int size;

        CollectionSource(Collection<?> collection) {
            this.collection = collection;
        }

        private void bind() {
            if (it == null) {
                it = collection.iterator();
                size = collection.size();
            }
        }

        long exactSize() {
            bind();
            return size;
        }

        boolean tryAdvance(Sink sink) {
            bind();
            if (!it.hasNext()) {
                return false;
            }
            sink.accept(next());
            unchanged();
            return true;
        }

        void forEachRemaining(Sink sink) {
            bind();
            while (it.hasNext()) {
                sink.accept(next());
                unchanged();
            }
        }

        private Object next() {
            try {
                return it.next();
            } catch (ConcurrentModificationException e) {
                changed();
                return null;
            }
        }

        private void unchanged() {
            if (collection.size() != size) {
                changed();
            }
        }

        private static void changed() {
            unrepeatable("a stream whose source collection changed while it ran");
        }
    }

    /**
     * A stream's stages over its source as a source of their output (the JDK's
     * WrappingSpliterator): each step pushes source elements through the stages into a
     * buffer until something comes out (or everything, at a barrier), then gives the
     * buffered elements one by one.
     */
    static final class WrappingSource extends Source {
        private final AbstractPipeline pipeline;
        private Source source;
        private Sink sink;
        private BufferSink buffer;
        private int nextToConsume;
        private boolean finished;

        WrappingSource(AbstractPipeline pipeline) {
            this.pipeline = pipeline;
        }

        private void init() {
            if (source == null) {
                source = pipeline.takeSource();
            }
        }

        long exactSize() {
            init();
            return pipeline.exactOutputSize(source);
        }

        boolean tryAdvance(Sink action) {
            boolean hasNext = advance();
            if (hasNext) {
                action.accept(buffer.items[nextToConsume]);
            }
            return hasNext;
        }

        private boolean advance() {
            if (buffer == null) {
                if (finished) {
                    return false;
                }
                init();
                buffer = new BufferSink();
                sink = pipeline.wrap(buffer);
                nextToConsume = 0;
                sink.begin(source.exactSize());
                return fillBuffer();
            }
            nextToConsume++;
            boolean hasNext = nextToConsume < buffer.count;
            if (!hasNext) {
                nextToConsume = 0;
                buffer.count = 0;
                hasNext = fillBuffer();
            }
            return hasNext;
        }

        private boolean fillBuffer() {
            while (buffer.count == 0) {
                if (sink.cancellationRequested() || !source.tryAdvance(sink)) {
                    if (finished) {
                        return false;
                    }
                    sink.end();
                    finished = true;
                }
            }
            return true;
        }
    }
}
