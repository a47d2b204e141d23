//! The trace as one self-contained HTML page: the steps listed, the model's picture and the
//! decision tree beside them, stepped through forward and back with buttons or the keyboard
//! (arrow keys, Home, End). No network, no external script or font: the pictures are inline
//! SVG, the trace is JSON in the page, and a small script restyles the picture for each step.

use serde::Serialize;

use super::{Trace, escape, tree};

/// What the page's script needs beside the trace.
#[derive(Serialize)]
struct PageData<'t> {
    trace: &'t Trace,
    /// Each value that occurs, with its drawing category (the picture's `data-c`).
    categories: Vec<(String, String)>,
    /// An element's value before anything is assigned.
    unset: &'t str,
}

/// The page. `picture` is the model's drawing (its value-carrying shapes marked with
/// `data-e`, `data-c` and `data-t`), `category` maps a value to its drawing category.
pub fn page(
    trace: &Trace,
    picture: &str,
    unset: &str,
    category: impl Fn(&str) -> String,
) -> String {
    let mut values: Vec<String> = trace
        .start
        .iter()
        .chain(
            trace
                .steps
                .iter()
                .flat_map(|s| s.undone.iter().chain(&s.implied)),
        )
        .map(|c| c.value.clone())
        .chain(std::iter::once(unset.to_string()))
        .collect();
    values.sort();
    values.dedup();
    let categories = values
        .into_iter()
        .map(|v| {
            let c = category(&v);
            (v, c)
        })
        .collect();
    let data = PageData {
        trace,
        categories,
        unset,
    };
    // `</` inside a script element would end it early.
    let json = serde_json::to_string(&data)
        .expect("traces serialize")
        .replace("</", "<\\/");
    let title = format!("{}: {}", trace.subject, trace.target);
    let mut out = String::with_capacity(json.len() + picture.len() + 16_000);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(&format!(
        "<title>roth explain: {}</title>\n",
        escape(&title)
    ));
    out.push_str(STYLE);
    out.push_str("</head>\n<body>\n");
    out.push_str(&format!(
        "<header><h1>{}</h1><p class=\"method\">{}</p></header>\n",
        escape(&title),
        escape(&trace.method)
    ));
    out.push_str(
        "<nav><button id=\"first\" title=\"first step (Home)\">|&lt;</button><button id=\"prev\" title=\"previous step (left arrow)\">&lt; back</button><span id=\"counter\"></span><button id=\"next\" title=\"next step (right arrow)\">forward &gt;</button><button id=\"last\" title=\"last step (End)\">&gt;|</button><span class=\"hint\">keys: left / right arrows, Home, End; click a picture to zoom</span></nav>\n",
    );
    out.push_str("<main>\n<section id=\"left\">\n<div id=\"current\" aria-live=\"polite\"></div>\n<ol id=\"steps\"></ol>\n<div id=\"verdict\"></div>\n</section>\n");
    out.push_str("<section id=\"right\">\n<div class=\"picture\" id=\"picture\">\n");
    out.push_str(picture);
    out.push_str("</div>\n<div class=\"picture\" id=\"tree\">\n");
    out.push_str(&tree::svg(trace));
    out.push_str("</div>\n</section>\n</main>\n");
    out.push_str("<script type=\"application/json\" id=\"data\">");
    out.push_str(&json);
    out.push_str("</script>\n");
    out.push_str(SCRIPT);
    out.push_str("</body>\n</html>\n");
    out
}

