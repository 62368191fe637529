package server

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Side by side: the same tree under several algorithms, stepped together one leaf at a time,
// checked against the reference searches in reftree_test.go.

type paneSnapshot struct {
	Algo          string   `json:"algo"`
	NodeCount     int      `json:"nodeCount"`
	Depth         int      `json:"depth"`
	Leaves        int      `json:"leaves"`
	ReSearches    int      `json:"reSearches"`
	PV            []string `json:"pv"`
	Score         *int     `json:"score"`
	EventIndex    int      `json:"eventIndex"`
	EventCount    int      `json:"eventCount"`
	State         string   `json:"state"`
	Error         string   `json:"error"`
	TreeLeaves    *int     `json:"treeLeaves"`
	MinimalLeaves *int     `json:"minimalLeaves"`
	LastLeaf      *string  `json:"lastLeaf"`
}

func (p *page) panes() []paneSnapshot {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().panes)`, &s))
	var out []paneSnapshot
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		p.t.Fatal(err)
	}
	return out
}

// compareToTheEnd presses Start and waits until every pane's search has arrived.
func (p *page) compareToTheEnd() []paneSnapshot {
	p.t.Helper()
	p.click("start-button")
	p.waitFor(`(() => { const ps = window.pvscope.snapshot().panes; return ps.length > 0 && ps.every((x) => x.state === "done" || x.state === "error"); })()`)
	for _, x := range p.panes() {
		if x.State != "done" {
			p.t.Fatalf("pane %s: %s %s", x.Algo, x.State, x.Error)
		}
	}
	p.click("compare-to-end")
	return p.panes()
}

// shot saves a screenshot into PVSCOPE_SCREENSHOTS when it is set (to look at, not to compare).
func (p *page) shot(name string) {
	if dir := os.Getenv("PVSCOPE_SCREENSHOTS"); dir != "" {
		p.screenshot(filepath.Join(dir, name))
	}
}

func TestBrowserCompareRussellNorvig(t *testing.T) {
	e := textbookTree(t, "aima_fig5_2")
	algos := []string{"minimax", "alphabeta", "pvs"}
	refs := map[string]*leafSearch{}
	for _, a := range algos {
		_, refs[a] = refRun(a, e.Tree)
	}
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {refText(e.Tree)}, "compare": {strings.Join(algos, ",")}}.Encode())
	// compare.js comes after the page's start (lazy.js): the panes appear when it has arrived.
	p.waitFor(`window.pvscope.snapshot().panes.length > 0`)
	if got := len(p.panes()); got != 3 {
		t.Fatalf("before Start the link shows %d panes, want 3", got)
	}
	end := p.compareToTheEnd()
	for i, a := range algos {
		x := end[i]
		if x.Algo != a {
			t.Fatalf("pane %d is %q, want %q", i, x.Algo, a)
		}
		if want := len(refs[a].leaves); x.Leaves != want {
			t.Errorf("%s read %d leaves, want %d", a, x.Leaves, want)
		}
		if want := refs[a].nodes; x.NodeCount != want {
			t.Errorf("%s entered %d nodes, want %d", a, x.NodeCount, want)
		}
		if x.Score == nil || *x.Score != e.Stated.Minimax || !slices.Equal(x.PV, []string{"0", "0"}) {
			t.Errorf("%s ends with score %v pv %v, want %d and [0 0]", a, x.Score, x.PV, e.Stated.Minimax)
		}
		// Uniform, b = 3, d = 2: 3^1 + 3^1 - 1 = 5 (Knuth and Moore); 9 leaves in all.
		if x.TreeLeaves == nil || *x.TreeLeaves != 9 || x.MinimalLeaves == nil || *x.MinimalLeaves != 5 {
			t.Errorf("%s: tree leaves %v, minimal %v, want 9 and 5", a, x.TreeLeaves, x.MinimalLeaves)
		}
	}
	// The panes draw on the next frame: wait for the minimax pane to say it read all 9 leaves.
	p.waitFor(`document.querySelector('[data-algo="minimax"] [data-testid="pane-ratio"]').textContent.startsWith("9 / 9")`)

	// Stepping together: after n joint steps each pane has read its first n leaves, in order.
	p.click("compare-to-start")
	for n := 1; n <= 10; n++ {
		p.click("compare-step")
		for i, x := range p.panes() {
			ref := refs[algos[i]].leaves
			want := min(n, len(ref))
			if x.Leaves != want || x.LastLeaf == nil || *x.LastLeaf != ref[want-1] {
				t.Fatalf("after %d joint steps %s has read %d leaves, the last %v; want %d, the last %s", n, x.Algo, x.Leaves, x.LastLeaf, want, ref[want-1])
			}
		}
		if n == 4 {
			p.shot("compare-aima-1366.png")
		}
	}
	// The arrow keys step them together too.
	p.click("compare-to-start")
	p.run(chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowLeft))
	for _, x := range p.panes() {
		if x.Leaves != 2 {
			t.Errorf("after → → → ←, %s has read %d leaves, want 2", x.Algo, x.Leaves)
		}
	}
	// One pane alone: the alpha-beta pane reads a leaf, the others stay.
	p.click("compare-to-start")
	p.run(chromedp.Click(`[data-testid="compare-pane"][data-algo="alphabeta"] [data-testid="pane-step"]`, chromedp.ByQuery))
	for _, x := range p.panes() {
		want := map[string]int{"alphabeta": 1}[x.Algo]
		if x.Leaves != want {
			t.Errorf("after stepping only the alpha-beta pane, %s has read %d leaves, want %d", x.Algo, x.Leaves, want)
		}
	}
	// Closing goes back to one search and the URL forgets the comparison.
	p.click("compare-close")
	var loc string
	p.run(chromedp.Evaluate(`location.search`, &loc))
	if strings.Contains(loc, "compare") || len(p.panes()) != 0 {
		t.Errorf("after closing: URL %q, %d panes", loc, len(p.panes()))
	}
}

func TestBrowserCompareWikipedia(t *testing.T) {
	e := textbookTree(t, "wikipedia_ab_pruning_svg")
	p := newPage(t, 1920, 1080)
	p.open("/?" + url.Values{"tree": {refText(e.Tree)}, "compare": {"minimax,alphabeta,pvs"}}.Encode())
	end := p.compareToTheEnd()
	for _, x := range end {
		_, ref := refRun(x.Algo, e.Tree)
		if x.Leaves != len(ref.leaves) {
			t.Errorf("%s read %d leaves, want %d", x.Algo, x.Leaves, len(ref.leaves))
		}
		// Not uniform: no Knuth-Moore minimum, but 14 leaves in the tree.
		if x.TreeLeaves == nil || *x.TreeLeaves != 14 || x.MinimalLeaves != nil {
			t.Errorf("%s: tree leaves %v minimal %v, want 14 and none", x.Algo, x.TreeLeaves, x.MinimalLeaves)
		}
	}
	if end[0].Leaves != 14 || end[1].Leaves != 9 {
		t.Errorf("minimax and alpha-beta read %d and %d leaves, the figure says 14 and 9", end[0].Leaves, end[1].Leaves)
	}
	if end[2].ReSearches != 2 {
		t.Errorf("PVS re-searched %d times, want 2 (root.1.2 and root.2 in the JSON)", end[2].ReSearches)
	}
	p.click("compare-to-start")
	for range 6 {
		p.click("compare-step")
	}
	p.shot("compare-wikipedia-1920.png")
}

// Chess: PVS with the table on and off, and a control in the page rather than the URL.
func TestBrowserCompareChessTable(t *testing.T) {
	p := newPage(t, 1920, 1080)
	p.open("/?" + url.Values{"fen": {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, "depth": {"4"}}.Encode())
	p.run(chromedp.SetValue(`[data-testid="compare-select"]`, "pvs:tt=true,pvs:tt=false", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('[data-testid="compare-select"]').dispatchEvent(new Event("change", {bubbles: true}))`, nil))
	var loc string
	p.run(chromedp.Evaluate(`location.search`, &loc))
	if !strings.Contains(loc, "compare=pvs:tt=true,pvs:tt=false") {
		t.Errorf("the URL does not follow the comparison control: %q", loc)
	}
	end := p.compareToTheEnd()
	if len(end) != 2 || end[0].Score == nil || end[1].Score == nil {
		t.Fatalf("panes %+v", end)
	}
	// The table changes the work, not the answer: same depth-4 score either way (at depth 3 Kiwipete has no transposition worth a cut).
	if *end[0].Score != *end[1].Score {
		t.Errorf("score with the table %d, without %d", *end[0].Score, *end[1].Score)
	}
	if end[0].NodeCount >= end[1].NodeCount {
		t.Errorf("with the table %d nodes, without %d: the table saved nothing", end[0].NodeCount, end[1].NodeCount)
	}
	p.shot("compare-chess-1920.png")
	fmt.Fprintf(os.Stderr, "chess table on/off at depth 4 on Kiwipete: %d vs %d nodes, %d vs %d leaves\n",
		end[0].NodeCount, end[1].NodeCount, end[0].Leaves, end[1].Leaves)
}

