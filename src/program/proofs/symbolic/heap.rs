//! The heap of a region: references (`null`, inputs, arrays the region allocated, choices
//! a branch made) and the log of guarded writes, with what reads it: array loads through
//! the stores that may alias, fields through their puts, lengths, null flags, allocation,
//! and the null and bounds checks of an access.

use crate::program::reader::ir::{Const, FieldRef, Type};
use crate::solver::{BinOp, ExprId, JType, Value};

use super::{Executor, Input, Result, State, Sym, unsupported};

/// A reference: `null`, one read from an input (a local, a field, an element, a call), or an
/// array the region allocated.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reference {
    Null,
    Input(Input, Type),
    /// The `serial`-th array allocated since the region's entry, of this length and array
    /// type. Its cells start at their default and only the region's own stores change them:
    /// it never aliases an input, and it never leaves the region except as a returned value
    /// or through a local (anything else is unsupported), so no call can reach it. Original
    /// and mutant number their allocations alike; when both hold the same one, its contents
    /// are compared cell by cell (every cell either version stored), which compares the two
    /// arrays whichever statements made them.
    Fresh {
        serial: u32,
        length: ExprId,
        ty: Type,
    },
    /// A string literal (interned: equal literals are one object), its chars known.
    Literal(Vec<u16>),
    /// `cond ? then : otherwise`: a reference a branch chose. Reads, lengths and null checks
    /// go through both arms; a store through it is a guarded store to each arm.
    Choice {
        cond: ExprId,
        then: u32,
        otherwise: u32,
    },
}

/// One write to the heap (or an effect that may write it), under the guard that it happens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapOp {
    Store {
        array: u32,
        index: ExprId,
        value: Sym,
        guard: ExprId,
    },
    Put {
        field: FieldRef,
        value: Sym,
        guard: ExprId,
    },
    Call {
        call: u32,
        guard: ExprId,
    },
    /// Text written to `System.out`: one list of pieces per argument.
    Print {
        kind: crate::program::reader::ir::PrintKind,
        pieces: Vec<Vec<Piece>>,
        guard: ExprId,
    },
}

/// A piece of printed text: fixed text, or a value printed as Java prints its type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Text(String),
    Value(ExprId, Type),
    /// A string the executor knows by reference (its text the same when the reference is).
    String(u32),
}

/// Whether values of type `ty` are objects the executor knows only by identity: neither
/// arrays nor strings.
pub(super) fn opaque_type(ty: &Type) -> bool {
    matches!(ty, Type::Class(_) | Type::Object | Type::Variable(_))
}

impl<'u> Executor<'u> {
    pub(super) fn reference(&mut self, r: Reference) -> u32 {
        if let Some(&id) = self.reference_ids.get(&r) {
            return id;
        }
        let id = self.references.len() as u32;
        self.references.push(r.clone());
        self.reference_ids.insert(r, id);
        id
    }

    pub(super) fn history(&mut self, ops: &[HeapOp]) -> u32 {
        if let Some(&id) = self.histories.get(ops) {
            return id;
        }
        let id = self.history_log.len() as u32 + 1;
        self.histories.insert(ops.to_vec(), id);
        self.history_log.push(ops.to_vec());
        id
    }

    /// The reference number of the array a local holds at the region's entry.
    pub(crate) fn local_reference(&mut self, local: u32) -> u32 {
        let ty = self.local_types[local as usize].clone();
        self.reference(Reference::Input(Input::Local(local), ty))
    }

    /// The arms of a chosen reference, `None` for any other.
    pub(super) fn choice(&self, r: u32) -> Option<(ExprId, u32, u32)> {
        match self.references[r as usize] {
            Reference::Choice {
                cond,
                then,
                otherwise,
            } => Some((cond, then, otherwise)),
            _ => None,
        }
    }

    // ---- the heap ----

    fn may_alias(&self, a: u32, b: u32) -> bool {
        for (x, y) in [(a, b), (b, a)] {
            if let Some((_, p, q)) = self.choice(x) {
                return self.may_alias(p, y) || self.may_alias(q, y);
            }
        }
        match (&self.references[a as usize], &self.references[b as usize]) {
            // Nothing stores into a string.
            (Reference::Null | Reference::Literal(_), _)
            | (_, Reference::Null | Reference::Literal(_)) => false,
            // An array of objects may be one of a subclass's (an `Object[]` the `String[]`).
            (Reference::Input(_, x), Reference::Input(_, y)) => {
                x == y || x.has_objects() || y.has_objects()
            }
            (Reference::Fresh { .. }, _) | (_, Reference::Fresh { .. }) => a == b,
            (Reference::Choice { .. }, _) | (_, Reference::Choice { .. }) => true,
        }
    }

