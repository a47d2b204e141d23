//! Checking a method body's expressions the way `javac` does for the supported subset: typing,
//! the conversions Java applies silently (assignment conversion JLS §5.2, numeric promotion
//! JLS §5.6) made explicit, definite assignment through `&&`, `||`, `!` and `?:` (JLS §16.1),
//! literals, casts, arrays, `++`/`--` and operators. Names, fields and assignments are in
//! [`super::variables`]; method calls, printing and the library's functions in
//! [`super::calls`].

use std::sync::Arc;

use bitvec::vec::BitVec;
use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::literals::{parse_int_literal, unescape};
use crate::program::reader::statements::{CheckError, Checked, MethodChecker};
use crate::program::reader::syntax::{named_children, span_of};

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    pub(super) fn make(&mut self, node: Node<'t>, ty: Type, kind: ExprKind) -> Expr {
        Expr {
            id: self.id(),
            span: span_of(node),
            ty,
            kind,
        }
    }

    /// Wraps `e` in an implicit conversion to `ty` (nothing when it has that type already).
    pub(super) fn convert(&mut self, e: Expr, ty: &Type) -> Expr {
        if e.ty == *ty {
            return e;
        }
        if e.ty.is_primitive() && ty.is_reference() {
            // Boxing, after the narrowing of a constant to `Byte`, `Short` or `Character`.
            let e = match self.file.unboxed_type(ty) {
                Some(p) if p != e.ty => self.convert(e, &p),
                _ => e,
            };
            let boxed = self.box_value(e);
            if boxed.ty.is_reference() {
                return self.convert(boxed, ty);
            }
            return Expr {
                id: self.id(),
                span: boxed.span,
                ty: ty.clone(),
                kind: ExprKind::Convert(Box::new(boxed)),
            };
        }
        if ty.is_primitive() && self.file.unboxed_type(&e.ty).is_some() {
            let value = self.unbox_value(e);
            return self.convert(value, ty);
        }
        Expr {
            id: self.id(),
            span: e.span,
            ty: ty.clone(),
            kind: ExprKind::Convert(Box::new(e)),
        }
    }

    /// Assignment conversion (JLS §5.2), with the narrowing of constants.
    pub(super) fn assignable(&mut self, e: Expr, ty: &Type, node: Node<'t>) -> Checked<'t, Expr> {
        let boxed_constant = self
            .file
            .unboxed_type(ty)
            .filter(|p| matches!(p, Type::Byte | Type::Short | Type::Char));
        let ok = e.ty == *ty
            || e.ty.widens_to(ty)
            || (e.ty == Type::Null && ty.is_reference())
            || self.file.boxing_converts(&e.ty, ty)
            // `Character c = 65;`: a constant narrowed, then boxed (JLS §5.2).
            || boxed_constant.is_some_and(|p| {
                matches!(e.ty, Type::Byte | Type::Short | Type::Char | Type::Int)
                    && self.constant(&e).is_some_and(|c| match c {
                        Const::Int(_, v) => {
                            let (lo, hi) = p.jtype().expect("integral").range();
                            (lo..=hi).contains(&v)
                        }
                        _ => false,
                    })
            })
            || (matches!(ty, Type::Byte | Type::Short | Type::Char)
                && matches!(e.ty, Type::Byte | Type::Short | Type::Char | Type::Int)
                && self.constant(&e).is_some_and(|c| match c {
                    Const::Int(_, v) => {
                        let (lo, hi) = ty.jtype().expect("integral").range();
                        (lo..=hi).contains(&v)
                    }
                    _ => false,
                }));
        if !ok {
            let what = if e.ty.is_numeric() && ty.is_numeric() {
                format!(
                    "incompatible types: possible lossy conversion from {} to {ty}",
                    e.ty
                )
            } else {
                format!("incompatible types: {} cannot be converted to {ty}", e.ty)
            };
            return self.error(node, what);
        }
        Ok(self.convert(e, ty))
    }

    /// An expression used as a condition, with the definite-assignment states when it is true
    /// and when it is false (JLS §16.1).
    pub(super) fn condition(&mut self, node: Node<'t>) -> Checked<'t, (Expr, BitVec, BitVec)> {
        let (e, t, f) = self.boolean(node)?;
        let e = if self.file.unboxed_type(&e.ty) == Some(Type::Boolean) {
            self.unbox_value(e)
        } else {
            e
        };
        if e.ty != Type::Boolean {
            return self.error(
                node,
                format!(
                    "incompatible types: {} cannot be converted to boolean",
                    e.ty
                ),
            );
        }
        Ok((e, t, f))
    }

    fn boolean(&mut self, node: Node<'t>) -> Checked<'t, (Expr, BitVec, BitVec)> {
        match node.kind() {
            "parenthesized_expression" => {
                let inner = named_children(node)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "empty parentheses".into(),
                    })?;
                return self.boolean(inner);
            }
            "binary_expression" => {
                let op = self.text(self.field(node, "operator")?);
                if op == "&&" || op == "||" {
                    let (l, lt, lf) = self.condition(self.field(node, "left")?)?;
                    self.set_assigned(if op == "&&" { lt.clone() } else { lf.clone() });
                    let (r, rt, rf) = self.condition(self.field(node, "right")?)?;
                    let (t, f) = if op == "&&" {
                        (rt, Self::meet(&lf, &rf))
                    } else {
                        (Self::meet(&lt, &rt), rf)
                    };
                    let op = BinaryOp::from_symbol(op).expect("operator");
                    let e = self.make(
                        node,
                        Type::Boolean,
                        ExprKind::Binary {
                            op,
                            op_type: Type::Boolean,
                            left: Box::new(l),
                            right: Box::new(r),
                        },
                    );
                    return Ok(self.constant_sets(e, t, f));
                }
            }
            "unary_expression" if self.text(self.field(node, "operator")?) == "!" => {
                let (inner, t, f) = self.condition(self.field(node, "operand")?)?;
                let e = self.make(
                    node,
                    Type::Boolean,
                    ExprKind::Unary(UnaryOp::Not, Box::new(inner)),
                );
                return Ok(self.constant_sets(e, f, t));
            }
            "instanceof_expression" => {
                let e = self.instance_of(node)?;
                let f = self.assigned.clone();
                let mut t = f.clone();
                if let ExprKind::InstanceOf {
                    binding: Some(b), ..
                } = &e.kind
                {
                    t.set(b.0 as usize, true);
                }
                return Ok((e, t, f));
            }
            "ternary_expression" => {
                let (c, ct, cf) = self.condition(self.field(node, "condition")?)?;
                self.set_assigned(ct);
                let a_node = self.field(node, "consequence")?;
                let (a, at, af) = self.boolean(a_node)?;
                self.set_assigned(cf);
                let b_node = self.field(node, "alternative")?;
                let (b, bt, bf) = self.boolean(b_node)?;
                if a.ty == Type::Boolean && b.ty == Type::Boolean {
                    let e = self.make(
                        node,
                        Type::Boolean,
                        ExprKind::Conditional(Box::new(c), Box::new(a), Box::new(b)),
                    );
                    let (t, f) = (Self::meet(&at, &bt), Self::meet(&af, &bf));
                    return Ok(self.constant_sets(e, t, f));
                }
                let after = Self::meet(&Self::meet(&at, &af), &Self::meet(&bt, &bf));
                self.set_assigned(after);
                let e = self.conditional_result(node, c, a, b)?;
                let s = self.assigned.clone();
                return Ok((e, s.clone(), s));
            }
            _ => {}
        }
        let e = self.expr_inner(node)?;
        let s = self.assigned.clone();
        Ok(self.constant_sets(e, s.clone(), s))
    }

    /// A constant true expression assigns everything "when false", and vice versa.
    fn constant_sets(&mut self, e: Expr, t: BitVec, f: BitVec) -> (Expr, BitVec, BitVec) {
        match self.constant(&e).and_then(|c| c.as_bool()) {
            Some(true) => {
                let all = self.all_assigned();
                self.set_assigned(t.clone());
                (e, t, all)
            }
            Some(false) => {
                let all = self.all_assigned();
                self.set_assigned(f.clone());
                (e, all, f)
            }
            None => {
                let after = Self::meet(&t, &f);
                self.set_assigned(after);
                (e, t, f)
            }
        }
    }

    pub(super) fn expr(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        match node.kind() {
            "parenthesized_expression"
            | "binary_expression"
            | "unary_expression"
            | "ternary_expression" => {
                let is_logic = match node.kind() {
                    "parenthesized_expression" | "ternary_expression" => true,
                    "binary_expression" => {
                        matches!(self.text(self.field(node, "operator")?), "&&" | "||")
                    }
                    _ => self.text(self.field(node, "operator")?) == "!",
                };
                if is_logic {
                    let (e, t, f) = self.boolean(node)?;
                    let after = Self::meet(&t, &f);
                    self.set_assigned(after);
                    return Ok(e);
                }
                self.expr_inner(node)
            }
            _ => self.expr_inner(node),
        }
    }

    fn expr_inner(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let kind = node.kind();
        match kind {
            "parenthesized_expression" => {
                let inner = named_children(node)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "empty parentheses".into(),
                    })?;
                self.expr(inner)
            }
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal" => {
                let text = self.text(node);
                let Some((ty, v, decimal)) = parse_int_literal(text) else {
                    return self.error(node, "integer number too large");
                };
                let value = match ty {
                    Type::Int if decimal && v > i32::MAX as u64 => {
                        return self.error(node, "integer number too large");
                    }
                    Type::Int if v > u32::MAX as u64 => {
                        return self.error(node, "integer number too large");
                    }
                    Type::Int => v as u32 as i32 as i64,
                    _ if decimal && v > i64::MAX as u64 => {
                        return self.error(node, "integer number too large");
                    }
                    _ => v as i64,
                };
                Ok(self.make(node, ty.clone(), ExprKind::Literal(Const::Int(ty, value))))
            }
            "decimal_floating_point_literal" => {
                let text: String = self.text(node).chars().filter(|c| *c != '_').collect();
                let (body, float) = match text.strip_suffix(['f', 'F']) {
                    Some(b) => (b.to_string(), true),
                    None => (text.trim_end_matches(['d', 'D']).to_string(), false),
                };
                let nonzero = body.chars().any(|c| ('1'..='9').contains(&c))
                    && !body
                        .split(['e', 'E'])
                        .next()
                        .is_some_and(|m| m.chars().all(|c| c == '0' || c == '.'));
                if float {
                    let v: f32 = body.parse().map_err(|_| CheckError {
                        node,
                        message: "malformed floating-point literal".into(),
                    })?;
                    if v.is_infinite() || (v == 0.0 && nonzero) {
                        return self.error(node, "floating-point number too large or too small");
                    }
                    Ok(self.make(node, Type::Float, ExprKind::Literal(Const::Float(v))))
                } else {
                    let v: f64 = body.parse().map_err(|_| CheckError {
                        node,
                        message: "malformed floating-point literal".into(),
                    })?;
                    if v.is_infinite() || (v == 0.0 && nonzero) {
                        return self.error(node, "floating-point number too large or too small");
                    }
                    Ok(self.make(node, Type::Double, ExprKind::Literal(Const::Double(v))))
                }
            }
            "hex_floating_point_literal" => {
                self.unsupported(node, "a hexadecimal floating-point literal")
            }
            "true" | "false" => {
                let v = i64::from(kind == "true");
                Ok(self.make(
                    node,
                    Type::Boolean,
                    ExprKind::Literal(Const::Int(Type::Boolean, v)),
                ))
            }
            "null_literal" => Ok(self.make(node, Type::Null, ExprKind::Null)),
            "character_literal" => {
                let text = self.text(node);
                let inner = &text[1..text.len().saturating_sub(1).max(1)];
                match unescape(inner).as_deref() {
                    Some([u]) => {
                        let u = *u;
                        Ok(self.make(
                            node,
                            Type::Char,
                            ExprKind::Literal(Const::Int(Type::Char, i64::from(u))),
                        ))
                    }
                    _ => self.error(node, "illegal character literal"),
                }
            }
            "string_literal" => {
                let text = self.text(node);
                if text.starts_with("\"\"\"") {
                    return self.unsupported(node, "a text block");
                }
                let inner = &text[1..text.len().saturating_sub(1).max(1)];
                let Some(units) = unescape(inner) else {
                    return self.error(node, "illegal escape character in string literal");
                };
                Ok(self.make(
                    node,
                    Type::String,
                    ExprKind::Literal(Const::Str(Arc::from(units))),
                ))
            }
            "identifier" => self.name(node),
            "field_access" => self.field_access(node),
            "array_access" => {
                let array = self.expr(self.field(node, "array")?)?;
                let Some(element) = array.ty.element().cloned() else {
                    return self.error(node, format!("array required, but {} found", array.ty));
                };
                let index_node = self.field(node, "index")?;
                let index = self.expr(index_node)?;
                let index = self.index_value(index, index_node)?;
                Ok(self.make(
                    node,
                    element,
                    ExprKind::Index(Box::new(array), Box::new(index)),
                ))
            }
            "binary_expression" => self.binary(node),
            "unary_expression" => {
                let op = self.text(self.field(node, "operator")?);
                let operand_node = self.field(node, "operand")?;
                if op == "-" && operand_node.kind() == "decimal_integer_literal" {
                    // -2147483648 and -9223372036854775808L are literals of their own.
                    if let Some((ty, v, true)) = parse_int_literal(self.text(operand_node)) {
                        let min = if ty == Type::Int {
                            1u64 << 31
                        } else {
                            1u64 << 63
                        };
                        if v == min {
                            let value = if ty == Type::Int {
                                i32::MIN as i64
                            } else {
                                i64::MIN
                            };
                            return Ok(self.make(
                                node,
                                ty.clone(),
                                ExprKind::Literal(Const::Int(ty, value)),
                            ));
                        }
                    }
                }
                let operand = self.expr(operand_node)?;
                self.unary_of(node, op, operand)
            }
            "update_expression" => {
                let first = node.child(0).ok_or_else(|| CheckError {
                    node,
                    message: "empty".into(),
                })?;
                let prefix = !first.is_named();
                let (op_node, target_node) = if prefix {
                    (first, node.child(1))
                } else {
                    (node.child(1).unwrap_or(first), Some(first))
                };
                let target_node = target_node.ok_or_else(|| CheckError {
                    node,
                    message: "missing operand".into(),
                })?;
                let increment = self.text(op_node) == "++";
                if !prefix {
                    return self.postfix(node, op_node, target_node, increment);
                }
                self.update(span_of(node), op_node, target_node, increment, true)
            }
            "assignment_expression" => self.assignment(node),
            "ternary_expression" => {
                let (e, _, _) = self.boolean(node)?;
                Ok(e)
            }
            "cast_expression" => {
                let mut cursor = node.walk();
                let types: Vec<Node> = node.children_by_field_name("type", &mut cursor).collect();
                if types.len() != 1 {
                    return self.unsupported(node, "an intersection cast");
                }
                let ty = self.ty(types[0])?;
                let value = self.expr(self.field(node, "value")?)?;
                self.cast_of(node, ty, value)
            }
            "method_invocation" => self.invocation(node),
            "array_creation_expression" => self.array_creation(node),
            "object_creation_expression" => {
                let ty = self.field(node, "type")?;
                let args = node
                    .child_by_field_name("arguments")
                    .map(named_children)
                    .unwrap_or_default();
                if self.text(ty) == "String" && args.len() == 1 {
                    let a = self.expr(args[0])?;
                    if a.ty == Type::array_of(Type::Char) {
                        return Ok(self.make(
                            node,
                            Type::String,
                            ExprKind::Builtin(Builtin::StringOfChars, vec![a]),
                        ));
                    }
                }
                // `new Box<>(v)`: the type arguments are inferred.
                let diamond = crate::program::reader::hierarchy::is_diamond(ty);
                // `o.new Inner(...)`: the class is named as a member of `o`'s class.
                let qualifier = match node.child(0).filter(|c| c.kind() != "new") {
                    Some(q) => Some(self.expr(q)?),
                    None => None,
                };
                let created = match qualifier.as_ref().map(|q| q.ty.class()) {
                    None => self.ty(ty)?,
                    Some(Some(scope)) => match self.file.ty(ty, scope) {
                        Ok(t) => t,
                        Err(d) => return self.error(ty, d.message),
                    },
                    Some(None) => return self.unsupported(node, "a qualified creation"),
                };
                match created {
                    Type::Class(_) => self.new_object(node, created, diamond, qualifier),
                    // `new Object() { ... }`: an anonymous class extending Object.
                    // Its type is the anonymous class (JLS §15.9.1), whose members a `var`
                    // declared with it reaches (`var o = new Object() { int v; }`).
                    Type::Object if crate::program::reader::syntax::has_class_body(node) => {
                        let mut made = self.new_object(node, created, diamond, qualifier)?;
                        let class = self.anonymous_class(node, false, false)?;
                        made.ty = self.file.class_type(class);
                        Ok(made)
                    }
                    // `new Object()`: one of roth's plain objects (its class is read when a
                    // text says `new Object(`).
                    Type::Object
                        if qualifier.is_none()
                            && !crate::program::reader::syntax::has_class_body(node) =>
                    {
                        let Some(class) = self
                            .file
                            .qualified_named(&format!("java.lang.{OBJECT_INSTANCE}"))
                            .filter(|&c| self.file.is_jdk(c))
                        else {
                            return self.unsupported(node, "creating an object");
                        };
                        if !args.is_empty() {
                            return self.error(node, "constructor Object in class Object cannot be applied to given types");
                        }
                        let plain = self.file.class_type(class);
                        let mut made = self.new_object(node, plain, false, None)?;
                        // Typed as javac types it: nothing but an Object's members.
                        made.ty = Type::Object;
                        Ok(made)
                    }
                    _ => self.unsupported(node, "creating an object"),
                }
            }
            "this" => {
                self.needs_this(node)?;
                let ty = self.file.generic_self(self.class);
                Ok(self.make(node, ty, ExprKind::This))
            }
            "instanceof_expression" => self.instance_of(node),
            // Typed by where they stand (see `expr_for`): elsewhere they have no type.
            "lambda_expression" => self.unsupported(node, "a lambda without a target type"),
            "method_reference" => {
                self.unsupported(node, "a method reference without a target type")
            }
            "switch_expression" => match self.lowered_read(node) {
                Some(read) => Ok(read),
                None => self.unsupported(node, "a switch expression inside an expression"),
            },
            "array_initializer" => self.error(
                node,
                "illegal start of expression: an array initializer needs a declared type",
            ),
            other => self.unsupported(
                node,
                &format!("the expression kind {}", other.replace('_', " ")),
            ),
        }
    }

    fn unary_of(&mut self, node: Node<'t>, op: &str, operand: Expr) -> Checked<'t, Expr> {
        let operand = self.unbox_value(operand);
        let (op, ok) = match op {
            "-" => (UnaryOp::Neg, operand.ty.is_numeric()),
            "+" => (UnaryOp::Plus, operand.ty.is_numeric()),
            "~" => (UnaryOp::BitNot, operand.ty.is_integral()),
            "!" => (UnaryOp::Not, operand.ty == Type::Boolean),
            other => return self.unsupported(node, &format!("the operator {other}")),
        };
        if !ok {
            return self.error(
                node,
                format!(
                    "bad operand type {} for unary operator '{}'",
                    operand.ty,
                    op.symbol()
                ),
            );
        }
        let ty = operand.ty.promoted();
        let operand = self.convert(operand, &ty);
        Ok(self.make(node, ty, ExprKind::Unary(op, Box::new(operand))))
    }

    /// `e instanceof T` and `e instanceof T t` (JLS §15.20.2) for a class or interface `T`
    /// of the file; the pattern's local is declared here and definitely assigned where the
    /// test holds.
    fn instance_of(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let value = self.expr(self.field(node, "left")?)?;
        if node.child_by_field_name("pattern").is_some() {
            return self.unsupported(node, "a record pattern");
        }
        let Some(type_node) = node.child_by_field_name("right") else {
            return self.unsupported(node, "instanceof without a type");
        };
        let tested = self.ty(type_node)?;
        if tested.class().is_none() {
            return self.unsupported(node, &format!("instanceof {tested}"));
        }
        if !value.ty.is_reference() || !castable(&value.ty, &tested) {
            return self.error(
                node,
                format!(
                    "incompatible types: {} cannot be converted to {tested}",
                    value.ty
                ),
            );
        }
        let binding = match node.child_by_field_name("name") {
            Some(name) => Some(self.declare_pattern(name, tested.clone())?),
            None => None,
        };
        Ok(self.make(
            node,
            Type::Boolean,
            ExprKind::InstanceOf {
                value: Box::new(value),
                tested,
                binding,
            },
        ))
    }

    fn cast_of(&mut self, node: Node<'t>, ty: Type, value: Expr) -> Checked<'t, Expr> {
        // A box cast to a primitive unboxes, then widens (JLS §5.5): `(int) c` of a
        // `Character`, `(long) n` of a `Long`; a box narrowed (`(int)` of a `Long`) is not
        // castable.
        let value = match self.file.unboxed_type(&value.ty) {
            Some(p) if ty.is_primitive() && (p == ty || p.widens_to(&ty)) => {
                self.unbox_value(value)
            }
            _ => value,
        };
        let ok = (ty.is_numeric() && value.ty.is_numeric())
            || ty == value.ty
            || (value.ty == Type::Null && ty.is_reference())
            || (ty.is_reference() && value.ty.is_reference() && castable(&value.ty, &ty));
        if !ok {
            return self.error(
                node,
                format!(
                    "incompatible types: {} cannot be converted to {ty}",
                    value.ty
                ),
            );
        }
        Ok(self.make(node, ty, ExprKind::Cast(Box::new(value))))
    }

    /// `x++` or `x--`. Java's postfix operators bind tighter than prefix operators and casts,
    /// but tree-sitter-java reads `-x++` as `(-x)++` and `(int) x++` as `((int) x)++`: such
    /// trees are re-associated to `-(x++)` and `(int) (x++)`.
    fn postfix(
        &mut self,
        node: Node<'t>,
        op_node: Node<'t>,
        operand: Node<'t>,
        increment: bool,
    ) -> Checked<'t, Expr> {
        match operand.kind() {
            "unary_expression" => {
                let inner = self.field(operand, "operand")?;
                let op = self.text(self.field(operand, "operator")?);
                let e = self.postfix(node, op_node, inner, increment)?;
                self.unary_of(node, op, e)
            }
            "cast_expression" => {
                let mut cursor = operand.walk();
                let types: Vec<Node> = operand
                    .children_by_field_name("type", &mut cursor)
                    .collect();
                if types.len() != 1 {
                    return self.unsupported(operand, "an intersection cast");
                }
                let ty = self.ty(types[0])?;
                let inner = self.field(operand, "value")?;
                let e = self.postfix(node, op_node, inner, increment)?;
                self.cast_of(node, ty, e)
            }
            _ => {
                let span = Span {
                    start: operand.start_byte() as u32,
                    ..span_of(node)
                };
                let span = Span {
                    line: span_of(operand).line,
                    column: span_of(operand).column,
                    ..span
                };
                self.update(span, op_node, operand, increment, false)
            }
        }
    }

    fn update(
        &mut self,
        span: Span,
        op_node: Node<'t>,
        target_node: Node<'t>,
        increment: bool,
        prefix: bool,
    ) -> Checked<'t, Expr> {
        let target = self.lvalue(target_node, true)?;
        if let Some(primitive) = self.file.unboxed_type(&target.ty) {
            let symbol = self.text(op_node);
            if primitive == Type::Boolean {
                let ty = target.ty.clone();
                return self.error(
                    target_node,
                    format!("bad operand type {ty} for unary operator '{symbol}'"),
                );
            }
            // `x++` whose value is used gives the box `x` held: read before the update.
            let used = op_node
                .parent()
                .and_then(|u| u.parent())
                .is_some_and(|p| !matches!(p.kind(), "expression_statement" | "for_statement"));
            let old = match used && !prefix {
                true => match self.reread(target_node, &target) {
                    Some(old) => Some(old),
                    None => {
                        return self.unsupported(
                            target_node,
                            "the value of x++ or x-- on a box read through an expression with effects",
                        );
                    }
                },
                false => None,
            };
            let one = self.hidden(
                op_node,
                Type::Int,
                ExprKind::Literal(Const::Int(Type::Int, 1)),
            );
            let op = if increment {
                BinaryOp::Add
            } else {
                BinaryOp::Sub
            };
            let update_node = op_node.parent().unwrap_or(target_node);
            let ty = target.ty.clone();
            let mut e = self.boxed_update(update_node, target, op, one, true)?;
            if let Some(old) = old {
                e = self.hidden(
                    update_node,
                    ty,
                    ExprKind::Builtin(Builtin::First, vec![old, e]),
                );
            }
            e.span = span;
            return Ok(e);
        }
        if !target.ty.is_numeric() {
            return self.error(
                target_node,
                format!(
                    "bad operand type {} for unary operator '{}'",
                    target.ty,
                    self.text(op_node)
                ),
            );
        }
        let ty = target.ty.clone();
        Ok(Expr {
            id: self.id(),
            span,
            ty,
            kind: ExprKind::IncDec {
                target: Box::new(target),
                increment,
                prefix,
            },
        })
    }

    fn index_value(&mut self, index: Expr, node: Node<'t>) -> Checked<'t, Expr> {
        let index = self.unbox_value(index);
        let promoted = index.ty.promoted();
        if promoted != Type::Int {
            return self.error(
                node,
                format!(
                    "incompatible types: {} cannot be converted to int",
                    index.ty
                ),
            );
        }
        Ok(self.convert(index, &Type::Int))
    }

    /// An object where a string is wanted (concatenation, `print`, `valueOf`): a box as its
    /// value's text, an enum constant as its name when its enum does not declare `toString`,
    /// any other object as `String.valueOf(o)` (its `toString()`, `"null"` for `null`).
    /// Anything else is returned as it is.
    pub(super) fn as_text(&mut self, e: Expr) -> Expr {
        if self.file.unboxed_type(&e.ty).is_some() {
            return self.box_text(e);
        }
        match e.ty.class() {
            Some(c)
                if self.file.classes[c as usize].is_enum
                    && !self.file.has_method_named(c, "toString") =>
            {
                Expr {
                    id: self.id(),
                    span: e.span,
                    ty: Type::String,
                    kind: ExprKind::Builtin(Builtin::EnumString, vec![e]),
                }
            }
            _ if matches!(e.ty, Type::Class(_) | Type::Object | Type::Variable(_)) => {
                self.object_text(e)
            }
            _ => e,
        }
    }

    pub(super) fn check_concat_operand(&self, e: &Expr, node: Node<'t>) -> Checked<'t, ()> {
        match &e.ty {
            Type::Void => self.error(node, "'void' type not allowed here"),
            Type::Array(_) => self.unsupported(
                node,
                "concatenating an array (Java prints its identity hash)",
            ),
            _ => Ok(()),
        }
    }

    fn binary(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let op_text = self.text(self.field(node, "operator")?);
        let Some(op) = BinaryOp::from_symbol(op_text) else {
            return self.unsupported(node, &format!("the operator {op_text}"));
        };
        let left_node = self.field(node, "left")?;
        let right_node = self.field(node, "right")?;
        let left = self.expr(left_node)?;
        let right = self.expr(right_node)?;
        let bad = {
            let (lt, rt) = (left.ty.clone(), right.ty.clone());
            move || format!("bad operand types for binary operator '{op_text}': {lt} and {rt}")
        };
        // Boxes are unboxed for every operator but `==` and `!=` between two references
        // (which compare identities) and concatenation (which writes them).
        let concat = op == BinaryOp::Add && (left.ty == Type::String || right.ty == Type::String);
        let identity = matches!(op, BinaryOp::Eq | BinaryOp::Ne)
            && left.ty.is_reference()
            && right.ty.is_reference();
        let (left, right) = if concat || identity {
            (left, right)
        } else {
            (self.unbox_value(left), self.unbox_value(right))
        };
        let (lt, rt) = (left.ty.clone(), right.ty.clone());
        if op == BinaryOp::Add && (lt == Type::String || rt == Type::String) {
            let (left, right) = (self.as_text(left), self.as_text(right));
            self.check_concat_operand(&left, left_node)?;
            self.check_concat_operand(&right, right_node)?;
            return Ok(self.make(
                node,
                Type::String,
                ExprKind::Concat(Box::new(left), Box::new(right)),
            ));
        }
        let (op_type, result, left, right) = if op.is_arithmetic() {
            if !lt.is_numeric() || !rt.is_numeric() {
                return self.error(node, bad());
            }
            let t = Type::binary_promotion(&lt, &rt);
            (
                t.clone(),
                t.clone(),
                self.convert(left, &t),
                self.convert(right, &t),
            )
        } else if op.is_shift() {
            if !lt.is_integral() || !rt.is_integral() {
                return self.error(node, bad());
            }
            let (a, b) = (lt.promoted(), rt.promoted());
            (
                a.clone(),
                a.clone(),
                self.convert(left, &a),
                self.convert(right, &b),
            )
        } else if op.is_bitwise() {
            if lt == Type::Boolean && rt == Type::Boolean {
                (Type::Boolean, Type::Boolean, left, right)
            } else if lt.is_integral() && rt.is_integral() {
                let t = Type::binary_promotion(&lt, &rt);
                (
                    t.clone(),
                    t.clone(),
                    self.convert(left, &t),
                    self.convert(right, &t),
                )
            } else {
                return self.error(node, bad());
            }
        } else if matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
            if lt.is_numeric() && rt.is_numeric() {
                let t = Type::binary_promotion(&lt, &rt);
                (
                    t.clone(),
                    Type::Boolean,
                    self.convert(left, &t),
                    self.convert(right, &t),
                )
            } else if lt == Type::Boolean && rt == Type::Boolean {
                (Type::Boolean, Type::Boolean, left, right)
            } else if lt.is_reference() && rt.is_reference() && castable(&lt, &rt) {
                let t = if lt == Type::Null {
                    rt.clone()
                } else {
                    lt.clone()
                };
                (t, Type::Boolean, left, right)
            } else {
                return self.error(node, format!("incomparable types: {lt} and {rt}"));
            }
        } else if op.is_comparison() {
            if !lt.is_numeric() || !rt.is_numeric() {
                return self.error(node, bad());
            }
            let t = Type::binary_promotion(&lt, &rt);
            (
                t.clone(),
                Type::Boolean,
                self.convert(left, &t),
                self.convert(right, &t),
            )
        } else {
            // && and || come through `boolean`.
            return self.error(node, bad());
        };
        Ok(self.make(
            node,
            result,
            ExprKind::Binary {
                op,
                op_type,
                left: Box::new(left),
                right: Box::new(right),
            },
        ))
    }

    /// The type of `c ? a : b` (JLS §15.25) with both branches converted to it.
    fn conditional_result(
        &mut self,
        node: Node<'t>,
        c: Expr,
        a: Expr,
        b: Expr,
    ) -> Checked<'t, Expr> {
        // A box beside a primitive (or two numeric boxes) is unboxed (JLS §15.25, table
        // 15.25-A); a primitive beside `null` is boxed.
        let (ua, ub) = (self.file.unboxed_type(&a.ty), self.file.unboxed_type(&b.ty));
        let (a, b) = if (a.ty.is_primitive() && ub.is_some())
            || (b.ty.is_primitive() && ua.is_some())
            || (ua.as_ref().is_some_and(Type::is_numeric)
                && ub.as_ref().is_some_and(Type::is_numeric)
                && a.ty != b.ty)
        {
            (self.unbox_value(a), self.unbox_value(b))
        } else if a.ty.is_primitive() && b.ty == Type::Null {
            (self.box_value(a), b)
        } else if b.ty.is_primitive() && a.ty == Type::Null {
            (a, self.box_value(b))
        } else {
            (a, b)
        };
        let (at, bt) = (a.ty.clone(), b.ty.clone());
        let fits = |this: &Self, e: &Expr, t: &Type| -> bool {
            e.ty == Type::Int
                && matches!(t, Type::Byte | Type::Short | Type::Char)
                && matches!(this.constant(e), Some(Const::Int(_, v)) if { let (lo, hi) = t.jtype().expect("integral").range(); (lo..=hi).contains(&v) })
        };
        let ty = if at == bt {
            at.clone()
        } else if at == Type::Null && bt.is_reference() {
            bt.clone()
        } else if bt == Type::Null && at.is_reference() {
            at.clone()
        } else if at.is_reference() && bt.is_reference() {
            // The least upper bound (JLS §15.25.3), for the file's classes: the nearest
            // class or interface both extend, else Object.
            if bt.widens_to(&at) {
                at.clone()
            } else if at.widens_to(&bt) {
                bt.clone()
            } else {
                match (&at, &bt) {
                    (Type::Class(a), Type::Class(_)) => a
                        .supers
                        .iter()
                        .map(|&c| self.file.class_type(c))
                        .find(|t| bt.widens_to(t))
                        .unwrap_or(Type::Object),
                    _ => Type::Object,
                }
            }
        } else if at.is_numeric() && bt.is_numeric() {
            if (at == Type::Byte && bt == Type::Short) || (at == Type::Short && bt == Type::Byte) {
                Type::Short
            } else if fits(self, &b, &at) {
                at.clone()
            } else if fits(self, &a, &bt) {
                bt.clone()
            } else {
                Type::binary_promotion(&at, &bt)
            }
        } else if at.is_primitive() != bt.is_primitive()
            && at != Type::Void
            && bt != Type::Void
            && self
                .file
                .boxed_type(if at.is_primitive() { &at } else { &bt })
                .is_some()
        {
            // A primitive beside a reference that is not its box (`"x" : 'c'`) is boxed,
            // and the two references meet at their least upper bound (JLS §15.25.3).
            let (a, b) = match at.is_primitive() {
                true => (self.box_value(a), b),
                false => (a, self.box_value(b)),
            };
            if a.ty.is_primitive() || b.ty.is_primitive() {
                return self.error(node, format!("cannot box {at} or {bt} here"));
            }
            return self.conditional_result(node, c, a, b);
        } else {
            return self.error(
                node,
                format!("incompatible types in conditional expression: {at} and {bt}"),
            );
        };
        if ty == Type::Void {
            return self.error(node, "'void' type not allowed here");
        }
        let a = self.convert(a, &ty);
        let b = self.convert(b, &ty);
        Ok(self.make(
            node,
            ty,
            ExprKind::Conditional(Box::new(c), Box::new(a), Box::new(b)),
        ))
    }

    fn array_creation(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let base = self.ty(self.field(node, "type")?)?;
        let mut lengths = Vec::new();
        let mut extra = 0u32;
        let mut cursor = node.walk();
        let dims: Vec<Node> = node
            .children_by_field_name("dimensions", &mut cursor)
            .collect();
        for d in dims {
            if d.kind() == "dimensions_expr" {
                let inner = named_children(d)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node: d,
                        message: "missing array length".into(),
                    })?;
                let e = self.expr(inner)?;
                lengths.push(self.index_value(e, inner)?);
            } else {
                extra += self.text(d).matches('[').count() as u32;
            }
        }
        let mut ty = base;
        for _ in 0..(lengths.len() as u32 + extra) {
            ty = Type::array_of(ty);
        }
        if let Some(init) = node.child_by_field_name("value") {
            if !lengths.is_empty() {
                return self.error(
                    node,
                    "array creation with both dimension expression and initialization is illegal",
                );
            }
            return self.array_literal(init, &ty);
        }
        if lengths.is_empty() {
            return self.error(node, "array dimension missing");
        }
        Ok(self.make(node, ty, ExprKind::NewArray { lengths, extra }))
    }
}

