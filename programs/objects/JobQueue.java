/** A queue of print jobs: ordering, retries and reports written with local and anonymous classes. */

import java.util.Comparator;

public class JobQueue {
    /** What to do with a job when it is taken. */
    interface Action {
        int perform(Job job);
    }

    static class Job {
        private final String owner;
        private final int pages;
        private int attempts;

        Job(String owner, int pages) {
            this.owner = owner;
            this.pages = pages;
        }

        String getOwner() { return owner; }
        int getPages() { return pages; }
        int getAttempts() { return attempts; }
        void attempt() { attempts++; }

        @Override
        public String toString() {
            return owner + ":" + pages;
        }
    }

    /** Counts what it sees; subclassed by the reports below. */
    abstract static class Tally {
        protected int count;
        protected final String label;

        Tally(String label) {
            this.label = label;
        }

        Tally() {
            this("total");
        }

        abstract boolean counts(Job job);

        void see(Job job) {
            if (counts(job)) {
                count++;
            }
        }

        String report() {
            return label + "=" + count;
        }
    }

    /** How urgent a job is: each constant weighs pages its own way. */
    enum Priority {
        LOW {
            @Override
            int weight(int pages) {
                return pages;
            }
        },
        NORMAL {
            @Override
            int weight(int pages) {
                return pages - pages / 4;
            }
        },
        HIGH {
            @Override
            int weight(int pages) {
                return pages / 2;
            }

            @Override
            boolean urgent() {
                return true;
            }
        };

        abstract int weight(int pages);

        boolean urgent() {
            return false;
        }
    }

    private final Job[] jobs;
    private int size;
    private int pageLimit = 50;

    public JobQueue(int capacity) {
        jobs = new Job[capacity];
    }

    public boolean submit(String owner, int pages) {
        if (size == jobs.length || pages <= 0) {
            return false;
        }
        jobs[size++] = new Job(owner, pages);
        return true;
    }

    public int size() {
        return size;
    }

    /** Sorts the jobs, shortest first, owners breaking ties; a job over the limit goes last. */
    public String order() {
        Comparator<Job> byPages = new Comparator<Job>() {
            @Override
            public int compare(Job a, Job b) {
                boolean aOver = a.getPages() > pageLimit;
                boolean bOver = b.getPages() > pageLimit;
                if (aOver != bOver) {
                    return aOver ? 1 : -1;
                }
                int c = Integer.compare(a.getPages(), b.getPages());
                return c != 0 ? c : a.getOwner().compareTo(b.getOwner());
            }
        };
        for (int i = 1; i < size; i++) {
            Job current = jobs[i];
            int j = i - 1;
            while (j >= 0 && byPages.compare(jobs[j], current) > 0) {
                jobs[j + 1] = jobs[j];
                j--;
            }
            jobs[j + 1] = current;
        }
        String out = "";
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                out += " ";
            }
            out += jobs[i];
        }
        return out;
    }

    /** How many jobs of `owner` have at least `minPages` pages, and how many jobs in all. */
    public String countFor(String owner, int minPages) {
        Tally mine = new Tally(owner) {
            @Override
            boolean counts(Job job) {
                return job.getOwner().equals(owner) && job.getPages() >= minPages;
            }
        };
        Tally all = new Tally() {
            @Override
            boolean counts(Job job) {
                return true;
            }
        };
        for (int i = 0; i < size; i++) {
            mine.see(jobs[i]);
            all.see(jobs[i]);
        }
        return mine.report() + " " + all.report();
    }

    /** Runs `rounds` rounds; each takes every job once, and a job fails while its pages exceed the round's budget. */
    public int runRounds(int rounds, int budget) {
        final int[] printed = {0};
        Action print = new Action() {
            private int calls;

            @Override
            public int perform(Job job) {
                calls++;
                job.attempt();
                if (job.getPages() > budget + calls) {
                    return 0;
                }
                printed[0] += job.getPages();
                return job.getPages();
            }
        };
        int done = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < size; i++) {
                if (print.perform(jobs[i]) > 0) {
                    done++;
                }
            }
        }
        return printed[0] * 1000 + done;
    }

    /** The owners whose jobs were attempted at least `times` times, in queue order. */
    public String retried(int times) {
        class Owners {
            private String names = "";
            private int found;

            void add(Job job) {
                if (job.getAttempts() >= times) {
                    if (found > 0) {
                        names += ",";
                    }
                    names += job.getOwner();
                    found++;
                }
            }

            String list() {
                return found == 0 ? "none" : names;
            }
        }
        Owners owners = new Owners();
        for (int i = 0; i < size; i++) {
            owners.add(jobs[i]);
        }
        return owners.list();
    }

    /** The cost of printing `pages` pages at priority `level` (0 low, 1 normal, 2 high). */
    public static int cost(int pages, int level) {
        if (level < 0 || level >= Priority.values().length) {
            throw new IllegalArgumentException("no priority " + level);
        }
        Priority p = Priority.values()[level];
        int c = p.weight(pages) + p.ordinal();
        if (p.urgent()) {
            c += 100;
        }
        return c;
    }

    /** The total pages of jobs whose pages lie in [low, high], through a local class with a constructor. */
    public static int pagesBetween(int[] pages, int low, int high) {
        class Window {
            final int from;
            final int to;

            Window(int from, int to) {
                if (from > to) {
                    throw new IllegalArgumentException("empty window " + from + ".." + to);
                }
                this.from = from;
                this.to = to;
            }

            Window() {
                this(low, high);
            }

            boolean holds(int p) {
                return p >= from && p <= to;
            }
        }
        Window w = new Window();
        int total = 0;
        for (int p : pages) {
            if (w.holds(p)) {
                total += p;
            }
        }
        return total;
    }
}
