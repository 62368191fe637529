package server

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Boards in the tree (issue 43, item 4): a game's small tree drawn with the position in every
// node. The positions are worked out here, by playing each node's moves with the test's own
// rules (tttBoard); the boxes are checked against one another on the screen.

// nodeBoard is one drawn box: the moves that lead to its node, its cells (data-cell -> piece),
// its rectangle on the screen and its least cell's width.
type nodeBoard struct {
	Moves string            `json:"moves"`
	Kind  string            `json:"kind"`
	Cells map[string]string `json:"cells"`
	X     float64           `json:"x"`
	Y     float64           `json:"y"`
	W     float64           `json:"w"`
	H     float64           `json:"h"`
	Cell  float64           `json:"cell"`
}

// nodeBoards waits two frames (the tree draws on the next one) and reads every drawn box.
func (p *page) nodeBoards() []nodeBoard {
	p.t.Helper()
	var out []nodeBoard
	p.await(`(async () => {
		await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
		return [...document.querySelectorAll('[data-testid="node-board"]')].map((b) => {
			const r = b.getBoundingClientRect(), cells = {};
			let cell = Infinity;
			for (const g of b.querySelectorAll('[data-testid="mini-board"] [data-cell]')) {
				cells[g.dataset.cell] = g.dataset.piece;
				cell = Math.min(cell, g.querySelector("rect.mini-cell").getBoundingClientRect().width);
			}
			return { moves: b.dataset.moves, kind: b.dataset.kind, cells, x: r.x, y: r.y, w: r.width, h: r.height, cell };
		});
	})()`, &out)
	return out
}

