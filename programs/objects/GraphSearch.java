import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/** An undirected weighted graph over the vertices 0..n-1, built from an edge list. */
public class GraphSearch {
    private static final int UNREACHABLE = -1;

    private final int size;
    private final Map<Integer, List<int[]>> adjacency = new HashMap<>();

    /** A graph of 8 vertices without edges, to be filled with addEdge. */
    public GraphSearch() {
        this(8, new int[0][]);
    }

    /** Each edge is {from, to} (weight 1) or {from, to, weight} with a non-negative weight. */
    public GraphSearch(int size, int[][] edges) {
        if (size <= 0) {
            throw new IllegalArgumentException("size must be positive: " + size);
        }
        this.size = size;
        for (int v = 0; v < size; v++) {
            adjacency.put(v, new ArrayList<>());
        }
        for (int[] e : edges) {
            if (e.length < 2 || e.length > 3) {
                throw new IllegalArgumentException("edge needs 2 or 3 numbers: " + Arrays.toString(e));
            }
            addEdge(e[0], e[1], e.length == 3 ? e[2] : 1);
        }
    }

    public void addEdge(int from, int to, int weight) {
        checkVertex(from);
        checkVertex(to);
        if (weight < 0) {
            throw new IllegalArgumentException("negative weight " + weight);
        }
        adjacency.get(from).add(new int[] {to, weight});
        if (from != to) {
            adjacency.get(to).add(new int[] {from, weight});
        }
    }

    private void checkVertex(int v) {
        if (v < 0 || v >= size) {
            throw new IndexOutOfBoundsException("vertex " + v + " outside 0.." + (size - 1));
        }
    }

    /** Hop counts from `source` by breadth-first search; -1 where unreachable. */
    public int[] bfsDistances(int source) {
        checkVertex(source);
        int[] dist = new int[size];
        Arrays.fill(dist, UNREACHABLE);
        Deque<Integer> queue = new ArrayDeque<>();
        dist[source] = 0;
        queue.add(source);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int[] e : adjacency.get(v)) {
                if (dist[e[0]] == UNREACHABLE) {
                    dist[e[0]] = dist[v] + 1;
                    queue.add(e[0]);
                }
            }
        }
        return dist;
    }

    /** A fewest-hops path from `from` to `to`, inclusive; empty if none. */
    public List<Integer> shortestPath(int from, int to) {
        checkVertex(to);
        int[] dist = bfsDistances(from);
        List<Integer> path = new ArrayList<>();
        if (dist[to] == UNREACHABLE) {
            return path;
        }
        int v = to;
        path.add(v);
        while (v != from) {
            for (int[] e : adjacency.get(v)) {
                if (dist[e[0]] == dist[v] - 1) {
                    v = e[0];
                    break;
                }
            }
            path.add(0, v);
        }
        return path;
    }

    /** The component number of each vertex, numbered from 0 in order of smallest vertex. */
    public int[] components() {
        int[] comp = new int[size];
        Arrays.fill(comp, UNREACHABLE);
        int next = 0;
        for (int start = 0; start < size; start++) {
            if (comp[start] == UNREACHABLE) {
                int[] dist = bfsDistances(start);
                for (int v = 0; v < size; v++) {
                    comp[v] = dist[v] == UNREACHABLE ? comp[v] : next;
                }
                next++;
            }
        }
        return comp;
    }

    /** Weighted distances from `source` by Dijkstra's algorithm; -1 where unreachable. */
    public long[] dijkstra(int source) {
        checkVertex(source);
        long[] dist = new long[size];
        Arrays.fill(dist, Long.MAX_VALUE);
        dist[source] = 0;
        PriorityQueue<long[]> pq = new PriorityQueue<>((long[] a, long[] b) -> Long.compare(a[1], b[1]));
        pq.offer(new long[] {source, 0});
        while (!pq.isEmpty()) {
            long[] top = pq.poll();
            int v = (int) top[0];
            if (top[1] > dist[v]) {
                continue;
            }
            for (int[] e : adjacency.get(v)) {
                long candidate = dist[v] + e[1];
                if (candidate < dist[e[0]]) {
                    dist[e[0]] = candidate;
                    pq.offer(new long[] {e[0], candidate});
                }
            }
        }
        for (int v = 0; v < size; v++) {
            dist[v] = dist[v] == Long.MAX_VALUE ? UNREACHABLE : dist[v];
        }
        return dist;
    }

    /** Whether the edges of `edges` over `n` vertices contain a cycle (union-find). */
    public static boolean hasCycle(int n, int[][] edges) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int[] e : edges) {
            int a = find(parent, e[0]);
            int b = find(parent, e[1]);
            if (a == b) {
                return true;
            }
            parent[a] = b;
        }
        return false;
    }

    private static int find(int[] parent, int v) {
        return parent[v] == v ? v : find(parent, parent[v]);
    }
}
