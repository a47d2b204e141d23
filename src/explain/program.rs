//! The software D-algorithm on one mutant, traced ([Zhang 2021] ch. 3): the program model's
//! words for a trace, and the elements its pictures show.
//!
//! Elements are the method's CFG nodes and edges, whose value is their execution status (EXS:
//! run by both versions, by the original only, by the mutant only, or not yet; from the nodes
//! each version's walk ran, in order, so an edge is executed when its two ends ran one after
//! the other), and the
//! source's variables, whose value is the pair of terms the two versions hold (`orig | mut`
//! when they differ: the mutation effect). The frontiers are the unjustified element list
//! (UEL: the decisions the versions wait at, and at the end the observation to justify), where
//! the effect is, and the path condition.

use petgraph::visit::EdgeRef;

use super::{Describe, Frontier, StepTracer, Trace, Verdict};
use crate::engine::{self, Limits, Model as _, Outcome, SubtaskKind};
use crate::program::dalg::{Choice, Options, Ran, Subtask, SwDalgorithm, VersionView};
use crate::program::execution::analysis::witness_kills;
use crate::program::execution::interp;
use crate::program::model::cfg::Cfg;
use crate::program::model::cfg::NodeKind;
use crate::program::mutants::mutant::Mutant;
use crate::program::reader::ir::Unit;

/// Value of an element not yet run or assigned.
pub const UNSET: &str = "-";

/// A value's drawing category: run by both versions, by one, not yet; a variable the same in
/// both or different (the effect).
pub fn category(value: &str) -> &'static str {
    match value {
        "both" => "both",
        "original" => "orig",
        "mutant" => "mut",
        UNSET => "x",
        v if v.contains(" | ") => "d",
        _ => "same",
    }
}

/// The program's words for a trace.
struct Program<'c> {
    cfg: &'c Cfg,
    /// The variables shown, in element order after the nodes and edges.
    variables: Vec<String>,
    /// The last choice tried, so that a conflict says what failed.
    last: std::cell::Cell<Option<Choice>>,
}

impl Program<'_> {
    fn nodes(&self) -> usize {
        self.cfg.graph.node_count()
    }

    /// What the walkers record when they run node `n` (`None` for the entry and the exit).
    fn ran_of(&self, n: petgraph::graph::NodeIndex) -> Option<Ran> {
        match self.cfg.graph[n].kind {
            NodeKind::Entry | NodeKind::Exit => None,
            NodeKind::Statement(id) => Some(Ran::Statement(id.0)),
            NodeKind::Predicate(id) => Some(Ran::Predicate(id.0)),
            NodeKind::Update(id) => Some(Ran::Update(id.0)),
        }
    }

    /// EXS of every node and edge from the nodes each version ran, in order, then the
    /// variables.
    fn values(&self, views: &[VersionView; 2]) -> Vec<String> {
        let cfg = self.cfg;
        let exs = |runs: [bool; 2]| match runs {
            [true, true] => "both",
            [true, false] => "original",
            [false, true] => "mutant",
            [false, false] => UNSET,
        };
        let started = |v: &VersionView| !v.ran.is_empty() || v.waiting.is_some() || v.finished;
        let mut out =
            Vec::with_capacity(self.nodes() + cfg.graph.edge_count() + self.variables.len());
        for n in cfg.graph.node_indices() {
            let runs = [0, 1].map(|w| {
                let v = &views[w];
                match self.ran_of(n) {
                    None if n == cfg.entry => started(v),
                    None => v.finished,
                    Some(r) => v.ran.contains(&r),
                }
            });
            out.push(exs(runs).to_string());
        }
        for e in cfg.graph.edge_references() {
            let (s, t) = (self.ran_of(e.source()), self.ran_of(e.target()));
            let runs = [0, 1].map(|w| {
                let v = &views[w];
                match (s, t) {
                    (None, Some(t)) => v.ran.first() == Some(&t),
                    (Some(s), None) => v.finished && v.ran.last() == Some(&s),
                    (Some(s), Some(t)) => v.ran.windows(2).any(|p| p[0] == s && p[1] == t),
                    (None, None) => v.finished && v.ran.is_empty(),
                }
            });
            out.push(exs(runs).to_string());
        }
        for name in &self.variables {
            out.push(match (local(&views[0], name), local(&views[1], name)) {
                (Some(a), Some(b)) if a == b => a,
                (Some(a), Some(b)) => format!("{a} | {b}"),
                // A local one version has not read yet still holds its entry value.
                (Some(a), None) => a,
                (None, Some(b)) => b,
                (None, None) => UNSET.to_string(),
            });
        }
        out
    }

    fn views(model: &SwDalgorithm<'_>) -> [VersionView; 2] {
        [model.version_view(0), model.version_view(1)]
    }
}

