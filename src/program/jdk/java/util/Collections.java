package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * roth's model of java.util.Collections (JDK 17), written from its specification: the
 * algorithms on lists (`sort`, `binarySearch`, `reverse`, `shuffle`, `swap`, `fill`, `copy`,
 * `rotate`, `replaceAll`, `indexOfSubList`, `lastIndexOfSubList`), on collections (`min`,
 * `max`, `frequency`, `disjoint`, `addAll`), the reverse-order comparators, the empty,
 * singleton and `nCopies` collections, and the unmodifiable views (which read through to
 * the collection they wrap and throw UnsupportedOperationException on every change, through
 * their iterators and entries too).
 *
 * Where the JDK documents two ways of walking a list (by index for a RandomAccess or small
 * list, by iterator otherwise), both are here with the JDK's size limits, since a program can
 * tell them apart: which call fails first, and how many numbers a shuffle has drawn from its
 * Random by then. `shuffle(list)` draws from a Random seeded from the clock, which no run
 * repeats: it ends roth's run as unrepeatable (a list of fewer than two elements is left as
 * it is on the JVM too, so it does not). The objects returned compare, hash and print as the
 * JDK's do; an unmodifiable view of a collection that is neither a list nor a set compares
 * by identity, as the JDK's does. Not modelled: the synchronized and checked wrappers, the
 * navigable unmodifiable views, `Collections.list`, enumerations, and the identity of
 * `Collections.reverseOrder()` with `Comparator.reverseOrder()` and of a comparator with its
 * `reversed().reversed()` (comparators that order alike here, one object on the JVM:
 * roth's Comparator does not name this class, which every unit with a list would then read).
 */
public class Collections {
    private Collections() {
    }

    // The sizes below which the JDK walks a list by index even when it is not RandomAccess.
    private static final int REVERSE_BY_INDEX = 18;
    private static final int SHUFFLE_BY_INDEX = 5;
    private static final int FILL_BY_INDEX = 25;
    private static final int ROTATE_BY_INDEX = 100;
    private static final int COPY_BY_INDEX = 10;
    private static final int REPLACE_BY_INDEX = 11;

    /** Ends the run as unrepeatable, saying why (roth's native, not the JDK's). */
    private static native void unrepeatable(String what);

    /** Equality as the collections test it: null equals only null, else `a.equals(b)`. */
    static boolean eq(Object a, Object b) {
        return a == null ? b == null : a.equals(b);
    }

    // Sorting and searching.

    public static <T extends Comparable<? super T>> void sort(List<T> list) {
        list.sort(null);
    }

    public static <T> void sort(List<T> list, Comparator<? super T> c) {
        list.sort(c);
    }

    /**
     * The JDK's binary search: the middle of [low, high] compared with the key (the element
     * first), and `-(insertion point) - 1` when absent. A large list without random access
     * is walked by a list iterator on the JVM, which reaches the same elements in the same
     * order: here it is read by index.
     */
    public static <T> int binarySearch(List<? extends Comparable<? super T>> list, T key) {
        return search(list, key, null);
    }

    /** As above with `c` (the natural order when null), the element its first argument. */
    @SuppressWarnings("unchecked")
    public static <T> int binarySearch(List<? extends T> list, T key, Comparator<? super T> c) {
        return search(list, key, (Comparator<Object>) c);
    }

    @SuppressWarnings("unchecked")
    private static int search(List<?> list, Object key, Comparator<Object> c) {
        int low = 0;
        int high = list.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            Object midVal = list.get(mid);
            int cmp = c == null ? ((Comparable<Object>) midVal).compareTo(key) : c.compare(midVal, key);
            if (cmp < 0) {
                low = mid + 1;
            } else if (cmp > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    // Reordering.

    /** Ends swapped inwards: by index, or for a long sequential list by two list iterators. */
    @SuppressWarnings("unchecked")
    public static void reverse(List<?> list) {
        int size = list.size();
        int half = size >> 1;
        if (size < REVERSE_BY_INDEX || list instanceof RandomAccess) {
            for (int i = 0; i < half; i++) {
                swap(list, i, size - 1 - i);
            }
            return;
        }
        ListIterator<Object> front = (ListIterator<Object>) list.listIterator();
        ListIterator<Object> back = (ListIterator<Object>) list.listIterator(size);
        for (int i = 0; i < half; i++) {
            Object first = front.next();
            front.set(back.previous());
            back.set(first);
        }
    }

    /**
     * `l.set(i, l.set(j, l.get(i)))`: the element at i read first, so a bad index fails with
     * the message of `get(i)`, then of `set(j, ...)`.
     */
    @SuppressWarnings("unchecked")
    public static void swap(List<?> list, int i, int j) {
        List<Object> l = (List<Object>) list;
        Object atI = l.get(i);
        l.set(i, l.set(j, atI));
    }

    /** The elements of `a` at i and j exchanged. */
    private static void swap(Object[] a, int i, int j) {
        Object t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    /**
     * From a Random seeded from the clock on the JVM: unrepeatable when the list has two
     * elements or more (shorter lists draw nothing and stay as they are).
     */
    public static void shuffle(List<?> list) {
        if (list.size() > 1) {
            unrepeatable("Collections.shuffle without a Random (the JVM seeds its own from the clock)");
        }
    }

    /**
     * The documented algorithm: from the last position down to the second, the element there
     * exchanged with one drawn (`rnd.nextInt(i + 1)`) from the positions up to it. A large
     * list without random access is shuffled in an array, then written back through a list
     * iterator, as on the JVM.
     */
    @SuppressWarnings("unchecked")
    public static void shuffle(List<?> list, Random rnd) {
        int size = list.size();
        if (size < SHUFFLE_BY_INDEX || list instanceof RandomAccess) {
            for (int i = size; i > 1; i--) {
                swap(list, i - 1, rnd.nextInt(i));
            }
            return;
        }
        Object[] a = list.toArray();
        for (int i = size; i > 1; i--) {
            swap(a, i - 1, rnd.nextInt(i));
        }
        ListIterator<Object> it = (ListIterator<Object>) list.listIterator();
        for (Object e : a) {
            it.next();
            it.set(e);
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> void fill(List<? super T> list, T obj) {
        int size = list.size();
        if (size < FILL_BY_INDEX || list instanceof RandomAccess) {
            for (int i = 0; i < size; i++) {
                list.set(i, obj);
            }
            return;
        }
        ListIterator<Object> it = (ListIterator<Object>) list.listIterator();
        for (int i = 0; i < size; i++) {
            it.next();
            it.set(obj);
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> void copy(List<? super T> dest, List<? extends T> src) {
        int size = src.size();
        if (size > dest.size()) {
            throw new IndexOutOfBoundsException("Source does not fit in dest");
        }
        if (size < COPY_BY_INDEX || (src instanceof RandomAccess && dest instanceof RandomAccess)) {
            for (int i = 0; i < size; i++) {
                dest.set(i, src.get(i));
            }
            return;
        }
        ListIterator<Object> to = (ListIterator<Object>) dest.listIterator();
        ListIterator<? extends T> from = src.listIterator();
        for (int i = 0; i < size; i++) {
            to.next();
            to.set(from.next());
        }
    }

    /**
     * The documented two ways: a small or RandomAccess list by following cycles (the element
     * at each cycle's start moved to where it belongs, the one it displaces onwards, until
     * the cycle closes), a large sequential one by reversing the two parts around
     * `-distance mod size` and then the whole list.
     */
    public static void rotate(List<?> list, int distance) {
        if (list instanceof RandomAccess || list.size() < ROTATE_BY_INDEX) {
            rotateByCycles(list, distance);
        } else {
            rotateByReversals(list, distance);
        }
    }

    @SuppressWarnings("unchecked")
    private static void rotateByCycles(List<?> list, int distance) {
        List<Object> l = (List<Object>) list;
        int size = l.size();
        if (size == 0) {
            return;
        }
        int shift = distance % size;
        if (shift < 0) {
            shift += size;
        }
        if (shift == 0) {
            return;
        }
        int moved = 0;
        for (int start = 0; moved != size; start++) {
            Object carried = l.get(start);
            int i = start;
            do {
                i += shift;
                if (i >= size) {
                    i -= size;
                }
                carried = l.set(i, carried);
                moved++;
            } while (i != start);
        }
    }

    private static void rotateByReversals(List<?> list, int distance) {
        int size = list.size();
        if (size == 0) {
            return;
        }
        int split = -distance % size;
        if (split < 0) {
            split += size;
        }
        if (split == 0) {
            return;
        }
        reverse(list.subList(0, split));
        reverse(list.subList(split, size));
        reverse(list);
    }

    @SuppressWarnings("unchecked")
    public static <T> boolean replaceAll(List<T> list, T oldVal, T newVal) {
        boolean replaced = false;
        int size = list.size();
        if (size < REPLACE_BY_INDEX || list instanceof RandomAccess) {
            for (int i = 0; i < size; i++) {
                if (eq(oldVal, list.get(i))) {
                    list.set(i, newVal);
                    replaced = true;
                }
            }
            return replaced;
        }
        ListIterator<T> it = list.listIterator();
        for (int i = 0; i < size; i++) {
            if (eq(oldVal, it.next())) {
                it.set(newVal);
                replaced = true;
            }
        }
        return replaced;
    }

    /** Whether `target` matches `source` from `at` on, each target element's equals asked. */
    private static boolean matchesAt(List<?> source, List<?> target, int at) {
        int n = target.size();
        for (int i = 0; i < n; i++) {
            if (!eq(target.get(i), source.get(at + i))) {
                return false;
            }
        }
        return true;
    }

    /** The first start of `target` in `source` (0 for an empty target), or -1. */
    public static int indexOfSubList(List<?> source, List<?> target) {
        int last = source.size() - target.size();
        for (int at = 0; at <= last; at++) {
            if (matchesAt(source, target, at)) {
                return at;
            }
        }
        return -1;
    }

    /** The last start of `target` in `source` (its size for an empty target), or -1. */
    public static int lastIndexOfSubList(List<?> source, List<?> target) {
        for (int at = source.size() - target.size(); at >= 0; at--) {
            if (matchesAt(source, target, at)) {
                return at;
            }
        }
        return -1;
    }

    // Extremes, counts and bulk additions.

    @SuppressWarnings("unchecked")
    public static <T extends Comparable<? super T>> T max(Collection<? extends T> coll) {
        return (T) extreme(coll, null, true);
    }

    @SuppressWarnings("unchecked")
    public static <T> T max(Collection<? extends T> coll, Comparator<? super T> comp) {
        return (T) extreme(coll, (Comparator<Object>) comp, true);
    }

    @SuppressWarnings("unchecked")
    public static <T extends Comparable<? super T>> T min(Collection<? extends T> coll) {
        return (T) extreme(coll, null, false);
    }

    @SuppressWarnings("unchecked")
    public static <T> T min(Collection<? extends T> coll, Comparator<? super T> comp) {
        return (T) extreme(coll, (Comparator<Object>) comp, false);
    }

    /**
     * The first element, replaced by each later one that compares above it (below it for
     * the minimum), the later one asked (`next.compareTo(best)`, or `comp.compare(next,
     * best)`): the first of equal extremes. An empty collection fails in its iterator's
     * `next`, with that iterator's exception.
     */
    @SuppressWarnings("unchecked")
    private static Object extreme(Collection<?> coll, Comparator<Object> comp, boolean max) {
        Iterator<?> it = coll.iterator();
        Object best = it.next();
        while (it.hasNext()) {
            Object next = it.next();
            int c = comp == null ? ((Comparable<Object>) next).compareTo(best) : comp.compare(next, best);
            if (max ? c > 0 : c < 0) {
                best = next;
            }
        }
        return best;
    }

    /** How many elements equal `o` (`o.equals(e)`, or `e == null` for a null `o`). */
    public static int frequency(Collection<?> c, Object o) {
        int count = 0;
        for (Object e : c) {
            if (o == null ? e == null : o.equals(e)) {
                count++;
            }
        }
        return count;
    }

    /**
     * Whether no element is in both. As the JDK's: a Set is asked `contains` (the other one
     * walked); of two other collections the smaller is walked, and an empty one answers
     * true at once.
     */
    public static boolean disjoint(Collection<?> c1, Collection<?> c2) {
        Collection<?> walked = c1;
        Collection<?> asked = c2;
        if (c1 instanceof Set) {
            walked = c2;
            asked = c1;
        } else if (!(c2 instanceof Set)) {
            int n1 = c1.size();
            int n2 = c2.size();
            if (n1 == 0 || n2 == 0) {
                return true;
            }
            if (n1 > n2) {
                walked = c2;
                asked = c1;
            }
        }
        for (Object e : walked) {
            if (asked.contains(e)) {
                return false;
            }
        }
        return true;
    }

    /** Every element added in turn (all of them, whatever the earlier adds answered). */
    @SafeVarargs
    public static <T> boolean addAll(Collection<? super T> c, T... elements) {
        boolean changed = false;
        for (T element : elements) {
            if (c.add(element)) {
                changed = true;
            }
        }
        return changed;
    }

    // Comparators.

    private static final ReverseComparator REVERSE_ORDER = new ReverseComparator();

    /** The natural order reversed: one comparator, shared. */
    @SuppressWarnings("unchecked")
    public static <T> Comparator<T> reverseOrder() {
        return (Comparator<T>) REVERSE_ORDER;
    }

    /**
     * `cmp` reversed: the natural order's reversal for null, the natural order for the
     * natural order's reversal, and the comparator a reversal was made of for a reversal.
     */
    @SuppressWarnings("unchecked")
    public static <T> Comparator<T> reverseOrder(Comparator<T> cmp) {
        if (cmp == null) {
            return (Comparator<T>) REVERSE_ORDER;
        }
        if ((Object) cmp == REVERSE_ORDER) {
            return (Comparator<T>) Comparator.naturalOrder();
        }
        if (cmp instanceof ReversedComparator) {
            return ((ReversedComparator<T>) cmp).cmp;
        }
        return new ReversedComparator<T>(cmp);
    }

    /** The natural order reversed (the second argument's compareTo asked). */
    private static final class ReverseComparator implements Comparator<Comparable<Object>> {
        public int compare(Comparable<Object> c1, Comparable<Object> c2) {
            return c2.compareTo(c1);
        }

        @SuppressWarnings("unchecked")
        public Comparator<Comparable<Object>> reversed() {
            return (Comparator<Comparable<Object>>) (Comparator) Comparator.naturalOrder();
        }
    }

    /** A comparator with its arguments exchanged; equal to another reversal of an equal one. */
    private static final class ReversedComparator<T> implements Comparator<T> {
        final Comparator<T> cmp;

        ReversedComparator(Comparator<T> cmp) {
            this.cmp = cmp;
        }

        public int compare(T t1, T t2) {
            return cmp.compare(t2, t1);
        }

        public boolean equals(Object o) {
            return o == this
                    || (o instanceof ReversedComparator && cmp.equals(((ReversedComparator<?>) o).cmp));
        }

        public int hashCode() {
            return cmp.hashCode() ^ Integer.MIN_VALUE;
        }

        public Comparator<T> reversed() {
            return cmp;
        }
    }

    // Empty collections: one object each, shared.

    @SuppressWarnings("rawtypes")
    public static final List EMPTY_LIST = new EmptyList<Object>();

    @SuppressWarnings("rawtypes")
    public static final Set EMPTY_SET = new EmptySet<Object>();

    @SuppressWarnings("rawtypes")
    public static final Map EMPTY_MAP = new EmptyMap<Object, Object>();

    private static final EmptyIterator<Object> EMPTY_ITERATOR = new EmptyIterator<Object>();

    private static final EmptyListIterator<Object> EMPTY_LIST_ITERATOR = new EmptyListIterator<Object>();

    @SuppressWarnings("unchecked")
    public static final <T> List<T> emptyList() {
        return (List<T>) EMPTY_LIST;
    }

    @SuppressWarnings("unchecked")
    public static final <T> Set<T> emptySet() {
        return (Set<T>) EMPTY_SET;
    }

    @SuppressWarnings("unchecked")
    public static final <K, V> Map<K, V> emptyMap() {
        return (Map<K, V>) EMPTY_MAP;
    }

    @SuppressWarnings("unchecked")
    public static <T> Iterator<T> emptyIterator() {
        return (Iterator<T>) EMPTY_ITERATOR;
    }

    @SuppressWarnings("unchecked")
    public static <T> ListIterator<T> emptyListIterator() {
        return (ListIterator<T>) EMPTY_LIST_ITERATOR;
    }

    /** No element: `next` throws NoSuchElementException, `remove` IllegalStateException. */
    private static class EmptyIterator<E> implements Iterator<E> {
        public boolean hasNext() {
            return false;
        }

        public E next() {
            throw new NoSuchElementException();
        }

        public void remove() {
            throw new IllegalStateException();
        }

        public void forEachRemaining(Consumer<? super E> action) {
            Objects.requireNonNull(action);
        }
    }

    /** As EmptyIterator, both ways; `set` finds no element, `add` is refused. */
    private static final class EmptyListIterator<E> extends EmptyIterator<E> implements ListIterator<E> {
        public boolean hasPrevious() {
            return false;
        }

        public E previous() {
            throw new NoSuchElementException();
        }

        public int nextIndex() {
            return 0;
        }

        public int previousIndex() {
            return -1;
        }

        public void set(E e) {
            throw new IllegalStateException();
        }

        public void add(E e) {
            throw new UnsupportedOperationException();
        }
    }

    /**
     * The empty list: equal to every empty list, hash 1. Adding throws (AbstractList's),
     * while removing, clearing and sorting find nothing to do.
     */
    private static final class EmptyList<E> extends AbstractList<E> implements RandomAccess {
        public Iterator<E> iterator() {
            return emptyIterator();
        }

        public ListIterator<E> listIterator() {
            return emptyListIterator();
        }

        public int size() {
            return 0;
        }

        public boolean isEmpty() {
            return true;
        }

        public void clear() {
        }

        public boolean contains(Object obj) {
            return false;
        }

        public boolean containsAll(Collection<?> c) {
            return c.isEmpty();
        }

        public Object[] toArray() {
            return new Object[0];
        }

        public <T> T[] toArray(T[] a) {
            if (a.length > 0) {
                a[0] = null;
            }
            return a;
        }

        public E get(int index) {
            throw new IndexOutOfBoundsException("Index: " + index);
        }

        public boolean equals(Object o) {
            return (o instanceof List) && ((List<?>) o).isEmpty();
        }

        public int hashCode() {
            return 1;
        }

        public boolean removeIf(Predicate<? super E> filter) {
            Objects.requireNonNull(filter);
            return false;
        }

        public void replaceAll(UnaryOperator<E> operator) {
            Objects.requireNonNull(operator);
        }

        public void sort(Comparator<? super E> c) {
        }

        public void forEach(Consumer<? super E> action) {
            Objects.requireNonNull(action);
        }
    }

    /** The empty set: equal to every empty set, hash 0. */
    private static final class EmptySet<E> extends AbstractSet<E> {
        public Iterator<E> iterator() {
            return emptyIterator();
        }

        public int size() {
            return 0;
        }

        public boolean isEmpty() {
            return true;
        }

        public void clear() {
        }

        public boolean contains(Object obj) {
            return false;
        }

        public boolean containsAll(Collection<?> c) {
            return c.isEmpty();
        }

        public Object[] toArray() {
            return new Object[0];
        }

        public boolean removeIf(Predicate<? super E> filter) {
            Objects.requireNonNull(filter);
            return false;
        }

        public void forEach(Consumer<? super E> action) {
            Objects.requireNonNull(action);
        }

        public int hashCode() {
            return 0;
        }
    }

    /**
     * The empty map: its views are the empty set, lookups find nothing, and the default
     * methods that may change a map throw UnsupportedOperationException whatever they are
     * given.
     */
    private static final class EmptyMap<K, V> extends AbstractMap<K, V> {
        public int size() {
            return 0;
        }

        public boolean isEmpty() {
            return true;
        }

        public void clear() {
        }

        public boolean containsKey(Object key) {
            return false;
        }

        public boolean containsValue(Object value) {
            return false;
        }

        public V get(Object key) {
            return null;
        }

        public Set<K> keySet() {
            return emptySet();
        }

        public Collection<V> values() {
            return emptySet();
        }

        public Set<Map.Entry<K, V>> entrySet() {
            return emptySet();
        }

        public boolean equals(Object o) {
            return (o instanceof Map) && ((Map<?, ?>) o).isEmpty();
        }

        public int hashCode() {
            return 0;
        }

        public V getOrDefault(Object k, V defaultValue) {
            return defaultValue;
        }

        public void forEach(BiConsumer<? super K, ? super V> action) {
            Objects.requireNonNull(action);
        }

        public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
            Objects.requireNonNull(function);
        }

        public V putIfAbsent(K key, V value) {
            throw new UnsupportedOperationException();
        }

        public boolean remove(Object key, Object value) {
            throw new UnsupportedOperationException();
        }

        public boolean replace(K key, V oldValue, V newValue) {
            throw new UnsupportedOperationException();
        }

        public V replace(K key, V value) {
            throw new UnsupportedOperationException();
        }

        public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }
    }

    // Singletons.

    public static <T> Set<T> singleton(T o) {
        return new SingletonSet<T>(o);
    }

    public static <T> List<T> singletonList(T o) {
        return new SingletonList<T>(o);
    }

    public static <K, V> Map<K, V> singletonMap(K key, V value) {
        return new SingletonMap<K, V>(key, value);
    }

    /** One element, then none; nothing can be removed through it. */
    private static final class SingletonIterator<E> implements Iterator<E> {
        private final E element;
        private boolean more = true;

        SingletonIterator(E element) {
            this.element = element;
        }

        public boolean hasNext() {
            return more;
        }

        public E next() {
            if (!more) {
                throw new NoSuchElementException();
            }
            more = false;
            return element;
        }

        public void remove() {
            throw new UnsupportedOperationException();
        }

        public void forEachRemaining(Consumer<? super E> action) {
            Objects.requireNonNull(action);
            if (more) {
                more = false;
                action.accept(element);
            }
        }
    }

    /** A set of one element (null allowed); `removeIf` is refused whatever its filter. */
    private static final class SingletonSet<E> extends AbstractSet<E> {
        private final E element;

        SingletonSet(E e) {
            element = e;
        }

        public Iterator<E> iterator() {
            return new SingletonIterator<E>(element);
        }

        public int size() {
            return 1;
        }

        public boolean contains(Object o) {
            return eq(o, element);
        }

        public void forEach(Consumer<? super E> action) {
            action.accept(element);
        }

        public boolean removeIf(Predicate<? super E> filter) {
            throw new UnsupportedOperationException();
        }

        public int hashCode() {
            return Objects.hashCode(element);
        }
    }

    /** A list of one element (null allowed); sorting it changes nothing and is allowed. */
    private static final class SingletonList<E> extends AbstractList<E> implements RandomAccess {
        private final E element;

        SingletonList(E obj) {
            element = obj;
        }

        public Iterator<E> iterator() {
            return new SingletonIterator<E>(element);
        }

        public int size() {
            return 1;
        }

        public boolean contains(Object obj) {
            return eq(obj, element);
        }

        public E get(int index) {
            if (index != 0) {
                throw new IndexOutOfBoundsException("Index: " + index + ", Size: 1");
            }
            return element;
        }

        public void forEach(Consumer<? super E> action) {
            action.accept(element);
        }

        public boolean removeIf(Predicate<? super E> filter) {
            throw new UnsupportedOperationException();
        }

        public void replaceAll(UnaryOperator<E> operator) {
            throw new UnsupportedOperationException();
        }

        public void sort(Comparator<? super E> c) {
        }

        public int hashCode() {
            return 31 + Objects.hashCode(element);
        }
    }

    /**
     * A map of one key and its value (nulls allowed). Its views are singletons (the entry an
     * AbstractMap.SimpleImmutableEntry), and every method that may change it throws
     * UnsupportedOperationException, even when it would change nothing.
     */
    private static final class SingletonMap<K, V> extends AbstractMap<K, V> {
        private final K k;
        private final V v;
        private Set<K> keySet;
        private Set<Map.Entry<K, V>> entrySet;
        private Collection<V> values;

        SingletonMap(K key, V value) {
            k = key;
            v = value;
        }

        public int size() {
            return 1;
        }

        public boolean isEmpty() {
            return false;
        }

        public boolean containsKey(Object key) {
            return eq(key, k);
        }

        public boolean containsValue(Object value) {
            return eq(value, v);
        }

        public V get(Object key) {
            return eq(key, k) ? v : null;
        }

        public Set<K> keySet() {
            if (keySet == null) {
                keySet = singleton(k);
            }
            return keySet;
        }

        public Set<Map.Entry<K, V>> entrySet() {
            if (entrySet == null) {
                Map.Entry<K, V> entry = new AbstractMap.SimpleImmutableEntry<K, V>(k, v);
                entrySet = singleton(entry);
            }
            return entrySet;
        }

        public Collection<V> values() {
            if (values == null) {
                values = singleton(v);
            }
            return values;
        }

        public V getOrDefault(Object key, V defaultValue) {
            return eq(key, k) ? v : defaultValue;
        }

        public void forEach(BiConsumer<? super K, ? super V> action) {
            action.accept(k, v);
        }

        public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
            throw new UnsupportedOperationException();
        }

        public V putIfAbsent(K key, V value) {
            throw new UnsupportedOperationException();
        }

        public boolean remove(Object key, Object value) {
            throw new UnsupportedOperationException();
        }

        public boolean replace(K key, V oldValue, V newValue) {
            throw new UnsupportedOperationException();
        }

        public V replace(K key, V value) {
            throw new UnsupportedOperationException();
        }

        public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }

        public int hashCode() {
            return Objects.hashCode(k) ^ Objects.hashCode(v);
        }
    }

    // n copies of one element.

    public static <T> List<T> nCopies(int n, T o) {
        if (n < 0) {
            throw new IllegalArgumentException("List length = " + n);
        }
        return new CopiesList<T>(n, o);
    }

    /** `n` times one element, unmodifiable, read without storing the copies. */
    private static final class CopiesList<E> extends AbstractList<E> implements RandomAccess {
        final int n;
        final E element;

        CopiesList(int n, E e) {
            this.n = n;
            element = e;
        }

        public int size() {
            return n;
        }

        public boolean contains(Object obj) {
            return n != 0 && eq(obj, element);
        }

        public int indexOf(Object o) {
            return contains(o) ? 0 : -1;
        }

        public int lastIndexOf(Object o) {
            return contains(o) ? n - 1 : -1;
        }

        public E get(int index) {
            if (index < 0 || index >= n) {
                throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + n);
            }
            return element;
        }

        public Object[] toArray() {
            Object[] a = new Object[n];
            if (element != null) {
                Arrays.fill(a, 0, n, element);
            }
            return a;
        }

        public List<E> subList(int fromIndex, int toIndex) {
            if (fromIndex < 0) {
                throw new IndexOutOfBoundsException("fromIndex = " + fromIndex);
            }
            if (toIndex > n) {
                throw new IndexOutOfBoundsException("toIndex = " + toIndex);
            }
            if (fromIndex > toIndex) {
                throw new IllegalArgumentException("fromIndex(" + fromIndex + ") > toIndex(" + toIndex + ")");
            }
            return new CopiesList<E>(toIndex - fromIndex, element);
        }

        /**
         * A list's hash of n equal elements, 31^n + h * (31^(n-1) + ... + 1), computed from
         * the bits of n (so a huge n costs a few steps): runs of copies are joined, a run's
         * power and sum doubled at each bit.
         */
        public int hashCode() {
            int h = element == null ? 0 : element.hashCode();
            int pow = 1;
            int sum = 0;
            int runPow = 31;
            int runSum = 1;
            for (int m = n; m > 0; m >>>= 1) {
                if ((m & 1) != 0) {
                    sum = sum * runPow + runSum;
                    pow = pow * runPow;
                }
                runSum = runSum * runPow + runSum;
                runPow = runPow * runPow;
            }
            return pow + h * sum;
        }
    }

    // Unmodifiable views.

    // What kind of view an unmodifiable wrapper is: a wrapper of the same kind is returned as
    // it is, not wrapped again (the JDK compares the exact class).
    private static final int COLLECTION = 0;
    private static final int SET = 1;
    private static final int SORTED_SET = 2;
    private static final int LIST = 3;
    private static final int ENTRY_SET = 4;

    @SuppressWarnings("unchecked")
    public static <T> Collection<T> unmodifiableCollection(Collection<? extends T> c) {
        if (c instanceof UnmodifiableCollection && ((UnmodifiableCollection<?>) c).kind() == COLLECTION) {
            return (Collection<T>) c;
        }
        return new UnmodifiableCollection<T>(c);
    }

    @SuppressWarnings("unchecked")
    public static <T> Set<T> unmodifiableSet(Set<? extends T> s) {
        if (s instanceof UnmodifiableCollection && ((UnmodifiableCollection<?>) s).kind() == SET) {
            return (Set<T>) s;
        }
        return new UnmodifiableSet<T>(s);
    }

    @SuppressWarnings("unchecked")
    public static <T> SortedSet<T> unmodifiableSortedSet(SortedSet<T> s) {
        if (s instanceof UnmodifiableCollection && ((UnmodifiableCollection<?>) s).kind() == SORTED_SET) {
            return s;
        }
        return new UnmodifiableSortedSet<T>(s);
    }

    @SuppressWarnings("unchecked")
    public static <T> List<T> unmodifiableList(List<? extends T> list) {
        if (list instanceof UnmodifiableList) {
            return (List<T>) list;
        }
        if (list instanceof RandomAccess) {
            return new UnmodifiableRandomAccessList<T>(list);
        }
        return new UnmodifiableList<T>(list);
    }

    @SuppressWarnings("unchecked")
    public static <K, V> Map<K, V> unmodifiableMap(Map<? extends K, ? extends V> m) {
        if (m instanceof UnmodifiableMap && !(m instanceof UnmodifiableSortedMap)) {
            return (Map<K, V>) m;
        }
        return new UnmodifiableMap<K, V>(m);
    }

    @SuppressWarnings("unchecked")
    public static <K, V> SortedMap<K, V> unmodifiableSortedMap(SortedMap<K, ? extends V> m) {
        if (m instanceof UnmodifiableSortedMap) {
            return (SortedMap<K, V>) m;
        }
        return new UnmodifiableSortedMap<K, V>(m);
    }

    /**
     * A read-only view of a collection: queries, `toString` and `forEach` go to it, every
     * change throws UnsupportedOperationException (even one that would change nothing), and
     * its iterator cannot remove. `equals` and `hashCode` are Object's: a collection that is
     * neither a set nor a list has no content equality to pass on.
     */
    static class UnmodifiableCollection<E> implements Collection<E> {
        final Collection<? extends E> c;

        UnmodifiableCollection(Collection<? extends E> c) {
            this.c = Objects.requireNonNull(c);
        }

        int kind() {
            return COLLECTION;
        }

        public int size() {
            return c.size();
        }

        public boolean isEmpty() {
            return c.isEmpty();
        }

        public boolean contains(Object o) {
            return c.contains(o);
        }

        public Object[] toArray() {
            return c.toArray();
        }

        public String toString() {
            return c.toString();
        }

        @SuppressWarnings("unchecked")
        public Iterator<E> iterator() {
            return new ReadOnlyIterator<E>((Iterator<E>) c.iterator());
        }

        public boolean add(E e) {
            throw new UnsupportedOperationException();
        }

        public boolean remove(Object o) {
            throw new UnsupportedOperationException();
        }

        public boolean containsAll(Collection<?> coll) {
            return c.containsAll(coll);
        }

        public boolean addAll(Collection<? extends E> coll) {
            throw new UnsupportedOperationException();
        }

        public boolean removeAll(Collection<?> coll) {
            throw new UnsupportedOperationException();
        }

        public boolean retainAll(Collection<?> coll) {
            throw new UnsupportedOperationException();
        }

        public void clear() {
            throw new UnsupportedOperationException();
        }

        @SuppressWarnings("unchecked")
        public void forEach(Consumer<? super E> action) {
            ((Collection<E>) c).forEach(action);
        }

        public boolean removeIf(Predicate<? super E> filter) {
            throw new UnsupportedOperationException();
        }
    }

    /** An iterator that reads through and refuses `remove`. */
    private static final class ReadOnlyIterator<E> implements Iterator<E> {
        private final Iterator<E> i;

        ReadOnlyIterator(Iterator<E> i) {
            this.i = i;
        }

        public boolean hasNext() {
            return i.hasNext();
        }

        public E next() {
            return i.next();
        }

        public void remove() {
            throw new UnsupportedOperationException();
        }

        public void forEachRemaining(Consumer<? super E> action) {
            i.forEachRemaining(action);
        }
    }

    /** A read-only set: equal to what its set is equal to, with its hash code. */
    static class UnmodifiableSet<E> extends UnmodifiableCollection<E> implements Set<E> {
        UnmodifiableSet(Set<? extends E> s) {
            super(s);
        }

        int kind() {
            return SET;
        }

        public boolean equals(Object o) {
            return o == this || c.equals(o);
        }

        public int hashCode() {
            return c.hashCode();
        }
    }

    /** A read-only sorted set; its range views are read-only too. */
    static class UnmodifiableSortedSet<E> extends UnmodifiableSet<E> implements SortedSet<E> {
        private final SortedSet<E> ss;

        UnmodifiableSortedSet(SortedSet<E> s) {
            super(s);
            ss = s;
        }

        int kind() {
            return SORTED_SET;
        }

        public Comparator<? super E> comparator() {
            return ss.comparator();
        }

        public SortedSet<E> subSet(E fromElement, E toElement) {
            return new UnmodifiableSortedSet<E>(ss.subSet(fromElement, toElement));
        }

        public SortedSet<E> headSet(E toElement) {
            return new UnmodifiableSortedSet<E>(ss.headSet(toElement));
        }

        public SortedSet<E> tailSet(E fromElement) {
            return new UnmodifiableSortedSet<E>(ss.tailSet(fromElement));
        }

        public E first() {
            return ss.first();
        }

        public E last() {
            return ss.last();
        }
    }

    /**
     * A read-only list: positions read through, equal to what its list is equal to; its list
     * iterators move both ways but change nothing, and its sublists are read-only views.
     */
    static class UnmodifiableList<E> extends UnmodifiableCollection<E> implements List<E> {
        final List<? extends E> list;

        UnmodifiableList(List<? extends E> list) {
            super(list);
            this.list = list;
        }

        int kind() {
            return LIST;
        }

        public boolean equals(Object o) {
            return o == this || list.equals(o);
        }

        public int hashCode() {
            return list.hashCode();
        }

        public E get(int index) {
            return list.get(index);
        }

        public E set(int index, E element) {
            throw new UnsupportedOperationException();
        }

        public void add(int index, E element) {
            throw new UnsupportedOperationException();
        }

        public E remove(int index) {
            throw new UnsupportedOperationException();
        }

        public int indexOf(Object o) {
            return list.indexOf(o);
        }

        public int lastIndexOf(Object o) {
            return list.lastIndexOf(o);
        }

        public boolean addAll(int index, Collection<? extends E> c) {
            throw new UnsupportedOperationException();
        }

        public <T> T[] toArray(T[] a) {
            return list.toArray(a);
        }

        public void replaceAll(UnaryOperator<E> operator) {
            throw new UnsupportedOperationException();
        }

        public void sort(Comparator<? super E> c) {
            throw new UnsupportedOperationException();
        }

        public ListIterator<E> listIterator() {
            return listIterator(0);
        }

        @SuppressWarnings("unchecked")
        public ListIterator<E> listIterator(int index) {
            return new ReadOnlyListIterator<E>((ListIterator<E>) list.listIterator(index));
        }

        public List<E> subList(int fromIndex, int toIndex) {
            return new UnmodifiableList<E>(list.subList(fromIndex, toIndex));
        }
    }

    /** A read-only view of a RandomAccess list, itself RandomAccess (and its sublists). */
    static class UnmodifiableRandomAccessList<E> extends UnmodifiableList<E> implements RandomAccess {
        UnmodifiableRandomAccessList(List<? extends E> list) {
            super(list);
        }

        public List<E> subList(int fromIndex, int toIndex) {
            return new UnmodifiableRandomAccessList<E>(list.subList(fromIndex, toIndex));
        }
    }

    /** A list iterator that moves through its list and changes nothing. */
    private static final class ReadOnlyListIterator<E> implements ListIterator<E> {
        private final ListIterator<E> i;

        ReadOnlyListIterator(ListIterator<E> i) {
            this.i = i;
        }

        public boolean hasNext() {
            return i.hasNext();
        }

        public E next() {
            return i.next();
        }

        public boolean hasPrevious() {
            return i.hasPrevious();
        }

        public E previous() {
            return i.previous();
        }

        public int nextIndex() {
            return i.nextIndex();
        }

        public int previousIndex() {
            return i.previousIndex();
        }

        public void remove() {
            throw new UnsupportedOperationException();
        }

        public void set(E e) {
            throw new UnsupportedOperationException();
        }

        public void add(E e) {
            throw new UnsupportedOperationException();
        }

        public void forEachRemaining(Consumer<? super E> action) {
            i.forEachRemaining(action);
        }
    }

    /**
     * A read-only map: lookups, `equals`, `hashCode` and `toString` go to its map; its key
     * set and values are read-only views, and its entries refuse `setValue`. Every method
     * that may change a map throws UnsupportedOperationException, even one that would not.
     */
    static class UnmodifiableMap<K, V> implements Map<K, V> {
        private final Map<? extends K, ? extends V> m;
        private Set<K> keySet;
        private Set<Map.Entry<K, V>> entrySet;
        private Collection<V> values;

        UnmodifiableMap(Map<? extends K, ? extends V> m) {
            this.m = Objects.requireNonNull(m);
        }

        public int size() {
            return m.size();
        }

        public boolean isEmpty() {
            return m.isEmpty();
        }

        public boolean containsKey(Object key) {
            return m.containsKey(key);
        }

        public boolean containsValue(Object val) {
            return m.containsValue(val);
        }

        public V get(Object key) {
            return m.get(key);
        }

        public V put(K key, V value) {
            throw new UnsupportedOperationException();
        }

        public V remove(Object key) {
            throw new UnsupportedOperationException();
        }

        public void putAll(Map<? extends K, ? extends V> map) {
            throw new UnsupportedOperationException();
        }

        public void clear() {
            throw new UnsupportedOperationException();
        }

        public Set<K> keySet() {
            if (keySet == null) {
                keySet = unmodifiableSet(m.keySet());
            }
            return keySet;
        }

        @SuppressWarnings("unchecked")
        public Set<Map.Entry<K, V>> entrySet() {
            if (entrySet == null) {
                entrySet = new UnmodifiableEntrySet<K, V>((Set<Map.Entry<K, V>>) (Set) m.entrySet());
            }
            return entrySet;
        }

        public Collection<V> values() {
            if (values == null) {
                values = unmodifiableCollection(m.values());
            }
            return values;
        }

        public boolean equals(Object o) {
            return o == this || m.equals(o);
        }

        public int hashCode() {
            return m.hashCode();
        }

        public String toString() {
            return m.toString();
        }

        @SuppressWarnings("unchecked")
        public V getOrDefault(Object k, V defaultValue) {
            return ((Map<K, V>) m).getOrDefault(k, defaultValue);
        }

        @SuppressWarnings("unchecked")
        public void forEach(BiConsumer<? super K, ? super V> action) {
            ((Map<K, V>) m).forEach(action);
        }

        public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
            throw new UnsupportedOperationException();
        }

        public V putIfAbsent(K key, V value) {
            throw new UnsupportedOperationException();
        }

        public boolean remove(Object key, Object value) {
            throw new UnsupportedOperationException();
        }

        public boolean replace(K key, V oldValue, V newValue) {
            throw new UnsupportedOperationException();
        }

        public V replace(K key, V value) {
            throw new UnsupportedOperationException();
        }

        public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }

        public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
            throw new UnsupportedOperationException();
        }
    }

    /**
     * The entry set of a read-only map: its entries (from its iterator, `toArray` and
     * `forEach`) are read-only wrappers of the map's, and membership is asked of the map's
     * entry set with the entry wrapped.
     */
    private static final class UnmodifiableEntrySet<K, V> extends UnmodifiableSet<Map.Entry<K, V>> {
        private final Set<Map.Entry<K, V>> entries;

        UnmodifiableEntrySet(Set<Map.Entry<K, V>> s) {
            super(s);
            entries = s;
        }

        int kind() {
            return ENTRY_SET;
        }

        public Iterator<Map.Entry<K, V>> iterator() {
            Iterator<Map.Entry<K, V>> i = entries.iterator();
            return new Iterator<Map.Entry<K, V>>() {
                public boolean hasNext() {
                    return i.hasNext();
                }

                public Map.Entry<K, V> next() {
                    return new UnmodifiableEntry<K, V>(i.next());
                }

                public void remove() {
                    throw new UnsupportedOperationException();
                }
            };
        }

        @SuppressWarnings("unchecked")
        public Object[] toArray() {
            Object[] a = entries.toArray();
            for (int i = 0; i < a.length; i++) {
                a[i] = new UnmodifiableEntry<K, V>((Map.Entry<K, V>) a[i]);
            }
            return a;
        }

        public void forEach(Consumer<? super Map.Entry<K, V>> action) {
            Objects.requireNonNull(action);
            entries.forEach(e -> action.accept(new UnmodifiableEntry<K, V>(e)));
        }

        @SuppressWarnings("unchecked")
        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            return entries.contains(new UnmodifiableEntry<Object, Object>((Map.Entry<Object, Object>) o));
        }

        public boolean containsAll(Collection<?> coll) {
            for (Object e : coll) {
                if (!contains(e)) {
                    return false;
                }
            }
            return true;
        }

        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (!(o instanceof Set)) {
                return false;
            }
            Set<?> s = (Set<?>) o;
            if (s.size() != entries.size()) {
                return false;
            }
            return containsAll(s);
        }
    }

    /** An entry of a read-only map: read through, `setValue` refused. */
    private static final class UnmodifiableEntry<K, V> implements Map.Entry<K, V> {
        private final Map.Entry<K, V> e;

        UnmodifiableEntry(Map.Entry<K, V> e) {
            this.e = Objects.requireNonNull(e);
        }

        public K getKey() {
            return e.getKey();
        }

        public V getValue() {
            return e.getValue();
        }

        public V setValue(V value) {
            throw new UnsupportedOperationException();
        }

        public int hashCode() {
            return e.hashCode();
        }

        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> t = (Map.Entry<?, ?>) o;
            return eq(e.getKey(), t.getKey()) && eq(e.getValue(), t.getValue());
        }

        public String toString() {
            return e.toString();
        }
    }

    /** A read-only sorted map; its range views are read-only too. */
    static class UnmodifiableSortedMap<K, V> extends UnmodifiableMap<K, V> implements SortedMap<K, V> {
        private final SortedMap<K, ? extends V> sm;

        UnmodifiableSortedMap(SortedMap<K, ? extends V> m) {
            super(m);
            sm = m;
        }

        public Comparator<? super K> comparator() {
            return sm.comparator();
        }

        public SortedMap<K, V> subMap(K fromKey, K toKey) {
            return new UnmodifiableSortedMap<K, V>(sm.subMap(fromKey, toKey));
        }

        public SortedMap<K, V> headMap(K toKey) {
            return new UnmodifiableSortedMap<K, V>(sm.headMap(toKey));
        }

        public SortedMap<K, V> tailMap(K fromKey) {
            return new UnmodifiableSortedMap<K, V>(sm.tailMap(fromKey));
        }

        public K firstKey() {
            return sm.firstKey();
        }

        public K lastKey() {
            return sm.lastKey();
        }
    }
}
