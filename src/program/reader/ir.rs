//! The typed, statement-level IR of a Java unit: what the front end ([`crate::program::reader::load`]) produces
//! and every later stage reads (the interpreter's compiler, the control-flow graph, the mutation
//! operators).
//!
//! Names are resolved (locals to [`LocalId`]s, fields and methods to indices, `break` and
//! `continue` to the statement they leave), every expression carries its static type, and the
//! conversions Java applies silently (numeric promotion, assignment widening, compound
//! assignment's narrowing cast) are explicit [`ExprKind::Convert`] nodes. Every statement and
//! expression keeps its source [`Span`], so a mutant can be written back as text.

use std::fmt;
use std::sync::Arc;

use crate::solver::JType;

pub use super::builtins::{Builtin, MathOp, PrintKind};

pub(crate) use crate::program::reader::walk::{visit_expr, visit_stmts};

/// A Java type of the supported subset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
    String,
    Array(Box<Type>),
    /// A class or interface of the unit: objects on the heap, compared by identity.
    Class(ClassType),
    /// `java.lang.Object`: any reference.
    Object,
    /// The type of `null`.
    Null,
    Void,
    /// A type variable (`T` of `class Box<T>` or of `<T> T max(T a, T b)`): at run time its
    /// erasure (JLS §4.6), in the checker what its uses are substituted with.
    Variable(TypeVariable),
}

/// A type variable: its name, where it is declared and its erasure.
#[derive(Clone, Debug)]
pub struct TypeVariable {
    pub name: Arc<str>,
    /// The class declaring it, and the method for a generic method's (its index + 1; 0 for
    /// the class's own).
    pub owner: (u32, u32),
    /// The erasure of its first bound, `Object` without one.
    pub erasure: Box<Type>,
}

impl PartialEq for TypeVariable {
    fn eq(&self, other: &TypeVariable) -> bool {
        self.name == other.name && self.owner == other.owner
    }
}

impl Eq for TypeVariable {}

impl std::hash::Hash for TypeVariable {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
        self.owner.hash(state);
    }
}

/// A class as a type: its index in [`Unit::classes`] (what identifies it) and its name (for
/// messages, which name classes as `javac` does).
#[derive(Clone, Debug)]
pub struct ClassType {
    pub id: u32,
    pub name: Arc<str>,
    /// Every class and interface of the unit the class extends or implements, directly or
    /// not (not itself): what a value of the type converts to (JLS §4.10.2).
    pub supers: Arc<[u32]>,
    /// The type arguments of a parameterized type (`Box<Integer>`); empty for a class that
    /// is not generic and for a raw type. Only the checker reads them: identity is `id`.
    pub args: Arc<[Type]>,
}

impl ClassType {
    /// A class type that converts to no other class (what the interpreter's registers need).
    pub(crate) fn plain(id: u32, name: &str) -> ClassType {
        ClassType {
            id,
            name: Arc::from(name),
            supers: Arc::from([]),
            args: Arc::from([]),
        }
    }
}

impl PartialEq for ClassType {
    fn eq(&self, other: &ClassType) -> bool {
        self.id == other.id
    }
}

impl Eq for ClassType {}

impl std::hash::Hash for ClassType {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl Type {
    pub fn array_of(element: Type) -> Type {
        Type::Array(Box::new(element))
    }

    /// Integral types (`boolean` excluded).
    pub(crate) fn is_integral(&self) -> bool {
        matches!(
            self,
            Type::Byte | Type::Short | Type::Char | Type::Int | Type::Long
        )
    }

    pub(crate) fn is_numeric(&self) -> bool {
        self.is_integral() || matches!(self, Type::Float | Type::Double)
    }

    pub(crate) fn is_floating(&self) -> bool {
        matches!(self, Type::Float | Type::Double)
    }

    pub(crate) fn is_primitive(&self) -> bool {
        self.is_numeric() || *self == Type::Boolean
    }

    pub(crate) fn is_reference(&self) -> bool {
        matches!(
            self,
            Type::String
                | Type::Array(_)
                | Type::Class(_)
                | Type::Object
                | Type::Null
                | Type::Variable(_)
        )
    }

    /// The class of an object type (of a type variable's erasure).
    pub fn class(&self) -> Option<u32> {
        match self {
            Type::Class(c) => Some(c.id),
            Type::Variable(v) => v.erasure.class(),
            _ => None,
        }
    }

    /// The type at run time (JLS §4.6): type arguments dropped, type variables replaced by
    /// their erasure.
    pub fn erasure(&self) -> Type {
        match self {
            Type::Class(c) if !c.args.is_empty() => Type::Class(ClassType {
                args: Arc::from([]),
                ..c.clone()
            }),
            Type::Variable(v) => (*v.erasure).clone(),
            Type::Array(e) => Type::array_of(e.erasure()),
            other => other.clone(),
        }
    }

