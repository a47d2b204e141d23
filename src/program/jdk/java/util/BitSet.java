package java.util;

/**
 * roth's model of java.util.BitSet (JDK 17): the bits in an array of longs (bit i in word
 * i / 64, at i % 64), grown as the JDK grows it (to twice the words or to what is needed,
 * whichever is more), so `size()` is the JVM's: 64 bits at first, `BitSet(nbits)` keeps its
 * size until a bit past it is set, and `clone()` trims an unsticky size to the words in use,
 * the original's too. The words in use end at the last nonzero one, so `equals`, `hashCode`
 * (the JDK's: 1234 xor each word times its index plus one, folded to an int) and `length`
 * are those of the bits alone. Index checks throw the JDK's `IndexOutOfBoundsException`s
 * with its messages. `clone()` makes a BitSet (not a subclass's object: roth has no
 * `Object.clone`). Not modelled: `toByteArray`, `valueOf(byte[])` and the buffer forms,
 * `stream()`.
 */
public class BitSet {
    private static final long WORD_MASK = 0xffffffffffffffffL;

    private long[] words;

    /** The words up to the last nonzero one: the others are zero. */
    private int wordsInUse;

    /** Whether the size was asked for (`BitSet(nbits)`), so that `clone()` keeps it. */
    private boolean sizeIsSticky;

    public BitSet() {
        words = new long[1];
    }

    public BitSet(int nbits) {
        if (nbits < 0) {
            throw new NegativeArraySizeException("nbits < 0: " + nbits);
        }
        words = new long[wordIndex(nbits - 1) + 1];
        sizeIsSticky = true;
    }

    private BitSet(long[] words) {
        this.words = words;
        this.wordsInUse = words.length;
    }

    /** A BitSet of the bits of `longs` (bit i of `longs[j]` is bit 64 j + i). */
    public static BitSet valueOf(long[] longs) {
        int n = longs.length;
        while (n > 0 && longs[n - 1] == 0) {
            n--;
        }
        return new BitSet(Arrays.copyOf(longs, n));
    }

    public long[] toLongArray() {
        return Arrays.copyOf(words, wordsInUse);
    }

    private static int wordIndex(int bitIndex) {
        return bitIndex >> 6;
    }

    /** Drops the zero words at the end from those in use. */
    private void recalculateWordsInUse() {
        int i = wordsInUse - 1;
        while (i >= 0 && words[i] == 0) {
            i--;
        }
        wordsInUse = i + 1;
    }

    private void ensureCapacity(int wordsRequired) {
        if (words.length < wordsRequired) {
            words = Arrays.copyOf(words, Math.max(2 * words.length, wordsRequired));
            sizeIsSticky = false;
        }
    }

    /** Makes word `wordIndex` one of those in use. */
    private void expandTo(int wordIndex) {
        int wordsRequired = wordIndex + 1;
        if (wordsInUse < wordsRequired) {
            ensureCapacity(wordsRequired);
            wordsInUse = wordsRequired;
        }
    }

    private static void checkIndex(int bitIndex) {
        if (bitIndex < 0) {
            throw new IndexOutOfBoundsException("bitIndex < 0: " + bitIndex);
        }
    }

