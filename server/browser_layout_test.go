package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserNarrowScreenStacks: on a narrow screen (a phone or a small
// tablet following the class) the side column goes under the tree, both the
// screen's width, and the tree keeps room to be read; on a laptop they stand
// side by side. (The comparison's grid placements once kept the side column
// beside the tree at any width, leaving a phone a tree 100 px wide.)
func TestBrowserNarrowScreenStacks(t *testing.T) {
	for _, size := range [][2]int{{600, 900}, {1366, 768}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			p := newPage(t, size[0], size[1])
			p.open("/?" + url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}}.Encode())
			p.startAndWait()
			var r struct {
				Width                    float64
				TreeLeft, TreeRight      float64
				TreeBottom, CanvasHeight float64
				SideLeft, SideTop        float64
				SideWidth                float64
			}
			p.run(chromedp.Evaluate(`(() => {
				const tree = document.querySelector(".tree-region").getBoundingClientRect();
				const side = document.querySelector(".side").getBoundingClientRect();
				const canvas = document.getElementById("tree-canvas").getBoundingClientRect();
				return { Width: document.documentElement.clientWidth, TreeLeft: tree.left, TreeRight: tree.right,
					TreeBottom: tree.bottom, CanvasHeight: canvas.height, SideLeft: side.left, SideTop: side.top, SideWidth: side.width };
			})()`, &r))
			if size[0] < 1000 {
				if r.SideTop < r.TreeBottom-1 || r.TreeRight-r.TreeLeft < r.Width-2 || r.SideWidth < r.Width-2 {
					t.Errorf("narrow: the side column is not under the tree at full width: %+v", r)
				}
				if r.CanvasHeight < 300 {
					t.Errorf("narrow: the tree is %.0f px high, want at least 300", r.CanvasHeight)
				}
			} else if r.SideLeft < r.TreeRight-1 || r.SideTop > r.TreeBottom/2 {
				t.Errorf("wide: the side column is not beside the tree: %+v", r)
			}
		})
	}
}

// TestBrowserFollowerOnAPhone: a follower's tab on a phone (390x844, the
// presenter's on a laptop) hides the setup form, which only the presenter
// uses, follows the presenter's step, and shows the tree whole on its first
// screen.
func TestBrowserFollowerOnAPhone(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}}.Encode())
	f := p.sibling()
	p.startAndWait()
	p.pause()
	p.eval(`window.pvscope.seek(14)`, nil)
	p.click("room-share")
	p.waitFor(`!!window.pvscope.snapshot().room && window.pvscope.snapshot().room.role === "presenter"`)
	link := strings.TrimSpace(p.text("room-link"))
	f.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true), chromedp.Navigate(link))
	f.waitFor(`!!window.pvscope && window.pvscope.snapshot().eventIndex === 14 && window.pvscope.snapshot().room.following`)
	var r struct {
		Setup, PresenterSetup string
		Top, Bottom           float64
	}
	f.eval(`getComputedStyle(document.getElementById("setup")).display`, &r.Setup)
	f.eval(`document.getElementById("tree-canvas").getBoundingClientRect().top`, &r.Top)
	f.eval(`document.getElementById("tree-canvas").getBoundingClientRect().bottom`, &r.Bottom)
	p.eval(`getComputedStyle(document.getElementById("setup")).display`, &r.PresenterSetup)
	if r.Setup != "none" || r.PresenterSetup == "none" {
		t.Errorf("follower on a phone: its setup form shows %q, the presenter's %q", r.Setup, r.PresenterSetup)
	}
	if r.Bottom > 844 || r.Bottom-r.Top < 300 {
		t.Errorf("follower on a phone: the tree spans %.0f to %.0f px of 844, want at least 300 px, all on the first screen", r.Top, r.Bottom)
	}
}

