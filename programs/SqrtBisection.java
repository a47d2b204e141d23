/** Square root by bisection on double, to within the object's epsilon. */
public class SqrtBisection {
    private double epsilon = 1e-6;
    private int iterations;

    public double sqrt(double x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative");
        }
        double low = 0;
        double high = x < 1 ? 1 : x;
        iterations = 0;
        while (high - low > epsilon && iterations < 200) {
            double mid = (low + high) / 2;
            if (mid * mid > x) {
                high = mid;
            } else {
                low = mid;
            }
            iterations++;
        }
        return (low + high) / 2;
    }
}
