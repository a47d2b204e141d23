/** Warshall's transitive closure of a relation given as a square boolean matrix, in place. */
public class Warshall {
    public static void closure(boolean[][] r) {
        int n = r.length;
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (r[i][k]) {
                    for (int j = 0; j < n; j++) {
                        r[i][j] = r[i][j] || r[k][j];
                    }
                }
            }
        }
    }
}
