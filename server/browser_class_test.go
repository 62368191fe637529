package server

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Issue 23: the teaching page as a class and a student meet it. Expected values come from the
// figures (engine/testdata/trees/textbook_trees.json and its SOURCE note): R&N's one pruning
// ("the remaining successors of C need not be searched"), Wikipedia's three greyed regions
// (under 0.0.1, under 1.0.1, and the subtree 2.1) and its leaves left to right.

const wikipedia = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))"

var wikipediaLeaves = []string{"5", "6", "7", "4", "5", "3", "6", "6", "9", "7", "5", "9", "8", "6"}

// drawnTexts draws the tree once with fillText recorded and returns every string drawn on the canvas.
func (p *page) drawnTexts() []string {
	p.t.Helper()
	var out []string
	p.run(chromedp.Evaluate(`(() => {
		const v = window.pvscope.view, ctx = v.ctx, orig = ctx.fillText, seen = [];
		ctx.fillText = function (s, ...rest) { seen.push(String(s)); return orig.call(this, s, ...rest); };
		try { v.draw(); } finally { ctx.fillText = orig; }
		return seen;
	})()`, &out))
	return out
}

func count(list []string, pred func(string) bool) int {
	n := 0
	for _, s := range list {
		if pred(s) {
			n++
		}
	}
	return n
}

// A cutoff is a pruning only when moves remain: R&N under alpha-beta narrates exactly one
// pruning and draws one ✂, the Wikipedia figure three; the statistics count them so, and
// Wikipedia's pruned subtree 2.1 is drawn whole, its leaf 2.1.0.0 greyed with its unread 9.
func TestBrowserClassCutoffsArePruningsOnly(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, f := range []struct {
		name, tree string
		prunings   int
	}{{"R&N", aima, 1}, {"Wikipedia", wikipedia, 3}} {
		p.open("/?" + url.Values{"tree": {f.tree}, "algo": {"alphabeta"}}.Encode())
		p.click("start-button")
		p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
		p.pause()
		var sentences []string
		// Each step's sentence once the step is drawn: a slow page draws a seek in slices.
		p.await(`(async () => {
			const P = window.pvscope, t = P.trace, out = [];
			for (let k = 1; k <= t.length; k++) {
				if (!P.seek(k).drawn) await P.settled();
				const li = document.querySelector('[data-testid="event-log"] li:last-child .txt');
				out.push(li ? li.textContent : "");
			}
			return out;
		})()`, &sentences)
		pruned := count(sentences, func(s string) bool {
			return strings.Contains(s, "pruned.") && !strings.Contains(s, "nothing is pruned")
		})
		if pruned != f.prunings {
			t.Errorf("%s: %d sentences say moves are pruned, want %d", f.name, pruned, f.prunings)
		}
		last := count(sentences, func(s string) bool { return strings.Contains(s, "it was the last move, so nothing is pruned") })
		if last == 0 {
			t.Errorf("%s: no cutoff at a last move is narrated as such", f.name)
		}
		drawn := p.drawnTexts()
		if n := count(drawn, func(s string) bool { return s == "✂" }); n != f.prunings {
			t.Errorf("%s: %d ✂ drawn, want %d", f.name, n, f.prunings)
		}
		var stat string
		p.run(chromedp.Evaluate(`document.getElementById("stat-cutoffs").textContent`, &stat))
		if !strings.HasPrefix(stat, fmt.Sprint(f.prunings)+" ") || !strings.Contains(stat, fmt.Sprintf("+ %d at the last move", last)) {
			t.Errorf("%s: the statistics read %q, want %d prunings and %d at the last move", f.name, stat, f.prunings, last)
		}
		p.shot(fmt.Sprintf("class-prunings-%s-1366.png", strings.ReplaceAll(f.name, "&", "")))
		if f.name != "Wikipedia" {
			continue
		}
		n := p.node("2.1.0.0")
		if n.Outcome != "pruned" || n.Value == nil || *n.Value != 9 {
			t.Errorf("Wikipedia: node 2.1.0.0 shows %v, want pruned with its unread value 9", n)
		}
		// The pruned subtree 2.1 is drawn whole: its leaves 9, 8 and 6 are on the canvas, greyed.
		var greyed []string
		p.run(chromedp.Evaluate(`window.pvscope.view.result.nodes.filter((it) => it.kind === "pruned" && it.treeValue !== null).map((it) => it.pruned.path + "=" + it.treeValue)`, &greyed))
		slices.Sort(greyed)
		// The figure's pruned leaves (SOURCE, 1-based there): 1.1.2.3=5, 2.1.2.2=9, 3.2.1.1=9, 3.2.1.2=8, 3.2.2.1=6.
		want := []string{"0.0.1.2=5", "1.0.1.1=9", "2.1.0.0=9", "2.1.0.1=8", "2.1.1.0=6"}
		if !slices.Equal(greyed, want) {
			t.Errorf("Wikipedia: greyed leaves %v, want %v", greyed, want)
		}
	}
}

