package java.util;

import java.util.stream.DoublePipeline;
import java.util.stream.DoubleStream;
import java.util.stream.IntPipeline;
import java.util.stream.IntStream;
import java.util.stream.LongPipeline;
import java.util.stream.LongStream;
import java.util.stream.ReferencePipeline;
import java.util.stream.Stream;

/**
 * roth's model of java.util.Arrays for arrays of every primitive type and of objects, written
 * from the JDK's specification with its exceptions and messages (Arrays.rangeCheck's among
 * them). Sorting an array of primitives is a builtin (the order is the JDK's: Double.compare's
 * for floating point, -0.0 before 0.0 and NaN last), so no step is spent on it. Objects are
 * sorted stably, by their natural order or a comparator: a stable sort's result is the one
 * the JDK's TimSort gives (only a comparator with effects of its own could tell the two
 * apart, by the comparisons it is asked). One method per element type, as in the JDK.
 * `deepToString`, `deepEquals` and `deepHashCode` tell the arrays inside an array by their
 * element kind (roth's native `arrayKind`: the JVM reads it from the element's class).
 * `stream` is read only with roth's model of java.util.stream, which a unit reads when its
 * text says `stream` (see `jdk.rs`): a stream over the array itself, read as it runs.
 */
public final class Arrays {
    private Arrays() {
    }

