//! The tree-sitter side of the reader: a `.java` text parsed by tree-sitter-java within a
//! budget that bounds its error recovery, and the small questions the checker asks of the
//! syntax tree (a node's span, its statement children, its modifiers, the first syntax error
//! below it).

use tree_sitter::Node;

use crate::program::reader::ir::*;

/// The tree-sitter tree of a Java source, reusing `old` (already edited to match) when given.
pub(crate) fn parse(
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

pub(super) fn span_of(node: Node) -> Span {
    let p = node.start_position();
    Span {
        start: node.start_byte() as u32,
        end: node.end_byte() as u32,
        line: p.row as u32 + 1,
        column: p.column as u32 + 1,
    }
}

pub(super) fn is_comment(node: Node) -> bool {
    matches!(node.kind(), "line_comment" | "block_comment")
}

/// The first ERROR or MISSING node below `node`, for a message.
pub(super) fn first_error(node: Node) -> Option<Node> {
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

pub(super) fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|c| !is_comment(*c))
        .collect()
}

/// Whether the text of `node` contains one of `words`: the scans for lambdas, local classes
/// and records walk only the subtrees that can hold one. Searching text is far cheaper than
/// walking its nodes, and a mutant's checking scans every file read with it (the modelled
/// JDK's too) again. A word in a comment or a string only costs a walk.
pub(super) fn mentions(src: &str, node: Node, words: &[&str]) -> bool {
    let text = src.get(node.byte_range()).unwrap_or("");
    words.iter().any(|w| text.contains(w))
}

/// The children of a block or a switch group that are statements: the named ones and the
/// empty statement `;`, which the grammar leaves anonymous (a mutant that deletes a
/// statement leaves one, and its place in the list is what finds the mutated region).
pub(super) fn statement_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .filter(|c| (c.is_named() && !is_comment(*c)) || c.kind() == ";")
        .collect()
}

pub(super) fn has_modifier(node: Node, src: &str, word: &str) -> bool {
    let mut cursor = node.walk();
    node.children(&mut cursor)
        .filter(|c| c.kind() == "modifiers")
        .any(|m| {
            let mut c2 = m.walk();
            m.children(&mut c2).any(|k| &src[k.byte_range()] == word)
        })
}

/// Whether a declaration's kind is a constructor's: a record's compact canonical constructor
/// (`Token { ... }`, JLS §8.10.4.2) is one.
pub(super) fn is_constructor_kind(kind: &str) -> bool {
    matches!(
        kind,
        "constructor_declaration" | "compact_constructor_declaration"
    )
}

pub(super) fn inside_method_body(node: Node) -> bool {
    let mut n = node;
    while let Some(p) = n.parent() {
        if p.kind() == "method_declaration" || is_constructor_kind(p.kind()) {
            return true;
        }
        n = p;
    }
    false
}

/// Whether a `new` expression declares an anonymous class (its body is a child without a
/// field name in tree-sitter-java's grammar).
pub(super) fn has_class_body(node: Node) -> bool {
    named_children(node)
        .iter()
        .any(|c| c.kind() == "class_body")
}
