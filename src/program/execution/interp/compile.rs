//! The compiler from the typed IR to register code, its program and statement half: every
//! supported method of a unit becomes a function (its locals' registers first, parameters
//! leading, then temporaries, then its constants, which sit in the frame template), each
//! class gets a synthetic initializer, and statements and conditions become jumps (a
//! comparison in a condition jumps on its negation without making a boolean).

use std::sync::Arc;

use hashbrown::HashMap;

use super::code::{
    Compiled, FieldSlot, Function, Handler, Instr, ProbeSites, Reg, SwitchTable, for_each_reg,
};
use super::compile_try::TryContext;
use super::dispatch::{bridge_functions, dispatch_slots, object_methods, vtables};
use crate::program::reader::ir::*;
use crate::program::reader::semantics::{self as sem, Kind};

impl Compiled {
    /// Compiles every supported method of `unit`; `probes`, when given, are the statements and
    /// expressions whose execution a run records in
    /// [`Machine::covered`](super::Machine::covered) (indexed by the position in `probes`).
    pub fn new(unit: &Unit, probes: Option<&ProbeSites>) -> Compiled {
        Compiled::build(unit, probes)
    }

    /// `unit` compiled without probes, once per unit and then shared (what mutants'
    /// programs are made from, and what a witness is checked on).
    pub(crate) fn plain(unit: &Unit) -> Arc<Compiled> {
        unit.compiled
            .get_or_init(|| Arc::new(Compiled::new(unit, None)))
            .downcast::<Compiled>()
            .expect("a unit's cache holds its compiled program")
    }

    /// This program (compiled from `unit` without probes) with one method replaced (a
    /// mutant's checked method): a copy with that function compiled again. A method's code
    /// is all that depends on its body; strings and exceptions it adds go at the ends of
    /// their tables.
    pub(crate) fn with_method(
        &self,
        unit: &Unit,
        (class, method, body_of): (u32, u32, &Method),
    ) -> Compiled {
        let mut program = self.clone();
        program.control_relevance = Default::default();
        let (Some(function), Ok(body)) = (
            self.index[class as usize][method as usize],
            body_of.body.as_ref(),
        ) else {
            // A method the original cannot run stays so: only its checked copy changed.
            return program;
        };
        let f = FunctionCompiler::compile(
            &mut program,
            (class, &unit.classes[class as usize]),
            body_of,
            body,
            None,
        );
        program.functions[function as usize] = f;
        program
    }

