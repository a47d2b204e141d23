//! docs/tutorial.md shows real output: every `<!-- run: roth ... -->` line is followed by a
//! fenced block holding what that command prints, and this test runs each command again and
//! fails when the block differs (times and memory figures excepted). The pictures the tutorial
//! shows are drawn again by the script that made them and compared byte for byte.
//!
//! To bring the tutorial up to date after a deliberate change:
//! `ROTH_BLESS_TUTORIAL=1 cargo test --test roth tutorial` rewrites the blocks, and
//! `scripts/tutorial-pictures.sh` the pictures.

use std::path::Path;

use crate::helpers::{project_file, roth, scratch_dir, stderr, stdout};

/// Splits a command line into words, double quotes grouping.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// Runs a tutorial command (`roth ARGS [| head -N] [| tail -N]`) in the project's root.
fn run(command: &str) -> String {
    let mut parts = command.split(" | ");
    let args = words(parts.next().unwrap());
    assert_eq!(
        args[0], "roth",
        "tutorial commands start with roth: {command}"
    );
    let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
    let o = roth(&project_file(""), &args);
    assert!(
        o.status.code().is_some_and(|c| c <= 1),
        "`{command}` failed: {}",
        stderr(&o)
    );
    let mut lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    for filter in parts {
        let (what, n) = filter.trim().split_once(" -").expect("head -N or tail -N");
        let n: usize = n.parse().expect("a line count");
        lines = match what {
            "head" => lines.into_iter().take(n).collect(),
            "tail" => lines.split_off(lines.len().saturating_sub(n)),
            _ => panic!("unknown filter {what}"),
        };
    }
    lines.join("\n")
}

/// A line as compared: words, with durations and memory figures masked (they differ from
/// run to run).
fn masked(line: &str) -> String {
    if line.trim_start().starts_with("memory") {
        return "memory (measured)".into();
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    tokens
        .iter()
        .enumerate()
        .map(|(k, t)| {
            let decimal = t.contains('.') && t.trim_end_matches(';').parse::<f64>().is_ok();
            if decimal && tokens.get(k + 1) != Some(&"%") {
                "#"
            } else {
                t
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The tutorial's commands and the blocks after them: (command, line of the block's first
/// content line, block text).
fn blocks(text: &str) -> Vec<(String, usize, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        if let Some(rest) = lines[k].strip_prefix("<!-- run: ") {
            let command = rest.trim_end_matches("-->").trim().to_string();
            assert!(
                lines[k + 1].starts_with("```"),
                "line {}: a block follows",
                k + 2
            );
            let start = k + 2;
            let mut end = start;
            while !lines[end].starts_with("```") {
                end += 1;
            }
            out.push((command, start, end, lines[start..end].join("\n")));
            k = end;
        }
        k += 1;
    }
    out
}

#[test]
fn tutorial_shows_the_commands_real_output() {
    let path = project_file("docs/tutorial.md");
    let text = std::fs::read_to_string(&path).expect("docs/tutorial.md");
    let found = blocks(&text);
    assert!(found.len() >= 6, "the tutorial runs its commands");
    if std::env::var_os("ROTH_BLESS_TUTORIAL").is_some() {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for (command, start, end, block) in found.iter().rev() {
            let output: Vec<String> = run(command).lines().map(str::to_string).collect();
            // Blocks that differ only in times stay as they are.
            if output
                .iter()
                .map(|l| masked(l))
                .ne(block.lines().map(masked))
            {
                lines.splice(start..end, output);
            }
        }
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        return;
    }
    for (command, start, _, block) in &found {
        let actual = run(command);
        let a: Vec<String> = actual.lines().map(masked).collect();
        let b: Vec<String> = block.lines().map(masked).collect();
        assert_eq!(
            a,
            b,
            "docs/tutorial.md line {}: the output of `{command}` changed; run ROTH_BLESS_TUTORIAL=1 cargo test --test roth tutorial",
            start + 1
        );
    }
    // Every picture it shows exists.
    for picture in text.split("](").skip(1).filter_map(|s| s.split(')').next()) {
        if picture.ends_with(".svg") {
            assert!(
                Path::new(&project_file("docs")).join(picture).is_file(),
                "docs/{picture}"
            );
        }
    }
}

/// The pictures under docs/ are what scripts/tutorial-pictures.sh draws now.
#[test]
fn tutorial_pictures_are_current() {
    let dir = scratch_dir("tutorial_pictures");
    let script = project_file("scripts/tutorial-pictures.sh");
    let o = std::process::Command::new("bash")
        .arg(&script)
        .arg(&dir)
        .env("ROTH", env!("CARGO_BIN_EXE_roth"))
        .current_dir(project_file(""))
        .output()
        .expect("bash runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let drawn = entry.unwrap().path();
        let name = drawn.file_name().unwrap().to_owned();
        let shipped = project_file("docs").join(&name);
        assert!(
            shipped.is_file(),
            "docs/{} is missing",
            name.to_string_lossy()
        );
        assert!(
            std::fs::read(&drawn).unwrap() == std::fs::read(&shipped).unwrap(),
            "docs/{} is stale: run scripts/tutorial-pictures.sh",
            name.to_string_lossy()
        );
        count += 1;
    }
    assert!(count >= 4);
}
