package server

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/pvscope/pvscope/engine/games"
)

// gameTreeHere is a game's exercise tree built by this test itself: every move two plies deep
// from b, by plain recursion over the board, each leaf the game's evaluation turned to the root
// player's side, a finished game ±win (0 drawn); names holds each edge's move, read from the
// cell the move filled (Connect Four's column 1 to 7, tic-tac-toe's square a1..c3).
func gameTreeHere(b games.Board, depth, ply, win int, path string, names map[string]string) leafTree {
	sign := 1.0
	if ply%2 == 1 {
		sign = -1
	}
	switch b.Outcome() {
	case games.Win:
		return sign * float64(win)
	case games.Loss:
		return -sign * float64(win)
	case games.Draw:
		return 0.0
	}
	if depth == 0 {
		return sign * float64(b.Evaluate())
	}
	var out []any
	for i, m := range b.Moves(nil) {
		before := b.Cells()
		b.Play(m)
		after := b.Cells()
		cell := 0
		for before[cell] == after[cell] {
			cell++
		}
		p := strconv.Itoa(i)
		if path != "" {
			p = path + "." + p
		}
		if b.Game().Cols == 3 { // tic-tac-toe's a1..c3: files left to right, ranks from the bottom
			names[p] = string(rune('a'+cell%3)) + strconv.Itoa(3-cell/3)
		} else {
			names[p] = strconv.Itoa(cell%7 + 1)
		}
		out = append(out, gameTreeHere(b, depth-1, ply+1, win, p, names))
		b.Undo()
	}
	return out
}

type gradedMarks struct {
	Right    bool     `json:"right"`
	Mistakes []string `json:"mistakes"`
	Marks    []any    `json:"marks"`
}

func (p *page) answerExerciseMarks(x any) (gradedMarks, []string) {
	p.t.Helper()
	b, _ := json.Marshal(x)
	var s string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.answerExercise(`+string(b)+`))`, &s))
	var g gradedMarks
	if err := json.Unmarshal([]byte(s), &g); err != nil {
		p.t.Fatal(err)
	}
	var ringed []string // the marks drawn on the figure
	p.run(chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="exercise-panel"] .ex-mark')].map((m) => m.dataset.mark)`, &ringed))
	sort.Strings(ringed)
	return g, ringed
}

