//! Boxing and unboxing conversions (JLS §5.1.7-5.1.8), as `javac` compiles them: a boxed
//! value is `Integer.valueOf(i)` (so the JDK's cache decides identity), an unboxed one is
//! `x.intValue()` (so `null` throws `NullPointerException`), with the box classes read from
//! roth's model of the JDK ([`super::jdk`]). Where a string is wanted (concatenation,
//! `print`), a box reads as its value's text or `"null"`.

use crate::program::reader::declarations::FileChecker;
use crate::program::reader::ir::*;
use crate::program::reader::jdk::BOXES;
use crate::program::reader::statements::{Checked, MethodChecker};
use crate::program::reader::variables::compound_type;
use tree_sitter::Node;

impl FileChecker<'_, '_> {
    /// The box of a primitive type (`Integer` for `int`), when its class is read; asks for
    /// the boxes to be read when it is not.
    pub(super) fn boxed_type(&self, primitive: &Type) -> Option<Type> {
        let i = BOXES
            .iter()
            .position(|(keyword, _)| Type::from_keyword(keyword).as_ref() == Some(primitive))?;
        match self.boxes.get(i).copied().flatten() {
            Some(class) => Some(self.class_type(class)),
            None => {
                self.wants_boxes.set(true);
                None
            }
        }
    }

    /// The primitive type a box holds (`int` for `Integer`); `None` for any other type.
    pub(super) fn unboxed_type(&self, ty: &Type) -> Option<Type> {
        let class = match ty {
            Type::Class(c) => c.id,
            _ => return None,
        };
        let i = self.boxes.iter().position(|b| *b == Some(class))?;
        Type::from_keyword(BOXES[i].0)
    }

    /// Whether `class` is one of roth's model of the JDK.
    /// The class `java.lang.NAME` of roth's model of the JDK, when its file is read.
    pub(super) fn jdk_class(&self, name: &str) -> Option<u32> {
        self.qualified_named(&format!("java.lang.{name}"))
            .filter(|&c| self.is_jdk(c))
    }

    pub(super) fn is_jdk(&self, class: u32) -> bool {
        self.segment_of(class)
            .path
            .starts_with(crate::program::reader::jdk::PREFIX)
    }

    /// Whether a value of type `from` converts to `to` by boxing then widening a reference
    /// (`int` to `Integer`, `Number`, `Comparable`, `Object`) or by unboxing then widening a
    /// primitive (`Integer` to `int` or `long`).
    pub(super) fn boxing_converts(&self, from: &Type, to: &Type) -> bool {
        if from.is_primitive() && to.is_reference() {
            return self.boxed_type(from).is_some_and(|b| b.widens_to(to));
        }
        if to.is_primitive() {
            return self.unboxed_type(from).is_some_and(|p| p.widens_to(to));
        }
        false
    }

    /// The method `name` of box `class` taking `params` (`valueOf(int)`, `intValue()`).
    fn box_method(&self, class: u32, name: &str, params: &[Type]) -> Option<MethodRef> {
        let index = self.classes[class as usize].sigs.iter().position(|s| {
            s.as_ref()
                .is_ok_and(|s| s.name == name && s.params == params)
        })?;
        Some(MethodRef {
            class,
            method: index as u32,
        })
    }
}

impl<'t> MethodChecker<'_, '_, 't> {
    /// `e`, of a primitive type, boxed: `Box.valueOf(e)`; `e` itself when its box is not read
    /// (the checker then refuses the conversion, and the file is read again with the boxes).
    pub(super) fn box_value(&mut self, e: Expr) -> Expr {
        let Some(boxed) = self.file.boxed_type(&e.ty) else {
            return e;
        };
        let class = boxed.class().expect("a box class");
        let Some(method) = self
            .file
            .box_method(class, "valueOf", std::slice::from_ref(&e.ty))
        else {
            return e;
        };
        Expr {
            id: self.id(),
            span: e.span,
            ty: boxed,
            kind: ExprKind::Call {
                method,
                args: vec![e],
            },
        }
    }

