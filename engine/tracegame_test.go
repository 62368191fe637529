package engine

import "testing"

// The reasons are worked by hand on each position.
func TestTraceGameSaysWhyAMoveIsIllegal(t *testing.T) {
	g, err := NewTraceGame(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		line []string
		move string
		ok   bool
		why  string
	}{
		{nil, "e2e4", true, ""},
		{nil, "e3e4", false, "no piece on e3"},
		{nil, "e7e5", false, "the piece on e7 is Black's, and White is to move"},
		{nil, "e2e5", false, "the pawn on e2 cannot go to e5 (or it would leave its king in check)"},
		{nil, "zz", false, `"zz" is not a move in UCI notation`},
		// 1.e4 f6 2.Qh5+: Black is in check, and a knight move does not answer it.
		{[]string{"e2e4", "f7f6", "d1h5"}, "b8c6", false, "Black is in check"},
		{[]string{"e2e4", "f7f6", "d1h5"}, "g7g6", true, ""},
		{[]string{"e2e4", "f7f6", "d1h5"}, "0000", false, "Black is in check and may not pass"},
		{[]string{"e2e4", "e2e4"}, "e7e5", false, "the line before it cannot be played"},
	}
	for _, c := range cases {
		ok, why := g.Legal(c.line, c.move)
		if ok != c.ok || why != c.why {
			t.Errorf("Legal(%v, %s) = %v %q, want %v %q", c.line, c.move, ok, why, c.ok, c.why)
		}
		// One walk down the whole line finds the same first illegal move, with the same reason
		// (the line before it being playable, the illegal move is the last one).
		if c.why == "the line before it cannot be played" {
			continue
		}
		ply, why := g.FirstIllegal(append(append([]string(nil), c.line...), c.move))
		want := -1
		if !c.ok {
			want = len(c.line)
		}
		if ply != want || why != c.why {
			t.Errorf("FirstIllegal(%v %s) = %d %q, want %d %q", c.line, c.move, ply, why, want, c.why)
		}
	}
	if ply, why := g.FirstIllegal([]string{"e2e4", "e2e4", "e7e5"}); ply != 1 || why != "no piece on e2" {
		t.Errorf("FirstIllegal(e2e4 e2e4 e7e5) = %d %q, want 1 %q", ply, why, "no piece on e2")
	}
	if !g.InCheck([]string{"e2e4", "f7f6", "d1h5"}) || g.InCheck([]string{"e2e4"}) || g.InCheck([]string{"e2e4", "0000"}) {
		t.Error("InCheck: want true after 1.e4 f6 2.Qh5+ only")
	}
}
