/** The sum of the elements, as a long so that it does not wrap. */
public class Sum {
    public static long sum(int[] x) {
        long total = 0;
        int i = 0;
        while (i < x.length) {
            total += x[i];
            i++;
        }
        return total;
    }
}
