// Math and StrictMath of roth's model of the JDK (`src/program/jdk/java/lang/`) for the
// differential test (not a mutation subject): fdlibm's functions of StrictMath and those Math
// delegates to it, HotSpot's intrinsics of Math (sin, cos, tan, exp, log, log10, pow), and the
// exact operations on doubles and floats (neighbours, ulps, exponents, signs, scaling, fused
// multiply-add, rounding, the int, long and float overloads). Each method draws arguments
// from its seed (a small LCG) among doubles of every magnitude, NaNs with payloads, zeros,
// infinities, subnormals, multiples of pi/4 and the functions' thresholds, and returns the
// raw bits of the results, so roth and the JVM must agree on every bit. roth ends a run as
// unrepeatable where an intrinsic's rounding is uncertain: such cases are left out, and the
// intrinsics' methods make few calls a case so that most cases are compared.
public class MathModels {
    /** A linear congruential generator of 64 bits: the same numbers on roth and the JVM. */
    private static final class Lcg {
        private long state;

        Lcg(int seed) {
            state = seed * 0x9e3779b97f4a7c15L + 12345L;
        }

        long bits() {
            state = state * 6364136223846793005L + 1442695040888963407L;
            return state ^ (state >>> 29);
        }

        int next(int bound) {
            return (int) ((bits() >>> 33) % bound);
        }

        /** A double in [0, 1). */
        double unit() {
            return (bits() >>> 11) * 1.1102230246251565E-16;
        }
    }

    /** The boundaries (a method's local, so that no field shows them as text). */
    private static double[] special() {
        return new double[] {
        Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 10.0, 0.1,
        Math.PI, -Math.PI, Math.PI / 2, Math.PI / 4, 3 * Math.PI / 4, 2 * Math.PI, Math.E,
        709.782712893384, 709.7827128933841, 710.4758600739439, -745.1332191019411,
        -745.1332191019412, -708.3964185322641, 22.0, 3.725290298461914E-9, 7.450580596923828E-9, 5.551115123125783E-17, 2.2250738585072014E-308,
        2.2250738585072014E-308, 1048576.0, 4503599627370496.0, 9007199254740992.0, 9.223372036854776E18, 1.8446744073709552E19, 8.98846567431158E307, 1e22,
        0.9999, 1.0001, 0.41421356, -0.29289, 0.3465735902799726, 524288.0 * Math.PI / 2,
        1e300, 1e-300, 3.273390607896142E150, 3.054936363499605E-151, 2.409919865102884E-181, 4.149515568880993E180,
        };
    }

    /** A double from one of several families, chosen at random. */
    private static double draw(Lcg r) {
        double sign = r.next(2) == 0 ? 1.0 : -1.0;
        switch (r.next(10)) {
            case 0: return Double.longBitsToDouble(r.bits());
            case 1: return sign * r.unit() * Math.pow(10.0, r.next(6));
            case 2: return sign * r.unit() * 1000.0;
            case 3: {
                double v = (r.next(400) - 200) * Math.PI / 4;
                return v + (r.unit() - 0.5) * Math.ulp(v) * 16;
            }
            case 4: return sign * Math.scalb(1.0 + r.unit(), r.next(80) - 60);
            case 5: return 1.0 + sign * r.unit() * Math.scalb(1.0, -r.next(53));
            case 6: return r.unit() * 1460.0 - 748.0;
            case 7: {
                double[] special = special();
                return special[r.next(special.length)];
            }
            case 8: {
                double[] special = special();
                double v = special[r.next(special.length)];
                int k = r.next(4);
                for (int i = 0; i < k; i++) {
                    v = r.next(2) == 0 ? Math.nextUp(v) : Math.nextDown(v);
                }
                return v;
            }
            default: return sign * Math.scalb(1.0 + r.unit(), r.next(2100) - 1080);
        }
    }

    /** A second argument of pow: integers, halves, small and wide exponents, or any double. */
    private static double exponent(Lcg r) {
        switch (r.next(7)) {
            case 0: return r.next(41) - 20;
            case 1: return (r.unit() - 0.5) * 100.0;
            case 2: return draw(r);
            case 3: return (r.unit() - 0.5) * 4.0;
            case 4: return r.next(2) == 0 ? 0.5 : -0.5;
            case 5: return r.next(2) == 0 ? 2.0 : 3.0;
            default: return (r.unit() - 0.5) * 2000.0;
        }
    }

    private static int count(int length, int most) {
        return 1 + Math.floorMod(length, most);
    }

    private static StringBuilder bits(StringBuilder sb, double v) {
        return sb.append(Double.doubleToRawLongBits(v)).append(' ');
    }

