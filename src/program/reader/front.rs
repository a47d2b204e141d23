//! The Java front end: a `.java` file parsed by tree-sitter-java, checked the way `javac` checks
//! the supported subset, and lowered to the typed IR of [`crate::program::reader::ir`].
//!
//! Checking is what makes mutants trustworthy: a mutant is produced only if its text passes the
//! same checks as the original (types, conversions, definite assignment (JLS ch. 16),
//! reachability and missing returns (JLS §14.22), constant expressions (JLS §15.29)), so that
//! every emitted mutant compiles with `javac`. A method that uses a construct outside the subset
//! is reported with the construct's place and skipped; the rest of the file is still analysed.

use std::sync::Arc;

use bitvec::vec::BitVec;
use tree_sitter::Node;

use crate::program::reader::ir::*;

/// Exceptions of `java.lang` a program may throw by simple name.
const JAVA_LANG_EXCEPTIONS: &[&str] = &[
    "Exception",
    "RuntimeException",
    "Error",
    "Throwable",
    "ArithmeticException",
    "ArrayIndexOutOfBoundsException",
    "ArrayStoreException",
    "ClassCastException",
    "IllegalArgumentException",
    "IllegalStateException",
    "IndexOutOfBoundsException",
    "NegativeArraySizeException",
    "NullPointerException",
    "NumberFormatException",
    "StringIndexOutOfBoundsException",
    "UnsupportedOperationException",
    "AssertionError",
    "StackOverflowError",
    "CloneNotSupportedException",
    "InterruptedException",
];

/// Parses and checks a Java file. Only a file-level problem (no class, a syntax error outside
/// any method) is an error; a method outside the subset is kept with its reason in
/// [`Method::body`].
pub fn load(path: &str, source: &str) -> Result<Unit, Diagnostic> {
    let tree = parse(path, source, None)?;
    let file = FileChecker::new(path, source);
    file.run(tree.root_node())
}

/// The tree-sitter tree of a Java source, reusing `old` (already edited to match) when given.
pub fn parse(
    path: &str,
    source: &str,
    old: Option<&tree_sitter::Tree>,
) -> Result<tree_sitter::Tree, Diagnostic> {
    let fail = |message: String| Diagnostic {
        path: path.to_string(),
        line: 1,
        column: 1,
        message,
    };
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_java::LANGUAGE.into())
        .map_err(|e| fail(format!("cannot load the Java grammar: {e}")))?;
    // tree-sitter's error recovery can explore a number of stack versions that grows without
    // bound on some garbled texts (a 200-byte fuzz input took minutes and gigabytes). The
    // progress callback runs every hundred parser operations; counting its calls gives a
    // deterministic budget, proportional to the text, far above what any real file needs.
    let budget = PARSE_CHECKS_PER_BYTE * source.len() as u64 + PARSE_CHECKS_BASE;
    let mut checks = 0u64;
    let mut progress = |_: &tree_sitter::ParseState| {
        checks += 1;
        checks > budget
    };
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut progress);
    let bytes = source.as_bytes();
    let tree = parser.parse_with_options(
        &mut |offset: usize, _| bytes.get(offset..).unwrap_or(&[]),
        old,
        Some(options),
    );
    tree.ok_or_else(|| {
        fail(format!(
            "the parser gave up on this file: it could not recover from its syntax errors within \
             {} parser steps (look for unbalanced braces or parentheses)",
            budget * 100
        ))
    })
}

/// The parse budget, in calls of tree-sitter's progress callback (one per hundred operations).
const PARSE_CHECKS_PER_BYTE: u64 = 4;
const PARSE_CHECKS_BASE: u64 = 10_000;

/// Checks one method of `source`, a text that differs from `unit`'s only inside that method
/// (a mutant): the file's declarations are read again, only the one body is checked. The
/// result is what [`load`] would give for that method.
pub fn check_method(
    unit: &Unit,
    source: &str,
    tree: &tree_sitter::Tree,
    class: u32,
    method: u32,
) -> Result<Method, Diagnostic> {
    let mut file = FileChecker::new(&unit.path, source);
    file.collect(tree.root_node())?;
    let same_shape = file.classes.len() == unit.classes.len()
        && file
            .classes
            .iter()
            .zip(&unit.classes)
            .all(|(a, b)| a.sigs.len() == b.methods.len());
    if !same_shape {
        return Err(Diagnostic {
            path: unit.path.clone(),
            line: 1,
            column: 1,
            message: "the edit changed the file's declarations".to_string(),
        });
    }
    let m = file.method(class as usize, method as usize);
    let body = m.body.as_ref().map_err(|d| d.clone())?;
    // As in `load`: calling a method outside the subset makes this one unsupported too.
    let mut bad = None;
    visit_stmts(&body.stmts, &mut |e: &Expr| {
        if let ExprKind::Call { method: callee, .. } = &e.kind {
            let target = unit.method(callee.class, callee.method);
            let is_self = (callee.class, callee.method) == (class, method);
            if !is_self && target.body.is_err() && bad.is_none() {
                bad = Some((e.span, target.signature()));
            }
        }
    });
    if let Some((span, name)) = bad {
        return Err(Diagnostic {
            path: unit.path.clone(),
            line: span.line,
            column: span.column,
            message: format!("calls {name}, which is outside the supported subset"),
        });
    }
    // The class-level rules of `load` depend on nothing a mutant edits.
    if unit.method(class, method).body.is_err() {
        return Err(unit.method(class, method).body.clone().unwrap_err());
    }
    Ok(m)
}

fn span_of(node: Node) -> Span {
    let p = node.start_position();
    Span {
        start: node.start_byte() as u32,
        end: node.end_byte() as u32,
        line: p.row as u32 + 1,
        column: p.column as u32 + 1,
    }
}

fn is_comment(node: Node) -> bool {
    matches!(node.kind(), "line_comment" | "block_comment")
}

/// The first ERROR or MISSING node below `node`, for a message.
fn first_error(node: Node) -> Option<Node> {
    if node.is_error() || node.is_missing() {
        return Some(node);
    }
    if !node.has_error() {
        return None;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        if let Some(e) = first_error(child) {
            return Some(e);
        }
    }
    None
}

fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !is_comment(*c))
        .collect()
}

/// The children of a block or a switch group that are statements: the named ones and the
/// empty statement `;`, which the grammar leaves anonymous (a mutant that deletes a
/// statement leaves one, and its place in the list is what finds the mutated region).
fn statement_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .filter(|c| (c.is_named() && !is_comment(*c)) || c.kind() == ";")
        .collect()
}

fn has_modifier(node: Node, src: &str, word: &str) -> bool {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .filter(|c| c.kind() == "modifiers")
        .any(|m| {
            let mut c2 = m.walk();
            m.children(&mut c2).any(|k| &src[k.byte_range()] == word)
        })
}

/// A method's signature before its body is checked.
struct Signature {
    name: String,
    is_static: bool,
    is_constructor: bool,
    is_private: bool,
    params: Vec<Type>,
    param_names: Vec<String>,
    param_spans: Vec<Span>,
    param_final: Vec<bool>,
    ret: Type,
    span: Span,
}

struct ClassInfo<'t> {
    name: String,
    /// Members outside the subset that are not methods.
    skipped: Vec<Diagnostic>,
    has_initializer_block: bool,
    has_superclass: bool,
    span: Span,
    fields: Vec<Field>,
    field_nodes: Vec<Option<Node<'t>>>,
    sigs: Vec<Result<Signature, Diagnostic>>,
    method_nodes: Vec<Node<'t>>,
    extends_something: bool,
}

struct FileChecker<'s, 't> {
    path: &'s str,
    src: &'s str,
    package: Option<String>,
    imports: Vec<String>,
    classes: Vec<ClassInfo<'t>>,
    /// Top-level declarations other than classes.
    top_skipped: Vec<Diagnostic>,
}

impl<'s, 't> FileChecker<'s, 't> {
    fn new(path: &'s str, src: &'s str) -> FileChecker<'s, 't> {
        FileChecker {
            path,
            src,
            package: None,
            imports: Vec::new(),
            classes: Vec::new(),
            top_skipped: Vec::new(),
        }
    }

    fn diag(&self, node: Node, message: impl Into<String>) -> Diagnostic {
        let s = span_of(node);
        Diagnostic {
            path: self.path.to_string(),
            line: s.line,
            column: s.column,
            message: message.into(),
        }
    }

