import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.Stack;
import java.util.Vector;

// The queues of roth's model of the JDK (`src/program/jdk/java/util/`) for the differential
// test (not a mutation subject): ArrayDeque, LinkedList, Vector and Stack, PriorityQueue. Each
// method runs a random sequence of operations chosen by its seed (a small LCG) and returns the
// trace of their results and exceptions (class and message), so roth and the JVM must agree
// on every result, every iteration order, every message and every
// ConcurrentModificationException.
public class QueueModels {
    /** A small linear congruential generator: the same numbers on roth and on the JVM. */
    private static final class Lcg {
        private int state;

        Lcg(int seed) {
            state = seed;
        }

        int next(int bound) {
            state = state * 1103515245 + 12345;
            return ((state >>> 8) & 0xffffff) % bound;
        }

        /** A small Integer, or (one time in `nulls`, when positive) null. */
        Integer value(int nulls) {
            if (nulls > 0 && next(nulls) == 0) {
                return null;
            }
            return next(10);
        }
    }

    private static String thrown(Exception e) {
        return "!" + e.getClass().getName() + ": " + e.getMessage();
    }

    /** One of the collections the constructors and `addAll` take. */
    private static Collection<Integer> source(Lcg r, int nulls) {
        int kind = r.next(3);
        Collection<Integer> c = kind == 0 ? new ArrayList<Integer>()
                : kind == 1 ? new LinkedList<Integer>() : new ArrayDeque<Integer>();
        int n = r.next(6);
        for (int i = 0; i < n; i++) {
            Integer v = r.value(kind == 2 ? 0 : nulls);
            c.add(v);
        }
        return c;
    }

    /** Every method of a Deque, chosen at random; `d` may refuse nulls (ArrayDeque). */
    private static String dequeOp(Deque<Integer> d, Lcg r, int nulls) {
        Integer v = r.value(nulls);
        switch (r.next(30)) {
            case 0: d.addFirst(v); return "aF";
            case 1: d.addLast(v); return "aL";
            case 2: return "oF" + d.offerFirst(v);
            case 3: return "oL" + d.offerLast(v);
            case 4: d.push(v); return "pu";
            case 5: return "po" + d.pop();
            case 6: return "pk" + d.peek();
            case 7: return "pl" + d.poll();
            case 8: return "of" + d.offer(v);
            case 9: return "ad" + d.add(v);
            case 10: return "rF" + d.removeFirst();
            case 11: return "rL" + d.removeLast();
            case 12: return "pF" + d.pollFirst();
            case 13: return "pL" + d.pollLast();
            case 14: return "gF" + d.getFirst();
            case 15: return "gL" + d.getLast();
            case 16: return "kF" + d.peekFirst();
            case 17: return "kL" + d.peekLast();
            case 18: return "el" + d.element();
            case 19: return "rm" + d.remove();
            case 20: return "sz" + d.size() + d.isEmpty();
            case 21: return "ct" + d.contains(v);
            case 22: return "ro" + d.remove(v);
            case 23: return "rf" + d.removeFirstOccurrence(v);
            case 24: return "rl" + d.removeLastOccurrence(v);
            case 25: return "ar" + Arrays.toString(d.toArray());
            case 26: return "aa" + d.addAll(source(r, nulls));
            case 27:
                if (r.next(4) == 0) {
                    d.clear();
                    return "cl";
                }
                return "ri" + d.removeIf(x -> x != null && x % 3 == r.next(3));
            case 28: {
                String s = "ds";
                Iterator<Integer> it = d.descendingIterator();
                while (it.hasNext()) {
                    Integer x = it.next();
                    s += x;
                    if (x != null && x % 4 == 0) {
                        it.remove();
                        s += "-";
                    }
                }
                return s;
            }
            default: {
                String s = "fe";
                for (Integer x : d) {
                    s += x;
                }
                return s;
            }
        }
    }

