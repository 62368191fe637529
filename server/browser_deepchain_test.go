package server

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// A chain deeper than an int16's plies opens whole in the page (issue 44's
// outside probe: the server derived the plies of a 70,000-node chain in an
// int16, which wrapped, and the page's root line ended at 65,535 moves). The
// chain's root line is m2 ... m70000: 69,999 moves, counted from uploadChain.
func TestBrowserDeepChainKeepsItsWholeLine(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/")
	p.waitFor(`!!(window.pvscope && window.pvscope.trace)`)
	file, _ := chainFile(t, 70_000)
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
	n := p.finished()
	p.eval(`window.pvscope.seek(`+itoa(n)+`); 0`, nil)
	s := p.snapshot()
	if s.Error != "" || s.NodeCount != 70_000 || len(s.PV) != 69_999 {
		t.Fatalf("the 70,000-node chain: %d nodes, a root line of %d moves, error %q; want 70,000 nodes, 69,999 moves and no error", s.NodeCount, len(s.PV), s.Error)
	}
	if s.PV[0] != "m2" || s.PV[69_998] != "m70000" {
		t.Errorf("the root line runs %s ... %s; want m2 ... m70000", s.PV[0], s.PV[69_998])
	}
	var ply int
	p.eval(`window.pvscope.trace.node(70000).ply`, &ply)
	if ply != 69_999 {
		t.Errorf("node 70,000 is at ply %d in the page; want 69,999", ply)
	}
}
