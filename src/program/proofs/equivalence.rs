//! Equivalent mutants: the program side's redundant faults (Zhang 2021, `004_*` ch. 2).
//!
//! This part is the cheapest rule, *trivial compiler equivalence* (the idea of comparing what
//! a compiler makes of the original and of the mutant): a method body is written in a
//! canonical form (spans and node numbers dropped, constant expressions folded as `javac`
//! folds them, `if` on a constant reduced to its branch, and a few identities that hold for
//! every value, overflow, NaN and `-0.0` included: `x + 0`, `x * 1`, `x | 0`, `x << 0` on
//! integers, `x * 1.0` and `x - 0.0` on floating point, `-(-x)`, `!!b`, operands of commutative
//! operators in a fixed order and `a > b` as `b < a` when neither operand can throw or change
//! state). A mutant whose method has the original's canonical form is equivalent; two mutants
//! of one method with the same canonical form are duplicates (equivalent to each other).
//! Everything here rewrites only where Java gives the same result on every input, so an
//! equality of forms is a proof.

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

/// The rule that proved a mutant equivalent.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "rule", content = "depth")]
pub enum Rule {
    /// Same canonical form as the original.
    Compiler,
    /// No input reaches the mutated code.
    Reachability,
    /// No input of the region at this depth of the ladder tells the two apart (depth 0 is the
    /// minimal region).
    Region(usize),
    /// The region that proved it is the whole method body.
    WholeMethod,
    /// A post-increment or post-decrement of a local nothing reads afterwards: the value is
    /// the original's and the one effect is dead (proved by liveness, for statements the
    /// regions cannot model).
    DeadUpdate,
    /// A post-increment or post-decrement of a cell of the method's own array that no later
    /// read can see, or of the caller's array that is also assigned again before the method
    /// may leave (proved over the zones).
    DeadCell,
    /// A post-decrement of a `for` loop's counter that the update's increment undoes (or a
    /// post-increment the update's decrement undoes): the iteration runs again with the same
    /// counter, and that second pass is proved to change nothing and to leave the counter
    /// alone (`smallest = values[i--]` in a minimum's loop).
    Stutter,
    /// The software D-algorithm exhausted every path with every subtask complete.
    DAlgorithm,
}

/// The shape [`MethodProver::stutter`] needs, checked on the text: mutant `m` turns a read of
/// the counter of the innermost loop around it, a `for` with the read in its body, into a
/// post-increment or post-decrement the loop's one update undoes; the condition is plain
/// (locals, literals, lengths, operators) and nothing in the body assigns its locals or the
/// counter, declares them, or jumps. The counter and the loop's body.
fn stutter_shape<'b>(
    body: &'b Body,
    m: &Mutant,
    mutant_body: &Body,
) -> Option<(crate::program::reader::ir::LocalId, &'b Stmt)> {
    use crate::program::proofs::regions::chain;
    let site = (m.start, m.end);
    // The innermost loop around the site, a `for` with the site in its body.
    let &(list, i) = chain(body, site).iter().rev().find(|&&(list, i)| {
        matches!(
            list[i].kind,
            StmtKind::For { .. }
                | StmtKind::While { .. }
                | StmtKind::Do { .. }
                | StmtKind::ForEach { .. }
        )
    })?;
    let StmtKind::For {
        cond: Some(cond),
        update,
        body: loop_body,
        ..
    } = &list[i].kind
    else {
        return None;
    };
    let inside = |s: &Stmt| s.span.start <= site.0 && site.1 <= s.span.end;
    if !inside(loop_body) || cond.has_effects() {
        return None;
    }
    // The mutated read: a local, the counter.
    let mut counter = None;
    crate::program::reader::visit_stmts(std::slice::from_ref(loop_body), &mut |e| {
        if let ExprKind::Local(l) = e.kind
            && (e.span.start, e.span.end) == site
        {
            counter = Some(l);
        }
    });
    let counter = counter?;
    if !body.locals[counter.0 as usize].ty.is_integral() {
        return None;
    }
    // The mutant's read: a post-increment or post-decrement of it.
    let edit = (m.start, m.start + m.replacement.len() as u32);
    let mut step = None;
    crate::program::reader::visit_stmts(&mutant_body.stmts, &mut |e| {
        if let ExprKind::IncDec {
            target,
            increment,
            prefix: false,
        } = &e.kind
            && matches!(target.kind, ExprKind::Local(l) if l == counter)
            && (e.span.start, e.span.end) == edit
        {
            step = Some(*increment);
        }
    });
    let mutant_increments = step?;
    // The update undoes it: one `++`/`--` (or `+= 1`/`-= 1`) of the counter the other way.
    let undoes = match update.as_slice() {
        [u] => match &u.kind {
            ExprKind::IncDec {
                target, increment, ..
            } => {
                matches!(target.kind, ExprKind::Local(l) if l == counter)
                    && *increment != mutant_increments
            }
            ExprKind::Assign {
                target,
                op: Some(op @ (BinaryOp::Add | BinaryOp::Sub)),
                value,
                ..
            } => {
                matches!(target.kind, ExprKind::Local(l) if l == counter)
                    && matches!(&value.unconverted().kind, ExprKind::Literal(c) if c.bits() == Some(1))
                    && (*op == BinaryOp::Add) != mutant_increments
            }
            _ => false,
        },
        _ => false,
    };
    if !undoes {
        return None;
    }
    // Nothing in the body assigns the counter or the condition's locals, reads a field in
    // the condition, or jumps.
    let mut cond_locals = Vec::new();
    let mut cond_plain = true;
    crate::program::reader::visit_expr(cond, &mut |e| match &e.kind {
        ExprKind::Local(l) => cond_locals.push(*l),
        ExprKind::Literal(_)
        | ExprKind::Length(_)
        | ExprKind::Binary { .. }
        | ExprKind::Unary(..)
        | ExprKind::Convert(_) => {}
        _ => cond_plain = false,
    });
    if !cond_plain {
        return None;
    }
    let mut assigned_or_jumps = false;
    fn scan(s: &Stmt, bad: &mut dyn FnMut(&Stmt)) {
        bad(s);
        for c in s.substatements() {
            scan(c, bad);
        }
    }
    scan(loop_body, &mut |s| {
        if matches!(
            s.kind,
            StmtKind::Break { .. } | StmtKind::Continue { .. } | StmtKind::Labeled { .. }
        ) {
            assigned_or_jumps = true;
        }
        if let StmtKind::Locals(decls) = &s.kind
            && decls
                .iter()
                .any(|(l, _)| *l == counter || cond_locals.contains(l))
        {
            assigned_or_jumps = true;
        }
    });
    crate::program::reader::visit_stmts(std::slice::from_ref(loop_body), &mut |e| {
        if let ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } = &e.kind
            && let ExprKind::Local(l) = target.kind
            && (l == counter || cond_locals.contains(&l))
        {
            assigned_or_jumps = true;
        }
    });
    if assigned_or_jumps {
        return None;
    }
    Some((counter, &**loop_body))
}

