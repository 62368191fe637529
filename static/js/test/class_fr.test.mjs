// The class room's, the comparison's, the diff's, the engine panel's and the trace file's
// sentences in French (issue 20, item 4): room.js, compare.js, comparediff.js, compareplan.js,
// diff.js, engines.js, enginelines.js, tracefile.js and traceproblems.js. Every expected
// sentence is written here by hand, in French as a reader writes it: counts in French digits
// (1 234 with a narrow no-break space), the plural CLDR gives French (0 and 1 singular), a
// no-break space before : and ;, and no English word left but the server's own sentences,
// names of options and algorithms, and moves.
// Over 400 lines because it is one catalogue of hand-written French sentences for nine modules,
// each expectation beside the case it checks.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { speak, own, languages } from "./words.mjs";
import { install } from "./fakedom.mjs";
import { fixture } from "./helpers.mjs";
import { t } from "../i18n/i18n.js";
import { Trace, batchFromJSONL } from "../model/model.js";
import { createRoom } from "../rooms/room.js";
import { createTraceProblems, bannerText, problemText } from "../engines/traceproblems.js";
import { describe, diffTraces, WHAT } from "../compare/diff.js";
import { createDiffBar, MARKS } from "../compare/comparediff.js";
import { parseCompare, planPanes, parseDiff, ALGOS } from "../compare/compareplan.js";
import { flagName, warningName, endName, endText, ENDS } from "../engines/enginelines.js";
import { mb } from "../engines/tracefile.js";

const NB = "\u00a0", NN = "\u202f"; // no-break space (before : ;), narrow no-break space (1 234)
const ENGLISH = /\b(the|is|are|with|and|of|to|in|at|searched|search|node|nodes|leaves|line|lines|answered|following|press|you|your|room|depth|move|moves|file|rule|warning|warnings|difference|differences|server|reading|sending|opening|engine)\b/i;
const french = (text, what = text) => assert.doesNotMatch(text, ENGLISH, `English left in ${JSON.stringify(what)}`);

// Each test speaks French and goes back to English, the language the other tests expect.
function inFrench(name, fn) {
  test(name, async () => {
    speak("fr");
    try { await fn(); } finally { speak("en"); }
  });
}

// ---- the class room (room.js on a small fake page) ----

const ROOM = ["section", { id: "room" },
  ["button", { id: "room-share" }, "Share with the class"],
  ["span", { id: "room-state" }],
  ["div", { id: "room-panel", hidden: 1 },
    ["a", { id: "room-link" }],
    ["span", { class: "room-count" }, ["output", { id: "room-count" }, "0"], " following"],
    ["button", { id: "room-follow" }, "Following"],
    ["div", { id: "room-question", hidden: 1 }],
    ["output", { id: "room-poll", hidden: 1 }],
    ["div", { id: "room-qr" }]]];

function roomPage(judge) {
  const doc = install(ROOM);
  globalThis.location = { search: "", origin: "http://127.0.0.1:8106" };
  globalThis.sessionStorage = { getItem: () => null, setItem() {}, removeItem() {} };
  const sent = [];
  const S = { k: 0, eventCount: 0 };
  const every = globalThis.setInterval;
  globalThis.setInterval = () => 0; // the cursor's timer: these tests call what it would
  try {
    const room = createRoom(S, { socket: { ready: true, send: (f) => sent.push(f) }, kick() {}, pause() {}, getView: () => "", setView() {}, judge });
    return { room, doc, sent, text: (id) => doc.getElementById(id).textContent };
  } finally {
    globalThis.setInterval = every;
  }
}

inFrench("room: the count of pupils connected, with its plural, in French digits", () => {
  const { room, doc, text } = roomPage();
  room.frame({ type: "room", code: "K7Q2", role: "presenter", token: "tok" });
  const count = doc.getElementById("room-count"), span = count.parentElement;
  const want = { 0: "0 élève connecté", 1: "1 élève connecté", 2: "2 élèves connectés", 1234: `1${NN}234 élèves connectés` };
  for (const [n, sentence] of Object.entries(want)) {
    room.frame({ type: "room-count", followers: Number(n) });
    assert.equal(span.textContent, sentence);
    assert.equal(count.parentElement, span, "the number stays in its output (testid room-count)");
    assert.equal(text("room-count"), sentence.split(" ")[0]);
    french(span.textContent);
  }
  assert.equal(room.snapshot().followers, 1234, "the snapshot keeps the number");
  speak("en");
  room.frame({ type: "room-count", followers: 2 });
  assert.equal(span.textContent, "2 following", "English as before");
});

