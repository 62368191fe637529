package server

import (
	"fmt"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// presentingBox is where presentation mode puts the setup and the tree.
type presentingBox struct {
	Rows        int     `json:"rows"`        // distinct rows of visible setup controls
	TreeH       float64 `json:"treeH"`       // the tree view's height
	ViewH       float64 `json:"viewH"`       // the window's height
	FilledW     float64 `json:"filledW"`     // the fitted tree's width on screen / the canvas's
	FilledH     float64 `json:"filledH"`     // the fitted tree's height on screen / the canvas's
	LogFontSize float64 `json:"logFontSize"` // the event log's text, px
	TopRows     int     `json:"topRows"`     // distinct rows of the header's visible buttons, selects and sliders
}

const presentingProbe = `(() => {
	const vis = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
	const ctl = [...document.querySelectorAll('#setup input, #setup select, #setup button, #setup textarea')].filter(vis);
	const tops = [];
	for (const e of ctl) { const r = e.getBoundingClientRect(); if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top); }
	const head = [...document.querySelectorAll('.top button, .top select, .top input[type=range]')].filter(vis);
	const headTops = [];
	for (const e of head) { const r = e.getBoundingClientRect(); if (!headTops.some((t) => Math.abs(t - r.top) < r.height / 2 || Math.abs(t - r.bottom) < 4)) headTops.push(r.top); }
	const v = window.pvscope.view, r = v.result;
	return {rows: tops.length, topRows: headTops.length, treeH: document.querySelector('[data-testid="tree-view"]').getBoundingClientRect().height,
		viewH: window.innerHeight, filledW: (r.maxX - r.minX) * v.scale / v.w, filledH: (r.maxY - r.minY) * v.scale / v.h,
		logFontSize: parseFloat(getComputedStyle(document.querySelector('[data-testid="event-log"]')).fontSize)};
})()`

// Issue 28, "Presenting": at a projector's 1280x720 and 1920x1080 the setup
// folds to one row, the tree takes most of the screen (it had a 250-px band at
// 1280x720), the whole teaching tree is drawn at step 0, the tree refits when
// the window grows (at 1920x1080 its lower half stayed empty), and the log is
// larger than the 17 px the issue measured.
func TestBrowserPresentingFillsTheScreen(t *testing.T) {
	p := newPage(t, 1280, 720)
	p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode())
	p.present()
	p.waitFor(`!!window.pvscope.view.result`)
	p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
	// Step 0: every leaf of the figure is drawn before the search.
	drawn := p.drawnTexts()
	for _, leaf := range wikipediaLeaves {
		if !slices.Contains(drawn, leaf) {
			t.Errorf("presenting at step 0: leaf value %s not drawn (drawn %q)", leaf, drawn)
		}
	}
	p.startAndWait()
	p.pause()
	p.snapAt(p.snapshot().EventCount)
	for _, size := range [][2]int{{1280, 720}, {1920, 1080}} {
		// The window changes size under the page (a laptop plugged into a projector): no fit by hand.
		p.run(chromedp.EmulateViewport(int64(size[0]), int64(size[1])), chromedp.Sleep(400*time.Millisecond))
		var b presentingBox
		p.eval(presentingProbe, &b)
		where := fmt.Sprintf("presenting at %dx%d", size[0], size[1])
		t.Logf("%s: %+v", where, b)
		if b.Rows != 1 {
			t.Errorf("%s: the setup's controls stand in %d rows, want one", where, b.Rows)
		}
		// The setup's row and one of the steps, the view buttons and "Share with the class" (they
		// took four rows at 1280x720: the view buttons and the share button each wrapped).
		if b.TopRows > 2 {
			t.Errorf("%s: the header's controls stand in %d rows, want two", where, b.TopRows)
		}
		if b.TreeH < 0.6*b.ViewH {
			t.Errorf("%s: the tree is %.0f px tall of %.0f, want at least 60%%", where, b.TreeH, b.ViewH)
		}
		if b.FilledW < 0.7 && b.FilledH < 0.7 {
			t.Errorf("%s: the fitted tree fills %.0f%% of the canvas's width and %.0f%% of its height; want 70%% of one", where, 100*b.FilledW, 100*b.FilledH)
		}
		if b.LogFontSize <= 17 {
			t.Errorf("%s: the log's text is %.0f px, want more than 17", where, b.LogFontSize)
		}
	}
}
