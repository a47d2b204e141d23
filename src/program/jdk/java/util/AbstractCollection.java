package java.util;

/**
 * roth's model of java.util.AbstractCollection (JDK 17): every method of a collection
 * written on its iterator and size, so a subclass needs only those two; `toString` as
 * `[a, b, c]`, a collection inside itself shown as `(this Collection)`.
 */
public abstract class AbstractCollection<E> implements Collection<E> {
    protected AbstractCollection() {
    }

    public abstract Iterator<E> iterator();

    public abstract int size();

    public boolean isEmpty() {
        return size() == 0;
    }

    public boolean contains(Object o) {
        Iterator<E> it = iterator();
        if (o == null) {
            while (it.hasNext()) {
                if (it.next() == null) {
                    return true;
                }
            }
        } else {
            while (it.hasNext()) {
                if (o.equals(it.next())) {
                    return true;
                }
            }
        }
        return false;
    }

    public Object[] toArray() {
        Object[] r = new Object[size()];
        Iterator<E> it = iterator();
        for (int i = 0; i < r.length; i++) {
            if (!it.hasNext()) {
                return Arrays.copyOf(r, i);
            }
            r[i] = it.next();
        }
        return r;
    }

    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    public boolean remove(Object o) {
        Iterator<E> it = iterator();
        if (o == null) {
            while (it.hasNext()) {
                if (it.next() == null) {
                    it.remove();
                    return true;
                }
            }
        } else {
            while (it.hasNext()) {
                if (o.equals(it.next())) {
                    it.remove();
                    return true;
                }
            }
        }
        return false;
    }

    public boolean containsAll(Collection<?> c) {
        for (Object e : c) {
            if (!contains(e)) {
                return false;
            }
        }
        return true;
    }

    public boolean addAll(Collection<? extends E> c) {
        boolean modified = false;
        for (E e : c) {
            if (add(e)) {
                modified = true;
            }
        }
        return modified;
    }

    public boolean removeAll(Collection<?> c) {
        Objects.requireNonNull(c);
        boolean modified = false;
        Iterator<?> it = iterator();
        while (it.hasNext()) {
            if (c.contains(it.next())) {
                it.remove();
                modified = true;
            }
        }
        return modified;
    }

    public boolean retainAll(Collection<?> c) {
        Objects.requireNonNull(c);
        boolean modified = false;
        Iterator<E> it = iterator();
        while (it.hasNext()) {
            if (!c.contains(it.next())) {
                it.remove();
                modified = true;
            }
        }
        return modified;
    }

    public void clear() {
        Iterator<E> it = iterator();
        while (it.hasNext()) {
            it.next();
            it.remove();
        }
    }

    public String toString() {
        Iterator<E> it = iterator();
        if (!it.hasNext()) {
            return "[]";
        }
        StringBuilder sb = new StringBuilder();
        sb.append('[');
        for (;;) {
            E e = it.next();
            sb.append(e == this ? "(this Collection)" : e);
            if (!it.hasNext()) {
                return sb.append(']').toString();
            }
            sb.append(',').append(' ');
        }
    }

    /**
     * roth's own, for Collection.stream(): what the JDK's spliterator of `c` tells a stream,
     * as java.util.stream.AbstractPipeline's flags: 1 its size is known (so `count()` asks
     * `size()` and runs no stage), 2 its elements are distinct (a Set: `distinct()` does
     * nothing), 4 they are in natural order (a SortedSet without a comparator: `sorted()`
     * does nothing). A class of the model whose JDK spliterator says otherwise overrides
     * `spliteratorFlags`.
     */
    static int streamFlags(Collection<?> c) {
        if (c instanceof AbstractCollection) {
            return ((AbstractCollection<?>) c).spliteratorFlags();
        }
        return defaultSpliteratorFlags(c);
    }

    /** The flags of this collection's spliterator (see streamFlags). */
    int spliteratorFlags() {
        return defaultSpliteratorFlags(this);
    }

    /** The JDK's default spliterators': sized; distinct for a Set; sorted for a SortedSet in natural order. */
    static int defaultSpliteratorFlags(Collection<?> c) {
        int flags = 1;
        if (c instanceof Set) {
            flags |= 2;
        }
        if (c instanceof SortedSet && ((SortedSet<?>) c).comparator() == null) {
            flags |= 4;
        }
        return flags;
    }
}
