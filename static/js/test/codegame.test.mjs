// The code panel's game texts (static/code/*-game.*, issue 43): a game's search picks them in
// either view, each has the lines a game search's events come from, and a small search written
// here by hand (a root at depth 1 with two moves: the first a leaf read by the evaluation, the
// second a won game) lights, event by event, the lines that say it, with the node's depth and ply
// in the watch. The comments come from gamecode.json in the page's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCode, codeFile, codeChoice, ALGOS } from "../teaching/codetext.js";
import { LANGS } from "../teaching/codepanel.js";
import { CodeTracker } from "../teaching/codemap.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const words = (lang) => ({
  ...JSON.parse(fs.readFileSync(path.join(root, `static/js/i18n/${lang}/gamecode.json`), "utf8")),
  ...JSON.parse(fs.readFileSync(path.join(root, `static/js/i18n/${lang}/codecomments.json`), "utf8")),
});
const text = (algo, lang, w = words("en"), form = "game") =>
  parseCode(fs.readFileSync(path.join(root, codeFile(algo, form, lang)), "utf8"), { words: (k) => w[k] ?? k });

test("a game's search shows the game text, MAX/MIN in the root view; a tree and chess keep theirs", () => {
  for (const [view, form] of [["root", "game-maxmin"], ["negamax", "game"]]) {
    assert.deepEqual(codeChoice({ kind: "game", game: "connect4", options: { algo: "alphabeta" } }, view), { algo: "alphabeta", form, generic: false });
  }
  // A game's trace file: its header's meta names the game; another engine's is said to be generic.
  assert.deepEqual(codeChoice({ kind: "tree", options: { algo: "pvs", game: "tictactoe" } }, "negamax"), { algo: "pvs", form: "game", generic: false });
  assert.deepEqual(codeChoice({ kind: "tree", options: { algo: "pvs", game: "othello", writer: "pvscope_trace.py" } }, "root"), { algo: "pvs", form: "game-maxmin", generic: true });
  assert.equal(codeChoice({ kind: "tree", options: { algo: "pvs" } }, "root").form, "maxmin");
  assert.equal(codeChoice({ kind: "chess", options: { algo: "pvs" } }, "root").algo, "chess");
});