/// Whether a reference of type `from` may be cast to `to` (JLS §5.5 for the subset): one
/// widens to the other, or an interface is involved (a class that is not final may have a
/// subclass implementing it).
fn castable(from: &Type, to: &Type) -> bool {
    // Checked on the erasures: a cast to a type variable is unchecked (JLS §5.5.2).
    let (from, to) = (&from.erasure(), &to.erasure());
    from.widens_to(to)
        || to.widens_to(from)
        || matches!((from, to), (Type::Class(_), Type::Class(_)))
}

#[cfg(test)]
mod tests {
    use crate::program::reader::ir::*;
    use crate::program::reader::load;

    /// The value of the literal initialising the one field of a class.
    fn literal(text: &str, ty: &str) -> Const {
        let source = format!("class K {{ static final {ty} X = {text}; }}");
        let unit = load("K.java", &source).unwrap();
        let field = &unit.classes[0].fields[0];
        assert!(
            field.unsupported.is_none(),
            "{text}: {:?}",
            field.unsupported
        );
        field.constant.clone().expect("a constant")
    }

    /// The checker's message for a method whose body is `statements`, or `Ok`.
    fn check(statements: &str) -> Result<(), String> {
        let source = format!("class K {{ static void f() {{ {statements} }} }}");
        let unit = load("K.java", &source).unwrap();
        unit.classes[0].methods[0]
            .body
            .as_ref()
            .map(|_| ())
            .map_err(|d| d.message.clone())
    }