    /// `e`, of a box type, unboxed: `e.intValue()` (`NullPointerException` on `null`).
    pub(super) fn unbox_value(&mut self, e: Expr) -> Expr {
        let Some(primitive) = self.file.unboxed_type(&e.ty) else {
            return e;
        };
        let class = e.ty.class().expect("a box class");
        let name = format!("{primitive}Value");
        let Some(method) = self.file.box_method(class, &name, &[]) else {
            return e;
        };
        Expr {
            id: self.id(),
            span: e.span,
            ty: primitive,
            kind: ExprKind::InstanceCall {
                receiver: Box::new(e),
                method,
                args: Vec::new(),
            },
        }
    }

    /// `x op= v`, or `x++`/`x--` (`v` the `int` 1) whose value is not used, on a boxed local
    /// or field of `this`: `x = Box.valueOf((p) (x.pValue() op v))` (JLS §15.26.2,
    /// §15.14.2). A compound assignment needs the operation's type to be the box's primitive
    /// (`Integer i; i += 1L` is refused, as `javac` refuses it); `++` and `--` narrow. The
    /// read of `x` and the operation are nodes of no text: mutants edit the written operands.
    pub(super) fn boxed_update(
        &mut self,
        node: Node<'t>,
        target: Expr,
        op: BinaryOp,
        value: Expr,
        narrow: bool,
    ) -> Checked<'t, Expr> {
        let boxed = target.ty.clone();
        let Some(primitive) = self.file.unboxed_type(&boxed) else {
            return self.unsupported(node, "updating a box of this type");
        };
        // The target is read again: exact when reading it changes nothing and gives the
        // same variable (`a[i]`, `o.f`), as it does where no call or assignment is in it;
        // an exception its first evaluation throws comes first either way.
        let Some(read) = self.reread(node, &target) else {
            return self.unsupported(
                node,
                "updating a boxed array element or field through an expression with effects",
            );
        };
        let current = self.unbox_value(read);
        let value = self.unbox_value(value);
        let Some(op_type) = compound_type(op, &primitive, &value.ty) else {
            return self.error(
                node,
                format!("bad operand types for binary operator '{}'", op.symbol()),
            );
        };
        if op_type != primitive && !narrow {
            return self.error(
                node,
                format!("incompatible types: {op_type} cannot be converted to {boxed}"),
            );
        }
        let left = self.convert(current, &op_type);
        let right = if op.is_shift() {
            let t = value.ty.promoted();
            self.convert(value, &t)
        } else {
            self.convert(value, &op_type)
        };
        let result = self.hidden(
            node,
            op_type.clone(),
            ExprKind::Binary {
                op,
                op_type: op_type.clone(),
                left: Box::new(left),
                right: Box::new(right),
            },
        );
        let result = if op_type == primitive {
            result
        } else {
            self.hidden(node, primitive.clone(), ExprKind::Cast(Box::new(result)))
        };
        let value = self.box_value(result);
        self.mark_assigned(&target);
        Ok(self.make(
            node,
            boxed.clone(),
            ExprKind::Assign {
                target: Box::new(target),
                op: None,
                op_type: boxed,
                value: Box::new(value),
            },
        ))
    }

    /// A copy of variable `e` (a local, a field, an array element) read again, with new
    /// nodes of no text, if reading it again reads the same variable and has no effect.
    pub(super) fn reread(&mut self, node: Node<'t>, e: &Expr) -> Option<Expr> {
        let kind = match &e.kind {
            ExprKind::Local(_) | ExprKind::Field(_) | ExprKind::This | ExprKind::Literal(_) => {
                e.kind.clone()
            }
            ExprKind::FieldOf { object, field } => ExprKind::FieldOf {
                object: Box::new(self.reread(node, object)?),
                field: *field,
            },
            ExprKind::Index(array, index) => ExprKind::Index(
                Box::new(self.reread(node, array)?),
                Box::new(self.reread(node, index)?),
            ),
            ExprKind::Length(array) => ExprKind::Length(Box::new(self.reread(node, array)?)),
            ExprKind::Unary(op, operand) => {
                ExprKind::Unary(*op, Box::new(self.reread(node, operand)?))
            }
            ExprKind::Convert(inner) => ExprKind::Convert(Box::new(self.reread(node, inner)?)),
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } => ExprKind::Binary {
                op: *op,
                op_type: op_type.clone(),
                left: Box::new(self.reread(node, left)?),
                right: Box::new(self.reread(node, right)?),
            },
            _ => return None,
        };
        Some(self.hidden(node, e.ty.clone(), kind))
    }

    /// A box where a string is wanted (concatenation, `print`): `String.valueOf(box)`, its
    /// value's text or `"null"`, by the box's static `text` (roth's, in its JDK model).
    pub(super) fn box_text(&mut self, e: Expr) -> Expr {
        let Some(class) = e.ty.class() else { return e };
        let Some(method) = self
            .file
            .box_method(class, "text", std::slice::from_ref(&e.ty))
        else {
            return e;
        };
        Expr {
            id: self.id(),
            span: e.span,
            ty: Type::String,
            kind: ExprKind::Call {
                method,
                args: vec![e],
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::runner;
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::semantics::Kind;

    const BOXES: &str = r#"public class Boxes {
    static boolean same(int a, int b) { Integer x = a; Integer y = b; return x == y; }
    static boolean sameLong(long a, long b) { Long x = a; Long y = b; return x == y; }
    static boolean sameChar(char a, char b) { Character x = a; Character y = b; return x == y; }
    static boolean sameBool(boolean a) { Boolean x = a; Boolean y = a; return x == y; }
    static int unboxNull(Integer x) { return x + 1; }
    static String text(Integer x, Character c, Boolean b, Double d) { return "" + x + c + b + d; }
    static String message(String s, int radix) {
        try {
            return "" + Integer.parseInt(s, radix);
        } catch (NumberFormatException e) {
            return e.getMessage();
        }
    }
    static long parseLong(String s) { return Long.parseLong(s); }
    static int compareDoubles(double a, double b) { Double x = a; return x.compareTo(b); }
    static boolean equalDoubles(double a, double b) { Double x = a; Double y = b; return x.equals(y); }
    static int hashes(int i, long l, boolean b, char c) {
        return Integer.valueOf(i).hashCode() + Long.valueOf(l).hashCode()
                + Boolean.valueOf(b).hashCode() + Character.valueOf(c).hashCode();
    }
    static Object boxIt(int i) { return i; }
    static int sumAll(Integer[] xs) {
        int s = 0;
        for (int i = 0; i < xs.length; i++) {
            s += xs[i];
        }
        return s;
    }
    static short shortBox(short s) { Short x = s; return x; }
    static int digit(char c) { return Character.digit(c, 16); }
    static <T extends Comparable<T>> T max(T a, T b) { return a.compareTo(b) >= 0 ? a : b; }
    static int maxInt(int a, int b) { return max(a, b); }
    static boolean overload(int x) { return pick(x); }
    static boolean pick(long x) { return true; }
    static boolean pick(Integer x) { return false; }
    static boolean condition(Boolean b) { return b ? !b : b; }
}
"#;

    fn text(s: &str) -> Value {
        Value::Str(s.encode_utf16().collect::<Vec<u16>>().into())
    }

    fn int(v: i64) -> Value {
        Value::Prim(Kind::Int, v)
    }

    fn boolean(b: bool) -> Value {
        Value::Prim(Kind::Boolean, i64::from(b))
    }

    /// Each expected result is what `java` 17 printed for the same calls.
    #[test]
    fn boxing_runs_as_on_the_jvm_caches_and_messages_included() {
        let unit = load("Boxes.java", BOXES).expect("the file loads");
        let run = runner(&unit);
        let returns = |v: Value| Termination::Return(Some(v));
        // Integer.valueOf's cache holds -128..127: boxes of other values are new objects.
        for (a, same) in [(127, true), (128, false), (-128, true), (-129, false)] {
            assert_eq!(
                run("same", &[int(a), int(a)]),
                returns(boolean(same)),
                "{a}"
            );
        }
        let long = |v: i64| Value::Prim(Kind::Long, v);
        let char = |c: char| Value::Prim(Kind::Char, c as i64);
        assert_eq!(run("sameLong", &[long(5), long(5)]), returns(boolean(true)));
        assert_eq!(
            run("sameLong", &[long(500), long(500)]),
            returns(boolean(false))
        );
        assert_eq!(
            run("sameChar", &[char('a'), char('a')]),
            returns(boolean(true))
        );
        assert_eq!(
            run("sameChar", &[char('é'), char('é')]),
            returns(boolean(false))
        );
        assert_eq!(run("sameBool", &[boolean(true)]), returns(boolean(true)));
        assert_eq!(
            run("unboxNull", &[Value::Null]),
            Termination::Throw("java.lang.NullPointerException".into())
        );
        let double = |d: f64| Value::Prim(Kind::Double, d.to_bits() as i64);
        assert_eq!(
            run(
                "text",
                &[Value::Null, char('x'), boolean(true), double(2.5)]
            ),
            returns(text("nullxtrue2.5"))
        );
        assert_eq!(
            run("text", &[int(-3), Value::Null, Value::Null, Value::Null]),
            returns(text("-3nullnullnull"))
        );
        for (s, radix, want) in [
            ("42", 10, "42"),
            ("-2147483648", 10, "-2147483648"),
            ("2147483648", 10, "For input string: \"2147483648\""),
            ("+7", 10, "7"),
            ("-", 10, "For input string: \"-\""),
            ("", 10, "For input string: \"\""),
            ("1_0", 10, "For input string: \"1_0\""),
            ("\u{663}\u{664}", 10, "34"),
            ("ff", 16, "255"),
            ("-zz", 36, "-1295"),
            ("12", 37, "radix 37 greater than Character.MAX_RADIX"),
            ("fg", 16, "For input string: \"fg\" under radix 16"),
        ] {
            assert_eq!(
                run("message", &[text(s), int(radix)]),
                returns(text(want)),
                "{s}"
            );
        }
        assert_eq!(
            run("parseLong", &[text("-9223372036854775808")]),
            returns(long(i64::MIN))
        );
        assert_eq!(
            run("compareDoubles", &[double(0.0), double(-0.0)]),
            returns(int(1))
        );
        assert_eq!(
            run("compareDoubles", &[double(f64::NAN), double(1.0)]),
            returns(int(1))
        );
        let nan = double(f64::NAN);
        assert_eq!(
            run("equalDoubles", &[nan.clone(), nan]),
            returns(boolean(true))
        );
        assert_eq!(
            run("equalDoubles", &[double(0.0), double(-0.0)]),
            returns(boolean(false))
        );
        assert_eq!(
            run("hashes", &[int(7), long(-5), boolean(true), char('a')]),
            returns(int(1339))
        );
        assert_eq!(
            run(
                "hashes",
                &[int(-1), long(1 << 40), boolean(false), char('z')]
            ),
            returns(int(1614))
        );
        // A box returned as an Object reads back as its value.
        assert_eq!(run("boxIt", &[int(3)]), returns(int(3)));
        let boxes = Value::Array(
            crate::program::reader::ir::Type::Int,
            vec![int(1), int(2), int(3)],
        );
        assert_eq!(run("sumAll", &[boxes]), returns(int(6)));
        let with_null = Value::Array(
            crate::program::reader::ir::Type::Int,
            vec![int(1), Value::Null],
        );
        assert_eq!(
            run("sumAll", &[with_null]),
            Termination::Throw("java.lang.NullPointerException".into())
        );
        let short = Value::Prim(Kind::Short, -300);
        assert_eq!(
            run("shortBox", std::slice::from_ref(&short)),
            returns(short)
        );
        assert_eq!(run("digit", &[char('F')]), returns(int(15)));
        assert_eq!(run("digit", &[char('\u{ff21}')]), returns(int(10)));
        assert_eq!(run("digit", &[char('g')]), returns(int(-1)));
        // Integer's compareTo through Comparable<T>'s, by the bridge.
        assert_eq!(run("maxInt", &[int(3), int(9)]), returns(int(9)));
        assert_eq!(run("maxInt", &[int(-1), int(-5)]), returns(int(-1)));
        // Widening is chosen before boxing (JLS §15.12.2).
        assert_eq!(run("overload", &[int(1)]), returns(boolean(true)));
        assert_eq!(run("condition", &[boolean(false)]), returns(boolean(false)));
    }

    #[test]
    fn the_jdk_is_read_only_when_named_or_needed_and_never_reported() {
        let plain = load("P.java", "class P { static int f(int x) { return x; } }").unwrap();
        assert!(plain.others.is_empty());
        // Boxing an int to Object needs Integer, which the file never names.
        let unit = load("Q.java", "class Q { static Object f(int x) { return x; } }").unwrap();
        assert!(
            unit.others
                .iter()
                .any(|o| o.path.ends_with("java/lang/Integer.java"))
        );
        assert!(unit.classes[0].methods[0].body.is_ok());
        assert_eq!(unit.file_classes(), 1);
        assert!(unit.skipped.is_empty(), "{:?}", unit.skipped);
        // A method of a box roth does not model yet is reported as a library method.
        let unit = load(
            "R.java",
            "class R { static int f(String x) { return Integer.decode(x); } }",
        )
        .unwrap();
        let error = unit.classes[0].methods[0].body.clone().unwrap_err();
        assert_eq!(
            error.message,
            "Integer.decode is outside the supported subset"
        );
        // A class left open would take the JDK's classes read after it as its members.
        let open = load("S.java", "class S { Integer f() { return 1; }\n");
        let error = open.expect_err("not Java");
        assert_eq!((error.line, error.column), (1, 1));
        assert!(error.message.contains("not closed"), "{error:?}");
    }

    const UPDATES: &str = r#"public class Boxed {
    private Integer total = 0;
    private Long big = 10L;
    static int counted(int n) {
        Integer count = 0;
        for (int i = 0; i < n; i++) {
            count++;
            if (i % 3 == 0) count += 2;
        }
        count -= 1;
        count *= 2;
        count <<= 1;
        return count;
    }
    static String kinds(short s0, char c0) {
        Short s = s0; s++; --s;  s++;
        Character c = c0; c++; c--; ++c;
        Double d = 1.5; d += s; d /= 2;
        Long l = 5L; l += s; l %= 7;
        Boolean b = true; b &= s > 0; b ^= true;
        Byte y = (byte) 127; y++;
        return s + " " + (int) c + " " + d + " " + l + " " + b + " " + y;
    }
    int field(int k) {
        total += k;
        total++;
        big -= k;
        return total + (int) (long) big;
    }
    static int nul() {
        Integer x = null;
        x++;
        return 0;
    }
    static int prefixValue(int k) {
        Integer x = k;
        int y = ++x;
        return y * 10 + x;
    }
}
"#;

    /// `++`, `--` and compound assignments of boxed variables, as `java` 17 printed them
    /// (narrowing `Short`, `Character` and `Byte` by `++`), and the ones `javac` refuses.
    #[test]
    fn boxed_variables_are_updated_as_on_the_jvm() {
        let unit = load("Boxed.java", UPDATES).expect("the file loads");
        let run = runner(&unit);
        let returns = |v: Value| Termination::Return(Some(v));
        let text = |s: &str| returns(crate::program::execution::interp::testing::string(s));
        assert_eq!(run("counted", &[int(7)]), returns(int(48)));
        let short = |v: i64| Value::Prim(Kind::Short, v);
        let char = |c: u16| Value::Prim(Kind::Char, i64::from(c));
        assert_eq!(
            run("kinds", &[short(5), char(b'A'.into())]),
            text("6 66 3.75 4 false -128")
        );
        assert_eq!(
            run("kinds", &[short(-1), char(0xffff)]),
            text("0 0 0.75 5 true -128")
        );
        assert_eq!(run("prefixValue", &[int(4)]), returns(int(55)));
        assert_eq!(
            run("nul", &[]),
            Termination::Throw("java.lang.NullPointerException".into())
        );
        for (body, message) in [
            (
                "Integer i = 0; i += 1L;",
                "incompatible types: long cannot be converted to Integer",
            ),
            (
                "Short s = 1; s += 1;",
                "incompatible types: int cannot be converted to Short",
            ),
            (
                "Boolean b = true; b++;",
                "bad operand type Boolean for unary operator '++'",
            ),
            (
                "Long l = 1L; int k = (int) l;",
                "incompatible types: Long cannot be converted to int",
            ),
        ] {
            let source = format!("class B {{ static void f() {{ {body} }} }}\n");
            let unit = load("B.java", &source).expect("the file loads");
            let error = unit.classes[0].methods[0]
                .body
                .as_ref()
                .expect_err("javac refuses it");
            assert_eq!(error.message, message, "{body}");
        }
    }

    const LOOPS: &str = r#"public class Loops {
    static class Counter { Integer count = 0; Long total = 0L; }
    static int sumAll(Integer[] xs) {
        int s = 0;
        for (int x : xs) s += x;
        return s;
    }
    static long sumLong(Long[] xs) {
        long s = 0;
        for (long x : xs) s += x;
        return s;
    }
    static String kind(Integer code) {
        switch (code) {
            case 1: return "one";
            case 2: return "two";
            default: return "many";
        }
    }
    static String letter(Character c) {
        return switch (c) { case 'a' -> "A"; case 'b' -> "B"; default -> "?"; };
    }
    static int elements(Integer[] xs) {
        xs[0]++;
        xs[1] += 5;
        int i = 0;
        xs[i]--;
        xs[i + 1] *= 2;
        return xs[0] * 100 + xs[1];
    }
    static int other(int k) {
        Counter c = new Counter();
        for (int i = 0; i < k; i++) { c.count++; c.total += i; }
        c.count += 10;
        return c.count + (int) (long) c.total;
    }
    static int nested(Integer[][] grid, int r) {
        for (Integer[] row : grid) {
            for (int v : row) { grid[r][0] += v; }
        }
        return grid[r][0];
    }
}
"#;

    /// Boxes met by loops, switches and updates of elements: each expected result is what
    /// `java` 17 printed for the same calls.
    #[test]
    fn for_each_switch_and_element_updates_box_as_on_the_jvm() {
        use crate::program::reader::ir::Type;
        let unit = load("Loops.java", LOOPS).expect("the file loads");
        let run = runner(&unit);
        let int = |v: i64| Value::Prim(Kind::Int, v);
        let long = |v: i64| Value::Prim(Kind::Long, v);
        let boxed = |xs: &[Option<i64>]| {
            let xs = xs.iter().map(|x| x.map_or(Value::Null, int)).collect();
            Value::Array(Type::Int, xs)
        };
        let returns = |v: Value| Termination::Return(Some(v));
        let thrown = |name: &str| Termination::Throw(name.into());
        let text = crate::program::execution::interp::testing::string;
        assert_eq!(
            run("sumAll", &[boxed(&[Some(1), Some(2), Some(3)])]),
            returns(int(6))
        );
        assert_eq!(
            run("sumAll", &[boxed(&[Some(1), None])]),
            thrown("java.lang.NullPointerException")
        );
        let longs = Value::Array(Type::Long, vec![long(1), long(2)]);
        assert_eq!(run("sumLong", &[longs]), returns(long(3)));
        assert_eq!(run("kind", &[int(2)]), returns(text("two")));
        assert_eq!(
            run("kind", &[Value::Null]),
            thrown("java.lang.NullPointerException")
        );
        let chr = |c: char| Value::Prim(Kind::Char, c as i64);
        assert_eq!(run("letter", &[chr('b')]), returns(text("B")));
        assert_eq!(run("letter", &[chr('z')]), returns(text("?")));
        assert_eq!(
            run("elements", &[boxed(&[Some(3), Some(4)])]),
            returns(int(318))
        );
        assert_eq!(
            run("elements", &[boxed(&[Some(3), None])]),
            thrown("java.lang.NullPointerException")
        );
        assert_eq!(
            run("elements", &[boxed(&[Some(3)])]),
            thrown("java.lang.ArrayIndexOutOfBoundsException")
        );
        assert_eq!(run("other", &[int(4)]), returns(int(20)));
    }

    const POSTFIX: &str = r#"public class Post {
    Integer count = 1000;
    Character letter = 'a';
    Short small = 32767;
    static String locals(int n) {
        Integer x = n;
        Integer y = x;
        Integer z = x++;
        Integer w = x--;
        return z + " " + x + " " + (z == y) + " " + w + " " + (w == x);
    }
    String fields(int k) {
        int a = count++ + k;
        char c = letter++;
        short s = small++;
        Long big = 5L;
        long b = big-- * 2;
        return a + " " + count + " " + c + letter + " " + s + " " + small + " " + b + big;
    }
    static int elements(int n, int i) {
        Integer[] xs = {n, null};
        int first = xs[0]++;
        return first * 100 + xs[i]++ + xs[0];
    }
    static int loop(int n) {
        Integer i = 0;
        int total = 0;
        while (i++ < n) total += i;
        return total;
    }
}
"#;

    /// The value of `x++` on a box is the box `x` held, the same object (`z == y` holds
    /// past the cache too), and `Short`'s `++` wraps: what `java` 17 printed.
    #[test]
    fn postfix_updates_of_boxes_give_the_old_box() {
        let unit = load("Post.java", POSTFIX).expect("the file loads");
        let run = runner(&unit);
        let returns = |v: Value| Termination::Return(Some(v));
        let text = |s: &str| returns(crate::program::execution::interp::testing::string(s));
        assert_eq!(run("locals", &[int(5)]), text("5 5 true 6 false"));
        assert_eq!(
            run("locals", &[int(1000)]),
            text("1000 1000 true 1001 false")
        );
        assert_eq!(
            run("fields", &[int(3)]),
            text("1003 1001 ab 32767 -32768 104")
        );
        assert_eq!(run("elements", &[int(7), int(0)]), returns(int(717)));
        assert_eq!(
            run("elements", &[int(7), int(1)]),
            Termination::Throw("java.lang.NullPointerException".into())
        );
        assert_eq!(run("loop", &[int(5)]), returns(int(15)));
    }

    /// A primitive beside a reference other than its box in `c ? a : b` is boxed (JLS
    /// §15.25.3): the results are what `java` 17 printed.
    #[test]
    fn a_conditional_boxes_a_primitive_beside_another_reference() {
        let source = r#"public class Cond {
    static String cap(String part, boolean first) {
        StringBuilder sb = new StringBuilder();
        sb.append(first ? part.toLowerCase() : Character.toUpperCase(part.charAt(0)));
        Object o = first ? "s" : 3;
        return sb.toString() + o + (first ? 'x' : "y");
    }
}
"#;
        let unit = load("Cond.java", source).expect("the file loads");
        let run = runner(&unit);
        let text = crate::program::execution::interp::testing::string;
        for (first, printed) in [(true, "abcsx"), (false, "A3y")] {
            assert_eq!(
                run("cap", &[text("abc"), boolean(first)]),
                Termination::Return(Some(text(printed)))
            );
        }
    }
}
