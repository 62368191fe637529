package server

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// ttDepthTrace is trace-checker.md's example of tt-depth: an entry of depth 2
// answers node 2, of depth 9.
const ttDepthTrace = `{"format":"pvscope-trace","version":1}
{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":10}
{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-100,"beta":100,"depth":9}
{"kind":"tt-hit","node":2,"bound":"exact","depth":2,"score":5}
{"kind":"exit","node":2,"score":5,"end":"tt-cutoff"}
{"kind":"enter","node":3,"parent":1,"move":"b","alpha":-100,"beta":-5,"depth":9}
{"kind":"exit","node":3,"score":-7}
{"kind":"exit","node":1,"score":-5}
`

// The breakpoint on the table's findings (issue 41, item 3): Run to
// breakpoint stops where the checker found a tt-* rule broken, and with the
// box unticked the run goes past it.
func TestBrowserBreakpointOnTableFinding(t *testing.T) {
	p := newPage(t, 1366, 768)
	file := filepath.Join(t.TempDir(), "ttdepth.jsonl")
	if err := os.WriteFile(file, []byte(ttDepthTrace), 0o644); err != nil {
		t.Fatal(err)
	}
	p.open("/")
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
	n := p.finished()
	var finding struct {
		Rule  string
		Event int
		Node  int
	}
	p.eval(`(() => { const v = window.pvscope.snapshot().violations.find((v) => v.rule === "tt-depth"); return v ? {rule: v.rule, event: v.event, node: v.node} : {rule: "", event: -1, node: 0}; })()`, &finding)
	if finding.Rule != "tt-depth" || finding.Node != 2 {
		t.Fatalf("the checker's findings: %+v; want tt-depth at node 2", finding)
	}
	run := func(tick bool) int {
		p.eval(`(() => { for (const el of document.querySelectorAll("input[data-bp]")) el.checked = el.dataset.bp === "ttFinding" && `+map[bool]string{true: "true", false: "false"}[tick]+`; })()`, nil)
		p.eval(`window.pvscope.seek(0); 0`, nil)
		p.eval(`document.querySelector('[data-testid="run-to-breakpoint"]').click()`, nil)
		var k int
		p.eval(`window.pvscope.snapshot().eventIndex`, &k)
		return k
	}
	if k := run(true); k != finding.Event+1 {
		t.Errorf("Run to breakpoint on table findings stopped at step %d; want %d, on the tt-depth finding's event", k, finding.Event+1)
	}
	var kind string
	var node int
	p.eval(`window.pvscope.trace.event(window.pvscope.snapshot().eventIndex - 1).kind`, &kind)
	p.eval(`window.pvscope.trace.event(window.pvscope.snapshot().eventIndex - 1).node`, &node)
	if node != 2 {
		t.Errorf("it stopped on a %s of node %d; want an event of node 2, the one the entry answered", kind, node)
	}
	if k := run(false); k != n {
		t.Errorf("with no breakpoint ticked the run stopped at step %d; want the end, %d", k, n)
	}
}
