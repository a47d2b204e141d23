import java.util.*;

// The collections and builders of roth's model of the JDK (`src/program/jdk/java/util/`,
// `java/lang/AbstractStringBuilder.java`) for the differential test (not a mutation subject):
// each method runs a random sequence of operations drawn from its seed on one kind of
// collection and returns a trace of every result, exception and printed form, which roth
// and the JVM must agree on. Keys collide on purpose ("Aa" and "BB" have one hash code), null
// is among the values, and the loops change what they walk, so the fail-fast paths run.
public class CollectionModels {
    private int state;

    private CollectionModels(int seed) {
        state = seed;
    }

    /** The next draw in [0, bound). */
    private int next(int bound) {
        state = state * 1103515245 + 12345;
        return Math.floorMod(state >>> 8, bound);
    }

    private Integer value() {
        int v = next(12);
        return v == 11 ? null : v - 2;
    }

    private static final String[] KEYS = {"Aa", "BB", "C", "", "AaAa", "BBBB", "AaBB", "x", "y", "z"};

    private String key() {
        int k = next(KEYS.length + 1);
        return k == KEYS.length ? null : KEYS[k];
    }

    /** What was thrown: its class and message (not a NullPointerException's: the JVM's
     * helpful messages are not modelled). */
    private static String failure(RuntimeException e) {
        if (e instanceof NullPointerException) {
            return e.getClass().getName();
        }
        return e.getClass().getName() + ": " + e.getMessage();
    }

    public static String arrayList(int seed, int length) {
        CollectionModels r = new CollectionModels(seed);
        List<Integer> list = r.next(3) == 0 ? new ArrayList<>(r.next(4)) : new ArrayList<>();
        StringBuilder trace = new StringBuilder();
        for (int step = 0; step < Math.floorMod(length, 40); step++) {
            int op = r.next(30);
            try {
                switch (op) {
                    case 0, 1, 2, 3 -> trace.append(list.add(r.value()));
                    case 4 -> list.add(r.next(list.size() + 2) - 1, r.value());
                    case 5 -> trace.append(list.get(r.next(list.size() + 2) - 1));
                    case 6 -> trace.append(list.set(r.next(list.size() + 1), r.value()));
                    case 7 -> trace.append(list.remove(r.next(list.size() + 1)));
                    case 8 -> trace.append(list.remove((Object) r.value()));
                    case 9 -> trace.append(list.indexOf(r.value())).append(list.lastIndexOf(r.value()));
                    case 10 -> trace.append(list.contains(r.value())).append(list.isEmpty()).append(list.size());
                    case 11 -> trace.append(list.addAll(Arrays.asList(r.value(), r.value())));
                    case 12 -> trace.append(list.addAll(r.next(list.size() + 2) - 1, List.of(r.next(5))));
                    case 13 -> trace.append(list.removeAll(Arrays.asList(r.value(), r.value())));
                    case 14 -> trace.append(list.retainAll(new ArrayList<>(Arrays.asList(r.value(), r.value(), r.value()))));
                    case 15 -> {
                        int from = r.next(list.size() + 2) - 1;
                        List<Integer> sub = list.subList(from, from + r.next(3));
                        trace.append(sub).append(sub.size());
                        if (r.next(2) == 0) {
                            sub.clear();
                        } else {
                            sub.add(r.value());
                        }
                    }
                    case 16 -> {
                        Comparator<Integer> natural = Comparator.naturalOrder();
                        Comparator<Integer> reverse = Comparator.reverseOrder();
                        list.sort(r.next(2) == 0 ? Comparator.nullsFirst(natural) : Comparator.nullsLast(reverse));
                    }
                    case 17 -> {
                        Iterator<Integer> it = list.iterator();
                        while (it.hasNext()) {
                            Integer v = it.next();
                            if (v == null || v % 2 == 0) {
                                it.remove();
                            }
                        }
                    }
                    case 18 -> {
                        ListIterator<Integer> it = list.listIterator(r.next(list.size() + 1));
                        while (it.hasNext()) {
                            Integer v = it.next();
                            if (v != null && v > 3) {
                                it.set(v * 10);
                            } else if (r.next(4) == 0) {
                                it.add(-7);
                            }
                        }
                        while (it.hasPrevious() && r.next(3) > 0) {
                            trace.append(it.previous()).append(it.previousIndex());
                        }
                    }
                    case 19 -> {
                        int seen = 0;
                        for (Integer v : list) {
                            seen++;
                            if (r.next(5) == 0) {
                                list.remove(v);
                            }
                        }
                        trace.append("walked ").append(seen);
                    }
                    case 20 -> trace.append(list.removeIf(v -> v != null && v < 1));
                    case 21 -> list.replaceAll(v -> v == null ? 0 : v + 1);
                    case 22 -> trace.append(list.equals(Arrays.asList(r.value(), r.value()))).append(list.hashCode());
                    case 23 -> trace.append(list.toArray().length).append(list.toArray(new Integer[1]).length);
                    case 24 -> trace.append(new ArrayList<>(list)).append(List.copyOf(list.subList(0, 0)));
                    case 25 -> trace.append(List.of(1, 2, 3).contains(r.value()));
                    case 26 -> list.forEach(v -> trace.append(v).append(';'));
                    case 27 -> {
                        if (r.next(4) == 0) {
                            list.clear();
                        }
                    }
                    case 28 -> trace.append(list.listIterator().next());
                    default -> trace.append(list);
                }
            } catch (RuntimeException e) {
                trace.append(failure(e));
            }
            trace.append(' ');
        }
        return trace.append(list).toString();
    }