    /// Whether values of the type involve objects of the unit's classes (the type itself, or
    /// arrays of them): the parts of roth that model only primitives, strings and arrays leave
    /// such code alone.
    pub(crate) fn has_objects(&self) -> bool {
        match self {
            Type::Class(_) | Type::Object | Type::Variable(_) => true,
            Type::Array(e) => e.has_objects(),
            _ => false,
        }
    }

    pub(crate) fn element(&self) -> Option<&Type> {
        match self {
            Type::Array(e) => Some(e),
            _ => None,
        }
    }

    /// The solver's type for a primitive whose values the solver models (all but `float`).
    pub(crate) fn jtype(&self) -> Option<JType> {
        Some(match self {
            Type::Boolean => JType::Boolean,
            Type::Byte => JType::Byte,
            Type::Short => JType::Short,
            Type::Char => JType::Char,
            Type::Int => JType::Int,
            Type::Long => JType::Long,
            Type::Double => JType::Double,
            _ => return None,
        })
    }

    pub(crate) fn from_keyword(name: &str) -> Option<Type> {
        Some(match name {
            "boolean" => Type::Boolean,
            "byte" => Type::Byte,
            "short" => Type::Short,
            "char" => Type::Char,
            "int" => Type::Int,
            "long" => Type::Long,
            "float" => Type::Float,
            "double" => Type::Double,
            "void" => Type::Void,
            "String" => Type::String,
            _ => return None,
        })
    }

    /// Unary numeric promotion (JLS §5.6.1).
    pub(crate) fn promoted(&self) -> Type {
        match self {
            Type::Byte | Type::Short | Type::Char => Type::Int,
            other => other.clone(),
        }
    }

    /// Binary numeric promotion (JLS §5.6.2).
    pub(crate) fn binary_promotion(a: &Type, b: &Type) -> Type {
        if *a == Type::Double || *b == Type::Double {
            Type::Double
        } else if *a == Type::Float || *b == Type::Float {
            Type::Float
        } else if *a == Type::Long || *b == Type::Long {
            Type::Long
        } else {
            Type::Int
        }
    }

    /// Widening primitive conversion (JLS §5.1.2), identity included.
    pub(crate) fn widens_to(&self, to: &Type) -> bool {
        if self == to {
            return true;
        }
        if self.is_reference() || to.is_reference() {
            return self.reference_widens_to(to);
        }
        let rank = |t: &Type| match t {
            Type::Byte => 1,
            Type::Short => 2,
            Type::Int => 3,
            Type::Long => 4,
            Type::Float => 5,
            Type::Double => 6,
            _ => 0,
        };
        match (self, to) {
            (Type::Char, t) => rank(t) >= 3,
            (_, Type::Char) => false,
            (a, b) => rank(a) > 0 && rank(b) > rank(a),
        }
    }
}

impl Type {
    /// Widening reference conversion (JLS §5.1.5): `null` to any reference, anything to
    /// `Object`, a class to the classes and interfaces it extends or implements, arrays
    /// covariantly in their reference elements.
    fn reference_widens_to(&self, to: &Type) -> bool {
        match (self, to) {
            (a, b) if a == b => true,
            (Type::Null, b) => b.is_reference(),
            (a, Type::Object) => a.is_reference(),
            // `String implements Comparable<String>` (roth's model of the JDK declares no
            // `String` class: strings are values of their own).
            (Type::String, Type::Class(b)) => &*b.name == "Comparable",
            // Type arguments are not compared: the checker reads programs `javac` accepted,
            // and no mutant changes a type.
            (Type::Class(a), Type::Class(b)) => a.id == b.id || a.supers.contains(&b.id),
            (Type::Variable(v), b) => v.erasure.reference_widens_to(b),
            (Type::Array(a), Type::Array(b)) => {
                a.is_reference() && b.is_reference() && a.reference_widens_to(b)
            }
            _ => false,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Boolean => f.write_str("boolean"),
            Type::Byte => f.write_str("byte"),
            Type::Short => f.write_str("short"),
            Type::Char => f.write_str("char"),
            Type::Int => f.write_str("int"),
            Type::Long => f.write_str("long"),
            Type::Float => f.write_str("float"),
            Type::Double => f.write_str("double"),
            Type::String => f.write_str("String"),
            Type::Array(e) => write!(f, "{e}[]"),
            Type::Class(c) if c.args.is_empty() => f.write_str(&c.name),
            Type::Class(c) => {
                let args: Vec<String> = c.args.iter().map(|a| a.to_string()).collect();
                write!(f, "{}<{}>", c.name, args.join(","))
            }
            Type::Variable(v) => f.write_str(&v.name),
            Type::Object => f.write_str("Object"),
            Type::Null => f.write_str("null"),
            Type::Void => f.write_str("void"),
        }
    }
}

/// A place in the source: byte offsets and the 1-based line and column of the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
    pub line: u32,
    pub column: u32,
}

