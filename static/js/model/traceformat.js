// traceformat.js: the server's name tables, the teaching tree's text, and a JSONL trace file
// read into the frames the server would send (model.js appends them like a live search's).
import { HELLO } from "./hello.js";

// The server's name tables (tracer's order), for traces read from files: the generated copy of
// a hello (hello.js, kept equal to tracer's by a Go test), never a hand copy.
export const DEFAULT_HELLO = HELLO;

// "((3 12 8) (2 4 6) (14 5 2))" -> [[3,12,8],[2,4,6],[14,5,2]]. A loop with a stack of the
// open lists, not a recursion: a link's tree nested 4,000 deep overflowed the stack (issue 44;
// urlparams.js refuses a tree nested past 255 before it gets here).
export function parseTreeText(text) {
  const tokens = text.match(/\(|\)|-?\d+/g) || [];
  if (tokens[0] !== "(") return Number(tokens[0]);
  const stack = [];
  for (const tok of tokens) {
    if (tok === "(") stack.push([]);
    else if (tok === ")") {
      const done = stack.pop();
      if (!stack.length) return done;
      stack[stack.length - 1].push(done);
    } else if (stack.length) stack[stack.length - 1].push(Number(tok));
    if (!stack.length) break;
  }
  // Unclosed lists close at the end of the text.
  while (stack.length > 1) { const done = stack.pop(); stack[stack.length - 1].push(done); }
  return stack[0];
}

// A JSONL trace file (header line + one event per line) -> the frames the server would send:
// {hello, started, batch}, the batch in the columnar "events" format with interned moves.
export function batchFromJSONL(text, hello = DEFAULT_HELLO) {
  const lines = text.split("\n").filter((l) => l.trim());
  const header = JSON.parse(lines[0]);
  const meta = header.meta || {};
  const started = { type: "started", id: 0, kind: meta.tree ? "tree" : "chess", options: { ...meta } };
  if (meta.tree) started.tree = parseTreeText(meta.tree);
  if (meta.fen) started.fen = meta.fen;
  // How the engine writes infinity and mate, as the server's reader passes it on (view.js scoreScale).
  const num = (k) => (Number(meta[k]) > 0 ? Number(meta[k]) : 0);
  if (num("infinity") || num("mate") || num("mateBand")) started.scores = { infinity: num("infinity"), mate: num("mate"), mateBand: num("mateBand") };
  const cols = ["kind", "node", "parent", "ref", "alpha", "beta", "score", "ply", "depth", "index", "expect",
    "actual", "bound", "end", "move"];
  const tables = { kind: hello.kinds, expect: hello.nodeTypes, actual: hello.nodeTypes, bound: hello.bounds, end: hello.ends };
  const batch = { type: "events", id: 0, from: 0, count: 0, moves: [], pv: [], cuts: [] };
  for (const c of cols) batch[c] = [];
  // Modern search: reduced and extended plies, and why as ids into the batch's "whys" (as the server sends them).
  const modern = { reduced: [], extended: [], why: [], whys: [], sub: [], excluded: [] }, whyId = new Map();
  const moveId = new Map();
  const intern = (m) => {
    if (!m) return 0;
    if (!moveId.has(m)) { batch.moves.push(m); moveId.set(m, batch.moves.length); }
    return moveId.get(m);
  };
  for (const line of lines.slice(1)) {
    const ev = JSON.parse(line);
    for (const c of cols) {
      let v = ev[c];
      if (tables[c]) { v = v ? tables[c].indexOf(v) : 0; if (v < 0) throw new Error(`unknown ${c} ${ev[c]}`); }
      else if (c === "move") v = intern(v);
      batch[c].push(v || 0);
    }
    modern.reduced.push(ev.reduced || 0); modern.extended.push(ev.extended || 0);
    if (ev.why && !whyId.has(ev.why)) { modern.whys.push(ev.why); whyId.set(ev.why, modern.whys.length); }
    modern.why.push(ev.why ? whyId.get(ev.why) : 0);
    // A search of a node's own position: its purpose is a word of the same table, its excluded move a move id.
    if (ev.subsearch && !whyId.has(ev.subsearch)) { modern.whys.push(ev.subsearch); whyId.set(ev.subsearch, modern.whys.length); }
    modern.sub.push(ev.subsearch ? whyId.get(ev.subsearch) : 0);
    modern.excluded.push(intern(ev.excluded));
    if (ev.pv) batch.pv.push([batch.count, ev.pv.map(intern)]);
    if (ev.derived) (batch.derived ||= []).push(batch.count);
    if (ev.method) {
      // Sparse like pv: [offset, method, reason] by the hello's tables.
      const m = hello.methods.indexOf(ev.method), r = ev.reason ? hello.reasons.indexOf(ev.reason) : 0;
      if (m <= 0 || r < 0) throw new Error(`unknown method ${ev.method} or reason ${ev.reason}`);
      batch.cuts.push([batch.count, m, r]);
    }
    batch.count++;
  }
  if (!modern.sub.some((v) => v)) { delete modern.sub; delete modern.excluded; }
  if (modern.whys.length || modern.reduced.some((v) => v) || modern.extended.some((v) => v)) Object.assign(batch, modern);
  return { hello, started, batch };
}