// A comparison the page cannot run says why, in the banner and beside the control; a server
// error (a leaf out of range) reaches the panes and the banner too.
func TestBrowserCompareSaysWhatIsWrong(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"tree": {"((3 12 8) (2 4 6))"}, "compare": {"minimax,negascout"}}.Encode())
	p.waitFor(`window.pvscope.snapshot().error !== ""`)
	if got := p.text("error-banner"); !strings.Contains(got, `"negascout" in the comparison is not an algorithm`) {
		t.Errorf("banner %q", got)
	}
	p.run(chromedp.SetValue(`[data-testid="compare-select"]`, "alphabeta,pvs", chromedp.ByQuery),
		chromedp.SetValue(`[data-testid="tree-input"]`, "((3 12 8) (2 4 60000))", chromedp.ByQuery))
	p.click("start-button")
	p.waitFor(`(() => { const ps = window.pvscope.snapshot().panes; return ps.length === 2 && ps.every((x) => x.state === "error"); })()`)
	if s := p.snapshot(); !strings.Contains(s.Error, "out of range") {
		t.Errorf("banner after a bad tree: %q", s.Error)
	}
}

// On a generated tree ordered best first, alpha-beta reads exactly Knuth and Moore's minimum:
// b = 3, d = 4 gives 3^2 + 3^2 - 1 = 17 of the 3^4 = 81 leaves minimax reads.
func TestBrowserCompareBestOrderedTreeReadsTheMinimum(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"random": {"b=3,d=4,seed=7,order=best"}, "compare": {"minimax,alphabeta"}}.Encode())
	end := p.compareToTheEnd()
	if end[0].Leaves != 81 || end[1].Leaves != 17 {
		t.Errorf("minimax read %d leaves and alpha-beta %d, want 81 and 17", end[0].Leaves, end[1].Leaves)
	}
	for _, x := range end {
		if x.TreeLeaves == nil || *x.TreeLeaves != 81 || x.MinimalLeaves == nil || *x.MinimalLeaves != 17 {
			t.Errorf("%s: tree leaves %v, minimal %v, want 81 and 17", x.Algo, x.TreeLeaves, x.MinimalLeaves)
		}
	}
	p.waitFor(`document.querySelector('[data-testid="compare-summary"]').textContent.includes("81 leaves")`)
	if got := p.text("compare-summary"); !strings.Contains(got, "at least 17") {
		t.Errorf("summary %q", got)
	}
}

