//! Generics by erasure (JLS §4.4-4.6, §8.1.2, §8.4.4, §15.12.2.7 for the shapes units use):
//! type parameters of classes and methods with their bounds, parameterized types, the types
//! of members seen through a parameterized type (its arguments substituted for the declaring
//! class's parameters, along the generic supertypes), and type arguments inferred from a
//! call's arguments (generic methods, `new Box<>(v)`), from the type its value goes to, and,
//! for a generic call passed as an argument, from the parameter it is passed to
//! (`s.collect(Collectors.groupingBy(w -> w.length()))`: `calls.rs` reads it again then).
//!
//! At run time a type variable is its erasure, as on the JVM; where a member's declared type
//! erases to something wider than the type it is seen with (`T get()` read as an `Integer`),
//! the checker inserts the checked cast `javac` inserts, so a polluted heap throws
//! `ClassCastException` where the JVM does. The checker reads programs `javac` accepted and
//! mutants that change no type, so it is lenient where that cannot matter: wildcards are
//! read as their bound (`? extends N` and `? super N` as `N`, `?` as `Object`) and type
//! arguments are not compared when one reference type converts to another.

use std::sync::Arc;

use tree_sitter::Node;

use crate::program::reader::declarations::FileChecker;
use crate::program::reader::ir::*;
use crate::program::reader::syntax::named_children;

/// A type parameter as declared: the variable and its first bound (`Object` without one).
#[derive(Clone, Debug)]
pub(super) struct TypeParameter {
    pub(super) variable: TypeVariable,
    pub(super) bound: Type,
}

/// The type arguments a member is seen with: each type variable and what replaces it.
pub(super) type Substitution = Vec<(TypeVariable, Type)>;

impl FileChecker<'_, '_> {
    /// The type parameters declared by `list` (a `type_parameters` node) for `owner`, read
    /// inside class `scope`: first their names and erasures (a bound may name any of them),
    /// then their bounds with all of them in scope.
    pub(super) fn type_parameters_of(
        &self,
        list: Node,
        owner: (u32, u32),
        scope: u32,
    ) -> Vec<TypeParameter> {
        let declared: Vec<(String, Option<Node>)> = named_children(list)
            .into_iter()
            .filter(|p| p.kind() == "type_parameter")
            .filter_map(|p| {
                let children = named_children(p);
                let name = children
                    .iter()
                    .find(|c| matches!(c.kind(), "type_identifier" | "identifier"))?;
                let bound = children
                    .iter()
                    .find(|c| c.kind() == "type_bound")
                    .and_then(|b| named_children(*b).into_iter().next());
                Some((self.text(*name).to_string(), bound))
            })
            .collect();
        let mut parameters: Vec<TypeParameter> = Vec::new();
        for (name, bound) in &declared {
            let erasure = match bound {
                None => Type::Object,
                Some(b) => {
                    let base = self.text(*b);
                    let base = base.split('<').next().unwrap_or(base).trim();
                    match parameters.iter().find(|p| &*p.variable.name == base) {
                        Some(p) => (*p.variable.erasure).clone(),
                        None => match base {
                            "String" | "java.lang.String" => Type::String,
                            _ => self
                                .class_named_at(base, scope, b.start_byte())
                                .map_or(Type::Object, |c| self.class_type(c)),
                        },
                    }
                }
            };
            parameters.push(TypeParameter {
                variable: TypeVariable {
                    name: Arc::from(name.as_str()),
                    owner,
                    erasure: Box::new(erasure.clone()),
                },
                bound: erasure,
            });
        }
        // The bounds in full, with the parameters in scope (`T extends Comparable<T>`).
        let scope_depth = self.push_method_scope(if owner.1 == 0 {
            Vec::new()
        } else {
            parameters.clone()
        });
        for (i, (_, bound)) in declared.iter().enumerate() {
            if let Some(b) = bound
                && let Ok(t) = self.ty(*b, scope)
            {
                parameters[i].bound = t;
            }
        }
        self.pop_method_scope(scope_depth);
        parameters
    }

    /// Puts a generic method's type parameters in scope; gives the depth to restore.
    pub(super) fn push_method_scope(&self, parameters: Vec<TypeParameter>) -> usize {
        let mut scope = self.method_scope.borrow_mut();
        let depth = scope.len();
        scope.extend(parameters);
        depth
    }

