//! What a trace reads between steps (`roth explain`): the CFG nodes each version ran (the
//! nodes whose EXS is "executed", [Zhang 2021] ch. 3.4), the versions' states, the path
//! conditions, and each choice in words. Read-only views of the search state; searches that
//! ask for none pay nothing.

use hashbrown::HashMap;

use crate::solver::ExprId;

use crate::program::proofs::symbolic::Sym;
use crate::program::reader::ir::{Stmt, StmtKind};

use super::model::SwDalgorithm;
use super::subtask::{Choice, Version};
use super::walker::{Edge, To};

/// A CFG node a walker ran, by the id the CFG names it with ([`crate::program::model::cfg::NodeKind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ran {
    /// A simple statement (its id).
    Statement(u32),
    /// A branching condition (its statement's id).
    Predicate(u32),
    /// A `for` loop's update expression (its id).
    Update(u32),
}

/// Statement ids and update ids (a kind of id each) as keys.
fn ran_tag(r: Ran) -> u8 {
    match r {
        Ran::Statement(_) | Ran::Predicate(_) => 0,
        Ran::Update(_) => 1,
    }
}

fn ran_id(r: Ran) -> u32 {
    match r {
        Ran::Statement(id) | Ran::Predicate(id) | Ran::Update(id) => id,
    }
}

/// Every statement of `stmts` and below, and every `for` update, with where it starts, as the
/// walkers record them.
fn cfg_nodes(stmts: &[Stmt], out: &mut Vec<(u32, Ran)>) {
    for s in stmts {
        let ran = match &s.kind {
            StmtKind::If { .. } | StmtKind::Switch { .. } => Ran::Predicate(s.id.0),
            _ => Ran::Statement(s.id.0),
        };
        out.push((s.span.start, ran));
        match &s.kind {
            StmtKind::If {
                then, otherwise, ..
            } => {
                cfg_nodes(std::slice::from_ref(then), out);
                if let Some(o) = otherwise {
                    cfg_nodes(std::slice::from_ref(o), out);
                }
            }
            StmtKind::While { body, .. }
            | StmtKind::Do { body, .. }
            | StmtKind::ForEach { body, .. }
            | StmtKind::Labeled { body, .. } => cfg_nodes(std::slice::from_ref(body), out),
            StmtKind::For {
                init, update, body, ..
            } => {
                cfg_nodes(init, out);
                out.extend(update.iter().map(|u| (u.span.start, Ran::Update(u.id.0))));
                cfg_nodes(std::slice::from_ref(body), out);
            }
            StmtKind::Block(inner) => cfg_nodes(inner, out),
            StmtKind::Switch { groups, .. } => {
                for g in groups {
                    cfg_nodes(&g.stmts, out);
                }
            }
            _ => {}
        }
    }
}

/// One version's state as a trace shows it.
#[derive(Clone, Debug)]
pub struct VersionView {
    /// The CFG nodes run so far, in order (those whose EXS is "executed").
    pub ran: Vec<Ran>,
    /// The decision the version waits at: its line and what it is (`if`, `while`, ...).
    pub waiting: Option<(u32, &'static str)>,
    pub finished: bool,
    /// It may loop on past the iteration-time limit.
    pub hangs: bool,
    /// The source's locals with a value, as Java expressions over the inputs.
    pub locals: Vec<(String, String)>,
    /// The value returned, once it is known.
    pub returned: Option<String>,
}

/// Terms deeper than this print as `…` in traces.
const SHOW_DEPTH: usize = 6;

/// What a trace reads between steps (`roth explain`): read-only views of the search state.
impl SwDalgorithm<'_> {
    /// Records the CFG nodes each version runs from now on (for traces).
    pub(crate) fn record_path(&mut self) {
        for w in &mut self.walkers {
            w.ran.get_or_insert_with(Vec::new);
        }
        // The mutant's nodes are matched to the original's by where they start, the text
        // after the edit shifted back by the edit's change in length.
        let (mut original, mut mutant) = (Vec::new(), Vec::new());
        cfg_nodes(self.bodies.0, &mut original);
        cfg_nodes(self.bodies.1, &mut mutant);
        let by_place: HashMap<(u32, u8), Ran> = original
            .into_iter()
            .map(|(start, r)| ((start, ran_tag(r)), r))
            .collect();
        let edit_end = i64::from(self.site.1) + self.delta;
        let mut map = HashMap::new();
        for (start, r) in mutant {
            let at = i64::from(start);
            let place = if at >= edit_end { at - self.delta } else { at };
            if let Some(&o) = u32::try_from(place)
                .ok()
                .and_then(|p| by_place.get(&(p, ran_tag(r))))
            {
                map.insert((ran_tag(r), ran_id(r)), ran_id(o));
            }
        }
        self.to_original = Some(map);
    }

