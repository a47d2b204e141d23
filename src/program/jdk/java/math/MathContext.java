package java.math;

/**
 * roth's model of java.math.MathContext (JDK 17): a precision in significant digits (0 for
 * unlimited) and a rounding mode, which `BigDecimal`'s `round`, `divide` and the arithmetic
 * taking a context round to. The IEEE 754 decimal contexts, the JDK's checks and messages
 * (`Digits < 0`, `null RoundingMode`, `bad string format` for a text that is not exactly
 * what `toString` writes), and `equals`. `hashCode` adds the rounding mode's identity hash,
 * as the JDK's does, so it differs from one JVM run to the next (roth ends such a run as
 * unrepeatable).
 */
public final class MathContext {
    // roth runs the JDK's static initializers before the code base's, in the order of
    // `jdk.rs`: RoundingMode's constants are set up by then.
    public static final MathContext UNLIMITED = new MathContext(0, RoundingMode.HALF_UP);
    public static final MathContext DECIMAL32 = new MathContext(7, RoundingMode.HALF_EVEN);
    public static final MathContext DECIMAL64 = new MathContext(16, RoundingMode.HALF_EVEN);
    public static final MathContext DECIMAL128 = new MathContext(34, RoundingMode.HALF_EVEN);

    /** Significant digits a result keeps; 0 keeps them all. */
    final int precision;

    final RoundingMode roundingMode;

    public MathContext(int setPrecision) {
        this(setPrecision, RoundingMode.HALF_UP);
    }

    public MathContext(int setPrecision, RoundingMode setRoundingMode) {
        if (setPrecision < 0) {
            throw new IllegalArgumentException("Digits < 0");
        }
        if (setRoundingMode == null) {
            throw new NullPointerException("null RoundingMode");
        }
        precision = setPrecision;
        roundingMode = setRoundingMode;
    }

    /** `precision=N roundingMode=MODE`, one space between, as `toString` writes it. */
    public MathContext(String val) {
        if (val == null) {
            throw new NullPointerException("null String");
        }
        String head = "precision=";
        String middle = " roundingMode=";
        int space = val.indexOf(' ');
        if (!val.startsWith(head) || space < 0 || !val.startsWith(middle, space)) {
            throw new IllegalArgumentException("bad string format");
        }
        int digits;
        RoundingMode mode;
        try {
            digits = Integer.parseInt(val.substring(head.length(), space));
            mode = RoundingMode.valueOf(val.substring(space + middle.length()));
        } catch (RuntimeException e) {
            // A bad number or mode name: the JDK reports them alike.
            throw new IllegalArgumentException("bad string format");
        }
        if (digits < 0) {
            throw new IllegalArgumentException("Digits < 0");
        }
        precision = digits;
        roundingMode = mode;
    }

    public int getPrecision() {
        return precision;
    }

    public RoundingMode getRoundingMode() {
        return roundingMode;
    }

    public boolean equals(Object x) {
        if (!(x instanceof MathContext)) {
            return false;
        }
        MathContext mc = (MathContext) x;
        return mc.precision == precision && mc.roundingMode == roundingMode;
    }

    public int hashCode() {
        return roundingMode.hashCode() + (precision << 2);
    }

    public String toString() {
        return "precision=" + precision + " roundingMode=" + roundingMode;
    }
}