    pub(super) fn pop_method_scope(&self, depth: usize) {
        self.method_scope.borrow_mut().truncate(depth);
    }

    /// The type variable `name` means inside class `scope`: a generic method's being read,
    /// then those of the class and of the classes enclosing it (the innermost first).
    pub(super) fn type_variable_named(&self, name: &str, scope: u32) -> Option<TypeVariable> {
        if let Some(p) = self
            .method_scope
            .borrow()
            .iter()
            .rev()
            .find(|p| &*p.variable.name == name)
        {
            return Some(p.variable.clone());
        }
        let mut class = Some(scope);
        while let Some(c) = class {
            let parameters = self.type_parameters.get(c as usize)?;
            if let Some(p) = parameters.iter().find(|p| &*p.variable.name == name) {
                return Some(p.variable.clone());
            }
            class = self
                .class_names
                .get(c as usize)
                .and_then(|(_, outer)| *outer);
        }
        None
    }

    /// The first bound of a type variable, in full (`Comparable<T>`).
    pub(super) fn bound_of(&self, variable: &TypeVariable) -> Type {
        let (class, method) = variable.owner;
        let found = if method == 0 {
            self.type_parameters
                .get(class as usize)
                .and_then(|ps| ps.iter().find(|p| p.variable == *variable))
                .map(|p| p.bound.clone())
        } else {
            let scoped = self
                .method_scope
                .borrow()
                .iter()
                .find(|p| p.variable == *variable)
                .map(|p| p.bound.clone());
            scoped.or_else(|| {
                self.classes
                    .get(class as usize)
                    .and_then(|c| c.sigs.get(method as usize - 1))
                    .and_then(|s| s.as_ref().ok())
                    .and_then(|s| s.type_params.iter().find(|p| p.variable == *variable))
                    .map(|p| p.bound.clone())
            })
        };
        found.unwrap_or_else(|| (*variable.erasure).clone())
    }

    /// Class `class` as the type of `this` in its own code: its type parameters as its
    /// arguments.
    pub(super) fn generic_self(&self, class: u32) -> Type {
        let mut ty = self.class_type(class);
        if let Type::Class(c) = &mut ty {
            let parameters = self.type_parameters.get(class as usize);
            if let Some(ps) = parameters.filter(|ps| !ps.is_empty()) {
                c.args = ps
                    .iter()
                    .map(|p| Type::Variable(p.variable.clone()))
                    .collect();
            }
        }
        ty
    }

    /// The type arguments the members of `declaring` are seen with through a value of type
    /// `through`; `None` for a raw type (its members' types are erased, JLS §4.8).
    pub(super) fn substitution(&self, through: &Type, declaring: u32) -> Option<Substitution> {
        let parameters = self.type_parameters.get(declaring as usize)?;
        if parameters.is_empty() {
            return Some(Vec::new());
        }
        let seen = self.as_super(through, declaring, 0)?;
        let Type::Class(c) = seen else { return None };
        if c.args.len() != parameters.len() {
            return None;
        }
        Some(
            parameters
                .iter()
                .map(|p| p.variable.clone())
                .zip(c.args.iter().cloned())
                .collect(),
        )
    }

    /// `ty` seen as its supertype `class`, with that class's type arguments (`IntBox` as
    /// `Box<Integer>` when `class IntBox extends Box<Integer>`).
    pub(super) fn as_super(&self, ty: &Type, class: u32, depth: u32) -> Option<Type> {
        if depth > 64 {
            return None;
        }
        match ty {
            Type::Class(c) if c.id == class => Some(ty.clone()),
            Type::Class(c) => {
                let own = self.substitution_of_own(c);
                self.super_types.get(c.id as usize)?.iter().find_map(|s| {
                    let s = match &own {
                        Some(own) => substitute(s, own),
                        None => s.erasure(),
                    };
                    self.as_super(&s, class, depth + 1)
                })
            }
            Type::Variable(v) => self.as_super(&self.bound_of(v), class, depth + 1),
            _ => None,
        }
    }