inFrench("room: poll results, each answer's count and who answered, with plurals", () => {
  const { room, text } = roomPage((question, answer) => (answer === "3" ? { right: true } : answer === "4" ? { right: false } : null));
  room.frame({ type: "room", code: "K7Q2", role: "presenter", token: "tok" });
  room.frame({ type: "poll", question: "q", answered: 0, followers: 2, counts: { 12: 0 } });
  assert.equal(text("room-poll"), `0 élève sur 2 a répondu — 12${NB}: 0`);
  room.frame({ type: "poll", question: "q", answered: 1, followers: 2, counts: { 3: 1, 12: 0 } });
  assert.equal(text("room-poll"), `1 élève sur 2 a répondu — 3 ✓${NB}: 1, 12${NB}: 0`);
  room.frame({ type: "poll", question: "q", answered: 1234, followers: 1500, counts: { 3: 1000, 4: 234 } });
  assert.equal(text("room-poll"), `1${NN}234 élèves sur 1${NN}500 ont répondu — 3 ✓${NB}: 1${NN}000, 4 ✗${NB}: 234`);
  french(text("room-poll"));
  // Past the 32 most given free answers, the server counts the rest as others.
  room.frame({ type: "poll", question: "q", answered: 42, followers: 42, counts: { 3: 2 }, others: 9 });
  assert.equal(text("room-poll"), `42 élèves sur 42 ont répondu — 3 ✓${NB}: 2, 9 autres réponses`);
  room.frame({ type: "poll", question: "q", answered: 3, followers: 3, counts: { 3: 2 }, others: 1 });
  assert.equal(text("room-poll"), `3 élèves sur 3 ont répondu — 3 ✓${NB}: 2, 1 autre réponse`);
  speak("en");
  room.frame({ type: "poll", question: "q", answered: 3, followers: 3, counts: { 3: 2 }, others: 1 });
  assert.equal(text("room-poll"), "3 of 3 answered — 3 ✓: 2, 1 other answer");
  speak("fr");
  room.close();
  assert.equal(text("room-state"), "La salle est fermée.");
});

inFrench("room: a follower's state, follow button, question and verdicts", () => {
  let revealed = null;
  const { room, doc, text } = roomPage(() => revealed);
  room.frame({ type: "room", code: "K7Q2", role: "follower" });
  assert.equal(text("room-state"), "Vous suivez le présentateur.");
  assert.equal(text("room-follow"), "Suivi en cours");
  room.toggleFollow();
  assert.equal(text("room-follow"), "Suivre le présentateur");
  assert.equal(text("room-state"), `Vous avancez par vous-même${NB}: appuyez sur Suivre le présentateur pour le rejoindre.`);
  room.frame({ type: "question", question: "q1", prompt: "", choices: [] });
  const box = doc.getElementById("room-question");
  assert.ok(box.textContent.startsWith(`Répondez à la question du présentateur${NB}:`), box.textContent);
  const [input, button] = box.children.filter((c) => c.tagName === "INPUT" || c.tagName === "BUTTON");
  assert.equal(input.getAttribute("aria-label"), "votre réponse");
  assert.equal(button.textContent, "Répondre");
  room.answer("q1", "3");
  const verdict = doc.getElementById("room-verdict");
  assert.equal(verdict.textContent, `Vous avez répondu 3${NB}; le présentateur dévoile l'étape ensuite.`);
  revealed = { right: true };
  room.answer("q1", "3");
  assert.equal(verdict.textContent, `Vous avez répondu 3${NB}: c'est juste.`);
  revealed = { right: false, truth: "(3, ∞)" };
  room.answer("q1", "(2, 3)");
  assert.equal(verdict.textContent, `Vous avez répondu (2, 3)${NB}: pas tout à fait, c'est (3, ∞).`);
  for (const id of ["room-state", "room-follow", "room-question"]) french(text(id), id);
  french(verdict.textContent);
});

