// budget.js: what one page holds of a search, at most (issue 44): its events, its nodes and the
// lines its events carry (lines.js: a pair each). Past any of them the Trace takes no more
// events (model.js append), the page says so in a sentence (frames.js) and asks the server to
// stop: the tab keeps what it has and stays usable, never crashes. The numbers cover the
// server's own limits (a search's 1,000,000 nodes, a trace file's 3,000,000 events) with room,
// and keep a page near 500 MB at the most (about 60 bytes an event with its node's share).
export const PAGE_BUDGET = Object.freeze({ events: 5_000_000, nodes: 2_000_000, lines: 5_000_000 });

// overBudget(trace, batch, budget) -> null, or {what, max}: the first budget the batch would pass.
export function overBudget(trace, b, budget = PAGE_BUDGET) {
  if (trace.n + (b.count || 0) > budget.events) return { what: "events", max: budget.events };
  let enters = 0;
  const kinds = b.kind || [], enter = trace.K.enter;
  for (let i = 0; i < kinds.length; i++) if (kinds[i] === enter) enters++;
  if (trace.enterAt.length - 1 + enters > budget.nodes) return { what: "nodes", max: budget.nodes };
  let lines = b.lines ? b.lines.length >> 1 : 0;
  if (b.pv) for (const [, l] of b.pv) if (Array.isArray(l)) lines += l.length;
  if (trace.lines.count + lines > budget.lines) return { what: "lines", max: budget.lines };
  return null;
}
