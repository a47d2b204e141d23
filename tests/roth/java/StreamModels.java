import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

// java.util.stream of roth's model of the JDK (`src/program/jdk/java/util/stream/`) for the
// differential test (not a mutation subject): random pipelines over every kind of source,
// their stages and terminal operations, with lambdas that write what they see to a log, so
// the order in which the JVM runs them (element by element through the stateless stages,
// `sorted` as a barrier, `limit`, `findFirst` and the matches stopping early, `count` not
// running the stages of a sized stream) must be roth's too. Each method runs a random
// sequence of pipelines chosen by its seed (a small LCG) and returns the trace of their
// results, logs and exceptions (class and message; NullPointerException by class only, as
// roth does not model the JVM's helpful messages).
public class StreamModels {
    /** A small linear congruential generator: the same numbers on roth and on the JVM. */
    private static final class Lcg {
        private int state;

        Lcg(int seed) {
            state = seed;
        }

        int next(int bound) {
            state = state * 1103515245 + 12345;
            return ((state >>> 8) & 0xffffff) % bound;
        }

        /** A small Integer below `bound`, or (one time in `nulls`, when positive) null. */
        Integer value(int bound, int nulls) {
            if (nulls > 0 && next(nulls) == 0) {
                return null;
            }
            return next(bound);
        }
    }

    private static String thrown(Exception e) {
        if (e instanceof NullPointerException) {
            return "!NPE";
        }
        return "!" + e.getClass().getName() + ": " + e.getMessage();
    }

    private static int length(int length) {
        return Math.floorMod(length, 24);
    }

