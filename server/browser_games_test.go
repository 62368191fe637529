package server

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/pvscope/pvscope/engine/games"
)

// gameShot saves a screenshot in $PVSCOPE_SHOTS (a temporary folder when unset).
func (p *page) gameShot(t *testing.T, name string) {
	dir := os.Getenv("PVSCOPE_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	p.screenshot(filepath.Join(dir, name))
}

// The games of issue 43 on the page: a search from ?game=...&position=... drawn as the game's
// board at every step, moves in the game's notation, and boards drawn from a position string.
// The expected boards are worked out here, from the moves, by rules written in the test.

// gameCells is the drawn board: each cell's name (data-cell) and its piece ("." empty).
func (p *page) gameCells() map[string]string {
	p.t.Helper()
	var cells [][2]string
	p.eval(`[...document.querySelectorAll('[data-testid="game-board"] [data-testid="game-cell"]')].map((g) => [g.dataset.cell, g.dataset.piece])`, &cells)
	out := map[string]string{}
	for _, c := range cells {
		out[c[0]] = c[1]
	}
	return out
}

// tttBoard plays tic-tac-toe moves ("b2") from the empty board, x first: each square's mark.
func tttBoard(t *testing.T, moves []string) map[string]string {
	t.Helper()
	b := map[string]string{}
	for _, f := range "abc" {
		for _, r := range "123" {
			b[string(f)+string(r)] = "."
		}
	}
	for i, m := range moves {
		if b[m] != "." {
			t.Fatalf("move %d, %q, is not an empty square in %v", i+1, m, moves)
		}
		b[m] = map[bool]string{true: "x", false: "o"}[i%2 == 0]
	}
	return b
}

var tttSquare = regexp.MustCompile(`^[a-c][1-3]$`)

// checkGameSteps checks each step's board against board(start + the node's
// moves) and each move's name against name; it gives the deepest node's
// number of moves from the root.
func checkGameSteps(t *testing.T, steps []gameStep, start []string, board func(*testing.T, []string) map[string]string, name *regexp.Regexp, what string) int {
	t.Helper()
	deepest := 0
	for k, s := range steps {
		want := board(t, append(append([]string{}, start...), s.Moves...))
		if fmt.Sprint(s.Cells) != fmt.Sprint(want) {
			t.Fatalf("step %d (node %v): the board shows %v; want %v", k, s.Moves, s.Cells, want)
		}
		for _, m := range s.Moves {
			if !name.MatchString(m) {
				t.Fatalf("step %d: the node's move %q is not %s", k, m, what)
			}
		}
		deepest = max(deepest, len(s.Moves))
	}
	return deepest
}

// A tic-tac-toe search from a position five moves in, stepped from its first event to its last:
// at every step the board shows the position of the node the search is at (the start's moves and
// the node's, played by the test's own rules); the tree, the narration and the PV name moves
// a1..c3.
func TestBrowserGameTicTacToeSteppedToTheEnd(t *testing.T) {
	p := newPage(t, 1366, 768)
	start := []string{"b2", "a1", "c3", "a3", "a2"} // o to move: c2 blocks x's row; four squares left
	p.open("/?" + url.Values{"game": {"tictactoe"}, "position": {strings.Join(start, " ")}, "algo": {"alphabeta"}, "depth": {"4"}}.Encode())
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`) // the preview, before Start
	if got, want := p.gameCells(), tttBoard(t, start); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the preview draws %v; want %v", got, want)
	}
	p.startAndWait()
	n := p.finished()
	if n < 10 {
		t.Fatalf("the search has %d events; want a whole search of o's four moves", n)
	}
	steps := p.gameSteps(0, n)
	if len(steps) != n+1 {
		t.Fatalf("%d steps read; want %d", len(steps), n+1)
	}
	deepest := checkGameSteps(t, steps, start, tttBoard, tttSquare, "a square a1..c3")
	if deepest < 3 {
		t.Errorf("the deepest node shown is %d moves from the root; want the search's leaves (3 or 4)", deepest)
	}
	// The tree's labels: squares, not child indices.
	squares := count(p.drawnTexts(), tttSquare.MatchString)
	if squares < 4 {
		t.Errorf("the tree draws %d labels a1..c3; want o's four moves at least", squares)
	}
	p.eval(`window.pvscope.seek(Math.floor(window.pvscope.snapshot().eventCount / 2)); 0`, nil)
	p.gameShot(t, "tictactoe-1366x768.png")
	// The narration and the PV line name the moves as squares.
	var log string
	p.eval(`window.pvscope.seek(12); document.querySelector('[data-testid="event-log"]').textContent`, &log)
	if !regexp.MustCompile(`\b[a-c][1-3]\b`).MatchString(log) {
		t.Errorf("the narration names no square a1..c3: %q", log)
	}
	var pv []string
	p.eval(`window.pvscope.seek(window.pvscope.snapshot().eventCount).pv`, &pv)
	if len(pv) == 0 || pv[0] != "c2" {
		t.Errorf("the PV is %v; want it to open with c2, the only move that stops x's row a2-b2-c2", pv)
	}
	for _, m := range pv {
		if !tttSquare.MatchString(m) {
			t.Errorf("the PV's move %q is not a square", m)
		}
	}
}

// A position the game's rules refuse: the server's sentence in the error banner (which opens it
// with a capital, as every sentence there).
func TestBrowserGameBadPositionSaysWhy(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"game": {"tictactoe"}, "position": {"b2 b2"}}.Encode())
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().error !== ""`)
	const want = "Bad tic-tac-toe position: move 2, b2, is on a square already taken"
	if e := p.errorShown(); !strings.Contains(e, want) {
		t.Errorf("the banner says %q; want it to say %q", e, want)
	}
}

