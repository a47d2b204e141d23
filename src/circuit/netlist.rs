//! The gate-level netlist: a flat, levelized, topologically ordered array of nodes.
//!
//! Every net of the circuit is one node, named after the net and driven by one of: a primary
//! input, a pseudo-primary input (the output `Q` of a flip-flop under full scan), or a gate.
//! Nodes are numbered by level (inputs first) and, within a level, by the order of their
//! definition in the source, so a plain index loop is a topological traversal and the order is
//! deterministic.
//!
//! Full scan: each flip-flop is cut. Its output becomes a pseudo-primary input and its data
//! input a pseudo-primary output, so the circuit seen by simulation and test generation is
//! combinational. The *scan view* orders inputs as primary inputs then pseudo-primary inputs
//! (flip-flops in declaration order) and outputs as primary outputs then pseudo-primary outputs
//! (same flip-flop order). Pattern files use exactly these orders.

use std::fmt;

use hashbrown::HashMap;

/// Index of a node (a net) in a [`Netlist`]; nodes are in topological order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The position of the node in the netlist's node array.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The node at position `index` (which must be below `u32::MAX`).
    pub(crate) fn from_index(index: usize) -> NodeId {
        NodeId(u32::try_from(index).expect("more than 2^32 nodes"))
    }
}

/// The logic function of a gate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GateKind {
    And,
    Nand,
    Or,
    Nor,
    Xor,
    Xnor,
    Not,
    Buf,
}

impl GateKind {
    /// Every gate kind, in a fixed order (used for statistics tables).
    pub const ALL: [GateKind; 8] = [
        GateKind::And,
        GateKind::Nand,
        GateKind::Or,
        GateKind::Nor,
        GateKind::Xor,
        GateKind::Xnor,
        GateKind::Not,
        GateKind::Buf,
    ];

    /// The `.bench` keyword written for this kind.
    pub fn keyword(self) -> &'static str {
        match self {
            GateKind::And => "AND",
            GateKind::Nand => "NAND",
            GateKind::Or => "OR",
            GateKind::Nor => "NOR",
            GateKind::Xor => "XOR",
            GateKind::Xnor => "XNOR",
            GateKind::Not => "NOT",
            GateKind::Buf => "BUFF",
        }
    }

    /// Parses a gate keyword in any case (`BUF` and `BUFF` are the same; `INV` is `NOT`).
    pub(crate) fn from_keyword(word: &str) -> Option<GateKind> {
        let kinds = [
            ("AND", GateKind::And),
            ("NAND", GateKind::Nand),
            ("OR", GateKind::Or),
            ("NOR", GateKind::Nor),
            ("XOR", GateKind::Xor),
            ("XNOR", GateKind::Xnor),
            ("NOT", GateKind::Not),
            ("INV", GateKind::Not),
            ("BUF", GateKind::Buf),
            ("BUFF", GateKind::Buf),
        ];
        kinds
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(word))
            .map(|&(_, kind)| kind)
    }

    /// Whether the gate takes exactly one input.
    pub fn is_unary(self) -> bool {
        matches!(self, GateKind::Not | GateKind::Buf)
    }

    /// Whether the output is inverted relative to the underlying AND/OR/XOR/BUF function.
    pub fn is_inverting(self) -> bool {
        matches!(
            self,
            GateKind::Nand | GateKind::Nor | GateKind::Xnor | GateKind::Not
        )
    }

    /// The input value that alone determines the output (0 for AND/NAND, 1 for OR/NOR), if any.
    pub fn controlling_value(self) -> Option<bool> {
        match self {
            GateKind::And | GateKind::Nand => Some(false),
            GateKind::Or | GateKind::Nor => Some(true),
            _ => None,
        }
    }

    /// Evaluates the gate on 64 patterns at once (bit `i` of each word is pattern `i`).
    #[inline]
    pub(crate) fn eval_words(self, mut inputs: impl Iterator<Item = u64>) -> u64 {
        let first = inputs.next().unwrap_or(0);
        match self {
            GateKind::And => inputs.fold(first, |acc, v| acc & v),
            GateKind::Nand => !inputs.fold(first, |acc, v| acc & v),
            GateKind::Or => inputs.fold(first, |acc, v| acc | v),
            GateKind::Nor => !inputs.fold(first, |acc, v| acc | v),
            GateKind::Xor => inputs.fold(first, |acc, v| acc ^ v),
            GateKind::Xnor => !inputs.fold(first, |acc, v| acc ^ v),
            GateKind::Not => !first,
            GateKind::Buf => first,
        }
    }

    /// Evaluates the gate on one pattern.
    pub fn eval_bools(self, inputs: impl Iterator<Item = bool>) -> bool {
        self.eval_words(inputs.map(|b| if b { !0 } else { 0 })) & 1 == 1
    }
}

