/** Scheduling events by time, priority and name: comparators as lambdas and method references, an own insertion sort, filters. */

import java.util.Comparator;

public class EventSchedule {
    /** A test on an event; declared here rather than using Predicate. */
    @FunctionalInterface
    interface EventFilter {
        boolean accept(Event e);

        default EventFilter and(EventFilter other) {
            return e -> accept(e) && other.accept(e);
        }
    }

    static final Comparator<Event> BY_TIME = Event::compareByTime;
    static final Comparator<Event> BY_PRIORITY = (a, b) -> Integer.compare(b.getPriority(), a.getPriority());
    static final Comparator<Event> BY_NAME = (a, b) -> a.getName().compareTo(b.getName());

    private EventSchedule() {
    }

    /** Stable insertion sort of a copy of events. */
    public static Event[] sorted(Event[] events, Comparator<Event> order) {
        Event[] out = events.clone();
        for (int i = 1; i < out.length; i++) {
            Event current = out[i];
            int j = i - 1;
            while (j >= 0 && order.compare(out[j], current) > 0) {
                out[j + 1] = out[j];
                j--;
            }
            out[j + 1] = current;
        }
        return out;
    }

    public static Comparator<Event> orderNamed(String key) {
        switch (key) {
            case "time":
                return BY_TIME;
            case "priority":
                return BY_PRIORITY.thenComparing(BY_TIME);
            case "name":
                return BY_NAME;
            case "latest":
                return BY_TIME.reversed();
            default:
                throw new IllegalArgumentException("unknown order: " + key);
        }
    }

    /** Names of the events in the order given by key ("time", "priority", "name", "latest"). */
    public static String agenda(Event[] events, String key) {
        String out = "";
        for (Event e : sorted(events, orderNamed(key))) {
            out += out.isEmpty() ? e.getName() : ", " + e.getName();
        }
        return out;
    }

    public static int countMatching(Event[] events, EventFilter filter) {
        int n = 0;
        for (Event e : events) {
            if (filter.accept(e)) {
                n++;
            }
        }
        return n;
    }

    /** Events in [from, to) with at least the given priority. */
    public static int countInWindow(Event[] events, int from, int to, int minPriority) {
        final int start = from;
        EventFilter inWindow = e -> e.getTime() >= start && e.getTime() < to;
        EventFilter important = new EventFilter() {
            @Override
            public boolean accept(Event e) {
                return e.getPriority() >= minPriority;
            }
        };
        return countMatching(events, inWindow.and(important));
    }

    /** The first event (by time, then priority) that starts before the previous one ends, or null. */
    public static Event firstOverlap(Event[] events) {
        Event[] byTime = sorted(sorted(events, BY_PRIORITY), BY_TIME);
        for (int i = 1; i < byTime.length; i++) {
            Event prev = byTime[i - 1];
            if (byTime[i].getTime() < prev.getTime() + prev.getDuration()) {
                return byTime[i];
            }
        }
        return null;
    }

    /** The highest-priority event starting at or after time; ties go to the earlier one. */
    public static Event nextImportant(Event[] events, int time) {
        Event best = null;
        for (Event e : events) {
            if (e.getTime() < time) {
                continue;
            }
            if (best == null || BY_PRIORITY.thenComparing(BY_TIME).compare(e, best) < 0) {
                best = e;
            }
        }
        return best;
    }
}

class Event {
    private final int time;
    private final int duration;
    private final int priority;
    private final String name;

    Event(int time, int duration, int priority, String name) {
        if (duration <= 0) {
            throw new IllegalArgumentException("duration must be positive");
        }
        this.time = time;
        this.duration = duration;
        this.priority = priority;
        this.name = name;
    }

    Event(int time, int priority, String name) {
        this(time, 1, priority, name);
    }

    int getTime() {
        return time;
    }

    int getDuration() {
        return duration;
    }

    int getPriority() {
        return priority;
    }

    String getName() {
        return name;
    }

    static int compareByTime(Event a, Event b) {
        return Integer.compare(a.time, b.time);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Event)) {
            return false;
        }
        Event e = (Event) o;
        return time == e.time && duration == e.duration && priority == e.priority && name.equals(e.name);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(time, duration, priority, name);
    }

    @Override
    public String toString() {
        return name + "@" + time + "+" + duration + " (p" + priority + ")";
    }
}
