//! Teaching: the D-algorithm's search on one target, step by step, for a circuit's fault and a
//! program's mutant alike (`roth explain`).
//!
//! A trace is recorded by a [`Tracer`] on the engine's own search, not by
//! a second search: every step a student reads is one the engine took. The model-specific
//! tracers ([`circuit`], and the program's) turn the engine's events into [`Step`]s of one
//! shape: the subtask taken (excitation, propagation or justification, [Roth 1966]; MEE, MEP and
//! JUST in [Zhang 2021] ch. 3.4), the alternative chosen among how many, the values implication
//! set and what backtracking undid, the frontiers after it (D- and J-frontier; propagation
//! sites and the unjustified element list), and conflicts. From that one shape come the text,
//! the JSON, the decision tree (thesis Fig. 3.10) and the HTML page.
//!
//! The picture of a step is the model's drawing with each element's value as it stands after
//! the step: the trace's changes replayed from the start ([`Trace::state_at`]).

pub mod analogy;
pub mod circuit;
pub mod html;
pub mod program;
pub mod tree;

use std::fmt::Write as _;

use serde::Serialize;

use crate::engine::{Event, Model, Tracer};

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// An alternative of a subtask was applied and implication succeeded.
    Decision,
    /// An alternative was applied and implication found a contradiction.
    Conflict,
    /// The state reached has no way forward (for example the D-frontier is empty).
    DeadEnd,
    /// A subtask has no alternative left: the search goes back to the one before it.
    Backtrack,
    /// Conflict analysis showed the subtasks in between played no part: they are skipped.
    Backjump,
    /// The target is tested.
    Found,
}

/// An element taking a value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The element's index in [`Trace::elements`].
    pub element: usize,
    pub value: String,
}

/// A set the search keeps, as it stands after a step (the D-frontier, the J-frontier, ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Frontier {
    pub name: String,
    pub items: Vec<String>,
}

/// One step of the search.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// From 1.
    pub number: usize,
    pub action: Action,
    /// Depth of the subtask on the engine's stack (1 for the first).
    pub depth: usize,
    /// "excitation", "propagation" or "justification" (absent for steps with no subtask).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtask_kind: Option<String>,
    /// The subtask, in words.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub subtask: String,
    /// The alternative chosen: its number from 1 and how many the subtask has (when known).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative: Option<(usize, Option<usize>)>,
    /// What was chosen or found, in words.
    pub text: String,
    /// Values backtracking undid before this step (the element's value is the one restored).
    pub undone: Vec<Change>,
    /// Values the step set: the choice and everything implication derived from it.
    pub implied: Vec<Change>,
    /// The frontiers after the step.
    pub frontiers: Vec<Frontier>,
    /// The decision step this one was taken under (the decision tree's parent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<usize>,
}

/// How the search ended.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// "test", "untestable" (a proof), "equivalent" (a proof) or "aborted".
    pub kind: String,
    /// The verdict in words: the test, or why no test exists.
    pub lines: Vec<String>,
}

/// The whole trace of one target.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    /// "circuit" or "program".
    pub model: String,
    /// The file searched.
    pub subject: String,
    /// The fault or mutant.
    pub target: String,
    /// The search's settings, in words.
    pub method: String,
    /// Names of the elements values are given to (nets; CFG nodes and edges, variables).
    pub elements: Vec<String>,
    /// Values before the first step.
    pub start: Vec<Change>,
    /// Lines describing the starting state.
    pub start_text: Vec<String>,
    pub steps: Vec<Step>,
    pub verdict: Verdict,
    /// Alternatives tried and backtracks, as the engine counted them.
    pub decisions: u64,
    pub backtracks: u64,
    /// The search stopped recording at the step limit (the verdict is still the search's).
    pub truncated: bool,
}

impl Trace {
    /// Every element's value after step `step` (0: the start), the changes replayed.
    pub fn state_at(&self, step: usize, unset: &str) -> Vec<String> {
        let mut state = vec![unset.to_string(); self.elements.len()];
        for c in &self.start {
            state[c.element] = c.value.clone();
        }
        for s in self.steps.iter().take(step) {
            for c in s.undone.iter().chain(&s.implied) {
                state[c.element] = c.value.clone();
            }
        }
        state
    }

