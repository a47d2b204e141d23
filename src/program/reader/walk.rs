//! Walking the IR: what an expression or a statement holds (its children, its
//! substatements), what it calls, whether it has effects or works with objects, and the
//! visitors every later stage uses to look through a method body.

use crate::program::reader::ir::*;

impl ExprKind {
    /// Whether the expression makes, reads or calls into objects of the unit's classes (what
    /// the proofs and the software D-algorithm do not model). `Object`'s methods may run an
    /// override, any code of the unit, even on a `String`'s static type.
    pub(crate) fn works_with_objects(&self) -> bool {
        matches!(
            self,
            ExprKind::Builtin(
                Builtin::ObjectEquals
                    | Builtin::ObjectHashCode
                    | Builtin::ObjectToString
                    | Builtin::ObjectValueOf
                    | Builtin::GetClass
                    | Builtin::RequireNonNull,
                _
            ) | ExprKind::This
                | ExprKind::New { .. }
                | ExprKind::FieldOf { .. }
                | ExprKind::InstanceCall { .. }
                | ExprKind::SuperCall { .. }
                | ExprKind::SuperConstructor { .. }
                | ExprKind::InstanceOf { .. }
                | ExprKind::EnumConstant { .. }
                | ExprKind::EnumValues { .. }
                | ExprKind::EnumValueOf { .. }
                | ExprKind::Closure { .. }
        )
    }
}

impl Expr {
    /// The method or constructor the expression calls, if it calls one of the unit's.
    /// A lambda's object counts as a call of the lambda's method: whatever makes that
    /// method unsupported makes the code creating the object unsupported too.
    pub(crate) fn callee(&self) -> Option<MethodRef> {
        match &self.kind {
            ExprKind::Call { method, .. }
            | ExprKind::InstanceCall { method, .. }
            | ExprKind::SuperCall { method, .. }
            | ExprKind::Closure { method, .. } => Some(*method),
            ExprKind::New {
                class,
                constructor: Some(method),
                ..
            }
            | ExprKind::SuperConstructor {
                class,
                constructor: Some(method),
                ..
            }
            | ExprKind::EnumConstant {
                class,
                constructor: Some(method),
                body: None,
                ..
            } => Some(MethodRef {
                class: *class,
                method: *method,
            }),
            // A constant with a body is made by its anonymous class's constructor.
            ExprKind::EnumConstant {
                constructor: Some(method),
                body: Some(class),
                ..
            } => Some(MethodRef {
                class: *class,
                method: *method,
            }),
            _ => None,
        }
    }

    /// The expression with implicit conversions looked through.
    pub(crate) fn unconverted(&self) -> &Expr {
        match &self.kind {
            ExprKind::Convert(inner) => inner.unconverted(),
            _ => self,
        }
    }

    /// Whether evaluating this node itself (its children aside) may run code of the unit or
    /// of roth's model of the JDK, which may change any field or any object the code can
    /// reach: a call or a constructor, an enum's first use (its static initialisation),
    /// `Object`'s methods (which run an override), and an object made text (its `toString`).
    pub(crate) fn runs_code(&self) -> bool {
        let object = |e: &Expr| !e.ty.is_primitive() && e.ty != Type::String;
        match &self.kind {
            ExprKind::Call { .. }
            | ExprKind::InstanceCall { .. }
            | ExprKind::SuperCall { .. }
            | ExprKind::SuperConstructor { .. }
            | ExprKind::New { .. }
            | ExprKind::EnumConstant { .. }
            | ExprKind::EnumValues { .. }
            | ExprKind::EnumValueOf { .. } => true,
            ExprKind::Builtin(b, _) => !b.is_plain_function(),
            ExprKind::Concat(a, b) => object(a) || object(b),
            ExprKind::Print(_, args) => args.iter().any(object),
            _ => false,
        }
    }

    /// Whether evaluating the expression may change state: an assignment, an increment or
    /// a call anywhere in it (a builtin that may run an override included).
    pub(crate) fn has_effects(&self) -> bool {
        self.runs_code()
            || matches!(
                self.kind,
                ExprKind::Assign { .. }
                    | ExprKind::IncDec { .. }
                    | ExprKind::Closure { .. }
                    | ExprKind::InstanceOf {
                        binding: Some(_),
                        ..
                    }
            )
            || self.children().into_iter().any(Expr::has_effects)
    }