// A poll counts the followers present, so an answer leaves with its connection: a follower back
// on a new connection, with the same question open, answers it again (once); a new question is not.
test("room: a follower back on a new connection answers the open question again", () => {
  const { room, sent } = roomPage();
  room.frame({ type: "room", code: "K7Q2", role: "follower" });
  room.frame({ type: "question", question: "q1", prompt: "", choices: ["3", "4"] });
  room.answer("q1", "3");
  room.frame({ type: "question", question: "q1", prompt: "", choices: ["3", "4"] }); // asked again
  const answers = () => sent.filter((f) => f.type === "answer");
  assert.equal(answers().length, 1, "the server has it: not sent again");
  room.frame({ type: "hello" }); // a new connection joins again
  assert.deepEqual(sent.at(-1), { type: "join-room", code: "K7Q2" });
  room.frame({ type: "room", code: "K7Q2", role: "follower" });
  room.frame({ type: "question", question: "q1", prompt: "", choices: ["3", "4"] });
  assert.deepEqual(answers(), [{ type: "answer", question: "q1", answer: "3" }, { type: "answer", question: "q1", answer: "3" }]);
  room.frame({ type: "question", question: "q1", prompt: "", choices: ["3", "4"] });
  room.frame({ type: "room", code: "K7Q2", role: "follower" });
  room.frame({ type: "question", question: "q2", prompt: "", choices: ["3", "4"] });
  assert.equal(answers().length, 2, "once per connection, and never to another question");
});

// ---- the violations list (traceproblems.js) ----

inFrench("trace problems: the banner, the list, its titles and count, in French with plurals", () => {
  assert.equal(bannerText(1, 0, 1), `Cette trace comporte 1 violation de 1 règle${NB}:`);
  assert.equal(bannerText(2, 0, 2), `Cette trace comporte 2 violations de 2 règles${NB}:`);
  // Issue 38: violations and rules counted apart (26 violations of one rule).
  assert.equal(bannerText(26, 0, 1), `Cette trace comporte 26 violations de 1 règle${NB}:`);
  assert.equal(bannerText(0, 1), `Cette trace comporte 1 avertissement${NB}:`);
  assert.equal(bannerText(0, 2), `Cette trace comporte 2 avertissements${NB}:`);
  assert.equal(bannerText(1234, 1, 3), `Cette trace comporte 1${NN}234 violations de 3 règles et 1 avertissement${NB}:`);
  assert.equal(bannerText(0, 0), "");
  assert.equal(problemText({ line: 1234, rule: "window-order", message: "m" }), `ligne 1${NN}234 · window-order${NB}: m`);

  const doc = install(["div", { id: "violation-banner", hidden: 1 }, ["span", { id: "violation-text" }]],
    ["details", { id: "violations" }, ["span", { id: "violation-count" }], ["ol", { id: "violation-list" }]]);
  globalThis.window = { innerHeight: 768 };
  const S = { trace: { totalNodes: 5, node: (id) => id <= 5, length: 10, enterAt: { get: () => 0 } } };
  const tp = createTraceProblems(S, { seek() {}, showNode() {}, nodeName: (id) => (id === 2 ? "Kh1" : "?") });
  // The messages are the server's checker's (English, as they come).
  tp.start({
    violations: [{ line: 6, rule: "actual-type", node: 2, seq: 5, message: "exit of node 2 says PV" },
      { line: 7, rule: "orphan", node: 9, seq: 6, message: "x" }],
    violationCount: 1235,
    warnings: [{ line: 1234, rule: "window-order", node: 0, seq: 1233, event: 3, message: "y" }],
    warningCount: 2,
  });
  // No violationRules on the frame: the rules of the violations listed (actual-type, orphan).
  assert.equal(doc.getElementById("violation-text").textContent, `Cette trace comporte 1${NN}235 violations de 2 règles et 2 avertissements${NB}:`);
  assert.equal(doc.getElementById("violation-count").textContent, `1${NN}235 + 2 avertissements`);
  const items = doc.getElementById("violation-list").children;
  const [b1, b2, b3] = items.slice(0, 3).map((li) => li.children[0]);
  assert.equal(b1.textContent, `ligne 6 · actual-type · Kh1${NB}: exit of node 2 says PV`);
  assert.equal(b1.title, `ligne 6 · actual-type · Kh1${NB}: exit of node 2 says PV\n(une règle enfreinte au seq 5 du fichier${NB}: cliquez pour voir son nœud)`);
  assert.equal(b2.textContent, `ligne 7 · orphan · nœud 9${NB}: x`, "a node not yet arrived is named by its number");
  assert.equal(b3.textContent, `ligne 1${NN}234 · window-order${NB}: y`);
  assert.equal(b3.title, `ligne 1${NN}234 · window-order${NB}: y\n(un avertissement au seq 1${NN}233 du fichier${NB}: cliquez pour voir cette étape)`);
  assert.equal(items[3].textContent, `… et 1${NN}234 de plus (pvscope check FILE --max 0 les liste tous)`);
  french(doc.getElementById("violation-text").textContent);
  french(b3.title.replace("window-order", ""));
  tp.start({ violations: [{ line: 1, rule: "r", node: 0, seq: 1, message: "z" }], violationCount: 1234, warnings: [], warningCount: 0 });
  assert.equal(doc.getElementById("violation-count").textContent, `1${NN}234`);
  tp.start({ violations: [], violationCount: 3, warnings: [], warningCount: 1 });
  assert.equal(doc.getElementById("violation-count").textContent, "3 + 1 avertissement");
});

