package java.util;

import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * roth's model of java.util.PriorityQueue (JDK 17): a binary min-heap in an array
 * (children of slot k at 2k + 1 and 2k + 2), ordered by the elements' natural order or by a
 * Comparator, with the JDK's exact sift-up and sift-down steps, so the array's order (which
 * `iterator`, `toString` and `toArray` show) is the JVM's. A collection given to the
 * constructor is heapified bottom-up as the JDK does, except a PriorityQueue, whose array
 * and comparator are taken as they are. Null elements are refused with
 * NullPointerException. The iterator is fail-fast; its `remove` of an element that makes a
 * later element move before the cursor keeps that element aside and hands it out at the end,
 * as the JDK's does. `removeIf`, `removeAll` and `retainAll` keep the survivors in order and
 * heapify again, as the JDK's. Not modelled: the SortedSet constructors, serialization,
 * spliterators and `toArray(T[])`.
 */
public class PriorityQueue<E> extends AbstractQueue<E> {
    private Object[] queue;
    private int size;
    private final Comparator<? super E> comparator;
    int modCount;

    public PriorityQueue() {
        this(11, null);
    }

    public PriorityQueue(int initialCapacity) {
        this(initialCapacity, null);
    }

    public PriorityQueue(Comparator<? super E> comparator) {
        this(11, comparator);
    }

