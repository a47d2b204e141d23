//! The gate model's side of the generic search ([`engine::Model`]): the next subtask (after
//! recursive learning, justification first or once the error is observed, unique sensitization
//! through the D-frontier's dominators), its alternatives, applying one, backtracking along the
//! trail, and explaining failures to the engine.

use bitvec::prelude::*;
use bumpalo::Bump;

use super::model::{
    Alternative, FAULTY, Failure, GOOD, GateModel, Item, Reason, Subtask, TestCube, X,
};
use crate::circuit::netlist::NodeId;
use crate::engine::{self, Conflict, Next, SubtaskKind};

impl engine::Model for GateModel<'_> {
    type Subtask<'b> = Subtask<'b>;
    type Alternative<'b> = Alternative<'b>;
    type Test = TestCube;

    fn kind(subtask: &Subtask<'_>) -> SubtaskKind {
        match subtask {
            Subtask::Excite => SubtaskKind::Excitation,
            Subtask::Propagate(_) => SubtaskKind::Propagation,
            Subtask::Justify { .. } | Subtask::Decide { .. } => SubtaskKind::Justification,
        }
    }

    fn level(&self) -> usize {
        self.trail.level()
    }

    fn backtrack_to(&mut self, level: usize) {
        // Work queued by assignments being undone is stale: an alternative whose assignments
        // clash before implication runs leaves the gates and learned implications they queued,
        // and the next alternative's implication would apply them with premises no longer true
        // (a learned implication of an undone value made a testable fault look untestable).
        self.clear_queue();
        let (values, flags) = (&mut self.values, &mut self.flags);
        let (levels, positions, whys) = (&mut self.level, &mut self.position, &mut self.why);
        self.trail.undo_to(level, |e| {
            let i = e.node as usize;
            values[i] = e.values;
            flags[i] = e.flags;
            levels[i] = e.level;
            positions[i] = e.position;
            whys[i] = e.why;
        });
        while self.marks.last().is_some_and(|&m| m >= level) {
            self.marks.pop();
        }
        while let Some(&(at, len)) = self.region_marks.last() {
            if at < level {
                break;
            }
            self.region_reasons.truncate(len);
            self.region_marks.pop();
        }
    }

    fn next<'b>(&mut self, arena: &'b Bump) -> Next<Subtask<'b>, TestCube> {
        self.failure = None;
        if self.start_conflict {
            self.failure = Some(Failure::Values(Vec::new()));
            return Next::DeadEnd;
        }
        let t = self.target();
        loop {
            match self.values[t.excite_net.index()][GOOD] {
                X => return Next::Subtask(Subtask::Excite),
                v if v == t.stuck => {
                    self.failure = Some(Failure::Values(vec![(t.excite_net, GOOD)]));
                    return Next::DeadEnd;
                }
                _ => {}
            }
            if self.learning_depth > 0 {
                match self.recursive_learning(self.learning_depth) {
                    Err(Conflict) => return Next::DeadEnd,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if self.justify_first
                && let Some(subtask) = self.justification(arena)
            {
                return Next::Subtask(subtask);
            }
            if self.observed() {
                return match self.justification(arena) {
                    Some(subtask) => Next::Subtask(subtask),
                    None => Next::Found(self.test_cube()),
                };
            }
            let frontier = self.d_frontier();
            if frontier.is_empty() {
                let now = self.trail.level() as u32;
                let items = self
                    .frontier_reason(&[])
                    .unwrap_or_else(|| vec![Item::Region(now)]);
                self.failure = Some(Failure::Blocked(items));
                return Next::DeadEnd;
            }
            // Every error path goes through a D-frontier gate, hence through the gates that
            // dominate them all: their inputs no error can reach are mandatory (unique
            // sensitization, extended from one frontier gate to the whole frontier).
            if let Some(common) = self
                .analysis
                .dominators
                .common(frontier.iter().map(|&(g, _)| g))
            {
                let gates: Vec<NodeId> = frontier.iter().map(|&(g, _)| g).collect();
                let now = self.trail.level() as u32;
                let reason = self
                    .frontier_reason(&gates)
                    .unwrap_or_else(|| vec![Item::Region(now)]);
                match self.sensitize(common, reason) {
                    Err(Conflict) => return Next::DeadEnd,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            return Next::Subtask(Subtask::Propagate(arena.alloc_slice_copy(&frontier)));
        }
    }

    fn alternative<'b>(
        &mut self,
        subtask: &mut Self::Subtask<'b>,
        index: usize,
    ) -> Option<Self::Alternative<'b>> {
        match *subtask {
            Subtask::Excite => (index == 0).then_some(Alternative::Excite),
            Subtask::Propagate(list) => {
                list.get(index)
                    .map(|&(gate, polarity)| Alternative::Propagate {
                        gate,
                        polarity,
                        before: &list[..index],
                    })
            }
            Subtask::Justify {
                circuit,
                value,
                nets,
                ..
            } => (index < nets.len()).then_some(Alternative::Justify {
                circuit,
                value,
                nets,
                k: index,
            }),
            Subtask::Decide {
                circuit,
                net,
                first,
                ..
            } => (index < 2).then_some(Alternative::Assign {
                circuit,
                net,
                value: if index == 0 { first } else { 1 - first },
            }),
        }
    }

    fn exhausted_completely(&self, _subtask: &Subtask<'_>) -> bool {
        // Gate cubes are finite and every list above covers all of them.
        true
    }

    fn apply(&mut self, alternative: Alternative<'_>) -> Result<(), Conflict> {
        self.failure = None;
        self.marks.push(self.trail.level());
        let result = match alternative {
            Alternative::Excite => {
                let t = self.target();
                // The dominators' side inputs are assigned before the excitation value is
                // propagated: where they contradict it (a chain of gates sharing one side
                // input, whose every branch but the last is redundant), the conflict is found
                // at once instead of after implying the whole circuit. Implication reaches the
                // same fixpoint in either order.
                self.assign(t.excite_net, GOOD, 1 - t.stuck, Reason::Decision)
                    .and_then(|()| match t.root {
                        // The gate of a branch fault must pass the error on; so must every
                        // dominator of the fault site.
                        Some(root) if t.branch.is_some() => {
                            let reason = vec![Item::Lit(t.excite_net, GOOD)];
                            self.sensitize(root, reason).map(|_| ())
                        }
                        Some(root) => match self.analysis.dominators.chain(root).next() {
                            Some(d) => {
                                let reason = vec![Item::Lit(t.excite_net, GOOD)];
                                self.sensitize(d, reason).map(|_| ())
                            }
                            None => Ok(()),
                        },
                        None => Ok(()),
                    })
                    .and_then(|()| self.propagate())
                    .and_then(|()| {
                        // Necessary assignments for detecting the fault, deeper and deeper:
                        // a conflict here proves it untestable without any search.
                        for depth in 1..=self.root_learning_depth {
                            while self.recursive_learning(depth)? {}
                        }
                        Ok(())
                    })
            }
            Alternative::Propagate {
                gate,
                polarity,
                before,
            } => before
                .iter()
                .filter(|&&(g, _)| g != gate)
                .try_for_each(|&(g, _)| self.forbid(g))
                .and_then(|()| self.assign(gate, GOOD, u8::from(polarity), Reason::Decision))
                .and_then(|()| self.assign(gate, FAULTY, u8::from(!polarity), Reason::Decision)),
            Alternative::Justify {
                circuit,
                value,
                nets,
                k,
            } => {
                let mut r = Ok(());
                for &n in &nets[..k] {
                    r = r.and_then(|()| self.assign(n, circuit, 1 - value, Reason::Decision));
                }
                r.and_then(|()| self.assign(nets[k], circuit, value, Reason::Decision))
            }
            Alternative::Assign {
                circuit,
                net,
                value,
            } => self.assign(net, circuit, value, Reason::Decision),
        };
        match result {
            Ok(()) => self.propagate(),
            Err(conflict) => {
                self.clear_queue();
                Err(conflict)
            }
        }
    }

    fn implications(&self) -> u64 {
        self.implications
    }

    fn explain_subtask(&mut self, subtask: &Subtask<'_>) -> Option<BitVec> {
        let failure = match *subtask {
            // Exciting the fault and choosing both values of one net need no premise.
            Subtask::Excite | Subtask::Decide { .. } => return Some(BitVec::new()),
            // The D-frontier is what the values around the error make it.
            Subtask::Propagate(list) => {
                let gates: Vec<NodeId> = list.iter().map(|&(g, _)| g).collect();
                let now = self.trail.level() as u32;
                Failure::Blocked(
                    self.frontier_reason(&gates)
                        .unwrap_or_else(|| vec![Item::Region(now)]),
                )
            }
            // One open input must take the controlling value because the output is controlled
            // and the inputs already set are not.
            Subtask::Justify { gate, circuit, .. } => {
                let netlist = self.analysis.netlist;
                let mut literals = vec![(gate, circuit)];
                let branch = self.target.and_then(|t| t.branch);
                for (p, &f) in netlist.fanins(gate).iter().enumerate() {
                    let stuck_pin = circuit == FAULTY
                        && branch.is_some_and(|b| b.gate == gate && b.pin as usize == p);
                    if !stuck_pin {
                        literals.push((f, circuit));
                    }
                }
                Failure::Values(literals)
            }
        };
        // A premise is not a nogood: only it together with the failures of every
        // alternative is contradictory. Nothing to learn here.
        Some(self.explain_failure(failure, false))
    }

    fn explain(&mut self) -> Option<BitVec> {
        let failure = self.failure.take()?;
        Some(self.explain_failure(failure, true))
    }
}
