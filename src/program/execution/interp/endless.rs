//! Proving a run endless: with [`Machine::prove_endless`] on, the machine compares its state
//! at backward jumps (Brent's cycle detection); the run is deterministic, so a state seen
//! twice repeats forever and the run is a certain timeout, whatever the step limit. Only the
//! registers that can decide the run's future control are compared, found by a backward
//! dataflow over the code like liveness.

use std::sync::OnceLock;

use bitvec::vec::BitVec;

use super::code::{Compiled, Function, Instr, Reg};
use super::machine::{Frame, Machine, Object, Thrown};
use crate::program::reader::ir::BinaryOp;

/// Everything the rest of a run depends on, taken at a backward jump.
#[derive(Clone, PartialEq)]
pub(super) struct Snapshot {
    frames: Vec<Frame>,
    current: Frame,
    regs: Vec<i64>,
    heap: Vec<Object>,
    fields: Vec<i64>,
    printed: usize,
    heap_left: u64,
}

/// Brent's cycle detection over the states at backward jumps: a snapshot is kept and compared
/// with the state at every later backward jump, renewed after 1, 2, 4, ... jumps. The run is
/// deterministic, so a state seen twice repeats forever: the run never ends. (Printed text only
/// grows, so its length stands for it.)
///
/// Only the registers the run's future control depends on are compared ([`control_relevant`]):
/// a counter that only goes into the result (`swaps++` in a sort that swaps the same pair
/// forever) changes at every iteration, but cannot make the loop end.
pub(super) struct EndlessCheck<'c> {
    pub(super) saved: Option<Snapshot>,
    pub(super) since: u64,
    pub(super) period: u64,
    pub(super) proved: bool,
    /// The program, whose functions' [`Relevance`] says which registers are compared.
    program: &'c Compiled,
}

/// Per instruction, per register of one function: whether the register's value on arriving
/// at the instruction can decide the future of the run (a backward dataflow like liveness,
/// with only control-deciding reads counted as uses). Control-deciding reads: a jump's or a
/// switch's operands, those of an instruction that may throw or allocate (array accesses,
/// division, calls, built-ins, concatenation), a value written to a field, an array element or
/// printed text, and a returned value when the function runs as a callee; and the operands of
/// a pure instruction (a move, arithmetic, a comparison, a conversion) whose result is relevant
/// after it. A register left out flows only into left-out registers (or out of the run as its
/// result) before it is overwritten, so two states at the same instruction that agree on the
/// relevant registers (and on fields, heap and frames) take the same control path forever.
///
/// A function's relevance depends on whether its returned value can matter: not in the run's
/// first frame (the value is the run's result), and, taken as always, in a called frame. (A
/// whole-program fixpoint would find callers that drop the value too, but costs the analysis
/// of every function of the program, the model of the JDK included, for each mutant; the
/// per-function answer is computed only for the functions a run loops in.)
pub(super) type Relevance = [OnceLock<Vec<BitVec>>; 2];

/// The relevance of `function` run as the first frame (`called` false) or as a callee.
fn relevance_of(program: &Compiled, function: u32, called: bool) -> &[BitVec] {
    let all = program.control_relevance.get_or_init(|| {
        program
            .functions
            .iter()
            .map(|_| Default::default())
            .collect()
    });
    all[function as usize][usize::from(called)]
        .get_or_init(|| control_relevant(program, &program.functions[function as usize], called))
}

/// What one instruction does to relevance: the register it writes, the registers it reads
/// that are relevant whatever happens, and those relevant when its result is.
struct Effect {
    writes: Option<Reg>,
    always: Vec<Reg>,
    if_used: Vec<Reg>,
}

