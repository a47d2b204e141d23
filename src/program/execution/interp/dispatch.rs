//! Dispatch tables (JLS §15.12.4.4-5): one slot per erased signature of a virtual method,
//! each class's table filled from its supertypes, and the bridges through which an override
//! with another erasure is reached (checking its arguments' classes first, as `javac`'s
//! bridge methods do).

use super::code::{Function, Instr, Reg};
use crate::program::reader::ir::*;
use hashbrown::HashMap;

/// The function a class runs for one of `Object`'s methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ObjectMethod {
    /// `Object`'s own: no class from this one up overrides it.
    Inherited,
    /// The override (the nearest declaration from the class up).
    Override(u32),
    /// An override outside the subset: the run cannot go on.
    Unsupported,
}

/// The names of `Object`'s methods a class may override, in the order of
/// [`object_methods`]'s tables (`equals` takes an `Object`, the others nothing).
pub(super) const OBJECT_METHOD_NAMES: [&str; 3] = ["equals", "hashCode", "toString"];

/// Per class, what it runs for `equals(Object)`, `hashCode()` and `toString()`, in that
/// order: the first declaration met from the class up its superclasses (interfaces cannot
/// override `Object`'s methods, JLS §9.4.1.2).
pub(super) fn object_methods(unit: &Unit, index: &[Vec<Option<u32>>]) -> Vec<[ObjectMethod; 3]> {
    let declares = |class: u32, which: usize| {
        let methods = &unit.classes[class as usize].methods;
        methods.iter().position(|m| {
            let params: &[Type] = if which == 0 { &[Type::Object] } else { &[] };
            !m.is_static && m.name == OBJECT_METHOD_NAMES[which] && m.params == params
        })
    };
    (0..unit.classes.len() as u32)
        .map(|class| {
            std::array::from_fn(|which| {
                let mut at = Some(class);
                while let Some(c) = at {
                    if let Some(m) = declares(c, which) {
                        return match index[c as usize][m] {
                            Some(f) => ObjectMethod::Override(f),
                            None => ObjectMethod::Unsupported,
                        };
                    }
                    at = unit.classes[c as usize].superclass;
                }
                ObjectMethod::Inherited
            })
        })
        .collect()
}

/// Whether calls of the method are dispatched on the receiver's class: an instance method,
/// not private, not a constructor.
fn is_virtual(m: &Method) -> bool {
    !m.is_static && !m.is_private && !m.is_constructor
}

/// The dispatch slot of every virtual method: one per name and parameter types (an
/// override has its overridden method's slot), and the number of slots.
pub(super) fn dispatch_slots(unit: &Unit) -> (Vec<Vec<Vec<u32>>>, u32) {
    let mut by_signature: HashMap<(String, Vec<Type>), u32> = HashMap::new();
    let slots = unit
        .classes
        .iter()
        .map(|class| {
            class
                .methods
                .iter()
                .map(|m| {
                    if !is_virtual(m) {
                        return Vec::new();
                    }
                    // Its own erased signature first, then those it bridges.
                    let erased: Vec<Type> = m.params.iter().map(Type::erasure).collect();
                    std::iter::once(erased)
                        .chain(m.bridges.iter().cloned())
                        .map(|params| {
                            let next = by_signature.len() as u32;
                            *by_signature.entry((m.name.clone(), params)).or_insert(next)
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    (slots, by_signature.len() as u32)
}

/// A bridge (JLS §15.12.4.5): a method reached through the erased signature of a method it
/// overrides, whose arguments are checked against its own parameters' classes first
/// (`compareTo(Object)` casting to `Integer`), as `javac`'s bridge methods do.
pub(super) struct Bridge {
    /// Its function index.
    pub(super) function: u32,
    /// The method's function.
    target: u32,
    /// The method's class, its method index and which of its bridges this is.
    at: (u32, u32, usize),
    params: u32,
    /// The class each argument is cast to, where the bridge's parameter is wider.
    casts: Vec<Option<u32>>,
    returns: bool,
}

impl Bridge {
    /// Casts the arguments, calls the method on `this`, returns what it returns.
    pub(super) fn code(&self) -> Function {
        let n = self.params;
        let mut code: Vec<Instr> = self
            .casts
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                c.map(|class| Instr::CheckCast {
                    src: i as Reg,
                    class,
                })
            })
            .collect();
        // The arguments then `this` (register `n`) are already in the order a call takes.
        code.push(Instr::Call {
            function: self.target,
            args: 0,
            dst: n + 1,
        });
        code.push(if self.returns {
            Instr::Return { src: n + 1 }
        } else {
            Instr::ReturnVoid
        });
        Function {
            name: "bridge".to_string(),
            code,
            template: vec![0; n as usize + 2],
            params: n,
            this_reg: Some(n),
            kind_lists: Vec::new(),
            switches: Vec::new(),
            handlers: Vec::new(),
        }
    }
}

/// The bridges whose arguments need a check, numbered from `first`.
pub(super) fn bridge_functions(unit: &Unit, index: &[Vec<Option<u32>>], first: u32) -> Vec<Bridge> {
    let mut out = Vec::new();
    for (ci, class) in unit.classes.iter().enumerate() {
        for (mi, m) in class.methods.iter().enumerate() {
            let Some(target) = index[ci][mi] else {
                continue;
            };
            for (bi, bridged) in m.bridges.iter().enumerate() {
                let casts: Vec<Option<u32>> = bridged
                    .iter()
                    .zip(&m.params)
                    .map(|(wide, own)| {
                        let own = own.erasure();
                        own.class().filter(|_| !wide.widens_to(&own))
                    })
                    .collect();
                if casts.iter().all(Option::is_none) {
                    continue;
                }
                out.push(Bridge {
                    function: first + out.len() as u32,
                    target,
                    at: (ci as u32, mi as u32, bi),
                    params: m.params.len() as u32,
                    casts,
                    returns: m.ret != Type::Void,
                });
            }
        }
    }
    out
}

/// Each class's dispatch table: for every slot, its own implementation, else its
/// superclasses' (the nearest first), else a default method of an interface it implements.
pub(super) fn vtables(
    unit: &Unit,
    index: &[Vec<Option<u32>>],
    slots: &[Vec<Vec<u32>>],
    count: u32,
    bridges: &[Bridge],
) -> Vec<Vec<Option<u32>>> {
    (0..unit.classes.len() as u32)
        .map(|c| {
            let mut table = vec![None; count as usize];
            let mut fill = |k: u32| {
                for (mi, method_slots) in slots[k as usize].iter().enumerate() {
                    if let Some(function) = index[k as usize][mi] {
                        for (j, slot) in method_slots.iter().enumerate() {
                            // Slot 0 is the method's own; the others are its bridges.
                            let bridge = bridges
                                .iter()
                                .find(|b| j > 0 && b.at == (k, mi as u32, j - 1));
                            table[*slot as usize] = Some(bridge.map_or(function, |b| b.function));
                        }
                    }
                }
            };
            // Farthest first, so nearer classes override; interfaces' defaults only fill
            // what no class implements.
            let ancestors = unit.ancestors(c);
            let (classes, interfaces): (Vec<u32>, Vec<u32>) = ancestors
                .iter()
                .partition(|&&a| !unit.classes[a as usize].is_interface);
            for &k in interfaces.iter().rev() {
                fill(k);
            }
            for &k in classes.iter().rev() {
                fill(k);
            }
            fill(c);
            table
        })
        .collect()
}