    pub(super) fn element_type(&self, r: u32) -> Result<Type> {
        match &self.references[r as usize] {
            Reference::Input(_, Type::Array(e))
            | Reference::Fresh {
                ty: Type::Array(e), ..
            } => Ok((**e).clone()),
            Reference::Input(_, Type::String) | Reference::Literal(_) => Ok(Type::Char),
            Reference::Choice {
                then, otherwise, ..
            } => match self.element_type(*then) {
                Ok(t) => Ok(t),
                Err(_) => self.element_type(*otherwise),
            },
            _ => unsupported("an element of something that is not an array"),
        }
    }

    /// `array[index]` after the writes of `heap`.
    pub(crate) fn load(&mut self, heap: &[HeapOp], array: u32, index: ExprId) -> Result<Sym> {
        if let Some((c, then, otherwise)) = self.choice(array) {
            // A null arm is never read (the access checks come first): its value is the other's.
            let x = (then != 0)
                .then(|| self.load(heap, then, index))
                .transpose()?;
            let y = (otherwise != 0)
                .then(|| self.load(heap, otherwise, index))
                .transpose()?;
            return match (x, y) {
                (Some(x), Some(y)) => self.cond_sym(c, x, y),
                (Some(v), None) | (None, Some(v)) => Ok(v),
                (None, None) => unsupported("an element of null"),
            };
        }
        if let Reference::Literal(text) = &self.references[array as usize] {
            return self.literal_char(&text.clone(), index);
        }
        let ty = self.element_type(array)?;
        let fresh = self.is_fresh(array);
        for k in (0..heap.len()).rev() {
            match &heap[k] {
                HeapOp::Store {
                    array: a,
                    index: i,
                    value,
                    guard,
                } if *a == array => {
                    let (i, value, guard) = (*i, *value, *guard);
                    let same = if i == index {
                        self.true_
                    } else {
                        self.problem.binary(BinOp::Eq, i, index)?
                    };
                    let hit = self.and(guard, same);
                    if self.is_const(hit, 1) {
                        return Ok(value);
                    }
                    let rest = self.load(&heap[..k], array, index)?;
                    return self.cond_sym(hit, value, rest);
                }
                HeapOp::Store { array: a, .. } if !self.may_alias(*a, array) => {}
                HeapOp::Put { .. } | HeapOp::Print { .. } => {}
                // No call can reach an array the region allocated.
                HeapOp::Call { .. } if fresh => {}
                _ => {
                    let h = self.history(&heap[..=k]);
                    return self.input_value(Input::Element(array, index, h), &ty);
                }
            }
        }
        if fresh {
            return Ok(Sym::Prim(self.default_value(&ty)?));
        }
        self.input_value(Input::Element(array, index, 0), &ty)
    }

    /// Char `index` of a literal (already checked in bounds): a constant, or a choice
    /// among the chars of a short literal.
    fn literal_char(&mut self, text: &[u16], index: ExprId) -> Result<Sym> {
        /// The longest literal read at an index the executor does not know.
        const LONGEST_CHOICE: usize = 16;
        if let crate::solver::Node::Const(Value::Int(_, i)) = self.problem.node(index) {
            let c = text.get(i as usize).copied().unwrap_or(0);
            return Ok(Sym::Prim(
                self.problem.constant(Value::Int(JType::Char, i64::from(c))),
            ));
        }
        if text.is_empty() || text.len() > LONGEST_CHOICE {
            return unsupported("a char of a long string literal");
        }
        let mut v = self
            .problem
            .constant(Value::Int(JType::Char, i64::from(text[text.len() - 1])));
        for (k, &c) in text.iter().enumerate().rev().skip(1) {
            let at = self.int(k as i64);
            let here = self.problem.binary(BinOp::Eq, index, at)?;
            let c = self.problem.constant(Value::Int(JType::Char, i64::from(c)));
            v = self.cond(here, c, v)?;
        }
        Ok(Sym::Prim(v))
    }

