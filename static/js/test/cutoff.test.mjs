// A cutoff is a pruning only when moves remain: the figures' prunings (their SOURCE note,
// engine/testdata/trees/textbook_trees.json) against the page's count, ✂ marks and sentences.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, fixture } from "./helpers.mjs";
import { narrate } from "../stepping/narrate.js";
import { View } from "../tree/view.js";

// R&N Figure 5.2: "after c1 returns 2 ... the remaining successors of C need not be searched":
// one pruning. Wikipedia's figure greys three regions: under 0.0.1, under 1.0.1, and 2.1.
const FIGURES = [
  { file: "aima_alphabeta.jsonl", prunings: 1, prunedAt: ["1"] },
  { file: "wikipedia_alphabeta.jsonl", prunings: 3, prunedAt: ["0.0.1", "1.0.1", "2"] },
];

for (const f of FIGURES) {
  test(`${f.file}: ${f.prunings} prunings, the other cutoffs at the last move`, () => {
    const t = load(fixture(f.file));
    const s = t.stats(t.length);
    assert.equal(s.cutoffs - s.lastMoveCutoffs, f.prunings);
    const cuts = [];
    for (let i = 0; i < t.length; i++) if (t.event(i).kind === "cutoff") cuts.push(i);
    const pruning = cuts.filter((i) => t.cutoffPrunes(i));
    assert.deepEqual(pruning.map((i) => t.positionMoves(t.event(i).node).join(".")).sort(), f.prunedAt);
    // ✂: the children whose cutoff pruned something.
    let marks = 0;
    for (let id = 1; id <= t.totalNodes; id++) if (t.node(id).cutAt < Infinity) marks++;
    assert.equal(marks, f.prunings);
    for (const view of ["root", "negamax"]) {
      const V = new View(view);
      for (const i of cuts) {
        const text = narrate(t, i, undefined, { view: V });
        if (t.cutoffPrunes(i)) assert.match(text, /the remaining moves are pruned\.$/, text);
        else assert.match(text, /it was the last move, so nothing is pruned: .* fails (high|low)\.$/, text);
      }
    }
  });
}

test("R&N at 2 (MIN, root view): the last move fails low and prunes nothing", () => {
  const t = load(fixture("aima_alphabeta.jsonl"));
  const i = [...Array(t.length).keys()].find((j) => t.event(j).kind === "cutoff" && t.positionMoves(t.event(j).node).join(".") === "2");
  assert.equal(narrate(t, i, undefined, { view: new View("root") }),
    "2 scores 2 ≤ α = 3 at 2 (MIN): it was the last move, so nothing is pruned: 2 fails low.");
});
