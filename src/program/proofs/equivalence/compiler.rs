//! Trivial compiler equivalence ([`super::Rule::Compiler`]; [Zhang 2021] ch. 2), the
//! cheapest rule: the idea of comparing what a compiler makes of the original and of the
//! mutant ([Papadakis et al. 2015]). A method body is written in a canonical form (spans
//! and node numbers dropped, constant expressions folded as `javac` folds them, `if` on a
//! constant reduced to its branch, and a few identities that hold for every value, overflow,
//! NaN and `-0.0` included: `x + 0`, `x * 1`, `x | 0`, `x << 0` on integers, `x * 1.0` and
//! `x - 0.0` on floating point, `-(-x)`, `!!b`, operands of commutative operators in a fixed
//! order and `a > b` as `b < a` when neither operand can throw or change state). A mutant
//! whose method has the original's canonical form is equivalent; two mutants of one method
//! with the same canonical form are duplicates (equivalent to each other). Everything here
//! rewrites only where Java gives the same result on every input, so an equality of forms is
//! a proof.

use hashbrown::HashMap;

use crate::program::mutants::mutant::Mutant;
use crate::program::reader::fold_in;
use crate::program::reader::ir::{
    BinaryOp, Body, Const, Expr, ExprKind, Method, NodeId, Stmt, StmtKind, Type, UnaryOp, Unit,
};

/// An expression in canonical text, and whether evaluating it can neither throw nor change
/// state (so that it may be reordered).
struct Form {
    text: String,
    pure: bool,
}

struct Writer<'a> {
    unit: &'a Unit,
    body: &'a Body,
    /// Statements numbered in the order written, so that `break` targets compare.
    ordinal: HashMap<NodeId, usize>,
}

/// The canonical form of a method's body, or `None` for an unsupported method.
pub fn canonical(unit: &Unit, method: &Method) -> Option<String> {
    let body = method.body.as_ref().ok()?;
    let mut ordinal = HashMap::new();
    let mut stack: Vec<&Stmt> = body.stmts.iter().rev().collect();
    while let Some(s) = stack.pop() {
        let next = ordinal.len();
        ordinal.insert(s.id, next);
        stack.extend(s.substatements().into_iter().rev());
    }
    let w = Writer {
        unit,
        body,
        ordinal,
    };
    let mut out = String::new();
    for local in &body.locals {
        out.push_str(&format!(
            "{}{};",
            local.ty,
            if local.is_param { "p" } else { "" }
        ));
    }
    out.push('|');
    for s in &body.stmts {
        w.stmt(s, &mut out);
    }
    Some(out)
}

fn constant_text(c: &Const) -> String {
    match c {
        Const::Int(t, v) => format!("{v}:{t}"),
        Const::Float(f) => format!("{:#x}:float", f.to_bits()),
        Const::Double(d) => format!("{:#x}:double", d.to_bits()),
        Const::Str(s) => format!("{:?}:String", String::from_utf16_lossy(s)),
    }
}

fn is_integral(t: &Type) -> bool {
    matches!(
        t,
        Type::Byte | Type::Short | Type::Char | Type::Int | Type::Long
    )
}

/// The bits of a shift distance Java keeps for a shift of type `t`.
fn shift_mask(t: &Type) -> i64 {
    if *t == Type::Long { 63 } else { 31 }
}

fn is_floating(t: &Type) -> bool {
    matches!(t, Type::Float | Type::Double)
}

