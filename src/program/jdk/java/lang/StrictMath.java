package java.lang;

/**
 * roth's model of java.lang.StrictMath: fdlibm's functions (natives whose builtins compute
 * fdlibm 5.3's algorithms bit for bit, as the JDK specifies), and the rest of the API, which
 * is exact and the same as Math's (copySign but for a NaN sign, which counts as positive
 * here).
 */
public final class StrictMath {
    public static final double PI = 3.141592653589793;
    public static final double E = 2.718281828459045;

    private StrictMath() {
    }

    /** As `Math.random`: seeded from the clock, so a run that asks is unrepeatable. */
    public static double random() {
        unrepeatable("StrictMath.random (a generator seeded from the clock)");
        return 0.0;
    }

    /** Ends the run as unrepeatable, saying why (roth's native, not the JDK's). */
    private static native void unrepeatable(String what);

    public static native double sin(double a);

    public static native double cos(double a);

    public static native double tan(double a);

    public static native double asin(double a);

    public static native double acos(double a);

    public static native double atan(double a);

    public static native double exp(double a);

    public static native double log(double a);

    public static native double log10(double a);

    public static native double sqrt(double a);

    public static native double cbrt(double a);

    public static native double sinh(double a);

    public static native double cosh(double a);

    public static native double tanh(double a);

    public static native double expm1(double a);

    public static native double log1p(double a);

    public static native double atan2(double y, double x);

    public static native double hypot(double x, double y);

    public static native double pow(double a, double b);

    public static native double IEEEremainder(double f1, double f2);

    public static double floor(double a) {
        return Math.floor(a);
    }

    public static double ceil(double a) {
        return Math.ceil(a);
    }

    public static double rint(double a) {
        return Math.rint(a);
    }

    public static double toRadians(double a) {
        return Math.toRadians(a);
    }

    public static double toDegrees(double a) {
        return Math.toDegrees(a);
    }

    public static long round(double a) {
        return Math.round(a);
    }

    public static int round(float a) {
        return Math.round(a);
    }

    public static int abs(int a) {
        return Math.abs(a);
    }

    public static long abs(long a) {
        return Math.abs(a);
    }

    public static float abs(float a) {
        return Math.abs(a);
    }

    public static double abs(double a) {
        return Math.abs(a);
    }

    public static int max(int a, int b) {
        return Math.max(a, b);
    }

    public static int min(int a, int b) {
        return Math.min(a, b);
    }

    public static long max(long a, long b) {
        return Math.max(a, b);
    }

    public static long min(long a, long b) {
        return Math.min(a, b);
    }

    public static float max(float a, float b) {
        return Math.max(a, b);
    }

    public static float min(float a, float b) {
        return Math.min(a, b);
    }

    public static double max(double a, double b) {
        return Math.max(a, b);
    }

    public static double min(double a, double b) {
        return Math.min(a, b);
    }

    public static float signum(float d) {
        return Math.signum(d);
    }

    public static float ulp(float d) {
        return Math.ulp(d);
    }

    public static int getExponent(float d) {
        return Math.getExponent(d);
    }

    public static float nextUp(float d) {
        return Math.nextUp(d);
    }

    public static float nextDown(float d) {
        return Math.nextDown(d);
    }

    public static float scalb(float d, int scaleFactor) {
        return Math.scalb(d, scaleFactor);
    }

    public static float fma(float a, float b, float c) {
        return Math.fma(a, b, c);
    }

    public static double signum(double d) {
        return Math.signum(d);
    }

    public static double ulp(double d) {
        return Math.ulp(d);
    }

    public static int getExponent(double d) {
        return Math.getExponent(d);
    }

    public static double nextUp(double d) {
        return Math.nextUp(d);
    }

    public static double nextDown(double d) {
        return Math.nextDown(d);
    }

    public static double scalb(double d, int scaleFactor) {
        return Math.scalb(d, scaleFactor);
    }

    public static double fma(double a, double b, double c) {
        return Math.fma(a, b, c);
    }

    public static double nextAfter(double start, double direction) {
        return Math.nextAfter(start, direction);
    }

    public static float nextAfter(float start, double direction) {
        return Math.nextAfter(start, direction);
    }

    /** The sign of sign, a NaN's counting as positive, on the magnitude of magnitude. */
    public static double copySign(double magnitude, double sign) {
        return Math.copySign(magnitude, sign != sign ? 1.0 : sign);
    }

    public static float copySign(float magnitude, float sign) {
        return Math.copySign(magnitude, sign != sign ? 1.0f : sign);
    }

    public static int floorDiv(int x, int y) {
        return Math.floorDiv(x, y);
    }

    public static int floorMod(int x, int y) {
        return Math.floorMod(x, y);
    }

    public static int addExact(int x, int y) {
        return Math.addExact(x, y);
    }

    public static int subtractExact(int x, int y) {
        return Math.subtractExact(x, y);
    }

    public static int multiplyExact(int x, int y) {
        return Math.multiplyExact(x, y);
    }

    public static long floorDiv(long x, long y) {
        return Math.floorDiv(x, y);
    }

    public static long floorMod(long x, long y) {
        return Math.floorMod(x, y);
    }

    public static long addExact(long x, long y) {
        return Math.addExact(x, y);
    }

    public static long subtractExact(long x, long y) {
        return Math.subtractExact(x, y);
    }

    public static long multiplyExact(long x, long y) {
        return Math.multiplyExact(x, y);
    }

    public static long floorDiv(long x, int y) {
        return Math.floorDiv(x, y);
    }

    public static int floorMod(long x, int y) {
        return Math.floorMod(x, y);
    }

    public static long multiplyExact(long x, int y) {
        return Math.multiplyExact(x, y);
    }

    public static int incrementExact(int a) {
        return Math.incrementExact(a);
    }

    public static int decrementExact(int a) {
        return Math.decrementExact(a);
    }

    public static int negateExact(int a) {
        return Math.negateExact(a);
    }

    public static int absExact(int a) {
        return Math.absExact(a);
    }

    public static long incrementExact(long a) {
        return Math.incrementExact(a);
    }

    public static long decrementExact(long a) {
        return Math.decrementExact(a);
    }

    public static long negateExact(long a) {
        return Math.negateExact(a);
    }

    public static long absExact(long a) {
        return Math.absExact(a);
    }

    public static int toIntExact(long value) {
        return Math.toIntExact(value);
    }
}