// Connect Four from its moves: each disc falls to the lowest empty cell of its column (the cells
// are named column:row from the bottom). Worked by hand: 4 (red) lands at 4:1, 4 (yellow) on it
// at 4:2, 5 (red) at 5:1, 3 (yellow) at 3:1.
func TestBrowserGameConnectFourDrawnFromItsMoves(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"game": {"connect4"}, "position": {"4453"}}.Encode())
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
	want := map[string]string{}
	for c := 1; c <= 7; c++ {
		for r := 1; r <= 6; r++ {
			want[fmt.Sprintf("%d:%d", c, r)] = "."
		}
	}
	want["4:1"], want["4:2"], want["5:1"], want["3:1"] = "r", "y", "r", "y"
	if got := p.gameCells(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Connect Four 4453 draws %v; want %v", got, want)
	}
	// A click on column 2's top cell plays 2: the disc falls to 2:1 and the position is 44532.
	p.run(chromedp.Click(`[data-testid="game-cell"][data-cell="2:6"]`, chromedp.ByQuery))
	p.waitFor(`document.querySelector('[data-testid="game-position"]').value === "44532"`)
	p.waitFor(`document.querySelector('[data-testid="game-cell"][data-cell="2:1"]').dataset.piece === "r"`)
	if !strings.Contains(p.location(), "position=44532") {
		t.Errorf("after the click the address is %q; want position=44532 in it", p.location())
	}
}

// The games' words come with the board's module, in the page's language: a French page's board
// says who moves in French.
func TestBrowserGameBoardSpeaksFrench(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?" + url.Values{"lang": {"fr"}, "game": {"connect4"}, "position": {"4"}}.Encode())
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
	var label, title string
	p.eval(`document.querySelector('[data-testid="game-board"]').getAttribute("aria-label")`, &label)
	p.eval(`document.getElementById("board-title").textContent`, &title)
	if !strings.Contains(label, "jaune au trait") || !strings.Contains(title, "cliquez sur une case") {
		t.Errorf("a French page's board is labelled %q under %q; want yellow to move in French (jaune au trait) and the French caption", label, title)
	}
}

func (p *page) location() string {
	var s string
	p.eval(`location.search`, &s)
	return s
}

// Presenting at 1920x1080, a tic-tac-toe search's board is drawn large enough for a class: each
// cell at least 60 pixels on the screen.
func TestBrowserGameBoardReadableWhenPresenting(t *testing.T) {
	p := newPage(t, 1920, 1080)
	p.open("/?" + url.Values{"game": {"tictactoe"}, "position": {"b2 a1 c3 a3 a2"}, "algo": {"alphabeta"}, "depth": {"4"}}.Encode())
	p.startAndWait()
	p.finished()
	p.present()
	p.eval(`window.pvscope.seek(20); 0`, nil)
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
	var cell float64
	p.eval(`document.querySelector('[data-testid="game-cell"] rect').getBoundingClientRect().width`, &cell)
	if cell < 60 {
		t.Errorf("presenting at 1920x1080 a cell of the board is %.0f px wide; want at least 60", cell)
	}
	p.gameShot(t, "tictactoe-1920x1080-presenting.png")
}

// Othello from its moves and from its 64 squares. Worked by hand from the start (d4 e5 white,
// d5 e4 black): black f5 turns e5 (f5-e5-d5), white d6 turns d5 (d6-d5-d4); black to move.
func TestBrowserGameOthelloDrawnFromAPosition(t *testing.T) {
	p := newPage(t, 1366, 768)
	want := map[string]string{}
	for _, f := range "abcdefgh" {
		for r := 1; r <= 8; r++ {
			want[fmt.Sprintf("%c%d", f, r)] = "."
		}
	}
	for _, s := range []string{"d4", "d5", "d6"} {
		want[s] = "w"
	}
	for _, s := range []string{"e4", "e5", "f5"} {
		want[s] = "b"
	}
	p.open("/?" + url.Values{"game": {"othello"}, "position": {"f5 d6"}}.Encode())
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
	if got := p.gameCells(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Othello f5 d6 draws %v; want %v", got, want)
	}
	var side string
	p.eval(`document.querySelector('[data-testid="game-board"]').dataset.side`, &side)
	if side != "b" {
		t.Errorf("after f5 d6 the board says %q moves; want black (b)", side)
	}
	// The same position as its 64 squares, row 8 first as the engine writes them, and the side
	// to move; the engine reads the string as the page draws it.
	var rows []string
	for r := 8; r >= 1; r-- {
		row := ""
		for _, f := range "abcdefgh" {
			row += want[fmt.Sprintf("%c%d", f, r)]
		}
		rows = append(rows, row)
	}
	eb, err := games.Othello.Parse(strings.Join(rows, "/") + " w")
	if err != nil {
		t.Fatal(err)
	}
	if ec, wc := eb.Cells(), strings.Join(rows, ""); ec != wc {
		t.Fatalf("the engine reads the string as %s, the test wrote %s", ec, wc)
	}
	p.open("/?" + url.Values{"game": {"othello"}, "position": {strings.Join(rows, "/") + " w"}}.Encode())
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
	if got := p.gameCells(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Othello's 64 squares draw %v; want %v", got, want)
	}
	p.eval(`document.querySelector('[data-testid="game-board"]').dataset.side`, &side)
	if side != "w" {
		t.Errorf("the board string says white moves; the board says %q", side)
	}
	// Searched, the root's board comes from the engine's cells: the same discs.
	p.click("start-button")
	p.waitFor(`window.pvscope.snapshot().eventCount > 0 && !window.pvscope.snapshot().streaming`)
	p.eval(`window.pvscope.seek(0); 0`, nil)
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
	if got := p.gameCells(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("searched, the root's board draws %v; want %v", got, want)
	}
}
