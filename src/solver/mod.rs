//! Solvers that decide constraints for the two models. For now the CDCL SAT core ([`sat`]),
//! which proves the gate model's hardest redundancies; the interval / finite-domain solver of
//! the program side joins it here.

pub mod sat;