impl fmt::Display for GateKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// What drives a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// A primary input (declared with `INPUT`, or an undriven net treated as one).
    Input,
    /// The output of a scanned flip-flop: a pseudo-primary input.
    PseudoInput,
    /// A gate output.
    Gate(GateKind),
}

/// One gate input pin: the `pin`-th input of `gate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pin {
    pub gate: NodeId,
    pub pin: u32,
}

/// A scanned flip-flop: `q = DFF(d)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dff {
    /// The flip-flop output, a pseudo-primary input.
    pub q: NodeId,
    /// The net feeding the flip-flop's data input, a pseudo-primary output.
    pub d: NodeId,
}

/// A position in a source file (1-based line and column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    pub line: u32,
    pub column: u32,
}

/// A combinational, full-scan view of a gate-level circuit. See the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Netlist {
    name: String,
    kinds: Vec<NodeKind>,
    names: Vec<String>,
    levels: Vec<u32>,
    fanin_offsets: Vec<u32>,
    fanin_list: Vec<NodeId>,
    fanout_offsets: Vec<u32>,
    fanout_list: Vec<Pin>,
    /// Number of output positions (PO or PPO) each node is observed at.
    observations: Vec<u32>,
    primary_inputs: Vec<NodeId>,
    primary_outputs: Vec<NodeId>,
    dffs: Vec<Dff>,
    inputs: Vec<NodeId>,
    outputs: Vec<NodeId>,
    undriven: Vec<NodeId>,
    by_name: HashMap<String, NodeId>,
    depth: u32,
    /// The stem of each node's fanout-free region.
    stems: Vec<NodeId>,
}

impl Netlist {
    /// The circuit's name (usually the file stem).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of nodes (nets).
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether the netlist has no node at all (never true for a built netlist).
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// All nodes in topological order.
    pub fn nodes(&self) -> impl DoubleEndedIterator<Item = NodeId> + ExactSizeIterator + use<> {
        (0..self.len() as u32).map(NodeId)
    }

    pub fn kind(&self, node: NodeId) -> NodeKind {
        self.kinds[node.index()]
    }

    /// The gate kind of `node`, or `None` for inputs and pseudo-inputs.
    pub fn gate_kind(&self, node: NodeId) -> Option<GateKind> {
        match self.kinds[node.index()] {
            NodeKind::Gate(kind) => Some(kind),
            _ => None,
        }
    }

    pub fn net_name(&self, node: NodeId) -> &str {
        &self.names[node.index()]
    }

    /// Distance from the inputs: 0 for inputs, 1 + the largest fanin level for gates.
    pub(crate) fn level(&self, node: NodeId) -> u32 {
        self.levels[node.index()]
    }

    /// The stem of the fanout-free region holding `node`: `node` itself when an output
    /// observes it or it feeds other than exactly one gate pin, else the stem of the one gate
    /// it feeds. A value change at `node` reaches the rest of the circuit only through its
    /// stem, along the one path there.
    #[inline]
    pub(crate) fn stem(&self, node: NodeId) -> NodeId {
        self.stems[node.index()]
    }

    fn fanout_free_stems(&self) -> Vec<NodeId> {
        let mut stems: Vec<NodeId> = self.nodes().collect();
        // Fanouts come later in topological order, so their stems are known first.
        for node in self.nodes().rev() {
            if let [only] = self.fanouts(node)
                && !self.is_observed(node)
            {
                stems[node.index()] = stems[only.gate.index()];
            }
        }
        stems
    }

