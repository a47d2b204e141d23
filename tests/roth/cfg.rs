//! Control-flow graphs and their analyses, checked against their definitions by brute force
//! on every method of every shipped program: dominators and post-dominators by reachability
//! with a node removed, reaching definitions by path search, def-use chains against the front
//! end's definite assignment; and `roth cfg`'s report and drawings.

use petgraph::Direction;
use petgraph::graph::NodeIndex;

use roth::program::load;
use roth::program::model::cfg::{Cfg, Var};

use crate::helpers::{project_file, roth, scratch_dir, stderr, stdout};
use crate::java::shipped_programs;

/// Nodes reachable from `from` along `direction` without passing through `removed`.
fn reachable(
    cfg: &Cfg,
    from: NodeIndex,
    removed: Option<NodeIndex>,
    direction: Direction,
) -> Vec<bool> {
    let mut seen = vec![false; cfg.graph.node_count()];
    if Some(from) == removed {
        return seen;
    }
    let mut stack = vec![from];
    seen[from.index()] = true;
    while let Some(v) = stack.pop() {
        for w in cfg.graph.neighbors_directed(v, direction) {
            if Some(w) != removed && !seen[w.index()] {
                seen[w.index()] = true;
                stack.push(w);
            }
        }
    }
    seen
}

fn every_cfg() -> Vec<(String, roth::program::Unit, u32, u32)> {
    let mut out = Vec::new();
    let mut files = shipped_programs();
    files.push(project_file("tests/roth/java/Semantics.java"));
    for path in files {
        let unit = load(
            &path.display().to_string(),
            &std::fs::read_to_string(&path).unwrap(),
        )
        .unwrap();
        for (ci, c) in unit.classes[..unit.file_classes()].iter().enumerate() {
            for (mi, m) in c.methods.iter().enumerate() {
                out.push((
                    format!("{}.{}", c.name, m.signature()),
                    unit.clone(),
                    ci as u32,
                    mi as u32,
                ));
            }
        }
    }
    out
}

