package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/notnil/chess"

	"github.com/pvscope/pvscope/engine"
)

// The short-PV laboratory in the browser: the gallery fills the form, the search's cut is
// the one the engine reports for the same settings, and its ✂ marker shows that node.

// labSnapshot is the part of window.pvscope.snapshot() the laboratory adds.
type labSnapshot struct {
	EventIndex int                 `json:"eventIndex"`
	EventCount int                 `json:"eventCount"`
	Streaming  bool                `json:"streaming"`
	Error      string              `json:"error"`
	Selected   int32               `json:"selected"`
	PVByMethod map[string][]string `json:"pvByMethod"`
	Cuts       []struct {
		Method string `json:"method"`
		Reason string `json:"reason"`
		Node   int32  `json:"node"`
		Ply    int    `json:"ply"`
		Depth  int    `json:"depth"`
	} `json:"cuts"`
	MultiPV []struct {
		Score int      `json:"score"`
		PV    []string `json:"pv"`
	} `json:"multipv"`
}

func (p *page) labSnapshot() labSnapshot {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot())`, &s))
	var snap labSnapshot
	if err := json.Unmarshal([]byte(s), &snap); err != nil {
		p.t.Fatal(err)
	}
	return snap
}

// searchToTheEnd presses Start, waits for the whole search to arrive, and goes to its last
// event with the End key.
func (p *page) searchToTheEnd() labSnapshot {
	p.t.Helper()
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.error !== "" || (s.eventCount > 0 && !s.streaming); })()`)
	p.run(chromedp.KeyEvent(kb.End))
	s := p.labSnapshot()
	if s.Error != "" {
		p.t.Fatalf("the search failed: %s", s.Error)
	}
	if s.EventIndex != s.EventCount {
		p.t.Fatalf("End: event %d of %d", s.EventIndex, s.EventCount)
	}
	return s
}

