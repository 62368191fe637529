package server

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/cdproto/emulation"
)

// currentNodeProbe: where the current node is drawn on the screen, and whether it is wholly in
// the window, inside the tree's drawing and on top there (nothing laid over its centre).
const currentNodeProbe = `(async () => {
	for (let i = 0; i < 4; i++) await new Promise(requestAnimationFrame);
	const v = window.pvscope.view, c = v.canvas.getBoundingClientRect(), it = v.result.nodes.find((n) => n.current);
	if (!it) return { found: false };
	const r = v.nodeR * v.scale, x = c.left + it.x * v.scale + v.tx, y = c.top + it.y * v.scale + v.ty;
	const inWindow = x - r >= 0 && x + r <= innerWidth && y - r >= 0 && y + r <= innerHeight;
	const inDrawing = x - r >= c.left - 0.5 && x + r <= c.right + 0.5 && y - r >= c.top - 0.5 && y + r <= c.bottom + 0.5;
	const top = inWindow ? document.elementFromPoint(x, y) : null;
	return { found: true, x, y, r, inWindow, inDrawing, onTop: top === v.canvas, over: top ? (top.id || top.className || top.tagName) : "" };
})()`

// Issue 39, item 9: on a 390x844 phone, opening the header's More (the folded controls) never
// hides the tree's current node: after it opens the node is still wholly in the window, in the
// tree's drawing, and nothing lies over it. At every step of the Wikipedia figure, whose leaves
// are low in the drawing: on main More pushed the current leaf to 888 px of 844 at 8 steps.
func TestBrowserPhoneMoreKeepsTheCurrentNode(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true), emulation.SetTouchEmulationEnabled(true))
	p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode())
	p.tap("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	type probe struct {
		Found, InWindow, InDrawing, OnTop bool
		X, Y, R                           float64
		Over                              string
	}
	for k := 1; k <= 60; k++ {
		p.eval(fmt.Sprintf(`window.pvscope.seek(%d)`, k), nil)
		var before, after probe
		p.await(currentNodeProbe, &before)
		p.tap("controls-more")
		p.await(currentNodeProbe, &after)
		if !before.Found {
			p.tap("controls-more")
			continue
		}
		if !after.Found || !after.InWindow || !after.InDrawing || !after.OnTop {
			t.Errorf("step %d: with More open the current node is at (%.0f, %.0f) r %.0f: in the window %v, in the drawing %v, on top %v (%s); before, at (%.0f, %.0f)",
				k, after.X, after.Y, after.R, after.InWindow, after.InDrawing, after.OnTop, after.Over, before.X, before.Y)
		}
		if k == 20 {
			p.shot("phone-more-open-390x844.png")
		}
		p.tap("controls-more") // folds it again
	}
}
