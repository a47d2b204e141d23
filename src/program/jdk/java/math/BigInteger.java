package java.math;

import java.util.Random;

/**
 * roth's model of java.math.BigInteger (JDK 17): an immutable integer of any size, as a sign
 * and a magnitude of 32-bit limbs (little-endian here, the arithmetic in roth's
 * `BigIntegerLimbs`). Everything observable is the JVM's: the constants and `valueOf`'s cache
 * of -16..16 (so `valueOf(5) == valueOf(5)`), parsing with the JDK's messages (its digits
 * taken in groups read by `Integer.parseInt`, so a bad digit is reported with its group, and
 * `under radix N` when the radix is not 10), `toString` in any radix (10 out of range),
 * truncating `divide`/`remainder` and the nonnegative `mod`, `pow`, `gcd`, `modPow` (negative
 * exponents through `modInverse`), `sqrt`, the bit operations on the infinite two's
 * complement form (`and`, `or`, `xor`, `not`, `andNot`, `shiftRight` rounding toward minus
 * infinity, `testBit`/`setBit`/`clearBit`/`flipBit`, `bitLength`, `bitCount`,
 * `getLowestSetBit`), `hashCode` (the JDK's over its big-endian int magnitude),
 * `doubleValue`/`floatValue` rounded to nearest even, the `xxxValueExact` checks, the byte
 * array forms and `BigInteger(numBits, Random)`, which draws the JDK's bytes.
 *
 * `isProbablePrime` and `nextProbablePrime` answer whether a number is prime exactly (trial
 * division, Miller-Rabin with fixed bases, deterministic below 2^81, and a Lucas test above,
 * the Baillie-PSW test, which has no known counterexample): the JDK draws random bases and
 * may call a composite prime with a probability below 2^-certainty, which roth never does.
 * Not modelled: `BigInteger(int, int, Random)`, `probablePrime`, `longValueExact`'s
 * siblings for `char`, the `Serializable` form; results never share objects with their
 * operands beyond the JDK's `this` and `val` shortcuts modelled here.
 */
public class BigInteger extends Number implements Comparable<BigInteger> {
    private static final long MASK = 0xffffffffL;

    /** `valueOf`'s cache: index i holds i (and -i in `NEGATIVE`), made on first use. */
    private static final BigInteger[] POSITIVE = new BigInteger[17];
    private static final BigInteger[] NEGATIVE = new BigInteger[17];

    // roth runs every class's static initializer up front, in an order of its own: these
    // must not read another class's static fields.
    public static final BigInteger ZERO = new BigInteger(0, new int[0]);
    public static final BigInteger ONE = valueOf(1);
    public static final BigInteger TWO = valueOf(2);
    public static final BigInteger TEN = valueOf(10);

    /** -1, 0 or 1; 0 exactly when the magnitude is empty. */
    private final int sign;

    /** Little-endian unsigned limbs, no zero limb at the top. */
    private final int[] mag;

    private BigInteger(int sign, int[] mag) {
        this.sign = mag.length == 0 ? 0 : sign;
        this.mag = mag;
    }

    public BigInteger(String val) {
        this(val, 10);
    }

