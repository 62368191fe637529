package tracer

import "testing"

// TestUCIMoveStringIsTheMoveItself: the interned string of every coordinate
// move is the text it was read from, and anything else is left to the caller.
func TestUCIMoveStringIsTheMoveItself(t *testing.T) {
	n := 0
	for _, f1 := range "abcdefgh" {
		for _, r1 := range "12345678" {
			for _, f2 := range "abcdefgh" {
				for _, r2 := range "12345678" {
					for _, p := range []string{"", "q", "r", "b", "n"} {
						m := string([]rune{f1, r1, f2, r2}) + p
						got, ok := uciMoveString([]byte(m))
						if !ok || got != m {
							t.Fatalf("uciMoveString(%q) = %q, %v", m, got, ok)
						}
						n++
					}
				}
			}
		}
	}
	if n != 64*64*5 {
		t.Fatalf("%d moves tried", n)
	}
	for _, m := range []string{"", "0000", "e2e", "e2e4k", "e2e4Q", "i2e4", "e9e4", "Nf3", "e2e4qq", "O-O"} {
		if got, ok := uciMoveString([]byte(m)); ok {
			t.Errorf("uciMoveString(%q) = %q, true; want false", m, got)
		}
	}
}