impl Writer<'_> {
    fn constant(&self, e: &Expr) -> Option<Const> {
        fold_in(self.unit, self.body, e)
    }

    fn expr(&self, e: &Expr) -> Form {
        if let Some(c) = self.constant(e) {
            return Form {
                text: constant_text(&c),
                pure: true,
            };
        }
        let all = |parts: &[&Form]| parts.iter().all(|f| f.pure);
        match &e.kind {
            ExprKind::Literal(c) => Form {
                text: constant_text(c),
                pure: true,
            },
            ExprKind::Null => Form {
                text: "null".into(),
                pure: true,
            },
            ExprKind::Local(id) => Form {
                text: format!("l{}", id.0),
                pure: true,
            },
            ExprKind::Field(r) => Form {
                text: format!("f{}.{}", r.class, r.field),
                pure: true,
            },
            ExprKind::Unary(op, x) => {
                // `-(-x)`, `~~x`, `!!b` are `x` for every value (`-MIN` wraps back).
                if let ExprKind::Unary(inner, y) = &x.kind
                    && inner == op
                    && matches!(op, UnaryOp::Neg | UnaryOp::BitNot | UnaryOp::Not)
                {
                    return self.expr(y);
                }
                let f = self.expr(x);
                if *op == UnaryOp::Plus {
                    return f;
                }
                Form {
                    text: format!("({}{})", op.symbol(), f.text),
                    pure: f.pure,
                }
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } => self.binary(*op, op_type, left, right),
            ExprKind::Convert(x) | ExprKind::Cast(x) => {
                let f = self.expr(x);
                if x.ty == e.ty {
                    return f;
                }
                Form {
                    text: format!("(cv {} {})", e.ty, f.text),
                    pure: f.pure && e.ty.is_primitive(),
                }
            }
            ExprKind::Conditional(c, a, b) => {
                let (c, a, b) = (self.expr(c), self.expr(a), self.expr(b));
                Form {
                    pure: all(&[&c, &a, &b]),
                    text: format!("({} ? {} : {})", c.text, a.text, b.text),
                }
            }
            // The rest is written structurally and never reordered.
            other => {
                let parts: Vec<String> = e.children().iter().map(|c| self.expr(c).text).collect();
                let head = match other {
                    ExprKind::Length(_) => "len".to_string(),
                    ExprKind::Index(..) => "index".to_string(),
                    ExprKind::Concat(..) => "concat".to_string(),
                    ExprKind::Assign { op, op_type, .. } => format!("assign {op:?} {op_type}"),
                    ExprKind::IncDec {
                        increment, prefix, ..
                    } => format!("incdec {increment} {prefix}"),
                    ExprKind::Call { method, .. } => {
                        format!("call {}.{}", method.class, method.method)
                    }
                    ExprKind::Builtin(b, _) => format!("{b:?}"),
                    ExprKind::NewArray { extra, .. } => format!("new {} {extra}", e.ty),
                    ExprKind::ArrayLiteral(_) => format!("array {}", e.ty),
                    ExprKind::Print(kind, _) => format!("{kind:?}"),
                    ExprKind::This => "this".to_string(),
                    ExprKind::New {
                        class, constructor, ..
                    } => format!("new {class} {constructor:?}"),
                    ExprKind::FieldOf { field, .. } => {
                        format!("field {}.{}", field.class, field.field)
                    }
                    ExprKind::InstanceCall { method, .. } => {
                        format!("icall {}.{}", method.class, method.method)
                    }
                    ExprKind::SuperCall { method, .. } => {
                        format!("scall {}.{}", method.class, method.method)
                    }
                    ExprKind::SuperConstructor {
                        class, constructor, ..
                    } => format!("super {class} {constructor:?}"),
                    ExprKind::InstanceOf {
                        tested, binding, ..
                    } => format!("instanceof {tested} {binding:?}"),
                    ExprKind::EnumConstant {
                        class,
                        ordinal,
                        constructor,
                        body,
                        ..
                    } => format!("enum {class} {ordinal} {constructor:?} {body:?}"),
                    ExprKind::EnumValues { class } => format!("values {class}"),
                    ExprKind::Closure {
                        class,
                        null_checked,
                        ..
                    } => format!("closure {class} {null_checked}"),
                    ExprKind::EnumValueOf { class, .. } => format!("valueof {class}"),
                    _ => unreachable!("handled above"),
                };
                Form {
                    text: format!("({head} {})", parts.join(" ")),
                    pure: false,
                }
            }
        }
    }

    fn binary(&self, op: BinaryOp, ty: &Type, left: &Expr, right: &Expr) -> Form {
        let (l, r) = (self.expr(left), self.expr(right));
        let constant = |x: &Expr| self.constant(x);
        let int_is = |c: &Option<Const>, v: i64| matches!(c, Some(Const::Int(_, x)) if *x == v);
        let float_is = |c: &Option<Const>, v: f64| match c {
            Some(Const::Double(d)) => d.to_bits() == v.to_bits(),
            Some(Const::Float(f)) => f64::from(*f).to_bits() == v.to_bits(),
            _ => false,
        };
        let (cl, cr) = (constant(left), constant(right));
        // Identities that hold for every value of the other operand.
        if is_integral(ty) {
            let right_identity = match op {
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Or | BinaryOp::Xor => int_is(&cr, 0),
                // Java masks a shift's distance to 5 bits (6 for long): `x << 32` is `x`.
                BinaryOp::Shl | BinaryOp::Shr | BinaryOp::UShr => {
                    matches!(cr, Some(Const::Int(_, v)) if v & shift_mask(ty) == 0)
                }
                BinaryOp::Mul | BinaryOp::Div => int_is(&cr, 1),
                BinaryOp::And => int_is(&cr, -1),
                _ => false,
            };
            let left_identity = match op {
                BinaryOp::Add | BinaryOp::Or | BinaryOp::Xor => int_is(&cl, 0),
                BinaryOp::Mul => int_is(&cl, 1),
                BinaryOp::And => int_is(&cl, -1),
                _ => false,
            };
            if right_identity {
                return l;
            }
            if left_identity {
                return r;
            }
        } else if is_floating(ty) {
            // `x * 1.0`, `x / 1.0`, `x - 0.0` and `x + -0.0` keep every double, `-0.0` and NaN
            // included (`x + 0.0` does not: `-0.0 + 0.0` is `0.0`).
            let right_identity = match op {
                BinaryOp::Mul | BinaryOp::Div => float_is(&cr, 1.0),
                BinaryOp::Sub => float_is(&cr, 0.0),
                BinaryOp::Add => float_is(&cr, -0.0),
                _ => false,
            };
            if right_identity {
                return l;
            }
            if op == BinaryOp::Mul && float_is(&cl, 1.0) {
                return r;
            }
        }
        let throws = matches!(op, BinaryOp::Div | BinaryOp::Rem) && is_integral(ty);
        let pure = l.pure && r.pure && !throws;
        let (mut op, mut l, mut r) = (op, l, r);
        if let (BinaryOp::Shl | BinaryOp::Shr | BinaryOp::UShr, Some(Const::Int(t, v))) = (op, &cr)
        {
            r.text = constant_text(&Const::Int(t.clone(), v & shift_mask(ty)));
        }
        // `a > b` is `b < a` for every value (NaN too); order only matters with effects.
        if pure && matches!(op, BinaryOp::Gt | BinaryOp::Ge) {
            op = if op == BinaryOp::Gt {
                BinaryOp::Lt
            } else {
                BinaryOp::Le
            };
            std::mem::swap(&mut l, &mut r);
        }
        let commutative = matches!(
            op,
            BinaryOp::Add
                | BinaryOp::Mul
                | BinaryOp::And
                | BinaryOp::Or
                | BinaryOp::Xor
                | BinaryOp::Eq
                | BinaryOp::Ne
        ) && (is_integral(ty) || is_floating(ty) || *ty == Type::Boolean);
        if pure && commutative && r.text < l.text {
            std::mem::swap(&mut l, &mut r);
        }
        Form {
            text: format!("({op:?} {ty} {} {})", l.text, r.text),
            pure,
        }
    }

    fn stmt(&self, s: &Stmt, out: &mut String) {
        let e = |x: &Expr| self.expr(x).text;
        let target = |t: &NodeId| self.ordinal.get(t).copied().unwrap_or(usize::MAX);
        match &s.kind {
            StmtKind::Expr(x) => out.push_str(&format!("{};", e(x))),
            StmtKind::Locals(decls) => {
                for (id, init) in decls {
                    match init {
                        Some(x) => out.push_str(&format!("l{}={};", id.0, e(x))),
                        None => out.push_str(&format!("l{};", id.0)),
                    }
                }
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                // `if (true) A else B` is `A`, as javac compiles it.
                match self.constant(cond).and_then(|c| c.as_bool()) {
                    Some(true) => self.stmt(then, out),
                    Some(false) => {
                        if let Some(o) = otherwise {
                            self.stmt(o, out);
                        }
                    }
                    None => {
                        out.push_str(&format!("if {} ", e(cond)));
                        self.block(then, out);
                        if let Some(o) = otherwise {
                            out.push_str("else ");
                            self.block(o, out);
                        }
                    }
                }
            }
            StmtKind::While { cond, body } => {
                out.push_str(&format!("#{} while {} ", target(&s.id), e(cond)));
                self.block(body, out);
            }
            StmtKind::Do { body, cond } => {
                out.push_str(&format!("#{} do ", target(&s.id)));
                self.block(body, out);
                out.push_str(&format!("while {};", e(cond)));
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                out.push_str(&format!("#{} for ", target(&s.id)));
                for i in init {
                    self.stmt(i, out);
                }
                out.push_str(&format!(
                    "; {}; {} ",
                    cond.as_ref().map_or("true".to_string(), e),
                    update.iter().map(e).collect::<Vec<_>>().join(",")
                ));
                self.block(body, out);
            }
            StmtKind::ForEach {
                var,
                array,
                array_local,
                index_local,
                body,
            } => {
                out.push_str(&format!(
                    "#{} foreach l{} l{} l{} {} ",
                    target(&s.id),
                    var.0,
                    array_local.0,
                    index_local.0,
                    e(array)
                ));
                self.block(body, out);
            }
            // Locals are numbered, so braces scope nothing: a block is its statements.
            StmtKind::Block(stmts) => {
                for x in stmts {
                    self.stmt(x, out);
                }
            }
            StmtKind::Labeled { body, .. } => {
                out.push_str(&format!("#{} label ", target(&s.id)));
                self.block(body, out);
            }
            StmtKind::Break { target: t } => out.push_str(&format!("break #{};", target(t))),
            StmtKind::Continue { target: t } => out.push_str(&format!("continue #{};", target(t))),
            StmtKind::Return(x) => {
                out.push_str(&format!("return {};", x.as_ref().map_or(String::new(), e)))
            }
            StmtKind::Throw { exception, args } => out.push_str(&format!(
                "throw {exception} {};",
                args.iter().map(e).collect::<Vec<_>>().join(",")
            )),
            StmtKind::ThrowValue(x) => out.push_str(&format!("throw {};", e(x))),
            StmtKind::Try {
                body,
                catches,
                finally,
            } => {
                out.push_str("try ");
                self.block(body, out);
                for c in catches {
                    let classes: Vec<String> = c.classes.iter().map(|k| k.to_string()).collect();
                    out.push_str(&format!("catch {} l{} ", classes.join("|"), c.local.0));
                    self.block(&c.body, out);
                }
                if let Some(f) = finally {
                    out.push_str("finally ");
                    self.block(f, out);
                }
            }
            StmtKind::Switch { scrutinee, groups } => {
                out.push_str(&format!("#{} switch {} ", target(&s.id), e(scrutinee)));
                for g in groups {
                    let labels: Vec<String> = g
                        .labels
                        .iter()
                        .map(|l| l.as_ref().map_or("default".to_string(), constant_text))
                        .collect();
                    out.push_str(&format!("case {}: ", labels.join(",")));
                    for x in &g.stmts {
                        self.stmt(x, out);
                    }
                }
                out.push(';');
            }
            StmtKind::Empty => {}
        }
    }

    /// A substatement, braced, so that `if (c) s;` and `if (c) { s; }` compare equal.
    fn block(&self, s: &Stmt, out: &mut String) {
        out.push('{');
        self.stmt(s, out);
        out.push('}');
    }
}

