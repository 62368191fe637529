package server

import (
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/engine"
)

// generated is the tree pvscope's generator gives for spec, as the test's
// reference trees (reftree_test.go) read it: the server's tree for a seed.
func generated(t *testing.T, spec string) leafTree {
	t.Helper()
	ts, err := engine.ParseTreeSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := engine.Generate(ts)
	if err != nil {
		t.Fatal(err)
	}
	return refParse(t, gen.String())
}

// leafValues maps each leaf's path to its value.
func leafValues(tree leafTree) map[string]int {
	out := map[string]int{}
	for _, p := range refLeaves(tree, nil, nil) {
		out[p] = int(leafAt(tree, p).(float64))
	}
	return out
}

// drawnLeaves reads the leaves a figure under selector draws (treesvg.js):
// each leaf's path and the value written in it.
func (p *page) drawnLeaves(selector string) map[string]int {
	p.t.Helper()
	var got map[string]string
	p.run(chromedp.Evaluate(fmt.Sprintf(`Object.fromEntries([...document.querySelectorAll(%q)].map((g) =>
		[g.dataset.path, g.querySelector(".leaf-value").textContent]))`, selector), &got))
	out := map[string]int{}
	for path, v := range got {
		n, err := strconv.Atoi(v)
		if err != nil {
			p.t.Fatalf("leaf %s reads %q", path, v)
		}
		out[path] = n
	}
	return out
}

// Random trees in a static site are the server's: the worker generates them
// with the Go code the server's GET /tree runs (session.ExerciseTree), so a
// seeded link gives the same tree with no server. A search of random=...,
// an exercise and a worksheet on their default generated trees, each against
// engine.Generate called here and the reference alpha-beta of reftree_test.go.
func TestBrowserSiteRandomTrees(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	errs := consoleErrors(p)

	// A search of a seeded random tree: the book's alpha-beta on the
	// generator's tree gives its root value and its unread leaves.
	const spec = "b=3,d=3,seed=42,values=0..20"
	tree := generated(t, spec)
	root, _ := refRun("alphabeta", tree)
	unread := refUnread(tree, nil)
	p.open(sitePath + "index.html?" + url.Values{"random": {spec}, "algo": {"alphabeta"}, "depth": {"3"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.pause()
	n := p.snapshot().EventCount
	p.run(chromedp.Evaluate(`window.pvscope.seek(`+itoa(n)+`)`, nil))
	end := p.snapshot()
	// The page names a cut subtree by its top; the reference lists leaves.
	var cut []string
	for _, leaf := range refLeaves(tree, nil, nil) {
		if slices.ContainsFunc(end.Pruned, func(top string) bool { return leaf == top || strings.HasPrefix(leaf, top+".") }) {
			cut = append(cut, leaf)
		}
	}
	slices.Sort(cut)
	slices.Sort(unread)
	if end.Score == nil || *end.Score != root || !slices.Equal(cut, unread) {
		t.Errorf("random=%s in the site: root %s, unread %v; the generator's tree under alpha-beta: %d, %v", spec, ptr(end.Score), cut, root, unread)
	}

	// An exercise on its default tree (exerciseui.js: b=3,d=3,seed=1,values=0..20):
	// the figure draws the generator's leaves, and the reference's answer is right.
	p.open(sitePath + "index.html?exercise=prune")
	p.waitFor(`(() => { const e = window.pvscope.snapshot().exercise; return e && e.kind === "prune" })()`)
	ex := generated(t, "b=3,d=3,seed=1,values=0..20")
	if got, want := p.drawnLeaves(`[data-testid="exercise-panel"] [data-path]:has(.leaf-value)`), leafValues(ex); !reflect.DeepEqual(got, want) {
		t.Errorf("the exercise's tree in the site %v, the generator's for seed 1 %v", got, want)
	}
	if e := p.exercise(); e.Seed == nil || *e.Seed != 1 {
		t.Errorf("the exercise's seed %v, want 1", e.Seed)
	}
	exRoot, _ := refRun("alphabeta", ex)
	if g := p.answerExercise(map[string]any{"unread": refUnread(ex, nil), "root": exRoot}); !g.Right {
		t.Errorf("the reference's answer graded wrong in the site: %q", g.Mistakes)
	}
	if g := p.answerExercise(map[string]any{"unread": []string{}, "root": exRoot + 1}); g.Right {
		t.Errorf("a wrong root graded right in the site: %+v", g)
	}

	// A worksheet on its default trees (sheet.js: b=2,d=4, seeds 1..6): it
	// renders, and its first figure is the generator's seed 1.
	// (Not p.open: the sheet hides the page's controls once it is drawn.)
	p.run(chromedp.Navigate(p.url + sitePath + "index.html?exercise=prune&sheet=1&trees=6"))
	p.waitFor(`window.pvscope && window.pvscope.snapshot().sheet && window.pvscope.snapshot().sheet.pages > 0`)
	var figures int
	p.run(chromedp.Evaluate(`document.querySelectorAll('[data-testid="sheet"] svg').length`, &figures))
	if figures < 6 {
		t.Errorf("the worksheet draws %d figures, want at least its 6 trees", figures)
	}
	var first map[string]string
	p.run(chromedp.Evaluate(`(() => { const svg = document.querySelector('[data-testid="sheet"] svg');
		return Object.fromEntries([...svg.querySelectorAll(".leaf-value")].map((v, i) => [String(i), v.textContent])); })()`, &first))
	sheetTree := generated(t, "b=2,d=4,seed=1,values=0..20")
	leaves := refLeaves(sheetTree, nil, nil)
	if len(first) != len(leaves) {
		t.Errorf("the worksheet's first tree has %d leaves, the generator's %d", len(first), len(leaves))
	}
	for i, path := range leaves {
		if want := strconv.Itoa(int(leafAt(sheetTree, path).(float64))); first[strconv.Itoa(i)] != want {
			t.Errorf("the worksheet's first tree, leaf %s: %q, the generator's %s", path, first[strconv.Itoa(i)], want)
		}
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}
