package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/engine"
)

// The engine panel, in headless Chromium, with Debian's stockfish behind
// pvscope serve -engine: its lines checked against notnil/chess, Stop, no
// engines, and an engine that fails.

const stockfish = "/usr/games/stockfish"

// engineLine is one of snapshot().engine.lines (docs/browser-tests.md).
type engineLine struct {
	Depth   int      `json:"depth"`
	MultiPV int      `json:"multipv"`
	Score   *int     `json:"score"`
	Mate    *int     `json:"mate"`
	Bound   string   `json:"bound"`
	PV      []string `json:"pv"`
	SAN     []string `json:"san"`
	Length  int      `json:"length"`
	End     string   `json:"end"`
	Flags   []string `json:"flags"`
}

type engineSnap struct {
	Available []string     `json:"available"`
	Loaded    bool         `json:"loaded"`
	Running   bool         `json:"running"`
	Error     *string      `json:"error"`
	Lines     []engineLine `json:"lines"`
	Warnings  []string     `json:"warnings"`
}

func (p *page) engineSnap() engineSnap {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().engine)`, &s))
	var e engineSnap
	if err := json.Unmarshal([]byte(s), &e); err != nil {
		p.t.Fatal(err)
	}
	return e
}

// newEnginePage is a page on a server offering engines (name -> command).
func newEnginePage(t *testing.T, engines map[string]string) *page {
	t.Helper()
	return newPageOn(t, 1366, 768, DefaultLimits(), func(s *Server) { s.AddEngines(engines) })
}

// domLine is what one engine-line row shows.
type domLine struct {
	Index   int      `json:"index"`
	Depth   int      `json:"depth"`
	MultiPV int      `json:"multipv"`
	Score   string   `json:"score"`
	Moves   []string `json:"moves"`
	Length  string   `json:"length"`
	Marks   string   `json:"marks"`
}

func (p *page) engineRows() []domLine {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(`JSON.stringify([...document.querySelectorAll('[data-testid="engine-line"]')].map((li) => ({
		index: +li.dataset.index, depth: +li.dataset.depth, multipv: +li.dataset.multipv,
		score: li.querySelector(".s").textContent,
		moves: [...li.querySelectorAll('[data-testid="engine-pv"] .mv')].map((m) => m.textContent),
		length: li.querySelector(".len").textContent,
		marks: [...li.querySelectorAll(".t > :not(.len)")].map((m) => m.textContent).join(" "),
	})))`, &s))
	var rows []domLine
	if err := json.Unmarshal([]byte(s), &rows); err != nil {
		p.t.Fatal(err)
	}
	return rows
}

// scoreWords is the score as the panel's help says it is written: pawns
// with a sign and two decimals, #N for a mate, ≥ / ≤ before a bound.
func scoreWords(l engineLine) string {
	s := "?"
	switch {
	case l.Mate != nil:
		s = fmt.Sprintf("#%d", *l.Mate)
	case l.Score != nil && *l.Score > 0:
		s = fmt.Sprintf("+%d.%02d", *l.Score/100, *l.Score%100)
	case l.Score != nil && *l.Score < 0:
		s = fmt.Sprintf("−%d.%02d", -*l.Score/100, -*l.Score%100)
	case l.Score != nil:
		s = "0.00"
	}
	return map[string]string{"lower": "≥", "upper": "≤"}[l.Bound] + s
}

var moveNumber = regexp.MustCompile(`^\d+(\.|…)`)

// TestBrowserEngineLines: stockfish on the start position at depth 8 with 3
// lines: the panel lists every depth up to 8, three lines at depth 8 with
// different first moves, every line legal by notnil/chess with its SAN, and
// the rows say what snapshot().engine says.
func TestBrowserEngineLines(t *testing.T) {
	needEngine(t, stockfish)
	p := newEnginePage(t, map[string]string{"stockfish": stockfish})
	p.open("/?depth=8")
	p.waitFor(`window.pvscope.snapshot().engine.loaded`)
	if e := p.engineSnap(); !slices.Equal(e.Available, []string{"stockfish"}) {
		t.Fatalf("available %v", e.Available)
	}
	p.run(chromedp.WaitVisible(`[data-testid="engine-panel"]`), chromedp.SetValue(`[data-testid="engine-multipv"]`, "3", chromedp.ByQuery))
	p.click("engine-inspect")
	p.waitFor(`(() => { const e = window.pvscope.snapshot().engine; return !e.running && e.lines.length > 0; })()`)
	e := p.engineSnap()
	if e.Error != nil {
		t.Fatalf("error %q", *e.Error)
	}
	// Every depth 1..8, and at depth 8 the last exact line of each number.
	depths := map[int]bool{}
	final := map[int]engineLine{}
	for _, l := range e.Lines {
		depths[l.Depth] = true
		if l.Depth == 8 && l.Bound == "exact" {
			final[l.MultiPV] = l
		}
		// Each line replayed with notnil/chess from the start position.
		g := chess.NewGame()
		var san []string
		for i, name := range l.PV {
			m, err := chess.UCINotation{}.Decode(g.Position(), name)
			if err == nil {
				san = append(san, chess.AlgebraicNotation{}.Encode(g.Position(), m))
				err = g.Move(m)
			}
			if err != nil {
				t.Fatalf("depth %d line %d: move %d %s is illegal: %v", l.Depth, l.MultiPV, i+1, name, err)
			}
		}
		if !slices.Equal(san, l.SAN) || l.Length != len(l.PV) || len(l.PV) == 0 {
			t.Errorf("depth %d line %d: SAN %v length %d; notnil/chess says %v", l.Depth, l.MultiPV, l.SAN, l.Length, san)
		}
	}
	for d := 1; d <= 8; d++ {
		if !depths[d] {
			t.Errorf("no line at depth %d (depths %v)", d, depths)
		}
	}
	if depths[9] {
		t.Errorf("a line deeper than 8")
	}
	firsts := map[string]bool{}
	for k := 1; k <= 3; k++ {
		l, ok := final[k]
		if !ok {
			t.Fatalf("no exact line %d at depth 8: %+v", k, final)
		}
		firsts[l.PV[0]] = true
	}
	if len(firsts) != 3 || len(final) != 3 {
		t.Errorf("depth 8's lines start with %v, want 3 different moves", firsts)
	}
	// The rows: one per line, each showing the snapshot's line.
	rows := p.engineRows()
	if len(rows) != len(e.Lines) {
		t.Fatalf("%d rows for %d lines", len(rows), len(e.Lines))
	}
	if rows[0].Depth != 8 {
		t.Errorf("the first row is at depth %d, want the deepest first", rows[0].Depth)
	}
	for _, r := range rows {
		l := e.Lines[r.Index]
		var moves []string
		for _, m := range r.Moves {
			moves = append(moves, moveNumber.ReplaceAllString(m, ""))
		}
		if r.Depth != l.Depth || r.MultiPV != l.MultiPV || !slices.Equal(moves, l.SAN) ||
			r.Score != scoreWords(l) || r.Length != fmt.Sprintf("%d/%d", l.Length, l.Depth) || !strings.Contains(r.Marks, l.End) {
			t.Errorf("row %+v shows line %+v", r, l)
		}
	}
	if !strings.HasPrefix(rows[0].Moves[0], "1.") {
		t.Errorf("the line is not numbered from move 1: %v", rows[0].Moves)
	}
	// Clicking the first row's last move shows where that line ends on the board.
	first := e.Lines[rows[0].Index]
	p.run(chromedp.Click(`[data-testid="engine-line"]:first-child .mv.end`, chromedp.ByQuery))
	want := piecesAfter(t, engine.StartFEN, first.PV)
	var shown string
	for range 100 { // the board draws on the next frames
		p.run(chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="board"] [data-piece][data-square]')]
			.map((e) => e.dataset.piece + e.dataset.square).sort().join(" ")`, &shown))
		if shown == want {
			break
		}
		p.run(chromedp.Sleep(100 * time.Millisecond))
	}
	if shown != want {
		t.Errorf("after a click on the end of %v the board shows\n %s\nnot\n %s", first.PV, shown, want)
	}
	// Any move of a line: the second shows the position after two moves.
	if len(first.PV) >= 2 {
		p.run(chromedp.Click(`[data-testid="engine-line"]:first-child .mv[data-ply="1"]`, chromedp.ByQuery))
		want = piecesAfter(t, engine.StartFEN, first.PV[:2])
		for range 100 {
			p.run(chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="board"] [data-piece][data-square]')]
				.map((e) => e.dataset.piece + e.dataset.square).sort().join(" ")`, &shown))
			if shown == want {
				break
			}
			p.run(chromedp.Sleep(100 * time.Millisecond))
		}
		if shown != want {
			t.Errorf("after a click on the second move of %v the board shows\n %s\nnot\n %s", first.PV, shown, want)
		}
	} else {
		t.Errorf("depth 8's first line has %d moves: too short to click its second", len(first.PV))
	}
	if got := p.text("engine-progress"); !strings.Contains(got, "up to depth 8") {
		t.Errorf("engine-progress reads %q after the search", got)
	}
	if p.srv.Searches() != 0 {
		t.Errorf("%d slots held after the inspection", p.srv.Searches())
	}
}

// TestBrowserEngineStop: during a depth-30 inspection the panel shows the
// depth and nodes as they come; Stop ends it, and stockfish is reaped.
func TestBrowserEngineStop(t *testing.T) {
	needEngine(t, stockfish)
	if len(childrenNamed("stockfish")) > 0 {
		t.Fatal("a stockfish of this test process is running before the test")
	}
	p := newEnginePage(t, map[string]string{"stockfish": stockfish})
	p.open("/?depth=30")
	p.waitFor(`window.pvscope.snapshot().engine.loaded`)
	p.click("engine-inspect")
	p.waitFor(`(() => { const e = window.pvscope.snapshot().engine; return e.running && e.lines.length >= 3; })()`)
	progress := p.text("engine-progress")
	if !regexp.MustCompile(`thinking at depth \d+, [\d,]+ nodes`).MatchString(progress) {
		t.Errorf("engine-progress reads %q while the engine thinks", progress)
	}
	if n := len(childrenNamed("stockfish")); n != 1 {
		t.Errorf("%d stockfish processes while it thinks, want 1", n)
	}
	p.click("engine-stop")
	// Bounded waits, not timing assertions.
	p.waitFor(`!window.pvscope.snapshot().engine.running`)
	waitNoChildren(t, p.srv, "stockfish")
	e := p.engineSnap()
	if e.Error != nil || p.snapshot().Error != "" || len(e.Lines) < 3 {
		t.Errorf("after Stop: error %v, page error %q, %d lines kept", e.Error, p.snapshot().Error, len(e.Lines))
	}
	// The panel works again after a stop.
	p.run(chromedp.SetValue(`[data-testid="depth-input"]`, "5", chromedp.ByQuery))
	p.click("engine-inspect")
	p.waitFor(`(() => { const e = window.pvscope.snapshot().engine; return !e.running && e.lines.some((l) => l.depth === 5); })()`)
}

// consoleErrors collects what the page logs as an error or throws.
func consoleErrors(p *page) func() []string {
	var mu sync.Mutex
	var errs []string
	chromedp.ListenTarget(p.ctx, func(ev any) {
		text := ""
		switch e := ev.(type) {
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.LevelError {
				text = e.Entry.Text + " " + e.Entry.URL
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				for _, a := range e.Args {
					text += string(a.Value)
				}
			}
		case *runtime.EventExceptionThrown:
			text = e.ExceptionDetails.Error()
		}
		if text != "" {
			mu.Lock()
			errs = append(errs, text)
			mu.Unlock()
		}
	})
	p.run(cdplog.Enable(), runtime.Enable())
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), errs...)
	}
}

// TestBrowserNoEngines: a server without -engine: the panel stays hidden,
// snapshot().engine is empty, and nothing is logged as an error.
func TestBrowserNoEngines(t *testing.T) {
	p := newPage(t, 1366, 768)
	errs := consoleErrors(p)
	p.open("/?depth=2")
	p.waitFor(`window.pvscope.snapshot().engine.loaded`)
	var hidden bool
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="engine-panel"]').hidden &&
		document.querySelector('[data-testid="engine-panel"]').getBoundingClientRect().height === 0`, &hidden))
	e := p.engineSnap()
	if !hidden || len(e.Available) != 0 || e.Running || e.Error != nil || len(e.Lines) != 0 {
		t.Errorf("no engines: panel hidden %v, snapshot %+v", hidden, e)
	}
	// A search still runs and plays.
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	if got := errs(); len(got) > 0 {
		t.Errorf("console errors: %q", got)
	}
}