/// The value a version holds in local `name`, once it has one.
fn local(view: &VersionView, name: &str) -> Option<String> {
    view.locals
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, t)| t.clone())
}

/// The thesis's name of a subtask kind. A justification is the path to the mutated statement
/// (its node's EXS) before the effect exists, and the inputs for the path after: both JUST.
fn kind_name(kind: SubtaskKind) -> &'static str {
    match kind {
        SubtaskKind::Excitation => "MEE",
        SubtaskKind::Propagation => "MEP",
        SubtaskKind::Justification => "JUST",
    }
}

impl<'m> Describe<SwDalgorithm<'m>> for Program<'_> {
    fn snapshot(&self, model: &SwDalgorithm<'m>) -> Vec<String> {
        self.values(&Program::views(model))
    }

    fn frontiers(&self, model: &SwDalgorithm<'m>) -> Vec<Frontier> {
        let views = Program::views(model);
        let mut uel = Vec::new();
        let names = ["original", "mutant"];
        let same_wait = views[0].waiting.is_some() && views[0].waiting == views[1].waiting;
        for (w, v) in views.iter().enumerate() {
            if let Some((line, what)) = v.waiting {
                if same_wait && w == 1 {
                    continue;
                }
                let who = if same_wait { "both" } else { names[w] };
                uel.push(format!("{what} at line {line} ({who})"));
            }
        }
        if views.iter().all(|v| v.finished) {
            uel.push("the observation: inputs for this path".into());
        }
        let mut effect = Vec::new();
        if model.excited() {
            for name in &self.variables {
                let (a, b) = (local(&views[0], name), local(&views[1], name));
                if a.is_some() && b.is_some() && a != b {
                    effect.push(name.clone());
                }
            }
            if views[0].waiting.map(|w| w.0) != views[1].waiting.map(|w| w.0)
                || views[0].ran.last() != views[1].ran.last()
            {
                effect.push("control (the versions are at different places)".into());
            }
            if let (Some(a), Some(b)) = (&views[0].returned, &views[1].returned)
                && a != b
            {
                effect.push(format!("the return value ({a} | {b})"));
            }
        }
        vec![
            Frontier {
                name: "UEL".into(),
                items: uel,
            },
            Frontier {
                name: "effect at".into(),
                items: effect,
            },
            Frontier {
                name: "path condition".into(),
                items: model.path_conditions(),
            },
        ]
    }

    fn subtask(
        &self,
        subtask: &Subtask,
        model: &SwDalgorithm<'m>,
    ) -> (String, String, Option<usize>) {
        let kind = SwDalgorithm::kind(subtask);
        let name = kind_name(kind).to_string();
        let count = match subtask {
            Subtask::Edge { edges, cut, .. } => Some(edges.len() + usize::from(*cut)),
            Subtask::Excite { ways, not_here, .. } => {
                Some(ways.len() + usize::from(not_here.is_some()))
            }
            Subtask::Justify { .. } => None,
            Subtask::Refused(_) => Some(1),
        };
        let words = match subtask {
            Subtask::Edge { line, what, .. } if !model.excited() => {
                format!(
                    "EXS of the path: which way at the {what} on line {line} (the mutated statement must still run)"
                )
            }
            Subtask::Edge {
                line,
                what,
                version,
                ..
            } => {
                format!("propagation: which way at the {what} on line {line} ({version:?})")
            }
            Subtask::Excite { line, .. } => {
                format!("excitation at line {line}: where the effect appears")
            }
            Subtask::Justify { .. } => {
                "justification: inputs that run the path and show the effect".into()
            }
            Subtask::Refused(why) => format!("not modelled: {why}"),
        };
        (name, words, count)
    }

    fn alternative(&self, choice: &Choice, model: &SwDalgorithm<'m>) -> String {
        self.last.set(Some(*choice));
        model.describe(choice)
    }

    fn conflict(&self, _: &SwDalgorithm<'m>) -> String {
        match self.last.get() {
            Some(Choice::Edge { .. }) => {
                "conflict: the edge's condition contradicts the path condition".into()
            }
            Some(Choice::Effect { excites: true, .. }) => {
                "conflict: the effect cannot appear under the path condition".into()
            }
            Some(Choice::Effect { excites: false, .. }) => {
                "conflict: the versions cannot stay equal here under the path condition".into()
            }
            Some(Choice::Solution(_)) => {
                "conflict: run in the interpreter, the candidate does not tell the versions apart"
                    .into()
            }
            Some(Choice::GiveUp) | None => {
                "conflict: no way was found (the solver gave up, or the code is not modelled)"
                    .into()
            }
        }
    }

    fn dead_end(&self, model: &SwDalgorithm<'m>) -> String {
        let views = Program::views(model);
        if views.iter().all(|v| v.finished) {
            "dead end: both versions finished with the same results on this path".into()
        } else if model.excited() {
            "dead end: the effect died out (the versions are equal again where anything reads them)"
                .into()
        } else {
            "dead end: the mutated statement cannot be reached, or makes no difference, on this path".into()
        }
    }

    fn found(&self, _: &SwDalgorithm<'m>) -> String {
        "test found: the candidate, run in the interpreter, kills the mutant".into()
    }
}

