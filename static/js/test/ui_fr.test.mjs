// The page's own sentences in French (issue 20, item 4): the setup form's checks, the run-state
// line, the board's caption and name, the PV panel and the statistics, the event log, the speed,
// the tree's tooltip and canvas labels, the exercise drawing, the exports' errors and the
// connection's messages. Every expected sentence is written here by hand in French; numbers in
// French digits (1 234 with U+202F, 0,5), the plural form of a count right for 0, 1 and 2
// (CLDR French: 0 and 1 take the singular), and no English word left.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { speak, languages, own } from "./words.mjs";
import { t } from "../i18n/i18n.js";
import { validate } from "../url.js";
import { setupNoteTexts } from "../setup.js";
import { runStateText } from "../runstate.js";
import { boardTitle } from "../board/boardtitle.js";
import { cutoffText, fmtInt } from "../pv/panels.js";
import { speedText, speedValueText } from "../stepping/playback.js";
import { boardLabel, Notation } from "../board/board.js";
import { tipLines } from "../tree/treetip.js";
import { treeSVG } from "../teaching/treesvg.js";
import { sceneOf } from "../export/scene.js";
import { Socket } from "../transport.js";
import { View } from "../tree/view.js";

const NB = "\u00a0"; // before : ; ? ! and inside « »
const NN = "\u202f"; // between thousands, as French writes numbers

// English words that must not survive in a French sentence (option syntax such as
// order=best|worst|random, algorithm and option names, and the node types PV/Cut/All stay).
const ENGLISH = /\b(the|is|are|was|were|with|and|of|to|searched|node|nodes|at|in|from|for|by|not|no|yet|move|moves|depth|window|value|leaf|root|search|searching|done|stopped|connection|server|press|tree|event|events|line|empty|selected|after|expected|actual|being|under|drawn|set|lost|reconnecting|failed|must|whole|number|click|go|chess|board|ply|expand|below|above|short|pruned|never|export|first|than|more|derived|play|starting|connecting|connected)\b/i;

function french(fn) {
  speak("fr");
  try {
    fn();
  } finally {
    speak("en");
  }
}

// eq checks a French sentence: exactly the hand-written one, and no English word in it but
// the data words given (a protocol frame's type, an event kind: names, not sentences).
function eq(got, want, ...data) {
  assert.equal(got, want);
  const m = ENGLISH.exec(data.reduce((s, w) => s.replaceAll(w, ""), got));
  assert.equal(m, null, `an English word "${m && m[0]}" in: ${got}`);
}

test("the setup form's checks speak French, with French digits and plurals", () => {
  french(() => {
    eq(validate({ setup: {}, options: { depth: "0" } }, { maxDepth: 1500 }).message,
      `La profondeur doit être un nombre entier de 1 à 1${NN}500.`);
    eq(validate({ setup: {}, options: { depth: "x" } }).message,
      "La profondeur doit être un nombre entier de 1 à la limite du serveur.");
    eq(validate({ setup: { tree: "((1 2) x)" }, options: {} }).message,
      "Un arbre ne contient que des parenthèses et des nombres entiers, comme dans ((3 12 8) (2 4 6) (14 5 2)).");
    eq(validate({ setup: { tree: "((1 2)" }, options: {} }).message,
      `L'arbre a 1 parenthèse «${NB}(${NB}» non fermée${NB}: fermez chaque parenthèse.`);
    eq(validate({ setup: { tree: "(((1 2)" }, options: {} }).message,
      `L'arbre a 2 parenthèses «${NB}(${NB}» non fermées${NB}: fermez chaque parenthèse.`);
    // The form never counts 0 unclosed (it says nothing then); the message still says it right.
    eq(t("url.treeUnclosed", { n: 0 }), `L'arbre a 0 parenthèse «${NB}(${NB}» non fermée${NB}: fermez chaque parenthèse.`);
    eq(validate({ setup: { tree: "(1 2))" }, options: {} }).message, `L'arbre a une parenthèse «${NB})${NB}» sans «${NB}(${NB}» avant elle.`);
    eq(validate({ setup: { random: "b=3, x=4" }, options: {} }).message,
      `«${NB}x=4${NB}» n'est pas de la forme b=N, d=N, seed=N, order=best|worst|random ou values=LO..HI (par exemple b=3,d=4,seed=7,order=best,values=0..20).`);
    eq(validate({ setup: { fen: "8/8 w" }, options: {} }).message,
      `Le premier champ d'une FEN a 8 rangées séparées par «${NB}/${NB}», par exemple rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.`);
    // A numeric option's check asks the page which options are numeric.
    globalThis.CSS = { escape: (s) => s };
    globalThis.document = { querySelector: () => ({}) };
    try {
      eq(validate({ setup: {}, options: { "tt-size": "grand" } }).message,
        "tt-size doit être un nombre entier (ou vide pour la valeur par défaut du moteur).");
    } finally {
      delete globalThis.CSS;
      delete globalThis.document;
    }
  });
});

