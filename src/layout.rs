//! Layered graph layout for roth's own drawings (CFGs, circuits, decision trees), so that no
//! Graphviz is needed.
//!
//! After Sugiyama, Tagawa and Toda (1981): back edges are found by a depth-first search and set
//! aside, every node gets the rank of its longest path from a source over the other edges
//! (longest-path layering), an edge spanning several ranks passes through a waypoint on each
//! rank it crosses, and barycenter sweeps, down and up, reorder each rank by the mean position
//! of its neighbours on the rank before, which removes most crossings. Positions along a rank
//! are then packed from the left with each rank centred on the widest.
//!
//! It also holds the two text helpers every drawing uses ([`escape_xml`], [`shorten`]).
//!
//! The layout knows nothing of the direction it is drawn in: a rank is a row for a CFG drawn
//! top down and a column for a circuit drawn left to right; `size` is a node's extent along
//! its rank.

/// Escapes text for SVG (and HTML).
pub fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A label cut to `max` characters, an ellipsis marking the cut.
pub fn shorten(label: &str, max: usize) -> String {
    if label.chars().count() > max {
        format!("{}…", label.chars().take(max - 1).collect::<String>())
    } else {
        label.to_string()
    }
}

/// What to lay out.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    /// Each node's extent along its rank.
    pub sizes: Vec<f64>,
    /// Directed edges (source, target).
    pub edges: Vec<(usize, usize)>,
    /// Where the depth-first search for back edges starts, in order (a CFG's entry); nodes
    /// not reached from them are searched from afterwards, in index order, so every cycle
    /// loses an edge.
    pub starts: Vec<usize>,
    /// Nodes placed together on a rank of their own after every other node (a CFG's exit, a
    /// circuit's outputs).
    pub last: Vec<usize>,
    /// Moves each source (a node no edge enters) to the rank just before its nearest
    /// successor, so that inputs feeding deep gates (a cone's side inputs) sit beside them
    /// instead of drawing long wires from the first rank.
    pub tight_sources: bool,
}

/// Spacing of a layout.
#[derive(Clone, Copy, Debug)]
pub struct Spacing {
    /// Gap between neighbours on a rank.
    pub gap: f64,
    /// Extent of a long edge's waypoint along its rank.
    pub waypoint: f64,
    /// Where positions along a rank start.
    pub offset: f64,
    /// Barycenter sweeps (alternately down and up).
    pub sweeps: usize,
}

impl Default for Spacing {
    fn default() -> Spacing {
        Spacing {
            gap: 28.0,
            waypoint: 8.0,
            offset: 0.0,
            sweeps: 6,
        }
    }
}

/// A point of an edge between its ends: the rank it crosses and its centre there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Waypoint {
    pub rank: usize,
    pub position: f64,
}

/// Where everything goes.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Per node: its rank.
    pub rank: Vec<usize>,
    /// Per node: its centre along its rank.
    pub position: Vec<f64>,
    /// Per edge: whether it was set aside as a back edge (it closes a cycle, or is a loop on
    /// one node); the caller routes those its own way.
    pub back: Vec<bool>,
    /// Per forward edge: the waypoints on the ranks strictly between its ends (empty for back
    /// edges and for edges between neighbouring ranks).
    pub waypoints: Vec<Vec<Waypoint>>,
    /// Number of ranks.
    pub ranks: usize,
    /// Extent of the widest rank.
    pub widest: f64,
}

/// An item on a rank: a node or a waypoint of edge `edge`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    rank: usize,
    size: f64,
    /// The edge a waypoint belongs to (`None` for nodes).
    edge: Option<usize>,
}

/// Back edges by an iterative depth-first search from `starts`, then from every node not yet
/// reached; successors in edge order.
fn back_edges(n: usize, edges: &[(usize, usize)], starts: &[usize]) -> Vec<bool> {
    let mut out: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, &(s, t)) in edges.iter().enumerate() {
        out[s].push((k, t));
    }
    let mut back = vec![false; edges.len()];
    // 0 new, 1 on the stack, 2 done.
    let mut state = vec![0u8; n];
    for start in starts.iter().copied().chain(0..n) {
        if state[start] != 0 {
            continue;
        }
        state[start] = 1;
        let mut stack = vec![(start, 0usize)];
        while let Some((v, i)) = stack.pop() {
            if let Some(&(k, w)) = out[v].get(i) {
                stack.push((v, i + 1));
                match state[w] {
                    0 => {
                        state[w] = 1;
                        stack.push((w, 0));
                    }
                    1 => back[k] = true,
                    _ => {}
                }
            } else {
                state[v] = 2;
            }
        }
    }
    for (k, &(s, t)) in edges.iter().enumerate() {
        if s == t {
            back[k] = true;
        }
    }
    back
}