    /// A parameterized type's own arguments for its class's parameters (`None` when raw).
    fn substitution_of_own(&self, c: &ClassType) -> Option<Substitution> {
        let parameters = self.type_parameters.get(c.id as usize)?;
        if parameters.is_empty() {
            return Some(Vec::new());
        }
        (c.args.len() == parameters.len()).then(|| {
            parameters
                .iter()
                .map(|p| p.variable.clone())
                .zip(c.args.iter().cloned())
                .collect()
        })
    }

    /// Reads a `generic_type` node: the class with its type arguments (none for `<>`).
    pub(super) fn generic_type(&self, node: Node, scope: u32) -> Result<Type, Diagnostic> {
        let children = named_children(node);
        let base = children
            .iter()
            .find(|c| matches!(c.kind(), "type_identifier" | "scoped_type_identifier"))
            .ok_or_else(|| self.diag_at(node, "a generic type without a name"))?;
        // A class outside the subset is named with its arguments, as written.
        let mut ty = self.ty(*base, scope).map_err(|d| Diagnostic {
            message: d.message.replacen(self.text(*base), self.text(node), 1),
            ..d
        })?;
        let Some(list) = children.iter().find(|c| c.kind() == "type_arguments") else {
            return Ok(ty);
        };
        let mut args = Vec::new();
        for a in named_children(*list) {
            args.push(match a.kind() {
                "wildcard" => match named_children(a).into_iter().find(|c| {
                    !matches!(
                        c.kind(),
                        "annotation" | "marker_annotation" | "super" | "extends"
                    )
                }) {
                    Some(bound) => self.ty(bound, scope)?,
                    None => Type::Object,
                },
                "annotation" | "marker_annotation" => continue,
                _ => self.ty(a, scope)?,
            });
        }
        match &mut ty {
            Type::Class(c) => {
                let expected = self.type_parameters.get(c.id as usize).map_or(0, Vec::len);
                if !args.is_empty() && args.len() != expected {
                    return Err(self.diag_at(
                        node,
                        format!("wrong number of type arguments; required {expected}"),
                    ));
                }
                c.args = Arc::from(args);
                Ok(ty)
            }
            _ => Err(self.diag_at(
                node,
                format!("type {} does not take parameters", self.text(*base)),
            )),
        }
    }
}

/// `ty` with each variable of `map` replaced by its argument.
pub(super) fn substitute(ty: &Type, map: &[(TypeVariable, Type)]) -> Type {
    match ty {
        Type::Variable(v) => map
            .iter()
            .find(|(k, _)| k == v)
            .map_or_else(|| ty.clone(), |(_, t)| t.clone()),
        Type::Class(c) if !c.args.is_empty() => Type::Class(ClassType {
            args: c.args.iter().map(|a| substitute(a, map)).collect(),
            ..c.clone()
        }),
        Type::Array(e) => Type::array_of(substitute(e, map)),
        other => other.clone(),
    }
}

impl FileChecker<'_, '_> {
    /// Infers `variables` from a parameter's type and the type of the argument passed to
    /// it (JLS §18.2.2 for the shapes units use): a variable takes the argument's type (the
    /// boxed type of a primitive, given by `boxed`), a parameterized parameter matches the
    /// argument seen as its class. A variable met twice keeps the wider of the two types.
    pub(super) fn infer(
        &self,
        parameter: &Type,
        argument: &Type,
        variables: &[TypeVariable],
        found: &mut [Option<Type>],
        boxed: &dyn Fn(&Type) -> Option<Type>,
    ) {
        match parameter {
            Type::Variable(v) => {
                let Some(i) = variables.iter().position(|k| k == v) else {
                    return;
                };
                let argument = if argument.is_primitive() {
                    match boxed(argument) {
                        Some(b) => b,
                        None => return,
                    }
                } else {
                    argument.clone()
                };
                if argument == Type::Null || argument == Type::Void {
                    return;
                }
                found[i] = Some(match found[i].take() {
                    None => argument,
                    Some(old) if old.widens_to(&argument) => argument,
                    Some(old) if argument.widens_to(&old) => old,
                    // Two unrelated types: their common supertype, approximated.
                    Some(_) => Type::Object,
                });
            }
            Type::Class(p) if !p.args.is_empty() => {
                let Some(Type::Class(a)) = self.as_super(argument, p.id, 0) else {
                    return;
                };
                for (pp, aa) in p.args.iter().zip(a.args.iter()) {
                    self.infer(pp, aa, variables, found, boxed);
                }
            }
            Type::Array(pe) => {
                if let Type::Array(ae) = argument
                    && ae.is_reference()
                {
                    self.infer(pe, ae, variables, found, boxed);
                }
            }
            _ => {}
        }
    }
}

