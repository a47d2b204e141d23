/** The integer square root (the largest r with r * r <= n) by binary search on long. */
public class IntSqrt {
    public static int isqrt(int n) {
        if (n < 0) {
            throw new ArithmeticException("negative");
        }
        long low = 0;
        long high = n;
        while (low < high) {
            long mid = (low + high + 1) / 2;
            if (mid * mid <= n) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return (int) low;
    }
}
