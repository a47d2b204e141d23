//! `--shard I/N` (or `auto`) read as a part of the library's [`Shard`], refused as bad input.

use super::{BadInput, CliError};
use roth::flow::Shard;

/// The part `--shard` names (see [`Shard::parse`]).
pub fn parse(text: &str) -> Result<Shard, CliError> {
    Shard::parse(text).bad_input()
}
