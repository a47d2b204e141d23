// Runs Java methods on cases written by roth's differential test and prints each outcome in the
// form the test prints the interpreter's: one line per case.
//
// Input (cases.txt), one directive per line:
//   class NAME                       the class whose method follows
//   method NAME TYPE...              the method and its parameter types (int, int[], java.lang.String, ...)
//   static | instance
//   fields DECLARING:NAME:SHOWN ...  the fields reported after each call, in order
//   case N [this VALUE] FIELD VALUE ... ARG...
//                                    the receiver built by a constructor call (else by the
//                                    constructor without parameters), N of its fields to set,
//                                    then the arguments
// Values: i:<integer> (integral and boolean), d:<hex bits>, f:<hex bits>, s:<hex UTF-16 units>,
// null, arrays as [ VALUE ... ], and objects as `new CLASS N TYPE... VALUE...`: built by the
// constructor of CLASS with those N parameter types (N = 0: the one without parameters).
// Objects are shown as roth shows them: CLASS{field=value, ...} with the instance fields in
// declaration order, an object met again in the same value as #k (the k-th object shown), and
// that object labelled CLASS#k{...}.
import java.io.*;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.net.*;
import java.nio.file.*;
import java.util.*;

public class RothDriver {
    static String[] toks;
    static int pos;

    static Class<?> type(String name) throws Exception {
        if (name.endsWith("[]")) {
            return Array.newInstance(type(name.substring(0, name.length() - 2)), 0).getClass();
        }
        switch (name) {
            case "boolean": return boolean.class;
            case "byte": return byte.class;
            case "short": return short.class;
            case "char": return char.class;
            case "int": return int.class;
            case "long": return long.class;
            case "float": return float.class;
            case "double": return double.class;
            default: return Class.forName(name, true, loader);
        }
    }

    static ClassLoader loader;

