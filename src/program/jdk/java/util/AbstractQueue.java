package java.util;

/**
 * roth's model of java.util.AbstractQueue (JDK 17): a queue on `offer`, `poll` and `peek`,
 * whose `add`, `remove()` and `element()` throw (IllegalStateException "Queue full",
 * NoSuchElementException) where those answer false or null, and whose `clear` polls until
 * empty. `addAll` refuses a null collection and the queue itself, as the JDK's does.
 */
public abstract class AbstractQueue<E> extends AbstractCollection<E> implements Queue<E> {
    protected AbstractQueue() {
    }

    public boolean add(E e) {
        if (offer(e)) {
            return true;
        }
        throw new IllegalStateException("Queue full");
    }

    public E remove() {
        E x = poll();
        if (x == null) {
            throw new NoSuchElementException();
        }
        return x;
    }

    public E element() {
        E x = peek();
        if (x == null) {
            throw new NoSuchElementException();
        }
        return x;
    }

    public void clear() {
        while (poll() != null) {
        }
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == null) {
            throw new NullPointerException();
        }
        if (c == this) {
            throw new IllegalArgumentException();
        }
        boolean modified = false;
        for (E e : c) {
            if (add(e)) {
                modified = true;
            }
        }
        return modified;
    }
}
