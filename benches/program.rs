//! The program side: the interpreter's speed in steps per second (loops and arrays, and
//! objects: a linked list and a search tree behind an interface), the front end, CFG
//! construction, mutant generation, and mutation analysis of every shipped program (all
//! mutants against 1,000 random tests per method), with the same analysis done naively
//! (every mutant on every test until one kills it) for the sharing ratio.
//! Test generation (`roth testgen`) and the software D-algorithm's pass on shipped programs.
//! Counts (steps, mutants, runs) are printed once before timing.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use roth::program::execution::analysis::{TestCase, analyse, random_tests};
use roth::program::execution::interp::{Compiled, Limits, Machine, Termination, Value};
use roth::program::model::cfg::Cfg;
use roth::program::mutants::mutant;
use roth::program::reader::semantics::Kind;
use roth::program::{Type, Unit, load};
use roth::rng::Rng;

const LOOPS: &str = "public class Loops {
    public static long sum(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += i * 3 % 7;
        }
        return s;
    }
    public static int bubble(int[] a) {
        int swaps = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j + 1 < a.length - i; j++) {
                if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; swaps++; }
            }
        }
        return swaps;
    }
}";

/// Objects on the interpreter's heap: one interface, `IntSet`, implemented by an unsorted
/// linked list and an unbalanced binary search tree (static nested classes, constructors,
/// fields, recursion, `null` checks). `fill` drives either one through the interface, so
/// every `add` and `contains` is a virtual call through the dispatch table: `n` inserts, then
/// `n` lookups, of keys in `[0, 2n)` from a linear congruential generator, and a checksum of
/// the hits. `list(n)` and `tree(n)` return the same checksum; the JVM computes it too.
/// The collections-heavy workload: a word count in a `HashMap` of roth's model of the JDK,
/// the words built in a `StringBuilder` and sorted in an `ArrayList` by a comparator.
const WORDS: &str = r#"import java.util.*;
public class WordCount {
    /** Word frequencies of a generated text in a HashMap, the words sorted by count then name. */
    public static int words(int n) {
        Map<String, Integer> counts = new HashMap<>();
        int state = 7;
        for (int i = 0; i < n; i++) {
            state = state * 1103515245 + 12345;
            StringBuilder w = new StringBuilder();
            for (int k = 0; k < 1 + ((state >>> 20) & 3); k++) {
                w.append((char) ('a' + ((state >>> (8 + 3 * k)) & 7)));
            }
            counts.merge(w.toString(), 1, Integer::sum);
        }
        List<String> keys = new ArrayList<>(counts.keySet());
        keys.sort((a, b) -> counts.get(a).equals(counts.get(b)) ? a.compareTo(b) : counts.get(b) - counts.get(a));
        int h = 0;
        for (String k : keys) {
            h = 31 * h + k.hashCode() + counts.get(k);
        }
        return h;
    }
}
"#;

const SETS: &str = "public class Sets {
    interface IntSet {
        void add(int k);
        boolean contains(int k);
    }

    static class ListNode {
        int key;
        ListNode next;
        ListNode(int key, ListNode next) {
            this.key = key;
            this.next = next;
        }
    }

    static class LinkedSet implements IntSet {
        private ListNode head;
        private int size;
        public void add(int k) {
            if (contains(k)) {
                return;
            }
            head = new ListNode(k, head);
            size++;
        }
        public boolean contains(int k) {
            ListNode n = head;
            while (n != null) {
                if (n.key == k) {
                    return true;
                }
                n = n.next;
            }
            return false;
        }
    }

    static class TreeNode {
        int key;
        TreeNode left;
        TreeNode right;
        TreeNode(int key) {
            this.key = key;
        }
    }

    static class TreeSet implements IntSet {
        private TreeNode root;
        public void add(int k) {
            root = insert(root, k);
        }
        private TreeNode insert(TreeNode n, int k) {
            if (n == null) {
                return new TreeNode(k);
            }
            if (k < n.key) {
                n.left = insert(n.left, k);
            } else if (k > n.key) {
                n.right = insert(n.right, k);
            }
            return n;
        }
        public boolean contains(int k) {
            TreeNode n = root;
            while (n != null) {
                if (k == n.key) {
                    return true;
                }
                n = k < n.key ? n.left : n.right;
            }
            return false;
        }
    }

    static int fill(IntSet set, int n, int range) {
        int x = 12345;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245 + 12345;
            set.add((x >>> 8) % range);
        }
        int found = 0;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245 + 12345;
            if (set.contains((x >>> 8) % range)) {
                found = found * 31 + i + 1;
            }
        }
        return found;
    }

    public static int list(int n) {
        return fill(new LinkedSet(), n, 2 * n);
    }

    public static int tree(int n) {
        return fill(new TreeSet(), n, 2 * n);
    }

    public static int run(int n) {
        return list(n) * 31 + tree(n);
    }
}";