test("the notes beside the depth, the options' count and the preview's captions", () => {
  french(() => {
    const none = { fen: "", tree: "", random: "" };
    assert.deepEqual(setupNoteTexts({ setup: { ...none, random: "b=2,d=1500" }, options: { depth: "1200" } }),
      [`La profondeur 1${NN}200 est inférieure à la hauteur de l'arbre, 1${NN}500${NB}: les nœuds à l'horizon sont estimés (par leur feuille la plus à gauche), pas cherchés jusqu'au bout.`]);
    const [note] = setupNoteTexts({ setup: { ...none, tree: "((1 (2 3)) 4)" }, options: { depth: "1" } });
    eq(note, `La profondeur 1 est inférieure à la hauteur de l'arbre, 3${NB}: les nœuds à l'horizon sont estimés (par leur feuille la plus à gauche), pas cherchés jusqu'au bout.`);
    const [mm] = setupNoteTexts({ setup: none, options: { algo: "minimax" } });
    eq(mm, "Minimax sur une position d'échecs cherche sans quiescence (activez qsearch dans Options pour l'ajouter).");
    eq(t("setup.optionsSet", { n: 0 }), "0 réglée");
    eq(t("setup.optionsSet", { n: 1 }), "1 réglée");
    eq(t("setup.optionsSet", { n: 2 }), "2 réglées");
    eq(t("setup.previewTree"), `arbre${NB}: appuyez sur Démarrer`);
    eq(t("setup.previewRandomTree"), `arbre aléatoire${NB}: appuyez sur Démarrer`);
    eq(t("setup.previewPosition"), "position à chercher");
    eq(t("setup.previewStartPosition"), "position de départ");
    eq(t("setup.pressStart"), "Appuyez sur Démarrer.");
    eq(t("setup.starting"), "Démarrage…");
  });
});

test("the run-state line: searching, stopped and done, with counts in French", () => {
  french(() => {
    eq(runStateText({ streaming: true, status: { nodes: 1234567, depth: 5, nps: 250000 } }),
      `recherche${NB}: 1${NN}234${NN}567 nœuds, profondeur 5, 250${NN}000 nœuds/s`);
    eq(runStateText({ streaming: true, status: { nodes: 0, depth: 1, nps: 0 } }), `recherche${NB}: 0 nœud, profondeur 1, 0 nœuds/s`);
    eq(runStateText({ streaming: true, status: { nodes: 1, depth: 1, nps: 10 } }), `recherche${NB}: 1 nœud, profondeur 1, 10 nœuds/s`);
    eq(runStateText({ streaming: true, status: null }), "recherche…");
    eq(runStateText({ done: { stopped: "arrêt demandé", result: {} } }), `arrêtée${NB}: arrêt demandé`);
    eq(runStateText({ done: { result: { nodes: 2, elapsedMs: 1500 } } }), `terminée${NB}: 2 nœuds en 1${NN}500 ms`);
    eq(runStateText({ done: { result: { nodes: 1, elapsedMs: 0.5 } } }), `terminée${NB}: 1 nœud en 0,5 ms`);
    assert.equal(runStateText({}), "");
  });
});

