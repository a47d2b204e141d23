//! Class names across the files of a code base (JLS §6.4.1, §6.5.5, §7.4-7.5): the unit's own
//! file is read together with the other files whose classes it uses, as one text of several
//! *segments*, one per file. Each segment keeps its file's path, package and imports, so a
//! simple name is resolved as `javac` resolves it from the place it is written: a class nested
//! in the enclosing classes (the innermost first), then a top-level class of the same file, a
//! single-type import, a class of the same package, an on-demand import (`p.*`), `java.lang`.
//! A qualified name (`com.example.Node`, `Outer.Inner`) walks down from its package or its
//! first class.

use crate::program::reader::declarations::FileChecker;
use crate::program::reader::throwables::THROWABLES;

/// One file of the text being read: the unit's own file first (at offset 0), then the other
/// files of the code base it uses.
#[derive(Clone, Debug, Default)]
pub(super) struct Segment {
    /// Where the file starts in the text (bytes).
    pub(super) start: usize,
    /// Lines of the text before the file, so a place in it is told in the file's own lines.
    pub(super) lines_before: u32,
    pub(super) path: String,
    pub(super) package: Option<String>,
    /// The import declarations' names (`java.util.List`, `com.example.*`).
    pub(super) imports: Vec<String>,
    /// The static imports' names (`java.lang.Math.abs`, `java.lang.Math.*`).
    pub(super) static_imports: Vec<String>,
}

impl Segment {
    /// The segments of the files after the unit's own in `text`, each from its start (in
    /// order) and path; their lines are counted once, in one pass over the text.
    pub(super) fn others(
        text: &str,
        starts: impl IntoIterator<Item = (usize, String)>,
    ) -> Vec<Segment> {
        let mut lines = 0;
        let mut counted = 0;
        starts
            .into_iter()
            .map(|(start, path)| {
                lines += text[counted..start].matches('\n').count() as u32;
                counted = start;
                Segment {
                    start,
                    lines_before: lines,
                    path,
                    ..Segment::default()
                }
            })
            .collect()
    }
}

impl FileChecker<'_, '_> {
    /// The segment (file) holding byte `offset` of the text.
    pub(super) fn segment_at(&self, offset: usize) -> usize {
        self.segments
            .iter()
            .rposition(|s| s.start <= offset)
            .unwrap_or(0)
    }

    /// The file class `class` is declared in (the library's throwables: the unit's own).
    pub(super) fn segment_of(&self, class: u32) -> &super::names::Segment {
        &self.segments[self
            .class_segments
            .get(class as usize)
            .copied()
            .unwrap_or(0) as usize]
    }

    /// The class `name` means inside class `scope` (see the module's documentation), where
    /// no local class is in scope.
    pub(super) fn class_named(&self, name: &str, scope: u32) -> Option<u32> {
        self.class_named_at(name, scope, usize::MAX)
    }

    /// The class `name` means inside class `scope` at byte `at` of the text: a local class
    /// declared before it in a block around it first (JLS §6.3, §14.3).
    pub(super) fn class_named_at(&self, name: &str, scope: u32, at: usize) -> Option<u32> {
        let library = self.class_names.len() - THROWABLES.len();
        if let Some(t) = THROWABLES.iter().position(|t| t.name == name) {
            // `java.lang.IllegalStateException`, unless a class of the code base has that path.
            if !self.class_names[..library]
                .iter()
                .any(|(n, _)| name.starts_with(&format!("{n}.")))
            {
                return Some((library + t) as u32);
            }
        }
        let segment = self
            .class_segments
            .get(scope as usize)
            .copied()
            .unwrap_or(0) as usize;
        let mut parts = name.split('.');
        let first = parts.next()?;
        let mut class = match self.enclosing_named(first, scope, at) {
            Some(c) => c,
            None => match self.top_level_named(first, segment) {
                Some(c) => c,
                None => return self.qualified_named(name),
            },
        };
        for part in parts {
            class = self.nested_named(class, part, usize::MAX)?;
        }
        Some(class)
    }

