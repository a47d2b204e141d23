package java.math;

/**
 * roth's model of java.math.RoundingMode (JDK 17): the eight ways `BigDecimal` drops digits,
 * in the JDK's order, so that a constant's ordinal is the legacy `BigDecimal.ROUND_*` number
 * `valueOf(int)` takes (and the code roth's `BigDecimal` rounds by). `valueOf(String)`,
 * `values()`, `name()` and `ordinal()` are every enum's.
 */
public enum RoundingMode {
    /** Away from zero. */
    UP,
    /** Toward zero (truncation). */
    DOWN,
    /** Toward positive infinity. */
    CEILING,
    /** Toward negative infinity. */
    FLOOR,
    /** To the nearest neighbour, a tie away from zero. */
    HALF_UP,
    /** To the nearest neighbour, a tie toward zero. */
    HALF_DOWN,
    /** To the nearest neighbour, a tie to the even one (banker's rounding). */
    HALF_EVEN,
    /** No rounding: an inexact result throws `ArithmeticException`. */
    UNNECESSARY;

    /** The mode of a legacy `BigDecimal.ROUND_*` constant. */
    public static RoundingMode valueOf(int rm) {
        if (rm < 0 || rm > 7) {
            throw new IllegalArgumentException("argument out of range");
        }
        return values()[rm];
    }
}
