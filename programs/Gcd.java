/** Greatest common divisor by Euclid's algorithm (of the absolute values). */
public class Gcd {
    public static int gcd(int a, int b) {
        a = Math.abs(a);
        b = Math.abs(b);
        while (b != 0) {
            int r = a % b;
            a = b;
            b = r;
        }
        return a;
    }
}
