//! The locals a local or anonymous class captures (JLS §8.1.3): the local variables of
//! the enclosing code its body names are copied, when an
//! object is made, into synthetic final fields (`val$x`, as `javac` names them) that the
//! class's code reads instead; such a variable must be final or effectively final. Every
//! constructor takes the captured values as hidden last parameters (a local superclass's
//! too, to pass them on) and stores them before anything else runs.
//!
//! Which locals are captured is decided from the text before any body is read, so that the
//! fields are the same whichever method is read first: the locals in scope where the class
//! is declared that its body names. A name its body declares again is captured needlessly,
//! which changes nothing the program can see.

use tree_sitter::Node;

use crate::program::reader::declarations::{ClassInfo, FileChecker};
use crate::program::reader::ir::*;
use crate::program::reader::local_classes::{class_body, is_class_body};
use crate::program::reader::statements::{Checked, MethodChecker};
use crate::program::reader::syntax::{has_class_body, named_children};

/// A local variable of the enclosing code that a local class's body names.
#[derive(Clone)]
pub(super) struct Capture<'t> {
    pub(super) name: String,
    /// Its declared type (`None` where the text does not say it: an inferred lambda
    /// parameter or a `var` whose initializer is not a literal or a `new`).
    pub(super) type_node: Option<Node<'t>>,
    /// How many `[]` its declarator adds to the type (`int a[]`), or one for varargs.
    pub(super) extra_dims: usize,
    /// The literal's type of a `var` declared with a literal.
    pub(super) literal: Option<Type>,
    /// Declared with a value (a parameter is).
    pub(super) initialized: bool,
    /// Assigned after its initialization: not effectively final, so not capturable.
    pub(super) reassigned: bool,
}

impl Capture<'_> {
    /// The synthetic field holding it, as `javac` names it.
    pub(super) fn field_name(&self) -> String {
        format!("val${}", self.name)
    }
}

