//! A code base as one program (JLS §7.3-7.5): its files indexed by package, imports and
//! top-level classes, and for one file the other files whose classes it uses, directly or
//! through them, which [`super::load_with`] reads together with it. A file uses another when
//! a top-level class of the other is named in its text and visible from it: the same package,
//! a single-type or on-demand import, or written with its package. Taking a file that is not
//! really used costs time only; its classes are read, never mutated or reported.

use std::collections::HashSet;

use tree_sitter::Node;

use crate::program::reader::ir::{Diagnostic, Unit};
use crate::program::reader::syntax::{first_error, inside_method_body, named_children, parse};

/// One file of a code base, as the index knows it.
#[derive(Clone, Debug)]
struct Indexed {
    path: String,
    text: String,
    package: Option<String>,
    imports: Vec<String>,
    /// The simple names of its top-level classes, interfaces and enums.
    classes: Vec<String>,
    /// The identifiers its text uses (type names among them).
    names: HashSet<String>,
    /// Whether its declarations parse (a file with a syntax error outside every method body
    /// is never read with another: it would spoil that one too).
    usable: bool,
}

/// The files of a code base, indexed to find what a file uses.
#[derive(Clone, Debug, Default)]
pub struct CodeIndex {
    /// In the code base's order.
    files: Vec<Indexed>,
    /// The files each file uses directly (indices, in order).
    uses: Vec<Vec<usize>>,
}

impl CodeIndex {
    /// Indexes `files` (path and text, in the code base's order: where two files declare the
    /// same class, the first is the one found).
    pub fn new<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> CodeIndex {
        let files: Vec<Indexed> = files
            .into_iter()
            .map(|(path, text)| index(path, text))
            .collect();
        let uses = files.iter().map(|f| direct_uses(&files, f)).collect();
        CodeIndex { files, uses }
    }

    /// How many files the index holds.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The files (indices) the file at `path` with `text` uses, directly or not, in the
    /// index's order; `own`, the file's own place in the index if it has one, is never among
    /// them.
    pub fn used_by(&self, own: Option<usize>, path: &str, text: &str) -> Vec<usize> {
        // The file as given (it may differ from its indexed version), then the index's edges.
        let mut queue = direct_uses(&self.files, &index(path, text));
        let mut taken = vec![false; self.files.len()];
        while let Some(i) = queue.pop() {
            if taken[i] || Some(i) == own {
                continue;
            }
            taken[i] = true;
            queue.extend(self.uses[i].iter().copied());
        }
        (0..self.files.len()).filter(|&i| taken[i]).collect()
    }

    /// Reads and checks the file at `path` with `text` (at place `own` in the index, if it is
    /// there) together with the files it uses.
    pub fn load(&self, own: Option<usize>, path: &str, text: &str) -> Result<Unit, Diagnostic> {
        let others: Vec<(&str, &str)> = self
            .used_by(own, path, text)
            .into_iter()
            .map(|i| (self.files[i].path.as_str(), self.files[i].text.as_str()))
            .collect();
        super::load_with(path, text, &others)
    }
}

/// The usable files of `files` that `file` names a class of.
fn direct_uses(files: &[Indexed], file: &Indexed) -> Vec<usize> {
    (0..files.len())
        .filter(|&i| files[i].usable && uses(file, &files[i]))
        .collect()
}

/// The package a Java text declares, if it declares one (and parses).
pub fn package_of(text: &str) -> Option<String> {
    index("", text).package
}

/// Whether `file` names a top-level class of `other` that it can see.
fn uses(file: &Indexed, other: &Indexed) -> bool {
    other.classes.iter().any(|class| {
        if !file.names.contains(class) {
            return false;
        }
        let qualified = match &other.package {
            Some(p) => format!("{p}.{class}"),
            None => class.clone(),
        };
        file.package == other.package
            || file.imports.iter().any(|i| {
                *i == qualified
                    || i.strip_suffix(".*")
                        .is_some_and(|p| Some(p) == other.package.as_deref())
            })
            || (other.package.is_some() && file.text.contains(&qualified))
    })
}

