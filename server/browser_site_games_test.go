package server

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The games of issue 43 in the static site (the search in the WebAssembly
// worker, no pvscope server): a game chosen from the setup's menu, its
// position typed, searched, and its board drawn at every step against the
// positions the test computes by the game's rules written here.

// c4Board plays Connect Four columns ("4") from the empty board, red first:
// each cell "column:row" (row 1 the bottom) and its disc, r, y or ".".
func c4Board(t *testing.T, moves []string) map[string]string {
	t.Helper()
	b := map[string]string{}
	for c := 1; c <= 7; c++ {
		for r := 1; r <= 6; r++ {
			b[fmt.Sprintf("%d:%d", c, r)] = "."
		}
	}
	for i, m := range moves {
		var c int
		if _, err := fmt.Sscanf(m, "%d", &c); err != nil || c < 1 || c > 7 {
			t.Fatalf("move %d, %q, is not a column 1 to 7", i+1, m)
		}
		r := 1
		for r <= 6 && b[fmt.Sprintf("%d:%d", c, r)] != "." {
			r++
		}
		if r > 6 {
			t.Fatalf("move %d, column %d, is full in %v", i+1, c, moves)
		}
		b[fmt.Sprintf("%d:%d", c, r)] = map[bool]string{true: "r", false: "y"}[i%2 == 0]
	}
	return b
}

var c4Column = regexp.MustCompile(`^[1-7]$`)

// chooseGame picks game in the setup's game menu and types position, as a
// person does (the menu's and the field's input events, which the setup
// listens to), and sets algo and depth in the form.
func (p *page) chooseGame(game, position, algo, depth string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`(() => {
		const set = (sel, v) => { const el = document.querySelector(sel); el.value = v;
			el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); };
		set('[data-testid="game-select"]', %q);
		set('[data-testid="game-position"]', %q);
		set('[data-testid="algo-select"]', %q);
		set('[data-testid="depth-input"]', %q);
		return 0;
	})()`, game, position, algo, depth), nil)
}

// gameSteps seeks every step of the finished search and reads, at each, the
// moves from the root to the node the search is at and the drawn board.
type gameStep struct {
	Moves []string          `json:"moves"`
	Cells map[string]string `json:"cells"`
}

func (p *page) gameSteps(from, to int) []gameStep {
	p.t.Helper()
	var steps []gameStep
	p.await(fmt.Sprintf(`(async () => {
		const out = [], api = window.pvscope;
		for (let k = %d; k <= %d; k++) {
			api.seek(k);
			// The step drawn whole, its board too (a slow frame draws the regions over several,
			// render.js; the game's rules module may still be loading, board/games.js).
			await api.settled();
			const tr = api.trace, id = tr.current(k), cells = {};
			for (const g of document.querySelectorAll('[data-testid="game-board"] [data-testid="game-cell"]')) cells[g.dataset.cell] = g.dataset.piece;
			out.push({ moves: id ? tr.positionMoves(id) : [], cells });
		}
		return out;
	})()`, from, to), &steps)
	return steps
}

// Tic-tac-toe chosen from the site's menu, five moves in (o to move: c2
// stops x's row a2-b2-c2), searched by alpha-beta to depth 4 in the worker:
// at every step the board is the start's moves and the node's, played by
// tttBoard's rules; the moves are squares; the line opens with c2.
func TestBrowserSiteGameTicTacToeFromTheMenu(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html")
	start := []string{"b2", "a1", "c3", "a3", "a2"}
	p.chooseGame("tictactoe", strings.Join(start, " "), "alphabeta", "4")
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`) // the preview, before Start
	if got, want := p.gameCells(), tttBoard(t, start); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the site's preview draws %v; want %v", got, want)
	}
	if loc := p.location(); !strings.Contains(loc, "game=tictactoe") {
		t.Errorf("after choosing from the menu the address is %q; want game=tictactoe in it", loc)
	}
	p.click("start-button")
	n := p.finished()
	if n < 10 {
		t.Fatalf("the worker's search has %d events; want a whole search of o's four moves", n)
	}
	deepest := checkGameSteps(t, p.gameSteps(0, n), start, tttBoard, tttSquare, "a square a1..c3")
	if deepest < 3 {
		t.Errorf("the deepest node shown is %d moves from the root; want the search's leaves", deepest)
	}
	var pv []string
	p.eval(`window.pvscope.seek(window.pvscope.snapshot().eventCount).pv`, &pv)
	if len(pv) == 0 || pv[0] != "c2" {
		t.Errorf("the worker's PV is %v; want it to open with c2, the only move that stops x's row", pv)
	}
}

// Connect Four chosen from the site's menu after 4 4 5 3 (red to move),
// searched by alpha-beta to depth 3 in the worker: the board is drawn at
// every step, each the start's columns and the node's dropped by c4Board's
// rules, and the moves are columns 1 to 7.
func TestBrowserSiteGameConnectFourDrawn(t *testing.T) {
	p := newSitePage(t, 1366, 768)
	p.open(sitePath + "index.html")
	start := []string{"4", "4", "5", "3"}
	p.chooseGame("connect4", "4453", "alphabeta", "3")
	p.waitFor(`!!document.querySelector('[data-testid="game-board"]')`)
	if got, want := p.gameCells(), c4Board(t, start); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the site's preview draws %v; want %v", got, want)
	}
	p.click("start-button")
	n := p.finished()
	if n < 10 {
		t.Fatalf("the worker's search has %d events", n)
	}
	deepest := checkGameSteps(t, p.gameSteps(0, min(n, 150)), start, c4Board, c4Column, "a column 1..7")
	if deepest < 3 {
		t.Errorf("the deepest node shown is %d moves from the root; want 3", deepest)
	}
	if cols := count(p.drawnTexts(), c4Column.MatchString); cols < 7 {
		t.Errorf("the tree draws %d labels 1..7; want the root's seven columns at least", cols)
	}
}
