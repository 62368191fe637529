package server

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Building a tree by clicking: each edit shows in the tree field and the URL, undo takes the
// last one back, and Start searches the tree as edited (its value from reftree_test.go's minimax).

func (p *page) editNode(path string) {
	p.t.Helper()
	p.run(chromedp.Click(fmt.Sprintf(`[data-testid="edit-node"][data-path=%q]`, path), chromedp.ByQuery))
}

func (p *page) treeField() (field, urlTree string) {
	p.t.Helper()
	var loc string
	p.run(chromedp.Value(`[data-testid="tree-input"]`, &field, chromedp.ByQuery), chromedp.Evaluate(`location.search`, &loc))
	q, err := url.ParseQuery(strings.TrimPrefix(loc, "?"))
	if err != nil {
		p.t.Fatal(err)
	}
	return field, q.Get("tree")
}

func TestBrowserTreeEditing(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}}.Encode())
	p.click("tree-edit-toggle")
	p.run(chromedp.WaitVisible(`[data-testid="edit-tree"]`, chromedp.ByQuery))

	setValue := func(path, v string) {
		p.editNode(path)
		p.run(chromedp.SetValue(`[data-testid="edit-value"]`, "", chromedp.ByQuery),
			chromedp.SendKeys(`[data-testid="edit-value"]`, v+kb.Enter, chromedp.ByQuery))
	}
	// Each step and the text it must leave in the field, written out by hand.
	steps := []struct {
		what string
		do   func()
		want string
	}{
		{"leaf 1.1 set to 40", func() { setValue("1.1", "40") }, "((3 12 8) (2 40 6) (14 5 2))"},
		{"a child added under node 2", func() { p.editNode("2"); p.click("edit-add") }, "((3 12 8) (2 40 6) (14 5 2 0))"},
		{"subtree 0 deleted", func() { p.editNode("0"); p.click("edit-delete") }, "((2 40 6) (14 5 2 0))"},
		{"undo", func() { p.click("edit-undo") }, "((3 12 8) (2 40 6) (14 5 2 0))"},
		{"leaf 0.0 set to 1", func() { setValue("0.0", "1") }, "((1 12 8) (2 40 6) (14 5 2 0))"},
		{"a child added under leaf 2.1", func() { p.editNode("2.1"); p.click("edit-add") }, "((1 12 8) (2 40 6) (14 (5 0) 2 0))"},
		{"its new leaf set to 9", func() { setValue("2.1.1", "9") }, "((1 12 8) (2 40 6) (14 (5 9) 2 0))"},
	}
	for _, s := range steps {
		s.do()
		field, inURL := p.treeField()
		if field != s.want || inURL != s.want {
			t.Fatalf("after %s: the field holds %q and the URL %q, want %q", s.what, field, inURL, s.want)
		}
	}
	var nodes int
	p.run(chromedp.Evaluate(`document.querySelectorAll('[data-testid="edit-node"]').length`, &nodes))
	if nodes != 16 { // the root, its 3 children, their 3 + 3 + 4 children, and 2.1's 2
		t.Errorf("the editor draws %d nodes, want 16", nodes)
	}
	p.shot("treeedit-1366.png")

	// Start searches the edited tree: the editor closes and the root's value is minimax's.
	final := steps[len(steps)-1].want
	want, _ := refRun("minimax", refParse(t, final))
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.error !== "" || (s.eventCount > 0 && !s.streaming); })()`)
	p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventCount)`, nil))
	s := p.snapshot()
	if s.Error != "" || s.Score == nil || *s.Score != want {
		t.Fatalf("the search of %s ends with score %v (error %q), want %d", final, s.Score, s.Error, want)
	}
	var open bool
	p.run(chromedp.Evaluate(`!document.querySelector('[data-testid="tree-edit"]').hidden`, &open))
	if open {
		t.Errorf("the editor still covers the tree after Start")
	}
	// The root cannot be deleted, and says so.
	p.click("tree-edit-toggle")
	p.editNode("")
	var disabled bool
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="edit-delete"]').disabled`, &disabled))
	if !disabled {
		t.Errorf("Delete is offered for the root")
	}
}