    /// A member class named `simple` of `outer`, or a local class declared in its code in
    /// scope at byte `at` (the innermost: the latest declared).
    fn nested_named(&self, outer: u32, simple: &str, at: usize) -> Option<u32> {
        let local = |i: usize| self.local_classes.get(i).and_then(|l| l.as_ref());
        let found = |i: usize| {
            let (n, o) = &self.class_names[i];
            n == simple
                && *o == Some(outer)
                && local(i).is_none_or(|l| !l.is_anonymous && l.visible.0 <= at && at < l.visible.1)
        };
        (0..self.class_names.len())
            .rev()
            .find(|&i| found(i) && local(i).is_some())
            .or_else(|| (0..self.class_names.len()).find(|&i| found(i)))
            .map(|i| i as u32)
    }

    /// A class named `simple` nested in `scope` or in a class enclosing it.
    fn enclosing_named(&self, simple: &str, scope: u32, at: usize) -> Option<u32> {
        let mut scope = Some(scope).filter(|s| (*s as usize) < self.class_names.len());
        while let Some(s) = scope {
            if let Some(c) = self.nested_named(s, simple, at) {
                return Some(c);
            }
            scope = self.class_names[s as usize].1;
        }
        None
    }

    /// The top-level class `simple` names in file `segment`.
    fn top_level_named(&self, simple: &str, segment: usize) -> Option<u32> {
        let library = self.class_names.len() - THROWABLES.len();
        let top = |pick: &dyn Fn(usize, &str) -> bool| {
            (0..library)
                .find(|&c| {
                    let (n, outer) = &self.class_names[c];
                    n == simple
                        && outer.is_none()
                        && pick(self.class_segments[c] as usize, n.as_str())
                })
                .map(|c| c as u32)
        };
        let here = &self.segments[segment];
        let package_of = |s: usize| self.segments[s].package.as_deref();
        let qualified = |s: usize, n: &str| match package_of(s) {
            Some(p) => format!("{p}.{n}"),
            None => n.to_string(),
        };
        top(&|s, _| s == segment)
            .or_else(|| top(&|s, n| here.imports.iter().any(|i| *i == qualified(s, n))))
            .or_else(|| top(&|s, _| package_of(s) == here.package.as_deref()))
            .or_else(|| {
                top(&|s, _| {
                    here.imports.iter().any(|i| {
                        i.strip_suffix(".*")
                            .is_some_and(|p| Some(p) == package_of(s))
                    })
                })
            })
            // `java.lang` is imported on demand by every file (JLS §7.3).
            .or_else(|| top(&|s, _| package_of(s) == Some("java.lang")))
            .or_else(|| {
                let t = THROWABLES.iter().position(|t| {
                    t.simple_name() == simple
                        && (t.visible(&here.imports)
                            || here.package.as_deref() == Some(t.package()))
                })?;
                Some((library + t) as u32)
            })
    }

