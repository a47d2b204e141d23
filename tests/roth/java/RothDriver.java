// Runs Java methods on cases written by roth's differential test and prints each outcome in the
// form the test prints the interpreter's: one line per case.
//
// Input (cases.txt), one directive per line:
//   class NAME                       the class whose method follows
//   method NAME TYPE...              the method and its parameter types (int, int[], java.lang.String, ...)
//   static | instance
//   fields DECLARING:NAME:SHOWN ...  the fields reported after each call, in order
//   case N FIELD VALUE ... ARG...    N receiver fields to set, then the arguments
// Values: i:<integer> (integral and boolean), d:<hex bits>, f:<hex bits>, s:<hex UTF-16 units>,
// null, and arrays as [ VALUE ... ].
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
            default: return Class.forName(name);
        }
    }

    static Object parse(Class<?> t) {
        String k = toks[pos++];
        if (k.equals("null")) return null;
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
        if (t == boolean.class) return v != 0;
        if (t == byte.class) return (byte) v;
        if (t == short.class) return (short) v;
        if (t == char.class) return (char) v;
        if (t == int.class) return (int) v;
        return v;
    }

    static String show(Object o) {
        if (o == null) return "null";
        if (o.getClass().isArray()) {
            StringBuilder sb = new StringBuilder("[");
            int n = Array.getLength(o);
            for (int i = 0; i < n; i++) {
                if (i > 0) sb.append(", ");
                sb.append(show(Array.get(o, i)));
            }
            return sb.append("]").toString();
        }
        return String.valueOf(o);
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

    static Object copy(Object o) {
        if (o == null || !o.getClass().isArray()) return o;
        int n = Array.getLength(o);
        Object c = Array.newInstance(o.getClass().getComponentType(), n);
        for (int i = 0; i < n; i++) Array.set(c, i, copy(Array.get(o, i)));
        return c;
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

    static void run(List<String> lines, ClassLoader loader, PrintStream out) throws Exception {
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
                    for (Map.Entry<Field, Object> e : initial.entrySet()) e.getKey().set(null, copy(e.getValue()));
                    int n = Integer.parseInt(toks[pos++]);
                    Object receiver = null;
                    String result = null;
                    if (!isStatic) {
                        try {
                            Constructor<?> c = cls.getDeclaredConstructor();
                            c.setAccessible(true);
                            receiver = c.newInstance();
                        } catch (InvocationTargetException e) {
                            result = "throw " + e.getCause().getClass().getName();
                        }
                    }
                    for (int i = 0; i < n; i++) {
                        String name = toks[pos++];
                        Field f = cls.getDeclaredField(name);
                        f.setAccessible(true);
                        Object v = parse(f.getType());
                        if (receiver != null || Modifier.isStatic(f.getModifiers())) f.set(receiver, v);
                    }
                    Class<?>[] ps = method.getParameterTypes();
                    Object[] args = new Object[ps.length];
                    for (int i = 0; i < ps.length; i++) args[i] = parse(ps[i]);
                    ByteArrayOutputStream buf = new ByteArrayOutputStream();
                    PrintStream saved = System.out;
                    System.setOut(new PrintStream(buf, true, "UTF-8"));
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
                    for (int i = 0; i < ps.length; i++) if (ps[i].isArray()) sb.append(' ').append(lit(show(args[i])));
                    out.println(sb);
                    break;
                }
                default:
                    break;
            }
        }
    }
}
