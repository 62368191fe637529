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

// TestRepetitionWithImpossibleEnPassant: in 8/8/8/8/R2pP2k/8/8/4K3 b - e3 the
// d4 pawn stands beside the pawn that has just moved two squares, but it
// cannot take en passant: d4xe3 would empty the fourth rank between the rook
// on a4 and the king on h4. So by FIDE's rule (article 9.2.3, the same
// possible moves) the position is the same as after h4g3 e1d1 g3h4 d1e1, and
// that node, four plies down a depth-4 minimax, scores as a repetition, 0,
// instead of being evaluated.
func TestRepetitionWithImpossibleEnPassant(t *testing.T) {
	const fen = "8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1"
	line := []string{"h4g3", "e1d1", "g3h4", "d1e1"}
	p, err := NewChessPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	if m, err := p.ParseMove("d4e3"); err == nil {
		t.Fatalf("notnil/chess allows %s in %s: the test's premise is wrong", UCI(m), fen)
	}
	root := p.Key()
	play(t, p, line...)
	if p.Key() != root {
		t.Errorf("key %x after %v, want the root's %x", p.Key(), line, root)
	}
	if p.Draw() != tracer.Repetition {
		t.Errorf("draw %v after %v, want repetition", p.Draw(), line)
	}

	opt := ChessDefaults()
	opt.Algorithm, opt.Depth = Minimax, 4
	opt.TT, opt.Quiescence, opt.IterativeDeepening = false, false, false
	search, _ := NewChessPosition(fen)
	_, events := recordedSearch(t, search, opt, true)
	// Follow the line through the trace by the moves' names.
	node := events[0].Node // the root: search-start carries no node
	for _, e := range events {
		if e.Kind == tracer.Enter {
			node = e.Node
			break
		}
	}
	for _, move := range line {
		found := false
		for _, e := range events {
			if e.Kind == tracer.Enter && e.Parent == node && e.Move == move {
				node, found = e.Node, true
				break
			}
		}
		if !found {
			t.Fatalf("the trace has no node for %s on the line %v", move, line)
		}
	}
	for _, e := range events {
		if e.Kind == tracer.Exit && e.Node == node {
			if e.End != tracer.Repetition || e.Score != 0 {
				t.Errorf("after %v the node exits with %d (%v), want 0 (repetition)", line, e.Score, e.End)
			}
			return
		}
	}
	t.Fatalf("node %d after %v never exits", node, line)
}

// TestEnPassantInKey: after a double push, the position returns four plies
// later without the en-passant right. The keys are equal exactly when the
// capture was never legal. Cases: a capture that is legal (keys differ); the
// pinned pawn of the issue (equal); a capture that would not answer a
// discovered check, Kuhlmann's example (Die Schwalbe, 1994; equal); no pawn
// beside the pushed one (equal).
func TestEnPassantInKey(t *testing.T) {
	for _, c := range []struct {
		fen, push string
		back      []string
		same      bool
	}{
		{"8/8/8/8/3p3k/8/4P3/4K3 w - - 0 1", "e2e4", []string{"h4g4", "e1d1", "g4h4", "d1e1"}, false},
		{"8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1", "e2e4", []string{"h4g3", "e1d1", "g3h4", "d1e1"}, true},
		{"8/8/8/8/2kp4/8/4P3/4KB2 w - - 0 1", "e2e4", []string{"c4c3", "e1e2", "c3c4", "e2e1"}, true},
		{"8/8/8/8/7k/8/4P3/4K3 w - - 0 1", "e2e4", []string{"h4g4", "e1d1", "g4h4", "d1e1"}, true},
	} {
		p, err := NewChessPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		play(t, p, c.push)
		pushed := p.Key()
		play(t, p, c.back...)
		if same := p.Key() == pushed; same != c.same {
			t.Errorf("%s after %s: the key after %v equal to the one after the push: %v, want %v", c.fen, c.push, c.back, same, c.same)
		}
		if got, want := p.Draw() == tracer.Repetition, c.same; got != want {
			t.Errorf("%s after %s %v: repetition %v, want %v", c.fen, c.push, c.back, got, want)
		}
	}
}

// TestRootNeverDrawnByRule: with the half-move clock already at 100 the root
// is still searched (it exits as searched, with a best move); its children,
// every one of them past the fifty-move limit, score as draws.
func TestRootNeverDrawnByRule(t *testing.T) {
	p, _ := NewChessPosition("8/8/8/4k3/8/8/8/R3K3 w - - 100 80")
	opt := ChessDefaults()
	opt.Depth, opt.IterativeDeepening = 2, false
	res, events := recordedSearch(t, p, opt, true)
	if res.Score != 0 || len(res.PV) == 0 {
		t.Errorf("score %d, PV %v: want 0 with a best move", res.Score, names(res.PV))
	}
	ply := map[int32]int32{} // exit events carry no ply: take it from the enter
	children := 0
	for _, e := range events {
		if e.Kind == tracer.Enter {
			ply[e.Node] = e.Ply
			continue
		}
		if e.Kind != tracer.Exit {
			continue
		}
		switch ply[e.Node] {
		case 0:
			if e.End != tracer.Searched {
				t.Errorf("the root exits with %v, want searched", e.End)
			}
		case 1:
			children++
			if e.End != tracer.FiftyMove {
				t.Errorf("a child of the root exits with %v, want fifty-move", e.End)
			}
		}
	}
	if children == 0 {
		t.Error("no child of the root was searched")
	}
}
