//! What a model provides the campaign: a [`Workbench`] (its targets, tests, cubes and
//! simulation) and per-thread [`Worker`]s that search a test for one target. The gate-level
//! circuit implements them with stuck-at faults as targets, the program with its mutants.

use crate::engine::{Counters, Limits, Outcome};
use crate::rng::Rng;

/// A model side of the campaign: targets, tests, simulation and search.
pub trait Workbench: Sync {
    /// A fully specified test.
    type Test: Clone + Send + Sync;
    /// A partial test, with don't cares.
    type Cube: Clone + Send + Sync;
    /// A per-thread searcher.
    type Worker<'w>: Worker<Cube = Self::Cube>
    where
        Self: 'w;

    /// Number of targets.
    fn targets(&self) -> usize;
    /// `count` random tests.
    fn random_tests(&self, rng: &mut Rng, count: usize) -> Vec<Self::Test>;
    /// For each of `targets`, the index in `tests` of the first test that detects it.
    fn first_detections(&self, tests: &[Self::Test], targets: &[usize]) -> Vec<Option<usize>>;
    /// For each of `targets`, a bit mask of the tests (at most 64) that detect it.
    fn detection_masks(&self, tests: &[Self::Test], targets: &[usize]) -> Vec<u64>;
    /// Gives the don't cares of `cube` values.
    fn fill(&self, cube: &Self::Cube, rng: &mut Rng) -> Self::Test;
    /// Gives the don't cares of `cube` the values they have in `previous` (an earlier fill of
    /// a cube that `cube` extends).
    fn refill(&self, cube: &Self::Cube, previous: &Self::Test) -> Self::Test;
    /// `test` as a cube with nothing open.
    fn cube_of(&self, test: &Self::Test) -> Self::Cube;
    /// The positions (inputs) `cube` specifies, in increasing order.
    fn specified(&self, cube: &Self::Cube) -> Vec<usize>;
    /// `cube` with the given specified positions made don't cares.
    fn open(&self, cube: &Self::Cube, positions: &[usize]) -> Self::Cube;
    /// Number of don't cares left in `cube`.
    fn open_bits(&self, cube: &Self::Cube) -> usize;
    /// A new searcher.
    fn worker(&self) -> Self::Worker<'_>;
    /// Number of search variants the workers offer (the complete pass rotates through them).
    fn variants(&self) -> usize;
    /// The variants to try, in this order, for a target known to be testable (compaction
    /// builds new tests for detected targets): the searches that find tests fast, without
    /// those only worth their cost for proofs.
    fn test_variants(&self) -> Vec<usize> {
        (0..self.variants()).collect()
    }
    /// Tests near `tests` (each input nudged by one, or given another input's value), for the
    /// pool compaction chooses its cover from: the searches' tests sit on the boundaries that
    /// hard targets need, and a neighbour may sit on two at once. None by default (a circuit's
    /// regenerated cubes already merge targets).
    fn neighbours(&self, _tests: &[Self::Test]) -> Vec<Self::Test> {
        Vec::new()
    }
    /// Implications a search pass allows per backtrack of its limit, so that search variants
    /// whose backtracks cost far more than others' (recursive learning) get comparable work
    /// in the complete pass's rotation instead of most of the time (`None`: backtracks alone
    /// limit the searches).
    fn work_per_backtrack(&self) -> Option<u64> {
        None
    }
    /// What the per-target search is called in phase names.
    fn search_name(&self) -> &'static str {
        "D-algorithm"
    }
}

/// Searches tests for single targets.
pub trait Worker: Send {
    type Cube;
    /// Searches a test for `target`, extending `base` when given (then `Untestable` only means
    /// "not from this cube").
    fn generate(
        &mut self,
        target: usize,
        base: Option<&Self::Cube>,
        limits: &Limits,
        variant: usize,
    ) -> (Outcome<Self::Cube>, Counters);

    /// For each of `targets`, a bit mask of the `cubes` (at most 64) that detect it whatever
    /// values their don't cares take.
    fn cube_detections(&mut self, cubes: &[&Self::Cube], targets: &[usize]) -> Vec<u64>;

    /// For each of `targets`, a bit mask of the `cubes` (at most 64) that may detect it under
    /// some values of their don't cares. Must over-approximate: a cube left out detects the
    /// target under no fill, so no extension of it can.
    fn cube_candidates(&mut self, cubes: &[&Self::Cube], targets: &[usize]) -> Vec<u64>;

    /// For each of `targets`, whether `cube` detects it whatever its don't cares become
    /// (as [`cube_detections`](Self::cube_detections)), and if so which of its positions are
    /// enough: any cube that agrees with `cube` there detects it too. Relaxation then asks
    /// again only about targets whose positions it opens. `None` when the model cannot tell
    /// which positions suffice (then every trial asks about every target).
    fn cube_supports(
        &mut self,
        _cube: &Self::Cube,
        _targets: &[usize],
    ) -> Option<Vec<Option<Vec<usize>>>> {
        None
    }
}
