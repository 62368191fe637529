// treemarks.js: the shapes treeview.js draws nodes with (shapePath) and the marks it draws over
// them: summary pills, rings (current, selected, PV, broken expectations), the ✂ on cutoff edges
// (where each one lands, view.cutBoxes, keeps labels off it) and the dashed re-search arcs.
// Apart from treeview.js, which culls, batches and fits, so that each file holds one job; these
// take the view (its ctx, colours, scale and node radius) as their first argument.
import { t } from "../i18n/i18n.js";

export const R = 12; // node radius in world units (the layout spaces nodes 44 apart)

export function drawSummary(view, it) {
  const ctx = view.ctx, NR = view.nodeR, w = 3.2 * NR, h = 1.5 * NR;
  ctx.beginPath();
  roundRect(ctx, it.x - w / 2, it.y - h / 2, w, h, 4);
  ctx.fillStyle = view.col[it.outcome] || view.col.stopped; ctx.fill();
  ctx.strokeStyle = view.col.text; ctx.lineWidth = Math.max(1 / view.scale, 1); ctx.stroke();
  if (view.scale * R >= 6) {
    ctx.fillStyle = "#fff"; ctx.font = `${NR * 0.7}px system-ui, sans-serif`;
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText(t("treeview.summaryLabel", { n: it.count }), it.x, it.y, w - 2);
  }
}

// Rings for the current node, the selection and broken expectations; ✂ on cutoff edges.
export function drawMarks(view, vis, px) {
  const ctx = view.ctx, col = view.col, NR = view.nodeR;
  const ring = (list, pad, colour, width) => {
    if (!list.length || view.boards) return; // a board in the tree rings itself (nodeboards.js)
    ctx.beginPath();
    for (const it of list) shapePath(ctx, it, NR + pad);
    ctx.strokeStyle = colour; ctx.lineWidth = width; ctx.stroke();
  };
  ring(vis.filter((it) => it.broken), 3, col.text, Math.max(px, 1));
  ring(vis.filter((it) => it.current), 5, col.open, Math.max(2 * px, 3));
  ring(vis.filter((it) => it.onPV && it.kind === "node"), 0, col.pv, Math.max(px, 2.5));
  ring(vis.filter((it) => it.nodeId && it.nodeId === view.selected), 7, col.text, Math.max(2 * px, 2));
  const cuts = vis.filter((it) => it.cut && it.parentItem);
  view.cutBoxes = []; // where each ✂ is, in screen pixels: labels keep off them (treelabels.js)
  if (cuts.length) {
    // In screen pixels, at a size in whole pixels: a glyph drawn under the zoom's transform is
    // rasterised anew at every zoom, and the zoom changes at every frame while a tree streams in.
    const s = view.scale;
    ctx.save();
    ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
    const g = view.boards ? 1.2 * R : NR; // beside a board, the size of a plain node's mark, not a board's
    ctx.font = `${Math.max(1, Math.floor(g * s))}px system-ui, sans-serif`;
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    const w = ctx.measureText("✂").width, h = g * s;
    for (const it of cuts) {
      const p = it.parentItem;
      // A beta cutoff (fail-high colour) at MAX, an alpha cutoff (fail-low colour) at MIN in the root view.
      ctx.fillStyle = col[view.v.flips(p.ply) ? "fail-low" : "fail-high"];
      const x = (p.x + (it.x - p.x) * 0.55 + R * 0.6) * s + view.tx, y = (p.y + (it.y - p.y) * 0.55) * s + view.ty;
      ctx.fillText("✂", x, y);
      view.cutBoxes.push({ x: x - w / 2, y: y - h / 2, w, h });
    }
    ctx.restore();
  }
}

export function drawReLinks(view, list, px, inView) {
  const ctx = view.ctx;
  ctx.strokeStyle = view.col.text; ctx.lineWidth = Math.max(px, 1.2); ctx.setLineDash([5, 4]);
  for (const { from, to } of list) {
    if (to.state === "unseen" || (!inView(from) && !inView(to))) continue;
    // From the side of the probe to the side of the re-search, dipping a little below the
    // node row (between the window labels, which sit right under each node).
    const dir = to.x >= from.x ? 1 : -1;
    const sx = from.x + dir * R, sy = from.y, ax = to.x - dir * R, ay = to.y;
    const mx = (sx + ax) / 2, my = Math.max(sy, ay) + 1.4 * R;
    ctx.beginPath(); ctx.moveTo(sx, sy); ctx.quadraticCurveTo(mx, my, ax, ay); ctx.stroke();
    // Arrow head at the re-search end.
    const dx = ax - mx, dy = ay - my, d = Math.hypot(dx, dy) || 1;
    ctx.setLineDash([]); ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(ax - (6 * dx) / d + (4 * dy) / d, ay - (6 * dy) / d - (4 * dx) / d);
    ctx.lineTo(ax - (6 * dx) / d - (4 * dy) / d, ay - (6 * dy) / d + (4 * dx) / d);
    ctx.closePath(); ctx.fillStyle = view.col.text; ctx.fill(); ctx.setLineDash([5, 4]);
    if (view.scale * R >= 9 && !view.present) {
      ctx.font = `${R * 0.6}px system-ui, sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "bottom";
      view.text(t("treeview.reSearchLabel"), mx, (sy + my) / 2 + 0.7 * R - 1);
    }
  }
  ctx.setLineDash([]);
}

// PV = circle, Cut = square, All = diamond (no expected type: circle). r: the radius, world units.
export function shapePath(ctx, it, r) {
  const { x, y } = it;
  if (it.expect === "cut") { ctx.moveTo(x - r * 0.88, y - r * 0.88); ctx.rect(x - r * 0.88, y - r * 0.88, 1.76 * r, 1.76 * r); }
  else if (it.expect === "all") {
    ctx.moveTo(x, y - r * 1.15); ctx.lineTo(x + r * 1.15, y); ctx.lineTo(x, y + r * 1.15); ctx.lineTo(x - r * 1.15, y); ctx.closePath();
  } else { ctx.moveTo(x + r, y); ctx.arc(x, y, r, 0, 2 * Math.PI); }
}
function roundRect(ctx, x, y, w, h, r) {
  ctx.moveTo(x + r, y); ctx.arcTo(x + w, y, x + w, y + h, r); ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r); ctx.arcTo(x, y, x + w, y, r); ctx.closePath();
}
