import java.util.BitSet;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Random;
import java.util.StringJoiner;

// The small classes of java.util roth models in Java (`src/program/jdk/java/util/`): Optional
// and its primitive forms, StringJoiner, a seeded Random and BitSet, for the differential
// test (not a mutation subject). Each method runs a random sequence of operations chosen by
// its own LCG from the seed and returns the trace of results and exceptions, which roth and
// the JVM must agree on.
public class UtilModels {
    private static int state;

    /** The next number of the fixture's LCG, in [0, n). */
    private static int pick(int n) {
        state = state * 1103515245 + 12345;
        return Math.floorMod(state >>> 8, n);
    }

    /** The exception and its message; not the JVM's helpful messages of its own
     *  NullPointerExceptions, which name the code's variables (roth gives them none). */
    private static String thrown(Exception e) {
        String message = e.getMessage();
        if (e instanceof NullPointerException && (message == null || message.startsWith("Cannot "))) {
            message = "-";
        }
        return e.getClass().getName() + ": " + message;
    }

    /** A long string as its length and hash, to keep traces short. */
    private static String shown(Object o) {
        String s = String.valueOf(o);
        return s.length() <= 100 ? s : s.length() + "#" + s.hashCode();
    }

    private static final String[] WORDS = {"a", "bb", "", "ccc", null, "a"};

    private static String word() {
        return WORDS[pick(WORDS.length)];
    }