/// Whether array local `array` is the method's own: declared with a new array or an array
/// literal and never assigned again, and otherwise only indexed (`array[i]`) or asked its
/// length, so that no other variable, call, field or caller ever holds it.
fn own_array(body: &Body, array: crate::program::reader::ir::LocalId) -> bool {
    let mut declared = 0;
    let mut stmts: Vec<&Stmt> = body.stmts.iter().collect();
    while let Some(s) = stmts.pop() {
        if let StmtKind::Locals(decls) = &s.kind {
            for (l, init) in decls {
                if *l == array {
                    declared += 1;
                    let fresh = init.as_ref().is_some_and(|e| {
                        matches!(
                            e.unconverted().kind,
                            ExprKind::NewArray { .. } | ExprKind::ArrayLiteral(_)
                        )
                    });
                    if !fresh {
                        return false;
                    }
                }
            }
        }
        stmts.extend(s.substatements());
    }
    declared == 1 && only_indexed(body, array)
}

/// Whether every mention of array local `array` is the array operand of an index or a
/// length (so it is never assigned, passed, stored or printed).
fn only_indexed(body: &Body, array: crate::program::reader::ir::LocalId) -> bool {
    let is_array = |x: &Expr| matches!(x.kind, ExprKind::Local(l) if l == array);
    let (mut mentions, mut indexed) = (0, 0);
    crate::program::reader::visit_stmts(&body.stmts, &mut |e| match &e.kind {
        ExprKind::Index(a, _) | ExprKind::Length(a) if is_array(a) => indexed += 1,
        _ if is_array(e) => mentions += 1,
        _ => {}
    });
    mentions == indexed
}

/// Whether parameter `array` is the only way the method reaches the caller's array: every
/// mention indexes it or asks its length (so it is never assigned, passed or stored), no
/// other array of its type appears but the method's own (a second parameter, a field or a
/// row of a matrix could be the same array), and nothing is called (a callee could reach it
/// through a field). Its cells are then read and written only where the method indexes it.
fn lone_parameter_array(body: &Body, array: crate::program::reader::ir::LocalId) -> bool {
    let ty = &body.locals[array.0 as usize].ty;
    let mut alone = true;
    crate::program::reader::visit_stmts(&body.stmts, &mut |e| match &e.kind {
        ExprKind::Call { .. } => alone = false,
        ExprKind::Local(l) if *l == array => {}
        ExprKind::Local(l) if e.ty == *ty && !own_array(body, *l) => alone = false,
        ExprKind::Local(_) | ExprKind::NewArray { .. } | ExprKind::ArrayLiteral(_) => {}
        _ if e.ty == *ty => alone = false,
        _ => {}
    });
    alone && only_indexed(body, array)
}

/// How many times a region question's limits the stutter question gets: it is asked only of
/// mutants no region proved, and its terms hold the body three times (a bubble sort's swap
/// takes about a million propagations, most in the relations between the three passes'
/// indices).
const STUTTER_EFFORT: u64 = 20;

/// What the local analysis says about one mutant.
#[derive(Clone, Debug)]
pub enum Local {
    Equivalent(Rule),
    /// A region's witness, extended to the method's inputs, that the caller's run confirmed
    /// tells the mutant apart.
    Killable(crate::program::proofs::symbolic::Witness),
    /// No region proves it; the reason for the widest region tried.
    Open(String),
}

/// Limits of the local analysis.
#[derive(Clone, Debug)]
pub struct ProveOptions {
    /// Solver decisions per region question.
    pub node_limit: u64,
    /// Iterations of each loop unwound inside a region.
    pub unroll: usize,
    /// Solver nodes a region's question may have (larger regions are not tried).
    pub max_terms: usize,
    /// Propagation work per region question (see `SolveOptions::propagation_limit`).
    pub propagation_limit: u64,
}

