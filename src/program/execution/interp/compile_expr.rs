//! The compiler from the typed IR to register code, its expression half: an expression is
//! compiled into a register (a local's own, a constant's, or a fresh temporary), with Java's
//! order of evaluation kept where an operand can change a local the other reads; variables
//! (locals, fields, array elements) are read and written as places, and compound assignments
//! and `++`/`--` convert to the operation's type and back.

use std::sync::Arc;

use super::code::{Instr, Reg};
use super::compile::FunctionCompiler;
use crate::program::reader::ir::*;
use crate::program::reader::semantics::{self as sem, Kind};

impl<'p> FunctionCompiler<'p> {
    /// `src` converted from `from` to `to` (itself when the kinds are the same).
    fn converted(&mut self, from: Kind, to: Kind, src: Reg) -> Reg {
        if from == to {
            return src;
        }
        let dst = self.temp();
        self.code.push(Instr::Convert { from, to, dst, src });
        dst
    }

    /// Evaluates an expression for its effect only.
    pub(super) fn effect(&mut self, e: &Expr) {
        let mark = self.next_temp;
        self.expr(e);
        self.next_temp = mark;
    }

    /// The left operand of a binary operation: copied to a temporary when the right operand
    /// could change the local it reads.
    pub(super) fn operand(&mut self, left: &Expr, right: &Expr) -> Reg {
        let r = self.expr(left);
        if r < self.local_count() && has_assignment(right) {
            let t = self.temp();
            self.code.push(Instr::Move { dst: t, src: r });
            t
        } else {
            r
        }
    }

    fn local_count(&self) -> u32 {
        self.template.len() as u32
    }