    public static String optional(int seed, int length) {
        state = seed;
        Optional<String> a = Optional.empty();
        Optional<String> b = Optional.of("x");
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(24);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = Optional.ofNullable(word());
                    case 1 -> a = Optional.of(word());
                    case 2 -> t += a.get();
                    case 3 -> t += a.isPresent() + "/" + a.isEmpty();
                    case 4 -> t += a.orElse("else");
                    case 5 -> t += a.orElseGet(() -> "got");
                    case 6 -> t += a.orElseThrow();
                    case 7 -> t += a.orElseThrow(() -> new IllegalStateException("none"));
                    case 8 -> a.ifPresent(s -> state += s.length());
                    case 9 -> a.ifPresentOrElse(s -> state += s.length() + 1, () -> state += 7);
                    case 10 -> a = a.map(s -> s.isEmpty() ? null : s + "!");
                    case 11 -> a = a.flatMap(s -> s.length() > 1 ? Optional.of(s.substring(1)) : Optional.empty());
                    case 12 -> a = a.filter(s -> s.length() % 2 == 1);
                    case 13 -> a = a.or(() -> Optional.ofNullable(word()));
                    case 14 -> t += a.equals(b) + "/" + b.equals(a) + "/" + a.equals(null) + "/" + a.equals("a");
                    case 15 -> t += a.hashCode() + "/" + a;
                    case 16 -> {
                        Optional<String> c = a;
                        a = b;
                        b = c;
                    }
                    case 17 -> {
                        Optional<String> e = Optional.empty();
                        t += (a == e) + "/" + (Optional.ofNullable((String) null) == e);
                    }
                    case 18 -> a = a.map(s -> null);
                    case 19 -> {
                        Optional<Integer> n = a.map(String::length);
                        t += n + "/" + n.hashCode() + "/" + n.equals(Optional.of(1));
                    }
                    case 20 -> t += pick(2) == 0 ? a.filter(null) : a.map(null);
                    case 21 -> t += pick(2) == 0 ? a.flatMap(s -> null) : a.or(() -> null);
                    case 22 -> t += a.orElseGet(null);
                    case 23 -> t += a.orElseThrow(() -> new NoSuchElementException("mine"));
                    default -> {
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    public static String optionalPrimitives(int seed, int length) {
        state = seed;
        OptionalInt i = OptionalInt.empty();
        OptionalLong l = OptionalLong.empty();
        OptionalDouble d = OptionalDouble.empty();
        double[] doubles = {0.0, -0.0, 2.5, Double.NaN, 1e300, -7};
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(20);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> i = pick(3) == 0 ? OptionalInt.empty() : OptionalInt.of(pick(5) - 2);
                    case 1 -> l = pick(3) == 0 ? OptionalLong.empty() : OptionalLong.of((pick(5) - 2) * 4000000000L);
                    case 2 -> d = pick(3) == 0 ? OptionalDouble.empty() : OptionalDouble.of(doubles[pick(doubles.length)]);
                    case 3 -> t += i.getAsInt() + "," + l.getAsLong() + "," + d.getAsDouble();
                    case 4 -> t += i.isPresent() + "," + i.isEmpty() + "," + l.isPresent() + "," + l.isEmpty() + "," + d.isPresent() + "," + d.isEmpty();
                    case 5 -> t += i.orElse(9) + "," + l.orElse(9L) + "," + d.orElse(9.5);
                    case 6 -> t += i.orElseGet(() -> 8) + "," + l.orElseGet(() -> 8L) + "," + d.orElseGet(() -> 8.5);
                    case 7 -> t += i.orElseThrow();
                    case 8 -> t += l.orElseThrow();
                    case 9 -> t += d.orElseThrow();
                    case 10 -> t += i.orElseThrow(() -> new IllegalArgumentException("i")) + "," + l.orElseThrow(() -> new IllegalArgumentException("l")) + "," + d.orElseThrow(() -> new IllegalArgumentException("d"));
                    case 11 -> {
                        i.ifPresent(v -> state += v);
                        l.ifPresent(v -> state += (int) v);
                        d.ifPresent(v -> state += (int) v);
                    }
                    case 12 -> {
                        i.ifPresentOrElse(v -> state += v, () -> state += 3);
                        l.ifPresentOrElse(v -> state += (int) (v >> 3), () -> state += 5);
                        d.ifPresentOrElse(v -> state += (int) v, () -> state += 11);
                    }
                    case 13 -> t += i + " " + l + " " + d;
                    case 14 -> t += i.hashCode() + "," + l.hashCode() + "," + d.hashCode();
                    case 15 -> {
                        OptionalInt i2 = pick(2) == 0 ? OptionalInt.empty() : OptionalInt.of(pick(5) - 2);
                        OptionalLong l2 = pick(2) == 0 ? OptionalLong.empty() : OptionalLong.of((pick(5) - 2) * 4000000000L);
                        OptionalDouble d2 = pick(2) == 0 ? OptionalDouble.empty() : OptionalDouble.of(doubles[pick(doubles.length)]);
                        t += i.equals(i2) + "," + l.equals(l2) + "," + d.equals(d2) + "," + i2.equals(i) + "," + d2.equals(d);
                    }
                    case 16 -> t += i.equals(l) + "," + i.equals(null) + "," + d.equals(d) + "," + (OptionalInt.empty() == OptionalInt.empty()) + "," + (OptionalInt.of(1) == OptionalInt.of(1));
                    case 17 -> t += i.orElseGet(null);
                    case 18 -> i.ifPresent(null);
                    case 19 -> d.ifPresentOrElse(null, null);
                    default -> {
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    private static final String[] PARTS = {",", "", "[", "]", "-", "ab", null};

    private static String part() {
        return PARTS[pick(PARTS.length)];
    }

    public static String joiner(int seed, int length) {
        state = seed;
        StringJoiner a = new StringJoiner(", ", "{", "}");
        StringJoiner b = new StringJoiner("|");
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(14);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = new StringJoiner(part(), part(), part());
                    case 1 -> b = new StringJoiner(part());
                    case 2, 3 -> a.add(word());
                    case 4 -> b.add(word()).add(word());
                    case 5 -> a.setEmptyValue(part());
                    case 6 -> t += shown(b.setEmptyValue(pick(2) == 0 ? "E" : "").toString());
                    case 7 -> t += shown(a.merge(b)) + "/" + a.length();
                    case 8 -> t += shown(b.merge(a)) + "/" + b.length();
                    case 9 -> t += shown(a.merge(a)) + "/" + a.length();
                    case 10 -> t += shown(a) + "/" + a.length() + "/" + shown(b) + "/" + b.length();
                    case 11 -> a.merge(null);
                    case 12 -> {
                        StringJoiner c = a;
                        a = b;
                        b = c;
                    }
                    case 13 -> t += new StringJoiner(part(), part(), part()).setEmptyValue("none").length();
                    default -> {
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + shown(a) + shown(b);
    }

    /** A Random that counts the calls of `next`, which every method goes through, and of
     *  `setSeed`, which Random's constructor calls on a subclass. */
    static class Counted extends Random {
        int calls;
        int seeds;

        Counted(long seed) {
            super(seed);
        }

        @Override
        protected int next(int bits) {
            calls++;
            return super.next(bits);
        }

        @Override
        public void setSeed(long seed) {
            seeds++;
            super.setSeed(seed);
        }
    }

    private static final int[] BOUNDS = {1, 2, 3, 7, 16, 100, 1 << 30, (1 << 30) + 1, 1500000000, Integer.MAX_VALUE, 0, -4, Integer.MIN_VALUE};
    private static final long[] LONG_BOUNDS = {1L, 2L, 5L, 1L << 40, (1L << 62) + 1, 6000000000000000000L, Long.MAX_VALUE, 0L, -9L, Long.MIN_VALUE, -3000000000000000000L, 5000000000L};

    public static String random(int seed, int length) {
        state = seed;
        Counted r = new Counted(seed * 7919L - (long) pick(1000) << 20);
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(15);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> r.setSeed(pick(3) == 0 ? Long.MIN_VALUE + pick(5) : (long) state * pick(100000));
                    case 1 -> t += r.nextInt();
                    case 2, 3 -> t += r.nextInt(BOUNDS[pick(BOUNDS.length)]);
                    case 4 -> t += r.nextLong();
                    case 5 -> t += r.nextBoolean();
                    case 6 -> t += r.nextFloat();
                    case 7 -> t += r.nextDouble();
                    case 8 -> {
                        byte[] bytes = new byte[pick(10)];
                        r.nextBytes(bytes);
                        for (byte x : bytes) {
                            t += x + ",";
                        }
                    }
                    case 9, 10 -> t += r.nextInt(BOUNDS[pick(BOUNDS.length)] - pick(3) * 1000000000, BOUNDS[pick(BOUNDS.length)]);
                    case 11 -> t += r.nextLong(LONG_BOUNDS[pick(LONG_BOUNDS.length)]);
                    case 12 -> t += r.nextLong(LONG_BOUNDS[pick(LONG_BOUNDS.length)], LONG_BOUNDS[pick(LONG_BOUNDS.length)]);
                    case 13 -> r.nextBytes(null);
                    case 14 -> {
                        Random plain = new Random(pick(50));
                        t += plain.nextInt(pick(40) + 1) + "," + plain.nextInt(-5, 5) + "," + plain.nextDouble();
                    }
                    default -> {
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + r.calls + "/" + r.seeds;
    }

    /** Values of one Random with bounds anywhere in the int and long ranges. */
    public static String randomValues(int seed, int length) {
        state = seed;
        Random r = new Random(((long) seed << 32) ^ pick(1 << 20) * 2654435761L);
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int bound = pick(4) == 0 ? state >> pick(32) : (state >>> 1) >> pick(31);
            int origin = pick(4) == 0 ? bound - (state >> pick(32)) : bound - pick(100) - 1;
            long longBound = ((long) state << pick(40)) ^ pick(1000);
            if (pick(4) != 0) {
                longBound &= Long.MAX_VALUE;
            }
            try {
                switch (pick(6)) {
                    case 0 -> t += r.nextInt(bound);
                    case 1 -> t += r.nextInt(origin, bound);
                    case 2 -> t += r.nextLong(longBound);
                    case 3 -> t += r.nextLong(origin * (long) pick(1 << 30), longBound);
                    case 4 -> t += r.nextFloat() + "," + r.nextDouble();
                    case 5 -> t += r.nextInt(bound & 0x7fffffff | 1 << pick(31));
                    default -> {
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t;
    }

    private static int index() {
        int k = pick(10);
        return k == 0 ? pick(5) - 3 : k < 7 ? pick(140) : pick(400);
    }

    public static String bitSet(int seed, int length) {
        state = seed;
        BitSet a = new BitSet();
        BitSet b = new BitSet(pick(3) * 70);
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(36);
            t += op + ":";
            try {
                switch (op) {
                    case 0, 1 -> a.set(index());
                    case 2 -> b.set(index());
                    case 3 -> a.set(index(), pick(2) == 0);
                    case 4 -> a.set(index(), index());
                    case 5 -> b.set(index(), index(), pick(2) == 0);
                    case 6 -> a.clear(index());
                    case 7 -> a.clear(index(), index());
                    case 8 -> b.clear();
                    case 9 -> a.flip(index());
                    case 10 -> b.flip(index(), index());
                    case 11 -> t += a.get(index());
                    case 12 -> t += shown(a.get(index(), index()));
                    case 13 -> t += a.cardinality() + "," + a.length() + "," + a.size() + "," + a.isEmpty();
                    case 14 -> t += a.nextSetBit(index());
                    case 15 -> t += a.nextClearBit(index());
                    case 16 -> t += a.previousSetBit(index());
                    case 17 -> t += a.previousClearBit(index());
                    case 18 -> a.and(b);
                    case 19 -> a.or(b);
                    case 20 -> b.xor(a);
                    case 21 -> a.andNot(b);
                    case 22 -> t += a.intersects(b);
                    case 23 -> t += a.equals(b) + "," + b.equals(a) + "," + a.equals(null) + "," + a.equals("x");
                    case 24 -> t += a.hashCode() + "," + b.hashCode();
                    case 25 -> t += shown(a) + "/" + shown(b);
                    case 26 -> {
                        BitSet c = a;
                        a = b;
                        b = c;
                    }
                    case 27 -> {
                        BitSet c = (BitSet) a.clone();
                        t += c.size() + "," + a.size() + "," + c.equals(a) + "," + (c == a);
                        b = c;
                    }
                    case 28 -> b = new BitSet(pick(4) == 0 ? -pick(3) : pick(200));
                    case 29 -> {
                        long[] words = b.toLongArray();
                        t += words.length + "," + (words.length > 0 ? words[0] : 7);
                        BitSet c = BitSet.valueOf(new long[] {pick(4) - 1, 0, pick(2) == 0 ? 0 : -5L});
                        t += "," + shown(c) + "," + c.size() + "," + c.length();
                        b = c;
                    }
                    case 30 -> a.and(a);
                    case 31 -> b.xor(b);
                    case 32 -> t += pick(2) == 0 ? a.intersects(null) : a.equals(null);
                    case 33 -> a.or(null);
                    case 34 -> t += b.cardinality() + "," + b.length() + "," + b.size() + "," + b.isEmpty();
                    case 35 -> {
                        a.andNot(a);
                        t += shown(a);
                    }
                    default -> {
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + shown(a) + b.size();
    }
}
