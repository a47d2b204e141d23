package java.util.regex;

import java.util.function.Predicate;

/**
 * roth's model of java.util.regex.Pattern (JDK 17), written for roth from the documented
 * behaviour and checked against the JVM by tests/roth/java/RegexModels.java. A pattern is
 * parsed into a graph of nodes, each matching its part of the text and then calling the node
 * after it, so that backtracking is the return of `false` through the calls: leftmost,
 * first alternative first, greedy, reluctant and possessive repetition as Java's are.
 *
 * Java's matcher makes choices a program can see beyond the documented ones, and the model
 * makes the same ones, since a test compares what a unit returns with what the JVM gave:
 * - a repeated group whose body can match in one way only (no alternation, no variable
 *   repetition inside) is repeated without backtracking into its iterations, and backing
 *   off an iteration does not restore the groups nested in it;
 * - an iteration of a repeated group that matched the empty string ends the repetition,
 *   even below its minimum count;
 * - the groups a lookahead or a possessive repetition captured stay captured when the match
 *   fails after them (a later start position sees them);
 * - the outermost greedy unbounded repetitions of groups remember the positions from which
 *   an iteration failed, and do not try them again in the same search (which decides what
 *   a failed attempt leaves captured);
 * - find() starts no attempt closer to the end of the text than the shortest match can be;
 * - the parser's errors are the JDK's, with its descriptions and indices (\Q...\E is
 *   rewritten into escapes first, so an index after it counts the rewritten text).
 *
 * Supported: every literal and escape (\t \n \r \f \a \e \0oo \xhh \x{h..h} \\uhhhh \cX,
 * \\ and a backslash before any non-letter, \Q...\E), character classes with ranges,
 * negation, union and intersection, . \d \D \w \W \s \S \h \H \v \V (ASCII meanings, as the
 * JDK's defaults), the POSIX classes \p{Lower} \p{Upper} \p{ASCII} \p{Alpha} \p{Digit}
 * \p{Alnum} \p{Punct} \p{Graph} \p{Print} \p{Blank} \p{Cntrl} \p{XDigit} \p{Space} (and \P),
 * the quantifiers ? * + {n} {n,} {n,m} greedy, reluctant and possessive, capturing,
 * non-capturing, named and atomic groups, alternation, ^ $ \b \B \A \z \Z, back references
 * \n and \k<name>, lookahead (?=) (?!), the flags i, m and s (embedded, scoped with (?i:X)
 * or turned off with (?-i), and CASE_INSENSITIVE, MULTILINE and DOTALL given to compile).
 *
 * What roth does not model ends the run as unrepeatable, naming the construct, rather than
 * match differently from the JVM: lookbehind, the other flags (d u c x U, LITERAL, CANON_EQ,
 * UNICODE_CASE, UNICODE_CHARACTER_CLASS, COMMENTS, UNIX_LINES), Unicode properties, scripts,
 * blocks and categories (\p{L}, \p{IsLatin}, \p{javaLowerCase}, ... which Java accepts or
 * rejects by its Unicode tables), \G \R \X \N{name} \b{g}, and supplementary characters or
 * lone surrogates in the pattern. The matched text may hold any chars: classes read a
 * surrogate pair as one code point, as the JDK's do. Regions, hitEnd and streams are not
 * modelled (a unit calling them is reported as using a library method outside the subset).
 */
public final class Pattern {
    public static final int UNIX_LINES = 0x01;
    public static final int CASE_INSENSITIVE = 0x02;
    public static final int COMMENTS = 0x04;
    public static final int MULTILINE = 0x08;
    public static final int LITERAL = 0x10;
    public static final int DOTALL = 0x20;
    public static final int UNICODE_CASE = 0x40;
    public static final int CANON_EQ = 0x80;
    public static final int UNICODE_CHARACTER_CLASS = 0x100;

    private static final int ALL_FLAGS = 0x1ff;
    /** The flags the model compiles; any other valid flag is unrepeatable. */
    private static final int MODELLED_FLAGS = CASE_INSENSITIVE | MULTILINE | DOTALL;
    /** The count of an unbounded repetition. */
    static final int MAX_REPS = 0x7fffffff;

    /** Ends the run as unrepeatable, saying why (roth's native, not the JDK's). */
    private static native void unrepeatable(String what);

    private final String pattern;
    private final int flags;
    /** The flags in force at the end of the pattern: what flags() gives, as in JDK 17. */
    private int flags0;

    /** The node find() starts from: a loop over start positions (or ^ alone). */
    Node root;
    /** The node matches() and lookingAt() start from. */
    Node matchRoot;
    /** Groups, group 0 included. */
    int capturingGroupCount;
    /** The matcher's scratch ints: a group's start while it matches, a loop's count. */
    int localCount;
    /** The loops remembering where they failed. */
    int localTCNCount;
    /** Named groups: names[k] is group numbers[k]. */
    String[] groupNames = new String[0];
    int[] groupNumbers = new int[0];

    // The parser's state, dropped once the pattern is compiled.
    private int[] temp;
    private int cursor;
    private int patternLength;
    private int[] buffer;
    /** The node a parsing method ends with, besides the one it returns. */
    private Node tailOut;
    /** The class an escape in a class stands for (\d in [\d-]). */
    private CharPredicate escaped;
    /** The greedy unbounded loops not inside a repetition, candidates for the memo. */
    private Node[] closures;
    private int closureCount;
    private boolean hasSupplementary;
    private boolean hasGroupRef;

    private Pattern(String p, int f) {
        if ((f & ~ALL_FLAGS) != 0) {
            throw new IllegalArgumentException("Unknown flag 0x" + Integer.toHexString(f));
        }
        if ((f & ~MODELLED_FLAGS) != 0) {
            unrepeatable("the regular expression flags 0x" + Integer.toHexString(f)
                    + " (roth models CASE_INSENSITIVE, MULTILINE and DOTALL)");
        }
        pattern = p;
        flags = f;
        flags0 = f;
        capturingGroupCount = 1;
        if (!pattern.isEmpty()) {
            compile();
        } else {
            root = new Start(LAST_ACCEPT);
            matchRoot = LAST_ACCEPT;
        }
    }

    public static Pattern compile(String regex) {
        return new Pattern(regex, 0);
    }

    public static Pattern compile(String regex, int flags) {
        return new Pattern(regex, flags);
    }

    public String pattern() {
        return pattern;
    }

    public String toString() {
        return pattern;
    }

    public int flags() {
        return flags0;
    }

    public Matcher matcher(String input) {
        return new Matcher(this, input);
    }

    public static boolean matches(String regex, String input) {
        return compile(regex).matcher(input).matches();
    }

    public Predicate<String> asPredicate() {
        return s -> matcher(s).find();
    }

    public Predicate<String> asMatchPredicate() {
        return s -> matcher(s).matches();
    }

    public String[] split(String input) {
        return split(input, 0);
    }

    /**
     * The pieces between matches: a zero-width match at the start makes no leading empty
     * piece, a positive limit caps the pieces (the last one runs to the end), limit 0 drops
     * the trailing empty ones; no match at all gives the input itself.
     */
    public String[] split(String input, int limit) {
        int index = 0;
        boolean limited = limit > 0;
        String[] pieces = new String[4];
        int count = 0;
        Matcher m = matcher(input);
        while (m.find()) {
            if (!limited || count < limit - 1) {
                if (index == 0 && m.start() == 0 && m.start() == m.end()) {
                    continue;
                }
                pieces = add(pieces, count, input.substring(index, m.start()));
                count++;
                index = m.end();
            } else if (count == limit - 1) {
                pieces = add(pieces, count, input.substring(index));
                count++;
                index = m.end();
            }
        }
        if (index == 0) {
            return new String[] {input};
        }
        if (!limited || count < limit) {
            pieces = add(pieces, count, input.substring(index));
            count++;
        }
        if (limit == 0) {
            while (count > 0 && pieces[count - 1].isEmpty()) {
                count--;
            }
        }
        String[] out = new String[count];
        for (int i = 0; i < count; i++) {
            out[i] = pieces[i];
        }
        return out;
    }

    private static String[] add(String[] pieces, int count, String piece) {
        if (count == pieces.length) {
            String[] bigger = new String[2 * count];
            for (int i = 0; i < count; i++) {
                bigger[i] = pieces[i];
            }
            pieces = bigger;
        }
        pieces[count] = piece;
        return pieces;
    }

    /** A pattern matching s literally: s between \Q and \E, each \E in s written apart. */
    public static String quote(String s) {
        int at = s.indexOf("\\E");
        if (at < 0) {
            return "\\Q" + s + "\\E";
        }
        String out = "\\Q";
        int from = 0;
        while (at >= 0) {
            out = out + s.substring(from, at) + "\\E\\\\E\\Q";
            from = at + 2;
            at = s.indexOf("\\E", from);
        }
        return out + s.substring(from) + "\\E";
    }

    /** The number of the group named `name`, or -1. */
    int groupNumber(String name) {
        for (int k = 0; k < groupNames.length; k++) {
            if (groupNames[k].equals(name)) {
                return groupNumbers[k];
            }
        }
        return -1;
    }

    private boolean has(int f) {
        return (flags0 & f) != 0;
    }

    private void unsupported(String construct) {
        unrepeatable("the regular expression construct " + construct + " (not modelled)");
    }

    // ---------------------------------------------------------------- parsing

    private void compile() {
        patternLength = pattern.length();
        temp = new int[patternLength + 2];
        for (int x = 0; x < patternLength; x++) {
            char c = pattern.charAt(x);
            if (c >= 0xd800 && c <= 0xdfff) {
                // The JDK parses code points: its error indices would count a pair once.
                unsupported("a supplementary character or a surrogate");
            }
            temp[x] = c;
        }
        removeQuoting();
        buffer = new int[32];
        closures = new Node[10];
        matchRoot = expr(LAST_ACCEPT);
        if (patternLength != cursor) {
            if (peek() == ')') {
                throw error("Unmatched closing ')'");
            }
            throw error("Unexpected internal error");
        }
        if (matchRoot instanceof Begin) {
            root = matchRoot;
        } else if (hasSupplementary) {
            root = new StartS(matchRoot);
        } else {
            root = new Start(matchRoot);
        }
        // A back reference makes a failure depend on more than the position: no memo then.
        if (!hasGroupRef) {
            for (int k = 0; k < closureCount; k++) {
                if (closures[k] instanceof Loop loop) {
                    loop.posIndex = localTCNCount;
                    localTCNCount++;
                }
            }
        }
        temp = null;
        buffer = null;
        closures = null;
    }

