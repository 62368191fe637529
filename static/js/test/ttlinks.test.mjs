// The table's links in the page's model (model/ttlinks.js, issue 41): each tt-hit linked to the
// last tt-store of its key before it, checked against a walk written here (for each hit, back
// through the events to the first store of the same key), over frames of any size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Trace, DEFAULT_HELLO } from "../model/model.js";

const K = (name) => DEFAULT_HELLO.kinds.indexOf(name);

// A root (node 1) with children 2..9; each child probes, stores or hits keys as listed.
const script = [
  ["tt-hit", 2, "a"], // before any store of "a": no link
  ["tt-store", 2, "a"],
  ["tt-store", 3, "b"],
  ["tt-hit", 4, "a"], // reads node 2's store
  ["tt-probe", 4, "b"], // a probe has a key but is no link
  ["tt-hit", 5, "b"], // node 3's
  ["tt-store", 6, "a"], // a new store of "a"
  ["tt-hit", 7, "a"], // node 6's
  ["tt-hit", 8, "a"], // node 6's too
  ["tt-hit", 9, "c"], // no store of "c" ever
];

function events() {
  const out = [{ kind: "enter", node: 1, parent: 0 }];
  const entered = new Set([1]);
  for (const [kind, node, key] of script) {
    if (!entered.has(node)) { out.push({ kind: "enter", node, parent: 1 }); entered.add(node); }
    out.push({ kind, node, key });
  }
  return out;
}

function frames(evs, size) {
  const fs = [];
  for (let from = 0; from < evs.length; from += size) {
    const part = evs.slice(from, from + size);
    fs.push({
      type: "events", id: 1, from, count: part.length, moves: [],
      kind: part.map((e) => K(e.kind)), node: part.map((e) => e.node), parent: part.map((e) => e.parent || 0),
      keys: part.flatMap((e, i) => (e.key ? [[i, e.key]] : [])),
    });
  }
  return fs;
}

// The walk: a hit's store is found by looking back from the hit.
function walk(evs) {
  const links = new Map();
  evs.forEach((e, i) => {
    if (e.kind !== "tt-hit") return;
    let s = -1;
    for (let j = i - 1; j >= 0; j--) if (evs[j].kind === "tt-store" && evs[j].key === e.key) { s = j; break; }
    links.set(i, s);
  });
  return links;
}

for (const size of [1, 3, 100]) {
  test(`each tt-hit's store is the last store of its key before it (frames of ${size})`, () => {
    const evs = events();
    const t = new Trace(DEFAULT_HELLO);
    t.start({ type: "started", kind: "tree" });
    for (const f of frames(evs, size)) t.append(f);
    const want = walk(evs);
    assert.equal(want.size, 6);
    for (const [hit, store] of want) assert.equal(t.tt.storeOfHit(hit), store, `hit at ${hit}`);
    // The other way: each store lists the hits that read it, and only those.
    evs.forEach((e, i) => {
      if (e.kind !== "tt-store") return;
      const hits = [...want].filter(([, s]) => s === i).map(([h]) => h);
      assert.deepEqual(t.tt.hitsOfStore(i), hits, `store at ${i}`);
    });
    // One entry per distinct key for the last stores: a, b and c.
    assert.deepEqual(t.tt.keys, ["a", "b", "c"]);
  });
}

test("a store's hits at step k are those before k; a new search forgets the links", () => {
  const evs = events();
  const t = new Trace(DEFAULT_HELLO);
  t.start({ type: "started", kind: "tree" });
  for (const f of frames(evs, 4)) t.append(f);
  const store6 = evs.findIndex((e) => e.kind === "tt-store" && e.node === 6);
  const hit7 = evs.findIndex((e) => e.kind === "tt-hit" && e.node === 7);
  assert.deepEqual(t.tt.hitsOfStore(store6, hit7 + 1), [hit7]);
  assert.deepEqual(t.tt.hitsOfStore(store6, hit7), []);
  t.start({ type: "started", kind: "tree" });
  assert.equal(t.tt.count, 0);
  assert.equal(t.tt.storeOfHit(hit7), undefined);
});
