package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// treeBar is the tree's bar as laid out: its visible controls' rows, its top and the tree's.
type treeBar struct {
	Rows            int     // rows of visible controls (a new row: a centre 22 px, half a touch target, below the last)
	BarTop, TreeTop float64 // the bar's top and the tree drawing's, in px
	Expanded        string  // the More button's aria-expanded
	Toggle          bool    // the More button is shown
	Group           []barControl
}

// barControl is one control of the group that folds behind More on a phone.
type barControl struct {
	Name                            string
	Shown, OnScreen, Hit            bool
	Height, Left, Right, ScreenWide float64
}

func (p *page) treeBar() treeBar {
	p.t.Helper()
	var b treeBar
	p.await(`(async () => { for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
		const bar = document.querySelector('[data-testid="tree-tools"]'), more = document.querySelector('[data-testid="tree-more"]');
		const toggle = document.querySelector('[data-testid="tree-more-toggle"]');
		const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
		const name = (el) => el.id || el.closest("[id]").id;
		// A checkbox is touched through its label (44 px tall; the box itself 22).
		const target = (el) => el.type === "checkbox" ? el.closest("label") : el;
		const controls = [...bar.querySelectorAll("button, select, input, summary")].filter((el) => shown(el) && !el.closest(".vh, .bp-list"));
		const centres = controls.map((el) => { const r = target(el).getBoundingClientRect(); return (r.top + r.bottom) / 2; }).sort((a, b) => a - b);
		let rows = 0, last = -Infinity;
		for (const c of centres) if (c > last + 22) { rows++; last = c; }
		const group = [...(more ? more.querySelectorAll("button, select, input, summary") : [])].filter((el) => !el.closest(".vh, .bp-list")).map((el) => {
			const t = target(el);
			if (shown(el)) t.scrollIntoView({ block: "nearest" });
			const r = t.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
			const at = document.elementFromPoint(x, y);
			return { Name: name(el), Shown: shown(el), OnScreen: r.top >= 0 && r.bottom <= innerHeight, Hit: !!at && (t.contains(at) || at.contains(t)),
				Height: r.height, Left: r.left, Right: r.right, ScreenWide: innerWidth };
		});
		return { Rows: rows, BarTop: bar.getBoundingClientRect().top, TreeTop: document.querySelector('[data-testid="tree-view"]').getBoundingClientRect().top,
			Expanded: toggle ? toggle.getAttribute("aria-expanded") : "", Toggle: !!toggle && shown(toggle), Group: group };
	})()`, &b)
	return b
}

// tap touches the middle of an element with one finger, as a phone does.
func (p *page) tap(testid string) {
	p.t.Helper()
	var c struct{ X, Y float64 }
	p.eval(`(() => { const el = document.querySelector('[data-testid="`+testid+`"]'); el.scrollIntoView({ block: "nearest" });
		const r = el.getBoundingClientRect(); return { X: (r.left + r.right) / 2, Y: (r.top + r.bottom) / 2 }; })()`, &c)
	pt := []*input.TouchPoint{{X: c.X, Y: c.Y}}
	p.run(input.DispatchTouchEvent(input.TouchStart, pt), input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}))
}

