//! Static imports (JLS §7.5.3-7.5.4, §6.4.1): `import static java.lang.Math.abs;` and
//! `import static java.lang.Math.*;` make a class's static members usable by their simple
//! names. A simple name means a local or a member of the enclosing classes first; then the
//! single-static-imports naming it, then the classes imported on demand that have such a
//! member. The call or field is then read as if written `Class.member`.

use tree_sitter::Node;

use crate::program::reader::constants::library_constant;
use crate::program::reader::declarations::FileChecker;
use crate::program::reader::ir::*;
use crate::program::reader::math_calls::is_math_builtin;
use crate::program::reader::statements::{Checked, MethodChecker};

/// What a static import brings for a simple name: the class and, for the library classes
/// roth reads without a class of its model, its simple name.
pub(super) struct Imported {
    /// The class, when roth reads one for it (its model of the JDK, the code base's).
    pub(super) class: Option<u32>,
    /// The class's simple name (`Math`).
    pub(super) simple: String,
}

impl FileChecker<'_, '_> {
    /// The class a static import of the file holding `class` brings `member` from, where
    /// `has` tells whether a class (by its qualified name and id) has such a static member.
    fn statically_imported(
        &self,
        class: u32,
        member: &str,
        has: &dyn Fn(&str, Option<u32>) -> bool,
    ) -> Option<Imported> {
        let imports = &self.segment_of(class).static_imports;
        let imported = |qualified: &str| Imported {
            class: self.qualified_named(qualified),
            simple: qualified
                .rsplit('.')
                .next()
                .unwrap_or(qualified)
                .to_string(),
        };
        // A single-static-import shadows the on-demand ones (JLS §6.4.1).
        for import in imports {
            if let Some((qualified, name)) = import.rsplit_once('.')
                && name == member
                && has(qualified, self.qualified_named(qualified))
            {
                return Some(imported(qualified));
            }
        }
        imports.iter().find_map(|import| {
            let qualified = import.strip_suffix(".*")?;
            has(qualified, self.qualified_named(qualified)).then(|| imported(qualified))
        })
    }
}

impl<'t> MethodChecker<'_, '_, 't> {
    /// The class a static import brings the method `name` from, for a call by its simple
    /// name that no enclosing class declares.
    pub(super) fn imported_method(&self, name: &str) -> Option<Imported> {
        let file = self.file;
        file.statically_imported(self.class, name, &|qualified, class| {
            // `Math`'s builtins are roth's, not its model's methods.
            (matches!(qualified, "java.lang.Math" | "java.lang.StrictMath")
                && is_math_builtin(name))
                || class.is_some_and(|c| file.has_method_named(c, name))
        })
    }

    /// The static field or library constant a static import brings for the simple name
    /// `name`, read at `node`.
    pub(super) fn imported_field(
        &mut self,
        node: Node<'t>,
        name: &str,
    ) -> Option<Checked<'t, Expr>> {
        let file = self.file;
        let imported = file.statically_imported(self.class, name, &|qualified, class| {
            let simple = qualified.rsplit('.').next().unwrap_or(qualified);
            library_constant(simple, name).is_some()
                || class.is_some_and(|c| {
                    file.classes[c as usize]
                        .fields
                        .iter()
                        .any(|f| f.name == name && f.is_static)
                })
        })?;
        if let Some(c) = library_constant(&imported.simple, name) {
            return Some(Ok(self.make(node, c.ty(), ExprKind::Literal(c))));
        }
        let class = imported.class?;
        Some(self.static_field(node, node, class, name))
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::{int, runner, string};
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::ir::Type;
    use crate::program::reader::semantics::{Kind, bits_f64};

    #[test]
    fn statically_imported_members_are_read_by_their_simple_names() {
        let source = r#"
import static java.lang.Math.*;
import static java.lang.Integer.parseInt;
import static java.lang.Integer.MAX_VALUE;
import static java.util.Arrays.sort;

public class G {
    static double abs(double x) { return -1; }
    public static double f(double x, double y) {
        return sqrt(x * x + y * y) + min(x, y) + floor(PI) + abs(x);
    }
    public static int g(String s, int[] a) {
        sort(a);
        return parseInt(s) + a[0] + (MAX_VALUE - Integer.MAX_VALUE);
    }
    public static int h(int x) {
        return max(x, E > 2 ? 1 : 0);
    }
}
"#;
        let unit = load("G.java", source).expect("loads");
        let run = runner(&unit);
        let double = |d: f64| Value::Prim(Kind::Double, bits_f64(d));
        // The class's own `abs` shadows the imported one: 5 + 3 + 3 - 1.
        assert_eq!(
            run("f", &[double(3.0), double(4.0)]),
            Termination::Return(Some(double(10.0)))
        );
        let array = Value::Array(Type::Int, vec![int(5), int(2)]);
        assert_eq!(
            run("g", &[string("40"), array]),
            Termination::Return(Some(int(42)))
        );
        assert_eq!(run("h", &[int(-3)]), Termination::Return(Some(int(1))));
    }
}
