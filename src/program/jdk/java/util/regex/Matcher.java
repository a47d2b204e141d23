package java.util.regex;

import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * roth's model of java.util.regex.Matcher (JDK 17): a Pattern's search over one text, with
 * the JDK's state between calls (find() goes on after the last match, one char further
 * after an empty one; a find() that fails for lack of text clears the groups but not the
 * match's start), its exceptions and messages, and replacement strings with $n, ${name}
 * and backslash escapes. The text is a String (the JDK's takes any CharSequence); regions,
 * hitEnd and usePattern are not modelled. `results()` finds each match as the stream asks for
 * it, as the JDK's does (a matcher changed while its stream runs is not detected).
 */
public final class Matcher implements MatchResult {
    static final int ENDANCHOR = 1;
    static final int NOANCHOR = 0;

    private Pattern parentPattern;
    /** Start and end of each group (-1: none), group 0 first; at least ten groups. */
    int[] groups;
    int from;
    int to;
    String text;
    int acceptMode = NOANCHOR;
    /** Start of the last match, -1 when there is none. */
    int first = -1;
    /** End of the last match (or where a lookahead last ended, as in the JDK). */
    int last = 0;
    private int lastAppendPosition = 0;
    /** The nodes' scratch ints (a group's start, a loop's count). */
    int[] locals;
    /** Per remembering loop, the search in which it failed from each position. */
    int[][] localsPos;
    /** The number of the current search: marks of older ones are forgotten. */
    private int search = 1;

    Matcher(Pattern parent, String text) {
        parentPattern = parent;
        this.text = text;
        int count = Math.max(parent.capturingGroupCount, 10);
        groups = new int[count * 2];
        locals = new int[parent.localCount];
        localsPos = new int[parent.localTCNCount][];
        reset();
    }

    public Pattern pattern() {
        return parentPattern;
    }

    public Matcher reset() {
        first = -1;
        last = 0;
        for (int i = 0; i < groups.length; i++) {
            groups[i] = -1;
        }
        for (int i = 0; i < locals.length; i++) {
            locals[i] = -1;
        }
        search++;
        lastAppendPosition = 0;
        from = 0;
        to = text.length();
        return this;
    }

    public Matcher reset(String input) {
        text = input;
        for (int i = 0; i < localsPos.length; i++) {
            localsPos[i] = null;
        }
        return reset();
    }

    /** Makes loop `index`'s marks ready for this text. */
    void prepareMemo(int index) {
        if (localsPos[index] == null) {
            localsPos[index] = new int[text.length() + 1];
        }
    }

    boolean failedBefore(int index, int i) {
        return localsPos[index][i] == search;
    }

    void markFailed(int index, int i) {
        localsPos[index][i] = search;
    }

    public boolean matches() {
        return match(from, ENDANCHOR);
    }

    public boolean lookingAt() {
        return match(from, NOANCHOR);
    }

    public boolean find() {
        int nextSearchIndex = last;
        if (nextSearchIndex == first) {
            nextSearchIndex++;
        }
        if (nextSearchIndex < from) {
            nextSearchIndex = from;
        }
        if (nextSearchIndex > to) {
            for (int i = 0; i < groups.length; i++) {
                groups[i] = -1;
            }
            return false;
        }
        return search(nextSearchIndex);
    }

    public boolean find(int start) {
        int limit = text.length();
        if (start < 0 || start > limit) {
            throw new IndexOutOfBoundsException("Illegal start index");
        }
        reset();
        return search(start);
    }

    private boolean search(int start) {
        first = start;
        for (int i = 0; i < groups.length; i++) {
            groups[i] = -1;
        }
        search++;
        acceptMode = NOANCHOR;
        boolean result = parentPattern.root.match(this, start, text);
        if (!result) {
            first = -1;
        }
        return result;
    }

    private boolean match(int start, int anchor) {
        first = start;
        for (int i = 0; i < groups.length; i++) {
            groups[i] = -1;
        }
        search++;
        acceptMode = anchor;
        boolean result = parentPattern.matchRoot.match(this, start, text);
        if (!result) {
            first = -1;
        }
        return result;
    }

    public int groupCount() {
        return parentPattern.capturingGroupCount - 1;
    }

    public String group() {
        return group(0);
    }

    public String group(int group) {
        if (first < 0) {
            throw new IllegalStateException("No match found");
        }
        if (group < 0 || group > groupCount()) {
            throw new IndexOutOfBoundsException("No group " + group);
        }
        if (groups[group * 2] == -1 || groups[group * 2 + 1] == -1) {
            return null;
        }
        return text.substring(groups[group * 2], groups[group * 2 + 1]);
    }

    public String group(String name) {
        int group = namedGroup(name);
        if (groups[group * 2] == -1 || groups[group * 2 + 1] == -1) {
            return null;
        }
        return text.substring(groups[group * 2], groups[group * 2 + 1]);
    }

    private int namedGroup(String name) {
        if (name == null) {
            throw new NullPointerException("Group name");
        }
        if (first < 0) {
            throw new IllegalStateException("No match found");
        }
        int group = parentPattern.groupNumber(name);
        if (group < 0) {
            throw new IllegalArgumentException("No group with name <" + name + ">");
        }
        return group;
    }

    public int start() {
        if (first < 0) {
            throw new IllegalStateException("No match available");
        }
        return first;
    }

    public int start(int group) {
        if (first < 0) {
            throw new IllegalStateException("No match available");
        }
        if (group < 0 || group > groupCount()) {
            throw new IndexOutOfBoundsException("No group " + group);
        }
        return groups[group * 2];
    }

    public int start(String name) {
        return groups[namedGroup(name) * 2];
    }

    public int end() {
        if (first < 0) {
            throw new IllegalStateException("No match available");
        }
        return last;
    }

    public int end(int group) {
        if (first < 0) {
            throw new IllegalStateException("No match available");
        }
        if (group < 0 || group > groupCount()) {
            throw new IndexOutOfBoundsException("No group " + group);
        }
        return groups[group * 2 + 1];
    }

    public int end(String name) {
        return groups[namedGroup(name) * 2 + 1];
    }

    /** Every match replaced; the text itself when nothing matches. */
    public String replaceAll(String replacement) {
        reset();
        boolean result = find();
        if (result) {
            StringBuilder sb = new StringBuilder();
            do {
                appendReplacement(sb, replacement);
                result = find();
            } while (result);
            appendTail(sb);
            return sb.toString();
        }
        return text;
    }

    public String replaceFirst(String replacement) {
        if (replacement == null) {
            throw new NullPointerException("replacement");
        }
        reset();
        if (!find()) {
            return text;
        }
        StringBuilder sb = new StringBuilder();
        appendReplacement(sb, replacement);
        appendTail(sb);
        return sb.toString();
    }

    public Matcher appendReplacement(StringBuilder sb, String replacement) {
        if (first < 0) {
            throw new IllegalStateException("No match available");
        }
        String expanded = expand(replacement);
        sb.append(text.substring(lastAppendPosition, first));
        sb.append(expanded);
        lastAppendPosition = last;
        return this;
    }

    public Matcher appendReplacement(StringBuffer sb, String replacement) {
        if (first < 0) {
            throw new IllegalStateException("No match available");
        }
        String expanded = expand(replacement);
        sb.append(text.substring(lastAppendPosition, first));
        sb.append(expanded);
        lastAppendPosition = last;
        return this;
    }

    public StringBuilder appendTail(StringBuilder sb) {
        sb.append(text.substring(lastAppendPosition));
        return sb;
    }

    public StringBuffer appendTail(StringBuffer sb) {
        sb.append(text.substring(lastAppendPosition));
        return sb;
    }

    /**
     * The replacement with the current match's groups: $n takes as many digits as name an
     * existing group (the first always counts), ${name} a named group, a backslash quotes
     * the next char.
     */
    private String expand(String replacement) {
        String result = "";
        int cursor = 0;
        int n = replacement.length();
        while (cursor < n) {
            char nextChar = replacement.charAt(cursor);
            if (nextChar == '\\') {
                cursor++;
                if (cursor == n) {
                    throw new IllegalArgumentException("character to be escaped is missing");
                }
                result = result + replacement.charAt(cursor);
                cursor++;
            } else if (nextChar == '$') {
                cursor++;
                if (cursor == n) {
                    throw new IllegalArgumentException(
                            "Illegal group reference: group index is missing");
                }
                nextChar = replacement.charAt(cursor);
                int refNum;
                if (nextChar == '{') {
                    cursor++;
                    String name = "";
                    while (cursor < n) {
                        nextChar = replacement.charAt(cursor);
                        if ((nextChar >= 'a' && nextChar <= 'z') || (nextChar >= 'A' && nextChar <= 'Z')
                                || (nextChar >= '0' && nextChar <= '9')) {
                            name = name + nextChar;
                            cursor++;
                        } else {
                            break;
                        }
                    }
                    if (name.isEmpty()) {
                        throw new IllegalArgumentException("named capturing group has 0 length name");
                    }
                    if (nextChar != '}') {
                        throw new IllegalArgumentException(
                                "named capturing group is missing trailing '}'");
                    }
                    if (name.charAt(0) >= '0' && name.charAt(0) <= '9') {
                        throw new IllegalArgumentException(
                                "capturing group name {" + name + "} starts with digit character");
                    }
                    refNum = parentPattern.groupNumber(name);
                    if (refNum < 0) {
                        throw new IllegalArgumentException("No group with name {" + name + "}");
                    }
                    cursor++;
                } else {
                    refNum = nextChar - '0';
                    if (refNum < 0 || refNum > 9) {
                        throw new IllegalArgumentException("Illegal group reference");
                    }
                    cursor++;
                    while (cursor < n) {
                        int nextDigit = replacement.charAt(cursor) - '0';
                        if (nextDigit < 0 || nextDigit > 9) {
                            break;
                        }
                        int newRefNum = refNum * 10 + nextDigit;
                        if (groupCount() < newRefNum) {
                            break;
                        }
                        refNum = newRefNum;
                        cursor++;
                    }
                }
                if (start(refNum) != -1 && end(refNum) != -1) {
                    result = result + text.substring(start(refNum), end(refNum));
                }
            } else {
                result = result + nextChar;
                cursor++;
            }
        }
        return result;
    }

    /** A replacement string giving s literally: a backslash before each \ and $. */
    public static String quoteReplacement(String s) {
        if (s.indexOf('\\') == -1 && s.indexOf('$') == -1) {
            return s;
        }
        String out = "";
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c == '$') {
                out = out + '\\';
            }
            out = out + c;
        }
        return out;
    }

    /** A snapshot of the current match (JDK 17's `ImmutableMatchResult`). */
    public MatchResult toMatchResult() {
        return new ImmutableMatchResult(first, last, groupCount(), groups.clone(), text);
    }

    /** The matches from here on, each found when the stream asks for the next one. */
    public Stream<MatchResult> results() {
        Supplier<MatchResult> next = () -> find() ? toMatchResult() : null;
        return Stream.generate(next).takeWhile(r -> r != null);
    }

    public String toString() {
        return "java.util.regex.Matcher[pattern=" + parentPattern.pattern() + " region=" + from
                + "," + to + " lastmatch=" + ((first >= 0 && group() != null) ? group() : "") + "]";
    }
}
