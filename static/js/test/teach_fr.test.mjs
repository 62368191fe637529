// The teaching modules in French: the quiz's questions and feedback on Russell & Norvig's Fig. 5.2
// under PVS (the golden trace), each exercise kind's grading sentences on small trees worked out
// by hand, the worksheet's, lesson's, export's and tree editor's sentences. The expected French is
// written out here by hand (the windows and values are the book's, or worked by hand in the
// comments); French typography: a no-break space before : ; ? ! and inside « », a narrow
// no-break space (U+202F) between thousands, CLDR's singular for 0 and 1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { own, speak } from "./words.mjs";
import { load, GOLDEN } from "./helpers.mjs";
import { parse } from "../i18n/message.js";
import { t } from "../i18n/i18n.js";
import { parseTreeText } from "../model/model.js";
import { questionsAt, questionText, whyText, check, outcomeWord, pollId, pollChoices, judgePoll } from "../teaching/quiz.js";
import { show } from "../teaching/quizui.js";
import { View } from "../tree/view.js";
import { grade } from "../teaching/exercisegrade.js";
import { kindTitle, kindName, KINDS, keyOf } from "../teaching/exercise.js";
import { parseRange } from "../teaching/exerciseui.js";
import { parseLesson, resolveStep } from "../lessons/lessonformat.js";
import { setLeaf, addChild, deleteSubtree } from "../teaching/treeops.js";
import { readTree } from "../teaching/treeedit.js";
import { keyMarks } from "../teaching/sheet.js";

const AREAS = ["quiz", "quizui", "exercise", "exercisegrade", "exerciseui", "sheet", "export", "tikz", "lesson", "lessonformat", "treeops", "treeedit"];
const NB = "\u00a0", NNB = "\u202f";
// fr`…` types the no-break spaces French puts before : ; ? ! and inside « » (nothing else).
const fr = (strings, ...vals) => String.raw({ raw: strings }, ...vals)
  .replace(/ ([:;?!])/g, NB + "$1").replace(/« /g, "«" + NB).replace(/ »/g, NB + "»");

// English words that must not be left in a French sentence (whole words, any case).
const ENGLISH = /(?<!\p{L})(the|is|are|with|and|of|to|searched|search|node|nodes|none|yes|no|leaf|leaves|root|window|which|will|not|right|it|its|at|child|children|value|values|mistake|mistakes|step|steps|tree|trees|lesson|slide|exercise|order|read|never|evaluated|cutoff|only|any|seed|seeds|sheet|worksheet|answer|key|try|again|close|print|show|another|first|past|this|has|have|there|fails?|high|low|probe|bound|best|Node|Leaf)(?!\p{L})/iu;
function french(s, what) {
  const m = ENGLISH.exec(s);
  assert.equal(m, null, `${what}: English "${m && m[0]}" left in «${s}»`);
  return s;
}

function inFrench(fn) {
  speak("fr");
  try { return fn(); } finally { speak("en"); }
}

test("every French message of the teaching areas: no English words in its text, French typography", () => {
  const msgs = own("fr");
  const texts = (parts, out = []) => {
    for (const p of parts) {
      if (typeof p === "string") out.push(p);
      else if (p.forms) for (const f of Object.values(p.forms)) texts(f, out);
    }
    return out;
  };
  assert.throws(() => french("le nœud 1 is pruned", "self-check"), /English "is"/);
  assert.doesNotThrow(() => french("l'élève lit la feuille", "self-check"));
  let n = 0;
  for (const area of AREAS) {
    const keys = Object.keys(msgs).filter((k) => k.startsWith(area + "."));
    assert.ok(keys.length > 0, `no French for ${area}`);
    for (const k of keys) {
      n++;
      // Syntax the page reads stays as typed: random=…, state:, "key: value" (clé: valeur).
      const text = texts(parse(msgs[k])).join(" ").replace(/random=\S*/g, "").replace(/\b(state|end|exit)\b/g, "");
      french(text, k);
      assert.doesNotMatch(msgs[k], / [:;?!]/, `${k}: a plain space before : ; ? or !`);
      assert.doesNotMatch(msgs[k], /« | »/, `${k}: a plain space inside « »`);
    }
  }
  assert.ok(n > 100, `${n} messages`);
});