    /// Integer literals at the edges of their types (JLS §3.10.1): the decimal `2147483648`
    /// only as the operand of unary minus, hexadecimal up to 32 bits as a two's complement.
    #[test]
    fn integer_literals_take_their_java_values() {
        assert_eq!(
            literal("-2147483648", "int"),
            Const::Int(Type::Int, -2147483648)
        );
        assert_eq!(literal("0xFFFFFFFF", "int"), Const::Int(Type::Int, -1));
        assert_eq!(literal("0b1000_0000", "int"), Const::Int(Type::Int, 128));
        assert_eq!(
            literal("-9223372036854775808L", "long"),
            Const::Int(Type::Long, i64::MIN)
        );
        assert_eq!(
            literal("0x8000000000000000L", "long"),
            Const::Int(Type::Long, i64::MIN)
        );
        assert_eq!(literal("'\\u0041'", "char"), Const::Int(Type::Char, 65));
        assert_eq!(literal("'\\377'", "char"), Const::Int(Type::Char, 255));
        let too_large = Err("integer number too large".to_string());
        assert_eq!(check("int x = 2147483648;"), too_large);
        assert_eq!(check("int x = 0x1_0000_0000;"), too_large);
        assert_eq!(check("long x = 9223372036854775808L;"), too_large);
        assert_eq!(check("long x = -9223372036854775808L;"), Ok(()));
    }

