// stepping.js: debugger-style moves through a trace. Each function returns the step k' to go
// to, where "landing on event j" means k' = j + 1 (the state after j is applied). Forward moves
// return a k' > k, or n (the end of what has been received) when their target is not there yet.
import { countBelow, lastBelow } from "../model/model.js";

// Step over: run the next child of the current node (the one being probed/entered next) to
// its exit. When the current node has no further child, finish the current node instead.
export function stepOver(trace, k) {
  const n = trace.length;
  if (k >= n) return n;
  const cur = trace.current(k);
  const next = trace.nodeCount(k) + 1; // the next node to be entered, if any
  const curExit = cur ? trace.exitAt.get(cur) : -1;
  if (next <= trace.totalNodes && trace.parentOf.get(next) === cur &&
      (curExit < 0 || trace.enterAt.get(next) < curExit)) {
    const x = trace.exitAt.get(next);
    return x < 0 ? n : x + 1;
  }
  if (cur) return curExit < 0 ? n : curExit + 1;
  return k + 1;
}

// Step out: run until the current node exits (lands on its exit event).
export function stepOut(trace, k) {
  const n = trace.length;
  if (k >= n) return n;
  const cur = trace.current(k);
  if (!cur) return n;
  const x = trace.exitAt.get(cur);
  return x < 0 ? n : x + 1;
}

// Next iteration: land on the next iteration-start (so the new iteration's root is next).
export function nextIteration(trace, k) {
  const idx = trace.byKind[trace.K["iteration-start"]];
  const j = countBelow(idx, k);
  return j < idx.length ? idx.get(j) + 1 : trace.length;
}

// Previous iteration: the iteration-start before the one we are in (or at the start of the
// current one, if we are inside it past its first event). Returns 0 when there is none.
export function prevIteration(trace, k) {
  const idx = trace.byKind[trace.K["iteration-start"]];
  const j = lastBelow(idx, k - 1); // iteration-starts whose landing point is < k
  return j < 0 ? 0 : idx.get(j) + 1;
}

// Run to the first event at index >= k matching an enabled breakpoint; lands on it.
export function runToBreakpoint(trace, k, { reSearch = false, rootFailHigh = false, pvChange = false, ttCutoff = false, pvCut = false,
  nullMoveCutoff = false, reducedReSearch = false, ttFinding = false, ttFindings = [] } = {}) {
  const n = trace.length;
  let best = n;
  const first = (col) => {
    const j = countBelow(col, k);
    return j < col.length ? col.get(j) + 1 : n;
  };
  if (reSearch) best = Math.min(best, first(trace.byKind[trace.K["re-search"]]));
  if (ttCutoff) best = Math.min(best, first(trace.byKind[trace.K["tt-cutoff"]]));
  // A collector's line ended before the iteration's depth (an old trace has no such kind).
  if (pvCut && trace.K["pv-cut"] !== undefined) best = Math.min(best, first(trace.byKind[trace.K["pv-cut"]]));
  // Modern search (modern.js): a null move's search that ends the node, a reduced probe searched again.
  if (nullMoveCutoff && trace.modern) best = Math.min(best, trace.modern.next(trace.modern.nullCuts, k));
  if (reducedReSearch && trace.modern) best = Math.min(best, trace.modern.next(trace.modern.reducedReSearches, k));
  if (rootFailHigh) best = Math.min(best, first(trace.rootFailHighIdx));
  // An opened trace's findings of the table's rules (tt-*): their events, in order (traceproblems.js).
  if (ttFinding) { const i = ttFindings.find((j) => j >= k); if (i !== undefined) best = Math.min(best, i + 1); }
  if (pvChange) {
    // A root-line event whose line differs from the one shown just before it.
    const col = trace.rootLineIdx;
    for (let j = countBelow(col, k); j < col.length; j++) {
      const i = col.get(j);
      if (i + 1 >= best) break;
      const a = trace.rootPV(i), b = trace.rootPV(i + 1);
      if (a !== b && !sameLine(a, b)) { best = i + 1; break; }
    }
  }
  return Math.max(best, Math.min(k + 1, n));
}

function sameLine(a, b) {
  return a.length === b.length && a.every((m, i) => m === b[i]);
}