    public static String builder(int seed, int length) {
        CollectionModels r = new CollectionModels(seed);
        StringBuilder sb = r.next(2) == 0 ? new StringBuilder("ab") : new StringBuilder(r.next(3));
        StringBuffer other = new StringBuffer();
        String trace = "";
        for (int step = 0; step < Math.floorMod(length, 40); step++) {
            int op = r.next(24);
            try {
                switch (op) {
                    case 0 -> sb.append(r.value());
                    case 1 -> sb.append((char) ('a' + r.next(26)));
                    case 2 -> sb.append(r.key());
                    case 3 -> sb.append(r.next(2) == 0).append(2.5).append(7L).append(1.5f);
                    case 4 -> sb.insert(r.next(sb.length() + 2) - 1, r.key());
                    case 5 -> sb.insert(r.next(sb.length() + 1), 'q');
                    case 6 -> sb.delete(r.next(sb.length() + 2) - 1, r.next(sb.length() + 3));
                    case 7 -> sb.deleteCharAt(r.next(sb.length() + 1));
                    case 8 -> sb.replace(r.next(sb.length() + 1), r.next(sb.length() + 2), r.key() + "");
                    case 9 -> sb.reverse();
                    case 10 -> sb.setCharAt(r.next(sb.length() + 1), 'Z');
                    case 11 -> sb.setLength(r.next(sb.length() + 2));
                    case 12 -> trace += sb.charAt(r.next(sb.length() + 1));
                    case 13 -> trace += sb.indexOf("a") + "," + sb.lastIndexOf("B") + "," + sb.indexOf("", 2);
                    case 14 -> trace += sb.substring(r.next(sb.length() + 1));
                    case 15 -> trace += sb.substring(r.next(sb.length() + 1), r.next(sb.length() + 2));
                    case 16 -> trace += sb.capacity() + "," + sb.length();
                    case 17 -> {
                        other.append(sb).append('|');
                        trace += other.compareTo(new StringBuffer(sb));
                    }
                    case 18 -> sb.append(new char[] {'x', 'y', 'z'}, r.next(3), r.next(4));
                    case 19 -> sb.appendCodePoint(r.next(2) == 0 ? 0x1F600 : 'k');
                    case 20 -> sb.append("hello", r.next(3), r.next(6));
                    case 21 -> sb.ensureCapacity(r.next(60));
                    case 22 -> sb.trimToSize();
                    default -> trace += sb.isEmpty() + sb.toString();
                }
            } catch (RuntimeException e) {
                trace += failure(e);
            }
            trace += " ";
        }
        return shown(trace + sb + "|" + other);
    }

