import java.util.ArrayList;
import java.util.List;

/** String utilities: case conversions, run-length coding, ciphers and word games. */
public class TextUtils {
    private final char separator;
    private final int width;

    public TextUtils() {
        this(' ', 40);
    }

    public TextUtils(char separator, int width) {
        if (Character.isLetterOrDigit(separator) || width < 1 || width > 200) {
            throw new IllegalArgumentException("bad separator '" + separator + "' or width " + width);
        }
        this.separator = separator;
        this.width = width;
    }

    /** The words of `text` joined by the separator, the whole centred in the width with dots. */
    public String banner(String text) {
        String joined = String.join(String.valueOf(separator), splitWords(text));
        if (joined.length() >= width) {
            return joined.substring(0, width);
        }
        int left = (width - joined.length()) / 2;
        return ".".repeat(left) + joined + ".".repeat(width - joined.length() - left);
    }

    private static List<String> splitWords(String text) {
        List<String> words = new ArrayList<>();
        for (String part : text.trim().split(" ")) {
            if (!part.isEmpty()) {
                words.add(part);
            }
        }
        return words;
    }

    public static String capitalizeWords(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        boolean start = true;
        for (char c : text.toCharArray()) {
            sb.append(start ? Character.toUpperCase(c) : Character.toLowerCase(c));
            start = Character.isWhitespace(c);
        }
        return sb.toString();
    }

    public static String camelToSnake(String name) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0) {
                    sb.append('_');
                }
                sb.append(Character.toLowerCase(c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    public static String snakeToCamel(String name) {
        StringBuilder sb = new StringBuilder();
        int from = 0;
        while (from <= name.length()) {
            int next = name.indexOf('_', from);
            int end = next < 0 ? name.length() : next;
            String part = name.substring(from, end);
            if (!part.isEmpty()) {
                sb.append(sb.length() == 0 ? part.toLowerCase()
                        : Character.toUpperCase(part.charAt(0)) + part.substring(1).toLowerCase());
            }
            from = end + 1;
        }
        return sb.toString();
    }

    /** "aaabcc" becomes "3a1b2c". */
    public static String runLengthEncode(String s) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int j = i;
            while (j < s.length() && s.charAt(j) == c) {
                j++;
            }
            sb.append(j - i).append(c);
            i = j;
        }
        return sb.toString();
    }

    /** The inverse of runLengthEncode (runs capped at 10000); a count without a character is an error. */
    public static String runLengthDecode(String s) {
        StringBuilder sb = new StringBuilder();
        int count = 0;
        for (char c : s.toCharArray()) {
            if (Character.isDigit(c)) {
                count = Math.min(count * 10 + (c - '0'), 10_000);
            } else {
                sb.append(String.valueOf(c).repeat(count));
                count = 0;
            }
        }
        if (count != 0) {
            throw new IllegalArgumentException("dangling count " + count);
        }
        return sb.toString();
    }

    /** Whether the letters of `s` read the same both ways, ignoring case and everything else. */
    public static boolean isPalindrome(String s) {
        int i = 0;
        int j = s.length() - 1;
        while (i < j) {
            if (!Character.isLetter(s.charAt(i))) {
                i++;
            } else if (!Character.isLetter(s.charAt(j))) {
                j--;
            } else if (!String.valueOf(s.charAt(i)).equalsIgnoreCase(String.valueOf(s.charAt(j)))) {
                return false;
            } else {
                i++;
                j--;
            }
        }
        return true;
    }

    /** Shifts ASCII letters by `shift` places around the alphabet, keeping case. */
    public static String caesar(String s, int shift) {
        int k = ((shift % 26) + 26) % 26;
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            char c = chars[i];
            if (c < 128 && Character.isLetter(c)) {
                char base = Character.isUpperCase(c) ? 'A' : 'a';
                chars[i] = (char) (base + (c - base + k) % 26);
            }
        }
        return new String(chars);
    }

    public static int countVowels(String s) {
        int n = 0;
        for (char c : s.toCharArray()) {
            n += "aeiouAEIOU".indexOf(c) >= 0 ? 1 : 0;
        }
        return n;
    }

    public static String reverseWords(String text) {
        List<String> reversed = new ArrayList<>();
        for (String word : splitWords(text)) {
            reversed.add(0, word);
        }
        return String.join(" ", reversed);
    }
}