    /// Whether the effect exists (after excitation).
    pub(crate) fn excited(&self) -> bool {
        self.excited
    }

    fn show_sym(&self, s: Sym) -> String {
        match s {
            Sym::Prim(e) => self.show(e),
            Sym::Ref(r) => format!("ref#{r}"),
        }
    }

    /// A term as Java, the inputs named after the locals they are the entry values of.
    fn show(&self, e: ExprId) -> String {
        let mut text = self.ex.problem.show(e, SHOW_DEPTH);
        if text.contains("Local(") {
            for (id, (name, _)) in self.locals.iter().enumerate() {
                text = text.replace(&format!("Local({id})"), name);
            }
        }
        text
    }

    /// Version `w` (0 the original, 1 the mutant).
    pub(crate) fn version_view(&self, w: usize) -> VersionView {
        let walker = &self.walkers[w];
        let mut locals: Vec<(String, String)> = walker
            .state
            .local_values()
            .filter(|&(id, _)| self.locals.get(id as usize).is_some_and(|l| l.1))
            .map(|(id, v)| (self.locals[id as usize].0.clone(), self.show_sym(v)))
            .collect();
        locals.sort();
        VersionView {
            ran: match (&walker.ran, &self.to_original) {
                (Some(ran), Some(map)) if w == 1 => ran
                    .iter()
                    .filter_map(|&r| {
                        let id = *map.get(&(ran_tag(r), ran_id(r)))?;
                        Some(match r {
                            Ran::Statement(_) => Ran::Statement(id),
                            Ran::Predicate(_) => Ran::Predicate(id),
                            Ran::Update(_) => Ran::Update(id),
                        })
                    })
                    .collect(),
                (Some(ran), _) => ran.clone(),
                (None, _) => Vec::new(),
            },
            waiting: walker.pending.as_ref().map(|p| (p.line, p.what)),
            finished: walker.finished,
            hangs: walker.hangs,
            locals,
            returned: walker
                .state
                .ret
                .filter(|_| walker.finished)
                .map(|r| self.show_sym(r)),
        }
    }

    /// The path conditions required so far, as Java expressions.
    pub(crate) fn path_conditions(&self) -> Vec<String> {
        self.ex
            .problem
            .constraints()
            .iter()
            .filter_map(|c| match c {
                crate::solver::Constraint::Holds(e) => Some(self.show(*e)),
                crate::solver::Constraint::Exclude(_) => None,
            })
            .collect()
    }

