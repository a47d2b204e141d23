package java.util;

/**
 * roth's model of java.util.Random (JDK 17): the JDK's 48-bit linear congruential generator
 * (multiplier 0x5DEECE66D, addend 11, the seed scrambled by the multiplier as it is set), so
 * a seeded Random gives the JVM's numbers: `next(bits)`, `nextInt()`, `nextInt(bound)` with
 * its power-of-two case and its rejection of the over-represented values, `nextLong`,
 * `nextBoolean`, `nextFloat`, `nextDouble`, `nextBytes`, and the bounded forms JDK 17
 * inherits from `RandomGenerator` (`nextInt(origin, bound)`, `nextLong(bound)`,
 * `nextLong(origin, bound)`), with the JDK's messages. The methods call `next` and each other
 * as the JDK's do, so a subclass overriding `next` sees the same calls.
 *
 * `new Random()` is seeded on the JVM from the clock, which no run repeats: a number drawn
 * from it ends roth's run as unrepeatable. Not modelled:
 * `nextGaussian` (it needs `StrictMath.log` and `sqrt`), the floating bounded forms
 * (`nextDouble(bound)`, ...), the streams (`ints()`, `doubles()`, ...).
 */
public class Random {
    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long ADDEND = 0xBL;
    private static final long MASK = (1L << 48) - 1;

    private long seed;

    /** Seeded from the clock and not seeded since: its numbers are unrepeatable. */
    private boolean fromClock;

    /**
     * Seeded from the clock on the JVM: a run that draws a number from it is unrepeatable,
     * one that never does (a `static Random` a class keeps for one method) is not. A
     * subclass sees the JDK's call of `setSeed` with the clock's value: unrepeatable then.
     */
    public Random() {
        if (!getClass().getName().equals("java.util.Random")) {
            unrepeatable("a Random seeded from the clock (new Random() without a seed)");
        }
        fromClock = true;
    }

    /** Ends the run as unrepeatable, saying why (roth's native, not the JDK's). */
    private static native void unrepeatable(String what);

    /** Sets the seed by `setSeed`, which a subclass may override: the JDK calls it then. */
    public Random(long seed) {
        setSeed(seed);
    }

    private static long scramble(long seed) {
        return (seed ^ MULTIPLIER) & MASK;
    }

    public void setSeed(long seed) {
        this.seed = scramble(seed);
        fromClock = false;
    }

    /** One step of the generator: its top `bits` bits (of 48) as an int. */
    protected int next(int bits) {
        if (fromClock) {
            unrepeatable("a Random seeded from the clock (new Random() without a seed)");
        }
        seed = (seed * MULTIPLIER + ADDEND) & MASK;
        return (int) (seed >>> (48 - bits));
    }

    public void nextBytes(byte[] bytes) {
        int length = bytes.length;
        int i = 0;
        while (i < length) {
            // Each int gives up to four bytes, low byte first.
            int random = nextInt();
            int n = Math.min(length - i, 4);
            while (n > 0) {
                bytes[i] = (byte) random;
                i++;
                n--;
                random >>= 8;
            }
        }
    }

    public int nextInt() {
        return next(32);
    }

    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive");
        }
        int r = next(31);
        int m = bound - 1;
        if ((bound & m) == 0) {
            // A power of two: the high bits of r, which are the better ones.
            return (int) ((bound * (long) r) >> 31);
        }
        // Rejects the last, incomplete run of `bound` values (u - r + m overflows there).
        int u = r;
        r = u % bound;
        while (u - r + m < 0) {
            u = next(31);
            r = u % bound;
        }
        return r;
    }

    /** `RandomGenerator`'s bounded int of JDK 17, from `nextInt()`. */
    public int nextInt(int origin, int bound) {
        if (origin >= bound) {
            throw new IllegalArgumentException("bound must be greater than origin");
        }
        int r = nextInt();
        int n = bound - origin;
        int m = n - 1;
        if ((n & m) == 0) {
            return (r & m) + origin;
        }
        if (n > 0) {
            int u = r >>> 1;
            r = u % n;
            while (u + m - r < 0) {
                u = nextInt() >>> 1;
                r = u % n;
            }
            return r + origin;
        }
        // The range is wider than an int's positive values: draws until one falls in it.
        while (r < origin || r >= bound) {
            r = nextInt();
        }
        return r;
    }

    public long nextLong() {
        // The low half is added, so its sign borrows from the high half, as in the JDK.
        return ((long) next(32) << 32) + next(32);
    }

    /** `RandomGenerator`'s bounded long of JDK 17, from `nextLong()`. */
    public long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive");
        }
        long m = bound - 1;
        long r = nextLong();
        if ((bound & m) == 0L) {
            return r & m;
        }
        long u = r >>> 1;
        r = u % bound;
        while (u + m - r < 0L) {
            u = nextLong() >>> 1;
            r = u % bound;
        }
        return r;
    }

    /** `RandomGenerator`'s bounded long of JDK 17, from `nextLong()`. */
    public long nextLong(long origin, long bound) {
        if (origin >= bound) {
            throw new IllegalArgumentException("bound must be greater than origin");
        }
        long r = nextLong();
        long n = bound - origin;
        long m = n - 1;
        if ((n & m) == 0L) {
            return (r & m) + origin;
        }
        if (n > 0L) {
            long u = r >>> 1;
            r = u % n;
            while (u + m - r < 0L) {
                u = nextLong() >>> 1;
                r = u % n;
            }
            return r + origin;
        }
        while (r < origin || r >= bound) {
            r = nextLong();
        }
        return r;
    }

    public boolean nextBoolean() {
        return next(1) != 0;
    }

    /** 24 random bits over 2^24: exact, in [0, 1). */
    public float nextFloat() {
        return next(24) / ((float) (1 << 24));
    }

    /** 53 random bits (26 then 27) over 2^53: exact, in [0, 1). */
    public double nextDouble() {
        return (((long) next(26) << 27) + next(27)) / (double) (1L << 53);
    }
}
