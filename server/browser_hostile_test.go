package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Traces the server accepts may still be hostile to the page: a node that is
// its own parent, node ids used twice, a root line of 100,000 moves. The page
// opens each and stays responsive: snapshot() answers, a banner says what is
// wrong, and nothing is thrown uncaught.

// longPVTrace is a chess trace whose one root node reports a root PV of n
// legal moves: both knights go out and back (Nf3 Nf6 Ng1 Ng8 ...).
func longPVTrace(n int) string {
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	pv := make([]string, n)
	for i := range pv {
		pv[i] = cycle[i%4]
	}
	line, _ := json.Marshal(pv)
	return `{"format":"pvscope-trace","version":1,"meta":{"algo":"pvs","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}
{"seq":1,"kind":"search-start","depth":1}
{"seq":2,"kind":"enter","node":1,"ply":0,"depth":1,"alpha":-32000,"beta":32000}
{"seq":3,"kind":"exit","node":1,"score":0}
{"seq":4,"kind":"root-pv","depth":1,"score":0,"pv":` + string(line) + `}
{"seq":5,"kind":"search-end","depth":1,"score":0,"pv":` + string(line) + `}
`
}

// selfParentTrace: the root names itself as its parent (before the page's
// guard, its layout looped: "Invalid array length", then a stack overflow).
const selfParentTrace = `{"format":"pvscope-trace","version":1,"meta":{"algo":"pvs","tree":"((3 12 8) (2 4 6))"}}
{"seq":1,"kind":"search-start","depth":2}
{"seq":2,"kind":"enter","node":1,"parent":1,"ply":0,"depth":2,"alpha":-32000,"beta":32000}
{"seq":3,"kind":"enter","node":2,"parent":1,"move":"0","ply":1,"depth":1,"alpha":-32000,"beta":32000}
{"seq":4,"kind":"exit","node":2,"score":-3}
{"seq":5,"kind":"exit","node":1,"score":3}
{"seq":6,"kind":"search-end","depth":2,"score":3,"pv":["0"]}
`

// duplicateIDTrace: node 2 is entered twice, then node 3.
const duplicateIDTrace = `{"format":"pvscope-trace","version":1,"meta":{"algo":"pvs","tree":"((3 12 8) (2 4 6))"}}
{"seq":1,"kind":"search-start","depth":2}
{"seq":2,"kind":"enter","node":1,"ply":0,"depth":2,"alpha":-32000,"beta":32000}
{"seq":3,"kind":"enter","node":2,"parent":1,"move":"0","ply":1,"depth":1,"alpha":-32000,"beta":32000}
{"seq":4,"kind":"exit","node":2,"score":-3}
{"seq":5,"kind":"enter","node":2,"parent":1,"move":"1","ply":1,"depth":1,"alpha":-32000,"beta":3}
{"seq":6,"kind":"exit","node":2,"score":-2}
{"seq":7,"kind":"enter","node":3,"parent":1,"move":"1","ply":1,"depth":1,"alpha":-32000,"beta":3}
{"seq":8,"kind":"exit","node":3,"score":-2}
{"seq":9,"kind":"exit","node":1,"score":3}
{"seq":10,"kind":"search-end","depth":2,"score":3,"pv":["0"]}
`

// uncaught collects the exceptions the page throws and nobody catches.
func uncaught(p *page) func() []string {
	var mu sync.Mutex
	var errs []string
	chromedp.ListenTarget(p.ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			errs = append(errs, e.ExceptionDetails.Error())
			mu.Unlock()
		}
	})
	p.run(runtime.Enable())
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), errs...)
	}
}

// answers evaluates js within a minute: a page frozen by a long task does
// not answer at all, so this fails rather than waiting for the test's end.
func (p *page) answers(js string, out any) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, out)); err != nil {
		p.t.Fatalf("the page did not answer %s: %v", js, err)
	}
}

