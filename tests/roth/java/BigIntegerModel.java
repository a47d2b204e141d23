import java.math.BigInteger;
import java.util.Random;

// java.math.BigInteger as roth models it in Java (`src/program/jdk/java/math/`), for the
// differential test (not a mutation subject). Each method runs a random sequence of
// operations chosen by its own LCG from the seed, on operands of many shapes (small, near
// the int and long limits, random digits up to 200 of them, powers of two and their
// neighbours, factorials, limbs of all ones or of one top bit, which stress the carries and
// the division), and returns the trace of results and exceptions, which roth and the JVM
// must agree on.
public class BigIntegerModel {
    private static int state;

    /** The next number of the fixture's LCG, in [0, n). */
    private static int pick(int n) {
        state = state * 1103515245 + 12345;
        return Math.floorMod(state >>> 8, n);
    }

    private static String thrown(Exception e) {
        return e.getClass().getName() + ": " + e.getMessage();
    }

    /** A long string as its length and hash, to keep traces short. */
    private static String shown(Object o) {
        String s = String.valueOf(o);
        return s.length() <= 40 ? s : s.length() + "#" + s.hashCode();
    }

    /** A double and a float by their bits: JDK 17 prints some of them with a digit more than
     *  the shortest (fixed in JDK 19), which is not BigInteger's business. */
    private static String fp(double d, float f) {
        return Long.toHexString(Double.doubleToLongBits(d)) + "/" + Integer.toHexString(Float.floatToIntBits(f));
    }

    private static final int[] LIMBS = {0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0xfffffffe, 0x80000001};

