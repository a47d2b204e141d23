package java.lang;

/**
 * roth's model of java.lang.AbstractStringBuilder (JDK 17), the text of a StringBuilder or a
 * StringBuffer: a char array and a count, grown as the JDK grows it (twice the capacity
 * plus two, or what is asked when that is more), so `capacity()` answers as the JVM's
 * does; range checks throw the JDK's exceptions with its messages.
 */
abstract class AbstractStringBuilder {
    char[] value;
    int count;

    AbstractStringBuilder(int capacity) {
        value = new char[capacity];
    }

    AbstractStringBuilder(String str) {
        value = new char[str.length() + 16];
        append(str);
    }

    public int length() {
        return count;
    }

    public int capacity() {
        return value.length;
    }

    public void ensureCapacity(int minimumCapacity) {
        if (minimumCapacity > 0) {
            ensureCapacityInternal(minimumCapacity);
        }
    }

    private void ensureCapacityInternal(int minimumCapacity) {
        int oldCapacity = value.length;
        if (minimumCapacity - oldCapacity > 0) {
            int growth = Math.max(minimumCapacity - oldCapacity, oldCapacity + 2);
            char[] grown = new char[oldCapacity + growth];
            System.arraycopy(value, 0, grown, 0, count);
            value = grown;
        }
    }

    public void trimToSize() {
        if (count < value.length) {
            char[] trimmed = new char[count];
            System.arraycopy(value, 0, trimmed, 0, count);
            value = trimmed;
        }
    }

    public void setLength(int newLength) {
        if (newLength < 0) {
            throw new StringIndexOutOfBoundsException("String index out of range: " + newLength);
        }
        ensureCapacityInternal(newLength);
        for (int i = count; i < newLength; i++) {
            value[i] = '\0';
        }
        count = newLength;
    }

    public char charAt(int index) {
        checkIndex(index, count);
        return value[index];
    }

    public int codePointAt(int index) {
        checkIndex(index, count);
        char high = value[index];
        if (Character.isHighSurrogate(high) && index + 1 < count) {
            char low = value[index + 1];
            if (Character.isLowSurrogate(low)) {
                return Character.toCodePoint(high, low);
            }
        }
        return high;
    }

    public void setCharAt(int index, char ch) {
        checkIndex(index, count);
        value[index] = ch;
    }

    AbstractStringBuilder append(String str) {
        if (str == null) {
            return appendNull();
        }
        int len = str.length();
        ensureCapacityInternal(count + len);
        System.arraycopy(str.toCharArray(), 0, value, count, len);
        count += len;
        return this;
    }

    AbstractStringBuilder append(Object obj) {
        return append(String.valueOf(obj));
    }

    AbstractStringBuilder append(String s, int start, int end) {
        if (s == null) {
            return append("null", start, end);
        }
        if (start < 0 || start > end || end > s.length()) {
            throw new IndexOutOfBoundsException(
                    "start " + start + ", end " + end + ", length " + s.length());
        }
        return append(s.substring(start, end));
    }

    AbstractStringBuilder append(char[] str) {
        int len = str.length;
        ensureCapacityInternal(count + len);
        System.arraycopy(str, 0, value, count, len);
        count += len;
        return this;
    }

    AbstractStringBuilder append(char[] str, int offset, int len) {
        int end = offset + len;
        if (offset < 0 || len < 0 || end > str.length) {
            throw new IndexOutOfBoundsException(
                    "start " + offset + ", end " + end + ", length " + str.length);
        }
        ensureCapacityInternal(count + len);
        System.arraycopy(str, offset, value, count, len);
        count += len;
        return this;
    }

    private AbstractStringBuilder appendNull() {
        return append("null");
    }

    AbstractStringBuilder append(boolean b) {
        return append(b ? "true" : "false");
    }

    AbstractStringBuilder append(char c) {
        ensureCapacityInternal(count + 1);
        value[count] = c;
        count++;
        return this;
    }

    AbstractStringBuilder append(int i) {
        return append(String.valueOf(i));
    }

    AbstractStringBuilder append(long l) {
        return append(String.valueOf(l));
    }

    AbstractStringBuilder append(float f) {
        return append(String.valueOf(f));
    }

    AbstractStringBuilder append(double d) {
        return append(String.valueOf(d));
    }

    AbstractStringBuilder appendCodePoint(int codePoint) {
        if (Character.isBmpCodePoint(codePoint)) {
            return append((char) codePoint);
        }
        if (!Character.isValidCodePoint(codePoint)) {
            throw new IllegalArgumentException(
                    "Not a valid Unicode code point: 0x" + Integer.toHexString(codePoint).toUpperCase());
        }
        append(Character.highSurrogate(codePoint));
        return append(Character.lowSurrogate(codePoint));
    }