/// [`Relevance`] of one function, given whether its returned value is relevant.
fn control_relevant(program: &Compiled, function: &Function, returns_matter: bool) -> Vec<BitVec> {
    let n = function.template.len();
    let code = &function.code;
    let range = |from: Reg, count: u32| (from..from + count).collect::<Vec<Reg>>();
    let effect = |instr: &Instr| -> (Option<Reg>, Vec<Reg>, Vec<Reg>) {
        match *instr {
            Instr::Str { dst, .. } | Instr::GetField { dst, .. } | Instr::New { dst, .. } => {
                (Some(dst), vec![], vec![])
            }
            Instr::GetInstance { dst, object, .. } => (Some(dst), vec![object], vec![]),
            Instr::PutInstance { object, src, .. } => (None, vec![object, src], vec![]),
            Instr::NullCheck { src } | Instr::CheckCast { src, .. } => (None, vec![src], vec![]),
            Instr::InstanceOf { dst, src, .. } => (Some(dst), vec![], vec![src]),
            Instr::EnumValueOf { dst, src, .. } => (Some(dst), vec![src], vec![]),
            Instr::CallVirtual {
                args, arity, dst, ..
            } => (Some(dst), range(args, arity + 1), vec![]),
            Instr::Move { dst, src }
            | Instr::Neg { dst, src, .. }
            | Instr::BitNot { dst, src }
            | Instr::Not { dst, src }
            | Instr::Convert { dst, src, .. } => (Some(dst), vec![], vec![src]),
            Instr::Arith {
                op: BinaryOp::Div | BinaryOp::Rem,
                dst,
                a,
                b,
                ..
            } => (Some(dst), vec![a, b], vec![]),
            Instr::Arith { dst, a, b, .. } | Instr::Compare { dst, a, b, .. } => {
                (Some(dst), vec![], vec![a, b])
            }
            Instr::Concat { dst, a, b, .. } => (Some(dst), vec![a, b], vec![]),
            Instr::JumpIf { cond, .. } | Instr::JumpIfNot { cond, .. } => {
                (None, vec![cond], vec![])
            }
            Instr::JumpUnless { a, b, .. } => (None, vec![a, b], vec![]),
            Instr::Load { dst, array, index } => (Some(dst), vec![array, index], vec![]),
            Instr::Store { array, index, src } => (None, vec![array, index, src], vec![]),
            Instr::Length { dst, array } => (Some(dst), vec![array], vec![]),
            Instr::PutField { src, .. } | Instr::Switch { value: src, .. } => {
                (None, vec![src], vec![])
            }
            Instr::Return { src } if returns_matter => (None, vec![src], vec![]),
            Instr::NewArray {
                dst,
                lengths,
                count,
                ..
            } => (Some(dst), range(lengths, count), vec![]),
            Instr::ArrayLiteral {
                dst, items, count, ..
            } => (Some(dst), range(items, count), vec![]),
            Instr::Print { args, count, .. } => (None, range(args, count), vec![]),
            Instr::Builtin {
                dst, args, kinds, ..
            } => (
                Some(dst),
                range(args, function.kind_lists[kinds as usize].len() as u32),
                vec![],
            ),
            Instr::Call {
                function: callee,
                args,
                dst,
            } => {
                let f = &program.functions[callee as usize];
                let count = f.params + u32::from(f.this_reg.is_some());
                (Some(dst), range(args, count), vec![])
            }
            Instr::Return { .. }
            | Instr::ReturnVoid
            | Instr::Throw { .. }
            | Instr::Jump { .. }
            | Instr::Probe { .. } => (None, vec![], vec![]),
            Instr::ThrowWith { message: src, .. } | Instr::ThrowObject { src } => {
                (None, vec![src], vec![])
            }
        }
    };
    let successors = |i: usize| -> Vec<usize> {
        match &code[i] {
            Instr::Jump { to } => vec![*to as usize],
            Instr::JumpIf { to, .. }
            | Instr::JumpIfNot { to, .. }
            | Instr::JumpUnless { to, .. } => {
                vec![*to as usize, i + 1]
            }
            Instr::Switch { table, .. } => {
                let t = &function.switches[*table as usize];
                t.ints
                    .iter()
                    .map(|&(_, to)| to)
                    .chain(t.strings.iter().map(|(_, to)| *to))
                    .chain([t.default])
                    .map(|to| to as usize)
                    .collect()
            }
            Instr::Return { .. }
            | Instr::ReturnVoid
            | Instr::Throw { .. }
            | Instr::ThrowWith { .. }
            | Instr::ThrowObject { .. } => vec![],
            _ => vec![i + 1],
        }
    };
    // Each instruction's effect and successors once, not once per pass; registers past the
    // template (none are) are dropped here.
    let effects: Vec<Effect> = code
        .iter()
        .map(|instr| {
            let (writes, always, if_used) = effect(instr);
            let keep = |rs: Vec<Reg>| rs.into_iter().filter(|&r| (r as usize) < n).collect();
            Effect {
                writes: writes.filter(|&d| (d as usize) < n),
                always: keep(always),
                if_used: keep(if_used),
            }
        })
        .collect();
    let successors: Vec<Vec<usize>> = (0..code.len())
        .map(|i| {
            successors(i)
                .into_iter()
                .filter(|&j| j <= code.len())
                .collect()
        })
        .collect();
    let mut at = vec![BitVec::repeat(false, n); code.len() + 1];
    let mut before = BitVec::repeat(false, n);
    loop {
        let mut changed = false;
        for i in (0..code.len()).rev() {
            before.fill(false);
            for &j in &successors[i] {
                before |= &at[j];
            }
            let e = &effects[i];
            let used = e.writes.is_some_and(|d| before[d as usize]);
            if let Some(d) = e.writes {
                before.set(d as usize, false);
            }
            for &r in e
                .always
                .iter()
                .chain(if used { &e.if_used[..] } else { &[] })
            {
                before.set(r as usize, true);
            }
            if before != at[i] {
                at[i].copy_from_bitslice(&before);
                changed = true;
            }
        }
        if !changed {
            return at;
        }
    }
}