test("the quiz in French on Russell & Norvig's figure: questions, hints and answers", () => {
  const tr = load(GOLDEN), V = new View("root");
  const all = [];
  for (let i = 0; i < tr.length; i++) for (const q of questionsAt(tr, i, V)) all.push({ ...q, at: i });
  const find = (kind, node) => all.find((q) => q.kind === kind && q.node === node);
  inFrench(() => {
    // C (node 1) gets the null window (3, 4) above B's 3, returns 2 and fails low; its last two leaves are pruned.
    const w = find("window", "1");
    assert.equal(questionText(w), fr`Avec quelle fenêtre (α, β) le nœud 1 sera-t-il exploré ?`);
    assert.equal(whyText(tr, V, w), fr`Un fils est exploré avec la fenêtre de son père telle qu'elle est à ce moment : la racine a reçu la fenêtre (-∞, ∞) ; ses fils précédents ont renvoyé 3. α est le score que MAX est déjà sûr d'obtenir sur ce chemin, β celui dont MIN est sûr. PVS le sonde avec une fenêtre nulle juste au-dessus de la meilleure valeur trouvée jusqu'ici.`);
    const w0 = find("window", "0");
    assert.equal(whyText(tr, V, w0), fr`Un fils est exploré avec la fenêtre de son père telle qu'elle est à ce moment : la racine a reçu la fenêtre (-∞, ∞), et aucun de ses fils n'a encore été exploré. α est le score que MAX est déjà sûr d'obtenir sur ce chemin, β celui dont MIN est sûr.`);
    const v = find("value", "0");
    assert.equal(questionText(v), fr`Quelle valeur renverra le nœud 0 ?`);
    assert.equal(whyText(tr, V, v, false), fr`Le nœud 0 est un nœud MIN : il prend le plus petit des scores renvoyés par ses fils (3, 12, 8).`);
    assert.equal(whyText(tr, V, v), fr`Le nœud 0 est un nœud MIN : il prend le plus petit des scores renvoyés par ses fils (3, 12, 8), soit 3.`);
    const r = find("value", "");
    assert.equal(questionText(r), fr`Quelle valeur renverra la racine ?`);
    assert.equal(whyText(tr, V, r), fr`La racine est un nœud MAX : elle prend le plus grand des scores renvoyés par ses fils (3, 2, 2), soit 3.`);
    const o = find("outcome", "1");
    assert.equal(questionText(o), fr`Le nœud 1 finira-t-il en sortie par le haut, en sortie par le bas, ou sur un score exact ?`);
    assert.equal(questionText(find("outcome", "")), fr`La racine finira-t-elle en sortie par le haut, en sortie par le bas, ou sur un score exact ?`);
    assert.equal(whyText(tr, V, o, false), fr`Le score renvoyé est 2, et la fenêtre est (3, 4) : comparez ce score à α et à β.`);
    assert.equal(whyText(tr, V, o), fr`Le score renvoyé, 2, est ≤ α = 3 de la fenêtre (3, 4) : sortie par le bas.`);
    // D's first leaf, 14, is at least β = 4 of D's null window (3, 4).
    assert.equal(whyText(tr, V, find("outcome", "2.0")), fr`Le score renvoyé, 14, est ≥ β = 4 de la fenêtre (3, 4) : sortie par le haut.`);
    assert.equal(whyText(tr, V, find("outcome", "")), fr`Le score renvoyé, 3, est strictement dans la fenêtre (-∞, ∞) : c'est un score exact.`);
    const s = find("research", "1");
    assert.equal(questionText(s), fr`La sonde à fenêtre nulle du nœud 1 est revenue. Y aura-t-il une nouvelle recherche ?`);
    assert.equal(whyText(tr, V, s, false), "Une nouvelle recherche n'a lieu que si le score de la sonde tombe strictement dans la fenêtre complète (α, β).");
    assert.equal(whyText(tr, V, s), fr`Le score de la sonde n'est pas tombé strictement dans la fenêtre complète (sortie par le bas, comme prévu, ou β atteint) : aucune nouvelle recherche n'est nécessaire.`);
    const p = find("pruned", "1");
    assert.equal(questionText(p), fr`Le nœud 1 s'arrête avant la fin. Lesquels de ses fils restants sont élagués (donnez leurs chemins) ?`);
    assert.equal(whyText(tr, V, p, false), fr`Son coup 0 a obtenu 2, déjà ≤ α : lesquels de ses fils n'ont pas encore été explorés ?`);
    assert.equal(whyText(tr, V, p), fr`Son coup 0 a obtenu 2, déjà ≤ α : l'adversaire évitera le nœud 1, donc les fils pas encore explorés (1.1, 1.2) ne peuvent plus compter.`);
    // Every question and both whys of every question, all French.
    for (const q of all) for (const s of [questionText(q), whyText(tr, V, q), whyText(tr, V, q, false)]) french(s, `${q.kind} ${q.node}`);
    // The answers as the feedback shows them, and "aucun" typed for no pruned child.
    assert.deepEqual([show("fail-high", "outcome"), show("fail-low", "outcome"), show("exact", "outcome"), outcomeWord("tt-cutoff")],
      ["sortie par le haut", "sortie par le bas", "exact", "une coupure par la table"]);
    assert.deepEqual([show(true, "research"), show(false, "research"), show([], "pruned"), show(["1.1", "1.2"], "pruned"), show([3, null], "window")],
      ["oui", "non", "aucun", "1.1, 1.2", "(3, ∞)"]);
    assert.ok(check("pruned", [], "aucun") && check("pruned", [], "none"));
    // A room's poll: the choices in French; a follower's answer judged in French or in the English a poll used to carry.
    assert.deepEqual(pollChoices("outcome"), ["sortie par le haut", "exact", "sortie par le bas"]);
    assert.deepEqual(pollChoices("research"), ["oui", "non"]);
    const id = pollId(1, o);
    assert.deepEqual(judgePoll(tr, V, id, "sortie par le bas", tr.length), { right: true, truth: "sortie par le bas" });
    assert.deepEqual(judgePoll(tr, V, id, "fails low", tr.length), { right: true, truth: "sortie par le bas" });
    assert.deepEqual(judgePoll(tr, V, id, "exact", tr.length), { right: false, truth: "sortie par le bas" });
    assert.deepEqual(judgePoll(tr, V, pollId(2, s), "non", tr.length), { right: true, truth: "non" });
    assert.deepEqual(judgePoll(tr, V, pollId(3, p), "1.2, 1.1", tr.length), { right: true, truth: "1.1, 1.2" });
    assert.equal(t("quizui.itIs", { answer: "sortie par le bas", why: "…" }), fr`Réponse : sortie par le bas. …`);
    assert.equal(t("quizui.score", { correct: 1234, asked: 2000 }), fr`Score : 1${NNB}234 / 2${NNB}000`);
    assert.equal(t("quizui.ask", { kinds: ["value", "pruned"].map((k) => t(`quizui.kind${k === "value" ? "Value" : "Pruned"}`)).join(", ") }), fr`questions : valeurs, élagages`);
  });
});