impl Default for ProveOptions {
    fn default() -> ProveOptions {
        ProveOptions {
            node_limit: 1_000,
            unroll: 4,
            max_terms: 4_000,
            propagation_limit: 80_000,
        }
    }
}

/// Solver decisions to decide whether a loop region may enter an iteration.
const PRUNE_DECISIONS: u64 = 50;
/// Propagations for all the pruning questions of one loop region's build.
const PRUNE_BUDGET: u64 = 20_000;

/// The longest array a witness may ask for (a test with a longer one is not worth writing).
const MAX_WITNESS_LENGTH: i64 = 64;

/// A region's answer.
enum Check {
    Proved,
    /// Told apart; the model's method inputs when the region starts at the method's entry.
    Told(Option<crate::program::proofs::symbolic::Witness>),
}

/// Why a region gave no answer.
enum Refused {
    /// Its terms exceed the size limit.
    TooLarge(usize),
    Other(String),
}

impl From<String> for Refused {
    fn from(why: String) -> Refused {
        Refused::Other(why)
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::TooLarge(limit) => write!(f, "the region's terms exceed {limit} nodes"),
            Refused::Other(why) => f.write_str(why),
        }
    }
}

/// Proves mutants of one method equivalent, region by region (thesis ch. 2): the original's
/// region terms are built once and kept for every mutant of the method; each mutant's region
/// is built in a solver scope and taken back.
pub struct MethodProver<'u> {
    body: &'u Body,
    params: &'u [Type],
    executor: crate::program::proofs::symbolic::Executor<'u>,
    liveness: crate::program::proofs::regions::Liveness,
    facts: crate::program::proofs::zones::Facts,
    originals: HashMap<(u32, u32, u8), Result<crate::program::proofs::symbolic::State, String>>,
    options: ProveOptions,
    /// Whether the class calls this method (its regions may then run several times per test).
    called: bool,
    /// Whether the method is a constructor.
    constructor: bool,
    unit: &'u Unit,
    /// Regions a subsumption question found over the size limit (the next question about the
    /// same region would be as large: not asked again).
    too_large: hashbrown::HashSet<(u32, u32)>,
}