    /** Random decimal digits, `n` of them (a leading zero now and then). */
    private static String digits(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append((char) ('0' + pick(10)));
        }
        return sb.toString();
    }

    private static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }

    /** An operand of one of many shapes, of up to about `maxDigits` digits. */
    private static BigInteger big(int maxDigits) {
        BigInteger v;
        switch (pick(9)) {
            case 0 -> v = BigInteger.valueOf(pick(41) - 20);
            case 1 -> v = BigInteger.valueOf(((long) state << 20) ^ pick(1 << 20));
            case 2 -> {
                long[] edges = {Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 0xffffffffL};
                v = BigInteger.valueOf(edges[pick(edges.length)]).add(BigInteger.valueOf(pick(3) - 1));
            }
            case 3, 4 -> v = new BigInteger(digits(1 + pick(maxDigits)));
            case 5 -> v = BigInteger.ONE.shiftLeft(pick(maxDigits * 3 + 1)).add(BigInteger.valueOf(pick(3) - 1));
            case 6 -> v = factorial(pick(maxDigits / 2 + 2));
            default -> {
                v = BigInteger.ZERO;
                int n = 1 + pick(maxDigits / 9 + 1);
                for (int i = 0; i < n; i++) {
                    long limb = pick(3) == 0 ? (long) state : LIMBS[pick(LIMBS.length)];
                    v = v.shiftLeft(32).add(BigInteger.valueOf(limb & 0xffffffffL));
                }
            }
        }
        return pick(3) == 0 ? v.negate() : v;
    }

    /** Strings to parse: valid or not, in a radix of 2 to 36 or another. */
    public static String parse(int seed, int length) {
        state = seed;
        length = Math.min(length, 4);
        String t = "";
        String[] odd = {"", "-", "+", "--1", "-+1", "+-1", "1-", "+12", "-0", "000", "-00012", " 12", "12 ", "1_000", "0x1f", "zz", "ZZ", "1e5", "\u0663\u0664"};
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(8);
            t += op + ":";
            try {
                int radix = pick(10) == 0 ? pick(40) : (pick(2) == 0 ? 10 : 2 + pick(35));
                switch (op) {
                    case 0 -> t += new BigInteger(odd[pick(odd.length)], radix);
                    case 1 -> t += new BigInteger(odd[pick(odd.length)]);
                    case 2 -> {
                        String s = (pick(3) == 0 ? "-" : "") + digits(1 + pick(60));
                        if (pick(3) == 0) {
                            int at = pick(s.length());
                            s = s.substring(0, at) + "9a.- ".charAt(pick(5)) + s.substring(at);
                        }
                        t += shown(new BigInteger(s, radix).toString(radix)) + "," + new BigInteger(s, radix).hashCode();
                    }
                    case 3 -> {
                        BigInteger v = big(60);
                        String s = v.toString(radix);
                        t += shown(s) + "," + new BigInteger(s, radix).equals(v) + "," + v.toString(2 + pick(35)).length();
                    }
                    case 4 -> {
                        BigInteger v = big(30);
                        t += v + "," + v.hashCode() + "," + v.toString(16) + "," + v.toString(36) + "," + v.toString(radix);
                    }
                    case 5 -> t += new BigInteger(Long.toString(((long) state << 24) ^ state, 2 + pick(35)).toUpperCase(), radix);
                    case 6 -> t += new BigInteger(digits(pick(12)) + "-" + digits(pick(3)));
                    default -> {
                        BigInteger v = big(200);
                        t += shown(v) + "," + v.hashCode();
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** The four operations, mod, signs and comparisons. */
    public static String arithmetic(int seed, int length) {
        state = seed;
        length = Math.min(length, 4);
        String t = "";
        int size = pick(6) == 0 ? 200 : 60;
        BigInteger a = big(size);
        BigInteger b = big(size);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(20);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = big(size);
                    case 1 -> b = pick(4) == 0 ? a : big(size / 2);
                    case 2 -> t += shown(a.add(b)) + "," + shown(b.add(a)) + "," + a.add(b).subtract(b).equals(a);
                    case 3 -> t += shown(a.subtract(b)) + "," + a.subtract(a).signum();
                    case 4 -> t += shown(a.multiply(b)) + "," + a.multiply(b).hashCode();
                    case 5 -> t += shown(a.divide(b));
                    case 6 -> t += shown(a.remainder(b));
                    case 7 -> t += shown(a.mod(b));
                    case 8 -> {
                        BigInteger[] qr = a.divideAndRemainder(b);
                        t += shown(qr[0]) + "," + shown(qr[1]) + "," + qr[0].multiply(b).add(qr[1]).equals(a);
                    }
                    case 9 -> t += shown(a.negate()) + "," + shown(b.abs()) + "," + a.signum() + b.negate().signum();
                    case 10 -> t += a.compareTo(b) + "," + b.compareTo(a) + "," + a.compareTo(a);
                    case 11 -> t += shown(a.min(b)) + "," + shown(a.max(b)) + "," + (a.min(b) == a) + (a.max(a) == a);
                    case 12 -> t += a.equals(b) + "," + a.equals(new BigInteger(a.toString())) + "," + a.equals(a.longValue()) + "," + a.equals(null);
                    case 13 -> t += a.hashCode() + "," + b.hashCode();
                    case 14 -> {
                        BigInteger d = big(size / 6);
                        t += shown(a.multiply(d).divide(d)) + "," + shown(a.multiply(d).add(BigInteger.valueOf(pick(5))).mod(d));
                    }
                    case 15 -> a = a.multiply(b).add(BigInteger.valueOf(pick(100)));
                    case 16 -> t += shown(a.divide(BigInteger.valueOf(pick(5) - 2)));
                    case 17 -> t += shown(a.mod(BigInteger.valueOf(pick(7) - 3)));
                    case 18 -> t += (a.add(BigInteger.ZERO) == a) + "," + (BigInteger.ZERO.add(a) == a) + "," + (a.subtract(BigInteger.ZERO) == a);
                    default -> {
                        BigInteger c = BigInteger.ONE.shiftLeft(32 * (1 + pick(4))).subtract(BigInteger.valueOf(pick(3)));
                        BigInteger d = c.shiftLeft(pick(64)).add(BigInteger.valueOf(pick(1000)));
                        t += shown(a.abs().multiply(c).add(BigInteger.valueOf(pick(9))).divideAndRemainder(d)[1]);
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** pow, gcd, modPow, modInverse, sqrt; factorials and powers of two. */
    public static String powers(int seed, int length) {
        state = seed;
        length = Math.min(length, 3);
        String t = "";
        BigInteger a = big(40);
        BigInteger m = big(12);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(14);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = big(40);
                    case 1 -> m = pick(4) == 0 ? BigInteger.valueOf(pick(9) - 2) : big(12);
                    case 2 -> t += shown(BigInteger.valueOf(pick(41) - 20).pow(pick(60) - 3));
                    case 3 -> t += shown(a.pow(pick(5)));
                    case 4 -> t += shown(a.gcd(m)) + "," + shown(a.gcd(BigInteger.ZERO)) + "," + BigInteger.ZERO.gcd(BigInteger.ZERO);
                    case 5 -> t += shown(a.modPow(big(6), m));
                    case 6 -> t += shown(a.modPow(BigInteger.valueOf(pick(40) - 5), m));
                    case 7 -> t += shown(a.modInverse(m));
                    case 8 -> {
                        BigInteger p = BigInteger.valueOf(new long[] {1000000007L, 998244353L, 2147483647L, 65537L, 4294967291L}[pick(5)]);
                        t += a.modPow(big(10), p) + "," + a.modInverse(p) + "," + a.mod(p).modPow(p.subtract(BigInteger.TWO), p);
                    }
                    case 9 -> t += shown(a.sqrt()) + "," + shown(a.abs().pow(2).add(BigInteger.valueOf(pick(3) - 1)).sqrt());
                    case 10 -> {
                        BigInteger[] sr = a.sqrtAndRemainder();
                        t += shown(sr[0]) + "," + shown(sr[1]);
                    }
                    case 11 -> {
                        int n = pick(70);
                        BigInteger f = factorial(n);
                        t += n + "!=" + shown(f) + "," + f.getLowestSetBit() + "," + f.bitLength() + "," + shown(f.divide(factorial(pick(n + 1))));
                    }
                    case 12 -> {
                        int k = pick(300);
                        BigInteger p = BigInteger.TWO.pow(k);
                        t += p.equals(BigInteger.ONE.shiftLeft(k)) + "," + shown(p.subtract(BigInteger.ONE)) + "," + p.bitCount() + "," + p.negate().bitLength();
                    }
                    default -> t += a.pow(2).equals(a.multiply(a)) + "," + a.modPow(BigInteger.TWO, m.abs().add(BigInteger.ONE)).equals(a.multiply(a).mod(m.abs().add(BigInteger.ONE)));
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** The two's complement view: bit operations, shifts, bit counts. */
    public static String bits(int seed, int length) {
        state = seed;
        length = Math.min(length, 16);
        String t = "";
        BigInteger a = big(40);
        BigInteger b = big(40);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(18);
            t += op + ":";
            try {
                int n = pick(8) == 0 ? pick(5) - 3 : pick(200);
                switch (op) {
                    case 0 -> a = big(40);
                    case 1 -> b = big(pick(2) == 0 ? 10 : 40);
                    case 2 -> t += a.bitLength() + "," + a.bitCount() + "," + a.getLowestSetBit();
                    case 3 -> t += a.testBit(n) + "," + a.testBit(n / 2) + "," + a.testBit(n / 7);
                    case 4 -> t += shown(a.setBit(n));
                    case 5 -> t += shown(a.clearBit(n));
                    case 6 -> t += shown(a.flipBit(n));
                    case 7 -> t += shown(a.shiftLeft(n));
                    case 8 -> t += shown(a.shiftRight(n)) + "," + shown(a.shiftRight(n / 16));
                    case 9 -> t += shown(a.and(b));
                    case 10 -> t += shown(a.or(b));
                    case 11 -> t += shown(a.xor(b));
                    case 12 -> t += shown(a.not()) + "," + shown(b.andNot(a));
                    case 13 -> t += a.and(b).or(a.xor(b)).equals(a.or(b)) + "," + a.not().not().equals(a);
                    case 14 -> t += (a.shiftLeft(0) == a) + "," + (a.shiftRight(0) == a) + "," + a.shiftLeft(n).shiftRight(n).equals(a);
                    case 15 -> {
                        BigInteger s = BigInteger.valueOf(pick(2001) - 1000);
                        t += s.bitLength() + "," + s.bitCount() + "," + s.not() + "," + s.shiftRight(pick(12)) + "," + s.and(BigInteger.valueOf(pick(256) - 128));
                    }
                    case 16 -> a = a.negate();
                    default -> {
                        BigInteger p = BigInteger.ONE.shiftLeft(n < 0 ? 0 : n);
                        t += p.negate().bitLength() + "," + p.negate().bitCount() + "," + p.negate().getLowestSetBit() + "," + shown(p.negate().shiftRight(pick(70)));
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** The primitive values, the byte arrays, random numbers and valueOf's cache. */
    public static String conversions(int seed, int length) {
        state = seed;
        length = Math.min(length, 16);
        String t = "";
        BigInteger a = big(30);
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(14);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> a = big(pick(2) == 0 ? 12 : 30);
                    case 1 -> t += a.intValue() + "," + a.longValue() + "," + a.shortValue() + "," + a.byteValue();
                    case 2 -> t += a.intValueExact();
                    case 3 -> t += a.longValueExact();
                    case 4 -> t += a.shortValueExact() + "," + a.byteValueExact();
                    case 5 -> t += fp(a.doubleValue(), a.floatValue());
                    case 6 -> {
                        BigInteger x = big(12).shiftLeft(pick(1100));
                        if (pick(2) == 0) {
                            x = x.add(BigInteger.ONE.shiftLeft(pick(200)));
                        }
                        t += fp(x.doubleValue(), x.floatValue()) + "," + fp(x.shiftRight(pick(20)).doubleValue(), x.shiftRight(pick(100)).floatValue());
                    }
                    case 7 -> {
                        byte[] bytes = a.toByteArray();
                        t += bytes.length + "," + bytes[0] + "," + bytes[bytes.length - 1] + "," + new BigInteger(bytes).equals(a);
                    }
                    case 8 -> {
                        byte[] bytes = new byte[pick(12)];
                        for (int i = 0; i < bytes.length; i++) {
                            bytes[i] = (byte) pick(256);
                        }
                        t += new BigInteger(bytes) + "," + new BigInteger(pick(4) - 1, bytes);
                    }
                    case 9 -> {
                        Random r = new Random(state);
                        t += new BigInteger(pick(130) - 2, r) + "," + r.nextInt();
                    }
                    case 10 -> {
                        long v = pick(41) - 20;
                        t += (BigInteger.valueOf(v) == BigInteger.valueOf(v)) + "," + (BigInteger.valueOf(0) == BigInteger.ZERO) + "," + (BigInteger.valueOf(2) == BigInteger.TWO);
                    }
                    case 11 -> t += BigInteger.ZERO + "," + BigInteger.ONE + "," + BigInteger.TWO + "," + BigInteger.TEN + "," + BigInteger.TEN.hashCode();
                    case 12 -> {
                        long v = ((long) state << 32) ^ pick(1 << 30);
                        BigInteger x = BigInteger.valueOf(v);
                        t += (x.longValue() == v) + "," + (x.doubleValue() == (double) v) + "," + (x.floatValue() == (float) v) + "," + x.hashCode() + "," + Long.valueOf(v).hashCode();
                    }
                    default -> {
                        byte[] bytes = new byte[6];
                        for (int i = 0; i < bytes.length; i++) {
                            bytes[i] = (byte) (pick(3) == 0 ? -1 : pick(256));
                        }
                        int off = pick(8) - 1;
                        int len = pick(8) - 1;
                        t += pick(2) == 0 ? new BigInteger(bytes, off, len) : new BigInteger(pick(3) - 1, bytes, off, len);
                    }
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** Primality with a certainty the JDK's test cannot miss, and the next prime. */
    public static String primes(int seed, int length) {
        state = seed;
        length = Math.min(length, 3);
        String t = "";
        for (int step = 0; step < length && t.length() < 1800; step++) {
            int op = pick(6);
            t += op + ":";
            try {
                switch (op) {
                    case 0 -> {
                        BigInteger x = BigInteger.valueOf(pick(3000) - 100);
                        t += x + "," + x.isProbablePrime(50) + "," + x.isProbablePrime(pick(3) - 2);
                    }
                    case 1 -> {
                        BigInteger x = BigInteger.valueOf(state & 0xffffffffL);
                        t += x + "," + x.isProbablePrime(100);
                    }
                    case 2 -> t += BigInteger.valueOf(pick(5000) - 10).nextProbablePrime();
                    case 3 -> {
                        long[] p = {1000000007L, 998244353L, 2147483647L, 65537L, 4294967291L, 1000003L, 3L};
                        BigInteger x = BigInteger.valueOf(p[pick(p.length)]).multiply(BigInteger.valueOf(p[pick(p.length)]));
                        t += x.isProbablePrime(80) + "," + x.negate().isProbablePrime(80);
                    }
                    case 4 -> {
                        BigInteger x = BigInteger.valueOf(((long) state << 20) ^ pick(1 << 20)).abs();
                        t += x.isProbablePrime(60) + "," + x.add(BigInteger.ONE).isProbablePrime(60);
                    }
                    default -> t += BigInteger.valueOf(state >>> 8).nextProbablePrime();
                }
            } catch (RuntimeException e) {
                t += thrown(e);
            }
            t += " ";
        }
        return t + state;
    }

    /** One number of 33 to 130 bits, prime or not (Mersenne numbers, products of primes,
     *  Carmichael numbers, strong pseudoprimes to base 2): its primality and, below 2^40,
     *  the next prime. Slower than the others: one number a call. */
    public static String largePrime(int seed) {
        state = seed;
        BigInteger[] known = {
            BigInteger.ONE.shiftLeft(61).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(89).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(67).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(107).subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE),
            new BigInteger("3825123056546413051"),
            new BigInteger("318665857834031151167461"),
            new BigInteger("3317044064679887385961981"),
            new BigInteger("1000000000000000000000000000057"),
            new BigInteger("1000000000000000000000000000007"),
            BigInteger.valueOf(1000000007L).multiply(BigInteger.valueOf(998244353L)),
            BigInteger.valueOf(4294967291L).multiply(BigInteger.valueOf(4294967279L)),
            new BigInteger("9999999967").multiply(new BigInteger("99999999977")),
            BigInteger.valueOf(2147483647L).pow(2),
            BigInteger.valueOf(4294967311L),
            BigInteger.valueOf(9007199254740881L),
            new BigInteger("18446744073709551557"),
            new BigInteger("561").multiply(new BigInteger("100000000000000000039")),
        };
        BigInteger x = pick(3) == 0 ? BigInteger.valueOf(((long) state << 8) ^ pick(256)).abs().setBit(32) : known[pick(known.length)];
        String t = x.bitLength() + ":" + x.isProbablePrime(100);
        if (x.bitLength() <= 40) {
            t += "," + x.nextProbablePrime();
        }
        return t;
    }
}