/// Whether the registers of `frame` in `a` and `b` agree where `relevant`.
fn same_relevant(a: &[i64], b: &[i64], frame: &Frame, relevant: &BitVec) -> bool {
    relevant
        .iter_ones()
        .all(|k| a.get(frame.base + k) == b.get(frame.base + k))
}

impl EndlessCheck<'_> {
    /// Forgets the saved state: the next backward jump starts a new search for a cycle.
    pub(super) fn restart(&mut self) {
        self.saved = None;
        self.since = 0;
        self.period = 1;
    }
}

impl<'c> Machine<'c> {
    /// Makes the next runs look for a repeated state, which proves a run that runs out of steps
    /// would never end ([`Machine::proved_endless`]). Costs a comparison at each backward jump
    /// and the control analysis of each function a run loops in, once per program: mutation
    /// analysis turns it on for mutants (an endless loop then stops in a few iterations, not
    /// at the limit).
    pub fn prove_endless(&mut self) {
        let program = self.program;
        self.endless = Some(EndlessCheck {
            saved: None,
            since: 0,
            period: 1,
            proved: false,
            program,
        });
    }

    /// Whether the last run (with [`Machine::prove_endless`] on) was stopped at a state it had
    /// been in before: its timeout is certain, whatever the step limit.
    pub fn proved_endless(&self) -> bool {
        self.endless.as_ref().is_some_and(|e| e.proved)
    }

