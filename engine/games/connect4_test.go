package games

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// OEIS A212693, the number of legal 7x6 Connect Four positions after n plies
// (John Tromp; https://oeis.org/A212693), kept with its source in
// engine/testdata/games/connect4.md.
var a212693 = []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623}

// The distinct positions after each ply, counted as distinct keys while
// walking from the empty board (a position already seen at its ply is not
// walked again), equal A212693 to ply 8 (9 without -short). The cells of every
// position reached are counted too: the same counts, and one key never
// stands for two boards, so the key has no collision there and transpositions
// share their key.
func TestConnectFourPositionsByPly(t *testing.T) {
	depth := 9
	if testing.Short() {
		depth = 8
	}
	b, err := ParseConnectFour("")
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]map[uint64]string, depth+1)
	cells := make([]map[string]bool, depth+1)
	for i := range keys {
		keys[i], cells[i] = map[uint64]string{}, map[string]bool{}
	}
	collisions := 0
	Walk(b, depth, func(b Board) bool {
		ply, c := b.Ply(), b.Cells()
		cells[ply][c] = true
		if seen, ok := keys[ply][b.Key()]; ok {
			if seen != c {
				collisions++
			}
			return false
		}
		keys[ply][b.Key()] = c
		return true
	})
	for ply := 0; ply <= depth; ply++ {
		if len(keys[ply]) != a212693[ply] || len(cells[ply]) != a212693[ply] {
			t.Errorf("ply %d: %d distinct keys and %d distinct boards, want A212693's %d", ply, len(keys[ply]), len(cells[ply]), a212693[ply])
		}
	}
	if collisions > 0 {
		t.Errorf("%d keys stand for two different boards", collisions)
	}
	if b.Key() != 0 || b.Ply() != 0 || b.Cells() != strings.Repeat(".", 42) {
		t.Errorf("the walk left the board changed: %s key %x ply %d", b.Cells(), b.Key(), b.Ply())
	}
}

// Perft from the empty board: no game ends before ply 7 and no column fills
// before 6 discs, so there are 7^n move sequences of n <= 6 moves; of the 7^7
// sequences of seven moves, the 7 that drop all seven discs in one column are
// illegal (a column holds six).
func TestConnectFourPerft(t *testing.T) {
	b, _ := ParseConnectFour("")
	before := [3]any{b.Cells(), b.Key(), b.Ply()}
	want := uint64(1)
	for d := 0; d <= 6; d++ {
		if got := Perft(b, d); got != want {
			t.Errorf("perft(%d) = %d, want 7^%d = %d", d, got, d, want)
		}
		want *= 7
	}
	if got := Perft(b, 7); got != want-7 {
		t.Errorf("perft(7) = %d, want 7^7 - 7 = %d", got, want-7)
	}
	if after := [3]any{b.Cells(), b.Key(), b.Ply()}; after != before {
		t.Errorf("perft left the board changed: %v, was %v", after, before)
	}
}

// A walk from a middle-game position (read from its moves and from its board)
// leaves cells, key, ply and side as they were; the two readings agree.
func TestConnectFourWalkLeavesBoard(t *testing.T) {
	seq, err := ParseConnectFour("4453 3")
	if err != nil {
		t.Fatal(err)
	}
	// 4453 then 3: red d1, yellow d2, red e1, yellow c1, red c2.
	want := "......./......./......./......./..ry.../..yrr.."
	if seq.String() != want || seq.Side() != "yellow" {
		t.Fatalf("4453 3 reads as %s, %s to move; want %s, yellow", seq, seq.Side(), want)
	}
	board, err := ParseConnectFour(want)
	if err != nil {
		t.Fatal(err)
	}
	if board.Key() != seq.Key() || board.Side() != seq.Side() || board.Ply() != 0 || seq.Ply() != 0 {
		t.Errorf("the board and the moves disagree: keys %x and %x, %s and %s to move", board.Key(), seq.Key(), board.Side(), seq.Side())
	}
	for _, b := range []*C4Board{seq, board} {
		before := [4]any{b.Cells(), b.Key(), b.Ply(), b.Side()}
		n := 0
		Walk(b, 5, func(Board) bool { n++; return true })
		if after := [4]any{b.Cells(), b.Key(), b.Ply(), b.Side()}; after != before {
			t.Errorf("a walk of %d nodes left the board changed: %v, was %v", n, after, before)
		}
	}
}