    /// Floating-point literals rounded to nearest as `javac` does (JLS §3.10.2), and the
    /// ones `javac` refuses: non-zero ones that round to zero or to infinity.
    #[test]
    fn floating_point_literals_take_their_java_values() {
        assert_eq!(literal("1e-3", "double"), Const::Double(0.001));
        assert_eq!(literal("1_000.5", "double"), Const::Double(1000.5));
        assert_eq!(literal("2.", "double"), Const::Double(2.0));
        assert_eq!(literal(".5", "double"), Const::Double(0.5));
        assert_eq!(literal("1d", "double"), Const::Double(1.0));
        assert_eq!(
            literal("4.9e-324", "double"),
            Const::Double(f64::from_bits(1))
        );
        assert_eq!(literal("1.5f", "float"), Const::Float(1.5));
        assert_eq!(literal("1.1F", "float"), Const::Float(1.1));
        // 2^24 + 1 has no float: it rounds to the even neighbour 2^24.
        assert_eq!(literal("16777217f", "float"), Const::Float(16_777_216.0));
        assert_eq!(literal("0.0e5", "double"), Const::Double(0.0));
        let out_of_range = Err("floating-point number too large or too small".to_string());
        assert_eq!(check("float x = 1e39f;"), out_of_range);
        assert_eq!(check("float x = 1e-46f;"), out_of_range);
        assert_eq!(check("double x = 1e-400;"), out_of_range);
        assert_eq!(check("double x = 1e309;"), out_of_range);
        assert_eq!(
            check("double x = 0x1p3;"),
            Err("a hexadecimal floating-point literal is outside the supported subset".to_string())
        );
    }

    /// String literals keep their escapes decoded; text blocks are outside the subset.
    #[test]
    fn string_literals_decode_their_escapes() {
        let tab_quote: Vec<u16> = "a\t\"\\".encode_utf16().collect();
        assert_eq!(
            literal("\"a\\t\\\"\\\\\"", "String"),
            Const::Str(tab_quote.into())
        );
        assert_eq!(
            check("String s = \"\\q\";"),
            Err("illegal escape character in string literal".to_string())
        );
    }
}
