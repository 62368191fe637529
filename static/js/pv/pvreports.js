// pvreports.js: what each PV collection method reported at the end of each iteration, as of
// step k. The engine ends every iteration with root-pv (one per MultiPV line, best first), then
// per method a pv-line and, when that line is shorter than the depth, a pv-cut saying where
// and why it ended; a stopped iteration has only search-stopped cuts. Trace.reportIdx lists
// those events in order, a few per iteration, so reading them up to k is cheap.
import { countBelow } from "../model/model.js";

export const METHODS = ["triangular", "stack", "tt", "pvhash"];

// The methods the search ran, from the options it was started with (the tt walk needs the table).
// An old trace without pv-methods: the methods seen in its pv-line events, else the triangular table.
export function methodsOf(trace, k = trace.length) {
  const o = (trace.started && trace.started.options) || {};
  if (o["pv-methods"] === "all") return METHODS.filter((m) => m !== "tt" || o.tt !== "false");
  if (o["pv-methods"]) return ["triangular"];
  const seen = new Set(["triangular"]);
  for (const r of pvReports(trace, k)) for (const m of Object.keys(r.lines)) seen.add(m);
  return METHODS.filter((m) => seen.has(m));
}

// pvReports(trace, k) -> one entry per iteration that reported before k, oldest first:
//   {depth, complete (its root-pv came: the iteration's search finished), score,
//    lines: {method: [uci...]} (the triangular line is the best root-pv until its pv-line),
//    cuts: [{method, reason, node, ply, depth, at (event index)}],
//    multipv: [{index, score, pv, cut (a line after the first that is short: its cut)}] best first}
export function pvReports(trace, k) {
  const idx = trace.reportIdx, c = trace.c, K = trace.K, h = trace.hello;
  const methods = h.methods || [], reasons = h.reasons || [];
  const line = (i) => trace.pvNames(i) || [];
  const out = [];
  let cur = null;
  for (let j = 0, m = countBelow(idx, k); j < m; j++) {
    const i = idx.get(j), kind = c.kind.get(i), depth = c.depth.get(i);
    // Every report carries its iteration's depth, and depths only grow: a new depth, a new iteration.
    if (!cur || cur.depth !== depth) {
      cur = { depth, complete: false, score: null, lines: {}, cuts: [], multipv: [] };
      out.push(cur);
    }
    if (kind === K["root-pv"]) {
      const index = c.index.get(i), score = c.score.get(i), pv = line(i);
      cur.multipv.push({ index, score, pv });
      if (index === 0) {
        cur.complete = true; cur.score = score; cur.bound = (h.bounds || [])[c.bound.get(i)] || ""; cur.lines.triangular ||= pv;
        cur.derived = c.derived.get(i) === 1;
      }
    } else if (kind === K["iteration-end"]) {
      // The engine's own line, written through iteration-end, stands where a root-pv's would:
      // it replaces one pvscope derived (the engine wrote no root-pv), and a root-pv's stays.
      const best = cur.multipv.find((l) => l.index === 0);
      if (!best || cur.derived) {
        const pv = line(i), score = c.score.get(i);
        if (best) { if (cur.lines.triangular === best.pv) cur.lines.triangular = pv; best.pv = pv; best.score = score; }
        else { cur.multipv.unshift({ index: 0, score, pv }); cur.lines.triangular ||= pv; cur.bound = ""; }
        cur.complete = true; cur.score = score; cur.derived = false;
      }
    } else if (kind === K["pv-line"]) {
      cur.lines[methods[c.method.get(i)]] = line(i);
    } else if (kind === K["pv-cut"]) {
      const cut = { method: methods[c.method.get(i)] || "", reason: reasons[c.reason.get(i)] || "",
        node: c.node.get(i), ply: c.ply.get(i), depth, at: i };
      // A MultiPV line after the first names its place in index; its cut belongs to that line.
      const li = c.index.get(i), mline = li > 0 && cur.multipv.find((l) => l.index === li);
      if (mline) mline.cut = cut; else cur.cuts.push(cut);
    }
  }
  return out;
}

// The latest iteration whose search finished before k (null before the first).
export function latestComplete(reports) {
  for (let j = reports.length - 1; j >= 0; j--) if (reports[j].complete) return reports[j];
  return null;
}

// Every cut reported before k, oldest first, without the event index (the snapshot's shape).
export function cutsBefore(reports) {
  return reports.flatMap((r) => r.cuts.map(({ method, reason, node, ply, depth }) => ({ method, reason, node, ply, depth })));
}
