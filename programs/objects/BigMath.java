import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** Exact integer arithmetic beyond long with BigInteger, and a running product. */
public class BigMath {
    private static final int MAX_N = 500;

    private BigInteger product = BigInteger.ONE;
    private final BigInteger modulus;
    private int factors;

    public BigMath() {
        this("1000000007");
    }

    /** A running product reduced modulo `modulus`, given as decimal digits. */
    public BigMath(String modulus) {
        BigInteger m = new BigInteger(modulus);
        if (m.signum() <= 0) {
            throw new IllegalArgumentException("modulus must be positive: " + modulus);
        }
        this.modulus = m;
    }

    /** Multiplies the running product by `n` and returns it modulo the modulus. */
    public String multiply(long n) {
        product = product.multiply(BigInteger.valueOf(n)).mod(modulus);
        factors++;
        return product.toString();
    }

    /** The running product raised to `e` modulo the modulus. */
    public String power(int e) {
        if (e < 0) {
            throw new ArithmeticException("negative exponent " + e);
        }
        return product.modPow(BigInteger.valueOf(e), modulus).toString();
    }

    public int factors() {
        return factors;
    }

    private static void checkN(int n) {
        if (n < 0 || n > MAX_N) {
            throw new IllegalArgumentException("n out of range: " + n);
        }
    }

    public static BigInteger factorial(int n) {
        checkN(n);
        BigInteger result = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            result = result.multiply(BigInteger.valueOf(i));
        }
        return result;
    }

    /** n choose k, computed with exact divisions along the way. */
    public static BigInteger binomial(int n, int k) {
        checkN(n);
        if (k < 0 || k > n) {
            return BigInteger.ZERO;
        }
        k = Math.min(k, n - k);
        BigInteger result = BigInteger.ONE;
        for (int i = 1; i <= k; i++) {
            result = result.multiply(BigInteger.valueOf(n - k + i)).divide(BigInteger.valueOf(i));
        }
        return result;
    }

    public static BigInteger fibonacci(int n) {
        checkN(n);
        BigInteger a = BigInteger.ZERO;
        BigInteger b = BigInteger.ONE;
        for (int i = 0; i < n; i++) {
            BigInteger next = a.add(b);
            a = b;
            b = next;
        }
        return a;
    }

    /** base^exponent mod m, all given as decimal strings. */
    public static String modPow(String base, String exponent, String m) {
        return new BigInteger(base).modPow(new BigInteger(exponent), new BigInteger(m)).toString();
    }

    public static BigInteger gcd(List<Integer> xs) {
        BigInteger g = BigInteger.ZERO;
        for (int x : xs) {
            g = g.gcd(BigInteger.valueOf(x));
        }
        return g;
    }

    /** The least common multiple of `xs`; zero if any element is zero, one if empty. */
    public static BigInteger lcm(int[] xs) {
        BigInteger l = BigInteger.ONE;
        for (int x : xs) {
            BigInteger v = BigInteger.valueOf(x).abs();
            if (v.signum() == 0) {
                return BigInteger.ZERO;
            }
            l = l.divide(l.gcd(v)).multiply(v);
        }
        return l;
    }

    /** The sum of the decimal digits of `value` (a signed decimal string). */
    public static int digitSum(String value) {
        BigInteger v = new BigInteger(value).abs();
        int sum = 0;
        while (v.signum() > 0) {
            BigInteger[] qr = v.divideAndRemainder(BigInteger.TEN);
            sum += qr[1].intValue();
            v = qr[0];
        }
        return sum;
    }

    /** The largest prime below `bound`, or -1 if there is none. */
    public static long primeBelow(long bound) {
        for (long c = bound - 1; c >= 2; c--) {
            if (BigInteger.valueOf(c).isProbablePrime(30)) {
                return c;
            }
        }
        return -1;
    }

    /** The first `count` primes from `start` on, as decimal strings. */
    public static List<String> primesFrom(String start, int count) {
        if (count < 0 || count > 100) {
            throw new IllegalArgumentException("count out of range: " + count);
        }
        List<String> primes = new ArrayList<>();
        BigInteger p = new BigInteger(start).subtract(BigInteger.ONE);
        for (int i = 0; i < count; i++) {
            p = p.nextProbablePrime();
            primes.add(p.toString());
        }
        return primes;
    }
}