fn index(path: &str, text: &str) -> Indexed {
    let mut file = Indexed {
        path: path.to_string(),
        text: text.to_string(),
        package: None,
        imports: Vec::new(),
        classes: Vec::new(),
        names: HashSet::new(),
        usable: false,
    };
    let Ok(tree) = parse(path, text, None) else {
        return file;
    };
    let root = tree.root_node();
    file.usable = first_error(root).is_none_or(inside_method_body);
    for child in named_children(root) {
        let words = || text[child.byte_range()].to_string();
        match child.kind() {
            "package_declaration" => {
                file.package = named_children(child)
                    .into_iter()
                    .find(|n| matches!(n.kind(), "scoped_identifier" | "identifier"))
                    .map(|n| text[n.byte_range()].to_string());
            }
            "import_declaration" => {
                let name = words();
                let name = name
                    .trim_start_matches("import")
                    .trim_end_matches(';')
                    .trim();
                match name.strip_prefix("static ") {
                    // A static import names its class: `com.example.Util.helper` and
                    // `com.example.Util.*` use `com.example.Util`.
                    Some(member) => {
                        if let Some((class, _)) = member.trim().rsplit_once('.') {
                            file.imports.push(class.to_string());
                        }
                    }
                    None => file.imports.push(name.to_string()),
                }
            }
            "class_declaration"
            | "interface_declaration"
            | "enum_declaration"
            | "record_declaration" => {
                if let Some(n) = child.child_by_field_name("name") {
                    file.classes.push(text[n.byte_range()].to_string());
                }
            }
            _ => {}
        }
    }
    collect_names(root, text, &mut file.names);
    file
}

/// The identifiers below `node`.
fn collect_names(node: Node, text: &str, out: &mut HashSet<String>) {
    let mut cursor = node.walk();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if matches!(n.kind(), "identifier" | "type_identifier") {
            out.insert(text[n.byte_range()].to_string());
        }
        stack.extend(n.named_children(&mut cursor));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POINT: &str = "package geo.shapes;\npublic class Point { public int x; public Point(int x) { this.x = x; } }\n";
    const SEGMENT: &str = "package geo.shapes;\npublic class Segment { Point a; public Segment(Point a) { this.a = a; } public int start() { return a.x; } }\n";
    const UNUSED: &str = "package geo.shapes;\npublic class Circle { int r; }\n";
    const ELSEWHERE: &str = "package geo.other;\npublic class Point { int y; }\n";
    const BROKEN: &str = "package geo;\npublic class Broken { int x = ; }\n";
    const ROUTE: &str = "package geo;\nimport geo.shapes.*;\npublic class Route {\n    static int start(int x) { return new Segment(new Point(x)).start(); }\n    static int broken() { Broken b = null; return 0; }\n}\n";

    #[test]
    fn a_file_uses_what_it_names_and_sees_and_what_that_uses() {
        let index = CodeIndex::new([
            ("geo/other/Point.java", ELSEWHERE),
            ("geo/shapes/Circle.java", UNUSED),
            ("geo/shapes/Point.java", POINT),
            ("geo/shapes/Segment.java", SEGMENT),
            ("geo/Broken.java", BROKEN),
            ("geo/Route.java", ROUTE),
        ]);
        // Point of geo.other is not imported; Circle is not named; Broken does not parse.
        assert_eq!(index.used_by(Some(5), "geo/Route.java", ROUTE), vec![2, 3]);
        // Through Segment alone, Point (same package) comes too.
        let through = ROUTE.replace("new Point(x)", "null");
        let through = through.replace("import geo.shapes.*;", "import geo.shapes.Segment;");
        assert_eq!(
            index.used_by(Some(5), "geo/Route.java", &through),
            vec![2, 3]
        );
        // Without its own place, the file names itself and takes its copy in the index.
        assert_eq!(
            index.used_by(None, "geo/Route.java", &through),
            vec![2, 3, 5]
        );
        // A file that names itself (a constructor, a static call) does not take its own copy.
        let unit = index
            .load(Some(5), "geo/Route.java", ROUTE)
            .expect("the code base loads");
        let (class, method) = unit.find_method("start").expect("start");
        assert!(
            unit.method(class, method).body.is_ok(),
            "{:?}",
            unit.method(class, method).body
        );
        assert_eq!(unit.others.len(), 2);
        assert_eq!(unit.file_classes(), 1);
    }
}
