//! Lambdas and method references (JLS §15.27, §15.13) for functional interfaces (JLS §9.8),
//! run as `javac` and the JVM run them: the lambda's body becomes a private method of the
//! class it is written in (`lambda$name$0`, taking the captured locals first), and the
//! lambda's value is a new object of a class made for it (what `LambdaMetafactory` spins)
//! whose fields hold the captured values (the enclosing `this`, the locals, a method
//! reference's receiver) and whose one method, the interface's, calls that body. Calls
//! through the interface are then ordinary virtual calls, and a mutant of the lambda's body
//! is a mutant of that one method.
//!
//! Every lambda and method reference of the text read is found before any body is read
//! (its class, the index of its method, its place in the text), so the classes and methods
//! made for it have the same numbers whichever method is read first, as a mutant's re-read
//! of one method needs. A lambda takes its type from where it stands (JLS §15.27.3): a
//! declaration's or an assignment's variable, a `return`, a call's parameter.

use std::collections::HashSet;

use tree_sitter::Node;

use crate::program::reader::closure_class::{ClosureShape, closure_class, unread_closure};
use crate::program::reader::declarations::FileChecker;
use crate::program::reader::generics::substitute;
use crate::program::reader::hierarchy::Hierarchy;
use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, LAMBDA_CAPTURE, MethodChecker};
use crate::program::reader::syntax::{mentions, named_children, span_of};

/// A lambda or a method reference in the text, found before any body is read.
#[derive(Clone, Copy)]
pub(super) struct Site<'t> {
    pub(super) node: Node<'t>,
    /// The class it is written in, and the index its method takes there (after the
    /// declared methods).
    pub(super) class: u32,
    pub(super) index: u32,
    /// The declared method or constructor it is written in, if any.
    pub(super) enclosing: Option<u32>,
}

/// What reading a lambda made: its method (for its class) and the class of its objects.
pub(super) struct Made {
    pub(super) method: Method,
    pub(super) closure: Class,
}

/// A functional interface's method as a lambda of a given type implements it.
pub(super) struct Functional {
    pub(super) interface: u32,
    pub(super) name: String,
    /// Its parameters and result with the type's arguments substituted (what the lambda's
    /// parameters and body see).
    pub(super) params: Vec<Type>,
    pub(super) ret: Type,
    /// The erasure of its declaration, and those of the declarations it overrides that
    /// erase otherwise (the bridges `LambdaMetafactory` adds).
    pub(super) erased: Vec<Type>,
    pub(super) erased_ret: Type,
    pub(super) bridges: Vec<Vec<Type>>,
}

/// Whether `node` is a lambda or a method reference, parentheses looked through.
pub(super) fn closure_syntax(node: Node) -> Option<Node> {
    let mut n = node;
    while n.kind() == "parenthesized_expression" {
        n = named_children(n).into_iter().next()?;
    }
    matches!(n.kind(), "lambda_expression" | "method_reference").then_some(n)
}

/// The kinds of declarations whose bodies belong to another class than the one around them.
fn other_class(kind: &str) -> bool {
    matches!(
        kind,
        "class_body"
            | "class_declaration"
            | "interface_declaration"
            | "enum_declaration"
            | "record_declaration"
            | "annotation_type_declaration"
    )
}

