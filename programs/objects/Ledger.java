/** A ledger whose sessions are resources: opened, written, closed in reverse order. */
public class Ledger {
    static class Session implements AutoCloseable {
        final String name;
        final Journal log;
        final boolean failOnClose;

        Session(String name, Journal log, boolean failOnClose) {
            this.name = name;
            this.log = log;
            this.failOnClose = failOnClose;
            log.add("open " + name);
        }

        @Override
        public void close() {
            log.add("close " + name);
            if (failOnClose) {
                throw new IllegalStateException("close failed: " + name);
            }
        }
    }

    static class Journal {
        String text = "";

        void add(String s) {
            text = text.isEmpty() ? s : text + "; " + s;
        }
    }

    static String run(int amount, boolean failFirst, boolean failSecond) {
        Journal log = new Journal();
        try (Session a = new Session("a", log, failFirst); Session b = new Session("b", log, failSecond)) {
            if (amount < 0) {
                throw new IllegalArgumentException("negative");
            }
            if (amount == 0) {
                return log.text + " | empty";
            }
            log.add("write " + amount);
        } catch (IllegalArgumentException e) {
            log.add("caught " + e.getMessage());
        } catch (IllegalStateException e) {
            log.add("state " + e.getMessage());
        } finally {
            log.add("done");
        }
        return log.text;
    }

    static int nullResource(int x) {
        int r = 0;
        try (Session s = x > 0 ? new Session("s", new Journal(), false) : null) {
            r = x * 2;
        }
        return r;
    }

    static String reuse(boolean fail) {
        Journal log = new Journal();
        Session s = new Session("s", log, fail);
        try (s) {
            log.add("body");
        } catch (RuntimeException e) {
            log.add("caught " + e.getMessage());
        }
        return log.text;
    }
}
