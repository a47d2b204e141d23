//! The interval / finite-domain solver against brute force: random instances over variables
//! boxed into a few values each (so every assignment can be enumerated), with expressions of
//! every operator, overflowing constants, casts and guarded divisions. Wherever the solver is
//! definite it must agree with enumeration, and every model must satisfy every constraint
//! when evaluated with Java semantics.

use proptest::prelude::*;
use roth::rng::Rng;
use roth::solver::{
    BinOp, ExprId, JType, Model, Problem, SolveOptions, Solver, UnOp, Value, ValueChoice, Verdict,
    parse, solve,
};

/// A random instance and the box of each variable.
struct Instance {
    problem: Problem,
    boxes: Vec<(i64, i64)>,
}

const TYPES: [JType; 6] = [
    JType::Boolean,
    JType::Byte,
    JType::Short,
    JType::Char,
    JType::Int,
    JType::Long,
];

const COMPARISONS: [BinOp; 6] = [
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
    BinOp::Eq,
    BinOp::Ne,
];

/// Constants that make arithmetic wrap, shift far, or divide by zero.
const CONSTANTS: [i64; 14] = [
    0,
    1,
    -1,
    2,
    3,
    7,
    -5,
    100,
    65535,
    1_000_000_007,
    i32::MAX as i64,
    i32::MIN as i64,
    i64::MAX,
    3_000_000_000,
];

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[(rng.next_u64() % items.len() as u64) as usize]
}

fn below(rng: &mut Rng, n: u64) -> u64 {
    rng.next_u64() % n
}

fn numeric(rng: &mut Rng, p: &mut Problem, vars: &[(ExprId, JType)], depth: u32) -> ExprId {
    let leaf = depth == 0 || below(rng, 4) == 0;
    if leaf {
        let numeric_vars: Vec<ExprId> = vars
            .iter()
            .filter(|(_, t)| t.is_numeric())
            .map(|(e, _)| *e)
            .collect();
        if !numeric_vars.is_empty() && below(rng, 3) > 0 {
            return pick(rng, &numeric_vars);
        }
        let c = pick(rng, &CONSTANTS);
        return if (i32::MIN as i64..=i32::MAX as i64).contains(&c) && below(rng, 3) > 0 {
            p.int(c as i32)
        } else {
            p.long(c)
        };
    }
    match below(rng, 10) {
        0..=5 => {
            let op = pick(
                rng,
                &[
                    BinOp::Add,
                    BinOp::Sub,
                    BinOp::Mul,
                    BinOp::Div,
                    BinOp::Rem,
                    BinOp::And,
                    BinOp::Or,
                    BinOp::Xor,
                    BinOp::Shl,
                    BinOp::Shr,
                    BinOp::UShr,
                    BinOp::Min,
                    BinOp::Max,
                ],
            );
            let a = numeric(rng, p, vars, depth - 1);
            let b = numeric(rng, p, vars, depth - 1);
            p.binary(op, a, b).expect("integral operands")
        }
        6 => {
            let op = pick(rng, &[UnOp::Neg, UnOp::BitNot, UnOp::Abs]);
            let a = numeric(rng, p, vars, depth - 1);
            p.unary(op, a).expect("integral operand")
        }
        7 => {
            let ty = pick(rng, &TYPES[1..]);
            let a = numeric(rng, p, vars, depth - 1);
            p.cast(ty, a).expect("numeric cast")
        }
        _ => {
            let c = boolean(rng, p, vars, depth - 1);
            let a = numeric(rng, p, vars, depth - 1);
            let b = numeric(rng, p, vars, depth - 1);
            p.cond(c, a, b).expect("numeric branches")
        }
    }
}

fn boolean(rng: &mut Rng, p: &mut Problem, vars: &[(ExprId, JType)], depth: u32) -> ExprId {
    let bools: Vec<ExprId> = vars
        .iter()
        .filter(|(_, t)| *t == JType::Boolean)
        .map(|(e, _)| *e)
        .collect();
    if depth == 0 || below(rng, 5) == 0 {
        if !bools.is_empty() && below(rng, 2) == 0 {
            return pick(rng, &bools);
        }
        let a = numeric(rng, p, vars, 0);
        let b = numeric(rng, p, vars, 0);
        let op = pick(rng, &COMPARISONS);
        return p.binary(op, a, b).expect("numeric comparison");
    }
    match below(rng, 6) {
        0 | 1 => {
            let op = pick(rng, &COMPARISONS);
            let a = numeric(rng, p, vars, depth - 1);
            let b = numeric(rng, p, vars, depth - 1);
            p.binary(op, a, b).expect("numeric comparison")
        }
        2 | 3 => {
            let op = pick(
                rng,
                &[
                    BinOp::LogicalAnd,
                    BinOp::LogicalOr,
                    BinOp::And,
                    BinOp::Or,
                    BinOp::Xor,
                    BinOp::Eq,
                ],
            );
            let a = boolean(rng, p, vars, depth - 1);
            let b = boolean(rng, p, vars, depth - 1);
            p.binary(op, a, b).expect("boolean operands")
        }
        4 => {
            let a = boolean(rng, p, vars, depth - 1);
            p.unary(UnOp::Not, a).expect("boolean operand")
        }
        _ => {
            let c = boolean(rng, p, vars, depth - 1);
            let a = boolean(rng, p, vars, depth - 1);
            let b = boolean(rng, p, vars, depth - 1);
            p.cond(c, a, b).expect("boolean branches")
        }
    }
}

fn instance(seed: u64) -> Instance {
    let mut rng = Rng::new(seed);
    let mut p = Problem::new();
    let count = 1 + below(&mut rng, 3) as usize;
    let mut vars = Vec::new();
    let mut boxes = Vec::new();
    for k in 0..count {
        let ty = pick(&mut rng, &TYPES);
        let v = p.var(&format!("v{k}"), ty);
        let read = p.read(v);
        vars.push((read, ty));
        let (tlo, thi) = ty.range();
        // A box of up to 6 values somewhere in the type: near zero, or at a bound.
        let width = below(&mut rng, 6) as i64;
        let lo = match below(&mut rng, 3) {
            0 => tlo,
            1 => (thi - width).max(tlo),
            _ => (-(below(&mut rng, 5) as i64)).max(tlo),
        };
        let hi = (lo + width).min(thi);
        // Booleans are not boxed: both values.
        boxes.push(if ty == JType::Boolean {
            (0, 1)
        } else {
            (lo, hi)
        });
        if ty != JType::Boolean {
            let l = p.constant(Value::Int(ty, lo));
            let h = p.constant(Value::Int(ty, hi));
            let ge = p.binary(BinOp::Ge, read, l).expect("comparison");
            let le = p.binary(BinOp::Le, read, h).expect("comparison");
            p.require(ge).expect("boolean");
            p.require(le).expect("boolean");
        }
    }
    for _ in 0..1 + below(&mut rng, 3) {
        let depth = 1 + below(&mut rng, 3) as u32;
        let c = boolean(&mut rng, &mut p, &vars, depth);
        p.require(c).expect("boolean");
    }
    Instance { problem: p, boxes }
}

/// Every assignment in the boxes that satisfies the problem.
fn brute_force(instance: &Instance) -> Vec<Model> {
    let p = &instance.problem;
    let choices: Vec<Vec<Value>> = p
        .vars()
        .map(|v| {
            let (lo, hi) = instance.boxes[v.index()];
            (lo..=hi).map(|i| Value::Int(p.var_type(v), i)).collect()
        })
        .collect();
    enumerate_models(p, &choices)
}

