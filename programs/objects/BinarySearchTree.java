/** An unbalanced binary search tree of distinct ints: insert, lookup, removal, height, extremes and in-order traversal. */
public class BinarySearchTree {
    static final class Node {
        int key;
        Node left;
        Node right;

        Node(int key) {
            this.key = key;
        }
    }

    private Node root;
    private int size;

    public BinarySearchTree(int... keys) {
        for (int k : keys) {
            insert(k);
        }
    }

    /** Inserts key; returns false if it was already present. */
    public boolean insert(int key) {
        if (root == null) {
            root = new Node(key);
            size++;
            return true;
        }
        Node current = root;
        while (true) {
            if (key < current.key) {
                if (current.left == null) {
                    current.left = new Node(key);
                    break;
                }
                current = current.left;
            } else if (key > current.key) {
                if (current.right == null) {
                    current.right = new Node(key);
                    break;
                }
                current = current.right;
            } else {
                return false;
            }
        }
        size++;
        return true;
    }

    public boolean contains(int key) {
        Node current = root;
        while (current != null) {
            if (key == current.key) {
                return true;
            }
            current = key < current.key ? current.left : current.right;
        }
        return false;
    }

    /** Removes key; returns false if it was absent. */
    public boolean remove(int key) {
        int before = size;
        root = remove(root, key);
        return size < before;
    }

    private Node remove(Node node, int key) {
        if (node == null) {
            return null;
        }
        if (key < node.key) {
            node.left = remove(node.left, key);
        } else if (key > node.key) {
            node.right = remove(node.right, key);
        } else {
            if (node.left == null) {
                size--;
                return node.right;
            }
            if (node.right == null) {
                size--;
                return node.left;
            }
            Node successor = node.right;
            while (successor.left != null) {
                successor = successor.left;
            }
            node.key = successor.key;
            node.right = remove(node.right, successor.key);
        }
        return node;
    }

    public int height() {
        return height(root);
    }

    private static int height(Node node) {
        if (node == null) {
            return 0;
        }
        return 1 + Math.max(height(node.left), height(node.right));
    }

    public int min() {
        if (root == null) {
            throw new IllegalStateException("empty tree");
        }
        Node n = root;
        while (n.left != null) {
            n = n.left;
        }
        return n.key;
    }

    public int max() {
        if (root == null) {
            throw new IllegalStateException("empty tree");
        }
        Node n = root;
        while (n.right != null) {
            n = n.right;
        }
        return n.key;
    }

    public int size() {
        return size;
    }

    public int[] inOrder() {
        int[] out = new int[size];
        fill(root, out, 0);
        return out;
    }

    private int fill(Node node, int[] out, int next) {
        if (node == null) {
            return next;
        }
        next = fill(node.left, out, next);
        out[next] = node.key;
        next = fill(node.right, out, next + 1);
        return next;
    }

    /** Number of keys k with low <= k <= high. */
    public int countInRange(int low, int high) {
        return countInRange(root, low, high);
    }

    private static int countInRange(Node node, int low, int high) {
        if (node == null) {
            return 0;
        }
        if (node.key < low) {
            return countInRange(node.right, low, high);
        }
        if (node.key > high) {
            return countInRange(node.left, low, high);
        }
        return 1 + countInRange(node.left, low, high) + countInRange(node.right, low, high);
    }

    @Override
    public String toString() {
        int[] keys = inOrder();
        String s = "{";
        for (int i = 0; i < keys.length; i++) {
            if (i > 0) {
                s += " ";
            }
            s += keys[i];
        }
        return s + "}";
    }
}
