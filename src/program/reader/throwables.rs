//! The exception classes of the Java library a unit names, throws and catches (JLS ch. 11):
//! `Throwable` with its message and cause, and the `java.lang` (and a few `java.util`)
//! subclasses the interpreter raises or a unit commonly uses. Each becomes a class of the unit,
//! flagged as library code, with its constructors and `Throwable`'s methods written as IR, so
//! that user exception classes extend them, `catch` matches them by subclassing, and virtual
//! calls (`getMessage()` overridden by a user class) dispatch as in the JVM. They are never
//! mutated, tested or reported.
//!
//! Their members are the JDK's public ones that matter to a unit: the constructors `()`,
//! `(String)`, `(String, Throwable)` and `(Throwable)` where the JDK has them, `getMessage`,
//! `getLocalizedMessage`, `getCause` and `toString` (the binary class name, then `": "` and
//! the message when there is one).

use crate::program::reader::ir::*;

/// A library throwable: its qualified name, its superclass (an index in [`THROWABLES`]) and
/// whether it has the cause-taking constructors.
pub(crate) struct LibraryThrowable {
    pub(crate) name: &'static str,
    pub(crate) parent: Option<usize>,
    pub(crate) with_cause: bool,
}

const fn throwable(
    name: &'static str,
    parent: Option<usize>,
    with_cause: bool,
) -> LibraryThrowable {
    LibraryThrowable {
        name,
        parent,
        with_cause,
    }
}

const THROWABLE: usize = 0;
const EXCEPTION: usize = 1;
const RUNTIME: usize = 2;
const ERROR: usize = 3;
const ILLEGAL_ARGUMENT: usize = 8;
const INDEX_OUT_OF_BOUNDS: usize = 10;
const VIRTUAL_MACHINE: usize = 19;
const ILLEGAL_FORMAT: usize = 23;

/// The library's throwables, parents before children.
pub(crate) const THROWABLES: &[LibraryThrowable] = &[
    throwable("java.lang.Throwable", None, true),
    throwable("java.lang.Exception", Some(THROWABLE), true),
    throwable("java.lang.RuntimeException", Some(EXCEPTION), true),
    throwable("java.lang.Error", Some(THROWABLE), true),
    throwable("java.lang.ArithmeticException", Some(RUNTIME), false),
    throwable("java.lang.ArrayStoreException", Some(RUNTIME), false),
    throwable("java.lang.ClassCastException", Some(RUNTIME), false),
    throwable("java.lang.IllegalStateException", Some(RUNTIME), true),
    throwable("java.lang.IllegalArgumentException", Some(RUNTIME), true),
    throwable(
        "java.lang.NumberFormatException",
        Some(ILLEGAL_ARGUMENT),
        false,
    ),
    throwable("java.lang.IndexOutOfBoundsException", Some(RUNTIME), false),
    throwable(
        "java.lang.ArrayIndexOutOfBoundsException",
        Some(INDEX_OUT_OF_BOUNDS),
        false,
    ),
    throwable(
        "java.lang.StringIndexOutOfBoundsException",
        Some(INDEX_OUT_OF_BOUNDS),
        false,
    ),
    throwable("java.lang.NegativeArraySizeException", Some(RUNTIME), false),
    throwable("java.lang.NullPointerException", Some(RUNTIME), false),
    throwable(
        "java.lang.UnsupportedOperationException",
        Some(RUNTIME),
        true,
    ),
    throwable(
        "java.lang.CloneNotSupportedException",
        Some(EXCEPTION),
        false,
    ),
    throwable("java.lang.InterruptedException", Some(EXCEPTION), false),
    throwable("java.lang.AssertionError", Some(ERROR), false),
    throwable("java.lang.VirtualMachineError", Some(ERROR), true),
    throwable("java.lang.StackOverflowError", Some(VIRTUAL_MACHINE), false),
    throwable("java.lang.OutOfMemoryError", Some(VIRTUAL_MACHINE), false),
    throwable("java.util.NoSuchElementException", Some(RUNTIME), true),
    throwable(
        "java.util.ConcurrentModificationException",
        Some(RUNTIME),
        true,
    ),
    throwable("java.util.EmptyStackException", Some(RUNTIME), false),
    throwable(
        "java.util.IllegalFormatException",
        Some(ILLEGAL_ARGUMENT),
        false,
    ),
    throwable(
        "java.util.UnknownFormatConversionException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.IllegalFormatConversionException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.MissingFormatArgumentException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.MissingFormatWidthException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.IllegalFormatPrecisionException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.IllegalFormatCodePointException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.FormatFlagsConversionMismatchException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.DuplicateFormatFlagsException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.IllegalFormatFlagsException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
    throwable(
        "java.util.IllegalFormatWidthException",
        Some(ILLEGAL_FORMAT),
        false,
    ),
];

impl LibraryThrowable {
    pub(crate) fn simple_name(&self) -> &'static str {
        self.name.rsplit('.').next().unwrap_or(self.name)
    }

    pub(crate) fn package(&self) -> &'static str {
        &self.name[..self.name.len() - self.simple_name().len() - 1]
    }

    /// Whether a unit may name it by its simple name: `java.lang` always, others when imported
    /// (`import java.util.NoSuchElementException;` or `import java.util.*;`).
    pub(crate) fn visible(&self, imports: &[String]) -> bool {
        let package = self.package();
        package == "java.lang"
            || imports
                .iter()
                .any(|i| i == self.name || i.strip_suffix(".*") == Some(package))
    }
}