    /** Non-ASCII chars as \\uXXXX, so outcomes print the same whatever the encoding. */
    private static String shown(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7f) {
                out.append(c);
            } else {
                out.append("\\u").append(Integer.toHexString(c));
            }
        }
        return out.toString();
    }

    public static String hashMap(int seed, int length) {
        CollectionModels r = new CollectionModels(seed);
        int kind = r.next(3);
        Map<String, Integer> map = kind == 0 ? new HashMap<>() : kind == 1 ? new HashMap<>(r.next(3))
                : new LinkedHashMap<>(4, 0.75f, r.next(2) == 0);
        return mapOps(r, map, length);
    }

    public static String manyKeys(int seed, int length) {
        CollectionModels r = new CollectionModels(seed);
        Map<Integer, String> map = r.next(2) == 0 ? new HashMap<>() : new LinkedHashMap<>();
        for (int i = 0; i < Math.floorMod(length, 200); i++) {
            int k = r.next(1000) - 300;
            if (r.next(4) == 0) {
                map.remove(k);
            } else {
                map.put(k * 17, "v" + i);
            }
        }
        Map<Integer, String> copy = new HashMap<>(map);
        copy.keySet().removeIf(k -> k % 3 == 0);
        return map + "|" + copy + "|" + map.hashCode() + map.equals(copy) + new HashSet<>(map.values()).size();
    }

    private static String mapOps(CollectionModels r, Map<String, Integer> map, int length) {
        StringBuilder trace = new StringBuilder();
        for (int step = 0; step < Math.floorMod(length, 40); step++) {
            int op = r.next(26);
            try {
                switch (op) {
                    case 0, 1, 2, 3 -> trace.append(map.put(r.key(), r.value()));
                    case 4 -> trace.append(map.get(r.key()));
                    case 5 -> trace.append(map.remove(r.key()));
                    case 6 -> trace.append(map.containsKey(r.key())).append(map.containsValue(r.value()));
                    case 7 -> trace.append(map.putIfAbsent(r.key(), r.value()));
                    case 8 -> trace.append(map.getOrDefault(r.key(), -1));
                    case 9 -> trace.append(map.merge(r.key(), r.next(5), Integer::sum));
                    case 10 -> trace.append(map.compute(r.key(), (k, v) -> v == null ? 1 : v > 5 ? null : v * 2));
                    case 11 -> trace.append(map.computeIfAbsent(r.key(), k -> k == null || k.isEmpty() ? null : k.length()));
                    case 12 -> trace.append(map.computeIfPresent(r.key(), (k, v) -> v % 2 == 0 ? null : v + 1));
                    case 13 -> trace.append(map.replace(r.key(), r.value())).append(map.replace(r.key(), 1, 2));
                    case 14 -> trace.append(map.remove(r.key(), r.value()));
                    case 15 -> trace.append(map.keySet().remove(r.key())).append(map.values().remove(r.value()));
                    case 16 -> {
                        for (Map.Entry<String, Integer> e : map.entrySet()) {
                            if (e.getValue() != null) {
                                e.setValue(e.getValue() + 100);
                            }
                            trace.append(e).append(e.hashCode()).append(';');
                        }
                    }
                    case 17 -> {
                        Iterator<String> it = map.keySet().iterator();
                        while (it.hasNext()) {
                            String k = it.next();
                            if (k == null || k.length() > 1) {
                                it.remove();
                            }
                        }
                    }
                    case 18 -> {
                        for (String k : map.keySet()) {
                            trace.append(k).append(',');
                            if (r.next(4) == 0) {
                                map.put(r.key(), 0);
                            }
                        }
                    }
                    case 19 -> trace.append(map.hashCode()).append(map.equals(new HashMap<>(map)))
                            .append(map.equals(Map.of("x", 1)));
                    case 20 -> {
                        Map<String, Integer> more = new LinkedHashMap<>();
                        more.put(r.key(), 5);
                        more.put(r.key(), 6);
                        map.putAll(more);
                    }
                    case 21 -> map.forEach((k, v) -> trace.append(k).append('=').append(v).append(';'));
                    case 22 -> map.replaceAll((k, v) -> v == null ? -1 : v - 1);
                    case 23 -> trace.append(map.keySet()).append(map.values()).append(map.entrySet());
                    case 24 -> {
                        if (r.next(5) == 0) {
                            map.clear();
                        }
                        trace.append(map.size()).append(map.isEmpty());
                    }
                    default -> trace.append(map.entrySet().contains(new AbstractMap.SimpleEntry<>(r.key(), r.value())));
                }
            } catch (RuntimeException e) {
                trace.append(failure(e));
            }
            trace.append(' ');
        }
        return trace.append(map).toString();
    }

    public static String hashSet(int seed, int length) {
        CollectionModels r = new CollectionModels(seed);
        Set<String> set = r.next(2) == 0 ? new HashSet<>() : new LinkedHashSet<>();
        StringBuilder trace = new StringBuilder();
        for (int step = 0; step < Math.floorMod(length, 40); step++) {
            int op = r.next(14);
            try {
                switch (op) {
                    case 0, 1, 2, 3 -> trace.append(set.add(r.key()));
                    case 4 -> trace.append(set.remove(r.key()));
                    case 5 -> trace.append(set.contains(r.key())).append(set.size());
                    case 6 -> trace.append(set.addAll(Arrays.asList(r.key(), r.key())));
                    case 7 -> trace.append(set.retainAll(new HashSet<>(Arrays.asList(r.key(), r.key(), r.key(), r.key()))));
                    case 8 -> trace.append(set.removeAll(Arrays.asList(r.key(), r.key())));
                    case 9 -> trace.append(set.removeIf(s -> s != null && s.startsWith("A")));
                    case 10 -> {
                        for (String s : set) {
                            trace.append(s).append(',');
                            if (r.next(6) == 0) {
                                set.remove(s);
                            }
                        }
                    }
                    case 11 -> trace.append(set.hashCode()).append(set.equals(new LinkedHashSet<>(set)))
                            .append(set.containsAll(Arrays.asList("x", "y")));
                    case 12 -> trace.append(new HashSet<>(set)).append(new LinkedHashSet<>(set));
                    default -> trace.append(set);
                }
            } catch (RuntimeException e) {
                trace.append(failure(e));
            }
            trace.append(' ');
        }
        return trace.append(set).toString();
    }
}
