/** Plane shapes behind an interface with a default method and an abstract base class; area sums and classification by type. */
public class Shapes {
    private Shapes() {
    }

    public static double totalArea(Shape[] shapes) {
        double total = 0;
        for (Shape s : shapes) {
            if (s != null) {
                total += s.area();
            }
        }
        return total;
    }

    public static Shape largest(Shape... shapes) {
        Shape best = null;
        for (Shape s : shapes) {
            if (best == null || s.area() > best.area()) {
                best = s;
            }
        }
        return best;
    }

    public static int countCircles(Shape[] shapes) {
        int count = 0;
        for (Shape s : shapes) {
            if (s instanceof Circle) {
                count++;
            }
        }
        return count;
    }

    /** A one-word label depending on the concrete type and its proportions. */
    public static String classify(Shape s) {
        if (s instanceof Circle c) {
            return c.getRadius() < 1 ? "dot" : "circle";
        }
        if (s instanceof Rectangle r) {
            return r.isSquare() ? "square" : "rectangle";
        }
        if (s instanceof TriangleShape) {
            TriangleShape t = (TriangleShape) s;
            if (t.isEquilateral()) {
                return "equilateral";
            }
            return t.isRight() ? "right triangle" : "triangle";
        }
        return "unknown";
    }

    public static double widest(Shape[] shapes) {
        double best = 0;
        for (Shape s : shapes) {
            double w;
            if (s instanceof Circle c) {
                w = 2 * c.getRadius();
            } else if (s instanceof Rectangle) {
                w = ((Rectangle) s).getWidth();
            } else {
                w = ((AbstractShape) s).boundingWidth();
            }
            best = Math.max(best, w);
        }
        return best;
    }
}

interface Shape {
    double area();

    double perimeter();

    default String describe() {
        return name() + " with area " + Math.round(area() * 100) / 100.0
                + " and perimeter " + Math.round(perimeter() * 100) / 100.0;
    }

    String name();
}

abstract class AbstractShape implements Shape {
    private final String name;

    protected AbstractShape(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    abstract double boundingWidth();

    /** Ratio of area to the area of a circle with the same perimeter (1 for a circle). */
    public double compactness() {
        double p = perimeter();
        return p == 0 ? 0 : 4 * Math.PI * area() / (p * p);
    }

    @Override
    public String toString() {
        return describe();
    }
}

class Circle extends AbstractShape {
    private final double radius;

    Circle(double radius) {
        super("circle");
        if (radius < 0) {
            throw new IllegalArgumentException("negative radius");
        }
        this.radius = radius;
    }

    double getRadius() {
        return radius;
    }

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }

    @Override
    public double perimeter() {
        return 2 * Math.PI * radius;
    }

    @Override
    double boundingWidth() {
        return 2 * radius;
    }
}

class Rectangle extends AbstractShape {
    private final double width;
    private final double height;

    Rectangle(double width, double height) {
        super("rectangle");
        if (width < 0 || height < 0) {
            throw new IllegalArgumentException("negative side");
        }
        this.width = width;
        this.height = height;
    }

    double getWidth() {
        return width;
    }

    double getHeight() {
        return height;
    }

    boolean isSquare() {
        return width == height;
    }

    @Override
    public double area() {
        return width * height;
    }

    @Override
    public double perimeter() {
        return 2 * (width + height);
    }

    @Override
    double boundingWidth() {
        return width;
    }
}

class TriangleShape extends AbstractShape {
    private final double a;
    private final double b;
    private final double c;

    TriangleShape(double a, double b, double c) {
        super("triangle");
        if (a <= 0 || b <= 0 || c <= 0) {
            throw new IllegalArgumentException("sides must be positive");
        }
        if (a + b <= c || a + c <= b || b + c <= a) {
            throw new IllegalArgumentException("sides violate the triangle inequality");
        }
        this.a = a;
        this.b = b;
        this.c = c;
    }

    boolean isEquilateral() {
        return a == b && b == c;
    }

    boolean isRight() {
        double x = a * a;
        double y = b * b;
        double z = c * c;
        double eps = 1e-9 * Math.max(x, Math.max(y, z));
        return Math.abs(x + y - z) <= eps || Math.abs(x + z - y) <= eps || Math.abs(y + z - x) <= eps;
    }

    @Override
    public double area() {
        double s = perimeter() / 2;
        return Math.sqrt(s * (s - a) * (s - b) * (s - c));
    }

    @Override
    public double perimeter() {
        return a + b + c;
    }

    @Override
    double boundingWidth() {
        return Math.max(a, Math.max(b, c));
    }
}