/// How the traced search runs.
#[derive(Clone, Debug)]
pub struct ProgramOptions {
    pub backtracks: u64,
    pub max_steps: usize,
    pub seed: u64,
}

impl Default for ProgramOptions {
    fn default() -> ProgramOptions {
        ProgramOptions {
            backtracks: 256,
            max_steps: 5_000,
            seed: 1,
        }
    }
}

/// Names of the trace's elements for `cfg`: nodes, edges, then the source's variables.
pub(crate) fn element_names(cfg: &Cfg, variables: &[String]) -> Vec<String> {
    let mut names: Vec<String> = cfg
        .graph
        .node_indices()
        .map(|n| format!("n{}", n.index()))
        .collect();
    names.extend(
        cfg.graph
            .edge_references()
            .map(|e| format!("n{}->n{}", e.source().index(), e.target().index())),
    );
    names.extend(variables.iter().cloned());
    names
}

/// Runs the software D-algorithm on mutant `m` and records every step. `Err` says why the
/// mutant cannot be searched this way (a constructor, a method outside the subset).
pub fn explain_mutant(
    unit: &Unit,
    subject: &str,
    m: &Mutant,
    cfg: &Cfg,
    options: &ProgramOptions,
) -> Result<Trace, String> {
    let limits = interp::Limits::default();
    let confirm = Box::new(move |w: &crate::program::proofs::symbolic::Witness| {
        witness_kills(unit, m, w, limits).unwrap_or(false)
    });
    let search_options = Options {
        seed: options.seed,
        ..Options::default()
    };
    let mut model = SwDalgorithm::new(unit, m, search_options, confirm)?;
    model.record_path();
    let method = unit.method(m.class, m.method);
    let variables: Vec<String> = match &method.body {
        Ok(body) => body
            .locals
            .iter()
            .filter(|l| !l.is_hidden)
            .map(|l| l.name.clone())
            .collect(),
        Err(_) => Vec::new(),
    };
    let describe = Program {
        cfg,
        variables: variables.clone(),
        last: std::cell::Cell::new(None),
    };
    let start_values = describe.snapshot(&model);
    let mut start = super::changes_from(&start_values, UNSET);
    let mut tracer = StepTracer::new(describe, start_values, options.max_steps);
    let limits = Limits {
        backtracks: Some(options.backtracks),
        ..Limits::default()
    };
    let arena = bumpalo::Bump::new();
    let (outcome, counters) = engine::search(&mut model, &arena, &limits, &mut tracer);
    let target = format!(
        "mutant {} ({}): `{}` -> `{}` at line {}",
        m.id, m.operator, m.original, m.replacement, m.line
    );
    let verdict = match outcome {
        Outcome::Test(w) => {
            let args: Vec<String> = w.args.iter().map(|a| a.to_string()).collect();
            let mut lines = vec![format!("test: {}({})", method.name, args.join(", "))];
            for (f, v) in &w.fields {
                lines.push(format!("with field {f} = {v}"));
            }
            lines.push(
                "checked in the interpreter: the original and the mutant give different results"
                    .into(),
            );
            Verdict {
                kind: "test".into(),
                lines,
            }
        }
        Outcome::Untestable => Verdict {
            kind: "equivalent".into(),
            lines: vec![
                format!(
                    "no input tells the mutant apart: every path through {} was tried (every list of alternatives complete, every path condition proved contradictory or the versions equal)",
                    method.signature()
                ),
                format!(
                    "proved in the region: the whole method {}",
                    method.signature()
                ),
            ],
        },
        Outcome::Aborted(reason) => Verdict {
            kind: "aborted".into(),
            lines: vec![format!(
                "the search gave up ({reason:?}) after {} backtracks: neither a test nor a proof",
                counters.backtracks
            )],
        },
    };
    let mut verdict = verdict;
    // The thesis's local analysis (ch. 2) as a second, independent word on equivalence, and
    // the region a proof holds in.
    let local = crate::program::proofs::equivalence::MethodProver::new(
        unit,
        m.class,
        m.method,
        crate::program::proofs::equivalence::ProveOptions::default(),
    )
    .and_then(|mut prover| prover.prove_in_regions(m, usize::MAX));
    match (verdict.kind.as_str(), local) {
        ("test", Some(rule)) => verdict.lines.push(format!(
            "WARNING: local analysis claims an equivalence ({rule:?}) that this test refutes"
        )),
        ("test", None) => {}
        (_, Some(rule)) => {
            let region = region_words(unit, m, &rule);
            if verdict.kind == "aborted" {
                verdict = Verdict {
                    kind: "equivalent".into(),
                    lines: vec![format!(
                        "the search gave up, but local analysis (thesis ch. 2) proves the mutant equivalent: {region}"
                    )],
                };
            } else {
                verdict
                    .lines
                    .push(format!("local analysis (thesis ch. 2) agrees: {region}"));
            }
        }
        (_, None) => verdict.lines.push(
            "local analysis (thesis ch. 2) proves nothing in any region around the mutated code"
                .into(),
        ),
    }
    let truncated = tracer.recorder.truncated;
    start.extend(tracer.start);
    Ok(Trace {
        model: "program".into(),
        subject: subject.to_string(),
        target,
        method: "the software D-algorithm (Zhang 2021, ch. 3): JUST of the path to the mutated statement, MEE where the versions first differ, MEP until an output, JUST of the inputs by the solver, each candidate run in the interpreter".into(),
        elements: element_names(cfg, &variables),
        start,
        start_text: vec![format!(
            "{}: both versions at the entry, nothing executed; the mutated statement is on line {}",
            method.signature(),
            m.line
        )],
        steps: tracer.recorder.steps,
        verdict,
        decisions: counters.decisions,
        backtracks: counters.backtracks,
        truncated,
    })
}