    fn changes(&self, changes: &[Change]) -> String {
        let mut out = String::new();
        for (k, c) in changes.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            write!(out, "{}={}", self.elements[c.element], c.value).unwrap();
        }
        out
    }

    /// The trace as text: one numbered step per line, with what it implied, undid and left
    /// on the frontiers indented below it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        writeln!(out, "{}: {}", self.subject, self.target).unwrap();
        writeln!(out, "{}", self.method).unwrap();
        for line in &self.start_text {
            writeln!(out, "start: {line}").unwrap();
        }
        if !self.start.is_empty() {
            writeln!(out, "       {}", self.changes(&self.start)).unwrap();
        }
        out.push('\n');
        let width = self.steps.len().to_string().len();
        let pad = " ".repeat(width + 2);
        for s in &self.steps {
            let head = match s.action {
                Action::Decision | Action::Conflict => {
                    let which = match s.alternative {
                        Some((k, Some(n))) => format!(" [{k}/{n}]"),
                        Some((k, None)) => format!(" [{k}]"),
                        None => String::new(),
                    };
                    format!("{}{which}: {}", s.subtask, s.text)
                }
                _ => s.text.clone(),
            };
            // Deep searches indent at most this far; the depth is still in the JSON.
            let bars = s.depth.saturating_sub(1);
            let indent = if bars <= 12 {
                "| ".repeat(bars)
            } else {
                format!("{}({bars}) ", "| ".repeat(10))
            };
            writeln!(out, "{:>width$}  {indent}{head}", s.number).unwrap();
            if !s.undone.is_empty() {
                writeln!(out, "{pad}undone:  {}", self.changes(&s.undone)).unwrap();
            }
            if !s.implied.is_empty() {
                let label = if s.action == Action::Conflict {
                    "set:     "
                } else {
                    "implied: "
                };
                writeln!(out, "{pad}{label}{}", self.changes(&s.implied)).unwrap();
            }
            if matches!(s.action, Action::Decision) {
                for f in &s.frontiers {
                    let items = if f.items.is_empty() {
                        "(empty)".to_string()
                    } else {
                        f.items.join(" ")
                    };
                    writeln!(out, "{pad}{}: {items}", f.name).unwrap();
                }
            }
        }
        if self.truncated {
            writeln!(out, "... (the trace stops here; the search went on)").unwrap();
        }
        out.push('\n');
        writeln!(out, "{}", self.verdict.kind).unwrap();
        for line in &self.verdict.lines {
            writeln!(out, "  {line}").unwrap();
        }
        writeln!(
            out,
            "{} decisions, {} backtracks",
            self.decisions, self.backtracks
        )
        .unwrap();
        out
    }

    /// The trace as JSON.
    pub fn json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("traces serialize");
        s.push('\n');
        s
    }
}

/// The elements of `values` that are set (not `unset`), as changes from nothing.
pub(crate) fn changes_from(values: &[String], unset: &str) -> Vec<Change> {
    values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.as_str() != unset)
        .map(|(element, v)| Change {
            element,
            value: v.clone(),
        })
        .collect()
}

pub(crate) use crate::layout::escape_xml as escape;

/// Builds the steps of a trace from engine events, for both models: the model-specific tracer
/// gives the words and the current values; this keeps the numbering, the decision tree's
/// parents and the differences between snapshots.
#[derive(Debug, Default)]
pub(crate) struct Recorder {
    pub steps: Vec<Step>,
    /// The values at the last snapshot, per element.
    last: Vec<String>,
    /// Per depth: the subtask pushed there (kind, words, number of alternatives).
    subtasks: Vec<(Option<String>, String, Option<usize>)>,
    /// Per depth: the decision step currently applied there.
    decisions: Vec<Option<usize>>,
    /// Steps recorded before the limit.
    limit: usize,
    pub truncated: bool,
}

impl Recorder {
    pub(crate) fn new(start: Vec<String>, limit: usize) -> Recorder {
        Recorder {
            last: start,
            limit,
            ..Recorder::default()
        }
    }

