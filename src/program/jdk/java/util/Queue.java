package java.util;

/**
 * roth's model of java.util.Queue (JDK 17): a collection that hands its elements out at its
 * head. `add`, `remove()` and `element()` throw where `offer`, `poll` and `peek` answer
 * false or null. JDK 17's Queue has no default methods of its own.
 */
public interface Queue<E> extends Collection<E> {
    boolean add(E e);

    boolean offer(E e);

    E remove();

    E poll();

    E element();

    E peek();
}