impl<'t> FileChecker<'_, 't> {
    /// The locals of the enclosing code in scope at `declared` that its body names.
    pub(super) fn captures(&self, declared: Node<'t>) -> Vec<Capture<'t>> {
        let Some(body) = class_body(declared) else {
            return Vec::new();
        };
        let mut named: Vec<&str> = Vec::new();
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" {
                named.push(self.text(n));
            }
            stack.extend(named_children(n));
        }
        let mut out: Vec<Capture<'t>> = Vec::new();
        for (decl, scope) in self.locals_in_scope(declared) {
            if !named.contains(&decl.name.as_str()) || out.iter().any(|c| c.name == decl.name) {
                continue;
            }
            let reassigned =
                assignments_to(scope, &decl.name, self.src) > usize::from(!decl.initialized);
            out.push(Capture { reassigned, ..decl });
        }
        out
    }

    /// The locals declared around `node` up to the member it is in, innermost first, each
    /// with the node its scope is (a block, a loop, a method).
    fn locals_in_scope(&self, node: Node<'t>) -> Vec<(ScopedLocal<'t>, Node<'t>)> {
        let mut out = Vec::new();
        let mut child = node;
        while let Some(p) = child.parent() {
            match p.kind() {
                "block" | "switch_block_statement_group" | "constructor_body" => {
                    for s in named_children(p)
                        .into_iter()
                        .filter(|s| s.end_byte() <= child.start_byte())
                    {
                        if s.kind() == "local_variable_declaration" {
                            out.extend(self.declared_by(s).into_iter().map(|d| (d, p)));
                        }
                    }
                }
                "for_statement" => {
                    if let Some(init) = p.child_by_field_name("init")
                        && init.id() != child.id()
                        && init.kind() == "local_variable_declaration"
                    {
                        out.extend(self.declared_by(init).into_iter().map(|d| (d, p)));
                    }
                }
                "enhanced_for_statement" => {
                    if p.child_by_field_name("body")
                        .is_some_and(|b| b.id() == child.id())
                        && let Some(name) = p.child_by_field_name("name")
                    {
                        let dims = p.child_by_field_name("dimensions");
                        out.push((
                            ScopedLocal::new(
                                self.text(name),
                                p.child_by_field_name("type"),
                                dims,
                                true,
                                self,
                            ),
                            p,
                        ));
                    }
                }
                "catch_clause" => {
                    let param = named_children(p)
                        .into_iter()
                        .find(|c| c.kind() == "catch_formal_parameter");
                    if let Some(param) = param
                        && let Some(name) = param.child_by_field_name("name")
                    {
                        // A multi-catch parameter's type is a union: not captured here.
                        let types: Vec<Node> = named_children(param)
                            .into_iter()
                            .filter(|c| c.kind() == "catch_type")
                            .flat_map(named_children)
                            .collect();
                        let ty = (types.len() == 1).then(|| types[0]);
                        out.push((ScopedLocal::new(self.text(name), ty, None, true, self), p));
                    }
                }
                "lambda_expression" => {
                    if let Some(params) = p.child_by_field_name("parameters") {
                        if params.kind() == "identifier" {
                            out.push((
                                ScopedLocal::new(self.text(params), None, None, true, self),
                                p,
                            ));
                        } else {
                            for q in named_children(params) {
                                out.extend(self.parameter(q).map(|d| (d, p)));
                            }
                        }
                    }
                }
                "method_declaration"
                | "constructor_declaration"
                | "compact_constructor_declaration" => {
                    if let Some(params) = p.child_by_field_name("parameters") {
                        for q in named_children(params) {
                            out.extend(self.parameter(q).map(|d| (d, p)));
                        }
                    }
                    break;
                }
                k if is_class_body(k) => break,
                _ => {}
            }
            child = p;
        }
        out
    }

    /// The locals a `local_variable_declaration` declares.
    fn declared_by(&self, declaration: Node<'t>) -> Vec<ScopedLocal<'t>> {
        let ty = declaration.child_by_field_name("type");
        let mut cursor = declaration.walk();
        let declarators: Vec<Node<'t>> = declaration
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        let mut out = Vec::new();
        for d in declarators {
            let Some(name) = d.child_by_field_name("name") else {
                continue;
            };
            let value = d.child_by_field_name("value");
            let mut local = ScopedLocal::new(
                self.text(name),
                ty,
                d.child_by_field_name("dimensions"),
                value.is_some(),
                self,
            );
            // `var`: the type of a literal or of a `new` expression, else unknown.
            if ty.is_some_and(|t| self.text(t) == "var") {
                local.type_node = None;
                match value {
                    Some(v) if v.kind() == "object_creation_expression" && !has_class_body(v) => {
                        local.type_node = v
                            .child_by_field_name("type")
                            .filter(|t| !self.text(*t).contains("<>"));
                    }
                    Some(v) => local.literal = literal_type(v, self.src),
                    None => {}
                }
            }
            out.push(local);
        }
        out
    }

    /// A formal parameter as a local.
    fn parameter(&self, param: Node<'t>) -> Option<ScopedLocal<'t>> {
        match param.kind() {
            "formal_parameter" => {
                let name = param.child_by_field_name("name")?;
                Some(ScopedLocal::new(
                    self.text(name),
                    param.child_by_field_name("type"),
                    param.child_by_field_name("dimensions"),
                    true,
                    self,
                ))
            }
            "spread_parameter" => {
                let ty = named_children(param)
                    .into_iter()
                    .find(|c| c.kind().ends_with("type") || c.kind() == "type_identifier");
                let declarator = named_children(param)
                    .into_iter()
                    .find(|c| c.kind() == "variable_declarator")?;
                let name = declarator.child_by_field_name("name")?;
                let mut local = ScopedLocal::new(self.text(name), ty, None, true, self);
                local.extra_dims += 1;
                Some(local)
            }
            _ => None,
        }
    }
}

type ScopedLocal<'t> = Capture<'t>;

impl<'t> Capture<'t> {
    fn new(
        name: &str,
        type_node: Option<Node<'t>>,
        dims: Option<Node<'t>>,
        initialized: bool,
        file: &FileChecker<'_, 't>,
    ) -> Capture<'t> {
        Capture {
            name: name.to_string(),
            type_node,
            extra_dims: dims.map_or(0, |d| file.text(d).matches('[').count()),
            literal: None,
            reassigned: false,
            initialized,
        }
    }
}

