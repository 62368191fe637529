// The tracer's own sentences in the page's language (issue 20, item 4): a trace's violations and
// warnings, and the refusal of a file the server cannot read, come from Go with their key and
// parameters (tracer/msg) beside the English; traceproblems.js and tracefile.js say them from the
// go-tracer catalog when the page is not English, and the server's English, as it came, when it
// is. Every expected sentence is written here by hand: French digits (1 234 with a narrow no-break
// space) for line and seq numbers, the plural CLDR gives French (0 and 1 singular), a no-break
// space before : and ; and inside « », and no English word left but event kinds and moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { speak } from "./words.mjs";
import { install } from "./fakedom.mjs";
import { t } from "../i18n/i18n.js";
import { createTraceProblems, problemText, said } from "../engines/traceproblems.js";
import { createTraceFile } from "../engines/tracefile.js";

const NB = "\u00a0", NN = "\u202f";
const ENGLISH = /\b(the|is|are|with|and|of|to|in|at|searched|search|node|nodes|line|lines|again|but|not|its|which|window|unknown|kind|event|rule|warning|depth|move|probe|exit|enter|ignored|wider|above|below)\b/i;
// The event kinds (search-end, re-search, pv-update…) and JSON field names stay as the file writes them.
const KINDS = /\b(search-start|search-end|iteration-start|iteration-end|re-search|pv-update|pv-cut|fail-low)\b|«\u00a0(end|kind)\u00a0»/g;
const french = (text) => assert.doesNotMatch(text.replace(KINDS, ""), ENGLISH, `English left in ${JSON.stringify(text)}`);

function inFrench(name, fn) {
  test(name, async () => {
    speak("fr");
    try { await fn(); } finally { speak("en"); }
  });
}

// Violations as the server sends them (server/traceproblems.go): the English message, its key and
// its parameters. The English is the checker's sentence for these parameters.
const V = {
  seq: { line: 1234, rule: "seq", node: 0, seq: 1233, event: 3, key: "go-tracer.seqNotIncreasing", args: { seq: 12345 },
    message: "seq does not increase: the event before was seq 12345" },
  exitOpen: { line: 7, rule: "nesting", node: 9, seq: 6, event: 5, key: "go-tracer.exitNotInnermost", args: { node: 9, top: 4 },
    message: "exit of node 9, but the innermost open node is 4: node 4 has not exited" },
  actual: { line: 6, rule: "actual-type", node: 2, seq: 5, event: 4, key: "go-tracer.actualType",
    args: { node: 2, actual: "cut", score: -35000, alpha: -50000, beta: 50000, want: "pv" },
    message: 'exit of node 2 says "cut", but score -35000 in its window (-50000, 50000) makes it "pv"' },
  innermost: { line: 8, rule: "innermost", node: 3, seq: 7, event: 6, key: "go-tracer.namesNotInnermost", args: { kind: "pv-update", node: 3, top: 1 },
    message: "pv-update names node 3, but the innermost open node is 1" },
  owed: { line: 20, rule: "re-search", node: 5, seq: 19, event: 18, key: "go-tracer.reducedOwed",
    args: { node: 1, move: "g1f3", child: 5, plies: 2, score: 40, alpha: 10 },
    message: "node 1's reduced search of g1f3 (node 5, 2 plies shallower) scored 40, above its alpha 10, but was not searched again at full depth" },
  repeat: { line: 30, rule: "repeat", node: 6, seq: 29, event: 28, key: "go-tracer.repeatInFull", args: { node: 6, move: "e2e4", other: 4 },
    message: "node 6 searches e2e4 again with the same window and depth as node 4, in full: its table did not answer the repeat" },
  meta: { line: 1, rule: "meta", node: 0, seq: 0, event: 0, key: "go-tracer.mateBandWider", args: { band: 200, mate: 100 },
    message: "meta.mateBand 200 is wider than meta.mate 100 (ignored)" },
};

inFrench("the violations list says the checker's sentences in French, from their keys", () => {
  const doc = install(["div", { id: "violation-banner", hidden: 1 }, ["span", { id: "violation-text" }]],
    ["details", { id: "violations" }, ["span", { id: "violation-count" }], ["ol", { id: "violation-list" }]]);
  globalThis.window = { innerHeight: 768 };
  const S = { trace: { totalNodes: 9, node: (id) => id <= 9, length: 40, enterAt: { get: () => 0 } } };
  const tp = createTraceProblems(S, { seek() {}, showNode() {}, nodeName: (id) => ({ 2: "Kh1", 3: "Kh1 Kg8", 5: "Nf3", 6: "e4", 9: "Rd8" })[id] || "?" });
  tp.start({ violations: [V.seq, V.exitOpen, V.actual, V.innermost, V.owed], violationCount: 5, warnings: [V.repeat, V.meta], warningCount: 2 });
  const b = doc.getElementById("violation-list").children.map((li) => li.children[0]);
  const want = [
    `ligne 1${NN}234 · seq${NB}: le seq ne croît pas${NB}: l'événement précédent avait le seq 12${NN}345`,
    `ligne 7 · nesting · Rd8${NB}: sortie du nœud 9, mais le nœud ouvert le plus intérieur est 4${NB}: le nœud 4 n'est pas sorti`,
    `ligne 6 · actual-type · Kh1${NB}: la sortie du nœud 2 dit «${NB}cut${NB}», mais le score -35000 dans sa fenêtre (-50000, 50000) en fait «${NB}pv${NB}»`,
    `ligne 8 · innermost · Kh1 Kg8${NB}: pv-update nomme le nœud 3, mais le nœud ouvert le plus intérieur est 1`,
    `ligne 20 · re-search · Nf3${NB}: la recherche réduite de g1f3 par le nœud 1 (nœud 5, 2 demi-coups de moins) a rapporté 40, au-dessus de son alpha 10, mais n'a pas été refaite à pleine profondeur`,
    `ligne 30 · repeat · e4${NB}: le nœud 6 cherche de nouveau e2e4 avec la même fenêtre et la même profondeur que le nœud 4, intégralement${NB}: sa table de transposition n'a pas répondu à la répétition`,
    `ligne 1 · meta${NB}: meta.mateBand 200 est plus large que meta.mate 100 (ignoré)`,
  ];
  assert.deepEqual(b.map((x) => x.textContent), want);
  assert.equal(b[0].title, `${want[0]}\n(une règle enfreinte au seq 1${NN}233 du fichier${NB}: cliquez pour voir cette étape)`);
  // The rule names (actual-type, re-search) are the checker's words, not sentences.
  for (const x of b) french(x.textContent.replace(/ · [\w-]+ · | · [\w-]+\u00a0:/, " "));
});

