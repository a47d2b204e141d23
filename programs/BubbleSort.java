/** Bubble sort in place, stopping early when a pass swaps nothing; returns the swaps made. */
public class BubbleSort {
    public static int sort(int[] a) {
        int swaps = 0;
        boolean swapped = true;
        for (int pass = 0; pass < a.length - 1 && swapped; pass++) {
            swapped = false;
            for (int j = 0; j < a.length - 1 - pass; j++) {
                if (a[j] > a[j + 1]) {
                    int t = a[j];
                    a[j] = a[j + 1];
                    a[j + 1] = t;
                    swaps++;
                    swapped = true;
                }
            }
        }
        return swaps;
    }
}
