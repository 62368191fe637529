package uci

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The Lucena position as Wikipedia's "Lucena position" article draws it
// (White Kb8, Rc1, pawn b7; Black Kd8, Ra2; White to move and win).
const lucena = "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"

// TestVerifyLucenaStockfish: the four lines of Stockfish's depth-12 search
// of a won ending score about +5 pawns at the root; their ends, searched to
// depth 8 (the lines are longer than 12 moves), score within the tolerance
// of them. Searched at depth 1, as before, they "disagreed" by up to 858
// centipawns. Half the lines end with Black to move, so a score turned the
// wrong way would be some 1,000 centipawns off.
func TestVerifyLucenaStockfish(t *testing.T) {
	requireEngine(t, "/usr/games/stockfish")
	r, err := Inspect(context.Background(), Inspection{Engine: "/usr/games/stockfish", FEN: lucena, Depth: 12, MultiPV: 4, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.VerifyDepth != DefaultVerifyDepth || r.Tolerance != DefaultTolerance || len(r.Verified) != 4 {
		t.Fatalf("verify depth %d, tolerance %d, %d lines verified", r.VerifyDepth, r.Tolerance, len(r.Verified))
	}
	odd := 0
	for _, v := range r.Verified {
		odd += v.Length % 2
		if want := max(DefaultVerifyDepth, v.Depth-v.Length); v.Remaining != want {
			t.Errorf("line %d (%d moves at depth %d): its end searched to depth %d, want %d", v.MultiPV, v.Length, v.Depth, v.Remaining, want)
		}
		if v.Diff == nil || *v.Diff > r.Tolerance || -*v.Diff > r.Tolerance || v.Disagrees {
			t.Errorf("line %d: root %s, end %s, diff %v, disagrees %v", v.MultiPV, v.RootScore, v.EndScore, v.Diff, v.Disagrees)
		}
		t.Logf("line %d: %d moves, root %s, end at depth %d %s, diff %+d", v.MultiPV, v.Length, v.RootScore, v.Remaining, v.EndScore, *v.Diff)
	}
	if odd == 0 {
		t.Errorf("no line of odd length: the sign is not tested")
	}
	for _, l := range r.Iterations {
		for _, f := range l.Flags {
			if strings.HasPrefix(f, "verify:") {
				t.Errorf("depth %d line %d flagged %q", l.Depth, l.MultiPV, f)
			}
		}
	}
}

// TestMateFromRootStockfish: Stockfish's own score of each position along
// a mate in two, turned to the root's view by fromRoot, is its score at
// the root, mate 2; from the other side (the root after 1.Rd8+), mate -1.
func TestMateFromRootStockfish(t *testing.T) {
	requireEngine(t, "/usr/games/stockfish")
	const fen = "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1"
	line := []string{"d2d8", "a8d8", "d1d8"} // 1.Rd8+ Rxd8 2.Rxd8#
	c, err := Start(context.Background(), "/usr/games/stockfish", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	score := func(moves []string) endScore {
		t.Helper()
		s, err := c.Go(context.Background(), positionCommand(fen, moves, nil), "depth 6")
		if err != nil || len(s.Infos) == 0 {
			t.Fatalf("after %v: %v, %d lines", moves, err, len(s.Infos))
		}
		in := s.Infos[len(s.Infos)-1]
		if !in.IsMate {
			t.Fatalf("after %v: Stockfish scores %s, not a mate", moves, in.ScoreText())
		}
		return endScore{ok: true, mate: true, value: in.Mate}
	}
	for _, from := range []int{0, 1} {
		root := score(line[:from])
		for k := from; k <= len(line); k++ {
			end := score(line[:k])
			if got := end.fromRoot(k - from); got != root {
				t.Errorf("from ply %d: Stockfish says %s at the root, %s after %d plies; turned to the root: %s",
					from, root.text(), end.text(), k-from, got.text())
			}
		}
	}
}

// TestJudge: the comparison's arithmetic on scores worked out by hand.
func TestJudge(t *testing.T) {
	cp := func(n int) *int { return &n }
	for _, c := range []struct {
		name      string
		root      Line
		end       endScore
		endText   string
		diff      *int
		disagrees bool
	}{
		// Two plies on, the same side to move: +130 against +30.
		{"cp even", Line{Length: 2, Score: cp(30)}, endScore{ok: true, value: 130}, "cp 130", cp(100), false},
		{"cp beyond", Line{Length: 2, Score: cp(30)}, endScore{ok: true, value: 131}, "cp 131", cp(101), true},
		// Three plies on, the other side to move: its -20 is the root's +20.
		{"cp odd", Line{Length: 3, Score: cp(30)}, endScore{ok: true, value: -20}, "cp 20", cp(-10), false},
		// Mate in 2 at the root; after one ply the other side is mated in 1.
		{"mate odd", Line{Length: 1, Mate: cp(2)}, endScore{ok: true, mate: true, value: -1}, "mate 2", nil, false},
		// The other side mates: the line is wrong.
		{"mate the other way", Line{Length: 1, Mate: cp(2)}, endScore{ok: true, mate: true, value: 1}, "mate -1", nil, true},
		// Checkmate after three plies: the root's side mates on its second move.
		{"checkmate", Line{Length: 3, Mate: cp(2)}, endScore{ok: true, mate: true}, "mate 2", nil, false},
		// Mated: after four plies the root's side is checkmated, on the other's second move.
		{"mated", Line{Length: 4, Mate: cp(-2)}, endScore{ok: true, mate: true}, "mate -2", nil, false},
		{"mate against a small score", Line{Length: 2, Mate: cp(3)}, endScore{ok: true, value: 50}, "cp 50", nil, true},
		{"a big score against a mate", Line{Length: 2, Score: cp(400)}, endScore{ok: true, mate: true, value: 2}, "mate 3", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Report{Tolerance: 100}
			l := c.root
			l.Depth, l.Flags = 10, []string{}
			v := Verified{Remaining: 8, RootScore: l.scoreText()}
			r.judge(&l, &v, c.end)
			if v.EndScore != c.endText || fmt.Sprint(deref(v.Diff)) != fmt.Sprint(deref(c.diff)) || v.Disagrees != c.disagrees {
				t.Errorf("end %s, diff %v, disagrees %v; want %s, %v, %v", v.EndScore, deref(v.Diff), v.Disagrees, c.endText, deref(c.diff), c.disagrees)
			}
			flagged := len(l.Flags) == 1 && strings.HasPrefix(l.Flags[0], "verify: its end, searched to depth 8, scores "+c.endText)
			if flagged != c.disagrees || len(l.Flags) > 1 {
				t.Errorf("flags %q", l.Flags)
			}
		})
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestVerifyingHook: the hook hears of each end before its search and with
// its result, which is the report's.
func TestVerifyingHook(t *testing.T) {
	command, pidFile := fakeCommand(t, "pvscope")
	type call struct {
		n, total int
		v        Verified
		done     bool
	}
	var calls []call
	r, err := Inspect(context.Background(), Inspection{Engine: command, Depth: 2, MultiPV: 2, Verify: true, VerifyDepth: 1,
		Verifying: func(n, total int, v Verified, done bool) { calls = append(calls, call{n, total, v, done}) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Verified) != 2 || len(calls) != 4 {
		t.Fatalf("%d lines verified, %d calls: %+v", len(r.Verified), len(calls), calls)
	}
	for i, c := range calls {
		want := r.Verified[i/2]
		if c.n != i/2+1 || c.total != 2 || c.done != (i%2 == 1) || c.v.MultiPV != want.MultiPV || c.v.Remaining != want.Remaining ||
			c.done && fmt.Sprint(c.v) != fmt.Sprint(want) {
			t.Errorf("call %d: %+v; the report has %+v", i, c, want)
		}
	}
	assertReaped(t, pidFile)
}

// TestVerifyStoppedAtTimeLimit: an end whose search cannot reach its depth
// within the search limit (pvscope's engine asked for depth 30) keeps the
// deepest line it found and says so; the inspection goes on.
func TestVerifyStoppedAtTimeLimit(t *testing.T) {
	command, pidFile := fakeCommand(t, "pvscope")
	lim := quick
	lim.Search = 1500 * time.Millisecond
	// A well-behaved engine answers stop at once, but a -race build under a loaded CI may take
	// longer than the misbehaving engines' 300 ms (CI, once): what is tested is the note.
	lim.Grace = 3 * time.Second
	r, err := Inspect(context.Background(), Inspection{Engine: command, Depth: 2, Verify: true, VerifyDepth: 30, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Verified) != 1 {
		t.Fatalf("verified %+v", r.Verified)
	}
	v := r.Verified[0]
	if !strings.Contains(v.Note, "stopped at its time limit before depth 30") || v.Remaining < 1 || v.Remaining >= 30 || v.EndScore == "" {
		t.Errorf("%+v", v)
	}
	assertReaped(t, pidFile)
}