    fn build(unit: &Unit, probes: Option<&ProbeSites>) -> Compiled {
        let mut fields = Vec::new();
        let mut field_index = Vec::new();
        for (ci, class) in unit.classes.iter().enumerate() {
            let mut idx = Vec::new();
            for f in &class.fields {
                idx.push(fields.len() as u32);
                fields.push(FieldSlot {
                    name: if unit.file_classes() > 1 && f.is_static {
                        format!("{}.{}", class.name, f.name)
                    } else {
                        f.name.clone()
                    },
                    ty: f.ty.clone(),
                    class: ci as u32,
                    is_static: f.is_static,
                    is_constant: f.constant.is_some() || f.unsupported.is_some(),
                    // Set below, once the superclasses' layouts are known.
                    object_slot: 0,
                    is_synthetic: f.is_synthetic,
                });
            }
            field_index.push(idx);
        }
        // An object's fields: its superclasses' first (the farthest first), then its own,
        // so a field has the same slot in the objects of every subclass.
        let mut layouts: Vec<Option<Vec<u32>>> = vec![None; unit.classes.len()];
        for ci in 0..unit.classes.len() {
            let mut chain = vec![ci];
            while let Some(s) = unit.classes[*chain.last().expect("not empty")].superclass {
                if layouts[s as usize].is_some() || chain.contains(&(s as usize)) {
                    break;
                }
                chain.push(s as usize);
            }
            for &c in chain.iter().rev() {
                if layouts[c].is_some() {
                    continue;
                }
                let mut layout = unit.classes[c]
                    .superclass
                    .and_then(|s| layouts[s as usize].clone())
                    .unwrap_or_default();
                // An enum constant's name and ordinal come first (what `name()` and
                // `ordinal()` read); they are no test's inputs or outputs.
                if unit.classes[c].is_enum {
                    for (name, ty) in [("$name", Type::String), ("$ordinal", Type::Int)] {
                        layout.push(fields.len() as u32);
                        fields.push(FieldSlot {
                            name: name.to_string(),
                            ty,
                            class: c as u32,
                            is_static: false,
                            is_constant: true,
                            object_slot: layout.len() as u32 - 1,
                            is_synthetic: false,
                        });
                    }
                }
                for (fi, f) in unit.classes[c].fields.iter().enumerate() {
                    if !f.is_static {
                        let id = field_index[c][fi];
                        fields[id as usize].object_slot = layout.len() as u32;
                        layout.push(id);
                    }
                }
                layouts[c] = Some(layout);
            }
        }
        let layouts: Vec<Vec<u32>> = layouts.into_iter().map(Option::unwrap_or_default).collect();
        let (all_slots, slot_count) = dispatch_slots(unit);
        // A call names the method's own slot; the tables also fill the slots it bridges.
        let slots: Vec<Vec<Option<u32>>> = all_slots
            .iter()
            .map(|methods| methods.iter().map(|s| s.first().copied()).collect())
            .collect();
        let class_class = (0..unit.classes.len() as u32)
            .find(|&c| unit.is_library(c) && unit.binary_name(c) == "java.lang.Class");
        let string_comparable = (0..unit.classes.len() as u32)
            .find(|&c| unit.is_library(c) && unit.binary_name(c) == "java.lang.Comparable");
        let string_compare_slot = string_comparable.and_then(|c| {
            let m = unit.classes[c as usize]
                .methods
                .iter()
                .position(|m| m.name == "compareTo" && m.params.len() == 1)?;
            slots[c as usize][m]
        });
        let binary_names: Vec<String> = (0..unit.classes.len() as u32)
            .map(|c| unit.binary_name(c))
            .collect();
        let mut program = Compiled {
            functions: Vec::new(),
            index: Vec::new(),
            initializers: Vec::new(),
            initialization_order: initialization_order(unit),
            box_kinds: (0..unit.classes.len() as u32)
                .map(|c| unit.unboxed(c).map(|t| Kind::of(&t)))
                .collect(),
            box_makers: Vec::new(),
            is_library: (0..unit.classes.len() as u32)
                .map(|c| unit.is_library(c))
                .collect(),
            field_setups: Vec::new(),
            vtables: Vec::new(),
            object_methods: Vec::new(),
            is_a: (0..unit.classes.len() as u32)
                .map(|c| std::iter::once(c).chain(unit.ancestors(c)).collect())
                .collect(),
            slots,
            string_compare_slot,
            string_comparable,
            // An enum constant with a body is an object of its anonymous class, which is
            // an enum's constant as much as its enum's are.
            enum_constants: unit
                .classes
                .iter()
                .enumerate()
                .map(|(ci, c)| {
                    let e = match c.superclass {
                        Some(s) if c.is_anonymous && unit.classes[s as usize].is_enum => s as usize,
                        _ => ci,
                    };
                    (0..unit.classes[e].enum_constants as usize)
                        .map(|fi| field_index[e][fi])
                        .collect()
                })
                .collect(),
            blocks: Vec::new(),
            layouts,
            no_arg_constructors: Vec::new(),
            fields,
            field_index,
            strings: Vec::new(),
            exceptions: Vec::new(),
            signatures: unit
                .classes
                .iter()
                .map(|c| {
                    c.methods
                        .iter()
                        .map(|m| (m.params.clone(), m.ret.clone(), m.is_static))
                        .collect()
                })
                .collect(),
            constructors: unit
                .classes
                .iter()
                .map(|c| c.methods.iter().map(|m| m.is_constructor).collect())
                .collect(),
            // Simple names as `getSimpleName` gives them (roth's plain objects' `Object`).
            class_names: unit
                .classes
                .iter()
                .zip(&binary_names)
                .map(|(c, binary)| match binary.as_str() {
                    "java.lang.Object" => "Object".to_string(),
                    _ => c.name.clone(),
                })
                .collect(),
            fieldless: (0..unit.classes.len() as u32)
                .map(|c| unit.classes[c as usize].is_closure || Some(c) == class_class)
                .collect(),
            class_class,
            binary_names,
            views: Default::default(),
            control_relevance: Default::default(),
        };
        // Function indices first, so calls can refer to any method.
        let mut next = 0u32;
        for class in &unit.classes {
            let mut idx = Vec::new();
            for m in &class.methods {
                if m.body.is_ok() {
                    idx.push(Some(next));
                    next += 1;
                } else {
                    idx.push(None);
                }
            }
            program.index.push(idx);
        }
        // Each class's static initializer and default constructor come after the methods
        // (known before any code is compiled: a method may make an object), then the
        // initializer blocks.
        for ci in 0..unit.classes.len() as u32 {
            program.initializers.push(next + 2 * ci);
            program.field_setups.push(next + 2 * ci + 1);
        }
        let mut next_block = next + 2 * unit.classes.len() as u32;
        for class in &unit.classes {
            let mut idx = Vec::new();
            for b in &class.blocks {
                if b.body.is_ok() {
                    idx.push(Some(next_block));
                    next_block += 1;
                } else {
                    idx.push(None);
                }
            }
            program.blocks.push(idx);
        }
        program.views = super::views::Views::new(unit, &program.index, |c, f| {
            program.fields[program.field_index[c as usize][f] as usize].object_slot
        });
        // Bridges that check their arguments' classes come after the blocks.
        let bridges = bridge_functions(unit, &program.index, next_block);
        program.vtables = vtables(unit, &program.index, &all_slots, slot_count, &bridges);
        program.object_methods = object_methods(unit, &program.index);
        program.box_makers = (0..unit.classes.len() as u32)
            .filter_map(|c| {
                let primitive = unit.unboxed(c)?;
                let method = unit.classes[c as usize]
                    .methods
                    .iter()
                    .position(|m| m.name == "valueOf" && m.params == [primitive.clone()])?;
                let function = program.index[c as usize][method]?;
                Some((Kind::of(&primitive), c, function))
            })
            .collect();
        program.no_arg_constructors = unit
            .classes
            .iter()
            .enumerate()
            .map(|(ci, class)| {
                class
                    .no_arg_constructor()
                    .and_then(|m| program.index[ci][m as usize])
            })
            .collect();
        for (ci, class) in unit.classes.iter().enumerate() {
            for mi in 0..class.methods.len() {
                let m = &class.methods[mi];
                if let Ok(body) = &m.body {
                    let f = FunctionCompiler::compile(
                        &mut program,
                        (ci as u32, class),
                        m,
                        body,
                        probes.map(|p| (p, ci as u32, mi as u32)),
                    );
                    program.functions.push(f);
                }
            }
        }
        for (ci, class) in unit.classes.iter().enumerate() {
            let f = FunctionCompiler::static_initializer(&mut program, ci as u32, class);
            debug_assert_eq!(program.initializers[ci], program.functions.len() as u32);
            program.functions.push(f);
            let f = FunctionCompiler::field_setup(&mut program, ci as u32, class);
            debug_assert_eq!(program.field_setups[ci], program.functions.len() as u32);
            program.functions.push(f);
        }
        for (ci, class) in unit.classes.iter().enumerate() {
            for (bi, block) in class.blocks.iter().enumerate() {
                if let Ok(body) = &block.body {
                    debug_assert_eq!(program.blocks[ci][bi], Some(program.functions.len() as u32));
                    let f = FunctionCompiler::block(&mut program, (ci as u32, class), block, body);
                    program.functions.push(f);
                }
            }
        }
        for bridge in &bridges {
            debug_assert_eq!(bridge.function, program.functions.len() as u32);
            program.functions.push(bridge.code());
        }
        program
    }

