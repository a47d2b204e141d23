// Compiles the Java files of each listed folder on its own (one JVM, the javax.tools compiler),
// printing "ok FOLDER" or "fail FOLDER: first error" per folder: roth's tests use it to check
// that every emitted mutant compiles, and that javac rejects the edits roth skipped.
import javax.tools.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class CompileEach {
    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        for (String folder : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            if (folder.isBlank()) continue;
            File dir = new File(folder);
            File[] sources = dir.listFiles((d, n) -> n.endsWith(".java"));
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            List<String> options = Arrays.asList("-d", dir.getPath(), "-nowarn", "-proc:none", "-Xlint:none");
            boolean ok = compiler.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(sources)).call();
            String first = "";
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    first = d.getLineNumber() + ": " + d.getMessage(Locale.ROOT).split("\n")[0];
                    break;
                }
            }
            out.println(ok ? "ok " + folder : "fail " + folder + ": " + first);
        }
    }
}
