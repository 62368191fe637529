// The code panel's map from events to lines (codemap.js) over the golden traces: every event of
// a teaching tree and of a chess search gets a line, each kind of event one line per text (per
// player in a MAX/MIN text, whose MAX-VALUE and MIN-VALUE each have theirs), and a chess search
// with the modern techniques on highlights each technique's line, which names its engine step.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { load, fixture, GOLDEN } from "./helpers.mjs";
import { parseCode, codeFile, ALGOS, EXT, algoOf, codeChoice } from "../teaching/codetext.js";
import { LANGS } from "../teaching/codepanel.js";
import { CodeTracker } from "../teaching/codemap.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const catalog = (lang) => JSON.parse(fs.readFileSync(path.join(root, `static/js/i18n/${lang}/codecomments.json`), "utf8"));
const EN = catalog("en");
const text = (algo, form, lang, strict = false, words = EN) =>
  parseCode(fs.readFileSync(path.join(root, codeFile(algo, form, lang)), "utf8"), { strict, words: (k) => words[k] ?? k });

function events(t) {
  const out = [];
  for (let i = 0; i < t.length; i++) out.push(t.event(i));
  return out;
}

// The highlights of a trace, grouped: "kind/tag/player" -> set of lines.
function linesByKind(code, opts, evs) {
  const tr = new CodeTracker(code, opts);
  const by = new Map();
  for (const ev of evs) {
    const h = tr.step(ev);
    assert.ok(h && h.line > 0, `event ${ev.seq} (${ev.kind}) has no line`);
    const player = opts.form === "maxmin" && h.line === code.tags[`min.${h.tag}`] ? "min" : "max";
    const key = `${ev.kind}/${h.tag}/${player}`;
    if (!by.has(key)) by.set(key, new Set());
    by.get(key).add(h.line);
  }
  return by;
}

const TREES = [GOLDEN, fixture("aima_alphabeta.jsonl"), fixture("wikipedia_alphabeta.jsonl"),
  fixture("aima_id_pvs.jsonl"), fixture("research_pvs.jsonl"), fixture("pvlab_tree_id.jsonl")];

test("every event of a teaching tree maps to exactly one line in each text", () => {
  for (const file of TREES) {
    const t = load(file);
    const algo = algoOf(t.started);
    assert.ok(ALGOS.includes(algo), `${file}: algo ${algo}`);
    for (const form of ["maxmin", "negamax"]) {
      for (const lang of LANGS) {
        const by = linesByKind(text(algo, form, lang), { algo, form }, events(t));
        for (const [k, lines] of by) assert.equal(lines.size, 1, `${path.basename(file)} ${form} ${lang}: ${k} on lines ${[...lines]}`);
        // Kinds that are the search's own: a leaf read, an enter, a return.
        for (const k of ["enter/enter/max", "exit/leaf/max", "exit/exit/max"]) assert.ok(by.has(k), `${file}: ${k} missing`);
      }
    }
  }
});

test("a MIN node's window and value are shown from the root player's side in the MAX/MIN form", () => {
  const t = load(GOLDEN); // PVS on R&N's tree
  const tr = new CodeTracker(text("pvs", "maxmin", "python"), { algo: "pvs", form: "maxmin" });
  const code = tr.code;
  const shown = events(t).map((ev) => ({ ev, h: tr.step(ev) }));
  // Node 2 is R&N's B (a MIN node): its first leaf is 3, so beta falls from ∞ to 3 (hand computation).
  const first = shown.find(({ ev }) => ev.kind === "pv-update" && ev.node === 2).h;
  assert.equal(first.line, code.tags["min.pv-update"]);
  assert.deepEqual(first.vars, { alpha: -Infinity, beta: 3, v: 3, score: 3, i: 0 });
  // The root's probe of C searches C with (3, 4).
  const probe = shown.find(({ ev }) => ev.kind === "probe" && ev.node === 1).h;
  assert.equal(probe.line, code.tags["max.probe"]);
  assert.equal(probe.vars.alpha, 3);
  assert.equal(probe.vars.beta, Infinity);
  // In negamax the same update is alpha = max(alpha, value) at B, from B's side: -3.
  const neg = new CodeTracker(text("pvs", "negamax", "pseudo"), { algo: "pvs", form: "negamax" });
  const h = events(t).map((ev) => neg.step(ev)).find((x, i) => t.event(i).kind === "pv-update");
  assert.equal(h.vars["α"], -3);
  assert.equal(h.vars.value, -3);
});