    /**
     * Rewrites \Q...\E as escapes, as the JDK does before parsing: letters and other
     * non-ASCII chars stay, a digit right after \Q becomes \x3 and the digit (so no escape
     * before the quote takes it), any other char gets a backslash.
     */
    private void removeQuoting() {
        int i = 0;
        while (i < patternLength - 1) {
            if (temp[i] != '\\') {
                i += 1;
            } else if (temp[i + 1] != 'Q') {
                i += 2;
            } else {
                break;
            }
        }
        if (i >= patternLength - 1) {
            return;
        }
        int j = i;
        i += 2;
        int[] out = new int[j + 2 + 3 * (patternLength - i) + 2];
        for (int k = 0; k < j; k++) {
            out[k] = temp[k];
        }
        boolean inQuote = true;
        boolean beginQuote = true;
        while (i < patternLength) {
            int c = temp[i];
            i++;
            if (c >= 128 || isAlpha(c)) {
                out[j] = c;
                j++;
            } else if (isDigit(c)) {
                if (beginQuote) {
                    out[j] = '\\';
                    out[j + 1] = 'x';
                    out[j + 2] = '3';
                    j += 3;
                }
                out[j] = c;
                j++;
            } else if (c != '\\') {
                if (inQuote) {
                    out[j] = '\\';
                    j++;
                }
                out[j] = c;
                j++;
            } else if (inQuote) {
                if (i < patternLength && temp[i] == 'E') {
                    i++;
                    inQuote = false;
                } else {
                    out[j] = '\\';
                    out[j + 1] = '\\';
                    j += 2;
                }
            } else if (i < patternLength && temp[i] == 'Q') {
                i++;
                inQuote = true;
                beginQuote = true;
                continue;
            } else {
                out[j] = c;
                j++;
                if (i != patternLength) {
                    out[j] = temp[i];
                    j++;
                    i++;
                }
            }
            beginQuote = false;
        }
        patternLength = j;
        temp = new int[j + 2];
        for (int k = 0; k < j; k++) {
            temp[k] = out[k];
        }
    }

    private int peek() {
        return temp[cursor];
    }

    private int read() {
        int ch = temp[cursor];
        cursor++;
        return ch;
    }

    private int next() {
        cursor++;
        return temp[cursor];
    }

    /** The char after the current one; the cursor moves past both. */
    private int skip() {
        int ch = temp[cursor + 1];
        cursor += 2;
        return ch;
    }

    private void unread() {
        cursor--;
    }

    private PatternSyntaxException error(String description) {
        return new PatternSyntaxException(description, pattern, cursor - 1);
    }

    private void accept(int ch, String description) {
        int c = temp[cursor];
        cursor++;
        if (c != ch) {
            throw error(description);
        }
    }

    /** Alternatives separated by '|', each ending at `end`. */
    private Node expr(Node end) {
        Node prev = null;
        Node firstTail = null;
        Branch branch = null;
        Node branchConn = null;
        for (;;) {
            Node node = sequence(end);
            Node nodeTail = tailOut;
            if (prev == null) {
                prev = node;
                firstTail = nodeTail;
            } else {
                if (branchConn == null) {
                    branchConn = new BranchConn();
                    branchConn.next = end;
                }
                if (node == end) {
                    // An empty alternative goes on directly.
                    node = null;
                } else {
                    nodeTail.next = branchConn;
                }
                if (prev == branch) {
                    branch.add(node);
                } else {
                    if (prev == end) {
                        prev = null;
                    } else {
                        firstTail.next = branchConn;
                    }
                    branch = new Branch(prev, node, branchConn);
                    prev = branch;
                }
            }
            if (peek() != '|') {
                return prev;
            }
            next();
        }
    }

    /** The atoms of one alternative with their quantifiers, up to '|', ')' or the end. */
    private Node sequence(Node end) {
        Node head = null;
        Node tail = null;
        Node node;
        loop:
        for (;;) {
            int ch = peek();
            switch (ch) {
                case '(':
                    node = group0();
                    if (node == null) {
                        // A flag setting only.
                        continue;
                    }
                    if (head == null) {
                        head = node;
                    } else {
                        tail.next = node;
                    }
                    tail = tailOut;
                    continue;
                case '[':
                    node = newCharProperty(clazz(true));
                    break;
                case '\\':
                    ch = next();
                    if (ch == 'p' || ch == 'P') {
                        boolean oneLetter = true;
                        boolean complement = ch == 'P';
                        ch = next();
                        if (ch != '{') {
                            unread();
                        } else {
                            oneLetter = false;
                        }
                        node = newCharProperty(family(oneLetter, complement));
                    } else {
                        unread();
                        node = atom();
                    }
                    break;
                case '^':
                    next();
                    if (has(MULTILINE)) {
                        node = new Caret();
                    } else {
                        node = new Begin();
                    }
                    break;
                case '$':
                    next();
                    node = new Dollar(has(MULTILINE));
                    break;
                case '.':
                    next();
                    node = new CharProperty(has(DOTALL) ? (CharPredicate) new AnyChar() : new Dot());
                    break;
                case '|':
                case ')':
                    break loop;
                case ']':
                case '}':
                    node = atom();
                    break;
                case '?':
                case '*':
                case '+':
                    next();
                    throw error("Dangling meta character '" + ((char) ch) + "'");
                case 0:
                    if (cursor >= patternLength) {
                        break loop;
                    }
                    node = atom();
                    break;
                default:
                    node = atom();
                    break;
            }
            node = closure(node);
            if (head == null) {
                head = node;
                tail = node;
            } else {
                tail.next = node;
                tail = node;
            }
        }
        if (head == null) {
            return end;
        }
        tail.next = end;
        tailOut = tail;
        return head;
    }

    /**
     * A run of literal chars (one char property, or a slice of several), or the node of one
     * escape. A quantifier after a run applies to its last char only, which is left for the
     * next atom.
     */
    private Node atom() {
        int first = 0;
        int prev = -1;
        int ch = peek();
        for (;;) {
            switch (ch) {
                case '*':
                case '+':
                case '?':
                case '{':
                    if (first > 1) {
                        cursor = prev;
                        first--;
                    }
                    break;
                case '$':
                case '.':
                case '^':
                case '(':
                case '[':
                case '|':
                case ')':
                    break;
                case '\\':
                    ch = next();
                    if (ch == 'p' || ch == 'P') {
                        if (first > 0) {
                            unread();
                            break;
                        }
                        boolean complement = ch == 'P';
                        boolean oneLetter = true;
                        ch = next();
                        if (ch != '{') {
                            unread();
                        } else {
                            oneLetter = false;
                        }
                        return newCharProperty(family(oneLetter, complement));
                    }
                    unread();
                    prev = cursor;
                    ch = escape(false, first == 0, false);
                    if (ch >= 0) {
                        append(ch, first);
                        first++;
                        ch = peek();
                        continue;
                    } else if (first == 0) {
                        return tailOut;
                    }
                    // A run ends before an escape that is not a char.
                    cursor = prev;
                    break;
                case 0:
                    if (cursor >= patternLength) {
                        break;
                    }
                    prev = cursor;
                    append(ch, first);
                    first++;
                    ch = next();
                    continue;
                default:
                    prev = cursor;
                    append(ch, first);
                    first++;
                    ch = next();
                    continue;
            }
            break;
        }
        if (first == 1) {
            return newCharProperty(single(buffer[0]));
        }
        return newSlice(buffer, first);
    }

    private void append(int ch, int index) {
        if (index >= buffer.length) {
            int[] bigger = new int[index + index];
            for (int k = 0; k < buffer.length; k++) {
                bigger[k] = buffer[k];
            }
            buffer = bigger;
        }
        buffer[index] = ch;
    }

    private Node newSlice(int[] buf, int count) {
        int[] chars = new int[count];
        if (has(CASE_INSENSITIVE)) {
            for (int k = 0; k < count; k++) {
                chars[k] = asciiLower(buf[k]);
            }
            return new SliceI(chars);
        }
        for (int k = 0; k < count; k++) {
            chars[k] = buf[k];
        }
        return new Slice(chars);
    }

    /** A back reference \n: more digits join while the group they name exists. */
    private Node ref(int refNum) {
        boolean done = false;
        while (!done) {
            int ch = peek();
            if (ch >= '0' && ch <= '9') {
                int newRefNum = refNum * 10 + (ch - '0');
                if (capturingGroupCount - 1 < newRefNum) {
                    done = true;
                } else {
                    refNum = newRefNum;
                    read();
                }
            } else {
                done = true;
            }
        }
        hasGroupRef = true;
        return has(CASE_INSENSITIVE) ? new CIBackRef(refNum) : new BackRef(refNum);
    }

