/** Small string routines: palindromes, counting a character, a word's initials, comparison. */
public class Words {
    public static boolean isPalindrome(String s) {
        int i = 0;
        int j = s.length() - 1;
        while (i < j) {
            if (s.charAt(i) != s.charAt(j)) {
                return false;
            }
            i++;
            j--;
        }
        return true;
    }

    public static int count(String s, char c) {
        int n = 0;
        for (char x : s.toCharArray()) {
            if (x == c) {
                n++;
            }
        }
        return n;
    }

    public static String initials(String first, String last) {
        if (first == null || first.isEmpty() || last.isEmpty()) {
            return "";
        }
        return first.charAt(0) + "." + last.charAt(0) + ".";
    }

    public static String grade(String name, int score) {
        String g;
        switch (score / 10) {
            case 10:
            case 9: g = "A"; break;
            case 8: g = "B"; break;
            case 7: g = "C"; break;
            default: g = "F";
        }
        if (name.equals("admin")) {
            return "n/a";
        }
        return name + ": " + g + " (" + score + ")";
    }

    public static int order(String a, String b) {
        int c = a.compareTo(b);
        return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
}