// On a 390-pixel phone the page is never wider than the screen, in English or in French
// (whose labels run longer): no sideways scrolling before or after a search.
func TestBrowserPhonePageFitsTheScreen(t *testing.T) {
	p := newPage(t, 390, 844)
	// A headless window is at least 500 pixels wide: the phone is emulated.
	p.run(emulation.SetDeviceMetricsOverride(390, 844, 3, true))
	for _, lang := range []string{"en", "fr"} {
		p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}, "lang": {lang}}.Encode())
		var wide []string
		measure := func(when string) {
			// A phone's browser lays a too-wide page out wider and zooms it out: the
			// screen's 390 pixels are the measure, not innerWidth.
			var w int
			p.run(chromedp.Evaluate(`document.documentElement.scrollWidth`, &w))
			if w > 390 {
				wide = append(wide, fmt.Sprintf("%s %s: %d px wide on a 390 px screen", lang, when, w))
			}
		}
		measure("before Start")
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().eventCount === 39 && !window.pvscope.snapshot().streaming`)
		measure("after the search")
		if len(wide) > 0 {
			t.Error(strings.Join(wide, "; "))
		}
	}
	// A trace of a 3,000-node chain at its end: the box under the board names the root's best
	// line, 50 moves and "… and 2,949 more", which wraps (it was one unbreakable row, and the
	// page 1,647 px wide).
	p.open("/?trace=" + uploadTB(t, p.url, string(uploadChain(3000))))
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming; })()`)
	p.await(`(async () => { window.pvscope.seek(window.pvscope.snapshot().eventCount); await window.pvscope.settled(); return true; })()`, nil)
	var got struct {
		Page int    `json:"page"`
		Box  int    `json:"box"`
		Fit  int    `json:"fit"`
		Text string `json:"text"`
	}
	p.eval(`(() => { const b = document.querySelector('[data-testid="tree-path"]');
		return {page: document.documentElement.scrollWidth, box: b.scrollWidth, fit: b.clientWidth, text: b.textContent}; })()`, &got)
	if !strings.Contains(got.Text, "m2 m3 m4") || !strings.Contains(got.Text, "2,949") {
		t.Fatalf("the box under the board says %q; want the root's best line m2 m3 m4 … and 2,949 more", got.Text)
	}
	if got.Page > 390 || got.Box > got.Fit {
		t.Errorf("a chain's 3,000-move line: the page is %d px wide on a 390 px screen, its box holds %d px of text in %d", got.Page, got.Box, got.Fit)
	}
}

// "Share with the class" and the language menu share the header's last row, on a
// desktop and on a phone, in English and in French: each had a row of its own (32 px
// of the tree's height at 1366x768, 45 px on a phone).
func TestBrowserShareAndLanguageShareARow(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		p.run(emulation.SetDeviceMetricsOverride(size[0], size[1], 1, size[0] < 500))
		for _, lang := range []string{"en", "fr"} {
			p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "lang": {lang}}.Encode())
			var got struct{ Share, Menu struct{ Top, Bottom float64 } }
			p.eval(`(() => { const box = (id) => { const r = document.querySelector('[data-testid="' + id + '"]').getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
				return {share: box("room-share"), menu: box("language-menu")}; })()`, &got)
			// On one row: each one's vertical middle lies within the other's box.
			mid := func(b struct{ Top, Bottom float64 }) float64 { return (b.Top + b.Bottom) / 2 }
			if m := mid(got.Menu); m < got.Share.Top || m > got.Share.Bottom {
				t.Errorf("%dx%d %s: Share spans %.0f-%.0f px, the language menu %.0f-%.0f: not on one row", size[0], size[1], lang, got.Share.Top, got.Share.Bottom, got.Menu.Top, got.Menu.Bottom)
			}
			if m := mid(got.Share); m < got.Menu.Top || m > got.Menu.Bottom {
				t.Errorf("%dx%d %s: Share spans %.0f-%.0f px, the language menu %.0f-%.0f: not on one row", size[0], size[1], lang, got.Share.Top, got.Share.Bottom, got.Menu.Top, got.Menu.Bottom)
			}
		}
	}
}