    /// The changes from the last snapshot to `now`, which becomes the last.
    pub(crate) fn diff(&mut self, now: Vec<String>) -> Vec<Change> {
        let changes = now
            .iter()
            .zip(&self.last)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(element, (a, _))| Change {
                element,
                value: a.clone(),
            })
            .collect();
        self.last = now;
        changes
    }

    /// A subtask was pushed at `depth`.
    pub(crate) fn push(
        &mut self,
        depth: usize,
        kind: Option<String>,
        words: String,
        count: Option<usize>,
    ) {
        if depth > self.subtasks.len() {
            self.subtasks.resize(depth, (None, String::new(), None));
            self.decisions.resize(depth, None);
        }
        self.subtasks[depth - 1] = (kind, words, count);
        self.decisions[depth - 1] = None;
    }

    /// The words of the subtask last pushed at `depth`.
    pub(crate) fn subtask_words(&self, depth: usize) -> &str {
        depth
            .checked_sub(1)
            .and_then(|d| self.subtasks.get(d))
            .map_or("", |s| s.1.as_str())
    }

    /// Adds values the model's own reasoning derived between steps (unique sensitization,
    /// learning) to the last step, whose frontiers become `frontiers` (they are the state after
    /// it); returns them instead when there is no step yet.
    pub(crate) fn attach(
        &mut self,
        implied: Vec<Change>,
        frontiers: Vec<Frontier>,
    ) -> Option<Vec<Change>> {
        let Some(step) = self.steps.last_mut() else {
            return Some(implied);
        };
        if implied.is_empty() {
            return None;
        }
        for c in implied {
            match step.implied.iter_mut().find(|d| d.element == c.element) {
                Some(d) => d.value = c.value,
                None => step.implied.push(c),
            }
        }
        if step.action == Action::Decision {
            step.frontiers = frontiers;
        }
        None
    }

    /// Records a step; returns its number, or `None` past the limit.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn step(
        &mut self,
        action: Action,
        depth: usize,
        alternative: Option<usize>,
        text: String,
        undone: Vec<Change>,
        implied: Vec<Change>,
        frontiers: Vec<Frontier>,
    ) -> Option<usize> {
        if self.steps.len() >= self.limit {
            self.truncated = true;
            return None;
        }
        let number = self.steps.len() + 1;
        let (kind, subtask, count) = match depth.checked_sub(1).and_then(|d| self.subtasks.get(d)) {
            Some(s) if alternative.is_some() => s.clone(),
            _ => (None, String::new(), None),
        };
        // A decision, conflict or backtrack hangs under the decision one level up; a dead
        // end, a backjump's landing or a test under the decision at its own depth.
        let under = match action {
            Action::Decision | Action::Conflict | Action::Backtrack => depth.saturating_sub(1),
            Action::DeadEnd | Action::Backjump | Action::Found => depth,
        };
        let parent = under
            .checked_sub(1)
            .and_then(|d| self.decisions.get(d).copied().flatten());
        if action == Action::Decision && depth >= 1 && depth <= self.decisions.len() {
            self.decisions[depth - 1] = Some(number);
        }
        self.steps.push(Step {
            number,
            action,
            depth,
            subtask_kind: kind,
            subtask,
            alternative: alternative.map(|k| (k + 1, count)),
            text,
            undone,
            implied,
            frontiers,
            parent,
        });
        Some(number)
    }
}

