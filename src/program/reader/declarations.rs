//! The Java front end's entry point: a `.java` file's declarations (package, imports, classes,
//! fields with their checked initializers and constants, method signatures) read, each method
//! body checked (the statements in [`super::statements`], the expressions in
//! [`super::expressions`]), and the class-level rules applied, giving the typed [`Unit`] of
//! [`crate::program::reader::ir`]; [`check_method`] does the same for one mutated method.
//!
//! Checking is what makes mutants trustworthy: a mutant is produced only if its text passes the
//! same checks as the original (types, conversions, definite assignment (JLS ch. 16),
//! reachability and missing returns (JLS §14.22), constant expressions (JLS §15.29)), so that
//! every emitted mutant compiles with `javac`. A method that uses a construct outside the subset
//! is reported with the construct's place and skipped; the rest of the file is still analysed.

use std::cell::RefCell;
use std::sync::Arc;

use tree_sitter::Node;

use crate::program::reader::captures::synthetic_field;
use crate::program::reader::generics::TypeParameter;
use crate::program::reader::hierarchy::Hierarchy;
use crate::program::reader::ir::*;
use crate::program::reader::jdk;
use crate::program::reader::local_classes::{LocalClass, class_body};
use crate::program::reader::names::Segment;
use crate::program::reader::records;
use crate::program::reader::statements::MethodChecker;
use crate::program::reader::syntax::{
    first_error, has_modifier, inside_method_body, is_constructor_kind, named_children, parse,
    span_of,
};
use crate::program::reader::throwables::{self, THROWABLES};

/// Parses and checks a Java file. Only a file-level problem (no class, a syntax error outside
/// any method) is an error; a method outside the subset is kept with its reason in
/// [`Method::body`].
pub fn load(path: &str, source: &str) -> Result<Unit, Diagnostic> {
    load_with(path, source, &[])
}

/// Parses and checks a Java file together with `others`, files of its code base (path and
/// text) whose classes it uses: their classes are checked and run as the file's are, never
/// mutated or reported.
pub fn load_with(path: &str, source: &str, others: &[(&str, &str)]) -> Result<Unit, Diagnostic> {
    // The members records leave to the compiler, written as a file of their own after the
    // code base's.
    let implicit =
        records::implicit_text(std::iter::once((path, source)).chain(others.iter().copied()));
    let mut others = others.to_vec();
    if !implicit.is_empty() {
        others.push((records::IMPLICIT_PATH, implicit.as_str()));
    }
    let others = &others[..];
    // The JDK's classes the files name; all the boxes when a conversion needs one the files
    // do not name (`Object o = 1`, `Pair.of(1, 2)`).
    let texts: Vec<&str> = std::iter::once(source)
        .chain(others.iter().map(|(_, t)| *t))
        .collect();
    let named = jdk::needed(&texts, false);
    let (unit, wants_boxes) = read_with(path, source, others, &named)?;
    if !wants_boxes {
        return Ok(unit);
    }
    let (unit, _) = read_with(path, source, others, &jdk::needed(&texts, true))?;
    Ok(unit)
}

/// [`load_with`] with the JDK's files `jdk`; also tells whether a boxing conversion needed
/// a box that was not read.
fn read_with(
    path: &str,
    source: &str,
    others: &[(&str, &str)],
    jdk: &[(String, &str)],
) -> Result<(Unit, bool), Diagnostic> {
    let mut text = source.to_string();
    let mut starts = Vec::new();
    let all = others
        .iter()
        .map(|(p, t)| (*p, *t))
        .chain(jdk.iter().map(|(p, t)| (p.as_str(), *t)));
    for (other, other_text) in all {
        // A newline between files keeps a line comment at the end of one out of the next.
        text.push('\n');
        starts.push((text.len(), other.to_string()));
        text.push_str(other_text);
    }
    let tree = parse(path, &text, None)?;
    let mut file = FileChecker::new(path, &text);
    file.segments.extend(Segment::others(&text, starts));
    file.run(tree.root_node())
}

/// Why [`check_method`] makes no mutant of an edit that changes the type of a lambda's
/// results: `javac` may or may not accept it, so it is neither a mutant nor a skipped edit.
pub(crate) const LAMBDA_RESULT_RETYPED: &str = "the edit changes the type of the lambda's results";

