//! Constraint problems: typed variables, Java expressions over them (an arena of nodes, with
//! Java's numeric promotions made explicit as casts), the constraints to satisfy, scopes, and
//! evaluation under Java semantics — what "a model satisfies the constraints" means.

use std::fmt;

use super::java::{self, BinOp, Exception, JType, UnOp, Value};

/// A declared variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub(crate) u32);

impl VarId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An expression node in a [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExprId(pub(crate) u32);

impl ExprId {
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) fn from_index(i: usize) -> ExprId {
        ExprId(i as u32)
    }
}

/// One expression node. Operands of arithmetic and comparisons have the operation's type
/// (the builder inserts the promotions as [`Node::Cast`]s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Node {
    Const(Value),
    Var(VarId),
    Unary(UnOp, ExprId),
    Binary(BinOp, ExprId, ExprId),
    /// `c ? a : b`
    Cond(ExprId, ExprId, ExprId),
    Cast(JType, ExprId),
}

/// A type error while building an expression.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TypeError(pub String);

/// A constraint: an expression that must evaluate to `true` (without exception), or a nogood
/// excluding one assignment of some variables.
#[derive(Clone, Debug, PartialEq)]
pub enum Constraint {
    Holds(ExprId),
    /// Not all of these variables take these values.
    Exclude(Vec<(VarId, Value)>),
}

/// Values for every variable of a problem, by [`VarId`].
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub values: Vec<Value>,
}

impl Model {
    pub fn get(&self, v: VarId) -> Value {
        self.values[v.index()]
    }
}

#[derive(Clone, Copy, Debug)]
struct Scope {
    vars: usize,
    nodes: usize,
    constraints: usize,
}

/// Variables, expressions and constraints. Scopes ([`push`](Problem::push) /
/// [`pop`](Problem::pop)) let a caller add constraints for one question and take them back,
/// keeping what was built before (a region's constraints reused for many mutants).
///
/// Built by hand, as the program side does: an input that tells `a + b` from its mutant
/// `a - b` (the mutation effect must reach the value), within the region's path condition.
///
/// ```
/// use roth::solver::{BinOp, JType, Problem, SolveOptions, Verdict, solve};
///
/// let mut p = Problem::new();
/// let a = p.var("a", JType::Int);
/// let b = p.var("b", JType::Int);
/// let (ra, rb) = (p.read(a), p.read(b));
/// // Path condition: a > 10.
/// let ten = p.int(10);
/// let path = p.binary(BinOp::Gt, ra, ten)?;
/// p.require(path)?;
/// // Mutation effect: orig != mut.
/// let orig = p.binary(BinOp::Add, ra, rb)?;
/// let mutant = p.binary(BinOp::Sub, ra, rb)?;
/// let differs = p.binary(BinOp::Ne, orig, mutant)?;
/// p.require(differs)?;
/// let (verdict, _) = solve(&p, SolveOptions::default());
/// let Verdict::Sat(model) = verdict else { panic!("{verdict:?}") };
/// assert!(p.satisfies(&model));
/// assert!(model.get(a).as_int().unwrap() > 10);
/// assert_ne!(model.get(b).as_int(), Some(0));
/// # Ok::<(), roth::solver::TypeError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Problem {
    names: Vec<String>,
    var_types: Vec<JType>,
    nodes: Vec<Node>,
    types: Vec<JType>,
    var_nodes: Vec<ExprId>,
    constraints: Vec<Constraint>,
    scopes: Vec<Scope>,
    /// Each node once: building `x + y` twice gives the same node, so every occurrence of a
    /// subterm shares one domain (`x / 2 < y && y < x / 2` is a cycle between two atoms, and a
    /// mutant's expression shares all but the mutated part with the original's).
    interned: hashbrown::HashMap<(Key, JType), ExprId>,
}

/// A node as a hash key (doubles by their bits: `0.0` and `-0.0` are different constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Int(JType, i64),
    Double(u64),
    Var(VarId),
    Unary(UnOp, ExprId),
    Binary(BinOp, ExprId, ExprId),
    Cond(ExprId, ExprId, ExprId),
    Cast(JType, ExprId),
}