    fn text(&self, node: Node) -> &'s str {
        &self.src[node.byte_range()]
    }

    /// Reads the file's declarations: package, imports, classes with their fields (checked
    /// initializers and constants) and method signatures. Method bodies are checked later.
    fn collect(&mut self, root: Node<'t>) -> Result<(), Diagnostic> {
        for child in named_children(root) {
            match child.kind() {
                "package_declaration" => {
                    let name = named_children(child)
                        .into_iter()
                        .find(|n| matches!(n.kind(), "scoped_identifier" | "identifier"));
                    self.package = name.map(|n| self.text(n).to_string());
                }
                "import_declaration" => {
                    let text = self.text(child);
                    let name = text
                        .trim_start_matches("import")
                        .trim_end_matches(';')
                        .trim()
                        .to_string();
                    self.imports.push(name);
                }
                "class_declaration" => {
                    if let Some(e) = first_error(child) {
                        // A syntax error inside a method body spoils that method only.
                        if !inside_method_body(e) {
                            return Err(self.diag(e, "syntax error"));
                        }
                    }
                    let info = self.class_info(child)?;
                    self.classes.push(info);
                }
                "interface_declaration"
                | "enum_declaration"
                | "record_declaration"
                | "annotation_type_declaration" => {
                    let what = child
                        .kind()
                        .trim_end_matches("_declaration")
                        .replace('_', " ");
                    let name = child
                        .child_by_field_name("name")
                        .map(|n| self.text(n).to_string())
                        .unwrap_or_default();
                    self.top_skipped.push(self.diag(
                        child,
                        format!("{what} {name} is outside the supported subset"),
                    ));
                }
                "ERROR" => return Err(self.diag(child, "syntax error")),
                _ => {}
            }
        }
        if let Some(e) = first_error(root).filter(|e| !inside_method_body(*e)) {
            return Err(self.diag(e, "syntax error"));
        }
        if self.classes.is_empty() {
            return Err(Diagnostic {
                path: self.path.to_string(),
                line: 1,
                column: 1,
                message: "no class declaration in this file".to_string(),
            });
        }
        // Field initializers and constants first (a method body may use them), in order.
        for ci in 0..self.classes.len() {
            for fi in 0..self.classes[ci].fields.len() {
                let Some(value) = self.classes[ci].field_nodes[fi] else {
                    continue;
                };
                let field = &self.classes[ci].fields[fi];
                let (ty, is_static, is_final) = (field.ty.clone(), field.is_static, field.is_final);
                if self.classes[ci].fields[fi].unsupported.is_some() {
                    continue;
                }
                let mut checker = MethodChecker::new(self, ci as u32, is_static, Type::Void);
                let init = match checker.initializer(value, &ty) {
                    Ok(init) => init,
                    Err(e) => {
                        let d = self.diag(e.node, e.message);
                        let name = self.classes[ci].fields[fi].name.clone();
                        self.classes[ci].skipped.push(Diagnostic {
                            message: format!("field {name}'s initializer: {}", d.message),
                            ..d.clone()
                        });
                        self.classes[ci].fields[fi].unsupported = Some(d);
                        continue;
                    }
                };
                let constant = if is_final && (ty.is_primitive() || ty == Type::String) {
                    checker.constant(&init)
                } else {
                    None
                };
                let field = &mut self.classes[ci].fields[fi];
                field.init = Some(init);
                field.constant = constant;
            }
        }
        Ok(())
    }

    /// Checks one method (its signature was read by `collect`).
    fn method(&self, ci: usize, mi: usize) -> Method {
        let node = self.classes[ci].method_nodes[mi];
        match &self.classes[ci].sigs[mi] {
            Err(d) => Method {
                name: self
                    .text(node.child_by_field_name("name").unwrap_or(node))
                    .to_string(),
                class: ci as u32,
                is_static: false,
                is_constructor: node.kind() == "constructor_declaration",
                is_private: false,
                params: Vec::new(),
                param_names: Vec::new(),
                ret: Type::Void,
                span: span_of(node),
                body: Err(d.clone()),
            },
            Ok(sig) => {
                let body = self.method_body(ci as u32, sig, node);
                Method {
                    name: sig.name.clone(),
                    class: ci as u32,
                    is_static: sig.is_static,
                    is_constructor: sig.is_constructor,
                    is_private: sig.is_private,
                    params: sig.params.clone(),
                    param_names: sig.param_names.clone(),
                    ret: sig.ret.clone(),
                    span: sig.span,
                    body,
                }
            }
        }
    }

    fn run(mut self, root: Node<'t>) -> Result<Unit, Diagnostic> {
        self.collect(root)?;
        let mut classes = Vec::new();
        for ci in 0..self.classes.len() {
            let mut methods = Vec::new();
            for mi in 0..self.classes[ci].sigs.len() {
                methods.push(self.method(ci, mi));
            }
            let info = &self.classes[ci];
            let has_ctor = methods.iter().any(|m| m.is_constructor);
            let has_no_arg = methods
                .iter()
                .any(|m| m.is_constructor && m.params.is_empty());
            classes.push(Class {
                name: info.name.clone(),
                span: info.span,
                fields: info.fields.clone(),
                methods,
                has_no_arg_constructor: !has_ctor || has_no_arg,
                extends_something: info.extends_something,
            });
        }
        for (ci, class) in classes.iter_mut().enumerate() {
            let info = &self.classes[ci];
            // Instance state roth cannot model makes the class's methods unsound to run.
            let instance_problem = if info.has_superclass {
                Some(
                    "its class extends another class, whose state is outside the supported subset"
                        .to_string(),
                )
            } else {
                class
                    .methods
                    .iter()
                    .find(|m| m.is_constructor && m.params.is_empty() && m.body.is_err())
                    .map(|_| "its class's constructor is outside the supported subset".to_string())
            };
            for m in class.methods.iter_mut() {
                if m.body.is_err() {
                    continue;
                }
                let reason = if info.has_initializer_block {
                    Some(
                        "its class has an initializer block, which is outside the supported subset"
                            .to_string(),
                    )
                } else if !m.is_static {
                    instance_problem.clone()
                } else {
                    None
                };
                if let Some(reason) = reason {
                    m.body = Err(Diagnostic {
                        path: self.path.to_string(),
                        line: m.span.line,
                        column: m.span.column,
                        message: reason,
                    });
                }
            }
        }
        mark_unsupported_callers(&mut classes, self.path);
        let mut skipped: Vec<Diagnostic> = self.top_skipped.clone();
        skipped.extend(self.classes.iter().flat_map(|c| c.skipped.iter().cloned()));
        skipped.sort_by_key(|d| (d.line, d.column));
        Ok(Unit {
            skipped,
            path: self.path.to_string(),
            source: Arc::from(self.src),
            package: self.package.clone(),
            imports: self.imports.clone(),
            classes,
        })
    }

    fn class_info(&self, node: Node<'t>) -> Result<ClassInfo<'t>, Diagnostic> {
        let name = node
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string())
            .ok_or_else(|| self.diag(node, "a class without a name"))?;
        let extends_something = node.child_by_field_name("superclass").is_some()
            || node.child_by_field_name("interfaces").is_some()
            || node.child_by_field_name("type_parameters").is_some();
        let mut info = ClassInfo {
            name,
            skipped: Vec::new(),
            has_initializer_block: false,
            has_superclass: node.child_by_field_name("superclass").is_some(),
            span: span_of(node),
            fields: Vec::new(),
            field_nodes: Vec::new(),
            sigs: Vec::new(),
            method_nodes: Vec::new(),
            extends_something,
        };
        let Some(body) = node.child_by_field_name("body") else {
            return Ok(info);
        };
        for member in named_children(body) {
            match member.kind() {
                "field_declaration" => {
                    let is_static = has_modifier(member, self.src, "static");
                    let is_final = has_modifier(member, self.src, "final");
                    let type_node = member
                        .child_by_field_name("type")
                        .ok_or_else(|| self.diag(member, "a field without a type"))?;
                    // A field of a type outside the subset spoils only the methods using it.
                    let (base, unsupported) = match self.ty(type_node) {
                        Ok(t) => (t, None),
                        Err(d) => (Type::Void, Some(d)),
                    };
                    let mut cursor = member.walk();
                    let declarators: Vec<Node> = member
                        .children_by_field_name("declarator", &mut cursor)
                        .collect();
                    for d in declarators {
                        let name_node = d
                            .child_by_field_name("name")
                            .ok_or_else(|| self.diag(d, "a field without a name"))?;
                        let ty = self.with_dimensions(base.clone(), d);
                        let name = self.text(name_node).to_string();
                        if info.fields.iter().any(|f| f.name == name) {
                            return Err(self.diag(
                                name_node,
                                format!(
                                    "variable {name} is already defined in class {}",
                                    info.name
                                ),
                            ));
                        }
                        if let Some(d) = &unsupported {
                            info.skipped.push(Diagnostic {
                                message: format!("field {name}: {}", d.message),
                                ..d.clone()
                            });
                        }
                        info.fields.push(Field {
                            name,
                            ty,
                            is_static,
                            is_final,
                            span: span_of(d),
                            init: None,
                            constant: None,
                            unsupported: unsupported.clone(),
                        });
                        info.field_nodes.push(d.child_by_field_name("value"));
                    }
                }
                "method_declaration" | "constructor_declaration" => {
                    let sig = self.signature(member, &info.name);
                    info.sigs.push(sig);
                    info.method_nodes.push(member);
                }
                "block" | "static_initializer" => {
                    info.has_initializer_block = true;
                    info.skipped.push(self.diag(
                        member,
                        "an initializer block is outside the supported subset (the class's methods are not analysed)",
                    ));
                }
                "class_declaration"
                | "interface_declaration"
                | "enum_declaration"
                | "record_declaration"
                | "annotation_type_declaration" => {
                    let what = member
                        .kind()
                        .trim_end_matches("_declaration")
                        .replace('_', " ");
                    let name = member
                        .child_by_field_name("name")
                        .map(|n| self.text(n).to_string())
                        .unwrap_or_default();
                    info.skipped.push(self.diag(
                        member,
                        format!("nested {what} {name} is outside the supported subset"),
                    ));
                }
                _ => {}
            }
        }
        Ok(info)
    }

    fn signature(&self, node: Node, class_name: &str) -> Result<Signature, Diagnostic> {
        let is_constructor = node.kind() == "constructor_declaration";
        let name = node
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string())
            .unwrap_or_default();
        if is_constructor && name != class_name {
            return Err(self.diag(node, "invalid method declaration; return type required"));
        }
        if node.child_by_field_name("type_parameters").is_some() {
            return Err(self.diag(node, "generic methods are outside the supported subset"));
        }
        let ret = if is_constructor {
            Type::Void
        } else {
            let t = node
                .child_by_field_name("type")
                .ok_or_else(|| self.diag(node, "a method without a return type"))?;
            let t = self.ty(t)?;
            // `int f()[]` style dimensions after the parameters.
            self.with_dimensions(t, node)
        };
        let mut params = Vec::new();
        let mut param_names = Vec::new();
        let mut param_spans = Vec::new();
        let mut param_final = Vec::new();
        if let Some(list) = node.child_by_field_name("parameters") {
            for p in named_children(list) {
                if p.kind() != "formal_parameter" {
                    return Err(self.diag(
                        p,
                        format!("{} parameters are outside the supported subset", p.kind()),
                    ));
                }
                let t = p
                    .child_by_field_name("type")
                    .ok_or_else(|| self.diag(p, "a parameter without a type"))?;
                let t = self.with_dimensions(self.ty(t)?, p);
                let n = p
                    .child_by_field_name("name")
                    .ok_or_else(|| self.diag(p, "a parameter without a name"))?;
                params.push(t);
                param_names.push(self.text(n).to_string());
                param_spans.push(span_of(n));
                param_final.push(has_modifier(p, self.src, "final"));
            }
        }
        if node.child_by_field_name("body").is_none() {
            return Err(self.diag(node, "abstract and native methods have no body to analyse"));
        }
        Ok(Signature {
            name,
            is_static: has_modifier(node, self.src, "static"),
            is_constructor,
            is_private: has_modifier(node, self.src, "private"),
            params,
            param_names,
            param_spans,
            param_final,
            ret,
            span: span_of(node),
        })
    }

    /// Adds C-style dimensions (`int a[]`) written after a declarator's name.
    fn with_dimensions(&self, mut ty: Type, declarator: Node) -> Type {
        if let Some(d) = declarator.child_by_field_name("dimensions") {
            for _ in 0..self.text(d).matches('[').count() {
                ty = Type::array_of(ty);
            }
        }
        ty
    }

    fn ty(&self, node: Node) -> Result<Type, Diagnostic> {
        match node.kind() {
            "integral_type" | "floating_point_type" | "boolean_type" | "void_type" => {
                Type::from_keyword(self.text(node))
                    .ok_or_else(|| self.diag(node, format!("unknown type {}", self.text(node))))
            }
            "type_identifier" | "scoped_type_identifier" => match self.text(node) {
                "String" | "java.lang.String" => Ok(Type::String),
                other => Err(self.diag(
                    node,
                    format!("type {other} is outside the supported subset (primitives, String and arrays of them)"),
                )),
            },
            "array_type" => {
                let element = node
                    .child_by_field_name("element")
                    .ok_or_else(|| self.diag(node, "an array type without an element type"))?;
                let mut ty = self.ty(element)?;
                let dims = node
                    .child_by_field_name("dimensions")
                    .map(|d| self.text(d).matches('[').count())
                    .unwrap_or(1);
                for _ in 0..dims {
                    ty = Type::array_of(ty);
                }
                Ok(ty)
            }
            _ => Err(self.diag(
                node,
                format!(
                    "type {} is outside the supported subset (primitives, String and arrays of them)",
                    self.text(node)
                ),
            )),
        }
    }

    fn method_body(&self, class: u32, sig: &Signature, node: Node) -> Result<Body, Diagnostic> {
        if let Some(e) = first_error(node) {
            let what = if e.is_missing() {
                format!("syntax error: missing {}", e.kind())
            } else {
                "syntax error".to_string()
            };
            return Err(self.diag(e, what));
        }
        let body = node
            .child_by_field_name("body")
            .ok_or_else(|| self.diag(node, "no body"))?;
        let mut checker = MethodChecker::new(self, class, sig.is_static, sig.ret.clone());
        checker.is_constructor = sig.is_constructor;
        for (i, ty) in sig.params.iter().enumerate() {
            checker.declare_param(&sig.param_names[i], ty.clone(), sig.param_spans[i]);
            checker.locals[i].is_final = sig.param_final[i];
        }
        checker.body(body).map_err(|e| self.diag(e.node, e.message))
    }
}