// Issue 43, item 4: Connect Four chosen, the Exercise menu sets prune and values on the game's
// tree from the position (every move two plies deep, the moves 1-7 on the edges, the root's
// board above it); an answer partly wrong is graded with the mistakes and marks an alpha-beta
// written in this test gives over the tree this test builds itself; a worksheet prints a board
// above each tree, on the question pages and the key's, and through Chromium's PDF.
func TestBrowserGameExerciseGraded(t *testing.T) {
	const position = "4453"
	b, err := games.ConnectFour.Parse(position)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	tree := gameTreeHere(b, 2, 0, 10000, "", names)
	s := refAlphaBeta(tree, nil)
	unread := refUnread(tree, nil)
	root := s.values[""].Value

	p := newPage(t, 1366, 900)
	p.open("/?" + url.Values{"game": {"connect4"}, "position": {position}}.Encode())
	e := p.openExercise("prune")
	var game struct {
		Game     string `json:"game"`
		Position string `json:"position"`
		Depth    int    `json:"depth"`
	}
	var gs string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.snapshot().exercise.game || null)`, &gs))
	if json.Unmarshal([]byte(gs), &game); game.Game != "connect4" || game.Depth != 2 {
		t.Fatalf("snapshot().exercise.game = %s, want connect4 at depth 2", gs)
	}
	sameJSON(t, "prune", e.Key, map[string]any{"unread": unread, "root": root})

	// The figure: the root's board, a move on every edge.
	var cells string
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="exercise-board"]').dataset.cells`, &cells))
	if cells != b.Cells() {
		t.Errorf("the exercise's board is %q, want the position's %q", cells, b.Cells())
	}
	var moves map[string]string
	p.run(chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('[data-testid="exercise-panel"] .ex-move')].map((m) => [m.dataset.move, m.textContent]))`, &moves))
	if len(moves) != len(names) {
		t.Errorf("%d edges named, want %d", len(moves), len(names))
	}
	for path, want := range names {
		if moves[path] != want {
			t.Errorf("edge %s is named %q, want the column %q", path, moves[path], want)
		}
	}
	// A leaf clicked shows its board: the position after its two moves.
	leaf := "2.3"
	p.run(chromedp.Click(`[data-testid="exercise-panel"] [data-path="`+leaf+`"]`, chromedp.ByQuery))
	p.waitFor(`document.querySelector('[data-testid="exercise-node-board"]') !== null`)
	after, _ := games.ConnectFour.Parse(position + names["2"] + names[leaf])
	p.run(chromedp.Evaluate(`document.querySelector('[data-testid="exercise-node-board"]').dataset.cells`, &cells))
	if cells != after.Cells() {
		t.Errorf("leaf %s's board is %q, want %q (%s%s%s)", leaf, cells, after.Cells(), position, names["2"], names[leaf])
	}

	if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
		p.screenshot(filepath.Join(dir, "game-exercise-1366x900.png"))
	}

	// Prune answered partly wrong: every leaf the reference never reads but one, one read leaf
	// crossed out too, and a wrong root value.
	if len(unread) == 0 {
		t.Fatal("the reference prunes nothing here: choose another position")
	}
	var read string
	for _, l := range refLeaves(tree, nil, nil) {
		if !strings.Contains(" "+strings.Join(unread, " ")+" ", " "+l+" ") {
			read = l
		}
	}
	missed := unread[0]
	answer := append([]string{read}, unread[1:]...)
	g, ringed := p.answerExerciseMarks(map[string]any{"unread": answer, "root": root + 1})
	wantMarks := []string{"", missed, read}
	sort.Strings(wantMarks)
	if g.Right || len(g.Mistakes) != 3 || strings.Join(ringed, " ") != strings.Join(wantMarks, " ") {
		t.Errorf("prune with %s crossed, %s missed and root %d: %+v, ringed %q, want 3 mistakes ringed at %q", read, missed, root+1, g, ringed, wantMarks)
	}

	// Values answered partly wrong: the reference's value at every searched inner node, one
	// changed.
	e = p.openExercise("values")
	vals := map[string]abNode{}
	for _, q := range refInner(tree, nil, nil) {
		if v, ok := s.values[q]; ok {
			vals[q] = v
		}
	}
	sameJSON(t, "values", e.Key, vals)
	wrong := map[string]any{}
	for q, v := range vals {
		wrong[q] = v
	}
	victim := "1"
	wrong[victim] = abNode{Value: vals[victim].Value + 7, Bound: vals[victim].Bound}
	g, ringed = p.answerExerciseMarks(wrong)
	if g.Right || len(g.Mistakes) != 1 || !strings.HasPrefix(g.Mistakes[0], "Node 1 ") || strings.Join(ringed, " ") != victim {
		t.Errorf("values with node 1 off by 7: %+v, ringed %q", g, ringed)
	}
	if g, _ := p.answerExerciseMarks(vals); !g.Right {
		t.Errorf("values: the reference's answer graded wrong: %q", g.Mistakes)
	}

	// The worksheet: four trees (the position, then three positions two seeded moves on), two a
	// page, a board above each tree on the question pages and on the key's.
	// (The sheet hides the page's form: Navigate, not open, which waits for the start button.)
	p.run(chromedp.Navigate(p.url + "/?" + url.Values{"game": {"connect4"}, "position": {position}, "exercise": {"prune"}, "sheet": {"1"}, "trees": {"4"}, "paper": {"a4"}}.Encode()))
	p.waitFor(`window.pvscope && window.pvscope.snapshot().sheet && window.pvscope.snapshot().sheet.pages > 0`)
	var boards []string
	p.run(chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="sheet"] [data-testid="sheet-board"]')].map((b) => b.dataset.cells)`, &boards))
	var pages, items int
	p.run(chromedp.Evaluate(`window.pvscope.snapshot().sheet.pages`, &pages),
		chromedp.Evaluate(`document.querySelectorAll('[data-testid="sheet"] .sheet-item').length`, &items))
	if len(boards) != 8 || items != 8 || pages != 4 {
		t.Fatalf("the sheet has %d boards over %d trees on %d pages, want 8 boards, 8 trees (4 and their keys), 4 pages", len(boards), items, pages)
	}
	if boards[0] != b.Cells() || boards[4] != b.Cells() {
		t.Errorf("the first tree's board is %q (key %q), want the position's %q", boards[0], boards[4], b.Cells())
	}
	for i := 1; i < 4; i++ {
		if strings.Count(boards[i], ".") != 42-len(position)-2 || boards[i] != boards[i+4] {
			t.Errorf("tree %d's board %q (key %q) is not two moves after the position", i+1, boards[i], boards[i+4])
		}
	}
	// Measured, not asserted (docs/page-guide.md says it): the size a leaf's value prints at.
	var smallest float64
	p.run(chromedp.Evaluate(`Math.min(...[...document.querySelectorAll(".sheet-figure svg")].flatMap((svg) => {
		const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		return [...svg.querySelectorAll("text.leaf-value")].map((x) => Number(x.getAttribute("font-size")) * k * 0.75);
	}))`, &smallest))
	t.Logf("Connect Four %s, 49 leaves a tree on A4: the smallest leaf value prints at %.1f pt", position, smallest)
	if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
		p.screenshot(filepath.Join(dir, "game-sheet-1366x900.png"))
	}
	pdf := p.printPDF()
	n, text := pdfPages(t, pdf)
	if n != 4 || !strings.Contains(text, "Connect Four") {
		t.Errorf("the printed sheet has %d pages (want 4) and says Connect Four: %v", n, strings.Contains(text, "Connect Four"))
	}
	if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "game-sheet-a4.pdf"), pdf, 0o644)
	}
}