// ---- the diff (diff.js' sentences, comparediff.js' bar) ----

inFrench("diff: each kind of difference in one French sentence, the root named as a place", () => {
  const st = (event, path) => ({ event, path, node: 1, k: 1 });
  assert.equal(describe({ what: "only", a: st("enter", []), b: null }), "La racine n'est explorée que dans A.");
  assert.equal(describe({ what: "only", a: null, b: st("enter", ["e2e4", "e7e5"]) }), "e2e4 e7e5 n'est exploré que dans B.");
  assert.equal(describe({ what: "window", a: st("enter", ["e2e4"]), b: st("enter", ["e2e4"]) }),
    "e2e4 est abordé avec une autre fenêtre, profondeur, réduction ou extension.");
  assert.equal(describe({ what: "score", a: st("exit", []), b: st("exit", []) }), "La racine renvoie un autre score ou une autre borne.");
  assert.equal(describe({ what: "next", a: st("enter", ["e2e4"]), b: st("exit", []) }), `Elles divergent${NB}: A entre dans e2e4, B quitte la racine.`);
  assert.equal(describe({ what: "next", a: st("end", []), b: st("enter", ["d2d4"]) }), `Elles divergent${NB}: A se termine, B entre dans d2d4.`);
  for (const s of [describe({ what: "next", a: st("end", []), b: st("exit", ["d2d4"]) }), describe({ what: "window", a: st("enter", []) })]) french(s);
});

// A real chess trace (the diff tests' fixture) and copies with one change, for the bar.
const lines = fs.readFileSync(fixture("chess_black_d2.jsonl"), "utf8").split("\n").filter((l) => l.trim());
const events = lines.slice(1).map((l) => JSON.parse(l));
function traceOf(evs) {
  const ids = new Map();
  let next = 1;
  const out = evs.map((e) => {
    const c = { ...e };
    if (c.kind === "enter") ids.set(c.node, next++);
    for (const f of ["node", "parent", "ref"]) if (c[f]) c[f] = ids.get(c[f]) ?? c[f];
    return c;
  });
  const { hello, started, batch } = batchFromJSONL([lines[0], ...out.map((e) => JSON.stringify(e))].join("\n"));
  const tr = new Trace(hello);
  tr.start(started);
  tr.append(batch);
  return tr;
}