/// Whether a library throwable is checked (JLS §11.1.1): neither `RuntimeException` nor
/// `Error` nor their subclasses.
pub(crate) fn is_checked(index: usize) -> bool {
    let mut k = Some(index);
    while let Some(i) = k {
        if i == RUNTIME || i == ERROR {
            return false;
        }
        k = THROWABLES[i].parent;
    }
    true
}

/// Slots of `Throwable`'s fields: its message, then its cause.
pub(crate) const MESSAGE_FIELD: u32 = 0;
pub(crate) const CAUSE_FIELD: u32 = 1;

/// Builds IR for the synthesized members, numbering nodes as it goes.
struct Builder {
    next: u32,
}

impl Builder {
    fn expr(&mut self, ty: Type, kind: ExprKind) -> Expr {
        self.next += 1;
        Expr {
            id: NodeId(self.next - 1),
            span: Span::default(),
            ty,
            kind,
        }
    }

    fn stmt(&mut self, kind: StmtKind) -> Stmt {
        self.next += 1;
        Stmt {
            id: NodeId(self.next - 1),
            span: Span::default(),
            kind,
        }
    }

    fn local(&mut self, id: u32, ty: &Type) -> Expr {
        self.expr(ty.clone(), ExprKind::Local(LocalId(id)))
    }

    fn set_field(&mut self, class: u32, field: u32, value: Expr) -> Stmt {
        let ty = value.ty.clone();
        let target = self.expr(ty.clone(), ExprKind::Field(FieldRef { class, field }));
        let assign = self.expr(
            ty.clone(),
            ExprKind::Assign {
                target: Box::new(target),
                op: None,
                op_type: ty,
                value: Box::new(value),
            },
        );
        self.stmt(StmtKind::Expr(assign))
    }

    fn body(self, locals: Vec<Local>, stmts: Vec<Stmt>) -> Body {
        Body {
            locals,
            stmts,
            node_count: self.next,
        }
    }
}

/// A public instance method (or constructor) of library class `class`.
fn library_method(
    class: u32,
    name: &str,
    is_constructor: bool,
    params: Vec<(&str, Type)>,
    ret: Type,
    body: Body,
) -> Method {
    Method {
        name: name.to_string(),
        class,
        is_static: false,
        is_constructor,
        is_private: false,
        is_abstract: false,
        param_names: params.iter().map(|(n, _)| n.to_string()).collect(),
        bridges: Vec::new(),
        lambda: None,
        is_implicit: false,
        params: params.into_iter().map(|(_, t)| t).collect(),
        ret,
        span: Span::default(),
        body: Ok(body),
    }
}

fn param(name: &str, ty: &Type) -> Local {
    Local {
        name: name.to_string(),
        ty: ty.clone(),
        span: Span::default(),
        is_param: true,
        is_hidden: false,
        is_final: false,
        constant: None,
    }
}