impl Span {
    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A compile-time constant (JLS §15.29), also the value of a literal.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    /// `boolean`, `byte`, `short`, `char`, `int` or `long`, carried in range like the solver's
    /// values (`char` as 0..=65535, `boolean` as 0/1).
    Int(Type, i64),
    Float(f32),
    Double(f64),
    /// UTF-16 code units, as Java stores strings.
    Str(Arc<[u16]>),
}

impl Const {
    pub(crate) fn ty(&self) -> Type {
        match self {
            Const::Int(t, _) => t.clone(),
            Const::Float(_) => Type::Float,
            Const::Double(_) => Type::Double,
            Const::Str(_) => Type::String,
        }
    }

    pub(crate) fn as_bool(&self) -> Option<bool> {
        match self {
            Const::Int(Type::Boolean, v) => Some(*v != 0),
            _ => None,
        }
    }

    /// The value as the 64-bit register word the interpreter uses (floats as their bits).
    pub(crate) fn bits(&self) -> Option<i64> {
        match self {
            Const::Int(_, v) => Some(*v),
            Const::Float(f) => Some(i64::from(f.to_bits())),
            Const::Double(d) => Some(d.to_bits() as i64),
            Const::Str(_) => None,
        }
    }
}

/// Index of a local variable (parameters first) in its method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);

/// Identity of a statement or expression within its method, in source order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// A field: its class and index in that class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldRef {
    pub class: u32,
    pub field: u32,
}

/// A method: its class and index in that class's method list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MethodRef {
    pub class: u32,
    pub method: u32,
}

/// One `.java` file after the front end.
#[derive(Clone, Debug)]
pub struct Unit {
    /// The file name as given (for messages).
    pub path: String,
    pub source: Arc<str>,
    pub package: Option<String>,
    /// Fully qualified names of single-type imports (`java.util.Scanner`).
    pub imports: Vec<String>,
    pub classes: Vec<Class>,
    /// Members outside the subset that are not methods (nested types, initializer blocks,
    /// fields of unsupported types), each with its place; the methods they affect say so.
    pub skipped: Vec<Diagnostic>,
    /// The other files of the code base whose classes the file uses (see [`Class::home`]).
    pub others: Vec<OtherFile>,
    /// Their text, read after the file's own: the spans of their classes are places in
    /// `source` followed by this text, which a mutant's text is checked with.
    pub elsewhere: Arc<str>,
    /// The unit compiled for running, once something runs it (see
    /// `Compiled::plain`): each mutant's program is a copy of it with one function
    /// compiled again, not a compilation of the whole unit and the model of the JDK.
    pub(crate) compiled: RunCache,
}

/// A value computed from a unit once and shared (the compiled program): the reader does
/// not know its type. A copy of a unit starts with an empty cache.
#[derive(Default)]
pub struct RunCache(std::sync::OnceLock<Arc<dyn std::any::Any + Send + Sync>>);

impl RunCache {
    /// The cached value, computed by `make` the first time.
    pub(crate) fn get_or_init(
        &self,
        make: impl FnOnce() -> Arc<dyn std::any::Any + Send + Sync>,
    ) -> Arc<dyn std::any::Any + Send + Sync> {
        self.0.get_or_init(make).clone()
    }
}

impl Clone for RunCache {
    fn clone(&self) -> RunCache {
        RunCache::default()
    }
}

impl std::fmt::Debug for RunCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RunCache")
    }
}

/// A file of the code base other than the unit's own, whose classes the unit uses: they are
/// run, never mutated, tested or reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherFile {
    /// The path as given (for messages).
    pub path: String,
    pub package: Option<String>,
    /// Where its text starts in [`Unit::elsewhere`] (bytes).
    pub start: usize,
}

#[derive(Clone, Debug)]
pub struct Class {
    /// The simple name (`Node` for `List.Node`).
    pub name: String,
    /// The class this one is nested in (a static nested class), if any.
    pub outer: Option<u32>,
    /// Declared `private` (a nested class only).
    pub is_private: bool,
    pub span: Span,
    pub fields: Vec<Field>,
    /// Methods and constructors, in source order; a method the front end does not support is
    /// kept with its reason so that calls to it can be refused precisely.
    pub methods: Vec<Method>,
    /// Whether the class declares a constructor without parameters (or none at all, when Java
    /// gives it a default one).
    pub has_no_arg_constructor: bool,
    /// Whether the class extends another class or implements an interface (not supported for
    /// running: the receiver would have state roth does not see).
    pub extends_something: bool,
    /// Initializer blocks (`static { ... }` and `{ ... }`), in source order.
    pub blocks: Vec<InitializerBlock>,
    /// The class it extends, when one of the unit's (else it extends `Object`).
    pub superclass: Option<u32>,
    /// The unit's interfaces it implements (an interface: extends).
    pub interfaces: Vec<u32>,
    pub is_interface: bool,
    pub is_abstract: bool,
    /// An enum: its first fields are its constants, in order (their ordinals).
    pub is_enum: bool,
    /// How many of the first fields are an enum's constants.
    pub enum_constants: u32,
    /// A class of the Java library (a throwable: its qualified name), not of the file: never
    /// mutated, tested or reported.
    pub library: Option<&'static str>,
    /// A class of another file of the code base (an index in [`Unit::others`]).
    pub home: Option<u32>,
    /// The class of a lambda's or a method reference's objects (what the JVM's
    /// `LambdaMetafactory` spins): its fields are the captured values, its one method the
    /// functional interface's, which calls the lambda's body. Never named by a test,
    /// mutated or reported.
    pub is_closure: bool,
    /// An inner class (JLS §8.1.3: nested, not `static`): the field holding its object's
    /// enclosing instance (`this$0`, of class [`Class::outer`]). Its constructors take that
    /// instance as their first, hidden parameter and store it before anything else runs,
    /// as `javac`'s do; a class without constructors gets it through its default one.
    pub outer_instance: Option<u32>,
    /// A class declared in code (JLS §14.3, §15.9.5): its number there, as in its binary
    /// name (`Outer$1Local`, `Outer$1` for an anonymous class, whose [`Class::name`] is
    /// `Outer$1`). Tests cannot name it; edits that would remove its text are not made.
    pub local: Option<u32>,
    /// An anonymous class.
    pub is_anonymous: bool,
    /// A class declared in a method's code: that method (tests reach the class's code
    /// through it, and its mutants are named by it, as a lambda's are).
    pub declared_in: Option<MethodRef>,
}

