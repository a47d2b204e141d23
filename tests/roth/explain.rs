//! `roth explain`: the traces of the D-algorithm checked against independent means (the
//! reference simulator, exhaustive simulation, gate functions replayed over the recorded
//! values), the pictures, and the HTML page in headless Chromium.

use std::path::Path;
use std::process::Command;

use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::circuit::{FaultUniverse, Netlist, NodeKind};
use roth::explain::circuit::{Options, circuit_svg, explain_fault};
use roth::explain::{Action, Trace};

use crate::helpers::{
    C17, parse, project_file, reference_detects, roth, scratch_dir, stderr, stdout,
};

/// A value's good and faulty sides (None for X).
fn sides(value: &str) -> (Option<bool>, Option<bool>) {
    let one = |s: &str| match s {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    };
    match value {
        "D" => (Some(true), Some(false)),
        "D'" => (Some(false), Some(true)),
        v => match v.split_once('/') {
            Some((g, f)) => (one(g), one(f)),
            None => (one(v), one(v)),
        },
    }
}

/// Checks one trace against the circuit: after every decision, every gate whose inputs are
/// all known in the good circuit has the output its function gives (implication as replayed
/// from the recorded changes); every D-frontier gate has an error on an input and none on its
/// output; every J-frontier gate's good output is set and not implied by its inputs.
fn check_trace(netlist: &Netlist, trace: &Trace) {
    let name = |n: roth::circuit::NodeId| netlist.net_name(n).to_string();
    for step in &trace.steps {
        let state = trace.state_at(step.number, "X");
        let good = |n: roth::circuit::NodeId| sides(&state[n.index()]).0;
        if step.action != Action::Decision {
            continue;
        }
        for g in netlist.nodes() {
            let NodeKind::Gate(kind) = netlist.kind(g) else {
                continue;
            };
            let inputs: Option<Vec<bool>> = netlist.fanins(g).iter().map(|&f| good(f)).collect();
            if let Some(inputs) = inputs {
                assert_eq!(
                    good(g),
                    Some(kind.eval_bools(inputs.into_iter())),
                    "{}: step {}: gate {} disagrees with its inputs",
                    trace.target,
                    step.number,
                    name(g)
                );
            }
        }
        for f in &step.frontiers {
            for item in &f.items {
                let gate = item.split('(').next().unwrap();
                let g = netlist.find(gate).expect("frontier items are nets");
                if f.name == "D-frontier" {
                    let error_in = netlist
                        .fanins(g)
                        .iter()
                        .any(|&i| matches!(state[i.index()].as_str(), "D" | "D'"))
                        || trace.target.contains(&format!("->{gate} "));
                    assert!(
                        error_in,
                        "{}: step {}: D-frontier {gate} has no error in",
                        trace.target, step.number
                    );
                    assert!(!matches!(state[g.index()].as_str(), "D" | "D'"));
                } else if !item.contains("faulty") {
                    let NodeKind::Gate(kind) = netlist.kind(g) else {
                        panic!("J-frontier items are gates")
                    };
                    let out = good(g).expect("an unjustified gate's output is set");
                    let inputs: Vec<Option<bool>> =
                        netlist.fanins(g).iter().map(|&f| good(f)).collect();
                    assert!(
                        inputs.iter().any(Option::is_none),
                        "{}: step {}: {gate} has every input set\n{}",
                        trace.target,
                        step.number,
                        trace.text()
                    );
                    if let Some(c) = kind.controlling_value() {
                        // Justified once one input is controlling.
                        assert!(!inputs.contains(&Some(c)), "{gate} is justified");
                        assert_eq!(out ^ kind.is_inverting(), c, "{gate}: controlled output");
                    }
                }
            }
        }
    }
}

