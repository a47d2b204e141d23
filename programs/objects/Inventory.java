import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A shop's stock by item name, with a log of changes, and helpers over word lists. */
public class Inventory {
    private final Map<String, Integer> stock = new HashMap<>();
    private final List<String> log = new ArrayList<>();
    private final int limit;

    public Inventory(int limit) {
        if (limit <= 0) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
        this.limit = limit;
    }

    public int add(String item, int count) {
        if (item == null || count <= 0) {
            throw new IllegalArgumentException("bad item or count");
        }
        int now = stock.getOrDefault(item, 0) + count;
        if (now > limit) {
            now = limit;
        }
        stock.put(item, now);
        log.add("+" + item);
        return now;
    }

    public boolean take(String item, int count) {
        Integer have = stock.get(item);
        if (have == null || have < count) {
            return false;
        }
        if (have == count) {
            stock.remove(item);
        } else {
            stock.put(item, have - count);
        }
        log.add("-" + item);
        return true;
    }

    public int total() {
        int sum = 0;
        for (int n : stock.values()) {
            sum += n;
        }
        return sum;
    }

    /** The items with fewer than `threshold` left, in name order. */
    public List<String> low(int threshold) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, Integer> e : stock.entrySet()) {
            if (e.getValue() < threshold) {
                names.add(e.getKey());
            }
        }
        names.sort(null);
        return names;
    }

    public String history() {
        return String.join(" ", log);
    }

    /** How many times each letter occurs, in order of first occurrence. */
    public static Map<Character, Integer> letters(String text) {
        Map<Character, Integer> counts = new LinkedHashMap<>();
        for (char c : text.toCharArray()) {
            if (Character.isLetter(c)) {
                counts.merge(Character.toLowerCase(c), 1, Integer::sum);
            }
        }
        return counts;
    }

    /** The first element seen twice, or -1. */
    public static int firstRepeated(List<Integer> xs) {
        Set<Integer> seen = new HashSet<>();
        for (Integer x : xs) {
            if (x != null && !seen.add(x)) {
                return x;
            }
        }
        return -1;
    }

    /** Words by their length, each list in the order given. */
    public static Map<Integer, List<String>> byLength(List<String> words) {
        Map<Integer, List<String>> groups = new HashMap<>();
        for (String w : words) {
            if (w == null) {
                continue;
            }
            groups.computeIfAbsent(w.length(), k -> new ArrayList<>()).add(w);
        }
        return groups;
    }

    /** The sum of the stack's top `k` elements, popped. */
    public static int popSum(Deque<Integer> stack, int k) {
        int sum = 0;
        while (k > 0 && !stack.isEmpty()) {
            sum += stack.pop();
            k--;
        }
        return sum;
    }

    /** The elements of `xs` kept in a fresh deque, largest first where they arrive rising. */
    public static Deque<Integer> peaks(List<Integer> xs) {
        Deque<Integer> d = new ArrayDeque<>();
        for (Integer x : xs) {
            if (x == null) {
                continue;
            }
            while (!d.isEmpty() && d.peekLast() < x) {
                d.pollLast();
            }
            d.addLast(x);
        }
        return d;
    }
}
