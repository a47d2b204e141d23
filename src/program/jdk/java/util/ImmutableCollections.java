package java.util;

/**
 * roth's model of java.util.ImmutableCollections (JDK 17): the lists of List.of and
 * List.copyOf. No element is null (NullPointerException when one is given or looked for),
 * and every change throws UnsupportedOperationException without a message.
 */
final class ImmutableCollections {
    private ImmutableCollections() {
    }

    static UnsupportedOperationException uoe() {
        return new UnsupportedOperationException();
    }

    static final class ListN<E> extends AbstractList<E> {
        private final Object[] elements;

        ListN(Object[] input, boolean allowNulls) {
            Object[] copy = new Object[input.length];
            for (int i = 0; i < input.length; i++) {
                copy[i] = allowNulls ? input[i] : Objects.requireNonNull(input[i]);
            }
            elements = copy;
        }

        public int size() {
            return elements.length;
        }

        public boolean isEmpty() {
            return elements.length == 0;
        }

        @SuppressWarnings("unchecked")
        public E get(int index) {
            if (index < 0 || index >= elements.length) {
                throw new IndexOutOfBoundsException("Index: " + index + " Size: " + elements.length);
            }
            return (E) elements[index];
        }

        public Object[] toArray() {
            return Arrays.copyOf(elements, elements.length);
        }

        public int indexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = 0; i < elements.length; i++) {
                if (o.equals(elements[i])) {
                    return i;
                }
            }
            return -1;
        }

        public int lastIndexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = elements.length - 1; i >= 0; i--) {
                if (o.equals(elements[i])) {
                    return i;
                }
            }
            return -1;
        }

        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        public boolean add(E e) {
            throw uoe();
        }

        public void add(int index, E element) {
            throw uoe();
        }

        public boolean addAll(Collection<? extends E> c) {
            throw uoe();
        }

        public boolean addAll(int index, Collection<? extends E> c) {
            throw uoe();
        }

        public E set(int index, E element) {
            throw uoe();
        }

        public E remove(int index) {
            throw uoe();
        }

        public boolean remove(Object o) {
            throw uoe();
        }

        public boolean removeAll(Collection<?> c) {
            throw uoe();
        }

        public boolean retainAll(Collection<?> c) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public void sort(Comparator<? super E> c) {
            throw uoe();
        }

        public int hashCode() {
            int hash = 1;
            for (Object e : elements) {
                hash = 31 * hash + e.hashCode();
            }
            return hash;
        }
    }
}