    /// Whether `r` is `null` or an object the executor knows only by identity (no array,
    /// no string), on every arm of its choices.
    pub(super) fn opaque(&self, r: u32) -> bool {
        match &self.references[r as usize] {
            Reference::Null => true,
            Reference::Input(_, ty) => opaque_type(ty),
            Reference::Choice {
                then, otherwise, ..
            } => self.opaque(*then) && self.opaque(*otherwise),
            Reference::Literal(_) | Reference::Fresh { .. } => false,
        }
    }

    pub(super) fn is_fresh(&self, r: u32) -> bool {
        matches!(self.references[r as usize], Reference::Fresh { .. })
    }

    /// A new array of `length` (already checked not negative) and array type `ty`.
    pub(super) fn allocate(&mut self, length: ExprId, ty: &Type) -> Result<u32> {
        match ty {
            Type::Array(element) if element.is_primitive() => {}
            _ => return unsupported("allocating an array of references"),
        }
        let serial = self.allocations;
        self.allocations += 1;
        Ok(self.reference(Reference::Fresh {
            serial,
            length,
            ty: ty.clone(),
        }))
    }

    /// Fails when a value would take an array the region allocated out of its reach.
    pub(super) fn keep_fresh_inside(&self, v: Sym) -> Result<()> {
        match v {
            Sym::Ref(r) if self.is_fresh(r) => {
                unsupported("an allocated array stored in the heap or passed to a call")
            }
            Sym::Ref(r) => match self.choice(r) {
                Some((_, a, b)) => {
                    self.keep_fresh_inside(Sym::Ref(a))?;
                    self.keep_fresh_inside(Sym::Ref(b))
                }
                None => Ok(()),
            },
            Sym::Prim(_) => Ok(()),
        }
    }

    /// The references `r` may be (the arms of choices, recursively).
    pub(super) fn arms(&self, r: u32, out: &mut Vec<u32>) {
        match self.choice(r) {
            Some((_, a, b)) => {
                self.arms(a, out);
                self.arms(b, out);
            }
            None => out.push(r),
        }
    }

    /// Whether `a` and `b` are the same object, as a term.
    pub(super) fn same_object(&mut self, a: u32, b: u32) -> Result<ExprId> {
        if a == b {
            return Ok(self.true_);
        }
        for (x, y, flip) in [(a, b, false), (b, a, true)] {
            if let Some((c, p, q)) = self.choice(x) {
                let (sp, sq) = if flip {
                    (self.same_object(y, p)?, self.same_object(y, q)?)
                } else {
                    (self.same_object(p, y)?, self.same_object(q, y)?)
                };
                return self.cond(c, sp, sq);
            }
        }
        if self.is_fresh(a) || self.is_fresh(b) {
            // A new array is no other object, and not null.
            return Ok(self.false_);
        }
        if a == 0 || b == 0 {
            return Ok(self.is_null(a.max(b)));
        }
        unsupported("comparing two references")
    }

    /// A field after the writes of `heap`.
    pub(super) fn get_field(&mut self, heap: &[HeapOp], field: FieldRef) -> Result<Sym> {
        let ty = self.unit.classes[field.class as usize].fields[field.field as usize]
            .ty
            .clone();
        for k in (0..heap.len()).rev() {
            match &heap[k] {
                HeapOp::Put {
                    field: f,
                    value,
                    guard,
                } if *f == field => {
                    let (value, guard) = (*value, *guard);
                    if self.is_const(guard, 1) {
                        return Ok(value);
                    }
                    let rest = self.get_field(&heap[..k], field)?;
                    return self.cond_sym(guard, value, rest);
                }
                HeapOp::Call { .. } => {
                    let h = self.history(&heap[..=k]);
                    return self.input_value(Input::Field(field, h), &ty);
                }
                _ => {}
            }
        }
        if self.constructing
            && let Some(initial) = self.initial_value(field)?
        {
            return Ok(initial);
        }
        self.input_value(Input::Field(field, 0), &ty)
    }