    /// The largest level of any node.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The nets feeding `node`, in pin order (empty for inputs).
    #[inline]
    pub fn fanins(&self, node: NodeId) -> &[NodeId] {
        let i = node.index();
        &self.fanin_list[self.fanin_offsets[i] as usize..self.fanin_offsets[i + 1] as usize]
    }

    /// The gate pins `node` feeds, ordered by gate then pin.
    #[inline]
    pub(crate) fn fanouts(&self, node: NodeId) -> &[Pin] {
        let i = node.index();
        &self.fanout_list[self.fanout_offsets[i] as usize..self.fanout_offsets[i + 1] as usize]
    }

    /// How many output positions (primary or pseudo-primary) observe `node` directly.
    pub(crate) fn observations(&self, node: NodeId) -> u32 {
        self.observations[node.index()]
    }

    /// Whether `node` is observed directly at some output.
    #[inline]
    pub(crate) fn is_observed(&self, node: NodeId) -> bool {
        self.observations[node.index()] > 0
    }

    /// Number of sinks of the net: gate pins it feeds plus outputs observing it.
    pub(crate) fn sinks(&self, node: NodeId) -> usize {
        self.fanouts(node).len() + self.observations(node) as usize
    }

    /// Whether the net is a fanout stem, i.e. its gate pins are separate fanout branches.
    pub fn has_branches(&self, node: NodeId) -> bool {
        self.sinks(node) > 1
    }

    /// Primary inputs, in declaration order (undriven nets last, in order of first use).
    pub fn primary_inputs(&self) -> &[NodeId] {
        &self.primary_inputs
    }

    /// Primary outputs, in declaration order, each once.
    pub fn primary_outputs(&self) -> &[NodeId] {
        &self.primary_outputs
    }

    /// Flip-flops in declaration order.
    pub fn dffs(&self) -> &[Dff] {
        &self.dffs
    }

    /// Scan-view inputs: primary inputs, then flip-flop outputs.
    pub fn inputs(&self) -> &[NodeId] {
        &self.inputs
    }

    /// Scan-view outputs: primary outputs, then flip-flop data inputs.
    pub fn outputs(&self) -> &[NodeId] {
        &self.outputs
    }

    /// Nets that are used but never driven; they were made primary inputs.
    pub fn undriven(&self) -> &[NodeId] {
        &self.undriven
    }

    /// The node of the net called `name`.
    pub fn find(&self, name: &str) -> Option<NodeId> {
        self.by_name.get(name).copied()
    }

    /// Gate nodes, in topological order.
    pub fn gates(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes()
            .filter(|&n| matches!(self.kinds[n.index()], NodeKind::Gate(_)))
    }

    /// Number of gates (flip-flops are not gates).
    pub fn gate_count(&self) -> usize {
        self.kinds
            .iter()
            .filter(|k| matches!(k, NodeKind::Gate(_)))
            .count()
    }

    /// Nets that drive nothing: no gate pin and no output.
    pub fn dangling(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes().filter(|&n| self.sinks(n) == 0)
    }
}

/// Something not fatal found while building a netlist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub span: Option<Span>,
    pub message: String,
}

/// Why a netlist could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    #[error("net '{net}' is driven twice (first driver at line {}, column {})", first.line, first.column)]
    DrivenTwice {
        net: String,
        first: Span,
        second: Span,
    },
    #[error("combinational loop through nets {}", format_cycle(.nets))]
    CombinationalLoop { nets: Vec<String>, span: Span },
    #[error("the circuit is empty: no inputs, gates or flip-flops")]
    Empty,
    #[error("the circuit has no outputs: no OUTPUT declaration and no flip-flop")]
    NoOutputs,
    #[error("{kind} gate '{net}' needs exactly one input, found {found}")]
    Arity {
        net: String,
        kind: GateKind,
        found: usize,
        span: Span,
    },
    #[error("gate '{net}' has no inputs")]
    NoFanin { net: String, span: Span },
}

fn format_cycle(nets: &[String]) -> String {
    let mut s = nets
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(" -> ");
    if let Some(first) = nets.first() {
        s.push_str(&format!(" -> '{first}'"));
    }
    s
}

