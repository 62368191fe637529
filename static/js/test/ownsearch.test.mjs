// Searches of a node's own position on the page (the trace format's "subsearch"): the four traces
// written by hand in tracer/testdata/subsearch (their SOURCE note works out each value). Every
// expected value below is read off those files by hand: the sub-search's node, its purpose, the
// move a singular test leaves out, and the sentences written out from the catalogs' words.
import "./words.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { speak } from "./words.mjs";
import { load } from "./helpers.mjs";
import { narrate } from "../stepping/narrate.js";
import { TreeLayout } from "../tree/layout.js";
import { toJSONL } from "../engines/tracefile.js";
import { ownSearchLabel } from "../model/ownsearch.js";
import { Trace, batchFromJSONL } from "../model/model.js";
import { Notation } from "../board/board.js";
import fs from "node:fs";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../tracer/testdata/subsearch");
const trace = (name) => load(path.join(DIR, name + ".jsonl"));

// name: [the sub-search's node, its purpose, its excluded move, its enter's event index]
const SUBS = { iid: [2, "iid", "", 1], singular: [2, "singular", "a", 1], razor: [4, "razor", "", 4], probcut: [4, "probcut", "", 4] };

test("the model keeps each sub-search's purpose and excluded move; a move's node has none", () => {
  for (const [name, [id, purpose, excluded]] of Object.entries(SUBS)) {
    const t = trace(name);
    const n = t.node(id);
    assert.equal(n.ownSearch, purpose, name);
    assert.equal(n.excluded, excluded, name);
    assert.equal(n.move, "", name);
    for (let other = 1; other < t.enterAt.length; other++) if (other !== id) assert.equal(t.node(other).ownSearch, "", `${name} node ${other}`);
  }
});

test("the tree draws a sub-search as what it is: its own edge style and its purpose where a move would be", () => {
  for (const [name, [id, purpose]] of Object.entries(SUBS)) {
    const t = trace(name);
    const r = new TreeLayout(t).compute(t.length);
    for (const it of r.nodes) {
      if (it.kind !== "node" || !it.inLink) continue;
      assert.equal(it.inLink.mark === "own", it.nodeId === id, `${name} node ${it.nodeId}: mark ${it.inLink.mark}`);
    }
    assert.equal(r.byId.get(id).ownSearch, purpose);
    // Counted from its enter on: the legend shows its mark once one is seen (render.js).
    const enter = t.enterAt.get(id);
    assert.equal(t.stats(enter).ownSearches, 0, name);
    assert.equal(t.stats(enter + 1).ownSearches, 1, name);
  }
  assert.equal(ownSearchLabel("iid"), "⟲ IID");
  assert.equal(ownSearchLabel("singular"), "⟲ singular");
  assert.equal(ownSearchLabel("probcut"), "⟲ ProbCut");
  assert.equal(ownSearchLabel("verify"), "⟲ verify"); // an engine's own word, as it is
});

test("the narration says a sub-search searches the node's own position, and names it after its node", () => {
  const tail = ": no move leads there, and its score is not";
  assert.equal(narrate(trace("iid"), 1), "The root searches its own position again (internal iterative deepening: a shallower search to find a move to try first), at depth 1 with the window (-100, 100)" + tail + " the root's value.");
  assert.equal(narrate(trace("singular"), 1), "The root searches its own position again (the singular-extension test: does any other move come close to the table move?), leaving out a, at depth 1 with the window (29, 30)" + tail + " the root's value.");
  const razor = trace("razor");
  assert.equal(narrate(razor, 4), "b searches its own position again (razoring's verification: a quiescence search to confirm the node is hopeless), at depth 0 with the window (-11, -10)" + tail + " b's value.");
  assert.match(narrate(razor, 5), /^The razor search of b returns -40/);
  assert.equal(narrate(trace("probcut"), 4), "b searches its own position again (ProbCut's verification: a shallow search to confirm a cutoff), at depth 1 with the window (79, 80)" + tail + " b's value.");
});

test("in French too", () => {
  speak("fr");
  try {
    assert.equal(narrate(trace("singular"), 1), "La racine cherche de nouveau sa propre position (le test d'extension singulière\u00a0: un autre coup approche-t-il le coup de la table\u00a0?), sans a, à la profondeur 1 avec la fenêtre (29, 30)\u00a0: aucun coup n'y mène, et sa valeur n'est pas celle de la racine.");
    assert.match(narrate(trace("razor"), 5), /^La recherche razoring de b /);
  } finally { speak("en"); }
});

test("a sub-search stands on its node's own position: the same FEN, the same path", () => {
  // iid.jsonl with a FEN and real moves: a = e2e4, b = d2d4 (White to move).
  const fen = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1";
  const text = fs.readFileSync(path.join(DIR, "iid.jsonl"), "utf8")
    .replace('"meta":{', `"meta":{"fen":"${fen}",`).replaceAll('"move":"a"', '"move":"e2e4"').replaceAll('"move":"b"', '"move":"d2d4"');
  const { hello, started, batch } = batchFromJSONL(text);
  const t = new Trace(hello);
  t.start(started);
  t.append(batch);
  const N = new Notation(t);
  assert.equal(N.lines.fenAt(t, 2), fen); // the IID: the root's position
  assert.equal(N.lines.rejectedAt(t, 2), null);
  assert.equal(N.lines.fenAt(t, 3), "4k3/8/8/8/4P3/8/3P4/4K3 b - - 0 1"); // e2e4 played from it
  assert.deepEqual(t.positionMoves(3), ["e2e4"]);
  assert.deepEqual(t.positionMoves(2), []);
});

test("a saved trace keeps subsearch and excluded", () => {
  const text = toJSONL(trace("singular"));
  assert.match(text, /"subsearch":"singular","excluded":"a"/);
});
