//! `roth cfg`: a Java method's control-flow graph with dominators ([Cooper, Harvey & Kennedy
//! 2001]), control and data dependences, def-use chains, inputs and outputs; drawn as SVG or
//! DOT.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::common::program::load_unit;
use super::common::{CliError, Session, bad_input, print, write_output};

#[derive(Debug, Args)]
#[command(after_help = "\
Prints the method's control-flow graph: each node with its source place, the variables it
defines and uses, its successors, immediate dominator and post-dominator; then the control
dependences, the def-use chains with numbered definitions and uses (def1(x) -> use2(x)), and
the method's inputs and outputs.

Examples:
    roth cfg programs/Triangle.java --method classify
    roth cfg programs/Gcd.java --method gcd --svg gcd.svg --dot gcd.dot")]
pub struct CfgArgs {
    /// The Java source file.
    file: PathBuf,

    /// The method (`name`, `Class.name` or `name(int, int)`).
    #[arg(long, short)]
    method: String,

    /// Also write the graph as Graphviz DOT.
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,

    /// Also draw the graph as SVG (laid out by roth; no Graphviz needed).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// Leave data dependences out of the drawings.
    #[arg(long)]
    no_data: bool,

    /// Replace existing --dot / --svg files.
    #[arg(long)]
    force: bool,
}

pub fn cfg(session: &Session, args: CfgArgs) -> Result<ExitCode, CliError> {
    use roth::program::model::cfg::{Cfg, NodeKind};
    use roth::program::model::draw;
    let unit = load_unit(session, &args.file)?;
    let (class, method) = unit.find_method(&args.method).map_err(bad_input)?;
    let m = unit.method(class, method);
    let title = format!("{}.{}", unit.classes[class as usize].name, m.signature());
    let cfg = Cfg::new(&unit, class, method).ok_or_else(|| {
        bad_input(format!(
            "method {} is outside the supported subset: {}",
            m.signature(),
            m.body
                .as_ref()
                .err()
                .map(|d| d.to_string())
                .unwrap_or_default()
        ))
    })?;
    let name = |n: petgraph::graph::NodeIndex| format!("n{}", n.index());
    let vars = |vs: &[roth::program::model::cfg::Var]| {
        vs.iter()
            .map(|v| cfg.var_name(*v))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = format!(
        "CFG of {title}: {} nodes, {} edges\n\n",
        cfg.graph.node_count(),
        cfg.graph.edge_count()
    );
    for n in cfg.graph.node_indices() {
        let node = &cfg.graph[n];
        let place = match node.kind {
            NodeKind::Entry | NodeKind::Exit => String::new(),
            _ => format!("{}:{} ", node.span.line, node.span.column),
        };
        out.push_str(&format!("{:>4}  {place}{}\n", name(n), node.label));
        if !node.defs.is_empty() {
            out.push_str(&format!("        defines {}\n", vars(&node.defs)));
        }
        if !node.uses.is_empty() {
            out.push_str(&format!("        uses {}\n", vars(&node.uses)));
        }
        let succ = draw::edge_summary(&cfg, n);
        if !succ.is_empty() {
            out.push_str(&format!("        -> {succ}\n"));
        }
        let idom = cfg.immediate_dominator(n).map(name);
        let ipdom = cfg.immediate_post_dominator(n).map(name);
        if idom.is_some() || ipdom.is_some() {
            out.push_str(&format!(
                "        idom {}, ipdom {}\n",
                idom.unwrap_or_else(|| "-".into()),
                ipdom.unwrap_or_else(|| "-".into())
            ));
        }
    }
    out.push_str("\ncontrol dependences:\n");
    for (p, label, n) in &cfg.control_dependences {
        out.push_str(&format!("  {} on {} ({label})\n", name(*n), name(*p)));
    }
    out.push_str("\ndef-use chains:\n");
    for (i, d) in cfg.definitions.iter().enumerate() {
        let v = cfg.var_name(d.var);
        let uses: Vec<String> = cfg
            .uses
            .iter()
            .filter(|u| u.reaching.contains(&i))
            .map(|u| format!("use{}({v}) at {}", u.number, name(u.node)))
            .collect();
        out.push_str(&format!(
            "  def{}({v}) at {} -> {}\n",
            d.number,
            name(d.node),
            if uses.is_empty() {
                "no use".to_string()
            } else {
                uses.join(", ")
            }
        ));
    }
    let io = cfg.inputs_outputs(&unit, class, method);
    out.push_str(&format!(
        "\ninputs: {}\noutputs: {}\n",
        io.inputs.join(", "),
        io.outputs.join(", ")
    ));
    print(&out)?;
    if let Some(path) = &args.dot {
        write_output(Some(path), &draw::dot(&cfg, &title), args.force)?;
    }
    if let Some(path) = &args.svg {
        write_output(
            Some(path),
            &draw::svg(&cfg, &title, !args.no_data),
            args.force,
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