impl<'u> MethodProver<'u> {
    /// `None` when the method has no supported body.
    pub fn new(
        unit: &'u Unit,
        class: u32,
        method: u32,
        options: ProveOptions,
    ) -> Option<MethodProver<'u>> {
        let m = &unit.classes[class as usize].methods[method as usize];
        let body = m.body.as_ref().ok()?;
        let types = body.locals.iter().map(|l| l.ty.clone()).collect();
        let mut executor =
            crate::program::proofs::symbolic::Executor::new(unit, types, m.ret.clone());
        executor.unroll = options.unroll;
        Some(MethodProver {
            body,
            params: &m.params,
            executor,
            liveness: crate::program::proofs::regions::Liveness::new(
                &crate::program::model::cfg::Cfg::new(unit, class, method)?,
                body,
            ),
            facts: crate::program::proofs::zones::Facts::of(unit, body),
            originals: HashMap::new(),
            options,
            called: is_called(unit, class, method),
            constructor: m.is_constructor,
            unit,
            too_large: hashbrown::HashSet::new(),
        })
    }

    /// The local analysis of mutant `m` (of this method). When a region that starts at the
    /// method's entry tells the two apart, its witness is offered to `confirm` (which runs it);
    /// a confirmed witness makes the mutant killable, an unconfirmed one widens the region.
    pub fn prove(
        &mut self,
        m: &Mutant,
        confirm: &mut dyn FnMut(&crate::program::proofs::symbolic::Witness) -> bool,
    ) -> Local {
        self.prove_up_to(m, confirm, usize::MAX)
    }

    /// The local analysis of mutant `m` in its regions up to depth `deepest` only, never the
    /// whole method: the ROA-level check the thesis runs at the start of the D-algorithm's
    /// excitation subtask (§5.2.2), cheap beside a search. `Some` rule when proved equivalent.
    pub fn prove_in_regions(&mut self, m: &Mutant, deepest: usize) -> Option<Rule> {
        match self.prove_up_to(m, &mut |_| false, deepest) {
            Local::Equivalent(rule) => Some(rule),
            Local::Killable(_) | Local::Open(_) => None,
        }
    }

    fn prove_up_to(
        &mut self,
        m: &Mutant,
        confirm: &mut dyn FnMut(&crate::program::proofs::symbolic::Witness) -> bool,
        deepest: usize,
    ) -> Local {
        use crate::program::proofs::regions::{Part, find_again, ladder};
        let Some(mutated) = m.mutated.as_ref() else {
            return Local::Open("the mutant has no checked method".into());
        };
        let Ok(mutant_body) = &mutated.body else {
            return Local::Open("the mutant's method is not supported".into());
        };
        let site = (m.start, m.end);
        if self.facts.unreachable(site) {
            return Local::Equivalent(Rule::Reachability);
        }
        if self.dead_cell(m, mutant_body) {
            return Local::Equivalent(Rule::DeadCell);
        }
        let body = self.body;
        let parts = ladder(body, site);
        let delta = m.replacement.len() as i64 - (m.end as i64 - m.start as i64);
        let mut reason = String::from("no region around the mutated code");
        for (depth, part) in parts.iter().enumerate() {
            let whole = matches!(part, Part::Stmts(s) if s.len() == body.stmts.len()
                && std::ptr::eq(s.as_ptr(), body.stmts.as_ptr()));
            if depth > deepest || (whole && deepest != usize::MAX) {
                break;
            }
            let Some(again) = find_again(mutant_body, part, (m.start, m.end), delta) else {
                reason = format!("region {depth} not found in the mutant");
                continue;
            };
            let span = part.span();
            let live = match part {
                Part::Expr { .. } => None,
                Part::Stmts(_) | Part::Loop(_) => Some(self.liveness.after(span)),
            };
            match self.check(part, &[again], live, 1) {
                Ok(Check::Proved) => {
                    return Local::Equivalent(if whole && depth > 0 {
                        Rule::WholeMethod
                    } else {
                        Rule::Region(depth)
                    });
                }
                Ok(Check::Told(witness)) => {
                    if let Some(w) = witness
                        && confirm(&w)
                    {
                        return Local::Killable(w);
                    }
                    reason = format!("told apart in every region up to depth {depth}")
                }
                Err(why) => reason = why.to_string(),
            }
        }
        if self.dead_update(m, mutant_body) {
            return Local::Equivalent(Rule::DeadUpdate);
        }
        if deepest == usize::MAX && self.stutter(m, mutant_body) {
            return Local::Equivalent(Rule::Stutter);
        }
        Local::Open(reason)
    }

    /// Whether mutant `m` turns a read `a[e]` of array `a` into `a[e]++` or `a[e]--` (the
    /// same value) where no later read of `a` can see the cell changed, and the caller does
    /// not either: the zones prove every other read indexes outside the cells changed so far
    /// ([`crate::program::proofs::zones::cell_never_read`]). Either `a` is a local made by the method (`new`
    /// or an array literal, its one assignment) that is only ever indexed or asked its
    /// length, so nothing outside the method sees its cells; or it is a parameter that is
    /// the only way to the caller's array ([`lone_parameter_array`]), and the zones also
    /// prove each changed cell is assigned again before the method may leave (an insertion
    /// sort's `key = a[i]++`, overwritten by the first shift or by the insertion).
    fn dead_cell(&self, m: &Mutant, mutant_body: &Body) -> bool {
        use crate::program::reader::visit_stmts;
        let site = (m.start, m.end);
        let mut array = None;
        visit_stmts(&self.body.stmts, &mut |e| {
            if let ExprKind::Index(a, _) = &e.kind
                && let ExprKind::Local(l) = a.kind
                && (e.span.start, e.span.end) == site
            {
                array = Some(l);
            }
        });
        let Some(array) = array else {
            return false;
        };
        let local = &self.body.locals[array.0 as usize];
        let callers = local.is_param && lone_parameter_array(self.body, array);
        if local.is_hidden || !(callers || (!local.is_param && own_array(self.body, array))) {
            return false;
        }
        let edit = (m.start, m.start + m.replacement.len() as u32);
        let mut updated = false;
        visit_stmts(&mutant_body.stmts, &mut |e| {
            updated |= matches!(&e.kind, ExprKind::IncDec { target, prefix: false, .. }
                if matches!(&target.kind, ExprKind::Index(a, _)
                    if matches!(a.kind, ExprKind::Local(l) if l == array)))
                && edit.0 <= e.span.start
                && e.span.end <= edit.1;
        });
        updated
            && crate::program::proofs::zones::cell_never_read(
                self.unit, self.body, array, site, callers,
            )
    }

    /// Whether mutant `m` turns a read of a local `x` into `x++` or `x--` (the same value)
    /// where nothing reads `x` afterwards: no other mention of `x` in the statement (whose
    /// evaluation order would matter) and `x` dead after it over the method's CFG. The
    /// statement must be a simple one (an expression, a declaration, `return`, `throw`), so
    /// that "after it" is one place; the subset has no `try`, so no handler reads `x` either.
    fn dead_update(&self, m: &Mutant, mutant_body: &Body) -> bool {
        fn simple(s: &Stmt) -> bool {
            matches!(
                s.kind,
                StmtKind::Expr(_)
                    | StmtKind::Locals(_)
                    | StmtKind::Return(_)
                    | StmtKind::Throw { .. }
            )
        }
        /// Every expression of a simple statement, nested ones included.
        fn all_expressions(s: &Stmt) -> Vec<&Expr> {
            let mut out = Vec::new();
            let mut stack = s.expressions();
            while let Some(e) = stack.pop() {
                out.push(e);
                stack.extend(e.children());
            }
            out
        }
        fn innermost(body: &Body, site: (u32, u32)) -> Option<&Stmt> {
            crate::program::proofs::regions::chain(body, site)
                .last()
                .map(|&(list, i)| &list[i])
                .filter(|s| simple(s))
        }
        let site = (m.start, m.end);
        let Some(statement) = innermost(self.body, site) else {
            return false;
        };
        let original = all_expressions(statement);
        let Some(local) = original.iter().find_map(|e| match e.kind {
            ExprKind::Local(l) if (e.span.start, e.span.end) == site => Some(l),
            _ => None,
        }) else {
            return false;
        };
        let mentions = |exprs: &[&Expr]| {
            exprs
                .iter()
                .filter(|e| matches!(e.kind, ExprKind::Local(l) if l == local))
                .count()
        };
        if mentions(&original) != 1 {
            return false;
        }
        let edit = (m.start, m.start + m.replacement.len() as u32);
        let Some(changed) = innermost(mutant_body, edit) else {
            return false;
        };
        let mutated = all_expressions(changed);
        let update = mutated.iter().any(|e| {
            matches!(&e.kind, ExprKind::IncDec { target, prefix: false, .. }
                if matches!(target.kind, ExprKind::Local(l) if l == local))
                && edit.0 <= e.span.start
                && e.span.end <= edit.1
        });
        update
            && mentions(&mutated) == 1
            && !self
                .liveness
                .after((statement.span.start, statement.span.end))
                .contains(&local)
    }

    /// Whether mutant `m` turns a read of a `for` loop's counter in the loop's body into a
    /// post-decrement that the loop's update (`i++`) undoes, or a post-increment that `i--`
    /// undoes, so that an iteration in which it runs is followed by a second pass with the
    /// same counter; equivalent when, from the body's entry (zones and guards at hand):
    ///
    /// - the mutant's body leaves the original's state, counter put back (where it runs);
    /// - when that pass goes on, a second pass of the mutant's body from there changes
    ///   nothing, ends normally and leaves the counter alone.
    ///
    /// The loop condition is true again at the second pass: nothing in the body assigns its
    /// locals but the counter, which is back. The body may not `break` or `continue` (the
    /// update would not follow the pass, or would follow it from elsewhere). The mutant then
    /// runs the original's iterations with passes that change nothing between them.
    fn stutter(&mut self, m: &Mutant, mutant_body: &Body) -> bool {
        use crate::program::proofs::regions::{Part, find_again};
        use crate::program::proofs::symbolic::TIE_ROUNDS;
        use crate::solver::{SolveOptions, Verdict};
        let site = (m.start, m.end);
        let body = self.body;
        let Some((counter, loop_body)) = stutter_shape(body, m, mutant_body) else {
            return false;
        };
        let stmts: &[Stmt] = match &loop_body.kind {
            StmtKind::Block(v) if !v.is_empty() => v,
            StmtKind::Block(_) => return false,
            _ => std::slice::from_ref(loop_body),
        };
        let part = Part::Stmts(stmts);
        let delta = m.replacement.len() as i64 - (m.end as i64 - m.start as i64);
        let Some(Part::Stmts(mutated)) = find_again(mutant_body, &part, site, delta) else {
            return false;
        };
        // The site lies in no loop inside the body (the loop found is the innermost around
        // it), so a pass runs the mutated read once at most, and the update then puts the
        // counter back where the pass found it.
        let ex = &mut self.executor;
        let checkpoint = ex.checkpoint();
        let options = SolveOptions {
            node_limit: STUTTER_EFFORT * self.options.node_limit,
            backtrack_limit: 2 * STUTTER_EFFORT * self.options.node_limit,
            propagation_limit: STUTTER_EFFORT * self.options.propagation_limit,
            ..SolveOptions::default()
        };
        let answer = (|| -> Result<bool, crate::program::proofs::symbolic::Unsupported> {
            ex.constructing = false;
            let mut original = ex.entry()?;
            ex.exec_all(&mut original, stmts)?;
            let mut start = ex.entry()?;
            let before = ex.local(&mut start, counter)?;
            let mut first = start;
            ex.exec_all(&mut first, mutated)?;
            let after = ex.local(&mut first, counter)?;
            let ran = ex.differs(after, before)?;
            ex.put_local(&mut first, counter, before);
            let mut second = first.clone();
            ex.exec_all(&mut second, mutated)?;
            let again = ex.local(&mut second, counter)?;
            let ran_again = ex.differs(again, before)?;
            let mut live: Vec<crate::program::reader::ir::LocalId> = original
                .assigned()
                .chain(first.assigned())
                .chain(second.assigned())
                .collect();
            live.sort_by_key(|l| l.0);
            live.dedup();
            let differs_once = ex.distinguish(&mut original, &mut first, &live)?;
            let differs_twice = ex.distinguish(&mut first, &mut second, &live)?;
            let on = ex.goes_on(&first)?;
            let repeat_bad = ex.or(ran_again, differs_twice);
            let repeat_bad = ex.and(on, repeat_bad);
            let bad = ex.or(differs_once, repeat_bad);
            self.facts
                .constrain(ex, &stmts[0], crate::program::proofs::regions::Point::Entry);
            crate::program::proofs::guards::constrain(
                ex,
                body,
                &stmts[0],
                crate::program::proofs::regions::Point::Entry,
            );
            let mut ways = Vec::new();
            disjuncts(&ex.problem, bad, &mut ways);
            for way in ways {
                ex.problem.push();
                let asked = ex.and(ran, way);
                ex.problem.require(asked)?;
                let verdict = ex.solve_tied(options.clone(), TIE_ROUNDS).0;
                ex.problem.pop();
                if verdict != Verdict::Unsat {
                    return Ok(false);
                }
            }
            Ok(true)
        })();
        ex.rollback(checkpoint);
        answer.unwrap_or(false)
    }

    /// Whether every input that kills mutant `k` also kills mutant `j` (both of this method,
    /// both changing the same statement: Kapoor's intra-location mutants), proved in a region
    /// around both: `Ok(Some(depth))` when proved, `Ok(None)` when no region tried proves it.
    ///
    /// Sound only because the region runs at most once per call of a method that nothing in
    /// the class calls (not inside a loop, the method neither recursive nor a helper): a run of
    /// `k` is the original's up to the region; if the region's outputs equal the original's
    /// there, `k` is not killed; if they differ, the query showed `j`'s outputs equal `k`'s,
    /// and both then run the original's code from the same state to the same outcome.
    pub fn subsumes(&mut self, k: &Mutant, j: &Mutant) -> Result<Option<usize>, String> {
        use crate::program::proofs::regions::{Part, find_again, ladder};
        /// Regions tried around both sites (the smallest that holds both, and the next ones).
        const TRIES: usize = 1;
        if self.called {
            return Err("the method is called from the class: its regions may run again".into());
        }
        let body = self.body;
        fn mutated(m: &Mutant) -> Result<&Body, String> {
            m.mutated
                .as_ref()
                .and_then(|f| f.body.as_ref().ok())
                .ok_or_else(|| format!("mutant {} has no supported method", m.id))
        }
        let (body_k, body_j) = (mutated(k)?, mutated(j)?);
        let (site_k, site_j) = ((k.start, k.end), (j.start, j.end));
        let innermost = |site| {
            crate::program::proofs::regions::chain(body, site)
                .last()
                .map(|&(list, i)| (list[i].span.start, list[i].span.end))
        };
        if innermost(site_k) != innermost(site_j) {
            return Err("the mutants change different statements".into());
        }
        let delta = |m: &Mutant| m.replacement.len() as i64 - (m.end as i64 - m.start as i64);
        let mut tried = 0;
        for (depth, part) in ladder(body, site_k).iter().enumerate() {
            let span = part.span();
            if !(span.0 <= site_j.0 && site_j.1 <= span.1)
                || repeats(body, span)
                || self.too_large.contains(&span)
            {
                continue;
            }
            // One condition or one simple statement (Kapoor's location); a compound
            // statement's region holds whole branches, which cost more than the saving.
            if let Part::Stmts(stmts) = part
                && stmts.iter().any(|s| !s.substatements().is_empty())
            {
                break;
            }
            if let Part::Loop(_) = part {
                // Its entry constraint is one mutant's infection, not a pair's.
                continue;
            }
            let (Some(again_k), Some(again_j)) = (
                find_again(body_k, part, site_k, delta(k)),
                find_again(body_j, part, site_j, delta(j)),
            ) else {
                continue;
            };
            let live = match part {
                Part::Expr { .. } => None,
                Part::Stmts(_) | Part::Loop(_) => Some(self.liveness.after(span)),
            };
            // A subsumption is a saving, not a verdict: a tenth of an equivalence
            // question's search.
            match self.check(part, &[again_k, again_j], live, 10) {
                Ok(Check::Proved) => return Ok(Some(depth)),
                Err(Refused::TooLarge(_)) => {
                    self.too_large.insert(span);
                }
                _ => {}
            }
            tried += 1;
            if tried == TRIES {
                break;
            }
        }
        Ok(None)
    }

    /// Asks the region `part` about its versions in the mutants: with one version, whether
    /// any input tells the original and that mutant apart (equivalence); with two, `k` and
    /// `j`, whether any input tells `k` from the original and `j` from `k` (subsumption).
    /// The solver searches for `1 / share` of the options' limits.
    fn check(
        &mut self,
        part: &crate::program::proofs::regions::Part<'_>,
        versions: &[crate::program::proofs::regions::Part<'_>],
        live: Option<Vec<crate::program::reader::ir::LocalId>>,
        share: u64,
    ) -> Result<Check, Refused> {
        use crate::program::proofs::regions::Part;
        use crate::program::proofs::symbolic::TIE_ROUNDS;
        use crate::solver::{SolveOptions, Verdict};
        let (start, end) = part.span();
        let key = (
            start,
            end,
            match part {
                Part::Stmts(_) => 0u8,
                Part::Expr { .. } => 1,
                Part::Loop(_) => 2,
            },
        );
        // A constructor's fields are known where it starts (the object is new).
        let at_start = match part {
            Part::Stmts(s) => std::ptr::eq(s.as_ptr(), self.body.stmts.as_ptr()),
            Part::Expr {
                stmt,
                point: crate::program::proofs::regions::Point::Entry,
                ..
            } => self
                .body
                .stmts
                .first()
                .is_some_and(|f| std::ptr::eq(*stmt, f)),
            _ => false,
        };
        self.executor.constructing = self.constructor && at_start;
        // A loop region is built under its entry constraints (pruned), so per mutant.
        let is_loop = matches!(part, Part::Loop(_));
        if !is_loop && !self.originals.contains_key(&key) {
            let built = Self::run_with(&mut self.executor, part).map_err(|e| e.0);
            self.originals.insert(key, built);
        }
        let ex = &mut self.executor;
        let checkpoint = ex.checkpoint();
        let point = match part {
            Part::Expr { point, .. } => *point,
            Part::Stmts(_) => crate::program::proofs::regions::Point::Entry,
            Part::Loop(_) => crate::program::proofs::regions::Point::Head,
        };
        let cached = (!is_loop).then(|| self.originals[&key].clone());
        // A model of a region that starts where the method does is a model of the method's
        // inputs (only an equivalence question's model is a test).
        let at_entry = versions.len() == 1 && matches!(part, Part::Stmts(_)) && at_start;
        let params = self.params;
        let max_terms = self.options.max_terms;
        let refusal = |ex: &crate::program::proofs::symbolic::Executor<'_>,
                       e: crate::program::proofs::symbolic::Unsupported| {
            if ex.too_large {
                Refused::TooLarge(max_terms)
            } else {
                Refused::Other(e.0)
            }
        };
        let answer = (|| -> Result<Check, Refused> {
            ex.too_large = false;
            let mut a = match (part, versions, cached) {
                (_, _, Some(original)) => original?,
                (Part::Loop(o), [Part::Loop(m)], None) => {
                    // The region starts at the first evaluation of the condition that
                    // differs; each version's loop is built knowing it, iterations it rules
                    // out left away.
                    self.facts.constrain(ex, part.first(), point);
                    crate::program::proofs::guards::constrain(ex, self.body, part.first(), point);
                    let infected = Self::conditions_differ(ex, o, m).map_err(|e| e.0)?;
                    ex.problem.require(infected).map_err(|e| e.to_string())?;
                    ex.prune = Some(crate::program::proofs::symbolic::Prune {
                        decisions: PRUNE_DECISIONS,
                        max_terms,
                        budget: PRUNE_BUDGET,
                    });
                    Self::run_with(ex, part).map_err(|e| refusal(ex, e))?
                }
                _ => {
                    return Err("a loop region is asked about one mutant at a time"
                        .to_string()
                        .into());
                }
            };
            let mut states = Vec::with_capacity(versions.len());
            for v in versions {
                states.push(Self::run_with(ex, v).map_err(|e| refusal(ex, e))?);
            }
            ex.prune = None;
            let live = match live {
                Some(l) => l,
                // An expression's region: every local any version assigned is an output.
                None => {
                    let mut l: Vec<_> = a.assigned().collect();
                    for b in &states {
                        l.extend(b.assigned());
                    }
                    l.sort_by_key(|x| x.0);
                    l.dedup();
                    l
                }
            };
            let mut differ = outputs_differ(ex, &mut a, &mut states[0], &live)?;
            if let [k, j] = &mut states[..] {
                let d = outputs_differ(ex, k, j, &live)?;
                differ = ex.and(differ, d);
            }
            // (A loop region was constrained before its build, to prune it; again now for
            // the inputs the build read.)
            self.facts.constrain(ex, part.first(), point);
            crate::program::proofs::guards::constrain(ex, self.body, part.first(), point);
            // The question's own terms (the problem also keeps other regions' originals).
            ex.problem.push();
            ex.problem.require(differ).map_err(|e| e.to_string())?;
            let size = ex.problem.cone().iter().filter(|&&r| r).count();
            ex.problem.pop();
            if size > self.options.max_terms {
                return Err(Refused::TooLarge(self.options.max_terms));
            }
            let options = SolveOptions {
                node_limit: (self.options.node_limit / share).max(1),
                backtrack_limit: 2 * (self.options.node_limit / share).max(1),
                propagation_limit: (self.options.propagation_limit / share).max(1),
                ..SolveOptions::default()
            };
            // Each way of telling the two apart (each top-level disjunct: the exit, the
            // returned value, one output, one cell) is asked alone: a depth-first search that
            // is stuck in one disjunct never reaches the next, and most are refuted by
            // propagation alone. Proved only when every one is unsat.
            let mut ways = Vec::new();
            disjuncts(&ex.problem, differ, &mut ways);
            let mut gave_up = None;
            let mut told_without_test = false;
            // A test must tell them apart with every loop finished within the unwinding
            // bound; at the method's entry, such a model is asked for first.
            let finished = if at_entry {
                let b = &states[0];
                let (x, y) = (ex.not(a.incomplete), ex.not(b.incomplete));
                Some(ex.and(x, y))
            } else {
                None
            };
            for way in ways {
                if let Some(finished) = finished {
                    ex.problem.push();
                    ex.problem.require(way).map_err(|e| e.to_string())?;
                    ex.problem.require(finished).map_err(|e| e.to_string())?;
                    let verdict = ex.solve_tied(options.clone(), TIE_ROUNDS).0;
                    let witness = match verdict {
                        Verdict::Sat(m) => ex.witness(&m, params, MAX_WITNESS_LENGTH),
                        _ => None,
                    };
                    ex.problem.pop();
                    if let Some(w) = witness {
                        return Ok(Check::Told(Some(w)));
                    }
                }
                ex.problem.push();
                ex.problem.require(way).map_err(|e| e.to_string())?;
                let verdict = ex.solve_tied(options.clone(), TIE_ROUNDS).0;
                ex.problem.pop();
                match verdict {
                    Verdict::Unsat => {}
                    Verdict::Unknown(why) => {
                        gave_up.get_or_insert(why);
                    }
                    // No test from this way of telling them apart (at the entry): another
                    // way may give one.
                    Verdict::Sat(_) if at_entry => told_without_test = true,
                    Verdict::Sat(_) => return Ok(Check::Told(None)),
                }
            }
            match gave_up {
                _ if told_without_test => Ok(Check::Told(None)),
                None => Ok(Check::Proved),
                Some(why) => Err(format!("the solver gave up: {why}").into()),
            }
        })();
        ex.prune = None;
        ex.rollback(checkpoint);
        answer
    }

    fn run_with(
        ex: &mut crate::program::proofs::symbolic::Executor<'_>,
        part: &crate::program::proofs::regions::Part<'_>,
    ) -> Result<
        crate::program::proofs::symbolic::State,
        crate::program::proofs::symbolic::Unsupported,
    > {
        use crate::program::proofs::regions::Part;
        let mut st = ex.entry()?;
        match part {
            Part::Expr { expr, .. } => {
                let v = ex.eval(&mut st, expr, None)?;
                st.value = Some(v);
            }
            Part::Stmts(stmts) => ex.exec_all(&mut st, stmts)?,
            Part::Loop(s) => ex.loop_from_head(&mut st, s)?,
        }
        Ok(st)
    }

    /// A term true when loop conditions `o` (original) and `m` (mutant), evaluated from one
    /// state at the head, differ in value or in how their evaluation ends.
    fn conditions_differ(
        ex: &mut crate::program::proofs::symbolic::Executor<'_>,
        o: &Stmt,
        m: &Stmt,
    ) -> Result<crate::solver::ExprId, crate::program::proofs::symbolic::Unsupported> {
        use crate::program::proofs::regions::loop_condition;
        let (Some(co), Some(cm)) = (loop_condition(o), loop_condition(m)) else {
            return Err(crate::program::proofs::symbolic::Unsupported(
                "a loop without a condition".into(),
            ));
        };
        if co.has_effects() || cm.has_effects() {
            // An evaluation of equal value could still leave different states: the first
            // evaluation that differs in value need not be the first that differs.
            return Err(crate::program::proofs::symbolic::Unsupported(
                "a loop condition with side effects".into(),
            ));
        }
        let mut a = ex.entry()?;
        let x = ex.eval(&mut a, co, None)?;
        let mut b = ex.entry()?;
        let y = ex.eval(&mut b, cm, None)?;
        let values = ex.differs(x, y)?;
        let exits = ex
            .problem
            .binary(crate::solver::BinOp::Ne, a.exit, b.exit)
            .map_err(crate::program::proofs::symbolic::Unsupported::from)?;
        Ok(ex.or(values, exits))
    }
}

