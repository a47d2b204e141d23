/** Real roots of a*x*x + b*x + c = 0, smallest first; the count is printed. */
public class Quadratic {
    public static double[] roots(double a, double b, double c) {
        if (a == 0) {
            if (b == 0) {
                System.out.println("no equation");
                return new double[0];
            }
            System.out.println("linear");
            return new double[] {-c / b};
        }
        double discriminant = b * b - 4 * a * c;
        if (discriminant < 0) {
            System.out.println("0 roots");
            return new double[0];
        }
        if (discriminant == 0) {
            System.out.println("1 root");
            return new double[] {-b / (2 * a)};
        }
        double s = Math.sqrt(discriminant);
        double r1 = (-b - s) / (2 * a);
        double r2 = (-b + s) / (2 * a);
        System.out.println("2 roots");
        return new double[] {Math.min(r1, r2), Math.max(r1, r2)};
    }
}
