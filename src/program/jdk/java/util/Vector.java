package java.util;

import java.util.function.Consumer;

/**
 * roth's model of java.util.Vector (JDK 17): an array list (single-threaded in roth, so
 * `synchronized` has nothing to guard) with its own capacity policy (10 by default, doubled,
 * or grown by `capacityIncrement` when positive) and its own messages, which the JDK writes
 * case by case: `get`, `set` and `remove(int)` past the end throw
 * ArrayIndexOutOfBoundsException "Array index out of range: 5", `elementAt` "5 >= 1",
 * `insertElementAt` "5 > 1", and a negative index fails at the array itself (so its message
 * names the capacity). Its fail-fast iterators and `modCount` steps are the JDK's
 * (`removeElement` counts a change even when nothing is removed). `equals`, `hashCode`
 * and `subList` are AbstractList's. Not modelled: `elements()` (no Enumeration), `clone`,
 * serialization, spliterators, and the JDK's own bulk removals (`removeIf`, `removeAll`,
 * `retainAll` go through the iterator, with the same result).
 */
public class Vector<E> extends AbstractList<E> implements List<E>, RandomAccess {
    protected Object[] elementData;
    protected int elementCount;
    protected int capacityIncrement;

    public Vector(int initialCapacity, int capacityIncrement) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        }
        this.elementData = new Object[initialCapacity];
        this.capacityIncrement = capacityIncrement;
    }

    public Vector(int initialCapacity) {
        this(initialCapacity, 0);
    }

    public Vector() {
        this(10);
    }

    public Vector(Collection<? extends E> c) {
        Object[] a = c.toArray();
        elementCount = a.length;
        elementData = Arrays.copyOf(a, elementCount);
    }

    public void copyInto(Object[] anArray) {
        System.arraycopy(elementData, 0, anArray, 0, elementCount);
    }

    public void trimToSize() {
        modCount++;
        if (elementCount < elementData.length) {
            elementData = Arrays.copyOf(elementData, elementCount);
        }
    }

    public void ensureCapacity(int minCapacity) {
        if (minCapacity > 0) {
            modCount++;
            if (minCapacity > elementData.length) {
                grow(minCapacity);
            }
        }
    }

    /** Grows by `capacityIncrement` when positive, else doubles; at least to `minCapacity`. */
    private Object[] grow(int minCapacity) {
        int oldCapacity = elementData.length;
        int preferred = capacityIncrement > 0 ? capacityIncrement : oldCapacity;
        int newCapacity = oldCapacity + Math.max(minCapacity - oldCapacity, preferred);
        elementData = Arrays.copyOf(elementData, newCapacity);
        return elementData;
    }

    private Object[] grow() {
        return grow(elementCount + 1);
    }

    public void setSize(int newSize) {
        modCount++;
        if (newSize > elementData.length) {
            grow(newSize);
        }
        Object[] es = elementData;
        for (int i = newSize; i < elementCount; i++) {
            es[i] = null;
        }
        elementCount = newSize;
    }

    public int capacity() {
        return elementData.length;
    }

    public int size() {
        return elementCount;
    }

    public boolean isEmpty() {
        return elementCount == 0;
    }

    public boolean contains(Object o) {
        return indexOf(o, 0) >= 0;
    }

    public int indexOf(Object o) {
        return indexOf(o, 0);
    }

    public int indexOf(Object o, int index) {
        for (int i = index; i < elementCount; i++) {
            if (o == null ? elementData[i] == null : o.equals(elementData[i])) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        return lastIndexOf(o, elementCount - 1);
    }

    public int lastIndexOf(Object o, int index) {
        if (index >= elementCount) {
            throw new IndexOutOfBoundsException(index + " >= " + elementCount);
        }
        for (int i = index; i >= 0; i--) {
            if (o == null ? elementData[i] == null : o.equals(elementData[i])) {
                return i;
            }
        }
        return -1;
    }

    public E elementAt(int index) {
        if (index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException(index + " >= " + elementCount);
        }
        return elementData(index);
    }

    public E firstElement() {
        if (elementCount == 0) {
            throw new NoSuchElementException();
        }
        return elementData(0);
    }

    public E lastElement() {
        if (elementCount == 0) {
            throw new NoSuchElementException();
        }
        return elementData(elementCount - 1);
    }

    public void setElementAt(E obj, int index) {
        if (index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException(index + " >= " + elementCount);
        }
        elementData[index] = obj;
    }

    public void removeElementAt(int index) {
        if (index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException(index + " >= " + elementCount);
        }
        if (index < 0) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
        int j = elementCount - index - 1;
        if (j > 0) {
            System.arraycopy(elementData, index + 1, elementData, index, j);
        }
        modCount++;
        elementCount--;
        elementData[elementCount] = null;
    }

    /** A negative index fails in System.arraycopy, after the change was counted. */
    public void insertElementAt(E obj, int index) {
        if (index > elementCount) {
            throw new ArrayIndexOutOfBoundsException(index + " > " + elementCount);
        }
        modCount++;
        int s = elementCount;
        Object[] es = elementData;
        if (s == es.length) {
            es = grow();
        }
        System.arraycopy(es, index, es, index + 1, s - index);
        es[index] = obj;
        elementCount = s + 1;
    }

    public void addElement(E obj) {
        modCount++;
        add(obj, elementData, elementCount);
    }

    public boolean removeElement(Object obj) {
        modCount++;
        int i = indexOf(obj);
        if (i >= 0) {
            removeElementAt(i);
            return true;
        }
        return false;
    }

    public void removeAllElements() {
        Object[] es = elementData;
        int to = elementCount;
        elementCount = 0;
        for (int i = 0; i < to; i++) {
            es[i] = null;
        }
        modCount++;
    }

    public Object[] toArray() {
        return Arrays.copyOf(elementData, elementCount);
    }

    @SuppressWarnings("unchecked")
    E elementData(int index) {
        return (E) elementData[index];
    }

    public E get(int index) {
        if (index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
        return elementData(index);
    }

    public E set(int index, E element) {
        if (index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
        E oldValue = elementData(index);
        elementData[index] = element;
        return oldValue;
    }

    private void add(E e, Object[] es, int s) {
        if (s == es.length) {
            es = grow();
        }
        es[s] = e;
        elementCount = s + 1;
    }

    public boolean add(E e) {
        modCount++;
        add(e, elementData, elementCount);
        return true;
    }

    public boolean remove(Object o) {
        return removeElement(o);
    }

    public void add(int index, E element) {
        insertElementAt(element, index);
    }

    public E remove(int index) {
        modCount++;
        if (index >= elementCount) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
        E oldValue = elementData(index);
        int numMoved = elementCount - index - 1;
        if (numMoved > 0) {
            System.arraycopy(elementData, index + 1, elementData, index, numMoved);
        }
        elementCount--;
        elementData[elementCount] = null;
        return oldValue;
    }

    public void clear() {
        removeAllElements();
    }

    public boolean addAll(Collection<? extends E> c) {
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) {
            return false;
        }
        if (numNew > elementData.length - elementCount) {
            grow(elementCount + numNew);
        }
        System.arraycopy(a, 0, elementData, elementCount, numNew);
        elementCount += numNew;
        return true;
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        if (index < 0 || index > elementCount) {
            throw new ArrayIndexOutOfBoundsException(index);
        }
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) {
            return false;
        }
        if (numNew > elementData.length - elementCount) {
            grow(elementCount + numNew);
        }
        int numMoved = elementCount - index;
        if (numMoved > 0) {
            System.arraycopy(elementData, index, elementData, index + numNew, numMoved);
        }
        System.arraycopy(a, 0, elementData, index, numNew);
        elementCount += numNew;
        return true;
    }

    protected void removeRange(int fromIndex, int toIndex) {
        modCount++;
        System.arraycopy(elementData, toIndex, elementData, fromIndex, elementCount - toIndex);
        int newCount = elementCount - (toIndex - fromIndex);
        for (int i = newCount; i < elementCount; i++) {
            elementData[i] = null;
        }
        elementCount = newCount;
    }

    public ListIterator<E> listIterator(int index) {
        if (index < 0 || index > elementCount) {
            throw new IndexOutOfBoundsException("Index: " + index);
        }
        return new ListItr(index);
    }

    public ListIterator<E> listIterator() {
        return new ListItr(0);
    }

    public Iterator<E> iterator() {
        return new Itr();
    }

    /** The JDK's: fail-fast, and its `remove` checks its state before the count. */
    private class Itr implements Iterator<E> {
        int cursor;
        int lastRet = -1;
        int expectedModCount = modCount;

        public boolean hasNext() {
            return cursor != elementCount;
        }

        public E next() {
            checkForComodification();
            int i = cursor;
            if (i >= elementCount) {
                throw new NoSuchElementException();
            }
            cursor = i + 1;
            lastRet = i;
            return elementData(i);
        }

        public void remove() {
            if (lastRet == -1) {
                throw new IllegalStateException();
            }
            checkForComodification();
            Vector.this.remove(lastRet);
            expectedModCount = modCount;
            cursor = lastRet;
            lastRet = -1;
        }

        public void forEachRemaining(Consumer<? super E> action) {
            Objects.requireNonNull(action);
            int size = elementCount;
            int i = cursor;
            if (i >= size) {
                return;
            }
            Object[] es = elementData;
            if (i >= es.length) {
                throw new ConcurrentModificationException();
            }
            while (i < size && modCount == expectedModCount) {
                action.accept(elementIn(es, i++));
            }
            cursor = i;
            lastRet = i - 1;
            checkForComodification();
        }

        final void checkForComodification() {
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
        }
    }

    private class ListItr extends Itr implements ListIterator<E> {
        ListItr(int index) {
            cursor = index;
        }

        public boolean hasPrevious() {
            return cursor != 0;
        }

        public int nextIndex() {
            return cursor;
        }

        public int previousIndex() {
            return cursor - 1;
        }

        public E previous() {
            checkForComodification();
            int i = cursor - 1;
            if (i < 0) {
                throw new NoSuchElementException();
            }
            cursor = i;
            lastRet = i;
            return elementData(i);
        }

        public void set(E e) {
            if (lastRet == -1) {
                throw new IllegalStateException();
            }
            checkForComodification();
            Vector.this.set(lastRet, e);
        }

        public void add(E e) {
            int i = cursor;
            checkForComodification();
            Vector.this.add(i, e);
            expectedModCount = modCount;
            cursor = i + 1;
            lastRet = -1;
        }
    }

    public void forEach(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        int expectedModCount = modCount;
        Object[] es = elementData;
        int size = elementCount;
        for (int i = 0; modCount == expectedModCount && i < size; i++) {
            action.accept(elementIn(es, i));
        }
        if (modCount != expectedModCount) {
            throw new ConcurrentModificationException();
        }
    }

    @SuppressWarnings("unchecked")
    final E elementIn(Object[] es, int index) {
        return (E) es[index];
    }
}