// In a static site the worker makes a game's exercise tree with the server's Go code: a
// tic-tac-toe position's prune exercise draws the leaves of the tree this test builds, the
// squares on the edges, and the reference's answer is graded right.
func TestBrowserSiteGameExercise(t *testing.T) {
	const position = "b2 a1"
	b, _ := games.TicTacToe.Parse(position)
	names := map[string]string{}
	tree := gameTreeHere(b, 2, 0, 100, "", names)
	p := newSitePage(t, 1366, 900)
	p.open(sitePath + "index.html?" + url.Values{"game": {"tictactoe"}, "position": {position}, "exercise": {"prune"}}.Encode())
	p.waitFor(`(() => { const e = window.pvscope.snapshot().exercise; return e && e.kind === "prune" && e.game })()`)
	if got, want := p.drawnLeaves(`[data-testid="exercise-panel"] [data-path]:has(.leaf-value)`), leafValues(tree); !reflect.DeepEqual(got, want) {
		t.Errorf("the site's tic-tac-toe tree %v, want %v", got, want)
	}
	var moves map[string]string
	p.run(chromedp.Evaluate(`Object.fromEntries([...document.querySelectorAll('[data-testid="exercise-panel"] .ex-move')].map((m) => [m.dataset.move, m.textContent]))`, &moves))
	if !reflect.DeepEqual(moves, names) {
		t.Errorf("the site's edges %v, want %v", moves, names)
	}
	root, _ := refRun("alphabeta", tree)
	if g, _ := p.answerExerciseMarks(map[string]any{"unread": refUnread(tree, nil), "root": root}); !g.Right {
		t.Errorf("the reference's answer graded wrong in the site: %q", g.Mistakes)
	}
}