// engineSearch runs the search the page asks the server for: the same setup and options.
func engineSearch(t *testing.T, fen string, options map[string]string) engine.Result {
	t.Helper()
	pos, opt, err := engine.Setup{FEN: fen}.Load()
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range options {
		if err := opt.Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	res, err := engine.Search(context.Background(), pos, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// piecesAfter plays UCI moves from fen with notnil/chess and names the pieces of the position
// as the board marks them (colour, type, square: "wpe4"), sorted.
func piecesAfter(t *testing.T, fen string, moves []string) string {
	t.Helper()
	if len(strings.Fields(fen)) == 4 { // an EPD's four fields
		fen += " 0 1"
	}
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := chess.NewGame(opt)
	for _, m := range moves {
		mv, err := chess.UCINotation{}.Decode(g.Position(), m)
		if err == nil {
			err = g.Move(mv)
		}
		if err != nil {
			t.Fatalf("%s after %v: %v", m, moves, err)
		}
	}
	var out []string
	for sq, pc := range g.Position().Board().SquareMap() {
		out = append(out, pc.Color().String()+pc.Type().String()+sq.String())
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// The gallery's first exhibit, chosen in the list and searched: the page shows the cut of the
// exhibit's method where the engine, searching the same position with the same settings, says
// the line ends; clicking its ✂ marker selects that node and brings it into view.
func TestBrowserPVLabGalleryCutMarkerSelectsTheNode(t *testing.T) {
	if len(engine.Gallery) == 0 {
		t.Fatal("engine.Gallery is empty")
	}
	entry := engine.Gallery[0]
	method, reason := entry.Method.String(), entry.Reason.String()
	res := engineSearch(t, entry.FEN, entry.Options)
	var want *engine.Truncation
	for _, c := range res.Truncations() {
		if c.Method == entry.Method && c.Reason == entry.Reason {
			want = &c
			break
		}
	}
	if want == nil {
		t.Fatalf("the engine reports no %s cut (%s) for %q: %+v", method, reason, entry.Name, res.Truncations())
	}

	p := newPage(t, 1366, 768)
	p.open("/")
	p.run(chromedp.Evaluate(`(() => {
		const s = document.querySelector('[data-testid="gallery-select"]');
		s.selectedIndex = 1;
		s.dispatchEvent(new Event("change", { bubbles: true }));
	})()`, nil))
	// The form and the URL are the entry's, as if its link had been loaded.
	var fen, search string
	p.run(chromedp.Value(`[data-testid="fen-input"]`, &fen, chromedp.ByQuery),
		chromedp.Evaluate(`location.search`, &search))
	if fen != entry.FEN {
		t.Errorf("fen-input = %q, want the entry's %q", fen, entry.FEN)
	}
	q, err := url.ParseQuery(search[1:])
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range entry.Options {
		if q.Get(name) != v {
			t.Errorf("the URL %s has %s=%q, want %q", search, name, q.Get(name), v)
		}
	}

	s := p.searchToTheEnd()
	var got *engine.Truncation
	for _, c := range s.Cuts {
		if c.Method == method && c.Reason == reason && (got == nil || c.Depth >= got.Depth) {
			got = &engine.Truncation{Method: entry.Method, Reason: entry.Reason, Node: c.Node, Ply: c.Ply, Depth: c.Depth}
		}
	}
	if got == nil || got.Node != want.Node || got.Ply != want.Ply || got.Depth != want.Depth {
		t.Fatalf("the page's %s cut (%s) is %+v, the engine's %+v (page cuts %+v)", method, reason, got, *want, s.Cuts)
	}
	if line, _ := res.ByMethod(entry.Method); len(s.PVByMethod[method]) != len(line.PV) {
		t.Errorf("pvByMethod[%s] = %v, the engine's line has %d moves", method, s.PVByMethod[method], len(line.PV))
	}

	marker := fmt.Sprintf(`[data-testid="pv-cut-%s"]`, method)
	p.run(chromedp.WaitVisible(marker, chromedp.ByQuery))
	var node string
	p.run(chromedp.AttributeValue(marker, "data-node", &node, nil, chromedp.ByQuery))
	if node != fmt.Sprint(want.Node) {
		t.Errorf("the marker names node %s, want %d", node, want.Node)
	}
	p.click("pv-cut-" + method)
	if sel := p.labSnapshot().Selected; sel != want.Node {
		t.Fatalf("after clicking the marker, selected = %d, want node %d", sel, want.Node)
	}
	// Revealed: the node is laid out (its collapsed ancestors opened) and inside the tree's view.
	var inView bool
	p.waitFor(fmt.Sprintf(`(() => { const v = window.pvscope.view, it = v.result && v.result.byId.get(%d);
		return !!it; })()`, want.Node))
	p.run(chromedp.Evaluate(fmt.Sprintf(`(() => { const v = window.pvscope.view, it = v.result.byId.get(%d);
		const x = it.x * v.scale + v.tx, y = it.y * v.scale + v.ty;
		return x >= 0 && x <= v.w && y >= 0 && y <= v.h; })()`, want.Node), &inView))
	if !inView {
		t.Errorf("node %d is not inside the tree view after clicking its marker", want.Node)
	}
	// The board shows the position at that node: the moves from the root to it (as many as the
	// engine says the line has) replayed with notnil/chess, piece for piece.
	var path []string
	p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.trace.positionMoves(%d)`, want.Node), &path))
	if len(path) != want.Ply {
		t.Fatalf("node %d is %d moves from the root (%v), the engine's line has %d", want.Node, len(path), path, want.Ply)
	}
	wantPieces := piecesAfter(t, entry.FEN, path)
	var shown string
	for range 100 { // the board draws on the next frames
		p.run(chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="board"] [data-piece][data-square]')]
			.map((e) => e.dataset.piece + e.dataset.square).sort().join(" ")`, &shown))
		if shown == wantPieces {
			break
		}
		p.run(chromedp.Sleep(100 * time.Millisecond))
	}
	if shown != wantPieces {
		t.Errorf("the board shows\n %s\nafter %v it should show\n %s", shown, path, wantPieces)
	}
	p.waitFor(`document.getElementById("board-title").textContent.startsWith("selected:")`)
}

// MultiPV from the start position at depth 3: three lines with different first moves, the
// engine's own lines for the same search.
func TestBrowserPVLabMultiPV(t *testing.T) {
	options := map[string]string{"depth": "3", "multipv": "3"}
	res := engineSearch(t, engine.StartFEN, options)
	want := res.Iterations[len(res.Iterations)-1].Lines

	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"depth": {"3"}, "multipv": {"3"}}.Encode())
	s := p.searchToTheEnd()
	if len(s.MultiPV) != 3 || len(want) != 3 {
		t.Fatalf("multipv has %d lines (the engine %d), want 3: %+v", len(s.MultiPV), len(want), s.MultiPV)
	}
	first := map[string]bool{}
	for i, l := range s.MultiPV {
		if len(l.PV) == 0 {
			t.Fatalf("line %d is empty", i+1)
		}
		first[l.PV[0]] = true
		if l.Score != want[i].Score || l.PV[0] != engine.UCI(want[i].PV[0]) {
			t.Errorf("line %d: %d %v, the engine's %d %v", i+1, l.Score, l.PV, want[i].Score, want[i].PV)
		}
	}
	if len(first) != 3 {
		t.Errorf("the three lines do not start with three different moves: %+v", s.MultiPV)
	}
	var rows int
	p.run(chromedp.Evaluate(`document.querySelectorAll('[data-testid="pv-multipv"] li').length`, &rows))
	if rows != 3 {
		t.Errorf("the PV panel lists %d MultiPV lines, want 3", rows)
	}
}