// Issue 28, on a phone: after Start the tree's bar wrapped to four rows, 195 of the 844 pixels,
// and pushed the tree down. It is at most two rows of 44-px targets now, so the tree starts
// within 100 px of the bar's top (two 44-px rows, the 4-px gap between them, 3 px of padding
// above and below, the 1-px border: 99). The tools that fold behind More are each reached by
// touch and by keyboard, in the bar's order, and work; at 1366x768 nothing is folded.
func TestBrowserPhoneTreeBarTakesTwoRows(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true), emulation.SetTouchEmulationEnabled(true))
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	// The tools of the bar, in its order (tree.templ, the "Why not …?" button why.js puts after the
	// path, and the code panel's toggle codepanel.js adds).
	want := []string{"tree-collapse", "tree-pov", "tree-values", "node-path", "why-open", "quiz-toggle", "export-menu", "exercise-menu", "code-toggle"}

	b := p.treeBar()
	if b.Rows > 2 || b.TreeTop-b.BarTop > 100 {
		t.Errorf("after Start the tree's bar has %d rows of controls and the tree starts %.0f px below its top, want 2 rows at most and 100 px", b.Rows, b.TreeTop-b.BarTop)
	}
	if !b.Toggle || b.Expanded != "false" {
		t.Fatalf("the More button: shown %v, aria-expanded %q; want shown, \"false\"", b.Toggle, b.Expanded)
	}

	// The keyboard: Enter opens More, and Tab then walks its tools in the bar's order.
	p.run(chromedp.Focus(`[data-testid="tree-more-toggle"]`, chromedp.ByQuery), chromedp.KeyEvent(kb.Enter))
	if b = p.treeBar(); b.Expanded != "true" {
		t.Fatalf("Enter on More leaves aria-expanded %q", b.Expanded)
	}
	var order []string
	for range want {
		var name string
		p.run(chromedp.KeyEvent(kb.Tab))
		p.eval(`(() => { const el = document.activeElement; return el.id || (el.closest("[id]") || {}).id || el.tagName; })()`, &name)
		order = append(order, name)
	}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Errorf("Tab after More reaches %v, want %v", order, want)
	}
	// The touch: each tool is shown, on the screen's width, 44 px tall, and a finger at its
	// middle lands on it (nothing covers it).
	var names []string
	for _, c := range b.Group {
		names = append(names, c.Name)
		if !c.Shown || !c.OnScreen || !c.Hit || c.Left < 0 || c.Right > c.ScreenWide || c.Height < 43.5 {
			t.Errorf("with More open, %s: shown %v, on screen %v, under a finger %v, %.0f px tall, at x %.0f..%.0f of %.0f",
				c.Name, c.Shown, c.OnScreen, c.Hit, c.Height, c.Left, c.Right, c.ScreenWide)
		}
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("behind More are %v, want %v", names, want)
	}

	// Space closes it (Space plays and pauses elsewhere: here it does not), a tap opens it again.
	p.run(chromedp.Focus(`[data-testid="tree-more-toggle"]`, chromedp.ByQuery), chromedp.KeyEvent(" "))
	if b = p.treeBar(); b.Expanded != "false" || p.snapshot().Running {
		t.Errorf("Space on More: aria-expanded %q, playing %v; want \"false\", still paused", b.Expanded, p.snapshot().Running)
	}
	p.tap("tree-more-toggle")
	if b = p.treeBar(); b.Expanded != "true" {
		t.Fatalf("a tap on More leaves aria-expanded %q", b.Expanded)
	}

	// The values menu behind More works: ranges, and at the last step Russell & Norvig's root is
	// [3, 3] (AIMA Figure 5.5, the tree of TestBrowserValueRangesFollowTheBook).
	var got struct{ Search, Root string }
	p.eval(`(() => { const a = window.pvscope, el = document.querySelector('[data-testid="tree-values"]');
		el.value = "ranges"; el.dispatchEvent(new Event("change", { bubbles: true }));
		a.seek(a.snapshot().eventCount); a.view.draw();
		const root = a.view.labels.values.find(([id]) => a.trace.positionMoves(id).length === 0);
		return { Search: location.search, Root: root ? root[1] : "" }; })()`, &got)
	if !strings.Contains(got.Search, "values=ranges") || got.Root != "[3, 3]" {
		t.Errorf("values set to ranges behind More: URL %q, root labelled %q; want values=ranges and [3, 3]", got.Search, got.Root)
	}
	// And a tap on Code, the last of them, opens the code panel.
	p.tap("code-toggle")
	p.waitFor(`(() => { const c = document.querySelector('[data-testid="code-panel"]'); return !!c && !c.hidden; })()`)
	p.shot("phone-tree-bar-390x844.png")

	// A laptop's screen: no More button, every tool in the bar whether More was left open or not.
	p.run(emulation.SetDeviceMetricsOverride(1366, 768, 1, false))
	for _, open := range []string{"true", "false"} {
		p.eval(`document.querySelector('[data-testid="tree-more-toggle"]').setAttribute("aria-expanded", "`+open+`")`, nil)
		b = p.treeBar()
		if b.Toggle {
			t.Errorf("at 1366x768 the More button is shown")
		}
		for _, c := range b.Group {
			if !c.Shown {
				t.Errorf("at 1366x768 with aria-expanded %s, %s is not shown", open, c.Name)
			}
		}
	}
}