    /// A name qualified by its package: `com.example.Node` or `com.example.List.Node`.
    pub(super) fn qualified_named(&self, name: &str) -> Option<u32> {
        let library = self.class_names.len() - THROWABLES.len();
        (0..library).find_map(|c| {
            let (n, outer) = &self.class_names[c];
            let package = self.segments[self.class_segments[c] as usize]
                .package
                .as_deref()?;
            if outer.is_some() {
                return None;
            }
            let rest = name.strip_prefix(package)?.strip_prefix('.')?;
            let mut parts = rest.split('.');
            if parts.next()? != n {
                return None;
            }
            let mut class = c as u32;
            for part in parts {
                class = self.nested_named(class, part, usize::MAX)?;
            }
            Some(class)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::{Compiled, Limits, Termination, Value};
    use crate::program::load_with;
    use crate::program::reader::semantics::Kind;

    const SHAPES: &str = "package geo.shapes;\n\npublic class Point {\n    final int x, y;\n    public Point(int x, int y) { this.x = x; this.y = y; }\n    public int manhattan() { return Math.abs(x) + Math.abs(y); }\n}\n";
    const UTIL: &str = "package geo.util;\n\npublic class Scale {\n    public static int twice(int v) { return v * 2; }\n    public static class Inner { public static int three() { return 3; } }\n}\n";
    const SAME: &str =
        "package geo;\n\nclass Helper {\n    static int plus(int a, int b) { return a + b; }\n}\n";
    // A class of another package with a name the unit also declares: the unit's own wins.
    const CLASH: &str = "package geo.other;\n\npublic class Helper {\n    public static int plus(int a, int b) { return a - b; }\n}\n";
    const UNIT: &str = "package geo;\n\nimport geo.shapes.Point;\nimport geo.util.*;\n\npublic class Route {\n    static int length(int x, int y) {\n        Point p = new Point(x, y);\n        return Helper.plus(Scale.twice(p.manhattan()), geo.util.Scale.Inner.three());\n    }\n}\n";

    fn int(v: i32) -> Value {
        Value::Prim(Kind::Int, i64::from(v))
    }

    #[test]
    fn classes_of_other_files_resolve_by_package_and_import_and_run() {
        let others = [
            ("geo/shapes/Point.java", SHAPES),
            ("geo/util/Scale.java", UTIL),
            ("geo/other/Helper.java", CLASH),
            ("geo/Helper.java", SAME),
        ];
        let unit = load_with("geo/Route.java", UNIT, &others).expect("the code base loads");
        assert_eq!(unit.file_classes(), 1);
        assert_eq!(&*unit.source, UNIT);
        let (class, method) = unit.find_method("length").expect("the method");
        assert!(
            unit.method(class, method).body.is_ok(),
            "{:?}",
            unit.method(class, method).body
        );
        let named = |name: &str| {
            let class = unit.classes.iter().position(|c| c.name == name);
            unit.binary_name(class.expect("the class") as u32)
        };
        assert_eq!(named("Point"), "geo.shapes.Point");
        assert_eq!(named("Inner"), "geo.util.Scale$Inner");
        let program = Compiled::new(&unit, None);
        let outcome = program
            .run(class, method, &[int(3), int(-4)], &[], Limits::default())
            .expect("the arguments fit");
        // (3 + 4) * 2 + 3 with geo.Helper's plus, not geo.other.Helper's.
        assert_eq!(outcome.termination, Termination::Return(Some(int(17))));
    }

    #[test]
    fn a_class_outside_the_imports_is_not_found_and_places_are_the_files_own() {
        let without_import = UNIT.replace("import geo.shapes.Point;\n", "");
        let unit = load_with(
            "geo/Route.java",
            &without_import,
            &[("geo/shapes/Point.java", SHAPES)],
        )
        .expect("the file loads");
        let (class, method) = unit.find_method("length").expect("the method");
        let error = unit
            .method(class, method)
            .body
            .clone()
            .expect_err("Point is not visible");
        assert!(error.message.contains("Point"), "{error:?}");
        assert_eq!(error.path, "geo/Route.java");
        // A problem inside another file is told in that file's own lines.
        let broken = "package geo.shapes;\n\npublic class Point {\n    int x;\n    public Point(int x, int y) { this.x = x }\n}\n";
        let unit = load_with("geo/Route.java", UNIT, &[("geo/shapes/Point.java", broken)])
            .expect("a syntax error in a method body spoils that method only");
        let point = unit
            .classes
            .iter()
            .position(|c| c.name == "Point")
            .expect("Point");
        let error = unit.classes[point].methods[0]
            .body
            .clone()
            .expect_err("a syntax error");
        assert_eq!(
            (error.path.as_str(), error.line),
            ("geo/shapes/Point.java", 5)
        );
        assert!(unit.skipped.is_empty(), "{:?}", unit.skipped);
    }

    #[test]
    fn mutants_are_made_in_the_own_file_only_and_checked_with_the_others() {
        let others = [
            ("geo/shapes/Point.java", SHAPES),
            ("geo/util/Scale.java", UTIL),
            ("geo/Helper.java", SAME),
        ];
        let unit = load_with("geo/Route.java", UNIT, &others).expect("the code base loads");
        let mutants = crate::program::mutants::mutant::generate(&unit);
        assert!(!mutants.mutants.is_empty());
        assert!(mutants.mutants.iter().all(|m| m.class == 0));
        assert!(mutants.edit_written_text_only());
        // Edits inside `new Point(x, y)` type-check against the other file's constructor.
        let texts: Vec<&str> = mutants
            .mutants
            .iter()
            .map(|m| m.original.as_str())
            .collect();
        assert_eq!(texts.len(), 12, "{texts:?}");
        assert!(texts.iter().all(|t| matches!(*t, "x" | "y")), "{texts:?}");
    }
}