// Minimax beside alpha-beta on a chess position runs both without quiescence, so minimax reads
// every position at the horizon of each iteration: perft(1) + perft(2) = 20 + 400 from the start
// (the Chess Programming Wiki's perft table), and alpha-beta fewer for the same score.
func TestBrowserCompareChessMinimaxReadsThePerftCounts(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"fen": {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, "depth": {"2"},
		"compare": {"minimax,alphabeta"}}.Encode())
	end := p.compareToTheEnd()
	if end[0].Leaves != 20+400 {
		t.Errorf("minimax read %d leaves, want 420", end[0].Leaves)
	}
	if end[1].Leaves >= end[0].Leaves || end[0].Score == nil || end[1].Score == nil || *end[0].Score != *end[1].Score {
		t.Errorf("alpha-beta read %d leaves with score %v, minimax %d with %v", end[1].Leaves, end[1].Score, end[0].Leaves, end[0].Score)
	}
	p.waitFor(`[...document.querySelectorAll('[data-testid="pane-note"]')].every((n) => n.textContent.includes("quiescence off"))`)
	// The panes write the line as the page does, in SAN from move 1 (issue 28: they showed e2e4).
	for i, x := range end {
		if len(x.PV) != 2 {
			t.Fatalf("pane %d's line %v, want two moves at depth 2", i, x.PV)
		}
		first := x.PV[0][2:] // a pawn's or a knight's first move: "e2e4" is "1.e4", "g1f3" is "1.Nf3"
		if x.PV[0][0] == 'b' || x.PV[0][0] == 'g' {
			first = "N" + first
		}
		var text string
		p.run(chromedp.Evaluate(fmt.Sprintf(`document.querySelectorAll('[data-testid="pane-pv"]')[%d].textContent`, i), &text))
		if !strings.Contains(text, "1."+first+" ") || strings.Contains(text, x.PV[0]) {
			t.Errorf("pane %d shows %q for the line %v: want SAN, 1.%s first", i, text, x.PV, first)
		}
	}
}

// Side by side, pvscope's search with and without modern=true on a Bratko-Kopec position
// (BK.02, engine/testdata/tactics) at depth 5: each pane says the depth its search reached,
// the one asked for, and the modern search reaches it with fewer nodes.
func TestBrowserCompareModernSearch(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"fen": {"3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1"}, "depth": {"5"},
		"compare": {"pvs,pvs:modern=true"}}.Encode())
	end := p.compareToTheEnd()
	if len(end) != 2 {
		t.Fatalf("panes %+v", end)
	}
	for _, x := range end {
		if x.Depth != 5 {
			t.Errorf("pane %s: depth %d, want 5", x.Algo, x.Depth)
		}
	}
	var shown []string
	p.run(chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="pane-depth"]')].map((d) => d.textContent)`, &shown))
	if len(shown) != 2 || shown[0] != "5" || shown[1] != "5" {
		t.Errorf("the panes show depths %q, want 5 and 5", shown)
	}
	if end[1].NodeCount >= end[0].NodeCount {
		t.Errorf("modern=true %d nodes, the defaults %d: modern saved nothing", end[1].NodeCount, end[0].NodeCount)
	}
	p.shot("compare-modern-1366.png")
	fmt.Fprintf(os.Stderr, "BK.02 at depth 5: defaults %d nodes, modern=true %d\n", end[0].NodeCount, end[1].NodeCount)
}
