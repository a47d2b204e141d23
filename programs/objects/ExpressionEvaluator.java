/** Evaluates integer arithmetic expressions (+ - * /, unary minus, parentheses) with operator precedence, using an explicit stack. */
public class ExpressionEvaluator {
    private static final int NEGATE = 'n';

    private ExpressionEvaluator() {
    }

    public static int evaluate(String text) {
        IntStack values = new IntStack();
        IntStack ops = new IntStack();
        boolean expectOperand = true;
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == ' ') {
                i++;
                continue;
            }
            if (isDigit(c)) {
                if (!expectOperand) {
                    throw new MalformedExpressionException("unexpected number", i);
                }
                int value = 0;
                while (i < n && isDigit(text.charAt(i))) {
                    int digit = text.charAt(i) - '0';
                    if (value > (Integer.MAX_VALUE - digit) / 10) {
                        throw new MalformedExpressionException("number too large", i);
                    }
                    value = value * 10 + digit;
                    i++;
                }
                values.push(value);
                expectOperand = false;
                continue;
            }
            if (c == '(') {
                if (!expectOperand) {
                    throw new MalformedExpressionException("unexpected '('", i);
                }
                ops.push(c);
            } else if (c == ')') {
                if (expectOperand) {
                    throw new MalformedExpressionException("unexpected ')'", i);
                }
                while (!ops.isEmpty() && ops.peek() != '(') {
                    apply(values, ops.pop());
                }
                if (ops.isEmpty()) {
                    throw new MalformedExpressionException("unbalanced ')'", i);
                }
                ops.pop();
            } else if (c == '+' || c == '-' || c == '*' || c == '/') {
                if (expectOperand) {
                    if (c != '-') {
                        throw new MalformedExpressionException("missing operand before '" + c + "'", i);
                    }
                    ops.push(NEGATE);
                } else {
                    while (!ops.isEmpty() && ops.peek() != '(' && precedence(ops.peek()) >= precedence(c)) {
                        apply(values, ops.pop());
                    }
                    ops.push(c);
                    expectOperand = true;
                }
            } else {
                throw new MalformedExpressionException("unexpected character '" + c + "'", i);
            }
            i++;
        }
        if (expectOperand) {
            throw new MalformedExpressionException("unexpected end of input", n);
        }
        while (!ops.isEmpty()) {
            int op = ops.pop();
            if (op == '(') {
                throw new MalformedExpressionException("unclosed '('", n);
            }
            apply(values, op);
        }
        return values.pop();
    }

    /** True if evaluate would succeed (division by zero counts as well-formed). */
    public static boolean isWellFormed(String text) {
        try {
            evaluate(text);
            return true;
        } catch (MalformedExpressionException e) {
            return false;
        } catch (ArithmeticException e) {
            return true;
        }
    }

    /** The error message evaluate gives, or the value as text. */
    public static String explain(String text) {
        try {
            return String.valueOf(evaluate(text));
        } catch (MalformedExpressionException e) {
            return e.getMessage() + " at " + e.getPosition();
        } catch (ArithmeticException e) {
            return e.getMessage();
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int precedence(int op) {
        switch (op) {
            case '+':
            case '-':
                return 1;
            case '*':
            case '/':
                return 2;
            case NEGATE:
                return 3;
            default:
                throw new IllegalStateException("not an operator: " + (char) op);
        }
    }

    private static void apply(IntStack values, int op) {
        int right = values.pop();
        if (op == NEGATE) {
            values.push(-right);
            return;
        }
        int left = values.pop();
        int result;
        if (op == '+') {
            result = left + right;
        } else if (op == '-') {
            result = left - right;
        } else if (op == '*') {
            result = left * right;
        } else {
            if (right == 0) {
                throw new ArithmeticException("division by zero");
            }
            result = left / right;
        }
        values.push(result);
    }
}

/** A growable stack of ints. */
class IntStack {
    private int[] items = new int[8];
    private int top;

    void push(int value) {
        if (top == items.length) {
            int[] bigger = new int[items.length * 2];
            for (int i = 0; i < top; i++) {
                bigger[i] = items[i];
            }
            items = bigger;
        }
        items[top++] = value;
    }

    int pop() {
        if (top == 0) {
            throw new IllegalStateException("stack underflow");
        }
        return items[--top];
    }

    int peek() {
        if (top == 0) {
            throw new IllegalStateException("stack is empty");
        }
        return items[top - 1];
    }

    boolean isEmpty() {
        return top == 0;
    }

    int size() {
        return top;
    }
}

/** Thrown for syntactically invalid expressions, with the offending position. */
class MalformedExpressionException extends RuntimeException {
    private final int position;

    MalformedExpressionException(String message, int position) {
        super(message);
        this.position = position;
    }

    int getPosition() {
        return position;
    }
}
