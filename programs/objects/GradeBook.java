import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A course's grade book: scores of students, each a (name, score) entry, and the figures a
 * teacher asks of them, written with streams: averages, the top students, grades by letter,
 * groups by initial, a histogram, a ranking report.
 */
public class GradeBook {
    /** One score of one student. */
    record Entry(String name, int score) {
        Entry {
            Objects.requireNonNull(name, "name");
            if (score < 0 || score > 100) {
                throw new IllegalArgumentException("score out of range: " + score);
            }
        }

        /** The letter grade: A from 90, B from 80, C from 70, D from 60, else F. */
        char letter() {
            return score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 70 ? 'C' : score >= 60 ? 'D' : 'F';
        }
    }

    private final String course;
    private final List<Entry> entries = new ArrayList<>();

    /** The course's scores, `scores[i]` being `names[i]`'s. */
    public GradeBook(String course, String[] names, int[] scores) {
        if (names.length != scores.length) {
            throw new IllegalArgumentException(names.length + " names for " + scores.length + " scores");
        }
        this.course = Objects.requireNonNull(course);
        for (int i = 0; i < names.length; i++) {
            entries.add(new Entry(names[i], scores[i]));
        }
    }

    public GradeBook(String course) {
        this(course, new String[0], new int[0]);
    }

    public void record(String name, int score) {
        entries.add(new Entry(name, score));
    }

    public int size() {
        return entries.size();
    }

    /** The mean of every score, 0 without any. */
    public double average() {
        return entries.stream().mapToInt(Entry::score).average().orElse(0.0);
    }

    /** The mean of one student's scores. */
    public double averageOf(String name) {
        OptionalDouble mean = entries.stream()
                .filter(e -> e.name().equals(name))
                .mapToInt(Entry::score)
                .average();
        if (mean.isEmpty()) {
            throw new IllegalArgumentException("no scores for " + name);
        }
        return mean.getAsDouble();
    }

    /** Each student's mean score, by name. */
    public Map<String, Double> averagesByStudent() {
        return entries.stream()
                .collect(Collectors.groupingBy(Entry::name, TreeMap::new, Collectors.averagingInt(Entry::score)));
    }

    /** The `n` students with the best means, best first (ties by name). */
    public List<String> topStudents(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count: " + n);
        }
        Comparator<Map.Entry<String, Double>> byMean = Map.Entry.comparingByValue();
        return averagesByStudent().entrySet().stream()
                .sorted(byMean.reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .map(Map.Entry::getKey)
                .collect(Collectors.toList());
    }

    /** How many scores earned each letter grade, in letter order. */
    public Map<Character, Long> letterCounts() {
        return entries.stream()
                .collect(Collectors.groupingBy(Entry::letter, TreeMap::new, Collectors.counting()));
    }

    /** The names of the students with a score of at least `threshold`, each once, sorted. */
    public List<String> passing(int threshold) {
        return entries.stream()
                .filter(e -> e.score() >= threshold)
                .map(Entry::name)
                .distinct()
                .sorted()
                .collect(Collectors.toList());
    }

    /** Scores split into passing (true) and failing (false) at 60. */
    public Map<Boolean, List<Integer>> passFail() {
        return entries.stream()
                .collect(Collectors.partitioningBy(e -> e.score() >= 60,
                        Collectors.mapping(Entry::score, Collectors.toList())));
    }

    /** The best score's entry as "name=score", or "none". */
    public String best() {
        return entries.stream()
                .max(Comparator.comparingInt(Entry::score))
                .map(e -> e.name() + "=" + e.score())
                .orElse("none");
    }

    /** The median score (the mean of the middle two for an even count). */
    public double median() {
        int[] sorted = entries.stream().mapToInt(Entry::score).sorted().toArray();
        if (sorted.length == 0) {
            throw new IllegalStateException("no scores");
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }

    /** Counts of scores per bucket of `width` points, from 0 to 100. */
    public int[] histogram(int width) {
        if (width <= 0) {
            throw new IllegalArgumentException("width must be positive: " + width);
        }
        int buckets = 100 / width + 1;
        return IntStream.range(0, buckets)
                .map(b -> (int) entries.stream().filter(e -> e.score() / width == b).count())
                .toArray();
    }

    /** Students grouped by the first letter of their names, each group's names joined. */
    public Map<String, String> byInitial() {
        return entries.stream()
                .map(Entry::name)
                .filter(name -> !name.isEmpty())
                .distinct()
                .collect(Collectors.groupingBy(name -> name.substring(0, 1).toUpperCase(), TreeMap::new,
                        Collectors.joining(", ")));
    }

    /** Count, sum, min, average and max of the scores. */
    public String statistics() {
        IntSummaryStatistics stats = entries.stream().mapToInt(Entry::score).summaryStatistics();
        return course + ": " + stats;
    }

    /** Scores raised by `points`, capped at 100, in the order they were recorded. */
    public int[] curved(int points) {
        return entries.stream().mapToInt(e -> Math.min(100, e.score() + points)).toArray();
    }

    /** Whether every student has a passing score (at least 60). */
    public boolean allPassing() {
        return entries.stream().allMatch(e -> e.score() >= 60);
    }

    /** The ranking: one line per student, "rank. name mean letter", best first. */
    public String report() {
        List<String> ranked = topStudents(entries.size());
        Map<String, Double> means = averagesByStudent();
        return IntStream.range(0, ranked.size())
                .mapToObj(i -> {
                    String name = ranked.get(i);
                    double mean = means.get(name);
                    char letter = new Entry(name, (int) Math.round(mean)).letter();
                    return (i + 1) + ". " + name + " " + String.format("%.1f", mean) + " " + letter;
                })
                .collect(Collectors.joining("\n", course + "\n", ""));
    }

    /** The distinct scores of the student, highest first, joined by spaces. */
    public String scoresOf(String name) {
        return entries.stream()
                .filter(e -> e.name().equals(name))
                .map(Entry::score)
                .sorted(Comparator.reverseOrder())
                .distinct()
                .map(String::valueOf)
                .collect(Collectors.joining(" "));
    }

    /** The total of the `n` best scores. */
    public int bestTotal(int n) {
        return entries.stream()
                .map(Entry::score)
                .sorted(Comparator.reverseOrder())
                .limit(n)
                .reduce(0, Integer::sum);
    }

    @Override
    public String toString() {
        return course + Arrays.toString(entries.stream().map(e -> e.name() + ":" + e.score()).toArray());
    }
}