    /// An instance field's value when a constructor starts: its type's default, or its
    /// initializer's when that is a constant expression (`None` otherwise: left an input,
    /// which claims no more than the field's type).
    fn initial_value(&mut self, field: FieldRef) -> Result<Option<Sym>> {
        let class = &self.unit.classes[field.class as usize];
        let f = &class.fields[field.field as usize];
        if f.is_static || !f.ty.is_primitive() {
            return Ok(None);
        }
        // An instance initializer block, or a field initializer that runs code, may have set
        // the field before the constructor's body starts.
        let runs_code = |e: &crate::program::reader::ir::Expr| {
            let mut runs = false;
            crate::program::reader::visit_expr(e, &mut |x| runs |= x.runs_code());
            runs
        };
        if class.blocks.iter().any(|b| !b.is_static)
            || class
                .fields
                .iter()
                .any(|g| !g.is_static && g.init.as_ref().is_some_and(runs_code))
        {
            return Ok(None);
        }
        let ty = f.ty.clone();
        match &f.init {
            None => Ok(Some(Sym::Prim(self.default_value(&ty)?))),
            Some(init) => {
                let fits = |c: &Const| match c {
                    Const::Int(t, _) => *t == ty,
                    Const::Double(_) => ty == Type::Double,
                    _ => false,
                };
                match crate::program::reader::fold_in_class(self.unit, init) {
                    Some(c) if fits(&c) => self.constant(&c).map(Some),
                    _ => Ok(None),
                }
            }
        }
    }

    pub(super) fn length(&mut self, r: u32) -> ExprId {
        match &self.references[r as usize] {
            Reference::Fresh { length, .. } => return *length,
            Reference::Literal(text) => return self.int(text.len() as i64),
            _ => {}
        }
        if r == 0 {
            // Never read: null is checked first.
            return self.zero;
        }
        if let Some((c, a, b)) = self.choice(r) {
            let (x, y) = (self.length(a), self.length(b));
            return self.cond(c, x, y).expect("ints");
        }
        let v = self.input(Input::Length(r), JType::Int);
        self.problem.read(v)
    }

    /// Whether reference `r` is a string (an input one: the region makes none).
    fn is_string(&self, r: u32) -> bool {
        match &self.references[r as usize] {
            Reference::Input(_, ty) => *ty == Type::String,
            Reference::Literal(_) => true,
            Reference::Choice {
                then, otherwise, ..
            } => self.is_string(*then) || self.is_string(*otherwise),
            _ => false,
        }
    }

    /// Whether reference `r` is null, as a term.
    fn is_null(&mut self, r: u32) -> ExprId {
        if r == 0 {
            return self.true_;
        }
        if self.is_fresh(r) || matches!(self.references[r as usize], Reference::Literal(_)) {
            return self.false_;
        }
        if let Some((c, a, b)) = self.choice(r) {
            let (x, y) = (self.is_null(a), self.is_null(b));
            return self.cond(c, x, y).expect("booleans");
        }
        let v = self.input(Input::Null(r), JType::Boolean);
        self.problem.read(v)
    }

    /// Null and bounds checks of `array[index]`; `None` when the access always throws.
    pub(super) fn check_access(
        &mut self,
        st: &mut State,
        array: u32,
        index: Option<ExprId>,
        extra: Option<ExprId>,
    ) -> Result<()> {
        let null = self.is_null(array);
        let npe = self.exception("java.lang.NullPointerException");
        self.leave(st, npe, null, extra);
        if let Some(i) = index {
            let len = self.length(array);
            let below = self.problem.binary(BinOp::Lt, i, self.zero)?;
            let above = self.problem.binary(BinOp::Ge, i, len)?;
            let out = self.or(below, above);
            let not_null = self.not(null);
            let out = self.and(not_null, out);
            let code = self.exception(if self.is_string(array) {
                "java.lang.StringIndexOutOfBoundsException"
            } else {
                "java.lang.ArrayIndexOutOfBoundsException"
            });
            self.leave(st, code, out, extra);
        }
        Ok(())
    }

    /// A store to `array[index]` under `guard`; through a chosen reference, one to each arm.
    pub(super) fn store(
        &mut self,
        st: &mut State,
        array: u32,
        index: ExprId,
        value: Sym,
        guard: ExprId,
    ) {
        if let Some((c, a, b)) = self.choice(array) {
            let ga = self.and(guard, c);
            let not_c = self.not(c);
            let gb = self.and(guard, not_c);
            for (arm, g) in [(a, ga), (b, gb)] {
                if arm != 0 {
                    self.store(st, arm, index, value, g);
                }
            }
            return;
        }
        st.heap.push(HeapOp::Store {
            array,
            index,
            value,
            guard,
        });
    }
}