/// Lays `graph` out.
pub fn layered(graph: &Graph, spacing: Spacing) -> Layout {
    let n = graph.sizes.len();
    let back = back_edges(n, &graph.edges, &graph.starts);
    let forward: Vec<usize> = (0..graph.edges.len()).filter(|&k| !back[k]).collect();

    // Longest-path ranks over forward edges, in Kahn's order.
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut indegree = vec![0usize; n];
    for &k in &forward {
        let (s, t) = graph.edges[k];
        out[s].push(t);
        indegree[t] += 1;
    }
    let mut rank = vec![0usize; n];
    let mut queue: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &t in &out[v] {
            rank[t] = rank[t].max(rank[v] + 1);
            indegree[t] -= 1;
            if indegree[t] == 0 {
                queue.push(t);
            }
        }
    }
    if graph.tight_sources {
        let mut has_in = vec![false; n];
        for &k in &forward {
            has_in[graph.edges[k].1] = true;
        }
        for v in (0..n).filter(|&v| !has_in[v]) {
            if let Some(nearest) = out[v].iter().map(|&t| rank[t]).min() {
                rank[v] = nearest - 1;
            }
        }
    }
    if !graph.last.is_empty() {
        let mut is_last = vec![false; n];
        for &v in &graph.last {
            is_last[v] = true;
        }
        let others = (0..n)
            .filter(|&v| !is_last[v])
            .map(|v| rank[v])
            .max()
            .map_or(0, |r| r + 1);
        for &v in &graph.last {
            rank[v] = others;
        }
    }
    let ranks = rank.iter().copied().max().map_or(0, |r| r + 1);

    // Nodes first, then each long edge's waypoints.
    let mut slots: Vec<Slot> = (0..n)
        .map(|v| Slot {
            rank: rank[v],
            size: graph.sizes[v],
            edge: None,
        })
        .collect();
    // Per forward edge, the chain of slots it passes through.
    let mut chains: Vec<Vec<usize>> = Vec::with_capacity(forward.len());
    for &k in &forward {
        let (s, t) = graph.edges[k];
        let mut chain = vec![s];
        for r in rank[s] + 1..rank[t] {
            slots.push(Slot {
                rank: r,
                size: spacing.waypoint,
                edge: Some(k),
            });
            chain.push(slots.len() - 1);
        }
        chain.push(t);
        chains.push(chain);
    }

    // Order within ranks: index order, then barycenter sweeps.
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); ranks];
    for (i, s) in slots.iter().enumerate() {
        rows[s.rank].push(i);
    }
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); slots.len()];
    for chain in &chains {
        for w in chain.windows(2) {
            neighbours[w[0]].push(w[1]);
            neighbours[w[1]].push(w[0]);
        }
    }
    let mut order = vec![0.0f64; slots.len()];
    let place = |rows: &[Vec<usize>], order: &mut [f64]| {
        for row in rows {
            for (k, &i) in row.iter().enumerate() {
                order[i] = k as f64;
            }
        }
    };
    place(&rows, &mut order);
    for sweep in 0..spacing.sweeps {
        let down = sweep % 2 == 0;
        let sequence: Vec<usize> = if down {
            (1..ranks).collect()
        } else {
            (0..ranks.saturating_sub(1)).rev().collect()
        };
        for r in sequence {
            let adjacent = if down { r - 1 } else { r + 1 };
            let mut keyed: Vec<(f64, usize)> = rows[r]
                .iter()
                .map(|&i| {
                    let (sum, count) = neighbours[i]
                        .iter()
                        .filter(|&&j| slots[j].rank == adjacent)
                        .fold((0.0, 0usize), |(s, c), &j| (s + order[j], c + 1));
                    let key = if count == 0 {
                        order[i]
                    } else {
                        sum / count as f64
                    };
                    (key, i)
                })
                .collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            rows[r] = keyed.into_iter().map(|(_, i)| i).collect();
            place(&rows, &mut order);
        }
    }

    // Positions: each rank packed from its start, centred on the widest.
    let extent = |row: &[usize]| -> f64 {
        row.iter().map(|&i| slots[i].size).sum::<f64>()
            + spacing.gap * row.len().saturating_sub(1) as f64
    };
    let widest = rows.iter().map(|r| extent(r)).fold(0.0, f64::max);
    let mut position = vec![0.0f64; slots.len()];
    for row in &rows {
        let mut p = spacing.offset + (widest - extent(row)) / 2.0;
        for &i in row {
            position[i] = p + slots[i].size / 2.0;
            p += slots[i].size + spacing.gap;
        }
    }
    let mut waypoints = vec![Vec::new(); graph.edges.len()];
    for chain in &chains {
        for &i in &chain[1..chain.len() - 1] {
            let slot = slots[i];
            let edge = slot.edge.expect("inner chain slots are waypoints");
            waypoints[edge].push(Waypoint {
                rank: slot.rank,
                position: position[i],
            });
        }
    }
    position.truncate(n);
    Layout {
        rank,
        position,
        back,
        waypoints,
        ranks,
        widest,
    }
}

