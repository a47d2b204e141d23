package java.util.regex;

/** roth's model of java.util.regex.MatchResult (JDK 17): a match's groups, read only. */
public interface MatchResult {
    int start();

    int start(int group);

    int end();

    int end(int group);

    String group();

    String group(int group);

    int groupCount();
}