// Russell & Norvig's Fig. 5.2: B = (3 12 8) = 3, C = (2 4 6) cut after its 2 (≤ α = 3), D = (14 5 2) = 2; the root 3.
const AIMA = parseTreeText("((3 12 8) (2 4 6) (14 5 2))");

test("prune and mirror: a sentence per leaf, in French", () => {
  inFrench(() => {
    const g = grade("prune", AIMA, { unread: ["1.0", "1.1", "9"], root: 5 });
    assert.deepEqual(g.mistakes, [
      fr`La feuille 1.0 (2) est évaluée : la fenêtre de son père, (3, ∞), est encore ouverte quand elle est atteinte.`,
      fr`La feuille 1.2 (6) n'est jamais évaluée : au nœud 1 (MIN), après 1.0, la valeur 2 est déjà ≤ α = 3, donc les fils restants sont coupés (coupure alpha).`,
      "Cet arbre n'a pas de feuille 9.",
      fr`La valeur de la racine est 3, et non 5 : la meilleure des valeurs de ses fils pour MAX.`,
    ]);
    assert.equal(grade("prune", AIMA, { unread: ["1.1", "1.2"] }).mistakes[0], fr`La valeur de la racine est 3 : la meilleure des valeurs de ses fils pour MAX.`);
    // Right to left on R&N: D = 2 first, then C (window (2, ∞)) reads 6, 4, 2 and ends at 2 with no
    // child left, then B (2, ∞) reads 8 (β = 8), 12, 3: nothing is pruned, and B's 3 has window (2, 8).
    assert.equal(grade("mirror", AIMA, { unread: ["0.0"] }).mistakes[0], fr`La feuille 0.0 (3) est évaluée (de droite à gauche) : la fenêtre de son père, (2, 8), est encore ouverte quand elle est atteinte.`);
    // ((5 1) (9 3)) right to left: the right child is 3 (α = 3), then the left child's 1 ≤ 3 cuts its 5.
    assert.equal(grade("mirror", parseTreeText("((5 1) (9 3))"), { unread: [] }).mistakes[0],
      fr`La feuille 0.0 (5) n'est jamais évaluée (de droite à gauche) : au nœud 0 (MIN), après 0.1, la valeur 1 est déjà ≤ α = 3, donc les fils restants sont coupés (coupure alpha).`);
    // ((4 (6 2)) 9): the root's MIN child 0 reads 4 (β = 4), then its MAX child 0.1, with window
    // (-∞, 4), reads 6 ≥ 4: a beta cutoff, and 0.1's 2 is never read. The root is max(4, 9) = 9.
    assert.equal(grade("prune", parseTreeText("((4 (6 2)) 9)"), { unread: [], root: 9 }).mistakes[0],
      fr`La feuille 0.1.1 (2) n'est jamais évaluée : au nœud 0.1 (MAX), après 0.1.0, la valeur 6 est déjà ≥ β = 4, donc les fils restants sont coupés (coupure bêta).`);
  });
});

