package java.util.stream;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.Iterator;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * roth's model of java.util.stream.Collectors (JDK 17): the collectors with the JDK's
 * containers (ArrayList, HashSet, HashMap, StringBuilder, StringJoiner, arrays for the sums
 * and averages), the same calls on them in the same order, and the same messages: a null key
 * of groupingBy, toMap's duplicate key. Sums and averages of doubles use the JDK's
 * compensated (Kahan) summation. `joining` takes any elements and appends their text, which
 * is what the JDK's does with the CharSequences it takes (roth does not model that
 * interface). Not modelled: the concurrent collectors, `teeing`, `flatMapping`,
 * `toUnmodifiableSet` and `toUnmodifiableMap` (whose iteration order the JVM draws at random).
 */
public final class Collectors {
    private Collectors() {
    }

    static final Set<Collector.Characteristics> CH_ID = new CharacteristicSet(false, false, true);
    static final Set<Collector.Characteristics> CH_NOID = new CharacteristicSet(false, false, false);

    /**
     * The set of characteristics `Collector.of` gives: those named, with IDENTITY_FINISH when
     * `identity` (a NullPointerException for a null one, as EnumSet's).
     */
    static Set<Collector.Characteristics> characteristics(boolean identity, Collector.Characteristics[] named) {
        boolean concurrent = false;
        boolean unordered = false;
        boolean identityFinish = identity;
        for (Collector.Characteristics c : named) {
            Objects.requireNonNull(c);
            concurrent |= c == Collector.Characteristics.CONCURRENT;
            unordered |= c == Collector.Characteristics.UNORDERED;
            identityFinish |= c == Collector.Characteristics.IDENTITY_FINISH;
        }
        return new CharacteristicSet(concurrent, unordered, identityFinish);
    }

    /**
     * An unmodifiable set of characteristics in the enum's order, as the JDK's unmodifiable
     * EnumSets (roth's own: no hashing, which enums' identity hash codes would make
     * unrepeatable).
     */
    static final class CharacteristicSet extends AbstractSet<Collector.Characteristics> {
        private final boolean[] members;

        CharacteristicSet(boolean concurrent, boolean unordered, boolean identityFinish) {
            members = new boolean[] {concurrent, unordered, identityFinish};
        }

        public int size() {
            int n = 0;
            for (boolean m : members) {
                n += m ? 1 : 0;
            }
            return n;
        }

        public boolean contains(Object o) {
            for (Collector.Characteristics c : Collector.Characteristics.values()) {
                if (c == o) {
                    return members[c.ordinal()];
                }
            }
            return false;
        }

        public Iterator<Collector.Characteristics> iterator() {
            return new Iterator<Collector.Characteristics>() {
                private int next = skip(0);

                private int skip(int i) {
                    while (i < members.length && !members[i]) {
                        i++;
                    }
                    return i;
                }

                public boolean hasNext() {
                    return next < members.length;
                }

                public Collector.Characteristics next() {
                    if (next >= members.length) {
                        throw new NoSuchElementException();
                    }
                    Collector.Characteristics c = Collector.Characteristics.values()[next];
                    next = skip(next + 1);
                    return c;
                }
            };
        }

        /** The same set without IDENTITY_FINISH (for collectingAndThen). */
        CharacteristicSet withoutIdentityFinish() {
            return new CharacteristicSet(members[0], members[1], false);
        }

        public boolean add(Collector.Characteristics c) {
            throw new UnsupportedOperationException();
        }

        public boolean remove(Object o) {
            throw new UnsupportedOperationException();
        }

        public void clear() {
            throw new UnsupportedOperationException();
        }
    }

    /** The JDK's CollectorImpl: the collector's five parts as given. */
    static final class CollectorImpl<T, A, R> implements Collector<T, A, R> {
        private final Supplier<A> supplier;
        private final BiConsumer<A, T> accumulator;
        private final BinaryOperator<A> combiner;
        private final Function<A, R> finisher;
        private final Set<Collector.Characteristics> characteristics;

        CollectorImpl(Supplier<A> supplier, BiConsumer<A, T> accumulator, BinaryOperator<A> combiner,
                Function<A, R> finisher, Set<Collector.Characteristics> characteristics) {
            this.supplier = supplier;
            this.accumulator = accumulator;
            this.combiner = combiner;
            this.finisher = finisher;
            this.characteristics = characteristics;
        }

        public Supplier<A> supplier() {
            return supplier;
        }

        public BiConsumer<A, T> accumulator() {
            return accumulator;
        }