#[test]
fn dominators_and_post_dominators_match_their_definitions() {
    let mut checked = 0;
    for (name, unit, c, m) in every_cfg() {
        let cfg = Cfg::new(&unit, c, m).unwrap();
        let from_entry = reachable(&cfg, cfg.entry, None, Direction::Outgoing);
        let to_exit = reachable(&cfg, cfg.exit, None, Direction::Incoming);
        for d in cfg.graph.node_indices() {
            let without_d = reachable(&cfg, cfg.entry, Some(d), Direction::Outgoing);
            let without_d_to_exit = reachable(&cfg, cfg.exit, Some(d), Direction::Incoming);
            for n in cfg.graph.node_indices() {
                if from_entry[n.index()] {
                    // d dominates n iff n is not reachable from the entry once d is removed.
                    let expected = d == n || !without_d[n.index()];
                    assert_eq!(
                        cfg.dominates(d, n),
                        expected,
                        "{name}: n{} dom n{}",
                        d.index(),
                        n.index()
                    );
                }
                if to_exit[n.index()] {
                    let expected = d == n || !without_d_to_exit[n.index()];
                    assert_eq!(
                        cfg.post_dominates(d, n),
                        expected,
                        "{name}: n{} pdom n{}",
                        d.index(),
                        n.index()
                    );
                }
                checked += 1;
            }
        }
        // Every node but the exit is reachable (Java rejects unreachable statements).
        for n in cfg.graph.node_indices() {
            assert!(
                from_entry[n.index()] || n == cfg.exit,
                "{name}: n{} unreachable",
                n.index()
            );
        }
    }
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn reaching_definitions_match_a_path_search_and_definite_assignment() {
    for (name, unit, c, m) in every_cfg() {
        let cfg = Cfg::new(&unit, c, m).unwrap();
        for u in &cfg.uses {
            // A definition reaches a use iff some path leads from it to the use without
            // another (killing) definition of the variable on the way.
            let mut expected = Vec::new();
            for (i, d) in cfg.definitions.iter().enumerate() {
                if d.var != u.var {
                    continue;
                }
                let kills = |n: NodeIndex| {
                    !matches!(u.var, Var::Elements(_)) && cfg.graph[n].defs.contains(&u.var)
                };
                let mut seen = vec![false; cfg.graph.node_count()];
                let mut stack: Vec<NodeIndex> = cfg.graph.neighbors(d.node).collect();
                let mut found = false;
                while let Some(v) = stack.pop() {
                    if seen[v.index()] {
                        continue;
                    }
                    seen[v.index()] = true;
                    if v == u.node {
                        found = true;
                        break;
                    }
                    if !kills(v) {
                        stack.extend(cfg.graph.neighbors(v));
                    }
                }
                if found {
                    expected.push(i);
                }
            }
            assert_eq!(
                u.reaching,
                expected,
                "{name}: use{} of {}",
                u.number,
                cfg.var_name(u.var)
            );
            // Java's definite assignment guarantees a definition reaches every use of a local.
            if let Var::Local(_) = u.var {
                assert!(
                    !u.reaching.is_empty(),
                    "{name}: use{} of {} has no definition",
                    u.number,
                    cfg.var_name(u.var)
                );
            }
        }
    }
}

#[test]
fn gcd_has_the_expected_graph() {
    let path = project_file("programs/Gcd.java");
    let unit = load("Gcd.java", &std::fs::read_to_string(path).unwrap()).unwrap();
    let cfg = Cfg::new(&unit, 0, 0).unwrap();
    // entry, exit, two abs statements, the loop, three body statements, the return.
    assert_eq!(cfg.graph.node_count(), 9);
    let labels: Vec<&str> = cfg
        .graph
        .node_indices()
        .map(|n| cfg.graph[n].label.as_str())
        .collect();
    let loop_node = NodeIndex::new(labels.iter().position(|l| *l == "while (b != 0)").unwrap());
    let body: Vec<NodeIndex> = ["int r = a % b;", "a = b;", "b = r;"]
        .iter()
        .map(|l| NodeIndex::new(labels.iter().position(|x| x == l).unwrap()))
        .collect();
    for n in &body {
        assert!(
            cfg.control_dependences
                .iter()
                .any(|(p, _, x)| *p == loop_node && x == n)
        );
        assert!(cfg.dominates(loop_node, *n));
    }
    // The dependence graph: r = a % b depends on the loop's T branch and on the definitions
    // of a and b that reach it.
    let dependences = cfg.dependence_graph();
    let into_r: Vec<_> = dependences
        .edges_directed(body[0], Direction::Incoming)
        .map(|e| e.weight().clone())
        .collect();
    assert!(
        into_r.contains(&roth::program::model::cfg::Dependence::Control(
            roth::program::model::cfg::EdgeKind::True
        ))
    );
    assert_eq!(
        into_r
            .iter()
            .filter(|d| matches!(d, roth::program::model::cfg::Dependence::Data(_)))
            .count(),
        4
    );
    let io = cfg.inputs_outputs(&unit, 0, 0);
    assert_eq!(io.inputs, vec!["a", "b"]);
    assert_eq!(io.outputs, vec!["return value"]);
    // a is defined by the parameter, by Math.abs and in the loop: def1..def3.
    let a_defs = cfg
        .definitions
        .iter()
        .filter(|d| cfg.var_name(d.var) == "a")
        .count();
    assert_eq!(a_defs, 3);
}

#[test]
fn inputs_and_outputs_include_fields_arrays_and_printing() {
    let unit = load(
        "Q.java",
        &std::fs::read_to_string(project_file("programs/QuickSort.java")).unwrap(),
    )
    .unwrap();
    let (c, m) = unit.find_method("partition").unwrap();
    let io = Cfg::new(&unit, c, m).unwrap().inputs_outputs(&unit, c, m);
    assert!(io.inputs.contains(&"a[]".to_string()), "{io:?}");
    assert!(
        io.inputs.contains(&"this.comparisons".to_string()),
        "{io:?}"
    );
    assert!(
        io.outputs.contains(&"this.comparisons".to_string()),
        "{io:?}"
    );
    assert!(io.outputs.contains(&"a[]".to_string()), "{io:?}");
    let unit = load(
        "D.java",
        &std::fs::read_to_string(project_file("programs/DayOfYear.java")).unwrap(),
    )
    .unwrap();
    let io = Cfg::new(&unit, 0, 0).unwrap().inputs_outputs(&unit, 0, 0);
    assert_eq!(
        io.outputs,
        vec!["return value", "thrown exception", "System.out"]
    );
}

#[test]
fn roth_cfg_reports_and_draws() {
    let dir = scratch_dir("cfg-cli");
    let file = project_file("programs/BinarySearch.java");
    let o = roth(
        &dir,
        &[
            "cfg",
            file.to_str().unwrap(),
            "-m",
            "search",
            "--svg",
            "g.svg",
            "--dot",
            "g.dot",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("while (low <= high)"), "{text}");
    assert!(
        text.contains("def-use chains:") && text.contains("def1(low)"),
        "{text}"
    );
    assert!(text.contains("inputs: a, a[], key"), "{text}");
    let svg = std::fs::read_to_string(dir.join("g.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<svg").count(), 1);
    assert!(svg.contains("while (low &lt;= high)"));
    let dot = std::fs::read_to_string(dir.join("g.dot")).unwrap();
    assert!(dot.starts_with("digraph") && dot.contains("style=dashed"));
    // Existing files are kept unless --force.
    let o = roth(
        &dir,
        &[
            "cfg",
            file.to_str().unwrap(),
            "-m",
            "search",
            "--svg",
            "g.svg",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    // When a PNG renderer is installed, the drawing must render.
    if let Ok(r) = std::process::Command::new("rsvg-convert")
        .arg("g.svg")
        .arg("-o")
        .arg("g.png")
        .current_dir(&dir)
        .output()
    {
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        assert!(std::fs::metadata(dir.join("g.png")).unwrap().len() > 1000);
    }
}