/// What trivial compiler equivalence says about one mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trivial {
    /// The mutant's method has the original's canonical form.
    Equivalent,
    /// Same canonical form as the earlier mutant with this id (and not the original's).
    DuplicateOf(u32),
    /// Different from the original and from every earlier mutant of its method.
    Distinct,
}

/// Trivial compiler equivalence and duplicates for `mutants` of `unit` (in the order given: a
/// duplicate names the first mutant of its form).
pub fn trivial(unit: &Unit, mutants: &[Mutant]) -> Vec<Trivial> {
    let mut originals: HashMap<(u32, u32), Option<String>> = HashMap::new();
    let mut seen: HashMap<(u32, u32, String), u32> = HashMap::new();
    mutants
        .iter()
        .map(|m| {
            let key = (m.class, m.method);
            let original = originals
                .entry(key)
                .or_insert_with(|| {
                    let method = &unit.classes[m.class as usize].methods[m.method as usize];
                    canonical(unit, method)
                })
                .clone();
            let Some(mutated) = m.mutated.as_ref().and_then(|x| canonical(unit, x)) else {
                return Trivial::Distinct;
            };
            if original.as_deref() == Some(mutated.as_str()) {
                return Trivial::Equivalent;
            }
            match seen.entry((m.class, m.method, mutated)) {
                hashbrown::hash_map::Entry::Occupied(first) => Trivial::DuplicateOf(*first.get()),
                hashbrown::hash_map::Entry::Vacant(slot) => {
                    slot.insert(m.id);
                    Trivial::Distinct
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::load;
    use crate::program::mutants::mutant::Operator;
    use std::sync::Arc;

    /// The canonical form of method `f` of a class whose `f` returns `ty` and has body `body`.
    fn form_of(ty: &str, body: &str) -> String {
        let source = format!(
            "class C {{ static int g(int v) {{ return v; }} \
             static {ty} f(int x, int y, double d, boolean b) {{ {body} }} }}"
        );
        let unit = load("C.java", &source).expect("checks");
        let (_, method) = unit.classes[0].method_named("f").next().expect("f");
        canonical(&unit, method).expect("supported")
    }

    fn alike(ty: &str, a: &str, b: &str) -> bool {
        form_of(ty, a) == form_of(ty, b)
    }

    #[test]
    fn integer_identities_canonicalise_alike() {
        assert!(alike("int", "return x + 0;", "return x;"));
        assert!(alike("int", "return 0 + x;", "return x;"));
        assert!(alike("int", "return x * 1;", "return x;"));
        assert!(alike("int", "return x & -1;", "return x;"));
        // Java keeps five bits of an int's shift distance: `x >> 32` is `x`, `x >> 33` is `x >> 1`.
        assert!(alike("int", "return x >> 32;", "return x;"));
        assert!(alike("int", "return x >> 33;", "return x >> 1;"));
        assert!(alike("int", "return -(-x);", "return x;"));
        assert!(!alike("int", "return x + 1;", "return x;"));
        assert!(!alike("int", "return x - y;", "return x;"));
        // `0 - x` is `-x`, not `x`: only `x - 0` is an identity.
        assert!(!alike("int", "return 0 - x;", "return x;"));
        assert!(!alike("int", "return x >> 31;", "return x;"));
    }

    /// `-0.0 + 0.0` is `0.0`: `d + 0.0` changes `-0.0`, so it is not `d`; `d - 0.0`, `d + -0.0`
    /// and `d * 1.0` keep every double (NaN and `-0.0` included).
    #[test]
    fn floating_identities_respect_negative_zero() {
        assert!(!alike("double", "return d + 0.0;", "return d;"));
        assert!(!alike("double", "return 0.0 + d;", "return d;"));
        assert!(alike("double", "return d - 0.0;", "return d;"));
        assert!(alike("double", "return d + -0.0;", "return d;"));
        assert!(alike("double", "return d * 1.0;", "return d;"));
        assert!(alike("double", "return 1.0 * d;", "return d;"));
        assert!(alike("double", "return d / 1.0;", "return d;"));
        // `d - -0.0` is `d + 0.0`: not an identity either.
        assert!(!alike("double", "return d - -0.0;", "return d;"));
    }

    #[test]
    fn commutative_operands_are_ordered_unless_order_is_observable() {
        assert!(alike("int", "return x + y;", "return y + x;"));
        assert!(alike("int", "return x * y;", "return y * x;"));
        assert!(alike("boolean", "return x == y;", "return y == x;"));
        assert!(alike("double", "return d + x;", "return x + d;"));
        assert!(alike("boolean", "return x > y;", "return y < x;"));
        assert!(alike("boolean", "return x >= y;", "return y <= x;"));
        // Not commutative.
        assert!(!alike("int", "return x - y;", "return y - x;"));
        assert!(!alike("boolean", "return x < y;", "return y < x;"));
        // Calls may have effects and divisions may throw: which runs first is observable.
        assert!(!alike("int", "return g(x) + g(y);", "return g(y) + g(x);"));
        assert!(!alike(
            "int",
            "return x / y + y / x;",
            "return y / x + x / y;"
        ));
    }

    #[test]
    fn constants_fold_and_constant_branches_reduce() {
        assert!(alike("int", "return x + 2 * 3;", "return x + 6;"));
        // `if` on a constant is its branch, as javac compiles it.
        assert!(alike("int", "if (false) { x = y; } return x;", "return x;"));
        assert!(alike(
            "int",
            "if (1 < 2) { x = y; } return x;",
            "x = y; return x;"
        ));
        assert!(!alike(
            "int",
            "if (x < 2) { x = y; } return x;",
            "return x;"
        ));
        assert!(alike("boolean", "return !!b;", "return b;"));
        assert!(!alike("boolean", "return !b;", "return b;"));
    }

    /// A mutant of method `f` of `original` whose method is `f` of `mutated` (same class shape).
    fn mutant(id: u32, original: &Unit, mutated: Option<&str>) -> Mutant {
        let (index, _) = original.classes[0].method_named("f").next().expect("f");
        let method = mutated.map(|source| {
            let unit = load("C.java", source).expect("checks");
            Arc::new(unit.classes[0].methods[index as usize].clone())
        });
        Mutant {
            id,
            operator: Operator::AORB,
            class: 0,
            method: index,
            method_name: "C.f(int)".into(),
            line: 1,
            column: 1,
            original: String::new(),
            replacement: String::new(),
            start: 0,
            end: 0,
            site: NodeId(0),
            mutated: method,
        }
    }

    #[test]
    fn trivial_sorts_equivalent_duplicate_and_distinct() {
        let f = |body: &str| format!("class C {{ static int f(int x) {{ {body} }} }}");
        let original = load("C.java", &f("return x * 2;")).expect("checks");
        let mutants = [
            mutant(1, &original, Some(&f("return x * 2 + 0;"))),
            mutant(2, &original, Some(&f("return x * 3;"))),
            mutant(3, &original, Some(&f("return 3 * x;"))),
            mutant(4, &original, Some(&f("return x / 2;"))),
            mutant(5, &original, None),
            mutant(6, &original, Some(&f("return x * 3 * 1;"))),
        ];
        assert_eq!(
            trivial(&original, &mutants),
            vec![
                Trivial::Equivalent,
                Trivial::Distinct,
                Trivial::DuplicateOf(2),
                Trivial::Distinct,
                Trivial::Distinct,
                Trivial::DuplicateOf(2),
            ]
        );
    }
}
