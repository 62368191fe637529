package engine

import "testing"

// NotAMove follows the checker down and up its lines (a pass included) and
// names what makes a move no move at all. The position, worked by hand:
// White Ke1, Pe2; Black Ke8; White to move.
func TestTraceGameNotAMove(t *testing.T) {
	g, err := NewTraceGame("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line []string
		move string
		want string
	}{
		{nil, "e2e4", ""},
		{nil, "d2d4", "no piece on d2"},
		{[]string{"e2e4"}, "e8d8", ""},
		{[]string{"e2e4"}, "e4e5", "the piece on e4 is White's, and Black is to move"},
		{[]string{"e2e4", "0000"}, "e4e5", ""}, // Black passed: White to move again
		{[]string{"e2e4", "e8d8", "e4e5"}, "d8c7", ""},
		{[]string{"e2e4", "e8d8"}, "e5e6", "no piece on e5"}, // back up: the pawn is on e4 again
		{nil, "e1f1", ""},
		{nil, "e1f3", ""}, // no such king move, but a piece of White's there: an engine's fault, not the writer's
		{nil, "e9e1", `"e9e1" is not a move in UCI notation`},
		{[]string{"e2e5"}, "e8d8", ""}, // a line that cannot be played: not judged
	} {
		if got := g.NotAMove(c.line, c.move); got != c.want {
			t.Errorf("NotAMove(%v, %s) = %q, want %q", c.line, c.move, got, c.want)
		}
	}
}