    /**
     * The escape at the cursor (a backslash): the char it stands for, or -1 with its node in
     * `tailOut` (when `create` and outside a class) or its class in `escaped`.
     */
    private int escape(boolean inclass, boolean create, boolean isrange) {
        int ch = skip();
        switch (ch) {
            case '0':
                return o();
            case '1':
            case '2':
            case '3':
            case '4':
            case '5':
            case '6':
            case '7':
            case '8':
            case '9':
                if (inclass) {
                    break;
                }
                if (create) {
                    tailOut = ref(ch - '0');
                }
                return -1;
            case 'A':
                if (inclass) {
                    break;
                }
                if (create) {
                    tailOut = new Begin();
                }
                return -1;
            case 'B':
                if (inclass) {
                    break;
                }
                if (create) {
                    tailOut = new Bound(Bound.NONE);
                }
                return -1;
            case 'D':
                if (create) {
                    classEscape(new Ascii(DIGIT).negate(), inclass);
                }
                return -1;
            case 'G':
                if (inclass) {
                    break;
                }
                if (create) {
                    unsupported("\\G");
                }
                return -1;
            case 'H':
                if (create) {
                    classEscape(new HorizontalSpace().negate(), inclass);
                }
                return -1;
            case 'N':
                unsupported("\\N{name}");
                return -1;
            case 'R':
                if (inclass) {
                    break;
                }
                if (create) {
                    unsupported("\\R");
                }
                return -1;
            case 'S':
                if (create) {
                    classEscape(new Ascii(SPACE).negate(), inclass);
                }
                return -1;
            case 'V':
                if (create) {
                    classEscape(new VerticalSpace().negate(), inclass);
                }
                return -1;
            case 'W':
                if (create) {
                    classEscape(new Ascii(WORD).negate(), inclass);
                }
                return -1;
            case 'X':
                if (inclass) {
                    break;
                }
                if (create) {
                    unsupported("\\X");
                }
                return -1;
            case 'Z':
                if (inclass) {
                    break;
                }
                if (create) {
                    tailOut = new Dollar(false);
                }
                return -1;
            case 'a':
                return 7;
            case 'b':
                if (inclass) {
                    break;
                }
                if (create) {
                    if (peek() == '{') {
                        if (skip() == 'g') {
                            if (read() == '}') {
                                unsupported("\\b{g}");
                                return -1;
                            }
                            // \b{g without its brace.
                            break;
                        }
                        unread();
                        unread();
                    }
                    tailOut = new Bound(Bound.BOTH);
                }
                return -1;
            case 'c':
                return c();
            case 'd':
                if (create) {
                    classEscape(new Ascii(DIGIT), inclass);
                }
                return -1;
            case 'e':
                return 27;
            case 'f':
                return '\f';
            case 'h':
                if (create) {
                    classEscape(new HorizontalSpace(), inclass);
                }
                return -1;
            case 'k':
                if (inclass) {
                    break;
                }
                if (read() != '<') {
                    throw error("\\k is not followed by '<' for named capturing group");
                }
                String name = groupname(read());
                int number = groupNumber(name);
                if (number < 0) {
                    throw error("named capturing group <" + name + "> does not exist");
                }
                if (create) {
                    hasGroupRef = true;
                    tailOut = has(CASE_INSENSITIVE) ? new CIBackRef(number) : new BackRef(number);
                }
                return -1;
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 's':
                if (create) {
                    classEscape(new Ascii(SPACE), inclass);
                }
                return -1;
            case 't':
                return '\t';
            case 'u':
                return bmp(u());
            case 'v':
                // Before JDK 8, \v was the vertical tab; a range still reads it so.
                if (isrange) {
                    return 0x0b;
                }
                if (create) {
                    classEscape(new VerticalSpace(), inclass);
                }
                return -1;
            case 'w':
                if (create) {
                    classEscape(new Ascii(WORD), inclass);
                }
                return -1;
            case 'x':
                return bmp(x());
            case 'z':
                if (inclass) {
                    break;
                }
                if (create) {
                    tailOut = new End();
                }
                return -1;
            case 'C':
            case 'E':
            case 'F':
            case 'I':
            case 'J':
            case 'K':
            case 'L':
            case 'M':
            case 'O':
            case 'P':
            case 'Q':
            case 'T':
            case 'U':
            case 'Y':
            case 'g':
            case 'i':
            case 'j':
            case 'l':
            case 'm':
            case 'o':
            case 'p':
            case 'q':
            case 'y':
                break;
            default:
                return ch;
        }
        throw error("Illegal/unsupported escape sequence");
    }

    /**
     * The node of one char of class p. A class that may hold a surrogate (a complement, a
     * range over the surrogates, a case-insensitive range) makes find() step over surrogate
     * pairs between start positions, as the JDK then does.
     */
    private Node newCharProperty(CharPredicate p) {
        if (!p.bmp) {
            hasSupplementary = true;
        }
        return new CharProperty(p);
    }

    private void classEscape(CharPredicate p, boolean inclass) {
        escaped = p;
        if (!inclass) {
            tailOut = newCharProperty(p);
        }
    }

    /** An escaped char; one beyond the BMP or a surrogate is not modelled. */
    private int bmp(int ch) {
        if (ch > 0xffff || (ch >= 0xd800 && ch <= 0xdfff)) {
            unsupported("an escaped supplementary character or surrogate");
        }
        return ch;
    }

    /** \0 and one to three octal digits (three only up to \0377). */
    private int o() {
        int n = read();
        if (n >= '0' && n <= '7') {
            int m = read();
            if (m >= '0' && m <= '7') {
                int o = read();
                if (o >= '0' && o <= '7' && n <= '3') {
                    return (n - '0') * 64 + (m - '0') * 8 + (o - '0');
                }
                unread();
                return (n - '0') * 8 + (m - '0');
            }
            unread();
            return n - '0';
        }
        throw error("Illegal octal escape sequence");
    }

    private int x() {
        int n = read();
        if (isHexDigit(n)) {
            int m = read();
            if (isHexDigit(m)) {
                return hexValue(n) * 16 + hexValue(m);
            }
        } else if (n == '{' && isHexDigit(peek())) {
            int ch = 0;
            n = read();
            while (isHexDigit(n)) {
                ch = (ch << 4) + hexValue(n);
                if (ch > 0x10ffff) {
                    throw error("Hexadecimal codepoint is too big");
                }
                n = read();
            }
            if (n != '}') {
                throw error("Unclosed hexadecimal escape sequence");
            }
            return ch;
        }
        throw error("Illegal hexadecimal escape sequence");
    }

    /** \\uhhhh; a high surrogate followed by \\u and a low one is their code point. */
    private int u() {
        int n = uxxxx();
        if (n >= 0xd800 && n <= 0xdbff) {
            int cur = cursor;
            if (read() == '\\' && read() == 'u') {
                int n2 = uxxxx();
                if (n2 >= 0xdc00 && n2 <= 0xdfff) {
                    return 0x10000 + ((n - 0xd800) << 10) + (n2 - 0xdc00);
                }
            }
            cursor = cur;
        }
        return n;
    }

    private int uxxxx() {
        int n = 0;
        for (int k = 0; k < 4; k++) {
            int ch = read();
            if (!isHexDigit(ch)) {
                throw error("Illegal Unicode escape sequence");
            }
            n = n * 16 + hexValue(ch);
        }
        return n;
    }

    private int c() {
        if (cursor < patternLength) {
            return read() ^ 64;
        }
        throw error("Illegal control escape sequence");
    }

    /** A group's name: an ASCII letter, then letters and digits, then '>'. */
    private String groupname(int ch) {
        if (!isAlpha(ch)) {
            throw error("capturing group name does not start with a Latin letter");
        }
        String name = "";
        do {
            name = name + (char) ch;
            ch = read();
        } while (isAlpha(ch) || isDigit(ch));
        if (ch != '>') {
            throw error("named capturing group is missing trailing '>'");
        }
        return name;
    }

    /**
     * A character class from its '[' (the cursor), as the JDK builds it: the chars below 256
     * gathered in one table shared by the class (later chars still join a table already
     * united or intersected), other members united in order, && intersecting what precedes
     * with everything up to the next && or the end, ^ complementing the whole.
     */
    private CharPredicate clazz(boolean consume) {
        CharPredicate prev = null;
        CharPredicate curr = null;
        BitClass bits = new BitClass();
        boolean isNeg = false;
        boolean hasBits = false;
        int ch = next();
        if (ch == '^' && temp[cursor - 1] == '[') {
            ch = next();
            isNeg = true;
        }
        for (;;) {
            switch (ch) {
                case '[':
                    curr = clazz(true);
                    if (prev == null) {
                        prev = curr;
                    } else {
                        prev = prev.union(curr);
                    }
                    ch = peek();
                    continue;
                case '&':
                    ch = next();
                    if (ch == '&') {
                        ch = next();
                        CharPredicate right = null;
                        while (ch != ']' && ch != '&') {
                            if (ch == '[') {
                                if (right == null) {
                                    right = clazz(true);
                                } else {
                                    right = right.union(clazz(true));
                                }
                            } else {
                                unread();
                                if (right == null) {
                                    right = clazz(false);
                                } else {
                                    right = right.union(clazz(false));
                                }
                            }
                            ch = peek();
                        }
                        if (hasBits) {
                            if (prev == null) {
                                prev = bits;
                                curr = bits;
                            } else {
                                prev = prev.union(bits);
                            }
                            hasBits = false;
                        }
                        if (right != null) {
                            curr = right;
                        }
                        if (prev == null) {
                            if (right == null) {
                                throw error("Bad class syntax");
                            }
                            prev = right;
                        } else {
                            prev = prev.and(curr);
                        }
                    } else {
                        // A single '&' is a literal.
                        unread();
                        break;
                    }
                    continue;
                case 0:
                    if (cursor >= patternLength) {
                        throw error("Unclosed character class");
                    }
                    break;
                case ']':
                    if (prev != null || hasBits) {
                        if (consume) {
                            next();
                        }
                        if (prev == null) {
                            prev = bits;
                        } else if (hasBits) {
                            prev = prev.union(bits);
                        }
                        if (isNeg) {
                            return prev.negate();
                        }
                        return prev;
                    }
                    // A ']' first in a class is a literal.
                    break;
                default:
                    break;
            }
            curr = range(bits);
            if (curr == null) {
                hasBits = true;
            } else if (prev == null) {
                prev = curr;
            } else if (prev != curr) {
                prev = prev.union(curr);
            }
            ch = peek();
        }
    }

