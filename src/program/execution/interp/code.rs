//! The register code the interpreter runs: the instruction set, a compiled method's layout
//! (its code, the frame template that holds its constants, its switch tables) and
//! [`Compiled`], a whole unit ready to run. Registers are numbered within a frame; jumps hold
//! instruction indices within their function.

use std::sync::Arc;

use hashbrown::HashMap;

use crate::program::reader::ir::*;
use crate::program::reader::semantics::Kind;

pub(super) type Reg = u32;

/// One instruction. Jumps hold instruction indices within their function.
#[derive(Clone, Debug)]
pub(super) enum Instr {
    Str {
        dst: Reg,
        index: u32,
    },
    Move {
        dst: Reg,
        src: Reg,
    },
    Arith {
        op: BinaryOp,
        kind: Kind,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Compare {
        op: BinaryOp,
        kind: Kind,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    Neg {
        kind: Kind,
        dst: Reg,
        src: Reg,
    },
    BitNot {
        dst: Reg,
        src: Reg,
    },
    Not {
        dst: Reg,
        src: Reg,
    },
    Convert {
        from: Kind,
        to: Kind,
        dst: Reg,
        src: Reg,
    },
    Jump {
        to: u32,
    },
    JumpIf {
        cond: Reg,
        to: u32,
    },
    JumpIfNot {
        cond: Reg,
        to: u32,
    },
    /// Jumps when `a op b` is false.
    JumpUnless {
        op: BinaryOp,
        kind: Kind,
        a: Reg,
        b: Reg,
        to: u32,
    },
    NewArray {
        elem: Kind,
        dst: Reg,
        lengths: Reg,
        count: u32,
        depth: u32,
    },
    ArrayLiteral {
        dst: Reg,
        items: Reg,
        count: u32,
        /// The kind of the elements (see the heap's arrays).
        elem: Kind,
    },
    Load {
        dst: Reg,
        array: Reg,
        index: Reg,
    },
    Store {
        array: Reg,
        index: Reg,
        src: Reg,
    },
    Length {
        dst: Reg,
        array: Reg,
    },
    /// A static field.
    GetField {
        dst: Reg,
        field: u32,
    },
    PutField {
        field: u32,
        src: Reg,
    },
    /// An instance field of the object in `object` (`NullPointerException` on `null`).
    GetInstance {
        dst: Reg,
        object: Reg,
        slot: u32,
    },
    PutInstance {
        object: Reg,
        slot: u32,
        src: Reg,
    },
    /// A new object of `class`, its fields at their default values.
    New {
        class: u32,
        dst: Reg,
    },
    /// `NullPointerException` when the register holds `null` (a call's receiver).
    NullCheck {
        src: Reg,
    },
    Call {
        function: u32,
        args: Reg,
        dst: Reg,
    },
    /// A call dispatched on the receiver's class (JLS §15.12.4.4): the function in the
    /// class's dispatch table at `slot`; the receiver follows the `arity` arguments.
    CallVirtual {
        slot: u32,
        args: Reg,
        arity: u32,
        dst: Reg,
    },
    /// Whether `src` holds an object of `class` or of a class extending it (`false` for
    /// `null`).
    InstanceOf {
        dst: Reg,
        src: Reg,
        class: u32,
    },
    /// The constant of enum `class` whose name is the string in `src`
    /// (`IllegalArgumentException` if none, `NullPointerException` for `null`).
    EnumValueOf {
        dst: Reg,
        src: Reg,
        class: u32,
    },
    /// `ClassCastException` unless `src` is `null` or an object of `class` or of a class
    /// extending it.
    CheckCast {
        src: Reg,
        class: u32,
    },
    Return {
        src: Reg,
    },
    ReturnVoid,
    Throw {
        exception: u32,
    },
    /// `throw new E(message)` of a library exception: the object made with the message.
    ThrowWith {
        class: u32,
        message: Reg,
    },
    /// `throw e`: the object in the register (`NullPointerException` for `null`).
    ThrowObject {
        src: Reg,
    },
    Builtin {
        f: Builtin,
        dst: Reg,
        args: Reg,
        kinds: u32,
    },
    Concat {
        dst: Reg,
        a: Reg,
        a_kind: Kind,
        b: Reg,
        b_kind: Kind,
    },
    Print {
        kind: PrintKind,
        args: Reg,
        count: u32,
        kinds: u32,
    },
    Switch {
        value: Reg,
        table: u32,
    },
    Probe {
        site: u32,
    },
}

/// A compiled method.
#[derive(Clone, Debug)]
pub(super) struct Function {
    pub(super) name: String,
    pub(super) code: Vec<Instr>,
    /// The initial frame: constants in place, everything else zero.
    pub(super) template: Vec<i64>,
    pub(super) params: u32,
    /// The register of `this` in an instance method or constructor, which a call passes
    /// after the arguments.
    pub(super) this_reg: Option<u32>,
    /// Argument kinds of builtins and prints, referred to by index.
    pub(super) kind_lists: Vec<Vec<Kind>>,
    /// Switch tables: sorted (value, target) pairs or string cases, and the default target.
    pub(super) switches: Vec<SwitchTable>,
    /// Exception handlers, innermost first: the first whose range holds the throwing
    /// instruction and whose classes include the exception's catches it.
    pub(super) handlers: Vec<Handler>,
}

/// A `catch` clause (or a `finally`'s catch-all, with no classes) as code.
#[derive(Clone, Debug)]
pub(super) struct Handler {
    /// The instructions it protects, as half-open ranges of indices.
    pub(super) ranges: Vec<(u32, u32)>,
    pub(super) classes: Vec<u32>,
    pub(super) target: u32,
    /// Where the exception object goes.
    pub(super) reg: Reg,
}

#[derive(Clone, Debug)]
pub(super) struct SwitchTable {
    pub(super) ints: Vec<(i64, u32)>,
    pub(super) strings: Vec<(Arc<[u16]>, u32)>,
    pub(super) is_string: bool,
    pub(super) default: u32,
}

/// A field slot of the compiled program.
#[derive(Clone, Debug)]
pub(super) struct FieldSlot {
    pub(super) name: String,
    pub(super) ty: Type,
    pub(super) class: u32,
    pub(super) is_static: bool,
    /// Constants and fields outside the subset are not outputs.
    pub(super) is_constant: bool,
    /// An instance field's place in its objects.
    pub(super) object_slot: u32,
    /// The compiler's (an inner class's enclosing instance): not part of what tests see.
    pub(super) is_synthetic: bool,
}

/// A unit compiled for running: every supported method, and the field initializers.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub(super) functions: Vec<Function>,
    /// `(class, method)` to function index (`None` for unsupported methods).
    pub(super) index: Vec<Vec<Option<u32>>>,
    /// The static initializer of each class: its static fields' initializers, in order.
    pub(super) initializers: Vec<u32>,
    /// The classes with static state to set up before a run, in the order their static
    /// initializers run: roth's model of the JDK first, then the code base's (the file's and
    /// its other files'); not the library's throwables, which have none.
    pub(super) initialization_order: Vec<u32>,
    /// For each class that is a box of roth's model of the JDK, the kind of value it holds
    /// (in its only instance field): a box reads back as its value.
    pub(super) box_kinds: Vec<Option<Kind>>,
    /// Whether each class is the library's (its static state is internal: no outcome shows it).
    pub(super) is_library: Vec<bool>,
    /// Each box's kind with its `valueOf` function: a value given where a reference is
    /// wanted is boxed by it, as `javac`'s autoboxing does.
    pub(super) box_makers: Vec<(Kind, u32, u32)>,
    /// The instance field initializers of each class, a function of `this`: the default
    /// constructor of a class that declares none, and what a receiver gets when its class has
    /// no constructor without parameters.
    pub(super) field_setups: Vec<u32>,
    /// Per class, the function each virtual method slot runs on its objects (`None` where
    /// the class has no implementation: an abstract class or an interface).
    pub(super) vtables: Vec<Vec<Option<u32>>>,
    /// Per class and method, the dispatch slot of an instance method that is dispatched
    /// (not static, private or a constructor).
    pub(super) slots: Vec<Vec<Option<u32>>>,
    /// The slot of `Comparable.compareTo` (of roth's model of the JDK), which a `String`
    /// answers as `String.compareTo` does: strings are not objects of the unit's classes.
    pub(super) string_compare_slot: Option<u32>,
    /// The class of `Comparable` (of roth's model of the JDK), which strings implement.
    pub(super) string_comparable: Option<u32>,
    /// Per class, what it runs for `equals`, `hashCode` and `toString` (see
    /// [`super::dispatch::object_methods`]).
    pub(super) object_methods: Vec<[super::dispatch::ObjectMethod; 3]>,
    /// Per class, itself and every class and interface it extends or implements.
    pub(super) is_a: Vec<Vec<u32>>,
    /// Per enum, the static fields holding its constants, in order (empty for a class).
    pub(super) enum_constants: Vec<Vec<u32>>,
    /// The function of each initializer block of each class (`None` when outside the
    /// subset: the class's methods are refused then).
    pub(super) blocks: Vec<Vec<Option<u32>>>,
    /// The global slots of each class's instance fields, in their order in its objects.
    pub(super) layouts: Vec<Vec<u32>>,
    /// The function of each class's declared constructor without parameters, if any.
    pub(super) no_arg_constructors: Vec<Option<u32>>,
    pub(super) fields: Vec<FieldSlot>,
    pub(super) field_index: Vec<Vec<u32>>,
    pub(super) strings: Vec<Arc<[u16]>>,
    pub(super) exceptions: Vec<String>,
    pub(super) signatures: Vec<Vec<(Vec<Type>, Type, bool)>>,
    pub(super) constructors: Vec<Vec<bool>>,
    pub(super) class_names: Vec<String>,
    /// The classes whose objects show no fields: lambdas' (see
    /// [`crate::program::reader::ir::Class::is_closure`]), whose captured values are not
    /// state a test sees, and `java.lang.Class`.
    pub(super) fieldless: Vec<bool>,
    /// The class of roth's model of `java.lang.Class`, when read.
    pub(super) class_class: Option<u32>,
    /// What `getClass().getName()` gives for each class (`java.lang.Exception`, `Bank$Overdraft`).
    pub(super) binary_names: Vec<String>,
    /// How the collections, maps and builders of the model of the JDK are shown.
    pub(super) views: super::views::Views,
    /// Which registers decide the run's future, per function (as the run's first frame and
    /// as a called one) and instruction (see [`super::endless`]): each computed when a
    /// machine checking for endless runs first needs it, then shared by every machine
    /// running this program.
    pub(super) control_relevance: std::sync::OnceLock<Box<[super::endless::Relevance]>>,
}

impl Compiled {
    /// The constructor without parameters `class` declares, if any (its method index).
    pub(super) fn no_arg_constructor_of(&self, class: u32) -> Option<u32> {
        self.constructors[class as usize]
            .iter()
            .zip(&self.signatures[class as usize])
            .position(|(&is_constructor, (params, _, _))| is_constructor && params.is_empty())
            .map(|k| k as u32)
    }

