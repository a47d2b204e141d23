//! Checking method invocations the way `javac` does for the supported subset: calls of the
//! unit's own methods resolved by method invocation conversion (JLS §15.12, §5.3), and the
//! `String` functions the interpreter implements; printing is `printing.rs`'s, `Math`'s
//! builtins `math_calls.rs`'s.

use tree_sitter::Node;

use crate::program::reader::declarations::Signature;
use crate::program::reader::generics::{Instance, Through};
use crate::program::reader::ir::*;
use crate::program::reader::lambdas::closure_syntax;
use crate::program::reader::math_calls::is_math_builtin;
use crate::program::reader::statements::{CheckError, Checked, MethodChecker};
use crate::program::reader::syntax::{has_class_body, named_children};

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    /// A call's arguments, checked; a lambda or a method reference, which takes its type
    /// from the parameter it is passed to, stands as a `null` until the method is chosen
    /// (see [`Self::pass`]). A method reference's call takes the arguments given it.
    pub(super) fn arguments(&mut self, node: Node<'t>) -> Checked<'t, Vec<(Expr, Node<'t>)>> {
        let args = self.deferring_arguments(node)?;
        self.none_deferred(&args)?;
        Ok(args)
    }

    /// An error when one of `args` could not be read on its own: only a call resolved by
    /// [`Self::resolve`] and passed by [`Self::pass`] reads such an argument again.
    pub(super) fn none_deferred(&self, args: &[(Expr, Node<'t>)]) -> Checked<'t, ()> {
        match self.deferred_in(args) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// [`Self::arguments`] for a call resolved among a class's methods or constructors: an
    /// argument that is itself a call of a generic method may need the parameter's type to
    /// be read (JLS §18.5.2), and is read again once the method is chosen.
    pub(super) fn deferring_arguments(
        &mut self,
        node: Node<'t>,
    ) -> Checked<'t, Vec<(Expr, Node<'t>)>> {
        if let Some(given) = self.given.take() {
            return Ok(given);
        }
        let mut out = Vec::new();
        if let Some(list) = node.child_by_field_name("arguments") {
            for a in named_children(list) {
                let e = match closure_syntax(a) {
                    Some(_) => self.make(a, Type::Null, ExprKind::Null),
                    // A call of a generic method may need the parameter's type to infer its
                    // own type arguments (JLS §18.5.2): read again once the method is
                    // chosen, and until then a `null` if it cannot be read alone.
                    None if a.kind() == "method_invocation" => match self.expr(a) {
                        Ok(e) => {
                            if self.open_calls.contains(&a.id()) {
                                self.open_args.insert(a.id());
                            }
                            e
                        }
                        Err(e) => {
                            self.open_args.insert(a.id());
                            self.deferred.push((a.id(), e));
                            self.make(a, Type::Null, ExprKind::Null)
                        }
                    },
                    None => self.expr(a)?,
                };
                out.push((e, a));
            }
        }
        Ok(out)
    }

    pub(super) fn invocation(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let name_node = self.field(node, "name")?;
        let name = self.text(name_node);
        let object = node.child_by_field_name("object");
        if node.child_by_field_name("type_arguments").is_some() {
            return self.unsupported(node, "type arguments");
        }
        match object {
            None => {
                // The innermost class (this one or one enclosing it) with a method of that
                // name is searched (JLS §15.12.1).
                let class = self
                    .file
                    .enclosing(self.class)
                    .into_iter()
                    .find(|c| self.file.has_method_named(*c, name));
                if class.is_none()
                    && let Some(imported) = self.imported_method(name)
                {
                    if is_math_builtin(name)
                        && matches!(imported.simple.as_str(), "Math" | "StrictMath")
                    {
                        return self.math(node, name);
                    }
                    if let Some(class) = imported.class {
                        return self.user_call(node, class, name, None);
                    }
                }
                self.user_call(node, class.unwrap_or(self.class), name, None)
            }
            Some(obj) if obj.kind() == "this" => {
                self.needs_this(obj)?;
                self.user_call(node, self.class, name, None)
            }
            Some(obj) if obj.kind() == "super" => self.super_call(node, name),
            Some(obj)
                if self.text(obj).starts_with("java.") && self.class_qualifier(obj).is_some() =>
            {
                let class = self.class_qualifier(obj).expect("a class");
                if is_math_builtin(name) && self.file.jdk_class("Math") == Some(class) {
                    return self.math(node, name);
                }
                self.user_call(node, class, name, None)
            }
            // A library class named in full (`java.util.Objects.hash(...)`).
            Some(obj)
                if self.text(obj).starts_with("java.")
                    && self.lookup("java").is_none()
                    && self.visible_field("java").is_none() =>
            {
                let qualified = self.text(obj).to_string();
                self.unsupported(node, &format!("{qualified}.{name}"))
            }
            Some(obj) if self.text(obj) == "System.out" => self.print(node, name),
            Some(obj) if self.class_qualifier(obj).is_some() => {
                let class = self.class_qualifier(obj).expect("a class");
                if is_math_builtin(name) && self.file.jdk_class("Math") == Some(class) {
                    return self.math(node, name);
                }
                self.user_call(node, class, name, None)
            }
            Some(obj)
                if obj.kind() == "identifier"
                    && self.lookup(self.text(obj)).is_none()
                    && self.visible_field(self.text(obj)).is_none() =>
            {
                let class_name = self.text(obj);
                match class_name {
                    "Math" => self.math(node, name),
                    "String" => self.string_static(node, name),
                    "System" if name == "arraycopy" => self.array_copy(node),
                    _ => self.unsupported(node, &format!("{class_name}.{name}")),
                }
            }
            Some(obj) => {
                let receiver = self.expr(obj)?;
                if let Some(class) = receiver.ty.class() {
                    return self.user_call(node, class, name, Some(receiver));
                }
                if receiver.ty.element().is_some() && name == "clone" {
                    if node
                        .child_by_field_name("arguments")
                        .is_some_and(|a| !named_children(a).is_empty())
                    {
                        return self.error(
                            node,
                            "method clone in class Object cannot be applied to given types",
                        );
                    }
                    let ty = receiver.ty.clone();
                    return Ok(self.make(
                        node,
                        ty,
                        ExprKind::Builtin(Builtin::ArrayClone, vec![receiver]),
                    ));
                }
                if receiver.ty != Type::String {
                    if receiver.ty.is_reference() && receiver.ty != Type::Null {
                        let args = self.arguments(node)?;
                        let ty = receiver.ty.clone();
                        if let Some(call) = self.object_method(node, receiver, name, args) {
                            return call;
                        }
                        return self.unsupported(node, &format!("calling {name} on {ty}"));
                    }
                    return self.unsupported(node, &format!("calling {name} on {}", receiver.ty));
                }
                self.string_method(node, receiver, name)
            }
        }
    }

    /// Overload resolution among the methods named `name` (or the constructors) of `class`
    /// (JLS §15.12.2 for the subset): the applicable ones by method invocation conversion,
    /// then the most specific; only when none applies, variable arity methods with their
    /// trailing arguments as the array's elements (phase 3). Gives the method's index and
    /// whether it was chosen by variable arity; `None` is the default constructor of a
    /// class that declares none.
    pub(super) fn resolve(
        &mut self,
        node: Node<'t>,
        class: u32,
        name: &str,
        constructor: bool,
        args: &[(Expr, Node<'t>)],
        through: Through,
    ) -> Checked<'t, Resolved> {
        let file = self.file;
        let info = &file.classes[class as usize];
        let named =
            |s: &Signature| s.is_constructor == constructor && (constructor || s.name == name);
        if constructor
            && !info
                .sigs
                .iter()
                .any(|s| s.as_ref().is_ok_and(|s| s.is_constructor))
        {
            if args.is_empty() {
                let class_args = match through {
                    // `new Box<>()` of a class without constructors: nothing to infer from.
                    Through::Diamond => self.file.type_parameters[class as usize]
                        .iter()
                        .map(|p| (*p.variable.erasure).clone())
                        .collect(),
                    Through::Type(_) => Vec::new(),
                };
                return Ok(Resolved {
                    found: None,
                    variable_arity: false,
                    instance: Instance {
                        params: Vec::new(),
                        ret: Type::Void,
                        declared_ret: Type::Void,
                        class_args,
                        open: false,
                        open_params: Vec::new(),
                    },
                });
            }
            return self.error(
                node,
                format!(
                    "constructor {} in class {} cannot be applied to given types",
                    info.name, info.name
                ),
            );
        }
        // The class's own methods, then those it inherits (not private, not overridden).
        let searched: Vec<u32> = if constructor {
            vec![class]
        } else {
            std::iter::once(class)
                .chain(self.file.ancestors(class))
                .collect()
        };
        let mut candidates: Vec<(u32, usize, &Signature)> = Vec::new();
        for &k in &searched {
            for (i, s) in file.classes[k as usize].sigs.iter().enumerate() {
                let Ok(s) = s else { continue };
                if !named(s) || (k != class && s.is_private) {
                    continue;
                }
                if candidates.iter().any(|(_, _, o)| o.params == s.params) {
                    continue;
                }
                candidates.push((k, i, s));
            }
        }
        // An argument read again against its parameter infers nothing before.
        let open: Vec<bool> = args
            .iter()
            .map(|(_, n)| self.open_args.contains(&n.id()))
            .collect();
        let arg_types: Vec<Type> = args
            .iter()
            .zip(&open)
            .map(|((a, _), o)| if *o { Type::Null } else { a.ty.clone() })
            .collect();
        let mut instances: Vec<Instance> = Vec::new();
        let mut kept = Vec::new();
        let closures = args.iter().any(|(_, n)| closure_syntax(*n).is_some());
        // The type the call's value goes to, for the type arguments its arguments leave
        // open (a lambda's parameters need them).
        let expected = match &self.call_target {
            Some((id, ty)) if *id == node.id() => Some(ty.clone()),
            _ => None,
        };
        for (k, i, s) in candidates {
            let mut types = arg_types.clone();
            let mut instance = file.instantiate(through, k, s, &types, expected.as_ref());
            // A generic method's type arguments inferred from its open arguments read
            // against what is known of their parameters.
            if open.contains(&true) && !s.type_params.is_empty() {
                for (j, (_, n)) in args.iter().enumerate() {
                    if !open[j] {
                        continue;
                    }
                    let spread = s.is_varargs && args.len() != s.params.len();
                    let Some(target) = parameter_at(&instance.open_params, spread, j) else {
                        continue;
                    };
                    if let Ok(e) = self.expr_for(*n, &target) {
                        types[j] = e.ty;
                    }
                }
                instance = file.instantiate(through, k, s, &types, expected.as_ref());
            }
            // A generic method's type arguments inferred from what its lambdas return too.
            if closures && !s.type_params.is_empty() {
                let refined =
                    self.closure_argument_types(args, &types, &s.params, &instance.params);
                instance = file.instantiate(through, k, s, &refined, expected.as_ref());
            }
            // An override whose parameters differ from the overridden method's only by the
            // type arguments substituted (`set(Integer)` over `Box<Integer>`'s `set(T)`).
            if kept.iter().zip(&instances).any(
                |((o, _, _), other): (&(u32, usize, &Signature), &Instance)| {
                    *o != k && other.params == instance.params
                },
            ) {
                continue;
            }
            instances.push(instance);
            kept.push((k, i, s));
        }
        let candidates = kept;
        // JLS §15.12.2: by subtyping only, then with boxing, then by variable arity.
        for (variable_arity, boxing) in [(false, false), (false, true), (true, true)] {
            // Each candidate's parameter types spread to the number of arguments.
            let applicable: Vec<((u32, usize), Vec<Type>, &Instance)> = candidates
                .iter()
                .zip(&instances)
                .filter_map(|((k, i, s), instance)| {
                    let params =
                        spread(&instance.params, s.is_varargs, args.len(), variable_arity)?;
                    params
                        .iter()
                        .zip(args)
                        .all(|(p, (a, n))| match closure_syntax(*n) {
                            // A lambda fits a functional interface of its arity (JLS
                            // §15.12.2.1), a method reference any functional interface.
                            Some(c) => self.file.functional_arity(p).is_some_and(|arity| {
                                if c.kind() == "method_reference" {
                                    self.reference_fits(c, arity)
                                } else {
                                    lambda_arity(c) == arity
                                }
                            }),
                            None => {
                                invocation_convertible(&a.ty, p)
                                    || (boxing && self.file.boxing_converts(&a.ty, p))
                            }
                        })
                        .then_some(((*k, *i), params, instance))
                })
                .collect();
            if applicable.is_empty() {
                continue;
            }
            // An argument that could not be read alone is still a call of a known method:
            // its declared result's class rules out parameters it cannot be passed to, as
            // javac's check of a poly expression's compatibility does
            // (`new PriorityQueue<>(Comparator.comparingInt(x -> x.data))` passes a
            // `Comparator`, not an `int` or a `Collection`).
            let results: Vec<Option<u32>> = args
                .iter()
                .map(|(_, n)| {
                    let deferred = self.deferred.iter().any(|(id, _)| *id == n.id());
                    deferred
                        .then(|| self.static_call_result_class(*n))
                        .flatten()
                })
                .collect();
            let mut applicable = applicable;
            if applicable.len() > 1 && results.iter().any(Option::is_some) {
                let fits = |params: &Vec<Type>| {
                    results.iter().zip(params).all(|(r, p)| match r {
                        None => true,
                        Some(c) => p
                            .class()
                            .is_some_and(|pc| pc == *c || self.file.ancestors(*c).contains(&pc)),
                    })
                };
                if applicable.iter().any(|(_, params, _)| fits(params)) {
                    applicable.retain(|(_, params, _)| fits(params));
                }
            }
            let mut most_specific: Vec<&((u32, usize), Vec<Type>, &Instance)> = applicable
                .iter()
                .filter(|(_, s, _)| {
                    applicable
                        .iter()
                        .all(|(_, o, _)| s.iter().zip(o).all(|(p, q)| invocation_convertible(p, q)))
                })
                .collect();
            // Generic methods of one class that their type arguments make alike are compared
            // as declared (JLS §15.12.2.5: `Stream.of(T...)` is more specific than
            // `Stream.of(T)` for an array).
            if most_specific.len() > 1 {
                let declared = |(k, i): (u32, usize)| -> Vec<Type> {
                    file.classes[k as usize].sigs[i]
                        .as_ref()
                        .map(|s| s.params.iter().map(Type::erasure).collect())
                        .unwrap_or_default()
                };
                let candidates = most_specific.clone();
                most_specific.retain(|(m, _, _)| {
                    let mine = declared(*m);
                    candidates.iter().all(|(o, _, _)| {
                        let theirs = declared(*o);
                        mine.len() == theirs.len()
                            && mine
                                .iter()
                                .zip(&theirs)
                                .all(|(p, q)| invocation_convertible(p, q))
                    })
                });
            }
            return match most_specific.as_slice() {
                [one] => Ok(Resolved {
                    found: Some(one.0),
                    variable_arity,
                    instance: one.2.clone(),
                }),
                // An argument that could not be read alone fits every reference type.
                _ if self.deferred_in(args).is_some() => Err(self.deferred_in(args).expect("one")),
                _ => self.error(node, format!("reference to {name} is ambiguous")),
            };
        }
        // An argument that could not be read alone may be why none applies.
        if let Some(e) = self.deferred_in(args) {
            return Err(e);
        }
        // A method whose signature is outside the subset is still the one `javac` finds.
        if self.file.declares_unsupported(&searched, name, constructor) {
            let what = if constructor {
                format!("constructor {}(...)", info.name)
            } else {
                format!("{name}(...)")
            };
            return self.error(
                node,
                format!("calls {what}, which is outside the supported subset"),
            );
        }
        // A method of the library's class roth's model of the JDK does not have yet.
        if candidates.is_empty() && self.file.is_jdk(class) {
            let what = if constructor {
                format!("new {}(...)", info.name)
            } else {
                format!("{}.{name}", info.name)
            };
            return self.unsupported(node, &what);
        }
        let what = match (constructor, candidates.is_empty()) {
            (true, _) => format!(
                "constructor {} in class {} cannot be applied to given types",
                info.name, info.name
            ),
            (false, false) => format!("method {name} cannot be applied to the given types"),
            (false, true) => format!("cannot find symbol: method {name}"),
        };
        self.error(node, what)
    }

    /// For `C.m(...)`, a call of a static method of class `C`: the class of what every
    /// method `m` of `C` (and its supertypes) is declared to return, when they agree.
    fn static_call_result_class(&self, node: Node<'t>) -> Option<u32> {
        if node.kind() != "method_invocation" {
            return None;
        }
        let object = node.child_by_field_name("object")?;
        let name = self.text(node.child_by_field_name("name")?);
        if object.kind() != "identifier" || self.lookup(self.text(object)).is_some() {
            return None;
        }
        let class = self.file.class_named(self.text(object), self.class)?;
        let mut found = None;
        for k in std::iter::once(class).chain(self.file.ancestors(class)) {
            for s in self.file.classes[k as usize].sigs.iter().flatten() {
                if s.name != name || !s.is_static || s.is_constructor {
                    continue;
                }
                let c = s.ret.erasure().class()?;
                if found.is_some_and(|f| f != c) {
                    return None;
                }
                found = Some(c);
            }
        }
        found
    }

    /// Why the first of `args` that could not be read on its own could not.
    fn deferred_in(&self, args: &[(Expr, Node<'t>)]) -> Option<CheckError<'t>> {
        args.iter().find_map(|(_, n)| {
            self.deferred
                .iter()
                .find(|(id, _)| *id == n.id())
                .map(|(_, e)| e.clone())
        })
    }

    /// The arguments converted to the parameters' types; by variable arity, the trailing
    /// ones gathered into a new array of the last parameter's type (JLS §15.12.4.2).
    fn pass(
        &mut self,
        args: Vec<(Expr, Node<'t>)>,
        params: &[Type],
        targets: &[Type],
        variable_arity: bool,
    ) -> Checked<'t, Vec<Expr>> {
        let fixed = if variable_arity {
            params.len() - 1
        } else {
            params.len()
        };
        let mut converted = Vec::new();
        let mut rest = Vec::new();
        for (i, (a, node)) in args.into_iter().enumerate() {
            let param = if i < fixed {
                params[i].clone()
            } else {
                params[fixed].element().expect("an array").clone()
            };
            let a = match closure_syntax(node) {
                Some(c) => self.closure(c, &param)?,
                // A call read again against what is known of its parameter's type.
                None if self.open_args.contains(&node.id()) => {
                    let target = parameter_at(targets, variable_arity, i).unwrap_or(param.clone());
                    let e = self.expr_for(node, &target)?;
                    self.convert(e, &param)
                }
                None => self.convert(a, &param),
            };
            if i < fixed {
                converted.push(a);
            } else {
                rest.push(a);
            }
        }
        if variable_arity {
            let ty = params[fixed].clone();
            let span = rest
                .first()
                .map(|e: &Expr| e.span)
                .or(converted.last().map(|e| e.span))
                .unwrap_or_default();
            converted.push(Expr {
                id: self.id(),
                span,
                ty,
                kind: ExprKind::ArrayLiteral(rest),
            });
        }
        Ok(converted)
    }

    /// A call of a method of `class`: on `this` or in a static context when `receiver` is
    /// `None`, else on the object `receiver`.
    pub(super) fn user_call(
        &mut self,
        node: Node<'t>,
        class: u32,
        name: &str,
        receiver: Option<Expr>,
    ) -> Checked<'t, Expr> {
        let args = self.deferring_arguments(node)?;
        self.user_call_with(node, class, name, receiver, args)
    }

    /// [`Self::user_call`] with the arguments already read (none for the calls a for-each
    /// loop over an `Iterable` makes).
    pub(super) fn user_call_with(
        &mut self,
        node: Node<'t>,
        class: u32,
        name: &str,
        receiver: Option<Expr>,
        args: Vec<(Expr, Node<'t>)>,
    ) -> Checked<'t, Expr> {
        // `values()` and `valueOf(String)` are every enum's, which it cannot declare: an enum
        // may still overload the name (`RoundingMode.valueOf(int)`).
        let implicit = match (name, args.as_slice()) {
            ("values", []) => true,
            ("valueOf", [(a, _)]) => matches!(a.ty, Type::String | Type::Null),
            _ => !self.file.has_method_named(class, name),
        };
        if self.file.classes[class as usize].is_enum && implicit {
            self.none_deferred(&args)?;
            return self.enum_method(node, class, name, receiver, args);
        }
        let through = match &receiver {
            Some(r) => r.ty.clone(),
            None => self.file.generic_self(class),
        };
        // `Object`'s `equals`, `hashCode` and `toString` where the class (with what it
        // inherits) declares no method of the name that applies: the one of `Object`.
        let resolved = match self.resolve(node, class, name, false, &args, Through::Type(&through))
        {
            Err(e) if self.object_method_applies(class, name, &args) => {
                self.none_deferred(&args)?;
                let receiver = match receiver {
                    Some(r) => r,
                    None if !self.is_static => {
                        let ty = self.file.class_type(self.class);
                        self.make(node, ty, ExprKind::This)
                    }
                    None => return Err(e),
                };
                return self
                    .object_method(node, receiver, name, args)
                    .expect("the name and arguments of one of Object's methods");
            }
            resolved => resolved?,
        };
        let (declaring, index) = resolved.found.expect("methods are resolved to one");
        if resolved.instance.open {
            self.open_calls.insert(node.id());
        }
        let variable_arity = resolved.variable_arity;
        let sig = self.file.classes[declaring as usize].sigs[index]
            .as_ref()
            .expect("resolved to a checked signature");
        if sig.is_private && self.file.top_level(declaring) != self.file.top_level(self.class) {
            return self.error(
                node,
                format!(
                    "{name}({}) has private access in {}",
                    list(&sig.params),
                    self.file.classes[declaring as usize].name
                ),
            );
        }
        let on_object = receiver.is_some();
        if on_object && sig.is_static {
            return self.unsupported(node, "a static method called through an object");
        }
        // A method of an enclosing instance (JLS §15.12.4.1), through `this$0`.
        let mut receiver = receiver;
        if !on_object && !sig.is_static && !self.is_static && class != self.class {
            receiver = self.enclosing_instance(node, class, false).ok();
        }
        let on_object = receiver.is_some();
        if !on_object && !sig.is_static && (self.is_static || class != self.class) {
            // `class` is where the name was found: this class (its inherited methods
            // included) or an enclosing one.
            return self.error(
                node,
                format!("non-static method {name} cannot be referenced from a static context"),
            );
        }
        let converted = self.pass(
            args,
            &resolved.instance.params,
            &resolved.instance.open_params,
            variable_arity,
        )?;
        let method = MethodRef {
            class: declaring,
            method: index as u32,
        };
        let kind = match receiver {
            Some(receiver) => ExprKind::InstanceCall {
                receiver: Box::new(receiver),
                method,
                args: converted,
            },
            None => ExprKind::Call {
                method,
                args: converted,
            },
        };
        let call = self.make(node, Type::Void, kind);
        Ok(self.seen_as(call, &resolved.instance.declared_ret, resolved.instance.ret))
    }

    /// `System.out.print...` with the arguments given (a method reference's).
    pub(super) fn print_call(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        self.print(node, name)
    }

    /// A call of method `name` on `receiver` (on `this` or statically when `None`), of a
    /// class of the unit or the JDK's model (`class`), a `String`'s or `Object`'s, with the
    /// arguments given (a method reference's).
    pub(super) fn call_on(
        &mut self,
        node: Node<'t>,
        class: Option<u32>,
        name: &str,
        receiver: Option<Expr>,
    ) -> Checked<'t, Expr> {
        match (class, receiver) {
            (Some(c), receiver) => self.user_call(node, c, name, receiver),
            (None, Some(r)) if r.ty == Type::String => self.string_method(node, r, name),
            (None, Some(r)) => {
                let args = self.arguments(node)?;
                let ty = r.ty.clone();
                match self.object_method(node, r, name, args) {
                    Some(call) => call,
                    None => self.unsupported(node, &format!("calling {name} on {ty}")),
                }
            }
            (None, None) => self.error(node, format!("cannot find symbol: method {name}")),
        }
    }

    /// A static method `name` of `class` (or of `String` or `Math`, named `qualifier`) with
    /// the arguments given; an error when the method found is an instance method.
    pub(super) fn static_call_on(
        &mut self,
        node: Node<'t>,
        class: Option<u32>,
        qualifier: &str,
        name: &str,
    ) -> Checked<'t, Expr> {
        let call = match class {
            Some(c) if is_math_builtin(name) && self.file.jdk_class("Math") == Some(c) => {
                self.math(node, name)?
            }
            Some(c) => self.user_call(node, c, name, None)?,
            None if qualifier == "String" => self.string_static(node, name)?,
            None if qualifier == "Math" => self.math(node, name)?,
            None => return self.error(node, format!("cannot find symbol: method {name}")),
        };
        let mut instance = false;
        visit_expr(&call, &mut |e: &Expr| {
            if let ExprKind::Call { method, .. } = &e.kind {
                let sig = &self.file.classes[method.class as usize].sigs[method.method as usize];
                instance |= sig.as_ref().is_ok_and(|s| !s.is_static);
            }
        });
        if instance {
            return self.error(
                node,
                format!("invalid method reference: {name} is not static"),
            );
        }
        Ok(call)
    }

    /// A member's value of declared type `declared`, seen as `ty` (its type arguments
    /// substituted): where the declared type erases to a wider one than `ty`, the checked
    /// cast `javac` inserts (JLS §4.6), so a value of the wrong class throws
    /// `ClassCastException` as it would on the JVM.
    pub(super) fn seen_as(&mut self, mut e: Expr, declared: &Type, ty: Type) -> Expr {
        let erased = declared.erasure();
        if erased.widens_to(&ty.erasure()) || !ty.is_reference() {
            e.ty = ty;
            return e;
        }
        e.ty = erased;
        Expr {
            id: self.id(),
            span: e.span,
            ty,
            kind: ExprKind::Cast(Box::new(e)),
        }
    }

    /// The methods every enum has (JLS §8.9.2, §8.9.3): `values()`, `valueOf(String)`,
    /// `name()`, `ordinal()`, `toString()` and `compareTo(E)` (`equals`, which enums rarely
    /// call for `==`, is left out), on
    /// `receiver` (`this` when `None` in instance code).
    fn enum_method(
        &mut self,
        node: Node<'t>,
        class: u32,
        name: &str,
        receiver: Option<Expr>,
        args: Vec<(Expr, Node<'t>)>,
    ) -> Checked<'t, Expr> {
        let this = self.file.class_type(class);
        let types: Vec<Type> = args.iter().map(|(a, _)| a.ty.clone()).collect();
        if matches!(name, "values" | "valueOf") {
            return match (name, types.as_slice()) {
                ("values", []) => {
                    Ok(self.make(node, Type::array_of(this), ExprKind::EnumValues { class }))
                }
                ("valueOf", [Type::String | Type::Null]) => {
                    let (a, _) = args.into_iter().next().expect("one");
                    let a = self.convert(a, &Type::String);
                    Ok(self.make(
                        node,
                        this,
                        ExprKind::EnumValueOf {
                            class,
                            name: Box::new(a),
                        },
                    ))
                }
                _ => self.error(
                    node,
                    format!("method {name} cannot be applied to the given types"),
                ),
            };
        }
        let receiver = match receiver {
            Some(r) => r,
            None if !self.is_static => {
                let ty = self.file.class_type(self.class);
                self.make(node, ty, ExprKind::This)
            }
            None => {
                return self.error(
                    node,
                    format!(
                        "non-static method {name}() cannot be referenced from a static context"
                    ),
                );
            }
        };
        let (f, ret, args) = match (name, types.as_slice()) {
            ("name" | "toString", []) => (Builtin::EnumName, Type::String, vec![receiver]),
            ("ordinal", []) => (Builtin::EnumOrdinal, Type::Int, vec![receiver]),
            ("compareTo", [t]) if *t == this || *t == Type::Null => {
                let (a, _) = args.into_iter().next().expect("one");
                let a = self.convert(a, &this);
                (Builtin::EnumCompare, Type::Int, vec![receiver, a])
            }
            // `Enum`'s `equals` and `hashCode` are `Object`'s (final in `Enum`).
            ("equals" | "hashCode", _) => {
                let call = self.object_method(node, receiver, name, args);
                return call.unwrap_or_else(|| {
                    self.error(
                        node,
                        format!("method {name} cannot be applied to the given types"),
                    )
                });
            }
            _ => {
                return self.unsupported(
                    node,
                    &format!("{}.{name}", self.file.classes[class as usize].name),
                );
            }
        };
        Ok(self.make(node, ret, ExprKind::Builtin(f, args)))
    }

    /// The `ordinal`th constant of enum `class` (`node`, with its arguments): its object,
    /// made by the enum's constructor.
    pub(super) fn enum_constant(
        &mut self,
        node: Node<'t>,
        class: u32,
        ordinal: u32,
    ) -> Checked<'t, Expr> {
        let args = self.deferring_arguments(node)?;
        // A constant with a body is an object of its own anonymous class (JLS §8.9.1).
        let body = match node.child_by_field_name("body") {
            Some(_) => Some(self.anonymous_class(node, false, false)?),
            None => None,
        };
        let made = body.unwrap_or(class);
        let ty = self.file.class_type(made);
        let resolved = self.resolve(node, made, "", true, &args, Through::Type(&ty))?;
        let constructor = resolved.found.map(|(_, c)| c);
        let args = self.pass(
            args,
            &resolved.instance.params,
            &resolved.instance.open_params,
            resolved.variable_arity,
        )?;
        let ty = self.file.class_type(class);
        Ok(self.make(
            node,
            ty,
            ExprKind::EnumConstant {
                class,
                ordinal,
                constructor: constructor.map(|c| c as u32),
                args,
                body,
            },
        ))
    }

    /// `super.m(args)`: the superclass's method, run on `this` without dispatch.
    fn super_call(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        if self.is_static {
            return self.error(
                node,
                "non-static variable super cannot be referenced from a static context",
            );
        }
        let Some(superclass) = self.file.superclass(self.class) else {
            return self.unsupported(node, &format!("Object.{name}"));
        };
        let args = self.deferring_arguments(node)?;
        let through = self.file.generic_self(self.class);
        let resolved = self.resolve(
            node,
            superclass,
            name,
            false,
            &args,
            Through::Type(&through),
        )?;
        let (declaring, index) = resolved.found.expect("methods are resolved to one");
        let variable_arity = resolved.variable_arity;
        let sig = self.file.classes[declaring as usize].sigs[index]
            .as_ref()
            .expect("resolved to a checked signature");
        if sig.is_abstract {
            return self.error(
                node,
                format!(
                    "abstract method {name}({}) in {} cannot be accessed directly",
                    list(&sig.params),
                    self.file.classes[declaring as usize].name
                ),
            );
        }
        let is_static = sig.is_static;
        let args = self.pass(
            args,
            &resolved.instance.params,
            &resolved.instance.open_params,
            variable_arity,
        )?;
        let method = MethodRef {
            class: declaring,
            method: index as u32,
        };
        let kind = if is_static {
            ExprKind::Call { method, args }
        } else {
            ExprKind::SuperCall { method, args }
        };
        let call = self.make(node, Type::Void, kind);
        Ok(self.seen_as(call, &resolved.instance.declared_ret, resolved.instance.ret))
    }

    /// `super(args)` as a constructor's first statement, or the `super()` Java implies
    /// (`node` is then the constructor): the superclass's constructor run on `this`.
    pub(super) fn super_constructor(
        &mut self,
        node: Node<'t>,
        superclass: u32,
        explicit: bool,
    ) -> Checked<'t, Expr> {
        let args = if explicit {
            self.deferring_arguments(node)?
        } else {
            Vec::new()
        };
        let through = self.file.generic_self(self.class);
        let resolved = self.resolve(node, superclass, "", true, &args, Through::Type(&through))?;
        let variable_arity = resolved.variable_arity;
        let constructor = resolved.found.map(|(_, c)| c);
        let info = &self.file.classes[superclass as usize];
        let params = match constructor {
            Some(c) => {
                let sig = info.sigs[c]
                    .as_ref()
                    .expect("resolved to a checked signature");
                if sig.is_private
                    && self.file.top_level(superclass) != self.file.top_level(self.class)
                {
                    return self.error(
                        node,
                        format!(
                            "{}({}) has private access in {}",
                            info.name,
                            list(&sig.params),
                            info.name
                        ),
                    );
                }
                resolved.instance.params.clone()
            }
            None => Vec::new(),
        };
        let outer = self.outer_argument(node, superclass, None, true)?;
        let mut args: Vec<Expr> = outer
            .into_iter()
            .chain(self.pass(
                args,
                &params,
                &resolved.instance.open_params,
                variable_arity,
            )?)
            .collect();
        args.extend(self.captured_values(node, superclass)?);
        Ok(self.make(
            node,
            Type::Void,
            ExprKind::SuperConstructor {
                class: superclass,
                constructor: constructor.map(|c| c as u32),
                args,
            },
        ))
    }

    /// `new C(args)` for a class of the file, `created` as written (`Box<Integer>`), or
    /// with `<>` when `diamond`; `o.new C(args)` with the `qualifier` `o`.
    pub(super) fn new_object(
        &mut self,
        node: Node<'t>,
        created: Type,
        diamond: bool,
        qualifier: Option<Expr>,
    ) -> Checked<'t, Expr> {
        let anonymous = match has_class_body(node) {
            true => Some(self.anonymous_class(node, diamond, qualifier.is_some())?),
            false => None,
        };
        let class = anonymous.unwrap_or_else(|| created.class().expect("a class"));
        let args = self.deferring_arguments(node)?;
        let own = self.file.generic_self(class);
        // An anonymous class has no type parameters: its constructors take its
        // superclass's parameters as its supertype instantiates them.
        let through = if anonymous.is_some() {
            Through::Type(&own)
        } else if diamond {
            Through::Diamond
        } else {
            Through::Type(&created)
        };
        let resolved = self.resolve(node, class, "", true, &args, through)?;
        let variable_arity = resolved.variable_arity;
        let constructor = resolved.found.map(|(_, c)| c);
        let info = &self.file.classes[class as usize];
        let name = info.name.clone();
        if info.is_abstract {
            let name = self.file.class_type(class).to_string();
            return self.error(node, format!("{name} is abstract; cannot be instantiated"));
        }
        let params = match constructor {
            Some(c) => {
                let sig = info.sigs[c]
                    .as_ref()
                    .expect("resolved to a checked signature");
                if sig.is_private && self.file.top_level(class) != self.file.top_level(self.class) {
                    return self.error(
                        node,
                        format!("{name}({}) has private access in {name}", list(&sig.params)),
                    );
                }
                resolved.instance.params.clone()
            }
            None => Vec::new(),
        };
        let outer = self.outer_argument(node, class, qualifier, false)?;
        let mut converted: Vec<Expr> = outer
            .into_iter()
            .chain(self.pass(
                args,
                &params,
                &resolved.instance.open_params,
                variable_arity,
            )?)
            .collect();
        converted.extend(self.captured_values(node, class)?);
        let mut ty = created;
        match anonymous {
            Some(a) if diamond => ty = self.diamond_created(a).unwrap_or(ty),
            _ => {
                if let Type::Class(c) = &mut ty
                    && diamond
                {
                    c.args = resolved.instance.class_args.clone().into();
                }
            }
        }
        Ok(self.make(
            node,
            ty,
            ExprKind::New {
                class,
                constructor: constructor.map(|c| c as u32),
                args: converted,
            },
        ))
    }

    /// `this(args)` as a constructor's first statement: a call of another constructor of the
    /// class on the object under construction.
    pub(super) fn this_call(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let args = self.deferring_arguments(node)?;
        let class = self.class;
        let through = self.file.generic_self(class);
        let resolved = self.resolve(node, class, "", true, &args, Through::Type(&through))?;
        let (Some((_, constructor)), variable_arity) = (resolved.found, resolved.variable_arity)
        else {
            return self.error(node, "recursive constructor invocation");
        };
        let params = resolved.instance.params.clone();
        // An inner class's constructors pass on the enclosing instance they were given.
        let given = self
            .locals
            .first()
            .filter(|l| l.is_hidden && l.is_param)
            .map(|l| l.ty.clone());
        let outer = match given {
            Some(ty) if self.file.is_inner(class) => {
                Some(self.hidden(node, ty, ExprKind::Local(LocalId(0))))
            }
            // An initializer block is no constructor.
            None if self.file.is_inner(class) => {
                return self.error(node, "call to this must be first statement in constructor");
            }
            _ => None,
        };
        let mut converted: Vec<Expr> = outer
            .into_iter()
            .chain(self.pass(
                args,
                &params,
                &resolved.instance.open_params,
                variable_arity,
            )?)
            .collect();
        converted.extend(self.captured_values(node, class)?);
        Ok(self.make(
            node,
            Type::Void,
            ExprKind::Call {
                method: MethodRef {
                    class,
                    method: constructor as u32,
                },
                args: converted,
            },
        ))
    }

    fn string_static(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        if name == "valueOf" && args.len() == 1 {
            let (a, an) = args.into_iter().next().expect("one");
            if a.ty == Type::array_of(Type::Char) {
                return Ok(self.make(
                    node,
                    Type::String,
                    ExprKind::Builtin(Builtin::StringOfChars, vec![a]),
                ));
            }
            if a.ty == Type::Null {
                return self.error(an, "reference to valueOf is ambiguous");
            }
            let a = self.as_text(a);
            self.check_concat_operand(&a, an)?;
            return Ok(self.make(
                node,
                Type::String,
                ExprKind::Builtin(Builtin::StringValueOf, vec![a]),
            ));
        }
        // `String.format(f, args...)`: printf's formatting, as a value.
        if name == "format" {
            if self.check_format(node, "format", &args)? {
                return self.format_objects(node, args);
            }
            let args = args.into_iter().map(|(a, _)| a).collect();
            return Ok(self.make(node, Type::String, ExprKind::Print(PrintKind::Format, args)));
        }
        // The static methods roth's `StringMethods` writes.
        if name == "join"
            && let Some(class) = self.file.jdk_class("StringMethods")
        {
            self.given = Some(args);
            return self.user_call(node, class, name, None);
        }
        self.unsupported(node, &format!("String.{name}"))
    }

    fn string_method(&mut self, node: Node<'t>, receiver: Expr, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        let types: Vec<Type> = args.iter().map(|(a, _)| a.ty.clone()).collect();
        let int_like = |t: &Type| t.promoted() == Type::Int;
        let (f, ret) = match (name, types.as_slice()) {
            ("length", []) => (Builtin::StringLength, Type::Int),
            ("isEmpty", []) => (Builtin::StringIsEmpty, Type::Boolean),
            ("charAt", [t]) if int_like(t) => (Builtin::StringCharAt, Type::Char),
            ("equals", [Type::String | Type::Null]) => (Builtin::StringEquals, Type::Boolean),
            ("compareTo", [Type::String | Type::Null]) => (Builtin::StringCompareTo, Type::Int),
            ("indexOf", [t]) if int_like(t) => (Builtin::StringIndexOfChar, Type::Int),
            ("indexOf", [Type::String | Type::Null]) => (Builtin::StringIndexOfString, Type::Int),
            ("substring", [t]) if int_like(t) => (Builtin::StringSubstring1, Type::String),
            ("substring", [t, u]) if int_like(t) && int_like(u) => {
                (Builtin::StringSubstring2, Type::String)
            }
            ("toCharArray", []) => (Builtin::StringToCharArray, Type::array_of(Type::Char)),
            // `String`'s overrides of `Object`'s methods, through the same builtins.
            ("equals" | "hashCode" | "toString", _) => {
                let call = self.object_method(node, receiver, name, args);
                return call.unwrap_or_else(|| {
                    self.error(
                        node,
                        format!("method {name} cannot be applied to the given types"),
                    )
                });
            }
            _ if let Some(class) = self.string_helper(name) => {
                let receiver_node = node.child_by_field_name("object").unwrap_or(node);
                let mut given = vec![(receiver, receiver_node)];
                given.extend(args);
                self.given = Some(given);
                return self.user_call(node, class, name, None);
            }
            _ => {
                return self.unsupported(
                    node,
                    &format!(
                        "String.{name}({})",
                        types
                            .iter()
                            .map(|t| t.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        };
        let mut all = vec![receiver];
        for (a, _) in args {
            let a = if a.ty.is_numeric() {
                self.convert(a, &Type::Int)
            } else if a.ty == Type::Null {
                self.convert(a, &Type::String)
            } else {
                a
            };
            all.push(a);
        }
        Ok(self.make(node, ret, ExprKind::Builtin(f, all)))
    }
}

impl<'t> MethodChecker<'_, '_, 't> {
    /// The class of roth's model of the JDK that writes `String` method `name`, if one does:
    /// `StringRegexMethods` for those taking a regular expression, `StringMethods` for the
    /// others.
    fn string_helper(&self, name: &str) -> Option<u32> {
        let helper = if crate::program::reader::jdk::REGEX_METHODS.contains(&name) {
            "StringRegexMethods"
        } else {
            "StringMethods"
        };
        let class = self.file.jdk_class(helper)?;
        self.file.has_method_named(class, name).then_some(class)
    }
}

/// Parameter types as `javac` lists them in messages: `int, Point`.
/// The number of parameters a lambda declares.
fn lambda_arity(lambda: Node) -> usize {
    match lambda.child_by_field_name("parameters") {
        Some(p) if p.kind() == "identifier" => 1,
        Some(p) => named_children(p).len(),
        None => 0,
    }
}

fn list(types: &[Type]) -> String {
    types
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The method or constructor overload resolution chose (`None`: the default constructor),
/// whether by variable arity, and its types at the call.
pub(super) struct Resolved {
    pub(super) found: Option<(u32, usize)>,
    pub(super) variable_arity: bool,
    pub(super) instance: Instance,
}

/// A signature's parameter types for a call with `arity` arguments: as declared for a fixed
/// arity call, with the variable arity parameter's element type repeated for the trailing
/// arguments otherwise; `None` when the arity does not fit.
fn spread(
    declared: &[Type],
    is_varargs: bool,
    arity: usize,
    variable_arity: bool,
) -> Option<Vec<Type>> {
    if !variable_arity {
        return (declared.len() == arity).then(|| declared.to_vec());
    }
    if !is_varargs || arity + 1 < declared.len() {
        return None;
    }
    let fixed = declared.len() - 1;
    let element = declared[fixed].element()?.clone();
    let mut params = declared[..fixed].to_vec();
    params.resize(arity, element);
    Some(params)
}

/// Method invocation conversion (JLS §5.3) for the subset: identity, widening, null to a
/// reference.
fn invocation_convertible(from: &Type, to: &Type) -> bool {
    from == to || from.widens_to(to) || (*from == Type::Null && to.is_reference())
}

/// The parameter an argument at `index` is passed to; by variable arity (`spread`), the
/// elements of the last parameter's array.
fn parameter_at(params: &[Type], spread: bool, index: usize) -> Option<Type> {
    let last = params.len().checked_sub(1)?;
    if spread && index >= last {
        return params[last].element().cloned();
    }
    params.get(index).cloned()
}

#[cfg(test)]
mod tests {
    use crate::program::reader::ir::{ExprKind, StmtKind, Unit};

    const OBJECTS: &str = "class P {
        private int x;
        int y;
        final int z = 1;
        private P(int x) { this.x = x; }
        P() { this(0); }
        private int secret() { return x; }
        int open() { return x + y; }
    }
    class Q {
        int readX(P p) { return p.x; }
        int readY(P p) { return p.y; }
        int callSecret(P p) { return p.secret(); }
        int callOpen(P p) { return p.open(); }
        P make() { return new P(3); }
        P makeDefault() { return new P(); }
        void setZ(P p) { p.z = 2; }
        static int self() { return this.hashCode(); }
    }
    class R {
        R() { int k = 0; this(); }
        R(int a) { super(a); }
        R(long a) { super(); }
    }";

    /// The reason the method `name` of class `class` was refused, or "" when accepted.
    fn refusal(unit: &Unit, class: &str, name: &str, arity: usize) -> String {
        let c = unit
            .classes
            .iter()
            .find(|c| c.name == class)
            .expect("class");
        let m = c
            .methods
            .iter()
            .find(|m| m.name == name && m.params.len() == arity)
            .expect("method");
        match &m.body {
            Ok(_) => String::new(),
            Err(d) => d.message.clone(),
        }
    }

    #[test]
    fn members_of_other_objects_follow_javac_access_and_final_rules() {
        let unit = crate::program::load("P.java", OBJECTS).expect("the file loads");
        assert_eq!(refusal(&unit, "Q", "readX", 1), "x has private access in P");
        assert_eq!(refusal(&unit, "Q", "readY", 1), "");
        assert_eq!(
            refusal(&unit, "Q", "callSecret", 1),
            "secret() has private access in P"
        );
        assert_eq!(refusal(&unit, "Q", "callOpen", 1), "");
        assert_eq!(
            refusal(&unit, "Q", "make", 0),
            "P(int) has private access in P"
        );
        assert_eq!(refusal(&unit, "Q", "makeDefault", 0), "");
        assert_eq!(
            refusal(&unit, "Q", "setZ", 1),
            "cannot assign a value to final variable z"
        );
        assert_eq!(
            refusal(&unit, "Q", "self", 0),
            "non-static variable this cannot be referenced from a static context"
        );
        // tree-sitter reads a later `this();` as no statement at all; refused either way.
        assert_ne!(refusal(&unit, "R", "R", 0), "");
        let r_int = &unit.classes[2].methods[1];
        assert_eq!(
            r_int.body.as_ref().unwrap_err().message,
            "constructor Object in class Object cannot be applied to given types"
        );
        // `super()` of a class that extends nothing leaves no statement.
        let r_long = &unit.classes[2].methods[2];
        assert!(r_long.body.as_ref().expect("accepted").stmts.is_empty());
    }

    #[test]
    fn calls_and_creations_name_their_method_and_constructor() {
        let unit = crate::program::load("P.java", OBJECTS).expect("the file loads");
        let q = unit.classes.iter().position(|c| c.name == "Q").expect("Q") as u32;
        let body = |name: &str| {
            let (_, m) = unit.classes[q as usize]
                .method_named(name)
                .next()
                .expect("method");
            m.body.as_ref().expect("accepted").stmts.clone()
        };
        let returned = |name: &str| match &body(name)[0].kind {
            StmtKind::Return(Some(e)) => e.kind.clone(),
            other => panic!("{other:?}"),
        };
        match returned("callOpen") {
            ExprKind::InstanceCall { method, args, .. } => {
                assert_eq!(unit.method(method.class, method.method).name, "open");
                assert!(args.is_empty());
            }
            other => panic!("{other:?}"),
        }
        match returned("makeDefault") {
            ExprKind::New {
                constructor: Some(c),
                ..
            } => assert!(unit.classes[0].methods[c as usize].params.is_empty()),
            other => panic!("{other:?}"),
        }
        // `this(0)` in P() is a call of P(int) on the object under construction.
        let p_default = unit.classes[0]
            .methods
            .iter()
            .find(|m| m.is_constructor && m.params.is_empty())
            .expect("P()");
        match &p_default.body.as_ref().expect("accepted").stmts[0].kind {
            StmtKind::Expr(e) => match &e.kind {
                ExprKind::Call { method, .. } => {
                    assert!(unit.method(method.class, method.method).is_constructor)
                }
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    const NESTED: &str = "class List {
        private static int made;
        private Node head;
        static class Node {
            private final int value;
            private Node next;
            Node(int value, Node next) { this.value = value; this.next = next; made++; }
            int sum() { return value + (next == null ? 0 : next.sum()); }
            static Node of(int v) { return new Node(v, null); }
            int outer() { return size(); }
            static class Deep { static int twice(int x) { return 2 * helper(x); } }
        }
        static int helper(int x) { return x + made; }
        int size() { int n = 0; for (Node p = head; p != null; p = p.next) n++; return n; }
        void push(int v) { head = new Node(v, head); }
        int first() { return head.value; }
        static int deep(int x) { return Node.Deep.twice(x) + List.Node.Deep.twice(x); }
        static int of(int v) { return Node.of(v).sum(); }
        class Inner { int peek() { return 0; } }
    }
    class Other {
        static int peek(List.Node n) { return 1; }
    }";

    #[test]
    fn nested_classes_see_their_enclosing_classes_members_as_javac_does() {
        let unit = crate::program::load("List.java", NESTED).expect("the file loads");
        let names: Vec<String> = (0..unit.file_classes() as u32)
            .map(|c| unit.source_name(c))
            .collect();
        assert_eq!(
            names,
            ["List", "List.Node", "List.Node.Deep", "List.Inner", "Other"]
        );
        assert_eq!(unit.binary_name(2), "List$Node$Deep");
        for (class, name, arity) in [
            ("Node", "Node", 2),
            ("Node", "sum", 0),
            ("Node", "of", 1),
            ("Deep", "twice", 1),
            ("List", "push", 1),
            ("List", "first", 0),
            ("List", "deep", 1),
            ("List", "of", 1),
        ] {
            assert_eq!(refusal(&unit, class, name, arity), "", "{class}.{name}");
        }
        // A static nested class has no enclosing instance.
        assert_eq!(
            refusal(&unit, "Node", "outer", 0),
            "non-static method size cannot be referenced from a static context"
        );
        // Private members are private to the top-level class, not to the nested one
        // (`first` reads Node's private `value`); a nested class is named from outside.
        assert_eq!(refusal(&unit, "Other", "peek", 1), "");
        // An inner class is read (see `inner_classes.rs`).
        assert_eq!(refusal(&unit, "Inner", "peek", 0), "");
        assert!(unit.skipped.is_empty(), "{:?}", unit.skipped);
    }
}
