package java.util.regex;

/**
 * The snapshot a Matcher's toMatchResult() gives, as JDK 17's: the match's bounds, a copy
 * of its groups and the text; its own messages ("No match found" for start and end too).
 */
final class ImmutableMatchResult implements MatchResult {
    private final int first;
    private final int last;
    private final int groupCount;
    private final int[] groups;
    private final String text;

    ImmutableMatchResult(int first, int last, int groupCount, int[] groups, String text) {
        this.first = first;
        this.last = last;
        this.groupCount = groupCount;
        this.groups = groups;
        this.text = text;
    }

    public int start() {
        checkMatch();
        return first;
    }

    public int start(int group) {
        checkMatch();
        checkGroup(group);
        return groups[group * 2];
    }

    public int end() {
        checkMatch();
        return last;
    }

    public int end(int group) {
        checkMatch();
        checkGroup(group);
        return groups[group * 2 + 1];
    }

    public int groupCount() {
        return groupCount;
    }

    public String group() {
        checkMatch();
        return group(0);
    }

    public String group(int group) {
        checkMatch();
        checkGroup(group);
        if (groups[group * 2] == -1 || groups[group * 2 + 1] == -1) {
            return null;
        }
        return text.substring(groups[group * 2], groups[group * 2 + 1]);
    }

    private void checkMatch() {
        if (first < 0) {
            throw new IllegalStateException("No match found");
        }
    }

    private void checkGroup(int group) {
        if (group < 0 || group > groupCount) {
            throw new IndexOutOfBoundsException("No group " + group);
        }
    }
}
