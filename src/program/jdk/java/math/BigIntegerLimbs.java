package java.math;

/**
 * roth's own helper for its model of java.math.BigInteger (not a class of the JDK): the
 * arithmetic of magnitudes. A magnitude is an `int[]` of 32-bit limbs read as unsigned,
 * little-endian (limb i weighs 2^(32 i)), with no zero limb at the top, so zero is the empty
 * array. Limbs are combined in `long`s masked with `MASK`; products of two limbs plus two
 * limbs fit 64 bits as unsigned numbers, which `>>>` and the unsigned comparisons here read.
 * Multiplication is schoolbook, division Knuth's algorithm D (TAOCP 4.3.1): the JDK's faster
 * algorithms give the same numbers.
 */
final class BigIntegerLimbs {
    static final long MASK = 0xffffffffL;

    static final int[] EMPTY = new int[0];

    private BigIntegerLimbs() {
    }

    /** `a` without its zero limbs at the top (`a` itself when it has none). */
    static int[] trim(int[] a) {
        int n = a.length;
        while (n > 0 && a[n - 1] == 0) {
            n--;
        }
        return n == a.length ? a : copy(a, n);
    }

    /** The first `n` limbs of `a`, padded with zeros to `n`. */
    static int[] copy(int[] a, int n) {
        int[] r = new int[n];
        System.arraycopy(a, 0, r, 0, Math.min(n, a.length));
        return r;
    }

    /** The magnitude of an unsigned 64-bit value. */
    static int[] ofLong(long v) {
        if (v == 0) {
            return EMPTY;
        }
        int high = (int) (v >>> 32);
        if (high == 0) {
            return new int[] {(int) v};
        }
        return new int[] {(int) v, high};
    }

    /** Whether `x < y` as unsigned 64-bit numbers. */
    static boolean unsignedLess(long x, long y) {
        return (x + Long.MIN_VALUE) < (y + Long.MIN_VALUE);
    }