impl Key {
    fn of(node: Node) -> Key {
        match node {
            Node::Const(Value::Int(t, v)) => Key::Int(t, v),
            Node::Const(Value::Double(d)) => Key::Double(d.to_bits()),
            Node::Var(v) => Key::Var(v),
            Node::Unary(op, a) => Key::Unary(op, a),
            Node::Binary(op, a, b) => Key::Binary(op, a, b),
            Node::Cond(c, a, b) => Key::Cond(c, a, b),
            Node::Cast(t, a) => Key::Cast(t, a),
        }
    }
}

/// Printing terms back as Java expressions, for traces and reports.
impl Problem {
    /// `e` as a Java expression, fully parenthesised below the top; subterms deeper than
    /// `depth` print as `…` (a loop's terms grow with every iteration).
    pub(crate) fn show(&self, e: ExprId, depth: usize) -> String {
        let mut out = String::new();
        self.show_into(e, depth, true, &mut out);
        out
    }

    fn show_into(&self, e: ExprId, depth: usize, top: bool, out: &mut String) {
        use std::fmt::Write as _;
        if depth == 0 {
            out.push('…');
            return;
        }
        let (open, close) = if top { ("", "") } else { ("(", ")") };
        match self.node(e) {
            Node::Const(Value::Int(JType::Boolean, v)) => {
                out.push_str(if v != 0 { "true" } else { "false" })
            }
            Node::Const(v) => write!(out, "{v}").unwrap(),
            Node::Var(v) => out.push_str(self.name(v)),
            Node::Unary(op, a) => {
                let symbol = match op {
                    UnOp::Neg => "-",
                    UnOp::BitNot => "~",
                    UnOp::Not => "!",
                    UnOp::Abs => "Math.abs",
                };
                out.push_str(symbol);
                out.push('(');
                self.show_into(a, depth - 1, true, out);
                out.push(')');
            }
            Node::Binary(op @ (BinOp::Min | BinOp::Max), a, b) => {
                write!(out, "{}(", op.symbol()).unwrap();
                self.show_into(a, depth - 1, true, out);
                out.push_str(", ");
                self.show_into(b, depth - 1, true, out);
                out.push(')');
            }
            Node::Binary(op, a, b) => {
                out.push_str(open);
                self.show_into(a, depth - 1, false, out);
                write!(out, " {} ", op.symbol()).unwrap();
                self.show_into(b, depth - 1, false, out);
                out.push_str(close);
            }
            Node::Cond(c, a, b) => {
                out.push_str(open);
                self.show_into(c, depth - 1, false, out);
                out.push_str(" ? ");
                self.show_into(a, depth - 1, false, out);
                out.push_str(" : ");
                self.show_into(b, depth - 1, false, out);
                out.push_str(close);
            }
            Node::Cast(t, a) => {
                write!(out, "{open}({t}) ").unwrap();
                self.show_into(a, depth - 1, false, out);
                out.push_str(close);
            }
        }
    }
}

impl Problem {
    pub fn new() -> Problem {
        Problem::default()
    }

    /// Declares a variable of a primitive type.
    pub fn var(&mut self, name: &str, ty: JType) -> VarId {
        let id = VarId(self.var_types.len() as u32);
        self.names.push(name.to_string());
        self.var_types.push(ty);
        let node = self.push_node(Node::Var(id), ty);
        self.var_nodes.push(node);
        id
    }

    pub fn vars(&self) -> impl ExactSizeIterator<Item = VarId> + use<> {
        (0..self.var_types.len() as u32).map(VarId)
    }

    pub fn var_count(&self) -> usize {
        self.var_types.len()
    }

    pub fn name(&self, v: VarId) -> &str {
        &self.names[v.index()]
    }

    pub fn var_type(&self, v: VarId) -> JType {
        self.var_types[v.index()]
    }

