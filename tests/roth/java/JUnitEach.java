// Runs a compiled JUnit 5 class against many versions of the class under test in one JVM: for
// each line "FOLDER<TAB>TEST_CLASSES<TAB>TEST_CLASS[<TAB>METHOD]" of the list file, compiles the
// .java files of FOLDER into FOLDER (the javax.tools compiler, that is javac in process), then
// runs TEST_CLASS (only its test METHOD when given) with the JUnit console launcher on the class
// path FOLDER:TEST_CLASSES, so the tests link against that folder's version, in a fresh class
// loader (no static state survives from one version to the next). Prints one line per folder: "pass FOLDER", "fail FOLDER N" (N tests
// failed) or "error FOLDER: first compile error". roth's tests use it to check that a generated
// test class fails on exactly the mutants the report calls killed, at about 30 ms a mutant
// instead of two JVM starts each.
import javax.tools.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import org.junit.platform.console.ConsoleLauncher;
import org.junit.platform.console.ConsoleLauncherExecutionResult;

public class JUnitEach {
    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        // Tests capture System.out with System.setOut: report on the process's own descriptor.
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, "UTF-8");
        String separator = System.getProperty("path.separator");
        for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            String[] fields = line.split("\t");
            String folder = fields[0], testClasses = fields[1], testClass = fields[2];
            String[] select = fields.length > 3
                ? new String[] {"--select-method", testClass + "#" + fields[3]}
                : new String[] {"--select-class", testClass};
            File dir = new File(folder);
            File[] sources = dir.listFiles((d, n) -> n.endsWith(".java"));
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            List<String> options = Arrays.asList("-d", dir.getPath(), "-nowarn", "-proc:none", "-Xlint:none");
            boolean compiled = compiler.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(sources)).call();
            if (!compiled) {
                String first = "";
                for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                    if (d.getKind() == Diagnostic.Kind.ERROR) {
                        first = d.getLineNumber() + ": " + d.getMessage(Locale.ROOT).split("\n")[0];
                        break;
                    }
                }
                out.println("error " + folder + ": " + first);
                continue;
            }
            Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
            Thread watcher = new Thread(JUnitEach::stopTimedOut);
            watcher.setDaemon(true);
            watcher.start();
            ConsoleLauncherExecutionResult result = ConsoleLauncher.execute(quiet, quiet,
                "--class-path", folder + separator + testClasses,
                select[0], select[1],
                "--disable-banner", "--disable-ansi-colors", "--details=none");
            long failed = result.getTestExecutionSummary()
                .map(s -> s.getTotalFailureCount()).orElse(-1L);
            watcher.interrupt();
            watcher.join();
            stopLeftovers(before);
            if (result.getExitCode() == 0 && failed == 0) {
                out.println("pass " + folder);
            } else {
                out.println("fail " + folder + " " + failed);
            }
        }
    }

    // JUnit runs each test of a class with a separate-thread @Timeout on a new thread named
    // junit-timeout-thread-N, N counting up, one test at a time: every such thread but the
    // newest belongs to a test that already timed out, and is a mutant's loop still spinning.
    // Stop those while the class runs, so a mutant that loops in every test does not slow each
    // later test (and run) down.
    static void stopTimedOut() {
        String prefix = "junit-timeout-thread-";
        while (!Thread.currentThread().isInterrupted()) {
            List<Thread> timeoutThreads = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith(prefix) && t.isAlive()) timeoutThreads.add(t);
            }
            timeoutThreads.sort(Comparator.comparingLong(
                t -> Long.parseLong(t.getName().substring(prefix.length()))));
            for (int i = 0; i + 1 < timeoutThreads.size(); i++) stop(timeoutThreads.get(i));
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @SuppressWarnings({"deprecation", "removal"})
    static void stop(Thread t) {
        try {
            t.stop();
        } catch (UnsupportedOperationException e) {
            // JDK 20 and later: interrupt is all there is; a tight loop keeps running.
            t.interrupt();
        }
    }

    // A test that timed out on its own thread (a mutant that loops) leaves that thread spinning:
    // stop it, or every later run shares the CPU with it.
    static void stopLeftovers(Set<Thread> before) throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (!before.contains(t) && t.isAlive() && t != Thread.currentThread()) {
                stop(t);
                t.join(1000);
            }
        }
    }
}