/// Input values of a test line `inputs: a=0 b=X ...`, with don't-cares as `fill`.
fn test_inputs(netlist: &Netlist, trace: &Trace, fill: bool) -> Vec<bool> {
    let line = trace
        .verdict
        .lines
        .iter()
        .find(|l| l.starts_with("inputs: "))
        .expect("a test");
    let values: Vec<(&str, &str)> = line["inputs: ".len()..]
        .split(' ')
        .map(|kv| kv.rsplit_once('=').unwrap())
        .collect();
    assert_eq!(values.len(), netlist.inputs().len());
    netlist
        .inputs()
        .iter()
        .zip(values)
        .map(|(&i, (name, v))| {
            assert_eq!(netlist.net_name(i), name);
            match v {
                "0" => false,
                "1" => true,
                _ => fill,
            }
        })
        .collect()
}

/// Every fault of small circuits, Roth's and FAN's way: the verdict agrees with exhaustive
/// simulation by the reference simulator, the test detects the fault whatever its
/// don't-cares, the recorded values replay consistently, and the last step's inputs are the
/// test's.
#[test]
fn traces_agree_with_exhaustive_simulation_on_small_circuits() {
    let mut circuits = vec![("c17".to_string(), parse(C17))];
    for seed in 0..6 {
        let n = generate(
            Family::Random,
            24 + 6 * seed as usize,
            RandomOptions { seed, dffs: 1 },
        )
        .unwrap();
        if n.inputs().len() <= 12 {
            circuits.push((format!("random {seed}"), n));
        }
    }
    circuits.push((
        "redundant".into(),
        parse("INPUT(a)\nINPUT(b)\nOUTPUT(y)\nna = NOT(a)\nr = AND(a, na)\ny = OR(r, b)\n"),
    ));
    let mut verdicts = [0usize; 3];
    let mut backtracking = 0;
    for (label, netlist) in &circuits {
        let universe = FaultUniverse::new(netlist);
        let k = netlist.inputs().len();
        for strategy in [
            roth::circuit::dalg::Justification::Cubes,
            roth::circuit::dalg::Justification::Backtrace,
        ] {
            let options = Options {
                strategy,
                ..Options::default()
            };
            for &fault in universe.faults() {
                let trace = explain_fault(netlist, label, fault, &options);
                check_trace(netlist, &trace);
                let testable = (0..1u32 << k).any(|p| {
                    let inputs: Vec<bool> = (0..k).map(|i| p >> i & 1 == 1).collect();
                    reference_detects(netlist, &inputs, fault)
                });
                match trace.verdict.kind.as_str() {
                    "test" => {
                        verdicts[0] += 1;
                        for fill in [false, true] {
                            let inputs = test_inputs(netlist, &trace, fill);
                            assert!(
                                reference_detects(netlist, &inputs, fault),
                                "{label}: {}",
                                trace.target
                            );
                        }
                        let last = trace.steps.last().expect("steps");
                        assert_eq!(last.action, Action::Found);
                        let state = trace.state_at(trace.steps.len(), "X");
                        let zero = test_inputs(netlist, &trace, false);
                        let one = test_inputs(netlist, &trace, true);
                        for (j, &i) in netlist.inputs().iter().enumerate() {
                            let shown = sides(&state[i.index()]).0;
                            let expected = (zero[j] == one[j]).then_some(zero[j]);
                            assert_eq!(
                                shown,
                                expected,
                                "{label}: {}: input {}",
                                trace.target,
                                netlist.net_name(i)
                            );
                        }
                    }
                    "untestable" => {
                        verdicts[1] += 1;
                        assert!(!testable, "{label}: {} called untestable", trace.target);
                    }
                    _ => verdicts[2] += 1,
                }
                if trace
                    .steps
                    .iter()
                    .any(|s| matches!(s.action, Action::Backtrack | Action::Conflict))
                {
                    backtracking += 1;
                }
            }
        }
    }
    assert_eq!(verdicts[2], 0, "no search on these small circuits gives up");
    assert!(verdicts[1] > 0, "the redundant circuit's faults are proved");
    assert!(backtracking > 0, "some traces backtrack");
}