    public PriorityQueue(int initialCapacity, Comparator<? super E> comparator) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException();
        }
        this.queue = new Object[initialCapacity];
        this.comparator = comparator;
    }

    @SuppressWarnings("unchecked")
    public PriorityQueue(Collection<? extends E> c) {
        if (c instanceof PriorityQueue) {
            PriorityQueue<? extends E> pq = (PriorityQueue<? extends E>) c;
            this.comparator = (Comparator<? super E>) pq.comparator();
            initFromPriorityQueue(pq);
        } else {
            this.comparator = null;
            initFromCollection(c);
        }
    }

    @SuppressWarnings("unchecked")
    public PriorityQueue(PriorityQueue<? extends E> c) {
        this.comparator = (Comparator<? super E>) c.comparator();
        initFromPriorityQueue(c);
    }

    /** The JDK never keeps an array of length 0. */
    private static Object[] ensureNonEmpty(Object[] es) {
        return es.length > 0 ? es : new Object[1];
    }

    /**
     * A PriorityQueue's array is already a heap, taken as it is. (The JDK heapifies a
     * subclass's `toArray` instead, which gives the same heap unless the subclass changes
     * `toArray`: roth has no `getClass` to tell them apart.)
     */
    private void initFromPriorityQueue(PriorityQueue<? extends E> c) {
        this.queue = ensureNonEmpty(c.toArray());
        this.size = c.size();
    }

    /**
     * As the JDK's: nulls are looked for only when there is one element or a comparator
     * (otherwise heapify's comparisons meet them).
     */
    private void initElementsFromCollection(Collection<? extends E> c) {
        Object[] es = c.toArray();
        int len = es.length;
        es = Arrays.copyOf(es, len);
        if (len == 1 || this.comparator != null) {
            for (Object e : es) {
                if (e == null) {
                    throw new NullPointerException();
                }
            }
        }
        this.queue = ensureNonEmpty(es);
        this.size = len;
    }

    private void initFromCollection(Collection<? extends E> c) {
        initElementsFromCollection(c);
        heapify();
    }

    /** Grows a small array by its length + 2, a larger one by half, at least to `minCapacity`. */
    private void grow(int minCapacity) {
        int oldCapacity = queue.length;
        int preferred = oldCapacity < 64 ? oldCapacity + 2 : oldCapacity >> 1;
        int newCapacity = oldCapacity + Math.max(minCapacity - oldCapacity, preferred);
        queue = Arrays.copyOf(queue, newCapacity);
    }

    public boolean add(E e) {
        return offer(e);
    }

    public boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        modCount++;
        int i = size;
        if (i >= queue.length) {
            grow(i + 1);
        }
        siftUp(i, e);
        size = i + 1;
        return true;
    }

    @SuppressWarnings("unchecked")
    public E peek() {
        return (E) queue[0];
    }

    private int indexOf(Object o) {
        if (o != null) {
            Object[] es = queue;
            for (int i = 0; i < size; i++) {
                if (o.equals(es[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    public boolean remove(Object o) {
        int i = indexOf(o);
        if (i == -1) {
            return false;
        }
        removeAt(i);
        return true;
    }

    /** Removes the very object `o` (not an equal one), for the iterator's kept elements. */
    void removeEq(Object o) {
        Object[] es = queue;
        for (int i = 0; i < size; i++) {
            if (o == es[i]) {
                removeAt(i);
                break;
            }
        }
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public Object[] toArray() {
        return Arrays.copyOf(queue, size);
    }

    public Iterator<E> iterator() {
        return new Itr();
    }

    /**
     * The JDK's iterator: it walks the array; when its `remove` makes the last element move
     * into a slot before the cursor, that element is kept in `forgetMeNot` and handed out
     * after the array's end (a later `remove` then removes it by identity).
     */
    private final class Itr implements Iterator<E> {
        private int cursor;
        private int lastRet = -1;
        private ArrayDeque<E> forgetMeNot;
        private E lastRetElt;
        private int expectedModCount = modCount;

        public boolean hasNext() {
            return cursor < size || (forgetMeNot != null && !forgetMeNot.isEmpty());
        }

        @SuppressWarnings("unchecked")
        public E next() {
            if (expectedModCount != modCount) {
                throw new ConcurrentModificationException();
            }
            if (cursor < size) {
                lastRet = cursor;
                cursor++;
                return (E) queue[lastRet];
            }
            if (forgetMeNot != null) {
                lastRet = -1;
                lastRetElt = forgetMeNot.poll();
                if (lastRetElt != null) {
                    return lastRetElt;
                }
            }
            throw new NoSuchElementException();
        }

        public void remove() {
            if (expectedModCount != modCount) {
                throw new ConcurrentModificationException();
            }
            if (lastRet != -1) {
                E moved = PriorityQueue.this.removeAt(lastRet);
                lastRet = -1;
                if (moved == null) {
                    cursor--;
                } else {
                    if (forgetMeNot == null) {
                        forgetMeNot = new ArrayDeque<E>();
                    }
                    forgetMeNot.add(moved);
                }
            } else if (lastRetElt != null) {
                PriorityQueue.this.removeEq(lastRetElt);
                lastRetElt = null;
            } else {
                throw new IllegalStateException();
            }
            expectedModCount = modCount;
        }
    }

    public int size() {
        return size;
    }

    public void clear() {
        modCount++;
        Object[] es = queue;
        for (int i = 0; i < size; i++) {
            es[i] = null;
        }
        size = 0;
    }

    @SuppressWarnings("unchecked")
    public E poll() {
        Object[] es = queue;
        E result = (E) es[0];
        if (result != null) {
            modCount++;
            int n = --size;
            E x = (E) es[n];
            es[n] = null;
            if (n > 0) {
                siftDown(0, x, es, n);
            }
        }
        return result;
    }

    /**
     * Removes slot `i`: the last element fills it and sifts down, or up if it cannot go
     * down. Answers that element if it ended before slot `i` (the iterator has passed it),
     * else null.
     */
    @SuppressWarnings("unchecked")
    E removeAt(int i) {
        Object[] es = queue;
        modCount++;
        int s = --size;
        if (s == i) {
            es[i] = null;
        } else {
            E moved = (E) es[s];
            es[s] = null;
            siftDown(i, moved, es, size);
            if (es[i] == moved) {
                siftUp(i, moved);
                if (es[i] != moved) {
                    return moved;
                }
            }
        }
        return null;
    }

    /** Puts `x` at slot `k` or above: it climbs while smaller than its parent. */
    @SuppressWarnings("unchecked")
    private void siftUp(int k, E x) {
        Object[] es = queue;
        Comparator<? super E> cmp = comparator;
        Comparable<? super E> key = cmp == null ? (Comparable<? super E>) x : null;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            E e = (E) es[parent];
            int c = cmp == null ? key.compareTo(e) : cmp.compare(x, e);
            if (c >= 0) {
                break;
            }
            es[k] = e;
            k = parent;
        }
        es[k] = x;
    }

    /**
     * Puts `x` at slot `k` or below, among the first `n` slots: it sinks while greater than
     * the smaller of its children (the left one on a tie).
     */
    @SuppressWarnings("unchecked")
    private void siftDown(int k, E x, Object[] es, int n) {
        Comparator<? super E> cmp = comparator;
        Comparable<? super E> key = cmp == null ? (Comparable<? super E>) x : null;
        int half = n >>> 1;
        while (k < half) {
            int child = (k << 1) + 1;
            E c = (E) es[child];
            int right = child + 1;
            if (right < n) {
                E r = (E) es[right];
                int d = cmp == null ? ((Comparable<? super E>) c).compareTo(r) : cmp.compare(c, r);
                if (d > 0) {
                    child = right;
                    c = r;
                }
            }
            int d = cmp == null ? key.compareTo(c) : cmp.compare(x, c);
            if (d <= 0) {
                break;
            }
            es[k] = c;
            k = child;
        }
        es[k] = x;
    }

    /** Bottom-up: each slot with children, from the last one to the root, sifted down. */
    @SuppressWarnings("unchecked")
    private void heapify() {
        Object[] es = queue;
        int n = size;
        for (int i = (n >>> 1) - 1; i >= 0; i--) {
            siftDown(i, (E) es[i], es, n);
        }
    }

    public Comparator<? super E> comparator() {
        return comparator;
    }

    public boolean removeIf(Predicate<? super E> filter) {
        Objects.requireNonNull(filter);
        return bulkRemove(filter, null, false);
    }

    public boolean removeAll(Collection<?> c) {
        Objects.requireNonNull(c);
        return bulkRemove(null, c, true);
    }

    public boolean retainAll(Collection<?> c) {
        Objects.requireNonNull(c);
        return bulkRemove(null, c, false);
    }

    /** Whether `bulkRemove` deletes `e`: by the filter, or by membership in `c`. */
    private boolean doomed(Predicate<? super E> filter, Collection<?> c, boolean inC, E e) {
        return filter != null ? filter.test(e) : c.contains(e) == inC;
    }

    /**
     * As the JDK's: counts one change first, tests each element once in array order, keeps
     * the survivors in that order and heapifies them; a change made meanwhile is a
     * ConcurrentModificationException.
     */
    @SuppressWarnings("unchecked")
    private boolean bulkRemove(Predicate<? super E> filter, Collection<?> c, boolean inC) {
        int expectedModCount = ++modCount;
        Object[] es = queue;
        int end = size;
        int beg = 0;
        while (beg < end && !doomed(filter, c, inC, (E) es[beg])) {
            beg++;
        }
        if (beg >= end) {
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            return false;
        }
        boolean[] dead = new boolean[end - beg];
        dead[0] = true;
        for (int i = beg + 1; i < end; i++) {
            dead[i - beg] = doomed(filter, c, inC, (E) es[i]);
        }
        if (modCount != expectedModCount) {
            throw new ConcurrentModificationException();
        }
        int w = beg;
        for (int i = beg; i < end; i++) {
            if (!dead[i - beg]) {
                es[w++] = es[i];
            }
        }
        size = w;
        for (int i = w; i < end; i++) {
            es[i] = null;
        }
        heapify();
        return true;
    }

    /** As the JDK's: the array in order, and a change made meanwhile is reported after. */
    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        int expectedModCount = modCount;
        Object[] es = queue;
        int n = size;
        for (int i = 0; i < n; i++) {
            action.accept((E) es[i]);
        }
        if (expectedModCount != modCount) {
            throw new ConcurrentModificationException();
        }
    }
}