    private static int[] ints(Lcg r) {
        int[] a = new int[r.next(9)];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.next(21) - 8;
        }
        return a;
    }

    private static Integer[] boxes(Lcg r, int nulls) {
        Integer[] a = new Integer[r.next(9)];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.value(16, nulls);
        }
        return a;
    }

    private static List<Integer> list(Lcg r, int nulls) {
        return new ArrayList<Integer>(Arrays.asList(boxes(r, nulls)));
    }

    // IntStream.

    private static IntStream intSource(Lcg r, StringBuilder log) {
        switch (r.next(11)) {
            case 0: return IntStream.range(r.next(10) - 3, r.next(12) - 2);
            case 1: return IntStream.rangeClosed(r.next(10) - 3, r.next(12) - 2);
            case 2: return IntStream.of(ints(r));
            case 3: {
                int step = r.next(5) - 2;
                return IntStream.iterate(r.next(10), x -> {
                    log.append('i').append(x).append(' ');
                    return x + step;
                }).limit(r.next(8));
            }
            case 4: {
                int bound = r.next(30);
                return IntStream.iterate(r.next(5), x -> {
                    log.append('h').append(x).append(' ');
                    return x < bound;
                }, x -> x + 1 + x / 3);
            }
            case 5: {
                int[] a = ints(r);
                return Arrays.stream(a, r.next(a.length + 2) - 1, r.next(a.length + 3) - 1);
            }
            case 6: return IntStream.empty();
            case 7: {
                int[] c = {r.next(9)};
                return IntStream.generate(() -> {
                    log.append('g');
                    return c[0]++ * 3 % 7;
                }).limit(r.next(7));
            }
            case 8: return IntStream.of(r.next(20) - 10);
            case 9: return "a stream".chars().limit(r.next(10));
            default: {
                int[] a = ints(r);
                IntStream s = Arrays.stream(a);
                // A change of the array before the stream runs is seen.
                if (a.length > 0) {
                    a[0] = 99;
                }
                return s;
            }
        }
    }

    private static IntStream intStage(IntStream s, Lcg r, StringBuilder log) {
        int k = r.next(7);
        switch (r.next(14)) {
            case 0: return s.map(x -> {
                log.append('m').append(x).append(' ');
                return x * k - 3;
            });
            case 1: return s.filter(x -> {
                log.append('f').append(x).append(' ');
                return x % 3 != k % 3;
            });
            case 2: return s.peek(x -> log.append('p').append(x).append(' '));
            case 3: return s.sorted();
            case 4: return s.distinct();
            case 5: return s.limit(r.next(7) - 1);
            case 6: return s.skip(r.next(6) - 1);
            case 7: return s.takeWhile(x -> {
                log.append('t').append(x).append(' ');
                return x < k * 2;
            });
            case 8: return s.dropWhile(x -> {
                log.append('d').append(x).append(' ');
                return x < k;
            });
            case 9: return s.map(x -> 12 / (x - k));
            case 10: return s.flatMap(x -> IntStream.range(0, Math.floorMod(x, 3)).map(y -> {
                log.append('F').append(x).append(y).append(' ');
                return x * 10 + y;
            }));
            case 11: return s.boxed().map(x -> x + k).mapToInt(x -> x);
            case 12: return s.asLongStream().map(x -> x * 1000000007L).mapToInt(x -> (int) (x % 1000));
            default: return s.mapToDouble(x -> x / 4.0).mapToInt(x -> (int) Math.floor(x));
        }
    }

    private static String intTerminal(IntStream s, Lcg r, StringBuilder log) {
        int k = r.next(7);
        switch (r.next(19)) {
            case 0: return "s" + s.sum();
            case 1: return "mn" + s.min();
            case 2: return "mx" + s.max();
            case 3: return "av" + s.average();
            case 4: return "c" + s.count();
            case 5: return "any" + s.anyMatch(x -> {
                log.append('a').append(x).append(' ');
                return x > k;
            });
            case 6: return "all" + s.allMatch(x -> {
                log.append('l').append(x).append(' ');
                return x > k - 5;
            });
            case 7: return "none" + s.noneMatch(x -> {
                log.append('n').append(x).append(' ');
                return x == k;
            });
            case 8: return "ff" + s.findFirst() + (r.next(2) == 0 ? "" : "x");
            case 9: {
                StringBuilder o = new StringBuilder();
                s.forEach(x -> o.append(x).append(','));
                return "fe" + o;
            }
            case 10: return "a" + Arrays.toString(s.toArray());
            case 11: return "r" + s.reduce(k, (a, b) -> {
                log.append('r').append(a).append(b).append(' ');
                return a * 2 + b;
            });
            case 12: return "r1" + s.reduce((a, b) -> a - b);
            case 13: {
                IntSummaryStatistics st = s.summaryStatistics();
                return "ss" + st + st.getAverage() + st.getMin();
            }
            case 14: return "b" + s.boxed().collect(Collectors.toList());
            case 15: return "fa" + s.findAny();
            case 16: {
                StringBuilder o = new StringBuilder();
                s.forEachOrdered(x -> o.append(x).append(';'));
                return "fo" + o;
            }
            case 17: return "co" + s.collect(() -> new ArrayList<Integer>(), (l, x) -> l.add(x * 2),
                    (a, b) -> a.addAll(b));
            default: return "j" + s.mapToObj(x -> "<" + x + ">").collect(Collectors.joining("|"));
        }
    }

    /** IntStreams: every source, up to four stages, a terminal operation; a stage used twice. */
    public static String intPipelines(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            StringBuilder log = new StringBuilder();
            try {
                IntStream s = intSource(r, log);
                IntStream kept = null;
                int stages = r.next(5);
                for (int j = 0; j < stages; j++) {
                    if (r.next(10) == 0) {
                        kept = s;
                    }
                    s = intStage(s, r, log);
                }
                if (kept != null && r.next(2) == 0) {
                    s = kept;
                }
                sb.append(intTerminal(s, r, log));
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" {").append(log).append("} ");
        }
        return sb.toString();
    }

    // LongStream and DoubleStream.

    /** Powers of ten as literals (Math.pow may round differently on the JVM). */
    private static final double[] SCALES = {1e-10, 1e-5, 1e-3, 0.1, 1, 10, 1e3, 1e8, 1e16, 1e22, 1e25};

    /** Doubles whose sums lose bits: large and small magnitudes, signed zeros, infinities, NaN. */
    private static double[] doubles(Lcg r) {
        double[] a = new double[r.next(10)];
        for (int i = 0; i < a.length; i++) {
            int kind = r.next(20);
            if (kind == 0) {
                a[i] = Double.POSITIVE_INFINITY;
            } else if (kind == 1) {
                a[i] = Double.NEGATIVE_INFINITY;
            } else if (kind == 2) {
                a[i] = Double.NaN;
            } else if (kind == 3) {
                a[i] = -0.0;
            } else if (kind < 9) {
                a[i] = (r.next(2000) - 1000) * SCALES[r.next(SCALES.length)];
            } else {
                a[i] = (r.next(2000) - 1000) / 7.0;
            }
        }
        return a;
    }

    /** A double by its bits, so that sums compare bit for bit. */
    private static String bits(double d) {
        return d + "#" + Double.doubleToLongBits(d);
    }

    private static DoubleStream doubleSource(Lcg r) {
        switch (r.next(5)) {
            case 0: return DoubleStream.of(doubles(r));
            case 1: {
                double[] a = doubles(r);
                return Arrays.stream(a, 0, r.next(a.length + 1));
            }
            case 2: return DoubleStream.iterate(r.next(10) / 3.0, x -> x * 1.5 - 1).limit(r.next(9));
            case 3: return IntStream.range(0, r.next(9)).mapToDouble(x -> x * 0.1);
            default: return DoubleStream.empty();
        }
    }

    /** DoubleStreams: compensated sums and averages bit for bit, min and max with NaN and -0.0. */
    public static String doublePipelines(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            StringBuilder log = new StringBuilder();
            try {
                DoubleStream s = doubleSource(r);
                int stages = r.next(3);
                for (int j = 0; j < stages; j++) {
                    switch (r.next(7)) {
                        case 0: s = s.map(x -> {
                            log.append('m').append(x).append(' ');
                            return x * 3 - 0.1;
                        });
                            break;
                        case 1: s = s.filter(x -> x > -50); break;
                        case 2: s = s.sorted(); break;
                        case 3: s = s.distinct(); break;
                        case 4: s = s.peek(x -> log.append('p').append(x).append(' ')); break;
                        case 5: s = s.boxed().map(x -> x / 2).mapToDouble(x -> x); break;
                        default: s = s.limit(r.next(6)); break;
                    }
                }
                switch (r.next(12)) {
                    case 0: case 1: sb.append("s").append(bits(s.sum())); break;
                    case 2: {
                        java.util.OptionalDouble a = s.average();
                        sb.append("av").append(a.isPresent() ? bits(a.getAsDouble()) : "-");
                        break;
                    }
                    case 3: sb.append("mn").append(s.min()); break;
                    case 4: sb.append("mx").append(s.max()); break;
                    case 5: sb.append("a").append(Arrays.toString(s.toArray())); break;
                    case 6: sb.append("st").append(s.summaryStatistics().getSum()); break;
                    case 7: sb.append("r").append(s.reduce(1, (a, b) -> a * 0.5 + b)); break;
                    case 8: sb.append("c").append(s.count()); break;
                    case 9: sb.append("sd").append(bits(s.boxed().collect(Collectors.summingDouble(x -> x)))); break;
                    case 10: sb.append("ad").append(bits(s.boxed().collect(Collectors.averagingDouble(x -> x)))); break;
                    default: sb.append("ff").append(s.findFirst()); break;
                }
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" {").append(log).append("} ");
        }
        return sb.toString();
    }

    /** LongStreams: ranges (huge ones too), sums that overflow, averages, statistics. */
    public static String longPipelines(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            StringBuilder log = new StringBuilder();
            try {
                LongStream s;
                switch (r.next(6)) {
                    case 0: s = LongStream.range(r.next(10) - 4, r.next(10)); break;
                    case 1: s = LongStream.rangeClosed(Long.MAX_VALUE - r.next(5), Long.MAX_VALUE); break;
                    case 2: s = LongStream.of(Long.MAX_VALUE, r.next(100), Long.MIN_VALUE + r.next(3)); break;
                    case 3: s = LongStream.range(Long.MIN_VALUE, Long.MAX_VALUE).limit(r.next(4)); break;
                    case 4: s = LongStream.iterate(1, x -> x * -3).limit(r.next(30)); break;
                    default: s = Arrays.stream(new long[] {r.next(9), r.next(9), r.next(9)}); break;
                }
                int stages = r.next(3);
                for (int j = 0; j < stages; j++) {
                    switch (r.next(6)) {
                        case 0: s = s.map(x -> {
                            log.append('m').append(x).append(' ');
                            return x * 7;
                        });
                            break;
                        case 1: s = s.filter(x -> x % 2 == 0); break;
                        case 2: s = s.sorted(); break;
                        case 3: s = s.peek(x -> log.append('p').append(x).append(' ')); break;
                        case 4: s = s.skip(1); break;
                        default: s = s.distinct(); break;
                    }
                }
                switch (r.next(10)) {
                    case 0: sb.append("s").append(s.sum()); break;
                    case 1: sb.append("av").append(s.average()); break;
                    case 2: sb.append("mn").append(s.min()); break;
                    case 3: sb.append("mx").append(s.max()); break;
                    case 4: sb.append("c").append(s.count()); break;
                    case 5: sb.append("a").append(Arrays.toString(s.toArray())); break;
                    case 6: sb.append("st").append(s.summaryStatistics()); break;
                    case 7: sb.append("b").append(s.boxed().collect(Collectors.toList())); break;
                    case 8: sb.append("i").append(s.mapToInt(x -> (int) x).sum()); break;
                    default: sb.append("any").append(s.anyMatch(x -> x > 5)); break;
                }
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" {").append(log).append("} ");
        }
        return sb.toString();
    }

    // Stream<Integer>.

    private static Stream<Integer> refSource(Lcg r, StringBuilder log, int nulls) {
        switch (r.next(16)) {
            case 0: return Stream.of(boxes(r, nulls));
            case 1: return list(r, nulls).stream();
            case 2: return new LinkedList<Integer>(list(r, nulls)).stream();
            case 3: return new HashSet<Integer>(list(r, nulls)).stream();
            case 4: return new TreeSet<Integer>(list(r, 0)).stream();
            case 5: {
                TreeMap<Integer, Integer> m = new TreeMap<Integer, Integer>();
                for (Integer x : list(r, 0)) {
                    m.put(x, x * 3 % 7);
                }
                int k = r.next(16);
                switch (r.next(8)) {
                    case 0: return m.keySet().stream();
                    case 1: return m.values().stream();
                    case 2: return m.headMap(k).keySet().stream();
                    case 3: return m.descendingKeySet().stream();
                    case 4: return m.tailMap(k, true).values().stream();
                    case 5: return m.descendingMap().descendingMap().keySet().stream();
                    case 6: return new TreeSet<Integer>(m.keySet()).headSet(k, true).stream();
                    default: return new TreeSet<Integer>(m.keySet()).descendingSet().stream();
                }
            }
            case 6: return Stream.iterate(r.next(5), x -> {
                log.append('i').append(x).append(' ');
                return x + 2;
            }).limit(r.next(8));
            case 7: return Stream.iterate(1, x -> x < 40, x -> x * 2 + 1);
            case 8: {
                int[] c = {0};
                return Stream.generate(() -> c[0]++ * 5 % 9).limit(r.next(9));
            }
            case 9: {
                Integer[] a = boxes(r, nulls);
                return Arrays.stream(a, r.next(a.length + 1), a.length);
            }
            case 10: return Stream.empty();
            case 11: return Stream.of(r.value(10, nulls));
            case 12: return new ArrayDeque<Integer>(list(r, 0)).stream();
            case 13: return new LinkedHashSet<Integer>(list(r, nulls)).stream();
            case 14: return Arrays.asList(boxes(r, nulls)).stream();
            default: {
                HashMap<Integer, Integer> m = new HashMap<Integer, Integer>();
                for (Integer x : list(r, nulls)) {
                    m.put(x, x == null ? 0 : x * 7 % 10);
                }
                return r.next(2) == 0 ? m.keySet().stream() : m.values().stream();
            }
        }
    }

    private static Comparator<Integer> order(Lcg r) {
        switch (r.next(4)) {
            case 0: return Comparator.reverseOrder();
            case 1: return Comparator.nullsFirst(Comparator.naturalOrder());
            case 2: return (a, b) -> Integer.compare(a % 4, b % 4);
            default: return Comparator.comparing(x -> -x);
        }
    }

    private static Stream<Integer> refStage(Stream<Integer> s, Lcg r, StringBuilder log) {
        int k = r.next(7);
        switch (r.next(20)) {
            case 0: return s.filter(x -> {
                log.append('f').append(x).append(' ');
                return x == null || x % 3 != k % 3;
            });
            case 1: return s.map(x -> {
                log.append('m').append(x).append(' ');
                return x == null ? null : x * k - 5;
            });
            case 2: return s.peek(x -> log.append('p').append(x).append(' '));
            case 3: return s.sorted();
            case 4: return s.sorted(order(r));
            case 5: return s.distinct();
            case 6: return s.limit(r.next(7) - 1);
            case 7: return s.skip(r.next(6) - 1);
            case 8: return s.flatMap(x -> x == null ? null : Stream.of(x, -x).peek(y -> log.append('F').append(y).append(' ')));
            case 9: return s.flatMap(x -> Stream.iterate(x == null ? 0 : x, y -> y + 1).limit(3));
            case 10: return s.flatMap(x -> Stream.of(x, k, 3).sorted().peek(y -> log.append('S').append(y).append(' ')));
            case 11: return s.takeWhile(x -> {
                log.append('t').append(x).append(' ');
                return x == null || x < 10;
            });
            case 12: return s.dropWhile(x -> {
                log.append('d').append(x).append(' ');
                return x != null && x < k;
            });
            case 13: return s.mapToInt(x -> x).boxed();
            case 14: return s.map(x -> x * 2);
            case 15: return s.sorted(null);
            case 16: return s.map(null);
            case 17: return s.skip(0);
            case 18: {
                int n = r.next(3);
                return s.flatMap(x -> List.of(k, k + 1).stream().limit(n));
            }
            default: return s.sequential();
        }
    }

    private static String refTerminal(Stream<Integer> s, Lcg r, StringBuilder log) {
        int k = r.next(7);
        switch (r.next(40)) {
            case 0: {
                StringBuilder o = new StringBuilder();
                s.forEach(x -> o.append(x).append(','));
                return "fe" + o;
            }
            case 1: return "l" + s.collect(Collectors.toList());
            case 2: {
                List<Integer> l = s.toList();
                String t = "tl" + l + l.contains(null) + l.indexOf(null) + l.hashCode();
                try {
                    l.add(1);
                } catch (UnsupportedOperationException e) {
                    t += "uoe";
                }
                return t + l.equals(new ArrayList<Integer>(l));
            }
            case 3: return "set" + s.collect(Collectors.toSet());
            case 4: return "j" + s.map(x -> "" + x).collect(Collectors.joining(",", "[", "]"));
            case 5: return "c" + s.count();
            case 6: return "mn" + s.min(Comparator.naturalOrder());
            case 7: return "mx" + s.max(order(r));
            case 8: return "ff" + s.findFirst();
            case 9: return "any" + s.anyMatch(x -> {
                log.append('a').append(x).append(' ');
                return x != null && x > k;
            });
            case 10: return "all" + s.allMatch(x -> {
                log.append('l').append(x).append(' ');
                return x == null || x > k - 3;
            });
            case 11: return "none" + s.noneMatch(x -> x == null);
            case 12: return "r" + s.reduce(0, (a, b) -> a + b);
            case 13: return "r1" + s.reduce((a, b) -> a * 3 - b);
            case 14: return "r3" + s.reduce("", (acc, x) -> acc + x, (a, b) -> a + b);
            case 15: return "a" + Arrays.toString(s.toArray());
            case 16: return "g" + s.collect(Collectors.groupingBy(x -> x % 3));
            case 17: return "gc" + s.collect(Collectors.groupingBy(x -> x % 3, Collectors.counting()));
            case 18: return "gt" + s.collect(Collectors.groupingBy(x -> x % 4, () -> new TreeMap<Integer, Set<Integer>>(),
                    Collectors.toSet()));
            case 19: return "tm" + s.collect(Collectors.toMap(x -> x % 5, x -> x));
            case 20: return "tmm" + s.collect(Collectors.toMap(x -> x % 5, x -> x, (a, b) -> a * 10 + b));
            case 21: return "p" + s.collect(Collectors.partitioningBy(x -> x > k));
            case 22: return "si" + s.collect(Collectors.summingInt(x -> x));
            case 23: return "ai" + s.collect(Collectors.averagingInt(x -> x));
            case 24: return "co" + s.collect(() -> new ArrayList<Integer>(), (l, x) -> l.add(x), (a, b) -> a.addAll(b));
            case 25: return "mp" + s.collect(Collectors.groupingBy(x -> x % 2 == 0,
                    Collectors.mapping(x -> "v" + x, Collectors.joining("/"))));
            case 26: return "sm" + s.collect(Collectors.summarizingInt(x -> x));
            case 27: return "mb" + s.collect(Collectors.minBy(order(r)));
            case 28: return "rd" + s.collect(Collectors.reducing(k, (a, b) -> a + b)) + "";
            case 29: return "ct" + s.collect(Collectors.collectingAndThen(Collectors.toList(), l -> l.size()));
            case 30: return "fa" + s.findAny();
            case 31: return "tc" + s.collect(Collectors.toCollection(() -> new TreeSet<Integer>(order(r))));
            case 32: return "pc" + s.collect(Collectors.partitioningBy(x -> x % 2 == 0, Collectors.counting()));
            case 33: return "fl" + s.collect(Collectors.filtering(x -> x > k, Collectors.toList()));
            case 34: return "ul" + s.collect(Collectors.toUnmodifiableList());
            case 35: return "gs" + s.collect(Collectors.groupingBy(x -> x % 3, Collectors.summingInt(x -> x)));
            case 36: return "ga" + s.collect(Collectors.groupingBy(x -> x % 3, Collectors.averagingInt(x -> x)));
            case 37: return "mi" + s.mapToInt(x -> x).max();
            case 38: return "gn" + s.collect(Collectors.groupingBy(x -> x == null ? null : x % 2));
            default: return "ro" + s.collect(Collectors.reducing((a, b) -> a > b ? null : b));
        }
    }

    /** Streams of Integers (some null): every source, up to four stages, a terminal operation. */
    public static String refPipelines(int seed, int length) {
        Lcg r = new Lcg(seed);
        int nulls = r.next(2) == 0 ? 0 : 3 + r.next(10);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            StringBuilder log = new StringBuilder();
            try {
                Stream<Integer> s = refSource(r, log, nulls);
                Stream<Integer> kept = null;
                int stages = r.next(5);
                for (int j = 0; j < stages; j++) {
                    if (r.next(12) == 0) {
                        kept = s;
                    }
                    try {
                        s = refStage(s, r, log);
                    } catch (NullPointerException e) {
                        log.append("npe ");
                    }
                }
                if (kept != null && r.next(2) == 0) {
                    s = kept;
                }
                sb.append(refTerminal(s, r, log));
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" {").append(log).append("} ");
        }
        return sb.toString();
    }

    // Strings, words and collectors.

    private static final String[] WORDS = {"a", "bb", "cc", "Ab", "ba", "ccc", "", "b", "CA", "dd", "abc"};

    private static List<String> words(Lcg r) {
        List<String> l = new ArrayList<String>();
        int n = r.next(9);
        for (int i = 0; i < n; i++) {
            l.add(WORDS[r.next(WORDS.length)]);
        }
        return l;
    }

    /** Streams of strings as programs write them: lengths, groups, maps, joined text, chars. */
    public static String strings(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            List<String> w = words(r);
            StringBuilder log = new StringBuilder();
            try {
                switch (r.next(24)) {
                    case 0: sb.append(w.stream().map(s -> s.toUpperCase()).collect(Collectors.toList())); break;
                    case 1: sb.append(w.stream().filter(s -> s.length() > 1).count()); break;
                    case 2: sb.append(w.stream().sorted(Comparator.comparing(s -> s.length())).collect(Collectors.toList())); break;
                    case 3: sb.append(w.stream().sorted(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()))
                            .collect(Collectors.joining(" "))); break;
                    case 4: sb.append(w.stream().distinct().collect(Collectors.joining())); break;
                    case 5: sb.append(w.stream().collect(Collectors.groupingBy(String::length))); break;
                    case 6: sb.append(w.stream().collect(Collectors.toMap(s -> s, s -> s.length()))); break;
                    case 7: sb.append(w.stream().collect(Collectors.toMap(s -> s.length(), s -> s, (a, b) -> a + "+" + b))); break;
                    case 8: sb.append(w.stream().mapToInt(String::length).sum()); break;
                    case 9: sb.append(w.stream().flatMapToInt(s -> s.chars()).mapToObj(c -> "" + (char) c).collect(Collectors.joining(","))); break;
                    case 10: sb.append(w.stream().map(s -> s.length()).reduce(0, Integer::sum)); break;
                    case 11: sb.append(w.stream().max(Comparator.comparing(String::length))); break;
                    case 12: sb.append(w.stream().collect(Collectors.groupingBy(s -> s.isEmpty() ? '-' : s.charAt(0),
                            () -> new TreeMap<Character, Long>(), Collectors.counting()))); break;
                    case 13: sb.append(w.stream().anyMatch(s -> s.startsWith("c"))); break;
                    case 14: sb.append(w.stream().collect(Collectors.partitioningBy(s -> s.length() % 2 == 0, Collectors.joining("")))); break;
                    case 15: sb.append(w.stream().skip(1).limit(3).map(s -> s + "!").collect(Collectors.joining(", ", "<", ">"))); break;
                    case 16: sb.append(w.stream().flatMap(s -> s.chars().mapToObj(c -> "" + (char) c)).distinct().sorted().collect(Collectors.toList())); break;
                    case 17: {
                        Map<String, Integer> m = new HashMap<String, Integer>();
                        for (String s : w) {
                            m.merge(s, 1, Integer::sum);
                        }
                        sb.append(m.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(e -> e.getKey() + "=" + e.getValue())
                                .collect(Collectors.toList()));
                        break;
                    }
                    case 18: sb.append(w.stream().collect(Collectors.averagingDouble(s -> s.length() / 3.0))); break;
                    case 19: sb.append(w.stream().map(s -> s.isEmpty() ? null : s).collect(Collectors.toMap(s -> s.length(), s -> s))); break;
                    case 20: sb.append(w.stream().collect(Collectors.joining(null))); break;
                    case 21: sb.append(w.stream().mapToInt(s -> s.length()).boxed().collect(Collectors.toSet())); break;
                    case 22: {
                        Collector<String, StringBuilder, String> c = Collector.of(() -> new StringBuilder(),
                                (b, s) -> b.append(s.length()), (a, b) -> a.append(b), b -> b.reverse().toString());
                        sb.append(w.stream().collect(c)).append(c.characteristics());
                        Collector<String, List<String>, List<String>> d = Collector.of(() -> new ArrayList<String>(),
                                (l, s) -> l.add(s), (a, b) -> a, Collector.Characteristics.UNORDERED);
                        sb.append(w.stream().collect(d)).append(d.characteristics());
                        break;
                    }
                    default: {
                        Function<String, Integer> f = s -> {
                            log.append(s).append(' ');
                            return s.length();
                        };
                        sb.append(w.stream().map(f).filter(x -> x > 0).findFirst().orElse(-1));
                        break;
                    }
                }
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" {").append(log).append("} ");
        }
        return sb.toString();
    }

    /** Streams used up: twice, through a stage, by skip(0), by sorted(null); late binding of a list. */
    public static String reuse(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            List<Integer> l = list(r, 0);
            try {
                Stream<Integer> s = l.stream();
                switch (r.next(9)) {
                    case 0: s.count(); sb.append(s.count()); break;
                    case 1: s.map(x -> x + 1); sb.append(s.collect(Collectors.toList())); break;
                    case 2: {
                        Stream<Integer> t = s.skip(0);
                        sb.append(t == s).append(s.count()).append(t.count());
                        break;
                    }
                    case 3: {
                        try {
                            s.sorted(null);
                        } catch (NullPointerException e) {
                            sb.append("npe");
                        }
                        sb.append(s.count());
                        break;
                    }
                    case 4: {
                        try {
                            s.map(null);
                        } catch (NullPointerException e) {
                            sb.append("npe");
                        }
                        sb.append(s.count());
                        break;
                    }
                    case 5: {
                        l.add(7);
                        l.remove(0);
                        sb.append(s.collect(Collectors.toList()));
                        break;
                    }
                    case 6: {
                        Stream<Integer> t = s.filter(x -> x > 3);
                        sb.append(t.count());
                        sb.append(s.count());
                        break;
                    }
                    case 7: {
                        IntStream t = IntStream.range(0, r.next(5));
                        sb.append(t.limit(-1));
                        break;
                    }
                    default: {
                        Stream<Integer> inner = Stream.of(1, 2);
                        sb.append(s.flatMap(x -> inner).collect(Collectors.toList()));
                        break;
                    }
                }
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.toString();
    }

    /** count() of sized streams runs no stage; of others it runs them all. */
    public static String counts(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            StringBuilder log = new StringBuilder();
            try {
                Stream<Integer> s = refSource(r, log, 0);
                int stages = r.next(4);
                for (int j = 0; j < stages; j++) {
                    switch (r.next(8)) {
                        case 0: s = s.map(x -> {
                            log.append('m').append(x).append(' ');
                            return x;
                        });
                            break;
                        case 1: s = s.peek(x -> log.append('p').append(x).append(' ')); break;
                        case 2: s = s.sorted(); break;
                        case 3: s = s.limit(r.next(6)); break;
                        case 4: s = s.skip(r.next(6)); break;
                        case 5: s = s.filter(x -> x > 2); break;
                        case 6: s = s.distinct(); break;
                        default: s = s.flatMap(x -> Stream.of(x)); break;
                    }
                }
                sb.append(s.count());
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" {").append(log).append("} ");
        }
        return sb.toString();
    }

    /** Short-circuits over endless sources: nothing runs past what the JVM takes. */
    public static String endless(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            StringBuilder log = new StringBuilder();
            int k = r.next(20);
            try {
                Stream<Integer> s = Stream.iterate(1, x -> {
                    log.append('i').append(x).append(' ');
                    return x + 1;
                });
                switch (r.next(8)) {
                    case 0: sb.append(s.filter(x -> x % 3 == 0).findFirst()); break;
                    case 1: sb.append(s.map(x -> x * x).anyMatch(x -> x > k)); break;
                    case 2: sb.append(s.takeWhile(x -> x < k % 7).collect(Collectors.toList())); break;
                    case 3: sb.append(s.flatMap(x -> Stream.iterate(x, y -> y * 2)).limit(k % 6).collect(Collectors.toList())); break;
                    case 4: sb.append(s.peek(x -> log.append('p')).limit(k % 5).sorted(Comparator.reverseOrder()).findFirst()); break;
                    case 5: sb.append(s.allMatch(x -> x < k)); break;
                    case 6: sb.append(IntStream.generate(() -> 7).map(x -> x + k).limit(3).sum()); break;
                    default: sb.append(s.map(x -> x * 3).filter(x -> x % 2 == 0).skip(2).findFirst()); break;
                }
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(" {").append(log).append("} ");
        }
        return sb.toString();
    }

    /** Optional results of streams, and a stream from a collection of the caller's. */
    public static String optionals(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            Collection<Integer> c = r.next(2) == 0 ? list(r, 4) : new TreeSet<Integer>(list(r, 0));
            try {
                Optional<Integer> o = c.stream().filter(x -> x == null || x > 3).findFirst();
                sb.append(o).append(o.map(x -> x * 2).orElse(-1));
                sb.append(c.stream().map(x -> x == null ? 0 : x).max(Integer::compare).get());
            } catch (RuntimeException e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.toString();
    }
}
