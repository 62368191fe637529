package engine

import (
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// play makes UCI moves on p.
func play(t *testing.T, p *ChessPosition, moves ...string) {
	t.Helper()
	for _, u := range moves {
		m, err := p.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
}

// TestRepetition: after the knights go out and back, the start position
// recurs with the same key (notnil/chess's Hash() would differ: the move
// counters changed) and scores as a draw.
func TestRepetition(t *testing.T) {
	p, err := NewChessPosition(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	root := p.Key()
	play(t, p, "g1f3", "g8f6", "f3g1")
	if p.Draw() != tracer.Searched {
		t.Fatalf("draw %v after three moves", p.Draw())
	}
	play(t, p, "f6g8")
	if p.Key() != root {
		t.Errorf("key %x after the knight dance, want the root's %x", p.Key(), root)
	}
	if p.Draw() != tracer.Repetition {
		t.Errorf("draw %v, want repetition", p.Draw())
	}
}

// TestFiftyMoveRule: with the clock at 99 half-moves, every quiet move draws,
// so a rook up scores 0; with the clock at 0 it scores as a rook up. A mate on
// the hundredth half-move is still a mate.
func TestFiftyMoveRule(t *testing.T) {
	opt := ChessDefaults()
	opt.Depth = 2
	fresh, _ := NewChessPosition("8/8/8/4k3/8/8/8/R3K3 w - - 0 80")
	if res := checkedSearch(t, fresh, opt); res.Score < 400 {
		t.Errorf("a rook up scores %d with a fresh clock", res.Score)
	}
	late, _ := NewChessPosition("8/8/8/4k3/8/8/8/R3K3 w - - 99 80")
	if res := checkedSearch(t, late, opt); res.Score != 0 {
		t.Errorf("a rook up scores %d with the clock at 99, want the draw 0", res.Score)
	}
	mate, _ := NewChessPosition("k7/8/1K6/8/8/8/8/7R w - - 99 80")
	if res := checkedSearch(t, mate, opt); res.MateMoves() != 1 {
		t.Errorf("mate in 1 on the hundredth half-move scores %d", res.Score)
	}
}