/// The mutant's method's CFG with `values` (a step's state): nodes and edges by execution
/// status (executed edges bold), the mutated node and the region after it marked, data
/// dependences dotted, the variables' values below.
pub fn cfg_svg(cfg: &Cfg, m: &Mutant, title: &str, trace: &Trace, values: &[String]) -> String {
    let nodes = cfg.graph.node_count();
    let edges = cfg.graph.edge_count();
    let variables: Vec<(String, usize)> = trace.elements[nodes + edges..]
        .iter()
        .enumerate()
        .map(|(k, name)| (name.clone(), nodes + edges + k))
        .collect();
    let site = cfg
        .graph
        .node_indices()
        .find(|&n| n != cfg.entry && n != cfg.exit && cfg.graph[n].span.line == m.line);
    let mut after_site = Vec::new();
    if let Some(site) = site {
        let mut dfs = petgraph::visit::Dfs::new(&cfg.graph, site);
        while let Some(n) = dfs.next(&cfg.graph) {
            if n != site {
                after_site.push(n);
            }
        }
    }
    let marks = crate::program::model::draw::Marks {
        values,
        category,
        variables,
        site,
        after_site,
        style: CFG_STYLE,
    };
    crate::program::model::draw::svg_marked(cfg, title, true, Some(&marks))
}