    /// At a backward jump to `to` in `frame` (its caller frames `frames`), with endless-run
    /// checking on: a timeout when the state was seen before.
    pub(super) fn check_endless(
        &mut self,
        frames: &[Frame],
        frame: &Frame,
        to: usize,
    ) -> Result<(), Thrown> {
        let Some(check) = self.endless.as_mut() else {
            return Ok(());
        };
        let current = Frame {
            pc: to as u32,
            ..*frame
        };
        if let Some(saved) = &check.saved
            && saved.current == current
            && saved.printed == self.printed.len()
            && saved.heap_left == self.heap_left
            && saved.regs.len() == self.regs.len()
            && saved.frames == frames
            && frames
                .iter()
                .chain([&current])
                .enumerate()
                .all(|(depth, f)| {
                    let relevant = relevance_of(check.program, f.function, depth > 0);
                    same_relevant(&saved.regs, &self.regs, f, &relevant[f.pc as usize])
                })
            && saved.fields == self.fields
            && saved.heap == self.heap
        {
            check.proved = true;
            return Err(Thrown::Timeout);
        }
        check.since += 1;
        if check.saved.is_none() || check.since == check.period {
            check.saved = Some(Snapshot {
                frames: frames.to_vec(),
                current,
                regs: self.regs.clone(),
                heap: self.heap.clone(),
                fields: self.fields.clone(),
                printed: self.printed.len(),
                heap_left: self.heap_left,
            });
            check.since = 0;
            check.period = check.period.saturating_mul(2);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::outcome::{Limits, Termination, Value};
    use super::super::testing::{compile, int, method, returns};
    use super::*;

    const LOOPS: &str = "class T {
        static void spin() { while (true) { } }
        static int count(int n) { int k = 0; while (n != 0) { k++; } return k; }
        static int bounce(int n) { int a = 1; while (n > 0) { a = -a; } return a; }
        static int upTo(int n) { int i = 0; while (i < n) { i++; } return i; }
    }";

    /// How `name` ends on a machine with `steps`, whether it was proved endless, and the
    /// steps it took.
    fn run(name: &str, args: &[Value], steps: u64, prove: bool) -> (Termination, bool, u64) {
        let (unit, program) = compile(LOOPS);
        let (class, method) = method(&unit, name);
        let limits = Limits {
            steps,
            ..Limits::default()
        };
        let mut machine = Machine::new(&program, limits);
        if prove {
            machine.prove_endless();
        }
        let o = machine.run(class, method, args, &[]).unwrap();
        (o.termination, machine.proved_endless(), machine.steps())
    }

    #[test]
    fn an_endless_loop_is_a_timeout_at_the_step_limit() {
        for (name, args) in [("spin", vec![]), ("count", vec![int(1)])] {
            let (t, proved, steps) = run(name, &args, 5_000, false);
            assert_eq!(
                (t, proved, steps),
                (Termination::Timeout, false, 5_000),
                "{name}"
            );
        }
    }

    #[test]
    fn a_repeated_state_proves_the_run_endless_long_before_the_limit() {
        // `k` only goes into the result, so it does not keep the state from repeating; in
        // `bounce` the state repeats every second iteration.
        for (name, args) in [
            ("spin", vec![]),
            ("count", vec![int(1)]),
            ("bounce", vec![int(1)]),
        ] {
            let (t, proved, steps) = run(name, &args, 1_000_000, true);
            assert_eq!(t, Termination::Timeout, "{name}");
            assert!(proved && steps < 1_000, "{name}: {steps} steps");
        }
    }

    #[test]
    fn a_loop_that_ends_is_not_proved_endless() {
        // The counter decides the end: no state repeats, even when the steps run out.
        let (t, proved, _) = run("upTo", &[int(100_000)], 1_000, true);
        assert_eq!((t, proved), (Termination::Timeout, false));
        let (t, proved, _) = run("upTo", &[int(300)], 1_000_000, true);
        assert_eq!((t, proved), (returns(int(300)), false));
        // A loop not entered.
        let (t, proved, _) = run("count", &[int(0)], 1_000_000, true);
        assert_eq!((t, proved), (returns(int(0)), false));
    }

    #[test]
    fn only_control_deciding_registers_are_relevant_at_the_loop_head() {
        let (unit, program) = compile(LOOPS);
        let (class, count) = method(&unit, "count");
        let index = program.index[class as usize][count as usize].unwrap() as usize;
        let relevant = relevance_of(&program, index as u32, false);
        let function = &program.functions[index];
        // The backward jump's target is the loop head: `n` (register 0) decides whether the
        // loop ends, `k` (register 1) only what it returns.
        let head = function
            .code
            .iter()
            .enumerate()
            .find_map(|(at, i)| match i {
                Instr::Jump { to } if (*to as usize) < at => Some(*to as usize),
                _ => None,
            })
            .unwrap();
        assert!(relevant[head][0], "n");
        assert!(!relevant[head][1], "k");
    }

    /// A called function's returned value can decide its caller's future: a loop in it whose
    /// state repeats across two calls (the caller's relevant registers equal, since the
    /// result overwrites them) is not a cycle. Here `triple`'s loop starts both calls with
    /// `i == 0, s == 0`, and only `k` (which goes into the result) differs.
    #[test]
    fn a_callee_whose_result_is_used_keeps_its_returned_registers() {
        let source = "class C {\n    \
                      static int triple(int k) { int s = 0; for (int i = 0; i < 3; i++) { s += k; } return s; }\n    \
                      static int drive(int n) { int t = 1; while (t < n) { t = triple(t); } return t; }\n}\n";
        let (unit, program) = compile(source);
        let (class, drive) = method(&unit, "drive");
        let mut machine = Machine::new(&program, Limits::default());
        machine.prove_endless();
        let o = machine.run(class, drive, &[int(100)], &[]).unwrap();
        assert_eq!(o.termination, returns(int(243)));
        assert!(!machine.proved_endless());
        // As the run's first frame the result does not count; as a callee it does.
        let (_, triple) = method(&unit, "triple");
        let index = program.index[class as usize][triple as usize].unwrap();
        let first = relevance_of(&program, index, false);
        let called = relevance_of(&program, index, true);
        let k = 0;
        assert!(!first[0][k] && called[0][k], "k");
    }

    /// Taking the returned value as relevant only adds registers, at every instruction of
    /// every function (the model of the JDK included).
    #[test]
    fn a_callee_compares_at_least_the_registers_a_first_frame_does() {
        let source = "import java.util.*;\nclass W {\n    \
                      static int len(List<Integer> xs) { return xs.size(); }\n    \
                      static int grow(int n) { List<Integer> xs = new ArrayList<>(); \
                      while (len(xs) < n) xs.add(n); return xs.get(0); }\n}\n";
        let (_, program) = compile(source);
        assert!(program.functions.len() > 10, "the list's model is read");
        for f in 0..program.functions.len() as u32 {
            let first = relevance_of(&program, f, false);
            let called = relevance_of(&program, f, true);
            for (a, b) in first.iter().zip(called) {
                assert_eq!(a.clone() & b.clone(), *a, "function {f}");
            }
        }
    }
}
