//! The constructors `javac` writes for classes declared in code. An anonymous class gets
//! one per constructor of its superclass it may call (JLS §15.9.5.1: the anonymous
//! constructor takes the arguments of the one the `new` expression chooses and passes them
//! on), so that resolving the `new` expression's arguments among them chooses as `javac`
//! does; a local class without constructors whose local superclass captures locals gets the
//! default one passing them on. Every constructor of an inner or local class takes its hidden
//! parameters (the enclosing instance first, the captured values last) and stores them in
//! their synthetic fields before anything else runs.

use tree_sitter::Node;

use crate::program::reader::declarations::{FileChecker, Signature};
use crate::program::reader::generics::substitute;
use crate::program::reader::inner_classes::assignment;
use crate::program::reader::ir::*;
use crate::program::reader::statements::{Checked, MethodChecker};

impl<'t> FileChecker<'_, 't> {
    /// Gives each anonymous class a constructor per constructor of its superclass it may call
    /// (JLS §15.9.5.1: the anonymous constructor takes the arguments of the one the `new`
    /// expression chooses and passes them on), or one without parameters for an interface,
    /// `Object`, or a superclass that declares none: resolving the `new` expression's
    /// arguments among them chooses as `javac` does.
    pub(super) fn add_mirror_constructors(&mut self) {
        self.add_default_constructors();
        for id in 0..self.classes.len() {
            if !self.is_anonymous(id as u32) {
                continue;
            }
            let Some(node) = self.class_nodes.get(id).copied() else {
                continue;
            };
            let mut mirrors: Vec<(Option<u32>, Signature)> = Vec::new();
            let superclass = self.superclass(id as u32);
            let mut declares = false;
            if let Some(s) = superclass {
                let this = self.generic_self(id as u32);
                let map = self.substitution(&this, s);
                for (k, sig) in self.classes[s as usize].sigs.iter().enumerate() {
                    if !self.is_constructor_node(s, k) {
                        continue;
                    }
                    declares = true;
                    let Ok(sig) = sig else { continue };
                    if sig.is_private && self.top_level(s) != self.top_level(id as u32) {
                        continue;
                    }
                    let params = sig
                        .params
                        .iter()
                        .map(|p| match &map {
                            Some(map) => substitute(p, map),
                            None => p.erasure(),
                        })
                        .collect();
                    mirrors.push((Some(k as u32), self.mirror_signature(id, sig, params)));
                }
            }
            if !declares {
                mirrors.push((None, self.default_signature(id)));
            }
            let info = &mut self.classes[id];
            for (target, sig) in mirrors {
                info.sigs.push(Ok(sig));
                info.method_nodes.push(node);
                info.mirrors.push(target);
            }
        }
    }

    /// Gives each class that declares no constructor, and extends an inner class or a local
    /// class that captures locals, the default constructor `javac` writes for it (JLS
    /// §8.8.9), which passes the superclass its enclosing instance and the values it captured
    /// (see [`Self::mirror_method`]). All of them first, then what each calls: a superclass
    /// may get one too.
    fn add_default_constructors(&mut self) {
        let needs = |me: &Self, id: usize| {
            let Some(s) = me.superclass(id as u32) else {
                return false;
            };
            let declares =
                (0..me.classes[id].sigs.len()).any(|k| me.is_constructor_node(id as u32, k));
            let hidden = me.is_inner(s) || !me.capture_fields(s).is_empty();
            !declares && hidden && !me.is_anonymous(id as u32) && me.class_nodes.get(id).is_some()
        };
        let ids: Vec<usize> = (0..self.classes.len())
            .filter(|&id| needs(self, id))
            .collect();
        for &id in &ids {
            let sig = self.default_signature(id);
            let node = self.class_nodes[id];
            let info = &mut self.classes[id];
            info.sigs.push(Ok(sig));
            info.method_nodes.push(node);
            info.mirrors.push(None);
        }
        for &id in &ids {
            let s = self.superclass(id as u32).expect("checked above") as usize;
            // The superclass's constructor without parameters (its default one when `None`).
            let target = (0..self.classes[s].sigs.len()).find(|&k| {
                self.is_constructor_node(s as u32, k)
                    && self.classes[s].sigs[k]
                        .as_ref()
                        .is_ok_and(|sig| sig.params.is_empty())
            });
            let last = self.classes[id].mirrors.len() - 1;
            self.classes[id].mirrors[last] = target.map(|k| k as u32);
        }
    }

    /// The signature of a constructor of class `id` without parameters.
    fn default_signature(&self, id: usize) -> Signature {
        Signature {
            name: self.classes[id].name.clone(),
            is_static: false,
            is_constructor: true,
            is_private: false,
            params: Vec::new(),
            param_names: Vec::new(),
            param_spans: Vec::new(),
            param_final: Vec::new(),
            is_varargs: false,
            is_abstract: false,
            is_native: false,
            ret: Type::Void,
            span: self.classes[id].span,
            throws: Vec::new(),
            type_params: Vec::new(),
        }
    }

    /// The signature of an anonymous class's constructor calling `sig`'s, with its
    /// parameters' types seen from the anonymous class.
    fn mirror_signature(&self, id: usize, sig: &Signature, params: Vec<Type>) -> Signature {
        Signature {
            name: self.classes[id].name.clone(),
            is_static: false,
            is_constructor: true,
            is_private: false,
            param_names: (0..params.len()).map(|k| format!("arg{k}")).collect(),
            param_spans: vec![Span::default(); params.len()],
            param_final: vec![false; params.len()],
            params,
            is_varargs: sig.is_varargs,
            is_abstract: false,
            is_native: false,
            ret: Type::Void,
            span: self.classes[id].span,
            throws: sig.throws.clone(),
            type_params: Vec::new(),
        }
    }

    /// The index of method `mi` of class `ci` among the anonymous constructors, if it is one.
    pub(super) fn mirror_of(&self, ci: usize, mi: usize) -> Option<usize> {
        let info = &self.classes[ci];
        let first = info.sigs.len() - info.mirrors.len();
        (mi >= first).then(|| mi - first)
    }

    /// An anonymous class's constructor: the captured values stored, then the superclass's
    /// constructor called with the other arguments (and the superclass's enclosing instance,
    /// for an inner superclass).
    pub(super) fn mirror_method(&self, ci: usize, mi: usize) -> Method {
        let k = self.mirror_of(ci, mi).expect("an anonymous constructor");
        let info = &self.classes[ci];
        let sig = info.sigs[mi]
            .as_ref()
            .expect("anonymous constructors are checked");
        let node = info.method_nodes[mi];
        let (params, names) = self.constructor_parameters(ci as u32, sig);
        let mut checker = MethodChecker::new(self, ci as u32, false, Type::Void);
        checker.is_constructor = true;
        self.declare_hidden_parameters(&mut checker, ci as u32, sig);
        let body: Checked<'t, Vec<Stmt>> = (|| {
            let mut stmts = Vec::new();
            if let Some(s) = self.superclass(ci as u32) {
                let outer = checker.outer_argument(node, s, None, true)?;
                let given = usize::from(self.outer_field(ci as u32).is_some());
                let mut args: Vec<Expr> = outer.into_iter().collect();
                for (j, ty) in sig.params.iter().enumerate() {
                    let local = LocalId((given + j) as u32);
                    args.push(checker.hidden(node, ty.clone(), ExprKind::Local(local)));
                }
                args.extend(checker.captured_values(node, s)?);
                let call = checker.hidden(
                    node,
                    Type::Void,
                    ExprKind::SuperConstructor {
                        class: s,
                        constructor: info.mirrors[k],
                        args,
                    },
                );
                let id = checker.id();
                stmts.push(Stmt {
                    id,
                    span: call.span,
                    kind: StmtKind::Expr(call),
                });
            }
            Ok(stmts)
        })();
        let body = match body {
            Ok(stmts) => {
                let mut body = Body {
                    locals: std::mem::take(&mut checker.locals),
                    stmts,
                    node_count: checker.next_id,
                };
                self.store_hidden_parameters(&mut body, ci as u32);
                Ok(body)
            }
            Err(e) => Err(self.diag_at(e.node, e.message)),
        };
        Method {
            name: sig.name.clone(),
            class: ci as u32,
            is_static: false,
            is_constructor: true,
            is_private: false,
            is_abstract: false,
            params,
            param_names: names,
            ret: Type::Void,
            span: sig.span,
            body,
            bridges: Vec::new(),
            lambda: None,
            is_implicit: true,
        }
    }

    /// A constructor's parameters with the hidden ones: the enclosing instance first, the
    /// captured values last.
    pub(super) fn constructor_parameters(
        &self,
        class: u32,
        sig: &Signature,
    ) -> (Vec<Type>, Vec<String>) {
        let mut params = Vec::new();
        let mut names = Vec::new();
        if let Some(f) = self.outer_field(class) {
            params.push(
                self.classes[class as usize].fields[f.field as usize]
                    .ty
                    .clone(),
            );
            names.push("this$0".to_string());
        }
        params.extend(sig.params.iter().cloned());
        names.extend(sig.param_names.iter().cloned());
        for (_, name, ty) in self.capture_fields(class) {
            params.push(ty);
            names.push(name);
        }
        (params, names)
    }

    /// Declares a constructor's parameters in `checker`, the hidden ones included.
    pub(super) fn declare_hidden_parameters(
        &self,
        checker: &mut MethodChecker<'_, '_, 't>,
        class: u32,
        sig: &Signature,
    ) {
        let (params, names) = self.constructor_parameters(class, sig);
        let given = usize::from(self.outer_field(class).is_some());
        for (k, (ty, name)) in params.into_iter().zip(names).enumerate() {
            let visible = k >= given && k < given + sig.params.len();
            let span = match visible {
                true => sig.param_spans.get(k - given).copied().unwrap_or_default(),
                false => Span::default(),
            };
            checker.declare_param(&name, ty, span);
            let local = checker.locals.last_mut().expect("just declared");
            local.is_hidden = !visible;
            local.is_final = !visible || sig.param_final.get(k - given).copied().unwrap_or(false);
        }
    }

    /// Makes a constructor's body start by storing its hidden parameters in their synthetic
    /// fields (the enclosing instance first), as `javac`'s do before `super(...)`: field
    /// initializers and the superclass's constructor may use them.
    pub(super) fn store_hidden_parameters(&self, body: &mut Body, class: u32) {
        let mut stores = Vec::new();
        let count = body.locals.iter().filter(|l| l.is_param).count();
        let captures = self.capture_fields(class);
        let first_capture = count - captures.len();
        for (j, (field, _, ty)) in captures.iter().enumerate() {
            let local = LocalId((first_capture + j) as u32);
            stores.push(assignment(
                body,
                FieldRef {
                    class,
                    field: *field,
                },
                local,
                ty,
            ));
        }
        if let Some(field) = self.outer_field(class) {
            let ty = body.locals[0].ty.clone();
            stores.insert(0, assignment(body, field, LocalId(0), &ty));
        }
        body.stmts.splice(0..0, stores);
    }
}