/// Every combination of the listed values that satisfies the problem.
fn enumerate_models(p: &Problem, choices: &[Vec<Value>]) -> Vec<Model> {
    let mut found = Vec::new();
    let mut index = vec![0usize; choices.len()];
    loop {
        let model = Model {
            values: index.iter().zip(choices).map(|(&i, c)| c[i]).collect(),
        };
        if p.satisfies(&model) {
            found.push(model);
        }
        let mut k = 0;
        loop {
            if k == index.len() {
                return found;
            }
            index[k] += 1;
            if index[k] < choices[k].len() {
                break;
            }
            index[k] = 0;
            k += 1;
        }
    }
}

/// The number of random instances a test runs: `default`, or `SOLVER_CASES / per`.
fn solver_cases(default: u64, per: u64) -> u64 {
    std::env::var("SOLVER_CASES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map_or(default, |n| n / per)
}

/// What a verdict was, once found consistent with the enumerated models.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Judged {
    Sat,
    Unsat,
    Unknown,
}

/// Checks a verdict against brute force: a model must satisfy the constraints (and brute
/// force must know one), an unsat must leave brute force empty-handed.
fn judge(p: &Problem, verdict: &Verdict, expected: &[Model]) -> Result<Judged, String> {
    match verdict {
        Verdict::Sat(model) => {
            if !p.satisfies(model) {
                return Err(format!("model fails: {}", describe(p)));
            }
            if expected.is_empty() {
                return Err(format!("sat but brute force finds none: {}", describe(p)));
            }
            Ok(Judged::Sat)
        }
        Verdict::Unsat => match expected.first() {
            Some(m) => Err(format!("wrong unsat (e.g. {m:?}): {}", describe(p))),
            None => Ok(Judged::Unsat),
        },
        Verdict::Unknown(_) => Ok(Judged::Unknown),
    }
}

fn describe(p: &Problem) -> String {
    let mut s = String::new();
    for v in p.vars() {
        s.push_str(&format!("{} {}; ", p.var_type(v), p.name(v)));
    }
    for c in p.constraints() {
        if let roth::solver::Constraint::Holds(e) = c {
            s.push_str(&format!("{}; ", p.display(*e)));
        }
    }
    s
}

/// Checks one instance; returns whether the solver was definite.
fn check(seed: u64, choice: ValueChoice) -> Result<bool, TestCaseError> {
    let instance = instance(seed);
    let p = &instance.problem;
    let expected = brute_force(&instance);
    let options = SolveOptions {
        seed,
        value_choice: choice,
        node_limit: 20_000,
        ..SolveOptions::default()
    };
    let (verdict, _) = solve(p, options);
    let judged = judge(p, &verdict, &expected).map_err(TestCaseError::fail)?;
    Ok(judged != Judged::Unknown)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: solver_cases(100_000, 1) as u32,
        failure_persistence: None,
        .. ProptestConfig::default()
    })]

    /// 100,000 random instances: verdicts agree with enumeration, models satisfy.
    #[test]
    fn agrees_with_brute_force(seed in any::<u64>()) {
        let choice = [ValueChoice::NearZero, ValueChoice::Min, ValueChoice::Random]
            [(seed % 3) as usize];
        check(seed, choice)?;
    }
}

/// A random system of linear equalities with wrapping coefficients, over variables boxed at
/// random places of their types, with non-linear atoms and narrowing casts mixed in; each
/// equality holds at a random point of the boxes unless its constant is nudged. The modular
/// elimination must never call a satisfiable system unsat.
fn linear_instance(seed: u64) -> Instance {
    let mut rng = Rng::new(seed);
    let mut p = Problem::new();
    let count = 2 + below(&mut rng, 2) as usize;
    let mut reads = Vec::new();
    let mut boxes = Vec::new();
    let mut point = Vec::new();
    for k in 0..count {
        let ty = pick(
            &mut rng,
            &[
                JType::Byte,
                JType::Short,
                JType::Char,
                JType::Int,
                JType::Long,
            ],
        );
        let v = p.var(&format!("v{k}"), ty);
        let read = p.read(v);
        let (tlo, thi) = ty.range();
        let width = if count == 2 { 60 } else { 12 } + below(&mut rng, 10) as i64;
        let lo = match below(&mut rng, 3) {
            0 => tlo,
            1 => thi - width,
            _ => (-(below(&mut rng, 30) as i64)).max(tlo),
        };
        let hi = lo + width;
        for (op, bound) in [(BinOp::Ge, lo), (BinOp::Le, hi)] {
            let c = p.constant(Value::Int(ty, bound));
            let cmp = p.binary(op, read, c).expect("comparison");
            p.require(cmp).expect("boolean");
        }
        reads.push(read);
        boxes.push((lo, hi));
        point.push(Value::Int(
            ty,
            lo + below(&mut rng, width as u64 + 1) as i64,
        ));
    }
    let model = Model { values: point };
    for _ in 0..1 + below(&mut rng, 3) {
        let long = below(&mut rng, 2) == 0;
        let mut sum: Option<ExprId> = None;
        for &read in &reads {
            if below(&mut rng, 4) == 0 {
                continue;
            }
            let coefficient = match below(&mut rng, 3) {
                0 => below(&mut rng, 7) as i64 - 3,
                1 => (rng.next_u64() as i32) as i64,
                _ => rng.next_u64() as i64,
            };
            let c = if long {
                p.long(coefficient)
            } else {
                p.int(coefficient as i32)
            };
            let term = match below(&mut rng, 8) {
                0 => {
                    let other = pick(&mut rng, &reads);
                    let product = p.binary(BinOp::Mul, read, other).expect("numeric");
                    p.binary(BinOp::Mul, product, c).expect("numeric")
                }
                1 => {
                    let three = p.int(3);
                    let quotient = p.binary(BinOp::Div, read, three).expect("numeric");
                    p.binary(BinOp::Mul, quotient, c).expect("numeric")
                }
                2 => {
                    let shift = p.int(below(&mut rng, 40) as i32);
                    p.binary(BinOp::Shl, read, shift).expect("integral")
                }
                3 => {
                    let narrow = p.cast(JType::Byte, read).expect("numeric cast");
                    p.binary(BinOp::Mul, narrow, c).expect("numeric")
                }
                _ => p.binary(BinOp::Mul, read, c).expect("numeric"),
            };
            sum = Some(match sum {
                None => term,
                Some(s) => {
                    let op = pick(&mut rng, &[BinOp::Add, BinOp::Sub]);
                    p.binary(op, s, term).expect("numeric")
                }
            });
        }
        let Some(mut lhs) = sum else { continue };
        if long {
            lhs = p.cast(JType::Long, lhs).expect("numeric cast");
        } else if p.ty(lhs) == JType::Long {
            // (int) of a long sum: reduction modulo 2^32.
            lhs = p.cast(JType::Int, lhs).expect("numeric cast");
        }
        let Ok(Value::Int(ty, at_point)) = p.eval(lhs, &model) else {
            continue;
        };
        let nudge = if below(&mut rng, 4) == 0 {
            below(&mut rng, 5) as i64 - 2
        } else {
            0
        };
        let rhs = p.constant(Value::Int(
            ty,
            roth::solver::java::wrap(ty, at_point as i128 + nudge as i128),
        ));
        let eq = p.binary(BinOp::Eq, lhs, rhs).expect("comparison");
        p.require(eq).expect("boolean");
    }
    Instance { problem: p, boxes }
}