/// The parameter lists of a library throwable's constructors, in the order they are numbered.
pub(crate) fn constructor_params(
    lib: &LibraryThrowable,
    throwable: &Type,
) -> Vec<Vec<(&'static str, Type)>> {
    let mut out = vec![vec![], vec![("message", Type::String)]];
    if lib.with_cause {
        out.push(vec![
            ("message", Type::String),
            ("cause", throwable.clone()),
        ]);
        out.push(vec![("cause", throwable.clone())]);
    }
    if let Some((_, types)) = index_message(lib) {
        out.extend(types.iter().map(|t| vec![("index", t.clone())]));
    }
    out
}

/// The out-of-bounds exceptions' constructors taking the offending index (`new
/// IndexOutOfBoundsException(5)`): the text their message starts with, and the index types
/// (`long` as well for `IndexOutOfBoundsException`, since JDK 16).
fn index_message(lib: &LibraryThrowable) -> Option<(&'static str, &'static [Type])> {
    match lib.simple_name() {
        "IndexOutOfBoundsException" => Some(("Index out of range: ", &[Type::Int, Type::Long])),
        "ArrayIndexOutOfBoundsException" => Some(("Array index out of range: ", &[Type::Int])),
        "StringIndexOutOfBoundsException" => Some(("String index out of range: ", &[Type::Int])),
        _ => None,
    }
}

/// The names, parameter and return types of `Throwable`'s methods (after its constructors).
pub(crate) fn method_signatures(throwable: &Type) -> Vec<(&'static str, Type)> {
    vec![
        ("getMessage", Type::String),
        ("getLocalizedMessage", Type::String),
        ("getCause", throwable.clone()),
        ("toString", Type::String),
    ]
}

/// The members of library throwable `index`, whose class is `class` in the unit, its
/// superclass `parent` (and `Throwable` is `root`); `throwable` is `Throwable`'s type.
pub(crate) fn members(
    index: usize,
    class: u32,
    parent: Option<u32>,
    root: u32,
    throwable: &Type,
) -> (Vec<Field>, Vec<Method>) {
    let lib = &THROWABLES[index];
    let simple = lib.simple_name();
    let mut methods = Vec::new();
    for (k, params) in constructor_params(lib, throwable).into_iter().enumerate() {
        let mut b = Builder { next: 0 };
        let locals: Vec<Local> = params.iter().map(|(n, t)| param(n, t)).collect();
        let by_index = params.first().is_some_and(|(n, _)| *n == "index");
        let stmts = match parent {
            Some(parent) if by_index => {
                // `super(prefix + index)`: the parent's `(String)` constructor.
                let prefix = index_message(lib).map_or("", |(p, _)| p);
                let text = b.expr(
                    Type::String,
                    ExprKind::Literal(Const::Str(
                        crate::program::reader::text::utf16(prefix).into(),
                    )),
                );
                let index = b.local(0, &params[0].1);
                let message = b.expr(
                    Type::String,
                    ExprKind::Concat(Box::new(text), Box::new(index)),
                );
                let call = b.expr(
                    Type::Void,
                    ExprKind::SuperConstructor {
                        class: parent,
                        constructor: Some(1),
                        args: vec![message],
                    },
                );
                vec![b.stmt(StmtKind::Expr(call))]
            }
            Some(parent) => {
                let args = params
                    .iter()
                    .enumerate()
                    .map(|(i, (_, t))| b.local(i as u32, t))
                    .collect();
                let call = b.expr(
                    Type::Void,
                    ExprKind::SuperConstructor {
                        class: parent,
                        constructor: Some(k as u32),
                        args,
                    },
                );
                vec![b.stmt(StmtKind::Expr(call))]
            }
            None => {
                let mut stmts = Vec::new();
                let message = params.iter().position(|(n, _)| *n == "message");
                let cause = params.iter().position(|(n, _)| *n == "cause");
                if let Some(m) = message {
                    let value = b.local(m as u32, &Type::String);
                    stmts.push(b.set_field(root, MESSAGE_FIELD, value));
                } else if let Some(c) = cause {
                    // `Throwable(Throwable cause)`: the message is the cause's `toString()`.
                    let is_null = {
                        let left = b.local(c as u32, throwable);
                        let right = b.expr(Type::Null, ExprKind::Null);
                        b.expr(
                            Type::Boolean,
                            ExprKind::Binary {
                                op: BinaryOp::Eq,
                                op_type: throwable.clone(),
                                left: Box::new(left),
                                right: Box::new(right),
                            },
                        )
                    };
                    let null = b.expr(Type::Null, ExprKind::Null);
                    let receiver = b.local(c as u32, throwable);
                    let text = b.expr(
                        Type::String,
                        ExprKind::InstanceCall {
                            receiver: Box::new(receiver),
                            method: MethodRef {
                                class: root,
                                method: TO_STRING,
                            },
                            args: Vec::new(),
                        },
                    );
                    let value = b.expr(
                        Type::String,
                        ExprKind::Conditional(Box::new(is_null), Box::new(null), Box::new(text)),
                    );
                    stmts.push(b.set_field(root, MESSAGE_FIELD, value));
                }
                if let Some(c) = cause {
                    let value = b.local(c as u32, throwable);
                    stmts.push(b.set_field(root, CAUSE_FIELD, value));
                }
                stmts
            }
        };
        let body = b.body(locals, stmts);
        methods.push(library_method(
            class,
            simple,
            true,
            params,
            Type::Void,
            body,
        ));
    }
    let mut fields = Vec::new();
    if parent.is_none() {
        let field = |name: &str, ty: Type| Field {
            name: name.to_string(),
            ty,
            is_static: false,
            is_final: false,
            is_private: true,
            span: Span::default(),
            init: None,
            constant: None,
            unsupported: None,
            is_synthetic: false,
        };
        fields.push(field("detailMessage", Type::String));
        fields.push(field("cause", throwable.clone()));
        methods.extend(throwable_methods(class, throwable));
    }
    (fields, methods)
}

