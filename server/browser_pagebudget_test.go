package server

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A trace past the page's budget (issue 44, model/budget.js): what arrived
// within it stays and can be stepped through, the rest is refused with a
// sentence that names the budget, and the page goes on with the next search.
// The budget is 2,000,000 nodes, past any trace the server opens (3,000,000
// events), so the test lowers it to 10,000 nodes through window.pvscope.setBudget
// and opens a chain of 30,000: the server sends 8,192 events a frame, so the
// first frame's enters arrive and the second frame is refused.
func TestBrowserTraceBeyondPageBudget(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/")
	p.waitFor(`!!(window.pvscope && window.pvscope.trace)`) // the hello has made the trace
	var budget map[string]int
	p.eval(`window.pvscope.setBudget({ nodes: 10000 })`, &budget)
	if budget["nodes"] != 10000 {
		t.Fatalf("setBudget answered %v; want nodes 10000", budget)
	}
	file, _ := chainFile(t, 30_000)
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.error !== "" && !s.streaming; })()`)
	const want = "This page holds at most 10,000 nodes of a search: the rest were left out and the search was stopped."
	if e := p.errorShown(); !strings.HasPrefix(e, want) {
		t.Errorf("past the budget the banner says %q; want it to begin %q", e, want)
	}
	p.pause() // what arrived plays on
	p.eval(`window.pvscope.seek(8192); 0`, nil)
	s := p.snapshot()
	// The search's start and the chain's enters come first, 8,192 events a frame: the first
	// frame (the start and 8,191 enters) fits, the second would pass 10,000 nodes and is
	// refused whole, and every frame after it.
	var first string
	p.eval(`window.pvscope.trace.event(0).kind`, &first)
	if first != "search-start" || s.NodeCount != 8191 || s.EventCount != 8192 || s.Streaming {
		t.Errorf("past the budget: first event %q, %d nodes, %d events, streaming %v; want the search's start, 8,191 nodes, the first frame's 8,192 events and nothing streaming",
			first, s.NodeCount, s.EventCount, s.Streaming)
	}
	// What arrived can be stepped through.
	var k int
	p.eval(`window.pvscope.seek(4096).eventIndex`, &k)
	if k != 4096 {
		t.Errorf("a seek to step 4,096 within what arrived shows step %d", k)
	}
	// And the page goes on: a chain within the budget opens whole, with no sentence.
	small, _ := chainFile(t, 500)
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{small}, chromedp.ByQuery))
	// The old trace's 8,192 events answer finished() until the new one has started: wait for it.
	p.waitFor(`window.pvscope.snapshot().eventCount !== 8192`)
	n := p.finished()
	p.eval(`window.pvscope.seek(`+itoa(n)+`); 0`, nil)
	if got := p.snapshot(); got.Error != "" || got.NodeCount != 500 || len(got.PV) != 499 {
		t.Errorf("the next trace: %d nodes, a line of %d moves, error %q; want 500 nodes, the line m2 ... m500 and no error", got.NodeCount, len(got.PV), got.Error)
	}
}