/// An initializer block of a class: run with the field initializers of its kind in source
/// order, the static ones when the class is initialized, the instance ones by every
/// constructor that does not start with `this(...)` (JLS §12.4.2, §12.5).
#[derive(Clone, Debug)]
pub struct InitializerBlock {
    pub is_static: bool,
    /// How many of the class's fields are declared before the block: it runs after their
    /// initializers and before the later ones'.
    pub fields_before: u32,
    pub span: Span,
    pub body: Result<Body, Diagnostic>,
}

impl Class {
    /// Whether `stmt`, in a constructor of this class (`class`), is the store of a hidden
    /// parameter in its synthetic field (the enclosing instance, a captured local) that
    /// starts the constructors of inner and local classes.
    pub fn stores_hidden_field(&self, class: u32, stmt: &Stmt) -> bool {
        match &stmt.kind {
            StmtKind::Expr(Expr {
                kind: ExprKind::Assign { target, value, .. },
                ..
            }) => {
                matches!(
                    &target.kind,
                    ExprKind::Field(f) if f.class == class && self.fields[f.field as usize].is_synthetic
                ) && matches!(value.kind, ExprKind::Local(_))
            }
            _ => false,
        }
    }
}

/// The class of roth's model of the JDK that `new Object()` makes an object of.
pub(crate) const OBJECT_INSTANCE: &str = "ObjectInstance";

impl Unit {
    /// Whether `class` is a class of the Java library (never mutated, tested or reported).
    pub fn is_library(&self, class: u32) -> bool {
        let c = &self.classes[class as usize];
        c.library.is_some()
            || c.home.is_some_and(|h| {
                self.others[h as usize]
                    .path
                    .starts_with(crate::program::reader::jdk::PREFIX)
            })
    }

    /// The primitive type class `class` boxes, when it is one of the boxes of roth's model of
    /// the JDK (`int` for `java.lang.Integer`).
    pub fn unboxed(&self, class: u32) -> Option<Type> {
        if !self.is_library(class) {
            return None;
        }
        let name = self.binary_name(class);
        let simple = name.strip_prefix("java.lang.")?;
        crate::program::reader::jdk::BOXES
            .iter()
            .find(|(_, b)| *b == simple)
            .and_then(|(keyword, _)| Type::from_keyword(keyword))
    }

    /// The file's own classes (those of the code base's other files, then the library's
    /// follow them): `0..file_classes()`.
    pub fn file_classes(&self) -> usize {
        self.classes
            .iter()
            .position(|c| c.library.is_some() || c.home.is_some())
            .unwrap_or(self.classes.len())
    }

    /// The package class `class` is declared in.
    pub fn package_of(&self, class: u32) -> Option<&str> {
        let c = &self.classes[class as usize];
        match c.home {
            Some(h) => self.others[h as usize].package.as_deref(),
            None => self.package.as_deref(),
        }
    }

    /// The whole text read: the file's own, then the other files' it uses.
    pub fn text(&self) -> String {
        format!("{}{}", self.source, self.elsewhere)
    }

    /// The class's binary name (JLS §13.1), as `Class.forName` takes it: the package, then
    /// `Outer$Inner` for a nested class.
    pub fn binary_name(&self, class: u32) -> String {
        let c = &self.classes[class as usize];
        if let Some(name) = c.library {
            return name.to_string();
        }
        match (c.outer, self.package_of(class)) {
            (Some(o), _) if c.is_anonymous => {
                format!("{}${}", self.binary_name(o), c.local.unwrap_or(1))
            }
            (Some(o), _) if c.local.is_some() => {
                format!("{}${}{}", self.binary_name(o), c.local.unwrap_or(1), c.name)
            }
            (Some(o), _) => format!("{}${}", self.binary_name(o), c.name),
            // What `new Object()` makes is named as the JVM names its class.
            (None, Some("java.lang")) if c.name == OBJECT_INSTANCE && self.is_library(class) => {
                "java.lang.Object".to_string()
            }
            (None, Some(p)) => format!("{p}.{}", c.name),
            (None, None) => c.name.clone(),
        }
    }

