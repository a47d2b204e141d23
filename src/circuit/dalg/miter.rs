//! The last resort of the complete pass: a fault's test as satisfiability of its miter (the
//! good circuit, the faulty copy of the fault's fanout cone, and an active path from the fault
//! site to an output), decided by the CDCL core of [`solver::sat`](crate::solver::sat).
//!
//! The encoding follows the classic SAT-based ATPG formulation ([Larrabee 1992]; the active-path
//! clauses of TEGUS): `a(n)` marks a net on the path; `a(n)` requires the good and faulty values
//! of `n` to differ and, unless `n` is observed, some fanout in the cone to be active. Every
//! detecting input assignment satisfies it (follow one chain of differing nets back from an
//! observing output), so *unsat* is a proof of redundancy; every model is a test, and the flow
//! re-checks it by fault simulation anyway.

use std::time::Instant;

use crate::circuit::fault::{Fault, FaultSite};
use crate::circuit::netlist::{GateKind, Netlist, NodeId};
use crate::circuit::patterns::Bit;
use crate::engine::{AbortReason, Counters, Limits, Outcome};
use crate::solver::sat::{Lit, SatLimits, SatResult, Solver, Var};

use super::TestCube;

const NONE: Var = Var::MAX;

/// Searches a test for `fault` (extending `cube`, when given and not empty) by SAT.
/// `Untestable` is a proof (with a cube: no test extends it).
///
/// Under a work cap (`limits.implications`) the search is bounded by the cap alone, not by
/// `limits.backtracks`: a conflict costs the solver a few hundred propagations, a backtrack of
/// the D-algorithm 1,000 to 90,000 implications, so with the same backtrack limit the SAT
/// variant got a small share of a hard fault's rotation (b14_C: one redundant fault took four
/// rounds, 1.8 s, and the SAT variant settled it after 1,100 conflicts, 0.03 s).
pub fn generate(
    netlist: &Netlist,
    fault: Fault,
    cube: Option<&[Bit]>,
    limits: &Limits,
) -> (Outcome<TestCube>, Counters) {
    let cube = cube.filter(|c| !c.is_empty());
    let mut miter = Miter::new(netlist);
    miter.encode(fault);
    let inputs = netlist.inputs();
    if let Some(cube) = cube {
        for (&input, &bit) in inputs.iter().zip(cube) {
            let v = miter.good[input.index()];
            match bit {
                Bit::Zero if v != NONE => miter.solver.add_clause(&[Lit::neg(v)]),
                Bit::One if v != NONE => miter.solver.add_clause(&[Lit::pos(v)]),
                _ => {}
            }
        }
    }
    let result = miter.solver.solve(SatLimits {
        conflicts: limits.backtracks.filter(|_| limits.implications.is_none()),
        propagations: limits.implications,
        deadline: limits.deadline,
    });
    let stats = miter.solver.stats;
    let counters = Counters {
        decisions: stats.decisions,
        backtracks: stats.conflicts,
        implications: stats.propagations,
    };
    let outcome = match result {
        SatResult::Unsat => Outcome::Untestable,
        SatResult::Unknown => {
            let timed_out = limits.deadline.is_some_and(|d| Instant::now() >= d);
            let worked_out = limits.implications.is_some_and(|l| stats.propagations >= l);
            Outcome::Aborted(if timed_out {
                AbortReason::TimeLimit
            } else if worked_out {
                AbortReason::WorkLimit
            } else {
                AbortReason::BacktrackLimit
            })
        }
        SatResult::Sat => {
            let test = inputs
                .iter()
                .enumerate()
                .map(|(k, &input)| {
                    if let Some(&bit) = cube.and_then(|c| c.get(k))
                        && bit != Bit::X
                    {
                        return bit;
                    }
                    let v = miter.good[input.index()];
                    match (v != NONE).then(|| miter.solver.value(v)).flatten() {
                        Some(true) => Bit::One,
                        Some(false) => Bit::Zero,
                        None => Bit::X,
                    }
                })
                .collect();
            Outcome::Test(test)
        }
    };
    (outcome, counters)
}

/// The clauses of one fault's miter.
struct Miter<'a> {
    netlist: &'a Netlist,
    solver: Solver,
    /// Good-circuit variable per net, where needed.
    good: Vec<Var>,
    /// Faulty-circuit variable per net of the cone.
    faulty: Vec<Var>,
    /// Active-path variable per net of the cone.
    active: Vec<Var>,
}

