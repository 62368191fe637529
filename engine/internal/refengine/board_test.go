package refengine

import "testing"

// perft counts the legal move paths of a depth: pseudo-legal moves whose
// reply cannot take the king.
func perft(p *position, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, m := range p.moves() {
		c := p.play(m)
		if c.canTakeKing() {
			continue
		}
		n += perft(&c, depth-1)
	}
	return n
}

// The move generator against the published perft counts (Chess Programming
// Wiki, "Perft Results": the start position, Kiwipete, positions 3 and 4).
func TestPerft(t *testing.T) {
	cases := []struct {
		fen   string
		depth int
		want  int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8902},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2, 2039},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			fen   string
			depth int
			want  int
		}{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862})
	}
	for _, c := range cases {
		p, err := fromFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := perft(&p, c.depth); got != c.want {
			t.Errorf("perft(%s, %d) = %d, want %d", c.fen, c.depth, got, c.want)
		}
	}
}
