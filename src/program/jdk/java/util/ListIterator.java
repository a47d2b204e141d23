package java.util;

/** roth's model of java.util.ListIterator (JDK 17): an iterator that walks both ways. */
public interface ListIterator<E> extends Iterator<E> {
    boolean hasPrevious();

    E previous();

    int nextIndex();

    int previousIndex();

    void set(E e);

    void add(E e);
}
