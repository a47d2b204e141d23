//! The `.bench` reader under random and mutated input: it never panics, and every error names
//! a position inside the text.

use proptest::prelude::*;

use roth::circuit::bench::{BenchErrorKind, parse_bench_bytes};
use roth::circuit::netlist::BuildError;

use crate::helpers::C17;

/// Parses and checks the outcome is well formed: a netlist, or an error with a sane position.
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    match parse_bench_bytes(bytes, "fuzz", "fuzz.bench") {
        Ok(parsed) => {
            let n = parsed.netlist;
            prop_assert!(!n.outputs().is_empty());
            // Levelized: every fanin comes earlier.
            for node in n.nodes() {
                for &f in n.fanins(node) {
                    prop_assert!(f < node);
                }
            }
        }
        Err(e) => {
            let lines = bytes.split(|&b| b == b'\n').count() as u32;
            let whole_file = matches!(
                e.kind,
                BenchErrorKind::Build(BuildError::Empty | BuildError::NoOutputs)
            );
            prop_assert!(whole_file || (e.line >= 1 && e.line <= lines), "{e}");
            prop_assert!(whole_file || e.column >= 1, "{e}");
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

fn mutate(base: &[u8], edits: &[(usize, u8, u8)]) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for &(at, op, byte) in edits {
        let at = at % (bytes.len() + 1);
        match op % 4 {
            0 => bytes.insert(at, byte),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 if at < bytes.len() => bytes[at] = byte,
            _ => {
                // Duplicate a line-sized chunk: repeated definitions, outputs and inputs.
                let end = (at + 12).min(bytes.len());
                let chunk = bytes[at..end].to_vec();
                bytes.splice(at..at, chunk);
            }
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(text in "[A-Za-z0-9_(),=# .\\[\\]\r\n]{0,300}") {
        check(text.as_bytes())?;
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        check(&bytes)?;
    }

    #[test]
    fn mutated_c17_never_panics(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), prop_oneof![
            Just(b'('), Just(b')'), Just(b','), Just(b'='), Just(b'\n'), Just(b'#'),
            Just(b'1'), Just(b'N'), Just(b' '), any::<u8>()
        ]), 1..6)
    ) {
        check(&mutate(C17.as_bytes(), &edits))?;
    }

    /// Grammatical but semantically random circuits: loops, double drivers, undriven nets.
    #[test]
    fn random_structures_never_panic(
        lines in proptest::collection::vec(
            (0u8..6, 0u8..8, proptest::collection::vec(0u8..8, 0..4)), 0..20)
    ) {
        let kinds = ["AND", "NAND", "OR", "NOR", "XOR", "NOT", "BUFF", "DFF"];
        let mut text = String::new();
        for (what, net, fanins) in &lines {
            match what {
                0 => text.push_str(&format!("INPUT(n{net})\n")),
                1 => text.push_str(&format!("OUTPUT(n{net})\n")),
                k => {
                    let kind = kinds[(*net as usize + *k as usize) % kinds.len()];
                    let args: Vec<String> = fanins.iter().map(|f| format!("n{f}")).collect();
                    text.push_str(&format!("n{net} = {kind}({})\n", args.join(", ")));
                }
            }
        }
        check(text.as_bytes())?;
    }
}
