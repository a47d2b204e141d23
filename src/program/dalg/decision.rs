//! The edge subtasks: which edge out of a decision node the path takes. Before the effect
//! exists this is the JUST of the node's EXS (the mutated statement must still run,
//! [Zhang 2021] ch. 3.3.4, property 2, with the edge-condition assist of ch. 4.3.1.3 and the
//! indirect EXS implication of ch. 4.3.5.2); after, it is a propagation step (MEP, ch. 3.4).

use crate::engine::SubtaskKind;
use crate::solver::ExprId;

use super::model::SwDalgorithm;
use super::subtask::{Subtask, Version};
use super::walker::{Edge, To};

impl SwDalgorithm<'_> {
    /// The decision of `version`'s walker as a subtask, or `None` when implication took it
    /// (one edge left) or found the state dead (`Err`).
    pub(super) fn decide(&mut self, version: Version) -> Result<Option<Subtask>, ()> {
        let w = usize::from(version == Version::Mutant);
        let pending = self.walkers[w]
            .pending
            .as_ref()
            .expect("a pending decision");
        let (line, what) = (pending.line, pending.what);
        // Before the effect exists, the mutated statement must still run.
        let rest = self.walkers[0].work.iter().any(|x| x.contains(self.site));
        let assist = self.options.methods.edge_condition_assist;
        let edges: Vec<usize> = (0..pending.edges.len())
            .filter(|&k| {
                version != Version::Both
                    || self.excited
                    || !assist
                    || match &pending.edges[k].to {
                        To::Stop | To::Hang => false,
                        To::Go(works) => rest || works.iter().any(|x| x.contains(self.site)),
                    }
            })
            .collect();
        // An exception edge is tried last, and not at all when the solver proves it cannot
        // be taken (most divisions are by constants, most indexes checked by the loop).
        let (stops, mut edges): (Vec<usize>, Vec<usize>) = edges
            .into_iter()
            .partition(|&k| matches!(pending.edges[k].to, To::Stop));
        let stop_whens: Vec<(usize, ExprId)> =
            stops.iter().map(|&k| (k, pending.edges[k].when)).collect();
        let cut = pending.cut;
        let hang_edge = pending.edges.len();
        for (k, when) in stop_whens {
            if !self.contradicts(Some(when), self.options.check_nodes) {
                edges.push(k);
            }
        }
        let cut = cut.filter(|&c| !self.contradicts(Some(c), self.options.check_nodes));
        if let Some(c) = cut
            && self.excited
        {
            // After the effect exists, a version that would loop on is itself a candidate
            // (non-termination is observed as a timeout).
            let versions: &[usize] = if version == Version::Both {
                &[0, 1]
            } else {
                &[w]
            };
            for &v in versions {
                let p = self.walkers[v].pending.as_mut().expect("pending");
                p.edges.push(Edge {
                    arm: usize::MAX,
                    when: c,
                    to: To::Hang,
                });
            }
            edges.push(hang_edge);
        }
        let cut = cut.is_some();
        if version == Version::Both
            && !self.excited
            && let Some(k) = self.template_edge()
            && let Some(at) = edges.iter().position(|&e| e == k)
        {
            let first = edges.remove(at);
            edges.insert(0, first);
        }
        if edges.len() == 1 && !cut && self.options.methods.indirect_exs_implication {
            let index = edges.pop().expect("one edge");
            let versions: &[usize] = if version == Version::Both {
                &[0, 1]
            } else {
                &[w]
            };
            // Implied (no decision): the next decision's check sees its condition.
            for &v in versions {
                self.take(v, index).map_err(|_| ())?;
            }
            return Ok(None);
        }
        if edges.is_empty() && !cut {
            return Err(());
        }
        let kind = if self.excited {
            SubtaskKind::Propagation
        } else {
            SubtaskKind::Justification
        };
        Ok(Some(Subtask::Edge {
            version,
            edges,
            cut,
            line,
            what,
            kind,
        }))
    }
}