inFrench("diff bar: its buttons, legend and sentences in French, differences counted with plurals", () => {
  const doc = install(["section", { id: "compare" }, ["div", { class: "compare-bar" }]]);
  const bar = createDiffBar(doc.getElementById("compare"), { onGo() {} });
  const el = doc.getElementById("compare").children[1];
  const byTestid = (id) => el.children.find((c) => c.dataset.testid === id);
  assert.equal(el.getAttribute("aria-label"), "Différences entre les recherches");
  assert.equal(byTestid("diff-first").textContent, "Première différence");
  assert.equal(byTestid("diff-first").title, "Les deux panneaux là où les recherches divergent pour la première fois (d)");
  assert.equal(byTestid("diff-prev").title, "La différence précédente ([)");
  assert.equal(byTestid("diff-next").title, "La différence suivante (])");
  const legend = el.children.find((c) => c.className === "diff-legend");
  assert.deepEqual(legend.children.map((s) => s.textContent),
    ["seulement dans cette recherche", "autre fenêtre, profondeur, réduction ou extension", "autre score ou autre borne"]);
  assert.deepEqual(Object.values(MARKS).map((m) => m.text), legend.children.map((s) => s.textContent));

  const ta = traceOf(events);
  bar.set(ta, traceOf(events));
  assert.equal(bar.status, "Les deux recherches sont identiques, nœud pour nœud.");

  // One difference at the root: its first enter with another alpha.
  const root = events.findIndex((e) => e.kind === "enter" && !e.parent);
  bar.set(ta, traceOf(events.map((e, i) => (i === root ? { ...e, alpha: e.alpha - 3 } : e))));
  assert.equal(bar.status, `1 différence. Première différence (fenêtre) à la racine${NB}: appuyez sur d.`);
  bar.first();
  assert.equal(bar.status, `Première différence (fenêtre)${NB}: A entre dans la racine${NB}; B entre dans la racine. 1 différence en tout.`);
  bar.next();
  assert.equal(bar.status, "Différence 1 sur 1\u00a0: La racine est abordée avec une autre fenêtre, profondeur, réduction ou extension.");

  // A subtree removed under a node at ply 1: they part there (another move next), and the
  // subtree is only in A: two differences.
  const enters = new Map(events.map((e, i) => [e, i]).filter(([e]) => e.kind === "enter").map(([e, i]) => [e.node, { e, i }]));
  const kids = (id) => events.filter((e) => e.kind === "enter" && e.parent === id);
  const rootIds = new Set(events.filter((e) => e.kind === "enter" && !e.parent).map((e) => e.node));
  const parent = events.find((e) => e.kind === "enter" && rootIds.has(e.parent) && kids(e.node).length >= 3);
  const sibs = kids(parent.node);
  // A move searched once there (PVS searches some twice: a probe and its re-search).
  const gone = sibs.find((k, i) => i > 0 && sibs.filter((x) => x.move === k.move).length === 1), from = enters.get(gone.node).i, to = events.findIndex((e, i) => i > from && e.kind === "exit" && e.node === gone.node);
  bar.set(ta, traceOf([...events.slice(0, from), ...events.slice(to + 1)]));
  assert.equal(bar.status, `2 différences. Première différence (coup suivant) en ${parent.move}${NB}: appuyez sur d.`);
  french(bar.status.replace(parent.move, ""));
});

inFrench("diff: the words of how two nodes differ, in a list, as diff.js gives them", () => {
  const src = fs.readFileSync(new URL("../compare/diff.js", import.meta.url), "utf8");
  // Every word diffTraces can give (pushed or as a one-word list), read from its source.
  const given = new Set([...src.matchAll(/what\.push\("(\w+)"\)|\["(\w+)"\]/g)].map((m) => m[1] || m[2]));
  assert.deepEqual([...given].sort(), [...WHAT].sort());
  const fr = ["coup suivant", "fenêtre", "profondeur", "réduction", "extension", "score", "borne", "fin"];
  assert.deepEqual(WHAT.map((w) => t(`diff.what-${w}`)), fr);
});

// ---- the comparison (compareplan.js' sentences and labels, compare.js' messages) ----