/// Wrapping linear systems: verdicts agree with enumeration (all decided: the boxes are
/// small), models satisfy.
#[test]
fn wrapping_linear_systems_agree_with_brute_force() {
    let cases = solver_cases(2_000, 50);
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..cases {
        let instance = linear_instance(seed);
        let p = &instance.problem;
        let expected = brute_force(&instance);
        let options = SolveOptions {
            seed,
            ..SolveOptions::default()
        };
        let verdict = solve(p, options).0;
        match judge(p, &verdict, &expected).unwrap_or_else(|e| panic!("{e}")) {
            Judged::Sat => sat += 1,
            Judged::Unsat => unsat += 1,
            Judged::Unknown => panic!("{verdict:?}: {}", describe(p)),
        }
    }
    // Both verdicts occur, so neither half of the check is vacuous.
    assert!(
        sat > cases / 4 && unsat > cases / 20,
        "{sat} sat, {unsat} unsat"
    );
}

/// Doubles boxed to a few consecutive values around an interesting place (zero and its
/// signs, subnormals, 0.1, huge values, the last finite double), with an `int` sometimes,
/// under random double arithmetic and comparisons, with equalities made to hold at a random
/// point of the boxes. The search halves doubles down to single values, so it decides these,
/// and an unsat must be right.
fn double_instance(seed: u64) -> (Problem, Vec<Vec<Value>>) {
    const BASES: [f64; 9] = [0.0, 1.0, 0.1, -2.5, 3.0, 1e300, -f64::MAX, 5e-324, 0.3];
    let mut rng = Rng::new(seed);
    let mut p = Problem::new();
    let mut reads = Vec::new();
    let mut choices = Vec::new();
    let count = 1 + below(&mut rng, 2) as usize;
    for k in 0..count {
        let v = p.var(&format!("d{k}"), JType::Double);
        let read = p.read(v);
        let mut lo = pick(&mut rng, &BASES);
        for _ in 0..below(&mut rng, 4) {
            lo = lo.next_down();
        }
        let mut values = vec![lo];
        for _ in 0..below(&mut rng, 6) {
            let next = values.last().expect("one").next_up();
            values.push(next);
        }
        let hi = *values.last().expect("one");
        // Both zeros are doubles of the box when it holds zero (a box ending at -0.0 holds
        // 0.0 too: Java compares them equal).
        if values.contains(&0.0) {
            values.retain(|&x| x != 0.0);
            values.extend([0.0, -0.0]);
        }
        let (l, h) = (p.double(lo), p.double(hi));
        let ge = p.binary(BinOp::Ge, read, l).expect("comparison");
        let le = p.binary(BinOp::Le, read, h).expect("comparison");
        p.require(ge).expect("boolean");
        p.require(le).expect("boolean");
        reads.push(read);
        choices.push(values.into_iter().map(Value::Double).collect::<Vec<_>>());
    }
    if below(&mut rng, 2) == 0 {
        let v = p.var("i", JType::Int);
        let read = p.read(v);
        let lo = below(&mut rng, 7) as i32 - 3;
        let (l, h) = (p.int(lo), p.int(lo + 3));
        let ge = p.binary(BinOp::Ge, read, l).expect("comparison");
        let le = p.binary(BinOp::Le, read, h).expect("comparison");
        p.require(ge).expect("boolean");
        p.require(le).expect("boolean");
        reads.push(read);
        choices.push(
            (lo..=lo + 3)
                .map(|i| Value::Int(JType::Int, i as i64))
                .collect(),
        );
    }
    let point = Model {
        values: choices
            .iter()
            .map(|c| c[below(&mut rng, c.len() as u64) as usize])
            .collect(),
    };
    fn term(rng: &mut Rng, p: &mut Problem, reads: &[ExprId], depth: u32) -> ExprId {
        if depth == 0 || below(rng, 3) == 0 {
            return if below(rng, 4) == 0 {
                p.double(pick(rng, &[0.0, 1.0, -1.0, 0.1, 3.0, 1e308, 0.5]))
            } else {
                pick(rng, reads)
            };
        }
        let a = term(rng, p, reads, depth - 1);
        match below(rng, 9) {
            0 => p.unary(UnOp::Neg, a).expect("numeric"),
            1 => p.unary(UnOp::Abs, a).expect("numeric"),
            2 => {
                let i = p.cast(JType::Int, a).expect("numeric cast");
                p.cast(JType::Double, i).expect("numeric cast")
            }
            _ => {
                let b = term(rng, p, reads, depth - 1);
                let op = pick(
                    rng,
                    &[
                        BinOp::Add,
                        BinOp::Sub,
                        BinOp::Mul,
                        BinOp::Div,
                        BinOp::Min,
                        BinOp::Max,
                    ],
                );
                let e = p.binary(op, a, b).expect("numeric");
                if p.ty(e) == JType::Double {
                    e
                } else {
                    p.cast(JType::Double, e).expect("numeric cast")
                }
            }
        }
    }
    for _ in 0..1 + below(&mut rng, 2) {
        let lhs = term(&mut rng, &mut p, &reads, 2);
        let lhs = p.cast(JType::Double, lhs).expect("numeric cast");
        let op = pick(&mut rng, &COMPARISONS);
        let rhs = match p.eval(lhs, &point) {
            Ok(v) if below(&mut rng, 3) > 0 => p.constant(v),
            _ => term(&mut rng, &mut p, &reads, 1),
        };
        let c = p.binary(op, lhs, rhs).expect("comparison");
        p.require(c).expect("boolean");
    }
    (p, choices)
}

/// 30,000 double instances: definite verdicts agree with enumeration of the boxes, models
/// satisfy, and nearly every instance is decided.
#[test]
fn doubles_agree_with_brute_force() {
    let cases = solver_cases(30_000, 3);
    let (mut sat, mut unsat, mut unknown) = (0u64, 0u64, 0u64);
    for seed in 0..cases {
        let (p, choices) = double_instance(seed);
        let expected = enumerate_models(&p, &choices);
        let options = SolveOptions {
            seed,
            value_choice: [ValueChoice::NearZero, ValueChoice::Min, ValueChoice::Random]
                [(seed % 3) as usize],
            node_limit: 20_000,
            ..SolveOptions::default()
        };
        let verdict = solve(&p, options).0;
        match judge(&p, &verdict, &expected).unwrap_or_else(|e| panic!("{e}")) {
            Judged::Sat => sat += 1,
            Judged::Unsat => unsat += 1,
            Judged::Unknown => unknown += 1,
        }
    }
    assert!(
        sat > cases / 4 && unsat > cases / 20,
        "{sat} sat, {unsat} unsat"
    );
    eprintln!("doubles: {sat} sat, {unsat} unsat, {unknown} unknown");
    assert!(unknown * 100 <= cases, "{unknown} unknown of {cases}");
}