    /** Random Deque operations on an ArrayDeque (nulls refused) or a LinkedList. */
    private static String deque(Deque<Integer> d, Lcg r, int length, int nulls) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            try {
                sb.append(dequeOp(d, r, nulls));
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 8 == 7) {
                sb.append(d).append(' ');
            }
        }
        return sb.append(d).toString();
    }

    public static String arrayDeque(int seed, int length) {
        Lcg r = new Lcg(seed);
        ArrayDeque<Integer> d;
        try {
            int kind = r.next(3);
            d = kind == 0 ? new ArrayDeque<Integer>() : kind == 1
                    ? new ArrayDeque<Integer>(r.next(6) - 1) : new ArrayDeque<Integer>(source(r, 4));
        } catch (Exception e) {
            return thrown(e);
        }
        return deque(d, r, Math.min(length, 60), 8);
    }

    public static String linkedListDeque(int seed, int length) {
        Lcg r = new Lcg(seed);
        LinkedList<Integer> d = r.next(2) == 0 ? new LinkedList<Integer>()
                : new LinkedList<Integer>(source(r, 4));
        return deque(d, r, Math.min(length, 60), 6);
    }

    /**
     * Iterators (ascending and descending) of an ArrayDeque kept alive while the deque
     * changes under them: the JDK's are weakly fail-fast, reading whatever slot they reach.
     */
    public static String dequeIterators(int seed, int length) {
        Lcg r = new Lcg(seed);
        ArrayDeque<Integer> d = new ArrayDeque<Integer>(r.next(4) * 3);
        int n = r.next(12);
        for (int i = 0; i < n; i++) {
            if (r.next(2) == 0) {
                d.addFirst(i);
            } else {
                d.addLast(i);
            }
        }
        StringBuilder sb = new StringBuilder();
        Iterator<Integer> it = d.iterator();
        for (int i = 0; i < Math.min(length, 60); i++) {
            try {
                switch (r.next(14)) {
                    case 0: case 1: case 2: sb.append("n").append(it.next()); break;
                    case 3: sb.append("h").append(it.hasNext()); break;
                    case 4: it.remove(); sb.append("r"); break;
                    case 5: d.addFirst(r.next(10)); sb.append("aF"); break;
                    case 6: d.addLast(r.next(10)); sb.append("aL"); break;
                    case 7: sb.append("pF").append(d.pollFirst()); break;
                    case 8: sb.append("pL").append(d.pollLast()); break;
                    case 9: sb.append("ro").append(d.remove(r.next(12))); break;
                    case 10: it = r.next(2) == 0 ? d.iterator() : d.descendingIterator(); sb.append("I"); break;
                    case 11: sb.append("rl").append(d.removeLastOccurrence(r.next(12))); break;
                    case 12: {
                        StringBuilder s = new StringBuilder("F");
                        it.forEachRemaining(x -> s.append(x));
                        sb.append(s);
                        break;
                    }
                    default: {
                        StringBuilder s = new StringBuilder("E");
                        d.forEach(x -> s.append(x));
                        sb.append(s);
                        break;
                    }
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        try {
            // A removal through a stale iterator can leave a hole in the array, which the
            // JDK's toString meets as a ConcurrentModificationException.
            sb.append(d).append(d.size());
        } catch (Exception e) {
            sb.append(thrown(e));
        }
        return sb.toString();
    }

    /** LinkedList as a List: positions, list iterators both ways, equality with ArrayList. */
    public static String linkedList(int seed, int length) {
        Lcg r = new Lcg(seed);
        LinkedList<Integer> l = new LinkedList<Integer>();
        List<Integer> list = l;
        ArrayList<Integer> twin = new ArrayList<Integer>();
        StringBuilder sb = new StringBuilder();
        ListIterator<Integer> li = l.listIterator();
        for (int i = 0; i < Math.min(length, 45); i++) {
            Integer v = r.value(6);
            int index = r.next(l.size() + 3) - 1;
            try {
                switch (r.next(24)) {
                    case 0: case 1: sb.append("a").append(l.add(v)); twin.add(v); break;
                    case 2: l.add(index, v); sb.append("ai"); break;
                    case 3: sb.append("g").append(l.get(index)); break;
                    case 4: sb.append("s").append(l.set(index, v)); break;
                    case 5: sb.append("r").append(l.remove(index)); break;
                    case 6: sb.append("ro").append(l.remove(v)); break;
                    case 7: sb.append("io").append(l.indexOf(v)).append(l.lastIndexOf(v)).append(l.contains(v)); break;
                    case 8: sb.append("aa").append(l.addAll(index, source(r, 4))); break;
                    case 9: li = l.listIterator(index); sb.append("L"); break;
                    case 10: case 11: sb.append("n").append(li.next()); break;
                    case 12: sb.append("p").append(li.previous()); break;
                    case 13: li.remove(); sb.append("x"); break;
                    case 14: li.set(v); sb.append("t"); break;
                    case 15: li.add(v); sb.append("d"); break;
                    case 16: sb.append("i").append(li.nextIndex()).append(li.previousIndex())
                            .append(li.hasNext()).append(li.hasPrevious()); break;
                    case 17: sb.append("e").append(list.equals(twin)).append(twin.equals(list))
                            .append(list.hashCode() == twin.hashCode()); twin = new ArrayList<Integer>(l); break;
                    case 18: sb.append("h").append(list.hashCode()); break;
                    case 19: sb.append("ar").append(Arrays.toString(l.toArray())); break;
                    case 20: {
                        sb.append("f");
                        for (Integer x : l) {
                            sb.append(x);
                            if (x != null && x == v) {
                                l.remove(x);
                            }
                        }
                        break;
                    }
                    case 21: sb.append("sl").append(l.subList(0, index)); break;
                    case 22: sb.append("ri").append(l.removeIf(x -> x == null || x < 3)); break;
                    default: sb.append("pF").append(l.pollFirst()).append(l.peekLast()); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 10 == 9) {
                sb.append(l).append(' ');
            }
        }
        return sb.append(l).toString();
    }

    /** Stack and the Vector it is: its own messages, capacities and fail-fast iterators. */
    public static String stack(int seed, int length) {
        Lcg r = new Lcg(seed);
        Vector<Integer> v0;
        try {
            int kind = r.next(5);
            v0 = kind == 0 ? new Stack<Integer>() : kind == 1 ? new Vector<Integer>(r.next(4) - 1)
                    : kind == 2 ? new Vector<Integer>(r.next(3), r.next(3))
                    : kind == 3 ? new Vector<Integer>(source(r, 4)) : new Stack<Integer>();
        } catch (Exception e) {
            return thrown(e);
        }
        Vector<Integer> v = v0;
        StringBuilder sb = new StringBuilder(v instanceof Stack ? "S " : "V ");
        Iterator<Integer> it = v.iterator();
        ListIterator<Integer> li = v.listIterator();
        for (int i = 0; i < Math.min(length, 45); i++) {
            Integer x = r.value(6);
            int index = r.next(v.size() + 3) - 1;
            try {
                switch (r.next(32)) {
                    case 0: case 1:
                        if (v instanceof Stack) {
                            sb.append("pu").append(((Stack<Integer>) v).push(x));
                        } else {
                            sb.append("a").append(v.add(x));
                        }
                        break;
                    case 2: sb.append("po").append(v instanceof Stack ? ((Stack<Integer>) v).pop() : v.remove(index)); break;
                    case 3: sb.append("pk").append(v instanceof Stack ? ((Stack<Integer>) v).peek() : v.lastElement()); break;
                    case 4: if (v instanceof Stack) {
                            Stack<Integer> s = (Stack<Integer>) v;
                            sb.append("em").append(s.empty()).append(s.search(x));
                        } else {
                            sb.append("fe").append(v.firstElement());
                        }
                        break;
                    case 5: sb.append("g").append(v.get(index)); break;
                    case 6: sb.append("s").append(v.set(index, x)); break;
                    case 7: v.add(index, x); sb.append("ai"); break;
                    case 8: sb.append("r").append(v.remove(index)); break;
                    case 9: sb.append("ea").append(v.elementAt(index)); break;
                    case 10: v.insertElementAt(x, index); sb.append("ie"); break;
                    case 11: v.removeElementAt(index); sb.append("re"); break;
                    case 12: v.setElementAt(x, index); sb.append("se"); break;
                    case 13: sb.append("ro").append(v.remove(x)).append(v.removeElement(x)); break;
                    case 14: sb.append("io").append(v.indexOf(x)).append(v.lastIndexOf(x)).append(v.contains(x)); break;
                    case 15: sb.append("ii").append(v.indexOf(x, index)); break;
                    case 16: sb.append("li").append(v.lastIndexOf(x, index)); break;
                    case 17: sb.append("c").append(v.capacity()).append(v.size()).append(v.isEmpty()); break;
                    case 18: sb.append("aa").append(v.addAll(source(r, 4))); break;
                    case 19: sb.append("ax").append(v.addAll(index, source(r, 4))); break;
                    case 20: it = v.iterator(); sb.append("I"); break;
                    case 21: sb.append("n").append(it.next()); break;
                    case 22: it.remove(); sb.append("x"); break;
                    case 23: li = v.listIterator(index); sb.append("L"); break;
                    case 24: sb.append("p").append(li.hasPrevious() ? li.previous() : li.next()); break;
                    case 25: if (r.next(2) == 0) {
                            li.set(x);
                            sb.append("t");
                        } else {
                            li.add(x);
                            sb.append("d");
                        }
                        break;
                    case 26: {
                        Vector<Integer> w = new Vector<Integer>(v);
                        List<Integer> a = new ArrayList<Integer>(v);
                        sb.append("eq").append(v.equals(w)).append(v.equals(a)).append(a.equals(v))
                                .append(v.hashCode() == a.hashCode()).append(v.hashCode());
                        break;
                    }
                    case 27: sb.append("ar").append(Arrays.toString(v.toArray())); break;
                    case 28: if (r.next(3) == 0) {
                            v.clear();
                            sb.append("cl");
                        } else {
                            v.trimToSize();
                            sb.append("tr").append(v.capacity());
                        }
                        break;
                    case 29: {
                        sb.append("f");
                        for (Integer y : v) {
                            sb.append(y);
                            if (y != null && y == x) {
                                v.remove(y);
                            }
                        }
                        break;
                    }
                    case 30: sb.append("ri").append(v.removeIf(y -> y == null || y > 6)); break;
                    default: sb.append("fl").append(v.firstElement()).append(v.lastElement()); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 10 == 9) {
                sb.append(v).append(' ');
            }
        }
        return sb.append(v).toString();
    }

    /** One of the orders a PriorityQueue takes: natural, reversed, or by last digit. */
    private static Comparator<Integer> order(int kind) {
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return Comparator.reverseOrder();
        }
        return (a, b) -> Integer.compare(a % 5, b % 5);
    }

    private static PriorityQueue<Integer> queue(Lcg r) {
        int kind = r.next(6);
        Comparator<Integer> cmp = order(r.next(3));
        if (kind == 0) {
            return new PriorityQueue<Integer>();
        }
        if (kind == 1) {
            return new PriorityQueue<Integer>(r.next(4) - 1, cmp);
        }
        if (kind == 2) {
            return cmp == null ? new PriorityQueue<Integer>(r.next(3)) : new PriorityQueue<Integer>(cmp);
        }
        List<Integer> a = new ArrayList<Integer>();
        int n = r.next(14);
        for (int i = 0; i < n; i++) {
            a.add(r.next(20));
        }
        if (kind == 3) {
            return new PriorityQueue<Integer>(a);
        }
        PriorityQueue<Integer> q = new PriorityQueue<Integer>(cmp);
        q.addAll(a);
        if (kind == 4) {
            return new PriorityQueue<Integer>(q);
        }
        Collection<Integer> c = q;
        return new PriorityQueue<Integer>(c);
    }

    /** A PriorityQueue in every order: the array's order is what iteration and toString show. */
    public static String priorityQueue(int seed, int length) {
        Lcg r = new Lcg(seed);
        PriorityQueue<Integer> q;
        try {
            q = queue(r);
        } catch (Exception e) {
            return thrown(e);
        }
        Queue<Integer> queue = q;
        StringBuilder sb = new StringBuilder();
        Iterator<Integer> it = q.iterator();
        for (int i = 0; i < Math.min(length, 30); i++) {
            Integer v = r.value(20);
            int m = r.next(4);
            try {
                switch (r.next(20)) {
                    case 0: case 1: case 2: sb.append("o").append(q.offer(v)); break;
                    case 3: case 4: sb.append("a").append(queue.add(v)); break;
                    case 5: case 6: sb.append("p").append(q.poll()); break;
                    case 7: sb.append("k").append(q.peek()).append(q.size()); break;
                    case 8: sb.append("r").append(q.remove()); break;
                    case 9: sb.append("ro").append(q.remove(v)); break;
                    case 10: sb.append("e").append(q.element()); break;
                    case 11: sb.append("c").append(q.contains(v)); break;
                    case 12: sb.append("ar").append(Arrays.toString(q.toArray())); break;
                    case 13: it = q.iterator(); sb.append("I"); break;
                    case 14: sb.append("n").append(it.next()).append(it.hasNext()); break;
                    case 15: it.remove(); sb.append("x"); break;
                    case 16: sb.append("ri").append(q.removeIf(x -> x % 4 == m)); break;
                    case 17: sb.append("aa").append(q.addAll(source(r, 0))); break;
                    case 18: if (r.next(4) == 0) {
                            q.clear();
                            sb.append("cl");
                        } else {
                            sb.append("ra").append(q.removeAll(source(r, 0)));
                        }
                        break;
                    default: {
                        sb.append("f");
                        for (Integer x : q) {
                            sb.append(x);
                        }
                        break;
                    }
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
            if (i % 10 == 9) {
                sb.append(q).append(' ');
            }
        }
        String drained = "";
        while (!q.isEmpty()) {
            drained += q.poll() + ",";
        }
        return sb.append(drained).toString();
    }

    /**
     * The PriorityQueue iterator's `remove`: an element moved before the cursor is kept aside
     * and handed out at the end; every element is seen once; misuse throws.
     */
    public static String priorityIterator(int seed, int length) {
        Lcg r = new Lcg(seed);
        PriorityQueue<Integer> q = new PriorityQueue<Integer>(order(r.next(3)));
        int n = 3 + r.next(Math.max(1, Math.min(length, 25)));
        for (int i = 0; i < n; i++) {
            q.add(r.next(30));
        }
        StringBuilder sb = new StringBuilder(q.toString());
        int rounds = 1 + r.next(3);
        for (int round = 0; round < rounds; round++) {
            sb.append(" |");
            Iterator<Integer> it = q.iterator();
            try {
                while (it.hasNext()) {
                    Integer x = it.next();
                    sb.append(' ').append(x);
                    int what = r.next(10);
                    if (what < 4) {
                        it.remove();
                        sb.append('-');
                    } else if (what == 4) {
                        it.remove();
                        it.remove();
                    } else if (what == 5 && r.next(4) == 0) {
                        q.add(x);
                    }
                }
                sb.append(" end");
                it.next();
            } catch (Exception e) {
                sb.append(' ').append(thrown(e));
            }
            sb.append(' ').append(q);
        }
        return sb.toString();
    }

    /** Stack's own methods only: what the JDK's documentation promises a stack does. */
    public static String stackOnly(int seed, int length) {
        Lcg r = new Lcg(seed);
        Stack<Integer> s = new Stack<Integer>();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(length, 80); i++) {
            Integer x = r.value(8);
            try {
                switch (r.next(6)) {
                    case 0: case 1: sb.append(s.push(x)); break;
                    case 2: sb.append("o").append(s.pop()); break;
                    case 3: sb.append("k").append(s.peek()); break;
                    case 4: sb.append("e").append(s.empty()); break;
                    default: sb.append("s").append(s.search(x)); break;
                }
            } catch (Exception e) {
                sb.append(thrown(e));
            }
            sb.append(' ');
        }
        return sb.append(s).append(s.size()).toString();
    }
}