// viewShot saves the viewport as it is in $PVSCOPE_SHOTS (a temporary folder when unset): a full
// page's screenshot resizes the window, which clears the tree's canvas until its next frame.
func (p *page) viewShot(t *testing.T, name string) {
	dir := os.Getenv("PVSCOPE_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	var png []byte
	p.run(chromedp.CaptureScreenshot(&png))
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkNodeBoards: every box's cells are its node's position from start, and no two boxes overlap.
func checkNodeBoards(t *testing.T, start []string, boards []nodeBoard) {
	t.Helper()
	for _, b := range boards {
		var moves []string
		if b.Moves != "" {
			moves = strings.Fields(b.Moves)
		}
		want := tttBoard(t, append(append([]string{}, start...), moves...))
		if fmt.Sprint(b.Cells) != fmt.Sprint(want) {
			t.Errorf("the board of node %q (%s) draws %v; want %v", b.Moves, b.Kind, b.Cells, want)
		}
	}
	for i, a := range boards {
		for _, b := range boards[i+1:] {
			if a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H {
				t.Errorf("the boards of %q at (%.0f,%.0f %.0fx%.0f) and %q at (%.0f,%.0f %.0fx%.0f) overlap",
					a.Moves, a.X, a.Y, a.W, a.H, b.Moves, b.X, b.Y, b.W, b.H)
			}
		}
	}
}

// shownItems is how many of the tree's items the canvas drew that the search has met (a node
// or a pruned move): each should be a board.
func (p *page) shownItems() int {
	var n int
	p.eval(`(window.pvscope.view.visible || []).filter((it) => (it.kind === "node" || it.kind === "pruned") && it.state !== "unseen").length`, &n)
	return n
}

func TestBrowserGameBoardsInTheTree(t *testing.T) {
	start := []string{"b2", "a1", "c3", "a3", "a2"} // o to move: four squares left
	link := "/?" + url.Values{"game": {"tictactoe"}, "position": {strings.Join(start, " ")}, "algo": {"alphabeta"}, "depth": {"3"}, "boards": {"1"}}.Encode()

	p := newPage(t, 1366, 768)
	// Chess has no boards in its tree: the setting is not offered.
	p.open("/")
	var offered bool
	p.eval(`!!document.getElementById("node-boards-setting")`, &offered)
	if offered {
		t.Errorf("the chess page offers boards in the tree; want no such setting for chess")
	}
	// and the boards' code is not loaded (it comes with a game's board).
	loaded := `performance.getEntriesByType("resource").some((e) => /board\/(nodeboards|miniboard)[.-]/.test(e.name))`
	var got bool
	p.eval(loaded, &got)
	if got {
		t.Errorf("the chess page loaded the boards in the tree's code; want it only with a game")
	}
	p.open(link)
	p.waitFor(`!!document.getElementById("node-boards-setting") && document.querySelector('[data-testid="node-boards"]').checked`)
	p.startAndWait()
	n := p.finished()
	for _, k := range []int{n / 3, n} {
		p.eval(fmt.Sprintf(`window.pvscope.seek(%d); 0`, k), nil)
		boards := p.nodeBoards()
		if shown := p.shownItems(); len(boards) != shown || shown < 2 {
			t.Fatalf("step %d: %d boards drawn for %d nodes shown; want one board per node, and several", k, len(boards), shown)
		}
		checkNodeBoards(t, start, boards)
	}
	p.viewShot(t, "nodeboards-1366x768.png")
	if p.eval(loaded, &got); !got {
		t.Errorf("boards are drawn but the page lists no load of board/nodeboards.js or miniboard.js (the check above would pass for nothing)")
	}

	// Too large: x to move with five squares left, alpha-beta to the end: about a hundred nodes
	// (under the 400 from which finished subtrees fold), no boards, and a sentence that says why.
	p.open("/?" + url.Values{"game": {"tictactoe"}, "position": {"b2 a1 c3 a3"}, "algo": {"alphabeta"}, "depth": {"5"}, "boards": {"1"}}.Encode())
	p.startAndWait()
	n = p.finished()
	p.eval(fmt.Sprintf(`window.pvscope.seek(%d); 0`, n), nil)
	p.waitFor(`!document.querySelector('[data-testid="node-boards-note"]').hidden`)
	if note := p.text("node-boards-note"); !strings.Contains(note, "more than 60") {
		t.Errorf("a tree of about a hundred nodes says %q; want why its boards are off (more than 60 nodes)", note)
	}
	if boards := p.nodeBoards(); len(boards) != 0 {
		t.Errorf("a tree past the limit draws %d boards; want none", len(boards))
	}

	// Presenting at 1920x1080: a tic-tac-toe cell is 12 pixels or more, even in a tree as wide as
	// the screen: o to move with six squares left, minimax to depth 2, 44 nodes of which 36 are
	// leaves in a row (fitted whole, a cell would be about 10 pixels: the tree is panned instead).
	wide := []string{"b2", "a1", "c3"}
	q := newPage(t, 1920, 1080)
	q.open("/?" + url.Values{"game": {"tictactoe"}, "position": {strings.Join(wide, " ")}, "algo": {"minimax"}, "depth": {"2"}, "boards": {"1"}}.Encode())
	q.startAndWait()
	n = q.finished()
	q.present()
	q.eval(fmt.Sprintf(`window.pvscope.seek(%d); 0`, n), nil)
	boards := q.nodeBoards()
	if len(boards) < 2 {
		t.Fatalf("presenting, %d boards drawn; want the tree's", len(boards))
	}
	checkNodeBoards(t, wide, boards)
	for _, b := range boards {
		if b.Cell < 12 {
			t.Errorf("presenting at 1920x1080, node %q's board has cells %.1f px wide; want 12 at least", b.Moves, b.Cell)
		}
	}
	q.viewShot(t, "nodeboards-1920x1080-presenting.png")

	// A phone: the setting works there too (the tree is panned, not shrunk).
	ph := newPage(t, 390, 844)
	ph.open(link)
	ph.startAndWait()
	n = ph.finished()
	ph.eval(fmt.Sprintf(`window.pvscope.seek(%d); 0`, n), nil)
	boards = ph.nodeBoards()
	if len(boards) == 0 {
		t.Errorf("on a phone no board is drawn in the tree")
	}
	checkNodeBoards(t, start, boards)
	ph.viewShot(t, "nodeboards-390x844.png")
}