impl BuildError {
    /// Where in the source the error is, when it is tied to one place.
    pub(crate) fn span(&self) -> Option<Span> {
        match self {
            BuildError::DrivenTwice { second, .. } => Some(*second),
            BuildError::CombinationalLoop { span, .. }
            | BuildError::Arity { span, .. }
            | BuildError::NoFanin { span, .. } => Some(*span),
            BuildError::Empty | BuildError::NoOutputs => None,
        }
    }
}

/// Handle of a net while a netlist is being built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NetRef(u32);

#[derive(Clone, Debug)]
enum Driver {
    Input,
    Dff(NetRef),
    Gate(GateKind, Vec<NetRef>),
}

#[derive(Clone, Debug)]
struct NetDef {
    name: String,
    driver: Option<(Driver, Span)>,
    /// Order of the driving definition in the source, for a deterministic node order.
    definition: u32,
    first_use: Option<Span>,
}

/// Builds a [`Netlist`] from definitions in any order (nets may be used before they are driven).
#[derive(Clone, Debug, Default)]
pub struct NetlistBuilder {
    name: String,
    nets: Vec<NetDef>,
    by_name: HashMap<String, NetRef>,
    inputs: Vec<NetRef>,
    outputs: Vec<(NetRef, Span)>,
    dffs: Vec<NetRef>,
    definitions: u32,
    warnings: Vec<Warning>,
}

impl NetlistBuilder {
    pub(crate) fn new(name: impl Into<String>) -> NetlistBuilder {
        NetlistBuilder {
            name: name.into(),
            ..NetlistBuilder::default()
        }
    }

    /// The handle of the net called `name`, creating it on first mention.
    pub(crate) fn net(&mut self, name: &str) -> NetRef {
        if let Some(&r) = self.by_name.get(name) {
            return r;
        }
        let r = NetRef(self.nets.len() as u32);
        self.nets.push(NetDef {
            name: name.to_owned(),
            driver: None,
            definition: 0,
            first_use: None,
        });
        self.by_name.insert(name.to_owned(), r);
        r
    }

    fn note_use(&mut self, net: NetRef, span: Span) {
        let def = &mut self.nets[net.0 as usize];
        if def.first_use.is_none() {
            def.first_use = Some(span);
        }
    }

    fn drive(&mut self, net: NetRef, driver: Driver, span: Span) -> Result<(), BuildError> {
        let definition = self.definitions;
        self.definitions += 1;
        let def = &mut self.nets[net.0 as usize];
        if let Some((_, first)) = &def.driver {
            return Err(BuildError::DrivenTwice {
                net: def.name.clone(),
                first: *first,
                second: span,
            });
        }
        def.driver = Some((driver, span));
        def.definition = definition;
        Ok(())
    }

    /// Declares `net` a primary input.
    pub(crate) fn input(&mut self, net: NetRef, span: Span) -> Result<(), BuildError> {
        self.drive(net, Driver::Input, span)?;
        self.inputs.push(net);
        Ok(())
    }

    /// Declares `net` a primary output. A net declared twice is kept once, with a warning.
    pub(crate) fn output(&mut self, net: NetRef, span: Span) {
        if self.outputs.iter().any(|&(o, _)| o == net) {
            let name = &self.nets[net.0 as usize].name;
            self.warnings.push(Warning {
                span: Some(span),
                message: format!("net '{name}' is declared as an output more than once; kept once"),
            });
            return;
        }
        self.note_use(net, span);
        self.outputs.push((net, span));
    }

    /// Defines `q = DFF(d)`; under full scan `q` becomes a pseudo-primary input and `d` a
    /// pseudo-primary output.
    pub(crate) fn dff(&mut self, q: NetRef, d: NetRef, span: Span) -> Result<(), BuildError> {
        self.note_use(d, span);
        self.drive(q, Driver::Dff(d), span)?;
        self.dffs.push(q);
        Ok(())
    }

    /// Defines `out = kind(fanins...)`.
    pub(crate) fn gate(
        &mut self,
        out: NetRef,
        kind: GateKind,
        fanins: &[NetRef],
        span: Span,
    ) -> Result<(), BuildError> {
        let name = || self.nets[out.0 as usize].name.clone();
        if fanins.is_empty() {
            return Err(BuildError::NoFanin { net: name(), span });
        }
        if kind.is_unary() && fanins.len() != 1 {
            return Err(BuildError::Arity {
                net: name(),
                kind,
                found: fanins.len(),
                span,
            });
        }
        for &f in fanins {
            self.note_use(f, span);
        }
        self.drive(out, Driver::Gate(kind, fanins.to_vec()), span)
    }

