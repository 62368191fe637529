package server

import (
	"strings"
	"testing"
)

// A game's trace opened from a file draws the game's board, as the live
// search does: its header names the game and the position (meta game,
// position), and the board at each node is the start's moves and the
// node's, played by the test's own rules (tttBoard). Before, an opened game
// trace started as a tree with no game, and no board was drawn.
func TestBrowserGameTraceFileDrawsItsBoard(t *testing.T) {
	p := newPage(t, 1366, 768)
	start := []string{"b2", "a1"}
	trace := strings.Join([]string{
		`{"format":"pvscope-trace","version":1,"meta":{"engine":"a test's","game":"tictactoe","position":"b2 a1"}}`,
		`{"kind":"enter","node":1,"parent":0,"alpha":-1000,"beta":1000,"depth":2}`,
		`{"kind":"enter","node":2,"parent":1,"move":"c3","alpha":-1000,"beta":1000,"depth":1}`,
		`{"kind":"enter","node":3,"parent":2,"move":"a3","alpha":-1000,"beta":1000,"depth":0}`,
		`{"kind":"exit","node":3,"score":1}`,
		`{"kind":"exit","node":2,"score":-1}`,
		`{"kind":"enter","node":4,"parent":1,"move":"c1","alpha":1,"beta":1000,"depth":1}`,
		`{"kind":"exit","node":4,"score":0}`,
		`{"kind":"exit","node":1,"score":1}`,
	}, "\n") + "\n"
	token := uploadTB(t, p.url, trace)
	p.open("/?trace=" + token)
	n := p.finished()
	steps := p.gameSteps(0, n)
	if len(steps) != n+1 {
		t.Fatalf("%d steps read; want %d", len(steps), n+1)
	}
	deepest := checkGameSteps(t, steps, start, tttBoard, tttSquare, "a square a1..c3")
	if deepest != 2 {
		t.Errorf("the deepest node shown is %d moves from the root; want 2 (c3 a3)", deepest)
	}
}
