package java.math;

/**
 * roth's own helper for its model of java.math.BigInteger (not a class of the JDK): whether
 * a number is prime, exactly where a test is known to be exact. Below 2^32 Miller-Rabin to
 * the bases 2, 7, 61 in `long`s (exact below 4,759,123,141); below 2^64 to Sinclair's
 * seven bases (exact below 2^64), in Montgomery's form with `long`s below 2^62; above, Miller-Rabin to base 2 and the Lucas test the JDK
 * runs (U(n+1) = 0 mod n, Selfridge's parameters): the Baillie-PSW test, which no known
 * composite passes. The JDK's own test draws random bases: it never calls a prime
 * composite, and calls a composite prime with a probability below 2^-certainty.
 */
final class BigIntegerPrimes {
    private static final int[] SMALL = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};

    private static final long[] BASES_64 = {2, 325, 9375, 28178, 450775, 9780504, 1795265022};

    private BigIntegerPrimes() {
    }

    /** Whether `n` (nonnegative) is prime. */
    static boolean isPrime(BigInteger n) {
        if (n.bitLength() <= 62) {
            return isPrimeLong(n.longValue());
        }
        for (int i = 0; i < SMALL.length; i++) {
            if (n.remainder(BigInteger.valueOf(SMALL[i])).signum() == 0) {
                return false;
            }
        }
        if (n.bitLength() <= 64) {
            for (int i = 0; i < BASES_64.length; i++) {
                if (!strongProbablePrime(n, BigInteger.valueOf(BASES_64[i]))) {
                    return false;
                }
            }
            return true;
        }
        return strongProbablePrime(n, BigInteger.TWO) && lucas(n);
    }

    /** Whether `n < 2^62` is prime. */
    private static boolean isPrimeLong(long n) {
        if (n < 2) {
            return false;
        }
        for (int i = 0; i < SMALL.length; i++) {
            if (n == SMALL[i]) {
                return true;
            }
            if (n % SMALL[i] == 0) {
                return false;
            }
        }
        if (n < 53 * 53) {
            return true;
        }
        long d = n - 1;
        int s = 0;
        while ((d & 1) == 0) {
            d >>= 1;
            s++;
        }
        if (n < 0x100000000L) {
            return strongSmall(2, d, s, n) && strongSmall(7, d, s, n) && strongSmall(61, d, s, n);
        }
        for (int i = 0; i < BASES_64.length; i++) {
            if (!strongMontgomery(BASES_64[i], n)) {
                return false;
            }
        }
        return true;
    }

    /** Miller-Rabin to base `a` for an odd `n < 2^32`, `n - 1 = d 2^s`, `d` odd. */
    private static boolean strongSmall(long a, long d, int s, long n) {
        a %= n;
        if (a == 0) {
            return true;
        }
        long x = 1;
        long e = d;
        while (e > 0) {
            if ((e & 1) != 0) {
                x = mulMod(x, a, n);
            }
            a = mulMod(a, a, n);
            e >>= 1;
        }
        if (x == 1 || x == n - 1) {
            return true;
        }
        for (int r = 1; r < s; r++) {
            x = mulMod(x, x, n);
            if (x == n - 1) {
                return true;
            }
        }
        return false;
    }

    /** `a b mod n` for `a, b < n < 2^32`: the product is read as an unsigned 64-bit number. */
    private static long mulMod(long a, long b, long n) {
        long p = a * b;
        if (p >= 0) {
            return p % n;
        }
        return (((p >>> 1) % n) * 2 + (p & 1)) % n;
    }

    private static final long M32 = 0xffffffffL;

    /** The high 64 bits of the unsigned product of `a` and `b`. */
    private static long mulHigh(long a, long b) {
        long aL = a & M32;
        long aH = a >>> 32;
        long bL = b & M32;
        long bH = b >>> 32;
        long lh = aL * bH;
        long hl = aH * bL;
        long mid = ((aL * bL) >>> 32) + (lh & M32) + (hl & M32);
        return aH * bH + (lh >>> 32) + (hl >>> 32) + (mid >>> 32);
    }

    /** Montgomery's product a b / 2^64 mod n, for `a, b < n < 2^62`, `nInv n = -1 mod 2^64`. */
    private static long montMul(long a, long b, long n, long nInv) {
        long lo = a * b;
        long t = mulHigh(a, b) + mulHigh(lo * nInv, n) + (lo != 0 ? 1 : 0);
        return t >= n ? t - n : t;
    }

    /** Miller-Rabin to base `a` (`a < n`) for an odd `2^32 <= n < 2^62`, in Montgomery form. */
    private static boolean strongMontgomery(long a, long n) {
        // -1/n mod 2^64 by Newton's iteration (n is its own inverse mod 8).
        long inv = n;
        for (int i = 0; i < 5; i++) {
            inv *= 2 - n * inv;
        }
        long nInv = -inv;
        long d = n - 1;
        int s = 0;
        while ((d & 1) == 0) {
            d >>= 1;
            s++;
        }
        // 2^64 mod n, from 2^64 - n read as unsigned; then a 2^64 mod n by doubling.
        long p = -n;
        long one = (((p >>> 1) % n) * 2 + (p & 1)) % n;
        long minusOne = n - one;
        long x = a;
        for (int i = 0; i < 64; i++) {
            x += x;
            if (x >= n) {
                x -= n;
            }
        }
        long r = one;
        for (int i = 63 - Long.numberOfLeadingZeros(d); i >= 0; i--) {
            r = montMul(r, r, n, nInv);
            if (((d >>> i) & 1) != 0) {
                r = montMul(r, x, n, nInv);
            }
        }
        if (r == one || r == minusOne) {
            return true;
        }
        for (int i = 1; i < s; i++) {
            r = montMul(r, r, n, nInv);
            if (r == minusOne) {
                return true;
            }
        }
        return false;
    }

    /** Miller-Rabin to base `a` for an odd `n`: false proves `n` composite. */
    private static boolean strongProbablePrime(BigInteger n, BigInteger a) {
        a = a.mod(n);
        if (a.signum() == 0) {
            return true;
        }
        BigInteger nMinusOne = n.subtract(BigInteger.ONE);
        int s = nMinusOne.getLowestSetBit();
        BigInteger x = a.modPow(nMinusOne.shiftRight(s), n);
        if (x.equals(BigInteger.ONE) || x.equals(nMinusOne)) {
            return true;
        }
        for (int r = 1; r < s; r++) {
            x = x.multiply(x).mod(n);
            if (x.equals(nMinusOne)) {
                return true;
            }
        }
        return false;
    }

    /** The Jacobi symbol (a / n) for an odd positive `n`. */
    private static int jacobi(BigInteger a, BigInteger n) {
        a = a.mod(n);
        int t = 1;
        while (a.signum() != 0) {
            int zeros = a.getLowestSetBit();
            a = a.shiftRight(zeros);
            int n8 = n.intValue() & 7;
            if ((zeros & 1) != 0 && (n8 == 3 || n8 == 5)) {
                t = -t;
            }
            BigInteger swap = a;
            a = n;
            n = swap;
            if ((a.intValue() & 3) == 3 && (n.intValue() & 3) == 3) {
                t = -t;
            }
            a = a.mod(n);
        }
        return n.equals(BigInteger.ONE) ? t : 0;
    }

    /** Half of `x` modulo the odd `n`, for `0 <= x < 2n`. */
    private static BigInteger half(BigInteger x, BigInteger n) {
        return (x.testBit(0) ? x.add(n) : x).shiftRight(1).mod(n);
    }

    /**
     * The Lucas test: with the first D of 5, -7, 9, -11, ... whose Jacobi symbol is -1,
     * P = 1 and Q = (1 - D) / 4, whether U(n+1) = 0 mod n. A square has no such D: it is
     * composite.
     */
    private static boolean lucas(BigInteger n) {
        BigInteger root = n.sqrt();
        if (root.multiply(root).equals(n)) {
            return false;
        }
        int d = 5;
        while (true) {
            int j = jacobi(BigInteger.valueOf(d), n);
            if (j == -1) {
                break;
            }
            if (j == 0 && n.compareTo(BigInteger.valueOf(Math.abs(d))) > 0) {
                return false;
            }
            d = d < 0 ? -d + 2 : -(d + 2);
        }
        BigInteger bigD = BigInteger.valueOf(d).mod(n);
        BigInteger k = n.add(BigInteger.ONE);
        BigInteger u = BigInteger.ONE;
        BigInteger v = BigInteger.ONE;
        for (int i = k.bitLength() - 2; i >= 0; i--) {
            BigInteger u2 = u.multiply(v).mod(n);
            BigInteger v2 = half(v.multiply(v).add(bigD.multiply(u).multiply(u)).mod(n), n);
            if (k.testBit(i)) {
                u = half(u2.add(v2).mod(n), n);
                v = half(v2.add(bigD.multiply(u2)).mod(n), n);
            } else {
                u = u2;
                v = v2;
            }
        }
        return u.signum() == 0;
    }
}