    /** One member of a class: a char (null when it joined `bits`), a range or an escape. */
    private CharPredicate range(BitClass bits) {
        int ch = peek();
        if (ch == '\\') {
            ch = next();
            if (ch == 'p' || ch == 'P') {
                boolean complement = ch == 'P';
                boolean oneLetter = true;
                ch = next();
                if (ch != '{') {
                    unread();
                } else {
                    oneLetter = false;
                }
                return family(oneLetter, complement);
            }
            boolean isrange = temp[cursor + 1] == '-';
            unread();
            ch = escape(true, true, isrange);
            if (ch == -1) {
                return escaped;
            }
        } else {
            next();
        }
        if (ch >= 0) {
            if (peek() == '-') {
                int endRange = temp[cursor + 1];
                if (endRange == '[') {
                    return bitsOrSingle(bits, ch);
                }
                if (endRange != ']') {
                    next();
                    int m = peek();
                    if (m == '\\') {
                        m = escape(true, false, true);
                    } else {
                        next();
                    }
                    if (m < ch) {
                        throw error("Illegal character range");
                    }
                    if (has(CASE_INSENSITIVE)) {
                        return new CIRange(ch, m);
                    }
                    return new Range(ch, m);
                }
            }
            return bitsOrSingle(bits, ch);
        }
        throw error("Unexpected character '" + ((char) ch) + "'");
    }

    private CharPredicate bitsOrSingle(BitClass bits, int ch) {
        if (ch < 256) {
            bits.add(ch, has(CASE_INSENSITIVE));
            return null;
        }
        return single(ch);
    }

    private CharPredicate single(int ch) {
        if (has(CASE_INSENSITIVE) && isAlpha(ch)) {
            return new SingleI(asciiLower(ch), asciiUpper(ch));
        }
        return new Single(ch);
    }

    /** \p{name} or \pL: the POSIX classes; every other property is not modelled. */
    private CharPredicate family(boolean singleLetter, boolean complement) {
        next();
        String name;
        if (singleLetter) {
            name = String.valueOf((char) temp[cursor]);
            read();
        } else {
            int i = cursor;
            // The terminator stands for a '}' while the name is read.
            temp[patternLength] = '}';
            while (read() != '}') {
                // up to the brace
            }
            temp[patternLength] = 0;
            int j = cursor;
            if (j > patternLength) {
                throw error("Unclosed character family");
            }
            if (i + 1 >= j) {
                throw error("Empty character family");
            }
            name = "";
            for (int k = i; k < j - 1; k++) {
                name = name + (char) temp[k];
            }
        }
        CharPredicate p = posix(name);
        if (p == null && name.indexOf('=') < 0 && !propertyLike(name)) {
            // No property, script or block of the JDK has such a name.
            throw error("Unknown character property name {" + name + "}");
        }
        if (p == null) {
            unsupported("\\p{" + name + "} (only the POSIX classes are modelled)");
        }
        if (complement) {
            // The JDK then steps over surrogate pairs between start positions.
            hasSupplementary = true;
            p = p.negate();
        }
        return p;
    }

