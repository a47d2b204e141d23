//! Method signatures (JLS §8.4, §8.8): a declaration's name, modifiers, return type,
//! parameters (varargs and C-style dimensions included), type parameters and `throws`
//! clause, read before any body; a record's header declares its components as the
//! parameters of its canonical constructor (JLS §8.10.1).

use tree_sitter::Node;

use crate::program::reader::declarations::{FileChecker, Signature};
use crate::program::reader::ir::*;
use crate::program::reader::syntax::{has_modifier, is_constructor_kind, named_children, span_of};

impl FileChecker<'_, '_> {
    pub(super) fn signature(
        &self,
        node: Node,
        class_name: &str,
        scope: u32,
        index: u32,
        in_interface: bool,
    ) -> Result<Signature, Diagnostic> {
        let is_constructor = is_constructor_kind(node.kind());
        let name = node
            .child_by_field_name("name")
            .map(|n| self.text(n).to_string())
            .unwrap_or_default();
        if is_constructor && name != class_name {
            return Err(self.diag_at(node, "invalid method declaration; return type required"));
        }
        let type_params = match node.child_by_field_name("type_parameters") {
            Some(list) => self.type_parameters_of(list, (scope, index + 1), scope),
            None => Vec::new(),
        };
        let depth = self.push_method_scope(type_params.clone());
        let read = self.signature_types(node, scope);
        self.pop_method_scope(depth);
        let (ret, params, param_names, param_spans, param_final, is_varargs) = read?;
        let ret = if is_constructor { Type::Void } else { ret };
        let mut is_abstract = node.child_by_field_name("body").is_none();
        // roth's model of the JDK declares `native` the methods a builtin answers.
        let is_native = is_abstract
            && has_modifier(node, self.src, "native")
            && self.segments[self.segment_at(node.start_byte())]
                .path
                .starts_with(crate::program::reader::jdk::PREFIX);
        if is_native {
            is_abstract = false;
        } else if is_abstract && !(in_interface || has_modifier(node, self.src, "abstract")) {
            return Err(self.diag_at(node, "native methods have no body to analyse"));
        }
        let throws = named_children(node)
            .into_iter()
            .filter(|c| c.kind() == "throws")
            .flat_map(named_children)
            .filter_map(|t| {
                let text = self.text(t);
                self.class_named(text.split('<').next().unwrap_or(text).trim(), scope)
            })
            .collect();
        Ok(Signature {
            throws,
            name,
            is_abstract,
            is_native,
            is_static: has_modifier(node, self.src, "static"),
            is_constructor,
            is_private: has_modifier(node, self.src, "private"),
            params,
            param_names,
            param_spans,
            param_final,
            is_varargs,
            ret,
            span: span_of(node),
            type_params,
        })
    }

    /// A method's return type and its parameters (types, names, places, `final`), and
    /// whether it takes variable arity, read with its type parameters in scope.
    #[allow(clippy::type_complexity)]
    pub(super) fn signature_types(
        &self,
        node: Node,
        scope: u32,
    ) -> Result<(Type, Vec<Type>, Vec<String>, Vec<Span>, Vec<bool>, bool), Diagnostic> {
        // A record's header declares its components as parameters; its compact constructor
        // takes them.
        let is_constructor =
            is_constructor_kind(node.kind()) || node.kind() == "record_declaration";
        let owner = match node.kind() {
            "compact_constructor_declaration" => {
                node.parent().and_then(|body| body.parent()).unwrap_or(node)
            }
            _ => node,
        };
        let ret = if is_constructor {
            Type::Void
        } else {
            let t = node
                .child_by_field_name("type")
                .ok_or_else(|| self.diag_at(node, "a method without a return type"))?;
            let t = self.ty(t, scope)?;
            // `int f()[]` style dimensions after the parameters.
            self.with_dimensions(t, node)
        };
        let mut params = Vec::new();
        let mut param_names = Vec::new();
        let mut param_spans = Vec::new();
        let mut param_final = Vec::new();
        let mut is_varargs = false;
        if let Some(list) = owner.child_by_field_name("parameters") {
            for p in named_children(list) {
                if p.kind() == "spread_parameter" {
                    // `T... xs`: a parameter of type T[] that calls may fill element by
                    // element (JLS §8.4.1).
                    let children = named_children(p);
                    let t = children
                        .iter()
                        .find(|c| {
                            !matches!(
                                c.kind(),
                                "modifiers"
                                    | "variable_declarator"
                                    | "annotation"
                                    | "marker_annotation"
                            )
                        })
                        .ok_or_else(|| self.diag_at(p, "a parameter without a type"))?;
                    let d = children
                        .iter()
                        .find(|c| c.kind() == "variable_declarator")
                        .ok_or_else(|| self.diag_at(p, "a parameter without a name"))?;
                    let n = d
                        .child_by_field_name("name")
                        .ok_or_else(|| self.diag_at(p, "a parameter without a name"))?;
                    let t = self.with_dimensions(self.ty(*t, scope)?, *d);
                    params.push(Type::array_of(t));
                    param_names.push(self.text(n).to_string());
                    param_spans.push(span_of(n));
                    param_final.push(has_modifier(p, self.src, "final"));
                    is_varargs = true;
                    continue;
                }
                if p.kind() != "formal_parameter" {
                    return Err(self.diag_at(
                        p,
                        format!("{} parameters are outside the supported subset", p.kind()),
                    ));
                }
                let t = p
                    .child_by_field_name("type")
                    .ok_or_else(|| self.diag_at(p, "a parameter without a type"))?;
                let t = self.with_dimensions(self.ty(t, scope)?, p);
                let n = p
                    .child_by_field_name("name")
                    .ok_or_else(|| self.diag_at(p, "a parameter without a name"))?;
                params.push(t);
                param_names.push(self.text(n).to_string());
                param_spans.push(span_of(n));
                param_final.push(has_modifier(p, self.src, "final"));
            }
        }
        Ok((
            ret,
            params,
            param_names,
            param_spans,
            param_final,
            is_varargs,
        ))
    }

    /// Adds C-style dimensions (`int a[]`) written after a declarator's name.
    pub(super) fn with_dimensions(&self, mut ty: Type, declarator: Node) -> Type {
        if let Some(d) = declarator.child_by_field_name("dimensions") {
            for _ in 0..self.text(d).matches('[').count() {
                ty = Type::array_of(ty);
            }
        }
        ty
    }
}