        public BinaryOperator<A> combiner() {
            return combiner;
        }

        public Function<A, R> finisher() {
            return finisher;
        }

        public Set<Collector.Characteristics> characteristics() {
            return characteristics;
        }
    }

    /** The identity finisher of a collector whose container is its result. */
    @SuppressWarnings("unchecked")
    private static <A, R> Function<A, R> castingIdentity() {
        return a -> (R) a;
    }

    /** An unmodifiable list allowing nulls, as Stream.toList gives (the JDK reaches it through SharedSecrets). */
    static List<Object> listAllowingNulls(Object[] elements) {
        return java.util.ImmutableCollections.listFromTrustedArrayNullsAllowed(elements);
    }

    public static <T, C extends Collection<T>> Collector<T, ?, C> toCollection(Supplier<C> collectionFactory) {
        BiConsumer<C, T> add = (c, t) -> c.add(t);
        BinaryOperator<C> merge = (r1, r2) -> {
            r1.addAll(r2);
            return r1;
        };
        return new CollectorImpl<T, C, C>(collectionFactory, add, merge, castingIdentity(), CH_ID);
    }

    public static <T> Collector<T, ?, List<T>> toList() {
        Supplier<List<T>> supplier = () -> new ArrayList<T>();
        BiConsumer<List<T>, T> add = (l, t) -> l.add(t);
        BinaryOperator<List<T>> merge = (left, right) -> {
            left.addAll(right);
            return left;
        };
        return new CollectorImpl<T, List<T>, List<T>>(supplier, add, merge, castingIdentity(), CH_ID);
    }

    /** The list copied by List.copyOf: a NullPointerException for a null element. */
    public static <T> Collector<T, ?, List<T>> toUnmodifiableList() {
        Supplier<List<T>> supplier = () -> new ArrayList<T>();
        BiConsumer<List<T>, T> add = (l, t) -> l.add(t);
        BinaryOperator<List<T>> merge = (left, right) -> {
            left.addAll(right);
            return left;
        };
        Function<List<T>, List<T>> finisher = l -> List.copyOf(l);
        return new CollectorImpl<T, List<T>, List<T>>(supplier, add, merge, finisher, CH_NOID);
    }

    public static <T> Collector<T, ?, Set<T>> toSet() {
        Supplier<Set<T>> supplier = () -> new HashSet<T>();
        BiConsumer<Set<T>, T> add = (s, t) -> s.add(t);
        BinaryOperator<Set<T>> merge = (left, right) -> {
            if (left.size() < right.size()) {
                right.addAll(left);
                return right;
            }
            left.addAll(right);
            return left;
        };
        return new CollectorImpl<T, Set<T>, Set<T>>(supplier, add, merge, castingIdentity(), CH_ID);
    }

    /** Each element's text appended to a StringBuilder. */
    public static Collector<Object, ?, String> joining() {
        Supplier<StringBuilder> supplier = () -> new StringBuilder();
        BiConsumer<StringBuilder, Object> append = (sb, t) -> sb.append(t);
        BinaryOperator<StringBuilder> merge = (r1, r2) -> {
            r1.append(r2);
            return r1;
        };
        Function<StringBuilder, String> finisher = sb -> sb.toString();
        return new CollectorImpl<Object, StringBuilder, String>(supplier, append, merge, finisher, CH_NOID);
    }

    public static Collector<Object, ?, String> joining(String delimiter) {
        return joining(delimiter, "", "");
    }

    /** Through a StringJoiner made when the collection starts (its null checks then). */
    public static Collector<Object, ?, String> joining(String delimiter, String prefix, String suffix) {
        Supplier<StringJoiner> supplier = () -> new StringJoiner(delimiter, prefix, suffix);
        BiConsumer<StringJoiner, Object> add = (j, t) -> j.add(String.valueOf(t));
        BinaryOperator<StringJoiner> merge = (a, b) -> a.merge(b);
        Function<StringJoiner, String> finisher = j -> j.toString();
        return new CollectorImpl<Object, StringJoiner, String>(supplier, add, merge, finisher, CH_NOID);
    }

    public static <T, U, A, R> Collector<T, ?, R> mapping(Function<? super T, ? extends U> mapper,
            Collector<? super U, A, R> downstream) {
        BiConsumer<A, ? super U> downstreamAccumulator = downstream.accumulator();
        BiConsumer<A, T> accumulator = (r, t) -> downstreamAccumulator.accept(r, mapper.apply(t));
        return new CollectorImpl<T, A, R>(downstream.supplier(), accumulator, downstream.combiner(),
                downstream.finisher(), downstream.characteristics());
    }

