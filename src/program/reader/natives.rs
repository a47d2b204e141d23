//! The `native` methods of roth's model of the JDK (`src/program/jdk/`): what Java source
//! would compute only slowly or from data it does not hold (IEEE rounding of doubles, the
//! Unicode properties of every `char` as JDK 17 defines them) is one of roth's builtins,
//! and the model declares it as a `native` method with the builtin's parameters. Its body
//! is made here: `return builtin(p0, p1, ...)`. Only the model's files may declare one.
//! `System.arraycopy`, which user code calls on a class roth does not model, is read here as
//! its builtin too.

use tree_sitter::Node;

use crate::program::reader::declarations::{FileChecker, Signature};
use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, MethodChecker};

/// Each native of the model: its class's simple name, its name, and the builtin computing it
/// from the method's parameters in order.
const NATIVES: &[(&str, &str, Builtin)] = &[
    ("Math", "floor", Builtin::MathFloor),
    ("Math", "ceil", Builtin::MathCeil),
    ("Math", "rint", Builtin::MathRint),
    ("Character", "data", Builtin::CharacterData),
    ("Character", "expansion", Builtin::CharacterExpansion),
    ("Arrays", "sort0", Builtin::ArraySort),
    ("Arrays", "arrayKind", Builtin::ArrayKind),
    (
        "ImmutableCollections",
        "unrepeatable",
        Builtin::Unrepeatable,
    ),
    ("Random", "unrepeatable", Builtin::Unrepeatable),
    ("Math", "unrepeatable", Builtin::Unrepeatable),
    ("StrictMath", "unrepeatable", Builtin::Unrepeatable),
    ("Collections", "unrepeatable", Builtin::Unrepeatable),
    ("Pattern", "unrepeatable", Builtin::Unrepeatable),
    ("FloatingDecimal", "decimal", Builtin::ParseDecimal),
    ("FormatArguments", "kindOf", Builtin::FormatKind),
    ("FormatArguments", "values", Builtin::FormatValues),
    ("FloatingDecimal", "unrepeatable", Builtin::Unrepeatable),
    ("StringMethods", "unrepeatable", Builtin::Unrepeatable),
    ("AbstractPipeline", "unrepeatable", Builtin::Unrepeatable),
];

/// The natives computed by [`Builtin::FloatMath`]: class, method, and the operation. JDK 17's
/// `Math` delegates to `StrictMath` (fdlibm) but for the functions HotSpot makes intrinsics
/// with other algorithms (`sin`, `cos`, `tan`, `exp`, `log`, `log10`; `pow` is
/// [`Builtin::MathPow`]).
const MATH_NATIVES: &[(&str, &str, MathOp)] = &[
    ("StrictMath", "sin", MathOp::Sin),
    ("StrictMath", "cos", MathOp::Cos),
    ("StrictMath", "tan", MathOp::Tan),
    ("StrictMath", "asin", MathOp::Asin),
    ("StrictMath", "acos", MathOp::Acos),
    ("StrictMath", "atan", MathOp::Atan),
    ("StrictMath", "exp", MathOp::Exp),
    ("StrictMath", "log", MathOp::Log),
    ("StrictMath", "log10", MathOp::Log10),
    ("StrictMath", "sqrt", MathOp::Sqrt),
    ("StrictMath", "cbrt", MathOp::Cbrt),
    ("StrictMath", "sinh", MathOp::Sinh),
    ("StrictMath", "cosh", MathOp::Cosh),
    ("StrictMath", "tanh", MathOp::Tanh),
    ("StrictMath", "expm1", MathOp::Expm1),
    ("StrictMath", "log1p", MathOp::Log1p),
    ("StrictMath", "atan2", MathOp::Atan2),
    ("StrictMath", "hypot", MathOp::Hypot),
    ("StrictMath", "pow", MathOp::Pow),
    ("StrictMath", "IEEEremainder", MathOp::Remainder),
    ("Math", "asin", MathOp::Asin),
    ("Math", "acos", MathOp::Acos),
    ("Math", "atan", MathOp::Atan),
    ("Math", "cbrt", MathOp::Cbrt),
    ("Math", "sinh", MathOp::Sinh),
    ("Math", "cosh", MathOp::Cosh),
    ("Math", "tanh", MathOp::Tanh),
    ("Math", "expm1", MathOp::Expm1),
    ("Math", "log1p", MathOp::Log1p),
    ("Math", "atan2", MathOp::Atan2),
    ("Math", "hypot", MathOp::Hypot),
    ("Math", "IEEEremainder", MathOp::Remainder),
    ("Math", "sin", MathOp::HotSin),
    ("Math", "cos", MathOp::HotCos),
    ("Math", "tan", MathOp::HotTan),
    ("Math", "exp", MathOp::HotExp),
    ("Math", "log", MathOp::HotLog),
    ("Math", "log10", MathOp::HotLog10),
    ("Math", "fmaDouble", MathOp::Fma),
    ("Math", "fmaFloat", MathOp::FmaFloat),
    ("Double", "doubleToRawLongBits", MathOp::DoubleBits),
    ("Double", "longBitsToDouble", MathOp::BitsDouble),
    ("Float", "floatToRawIntBits", MathOp::FloatBits),
    ("Float", "intBitsToFloat", MathOp::BitsFloat),
];

