//! Checking the variables of a method body's expressions: simple names (a local, else a field
//! of the class; reading a local that is not definitely assigned is `javac`'s error, JLS
//! ch. 16), field accesses (`this.f`, `K.f`, the library's constants, `a.length`), the targets
//! of assignments and of `++`/`--` (a `final` variable only in its one definite assignment),
//! and assignments: simple ones by assignment conversion (JLS §5.2), compound ones in the
//! promoted type (JLS §15.26.2). An assigned local becomes definitely assigned.

use tree_sitter::Node;

use crate::program::reader::constants::library_constant;
use crate::program::reader::generics::substitute;
use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, LAMBDA_CAPTURE, MethodChecker};
use crate::program::reader::syntax::named_children;

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    /// A simple name used as a value.
    pub(super) fn name(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let e = self.variable(node)?;
        let name = self.text(node);
        self.read_of(node, e, name)
    }

    /// `e`, the variable `name` read: `javac`'s error if it is a local not definitely
    /// assigned there (JLS ch. 16).
    pub(super) fn read_of(&self, node: Node<'t>, e: Expr, name: &str) -> Checked<'t, Expr> {
        if let ExprKind::Local(id) = e.kind
            && !self
                .assigned
                .get(id.0 as usize)
                .map(|b| *b)
                .unwrap_or(false)
        {
            return self.error(
                node,
                format!("variable {name} might not have been initialized"),
            );
        }
        Ok(e)
    }

    /// A simple name as a variable: a local, else a field of this class.
    fn variable(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let name = self.text(node);
        self.variable_named(node, name)
    }

    /// The variable `name` denotes at `node`: a local, else a field of this class or of an
    /// enclosing one, or a local of the code around a local class that it captured.
    pub(super) fn variable_named(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        if let Some(id) = self.lookup(name) {
            let ty = self.locals[id.0 as usize].ty.clone();
            return Ok(self.make(node, ty, ExprKind::Local(id)));
        }
        if let Some((class, fi)) = self.visible_field(name) {
            let field = &self.file.classes[class as usize].fields[fi];
            // Declared or inherited by this class, or by an enclosing one.
            let own = class == self.class || self.file.ancestors(self.class).contains(&class);
            if let Some(d) = &field.unsupported {
                return self.error(node, format!("uses field {name}: {}", d.message));
            }
            let field_ref = FieldRef {
                class,
                field: fi as u32,
            };
            if !field.is_static && !own && !self.is_static {
                // A field of an enclosing instance (JLS §15.8.4), through `this$0`.
                if let Some(object) = self.outer_object_with_field(node, name) {
                    let ty = self.field_type_through(&object.ty, class, fi);
                    let object = Box::new(object);
                    return Ok(self.make(
                        node,
                        ty,
                        ExprKind::FieldOf {
                            object,
                            field: field_ref,
                        },
                    ));
                }
            }
            if !field.is_static && (self.is_static || !own) {
                return self.error(
                    node,
                    format!(
                        "non-static variable {name} cannot be referenced from a static context"
                    ),
                );
            }
            let ty = self.own_field_type(class, fi);
            return Ok(self.make(
                node,
                ty,
                ExprKind::Field(FieldRef {
                    class,
                    field: fi as u32,
                }),
            ));
        }
        if let Some(why) = self
            .file
            .enclosing(self.class)
            .into_iter()
            .find_map(|c| self.file.refused_capture(c, name))
        {
            let why = why.to_string();
            return match why.starts_with("local variables") {
                true => self.error(node, why),
                false => self.unsupported(node, &why),
            };
        }
        if let Some(field) = self.imported_field(node, name) {
            return field;
        }
        self.error(node, format!("cannot find symbol: variable {name}"))
    }

    /// The type of field `fi` of `class` read on `this` (or statically): an inherited
    /// field of a generic superclass with this class's type arguments (`value` of
    /// `Box<T>` is a `String` in `class Upper extends Box<String>`).
    fn own_field_type(&self, class: u32, fi: usize) -> Type {
        let field = &self.file.classes[class as usize].fields[fi];
        if field.is_static || class == self.class {
            return field.ty.clone();
        }
        let this = self.file.generic_self(self.class);
        match self.file.substitution(&this, class) {
            Some(map) => substitute(&field.ty, &map),
            None => field.ty.clone(),
        }
    }

    /// The enclosing instance whose class has the field `name` a simple name denotes, when
    /// the code being read is in an inner class of that class.
    fn outer_object_with_field(&mut self, node: Node<'t>, name: &str) -> Option<Expr> {
        let class = self
            .file
            .enclosing(self.class)
            .into_iter()
            .find(|&c| self.member_or_capture(c, name).is_some())?;
        self.enclosing_instance(node, class, false).ok()
    }

    /// The type of field `fi` of `class` read on an object of type `object` (its type
    /// arguments substituted for the class's parameters).
    pub(super) fn field_type_through(&self, object: &Type, class: u32, fi: usize) -> Type {
        let field = &self.file.classes[class as usize].fields[fi];
        match self.file.substitution(object, class) {
            Some(map) => substitute(&field.ty, &map),
            None => field.ty.clone(),
        }
    }

    /// The field a simple name denotes when no local has the name: one of this class's,
    /// else of the innermost enclosing class declaring it (JLS §6.4.1).
    pub(super) fn visible_field(&self, name: &str) -> Option<(u32, usize)> {
        for c in self.file.enclosing(self.class) {
            if let Some(f) = self.member_or_capture(c, name) {
                return Some(f);
            }
            // A local it names but cannot capture hides the enclosing classes' fields.
            if self.file.refused_capture(c, name).is_some() {
                return None;
            }
        }
        None
    }

    /// The field `name` of class `class`, else the one holding the local `name` it captured
    /// (a local class's members shadow the enclosing code's locals, which shadow the
    /// enclosing classes' members, JLS §6.4.1).
    fn member_or_capture(&self, class: u32, name: &str) -> Option<(u32, usize)> {
        self.member_field(class, name)
            .or_else(|| self.file.capture_field(class, name))
    }

    /// The field `name` of class `class`: its own, else the nearest inherited one that is
    /// not private (JLS §8.3).
    pub(super) fn member_field(&self, class: u32, name: &str) -> Option<(u32, usize)> {
        std::iter::once(class)
            .chain(self.file.ancestors(class))
            .find_map(|k| {
                self.file.classes[k as usize]
                    .fields
                    .iter()
                    .position(|f| f.name == name && (k == class || !f.is_private))
                    .map(|fi| (k, fi))
            })
    }

    /// The class `node` names when it is used as the qualifier of a member (`K` in `K.f`,
    /// `Outer.Inner` in `Outer.Inner.m()`) rather than as a value: its first name is no
    /// local or visible field.
    pub(super) fn class_qualifier(&self, node: Node<'t>) -> Option<u32> {
        if !matches!(
            node.kind(),
            "identifier" | "field_access" | "scoped_identifier"
        ) {
            return None;
        }
        let text: String = self
            .text(node)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let first = text.split('.').next()?;
        if self.lookup(first).is_some() || self.visible_field(first).is_some() {
            return None;
        }
        self.file
            .class_named_at(&text, self.class, node.start_byte())
    }

    pub(super) fn field_access(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let object = self.field(node, "object")?;
        let field_node = self.field(node, "field")?;
        let field = self.text(field_node);
        // `Outer.this`: an enclosing instance (JLS §15.8.4).
        if field_node.kind() == "this" {
            let Some(class) = self.class_qualifier(object) else {
                return self.error(
                    object,
                    format!("cannot find symbol: class {}", self.text(object)),
                );
            };
            return self.qualified_this(node, class);
        }
        if matches!(object.kind(), "this" | "super") {
            self.needs_this(object)?;
            let searched = if object.kind() == "super" {
                self.file.superclass(self.class)
            } else {
                Some(self.class)
            };
            let Some((class, fi)) = searched.and_then(|c| self.member_field(c, field)) else {
                return self.error(field_node, format!("cannot find symbol: variable {field}"));
            };
            let f = &self.file.classes[class as usize].fields[fi];
            if let Some(d) = &f.unsupported {
                return self.error(node, format!("uses field {field}: {}", d.message));
            }
            if f.is_static {
                return self.unsupported(node, "a static field reached through an object");
            }
            let ty = self.own_field_type(class, fi);
            return Ok(self.make(
                node,
                ty,
                ExprKind::Field(FieldRef {
                    class,
                    field: fi as u32,
                }),
            ));
        }
        // The library's constants (`Integer.MAX_VALUE`, `Double.NaN`, `Math.PI`), also where
        // roth's model of the JDK reads the class.
        if object.kind() == "identifier" {
            let class_name = self.text(object);
            if self.lookup(class_name).is_none()
                && self.visible_field(class_name).is_none()
                && self
                    .class_qualifier(object)
                    .is_none_or(|c| self.file.is_jdk(c))
                && let Some(c) = library_constant(class_name, field)
            {
                return Ok(self.make(node, c.ty(), ExprKind::Literal(c)));
            }
        }
        if let Some(qualifier) = self.class_qualifier(object) {
            return self.static_field(node, field_node, qualifier, field);
        }
        if object.kind() == "identifier" {
            let class_name = self.text(object);
            if self.lookup(class_name).is_none() && self.visible_field(class_name).is_none() {
                if let Some(c) = library_constant(class_name, field) {
                    return Ok(self.make(node, c.ty(), ExprKind::Literal(c)));
                }
                if class_name == "System" {
                    return self.unsupported(node, &format!("System.{field} outside a print call"));
                }
            }
        }
        let value = self.expr(object)?;
        if field == "length" && value.ty.element().is_some() {
            return Ok(self.make(node, Type::Int, ExprKind::Length(Box::new(value))));
        }
        if let Some(class) = value.ty.class() {
            return self.field_of(node, field_node, value, class);
        }
        self.error(
            field_node,
            format!("cannot find symbol: {field} in {}", value.ty),
        )
    }

    /// The static field `field` of class `qualifier` (`K.f`, or `f` statically imported),
    /// read at `node`, with `javac`'s errors at `field_node`.
    pub(super) fn static_field(
        &mut self,
        node: Node<'t>,
        field_node: Node<'t>,
        qualifier: u32,
        field: &str,
    ) -> Checked<'t, Expr> {
        let Some((ci, fi)) = self.member_field(qualifier, field) else {
            if self.file.is_jdk(qualifier) {
                let class = self.file.classes[qualifier as usize].name.clone();
                return self.unsupported(node, &format!("{class}.{field}"));
            }
            return self.error(field_node, format!("cannot find symbol: variable {field}"));
        };
        let info = &self.file.classes[ci as usize];
        let f = &info.fields[fi];
        if f.is_private && self.file.top_level(ci) != self.file.top_level(self.class) {
            return self.error(
                field_node,
                format!("{field} has private access in {}", info.name),
            );
        }
        if !f.is_static {
            return self.error(
                node,
                format!("non-static variable {field} cannot be referenced from a static context"),
            );
        }
        if let Some(d) = &f.unsupported {
            return self.error(node, format!("uses field {field}: {}", d.message));
        }
        let ty = f.ty.clone();
        Ok(self.make(
            node,
            ty,
            ExprKind::Field(FieldRef {
                class: ci,
                field: fi as u32,
            }),
        ))
    }

    /// `o.f` on an object of one of the file's classes.
    fn field_of(
        &mut self,
        node: Node<'t>,
        field_node: Node<'t>,
        object: Expr,
        class: u32,
    ) -> Checked<'t, Expr> {
        let name = self.text(field_node);
        let Some((class, fi)) = self.member_field(class, name) else {
            let info = &self.file.classes[class as usize];
            return self.error(
                field_node,
                format!("cannot find symbol: variable {name} in {}", info.name),
            );
        };
        let info = &self.file.classes[class as usize];
        let f = &info.fields[fi];
        if f.is_private && self.file.top_level(class) != self.file.top_level(self.class) {
            return self.error(
                field_node,
                format!("{name} has private access in {}", info.name),
            );
        }
        if let Some(d) = &f.unsupported {
            return self.error(node, format!("uses field {name}: {}", d.message));
        }
        if f.is_static {
            return self.unsupported(node, "a static field reached through an object");
        }
        let declared = f.ty.clone();
        let ty = match self.file.substitution(&object.ty, class) {
            Some(map) => substitute(&declared, &map),
            None => declared.erasure(),
        };
        let read = self.make(
            node,
            Type::Void,
            ExprKind::FieldOf {
                object: Box::new(object),
                field: FieldRef {
                    class,
                    field: fi as u32,
                },
            },
        );
        Ok(self.seen_as(read, &declared, ty))
    }

    /// The target of an assignment or `++`/`--`; `read` when its old value is used.
    pub(super) fn lvalue(&mut self, node: Node<'t>, read: bool) -> Checked<'t, Expr> {
        let node = if node.kind() == "parenthesized_expression" {
            named_children(node).into_iter().next().unwrap_or(node)
        } else {
            node
        };
        let e = match node.kind() {
            "identifier" => {
                if read {
                    self.name(node)?
                } else {
                    self.variable(node)?
                }
            }
            "field_access" => {
                let mut e = self.field_access(node)?;
                // A field of a type variable is written as its substituted type, without the
                // cast a read gets.
                if let ExprKind::Cast(inner) = &e.kind
                    && matches!(inner.kind, ExprKind::FieldOf { .. })
                    && inner.span == e.span
                {
                    let ty = e.ty.clone();
                    let ExprKind::Cast(inner) = e.kind else {
                        unreachable!("a cast")
                    };
                    e = *inner;
                    e.ty = ty;
                }
                if !matches!(e.kind, ExprKind::Field(_) | ExprKind::FieldOf { .. }) {
                    return self.error(node, "unexpected type: required variable, found value");
                }
                e
            }
            "array_access" => self.expr(node)?,
            _ => return self.error(node, "unexpected type: required variable, found value"),
        };
        match &e.kind {
            ExprKind::Local(id) => {
                let id = *id;
                // Assigned once more after a value (or read and written by `+=`, `++`): no
                // longer effectively final, which a lambda's capture needs.
                if read || self.assigned.get(id.0 as usize).is_some_and(|b| *b) {
                    if self.lambda_captured.contains(&id) {
                        return self.error(node, LAMBDA_CAPTURE);
                    }
                    self.reassigned.insert(id);
                }
                let local = &self.locals[id.0 as usize];
                if local.is_final
                    && (self.assigned.get(id.0 as usize).map(|b| *b).unwrap_or(true)
                        || read
                        || local.is_param)
                {
                    return self.error(
                        node,
                        format!("cannot assign a value to final variable {}", local.name),
                    );
                }
            }
            ExprKind::Field(r) => {
                let f = &self.file.classes[r.class as usize].fields[r.field as usize];
                if f.is_synthetic {
                    return self.error(
                        node,
                        "local variables referenced from an inner class must be final or effectively final",
                    );
                }
                if f.is_final
                    && !(self.is_constructor
                        && f.init.is_none()
                        && self.file.classes[r.class as usize].field_nodes[r.field as usize]
                            .is_none()
                        && r.class == self.class
                        && !read)
                {
                    return self.error(
                        node,
                        format!("cannot assign a value to final variable {}", f.name),
                    );
                }
            }
            // A blank final is assigned through its simple name or `this.f` only.
            ExprKind::FieldOf { field: r, .. } => {
                let f = &self.file.classes[r.class as usize].fields[r.field as usize];
                if f.is_synthetic {
                    return self.error(
                        node,
                        "local variables referenced from an inner class must be final or effectively final",
                    );
                }
                if f.is_final {
                    return self.error(
                        node,
                        format!("cannot assign a value to final variable {}", f.name),
                    );
                }
            }
            _ => {}
        }
        Ok(e)
    }

    pub(super) fn mark_assigned(&mut self, target: &Expr) {
        if let ExprKind::Local(id) = target.kind {
            self.assigned.set(id.0 as usize, true);
        }
    }

    pub(super) fn assignment(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let op_text = self.text(self.field(node, "operator")?);
        let left_node = self.field(node, "left")?;
        let right_node = self.field(node, "right")?;
        if op_text == "=" {
            let target = self.lvalue(left_node, false)?;
            let value = self.expr_for(right_node, &target.ty.clone())?;
            let value = self.assignable(value, &target.ty.clone(), right_node)?;
            self.mark_assigned(&target);
            let ty = target.ty.clone();
            return Ok(self.make(
                node,
                ty.clone(),
                ExprKind::Assign {
                    target: Box::new(target),
                    op: None,
                    op_type: ty,
                    value: Box::new(value),
                },
            ));
        }
        let symbol = op_text.trim_end_matches('=');
        let Some(op) = BinaryOp::from_symbol(symbol) else {
            return self.unsupported(node, &format!("the operator {op_text}"));
        };
        let target = self.lvalue(left_node, true)?;
        let mut value = self.expr(right_node)?;
        let t = target.ty.clone();
        if self.file.unboxed_type(&t).is_some() {
            return self.boxed_update(node, target, op, value, false);
        }
        if op != BinaryOp::Add || t != Type::String {
            value = self.unbox_value(value);
        }
        if op == BinaryOp::Add && t == Type::String {
            if value.ty == Type::Void {
                return self.error(right_node, "'void' type not allowed here");
            }
            let value = self.as_text(value);
            self.check_concat_operand(&value, right_node)?;
            return Ok(self.make(
                node,
                t.clone(),
                ExprKind::Assign {
                    target: Box::new(target),
                    op: Some(op),
                    op_type: Type::String,
                    value: Box::new(value),
                },
            ));
        }
        let Some(op_type) = compound_type(op, &t, &value.ty) else {
            return self.error(
                node,
                format!("bad operand types for binary operator '{symbol}'"),
            );
        };
        // A shift's right operand is promoted on its own.
        let value_type = if op.is_shift() {
            value.ty.promoted()
        } else {
            op_type.clone()
        };
        let value = self.convert(value, &value_type);
        Ok(self.make(
            node,
            t,
            ExprKind::Assign {
                target: Box::new(target),
                op: Some(op),
                op_type,
                value: Box::new(value),
            },
        ))
    }
}

/// The type `target op= value` computes in (JLS §15.26.2): a shift's promoted left operand,
/// `boolean` for `&`, `|`, `^` on booleans, else the binary numeric promotion of both;
/// `None` for operands the operator does not take.
pub(super) fn compound_type(op: BinaryOp, target: &Type, value: &Type) -> Option<Type> {
    if op.is_shift() {
        return (target.is_integral() && value.is_integral()).then(|| target.promoted());
    }
    if op.is_bitwise() && *target == Type::Boolean {
        return (*value == Type::Boolean).then_some(Type::Boolean);
    }
    let fits = if op.is_bitwise() {
        target.is_integral() && value.is_integral()
    } else {
        target.is_numeric() && value.is_numeric()
    };
    fits.then(|| Type::binary_promotion(target, value))
}
