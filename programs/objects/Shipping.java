/** Shipping costs by zone, weight and service, with the rules written as switch expressions. */
public class Shipping {
    enum Zone { LOCAL, NATIONAL, EUROPE, WORLD }

    enum Service { ECONOMY, STANDARD, EXPRESS }

    /** The zone of a two-letter country code, seen from France. */
    static Zone zoneOf(String country) {
        return switch (country) {
            case "FR" -> Zone.LOCAL;
            case "MC", "AD" -> Zone.NATIONAL;
            case "DE", "BE", "ES", "IT", "NL", "PT" -> Zone.EUROPE;
            default -> {
                if (country.length() != 2) {
                    throw new IllegalArgumentException("not a country code: " + country);
                }
                yield Zone.WORLD;
            }
        };
    }

    /** The base price in cents of a parcel of `grams` to `zone`. */
    static int basePrice(Zone zone, int grams) {
        if (grams <= 0) {
            throw new IllegalArgumentException("weight must be positive");
        }
        int steps = (grams + 499) / 500;
        int perStep = switch (zone) {
            case LOCAL -> 250;
            case NATIONAL -> 320;
            case EUROPE -> 540;
            case WORLD -> 990;
        };
        return steps * perStep;
    }

    /** The price with the service's surcharge, in cents. */
    static long price(String country, int grams, Service service) {
        Zone zone = zoneOf(country);
        long base = basePrice(zone, grams);
        long total;
        total = switch (service) {
            case ECONOMY -> base * 9 / 10;
            case STANDARD -> base;
            case EXPRESS -> {
                long extra = switch (zone) {
                    case LOCAL, NATIONAL -> 500;
                    default -> base / 2;
                };
                yield base + Math.max(extra, 300);
            }
        };
        return total;
    }

    /** Delivery days: a range that grows with distance, old-style groups with fall-through. */
    static int days(Zone zone, boolean weekend) {
        int d = 1;
        switch (zone) {
            case WORLD:
                d += 5;
            case EUROPE:
                d += 2;
            case NATIONAL:
                d += 1;
                break;
            default:
                break;
        }
        return weekend ? d + 2 : d;
    }

    /** A label for a tracking status code. */
    static String status(int code) {
        String label;
        switch (code) {
            case 0 -> label = "created";
            case 1, 2 -> label = "in transit";
            case 3 -> {
                label = "delivered";
                return label + " (final)";
            }
            default -> label = "unknown " + code;
        }
        return label;
    }

    /** How many parcels of the given weights go by letter post (up to 2 kg), first-class (5 kg) or freight. */
    static int[] classes(int... weights) {
        int[] counts = new int[3];
        for (int w : weights) {
            int k = switch ((w > 2000 ? 1 : 0) + (w > 5000 ? 1 : 0)) {
                case 0 -> 0;
                case 1 -> 1;
                default -> {
                    if (w < 0) {
                        yield 0;
                    }
                    yield 2;
                }
            };
            counts[k]++;
        }
        return counts;
    }
}
