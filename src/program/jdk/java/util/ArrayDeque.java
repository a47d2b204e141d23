package java.util;

import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * roth's model of java.util.ArrayDeque (JDK 17): the elements in a circular array, from
 * `head` up to (not including) `tail`, with always one free slot; the array has the JDK's
 * capacities (17 by default, n + 1 for `ArrayDeque(n)`) and grows as the JDK's does (by
 * old + 2 while small, then by half), moving the wrapped part to the new end. Null elements
 * are refused with NullPointerException. The layout is the JDK's because its iterators see
 * it: they are weakly fail-fast, as the JDK's, throwing ConcurrentModificationException only
 * when the slot they read next is empty, and otherwise walking whatever the array holds.
 * `equals` and `hashCode` are Object's, as in the JDK. Not modelled: `clone`,
 * serialization, spliterators and `toArray(T[])`.
 */
public class ArrayDeque<E> extends AbstractCollection<E> implements Deque<E> {
    private Object[] elements;
    /** The slot of the first element (equal to `tail` when empty). */
    private int head;
    /** The free slot after the last element. */
    private int tail;

    public ArrayDeque() {
        elements = new Object[17];
    }

    public ArrayDeque(int numElements) {
        elements = new Object[numElements < 1 ? 1 : numElements + 1];
    }

    public ArrayDeque(Collection<? extends E> c) {
        this(c.size());
        copyElements(c);
    }

    /** The next slot, around the end of the array. */
    static int inc(int i, int modulus) {
        i++;
        return i >= modulus ? 0 : i;
    }

    /** The previous slot, around the start of the array. */
    static int dec(int i, int modulus) {
        i--;
        return i < 0 ? modulus - 1 : i;
    }

    /** How many slots from `j` forward to `i`. */
    static int sub(int i, int j, int modulus) {
        int d = i - j;
        return d < 0 ? d + modulus : d;
    }

    /** Slot `i` of `es` as an element (null when the slot is empty). */
    @SuppressWarnings("unchecked")
    final E elementAt(Object[] es, int i) {
        return (E) es[i];
    }

    /**
     * Makes room for `needed` more elements: the JDK grows a small array by its length + 2,
     * a larger one by half, and at least by `needed`. Elements that wrapped around (from
     * `head` to the old end) move to the new end, so the free slots sit between tail and head.
     */
    private void grow(int needed) {
        int oldCapacity = elements.length;
        int jump = oldCapacity < 64 ? oldCapacity + 2 : oldCapacity >> 1;
        int newCapacity = oldCapacity + Math.max(jump, needed);
        if (newCapacity < 0) {
            throw new IllegalStateException("Sorry, deque too big");
        }
        Object[] es = Arrays.copyOf(elements, newCapacity);
        elements = es;
        if (tail < head || (tail == head && es[head] != null)) {
            int newSpace = newCapacity - oldCapacity;
            System.arraycopy(es, head, es, head + newSpace, oldCapacity - head);
            int to = head + newSpace;
            for (int i = head; i < to; i++) {
                es[i] = null;
            }
            head = to;
        }
    }

    /** As the JDK's: through the collection's own `forEach`, each added at the tail. */
    private void copyElements(Collection<? extends E> c) {
        c.forEach(e -> addLast(e));
    }

    public void addFirst(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        Object[] es = elements;
        head = dec(head, es.length);
        es[head] = e;
        if (head == tail) {
            grow(1);
        }
    }

    public void addLast(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        Object[] es = elements;
        es[tail] = e;
        tail = inc(tail, es.length);
        if (head == tail) {
            grow(1);
        }
    }

    /** Grows once for all of `c` first, as the JDK does, then adds through `c.forEach`. */
    public boolean addAll(Collection<? extends E> c) {
        int s = size();
        int needed = s + c.size() + 1 - elements.length;
        if (needed > 0) {
            grow(needed);
        }
        copyElements(c);
        return size() > s;
    }

    public boolean offerFirst(E e) {
        addFirst(e);
        return true;
    }

    public boolean offerLast(E e) {
        addLast(e);
        return true;
    }