// Every exhibit of the gallery, searched in the page: the newest cut of the exhibit's method
// carries the pv-cut-<method> marker, at the node and for the reason the engine reports when
// it searches the same position with the same settings.
func TestBrowserPVLabEveryGalleryEntryShowsItsCut(t *testing.T) {
	p := newPage(t, 1366, 768)
	// Searches start paused (?paused=1, which the gallery's links keep): the page takes each
	// search's events without playing them (up to 416,000 events an exhibit), and End shows the
	// last step, whose markers are checked.
	p.open("/?paused=1")
	for i, entry := range engine.Gallery {
		method := entry.Method.String()
		var want *engine.Truncation
		for _, c := range engineSearch(t, entry.FEN, entry.Options).Truncations() {
			if c.Method == entry.Method {
				want = &c // the newest: a stopped iteration's cut comes last
			}
		}
		if want == nil || want.Reason != entry.Reason {
			t.Errorf("%q: the engine's newest %s cut is %+v, the gallery says %s", entry.Name, method, want, entry.Reason)
			continue
		}
		p.run(chromedp.Evaluate(fmt.Sprintf(`(() => {
			const s = document.querySelector('[data-testid="gallery-select"]');
			s.selectedIndex = %d;
			s.dispatchEvent(new Event("change", { bubbles: true }));
		})()`, i+1), nil))
		p.searchToTheEnd()
		marker := fmt.Sprintf(`[data-testid="pv-cut-%s"]`, method)
		p.run(chromedp.WaitVisible(marker, chromedp.ByQuery))
		var node, reason string
		p.run(chromedp.AttributeValue(marker, "data-node", &node, nil, chromedp.ByQuery),
			chromedp.AttributeValue(marker, "data-reason", &reason, nil, chromedp.ByQuery))
		if node != fmt.Sprint(want.Node) || reason != entry.Reason.String() {
			t.Errorf("%q: the %s marker names node %s (%s), the engine node %d (%s)", entry.Name, method, node, reason, want.Node, want.Reason)
		}
	}
}
