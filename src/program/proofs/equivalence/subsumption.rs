//! Subsumption between two mutants of one statement ([Kapoor 2011]'s mutant hierarchy):
//! every input that kills one kills the other, proved in a region around both with the
//! questions of the region rule, asked of both mutants at once. The mutant hierarchy
//! ([`crate::program::mutants::hierarchy`]) collapses mutants with it.

use crate::program::mutants::mutant::Mutant;
use crate::program::reader::ir::{Body, StmtKind};

use super::MethodProver;
use super::prover::{Check, Refused};

impl<'u> MethodProver<'u> {
    /// Whether every input that kills mutant `k` also kills mutant `j` (both of this method,
    /// both changing the same statement: Kapoor's intra-location mutants), proved in a region
    /// around both: `Ok(Some(depth))` when proved, `Ok(None)` when no region tried proves it.
    ///
    /// Sound only because the region runs at most once per call of a method that nothing in
    /// the class calls (not inside a loop, the method neither recursive nor a helper): a run of
    /// `k` is the original's up to the region; if the region's outputs equal the original's
    /// there, `k` is not killed; if they differ, the query showed `j`'s outputs equal `k`'s,
    /// and both then run the original's code from the same state to the same outcome.
    pub fn subsumes(&mut self, k: &Mutant, j: &Mutant) -> Result<Option<usize>, String> {
        use crate::program::proofs::regions::{Part, find_again, ladder};
        /// Regions tried around both sites (the smallest that holds both, and the next ones).
        const TRIES: usize = 1;
        if self.called {
            return Err("the method is called from the class: its regions may run again".into());
        }
        let body = self.body;
        fn mutated(m: &Mutant) -> Result<&Body, String> {
            m.mutated
                .as_ref()
                .and_then(|f| f.body.as_ref().ok())
                .ok_or_else(|| format!("mutant {} has no supported method", m.id))
        }
        let (body_k, body_j) = (mutated(k)?, mutated(j)?);
        let (site_k, site_j) = ((k.start, k.end), (j.start, j.end));
        let innermost = |site| {
            crate::program::proofs::regions::chain(body, site)
                .last()
                .map(|&(list, i)| (list[i].span.start, list[i].span.end))
        };
        if innermost(site_k) != innermost(site_j) {
            return Err("the mutants change different statements".into());
        }
        let delta = |m: &Mutant| m.replacement.len() as i64 - (m.end as i64 - m.start as i64);
        let mut tried = 0;
        for (depth, part) in ladder(body, site_k).iter().enumerate() {
            let span = part.span();
            if !(span.0 <= site_j.0 && site_j.1 <= span.1)
                || repeats(body, span)
                || self.too_large.contains(&span)
            {
                continue;
            }
            // One condition or one simple statement (Kapoor's location); a compound
            // statement's region holds whole branches, which cost more than the saving.
            if let Part::Stmts(stmts) = part
                && stmts.iter().any(|s| !s.substatements().is_empty())
            {
                break;
            }
            if let Part::Loop(_) = part {
                // Its entry constraint is one mutant's infection, not a pair's.
                continue;
            }
            let (Some(again_k), Some(again_j)) = (
                find_again(body_k, part, site_k, delta(k)),
                find_again(body_j, part, site_j, delta(j)),
            ) else {
                continue;
            };
            let live = match part {
                Part::Expr { .. } => None,
                Part::Stmts(_) | Part::Loop(_) => Some(self.liveness.after(span)),
            };
            // A subsumption is a saving, not a verdict: a tenth of an equivalence
            // question's search.
            match self.check(part, &[again_k, again_j], live, 10) {
                Ok(Check::Proved) => return Ok(Some(depth)),
                Err(Refused::TooLarge(_)) => {
                    self.too_large.insert(span);
                }
                _ => {}
            }
            tried += 1;
            if tried == TRIES {
                break;
            }
        }
        Ok(None)
    }
}

/// Whether the code at `span` may run more than once per call: it lies inside a loop (a loop
/// that is the region itself runs once).
fn repeats(body: &Body, span: (u32, u32)) -> bool {
    crate::program::proofs::regions::chain(body, span)
        .iter()
        .any(|&(list, i)| {
            let s = &list[i];
            matches!(
                s.kind,
                StmtKind::While { .. }
                    | StmtKind::Do { .. }
                    | StmtKind::For { .. }
                    | StmtKind::ForEach { .. }
            ) && (s.span.start, s.span.end) != span
        })
}