/// On c17 with Roth's strategy, 16 sa1 is excited, driven through 22, justified, found.
#[test]
fn c17_trace_reads_like_the_textbook() {
    let netlist = parse(C17);
    let universe = FaultUniverse::new(&netlist);
    let fault = universe.fault(universe.find(&netlist, "16 sa1").unwrap());
    let trace = explain_fault(&netlist, "c17.bench", fault, &Options::default());
    let kinds: Vec<Option<&str>> = trace
        .steps
        .iter()
        .map(|s| s.subtask_kind.as_deref())
        .collect();
    assert_eq!(
        kinds,
        [
            Some("excitation"),
            Some("propagation"),
            Some("justification"),
            None
        ]
    );
    assert_eq!(trace.steps[0].text, "16 = D' (good 0, faulty 1)");
    assert_eq!(trace.steps[1].text, "22 (NAND) = D");
    let text = trace.text();
    assert!(text.contains("D-frontier: 22(D) 23(D)"), "{text}");
    assert!(text.contains("J-frontier: (empty)"), "{text}");
    assert!(text.contains("inputs: 1=X 2=1 3=0 6=X 7=X"), "{text}");
    // The decision tree has a node per alternative and marks the path to the test.
    let tree = roth::explain::tree::svg(&trace);
    assert_eq!(tree.matches("data-step=").count(), 5);
    assert_eq!(tree.matches("class=\"node ok\"").count(), 5);
    // The circuit picture shows the step's values: D on 22 at the end, X before the start.
    let end = circuit_svg(&netlist, fault, "c17", &trace.state_at(4, "X"));
    let start = circuit_svg(&netlist, fault, "c17", &trace.state_at(0, "X"));
    let twenty_two = netlist.find("22").unwrap().index();
    assert!(end.contains(&format!(
        "data-t=\"{twenty_two}\" data-e=\"{twenty_two}\" data-c=\"d\">D<"
    )));
    assert!(start.contains(&format!(
        "data-t=\"{twenty_two}\" data-e=\"{twenty_two}\" data-c=\"x\">X<"
    )));
    assert!(end.contains("× sa1"));
}

/// A search that conflicts and backjumps: every backtrack undoes exactly what was set since
/// the subtask was pushed (replayed state before the first alternative equals the state after
/// the backtrack).
#[test]
fn backtracking_restores_the_state_before_the_subtask() {
    let Some(dir) = crate::helpers::shared_circuits("iscas85") else {
        return;
    };
    let netlist = roth::circuit::read_bench(&dir.join("c432.bench"))
        .unwrap()
        .netlist;
    let universe = FaultUniverse::new(&netlist);
    let mut seen = 0;
    for name in ["27 sa0", "259 sa1", "40 sa1"] {
        let fault = universe.fault(universe.find(&netlist, name).unwrap());
        let trace = explain_fault(&netlist, "c432", fault, &Options::default());
        check_trace(&netlist, &trace);
        for (k, step) in trace.steps.iter().enumerate() {
            if step.action != Action::Backtrack {
                continue;
            }
            // The first alternative of the popped subtask: the latest step at this depth
            // numbered 1.
            let first = trace.steps[..k]
                .iter()
                .rposition(|s| s.depth == step.depth && s.alternative.is_some_and(|a| a.0 == 1))
                .expect("the popped subtask was tried");
            assert_eq!(
                trace.state_at(step.number, "X"),
                trace.state_at(first, "X"),
                "{name}: step {}",
                step.number
            );
            seen += 1;
        }
    }
    assert!(seen > 0);
}

