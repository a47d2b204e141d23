//! Objects of the unit's classes on the machine's heap: allocating one with its fields at
//! Java's default values, reading and writing its fields, building an object given to a run
//! as a constructor call (`new C(args)`, JLS §15.9.4: allocated, then the arguments, then the
//! constructor), setting up an instance method's receiver as `new C()` would, and reading a
//! value back with every object it reaches (a snapshot in which an object met again is
//! written as a reference to its first appearance, so cycles end).

use super::machine::{Loading, Machine, NPE, Object, Thrown};
use super::outcome::{Termination, Value, View};
use crate::program::reader::ir::*;
use crate::program::reader::semantics::Kind;

/// How deep objects are shown inside a value: those nested deeper (the nodes of a linked
/// list past the hundredth) are shown without their fields. RothDriver shows the JVM's so.
pub(crate) const SHOWN_DEPTH: u32 = 100;

impl Machine<'_> {
    /// Sets up the receiver of an instance method as `new C()` would (the constructor
    /// without parameters, declared or default); a class with constructors that all take
    /// parameters gets its field initializers only, and the test sets its fields.
    pub(super) fn construct_receiver(
        &mut self,
        class: u32,
        object: i64,
    ) -> Result<(), Termination> {
        let program = self.program;
        let function = match program.no_arg_constructors[class as usize] {
            Some(function) => function,
            None => program.field_setups[class as usize],
        };
        // An inner class's field setup also takes the enclosing instance: none here (no
        // test builds such a receiver; runs that would need it throw).
        let mut args = vec![0; program.functions[function as usize].params as usize];
        args.push(object);
        self.call(function, &args)
    }

    /// A new object of `class`, its fields at Java's default values.
    pub(super) fn new_object(&mut self, class: u32) -> Result<i64, Thrown> {
        let size = self.program.layouts[class as usize].len();
        self.allocate(size as u64 + 1)?;
        self.heap.push(Object::Instance {
            class,
            fields: vec![0; size],
        });
        Ok(self.heap.len() as i64)
    }

    /// Whether the object in `handle` (not `null`) is of `class` or of a class extending or
    /// implementing it.
    pub(super) fn is_a(&self, handle: i64, class: u32) -> bool {
        match &self.heap[handle as usize - 1] {
            Object::Instance { class: c, .. } => self.program.is_a[*c as usize].contains(&class),
            // A string is a `Comparable` (of roth's model of the JDK).
            Object::Str(_) => Some(class) == self.program.string_comparable,
            _ => false,
        }
    }

    /// An instance field of an object the run made (never `null`).
    pub(super) fn instance_field(&self, object: i64, slot: u32) -> i64 {
        match &self.heap[object as usize - 1] {
            Object::Instance { fields, .. } => fields[slot as usize],
            _ => unreachable!("an object of a class"),
        }
    }

    pub(super) fn set_instance_field(&mut self, object: i64, slot: u32, word: i64) {
        if let Object::Instance { fields, .. } = &mut self.heap[object as usize - 1] {
            fields[slot as usize] = word;
        }
    }

    /// The fields of the object in `handle` (`NullPointerException` on `null`).
    pub(super) fn object_fields(&mut self, handle: i64) -> Result<&mut Vec<i64>, Thrown> {
        if handle <= 0 {
            return Err(NPE.into());
        }
        match self.heap.get_mut((handle - 1) as usize) {
            Some(Object::Instance { fields, .. }) => Ok(fields),
            _ => Err(NPE.into()),
        }
    }

    /// `new C(args)` for an argument: the object allocated, the arguments put on the heap,
    /// the constructor (or the field initializers of a class that declares none) run.
    pub(super) fn construct(
        &mut self,
        class: u32,
        constructor: Option<u32>,
        args: &[Value],
    ) -> Result<i64, Loading> {
        let program = self.program;
        let c = class as usize;
        let declares = program.constructors[c].iter().any(|&k| k);
        let (params, function) = match constructor {
            Some(k) if program.constructors[c].get(k as usize) == Some(&true) => {
                let Some(function) = program.index[c][k as usize] else {
                    return Err(format!(
                        "a constructor of {} outside the supported subset",
                        program.class_names[c]
                    )
                    .into());
                };
                (program.signatures[c][k as usize].0.clone(), function)
            }
            // An inner class's default constructor also takes the enclosing instance, which
            // no argument gives.
            None if !declares && program.functions[program.field_setups[c] as usize].params > 0 => {
                return Err(format!(
                    "an object of inner class {} needs its enclosing instance",
                    program.class_names[c]
                )
                .into());
            }
            None if !declares => (Vec::new(), program.field_setups[c]),
            _ => {
                return Err(format!("no such constructor of {}", program.class_names[c]).into());
            }
        };
        if params.len() != args.len() {
            return Err(format!(
                "the constructor of {} takes {} argument(s), {} given",
                program.class_names[c],
                params.len(),
                args.len()
            )
            .into());
        }
        let object = self.new_object(class).map_err(Loading::Thrown)?;
        let mut words = Vec::with_capacity(args.len() + 1);
        for (a, p) in args.iter().zip(&params) {
            words.push(self.load_value(a, p)?);
        }
        words.push(object);
        self.execute(function, &words).map_err(Loading::Thrown)?;
        Ok(object)
    }

    /// Reads a register word of type `ty` back as a value (objects with everything they
    /// reach).
    pub(super) fn value_of(&self, word: i64, ty: &Type) -> Value {
        self.snapshot(word, ty, &mut Vec::new(), 0)
    }

    /// [`Machine::value_of`], with the objects met so far in `seen`, inside `depth` objects.
    fn snapshot(&self, word: i64, ty: &Type, seen: &mut Vec<i64>, depth: u32) -> Value {
        if ty.is_primitive() {
            return Value::Prim(Kind::of(ty), word);
        }
        if word == 0 {
            return Value::Null;
        }
        match &self.heap[word as usize - 1] {
            Object::Str(s) => Value::Str(s.clone()),
            Object::Array { data, .. } => {
                let elem = ty.element().cloned().unwrap_or(Type::Int);
                Value::Array(
                    elem.clone(),
                    data.iter()
                        .map(|&w| self.snapshot(w, &elem, seen, depth))
                        .collect(),
                )
            }
            Object::Instance { class, fields }
                if self.program.views.kinds[*class as usize].is_some() =>
            {
                let view = self.program.views.kinds[*class as usize].expect("a view");
                let class =
                    ClassType::plain(*class, self.program.class_names[*class as usize].as_str());
                let by_text = self.program.views.by_text[class.id as usize];
                let items = match (view, self.program.views.text, self.views.get(&word)) {
                    (View::Text, Some((value, count)), _) if !by_text => {
                        let (value, count) = (fields[value as usize], fields[count as usize]);
                        let text = match &self.heap[value as usize - 1] {
                            Object::Array { data, .. } => {
                                data[..count as usize].iter().map(|&c| c as u16).collect()
                            }
                            _ => Vec::new(),
                        };
                        vec![Value::Str(text.into())]
                    }
                    (_, _, Some(&array)) if depth < SHOWN_DEPTH => {
                        let array_type = Type::array_of(Type::Object);
                        match self.snapshot(array, &array_type, seen, depth + 1) {
                            Value::Array(_, items) => items,
                            _ => Vec::new(),
                        }
                    }
                    _ => Vec::new(),
                };
                Value::Content { class, view, items }
            }
            // A box reads back as the value it holds.
            Object::Instance { class, fields }
                if self.program.box_kinds[*class as usize].is_some() =>
            {
                let kind = self.program.box_kinds[*class as usize].expect("a box");
                Value::Prim(kind, fields.first().copied().unwrap_or(0))
            }
            Object::Instance { class, fields }
                if !self.program.enum_constants[*class as usize].is_empty() =>
            {
                let name = match self.snapshot(fields[0], &Type::String, seen, depth) {
                    Value::Str(s) => crate::program::reader::text::from_utf16(&s),
                    _ => String::new(),
                };
                // A constant with a body is shown as its enum's.
                let declaring = self.program.enum_constants[*class as usize]
                    .first()
                    .map_or(*class, |&f| self.program.fields[f as usize].class);
                Value::Enum {
                    class: ClassType::plain(
                        declaring,
                        self.program.class_names[declaring as usize].as_str(),
                    ),
                    name: name.into(),
                }
            }
            Object::Instance { class, fields } => {
                if let Some(k) = seen.iter().position(|&h| h == word) {
                    return Value::Seen(k as u32 + 1);
                }
                let program = self.program;
                // A long linked list is not walked to its end (nor is its value's every
                // later use, which recursion over it would overflow the stack with).
                if depth >= SHOWN_DEPTH {
                    return Value::Object {
                        class: ClassType::plain(
                            *class,
                            program.class_names[*class as usize].as_str(),
                        ),
                        fields: Vec::new(),
                    };
                }
                seen.push(word);
                // A lambda's captured values are not its state as a test sees it (the
                // JVM's lambda objects differ in which they hold).
                let shown = if program.fieldless[*class as usize] {
                    0
                } else {
                    fields.len()
                };
                let fields = program.layouts[*class as usize]
                    .iter()
                    .take(shown)
                    .zip(fields)
                    .filter(|(slot, _)| !program.fields[**slot as usize].is_synthetic)
                    .map(|(&slot, &w)| {
                        let f = &program.fields[slot as usize];
                        (f.name.clone(), self.snapshot(w, &f.ty, seen, depth + 1))
                    })
                    .collect();
                Value::Object {
                    class: ClassType::plain(*class, program.class_names[*class as usize].as_str()),
                    fields,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{compile, int, method, returns, throws};
    use super::super::{Compiled, Limits, Outcome, Termination, Value};
    use crate::program::execution::literal::parse_value_in;
    use crate::program::reader::ir::{Type, Unit};

    /// The object `text` (a constructor call) of class `name`.
    fn object(unit: &Unit, name: &str, text: &str) -> Value {
        let id = unit
            .classes
            .iter()
            .position(|c| c.name == name)
            .expect("a class");
        let ty = Type::Class(crate::program::reader::ir::ClassType::plain(
            id as u32, name,
        ));
        parse_value_in(unit, text, &ty).expect("a constructor call")
    }

    fn call(
        (unit, program): &(Unit, Compiled),
        name: &str,
        receiver: Option<&Value>,
        args: &[Value],
    ) -> Outcome {
        let (class, m) = method(unit, name);
        program
            .run_on(class, m, receiver, args, &[], Limits::default())
            .expect("the arguments fit")
    }

    const CHAIN: &str = "class T {
        int a = 5;
        int b;
        String log = \"\";
        T() { this(1); log = log + \"T()\"; }
        T(int b) { log = log + \"init\" + a; this.b = b + a; }
        int b() { return b; }
        String log() { return log; }
    }";

    #[test]
    fn constructors_run_the_field_initializers_once_before_their_own_code() {
        let compiled = compile(CHAIN);
        let text = |o: Outcome| match o.termination {
            Termination::Return(Some(Value::Str(s))) => String::from_utf16(&s).expect("text"),
            other => panic!("{other:?}"),
        };
        // `this(1)` runs T(int) with the initializers before it; T() adds its part after.
        let new_t = object(&compiled.0, "T", "new T()");
        assert_eq!(text(call(&compiled, "log", Some(&new_t), &[])), "init5T()");
        let new_t3 = object(&compiled.0, "T", "new T(3)");
        assert_eq!(text(call(&compiled, "log", Some(&new_t3), &[])), "init5");
        assert_eq!(
            call(&compiled, "b", Some(&new_t3), &[]).termination,
            returns(int(8))
        );
        // Without a receiver given, an instance method runs on `new T()`.
        assert_eq!(call(&compiled, "b", None, &[]).termination, returns(int(6)));
    }

    const NODES: &str = "class Node {
        int value;
        Node next;
        static int calls;
        Node(int v) { if (v < 0) throw new IllegalArgumentException(); value = v; }
        static Node ring(int n) {
            Node first = new Node(0);
            Node last = first;
            for (int i = 1; i < n; i++) { last.next = new Node(i); last = last.next; }
            last.next = first;
            return first;
        }
        static boolean same(Node a, Node b) { return a == b; }
        static int second(Node n) { return n.next.value; }
        int add(int k) { return value + k; }
        static int bump() { calls++; return 1; }
        static int addTo(Node n) { return n.add(bump()); }
        static void grow(Node n) { n.value += 10; }
        static int read(Node n) { return n.value; }
    }";

    #[test]
    fn a_snapshot_writes_an_object_met_again_as_a_reference() {
        let compiled = compile(NODES);
        let ring = call(&compiled, "ring", None, &[int(2)]);
        let Termination::Return(Some(v)) = ring.termination.clone() else {
            panic!("a ring is returned");
        };
        assert_eq!(
            v.to_string(),
            "Node#1{value=0, next=Node{value=1, next=#1}}"
        );
        let Value::Object { fields, .. } = &v else {
            panic!("an object");
        };
        let Value::Object { fields: inner, .. } = &fields[1].1 else {
            panic!("the second node");
        };
        assert_eq!(inner[1].1, Value::Seen(1));
        // A ring of one points at itself; two rings of different lengths differ.
        let one = call(&compiled, "ring", None, &[int(1)]);
        assert!(ring.differs(&one));
        assert!(!ring.differs(&call(&compiled, "ring", None, &[int(2)])));
    }

    /// A ring of 5,000 nodes built by a loop (a stack overflow before values were cut) shows
    /// its first `SHOWN_DEPTH` nodes in full, then one without fields; a ring of 101 nodes
    /// shows as one of 102 does (they differ only past the cut).
    #[test]
    fn values_are_shown_a_bounded_depth_deep() {
        let compiled = compile(NODES);
        let ring = call(&compiled, "ring", None, &[int(5000)]);
        let Termination::Return(Some(mut v)) = ring.termination.clone() else {
            panic!("a ring is returned");
        };
        for depth in 0..=super::SHOWN_DEPTH {
            let Value::Object { mut fields, .. } = v else {
                panic!("an object at depth {depth}");
            };
            if depth == super::SHOWN_DEPTH {
                assert!(fields.is_empty(), "cut at depth {depth}");
                break;
            }
            assert_eq!(fields[0].1, int(depth as i32));
            v = fields.swap_remove(1).1;
        }
        let (a, b) = (
            call(&compiled, "ring", None, &[int(101)]),
            call(&compiled, "ring", None, &[int(102)]),
        );
        assert!(!a.differs(&b));
    }

    #[test]
    fn references_compare_by_identity_and_null_is_checked_where_used() {
        let compiled = compile(NODES);
        let n = object(&compiled.0, "Node", "new Node(4)");
        assert_eq!(
            call(&compiled, "same", None, &[n.clone(), n.clone()]).termination,
            returns(Value::Prim(
                crate::program::reader::semantics::Kind::Boolean,
                0
            )),
            "two constructor calls make two objects"
        );
        let npe = throws("NullPointerException");
        assert_eq!(
            call(&compiled, "read", None, &[Value::Null]).termination,
            npe
        );
        assert_eq!(
            call(&compiled, "second", None, std::slice::from_ref(&n)).termination,
            npe
        );
        // The receiver is checked after the arguments are evaluated (JLS §15.12.4).
        let o = call(&compiled, "addTo", None, &[Value::Null]);
        assert_eq!(o.termination, npe);
        assert_eq!(o.fields, [("calls".to_string(), int(1))]);
        assert_eq!(
            call(&compiled, "addTo", None, &[n]).termination,
            returns(int(5))
        );
    }

    #[test]
    fn object_arguments_are_built_before_the_call_and_read_after_it() {
        let compiled = compile(NODES);
        let n = object(&compiled.0, "Node", "new Node(5)");
        let o = call(&compiled, "grow", None, std::slice::from_ref(&n));
        assert_eq!(
            o.args[0].as_ref().map(|v| v.to_string()).as_deref(),
            Some("Node{value=15, next=null}")
        );
        // A constructor that throws while an argument is built ends the run with it.
        let bad = object(&compiled.0, "Node", "new Node(-1)");
        assert_eq!(
            call(&compiled, "grow", None, &[bad]).termination,
            throws("IllegalArgumentException")
        );
    }

    #[test]
    fn a_class_without_constructors_gets_its_field_initializers() {
        let compiled = compile("class P { int x = 7; static int get(P p) { return p.x; } }");
        let p = object(&compiled.0, "P", "new P()");
        assert_eq!(
            call(&compiled, "get", None, &[p]).termination,
            returns(int(7))
        );
        assert!(
            parse_value_in(&compiled.0, "new P(1)", &object_type(&compiled.0, "P")).is_err(),
            "the default constructor takes no arguments"
        );
    }

    fn object_type(unit: &Unit, name: &str) -> Type {
        match object(unit, name, &format!("new {name}()")) {
            Value::New { class, .. } => Type::Class(class),
            other => panic!("{other:?}"),
        }
    }

    const SHAPES: &str = "interface Shape { double area(); default String label() { return \"shape:\" + name(); } String name(); }
    abstract class Base implements Shape {
        protected int id; static int made;
        Base(int id) { this.id = id; made++; }
        public String name() { return \"base\" + id; }
        int twice() { return 2 * id; }
    }
    class Sq extends Base {
        int side;
        Sq(int id, int side) { super(id); this.side = side; }
        public double area() { return side * side; }
        public String name() { return \"sq\" + super.name(); }
    }
    class Circ extends Base {
        double r = 1.5;
        Circ(int id) { super(id); }
        public double area() { return 3 * r * r; }
        int twice() { return super.twice() + 1; }
    }
    class H {
        static double total(Shape[] shapes) { double t = 0; for (Shape s : shapes) t += s.area(); return t; }
        static String describe(Shape s) {
            if (s instanceof Sq q) return \"square \" + q.side + \" \" + s.label();
            if (s instanceof Circ) { Circ c = (Circ) s; return \"circle \" + c.twice() + \" \" + c.label(); }
            return s == null ? \"none\" : \"other\";
        }
        static int cast(Base b) { Sq s = (Sq) b; return s.side; }
        static String run(int k) {
            Shape[] all = { new Sq(k, 3), new Circ(k + 1) };
            return total(all) + \" \" + describe(all[0]) + \" \" + describe(all[1]) + \" \" + describe(null) + \" \" + Base.made;
        }
    }";

    #[test]
    fn calls_are_dispatched_on_the_objects_class_as_the_jvm_does() {
        let compiled = compile(SHAPES);
        // As the JVM prints it.
        let text = |o: Outcome| match o.termination {
            Termination::Return(Some(Value::Str(s))) => String::from_utf16(&s).expect("text"),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            text(call(&compiled, "run", None, &[int(4)])),
            "15.75 square 3 shape:sqbase4 circle 11 shape:base5 none 2"
        );
        let unit = &compiled.0;
        let base = unit
            .classes
            .iter()
            .position(|c| c.name == "Base")
            .expect("Base") as u32;
        let circle = parse_value_in(unit, "new Circ(1)", &unit.class_type(base)).expect("a Base");
        assert_eq!(
            call(&compiled, "cast", None, &[circle]).termination,
            throws("ClassCastException")
        );
        // An abstract class cannot be given as an object of its own.
        assert!(parse_value_in(unit, "new Base(1)", &unit.class_type(base)).is_err());
        // Objects show their superclass's fields first.
        let square = parse_value_in(unit, "new Sq(7, 2)", &unit.class_type(base)).expect("a Base");
        let outcome = call(&compiled, "cast", None, &[square]);
        assert_eq!(outcome.termination, returns(int(2)));
        assert_eq!(
            outcome.args[0].as_ref().map(|v| v.to_string()).as_deref(),
            Some("Sq{id=7, side=2}")
        );
    }

    const COINS: &str = "enum Coin {
        PENNY(1), NICKEL(5), DIME(10), QUARTER(25);
        private final int cents;
        Coin(int cents) { this.cents = cents; }
        int cents() { return cents; }
        Coin next() { Coin[] all = values(); return ordinal() + 1 < all.length ? all[ordinal() + 1] : null; }
    }
    class En {
        static int total(Coin... coins) { int t = 0; for (Coin c : coins) t += c.cents(); return t; }
        static String kind(Coin c) {
            switch (c) {
                case PENNY: return \"copper\";
                case NICKEL:
                case DIME: return \"nickel \" + c;
                default: return \"silver \" + c.name() + c.ordinal();
            }
        }
        static String run(int k) {
            Coin c = Coin.values()[k % 4];
            return total(c, Coin.DIME) + \" \" + kind(c) + \" \" + c.next() + \" \" + c.compareTo(Coin.DIME) + \" \" + Coin.valueOf(\"QUARTER\") + (c == Coin.PENNY);
        }
        static Coin parse(String s) { return Coin.valueOf(s); }
    }";

    #[test]
    fn enums_have_their_constants_names_ordinals_and_switches_as_on_the_jvm() {
        let compiled = compile(COINS);
        let text = |o: Outcome| match o.termination {
            Termination::Return(Some(Value::Str(s))) => String::from_utf16(&s).expect("text"),
            other => panic!("{other:?}"),
        };
        // As the JVM prints them.
        let expected = [
            "11 copper NICKEL -2 QUARTERtrue",
            "15 nickel NICKEL DIME -1 QUARTERfalse",
            "20 nickel DIME QUARTER 0 QUARTERfalse",
            "35 silver QUARTER3 null 1 QUARTERfalse",
        ];
        for (k, want) in expected.iter().enumerate() {
            assert_eq!(text(call(&compiled, "run", None, &[int(k as i32)])), *want);
        }
        let unit = &compiled.0;
        let coin = unit
            .classes
            .iter()
            .position(|c| c.name == "Coin")
            .expect("Coin") as u32;
        let dime = parse_value_in(unit, "Coin.DIME", &unit.class_type(coin)).expect("a constant");
        assert_eq!(text(call(&compiled, "kind", None, &[dime])), "nickel DIME");
        assert_eq!(
            call(&compiled, "kind", None, &[Value::Null]).termination,
            throws("NullPointerException")
        );
        let x = Value::Str(crate::program::reader::text::utf16("X").into());
        assert_eq!(
            call(&compiled, "parse", None, &[x]).termination,
            throws("IllegalArgumentException")
        );
        let q = Value::Str(crate::program::reader::text::utf16("QUARTER").into());
        match call(&compiled, "parse", None, &[q]).termination {
            Termination::Return(Some(v)) => assert_eq!(v.to_string(), "QUARTER"),
            other => panic!("{other:?}"),
        }
        assert!(parse_value_in(unit, "Coin.EURO", &unit.class_type(coin)).is_err());
    }
}
