//! Expressions and assignments, evaluated into solver terms in Java's order: operators
//! (division by zero leaves with `ArithmeticException`), conditionals and short-circuit
//! operators under the guard that Java evaluates them, calls as deterministic functions of
//! their arguments and the heap, allocation, printing, and the places an assignment writes.

use crate::program::reader::ir::{
    BinaryOp, Builtin, Const, Expr, ExprKind, FieldRef, LocalId, MethodRef, PrintKind, Type,
    UnaryOp,
};
use crate::solver::{BinOp, ExprId, JType, UnOp, Value};

use super::{
    Callee, EXCEPTION_BASE, Executor, HANG, HeapOp, Input, Piece, Reference, Result, State, Sym,
    jtype, unsupported,
};

impl<'u> Executor<'u> {
    // ---- expressions ----

    pub(super) fn prim(&self, s: Sym) -> Result<ExprId> {
        match s {
            Sym::Prim(e) => Ok(e),
            Sym::Ref(_) => unsupported("a reference where a value was expected"),
        }
    }

    pub(super) fn constant(&mut self, c: &Const) -> Result<Sym> {
        Ok(Sym::Prim(match c {
            Const::Int(t, v) => self.problem.constant(Value::Int(jtype(t)?, *v)),
            Const::Double(d) => self.problem.double(*d),
            Const::Float(_) => return unsupported("float values"),
            Const::Str(text) => {
                return Ok(Sym::Ref(self.reference(Reference::Literal(text.to_vec()))));
            }
        }))
    }