fn shipped() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

/// A shipped program by name, loaded, with its mutants.
fn shipped_with_mutants(name: &str) -> (Unit, Vec<mutant::Mutant>) {
    let (path, source) = shipped()
        .into_iter()
        .find(|(p, _)| p.ends_with(&format!("{name}.java")))
        .expect("a shipped program");
    let unit = load(&path, &source).unwrap();
    let mutants = mutant::generate(&unit).mutants;
    (unit, mutants)
}

fn interpreter(c: &mut Criterion) {
    let unit = load("Loops.java", LOOPS).unwrap();
    let program = Compiled::new(&unit, None);
    let limits = Limits {
        steps: u64::MAX / 2,
        ..Limits::default()
    };
    let sum_args = [Value::Prim(Kind::Int, 1_000_000)];
    let array: Vec<Value> = (0..500)
        .map(|i| Value::Prim(Kind::Int, (i * 7919) % 500))
        .collect();
    let bubble_args = [Value::Array(Type::Int, array)];
    let mut machine = Machine::new(&program, limits);
    machine.run(0, 0, &sum_args, &[]).unwrap();
    let sum_steps = machine.steps();
    machine.run(0, 1, &bubble_args, &[]).unwrap();
    let bubble_steps = machine.steps();
    println!("interpreter: sum(1000000) {sum_steps} steps, bubble(500) {bubble_steps} steps");
    let mut group = c.benchmark_group("interpreter");
    group.throughput(Throughput::Elements(sum_steps));
    group.bench_function("arithmetic loop", |b| {
        b.iter(|| machine.run(0, 0, black_box(&sum_args), &[]).unwrap())
    });
    group.throughput(Throughput::Elements(bubble_steps));
    group.bench_function("bubble sort of 500", |b| {
        b.iter(|| machine.run(0, 1, black_box(&bubble_args), &[]).unwrap())
    });
    group.finish();
}

/// The object-heavy workload ([`SETS`]): a linked list and a binary search tree under inserts
/// and lookups, each a fresh heap per run.
fn interpreter_objects(c: &mut Criterion) {
    let unit = load("Sets.java", SETS).unwrap();
    let program = Compiled::new(&unit, None);
    let limits = Limits {
        steps: u64::MAX / 2,
        ..Limits::default()
    };
    let (list_class, list) = unit.find_method("Sets.list").unwrap();
    let (tree_class, tree) = unit.find_method("Sets.tree").unwrap();
    // The list is quadratic, the tree n log n: each run takes a few million steps.
    let list_args = [Value::Prim(Kind::Int, 1_000)];
    let tree_args = [Value::Prim(Kind::Int, 20_000)];
    // What the JVM returns for these calls (javac and java, 2026-11-26).
    let jvm = |v: i64| Termination::Return(Some(Value::Prim(Kind::Int, v)));
    let mut machine = Machine::new(&program, limits);
    let outcome = machine.run(list_class, list, &list_args, &[]).unwrap();
    assert_eq!(outcome.termination, jvm(938_385_940));
    let list_steps = machine.steps();
    let outcome = machine.run(tree_class, tree, &tree_args, &[]).unwrap();
    assert_eq!(outcome.termination, jvm(1_774_526_093));
    let tree_steps = machine.steps();
    println!("interpreter_objects: list(1000) {list_steps} steps, tree(20000) {tree_steps} steps");
    let mut group = c.benchmark_group("interpreter_objects");
    group.throughput(Throughput::Elements(list_steps));
    group.bench_function("linked list, 1000 inserts and lookups", |b| {
        b.iter(|| {
            machine
                .run(list_class, list, black_box(&list_args), &[])
                .unwrap()
        })
    });
    group.throughput(Throughput::Elements(tree_steps));
    group.bench_function("binary search tree, 20000 inserts and lookups", |b| {
        b.iter(|| {
            machine
                .run(tree_class, tree, black_box(&tree_args), &[])
                .unwrap()
        })
    });
    group.finish();
}

