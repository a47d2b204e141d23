package java.lang;

/**
 * roth's model of java.lang.Class (JDK 17), for what units ask of getClass(): one object per
 * class in a run (so == compares classes), its names and its toString. Made by roth's
 * interpreter only.
 */
public final class Class<T> {
    private final String name;
    private final String simpleName;
    private final boolean isInterface;

    private Class(String name, String simpleName, boolean isInterface) {
        this.name = name;
        this.simpleName = simpleName;
        this.isInterface = isInterface;
    }

    public String getName() {
        return name;
    }

    public String getSimpleName() {
        return simpleName;
    }

    public boolean isInterface() {
        return isInterface;
    }

    @Override
    public String toString() {
        return (isInterface ? "interface " : "class ") + name;
    }
}