    public static <T, A, R> Collector<T, ?, R> filtering(Predicate<? super T> predicate,
            Collector<? super T, A, R> downstream) {
        BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        BiConsumer<A, T> accumulator = (r, t) -> {
            if (predicate.test(t)) {
                downstreamAccumulator.accept(r, t);
            }
        };
        return new CollectorImpl<T, A, R>(downstream.supplier(), accumulator, downstream.combiner(),
                downstream.finisher(), downstream.characteristics());
    }

    @SuppressWarnings("unchecked")
    public static <T, A, R, RR> Collector<T, A, RR> collectingAndThen(Collector<T, A, R> downstream,
            Function<R, RR> finisher) {
        Set<Collector.Characteristics> characteristics = downstream.characteristics();
        if (characteristics.contains(Collector.Characteristics.IDENTITY_FINISH)) {
            if (characteristics.size() == 1) {
                characteristics = CH_NOID;
            } else {
                boolean concurrent = characteristics.contains(Collector.Characteristics.CONCURRENT);
                boolean unordered = characteristics.contains(Collector.Characteristics.UNORDERED);
                characteristics = new CharacteristicSet(concurrent, unordered, false);
            }
        }
        return new CollectorImpl<T, A, RR>(downstream.supplier(), downstream.accumulator(), downstream.combiner(),
                downstream.finisher().andThen(finisher), characteristics);
    }

    /** As the JDK's: summingLong of 1 for each element. */
    public static <T> Collector<T, ?, Long> counting() {
        return summingLong(e -> 1L);
    }

    public static <T> Collector<T, ?, Optional<T>> minBy(Comparator<? super T> comparator) {
        return reducing(BinaryOperator.minBy(comparator));
    }

    public static <T> Collector<T, ?, Optional<T>> maxBy(Comparator<? super T> comparator) {
        return reducing(BinaryOperator.maxBy(comparator));
    }