/// How the members of a class are seen at a call: through a value's type, or by a class
/// instance creation with `<>` whose type arguments are inferred from the arguments.
#[derive(Clone, Copy)]
pub(super) enum Through<'a> {
    Type(&'a Type),
    Diamond,
}

/// A method or constructor's types at one call: its parameters (as declared, not spread to
/// the arguments) and its result, with the type arguments substituted; the result as
/// declared, for the cast `javac` inserts; and, for `<>`, the class's inferred arguments.
#[derive(Clone, Debug)]
pub(super) struct Instance {
    pub(super) params: Vec<Type>,
    pub(super) ret: Type,
    pub(super) declared_ret: Type,
    pub(super) class_args: Vec<Type>,
    /// Whether a type variable of the method was inferred from neither the arguments nor
    /// the call's target (it stands for its erasure in `params` and `ret`).
    pub(super) open: bool,
    /// The parameters with what was inferred substituted and each variable left open as
    /// `Type::Null` (which inference skips): the targets of arguments that are calls of
    /// generic methods themselves (JLS §18.5.2: `collect(Collectors.toList())`).
    pub(super) open_params: Vec<Type>,
}

impl FileChecker<'_, '_> {
    /// `sig`, a member of `declaring`, as called through `through` with arguments of types
    /// `args`.
    pub(super) fn instantiate(
        &self,
        through: Through,
        declaring: u32,
        sig: &crate::program::reader::declarations::Signature,
        args: &[Type],
        expected: Option<&Type>,
    ) -> Instance {
        let class_parameters: Vec<TypeVariable> = self
            .type_parameters
            .get(declaring as usize)
            .map(|ps| ps.iter().map(|p| p.variable.clone()).collect())
            .unwrap_or_default();
        let mut map: Substitution = Vec::new();
        let mut variables: Vec<TypeVariable> =
            sig.type_params.iter().map(|p| p.variable.clone()).collect();
        let mut raw = false;
        match through {
            Through::Diamond => variables.extend(class_parameters.iter().cloned()),
            _ if sig.is_static && !sig.is_constructor => {}
            Through::Type(ty) => match self.substitution(ty, declaring) {
                Some(m) => map = m,
                None => raw = !class_parameters.is_empty(),
            },
        }
        if raw {
            let params: Vec<Type> = sig.params.iter().map(Type::erasure).collect();
            return Instance {
                open_params: params.clone(),
                params,
                ret: sig.ret.erasure(),
                declared_ret: sig.ret.clone(),
                class_args: Vec::new(),
                open: false,
            };
        }
        let mut open_map: Substitution;
        let mut open = false;
        if !variables.is_empty() {
            let params: Vec<Type> = sig.params.iter().map(|p| substitute(p, &map)).collect();
            let mut found = vec![None; variables.len()];
            let boxed = |t: &Type| self.boxed_type(t);
            for (i, a) in args.iter().enumerate() {
                let last = params.len().checked_sub(1);
                let p = match params.get(i) {
                    // The variable arity parameter, given its elements one by one.
                    Some(p)
                        if sig.is_varargs
                            && Some(i) == last
                            && (args.len() != params.len() || a.element().is_none()) =>
                    {
                        p.element().cloned().unwrap_or_else(|| p.clone())
                    }
                    Some(p) => p.clone(),
                    None if sig.is_varargs => match last.and_then(|l| params[l].element()) {
                        Some(e) => e.clone(),
                        None => continue,
                    },
                    None => continue,
                };
                self.infer(&p, a, &variables, &mut found, &boxed);
            }
            // What the arguments leave open, from the type the call's value is assigned to
            // (JLS §18.5.2.1: `Function<Integer, Integer> g = f.compose(v -> v + 1)`). An
            // argument that says only `Object` bounds a variable it meets through a wildcard
            // (`Collector<? super T, A, R>` given `joining()`'s `Collector<Object, ...>`)
            // rather than fixes it: the target's type is then the one javac infers.
            if let Some(expected) = expected
                && found
                    .iter()
                    .any(|f| f.is_none() || f.as_ref() == Some(&Type::Object))
            {
                let mut from_target = vec![None; variables.len()];
                // A diamond's class takes its type arguments from the type its object goes
                // to (`PriorityQueue<long[]> q = new PriorityQueue<>((a, b) -> ...)`), seen
                // as that type's class (`Queue<long[]> q = new ArrayDeque<>(...)`).
                let ret = match through {
                    Through::Diamond if sig.is_constructor => {
                        let own = self.generic_self(declaring);
                        expected
                            .class()
                            .and_then(|target| self.as_super(&own, target, 0))
                            .unwrap_or(own)
                    }
                    _ => substitute(&sig.ret, &map),
                };
                self.infer(&ret, expected, &variables, &mut from_target, &boxed);
                for (f, t) in found.iter_mut().zip(from_target) {
                    let weak = f.is_none() || f.as_ref() == Some(&Type::Object);
                    if weak && t.as_ref().is_some_and(|t| t.is_reference()) {
                        *f = t;
                    }
                }
            }
            open_map = map.clone();
            for (v, t) in variables.iter().zip(found) {
                open |= t.is_none();
                open_map.push((v.clone(), t.clone().unwrap_or(Type::Null)));
                map.push((v.clone(), t.unwrap_or_else(|| (*v.erasure).clone())));
            }
        } else {
            open_map = map.clone();
        }
        let class_args = match through {
            Through::Diamond => class_parameters
                .iter()
                .map(|v| {
                    map.iter()
                        .find(|(k, _)| k == v)
                        .map_or(Type::Object, |(_, t)| t.clone())
                })
                .collect(),
            Through::Type(_) => Vec::new(),
        };
        Instance {
            params: sig.params.iter().map(|p| substitute(p, &map)).collect(),
            ret: substitute(&sig.ret, &map),
            declared_ret: sig.ret.clone(),
            class_args,
            open,
            open_params: sig
                .params
                .iter()
                .map(|p| substitute(p, &open_map))
                .collect(),
        }
    }
}

