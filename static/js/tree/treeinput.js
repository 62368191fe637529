// treeinput.js: what a pointer does on the tree canvas: drag to pan, wheel or two fingers
// (pinch) to zoom about the pointer, hover for a tooltip, click to select a node or open a
// summary, double-click to fit.
// The view keeps the state (tx, ty, scale, hover, selected); this only turns events into it.

export function listenToPointer(view) {
  const c = view.canvas;
  let drag = null;
  const pos = (e) => { const b = c.getBoundingClientRect(); return [e.clientX - b.left, e.clientY - b.top]; };
  const touches = new Map(); // pointer id -> [x, y], for a pinch
  let pinch = 0; // the two fingers' distance when last seen
  const spread = () => { const [a, b] = [...touches.values()]; return Math.hypot(a[0] - b[0], a[1] - b[1]); };
  c.addEventListener("pointerdown", (e) => {
    const [x, y] = pos(e);
    touches.set(e.pointerId, [x, y]);
    if (touches.size === 2) { pinch = spread(); drag = null; return; }
    drag = { x, y, tx: view.tx, ty: view.ty, moved: false };
    c.setPointerCapture && c.setPointerCapture(e.pointerId);
  });
  const lift = (e) => { touches.delete(e.pointerId); if (touches.size < 2) pinch = 0; };
  c.addEventListener("pointerup", lift);
  c.addEventListener("pointercancel", lift);
  c.addEventListener("pointermove", (e) => {
    const [x, y] = pos(e);
    if (touches.has(e.pointerId)) touches.set(e.pointerId, [x, y]);
    if (touches.size === 2 && pinch > 0) {
      const d = spread(), [a, b] = [...touches.values()];
      if (d > 0) view.zoomBy(d / pinch, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      pinch = d;
      return;
    }
    if (drag) {
      if (Math.abs(x - drag.x) + Math.abs(y - drag.y) > 3) drag.moved = true;
      if (drag.moved) {
        view.tx = drag.tx + x - drag.x; view.ty = drag.ty + y - drag.y;
        view.userMoved = true; view.tooltip(null); view.redraw();
        return;
      }
    }
    const it = view.hit(x, y);
    const id = it ? it.nodeId || null : null;
    if (it !== view.hover) { view.hover = it; view.onHover(id); view.redraw(); } // a hidden label shows on hover
    view.tooltip(it, x, y);
  });
  const up = (e) => {
    if (!drag) return;
    const d = drag; drag = null;
    if (d.moved) return;
    const [x, y] = pos(e);
    const it = view.hit(x, y);
    if (!it) return;
    if (it.kind === "summary") view.expand(it.nodeId);
    if (it.nodeId) { view.selected = it.nodeId; view.onSelect(it.nodeId); view.redraw(); }
  };
  c.addEventListener("pointerup", up);
  c.addEventListener("pointercancel", () => { drag = null; });
  c.addEventListener("pointerleave", () => { view.hover = null; view.tooltip(null); view.onHover(null); });
  c.addEventListener("wheel", (e) => {
    e.preventDefault();
    const [x, y] = pos(e);
    view.zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y);
  }, { passive: false });
  c.addEventListener("dblclick", () => view.fit());
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => view.resize()).observe(view.container);
}
