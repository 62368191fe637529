// The Go packages' keyed sentences (go-engine, go-uci) said in French, with the parameters the
// Go errors carry (engine/msg_catalog_test.go checks they carry them). Expected French by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { speak } from "./words.mjs";
import { t } from "../i18n/i18n.js";

const nb = "\u00a0", thin = "\u202f";
const english = /\b(the|is|with|and|of|to|searched|node|nodes|bad|want|engine|sent)\b/;

function inFrench(fn) {
  speak("fr");
  try {
    fn();
  } finally {
    speak("en");
  }
}

test("engine sentences in French: FEN, options, trees, counts and plurals", () => {
  inFrench(() => {
    const fen = "8/8 w";
    const cases = [
      [t("go-engine.fenFields", { fen, n: 0 }), `FEN incorrecte «${nb}8/8 w${nb}»${nb}: elle a 0 champ, il en faut 6 (échiquier, camp au trait, roques, prise en passant, compteur de demi-coups, numéro du coup).`],
      [t("go-engine.fenFields", { fen, n: 1 }), `FEN incorrecte «${nb}8/8 w${nb}»${nb}: elle a 1 champ, il en faut 6 (échiquier, camp au trait, roques, prise en passant, compteur de demi-coups, numéro du coup).`],
      [t("go-engine.fenFields", { fen, n: 2 }), `FEN incorrecte «${nb}8/8 w${nb}»${nb}: elle a 2 champs, il en faut 6 (échiquier, camp au trait, roques, prise en passant, compteur de demi-coups, numéro du coup).`],
      [t("go-engine.fenKings", { fen, white: 1, black: 0 }), `FEN incorrecte «${nb}8/8 w${nb}»${nb}: elle a 1 roi blanc et 0 roi noir, il en faut un de chaque.`],
      [t("go-engine.fenKings", { fen, white: 2, black: 1 }), `FEN incorrecte «${nb}8/8 w${nb}»${nb}: elle a 2 rois blancs et 1 roi noir, il en faut un de chaque.`],
      [t("go-engine.fenCastlingBlack", { fen, right: "k", king: "e8", rook: "h8" }), `FEN incorrecte «${nb}8/8 w${nb}»${nb}: le droit de roque k demande le roi noir en e8 et une tour en h8.`],
      [t("go-engine.ttSizeRange", { n: 0, max: 16777216 }), `La valeur 0 de tt-size est hors limites${nb}: choisissez entre 1 et 16${thin}777${thin}216 entrées.`],
      [t("go-engine.treeLeafRange", { offset: 3, value: 99999, max: 10000 }), `Arbre incorrect à la position 3${nb}: la valeur de feuille 99${thin}999 est hors limites (restez dans ±10${thin}000).`],
      [t("go-engine.treeExpectedNode", { offset: 4, found: "a" }), `Arbre incorrect à la position 4${nb}: un nombre ou «${nb}(${nb}» était attendu, mais on trouve «${nb}a${nb}».`],
      [t("go-engine.randomTooBig", { b: 10, d: 10, max: 2000000 }), `Arbre aléatoire incorrect${nb}: b=10, d=10 donne plus de 2${thin}000${thin}000 nœuds.`],
      [t("go-engine.nodeLimit", { n: 0 }), "Limite de 0 nœud atteinte."],
      [t("go-engine.nodeLimit", { n: 1 }), "Limite de 1 nœud atteinte."],
      [t("go-engine.nodeLimit", { n: 1234 }), `Limite de 1${thin}234 nœuds atteinte.`],
      [t("go-engine.notWholeNumber", { name: "depth", value: "deep" }), `La valeur «${nb}deep${nb}» de depth n'est pas un nombre entier.`],
    ];
    for (const [got, want] of cases) {
      assert.equal(got, want);
      assert.doesNotMatch(got.replace(/«[^»]*»/g, ""), english, got);
    }
  });
});

test("UCI inspector failures in French", () => {
  inFrench(() => {
    const cases = [
      [t("go-uci.notUCI", { engine: "x", n: 1, line: "?", waitingFor: "uciok" }), `Le moteur «${nb}x${nb}» a écrit 1 ligne qui n'est pas de l'UCI (la dernière${nb}: «${nb}?${nb}») pendant que nous attendions uciok${nb}: est-ce un moteur UCI${nb}?`],
      [t("go-uci.notUCI", { engine: "x", n: 101, line: "?", waitingFor: "uciok" }), `Le moteur «${nb}x${nb}» a écrit 101 lignes qui ne sont pas de l'UCI (la dernière${nb}: «${nb}?${nb}») pendant que nous attendions uciok${nb}: est-ce un moteur UCI${nb}?`],
      [t("go-uci.noAnswerAfterStop", { engine: "fake", waitingFor: "bestmove", limit: "30s", grace: "2s" }), `Le moteur «${nb}fake${nb}» n'a pas envoyé bestmove en 30s, ni en 2s après stop${nb}: il est bloqué ou ce n'est pas un moteur UCI.`],
      [t("go-uci.exitedWaitingStatusStderr", { engine: "fake", waitingFor: "uciok", status: "exit status 3", stderr: "segfault" }), `Le moteur «${nb}fake${nb}» s'est terminé avant d'envoyer uciok (exit status 3)${nb}; il a écrit sur sa sortie d'erreur${nb}: «${nb}segfault${nb}».`],
      [t("go-uci.tooManyMoves", { n: 1, max: 600 }), `1 coup donné${nb}: au plus 600.`],
      [t("go-uci.tooManyMoves", { n: 1234, max: 600 }), `1${thin}234 coups donnés${nb}: au plus 600.`],
      [t("go-uci.toleranceRange", { n: -1, max: 100000 }), `La tolérance -1 est hors limites${nb}: choisissez entre 1 et 100${thin}000 centipions.`],
      [t("go-uci.badInfoNotNumber", { line: "info depth three", field: "depth", value: "three" }), `Le moteur a envoyé une ligne info illisible${nb}: «${nb}info depth three${nb}»${nb}: la valeur «${nb}three${nb}» du champ depth n'est pas un nombre entier.`],
    ];
    for (const [got, want] of cases) {
      assert.equal(got, want);
      assert.doesNotMatch(got.replace(/«[^»]*»/g, "").replace(/\(exit status \d+\)/, ""), english, got);
    }
  });
});
