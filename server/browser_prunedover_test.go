package server

import (
	"net/url"
	"testing"
)

// Issue 39, item 11: a pruned node is drawn over the dashed edge that reaches it, so the edge
// does not run through its unread value. Along the last part of each pruned node's edge inside
// the node (0.72 to 0.9 of its radius from its centre: above its grey digits, which reach 0.64
// of it, inside its dashed outline, off the move's number written above it), the canvas shows
// the node's own tint: #BBBBBB (the pruned colour, app.css) at 35% over white,
// 255 - 0.35 * (255 - 187) = 231 grey, not the edge's 187. On the Wikipedia figure the edge
// showed through in all 8 pruned nodes.
func TestBrowserPrunedNodesCoverTheirEdges(t *testing.T) {
	p := newPage(t, 1920, 1080)
	p.open("/?" + url.Values{"tree": {wikipediaTree}, "algo": {"alphabeta"}}.Encode())
	p.present()
	p.startAndWait()
	var got struct {
		Nodes int
		Dark  []string
	}
	p.await(`(async () => {
		const P = window.pvscope, v = P.view;
		P.seek(P.trace.length);
		for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
		v.draw();
		const d = v.dpr, ctx = v.canvas.getContext("2d"), S = (it) => [it.x * v.scale + v.tx, it.y * v.scale + v.ty];
		const R = v.nodeR * v.scale, dark = [];
		let nodes = 0;
		for (const l of v.result.links) {
			if (l.to.kind !== "pruned") continue;
			nodes++;
			const [fx, fy] = S(l.from), [tx, ty] = S(l.to), len = Math.hypot(fx - tx, fy - ty);
			let min = 255;
			for (let f = 0.72; f <= 0.9; f += 0.03) {
				const x = tx + (fx - tx) * f * R / len, y = ty + (fy - ty) * f * R / len;
				if (v.labels.placed.some(({rect: r}) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h)) continue; // a move's number
				const px = ctx.getImageData(Math.round(x * d), Math.round(y * d), 1, 1).data;
				min = Math.min(min, 0.3 * px[0] + 0.59 * px[1] + 0.11 * px[2]);
			}
			if (min < 231 - 12) dark.push(l.to.x + "," + l.to.y + ": grey " + Math.round(min));
		}
		return {nodes, dark};
	})()`, &got)
	if got.Nodes < 3 {
		t.Fatalf("only %d pruned nodes have an edge: the check needs more", got.Nodes)
	}
	p.shot("pruned-over-1920.png")
	if len(got.Dark) > 0 {
		t.Errorf("the dashed edge shows through %d of %d pruned nodes: %v", len(got.Dark), got.Nodes, got.Dark)
	}
}