inFrench("comparison: what ?compare= and ?diff= cannot use, pane titles and notes, in French", () => {
  assert.equal(parseCompare("pvs").error, "Une comparaison demande au moins deux entrées, par exemple minimax,alphabeta,pvs.");
  assert.equal(parseCompare("pvs,pvs,pvs,pvs,pvs").error, `Une comparaison montre au plus 4 recherches côte à côte${NB}; celle-ci en demande 5.`);
  assert.equal(parseCompare("minimax,negascout").error,
    `«${NB}negascout${NB}» dans la comparaison n'est pas un algorithme${NB}; utilisez minimax, alphabeta ou pvs, chacun éventuellement suivi de :option=valeur.`);
  assert.equal(parseCompare("pvs:tt,pvs").error, `«${NB}tt${NB}» dans la comparaison n'est pas une option${NB}; écrivez-la sous la forme nom=valeur, par exemple pvs:tt=false.`);
  const plan = parseCompare("minimax,alphabeta:tt=false,pvs:null-move=true:lmr=false:depth=3");
  assert.deepEqual(plan.panes.map((p) => p.label), ["Minimax", "Alpha-bêta, sans table", "PVS, avec null-move, sans lmr, depth 3"]);
  assert.equal(planPanes({}, plan.panes, true)[0].note, "quiescence désactivée dans chaque panneau (minimax suivrait chaque prise)");
  assert.equal(parseDiff("a,b,c").error, `Un diff compare deux recherches, A et B (?diff=A,B)${NB}; celui-ci en a 3.`);
  assert.equal(parseDiff("trace:a b,pvs").error, `«${NB}trace:a b${NB}» dans le diff n'est pas une trace ouverte${NB}: écrivez «${NB}trace:${NB}» suivi du jeton qu'a affiché pvscope view.`);
  assert.equal(parseDiff(",pvs:x").error, `«${NB}x${NB}» dans le diff n'est pas une option${NB}; écrivez-la sous la forme nom=valeur, par exemple pvs:order-killers=false.`);
  assert.deepEqual(parseDiff("trace:abc,").panes.map((p) => p.label), [`A${NB}: un fichier de trace`, `B${NB}: les options du formulaire`]);
  assert.deepEqual(parseDiff(",pvs:order-killers=false").panes[1].label, `B${NB}: order-killers=false, algo=pvs`);
  for (const s of [parseCompare("pvs").error, plan.panes[1].label, parseDiff("a,b,c").error]) french(s);
});

inFrench("comparison: the summary and each pane's counts in French digits, leaves with plurals", () => {
  const leaves = { 0: "0 feuille", 1: "1 feuille", 2: "2 feuilles", 1234: `1${NN}234 feuilles` };
  for (const [n, w] of Object.entries(leaves)) assert.equal(t("compare.treeLeaves", { leaves: Number(n), depth: 3 }), `L'arbre a ${w} à la profondeur 3.`);
  assert.equal(t("compare.uniform", { b: 3, minimal: 1234 }),
    `Il est uniforme (b = 3), donc toute recherche alpha-bêta en lit au moins 1${NN}234 (Knuth et Moore${NB}: b^⌈d/2⌉ + b^⌊d/2⌋ − 1).`);
  assert.equal(t("compare.notUniform"), "Il n'est pas uniforme, donc le minimum de Knuth et Moore ne s'applique pas.");
  assert.equal(t("compare.chessLeaves"), `Échecs${NB}: le nombre de feuilles de l'arbre entier n'est pas connu ici${NB}; comparez les feuilles que chaque recherche a lues.`);
  assert.equal(t("compare.paneIndex", { k: 1234, events: 56789 }), `1${NN}234 / 56${NN}789`);
  assert.equal(t("compare.ratio", { read: 1234, leaves: 81234, percent: 2 }), `1${NN}234 / 81${NN}234 (2${NN}%)`);
  assert.equal(t("compare.stopped", { reason: "stopped by the user" }), `arrêtée${NB}: stopped by the user`, "the server's reason as it comes");
  for (const k of ["pressStart", "waiting", "searching", "play", "logLabel", "treeLeaves", "uniform", "chessLeaves"]) french(t(`compare.${k}`, { leaves: 2, depth: 1, b: 2, minimal: 3 }), k);
  assert.equal(t("compare.play"), "Lire feuille par feuille");
});

// ---- the engine panel (engines.js' progress and summary, enginelines.js' rows) ----

