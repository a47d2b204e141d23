/** The first position of a pattern in a subject (char arrays), or -1. */
public class PatternMatch {
    public static int find(char[] subject, char[] pattern) {
        if (pattern.length == 0) {
            return 0;
        }
        outer:
        for (int i = 0; i + pattern.length <= subject.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (subject[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