    /// A choice in words, read before it is applied.
    pub(crate) fn describe(&self, choice: &Choice) -> String {
        match *choice {
            Choice::Edge { version, index } => {
                let w = usize::from(version == Version::Mutant);
                let Some(p) = &self.walkers[w].pending else {
                    return format!("edge {index}");
                };
                let who = match version {
                    Version::Both => "both versions",
                    Version::Original => "the original",
                    Version::Mutant => "the mutant",
                };
                match p.edges.get(index) {
                    Some(Edge {
                        to: To::Stop, when, ..
                    }) => format!(
                        "{who}: leave by an exception at line {} (when {})",
                        p.line,
                        self.show(*when)
                    ),
                    Some(Edge { to: To::Hang, .. }) => format!(
                        "{who}: loop on past the iteration-time limit at line {}",
                        p.line
                    ),
                    Some(Edge { when, arm, .. }) => format!(
                        "{who}: {} at line {}, arm {arm}, when {}",
                        p.what,
                        p.line,
                        self.show(*when)
                    ),
                    None => format!("edge {index}"),
                }
            }
            Choice::Effect {
                term,
                excites: true,
            } => format!("the effect appears: {}", self.show(term)),
            Choice::Effect { excites: false, .. } => {
                "no effect at this execution: the versions stay equal".into()
            }
            Choice::Solution(k) => match self.candidates.get(k) {
                Some(w) => {
                    let args: Vec<String> = w.args.iter().map(|a| a.to_string()).collect();
                    let mut s = format!(
                        "candidate test ({}), run in the interpreter",
                        args.join(", ")
                    );
                    for (f, v) in &w.fields {
                        s.push_str(&format!(", field {f} = {v}"));
                    }
                    s
                }
                None => format!("candidate test {}", k + 1),
            },
            Choice::GiveUp => {
                "give up: the solver could not decide, or the code is not modelled".into()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::program::model::cfg::{Cfg, NodeKind};

    /// One method with every kind of statement the walkers record.
    const WALKS: &str = r#"
public class Walks {
    public static int mixed(int[] a, int k) {
        int s = 0;
        outer:
        for (int i = 0, j = 1; i < a.length; i++, j++) {
            for (int x : a) {
                if (x == k) {
                    continue outer;
                }
                if (x < 0) {
                    break outer;
                }
                s += x;
            }
        }
        do {
            s--;
        } while (s > 100);
        switch (k) {
            case 1:
                s++;
                break;
            case 2: {
                s += 2;
            }
            default:
                s = -s;
        }
        while (s > 1000) s /= 2;
        return s;
    }
}
"#;

    #[test]
    fn every_cfg_node_has_one_place_to_be_matched_by() {
        let unit = crate::program::load("Walks.java", WALKS).expect("the source parses");
        let (class, method) = unit.find_method("mixed").expect("the method exists");
        let body = unit.method(class, method).body.as_ref().expect("supported");
        let mut nodes = Vec::new();
        cfg_nodes(&body.stmts, &mut nodes);
        // A mutant's node is matched to the original's by (place, tag): each names one node.
        let mut places: Vec<(u32, u8)> = nodes.iter().map(|&(at, r)| (at, ran_tag(r))).collect();
        places.sort();
        let before = places.len();
        places.dedup();
        assert_eq!(places.len(), before, "two nodes at one place: {nodes:?}");
        // Every node of the CFG is among them, under the key the walkers record it with.
        let keys: hashbrown::HashSet<(u8, u32)> = nodes
            .iter()
            .map(|&(_, r)| (ran_tag(r), ran_id(r)))
            .collect();
        let cfg = Cfg::new(&unit, class, method).expect("supported");
        let mut checked = 0;
        for n in cfg.graph.node_indices() {
            let key = match cfg.graph[n].kind {
                NodeKind::Entry | NodeKind::Exit => continue,
                NodeKind::Statement(id) => (ran_tag(Ran::Statement(id.0)), id.0),
                NodeKind::Predicate(id) => (ran_tag(Ran::Predicate(id.0)), id.0),
                NodeKind::Update(id) => (ran_tag(Ran::Update(id.0)), id.0),
            };
            assert!(keys.contains(&key), "{:?}", cfg.graph[n].label);
            checked += 1;
        }
        // Counted by hand: 13 statements (the for-each's start among them), 7 predicates, 2
        // updates.
        assert_eq!(checked, 22);
    }
}