    pub fn find_var(&self, name: &str) -> Option<VarId> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| VarId(i as u32))
    }

    /// The expression reading variable `v`.
    pub fn read(&self, v: VarId) -> ExprId {
        self.var_nodes[v.index()]
    }

    pub fn node(&self, e: ExprId) -> Node {
        self.nodes[e.index()]
    }

    pub fn ty(&self, e: ExprId) -> JType {
        self.types[e.index()]
    }

    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    fn push_node(&mut self, node: Node, ty: JType) -> ExprId {
        let next = ExprId(self.nodes.len() as u32);
        let id = *self.interned.entry((Key::of(node), ty)).or_insert(next);
        if id == next {
            self.nodes.push(node);
            self.types.push(ty);
        }
        id
    }

    pub fn constant(&mut self, value: Value) -> ExprId {
        self.push_node(Node::Const(value), value.ty())
    }

    pub fn int(&mut self, v: i32) -> ExprId {
        self.constant(Value::Int(JType::Int, v as i64))
    }

    pub fn long(&mut self, v: i64) -> ExprId {
        self.constant(Value::Int(JType::Long, v))
    }

    pub(crate) fn boolean(&mut self, b: bool) -> ExprId {
        self.constant(Value::boolean(b))
    }

    pub fn double(&mut self, d: f64) -> ExprId {
        self.constant(Value::Double(d))
    }

    /// `e` converted to `ty` by a widening (implicit) conversion, or `e` itself.
    fn promote(&mut self, e: ExprId, ty: JType) -> ExprId {
        if self.ty(e) == ty {
            e
        } else if let Node::Const(v) = self.node(e) {
            // `2 * x` over `long` multiplies by the constant `2L`, not by a cast.
            self.constant(java::cast(ty, v))
        } else {
            self.push_node(Node::Cast(ty, e), ty)
        }
    }

    /// An explicit cast `(ty) e`: between numeric types, or boolean to boolean.
    pub fn cast(&mut self, ty: JType, e: ExprId) -> Result<ExprId, TypeError> {
        let from = self.ty(e);
        if (ty == JType::Boolean) != (from == JType::Boolean) {
            return Err(TypeError(format!("cannot cast {from} to {ty}")));
        }
        Ok(self.promote(e, ty))
    }

    pub fn unary(&mut self, op: UnOp, e: ExprId) -> Result<ExprId, TypeError> {
        let ty = self.ty(e);
        match op {
            UnOp::Not => {
                if ty != JType::Boolean {
                    return Err(TypeError(format!("`!` needs a boolean, found {ty}")));
                }
                Ok(self.push_node(Node::Unary(op, e), ty))
            }
            UnOp::Neg | UnOp::Abs => {
                if !ty.is_numeric() {
                    return Err(TypeError(format!("`{op:?}` needs a number, found {ty}")));
                }
                let p = ty.promoted();
                let e = self.promote(e, p);
                if let Node::Unary(UnOp::Neg, x) = self.node(e) {
                    // `-(-x)` is `x` and `|-x|` is `|x|`, for every value (`-MIN` wraps to
                    // `MIN`; a double's negation flips only its sign bit): said so, a
                    // negated operand no longer hides a term's equality with the original's,
                    // which bounds propagation alone never sees.
                    return Ok(match op {
                        UnOp::Neg => x,
                        _ => self.push_node(Node::Unary(UnOp::Abs, x), p),
                    });
                }
                Ok(self.push_node(Node::Unary(op, e), p))
            }
            UnOp::BitNot => {
                if !ty.is_integral() {
                    return Err(TypeError(format!("`~` needs an integer, found {ty}")));
                }
                let p = ty.promoted();
                let e = self.promote(e, p);
                Ok(self.push_node(Node::Unary(op, e), p))
            }
        }
    }

    pub fn binary(&mut self, op: BinOp, a: ExprId, b: ExprId) -> Result<ExprId, TypeError> {
        let (ta, tb) = (self.ty(a), self.ty(b));
        let mismatch = || {
            TypeError(format!(
                "bad operand types for `{}`: {ta} and {tb}",
                op.symbol()
            ))
        };
        match op {
            BinOp::LogicalAnd | BinOp::LogicalOr => {
                if ta != JType::Boolean || tb != JType::Boolean {
                    return Err(mismatch());
                }
                Ok(self.push_node(Node::Binary(op, a, b), JType::Boolean))
            }
            BinOp::And | BinOp::Or | BinOp::Xor if ta == JType::Boolean || tb == JType::Boolean => {
                if ta != tb {
                    return Err(mismatch());
                }
                Ok(self.push_node(Node::Binary(op, a, b), JType::Boolean))
            }
            BinOp::Eq | BinOp::Ne if ta == JType::Boolean || tb == JType::Boolean => {
                if ta != tb {
                    return Err(mismatch());
                }
                Ok(self.push_node(Node::Binary(op, a, b), JType::Boolean))
            }
            BinOp::Shl | BinOp::Shr | BinOp::UShr => {
                if !ta.is_integral() || !tb.is_integral() {
                    return Err(mismatch());
                }
                let (pa, pb) = (ta.promoted(), tb.promoted());
                let a = self.promote(a, pa);
                let b = self.promote(b, pb);
                Ok(self.push_node(Node::Binary(op, a, b), pa))
            }
            BinOp::And | BinOp::Or | BinOp::Xor => {
                if !ta.is_integral() || !tb.is_integral() {
                    return Err(mismatch());
                }
                self.arithmetic(op, a, b)
            }
            _ => {
                if !ta.is_numeric() || !tb.is_numeric() {
                    return Err(mismatch());
                }
                if op.is_comparison() {
                    let p = JType::binary_promotion(ta, tb);
                    let mut a = self.promote(a, p);
                    let mut b = self.promote(b, p);
                    if matches!(op, BinOp::Eq | BinOp::Ne) && matches!(p, JType::Int | JType::Long)
                    {
                        // Negation is a bijection of the integers: `-x == -y` is `x == y`,
                        // `-x == c` is `x == -c`.
                        match (self.node(a), self.node(b)) {
                            (Node::Unary(UnOp::Neg, x), Node::Unary(UnOp::Neg, y)) => {
                                (a, b) = (x, y);
                            }
                            (Node::Unary(UnOp::Neg, x), Node::Const(Value::Int(_, c))) => {
                                let negated = java::wrap(p, -(c as i128));
                                (a, b) = (x, self.constant(Value::Int(p, negated)));
                            }
                            _ => {}
                        }
                    }
                    if a == b && p.is_integral() {
                        // Only NaN is unequal to itself.
                        let holds = matches!(op, BinOp::Eq | BinOp::Le | BinOp::Ge);
                        return Ok(self.boolean(holds));
                    }
                    Ok(self.push_node(Node::Binary(op, a, b), JType::Boolean))
                } else {
                    self.arithmetic(op, a, b)
                }
            }
        }
    }

    fn arithmetic(&mut self, op: BinOp, a: ExprId, b: ExprId) -> Result<ExprId, TypeError> {
        let p = JType::binary_promotion(self.ty(a), self.ty(b));
        let a = self.promote(a, p);
        let b = self.promote(b, p);
        if op == BinOp::Rem
            && let (Node::Unary(UnOp::Neg, x), Node::Const(Value::Int(_, c))) =
                (self.node(a), self.node(b))
            && c != 0
            && matches!(p, JType::Int | JType::Long)
        {
            // `(-x) % c` is `-(x % c)`, except at the one x whose negation wraps (then it is
            // `x % c`): said so, the remainder of `x` is shared with every other term that
            // takes it (a negated operand, the common mutant, no longer hides it from the
            // original's `x % c`).
            let rem = self.push_node(Node::Binary(BinOp::Rem, x, b), p);
            let negated = self.push_node(Node::Unary(UnOp::Neg, rem), p);
            let min = Value::Int(p, p.range().0);
            if java::integer_op(BinOp::Rem, p, p.range().0, c) == Ok(0) {
                // x = MIN gives 0 both ways.
                return Ok(negated);
            }
            let min = self.constant(min);
            let wraps = self.push_node(Node::Binary(BinOp::Eq, x, min), JType::Boolean);
            return Ok(self.push_node(Node::Cond(wraps, rem, negated), p));
        }
        if op == BinOp::Rem
            && let Node::Unary(UnOp::Neg, x) = self.node(a)
            && matches!(p, JType::Int | JType::Long)
        {
            // The same for any divisor: `(-x) % y` is `-(x % y)` but at `x == MIN`.
            let b = match self.node(b) {
                Node::Unary(UnOp::Neg, y) => y,
                _ => b,
            };
            let rem = self.push_node(Node::Binary(BinOp::Rem, x, b), p);
            let negated = self.push_node(Node::Unary(UnOp::Neg, rem), p);
            let min = self.constant(Value::Int(p, p.range().0));
            let wraps = self.push_node(Node::Binary(BinOp::Eq, x, min), JType::Boolean);
            return Ok(self.push_node(Node::Cond(wraps, rem, negated), p));
        }
        if op == BinOp::Rem
            && let Node::Unary(UnOp::Neg, y) = self.node(b)
        {
            // The remainder takes the dividend's sign and the divisor's magnitude only:
            // `x % -y` is `x % y` (`-MIN` is `MIN`; zero stays zero; fmod alike).
            return Ok(self.push_node(Node::Binary(op, a, y), p));
        }
        Ok(self.push_node(Node::Binary(op, a, b), p))
    }

    /// `c ? a : b`: both branches boolean, or numeric (promoted to a common type).
    pub fn cond(&mut self, c: ExprId, a: ExprId, b: ExprId) -> Result<ExprId, TypeError> {
        let (tc, ta, tb) = (self.ty(c), self.ty(a), self.ty(b));
        if tc != JType::Boolean {
            return Err(TypeError(format!(
                "a condition must be boolean, found {tc}"
            )));
        }
        let ty = if ta == tb {
            ta
        } else if ta.is_numeric() && tb.is_numeric() {
            JType::binary_promotion(ta, tb)
        } else {
            return Err(TypeError(format!(
                "the branches of `?:` have incompatible types {ta} and {tb}"
            )));
        };
        let a = self.promote(a, ty);
        let b = self.promote(b, ty);
        Ok(self.push_node(Node::Cond(c, a, b), ty))
    }

    /// Requires boolean expression `e` to evaluate to true without raising an exception.
    pub fn require(&mut self, e: ExprId) -> Result<(), TypeError> {
        let ty = self.ty(e);
        if ty != JType::Boolean {
            return Err(TypeError(format!(
                "a constraint must be boolean, found {ty}"
            )));
        }
        self.constraints.push(Constraint::Holds(e));
        Ok(())
    }

    /// Excludes the given values of the given variables taken together (a nogood): a next
    /// solution differs from `model` in at least one of `vars`.
    pub(crate) fn exclude(&mut self, vars: &[VarId], model: &Model) {
        self.constraints.push(Constraint::Exclude(
            vars.iter().map(|&v| (v, model.get(v))).collect(),
        ));
    }

    /// Opens a scope: everything declared, built or required from now on goes at the next
    /// [`pop`](Problem::pop).
    ///
    /// A region's constraints are built once; each mutant's question goes in a scope.
    /// Expressions built inside a scope are gone after its `pop`: keep the ids of what was
    /// built before the `push` only.
    ///
    /// ```
    /// use roth::solver::{BinOp, SolveOptions, Verdict, parse, solve};
    ///
    /// // The region: x in [0, 100], and the original condition `x > 50`.
    /// let mut p = parse("int x; x >= 0 && x <= 100;").unwrap();
    /// let x = p.read(p.find_var("x").unwrap());
    /// let fifty = p.int(50);
    /// let orig = p.binary(BinOp::Gt, x, fifty).unwrap();
    /// // Mutant `x >= 50`: only x == 50 tells it apart.
    /// p.push();
    /// let mutant = p.binary(BinOp::Ge, x, fifty).unwrap();
    /// let differs = p.binary(BinOp::Ne, orig, mutant).unwrap();
    /// p.require(differs).unwrap();
    /// let Verdict::Sat(m) = solve(&p, SolveOptions::default()).0 else { panic!() };
    /// assert_eq!(m.values[0].as_int(), Some(50));
    /// p.pop();
    /// // Mutant `x > 200 - 150`: equivalent, proved by the unsat.
    /// p.push();
    /// let (c200, c150) = (p.int(200), p.int(150));
    /// let moved = p.binary(BinOp::Sub, c200, c150).unwrap();
    /// let mutant = p.binary(BinOp::Gt, x, moved).unwrap();
    /// let differs = p.binary(BinOp::Ne, orig, mutant).unwrap();
    /// p.require(differs).unwrap();
    /// assert_eq!(solve(&p, SolveOptions::default()).0, Verdict::Unsat);
    /// p.pop();
    /// ```
    pub fn push(&mut self) {
        self.scopes.push(Scope {
            vars: self.var_types.len(),
            nodes: self.nodes.len(),
            constraints: self.constraints.len(),
        });
    }

    /// Closes the innermost scope. False when no scope is open.
    pub fn pop(&mut self) -> bool {
        let Some(scope) = self.scopes.pop() else {
            return false;
        };
        self.names.truncate(scope.vars);
        self.var_types.truncate(scope.vars);
        self.var_nodes.truncate(scope.vars);
        for (node, ty) in self.nodes[scope.nodes..]
            .iter()
            .zip(&self.types[scope.nodes..])
        {
            self.interned.remove(&(Key::of(*node), *ty));
        }
        self.nodes.truncate(scope.nodes);
        self.types.truncate(scope.nodes);
        self.constraints.truncate(scope.constraints);
        true
    }

    /// Which nodes the constraints reach (their operands, transitively, and the variables of
    /// nogoods): the only part of the problem a solution has to care about.
    pub(crate) fn cone(&self) -> Vec<bool> {
        let mut reached = vec![false; self.nodes.len()];
        let mut stack: Vec<ExprId> = Vec::new();
        for c in &self.constraints {
            match c {
                Constraint::Holds(e) => stack.push(*e),
                Constraint::Exclude(pairs) => {
                    stack.extend(pairs.iter().map(|(v, _)| self.var_nodes[v.index()]))
                }
            }
        }
        self.reach(stack, &mut reached);
        reached
    }

    /// The problem restricted to its [`cone`](Problem::cone): same constraints over only the
    /// nodes they reach, and for each variable of `self` its variable in the restriction.
    /// A caller that keeps many questions' terms in one problem (each region's original
    /// built once) asks the solver about the one question's terms only.
    pub(crate) fn restricted(&self) -> (Problem, Vec<Option<VarId>>) {
        self.restrict(&self.cone(), &self.constraints)
    }

    /// The problem of the required terms `roots` alone (over the nodes they reach), and for
    /// each variable of `self` its variable there: one part of [`components`](Problem::components).
    pub(crate) fn restricted_to(&self, roots: &[ExprId]) -> (Problem, Vec<Option<VarId>>) {
        let mut reached = vec![false; self.nodes.len()];
        self.reach(roots.to_vec(), &mut reached);
        let constraints: Vec<Constraint> = roots.iter().map(|&e| Constraint::Holds(e)).collect();
        self.restrict(&reached, &constraints)
    }

    /// Marks every node reachable from `stack` in `reached`.
    fn reach(&self, mut stack: Vec<ExprId>, reached: &mut [bool]) {
        while let Some(e) = stack.pop() {
            if std::mem::replace(&mut reached[e.index()], true) {
                continue;
            }
            stack.extend(super::propagate::operands(self.nodes[e.index()]));
        }
    }

    fn restrict(
        &self,
        reached: &[bool],
        constraints: &[Constraint],
    ) -> (Problem, Vec<Option<VarId>>) {
        let mut out = Problem::new();
        let mut node_map = vec![ExprId(u32::MAX); self.nodes.len()];
        let mut var_map = vec![None; self.var_types.len()];
        let map = |e: ExprId, m: &[ExprId]| m[e.index()];
        for (i, &node) in self.nodes.iter().enumerate() {
            if !reached[i] {
                continue;
            }
            let ty = self.types[i];
            let new = match node {
                Node::Var(v) => {
                    let nv = out.var(&self.names[v.index()], self.var_types[v.index()]);
                    var_map[v.index()] = Some(nv);
                    out.read(nv)
                }
                Node::Const(_) => out.push_node(node, ty),
                Node::Unary(op, a) => out.push_node(Node::Unary(op, map(a, &node_map)), ty),
                Node::Binary(op, a, b) => {
                    out.push_node(Node::Binary(op, map(a, &node_map), map(b, &node_map)), ty)
                }
                Node::Cond(c, a, b) => out.push_node(
                    Node::Cond(map(c, &node_map), map(a, &node_map), map(b, &node_map)),
                    ty,
                ),
                Node::Cast(t, a) => out.push_node(Node::Cast(t, map(a, &node_map)), ty),
            };
            node_map[i] = new;
        }
        for c in constraints {
            out.constraints.push(match c {
                Constraint::Holds(e) => Constraint::Holds(node_map[e.index()]),
                Constraint::Exclude(pairs) => Constraint::Exclude(
                    pairs
                        .iter()
                        .map(|(v, x)| (var_map[v.index()].expect("in the cone"), *x))
                        .collect(),
                ),
            });
        }
        (out, var_map)
    }

    /// The required terms in groups that share no variable (a required `&&` split into its
    /// operands), the group with the fewest nodes first: each group can be solved alone, the
    /// problem is unsatisfiable when one group is, and the groups' models together are a
    /// model. `None` when the problem excludes models (a nogood ties its variables together)
    /// or has fewer than two groups.
    pub fn components(&self) -> Option<Vec<Vec<ExprId>>> {
        let mut roots = Vec::new();
        for c in &self.constraints {
            let Constraint::Holds(e) = c else {
                return None;
            };
            let mut stack = vec![*e];
            while let Some(e) = stack.pop() {
                match self.nodes[e.index()] {
                    Node::Binary(BinOp::LogicalAnd, a, b) => stack.extend([b, a]),
                    Node::Binary(BinOp::And, a, b) if self.types[e.index()] == JType::Boolean => {
                        stack.extend([b, a])
                    }
                    _ => roots.push(e),
                }
            }
        }
        roots.sort();
        roots.dedup();
        if roots.len() < 2 {
            return None;
        }
        // Union-find over the roots, joined through the variables their terms read.
        let mut parent: Vec<usize> = (0..roots.len()).collect();
        fn find(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let mut owner: Vec<Option<usize>> = vec![None; self.var_types.len()];
        let mut sizes = vec![0usize; roots.len()];
        // Which root's walk last passed each node.
        let mut seen = vec![usize::MAX; self.nodes.len()];
        for (k, &r) in roots.iter().enumerate() {
            let mut stack = vec![r];
            while let Some(e) = stack.pop() {
                if std::mem::replace(&mut seen[e.index()], k) == k {
                    continue;
                }
                stack.extend(super::propagate::operands(self.nodes[e.index()]));
                sizes[k] += 1;
                if let Node::Var(v) = self.nodes[e.index()] {
                    match owner[v.index()] {
                        None => owner[v.index()] = Some(k),
                        Some(o) => {
                            let (a, b) = (find(&mut parent, o), find(&mut parent, k));
                            parent[a] = b;
                        }
                    }
                }
            }
        }
        let mut groups: Vec<(usize, Vec<ExprId>)> = Vec::new();
        let mut group_of = vec![usize::MAX; roots.len()];
        for k in 0..roots.len() {
            let top = find(&mut parent, k);
            if group_of[top] == usize::MAX {
                group_of[top] = groups.len();
                groups.push((0, Vec::new()));
            }
            let g = &mut groups[group_of[top]];
            g.0 += sizes[k];
            g.1.push(roots[k]);
        }
        if groups.len() < 2 {
            return None;
        }
        groups.sort_by_key(|g| g.0);
        Some(groups.into_iter().map(|g| g.1).collect())
    }

    /// Evaluates `e` under `model` with Java semantics (`&&`, `||` and `?:` evaluate only
    /// what Java evaluates, so a guarded division by zero raises nothing).
    pub fn eval(&self, e: ExprId, model: &Model) -> Result<Value, Exception> {
        self.eval_shared(e, model, &mut Vec::new())
    }

    /// [`eval`](Problem::eval) remembering each node's value: terms are DAGs (a region's
    /// merged branches share their parts), which a plain recursion would walk exponentially.
    fn eval_shared(
        &self,
        e: ExprId,
        model: &Model,
        memo: &mut Vec<Option<Result<Value, Exception>>>,
    ) -> Result<Value, Exception> {
        if memo.len() < self.nodes.len() {
            memo.resize(self.nodes.len(), None);
        }
        if let Some(v) = memo[e.index()] {
            return v;
        }
        let v = self.eval_node(e, model, memo);
        memo[e.index()] = Some(v);
        v
    }

    fn eval_node(
        &self,
        e: ExprId,
        model: &Model,
        memo: &mut Vec<Option<Result<Value, Exception>>>,
    ) -> Result<Value, Exception> {
        let ty = self.ty(e);
        Ok(match self.node(e) {
            Node::Const(v) => v,
            Node::Var(v) => model.get(v),
            Node::Cast(to, a) => java::cast(to, self.eval_shared(a, model, memo)?),
            Node::Unary(op, a) => {
                let v = self.eval_shared(a, model, memo)?;
                match (op, v) {
                    (UnOp::Not, v) => Value::boolean(v.as_bool() != Some(true)),
                    (UnOp::Neg, Value::Double(d)) => Value::Double(-d),
                    (UnOp::Abs, Value::Double(d)) => Value::Double(d.abs()),
                    (UnOp::Neg, Value::Int(t, i)) => Value::Int(t, java::wrap(t, -(i as i128))),
                    // Math.abs(MIN_VALUE) is MIN_VALUE.
                    (UnOp::Abs, Value::Int(t, i)) => {
                        Value::Int(t, java::wrap(t, (i as i128).abs()))
                    }
                    (UnOp::BitNot, Value::Int(t, i)) => Value::Int(t, !i),
                    (UnOp::BitNot, Value::Double(_)) => unreachable!("typed as integral"),
                }
            }
            Node::Cond(c, a, b) => {
                if self.eval_shared(c, model, memo)?.as_bool() == Some(true) {
                    self.eval_shared(a, model, memo)?
                } else {
                    self.eval_shared(b, model, memo)?
                }
            }
            Node::Binary(op, a, b) => match op {
                BinOp::LogicalAnd => Value::boolean(
                    self.eval_shared(a, model, memo)?.as_bool() == Some(true)
                        && self.eval_shared(b, model, memo)?.as_bool() == Some(true),
                ),
                BinOp::LogicalOr => Value::boolean(
                    self.eval_shared(a, model, memo)?.as_bool() == Some(true)
                        || self.eval_shared(b, model, memo)?.as_bool() == Some(true),
                ),
                _ => {
                    let (x, y) = (
                        self.eval_shared(a, model, memo)?,
                        self.eval_shared(b, model, memo)?,
                    );
                    if op.is_comparison() {
                        Value::boolean(java::compare(op, x, y))
                    } else if ty == JType::Double {
                        Value::Double(java::double_op(op, x.as_f64(), y.as_f64()))
                    } else if ty == JType::Boolean {
                        let (p, q) = (x.as_int() == Some(1), y.as_int() == Some(1));
                        Value::boolean(match op {
                            BinOp::And => p & q,
                            BinOp::Or => p | q,
                            _ => p ^ q,
                        })
                    } else {
                        let (p, q) = (
                            x.as_int().expect("integral operand"),
                            y.as_int().expect("integral operand"),
                        );
                        Value::Int(ty, java::integer_op(op, ty, p, q)?)
                    }
                }
            },
        })
    }

    /// Whether `model` satisfies every constraint.
    pub fn satisfies(&self, model: &Model) -> bool {
        let mut memo = Vec::new();
        self.constraints.iter().all(|c| match c {
            Constraint::Holds(e) => {
                self.eval_shared(*e, model, &mut memo) == Ok(Value::boolean(true))
            }
            Constraint::Exclude(pairs) => pairs.iter().any(|&(v, x)| !same(model.get(v), x)),
        })
    }

    /// Writes `e` as Java source (fully parenthesized, promotions shown as casts).
    pub fn display(&self, e: ExprId) -> DisplayExpr<'_> {
        DisplayExpr { problem: self, e }
    }
}