impl<'a> Miter<'a> {
    fn new(netlist: &'a Netlist) -> Miter<'a> {
        let n = netlist.len();
        Miter {
            netlist,
            solver: Solver::new(),
            good: vec![NONE; n],
            faulty: vec![NONE; n],
            active: vec![NONE; n],
        }
    }

    fn encode(&mut self, fault: Fault) {
        let nl = self.netlist;
        let net = fault.net(nl);
        let (root, stuck_pin) = match fault.site {
            FaultSite::Stem(n) => (Some(n), None),
            FaultSite::Branch(pin) => (Some(pin.gate), Some(pin.pin as usize)),
            // Observed at its own pseudo-output only: excitation is detection.
            FaultSite::DffInput(_) => (None, None),
        };

        // The fanout cone of the fault site, in topological (index) order.
        let mut cone: Vec<NodeId> = Vec::new();
        if let Some(root) = root {
            let mut in_cone = vec![false; nl.len()];
            let mut stack = vec![root];
            in_cone[root.index()] = true;
            while let Some(n) = stack.pop() {
                cone.push(n);
                for pin in nl.fanouts(n) {
                    if !in_cone[pin.gate.index()] {
                        in_cone[pin.gate.index()] = true;
                        stack.push(pin.gate);
                    }
                }
            }
            cone.sort_unstable();
        }

        // Good values: the fault net and everything the cone reads.
        let mut needed: Vec<NodeId> = vec![net];
        for &n in &cone {
            needed.push(n);
            needed.extend_from_slice(nl.fanins(n));
        }
        self.good_cone(needed);

        // Excitation.
        let g = self.good[net.index()];
        self.solver.add_clause(&[Lit::with(g, !fault.stuck_at)]);
        let Some(root) = root else {
            return;
        };

        // The faulty copy of the cone.
        for &n in &cone {
            self.faulty[n.index()] = self.solver.new_var();
        }
        let constant = self.solver.new_var();
        self.solver
            .add_clause(&[Lit::with(constant, fault.stuck_at)]);
        for &n in &cone {
            let f = Lit::pos(self.faulty[n.index()]);
            if n == root && stuck_pin.is_none() {
                self.solver
                    .add_clause(&[Lit::with(self.faulty[n.index()], fault.stuck_at)]);
                continue;
            }
            let kind = nl
                .gate_kind(n)
                .expect("a cone below a site is made of gates");
            let ins: Vec<Lit> = nl
                .fanins(n)
                .iter()
                .enumerate()
                .map(|(k, &m)| {
                    if n == root && Some(k) == stuck_pin {
                        Lit::pos(constant)
                    } else if self.faulty[m.index()] != NONE {
                        Lit::pos(self.faulty[m.index()])
                    } else {
                        Lit::pos(self.good[m.index()])
                    }
                })
                .collect();
            encode_gate(&mut self.solver, kind, &ins, f);
        }

        // The active path.
        for &n in &cone {
            self.active[n.index()] = self.solver.new_var();
        }
        for &n in &cone {
            let i = n.index();
            let a = self.active[i];
            let (g, f) = (self.good[i], self.faulty[i]);
            self.solver
                .add_clause(&[Lit::neg(a), Lit::pos(g), Lit::pos(f)]);
            self.solver
                .add_clause(&[Lit::neg(a), Lit::neg(g), Lit::neg(f)]);
            if !nl.is_observed(n) {
                let mut clause = vec![Lit::neg(a)];
                clause.extend(
                    nl.fanouts(n)
                        .iter()
                        .map(|pin| Lit::pos(self.active[pin.gate.index()])),
                );
                self.solver.add_clause(&clause);
            }
        }
        self.solver
            .add_clause(&[Lit::pos(self.active[root.index()])]);
    }

    /// Good-circuit variables and gate clauses for `needed` and everything it depends on.
    fn good_cone(&mut self, mut stack: Vec<NodeId>) {
        let nl = self.netlist;
        let mut order: Vec<NodeId> = Vec::new();
        while let Some(n) = stack.pop() {
            if self.good[n.index()] != NONE {
                continue;
            }
            self.good[n.index()] = self.solver.new_var();
            order.push(n);
            stack.extend_from_slice(nl.fanins(n));
        }
        for n in order {
            if let Some(kind) = nl.gate_kind(n) {
                let ins: Vec<Lit> = nl
                    .fanins(n)
                    .iter()
                    .map(|&m| Lit::pos(self.good[m.index()]))
                    .collect();
                encode_gate(&mut self.solver, kind, &ins, Lit::pos(self.good[n.index()]));
            }
        }
    }
}

/// Clauses for `out = kind(ins)`.
fn encode_gate(solver: &mut Solver, kind: GateKind, ins: &[Lit], out: Lit) {
    match kind {
        GateKind::And => and(solver, ins, out),
        GateKind::Nand => and(solver, ins, !out),
        // a OR b = NOT (NOT a AND NOT b)
        GateKind::Or | GateKind::Nor => {
            let negated: Vec<Lit> = ins.iter().map(|&l| !l).collect();
            let y = if kind == GateKind::Or { !out } else { out };
            and(solver, &negated, y);
        }
        GateKind::Buf => equal(solver, ins[0], out),
        GateKind::Not => equal(solver, ins[0], !out),
        GateKind::Xor | GateKind::Xnor => {
            let mut acc = ins[0];
            for &x in &ins[1..] {
                let t = Lit::pos(solver.new_var());
                // t = acc XOR x
                solver.add_clause(&[!t, acc, x]);
                solver.add_clause(&[!t, !acc, !x]);
                solver.add_clause(&[t, !acc, x]);
                solver.add_clause(&[t, acc, !x]);
                acc = t;
            }
            let y = if kind == GateKind::Xor { out } else { !out };
            equal(solver, acc, y);
        }
    }
}

/// `out = AND(ins)`.
fn and(solver: &mut Solver, ins: &[Lit], out: Lit) {
    let mut all = vec![out];
    for &x in ins {
        solver.add_clause(&[!out, x]);
        all.push(!x);
    }
    solver.add_clause(&all);
}

fn equal(solver: &mut Solver, a: Lit, b: Lit) {
    solver.add_clause(&[!a, b]);
    solver.add_clause(&[a, !b]);
}