    /// The direct subexpressions.
    pub(crate) fn children(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Literal(_)
            | ExprKind::Null
            | ExprKind::Local(_)
            | ExprKind::Field(_)
            | ExprKind::This => Vec::new(),
            ExprKind::FieldOf { object: e, .. } => vec![e],
            ExprKind::InstanceCall { receiver, args, .. } => {
                std::iter::once(&**receiver).chain(args.iter()).collect()
            }
            ExprKind::New { args, .. }
            | ExprKind::SuperConstructor { args, .. }
            | ExprKind::EnumConstant { args, .. }
            | ExprKind::Closure { captures: args, .. } => args.iter().collect(),
            ExprKind::EnumValues { .. } => Vec::new(),
            ExprKind::EnumValueOf { name, .. } => vec![name],
            ExprKind::Length(e)
            | ExprKind::Unary(_, e)
            | ExprKind::Convert(e)
            | ExprKind::Cast(e)
            | ExprKind::InstanceOf { value: e, .. }
            | ExprKind::IncDec { target: e, .. } => vec![e],
            ExprKind::Index(a, b) | ExprKind::Concat(a, b) => vec![a, b],
            ExprKind::Binary { left, right, .. } => vec![left, right],
            ExprKind::Assign { target, value, .. } => vec![target, value],
            ExprKind::Conditional(a, b, c) => vec![a, b, c],
            ExprKind::Call { args, .. }
            | ExprKind::SuperCall { args, .. }
            | ExprKind::Builtin(_, args)
            | ExprKind::ArrayLiteral(args)
            | ExprKind::Print(_, args)
            | ExprKind::NewArray { lengths: args, .. } => args.iter().collect(),
        }
    }
}

impl Body {
    /// Whether the body catches exceptions or throws an object (`try`, `throw e`): the
    /// control flow of exceptions, which the CFG and the proofs do not model.
    pub(crate) fn handles_exceptions(&self) -> bool {
        fn any(s: &Stmt, wanted: &dyn Fn(&StmtKind) -> bool) -> bool {
            wanted(&s.kind) || s.substatements().into_iter().any(|t| any(t, wanted))
        }
        self.stmts.iter().any(|s| {
            any(s, &|k| {
                matches!(k, StmtKind::Try { .. } | StmtKind::ThrowValue(_))
            })
        })
    }

    /// Whether the body throws an exception made with a message (`throw new E("...")`).
    pub(crate) fn throws_messages(&self) -> bool {
        fn any(s: &Stmt) -> bool {
            matches!(&s.kind, StmtKind::Throw { args, .. } if !args.is_empty())
                || s.substatements().into_iter().any(any)
        }
        self.stmts.iter().any(any)
    }
}

impl Stmt {
    /// The statement's direct substatements.
    pub(crate) fn substatements(&self) -> Vec<&Stmt> {
        match &self.kind {
            StmtKind::If {
                then, otherwise, ..
            } => std::iter::once(&**then)
                .chain(otherwise.as_deref())
                .collect(),
            StmtKind::While { body, .. }
            | StmtKind::Do { body, .. }
            | StmtKind::ForEach { body, .. }
            | StmtKind::Labeled { body, .. } => vec![body],
            StmtKind::For { init, body, .. } => {
                init.iter().chain(std::iter::once(&**body)).collect()
            }
            StmtKind::Block(stmts) => stmts.iter().collect(),
            StmtKind::Switch { groups, .. } => groups.iter().flat_map(|g| g.stmts.iter()).collect(),
            StmtKind::Try {
                body,
                catches,
                finally,
            } => std::iter::once(&**body)
                .chain(catches.iter().map(|c| &*c.body))
                .chain(finally.as_deref())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The expressions the statement itself evaluates (not those of substatements).
    pub(crate) fn expressions(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Expr(e) => vec![e],
            StmtKind::Locals(decls) => decls.iter().filter_map(|(_, e)| e.as_ref()).collect(),
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::Do { cond, .. } => {
                vec![cond]
            }
            StmtKind::For { cond, update, .. } => cond.iter().chain(update.iter()).collect(),
            StmtKind::ForEach { array, .. } => vec![array],
            StmtKind::Return(e) => e.iter().collect(),
            StmtKind::Throw { args, .. } => args.iter().collect(),
            StmtKind::ThrowValue(e) => vec![e],
            StmtKind::Switch { scrutinee, .. } => vec![scrutinee],
            _ => Vec::new(),
        }
    }
}

/// Calls `f` on `e` and every expression inside it, outermost first.
pub(crate) fn visit_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    for c in e.children() {
        visit_expr(c, f);
    }
}

/// Calls `f` on every expression of the statements, outermost first.
pub(crate) fn visit_stmts(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    fn stmt(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
        for e in s.expressions() {
            visit_expr(e, f);
        }
        for sub in s.substatements() {
            stmt(sub, f);
        }
    }
    for s in stmts {
        stmt(s, f);
    }
}
