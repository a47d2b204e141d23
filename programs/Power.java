/** base raised to a non-negative exponent, by repeated squaring (wraps like int does). */
public class Power {
    public static int power(int base, int exponent) {
        if (exponent < 0) {
            throw new IllegalArgumentException("negative exponent");
        }
        int result = 1;
        int b = base;
        int e = exponent;
        while (e > 0) {
            if (e % 2 == 1) {
                result = result * b;
            }
            b = b * b;
            e = e / 2;
        }
        return result;
    }
}