    public static <T> Collector<T, ?, Integer> summingInt(ToIntFunction<? super T> mapper) {
        Supplier<int[]> supplier = () -> new int[1];
        BiConsumer<int[], T> accumulator = (a, t) -> {
            a[0] += mapper.applyAsInt(t);
        };
        BinaryOperator<int[]> merge = (a, b) -> {
            a[0] += b[0];
            return a;
        };
        Function<int[], Integer> finisher = a -> a[0];
        return new CollectorImpl<T, int[], Integer>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    public static <T> Collector<T, ?, Long> summingLong(ToLongFunction<? super T> mapper) {
        Supplier<long[]> supplier = () -> new long[1];
        BiConsumer<long[], T> accumulator = (a, t) -> {
            a[0] += mapper.applyAsLong(t);
        };
        BinaryOperator<long[]> merge = (a, b) -> {
            a[0] += b[0];
            return a;
        };
        Function<long[], Long> finisher = a -> a[0];
        return new CollectorImpl<T, long[], Long>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    /** The compensated sum; the plain sum in the last slot, for infinities. */
    public static <T> Collector<T, ?, Double> summingDouble(ToDoubleFunction<? super T> mapper) {
        Supplier<double[]> supplier = () -> new double[3];
        BiConsumer<double[], T> accumulator = (a, t) -> {
            double val = mapper.applyAsDouble(t);
            sumWithCompensation(a, val);
            a[2] += val;
        };
        BinaryOperator<double[]> merge = (a, b) -> {
            sumWithCompensation(a, b[0]);
            a[2] += b[2];
            sumWithCompensation(a, -b[1]);
            return a;
        };
        Function<double[], Double> finisher = a -> computeFinalSum(a);
        return new CollectorImpl<T, double[], Double>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    /**
     * Adds `value` to the running sum in `intermediateSum[0]` with Kahan's compensation: the
     * low-order bits lost by the last addition are kept (negated) in `intermediateSum[1]` and
     * taken off the next value.
     */
    static double[] sumWithCompensation(double[] intermediateSum, double value) {
        double tmp = value - intermediateSum[1];
        double sum = intermediateSum[0];
        double velvel = sum + tmp;
        intermediateSum[1] = (velvel - sum) - tmp;
        intermediateSum[0] = velvel;
        return intermediateSum;
    }

    /**
     * The compensated sum with its last correction applied; the plain sum (the array's last
     * slot) when that is infinite and the compensated one is NaN (infinities of one sign).
     */
    static double computeFinalSum(double[] summands) {
        double tmp = summands[0] - summands[1];
        double simpleSum = summands[summands.length - 1];
        if (Double.isNaN(tmp) && Double.isInfinite(simpleSum)) {
            return simpleSum;
        }
        return tmp;
    }

    public static <T> Collector<T, ?, Double> averagingInt(ToIntFunction<? super T> mapper) {
        Supplier<long[]> supplier = () -> new long[2];
        BiConsumer<long[], T> accumulator = (a, t) -> {
            a[0] += mapper.applyAsInt(t);
            a[1]++;
        };
        BinaryOperator<long[]> merge = (a, b) -> {
            a[0] += b[0];
            a[1] += b[1];
            return a;
        };
        Function<long[], Double> finisher = a -> (a[1] == 0) ? 0.0d : (double) a[0] / a[1];
        return new CollectorImpl<T, long[], Double>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    public static <T> Collector<T, ?, Double> averagingLong(ToLongFunction<? super T> mapper) {
        Supplier<long[]> supplier = () -> new long[2];
        BiConsumer<long[], T> accumulator = (a, t) -> {
            a[0] += mapper.applyAsLong(t);
            a[1]++;
        };
        BinaryOperator<long[]> merge = (a, b) -> {
            a[0] += b[0];
            a[1] += b[1];
            return a;
        };
        Function<long[], Double> finisher = a -> (a[1] == 0) ? 0.0d : (double) a[0] / a[1];
        return new CollectorImpl<T, long[], Double>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    public static <T> Collector<T, ?, Double> averagingDouble(ToDoubleFunction<? super T> mapper) {
        Supplier<double[]> supplier = () -> new double[4];
        BiConsumer<double[], T> accumulator = (a, t) -> {
            double val = mapper.applyAsDouble(t);
            sumWithCompensation(a, val);
            a[2]++;
            a[3] += val;
        };
        BinaryOperator<double[]> merge = (a, b) -> {
            sumWithCompensation(a, b[0]);
            sumWithCompensation(a, -b[1]);
            a[2] += b[2];
            a[3] += b[3];
            return a;
        };
        Function<double[], Double> finisher = a -> (a[2] == 0) ? 0.0d : (computeFinalSum(a) / a[2]);
        return new CollectorImpl<T, double[], Double>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    /** The identity, then each element folded in, in a one-slot array. */
    @SuppressWarnings("unchecked")
    public static <T> Collector<T, ?, T> reducing(T identity, BinaryOperator<T> op) {
        Supplier<Object[]> supplier = () -> new Object[] {identity};
        BiConsumer<Object[], T> accumulator = (a, t) -> {
            a[0] = op.apply((T) a[0], t);
        };
        BinaryOperator<Object[]> merge = (a, b) -> {
            a[0] = op.apply((T) a[0], (T) b[0]);
            return a;
        };
        Function<Object[], T> finisher = a -> (T) a[0];
        return new CollectorImpl<T, Object[], T>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    /** The JDK's OptionalBox: the first element, then each next one folded in. */
    static final class OptionalBox<T> {
        private final BinaryOperator<T> op;
        T value;
        boolean present;

        OptionalBox(BinaryOperator<T> op) {
            this.op = op;
        }

        void accept(T t) {
            if (present) {
                value = op.apply(value, t);
            } else {
                value = t;
                present = true;
            }
        }
    }

    /** Optional.ofNullable of the fold: a null result is an empty Optional here. */
    public static <T> Collector<T, ?, Optional<T>> reducing(BinaryOperator<T> op) {
        Supplier<OptionalBox<T>> supplier = () -> new OptionalBox<T>(op);
        BiConsumer<OptionalBox<T>, T> accumulator = (box, t) -> box.accept(t);
        BinaryOperator<OptionalBox<T>> merge = (a, b) -> {
            if (b.present) {
                a.accept(b.value);
            }
            return a;
        };
        Function<OptionalBox<T>, Optional<T>> finisher = a -> Optional.ofNullable(a.value);
        return new CollectorImpl<T, OptionalBox<T>, Optional<T>>(supplier, accumulator, merge, finisher, CH_NOID);
    }

    public static <T, K> Collector<T, ?, Map<K, List<T>>> groupingBy(Function<? super T, ? extends K> classifier) {
        return groupingBy(classifier, toList());
    }

    public static <T, K, A, D> Collector<T, ?, Map<K, D>> groupingBy(Function<? super T, ? extends K> classifier,
            Collector<? super T, A, D> downstream) {
        Supplier<Map<K, D>> factory = () -> new HashMap<K, D>();
        return groupingBy(classifier, factory, downstream);
    }

    /**
     * As the JDK's: the downstream's parts asked for at once; each element's key (never null:
     * "element cannot be mapped to a null key") gets its container by computeIfAbsent; the
     * containers finished in place by replaceAll unless the downstream has IDENTITY_FINISH.
     */
    @SuppressWarnings("unchecked")
    public static <T, K, D, A, M extends Map<K, D>> Collector<T, ?, M> groupingBy(
            Function<? super T, ? extends K> classifier, Supplier<M> mapFactory,
            Collector<? super T, A, D> downstream) {
        Supplier<A> downstreamSupplier = downstream.supplier();
        BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        BiConsumer<Map<K, A>, T> accumulator = (m, t) -> {
            K key = Objects.requireNonNull(classifier.apply(t), "element cannot be mapped to a null key");
            A container = m.computeIfAbsent(key, k -> downstreamSupplier.get());
            downstreamAccumulator.accept(container, t);
        };
        BinaryOperator<A> downstreamCombiner = downstream.combiner();
        BinaryOperator<Map<K, A>> merger = (m1, m2) -> {
            for (Map.Entry<K, A> e : m2.entrySet()) {
                m1.merge(e.getKey(), e.getValue(), downstreamCombiner);
            }
            return m1;
        };
        Supplier<Map<K, A>> mangledFactory = (Supplier<Map<K, A>>) (Supplier<?>) mapFactory;
        if (downstream.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return new CollectorImpl<T, Map<K, A>, M>(mangledFactory, accumulator, merger, castingIdentity(), CH_ID);
        }
        Function<A, A> downstreamFinisher = (Function<A, A>) (Function<?, ?>) downstream.finisher();
        Function<Map<K, A>, M> finisher = intermediate -> {
            intermediate.replaceAll((k, v) -> downstreamFinisher.apply(v));
            return (M) intermediate;
        };
        return new CollectorImpl<T, Map<K, A>, M>(mangledFactory, accumulator, merger, finisher, CH_NOID);
    }

    public static <T> Collector<T, ?, Map<Boolean, List<T>>> partitioningBy(Predicate<? super T> predicate) {
        return partitioningBy(predicate, toList());
    }

    /** Into a map of false then true, each key's container made (true's first) when the collection starts. */
    @SuppressWarnings("unchecked")
    public static <T, D, A> Collector<T, ?, Map<Boolean, D>> partitioningBy(Predicate<? super T> predicate,
            Collector<? super T, A, D> downstream) {
        BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        BiConsumer<Partition<A>, T> accumulator = (result, t) ->
                downstreamAccumulator.accept(predicate.test(t) ? result.forTrue : result.forFalse, t);
        BinaryOperator<A> op = downstream.combiner();
        BinaryOperator<Partition<A>> merger = (left, right) ->
                new Partition<A>(op.apply(left.forTrue, right.forTrue), op.apply(left.forFalse, right.forFalse));
        Supplier<Partition<A>> supplier = () -> new Partition<A>(downstream.supplier().get(), downstream.supplier().get());
        if (downstream.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            Function<Partition<A>, Map<Boolean, D>> identity = p -> (Map<Boolean, D>) (Map<Boolean, ?>) p;
            return new CollectorImpl<T, Partition<A>, Map<Boolean, D>>(supplier, accumulator, merger, identity, CH_ID);
        }
        Function<Partition<A>, Map<Boolean, D>> finisher = par ->
                new Partition<D>(downstream.finisher().apply(par.forTrue), downstream.finisher().apply(par.forFalse));
        return new CollectorImpl<T, Partition<A>, Map<Boolean, D>>(supplier, accumulator, merger, finisher, CH_NOID);
    }

    /** partitioningBy's map: false's value, then true's; unmodifiable. */
    static final class Partition<T> extends AbstractMap<Boolean, T> {
        final T forTrue;
        final T forFalse;

        Partition(T forTrue, T forFalse) {
            this.forTrue = forTrue;
            this.forFalse = forFalse;
        }

        public Set<Map.Entry<Boolean, T>> entrySet() {
            return new AbstractSet<Map.Entry<Boolean, T>>() {
                public Iterator<Map.Entry<Boolean, T>> iterator() {
                    Map.Entry<Boolean, T> falseEntry = new AbstractMap.SimpleImmutableEntry<Boolean, T>(false, forFalse);
                    Map.Entry<Boolean, T> trueEntry = new AbstractMap.SimpleImmutableEntry<Boolean, T>(true, forTrue);
                    return List.of(falseEntry, trueEntry).iterator();
                }

                public int size() {
                    return 2;
                }
            };
        }
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper) {
        Supplier<Map<K, U>> supplier = () -> new HashMap<K, U>();
        BiConsumer<Map<K, U>, T> accumulator = (map, element) -> {
            K k = keyMapper.apply(element);
            U v = Objects.requireNonNull(valueMapper.apply(element));
            U u = map.putIfAbsent(k, v);
            if (u != null) {
                throw duplicateKeyException(k, u, v);
            }
        };
        BinaryOperator<Map<K, U>> merger = (m1, m2) -> {
            for (Map.Entry<K, U> e : m2.entrySet()) {
                K k = e.getKey();
                U v = Objects.requireNonNull(e.getValue());
                U u = m1.putIfAbsent(k, v);
                if (u != null) {
                    throw duplicateKeyException(k, u, v);
                }
            }
            return m1;
        };
        return new CollectorImpl<T, Map<K, U>, Map<K, U>>(supplier, accumulator, merger, castingIdentity(), CH_ID);
    }

    /** The JDK's message, with each value's text as String.format's %s gives it. */
    private static IllegalStateException duplicateKeyException(Object k, Object u, Object v) {
        return new IllegalStateException("Duplicate key " + k + " (attempted merging values " + u + " and " + v + ")");
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper, BinaryOperator<U> mergeFunction) {
        Supplier<Map<K, U>> supplier = () -> new HashMap<K, U>();
        return toMap(keyMapper, valueMapper, mergeFunction, supplier);
    }

    /** Each element merged into the map by Map.merge (a null value: NullPointerException). */
    public static <T, K, U, M extends Map<K, U>> Collector<T, ?, M> toMap(Function<? super T, ? extends K> keyMapper,
            Function<? super T, ? extends U> valueMapper, BinaryOperator<U> mergeFunction, Supplier<M> mapFactory) {
        BiConsumer<M, T> accumulator = (map, element) ->
                map.merge(keyMapper.apply(element), valueMapper.apply(element), mergeFunction);
        BinaryOperator<M> merger = (m1, m2) -> {
            for (Map.Entry<K, U> e : m2.entrySet()) {
                m1.merge(e.getKey(), e.getValue(), mergeFunction);
            }
            return m1;
        };
        return new CollectorImpl<T, M, M>(mapFactory, accumulator, merger, castingIdentity(), CH_ID);
    }

    public static <T> Collector<T, ?, IntSummaryStatistics> summarizingInt(ToIntFunction<? super T> mapper) {
        Supplier<IntSummaryStatistics> supplier = () -> new IntSummaryStatistics();
        BiConsumer<IntSummaryStatistics, T> accumulator = (r, t) -> r.accept(mapper.applyAsInt(t));
        BinaryOperator<IntSummaryStatistics> merge = (l, r) -> {
            l.combine(r);
            return l;
        };
        return new CollectorImpl<T, IntSummaryStatistics, IntSummaryStatistics>(supplier, accumulator, merge,
                castingIdentity(), CH_ID);
    }

    public static <T> Collector<T, ?, LongSummaryStatistics> summarizingLong(ToLongFunction<? super T> mapper) {
        Supplier<LongSummaryStatistics> supplier = () -> new LongSummaryStatistics();
        BiConsumer<LongSummaryStatistics, T> accumulator = (r, t) -> r.accept(mapper.applyAsLong(t));
        BinaryOperator<LongSummaryStatistics> merge = (l, r) -> {
            l.combine(r);
            return l;
        };
        return new CollectorImpl<T, LongSummaryStatistics, LongSummaryStatistics>(supplier, accumulator, merge,
                castingIdentity(), CH_ID);
    }

    public static <T> Collector<T, ?, DoubleSummaryStatistics> summarizingDouble(ToDoubleFunction<? super T> mapper) {
        Supplier<DoubleSummaryStatistics> supplier = () -> new DoubleSummaryStatistics();
        BiConsumer<DoubleSummaryStatistics, T> accumulator = (r, t) -> r.accept(mapper.applyAsDouble(t));
        BinaryOperator<DoubleSummaryStatistics> merge = (l, r) -> {
            l.combine(r);
            return l;
        };
        return new CollectorImpl<T, DoubleSummaryStatistics, DoubleSummaryStatistics>(supplier, accumulator, merge,
                castingIdentity(), CH_ID);
    }
}