/// The collections-heavy workload ([`WORDS`]): every step is the model's Java code (hashing,
/// table growth, a merge sort calling a lambda), next to the plain loops above.
fn interpreter_collections(c: &mut Criterion) {
    let unit = load("WordCount.java", WORDS).unwrap();
    let program = Compiled::new(&unit, None);
    let limits = Limits {
        steps: u64::MAX / 2,
        ..Limits::default()
    };
    let (class, words) = unit.find_method("WordCount.words").unwrap();
    let args = [Value::Prim(Kind::Int, 3_000)];
    let mut machine = Machine::new(&program, limits);
    let outcome = machine.run(class, words, &args, &[]).unwrap();
    // What the JVM returns (javac and java 17, 2026-11-28).
    assert_eq!(
        outcome.termination,
        Termination::Return(Some(Value::Prim(Kind::Int, -1_950_400_416)))
    );
    let steps = machine.steps();
    println!("interpreter_collections: words(3000) {steps} steps");
    let mut group = c.benchmark_group("interpreter_collections");
    group.throughput(Throughput::Elements(steps));
    group.bench_function("word count: HashMap, StringBuilder, ArrayList.sort", |b| {
        b.iter(|| machine.run(class, words, black_box(&args), &[]).unwrap())
    });
    group.finish();
}

fn units() -> Vec<Unit> {
    shipped().iter().map(|(p, s)| load(p, s).unwrap()).collect()
}

fn front_end_and_cfg(c: &mut Criterion) {
    let files = shipped();
    let units = units();
    let methods: usize = units
        .iter()
        .map(|u| u.classes.iter().map(|c| c.methods.len()).sum::<usize>())
        .sum();
    println!("front end: {} files, {methods} methods", files.len());
    c.bench_function("front end: parse and check every shipped program", |b| {
        b.iter(|| {
            for (p, s) in &files {
                black_box(load(p, s).unwrap());
            }
        })
    });
    c.bench_function("cfg: every method of every shipped program", |b| {
        b.iter(|| {
            for u in &units {
                for (ci, c) in u.classes.iter().enumerate() {
                    for mi in 0..c.methods.len() {
                        black_box(Cfg::new(u, ci as u32, mi as u32));
                    }
                }
            }
        })
    });
}

fn generation(c: &mut Criterion) {
    let units = units();
    let total: usize = units
        .iter()
        .map(|u| mutant::generate(u).mutants.len())
        .sum();
    println!("mutants: {total} over every shipped program");
    let mut group = c.benchmark_group("mutants");
    group.sample_size(10);
    group.bench_function(
        "generate and validate every mutant of every shipped program",
        |b| {
            b.iter(|| {
                for u in &units {
                    black_box(mutant::generate(u));
                }
            })
        },
    );
    group.finish();
}

/// Every mutant on every test until one kills it, nothing shared.
fn naive(unit: &Unit, mutants: &[mutant::Mutant], tests: &[TestCase], limits: Limits) -> usize {
    let original = Compiled::new(unit, None);
    let expected: Vec<_> = tests
        .iter()
        .map(|t| {
            original
                .run(t.class, t.method, &t.args, &t.fields, limits)
                .unwrap()
        })
        .collect();
    let mut killed = 0;
    for m in mutants {
        let program = mutant::mutant_program(unit, m).unwrap();
        if tests.iter().zip(&expected).any(|(t, want)| {
            program
                .run(t.class, t.method, &t.args, &t.fields, limits)
                .unwrap()
                .differs(want)
        }) {
            killed += 1;
        }
    }
    killed
}