/// What a model's trace says in words: the plug-in point between the engine's events and the
/// steps of a trace, one per model.
pub(crate) trait Describe<M: Model> {
    /// Every element's value now, in [`Trace::elements`] order.
    fn snapshot(&self, model: &M) -> Vec<String>;
    /// The frontiers now.
    fn frontiers(&self, model: &M) -> Vec<Frontier>;
    /// A subtask: its kind, its words and its number of alternatives (when known).
    fn subtask(&self, subtask: &M::Subtask<'_>, model: &M) -> (String, String, Option<usize>);
    /// An alternative, read before it is applied.
    fn alternative(&self, alternative: &M::Alternative<'_>, model: &M) -> String;
    /// What a conflict clashed on, read right after it.
    fn conflict(&self, model: &M) -> String;
    /// Why the state reached has no way forward.
    fn dead_end(&self, model: &M) -> String;
    /// The test found, in words.
    fn found(&self, model: &M) -> String;
}

/// The tracer of both models: the engine's events, described by `D`, become a trace's steps.
pub(crate) struct StepTracer<D> {
    pub describe: D,
    pub recorder: Recorder,
    /// Values the model's reasoning set before the first subtask.
    pub start: Vec<Change>,
    /// The alternative being applied (index, words), and what backtracking undid before it.
    trying: Option<(usize, String)>,
    undone: Vec<Change>,
    /// Depth of the last decision.
    depth: usize,
}

impl<D> StepTracer<D> {
    /// A tracer starting from the values `start` (every element's), recording `limit` steps.
    pub(crate) fn new(describe: D, start: Vec<String>, limit: usize) -> StepTracer<D> {
        StepTracer {
            describe,
            recorder: Recorder::new(start, limit),
            start: Vec::new(),
            trying: None,
            undone: Vec::new(),
            depth: 0,
        }
    }
}

impl<M: Model, D: Describe<M>> Tracer<M> for StepTracer<D> {
    fn event(&mut self, event: Event<'_, '_, M>, model: &M) {
        let now = self.describe.snapshot(model);
        let d = &self.describe;
        let r = &mut self.recorder;
        match event {
            Event::Push { depth, subtask } => {
                let implied = r.diff(now);
                let frontiers = if implied.is_empty() {
                    Vec::new()
                } else {
                    d.frontiers(model)
                };
                if let Some(start) = r.attach(implied, frontiers) {
                    self.start.extend(start);
                }
                let (kind, words, count) = d.subtask(subtask, model);
                r.push(depth, Some(kind), words, count);
            }
            Event::Try {
                index, alternative, ..
            } => {
                self.undone = r.diff(now);
                self.trying = Some((index, d.alternative(&alternative, model)));
            }
            Event::Implied { depth } | Event::Conflict { depth } => {
                let implied = r.diff(now);
                let (index, mut text) = self.trying.take().unwrap_or_default();
                let (action, frontiers) = if matches!(event, Event::Conflict { .. }) {
                    text.push_str(" -> ");
                    text.push_str(&d.conflict(model));
                    (Action::Conflict, Vec::new())
                } else {
                    self.depth = depth;
                    (Action::Decision, d.frontiers(model))
                };
                let undone = std::mem::take(&mut self.undone);
                r.step(action, depth, Some(index), text, undone, implied, frontiers);
            }
            Event::DeadEnd { depth } => {
                let implied = r.diff(now);
                let text = d.dead_end(model);
                r.step(
                    Action::DeadEnd,
                    depth,
                    None,
                    text,
                    Vec::new(),
                    implied,
                    Vec::new(),
                );
            }
            Event::Pop { depth, complete } => {
                let undone = r.diff(now);
                let text = format!(
                    "backtrack: every alternative failed of \"{}\"{}",
                    r.subtask_words(depth),
                    if complete {
                        ""
                    } else {
                        " (its list was not complete: no proof)"
                    }
                );
                r.step(
                    Action::Backtrack,
                    depth,
                    None,
                    text,
                    undone,
                    Vec::new(),
                    Vec::new(),
                );
            }
            Event::Backjump { from, to } => {
                let undone = r.diff(now);
                let text = if from == to + 1 {
                    format!(
                        "backjump to depth {to}: the decision at depth {from} played no part in the conflicts, its other alternatives are skipped"
                    )
                } else {
                    format!(
                        "backjump to depth {to}: the decisions at depths {} to {from} played no part in the conflicts, their other alternatives are skipped",
                        to + 1
                    )
                };
                r.step(
                    Action::Backjump,
                    to,
                    None,
                    text,
                    undone,
                    Vec::new(),
                    Vec::new(),
                );
            }
            Event::Found => {
                let implied = r.diff(now);
                let text = d.found(model);
                r.step(
                    Action::Found,
                    self.depth,
                    None,
                    text,
                    Vec::new(),
                    implied,
                    Vec::new(),
                );
            }
        }
    }
}
