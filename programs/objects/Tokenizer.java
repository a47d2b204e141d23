/** A tokenizer for a small expression language: identifiers, keywords, integers, one- and two-character operators, parentheses. */
public class Tokenizer {
    enum Kind { IDENTIFIER, KEYWORD, NUMBER, OPERATOR, LPAREN, RPAREN }

    record Token(Kind kind, String text, int position) {
        Token {
            if (text.isEmpty()) {
                throw new IllegalArgumentException("empty token at " + position);
            }
        }

        boolean is(Kind k, String t) {
            return kind == k && text.equals(t);
        }
    }

    private static final String[] KEYWORDS = {"if", "then", "else", "let", "in"};
    private static final String[] TWO_CHAR_OPERATORS = {"==", "!=", "<=", ">=", "&&", "||", "->"};
    private static final String SINGLE_OPERATORS = "+-*/%=<>!";

    private Tokenizer() {
    }

    public static Token[] tokenize(String source) {
        Token[] tokens = new Token[4];
        int count = 0;
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            int start = i;
            Token token;
            if (c == ' ' || c == '\t' || c == '\n') {
                i++;
                continue;
            } else if (Character.isLetter(c) || c == '_') {
                while (i < source.length() && (Character.isLetterOrDigit(source.charAt(i)) || source.charAt(i) == '_')) {
                    i++;
                }
                String word = source.substring(start, i);
                token = new Token(isKeyword(word) ? Kind.KEYWORD : Kind.IDENTIFIER, word, start);
            } else if (c >= '0' && c <= '9') {
                while (i < source.length() && source.charAt(i) >= '0' && source.charAt(i) <= '9') {
                    i++;
                }
                if (i < source.length() && Character.isLetter(source.charAt(i))) {
                    throw new IllegalArgumentException("malformed number at " + start);
                }
                token = new Token(Kind.NUMBER, source.substring(start, i), start);
            } else if (c == '(' || c == ')') {
                i++;
                token = new Token(c == '(' ? Kind.LPAREN : Kind.RPAREN, String.valueOf(c), start);
            } else {
                String op = matchOperator(source, i);
                if (op == null) {
                    throw new IllegalArgumentException("unexpected '" + c + "' at " + i);
                }
                i += op.length();
                token = new Token(Kind.OPERATOR, op, start);
            }
            if (count == tokens.length) {
                Token[] bigger = new Token[tokens.length * 2];
                for (int k = 0; k < count; k++) {
                    bigger[k] = tokens[k];
                }
                tokens = bigger;
            }
            tokens[count++] = token;
        }
        Token[] result = new Token[count];
        for (int k = 0; k < count; k++) {
            result[k] = tokens[k];
        }
        return result;
    }

    private static boolean isKeyword(String word) {
        for (String k : KEYWORDS) {
            if (k.equals(word)) {
                return true;
            }
        }
        return false;
    }

    private static String matchOperator(String source, int i) {
        if (i + 1 < source.length()) {
            String two = source.substring(i, i + 2);
            for (String op : TWO_CHAR_OPERATORS) {
                if (op.equals(two)) {
                    return op;
                }
            }
        }
        char c = source.charAt(i);
        return SINGLE_OPERATORS.indexOf(c) >= 0 ? String.valueOf(c) : null;
    }

    public static int count(String source, Kind kind) {
        int n = 0;
        for (Token t : tokenize(source)) {
            if (t.kind() == kind) {
                n++;
            }
        }
        return n;
    }

    /** Same as count, with the kind given by name, e.g. "NUMBER". */
    public static int countByName(String source, String kindName) {
        return count(source, Kind.valueOf(kindName));
    }

    /** The kinds of all tokens, space-separated. */
    public static String kinds(String source) {
        String out = "";
        for (Token t : tokenize(source)) {
            out += out.isEmpty() ? t.kind().name() : " " + t.kind().name();
        }
        return out;
    }

    public static long sumOfNumbers(String source) {
        long sum = 0;
        for (Token t : tokenize(source)) {
            if (t.kind() == Kind.NUMBER) {
                sum += Long.parseLong(t.text());
            }
        }
        return sum;
    }

    /** Checks that parentheses nest properly; returns the position of the first offending one, or -1. */
    public static int firstUnbalanced(String source) {
        Token[] tokens = tokenize(source);
        int[] open = new int[tokens.length];
        int depth = 0;
        for (Token t : tokens) {
            if (t.kind() == Kind.LPAREN) {
                open[depth++] = t.position();
            } else if (t.kind() == Kind.RPAREN) {
                if (depth == 0) {
                    return t.position();
                }
                depth--;
            }
        }
        return depth == 0 ? -1 : open[depth - 1];
    }

    public static Token longestIdentifier(String source) {
        Token best = null;
        for (Token t : tokenize(source)) {
            if (t.kind() == Kind.IDENTIFIER && (best == null || t.text().length() > best.text().length())) {
                best = t;
            }
        }
        return best;
    }
}
