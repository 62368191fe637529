package server

import (
	"net/url"
	"testing"
)

// A window written under its node sits where the node's edges leave it; presenting, the PV's
// 3-px edge ran through "(3, ∞)". Each window label crossed by an edge is checked pixel by pixel:
// the canvas inside its box holds no more ink (opaque pixels darker than light grey) than the same text
// drawn alone, on white, in the same font.
func TestBrowserEdgesDoNotRunThroughWindows(t *testing.T) {
	p := newPage(t, 1920, 1080)
	p.open("/?" + url.Values{"tree": {wikipediaTree}, "algo": {"alphabeta"}}.Encode())
	p.present()
	p.startAndWait()
	var got struct {
		Crossed int
		Inked   []string
	}
	p.await(`(async () => {
		const P = window.pvscope, v = P.view;
		P.seek(P.trace.length);
		for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
		v.draw();
		const d = v.dpr, S = (it) => [it.x * v.scale + v.tx, it.y * v.scale + v.ty];
		const crosses = (r, a, b) => { // does segment a-b pass through rectangle r (sampled)?
			for (let i = 0; i <= 100; i++) {
				const x = a[0] + (b[0] - a[0]) * i / 100, y = a[1] + (b[1] - a[1]) * i / 100;
				if (x > r.x + 2 && x < r.x + r.w - 2 && y > r.y + 2 && y < r.y + r.h - 2) return true;
			}
			return false;
		};
		const ink = (ctx, w, h) => {
			const px = ctx.getImageData(0, 0, w, h).data;
			let n = 0;
			for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 128 && 0.3 * px[i] + 0.59 * px[i + 1] + 0.11 * px[i + 2] < 180) n++;
			return n;
		};
		let crossed = 0; const inked = [];
		for (const l of v.labels.placed) {
			if (l.baseline !== "top") continue;
			const r = l.rect;
			if (!v.result.links.some((e) => crosses(r, S(e.from), S(e.to)))) continue;
			crossed++;
			const x0 = Math.floor(r.x * d), y0 = Math.floor(r.y * d), w = Math.ceil(r.w * d), h = Math.ceil(r.h * d);
			const tree = document.createElement("canvas"); tree.width = w; tree.height = h;
			tree.getContext("2d").drawImage(v.canvas, x0, y0, w, h, 0, 0, w, h);
			const alone = document.createElement("canvas"); alone.width = w; alone.height = h;
			const c = alone.getContext("2d");
			c.fillStyle = "#fff"; c.fillRect(0, 0, w, h);
			c.setTransform(d, 0, 0, d, -x0, -y0);
			c.font = l.font; c.textAlign = "center"; c.textBaseline = l.baseline; c.fillStyle = "#000";
			c.fillText(l.text, l.x, l.y);
			const a = ink(tree.getContext("2d"), w, h), b = ink(c, w, h);
			if (a > b * 1.1 + 10) inked.push(l.text + ": " + a + " dark pixels, the text alone " + b);
		}
		return {crossed, inked};
	})()`, &got)
	if got.Crossed < 3 {
		t.Fatalf("only %d window labels are crossed by an edge: the check needs more", got.Crossed)
	}
	if len(got.Inked) > 0 {
		t.Errorf("edges run through %d of %d window labels: %v", len(got.Inked), got.Crossed, got.Inked)
	}
}
