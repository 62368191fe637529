package engine

import (
	"context"
	"testing"

	"github.com/pvscope/pvscope/engine/games"
)

// A plain negamax over tic-tac-toe's whole tree, written here from the rules:
// +1 a win for the side to move, -1 a loss, 0 a draw.
func tttNegamax(b games.Board) int {
	switch b.Outcome() {
	case games.Loss:
		return -1
	case games.Draw:
		return 0
	}
	best := -2
	for _, m := range b.Moves(nil) {
		b.Play(m)
		best = max(best, -tttNegamax(b))
		b.Undo()
	}
	return best
}

// The empty tic-tac-toe board is a draw: minimax, alpha-beta and PVS over the
// whole tree (nine plies) agree with the plain negamax written above, and a
// position one move from a win finds it.
func TestTicTacToeSearchedWhole(t *testing.T) {
	for _, c := range []struct {
		position string
		want     int // the plain negamax's value
	}{{"", 0}, {"xx./oo./...", 1}, {"x../.o./..x", 0}} {
		b, err := games.TicTacToe.Parse(c.position)
		if err != nil {
			t.Fatal(err)
		}
		if v := tttNegamax(b); v != c.want {
			t.Fatalf("%q: the test's negamax gives %d, the case says %d", c.position, v, c.want)
		}
		for _, algo := range []Algorithm{Minimax, AlphaBeta, PVS} {
			pos, opt, err := Setup{Game: "tictactoe", Position: c.position}.Load()
			if err != nil {
				t.Fatal(err)
			}
			opt.Algorithm, opt.Depth, opt.IterativeDeepening, opt.Aspiration, opt.TT = algo, 9, false, false, false
			res, err := Search(context.Background(), pos, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := 0
			switch {
			case res.Score > mateBound:
				got = 1
			case res.Score < -mateBound:
				got = -1
			}
			if got != c.want {
				t.Errorf("%q under %v: score %d, want the sign of %d", c.position, algo, res.Score, c.want)
			}
			// Minimax reads the whole game tree: from the empty board, Henry
			// Bottomley's 549,946 nodes (engine/testdata/games/tictactoe.md).
			if algo == Minimax && c.position == "" && res.Stats.Nodes != 549946 {
				t.Errorf("minimax from the empty board read %d nodes, want the whole tree's 549,946", res.Stats.Nodes)
			}
		}
	}
}