const STYLE: &str = r##"<style>
body { font-family: "DejaVu Sans", sans-serif; margin: 0; color: #222; }
header { padding: 8px 16px; background: #f3f3f3; border-bottom: 1px solid #ccc; }
h1 { font-size: 18px; margin: 4px 0; }
.method { margin: 2px 0; color: #555; font-size: 13px; }
nav { padding: 8px 16px; border-bottom: 1px solid #ddd; position: sticky; top: 0; background: white; z-index: 2; }
nav button { font-size: 14px; margin-right: 6px; padding: 3px 10px; }
#counter { display: inline-block; min-width: 140px; font-weight: bold; margin: 0 10px; }
.hint { color: #777; font-size: 12px; margin-left: 12px; }
main { display: flex; gap: 12px; padding: 8px 16px; align-items: flex-start; }
#left { flex: 0 0 40%; max-width: 40%; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
#right { flex: 1; min-width: 0; }
.picture { overflow: auto; max-height: 78vh; border: 1px solid #ddd; margin-bottom: 10px; cursor: zoom-in; }
.picture svg { max-width: 100%; height: auto; }
.picture.zoomed { cursor: zoom-out; }
.picture.zoomed svg { max-width: none; }
#current { border: 2px solid #2a7ab0; background: #f2f8fc; padding: 8px; margin-bottom: 8px; white-space: pre-wrap; }
#current .what { font-weight: bold; font-size: 13px; }
#steps { max-height: 44vh; overflow: auto; padding-left: 44px; margin: 0; border: 1px solid #ddd; }
#steps li { cursor: pointer; white-space: nowrap; padding: 1px 0; }
#steps li.conflict, #steps li.dead-end { color: #b22; }
#steps li.found { color: #1d7a45; font-weight: bold; }
#steps li.backtrack, #steps li.backjump { color: #8a5a00; }
#steps li.now { background: #ffe9a8; }
#steps li.later { color: #aaa; }
#verdict { margin-top: 8px; white-space: pre-wrap; }
</style>
"##;

const SCRIPT: &str = r##"<script>
"use strict";
(function () {
  // Read before the first step rewrites it.
  const hash = location.hash;
  const data = JSON.parse(document.getElementById("data").textContent);
  const trace = data.trace;
  const category = new Map(data.categories);
  const steps = trace.steps;
  const list = document.getElementById("steps");
  const current = document.getElementById("current");
  const counter = document.getElementById("counter");
  const name = (c) => trace.elements[c.element] + "=" + c.value;
  const summary = (s) => {
    let head = s.text;
    if (s.alternative) {
      const [k, n] = s.alternative;
      head = s.subtask + " [" + k + (n ? "/" + n : "") + "]: " + s.text;
    }
    return head;
  };
  steps.forEach((s, i) => {
    const li = document.createElement("li");
    li.value = s.number;
    li.className = s.action;
    li.textContent = "  ".repeat(Math.min(Math.max(s.depth - 1, 0), 12)) + summary(s);
    li.addEventListener("click", () => show(i + 1));
    list.appendChild(li);
  });
  document.getElementById("verdict").textContent =
    trace.verdict.kind + "\n" + trace.verdict.lines.map((l) => "  " + l).join("\n") +
    "\n" + trace.decisions + " decisions, " + trace.backtracks + " backtracks";
  // The state after each step, built as the page steps forward.
  const states = [];
  const start = new Array(trace.elements.length).fill(data.unset);
  trace.start.forEach((c) => { start[c.element] = c.value; });
  states.push(start);
  const stateAt = (k) => {
    while (states.length <= k) {
      const s = states[states.length - 1].slice();
      const step = steps[states.length - 1];
      step.undone.concat(step.implied).forEach((c) => { s[c.element] = c.value; });
      states.push(s);
    }
    return states[k];
  };
  const picture = document.getElementById("picture");
  const shapes = picture.querySelectorAll("[data-e]");
  const labels = picture.querySelectorAll("[data-t]");
  let at = 0;
  function show(k) {
    at = Math.max(0, Math.min(steps.length, k));
    const state = stateAt(at);
    shapes.forEach((el) => {
      const v = state[+el.dataset.e];
      el.setAttribute("data-c", category.get(v) || "x");
    });
    labels.forEach((el) => { el.textContent = state[+el.dataset.t]; });
    counter.textContent = at === 0 ? "start (" + steps.length + " steps)" : "step " + at + " of " + steps.length;
    list.querySelectorAll("li").forEach((li, i) => {
      li.classList.toggle("now", i + 1 === at);
      li.classList.toggle("later", i + 1 > at);
    });
    const now = list.children[at - 1];
    if (now) { now.scrollIntoView({ block: "nearest" }); }
    document.querySelectorAll("#tree [data-step]").forEach((g) => {
      g.classList.toggle("current", +g.dataset.step === at);
    });
    let text;
    if (at === 0) {
      text = "<div class=\"what\">start</div>" + esc(trace.start_text.join("\n")) +
        (trace.start.length ? "\nset: " + esc(trace.start.map(name).join(" ")) : "");
    } else {
      const s = steps[at - 1];
      text = "<div class=\"what\">" + s.number + ". " + esc(summary(s)) + "</div>";
      if (s.undone.length) { text += "undone: " + esc(s.undone.map(name).join(" ")) + "\n"; }
      if (s.implied.length) { text += (s.action === "conflict" ? "set: " : "implied: ") + esc(s.implied.map(name).join(" ")) + "\n"; }
      s.frontiers.forEach((f) => { text += f.name + ": " + esc(f.items.length ? f.items.join(" ") : "(empty)") + "\n"; });
      if (at === steps.length) { text += "\n" + esc(document.getElementById("verdict").textContent); }
    }
    current.innerHTML = text;
    if (history.replaceState) { history.replaceState(null, "", "#step=" + at); }
  }
  function esc(s) {
    return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  // A large picture is shrunk to fit; a click shows it at full size, another shrinks it.
  document.querySelectorAll(".picture").forEach((p) => {
    p.addEventListener("click", () => p.classList.toggle("zoomed"));
  });
  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(at - 1));
  document.getElementById("next").addEventListener("click", () => show(at + 1));
  document.getElementById("last").addEventListener("click", () => show(steps.length));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === "ArrowDown" || e.key === " ") { show(at + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") { show(at - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(steps.length); e.preventDefault(); }
  });
  // `#step=N` opens a step; `keys=ArrowRight,...` then presses keys, for scripted
  // walkthroughs (and the test that checks the keyboard works).
  const m = /step=(\d+)/.exec(hash);
  show(m ? +m[1] : 0);
  const keys = /keys=([\w,]+)/.exec(hash);
  if (keys) {
    keys[1].split(",").forEach((key) => document.dispatchEvent(new KeyboardEvent("keydown", { key: key })));
  }
})();
</script>
"##;
