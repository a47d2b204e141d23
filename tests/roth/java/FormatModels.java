import java.math.BigInteger;

// String.format and printf of objects as roth models them (`src/program/reader/formatter.rs`,
// `src/program/jdk/java/lang/FormatArguments.java`), for the differential test (not a
// mutation subject): random specifiers (flags, widths, precisions, every conversion, some
// malformed) over boxes, strings, null, objects with their own toString and hashCode and
// big integers; the trace holds each text or the exception's class.
public class FormatModels {
    private static int state;

    private static int pick(int n) {
        state = state * 1103515245 + 12345;
        return ((state >>> 8) & 0xffffff) % n;
    }

    static final class Point {
        private final int x;
        private final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public String toString() {
            return "(" + x + ", " + y + ")";
        }

        @Override
        public int hashCode() {
            return 31 * x + y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point && ((Point) o).x == x && ((Point) o).y == y;
        }
    }

    private static final String FLAGS = "-+ 0,";
    private static final String CONVERSIONS = "bhsScCdoxXeEfbsdfsd%n";

    private static String specifier() {
        StringBuilder sb = new StringBuilder("%");
        int k = pick(16);
        if (k == 0) {
            sb.append(FLAGS.charAt(pick(FLAGS.length())));
            sb.append(FLAGS.charAt(pick(FLAGS.length())));
        } else if (k < 4) {
            sb.append(FLAGS.charAt(pick(FLAGS.length())));
        }
        if (pick(3) == 0) {
            sb.append(1 + pick(12));
        }
        if (pick(4) == 0) {
            sb.append('.').append(pick(5));
        }
        if (pick(40) == 0) {
            sb.append("q");
        } else {
            sb.append(CONVERSIONS.charAt(pick(CONVERSIONS.length())));
        }
        return sb.toString();
    }

    private static Object argument() {
        int v = pick(2001) - 1000;
        switch (pick(14)) {
            case 0: return Integer.valueOf(v * 98765);
            case 1: return Long.valueOf((long) v * 1234567891L);
            case 2: return Short.valueOf((short) v);
            case 3: return Byte.valueOf((byte) v);
            case 4: return Character.valueOf((char) ('a' + pick(26)));
            case 5: return Boolean.valueOf(v > 0);
            case 6: return Float.valueOf(v / 7.0f);
            case 7: return Double.valueOf(v / 3.0);
            case 8: return "w" + v;
            case 9: return null;
            case 10: return new Point(v, pick(10));
            case 11: return BigInteger.valueOf(v).multiply(BigInteger.valueOf(1000000007L)).pow(1 + pick(3));
            case 12: return Integer.valueOf(pick(3) == 0 ? 0x1F600 : 'A' + pick(26));
            default: return Double.valueOf(pick(5) == 0 ? 0.0 / 0.0 : v * 1e5);
        }
    }

    public static String format(int seed, int length) {
        state = seed;
        StringBuilder t = new StringBuilder();
        for (int step = 0; step < Math.min(length, 12); step++) {
            int specs = 1 + pick(3);
            StringBuilder f = new StringBuilder();
            for (int i = 0; i < specs; i++) {
                f.append(i == 0 ? "<" : "|").append(specifier());
            }
            f.append('>');
            Object[] args = new Object[pick(4) == 0 ? pick(4) : specs];
            for (int i = 0; i < args.length; i++) {
                args[i] = argument();
            }
            try {
                t.append(String.format(f.toString(), args));
            } catch (RuntimeException e) {
                t.append(f).append(" ").append(e.getClass().getName());
            }
            t.append('\n');
        }
        return t.toString();
    }

    public static String mixed(int seed) {
        state = seed;
        Object o = argument();
        Integer boxed = pick(5) == 0 ? null : Integer.valueOf(pick(1000) - 500);
        String s = "s" + pick(100);
        StringBuilder t = new StringBuilder();
        try {
            t.append(String.format("%s %d [%5s] %b", o, pick(100), s, boxed));
            t.append(String.format(" %-8s| %08d %x", new Point(pick(9), pick(9)), boxed, boxed));
        } catch (RuntimeException e) {
            t.append(e.getClass().getName());
        }
        return t.toString();
    }

    public static void printed(int seed) {
        state = seed;
        Object a = argument();
        Object b = argument();
        try {
            System.out.printf("%s and %s%n", a, b);
            System.out.printf("%10.3s|%n", a);
            System.out.format("%h%n", b);
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getName());
        }
    }
}