// Before Start, with ?show=tree (and by default for a teaching tree), the whole tree is drawn
// with every leaf's value, so a class can predict first.
func TestBrowserClassTreeShownBeforeStart(t *testing.T) {
	for _, size := range [][2]int{{1366, 768}, {1920, 1080}, {390, 844}} {
		p := newPage(t, size[0], size[1])
		for _, q := range []string{"&show=tree", ""} {
			p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode() + q)
			p.waitFor(`window.pvscope.view && window.pvscope.view.result && window.pvscope.view.result.preview`)
			if size[0] == 390 {
				// A phone draws the figure at a readable size and pans (issue 28): every leaf is in
				// the preview, the ones in view legible; zooming out to fit shows them all.
				p.run(chromedp.Evaluate(`window.pvscope.view.zoomBy(0.3)`, nil))
			}
			drawn := p.drawnTexts()
			var leaves []string
			for _, s := range drawn {
				if slices.Contains(wikipediaLeaves, s) {
					leaves = append(leaves, s)
				}
			}
			got, want := slices.Clone(leaves), slices.Clone(wikipediaLeaves)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%dx%d %q: leaf values drawn before Start %v, want the figure's %v", size[0], size[1], q, leaves, wikipediaLeaves)
			}
			if s := p.snapshot(); s.EventCount != 0 {
				t.Errorf("the preview started a search: %+v", s)
			}
		}
		p.shot(fmt.Sprintf("class-before-start-%dx%d.png", size[0], size[1]))
		// show=none keeps the empty area; a started search replaces the preview.
		p.open("/?" + url.Values{"tree": {wikipedia}, "show": {"none"}}.Encode())
		var preview bool
		p.run(chromedp.Evaluate(`!!(window.pvscope.view && window.pvscope.view.result && window.pvscope.view.result.preview)`, &preview))
		if preview {
			t.Errorf("show=none still draws the tree before Start")
		}
	}
}

// The editor's keys work after a click: click a node then A adds a child, Delete removes it,
// Enter on a focused node keeps the focus there, and a number typed on a leaf sets its value.
func TestBrowserClassEditorKeysAfterAClick(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}}.Encode())
	p.click("tree-edit-toggle")
	p.run(chromedp.WaitVisible(`[data-testid="edit-tree"]`, chromedp.ByQuery))
	focused := func() string {
		var s string
		p.run(chromedp.Evaluate(`document.activeElement && document.activeElement.dataset ? (document.activeElement.dataset.path ?? document.activeElement.id ?? "") : ""`, &s))
		return s
	}
	steps := []struct {
		what string
		do   func()
		want string
	}{
		{"click 2, then A", func() { p.editNode("2"); p.run(chromedp.KeyEvent("a")) }, "((3 12 8) (2 4 6) (14 5 2 0))"},
		// The new leaf 2.3 is selected: A again puts a child under it.
		{"then A again", func() { p.run(chromedp.KeyEvent("a")) }, "((3 12 8) (2 4 6) (14 5 2 (0 0)))"},
		{"click leaf 0.1, then A", func() { p.editNode("0.1"); p.run(chromedp.KeyEvent("a")) }, "((3 (12 0) 8) (2 4 6) (14 5 2 (0 0)))"},
		{"click 1, then Delete", func() { p.editNode("1"); p.run(chromedp.KeyEvent(kb.Delete)) }, "((3 (12 0) 8) (14 5 2 (0 0)))"},
		{"click leaf 0.0, then type 7 and Enter", func() { p.editNode("0.0"); p.run(chromedp.KeyEvent("7" + kb.Enter)) }, "((7 (12 0) 8) (14 5 2 (0 0)))"},
	}
	for _, s := range steps {
		s.do()
		if field, _ := p.treeField(); field != s.want {
			t.Fatalf("%s: the tree field holds %q, want %q", s.what, field, s.want)
		}
	}
	p.editNode("1")
	p.run(chromedp.KeyEvent(kb.Enter))
	if f := focused(); f != "1" {
		t.Errorf("Enter on a focused node moved the focus to %q, want node 1", f)
	}
	p.run(chromedp.KeyEvent("a"))
	if field, _ := p.treeField(); field != "((7 (12 0) 8) (14 5 2 (0 0) 0))" {
		t.Errorf("A after Enter: the tree field holds %q", field)
	}
}