    static Object parse(Class<?> t) throws Exception {
        String k = toks[pos++];
        if (k.equals("null")) return null;
        if (k.equals("enum")) {
            Class<?> c = Class.forName(toks[pos++], true, loader);
            String name = toks[pos++];
            for (Object constant : c.getEnumConstants()) {
                if (((Enum<?>) constant).name().equals(name)) return constant;
            }
            throw new IllegalArgumentException(name);
        }
        if (k.equals("new")) {
            Class<?> c = Class.forName(toks[pos++], true, loader);
            int n = Integer.parseInt(toks[pos++]);
            Class<?>[] ps = new Class<?>[n];
            for (int i = 0; i < n; i++) ps[i] = type(toks[pos++]);
            Object[] args = new Object[n];
            for (int i = 0; i < n; i++) args[i] = parse(ps[i]);
            Constructor<?> ctor = c.getDeclaredConstructor(ps);
            ctor.setAccessible(true);
            return ctor.newInstance(args);
        }
        if (k.equals("content")) {
            // A collection or a map given by its contents, added in order (as roth does).
            Class<?> c = Class.forName(toks[pos++], true, loader);
            int n = Integer.parseInt(toks[pos++]);
            Object[] items = new Object[n];
            for (int i = 0; i < n; i++) items[i] = parse(type(toks[pos++]));
            Object o = c.getDeclaredConstructor().newInstance();
            if (o instanceof Map) {
                @SuppressWarnings("unchecked")
                Map<Object, Object> map = (Map<Object, Object>) o;
                for (int i = 0; i + 1 < n; i += 2) map.put(items[i], items[i + 1]);
            } else {
                @SuppressWarnings("unchecked")
                Collection<Object> collection = (Collection<Object>) o;
                Collections.addAll(collection, items);
            }
            return o;
        }
        if (k.equals("[")) {
            Class<?> e = t.getComponentType();
            List<Object> items = new ArrayList<>();
            while (!toks[pos].equals("]")) items.add(parse(e));
            pos++;
            Object a = Array.newInstance(e, items.size());
            for (int i = 0; i < items.size(); i++) Array.set(a, i, items.get(i));
            return a;
        }
        if (k.startsWith("s:")) {
            String h = k.substring(2);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < h.length(); i += 4) sb.append((char) Integer.parseInt(h.substring(i, i + 4), 16));
            return sb.toString();
        }
        if (k.startsWith("d:")) return Double.longBitsToDouble(Long.parseUnsignedLong(k.substring(2), 16));
        if (k.startsWith("f:")) return Float.intBitsToFloat((int) Long.parseLong(k.substring(2), 16));
        long v = Long.parseLong(k.substring(2));
        // A box's value (an Integer[] element, an Integer parameter) is given as its primitive.
        if (t == boolean.class || t == Boolean.class) return v != 0;
        if (t == Byte.class) return (byte) v;
        if (t == Short.class) return (short) v;
        if (t == Character.class) return (char) v;
        if (t == Integer.class) return (int) v;
        if (t == byte.class) return (byte) v;
        if (t == short.class) return (short) v;
        if (t == char.class) return (char) v;
        if (t == int.class) return (int) v;
        return v;
    }

    // Objects nested deeper than this are shown without their fields, as roth shows them
    // (roth's SHOWN_DEPTH: a long linked list is not walked to its end).
    static final int SHOWN_DEPTH = 100;

    static String show(Object o) {
        IdentityHashMap<Object, Boolean> metAgain = new IdentityHashMap<>();
        meet(o, new IdentityHashMap<>(), metAgain, 0);
        StringBuilder sb = new StringBuilder();
        show(o, new IdentityHashMap<>(), metAgain, sb, 0);
        return sb.toString();
    }

    // Whether a value is an object of the program's own classes (shown field by field).
    // A lambda's object (a hidden class the JVM spins): roth shows it as the class it is
    // written in followed by `$$Lambda`, without its captured values, whose fields differ
    // from roth's (javac captures `this` only where the body uses it).
    static boolean isLambda(Object o) {
        return o != null && o.getClass().getName().contains("$$Lambda");
    }

    static String lambdaName(Object o) {
        String n = o.getClass().getName();
        n = n.substring(n.lastIndexOf('.') + 1, n.indexOf("$$Lambda"));
        return n.substring(n.lastIndexOf('$') + 1) + "$$Lambda";
    }

    static boolean isObject(Object o) {
        return o != null && !o.getClass().isArray() && !(o instanceof String)
            && !(o instanceof Number) && !(o instanceof Character) && !(o instanceof Boolean)
            && !(o instanceof Enum);
    }

    // The superclasses' fields first (the farthest first), as roth lays objects out. Of
    // Throwable, what roth models: its message and its cause (needs --add-opens java.lang).
    static List<Field> instanceFields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        if (c.getSuperclass() != null && c.getSuperclass() != Object.class) {
            out.addAll(instanceFields(c.getSuperclass()));
        }
        for (Field f : c.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
            if (c == Throwable.class && !f.getName().equals("detailMessage") && !f.getName().equals("cause")) continue;
            if (c != Throwable.class && c.getName().startsWith("java.")) continue;
            f.setAccessible(true);
            out.add(f);
        }
        return out;
    }

    // A field's value; Throwable's cause as getCause() gives it (the field holds the object
    // itself until a cause is set).
    static Object read(Field f, Object o) throws IllegalAccessException {
        if (f.getDeclaringClass() == Throwable.class && f.getName().equals("cause")) {
            return ((Throwable) o).getCause();
        }
        return f.get(o);
    }

    // A collection's elements in iteration order; a map's keys and values, alternating.
    static List<Object> contents(Object o) {
        List<Object> out = new ArrayList<>();
        if (o instanceof Collection) {
            out.addAll((Collection<?>) o);
        } else {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                out.add(e.getKey());
                out.add(e.getValue());
            }
        }
        return out;
    }

    // The objects a value reaches more than once, as roth's snapshot meets them.
    static void meet(Object o, IdentityHashMap<Object, Boolean> met, IdentityHashMap<Object, Boolean> again, int depth) {
        if (o == null) return;
        if (o.getClass().isArray()) {
            if (o.getClass().getComponentType().isPrimitive()) return;
            for (int i = 0; i < Array.getLength(o); i++) meet(Array.get(o, i), met, again, depth);
            return;
        }
        if (o instanceof CharSequence) return;
        // A collection or a map by its contents, as roth shows one.
        if (o instanceof Collection || o instanceof Map) {
            if (depth >= SHOWN_DEPTH) return;
            for (Object item : contents(o)) meet(item, met, again, depth + 1);
            return;
        }
        if (!isObject(o)) return;
        if (met.containsKey(o)) { again.put(o, true); return; }
        if (depth >= SHOWN_DEPTH) return;
        met.put(o, true);
        if (isLambda(o)) return;
        try {
            for (Field f : instanceFields(o.getClass())) meet(read(f, o), met, again, depth + 1);
        } catch (IllegalAccessException e) { throw new RuntimeException(e); }
    }

    static void show(Object o, IdentityHashMap<Object, Integer> numbers, IdentityHashMap<Object, Boolean> again, StringBuilder sb, int depth) {
        if (o == null) { sb.append("null"); return; }
        if (o.getClass().isArray()) {
            sb.append('[');
            int n = Array.getLength(o);
            for (int i = 0; i < n; i++) {
                if (i > 0) sb.append(", ");
                show(Array.get(o, i), numbers, again, sb, depth);
            }
            sb.append(']');
            return;
        }
        // An enum constant by its name (roth shows it so, whatever its toString).
        if (o instanceof Enum) { sb.append(((Enum<?>) o).name()); return; }
        if (o instanceof CharSequence) { sb.append(o.toString()); return; }
        if (o instanceof Collection || o instanceof Map) {
            boolean map = o instanceof Map;
            sb.append(map ? '{' : '[');
            if (depth < SHOWN_DEPTH) {
                List<Object> items = contents(o);
                for (int i = 0; i < items.size(); i++) {
                    if (i > 0) sb.append(map && i % 2 == 1 ? "=" : ", ");
                    show(items.get(i), numbers, again, sb, depth + 1);
                }
            }
            sb.append(map ? '}' : ']');
            return;
        }
        if (!isObject(o)) { sb.append(String.valueOf(o)); return; }
        Integer k = numbers.get(o);
        if (k != null) { sb.append('#').append(k); return; }
        if (depth >= SHOWN_DEPTH) {
            sb.append(isLambda(o) ? lambdaName(o) : o.getClass().getSimpleName()).append("{}");
            return;
        }
        k = numbers.size() + 1;
        numbers.put(o, k);
        if (isLambda(o)) {
            sb.append(lambdaName(o));
            if (again.containsKey(o)) sb.append('#').append(k);
            sb.append("{}");
            return;
        }
        sb.append(o.getClass().getSimpleName());
        if (again.containsKey(o)) sb.append('#').append(k);
        sb.append('{');
        boolean first = true;
        try {
            for (Field f : instanceFields(o.getClass())) {
                if (!first) sb.append(", ");
                first = false;
                sb.append(f.getName()).append('=');
                show(read(f, o), numbers, again, sb, depth + 1);
            }
        } catch (IllegalAccessException e) { throw new RuntimeException(e); }
        sb.append('}');
    }

    static String lit(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\b': sb.append("\\b"); break;
                case '\t': sb.append("\\t"); break;
                case '\n': sb.append("\\n"); break;
                case '\f': sb.append("\\f"); break;
                case '\r': sb.append("\\r"); break;
                case '\\': sb.append("\\\\"); break;
                case '"': sb.append("\\\""); break;
                default:
                    if (c >= 0x20 && c <= 0x7e) sb.append(c);
                    else sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.append('"').toString();
    }

    @SuppressWarnings("unchecked")
    static Object copy(Object o) {
        if (o != null && !o.getClass().isArray() && o.getClass().getName().startsWith("java.util.")) {
            // The library's collections and maps by their copy constructors.
            try {
                if (o instanceof Collection) return o.getClass().getConstructor(Collection.class).newInstance(o);
                if (o instanceof Map) return o.getClass().getConstructor(Map.class).newInstance(o);
            } catch (ReflectiveOperationException e) {
                return o;
            }
        }
        if (o == null || !o.getClass().isArray()) return o;
        int n = Array.getLength(o);
        Object c = Array.newInstance(o.getClass().getComponentType(), n);
        for (int i = 0; i < n; i++) Array.set(c, i, copy(Array.get(o, i)));
        return c;
    }

    // Puts a static field back to its value before the first case: a final one (an array, a
    // collection or a map a program may change) by its elements.
    @SuppressWarnings("unchecked")
    static void restore(Field f, Object saved) throws Exception {
        if (!Modifier.isFinal(f.getModifiers())) {
            f.set(null, copy(saved));
            return;
        }
        Object now = f.get(null);
        if (now != null && now.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(now); i++) Array.set(now, i, copy(Array.get(saved, i)));
        } else if (now instanceof Collection && now != saved) {
            try {
                ((Collection<?>) now).clear();
                ((Collection<Object>) now).addAll((Collection<?>) saved);
            } catch (UnsupportedOperationException e) {
                // Unmodifiable: no case changed it.
            }
        } else if (now instanceof Map && now != saved) {
            try {
                ((Map<?, ?>) now).clear();
                ((Map<Object, Object>) now).putAll((Map<?, ?>) saved);
            } catch (UnsupportedOperationException e) {
                // Unmodifiable: no case changed it.
            }
        }
    }

    // With class folders after the cases file, the cases run once per folder, each with the
    // program's classes loaded from that folder alone (the original, then mutants: roth's test
    // of equivalent mutants), after a line "version FOLDER".
    public static void main(String[] argv) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        List<String> lines = Files.readAllLines(Paths.get(argv[0]), StandardCharsets.UTF_8);
        if (argv.length == 1) {
            run(lines, RothDriver.class.getClassLoader(), out);
            return;
        }
        for (int k = 1; k < argv.length; k++) {
            out.println("version " + argv[k]);
            URL[] path = {new File(argv[k]).toURI().toURL()};
            try (URLClassLoader loader = new URLClassLoader(path, ClassLoader.getPlatformClassLoader())) {
                run(lines, loader, out);
            }
        }
    }

    static void run(List<String> lines, ClassLoader programLoader, PrintStream out) throws Exception {
        loader = programLoader;
        Class<?> cls = null;
        Method method = null;
        boolean isStatic = true;
        List<Field> fields = new ArrayList<>();
        Map<Field, Object> initial = new HashMap<>();
        for (String line : lines) {
            toks = line.trim().split("\\s+");
            pos = 1;
            switch (toks[0]) {
                case "class":
                    cls = Class.forName(toks[1], true, loader);
                    break;
                case "method": {
                    Class<?>[] ps = new Class<?>[toks.length - 2];
                    for (int i = 2; i < toks.length; i++) ps[i - 2] = type(toks[i]);
                    method = cls.getDeclaredMethod(toks[1], ps);
                    method.setAccessible(true);
                    break;
                }
                case "static":
                case "instance":
                    isStatic = toks[0].equals("static");
                    break;
                case "fields":
                    fields.clear();
                    for (int i = 1; i < toks.length; i++) {
                        String[] parts = toks[i].split(":");
                        Field f = Class.forName(parts[0], true, loader).getDeclaredField(parts[1]);
                        f.setAccessible(true);
                        fields.add(f);
                        if (Modifier.isStatic(f.getModifiers()) && !initial.containsKey(f)) initial.put(f, copy(f.get(null)));
                    }
                    break;
                case "case": {
                    for (Map.Entry<Field, Object> e : initial.entrySet()) restore(e.getKey(), e.getValue());
                    int n = Integer.parseInt(toks[pos++]);
                    Object receiver = null;
                    String result = null;
                    // Everything the case runs prints into the buffer: the receiver's
                    // construction, objects built as arguments, the call.
                    ByteArrayOutputStream buf = new ByteArrayOutputStream();
                    PrintStream saved = System.out;
                    System.setOut(new PrintStream(buf, true, "UTF-8"));
                    if (!isStatic) {
                        try {
                            if (toks[pos].equals("this")) {
                                pos++;
                                receiver = parse(cls);
                            } else {
                                Constructor<?> c = cls.getDeclaredConstructor();
                                c.setAccessible(true);
                                receiver = c.newInstance();
                            }
                        } catch (InvocationTargetException e) {
                            result = "throw " + e.getCause().getClass().getName();
                        }
                    }
                    Class<?>[] ps = method.getParameterTypes();
                    Object[] args = new Object[ps.length];
                    try {
                        for (int i = 0; i < n; i++) {
                            String name = toks[pos++];
                            Field f = cls.getDeclaredField(name);
                            f.setAccessible(true);
                            Object v = result == null ? parse(f.getType()) : null;
                            if (result == null && (receiver != null || Modifier.isStatic(f.getModifiers()))) f.set(receiver, v);
                        }
                        for (int i = 0; i < ps.length; i++) args[i] = result == null ? parse(ps[i]) : null;
                    } catch (InvocationTargetException e) {
                        result = "throw " + e.getCause().getClass().getName();
                    }
                    if (result == null) {
                        try {
                            Object r = method.invoke(receiver, args);
                            result = method.getReturnType() == void.class ? "return" : "return " + lit(show(r));
                        } catch (InvocationTargetException e) {
                            result = "throw " + e.getCause().getClass().getName();
                        }
                    }
                    System.out.flush();
                    System.setOut(saved);
                    StringBuilder sb = new StringBuilder(result);
                    sb.append("; printed ").append(lit(new String(buf.toByteArray(), StandardCharsets.UTF_8)));
                    sb.append("; fields");
                    for (Field f : fields) sb.append(' ').append(lit(show(Modifier.isStatic(f.getModifiers()) ? f.get(null) : (receiver == null ? null : f.get(receiver)))));
                    sb.append("; args");
                    for (int i = 0; i < ps.length; i++) {
                        boolean shown = ps[i].isArray() || !(ps[i].isPrimitive() || ps[i] == String.class);
                        if (shown) sb.append(' ').append(lit(show(args[i])));
                    }
                    out.println(sb);
                    break;
                }
                default:
                    break;
            }
        }
    }
}
