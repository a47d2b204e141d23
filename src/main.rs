//! The `roth` binary: everything lives in the `cli` module and the `roth` library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
