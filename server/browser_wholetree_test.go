package server

import (
	"net/url"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 28, item 3: a teaching tree is drawn whole while it is searched (the unsearched part
// faint), by default: every leaf value of Russell & Norvig's figure is on the canvas a few steps
// in, and no node moves from one step to the next (the tree used to grow, and jump, as it was
// searched). ?show=searched keeps the old drawing.
func TestBrowserTeachingTreeDrawnWholeWhileStepping(t *testing.T) {
	p := newPage(t, 1366, 768)
	rn := url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}, "depth": {"2"}}
	leaves := []string{"3", "12", "8", "2", "4", "6", "14", "5", "2"}
	positions := `(() => { const r = window.pvscope.view.result; return r.nodes.filter((it) => it.kind !== "virtual")
		.map((it) => (it.nodeId ? window.pvscope.trace.positionMoves(it.nodeId).join(".") : (it.pruned ? it.pruned.path : it.id)) + "@" + Math.round(it.x) + "," + Math.round(it.y)).sort(); })()`
	for _, show := range []string{"", "searched"} {
		q := url.Values{}
		for k, v := range rn {
			q[k] = v
		}
		if show != "" {
			q.Set("show", show)
		}
		p.open("/?" + q.Encode())
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
		p.run(chromedp.Evaluate(`window.pvscope.seek(4)`, nil))
		drawn := p.drawnTexts()
		n := 0
		for _, s := range drawn {
			if slices.Contains(leaves, s) {
				n++
			}
		}
		var at4, at5 []string
		p.run(chromedp.Evaluate(positions, &at4), chromedp.Evaluate(`window.pvscope.seek(12)`, nil), chromedp.Evaluate(positions, &at5))
		switch show {
		case "":
			if n < len(leaves) {
				t.Errorf("at step 4, %d of the figure's 9 leaf values are drawn: want the whole tree", n)
			}
			if !slices.Equal(at4, at5) {
				t.Errorf("nodes moved between steps 4 and 12:\n%v\n%v", at4, at5)
			}
		case "searched":
			if n >= len(leaves) {
				t.Errorf("?show=searched at step 4 draws %d leaf values: want only the searched part", n)
			}
		}
	}
}
