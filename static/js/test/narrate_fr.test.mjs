// The narration in French (issue 20, item 4): every event of the golden R&N trace and of every
// fixture, in both views, spoken in French must leave no English word, print counts in French
// digits, pick the right plural for 0, 1 and 2 (CLDR French: 0 and 1 take the singular), and
// follow French typography (a no-break space before : and ;). The whole sentences below are
// written by hand, in French, from the same events the English tests read (the numbers are the
// files'; event numbers in comments are their seq, one more than the index).
// fixtures/narrate_words.jsonl is written by hand for the kinds and counts the other traces
// lack: the table's events, an aspiration failure, a window-less iteration, every end of a
// node (repetition, fifty moves, mate, stalemate, stopped), a 2-ply extension and reduction,
// a re-search with no probe score, PV lines and cuts of 0, 1 and 2 moves, MultiPV.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { speak } from "./words.mjs";
import { load, GOLDEN, fixture } from "./helpers.mjs";
import { t } from "../i18n/i18n.js";
import { narrate } from "../stepping/narrate.js";
import { View } from "../tree/view.js";
import { Notation } from "../board/board.js";
import { describeSelected } from "../stepping/announce.js";
import { enterClause, tooltipLines, whyText, WHY_WORDS } from "../model/modern.js";
import { reasonText, reasonLabel, methodLabel, methodText, moves, REASON_WORDS, METHOD_WORDS } from "../pv/pvwords.js";
import { whyLabel } from "../tree/treelabels.js";
import { noticeText } from "../notices.js";
import { forceMove } from "../board/forcedmove.js";

const NB = "\u00a0", NNBSP = "\u202f";
// French punctuation, typed with a plain space here for legibility: " :" and " ;" take a no-break space.
const fr = (s) => s.replace(/ ([:;])/g, `${NB}$1`);

// English words that have no business in a French sentence. (Not "a", "on", "score", "table",
// "PV", "Cut", "All", "MAX", "MIN", "MultiPV": French uses them too, or they are terms kept.)
// (Letters on both sides are looked at as letters: "it" is not a word of "itération".)
const ENGLISH = /(?<![\p{L}\p{N}])(the|The|is|are|was|with|and|of|to|in|at|by|from|its|it|so|an|but|not|no|searched|search|searching|node|nodes|returns|fails|high|low|scores|scored|probed|probe|entered|move|moves|line|lines|window|root|iteration|Iteration|cutoff|pruned|depth|ply|plies|expected|starts|ends|bound|inside|outside|full|shallower|extended|reduced|stopped|trusted|entry|stored|looked|best|lowers|raises|now|remaining|nothing|last|null|upper|lower|beat|again|draw|checkmate|stalemate|static|evaluation|leaf|value|reason|triangular|stack|walk|hash|passes|side|Event|Selected|infinity|minus|being|ended|unvisited|each|cut short)(?![\p{L}\p{N}])/u;

const REPO = path.join(path.dirname(GOLDEN), "../..");
const TRACES = [GOLDEN, ...fs.readdirSync(path.dirname(fixture("x"))).filter((f) => f.endsWith(".jsonl")).sort().map(fixture)];

function french(fn) {
  speak("fr");
  try { return fn(); } finally { speak("en"); }
}

// Checks every French sentence or label must pass.
function frenchText(s, where) {
  assert.ok(s && typeof s === "string", `${where}: empty`);
  assert.doesNotMatch(s, ENGLISH, `${where}: English left in «${s}»`);
  assert.doesNotMatch(s, /[{}]|undefined|NaN|\b(narrate|modern|view|pvwords|pvlab|announce|notices|forcedmove)\.\w/, `${where}: «${s}»`);
  // Typography: a no-break space before : and ; (never a plain space, never none).
  assert.doesNotMatch(s, /[^\u00a0][:;]/, `${where}: : or ; without its no-break space in «${s}»`);
}