    pub(super) fn intern(&mut self, s: &Arc<[u16]>) -> u32 {
        if let Some(i) = self.strings.iter().position(|x| x == s) {
            return i as u32;
        }
        self.strings.push(s.clone());
        (self.strings.len() - 1) as u32
    }
}

/// The classes whose static initializers run before each run, in order: those of roth's model
/// of the JDK first, then the code base's. The JVM initializes a class at its first use, so a
/// code base's `static final List<String> NAMES = new ArrayList<>()` or `static final
/// BigDecimal RATE = new BigDecimal("0.07")` finds the JDK's classes set up; the model's own
/// static state never depends on the code base's. The library's throwables (after the code
/// base's classes) have no static state.
fn initialization_order(unit: &Unit) -> Vec<u32> {
    let initialized = unit
        .classes
        .iter()
        .position(|c| c.library.is_some())
        .unwrap_or(unit.classes.len()) as u32;
    let (model, own): (Vec<u32>, Vec<u32>) = (0..initialized).partition(|&c| unit.is_library(c));
    model.into_iter().chain(own).collect()
}

/// Whether the statement is the call of the superclass's constructor.
fn is_super_constructor(s: &Stmt) -> bool {
    matches!(
        &s.kind,
        StmtKind::Expr(Expr {
            kind: ExprKind::SuperConstructor { .. },
            ..
        })
    )
}

/// Whether a constructor's body starts by calling another constructor of its class
/// (`this(...)`, which the front end makes a call of that constructor).
fn starts_with_this_call(info: &Class, stmts: &[Stmt]) -> bool {
    match stmts.first().map(|s| &s.kind) {
        Some(StmtKind::Expr(Expr {
            kind: ExprKind::Call { method, .. },
            ..
        })) => info.methods[method.method as usize].is_constructor,
        _ => false,
    }
}

/// Where jumps of a `break` or `continue` go, filled in as the target is compiled.
#[derive(Default)]
pub(super) struct JumpLists {
    breaks: Vec<usize>,
    continues: Vec<usize>,
}

pub(super) struct FunctionCompiler<'p> {
    pub(super) program: &'p mut Compiled,
    pub(super) code: Vec<Instr>,
    pub(super) template: Vec<i64>,
    /// Registers of locals are their ids; temporaries follow.
    pub(super) next_temp: u32,
    max_temp: u32,
    pub(super) kind_lists: Vec<Vec<Kind>>,
    switches: Vec<SwitchTable>,
    jumps: HashMap<NodeId, JumpLists>,
    constants: HashMap<i64, Reg>,
    probes: Option<(&'p ProbeSites, u32, u32)>,
    local_types: Vec<Type>,
    /// The register of `this` (instance methods and constructors).
    pub(super) this_reg: Option<Reg>,
    /// The `try` statements being compiled, outermost first.
    pub(super) tries: Vec<TryContext>,
    /// The statements `break` and `continue` may leave, outermost first.
    pub(super) open_targets: Vec<NodeId>,
    pub(super) handlers: Vec<Handler>,
}

impl<'p> FunctionCompiler<'p> {
    fn compile(
        program: &'p mut Compiled,
        (class, info): (u32, &Class),
        method: &Method,
        body: &Body,
        probes: Option<(&'p ProbeSites, u32, u32)>,
    ) -> Function {
        let mut types: Vec<Type> = body.locals.iter().map(|l| l.ty.clone()).collect();
        // `this` sits after the locals, so that locals keep their ids as registers.
        let this_reg = (!method.is_static).then(|| {
            types.push(Type::Class(ClassType::plain(class, info.name.as_str())));
            types.len() as u32 - 1
        });
        let mut c = FunctionCompiler::empty(program, types, probes);
        c.this_reg = this_reg;
        // A constructor that does not start with `this(...)` runs the instance field
        // initializers first (after `Object()`, JLS §12.5); they are not the method's code,
        // so they record no coverage.
        // With a superclass, `super(...)` (written or implied) comes first (JLS §12.5).
        let mut stmts = &body.stmts[..];
        // An inner class's enclosing instance and a local class's captured values are
        // stored before anything else.
        while method.is_constructor
            && let Some(store) = stmts.first().filter(|s| info.stores_hidden_field(class, s))
        {
            c.stmts(std::slice::from_ref(store));
            stmts = &stmts[1..];
        }
        if method.is_constructor && !starts_with_this_call(info, stmts) {
            if let Some(first) = stmts.first().filter(|s| is_super_constructor(s)) {
                c.stmts(std::slice::from_ref(first));
                stmts = &stmts[1..];
            }
            let probes = c.probes.take();
            c.field_initializers(class, info, false);
            c.probes = probes;
        }
        c.stmts(stmts);
        c.code.push(Instr::ReturnVoid);
        c.finish(method.signature(), method.params.len() as u32)
    }

    /// The static initializer of a class: its static fields' initializers, in order.
    fn static_initializer(program: &'p mut Compiled, class: u32, info: &Class) -> Function {
        let mut c = FunctionCompiler::empty(program, Vec::new(), None);
        c.field_initializers(class, info, true);
        c.code.push(Instr::ReturnVoid);
        c.finish(format!("<clinit {}>", info.name), 0)
    }

    /// The instance field initializers of a class as a function of `this`.
    fn field_setup(program: &'p mut Compiled, class: u32, info: &Class) -> Function {
        let this = Type::Class(ClassType::plain(class, info.name.as_str()));
        // The default constructor of an inner or local class takes its synthetic fields'
        // values (the enclosing instance, the captured locals) and stores them first, as
        // its declared ones do.
        let hidden: Vec<(u32, Type)> = info
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.is_synthetic && !f.is_static)
            .map(|(k, f)| (k as u32, f.ty.clone()))
            .collect();
        let mut types: Vec<Type> = hidden.iter().map(|(_, ty)| ty.clone()).collect();
        types.push(this);
        let this_reg = types.len() as u32 - 1;
        let mut c = FunctionCompiler::empty(program, types, None);
        c.this_reg = Some(this_reg);
        for (src, (field, _)) in hidden.iter().enumerate() {
            let slot = c.object_slot(FieldRef {
                class,
                field: *field,
            });
            c.code.push(Instr::PutInstance {
                object: this_reg,
                slot,
                src: src as u32,
            });
        }
        // The default constructor calls the superclass's constructor without arguments.
        if let Some(superclass) = info.superclass {
            c.call_constructor(superclass, None);
        }
        c.field_initializers(class, info, false);
        c.code.push(Instr::ReturnVoid);
        c.finish(format!("<init {}>", info.name), this_reg)
    }