    /// The classes and interfaces `class` extends or implements, directly or not: the
    /// superclasses nearest first, then the interfaces.
    pub fn ancestors(&self, class: u32) -> Vec<u32> {
        ancestors_in(&self.classes, class)
    }

    /// Class `class` as a type.
    pub fn class_type(&self, class: u32) -> Type {
        Type::Class(ClassType {
            id: class,
            name: Arc::from(self.source_name(class).as_str()),
            supers: Arc::from(self.ancestors(class)),
            args: Arc::from([]),
        })
    }

    /// The name Java code outside the class uses for it: `Outer.Inner` for a nested class,
    /// with its package when that is not the unit's (`geo.shapes.Point`).
    pub fn source_name(&self, class: u32) -> String {
        let c = &self.classes[class as usize];
        match c.outer {
            // A local class is named by its simple name where it can be named at all.
            Some(_) if c.local.is_some() => c.name.clone(),
            Some(o) => format!("{}.{}", self.source_name(o), c.name),
            None => match self
                .package_of(class)
                .filter(|p| Some(*p) != self.package.as_deref() && *p != "java.lang")
            {
                Some(p) if c.library.is_none() => format!("{p}.{}", c.name),
                _ => c.name.clone(),
            },
        }
    }
}

/// [`Unit::ancestors`] over a list of classes.
pub(crate) fn ancestors_in(classes: &[Class], class: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut c = classes[class as usize].superclass;
    while let Some(k) = c {
        if out.contains(&k) || k == class {
            break;
        }
        out.push(k);
        c = classes[k as usize].superclass;
    }
    let mut queue: Vec<u32> = std::iter::once(class).chain(out.clone()).collect();
    let mut i = 0;
    while i < queue.len() {
        let k = queue[i];
        i += 1;
        for &j in &classes[k as usize].interfaces {
            if !out.contains(&j) && j != class {
                out.push(j);
                queue.push(j);
            }
        }
    }
    out
}

impl Class {
    pub fn method_named(&self, name: &str) -> impl Iterator<Item = (u32, &Method)> {
        self.methods
            .iter()
            .enumerate()
            .filter(move |(_, m)| m.name == name)
            .map(|(i, m)| (i as u32, m))
    }

    /// The constructor without parameters, if declared.
    pub(crate) fn no_arg_constructor(&self) -> Option<u32> {
        self.methods
            .iter()
            .position(|m| m.is_constructor && m.params.is_empty())
            .map(|i| i as u32)
    }
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub ty: Type,
    pub is_static: bool,
    pub is_final: bool,
    pub is_private: bool,
    pub span: Span,
    /// The initializer, checked as an expression of the class (no locals).
    pub init: Option<Expr>,
    /// The value when the field is a constant variable (final, constant initializer).
    pub constant: Option<Const>,
    /// Why the field is outside the subset (its type or its initializer), if it is: methods
    /// that use it are not supported either.
    pub unsupported: Option<Diagnostic>,
    /// Made by the compiler, not declared (an inner class's `this$0`): no test sees it, as
    /// reflection's `isSynthetic()` hides it from the JVM side.
    pub is_synthetic: bool,
}

/// A method's signature and, when supported, its body.
#[derive(Clone, Debug)]
pub struct Method {
    pub name: String,
    pub class: u32,
    pub is_static: bool,
    pub is_constructor: bool,
    pub is_private: bool,
    /// Declared without a body (`abstract`, or an interface's method): calls of it run an
    /// implementation chosen by the receiver's class.
    pub is_abstract: bool,
    pub params: Vec<Type>,
    pub param_names: Vec<String>,
    pub ret: Type,
    /// The whole declaration.
    pub span: Span,
    pub body: Result<Body, Diagnostic>,
    /// The erased parameter types of the methods of its supertypes it overrides with other
    /// erased types (`compareTo(Integer)` overriding `Comparable<Integer>`'s
    /// `compareTo(T)`): calls dispatched there run it, as through `javac`'s bridge methods
    /// (JLS §15.12.4.5).
    pub bridges: Vec<Vec<Type>>,
    /// The body of a lambda or a method reference, made a private method of the class the
    /// lambda is written in (as `javac`'s `lambda$name$0`): where it comes from.
    pub lambda: Option<LambdaOrigin>,
    /// Written by the compiler, not in the file: a record's canonical constructor, accessors,
    /// `equals`, `hashCode` and `toString` where it declares none (see `records.rs`). Run
    /// like the others; never mutated, reported or tested.
    pub is_implicit: bool,
}