/// Number of pairs of edges that cross between neighbouring ranks, waypoints counted (for
/// tests and for comparing orderings).
pub fn crossings(graph: &Graph, layout: &Layout) -> usize {
    // Every segment between neighbouring ranks: (upper rank, position there, position below).
    let mut segments: Vec<(usize, f64, f64)> = Vec::new();
    for (k, &(s, t)) in graph.edges.iter().enumerate() {
        if layout.back[k] {
            continue;
        }
        let mut points = vec![(layout.rank[s], layout.position[s])];
        points.extend(layout.waypoints[k].iter().map(|w| (w.rank, w.position)));
        points.push((layout.rank[t], layout.position[t]));
        for w in points.windows(2) {
            if w[1].0 == w[0].0 + 1 {
                segments.push((w[0].0, w[0].1, w[1].1));
            }
        }
    }
    let mut count = 0;
    for (i, a) in segments.iter().enumerate() {
        for b in &segments[i + 1..] {
            if a.0 == b.0 && (a.1 - b.1) * (a.2 - b.2) < 0.0 {
                count += 1;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn ranks_are_longest_paths_and_back_edges_are_set_aside() {
        // 0 -> 1 -> 2 -> 3, 0 -> 3, and 3 -> 1 closing a loop.
        let graph = Graph {
            sizes: vec![10.0; 4],
            edges: vec![(0, 1), (1, 2), (2, 3), (0, 3), (3, 1)],
            starts: vec![0],
            last: Vec::new(),
            tight_sources: false,
        };
        let layout = layered(&graph, Spacing::default());
        assert_eq!(layout.rank, vec![0, 1, 2, 3]);
        assert_eq!(layout.back, vec![false, false, false, false, true]);
        // The long edge 0 -> 3 crosses ranks 1 and 2.
        let ranks: Vec<usize> = layout.waypoints[3].iter().map(|w| w.rank).collect();
        assert_eq!(ranks, vec![1, 2]);
        assert_eq!(layout.ranks, 4);
    }

    #[test]
    fn last_nodes_get_a_rank_of_their_own() {
        let graph = Graph {
            sizes: vec![10.0; 4],
            edges: vec![(0, 1), (0, 2), (1, 3)],
            starts: Vec::new(),
            last: vec![2, 3],
            tight_sources: false,
        };
        let layout = layered(&graph, Spacing::default());
        assert_eq!(layout.rank, vec![0, 1, 2, 2]);
    }

    #[test]
    fn nodes_on_a_rank_never_overlap() {
        let mut rng = Rng::new(7);
        for _ in 0..50 {
            let n = 3 + rng.below(30) as usize;
            let sizes: Vec<f64> = (0..n).map(|_| 5.0 + rng.below(40) as f64).collect();
            let edges: Vec<(usize, usize)> = (0..2 * n)
                .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
                .collect();
            let graph = Graph {
                sizes: sizes.clone(),
                edges,
                starts: vec![0],
                last: Vec::new(),
                tight_sources: false,
            };
            let spacing = Spacing::default();
            let layout = layered(&graph, spacing);
            for a in 0..n {
                for b in a + 1..n {
                    if layout.rank[a] == layout.rank[b] {
                        let apart = (layout.position[a] - layout.position[b]).abs();
                        assert!(apart + 1e-9 >= (sizes[a] + sizes[b]) / 2.0 + spacing.gap);
                    }
                }
            }
            // Forward edges go strictly down the ranks.
            for (k, &(s, t)) in graph.edges.iter().enumerate() {
                if !layout.back[k] {
                    assert!(layout.rank[s] < layout.rank[t]);
                }
            }
        }
    }

    #[test]
    fn tight_sources_sit_just_before_their_nearest_successor() {
        // 0 -> 1 -> 2 -> 3, and a side input 4 -> 3.
        let mut graph = Graph {
            sizes: vec![10.0; 5],
            edges: vec![(0, 1), (1, 2), (2, 3), (4, 3)],
            ..Graph::default()
        };
        assert_eq!(layered(&graph, Spacing::default()).rank[4], 0);
        graph.tight_sources = true;
        assert_eq!(
            layered(&graph, Spacing::default()).rank,
            vec![0, 1, 2, 3, 2]
        );
    }

    #[test]
    fn sweeps_untangle_a_crossed_bipartite_graph() {
        // Two ranks whose index order crosses every edge pair: 0-5, 1-4, 2-3.
        let graph = Graph {
            sizes: vec![10.0; 6],
            edges: vec![(0, 5), (1, 4), (2, 3)],
            starts: Vec::new(),
            last: Vec::new(),
            tight_sources: false,
        };
        let unswept = layered(
            &graph,
            Spacing {
                sweeps: 0,
                ..Spacing::default()
            },
        );
        assert_eq!(crossings(&graph, &unswept), 3);
        let swept = layered(&graph, Spacing::default());
        assert_eq!(crossings(&graph, &swept), 0);
    }
}