func TestConnectFourBadPositions(t *testing.T) {
	for _, c := range []struct{ position, says string }{
		{"4444444", "full column"},
		{"4 8", "not a column"},
		{"40", "not a column"},
		{"1212121 3", "after the game is over"},
		{"......./......./......./......./...r.../.......", "floats"},
		{"......./......./......./......./...r.../...r...", "red has 2 discs and yellow 0"},
		{"......./......./......./yyy..../rrrr.../yyyrr..", "yellow played after red had four"},
		{"......./......./......./......./rrrr.../yyyy...", "both"},
		{"......./......./r....../r....yy/r....yy/rrrr.yy", "no single last move"},
		{"......./......./......./......./...r...", "rows"},
		{"......./......./......./......./...r.../...y..", "cells"},
		{"rrrr.../yyyy.../......./......./......./.......", "floats"},
		{strings.Repeat("4", 300), "characters"},
	} {
		_, err := ParseConnectFour(c.position)
		if err == nil {
			t.Errorf("%q was accepted", c.position)
			continue
		}
		if !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v; want it to say %q", c.position, err, c.says)
		}
		t.Logf("%q: %v", c.position, err)
	}
	// A full board from a drawn game is a legal position with no moves.
	draw := "yryryry/yryryry/yryryry/ryryryr/ryryryr/ryryryr"
	b, err := ParseConnectFour(draw)
	if err != nil {
		t.Fatalf("%q: %v", draw, err)
	}
	if b.Outcome() != Draw || len(b.Moves(nil)) != 0 {
		t.Errorf("%q: outcome %v, moves %v; want a draw with no moves", draw, b.Outcome(), b.Moves(nil))
	}
}

// Moves are the free columns from 1 to 7 and none once a side has four;
// Prefer ranks the centre first; names are "1".."7".
func TestConnectFourMovesAndNames(t *testing.T) {
	b, _ := ParseConnectFour("1111 11 2")
	if got := b.Moves(nil); len(got) != 6 || got[0] != 1 {
		t.Errorf("with column 1 full: moves %v, want columns 2..7", got)
	}
	order := []Move{3, 2, 4, 1, 5, 0, 6}
	for i := 1; i < len(order); i++ {
		if b.Prefer(order[i-1]) < b.Prefer(order[i]) {
			t.Errorf("Prefer ranks column %d above column %d", order[i]+1, order[i-1]+1)
		}
	}
	won, err := ParseConnectFour("1212121")
	if err != nil {
		t.Fatal(err)
	}
	if won.Outcome() != Loss || len(won.Moves(nil)) != 0 || won.Side() != "yellow" {
		t.Errorf("red's four in column 1: outcome %v, moves %v, %s to move; want a loss for yellow, no moves", won.Outcome(), won.Moves(nil), won.Side())
	}
	for m := Move(0); m < 7; m++ {
		if got, ok := ConnectFour.ParseMove(ConnectFour.MoveName(m)); !ok || got != m {
			t.Errorf("move %d is named %q, read back as %d", m, ConnectFour.MoveName(m), got)
		}
	}
	if g, err := Lookup("connect4"); err != nil || g != ConnectFour {
		t.Errorf("Lookup(connect4) = %v, %v", g, err)
	}
}

// scoreboard is the scoreboard heuristic written again from its published
// description (Landowski, CptS 540, 2010: Score(p) = 100·n3 + 10·n2 + n1, ni
// the i-out-of-4 unblocked winning lines of p; Utility = Score(p) −
// Score(opponent)), on the board as the page draws it, for the side to move.
func scoreboard(cells string, toMove byte) int {
	at := func(row, col int) byte { return cells[row*7+col] } // row 0 the top
	score := map[byte]int{}
	for row := range 6 {
		for col := range 7 {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				if row+3*d[0] > 5 || col+3*d[1] > 6 || col+3*d[1] < 0 {
					continue
				}
				count := map[byte]int{}
				for i := range 4 {
					count[at(row+i*d[0], col+i*d[1])]++
				}
				for _, p := range []byte{'r', 'y'} {
					other := byte('r' + 'y' - p)
					if count[other] == 0 {
						score[p] += map[int]int{1: 1, 2: 10, 3: 100}[count[p]]
					}
				}
			}
		}
	}
	return score[toMove] - score['r'+'y'-toMove]
}

func TestConnectFourEvaluation(t *testing.T) {
	// Worked by hand: a red disc on d1 lies in 7 windows (4 in its row, 1 in
	// its column, 1 on each diagonal); yellow to move sees -7. Red d1 and
	// yellow d2: red keeps 6 (the column window holds d2), yellow has 9 (4 in
	// row 2, the column window d2-d5, 2 on each diagonal); red to move sees -3.
	for _, c := range []struct {
		position string
		want     int
	}{{"", 0}, {"4", -7}, {"44", -3}} {
		b, _ := ParseConnectFour(c.position)
		if got := b.Evaluate(); got != c.want {
			t.Errorf("%q: evaluation %d, want %d (worked by hand)", c.position, got, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(43, 4))
	b, _ := ParseConnectFour("")
	checked := 0
	for checked < 200 {
		moves := b.Moves(nil)
		if len(moves) == 0 {
			for b.Ply() > 0 {
				b.Undo()
			}
			continue
		}
		b.Play(moves[rng.IntN(len(moves))])
		side := b.Side()[0]
		want := scoreboard(b.Cells(), side)
		if got := b.Evaluate(); got != want {
			t.Errorf("%s (%s to move): evaluation %d, the test's scoreboard %d", b, b.Side(), got, want)
		}
		if got := b.Evaluate(); got > EvalLimit || got < -EvalLimit {
			t.Errorf("%s: evaluation %d beyond ±%d", b, got, EvalLimit)
		}
		checked++
	}
}

func BenchmarkConnectFourPerft(b *testing.B) {
	board, _ := ParseConnectFour("")
	var nodes uint64
	for b.Loop() {
		nodes += Perft(board, 7)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "leaves/s")
}
