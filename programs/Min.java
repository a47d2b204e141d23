/** The smallest element of an array; an empty array has none. */
public class Min {
    public static int min(int[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("empty array");
        }
        int smallest = values[0];
        for (int i = 1; i < values.length; i++) {
            if (values[i] < smallest) {
                smallest = values[i];
            }
        }
        return smallest;
    }
}
