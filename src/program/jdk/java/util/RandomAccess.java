package java.util;

/**
 * roth's model of java.util.RandomAccess (JDK 17): the marker of a list whose `get` is
 * fast. The JDK's algorithms on lists choose by it between walking by index and walking by
 * iterator, which a program can see (how many numbers a shuffle of an unmodifiable list
 * draws before it fails, say). This text names no other class: every list reads it.
 */
public interface RandomAccess {
}