// Space is play/pause and the arrows step wherever the focus is but a text field: Enter on
// Start, then Space pauses (it used to restart the search); with the view menu focused, → steps
// and the view stays.
func TestBrowserClassSpaceAndArrowsEverywhere(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"pvs"}}.Encode())
	p.run(chromedp.Focus(`[data-testid="start-button"]`, chromedp.ByQuery), chromedp.KeyEvent(kb.Enter))
	p.waitFor(`window.pvscope.snapshot().playing && window.pvscope.snapshot().eventIndex >= 3`)
	var searches int
	p.run(chromedp.Evaluate(`window.pvscope.timings.runs.length`, &searches))
	p.run(chromedp.KeyEvent(" "))
	p.waitFor(`!window.pvscope.snapshot().playing`)
	before := p.snapshot()
	var after int
	p.run(chromedp.Evaluate(`window.pvscope.timings.runs.length`, &after))
	if after != searches || before.EventIndex < 3 {
		t.Fatalf("Space after Enter on Start: %d searches (was %d), step %d: want the same search paused", after, searches, before.EventIndex)
	}
	p.run(chromedp.KeyEvent(" "))
	p.waitFor(`window.pvscope.snapshot().playing`)
	p.run(chromedp.KeyEvent(" "))
	p.waitFor(`!window.pvscope.snapshot().playing`)
	p.run(chromedp.Evaluate(`window.pvscope.timings.runs.length`, &after))
	if after != searches {
		t.Errorf("Space twice more started %d new searches", after-searches)
	}
	// The view menu focused: → steps one event and the menu keeps its choice.
	k := p.snapshot().EventIndex
	var menu string
	p.run(chromedp.Focus(`#tree-pov`, chromedp.ByQuery), chromedp.KeyEvent(kb.ArrowRight), chromedp.Value(`#tree-pov`, &menu, chromedp.ByQuery))
	if got := p.snapshot().EventIndex; got != k+1 || menu != "auto" {
		t.Errorf("→ on the view menu: step %d → %d, menu %q: want one step and the menu unchanged (auto)", k, got, menu)
	}
	p.run(chromedp.KeyEvent(kb.ArrowLeft))
	if got := p.snapshot().EventIndex; got != k {
		t.Errorf("← on the view menu: step %d, want %d", got, k)
	}
}

// Printing: the tree (its right edge on the paper), its legend and the current step's sentence;
// not the setup, the controls or the side panels.
func TestBrowserClassPrintStylesheet(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode())
	p.startAndWait()
	p.pause()
	p.eval(`window.pvscope.seek(40)`, nil)
	var want string
	p.eval(`document.querySelector('[data-testid="event-log"] li.current .txt').textContent`, &want)
	p.run(emulation.SetEmulatedMedia().WithMedia("print"))
	var r struct {
		Setup, Controls, Board, Legend string
		CanvasRight, PageWidth         float64
		Sentences                      []string
	}
	p.eval(`(() => {
		const d = (sel) => { const e = document.querySelector(sel); return !e ? "missing" : e.getClientRects().length ? "shown" : "none"; };
		const c = document.getElementById("tree-canvas").getBoundingClientRect();
		const shown = [...document.querySelectorAll('[data-testid="event-log"] li')].filter((li) => li.getClientRects().length);
		return {setup: d("#setup"), controls: d(".controls"), board: d(".board-region"), legend: d(".legend"),
			canvasRight: c.right, pageWidth: document.documentElement.clientWidth, sentences: shown.map((li) => li.querySelector(".txt").textContent)};
	})()`, &r)
	if r.Setup != "none" || r.Controls != "none" || r.Board != "none" {
		t.Errorf("printed: setup %q, controls %q, board %q: want none of them", r.Setup, r.Controls, r.Board)
	}
	if r.Legend == "none" || r.Legend == "missing" {
		t.Errorf("the legend is not printed (%q)", r.Legend)
	}
	if r.CanvasRight > r.PageWidth+1 {
		t.Errorf("the tree ends at %.0f px, past the page's %.0f", r.CanvasRight, r.PageWidth)
	}
	if len(r.Sentences) != 1 || r.Sentences[0] != want {
		t.Errorf("printed sentences %q, want only the current step's %q", r.Sentences, want)
	}
	p.shot("class-print-1366.png")
}

// With ?show=tree, and in quiz mode, the part of a teaching tree not searched yet stays drawn
// during the search, every leaf with its value: the leaf a question asks about is never hidden.
func TestBrowserClassWholeTreeDuringTheSearch(t *testing.T) {
	p := newPage(t, 1366, 768)
	for _, q := range []string{"&show=tree", "&quiz=all"} {
		p.open("/?" + url.Values{"tree": {wikipedia}, "algo": {"alphabeta"}}.Encode() + q)
		p.startAndWait()
		p.pause()
		for _, k := range []int{5, 20} {
			if q == "&quiz=all" {
				// The quiz stops before step k's questions: the page shows the step asked about.
				p.eval(fmt.Sprintf(`window.pvscope.quiz, window.pvscope.seek(%d)`, k), nil)
			} else {
				p.eval(fmt.Sprintf(`window.pvscope.seek(%d)`, k), nil)
			}
			var leaves []string
			for _, s := range p.drawnTexts() {
				if slices.Contains(wikipediaLeaves, s) {
					leaves = append(leaves, s)
				}
			}
			got, want := slices.Clone(leaves), slices.Clone(wikipediaLeaves)
			slices.Sort(got)
			slices.Sort(want)
			// Values may also appear as inner nodes' values once they return: every leaf's must be there.
			for _, v := range want {
				i := slices.Index(got, v)
				if i < 0 {
					t.Errorf("%s at step %d: leaf values drawn %v, want all of the figure's %v", q, k, leaves, wikipediaLeaves)
					break
				}
				got = slices.Delete(got, i, i+1)
			}
		}
		p.shot(fmt.Sprintf("class-whole-tree-%s-1366.png", strings.TrimPrefix(strings.Split(q, "=")[0], "&")))
	}
}