impl<'t> MethodChecker<'_, '_, 't> {
    /// The anonymous class a `new` expression with a body declares.
    pub(super) fn anonymous_class(
        &mut self,
        node: Node<'t>,
        diamond: bool,
        qualified: bool,
    ) -> Checked<'t, u32> {
        let Some(class) = self
            .file
            .class_nodes
            .iter()
            .position(|n| n.id() == node.id())
        else {
            return self.unsupported(node, "an anonymous class in code roth does not read");
        };
        // Its type arguments were read with the class, from the declaration or the
        // method's return type the expression gives its value to.
        if diamond && self.diamond_created(class as u32).is_none() {
            return self.unsupported(
                node,
                "an anonymous class with <> outside a declaration or a return",
            );
        }
        if qualified {
            return self.unsupported(node, "a qualified anonymous class");
        }
        self.captures_allowed(node, class as u32)?;
        if self.file.classes[class].mirrors.is_empty() {
            return self.unsupported(
                node,
                "an anonymous class whose superclass's constructors are outside the supported subset",
            );
        }
        Ok(class as u32)
    }
}

impl MethodChecker<'_, '_, '_> {
    /// The parameterized type an anonymous class with `<>` extends or implements, if its
    /// context gave one (see `FileChecker::diamond_supertype`).
    pub(super) fn diamond_created(&self, class: u32) -> Option<Type> {
        self.file.super_types[class as usize]
            .iter()
            .find(|t| matches!(t, Type::Class(c) if !c.args.is_empty()))
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use crate::program::execution::interp::testing::{runner, string};
    use crate::program::execution::interp::{Termination, Value};
    use crate::program::load;
    use crate::program::reader::semantics::Kind;

    const CALC: &str = r##"public class Calc {
    enum Op {
        PLUS("+") {
            int apply(int a, int b) { return a + b; }
        },
        TIMES("*") {
            int apply(int a, int b) { return a * b; }
            @Override String describe() { return "times " + symbol; }
        },
        MINUS("-") {
            int apply(int a, int b) { return a - b; }
        };
        final String symbol;
        Op(String symbol) { this.symbol = symbol; }
        abstract int apply(int a, int b);
        String describe() { return name() + " " + symbol; }
    }
    static int eval(int a, int b, int which) {
        Op op = Op.values()[which % 3];
        return op.apply(a, b);
    }
    static String show(int which) {
        Op op = Op.values()[which];
        return op.describe() + "/" + op + "/" + op.ordinal() + "/" + (op == Op.TIMES) + "/" + Op.valueOf("MINUS").symbol;
    }
    static Op pick(int which) { return Op.values()[which]; }
    static int viaSwitch(Op op, int a) {
        switch (op) {
            case PLUS: return a + 1;
            case TIMES: return a * 2;
            default: return -a;
        }
    }
}
"##;

    /// An enum constant with a body is an object of its own class extending the enum; it is
    /// the enum's constant for `values()`, `valueOf`, `switch` and printing. Expected: `java`
    /// 17's output.
    #[test]
    fn enum_constants_with_bodies_run_as_on_the_jvm() {
        let unit = load("Calc.java", CALC).expect("the file loads");
        let run = runner(&unit);
        let int = |v: i64| Value::Prim(Kind::Int, v);
        let returns = |v: Value| Termination::Return(Some(v));
        assert_eq!(run("eval", &[int(3), int(4), int(0)]), returns(int(7)));
        assert_eq!(run("eval", &[int(3), int(4), int(1)]), returns(int(12)));
        assert_eq!(run("eval", &[int(3), int(4), int(5)]), returns(int(-1)));
        assert_eq!(
            run("show", &[int(1)]),
            returns(string("times */TIMES/1/true/-"))
        );
        assert_eq!(
            run("show", &[int(0)]),
            returns(string("PLUS +/PLUS/0/false/-"))
        );
        let Termination::Return(Some(Value::Enum { class, name })) = run("pick", &[int(2)]) else {
            panic!("an enum constant");
        };
        assert_eq!((&*class.name, &*name), ("Op", "MINUS"));
    }

    const DIAMONDS: &str = r#"import java.util.Comparator;