    AbstractStringBuilder delete(int start, int end) {
        if (end > count) {
            end = count;
        }
        checkRange(start, end, count);
        int len = end - start;
        if (len > 0) {
            System.arraycopy(value, start + len, value, start, count - end);
            count -= len;
        }
        return this;
    }

    AbstractStringBuilder deleteCharAt(int index) {
        checkIndex(index, count);
        System.arraycopy(value, index + 1, value, index, count - index - 1);
        count--;
        return this;
    }

    AbstractStringBuilder replace(int start, int end, String str) {
        if (end > count) {
            end = count;
        }
        checkRange(start, end, count);
        int len = str.length();
        int newCount = count + len - (end - start);
        ensureCapacityInternal(newCount);
        System.arraycopy(value, end, value, start + len, count - end);
        System.arraycopy(str.toCharArray(), 0, value, start, len);
        count = newCount;
        return this;
    }

    public String substring(int start) {
        return substring(start, count);
    }

    public String substring(int start, int end) {
        checkRange(start, end, count);
        char[] part = new char[end - start];
        System.arraycopy(value, start, part, 0, end - start);
        return new String(part);
    }

    AbstractStringBuilder insert(int offset, String str) {
        checkOffset(offset, count);
        if (str == null) {
            str = "null";
        }
        int len = str.length();
        ensureCapacityInternal(count + len);
        System.arraycopy(value, offset, value, offset + len, count - offset);
        System.arraycopy(str.toCharArray(), 0, value, offset, len);
        count += len;
        return this;
    }

    AbstractStringBuilder insert(int offset, char[] str) {
        checkOffset(offset, count);
        return insert(offset, new String(str));
    }

    AbstractStringBuilder insert(int index, char[] str, int offset, int len) {
        checkOffset(index, count);
        if (offset < 0 || len < 0 || offset + len > str.length) {
            throw new StringIndexOutOfBoundsException(
                    "start " + offset + ", end " + (offset + len) + ", length " + str.length);
        }
        char[] part = new char[len];
        System.arraycopy(str, offset, part, 0, len);
        return insert(index, new String(part));
    }

    AbstractStringBuilder insert(int offset, Object obj) {
        return insert(offset, String.valueOf(obj));
    }

    AbstractStringBuilder insert(int offset, boolean b) {
        return insert(offset, String.valueOf(b));
    }

    AbstractStringBuilder insert(int offset, char c) {
        checkOffset(offset, count);
        ensureCapacityInternal(count + 1);
        System.arraycopy(value, offset, value, offset + 1, count - offset);
        value[offset] = c;
        count++;
        return this;
    }

    AbstractStringBuilder insert(int offset, int i) {
        return insert(offset, String.valueOf(i));
    }

    AbstractStringBuilder insert(int offset, long l) {
        return insert(offset, String.valueOf(l));
    }

    AbstractStringBuilder insert(int offset, float f) {
        return insert(offset, String.valueOf(f));
    }

    AbstractStringBuilder insert(int offset, double d) {
        return insert(offset, String.valueOf(d));
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return toString().indexOf(str, fromIndex);
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, count);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return toString().lastIndexOf(str, fromIndex);
    }

    /** Reversed, a surrogate pair kept in its order (as the JDK reverses). */
    AbstractStringBuilder reverse() {
        boolean surrogates = false;
        int n = count - 1;
        for (int j = (n - 1) >> 1; j >= 0; j--) {
            int k = n - j;
            char cj = value[j];
            char ck = value[k];
            value[j] = ck;
            value[k] = cj;
            if (Character.isSurrogate(cj) || Character.isSurrogate(ck)) {
                surrogates = true;
            }
        }
        if (surrogates) {
            for (int i = 0; i < count - 1; i++) {
                char c2 = value[i];
                if (Character.isLowSurrogate(c2)) {
                    char c1 = value[i + 1];
                    if (Character.isHighSurrogate(c1)) {
                        value[i] = c1;
                        value[i + 1] = c2;
                        i++;
                    }
                }
            }
        }
        return this;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public abstract String toString();

    String text() {
        char[] part = new char[count];
        System.arraycopy(value, 0, part, 0, count);
        return new String(part);
    }

    private static void checkIndex(int index, int length) {
        if (index < 0 || index >= length) {
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + length);
        }
    }

    private static void checkOffset(int offset, int length) {
        if (offset < 0 || offset > length) {
            throw new StringIndexOutOfBoundsException("offset " + offset + ", length " + length);
        }
    }

    private static void checkRange(int start, int end, int length) {
        if (start < 0 || start > end || end > length) {
            throw new StringIndexOutOfBoundsException(
                    "start " + start + ", end " + end + ", length " + length);
        }
    }
}