fn analysis(c: &mut Criterion) {
    let limits = Limits {
        steps: 100_000,
        ..Limits::default()
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let work: Vec<(Unit, Vec<mutant::Mutant>, Vec<TestCase>)> = units()
        .into_iter()
        .map(|u| {
            let m = mutant::generate(&u).mutants;
            let t = random_tests(&u, 1000, &mut Rng::new(1));
            (u, m, t)
        })
        .collect();
    let (mut mutants, mut killed, mut runs, mut avoided) = (0, 0, 0, 0);
    for (u, m, t) in &work {
        let a = analyse(u, m, t, limits, threads, &|_| {}).unwrap();
        mutants += m.len();
        killed += a.killed();
        runs += a.runs;
        avoided += a.runs_avoided;
    }
    println!(
        "analysis: {mutants} mutants, 1000 random tests per method: {killed} killed, {runs} mutant runs, {avoided} avoided"
    );
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    group.bench_function(
        format!("every shipped mutant x 1000 tests per method, {threads} threads"),
        |b| {
            b.iter(|| {
                for (u, m, t) in &work {
                    black_box(analyse(u, m, t, limits, threads, &|_| {}).unwrap());
                }
            })
        },
    );
    group.bench_function(
        "every shipped mutant x 1000 tests per method, 1 thread, shared",
        |b| {
            b.iter(|| {
                for (u, m, t) in &work {
                    black_box(analyse(u, m, t, limits, 1, &|_| {}).unwrap());
                }
            })
        },
    );
    group.bench_function(
        "every shipped mutant x 1000 tests per method, 1 thread, naive",
        |b| {
            b.iter(|| {
                for (u, m, t) in &work {
                    black_box(naive(u, m, t, limits));
                }
            })
        },
    );
    group.finish();
}

/// The local analysis of equivalence alone (no tests first): every mutant of a program, the
/// provers built per method as `roth equiv` builds them, each mutant's regions up the ladder
/// until one proves it or none is left.
fn equivalence(c: &mut Criterion) {
    use roth::program::proofs::equivalence::{Local, MethodProver, ProveOptions};
    let mut group = c.benchmark_group("equivalence");
    group.sample_size(10);
    for name in ["Mid", "Triangle", "CalDays"] {
        let (unit, mutants) = shipped_with_mutants(name);
        let prove_all = || {
            let mut provers = std::collections::HashMap::new();
            let mut proved = 0;
            for m in &mutants {
                let p = provers.entry((m.class, m.method)).or_insert_with(|| {
                    MethodProver::new(&unit, m.class, m.method, ProveOptions::default())
                });
                if let Some(p) = p.as_mut()
                    && matches!(p.prove(m, &mut |_| false), Local::Equivalent(_))
                {
                    proved += 1;
                }
            }
            proved
        };
        println!(
            "{name}: {} mutants, {} proved equivalent",
            mutants.len(),
            prove_all()
        );
        group.bench_function(format!("prove every mutant of {name}"), |b| {
            b.iter(|| black_box(prove_all()))
        });
    }
    group.finish();
}

/// `roth testgen` without I/O on shipped programs (one thread, default options and seed), and
/// the software D-algorithm's pass alone (`roth ablation`'s all-on row, 16 backtracks).
fn test_generation(c: &mut Criterion) {
    use roth::program::dalg::Methods;
    use roth::program::testgen::ablation::first_pass;
    use roth::program::testgen::{Options, generate};
    let mut group = c.benchmark_group("testgen");
    group.sample_size(10);
    // As `roth testgen` runs: a run past 100,000 steps counts as non-terminating.
    let limits = Limits {
        steps: 100_000,
        ..Limits::default()
    };
    let options = Options {
        threads: 1,
        limits,
        ..Options::default()
    };
    for name in ["Mid", "Triangle", "Tax", "Power", "QuickSort", "CalDays"] {
        let (unit, mutants) = shipped_with_mutants(name);
        let g = generate(&unit, &mutants, &options, &mut |_| {});
        println!(
            "{name}: {} mutants, {} killed, {} equivalent, {} unknown, {} tests",
            mutants.len(),
            g.killed(),
            g.equivalent(),
            g.unknown(),
            g.tests.len()
        );
        group.bench_function(format!("testgen {name}"), |b| {
            b.iter(|| black_box(generate(&unit, &mutants, &options, &mut |_| {})))
        });
        group.bench_function(format!("D-algorithm pass {name}"), |b| {
            b.iter(|| black_box(first_pass(&unit, &mutants, Methods::ALL, 16, limits, 1)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    interpreter,
    interpreter_objects,
    interpreter_collections,
    front_end_and_cfg,
    generation,
    analysis,
    equivalence,
    test_generation
);
criterion_main!(benches);