/// How many times the text of `scope` assigns the variable `name` (`name = ...`, `name += ...`,
/// `name++`): a local assigned after its declaration's value, or twice without one, is not
/// effectively final (JLS §4.12.4; a few effectively final ones, assigned once on each of
/// two branches, are taken for not).
fn assignments_to(scope: Node, name: &str, src: &str) -> usize {
    let mut count = 0;
    let mut stack = vec![scope];
    while let Some(n) = stack.pop() {
        let target = match n.kind() {
            "assignment_expression" => n.child_by_field_name("left"),
            "update_expression" => named_children(n).into_iter().next(),
            _ => None,
        };
        if target.is_some_and(|t| t.kind() == "identifier" && &src[t.byte_range()] == name) {
            count += 1;
        }
        stack.extend(named_children(n));
    }
    count
}

/// The type of a literal (what `var x = 1` declares).
fn literal_type(value: Node, src: &str) -> Option<Type> {
    let text = &src[value.byte_range()];
    match value.kind() {
        "decimal_integer_literal"
        | "hex_integer_literal"
        | "octal_integer_literal"
        | "binary_integer_literal" => Some(if text.ends_with(['l', 'L']) {
            Type::Long
        } else {
            Type::Int
        }),
        "decimal_floating_point_literal" | "hex_floating_point_literal" => {
            Some(if text.ends_with(['f', 'F']) {
                Type::Float
            } else {
                Type::Double
            })
        }
        "string_literal" => Some(Type::String),
        "character_literal" => Some(Type::Char),
        "true" | "false" => Some(Type::Boolean),
        _ => None,
    }
}

impl<'t> FileChecker<'_, 't> {
    /// Adds to a class declared in code the synthetic fields holding the locals it captures
    /// (after `this$0`), and notes those it names but cannot capture.
    pub(super) fn add_captures(&self, info: &mut ClassInfo<'t>, id: u32) {
        let Some(Some(local)) = self.local_classes.get(id as usize) else {
            return;
        };
        let scope = self.class_names[id as usize].1.unwrap_or(id);
        for c in &local.captures {
            if c.reassigned {
                info.refused_captures.push((
                    c.name.clone(),
                    "local variables referenced from an inner class must be final or effectively final".to_string(),
                ));
                continue;
            }
            let ty = match (c.type_node, &c.literal) {
                (Some(t), _) => self.ty(t, scope).map_err(|d| d.message),
                (None, Some(l)) => Ok(l.clone()),
                (None, None) => Err(format!(
                    "a local class capturing {}, whose type is not written (an inferred lambda parameter or a var)",
                    c.name
                )),
            };
            let ty = match ty {
                Ok(mut ty) => {
                    for _ in 0..c.extra_dims {
                        ty = Type::array_of(ty);
                    }
                    ty
                }
                Err(why) => {
                    info.refused_captures.push((c.name.clone(), why));
                    continue;
                }
            };
            info.fields.push(synthetic_field(c.field_name(), ty, true));
            info.field_nodes.push(None);
        }
        // What a local superclass captures, this class captures too, to pass it on.
        if let Some(s) = self.superclass(id).filter(|&s| s < id) {
            for (_, name, ty) in self.capture_fields(s) {
                if info.fields.iter().any(|f| f.name == name) {
                    continue;
                }
                info.fields.push(synthetic_field(name, ty, true));
                info.field_nodes.push(None);
            }
        }
    }

    /// The synthetic fields of `class` holding captured locals, in order (its constructors'
    /// hidden last parameters).
    pub(super) fn capture_fields(&self, class: u32) -> Vec<(u32, String, Type)> {
        if !self.is_local(class) {
            return Vec::new();
        }
        let outer = self.outer_field(class).map(|f| f.field);
        self.classes[class as usize]
            .fields
            .iter()
            .enumerate()
            .filter(|(k, f)| f.is_synthetic && Some(*k as u32) != outer)
            .map(|(k, f)| (k as u32, f.name.clone(), f.ty.clone()))
            .collect()
    }

    /// The field of `class` holding the captured local `name`, if it captures it.
    pub(super) fn capture_field(&self, class: u32, name: &str) -> Option<(u32, usize)> {
        self.capture_fields(class)
            .into_iter()
            .find(|(_, n, _)| n.strip_prefix("val$") == Some(name))
            .map(|(k, _, _)| (class, k as usize))
    }

    /// Why `class` cannot capture the local `name` its code names, if it cannot.
    pub(super) fn refused_capture(&self, class: u32, name: &str) -> Option<&str> {
        self.classes
            .get(class as usize)?
            .refused_captures
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, why)| why.as_str())
    }
}