test("every event of every trace, in both views, is French", () => {
  const kinds = new Set();
  french(() => {
    for (const file of TRACES) {
      const tr = load(file);
      const N = new Notation(tr);
      const label = N.chess ? (id, m) => N.lineTo(id, m) : (id, m) => N.label(id, m);
      for (const view of ["negamax", "root"]) {
        const V = new View(view);
        for (let i = 0; i < tr.length; i++) {
          const where = `${path.basename(file)} ${view} seq ${i + 1}`;
          for (const s of [narrate(tr, i, undefined, { view: V }), narrate(tr, i, label, { line: (id, m) => N.lineText(id, m), view: V })]) {
            frenchText(s, where);
            assert.match(s, /^([A-ZÉ0-9(\[]|[a-h][1-8]|--).*\.$/u, `${where}: a sentence starts with a capital and ends with a full stop: «${s}»`);
          }
          kinds.add(tr.event(i).kind);
        }
      }
    }
  });
  // The traces together produce every kind the tracer writes (tracer/event.go's kindNames).
  const go = fs.readFileSync(path.join(REPO, "tracer/event.go"), "utf8");
  const names = [...go.slice(go.indexOf("var kindNames"), go.indexOf("}", go.indexOf("var kindNames"))).matchAll(/"([\w-]+)"/g)].map((m) => m[1]);
  assert.ok(names.length >= 20, names.join(" "));
  for (const k of names) assert.ok(kinds.has(k), `no trace has a ${k} event`);
});

test("an event kind the page does not know is still said in French", () => {
  const fake = { event: () => ({ kind: "mystery", seq: 1234, node: 0 }), enterAt: { length: 0 }, node: () => null };
  assert.equal(french(() => narrate(fake, 0)), fr("Événement 1234 : mystery."));
  assert.equal(narrate(fake, 0), "Event 1234: mystery.");
});

// Moves named by their path from the root, as the view tests name tree moves.
const pathLabel = (tr) => (id, m) => [...tr.positionMoves(id), m].join(".");

test("R&N under PVS, hand-written French: probe, fail-high, fail-low, cutoff and PV update in both views", () => {
  const tr = load(GOLDEN);
  const root = new View("root"), nega = new View("negamax");
  const say = (i, view, label = pathLabel(tr)) => french(() => narrate(tr, i, label, { view }));
  // seq 18: the probe of C = 1 with the root's null window (3, 4).
  assert.equal(say(17, nega, undefined), "1 est sondé avec la fenêtre nulle (3, 4).");
  // seq 24: C fails low with 2 <= 3 (the same from the root's side: a MAX root).
  assert.equal(say(23, nega, undefined), fr("Échec bas pour 1 : 2 ≤ 3."));
  assert.equal(say(23, root, undefined), fr("Échec bas pour 1 : 2 ≤ 3."));
  // seq 11: at MIN node B the leaf 0.1 = 12 is a fail-low in negamax (-12 <= -3), a fail-high in the book (12 >= 3).
  assert.equal(say(10, nega), fr("Échec bas pour 0.1 : -12 ≤ -3."));
  assert.equal(say(10, root), fr("Échec haut pour 0.1 : 12 ≥ 3."));
  // seq 22: C's first leaf: a beta cutoff in negamax (-2 >= -3), an alpha cutoff at MIN in the book (2 <= alpha = 3).
  assert.equal(say(21, nega), fr("1.0 obtient -2 ≥ -3 au nœud 1 : coupure bêta, les coups restants sont élagués."));
  assert.equal(say(21, root), fr("1.0 obtient 2 ≤ α = 3 au nœud 1 (MIN) : coupure alpha, les coups restants sont élagués."));
  // seq 7: B (MIN) takes 3 from its first leaf: beta comes down from ∞ to 3; negamax: alpha goes up to -3.
  assert.equal(say(6, root), fr("0.0 abaisse β de ∞ à 3 au nœud 0 (MIN) ; la ligne est maintenant 0."));
  assert.equal(say(6, nega), fr("0.0 relève α de -∞ à -3 au nœud 0 ; la ligne est maintenant 0."));
  // seq 17: the root takes B's 3.
  assert.equal(say(16, root), fr("0 relève α de -∞ à 3 à la racine (MAX) ; la ligne est maintenant 0 0."));
  // seq 19: C is entered as a MIN node with the root's null window (3, 4); negamax sees (-4, -3).
  assert.equal(say(18, root), "La recherche entre dans 1 (MIN) au demi-coup 1, à la profondeur 1, avec la fenêtre (3, 4), où l'on attend un nœud Cut.");
  assert.equal(say(18, nega), "La recherche entre dans 1 au demi-coup 1, à la profondeur 1, avec la fenêtre (-4, -3), où l'on attend un nœud Cut.");
  // seq 23: C returns 2: at or below alpha = 3 in the book, at or above beta = -3 in negamax.
  assert.equal(say(22, root), fr("1 renvoie 2, ≤ α = 3 : sortie par le bas (un nœud Cut)."));
  assert.equal(say(22, nega), fr("1 renvoie -2, ≥ β = -3 : sortie par le haut (un nœud Cut)."));
  // seq 36: the root returns 3, exact.
  assert.equal(say(35, root), fr("La racine renvoie 3, dans sa fenêtre (-∞, ∞) : un score exact."));
});

test("the last move's cutoff prunes nothing, in French, in both views", () => {
  const tr = load(fixture("aima_alphabeta.jsonl"));
  const i = [...Array(tr.length).keys()].find((j) => tr.event(j).kind === "cutoff" && tr.positionMoves(tr.event(j).node).join(".") === "2");
  assert.equal(french(() => narrate(tr, i, undefined, { view: new View("root") })),
    fr("2 obtient 2 ≤ α = 3 au nœud 2 (MIN) : c'était le dernier coup, rien n'est élagué : sortie par le bas pour 2."));
  assert.equal(french(() => narrate(tr, i, undefined, { view: new View("negamax") })),
    fr("2 obtient -2 ≥ -3 au nœud 2 : c'était le dernier coup, rien n'est élagué : sortie par le haut pour 2."));
});

test("re-search after a fail-high, hand-written French", () => {
  const tr = load(fixture("research_pvs.jsonl"));
  const say = (i) => french(() => narrate(tr, i));
  assert.equal(say(20), fr("Échec haut pour 1 : 5 ≥ 4.")); // seq 21
  // seq 22: the probe (node 5) returned -5 from its own side: 5 for the root.
  assert.equal(say(21), fr("Le score 5 est dans (3, ∞) : 1 est donc recherché à nouveau avec la fenêtre complète (3, ∞)."));
  assert.equal(say(22), "La nouvelle recherche après la sonde entre dans 1 au demi-coup 1, à la profondeur 1, avec la fenêtre (-∞, -3), où l'on attend un nœud PV."); // seq 23: the file's window (-32000, -3)
});

test("modern search, hand-written French: null move, reduction and its re-search, extension, prune", () => {
  const tr = load(fixture("modern_chess.jsonl"));
  const say = (i, label) => french(() => narrate(tr, i, label));
  assert.equal(say(30), fr("La recherche entre dans 0000 au demi-coup 2, en quiescence (profondeur -1), avec la fenêtre (505, 506), où l'on attend un nœud All ; le camp au trait passe (coup nul), recherche moins profonde de 2 demi-coups."));
  assert.equal(say(16), fr("La recherche entre dans e8f7 au demi-coup 2, à la profondeur 0, avec la fenêtre (509, 510), où l'on attend un nœud Cut ; recherche moins profonde d'un demi-coup (réduction des coups tardifs)."));
  assert.equal(say(19), fr("La recherche réduite de e8f7 (moins profonde d'un demi-coup, réduction des coups tardifs) a battu α : nouvelle recherche à pleine profondeur 1 avec la fenêtre (-510, ∞)."));
  assert.equal(say(5), fr("La recherche entre dans c4d4 au demi-coup 3, à la profondeur 1, avec la fenêtre (-∞, ∞), où l'on attend un nœud PV ; recherche prolongée d'un demi-coup (échec)."));
  assert.equal(say(14), "a7a5 est élagué sans être recherché (futilité).");
  assert.equal(say(11), "d3e3 est élagué sans être recherché (élagage des coups tardifs).");
  // The null move's search fails low for the side that passed: a beta cutoff at Rc5 (seq 33).
  assert.equal(say(32), fr("0000 obtient -500 ≥ -505 au nœud c4c5 : coupure bêta, les coups restants sont élagués."));
  const N = new Notation(tr);
  assert.equal(say(14, (id, m) => N.lineTo(id, m)), "1.Kd3 a5 est élagué sans être recherché (futilité).");
});

test("the table, aspiration, stops and the ends of a node, hand-written French", () => {
  const tr = load(fixture("narrate_words.jsonl"));
  const say = (i, view = "negamax") => french(() => narrate(tr, i, undefined, { view: new View(view) }));
  assert.equal(say(1), "L'itération 1 commence.");
  assert.equal(say(3), "La table de transposition est consultée pour la racine.");
  assert.equal(say(4), fr("La table a une entrée pour la racine : une borne inférieure de 30 (profondeur 2), meilleur coup e2e4."));
  assert.equal(say(5), fr("La table a une entrée pour la racine : une borne supérieure de 20 (profondeur 1)."));
  assert.equal(say(6), fr("L'entrée de la table suffit : la racine renvoie 30 sans recherche."));
  assert.equal(say(7), "La racine renvoie 30 (une coupure par la table de transposition).");
  assert.equal(say(8), fr("La racine obtient 60, hors de la fenêtre d'aspiration : nouvelle recherche avec (40, ∞)."));
  assert.equal(say(12), fr("e2e4 renvoie 0 (nulle par répétition), dans sa fenêtre (-∞, ∞) : un score exact."));
  // seq 17 at MIN: -5 <= alpha -1 in negamax, 5 >= beta 1 in the book; an All node where a Cut node was expected.
  assert.equal(say(16), fr("d2d4 renvoie -5 (nulle par la règle des cinquante coups), ≤ α = -1 : sortie par le bas (un nœud All) ; on attendait un nœud Cut."));
  assert.equal(say(16, "root"), fr("d2d4 renvoie 5 (nulle par la règle des cinquante coups), ≥ β = 1 : sortie par le haut (un nœud All) ; on attendait un nœud Cut."));
  assert.equal(say(24), fr("g1f3 renvoie 0 (pat), ≥ β = #-1 : sortie par le haut (un nœud Cut)."));
  assert.equal(say(26), fr("La sonde a obtenu un score dans la fenêtre : g1f3 est donc recherché à nouveau avec la fenêtre complète (#1, ∞)."));
  assert.equal(say(28), fr("g1f3 renvoie 0, mais la recherche a été arrêtée : ce score n'est pas fiable."));
  assert.equal(say(30), fr("La table enregistre la racine : un score exact de #1 à la profondeur 2, meilleur coup d2d4."));
  assert.equal(say(32), "La ligne MultiPV 2 de l'itération 2 est e2e4, score 0.");
  assert.equal(say(40), fr("L'itération 2 a été arrêtée avant sa fin ; son score #1 n'est pas fiable."));
  assert.equal(say(41), "La recherche se termine à la profondeur 2 avec le score #1 et la ligne d2d4.");
});

test("plural forms for 0, 1 and 2 (French: 0 and 1 singular) and French digits", () => {
  const tr = load(fixture("narrate_words.jsonl"));
  const say = (i) => french(() => narrate(tr, i));
  // pv-line: 0, 1 and 2 moves.
  assert.equal(say(33), fr("La ligne de la table triangulaire pour l'itération 2 est (vide) (0 coup sur 2 : écourtée)."));
  assert.equal(say(34), fr("La ligne de la pile pour l'itération 2 est d2d4 (1 coup sur 2 : écourtée)."));
  assert.equal(say(35), "La ligne du parcours de la table de transposition pour l'itération 2 est d2d4 e7e5 (2 coups, la pleine profondeur).");
  // pv-cut: after 0, 1 and 2 moves.
  assert.equal(say(36), fr("La ligne de la table triangulaire de l'itération 2 s'arrête après 0 coup, au nœud 2 : la table n'a pas d'entrée à cet endroit, et la recherche n'en a rangé aucune d'exacte pendant cette itération."));
  assert.equal(say(37), fr("La ligne de la pile de l'itération 2 s'arrête après 1 coup, au nœud 5 (après d2d4) : la partie s'y termine par un mat."));
  assert.equal(say(38), fr("La ligne de la table de hachage de la PV de l'itération 2 s'arrête après 2 coups, au nœud 99 : la recherche a été arrêtée avant la fin de la ligne."));
  assert.equal(say(39), fr("La ligne MultiPV 2 de l'itération 2 s'arrête après 1 coup, au nœud 3 (après e2e4) : la position s'y répète : partie nulle."));
  // Plies of a reduction and an extension: 1 and 2 (0 is no reduction at all).
  assert.equal(say(11), fr("La recherche entre dans e2e4 au demi-coup 1, à la profondeur 3, avec la fenêtre (-∞, ∞), où l'on attend un nœud PV ; recherche prolongée de 2 demi-coups (échec)."));
  assert.equal(say(18), fr("La recherche réduite de d2d4 (moins profonde de 2 demi-coups) a battu α : nouvelle recherche à pleine profondeur 1 avec la fenêtre (0, ∞)."));
  french(() => {
    assert.deepEqual([0, 1, 2, 1234].map(moves), ["0 coup", "1 coup", "2 coups", `1${NNBSP}234 coups`]);
    assert.equal(enterClause({ reduced: 1, extended: 2, why: "singular" }), "recherche moins profonde d'un demi-coup, recherche prolongée de 2 demi-coups (extension singulière)");
    assert.equal(t("pvlab.lengthTitle", { n: 0, depth: 2 }), "0 coup pour une itération de profondeur 2");
    assert.equal(t("pvlab.lengthTitle", { n: 1, depth: 1234 }), `1 coup pour une itération de profondeur 1${NNBSP}234`);
    assert.equal(t("pvlab.lengthTitle", { n: 2, depth: 2 }), "2 coups pour une itération de profondeur 2");
    assert.equal(t("pvlab.multiPVLabel", { n: 2, depth: 3 }), fr("MultiPV : 2 lignes à la profondeur 3"));
    assert.equal(t("pvlab.cutTitle", { who: methodText("tt"), n: 1, depth: 3, node: 2059, reason: reasonText("tt-entry-overwritten") }),
      fr("le parcours de la table de transposition : la ligne s'arrête après 1 coup sur 3, au nœud 2059 : l'entrée nécessaire a été écrasée par une autre position. Cliquer pour afficher ce nœud."));
    // A count a person reads, in French digits: the place in the queue.
    assert.equal(noticeText({ type: "queued", position: 1234 }), fr(`En attente d'une place libre pour la recherche : numéro 1${NNBSP}234 dans la file.`));
    assert.equal(t("narrate.searchStarts", { depth: 1234 }), `La recherche commence, jusqu'à la profondeur 1${NNBSP}234.`);
  });
  assert.equal(noticeText({ type: "queued", position: 3 }), "Waiting for a free search slot: number 3 in line.");
});

test("every word the engine may send has its French (reasons, methods, whys, ends), or shows itself", () => {
  const go = (file) => fs.readFileSync(path.join(REPO, file), "utf8");
  const listOf = (src, name) => [...src.slice(src.indexOf(`var ${name}`), src.indexOf("}", src.indexOf(`var ${name}`))).matchAll(/"([\w-]+)"/g)].map((m) => m[1]);
  const reasons = listOf(go("tracer/pvmethod.go"), "reasonNames"), methods = listOf(go("tracer/pvmethod.go"), "methodNames");
  const whys = [...go("tracer/event.go").matchAll(/^\s*Why\w+\s*=\s*"([\w-]+)"/gm)].map((m) => m[1]);
  const ends = listOf(go("tracer/event.go"), "endNames");
  assert.ok(reasons.length >= 15 && methods.length === 4 && whys.length >= 10 && ends.length >= 8);
  // The words pvscope says in sentences are the engine's; two reasons it only names (tt-cutoff, horizon).
  assert.deepEqual([...REASON_WORDS, "tt-cutoff", "horizon"].sort(), [...reasons].sort());
  assert.deepEqual([...METHOD_WORDS].sort(), [...methods].sort());
  assert.deepEqual([...WHY_WORDS].sort(), [...whys].sort());
  // The words of a pruning (tracer/event.go: futility, late-move pruning, razoring, SEE, delta).
  const PRUNE_WHYS = ["futility", "late-move", "razor", "see", "delta"];
  for (const w of PRUNE_WHYS) assert.ok(whys.includes(w), w);
  for (const r of REASON_WORDS) assert.equal(reasonLabel(r), r);
  for (const w of PRUNE_WHYS) assert.equal(whyLabel(w), w);
  french(() => {
    for (const r of REASON_WORDS) frenchText(reasonText(r), `reason ${r}`);
    // A reason without words of its own is named by the engine's word.
    assert.equal(reasonText("horizon"), "raison horizon");
    assert.equal(reasonText("tt-cutoff"), "raison tt-cutoff");
    for (const m of methods) {
      for (const s of [methodLabel(m), methodText(m)]) assert.notEqual(s, m === "tt" ? "tt walk" : m, `method ${m}`);
      // The sentences name each method in their own words, never as the bare engine word.
      const s = t("narrate.pvLine", { method: m, depth: 2, line: "x", n: 2, full: "yes" });
      frenchText(s, `pv-line ${m}`);
      assert.doesNotMatch(s, new RegExp(`La ligne ${m}\\b`), s);
    }
    for (const w of whys) frenchText(whyText(w), `why ${w}`);
    // The short words on the ✂ markers and under a pruned move's stub (English: the engine's word).
    for (const r of REASON_WORDS) assert.notEqual(reasonLabel(r), r, `✂ ${r}`), frenchText(reasonLabel(r), `✂ ${r}`);
    for (const w of PRUNE_WHYS) frenchText(whyLabel(w), `stub ${w}`);
    assert.equal(whyLabel("futility"), "futilité");
    const none = t("narrate.exit", { name: "x", value: "1", end: "none", outcome: "none", window: "", bound: "", type: "none", expected: "none" });
    // A game's end (win, loss, draw) is its own sentence after the exit's (area gameend, gameend.test.mjs).
    const gameEnds = ["win", "loss", "draw"];
    for (const e of gameEnds) frenchText(t("gameend.exit", { result: e }), `end ${e}`);
    for (const e of ends.filter((e) => e && e !== "stopped" && !gameEnds.includes(e))) {
      const s = t("narrate.exit", { name: "x", value: "1", end: e, outcome: "none", window: "", bound: "", type: "none", expected: "none" });
      assert.notEqual(s, none, `the end ${e} has its words`);
      frenchText(s, `end ${e}`);
    }
  });
});

test("what the rest of the page says through these modules is French: legend, selection, tooltips, forced moves", () => {
  const tr = load(GOLDEN);
  french(() => {
    for (const view of ["root", "negamax"]) {
      for (const [k, s] of Object.entries(new View(view).legend())) frenchText(s, `legend ${view} ${k}`);
      for (let id = 1; id <= tr.totalNodes; id++) {
        for (const k of [tr.enterAt.get(id) + 1, tr.length]) frenchText(describeSelected(tr, k, new View(view), id), `selected ${view} ${id} ${k}`);
      }
    }
    // B = node 0 at the end: MIN in the book, value 3, window (-∞, ∞), exact; negamax: -3.
    const b = tr.node(tr.node(1).children[0]).id;
    assert.equal(describeSelected(tr, tr.length, new View("root"), b), fr("Sélection : nœud 0, MIN, valeur 3, fenêtre de moins l'infini à l'infini, score exact."));
    assert.equal(describeSelected(tr, tr.length, new View("negamax"), b), fr("Sélection : nœud 0, valeur moins 3, fenêtre de moins l'infini à l'infini, score exact."));
    assert.equal(describeSelected(tr, tr.length, new View("root"), 1), fr("Sélection : la racine, MAX, valeur 3, fenêtre de moins l'infini à l'infini, score exact."));
    assert.deepEqual(tooltipLines({ kind: "node", nullMove: true, reduced: 2, extended: 0, why: "null-move" }),
      [fr("coup nul : le camp au trait passe"), "recherche moins profonde de 2 demi-coups (coup nul)"]);
    assert.deepEqual(tooltipLines({ kind: "pruned", pruned: { event: true, why: "futility" } }), [fr("raison : futilité")]);
    assert.equal(forceMove("4k3/8/8/8/8/8/3rK3/8 w - - 0 1", "e2d1").why, "le roi est en échec après ce coup");
  });
  // And English is as it was.
  assert.equal(describeSelected(tr, tr.length, new View("root"), 1), "Selected: the root, MAX, value 3, window minus infinity to infinity, exact.");
});