inFrench("a count of plies picks its French plural: 0 and 1 singular", () => {
  const p = (plies) => said({ ...V.owed, args: { ...V.owed.args, plies } });
  assert.match(p(0), /\(nœud 5, 0 demi-coup de moins\)/);
  assert.match(p(1), /\(nœud 5, 1 demi-coup de moins\)/);
  assert.match(p(2), /\(nœud 5, 2 demi-coups de moins\)/);
  assert.match(p(1234), new RegExp(`\\(nœud 5, 1${NN}234 demi-coups de moins\\)`));
});

inFrench("a sentence without a key, or with one the catalog lacks, is the server's English", () => {
  assert.equal(said({ message: "a new rule" }), "a new rule");
  assert.equal(said({ message: "from a newer server", key: "go-tracer.noSuchSentence", args: {} }), "from a newer server");
  assert.equal(problemText({ line: 3, rule: "r", message: "m" }), `ligne 3 · r${NB}: m`);
});

test("in English the list shows the server's sentence as it came", () => {
  speak("en");
  for (const p of Object.values(V)) assert.equal(said(p), p.message);
  assert.equal(problemText(V.seq), "line 1234 · seq: seq does not increase: the event before was seq 12345");
});

// The file the server refuses: the answer of server/tracefile.go's serveTraceUpload.
function refusal(answer) {
  install(["progress", { id: "trace-progress" }]);
  globalThis.performance ??= { now: () => 0 };
  globalThis.XMLHttpRequest = class {
    constructor() { this.upload = {}; }
    open() {}
    setRequestHeader() {} // the page's mark (tracefile.js): what this fake answers does not depend on it
    send() { this.status = 400; this.response = answer; this.onload(); }
  };
  const shown = [];
  const tf = createTraceFile({}, { socket: {}, timings: { runs: [] }, errors: { clearErrors() {}, showError: (s) => shown.push(s) }, setRunState() {}, kick() {} });
  return tf.openFile({ name: "engine.jsonl", size: 10 }).then(() => shown);
}

inFrench("a trace file the server cannot read: its line and word in a French sentence", async () => {
  assert.deepEqual(await refusal({ error: 'Trace line 1234: unknown event kind "bogus".', key: "go-tracer.lineUnknownKind", args: { line: 1234, value: "bogus" } }),
    [`engine.jsonl${NB}: Ligne 1${NN}234 de la trace${NB}: type d'événement inconnu «${NB}bogus${NB}».`]);
  assert.deepEqual(await refusal({ error: 'Trace line 3: "end": unknown end "over".', key: "go-tracer.lineUnknownEnd", args: { line: 3, value: "over" } }),
    [`engine.jsonl${NB}: Ligne 3 de la trace${NB}: «${NB}end${NB}»${NB}: fin inconnue «${NB}over${NB}».`]);
  const [v] = await refusal({ error: "Trace version 2 is not supported: this pvscope reads version 1.", key: "go-tracer.headerVersion", args: { version: 2, want: 1 } });
  assert.equal(v, `engine.jsonl${NB}: La version 2 du format de trace n'est pas prise en charge${NB}: ce pvscope lit la version 1.`);
  for (const s of [v]) french(s.replace("pvscope", ""));
  // The server's own sentence, without a key, comes in English as it is.
  assert.deepEqual(await refusal({ error: "The trace has a header but no events." }), [`engine.jsonl${NB}: The trace has a header but no events.`]);
});

test("in English a refused file shows the server's sentence as it came", async () => {
  speak("en");
  assert.deepEqual(await refusal({ error: 'Trace line 3: unknown event kind "bogus".', key: "go-tracer.lineUnknownKind", args: { line: 3, value: "bogus" } }),
    ['engine.jsonl: Trace line 3: unknown event kind "bogus".']);
});

// Every go-tracer key has a French sentence of its own (not the English under it).
test("every go-tracer sentence is translated", async () => {
  const { own } = await import("./words.mjs");
  const en = own("en"), fr = own("fr");
  const keys = Object.keys(en).filter((k) => k.startsWith("go-tracer."));
  assert.ok(keys.length > 50);
  for (const k of keys) assert.notEqual(fr[k], en[k], `${k} is not translated`);
  assert.equal(t("language.name"), "English");
});