    /** The JDK's check of a range of an array of the given length. */
    static void rangeCheck(int length, int from, int to) {
        if (from > to) {
            throw new IllegalArgumentException("fromIndex(" + from + ") > toIndex(" + to + ")");
        }
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException(from);
        }
        if (to > length) {
            throw new ArrayIndexOutOfBoundsException(to);
        }
    }

    public static void fill(int[] a, int value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(int[] a, int from, int to, int value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(int[] a, int[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == b[i])) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(int[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }

    public static String toString(int[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static int[] copyOf(int[] original, int newLength) {
        int[] copy = new int[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static int[] copyOfRange(int[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for int[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        int[] copy = new int[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    private static native void sort0(int[] a, int from, int to);

    public static void sort(int[] a) {
        sort0(a, 0, a.length);
    }

    public static void sort(int[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        sort0(a, from, to);
    }

    public static int binarySearch(int[] a, int key) {
        return search(a, 0, a.length, key);
    }

    public static int binarySearch(int[] a, int from, int to, int key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key);
    }

    private static int search(int[] a, int from, int to, int key) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    public static void fill(long[] a, long value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(long[] a, int from, int to, long value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(long[] a, long[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == b[i])) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(long[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + (int) (a[i] ^ (a[i] >>> 32));
        }
        return result;
    }

    public static String toString(long[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static long[] copyOf(long[] original, int newLength) {
        long[] copy = new long[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static long[] copyOfRange(long[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for long[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        long[] copy = new long[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    private static native void sort0(long[] a, int from, int to);

    public static void sort(long[] a) {
        sort0(a, 0, a.length);
    }

    public static void sort(long[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        sort0(a, from, to);
    }

    public static int binarySearch(long[] a, long key) {
        return search(a, 0, a.length, key);
    }

    public static int binarySearch(long[] a, int from, int to, long key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key);
    }

    private static int search(long[] a, int from, int to, long key) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    public static void fill(short[] a, short value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(short[] a, int from, int to, short value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(short[] a, short[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == b[i])) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(short[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }

    public static String toString(short[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static short[] copyOf(short[] original, int newLength) {
        short[] copy = new short[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static short[] copyOfRange(short[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for short[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        short[] copy = new short[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    private static native void sort0(short[] a, int from, int to);

    public static void sort(short[] a) {
        sort0(a, 0, a.length);
    }

    public static void sort(short[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        sort0(a, from, to);
    }

    public static int binarySearch(short[] a, short key) {
        return search(a, 0, a.length, key);
    }

    public static int binarySearch(short[] a, int from, int to, short key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key);
    }

    private static int search(short[] a, int from, int to, short key) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            short midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    public static void fill(byte[] a, byte value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(byte[] a, int from, int to, byte value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(byte[] a, byte[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == b[i])) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(byte[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }

    public static String toString(byte[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static byte[] copyOf(byte[] original, int newLength) {
        byte[] copy = new byte[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static byte[] copyOfRange(byte[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for byte[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        byte[] copy = new byte[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    private static native void sort0(byte[] a, int from, int to);

    public static void sort(byte[] a) {
        sort0(a, 0, a.length);
    }

    public static void sort(byte[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        sort0(a, from, to);
    }

    public static int binarySearch(byte[] a, byte key) {
        return search(a, 0, a.length, key);
    }

    public static int binarySearch(byte[] a, int from, int to, byte key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key);
    }

    private static int search(byte[] a, int from, int to, byte key) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            byte midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    public static void fill(char[] a, char value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(char[] a, int from, int to, char value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(char[] a, char[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == b[i])) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(char[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + a[i];
        }
        return result;
    }

    public static String toString(char[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static char[] copyOf(char[] original, int newLength) {
        char[] copy = new char[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static char[] copyOfRange(char[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for char[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        char[] copy = new char[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    private static native void sort0(char[] a, int from, int to);

    public static void sort(char[] a) {
        sort0(a, 0, a.length);
    }

    public static void sort(char[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        sort0(a, from, to);
    }

    public static int binarySearch(char[] a, char key) {
        return search(a, 0, a.length, key);
    }

    public static int binarySearch(char[] a, int from, int to, char key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key);
    }

    private static int search(char[] a, int from, int to, char key) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            char midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    public static void fill(float[] a, float value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(float[] a, int from, int to, float value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(float[] a, float[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(((a[i] == b[i] && (a[i] != 0.0f || 1 / a[i] == 1 / b[i])) || (a[i] != a[i] && b[i] != b[i])))) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(float[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + Float.hashCode(a[i]);
        }
        return result;
    }

    public static String toString(float[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static float[] copyOf(float[] original, int newLength) {
        float[] copy = new float[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static float[] copyOfRange(float[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for float[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        float[] copy = new float[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    private static native void sort0(float[] a, int from, int to);

    public static void sort(float[] a) {
        sort0(a, 0, a.length);
    }

    public static void sort(float[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        sort0(a, from, to);
    }

    public static int binarySearch(float[] a, float key) {
        return search(a, 0, a.length, key);
    }

    public static int binarySearch(float[] a, int from, int to, float key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key);
    }

    private static int search(float[] a, int from, int to, float key) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            float midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                // Equal, or either is NaN, or zeros of two signs: the JDK orders by bits.
                long midBits = Float.floatToIntBits(midVal);
                long keyBits = Float.floatToIntBits(key);
                if (midBits == keyBits) {
                    return mid;
                } else if (midBits < keyBits) {
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
        }
        return -(low + 1);
    }

    public static void fill(double[] a, double value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(double[] a, int from, int to, double value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(double[] a, double[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(((a[i] == b[i] && (a[i] != 0.0 || 1 / a[i] == 1 / b[i])) || (a[i] != a[i] && b[i] != b[i])))) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(double[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + Double.hashCode(a[i]);
        }
        return result;
    }

    public static String toString(double[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static double[] copyOf(double[] original, int newLength) {
        double[] copy = new double[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static double[] copyOfRange(double[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for double[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        double[] copy = new double[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    private static native void sort0(double[] a, int from, int to);

    public static void sort(double[] a) {
        sort0(a, 0, a.length);
    }

    public static void sort(double[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        sort0(a, from, to);
    }

    public static int binarySearch(double[] a, double key) {
        return search(a, 0, a.length, key);
    }

    public static int binarySearch(double[] a, int from, int to, double key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key);
    }

    private static int search(double[] a, int from, int to, double key) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            double midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                // Equal, or either is NaN, or zeros of two signs: the JDK orders by bits.
                long midBits = Double.doubleToLongBits(midVal);
                long keyBits = Double.doubleToLongBits(key);
                if (midBits == keyBits) {
                    return mid;
                } else if (midBits < keyBits) {
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
        }
        return -(low + 1);
    }

    public static void fill(boolean[] a, boolean value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(boolean[] a, int from, int to, boolean value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(boolean[] a, boolean[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == b[i])) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(boolean[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + (a[i] ? 1231 : 1237);
        }
        return result;
    }

    public static String toString(boolean[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    public static boolean[] copyOf(boolean[] original, int newLength) {
        boolean[] copy = new boolean[newLength];
        int n = original.length < newLength ? original.length : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[i];
        }
        return copy;
    }

    public static boolean[] copyOfRange(boolean[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        // What System.arraycopy, which the JDK copies with, says of a bad start.
        if (from < 0) {
            throw new ArrayIndexOutOfBoundsException("arraycopy: source index " + from
                    + " out of bounds for boolean[" + original.length + "]");
        }
        if (from > original.length) {
            throw new ArrayIndexOutOfBoundsException(
                    "arraycopy: length " + (original.length - from) + " is negative");
        }
        boolean[] copy = new boolean[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        for (int i = 0; i < n; i++) {
            copy[i] = original[from + i];
        }
        return copy;
    }

    public static void fill(Object[] a, Object value) {
        for (int i = 0; i < a.length; i++) {
            a[i] = value;
        }
    }

    public static void fill(Object[] a, int from, int to, Object value) {
        rangeCheck(a.length, from, to);
        for (int i = from; i < to; i++) {
            a[i] = value;
        }
    }

    public static boolean equals(Object[] a, Object[] b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(Objects.equals(a[i], b[i]))) {
                return false;
            }
        }
        return true;
    }

    public static int hashCode(Object[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (int i = 0; i < a.length; i++) {
            result = 31 * result + (a[i] == null ? 0 : a[i].hashCode());
        }
        return result;
    }

    public static String toString(Object[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            s += (i == 0 ? "" : ", ") + String.valueOf(a[i]);
        }
        return s + "]";
    }

    @SuppressWarnings("unchecked")
    public static <T> T[] copyOf(T[] original, int newLength) {
        if (newLength < 0) {
            throw new NegativeArraySizeException(String.valueOf(newLength));
        }
        Object[] copy = new Object[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return (T[]) copy;
    }

    @SuppressWarnings("unchecked")
    public static <T> T[] copyOfRange(T[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) {
            throw new IllegalArgumentException(from + " > " + to);
        }
        Object[] copy = new Object[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return (T[]) copy;
    }

    public static void sort(Object[] a) {
        mergeSort(a, 0, a.length, null);
    }

    public static void sort(Object[] a, int from, int to) {
        rangeCheck(a.length, from, to);
        mergeSort(a, from, to, null);
    }

    public static <T> void sort(T[] a, Comparator<? super T> c) {
        mergeSort(a, 0, a.length, c);
    }

    public static <T> void sort(T[] a, int from, int to, Comparator<? super T> c) {
        rangeCheck(a.length, from, to);
        mergeSort(a, from, to, c);
    }

    /** `c`'s comparison, or the natural order's when `c` is null (a ClassCastException for an element that is not Comparable). */
    @SuppressWarnings("unchecked")
    private static int compare(Object x, Object y, Comparator c) {
        if (c == null) {
            return ((Comparable) x).compareTo(y);
        }
        return c.compare(x, y);
    }

    /** A stable sort of a[from..to]: insertion below 32 elements, else halves merged. */
    private static void mergeSort(Object[] a, int from, int to, Comparator c) {
        int n = to - from;
        if (n < 2) {
            return;
        }
        if (n < 32) {
            for (int i = from + 1; i < to; i++) {
                Object pivot = a[i];
                int lo = from;
                int hi = i;
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (compare(pivot, a[mid], c) < 0) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                System.arraycopy(a, lo, a, lo + 1, i - lo);
                a[lo] = pivot;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, from, mid, c);
        mergeSort(a, mid, to, c);
        if (compare(a[mid - 1], a[mid], c) <= 0) {
            return;
        }
        Object[] left = new Object[mid - from];
        System.arraycopy(a, from, left, 0, mid - from);
        int i = 0;
        int j = mid;
        int k = from;
        while (i < left.length && j < to) {
            if (compare(a[j], left[i], c) < 0) {
                a[k++] = a[j++];
            } else {
                a[k++] = left[i++];
            }
        }
        while (i < left.length) {
            a[k++] = left[i++];
        }
    }

    /** Two arrays of one length whose elements `cmp` finds equal pair by pair (or both null). */
    public static <T> boolean equals(T[] a, T[] a2, Comparator<? super T> cmp) {
        Objects.requireNonNull(cmp);
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null || a.length != a2.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (cmp.compare(a[i], a2[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    public static int binarySearch(Object[] a, Object key) {
        return search(a, 0, a.length, key, null);
    }

    public static int binarySearch(Object[] a, int from, int to, Object key) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key, null);
    }

    public static <T> int binarySearch(T[] a, T key, Comparator<? super T> c) {
        return search(a, 0, a.length, key, c);
    }

    public static <T> int binarySearch(T[] a, int from, int to, T key, Comparator<? super T> c) {
        rangeCheck(a.length, from, to);
        return search(a, from, to, key, c);
    }

    /** The JDK's binary search of a[from..to]: the middle element compared with the key. */
    private static int search(Object[] a, int from, int to, Object key, Comparator c) {
        int low = from;
        int high = to - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int cmp = compare(a[mid], key, c);
            if (cmp < 0) {
                low = mid + 1;
            } else if (cmp > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    // The codes arrayKind answers: the element kinds of roth's arrays, in its order.
    private static final int BOOLEAN = 0;
    private static final int BYTE = 1;
    private static final int SHORT = 2;
    private static final int CHAR = 3;
    private static final int INT = 4;
    private static final int LONG = 5;
    private static final int FLOAT = 6;
    private static final int DOUBLE = 7;
    private static final int REFERENCE = 8;

    /**
     * What the JVM reads from an object's class, roth's native: the kind of its elements
     * when it is an array (REFERENCE for an array of objects or of arrays), else -1.
     */
    private static native int arrayKind(Object o);

    /**
     * The text of `a` with the arrays inside it shown by their contents, at any depth: an
     * array of primitives as `toString` shows it, an array of objects the same way, and one
     * met again inside itself as `[...]`.
     */
    public static String deepToString(Object[] a) {
        if (a == null) {
            return "null";
        }
        return deepToString(a, new Object[8], 0);
    }

    /** The text of `a`; `open[0..depth)` are the arrays whose text is being written. */
    private static String deepToString(Object[] a, Object[] open, int depth) {
        if (a.length == 0) {
            return "[]";
        }
        if (depth == open.length) {
            open = copyOf(open, 2 * depth);
        }
        open[depth] = a;
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                s += ", ";
            }
            Object e = a[i];
            int kind = arrayKind(e);
            if (e == null) {
                s += "null";
            } else if (kind < 0) {
                s += e.toString();
            } else if (kind != REFERENCE) {
                s += primitiveToString(e, kind);
            } else if (isOpen(open, depth + 1, e)) {
                s += "[...]";
            } else {
                s += deepToString((Object[]) e, open, depth + 1);
            }
        }
        return s + "]";
    }

    /** Whether `e` is one of open[0..n), by identity. */
    private static boolean isOpen(Object[] open, int n, Object e) {
        for (int i = 0; i < n; i++) {
            if (open[i] == e) {
                return true;
            }
        }
        return false;
    }

    /**
     * Arrays equal at any depth: elements equal by `equals`, except pairs of arrays, compared
     * as `deepEquals` (arrays of objects) or `equals` (arrays of one primitive type) do.
     */
    public static boolean deepEquals(Object[] a1, Object[] a2) {
        if (a1 == a2) {
            return true;
        }
        if (a1 == null || a2 == null || a1.length != a2.length) {
            return false;
        }
        for (int i = 0; i < a1.length; i++) {
            Object e1 = a1[i];
            Object e2 = a2[i];
            if (e1 == e2) {
                continue;
            }
            if (e1 == null || !deepEquals0(e1, e2)) {
                return false;
            }
        }
        return true;
    }

    private static boolean deepEquals0(Object e1, Object e2) {
        int k1 = arrayKind(e1);
        int k2 = arrayKind(e2);
        if (k1 == REFERENCE && k2 == REFERENCE) {
            return deepEquals((Object[]) e1, (Object[]) e2);
        }
        if (k1 >= 0 && k1 == k2) {
            return primitiveEquals(e1, e2, k1);
        }
        return e1.equals(e2);
    }

    /** The hash of `a` with each array inside it hashed by its contents, at any depth. */
    public static int deepHashCode(Object[] a) {
        if (a == null) {
            return 0;
        }
        int result = 1;
        for (Object e : a) {
            int kind = arrayKind(e);
            int h;
            if (e == null) {
                h = 0;
            } else if (kind < 0) {
                h = e.hashCode();
            } else if (kind == REFERENCE) {
                h = deepHashCode((Object[]) e);
            } else {
                h = primitiveHashCode(e, kind);
            }
            result = 31 * result + h;
        }
        return result;
    }

    /** `toString` of an array of primitives of the given kind. */
    private static String primitiveToString(Object e, int kind) {
        switch (kind) {
            case BOOLEAN: return toString((boolean[]) e);
            case BYTE: return toString((byte[]) e);
            case SHORT: return toString((short[]) e);
            case CHAR: return toString((char[]) e);
            case INT: return toString((int[]) e);
            case LONG: return toString((long[]) e);
            case FLOAT: return toString((float[]) e);
            default: return toString((double[]) e);
        }
    }

    /** `equals` of two arrays of primitives of the given kind. */
    private static boolean primitiveEquals(Object e1, Object e2, int kind) {
        switch (kind) {
            case BOOLEAN: return equals((boolean[]) e1, (boolean[]) e2);
            case BYTE: return equals((byte[]) e1, (byte[]) e2);
            case SHORT: return equals((short[]) e1, (short[]) e2);
            case CHAR: return equals((char[]) e1, (char[]) e2);
            case INT: return equals((int[]) e1, (int[]) e2);
            case LONG: return equals((long[]) e1, (long[]) e2);
            case FLOAT: return equals((float[]) e1, (float[]) e2);
            default: return equals((double[]) e1, (double[]) e2);
        }
    }

    /** `hashCode` of an array of primitives of the given kind. */
    private static int primitiveHashCode(Object e, int kind) {
        switch (kind) {
            case BOOLEAN: return hashCode((boolean[]) e);
            case BYTE: return hashCode((byte[]) e);
            case SHORT: return hashCode((short[]) e);
            case CHAR: return hashCode((char[]) e);
            case INT: return hashCode((int[]) e);
            case LONG: return hashCode((long[]) e);
            case FLOAT: return hashCode((float[]) e);
            default: return hashCode((double[]) e);
        }
    }

    public static <T> Stream<T> stream(T[] array) {
        return stream(array, 0, array.length);
    }

    public static <T> Stream<T> stream(T[] array, int startInclusive, int endExclusive) {
        return ReferencePipeline.ofArray(array, startInclusive, endExclusive);
    }

    public static IntStream stream(int[] array) {
        return stream(array, 0, array.length);
    }

    public static IntStream stream(int[] array, int startInclusive, int endExclusive) {
        return IntPipeline.ofArray(array, startInclusive, endExclusive);
    }

    public static LongStream stream(long[] array) {
        return stream(array, 0, array.length);
    }

    public static LongStream stream(long[] array, int startInclusive, int endExclusive) {
        return LongPipeline.ofArray(array, startInclusive, endExclusive);
    }

    public static DoubleStream stream(double[] array) {
        return stream(array, 0, array.length);
    }

    public static DoubleStream stream(double[] array, int startInclusive, int endExclusive) {
        return DoublePipeline.ofArray(array, startInclusive, endExclusive);
    }

    @SafeVarargs
    public static <T> List<T> asList(T... a) {
        return new ArrayList<T>(a);
    }

    /** The list view of an array that asList gives: fixed size, writes go to the array. */
    private static class ArrayList<E> extends AbstractList<E> implements RandomAccess {
        private final Object[] a;

        ArrayList(Object[] array) {
            a = Objects.requireNonNull(array);
        }

        public int size() {
            return a.length;
        }

        public Object[] toArray() {
            return Arrays.copyOf(a, a.length);
        }

        @SuppressWarnings("unchecked")
        public E get(int index) {
            return (E) a[index];
        }

        @SuppressWarnings("unchecked")
        public E set(int index, E element) {
            E oldValue = (E) a[index];
            a[index] = element;
            return oldValue;
        }

        public int indexOf(Object o) {
            for (int i = 0; i < a.length; i++) {
                if (o == null ? a[i] == null : o.equals(a[i])) {
                    return i;
                }
            }
            return -1;
        }

        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        public void sort(Comparator<? super E> c) {
            Arrays.sort(a, (Comparator) c);
        }

        /** The JDK's own iterator over the array: it cannot remove (Iterator's default). */
        public Iterator<E> iterator() {
            return new ArrayItr<E>(a);
        }
    }

    /** An iterator over an array: a bare NoSuchElementException past the end. */
    private static final class ArrayItr<E> implements Iterator<E> {
        private final Object[] a;
        private int cursor;

        ArrayItr(Object[] a) {
            this.a = a;
        }

        public boolean hasNext() {
            return cursor < a.length;
        }

        @SuppressWarnings("unchecked")
        public E next() {
            int i = cursor;
            if (i >= a.length) {
                throw new NoSuchElementException();
            }
            cursor = i + 1;
            return (E) a[i];
        }
    }
}