test("prune=strict has its own cut-test lines", () => {
  for (const algo of ["alphabeta", "pvs"]) for (const form of ["maxmin", "negamax"]) for (const lang of LANGS) {
    const a = text(algo, form, lang), b = text(algo, form, lang, true);
    for (const [tag, line] of Object.entries(a.tags)) if (tag.endsWith("cut-test")) {
      assert.notEqual(a.lines[line - 1], b.lines[line - 1], `${algo} ${form} ${lang} ${tag}`);
      assert.match(b.lines[line - 1], /[<>](?!=)/);
    }
  }
});

const TECHNIQUES = { "null-move": "Step 4b", lmr: "Step 6c", extension: "Step 6c", futility: "Step 6b",
  "late-move": "Step 6b", "tt-probe": "Step 4", "tt-cutoff": "Step 4", "tt-store": "Step 9",
  rfp: "Step 4b", "stand-pat": "quiesce", cutoff: "Step 7", "pv-update": "Step 8" };

test("a chess search maps every event to one line of the engine's search, each technique to its step", () => {
  const code = text("chess", "negamax", "pseudo");
  for (const [tag, step] of Object.entries(TECHNIQUES)) {
    const line = code.tags[tag];
    assert.ok(line, `chess text has no ${tag} line`);
    assert.ok(code.lines[line - 1].includes(step) || code.lines[line - 2].includes(step), `${tag}: line ${line} does not name ${step}`);
  }
  for (const name of ["chess_black_d2.jsonl", "modern_chess.jsonl", "narrate_qsearch.jsonl", "narrate_words.jsonl", "pvlab_multipv.jsonl"]) {
    const t = load(fixture(name));
    const tr = new CodeTracker(code, { algo: "chess", form: "negamax" });
    const seen = new Set();
    const byKey = new Map();
    for (const ev of events(t)) {
      const h = tr.step(ev);
      assert.ok(h.line > 0, `${name}: event ${ev.seq} ${ev.kind} has no line`);
      seen.add(h.tag);
      const key = `${ev.kind}/${ev.why || ""}/${ev.end || ""}/${h.tag}`;
      if (!byKey.has(key)) byKey.set(key, new Set());
      byKey.get(key).add(h.line);
      if (ev.kind === "prune") assert.equal(h.tag, ev.why === "late-move" ? "late-move" : "futility");
      if (ev.kind === "enter" && ev.why === "lmr") assert.equal(h.tag, "lmr");
      if (ev.kind === "enter" && ev.why === "null-move") assert.equal(h.tag, "null-move");
      if (ev.kind === "enter" && ev.why === "check") assert.equal(h.tag, "extension");
    }
    for (const [k, lines] of byKey) assert.equal(lines.size, 1, `${name}: ${k}`);
    if (name === "modern_chess.jsonl") {
      for (const tag of ["null-move", "lmr", "extension", "futility", "late-move"]) assert.ok(seen.has(tag), `modern: ${tag} never highlighted`);
    }
  }
});

test("the table and stand pat events reach their lines", () => {
  const code = text("chess", "negamax", "pseudo");
  const tr = new CodeTracker(code, { algo: "chess", form: "negamax" });
  const evs = [
    { kind: "enter", node: 1, parent: 0, ply: 0, depth: 2, alpha: -32000, beta: 32000 },
    { kind: "tt-probe", node: 1 }, { kind: "tt-hit", node: 1, score: 40, depth: 3 },
    { kind: "enter", node: 2, parent: 1, ply: 1, depth: 0, alpha: -32000, beta: 32000, move: "e2e4" },
    { kind: "stand-pat", node: 2, score: 12 },
    { kind: "exit", node: 2, score: 12, end: "eval" },
    { kind: "tt-store", node: 1, score: -12 },
    { kind: "exit", node: 1, score: -12, end: "" },
  ];
  const tags = evs.map((ev) => tr.step(ev).tag);
  assert.deepEqual(tags, ["enter", "tt-probe", "tt-probe", "q.enter", "stand-pat", "q.leaf", "tt-store", "exit"]);
});

test("traces from other engines show code only when they name a known algorithm, in the generic form", async () => {
  // The panel's languages are those with a text (codepanel.js loads codetext.js when first used).
  assert.deepEqual([...LANGS].sort(), Object.keys(EXT).sort());
  assert.deepEqual(codeChoice({ kind: "chess", options: { algo: "pvs" } }, "negamax"), { algo: "chess", form: "negamax", generic: false });
  assert.deepEqual(codeChoice({ kind: "chess", options: { engine: "Stockfish 16", algo: "pvs" } }, "negamax"), { algo: "pvs", form: "negamax", generic: true });
  assert.equal(codeChoice({ kind: "chess", options: { engine: "Stockfish 16" } }, "negamax"), null);
  assert.equal(codeChoice({ kind: "tree", options: {} }, "root"), null);
  assert.deepEqual(codeChoice({ kind: "tree", options: { algo: "alphabeta" } }, "root"), { algo: "alphabeta", form: "maxmin", generic: false });
  assert.deepEqual(codeChoice({ kind: "tree", options: { algo: "alphabeta", writer: "pvscope_trace.h" } }, "root"), { algo: "alphabeta", form: "maxmin", generic: true });
});