test("the board's caption and accessible name", () => {
  french(() => {
    eq(boardTitle({ selected: true, node: "1.e4 e5 2.Nf3", pass: "b", ply: 3, depth: 2, window: "(-∞, 5)" }),
      `sélectionné${NB}: 1.e4 e5 2.Nf3 (coup nul${NB}: les Noirs au trait) · demi-coup 3, profondeur 2, fenêtre (-∞, 5)`);
    eq(boardTitle({ selected: false, node: "0.1", pass: "w", ply: 2, depth: 1234, window: "(3, 5)" }),
      `en recherche${NB}: 0.1 (coup nul${NB}: les Blancs au trait) · demi-coup 2, profondeur 1${NN}234, fenêtre (3, 5)`);
    eq(boardTitle({ selected: false, node: "0.1", ply: 2, depth: 1, window: "(3, 5)" }),
      `en recherche${NB}: 0.1 · demi-coup 2, profondeur 1, fenêtre (3, 5)`);
    eq(t("render.boardSelectedRoot"), `sélectionné${NB}: la racine`);
    eq(t("render.boardRootPosition"), "position de la racine");
    eq(t("render.boardAfterLine", { line: "1.e4 e5" }), "après 1.e4 e5");
    eq(t("render.boardRejected", { san: "Kxe1", above: "yes", why: "le roi ne se prend pas", title: "racine" }),
      `⚠ Kxe1 (plus haut)${NB}: le roi ne se prend pas${NB}; l'échiquier garde la dernière position légale · racine`);
    eq(t("render.boardRejected", { san: "Kxe1", above: "no", why: "le roi ne se prend pas", title: "racine" }),
      `⚠ Kxe1${NB}: le roi ne se prend pas${NB}; l'échiquier garde la dernière position légale · racine`);
    const fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    eq(boardLabel(`sélectionné${NB}: la racine`, fen), `Échiquier, sélectionné${NB}: la racine${NB}: ${fen}`);
    eq(boardLabel("", ""), `Échiquier${NB}: vide`);
    // A tree's notation: the root by name, an empty line.
    const N = new Notation({ started: { kind: "tree" }, node: () => null });
    eq(N.nodeTitle(0), "racine");
    eq(N.lineText(0, []), "(vide)");
    eq(t("board.root"), "racine");
    eq(t("board.bestLine"), `meilleure ligne${NB}:`);
  });
});

test("the controls, the tree's count and the event log", () => {
  french(() => {
    eq(t("render.eventIndex", { k: 1234, total: 56789 }), `1${NN}234 / 56${NN}789`);
    eq(t("render.play"), "Lecture");
    assert.equal(t("render.pause"), "Pause"); // the same word in French
    eq(t("render.treeInfo", { nodes: 0, drawn: 0 }), "0 nœud, 0 dessiné");
    eq(t("render.treeInfo", { nodes: 1, drawn: 1 }), "1 nœud, 1 dessiné");
    eq(t("render.treeInfo", { nodes: 2, drawn: 2 }), "2 nœuds, 2 dessinés");
    eq(t("render.treeInfo", { nodes: 12345, drawn: 1200 }), `12${NN}345 nœuds, 1${NN}200 dessinés`);
    eq(t("render.iterationStopped"), "arrêtée");
    eq(t("render.narrationFailed", { n: 12, kind: "enter", error: "donnée manquante" }), `Événement 12${NB}: enter (donnée manquante)`);
    eq(t("eventlog.goToEvent"), "Aller à cet événement");
    eq(t("eventlog.placeholder", { n: 812 }), "Événement 812…"); // no English kind word on a French page
    eq(t("eventlog.derivedTitle"), `Déduit par pvscope à partir de la trace${NB}; le moteur n'a pas écrit cet événement. Y aller.`);
    eq(speedText(20), "20/s");
    eq(speedText(10000), `10${NN}000/s`);
    eq(speedText(Infinity), "max");
    eq(speedValueText(0), "0 événement par seconde");
    eq(speedValueText(1), "1 événement par seconde");
    eq(speedValueText(2), "2 événements par seconde");
    eq(speedValueText(10000), `10${NN}000 événements par seconde`);
    eq(speedValueText(Infinity), "aussi vite que les événements arrivent");
  });
});

