//! The decision tree of a trace (after [Zhang 2021] Fig. 3.10): one node per alternative
//! tried, under the decision it was tried beneath; conflicts and dead ends are red leaves, the
//! path to the test green, alternatives backtracking abandoned grey.

use std::fmt::Write as _;

use super::{Action, Trace, escape};
use crate::layout::{self, shorten as short};

const CHAR_W: f64 = 6.6;
const BOX_H: f64 = 34.0;
const RANK_GAP: f64 = 34.0;
const LABEL: usize = 30;

/// A tree node's two lines: the step and subtask, and the choice or the outcome.
fn lines(step: &super::Step) -> (String, String) {
    let kind = step.subtask_kind.as_deref().unwrap_or("");
    let head = match step.alternative {
        Some((k, Some(n))) => format!("{}. {kind} {k}/{n}", step.number),
        Some((k, None)) => format!("{}. {kind} {k}", step.number),
        None => format!("{}.", step.number),
    };
    let body = match step.action {
        Action::Found => "test found".to_string(),
        Action::DeadEnd => "dead end".to_string(),
        _ => step.text.split(" -> ").next().unwrap_or("").to_string(),
    };
    (head, short(&body, LABEL))
}

/// The steps drawn (decisions, conflicts, dead ends, the test) and the tree's root first.
fn nodes(trace: &Trace) -> Vec<usize> {
    trace
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            matches!(
                s.action,
                Action::Decision | Action::Conflict | Action::DeadEnd | Action::Found
            )
        })
        .map(|(k, _)| k)
        .collect()
}

/// The decision tree as SVG. Every node has `data-step` (its step number), so a page can
/// mark the current step.
pub fn svg(trace: &Trace) -> String {
    let drawn = nodes(trace);
    // Node 0 is the root (the start); node k + 1 is drawn[k].
    let mut node_of = vec![usize::MAX; trace.steps.len() + 1];
    for (k, &i) in drawn.iter().enumerate() {
        node_of[trace.steps[i].number] = k + 1;
    }
    let labels: Vec<(String, String)> =
        std::iter::once(("start".to_string(), trace.target.clone()))
            .chain(drawn.iter().map(|&i| lines(&trace.steps[i])))
            .collect();
    let sizes: Vec<f64> = labels
        .iter()
        .map(|(a, b)| a.chars().count().max(b.chars().count()) as f64 * CHAR_W + 16.0)
        .collect();
    let mut edges = Vec::new();
    for (k, &i) in drawn.iter().enumerate() {
        let parent = trace.steps[i]
            .parent
            .map(|p| node_of[p])
            .filter(|&p| p != usize::MAX)
            .unwrap_or(0);
        edges.push((parent, k + 1));
    }
    // The path to the test.
    let mut success = vec![false; labels.len()];
    if let Some(found) = drawn
        .iter()
        .rposition(|&i| trace.steps[i].action == Action::Found)
    {
        let mut v = found + 1;
        success[v] = true;
        while v != 0 {
            let parent = edges[v - 1].0;
            success[parent] = true;
            v = parent;
        }
    }
    success[0] = true;
    let graph = layout::Graph {
        sizes: sizes.clone(),
        edges,
        starts: vec![0],
        last: Vec::new(),
        tight_sources: false,
    };
    let placed = layout::layered(
        &graph,
        layout::Spacing {
            gap: 14.0,
            waypoint: 4.0,
            offset: 20.0,
            sweeps: 6,
        },
    );
    let y_of = |rank: usize| 60.0 + rank as f64 * (BOX_H + RANK_GAP);
    let width = (placed.widest + 40.0).max(640.0);
    let height = y_of(placed.ranks) + 10.0;
    let mut out = String::new();
    writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans Mono, monospace" font-size="11">"##
    )
    .unwrap();
    out.push_str(TREE_STYLE);
    writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="white"/><text x="12" y="20" font-size="13" font-weight="bold">decision tree: {}: {}</text><text x="12" y="36" fill="#555">green: the path to the test; red: conflicts and dead ends; grey: undone by backtracking</text>"##,
        escape(&trace.subject),
        escape(&trace.target)
    )
    .unwrap();
    for (k, &(s, t)) in graph.edges.iter().enumerate() {
        let mut points = vec![(placed.position[s], y_of(placed.rank[s]) + BOX_H / 2.0)];
        points.extend(
            placed.waypoints[k]
                .iter()
                .map(|w| (w.position, y_of(w.rank))),
        );
        points.push((placed.position[t], y_of(placed.rank[t]) - BOX_H / 2.0));
        let mut d = format!("M{:.1},{:.1}", points[0].0, points[0].1);
        for p in &points[1..] {
            write!(d, " L{:.1},{:.1}", p.0, p.1).unwrap();
        }
        let class = if success[t] { "edge ok" } else { "edge" };
        writeln!(out, r##"<path class="{class}" d="{d}"/>"##).unwrap();
    }
    for (v, (head, body)) in labels.iter().enumerate() {
        let (x, y) = (placed.position[v], y_of(placed.rank[v]));
        let w = sizes[v];
        let (class, step) = if v == 0 {
            ("node ok".to_string(), 0)
        } else {
            let step = &trace.steps[drawn[v - 1]];
            let class = match step.action {
                Action::Conflict | Action::DeadEnd => "node bad",
                _ if success[v] => "node ok",
                _ => "node gone",
            };
            (class.to_string(), step.number)
        };
        writeln!(
            out,
            r##"<g class="{class}" data-step="{step}"><rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{BOX_H}" rx="5"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="10">{}</text><text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text></g>"##,
            x - w / 2.0,
            y - BOX_H / 2.0,
            y - 3.0,
            escape(head),
            y + 11.0,
            escape(body)
        )
        .unwrap();
    }
    out.push_str("</svg>\n");
    out
}

const TREE_STYLE: &str = r##"<style>
.edge { fill: none; stroke: #aaa; stroke-width: 1.2; }
.edge.ok { stroke: #2e8b57; stroke-width: 2.4; }
.node rect { fill: #f2f2f2; stroke: #999; }
.node.ok rect { fill: #e3f4ea; stroke: #2e8b57; stroke-width: 1.6; }
.node.bad rect { fill: #fde2e2; stroke: #d62728; }
.node.gone text { fill: #777; }
.node.current rect { stroke: #000; stroke-width: 3; }
</style>
"##;