fn inside_method_body(node: Node) -> bool {
    let mut n = node;
    while let Some(p) = n.parent() {
        if matches!(p.kind(), "method_declaration" | "constructor_declaration") {
            return true;
        }
        n = p;
    }
    false
}

/// A method that calls an unsupported one cannot run either: give it the callee's reason.
fn mark_unsupported_callers(classes: &mut [Class], path: &str) {
    loop {
        let mut changed = false;
        for ci in 0..classes.len() {
            for mi in 0..classes[ci].methods.len() {
                let Ok(body) = &classes[ci].methods[mi].body else {
                    continue;
                };
                let mut bad = None;
                visit_stmts(&body.stmts, &mut |e: &Expr| {
                    if let ExprKind::Call { method, .. } = &e.kind {
                        let callee =
                            &classes[method.class as usize].methods[method.method as usize];
                        if callee.body.is_err() && bad.is_none() {
                            bad = Some((e.span, callee.signature()));
                        }
                    }
                });
                if let Some((span, name)) = bad {
                    classes[ci].methods[mi].body = Err(Diagnostic {
                        path: path.to_string(),
                        line: span.line,
                        column: span.column,
                        message: format!("calls {name}, which is outside the supported subset"),
                    });
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// Calls `f` on `e` and every expression inside it, outermost first.
pub fn visit_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    for c in e.children() {
        visit_expr(c, f);
    }
}

/// Calls `f` on every expression of the statements, outermost first.
pub fn visit_stmts(stmts: &[Stmt], f: &mut dyn FnMut(&Expr)) {
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

/// Whether a statement can complete normally (JLS §14.22).
type Completes = bool;

/// A checking error inside a method, placed at a node.
struct CheckError<'t> {
    node: Node<'t>,
    message: String,
}

type Checked<'t, T> = Result<T, CheckError<'t>>;

/// Where `break` and `continue` may go.
struct JumpTarget {
    id: NodeId,
    label: Option<String>,
    is_loop: bool,
    is_switch: bool,
    /// Definite-assignment states at the reachable `break`s to this target.
    breaks: Vec<BitVec>,
    /// ... and at the reachable `continue`s.
    continues: Vec<BitVec>,
}

struct MethodChecker<'f, 's, 't> {
    file: &'f FileChecker<'s, 't>,
    class: u32,
    is_static: bool,
    is_constructor: bool,
    ret: Type,
    locals: Vec<Local>,
    scopes: Vec<Vec<(String, LocalId)>>,
    next_id: u32,
    targets: Vec<JumpTarget>,
    /// Definitely assigned locals here (all set where the code cannot be reached).
    assigned: BitVec,
    /// Labels of a labeled statement about to start its loop (so `continue label` finds it).
    pending_label: Option<String>,
}

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    fn new(file: &'f FileChecker<'s, 't>, class: u32, is_static: bool, ret: Type) -> Self {
        MethodChecker {
            file,
            class,
            is_static,
            is_constructor: false,
            ret,
            locals: Vec::new(),
            scopes: vec![Vec::new()],
            next_id: 0,
            targets: Vec::new(),
            assigned: BitVec::new(),
            pending_label: None,
        }
    }

    fn error<T>(&self, node: Node<'t>, message: impl Into<String>) -> Checked<'t, T> {
        Err(CheckError {
            node,
            message: message.into(),
        })
    }

    fn unsupported<T>(&self, node: Node<'t>, what: &str) -> Checked<'t, T> {
        self.error(node, format!("{what} is outside the supported subset"))
    }

    fn text(&self, node: Node) -> &'s str {
        self.file.text(node)
    }

    fn id(&mut self) -> NodeId {
        let id = NodeId(self.next_id);
        self.next_id += 1;
        id
    }

    fn ty(&self, node: Node<'t>) -> Checked<'t, Type> {
        self.file.ty(node).map_err(|d| CheckError {
            node,
            message: d.message,
        })
    }

    fn class(&self) -> &ClassInfo<'t> {
        &self.file.classes[self.class as usize]
    }

    // ---- locals and scopes ----

    fn declare_param(&mut self, name: &str, ty: Type, span: Span) {
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            span,
            is_param: true,
            is_hidden: false,
            is_final: false,
            constant: None,
        });
        self.scopes[0].push((name.to_string(), id));
        self.assigned.push(true);
    }

    fn lookup(&self, name: &str) -> Option<LocalId> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, id)| *id)
    }

    fn declare_local(
        &mut self,
        name_node: Node<'t>,
        ty: Type,
        is_final: bool,
    ) -> Checked<'t, LocalId> {
        let name = self.text(name_node).to_string();
        if self.lookup(&name).is_some() {
            return self.error(
                name_node,
                format!("variable {name} is already defined in this method"),
            );
        }
        let id = self.hidden_local(&name, ty, span_of(name_node));
        self.locals[id.0 as usize].is_hidden = false;
        self.locals[id.0 as usize].is_final = is_final;
        self.scopes.last_mut().expect("a scope").push((name, id));
        Ok(id)
    }

    fn hidden_local(&mut self, name: &str, ty: Type, span: Span) -> LocalId {
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            span,
            is_param: false,
            is_hidden: true,
            is_final: false,
            constant: None,
        });
        self.assigned.push(false);
        id
    }

    fn all_assigned(&self) -> BitVec {
        BitVec::repeat(true, self.assigned.len())
    }

    /// Intersection of two assignment states (they may differ in length when locals were
    /// declared in between: the new ones count as unassigned in the shorter).
    fn meet(a: &BitVec, b: &BitVec) -> BitVec {
        let n = a.len().max(b.len());
        let mut out = BitVec::repeat(false, n);
        for i in 0..n {
            let x = a.get(i).map(|b| *b).unwrap_or(false);
            let y = b.get(i).map(|b| *b).unwrap_or(false);
            out.set(i, x && y);
        }
        out
    }

    /// The assignment state after a statement: `normal` (its normal completion) met with the
    /// states at the `break`s that leave it.
    fn after_breaks(normal: BitVec, target: &JumpTarget) -> BitVec {
        target
            .breaks
            .iter()
            .fold(normal, |after, b| Self::meet(&after, b))
    }

    fn set_assigned(&mut self, state: BitVec) {
        let mut s = state;
        s.resize(self.locals.len(), false);
        self.assigned = s;
    }

    // ---- statements ----

    fn body(mut self, block: Node<'t>) -> Checked<'t, Body> {
        let (stmts, completes) = self.block_statements(block)?;
        if completes && self.ret != Type::Void {
            let close = block
                .child(block.child_count().saturating_sub(1))
                .unwrap_or(block);
            return self.error(close, "missing return statement");
        }
        Ok(Body {
            locals: self.locals,
            stmts,
            node_count: self.next_id,
        })
    }

    /// The statements of a block (or a constructor body) in a new scope, and whether the block
    /// can complete normally.
    fn block_statements(&mut self, block: Node<'t>) -> Checked<'t, (Vec<Stmt>, Completes)> {
        self.scopes.push(Vec::new());
        let result = self.statement_list(statement_children(block));
        self.scopes.pop();
        result
    }

    fn statement_list(&mut self, nodes: Vec<Node<'t>>) -> Checked<'t, (Vec<Stmt>, Completes)> {
        let mut stmts = Vec::new();
        let mut completes = true;
        for child in nodes {
            if !completes {
                return self.error(child, "unreachable statement");
            }
            if child.kind() == "explicit_constructor_invocation" {
                return self.unsupported(child, "calling another constructor");
            }
            let (s, c) = self.statement(child)?;
            completes = c;
            stmts.push(s);
        }
        Ok((stmts, completes))
    }

    /// A substatement (the body of an `if` or a loop) in its own scope.
    fn substatement(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        if node.kind() == "local_variable_declaration" {
            return self.error(node, "variable declaration not allowed here");
        }
        self.scopes.push(Vec::new());
        let r = self.statement(node);
        self.scopes.pop();
        r
    }

    fn unreachable_from_here(&mut self) {
        self.assigned = self.all_assigned();
    }

    fn statement(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        let (kind, completes) = match node.kind() {
            ";" => (StmtKind::Empty, true),
            "block" => {
                let (stmts, c) = self.block_statements(node)?;
                (StmtKind::Block(stmts), c)
            }
            "local_variable_declaration" => (self.local_declaration(node)?, true),
            "expression_statement" => {
                let inner = named_children(node)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "an empty expression statement".into(),
                    })?;
                let e = self.statement_expression(inner)?;
                (StmtKind::Expr(e), true)
            }
            "if_statement" => {
                let cond_node = self.field(node, "condition")?;
                let (cond, when_true, when_false) = self.condition(cond_node)?;
                self.set_assigned(when_true);
                let (then, then_completes) = self.substatement(self.field(node, "consequence")?)?;
                let after_then = self.assigned.clone();
                self.set_assigned(when_false);
                let (otherwise, else_completes) = match node.child_by_field_name("alternative") {
                    Some(alt) => {
                        let (s, c) = self.substatement(alt)?;
                        (Some(Box::new(s)), c)
                    }
                    None => (None, true),
                };
                let after = Self::meet(&after_then, &self.assigned);
                self.set_assigned(after);
                (
                    StmtKind::If {
                        cond,
                        then: Box::new(then),
                        otherwise,
                    },
                    then_completes || else_completes,
                )
            }
            "while_statement" => {
                let id = self.id();
                let cond_node = self.field(node, "condition")?;
                let (cond, when_true, when_false) = self.condition(cond_node)?;
                let constant = self.constant(&cond).and_then(|c| c.as_bool());
                let body_node = self.field(node, "body")?;
                if constant == Some(false) {
                    return self.error(body_node, "unreachable statement");
                }
                self.push_target(id, true, false);
                self.set_assigned(when_true);
                let (body, _) = self.substatement(body_node)?;
                let target = self.targets.pop().expect("pushed");
                let after = Self::after_breaks(when_false, &target);
                self.set_assigned(after);
                let completes = constant != Some(true) || !target.breaks.is_empty();
                return Ok((
                    Stmt {
                        id,
                        span,
                        kind: StmtKind::While {
                            cond,
                            body: Box::new(body),
                        },
                    },
                    completes,
                ));
            }
            "do_statement" => {
                let id = self.id();
                self.push_target(id, true, false);
                let (body, body_completes) = self.substatement(self.field(node, "body")?)?;
                let mut before_cond = if body_completes {
                    self.assigned.clone()
                } else {
                    self.all_assigned()
                };
                let target_continues = self.targets.last().expect("pushed").continues.clone();
                for c in &target_continues {
                    before_cond = Self::meet(&before_cond, c);
                }
                self.set_assigned(before_cond);
                let (cond, _, when_false) = self.condition(self.field(node, "condition")?)?;
                let target = self.targets.pop().expect("pushed");
                let constant = self.constant(&cond).and_then(|c| c.as_bool());
                let after = Self::after_breaks(when_false, &target);
                self.set_assigned(after);
                let completes = ((body_completes || !target.continues.is_empty())
                    && constant != Some(true))
                    || !target.breaks.is_empty();
                return Ok((
                    Stmt {
                        id,
                        span,
                        kind: StmtKind::Do {
                            body: Box::new(body),
                            cond,
                        },
                    },
                    completes,
                ));
            }
            "for_statement" => return self.for_statement(node),
            "enhanced_for_statement" => return self.for_each(node),
            "labeled_statement" => {
                let id = self.id();
                let children = named_children(node);
                let label_node = children
                    .iter()
                    .find(|c| c.kind() == "identifier")
                    .copied()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "a label without a name".into(),
                    })?;
                let label = self.text(label_node).to_string();
                if self
                    .targets
                    .iter()
                    .any(|t| t.label.as_deref() == Some(&label))
                {
                    return self.error(label_node, format!("label {label} already in use"));
                }
                // The labeled statement: the child after the colon (`;` is not a named node).
                let inner = {
                    let mut cursor = node.walk();
                    let all: Vec<Node> = node.children(&mut cursor).collect();
                    all.into_iter()
                        .skip_while(|c| c.kind() != ":")
                        .skip(1)
                        .find(|c| !is_comment(*c))
                }
                .ok_or_else(|| CheckError {
                    node,
                    message: "a label without a statement".into(),
                })?;
                self.targets.push(JumpTarget {
                    id,
                    label: Some(label.clone()),
                    is_loop: false,
                    is_switch: false,
                    breaks: Vec::new(),
                    continues: Vec::new(),
                });
                let is_loop = matches!(
                    inner.kind(),
                    "while_statement" | "do_statement" | "for_statement" | "enhanced_for_statement"
                );
                if is_loop {
                    self.pending_label = Some(label.clone());
                }
                let (body, body_completes) = self.substatement(inner)?;
                self.pending_label = None;
                let target = self.targets.pop().expect("pushed");
                let normal = if body_completes {
                    self.assigned.clone()
                } else {
                    self.all_assigned()
                };
                let after = Self::after_breaks(normal, &target);
                self.set_assigned(after);
                return Ok((
                    Stmt {
                        id,
                        span,
                        kind: StmtKind::Labeled {
                            label,
                            body: Box::new(body),
                        },
                    },
                    body_completes || !target.breaks.is_empty(),
                ));
            }
            "break_statement" | "continue_statement" => {
                let is_break = node.kind() == "break_statement";
                let label = named_children(node)
                    .into_iter()
                    .find(|c| c.kind() == "identifier")
                    .map(|l| self.text(l).to_string());
                let state = self.assigned.clone();
                let index = self.targets.iter().rposition(|t| match &label {
                    Some(l) => t.label.as_deref() == Some(l.as_str()) && (is_break || t.is_loop),
                    None => t.is_loop || (is_break && t.is_switch),
                });
                let Some(index) = index else {
                    let what = match (&label, is_break) {
                        (Some(l), _) => format!("undefined label: {l}"),
                        (None, true) => "break outside switch or loop".to_string(),
                        (None, false) => "continue outside of loop".to_string(),
                    };
                    return self.error(node, what);
                };
                let target = &mut self.targets[index];
                let target_id = target.id;
                if is_break {
                    target.breaks.push(state);
                } else {
                    target.continues.push(state);
                }
                self.unreachable_from_here();
                let kind = if is_break {
                    StmtKind::Break { target: target_id }
                } else {
                    StmtKind::Continue { target: target_id }
                };
                (kind, false)
            }
            "return_statement" => {
                let value = named_children(node).into_iter().next();
                let kind = match (value, &self.ret) {
                    (None, Type::Void) => StmtKind::Return(None),
                    (None, _) => return self.error(node, "missing return value"),
                    (Some(v), Type::Void) => {
                        return self.error(v, "incompatible types: unexpected return value");
                    }
                    (Some(v), ret) => {
                        let ret = ret.clone();
                        let e = self.expr(v)?;
                        StmtKind::Return(Some(self.assignable(e, &ret, v)?))
                    }
                };
                self.unreachable_from_here();
                (kind, false)
            }
            "throw_statement" => {
                let value = named_children(node)
                    .into_iter()
                    .next()
                    .ok_or_else(|| CheckError {
                        node,
                        message: "throw without an exception".into(),
                    })?;
                if value.kind() != "object_creation_expression" {
                    return self.unsupported(value, "throwing anything but `new E(...)`");
                }
                let ty = self.field(value, "type")?;
                let exception = self.exception_name(ty)?;
                let mut args = Vec::new();
                if let Some(list) = value.child_by_field_name("arguments") {
                    for a in named_children(list) {
                        args.push(self.expr(a)?);
                    }
                }
                if value.child_by_field_name("body").is_some() {
                    return self.unsupported(value, "an anonymous class");
                }
                match args.as_slice() {
                    [] => {}
                    [m] if matches!(m.ty, Type::String | Type::Null) => {}
                    _ => {
                        return self.error(
                            value,
                            "roth supports exceptions made with no argument or one String message",
                        );
                    }
                }
                self.unreachable_from_here();
                (StmtKind::Throw { exception, args }, false)
            }
            "switch_expression" => return self.switch(node),
            "try_statement" | "try_with_resources_statement" => {
                return self.unsupported(node, "try/catch");
            }
            "assert_statement" => return self.unsupported(node, "assert"),
            "synchronized_statement" => return self.unsupported(node, "synchronized"),
            "local_class_declaration" | "class_declaration" => {
                return self.unsupported(node, "a local class");
            }
            "yield_statement" => return self.unsupported(node, "yield"),
            other => return self.unsupported(node, &format!("the statement kind {other}")),
        };
        let id = self.id();
        Ok((Stmt { id, span, kind }, completes))
    }

    fn field(&self, node: Node<'t>, name: &str) -> Checked<'t, Node<'t>> {
        node.child_by_field_name(name).ok_or_else(|| CheckError {
            node,
            message: format!("missing {name}"),
        })
    }

    fn push_target(&mut self, id: NodeId, is_loop: bool, is_switch: bool) {
        let label = if is_loop {
            self.pending_label.take()
        } else {
            None
        };
        self.targets.push(JumpTarget {
            id,
            label,
            is_loop,
            is_switch,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
    }

    fn exception_name(&self, ty: Node<'t>) -> Checked<'t, String> {
        let name = self.text(ty);
        if name.contains('.') {
            return Ok(name.to_string());
        }
        if let Some(import) = self
            .file
            .imports
            .iter()
            .find(|i| i.rsplit('.').next() == Some(name))
        {
            return Ok(import.clone());
        }
        if self.file.classes.iter().any(|c| c.name == name) {
            return Ok(match &self.file.package {
                Some(p) => format!("{p}.{name}"),
                None => name.to_string(),
            });
        }
        if JAVA_LANG_EXCEPTIONS.contains(&name) {
            return Ok(format!("java.lang.{name}"));
        }
        self.error(ty, format!("cannot find symbol: class {name}"))
    }

    fn local_declaration(&mut self, node: Node<'t>) -> Checked<'t, StmtKind> {
        let is_final = has_modifier(node, self.file.src, "final");
        let type_node = self.field(node, "type")?;
        if self.text(type_node) == "var" {
            return self.unsupported(type_node, "`var`");
        }
        let base = self.ty(type_node)?;
        let mut cursor = node.walk();
        let declarators: Vec<Node> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        let mut decls = Vec::new();
        for d in declarators {
            let name = self.field(d, "name")?;
            let ty = self.file.with_dimensions(base.clone(), d);
            let id = self.declare_local(name, ty.clone(), is_final)?;
            let init = match d.child_by_field_name("value") {
                Some(v) => {
                    let e = self.initializer(v, &ty)?;
                    self.assigned.set(id.0 as usize, true);
                    if is_final && (ty.is_primitive() || ty == Type::String) {
                        self.locals[id.0 as usize].constant = self.constant(&e);
                    }
                    Some(e)
                }
                None => None,
            };
            decls.push((id, init));
        }
        Ok(StmtKind::Locals(decls))
    }

    /// A variable initializer: an expression, or an array initializer for an array type.
    fn initializer(&mut self, node: Node<'t>, ty: &Type) -> Checked<'t, Expr> {
        if node.kind() == "array_initializer" {
            return self.array_literal(node, ty);
        }
        let e = self.expr(node)?;
        self.assignable(e, ty, node)
    }

    fn array_literal(&mut self, node: Node<'t>, ty: &Type) -> Checked<'t, Expr> {
        let Some(element) = ty.element().cloned() else {
            return self.error(node, format!("illegal initializer for {ty}"));
        };
        let mut items = Vec::new();
        for item in named_children(node) {
            items.push(self.initializer(item, &element)?);
        }
        Ok(Expr {
            id: self.id(),
            span: span_of(node),
            ty: ty.clone(),
            kind: ExprKind::ArrayLiteral(items),
        })
    }

    fn for_statement(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        self.scopes.push(Vec::new());
        let id = self.id();
        let mut init = Vec::new();
        let mut cursor = node.walk();
        let init_nodes: Vec<Node> = node.children_by_field_name("init", &mut cursor).collect();
        for i in init_nodes {
            let s_span = span_of(i);
            let kind = if i.kind() == "local_variable_declaration" {
                self.local_declaration(i)?
            } else {
                StmtKind::Expr(self.statement_expression(i)?)
            };
            init.push(Stmt {
                id: self.id(),
                span: s_span,
                kind,
            });
        }
        let (cond, when_true, when_false, constant) = match node.child_by_field_name("condition") {
            Some(c) => {
                let (e, t, f) = self.condition(c)?;
                let k = self.constant(&e).and_then(|c| c.as_bool());
                (Some(e), t, f, k)
            }
            None => (None, self.assigned.clone(), self.all_assigned(), Some(true)),
        };
        let body_node = self.field(node, "body")?;
        if constant == Some(false) {
            return self.error(body_node, "unreachable statement");
        }
        self.push_target(id, true, false);
        self.set_assigned(when_true);
        let (body, body_completes) = self.substatement(body_node)?;
        let mut before_update = if body_completes {
            self.assigned.clone()
        } else {
            self.all_assigned()
        };
        for c in &self.targets.last().expect("pushed").continues.clone() {
            before_update = Self::meet(&before_update, c);
        }
        self.set_assigned(before_update);
        let mut update = Vec::new();
        let mut cursor = node.walk();
        let update_nodes: Vec<Node> = node.children_by_field_name("update", &mut cursor).collect();
        for u in update_nodes {
            update.push(self.statement_expression(u)?);
        }
        let target = self.targets.pop().expect("pushed");
        let after = Self::after_breaks(when_false, &target);
        self.scopes.pop();
        self.set_assigned(after);
        let completes = constant != Some(true) || !target.breaks.is_empty();
        Ok((
            Stmt {
                id,
                span,
                kind: StmtKind::For {
                    init,
                    cond,
                    update,
                    body: Box::new(body),
                },
            },
            completes,
        ))
    }

    fn for_each(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        let id = self.id();
        let value_node = self.field(node, "value")?;
        let array = self.expr(value_node)?;
        let Some(element) = array.ty.element().cloned() else {
            return self.error(value_node, "for-each not applicable to expression type");
        };
        self.scopes.push(Vec::new());
        let type_node = self.field(node, "type")?;
        if self.text(type_node) == "var" {
            return self.unsupported(type_node, "`var`");
        }
        let ty = self.ty(type_node)?;
        let name = self.field(node, "name")?;
        let is_final = has_modifier(node, self.file.src, "final");
        let array_local = self.hidden_local("$array", array.ty.clone(), span_of(value_node));
        let index_local = self.hidden_local("$index", Type::Int, span_of(value_node));
        let before = self.assigned.clone();
        let var = self.declare_local(name, ty.clone(), is_final)?;
        if !element.widens_to(&ty) {
            return self.error(
                type_node,
                format!("incompatible types: {element} cannot be converted to {ty}"),
            );
        }
        self.assigned.set(var.0 as usize, true);
        self.assigned.set(array_local.0 as usize, true);
        self.assigned.set(index_local.0 as usize, true);
        self.push_target(id, true, false);
        let (body, _) = self.substatement(self.field(node, "body")?)?;
        let target = self.targets.pop().expect("pushed");
        let after = Self::after_breaks(before, &target);
        self.scopes.pop();
        self.set_assigned(after);
        Ok((
            Stmt {
                id,
                span,
                kind: StmtKind::ForEach {
                    var,
                    array,
                    array_local,
                    index_local,
                    body: Box::new(body),
                },
            },
            true,
        ))
    }

    fn switch(&mut self, node: Node<'t>) -> Checked<'t, (Stmt, Completes)> {
        let span = span_of(node);
        let id = self.id();
        let cond_node = self.field(node, "condition")?;
        let scrutinee = self.expr(cond_node)?;
        let scrutinee = match scrutinee.ty {
            Type::Char | Type::Byte | Type::Short | Type::Int | Type::String => scrutinee,
            ref other => {
                return self.error(
                    cond_node,
                    format!("switch on {other} is outside the supported subset (Java allows int, char, short, byte, String)"),
                );
            }
        };
        let body = self.field(node, "body")?;
        let before = self.assigned.clone();
        self.scopes.push(Vec::new());
        self.push_target(id, false, true);
        let mut groups = Vec::new();
        let mut seen: Vec<Const> = Vec::new();
        let mut has_default = false;
        let mut completes = true;
        let mut state = before.clone();
        for group in named_children(body) {
            if group.kind() == "switch_rule" {
                return self.unsupported(group, "a `case ->` switch rule");
            }
            if group.kind() != "switch_block_statement_group" {
                return self.unsupported(group, &format!("{} in a switch", group.kind()));
            }
            let mut labels = Vec::new();
            let mut stmts_nodes = Vec::new();
            for child in statement_children(group) {
                if child.kind() == "switch_label" {
                    let values = named_children(child);
                    if values.is_empty() {
                        if has_default {
                            return self.error(child, "duplicate default label");
                        }
                        has_default = true;
                        labels.push(None);
                    }
                    for v in values {
                        let e = self.expr(v)?;
                        let e = self.assignable(e, &scrutinee.ty.clone(), v)?;
                        let Some(c) = self.constant(&e) else {
                            return self.error(v, "constant expression required");
                        };
                        if seen.contains(&c) {
                            return self.error(v, "duplicate case label");
                        }
                        seen.push(c.clone());
                        labels.push(Some(c));
                    }
                } else {
                    stmts_nodes.push(child);
                }
            }
            // Entering a group: from the scrutinee (a label) or falling through.
            let entry = if completes {
                Self::meet(&state, &before)
            } else {
                before.clone()
            };
            self.set_assigned(entry);
            let (stmts, c) = self.statement_list(stmts_nodes)?;
            completes = c;
            state = self.assigned.clone();
            groups.push(SwitchGroup { labels, stmts });
        }
        let target = self.targets.pop().expect("pushed");
        self.scopes.pop();
        let mut after = if completes {
            state
        } else {
            self.all_assigned()
        };
        if !has_default {
            after = Self::meet(&after, &before);
        }
        after = Self::after_breaks(after, &target);
        self.set_assigned(after);
        let switch_completes = completes || !has_default || !target.breaks.is_empty();
        Ok((
            Stmt {
                id,
                span,
                kind: StmtKind::Switch { scrutinee, groups },
            },
            switch_completes,
        ))
    }

    fn statement_expression(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        match node.kind() {
            "assignment_expression" | "update_expression" | "method_invocation" => self.expr(node),
            "object_creation_expression" => self.unsupported(node, "creating an object"),
            _ => self.error(node, "not a statement"),
        }
    }
}

// ---- expressions ----

fn parse_int_literal(text: &str) -> Option<(Type, u64, bool)> {
    // (type, magnitude as written, decimal?)
    let t: String = text.chars().filter(|c| *c != '_').collect();
    let (body, long) = match t.strip_suffix(['l', 'L']) {
        Some(b) => (b.to_string(), true),
        None => (t.clone(), false),
    };
    let (digits, radix) = if let Some(h) = body.strip_prefix("0x").or(body.strip_prefix("0X")) {
        (h.to_string(), 16)
    } else if let Some(b) = body.strip_prefix("0b").or(body.strip_prefix("0B")) {
        (b.to_string(), 2)
    } else if body.len() > 1 && body.starts_with('0') {
        (body[1..].to_string(), 8)
    } else {
        (body.clone(), 10)
    };
    let v = u64::from_str_radix(&digits, radix).ok()?;
    Some((if long { Type::Long } else { Type::Int }, v, radix == 10))
}

/// Decodes the escapes of a char or string literal's inside.
fn unescape(inner: &str) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    let chars: Vec<char> = inner.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' {
            let mut buf = [0u16; 2];
            out.extend_from_slice(c.encode_utf16(&mut buf));
            i += 1;
            continue;
        }
        i += 1;
        let e = *chars.get(i)?;
        i += 1;
        match e {
            'b' => out.push(8),
            't' => out.push(9),
            'n' => out.push(10),
            'f' => out.push(12),
            'r' => out.push(13),
            's' => out.push(32),
            '"' => out.push(34),
            '\'' => out.push(39),
            '\\' => out.push(92),
            'u' => {
                while chars.get(i) == Some(&'u') {
                    i += 1;
                }
                let hex: String = chars.get(i..i + 4)?.iter().collect();
                out.push(u16::from_str_radix(&hex, 16).ok()?);
                i += 4;
            }
            '0'..='7' => {
                let mut v = e.to_digit(8)?;
                let max_len = if e <= '3' { 3 } else { 2 };
                let mut len = 1;
                while len < max_len {
                    match chars.get(i).and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            i += 1;
                            len += 1;
                        }
                        None => break,
                    }
                }
                out.push(v as u16);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// Classes whose constant fields a program may name (`Integer.MAX_VALUE`, `Math.PI`).
fn library_constant(class: &str, field: &str) -> Option<Const> {
    Some(match (class, field) {
        ("Integer", "MAX_VALUE") => Const::Int(Type::Int, i32::MAX as i64),
        ("Integer", "MIN_VALUE") => Const::Int(Type::Int, i32::MIN as i64),
        ("Long", "MAX_VALUE") => Const::Int(Type::Long, i64::MAX),
        ("Long", "MIN_VALUE") => Const::Int(Type::Long, i64::MIN),
        ("Short", "MAX_VALUE") => Const::Int(Type::Short, i16::MAX as i64),
        ("Short", "MIN_VALUE") => Const::Int(Type::Short, i16::MIN as i64),
        ("Byte", "MAX_VALUE") => Const::Int(Type::Byte, i8::MAX as i64),
        ("Byte", "MIN_VALUE") => Const::Int(Type::Byte, i8::MIN as i64),
        ("Character", "MAX_VALUE") => Const::Int(Type::Char, 0xffff),
        ("Character", "MIN_VALUE") => Const::Int(Type::Char, 0),
        ("Double", "MAX_VALUE") => Const::Double(f64::MAX),
        ("Double", "MIN_VALUE") => Const::Double(f64::from_bits(1)),
        ("Double", "POSITIVE_INFINITY") => Const::Double(f64::INFINITY),
        ("Double", "NEGATIVE_INFINITY") => Const::Double(f64::NEG_INFINITY),
        ("Double", "NaN") => Const::Double(f64::NAN),
        ("Float", "MAX_VALUE") => Const::Float(f32::MAX),
        ("Float", "MIN_VALUE") => Const::Float(f32::from_bits(1)),
        ("Float", "POSITIVE_INFINITY") => Const::Float(f32::INFINITY),
        ("Float", "NEGATIVE_INFINITY") => Const::Float(f32::NEG_INFINITY),
        ("Float", "NaN") => Const::Float(f32::NAN),
        ("Math", "PI") => Const::Double(std::f64::consts::PI),
        ("Math", "E") => Const::Double(std::f64::consts::E),
        _ => return None,
    })
}

use crate::program::reader::semantics::{self as sem, Kind};

/// Folds `e`, an expression of `body` in `unit`, with the constant variables both declare
/// (the locals and fields a checked program marks constant).
pub fn fold_in(unit: &Unit, body: &Body, e: &Expr) -> Option<Const> {
    let local = |id: LocalId| body.locals.get(id.0 as usize)?.constant.clone();
    fold(e, &local, &|r| field_constant(unit, r))
}

/// Folds `e`, an expression of a class of `unit` outside any method (a field's initializer:
/// no locals), with the constant fields.
pub fn fold_in_class(unit: &Unit, e: &Expr) -> Option<Const> {
    fold(e, &|_| None, &|r| field_constant(unit, r))
}

fn field_constant(unit: &Unit, r: FieldRef) -> Option<Const> {
    unit.classes
        .get(r.class as usize)?
        .fields
        .get(r.field as usize)?
        .constant
        .clone()
}

/// Folds a constant expression (JLS §15.29) with the interpreter's semantics.
pub fn fold(
    e: &Expr,
    local_constant: &dyn Fn(LocalId) -> Option<Const>,
    field_constant: &dyn Fn(FieldRef) -> Option<Const>,
) -> Option<Const> {
    let f = |x: &Expr| fold(x, local_constant, field_constant);
    let from_bits = |ty: &Type, bits: i64| -> Const {
        match ty {
            Type::Float => Const::Float(sem::f32_of(bits)),
            Type::Double => Const::Double(sem::f64_of(bits)),
            t => Const::Int(t.clone(), bits),
        }
    };
    match &e.kind {
        ExprKind::Literal(c) => Some(c.clone()),
        ExprKind::Local(id) => local_constant(*id),
        ExprKind::Field(r) => field_constant(*r),
        ExprKind::Convert(inner) | ExprKind::Cast(inner) => {
            let c = f(inner)?;
            match (&c, &e.ty) {
                (Const::Str(_), Type::String) => Some(c),
                (Const::Str(_), _) => None,
                (_, Type::String) => {
                    let s = crate::program::reader::text::primitive_to_string(
                        Kind::of(&c.ty()),
                        c.bits()?,
                    );
                    Some(Const::Str(Arc::from(crate::program::reader::text::utf16(
                        &s,
                    ))))
                }
                (_, ty) if ty.is_primitive() => Some(from_bits(
                    ty,
                    sem::convert(Kind::of(&c.ty()), Kind::of(ty), c.bits()?),
                )),
                _ => None,
            }
        }
        ExprKind::Unary(op, inner) => {
            let c = f(inner)?;
            let k = Kind::of(&e.ty);
            let v = c.bits()?;
            Some(from_bits(
                &e.ty,
                match op {
                    UnaryOp::Neg => sem::negate(k, v),
                    UnaryOp::Plus => v,
                    UnaryOp::BitNot => sem::bit_not(v),
                    UnaryOp::Not => i64::from(v == 0),
                },
            ))
        }
        ExprKind::Binary {
            op,
            op_type,
            left,
            right,
        } => {
            let (a, b) = (f(left)?, f(right)?);
            let k = Kind::of(op_type);
            if *op == BinaryOp::CondAnd || *op == BinaryOp::CondOr {
                let (x, y) = (a.as_bool()?, b.as_bool()?);
                let v = if *op == BinaryOp::CondAnd {
                    x && y
                } else {
                    x || y
                };
                return Some(Const::Int(Type::Boolean, i64::from(v)));
            }
            if op.is_comparison() {
                if k == Kind::Ref {
                    return None;
                }
                let v = sem::compare(*op, k, a.bits()?, b.bits()?);
                return Some(Const::Int(Type::Boolean, i64::from(v)));
            }
            let v = sem::arith(*op, k, a.bits()?, b.bits()?).ok()?;
            Some(from_bits(&e.ty, v))
        }
        ExprKind::Concat(l, r) => {
            let to_units = |c: Const| -> Option<Vec<u16>> {
                match c {
                    Const::Str(s) => Some(s.to_vec()),
                    other => Some(crate::program::reader::text::utf16(
                        &crate::program::reader::text::primitive_to_string(
                            Kind::of(&other.ty()),
                            other.bits()?,
                        ),
                    )),
                }
            };
            let mut s = to_units(f(l)?)?;
            s.extend(to_units(f(r)?)?);
            Some(Const::Str(Arc::from(s)))
        }
        ExprKind::Conditional(c, a, b) => {
            let c = f(c)?.as_bool()?;
            let (x, y) = (f(a)?, f(b)?);
            Some(if c { x } else { y })
        }
        _ => None,
    }
}

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    fn constant(&self, e: &Expr) -> Option<Const> {
        let locals = &self.locals;
        let classes = &self.file.classes;
        fold(
            e,
            &|id| locals.get(id.0 as usize).and_then(|l| l.constant.clone()),
            &|r| {
                classes[r.class as usize].fields[r.field as usize]
                    .constant
                    .clone()
            },
        )
    }

    fn make(&mut self, node: Node<'t>, ty: Type, kind: ExprKind) -> Expr {
        Expr {
            id: self.id(),
            span: span_of(node),
            ty,
            kind,
        }
    }

    /// Wraps `e` in an implicit conversion to `ty` (nothing when it has that type already).
    fn convert(&mut self, e: Expr, ty: &Type) -> Expr {
        if e.ty == *ty {
            return e;
        }
        Expr {
            id: self.id(),
            span: e.span,
            ty: ty.clone(),
            kind: ExprKind::Convert(Box::new(e)),
        }
    }

    /// Assignment conversion (JLS §5.2), with the narrowing of constants.
    fn assignable(&mut self, e: Expr, ty: &Type, node: Node<'t>) -> Checked<'t, Expr> {
        let ok = e.ty == *ty
            || e.ty.widens_to(ty)
            || (e.ty == Type::Null && ty.is_reference())
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
    fn condition(&mut self, node: Node<'t>) -> Checked<'t, (Expr, BitVec, BitVec)> {
        let (e, t, f) = self.boolean(node)?;
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

    fn expr(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
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
                self.unsupported(node, "creating an object")
            }
            "this" => self.unsupported(node, "`this` as a value"),
            "instanceof_expression" => self.unsupported(node, "instanceof"),
            "lambda_expression" => self.unsupported(node, "a lambda"),
            "method_reference" => self.unsupported(node, "a method reference"),
            "switch_expression" => self.unsupported(node, "a switch expression"),
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

    fn cast_of(&mut self, node: Node<'t>, ty: Type, value: Expr) -> Checked<'t, Expr> {
        let ok = (ty.is_numeric() && value.ty.is_numeric())
            || ty == value.ty
            || (value.ty == Type::Null && ty.is_reference());
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

    /// A simple name used as a value.
    fn name(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let e = self.variable(node)?;
        if let ExprKind::Local(id) = e.kind
            && !self
                .assigned
                .get(id.0 as usize)
                .map(|b| *b)
                .unwrap_or(false)
        {
            {
                return self.error(
                    node,
                    format!(
                        "variable {} might not have been initialized",
                        self.text(node)
                    ),
                );
            }
        }
        Ok(e)
    }

    /// A simple name as a variable: a local, else a field of this class.
    fn variable(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let name = self.text(node);
        if let Some(id) = self.lookup(name) {
            let ty = self.locals[id.0 as usize].ty.clone();
            return Ok(self.make(node, ty, ExprKind::Local(id)));
        }
        let class = self.class;
        if let Some(fi) = self.class().fields.iter().position(|f| f.name == name) {
            let field = &self.class().fields[fi];
            if let Some(d) = &field.unsupported {
                return self.error(node, format!("uses field {name}: {}", d.message));
            }
            if !field.is_static && self.is_static {
                return self.error(
                    node,
                    format!(
                        "non-static variable {name} cannot be referenced from a static context"
                    ),
                );
            }
            let ty = field.ty.clone();
            return Ok(self.make(
                node,
                ty,
                ExprKind::Field(FieldRef {
                    class,
                    field: fi as u32,
                }),
            ));
        }
        self.error(node, format!("cannot find symbol: variable {name}"))
    }

    fn field_access(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let object = self.field(node, "object")?;
        let field_node = self.field(node, "field")?;
        let field = self.text(field_node);
        if object.kind() == "this" {
            if self.is_static {
                return self.error(
                    object,
                    "non-static variable this cannot be referenced from a static context",
                );
            }
            let class = self.class;
            let Some(fi) = self
                .class()
                .fields
                .iter()
                .position(|f| f.name == field && !f.is_static)
            else {
                return self.error(field_node, format!("cannot find symbol: variable {field}"));
            };
            if let Some(d) = &self.class().fields[fi].unsupported {
                return self.error(node, format!("uses field {field}: {}", d.message));
            }
            let ty = self.class().fields[fi].ty.clone();
            return Ok(self.make(
                node,
                ty,
                ExprKind::Field(FieldRef {
                    class,
                    field: fi as u32,
                }),
            ));
        }
        if object.kind() == "identifier" {
            let class_name = self.text(object);
            if self.lookup(class_name).is_none()
                && !self.class().fields.iter().any(|f| f.name == class_name)
            {
                if let Some(c) = library_constant(class_name, field) {
                    return Ok(self.make(node, c.ty(), ExprKind::Literal(c)));
                }
                if let Some(ci) = self.file.classes.iter().position(|c| c.name == class_name) {
                    let Some(fi) = self.file.classes[ci]
                        .fields
                        .iter()
                        .position(|f| f.name == field)
                    else {
                        return self
                            .error(field_node, format!("cannot find symbol: variable {field}"));
                    };
                    let f = &self.file.classes[ci].fields[fi];
                    if !f.is_static {
                        return self.error(node, format!("non-static variable {field} cannot be referenced from a static context"));
                    }
                    let ty = f.ty.clone();
                    return Ok(self.make(
                        node,
                        ty,
                        ExprKind::Field(FieldRef {
                            class: ci as u32,
                            field: fi as u32,
                        }),
                    ));
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
        self.error(
            field_node,
            format!("cannot find symbol: {field} in {}", value.ty),
        )
    }

    /// The target of an assignment or `++`/`--`; `read` when its old value is used.
    fn lvalue(&mut self, node: Node<'t>, read: bool) -> Checked<'t, Expr> {
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
                let e = self.field_access(node)?;
                if !matches!(e.kind, ExprKind::Field(_)) {
                    return self.error(node, "unexpected type: required variable, found value");
                }
                e
            }
            "array_access" => self.expr(node)?,
            _ => return self.error(node, "unexpected type: required variable, found value"),
        };
        match &e.kind {
            ExprKind::Local(id) => {
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
            _ => {}
        }
        Ok(e)
    }

    fn mark_assigned(&mut self, target: &Expr) {
        if let ExprKind::Local(id) = target.kind {
            self.assigned.set(id.0 as usize, true);
        }
    }

    fn assignment(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let op_text = self.text(self.field(node, "operator")?);
        let left_node = self.field(node, "left")?;
        let right_node = self.field(node, "right")?;
        if op_text == "=" {
            let target = self.lvalue(left_node, false)?;
            let value = self.expr(right_node)?;
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
        let value = self.expr(right_node)?;
        let t = target.ty.clone();
        if op == BinaryOp::Add && t == Type::String {
            if value.ty == Type::Void {
                return self.error(right_node, "'void' type not allowed here");
            }
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
        let bad = || format!("bad operand types for binary operator '{symbol}'");
        let (op_type, value) = if op.is_shift() {
            if !t.is_integral() || !value.ty.is_integral() {
                return self.error(node, bad());
            }
            let vt = value.ty.promoted();
            (t.promoted(), self.convert(value, &vt))
        } else if op.is_bitwise() && t == Type::Boolean {
            if value.ty != Type::Boolean {
                return self.error(node, bad());
            }
            (Type::Boolean, value)
        } else {
            let numeric_ok = if op.is_bitwise() {
                t.is_integral() && value.ty.is_integral()
            } else {
                t.is_numeric() && value.ty.is_numeric()
            };
            if !numeric_ok {
                return self.error(node, bad());
            }
            let ot = Type::binary_promotion(&t, &value.ty);
            (ot.clone(), self.convert(value, &ot))
        };
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

    fn check_concat_operand(&self, e: &Expr, node: Node<'t>) -> Checked<'t, ()> {
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
        let (lt, rt) = (left.ty.clone(), right.ty.clone());
        let bad = || format!("bad operand types for binary operator '{op_text}': {lt} and {rt}");
        if op == BinaryOp::Add && (lt == Type::String || rt == Type::String) {
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
            } else if lt.is_reference()
                && rt.is_reference()
                && (lt == rt || lt == Type::Null || rt == Type::Null)
            {
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

    fn arguments(&mut self, node: Node<'t>) -> Checked<'t, Vec<(Expr, Node<'t>)>> {
        let mut out = Vec::new();
        if let Some(list) = node.child_by_field_name("arguments") {
            for a in named_children(list) {
                out.push((self.expr(a)?, a));
            }
        }
        Ok(out)
    }

    fn invocation(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let name_node = self.field(node, "name")?;
        let name = self.text(name_node);
        let object = node.child_by_field_name("object");
        if node.child_by_field_name("type_arguments").is_some() {
            return self.unsupported(node, "type arguments");
        }
        match object {
            None => self.user_call(node, self.class, name),
            Some(obj) if obj.kind() == "this" => {
                if self.is_static {
                    return self.error(
                        obj,
                        "non-static variable this cannot be referenced from a static context",
                    );
                }
                self.user_call(node, self.class, name)
            }
            Some(obj) if self.text(obj) == "System.out" => self.print(node, name),
            Some(obj)
                if obj.kind() == "identifier"
                    && self.lookup(self.text(obj)).is_none()
                    && !self.class().fields.iter().any(|f| f.name == self.text(obj)) =>
            {
                let class_name = self.text(obj);
                match class_name {
                    "Math" => self.math(node, name),
                    "String" => self.string_static(node, name),
                    _ => {
                        if let Some(ci) =
                            self.file.classes.iter().position(|c| c.name == class_name)
                        {
                            self.user_call(node, ci as u32, name)
                        } else {
                            self.unsupported(node, &format!("{class_name}.{name}"))
                        }
                    }
                }
            }
            Some(obj) => {
                let receiver = self.expr(obj)?;
                if receiver.ty != Type::String {
                    return self.unsupported(node, &format!("calling {name} on {}", receiver.ty));
                }
                self.string_method(node, receiver, name)
            }
        }
    }

    fn user_call(&mut self, node: Node<'t>, class: u32, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        let sigs = &self.file.classes[class as usize].sigs;
        let applicable: Vec<(usize, &Signature)> = sigs
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().ok().map(|s| (i, s)))
            .filter(|(_, s)| !s.is_constructor && s.name == name && s.params.len() == args.len())
            .filter(|(_, s)| {
                s.params
                    .iter()
                    .zip(&args)
                    .all(|(p, (a, _))| invocation_convertible(&a.ty, p))
            })
            .collect();
        let most_specific: Vec<&(usize, &Signature)> = applicable
            .iter()
            .filter(|(_, s)| {
                applicable.iter().all(|(_, o)| {
                    s.params
                        .iter()
                        .zip(&o.params)
                        .all(|(p, q)| invocation_convertible(p, q))
                })
            })
            .collect();
        let (index, sig) = match most_specific.as_slice() {
            [one] => **one,
            [] if applicable.is_empty() => {
                let known = sigs.iter().any(|s| match s {
                    Ok(s) => s.name == name,
                    Err(_) => false,
                });
                let what = if known {
                    format!("method {name} cannot be applied to the given types")
                } else {
                    format!("cannot find symbol: method {name}")
                };
                return self.error(node, what);
            }
            _ => return self.error(node, format!("reference to {name} is ambiguous")),
        };
        if !sig.is_static && (self.is_static || class != self.class) {
            return self.error(
                node,
                format!("non-static method {name} cannot be referenced from a static context"),
            );
        }
        let params = sig.params.clone();
        let ret = sig.ret.clone();
        let mut converted = Vec::new();
        for ((a, _), p) in args.into_iter().zip(&params) {
            converted.push(self.convert(a, p));
        }
        Ok(self.make(
            node,
            ret,
            ExprKind::Call {
                method: MethodRef {
                    class,
                    method: index as u32,
                },
                args: converted,
            },
        ))
    }

    fn print(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        let kind = match name {
            "print" => PrintKind::Print,
            "println" => PrintKind::Println,
            "printf" | "format" => PrintKind::Printf,
            other => return self.unsupported(node, &format!("System.out.{other}")),
        };
        match kind {
            PrintKind::Print | PrintKind::Println => {
                if args.len() > 1 || (kind == PrintKind::Print && args.is_empty()) {
                    return self.error(node, format!("no suitable method found for {name}"));
                }
                if let Some((a, an)) = args.first() {
                    match &a.ty {
                        Type::Void => return self.error(*an, "'void' type not allowed here"),
                        Type::Null => {
                            return self.error(*an, format!("reference to {name} is ambiguous"));
                        }
                        Type::Array(e) if **e != Type::Char => {
                            return self.unsupported(
                                *an,
                                "printing an array (Java prints its identity hash)",
                            );
                        }
                        _ => {}
                    }
                }
            }
            PrintKind::Printf => {
                let Some((f, fnode)) = args.first() else {
                    return self.error(node, "no suitable method found for printf");
                };
                if f.ty != Type::String {
                    return self.error(*fnode, "printf needs a format string");
                }
                for (a, an) in &args[1..] {
                    if matches!(a.ty, Type::Void | Type::Array(_)) {
                        return self.unsupported(*an, &format!("a {} argument to printf", a.ty));
                    }
                }
            }
        }
        let args = args.into_iter().map(|(a, _)| a).collect();
        Ok(self.make(node, Type::Void, ExprKind::Print(kind, args)))
    }

    fn math(&mut self, node: Node<'t>, name: &str) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        let bad =
            |this: &Self| this.error(node, format!("no suitable method found for Math.{name}"));
        match (name, args.len()) {
            ("abs", 1) => {
                let (a, _) = args.into_iter().next().expect("one");
                if !a.ty.is_numeric() {
                    return bad(self);
                }
                let t = a.ty.promoted();
                let a = self.convert(a, &t);
                Ok(self.make(node, t, ExprKind::Builtin(Builtin::MathAbs, vec![a])))
            }
            ("min" | "max", 2) => {
                let mut it = args.into_iter();
                let (a, _) = it.next().expect("two");
                let (b, _) = it.next().expect("two");
                if !a.ty.is_numeric() || !b.ty.is_numeric() {
                    return bad(self);
                }
                let t = Type::binary_promotion(&a.ty, &b.ty);
                let (a, b) = (self.convert(a, &t), self.convert(b, &t));
                let f = if name == "min" {
                    Builtin::MathMin
                } else {
                    Builtin::MathMax
                };
                Ok(self.make(node, t, ExprKind::Builtin(f, vec![a, b])))
            }
            ("sqrt", 1) | ("pow", 2) => {
                let mut converted = Vec::new();
                for (a, _) in args {
                    if !a.ty.is_numeric() {
                        return bad(self);
                    }
                    converted.push(self.convert(a, &Type::Double));
                }
                let f = if name == "sqrt" {
                    Builtin::MathSqrt
                } else {
                    Builtin::MathPow
                };
                Ok(self.make(node, Type::Double, ExprKind::Builtin(f, converted)))
            }
            _ => self.unsupported(node, &format!("Math.{name}")),
        }
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
            self.check_concat_operand(&a, an)?;
            return Ok(self.make(
                node,
                Type::String,
                ExprKind::Builtin(Builtin::StringValueOf, vec![a]),
            ));
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

/// Method invocation conversion (JLS §5.3) for the subset: identity, widening, null to a
/// reference.
fn invocation_convertible(from: &Type, to: &Type) -> bool {
    from == to || from.widens_to(to) || (*from == Type::Null && to.is_reference())
}