test("the PV panel and the statistics", () => {
  french(() => {
    eq(fmtInt(1234567), `1${NN}234${NN}567`);
    assert.equal(fmtInt(null), "–");
    eq(cutoffText({ cutoffs: 5, lastMoveCutoffs: 0 }), "5");
    eq(cutoffText({ cutoffs: 1236, lastMoveCutoffs: 2 }), `1${NN}234 + 2 au dernier coup`);
    eq(cutoffText({ cutoffs: 1236, lastMoveCutoffs: 2 }, { beta: 1000, alpha: 234 }), `1${NN}234 (β 1${NN}000, α 234) + 2 au dernier coup`);
    eq(cutoffText({ cutoffs: 3, lastMoveCutoffs: 0 }, { beta: 2, alpha: 1 }), "3 (β 2, α 1)");
    eq(t("panels.noLineYet"), "pas encore de ligne");
    eq(t("panels.scoreAtDepth", { score: "+0.35", depth: 12 }), "+0.35 · profondeur 12");
    eq(t("panels.iterationDepth", { depth: 7 }), "p7");
    eq(t("panels.percent", { p: 50 }), `50${NB}%`);
    eq(t("panels.cutBadgeTitle", { n: 1 }), `1 des lignes de cette itération a été tronquée${NB}: cliquez sur la rangée pour les comparer`);
    eq(t("panels.cutBadgeTitle", { n: 2 }), `2 des lignes de cette itération ont été tronquées${NB}: cliquez sur la rangée pour les comparer`);
    eq(t("panels.cutBadgeTitle", { n: 0 }), `0 des lignes de cette itération a été tronquée${NB}: cliquez sur la rangée pour les comparer`);
  });
});

test("the tree's tooltip: a node in each view, a summary, pruned stubs", () => {
  french(() => {
    const min = { kind: "node", nodeId: 7, ply: 1, depth: 2, alpha: -5, beta: -3, score: -4, actual: "cut", end: "", state: "done", ref: 3 };
    assert.deepEqual(tipLines(min, { node: { parent: 1, expect: "all" }, view: new View("root"), title: "0.1", outcome: "fail-low" }), [
      "après 0.1 MIN  (nœud 7, demi-coup 1, profondeur 2)",
      `fenêtre${NB}: (3, 5) (valeurs du joueur racine)`,
      `attendu${NB}: All, réel${NB}: Cut`,
      `valeur${NB}: 4, sortie par le bas`,
      "nouvelle recherche du nœud 3",
    ]);
    const root = { kind: "node", nodeId: 1, ply: 0, depth: 3, alpha: -32000, beta: 32000, score: null, actual: "", end: "", state: "open", ref: 0 };
    assert.deepEqual(tipLines(root, { node: { parent: 0, expect: "" }, view: new View("negamax"), title: "racine" }), [
      "la racine  (nœud 1, demi-coup 0, profondeur 3)",
      `fenêtre${NB}: (-∞, ∞) (camp au trait)`,
      `attendu${NB}: ?`,
      "en cours de recherche",
    ]);
    const tt = { kind: "node", nodeId: 4, ply: 2, depth: 1, alpha: 2, beta: 9, score: 3, actual: "pv", end: "tt-cutoff", state: "done", ref: 0 };
    const lines = tipLines(tt, { node: { parent: 2, expect: "pv" }, view: new View("negamax"), title: "0.0", outcome: "tt" });
    eq(lines[2], `attendu${NB}: PV, réel${NB}: PV`);
    eq(lines[3], `valeur${NB}: 3, coupure par la table (coupure par la table)`);
    const summary = { kind: "summary", nodeId: 5, ply: 2, depth: 1, alpha: 0, beta: 1, score: 0, actual: "all", end: "", state: "done", ref: 0, count: 1234 };
    const sl = tipLines(summary, { node: { parent: 2, expect: "all" }, view: new View("negamax"), title: "0.1", outcome: "fail-low" });
    eq(sl[sl.length - 1], `1${NN}234 nœuds (cliquez pour déplier)`);
    for (const l of [...lines, ...sl]) eq(l, l);
    eq(tipLines({ kind: "pruned", pruned: { event: true } }, { move: "1.e4 a5" })[0], `1.e4 a5${NB}: élagué sans être cherché`);
    eq(tipLines({ kind: "pruned", pruned: { path: "0.2" }, ahead: false }, {})[0], `0.2${NB}: élagué (jamais cherché)`);
    eq(tipLines({ kind: "pruned", pruned: { path: "" }, ahead: true }, {})[0], `la racine${NB}: pas encore cherché`);
    eq(tipLines({ kind: "pruned", pruned: { path: "1" } }, { preview: true })[0], `1${NB}: pas encore cherché`);
    // Counts on the canvas and in the tooltip pick their word.
    for (const [n, want] of [[0, "0 nœud"], [1, "1 nœud"], [2, "2 nœuds"]]) {
      eq(t("treeview.summaryLabel", { n }), `▸ ${want}`);
      eq(t("treeview.tipSummary", { n }), `${want} (cliquez pour déplier)`);
      eq(t("scene.summaryValue", { n }), want);
    }
    eq(t("treeview.reSearchLabel"), "nouvelle recherche");
  });
});