test("count: evaluations in French, singular for 0 and 1, French digits", () => {
  inFrench(() => {
    // R&N: minimax reads all 9 leaves, alpha-beta 7 (C's 4 and 6 are cut), PVS 7 too (B's 3 leaves,
    // C's 2 under the null window (3, 4), D's 3, none searched again).
    assert.deepEqual(grade("count", AIMA, { minimax: 9, alphabeta: 9 }).mistakes, [
      "Alpha-bêta fait 7 évaluations statiques, et non 9 (il saute les feuilles que ses coupures élaguent).",
      "PVS fait 7 évaluations statiques (une feuille explorée à nouveau après une sonde à fenêtre nulle compte deux fois).",
    ]);
    // One leaf: one evaluation for each; two leaves: two.
    assert.equal(grade("count", parseTreeText("(5)"), { minimax: 2, alphabeta: 1, pvs: 1 }).mistakes[0], "Minimax fait 1 évaluation statique, et non 2 (il lit chaque feuille).");
    assert.equal(grade("count", parseTreeText("(1 2)"), { minimax: 0, alphabeta: 2, pvs: 2 }).mistakes[0], "Minimax fait 2 évaluations statiques, et non 0 (il lit chaque feuille).");
    assert.equal(t("exercisegrade.countMinimax", { n: 0, given: "no" }), "Minimax fait 0 évaluation statique (il lit chaque feuille).");
    assert.equal(t("exercisegrade.countMinimax", { n: 1234, given: "yes", got: 1000 }), `Minimax fait 1${NNB}234 évaluations statiques, et non 1${NNB}000 (il lit chaque feuille).`);
  });
});

