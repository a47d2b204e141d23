package java.util;

/**
 * roth's model of java.util.AbstractList (JDK 17): a list on `get` and `size`, with the
 * JDK's iterators (fail-fast: a change the iterator did not make throws
 * ConcurrentModificationException at its next step, counted by `modCount`), its `equals`,
 * `hashCode` and views of a range (`subList`, RandomAccess when its list is).
 */
public abstract class AbstractList<E> extends AbstractCollection<E> implements List<E> {
    protected int modCount;

    protected AbstractList() {
    }

    public boolean add(E e) {
        add(size(), e);
        return true;
    }

    public abstract E get(int index);

    public E set(int index, E element) {
        throw new UnsupportedOperationException();
    }

    public void add(int index, E element) {
        throw new UnsupportedOperationException();
    }

    public E remove(int index) {
        throw new UnsupportedOperationException();
    }

    public int indexOf(Object o) {
        ListIterator<E> it = listIterator();
        if (o == null) {
            while (it.hasNext()) {
                if (it.next() == null) {
                    return it.previousIndex();
                }
            }
        } else {
            while (it.hasNext()) {
                if (o.equals(it.next())) {
                    return it.previousIndex();
                }
            }
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        ListIterator<E> it = listIterator(size());
        if (o == null) {
            while (it.hasPrevious()) {
                if (it.previous() == null) {
                    return it.nextIndex();
                }
            }
        } else {
            while (it.hasPrevious()) {
                if (o.equals(it.previous())) {
                    return it.nextIndex();
                }
            }
        }
        return -1;
    }

    public void clear() {
        removeRange(0, size());
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        rangeCheckForAdd(index);
        boolean modified = false;
        for (E e : c) {
            add(index++, e);
            modified = true;
        }
        return modified;
    }

    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        Object[] all = toArray();
        Object[] r = a.length >= all.length ? a : new Object[all.length];
        System.arraycopy(all, 0, r, 0, all.length);
        if (r.length > all.length) {
            r[all.length] = null;
        }
        return (T[]) r;
    }

    public Iterator<E> iterator() {
        return new Itr();
    }

    public ListIterator<E> listIterator() {
        return listIterator(0);
    }

    public ListIterator<E> listIterator(int index) {
        rangeCheckForAdd(index);
        return new ListItr(index);
    }

    private class Itr implements Iterator<E> {
        int cursor = 0;
        int lastRet = -1;
        int expectedModCount = modCount;

        public boolean hasNext() {
            return cursor != size();
        }

        public E next() {
            checkForComodification();
            try {
                int i = cursor;
                E next = get(i);
                lastRet = i;
                cursor = i + 1;
                return next;
            } catch (IndexOutOfBoundsException e) {
                checkForComodification();
                throw pastTheEnd(e);
            }
        }

        public void remove() {
            if (lastRet < 0) {
                throw new IllegalStateException();
            }
            checkForComodification();
            try {
                AbstractList.this.remove(lastRet);
                if (lastRet < cursor) {
                    cursor--;
                }
                lastRet = -1;
                expectedModCount = modCount;
            } catch (IndexOutOfBoundsException e) {
                throw new ConcurrentModificationException();
            }
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

        public E previous() {
            checkForComodification();
            try {
                int i = cursor - 1;
                E previous = get(i);
                lastRet = i;
                cursor = i;
                return previous;
            } catch (IndexOutOfBoundsException e) {
                checkForComodification();
                throw pastTheEnd(e);
            }
        }

        public int nextIndex() {
            return cursor;
        }

        public int previousIndex() {
            return cursor - 1;
        }

        public void set(E e) {
            if (lastRet < 0) {
                throw new IllegalStateException();
            }
            checkForComodification();
            AbstractList.this.set(lastRet, e);
            expectedModCount = modCount;
        }

        public void add(E e) {
            checkForComodification();
            int i = cursor;
            AbstractList.this.add(i, e);
            lastRet = -1;
            cursor = i + 1;
            expectedModCount = modCount;
        }
    }

    /**
     * What this list's iterators throw past either end, given what `get` threw: the JDK's
     * AbstractList's iterators wrap it (its text becomes the message), while the JDK's
     * ranges of a list have iterators of their own that throw a bare NoSuchElementException
     * (roth's own hook, which SubList overrides).
     */
    NoSuchElementException pastTheEnd(IndexOutOfBoundsException e) {
        return new NoSuchElementException(e);
    }

    /**
     * Whether the iterators of this list's ranges go by index, checking for changes at each
     * step, as those of the JDK's ArrayList and List.of do (their lists override `subList`),
     * rather than wrap this list's own list iterator as AbstractList's ranges do (roth's own
     * hook).
     */
    boolean indexedSubLists() {
        return false;
    }

    public List<E> subList(int fromIndex, int toIndex) {
        subListRangeCheck(fromIndex, toIndex, size());
        if (this instanceof RandomAccess) {
            return new RandomAccessSubList<E>(this, fromIndex, toIndex);
        }
        return new SubList<E>(this, fromIndex, toIndex);
    }