// TestBrowserEngineFails: an engine that prints garbage and exits gives a
// sentence in the error banner naming it; the page keeps working; a bad FEN
// is the server's sentence too.
func TestBrowserEngineFails(t *testing.T) {
	p := newEnginePage(t, map[string]string{"broken": script(t, "echo hello; exit 3\n")})
	p.open("/?depth=2")
	p.waitFor(`window.pvscope.snapshot().engine.loaded`)
	p.click("engine-inspect")
	p.waitFor(`(() => { const e = window.pvscope.snapshot().engine; return !e.running && e.error !== null; })()`)
	p.run(chromedp.WaitVisible(`[data-testid="error-banner"]`))
	banner := p.text("error-banner")
	// It exits before or while the server sends uci: either sentence names it and its status.
	if !regexp.MustCompile(`Engine "broken" exited (before it sent uciok|while we sent uci) \(exit status 3\)`).MatchString(banner) ||
		strings.Contains(banner, "engine.sh") {
		t.Errorf("error banner: %q", banner)
	}
	if e := p.engineSnap(); e.Error == nil || *e.Error != p.snapshot().Error {
		t.Errorf("snapshot().engine.error %v, the page's %q", e.Error, p.snapshot().Error)
	}
	// The page keeps working: a search clears the banner and plays.
	p.click("start-button")
	// Played to its end: the side column stops changing under the next click.
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().running && window.pvscope.snapshot().error === ""`)
	var bannerHidden bool
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="error-banner"]').hidden`, &bannerHidden))
	if !bannerHidden {
		t.Error("the banner stays after a search that worked")
	}
	// A bad FEN is refused before any engine starts, with the server's sentence.
	p.run(chromedp.SetValue(`[data-testid="fen-input"]`, "8/8/8/8/8/8/8/8 w - - 0 1", chromedp.ByQuery))
	p.click("engine-inspect")
	p.waitFor(`(window.pvscope.snapshot().engine.error || "").includes("FEN") && !window.pvscope.snapshot().engine.running`)
	if banner := p.text("error-banner"); !strings.Contains(banner, "Bad FEN") {
		t.Errorf("bad FEN: the banner reads %q", banner)
	}
	// A teaching tree in the setup: nothing is sent (the broken engine would
	// answer "exited"), the sentence says why and what to do.
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="fen-input"]').value = "";
		document.querySelector('[data-testid="tree-input"]').value = "((3 12 8) (2 4 6) (14 5 2))"`, nil))
	p.click("engine-inspect")
	p.waitFor(`(window.pvscope.snapshot().engine.error || "").includes("setup holds a tree")`)
	if banner := p.text("error-banner"); !strings.Contains(banner, "enter a FEN") || strings.Contains(banner, "exited") {
		t.Errorf("a tree in the setup: the banner reads %q", banner)
	}
}
