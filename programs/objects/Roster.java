import java.util.Objects;

/**
 * A club roster: members as value objects (equals, hashCode and toString written with
 * java.util.Objects), kept in an array and searched by equals, as a developer writes before
 * reaching for a List.
 */
public class Roster {
    private final Member[] members;
    private int size;
    private int changes;

    public Roster(int capacity) {
        members = new Member[capacity];
    }

    public Roster() {
        this(4);
    }

    /** Adds a member unless an equal one is already in; false when full or present. */
    public boolean add(Member m) {
        Objects.requireNonNull(m, "member");
        if (size == members.length || indexOf(m) >= 0) {
            return false;
        }
        members[size++] = m;
        changes++;
        return true;
    }

    public boolean add(String name, int id) {
        return add(new Member(name, id));
    }

    /** The position of the first member equal to o (any object: a Member never equals a String). */
    public int indexOf(Object o) {
        for (int i = 0; i < size; i++) {
            if (members[i].equals(o)) {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(String name, int id) {
        return indexOf(new Member(name, id)) >= 0;
    }

    public boolean remove(Object o) {
        int i = indexOf(o);
        if (i < 0) {
            return false;
        }
        for (int j = i; j < size - 1; j++) {
            members[j] = members[j + 1];
        }
        members[--size] = null;
        changes++;
        return true;
    }

    public Member get(int i) {
        Objects.checkIndex(i, size);
        return members[i];
    }

    /** Every member, comma separated, in brackets. */
    public String describe() {
        String out = "[";
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                out += ", ";
            }
            out += members[i];
        }
        return out + "]";
    }

    /** Combines the members' hash codes as List.hashCode does. */
    public int hashCode() {
        int h = 1;
        for (int i = 0; i < size; i++) {
            h = 31 * h + Objects.hashCode(members[i]);
        }
        return h;
    }

    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Roster other) || other.size != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (!Objects.equals(members[i], other.members[i])) {
                return false;
            }
        }
        return true;
    }

    public String toString() {
        return "Roster" + describe() + " after " + changes + " changes";
    }

    /** The name of member i, or the fallback when it has none. */
    public String nameOr(int i, String fallback) {
        return Objects.toString(get(i).name(), fallback);
    }

    /** How many members share a name with m (m itself included, when present). */
    public int sameName(Member m) {
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (Objects.equals(members[i].name(), m.name())) {
                n++;
            }
        }
        return n;
    }

    /** A value compared by content: a label with a count. */
    public static boolean sameLabel(String label, Object other) {
        return label.equals(other) || label.hashCode() == Objects.hashCode(other);
    }
}

class Member {
    private final String name;
    private final int id;

    Member(String name, int id) {
        this.name = name;
        this.id = id;
    }

    String name() {
        return name;
    }

    int id() {
        return id;
    }

    public boolean equals(Object o) {
        if (!(o instanceof Member)) {
            return false;
        }
        Member m = (Member) o;
        return id == m.id && Objects.equals(name, m.name);
    }

    public int hashCode() {
        return Objects.hash(name, id);
    }

    public String toString() {
        return name + "#" + id;
    }
}