/// Where a lambda's method comes from (see [`Method::lambda`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LambdaOrigin {
    /// The declared method or constructor of the same class the lambda is written in (its
    /// index), `None` in a field's initializer or an initializer block: tests reach the
    /// lambda's code by calling it.
    pub enclosing: Option<u32>,
    /// The lambda's place among all lambdas and method references of the text read, in
    /// source order.
    pub site: u32,
    /// A method reference (`Event::getTime`): its body is the call the reference names,
    /// made by roth, with no text of its own to mutate.
    pub reference: bool,
}

impl Method {
    /// Whether the method is declared with code of its own: not abstract, not a lambda's
    /// (whose code belongs to the method it is written in, which reports and tests it).
    pub fn is_declared(&self) -> bool {
        !self.is_abstract && self.lambda.is_none() && !self.is_implicit
    }

    /// `name(int, int[])`, how messages and reports name a method.
    pub fn signature(&self) -> String {
        let params: Vec<String> = self.params.iter().map(|t| t.to_string()).collect();
        format!("{}({})", self.name, params.join(", "))
    }
}

/// A supported method body.
#[derive(Clone, Debug)]
pub struct Body {
    /// Parameters first (in order), then every local in declaration order, then hidden locals
    /// the front end adds (a for-each loop's array and index).
    pub locals: Vec<Local>,
    pub stmts: Vec<Stmt>,
    /// One more than the largest [`NodeId`] used.
    pub node_count: u32,
}

#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: Type,
    pub span: Span,
    pub is_param: bool,
    /// Introduced by the front end, not in the source.
    pub is_hidden: bool,
    pub is_final: bool,
    pub constant: Option<Const>,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub id: NodeId,
    pub span: Span,
    pub kind: StmtKind,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// An expression evaluated for its effect (assignment, `++`, a call, printing).
    Expr(Expr),
    /// `T a = e, b;`: each declared local with its initializer.
    Locals(Vec<(LocalId, Option<Expr>)>),
    If {
        cond: Expr,
        then: Box<Stmt>,
        otherwise: Option<Box<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    Do {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        init: Vec<Stmt>,
        cond: Option<Expr>,
        update: Vec<Expr>,
        body: Box<Stmt>,
    },
    /// `for (T v : array) body`, with hidden locals holding the array and the index.
    ForEach {
        var: LocalId,
        array: Expr,
        array_local: LocalId,
        index_local: LocalId,
        body: Box<Stmt>,
    },
    Block(Vec<Stmt>),
    Labeled {
        label: String,
        body: Box<Stmt>,
    },
    /// Leaves the statement `target` (a loop, a switch or a labeled statement).
    Break {
        target: NodeId,
    },
    /// Goes to the next iteration of the loop `target`.
    Continue {
        target: NodeId,
    },
    Return(Option<Expr>),
    /// `throw new E(args)`: the exception's fully qualified class name.
    Throw {
        exception: String,
        args: Vec<Expr>,
    },
    /// `throw e` for any other expression: an object of a throwable class
    /// (`NullPointerException` when `e` is `null`).
    ThrowValue(Expr),
    /// `try { body } catch (C | D e) { ... } ... finally { ... }`: the catches in order, the
    /// first whose classes include the exception's class (or a superclass of it) runs.
    Try {
        body: Box<Stmt>,
        catches: Vec<CatchClause>,
        finally: Option<Box<Stmt>>,
    },
    /// A classic `switch` with fall-through: groups in order, each with its labels (`None` is
    /// `default`) and statements.
    Switch {
        scrutinee: Expr,
        groups: Vec<SwitchGroup>,
    },
    Empty,
}

/// `catch (C | D e) { body }`.
#[derive(Clone, Debug)]
pub struct CatchClause {
    /// The classes caught (several in a multi-catch).
    pub classes: Vec<u32>,
    /// The parameter, holding the exception caught.
    pub local: LocalId,
    pub body: Box<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct SwitchGroup {
    pub labels: Vec<Option<Const>>,
    pub stmts: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub id: NodeId,
    pub span: Span,
    pub ty: Type,
    pub kind: ExprKind,
}

/// Arithmetic, bitwise, shift, comparison and logical operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    UShr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    /// `&&`
    CondAnd,
    /// `||`
    CondOr,
}

impl BinaryOp {
    pub(crate) const ALL: [BinaryOp; 19] = [
        BinaryOp::Add,
        BinaryOp::Sub,
        BinaryOp::Mul,
        BinaryOp::Div,
        BinaryOp::Rem,
        BinaryOp::And,
        BinaryOp::Or,
        BinaryOp::Xor,
        BinaryOp::Shl,
        BinaryOp::Shr,
        BinaryOp::UShr,
        BinaryOp::Lt,
        BinaryOp::Le,
        BinaryOp::Gt,
        BinaryOp::Ge,
        BinaryOp::Eq,
        BinaryOp::Ne,
        BinaryOp::CondAnd,
        BinaryOp::CondOr,
    ];