    #[cfg(test)]
    /// Compiled methods: (class, method) pairs that can run.
    pub(crate) fn can_run(&self, class: u32, method: u32) -> bool {
        self.index
            .get(class as usize)
            .and_then(|c| c.get(method as usize))
            .is_some_and(|f| f.is_some())
    }
}

/// Probe sites: (class, method, node) to the index of the site's coverage bit.
pub type ProbeSites = HashMap<(u32, u32, NodeId), u32>;

/// Calls `f` on every register operand of an instruction (ranges by their first register).
pub(super) fn for_each_reg(instr: &mut Instr, f: &mut dyn FnMut(&mut Reg)) {
    match instr {
        Instr::Str { dst, .. } | Instr::GetField { dst, .. } | Instr::New { dst, .. } => f(dst),
        Instr::NullCheck { src } | Instr::CheckCast { src, .. } => f(src),
        Instr::InstanceOf { dst, src, .. } | Instr::EnumValueOf { dst, src, .. } => {
            f(dst);
            f(src);
        }
        Instr::GetInstance { dst, object, .. } => {
            f(dst);
            f(object);
        }
        Instr::PutInstance { object, src, .. } => {
            f(object);
            f(src);
        }
        Instr::Move { dst, src }
        | Instr::Neg { dst, src, .. }
        | Instr::BitNot { dst, src }
        | Instr::Not { dst, src }
        | Instr::Convert { dst, src, .. } => {
            f(dst);
            f(src);
        }
        Instr::Arith { dst, a, b, .. }
        | Instr::Compare { dst, a, b, .. }
        | Instr::Concat { dst, a, b, .. } => {
            f(dst);
            f(a);
            f(b);
        }
        Instr::Jump { .. } | Instr::ReturnVoid | Instr::Throw { .. } | Instr::Probe { .. } => {}
        Instr::ThrowWith { message: src, .. } | Instr::ThrowObject { src } => f(src),
        Instr::JumpIf { cond, .. } | Instr::JumpIfNot { cond, .. } => f(cond),
        Instr::JumpUnless { a, b, .. } => {
            f(a);
            f(b);
        }
        Instr::NewArray { dst, lengths, .. } => {
            f(dst);
            f(lengths);
        }
        Instr::ArrayLiteral { dst, items, .. } => {
            f(dst);
            f(items);
        }
        Instr::Load { dst, array, index } => {
            f(dst);
            f(array);
            f(index);
        }
        Instr::Store { array, index, src } => {
            f(array);
            f(index);
            f(src);
        }
        Instr::Length { dst, array } => {
            f(dst);
            f(array);
        }
        Instr::PutField { src, .. } | Instr::Return { src } => f(src),
        Instr::Call { args, dst, .. }
        | Instr::CallVirtual { args, dst, .. }
        | Instr::Builtin { args, dst, .. } => {
            f(args);
            f(dst);
        }
        Instr::Print { args, .. } => f(args),
        Instr::Switch { value, .. } => f(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registers(mut instr: Instr) -> Vec<Reg> {
        let mut out = Vec::new();
        for_each_reg(&mut instr, &mut |r: &mut Reg| out.push(*r));
        out
    }

    #[test]
    fn every_register_operand_is_visited_and_nothing_else() {
        assert_eq!(
            registers(Instr::Load {
                dst: 1,
                array: 2,
                index: 3
            }),
            [1, 2, 3]
        );
        // Jump targets, table and list indices are not registers.
        assert_eq!(
            registers(Instr::JumpUnless {
                op: BinaryOp::Lt,
                kind: Kind::Int,
                a: 4,
                b: 5,
                to: 99
            }),
            [4, 5]
        );
        assert_eq!(registers(Instr::Switch { value: 6, table: 7 }), [6]);
        assert_eq!(registers(Instr::Jump { to: 8 }), Vec::<Reg>::new());
        // A range of registers by its first one.
        assert_eq!(
            registers(Instr::Call {
                function: 9,
                args: 10,
                dst: 11
            }),
            [10, 11]
        );
        let mut instr = Instr::Arith {
            op: BinaryOp::Add,
            kind: Kind::Int,
            dst: 1,
            a: 2,
            b: 3,
        };
        for_each_reg(&mut instr, &mut |r: &mut Reg| *r += 100);
        assert_eq!(registers(instr), [101, 102, 103]);
    }
}