    /// Levelizes and checks the circuit. Warnings (undriven nets made inputs, repeated outputs)
    /// are returned beside the netlist.
    pub(crate) fn build(mut self) -> Result<(Netlist, Vec<Warning>), BuildError> {
        let net_count = self.nets.len();
        if net_count == 0 {
            return Err(BuildError::Empty);
        }
        if self.outputs.is_empty() && self.dffs.is_empty() {
            return Err(BuildError::NoOutputs);
        }

        // Undriven nets become extra primary inputs, in order of first use.
        let mut undriven: Vec<NetRef> = (0..net_count as u32)
            .map(NetRef)
            .filter(|r| self.nets[r.0 as usize].driver.is_none())
            .collect();
        undriven.sort_by_key(|r| (self.nets[r.0 as usize].first_use, r.0));
        for &r in &undriven {
            let def = &self.nets[r.0 as usize];
            self.warnings.push(Warning {
                span: def.first_use,
                message: format!(
                    "net '{}' is used but never driven; treating it as a primary input",
                    def.name
                ),
            });
        }

        // Levels by Kahn's algorithm over gate drivers (flip-flops are cut by full scan).
        let mut level = vec![0u32; net_count];
        let mut pending = vec![0u32; net_count];
        let mut readers: Vec<Vec<u32>> = vec![Vec::new(); net_count];
        let mut ready: Vec<u32> = Vec::new();
        for (i, def) in self.nets.iter().enumerate() {
            match &def.driver {
                Some((Driver::Gate(_, fanins), _)) => {
                    pending[i] = fanins.len() as u32;
                    for f in fanins {
                        readers[f.0 as usize].push(i as u32);
                    }
                }
                _ => ready.push(i as u32),
            }
        }
        let mut done = 0usize;
        while let Some(i) = ready.pop() {
            done += 1;
            for &r in &readers[i as usize] {
                level[r as usize] = level[r as usize].max(level[i as usize] + 1);
                pending[r as usize] -= 1;
                if pending[r as usize] == 0 {
                    ready.push(r);
                }
            }
        }
        if done < net_count {
            return Err(self.find_cycle(&pending));
        }

        // Node order: level, then inputs before flip-flops before gates, then definition order.
        let input_rank: HashMap<NetRef, u32> = self
            .inputs
            .iter()
            .chain(undriven.iter())
            .enumerate()
            .map(|(k, &r)| (r, k as u32))
            .collect();
        let dff_rank: HashMap<NetRef, u32> = self
            .dffs
            .iter()
            .enumerate()
            .map(|(k, &r)| (r, k as u32))
            .collect();
        let mut order: Vec<u32> = (0..net_count as u32).collect();
        order.sort_by_key(|&i| {
            let r = NetRef(i);
            let def = &self.nets[i as usize];
            let (class, rank) = match def.driver {
                None | Some((Driver::Input, _)) => (0, input_rank[&r]),
                Some((Driver::Dff(_), _)) => (1, dff_rank[&r]),
                Some((Driver::Gate(..), _)) => (2, def.definition),
            };
            (level[i as usize], class, rank)
        });
        let mut node_of = vec![NodeId(0); net_count];
        for (pos, &i) in order.iter().enumerate() {
            node_of[i as usize] = NodeId(pos as u32);
        }
        let node = |r: NetRef| node_of[r.0 as usize];

        let mut kinds = Vec::with_capacity(net_count);
        let mut names = Vec::with_capacity(net_count);
        let mut levels = Vec::with_capacity(net_count);
        let mut fanin_offsets = Vec::with_capacity(net_count + 1);
        let mut fanin_list = Vec::new();
        fanin_offsets.push(0u32);
        for &i in &order {
            let def = &self.nets[i as usize];
            let kind = match &def.driver {
                None | Some((Driver::Input, _)) => NodeKind::Input,
                Some((Driver::Dff(_), _)) => NodeKind::PseudoInput,
                Some((Driver::Gate(kind, fanins), _)) => {
                    fanin_list.extend(fanins.iter().map(|&f| node(f)));
                    NodeKind::Gate(*kind)
                }
            };
            kinds.push(kind);
            names.push(def.name.clone());
            levels.push(level[i as usize]);
            fanin_offsets.push(fanin_list.len() as u32);
        }

        // Fanout lists in (gate, pin) order, as a compressed sparse row.
        let mut fanout_count = vec![0u32; net_count];
        for &f in &fanin_list {
            fanout_count[f.index()] += 1;
        }
        let mut fanout_offsets = Vec::with_capacity(net_count + 1);
        fanout_offsets.push(0u32);
        for c in &fanout_count {
            fanout_offsets.push(fanout_offsets.last().unwrap() + c);
        }
        let mut fill = fanout_offsets.clone();
        let mut fanout_list = vec![
            Pin {
                gate: NodeId(0),
                pin: 0
            };
            fanin_list.len()
        ];
        for g in 0..net_count {
            let fanins = &fanin_list[fanin_offsets[g] as usize..fanin_offsets[g + 1] as usize];
            for (pin, &f) in fanins.iter().enumerate() {
                let slot = &mut fill[f.index()];
                fanout_list[*slot as usize] = Pin {
                    gate: NodeId(g as u32),
                    pin: pin as u32,
                };
                *slot += 1;
            }
        }

        let primary_inputs: Vec<NodeId> = self
            .inputs
            .iter()
            .chain(undriven.iter())
            .map(|&r| node(r))
            .collect();
        let primary_outputs: Vec<NodeId> = self.outputs.iter().map(|&(r, _)| node(r)).collect();
        let dffs: Vec<Dff> = self
            .dffs
            .iter()
            .map(|&q| {
                let Some((Driver::Dff(d), _)) = &self.nets[q.0 as usize].driver else {
                    unreachable!("flip-flop list holds only flip-flop outputs")
                };
                Dff {
                    q: node(q),
                    d: node(*d),
                }
            })
            .collect();
        let inputs: Vec<NodeId> = primary_inputs
            .iter()
            .copied()
            .chain(dffs.iter().map(|f| f.q))
            .collect();
        let outputs: Vec<NodeId> = primary_outputs
            .iter()
            .copied()
            .chain(dffs.iter().map(|f| f.d))
            .collect();
        let mut observations = vec![0u32; net_count];
        for &o in &outputs {
            observations[o.index()] += 1;
        }
        let by_name = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), NodeId(i as u32)))
            .collect();
        let depth = levels.iter().copied().max().unwrap_or(0);
        let netlist = Netlist {
            name: self.name,
            kinds,
            names,
            levels,
            fanin_offsets,
            fanin_list,
            fanout_offsets,
            fanout_list,
            observations,
            undriven: undriven.iter().map(|&r| node(r)).collect(),
            primary_inputs,
            primary_outputs,
            dffs,
            inputs,
            outputs,
            by_name,
            depth,
            stems: Vec::new(),
        };
        let mut netlist = netlist;
        netlist.stems = netlist.fanout_free_stems();
        Ok((netlist, self.warnings))
    }

    /// Names the nets of one combinational cycle among the nets Kahn's algorithm could not order.
    ///
    /// Every such net is a gate with at least one unordered fanin, so walking unordered fanins
    /// from any of them must revisit a net; the revisited part of the walk is a cycle.
    fn find_cycle(&self, pending: &[u32]) -> BuildError {
        let stuck = |i: usize| pending[i] > 0;
        let start = (0..self.nets.len())
            .filter(|&i| stuck(i))
            .min_by_key(|&i| self.nets[i].definition)
            .expect("a cycle exists when some net is unordered");
        let mut position: HashMap<usize, usize> = HashMap::new();
        let mut walk = Vec::new();
        let mut current = start;
        loop {
            if let Some(&p) = position.get(&current) {
                walk.drain(..p);
                break;
            }
            position.insert(current, walk.len());
            walk.push(current);
            let Some((Driver::Gate(_, fanins), _)) = &self.nets[current].driver else {
                unreachable!("unordered nets are gates")
            };
            current = fanins
                .iter()
                .map(|f| f.0 as usize)
                .find(|&f| stuck(f))
                .expect("an unordered gate has an unordered fanin");
        }
        // The walk follows fanins (against signal flow); report in signal-flow order, starting
        // at the net defined first so the message is stable.
        walk.reverse();
        let first = (0..walk.len())
            .min_by_key(|&k| self.nets[walk[k]].definition)
            .unwrap_or(0);
        walk.rotate_left(first);
        let span = self.nets[walk[0]]
            .driver
            .as_ref()
            .map(|(_, s)| *s)
            .unwrap_or_default();
        BuildError::CombinationalLoop {
            nets: walk.iter().map(|&i| self.nets[i].name.clone()).collect(),
            span,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(line: u32) -> Span {
        Span { line, column: 1 }
    }

    #[test]
    fn builds_levelized_order_with_fanouts() {
        let mut b = NetlistBuilder::new("t");
        let (a, bb, x, y) = (b.net("a"), b.net("b"), b.net("x"), b.net("y"));
        // Defined before its fanin on purpose: order in the source must not matter.
        b.gate(y, GateKind::Or, &[x, a], span(4)).unwrap();
        b.gate(x, GateKind::And, &[a, bb], span(3)).unwrap();
        b.input(a, span(1)).unwrap();
        b.input(bb, span(2)).unwrap();
        b.output(y, span(5));
        let (n, warnings) = b.build().unwrap();
        assert!(warnings.is_empty());
        let names: Vec<&str> = n.nodes().map(|id| n.net_name(id)).collect();
        assert_eq!(names, ["a", "b", "x", "y"]);
        let a = n.find("a").unwrap();
        assert_eq!(n.fanouts(a).len(), 2);
        assert!(n.has_branches(a));
        assert_eq!(n.level(n.find("y").unwrap()), 2);
        assert_eq!(n.depth(), 2);
        assert_eq!(n.outputs(), &[n.find("y").unwrap()]);
    }

    #[test]
    fn cycle_is_named_in_signal_order() {
        let mut b = NetlistBuilder::new("t");
        let (i, p, q, r) = (b.net("i"), b.net("p"), b.net("q"), b.net("r"));
        b.input(i, span(1)).unwrap();
        b.gate(p, GateKind::And, &[i, r], span(2)).unwrap();
        b.gate(q, GateKind::Not, &[p], span(3)).unwrap();
        b.gate(r, GateKind::Buf, &[q], span(4)).unwrap();
        b.output(r, span(5));
        let err = b.build().unwrap_err();
        assert_eq!(
            err,
            BuildError::CombinationalLoop {
                nets: vec!["p".into(), "q".into(), "r".into()],
                span: span(2)
            }
        );
        assert_eq!(
            err.to_string(),
            "combinational loop through nets 'p' -> 'q' -> 'r' -> 'p'"
        );
    }

    #[test]
    fn dff_loops_are_not_combinational_loops() {
        let mut b = NetlistBuilder::new("t");
        let (q, d) = (b.net("q"), b.net("d"));
        b.dff(q, d, span(1)).unwrap();
        b.gate(d, GateKind::Not, &[q], span(2)).unwrap();
        let (n, _) = b.build().unwrap();
        assert_eq!(n.inputs(), &[n.find("q").unwrap()]);
        assert_eq!(n.outputs(), &[n.find("d").unwrap()]);
        assert_eq!(n.kind(n.find("q").unwrap()), NodeKind::PseudoInput);
    }

    #[test]
    fn eval_words_matches_truth_tables() {
        let a = 0b1100u64;
        let b = 0b1010u64;
        let m = 0b1111u64;
        let two = |k: GateKind| k.eval_words([a, b].into_iter()) & m;
        assert_eq!(two(GateKind::And), 0b1000);
        assert_eq!(two(GateKind::Nand), 0b0111);
        assert_eq!(two(GateKind::Or), 0b1110);
        assert_eq!(two(GateKind::Nor), 0b0001);
        assert_eq!(two(GateKind::Xor), 0b0110);
        assert_eq!(two(GateKind::Xnor), 0b1001);
        assert_eq!(GateKind::Not.eval_words([a].into_iter()) & m, 0b0011);
        assert_eq!(GateKind::Buf.eval_words([a].into_iter()) & m, 0b1100);
    }
}