    static int compare(int[] a, int[] b) {
        if (a.length != b.length) {
            return a.length < b.length ? -1 : 1;
        }
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] != b[i]) {
                return (a[i] & MASK) < (b[i] & MASK) ? -1 : 1;
            }
        }
        return 0;
    }

    static int[] add(int[] a, int[] b) {
        if (a.length < b.length) {
            int[] t = a;
            a = b;
            b = t;
        }
        int[] r = new int[a.length + 1];
        long carry = 0;
        int i = 0;
        for (; i < b.length; i++) {
            carry += (a[i] & MASK) + (b[i] & MASK);
            r[i] = (int) carry;
            carry >>>= 32;
        }
        for (; i < a.length; i++) {
            carry += a[i] & MASK;
            r[i] = (int) carry;
            carry >>>= 32;
        }
        r[i] = (int) carry;
        return trim(r);
    }

    /** `a - b`, for `a >= b`. */
    static int[] subtract(int[] a, int[] b) {
        int[] r = new int[a.length];
        long borrow = 0;
        int i = 0;
        for (; i < b.length; i++) {
            long d = (a[i] & MASK) - (b[i] & MASK) + borrow;
            r[i] = (int) d;
            borrow = d >> 32;
        }
        for (; i < a.length; i++) {
            long d = (a[i] & MASK) + borrow;
            r[i] = (int) d;
            borrow = d >> 32;
        }
        return trim(r);
    }

    static int[] multiply(int[] a, int[] b) {
        if (a.length == 0 || b.length == 0) {
            return EMPTY;
        }
        int[] r = new int[a.length + b.length];
        for (int i = 0; i < a.length; i++) {
            long ai = a[i] & MASK;
            if (ai == 0) {
                continue;
            }
            long carry = 0;
            for (int j = 0; j < b.length; j++) {
                // At most (2^32-1)^2 + 2 (2^32-1) = 2^64 - 1: unsigned, no overflow.
                carry += ai * (b[j] & MASK) + (r[i + j] & MASK);
                r[i + j] = (int) carry;
                carry >>>= 32;
            }
            r[i + b.length] = (int) carry;
        }
        return trim(r);
    }

    /** Number of leading zero bits of a limb. */
    static int nlz(int x) {
        if (x == 0) {
            return 32;
        }
        int n = 0;
        if ((x >>> 16) == 0) {
            n += 16;
            x <<= 16;
        }
        if ((x >>> 24) == 0) {
            n += 8;
            x <<= 8;
        }
        if ((x >>> 28) == 0) {
            n += 4;
            x <<= 4;
        }
        if ((x >>> 30) == 0) {
            n += 2;
            x <<= 2;
        }
        if ((x >>> 31) == 0) {
            n++;
        }
        return n;
    }

    /** Number of trailing zero bits of a nonzero limb. */
    static int ntz(int x) {
        return 31 - nlz(x & -x);
    }

    static int bitCount(int i) {
        i = i - ((i >>> 1) & 0x55555555);
        i = (i & 0x33333333) + ((i >>> 2) & 0x33333333);
        i = (i + (i >>> 4)) & 0x0f0f0f0f;
        i = i + (i >>> 8);
        i = i + (i >>> 16);
        return i & 0x3f;
    }

    /** The bits of a nonzero magnitude. */
    static int bitLength(int[] a) {
        int n = a.length;
        return n == 0 ? 0 : 32 * n - nlz(a[n - 1]);
    }

    /** Index of the lowest nonzero limb of a nonzero magnitude. */
    static int lowestNonzero(int[] a) {
        int i = 0;
        while (a[i] == 0) {
            i++;
        }
        return i;
    }

    /** `a * 2^n`, `n >= 0`. */
    static int[] shiftLeft(int[] a, int n) {
        if (a.length == 0) {
            return EMPTY;
        }
        int words = n >>> 5;
        int bits = n & 31;
        int[] r = new int[a.length + words + 1];
        if (bits == 0) {
            System.arraycopy(a, 0, r, words, a.length);
        } else {
            int carry = 0;
            for (int i = 0; i < a.length; i++) {
                r[i + words] = (a[i] << bits) | carry;
                carry = a[i] >>> (32 - bits);
            }
            r[a.length + words] = carry;
        }
        return trim(r);
    }

    /** `floor(a / 2^n)`, `n >= 0`. */
    static int[] shiftRight(int[] a, int n) {
        int words = n >>> 5;
        if (words >= a.length) {
            return EMPTY;
        }
        int bits = n & 31;
        int len = a.length - words;
        int[] r = new int[len];
        if (bits == 0) {
            System.arraycopy(a, words, r, 0, len);
        } else {
            for (int i = 0; i < len; i++) {
                int high = i + words + 1 < a.length ? a[i + words + 1] << (32 - bits) : 0;
                r[i] = (a[i + words] >>> bits) | high;
            }
        }
        return trim(r);
    }

    /** Whether any of the low `n` bits of `a` is one. */
    static boolean lowBitsNonzero(int[] a, int n) {
        int words = n >>> 5;
        for (int i = 0; i < words && i < a.length; i++) {
            if (a[i] != 0) {
                return true;
            }
        }
        int bits = n & 31;
        return bits != 0 && words < a.length && (a[words] << (32 - bits)) != 0;
    }

    /**
     * The quotient and remainder of the unsigned 64-bit `n` by the limb `d` (as `d & MASK`),
     * when the quotient fits a limb: `{quotient, remainder}`.
     */
    static long divWord(long n, long d, long[] out) {
        long q;
        long r;
        if (n >= 0) {
            q = n / d;
            r = n - q * d;
        } else {
            // Halve first, then correct: the estimate is at most 2 short.
            q = ((n >>> 1) / d) << 1;
            r = n - q * d;
            while (!unsignedLess(r, d)) {
                q++;
                r -= d;
            }
        }
        out[0] = r;
        return q;
    }

    /**
     * Quotient and remainder of `u` by a nonzero `v`: `{q, r}`, both trimmed.
     */
    static int[][] divide(int[] u, int[] v) {
        if (compare(u, v) < 0) {
            return new int[][] {EMPTY, u};
        }
        long[] rem = new long[1];
        int n = v.length;
        if (n == 1) {
            long d = v[0] & MASK;
            int[] q = new int[u.length];
            long r = 0;
            for (int i = u.length - 1; i >= 0; i--) {
                q[i] = (int) divWord((r << 32) | (u[i] & MASK), d, rem);
                r = rem[0];
            }
            return new int[][] {trim(q), ofLong(r)};
        }
        // Normalize so that the divisor's top limb has its top bit set.
        int s = nlz(v[n - 1]);
        int[] vn = copy(shiftLeft(v, s), n);
        int m = u.length;
        int[] un = copy(shiftLeft(u, s), m + 1);
        int[] q = new int[m - n + 1];
        long vTop = vn[n - 1] & MASK;
        long vNext = vn[n - 2] & MASK;
        for (int j = m - n; j >= 0; j--) {
            long u2 = un[j + n] & MASK;
            long num = (u2 << 32) | (un[j + n - 1] & MASK);
            long qhat;
            long rhat;
            if (u2 == vTop) {
                qhat = MASK;
                rhat = (un[j + n - 1] & MASK) + vTop;
            } else {
                qhat = divWord(num, vTop, rem);
                rhat = rem[0];
            }
            while (rhat <= MASK
                    && unsignedLess((rhat << 32) | (un[j + n - 2] & MASK), qhat * vNext)) {
                qhat--;
                rhat += vTop;
            }
            // Multiply and subtract qhat * vn from un[j .. j + n].
            long carry = 0;
            long borrow = 0;
            for (int i = 0; i < n; i++) {
                long p = qhat * (vn[i] & MASK) + carry;
                carry = p >>> 32;
                long t = (un[i + j] & MASK) - (p & MASK) - borrow;
                un[i + j] = (int) t;
                borrow = -(t >> 32);
            }
            long t = u2 - carry - borrow;
            un[j + n] = (int) t;
            if (t < 0) {
                // qhat was one too many: add the divisor back.
                qhat--;
                long c = 0;
                for (int i = 0; i < n; i++) {
                    c += (un[i + j] & MASK) + (vn[i] & MASK);
                    un[i + j] = (int) c;
                    c >>>= 32;
                }
                un[j + n] += (int) c;
            }
            q[j] = (int) qhat;
        }
        return new int[][] {trim(q), shiftRight(trim(copy(un, n)), s)};
    }

    /** `a mod m` for a nonzero `m`. */
    static int[] mod(int[] a, int[] m) {
        return compare(a, m) < 0 ? a : divide(a, m)[1];
    }

    /**
     * Divides `a[0 .. len)` in place by `d` (`0 < d < 2^31`) and returns the remainder: the
     * step of `toString`, one chunk of digits at a time.
     */
    static int divideInPlace(int[] a, int len, int d) {
        long r = 0;
        for (int i = len - 1; i >= 0; i--) {
            long n = (r << 32) | (a[i] & MASK);
            long q = n / d;
            a[i] = (int) q;
            r = n - q * d;
        }
        return (int) r;
    }

    /**
     * `a * m + c` in place, `a` nonzero only in `a[0 .. len)` (`m`, `c` nonnegative ints),
     * the carry going to `a[len]` when there is room: the step of parsing a string.
     */
    static void mulAdd(int[] a, int len, int m, int c) {
        long carry = c;
        for (int i = 0; i < len; i++) {
            carry += (a[i] & MASK) * m;
            a[i] = (int) carry;
            carry >>>= 32;
        }
        if (len < a.length) {
            a[len] = (int) carry;
        }
    }

    /** The most digits of `radix` an int holds: `radix^k < 2^31`, as the JDK groups them. */
    static int digitsPerInt(int radix) {
        int k = 0;
        long p = 1;
        while (p * radix < 0x80000000L) {
            p *= radix;
            k++;
        }
        return k;
    }
}