/// Value identity as a nogood means it: doubles by bits (so NaN equals NaN, -0.0 is not 0.0).
pub(crate) fn same(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Double(x), Value::Double(y)) => x.to_bits() == y.to_bits(),
        (x, y) => x == y,
    }
}

pub struct DisplayExpr<'p> {
    problem: &'p Problem,
    e: ExprId,
}

impl fmt::Display for DisplayExpr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.problem;
        let sub = |e| p.display(e);
        match p.node(self.e) {
            Node::Const(v) => write!(f, "{v}"),
            Node::Var(v) => f.write_str(p.name(v)),
            Node::Cast(t, a) => write!(f, "(({t}) {})", sub(a)),
            Node::Unary(UnOp::Neg, a) => write!(f, "(-{})", sub(a)),
            Node::Unary(UnOp::BitNot, a) => write!(f, "(~{})", sub(a)),
            Node::Unary(UnOp::Not, a) => write!(f, "(!{})", sub(a)),
            Node::Unary(UnOp::Abs, a) => write!(f, "Math.abs({})", sub(a)),
            Node::Cond(c, a, b) => write!(f, "({} ? {} : {})", sub(c), sub(a), sub(b)),
            Node::Binary(op @ (BinOp::Min | BinOp::Max), a, b) => {
                write!(f, "{}({}, {})", op.symbol(), sub(a), sub(b))
            }
            Node::Binary(op, a, b) => write!(f, "({} {} {})", sub(a), op.symbol(), sub(b)),
        }
    }
}
