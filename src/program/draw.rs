//! Drawings of a method's control-flow graph with its data dependences: Graphviz DOT text, and
//! SVG laid out by roth itself (no Graphviz needed).
//!
//! The SVG layout is layered (after Sugiyama): back edges are found by a depth-first search
//! from the entry, every node gets the rank of its longest path from the entry over the other
//! edges, an edge that spans several ranks passes through invisible points on each rank, and
//! a few barycenter sweeps order each rank to untangle edges. Back edges run up a lane on the
//! right, data dependences (dashed, labelled with the variable) up or down lanes on the left.

use std::fmt::Write as _;

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use super::cfg::{Cfg, EdgeKind, NodeKind};

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn escape_dot(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn short(label: &str, max: usize) -> String {
    if label.chars().count() > max {
        format!("{}…", label.chars().take(max - 1).collect::<String>())
    } else {
        label.to_string()
    }
}

/// The graph as Graphviz DOT: control flow solid, data dependences dashed.
pub fn dot(cfg: &Cfg, title: &str) -> String {
    let mut out = String::new();
    writeln!(out, "digraph \"{}\" {{", escape_dot(title)).unwrap();
    writeln!(
        out,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    )
    .unwrap();
    for n in cfg.graph.node_indices() {
        let node = &cfg.graph[n];
        let shape = match node.kind {
            NodeKind::Entry | NodeKind::Exit => "oval",
            NodeKind::Predicate(_) => "diamond",
            _ => "box",
        };
        writeln!(
            out,
            "  n{} [label=\"n{}: {}\", shape={shape}];",
            n.index(),
            n.index(),
            escape_dot(&short(&node.label, 48))
        )
        .unwrap();
    }
    for e in cfg.graph.edge_references() {
        let label = e.weight().to_string();
        writeln!(
            out,
            "  n{} -> n{}{};",
            e.source().index(),
            e.target().index(),
            if label.is_empty() {
                String::new()
            } else {
                format!(" [label=\"{}\"]", escape_dot(&label))
            }
        )
        .unwrap();
    }
    for (d, u, v) in cfg.data_dependences() {
        writeln!(
            out,
            "  n{} -> n{} [style=dashed, color=\"#2a7ab0\", fontcolor=\"#2a7ab0\", label=\"{}\", constraint=false];",
            d.index(),
            u.index(),
            escape_dot(&cfg.var_name(v))
        )
        .unwrap();
    }
    out.push_str("}\n");
    out
}

const CHAR_W: f64 = 7.2;
const BOX_H: f64 = 26.0;
const RANK_GAP: f64 = 58.0;
const NODE_GAP: f64 = 28.0;
const LANE: f64 = 14.0;

/// A point of the layout: a real node or a waypoint of a long edge.
#[derive(Clone, Debug)]
struct Slot {
    node: Option<NodeIndex>,
    rank: usize,
    width: f64,
    x: f64,
}

/// The graph as SVG.
pub fn svg(cfg: &Cfg, title: &str, data_dependences: bool) -> String {
    let n = cfg.graph.node_count();
    // Back edges by depth-first search from the entry (iterative).
    let mut state = vec![0u8; n]; // 0 new, 1 on stack, 2 done
    let mut back = hashbrown::HashSet::new();
    let mut stack = vec![(cfg.entry, 0usize)];
    state[cfg.entry.index()] = 1;
    while let Some((v, i)) = stack.pop() {
        let succ: Vec<NodeIndex> = {
            let mut s: Vec<_> = cfg
                .graph
                .edges(v)
                .map(|e| (e.id().index(), e.target()))
                .collect();
            s.sort();
            s.into_iter().map(|(_, t)| t).collect()
        };
        if i < succ.len() {
            stack.push((v, i + 1));
            let w = succ[i];
            match state[w.index()] {
                0 => {
                    state[w.index()] = 1;
                    stack.push((w, 0));
                }
                1 => {
                    back.insert((v, w));
                }
                _ => {}
            }
        } else {
            state[v.index()] = 2;
        }
    }
    // Longest-path ranks over forward edges (Kahn's order).
    let forward: Vec<(NodeIndex, NodeIndex, String)> = cfg
        .graph
        .edge_references()
        .filter(|e| !back.contains(&(e.source(), e.target())) && e.source() != e.target())
        .map(|e| (e.source(), e.target(), e.weight().to_string()))
        .collect();
    let mut indegree = vec![0usize; n];
    for (_, t, _) in &forward {
        indegree[t.index()] += 1;
    }
    let mut rank = vec![0usize; n];
    let mut queue: Vec<NodeIndex> = cfg
        .graph
        .node_indices()
        .filter(|v| indegree[v.index()] == 0)
        .collect();
    let mut qi = 0;
    while qi < queue.len() {
        let v = queue[qi];
        qi += 1;
        for (s, t, _) in &forward {
            if *s == v {
                rank[t.index()] = rank[t.index()].max(rank[v.index()] + 1);
                indegree[t.index()] -= 1;
                if indegree[t.index()] == 0 {
                    queue.push(*t);
                }
            }
        }
    }
    // The exit goes last, on a rank of its own.
    let max_rank = cfg
        .graph
        .node_indices()
        .filter(|v| *v != cfg.exit)
        .map(|v| rank[v.index()])
        .max()
        .unwrap_or(0);
    rank[cfg.exit.index()] = max_rank + 1;
    let ranks = rank.iter().copied().max().unwrap_or(0) + 1;

    let mut slots: Vec<Slot> = cfg
        .graph
        .node_indices()
        .map(|v| Slot {
            node: Some(v),
            rank: rank[v.index()],
            width: node_width(&short(&cfg.graph[v].label, 44)),
            x: 0.0,
        })
        .collect();
    // Long edges pass through waypoints on each rank they cross.
    let mut paths: Vec<(Vec<usize>, String)> = Vec::new();
    for (s, t, label) in &forward {
        let (rs, rt) = (rank[s.index()], rank[t.index()]);
        let mut path = vec![s.index()];
        for r in rs + 1..rt {
            slots.push(Slot {
                node: None,
                rank: r,
                width: 8.0,
                x: 0.0,
            });
            path.push(slots.len() - 1);
        }
        path.push(t.index());
        paths.push((path, label.clone()));
    }
    // Order within ranks: source order, then barycenter sweeps.
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); ranks];
    for (i, s) in slots.iter().enumerate() {
        rows[s.rank].push(i);
    }
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); slots.len()];
    for (path, _) in &paths {
        for w in path.windows(2) {
            neighbours[w[0]].push(w[1]);
            neighbours[w[1]].push(w[0]);
        }
    }
    let mut position = vec![0.0f64; slots.len()];
    let place = |rows: &Vec<Vec<usize>>, position: &mut Vec<f64>| {
        for row in rows {
            for (k, &i) in row.iter().enumerate() {
                position[i] = k as f64;
            }
        }
    };
    place(&rows, &mut position);
    for sweep in 0..6 {
        let order: Vec<usize> = if sweep % 2 == 0 {
            (1..ranks).collect()
        } else {
            (0..ranks.saturating_sub(1)).rev().collect()
        };
        for r in order {
            let adjacent_rank = if sweep % 2 == 0 { r - 1 } else { r + 1 };
            let mut keyed: Vec<(f64, usize)> = rows[r]
                .iter()
                .map(|&i| {
                    let ns: Vec<f64> = neighbours[i]
                        .iter()
                        .filter(|&&j| slots[j].rank == adjacent_rank)
                        .map(|&j| position[j])
                        .collect();
                    let key = if ns.is_empty() {
                        position[i]
                    } else {
                        ns.iter().sum::<f64>() / ns.len() as f64
                    };
                    (key, i)
                })
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            rows[r] = keyed.into_iter().map(|(_, i)| i).collect();
            place(&rows, &mut position);
        }
    }
    // x coordinates: each row laid out from its left, then centred on the widest row.
    let row_width = |row: &Vec<usize>, slots: &Vec<Slot>| -> f64 {
        row.iter().map(|&i| slots[i].width).sum::<f64>()
            + NODE_GAP * row.len().saturating_sub(1) as f64
    };
    let widest = rows
        .iter()
        .map(|r| row_width(r, &slots))
        .fold(0.0, f64::max);
    let data = if data_dependences {
        cfg.data_dependences()
    } else {
        Vec::new()
    };
    // Definitions with the nodes that use them.
    let mut data_groups: Vec<(NodeIndex, super::cfg::Var, Vec<NodeIndex>)> = Vec::new();
    for (d, u, v) in &data {
        match data_groups
            .iter_mut()
            .find(|(gd, gv, _)| gd == d && gv == v)
        {
            Some(g) => g.2.push(*u),
            None => data_groups.push((*d, *v, vec![*u])),
        }
    }
    let left_margin = 40.0 + LANE * data_groups.len() as f64;
    for row in &rows {
        let mut x = left_margin + (widest - row_width(row, &slots)) / 2.0;
        for &i in row {
            slots[i].x = x + slots[i].width / 2.0;
            x += slots[i].width + NODE_GAP;
        }
    }
    let y_of = |r: usize| 74.0 + r as f64 * (BOX_H + RANK_GAP);
    let back_edges: Vec<(NodeIndex, NodeIndex)> = {
        let mut b: Vec<_> = back.iter().copied().collect();
        b.sort();
        b
    };
    let right = left_margin + widest + 30.0;
    let width = (right + LANE * (back_edges.len() + 1) as f64 + 20.0).max(640.0);
    let height = y_of(ranks) + 20.0;

    let mut out = String::new();
    writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans Mono, monospace" font-size="12">"##
    )
    .unwrap();
    out.push_str(
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker><marker id="darrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#2a7ab0"/></marker></defs>
<rect width="100%" height="100%" fill="white"/>
"##,
    );
    writeln!(
        out,
        r##"<text x="12" y="22" font-size="14" font-weight="bold">{}</text>"##,
        escape_xml(title)
    )
    .unwrap();
    writeln!(
        out,
        r##"<text x="12" y="38" font-size="11" fill="#555">solid: control flow (T/F: branch taken)   dashed: data dependence, labelled with its variable</text>"##
    )
    .unwrap();
    let center = |i: usize| (slots[i].x, y_of(slots[i].rank));
    // Forward edges through their waypoints.
    for (path, label) in &paths {
        let mut d = String::new();
        let (x0, y0) = center(path[0]);
        write!(d, "M{:.1},{:.1}", x0, y0 + BOX_H / 2.0).unwrap();
        for w in path.windows(2) {
            let (xa, ya) = center(w[0]);
            let (xb, yb) = center(w[1]);
            let ya = if slots[w[0]].node.is_some() {
                ya + BOX_H / 2.0
            } else {
                ya
            };
            let yb = if slots[w[1]].node.is_some() {
                yb - BOX_H / 2.0
            } else {
                yb
            };
            let mid = (ya + yb) / 2.0;
            write!(d, " C{xa:.1},{mid:.1} {xb:.1},{mid:.1} {xb:.1},{yb:.1}").unwrap();
        }
        writeln!(
            out,
            r##"<path d="{d}" fill="none" stroke="#333" stroke-width="1.3" marker-end="url(#arrow)"/>"##
        )
        .unwrap();
        if !label.is_empty() {
            let (xa, ya) = center(path[0]);
            let (xb, _) = center(path[1]);
            let lx = xa + (xb - xa) * 0.25 + if xb >= xa { 6.0 } else { -6.0 };
            writeln!(
                out,
                r##"<text x="{lx:.1}" y="{:.1}" font-size="11" fill="#a33" text-anchor="{}">{}</text>"##,
                ya + BOX_H / 2.0 + 14.0,
                if xb >= xa { "start" } else { "end" },
                escape_xml(label)
            )
            .unwrap();
        }
    }
    // Back edges up lanes on the right: out of the source's bottom, along the gap below its
    // row, up the lane, along the gap above the target's row, into the target's top.
    let gap = RANK_GAP / 2.0;
    for (k, (s, t)) in back_edges.iter().enumerate() {
        let (xs, ys) = center(s.index());
        let (xt, yt) = center(t.index());
        let lane = right + LANE * k as f64;
        let below = ys + BOX_H / 2.0 + gap * 0.35 + 3.0 * (k % 4) as f64;
        let above = yt - BOX_H / 2.0 - gap * 0.35 - 3.0 * (k % 4) as f64;
        let (sx, tx) = (
            xs + slots[s.index()].width * 0.3,
            xt + slots[t.index()].width * 0.3,
        );
        writeln!(
            out,
            r##"<path d="M{sx:.1},{:.1} L{sx:.1},{below:.1} L{lane:.1},{below:.1} L{lane:.1},{above:.1} L{tx:.1},{above:.1} L{tx:.1},{:.1}" fill="none" stroke="#333" stroke-width="1.3" stroke-linejoin="round" marker-end="url(#arrow)"/>"##,
            ys + BOX_H / 2.0,
            yt - BOX_H / 2.0
        )
        .unwrap();
        let label = cfg
            .graph
            .edges_connecting(*s, *t)
            .next()
            .map(|e| e.weight().to_string())
            .unwrap_or_default();
        if !label.is_empty() {
            writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#a33">{}</text>"##,
                sx + 4.0,
                below - 3.0,
                escape_xml(&label)
            )
            .unwrap();
        }
    }
    // Data dependences on the left: one lane per definition, from the defining node to each
    // node using it, routed the same way through the row gaps.
    for (k, (d, v, uses)) in data_groups.iter().enumerate() {
        let (xd, yd) = center(d.index());
        let lane = left_margin - 16.0 - LANE * k as f64;
        let jitter = 3.0 * (k % 5) as f64;
        let below = yd + BOX_H / 2.0 + gap * 0.6 + jitter;
        let sx = xd - slots[d.index()].width / 2.0 + 10.0 + jitter;
        let mut path = format!(
            "M{sx:.1},{:.1} L{sx:.1},{below:.1} L{lane:.1},{below:.1}",
            yd + BOX_H / 2.0
        );
        let mut extent = (below, below);
        for u in uses {
            let (xu, yu) = center(u.index());
            let above = yu - BOX_H / 2.0 - gap * 0.6 - jitter;
            let tx = xu - slots[u.index()].width / 2.0 + 10.0 + jitter;
            write!(
                path,
                " M{lane:.1},{below:.1} L{lane:.1},{above:.1} L{tx:.1},{above:.1} L{tx:.1},{:.1}",
                yu - BOX_H / 2.0
            )
            .unwrap();
            extent = (extent.0.min(above), extent.1.max(above));
        }
        writeln!(
            out,
            r##"<path d="{path}" fill="none" stroke="#2a7ab0" stroke-width="1" stroke-dasharray="4 3" opacity="0.75" marker-end="url(#darrow)"/>"##
        )
        .unwrap();
        // Arrowheads on every branch: draw each branch's last segment again with a marker.
        for u in uses {
            let (xu, yu) = center(u.index());
            let above = yu - BOX_H / 2.0 - gap * 0.6 - jitter;
            let tx = xu - slots[u.index()].width / 2.0 + 10.0 + jitter;
            writeln!(
                out,
                r##"<path d="M{tx:.1},{above:.1} L{tx:.1},{:.1}" stroke="#2a7ab0" stroke-width="1" marker-end="url(#darrow)"/>"##,
                yu - BOX_H / 2.0
            )
            .unwrap();
        }
        let ly = (extent.0 + extent.1) / 2.0;
        writeln!(
            out,
            r##"<text x="{:.1}" y="{ly:.1}" font-size="10" fill="#2a7ab0" text-anchor="middle" transform="rotate(-90 {:.1} {ly:.1})">{}</text>"##,
            lane - 3.0,
            lane - 3.0,
            escape_xml(&cfg.var_name(*v))
        )
        .unwrap();
    }
    // Nodes on top.
    for (i, slot) in slots.iter().enumerate() {
        let Some(v) = slot.node else { continue };
        let node = &cfg.graph[v];
        let (x, y) = center(i);
        let (w, h) = (slot.width, BOX_H);
        let (fill, stroke, rx) = match node.kind {
            NodeKind::Entry | NodeKind::Exit => ("#e8e8e8", "#555", h / 2.0),
            NodeKind::Predicate(_) => ("#fff4d6", "#b08a2a", 10.0),
            _ => ("#eef5ff", "#4a6fa5", 3.0),
        };
        writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" rx="{rx:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1.2"/>"##,
            x - w / 2.0,
            y - h / 2.0
        )
        .unwrap();
        writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#888">n{}</text>"##,
            x - w / 2.0 + 4.0,
            y + 4.0,
            v.index()
        )
        .unwrap();
        writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            x + 8.0,
            y + 4.0,
            escape_xml(&short(&node.label, 44))
        )
        .unwrap();
    }
    out.push_str("</svg>\n");
    out
}

fn node_width(label: &str) -> f64 {
    label.chars().count() as f64 * CHAR_W + 40.0
}

/// Labels of the control-flow edges out of a node, for reports.
pub fn edge_summary(cfg: &Cfg, n: NodeIndex) -> String {
    let mut parts = Vec::new();
    for e in cfg.graph.edges(n) {
        let label = e.weight();
        if *label == EdgeKind::Flow {
            parts.push(format!("n{}", e.target().index()));
        } else {
            parts.push(format!("n{} ({label})", e.target().index()));
        }
    }
    parts.sort();
    parts.join(", ")
}
