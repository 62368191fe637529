package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
)

// phoneScreen is what a phone's first screen shows after Start, by element rectangles.
type phoneScreen struct {
	ViewH, TreeShown float64  // the window's height; the tree view's part of it
	Missing          []string // of the stepping buttons and the sentence, those not wholly on screen
	Shown            []string // of the folded controls, those shown
}

const phoneScreenProbe = `(() => {
	const H = innerHeight, on = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.top >= -0.5 && r.bottom <= H + 0.5; };
	const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
	const tree = document.querySelector('[data-testid="tree-view"]').getBoundingClientRect();
	const missing = [];
	for (const id of ["step-back", "play-pause", "step-forward"]) if (!on(document.querySelector('[data-testid="' + id + '"]'))) missing.push(id);
	const now = document.querySelector(".narration-now");
	if (!now || !shown(now) || !on(now) || now.textContent.trim() === "") missing.push("the sentence");
	const folded = { breakpoints: "#breakpoints", speed: '[data-testid="speed"]', timeline: '[data-testid="timeline"]', share: '[data-testid="room-share"]', language: '[data-testid="language-menu"]' };
	const out = [];
	for (const [name, sel] of Object.entries(folded)) { const el = document.querySelector(sel); if (el && shown(el)) out.push(name); }
	return { ViewH: H, TreeShown: Math.max(0, Math.min(tree.bottom, H) - Math.max(tree.top, 0)), Missing: missing, Shown: out };
})()`

// Issue 39, item 9: on a 390x844 phone, after Start the first screen holds the stepping buttons,
// the current step's sentence and the tree on at least half of it; the other controls (breakpoints,
// speed, timeline, run state, share, language) fold behind the controls' More, which shows them.
// The tree started about 400 px down, with 444 of 844 px left for it.
func TestBrowserPhoneTreeHasTheFirstScreen(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true), emulation.SetTouchEmulationEnabled(true))
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	p.tap("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	p.eval(`window.pvscope.seek(12)`, nil)
	p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
	var s phoneScreen
	p.eval(phoneScreenProbe, &s)
	var treeTop float64
	p.eval(`document.querySelector('[data-testid="tree-view"]').getBoundingClientRect().top`, &treeTop)
	t.Logf("after Start: %+v, the tree's top at %.0f px", s, treeTop)
	if s.TreeShown < s.ViewH/2 || len(s.Missing) > 0 || len(s.Shown) > 0 {
		t.Errorf("after Start the tree has %.0f of %.0f px (want half); not on screen: %v; not folded: %v", s.TreeShown, s.ViewH, s.Missing, s.Shown)
	}
	// R&N's tree is wider than the phone (it pans) but not taller: its root stays near the
	// drawing's top, not in its middle (at step 12 the view centred the root: half the drawing empty).
	var rootAt float64
	p.eval(`(() => { const v = window.pvscope.view, root = v.result.nodes.find((n) => !n.parentItem); return (root.y * v.scale + v.ty) / v.h; })()`, &rootAt)
	if rootAt > 0.25 {
		t.Errorf("the root is drawn %.0f%% of the way down the tree's drawing, want the top quarter", 100*rootAt)
	}
	p.shot("phone-first-screen-390x844.png")
	p.tap("controls-more")
	p.eval(phoneScreenProbe, &s)
	if strings.Join(s.Shown, " ") != "breakpoints speed timeline share language" {
		t.Errorf("with the controls' More open, shown %v; want breakpoints, speed, timeline, share and language", s.Shown)
	}
}

// Issue 39, item 9: on a phone the event log, under the tree where the page scrolls, shows
// several of its sentences (it was one 26-px row). At least four whole rows are in its box.
func TestBrowserPhoneEventLogHasRows(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true), emulation.SetTouchEmulationEnabled(true))
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	p.tap("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	p.eval(`window.pvscope.seek(20)`, nil)
	var got struct {
		Height float64
		Rows   int
	}
	p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
		const log = document.querySelector('[data-testid="event-log"]'), b = log.getBoundingClientRect();
		const rows = [...log.querySelectorAll("li")].filter((li) => { const r = li.getBoundingClientRect(); return r.height > 0 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5; }).length;
		return { Height: b.height, Rows: rows }; })()`, &got)
	if got.Rows < 4 {
		t.Errorf("on a phone the event log is %.0f px tall and shows %d whole rows, want 4 or more", got.Height, got.Rows)
	}
}