impl FileChecker<'_, '_> {
    /// The erased parameter lists of the methods of `class`'s supertypes that `sig`
    /// overrides with parameter types that erase differently (see [`Method::bridges`]).
    pub(super) fn bridges(
        &self,
        class: u32,
        sig: &crate::program::reader::declarations::Signature,
    ) -> Vec<Vec<Type>> {
        if sig.is_static || sig.is_constructor || sig.is_private {
            return Vec::new();
        }
        let own: Vec<Type> = sig.params.iter().map(Type::erasure).collect();
        let this = self.generic_self(class);
        let mut out: Vec<Vec<Type>> = Vec::new();
        for ancestor in self.ancestors(class) {
            let Some(map) = self.substitution(&this, ancestor) else {
                continue;
            };
            for other in self.classes[ancestor as usize].sigs.iter().flatten() {
                if other.name != sig.name
                    || other.params.len() != sig.params.len()
                    || other.is_static
                    || other.is_private
                    || other.is_constructor
                {
                    continue;
                }
                let seen: Vec<Type> = other
                    .params
                    .iter()
                    .map(|p| substitute(p, &map).erasure())
                    .collect();
                let erased: Vec<Type> = other.params.iter().map(Type::erasure).collect();
                if seen == own && erased != own && !out.contains(&erased) {
                    out.push(erased);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::runner;
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::semantics::Kind;

    const SHELF: &str = r#"public class Shelf {
    static <T extends Sized> T larger(T a, T b) {
        return a.size() >= b.size() ? a : b;
    }
    static int largest(String a, String b, String c) {
        Word w = larger(new Word(a), larger(new Word(b), new Word(c)));
        return w.size() * 10 + w.text.length();
    }
    static String relabel(String s) {
        Box<String> box = new Upper();
        box.set(s);
        Transformer<String, Word> t = new Length();
        Transformer<String, String> u = new Twice();
        return box.get() + t.apply(box.get()).size() + u.apply(s);
    }
    static int mapped(String s) {
        Pair<String, Box<String>> p = Pair.of(s, new Box<>(s + "!"));
        Pair<Box<String>, String> q = p.swap();
        return q.first.get().length() * 100 + q.second.length();
    }
    @SuppressWarnings({"rawtypes", "unchecked"})
    static int polluted(String s) {
        Pair raw = new Pair(s, s);
        Pair<String, Box<String>> p = raw;
        return p.second.get().length();
    }
}
interface Sized { int size(); }
class Word implements Sized {
    final String text;
    Word(String text) { this.text = text; }
    public int size() { return text.length(); }
}
interface Transformer<A, B> { B apply(A a); }
class Length implements Transformer<String, Word> {
    public Word apply(String a) { return new Word(a + a + a); }
}
class Twice implements Transformer<String, String> {
    public String apply(String a) { return a + a; }
}
class Box<T> {
    T value;
    Box() { }
    Box(T value) { this.value = value; }
    T get() { return value; }
    void set(T v) { value = v; }
}
class Upper extends Box<String> {
    @Override void set(String v) { value = "<" + v + ">"; }
}
class Pair<A, B> {
    final A first;
    final B second;
    Pair(A a, B b) { first = a; second = b; }
    static <A, B> Pair<A, B> of(A a, B b) { return new Pair<>(a, b); }
    Pair<B, A> swap() { return new Pair<>(second, first); }
}
"#;

    fn text(s: &str) -> Value {
        Value::Str(s.encode_utf16().collect::<Vec<u16>>().into())
    }

    /// Each method as the JVM runs it (`javac` 17 and `java` gave these results).
    #[test]
    fn generic_classes_methods_and_bridges_run_as_on_the_jvm() {
        let unit = load("Shelf.java", SHELF).expect("the file loads");
        let run = runner(&unit);
        let int = |v: i64| Termination::Return(Some(Value::Prim(Kind::Int, v)));
        // `larger` infers T = Word from its arguments and calls `size()` through T's bound.
        assert_eq!(
            run("largest", &[text("ab"), text("abcd"), text("abc")]),
            int(44)
        );
        // `set` of `Upper` overrides `Box<String>`'s `set(T)`; `apply` of two implementations
        // of `Transformer<A, B>`: calls dispatched through the erased signatures.
        assert_eq!(
            run("relabel", &[text("xy")]),
            Termination::Return(Some(text("<xy>12xyxy")))
        );
        // `Pair.of` and `new Pair<>(...)` infer their arguments; members are substituted.
        assert_eq!(run("mapped", &[text("hey")]), int(403));
        // A raw type lets a String into a Box's place: the cast javac inserts throws.
        assert_eq!(
            run("polluted", &[text("z")]),
            Termination::Throw("java.lang.ClassCastException".into())
        );
    }

    #[test]
    fn types_read_with_their_arguments_and_variables() {
        let unit = load("Shelf.java", SHELF).expect("the file loads");
        let (class, method) = unit.find_method("larger").expect("larger");
        let m = unit.method(class, method);
        assert_eq!(m.signature(), "larger(T, T)");
        let Some(crate::program::reader::ir::Type::Variable(t)) = m.params.first() else {
            panic!("a type variable: {:?}", m.params)
        };
        assert_eq!(t.erasure.to_string(), "Sized");
        let (class, method) = unit.find_method("swap").expect("swap");
        assert_eq!(unit.method(class, method).ret.to_string(), "Pair<B,A>");
        // Upper.set(String) bridges Box's set(T), erased to set(Object).
        let upper = unit
            .classes
            .iter()
            .position(|c| c.name == "Upper")
            .expect("Upper");
        assert_eq!(
            unit.classes[upper].methods[0].bridges,
            vec![vec![crate::program::reader::ir::Type::Object]]
        );
    }

    /// A diamond passing a lambda takes its type arguments from where its object goes: a
    /// local of the class's type, a field of a supertype (results from `java` 17).
    #[test]
    fn a_diamond_with_a_lambda_takes_its_target_s_type_arguments() {
        let source = r#"import java.util.*;
class T {
    private final NavigableMap<String, Integer> counts = new TreeMap<>((a, b) -> b.compareTo(a));
    static long smallest(int n) {
        PriorityQueue<long[]> pq = new PriorityQueue<>((a, b) -> Long.compare(a[1], b[1]));
        for (int i = 0; i < n; i++) {
            pq.add(new long[] {i, (i * 7L) % 5});
        }
        long[] top = pq.poll();
        return top == null ? -1 : top[0] * 10 + top[1];
    }
    static String first(String w) {
        T t = new T();
        t.counts.merge(w, 1, Integer::sum);
        t.counts.merge("m", 2, Integer::sum);
        return t.counts.firstKey() + t.counts.size();
    }
}
"#;
        let unit = load("T.java", source).expect("the file loads");
        let run = runner(&unit);
        use crate::program::execution::interp::testing::{int, returns, string};
        let long = |n: i64| returns(Value::Prim(Kind::Long, n));
        assert_eq!(run("smallest", &[int(6)]), long(0));
        assert_eq!(run("smallest", &[int(0)]), long(-1));
        assert_eq!(run("first", &[string("a")]), returns(string("m2")));
    }

    /// A generic call passed to another takes the type arguments its own arguments leave
    /// open from the parameter (JLS §18.5.2): the collectors of a stream, a comparator by a
    /// key, and `Stream.of(array)` is the array's elements (of(T...) over of(T)).
    /// A generic call passed to an overloaded constructor picks the constructor by the class
    /// its method returns, before its lambda can be read (results from `java` 17: 3, 3).
    #[test]
    fn a_generic_call_passed_to_overloads_picks_by_its_result_class() {
        let source = r#"import java.util.*;
class Q {
    static class Node { int data; Node(int d) { data = d; } }
    static int smallest(int a, int b) {
        PriorityQueue<Node> q = new PriorityQueue<>(Comparator.comparingInt(x -> x.data));
        q.add(new Node(a));
        q.add(new Node(b));
        return q.poll().data;
    }
    static int largest(int a, int b) {
        PriorityQueue<Node> q = new PriorityQueue<Node>(Comparator.comparingInt(x -> -x.data));
        q.add(new Node(a));
        q.add(new Node(b));
        return q.poll().data;
    }
}
"#;
        let unit = load("Q.java", source).expect("the file loads");
        let run = runner(&unit);
        use crate::program::execution::interp::testing::{int, returns};
        assert_eq!(run("smallest", &[int(5), int(3)]), returns(int(3)));
        assert_eq!(run("largest", &[int(5), int(3)]), returns(int(5)));
    }

    #[test]
    fn generic_calls_passed_as_arguments_are_inferred_from_their_parameters() {
        let source = "import java.util.*;\nimport java.util.stream.*;\nclass I {\n    \
                      static int first(int n) { return Stream.of(\"ab\", \"c\").collect(Collectors.toList()).get(0).length() + n; }\n    \
                      static int groups(int n) { Map<Integer, Long> m = Stream.of(\"ab\", \"c\", \"de\").collect(Collectors.groupingBy(s -> s.length(), Collectors.counting())); return (int) (long) m.get(2) + n; }\n    \
                      static String sorted(int n) { return Stream.of(\"ccc\", \"a\", \"bb\").sorted(Comparator.comparing(s -> s.length())).collect(Collectors.joining(\",\")) + n; }\n    \
                      static long elements(int n) { Integer[] a = {1, 2, n}; return Stream.of(a).count(); }\n}\n";
        let unit = load("I.java", source).expect("the file loads");
        assert_eq!(
            unit.unsupported().count(),
            0,
            "{:?}",
            unit.unsupported().next()
        );
        let run = runner(&unit);
        let int = |x: i64| Value::Prim(Kind::Int, x);
        assert_eq!(run("first", &[int(1)]), Termination::Return(Some(int(3))));
        assert_eq!(run("groups", &[int(1)]), Termination::Return(Some(int(3))));
        assert_eq!(
            run("sorted", &[int(1)]),
            Termination::Return(Some(crate::program::execution::interp::testing::string(
                "a,bb,ccc1"
            )))
        );
        assert_eq!(
            run("elements", &[int(1)]),
            Termination::Return(Some(Value::Prim(Kind::Long, 3)))
        );
    }
}