impl FileChecker<'_, '_> {
    /// The body of native method `sig` of class `class`: a return of its builtin applied to
    /// its parameters. A native no builtin answers is an error of the model, named.
    pub(super) fn native_body(
        &self,
        class: u32,
        sig: &Signature,
        node: Node,
    ) -> Result<Body, Diagnostic> {
        let owner = &self.classes[class as usize].name;
        let math = MATH_NATIVES
            .iter()
            .find(|(c, m, _)| c == owner && *m == sig.name)
            .map(|&(_, _, op)| op);
        let Some(builtin) = NATIVES
            .iter()
            .find(|(c, m, _)| c == owner && *m == sig.name)
            .map(|&(_, _, b)| b)
            .or(math.map(|_| Builtin::FloatMath))
        else {
            return Err(self.diag_at(
                node,
                format!("native method {owner}.{} has no builtin", sig.name),
            ));
        };
        let mut next = 0u32;
        let mut id = || {
            next += 1;
            NodeId(next - 1)
        };
        let locals: Vec<Local> = sig
            .params
            .iter()
            .zip(&sig.param_names)
            .zip(&sig.param_spans)
            .map(|((ty, name), span)| Local {
                name: name.clone(),
                ty: ty.clone(),
                span: *span,
                is_param: true,
                is_hidden: false,
                is_final: false,
                constant: None,
            })
            .collect();
        let args = sig
            .params
            .iter()
            .enumerate()
            .map(|(k, ty)| Expr {
                id: id(),
                span: sig.span,
                ty: ty.clone(),
                kind: ExprKind::Local(LocalId(k as u32)),
            })
            .collect();
        let mut args: Vec<Expr> = args;
        // A sort is told the kind of the elements it compares.
        if builtin == Builtin::ArraySort {
            let element = sig.params[0].element().cloned().unwrap_or(Type::Int);
            args.push(Expr {
                id: id(),
                span: sig.span,
                ty: Type::Int,
                kind: ExprKind::Literal(Const::Int(Type::Int, kind_code(&element))),
            });
        }
        // A function of floating point is told which.
        if let Some(op) = math {
            let code = MathOp::ALL.iter().position(|o| *o == op).expect("listed") as i64;
            args.push(Expr {
                id: id(),
                span: sig.span,
                ty: Type::Int,
                kind: ExprKind::Literal(Const::Int(Type::Int, code)),
            });
        }
        let value = Expr {
            id: id(),
            span: sig.span,
            ty: sig.ret.clone(),
            kind: ExprKind::Builtin(builtin, args),
        };
        let kind = match sig.ret {
            Type::Void => StmtKind::Expr(value),
            _ => StmtKind::Return(Some(value)),
        };
        let ret = Stmt {
            id: id(),
            span: sig.span,
            kind,
        };
        Ok(Body {
            locals,
            stmts: vec![ret],
            node_count: next,
        })
    }
}