import java.util.function.Function;

public class Diamonds {
    interface Shape<T> { T area(int scale); }
    static abstract class Box<T> {
        final T value;
        Box(T value) { this.value = value; }
        abstract String show();
    }
    private Comparator<Integer> byAbs = new Comparator<>() {
        @Override
        public int compare(Integer a, Integer b) { return Integer.compare(Math.abs(a), Math.abs(b)); }
    };
    int compareAbs(int a, int b) { return byAbs.compare(a, b); }
    static int local(int w) {
        Shape<Integer> s = new Shape<>() {
            public Integer area(int scale) { return w * scale; }
        };
        return s.area(3);
    }
    static Box<String> boxed(String v) {
        return new Box<>(v) {
            String show() { return "[" + value + "]"; }
        };
    }
    static String show(String v) { return boxed(v).show() + boxed(v).value.length(); }
    static int apply(int x) {
        Function<Integer, Integer> f = new Function<>() {
            public Integer apply(Integer t) { return t * 2 + 1; }
        };
        return f.apply(x);
    }
}
"#;

    /// An anonymous class with `<>` (JLS §15.9.3) extends the type its declaration or its
    /// method's return type gives; elsewhere it is refused by name. Expected: `java` 17.
    #[test]
    fn diamond_anonymous_classes_take_their_target_s_type() {
        let unit = load("Diamonds.java", DIAMONDS).expect("the file loads");
        let run = runner(&unit);
        let int = |v: i64| Value::Prim(Kind::Int, v);
        let returns = |v: Value| Termination::Return(Some(v));
        assert_eq!(run("compareAbs", &[int(-5), int(3)]), returns(int(1)));
        assert_eq!(run("local", &[int(4)]), returns(int(12)));
        assert_eq!(
            run("Diamonds.show", &[string("hey")]),
            returns(string("[hey]3"))
        );
        assert_eq!(run("Diamonds.apply", &[int(7)]), returns(int(15)));
        let refused = load(
            "Arg.java",
            "class Arg { interface S<T> { T get(); }\n    static int use(S<Integer> s) { return s.get(); }\n    \
             static int argument() { return use(new S<>() { public Integer get() { return 1; } }); }\n}\n",
        )
        .expect("the file loads");
        let argument = refused.classes[0]
            .methods
            .iter()
            .find(|m| m.name == "argument")
            .expect("declared");
        let error = argument.body.as_ref().expect_err("refused");
        assert_eq!((error.line, error.column), (3, 40));
        assert!(
            error.message.contains("an anonymous class with <> outside"),
            "{error:?}"
        );
    }

    /// Double-brace initialization (an anonymous subclass of a collection with `<>`, its
    /// target a supertype) and `new Object() { ... }` whose members a `var` reaches, as
    /// `java` 17 runs them.
    #[test]
    fn double_braces_and_anonymous_objects_run_as_on_the_jvm() {
        let source = r#"
import java.util.*;
public class D {
    static final Map<String, Integer> M = new HashMap<>() {{ put("a", 1); put("b", 2); }};
    static int get(String k) { return M.getOrDefault(k, -1); }
    static String pair(int n) {
        List<Integer> l = new ArrayList<>() {{ add(n); add(n + 1); }};
        return l.toString() + l.size();
    }
    static int twice(int n) {
        var o = new Object() { int v = n; int twice() { return 2 * v; } };
        o.v++;
        return o.twice();
    }
}
"#;
        let unit = load("D.java", source).expect("the file loads");
        let run = runner(&unit);
        let int = |v: i64| Value::Prim(Kind::Int, v);
        let returns = |v: Value| Termination::Return(Some(v));
        assert_eq!(run("D.get", &[string("b")]), returns(int(2)));
        assert_eq!(run("D.get", &[string("z")]), returns(int(-1)));
        assert_eq!(run("D.pair", &[int(5)]), returns(string("[5, 6]2")));
        assert_eq!(run("D.twice", &[int(5)]), returns(int(12)));
    }
}
