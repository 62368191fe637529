package server

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 28, item 10: one notation for bounds. On Russell & Norvig's figure under alpha-beta, C
// (node 1) returns 2 after its first leaf and fails low: an upper bound, "≤2", as the exports
// and the values exercise write it; D (node 2) reads all three leaves: its 2 is exact. The page
// wrote C as "2".
func TestBrowserBoundsWrittenOneWay(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}, "depth": {"2"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil))
	drawn := p.drawnTexts()
	if n := count(drawn, func(s string) bool { return s == "≤2" }); n != 1 {
		t.Errorf("the canvas draws ≤2 %d times, want once (C); drawn: %q", n, drawn)
	}
	if !slices.Contains(drawn, "2") {
		t.Errorf("the canvas draws no plain 2 (D's exact value, and a leaf): %q", drawn)
	}
	var svg string
	p.await(`window.pvscope.export("svg", {})`, &svg)
	if strings.Count(svg, ">≤2<") != 1 {
		t.Errorf("the SVG export writes ≤2 %d times, want once", strings.Count(svg, ">≤2<"))
	}
}