/// Checks one method of `source`, a text that differs from `unit`'s only inside that method
/// (a mutant): the file's declarations are read again, only the one body is checked. The
/// result is what [`load`] would give for that method.
pub(crate) fn check_method(
    unit: &Unit,
    source: &str,
    tree: &tree_sitter::Tree,
    class: u32,
    method: u32,
) -> Result<Method, Diagnostic> {
    let mut file = FileChecker::new(&unit.path, source);
    // The other files' text follows the (edited) file's own.
    let own = source.len() - unit.elsewhere.len();
    let starts = unit.others.iter().map(|o| (own + o.start, o.path.clone()));
    file.segments.extend(Segment::others(source, starts));
    file.collect(tree.root_node())?;
    // Lambdas' methods and classes are made by reading, not declared.
    let same_shape =
        file.classes.len() == unit.classes.iter().filter(|c| !c.is_closure).count()
            && file.classes.iter().zip(&unit.classes).all(|(a, b)| {
                a.sigs.len() == b.methods.iter().filter(|m| m.lambda.is_none()).count()
            });
    if !same_shape {
        return Err(Diagnostic {
            path: unit.path.clone(),
            line: 1,
            column: 1,
            message: "the edit changed the file's declarations".to_string(),
        });
    }
    let m = match unit.method(class, method).lambda {
        None => file.method(class as usize, method as usize),
        // A lambda's method is made by reading the method it is written in.
        Some(origin) => {
            let Some(enclosing) = origin.enclosing else {
                return Err(Diagnostic {
                    path: unit.path.clone(),
                    line: 1,
                    column: 1,
                    message: "a lambda outside a method is not mutated".to_string(),
                });
            };
            file.method(class as usize, enclosing as usize).body?;
            let made = file.made.borrow_mut()[origin.site as usize].take();
            match made {
                // `javac` infers a generic call's type arguments from a lambda's results
                // (`mapToObj(i -> ...)`), where roth's checker reads wildcards leniently and
                // cannot tell whether the edited call still compiles.
                Some(made) if made.method.ret != unit.method(class, method).ret => {
                    return Err(Diagnostic {
                        path: unit.path.clone(),
                        line: 1,
                        column: 1,
                        message: LAMBDA_RESULT_RETYPED.to_string(),
                    });
                }
                Some(made) => made.method,
                None => {
                    return Err(Diagnostic {
                        path: unit.path.clone(),
                        line: 1,
                        column: 1,
                        message: "the edit changed the file's lambdas".to_string(),
                    });
                }
            }
        }
    };
    let body = m.body.as_ref().map_err(|d| d.clone())?;
    // As in `load`: calling a method outside the subset makes this one unsupported too.
    let mut bad = None;
    visit_stmts(&body.stmts, &mut |e: &Expr| {
        if let Some(callee) = e.callee() {
            let target = unit.method(callee.class, callee.method);
            let is_self = (callee.class, callee.method) == (class, method);
            // An abstract method runs an implementation chosen by the receiver (as in `load`).
            if !is_self && target.body.is_err() && !target.is_abstract && bad.is_none() {
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

/// A method's signature before its body is checked.
pub(super) struct Signature {
    pub(super) name: String,
    pub(super) is_static: bool,
    pub(super) is_constructor: bool,
    pub(super) is_private: bool,
    pub(super) params: Vec<Type>,
    pub(super) param_names: Vec<String>,
    pub(super) param_spans: Vec<Span>,
    pub(super) param_final: Vec<bool>,
    /// The last parameter is `T... xs` (its type is `T[]`).
    pub(super) is_varargs: bool,
    /// Declared without a body.
    pub(super) is_abstract: bool,
    /// A `native` method of roth's model of the JDK: its body is one of roth's builtins
    /// (see [`super::natives`]).
    pub(super) is_native: bool,
    pub(super) ret: Type,
    pub(super) span: Span,
    /// The classes of its `throws` clause that are the file's or the library's throwables.
    pub(super) throws: Vec<u32>,
    /// A generic method's type parameters.
    pub(super) type_params: Vec<TypeParameter>,
}

pub(super) struct ClassInfo<'t> {
    /// The simple name.
    pub(super) name: String,
    /// The class this one is nested in (static nested classes only).
    pub(super) outer: Option<u32>,
    is_private: bool,
    /// Members outside the subset that are not methods.
    skipped: Vec<Diagnostic>,
    /// Initializer blocks: the node, whether static, and how many fields come before.
    pub(super) block_nodes: Vec<(Node<'t>, bool, u32)>,
    /// `abstract`: no object of the class can be made.
    /// `abstract`, or an interface: no object of the class can be made.
    pub(super) is_abstract: bool,
    pub(super) is_interface: bool,
    pub(super) is_enum: bool,
    /// An enum's constants: its first fields.
    pub(super) enum_constants: usize,
    pub(super) span: Span,
    pub(super) fields: Vec<Field>,
    pub(super) field_nodes: Vec<Option<Node<'t>>>,
    pub(super) sigs: Vec<Result<Signature, Diagnostic>>,
    pub(super) method_nodes: Vec<Node<'t>>,
    extends_something: bool,
    /// A library throwable (its index in [`THROWABLES`]) with its synthesized members.
    pub(super) library: Option<usize>,
    library_methods: Vec<Method>,
    /// The first of the methods the compiler writes (a record's), if any: they follow the
    /// declared ones.
    implicit_from: usize,
    /// An anonymous class's constructors, one per constructor of its superclass it may call
    /// (the index of that constructor; `None`: the default one), after its declared
    /// methods (see [`super::local_classes`]).
    pub(super) mirrors: Vec<Option<u32>>,
    /// Locals the class's code names that it cannot capture, with why.
    pub(super) refused_captures: Vec<(String, String)>,
}

impl ClassInfo<'_> {
    /// The index of the method or constructor declared by `node`, if it declares one.
    pub(super) fn method_index_of(&self, node: Node) -> Option<usize> {
        self.method_nodes.iter().position(|m| m.id() == node.id())
    }

    /// The name of method `index` (`new` for a constructor, as `javac` names lambdas).
    pub(super) fn method_name(&self, index: usize) -> String {
        match &self.sigs[index] {
            Ok(s) if s.is_constructor => "new".to_string(),
            Ok(s) => s.name.clone(),
            Err(_) => "method".to_string(),
        }
    }
}

pub(super) struct FileChecker<'s, 't> {
    path: &'s str,
    /// The text read: the unit's own file, then the other files of the code base it uses.
    pub(super) src: &'s str,
    /// The files of the text, the unit's own first.
    pub(super) segments: Vec<Segment>,
    /// The file of each class of `class_names` (an index in `segments`; 0 for the library's).
    pub(super) class_segments: Vec<u32>,
    /// The simple names of the file's classes with the class each is nested in, in order
    /// (a class before those nested in it), known before any type is read (a field or a
    /// parameter may name a class declared further down).
    pub(super) class_names: Vec<(String, Option<u32>)>,
    /// Each class's place in the hierarchy, known before any type is read.
    pub(super) hierarchy: Vec<Hierarchy>,
    /// Each class's type parameters (`T` of `class Box<T>`).
    pub(super) type_parameters: Vec<Vec<TypeParameter>>,
    /// Each class's direct supertypes among the code base's classes, with their type
    /// arguments (`Box<Integer>` of `class IntBox extends Box<Integer>`).
    pub(super) super_types: Vec<Vec<Type>>,
    /// The type parameters of the generic method being read, innermost last.
    pub(super) method_scope: RefCell<Vec<TypeParameter>>,
    /// The class of each of [`jdk::BOXES`], when the JDK's file declaring it is read.
    pub(super) boxes: Vec<Option<u32>>,
    /// A boxing conversion needed a box whose file is not read.
    pub(super) wants_boxes: std::cell::Cell<bool>,
    pub(super) classes: Vec<ClassInfo<'t>>,
    /// Top-level declarations other than classes.
    top_skipped: Vec<Diagnostic>,
    /// Every lambda and method reference of the text, in order (see [`super::lambdas`]).
    pub(super) sites: Vec<crate::program::reader::lambdas::Site<'t>>,
    /// The class of the objects of site `k` is `closure_base + k`, after every other class.
    pub(super) closure_base: u32,
    /// What reading each site made, once read.
    pub(super) made: RefCell<Vec<Option<crate::program::reader::lambdas::Made>>>,
    /// Whether each class of `class_names` is an inner class (see [`Class::outer_instance`]).
    pub(super) inner: Vec<bool>,
    /// Each record (its node's id) with the class of the records' file holding its implicit
    /// members.
    implicit: Vec<(usize, Node<'t>)>,
    /// What each class of `class_names` declared in code is (see [`super::local_classes`]).
    pub(super) local_classes: Vec<Option<LocalClass<'t>>>,
    /// The declaration of each class of the code base (an anonymous class's `new`).
    pub(super) class_nodes: Vec<Node<'t>>,
}

impl<'s, 't> FileChecker<'s, 't> {
    fn new(path: &'s str, src: &'s str) -> FileChecker<'s, 't> {
        FileChecker {
            path,
            src,
            segments: vec![Segment {
                path: path.to_string(),
                ..Segment::default()
            }],
            class_segments: Vec::new(),
            class_names: Vec::new(),
            hierarchy: Vec::new(),
            type_parameters: Vec::new(),
            super_types: Vec::new(),
            method_scope: RefCell::new(Vec::new()),
            boxes: Vec::new(),
            wants_boxes: std::cell::Cell::new(false),
            classes: Vec::new(),
            top_skipped: Vec::new(),
            sites: Vec::new(),
            closure_base: 0,
            made: RefCell::new(Vec::new()),
            inner: Vec::new(),
            implicit: Vec::new(),
            local_classes: Vec::new(),
            class_nodes: Vec::new(),
        }
    }

    /// The file and line of a line of the unit's text (which holds its other files after
    /// its own).
    fn file_line(&self, line: u32) -> (String, u32) {
        let segment = self
            .segments
            .iter()
            .rev()
            .find(|s| s.lines_before < line)
            .unwrap_or(&self.segments[0]);
        (segment.path.clone(), line - segment.lines_before)
    }

    pub(super) fn diag_at(&self, node: Node, message: impl Into<String>) -> Diagnostic {
        self.diag(node, message)
    }

    fn diag(&self, node: Node, message: impl Into<String>) -> Diagnostic {
        let s = span_of(node);
        let segment = &self.segments[self.segment_at(node.start_byte())];
        Diagnostic {
            path: segment.path.clone(),
            line: s.line - segment.lines_before,
            column: s.column,
            message: message.into(),
        }
    }

    pub(super) fn text(&self, node: Node) -> &'s str {
        &self.src[node.byte_range()]
    }

    /// The other file class `class` is declared in (see [`Class::home`]).
    pub(super) fn home_of(&self, class: u32) -> Option<u32> {
        match self.class_segments.get(class as usize) {
            None | Some(0) => None,
            Some(s) => Some(s - 1),
        }
    }

    /// Reads the file's declarations: package, imports, classes with their fields (checked
    /// initializers and constants) and method signatures. Method bodies are checked later.
    fn collect(&mut self, root: Node<'t>) -> Result<(), Diagnostic> {
        // A declaration that runs into the next file (a brace left open) would take that
        // file's classes as its members: the text is not Java.
        for child in named_children(root) {
            let end = child.end_byte().saturating_sub(1).max(child.start_byte());
            if self.segment_at(child.start_byte()) != self.segment_at(end) {
                return Err(self.diag(child, "syntax error: a declaration is not closed"));
            }
        }
        for child in named_children(root) {
            match child.kind() {
                "package_declaration" => {
                    let name = named_children(child)
                        .into_iter()
                        .find(|n| matches!(n.kind(), "scoped_identifier" | "identifier"));
                    let segment = self.segment_at(child.start_byte());
                    self.segments[segment].package = name.map(|n| self.text(n).to_string());
                }
                "import_declaration" => {
                    let text = self.text(child);
                    let name = text
                        .trim_start_matches("import")
                        .trim_end_matches(';')
                        .trim()
                        .to_string();
                    let segment = self.segment_at(child.start_byte());
                    match name.strip_prefix("static") {
                        Some(rest) if rest.starts_with(char::is_whitespace) => {
                            let rest: String = rest.split_whitespace().collect();
                            self.segments[segment].static_imports.push(rest);
                        }
                        _ => self.segments[segment].imports.push(name),
                    }
                }
                "class_declaration"
                | "interface_declaration"
                | "enum_declaration"
                | "record_declaration" => {
                    if let Some(e) = first_error(child) {
                        // A syntax error inside a method body spoils that method only.
                        if !inside_method_body(e) {
                            return Err(self.diag(e, "syntax error"));
                        }
                    }
                }
                "annotation_type_declaration" => {
                    let what = child
                        .kind()
                        .trim_end_matches("_declaration")
                        .replace('_', " ");
                    let name = child
                        .child_by_field_name("name")
                        .map(|n| self.text(n).to_string())
                        .unwrap_or_default();
                    // Only the unit's own file is reported.
                    if self.segment_at(child.start_byte()) == 0 {
                        self.top_skipped.push(self.diag(
                            child,
                            format!("{what} {name} is outside the supported subset"),
                        ));
                    }
                }
                "ERROR" => return Err(self.diag(child, "syntax error")),
                _ => {}
            }
        }
        let mut gathered = Vec::new();
        let mut holders = Vec::new();
        for child in named_children(root) {
            if self.segments[self.segment_at(child.start_byte())].path == records::IMPLICIT_PATH {
                holders.push(child);
            } else if matches!(
                child.kind(),
                "class_declaration"
                    | "interface_declaration"
                    | "enum_declaration"
                    | "record_declaration"
            ) {
                self.gather(child, None, None, &mut gathered);
            }
        }
        // The members each record leaves to the compiler (see `records.rs`), in order.
        let records = records::records_in(root, self.src);
        self.implicit = records
            .iter()
            .zip(holders)
            .map(|(r, h)| (r.id(), h))
            .collect();
        self.inner = gathered
            .iter()
            .map(|(_, outer, _)| outer.is_some_and(|(_, inner)| inner))
            .collect();
        self.local_classes = gathered.iter().map(|(_, _, l)| l.clone()).collect();
        self.class_nodes = gathered.iter().map(|(n, _, _)| *n).collect();
        let nodes: Vec<(Node<'t>, Option<u32>)> = gathered
            .into_iter()
            .map(|(n, outer, _)| (n, outer.map(|(o, _)| o)))
            .collect();
        self.class_names = nodes
            .iter()
            .map(|(c, outer)| {
                let name = c
                    .child_by_field_name("name")
                    .map(|n| self.text(n).to_string())
                    .unwrap_or_default();
                (name, *outer)
            })
            .collect();
        self.name_anonymous_classes();
        self.class_segments = nodes
            .iter()
            .map(|(n, _)| self.segment_at(n.start_byte()) as u32)
            .chain(THROWABLES.iter().map(|_| 0))
            .collect();
        // The library's throwables follow the code base's classes (which shadow them).
        let user_classes = self.class_names.len();
        self.class_names.extend(
            THROWABLES
                .iter()
                .map(|t| (t.simple_name().to_string(), None)),
        );
        self.read_hierarchy(&nodes);
        self.boxes = jdk::BOXES
            .iter()
            .map(|(_, b)| {
                self.qualified_named(&format!("java.lang.{b}"))
                    .filter(|&c| self.segment_of(c).path.starts_with(jdk::PREFIX))
            })
            .collect();
        self.hierarchy.extend(THROWABLES.iter().map(|t| Hierarchy {
            superclass: t.parent.map(|p| (user_classes + p) as u32),
            ..Hierarchy::default()
        }));
        // Type parameters twice: their erasures first, then their bounds in full, which may
        // name any class's parameters (`class Node<T extends Comparable<T>>`).
        for _ in 0..2 {
            self.type_parameters = nodes
                .iter()
                .enumerate()
                .map(|(id, (n, _))| {
                    n.child_by_field_name("type_parameters")
                        .map(|list| self.type_parameters_of(list, (id as u32, 0), id as u32))
                        .unwrap_or_default()
                })
                .chain(THROWABLES.iter().map(|_| Vec::new()))
                .collect();
        }
        self.super_types = nodes
            .iter()
            .enumerate()
            .map(|(id, (n, _))| self.generic_supertypes(*n, id as u32))
            .chain(THROWABLES.iter().map(|_| Vec::new()))
            .collect();
        // An anonymous class with `<>` whose target is a supertype of the class it creates
        // (`Map<K, V> m = new HashMap<>() {...}`) reads that class's supertypes: again, now
        // that they are known.
        for (id, (n, _)) in nodes.iter().enumerate() {
            if self.is_anonymous(id as u32)
                && n.child_by_field_name("type")
                    .is_some_and(crate::program::reader::hierarchy::is_diamond)
            {
                self.super_types[id] = self.generic_supertypes(*n, id as u32);
            }
        }
        if let Some(e) = first_error(root).filter(|e| !inside_method_body(*e)) {
            return Err(self.diag(e, "syntax error"));
        }
        let no_class = !nodes
            .iter()
            .any(|(n, _)| self.segment_at(n.start_byte()) == 0);
        let nodes_for_sites = nodes.clone();
        for (id, (node, outer)) in nodes.into_iter().enumerate() {
            let mut info = self.class_info(node, id as u32)?;
            info.outer = outer;
            if let Some(o) = outer.filter(|_| self.is_inner(id as u32)) {
                // Where `javac` keeps the enclosing instance (JLS §8.1.3).
                info.fields.push(synthetic_field(
                    "this$0".to_string(),
                    self.generic_self(o),
                    false,
                ));
                info.field_nodes.push(None);
            }
            self.add_captures(&mut info, id as u32);
            self.classes.push(info);
        }
        for index in 0..THROWABLES.len() {
            let info = self.library_throwable(user_classes, index);
            self.classes.push(info);
        }
        // After the library's throwables, which an anonymous class may extend.
        self.add_mirror_constructors();
        self.find_sites(&nodes_for_sites);
        if no_class {
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
                let init = if fi < self.classes[ci].enum_constants {
                    checker.enum_constant(value, ci as u32, fi as u32)
                } else {
                    checker.initializer(value, &ty)
                };
                let init = match init {
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
        if self.classes[ci].library.is_some() {
            return self.classes[ci].library_methods[mi].clone();
        }
        if self.mirror_of(ci, mi).is_some() {
            return self.mirror_method(ci, mi);
        }
        let node = self.classes[ci].method_nodes[mi];
        match &self.classes[ci].sigs[mi] {
            Err(d) => Method {
                name: self
                    .text(node.child_by_field_name("name").unwrap_or(node))
                    .to_string(),
                class: ci as u32,
                is_static: false,
                is_constructor: is_constructor_kind(node.kind()),
                is_private: false,
                is_abstract: false,
                params: Vec::new(),
                param_names: Vec::new(),
                bridges: Vec::new(),
                lambda: None,
                is_implicit: false,
                ret: Type::Void,
                span: span_of(node),
                body: Err(d.clone()),
            },
            Ok(sig) => {
                let body = if sig.is_abstract {
                    Err(self.diag(node, "an abstract method has no body to analyse"))
                } else if sig.is_native {
                    self.native_body(ci as u32, sig, node)
                } else {
                    self.method_body(ci as u32, sig, node)
                };
                // An inner class's constructors take the enclosing instance first, a local
                // class's the values it captures last.
                let (params, param_names) = match sig.is_constructor {
                    true => self.constructor_parameters(ci as u32, sig),
                    false => (sig.params.clone(), sig.param_names.clone()),
                };
                Method {
                    is_abstract: sig.is_abstract,
                    name: sig.name.clone(),
                    class: ci as u32,
                    is_static: sig.is_static,
                    is_constructor: sig.is_constructor,
                    is_private: sig.is_private,
                    params,
                    param_names,
                    ret: sig.ret.clone(),
                    span: sig.span,
                    body,
                    bridges: self.bridges(ci as u32, sig),
                    lambda: None,
                    is_implicit: mi >= self.classes[ci].implicit_from,
                }
            }
        }
    }

    fn run(mut self, root: Node<'t>) -> Result<(Unit, bool), Diagnostic> {
        self.collect(root)?;
        let mut classes = Vec::new();
        for ci in 0..self.classes.len() {
            let mut methods = Vec::new();
            for mi in 0..self.classes[ci].sigs.len() {
                methods.push(self.method(ci, mi));
            }
            let info = &self.classes[ci];
            let blocks: Vec<InitializerBlock> = info
                .block_nodes
                .iter()
                .map(|&(node, is_static, fields_before)| InitializerBlock {
                    is_static,
                    fields_before,
                    span: span_of(node),
                    body: self.initializer_block(ci as u32, node, is_static),
                })
                .collect();
            let has_ctor = methods.iter().any(|m| m.is_constructor);
            let has_no_arg = methods
                .iter()
                .any(|m| m.is_constructor && m.params.is_empty());
            classes.push(Class {
                name: info.name.clone(),
                outer: info.outer,
                is_private: info.is_private,
                span: info.span,
                fields: info.fields.clone(),
                methods,
                has_no_arg_constructor: !has_ctor || has_no_arg,
                extends_something: info.extends_something,
                blocks,
                superclass: self.superclass(ci as u32),
                interfaces: self.hierarchy[ci].interfaces.clone(),
                is_interface: info.is_interface,
                is_abstract: info.is_abstract,
                is_enum: info.is_enum,
                enum_constants: info.enum_constants as u32,
                library: info.library.map(|t| THROWABLES[t].name),
                home: match self.class_segments[ci] {
                    0 => None,
                    s => Some(s - 1),
                },
                is_closure: false,
                outer_instance: self.outer_field(ci as u32).map(|f| f.field),
                local: self
                    .local_classes
                    .get(ci)
                    .and_then(|l| l.as_ref().map(|l| l.number)),
                is_anonymous: self.is_anonymous(ci as u32),
                declared_in: self.declared_in(ci as u32),
            });
        }
        self.add_lambdas(&mut classes);
        // Calls first: a constructor whose `super(...)` is refused is refused too, and the
        // class-level rules below look at constructors.
        mark_unsupported_callers(&mut classes, &|line| self.file_line(line));
        // A class whose initialization roth cannot run (a block outside the subset, an enum
        // constant it cannot make, an initializer calling a method outside the subset):
        // what its fields hold is unknown.
        let bad_block: Vec<Option<Diagnostic>> = (0..classes.len())
            .map(|c| initialization_problem(&classes, c, self.path))
            .collect();
        let construct_problems: Vec<bool> = (0..classes.len())
            .map(|c| construct_problem(&classes, c as u32))
            .collect();
        for (ci, class) in classes.iter_mut().enumerate() {
            // Instance state roth cannot model makes the class's methods unsound to run.
            let instance_problem = if let Some(p) = self.hierarchy_problem(ci as u32) {
                Some(format!(
                    "its class {p}, whose state is outside the supported subset"
                ))
            } else {
                construct_problems[ci]
                    .then(|| "its class's constructor is outside the supported subset".to_string())
            };
            for m in class.methods.iter_mut() {
                if m.body.is_err() {
                    continue;
                }
                let reason = if let Some(d) = &bad_block[ci] {
                    Some(format!(
                        "its class has an initializer block outside the supported subset: {}:{}: {}",
                        d.line, d.column, d.message
                    ))
                } else if self.hierarchy_problem(ci as u32).is_some() && !m.is_static {
                    instance_problem.clone()
                } else if !m.is_static && !m.is_constructor {
                    // A constructor builds its own object; the others run on `new C()`.
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
        // A static field of a class whose initializer block roth does not run holds what
        // that block would set: the methods reading or writing it are not supported either.
        let blocked: Vec<bool> = bad_block.iter().map(|b| b.is_some()).collect();
        let classes_enum: Vec<bool> = classes.iter().map(|c| c.is_enum).collect();
        for class in classes.iter_mut() {
            for m in class.methods.iter_mut() {
                let Ok(body) = &m.body else {
                    continue;
                };
                let mut bad = None;
                visit_stmts(&body.stmts, &mut |e: &Expr| {
                    let class = match &e.kind {
                        ExprKind::Field(f) => Some(f.class),
                        ExprKind::New { class, .. }
                        | ExprKind::EnumConstant { class, .. }
                        | ExprKind::EnumValues { class }
                        | ExprKind::EnumValueOf { class, .. }
                        | ExprKind::SuperConstructor { class, .. } => Some(*class),
                        _ => e.ty.class().filter(|c| classes_enum[*c as usize]),
                    };
                    if class.is_some_and(|c| blocked[c as usize]) && bad.is_none() {
                        bad = Some(e.span);
                    }
                });
                if let Some(span) = bad {
                    m.body = Err(Diagnostic {
                        path: self.path.to_string(),
                        line: span.line,
                        column: span.column,
                        message:
                            "uses a class whose initialization is outside the supported subset"
                                .to_string(),
                    });
                }
            }
        }
        mark_unsupported_callers(&mut classes, &|line| self.file_line(line));
        let mut skipped: Vec<Diagnostic> = self.top_skipped.clone();
        // Only the unit's own file is reported.
        skipped.extend(
            self.classes
                .iter()
                .zip(&self.class_segments)
                .filter(|(_, s)| **s == 0)
                .flat_map(|(c, _)| c.skipped.iter().cloned()),
        );
        skipped.sort_by_key(|d| (d.line, d.column));
        // The other files start after a newline of their own (see `load_with`).
        let own = self.segments.get(1).map_or(self.src.len(), |s| s.start - 1);
        let unit = Unit {
            skipped,
            path: self.path.to_string(),
            source: Arc::from(&self.src[..own]),
            package: self.segments[0].package.clone(),
            imports: self.segments[0].imports.clone(),
            classes,
            others: self.segments[1..]
                .iter()
                .map(|s| OtherFile {
                    path: s.path.clone(),
                    package: s.package.clone(),
                    start: s.start - own,
                })
                .collect(),
            elsewhere: Arc::from(&self.src[own..]),
            compiled: Default::default(),
        };
        Ok((unit, self.wants_boxes.get()))
    }

    fn class_info(&self, node: Node<'t>, id: u32) -> Result<ClassInfo<'t>, Diagnostic> {
        let name = match self.is_anonymous(id) {
            true => Some(self.class_names[id as usize].0.clone()),
            false => node
                .child_by_field_name("name")
                .map(|n| self.text(n).to_string()),
        }
        .ok_or_else(|| self.diag(node, "a class without a name"))?;
        let extends_something = self.is_anonymous(id)
            || node.child_by_field_name("superclass").is_some()
            || node.child_by_field_name("interfaces").is_some()
            || node.child_by_field_name("type_parameters").is_some();
        let mut info = ClassInfo {
            name,
            outer: None,
            is_private: has_modifier(node, self.src, "private"),
            skipped: Vec::new(),
            block_nodes: Vec::new(),
            is_abstract: has_modifier(node, self.src, "abstract")
                || node.kind() == "interface_declaration",
            is_interface: node.kind() == "interface_declaration",
            is_enum: node.kind() == "enum_declaration",
            enum_constants: 0,
            span: span_of(node),
            fields: Vec::new(),
            field_nodes: Vec::new(),
            sigs: Vec::new(),
            method_nodes: Vec::new(),
            extends_something,
            library: None,
            library_methods: Vec::new(),
            implicit_from: usize::MAX,
            mirrors: Vec::new(),
            refused_captures: Vec::new(),
        };
        // A record's components: its first fields, private and final (JLS §8.10.3).
        if node.kind() == "record_declaration" {
            let (_, types, names, spans, _, _) = self.signature_types(node, id)?;
            for ((name, ty), span) in names.into_iter().zip(types).zip(spans) {
                info.fields.push(Field {
                    name,
                    ty,
                    is_static: false,
                    is_final: true,
                    is_private: true,
                    span,
                    init: None,
                    constant: None,
                    unsupported: None,
                    is_synthetic: false,
                });
                info.field_nodes.push(None);
            }
        }
        let Some(body) = class_body(node) else {
            return Ok(info);
        };
        // An enum's constants: static final fields of its type, made in order.
        for constant in named_children(body)
            .into_iter()
            .filter(|c| c.kind() == "enum_constant")
        {
            let name_node = constant
                .child_by_field_name("name")
                .ok_or_else(|| self.diag(constant, "an enum constant without a name"))?;
            let name = self.text(name_node).to_string();
            let unsupported = None;
            info.fields.push(Field {
                name,
                ty: self.class_type(id),
                is_static: true,
                is_final: true,
                is_private: false,
                span: span_of(constant),
                init: None,
                constant: None,
                unsupported,
                is_synthetic: false,
            });
            info.field_nodes.push(Some(constant));
            info.enum_constants += 1;
        }
        for member in members(body) {
            match member.kind() {
                "field_declaration" | "constant_declaration" => {
                    // An interface's fields are constants (JLS §9.3).
                    let is_static = info.is_interface || has_modifier(member, self.src, "static");
                    let is_final = info.is_interface || has_modifier(member, self.src, "final");
                    let is_private = has_modifier(member, self.src, "private");
                    let type_node = member
                        .child_by_field_name("type")
                        .ok_or_else(|| self.diag(member, "a field without a type"))?;
                    // A field of a type outside the subset spoils only the methods using it.
                    let (base, unsupported) = match self.ty(type_node, id) {
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
                            is_private,
                            span: span_of(d),
                            init: None,
                            constant: None,
                            unsupported: unsupported.clone(),
                            is_synthetic: false,
                        });
                        info.field_nodes.push(d.child_by_field_name("value"));
                    }
                }
                "method_declaration"
                | "constructor_declaration"
                | "compact_constructor_declaration" => {
                    let index = info.sigs.len() as u32;
                    let sig = self.signature(member, &info.name, id, index, info.is_interface);
                    info.sigs.push(sig);
                    info.method_nodes.push(member);
                }
                "block" => {
                    info.block_nodes
                        .push((member, false, info.fields.len() as u32));
                }
                "static_initializer" => {
                    let block = named_children(member)
                        .into_iter()
                        .find(|c| c.kind() == "block")
                        .unwrap_or(member);
                    info.block_nodes
                        .push((block, true, info.fields.len() as u32));
                }
                // Gathered as classes of their own.
                "class_declaration"
                | "interface_declaration"
                | "enum_declaration"
                | "record_declaration" => {}
                "annotation_type_declaration" => {
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
        // The members the compiler writes for a record, after its own.
        if let Some((_, holder)) = self.implicit.iter().find(|(r, _)| *r == node.id()) {
            info.implicit_from = info.sigs.len();
            let holder_body = holder.child_by_field_name("body");
            for member in holder_body.map(members).unwrap_or_default() {
                let index = info.sigs.len() as u32;
                let sig = self.signature(member, &info.name, id, index, false);
                info.sigs.push(sig);
                info.method_nodes.push(member);
            }
        }
        Ok(info)
    }

    /// The type `node` names, read inside class `scope` (which decides what a nested class's
    /// simple name means).
    pub(super) fn ty(&self, node: Node, scope: u32) -> Result<Type, Diagnostic> {
        match node.kind() {
            "integral_type" | "floating_point_type" | "boolean_type" | "void_type" => {
                Type::from_keyword(self.text(node))
                    .ok_or_else(|| self.diag(node, format!("unknown type {}", self.text(node))))
            }
            "type_identifier" | "scoped_type_identifier" => match self.text(node) {
                "String" | "java.lang.String" => Ok(Type::String),
                "Object" | "java.lang.Object" if self.class_named("Object", scope).is_none() => {
                    Ok(Type::Object)
                }
                other if self.type_variable_named(other, scope).is_some() => Ok(Type::Variable(
                    self.type_variable_named(other, scope).expect("a type variable"),
                )),
                other => match self.class_named_at(other, scope, node.start_byte()) {
                    Some(class) => Ok(self.class_type(class)),
                    None => Err(self.diag(
                        node,
                        format!("type {other} is outside the supported subset (primitives, String, the code base's classes and arrays of them)"),
                    )),
                },
            },
            "generic_type" => self.generic_type(node, scope),
            "array_type" => {
                let element = node
                    .child_by_field_name("element")
                    .ok_or_else(|| self.diag(node, "an array type without an element type"))?;
                let mut ty = self.ty(element, scope)?;
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
                    "type {} is outside the supported subset (primitives, String, the code base's classes and arrays of them)",
                    self.text(node)
                ),
            )),
        }
    }

    /// Library throwable `index` as a class after the file's `user_classes` classes.
    fn library_throwable(&self, user_classes: usize, index: usize) -> ClassInfo<'t> {
        let class = (user_classes + index) as u32;
        let root = user_classes as u32;
        let throwable = self.class_type(root);
        let parent = THROWABLES[index].parent.map(|p| (user_classes + p) as u32);
        let (fields, methods) = throwables::members(index, class, parent, root, &throwable);
        let sigs = methods
            .iter()
            .map(|m| {
                Ok(Signature {
                    name: m.name.clone(),
                    is_static: false,
                    is_constructor: m.is_constructor,
                    is_private: false,
                    params: m.params.clone(),
                    param_names: m.param_names.clone(),
                    param_spans: vec![Span::default(); m.params.len()],
                    param_final: vec![false; m.params.len()],
                    is_varargs: false,
                    is_abstract: false,
                    is_native: false,
                    ret: m.ret.clone(),
                    span: Span::default(),
                    throws: Vec::new(),
                    type_params: Vec::new(),
                })
            })
            .collect();
        ClassInfo {
            name: THROWABLES[index].simple_name().to_string(),
            outer: None,
            is_private: false,
            skipped: Vec::new(),
            block_nodes: Vec::new(),
            is_abstract: false,
            is_interface: false,
            is_enum: false,
            enum_constants: 0,
            span: Span::default(),
            field_nodes: vec![None; fields.len()],
            fields,
            sigs,
            method_nodes: Vec::new(),
            extends_something: parent.is_some(),
            library: Some(index),
            library_methods: methods,
            implicit_from: usize::MAX,
            mirrors: Vec::new(),
            refused_captures: Vec::new(),
        }
    }

    /// `Throwable`'s class in the unit.
    pub(super) fn throwable_class(&self) -> u32 {
        (self.class_names.len() - THROWABLES.len()) as u32
    }

    /// Whether `class` is `Throwable` or one of its subclasses.
    pub(super) fn is_throwable(&self, class: u32) -> bool {
        let root = self.throwable_class();
        class == root || self.ancestors(class).contains(&root)
    }

    /// Whether `class` is a checked exception class (JLS §11.1.1).
    pub(super) fn is_checked(&self, class: u32) -> bool {
        let library = self.throwable_class();
        let lineage: Vec<u32> = std::iter::once(class)
            .chain(self.ancestors(class))
            .collect();
        lineage.contains(&library)
            && !lineage
                .iter()
                .filter(|&&c| c >= library)
                .any(|&c| !throwables::is_checked((c - library) as usize))
    }

    /// Whether `class` is an inner class: its objects have an enclosing instance.
    pub(super) fn is_inner(&self, class: u32) -> bool {
        self.inner.get(class as usize).copied().unwrap_or(false)
    }

    /// The field of inner class `class` holding its enclosing instance.
    pub(super) fn outer_field(&self, class: u32) -> Option<FieldRef> {
        if !self.is_inner(class) {
            return None;
        }
        let fields = &self.classes.get(class as usize)?.fields;
        let field = fields.iter().position(|f| f.is_synthetic)? as u32;
        Some(FieldRef { class, field })
    }

    /// The outermost class enclosing `class` (itself when top-level): private members are
    /// accessible anywhere inside it (JLS §6.6.1).
    pub(super) fn top_level(&self, mut class: u32) -> u32 {
        while let Some(o) = self.class_names[class as usize].1 {
            class = o;
        }
        class
    }

    /// The classes whose members a simple name inside `class` may denote, innermost first.
    pub(super) fn enclosing(&self, class: u32) -> Vec<u32> {
        let mut out = vec![class];
        let mut c = class;
        while let Some(o) = self.class_names[c as usize].1 {
            out.push(o);
            c = o;
        }
        out
    }

    /// Whether class `class` declares or inherits a method (not a constructor) named
    /// `name`, supported or not.
    pub(super) fn has_method_named(&self, class: u32, name: &str) -> bool {
        std::iter::once(class)
            .chain(self.ancestors(class))
            .any(|k| {
                let info = &self.classes[k as usize];
                info.library_methods
                    .iter()
                    .any(|m| !m.is_constructor && m.name == name)
                    || info.method_nodes.iter().any(|n| {
                        n.kind() == "method_declaration"
                            && n.child_by_field_name("name")
                                .is_some_and(|n| self.text(n) == name)
                    })
            })
    }

    /// Whether the `index`th method or constructor of `class` is a method named `name`.
    pub(super) fn method_node_named(&self, class: u32, index: usize, name: &str) -> bool {
        let info = &self.classes[class as usize];
        if info.library.is_some() {
            let m = &info.library_methods[index];
            return !m.is_constructor && m.name == name;
        }
        let n = info.method_nodes[index];
        n.kind() == "method_declaration"
            && n.child_by_field_name("name")
                .is_some_and(|n| self.text(n) == name)
    }

    /// Whether one of `classes` declares a method named `name` (a constructor, when
    /// `constructor`) whose signature is outside the subset: it may be the one `javac` picks,
    /// so a call that finds no other stays refused.
    pub(super) fn declares_unsupported(
        &self,
        classes: &[u32],
        name: &str,
        constructor: bool,
    ) -> bool {
        classes.iter().any(|&k| {
            self.classes[k as usize].sigs.iter().zip(0..).any(|(s, i)| {
                s.is_err()
                    && if constructor {
                        self.is_constructor_node(k, i)
                    } else {
                        self.method_node_named(k, i, name)
                    }
            })
        })
    }

    /// Whether the `index`th method or constructor of `class` is a constructor.
    pub(super) fn is_constructor_node(&self, class: u32, index: usize) -> bool {
        let info = &self.classes[class as usize];
        if info.library.is_some() {
            return info.library_methods[index].is_constructor;
        }
        self.mirror_of(class as usize, index).is_some()
            || is_constructor_kind(info.method_nodes[index].kind())
    }

    /// Class `id` as a type, named as Java code outside it names it (`Outer.Inner`).
    pub(super) fn class_type(&self, id: u32) -> Type {
        let mut name = self.class_names[id as usize].0.clone();
        let mut c = id;
        // A local class is named by its simple name alone (JLS §14.3).
        while let Some(o) = self.class_names[c as usize].1.filter(|_| !self.is_local(c)) {
            name = format!("{}.{name}", self.class_names[o as usize].0);
            c = o;
        }
        // A class of another package is named with it (as a test in the unit's package must).
        let package = &self.segment_of(c).package;
        if let Some(p) = package
            .as_ref()
            .filter(|p| *package != self.segments[0].package && p.as_str() != "java.lang")
        {
            name = format!("{p}.{name}");
        }
        Type::Class(ClassType {
            id,
            name: Arc::from(name.as_str()),
            supers: Arc::from(self.ancestors(id)),
            args: Arc::from([]),
        })
    }

    /// Checks an initializer block as the body of a method without parameters; blank
    /// `final` fields may be assigned there, as in a constructor.
    fn initializer_block(
        &self,
        class: u32,
        node: Node,
        is_static: bool,
    ) -> Result<Body, Diagnostic> {
        if let Some(e) = first_error(node) {
            return Err(self.diag(e, "syntax error"));
        }
        let mut checker = MethodChecker::new(self, class, is_static, Type::Void);
        checker.is_constructor = true;
        checker.body(node).map_err(|e| self.diag(e.node, e.message))
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
        let depth = self.push_method_scope(sig.type_params.clone());
        let mut checker = MethodChecker::new(self, class, sig.is_static, sig.ret.clone());
        checker.is_constructor = sig.is_constructor;
        checker.implicit_super = sig.is_constructor;
        if sig.is_constructor {
            self.declare_hidden_parameters(&mut checker, class, sig);
        } else {
            for (i, ty) in sig.params.iter().enumerate() {
                checker.declare_param(&sig.param_names[i], ty.clone(), sig.param_spans[i]);
                checker.locals[i].is_final = sig.param_final[i];
            }
        }
        let body_node = body;
        let body = checker.body(body).map_err(|e| self.diag(e.node, e.message));
        self.pop_method_scope(depth);
        let mut body = body?;
        if node.kind() == "compact_constructor_declaration" {
            records::assign_components(&mut body, class);
        }
        if sig.is_constructor {
            self.final_fields_assigned(class, &body, body_node)?;
            self.store_hidden_parameters(&mut body, class);
        }
        Ok(body)
    }
}

/// Why a class's initialization cannot run, if it cannot: an initializer block outside the
/// subset, an enum constant roth cannot make, or a field initializer or block that calls a
/// method outside the subset.
fn initialization_problem(classes: &[Class], class: usize, path: &str) -> Option<Diagnostic> {
    let c = &classes[class];
    if let Some(d) = c.blocks.iter().find_map(|b| b.body.as_ref().err()) {
        return Some(d.clone());
    }
    if let Some(f) = c.fields.iter().find(|f| {
        f.unsupported.is_some() && c.is_enum && f.is_static && f.ty.class() == Some(class as u32)
    }) {
        return f.unsupported.clone();
    }
    let mut bad = None;
    let mut check = |e: &Expr| {
        if let Some(m) = e.callee()
            && bad.is_none()
        {
            let callee = &classes[m.class as usize].methods[m.method as usize];
            if callee.body.is_err() && !callee.is_abstract {
                bad = Some(Diagnostic {
                    path: path.to_string(),
                    line: e.span.line,
                    column: e.span.column,
                    message: format!(
                        "an initializer calls {}, which is outside the supported subset",
                        callee.signature()
                    ),
                });
            }
        }
    };
    for f in &c.fields {
        if let Some(init) = &f.init {
            visit_expr(init, &mut check);
        }
    }
    for b in &c.blocks {
        if let Ok(body) = &b.body {
            visit_stmts(&body.stmts, &mut check);
        }
    }
    bad
}

/// The members of a class, interface or enum body (an enum's after its constants).
pub(super) fn members(body: Node) -> Vec<Node> {
    if body.kind() == "enum_body" {
        return named_children(body)
            .into_iter()
            .filter(|c| c.kind() == "enum_body_declarations")
            .flat_map(named_children)
            .collect();
    }
    named_children(body)
}

/// Whether `new C()` of `class` would run a constructor outside the subset: its own one
/// without parameters, or, when it declares none, its superclass's.
fn construct_problem(classes: &[Class], class: u32) -> bool {
    let c = &classes[class as usize];
    if c.methods.iter().any(|m| m.is_constructor) {
        return c
            .methods
            .iter()
            .any(|m| m.is_constructor && m.params.is_empty() && m.body.is_err());
    }
    c.superclass
        .is_some_and(|s| s != class && construct_problem(classes, s))
}

/// An override of the virtual method `method`, in a class extending its class, whose body
/// is outside the subset (a call may be dispatched to it), as `Class.m(int)`.
fn unsupported_override(classes: &[Class], method: MethodRef) -> Option<String> {
    let m = &classes[method.class as usize].methods[method.method as usize];
    if m.is_static || m.is_private || m.is_constructor {
        return None;
    }
    (0..classes.len() as u32)
        .filter(|&d| ancestors_in(classes, d).contains(&method.class))
        .find_map(|d| {
            classes[d as usize]
                .methods
                .iter()
                .find(|o| {
                    o.name == m.name
                        && o.params == m.params
                        && !o.is_static
                        && o.body.is_err()
                        && !o.is_abstract
                })
                .map(|o| format!("{}.{}", classes[d as usize].name, o.signature()))
        })
}

/// A method that calls an unsupported one cannot run either: give it the callee's reason.
fn mark_unsupported_callers(classes: &mut [Class], locate: &dyn Fn(u32) -> (String, u32)) {
    loop {
        let mut changed = false;
        for ci in 0..classes.len() {
            for mi in 0..classes[ci].methods.len() {
                let Ok(body) = &classes[ci].methods[mi].body else {
                    continue;
                };
                let mut bad = None;
                visit_stmts(&body.stmts, &mut |e: &Expr| {
                    if let Some(method) = e.callee()
                        && bad.is_none()
                    {
                        let callee =
                            &classes[method.class as usize].methods[method.method as usize];
                        let dispatched = !matches!(e.kind, ExprKind::SuperCall { .. });
                        if callee.body.is_err() && !(callee.is_abstract && dispatched) {
                            bad = Some((e.span, callee.signature()));
                        } else if dispatched && let Some(o) = unsupported_override(classes, method)
                        {
                            bad = Some((e.span, o));
                        }
                    }
                });
                if let Some((span, name)) = bad {
                    let (path, line) = locate(span.line);
                    classes[ci].methods[mi].body = Err(Diagnostic {
                        path,
                        line,
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
