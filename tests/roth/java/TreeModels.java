import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

// TreeMap and TreeSet of roth's model of the JDK (`src/program/jdk/java/util/`) for the
// differential test (not a mutation subject): natural order, reversed and coarse comparators,
// null keys and values, the navigation methods, the range and descending views (which read
// through to the tree), and fail-fast iterators. Each method runs a random sequence of
// operations chosen by its seed (a small LCG) and returns the trace of their results and
// exceptions (class and message; NullPointerException by class only, as roth does not model
// the JVM's helpful messages), so roth and the JVM must agree on every one.
public class TreeModels {
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
        return Math.floorMod(length, 60);
    }

    /** One of the orders: natural (null), reversed, by last digit (coarse), nulls first. */
    private static Comparator<Integer> order(int kind) {
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return Comparator.reverseOrder();
        }
        if (kind == 2) {
            return (a, b) -> Integer.compare(a % 5, b % 5);
        }
        return Comparator.nullsFirst(Comparator.naturalOrder());
    }

    private static TreeMap<Integer, Integer> newMap(Comparator<? super Integer> cmp) {
        return cmp == null ? new TreeMap<Integer, Integer>() : new TreeMap<Integer, Integer>(cmp);
    }

    /** The keys and values of `m` walked by an iterator: the order and the contents. */
    private static String walk(Map<Integer, Integer> m) {
        StringBuilder sb = new StringBuilder("<");
        for (Map.Entry<Integer, Integer> e : m.entrySet()) {
            sb.append(e.getKey()).append(':').append(e.getValue()).append(',');
        }
        return sb.append('>').toString();
    }

    /** Every method of a NavigableMap, chosen at random, on a TreeMap or one of its views. */
    private static String mapOp(NavigableMap<Integer, Integer> m, Lcg r, int nulls) {
        Integer k = r.value(16, nulls);
        Integer v = r.value(50, 5);
        switch (r.next(44)) {
            case 0: case 1: case 2: return "p" + m.put(k, v);
            case 3: return "g" + m.get(k);
            case 4: return "ck" + m.containsKey(k);
            case 5: return "cv" + m.containsValue(v);
            case 6: return "r" + m.remove(k);
            case 7: return "fk" + m.firstKey();
            case 8: return "lk" + m.lastKey();
            case 9: return "fe" + m.firstEntry() + m.lastEntry();
            case 10: return "pf" + m.pollFirstEntry();
            case 11: return "pl" + m.pollLastEntry();
            case 12: return "fl" + m.floorKey(k) + m.floorEntry(k);
            case 13: return "ce" + m.ceilingKey(k) + m.ceilingEntry(k);
            case 14: return "lo" + m.lowerKey(k) + m.lowerEntry(k);
            case 15: return "hi" + m.higherKey(k) + m.higherEntry(k);
            case 16: return "pa" + m.putIfAbsent(k, v);
            case 17: return "go" + m.getOrDefault(k, -1);
            case 18: return "mg" + m.merge(k, v == null ? 7 : v, (a, b) -> a + b > 60 ? null : a + b);
            case 19: return "cp" + m.compute(k, (a, b) -> b == null ? a : b % 3 == 0 ? null : b + 1);
            case 20: return "ca" + m.computeIfAbsent(k, a -> v);
            case 21: return "ci" + m.computeIfPresent(k, (a, b) -> b % 2 == 0 ? null : b * 2);
            case 22: return "rp" + m.replace(k, v);
            case 23: return "r3" + m.replace(k, v, 9);
            case 24: return "rv" + m.remove(k, v);
            case 25: return "sz" + m.size() + m.isEmpty();
            case 26: return "ks" + m.keySet() + m.values();
            case 27: return "ds" + m.descendingMap() + m.descendingKeySet();
            case 28: return "nk" + m.navigableKeySet().size();
            case 29: {
                HashMap<Integer, Integer> h = new HashMap<Integer, Integer>(m);
                return "eq" + m.equals(h) + h.equals(m) + (m.hashCode() == h.hashCode()) + m.hashCode();
            }
            case 30: {
                StringBuilder sb = new StringBuilder("fe");
                m.forEach((a, b) -> sb.append(a).append(b));
                return sb.toString();
            }
            case 31: {
                m.replaceAll((a, b) -> b == null ? null : b + 1);
                return "ra";
            }
            case 32: return "hm" + m.headMap(k) + m.headMap(k, r.next(2) == 0);
            case 33: return "tm" + m.tailMap(k) + m.tailMap(k, r.next(2) == 0);
            case 34: {
                Integer to = r.value(16, nulls);
                return "sm" + m.subMap(k, to) + m.subMap(k, r.next(2) == 0, to, r.next(2) == 0);
            }
            case 35: return "es" + m.entrySet().contains(Map.entry(k == null ? 0 : k, v == null ? 0 : v))
                    + m.entrySet().remove(Map.entry(k == null ? 0 : k, v == null ? 0 : v));
            case 36: return "kr" + m.keySet().remove(k) + m.values().remove(v);
            case 37: {
                Map.Entry<Integer, Integer> e = m.firstEntry();
                return "sv" + (e == null ? "-" : "" + e.setValue(v));
            }
            case 38: return "cm" + (m.comparator() == null);
            case 39: {
                String s = "it";
                Iterator<Map.Entry<Integer, Integer>> it = m.entrySet().iterator();
                while (it.hasNext()) {
                    Map.Entry<Integer, Integer> e = it.next();
                    s += e;
                    if (e.getValue() != null && e.getValue() % 3 == 0) {
                        it.remove();
                        s += "-";
                    } else if (e.getValue() != null && e.getValue() % 3 == 1) {
                        e.setValue(e.getValue() + 1);
                    }
                }
                return s;
            }
            case 40: {
                String s = "dk";
                Iterator<Integer> it = m.descendingKeySet().iterator();
                while (it.hasNext()) {
                    Integer x = it.next();
                    s += x;
                    if (x != null && x % 4 == 1) {
                        it.remove();
                        s += "-";
                    }
                }
                return s;
            }
            case 41: {
                if (r.next(5) == 0) {
                    m.clear();
                    return "cl";
                }
                return "ri" + m.keySet().removeIf(x -> x != null && x % 4 == r.next(4));
            }
            case 42: {
                TreeMap<Integer, Integer> t = new TreeMap<Integer, Integer>();
                t.put(k == null ? 3 : k, v);
                t.put(r.next(16), r.next(9));
                m.putAll(t);
                return "pA" + walk(m);
            }
            default: return "w" + walk(m);
        }
    }

    private static String run(NavigableMap<Integer, Integer> m, NavigableMap<Integer, Integer> whole,
            Lcg r, int length, int nulls) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            try {
                sb.append(mapOp(m, r, nulls));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 8 == 7) {
                sb.append(whole).append(' ');
            }
        }
        return sb.append(whole).append(m).toString();
    }

    /** A TreeMap in natural order: null keys refused (NPE), null values kept. */
    public static String naturalMap(int seed, int length) {
        Lcg r = new Lcg(seed);
        TreeMap<Integer, Integer> m = new TreeMap<Integer, Integer>();
        return run(m, m, r, length(length), 9);
    }

    /** TreeMaps with a comparator: reversed, coarse (keys equal by last digit), nulls first. */
    public static String comparatorMap(int seed, int length) {
        Lcg r = new Lcg(seed);
        int kind = 1 + r.next(3);
        TreeMap<Integer, Integer> m = newMap(order(kind));
        return "K" + kind + " " + run(m, m, r, length(length), kind == 3 ? 6 : 12);
    }

    /** The range views of a TreeMap (and views of views), changed through and beside. */
    public static String viewMap(int seed, int length) {
        Lcg r = new Lcg(seed);
        int kind = r.next(4);
        TreeMap<Integer, Integer> m = newMap(order(kind == 3 ? 1 : kind == 2 ? 0 : kind));
        int n = r.next(14);
        for (int i = 0; i < n; i++) {
            m.put(r.next(16), r.next(50));
        }
        StringBuilder sb = new StringBuilder();
        NavigableMap<Integer, Integer> view = m;
        for (int i = 0; i < length(length); i++) {
            try {
                Integer a = r.next(16);
                Integer b = r.next(16);
                switch (r.next(12)) {
                    case 0: view = m.subMap(a, r.next(2) == 0, b, r.next(2) == 0); sb.append("S"); break;
                    case 1: view = m.headMap(a, r.next(2) == 0); sb.append("H"); break;
                    case 2: view = m.tailMap(a, r.next(2) == 0); sb.append("T"); break;
                    case 3: view = view.descendingMap(); sb.append("D"); break;
                    case 4: view = view.subMap(a, r.next(2) == 0, b, r.next(2) == 0); sb.append("s"); break;
                    case 5: view = view.headMap(a, r.next(2) == 0); sb.append("h"); break;
                    case 6: view = view.tailMap(a, r.next(2) == 0); sb.append("t"); break;
                    case 7: {
                        SortedMap<Integer, Integer> sm = r.next(2) == 0 ? view.headMap(a) : view.tailMap(b);
                        sb.append("x").append(sm).append(sm.size());
                        break;
                    }
                    case 8: m.put(a, b); sb.append("P"); break;
                    default: sb.append(mapOp(view, r, 0)); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 6 == 5) {
                sb.append(m).append(view).append(' ');
            }
        }
        return sb.append(m).append(view).toString();
    }

    /** Iterators of the map and its views kept alive while the map changes under them. */
    public static String iterators(int seed, int length) {
        Lcg r = new Lcg(seed);
        TreeMap<Integer, Integer> m = newMap(order(r.next(3)));
        int n = r.next(16);
        for (int i = 0; i < n; i++) {
            m.put(r.next(20), r.next(50));
        }
        Iterator<Integer> keys = m.keySet().iterator();
        Iterator<Integer> values = m.values().iterator();
        Iterator<Map.Entry<Integer, Integer>> entries = m.entrySet().iterator();
        Map.Entry<Integer, Integer> held = null;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            int k = r.next(20);
            try {
                switch (r.next(22)) {
                    case 0: case 1: sb.append("k").append(keys.next()); break;
                    case 2: sb.append("v").append(values.next()); break;
                    case 3: case 4: held = entries.next(); sb.append("e").append(held); break;
                    case 5: keys.remove(); sb.append("rk"); break;
                    case 6: values.remove(); sb.append("rv"); break;
                    case 7: entries.remove(); sb.append("re"); break;
                    case 8: sb.append("h").append(keys.hasNext()).append(values.hasNext()).append(entries.hasNext()); break;
                    case 9: sb.append("p").append(m.put(k, i)); break;
                    case 10: sb.append("r").append(m.remove(k)); break;
                    case 11: sb.append("pv").append(m.put(m.isEmpty() ? k : m.firstKey(), i)); break;
                    case 12: {
                        int c = r.next(6);
                        keys = c == 0 ? m.navigableKeySet().iterator() : c == 1 ? m.descendingKeySet().iterator()
                                : c == 2 ? m.headMap(k, true).keySet().iterator()
                                : c == 3 ? m.tailMap(k, false).descendingKeySet().iterator()
                                : c == 4 ? m.descendingMap().keySet().iterator()
                                : m.subMap(k / 2, true, k, false).navigableKeySet().descendingIterator();
                        sb.append("K").append(c);
                        break;
                    }
                    case 13: {
                        int c = r.next(3);
                        entries = c == 0 ? m.entrySet().iterator() : c == 1 ? m.descendingMap().entrySet().iterator()
                                : m.tailMap(k).entrySet().iterator();
                        sb.append("E").append(c);
                        break;
                    }
                    case 14: values = r.next(2) == 0 ? m.values().iterator() : m.headMap(k).values().iterator(); sb.append("V"); break;
                    case 15: sb.append("s").append(held == null ? "-" : held.setValue(k) + "" + held); break;
                    case 16: sb.append("g").append(held == null ? "-" : held.getKey() + "=" + held.getValue()); break;
                    case 17: {
                        Map.Entry<Integer, Integer> e = r.next(2) == 0 ? m.floorEntry(k) : m.higherEntry(k);
                        sb.append("f").append(e);
                        if (e != null) {
                            e.setValue(1);
                        }
                        break;
                    }
                    case 18: sb.append("c").append(m.compute(k, (a, b) -> {
                        m.remove(a);
                        return 5;
                    }));
                        break;
                    case 19: sb.append("ca").append(m.computeIfAbsent(k, a -> a + 100)); break;
                    case 20: {
                        StringBuilder s = new StringBuilder("F");
                        keys.forEachRemaining(x -> s.append(x).append(','));
                        sb.append(s);
                        break;
                    }
                    default: {
                        StringBuilder s = new StringBuilder("M");
                        m.forEach((a, b) -> {
                            s.append(a);
                            if (b != null && b == k) {
                                m.remove(a);
                            }
                        });
                        sb.append(s);
                        break;
                    }
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 8 == 7) {
                sb.append(m).append(' ');
            }
        }
        return sb.append(m).toString();
    }

    /** String keys equal when they differ only in case: the first spelling stays. */
    public static String caseInsensitive(int seed, int length) {
        Lcg r = new Lcg(seed);
        String[] words = {"a", "A", "b", "B", "ab", "Ab", "aB", "c", "ca", "CA", "z", "Z"};
        Comparator<String> cmp = (s, t) -> s.compareToIgnoreCase(t);
        TreeMap<String, Integer> m = new TreeMap<String, Integer>(cmp);
        TreeSet<String> set = new TreeSet<String>(cmp);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length(length); i++) {
            String w = words[r.next(words.length)];
            String u = words[r.next(words.length)];
            try {
                switch (r.next(14)) {
                    case 0: case 1: sb.append("p").append(m.put(w, i)).append(set.add(w)); break;
                    case 2: sb.append("g").append(m.get(w)).append(set.contains(w)); break;
                    case 3: sb.append("r").append(m.remove(w)).append(set.remove(w)); break;
                    case 4: sb.append("f").append(m.floorKey(w)).append(set.ceiling(w)); break;
                    case 5: sb.append("h").append(m.higherEntry(w)).append(set.lower(w)); break;
                    case 6: sb.append("s").append(m.subMap(w, true, u, true)).append(set.subSet(w, u)); break;
                    case 7: sb.append("m").append(m.merge(w, 1, (a, b) -> a + b)); break;
                    case 8: sb.append("d").append(m.descendingMap()).append(set.descendingSet()); break;
                    case 9: sb.append("t").append(m.tailMap(w)).append(set.headSet(w, true)); break;
                    case 10: sb.append("e").append(set.equals(m.keySet())).append(m.keySet().equals(set)); break;
                    case 11: sb.append("q").append(set.pollFirst()).append(m.pollLastEntry()); break;
                    case 12: {
                        TreeSet<String> copy = new TreeSet<String>(set);
                        copy.add(u);
                        sb.append("c").append(copy).append(copy.comparator() == cmp);
                        break;
                    }
                    default: sb.append("n").append(set.first()).append(m.lastKey()); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.append(m).append(set).toString();
    }

    /** One of the collections TreeSet's constructors and `addAll` take. */
    private static Collection<Integer> source(Lcg r, int nulls) {
        int kind = r.next(3);
        Collection<Integer> c = kind == 0 ? new ArrayList<Integer>()
                : kind == 1 ? new HashSet<Integer>() : new TreeSet<Integer>();
        int n = r.next(7);
        for (int i = 0; i < n; i++) {
            c.add(r.value(20, kind == 2 ? 0 : nulls));
        }
        return c;
    }

    /** Every method of a NavigableSet on a TreeSet or one of its views. */
    private static String setOp(NavigableSet<Integer> s, Lcg r, int nulls) {
        Integer v = r.value(20, nulls);
        switch (r.next(30)) {
            case 0: case 1: case 2: return "a" + s.add(v);
            case 3: return "r" + s.remove(v);
            case 4: return "c" + s.contains(v);
            case 5: return "f" + s.first();
            case 6: return "l" + s.last();
            case 7: return "pf" + s.pollFirst();
            case 8: return "pl" + s.pollLast();
            case 9: return "fl" + s.floor(v) + s.ceiling(v);
            case 10: return "lo" + s.lower(v) + s.higher(v);
            case 11: return "hs" + s.headSet(v) + s.headSet(v, r.next(2) == 0);
            case 12: return "ts" + s.tailSet(v) + s.tailSet(v, r.next(2) == 0);
            case 13: {
                Integer to = r.value(20, nulls);
                return "ss" + s.subSet(v, to) + s.subSet(v, r.next(2) == 0, to, r.next(2) == 0);
            }
            case 14: return "ds" + s.descendingSet();
            case 15: {
                String t = "di";
                Iterator<Integer> it = s.descendingIterator();
                while (it.hasNext()) {
                    Integer x = it.next();
                    t += x;
                    if (x % 3 == 0) {
                        it.remove();
                        t += "-";
                    }
                }
                return t;
            }
            case 16: {
                String t = "it";
                Iterator<Integer> it = s.iterator();
                while (it.hasNext()) {
                    Integer x = it.next();
                    t += x;
                    if (x % 4 == 2) {
                        it.remove();
                        t += "-";
                    }
                }
                return t;
            }
            case 17: return "aa" + s.addAll(source(r, nulls));
            case 18: return "ra" + s.removeAll(source(r, 0));
            case 19: return "rt" + s.retainAll(source(r, 0));
            case 20: return "ca" + s.containsAll(source(r, 0));
            case 21: {
                HashSet<Integer> h = new HashSet<Integer>(s);
                return "eq" + s.equals(h) + h.equals(s) + s.hashCode();
            }
            case 22: return "sz" + s.size() + s.isEmpty();
            case 23: return "ri" + s.removeIf(x -> x % 5 == r.next(5));
            case 24: {
                String t = "fe";
                for (Integer x : s) {
                    t += x;
                    if (x == v) {
                        s.remove(x);
                    }
                }
                return t;
            }
            case 25: {
                Comparator<? super Integer> c = s.comparator();
                return "cl" + (c == null ? "n" : "" + Integer.signum(c.compare(3, 4)));
            }
            case 26: {
                if (r.next(4) == 0) {
                    s.clear();
                    return "CL";
                }
                return "ar" + java.util.Arrays.toString(s.toArray());
            }
            default: return "w" + s;
        }
    }

    /** TreeSets in every order, built every way, with their views. */
    public static String treeSet(int seed, int length) {
        Lcg r = new Lcg(seed);
        int kind = r.next(6);
        int order = r.next(3);
        TreeSet<Integer> s;
        try {
            if (kind == 0) {
                s = new TreeSet<Integer>(source(r, 8));
            } else if (kind == 1) {
                TreeSet<Integer> t = new TreeSet<Integer>(order(order));
                t.addAll(source(r, 0));
                SortedSet<Integer> sorted = t;
                s = new TreeSet<Integer>(sorted);
            } else if (kind == 2) {
                s = new TreeSet<Integer>(order(3));
            } else {
                s = new TreeSet<Integer>(order(order));
            }
        } catch (Exception e) {
            return thrown(e);
        }
        StringBuilder sb = new StringBuilder("S" + kind + order + " ");
        NavigableSet<Integer> view = s;
        for (int i = 0; i < length(length); i++) {
            try {
                Integer a = r.next(20);
                Integer b = r.next(20);
                switch (r.next(10)) {
                    case 0: view = s.subSet(a, r.next(2) == 0, b, r.next(2) == 0); sb.append("S"); break;
                    case 1: view = r.next(2) == 0 ? s.headSet(a, r.next(2) == 0) : s.tailSet(b, r.next(2) == 0); sb.append("H"); break;
                    case 2: view = view.descendingSet(); sb.append("D"); break;
                    case 3: view = r.next(2) == 0 ? view.headSet(a, true) : view.tailSet(b, false); sb.append("h"); break;
                    case 4: view = s; sb.append("W"); break;
                    default: sb.append(setOp(r.next(2) == 0 ? view : s, r, kind == 2 ? 6 : 12)); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 8 == 7) {
                sb.append(s).append(view).append(' ');
            }
        }
        return sb.append(s).append(view).toString();
    }

    /** A TreeMap copied from maps and sorted maps, then changed: copies and their views. */
    public static String copies(int seed, int length) {
        Lcg r = new Lcg(seed);
        TreeMap<Integer, Integer> base = newMap(order(r.next(3)));
        int n = r.next(20);
        for (int i = 0; i < n; i++) {
            base.put(r.next(30), r.value(9, 6));
        }
        StringBuilder sb = new StringBuilder();
        TreeMap<Integer, Integer> m;
        int kind = r.next(5);
        if (kind == 0) {
            SortedMap<Integer, Integer> sorted = base;
            m = new TreeMap<Integer, Integer>(sorted);
        } else if (kind == 1) {
            Map<Integer, Integer> plain = base;
            try {
                m = new TreeMap<Integer, Integer>(plain);
            } catch (Exception e) {
                return thrown(e);
            }
        } else if (kind == 2) {
            m = newMap(base.comparator());
            m.putAll(base);
        } else if (kind == 3) {
            SortedMap<Integer, Integer> sorted = base.descendingMap();
            m = new TreeMap<Integer, Integer>(sorted);
        } else {
            m = newMap(base.comparator());
            m.putAll(new HashMap<Integer, Integer>(base));
        }
        sb.append("C").append(kind).append(m).append(m.equals(base)).append(' ');
        return sb.append(run(m, m, r, length(length), 0)).append(base).toString();
    }
}
