package server

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// presentFit is what presenting leaves in the window: the tree bar's controls, the legend's
// keys and the statistics, each measured by its rectangle.
type presentFit struct {
	W, H       float64
	BarScroll  bool     // the tree bar scrolls sideways (a control is off its edge)
	OffBar     []string // tree-bar controls shown but outside the window or the bar's box
	Hidden     []string // tree-bar controls neither shown nor behind a shown More
	Folded     []string // tree-bar controls behind More
	More       bool     // the More button is shown
	LegendCut  []string // legend keys not wholly inside the legend and the window
	LegendRows int
	StatsCut   []string // statistics wider than their box
}

const presentFitProbe = `(() => {
	const W = innerWidth, H = innerHeight;
	const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
	const inWin = (r) => r.left >= -0.5 && r.right <= W + 0.5 && r.top >= -0.5 && r.bottom <= H + 0.5;
	const name = (el) => el.id || (el.closest("[id]") || {}).id || el.tagName;
	const bar = document.querySelector('[data-testid="tree-tools"]');
	const toggle = document.querySelector('[data-testid="tree-more-toggle"]');
	const off = [], hidden = [], folded = [], br = bar.getBoundingClientRect();
	const inBar = (r) => inWin(r) && r.left >= br.left - 0.5 && r.right <= br.right + 0.5;
	for (const el of bar.querySelectorAll("button, select, input, summary")) {
		if (el === toggle || el.closest(".vh, .bp-list, .export-list, .exercise-list, [role=menu]")) continue;
		if (shown(el)) { if (!inBar(el.getBoundingClientRect())) off.push(name(el)); continue; }
		// Folded: it must be behind a More button that is itself in the window.
		folded.push(name(el));
		if (!(toggle && shown(toggle) && inWin(toggle.getBoundingClientRect()) && toggle.getAttribute("aria-controls") && el.closest("#" + toggle.getAttribute("aria-controls")))) hidden.push(name(el));
	}
	const legend = document.querySelector(".legend"), lr = legend.getBoundingClientRect(), cut = [], tops = [];
	for (const li of legend.querySelectorAll("li")) {
		if (getComputedStyle(li).display === "none") continue;
		const r = li.getBoundingClientRect();
		if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
		if (r.left < lr.left - 0.5 || r.right > lr.right + 0.5 || r.top < lr.top - 0.5 || r.bottom > lr.bottom + 0.5 || !inWin(r) || r.width === 0) cut.push(li.textContent.trim());
	}
	// A statistic is cut when its text is wider than its box or runs past the side column.
	const side = document.querySelector(".stats").getBoundingClientRect();
	const stats = [...document.querySelectorAll(".stats dt, .stats dd")].filter(shown).filter((e) => {
		const r = e.getBoundingClientRect(), range = document.createRange(); range.selectNodeContents(e);
		const t = range.getBoundingClientRect();
		return e.scrollWidth > e.clientWidth + 1 || r.right > side.right + 0.5 || t.right > side.right + 0.5 || t.right > W;
	}).map((e) => e.textContent.trim());
	return { W, H, BarScroll: bar.scrollWidth > bar.clientWidth + 1, OffBar: off, Hidden: hidden, Folded: folded, More: !!toggle && shown(toggle), LegendCut: cut, LegendRows: tops.length, StatsCut: stats };
})()`

// Issue 39, item 4: presenting at a projector's 1280x720, a laptop's 1366x768 and 1920x1080,
// every control of the tree's bar is in the window (or behind a More button that is), the
// legend shows each of its keys whole, no statistic is cut, and axe-core finds nothing
// serious. At 1280 Code, Exercise and Export were off the bar's right edge, the legend was one
// scrolling line (the shapes PV/Cut/All and ✂ out of sight, axe's scrollable-region-focusable)
// and the cutoffs statistic read "+ 2 at the last mov".
func TestBrowserPresentingKeepsEveryControlInReach(t *testing.T) {
	p := newPage(t, 1280, 720)
	src := axeSource(t)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	p.present()
	p.startAndWait()
	p.pause()
	p.eval(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil)
	for _, size := range [][2]int{{1280, 720}, {1366, 768}, {1920, 1080}} {
		p.run(emulation.SetDeviceMetricsOverride(int64(size[0]), int64(size[1]), 1, false), chromedp.Sleep(300*time.Millisecond))
		where := fmt.Sprintf("presenting at %dx%d", size[0], size[1])
		var f presentFit
		p.await(`(async () => { for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
		p.eval(presentFitProbe, &f)
		t.Logf("%s: %+v", where, f)
		if f.BarScroll || len(f.OffBar) > 0 || len(f.Hidden) > 0 {
			t.Errorf("%s: the tree bar scrolls %v; controls off the window %v, out of reach %v", where, f.BarScroll, f.OffBar, f.Hidden)
		}
		if f.More {
			// Opened, More shows its tools in the window, the bar still not scrolling.
			p.click("tree-more-toggle")
			var o presentFit
			p.eval(presentFitProbe, &o)
			if o.BarScroll || len(o.OffBar) > 0 || len(o.Folded) > 0 {
				t.Errorf("%s, More open: the tree bar scrolls %v; controls off the window %v, still folded %v", where, o.BarScroll, o.OffBar, o.Folded)
			}
			p.shot(fmt.Sprintf("present-more-%dx%d.png", size[0], size[1]))
			p.axeCheck(t, src, where+", More open")
			p.click("tree-more-toggle")
		}
		if len(f.LegendCut) > 0 {
			t.Errorf("%s: legend keys cut or out of sight: %q (%d rows)", where, f.LegendCut, f.LegendRows)
		}
		if len(f.StatsCut) > 0 {
			t.Errorf("%s: statistics cut: %q", where, f.StatsCut)
		}
		p.shot(fmt.Sprintf("present-%dx%d.png", size[0], size[1]))
		p.axeCheck(t, src, where)
	}
}