    /** Whether a name holds only what the JDK's property, script and block names do. */
    private static boolean propertyLike(String name) {
        for (int k = 0; k < name.length(); k++) {
            char c = name.charAt(k);
            if (!isAlpha(c) && !isDigit(c) && c != '_' && c != ' ' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private CharPredicate posix(String name) {
        boolean ci = has(CASE_INSENSITIVE);
        switch (name) {
            case "ASCII": return new Range(0x00, 0x7f);
            case "Alnum": return new Ascii(ALNUM);
            case "Alpha": return new Ascii(ALPHA);
            case "Blank": return new Ascii(BLANK);
            case "Cntrl": return new Ascii(CNTRL);
            case "Digit": return new Range('0', '9');
            case "Graph": return new Ascii(GRAPH);
            case "Lower": return ci ? (CharPredicate) new Ascii(ALPHA) : new Range('a', 'z');
            case "Print": return new Range(0x20, 0x7e);
            case "Punct": return new Ascii(PUNCT);
            case "Space": return new Ascii(SPACE);
            case "Upper": return ci ? (CharPredicate) new Ascii(ALPHA) : new Range('A', 'Z');
            case "XDigit": return new Ascii(HEX);
            default: return null;
        }
    }

    /** A parenthesized group with its quantifier; null for a flag setting alone. */
    private Node group0() {
        boolean capturingGroup = false;
        Node head;
        Node tail;
        int save = flags0;
        int saveClosures = closureCount;
        tailOut = null;
        int ch = next();
        if (ch == '?') {
            ch = skip();
            switch (ch) {
                case ':':
                    head = createGroup(true);
                    tail = tailOut;
                    head.next = expr(tail);
                    break;
                case '=':
                case '!':
                    head = createGroup(true);
                    tail = tailOut;
                    head.next = expr(tail);
                    if (ch == '=') {
                        head = new Pos(head);
                    } else {
                        head = new Neg(head);
                    }
                    tail = head;
                    break;
                case '>':
                    head = createGroup(true);
                    tail = tailOut;
                    head.next = expr(tail);
                    head = new Ques(head, INDEPENDENT);
                    tail = head;
                    break;
                case '<':
                    ch = read();
                    if (ch != '=' && ch != '!') {
                        String name = groupname(ch);
                        if (groupNumber(name) >= 0) {
                            throw error("Named capturing group <" + name + "> is already defined");
                        }
                        capturingGroup = true;
                        head = createGroup(false);
                        tail = tailOut;
                        addName(name, capturingGroupCount - 1);
                        head.next = expr(tail);
                        break;
                    }
                    unsupported(ch == '=' ? "(?<=X) (lookbehind)" : "(?<!X) (lookbehind)");
                    return null;
                case '$':
                case '@':
                    throw error("Unknown group type");
                default:
                    unread();
                    addFlag();
                    ch = read();
                    if (ch == ')') {
                        // The flags hold to the end of the enclosing group.
                        return null;
                    }
                    if (ch != ':') {
                        throw error("Unknown inline modifier");
                    }
                    head = createGroup(true);
                    tail = tailOut;
                    head.next = expr(tail);
                    break;
            }
        } else {
            capturingGroup = true;
            head = createGroup(false);
            tail = tailOut;
            head.next = expr(tail);
        }
        accept(')', "Unclosed group");
        flags0 = save;
        Node node = closure(head);
        if (node == head) {
            tailOut = tail;
            return node;
        }
        if (head == tail) {
            // A quantified lookahead or atomic group: repeated as one atom.
            tailOut = node;
            return node;
        }
        // Loops inside a repeated group are not remembered.
        closureCount = saveClosures;
        return groupWithClosure(node, head, tail, capturingGroup);
    }

    private void addName(String name, int number) {
        int n = groupNames.length;
        String[] names = new String[n + 1];
        int[] numbers = new int[n + 1];
        for (int k = 0; k < n; k++) {
            names[k] = groupNames[k];
            numbers[k] = groupNumbers[k];
        }
        names[n] = name;
        numbers[n] = number;
        groupNames = names;
        groupNumbers = numbers;
    }

    private Node createGroup(boolean anonymous) {
        int localIndex = localCount;
        localCount++;
        int groupIndex = 0;
        if (!anonymous) {
            groupIndex = capturingGroupCount;
            capturingGroupCount++;
        }
        GroupHead head = new GroupHead(localIndex);
        tailOut = new GroupTail(localIndex, groupIndex);
        return head;
    }

    /**
     * A quantified group: '?' an alternation with the empty string, a repetition a
     * GroupCurly when the body can match in one way only, else a Loop; possessive ones stay
     * a repetition of the whole group.
     */
    private Node groupWithClosure(Node node, Node head, Node tail, boolean capturingGroup) {
        if (node instanceof Ques ques) {
            if (ques.type == POSSESSIVE) {
                tailOut = node;
                return node;
            }
            BranchConn branchConn = new BranchConn();
            tail.next = branchConn;
            if (ques.type == GREEDY) {
                head = new Branch(head, null, branchConn);
            } else {
                head = new Branch(null, head, branchConn);
            }
            tailOut = branchConn;
            return head;
        }
        Curly curly = (Curly) node;
        if (curly.type == POSSESSIVE) {
            tailOut = node;
            return node;
        }
        TreeInfo info = new TreeInfo();
        GroupTail groupTail = (GroupTail) tail;
        if (head.study(info)) {
            GroupCurly repeated = new GroupCurly(head.next, curly.cmin, curly.cmax, curly.type,
                    groupTail.localIndex, groupTail.groupIndex, capturingGroup);
            tailOut = repeated;
            return repeated;
        }
        int beginIndex = ((GroupHead) head).localIndex;
        Loop loop;
        if (curly.type == GREEDY) {
            loop = new Loop(localCount, beginIndex);
            if (curly.cmax == MAX_REPS) {
                addClosure(loop);
            }
        } else {
            loop = new LazyLoop(localCount, beginIndex);
        }
        Prolog prolog = new Prolog(loop);
        localCount++;
        loop.cmin = curly.cmin;
        loop.cmax = curly.cmax;
        loop.body = head;
        tail.next = loop;
        tailOut = loop;
        return prolog;
    }

    private void addClosure(Node loop) {
        if (closureCount == closures.length) {
            Node[] bigger = new Node[2 * closureCount];
            for (int k = 0; k < closureCount; k++) {
                bigger[k] = closures[k];
            }
            closures = bigger;
        }
        closures[closureCount] = loop;
        closureCount++;
    }

    /** The flags after (? up to ':' or ')'; i, m and s are modelled. */
    private void addFlag() {
        int ch = peek();
        for (;;) {
            switch (ch) {
                case 'i':
                    flags0 |= CASE_INSENSITIVE;
                    break;
                case 'm':
                    flags0 |= MULTILINE;
                    break;
                case 's':
                    flags0 |= DOTALL;
                    break;
                case 'd':
                case 'u':
                case 'c':
                case 'x':
                case 'U':
                    unsupported("the embedded flag (?" + (char) ch + ")");
                    break;
                case '-':
                    next();
                    subFlag();
                    return;
                default:
                    return;
            }
            ch = next();
        }
    }

    private void subFlag() {
        int ch = peek();
        for (;;) {
            switch (ch) {
                case 'i':
                    flags0 &= ~CASE_INSENSITIVE;
                    break;
                case 'm':
                    flags0 &= ~MULTILINE;
                    break;
                case 's':
                    flags0 &= ~DOTALL;
                    break;
                case 'd':
                case 'u':
                case 'c':
                case 'x':
                case 'U':
                    unsupported("the embedded flag (?-" + (char) ch + ")");
                    break;
                default:
                    return;
            }
            ch = next();
        }
    }

    /** The quantifier after `prev`, if any. */
    private Node closure(Node prev) {
        int ch = peek();
        switch (ch) {
            case '?':
                ch = next();
                if (ch == '?') {
                    next();
                    return new Ques(prev, LAZY);
                } else if (ch == '+') {
                    next();
                    return new Ques(prev, POSSESSIVE);
                }
                return new Ques(prev, GREEDY);
            case '*':
                return curly(prev, 0);
            case '+':
                return curly(prev, 1);
            case '{':
                ch = skip();
                if (!isDigit(ch)) {
                    throw error("Illegal repetition");
                }
                int cmin = 0;
                do {
                    cmin = addDigit(cmin, ch);
                    ch = read();
                } while (isDigit(ch));
                int cmax = cmin;
                boolean unbounded = false;
                if (ch == ',') {
                    ch = read();
                    cmax = MAX_REPS;
                    unbounded = ch == '}';
                    if (ch != '}') {
                        cmax = 0;
                        while (isDigit(ch)) {
                            cmax = addDigit(cmax, ch);
                            ch = read();
                        }
                    }
                }
                if (ch != '}') {
                    throw error("Unclosed counted closure");
                }
                if (cmax < cmin) {
                    throw error("Illegal repetition range");
                }
                ch = peek();
                int type = GREEDY;
                if (ch == '?') {
                    next();
                    type = LAZY;
                } else if (ch == '+') {
                    next();
                    type = POSSESSIVE;
                }
                // {0,1} is '?' (a group's then an alternation with the empty string), and
                // {n,} of a char class is its * or + (which, unlike a repetition of any
                // atom, leaves no trace in where a failed find() ended).
                if (cmin == 0 && cmax == 1) {
                    return new Ques(prev, type);
                }
                if (unbounded && type == GREEDY && prev instanceof CharProperty cp) {
                    return new CharPropertyGreedy(cp.predicate, cmin);
                }
                return new Curly(prev, cmin, cmax, type);
            default:
                return prev;
        }
    }

    /** A count's next digit; past the int range it is the JDK's error. */
    private int addDigit(int value, int ch) {
        if (value > (MAX_REPS - (ch - '0')) / 10) {
            throw error("Illegal repetition range");
        }
        return value * 10 + (ch - '0');
    }

    /** `*` (cmin 0) or `+` (cmin 1) after `prev`. */
    private Node curly(Node prev, int cmin) {
        int ch = next();
        if (ch == '?') {
            next();
            return new Curly(prev, cmin, MAX_REPS, LAZY);
        } else if (ch == '+') {
            next();
            return new Curly(prev, cmin, MAX_REPS, POSSESSIVE);
        }
        if (prev instanceof CharProperty cp) {
            return new CharPropertyGreedy(cp.predicate, cmin);
        }
        return new Curly(prev, cmin, MAX_REPS, GREEDY);
    }

    // ---------------------------------------------------------------- ASCII and code points

    static final int UPPER = 0x001;
    static final int LOWER = 0x002;
    static final int DIGIT = 0x004;
    static final int SPACE = 0x008;
    static final int PUNCT = 0x010;
    static final int CNTRL = 0x020;
    static final int BLANK = 0x040;
    static final int HEX = 0x080;
    static final int UNDER = 0x100;
    static final int ALPHA = UPPER | LOWER;
    static final int ALNUM = ALPHA | DIGIT;
    static final int GRAPH = PUNCT | ALNUM;
    static final int WORD = ALNUM | UNDER;

    /** The ASCII classes of a char (none above 127). */
    static int asciiType(int ch) {
        if (ch >= 'A' && ch <= 'Z') {
            return ch <= 'F' ? UPPER | HEX : UPPER;
        }
        if (ch >= 'a' && ch <= 'z') {
            return ch <= 'f' ? LOWER | HEX : LOWER;
        }
        if (ch >= '0' && ch <= '9') {
            return DIGIT | HEX;
        }
        if (ch == ' ') {
            return SPACE | BLANK;
        }
        if (ch == '\t') {
            return SPACE | BLANK | CNTRL;
        }
        if (ch >= 0x0a && ch <= 0x0d) {
            return SPACE | CNTRL;
        }
        if (ch < 0x20 || ch == 0x7f) {
            return ch >= 0 ? CNTRL : 0;
        }
        if (ch < 0x7f) {
            return ch == '_' ? PUNCT | UNDER : PUNCT;
        }
        return 0;
    }

    static boolean isAlpha(int ch) {
        return (asciiType(ch) & ALPHA) != 0;
    }

    static boolean isDigit(int ch) {
        return ch >= '0' && ch <= '9';
    }

    static boolean isHexDigit(int ch) {
        return (asciiType(ch) & HEX) != 0;
    }

    static int hexValue(int ch) {
        if (ch <= '9') {
            return ch - '0';
        }
        return (ch | 0x20) - 'a' + 10;
    }

    static int asciiLower(int ch) {
        return ch >= 'A' && ch <= 'Z' ? ch + 0x20 : ch;
    }

    static int asciiUpper(int ch) {
        return ch >= 'a' && ch <= 'z' ? ch - 0x20 : ch;
    }

    /** The code point at i: a surrogate pair's, or the char. */
    static int codePointAt(String s, int i) {
        char c = s.charAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length()) {
            char d = s.charAt(i + 1);
            if (d >= 0xdc00 && d <= 0xdfff) {
                return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            }
        }
        return c;
    }

    /** The code point ending at i (exclusive): a surrogate pair's, or the char. */
    static int codePointBefore(String s, int i) {
        char c = s.charAt(i - 1);
        if (c >= 0xdc00 && c <= 0xdfff && i - 2 >= 0) {
            char h = s.charAt(i - 2);
            if (h >= 0xd800 && h <= 0xdbff) {
                return 0x10000 + ((h - 0xd800) << 10) + (c - 0xdc00);
            }
        }
        return c;
    }

    static int charCount(int cp) {
        return cp >= 0x10000 ? 2 : 1;
    }

    // ---------------------------------------------------------------- classes of chars

    /** A set of code points. */
    abstract static class CharPredicate {
        /** Whether the JDK counts the class among those of BMP chars only. */
        boolean bmp = true;

        abstract boolean is(int ch);

        CharPredicate union(CharPredicate other) {
            return new Union(this, other);
        }

        CharPredicate and(CharPredicate other) {
            return new Intersection(this, other);
        }

        CharPredicate negate() {
            return new Negation(this);
        }
    }

    static final class Single extends CharPredicate {
        private final int c;

        Single(int c) {
            this.c = c;
        }

        boolean is(int ch) {
            return ch == c;
        }
    }

    /** An ASCII letter in either case. */
    static final class SingleI extends CharPredicate {
        private final int lower;
        private final int upper;

        SingleI(int lower, int upper) {
            this.lower = lower;
            this.upper = upper;
        }

        boolean is(int ch) {
            return ch == lower || ch == upper;
        }
    }

    /** The chars below 256 a class lists; with CASE_INSENSITIVE an ASCII letter's two cases. */
    static final class BitClass extends CharPredicate {
        private final boolean[] bits = new boolean[256];

        void add(int c, boolean caseInsensitive) {
            if (caseInsensitive && c < 128) {
                bits[asciiUpper(c)] = true;
                bits[asciiLower(c)] = true;
            }
            bits[c] = true;
        }

        boolean is(int ch) {
            return ch < 256 && bits[ch];
        }
    }

    static final class Range extends CharPredicate {
        private final int lower;
        private final int upper;

        Range(int lower, int upper) {
            this.lower = lower;
            this.upper = upper;
            bmp = upper < 0xd800 || (lower > 0xdfff && upper < 0x10000);
        }

        boolean is(int ch) {
            return lower <= ch && ch <= upper;
        }
    }

    /** A range with CASE_INSENSITIVE: an ASCII char in it in either case. */
    static final class CIRange extends CharPredicate {
        private final int lower;
        private final int upper;

        CIRange(int lower, int upper) {
            this.lower = lower;
            this.upper = upper;
            bmp = false;
        }

        private boolean in(int ch) {
            return lower <= ch && ch <= upper;
        }

        boolean is(int ch) {
            return in(ch) || (ch < 128 && (in(asciiUpper(ch)) || in(asciiLower(ch))));
        }
    }

    /** The ASCII chars of some classes (`asciiType`). */
    static final class Ascii extends CharPredicate {
        private final int mask;

        Ascii(int mask) {
            this.mask = mask;
        }

        boolean is(int ch) {
            return ch < 128 && (asciiType(ch) & mask) != 0;
        }
    }

    /** '.': anything but a line terminator. */
    static final class Dot extends CharPredicate {
        boolean is(int ch) {
            return ch != '\n' && ch != '\r' && (ch | 1) != 0x2029 && ch != 0x85;
        }
    }

    /** '.' with DOTALL. */
    static final class AnyChar extends CharPredicate {
        boolean is(int ch) {
            return true;
        }
    }

    /** \h. */
    static final class HorizontalSpace extends CharPredicate {
        boolean is(int ch) {
            return ch == 0x09 || ch == 0x20 || ch == 0xa0 || ch == 0x1680 || ch == 0x180e
                    || (ch >= 0x2000 && ch <= 0x200a) || ch == 0x202f || ch == 0x205f
                    || ch == 0x3000;
        }
    }

    /** \v. */
    static final class VerticalSpace extends CharPredicate {
        boolean is(int ch) {
            return (ch >= 0x0a && ch <= 0x0d) || ch == 0x85 || ch == 0x2028 || ch == 0x2029;
        }
    }

    static final class Union extends CharPredicate {
        private final CharPredicate left;
        private final CharPredicate right;

        Union(CharPredicate left, CharPredicate right) {
            this.left = left;
            this.right = right;
            // In `[0-9b&&]` the JDK intersects with null: testing a char then throws.
            bmp = left.bmp && right != null && right.bmp;
        }

        boolean is(int ch) {
            return left.is(ch) || right.is(ch);
        }
    }

    static final class Intersection extends CharPredicate {
        private final CharPredicate left;
        private final CharPredicate right;

        Intersection(CharPredicate left, CharPredicate right) {
            this.left = left;
            this.right = right;
            // In `[0-9b&&]` the JDK intersects with null: testing a char then throws.
            bmp = left.bmp && right != null && right.bmp;
        }

        boolean is(int ch) {
            return left.is(ch) && right.is(ch);
        }
    }

    static final class Negation extends CharPredicate {
        private final CharPredicate p;

        Negation(CharPredicate p) {
            this.p = p;
            bmp = false;
        }

        boolean is(int ch) {
            return !p.is(ch);
        }
    }

    // ---------------------------------------------------------------- nodes

    static final int GREEDY = 0;
    static final int LAZY = 1;
    static final int POSSESSIVE = 2;
    static final int INDEPENDENT = 3;

    /** The end of a subexpression matched on its own (a lookahead's, a repeated atom's). */
    static final Node ACCEPT = new Node();
    /** The end of the pattern: matches() also wants the end of the text. */
    static final Node LAST_ACCEPT = new LastNode();

    /** What a node learns of the nodes from it on: lengths, and one way to match only. */
    static final class TreeInfo {
        int minLength;
        int maxLength;
        boolean maxValid;
        boolean deterministic;

        TreeInfo() {
            reset();
        }

        void reset() {
            minLength = 0;
            maxLength = 0;
            maxValid = true;
            deterministic = true;
        }
    }

    /**
     * A node: matches its part at i and then the nodes after it; the base node is the end
     * of a subexpression, which records where it ended.
     */
    static class Node {
        Node next;

        Node() {
            next = ACCEPT;
        }

        boolean match(Matcher m, int i, String seq) {
            m.last = i;
            m.groups[0] = m.first;
            m.groups[1] = i;
            return true;
        }

        boolean study(TreeInfo info) {
            if (next != null) {
                return next.study(info);
            }
            return info.deterministic;
        }
    }

    static final class LastNode extends Node {
        boolean match(Matcher m, int i, String seq) {
            if (m.acceptMode == Matcher.ENDANCHOR && i != m.to) {
                return false;
            }
            m.last = i;
            m.groups[0] = m.first;
            m.groups[1] = i;
            return true;
        }
    }

    /** find()'s loop over start positions, none closer to the end than the shortest match. */
    static class Start extends Node {
        int minLength;

        Start(Node node) {
            next = node;
            TreeInfo info = new TreeInfo();
            next.study(info);
            minLength = info.minLength;
        }

        boolean match(Matcher m, int i, String seq) {
            int guard = m.to - minLength;
            for (; i <= guard; i++) {
                if (next.match(m, i, seq)) {
                    m.first = i;
                    m.groups[0] = m.first;
                    m.groups[1] = m.last;
                    return true;
                }
            }
            return false;
        }
    }

    /** Start when the pattern may match a supplementary char: over surrogate pairs. */
    static final class StartS extends Start {
        StartS(Node node) {
            super(node);
        }

        boolean match(Matcher m, int i, String seq) {
            int guard = m.to - minLength;
            while (i <= guard) {
                if (next.match(m, i, seq)) {
                    m.first = i;
                    m.groups[0] = m.first;
                    m.groups[1] = m.last;
                    return true;
                }
                if (i == guard) {
                    break;
                }
                char c = seq.charAt(i);
                i++;
                if (c >= 0xd800 && c <= 0xdbff && i < seq.length()) {
                    char d = seq.charAt(i);
                    if (d >= 0xdc00 && d <= 0xdfff) {
                        i++;
                    }
                }
            }
            return false;
        }
    }

    /** ^ without MULTILINE, and \A. */
    static final class Begin extends Node {
        boolean match(Matcher m, int i, String seq) {
            if (i == m.from && next.match(m, i, seq)) {
                m.first = i;
                m.groups[0] = i;
                m.groups[1] = m.last;
                return true;
            }
            return false;
        }
    }

    /** ^ with MULTILINE: after a line terminator (not inside \r\n), never at the end. */
    static final class Caret extends Node {
        boolean match(Matcher m, int i, String seq) {
            if (i == m.to) {
                return false;
            }
            if (i > m.from) {
                char ch = seq.charAt(i - 1);
                if (ch != '\n' && ch != '\r' && (ch | 1) != 0x2029 && ch != 0x85) {
                    return false;
                }
                if (ch == '\r' && seq.charAt(i) == '\n') {
                    return false;
                }
            }
            return next.match(m, i, seq);
        }
    }

    /** \z. */
    static final class End extends Node {
        boolean match(Matcher m, int i, String seq) {
            return i == m.to && next.match(m, i, seq);
        }
    }

    /**
     * $ and \Z: at the end, or before a line terminator ending the text (\r\n as one);
     * with MULTILINE before any line terminator.
     */
    static final class Dollar extends Node {
        private final boolean multiline;

        Dollar(boolean multiline) {
            this.multiline = multiline;
        }

        boolean match(Matcher m, int i, String seq) {
            int endIndex = m.to;
            if (!multiline) {
                if (i < endIndex - 2) {
                    return false;
                }
                if (i == endIndex - 2) {
                    if (seq.charAt(i) != '\r' || seq.charAt(i + 1) != '\n') {
                        return false;
                    }
                    return next.match(m, i, seq);
                }
            }
            if (i < endIndex) {
                char ch = seq.charAt(i);
                if (ch == '\n') {
                    if (i > 0 && seq.charAt(i - 1) == '\r') {
                        return false;
                    }
                    if (multiline) {
                        return next.match(m, i, seq);
                    }
                } else if (ch == '\r' || ch == 0x85 || (ch | 1) == 0x2029) {
                    if (multiline) {
                        return next.match(m, i, seq);
                    }
                } else {
                    return false;
                }
            }
            return next.match(m, i, seq);
        }
    }

    /**
     * \b and \B. JDK 17 counts a letter or digit of any script, '_', and a non-spacing mark
     * after one as a word char (not \w's ASCII meaning).
     */
    static final class Bound extends Node {
        static final int LEFT = 1;
        static final int RIGHT = 2;
        static final int BOTH = 3;
        static final int NONE = 4;

        private final int type;

        Bound(int type) {
            this.type = type;
        }

        private static boolean isWord(int ch) {
            return ch == '_' || Character.isLetterOrDigit(ch);
        }

        /** Whether a non-spacing mark at i follows a letter or digit (through other marks). */
        private static boolean hasBaseCharacter(Matcher m, int i, String seq) {
            for (int x = i; x >= m.from; x--) {
                int ch = codePointAt(seq, x);
                if (Character.isLetterOrDigit(ch)) {
                    return true;
                }
                if (Character.getType(ch) == 6) {
                    // Another non-spacing mark.
                    continue;
                }
                return false;
            }
            return false;
        }

        private int check(Matcher m, int i, String seq) {
            boolean left = false;
            if (i > m.from) {
                int ch = codePointBefore(seq, i);
                left = isWord(ch) || (Character.getType(ch) == 6 && hasBaseCharacter(m, i - 1, seq));
            }
            boolean right = false;
            if (i < m.to) {
                int ch = codePointAt(seq, i);
                right = isWord(ch) || (Character.getType(ch) == 6 && hasBaseCharacter(m, i, seq));
            }
            if (left ^ right) {
                return right ? LEFT : RIGHT;
            }
            return NONE;
        }

        boolean match(Matcher m, int i, String seq) {
            return (check(m, i, seq) & type) > 0 && next.match(m, i, seq);
        }
    }

    /** One char of a class (a surrogate pair read as one code point). */
    static final class CharProperty extends Node {
        final CharPredicate predicate;

        CharProperty(CharPredicate predicate) {
            this.predicate = predicate;
        }

        boolean match(Matcher m, int i, String seq) {
            if (i < m.to) {
                int ch = codePointAt(seq, i);
                i += charCount(ch);
                if (i <= m.to) {
                    return predicate.is(ch) && next.match(m, i, seq);
                }
            }
            return false;
        }

        boolean study(TreeInfo info) {
            info.minLength++;
            info.maxLength++;
            return next.study(info);
        }
    }

    /** A char class under greedy * or +: as many as match, then one fewer at a time. */
    static final class CharPropertyGreedy extends Node {
        final CharPredicate predicate;
        final int cmin;

        CharPropertyGreedy(CharPredicate predicate, int cmin) {
            this.predicate = predicate;
            this.cmin = cmin;
        }

        boolean match(Matcher m, int i, String seq) {
            int start = i;
            int n = 0;
            int to = m.to;
            while (i < to) {
                int ch = codePointAt(seq, i);
                if (!predicate.is(ch)) {
                    break;
                }
                i += charCount(ch);
                n++;
            }
            while (n >= cmin) {
                if (next.match(m, i, seq)) {
                    return true;
                }
                if (n == cmin) {
                    return false;
                }
                // One code point back, but not before the run's start (which may be the
                // low half of a pair).
                i = Math.max(start, i - charCount(codePointBefore(seq, i)));
                n--;
            }
            return false;
        }

        boolean study(TreeInfo info) {
            info.minLength += cmin;
            if (info.maxValid) {
                info.maxLength += MAX_REPS;
            }
            info.deterministic = false;
            return next.study(info);
        }
    }

    /** Several literal chars. */
    static class Slice extends Node {
        final int[] buffer;

        Slice(int[] buffer) {
            this.buffer = buffer;
        }

        boolean match(Matcher m, int i, String seq) {
            int len = buffer.length;
            for (int j = 0; j < len; j++) {
                if (i + j >= m.to || buffer[j] != seq.charAt(i + j)) {
                    return false;
                }
            }
            return next.match(m, i + len, seq);
        }

        boolean study(TreeInfo info) {
            info.minLength += buffer.length;
            info.maxLength += buffer.length;
            return next.study(info);
        }
    }

    /** Literal chars with CASE_INSENSITIVE: the buffer is in lower case (ASCII). */
    static final class SliceI extends Slice {
        SliceI(int[] buffer) {
            super(buffer);
        }

        boolean match(Matcher m, int i, String seq) {
            int len = buffer.length;
            for (int j = 0; j < len; j++) {
                if (i + j >= m.to) {
                    return false;
                }
                int c = seq.charAt(i + j);
                if (buffer[j] != c && buffer[j] != asciiLower(c)) {
                    return false;
                }
            }
            return next.match(m, i + len, seq);
        }
    }

    /** X? on an atom (a group's ? is an alternation): greedy, lazy, possessive, atomic. */
    static final class Ques extends Node {
        final Node atom;
        final int type;

        Ques(Node atom, int type) {
            this.atom = atom;
            this.type = type;
        }

        boolean match(Matcher m, int i, String seq) {
            switch (type) {
                case GREEDY:
                    return (atom.match(m, i, seq) && next.match(m, m.last, seq))
                            || next.match(m, i, seq);
                case LAZY:
                    return next.match(m, i, seq)
                            || (atom.match(m, i, seq) && next.match(m, m.last, seq));
                case POSSESSIVE:
                    if (atom.match(m, i, seq)) {
                        i = m.last;
                    }
                    return next.match(m, i, seq);
                default:
                    return atom.match(m, i, seq) && next.match(m, m.last, seq);
            }
        }

        boolean study(TreeInfo info) {
            if (type != INDEPENDENT) {
                int minL = info.minLength;
                atom.study(info);
                info.minLength = minL;
                info.deterministic = false;
                return next.study(info);
            }
            atom.study(info);
            return next.study(info);
        }
    }

    /**
     * {n,m}, and * + on what is not a char class: the minimum first, then as many as match
     * (greedy, backing off by the length of the last iteration), as few (lazy) or as many
     * with no backing off (possessive). An iteration matching nothing ends the repetition.
     */
    static final class Curly extends Node {
        final Node atom;
        final int type;
        final int cmin;
        final int cmax;

        Curly(Node atom, int cmin, int cmax, int type) {
            this.atom = atom;
            this.type = type;
            this.cmin = cmin;
            this.cmax = cmax;
        }

        boolean match(Matcher m, int i, String seq) {
            int j;
            for (j = 0; j < cmin; j++) {
                if (atom.match(m, i, seq)) {
                    i = m.last;
                    continue;
                }
                return false;
            }
            if (type == GREEDY) {
                return match0(m, i, j, seq);
            } else if (type == LAZY) {
                return match1(m, i, j, seq);
            }
            return match2(m, i, j, seq);
        }

        private boolean match0(Matcher m, int i, int j, String seq) {
            if (j >= cmax) {
                return next.match(m, i, seq);
            }
            int backLimit = j;
            while (atom.match(m, i, seq)) {
                int k = m.last - i;
                if (k == 0) {
                    break;
                }
                i = m.last;
                j++;
                while (j < cmax) {
                    if (!atom.match(m, i, seq)) {
                        break;
                    }
                    if (i + k != m.last) {
                        // An iteration of another length: the rest from there.
                        if (match0(m, m.last, j + 1, seq)) {
                            return true;
                        }
                        break;
                    }
                    i += k;
                    j++;
                }
                while (j >= backLimit) {
                    if (next.match(m, i, seq)) {
                        return true;
                    }
                    i -= k;
                    j--;
                }
                return false;
            }
            return next.match(m, i, seq);
        }

        private boolean match1(Matcher m, int i, int j, String seq) {
            for (;;) {
                if (next.match(m, i, seq)) {
                    return true;
                }
                if (j >= cmax) {
                    return false;
                }
                if (!atom.match(m, i, seq)) {
                    return false;
                }
                if (i == m.last) {
                    return false;
                }
                i = m.last;
                j++;
            }
        }

        private boolean match2(Matcher m, int i, int j, String seq) {
            for (; j < cmax; j++) {
                if (!atom.match(m, i, seq)) {
                    break;
                }
                if (i == m.last) {
                    break;
                }
                i = m.last;
            }
            return next.match(m, i, seq);
        }

        boolean study(TreeInfo info) {
            int minL = info.minLength;
            int maxL = info.maxLength;
            boolean maxV = info.maxValid;
            boolean detm = info.deterministic;
            info.reset();
            atom.study(info);
            int temp = info.minLength * cmin + minL;
            if (temp < minL) {
                temp = 0xFFFFFFF;
            }
            info.minLength = temp;
            if (maxV & info.maxValid) {
                temp = info.maxLength * cmax;
                info.maxLength = maxL + temp;
                if (temp < maxL) {
                    info.maxValid = false;
                }
            } else {
                info.maxValid = false;
            }
            if (info.deterministic && cmin == cmax) {
                info.deterministic = detm;
            } else {
                info.deterministic = false;
            }
            return next.study(info);
        }
    }

    /**
     * A repeated group whose body matches in one way only: iterations are matched one after
     * the other, the group set to each, and backed off by the length of the last one, the
     * group then set to the span that length gives (the groups nested in the body keep what
     * the furthest iteration set).
     */
    static final class GroupCurly extends Node {
        final Node atom;
        final int type;
        final int cmin;
        final int cmax;
        final int localIndex;
        final int groupIndex;
        final boolean capture;

        GroupCurly(Node atom, int cmin, int cmax, int type, int localIndex, int groupIndex,
                boolean capture) {
            this.atom = atom;
            this.type = type;
            this.cmin = cmin;
            this.cmax = cmax;
            this.localIndex = localIndex;
            this.groupIndex = groupIndex;
            this.capture = capture;
        }

        boolean match(Matcher m, int i, String seq) {
            int[] groups = m.groups;
            int[] locals = m.locals;
            int save0 = locals[localIndex];
            int save1 = 0;
            int save2 = 0;
            if (capture) {
                save1 = groups[groupIndex];
                save2 = groups[groupIndex + 1];
            }
            // The body's tail then only records where it ended.
            locals[localIndex] = -1;
            boolean ret = true;
            for (int j = 0; j < cmin; j++) {
                if (atom.match(m, i, seq)) {
                    if (capture) {
                        groups[groupIndex] = i;
                        groups[groupIndex + 1] = m.last;
                    }
                    i = m.last;
                } else {
                    ret = false;
                    break;
                }
            }
            if (ret) {
                if (type == GREEDY) {
                    ret = match0(m, i, cmin, seq);
                } else if (type == LAZY) {
                    ret = match1(m, i, cmin, seq);
                } else {
                    ret = match2(m, i, cmin, seq);
                }
            }
            if (!ret) {
                locals[localIndex] = save0;
                if (capture) {
                    groups[groupIndex] = save1;
                    groups[groupIndex + 1] = save2;
                }
            }
            return ret;
        }

        private boolean match0(Matcher m, int i, int j, String seq) {
            int min = j;
            int[] groups = m.groups;
            int save0 = 0;
            int save1 = 0;
            if (capture) {
                save0 = groups[groupIndex];
                save1 = groups[groupIndex + 1];
            }
            for (;;) {
                if (j >= cmax) {
                    break;
                }
                if (!atom.match(m, i, seq)) {
                    break;
                }
                int k = m.last - i;
                if (k <= 0) {
                    if (capture) {
                        groups[groupIndex] = i;
                        groups[groupIndex + 1] = i + k;
                    }
                    i = i + k;
                    break;
                }
                for (;;) {
                    if (capture) {
                        groups[groupIndex] = i;
                        groups[groupIndex + 1] = i + k;
                    }
                    i = i + k;
                    j++;
                    if (j >= cmax) {
                        break;
                    }
                    if (!atom.match(m, i, seq)) {
                        break;
                    }
                    if (i + k != m.last) {
                        // An iteration of another length: repeated again from its start.
                        if (match0(m, i, j, seq)) {
                            return true;
                        }
                        break;
                    }
                }
                while (j > min) {
                    if (next.match(m, i, seq)) {
                        // The group is this repetition's last iteration again, whatever a
                        // later repetition of the same group set (as the JVM does).
                        if (capture) {
                            groups[groupIndex + 1] = i;
                            groups[groupIndex] = i - k;
                        }
                        return true;
                    }
                    i = i - k;
                    if (capture) {
                        groups[groupIndex + 1] = i;
                        groups[groupIndex] = i - k;
                    }
                    j--;
                }
                break;
            }
            if (capture) {
                groups[groupIndex] = save0;
                groups[groupIndex + 1] = save1;
            }
            return next.match(m, i, seq);
        }

        private boolean match1(Matcher m, int i, int j, String seq) {
            for (;;) {
                if (next.match(m, i, seq)) {
                    return true;
                }
                if (j >= cmax) {
                    return false;
                }
                if (!atom.match(m, i, seq)) {
                    return false;
                }
                if (i == m.last) {
                    return false;
                }
                if (capture) {
                    m.groups[groupIndex] = i;
                    m.groups[groupIndex + 1] = m.last;
                }
                i = m.last;
                j++;
            }
        }

        private boolean match2(Matcher m, int i, int j, String seq) {
            for (; j < cmax; j++) {
                if (!atom.match(m, i, seq)) {
                    break;
                }
                if (capture) {
                    m.groups[groupIndex] = i;
                    m.groups[groupIndex + 1] = m.last;
                }
                if (i == m.last) {
                    break;
                }
                i = m.last;
            }
            return next.match(m, i, seq);
        }

        boolean study(TreeInfo info) {
            int minL = info.minLength;
            int maxL = info.maxLength;
            boolean maxV = info.maxValid;
            boolean detm = info.deterministic;
            info.reset();
            atom.study(info);
            int temp = info.minLength * cmin + minL;
            if (temp < minL) {
                temp = 0xFFFFFFF;
            }
            info.minLength = temp;
            if (maxV & info.maxValid) {
                temp = info.maxLength * cmax;
                info.maxLength = maxL + temp;
                if (temp < maxL) {
                    info.maxValid = false;
                }
            } else {
                info.maxValid = false;
            }
            if (info.deterministic && cmin == cmax) {
                info.deterministic = detm;
            } else {
                info.deterministic = false;
            }
            return next.study(info);
        }
    }

    /** A group's start: where it began, kept while the rest matches. */
    static final class GroupHead extends Node {
        final int localIndex;

        GroupHead(int localIndex) {
            this.localIndex = localIndex;
        }

        boolean match(Matcher m, int i, String seq) {
            int save = m.locals[localIndex];
            m.locals[localIndex] = i;
            boolean ret = next.match(m, i, seq);
            m.locals[localIndex] = save;
            return ret;
        }
    }

    /**
     * A group's end: sets the group while the rest matches (restored if it does not); in a
     * GroupCurly's body (start -1) it only records where the body ended. An anonymous
     * group uses group 0's slots, which the match sets at its end anyway.
     */
    static final class GroupTail extends Node {
        final int localIndex;
        final int groupIndex;

        GroupTail(int localIndex, int groupCount) {
            this.localIndex = localIndex;
            this.groupIndex = groupCount + groupCount;
        }

        boolean match(Matcher m, int i, String seq) {
            int tmp = m.locals[localIndex];
            if (tmp >= 0) {
                int groupStart = m.groups[groupIndex];
                int groupEnd = m.groups[groupIndex + 1];
                m.groups[groupIndex] = tmp;
                m.groups[groupIndex + 1] = i;
                if (next.match(m, i, seq)) {
                    return true;
                }
                m.groups[groupIndex] = groupStart;
                m.groups[groupIndex + 1] = groupEnd;
                return false;
            }
            m.last = i;
            return true;
        }
    }

    /** The entry of a Loop: its first iteration. */
    static final class Prolog extends Node {
        final Loop loop;

        Prolog(Loop loop) {
            this.loop = loop;
        }

        boolean match(Matcher m, int i, String seq) {
            return loop.matchInit(m, i, seq);
        }

        boolean study(TreeInfo info) {
            return loop.study(info);
        }
    }

    /**
     * A repeated group whose body may match in several ways (greedy): each iteration
     * backtracks into the previous ones. The group's tail comes back here after each
     * iteration; an iteration that matched nothing ends the loop. An outermost unbounded
     * one (posIndex set) skips iterating again from a position it already failed from.
     */
    static class Loop extends Node {
        Node body;
        final int countIndex;
        final int beginIndex;
        int cmin;
        int cmax;
        int posIndex = -1;

        Loop(int countIndex, int beginIndex) {
            this.countIndex = countIndex;
            this.beginIndex = beginIndex;
        }

        boolean match(Matcher m, int i, String seq) {
            if (i > m.locals[beginIndex]) {
                int count = m.locals[countIndex];
                if (count < cmin) {
                    m.locals[countIndex] = count + 1;
                    boolean b = body.match(m, i, seq);
                    if (!b) {
                        m.locals[countIndex] = count;
                    }
                    return b;
                }
                if (count < cmax) {
                    if (posIndex != -1 && m.failedBefore(posIndex, i)) {
                        return next.match(m, i, seq);
                    }
                    m.locals[countIndex] = count + 1;
                    boolean b = body.match(m, i, seq);
                    if (b) {
                        return true;
                    }
                    m.locals[countIndex] = count;
                    if (posIndex != -1) {
                        m.markFailed(posIndex, i);
                    }
                }
            }
            return next.match(m, i, seq);
        }

        boolean matchInit(Matcher m, int i, String seq) {
            int save = m.locals[countIndex];
            boolean ret;
            if (posIndex != -1) {
                m.prepareMemo(posIndex);
            }
            if (0 < cmin) {
                m.locals[countIndex] = 1;
                ret = body.match(m, i, seq);
            } else if (0 < cmax) {
                m.locals[countIndex] = 1;
                ret = body.match(m, i, seq);
                if (!ret) {
                    ret = next.match(m, i, seq);
                }
            } else {
                ret = next.match(m, i, seq);
            }
            m.locals[countIndex] = save;
            return ret;
        }

        boolean study(TreeInfo info) {
            info.maxValid = false;
            info.deterministic = false;
            return false;
        }
    }

    /** The reluctant Loop: the rest first, then one more iteration. */
    static final class LazyLoop extends Loop {
        LazyLoop(int countIndex, int beginIndex) {
            super(countIndex, beginIndex);
        }

        boolean match(Matcher m, int i, String seq) {
            if (i > m.locals[beginIndex]) {
                int count = m.locals[countIndex];
                if (count < cmin) {
                    m.locals[countIndex] = count + 1;
                    boolean result = body.match(m, i, seq);
                    if (!result) {
                        m.locals[countIndex] = count;
                    }
                    return result;
                }
                if (next.match(m, i, seq)) {
                    return true;
                }
                if (count < cmax) {
                    m.locals[countIndex] = count + 1;
                    boolean result = body.match(m, i, seq);
                    if (!result) {
                        m.locals[countIndex] = count;
                    }
                    return result;
                }
                return false;
            }
            return next.match(m, i, seq);
        }

        boolean matchInit(Matcher m, int i, String seq) {
            int save = m.locals[countIndex];
            boolean ret = false;
            if (0 < cmin) {
                m.locals[countIndex] = 1;
                ret = body.match(m, i, seq);
            } else if (next.match(m, i, seq)) {
                ret = true;
            } else if (0 < cmax) {
                m.locals[countIndex] = 1;
                ret = body.match(m, i, seq);
            }
            m.locals[countIndex] = save;
            return ret;
        }
    }

    /** Alternatives in order; a null one is the empty string. */
    static final class Branch extends Node {
        Node[] atoms = new Node[2];
        int size = 2;
        final Node conn;

        Branch(Node first, Node second, Node branchConn) {
            conn = branchConn;
            atoms[0] = first;
            atoms[1] = second;
        }

        void add(Node node) {
            if (size >= atoms.length) {
                Node[] bigger = new Node[atoms.length * 2];
                for (int k = 0; k < atoms.length; k++) {
                    bigger[k] = atoms[k];
                }
                atoms = bigger;
            }
            atoms[size] = node;
            size++;
        }

        boolean match(Matcher m, int i, String seq) {
            for (int n = 0; n < size; n++) {
                if (atoms[n] == null) {
                    if (conn.next.match(m, i, seq)) {
                        return true;
                    }
                } else if (atoms[n].match(m, i, seq)) {
                    return true;
                }
            }
            return false;
        }

        boolean study(TreeInfo info) {
            int minL = info.minLength;
            int maxL = info.maxLength;
            boolean maxV = info.maxValid;
            int minL2 = Integer.MAX_VALUE;
            int maxL2 = -1;
            for (int n = 0; n < size; n++) {
                info.reset();
                if (atoms[n] != null) {
                    atoms[n].study(info);
                }
                minL2 = Math.min(minL2, info.minLength);
                maxL2 = Math.max(maxL2, info.maxLength);
                maxV = maxV & info.maxValid;
            }
            minL += minL2;
            maxL += maxL2;
            info.reset();
            conn.next.study(info);
            info.minLength += minL;
            info.maxLength += maxL;
            info.maxValid &= maxV;
            info.deterministic = false;
            return false;
        }
    }

    /** Where the alternatives of a Branch meet. */
    static final class BranchConn extends Node {
        boolean match(Matcher m, int i, String seq) {
            return next.match(m, i, seq);
        }

        boolean study(TreeInfo info) {
            return info.deterministic;
        }
    }

    /** \n: the text the group last matched, char for char; nothing if it did not match. */
    static class BackRef extends Node {
        final int groupIndex;

        BackRef(int groupCount) {
            groupIndex = groupCount + groupCount;
        }

        boolean match(Matcher m, int i, String seq) {
            int j = m.groups[groupIndex];
            int k = m.groups[groupIndex + 1];
            int groupSize = k - j;
            if (j < 0) {
                return false;
            }
            if (i + groupSize > m.to) {
                return false;
            }
            for (int index = 0; index < groupSize; index++) {
                if (seq.charAt(i + index) != seq.charAt(j + index)) {
                    return false;
                }
            }
            return next.match(m, i + groupSize, seq);
        }

        boolean study(TreeInfo info) {
            info.maxValid = false;
            return next.study(info);
        }
    }

    /**
     * \n with CASE_INSENSITIVE: code points equal in ASCII lower case. As in the JDK it
     * compares as many code points as the group has chars.
     */
    static final class CIBackRef extends BackRef {
        CIBackRef(int groupCount) {
            super(groupCount);
        }

        boolean match(Matcher m, int i, String seq) {
            int j = m.groups[groupIndex];
            int k = m.groups[groupIndex + 1];
            int groupSize = k - j;
            if (j < 0) {
                return false;
            }
            if (i + groupSize > m.to) {
                return false;
            }
            int x = i;
            for (int index = 0; index < groupSize; index++) {
                int c1 = codePointAt(seq, x);
                int c2 = codePointAt(seq, j);
                if (c1 != c2 && asciiLower(c1) != asciiLower(c2)) {
                    return false;
                }
                x += charCount(c1);
                j += charCount(c2);
            }
            return next.match(m, i + groupSize, seq);
        }
    }

    /** (?=X): X matches here (its groups stay set), then the rest from here. */
    static final class Pos extends Node {
        final Node cond;

        Pos(Node cond) {
            this.cond = cond;
        }

        boolean match(Matcher m, int i, String seq) {
            return cond.match(m, i, seq) && next.match(m, i, seq);
        }
    }

    /** (?!X). */
    static final class Neg extends Node {
        final Node cond;

        Neg(Node cond) {
            this.cond = cond;
        }

        boolean match(Matcher m, int i, String seq) {
            return !cond.match(m, i, seq) && next.match(m, i, seq);
        }
    }
}
