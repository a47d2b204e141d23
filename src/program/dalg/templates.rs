//! Test templates ([Zhang 2021] ch. 4.3.5.1): the path that reached a mutated statement for
//! one mutant, tried first by every other mutant of that statement.

use std::sync::{Arc, Mutex};

use hashbrown::HashMap;

use crate::engine::{self, Limits};

use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::symbolic::Witness;
use crate::program::reader::ir::Unit;

use super::model::SwDalgorithm;
use super::options::Options;

impl<'m> SwDalgorithm<'m> {
    /// The search tries the edges of `template` first on its way to the mutated statement.
    pub(super) fn with_template(mut self, template: Option<Arc<[usize]>>) -> SwDalgorithm<'m> {
        self.template = template.filter(|_| self.options.methods.test_templates);
        self
    }

    /// The template's edge for the next joint decision, while the path still follows it.
    pub(super) fn template_edge(&self) -> Option<usize> {
        let template = self.template.as_ref()?;
        let here = self.path.len();
        (template.get(..here) == Some(&self.path[..]))
            .then(|| template.get(here).copied())
            .flatten()
    }
}

/// Backtracks a template's own search may take.
const TEMPLATE_BACKTRACKS: u64 = 16;

/// Test templates (§4.3.5.1): per statement that mutants change, the path of joint decisions
/// that reaches it, found once and shared by every mutant of the statement. A template is a
/// search for the statement's first mutant (in the list's order) that stops where the
/// versions first differ, so it is the same whichever search asks first, and the same on
/// every run. It only orders edges: a search that cannot follow it tries the others as
/// before, so no proof depends on it.
pub struct Templates<'m> {
    unit: &'m Unit,
    mutants: &'m [Mutant],
    /// The first mutant of each statement.
    first: HashMap<Statement, usize>,
    paths: Mutex<HashMap<Statement, Option<Arc<[usize]>>>>,
}

/// A statement as (class, method, start, end).
type Statement = (u32, u32, u32, u32);

/// The statement `m` changes (its own span where the method is not supported).
fn statement_of(unit: &Unit, m: &Mutant) -> Statement {
    m.statement(unit)
        .unwrap_or((m.class, m.method, m.start, m.end))
}

impl<'m> Templates<'m> {
    /// Templates for `mutants` of `unit` (none is searched until asked for).
    pub fn new(unit: &'m Unit, mutants: &'m [Mutant]) -> Templates<'m> {
        let mut first = HashMap::new();
        for (i, m) in mutants.iter().enumerate() {
            first.entry(statement_of(unit, m)).or_insert(i);
        }
        Templates {
            unit,
            mutants,
            first,
            paths: Mutex::new(HashMap::new()),
        }
    }

    /// The template of `m`'s statement, searched now if no search asked for it before.
    pub(super) fn template(&self, m: &Mutant, options: &Options) -> Option<Arc<[usize]>> {
        let key = statement_of(self.unit, m);
        if let Some(path) = self.paths.lock().expect("no thread panicked").get(&key) {
            return path.clone();
        }
        let path = self.reach(*self.first.get(&key)?, options);
        self.paths
            .lock()
            .expect("no thread panicked")
            .entry(key)
            .or_insert(path)
            .clone()
    }

    /// The joint decisions of a path on which mutant `first`'s versions come to differ.
    fn reach(&self, first: usize, options: &Options) -> Option<Arc<[usize]>> {
        let options = Options {
            seed: 0,
            ..options.clone()
        };
        let never = Box::new(|_: &Witness| false);
        let mut model = SwDalgorithm::new(self.unit, &self.mutants[first], options, never).ok()?;
        model.reach = true;
        let limits = Limits {
            backtracks: Some(TEMPLATE_BACKTRACKS),
            deadline: None,
            implications: None,
        };
        let arena = bumpalo::Bump::new();
        engine::search(&mut model, &arena, &limits, &mut engine::NoTrace);
        model.reached.map(Arc::from)
    }
}
