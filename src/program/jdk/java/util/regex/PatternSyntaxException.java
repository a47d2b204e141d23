package java.util.regex;

/**
 * roth's model of java.util.regex.PatternSyntaxException (JDK 17): what was wrong, the
 * pattern and the index near which the parser found it. The message is the description,
 * " near index N" when the index is known, then on the next lines the pattern and a caret
 * under the index when it falls inside the pattern; lines end with "\n" (a Linux JVM's line
 * separator).
 */
public class PatternSyntaxException extends IllegalArgumentException {
    private final String desc;
    private final String pattern;
    private final int index;

    public PatternSyntaxException(String desc, String regex, int index) {
        this.desc = desc;
        this.pattern = regex;
        this.index = index;
    }

    public int getIndex() {
        return index;
    }

    public String getDescription() {
        return desc;
    }

    public String getPattern() {
        return pattern;
    }

    public String getMessage() {
        String out = desc;
        if (index >= 0) {
            out = out + " near index " + index;
        }
        out = out + "\n" + pattern;
        if (index >= 0 && pattern != null && index < pattern.length()) {
            out = out + "\n";
            for (int i = 0; i < index; i++) {
                out = out + " ";
            }
            out = out + "^";
        }
        return out;
    }
}