    /// An initializer block as a function without parameters (of `this` for an instance
    /// block).
    fn block(
        program: &'p mut Compiled,
        (class, info): (u32, &Class),
        block: &InitializerBlock,
        body: &Body,
    ) -> Function {
        let mut types: Vec<Type> = body.locals.iter().map(|l| l.ty.clone()).collect();
        let this_reg = (!block.is_static).then(|| {
            types.push(Type::Class(ClassType::plain(class, info.name.as_str())));
            types.len() as u32 - 1
        });
        let mut c = FunctionCompiler::empty(program, types, None);
        c.this_reg = this_reg;
        c.stmts(&body.stmts);
        c.code.push(Instr::ReturnVoid);
        let kind = if block.is_static { "static " } else { "" };
        c.finish(
            format!("<{kind}block {}:{}>", info.name, block.span.line),
            0,
        )
    }

    /// Whether every method `e` calls has code (or is dispatched on the object's class).
    fn runnable(&self, e: &Expr) -> bool {
        let mut ok = true;
        visit_expr(e, &mut |x: &Expr| {
            if let Some(m) = x.callee() {
                let (c, k) = (m.class as usize, m.method as usize);
                let dispatched = matches!(
                    x.kind,
                    ExprKind::Call { .. } | ExprKind::InstanceCall { .. }
                ) && self.program.slots[c][k].is_some();
                ok &= self.program.index[c][k].is_some() || dispatched;
            }
        });
        ok
    }

    /// Runs on `this` the constructor `constructor` of `class` with no arguments (the one
    /// without parameters, or the default one when `None` and the class declares none).
    fn call_constructor(&mut self, class: u32, constructor: Option<u32>) {
        let constructor = constructor.or(self.program.no_arg_constructor_of(class));
        // Outside the subset: the front end refuses every method that would run this.
        if constructor.is_some_and(|k| self.program.index[class as usize][k as usize].is_none()) {
            return;
        }
        let mark = self.next_temp;
        let this = self.this_reg.expect("constructors run on `this`");
        self.construct(class, constructor, &[], this);
        self.next_temp = mark;
    }

    /// Runs the `k`th initializer block of `class` (on `this` for an instance block).
    fn call_block(&mut self, class: u32, k: usize, is_static: bool) {
        let Some(function) = self.program.blocks[class as usize][k] else {
            return;
        };
        let mark = self.next_temp;
        let receiver = (!is_static).then(|| self.this_reg.expect("instance blocks run on `this`"));
        let base = self.arguments(&[], receiver);
        let dst = self.temp();
        self.code.push(Instr::Call {
            function,
            args: base,
            dst,
        });
        self.next_temp = mark;
    }