test("a lesson slide opens the code panel at a line (code: LANG LINE)", async () => {
  const { parseLesson, parseCodeKey } = await import("../lessons/lessonformat.js");
  assert.deepEqual(parseCodeKey("pseudo 9"), { lang: "pseudo", line: 9 });
  assert.deepEqual(parseCodeKey("python"), { lang: "python", line: 0 });
  assert.deepEqual(parseCodeKey("off"), { lang: "off", line: 0 });
  assert.equal(parseCodeKey("java"), null);
  const l = parseLesson("# L\n\n---\nstate: tree=((1 2))&algo=alphabeta\ncode: pseudo 9\n\nText\n\n---\ncode: cobol\n\nBad\n");
  assert.equal(l.slides[0].code, "pseudo 9");
  assert.equal(l.slides[0].error, "");
  assert.notEqual(l.slides[1].error, "");
});

test("the code's comments follow the page's language, its keywords stay", () => {
  const fr = catalog("fr");
  assert.deepEqual(Object.keys(fr).sort(), Object.keys(EN).sort());
  for (const algo of ["alphabeta", "pvs", "chess"]) {
    const en = text(algo, "negamax", "pseudo"), f = text(algo, "negamax", "pseudo", false, fr);
    assert.equal(en.lines.length, f.lines.length);
    assert.ok(!f.text.includes("{{"), `${algo}: a comment without words`);
    for (const [i, line] of en.lines.entries()) {
      const code = (l) => l.split("//")[0];
      assert.equal(code(f.lines[i]), code(line), `${algo} line ${i + 1}: the code changed with the language`);
    }
    assert.notEqual(f.text, en.text);
  }
  // The chess text's steps keep the engine's names in French.
  const f = text("chess", "negamax", "pseudo", false, fr);
  for (const tag of ["futility", "null-move", "tt-probe", "cutoff"]) assert.match(f.lines[f.tags[tag] - 1], /Step \d/);
});

test("the quiz asks which line runs next, while the code panel is open", async () => {
  const { questionsAt, check } = await import("../teaching/quiz.js");
  const { View } = await import("../tree/view.js");
  const t = load(GOLDEN);
  const tr = new CodeTracker(text("pvs", "negamax", "python"), { algo: "pvs", form: "negamax" });
  const lines = events(t).map((ev) => tr.step(ev).line);
  const V = new View("negamax");
  const probe = events(t).findIndex((ev) => ev.kind === "probe");
  const q = questionsAt(t, probe, V, (i) => lines[i]).find((x) => x.kind === "line");
  assert.equal(q.truth, tr.code.tags.probe);
  assert.ok(check("line", q.truth, String(tr.code.tags.probe)));
  assert.ok(!check("line", q.truth, String(tr.code.tags.probe + 1)));
  assert.equal(questionsAt(t, probe, V).find((x) => x.kind === "line"), undefined, "no line question with the panel closed");
});

test("exports carry the code beside the tree with the running line marked", async () => {
  const { svgWithCode, tikzWithCode, texLine } = await import("../teaching/codeexport.js");
  const tree = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">\n<circle r="3"/>\n</svg>\n';
  const code = { lines: ["v ← −∞", "if v ≥ β then", "  break"], line: 3, title: "Alpha-beta" };
  const svg = svgWithCode(tree, code);
  assert.match(svg, /^<svg [^>]*width="(\d+)"/);
  assert.ok(+/width="(\d+)"/.exec(svg)[1] > 200, "the code widens the picture");
  assert.match(svg, /<rect class="running"[^>]*\/>\n<text[^>]*>\s*3<\/text>\n<text[^>]* font-weight="bold">  break<\/text>/);
  assert.equal((svg.match(/class="running"/g) || []).length, 1);
  const tex = tikzWithCode("\\documentclass{standalone}\n\\begin{document}\nX\n\\end{document}\n", code);
  assert.match(tex, /3 & \\colorbox\{yellow!40\}\{\\texttt\{~~break\}\} \\\\/);
  assert.ok(tex.trimEnd().endsWith("\\end{document}"));
  assert.equal(texLine("if v ≥ β then"), "if~v~$\\geq$~$\\beta$~then");
  assert.equal(texLine("a_b & {c}"), "a\\_b~\\&~\\{c\\}");
});