test("values: the bound alpha-beta returns, and why, in French", () => {
  inFrench(() => {
    const g = grade("values", AIMA, { 0: { value: 3 }, 1: { value: 2, bound: "lower" } });
    assert.deepEqual(g.mistakes, [
      fr`La racine (MAX) : alpha-bêta renvoie 3 : la valeur est strictement dans sa fenêtre (-∞, ∞).`,
      fr`Le nœud 1 (MIN) : alpha-bêta renvoie ≤ 2 ou 2, et non ≥ 2 : après 1.0, la valeur 2 est ≤ α = 3, donc le reste est coupé et 2 n'est qu'une borne supérieure.`,
      // D ends at 2 ≤ α = 3 having read all three leaves, each exact.
      fr`Le nœud 2 (MIN) : alpha-bêta renvoie 2 ou ≤ 2 : tous les fils ont été lus et la valeur de chacun est exacte.`,
    ]);
    // ((3) ((2) (9))): C's first child returns 2 ≤ α = 3, so C's second child 1.1 is never searched.
    const never = grade("values", parseTreeText("((3) ((2) (9)))"), { "": { value: 3 }, 0: { value: 3 }, 1: { value: 2, bound: "upper" }, "1.0": { value: 2 }, "1.1": { value: 9 } });
    assert.deepEqual(never.mistakes, [fr`Le nœud 1.1 n'est jamais exploré : une coupure plus haut intervient d'abord, il n'a donc pas de valeur.`]);
  });
});

test("bounds: the range of each leaf, in French", () => {
  inFrench(() => {
    // The root is 3 = B = min(3, 12, 8): B's 3 must stay 3; its 12 may be anything ≥ 3; C's 2 anything ≤ 3
    // (C stays ≤ 3); C's 4 anything (C is 2 whatever it is).
    const g = grade("bounds", AIMA, { "0.0": { min: 2, max: 5 }, "0.1": { min: null, max: null }, "1.1": { min: 4, max: 4 } });
    const said = (leaf) => g.mistakes.find((m) => m.startsWith(`La feuille ${leaf} `));
    assert.equal(said("0.0"), "La feuille 0.0 (3) peut prendre seulement 3 sans changer la valeur de la racine, et non de 2 à 5.");
    assert.equal(said("0.1"), "La feuille 0.1 (12) peut prendre toute valeur ≥ 3 sans changer la valeur de la racine, et non n'importe quelle valeur.");
    assert.equal(said("1.0"), "La feuille 1.0 (2) peut prendre toute valeur ≤ 3 sans changer la valeur de la racine.");
    assert.equal(said("1.1"), "La feuille 1.1 (4) peut prendre n'importe quelle valeur sans changer la valeur de la racine, et non seulement 4.");
    assert.deepEqual(parseRange("tout"), { min: null, max: null }, "the French word for any range");
    assert.deepEqual(parseRange("any"), { min: null, max: null });
  });
});

test("order: the leaves read, and which child to try first, in French", () => {
  inFrench(() => {
    // Left to right alpha-beta reads 7 leaves; the best order reads 5 (B's three, then C's 2 and D's 2
    // first: 3 + 1 + 1, Knuth and Moore's 3 + 3 - 1); the first node whose order differs is D (its 2 is child 2.2).
    assert.deepEqual(grade("order", AIMA, {}).mistakes, [
      fr`Votre ordre fait évaluer 7 feuilles à alpha-bêta ; le meilleur ordre en évalue 5. Au nœud 2 (MIN), essayez d'abord le fils 2.2 : le fils de valeur la plus basse (ou celui qui réfute le plus tôt) resserre la fenêtre de ses frères.`,
    ]);
    assert.deepEqual(grade("order", AIMA, { order: { "": [0, 0, 1], "0.0": [0] } }).mistakes, [
      "L'ordre à la racine doit nommer chacun de ses 3 fils une fois (de 0 à 2).",
      "Il n'y a pas de nœud interne 0.0 à réordonner.",
    ]);
    assert.equal(grade("order", parseTreeText("((1 2) (3))"), { order: { 1: [1] } }).mistakes[0], "L'ordre au nœud 1 doit nommer son unique fils une fois (de 0 à 0).");
    assert.equal(t("exercisegrade.orderWorse", { read: 1, best: 1 }), fr`Votre ordre fait évaluer 1 feuille à alpha-bêta ; le meilleur ordre en évalue 1.`);
    assert.equal(t("exerciseui.bestOrder", { n: 0 }), "Le meilleur ordre évalue 0 feuille.");
    assert.equal(t("exerciseui.bestOrder", { n: 2 }), "Le meilleur ordre évalue 2 feuilles.");
  });
});