    static void subListRangeCheck(int fromIndex, int toIndex, int size) {
        if (fromIndex < 0) {
            throw new IndexOutOfBoundsException("fromIndex = " + fromIndex);
        }
        if (toIndex > size) {
            throw new IndexOutOfBoundsException("toIndex = " + toIndex);
        }
        if (fromIndex > toIndex) {
            throw new IllegalArgumentException("fromIndex(" + fromIndex + ") > toIndex(" + toIndex + ")");
        }
    }

    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof List)) {
            return false;
        }
        ListIterator<E> e1 = listIterator();
        ListIterator<?> e2 = ((List<?>) o).listIterator();
        while (e1.hasNext() && e2.hasNext()) {
            E o1 = e1.next();
            Object o2 = e2.next();
            if (!(o1 == null ? o2 == null : o1.equals(o2))) {
                return false;
            }
        }
        return !(e1.hasNext() || e2.hasNext());
    }

    public int hashCode() {
        int hashCode = 1;
        for (E e : this) {
            hashCode = 31 * hashCode + (e == null ? 0 : e.hashCode());
        }
        return hashCode;
    }

    protected void removeRange(int fromIndex, int toIndex) {
        ListIterator<E> it = listIterator(fromIndex);
        for (int i = 0, n = toIndex - fromIndex; i < n; i++) {
            it.next();
            it.remove();
        }
    }

    private void rangeCheckForAdd(int index) {
        if (index < 0 || index > size()) {
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size());
        }
    }

    /**
     * A view of a range of a list: changes go through to the list, and a change the view did
     * not make is seen as ConcurrentModificationException.
     */
    private static class SubList<E> extends AbstractList<E> {
        private final AbstractList<E> root;
        private final int offset;
        private int size;
        private final boolean indexed;

        SubList(AbstractList<E> root, int fromIndex, int toIndex) {
            this.root = root;
            this.offset = fromIndex;
            this.size = toIndex - fromIndex;
            this.modCount = root.modCount;
            this.indexed = root.indexedSubLists();
        }

        boolean indexedSubLists() {
            return indexed;
        }

        public Iterator<E> iterator() {
            return indexed ? super.iterator() : listIterator(0);
        }

        public ListIterator<E> listIterator(int index) {
            if (indexed) {
                return super.listIterator(index);
            }
            checkForComodification();
            if (index < 0 || index > size) {
                throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
            }
            return new RangeIterator(root.listIterator(offset + index));
        }

        /**
         * The JDK's iterator of AbstractList's ranges: the list's own list iterator, kept
         * in the range by the range's size, so at either end it throws a bare
         * NoSuchElementException without looking for changes, and within it the list's
         * iterator finds them.
         */
        private class RangeIterator implements ListIterator<E> {
            private final ListIterator<E> i;

            RangeIterator(ListIterator<E> i) {
                this.i = i;
            }

            public boolean hasNext() {
                return nextIndex() < size;
            }

            public E next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return i.next();
            }

            public boolean hasPrevious() {
                return previousIndex() >= 0;
            }

            public E previous() {
                if (!hasPrevious()) {
                    throw new NoSuchElementException();
                }
                return i.previous();
            }

            public int nextIndex() {
                return i.nextIndex() - offset;
            }

            public int previousIndex() {
                return i.previousIndex() - offset;
            }

            public void remove() {
                i.remove();
                resized(-1);
            }

            public void set(E e) {
                i.set(e);
            }

            public void add(E e) {
                i.add(e);
                resized(1);
            }
        }

        /** After a change through an iterator: the range's size, and the list's count. */
        private void resized(int change) {
            size += change;
            this.modCount = root.modCount;
        }

        public E set(int index, E element) {
            Objects.checkIndex(index, size);
            checkForComodification();
            return root.set(offset + index, element);
        }

        public E get(int index) {
            Objects.checkIndex(index, size);
            checkForComodification();
            return root.get(offset + index);
        }

        public int size() {
            checkForComodification();
            return size;
        }

        public void add(int index, E element) {
            if (index < 0 || index > size) {
                throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
            }
            checkForComodification();
            root.add(offset + index, element);
            this.modCount = root.modCount;
            size++;
        }

        public E remove(int index) {
            Objects.checkIndex(index, size);
            checkForComodification();
            E result = root.remove(offset + index);
            this.modCount = root.modCount;
            size--;
            return result;
        }

        protected void removeRange(int fromIndex, int toIndex) {
            checkForComodification();
            root.removeRange(offset + fromIndex, offset + toIndex);
            this.modCount = root.modCount;
            size -= toIndex - fromIndex;
        }

        private void checkForComodification() {
            if (root.modCount != this.modCount) {
                throw new ConcurrentModificationException();
            }
        }

        NoSuchElementException pastTheEnd(IndexOutOfBoundsException e) {
            return new NoSuchElementException();
        }
    }

    /** A range of a RandomAccess list: RandomAccess too, as the JDK's. */
    private static class RandomAccessSubList<E> extends SubList<E> implements RandomAccess {
        RandomAccessSubList(AbstractList<E> root, int fromIndex, int toIndex) {
            super(root, fromIndex, toIndex);
        }
    }
}
