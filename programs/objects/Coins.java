/** US coins as an enum with value and weight: greedy change making, totals by name, and per-coin rules written as switches. */
public class Coins {
    private Coins() {
    }

    /** Greedy change, largest coin first; result[i] is the count of Coin.values()[i]. */
    public static int[] makeChange(int cents) {
        if (cents < 0) {
            throw new IllegalArgumentException("negative amount");
        }
        Coin[] coins = Coin.values();
        int[] counts = new int[coins.length];
        for (int i = coins.length - 1; i >= 0; i--) {
            counts[i] = cents / coins[i].cents();
            cents %= coins[i].cents();
        }
        return counts;
    }

    public static int coinCount(int cents) {
        int n = 0;
        for (int c : makeChange(cents)) {
            n += c;
        }
        return n;
    }

    /** Sums coins given by their constant names, e.g. "DIME"; unknown names throw. */
    public static int total(String... names) {
        int sum = 0;
        for (String name : names) {
            sum += Coin.valueOf(name).cents();
        }
        return sum;
    }

    public static double weightOf(int[] counts) {
        Coin[] coins = Coin.values();
        if (counts.length != coins.length) {
            throw new IllegalArgumentException("expected " + coins.length + " counts");
        }
        double grams = 0;
        for (Coin c : coins) {
            grams += counts[c.ordinal()] * c.grams();
        }
        return grams;
    }

    public static String material(Coin coin) {
        switch (coin) {
            case PENNY:
                return "copper-plated zinc";
            case NICKEL:
                return "cupronickel";
            case DIME:
            case QUARTER:
                return "cupronickel-clad copper";
            default:
                throw new IllegalStateException();
        }
    }

    /** Value a vending machine credits; old machines reject pennies and return heavy (worn-out) quarters. */
    public static int accepted(Coin coin, double measuredGrams, boolean oldMachine) {
        return switch (coin) {
            case PENNY -> oldMachine ? 0 : 1;
            case NICKEL, DIME -> coin.cents();
            case QUARTER -> {
                double deviation = Math.abs(measuredGrams - coin.grams());
                if (oldMachine && deviation > 0.2) {
                    yield 0;
                }
                yield deviation > 0.5 ? 0 : coin.cents();
            }
        };
    }

    public static Coin nextLarger(Coin coin) {
        Coin[] all = Coin.values();
        int i = coin.ordinal() + 1;
        return i < all.length ? all[i] : null;
    }

    public static boolean worthMore(Coin a, Coin b) {
        return a.compareTo(b) > 0;
    }

    /** The smallest coin whose value is at least cents, or null. */
    public static Coin smallestCovering(int cents) {
        for (Coin c : Coin.values()) {
            if (c.cents() >= cents) {
                return c;
            }
        }
        return null;
    }

    /** "QUARTER" becomes "Quarter". */
    public static String label(Coin coin) {
        String name = coin.name();
        String out = name.substring(0, 1);
        for (int i = 1; i < name.length(); i++) {
            char ch = name.charAt(i);
            out += (ch >= 'A' && ch <= 'Z') ? (char) (ch - 'A' + 'a') : ch;
        }
        return out;
    }
}

enum Coin {
    PENNY(1, 2.5),
    NICKEL(5, 5.0),
    DIME(10, 2.268),
    QUARTER(25, 5.67);

    private final int cents;
    private final double grams;

    Coin(int cents, double grams) {
        this.cents = cents;
        this.grams = grams;
    }

    int cents() {
        return cents;
    }

    double grams() {
        return grams;
    }

    @Override
    public String toString() {
        return Coins.label(this) + " (" + cents + "c)";
    }
}