    /// The Java symbol (the solver's operator has the same one).
    pub(crate) fn symbol(self) -> &'static str {
        self.solver_op().symbol()
    }

    pub(crate) fn from_symbol(s: &str) -> Option<BinaryOp> {
        BinaryOp::ALL.into_iter().find(|op| op.symbol() == s)
    }

    pub(crate) fn is_arithmetic(self) -> bool {
        matches!(
            self,
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem
        )
    }

    pub(crate) fn is_bitwise(self) -> bool {
        matches!(self, BinaryOp::And | BinaryOp::Or | BinaryOp::Xor)
    }

    pub(crate) fn is_shift(self) -> bool {
        matches!(self, BinaryOp::Shl | BinaryOp::Shr | BinaryOp::UShr)
    }

    pub(crate) fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne
        )
    }

    /// The solver's operator with the same meaning (`&&`/`||` included).
    pub(crate) fn solver_op(self) -> crate::solver::BinOp {
        use crate::solver::BinOp as S;
        match self {
            BinaryOp::Add => S::Add,
            BinaryOp::Sub => S::Sub,
            BinaryOp::Mul => S::Mul,
            BinaryOp::Div => S::Div,
            BinaryOp::Rem => S::Rem,
            BinaryOp::And => S::And,
            BinaryOp::Or => S::Or,
            BinaryOp::Xor => S::Xor,
            BinaryOp::Shl => S::Shl,
            BinaryOp::Shr => S::Shr,
            BinaryOp::UShr => S::UShr,
            BinaryOp::Lt => S::Lt,
            BinaryOp::Le => S::Le,
            BinaryOp::Gt => S::Gt,
            BinaryOp::Ge => S::Ge,
            BinaryOp::Eq => S::Eq,
            BinaryOp::Ne => S::Ne,
            BinaryOp::CondAnd => S::LogicalAnd,
            BinaryOp::CondOr => S::LogicalOr,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `~x`
    BitNot,
    /// `!x`
    Not,
}

impl UnaryOp {
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Plus => "+",
            UnaryOp::BitNot => "~",
            UnaryOp::Not => "!",
        }
    }
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Literal(Const),
    Null,
    Local(LocalId),
    /// A field of `this` (instance) or of its class (static).
    Field(FieldRef),
    /// `a.length`
    Length(Box<Expr>),
    /// `a[i]`
    Index(Box<Expr>, Box<Expr>),
    /// Operand already promoted to the result type (`!` on boolean).
    Unary(UnaryOp, Box<Expr>),
    /// Operands already converted to the operation's type (`op_type`); comparisons yield
    /// `boolean`; shifts convert each operand on its own (the result has the left's type).
    Binary {
        op: BinaryOp,
        op_type: Type,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// String concatenation; each operand keeps its type and is converted as `String.valueOf`
    /// converts it when the expression is evaluated.
    Concat(Box<Expr>, Box<Expr>),
    /// `target = value` or `target op= value`. For a compound assignment the value is already
    /// of `op_type`, and the result is converted back to the target's type.
    Assign {
        target: Box<Expr>,
        op: Option<BinaryOp>,
        op_type: Type,
        value: Box<Expr>,
    },
    /// `++x`, `x--`, ...
    IncDec {
        target: Box<Expr>,
        increment: bool,
        prefix: bool,
    },
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A conversion Java applies without a cast in the source.
    Convert(Box<Expr>),
    /// `(T) e`.
    Cast(Box<Expr>),
    Call {
        method: MethodRef,
        args: Vec<Expr>,
    },
    Builtin(Builtin, Vec<Expr>),
    /// `new T[n][m]...[]`: the given lengths, then `extra` dimensions left unallocated.
    NewArray {
        lengths: Vec<Expr>,
        extra: u32,
    },
    /// `{a, b, c}` (a declaration's initializer or `new T[] {...}`).
    ArrayLiteral(Vec<Expr>),
    Print(PrintKind, Vec<Expr>),
    /// `this`, the receiver of an instance method or constructor.
    This,
    /// `new C(args)`: a new object of `class` built by its constructor `constructor` (`None`
    /// for the default constructor of a class that declares none).
    New {
        class: u32,
        constructor: Option<u32>,
        args: Vec<Expr>,
    },
    /// `o.f` for an instance field of an object other than `this` (fields of `this` are
    /// [`ExprKind::Field`]).
    FieldOf {
        object: Box<Expr>,
        field: FieldRef,
    },
    /// `o.m(args)`: an instance method called on an object other than `this` (calls on
    /// `this` are [`ExprKind::Call`]).
    InstanceCall {
        receiver: Box<Expr>,
        method: MethodRef,
        args: Vec<Expr>,
    },
    /// `super.m(args)` or `super(args)`: the superclass's method (or constructor) run on
    /// `this` as declared, not dispatched on the object's class.
    SuperCall {
        method: MethodRef,
        args: Vec<Expr>,
    },
    /// `super(args)`, explicit or implied, as a constructor's first statement: the
    /// superclass's constructor (its default one when `None`) run on `this`.
    SuperConstructor {
        class: u32,
        constructor: Option<u32>,
        args: Vec<Expr>,
    },
    /// An enum constant's object, made when its class is initialized: named and numbered,
    /// then its constructor run (JLS §8.9.1).
    EnumConstant {
        class: u32,
        ordinal: u32,
        /// A constructor of `body` when the constant has one, else of `class`.
        constructor: Option<u32>,
        args: Vec<Expr>,
        /// The anonymous class of a constant with a body, whose object the constant is.
        body: Option<u32>,
    },
    /// `E.values()`: a new array of the enum's constants.
    EnumValues {
        class: u32,
    },
    /// `E.valueOf(name)`: the constant of that name (`IllegalArgumentException` if none,
    /// `NullPointerException` for `null`).
    EnumValueOf {
        class: u32,
        name: Box<Expr>,
    },
    /// A lambda's or a method reference's object: a new object of closure class `class`
    /// (see [`Class::is_closure`]) whose fields take `captures` in order, evaluated here (the
    /// enclosing `this`, the captured locals, a method reference's receiver). A bound
    /// method reference's receiver is checked for `null` first (`NullPointerException` at
    /// the reference, as `javac`'s `requireNonNull`).
    Closure {
        class: u32,
        /// The method its one method calls (see [`Method::lambda`]).
        method: MethodRef,
        captures: Vec<Expr>,
        null_checked: bool,
    },
    /// `e instanceof T` (or `e instanceof T t`, binding the local `t` when true).
    InstanceOf {
        value: Box<Expr>,
        tested: Type,
        binding: Option<LocalId>,
    },
}