impl<'t> MethodChecker<'_, '_, 't> {
    /// `javac`'s error when the body of `class`, declared here, names a local of the
    /// code around that is not effectively final (JLS §8.1.3): an edit of the enclosing
    /// method may make one so.
    pub(super) fn captures_allowed(&mut self, node: Node<'t>, class: u32) -> Checked<'t, ()> {
        let refused = &self.file.classes[class as usize].refused_captures;
        if let Some((_, why)) = refused
            .iter()
            .find(|(_, why)| why.starts_with("local variables"))
        {
            return self.error(node, why.clone());
        }
        Ok(())
    }

    /// The values of the locals class `class` captures, read where the code being read
    /// makes one of its objects (`node`): each a local in scope there, or the copy the code's
    /// own class captured; nodes without text, so nothing mutates them.
    pub(super) fn captured_values(&mut self, node: Node<'t>, class: u32) -> Checked<'t, Vec<Expr>> {
        let mut out = Vec::new();
        for (_, field, _) in self.file.capture_fields(class) {
            let name = field.trim_start_matches("val$");
            // A constructor of the class itself passes on what it was given.
            let given = self
                .locals
                .iter()
                .position(|l| l.is_hidden && l.is_param && l.name == field)
                .filter(|_| self.class == class);
            let value = match given {
                Some(k) => {
                    let ty = self.locals[k].ty.clone();
                    self.make(node, ty, ExprKind::Local(LocalId(k as u32)))
                }
                None => match self.variable_named(node, name) {
                    Ok(v) => v,
                    Err(_) => {
                        return self.unsupported(
                            node,
                            &format!(
                                "making a local class's object where the local {name} it captures is not in scope"
                            ),
                        );
                    }
                },
            };
            let mut value = self.read_of(node, value, name)?;
            hide(&mut value);
            out.push(value);
        }
        Ok(out)
    }
}

/// A field the compiler adds (the enclosing instance, a captured local): no test or outcome
/// shows it.
pub(super) fn synthetic_field(name: String, ty: Type, is_final: bool) -> Field {
    Field {
        name,
        ty,
        is_static: false,
        is_final,
        is_private: false,
        span: Span::default(),
        init: None,
        constant: None,
        unsupported: None,
        is_synthetic: true,
    }
}

/// Makes an expression the reader added textless (see [`MethodChecker::hidden`]).
/// Hides a call made for the code around it (a for-each loop's `iterator()`), keeping its
/// receiver, which the source writes, visible to mutants.
pub(super) fn hide_call(e: &mut Expr) {
    e.span.end = e.span.start;
    if let ExprKind::Cast(inner) = &mut e.kind {
        hide_call(inner);
    }
}

pub(super) fn hide(e: &mut Expr) {
    e.span.end = e.span.start;
    match &mut e.kind {
        ExprKind::FieldOf { object, .. } | ExprKind::Convert(object) | ExprKind::Cast(object) => {
            hide(object)
        }
        ExprKind::Builtin(_, args) | ExprKind::Call { args, .. } => args.iter_mut().for_each(hide),
        ExprKind::InstanceCall { receiver, args, .. } => {
            hide(receiver);
            args.iter_mut().for_each(hide);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use crate::program::load;

    #[test]
    fn captured_locals_must_be_effectively_final_as_javac_says() {
        for (body, message) in [
            (
                "int f(int n) { n++; Runnable r = new Runnable() { public void run() { int k = n; } }; return n; }",
                "local variables referenced from an inner class must be final or effectively final",
            ),
            (
                "int f(int n) { class L { void g() { n = 2; } } return n; }",
                "local variables referenced from an inner class must be final or effectively final",
            ),
            (
                "int f(int n) { class L { int g() { return m; } } return n; }",
                "cannot find symbol: variable m",
            ),
        ] {
            let source = format!("public class K {{ {body} }}\n");
            let unit = load("K.java", &source).expect("the file loads");
            let error = unit
                .unsupported()
                .map(|(_, d)| d.message.clone())
                .next()
                .expect("javac refuses it");
            assert_eq!(error, message, "{body}");
        }
    }
}