test("the exercise panel, the worksheet and every kind's title, in French", () => {
  inFrench(() => {
    assert.deepEqual([0, 1, 2].map((n) => t("exerciseui.notYet", { n })), [fr`Pas encore : 0 erreur.`, fr`Pas encore : 1 erreur.`, fr`Pas encore : 2 erreurs.`]);
    assert.equal(kindTitle("count"), fr`Combien d'évaluations statiques minimax, alpha-bêta et PVS font-ils chacun ?`);
    assert.equal(t("exerciseui.heading", { kind: kindName("prune") }), fr`Exercice : élagage`);
    for (const k of KINDS) french(`${kindTitle(k)} ${kindName(k)}`, k);
    assert.deepEqual([1, 2].map((n) => t("sheet.toolbarTrees", { n, spec: "b=2,d=4", first: 7, last: 6 + n })),
      ["1 arbre, b=2,d=4, graines 7 à 7", "2 arbres, b=2,d=4, graines 7 à 8"]);
    assert.equal(t("sheet.title", { kind: kindName("mirror"), seed: 12345 }), "Fiche pvscope · miroir · graine 12345", "a seed is a name, not a count");
    assert.equal(t("sheet.keyPrune", { value: "3", n: 0, leaves: "" }), fr`Valeur de la racine : 3. Jamais évaluées : aucune.`);
    assert.equal(t("sheet.keyPrune", { value: "3", n: 2, leaves: "1.1, 1.2" }), fr`Valeur de la racine : 3. Jamais évaluées : 1.1, 1.2.`);
    assert.equal(t("sheet.keyCount", keyOf("count", AIMA)), fr`Évaluations statiques : minimax 9, alpha-bêta 7, PVS 7.`);
    // The key's lines on R&N: C's 4 and 6 never read; right to left nothing is pruned; the best
    // order (5 leaves) keeps every node's order but D's, whose 2 (child 2) comes first.
    assert.equal(keyMarks("prune", AIMA).text, fr`Valeur de la racine : 3. Jamais évaluées : 1.1, 1.2.`);
    assert.equal(keyMarks("mirror", AIMA).text, fr`De droite à gauche, jamais évaluées : aucune.`);
    assert.equal(keyMarks("order", AIMA).text, fr`Meilleur ordre : 5 feuilles, avec 0 MIN : 0 1 2 ; 1 MIN : 0 1 2 ; 2 MIN : 2 0 1 ; racine MAX : 0 1 2.`);
    assert.equal(t("export.recording", { i: 1234, n: 5000 }), `enregistrement 1${NNB}234 / 5${NNB}000`);
    assert.equal(t("tikz.tooBig", { max: 500, n: 1234 }), fr`L'export LaTeX accepte des arbres d'au plus 500 nœuds (celui-ci en montre 1${NNB}234) : repliez-le, revenez à une étape antérieure, ou exportez en SVG.`);
  });
});

