package java.lang;

/**
 * roth's own class: what `new Object()` makes, an object with nothing but its identity
 * (equal only to itself, its hash code and text the JVM's to choose). It is named as the
 * JVM names such an object's class.
 */
final class ObjectInstance {
    ObjectInstance() {
    }
}