    /// Evaluates `e` in `st`; `extra` is the condition under which Java evaluates it at all
    /// (the right operand of `&&`, an arm of `?:`).
    pub(crate) fn eval(&mut self, st: &mut State, e: &Expr, extra: Option<ExprId>) -> Result<Sym> {
        match &e.kind {
            ExprKind::Literal(c) => self.constant(c),
            ExprKind::InstanceCall {
                receiver,
                method,
                args,
            } => {
                let vals = self.arguments(st, std::iter::once(&**receiver).chain(args), extra)?;
                let Sym::Ref(r) = vals[0] else {
                    return unsupported("a method called on a value");
                };
                // Java evaluates the arguments before it finds the receiver null.
                self.check_access(st, r, None, extra)?;
                let callee = Callee::Method(*method);
                if self.observes(&receiver.ty, *method) {
                    let v = self.apply(st, callee, vals, &e.ty, extra, false)?;
                    return self.observed(*method, v);
                }
                self.apply(st, callee, vals, &e.ty, extra, true)
            }
            ExprKind::This
            | ExprKind::New { .. }
            | ExprKind::FieldOf { .. }
            | ExprKind::SuperCall { .. }
            | ExprKind::SuperConstructor { .. }
            | ExprKind::EnumConstant { .. }
            | ExprKind::EnumValues { .. }
            | ExprKind::EnumValueOf { .. }
            | ExprKind::Closure { .. }
            | ExprKind::InstanceOf { .. } => unsupported("objects"),
            ExprKind::Null => Ok(Sym::Ref(0)),
            ExprKind::Local(id) => self.local(st, *id),
            ExprKind::Field(f) => {
                let field = &self.unit.classes[f.class as usize].fields[f.field as usize];
                if let Some(c) = field.constant.clone() {
                    return self.constant(&c);
                }
                let heap = st.heap.clone();
                self.get_field(&heap, *f)
            }
            ExprKind::Length(a) => {
                let Sym::Ref(r) = self.eval(st, a, extra)? else {
                    return unsupported("the length of a non-array");
                };
                if !matches!(
                    self.references[r as usize],
                    Reference::Input(_, Type::Array(_))
                        | Reference::Fresh { .. }
                        | Reference::Choice { .. }
                ) {
                    return unsupported("the length of a string");
                }
                self.check_access(st, r, None, extra)?;
                Ok(Sym::Prim(self.length(r)))
            }
            ExprKind::Index(a, i) => {
                let Sym::Ref(r) = self.eval(st, a, extra)? else {
                    return unsupported("an index into a non-array");
                };
                let i = self.eval(st, i, extra)?;
                let i = self.prim(i)?;
                self.check_access(st, r, Some(i), extra)?;
                let heap = st.heap.clone();
                self.load(&heap, r, i)
            }
            ExprKind::Unary(op, x) => {
                let v = self.eval(st, x, extra)?;
                let v = self.prim(v)?;
                Ok(Sym::Prim(match op {
                    UnaryOp::Plus => v,
                    UnaryOp::Neg => self.problem.unary(UnOp::Neg, v)?,
                    UnaryOp::BitNot => self.problem.unary(UnOp::BitNot, v)?,
                    UnaryOp::Not => self.not(v),
                }))
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } => self.binary(st, *op, op_type, left, right, extra),
            ExprKind::Assign {
                target,
                op,
                op_type,
                value,
            } => self.assign(st, target, *op, op_type, value, extra),
            ExprKind::IncDec {
                target,
                increment,
                prefix,
            } => {
                let place = self.place(st, target, extra)?;
                let old = self.read_place(st, &place, extra)?;
                let old = self.prim(old)?;
                // `int` 1: the addition promotes it to the target's type (double included).
                let one = self.int(1);
                let op = if *increment { BinOp::Add } else { BinOp::Sub };
                let new = self.problem.binary(op, old, one)?;
                let new = self.problem.cast(jtype(&target.ty)?, new)?;
                self.write_place(st, &place, Sym::Prim(new), extra)?;
                Ok(Sym::Prim(if *prefix { new } else { old }))
            }
            ExprKind::Conditional(c, a, b) => {
                let c = self.eval(st, c, extra)?;
                let c = self.prim(c)?;
                let ga = self.and_opt(extra, c);
                let not_c = self.not(c);
                let gb = self.and_opt(extra, not_c);
                let a = self.eval(st, a, Some(ga))?;
                let b = self.eval(st, b, Some(gb))?;
                let (a, b) = match (a, b) {
                    (Sym::Prim(x), Sym::Prim(y)) => {
                        let ty = jtype(&e.ty)?;
                        (
                            Sym::Prim(self.problem.cast(ty, x)?),
                            Sym::Prim(self.problem.cast(ty, y)?),
                        )
                    }
                    other => other,
                };
                self.cond_sym(c, a, b)
            }
            ExprKind::Convert(x) | ExprKind::Cast(x) => {
                let v = self.eval(st, x, extra)?;
                // A conversion of a reference widens it (it cannot fail); a cast to a type
                // that is no supertype of the operand's checks the object's class: a function
                // of an opaque object, not modelled for an array (`(int[]) o` of an `Object`).
                let widens = matches!(e.kind, ExprKind::Convert(_))
                    || x.ty == e.ty
                    || e.ty == Type::Object
                    || v == Sym::Ref(0);
                if let (Sym::Ref(r), Type::Class(c)) = (v, &x.ty)
                    && e.ty.is_primitive()
                    && let Some(primitive) = self.unit.unboxed(c.id)
                {
                    // Unboxing: `null` throws, else the box's value (then widened).
                    self.check_access(st, r, None, extra)?;
                    let value = self.apply(st, Callee::Unbox, vec![v], &primitive, extra, false)?;
                    let value = self.prim(value)?;
                    return Ok(Sym::Prim(self.problem.cast(jtype(&e.ty)?, value)?));
                }
                if let (Sym::Prim(_), Type::Class(c)) = (v, &e.ty)
                    && self.unit.unboxed(c.id).is_some()
                {
                    // Boxing: which object comes out is the library's business (a cached one
                    // or a new one), so it is a call that may change the heap.
                    return self.apply(st, Callee::Box(c.id), vec![v], &e.ty, extra, true);
                }
                if let (Sym::Ref(r), Type::Class(c), false) = (v, &e.ty, widens)
                    && self.opaque(r)
                {
                    // A checked cast of an object: whether it throws depends on the object
                    // alone, the same in both versions.
                    self.apply(st, Callee::Cast(c.id), vec![v], &Type::Void, extra, false)?;
                    return Ok(v);
                }
                match v {
                    Sym::Prim(v) => Ok(Sym::Prim(self.problem.cast(jtype(&e.ty)?, v)?)),
                    Sym::Ref(_)
                        if e.ty.is_reference() && !matches!(e.ty, Type::String) && widens =>
                    {
                        Ok(v)
                    }
                    Sym::Ref(_) => unsupported("a conversion of a reference"),
                }
            }
            ExprKind::Call { method, args } => self.call(st, *method, args, &e.ty, extra),
            ExprKind::Builtin(
                b @ (Builtin::StringLength | Builtin::StringIsEmpty | Builtin::StringCharAt),
                args,
            ) => {
                let Sym::Ref(r) = self.eval(st, &args[0], extra)? else {
                    return unsupported("a string method on a value");
                };
                match b {
                    Builtin::StringCharAt => {
                        let i = self.eval(st, &args[1], extra)?;
                        let i = self.prim(i)?;
                        self.check_access(st, r, Some(i), extra)?;
                        let heap = st.heap.clone();
                        self.load(&heap, r, i)
                    }
                    _ => {
                        self.check_access(st, r, None, extra)?;
                        let n = self.length(r);
                        Ok(Sym::Prim(if *b == Builtin::StringLength {
                            n
                        } else {
                            self.problem.binary(BinOp::Eq, n, self.zero)?
                        }))
                    }
                }
            }
            ExprKind::Builtin(
                b @ (Builtin::MathAbs | Builtin::MathMin | Builtin::MathMax),
                args,
            ) => {
                let mut vals = Vec::new();
                for a in args {
                    let v = self.eval(st, a, extra)?;
                    vals.push(self.prim(v)?);
                }
                Ok(Sym::Prim(match (b, vals.as_slice()) {
                    (Builtin::MathAbs, [x]) => self.problem.unary(UnOp::Abs, *x)?,
                    (Builtin::MathMin, [x, y]) => self.problem.binary(BinOp::Min, *x, *y)?,
                    (Builtin::MathMax, [x, y]) => self.problem.binary(BinOp::Max, *x, *y)?,
                    _ => return unsupported(format!("the library method {b:?}")),
                }))
            }
            // Any other function of its arguments is one the executor does not know: the
            // same arguments give the same outcome in both versions, nothing more.
            ExprKind::Builtin(b, args) if b.is_plain_function() => {
                let vals = self.arguments(st, args, extra)?;
                if b.dereferences_receiver()
                    && let Some(&Sym::Ref(r)) = vals.first()
                {
                    self.check_access(st, r, None, extra)?;
                }
                // A new string or array each time: a second call is another object.
                let logged = !e.ty.is_primitive();
                self.apply(st, Callee::Builtin(*b), vals, &e.ty, extra, logged)
            }
            ExprKind::Builtin(b, _) => unsupported(format!("the library method {b:?}")),
            ExprKind::Concat(a, b) => {
                let vals = self.arguments(st, [&**a, &**b], extra)?;
                // A new string each time, and an object's `toString()` may run any code.
                self.apply(st, Callee::Concat, vals, &e.ty, extra, true)
            }
            ExprKind::NewArray { lengths, extra: 0 } if lengths.len() == 1 => {
                let n = self.eval(st, &lengths[0], extra)?;
                let n = self.prim(n)?;
                let n = self.problem.cast(JType::Int, n)?;
                let negative = self.problem.binary(BinOp::Lt, n, self.zero)?;
                let code = self.exception("java.lang.NegativeArraySizeException");
                self.leave(st, code, negative, extra);
                Ok(Sym::Ref(self.allocate(n, &e.ty)?))
            }
            ExprKind::NewArray { .. } => unsupported("allocating an array of arrays"),
            ExprKind::ArrayLiteral(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.eval(st, item, extra)?);
                }
                let n = self.int(items.len() as i64);
                let r = self.allocate(n, &e.ty)?;
                for (k, v) in values.into_iter().enumerate() {
                    let index = self.int(k as i64);
                    self.write_place(st, &Place::Element(r, index), v, extra)?;
                }
                Ok(Sym::Ref(r))
            }
            ExprKind::Print(PrintKind::Format, _) => unsupported("String.format"),
            ExprKind::Print(kind, args) => {
                let mut pieces = Vec::with_capacity(args.len());
                for a in args {
                    pieces.push(self.pieces(st, a, extra)?);
                }
                let guard = self.guard(st, extra);
                st.heap.push(HeapOp::Print {
                    kind: *kind,
                    pieces,
                    guard,
                });
                Ok(Sym::Prim(self.zero))
            }
        }
    }

    /// The text of a printed (or exception message) expression as pieces: string literals and
    /// concatenations of them with values; other strings are not modelled.
    pub(super) fn pieces(
        &mut self,
        st: &mut State,
        e: &Expr,
        extra: Option<ExprId>,
    ) -> Result<Vec<Piece>> {
        Ok(match &e.kind {
            ExprKind::Literal(Const::Str(text)) => {
                vec![Piece::Text(String::from_utf16_lossy(text))]
            }
            ExprKind::Null => vec![Piece::Text("null".into())],
            ExprKind::Concat(a, b) => {
                let mut out = self.pieces(st, a, extra)?;
                out.extend(self.pieces(st, b, extra)?);
                out
            }
            ExprKind::Convert(inner) if e.ty == Type::String => self.pieces(st, inner, extra)?,
            _ if e.ty == Type::String => match self.eval(st, e, extra)? {
                Sym::Ref(r) => vec![Piece::String(r)],
                Sym::Prim(_) => return unsupported("a string that is a value"),
            },
            _ => match self.eval(st, e, extra)? {
                Sym::Prim(x) => vec![Piece::Value(x, e.ty.clone())],
                Sym::Ref(_) => return unsupported("printing a reference"),
            },
        })
    }

    fn and_opt(&mut self, a: Option<ExprId>, b: ExprId) -> ExprId {
        match a {
            Some(a) => self.and(a, b),
            None => b,
        }
    }

    fn binary(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        op_type: &Type,
        left: &Expr,
        right: &Expr,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        let l = self.eval(st, left, extra)?;
        if matches!(op, BinaryOp::CondAnd | BinaryOp::CondOr) {
            let l = self.prim(l)?;
            let taken = if op == BinaryOp::CondAnd {
                l
            } else {
                self.not(l)
            };
            let g = self.and_opt(extra, taken);
            let r = self.eval(st, right, Some(g))?;
            let r = self.prim(r)?;
            return Ok(Sym::Prim(if op == BinaryOp::CondAnd {
                self.and(l, r)
            } else {
                self.or(l, r)
            }));
        }
        let r = self.eval(st, right, extra)?;
        match (l, r) {
            (Sym::Prim(a), Sym::Prim(b)) => self.arithmetic(st, op, op_type, a, b, extra),
            (Sym::Ref(a), Sym::Ref(b)) if matches!(op, BinaryOp::Eq | BinaryOp::Ne) => {
                let same = self.same_object(a, b)?;
                Ok(Sym::Prim(if op == BinaryOp::Eq {
                    same
                } else {
                    self.not(same)
                }))
            }
            _ => unsupported("an operator on references"),
        }
    }

    fn arithmetic(
        &mut self,
        st: &mut State,
        op: BinaryOp,
        op_type: &Type,
        a: ExprId,
        b: ExprId,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        if matches!(op_type, Type::Float) {
            return unsupported("float arithmetic");
        }
        let sop = op.solver_op();
        if matches!(op, BinaryOp::Div | BinaryOp::Rem) && op_type.is_integral() {
            // Division by zero leaves with ArithmeticException; the value is then never used,
            // and the guarded division keeps the term defined for every model.
            let zero = self.problem.constant(Value::Int(jtype(op_type)?, 0));
            let by_zero = self.problem.binary(BinOp::Eq, b, zero)?;
            let code = self.exception("java.lang.ArithmeticException");
            self.leave(st, code, by_zero, extra);
            let q = self.problem.binary(sop, a, b)?;
            let v = self.cond(by_zero, zero, q)?;
            return Ok(Sym::Prim(v));
        }
        Ok(Sym::Prim(self.problem.binary(sop, a, b)?))
    }

    fn call(
        &mut self,
        st: &mut State,
        method: MethodRef,
        args: &[Expr],
        ty: &Type,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        let vals = self.arguments(st, args, extra)?;
        let logged = !self.pure_library_function(method, &vals, ty);
        self.apply(st, Callee::Method(method), vals, ty, extra, logged)
    }

    /// The values of a call's arguments (the receiver first for an instance method), in
    /// Java's order; an array the region allocated may not be passed (the callee could keep
    /// it where the region cannot see).
    fn arguments<'e>(
        &mut self,
        st: &mut State,
        exprs: impl IntoIterator<Item = &'e Expr>,
        extra: Option<ExprId>,
    ) -> Result<Vec<Sym>> {
        let mut vals = Vec::new();
        for a in exprs {
            let v = self.eval(st, a, extra)?;
            self.keep_fresh_inside(v)?;
            vals.push(v);
        }
        Ok(vals)
    }

    /// A call of `method` on the values `vals` (the receiver first for an instance method),
    /// as a function the executor does not know; `logged` when it may change the heap (an
    /// observer, `list.size()`, leaves the heap's history alone, so the same observation
    /// later gives the same value).
    fn apply(
        &mut self,
        st: &mut State,
        method: Callee,
        vals: Vec<Sym>,
        ty: &Type,
        extra: Option<ExprId>,
        logged: bool,
    ) -> Result<Sym> {
        // A call is a deterministic function of its arguments and of the heap before it:
        // the same call in both versions gives the same (unknown) result and effects.
        let h = self.history(&st.heap);
        let key = (method, vals, h);
        let next = self.call_log.len() as u32;
        let id = match self.calls.get(&key) {
            Some(&id) => id,
            None => {
                self.calls.insert(key.clone(), next);
                self.call_log.push(key);
                next
            }
        };
        let g = self.guard(st, extra);
        if logged {
            st.heap.push(HeapOp::Call { call: id, guard: g });
        }
        let hangs = self.input(Input::CallHangs(id), JType::Boolean);
        let hangs = self.problem.read(hangs);
        let throws = self.input(Input::CallThrows(id), JType::Boolean);
        let throws = self.problem.read(throws);
        let class = self.input(Input::CallException(id), JType::Int);
        let class = self.problem.read(class);
        let at_least = self.int(EXCEPTION_BASE + 1);
        let is_exception = self.problem.binary(BinOp::Ge, class, at_least)?;
        self.problem.require(is_exception)?;
        let g_throw = self.and(g, throws);
        st.exit = self.cond(g_throw, class, st.exit)?;
        st.codes.push(EXCEPTION_BASE + 1);
        // Any exception class may come out: mark the state as possibly leaving that way.
        st.codes.push(i64::MAX);
        // A call that never returns leaves by its own code, not as an incomplete state: the
        // same call hangs in both versions (the callee is a deterministic function of the
        // arguments and the heap; for the mutated method itself, by induction on the depth of
        // the calls), so two versions that both hang there are alike.
        let g_hang = self.and(g, hangs);
        let hang = self.int(HANG);
        st.exit = self.cond(g_hang, hang, st.exit)?;
        st.codes.push(HANG);
        st.codes.sort_unstable();
        st.codes.dedup();
        if *ty == Type::Void {
            return Ok(Sym::Prim(self.zero));
        }
        self.input_value(Input::CallResult(id), ty)
    }

    // ---- assignment ----

    fn assign(
        &mut self,
        st: &mut State,
        target: &Expr,
        op: Option<BinaryOp>,
        op_type: &Type,
        value: &Expr,
        extra: Option<ExprId>,
    ) -> Result<Sym> {
        let place = self.place(st, target, extra)?;
        let result = match op {
            None => {
                let v = self.eval(st, value, extra)?;
                if let Place::Element(r, i) = place {
                    // Java checks the array after evaluating the right-hand side.
                    self.check_access(st, r, Some(i), extra)?;
                }
                v
            }
            Some(op) => {
                let old = self.read_place(st, &place, extra)?;
                let old = self.prim(old)?;
                let old = if op.is_shift() {
                    old
                } else {
                    self.problem.cast(jtype(op_type)?, old)?
                };
                let v = self.eval(st, value, extra)?;
                let v = self.prim(v)?;
                let r = self.arithmetic(st, op, op_type, old, v, extra)?;
                Sym::Prim(self.problem.cast(jtype(&target.ty)?, self.prim(r)?)?)
            }
        };
        self.write_place(st, &place, result, extra)?;
        Ok(result)
    }

    fn place(&mut self, st: &mut State, target: &Expr, extra: Option<ExprId>) -> Result<Place> {
        Ok(match &target.kind {
            ExprKind::Local(id) => Place::Local(*id),
            ExprKind::Field(f) => Place::Field(*f),
            ExprKind::Index(a, i) => {
                let Sym::Ref(r) = self.eval(st, a, extra)? else {
                    return unsupported("an index into a non-array");
                };
                let i = self.eval(st, i, extra)?;
                Place::Element(r, self.prim(i)?)
            }
            _ => return unsupported("an assignment to this kind of target"),
        })
    }

    fn read_place(&mut self, st: &mut State, place: &Place, extra: Option<ExprId>) -> Result<Sym> {
        match *place {
            Place::Local(id) => self.local(st, id),
            Place::Field(f) => {
                let heap = st.heap.clone();
                self.get_field(&heap, f)
            }
            Place::Element(r, i) => {
                self.check_access(st, r, Some(i), extra)?;
                let heap = st.heap.clone();
                self.load(&heap, r, i)
            }
        }
    }

    fn write_place(
        &mut self,
        st: &mut State,
        place: &Place,
        v: Sym,
        extra: Option<ExprId>,
    ) -> Result<()> {
        match *place {
            Place::Local(id) => self.set_local(st, id, v, extra),
            Place::Field(field) => {
                self.keep_fresh_inside(v)?;
                let guard = self.guard(st, extra);
                st.heap.push(HeapOp::Put {
                    field,
                    value: v,
                    guard,
                });
                Ok(())
            }
            Place::Element(array, index) => {
                // An array of objects may be an array of a subclass's at run time, where a
                // store can fail (`ArrayStoreException`): not modelled.
                if matches!(v, Sym::Ref(r) if r != 0)
                    && self.element_type(array).is_ok_and(|t| t.has_objects())
                {
                    return unsupported("a store into an array of objects");
                }
                self.keep_fresh_inside(v)?;
                let guard = self.guard(st, extra);
                self.store(st, array, index, v, guard);
                Ok(())
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Place {
    Local(LocalId),
    Field(FieldRef),
    Element(u32, ExprId),
}
