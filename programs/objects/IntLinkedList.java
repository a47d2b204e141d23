/** A singly linked list of ints with its own node class: add at either end, indexed access, search, in-place reversal. */
public class IntLinkedList {
    private static class Node {
        int value;
        Node next;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    private Node head;
    private Node tail;
    private int size;

    public IntLinkedList() {
        head = null;
        tail = null;
        size = 0;
    }

    public IntLinkedList(int[] values) {
        this();
        for (int v : values) {
            add(v);
        }
    }

    public void add(int value) {
        Node node = new Node(value, null);
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
        size++;
    }

    public void addFirst(int value) {
        head = new Node(value, head);
        if (tail == null) {
            tail = head;
        }
        size++;
    }

    public int removeFirst() {
        if (head == null) {
            throw new IllegalStateException("list is empty");
        }
        int value = head.value;
        head = head.next;
        if (head == null) {
            tail = null;
        }
        size--;
        return value;
    }

    public int get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " out of bounds for size " + size);
        }
        Node current = head;
        for (int i = 0; i < index; i++) {
            current = current.next;
        }
        return current.value;
    }

    public int indexOf(int value) {
        int index = 0;
        for (Node n = head; n != null; n = n.next) {
            if (n.value == value) {
                return index;
            }
            index++;
        }
        return -1;
    }

    public boolean contains(int value) {
        return indexOf(value) >= 0;
    }

    public void reverse() {
        Node previous = null;
        Node current = head;
        tail = head;
        while (current != null) {
            Node next = current.next;
            current.next = previous;
            previous = current;
            current = next;
        }
        head = previous;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int sum() {
        int total = 0;
        for (Node n = head; n != null; n = n.next) {
            total += n.value;
        }
        return total;
    }

    public int[] toArray() {
        int[] result = new int[size];
        int i = 0;
        for (Node n = head; n != null; n = n.next) {
            result[i++] = n.value;
        }
        return result;
    }

    @Override
    public String toString() {
        String s = "[";
        for (Node n = head; n != null; n = n.next) {
            s += n.value;
            if (n.next != null) {
                s += ", ";
            }
        }
        return s + "]";
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof IntLinkedList)) {
            return false;
        }
        IntLinkedList that = (IntLinkedList) other;
        if (size != that.size) {
            return false;
        }
        Node a = head;
        Node b = that.head;
        while (a != null) {
            if (a.value != b.value) {
                return false;
            }
            a = a.next;
            b = b.next;
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 1;
        for (Node n = head; n != null; n = n.next) {
            h = 31 * h + n.value;
        }
        return h;
    }
}