    /** StrictMath's sin, cos, tan and their inverses. */
    public static String strictTrig(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count(length, 80); i++) {
            double x = draw(r);
            switch (r.next(6)) {
                case 0: bits(sb, StrictMath.sin(x)); break;
                case 1: bits(sb, StrictMath.cos(x)); break;
                case 2: bits(sb, StrictMath.tan(x)); break;
                case 3: bits(sb, StrictMath.asin(x / (1.0 + r.next(3)))); break;
                case 4: bits(sb, StrictMath.acos(x / (1.0 + r.next(3)))); break;
                default: bits(sb, StrictMath.atan(x)); break;
            }
        }
        return sb.toString();
    }

    /** StrictMath's exponentials, logarithms, roots and hyperbolic functions. */
    public static String strictExpLog(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count(length, 80); i++) {
            double x = draw(r);
            switch (r.next(11)) {
                case 0: bits(sb, StrictMath.exp(x)); break;
                case 1: bits(sb, StrictMath.log(x)); break;
                case 2: bits(sb, StrictMath.log10(x)); break;
                case 3: bits(sb, StrictMath.sqrt(x)); break;
                case 4: bits(sb, StrictMath.cbrt(x)); break;
                case 5: bits(sb, StrictMath.sinh(x)); break;
                case 6: bits(sb, StrictMath.cosh(x)); break;
                case 7: bits(sb, StrictMath.tanh(x)); break;
                case 8: bits(sb, StrictMath.expm1(x)); break;
                case 9: bits(sb, StrictMath.log1p(x)); break;
                default: bits(sb, StrictMath.log(Math.abs(x))); break;
            }
        }
        return sb.toString();
    }

    /** StrictMath's functions of two doubles. */
    public static String strictBinary(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count(length, 80); i++) {
            double x = draw(r);
            double y = draw(r);
            switch (r.next(5)) {
                case 0: bits(sb, StrictMath.atan2(x, y)); break;
                case 1: bits(sb, StrictMath.hypot(x, y)); break;
                case 2: bits(sb, StrictMath.pow(x, exponent(r))); break;
                case 3: bits(sb, StrictMath.pow(Math.abs(x), exponent(r))); break;
                default: bits(sb, StrictMath.IEEEremainder(x, y)); break;
            }
        }
        return sb.toString();
    }

    /** Math's functions that JDK 17 delegates to StrictMath. */
    public static String mathDelegated(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count(length, 80); i++) {
            double x = draw(r);
            double y = draw(r);
            switch (r.next(12)) {
                case 0: bits(sb, Math.asin(x)); break;
                case 1: bits(sb, Math.acos(x)); break;
                case 2: bits(sb, Math.atan(x)); break;
                case 3: bits(sb, Math.cbrt(x)); break;
                case 4: bits(sb, Math.sinh(x)); break;
                case 5: bits(sb, Math.cosh(x)); break;
                case 6: bits(sb, Math.tanh(x)); break;
                case 7: bits(sb, Math.expm1(x)); break;
                case 8: bits(sb, Math.log1p(x)); break;
                case 9: bits(sb, Math.atan2(x, y)); break;
                case 10: bits(sb, Math.hypot(x, y)); break;
                default: bits(sb, Math.IEEEremainder(x, y)); break;
            }
        }
        return sb.toString();
    }

    /** The exact operations on doubles, of Math and StrictMath. */
    public static String doubleBits(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count(length, 80); i++) {
            double x = draw(r);
            double y = draw(r);
            switch (r.next(19)) {
                case 0: bits(sb, Math.ulp(x)); break;
                case 1: bits(sb, Math.nextUp(x)); break;
                case 2: bits(sb, Math.nextDown(x)); break;
                case 3: bits(sb, Math.nextAfter(x, y)); break;
                case 4: bits(sb, Math.copySign(x, y)); break;
                case 5: bits(sb, StrictMath.copySign(x, y)); break;
                case 6: sb.append(Math.getExponent(x)).append(' '); break;
                case 7: bits(sb, Math.scalb(x, r.next(4300) - 2150)); break;
                case 8: bits(sb, Math.scalb(x, r.next(200) - 100)); break;
                case 9: bits(sb, Math.fma(x, y, draw(r))); break;
                case 10: bits(sb, Math.signum(x)); break;
                case 11: sb.append(Math.round(x)).append(' '); break;
                case 12: bits(sb, Math.toRadians(x)); bits(sb, StrictMath.toDegrees(x)); break;
                case 13: bits(sb, Math.toDegrees(x)); bits(sb, StrictMath.toRadians(x)); break;
                case 14: bits(sb, Math.abs(x)); bits(sb, Math.max(x, y)); bits(sb, Math.min(x, y)); break;
                case 15: bits(sb, StrictMath.floor(x)); bits(sb, StrictMath.ceil(x)); bits(sb, StrictMath.rint(x)); break;
                case 16: bits(sb, Math.sqrt(x)); bits(sb, StrictMath.ulp(x)); break;
                case 17: sb.append(Double.doubleToLongBits(x)).append(' '); break;
                default: bits(sb, Math.fma(x, 1.0 + r.unit(), -x)); break;
            }
        }
        return sb.toString();
    }

    /** The float overloads, and the int and long ones of abs, max, min and the rounding. */
    // A float's Math.abs (and ulp, which calls it for a NaN) keeps a NaN's sign in HotSpot's
    // interpreter and clears it in C2's code, which turns the JDK's `a <= 0 ? 0 - a : a`
    // into an AbsF: the JVM's own answer depends on what was compiled, so a NaN's raw bits
    // from them are not compared.
    public static String floatsAndIntegers(int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count(length, 80); i++) {
            float f = r.next(3) == 0 ? Float.intBitsToFloat((int) r.bits()) : (float) draw(r);
            float g = r.next(3) == 0 ? Float.intBitsToFloat((int) r.bits()) : (float) draw(r);
            int a = (int) r.bits();
            long b = r.bits();
            switch (r.next(16)) {
                case 0: sb.append(Float.floatToIntBits(Math.ulp(f))); break;
                case 1: sb.append(Float.floatToRawIntBits(Math.nextUp(f))); break;
                case 2: sb.append(Float.floatToRawIntBits(Math.nextDown(f))); break;
                case 3: sb.append(Float.floatToRawIntBits(Math.nextAfter(f, draw(r)))); break;
                case 4: sb.append(Float.floatToRawIntBits(Math.copySign(f, g))); break;
                case 5: sb.append(Math.getExponent(f)); break;
                case 6: sb.append(Float.floatToRawIntBits(Math.scalb(f, r.next(700) - 350))); break;
                case 7: sb.append(Float.floatToRawIntBits(Math.fma(f, g, (float) draw(r)))); break;
                case 8: sb.append(Float.floatToRawIntBits(Math.signum(f))); break;
                case 9: sb.append(Math.round(f)); break;
                case 10: sb.append(Float.floatToIntBits(Math.abs(f))).append(',')
                        .append(Float.floatToRawIntBits(Math.max(f, g))).append(',')
                        .append(Float.floatToRawIntBits(Math.min(f, g))); break;
                case 11: sb.append(Math.abs(a)).append(',').append(Math.max(a, (int) b)).append(',')
                        .append(Math.min(a, (int) b)).append(',').append(StrictMath.abs(b)); break;
                case 12: sb.append(Math.max(b, a)).append(',').append(StrictMath.min(b, a)); break;
                case 13: sb.append(Float.floatToIntBits(f)).append(',')
                        .append(Float.floatToRawIntBits(StrictMath.copySign(f, g))); break;
                case 14: sb.append(Float.floatToIntBits(StrictMath.ulp(f))).append(',')
                        .append(Float.floatToRawIntBits(StrictMath.scalb(f, r.next(60) - 30))); break;
                default: sb.append(Math.floorDiv(b, a == 0 ? 1 : a)).append(',')
                        .append(StrictMath.floorMod(a, r.next(9) + 1)); break;
            }
            sb.append(' ');
        }
        return sb.toString();
    }

    /** An intrinsic of Math on a few arguments (a run with one roth cannot decide is left out). */
    private static String intrinsic(int which, int seed, int length) {
        Lcg r = new Lcg(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count(length, 3); i++) {
            double x = draw(r);
            switch (which) {
                case 0: bits(sb, Math.sin(x)); break;
                case 1: bits(sb, Math.cos(x)); break;
                case 2: bits(sb, Math.tan(x)); break;
                case 3: bits(sb, Math.exp(x)); break;
                case 4: bits(sb, Math.log(x)); break;
                case 5: bits(sb, Math.log10(x)); break;
                case 6: bits(sb, Math.pow(x, exponent(r))); break;
                default: bits(sb, Math.pow(Math.abs(x), exponent(r))); break;
            }
        }
        return sb.toString();
    }

    public static String mathSin(int seed, int length) {
        return intrinsic(0, seed, length);
    }

    public static String mathCos(int seed, int length) {
        return intrinsic(1, seed, length);
    }

    public static String mathTan(int seed, int length) {
        return intrinsic(2, seed, length);
    }

    public static String mathExp(int seed, int length) {
        return intrinsic(3, seed, length);
    }

    public static String mathLog(int seed, int length) {
        return intrinsic(4, seed, length);
    }

    public static String mathLog10(int seed, int length) {
        return intrinsic(5, seed, length);
    }

    public static String mathPow(int seed, int length) {
        return intrinsic(6, seed, length);
    }

    public static String mathPowPositive(int seed, int length) {
        return intrinsic(7, seed, length);
    }
}