/// Enumeration (`next_model`) yields exactly the brute-force models, each once.
#[test]
fn enumeration_yields_every_model_once() {
    let mut definite = 0;
    for seed in 0..2_000u64 {
        let instance = instance(seed);
        let p = &instance.problem;
        let expected = brute_force(&instance);
        let mut solver = Solver::new(p, SolveOptions::default());
        let mut models: Vec<Model> = Vec::new();
        let complete = loop {
            match solver.next_model() {
                Verdict::Sat(m) => {
                    assert!(p.satisfies(&m), "{}", describe(p));
                    assert!(!models.contains(&m), "repeated model: {}", describe(p));
                    models.push(m);
                    assert!(models.len() <= expected.len(), "{}", describe(p));
                }
                Verdict::Unsat => break true,
                Verdict::Unknown(_) => break false,
            }
        };
        if complete {
            definite += 1;
            assert_eq!(models.len(), expected.len(), "{}", describe(p));
        }
    }
    assert!(definite > 1_900, "{definite}");
}

/// The solver is definite on almost every small instance (unknown is allowed, not common).
#[test]
fn small_instances_are_decided() {
    let definite = (0..5_000u64)
        .filter(|&s| check(s, ValueChoice::NearZero).expect("agrees"))
        .count();
    assert!(definite > 4_950, "{definite} of 5000 decided");
}

fn solve_text(text: &str) -> (Problem, Verdict, roth::solver::SolveStats) {
    let p = parse(text).expect("valid constraints");
    let (v, s) = solve(&p, SolveOptions::default());
    (p, v, s)
}

/// The thesis's Fig. 4.3 family: `x == y && x > c`, large constants, several variables:
/// decided by propagation with a handful of decisions, whatever the constant.
#[test]
fn figure_4_3_family_is_decided_by_propagation() {
    for c in [10_000i64, 1_000_000, 2_000_000_000] {
        let (p, v, s) = solve_text(&format!("int x, y; x == y && x > {c};"));
        let Verdict::Sat(m) = v else {
            panic!("{c}: {v:?}")
        };
        assert!(p.satisfies(&m));
        assert!(s.decisions <= 2, "{c}: {s:?}");
        let (p, v, s) = solve_text(&format!(
            "long a, b, c, d; a == b; b == c; c == d + 1; d > {c}L * 1000; a < {c}L * 1000 + 3;"
        ));
        let Verdict::Sat(m) = v else {
            panic!("{c}: {v:?}")
        };
        assert!(p.satisfies(&m));
        assert!(s.decisions <= 4, "{c}: {s:?}");
    }
    // And its unsatisfiable twin is proved without search.
    let (_, v, s) = solve_text("int x, y; x == y; x > 2000000000; y < -5;");
    assert_eq!(v, Verdict::Unsat);
    assert_eq!(s.decisions, 0);
}

