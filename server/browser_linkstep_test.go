package server

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Issue 28, item 14: a link picks a step (?step=K) or a node (?node=PATH), and the page waits
// there, paused; an embedded page with neither waits at step 0 instead of playing to the end
// (which spoiled the answer for the class predicting it).
func TestBrowserLinkPicksAStepOrANode(t *testing.T) {
	p := newPage(t, 1366, 768)
	rn := url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2))"}, "algo": {"alphabeta"}, "depth": {"2"}}
	done := `window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`

	q := url.Values{"step": {"10"}}
	for k, v := range rn {
		q[k] = v
	}
	p.open("/?" + q.Encode())
	p.click("start-button")
	p.waitFor(done)
	s := p.snapshot()
	if s.EventIndex != 10 || s.Running {
		t.Errorf("?step=10: the page is at step %d of %d, running %v; want step 10, paused", s.EventIndex, s.EventCount, s.Running)
	}
	var search string
	p.run(chromedp.Evaluate(`location.search`, &search))
	if strings.Contains(search, "step=") {
		t.Errorf("after reaching it the address still names the step: %s", search)
	}

	// ?node=2.1: D's second leaf (5), selected at the step where it is entered.
	q = url.Values{"node": {"2.1"}}
	for k, v := range rn {
		q[k] = v
	}
	p.open("/?" + q.Encode())
	p.click("start-button")
	p.waitFor(done)
	s = p.snapshot()
	var outcome, before, selected string
	p.run(chromedp.Evaluate(`window.pvscope.node("2.1").outcome`, &outcome),
		chromedp.Evaluate(`window.pvscope.trace.positionMoves(window.pvscope.snapshot().selected).join(".")`, &selected))
	if outcome != "searching" || selected != "2.1" || s.Running {
		t.Errorf("?node=2.1: at step %d node 2.1 is %q, selected %q, running %v; want it just entered, selected, paused", s.EventIndex, outcome, selected, s.Running)
	}
	p.run(chromedp.Evaluate(`window.pvscope.seek(window.pvscope.snapshot().eventIndex - 1)`, nil),
		chromedp.Evaluate(`window.pvscope.node("2.1").outcome`, &before))
	if before != "unvisited" {
		t.Errorf("one step before, node 2.1 is %q: the page did not land on its enter", before)
	}

	// Embedded, no step: the search runs, the page stays at step 0 for the class to predict.
	p.run(chromedp.Navigate(p.url + "/?embed=1&" + rn.Encode()))
	p.waitFor(`window.pvscope && ` + done)
	if s := p.snapshot(); s.EventIndex != 0 || s.Running {
		t.Errorf("an embedded page is at step %d, running %v; want step 0, paused", s.EventIndex, s.Running)
	}
}