impl<'s, 't> FileChecker<'s, 't> {
    /// Finds every lambda and method reference of the classes read (`nodes`, by class id),
    /// in text order, and numbers their methods after each class's declared ones.
    pub(super) fn find_sites(&mut self, nodes: &[(Node<'t>, Option<u32>)]) {
        let mut sites: Vec<Site<'t>> = Vec::new();
        for (id, (node, _)) in nodes.iter().enumerate() {
            let Some(body) = crate::program::reader::local_classes::class_body(*node) else {
                continue;
            };
            let mut members = vec![body];
            while let Some(m) = members.pop() {
                for child in named_children(m) {
                    match child.kind() {
                        // Enum constants and their declarations sit one level down.
                        "enum_body_declarations" => members.push(child),
                        k if other_class(k) => {}
                        _ => {
                            let enclosing =
                                self.classes[id].method_index_of(child).map(|i| i as u32);
                            let mut stack = vec![child];
                            while let Some(n) = stack.pop() {
                                if !mentions(self.src, n, &["->", "::"]) {
                                    continue;
                                }
                                if matches!(n.kind(), "lambda_expression" | "method_reference") {
                                    sites.push(Site {
                                        node: n,
                                        class: id as u32,
                                        index: 0,
                                        enclosing,
                                    });
                                }
                                stack.extend(
                                    named_children(n)
                                        .into_iter()
                                        .filter(|c| !other_class(c.kind())),
                                );
                            }
                        }
                    }
                }
            }
        }
        sites.sort_by_key(|s| s.node.start_byte());
        let mut next: Vec<u32> = self.classes.iter().map(|c| c.sigs.len() as u32).collect();
        for s in &mut sites {
            s.index = next[s.class as usize];
            next[s.class as usize] += 1;
        }
        self.closure_base = self.classes.len() as u32;
        *self.made.borrow_mut() = sites.iter().map(|_| None).collect();
        self.sites = sites;
    }

    /// Adds what reading the lambdas made to `classes`, the unit's classes read from their
    /// declarations: each lambda's method after its class's declared ones, in the order
    /// their sites numbered them (one that was never read stands refused), and the classes
    /// of their objects after every other class.
    pub(super) fn add_lambdas(&mut self, classes: &mut Vec<Class>) {
        let made: Vec<Option<Made>> = std::mem::take(&mut *self.made.borrow_mut());
        let mut closures = Vec::new();
        for (at, (site, made)) in self.sites.iter().zip(made).enumerate() {
            let methods = &mut classes[site.class as usize].methods;
            debug_assert_eq!(methods.len() as u32, site.index);
            let home = self.home_of(site.class);
            match made {
                Some(m) => {
                    methods.push(m.method);
                    closures.push(m.closure);
                }
                None => {
                    let span = span_of(site.node);
                    methods.push(Method {
                        name: format!("lambda$unread${at}"),
                        class: site.class,
                        is_static: true,
                        is_constructor: false,
                        is_private: true,
                        is_abstract: false,
                        params: Vec::new(),
                        param_names: Vec::new(),
                        ret: Type::Void,
                        span,
                        body: Err(self
                            .diag_at(site.node, "a lambda in code outside the supported subset")),
                        bridges: Vec::new(),
                        lambda: Some(LambdaOrigin {
                            enclosing: site.enclosing,
                            site: at as u32,
                            reference: site.node.kind() == "method_reference",
                        }),
                        is_implicit: false,
                    });
                    let name = format!("{}$$Lambda", self.classes[site.class as usize].name);
                    closures.push(unread_closure(name, home, span));
                }
            }
        }
        // Their place in the hierarchy: each implements its interface.
        self.hierarchy.extend(closures.iter().map(|c| Hierarchy {
            interfaces: c.interfaces.clone(),
            ..Hierarchy::default()
        }));
        classes.extend(closures);
    }

    /// The place of a lambda or method reference among the sites.
    pub(super) fn site_of(&self, node: Node) -> Option<usize> {
        let at = self
            .sites
            .binary_search_by_key(&node.start_byte(), |s| s.node.start_byte())
            .ok()?;
        // A lambda's body may start with another (`x -> y -> x + y` does not, but a method
        // reference's qualifier may not either): the node itself decides.
        (self.sites[at].node.id() == node.id()).then_some(at)
    }

    /// The abstract methods of interface `class` with what it inherits, `Object`'s public
    /// methods left out (JLS §9.8): each as (declaring class, method index).
    fn abstract_methods(&self, class: u32) -> Vec<(u32, usize)> {
        let mut out = Vec::new();
        for k in std::iter::once(class).chain(self.ancestors(class)) {
            for (i, s) in self.classes[k as usize].sigs.iter().enumerate() {
                let Ok(s) = s else { continue };
                if !s.is_abstract || s.is_static {
                    continue;
                }
                let of_object = match s.name.as_str() {
                    "equals" => s.params == [Type::Object],
                    "hashCode" | "toString" => s.params.is_empty(),
                    _ => false,
                };
                if !of_object {
                    out.push((k, i));
                }
            }
        }
        out
    }

    /// The functional interface method a lambda of type `target` implements, if `target` is
    /// a functional interface type.
    fn functional(&self, target: &Type) -> Option<Functional> {
        let Type::Class(c) = target else { return None };
        if !self.classes[c.id as usize].is_interface {
            return None;
        }
        let methods = self.abstract_methods(c.id);
        let &(k, i) = methods.first()?;
        let sig = self.classes[k as usize].sigs[i].as_ref().ok()?;
        let same = |&(k2, i2): &(u32, usize)| {
            self.classes[k2 as usize].sigs[i2]
                .as_ref()
                .is_ok_and(|s| s.name == sig.name && s.params.len() == sig.params.len())
        };
        // One method, maybe declared again along the interfaces; a generic one has no lambda.
        if !methods.iter().all(same) || !sig.type_params.is_empty() {
            return None;
        }
        let erased: Vec<Type> = sig.params.iter().map(Type::erasure).collect();
        let mut bridges: Vec<Vec<Type>> = Vec::new();
        for &(k2, i2) in &methods[1..] {
            let s = self.classes[k2 as usize].sigs[i2].as_ref().ok()?;
            let e: Vec<Type> = s.params.iter().map(Type::erasure).collect();
            if e != erased && !bridges.contains(&e) {
                bridges.push(e);
            }
        }
        let (params, ret) = match self.substitution(target, k) {
            Some(map) => (
                sig.params.iter().map(|p| substitute(p, &map)).collect(),
                substitute(&sig.ret, &map),
            ),
            None => (erased.clone(), sig.ret.erasure()),
        };
        Some(Functional {
            interface: c.id,
            name: sig.name.clone(),
            params,
            ret,
            erased,
            erased_ret: sig.ret.erasure(),
            bridges,
        })
    }

    /// The number of parameters of the method a lambda of type `target` implements.
    pub(super) fn functional_arity(&self, target: &Type) -> Option<usize> {
        self.functional(target).map(|f| f.params.len())
    }
}

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    /// An expression that takes its type from `target` when it is a lambda or a method
    /// reference (JLS §15.27.3), else checked as any expression.
    pub(super) fn expr_for(&mut self, node: Node<'t>, target: &Type) -> Checked<'t, Expr> {
        match closure_syntax(node) {
            Some(n) => self.closure(n, target),
            None if matches!(
                node.kind(),
                "method_invocation" | "object_creation_expression"
            ) =>
            {
                let saved = self.call_target.replace((node.id(), target.clone()));
                let e = self.expr(node);
                self.call_target = saved;
                e
            }
            None => self.expr(node),
        }
    }

    /// A lambda or a method reference of type `target`: its method made, and the
    /// expression making its object.
    pub(super) fn closure(&mut self, node: Node<'t>, target: &Type) -> Checked<'t, Expr> {
        let what = if node.kind() == "lambda_expression" {
            "a lambda"
        } else {
            "a method reference"
        };
        let Some(at) = self.file.site_of(node) else {
            return self.unsupported(node, &format!("{what} in a class roth does not read"));
        };
        let Some(f) = self.file.functional(target) else {
            return self.error(
                node,
                format!("incompatible types: {target} is not a functional interface"),
            );
        };
        let site = self.file.sites[at];
        let mut inner = MethodChecker::new(self.file, self.class, self.is_static, f.ret.clone());
        // The enclosing `this` is the first captured value of instance code, always: the
        // lambda's method is then an instance method of the class, as the code it is
        // written in.
        let mut captures: Vec<Expr> = Vec::new();
        if !self.is_static {
            let ty = self.file.generic_self(self.class);
            captures.push(self.make(node, ty, ExprKind::This));
        }
        let mut null_checked = false;
        let body = if node.kind() == "lambda_expression" {
            self.lambda_body(node, &f, &mut inner, &mut captures)?
        } else {
            let (body, receiver) = self.reference_body(node, &f, &mut inner)?;
            if let Some(r) = receiver {
                null_checked = true;
                captures.insert(0, r);
            }
            body
        };
        let this_captured = !self.is_static;
        // A bound receiver goes before `this` (its null check comes first), then the locals.
        let values: Vec<Type> = captures.iter().map(|c| c.ty.clone()).collect();
        let (params, names): (Vec<Type>, Vec<String>) = body
            .locals
            .iter()
            .filter(|l| l.is_param)
            .map(|l| (l.ty.clone(), l.name.clone()))
            .unzip();
        let enclosing_name = match site.enclosing {
            Some(m) => self.file.classes[self.class as usize].method_name(m as usize),
            None if self.is_static => "static".to_string(),
            None => "new".to_string(),
        };
        let sigs = self.file.classes[self.class as usize].sigs.len() as u32;
        let method = Method {
            name: format!("lambda${enclosing_name}${}", site.index - sigs),
            class: self.class,
            is_static: self.is_static,
            is_constructor: false,
            is_private: true,
            is_abstract: false,
            params: params.clone(),
            param_names: names,
            ret: f.ret.clone(),
            span: span_of(node),
            body: Ok(body),
            bridges: Vec::new(),
            lambda: Some(LambdaOrigin {
                enclosing: site.enclosing,
                site: at as u32,
                reference: node.kind() == "method_reference",
            }),
            is_implicit: false,
        };
        let closure_id = self.file.closure_base + at as u32;
        let lambda = MethodRef {
            class: self.class,
            method: site.index,
        };
        // In the order of `captures`: the receiver (bound reference) or `this`, the locals.
        let receiver_first = null_checked;
        let closure = closure_class(ClosureShape {
            id: closure_id,
            name: format!("{}$$Lambda", self.file.classes[self.class as usize].name),
            home: self.file.home_of(self.class),
            interface: f.interface,
            values: &values,
            this_field: this_captured.then_some(usize::from(receiver_first)),
            lambda,
            lambda_params: &params,
            lambda_ret: &f.ret,
            method_name: &f.name,
            erased: &f.erased,
            erased_ret: &f.erased_ret,
            bridges: &f.bridges,
            span: span_of(node),
        });
        self.file.made.borrow_mut()[at] = Some(Made { method, closure });
        Ok(self.make(
            node,
            target.clone(),
            ExprKind::Closure {
                class: closure_id,
                method: lambda,
                captures,
                null_checked,
            },
        ))
    }

    /// The arguments' types for inferring a generic method's type arguments (JLS §18.2.1,
    /// for the shapes units use): a lambda or method reference passed where the parameter
    /// is declared `I<..., R, ...>`, whose method returns `R`, stands as `I<..., X, ...>`
    /// with `X` the (boxed) type of what it returns when read against the parameter's type
    /// as inferred so far; the other arguments as `types` gives them.
    pub(super) fn closure_argument_types(
        &mut self,
        args: &[(Expr, Node<'t>)],
        types: &[Type],
        declared: &[Type],
        inferred: &[Type],
    ) -> Vec<Type> {
        let mut out = Vec::new();
        for (i, (_, n)) in args.iter().enumerate() {
            let ty = match (closure_syntax(*n), declared.get(i), inferred.get(i)) {
                (Some(c), Some(d), Some(t)) => self.returned_type(c, d, t),
                _ => None,
            };
            out.push(ty.unwrap_or_else(|| types[i].clone()));
        }
        out
    }

    /// See [`Self::closure_argument_types`].
    fn returned_type(&mut self, node: Node<'t>, declared: &Type, target: &Type) -> Option<Type> {
        let Type::Class(interface) = declared else {
            return None;
        };
        let &(k, i) = self.file.abstract_methods(interface.id).first()?;
        let sig = self.file.classes[k as usize].sigs[i].as_ref().ok()?;
        let Type::Variable(v) = &sig.ret else {
            return None;
        };
        let parameters = &self.file.type_parameters[interface.id as usize];
        let j = parameters.iter().position(|p| p.variable == *v)?;
        if k != interface.id {
            return None;
        }
        self.closure(node, target).ok()?;
        let at = self.file.site_of(node)?;
        let made = self.file.made.borrow();
        let body = made[at].as_ref()?.method.body.as_ref().ok()?;
        let mut returned = None;
        visit_returns(&body.stmts, &mut |e| {
            returned.get_or_insert_with(|| e.unconverted().ty.clone());
        });
        let returned = returned?;
        let returned = if returned.is_primitive() {
            self.file.boxed_type(&returned)?
        } else {
            returned
        };
        let mut args = vec![Type::Null; parameters.len()];
        args[j] = returned;
        Some(Type::Class(ClassType {
            args: args.into(),
            ..interface.clone()
        }))
    }

    /// A lambda's body read as its method's (the captured locals its first parameters),
    /// adding the locals it captures to `captures`.
    fn lambda_body(
        &mut self,
        node: Node<'t>,
        f: &Functional,
        inner: &mut MethodChecker<'f, 's, 't>,
        captures: &mut Vec<Expr>,
    ) -> Checked<'t, Body> {
        let params_node = self.field(node, "parameters")?;
        let body_node = self.field(node, "body")?;
        let mut declared: Vec<(Node<'t>, Option<Type>)> = Vec::new();
        match params_node.kind() {
            "identifier" => declared.push((params_node, None)),
            "inferred_parameters" => {
                for n in named_children(params_node) {
                    declared.push((n, None));
                }
            }
            _ => {
                for p in named_children(params_node) {
                    if p.kind() != "formal_parameter" {
                        return self.unsupported(p, "a lambda parameter of this form");
                    }
                    let t = self.field(p, "type")?;
                    let ty = self.ty(t)?;
                    let name = self.field(p, "name")?;
                    declared.push((name, Some(self.file.with_dimensions(ty, p))));
                }
            }
        }
        if declared.len() != f.params.len() {
            return self.error(
                node,
                "incompatible types: incompatible parameter types in lambda expression",
            );
        }
        let own_names: HashSet<&str> = declared.iter().map(|(n, _)| self.text(*n)).collect();
        for id in self.captured_locals(body_node, &own_names) {
            if self.reassigned.contains(&id) {
                return self.error(body_node, LAMBDA_CAPTURE);
            }
            self.lambda_captured.insert(id);
            let local = self.locals[id.0 as usize].clone();
            inner.declare_param(&local.name, local.ty.clone(), local.span);
            inner.locals.last_mut().expect("declared").is_final = true;
            captures.push(self.make(body_node, local.ty, ExprKind::Local(id)));
        }
        for ((name, ty), given) in declared.iter().zip(&f.params) {
            let ty = ty.clone().unwrap_or_else(|| given.clone());
            inner.declare_param(self.text(*name), ty, span_of(*name));
        }
        if body_node.kind() == "block" {
            inner.take_body(body_node)
        } else {
            inner.expression_body(body_node)
        }
    }

    /// The enclosing locals a lambda's body names, in the order first named: those in scope
    /// and definitely assigned here (`javac` accepts no other, and they are effectively
    /// final).
    fn captured_locals(&self, body: Node<'t>, own: &HashSet<&str>) -> Vec<LocalId> {
        let mut out: Vec<LocalId> = Vec::new();
        let mut stack = vec![body];
        let mut found: Vec<Node<'t>> = Vec::new();
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" {
                found.push(n);
            }
            stack.extend(named_children(n));
        }
        found.sort_by_key(|n| n.start_byte());
        for n in found {
            // A method's name or a field's after a dot names no local.
            let named_member = n.parent().is_some_and(|p| {
                (p.kind() == "method_invocation"
                    && p.child_by_field_name("name")
                        .is_some_and(|x| x.id() == n.id()))
                    || (p.kind() == "field_access"
                        && p.child_by_field_name("field")
                            .is_some_and(|x| x.id() == n.id()))
            });
            let name = self.text(n);
            if named_member || own.contains(name) {
                continue;
            }
            if let Some(id) = self.lookup(name)
                && self.assigned.get(id.0 as usize).is_some_and(|b| *b)
                && !out.contains(&id)
            {
                out.push(id);
            }
        }
        out
    }
}

/// Calls `f` with the value of each `return` of `stmts`, in order.
fn visit_returns(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    for s in stmts {
        if let StmtKind::Return(Some(e)) = &s.kind {
            f(e);
        }
        let inner: Vec<Stmt> = s.substatements().into_iter().cloned().collect();
        visit_returns(&inner, f);
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::analysis::{TestCase, Verdict, analyse};
    use crate::program::execution::interp::Limits;
    use crate::program::execution::interp::testing::{
        int, returns, runner, string as text, throws,
    };
    use crate::program::load;
    use crate::program::mutants::mutant::{Operator, generate};

    /// Lambdas and method references of every form, with the JDK's functional interfaces
    /// and `Comparator` (results from `javac` 17 and `java`, in the comments below).
    const KIT: &str = r#"import java.util.Comparator;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

class Kit {
    interface Check {
        boolean ok(int v);

        default Check both(Check other) {
            return v -> ok(v) && other.ok(v);
        }
    }

    static class Item {
        final String name;
        final int weight;

        Item(String name, int weight) {
            this.name = name;
            this.weight = weight;
        }

        Item(String name) {
            this(name, name.length());
        }

        int weight() {
            return weight;
        }

        String name() {
            return name;
        }
    }

    static final Comparator<Item> HEAVY_FIRST = (a, b) -> Integer.compare(b.weight, a.weight);

    int scale = 2;

    static int add(int a, int b) {
        return a + b;
    }

    static <R> R withSeven(Function<Integer, R> f) {
        return f.apply(7);
    }

    int scaled(int x) {
        IntBinaryOperator op = (a, b) -> (a + b) * scale;
        scale = 3;
        return op.applyAsInt(x, 1);
    }

    static int references(String s) {
        IntBinaryOperator plus = Kit::add;
        ToIntFunction<String> length = String::length;
        Item named = new Item(s + s);
        Supplier<String> twice = named::name;
        Function<String, Item> make = Item::new;
        return plus.applyAsInt(length.applyAsInt(twice.get()), make.apply(s).weight());
    }

    static String order(String a, int wa, String b, int wb, String c, int wc) {
        Item[] items = {new Item(a, wa), new Item(b, wb), new Item(c, wc)};
        Comparator<Item> byWeight = Comparator.comparing(Item::weight);
        Comparator<Item> order = byWeight.thenComparing(Item::name).reversed();
        String out = "";
        for (int i = 0; i < items.length; i++) {
            for (int j = i + 1; j < items.length; j++) {
                if (order.compare(items[i], items[j]) > 0) {
                    Item t = items[i];
                    items[i] = items[j];
                    items[j] = t;
                }
            }
        }
        for (Item it : items) {
            out += it.name;
        }
        return out + HEAVY_FIRST.compare(items[0], items[2]);
    }

    static int predicates(int x) {
        Predicate<Integer> positive = v -> v > 0;
        Predicate<Integer> even = v -> v % 2 == 0;
        Check small = v -> v < 10;
        Check band = small.both(v -> v > -10);
        int r = 0;
        if (positive.and(even).test(x)) r += 1;
        if (positive.negate().or(even).test(x)) r += 2;
        if (band.ok(x)) r += 4;
        BinaryOperator<Integer> max = BinaryOperator.maxBy(Comparator.naturalOrder());
        return r * 100 + max.apply(x, 5);
    }

    static int curried(int a) {
        int base = a * 10;
        Function<Integer, Function<Integer, Integer>> f = x -> y -> x * y + base;
        Function<Integer, Integer> g = f.apply(a).andThen(v -> v - 1).compose(v -> v + 1);
        return g.apply(2) + withSeven(v -> v * a);
    }

    static String suppliers(int n) {
        int[] counter = {0};
        Supplier<Item> fresh = () -> new Item("i" + counter[0]++, n);
        Item x = fresh.get();
        Item y = fresh.get();
        Runnable bump = () -> counter[0] += 10;
        bump.run();
        return x.name + y.name + (x == y) + counter[0];
    }

    static int nullReceiver(int w) {
        Item item = w > 0 ? new Item("x", w) : null;
        Supplier<String> f = item::name;
        return w;
    }
}
"#;

    #[test]
    fn lambdas_and_method_references_run_as_on_the_jvm() {
        let unit = load("Kit.java", KIT).expect("the file loads");
        let run = runner(&unit);
        // The lambda reads the field when called, after the method changed it: (4 + 1) * 3.
        assert_eq!(run("scaled", &[int(4)]), returns(int(15)));
        // Static, bound, unbound and constructor references.
        assert_eq!(run("references", &[text("ab")]), returns(int(6)));
        // Comparator.comparing(...).thenComparing(Item::name).reversed(), and a lambda in a
        // static field's initializer.
        assert_eq!(
            run(
                "order",
                &[text("b"), int(2), text("a"), int(2), text("c"), int(1)]
            ),
            returns(text("bac-1"))
        );
        // Predicate's and, or, negate; a user interface's default method; maxBy.
        assert_eq!(run("predicates", &[int(4)]), returns(int(705)));
        assert_eq!(run("predicates", &[int(-3)]), returns(int(605)));
        assert_eq!(run("predicates", &[int(11)]), returns(int(11)));
        // Curried lambdas capturing locals; andThen and compose, inferred from the target.
        assert_eq!(run("curried", &[int(3)]), returns(int(59)));
        // A captured array changed through lambdas; each call a new object.
        assert_eq!(run("suppliers", &[int(5)]), returns(text("i0i1false12")));
        // A bound reference's receiver is checked when the reference is made.
        assert_eq!(
            run("nullReceiver", &[int(0)]),
            throws("NullPointerException")
        );
        assert_eq!(run("nullReceiver", &[int(4)]), returns(int(4)));
    }

    #[test]
    fn a_lambdas_mutants_belong_to_its_method_and_are_killed_through_it() {
        let source = r#"
import java.util.function.IntBinaryOperator;
class Ops {
    static int combine(int a, int b) {
        int bias = 1;
        IntBinaryOperator op = (x, y) -> x * y + bias;
        return op.applyAsInt(a, b);
    }
    static int viaReference(int a) {
        IntBinaryOperator op = Math::max;
        return op.applyAsInt(a, 3);
    }
}
"#;
        let unit = load("Ops.java", source).expect("loads");
        let mutants = generate(&unit);
        let in_lambda: Vec<_> = mutants
            .mutants
            .iter()
            .filter(|m| unit.method(m.class, m.method).lambda.is_some())
            .collect();
        assert!(!in_lambda.is_empty());
        for m in &in_lambda {
            // Named by the method the lambda is written in; a reference has no text to
            // mutate.
            assert_eq!(m.method_name, "Ops.combine(int, int)");
            assert!(m.mutated.is_some());
        }
        let times = in_lambda
            .iter()
            .find(|m| m.operator == Operator::AORB && m.replacement.contains('+'))
            .expect("x * y -> x + y");
        let (class, method) = unit.find_method("combine").expect("combine");
        let tests = vec![TestCase {
            name: "combine".into(),
            class,
            method,
            args: vec![int(3), int(4)],
            fields: Vec::new(),
            receiver: None,
        }];
        let analysis = analyse(
            &unit,
            std::slice::from_ref(*times),
            &tests,
            Limits::default(),
            1,
            &|_| {},
        )
        .expect("runs");
        assert_eq!(analysis.verdicts, [Verdict::Killed(0)]);
        // The tests reach the lambda through `combine`.
        assert_eq!(unit.written_in(times.class, times.method), (class, method));
    }

    #[test]
    fn lambdas_outside_a_functional_type_or_the_subset_are_refused_by_their_method() {
        let source = r#"
class R {
    interface Two { int f(int a); int g(int a); }
    static int notFunctional(int a) {
        Two t = x -> x;
        return a;
    }
    static int wrongArity(int a) {
        java.util.function.IntUnaryOperator f = (x, y) -> x;
        return a;
    }
    static int fine(int a) {
        java.util.function.IntUnaryOperator f = x -> x + 1;
        return f.applyAsInt(a);
    }
}
"#;
        let unit = load("R.java", source).expect("loads");
        let why = |name: &str| {
            let (c, m) = unit.find_method(name).expect("declared");
            unit.method(c, m).body.clone().err().map(|d| d.message)
        };
        assert!(
            why("notFunctional").is_some_and(|m| m.contains("not a functional interface")),
            "{:?}",
            why("notFunctional")
        );
        assert!(why("wrongArity").is_some());
        assert_eq!(why("fine"), None);
        // Lambdas' methods are not counted as the file's methods.
        assert_eq!(unit.unsupported().count(), 2);
    }

    #[test]
    fn a_lambda_captures_only_effectively_final_locals_as_javac_says() {
        let source = r#"
import java.util.function.IntSupplier;
class C {
    static int after(int w) {
        IntSupplier s = () -> w;
        w++;
        return s.getAsInt();
    }
    static int before(int w) {
        w += 1;
        IntSupplier s = () -> w;
        return s.getAsInt();
    }
    static int declaredThenAssigned(boolean b) {
        int k;
        if (b) { k = 1; } else { k = 2; }
        IntSupplier s = () -> k;
        return s.getAsInt();
    }
    static int copied(int w) {
        int k = w;
        w = 3;
        IntSupplier s = () -> k;
        return s.getAsInt() + w;
    }
}
"#;
        let unit = load("C.java", source).expect("loads");
        let why = |name: &str| {
            let (c, m) = unit.find_method(name).expect("declared");
            unit.method(c, m).body.clone().err().map(|d| d.message)
        };
        let refused = Some(super::super::statements::LAMBDA_CAPTURE.to_string());
        assert_eq!(why("after"), refused);
        assert_eq!(why("before"), refused);
        assert_eq!(why("declaredThenAssigned"), None);
        assert_eq!(why("copied"), None);
    }

    #[test]
    fn no_mutant_changes_the_type_a_lambda_s_results_are_inferred_from() {
        let source = r#"
import java.util.stream.*;
class G {
    static String lines(int n) {
        return IntStream.range(0, n).mapToObj(i -> {
            char c = 'a';
            return i + ". " + c;
        }).collect(Collectors.joining(","));
    }
    static int sum(int n, int w) {
        return IntStream.range(0, n).map(b -> b / w).sum();
    }
}
"#;
        let unit = load("G.java", source).expect("loads");
        let all = crate::program::mutants::mutant::generate(&unit);
        let made = |text: &str| all.mutants.iter().any(|m| m.replacement == text);
        // `i + ". " + c` to `c` would make a stream of characters, which `joining` refuses.
        // javac may or may not accept such an edit: neither a mutant nor a skipped edit.
        assert!(!made("c"));
        assert!(!all.skipped.iter().any(|s| s.replacement == "c"));
        // `w` is captured: `w++` would make it not effectively final.
        assert!(
            !all.mutants
                .iter()
                .any(|m| m.replacement.contains("w++") || m.replacement.contains("++w"))
        );
        // Mutants that keep the types are made.
        assert!(
            all.mutants
                .iter()
                .any(|m| m.operator == crate::program::mutants::mutant::Operator::AORB)
        );
    }
}