/// Wrap-around is Java's: these are satisfiable only through overflow, and the solver must
/// not call them unsat.
#[test]
fn overflow_is_modelled_not_assumed_away() {
    for text in [
        "int x; x > 0; x + 1 < 0;",
        "int x; x * x < 0;",
        "int x; x < 0; -x == x;",
        "int x; x < 0; Math.abs(x) < 0;",
        "long x; x > 0L; x * 2L < 0L;",
        "byte b; (byte) (b + 1) < b;",
        "int x; x == Integer.MIN_VALUE / -1; x < 0;",
        "int x; x * 6 == 20;",
        "int x, y; y == 6; x * y == 20; x > 0;",
        "int x, y, z; x + y + z == 100; x - y == 3; y - z == 7;",
    ] {
        let (p, v, _) = solve_text(text);
        match v {
            Verdict::Sat(m) => assert!(p.satisfies(&m), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // Modulo 2^32 a multiple of 4 is never 6, and 2x + 4y is never odd: proved, no search.
    for text in [
        "int x, y; y == 4; x * y == 6;",
        "int x, y; 2 * x + 4 * y == 7;",
        "long a, b; a + b == 1L; a + b == 2L;",
    ] {
        let (_, v, s) = solve_text(text);
        assert_eq!(v, Verdict::Unsat, "{text}");
        assert_eq!(s.decisions, 0, "{text}");
    }
}

/// A satisfiable problem whose every model needs a sum to wrap, beside remainders that
/// propagation cannot see through (a mutant of Euclid's `a % b` as `a - b` ending its loop:
/// `gcd(1, 1431655766)`). The first run sinks into the case "no wrap", where every value must
/// be tried and fails; a diversified restart takes another branch first and finds a model.
/// Without restarts the same limits end `Unknown`.
#[test]
fn restarts_get_out_of_a_part_of_the_tree_with_no_model() {
    let p = parse(
        "int a, b; a > 0 && b > 0; a % b != 0 && b % (a % b) == 0; a - b != 0; \
         b - (a - b) != 0; (a - b) - (b - (a - b)) == 0; b - (a - b) != a % b;",
    )
    .expect("valid constraints");
    let options = SolveOptions {
        node_limit: 8_000,
        ..SolveOptions::default()
    };
    let once = SolveOptions {
        restarts: 0,
        ..options.clone()
    };
    assert!(matches!(solve(&p, once).0, Verdict::Unknown(_)));
    let (verdict, stats) = solve(&p, options);
    let Verdict::Sat(m) = verdict else {
        panic!("{verdict:?}")
    };
    assert!(p.satisfies(&m));
    // The limits are the first run's; the restarts get an eighth each on top.
    assert!(stats.decisions <= 8_000 + 2 * 1_000, "{stats:?}");
}

/// Constraints that share no variable are solved apart: a double that must not be zero does
/// not make the search refute an unsatisfiable question again under each split of its domain.
#[test]
fn independent_parts_are_solved_apart() {
    let p = parse("double a, d; !(a == 0); !(d < 0); (-d == 0) != (d == 0);")
        .expect("valid constraints");
    let parts = p.components().expect("two parts");
    assert_eq!(parts.len(), 2);
    let (verdict, stats) = solve(&p, SolveOptions::default());
    assert_eq!(verdict, Verdict::Unsat);
    assert!(stats.decisions < 1_000, "{stats:?}");
    // The parts' models together are a model of the whole (a `&&` is split too).
    let p = parse("int x, y; double z; x * x == 49 && y > x; z > 1.5 && z < 2.5; y < 10;")
        .expect("valid constraints");
    assert_eq!(p.components().map(|c| c.len()), Some(2));
    let Verdict::Sat(m) = solve(&p, SolveOptions::default()).0 else {
        panic!("satisfiable")
    };
    assert!(p.satisfies(&m));
    // One part: nothing to split.
    let p = parse("int x, y; x < y; y < 3;").expect("valid constraints");
    assert!(p.components().is_none());
}

/// Low-bit masks and remainders are congruences, known top bits are ranges: these are
/// decided by propagation, where bisection alone would wander over four billion values.
#[test]
fn bit_patterns_and_remainders_are_propagated() {
    for text in [
        "int x; (x & 1) == 1; x % 2 == 0;",
        "int x, y; x % 4 == 1; y % 4 == 1; (x + y) % 4 == 3;",
        "int x; (x | 0xF) == 0x12F; x < 0;",
        "int x; (x & 0xF0000000) == 0x70000000; x < 5;",
        "long x; (x & 0xFFL) == 0x7FL; (x & 3L) == 1L;",
    ] {
        let (_, v, s) = solve_text(text);
        assert_eq!(v, Verdict::Unsat, "{text}");
        assert_eq!(s.decisions, 0, "{text}");
    }
    for text in [
        "int x; (x & 0xFF) == 0x7F; x > 100000;",
        "int x; (x | 0xF) == 0x12F;",
        "int x; (x ^ 0x55) == 0x1234;",
        "long x; (x & 0xFFFFFFFF00000000L) == 0x7000000000000000L; (x & 0xFFL) == 3L;",
        "long x; x % 2L == 0L; x % 3L == 1L; x % 5L == 2L; x > 1000000000000L;",
    ] {
        let (p, v, s) = solve_text(text);
        let Verdict::Sat(m) = v else {
            panic!("{text}: {v:?}")
        };
        assert!(p.satisfies(&m), "{text}");
        assert!(s.decisions <= 8, "{text}: {s:?}");
    }
}

/// A remainder by a constant is tied to its operand even where no equality names it: a
/// year divisible by 100 is divisible by 4 (the leap-year rule's two tests cannot both hold),
/// while remainders that can disagree still do. (What carries over is the power of two in
/// the divisors: the linear systems are modulo 2^32 and 2^64.)
#[test]
fn remainders_compared_with_anything_follow_their_operand() {
    for text in [
        "int y; y % 100 == 0 && y % 4 != 0;",
        "int y; y % 4 != 0 && y % 100 == 0 && y % 400 != 0;",
        "int y; ((y % 4 != 0) || ((y % 100 == 0) && (y % 400 != 0))) != ((y % 4 != 0) ^ ((y % 100 == 0) && (y % 400 != 0)));",
        "long y; y % 24L == 0L && y % 8L != 0L;",
    ] {
        let (_, v, _) = solve_text(text);
        assert_eq!(v, Verdict::Unsat, "{text}");
    }
    for text in [
        "int y; y % 6 == 0 && y % 4 != 0;",
        "int y; y % 100 == 0 && y % 400 != 0 && y < 0;",
        "int y; y % 7 == -3 && y % 4 < 0;",
    ] {
        let (p, v, _) = solve_text(text);
        let Verdict::Sat(m) = v else {
            panic!("{text}: {v:?}")
        };
        assert!(p.satisfies(&m), "{text}");
    }
}

/// A disequality of a longer sum beside bounds on that same sum: `j <= n - 1 - p` and
/// `j != n - 1 - p` make `j < n - 1 - p`, and both sides held leave no solution. The ranges
/// are wide (bounds propagation alone would crawl); the sums cannot wrap.
#[test]
fn disequalities_of_longer_sums_meet_the_bounds_on_those_sums() {
    for text in [
        "int j, n, p; n >= 2; n <= 2000000000; p >= 0; p < n - 1; j >= 0; j <= n - 1 - p; j >= n - 1 - p; j != n - 1 - p;",
        "int j, n, p; n >= 2; n <= 2000000000; p >= 0; p < n - 1; j >= 0; j <= n - 1 - p; (j < n - 1 - p) != (j != n - 1 - p);",
        "long a, b, c; a >= 0L; a < 1000000000000L; b >= 0L; b < 1000000000000L; c >= 0L; c < 1000000000000L; a + b <= c; a + b >= c; a + b != c;",
    ] {
        let (_, v, _) = solve_text(text);
        assert_eq!(v, Verdict::Unsat, "{text}");
    }
    for text in [
        "int j, n, p; n >= 2; n <= 2000000000; p >= 0; p < n - 1; j >= 0; j <= n - 1 - p; j != n - 1 - p; j > 1000;",
        "long a, b, c; a >= 0L; a < 1000000000000L; b >= 0L; b < 1000000000000L; c >= 0L; c < 1000000000000L; a + b <= c; a + b != c; a > 999999999L;",
    ] {
        let (p, v, _) = solve_text(text);
        let Verdict::Sat(m) = v else {
            panic!("{text}: {v:?}")
        };
        assert!(p.satisfies(&m), "{text}");
    }
}

/// A guarded division by zero raises nothing; an unguarded one cannot hold.
#[test]
fn division_by_zero_follows_short_circuit_evaluation() {
    let (p, v, _) = solve_text("int x; x == 0 || 10 / x > 3;");
    let Verdict::Sat(m) = v else { panic!("{v:?}") };
    assert!(p.satisfies(&m));
    let (_, v, _) = solve_text("int x; x == 0; 10 / x > 3 || true;");
    assert_eq!(v, Verdict::Unsat);
    let (_, v, _) = solve_text("int x; x == 0; x != 0 && 10 / x > 3 || x == 0;");
    assert!(matches!(v, Verdict::Sat(_)), "{v:?}");
}

/// Doubles: models are checked, NaN and infinities are values, and an empty interval is a
/// proof.
#[test]
fn doubles_are_sound() {
    for text in [
        "double d; d > 0.5; d < 0.75;",
        "double d; d != d;",
        "double d; !(d > 1.0) && !(d <= 1.0);",
        "double d; d * 2.0 == 3.0;",
        "double d; int i; (int) d == 7; d > 7.25;",
        "double d; d > 1e300 * 10.0;",
    ] {
        let (p, v, _) = solve_text(text);
        match v {
            Verdict::Sat(m) => assert!(p.satisfies(&m), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let (_, v, _) = solve_text("double d; d > 1.0; d < 0.5;");
    assert_eq!(v, Verdict::Unsat);
    // Only negative zero has a negative reciprocal.
    let (p, v, _) = solve_text("double d; d == 0.0; 1.0 / d < 0.0;");
    let Verdict::Sat(m) = v else { panic!("{v:?}") };
    assert!(p.satisfies(&m));
    assert!(matches!(m.values[0], Value::Double(z) if z.is_sign_negative()));
    // Bisection of doubles proves these: no double squares to exactly 2, and no double
    // divided by 3 gives exactly 0.1 (checked by counting the neighbours out in Python too).
    for text in ["double d; d * d == 2.0;", "double x; x / 3.0 == 0.1;"] {
        assert_eq!(solve_text(text).1, Verdict::Unsat, "{text}");
    }
    // Two doubles related by two equations, found by bisection.
    let (p, v, _) = solve_text("double x, y; x * y == 6.0; x - y == 1.0; x > 0.0;");
    let Verdict::Sat(m) = v else { panic!("{v:?}") };
    assert!(p.satisfies(&m));
}

/// Nogoods give new models until none is left; scopes take constraints back.
#[test]
fn nogoods_and_scopes() {
    let mut p = parse("int x, y; x >= 0 && x <= 2; y == x * 3;").expect("valid");
    let mut seen: Vec<Model> = Vec::new();
    let (mut verdict, _) = solve(&p, SolveOptions::default());
    while let Verdict::Sat(m) = verdict {
        assert!(p.satisfies(&m));
        assert!(!seen.contains(&m), "repeated {m:?}");
        seen.push(m.clone());
        verdict = roth::solver::solve_excluding(&mut p, &m, SolveOptions::default()).0;
    }
    assert_eq!(verdict, Verdict::Unsat);
    assert_eq!(seen.len(), 3);

    let mut p = parse("int x; x > 10;").expect("valid");
    p.push();
    let x = p.read(p.find_var("x").expect("declared"));
    let five = p.int(5);
    let lt = p.binary(BinOp::Lt, x, five).expect("comparison");
    p.require(lt).expect("boolean");
    assert_eq!(solve(&p, SolveOptions::default()).0, Verdict::Unsat);
    assert!(p.pop());
    assert!(matches!(
        solve(&p, SolveOptions::default()).0,
        Verdict::Sat(_)
    ));
    assert!(!p.pop(), "no scope left");
}

/// Parsing `text` gives a problem or an error; a model found for the problem satisfies it.
fn text_is_handled(text: &str) -> Result<(), TestCaseError> {
    if let Ok(p) = parse(text) {
        let options = SolveOptions {
            node_limit: 2_000,
            ..SolveOptions::default()
        };
        if let Verdict::Sat(m) = solve(&p, options).0 {
            prop_assert!(p.satisfies(&m), "{text}");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 3_000,
        failure_persistence: None,
        .. ProptestConfig::default()
    })]

    /// Any text gets a verdict or a positioned error, never a panic; a model it yields
    /// satisfies what was parsed.
    #[test]
    fn any_constraint_text_is_handled(
        text in "(int|long|byte|char|double|boolean| |x|y|;|,|[-+*/%&|^~!<>=?:()]|0x7F|'a'|1e9|2147483648|L|Math\\.abs|\\(long\\)|==|&&|\\|\\||>>>|<<){0,40}",
    ) {
        text_is_handled(&text)?;
    }

    /// Valid files with one character deleted or inserted: the same.
    #[test]
    fn damaged_constraint_files_are_handled(
        position in 0usize..200,
        insert in proptest::option::of("[;(){}'\"/*=<>&|0-9a-z.L-]"),
    ) {
        let valid = "int x, y; long z; double d; char c;\n\
                     x == y && x > 10000; z == (long) x * 3L; d > 0.5 || c == 'q';\n\
                     (x & 0xFF) == 0x7F; y % 7 != 3; /* a comment */ Math.abs(x) < 1 << 30;\n";
        let mut text = valid.to_string();
        let k = position % text.len();
        match insert {
            Some(s) => text.insert_str(k, &s),
            None => { text.remove(k); }
        }
        text_is_handled(&text)?;
    }
}

/// One random relation between variables `x0..x{n-1}` (a chain or cycle step, a window, a sum
/// of two or three against another, a shifted, negated, scaled or cast comparison), with
/// constants from `constant`; the first `families` kinds (at most 13; the last is a narrowing
/// cast of a wide sum, which the relations leave to search).
fn relation_text(
    rng: &mut Rng,
    n: usize,
    families: u64,
    constant: &dyn Fn(&mut Rng) -> String,
) -> String {
    let ops = ["<", "<=", ">", ">=", "=="];
    let (a, b, c) = (
        below(rng, n as u64),
        below(rng, n as u64),
        below(rng, n as u64),
    );
    let d = below(rng, n as u64);
    let op = ops[below(rng, ops.len() as u64) as usize];
    match below(rng, families) {
        // Wrap cases beyond -1..1 (`3 * x`), and a narrowing cast of a wide sum.
        11 => format!("3 * x{a} {op} x{b} + x{c}"),
        12 => format!("(int) ((long) x{a} * 3L + x{b}) {op} x{c}"),
        0 => format!("x{a} + {} {op} x{b} + {}", constant(rng), constant(rng)),
        1 => format!("x{a} - x{b} {op} {}", constant(rng)),
        2 => format!("x{a} + x{b} {op} x{c} + {}", constant(rng)),
        3 => format!("x{a} {op} x{b}"),
        4 => format!("x{a} + x{b} + x{c} {op} x{d}"),
        // A relation in force only once propagation fixes a comparison's truth.
        5 => format!("!(x{a} {op} x{b} + {})", constant(rng)),
        6 => format!("(x{a} {op} x{b} || x{c} != x{c})"),
        7 => format!("2 * x{a} {op} x{b} - x{c}"),
        8 => format!("-x{a} {op} x{b} + {}", constant(rng)),
        9 => format!("(long) x{a} + x{b} {op} x{c}"),
        _ => format!("x{a} - {} {op} x{b}", constant(rng)),
    }
}

/// Relations over whole `int` and `long` domains with known answers, decided in a handful of
/// decisions: cycles are unsat, chains sat, and `x + c < x` holds exactly where it wraps.
#[test]
fn relations_over_whole_domains_are_decided() {
    for ty in ["int", "long"] {
        let l = if ty == "long" { "L" } else { "" };
        let max = if ty == "long" {
            i64::MAX
        } else {
            i32::MAX as i64
        };
        let cases: Vec<(String, bool)> = vec![
            (format!("{ty} x, y; x < y; y < x;"), false),
            (format!("{ty} x, y, z; x < y; y < z; z < x;"), false),
            (format!("{ty} x, y, z; x < y; y <= z; z <= x;"), false),
            (format!("{ty} x, y, z, w; x < y; y < z; z < w;"), true),
            (format!("{ty} x, y; x <= y; y <= x; x == 7{l};"), true),
            (format!("{ty} x, y; x + 3{l} <= y; y <= x + 2{l};"), true), // only through wrap
            (format!("{ty} x; x + 1{l} < x;"), true),
            (format!("{ty} x; x - 1{l} > x;"), true),
            (format!("{ty} x; x + 5{l} < x; x < {}{l};", max - 5), false),
            (format!("{ty} x, y; x < y; y < x + 1{l};"), false),
            (format!("{ty} x, y; x == y + 1{l}; y == x + 1{l};"), false),
            // Two-term sides over whole domains: decided through their wrap cases.
            (format!("{ty} x, y; x - y >= 3{l}; y - x >= -2{l};"), false),
            (format!("{ty} x, y; x - y >= 3{l}; y - x >= -3{l};"), true),
            (format!("{ty} x, y; x - y > 0{l}; y - x > 0{l};"), false),
            (format!("{ty} x, y; x + y < x;"), true),
            // Sums of three atoms: Fourier–Motzkin.
            (format!("{ty} a, b, c; a + b < c; c < a; b >= 0;"), true), // b wraps a + b
            (
                format!("{ty} a, b, c; a + b < c + 1{l}; c < a; b == 0;"),
                false,
            ),
            (
                format!("{ty} a, b, c; a + b + c == 0; a > b; b > c; c > 0;"),
                true,
            ),
            (
                format!("{ty} a, b, c; a - b > c; b - c > a; c >= 0; a >= 0; b >= 0;"),
                false,
            ),
            (
                format!("{ty} a, b, c; a + b <= c; b + c <= a; a + c <= b; a + b + c > 0;"),
                true,
            ),
            // Comparisons in force only after propagation, and sides sharing subterms.
            (
                format!("{ty} x, y; boolean b; (x < y || b) && (y < x || b) && !b;"),
                false,
            ),
            (format!("{ty} x, y; !(x >= y) && !(y >= x);"), false),
            (format!("{ty} x; (x < x + 1{l}) == false;"), true),
            (format!("{ty} x, y; x / 2{l} < y; y < x / 2{l};"), false),
            (
                format!("{ty} x, y; x * 2{l} < y * 3{l}; y * 3{l} < x * 2{l};"),
                false,
            ),
            (format!("{ty} x, y; x + y > x + y + 0{l};"), false),
            (format!("{ty} x, y; x + y == y + x + 1{l};"), false),
        ];
        for (text, sat) in cases {
            let (p, verdict, stats) = solve_text(&text);
            match (&verdict, sat) {
                (Verdict::Sat(m), true) => assert!(p.satisfies(m), "{text}"),
                (Verdict::Unsat, false) => {}
                _ => panic!("{text}: {verdict:?}, expected sat = {sat}"),
            }
            assert!(
                stats.decisions <= 8,
                "{text}: {} decisions",
                stats.decisions
            );
        }
    }
}

/// Random relational instances (chains, cycles, windows, sums of two or three variables
/// against a third, constants at the type's edges) over small boxes placed anywhere in the
/// type, at its edges too so that sides wrap: the verdict agrees with enumeration and every
/// model satisfies.
#[test]
fn relations_agree_with_brute_force() {
    let cases = solver_cases(3000, 1) as usize;
    let (mut sat, mut unsat, mut unknown) = (0, 0, 0);
    for seed in 0..cases as u64 {
        let mut rng = Rng::new(seed ^ 0x5e1a);
        let long = rng.next_u64() & 1 == 1;
        let (ty, l, min, max) = if long {
            ("long", "L", i64::MIN, i64::MAX)
        } else {
            ("int", "", i32::MIN as i64, i32::MAX as i64)
        };
        let n = 2 + below(&mut rng, 2) as usize;
        let mut text = format!("{ty} ");
        text.push_str(
            &(0..n)
                .map(|i| format!("x{i}"))
                .collect::<Vec<_>>()
                .join(", "),
        );
        text.push(';');
        let mut boxes = Vec::new();
        for i in 0..n {
            let span = below(&mut rng, 6) as i64;
            let lo = match below(&mut rng, 4) {
                0 => min,
                1 => max - span,
                2 => -(span / 2),
                _ => (rng.next_u64() as i64 % 1000) - 500,
            };
            text.push_str(&format!(" x{i} >= {lo}{l} && x{i} <= {}{l};", lo + span));
            boxes.push((lo, lo + span));
        }
        let constant = |rng: &mut Rng| edge_constant(rng, min, max, l);
        for _ in 0..1 + below(&mut rng, 3) {
            let relation = relation_text(&mut rng, n, 13, &constant);
            text.push_str(&format!(" {relation};"));
        }
        let p = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let choices: Vec<Vec<Value>> = boxes
            .iter()
            .map(|&(lo, hi)| {
                (lo..=hi)
                    .map(|v| Value::Int(if long { JType::Long } else { JType::Int }, v))
                    .collect()
            })
            .collect();
        let expected = enumerate_models(&p, &choices);
        let (verdict, _) = solve(&p, SolveOptions::default());
        match judge(&p, &verdict, &expected) {
            Ok(Judged::Sat) => sat += 1,
            Ok(Judged::Unsat) => unsat += 1,
            Ok(Judged::Unknown) => unknown += 1,
            Err(e) => panic!("{e}\n{text}"),
        }
    }
    eprintln!("relations: {sat} sat, {unsat} unsat, {unknown} unknown of {cases}");
    assert_eq!(unknown, 0);
}

/// Random relational instances over whole `int` and `long` domains (no enumeration possible:
/// the narrow-width test below checks these families' verdicts): each decided in a few
/// decisions, every model satisfying.
#[test]
fn relations_over_whole_int_and_long_domains_are_decided() {
    let cases = solver_cases(1000, 1) as usize;
    let (mut sat, mut unsat, mut most) = (0, 0, 0);
    for seed in 0..cases as u64 {
        let mut rng = Rng::new(seed ^ 0x3107);
        let long = seed % 2 == 1;
        let (ty, l, min, max) = if long {
            ("long", "L", i64::MIN, i64::MAX)
        } else {
            ("int", "", i32::MIN as i64, i32::MAX as i64)
        };
        let constant = |rng: &mut Rng| edge_constant(rng, min, max, l);
        let n = 2 + below(&mut rng, 3) as usize;
        let count = 1 + below(&mut rng, 4);
        let text = relation_instance(&mut rng, ty, n, count, 12, &constant);
        let p = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let options = SolveOptions {
            node_limit: 1000,
            ..SolveOptions::default()
        };
        let (verdict, stats) = solve(&p, options);
        match verdict {
            Verdict::Sat(m) => {
                assert!(p.satisfies(&m), "{text}");
                sat += 1;
            }
            Verdict::Unsat => unsat += 1,
            Verdict::Unknown(why) => panic!("{text}: unknown, {why}"),
        }
        most = most.max(stats.decisions);
    }
    eprintln!(
        "whole int/long domains: {sat} sat, {unsat} unsat of {cases}, at most {most} decisions"
    );
}

/// A constant at an edge of the type (`max`, `min + 1`) or near zero, in Java syntax with
/// suffix `l`.
fn edge_constant(rng: &mut Rng, min: i64, max: i64, l: &str) -> String {
    let c = match below(rng, 6) {
        0 => max,
        1 => min + 1,
        _ => below(rng, 7) as i64 - 3,
    };
    if c < 0 {
        format!("({c}{l})")
    } else {
        format!("{c}{l}")
    }
}

/// `int` or `long` variables `x0..x{n-1}` and `count` random relations between them.
fn relation_instance(
    rng: &mut Rng,
    ty: &str,
    n: usize,
    count: u64,
    families: u64,
    constant: &dyn Fn(&mut Rng) -> String,
) -> String {
    let names: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let mut text = format!("{ty} {};", names.join(", "));
    for _ in 0..count {
        let relation = relation_text(rng, n, families, constant);
        text.push_str(&format!(" {relation};"));
    }
    text
}

/// The same relational families over *whole* domains: the solver runs with `int` narrowed to
/// 6 or 8 bits (ranges, wrap-around, shifts and congruences all narrowed), so every
/// combination of values can be enumerated. Verdicts agree, models satisfy, nothing is left
/// unknown.
#[test]
fn relations_over_whole_narrow_domains_agree_with_brute_force() {
    use roth::solver::java::with_int_width;
    let cases = solver_cases(400, 1) as usize;
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..cases as u64 {
        let mut rng = Rng::new(seed ^ 0xa11);
        let (width, n) = if seed % 2 == 0 {
            (8u32, 2usize)
        } else {
            (6, 3)
        };
        with_int_width(width, || {
            let (min, max) = (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1);
            let constant = |rng: &mut Rng| -> String {
                let c = match below(rng, 6) {
                    0 => max,
                    1 => min + 1,
                    2 => max - 1,
                    _ => below(rng, 7) as i64 - 3,
                };
                if c < 0 {
                    format!("({c})")
                } else {
                    c.to_string()
                }
            };
            let count = 1 + below(&mut rng, 3);
            let text = relation_instance(&mut rng, "int", n, count, 13, &constant);
            let p = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let all: Vec<Value> = (min..=max).map(|v| Value::Int(JType::Int, v)).collect();
            let expected = enumerate_models(&p, &vec![all; n]);
            let (verdict, _) = solve(&p, SolveOptions::default());
            match judge(&p, &verdict, &expected) {
                Ok(Judged::Sat) => sat += 1,
                Ok(Judged::Unsat) => unsat += 1,
                Ok(Judged::Unknown) => panic!("unknown: {text} (width {width})"),
                Err(e) => panic!("{e}\n{text} (width {width})"),
            }
        });
    }
    eprintln!("whole narrow domains: {sat} sat, {unsat} unsat of {cases}");
    assert!(sat > 0 && unsat > 0);
}

/// `e` rebuilt with the `target`-th node met (depth first) mutated as a mutation operator
/// would: an arithmetic or comparison operator swapped, a negation or a `?:` condition
/// flipped. `count` numbers the nodes met so far.
fn mutated(rng: &mut Rng, p: &mut Problem, e: ExprId, target: u32, count: &mut u32) -> ExprId {
    use roth::solver::Node;
    let here = *count;
    *count += 1;
    let node = p.node(e);
    if here == target {
        return match node {
            Node::Binary(op, a, b) if op.is_comparison() => {
                let other = pick(rng, &COMPARISONS);
                // Booleans compare only by `==` and `!=`.
                p.binary(other, a, b).unwrap_or(e)
            }
            Node::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, a, b) => {
                let other = pick(rng, &[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Rem]);
                p.binary(other, a, b).unwrap_or(e)
            }
            Node::Cond(c, a, b) => {
                let not = p.unary(UnOp::Not, c).expect("boolean");
                p.cond(not, a, b).expect("same branches")
            }
            _ if p.ty(e).is_numeric() => p.unary(UnOp::Neg, e).expect("number"),
            _ => e,
        };
    }
    match node {
        Node::Const(_) | Node::Var(_) => e,
        Node::Unary(op, a) => {
            let a = mutated(rng, p, a, target, count);
            p.unary(op, a).unwrap_or(e)
        }
        Node::Cast(ty, a) => {
            let a = mutated(rng, p, a, target, count);
            p.cast(ty, a).unwrap_or(e)
        }
        Node::Binary(op, a, b) => {
            let a = mutated(rng, p, a, target, count);
            let b = mutated(rng, p, b, target, count);
            p.binary(op, a, b).unwrap_or(e)
        }
        Node::Cond(c, a, b) => {
            let c = mutated(rng, p, c, target, count);
            let a = mutated(rng, p, a, target, count);
            let b = mutated(rng, p, b, target, count);
            p.cond(c, a, b).unwrap_or(e)
        }
    }
}

/// An original and a mutant built from shared nodes, asked whether they can differ: the
/// shape of every equivalence question, where the solver's structural reasoning (a decided
/// `?:` makes two terms one, negations cancel) does its work.
fn mutant_pair_instance(seed: u64) -> Instance {
    let mut rng = Rng::new(seed);
    let mut instance = instance(seed);
    let p = &mut instance.problem;
    let vars: Vec<(ExprId, JType)> = p.vars().map(|v| (p.read(v), p.var_type(v))).collect();
    let original = numeric(&mut rng, p, &vars, 3);
    let size = {
        let mut n = 0;
        mutated(&mut rng, p, original, u32::MAX, &mut n);
        n
    };
    let target = below(&mut rng, u64::from(size)) as u32;
    let mutant = mutated(&mut rng, p, original, target, &mut 0);
    let differ = p.binary(BinOp::Ne, original, mutant).expect("same types");
    p.require(differ).expect("boolean");
    instance
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: solver_cases(5_000, 20) as u32,
        failure_persistence: None,
        .. ProptestConfig::default()
    })]

    /// Original/mutant pairs: verdicts agree with enumeration, models satisfy.
    #[test]
    fn mutant_pairs_agree_with_brute_force(seed in any::<u64>()) {
        let instance = mutant_pair_instance(seed);
        let p = &instance.problem;
        let expected = brute_force(&instance);
        let options = SolveOptions { seed, node_limit: 20_000, ..SolveOptions::default() };
        let (verdict, _) = solve(p, options);
        judge(p, &verdict, &expected).map_err(TestCaseError::fail)?;
    }
}

/// Doubles worth trying: zeros of both signs, NaN, infinities, and small values.
const SPECIAL_DOUBLES: [f64; 11] = [
    0.0,
    -0.0,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    1.0,
    -1.0,
    0.5,
    2.0,
    -3.0,
    1e308,
];

fn double_expr(rng: &mut Rng, p: &mut Problem, vars: &[ExprId], depth: u32) -> ExprId {
    if depth == 0 || below(rng, 4) == 0 {
        return if below(rng, 3) > 0 {
            pick(rng, vars)
        } else {
            p.double(pick(rng, &SPECIAL_DOUBLES))
        };
    }
    match below(rng, 8) {
        0..=3 => {
            let op = pick(rng, &[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div]);
            let a = double_expr(rng, p, vars, depth - 1);
            let b = double_expr(rng, p, vars, depth - 1);
            p.binary(op, a, b).expect("doubles")
        }
        4 => {
            let op = pick(rng, &[UnOp::Neg, UnOp::Abs]);
            let a = double_expr(rng, p, vars, depth - 1);
            p.unary(op, a).expect("double")
        }
        5 => {
            // Through `long` and back, as rounding code does.
            let a = double_expr(rng, p, vars, depth - 1);
            let l = p.cast(JType::Long, a).expect("cast");
            p.cast(JType::Double, l).expect("cast")
        }
        _ => {
            let op = pick(rng, &COMPARISONS);
            let a = double_expr(rng, p, vars, depth - 1);
            let b = double_expr(rng, p, vars, depth - 1);
            let c = p.binary(op, a, b).expect("comparison");
            let x = double_expr(rng, p, vars, depth - 1);
            let y = double_expr(rng, p, vars, depth - 1);
            p.cond(c, x, y).expect("doubles")
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: solver_cases(800, 50) as u32,
        failure_persistence: None,
        .. ProptestConfig::default()
    })]

    /// Double constraints (and original/mutant pairs of them): a model satisfies, and an
    /// unsat is never contradicted by any combination of special values.
    #[test]
    fn double_verdicts_hold_on_special_values(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut p = Problem::new();
        let count = 1 + below(&mut rng, 2) as usize;
        let vars: Vec<ExprId> = (0..count)
            .map(|k| {
                let v = p.var(&format!("d{k}"), JType::Double);
                p.read(v)
            })
            .collect();
        let a = double_expr(&mut rng, &mut p, &vars, 3);
        let b = if below(&mut rng, 2) == 0 {
            let size = {
                let mut n = 0;
                mutated(&mut rng, &mut p, a, u32::MAX, &mut n);
                n
            };
            let target = below(&mut rng, u64::from(size)) as u32;
            mutated(&mut rng, &mut p, a, target, &mut 0)
        } else {
            double_expr(&mut rng, &mut p, &vars, 2)
        };
        let op = pick(&mut rng, &COMPARISONS);
        let c = p.binary(op, a, b).expect("comparison");
        let c = if below(&mut rng, 2) == 0 { p.unary(UnOp::Not, c).expect("boolean") } else { c };
        p.require(c).expect("boolean");
        let options = SolveOptions { seed, node_limit: 5_000, ..SolveOptions::default() };
        match solve(&p, options).0 {
            Verdict::Sat(m) => prop_assert!(p.satisfies(&m), "model fails: {}", describe(&p)),
            Verdict::Unsat => {
                let choices: Vec<Vec<Value>> = (0..count)
                    .map(|_| SPECIAL_DOUBLES.iter().map(|&d| Value::Double(d)).collect())
                    .collect();
                let found = enumerate_models(&p, &choices);
                prop_assert!(found.is_empty(), "wrong unsat (e.g. {:?}): {}", found[0], describe(&p));
            }
            Verdict::Unknown(_) => {}
        }
    }
}