test("lessons: a slide's errors and the exercise's result, in French", () => {
  inFrench(() => {
    const l = parseLesson("# L\n\n---\nstate: tree=((1 2))\ncolor: red\n\nx\n\n---\nstate: tree=((1 2))\nstep: exit 1 2 3\n\ny\n");
    assert.equal(l.slides[0].error, fr`« color » n'est pas une clé de diapositive (clés : state, step, select, exercise, code).`);
    assert.equal(l.slides[1].error, fr`L'étape « exit 1 2 3 » est illisible : écrivez un nombre, « end », ou un événement et un nœud (« exit 1.0 »).`);
    const trace = (n) => ({ length: n, event: () => ({ kind: "enter", node: 1 }) });
    const past = (n) => resolveStep("12345", trace(n), () => "").error;
    assert.deepEqual([0, 1, 2].map(past), [0, 1, 2].map((n) => `L'étape 12${NNB}345 est au-delà de la fin de cette recherche, qui compte ${n} étape${n > 1 ? "s" : ""}.`));
    assert.equal(resolveStep("cutoff 2 #2", trace(3), () => "").error, fr`Cette recherche n'a pas d'événement « cutoff » au nœud 2 (#2).`);
    assert.equal(resolveStep("exit *", trace(3), () => "").error, fr`Cette recherche n'a aucun événement « exit ».`);
    assert.equal(resolveStep("cutoff root", trace(3), () => "").error, fr`Cette recherche n'a pas d'événement « cutoff » à la racine.`);
    assert.equal(t("lesson.notLoaded", { error: t("lesson.didNotStart") }), fr`L'état de cette diapositive n'a pas pu être chargé : la recherche n'a pas démarré.`);
    assert.deepEqual([[0, 3, "no"], [1, 1, "yes"], [2, 3, "yes"]].map(([correct, asked, passed]) => t("lesson.done", { correct, asked, passed })), [
      fr`Exercice terminé : 0 bonne réponse sur 3. Il faut deux bonnes réponses sur trois pour réussir. `,
      fr`Exercice terminé : 1 bonne réponse sur 1 — réussi. `,
      fr`Exercice terminé : 2 bonnes réponses sur 3 — réussi. `,
    ]);
    assert.equal(t("lesson.count", { i: 2, n: 9 }), "diapositive 2 sur 9");
  });
});

test("the tree editor's messages, in French", () => {
  inFrench(() => {
    assert.equal(setLeaf(AIMA, "1", 5).error, fr`Le nœud 1 n'est pas une feuille : seules les feuilles portent des valeurs.`);
    assert.equal(setLeaf(AIMA, "", 5).error, fr`Le nœud (racine) n'est pas une feuille : seules les feuilles portent des valeurs.`);
    assert.equal(setLeaf(AIMA, "1.1", 10001).error, `La valeur d'une feuille est un nombre entier de -10${NNB}000 à 10${NNB}000.`);
    assert.equal(setLeaf(AIMA, "4", 1).error, "Il n'y a pas de nœud 4 dans cet arbre.");
    assert.equal(deleteSubtree(AIMA, "").error, fr`La racine ne peut pas être supprimée ; tapez plutôt un nouvel arbre.`);
    assert.equal(deleteSubtree(parseTreeText("((1) 2)"), "0.0").error, fr`Le nœud 0 n'a pas d'autre fils : supprimez-le lui-même, ou ajoutez d'abord un fils.`);
    const big = parseTreeText("(" + Array(399).fill("1").join(" ") + ")"); // the root and 399 leaves: 400 nodes
    assert.equal(addChild(big, "").error, fr`L'arbre a 400 nœuds, autant que l'éditeur en dessine ; modifiez le texte pour l'agrandir.`);
    assert.equal(readTree("((1 2) (3 x))").error, fr`Le champ de l'arbre contient autre chose que des parenthèses et des nombres : corrigez-le, ou videz-le pour commencer un nouvel arbre.`);
    assert.equal(readTree("((1 2) (3 4)").error, fr`Les parenthèses du champ de l'arbre ne correspondent pas : corrigez-les, ou videz le champ pour commencer un nouvel arbre.`);
    assert.deepEqual(["leaf", "max", "min"].map((kind) => t("treeedit.nodeLabel", { kind, value: "-5", node: kind === "max" ? "root" : "1.0" })),
      ["feuille -5 1.0", "nœud MAX (racine)", "nœud MIN 1.0"]);
  });
});

test("English stays as it was after French was spoken", () => {
  const tr = load(GOLDEN), V = new View("root");
  const q = questionsAt(tr, 21, V).find((x) => x.kind === "pruned");
  inFrench(() => questionText({ ...q, at: 21 }));
  assert.equal(questionText({ ...q, at: 21 }), "Node 1 stops early. Which of its remaining children are pruned (their paths)?");
  assert.equal(grade("prune", AIMA, { unread: ["1.1", "1.2"], root: 3 }).right, true);
  assert.equal(grade("order", AIMA, { order: { "": [0, 0, 1] } }).mistakes[0], "The order at the root must name each of its 3 children once (0 to 2).");
});