const CFG_STYLE: &str = r##"<defs><marker id="arrow-exs" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="10" markerHeight="10" markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>
<style>
path.exs[data-c="both"], path.exs[data-c="orig"], path.exs[data-c="mut"] { marker-end: url(#arrow-exs); }
rect.exs[data-c="both"] { fill: #d9f2e3; stroke: #2e8b57; stroke-width: 2.6; }
rect.exs[data-c="orig"] { fill: #dde8fb; stroke: #2a5db0; stroke-width: 2.6; }
rect.exs[data-c="mut"] { fill: #fde6cf; stroke: #c8650a; stroke-width: 2.6; }
path.exs[data-c="both"] { stroke: #2e8b57; stroke-width: 3.4; }
path.exs[data-c="orig"] { stroke: #2a5db0; stroke-width: 3.4; }
path.exs[data-c="mut"] { stroke: #c8650a; stroke-width: 3.4; stroke-dasharray: 7 3; }
.region-mee { fill: #fbd5d5; stroke: #d62728; stroke-width: 1.6; stroke-dasharray: 4 2; }
.region-mep { fill: #fff2c4; stroke: none; }
.var[data-c="d"] { fill: #d62728; font-weight: bold; }
.var[data-c="x"] { fill: #888; }
</style>
<text x="12" y="54" font-size="10" fill="#555">EXS: green both ran it, blue the original only, orange the mutant only; red: mutated (MEE), yellow: after it (MEP)</text>
"##;

/// Where a local proof holds, in words, with the lines of its region.
fn region_words(
    unit: &Unit,
    m: &Mutant,
    rule: &crate::program::proofs::equivalence::Rule,
) -> String {
    use crate::program::proofs::equivalence::Rule;
    let line_of = |offset: u32| {
        1 + unit.source.as_bytes()[..(offset as usize).min(unit.source.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
    };
    match rule {
        Rule::Region(depth) => {
            let method = unit.method(m.class, m.method);
            let lines = method.body.as_ref().ok().and_then(|body| {
                let parts = crate::program::proofs::regions::ladder(body, (m.start, m.end));
                parts.get(*depth).map(|p| {
                    let (a, b) = p.span();
                    (line_of(a), line_of(b))
                })
            });
            let minimal = if *depth == 0 {
                ", the minimal region (mROA)"
            } else {
                ""
            };
            match lines {
                Some((a, b)) if a == b => format!(
                    "no input of the region on line {a} tells the versions apart (ladder depth {depth}{minimal})"
                ),
                Some((a, b)) => format!(
                    "no input of the region on lines {a} to {b} tells the versions apart (ladder depth {depth}{minimal})"
                ),
                None => format!("proved in the region at ladder depth {depth}"),
            }
        }
        Rule::WholeMethod => "proved on the whole method as one region".into(),
        Rule::Compiler => "the mutant compiles to the same canonical form as the original".into(),
        Rule::Reachability => "no input reaches the mutated code".into(),
        Rule::DeadUpdate => {
            "the changed update is of a local nothing reads afterwards (liveness)".into()
        }
        Rule::DeadCell => "the changed array cell is never read afterwards".into(),
        Rule::Stutter => "the repeated loop iteration changes nothing".into(),
        Rule::DAlgorithm => "proved by the D-algorithm's exhausted search".into(),
    }
}
