package hardengine

import "testing"

// negamax is the plain search, written apart from the engine's: every legal
// move to the depth, then captures with stand pat; a position repeated on the
// line since the last capture or pawn move is a draw, no move is mate (in
// check) or stalemate below the horizon.
func negamax(b *board, depth, ply int, line []uint64) int {
	if ply > 0 {
		for i := len(line) - 2; i >= 0 && len(line)-i <= b.half; i -= 2 {
			if line[i] == b.hash {
				return 0
			}
		}
	}
	if depth <= 0 {
		return quiet(b)
	}
	best, any := -Infinity, false
	for _, m := range b.pseudoMoves(nil, false) {
		u, ok := b.make(m)
		if ok {
			any = true
			best = max(best, -negamax(b, depth-1, ply+1, append(line, u.hash)))
		}
		b.unmake(m, u)
	}
	if !any {
		if b.inCheck() {
			return -(Mate - ply)
		}
		return 0
	}
	return best
}

// quiet: the best of standing pat and every capture.
func quiet(b *board) int {
	best := b.eval()
	for _, m := range b.pseudoMoves(nil, false) {
		if !m.isCapture() {
			continue
		}
		u, ok := b.make(m)
		if ok {
			best = max(best, -quiet(b))
		}
		b.unmake(m, u)
	}
	return best
}

// With what changes the tree's value turned off, the fail-hard PVS (with its
// aspiration windows, table moves and killers) returns the negamax value.
func TestPlainSearchIsNegamax(t *testing.T) {
	for _, c := range []struct {
		name, fen    string
		depth, short int
	}{
		// Positions with few captures: the plain quiescence below is a full
		// minimax over captures, which grows fast where they are many.
		{"start", startFEN, 2, 2},
		{"perpetual check", perpetualFEN, 3, 3},
		{"rook against knight", rookKnightFEN, 4, 4},
	} {
		depth := depthOf(c.depth, c.short)
		b, err := parseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		want := negamax(b, depth, 0, []uint64{b.hash})
		res, err := Search(c.fen, Options{Depth: depth, Plain: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Score != want {
			t.Errorf("%s depth %d: the engine scores %d, negamax %d", c.name, depth, res.Score, want)
		}
	}
}
