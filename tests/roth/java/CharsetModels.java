import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

// String.getBytes as roth models it (`src/program/jdk/java/lang/StringMethods.java`,
// `src/program/jdk/java/nio/charset/`), for the differential test (not a mutation subject):
// random texts of ASCII, Latin-1, other BMP chars, surrogate pairs and lone surrogates,
// encoded in each standard charset (and the default one for ASCII texts); the trace holds
// every byte, so roth and the JVM must agree on each.
public class CharsetModels {
    private static int state;

    private static int pick(int n) {
        state = state * 1103515245 + 12345;
        return ((state >>> 8) & 0xffffff) % n;
    }

    private static final String ALPHABET = "aZ09 ~\u007f\u0080\u00e9\u00ff\u0100\u07ff\u0800\u20ac\u4e2d\uffff";

    private static String text(boolean asciiOnly) {
        StringBuilder sb = new StringBuilder();
        int n = pick(7);
        for (int i = 0; i < n; i++) {
            int k = pick(asciiOnly ? 6 : 20);
            if (k < ALPHABET.length()) {
                sb.append(ALPHABET.charAt(k));
            } else if (k < 18) {
                sb.appendCodePoint(0x10000 + pick(0x100000));
            } else {
                // A lone surrogate, now and then the high one left at the end.
                sb.append(k == 18 ? '\ud800' : '\udc00');
            }
        }
        return sb.toString();
    }

    public static String encode(int seed, int length) {
        state = seed;
        Charset[] all = {StandardCharsets.UTF_8, StandardCharsets.US_ASCII, StandardCharsets.ISO_8859_1,
            StandardCharsets.UTF_16BE, StandardCharsets.UTF_16LE, StandardCharsets.UTF_16};
        StringBuilder t = new StringBuilder();
        for (int step = 0; step < Math.min(length, 8); step++) {
            Charset c = all[pick(all.length)];
            String s = text(pick(4) == 0);
            boolean lone = false;
            for (int i = 0; i < s.length(); i++) {
                char ch = s.charAt(i);
                if (Character.isHighSurrogate(ch) && (i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1)))) {
                    lone = true;
                }
                if (Character.isLowSurrogate(ch) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)))) {
                    lone = true;
                }
            }
            if (lone && c.name().startsWith("UTF-16")) {
                continue;
            }
            t.append(c).append(':').append(Arrays.toString(s.getBytes(c))).append(' ');
            boolean ascii = s.chars().allMatch(ch -> ch < 0x80);
            if (ascii) {
                t.append(Arrays.toString(s.getBytes())).append(' ');
            }
            t.append(c.equals(StandardCharsets.UTF_8)).append(c.hashCode() % 97).append(' ');
        }
        return t.toString();
    }
}
