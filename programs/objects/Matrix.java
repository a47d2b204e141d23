/** An immutable matrix of ints: copying constructor, identity factory, addition, multiplication, transpose, powers and equality. */
public final class Matrix {
    private final int rows;
    private final int cols;
    private final int[][] data;

    public Matrix(int[][] entries) {
        if (entries.length == 0 || entries[0].length == 0) {
            throw new IllegalArgumentException("matrix must have at least one row and one column");
        }
        rows = entries.length;
        cols = entries[0].length;
        data = new int[rows][cols];
        for (int i = 0; i < rows; i++) {
            if (entries[i].length != cols) {
                throw new IllegalArgumentException("row " + i + " has length " + entries[i].length + ", expected " + cols);
            }
            for (int j = 0; j < cols; j++) {
                data[i][j] = entries[i][j];
            }
        }
    }

    private Matrix(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        this.data = new int[rows][cols];
    }

    public static Matrix identity(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("size must be positive");
        }
        Matrix m = new Matrix(n, n);
        for (int i = 0; i < n; i++) {
            m.data[i][i] = 1;
        }
        return m;
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    public int get(int row, int col) {
        return data[row][col];
    }

    public int[][] toArray() {
        int[][] copy = new int[rows][];
        for (int i = 0; i < rows; i++) {
            copy[i] = data[i].clone();
        }
        return copy;
    }

    public boolean isSquare() {
        return rows == cols;
    }

    public Matrix add(Matrix other) {
        if (rows != other.rows || cols != other.cols) {
            throw new IllegalArgumentException("cannot add " + shape() + " and " + other.shape());
        }
        Matrix sum = new Matrix(rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                sum.data[i][j] = data[i][j] + other.data[i][j];
            }
        }
        return sum;
    }

    public Matrix multiply(Matrix other) {
        if (cols != other.rows) {
            throw new IllegalArgumentException("cannot multiply " + shape() + " by " + other.shape());
        }
        Matrix product = new Matrix(rows, other.cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < other.cols; j++) {
                int s = 0;
                for (int k = 0; k < cols; k++) {
                    s += data[i][k] * other.data[k][j];
                }
                product.data[i][j] = s;
            }
        }
        return product;
    }

    public Matrix scale(int factor) {
        Matrix m = new Matrix(rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                m.data[i][j] = factor * data[i][j];
            }
        }
        return m;
    }

    public Matrix transpose() {
        Matrix t = new Matrix(cols, rows);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                t.data[j][i] = data[i][j];
            }
        }
        return t;
    }

    /** Square-and-multiply exponentiation; power 0 is the identity. */
    public Matrix power(int exponent) {
        if (!isSquare()) {
            throw new IllegalArgumentException("power of a non-square matrix");
        }
        if (exponent < 0) {
            throw new IllegalArgumentException("negative exponent");
        }
        Matrix result = identity(rows);
        Matrix base = this;
        while (exponent > 0) {
            if (exponent % 2 == 1) {
                result = result.multiply(base);
            }
            base = base.multiply(base);
            exponent /= 2;
        }
        return result;
    }

    public int trace() {
        if (!isSquare()) {
            throw new IllegalArgumentException("trace of a non-square matrix");
        }
        int t = 0;
        for (int i = 0; i < rows; i++) {
            t += data[i][i];
        }
        return t;
    }

    public boolean isSymmetric() {
        if (!isSquare()) {
            return false;
        }
        for (int i = 0; i < rows; i++) {
            for (int j = i + 1; j < cols; j++) {
                if (data[i][j] != data[j][i]) {
                    return false;
                }
            }
        }
        return true;
    }

    private String shape() {
        return rows + "x" + cols;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Matrix)) {
            return false;
        }
        Matrix m = (Matrix) o;
        if (rows != m.rows || cols != m.cols) {
            return false;
        }
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                if (data[i][j] != m.data[i][j]) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 31 * rows + cols;
        for (int[] row : data) {
            for (int v : row) {
                h = 31 * h + v;
            }
        }
        return h;
    }

    @Override
    public String toString() {
        String s = "[";
        for (int i = 0; i < rows; i++) {
            s += i == 0 ? "[" : ", [";
            for (int j = 0; j < cols; j++) {
                s += (j == 0 ? "" : " ") + data[i][j];
            }
            s += "]";
        }
        return s + "]";
    }
}
