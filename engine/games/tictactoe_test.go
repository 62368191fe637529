package games

import "testing"

// Tic-tac-toe's game tree from the empty board, by ply: the counts published
// in engine/testdata/games/tictactoe.md (Henry Bottomley's count, OEIS A008907
// gives 255,168 finished games; 549,946 nodes in all).
func TestTicTacToePerft(t *testing.T) {
	want := []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}
	b, err := ParseTicTacToe("")
	if err != nil {
		t.Fatal(err)
	}
	var total uint64
	for d, w := range want {
		got := Perft(b, d)
		if got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
		total += got
	}
	if total != 549946 {
		t.Errorf("%d nodes in the whole tree, want 549,946", total)
	}
	var finished, xWins, oWins, draws int
	Walk(b, 9, func(b Board) bool {
		switch b.Outcome() {
		case Loss: // the side to move lost: the other side just completed a line
			if b.Side() == "o" {
				xWins++
			} else {
				oWins++
			}
		case Draw:
			draws++
		default:
			return true
		}
		finished++
		return true
	})
	if finished != 255168 || xWins != 131184 || oWins != 77904 || draws != 46080 {
		t.Errorf("%d finished games (x won %d, o %d, drawn %d), want 255,168 (131,184, 77,904, 46,080)", finished, xWins, oWins, draws)
	}
	if b.Key() != 0 || b.Ply() != 0 || b.Cells() != "........." {
		t.Errorf("perft left the board changed: %s key %x", b.Cells(), b.Key())
	}
}

func TestTicTacToeBadPositions(t *testing.T) {
	for _, s := range []string{"b2 b2", "d4", "xxx/ooo/...", "xx./.../...", "xxx/oo./o..", "a1 a2 b1 b2 c1 c2", "x.o/.x."} {
		if _, err := ParseTicTacToe(s); err == nil {
			t.Errorf("%q was accepted", s)
		} else {
			t.Logf("%q: %v", s, err)
		}
	}
}
