/** Pricing orders through a chain of rules: rules as lambdas and method references, discounts composed, lines sorted by comparators. */

import java.util.Comparator;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

public class Pricing {
    /** A rule that adjusts a price in cents for a line; declared here rather than using IntBinaryOperator. */
    @FunctionalInterface
    interface Rule {
        int adjust(Line line, int cents);

        default Rule then(Rule next) {
            return (line, cents) -> next.adjust(line, adjust(line, cents));
        }

        static Rule when(Predicate<Line> condition, Rule rule) {
            return (line, cents) -> condition.test(line) ? rule.adjust(line, cents) : cents;
        }
    }

    static class Line {
        final String sku;
        final int quantity;
        final int unitCents;

        Line(String sku, int quantity, int unitCents) {
            if (quantity <= 0) {
                throw new IllegalArgumentException("quantity must be positive: " + quantity);
            }
            this.sku = sku;
            this.quantity = quantity;
            this.unitCents = unitCents;
        }

        Line(String sku, int unitCents) {
            this(sku, 1, unitCents);
        }

        int gross() {
            return quantity * unitCents;
        }

        String sku() {
            return sku;
        }

        boolean isBulk() {
            return quantity >= 10;
        }

        @Override
        public String toString() {
            return quantity + "x" + sku;
        }
    }

    static final Comparator<Line> BY_GROSS = Comparator.comparingInt(Line::gross);
    static final Rule NO_CHANGE = (line, cents) -> cents;

    private final int bulkPercent;
    private final String member;
    private int applied;

    public Pricing(int bulkPercent, String member) {
        this.bulkPercent = bulkPercent;
        this.member = member;
    }

    public Pricing() {
        this(10, "");
    }

    static int percentOff(int cents, int percent) {
        return cents - cents * percent / 100;
    }

    /** The rules in order: bulk discount, member discount on items whose sku starts with M, a floor of one cent per unit. */
    Rule rules() {
        Rule bulk = Rule.when(Line::isBulk, (line, cents) -> percentOff(cents, bulkPercent));
        Predicate<Line> memberItem = line -> !member.isEmpty() && line.sku().charAt(0) == 'M';
        Rule members = Rule.when(memberItem, (line, cents) -> percentOff(cents, 5));
        Rule floor = (line, cents) -> Math.max(cents, line.quantity);
        return bulk.then(members).then(floor);
    }

    public int price(String sku, int quantity, int unitCents) {
        Line line = new Line(sku, quantity, unitCents);
        int cents = rules().adjust(line, line.gross());
        applied++;
        return cents;
    }

    /** Total of the lines after the rules, counting each line priced. */
    public int total(Line... lines) {
        Rule rules = rules();
        int sum = 0;
        for (Line line : lines) {
            sum += rules.adjust(line, line.gross());
            applied++;
        }
        return sum;
    }

    public int applied() {
        return applied;
    }

    /** The skus from the most to the least expensive line, ties by sku. */
    public static String ranking(Line... lines) {
        Comparator<Line> order = BY_GROSS.reversed().thenComparing(Line::sku);
        Line[] sorted = lines.clone();
        for (int i = 1; i < sorted.length; i++) {
            Line current = sorted[i];
            int j = i - 1;
            while (j >= 0 && order.compare(sorted[j], current) > 0) {
                sorted[j + 1] = sorted[j];
                j--;
            }
            sorted[j + 1] = current;
        }
        String out = "";
        for (Line line : sorted) {
            out += out.isEmpty() ? line.sku : " " + line.sku;
        }
        return out;
    }

    /** How many lines pass a test named by key ("bulk", "cheap", "member", anything else: all). */
    public static int count(String key, int limit, Line... lines) {
        Predicate<Line> test = switch (key) {
            case "bulk" -> Line::isBulk;
            case "cheap" -> line -> line.unitCents < limit;
            case "member" -> line -> line.sku.length() > 1 && line.sku.charAt(1) == '-';
            default -> line -> true;
        };
        int n = 0;
        for (Line line : lines) {
            if (test.negate().negate().test(line)) {
                n++;
            }
        }
        return n;
    }

    static String shout(String s) {
        return s + "!";
    }

    /** A label built by a chain of string functions chosen by flags. */
    public static String label(String sku, boolean upper, boolean bracket) {
        UnaryOperator<String> trim = s -> s.charAt(0) == ' ' ? s.substring(1) : s;
        Function<String, String> chain = trim;
        if (upper) {
            chain = chain.andThen(Pricing::shout);
        }
        if (bracket) {
            chain = chain.andThen(s -> "[" + s + "]");
        }
        return chain.apply(sku);
    }

    /** The first unit price under the budget, or -1: the prices as a supplier of candidates. */
    public static int firstAffordable(int budget, int... prices) {
        int[] next = {0};
        Supplier<Integer> candidates = () -> next[0] < prices.length ? prices[next[0]++] : null;
        IntPredicate affordable = p -> p <= budget;
        for (Integer p = candidates.get(); p != null; p = candidates.get()) {
            if (affordable.test(p)) {
                return p;
            }
        }
        return -1;
    }

    /** Applies an operation named by op to the two quantities of a line pair. */
    public static int combine(String op, int a, int b) {
        BiFunction<Integer, Integer, Integer> f = switch (op) {
            case "sum" -> Integer::sum;
            case "max" -> Math::max;
            case "gross" -> (q, u) -> new Line("x", q, u).gross();
            default -> (q, u) -> 0;
        };
        ToIntFunction<Line> weight = Line::gross;
        return f.andThen(v -> v * 2).apply(a, b) + weight.applyAsInt(new Line("w", 1, a));
    }

    /** A line made by a constructor reference, checked by a rule that never changes the price. */
    public static String made(String sku, int unitCents) {
        BiFunction<String, Integer, Line> make = Line::new;
        Line line = make.apply(sku, unitCents);
        return line + "=" + NO_CHANGE.adjust(line, line.gross());
    }
}
