// Stand pat and a move's value as the parent took it (issue 27), said in English and French.
// fixtures/narrate_qsearch.jsonl is written by hand: the root caps e2e4's 20 at 15 (move-value),
// e2e4's quiescence node stands pat at -20, and d2d4's stands pat at -10, at or above its beta
// -15, so it returns without a move. The sentences are written by hand from those events.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { speak } from "./words.mjs";
import { load, fixture } from "./helpers.mjs";
import { narrate } from "../stepping/narrate.js";

const NB = "\u00a0";

test("stand-pat and move-value, in English and in French", () => {
  const tr = load(fixture("narrate_qsearch.jsonl"));
  assert.equal(narrate(tr, 4), "e2e4 stands pat at -20: its static evaluation is a value it has before searching any move.");
  assert.equal(narrate(tr, 10), "d2d4 stands pat at -10: its static evaluation is a value it has before searching any move, and it reaches beta, so it returns without a move.");
  assert.equal(narrate(tr, 6), "The root takes 15 for e2e4, not minus the score that move's node returned (a cap or an adjustment of the engine's).");
  speak("fr");
  try {
    assert.equal(narrate(tr, 4), `e2e4 s'en tient à -20 (stand pat)${NB}: son évaluation statique est une valeur acquise avant tout coup.`);
    assert.equal(narrate(tr, 10), `d2d4 s'en tient à -10 (stand pat)${NB}: son évaluation statique est une valeur acquise avant tout coup, et elle atteint β${NB}: retour sans jouer de coup.`);
    assert.equal(narrate(tr, 6), "La racine retient 15 pour e2e4, et non l'opposé du score rendu par ce coup (un plafond ou un ajustement propre au moteur).");
  } finally {
    speak("en");
  }
});
