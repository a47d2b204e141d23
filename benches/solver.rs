//! The constraint solver on the families the issue names: linear systems, the thesis's
//! Fig. 4.3 family (`x == y && x > c`), non-linear `x * y == c`, doubles, and mixed boolean
//! structure.
//! Decisions per instance are printed once before timing, so the report has both.

use criterion::{Criterion, criterion_group, criterion_main};
use roth::solver::{SolveOptions, Verdict, parse, solve};

fn families() -> Vec<(&'static str, String)> {
    vec![
        // Relations between variables over whole domains (difference constraints, Fourier–
        // Motzkin on longer inequalities; a sum that may wrap is decided into its wrap case).
        ("relation cycle x < y < x, int", "int x; int y; x < y; y < x;".into()),
        ("relation cycle x < y < x, long", "long x; long y; x < y; y < x;".into()),
        ("x + 1 < x (only through overflow), int", "int x; x + 1 < x;".into()),
        ("x + 1 < x (only through overflow), long", "long x; x + 1L < x;".into()),
        (
            "cycle of 4 longs",
            "long a, b, c, d; a < b; b < c + 1L; c <= d - 2L; d < a;".into(),
        ),
        (
            "chain of 5 ints with offsets",
            "int a, b, c, d, e; a + 3 <= b; b + 3 <= c; c + 3 <= d; d + 3 <= e; e < 20;".into(),
        ),
        (
            "x - y >= 3; y - x >= -2 over whole ints (wrap cases)",
            "int x, y; x - y >= 3; y - x >= -2;".into(),
        ),
        (
            "x - y >= 3; y - x >= -2 over whole longs (wrap cases)",
            "long x, y; x - y >= 3L; y - x >= -2L;".into(),
        ),
        (
            "window x + 3 <= y <= x + 2 (sat only through overflow), int",
            "int x, y; x + 3 <= y; y <= x + 2;".into(),
        ),
        (
            "sum of three against a fourth, bounded longs",
            "long a, b, c, d; a + b + c < d; d < 10L; a > 0L; b > 1L; c > 2L; a < 1000000L; b < 1000000L; c < 1000000L;"
                .into(),
        ),
        (
            "a + b < c; c < a; b >= 0 over whole ints (sat only through wrap)",
            "int a, b, c; a + b < c; c < a; b >= 0;".into(),
        ),
        (
            "a + b + c == 0; a > b > c > 0 over whole longs",
            "long a, b, c; a + b + c == 0L; a > b; b > c; c > 0L;".into(),
        ),
        (
            "a - b > c; b - c > a; a, b, c >= 0 over whole longs (unsat)",
            "long a, b, c; a - b > c; b - c > a; c >= 0L; a >= 0L; b >= 0L;".into(),
        ),
        (
            "comparisons fixed by propagation (x < y || b) && (y < x || b) && !b, long",
            "long x, y; boolean b; (x < y || b) && (y < x || b) && !b;".into(),
        ),
        (
            "shared subterms x / 2 < y < x / 2, long",
            "long x, y; x / 2L < y; y < x / 2L;".into(),
        ),
        (
            "scaled 2 * x == x - y; -y > x over whole longs (unsat)",
            "long x, y; 2L * x == x - y; -y > x;".into(),
        ),
        (
            "disequality a == b; a != b + 0, int",
            "int a, b; a == b || a != a; !(b == a + 0);".into(),
        ),
        (
            "linear 3 vars, bounded",
            "int x, y, z; x + 2 * y - z == 17; 3 * x - y + z == 28; x - y == 5; \
             x >= -100000 && x <= 100000; y >= -100000 && y <= 100000; \
             z >= -100000 && z <= 100000;"
                .into(),
        ),
        (
            "linear 6 vars chain",
            "long a, b, c, d, e, f; a + b == 1000000L; b - c == 3L; c + d == 77777L; \
             d - e == 12L; e + f == 5000000000L; f > 4999990000L; a > 0L; a < 2000000L;"
                .into(),
        ),
        (
            "linear 3 vars, wrapping",
            "int x, y, z; x + y + z == 100; x - y == 3; y - z == 7;".into(),
        ),
        (
            "linear 8 longs, wrapping",
            "long a, b, c, d, e, f, g, h; a + 3L*b - 5L*c + 7L*d == 123456789L; \
             b + c + d + e + f + g + h == -1L; a - 11L*e == 99L; 13L*f - g == 0L; \
             h - a == 424242L; c + 2L*g == 17L; d - 3L*h == 5L; e + f == 1000000007L;"
                .into(),
        ),
        (
            "linear, unsat by bounds",
            "int x, y; x + y == 10; x - y == 4; x >= 0 && x <= 5; y >= 0 && y <= 5;".into(),
        ),
        (
            "fig 4.3 x==y && x>10000",
            "int x, y; x == y && x > 10000;".into(),
        ),
        (
            "fig 4.3 large, 4 vars",
            "long a, b, c, d; a == b; b == c; c == d; d > 9000000000000000000L;".into(),
        ),
        (
            "x*y == 1000003*7",
            "int x, y; x * y == 7007021; x > 1; y > 1;".into(),
        ),
        (
            "x*y == c, c = 2^20",
            "int x, y; x * y == 1048576; x > 1000; y > 100;".into(),
        ),
        (
            "bit patterns (unsat)",
            "int x, y; (x | 0xF) == 0x12F; x % 4 == 1; y % 4 == 1; (x + y) % 4 == 3;".into(),
        ),
        (
            "x*y == 2^20, bounded longs",
            "long x, y; x * y == 1048576L; x > 1000L; y > 100L; x < 100000L; y < 100000L;".into(),
        ),
        ("double d*d == 2 (unsat)", "double d; d * d == 2.0;".into()),
        (
            "double 2 vars, 2 equations",
            "double x, y; x * y == 6.0; x - y == 1.0; x > 0.0;".into(),
        ),
        (
            "mixed boolean",
            "int x, y, z; boolean p, q; (p || x > 100) && (q || y < -100); p != q; \
             (x + y == z) || (z % 7 == 3 && !p); z > 1000 ? x < 0 : y > 0;"
                .into(),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    for (name, text) in families() {
        let problem = parse(&text).expect("valid constraints");
        let (verdict, stats) = solve(&problem, SolveOptions::default());
        let answer = match &verdict {
            Verdict::Sat(m) => {
                assert!(problem.satisfies(m), "{name}");
                "sat"
            }
            Verdict::Unsat => "unsat",
            Verdict::Unknown(_) => "unknown",
        };
        eprintln!(
            "{name}: {answer}, {} decisions, {} backtracks, {} propagations",
            stats.decisions, stats.backtracks, stats.propagations
        );
        group.bench_function(name, |b| {
            b.iter(|| solve(&problem, SolveOptions::default()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
