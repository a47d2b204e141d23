/** Triangle classification (the classic subject of test generation): 1 scalene, 2 isosceles,
 *  3 equilateral, 4 not a triangle. */
public class Triangle {
    public static int classify(int a, int b, int c) {
        if (a <= 0 || b <= 0 || c <= 0) {
            return 4;
        }
        int match = 0;
        if (a == b) {
            match = match + 1;
        }
        if (a == c) {
            match = match + 2;
        }
        if (b == c) {
            match = match + 3;
        }
        if (match == 0) {
            if (a + b <= c || b + c <= a || a + c <= b) {
                return 4;
            }
            return 1;
        }
        if (match > 3) {
            return 3;
        }
        if (match == 1 && a + b > c) {
            return 2;
        } else if (match == 2 && a + c > b) {
            return 2;
        } else if (match == 3 && b + c > a) {
            return 2;
        }
        return 4;
    }
}
