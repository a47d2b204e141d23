/**
 * A small kanban board: columns of cards, a limit of cards in progress, moves counted by the
 * board. Columns and cards are inner classes: they read and update the board that made them.
 */
public class TaskBoard {
    private final Column todo;
    private final Column doing;
    private final Column done;
    private final int limit;
    private int moves;
    private int nextId = 1;

    public TaskBoard() {
        this(3);
    }

    public TaskBoard(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
        this.limit = limit;
        todo = new Column("todo", false);
        doing = this.new Column("doing", true);
        done = new Column("done", false);
    }

    /** A card: a titled task with points, linked to the next card of its column. */
    private class Card {
        final int id = nextId++;
        final String title;
        final int points;
        Card next;

        Card(String title, int points) {
            this.title = title;
            this.points = points;
        }

        String label() {
            return "#" + id + " " + title + " (" + points + ")";
        }
    }

    /** A column of cards, newest last; a limited column refuses cards beyond the board's limit. */
    class Column {
        private final String name;
        private final boolean limited;
        private Card first;
        private int count;

        Column(String name, boolean limited) {
            this.name = name;
            this.limited = limited;
        }

        boolean full() {
            return limited && count >= limit;
        }

        void append(Card card) {
            if (full()) {
                throw new IllegalStateException(name + " is full (" + limit + ")");
            }
            card.next = null;
            if (first == null) {
                first = card;
            } else {
                Card last = first;
                while (last.next != null) {
                    last = last.next;
                }
                last.next = card;
            }
            count++;
        }

        Card take(int id) {
            Card previous = null;
            for (Card c = first; c != null; c = c.next) {
                if (c.id == id) {
                    if (previous == null) {
                        first = c.next;
                    } else {
                        previous.next = c.next;
                    }
                    count--;
                    return c;
                }
                previous = c;
            }
            return null;
        }

        int points() {
            int sum = 0;
            for (Card c = first; c != null; c = c.next) {
                sum += c.points;
            }
            return sum;
        }

        String describe() {
            StringBuilderLike text = new StringBuilderLike(name + "[" + count);
            if (limited) {
                text.add("/" + limit);
            }
            text.add("]");
            for (Card c = first; c != null; c = c.next) {
                text.add(" " + c.label());
            }
            return text.value;
        }

        TaskBoard board() {
            return TaskBoard.this;
        }
    }

    /** Text built piece by piece (the board's own, to stay within java.lang). */
    static final class StringBuilderLike {
        String value;

        StringBuilderLike(String start) {
            value = start;
        }

        void add(String more) {
            value = value + more;
        }
    }

    /** Adds a card to "todo"; returns its id. */
    public int add(String title, int points) {
        if (title == null || title.isEmpty()) {
            throw new IllegalArgumentException("a card needs a title");
        }
        if (points < 0) {
            throw new IllegalArgumentException("negative points: " + points);
        }
        Card card = new Card(title, points);
        todo.append(card);
        return card.id;
    }

    /** Moves card `id` one column right; false when it is nowhere or already done. */
    public boolean advance(int id) {
        Card card = todo.take(id);
        Column target = doing;
        Column source = todo;
        if (card == null) {
            card = doing.take(id);
            target = done;
            source = doing;
        }
        if (card == null) {
            return false;
        }
        try {
            target.append(card);
        } catch (IllegalStateException full) {
            source.append(card);
            return false;
        }
        moves++;
        return true;
    }

    /** Starts as many "todo" cards as the limit allows, oldest first; returns how many. */
    public int startAll() {
        int started = 0;
        while (todo.first != null && !doing.full()) {
            if (advance(todo.first.id)) {
                started++;
            }
        }
        return started;
    }

    public int moves() {
        return moves;
    }

    /** Points left to do: in "todo" and "doing". */
    public int remainingPoints() {
        return todo.points() + doing.points();
    }

    /** Share of points done, in percent (0 for an empty board). */
    public int progress() {
        int total = todo.points() + doing.points() + done.points();
        if (total == 0) {
            return 0;
        }
        return 100 * done.points() / total;
    }

    public String describe() {
        return todo.describe() + " | " + doing.describe() + " | " + done.describe();
    }

    /** Whether a column reports this board as its own (it always does). */
    public boolean owns() {
        return todo.board() == this && doing.board() == this && done.board() == this;
    }

    /** A fresh board of the given limit with `count` cards of 1, 2, 3... points, all started. */
    public static String rush(int limit, int count) {
        TaskBoard board = new TaskBoard(limit);
        for (int i = 1; i <= count; i++) {
            board.add("task" + i, i);
        }
        int started = board.startAll();
        Column extra = board.new Column("extra", true);
        return started + " " + extra.full() + " " + board.describe();
    }
}