    public BigInteger(String val, int radix) {
        int len = val.length();
        if (radix < 2 || radix > 36) {
            throw new NumberFormatException("Radix out of range");
        }
        if (len == 0) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        int s = 1;
        int cursor = 0;
        int minus = val.lastIndexOf('-');
        int plus = val.lastIndexOf('+');
        if (minus >= 0) {
            if (minus != 0 || plus >= 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            s = -1;
            cursor = 1;
        } else if (plus >= 0) {
            if (plus != 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            cursor = 1;
        }
        if (cursor == len) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        while (cursor < len && Character.digit(val.charAt(cursor), radix) == 0) {
            cursor++;
        }
        int[] m = BigIntegerLimbs.EMPTY;
        if (cursor < len) {
            int digits = len - cursor;
            int perInt = BigIntegerLimbs.digitsPerInt(radix);
            int bitsPerDigit = 32 - BigIntegerLimbs.nlz(radix - 1);
            m = new int[(int) (((long) digits * bitsPerDigit + 31) / 32) + 1];
            int superRadix = 1;
            for (int i = 0; i < perInt; i++) {
                superRadix *= radix;
            }
            // The first group is the short one, as the JDK reads them.
            int group = digits % perInt;
            if (group == 0) {
                group = perInt;
            }
            int used = 1;
            while (cursor < len) {
                int g = 0;
                for (int i = cursor; i < cursor + group; i++) {
                    int d = digit(val.charAt(i), radix);
                    if (d < 0) {
                        // Integer.parseInt fails on this group, with the JDK's message.
                        Integer.parseInt(val.substring(cursor, cursor + group), radix);
                    }
                    g = g * radix + d;
                }
                BigIntegerLimbs.mulAdd(m, used, superRadix, g);
                if (used < m.length && m[used] != 0) {
                    used++;
                }
                cursor += group;
                group = perInt;
            }
            m = BigIntegerLimbs.trim(m);
        }
        this.sign = m.length == 0 ? 0 : s;
        this.mag = m;
    }

    /** `Character.digit`, quicker for ASCII. */
    private static int digit(char c, int radix) {
        int d;
        if (c >= 128) {
            return Character.digit(c, radix);
        } else if (c >= '0' && c <= '9') {
            d = c - '0';
        } else if (c >= 'a' && c <= 'z') {
            d = c - 'a' + 10;
        } else if (c >= 'A' && c <= 'Z') {
            d = c - 'A' + 10;
        } else {
            return -1;
        }
        return d < radix ? d : -1;
    }

    /** Two's complement, big-endian, as `toByteArray` gives it. */
    public BigInteger(byte[] val) {
        this(val, 0, val.length);
    }

    public BigInteger(byte[] val, int off, int len) {
        if (val.length == 0) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        checkRange(off, len, val.length);
        int fill = val[off] < 0 ? -1 : 0;
        if (len == 0 && fill < 0) {
            // The JDK reads the byte before the range here: -(~val[off - 1] & 0xff) - 1.
            int before = val[off - 1];
            this.sign = -1;
            this.mag = new int[] {(~before & 0xff) + 1};
            return;
        }
        int[] words = new int[len / 4 + 1];
        for (int i = 0; i < words.length; i++) {
            int w = 0;
            for (int b = 3; b >= 0; b--) {
                int k = off + len - 1 - (4 * i + b);
                w = (w << 8) | ((k >= off ? val[k] : fill) & 0xff);
            }
            words[i] = w;
        }
        BigInteger v = fromTwos(words);
        this.sign = v.sign;
        this.mag = v.mag;
    }

    public BigInteger(int signum, byte[] magnitude) {
        this(signum, magnitude, 0, magnitude.length);
    }

    public BigInteger(int signum, byte[] magnitude, int off, int len) {
        if (signum < -1 || signum > 1) {
            throw new NumberFormatException("Invalid signum value");
        }
        checkRange(off, len, magnitude.length);
        int[] words = new int[(len + 3) / 4];
        for (int i = 0; i < len; i++) {
            int k = off + len - 1 - i;
            words[i >>> 2] |= (magnitude[k] & 0xff) << (8 * (i & 3));
        }
        int[] m = BigIntegerLimbs.trim(words);
        if (m.length == 0) {
            signum = 0;
        } else if (signum == 0) {
            throw new NumberFormatException("signum-magnitude mismatch");
        }
        this.sign = signum;
        this.mag = m;
    }

    /** `numBits` random bits from `rnd`, drawn as the JDK draws them (`nextBytes`). */
    public BigInteger(int numBits, Random rnd) {
        this(1, randomBits(numBits, rnd));
    }

    private static byte[] randomBits(int numBits, Random rnd) {
        if (numBits < 0) {
            throw new IllegalArgumentException("numBits must be non-negative");
        }
        byte[] bits = new byte[(int) (((long) numBits + 7) / 8)];
        if (bits.length > 0) {
            rnd.nextBytes(bits);
            int excess = 8 * bits.length - numBits;
            bits[0] &= (byte) ((1 << (8 - excess)) - 1);
        }
        return bits;
    }

    private static void checkRange(int off, int len, int length) {
        if (off < 0 || len < 0 || off > length - len) {
            throw new IndexOutOfBoundsException("Range [" + off + ", " + off + " + " + len
                    + ") out of bounds for length " + length);
        }
    }

    public static BigInteger valueOf(long val) {
        if (val == 0) {
            return ZERO;
        }
        if (val > 0 && val <= 16) {
            int i = (int) val;
            if (POSITIVE[i] == null) {
                POSITIVE[i] = new BigInteger(1, BigIntegerLimbs.ofLong(val));
            }
            return POSITIVE[i];
        }
        if (val < 0 && val >= -16) {
            int i = (int) -val;
            if (NEGATIVE[i] == null) {
                NEGATIVE[i] = new BigInteger(-1, BigIntegerLimbs.ofLong(-val));
            }
            return NEGATIVE[i];
        }
        return new BigInteger(val < 0 ? -1 : 1, BigIntegerLimbs.ofLong(val < 0 ? -val : val));
    }

    private static BigInteger of(int sign, int[] mag) {
        return new BigInteger(sign, mag);
    }

    // Arithmetic.

    public BigInteger add(BigInteger val) {
        if (val.sign == 0) {
            return this;
        }
        if (sign == 0) {
            return val;
        }
        if (val.sign == sign) {
            return of(sign, BigIntegerLimbs.add(mag, val.mag));
        }
        int c = BigIntegerLimbs.compare(mag, val.mag);
        if (c == 0) {
            return ZERO;
        }
        return c > 0 ? of(sign, BigIntegerLimbs.subtract(mag, val.mag))
                : of(val.sign, BigIntegerLimbs.subtract(val.mag, mag));
    }

    public BigInteger subtract(BigInteger val) {
        if (val.sign == 0) {
            return this;
        }
        return add(val.negate());
    }

    public BigInteger multiply(BigInteger val) {
        if (sign == 0 || val.sign == 0) {
            return ZERO;
        }
        return of(sign * val.sign, BigIntegerLimbs.multiply(mag, val.mag));
    }

    private int[][] divideMagnitudes(BigInteger val) {
        if (val.sign == 0) {
            throw new ArithmeticException("BigInteger divide by zero");
        }
        return BigIntegerLimbs.divide(mag, val.mag);
    }

    public BigInteger divide(BigInteger val) {
        return of(sign * val.sign, divideMagnitudes(val)[0]);
    }

    public BigInteger remainder(BigInteger val) {
        return of(sign, divideMagnitudes(val)[1]);
    }

    public BigInteger[] divideAndRemainder(BigInteger val) {
        int[][] qr = divideMagnitudes(val);
        return new BigInteger[] {of(sign * val.sign, qr[0]), of(sign, qr[1])};
    }

    public BigInteger mod(BigInteger m) {
        if (m.sign <= 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        BigInteger r = remainder(m);
        return r.sign >= 0 ? r : r.add(m);
    }

    public BigInteger pow(int exponent) {
        if (exponent < 0) {
            throw new ArithmeticException("Negative exponent");
        }
        if (sign == 0) {
            return exponent == 0 ? ONE : this;
        }
        int[] result = {1};
        int[] base = mag;
        int e = exponent;
        while (e != 0) {
            if ((e & 1) != 0) {
                result = BigIntegerLimbs.multiply(result, base);
            }
            e >>>= 1;
            if (e != 0) {
                base = BigIntegerLimbs.multiply(base, base);
            }
        }
        return of(sign < 0 && (exponent & 1) == 1 ? -1 : 1, result);
    }

    public BigInteger gcd(BigInteger val) {
        int[] a = mag;
        int[] b = val.mag;
        while (b.length != 0) {
            int[] r = BigIntegerLimbs.divide(a, b)[1];
            a = b;
            b = r;
        }
        return of(1, a);
    }

    public BigInteger modPow(BigInteger exponent, BigInteger m) {
        if (m.sign <= 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        // The JDK's shortcuts, in its order.
        if (exponent.sign == 0 || this.equals(ONE)) {
            return m.equals(ONE) ? ZERO : ONE;
        }
        if (sign == 0 && exponent.sign >= 0) {
            return ZERO;
        }
        int[] base = (sign < 0 || BigIntegerLimbs.compare(mag, m.mag) >= 0) ? mod(m).mag : mag;
        int[] e = exponent.mag;
        int[] result = BigIntegerLimbs.mod(new int[] {1}, m.mag);
        for (int i = BigIntegerLimbs.bitLength(e) - 1; i >= 0; i--) {
            result = BigIntegerLimbs.mod(BigIntegerLimbs.multiply(result, result), m.mag);
            if ((e[i >>> 5] & (1 << (i & 31))) != 0) {
                result = BigIntegerLimbs.mod(BigIntegerLimbs.multiply(result, base), m.mag);
            }
        }
        BigInteger r = of(1, result);
        return exponent.sign < 0 ? r.modInverse(m) : r;
    }

    public BigInteger modInverse(BigInteger m) {
        if (m.sign != 1) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        if (m.equals(ONE)) {
            return ZERO;
        }
        BigInteger a = (sign < 0 || BigIntegerLimbs.compare(mag, m.mag) >= 0) ? mod(m) : this;
        if (a.equals(ONE)) {
            return ONE;
        }
        // Extended Euclid: t * a = r (mod m) for each pair.
        BigInteger r0 = m;
        BigInteger r1 = a;
        BigInteger t0 = ZERO;
        BigInteger t1 = ONE;
        while (r1.sign != 0) {
            BigInteger[] qr = r0.divideAndRemainder(r1);
            BigInteger t = t0.subtract(qr[0].multiply(t1));
            r0 = r1;
            r1 = qr[1];
            t0 = t1;
            t1 = t;
        }
        if (!r0.equals(ONE)) {
            throw new ArithmeticException("BigInteger not invertible.");
        }
        return t0.mod(m);
    }

    public BigInteger sqrt() {
        if (sign < 0) {
            throw new ArithmeticException("Negative BigInteger");
        }
        if (sign == 0) {
            return ZERO;
        }
        // Newton's iteration from above: it decreases until it reaches the floor.
        BigInteger x = ONE.shiftLeft((bitLength() + 1) / 2);
        while (true) {
            BigInteger y = x.add(divide(x)).shiftRight(1);
            if (y.compareTo(x) >= 0) {
                return x;
            }
            x = y;
        }
    }

    public BigInteger[] sqrtAndRemainder() {
        BigInteger s = sqrt();
        return new BigInteger[] {s, subtract(s.multiply(s))};
    }

    public BigInteger negate() {
        return of(-sign, mag);
    }

    public BigInteger abs() {
        return sign >= 0 ? this : negate();
    }

    public int signum() {
        return sign;
    }

    // Primes.

    public boolean isProbablePrime(int certainty) {
        if (certainty <= 0) {
            return true;
        }
        return BigIntegerPrimes.isPrime(abs());
    }

    public BigInteger nextProbablePrime() {
        if (sign < 0) {
            throw new ArithmeticException("start < 0: " + this);
        }
        BigInteger n = add(ONE);
        if (n.compareTo(TWO) <= 0) {
            return TWO;
        }
        if (!n.testBit(0)) {
            n = n.add(ONE);
        }
        while (!BigIntegerPrimes.isPrime(n)) {
            n = n.add(TWO);
        }
        return n;
    }

    // Bits, on the infinite two's complement form.

    public int bitLength() {
        int n = BigIntegerLimbs.bitLength(mag);
        if (sign < 0 && BigIntegerLimbs.lowBitsNonzero(mag, n - 1) == false) {
            // -2^k needs one bit less than 2^k.
            return n - 1;
        }
        return n;
    }

    public int bitCount() {
        int count = 0;
        for (int i = 0; i < mag.length; i++) {
            count += BigIntegerLimbs.bitCount(mag[i]);
        }
        if (sign < 0) {
            // The ones of |x| - 1: those of |x|, less its lowest one, plus its trailing zeros.
            count += getLowestSetBit() - 1;
        }
        return count;
    }

    public int getLowestSetBit() {
        if (sign == 0) {
            return -1;
        }
        int i = BigIntegerLimbs.lowestNonzero(mag);
        return 32 * i + BigIntegerLimbs.ntz(mag[i]);
    }

    /** The limbs of the two's complement form, the sign filling `len` limbs. */
    private int[] twos(int len) {
        int[] r = BigIntegerLimbs.copy(mag, len);
        if (sign < 0) {
            long carry = 1;
            for (int i = 0; i < len; i++) {
                carry += ~r[i] & MASK;
                r[i] = (int) carry;
                carry >>>= 32;
            }
        }
        return r;
    }

    /** Limbs enough for the two's complement form with its sign bit. */
    private int intLength() {
        return (bitLength() >>> 5) + 1;
    }

    /** The number whose two's complement limbs are `w` (the top limb's top bit the sign). */
    private static BigInteger fromTwos(int[] w) {
        if (w.length > 0 && w[w.length - 1] < 0) {
            int[] m = new int[w.length];
            long carry = 1;
            for (int i = 0; i < w.length; i++) {
                carry += ~w[i] & MASK;
                m[i] = (int) carry;
                carry >>>= 32;
            }
            return of(-1, BigIntegerLimbs.trim(m));
        }
        return of(1, BigIntegerLimbs.trim(w));
    }

    private static final int AND = 0;
    private static final int OR = 1;
    private static final int XOR = 2;
    private static final int AND_NOT = 3;

    private BigInteger bitwise(BigInteger val, int op) {
        int len = Math.max(intLength(), val.intLength());
        int[] a = twos(len);
        int[] b = val.twos(len);
        for (int i = 0; i < len; i++) {
            if (op == AND) {
                a[i] &= b[i];
            } else if (op == OR) {
                a[i] |= b[i];
            } else if (op == XOR) {
                a[i] ^= b[i];
            } else {
                a[i] &= ~b[i];
            }
        }
        return fromTwos(a);
    }

    public BigInteger and(BigInteger val) {
        return bitwise(val, AND);
    }

    public BigInteger or(BigInteger val) {
        return bitwise(val, OR);
    }

    public BigInteger xor(BigInteger val) {
        return bitwise(val, XOR);
    }

    public BigInteger andNot(BigInteger val) {
        return bitwise(val, AND_NOT);
    }

    public BigInteger not() {
        int[] a = twos(intLength());
        for (int i = 0; i < a.length; i++) {
            a[i] = ~a[i];
        }
        return fromTwos(a);
    }

    private static void checkBit(int n) {
        if (n < 0) {
            throw new ArithmeticException("Negative bit address");
        }
    }

    public boolean testBit(int n) {
        checkBit(n);
        int i = n >>> 5;
        int w;
        if (i >= mag.length) {
            w = sign < 0 ? -1 : 0;
        } else if (sign >= 0) {
            w = mag[i];
        } else {
            w = i <= BigIntegerLimbs.lowestNonzero(mag) ? -mag[i] : ~mag[i];
        }
        return (w & (1 << (n & 31))) != 0;
    }

    /** `op` 1 sets bit n, 0 clears it, 2 flips it. */
    private BigInteger changeBit(int n, int op) {
        checkBit(n);
        int i = n >>> 5;
        int[] a = twos(Math.max(intLength(), i + 2));
        int bit = 1 << (n & 31);
        if (op == 1) {
            a[i] |= bit;
        } else if (op == 0) {
            a[i] &= ~bit;
        } else {
            a[i] ^= bit;
        }
        return fromTwos(a);
    }

    public BigInteger setBit(int n) {
        return changeBit(n, 1);
    }

    public BigInteger clearBit(int n) {
        return changeBit(n, 0);
    }

    public BigInteger flipBit(int n) {
        return changeBit(n, 2);
    }

    public BigInteger shiftLeft(int n) {
        if (sign == 0) {
            return ZERO;
        }
        if (n > 0) {
            return of(sign, BigIntegerLimbs.shiftLeft(mag, n));
        }
        return n == 0 ? this : shiftRightBy(-n);
    }

    public BigInteger shiftRight(int n) {
        if (sign == 0) {
            return ZERO;
        }
        if (n > 0) {
            return shiftRightBy(n);
        }
        return n == 0 ? this : of(sign, BigIntegerLimbs.shiftLeft(mag, -n));
    }

    /** Floor of this / 2^n: a negative number that loses ones goes one further down. */
    private BigInteger shiftRightBy(int n) {
        int[] r = BigIntegerLimbs.shiftRight(mag, n);
        if (sign < 0 && BigIntegerLimbs.lowBitsNonzero(mag, n)) {
            r = BigIntegerLimbs.add(r, new int[] {1});
        }
        return of(sign, r);
    }

    // Comparison and hashing.

    public int compareTo(BigInteger val) {
        if (sign != val.sign) {
            return sign > val.sign ? 1 : -1;
        }
        return sign >= 0 ? BigIntegerLimbs.compare(mag, val.mag)
                : BigIntegerLimbs.compare(val.mag, mag);
    }

    public boolean equals(Object x) {
        if (x == this) {
            return true;
        }
        if (!(x instanceof BigInteger)) {
            return false;
        }
        BigInteger other = (BigInteger) x;
        return sign == other.sign && BigIntegerLimbs.compare(mag, other.mag) == 0;
    }

    public BigInteger min(BigInteger val) {
        return compareTo(val) < 0 ? this : val;
    }

    public BigInteger max(BigInteger val) {
        return compareTo(val) > 0 ? this : val;
    }

    /** The JDK's: 31 h + limb over the limbs from the top, times the sign. */
    public int hashCode() {
        int h = 0;
        for (int i = mag.length - 1; i >= 0; i--) {
            h = 31 * h + mag[i];
        }
        return h * sign;
    }

    // Conversions.

    public String toString() {
        return toString(10);
    }

    public String toString(int radix) {
        if (sign == 0) {
            return "0";
        }
        if (radix < 2 || radix > 36) {
            radix = 10;
        }
        int perChunk = BigIntegerLimbs.digitsPerInt(radix);
        int chunk = 1;
        for (int i = 0; i < perChunk; i++) {
            chunk *= radix;
        }
        // The chunks of digits, lowest first, by repeated division.
        int[] rest = BigIntegerLimbs.copy(mag, mag.length);
        int len = rest.length;
        int[] chunks = new int[2 * len + 1];
        int count = 0;
        while (len > 0) {
            chunks[count] = BigIntegerLimbs.divideInPlace(rest, len, chunk);
            count++;
            while (len > 0 && rest[len - 1] == 0) {
                len--;
            }
        }
        // The text in one array of its exact length (roth reads no `new String(char[], int,
        // int)`): the sign, the top chunk without leading zeros, the others padded.
        int top = chunks[count - 1];
        int topDigits = 0;
        while (top != 0) {
            top /= radix;
            topDigits++;
        }
        int start = sign < 0 ? 1 : 0;
        char[] text = new char[start + topDigits + perChunk * (count - 1)];
        if (sign < 0) {
            text[0] = '-';
        }
        int end = text.length;
        for (int c = 0; c < count; c++) {
            int v = chunks[c];
            int from = c == count - 1 ? end - topDigits : end - perChunk;
            for (int i = end - 1; i >= from; i--) {
                int d = v % radix;
                v /= radix;
                text[i] = (char) (d < 10 ? '0' + d : 'a' + d - 10);
            }
            end = from;
        }
        return new String(text);
    }

    /** Two's complement, big-endian, in the fewest bytes with the sign bit. */
    public byte[] toByteArray() {
        int byteLen = bitLength() / 8 + 1;
        int[] w = twos((byteLen + 3) / 4);
        byte[] r = new byte[byteLen];
        for (int i = 0; i < byteLen; i++) {
            r[byteLen - 1 - i] = (byte) (w[i >>> 2] >>> (8 * (i & 3)));
        }
        return r;
    }

    public int intValue() {
        return (int) longValue();
    }

    public long longValue() {
        long m = mag.length == 0 ? 0 : mag[0] & MASK;
        if (mag.length > 1) {
            m |= (long) mag[1] << 32;
        }
        return sign < 0 ? -m : m;
    }

    public long longValueExact() {
        if (mag.length <= 2 && bitLength() <= 63) {
            return longValue();
        }
        throw new ArithmeticException("BigInteger out of long range");
    }

    public int intValueExact() {
        if (mag.length <= 1 && bitLength() <= 31) {
            return intValue();
        }
        throw new ArithmeticException("BigInteger out of int range");
    }

    public short shortValueExact() {
        if (mag.length <= 1 && bitLength() <= 31) {
            int v = intValue();
            if (v >= -32768 && v <= 32767) {
                return (short) v;
            }
        }
        throw new ArithmeticException("BigInteger out of short range");
    }

    public byte byteValueExact() {
        if (mag.length <= 1 && bitLength() <= 31) {
            int v = intValue();
            if (v >= -128 && v <= 127) {
                return (byte) v;
            }
        }
        throw new ArithmeticException("BigInteger out of byte range");
    }

    /**
     * The top `keep` bits of the magnitude rounded to nearest even (to `keep - 1` bits, the
     * carry may make `keep`), and `shift`, the bits dropped: the value is about sig 2^shift.
     */
    private long roundedTop(int keep, int[] shift) {
        int n = BigIntegerLimbs.bitLength(mag);
        int drop = n - keep;
        long top = 0;
        int[] t = BigIntegerLimbs.shiftRight(mag, drop);
        for (int i = t.length - 1; i >= 0; i--) {
            top = (top << 32) | (t[i] & MASK);
        }
        long sig = top >>> 1;
        if ((top & 1) != 0 && ((sig & 1) != 0 || BigIntegerLimbs.lowBitsNonzero(mag, drop))) {
            sig++;
        }
        shift[0] = drop + 1;
        return sig;
    }

    public double doubleValue() {
        if (BigIntegerLimbs.bitLength(mag) <= 63) {
            return (double) longValue();
        }
        if (BigIntegerLimbs.bitLength(mag) > 1025) {
            return sign < 0 ? -1.0 / 0.0 : 1.0 / 0.0;
        }
        int[] shift = new int[1];
        double r = (double) roundedTop(54, shift);
        // Exact scaling by powers of two (r is normal): overflow only when the result does.
        int k = shift[0];
        while (k >= 32) {
            r *= 4294967296.0;
            k -= 32;
        }
        r *= (double) (1L << k);
        return sign < 0 ? -r : r;
    }

    public float floatValue() {
        if (BigIntegerLimbs.bitLength(mag) <= 63) {
            return (float) longValue();
        }
        if (BigIntegerLimbs.bitLength(mag) > 129) {
            return sign < 0 ? -1.0f / 0.0f : 1.0f / 0.0f;
        }
        int[] shift = new int[1];
        float r = (float) roundedTop(25, shift);
        int k = shift[0];
        while (k >= 16) {
            r *= 65536.0f;
            k -= 16;
        }
        r *= (float) (1 << k);
        return sign < 0 ? -r : r;
    }
}