    /// Stores the initial values of the static (or the instance) fields of a class and runs
    /// its initializer blocks of that kind, in source order.
    fn field_initializers(&mut self, class: u32, info: &Class, statics: bool) {
        let mut blocks = info
            .blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_static == statics)
            .peekable();
        for (fi, f) in info.fields.iter().enumerate() {
            while let Some((k, b)) = blocks.peek().copied()
                && b.fields_before as usize <= fi
            {
                self.call_block(class, k, statics);
                blocks.next();
            }
            // An initializer calling a method outside the subset is left out: the front end
            // refuses every method that would see what it sets.
            if let (true, Some(init)) = (f.is_static == statics, &f.init)
                && self.runnable(init)
            {
                let mark = self.next_temp;
                let src = self.expr(init);
                let field = self.program.field_index[class as usize][fi];
                if statics {
                    self.code.push(Instr::PutField { field, src });
                } else {
                    let object = self.this_reg.expect("instance initializers run on `this`");
                    let slot = self.program.fields[field as usize].object_slot;
                    self.code.push(Instr::PutInstance { object, slot, src });
                }
                // Temporaries are free again once stored.
                self.next_temp = mark;
            }
        }
        for (k, _) in blocks {
            self.call_block(class, k, statics);
        }
    }

    /// A compiler for a function whose locals have these types (their registers come first,
    /// holding Java's default values).
    fn empty(
        program: &'p mut Compiled,
        local_types: Vec<Type>,
        probes: Option<(&'p ProbeSites, u32, u32)>,
    ) -> FunctionCompiler<'p> {
        let locals = local_types.len() as u32;
        FunctionCompiler {
            program,
            code: Vec::new(),
            template: local_types
                .iter()
                .map(|t| match t {
                    Type::Float => sem::bits_f32(0.0),
                    Type::Double => sem::bits_f64(0.0),
                    _ => 0,
                })
                .collect(),
            next_temp: locals,
            max_temp: locals,
            kind_lists: Vec::new(),
            switches: Vec::new(),
            jumps: HashMap::new(),
            constants: HashMap::new(),
            probes,
            local_types,
            this_reg: None,
            tries: Vec::new(),
            open_targets: Vec::new(),
            handlers: Vec::new(),
        }
    }

    fn finish(mut self, name: String, params: u32) -> Function {
        // Constants get the slots after the last temporary.
        let first = self.max_temp;
        self.template.resize(first as usize, 0);
        let mut by_reg: Vec<(Reg, i64)> = self.constants.iter().map(|(&w, &r)| (r, w)).collect();
        by_reg.sort();
        for (_, w) in &by_reg {
            self.template.push(*w);
        }
        for instr in &mut self.code {
            for_each_reg(instr, &mut |r: &mut Reg| {
                if *r >= CONSTANT_BASE {
                    *r = first + (*r - CONSTANT_BASE);
                }
            });
        }
        Function {
            name,
            code: self.code,
            template: self.template,
            params,
            this_reg: self.this_reg,
            kind_lists: self.kind_lists,
            switches: self.switches,
            handlers: self.handlers,
        }
    }

    pub(super) fn temp(&mut self) -> Reg {
        let t = self.next_temp;
        self.next_temp += 1;
        self.max_temp = self.max_temp.max(self.next_temp);
        t
    }

    /// `n` consecutive temporaries.
    pub(super) fn temps(&mut self, n: u32) -> Reg {
        let t = self.next_temp;
        self.next_temp += n;
        self.max_temp = self.max_temp.max(self.next_temp);
        t
    }

    /// A register holding a constant word (kept in the frame template).
    pub(super) fn constant(&mut self, word: i64) -> Reg {
        if let Some(&r) = self.constants.get(&word) {
            return r;
        }
        // Constants live in their own registers past every temporary: give them fresh slots at
        // the end of the template when the frame is finished. Until then, allocate from a
        // separate high range so that temporaries never reuse them.
        let r = CONSTANT_BASE + self.constants.len() as u32;
        self.constants.insert(word, r);
        r
    }

    pub(super) fn probe(&mut self, id: NodeId) {
        if let Some((map, class, method)) = self.probes
            && let Some(&site) = map.get(&(class, method, id))
        {
            self.code.push(Instr::Probe { site });
        }
    }

    pub(super) fn here(&self) -> u32 {
        self.code.len() as u32
    }

    pub(super) fn patch(&mut self, at: usize, to: u32) {
        match &mut self.code[at] {
            Instr::Jump { to: t }
            | Instr::JumpIf { to: t, .. }
            | Instr::JumpIfNot { to: t, .. }
            | Instr::JumpUnless { to: t, .. } => *t = to,
            other => panic!("patching {other:?}"),
        }
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    pub(super) fn stmt(&mut self, s: &Stmt) {
        let mark = self.next_temp;
        self.probe(s.id);
        let is_target = matches!(
            s.kind,
            StmtKind::While { .. }
                | StmtKind::Do { .. }
                | StmtKind::For { .. }
                | StmtKind::ForEach { .. }
                | StmtKind::Switch { .. }
                | StmtKind::Labeled { .. }
        );
        if is_target {
            self.open_targets.push(s.id);
        }
        self.stmt_kind(s, mark);
        if is_target {
            self.open_targets.pop();
        }
    }

    fn stmt_kind(&mut self, s: &Stmt, mark: u32) {
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Expr(e) => {
                self.effect(e);
            }
            StmtKind::Locals(decls) => {
                for (id, init) in decls {
                    if let Some(init) = init {
                        self.expr_into(init, id.0);
                    }
                    self.next_temp = mark;
                }
            }
            StmtKind::Block(stmts) => self.stmts(stmts),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let to_else = self.branch(cond, false);
                self.next_temp = mark;
                self.stmt(then);
                match otherwise {
                    Some(o) => {
                        let skip = self.code.len();
                        self.code.push(Instr::Jump { to: 0 });
                        let else_start = self.here();
                        for j in to_else {
                            self.patch(j, else_start);
                        }
                        self.stmt(o);
                        let end = self.here();
                        self.patch(skip, end);
                    }
                    None => {
                        let end = self.here();
                        for j in to_else {
                            self.patch(j, end);
                        }
                    }
                }
            }
            StmtKind::While { cond, body } => {
                let top = self.here();
                let exits = self.branch(cond, false);
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                self.code.push(Instr::Jump { to: top });
                let end = self.here();
                for j in exits {
                    self.patch(j, end);
                }
                self.close_target(s.id, end, top);
            }
            StmtKind::Do { body, cond } => {
                let top = self.here();
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let cond_at = self.here();
                let back = self.branch(cond, true);
                for j in back {
                    self.patch(j, top);
                }
                let end = self.here();
                self.close_target(s.id, end, cond_at);
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                self.stmts(init);
                let top = self.here();
                let exits = match cond {
                    Some(c) => self.branch(c, false),
                    None => Vec::new(),
                };
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let update_at = self.here();
                for u in update {
                    self.effect(u);
                    self.next_temp = mark;
                }
                self.code.push(Instr::Jump { to: top });
                let end = self.here();
                for j in exits {
                    self.patch(j, end);
                }
                self.close_target(s.id, end, update_at);
            }
            StmtKind::ForEach {
                var,
                array,
                array_local,
                index_local,
                body,
            } => {
                self.expr_into(array, array_local.0);
                let zero = self.constant(0);
                self.code.push(Instr::Move {
                    dst: index_local.0,
                    src: zero,
                });
                let top = self.here();
                let length = self.temp();
                self.code.push(Instr::Length {
                    dst: length,
                    array: array_local.0,
                });
                let exit = self.code.len();
                self.code.push(Instr::JumpUnless {
                    op: BinaryOp::Lt,
                    kind: Kind::Int,
                    a: index_local.0,
                    b: length,
                    to: 0,
                });
                let elem_ty = array.ty.element().cloned().unwrap_or(Type::Int);
                let var_ty = self.local_types[var.0 as usize].clone();
                if var_ty == elem_ty {
                    self.code.push(Instr::Load {
                        dst: var.0,
                        array: array_local.0,
                        index: index_local.0,
                    });
                } else {
                    let t = self.temp();
                    self.code.push(Instr::Load {
                        dst: t,
                        array: array_local.0,
                        index: index_local.0,
                    });
                    self.code.push(Instr::Convert {
                        from: Kind::of(&elem_ty),
                        to: Kind::of(&var_ty),
                        dst: var.0,
                        src: t,
                    });
                }
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let next = self.here();
                let one = self.constant(1);
                self.code.push(Instr::Arith {
                    op: BinaryOp::Add,
                    kind: Kind::Int,
                    dst: index_local.0,
                    a: index_local.0,
                    b: one,
                });
                self.code.push(Instr::Jump { to: top });
                let end = self.here();
                self.patch(exit, end);
                self.close_target(s.id, end, next);
            }
            StmtKind::Labeled { body, .. } => {
                self.jumps.insert(s.id, JumpLists::default());
                self.stmt(body);
                let end = self.here();
                self.close_target(s.id, end, end);
            }
            StmtKind::Break { target } => {
                self.leave_tries(Some(*target));
                let at = self.code.len();
                self.code.push(Instr::Jump { to: 0 });
                self.jumps.entry(*target).or_default().breaks.push(at);
                self.resume_tries(Some(*target));
            }
            StmtKind::Continue { target } => {
                self.leave_tries(Some(*target));
                let at = self.code.len();
                self.code.push(Instr::Jump { to: 0 });
                self.jumps.entry(*target).or_default().continues.push(at);
                self.resume_tries(Some(*target));
            }
            StmtKind::Return(value) => match value {
                Some(v) => {
                    let mut r = self.expr(v);
                    if self.tries.iter().any(|t| t.finally.is_some()) {
                        // The value is taken before the `finally` blocks run (JLS §14.20.2).
                        let kept = self.temp();
                        self.code.push(Instr::Move { dst: kept, src: r });
                        r = kept;
                    }
                    self.leave_tries(None);
                    self.code.push(Instr::Return { src: r });
                    self.resume_tries(None);
                }
                None => {
                    self.leave_tries(None);
                    self.code.push(Instr::ReturnVoid);
                    self.resume_tries(None);
                }
            },
            StmtKind::Throw { exception, args } if args.len() == 1 => {
                let message = self.expr(&args[0]);
                let class = self
                    .program
                    .binary_names
                    .iter()
                    .position(|n| n == exception)
                    .expect("`throw new E(message)` is kept for the library's exceptions")
                    as u32;
                self.code.push(Instr::ThrowWith { class, message });
            }
            StmtKind::ThrowValue(e) => {
                let src = self.expr(e);
                self.code.push(Instr::ThrowObject { src });
            }
            StmtKind::Try {
                body,
                catches,
                finally,
            } => self.try_statement(body, catches, finally.as_deref()),
            StmtKind::Throw { exception, args } => {
                for a in args {
                    self.expr(a);
                }
                let index = match self.program.exceptions.iter().position(|e| e == exception) {
                    Some(i) => i,
                    None => {
                        self.program.exceptions.push(exception.clone());
                        self.program.exceptions.len() - 1
                    }
                };
                self.code.push(Instr::Throw {
                    exception: index as u32,
                });
            }
            StmtKind::Switch { scrutinee, groups } => {
                let v = self.expr(scrutinee);
                let table = self.switches.len() as u32;
                let is_string = scrutinee.ty == Type::String;
                self.switches.push(SwitchTable {
                    ints: Vec::new(),
                    strings: Vec::new(),
                    is_string,
                    default: 0,
                });
                self.code.push(Instr::Switch { value: v, table });
                self.next_temp = mark;
                self.jumps.insert(s.id, JumpLists::default());
                let mut default = None;
                for g in groups {
                    let start = self.here();
                    for label in &g.labels {
                        match label {
                            None => default = Some(start),
                            Some(Const::Str(s)) => self.switches[table as usize]
                                .strings
                                .push((s.clone(), start)),
                            Some(c) => self.switches[table as usize]
                                .ints
                                .push((c.bits().unwrap_or(0), start)),
                        }
                    }
                    self.stmts(&g.stmts);
                }
                let end = self.here();
                let t = &mut self.switches[table as usize];
                t.ints.sort_by_key(|(c, _)| *c);
                t.default = default.unwrap_or(end);
                self.close_target(s.id, end, end);
            }
        }
        self.next_temp = mark;
    }

    fn close_target(&mut self, id: NodeId, break_to: u32, continue_to: u32) {
        if let Some(lists) = self.jumps.remove(&id) {
            for j in lists.breaks {
                self.patch(j, break_to);
            }
            for j in lists.continues {
                self.patch(j, continue_to);
            }
        }
    }

    /// Compiles a condition; returns the jumps taken when it evaluates to `when` (to patch).
    pub(super) fn branch(&mut self, e: &Expr, when: bool) -> Vec<usize> {
        self.probe(e.id);
        match &e.kind {
            ExprKind::Literal(Const::Int(Type::Boolean, v)) => {
                if (*v != 0) == when {
                    let at = self.code.len();
                    self.code.push(Instr::Jump { to: 0 });
                    vec![at]
                } else {
                    Vec::new()
                }
            }
            ExprKind::Unary(UnaryOp::Not, inner) => self.branch(inner, !when),
            ExprKind::Binary {
                op: op @ (BinaryOp::CondAnd | BinaryOp::CondOr),
                left,
                right,
                ..
            } => {
                // && jumps out on false of either; || jumps out on true of either.
                let short = *op == BinaryOp::CondOr;
                if short == when {
                    let mut out = self.branch(left, when);
                    out.extend(self.branch(right, when));
                    out
                } else {
                    let skip = self.branch(left, !when);
                    let out = self.branch(right, when);
                    let here = self.here();
                    for j in skip {
                        self.patch(j, here);
                    }
                    out
                }
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } if op.is_comparison() => {
                let a = self.operand(left, right);
                let b = self.expr(right);
                let kind = Kind::of(op_type);
                let cmp = if when {
                    negate_comparison(*op, kind)
                } else {
                    Some(*op)
                };
                let at = self.code.len();
                match cmp {
                    Some(op) => self.code.push(Instr::JumpUnless {
                        op,
                        kind,
                        a,
                        b,
                        to: 0,
                    }),
                    None => {
                        let t = self.temp();
                        self.code.push(Instr::Compare {
                            op: *op,
                            kind,
                            dst: t,
                            a,
                            b,
                        });
                        self.code.push(Instr::JumpIf { cond: t, to: 0 });
                        return vec![at + 1];
                    }
                }
                vec![at]
            }
            _ => {
                let r = self.expr_unprobed(e);
                let at = self.code.len();
                self.code.push(if when {
                    Instr::JumpIf { cond: r, to: 0 }
                } else {
                    Instr::JumpIfNot { cond: r, to: 0 }
                });
                vec![at]
            }
        }
    }
}