inFrench("engines: progress and summary lines, lines and nodes with plurals, in French digits", () => {
  assert.equal(t("engines.thinking", { named: "yes", engine: "stockfish", depth: 5, nodes: 1234567, ms: 89 }),
    `stockfish${NB}: réflexion à la profondeur 5, 1${NN}234${NN}567 nœuds, 89 ms`);
  assert.equal(t("engines.thinking", { named: "no", engine: "stockfish", depth: 1, nodes: 1, ms: 1234 }), `réflexion à la profondeur 1, 1 nœud, 1${NN}234 ms`);
  assert.equal(t("engines.summary", { how: "done", lines: 2, depth: 12, nodes: 123456, ms: 1234 }), `2 lignes jusqu'à la profondeur 12, 123${NN}456 nœuds, 1${NN}234 ms`);
  assert.equal(t("engines.summary", { how: "stopped", lines: 1, depth: 8, nodes: 2, ms: 5 }), `Arrêté${NB}: 1 ligne jusqu'à la profondeur 8, 2 nœuds, 5 ms`);
  assert.equal(t("engines.summary", { how: "failed", lines: 0, depth: 0, nodes: 0, ms: 0 }), "Échec après 0 ligne jusqu'à la profondeur 0, 0 nœud, 0 ms");
  assert.equal(t("engines.starting"), "démarrage du moteur…");
  assert.equal(t("engines.notChess", { tree: "random", named: "no", engine: "" }),
    `Un moteur analyse une position d'échecs, et la configuration contient un arbre aléatoire${NB}: saisissez une FEN, ou choisissez une position, pour l'analyser avec un moteur.`);
  assert.equal(t("engines.notChess", { tree: "tree", named: "yes", engine: "toga2" }),
    `Un moteur analyse une position d'échecs, et la configuration contient un arbre${NB}: saisissez une FEN, ou choisissez une position, pour l'analyser avec toga2.`);
  assert.equal(t("engines.lineMoveTitle", { line: 2, depth: 8, move: 3, moves: 5, san: "Nf3" }), `ligne 2 du moteur à la profondeur 8${NB}: après le coup 3 sur 5 (Nf3)`);
  assert.equal(t("engines.lineEndTitle", { line: 1, depth: 8, end: endName("in check") }), `ligne 1 du moteur à la profondeur 8${NB}: sa fin (en échec)`);
  for (const k of ["noReport", "startPosition", "starting"]) french(t(`engines.${k}`), k);
  french(t("engines.summary", { how: "stopped", lines: 3, depth: 4, nodes: 5, ms: 6 }));
});

inFrench("engine lines: flag and end names, their clauses, titles with plurals", () => {
  assert.equal(flagName("illegal: move 3 (e2e5) is not legal in somewhere"), "coup illégal");
  assert.equal(flagName("multipv: first move e2e4 is also line 1's"), "premier coup en double");
  assert.equal(flagName("multipv: scores cp 30, above line 1 (cp 20)"), "scores dans le désordre");
  assert.equal(flagName("verify: its end scores cp -200"), "vérification en désaccord");
  assert.equal(flagName("no pv"), "pas de PV");
  assert.equal(warningName("depth 3: line 3 of 3 is missing"), "ligne manquante");
  assert.equal(endName("capture pending"), "prise en suspens");
  assert.equal(endText("capture pending"), `une prise y est en suspens (une reprise, ou une pièce gagnée)${NB}: l'échange n'est pas fini`);
  assert.equal(endText("fifty-move"), "la règle des cinquante coups y termine la partie");
  assert.equal(endName("resigned"), "resigned", "an end the page does not know is shown as the server wrote it");
  const moves = { 0: "0 coup", 1: "1 coup", 2: "2 coups" };
  for (const [n, w] of Object.entries(moves)) assert.equal(t("enginelines.lengthTitle", { moves: Number(n), depth: 8 }), `${w} à la profondeur 8`);
  const nodes = { 0: "0 nœud", 1: "1 nœud", 2: "2 nœuds", 1234: `1${NN}234 nœuds` };
  for (const [n, w] of Object.entries(nodes)) assert.equal(t("enginelines.nodesTimeTitle", { nodes: Number(n), ms: 1500 }), `${w}, 1${NN}500 ms`);
  assert.equal(t("enginelines.depthSelTitle", { depth: 8, seldepth: 12 }), "profondeur 8, profondeur sélective 12");
  assert.equal(t("enginelines.endSearched", { depth: 4 }), `fin explorée à la profondeur 4${NB}:`);
  assert.equal(t("enginelines.endScore", { end: "-35", root: "20" }), "-35 (racine 20)");
  assert.equal(t("enginelines.noLine"), "(aucune ligne)");
  for (const e of ENDS) { french(endName(e), e); french(endText(e), e); }
  for (const k of ["lowerTitle", "upperTitle", "exactTitle", "moveTitle", "endMoveTitle", "endScoreTitle", "disagreesTitle"]) french(t(`enginelines.${k}`), k);
});

