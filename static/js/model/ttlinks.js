// ttlinks.js: the transposition table's links (issue 41). A tt-hit read the entry written by the
// last tt-store of the same key before it (docs/trace-format.md, "Table keys and mate scores");
// the Trace (model.js) hands each frame's keys here ("keys": [[offset, "hex"], ...]) and asks
// which store a hit read and which hits read a store. What is kept for each key is its last
// store (an array entry per distinct key); each keyed hit and store is one entry of the maps
// below, within the page's budget of events (budget.js).
export class TTLinks {
  constructor() {
    this.keyId = new Map(); // key (hex, as the server writes it) -> a small id
    this.keys = []; // id -> key
    this.lastStore = []; // key id -> index of its last tt-store so far, -1 for none
    this.storeOf = new Map(); // tt-hit index -> the index of the store it read, -1 for none before it
    this.hitsOf = new Map(); // tt-store index -> [indices of the tt-hits that read it]
    this.keyAt = new Map(); // index of a keyed tt-hit or tt-store -> its key id
    this.byNode = new Map(); // node -> [indices of its keyed tt-hits and tt-stores], in order
  }

  get count() { return this.keyAt.size; }

  // frame(b, at0, ok, K): the keys of an events frame whose first event is at0, of which the first
  // ok were taken; K names the kinds.
  frame(b, at0, ok, K) {
    if (!b.keys) return;
    const hit = K["tt-hit"], store = K["tt-store"];
    for (const [off, key] of b.keys) {
      if (!(off >= 0 && off < ok) || typeof key !== "string") continue;
      const kind = b.kind[off], at = at0 + off, node = b.node ? b.node[off] || 0 : 0;
      if (kind !== hit && kind !== store) continue;
      let id = this.keyId.get(key);
      if (id === undefined) { id = this.keys.length; this.keyId.set(key, id); this.keys.push(key); this.lastStore.push(-1); }
      this.keyAt.set(at, id);
      if (kind === store) this.lastStore[id] = at;
      else {
        const s = this.lastStore[id];
        this.storeOf.set(at, s);
        if (s >= 0) { const l = this.hitsOf.get(s); if (l) l.push(at); else this.hitsOf.set(s, [at]); }
      }
      const l = this.byNode.get(node);
      if (l) l.push(at); else this.byNode.set(node, [at]);
    }
  }

  // keyOf(i): the key of keyed event i, "" for none.
  keyOf(i) { const id = this.keyAt.get(i); return id === undefined ? "" : this.keys[id]; }

  // storeOfHit(i): the index of the tt-store tt-hit i read, -1 for none (undefined: i is no keyed hit).
  storeOfHit(i) { return this.storeOf.get(i); }

  // hitsOfStore(i, k): the tt-hits before step k that read tt-store i.
  hitsOfStore(i, k = Infinity) { return (this.hitsOf.get(i) || []).filter((h) => h < k); }

  // atNode(node, k): node's keyed tt-hits and tt-stores before step k, in order.
  atNode(node, k = Infinity) { return (this.byNode.get(node) || []).filter((i) => i < k); }
}
