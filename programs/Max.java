/** The largest of two integers, and of three. */
public class Max {
    public static int max(int a, int b) {
        return a > b ? a : b;
    }

    public static int max3(int a, int b, int c) {
        int m = a;
        if (b > m) {
            m = b;
        }
        if (c > m) {
            m = c;
        }
        return m;
    }
}