#[test]
fn explain_on_the_command_line() {
    let dir = scratch_dir("explain_cli");
    let c17 = project_file("circuits/c17.bench");
    let c17 = c17.to_str().unwrap();
    let o = roth(&dir, &["explain", c17, "--fault", "16 sa1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("excite the fault"));
    let o = roth(
        &dir,
        &["explain", c17, "--fault", "16 sa1", "--format", "json"],
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["verdict"]["kind"], "test");
    assert_eq!(json["steps"].as_array().unwrap().len(), 4);
    // Pictures.
    let o = roth(
        &dir,
        &[
            "explain",
            c17,
            "--fault",
            "11->16 sa0",
            "--svg",
            "t.svg",
            "--circuit-svg",
            "c.svg",
            "--step",
            "1",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let c = std::fs::read_to_string(dir.join("c.svg")).unwrap();
    assert!(c.contains("after step 1") && c.contains("× sa0"));
    assert!(
        std::fs::read_to_string(dir.join("t.svg"))
            .unwrap()
            .contains("decision tree")
    );
    // Nothing overwritten without --force, and nothing printed then.
    let o = roth(
        &dir,
        &["explain", c17, "--fault", "16 sa1", "--svg", "t.svg"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--force"));
    assert!(stdout(&o).is_empty());
    // Bad input: a fault that does not exist, a step past the end.
    let o = roth(&dir, &["explain", c17, "--fault", "99 sa1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no fault named `99 sa1`"),
        "{}",
        stderr(&o)
    );
    let o = roth(
        &dir,
        &[
            "explain",
            c17,
            "--fault",
            "16 sa1",
            "--circuit-svg",
            "d.svg",
            "--step",
            "9",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the trace has 4 steps"));
    // The page is self-contained: no address to load anything from.
    let o = roth(
        &dir,
        &[
            "explain", c17, "--fault", "16 sa1", "--format", "html", "-o", "p.html",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(dir.join("p.html")).unwrap();
    for external in ["src=", "href=", "@import", "url(http", "//cdn"] {
        assert!(!page.contains(external), "the page refers to {external}");
    }
}

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// Runs headless Chromium on `url`: the DOM after the page's script ran, and a screenshot.
fn render(browser: &str, dir: &Path, url: &str, png: &str) -> String {
    let profile = dir.join(format!("profile-{png}"));
    let base = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--window-size=1400,1000",
        "--virtual-time-budget=3000",
    ];
    let run = |extra: &str| {
        Command::new(browser)
            .args(base)
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(extra)
            .arg(url)
            .current_dir(dir)
            .output()
            .expect("chromium runs")
    };
    let shot = run(&format!("--screenshot={}", dir.join(png).display()));
    assert!(
        dir.join(png).exists(),
        "no screenshot: {}",
        String::from_utf8_lossy(&shot.stderr)
    );
    stdout(&run("--dump-dom"))
}

/// The page as a person sees it, in headless Chromium: the step text shown, the counter, the
/// picture's values changing between steps, the keyboard moving through them.
#[test]
fn explain_page_steps_through_the_trace_in_chromium() {
    let Some(browser) = chromium() else {
        eprintln!("skipping: no chromium (Debian's `chromium`; .ci/run installs it)");
        return;
    };
    let dir = scratch_dir("explain_page");
    let c17 = project_file("circuits/c17.bench");
    let o = roth(
        &dir,
        &[
            "explain",
            c17.to_str().unwrap(),
            "--fault",
            "16 sa1",
            "--format",
            "html",
            "-o",
            "c17.html",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let url = format!("file://{}", dir.join("c17.html").display());
    let start = render(browser, &dir, &format!("{url}#step=0"), "step0.png");
    let two = render(browser, &dir, &format!("{url}#step=2"), "step2.png");
    let end = render(browser, &dir, &format!("{url}#step=4"), "step4.png");
    assert!(start.contains("id=\"counter\">start (4 steps)<"), "{start}");
    assert!(two.contains("id=\"counter\">step 2 of 4<"));
    assert!(two.contains("2. D-drive through one of 22(D) 23(D) [1/2]: 22 (NAND) = D"));
    assert!(end.contains("test found"));
    // The value on 22: X at the start, D after the D-drive.
    let label = |dom: &str| {
        let twenty_two = parse(C17).find("22").unwrap().index();
        let key = format!("data-t=\"{twenty_two}\"");
        let from = dom.find(&key).expect("22's value label");
        let rest = &dom[from..];
        rest[rest.find('>').unwrap() + 1..rest.find('<').unwrap()].to_string()
    };
    assert_eq!(label(&start), "X");
    assert_eq!(label(&two), "D");
    // The pictures differ between steps.
    let png = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_ne!(png("step0.png"), png("step2.png"));
    assert_ne!(png("step2.png"), png("step4.png"));
    // Keys: two steps forward and one back from the start land on step 1.
    let keys = render(
        browser,
        &dir,
        &format!("{url}#step=0&keys=ArrowRight,ArrowRight,ArrowLeft"),
        "keys.png",
    );
    assert!(keys.contains("id=\"counter\">step 1 of 4<"), "{keys}");
}

/// Every mutant of Mid: a test the trace ends with kills the mutant when run again in the
/// interpreter; a mutant it calls equivalent survives every input with values in -2..=2 (all
/// orderings of three ints, ties included); the trace has the thesis's three subtasks; when a
/// test is found, the mutated statement was run by both versions.
#[test]
fn mutant_traces_agree_with_the_interpreter_on_mid() {
    use roth::explain::program::{ProgramOptions, explain_mutant};
    use roth::program::execution::analysis::{TestCase, tells_apart};
    use roth::program::execution::interp::{Limits as RunLimits, Value};
    use roth::program::reader::semantics::Kind;
    let path = project_file("programs/Mid.java");
    let source = std::fs::read_to_string(&path).unwrap();
    let unit = roth::program::load("Mid.java", &source).unwrap();
    let mutants = roth::program::mutants::mutant::generate(&unit).mutants;
    let limits = RunLimits::default();
    let ints = |args: &[i64]| {
        args.iter()
            .map(|&a| Value::Prim(Kind::Int, a))
            .collect::<Vec<_>>()
    };
    let mut kinds = std::collections::BTreeSet::new();
    let mut verdicts = std::collections::BTreeMap::new();
    for m in &mutants {
        let cfg = roth::program::model::cfg::Cfg::new(&unit, m.class, m.method).unwrap();
        let trace = explain_mutant(&unit, "Mid.java", m, &cfg, &ProgramOptions::default()).unwrap();
        *verdicts.entry(trace.verdict.kind.clone()).or_insert(0) += 1;
        kinds.extend(trace.steps.iter().filter_map(|s| s.subtask_kind.clone()));
        let test = |args: Vec<Value>| TestCase {
            name: "t".into(),
            class: m.class,
            method: m.method,
            args,
            fields: Vec::new(),
            receiver: None,
        };
        match trace.verdict.kind.as_str() {
            "test" => {
                let line = &trace.verdict.lines[0];
                let inside = &line[line.find('(').unwrap() + 1..line.rfind(')').unwrap()];
                let args: Vec<i64> = inside.split(", ").map(|a| a.parse().unwrap()).collect();
                assert!(
                    tells_apart(&unit, m, &test(ints(&args)), limits).unwrap(),
                    "mutant {}: {line} does not kill it",
                    m.id
                );
                // The mutated statement's node ran (in both versions, unless the mutant
                // deletes it).
                let state = trace.state_at(trace.steps.len(), "-");
                let site = cfg
                    .graph
                    .node_indices()
                    .find(|&n| n != cfg.entry && cfg.graph[n].span.line == m.line)
                    .unwrap();
                let expected = if m.replacement.trim() == ";" {
                    "original"
                } else {
                    "both"
                };
                assert_eq!(state[site.index()], expected, "mutant {}", m.id);
                assert_eq!(trace.steps.last().unwrap().action, Action::Found);
            }
            "equivalent" => {
                for p in 0..125i64 {
                    let args = [p % 5 - 2, p / 5 % 5 - 2, p / 25 - 2];
                    assert!(
                        !tells_apart(&unit, m, &test(ints(&args)), limits).unwrap(),
                        "mutant {} called equivalent, killed by {args:?}",
                        m.id
                    );
                }
            }
            other => panic!("mutant {}: {other}", m.id),
        }
    }
    assert!(verdicts.get("test").copied().unwrap_or(0) > 0);
    assert!(
        verdicts.get("equivalent").copied().unwrap_or(0) > 0,
        "{verdicts:?}"
    );
    for k in ["MEE", "MEP", "JUST"] {
        assert!(kinds.contains(k), "{kinds:?}");
    }
}

#[test]
fn explain_a_mutant_on_the_command_line_and_in_chromium() {
    let dir = scratch_dir("explain_mutant");
    let mid = project_file("programs/Mid.java");
    let mid = mid.to_str().unwrap();
    let o = roth(
        &dir,
        &[
            "explain",
            mid,
            "--mutant",
            "16",
            "--cfg-svg",
            "mid.svg",
            "--svg",
            "tree.svg",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("excitation at line 5"), "{text}");
    assert!(text.contains("test: mid("), "{text}");
    let svg = std::fs::read_to_string(dir.join("mid.svg")).unwrap();
    assert!(svg.contains("region-mee") && svg.contains("data-c=\"both\""));
    // An equivalent mutant: the search's proof, and the region local analysis proves it in.
    let o = roth(&dir, &["explain", mid, "--mutant", "17"]);
    let text = stdout(&o);
    assert!(text.contains("\nequivalent\n"), "{text}");
    assert!(
        text.contains(
            "local analysis (thesis ch. 2) agrees: no input of the region on lines 5 to 17"
        ),
        "{text}"
    );
    // Bad input.
    let o = roth(&dir, &["explain", mid, "--mutant", "9999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no mutant 9999"), "{}", stderr(&o));
    let o = roth(&dir, &["explain", mid, "--fault", "x sa0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = roth(
        &dir,
        &[
            "explain", mid, "--mutant", "16", "--format", "html", "-o", "mid.html",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let Some(browser) = chromium() else {
        eprintln!(
            "skipping the page check: no chromium (Debian's `chromium`; .ci/run installs it)"
        );
        return;
    };
    let url = format!("file://{}", dir.join("mid.html").display());
    let start = render(browser, &dir, &format!("{url}#step=0"), "start.png");
    let end = render(browser, &dir, &format!("{url}#step=11"), "end.png");
    assert!(end.contains("id=\"counter\">step 11 of 11<"), "{end}");
    assert!(end.contains("test found"));
    // The node the mutant alone ran (n4, `if (x < y)`): not run at the start, by the mutant
    // only at the end.
    let status = |dom: &str| {
        let from = dom.find("data-e=\"4\"").expect("node n4 is marked");
        let rest = &dom[from..];
        let c = &rest[rest.find("data-c=\"").unwrap() + 8..];
        c[..c.find('"').unwrap()].to_string()
    };
    assert_eq!(status(&start), "x");
    assert_eq!(status(&end), "mut");
    assert_ne!(
        std::fs::read(dir.join("start.png")).unwrap(),
        std::fs::read(dir.join("end.png")).unwrap()
    );
}

#[test]
fn analogy_on_the_command_line() {
    let dir = scratch_dir("analogy");
    let o = roth(&dir, &["analogy", "--format", "markdown"]);
    assert!(o.status.success());
    let table = stdout(&o);
    assert!(table.contains("| redundant fault (proved by exhausted search) | equivalent mutant"));
    assert!(table.contains("`src/circuit/dalg/model.rs`"));
    let o = roth(&dir, &["analogy"]);
    assert!(stdout(&o).contains("J-frontier / UEL"));
}