test("engine lines: every end the server names (engine/uci/pvcheck.go) has its words in every language", () => {
  const go = fs.readFileSync(new URL("../../../engine/uci/pvcheck.go", import.meta.url), "utf8");
  const server = [...go.matchAll(/^\s*End\w+\s*=\s*"([^"]+)"/gm)].map((m) => m[1]);
  assert.ok(server.length >= 8, "the constants are where this test reads them");
  assert.deepEqual([...ENDS].sort(), [...server].sort());
  for (const lang of languages()) {
    const msgs = own(lang);
    for (const e of server) {
      const k = e.replace(/\s+/g, "-");
      assert.ok(`enginelines.end-${k}` in msgs && `enginelines.endText-${k}` in msgs, `${lang}: the end "${e}"`);
    }
    for (const w of WHAT) assert.ok(`diff.what-${w}` in msgs, `${lang}: diff's word ${w}`);
    for (const a of ALGOS) assert.ok(`compareplan.algo-${a}` in msgs, `${lang}: the algorithm ${a}`);
  }
});

// ---- trace files (tracefile.js' progress and refusals) ----

inFrench("trace files: reading, sending with megabytes in French decimals, refusals", () => {
  const MiB = 1 << 20;
  assert.equal(t("tracefile.reading", { name: "run.jsonl" }), "Lecture de run.jsonl…");
  assert.equal(t("tracefile.sending", { name: "run.jsonl", sent: mb(0.5 * MiB), size: mb(12.34 * MiB) }), `Envoi de run.jsonl${NB}: 0,5 sur 12,3 Mo…`);
  assert.equal(mb(1500 * MiB), "1500,0");
  assert.equal(t("tracefile.serverReading", { name: "run.jsonl" }), "Le serveur lit run.jsonl…");
  assert.equal(t("tracefile.notRead", { name: "run.jsonl", error: t("tracefile.connectionFailed") }),
    "Le serveur n'a pas pu lire la trace run.jsonl (la connexion a échoué).");
  assert.equal(t("tracefile.notRead", { name: "x", error: t("tracefile.serverAnswered", { status: 413 }) }), "Le serveur n'a pas pu lire la trace x (le serveur a répondu 413).");
  assert.equal(t("tracefile.refused", { name: "run.jsonl", error: t("tracefile.noAnswer") }), `run.jsonl${NB}: le serveur n'a donné aucune réponse.`);
  assert.equal(t("tracefile.nothingToSave"), `Il n'y a pas encore de recherche à enregistrer${NB}: démarrez-en une ou ouvrez une trace.`);
  for (const k of ["opening", "nothingToSave", "noAnswer", "connectionFailed"]) french(t(`tracefile.${k}`), k);
});

// ---- every message of these areas ----

test("every French message of these areas: no-break spaces before : ; and inside « »", () => {
  const areas = ["room", "compare", "comparediff", "compareplan", "diff", "engines", "enginelines", "tracefile", "traceproblems"];
  const fr = own("fr");
  let n = 0;
  for (const [k, v] of Object.entries(fr)) {
    if (!areas.includes(k.split(".")[0])) continue;
    n++;
    // A colon of syntax (":option=valeur", "trace:") is glued to a word on its right; one of prose is not.
    assert.doesNotMatch(v, /[^\u00a0\s{}]([;:])(?=[ ]|$|\})/, `${k}: a no-break space before : or ; ("${v}")`);
    assert.doesNotMatch(v, / [;:](?=\s|$)/, `${k}: the space before : or ; breaks ("${v}")`);
    assert.doesNotMatch(v, /«(?!\u00a0)|(?<!\u00a0)»/, `${k}: no-break spaces inside « » ("${v}")`);
  }
  assert.ok(n >= 90, `the areas' messages are all here (${n})`);
});