// The words the tooltip looks up by data: the tracer's ends (tracer/event.go, endNames), the
// outcomes the tree colours (layout.js, view.js) and Knuth and Moore's node types.
const DATA_WORDS = {
  end: ["eval", "leaf", "mate", "stalemate", "repetition", "fifty-move", "tt-cutoff", "stopped"],
  outcome: ["exact", "fail-high", "fail-low", "tt", "stopped", "open", "unseen", "pruned"],
  type: ["pv", "cut", "all"],
};

test("every data word of the tooltip has its words in every language", () => {
  for (const lang of languages()) {
    const msgs = own(lang);
    for (const [group, words] of Object.entries(DATA_WORDS)) {
      for (const w of words) assert.ok(`treeview.${group}-${w}` in msgs, `${lang}: treeview.${group}-${w}`);
    }
  }
  // An engine's own word shows as it is.
  french(() => assert.equal(tipLines({ kind: "node", nodeId: 2, ply: 0, depth: 1, alpha: 0, beta: 1, score: 1, actual: "odd", end: "", state: "done" },
    { node: { parent: 1, expect: "odd" }, view: new View("negamax"), title: "0", outcome: "exact" })[2], `attendu${NB}: odd, réel${NB}: odd`));
});

test("the exercise drawing names its leaves, nodes and edges in French", () => {
  french(() => {
    const svg = treeSVG([[3, 12], 8], { clickable: true });
    assert.ok(svg.includes('aria-label="feuille 0.1, valeur 12"'), svg);
    assert.ok(svg.includes("<title>feuille 1</title>"), svg);
    assert.ok(svg.includes("<title>tout ce qui est sous 0</title>"), svg);
    const sel = treeSVG([[3, 12], 8], { selectable: true });
    assert.ok(sel.includes('aria-label="nœud 0"'), sel);
    for (const s of [svg, sel]) {
      for (const m of s.matchAll(/aria-label="([^"]*)"|<title>([^<]*)<\/title>/g)) eq(m[1] ?? m[2], m[1] ?? m[2]);
    }
  });
});

test("the exports' refusals", () => {
  french(() => {
    assert.throws(() => sceneOf({ result: null }), { message: `Il n'y a pas encore d'arbre à exporter${NB}: lancez d'abord une recherche.` });
    eq(t("scene.tooManyNodes", { max: 20000 }),
      `L'arbre montre plus de 20${NN}000 nœuds${NB}: repliez-le ou revenez à une étape antérieure avant d'exporter.`);
  });
});

test("the page's own messages: the quiz's node names, a frame it cannot use, the path box", () => {
  french(() => {
    eq(t("app.nodeAtPath", { path: "0.1" }), "le nœud 0.1");
    eq(t("app.theRoot"), "la racine");
    eq(t("app.nodeById", { id: 12 }), "nœud 12");
    eq(t("app.frameFailed", { type: "events", error: "colonne manquante" }),
      `La page n'a pas pu utiliser une trame «${NB}events${NB}» du serveur${NB}: colonne manquante.`, "events");
    eq(t("app.lostDuringSearch", { message: "Nouvelle tentative dans 1 s…" }),
      `La connexion a été perdue pendant la recherche${NB}; les événements déjà reçus restent consultables pas à pas. Nouvelle tentative dans 1 s…`);
    eq(t("app.pathPruned", { path: "0.2" }), `0.2${NB}: élagué, jamais cherché`);
    eq(t("app.pathMissing", { path: "0.9", move: "9" }), `Aucun nœud en «${NB}0.9${NB}» à cette étape (aucun coup «${NB}9${NB}» n'y a été cherché).`);
  });
});