    /// Evaluates `e` into register `dst`.
    pub(super) fn expr_into(&mut self, e: &Expr, dst: Reg) {
        let r = self.expr(e);
        if r != dst {
            self.code.push(Instr::Move { dst, src: r });
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Reg {
        self.probe(e.id);
        self.expr_unprobed(e)
    }

    pub(super) fn expr_unprobed(&mut self, e: &Expr) -> Reg {
        // A floating-point constant expression is javac's folded value (JLS §15.29): only
        // the bits of a NaN could tell it from the value computed here.
        if matches!(e.ty, Type::Float | Type::Double)
            && matches!(
                e.kind,
                ExprKind::Binary { .. } | ExprKind::Unary(..) | ExprKind::Cast(_)
            )
            && let Some(c) = crate::program::reader::fold_literals(e)
            && let Some(bits) = c.bits()
        {
            return self.constant(bits);
        }
        match &e.kind {
            ExprKind::Literal(c) => match c {
                Const::Str(s) => {
                    let index = self.program.intern(s);
                    let t = self.temp();
                    self.code.push(Instr::Str { dst: t, index });
                    t
                }
                c => {
                    let w = c.bits().expect("primitive");
                    self.constant(w)
                }
            },
            ExprKind::Null => self.constant(0),
            ExprKind::Local(id) => id.0,
            ExprKind::This => self.this_reg.expect("`this` in an instance method"),
            ExprKind::Field(f) => {
                let t = self.temp();
                match self.place_of_field(*f, None) {
                    Place::Field(slot) => self.code.push(Instr::GetField {
                        dst: t,
                        field: slot,
                    }),
                    Place::Instance(object, slot) => self.code.push(Instr::GetInstance {
                        dst: t,
                        object,
                        slot,
                    }),
                    _ => unreachable!("a field"),
                }
                t
            }
            ExprKind::FieldOf { object, field } => {
                let o = self.expr(object);
                let t = self.temp();
                let slot = self.object_slot(*field);
                self.code.push(Instr::GetInstance {
                    dst: t,
                    object: o,
                    slot,
                });
                t
            }
            ExprKind::New {
                class,
                constructor,
                args,
            } => {
                // JLS §15.9.4: the object is allocated, then the arguments evaluated, then the
                // constructor runs.
                let object = self.temp();
                self.code.push(Instr::New {
                    class: *class,
                    dst: object,
                });
                self.construct(*class, *constructor, args, object);
                object
            }
            ExprKind::Closure {
                class,
                captures,
                null_checked,
                ..
            } => {
                // The captured values first (a bound method reference's receiver checked),
                // then the object that holds them, as `LambdaMetafactory`'s code does.
                let base = self.temps(captures.len().max(1) as u32);
                for (k, c) in captures.iter().enumerate() {
                    self.expr_into(c, base + k as u32);
                }
                if *null_checked {
                    self.code.push(Instr::NullCheck { src: base });
                }
                let object = self.temp();
                self.code.push(Instr::New {
                    class: *class,
                    dst: object,
                });
                for k in 0..captures.len() as u32 {
                    let slot = self.object_slot(FieldRef {
                        class: *class,
                        field: k,
                    });
                    self.code.push(Instr::PutInstance {
                        object,
                        slot,
                        src: base + k,
                    });
                }
                object
            }
            ExprKind::InstanceCall {
                receiver,
                method,
                args,
            } => {
                // The receiver first, then the arguments, then the null check (JLS §15.12.4).
                let r = self.expr(receiver);
                let receiver = self.temp();
                self.code.push(Instr::Move {
                    dst: receiver,
                    src: r,
                });
                // An abstract method has no function of its own: only its slot matters.
                let function = self.program.index[method.class as usize][method.method as usize]
                    .unwrap_or(u32::MAX);
                let base = self.arguments(args, Some(receiver));
                self.code.push(Instr::NullCheck { src: receiver });
                let t = self.temp();
                self.call(*method, function, base, args.len(), t);
                t
            }
            ExprKind::Length(a) => {
                let a = self.expr(a);
                let t = self.temp();
                self.code.push(Instr::Length { dst: t, array: a });
                t
            }
            ExprKind::Index(a, i) => {
                let a = self.operand(a, i);
                let i = self.expr(i);
                let t = self.temp();
                self.code.push(Instr::Load {
                    dst: t,
                    array: a,
                    index: i,
                });
                t
            }
            ExprKind::Unary(op, inner) => {
                let v = self.expr(inner);
                let t = self.temp();
                let kind = Kind::of(&e.ty);
                self.code.push(match op {
                    UnaryOp::Neg => Instr::Neg {
                        kind,
                        dst: t,
                        src: v,
                    },
                    UnaryOp::Plus => Instr::Move { dst: t, src: v },
                    UnaryOp::BitNot => Instr::BitNot { dst: t, src: v },
                    UnaryOp::Not => Instr::Not { dst: t, src: v },
                });
                t
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } => {
                if matches!(op, BinaryOp::CondAnd | BinaryOp::CondOr) {
                    let t = self.temp();
                    let falses = self.branch(e, false);
                    let one = self.constant(1);
                    self.code.push(Instr::Move { dst: t, src: one });
                    let skip = self.code.len();
                    self.code.push(Instr::Jump { to: 0 });
                    let f_at = self.here();
                    for j in falses {
                        self.patch(j, f_at);
                    }
                    let zero = self.constant(0);
                    self.code.push(Instr::Move { dst: t, src: zero });
                    let end = self.here();
                    self.patch(skip, end);
                    return t;
                }
                let a = self.operand(left, right);
                let b = self.expr(right);
                let t = self.temp();
                let kind = Kind::of(op_type);
                if op.is_comparison() {
                    self.code.push(Instr::Compare {
                        op: *op,
                        kind,
                        dst: t,
                        a,
                        b,
                    });
                } else {
                    self.code.push(Instr::Arith {
                        op: *op,
                        kind,
                        dst: t,
                        a,
                        b,
                    });
                }
                t
            }
            ExprKind::Concat(l, r) => {
                let a = self.operand(l, r);
                let b = self.expr(r);
                let t = self.temp();
                self.code.push(Instr::Concat {
                    dst: t,
                    a,
                    a_kind: Kind::of(&l.ty),
                    b,
                    b_kind: Kind::of(&r.ty),
                });
                t
            }
            ExprKind::Cast(inner)
                if matches!(e.ty.erasure(), Type::Class(_))
                    && !inner.ty.erasure().widens_to(&e.ty.erasure()) =>
            {
                // A downcast is checked (JLS §15.16).
                let v = self.expr(inner);
                let class = e.ty.class().expect("a class type");
                self.code.push(Instr::CheckCast { src: v, class });
                v
            }
            ExprKind::Convert(inner) | ExprKind::Cast(inner) => {
                let v = self.expr(inner);
                self.converted(Kind::of(&inner.ty), Kind::of(&e.ty), v)
            }
            ExprKind::EnumConstant {
                class,
                ordinal,
                constructor,
                args,
                body,
            } => {
                let object = self.temp();
                self.code.push(Instr::New {
                    class: body.unwrap_or(*class),
                    dst: object,
                });
                let name = self.program.fields
                    [self.program.field_index[*class as usize][*ordinal as usize] as usize]
                    .name
                    .rsplit('.')
                    .next()
                    .expect("a name")
                    .to_string();
                let index = self
                    .program
                    .intern(&Arc::from(name.encode_utf16().collect::<Vec<u16>>()));
                let n = self.temp();
                self.code.push(Instr::Str { dst: n, index });
                self.code.push(Instr::PutInstance {
                    object,
                    slot: 0,
                    src: n,
                });
                let k = self.constant(i64::from(*ordinal));
                self.code.push(Instr::PutInstance {
                    object,
                    slot: 1,
                    src: k,
                });
                self.construct(body.unwrap_or(*class), *constructor, args, object);
                object
            }
            ExprKind::EnumValues { class } => {
                let constants = self.program.enum_constants[*class as usize].clone();
                let base = self.temps(constants.len().max(1) as u32);
                for (k, field) in constants.iter().enumerate() {
                    self.code.push(Instr::GetField {
                        dst: base + k as u32,
                        field: *field,
                    });
                }
                let t = self.temp();
                self.code.push(Instr::ArrayLiteral {
                    dst: t,
                    items: base,
                    count: constants.len() as u32,
                    elem: Kind::Ref,
                });
                t
            }
            ExprKind::EnumValueOf { class, name } => {
                let src = self.expr(name);
                let t = self.temp();
                self.code.push(Instr::EnumValueOf {
                    dst: t,
                    src,
                    class: *class,
                });
                t
            }
            ExprKind::InstanceOf {
                value,
                tested,
                binding,
            } => {
                let v = self.expr(value);
                let class = tested.class().expect("instanceof tests a class");
                if let Some(b) = binding {
                    // Set whatever the outcome: the front end lets it be read only where
                    // the test held.
                    self.code.push(Instr::Move { dst: b.0, src: v });
                }
                let t = self.temp();
                self.code.push(Instr::InstanceOf {
                    dst: t,
                    src: v,
                    class,
                });
                t
            }
            ExprKind::SuperCall { method, args } => {
                let function = self.program.index[method.class as usize][method.method as usize]
                    .expect("calls to unsupported methods are refused by the front end");
                let this = self.this_reg.expect("super calls come from instance code");
                let base = self.arguments(args, Some(this));
                let t = self.temp();
                self.code.push(Instr::Call {
                    function,
                    args: base,
                    dst: t,
                });
                t
            }
            ExprKind::SuperConstructor {
                class,
                constructor,
                args,
            } => {
                let this = self.this_reg.expect("constructors run on `this`");
                self.construct(*class, *constructor, args, this)
            }
            ExprKind::Conditional(c, a, b) => {
                let t = self.temp();
                let to_else = self.branch(c, false);
                self.expr_into(a, t);
                let skip = self.code.len();
                self.code.push(Instr::Jump { to: 0 });
                let else_at = self.here();
                for j in to_else {
                    self.patch(j, else_at);
                }
                self.expr_into(b, t);
                let end = self.here();
                self.patch(skip, end);
                t
            }
            ExprKind::Assign {
                target,
                op,
                op_type,
                value,
            } => self.assign(target, *op, op_type, value),
            ExprKind::IncDec {
                target,
                increment,
                prefix,
            } => {
                let kind = Kind::of(&target.ty);
                let op_kind = Kind::of(&target.ty.promoted());
                let (place, old) = self.read_place(target);
                let old_copy = if *prefix {
                    old
                } else {
                    let t = self.temp();
                    self.code.push(Instr::Move { dst: t, src: old });
                    t
                };
                let one = match op_kind {
                    Kind::Float => self.constant(sem::bits_f32(1.0)),
                    Kind::Double => self.constant(sem::bits_f64(1.0)),
                    _ => self.constant(1),
                };
                let widened = self.converted(kind, op_kind, old);
                let sum = self.temp();
                self.code.push(Instr::Arith {
                    op: if *increment {
                        BinaryOp::Add
                    } else {
                        BinaryOp::Sub
                    },
                    kind: op_kind,
                    dst: sum,
                    a: widened,
                    b: one,
                });
                let new = self.converted(op_kind, kind, sum);
                self.write_place(&place, new);
                if *prefix { new } else { old_copy }
            }
            ExprKind::Call { method, args } => {
                // An abstract method has no function of its own: only its slot matters.
                let function = self.program.index[method.class as usize][method.method as usize]
                    .unwrap_or(u32::MAX);
                // An instance method (or `this(...)`) of this class runs on `this`.
                let is_static =
                    self.program.signatures[method.class as usize][method.method as usize].2;
                let this = (!is_static).then(|| {
                    self.this_reg
                        .expect("instance calls come from instance code")
                });
                let base = self.arguments(args, this);
                let t = self.temp();
                self.call(*method, function, base, args.len(), t);
                t
            }
            ExprKind::Builtin(f, args) => {
                let base = self.temps(args.len().max(1) as u32);
                let mut kinds = Vec::new();
                for (k, a) in args.iter().enumerate() {
                    self.expr_into(a, base + k as u32);
                    kinds.push(Kind::of(&a.ty));
                }
                let list = self.kind_lists.len() as u32;
                self.kind_lists.push(kinds);
                let t = self.temp();
                self.code.push(Instr::Builtin {
                    f: *f,
                    dst: t,
                    args: base,
                    kinds: list,
                });
                t
            }
            ExprKind::NewArray { lengths, .. } => {
                let base = self.temps(lengths.len() as u32);
                for (k, l) in lengths.iter().enumerate() {
                    self.expr_into(l, base + k as u32);
                }
                let mut elem = &e.ty;
                let mut depth = 0;
                while let Type::Array(inner) = elem {
                    elem = inner;
                    depth += 1;
                }
                // Elements of an array whose dimensions are not all given are arrays (null).
                let given = lengths.len() as u32;
                let elem_kind = if given < depth {
                    Kind::Ref
                } else {
                    Kind::of(elem)
                };
                let t = self.temp();
                self.code.push(Instr::NewArray {
                    elem: elem_kind,
                    dst: t,
                    lengths: base,
                    count: given,
                    depth: given,
                });
                t
            }
            ExprKind::ArrayLiteral(items) => {
                let base = self.temps(items.len().max(1) as u32);
                for (k, item) in items.iter().enumerate() {
                    self.expr_into(item, base + k as u32);
                }
                let t = self.temp();
                self.code.push(Instr::ArrayLiteral {
                    dst: t,
                    items: base,
                    count: items.len() as u32,
                    elem: e.ty.element().map_or(Kind::Ref, Kind::of),
                });
                t
            }
            ExprKind::Print(kind, args) => {
                let base = self.temps(args.len().max(1) as u32);
                let mut kinds = Vec::new();
                for (k, a) in args.iter().enumerate() {
                    self.expr_into(a, base + k as u32);
                    kinds.push(Kind::of(&a.ty));
                }
                if !matches!(kind, PrintKind::Printf | PrintKind::Format)
                    && args.len() == 1
                    && args[0].ty == Type::array_of(Type::Char)
                {
                    kinds.push(Kind::Char);
                }
                let list = self.kind_lists.len() as u32;
                self.kind_lists.push(kinds);
                self.code.push(Instr::Print {
                    kind: *kind,
                    args: base,
                    count: args.len() as u32,
                    kinds: list,
                });
                base
            }
        }
    }

    /// Evaluates the parts of a variable (array and index) and reads its value.
    fn read_place(&mut self, target: &Expr) -> (Place, Reg) {
        let place = self.place(target);
        let v = match &place {
            Place::Local(r) => *r,
            Place::Field(slot) => {
                let t = self.temp();
                self.code.push(Instr::GetField {
                    dst: t,
                    field: *slot,
                });
                t
            }
            Place::Instance(object, slot) => {
                let t = self.temp();
                self.code.push(Instr::GetInstance {
                    dst: t,
                    object: *object,
                    slot: *slot,
                });
                t
            }
            Place::Element(a, i) => {
                let t = self.temp();
                self.code.push(Instr::Load {
                    dst: t,
                    array: *a,
                    index: *i,
                });
                t
            }
        };
        (place, v)
    }

    fn place(&mut self, target: &Expr) -> Place {
        match &target.kind {
            ExprKind::Local(id) => Place::Local(id.0),
            ExprKind::Field(f) => self.place_of_field(*f, None),
            ExprKind::FieldOf { object, field } => {
                // Copied: the value may be computed by code that changes the locals.
                let o = self.expr(object);
                let ot = self.temp();
                self.code.push(Instr::Move { dst: ot, src: o });
                self.place_of_field(*field, Some(ot))
            }
            ExprKind::Index(a, i) => {
                // Copy both: the value may be computed by code that changes the locals.
                let ar = self.expr(a);
                let at = self.temp();
                self.code.push(Instr::Move { dst: at, src: ar });
                let ir = self.expr(i);
                let it = self.temp();
                self.code.push(Instr::Move { dst: it, src: ir });
                Place::Element(at, it)
            }
            _ => panic!("not a variable: {:?}", target.kind),
        }
    }

    fn write_place(&mut self, place: &Place, v: Reg) {
        match place {
            Place::Local(r) => {
                if *r != v {
                    self.code.push(Instr::Move { dst: *r, src: v });
                }
            }
            Place::Field(slot) => self.code.push(Instr::PutField {
                field: *slot,
                src: v,
            }),
            Place::Instance(object, slot) => self.code.push(Instr::PutInstance {
                object: *object,
                slot: *slot,
                src: v,
            }),
            Place::Element(a, i) => self.code.push(Instr::Store {
                array: *a,
                index: *i,
                src: v,
            }),
        }
    }

    /// Where a field lives: a static one in its global slot, an instance one in `object`
    /// (`this` when `None`).
    fn place_of_field(&mut self, f: FieldRef, object: Option<Reg>) -> Place {
        let slot = self.program.field_index[f.class as usize][f.field as usize];
        let field = &self.program.fields[slot as usize];
        if field.is_static {
            return Place::Field(slot);
        }
        let object_slot = field.object_slot;
        let object = object.unwrap_or_else(|| self.this_reg.expect("`this` in an instance method"));
        Place::Instance(object, object_slot)
    }

    /// An instance field's slot in its objects.
    pub(super) fn object_slot(&self, f: FieldRef) -> u32 {
        let slot = self.program.field_index[f.class as usize][f.field as usize];
        self.program.fields[slot as usize].object_slot
    }

    /// A call's arguments in consecutive temporaries, then the receiver when there is one;
    /// the first of them.
    /// Runs constructor `constructor` of `class` (its default one when `None`) on `object`
    /// with `args`; the call's result register.
    pub(super) fn construct(
        &mut self,
        class: u32,
        constructor: Option<u32>,
        args: &[Expr],
        object: Reg,
    ) -> Reg {
        let function = match constructor {
            Some(c) => self.program.index[class as usize][c as usize].expect(
                "constructors without code are refused by the front end, or their initializers left out",
            ),
            None => self.program.field_setups[class as usize],
        };
        let base = self.arguments(args, Some(object));
        let t = self.temp();
        self.code.push(Instr::Call {
            function,
            args: base,
            dst: t,
        });
        t
    }

    /// A call of `method` with its arguments (and receiver) from `base`: dispatched on the
    /// receiver's class when the method is virtual, else of `function`.
    fn call(&mut self, method: MethodRef, function: u32, base: Reg, arity: usize, dst: Reg) {
        match self.program.slots[method.class as usize][method.method as usize] {
            Some(slot) => self.code.push(Instr::CallVirtual {
                slot,
                args: base,
                arity: arity as u32,
                dst,
            }),
            None => self.code.push(Instr::Call {
                function,
                args: base,
                dst,
            }),
        }
    }

    pub(super) fn arguments(&mut self, args: &[Expr], receiver: Option<Reg>) -> Reg {
        let count = args.len() + usize::from(receiver.is_some());
        let base = self.temps(count.max(1) as u32);
        for (k, a) in args.iter().enumerate() {
            self.expr_into(a, base + k as u32);
        }
        if let Some(r) = receiver {
            let at = base + args.len() as u32;
            if r != at {
                self.code.push(Instr::Move { dst: at, src: r });
            }
        }
        base
    }

    fn assign(&mut self, target: &Expr, op: Option<BinaryOp>, op_type: &Type, value: &Expr) -> Reg {
        match op {
            None => {
                let place = self.place(target);
                // The value is evaluated after the array and index, and null and bounds are
                // checked when it is stored (JLS §15.26.1).
                let v = self.expr(value);
                // A local's new value must not alias a temporary that changes later.
                if let Place::Local(r) = place {
                    if r != v {
                        self.code.push(Instr::Move { dst: r, src: v });
                    }
                    r
                } else {
                    self.write_place(&place, v);
                    v
                }
            }
            Some(op) => {
                let (place, old) = self.read_place(target);
                let old_copy = if matches!(place, Place::Local(_)) {
                    let t = self.temp();
                    self.code.push(Instr::Move { dst: t, src: old });
                    t
                } else {
                    old
                };
                let v = self.expr(value);
                let t = self.temp();
                if *op_type == Type::String {
                    self.code.push(Instr::Concat {
                        dst: t,
                        a: old_copy,
                        a_kind: Kind::Ref,
                        b: v,
                        b_kind: Kind::of(&value.ty),
                    });
                    self.write_place(&place, t);
                    return t;
                }
                let tk = Kind::of(&target.ty);
                let ok = Kind::of(op_type);
                let a = self.converted(tk, ok, old_copy);
                self.code.push(Instr::Arith {
                    op,
                    kind: ok,
                    dst: t,
                    a,
                    b: v,
                });
                let result = self.converted(ok, tk, t);
                self.write_place(&place, result);
                result
            }
        }
    }
}

enum Place {
    Local(Reg),
    /// A static field's global slot.
    Field(u32),
    /// An instance field: the object's register and the field's slot in it.
    Instance(Reg, u32),
    Element(Reg, Reg),
}

/// Whether evaluating `e` may assign a variable.
fn has_assignment(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Assign { .. } | ExprKind::IncDec { .. })
        || e.children().into_iter().any(has_assignment)
}