    private static void checkRange(int fromIndex, int toIndex) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex < 0: " + fromIndex);
        }
        if (toIndex < 0) {
            throw new IndexOutOfBoundsException("toIndex < 0: " + toIndex);
        }
        if (fromIndex > toIndex) {
            throw new IndexOutOfBoundsException("fromIndex: " + fromIndex + " > toIndex: " + toIndex);
        }
    }

    /** The bits of word `w` at or above `fromIndex % 64` (shifts are taken mod 64). */
    private static long fromMask(int fromIndex) {
        return WORD_MASK << fromIndex;
    }

    /** The bits of the word of bit `toIndex - 1` below `toIndex`. */
    private static long toMask(int toIndex) {
        return WORD_MASK >>> -toIndex;
    }

    public void flip(int bitIndex) {
        checkIndex(bitIndex);
        int w = wordIndex(bitIndex);
        expandTo(w);
        words[w] ^= 1L << bitIndex;
        recalculateWordsInUse();
    }

    public void flip(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex);
        if (fromIndex == toIndex) {
            return;
        }
        int first = wordIndex(fromIndex);
        int last = wordIndex(toIndex - 1);
        expandTo(last);
        if (first == last) {
            words[first] ^= fromMask(fromIndex) & toMask(toIndex);
        } else {
            words[first] ^= fromMask(fromIndex);
            for (int i = first + 1; i < last; i++) {
                words[i] ^= WORD_MASK;
            }
            words[last] ^= toMask(toIndex);
        }
        recalculateWordsInUse();
    }

    public void set(int bitIndex) {
        checkIndex(bitIndex);
        int w = wordIndex(bitIndex);
        expandTo(w);
        words[w] |= 1L << bitIndex;
    }

    public void set(int bitIndex, boolean value) {
        if (value) {
            set(bitIndex);
        } else {
            clear(bitIndex);
        }
    }

    public void set(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex);
        if (fromIndex == toIndex) {
            return;
        }
        int first = wordIndex(fromIndex);
        int last = wordIndex(toIndex - 1);
        expandTo(last);
        if (first == last) {
            words[first] |= fromMask(fromIndex) & toMask(toIndex);
        } else {
            words[first] |= fromMask(fromIndex);
            for (int i = first + 1; i < last; i++) {
                words[i] = WORD_MASK;
            }
            words[last] |= toMask(toIndex);
        }
    }

    public void set(int fromIndex, int toIndex, boolean value) {
        if (value) {
            set(fromIndex, toIndex);
        } else {
            clear(fromIndex, toIndex);
        }
    }

    public void clear(int bitIndex) {
        checkIndex(bitIndex);
        int w = wordIndex(bitIndex);
        if (w >= wordsInUse) {
            return;
        }
        words[w] &= ~(1L << bitIndex);
        recalculateWordsInUse();
    }

    public void clear(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex);
        if (fromIndex == toIndex) {
            return;
        }
        int first = wordIndex(fromIndex);
        if (first >= wordsInUse) {
            return;
        }
        int last = wordIndex(toIndex - 1);
        if (last >= wordsInUse) {
            // Nothing is set past the words in use.
            toIndex = length();
            last = wordsInUse - 1;
        }
        if (first == last) {
            words[first] &= ~(fromMask(fromIndex) & toMask(toIndex));
        } else {
            words[first] &= ~fromMask(fromIndex);
            for (int i = first + 1; i < last; i++) {
                words[i] = 0;
            }
            words[last] &= ~toMask(toIndex);
        }
        recalculateWordsInUse();
    }

    public void clear() {
        while (wordsInUse > 0) {
            wordsInUse--;
            words[wordsInUse] = 0;
        }
    }

    public boolean get(int bitIndex) {
        checkIndex(bitIndex);
        int w = wordIndex(bitIndex);
        return w < wordsInUse && (words[w] & (1L << bitIndex)) != 0;
    }

    /**
     * The bits from `fromIndex` to `toIndex` (cut to `length()`), as a BitSet of a sticky
     * size for as many bits, or of size 0 when no bit is set from `fromIndex` on.
     */
    public BitSet get(int fromIndex, int toIndex) {
        checkRange(fromIndex, toIndex);
        int len = length();
        if (len <= fromIndex || fromIndex == toIndex) {
            return new BitSet(0);
        }
        if (toIndex > len) {
            toIndex = len;
        }
        BitSet result = new BitSet(toIndex - fromIndex);
        int targetWords = result.words.length;
        for (int i = 0; i < targetWords; i++) {
            result.words[i] = wordAt(fromIndex + 64 * i);
        }
        result.words[targetWords - 1] &= toMask(toIndex - fromIndex);
        result.wordsInUse = targetWords;
        result.recalculateWordsInUse();
        return result;
    }

    /** The 64 bits from bit `start` on (`start` at least 0). */
    private long wordAt(int start) {
        int u = wordIndex(start);
        int shift = start & 63;
        long low = u < wordsInUse ? words[u] >>> shift : 0;
        if (shift == 0 || u + 1 >= wordsInUse) {
            return low;
        }
        return low | (words[u + 1] << (64 - shift));
    }

    public int nextSetBit(int fromIndex) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex < 0: " + fromIndex);
        }
        int u = wordIndex(fromIndex);
        if (u >= wordsInUse) {
            return -1;
        }
        long word = words[u] & fromMask(fromIndex);
        while (word == 0) {
            u++;
            if (u == wordsInUse) {
                return -1;
            }
            word = words[u];
        }
        return u * 64 + trailingZeros(word);
    }

    public int nextClearBit(int fromIndex) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex < 0: " + fromIndex);
        }
        int u = wordIndex(fromIndex);
        if (u >= wordsInUse) {
            return fromIndex;
        }
        long word = ~words[u] & fromMask(fromIndex);
        while (word == 0) {
            u++;
            if (u == wordsInUse) {
                return wordsInUse * 64;
            }
            word = ~words[u];
        }
        return u * 64 + trailingZeros(word);
    }

    public int previousSetBit(int fromIndex) {
        if (fromIndex < 0) {
            if (fromIndex == -1) {
                return -1;
            }
            throw new IndexOutOfBoundsException("fromIndex < -1: " + fromIndex);
        }
        int u = wordIndex(fromIndex);
        if (u >= wordsInUse) {
            return length() - 1;
        }
        long word = words[u] & (WORD_MASK >>> -(fromIndex + 1));
        while (word == 0) {
            if (u == 0) {
                return -1;
            }
            u--;
            word = words[u];
        }
        return (u + 1) * 64 - 1 - leadingZeros(word);
    }

    public int previousClearBit(int fromIndex) {
        if (fromIndex < 0) {
            if (fromIndex == -1) {
                return -1;
            }
            throw new IndexOutOfBoundsException("fromIndex < -1: " + fromIndex);
        }
        int u = wordIndex(fromIndex);
        if (u >= wordsInUse) {
            return fromIndex;
        }
        long word = ~words[u] & (WORD_MASK >>> -(fromIndex + 1));
        while (word == 0) {
            if (u == 0) {
                return -1;
            }
            u--;
            word = ~words[u];
        }
        return (u + 1) * 64 - 1 - leadingZeros(word);
    }

    /** One past the highest set bit, or 0. */
    public int length() {
        if (wordsInUse == 0) {
            return 0;
        }
        return 64 * wordsInUse - leadingZeros(words[wordsInUse - 1]);
    }

    public boolean isEmpty() {
        return wordsInUse == 0;
    }

    public boolean intersects(BitSet set) {
        for (int i = Math.min(wordsInUse, set.wordsInUse) - 1; i >= 0; i--) {
            if ((words[i] & set.words[i]) != 0) {
                return true;
            }
        }
        return false;
    }

    public int cardinality() {
        int sum = 0;
        for (int i = 0; i < wordsInUse; i++) {
            sum += bitCount(words[i]);
        }
        return sum;
    }

    public void and(BitSet set) {
        if (this == set) {
            return;
        }
        while (wordsInUse > set.wordsInUse) {
            wordsInUse--;
            words[wordsInUse] = 0;
        }
        for (int i = 0; i < wordsInUse; i++) {
            words[i] &= set.words[i];
        }
        recalculateWordsInUse();
    }

    public void or(BitSet set) {
        if (this == set) {
            return;
        }
        int common = Math.min(wordsInUse, set.wordsInUse);
        if (wordsInUse < set.wordsInUse) {
            ensureCapacity(set.wordsInUse);
            wordsInUse = set.wordsInUse;
        }
        for (int i = 0; i < common; i++) {
            words[i] |= set.words[i];
        }
        for (int i = common; i < set.wordsInUse; i++) {
            words[i] = set.words[i];
        }
    }

    public void xor(BitSet set) {
        int common = Math.min(wordsInUse, set.wordsInUse);
        if (wordsInUse < set.wordsInUse) {
            ensureCapacity(set.wordsInUse);
            wordsInUse = set.wordsInUse;
        }
        for (int i = 0; i < common; i++) {
            words[i] ^= set.words[i];
        }
        for (int i = common; i < set.wordsInUse; i++) {
            words[i] = set.words[i];
        }
        recalculateWordsInUse();
    }

    public void andNot(BitSet set) {
        for (int i = Math.min(wordsInUse, set.wordsInUse) - 1; i >= 0; i--) {
            words[i] &= ~set.words[i];
        }
        recalculateWordsInUse();
    }

    public int hashCode() {
        long h = 1234;
        for (int i = wordsInUse - 1; i >= 0; i--) {
            h ^= words[i] * (i + 1);
        }
        return (int) ((h >> 32) ^ h);
    }

    /** The bits of space: 64 per word held, whether in use or not. */
    public int size() {
        return words.length * 64;
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof BitSet)) {
            return false;
        }
        if (this == obj) {
            return true;
        }
        BitSet set = (BitSet) obj;
        if (wordsInUse != set.wordsInUse) {
            return false;
        }
        for (int i = 0; i < wordsInUse; i++) {
            if (words[i] != set.words[i]) {
                return false;
            }
        }
        return true;
    }

    /** A copy; an unsticky size is first trimmed to the words in use, here too, as in the JDK. */
    public Object clone() {
        if (!sizeIsSticky && wordsInUse != words.length) {
            words = Arrays.copyOf(words, wordsInUse);
        }
        BitSet copy = new BitSet(Arrays.copyOf(words, words.length));
        copy.wordsInUse = wordsInUse;
        copy.sizeIsSticky = sizeIsSticky;
        return copy;
    }

    /** The set bits in increasing order: `{1, 3, 5}`. */
    public String toString() {
        // Concatenation and shifts, which roth runs in fewer steps than a StringBuilder's
        // appends and a count of trailing zeros per bit.
        String s = "{";
        String separator = "";
        for (int u = 0; u < wordsInUse; u++) {
            long word = words[u];
            int i = u * 64;
            while (word != 0) {
                if ((word & 0xffL) == 0) {
                    word >>>= 8;
                    i += 8;
                } else {
                    if ((word & 1L) != 0) {
                        s += separator + i;
                        separator = ", ";
                    }
                    word >>>= 1;
                    i++;
                }
            }
        }
        return s + "}";
    }

    // roth's own helpers, as `Long`'s methods but in a few steps each (roth's `Long` counts
    // bit by bit), so that a BitSet of many bits stays cheap to run.

    /** `Long.numberOfTrailingZeros`, by halving. */
    private static int trailingZeros(long word) {
        if (word == 0) {
            return 64;
        }
        int n = 0;
        if ((word & 0xffffffffL) == 0) {
            n += 32;
            word >>>= 32;
        }
        if ((word & 0xffffL) == 0) {
            n += 16;
            word >>>= 16;
        }
        if ((word & 0xffL) == 0) {
            n += 8;
            word >>>= 8;
        }
        if ((word & 0xfL) == 0) {
            n += 4;
            word >>>= 4;
        }
        if ((word & 0x3L) == 0) {
            n += 2;
            word >>>= 2;
        }
        return (word & 1L) == 0 ? n + 1 : n;
    }

    /** `Long.numberOfLeadingZeros`, by halving. */
    private static int leadingZeros(long word) {
        if (word == 0) {
            return 64;
        }
        int n = 0;
        if ((word >>> 32) == 0) {
            n += 32;
            word <<= 32;
        }
        if ((word >>> 48) == 0) {
            n += 16;
            word <<= 16;
        }
        if ((word >>> 56) == 0) {
            n += 8;
            word <<= 8;
        }
        if ((word >>> 60) == 0) {
            n += 4;
            word <<= 4;
        }
        if ((word >>> 62) == 0) {
            n += 2;
            word <<= 2;
        }
        return (word >>> 63) == 0 ? n + 1 : n;
    }

    /** `Long.bitCount`, by adding neighbouring counts. */
    private static int bitCount(long word) {
        word = word - ((word >>> 1) & 0x5555555555555555L);
        word = (word & 0x3333333333333333L) + ((word >>> 2) & 0x3333333333333333L);
        word = (word + (word >>> 4)) & 0x0f0f0f0f0f0f0f0fL;
        return (int) ((word * 0x0101010101010101L) >>> 56);
    }
}