/// The top-level disjuncts of `e` (`e` itself when it is no `||`).
pub(crate) fn disjuncts(
    problem: &crate::solver::Problem,
    e: crate::solver::ExprId,
    out: &mut Vec<crate::solver::ExprId>,
) {
    match problem.node(e) {
        crate::solver::Node::Binary(crate::solver::BinOp::LogicalOr, a, b) => {
            disjuncts(problem, a, out);
            disjuncts(problem, b, out);
        }
        _ => out.push(e),
    }
}

/// Everything by which two versions of a region can be told apart after it: its outputs
/// (see [`crate::program::proofs::symbolic::Executor::distinguish`]) and, for an expression's region, its
/// value.
fn outputs_differ(
    ex: &mut crate::program::proofs::symbolic::Executor<'_>,
    a: &mut crate::program::proofs::symbolic::State,
    b: &mut crate::program::proofs::symbolic::State,
    live: &[crate::program::reader::ir::LocalId],
) -> Result<crate::solver::ExprId, String> {
    let mut differ = ex.distinguish(a, b, live).map_err(|e| e.0)?;
    match (a.value, b.value) {
        (None, None) => {}
        (Some(x), Some(y)) => {
            // The value is read only when the region completes normally (the exits are
            // compared above: when `a` goes on and `b` not, they differ anyway).
            let d = ex.differs(x, y).map_err(|e| e.0)?;
            let on = ex.goes_on(a).map_err(|e| e.0)?;
            let d = ex.and(on, d);
            differ = ex.or(differ, d);
        }
        _ => return Err("one version of the region has a value, the other not".into()),
    }
    Ok(differ)
}

