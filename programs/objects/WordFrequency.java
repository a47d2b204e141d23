import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Word counts of a text, with rankings and reports. */
public class WordFrequency {
    private final Map<String, Integer> counts = new HashMap<>();
    private final int minLength;
    private int total;

    /** An empty counter of words of any length, filled with addWord. */
    public WordFrequency() {
        this("", 1);
    }

    public WordFrequency(String text, int minLength) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        if (minLength < 1) {
            throw new IllegalArgumentException("minLength must be at least 1: " + minLength);
        }
        this.minLength = minLength;
        for (String word : words(text)) {
            addWord(word);
        }
    }

    /** The lower-case words of `text`, split on runs of spaces, punctuation dropped. */
    public static List<String> words(String text) {
        List<String> result = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            if (Character.isLetterOrDigit(c) || c == '\'') {
                current.append(Character.toLowerCase(c));
            } else if (c == ' ' || c == '\t' || c == '\n') {
                if (current.length() > 0) {
                    result.add(current.toString());
                    current.setLength(0);
                }
            }
        }
        return result;
    }

    /** Adds one word; words shorter than the minimum are ignored. Returns its new count. */
    public int addWord(String word) {
        if (word == null || word.length() < minLength) {
            return 0;
        }
        String key = word.toLowerCase();
        int now = counts.getOrDefault(key, 0) + 1;
        counts.put(key, now);
        total++;
        return now;
    }

    public int count(String word) {
        return word == null ? 0 : counts.getOrDefault(word.toLowerCase(), 0);
    }

    public int total() {
        return total;
    }

    public int distinct() {
        return counts.size();
    }

    /** The `k` most frequent words, by count descending, then alphabetically. */
    public List<String> top(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("k must not be negative: " + k);
        }
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort((a, b) -> {
            int byCount = Integer.compare(b.getValue(), a.getValue());
            return byCount != 0 ? byCount : a.getKey().compareTo(b.getKey());
        });
        List<String> result = new ArrayList<>();
        for (int i = 0; i < k && i < entries.size(); i++) {
            result.add(entries.get(i).getKey());
        }
        return result;
    }

    /** A report line per word of the top `k`: "word=count", joined with ", ". */
    public String report(int k) {
        StringBuilder sb = new StringBuilder();
        for (String word : top(k)) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(word).append('=').append(counts.get(word));
        }
        return sb.insert(0, '[').append(']').toString();
    }

    /** The words seen exactly once, sorted. */
    public List<String> hapaxes() {
        List<String> once = new ArrayList<>();
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() == 1) {
                once.add(e.getKey());
            }
        }
        once.sort(null);
        return once;
    }

    /** The distinct words of `words` in the order they are first seen, ignoring case. */
    public static Set<String> distinctInOrder(List<String> words) {
        Set<String> seen = new LinkedHashSet<>();
        for (String w : words) {
            if (w != null && !w.isEmpty()) {
                seen.add(w.toLowerCase());
            }
        }
        return seen;
    }

    /** Counts of the words of `text` split on single spaces, case kept. */
    public static Map<String, Integer> countSplit(String text) {
        Map<String, Integer> result = new HashMap<>();
        for (String part : text.split(" ")) {
            if (!part.isEmpty()) {
                result.merge(part, 1, Integer::sum);
            }
        }
        return result;
    }

    /** The word of `counts` with the highest count, ties to the smaller word; null if empty. */
    public static String mostCommon(Map<String, Integer> counts) {
        String best = null;
        int bestCount = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            String w = e.getKey();
            int c = e.getValue();
            if (best == null || c > bestCount || (c == bestCount && w.compareTo(best) < 0)) {
                best = w;
                bestCount = c;
            }
        }
        return best;
    }
}
