package java.lang;

/**
 * roth's own class: the arguments of String.format and printf when some are objects (boxes,
 * strings, the unit's objects, big numbers), read for the formatter roth runs natively. An
 * object's text is its toString(), asked where a %s reads it, in the order the specifiers
 * come (the formatter calls it then); its hash code likewise where a %h reads it.
 */
final class FormatArguments {
    private FormatArguments() {
    }

    static String format(String format, Object[] args) {
        int n = args == null ? 0 : args.length;
        int[] kinds = new int[n];
        long[] bits = new long[n];
        String[] texts = new String[n];
        String[] hashes = new String[n];
        for (int i = 0; i < n; i++) {
            Object o = args[i];
            int kind = kindOf(o);
            kinds[i] = kind;
            if (kind == 1) {
                texts[i] = (String) o;
            } else if (kind == 2) {
                bits[i] = ((Integer) o).intValue();
            } else if (kind == 3) {
                bits[i] = ((Long) o).longValue();
            } else if (kind == 4) {
                bits[i] = ((Short) o).shortValue();
            } else if (kind == 5) {
                bits[i] = ((Byte) o).byteValue();
            } else if (kind == 6) {
                bits[i] = ((Character) o).charValue();
            } else if (kind == 7) {
                bits[i] = ((Boolean) o).booleanValue() ? 1 : 0;
            } else if (kind == 8) {
                bits[i] = Float.floatToRawIntBits(((Float) o).floatValue());
            } else if (kind == 9) {
                bits[i] = Double.doubleToRawLongBits(((Double) o).doubleValue());
            }
        }
        // The specifiers in order, as the formatter reads them (a malformed one ends the
        // scan: the formatter throws there before reading any argument).
        int next = 0;
        int i = 0;
        int length = format.length();
        while (i < length && next < n) {
            if (format.charAt(i++) != '%') {
                continue;
            }
            while (i < length && "-#+ 0,(<".indexOf(format.charAt(i)) >= 0) {
                i++;
            }
            while (i < length && format.charAt(i) >= '0' && format.charAt(i) <= '9') {
                i++;
            }
            if (i < length && format.charAt(i) == '.') {
                i++;
                while (i < length && format.charAt(i) >= '0' && format.charAt(i) <= '9') {
                    i++;
                }
            }
            if (i >= length) {
                break;
            }
            char conversion = format.charAt(i++);
            if (conversion == 'n' || conversion == '%') {
                continue;
            }
            int a = next++;
            Object o = args[a];
            if ((conversion == 's' || conversion == 'S') && kinds[a] >= 12) {
                texts[a] = o.toString();
            } else if ((conversion == 'h' || conversion == 'H') && kinds[a] >= 10) {
                hashes[a] = Integer.toHexString(o.hashCode());
            } else if (kinds[a] == 10 || kinds[a] == 11) {
                texts[a] = o.toString();
            }
        }
        return values(format, kinds, bits, texts, hashes);
    }

    /** 0 null, 1 a string, 2-9 a box, 10 and 11 the big numbers, 12 any other object. */
    private static native int kindOf(Object o);

    private static native String values(String format, int[] kinds, long[] bits, String[] texts, String[] hashes);
}
