//! Method references (JLS §15.13): `Type::staticMethod`, `Type::instanceMethod` (the first
//! parameter the receiver), `expr::method` (the receiver evaluated, and checked for `null`,
//! where the reference stands), `this::method`, `Type::new` and `System.out::println`, each
//! read as the lambda that calls the method named with the functional method's parameters.
//! Which form a `Type::name` is follows JLS §15.13.1: a static method taking all the
//! parameters, else an instance method of the first.

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::lambdas::Functional;
use crate::program::reader::statements::{Checked, MethodChecker};
use crate::program::reader::syntax::{named_children, span_of};

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    /// Whether a method reference can implement a method of `arity` parameters (JLS
    /// §15.12.2.1, for overload resolution): one of the methods it may name takes that many
    /// (a static one, an instance one with the receiver first, or a bound receiver's), or a
    /// constructor does; any arity when roth cannot tell (the library's classes).
    pub(super) fn reference_fits(&self, node: Node<'t>, arity: usize) -> bool {
        let children = named_children(node);
        let (Some(&qualifier), Some(&last)) = (children.first(), children.last()) else {
            return true;
        };
        let constructor = self.names_constructor(node);
        let name = self.text(last);
        // The class searched, and whether the reference is bound to a receiver.
        let (class, bound) = if qualifier.kind() == "this" {
            (Some(self.class), true)
        } else if let Some(c) = self.class_qualifier(qualifier) {
            (Some(c), false)
        } else if qualifier.kind() == "identifier"
            && let Some(id) = self.lookup(self.text(qualifier))
        {
            (self.locals[id.0 as usize].ty.class(), true)
        } else {
            (None, false)
        };
        let Some(class) = class else { return true };
        let searched: Vec<u32> = std::iter::once(class)
            .chain(self.file.ancestors(class))
            .collect();
        let mut arities = Vec::new();
        for k in searched {
            for s in self.file.classes[k as usize].sigs.iter().flatten() {
                if constructor {
                    if s.is_constructor && k == class {
                        arities.push(s.params.len());
                    }
                } else if s.name == name && !s.is_constructor {
                    let receiver = usize::from(!s.is_static && !bound);
                    arities.push(s.params.len() + receiver);
                }
            }
        }
        if constructor && arities.is_empty() {
            arities.push(0);
        }
        // Object's methods, which every class has.
        if !constructor && matches!(name, "toString" | "hashCode" | "equals") {
            return true;
        }
        arities.contains(&arity)
    }

    /// Whether a method reference names a constructor (`Line::new`).
    fn names_constructor(&self, node: Node<'t>) -> bool {
        self.text(node)
            .rsplit("::")
            .next()
            .is_some_and(|n| n.trim() == "new")
    }

    /// A method reference's body: the call it names on the functional method's parameters,
    /// and the receiver it is bound to, evaluated here, if any.
    pub(super) fn reference_body(
        &mut self,
        node: Node<'t>,
        f: &Functional,
        inner: &mut MethodChecker<'f, 's, 't>,
    ) -> Checked<'t, (Body, Option<Expr>)> {
        let children = named_children(node);
        let qualifier = *children.first().expect("a qualifier");
        let constructor = self.names_constructor(node);
        let name = if constructor {
            String::new()
        } else {
            match children.last() {
                Some(n) if n.kind() == "identifier" && children.len() > 1 => {
                    self.text(*n).to_string()
                }
                _ => return self.unsupported(node, "a method reference of this form"),
            }
        };
        if children.iter().any(|c| c.kind() == "type_arguments") {
            return self.unsupported(node, "a method reference with type arguments");
        }
        let q = self.text(qualifier).trim().to_string();
        // What the qualifier is: a type (static, unbound or constructor reference), `this`,
        // `super`, or an expression evaluated now (a bound receiver).
        let type_like = matches!(
            qualifier.kind(),
            "type_identifier"
                | "generic_type"
                | "scoped_type_identifier"
                | "array_type"
                | "integral_type"
                | "floating_point_type"
                | "boolean_type"
        );
        let class = if type_like {
            match self.ty(qualifier)? {
                Type::Class(c) => Some(Some(c.id)),
                Type::String => Some(None),
                _ => return self.unsupported(node, "a method reference to an array's member"),
            }
        } else if matches!(q.as_str(), "String" | "Math" | "Object")
            && self.lookup(&q).is_none()
            && self.visible_field(&q).is_none()
        {
            Some(None)
        } else {
            self.class_qualifier(qualifier).map(Some)
        };
        let mut receiver = None;
        let params: Vec<Type> = f.params.clone();
        let start = if qualifier.kind() == "super" {
            return self.unsupported(node, "a method reference on super");
        } else if class.is_none() && qualifier.kind() != "this" && q != "System.out" {
            let r = self.expr(qualifier)?;
            if !r.ty.is_reference() || r.ty == Type::Null {
                return self.error(qualifier, format!("{} cannot be dereferenced", r.ty));
            }
            inner.declare_param("receiver$", r.ty.clone(), span_of(qualifier));
            receiver = Some(r);
            1
        } else {
            0
        };
        for (i, p) in params.iter().enumerate() {
            inner.declare_param(&format!("arg${i}"), p.clone(), span_of(node));
        }
        let local = |inner: &mut MethodChecker<'f, 's, 't>, i: usize| {
            let ty = inner.locals[i].ty.clone();
            inner.make(node, ty, ExprKind::Local(LocalId(i as u32)))
        };
        // Given arguments stand at the qualifier: the reference itself would read as a
        // lambda waiting for its type.
        let args_from = |inner: &mut MethodChecker<'f, 's, 't>, from: usize| {
            (from..start + params.len())
                .map(|i| (local(inner, i), qualifier))
                .collect::<Vec<_>>()
        };
        let call = if constructor {
            let Some(Some(c)) = class else {
                return self.unsupported(node, "a constructor reference of this type");
            };
            let created = if type_like {
                self.ty(qualifier)?
            } else {
                self.file.class_type(c)
            };
            let diamond = !self.file.type_parameters[c as usize].is_empty()
                && matches!(&created, Type::Class(t) if t.args.is_empty());
            inner.given = Some(args_from(inner, start));
            inner.new_object(node, created, diamond, None)?
        } else if q == "System.out" {
            inner.given = Some(args_from(inner, 0));
            inner.print_call(node, &name)?
        } else if qualifier.kind() == "this" {
            self.needs_this(qualifier)?;
            inner.given = Some(args_from(inner, 0));
            inner.call_on(node, Some(self.class), &name, None)?
        } else if let Some(r) = &receiver {
            let this = local(inner, 0);
            inner.given = Some(args_from(inner, 1));
            inner.call_on(node, r.ty.class(), &name, Some(this))?
        } else {
            let class = class.expect("a type");
            // Static first (JLS §15.13.1); else the first parameter is the receiver.
            inner.given = Some(args_from(inner, 0));
            let statically = inner.static_call_on(node, class, &q, &name);
            match statically {
                Ok(call) => call,
                Err(first) if !params.is_empty() => {
                    let mut this = local(inner, 0);
                    let wanted = match class {
                        Some(c) => self.file.generic_self(c),
                        None if q == "String" => Type::String,
                        None => Type::Object,
                    };
                    if !this.ty.erasure().widens_to(&wanted.erasure()) {
                        // The type `javac` inferred for the parameter from the reference.
                        this = inner.seen_as(this, &Type::Object, wanted.clone());
                    }
                    inner.given = Some(args_from(inner, 1));
                    match inner.call_on(node, this.ty.class().or(class), &name, Some(this)) {
                        Ok(call) => call,
                        Err(_) => return Err(first),
                    }
                }
                Err(e) => return Err(e),
            }
        };
        inner.given = None;
        let body = inner.call_body(node, call)?;
        Ok((body, receiver))
    }
}
