/** How many elements are zero (a for-each loop). */
public class NumZero {
    public static int numZero(int[] x) {
        int count = 0;
        for (int v : x) {
            if (v == 0) {
                count++;
            }
        }
        return count;
    }
}
