package main

import (
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
)

// TestTTKeyEnPassantConventions: engines put the en passant square in their
// key under one of three conventions, and tt-key accepts each: after every
// double push (the FEN's: bbc, CounterGo), only when a pawn stands beside
// the pawn that moved (pseudo-legal), only when the capture is legal
// (pvscope's engine). Each position below is reached twice, by e2e4 at once
// and by e2e3 and e3e4 with king moves between, the second without an en
// passant square; the keys are written by hand for each convention: "11"
// where it hashes the square, "10" where not.
//   - alone: no pawn beside e4 (only the FEN's convention hashes e3);
//   - pinned: d4 stands beside, pinned on the d-file by Rd1 against Kd8 (the
//     FEN's and the pseudo-legal convention hash it, the legal one not);
//   - rank: d4 stands beside, free, but dxe3 empties d4 and e4 and opens the
//     fourth rank from Rh4 to Ka4 (as pinned);
//   - free: d4 may take (every convention hashes it).
//
// A key that leaves en passant out (none) is wrong on free only, and an
// engine whose key of one position changes with the path is still named.
func TestTTKeyEnPassantConventions(t *testing.T) {
	type pos struct{ name, fen, black string }
	alone := pos{"alone", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e8d8 d8d7 d7e8"}
	pinned := pos{"pinned", "3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1", "d8c8 c8c7 c7d8"}
	rank := pos{"rank", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "a4a5 a5b5 b5a4"}
	free := pos{"free", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e8d8 d8d7 d7e8"}
	// hashed[convention] is the positions whose e3 the convention puts in the key.
	hashed := map[string][]pos{
		"fen":    {alone, pinned, rank, free},
		"pseudo": {pinned, rank, free},
		"legal":  {free},
		"none":   {},
	}
	for _, conv := range []string{"fen", "pseudo", "legal", "none"} {
		for _, p := range []pos{alone, pinned, rank, free} {
			b := strings.Fields(p.black)
			white := "e1d1"
			if p.name == "pinned" {
				white = "e1f1" // the king steps off and back, leaving the rook on d1
			}
			back := white[2:] + white[:2]
			twice := []string{"e2e3", b[0], white, b[1], back, b[2], "e3e4"}
			// Both paths play, reach one board, and only e2e4 at once leaves
			// e3, capturable on free alone.
			g, err := engine.NewTraceGame(p.fen)
			if err != nil {
				t.Fatal(err)
			}
			pg := engine.NewPositionGame(p.fen, g)
			once, capture := pg.Position([]string{"e2e4"})
			other, otherCapture := pg.Position(twice)
			if strings.Fields(once)[3] != "e3" || capture != (p == free) || strings.Fields(other)[3] != "-" || otherCapture ||
				strings.Join(strings.Fields(once)[:3], " ") != strings.Join(strings.Fields(other)[:3], " ") {
				t.Fatalf("%s: e2e4 gives %q (capture %v), %v gives %q (capture %v)", p.name, once, capture, twice, other, otherCapture)
			}
			key := "10"
			for _, h := range hashed[conv] {
				if h == p {
					key = "11"
				}
			}
			rep, _ := checkJSON(t, fenTrace(p.fen, "", [][]string{{"e2e4"}, twice}, []string{key, "10"}, ""))
			counts, first := rulesOf(rep)
			if len(rep.WriterMistakes) > 0 {
				t.Errorf("%s, %s: the test's trace is wrong: %+v", conv, p.name, rep.WriterMistakes)
			}
			want := ""
			if conv == "none" && p == free {
				want = "differing in en passant square (e3, -)"
			}
			if want == "" && counts["tt-key"] != 0 || want != "" && (counts["tt-key"] != 1 || !strings.Contains(first, want)) {
				t.Errorf("%s convention, %s: rules %v, first %q; want tt-key %q", conv, p.name, counts, first, want)
			}
		}
	}
	// The FEN's convention, but e2e4 after a king's round trip gets another
	// key than e2e4 at once: one position, e3 and all, with two keys.
	rep, _ := checkJSON(t, fenTrace(alone.fen, "", [][]string{{"e2e4"}, {"e1d1", "e8d8", "d1e1", "d8e8", "e2e4"}}, []string{"11", "12"}, ""))
	counts, first := rulesOf(rep)
	if want := "en passant square (e3) agree, so the key depends on the path"; counts["tt-key"] != 1 || !strings.Contains(first, want) {
		t.Errorf("a key that changes with the path: rules %v, first %q; want tt-key %q", counts, first, want)
	}
}
