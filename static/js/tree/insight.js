// insight.js: keeps the tree's current node in sight when something above the tree opens. On a
// phone the header's More unfolds the controls over 180 px tall and pushes the tree's drawing
// down past the window's bottom; the current node, low in a deep tree, left the screen (issue
// 39, item 9). The view pans so the node stands inside the part of the drawing the window shows.
const MARGIN = 8;

// keepInSight(S): pans S.view so its current node is inside the drawing's visible part.
export function keepInSight(S) {
  const v = S.view;
  if (!v || !v.result || !v.canvas) return;
  const it = v.result.nodes.find((n) => n.current);
  if (!it) return;
  const c = v.canvas.getBoundingClientRect(), r = v.nodeR * v.scale;
  const top = Math.max(c.top, 0) + MARGIN, bottom = Math.min(c.bottom, innerHeight) - MARGIN;
  if (bottom - top < 2 * r) return; // no room to show it whole
  const y = c.top + it.y * v.scale + v.ty;
  let dy = 0;
  if (y + r > bottom) dy = bottom - (y + r);
  else if (y - r < top) dy = top - (y - r);
  if (dy) { v.ty += dy; v.redraw(); }
}

// keepInSightAfter(button, S): after each click of button (once the page has laid itself out
// again, two frames on), the current node is brought back in sight.
export function keepInSightAfter(button, S) {
  if (!button) return;
  button.addEventListener("click", () => requestAnimationFrame(() => requestAnimationFrame(() => keepInSight(S))));
}