test("every game text has the lines a game search's events come from", () => {
  for (const algo of ALGOS) {
    for (const lang of LANGS) {
      for (const form of ["game", "game-maxmin"]) {
        const c = text(algo, lang, words("en"), form);
        const want = ["enter", "over", "leaf", "pv-update", "exit"];
        if (algo !== "minimax") want.push("cut-test", "cutoff");
        if (algo === "pvs") want.push("probe", "fail", "re-search");
        if (lang === "pseudo") want.push("tt-probe", "tt-cutoff", "tt-store");
        // A MAX/MIN text has each node line twice, in MAX-VALUE and in MIN-VALUE.
        const tags = form === "game" ? want : want.flatMap((t) => [`max.${t}`, `min.${t}`]);
        for (const tag of [...tags, "call", "iteration"]) assert.ok(c.tags[tag] > 0, `${algo} ${lang} ${form}: no line tagged ${tag}`);
        assert.ok(!/TREE|color|\{\{/.test(c.text), `${algo} ${lang} ${form}: a tree's word or an unresolved comment in\n${c.text}`);
      }
    }
  }
});

// search-start, iteration 1, the root (depth 1) probes the table, its move 0 is a leaf worth 5
// (a PV update from -inf), its move 1 wins at ply 1 for the side that moved (the child, to move,
// has lost: -(30000 - 1)), scored 29999 by the root, then the store, the exit and the reports.
const EVENTS = [
  { kind: "search-start", depth: 1 },
  { kind: "iteration-start", depth: 1, alpha: -32000, beta: 32000 },
  { kind: "enter", node: 1, parent: 0, ply: 0, depth: 1, alpha: -32000, beta: 32000 },
  { kind: "tt-probe", node: 1 },
  { kind: "enter", node: 2, parent: 1, ply: 1, depth: 0, index: 0, move: "b2", alpha: -32000, beta: 32000 },
  { kind: "exit", node: 2, score: -5, end: "eval" },
  { kind: "pv-update", node: 1, index: 0, move: "b2", score: 5, alpha: -32000, beta: 32000 },
  { kind: "enter", node: 3, parent: 1, ply: 1, depth: 0, index: 1, move: "a1", alpha: -32000, beta: -5 },
  { kind: "exit", node: 3, score: -29999, end: "loss" },
  { kind: "pv-update", node: 1, index: 1, move: "a1", score: 29999, alpha: 5, beta: 32000 },
  { kind: "tt-store", node: 1 },
  { kind: "exit", node: 1, score: 29999 },
  { kind: "root-pv", depth: 1, score: 29999 },
  { kind: "iteration-end", depth: 1, score: 29999 },
  { kind: "search-end", depth: 1, score: 29999 },
];

test("a game search's events light the lines that say them, with depth and ply", () => {
  const LINE = {
    "search-start": /^(function SEARCH|print\(search)/, "iteration-start": /^for depth/, enter: /^(function ALPHA-BETA|def alphabeta)/,
    "tt-probe": /^entry ← TABLE/, "exit:eval": /EVALUATE\(position\)|return evaluate\(position\)/,
    "exit:loss": /OUTCOME\(position\) × \(WIN − ply\)|return outcome\(position\) \* \(WIN - ply\)/,
    "pv-update": /^(α ← MAX\(α, value\)|alpha = max\(alpha, value\))$/, "tt-store": /^TABLE\[KEY\(position\)\] ←/,
    exit: /^return value$/, "root-pv": /^for depth/, "iteration-end": /^for depth/, "search-end": /^(function SEARCH|print\(search)/,
  };
  for (const lang of LANGS) {
    const c = text("alphabeta", lang);
    const tr = new CodeTracker(c, { algo: "alphabeta", form: "game" });
    const got = EVENTS.map((ev) => tr.step(ev));
    EVENTS.forEach((ev, i) => {
      const key = ev.kind === "exit" && ev.end ? `exit:${ev.end}` : ev.kind;
      const h = got[i];
      if (lang === "python" && ev.kind.startsWith("tt-")) return assert.equal(h.line, 0, "the Python has no table");
      assert.match(c.lines[h.line - 1].trim(), LINE[key], `${lang}: event ${i} (${key})`);
    });
    const alpha = lang === "pseudo" ? "α" : "alpha";
    // The child's enter: its depth and ply; the win: alpha raised from 5 to 29999 at the root.
    assert.deepEqual({ ...got[4].vars }, { [alpha]: -Infinity, [lang === "pseudo" ? "β" : "beta"]: Infinity, depth: 0, ply: 1 });
    assert.equal(got[9].vars[alpha], 29999);
    assert.equal(got[9].vars.value, 29999);
    assert.equal(got[9].vars.i, 1);
  }
});

test("the game texts' comments follow the page's language", () => {
  const fr = text("pvs", "pseudo", words("fr"));
  assert.ok(fr.text.includes("la table, par la clé de la position"), fr.text);
  assert.ok(text("pvs", "python", words("fr")).text.includes("# l'évaluation du jeu, du côté du joueur au trait"));
});

test("the MAX/MIN game text shows a MIN node's window from MAX's side", () => {
  const c = text("alphabeta", "pseudo", words("en"), "game-maxmin");
  const tr = new CodeTracker(c, { algo: "alphabeta", form: "game-maxmin" });
  const got = EVENTS.map((ev) => tr.step(ev));
  // The second child (ply 1, MIN to move) is searched with negamax (-inf, -5): from MAX's side,
  // after the first move's 5, alpha = 5 and beta = +inf; its win for MAX ends on MIN's outcome line.
  assert.match(c.lines[got[7].line - 1], /^function MIN-VALUE\(/);
  assert.deepEqual({ ...got[7].vars }, { α: 5, β: Infinity, depth: 0, ply: 1 });
  assert.match(c.lines[got[8].line - 1], /^  if IS-OVER\(position\) then return −OUTCOME\(position\)/);
  assert.match(c.lines[got[9].line - 1], /^    α ← MAX\(α, v\)$/);
  assert.equal(got[9].vars.v, 29999);
});