impl<'t> MethodChecker<'_, '_, 't> {
    /// `System.arraycopy(src, srcPos, dest, destPos, length)`: the builtin, told the element
    /// type for the JVM's messages. Arrays of two types could throw `ArrayStoreException`,
    /// which roth's arrays (they keep the kind of their elements, not their class) cannot
    /// tell: refused.
    pub(super) fn array_copy(&mut self, node: Node<'t>) -> Checked<'t, Expr> {
        let args = self.arguments(node)?;
        if args.len() != 5 {
            return self.error(
                node,
                "method arraycopy in class System cannot be applied to given types",
            );
        }
        let element = match (args[0].0.ty.element(), args[2].0.ty.element()) {
            (Some(s), Some(d)) if s == d || (s.is_reference() && *d == Type::Object) => s.clone(),
            _ => {
                return self.unsupported(
                    node,
                    "System.arraycopy between arrays of different or unknown types",
                );
            }
        };
        let mut converted = Vec::new();
        for (k, (a, an)) in args.into_iter().enumerate() {
            if k % 2 == 1 || k == 4 {
                if a.ty.promoted() != Type::Int {
                    return self.error(
                        an,
                        format!("incompatible types: {} cannot be converted to int", a.ty),
                    );
                }
                converted.push(self.convert(a, &Type::Int));
            } else {
                converted.push(a);
            }
        }
        let kind = self.hidden(
            node,
            Type::Int,
            ExprKind::Literal(Const::Int(Type::Int, kind_code(&element))),
        );
        converted.push(kind);
        Ok(self.make(
            node,
            Type::Void,
            ExprKind::Builtin(Builtin::ArrayCopy, converted),
        ))
    }
}

/// The code a builtin is told an element type by: its [`Kind`]'s place in the enum.
pub(crate) fn kind_code(element: &Type) -> i64 {
    crate::program::reader::semantics::Kind::of(element) as i64
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::{runner, string};
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::semantics::{Kind, bits_f64};

    /// The model's natives answer as the JVM (`java` 17 printed these), and a `native` method
    /// of the user's own code is still refused.
    #[test]
    fn natives_of_the_model_run_as_on_the_jvm() {
        let source = "class N {\n    static double down(double d) { return Math.floor(d) + Math.ceil(d) + Math.rint(d); }\n    \
                      static boolean letter(char c) { return Character.isLetter(c); }\n    \
                      static String upper(String s) { return s.toUpperCase() + Character.toUpperCase('\\u00ff'); }\n    \
                      static String lower(String s) { return s.toLowerCase(); }\n}\n";
        let unit = load("N.java", source).expect("the file loads");
        let run = runner(&unit);
        let returns = |v: Value| Termination::Return(Some(v));
        let double = |d: f64| Value::Prim(Kind::Double, bits_f64(d));
        let char = |c: char| Value::Prim(Kind::Char, c as i64);
        // floor, ceil and rint of -2.5: -3, -2, -2 (ties to even).
        assert_eq!(run("down", &[double(-2.5)]), returns(double(-7.0)));
        assert_eq!(run("down", &[double(0.5)]), returns(double(1.0)));
        assert_eq!(
            run("letter", &[char('\u{3042}')]),
            returns(Value::Prim(Kind::Boolean, 1))
        );
        assert_eq!(
            run("letter", &[char('\u{0663}')]),
            returns(Value::Prim(Kind::Boolean, 0))
        );
        assert_eq!(
            run("upper", &[string("stra\u{df}e")]),
            returns(string("STRASSE\u{178}"))
        );
        // A capital sigma's lower case depends on word boundaries, which roth does not model.
        assert!(matches!(
            run("lower", &[string("\u{3a3}A")]),
            Termination::Unrepeatable(_)
        ));
        assert_eq!(run("lower", &[string("ABC")]), returns(string("abc")));

        // System.arraycopy overlapping itself copies as through a temporary array.
        let copy = "class C {\n    static int[] shift(int[] a, int k) { System.arraycopy(a, 0, a, 1, k); return a; }\n}\n";
        let unit = load("C.java", copy).expect("the file loads");
        let run = runner(&unit);
        let ints = |xs: &[i64]| {
            Value::Array(
                crate::program::reader::ir::Type::Int,
                xs.iter().map(|&x| Value::Prim(Kind::Int, x)).collect(),
            )
        };
        let int = |x: i64| Value::Prim(Kind::Int, x);
        assert_eq!(
            run("shift", &[ints(&[1, 2, 3]), int(2)]),
            returns(ints(&[1, 1, 2]))
        );
        // Its message is the JVM's, which the JVM differential (Library.java) compares.
        assert_eq!(
            run("shift", &[ints(&[1, 2, 3]), int(3)]),
            Termination::Throw("java.lang.ArrayIndexOutOfBoundsException".into())
        );
        // The deep methods of Arrays tell an int[] inside an Object[] by its element kind, as
        // the JVM does by its class (java 17 printed these).
        let deep = "import java.util.Arrays;\nclass D {\n    \
                    static String text(int x) { Object[] a = {new int[][] {{1, 2}, {x}}, null, \"s\", new double[] {-0.0, Double.NaN}, new char[] {'a'}}; return Arrays.deepToString(a); }\n    \
                    static String itself(int x) { Object[] a = {x, null}; a[1] = a; return Arrays.deepToString(a); }\n    \
                    static int hash(int x) { return Arrays.deepHashCode(new Object[] {new int[][] {{1, 2}, {x}}, null, \"s\", new double[] {-0.0, Double.NaN}}); }\n    \
                    static boolean same(int x) { return Arrays.deepEquals(new Object[] {new int[] {x}, new long[] {2}}, new Object[] {new int[] {x}, new long[] {2}}) && !Arrays.deepEquals(new Object[] {new int[] {x}}, new Object[] {new long[] {x}}); }\n}\n";
        let unit = load("D.java", deep).expect("the file loads");
        let run = runner(&unit);
        assert_eq!(
            run("text", &[int(3)]),
            returns(string("[[[1, 2], [3]], null, s, [-0.0, NaN], [a]]"))
        );
        assert_eq!(run("itself", &[int(1)]), returns(string("[1, [...]]")));
        assert_eq!(run("hash", &[int(3)]), returns(int(948025678)));
        assert_eq!(
            run("same", &[int(1)]),
            returns(Value::Prim(Kind::Boolean, 1))
        );

        // int[] into long[] throws ArrayStoreException, which roth does not model.
        let mixed = load(
            "M.java",
            "class M { static void f(int[] a, long[] b) { System.arraycopy(a, 0, b, 0, 1); } }\n",
        )
        .expect("the file loads");
        let mixed = mixed.classes[0].methods[0]
            .body
            .as_ref()
            .expect_err("refused");
        assert!(mixed.message.contains("System.arraycopy"), "{mixed:?}");

        let own = load("O.java", "class O { static native int f(int x); }\n").expect("loads");
        let error = own.classes[0].methods[0]
            .body
            .as_ref()
            .expect_err("refused");
        assert!(error.message.contains("native"), "{error:?}");
    }

    /// What the JVM draws at random per run ends roth's run as unrepeatable, saying what:
    /// `Set.of`'s iteration order (salted), `new Random()`'s seed (the clock) and
    /// `Collections.shuffle` without a Random (its own, from the clock); lookups in the same
    /// set, a seeded Random and a shuffle of one element run as usual.
    #[test]
    fn what_the_jvm_draws_per_run_is_unrepeatable() {
        let source = "import java.util.*;\nclass U {\n    \
                      static String walk(int x) { String s = \"\"; for (int e : Set.of(1, 2, x + 3)) s += e; return s; }\n    \
                      static boolean has(int x) { return Set.of(1, 2, 3).contains(x); }\n    \
                      static int clock(int x) { return new Random().nextInt(5) + x; }\n    \
                      static int seeded(int x) { return new Random(x).nextInt(10); }\n    \
                      static int shuffled(int x) { List<Integer> l = new ArrayList<>(List.of(1, 2, x)); Collections.shuffle(l); return l.get(0); }\n    \
                      static int alone(int x) { List<Integer> l = new ArrayList<>(List.of(x)); Collections.shuffle(l); return l.get(0); }\n    \
                      static String drawn(int x) { List<Integer> l = new ArrayList<>(List.of(0, 1, 2, 3, 4)); Collections.shuffle(l, new Random(x)); return l.toString(); }\n    \
                      static final Random KEPT = new Random();\n    \
                      static int kept(int x) { return x + 1; }\n    \
                      static int reseeded(int x) { Random r = new Random(); r.setSeed(x); return r.nextInt(10); }\n    \
                      static double dice(int x) { return x > 0 ? Math.random() : StrictMath.random() + x; }\n}\n";
        let unit = load("U.java", source).expect("the file loads");
        let run = runner(&unit);
        let int = |x: i64| Value::Prim(Kind::Int, x);
        let unrepeatable = |t: Termination, what: &str| {
            assert!(
                matches!(&t, Termination::Unrepeatable(w) if w.contains(what)),
                "{t:?}"
            )
        };
        unrepeatable(run("walk", &[int(1)]), "Set.of");
        unrepeatable(run("clock", &[int(1)]), "Random");
        unrepeatable(run("shuffled", &[int(1)]), "Collections.shuffle");
        unrepeatable(run("dice", &[int(1)]), "Math.random");
        unrepeatable(run("dice", &[int(0)]), "StrictMath.random");
        assert_eq!(run("alone", &[int(7)]), Termination::Return(Some(int(7))));
        assert_eq!(
            run("has", &[int(2)]),
            Termination::Return(Some(Value::Prim(Kind::Boolean, 1)))
        );
        // A clock-seeded Random no number is drawn from, or seeded again, is harmless.
        assert_eq!(run("kept", &[int(1)]), Termination::Return(Some(int(2))));
        assert_eq!(
            run("reseeded", &[int(3)]),
            Termination::Return(Some(int(4)))
        );
        // `new Random(3).nextInt(10)` is 4 on the JVM.
        assert_eq!(run("seeded", &[int(3)]), Termination::Return(Some(int(4))));
        // The JVM's shuffle of [0, 1, 2, 3, 4] with `new Random(3)`.
        assert_eq!(
            run("drawn", &[int(3)]),
            Termination::Return(Some(string("[3, 1, 0, 2, 4]")))
        );
    }

    /// Regular expressions run in roth's model of java.util.regex; a construct it does not
    /// model (lookbehind) ends the run as unrepeatable, naming it, and a malformed pattern
    /// throws the JDK's exception.
    #[test]
    fn regular_expressions_outside_the_model_are_unrepeatable() {
        let source = "import java.util.regex.*;\nclass R {\n    \
                      static String words(String s) { return String.join(\"/\", s.split(\"\\\\W+\")); }\n    \
                      static String behind(String s) { return s.replaceAll(\"(?<=a)b\", \"x\"); }\n    \
                      static String group(String s) { Matcher m = Pattern.compile(\"(a+)(b*)\").matcher(s); return m.find() ? m.group(2) + m.start(2) : \"-\"; }\n    \
                      static boolean bad(String s) { return s.matches(\"(a\"); }\n}\n";
        let unit = load("R.java", source).expect("the file loads");
        let run = runner(&unit);
        let returns = |v: Value| Termination::Return(Some(v));
        assert_eq!(
            run("words", &[string("a, bc;d")]),
            returns(string("a/bc/d"))
        );
        assert_eq!(run("group", &[string("xaab")]), returns(string("b3")));
        assert!(matches!(
            run("behind", &[string("ab")]),
            Termination::Unrepeatable(w) if w.contains("lookbehind")
        ));
        assert_eq!(
            run("bad", &[string("a")]),
            Termination::Throw("java.util.regex.PatternSyntaxException".into())
        );
    }

    /// A stream whose source collection its own lambdas change ends as unrepeatable (each
    /// JDK collection's spliterator reacts its own way); a change before the stream runs is
    /// seen, as the JDK's late-binding spliterators see it.
    #[test]
    fn a_stream_changing_its_source_is_unrepeatable() {
        let source = "import java.util.*;\nimport java.util.stream.*;\nclass S {\n    \
                      static int grow(int x) { List<Integer> l = new ArrayList<>(List.of(1, 2, x)); l.stream().forEach(e -> { if (e == x) l.add(e); }); return l.size(); }\n    \
                      static int late(int x) { List<Integer> l = new ArrayList<>(List.of(1, 2)); Stream<Integer> s = l.stream(); l.add(x); return s.mapToInt(e -> e).sum(); }\n}\n";
        let unit = load("S.java", source).expect("the file loads");
        let run = runner(&unit);
        let int = |x: i64| Value::Prim(Kind::Int, x);
        assert!(
            matches!(&run("grow", &[int(5)]), Termination::Unrepeatable(w) if w.contains("stream")),
            "{:?}",
            run("grow", &[int(5)])
        );
        assert_eq!(run("late", &[int(5)]), Termination::Return(Some(int(8))));
    }
}
