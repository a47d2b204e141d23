//! The search's limits and the switches of the advanced methods ([Zhang 2021] ch. 4), each on
//! unless switched off for ablation (`roth ablation`).

/// Limits of one search.
#[derive(Clone, Debug)]
pub struct Options {
    /// Iterations a path may take through one loop (the thesis's iteration-time limit).
    pub iterations: u32,
    /// Solver decisions to check that a new edge condition or effect fits the path (only a
    /// proof of contradiction counts).
    pub check_nodes: u64,
    /// Solver decisions to find a solution of the path (the test's inputs).
    pub justify_nodes: u64,
    /// Solutions of one path tried before its justification counts as cut.
    pub solutions: usize,
    /// Seed of the solver's random value choices after the first solution (§4.3.5.4).
    pub seed: u64,
    /// The advanced methods of ch. 4 this model has, each on unless switched off.
    pub methods: Methods,
}

/// Switches for the advanced methods (thesis ch. 4), for ablation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Methods {
    /// Edge-condition assist for executability (§4.3.1.3): before the effect exists, an edge
    /// from which the mutated statement cannot be reached (or that leaves by an exception)
    /// is no alternative. Off: every edge is tried.
    pub edge_condition_assist: bool,
    /// Indirect EXS implication (§4.3.5.2): a decision with one edge left is taken by
    /// implication. Off: it is a subtask like any other.
    pub indirect_exs_implication: bool,
    /// Multi-pass justification (§4.3.5.3): a path whose first solution does not kill the
    /// mutant is justified again with the solutions found excluded. Off: one solution.
    pub multi_pass_justification: bool,
    /// Solver randomness (§4.3.5.4): the further solutions pick random values. Off: values
    /// nearest zero each time.
    pub solver_randomness: bool,
    /// Test templates (§4.3.5.1): the path that reached a statement for one mutant (the
    /// necessary condition to execute it) is tried first for every other mutant of that
    /// statement. Off: each search finds its own way there.
    pub test_templates: bool,
}

impl Methods {
    pub const ALL: Methods = Methods {
        edge_condition_assist: true,
        indirect_exs_implication: true,
        multi_pass_justification: true,
        solver_randomness: true,
        test_templates: true,
    };

    /// Each switchable method: its name and the switches with it off.
    pub fn ablations() -> Vec<(&'static str, Methods)> {
        let all = Methods::ALL;
        vec![
            (
                "edge-condition assist (4.3.1)",
                Methods {
                    edge_condition_assist: false,
                    ..all
                },
            ),
            (
                "indirect EXS implication (4.3.5.2)",
                Methods {
                    indirect_exs_implication: false,
                    ..all
                },
            ),
            (
                "multi-pass justification (4.3.5.3)",
                Methods {
                    multi_pass_justification: false,
                    ..all
                },
            ),
            (
                "solver randomness (4.3.5.4)",
                Methods {
                    solver_randomness: false,
                    ..all
                },
            ),
            (
                "test templates (4.3.5.1)",
                Methods {
                    test_templates: false,
                    ..all
                },
            ),
        ]
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            iterations: 6,
            check_nodes: 50,
            justify_nodes: 500,
            solutions: 4,
            seed: 1,
            methods: Methods::ALL,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The switches in the struct's order (a new field fails to compile here).
    fn switches(methods: Methods) -> [bool; 5] {
        let Methods {
            edge_condition_assist,
            indirect_exs_implication,
            multi_pass_justification,
            solver_randomness,
            test_templates,
        } = methods;
        [
            edge_condition_assist,
            indirect_exs_implication,
            multi_pass_justification,
            solver_randomness,
            test_templates,
        ]
    }

    #[test]
    fn each_ablation_switches_off_its_own_method_and_no_other() {
        assert_eq!(switches(Methods::ALL), [true; 5]);
        assert_eq!(Options::default().methods, Methods::ALL);
        let ablations = Methods::ablations();
        assert_eq!(ablations.len(), 5, "one per switch");
        for (k, (name, methods)) in ablations.iter().enumerate() {
            let on = switches(*methods);
            let off: Vec<usize> = (0..on.len()).filter(|&i| !on[i]).collect();
            assert_eq!(off, vec![k], "{name}");
        }
    }
}
