//! The class of a lambda's objects, as the JVM's `LambdaMetafactory` spins one (JLS
//! §15.27.4): a final field per captured value and the functional interface's method, which
//! calls the lambda's method (see [`super::lambdas`]).

use crate::program::reader::ir::*;

/// The parts of a closure class.
pub(super) struct ClosureShape<'a> {
    pub(super) id: u32,
    pub(super) name: String,
    pub(super) home: Option<u32>,
    pub(super) interface: u32,
    /// The captured values' types, in the order of the fields.
    pub(super) values: &'a [Type],
    /// Which field holds the enclosing `this` (the lambda's method's receiver), if any.
    pub(super) this_field: Option<usize>,
    pub(super) lambda: MethodRef,
    pub(super) lambda_params: &'a [Type],
    pub(super) lambda_ret: &'a Type,
    pub(super) method_name: &'a str,
    pub(super) erased: &'a [Type],
    pub(super) erased_ret: &'a Type,
    pub(super) bridges: &'a [Vec<Type>],
    pub(super) span: Span,
}

/// The class of a lambda's objects: a field per captured value, and the interface's method
/// calling the lambda's method with the captured values (but `this`, its receiver) and its
/// own parameters, each cast to the lambda's parameter type where the interface's erases
/// wider (the cast `javac`'s bridge makes).
pub(super) fn closure_class(s: ClosureShape) -> Class {
    let mut next = 0u32;
    let mut id = || {
        next += 1;
        NodeId(next - 1)
    };
    let expr = |id: NodeId, ty: Type, kind: ExprKind| Expr {
        id,
        span: s.span,
        ty,
        kind,
    };
    let fields: Vec<Field> = s
        .values
        .iter()
        .enumerate()
        .map(|(k, ty)| Field {
            name: format!("arg${}", k + 1),
            ty: ty.clone(),
            is_static: false,
            is_final: true,
            is_private: true,
            span: s.span,
            init: None,
            constant: None,
            unsupported: None,
            is_synthetic: false,
        })
        .collect();
    let field = |k: usize| FieldRef {
        class: s.id,
        field: k as u32,
    };
    let mut args: Vec<Expr> = Vec::new();
    for (k, ty) in s.values.iter().enumerate() {
        if Some(k) != s.this_field {
            args.push(expr(id(), ty.clone(), ExprKind::Field(field(k))));
        }
    }
    let captured = args.len();
    for (i, erased) in s.erased.iter().enumerate() {
        let wanted = &s.lambda_params[captured + i];
        let read = expr(id(), erased.clone(), ExprKind::Local(LocalId(i as u32)));
        let arg = if wanted.is_reference() && !erased.widens_to(&wanted.erasure()) {
            expr(id(), wanted.clone(), ExprKind::Cast(Box::new(read)))
        } else {
            read
        };
        args.push(arg);
    }
    let call = match s.this_field {
        Some(k) => {
            let this_ty = s.values[k].clone();
            let receiver = expr(id(), this_ty, ExprKind::Field(field(k)));
            expr(
                id(),
                s.lambda_ret.clone(),
                ExprKind::InstanceCall {
                    receiver: Box::new(receiver),
                    method: s.lambda,
                    args,
                },
            )
        }
        None => expr(
            id(),
            s.lambda_ret.clone(),
            ExprKind::Call {
                method: s.lambda,
                args,
            },
        ),
    };
    let kind = if *s.erased_ret == Type::Void {
        StmtKind::Expr(call)
    } else {
        StmtKind::Return(Some(call))
    };
    let stmt = Stmt {
        id: id(),
        span: s.span,
        kind,
    };
    let locals: Vec<Local> = s
        .erased
        .iter()
        .enumerate()
        .map(|(i, ty)| Local {
            name: format!("arg{i}"),
            ty: ty.clone(),
            span: s.span,
            is_param: true,
            is_hidden: false,
            is_final: false,
            constant: None,
        })
        .collect();
    let method = Method {
        name: s.method_name.to_string(),
        class: s.id,
        is_static: false,
        is_constructor: false,
        is_private: false,
        is_abstract: false,
        params: s.erased.to_vec(),
        param_names: locals.iter().map(|l| l.name.clone()).collect(),
        ret: s.erased_ret.clone(),
        span: s.span,
        body: Ok(Body {
            locals,
            stmts: vec![stmt],
            node_count: next,
        }),
        bridges: s.bridges.to_vec(),
        lambda: None,
        is_implicit: false,
    };
    Class {
        fields,
        methods: vec![method],
        interfaces: vec![s.interface],
        is_abstract: false,
        ..unread_closure(s.name, s.home, s.span)
    }
}

/// The class of a lambda that was never read (it stands in code outside the subset): no
/// object of it is ever made.
pub(super) fn unread_closure(name: String, home: Option<u32>, span: Span) -> Class {
    Class {
        name,
        outer: None,
        is_private: true,
        span,
        fields: Vec::new(),
        methods: Vec::new(),
        has_no_arg_constructor: false,
        extends_something: true,
        blocks: Vec::new(),
        superclass: None,
        interfaces: Vec::new(),
        is_interface: false,
        is_abstract: true,
        is_enum: false,
        enum_constants: 0,
        library: None,
        home,
        is_closure: true,
        outer_instance: None,
        local: None,
        is_anonymous: false,
        declared_in: None,
    }
}