// openedHostile opens trace through POST /trace and waits until the page has
// either played it whole or said why not.
func openedHostile(t *testing.T, trace string) (*page, func() []string) {
	p := newPage(t, 1366, 768)
	thrown := uncaught(p)
	p.open("/?trace=" + upload(t, p.url, trace))
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return !s.streaming && (s.eventCount > 0 || s.error !== ""); })()`)
	return p, thrown
}

func TestBrowserHostileSelfParentOpens(t *testing.T) {
	p, thrown := openedHostile(t, selfParentTrace)
	p.waitFor(`!document.querySelector('[data-testid="violation-banner"]').hidden`)
	var s struct {
		EventCount, NodeCount, ViolationCount int
		Error                                 string
		Visible                               int `json:"visibleNodes"`
	}
	var raw string
	p.answers(`JSON.stringify(window.pvscope.seek(1e9))`, &raw)
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatal(err)
	}
	// Two nodes, both drawn (with the tree's unsearched children as pruned
	// stubs): the root, its own parent taken for none, and its child "0".
	if s.Error != "" || s.NodeCount != 2 || s.Visible < 2 || s.ViolationCount < 1 {
		t.Errorf("snapshot %+v: want 2 nodes drawn, no error, the violation counted", s)
	}
	var child string
	p.answers(`JSON.stringify(window.pvscope.node("0"))`, &child)
	if !strings.Contains(child, `"move":"0"`) {
		t.Errorf("node 0 is %s; want the root's child by move 0", child)
	}
	if b := p.text("violation-banner"); !strings.Contains(b, "1 violation of 1 rule") {
		t.Errorf("the violation banner says %q", b)
	}
	for k := 0; k <= s.EventCount; k++ { // every step draws
		p.answers(fmt.Sprintf(`window.pvscope.seek(%d).eventIndex`, k), new(int))
	}
	if e := thrown(); len(e) > 0 {
		t.Errorf("uncaught exceptions: %q", e)
	}
}

func TestBrowserHostileDuplicateIDsOpen(t *testing.T) {
	p, thrown := openedHostile(t, duplicateIDTrace)
	var state struct {
		Error, Violations string
		Count             int
	}
	p.answers(`(() => { const s = window.pvscope.seek(1e9), b = document.querySelector('[data-testid="error-banner"]'),
		v = document.querySelector('[data-testid="violation-banner"]');
		return { Error: b && !b.hidden ? b.textContent : "", Violations: v && !v.hidden ? v.textContent : "", Count: s.eventCount }; })()`, &state)
	// The server lists the reused id as a violation and the page opens the file
	// (or, from a server that renumbered the ids into a clash, the page says
	// which node it could not place): a sentence either way, never a crash.
	if state.Violations == "" && !strings.Contains(state.Error, "entered, expected node") {
		t.Errorf("the page shows neither a violation nor a sentence: %+v", state)
	}
	if state.Count == 0 {
		t.Errorf("no step of the trace is shown: %+v", state)
	}
	t.Logf("the page says %+v", state)
	p.answers(`window.pvscope.seek(0).eventIndex`, new(int))
	if e := thrown(); len(e) > 0 {
		t.Errorf("uncaught exceptions: %q", e)
	}
}

// A root line of 100,000 moves: the page names its first 50 moves in SAN,
// says how many are left out, and draws four times as many on a click; the
// snapshot still carries the whole line (the test contract).
func TestBrowserHostileLongPVIsDrawnInPart(t *testing.T) {
	const n = 100000
	p, thrown := openedHostile(t, longPVTrace(n))
	var got struct {
		PV, Drawn int
		More, Log string
	}
	const look = `(() => { const s = window.pvscope.snapshot(), line = document.querySelector('[data-testid="pv-line"]');
		const more = line.querySelector('[data-testid="pv-more"]'), log = document.querySelector('[data-testid="event-log"] li:last-child');
		return { PV: s.pv.length, Drawn: line.querySelectorAll('.mv').length, More: more ? more.textContent : "", Log: log ? log.textContent : "" }; })()`
	p.answers(look, &got)
	// The moves by hand: Nf3 Nf6 Ng1 Ng8, numbered 1.Nf3 Nf6 2.Ng1 Ng8 ...
	if got.PV != n || got.Drawn != 50 || got.More != "… and 99,950 more" {
		t.Errorf("first look %+v: want the whole line in the snapshot, 50 moves drawn, 99,950 more", got)
	}
	if !strings.Contains(got.Log, "1.Nf3 Nf6 2.Ng1 Ng8") || !strings.Contains(got.Log, "25.Nf3 Nf6 … and 99,950 more") {
		t.Errorf("the event log's last sentence %q does not name the line's first 50 moves and the count left", got.Log)
	}
	if out := os.Getenv("PVSCOPE_SCREENSHOTS"); out != "" {
		p.screenshot(out + "/long-pv-1366x768.png")
	}
	p.click("pv-more")
	p.waitFor(`document.querySelectorAll('[data-testid="pv-line"] .mv').length === 200`)
	p.answers(look, &got)
	if got.More != "… and 99,800 more" {
		t.Errorf("after one click %+v: want 200 drawn and 99,800 more", got)
	}
	// Hovering a move shows its position with the next moves as arrows.
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="pv-line"] .mv[data-i="3"]').dispatchEvent(new MouseEvent("mouseover", { bubbles: true }))`, nil))
	var title string
	p.answers(`document.getElementById("board-title").textContent`, &title)
	if !strings.Contains(title, "1.Nf3 Nf6 2.Ng1 Ng8") {
		t.Errorf("the board's title on hover is %q", title)
	}
	if e := thrown(); len(e) > 0 {
		t.Errorf("uncaught exceptions: %q", e)
	}
}