test("the connection's messages, with the delay in French digits", () => {
  const states = [];
  class FakeSocket {
    constructor() {
      if (FakeSocket.refuse) throw new Error("refusée");
      FakeSocket.last = this;
    }
    close() { if (this.onclose) this.onclose(); }
    send() {}
  }
  FakeSocket.OPEN = 1;
  globalThis.WebSocket = FakeSocket;
  const s = new Socket({ url: "ws://test/ws", onState: (state, m) => states.push([state, m]) });
  french(() => {
    try {
      s.connect();
      FakeSocket.last.onmessage({ data: JSON.stringify({ type: "hello", protocol: 1 }) });
      s.connect();
      FakeSocket.last.onmessage({ data: JSON.stringify({ type: "hello", protocol: 3 }) });
      FakeSocket.last.onclose(); // lost: the first try comes after 0.5 s
      s.close();
      s.connect();
      FakeSocket.last.onclose(); // then after 1 s
      s.close();
      FakeSocket.refuse = true;
      s.connect(); // then 2 s
      s.close();
    } finally {
      delete globalThis.WebSocket;
    }
  });
  assert.deepEqual(states, [
    ["connecting", "Connexion au serveur…"],
    ["incompatible", `Le serveur parle le protocole 1, cette page le protocole 3${NB}: rechargez la page.`],
    ["connecting", "Connexion au serveur…"],
    ["open", "Connecté."],
    ["closed", "La connexion au serveur a été perdue. Nouvelle tentative dans 0,5 s…"],
    ["connecting", "Connexion au serveur…"],
    ["closed", "La connexion au serveur a été perdue. Nouvelle tentative dans 1 s…"],
    ["connecting", "Connexion au serveur…"],
    ["closed", "La connexion a échoué (refusée). Nouvelle tentative dans 2 s…"],
  ]);
  for (const [, m] of states) eq(m, m);
});

test("English stays as it was", () => {
  // The sentences of the tests above in English, as the page wrote them before the catalogs.
  assert.equal(runStateText({ streaming: true, status: { nodes: 1234567, depth: 5, nps: 250000 } }), "searching: 1,234,567 nodes, depth 5, 250,000 nodes/s");
  assert.equal(runStateText({ done: { result: { nodes: 1, elapsedMs: 1500 } } }), "done: 1 nodes in 1,500 ms");
  assert.equal(cutoffText({ cutoffs: 1236, lastMoveCutoffs: 2 }, { beta: 1000, alpha: 234 }), "1,234 (β 1,000, α 234) + 2 at the last move");
  assert.equal(boardTitle({ selected: false, node: "1.e4", pass: "w", ply: 1, depth: 2, window: "(-∞, ∞)" }),
    "searching: 1.e4 (null move: White to move) · ply 1, depth 2, window (-∞, ∞)");
  assert.equal(speedValueText(10000), "10000 events per second");
  assert.equal(t("render.eventIndex", { k: 1234, total: 5678 }), "1234 / 5678");
  assert.equal(t("panels.cutBadgeTitle", { n: 1 }), "1 of this iteration's lines was cut short: click the row to compare them");
  assert.equal(t("panels.cutBadgeTitle", { n: 2 }), "2 of this iteration's lines were cut short: click the row to compare them");
  assert.equal(validate({ setup: { tree: "(((1 2)" }, options: {} }).message, 'The tree has 2 unclosed "(": close every parenthesis.');
  const min = { kind: "node", nodeId: 7, ply: 1, depth: 2, alpha: -5, beta: -3, score: -4, actual: "cut", end: "leaf", state: "done", ref: 3 };
  assert.deepEqual(tipLines(min, { node: { parent: 1, expect: "all" }, view: new View("root"), title: "0.1", outcome: "fail-low" }), [
    "after 0.1 MIN  (node 7, ply 1, depth 2)",
    "window: (3, 5) (root player's view)",
    "expected: all, actual: cut",
    "value: 4, fail-low (leaf)",
    "re-search of node 3",
  ]);
});

// Issue 28: in a chess tool "échec" is the chess word "check", so "échec haut/bas" read as a
// check. The glossary says a node "sort par le haut / par le bas" (de sa fenêtre): no French
// message may name an outcome with "échec" or "échouer".
test("French names fail-high and fail-low without the chess word échec", async () => {
  const fs = await import("node:fs");
  const dir = new URL("../i18n/fr/", import.meta.url);
  const bad = /échec (haut|bas)|échecs (hauts|bas)|échou\w* (haut|bas)/;
  for (const f of fs.readdirSync(dir)) {
    const messages = JSON.parse(fs.readFileSync(new URL(f, dir), "utf8"));
    for (const [key, text] of Object.entries(messages)) assert.doesNotMatch(text, bad, `${f} ${key}`);
  }
  speak("fr");
  try {
    assert.equal(t("quiz.failsHigh"), "sortie par le haut");
    assert.equal(t("quiz.failsLow"), "sortie par le bas");
  } finally {
    speak("en");
  }
});
