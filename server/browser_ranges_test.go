package server

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The stages of Russell & Norvig's Figure 5.5 (AIMA 3rd/4th ed.), ((3 12 8) (2 4 6) (14 5 2))
// under alpha-beta, read off the book, each after the leaf named; paths: A is "", B "0", C "1",
// D "2".
var rnFig55Stages = []struct {
	leaf string            // the leaf just read
	want map[string]string // path -> label, from the book
}{
	{"0.0", map[string]string{"": "[−∞, +∞]", "0": "[−∞, 3]", "0.0": "[3, 3]"}},   // (a)
	{"0.1", map[string]string{"": "[−∞, +∞]", "0": "[−∞, 3]", "0.1": "[12, 12]"}}, // (b)
	{"0.2", map[string]string{"": "[3, +∞]", "0": "[3, 3]", "0.2": "[8, 8]"}},     // (c)
	{"1.0", map[string]string{"": "[3, +∞]", "0": "[3, 3]", "1": "[−∞, 2]"}},      // (d)
	{"2.0", map[string]string{"": "[3, 14]", "1": "[−∞, 2]", "2": "[−∞, 14]"}},    // (e)
	{"2.1", map[string]string{"": "[3, 5]", "2": "[−∞, 5]"}},                      // (f)
	{"2.2", map[string]string{"": "[3, 3]", "2": "[2, 2]", "1": "[−∞, 2]"}},       // the end
}

// Issue 28, item 10: R&N's value ranges. With ?values=ranges each searched node of a teaching
// tree is labelled [lo, hi], as the book's stages (rnFig55Stages) say. The SVG export writes the
// same label on every node.
func TestBrowserValueRangesFollowTheBook(t *testing.T) {
	stages := rnFig55Stages
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "depth": {"2"}, "values": {"ranges"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	var choice string
	p.eval(`document.querySelector('[data-testid=tree-values]').value`, &choice)
	if choice != "ranges" {
		t.Fatalf("?values=ranges leaves the values menu at %q", choice)
	}
	svgValue := regexp.MustCompile(`data-id="(\d+)"[^\n]*\n(?:[^\n]*r="[^"]*" fill="none"[^\n]*\n)*<text class="value"[^>]*>([^<]*)</text>`)
	for _, s := range stages {
		// The first step at which the leaf's value is read.
		var k int
		p.eval(`(() => { const a = window.pvscope, n = a.snapshot().eventCount;
			for (let k = 0; k <= n; k++) { a.seek(k); if (a.node(`+strconv.Quote(s.leaf)+`).value !== null) return k; }
			return -1; })()`, &k)
		if k < 0 {
			t.Fatalf("leaf %s is never read", s.leaf)
		}
		var page map[string]string // path -> the label drawn in the node
		p.eval(`(() => { const a = window.pvscope; a.seek(`+itoa(k)+`); a.view.draw(); const out = {};
			for (const [id, text] of a.view.labels.values) out[a.trace.positionMoves(id).join(".")] = text;
			return out; })()`, &page)
		for path, want := range s.want {
			if page[path] != want {
				t.Errorf("after leaf %s (step %d), node %q is labelled %q, the book says %q (all: %q)", s.leaf, k, path, page[path], want, page)
			}
		}
		var svg string
		p.await(`window.pvscope.export("svg", {})`, &svg)
		var ids map[string]string // node id -> path
		p.eval(`(() => { const a = window.pvscope, out = {};
			for (const [id] of a.view.labels.values) out[id] = a.trace.positionMoves(id).join(".");
			return out; })()`, &ids)
		inSVG := map[string]string{}
		for _, m := range svgValue.FindAllStringSubmatch(svg, -1) {
			if path, ok := ids[m[1]]; ok {
				inSVG[path] = m[2]
			}
		}
		for path, text := range page {
			if inSVG[path] != text {
				t.Errorf("after leaf %s, the SVG labels node %q %q, the page %q", s.leaf, path, inSVG[path], text)
			}
		}
	}
	if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
		p.screenshot(filepath.Join(dir, "ranges-1366x768.png"))
	}
	// LaTeX writes the last stage's ranges too: A and B [3, 3], C [−∞, 2] in math.
	var tex string
	p.await(`window.pvscope.export("tikz", {bare: true})`, &tex)
	for _, want := range []string{`[{$[3, 3]$}`, `[{$[-\infty, 2]$}`, `[{$[2, 2]$}`} {
		if !strings.Contains(tex, want) {
			t.Errorf("the LaTeX export lacks %s:\n%s", want, tex)
		}
	}
	// Back to bounds from the menu: the URL loses values=ranges and C is written ≤2 again.
	var back struct {
		Search string
		C      string
	}
	p.eval(`(() => { const a = window.pvscope, el = document.querySelector('[data-testid=tree-values]');
		el.value = "bounds"; el.dispatchEvent(new Event("change")); a.view.draw();
		const c = a.view.labels.values.find(([id]) => a.trace.positionMoves(id).join(".") === "1");
		return { Search: location.search, C: c ? c[1] : "" }; })()`, &back)
	if regexp.MustCompile(`values=`).MatchString(back.Search) || back.C != "≤2" {
		t.Errorf("after choosing bounds: URL %q, C labelled %q, want no values= and ≤2", back.Search, back.C)
	}
}
