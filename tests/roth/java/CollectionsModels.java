import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Vector;

// java.util.Collections and the deep methods of java.util.Arrays in roth's model of the JDK
// (`src/program/jdk/java/util/`) for the differential test (not a mutation subject). Each
// method runs a random sequence of operations chosen by its seed (a small LCG) and returns
// the trace of their results and exceptions (class and message; NullPointerException by
// class only, as roth does not model the JVM's helpful messages): the algorithms on every
// kind of list (random access or not, short and long, so both of the JDK's ways of walking
// run), shuffles with a seeded Random whose later numbers show how much it was drawn, the
// empty, singleton and nCopies collections, the unmodifiable views changed through and
// beside, the reverse-order comparators, and nested arrays of every element type.
public class CollectionsModels {
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
        return Math.floorMod(length, 40);
    }

    /** Integers equal by their last digit in base 5, nulls first: a coarse order. */
    private static Comparator<Integer> coarse() {
        return Comparator.nullsFirst((a, b) -> Integer.compare(a % 5, b % 5));
    }

    /** One of the comparators the algorithms take: none, coarse, reversed, nulls last. */
    private static Comparator<Integer> order(int kind) {
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return coarse();
        }
        if (kind == 2) {
            return Collections.reverseOrder(coarse());
        }
        return Comparator.nullsLast(Collections.reverseOrder());
    }

    /** `n` values below `bound`, null one time in `nulls`. */
    private static ArrayList<Integer> values(Lcg r, int n, int bound, int nulls) {
        ArrayList<Integer> a = new ArrayList<Integer>();
        for (int i = 0; i < n; i++) {
            a.add(r.value(bound, nulls));
        }
        return a;
    }

    /**
     * A list of the given kind holding `base`: random access or not, a range of another
     * list, fixed-size, unmodifiable, or one of Collections' own.
     */
    private static List<Integer> list(int kind, ArrayList<Integer> base, Lcg r) {
        switch (kind) {
            case 0: return base;
            case 1: return new LinkedList<Integer>(base);
            case 2: {
                Integer[] a = new Integer[base.size()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = base.get(i);
                }
                return Arrays.asList(a);
            }
            case 3: return new Vector<Integer>(base);
            case 4: {
                LinkedList<Integer> l = new LinkedList<Integer>(base);
                l.addFirst(-1);
                l.addLast(-2);
                return l.subList(1, l.size() - 1);
            }
            case 5: {
                base.add(0, -3);
                return base.subList(1, base.size());
            }
            case 6: return Collections.unmodifiableList(base);
            case 7: return Collections.unmodifiableList(new LinkedList<Integer>(base));
            case 8: return Collections.nCopies(base.size(), base.isEmpty() ? null : base.get(0));
            case 9: return Collections.singletonList(base.isEmpty() ? null : base.get(0));
            default: return Collections.emptyList();
        }
    }

    /** Another collection for `disjoint`, `copy` and the sublist searches. */
    private static Collection<Integer> other(Lcg r, int nulls) {
        int kind = r.next(6);
        ArrayList<Integer> v = values(r, r.next(6), 12, kind == 3 ? 0 : nulls);
        switch (kind) {
            case 0: return v;
            case 1: return new LinkedList<Integer>(v);
            case 2: return new HashSet<Integer>(v);
            case 3: return new TreeSet<Integer>(v);
            case 4: return Collections.singleton(v.isEmpty() ? null : v.get(0));
            default: return Collections.emptySet();
        }
    }

    /** Whether sorting `l` by natural order may fail half way through an in-place sort. */
    private static boolean unsafeNaturalSort(List<Integer> l, int kind) {
        return l.size() > 2 && l.contains(null) && (kind == 0 || kind == 2 || kind == 3 || kind == 5);
    }

    /** Every algorithm of Collections on one list, with the Random its shuffles draw from. */
    private static String algorithm(List<Integer> l, int kind, Lcg r, Random rnd) {
        int n = l.size();
        Integer v = r.value(12, 6);
        switch (r.next(24)) {
            case 0: {
                if (unsafeNaturalSort(l, kind)) {
                    return "s-";
                }
                Collections.sort(l);
                return "s";
            }
            case 1: {
                Comparator<Integer> c = order(1 + r.next(3));
                Collections.sort(l, c);
                return "sc";
            }
            case 2: Collections.reverse(l); return "rv";
            case 3: {
                int i = r.next(n + 2) - 1;
                int j = r.next(n + 2) - 1;
                Collections.swap(l, i, j);
                return "sw" + i + j;
            }
            case 4: case 5: {
                Collections.shuffle(l, rnd);
                return "sh";
            }
            case 6: {
                int d = r.next(4 * n + 7) - 2 * n - 3;
                Collections.rotate(l, d);
                return "ro" + d;
            }
            case 7: {
                if (r.next(3) == 0) {
                    Collections.fill(l, v);
                    return "fi";
                }
                return "fq" + Collections.frequency(l, v) + Collections.frequency(l, null);
            }
            case 8: return "mx" + Collections.max(l);
            case 9: return "mn" + Collections.min(l);
            case 10: {
                Comparator<Integer> c = order(r.next(4));
                return "mc" + Collections.max(l, c) + "," + Collections.min(l, c);
            }
            case 11: return "bs" + Collections.binarySearch(l, v);
            case 12: {
                Comparator<Integer> c = order(r.next(4));
                return "bc" + Collections.binarySearch(l, v, c);
            }
            case 13: {
                List<Integer> target;
                int from = r.next(n + 1);
                int to = from + r.next(n - from + 1);
                int t = r.next(3);
                if (t == 0) {
                    target = new ArrayList<Integer>(l.subList(from, to));
                } else if (t == 1) {
                    target = new LinkedList<Integer>(l.subList(from, to));
                } else {
                    target = values(r, r.next(3), 4, 0);
                }
                if (r.next(4) == 0 && !target.isEmpty()) {
                    target.set(r.next(target.size()), v);
                }
                return "ix" + Collections.indexOfSubList(l, target) + "," + Collections.lastIndexOfSubList(l, target);
            }
            case 14: return "ra" + Collections.replaceAll(l, v, r.value(12, 6));
            case 15: {
                if (r.next(2) == 0) {
                    List<Integer> src = new ArrayList<Integer>(other(r, 5));
                    Collections.copy(l, src);
                    return "cp" + src;
                }
                List<Integer> dest = r.next(2) == 0 ? new LinkedList<Integer>(values(r, n + r.next(3) - 1, 9, 0))
                        : new ArrayList<Integer>(values(r, n + r.next(3) - 1, 9, 0));
                Collections.copy(dest, l);
                return "cd" + dest;
            }
            case 16: {
                Collection<Integer> o = other(r, 5);
                return "dj" + o + Collections.disjoint(l, o) + Collections.disjoint(o, l);
            }
            case 17: return "aa" + Collections.addAll(l, v, r.value(12, 6));
            case 18: {
                Collection<Integer> o = other(r, 5);
                return "ac" + Collections.addAll(o, v, r.value(12, 0)) + o.size();
            }
            case 19: {
                if (unsafeNaturalSort(l, kind)) {
                    return "sn-";
                }
                Collections.sort(l, null);
                return "sn";
            }
            case 20: {
                Collections.shuffle(l, new Random(r.next(1000)));
                return "sR";
            }
            case 21: return "nx" + rnd.nextInt(1000);
            case 22: {
                ListIterator<Integer> it = l.listIterator(r.next(n + 1));
                String s = "li";
                while (it.hasPrevious()) {
                    s += it.previous();
                }
                return s;
            }
            default: return "eq" + l.equals(new ArrayList<Integer>(l)) + l.size();
        }
    }

    private static String algorithms(int kind, int seed, int length) {
        Lcg r = new Lcg(seed);
        int n = r.next(3) == 0 ? r.next(130) : r.next(12);
        int nulls = r.next(3) == 0 ? 0 : 9;
        List<Integer> l = list(kind, values(r, n, 12, nulls), r);
        Random rnd = new Random(r.next(100));
        StringBuilder sb = new StringBuilder("K" + kind + " ");
        for (int i = 0; i < length(length); i++) {
            try {
                sb.append(algorithm(l, kind, r, rnd));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ').append(l.hashCode()).append(' ');
            if (i % 8 == 7) {
                sb.append(l).append(' ');
            }
        }
        return sb.append(l).append(rnd.nextInt(1000)).toString();
    }

    /** The algorithms on random-access lists: ArrayList, Arrays.asList, Vector, a range. */
    public static String randomAccess(int seed, int length) {
        int[] kinds = {0, 2, 3, 5};
        return algorithms(kinds[Math.floorMod(seed, 4)], seed, length);
    }

    /** The algorithms on sequential lists: LinkedList and a range of one. */
    public static String sequential(int seed, int length) {
        return algorithms(Math.floorMod(seed, 2) == 0 ? 1 : 4, seed, length);
    }

    /** The algorithms on lists that refuse changes: views, nCopies, singleton, empty. */
    public static String unchangeable(int seed, int length) {
        return algorithms(6 + Math.floorMod(seed, 5), seed, length);
    }

    /** Walks `c` by its iterator, removing (or trying to) where `r` says. */
    private static String walk(Collection<Integer> c, Lcg r) {
        StringBuilder sb = new StringBuilder("w");
        Iterator<Integer> it = c.iterator();
        while (it.hasNext()) {
            sb.append(it.next()).append(',');
            if (r.next(4) == 0) {
                it.remove();
                sb.append('-');
            }
        }
        return sb.toString();
    }

    /** A read-only list over an ArrayList, a LinkedList or a range of one, and its list. */
    public static String listViews(int seed, int length) {
        Lcg r = new Lcg(seed);
        int kind = r.next(4);
        ArrayList<Integer> v = values(r, r.next(r.next(3) == 0 ? 30 : 8), 10, 8);
        List<Integer> base = kind == 0 ? v : kind == 1 ? new LinkedList<Integer>(v)
                : kind == 2 ? v.subList(0, v.size()) : new LinkedList<Integer>(v).subList(0, v.size());
        List<Integer> u = Collections.unmodifiableList(base);
        Collection<Integer> uc = Collections.unmodifiableCollection(base);
        Random rnd = new Random(seed);
        Iterator<Integer> held = u.iterator();
        StringBuilder sb = new StringBuilder("L" + kind + " ");
        for (int i = 0; i < length(length); i++) {
            int n = u.size();
            Integer x = r.value(10, 6);
            int at = r.next(n + 2) - 1;
            try {
                switch (r.next(40)) {
                    case 0: sb.append("sz").append(u.size()).append(u.isEmpty()); break;
                    case 1: sb.append("g").append(u.get(at)); break;
                    case 2: sb.append("c").append(u.contains(x)).append(uc.contains(x)); break;
                    case 3: sb.append("ix").append(u.indexOf(x)).append(u.lastIndexOf(x)); break;
                    case 4: sb.append("eq").append(u.equals(base)).append(base.equals(u))
                            .append(u.equals(new ArrayList<Integer>(base))).append(u.hashCode() == base.hashCode())
                            .append(uc.equals(base)).append(uc.equals(uc)).append(u.equals(uc)); break;
                    case 5: sb.append("h").append(u.hashCode()); break;
                    case 6: sb.append("ta").append(Arrays.toString(u.toArray())).append(Arrays.toString(uc.toArray())); break;
                    case 7: sb.append("tA").append(Arrays.toString(u.toArray(new Integer[r.next(n + 2)]))); break;
                    case 8: sb.append(walk(u, r)); break;
                    case 9: sb.append(walk(uc, r)); break;
                    case 10: {
                        ListIterator<Integer> it = u.listIterator(at);
                        sb.append("li");
                        int steps = r.next(6);
                        for (int k = 0; k < steps; k++) {
                            if (r.next(2) == 0) {
                                sb.append(it.next()).append(it.nextIndex());
                            } else {
                                sb.append(it.previous()).append(it.previousIndex());
                            }
                        }
                        int what = r.next(4);
                        if (what == 0) {
                            it.set(x);
                        } else if (what == 1) {
                            it.add(x);
                        } else if (what == 2) {
                            it.remove();
                        }
                        sb.append(it.hasNext()).append(it.hasPrevious());
                        break;
                    }
                    case 11: {
                        int from = r.next(n + 2) - 1;
                        int to = r.next(n + 2) - 1;
                        List<Integer> sub = u.subList(from, to);
                        sb.append("sl").append(sub).append(sub.size()).append(sub.equals(base.subList(from, to)));
                        if (r.next(2) == 0) {
                            sb.append(sub.subList(0, sub.size() / 2));
                        } else {
                            sub.set(0, x);
                        }
                        break;
                    }
                    case 12: sb.append("a").append(u.add(x)); break;
                    case 13: u.add(at, x); sb.append("ai"); break;
                    case 14: sb.append("r").append(u.remove(x)); break;
                    case 15: sb.append("ri").append(u.remove(at)); break;
                    case 16: sb.append("s").append(u.set(at, x)); break;
                    case 17: u.clear(); sb.append("cl"); break;
                    case 18: sb.append("aA").append(u.addAll(values(r, r.next(2), 5, 0))); break;
                    case 19: sb.append("aI").append(u.addAll(at, values(r, 1, 5, 0))); break;
                    case 20: sb.append("rA").append(u.removeAll(values(r, r.next(2), 5, 0))); break;
                    case 21: sb.append("rt").append(u.retainAll(values(r, 2, 5, 0))); break;
                    case 22: sb.append("rI").append(u.removeIf(e -> e != null && e % 2 == 0)); break;
                    case 23: u.replaceAll(e -> e); sb.append("rp"); break;
                    case 24: u.sort(null); sb.append("so"); break;
                    case 25: sb.append("uc").append(uc.add(x)); break;
                    case 26: sb.append("ur").append(uc.remove(x)); break;
                    case 27: uc.clear(); sb.append("uC"); break;
                    case 28: sb.append("ca").append(u.containsAll(values(r, 2, 10, 0))).append(uc.containsAll(values(r, 1, 10, 0))); break;
                    case 29: base.add(x); sb.append("BA"); break;
                    case 30: sb.append("BR").append(base.remove(0)); break;
                    case 31: sb.append("BS").append(base.set(at, x)); break;
                    case 32: {
                        sb.append("it").append(held.hasNext());
                        sb.append(held.next());
                        break;
                    }
                    case 33: held = r.next(2) == 0 ? u.iterator() : uc.iterator(); sb.append("IT"); break;
                    case 34: {
                        sb.append("id").append(Collections.unmodifiableList(u) == u)
                                .append(Collections.unmodifiableCollection(uc) == uc)
                                .append(Collections.unmodifiableCollection(u) == u)
                                .append(Collections.unmodifiableList(base) == u);
                        break;
                    }
                    case 35: {
                        int c = r.next(6);
                        sb.append("al").append(c);
                        if (c == 0) {
                            Collections.reverse(u);
                        } else if (c == 1) {
                            Collections.shuffle(u, rnd);
                        } else if (c == 2) {
                            Collections.sort(u);
                        } else if (c == 3) {
                            Collections.fill(u, x);
                        } else if (c == 4) {
                            Collections.rotate(u, at);
                        } else {
                            Collections.swap(u, at, 0);
                        }
                        break;
                    }
                    case 36: sb.append("nx").append(rnd.nextInt(100)); break;
                    case 37: {
                        StringBuilder s = new StringBuilder("fe");
                        u.forEach(e -> s.append(e));
                        uc.forEach(e -> s.append(e));
                        u.iterator().forEachRemaining(e -> s.append(e));
                        sb.append(s);
                        break;
                    }
                    case 38: sb.append("mx").append(Collections.max(uc, coarse())).append(Collections.frequency(u, x)); break;
                    default: sb.append("ts").append(u).append(uc); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.append(base).append(u).append(rnd.nextInt(100)).toString();
    }

    /** A read-only set or sorted set over a HashSet, LinkedHashSet or TreeSet. */
    public static String setViews(int seed, int length) {
        Lcg r = new Lcg(seed);
        int kind = r.next(4);
        ArrayList<Integer> v = values(r, r.next(12), 20, kind < 2 ? 6 : 0);
        Set<Integer> base;
        if (kind == 0) {
            base = new HashSet<Integer>(v);
        } else if (kind == 1) {
            base = new LinkedHashSet<Integer>(v);
        } else if (kind == 2) {
            base = new TreeSet<Integer>(v);
        } else {
            TreeSet<Integer> t = new TreeSet<Integer>(Collections.reverseOrder());
            t.addAll(v);
            base = t;
        }
        Set<Integer> u = Collections.unmodifiableSet(base);
        SortedSet<Integer> su = kind >= 2 ? Collections.unmodifiableSortedSet((SortedSet<Integer>) base) : null;
        StringBuilder sb = new StringBuilder("S" + kind + " ");
        for (int i = 0; i < length(length); i++) {
            Integer x = r.value(20, kind < 2 ? 6 : 0);
            Integer y = r.next(20);
            try {
                switch (r.next(24)) {
                    case 0: sb.append("sz").append(u.size()).append(u.isEmpty()); break;
                    case 1: sb.append("c").append(u.contains(x)); break;
                    case 2: sb.append("eq").append(u.equals(new HashSet<Integer>(base))).append(base.equals(u))
                            .append(u.equals(new ArrayList<Integer>(base))).append(u.hashCode()); break;
                    case 3: sb.append(walk(u, r)); break;
                    case 4: sb.append("a").append(u.add(x)); break;
                    case 5: sb.append("r").append(u.remove(x)); break;
                    case 6: u.clear(); sb.append("cl"); break;
                    case 7: sb.append("aA").append(u.addAll(values(r, r.next(2), 5, 0))); break;
                    case 8: sb.append("rA").append(u.removeAll(values(r, r.next(2), 5, 0))); break;
                    case 9: sb.append("rt").append(u.retainAll(values(r, 2, 5, 0))); break;
                    case 10: sb.append("rI").append(u.removeIf(e -> false)); break;
                    case 11: base.add(y); sb.append("BA"); break;
                    case 12: sb.append("BR").append(base.remove(y)); break;
                    case 13: sb.append("ta").append(Arrays.toString(u.toArray())); break;
                    case 14: {
                        sb.append("id").append(Collections.unmodifiableSet(u) == u);
                        if (su != null) {
                            sb.append(Collections.unmodifiableSortedSet(su) == su).append(Collections.unmodifiableSet(su) == su);
                        }
                        break;
                    }
                    case 15: sb.append("fl").append(su == null ? "-" : su.first() + "," + su.last()); break;
                    case 16: {
                        if (su != null) {
                            SortedSet<Integer> view = r.next(3) == 0 ? su.headSet(y) : r.next(2) == 0 ? su.tailSet(y)
                                    : su.subSet(Math.min(x, y), Math.max(x, y));
                            sb.append("hs").append(view).append(view.size());
                            if (r.next(2) == 0) {
                                view.add(y);
                            } else {
                                sb.append(view.first());
                            }
                        }
                        break;
                    }
                    case 17: {
                        if (su != null) {
                            sb.append("ss").append(su.subSet(x, y));
                        }
                        break;
                    }
                    case 18: sb.append("cm").append(su == null ? "-" : "" + (su.comparator() == null)); break;
                    case 19: sb.append("dj").append(Collections.disjoint(u, values(r, 3, 20, 6))).append(Collections.disjoint(values(r, 2, 20, 6), u)); break;
                    case 20: sb.append("mm").append(Collections.max(u)).append(Collections.min(u, coarse())); break;
                    case 21: {
                        StringBuilder s = new StringBuilder("fe");
                        u.forEach(e -> s.append(e));
                        sb.append(s);
                        break;
                    }
                    case 22: sb.append("ca").append(u.containsAll(values(r, 2, 20, 0))); break;
                    default: sb.append("ts").append(u).append(su); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.append(base).append(u).toString();
    }

    /** A read-only map or sorted map over a HashMap, LinkedHashMap or TreeMap. */
    public static String mapViews(int seed, int length) {
        Lcg r = new Lcg(seed);
        int kind = r.next(4);
        Map<Integer, Integer> base = kind == 0 ? new HashMap<Integer, Integer>() : kind == 1
                ? new LinkedHashMap<Integer, Integer>() : new TreeMap<Integer, Integer>();
        int n = r.next(12);
        for (int i = 0; i < n; i++) {
            base.put(kind < 2 ? r.value(16, 8) : Integer.valueOf(r.next(16)), r.value(9, 5));
        }
        Map<Integer, Integer> u = kind == 3 ? Collections.unmodifiableSortedMap((SortedMap<Integer, Integer>) base)
                : Collections.unmodifiableMap(base);
        StringBuilder sb = new StringBuilder("M" + kind + " ");
        for (int i = 0; i < length(length); i++) {
            Integer k = r.value(16, kind < 2 ? 6 : 0);
            Integer v = r.value(9, 5);
            try {
                switch (r.next(40)) {
                    case 0: sb.append("g").append(u.get(k)).append(u.getOrDefault(k, -1)); break;
                    case 1: sb.append("ck").append(u.containsKey(k)).append(u.containsValue(v)); break;
                    case 2: sb.append("sz").append(u.size()).append(u.isEmpty()); break;
                    case 3: sb.append("eq").append(u.equals(new HashMap<Integer, Integer>(base))).append(base.equals(u))
                            .append(u.hashCode()).append(u.equals(u)); break;
                    case 4: sb.append("ks").append(u.keySet()).append(u.values()).append(u.entrySet()); break;
                    case 5: sb.append("p").append(u.put(k, v)); break;
                    case 6: sb.append("r").append(u.remove(k)); break;
                    case 7: u.putAll(new HashMap<Integer, Integer>()); sb.append("pA"); break;
                    case 8: u.clear(); sb.append("cl"); break;
                    case 9: sb.append("pi").append(u.putIfAbsent(k, v)); break;
                    case 10: sb.append("r2").append(u.remove(k, v)); break;
                    case 11: sb.append("rp").append(u.replace(k, v)).append(u.replace(k, v, v)); break;
                    case 12: sb.append("ca").append(u.computeIfAbsent(k, a -> v)); break;
                    case 13: sb.append("cp").append(u.computeIfPresent(k, (a, b) -> b)); break;
                    case 14: sb.append("co").append(u.compute(k, (a, b) -> b)); break;
                    case 15: sb.append("mg").append(u.merge(k, 1, (a, b) -> a + b)); break;
                    case 16: u.replaceAll((a, b) -> b); sb.append("RA"); break;
                    case 17: {
                        StringBuilder s = new StringBuilder("fe");
                        u.forEach((a, b) -> s.append(a).append('=').append(b));
                        sb.append(s);
                        break;
                    }
                    case 18: sb.append("kr").append(u.keySet().remove(k)); break;
                    case 19: sb.append("vr").append(u.values().remove(v)); break;
                    case 20: sb.append("er").append(u.entrySet().removeIf(e -> false)); break;
                    case 21: {
                        sb.append("it");
                        Iterator<Map.Entry<Integer, Integer>> it = u.entrySet().iterator();
                        while (it.hasNext()) {
                            Map.Entry<Integer, Integer> e = it.next();
                            sb.append(e).append(e.getKey()).append(e.getValue()).append(e.hashCode())
                                    .append(e.equals(entry(e.getKey(), e.getValue())));
                            int what = r.next(5);
                            if (what == 0) {
                                e.setValue(v);
                            } else if (what == 1) {
                                it.remove();
                            }
                        }
                        break;
                    }
                    case 22: {
                        Object[] a = u.entrySet().toArray();
                        sb.append("eA").append(Arrays.toString(a));
                        if (a.length > 0) {
                            @SuppressWarnings("unchecked")
                            Map.Entry<Integer, Integer> e = (Map.Entry<Integer, Integer>) a[0];
                            e.setValue(v);
                        }
                        break;
                    }
                    case 23: {
                        Set<Map.Entry<Integer, Integer>> es = u.entrySet();
                        sb.append("ec").append(es.contains(entry(k, v)))
                                .append(es.contains(k)).append(es.equals(base.entrySet()))
                                .append(base.entrySet().equals(es)).append(es.hashCode())
                                .append(es.containsAll(base.entrySet())).append(es.size());
                        break;
                    }
                    case 24: {
                        StringBuilder s = new StringBuilder("ef");
                        u.entrySet().forEach(e -> {
                            s.append(e);
                            if (e.getValue() != null && e.getValue() == 3) {
                                e.setValue(4);
                            }
                        });
                        sb.append(s);
                        break;
                    }
                    case 25: sb.append(walk(u.keySet(), r)); break;
                    case 26: sb.append(walk(u.values(), r)); break;
                    case 27: base.put(kind < 2 ? k : Integer.valueOf(r.next(16)), v); sb.append("BP"); break;
                    case 28: sb.append("BR").append(base.remove(k)); break;
                    case 29: {
                        sb.append("id").append(Collections.unmodifiableMap(u) == u).append(u.keySet() == u.keySet())
                                .append(u.values() == u.values()).append(u.entrySet() == u.entrySet());
                        if (kind == 3) {
                            SortedMap<Integer, Integer> su = (SortedMap<Integer, Integer>) u;
                            sb.append(Collections.unmodifiableSortedMap(su) == su);
                        }
                        break;
                    }
                    case 30: case 31: {
                        if (kind == 3) {
                            SortedMap<Integer, Integer> su = (SortedMap<Integer, Integer>) u;
                            int c = r.next(5);
                            SortedMap<Integer, Integer> view = c == 0 ? su.headMap(k) : c == 1 ? su.tailMap(k)
                                    : c == 2 ? su.subMap(k, r.next(16)) : su;
                            sb.append("sm").append(view).append(view.size());
                            int w = r.next(4);
                            if (w == 0) {
                                view.put(k, v);
                            } else if (w == 1) {
                                sb.append(view.firstKey()).append(view.lastKey());
                            } else if (w == 2) {
                                sb.append(view.comparator() == null);
                            } else {
                                sb.append(view.keySet()).append(view.entrySet());
                            }
                        }
                        break;
                    }
                    case 32: sb.append("kc").append(u.keySet().contains(k)).append(u.values().contains(v))
                            .append(u.keySet().equals(base.keySet())).append(u.keySet().hashCode()); break;
                    case 33: sb.append("kt").append(Arrays.toString(u.keySet().toArray())).append(Arrays.toString(u.values().toArray())); break;
                    case 34: u.keySet().clear(); sb.append("kC"); break;
                    case 35: sb.append("va").append(u.values().add(v)); break;
                    case 36: sb.append("mx").append(u.isEmpty() ? "-" : Collections.max(u.keySet(), coarse()) + "," + Collections.frequency(u.values(), v)); break;
                    case 37: {
                        Iterator<Integer> it = u.keySet().iterator();
                        sb.append("cm");
                        while (it.hasNext()) {
                            sb.append(it.next());
                            if (r.next(6) == 0) {
                                base.put(100 + r.next(5), 1);
                            }
                        }
                        break;
                    }
                    default: sb.append("ts").append(u); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.append(base).append(u).toString();
    }

    /** A plain entry, to compare entries with. */
    private static Map.Entry<Integer, Integer> entry(Integer k, Integer v) {
        return new AbstractMap.SimpleEntry<Integer, Integer>(k, v);
    }

    /** Every method of a list, on the empty, singleton and nCopies lists. */
    private static String listOp(List<Integer> l, Lcg r) {
        int n = l.size();
        Integer x = r.value(4, 4);
        int at = r.next(n + 3) - 1;
        switch (r.next(30)) {
            case 0: return "g" + l.get(at);
            case 1: return "c" + l.contains(x) + l.indexOf(x) + l.lastIndexOf(x);
            case 2: return "a" + l.add(x);
            case 3: l.add(at, x); return "ai";
            case 4: return "r" + l.remove(x);
            case 5: return "ri" + l.remove(at);
            case 6: return "s" + l.set(at, x);
            case 7: l.clear(); return "cl";
            case 8: return "aA" + l.addAll(values(r, r.next(2), 4, 0));
            case 9: return "rA" + l.removeAll(values(r, r.next(3), 4, 0));
            case 10: return "rt" + l.retainAll(values(r, r.next(3), 4, 0));
            case 11: return "rI" + l.removeIf(e -> r.next(2) == 0);
            case 12: l.replaceAll(e -> e); return "rp";
            case 13: l.sort(r.next(2) == 0 ? null : coarse()); return "so";
            case 14: {
                ArrayList<Integer> copy = new ArrayList<Integer>(l);
                LinkedList<Integer> linked = new LinkedList<Integer>(l);
                return "eq" + l.equals(copy) + copy.equals(l) + l.equals(linked) + l.equals(new HashSet<Integer>(l))
                        + (l.hashCode() == copy.hashCode()) + l.hashCode();
            }
            case 15: return "ta" + Arrays.toString(l.toArray()) + Arrays.toString(l.toArray(new Integer[r.next(4)]));
            case 16: {
                String s = "it";
                Iterator<Integer> it = l.iterator();
                int k = r.next(n + 2);
                for (int i = 0; i < k; i++) {
                    s += it.next();
                }
                if (r.next(2) == 0) {
                    it.remove();
                }
                return s + it.hasNext();
            }
            case 17: {
                ListIterator<Integer> it = r.next(2) == 0 ? l.listIterator() : l.listIterator(at);
                String s = "li" + it.nextIndex() + it.previousIndex() + it.hasNext() + it.hasPrevious();
                int w = r.next(6);
                if (w == 0) {
                    s += it.next();
                } else if (w == 1) {
                    s += it.previous();
                } else if (w == 2) {
                    it.set(x);
                } else if (w == 3) {
                    it.add(x);
                } else if (w == 4) {
                    it.remove();
                } else {
                    s += it.next();
                    it.set(x);
                }
                return s;
            }
            case 18: {
                int from = r.next(n + 2) - 1;
                int to = r.next(n + 2) - 1;
                List<Integer> sub = l.subList(from, to);
                return "sl" + sub + sub.size() + sub.hashCode() + sub.equals(l);
            }
            case 19: {
                StringBuilder s = new StringBuilder("fe");
                l.forEach(e -> s.append(e));
                l.iterator().forEachRemaining(e -> s.append(e));
                return s.toString();
            }
            case 20: return "ca" + l.containsAll(values(r, r.next(3), 4, 0)) + l.isEmpty() + l.size();
            case 21: return "mx" + Collections.max(l, coarse()) + Collections.min(l, coarse());
            case 22: return "fr" + Collections.frequency(l, x);
            case 23: return "bs" + Collections.binarySearch(l, 2, coarse());
            default: return "ts" + l;
        }
    }

    /** Every method of a set, on the empty and singleton sets. */
    private static String setOp(Set<Integer> s, Lcg r) {
        Integer x = r.value(4, 4);
        switch (r.next(16)) {
            case 0: return "c" + s.contains(x) + s.size() + s.isEmpty();
            case 1: return "a" + s.add(x);
            case 2: return "r" + s.remove(x);
            case 3: s.clear(); return "cl";
            case 4: return "aA" + s.addAll(values(r, r.next(2), 4, 0));
            case 5: return "rA" + s.removeAll(values(r, r.next(3), 4, 0));
            case 6: return "rt" + s.retainAll(values(r, r.next(3), 4, 0));
            case 7: return "rI" + s.removeIf(e -> r.next(2) == 0);
            case 8: {
                HashSet<Integer> copy = new HashSet<Integer>(s);
                return "eq" + s.equals(copy) + copy.equals(s) + s.hashCode() + s.equals(new ArrayList<Integer>(s));
            }
            case 9: {
                String t = "it";
                Iterator<Integer> it = s.iterator();
                int k = r.next(3);
                for (int i = 0; i < k; i++) {
                    t += it.next();
                }
                if (r.next(2) == 0) {
                    it.remove();
                }
                return t + it.hasNext();
            }
            case 10: return "ta" + Arrays.toString(s.toArray());
            case 11: return "ca" + s.containsAll(values(r, r.next(3), 4, 0));
            case 12: {
                StringBuilder t = new StringBuilder("fe");
                s.forEach(e -> t.append(e));
                return t.toString();
            }
            case 13: return "dj" + Collections.disjoint(s, values(r, 2, 4, 3));
            default: return "ts" + s;
        }
    }

    /** Every method of a map, on the empty and singleton maps. */
    private static String mapOp(Map<Integer, Integer> m, Lcg r) {
        Integer k = r.value(4, 4);
        Integer v = r.value(4, 4);
        switch (r.next(30)) {
            case 0: return "g" + m.get(k) + m.getOrDefault(k, -1);
            case 1: return "ck" + m.containsKey(k) + m.containsValue(v) + m.size() + m.isEmpty();
            case 2: return "p" + m.put(k, v);
            case 3: return "r" + m.remove(k);
            case 4: m.clear(); return "cl";
            case 5: {
                HashMap<Integer, Integer> h = new HashMap<Integer, Integer>();
                if (r.next(2) == 0) {
                    h.put(k, v);
                }
                m.putAll(h);
                return "pA";
            }
            case 6: return "pi" + m.putIfAbsent(k, v);
            case 7: return "r2" + m.remove(k, v);
            case 8: return "rp" + m.replace(k, v);
            case 9: return "r3" + m.replace(k, v, v);
            case 10: return "ca" + m.computeIfAbsent(k, a -> null);
            case 11: return "cp" + m.computeIfPresent(k, (a, b) -> null);
            case 12: return "co" + m.compute(k, (a, b) -> b);
            case 13: return "mg" + m.merge(k, 1, (a, b) -> a);
            case 14: m.replaceAll((a, b) -> b); return "RA";
            case 15: {
                StringBuilder s = new StringBuilder("fe");
                m.forEach((a, b) -> s.append(a).append(b));
                return s.toString();
            }
            case 16: {
                HashMap<Integer, Integer> h = new HashMap<Integer, Integer>(m);
                return "eq" + m.equals(h) + h.equals(m) + m.hashCode() + (m.hashCode() == h.hashCode());
            }
            case 17: return "vw" + m.keySet() + m.values() + m.entrySet();
            case 18: {
                Iterator<Map.Entry<Integer, Integer>> it = m.entrySet().iterator();
                String s = "ei";
                while (it.hasNext()) {
                    Map.Entry<Integer, Integer> e = it.next();
                    s += e + "" + e.getKey() + e.getValue() + e.hashCode();
                    if (r.next(2) == 0) {
                        e.setValue(v);
                    } else {
                        it.remove();
                    }
                }
                return s;
            }
            case 19: return "kr" + m.keySet().remove(k);
            case 20: return "vr" + m.values().remove(v);
            case 21: return "es" + m.entrySet().contains(entry(k, v)) + m.keySet().contains(k)
                    + m.values().contains(v) + m.entrySet().size();
            case 22: {
                Iterator<Integer> it = m.keySet().iterator();
                return "kn" + it.next() + it.hasNext();
            }
            default: return "ts" + m;
        }
    }

    /** Collections' own lists, sets and maps: empty, singleton and nCopies, and their constants. */
    public static String specials(int seed, int length) {
        Lcg r = new Lcg(seed);
        int kind = r.next(8);
        Integer x = r.value(4, 4);
        StringBuilder sb = new StringBuilder("X" + kind + " ");
        List<Integer> l = null;
        Set<Integer> s = null;
        Map<Integer, Integer> m = null;
        try {
            switch (kind) {
                case 0: l = Collections.emptyList(); sb.append(l == Collections.EMPTY_LIST); break;
                case 1: l = Collections.singletonList(x); break;
                case 2: l = Collections.nCopies(r.next(8) - 1, x); break;
                case 3: s = Collections.emptySet(); sb.append(s == Collections.EMPTY_SET); break;
                case 4: s = Collections.singleton(x); break;
                case 5: m = Collections.emptyMap(); sb.append(m == Collections.EMPTY_MAP); break;
                case 6: m = Collections.singletonMap(x, r.value(4, 4)); break;
                default: {
                    l = Collections.nCopies(r.next(2000000), x);
                    sb.append(l.size()).append(l.hashCode()).append(l.get(l.size() / 2))
                            .append(l.indexOf(x)).append(l.lastIndexOf(x)).append(l.subList(1, 3));
                    return sb.toString();
                }
            }
        } catch (Exception e) {
            return sb.append(thrown(e)).toString();
        }
        sb.append(' ');
        for (int i = 0; i < length(length); i++) {
            try {
                if (l != null) {
                    sb.append(listOp(l, r));
                } else if (s != null) {
                    sb.append(setOp(s, r));
                } else {
                    sb.append(mapOp(m, r));
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.append(l).append(s).append(m).toString();
    }

    /** The reverse-order comparators: reversals of reversals, equality, and sorting by them. */
    public static String comparators(int seed, int length) {
        Lcg r = new Lcg(seed);
        Comparator<Integer> base = coarse();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            Integer a = r.value(12, 6);
            Integer b = r.value(12, 6);
            try {
                switch (r.next(12)) {
                    case 0: {
                        Comparator<Integer> rev = Collections.reverseOrder();
                        sb.append("n").append(Integer.signum(rev.compare(a, b)));
                        break;
                    }
                    case 1: sb.append("c").append(Integer.signum(Collections.reverseOrder(base).compare(a, b))); break;
                    case 2: {
                        Comparator<Integer> twice = Collections.reverseOrder(Collections.reverseOrder(base));
                        sb.append("t").append(twice == base).append(Integer.signum(twice.compare(a, b)));
                        break;
                    }
                    case 3: {
                        Comparator<Integer> rev = Collections.reverseOrder();
                        Comparator<Integer> nat = Collections.reverseOrder(rev);
                        sb.append("u").append(Integer.signum(nat.compare(a, b)));
                        break;
                    }
                    case 4: sb.append("e").append(Collections.reverseOrder(base).equals(Collections.reverseOrder(base)))
                            .append(Collections.reverseOrder(base).equals(base))
                            .append(Collections.reverseOrder(null) == Collections.reverseOrder())
                            .append(Collections.reverseOrder() == Collections.reverseOrder()); break;
                    case 5: {
                        Comparator<Integer> rev = Collections.reverseOrder(base);
                        sb.append("r").append(rev.reversed() == base).append(Integer.signum(rev.reversed().compare(a, b)));
                        break;
                    }
                    case 6: {
                        Comparator<Integer> rev = Collections.reverseOrder();
                        sb.append("R").append(Integer.signum(rev.reversed().compare(a, b)));
                        break;
                    }
                    case 7: {
                        ArrayList<Integer> l = values(r, r.next(12), 12, 0);
                        l.sort(Collections.reverseOrder());
                        sb.append("s").append(l);
                        l.sort(Collections.reverseOrder(base));
                        sb.append(l);
                        break;
                    }
                    case 8: {
                        TreeSet<Integer> t = new TreeSet<Integer>(Collections.reverseOrder());
                        t.addAll(values(r, r.next(10), 12, 0));
                        sb.append("T").append(t).append(t.first()).append(t.headSet(6));
                        break;
                    }
                    case 9: {
                        Comparator<Integer> rev = Collections.reverseOrder(Collections.reverseOrder(Collections.reverseOrder(base)));
                        sb.append("3").append(Integer.signum(rev.compare(a, b)));
                        break;
                    }
                    case 10: {
                        ArrayList<Integer> l = values(r, r.next(12), 12, 0);
                        Collections.sort(l, Collections.reverseOrder(base));
                        sb.append("S").append(l).append(Collections.binarySearch(l, a == null ? 0 : a, Collections.reverseOrder(base)));
                        break;
                    }
                    default: {
                        ArrayList<Integer> l = values(r, r.next(8), 12, 0);
                        sb.append("m").append(l.isEmpty() ? "-" : Collections.max(l, Collections.reverseOrder()) + ""
                                + Collections.min(l, Collections.reverseOrder(base)));
                        break;
                    }
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.toString();
    }

    /** An element for a nested array: a value, null, a primitive array, or an array of them. */
    private static Object element(Lcg r, int depth) {
        switch (r.next(depth > 2 ? 9 : 12)) {
            case 0: return null;
            case 1: return r.next(20);
            case 2: return "s" + r.next(3);
            case 3: {
                int[] a = new int[r.next(4)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = r.next(7) - 3;
                }
                return a;
            }
            case 4: {
                long[] a = new long[r.next(3)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = r.next(7) * 1000000000000L;
                }
                return a;
            }
            case 5: {
                double[] a = new double[r.next(3)];
                double[] pick = {0.0, -0.0, 1.5, Double.NaN, -2.0};
                for (int i = 0; i < a.length; i++) {
                    a[i] = pick[r.next(5)];
                }
                return a;
            }
            case 6: {
                char[] a = new char[r.next(3)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (char) ('a' + r.next(3));
                }
                return a;
            }
            case 7: return r.next(2) == 0 ? new boolean[] {r.next(2) == 0} : new byte[] {(byte) r.next(300)};
            case 8: return r.next(2) == 0 ? new short[] {(short) r.next(5)} : new float[] {r.next(3) * 0.5f, -0.0f};
            case 9: {
                Integer[] a = new Integer[r.next(3)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = r.value(5, 3);
                }
                return a;
            }
            case 10: {
                int[][] a = new int[r.next(3)][];
                for (int i = 0; i < a.length; i++) {
                    a[i] = r.next(3) == 0 ? null : new int[] {r.next(4)};
                }
                return a;
            }
            default: return array(r, depth + 1);
        }
    }

    private static Object[] array(Lcg r, int depth) {
        Object[] a = new Object[r.next(4)];
        for (int i = 0; i < a.length; i++) {
            a[i] = element(r, depth);
        }
        return a;
    }

    /**
     * deepToString, deepEquals and deepHashCode of nested arrays, two built alike and then
     * perhaps made to differ; an array inside itself is only printed (hashing or comparing
     * one recurses without end, on the JVM too).
     */
    public static String deepArrays(int seed, int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length) / 4 + 1; i++) {
            int s = seed + i;
            Object[] a = array(new Lcg(s), 0);
            Object[] b = array(new Lcg(s), 0);
            Lcg r = new Lcg(s * 7 + 1);
            try {
                int change = r.next(5);
                if (change == 0 && b.length > 0) {
                    b[r.next(b.length)] = r.next(3);
                } else if (change == 1 && a.length > 0) {
                    a[r.next(a.length)] = a;
                    Object[] outer = {a, b, r.next(2) == 0 ? a : null};
                    sb.append(Arrays.deepToString(a)).append(Arrays.deepToString(outer)).append(' ');
                    continue;
                } else if (change == 2 && a.length > 0) {
                    b = Arrays.copyOf(a, a.length);
                }
                sb.append(Arrays.deepToString(a)).append(Arrays.deepToString(b));
                sb.append(Arrays.deepHashCode(a)).append(',').append(Arrays.deepHashCode(b));
                sb.append(Arrays.deepEquals(a, b)).append(Arrays.deepEquals(b, a)).append(Arrays.equals(a, b));
                sb.append(Arrays.hashCode(new Object[] {a.length}));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        sb.append(Arrays.deepToString(null)).append(Arrays.deepHashCode(null)).append(Arrays.deepEquals(null, null))
                .append(Arrays.deepEquals(new Object[0], null));
        return sb.toString();
    }

    /** Arrays of objects searched and compared with and without a comparator, in ranges. */
    public static String objectArrays(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            Integer[] a = new Integer[r.next(12)];
            for (int k = 0; k < a.length; k++) {
                a[k] = r.value(10, 8);
            }
            Integer key = r.value(10, 8);
            int from = r.next(a.length + 3) - 1;
            int to = r.next(a.length + 3) - 1;
            Comparator<Integer> c = order(r.next(4));
            try {
                switch (r.next(6)) {
                    case 0: {
                        if (!Arrays.asList(a).contains(null)) {
                            Arrays.sort(a);
                        }
                        sb.append("b").append(Arrays.binarySearch(a, key));
                        break;
                    }
                    case 1: sb.append("B").append(Arrays.binarySearch(a, key, c)); break;
                    case 2: sb.append("r").append(Arrays.binarySearch(a, from, to, key)); break;
                    case 3: {
                        Arrays.sort(a, coarse());
                        sb.append("R").append(Arrays.binarySearch(a, from, to, key, coarse()));
                        break;
                    }
                    case 4: {
                        Integer[] b = Arrays.copyOf(a, a.length + r.next(2));
                        if (b.length > 0 && r.next(2) == 0) {
                            b[r.next(b.length)] = key;
                        }
                        Comparator<Integer> natural = Comparator.naturalOrder();
                        sb.append("e").append(Arrays.equals(a, b, coarse())).append(Arrays.equals(b, a, Comparator.nullsLast(natural)));
                        break;
                    }
                    default: sb.append("E").append(Arrays.equals(a, r.next(2) == 0 ? null : a, c)); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(Arrays.toString(a)).append(' ');
        }
        return sb.toString();
    }
}
