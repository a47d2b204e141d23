// Corners of Java semantics for the differential test (not a mutation subject): every method
// is run on random inputs by roth's interpreter and by the JVM, and the outcomes must agree.
public class Semantics {
    static int counter;
    static final String GREETING = "hi";
    private long total = 7;
    private char mark = 'x';

    public static int intOps(int a, int b) {
        return a / b + a % b * 3 - (a << b) + (a >> (b & 7)) + (a >>> b) ^ (a & ~b) | (a * b);
    }

    public static long longOps(long a, int b) {
        long r = a * 31 + (a >>> b) - (a << (b + 33)) + (a >> 60);
        r += b / 3;
        r -= a % (b | 1);
        return r ^ (r >>> 17);
    }

    public static String casts(double d, long l, int i) {
        byte b = (byte) i;
        short s = (short) l;
        char c = (char) i;
        int fromD = (int) d;
        long lFromD = (long) d;
        float f = (float) d;
        int fromF = (int) f;
        double back = (double) l;
        return b + "," + s + "," + (int) c + "," + fromD + "," + lFromD + "," + f + "," + fromF + "," + back + "," + (float) l + "," + (char) (c + 1);
    }

    public static float floats(float x, float y) {
        float z = x * y + x / y - x % y;
        z += 0.1f;
        return z * 3;
    }

    public static double doubles(double x, double y) {
        double r = x * y - x / y + x % y;
        if (r != r) {
            return -1.5;
        }
        return r / 7 + Math.sqrt(Math.abs(x)) + Math.pow(y, 2) - Math.min(x, -0.0) + Math.max(y, 0.0);
    }

    public static int narrowing(byte b, short s, char c) {
        b += 100;
        s *= 300;
        c += 70;
        b++;
        c--;
        s >>= 2;
        b -= s;
        c *= 2;
        return b * 100000 + s * 10 + c;
    }

    public static String concat(String s, char c, boolean z, float f, double d, long l) {
        // Separators keep numbers apart, so that a JVM before 19 printing a longer form of the
        // same float can still be compared number by number.
        String t = s + c + z + "," + f + "," + d + "," + l;
        t += 'q';
        t += 1 + 2;
        t = 1 + 2 + t + 1 + 2;
        t += null;
        String u = null;
        return t + u + (c + 1) + (char) (c + 1) + GREETING;
    }

    public static String strings(String s, int i, int j) {
        String r = s.length() + ":" + s.isEmpty() + ":" + s.indexOf('a') + ":" + s.indexOf("ab");
        r += ":" + s.compareTo("abc") + ":" + s.equals("ab") + ":" + String.valueOf(i) + String.valueOf(s.toCharArray());
        r += ":" + s.substring(i);
        r += ":" + s.charAt(j);
        r += ":" + s.substring(i, j);
        return r;
    }

    public static void printing(int i, double d, String s, char c, long l) {
        System.out.print(i);
        System.out.print(' ');
        System.out.println(d);
        System.out.println(s);
        System.out.println(c);
        System.out.println(l);
        System.out.println();
        System.out.printf("[%d] [%5d] [%-6d] [%06d] [%x] [%X] [%c]%n", i, i, i, i, i, l, c);
        System.out.printf("[%.2f] [%10.3f] [%-9.1f] [%f] [%s] [%10s] [%-5s] [%b] [%%]%n", d, d, d, d, s, s, s, s);
        System.out.printf("%,d %+d %.1e%n", i, i, d);
    }

    public static int switchString(String s) {
        int r = 0;
        switch (s) {
            case "a":
                r += 1;
            case "b":
                r += 10;
                break;
            case "abc":
                r = 100;
                break;
            default:
                r = -1;
        }
        return r;
    }

    public static int switchChar(char c, byte b) {
        int r = 0;
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u':
                r = 1;
                break;
            case '0':
                return -1;
            default:
                switch (b) {
                    case 1: r = 5;
                    case 2: r += 6; break;
                    case -128: r = 7; break;
                }
        }
        return r;
    }

    public static int labels(int[] a, int n) {
        int found = 0;
        outer:
        for (int i = 0; i < a.length; i++) {
            int j = 0;
            do {
                if (a[i] == n) {
                    found += 10;
                    continue outer;
                }
                if (a[i] < 0) {
                    break outer;
                }
                j++;
            } while (j < 2);
            found++;
        }
        return found;
    }

    public static int ternaries(int a, boolean b, char c) {
        char d = b ? c : 'z';
        int e = b ? a : c;
        long f = a > 0 ? a : 2L;
        short g = (short) (b ? 1 : 2);
        return d + e + (int) f + g + (a > 10 ? 1 : a < -10 ? -1 : 0);
    }

    public static int[][] matrix(int n, int m) {
        int[][] r = new int[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                r[i][j] = i * m + j;
            }
        }
        int[][] jagged = new int[2][];
        jagged[0] = r.length > 0 ? r[0] : new int[] {9};
        return jagged[1] == null ? r : jagged;
    }

    public static int exceptions(int[] a, int i, String s) {
        int x = a[i];
        int y = s.length();
        if (x > 100) {
            throw new IllegalStateException("big " + x);
        }
        int[] neg = new int[x - y];
        return neg.length + 100 / (x - 5);
    }

    public static int recurse(int n) {
        counter++;
        if (n == 0) {
            return 0;
        }
        return 1 + recurse(n - 1);
    }

    public long instance(int k) {
        total += k;
        mark++;
        total *= mark;
        return total;
    }

    public static boolean logic(boolean a, boolean b, int x) {
        boolean c = a & b | a ^ b;
        c &= x > 0;
        c |= !a && x == 3;
        c ^= b || x++ > 5;
        return c && x != 7;
    }

    public static int incdec(int[] a, int i) {
        int r = a[i]++ + ++a[i] - a[i]-- * --i;
        a[0] += i;
        int x = 5;
        x = x++ + x;
        return r + x + a.length;
    }

    public static String chars(char c, int shift) {
        char d = (char) (c + shift);
        int code = c;
        char e = c;
        e += shift;
        e++;
        return "" + d + e + code + (c > 'm') + Character.MAX_VALUE + (int) Character.MIN_VALUE;
    }

    public static long extremes(int x) {
        long r = Integer.MAX_VALUE + x;
        r += Long.MIN_VALUE / (x | 1);
        r += Math.abs(Integer.MIN_VALUE + x) + Math.abs((long) x);
        r += Short.MAX_VALUE + Byte.MIN_VALUE;
        return r + (long) (Double.MAX_VALUE / 1e300) + (long) Float.MAX_VALUE;
    }

    public static int forEach(char[] cs, double[] ds) {
        int n = 0;
        for (char c : cs) {
            n += c;
        }
        for (double d : ds) {
            n += (int) d;
        }
        for (int i : cs) {
            n ^= i;
        }
        return n;
    }

    public static int whileLoops(int n) {
        int steps = 0;
        while (n != 1 && steps < 1000) {
            n = n % 2 == 0 ? n / 2 : 3 * n + 1;
            steps++;
        }
        return steps;
    }

    /** The bits of a double, and the hash codes of its box built on them (roth's JDK model). */
    public static long doubleBits(double d) {
        Double boxed = d;
        Object o = d;
        return Double.doubleToLongBits(d) ^ ((long) boxed.hashCode() << 7) ^ o.hashCode();
    }

    public static long floatBits(float f) {
        Float boxed = f;
        return ((long) Float.floatToIntBits(f) << 32) ^ Float.hashCode(f) ^ boxed.hashCode();
    }
}