/// Index of `toString` among `Throwable`'s methods (after its four constructors).
pub(crate) const TO_STRING: u32 = 7;
const GET_MESSAGE: u32 = 4;
const GET_LOCALIZED_MESSAGE: u32 = 5;

/// `getMessage`, `getLocalizedMessage`, `getCause` and `toString` of `Throwable` (class
/// `root`).
fn throwable_methods(root: u32, throwable: &Type) -> Vec<Method> {
    let mut out = Vec::new();
    for (method_name, ret) in method_signatures(throwable) {
        let mut b = Builder { next: 0 };
        let mut locals = Vec::new();
        let value = match method_name {
            "getMessage" => b.expr(
                Type::String,
                ExprKind::Field(FieldRef {
                    class: root,
                    field: MESSAGE_FIELD,
                }),
            ),
            "getLocalizedMessage" => b.expr(
                Type::String,
                ExprKind::Call {
                    method: MethodRef {
                        class: root,
                        method: GET_MESSAGE,
                    },
                    args: Vec::new(),
                },
            ),
            "getCause" => b.expr(
                throwable.clone(),
                ExprKind::Field(FieldRef {
                    class: root,
                    field: CAUSE_FIELD,
                }),
            ),
            _ => {
                // String m = getLocalizedMessage();
                // return m != null ? className + ": " + m : className;
                locals.push(Local {
                    is_param: false,
                    ..param("message", &Type::String)
                });
                let call = b.expr(
                    Type::String,
                    ExprKind::Call {
                        method: MethodRef {
                            class: root,
                            method: GET_LOCALIZED_MESSAGE,
                        },
                        args: Vec::new(),
                    },
                );
                let target = b.local(0, &Type::String);
                let assign = b.expr(
                    Type::String,
                    ExprKind::Assign {
                        target: Box::new(target),
                        op: None,
                        op_type: Type::String,
                        value: Box::new(call),
                    },
                );
                let first = b.stmt(StmtKind::Expr(assign));
                let this = b.expr(throwable.clone(), ExprKind::This);
                let name = b.expr(
                    Type::String,
                    ExprKind::Builtin(Builtin::ClassName, vec![this]),
                );
                let this = b.expr(throwable.clone(), ExprKind::This);
                let name_again = b.expr(
                    Type::String,
                    ExprKind::Builtin(Builtin::ClassName, vec![this]),
                );
                let colon = b.expr(
                    Type::String,
                    ExprKind::Literal(Const::Str(crate::program::reader::text::utf16(": ").into())),
                );
                let with_colon = b.expr(
                    Type::String,
                    ExprKind::Concat(Box::new(name), Box::new(colon)),
                );
                let m = b.local(0, &Type::String);
                let full = b.expr(
                    Type::String,
                    ExprKind::Concat(Box::new(with_colon), Box::new(m)),
                );
                let m = b.local(0, &Type::String);
                let null = b.expr(Type::Null, ExprKind::Null);
                let has_message = b.expr(
                    Type::Boolean,
                    ExprKind::Binary {
                        op: BinaryOp::Ne,
                        op_type: Type::String,
                        left: Box::new(m),
                        right: Box::new(null),
                    },
                );
                let value = b.expr(
                    Type::String,
                    ExprKind::Conditional(
                        Box::new(has_message),
                        Box::new(full),
                        Box::new(name_again),
                    ),
                );
                let ret_stmt = b.stmt(StmtKind::Return(Some(value)));
                let body = b.body(locals, vec![first, ret_stmt]);
                out.push(library_method(
                    root,
                    method_name,
                    false,
                    Vec::new(),
                    ret,
                    body,
                ));
                continue;
            }
        };
        let ret_stmt = b.stmt(StmtKind::Return(Some(value)));
        let body = b.body(locals, vec![ret_stmt]);
        out.push(library_method(
            root,
            method_name,
            false,
            Vec::new(),
            ret,
            body,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parents_come_first_and_checkedness_follows_the_jdk() {
        for (i, t) in THROWABLES.iter().enumerate() {
            assert!(t.parent.is_none_or(|p| p < i), "{}", t.name);
        }
        let index = |n: &str| {
            THROWABLES
                .iter()
                .position(|t| t.simple_name() == n)
                .unwrap()
        };
        for checked in [
            "Exception",
            "Throwable",
            "InterruptedException",
            "CloneNotSupportedException",
        ] {
            assert!(is_checked(index(checked)), "{checked}");
        }
        for unchecked in [
            "RuntimeException",
            "NumberFormatException",
            "AssertionError",
            "NoSuchElementException",
        ] {
            assert!(!is_checked(index(unchecked)), "{unchecked}");
        }
        assert!(THROWABLES[index("NoSuchElementException")].visible(&["java.util.*".into()]));
        assert!(!THROWABLES[index("NoSuchElementException")].visible(&[]));
    }

    /// The index-taking constructors of the out-of-bounds exceptions give the JDK's messages
    /// (what `java` 17 printed), and a subclass caught as its parent keeps its own.
    #[test]
    fn out_of_bounds_exceptions_take_the_index() {
        use crate::program::execution::interp::testing::{runner, string};
        use crate::program::execution::interp::{Termination, Value};
        use crate::program::reader::semantics::Kind;
        let source = r#"public class Bounds {
    static String plain(int i) { return new IndexOutOfBoundsException(i).getMessage(); }
    static String wide(long i) { return new IndexOutOfBoundsException(i).getMessage(); }
    static String array(int i) {
        try { throw new ArrayIndexOutOfBoundsException(i); }
        catch (IndexOutOfBoundsException e) { return e.toString(); }
    }
    static String text(char c) { return new StringIndexOutOfBoundsException(c).getMessage(); }
}
"#;
        let unit = crate::program::load("Bounds.java", source).expect("the file loads");
        let run = runner(&unit);
        let returns = |s: &str| Termination::Return(Some(string(s)));
        let int = |v: i64| Value::Prim(Kind::Int, v);
        assert_eq!(run("plain", &[int(5)]), returns("Index out of range: 5"));
        assert_eq!(
            run("wide", &[Value::Prim(Kind::Long, -7)]),
            returns("Index out of range: -7")
        );
        assert_eq!(
            run("array", &[int(3)]),
            returns("java.lang.ArrayIndexOutOfBoundsException: Array index out of range: 3")
        );
        assert_eq!(
            run("text", &[Value::Prim(Kind::Char, 65)]),
            returns("String index out of range: 65")
        );
    }
}