/// Constant registers are numbered from here until the frame is finished.
const CONSTANT_BASE: Reg = 1 << 30;

/// The comparison that is true exactly when `op` is false (none for floating point, where
/// NaN makes both false).
fn negate_comparison(op: BinaryOp, kind: Kind) -> Option<BinaryOp> {
    if matches!(kind, Kind::Float | Kind::Double) {
        return match op {
            BinaryOp::Eq => Some(BinaryOp::Ne),
            BinaryOp::Ne => Some(BinaryOp::Eq),
            _ => None,
        };
    }
    Some(match op {
        BinaryOp::Lt => BinaryOp::Ge,
        BinaryOp::Le => BinaryOp::Gt,
        BinaryOp::Gt => BinaryOp::Le,
        BinaryOp::Ge => BinaryOp::Lt,
        BinaryOp::Eq => BinaryOp::Ne,
        BinaryOp::Ne => BinaryOp::Eq,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::code::Function;
    use super::super::testing::{compile, int, method, returns, run};
    use super::*;

    /// The compiled function of `name`.
    fn function<'p>(unit: &Unit, program: &'p Compiled, name: &str) -> &'p Function {
        let (class, method) = method(unit, name);
        let index = program.index[class as usize][method as usize].expect("compiled");
        &program.functions[index as usize]
    }

    /// Every register operand of the function's code.
    fn registers(function: &Function) -> Vec<Reg> {
        let mut out = Vec::new();
        for instr in &function.code {
            for_each_reg(&mut instr.clone(), &mut |r: &mut Reg| out.push(*r));
        }
        out
    }

    #[test]
    fn constants_sit_once_in_the_frame_template_past_the_temporaries() {
        let source = "class T { static int f(int x) { return x * 12345 + 12345 - 777; } }";
        let (unit, program) = compile(source);
        let f = function(&unit, &program, "f");
        // Each constant word once, at the end of the template, in the order first used.
        let n = f.template.len();
        assert_eq!(f.template[n - 2..], [12345, 777]);
        assert_eq!(f.template.iter().filter(|&&w| w == 12345).count(), 1);
        // The code reads the constants from those slots, and no register is left in the
        // compiler's provisional range or past the frame.
        let used = registers(f);
        assert!(used.contains(&(n as Reg - 2)) && used.contains(&(n as Reg - 1)));
        assert!(used.iter().all(|&r| (r as usize) < n), "{used:?} in {n}");
        assert_eq!(
            run(source, "f", &[int(2)]),
            returns(int(2 * 12345 + 12345 - 777))
        );
    }

    #[test]
    fn parameters_take_the_first_registers_of_the_frame() {
        let source = "class T {
            static int pick(int a, int b, int c) { return b; }
            static int first(int a) { return a; }
            static void none() { }
            static int call(int x) { return pick(x, x + 1, x + 2); }
        }";
        let (unit, program) = compile(source);
        for (name, params) in [("pick", 3), ("first", 1), ("none", 0), ("call", 1)] {
            assert_eq!(function(&unit, &program, name).params, params, "{name}");
        }
        // `return b` reads register 1 itself: no copy is made of a local.
        let pick = function(&unit, &program, "pick");
        assert!(
            matches!(pick.code[..], [Instr::Return { src: 1 }, ..]),
            "{:?}",
            pick.code
        );
        // A call passes its arguments in consecutive registers; the callee finds them in its
        // first ones.
        assert_eq!(run(source, "call", &[int(10)]), returns(int(11)));
    }

    #[test]
    fn a_loop_compiles_to_a_backward_jump_and_its_test_to_a_negated_comparison() {
        let source = "class T {
            static int sum(int n) { int s = 0; for (int i = 0; i < n; i++) { s += i; } return s; }
            static int straight(int a, int b) { if (a < b) { return a; } return b; }
        }";
        let (unit, program) = compile(source);
        let sum = function(&unit, &program, "sum");
        let backward = sum
            .code
            .iter()
            .enumerate()
            .filter(|(at, i)| matches!(i, Instr::Jump { to } if (*to as usize) <= *at))
            .count();
        assert_eq!(backward, 1, "{:?}", sum.code);
        // `i < n` leaves the loop with one jump on `!(i < n)`, no boolean made first.
        assert!(sum.code.iter().any(|i| matches!(
            i,
            Instr::JumpUnless {
                op: BinaryOp::Lt,
                kind: Kind::Int,
                ..
            }
        )));
        assert!(!sum.code.iter().any(|i| matches!(i, Instr::Compare { .. })));
        // Code without a loop jumps only forward.
        let straight = function(&unit, &program, "straight");
        assert!(straight.code.iter().enumerate().all(|(at, i)| match i {
            Instr::Jump { to }
            | Instr::JumpIf { to, .. }
            | Instr::JumpIfNot { to, .. }
            | Instr::JumpUnless { to, .. } => *to as usize > at,
            _ => true,
        }));
        assert_eq!(run(source, "sum", &[int(5)]), returns(int(10)));
        assert_eq!(run(source, "sum", &[int(0)]), returns(int(0)));
    }

    #[test]
    fn every_class_has_an_initializer_and_unsupported_methods_none() {
        let source = "class T {
            static int k = 41;
            static int next() { return k + 1; }
            static int checked(int[] x) { synchronized (x) { return x[0]; } }
        }
        class U { int v = 3; }";
        let (unit, program) = compile(source);
        let classes = unit.classes.len();
        assert_eq!(unit.file_classes(), 2);
        assert_eq!(program.initializers.len(), classes);
        assert_eq!(program.field_setups.len(), classes);
        // Every supported method, and per class its static initializer and its instance
        // field initializers (the default constructor of a class that declares none).
        let supported: usize = unit
            .classes
            .iter()
            .map(|c| c.methods.iter().filter(|m| m.body.is_ok()).count())
            .sum();
        assert_eq!(program.functions.len(), supported + 2 * classes);
        // U's objects have one field, T's none.
        assert_eq!(program.layouts[..2], [vec![], vec![1]]);
        let (class, checked) = method(&unit, "checked");
        assert!(!program.can_run(class, checked));
        let (class, next) = method(&unit, "next");
        assert!(program.can_run(class, next));
        // Static fields are set by the initializer before the call.
        assert_eq!(run(source, "next", &[]), returns(int(42)));
    }

    #[test]
    fn negated_comparisons_are_exact_and_none_for_floating_point() {
        use BinaryOp::*;
        for (op, not) in [(Lt, Ge), (Le, Gt), (Gt, Le), (Ge, Lt), (Eq, Ne), (Ne, Eq)] {
            assert_eq!(negate_comparison(op, Kind::Int), Some(not));
            assert_eq!(negate_comparison(op, Kind::Long), Some(not));
        }
        // `!(x < y)` is not `x >= y` when either is NaN.
        for kind in [Kind::Float, Kind::Double] {
            assert_eq!(negate_comparison(Lt, kind), None);
            assert_eq!(negate_comparison(Ge, kind), None);
            assert_eq!(negate_comparison(Eq, kind), Some(Ne));
        }
        assert_eq!(negate_comparison(Add, Kind::Int), None);
    }

    #[test]
    fn initializer_blocks_run_with_the_field_initializers_in_source_order() {
        let source = "class T {
            static int[] table;
            static final int LIMIT;
            static { table = new int[4]; for (int i = 0; i < table.length; i++) table[i] = i * i; }
            static int k = table[3];
            static { LIMIT = k + 1; }
            String trace = \"a\";
            final int w;
            { trace = trace + \"b\"; w = trace.length(); }
            int v = w * 10;
            { trace = trace + v; }
            T() { trace = trace + \"c\"; }
            T(int x) { this(); trace = trace + x; }
            String show() { return trace + \"/\" + v + \"/\" + LIMIT; }
            static String make(int x) { return new T(x).show() + \" \" + new T().show(); }
        }";
        let (unit, _) = compile(source);
        assert_eq!(unit.classes[0].blocks.len(), 4);
        assert!(unit.classes[0].blocks.iter().all(|b| b.body.is_ok()));
        // As the JVM prints it: `this(...)` runs the blocks once, through T().
        assert_eq!(
            run(source, "make", &[int(7)]),
            returns(super::super::Value::Str(
                crate::program::reader::text::utf16("ab20c7/20/10 ab20c/20/10").into()
            ))
        );
    }

    #[test]
    fn a_block_outside_the_subset_refuses_its_class_methods_with_its_place() {
        let source = "class T {
            static int k;
            static { synchronized (T.class) { k = 1; } }
            static int get() { return k; }
        }
        class U { static int other() { return 2; } }";
        let unit = crate::program::load("T.java", source).expect("loads");
        let get = &unit.classes[0].methods[0];
        let message = &get.body.as_ref().unwrap_err().message;
        assert!(
            message
                .starts_with("its class has an initializer block outside the supported subset: 3:"),
            "{message}"
        );
        assert!(unit.classes[1].methods[0].body.is_ok());
    }
    /// A `finally` copied at a `return` (or a `break`) runs inside the `try` statements around
    /// it: what it throws is caught there, as on the JVM.
    #[test]
    fn an_exception_from_a_finally_left_by_a_jump_is_caught_around_it() {
        let source = "class T {
            static int f(int x) {
                int s = 0;
                try {
                    for (int i = 0; i < 3; i++) {
                        try {
                            if (x > 0) { return 1; }
                            if (x < 0) { break; }
                            s = 2;
                        } finally {
                            if (x > 1 || x < -1) { throw new IllegalStateException(); }
                        }
                    }
                } catch (IllegalStateException e) {
                    s = 3;
                }
                return s;
            }
        }";
        for (x, expected) in [(0, 2), (1, 1), (2, 3), (-1, 0), (-2, 3)] {
            assert_eq!(
                run(source, "f", &[int(x)]),
                returns(int(expected)),
                "f({x})"
            );
        }
    }
}
