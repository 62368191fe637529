package server

import (
	"net/url"
	"testing"

	"github.com/chromedp/cdproto/emulation"
)

// The root view's row names (MAX, MIN) are written at the tree's left edge where no node is: on
// a phone, a tree panned to the left brought a leaf under "MAX" and hid its value. Fitted, every
// row has its name.
func TestBrowserRowNamesNeverCoverANode(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true))
	p.open("/?" + url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}}.Encode())
	p.startAndWait()
	type look struct {
		Names, Rows int
		Covered     []string
	}
	// look draws the tree (panned so that the leftmost node's centre is at screen x, when x is
	// given) and reports the row names drawn, the rows shown, and the names over a node.
	js := `((x) => {
		const P = window.pvscope, v = P.view;
		P.seek(P.trace.length);
		if (x !== null) {
			const left = v.visible.reduce((a, b) => (a.x < b.x ? a : b));
			v.tx = x - left.x * v.scale; v.userMoved = true;
		}
		v.draw();
		const names = v.labels.rowNames || [], r = v.nodeR * v.scale, covered = [];
		for (const n of names) for (const it of v.visible) {
			if (it.kind === "summary") continue;
			const sx = it.x * v.scale + v.tx, sy = it.y * v.scale + v.ty;
			const dx = Math.max(n.x - sx, 0, sx - (n.x + n.w)), dy = Math.max(n.y - sy, 0, sy - (n.y + n.h));
			if (dx * dx + dy * dy < r * r) covered.push(n.name + " over node " + it.nodeId);
		}
		return {names: names.length, rows: new Set(v.visible.map((it) => it.ply)).size, covered};
	})`
	var fitted look
	p.run(emulation.SetDeviceMetricsOverride(1366, 768, 1, false))
	p.eval(`(() => { window.pvscope.view.fit(); return true; })()`, nil)
	p.eval(js+`(null)`, &fitted)
	if fitted.Names != fitted.Rows || len(fitted.Covered) > 0 {
		t.Errorf("fitted at 1366x768: %d row names for %d rows, over a node: %v", fitted.Names, fitted.Rows, fitted.Covered)
	}
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true))
	for _, x := range []int{6, 20, 40} {
		var got look
		p.eval(js+`(`+itoa(x)+`)`, &got)
		if len(got.Covered) > 0 {
			t.Errorf("on a phone, the leftmost node at x=%v px: %v", x, got.Covered)
		}
	}
	p.shot("phone-row-names.png")
}
