/** A binary min-heap of ints stored in a growable array, with bottom-up heapify. */
public class MinHeap {
    private static final int INITIAL_CAPACITY = 4;

    private int[] items;
    private int size;

    public MinHeap() {
        items = new int[INITIAL_CAPACITY];
        size = 0;
    }

    /** Builds a heap from the given values in linear time. */
    public MinHeap(int[] values) {
        items = new int[Math.max(INITIAL_CAPACITY, values.length)];
        for (int i = 0; i < values.length; i++) {
            items[i] = values[i];
        }
        size = values.length;
        heapify();
    }

    private void heapify() {
        for (int i = size / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
    }

    public void push(int value) {
        if (size == items.length) {
            grow();
        }
        items[size] = value;
        siftUp(size);
        size++;
    }

    public int pop() {
        if (size == 0) {
            throw new IllegalStateException("pop from empty heap");
        }
        int top = items[0];
        size--;
        items[0] = items[size];
        siftDown(0);
        return top;
    }

    public int peek() {
        if (size == 0) {
            throw new IllegalStateException("peek at empty heap");
        }
        return items[0];
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return items.length;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Pops everything; the heap is empty afterwards. */
    public int[] drainSorted() {
        int[] out = new int[size];
        for (int i = 0; i < out.length; i++) {
            out[i] = pop();
        }
        return out;
    }

    /** Checks the heap property on every parent/child pair. */
    public boolean isValid() {
        for (int i = 1; i < size; i++) {
            if (items[(i - 1) / 2] > items[i]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        int[] bigger = new int[items.length * 2];
        for (int i = 0; i < size; i++) {
            bigger[i] = items[i];
        }
        items = bigger;
    }

    private void siftUp(int index) {
        int value = items[index];
        while (index > 0) {
            int parent = (index - 1) / 2;
            if (items[parent] <= value) {
                break;
            }
            items[index] = items[parent];
            index = parent;
        }
        items[index] = value;
    }

    private void siftDown(int index) {
        while (true) {
            int left = 2 * index + 1;
            int right = left + 1;
            int smallest = index;
            if (left < size && items[left] < items[smallest]) {
                smallest = left;
            }
            if (right < size && items[right] < items[smallest]) {
                smallest = right;
            }
            if (smallest == index) {
                return;
            }
            int tmp = items[index];
            items[index] = items[smallest];
            items[smallest] = tmp;
            index = smallest;
        }
    }

    /** The k smallest values of the input, ascending, without disturbing this heap. */
    public static int[] smallest(int[] values, int k) {
        if (k < 0 || k > values.length) {
            throw new IllegalArgumentException("k must be between 0 and " + values.length);
        }
        MinHeap heap = new MinHeap(values);
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            out[i] = heap.pop();
        }
        return out;
    }

    @Override
    public String toString() {
        String s = "MinHeap[";
        for (int i = 0; i < size; i++) {
            s += (i == 0 ? "" : ",") + items[i];
        }
        return s + "]";
    }
}