    public E removeFirst() {
        E e = pollFirst();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E removeLast() {
        E e = pollLast();
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E pollFirst() {
        Object[] es = elements;
        int h = head;
        E e = elementAt(es, h);
        if (e != null) {
            es[h] = null;
            head = inc(h, es.length);
        }
        return e;
    }

    public E pollLast() {
        Object[] es = elements;
        int t = dec(tail, es.length);
        E e = elementAt(es, t);
        if (e != null) {
            es[t] = null;
            tail = t;
        }
        return e;
    }

    public E getFirst() {
        E e = elementAt(elements, head);
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E getLast() {
        E e = elementAt(elements, dec(tail, elements.length));
        if (e == null) {
            throw new NoSuchElementException();
        }
        return e;
    }

    public E peekFirst() {
        return elementAt(elements, head);
    }

    public E peekLast() {
        return elementAt(elements, dec(tail, elements.length));
    }

    public boolean removeFirstOccurrence(Object o) {
        if (o != null) {
            Object[] es = elements;
            for (int i = head; i != tail; i = inc(i, es.length)) {
                if (o.equals(es[i])) {
                    delete(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean removeLastOccurrence(Object o) {
        if (o != null) {
            Object[] es = elements;
            for (int i = tail; i != head; ) {
                i = dec(i, es.length);
                if (o.equals(es[i])) {
                    delete(i);
                    return true;
                }
            }
        }
        return false;
    }

    public boolean add(E e) {
        addLast(e);
        return true;
    }

    public boolean offer(E e) {
        return offerLast(e);
    }

    public E remove() {
        return removeFirst();
    }

    public E poll() {
        return pollFirst();
    }

    public E element() {
        return getFirst();
    }

    public E peek() {
        return peekFirst();
    }

    public void push(E e) {
        addFirst(e);
    }

    public E pop() {
        return removeFirst();
    }

    /**
     * Removes the element in slot `i`, closing the gap from the nearer end as the JDK does
     * (the elements before it move up when they are fewer than those after it), with the
     * JDK's copies in the JDK's order: a stale slot from an iterator can make a copy's length
     * negative, and the ArrayIndexOutOfBoundsException then comes after the same changes.
     * Answers whether the elements after it moved down, which an iterator needs to know.
     */
    boolean delete(int i) {
        Object[] es = elements;
        int capacity = es.length;
        int h = head;
        int t = tail;
        int front = sub(i, h, capacity);
        int back = sub(t, i, capacity) - 1;
        if (front < back) {
            if (h <= i) {
                System.arraycopy(es, h, es, h + 1, front);
            } else {
                // The gap wrapped: shift the start of the array, carry the last slot over.
                System.arraycopy(es, 0, es, 1, i);
                es[0] = es[capacity - 1];
                System.arraycopy(es, h, es, h + 1, front - (i + 1));
            }
            es[h] = null;
            head = inc(h, capacity);
            return false;
        }
        tail = dec(t, capacity);
        if (i <= tail) {
            System.arraycopy(es, i + 1, es, i, back);
        } else {
            // The tail wrapped: shift the end of the array, carry the first slot over.
            System.arraycopy(es, i + 1, es, i, capacity - (i + 1));
            es[capacity - 1] = es[0];
            System.arraycopy(es, 1, es, 0, t - 1);
        }
        es[tail] = null;
        return true;
    }

    public int size() {
        return sub(tail, head, elements.length);
    }

    public boolean isEmpty() {
        return head == tail;
    }

    public boolean contains(Object o) {
        if (o != null) {
            Object[] es = elements;
            for (int i = head; i != tail; i = inc(i, es.length)) {
                if (o.equals(es[i])) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean remove(Object o) {
        return removeFirstOccurrence(o);
    }

    public void clear() {
        Object[] es = elements;
        for (int i = head; i != tail; i = inc(i, es.length)) {
            es[i] = null;
        }
        head = 0;
        tail = 0;
    }

    public Object[] toArray() {
        Object[] es = elements;
        Object[] a = new Object[size()];
        int k = 0;
        for (int i = head; i != tail; i = inc(i, es.length)) {
            a[k++] = es[i];
        }
        return a;
    }

    /**
     * As the JDK's: walks the slots from head to the tail seen at the start, in the array
     * seen at the start, and throws ConcurrentModificationException after if the tail moved.
     */
    public void forEach(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        Object[] es = elements;
        int end = tail;
        for (int i = head; i != end; i = inc(i, es.length)) {
            action.accept(elementAt(es, i));
        }
        if (end != tail) {
            throw new ConcurrentModificationException();
        }
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
     * As the JDK's: each element tested once, in order; the survivors after the first
     * doomed one slide down towards it (the head stays), and a tail moved meanwhile is
     * a ConcurrentModificationException.
     */
    private boolean bulkRemove(Predicate<? super E> filter, Collection<?> c, boolean inC) {
        Object[] es = elements;
        int capacity = es.length;
        int end = tail;
        int beg = head;
        while (beg != end && !doomed(filter, c, inC, elementAt(es, beg))) {
            beg = inc(beg, capacity);
        }
        if (beg == end) {
            if (end != tail) {
                throw new ConcurrentModificationException();
            }
            return false;
        }
        boolean[] dead = new boolean[sub(end, beg, capacity)];
        dead[0] = true;
        int k = 1;
        for (int i = inc(beg, capacity); i != end; i = inc(i, capacity)) {
            dead[k++] = doomed(filter, c, inC, elementAt(es, i));
        }
        int w = beg;
        k = 0;
        for (int i = beg; i != end; i = inc(i, capacity)) {
            if (!dead[k++]) {
                es[w] = es[i];
                w = inc(w, capacity);
            }
        }
        if (end != tail) {
            throw new ConcurrentModificationException();
        }
        tail = w;
        for (int i = w; i != end; i = inc(i, capacity)) {
            es[i] = null;
        }
        return true;
    }

    public Iterator<E> iterator() {
        return new DeqIterator();
    }

    public Iterator<E> descendingIterator() {
        return new DescendingIterator();
    }

    /**
     * The JDK's iterator: it counts down the elements there were when it started and reads
     * the slot at its cursor; an empty slot there is a ConcurrentModificationException. Its
     * `remove` deletes the slot it last read and steps back if the elements after it moved.
     */
    private class DeqIterator implements Iterator<E> {
        int cursor;
        int remaining = size();
        int lastRet = -1;

        DeqIterator() {
            cursor = head;
        }

        public final boolean hasNext() {
            return remaining > 0;
        }

        public E next() {
            if (remaining <= 0) {
                throw new NoSuchElementException();
            }
            Object[] es = elements;
            E e = nonNullElementAt(es, cursor);
            lastRet = cursor;
            cursor = inc(cursor, es.length);
            remaining--;
            return e;
        }

        void postDelete(boolean leftShifted) {
            if (leftShifted) {
                cursor = dec(cursor, elements.length);
            }
        }

        public final void remove() {
            if (lastRet < 0) {
                throw new IllegalStateException();
            }
            postDelete(delete(lastRet));
            lastRet = -1;
        }

        public void forEachRemaining(Consumer<? super E> action) {
            Objects.requireNonNull(action);
            int r = remaining;
            if (r <= 0) {
                return;
            }
            remaining = 0;
            Object[] es = elements;
            if (es[cursor] == null || sub(tail, cursor, es.length) != r) {
                throw new ConcurrentModificationException();
            }
            int end = tail;
            for (int i = cursor; i != end; i = inc(i, es.length)) {
                action.accept(elementAt(es, i));
            }
            if (end != tail) {
                throw new ConcurrentModificationException();
            }
            lastRet = dec(end, es.length);
        }
    }

    /** The JDK's descending iterator: the same, from the last slot back. */
    private class DescendingIterator extends DeqIterator {
        DescendingIterator() {
            cursor = dec(tail, elements.length);
        }

        public final E next() {
            if (remaining <= 0) {
                throw new NoSuchElementException();
            }
            Object[] es = elements;
            E e = nonNullElementAt(es, cursor);
            lastRet = cursor;
            cursor = dec(cursor, es.length);
            remaining--;
            return e;
        }

        void postDelete(boolean leftShifted) {
            if (!leftShifted) {
                cursor = inc(cursor, elements.length);
            }
        }

        public final void forEachRemaining(Consumer<? super E> action) {
            Objects.requireNonNull(action);
            int r = remaining;
            if (r <= 0) {
                return;
            }
            remaining = 0;
            Object[] es = elements;
            if (es[cursor] == null || sub(cursor, head, es.length) + 1 != r) {
                throw new ConcurrentModificationException();
            }
            int end = head;
            int i = cursor;
            while (true) {
                action.accept(elementAt(es, i));
                if (i == end) {
                    break;
                }
                i = dec(i, es.length);
            }
            if (end != head) {
                throw new ConcurrentModificationException();
            }
            lastRet = end;
        }
    }

    /** The element in slot `i`; an empty slot means the deque changed under an iterator. */
    final E nonNullElementAt(Object[] es, int i) {
        E e = elementAt(es, i);
        if (e == null) {
            throw new ConcurrentModificationException();
        }
        return e;
    }
}