/// A message about the source, with its place.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}:{line}:{column}: {message}")]
pub struct Diagnostic {
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl Unit {
    /// Finds a method by `name`, `Class.name`, or either with a parameter list
    /// (`max(int, int)`) when the name is overloaded.
    pub fn find_method(&self, spec: &str) -> Result<(u32, u32), String> {
        let spec = spec.trim();
        let (path, params) = match spec.split_once('(') {
            Some((p, rest)) => (p.trim(), Some(rest.trim_end_matches(')').trim())),
            None => (spec, None),
        };
        let (class, name) = match path.rsplit_once('.') {
            Some((c, n)) => (Some(c), n),
            None => (None, path),
        };
        let mut found = Vec::new();
        for (ci, c) in self.classes[..self.file_classes()].iter().enumerate() {
            if class.is_some_and(|k| k != c.name) {
                continue;
            }
            for (mi, m) in c.methods.iter().enumerate() {
                if m.name != name {
                    continue;
                }
                if let Some(p) = params {
                    let wanted: Vec<String> = p
                        .split(',')
                        .map(|s| s.split_whitespace().collect::<String>())
                        .filter(|s| !s.is_empty())
                        .collect();
                    let have: Vec<String> = m.params.iter().map(|t| t.to_string()).collect();
                    if wanted != have {
                        continue;
                    }
                }
                found.push((ci as u32, mi as u32));
            }
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] => {
                let all: Vec<String> = self
                    .classes
                    .iter()
                    .flat_map(|c| {
                        c.methods
                            .iter()
                            .filter(|m| !m.is_constructor)
                            .map(move |m| format!("{}.{}", c.name, m.signature()))
                    })
                    .collect();
                Err(format!(
                    "no method {spec} in {}; it has: {}",
                    self.path,
                    all.join(", ")
                ))
            }
            many => {
                let names: Vec<String> = many
                    .iter()
                    .map(|&(c, m)| {
                        let class = &self.classes[c as usize];
                        format!("{}.{}", class.name, class.methods[m as usize].signature())
                    })
                    .collect();
                Err(format!(
                    "{spec} is ambiguous: {}; name one with its parameter types",
                    names.join(", ")
                ))
            }
        }
    }

    pub fn method(&self, class: u32, method: u32) -> &Method {
        &self.classes[class as usize].methods[method as usize]
    }

    /// Methods the front end could not analyse, with the reasons (abstract methods, which
    /// have nothing to analyse, left out; and the library's, which a unit reads whole though
    /// it calls few: `Collection.stream()` is outside the subset for a unit that does not
    /// read the streams, and never called there).
    pub fn unsupported(&self) -> impl Iterator<Item = (&Method, &Diagnostic)> {
        self.classes
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.is_library(*i as u32))
            .flat_map(|(_, c)| c.methods.iter())
            .filter(|m| m.is_declared())
            .filter_map(|m| m.body.as_ref().err().map(|d| (m, d)))
    }

    /// `(line, column)` of a byte offset.
    pub(crate) fn position(&self, offset: u32) -> (u32, u32) {
        let before = &self.source[..(offset as usize).min(self.source.len())];
        let line = before.matches('\n').count() as u32 + 1;
        let column = before
            .rfind('\n')
            .map_or(before.len(), |i| before.len() - i - 1) as u32
            + 1;
        (line, column)
    }
}
