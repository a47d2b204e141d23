package java.lang;

/** roth's model of java.lang.Runnable: code to run, taking and giving nothing. */
@FunctionalInterface
public interface Runnable {
    void run();
}
