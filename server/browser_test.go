package server

import (
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// pause stops playback if it is running, so the test steps by hand.
func (p *page) pause() {
	p.t.Helper()
	if p.snapshot().Running {
		p.click("play-pause")
	}
	p.waitFor(`!window.pvscope.snapshot().running`)
}

// The Russell & Norvig tree under PVS, stepped to the end with the buttons,
// shows the book's answer: value 3 by the first move of each player, and the
// leaves C2 = 4 and C3 = 6 never evaluated (AIMA 3rd ed., Fig. 5.5).
// Stepping back to the very start and forward again gives the same page.
func TestBrowserTeachingTreeSteppedToTheEnd(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {aima}, "algo": {"pvs"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount === 39 && !window.pvscope.snapshot().streaming`)
	p.pause()
	p.run(chromedp.Evaluate(`window.pvscope.seek(0)`, nil))
	if s := p.snapshot(); s.EventIndex != 0 || s.NodeCount != 0 || len(s.PV) != 0 {
		t.Fatalf("at event 0: %+v", s)
	}
	for range 39 {
		p.click("step-forward")
	}
	end := p.snapshot()
	if end.EventIndex != 39 || end.EventCount != 39 {
		t.Fatalf("after 39 steps: event %d of %d", end.EventIndex, end.EventCount)
	}
	if got := p.text("event-index"); strings.Join(strings.Fields(got), " ") != "39 / 39" {
		t.Errorf("event-index reads %q, want \"39 / 39\"", got)
	}
	if !reflect.DeepEqual(end.PV, []string{"0", "0"}) || end.Score == nil || *end.Score != 3 {
		t.Errorf("at the end: pv %v score %v, want [0 0] and 3", end.PV, end.Score)
	}
	pruned := slices.Clone(end.Pruned)
	slices.Sort(pruned)
	if !reflect.DeepEqual(pruned, []string{"1.1", "1.2"}) {
		t.Errorf("pruned leaves %v, want exactly 1.1 and 1.2 (C2 = 4 and C3 = 6)", end.Pruned)
	}
	// 1 root + 3 children + 7 leaves read (PVS reads the same leaves as alpha-beta here).
	if end.NodeCount != 11 {
		t.Errorf("nodeCount %d, want 11", end.NodeCount)
	}
	if !strings.Contains(p.text("pv-line"), "3") {
		t.Errorf("pv-line %q does not show the score 3", p.text("pv-line"))
	}

	for range 39 {
		p.click("step-back")
	}
	if s := p.snapshot(); s.EventIndex != 0 || s.NodeCount != 0 || len(s.PV) != 0 || len(s.Pruned) != 0 {
		t.Fatalf("stepped back to the start: %+v", s)
	}
	for range 39 {
		p.click("step-forward")
	}
	if again := p.snapshot(); !reflect.DeepEqual(again, end) {
		t.Fatalf("forward again differs:\n first %+v\nsecond %+v", end, again)
	}

	// The keyboard does the same (docs/page-guide.md, Keys): Home, → and End, and ? opens the help.
	p.run(chromedp.KeyEvent(kb.Home))
	if s := p.snapshot(); s.EventIndex != 0 {
		t.Errorf("Home: event %d, want 0", s.EventIndex)
	}
	p.run(chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	if s := p.snapshot(); s.EventIndex != 2 {
		t.Errorf("→ twice: event %d, want 2", s.EventIndex)
	}
	p.run(chromedp.KeyEvent(kb.End))
	if s := p.snapshot(); !reflect.DeepEqual(s, end) {
		t.Errorf("End: %+v, want %+v", s, end)
	}
	p.run(chromedp.KeyEvent("?"), chromedp.WaitVisible(`[data-testid="help-overlay"]`, chromedp.ByQuery),
		chromedp.KeyEvent(kb.Escape), chromedp.WaitNotVisible(`[data-testid="help-overlay"]`, chromedp.ByQuery))
}

// A chess search plays as it arrives: the board is drawn and the node count
// grows while it plays.
func TestBrowserChessSearchGrowsWhilePlaying(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"fen": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		"algo": {"pvs"}, "depth": {"3"}}.Encode())
	p.click("start-button")
	var seen []int
	for len(seen) < 3 {
		s := p.snapshot()
		if s.Error != "" {
			t.Fatalf("error: %s", s.Error)
		}
		if len(seen) == 0 || s.NodeCount > seen[len(seen)-1] {
			seen = append(seen, s.NodeCount)
		}
		if !s.Running && s.EventCount > 0 && s.EventIndex == s.EventCount && len(seen) < 3 {
			t.Fatalf("playback ended after node counts %v: it did not grow step by step", seen)
		}
	}
	var pieces int
	p.run(chromedp.Evaluate(`document.querySelectorAll('[data-testid="board"] .piece, [data-testid="board"] use').length`, &pieces))
	if pieces < 32 {
		t.Errorf("the board shows %d pieces for the start position, want 32", pieces)
	}
}

// A bad FEN shows a sentence in the error banner; the page keeps working and
// the next, good search clears it.
func TestBrowserBadFENShowsTheBannerAndThePageRecovers(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/")
	p.run(chromedp.SetValue(`[data-testid="fen-input"]`, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", chromedp.ByQuery))
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().error !== ""`)
	p.run(chromedp.WaitVisible(`[data-testid="error-banner"]`, chromedp.ByQuery))
	if banner := p.text("error-banner"); !strings.Contains(strings.ToLower(banner), "rank") {
		t.Errorf("banner %q does not say which rank is wrong", banner)
	}
	p.run(chromedp.SetValue(`[data-testid="fen-input"]`, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", chromedp.ByQuery),
		chromedp.SetValue(`[data-testid="depth-input"]`, "2", chromedp.ByQuery))
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && window.pvscope.snapshot().error === ""`)
	p.run(chromedp.WaitNotVisible(`[data-testid="error-banner"]`, chromedp.ByQuery))
}
