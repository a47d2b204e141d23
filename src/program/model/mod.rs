//! A method as a graph: the control-flow graph with dominators, control dependence and
//! def-use chains ([Zhang 2021] ch. 2.3.5.1 and ch. 3.2), and its drawing. The program side's
//! counterpart of the netlist's gate graph.

pub mod cfg;
pub mod draw;