/// Whether the code at `span` may run more than once per call: it lies inside a loop (a loop
/// that is the region itself runs once).
fn repeats(body: &Body, span: (u32, u32)) -> bool {
    crate::program::proofs::regions::chain(body, span)
        .iter()
        .any(|&(list, i)| {
            let s = &list[i];
            matches!(
                s.kind,
                StmtKind::While { .. }
                    | StmtKind::Do { .. }
                    | StmtKind::For { .. }
                    | StmtKind::ForEach { .. }
            ) && (s.span.start, s.span.end) != span
        })
}

/// Whether any method of the unit, or a field's initializer, calls method `method` of class
/// `class`.
fn is_called(unit: &Unit, class: u32, method: u32) -> bool {
    let target = |e: &Expr| matches!(&e.kind, ExprKind::Call { method: r, .. } if (r.class, r.method) == (class, method));
    let mut found = false;
    for c in &unit.classes {
        for m in &c.methods {
            if let Ok(b) = &m.body {
                crate::program::reader::visit_stmts(&b.stmts, &mut |e| found |= target(e));
            }
        }
        for f in &c.fields {
            if let Some(init) = &f.init {
                let mut stack = vec![init];
                while let Some(e) = stack.pop() {
                    found |= target(e);
                    stack.extend(e.children());
                }
            }
        }
    }
    found
}
