package games

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Othello's perft from the start: Aart Bik's published counts, kept with
// their source and the convention at a game's end in
// engine/testdata/games/othello.md. Passes count as moves; from depth 9 they
// occur. Bik lets a finished game pass once more; games.Perft does not, so at
// depth 10 his count is 228 more than ours: the games over at ply 9, which his
// 228 "higher" leaves at depth 11 are (see the file), and which the walk below
// counts.
func TestOthelloPerft(t *testing.T) {
	want := []uint64{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216}
	if !testing.Short() {
		want = append(want, 3005288, 24571284-228)
	}
	b, _ := ParseOthello("")
	start, key := b.Cells(), b.Key()
	for d, w := range want {
		if got := Perft(b, d); got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
	}
	if !testing.Short() {
		over, passes := 0, 0
		Walk(b, 9, func(b Board) bool {
			o := b.(*OthelloBoard)
			if n := len(o.played); n > 0 && o.played[n-1].move == Pass {
				passes++
			}
			if o.Ply() == 9 && o.Outcome() != Ongoing {
				over++
			}
			return true
		})
		if over != 228 {
			t.Errorf("%d games over at ply 9, want 228 (Bik's higher leaves at depth 11)", over)
		}
		if passes == 0 {
			t.Errorf("no pass within 9 plies; Bik says passes occur from depth 9")
		}
	}
	if b.Cells() != start || b.Key() != key || b.Ply() != 0 || b.Side() != "black" {
		t.Errorf("perft left the board changed: %s key %x ply %d", b, b.Key(), b.Ply())
	}
}

// The start as the rules describe it: white d4 e5, black d5 e4, black to move.
func TestOthelloStart(t *testing.T) {
	b, err := ParseOthello("")
	if err != nil {
		t.Fatal(err)
	}
	// Rank 8 first: rank 5 reads d5 black, e5 white; rank 4 d4 white, e4 black.
	want := strings.Repeat(".", 24) + "...bw..." + "...wb..." + strings.Repeat(".", 24)
	if b.Cells() != want || b.Side() != "black" {
		t.Errorf("start %s, %s to move; want %s, black", b.Cells(), b.Side(), want)
	}
	// Black's four openings, in square order a1..h8: d3, c4, f5, e6.
	if got := strings.Join(othNames(b.Moves(nil)), " "); got != "d3 c4 f5 e6" {
		t.Errorf("black's first moves %q, want \"d3 c4 f5 e6\"", got)
	}
	spaced := strings.Repeat("- ", 27) + "X O - - - - - - O X " + strings.Repeat("- ", 27) + "black"
	if s, err := ParseOthello(spaced); err != nil || s.Cells() != want || s.Key() != b.Key() {
		t.Errorf("%q read as %v (%v), want the start", spaced, s, err)
	}
	for _, s := range []string{"f5 d6 c3", "F5D6C3", "f5,d6,c3"} {
		a, err := ParseOthello(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		back, err := ParseOthello(a.String())
		if err != nil {
			t.Fatalf("%q: %v", a.String(), err)
		}
		if back.Cells() != a.Cells() || back.Key() != a.Key() || a.Side() != "white" || a.Ply() != 0 {
			t.Errorf("%q read as %s (key %x), its string reads as %s (key %x)", s, a, a.Key(), back, back.Key())
		}
	}
	// Prefer: the corner a1, the edge c1, the C-square b1, the X-square b2 last.
	last := EvalLimit
	for _, name := range []string{"a1", "c1", "b1", "b2"} {
		m, _ := othParseMove(name)
		if p := b.Prefer(m); p >= last {
			t.Errorf("Prefer(%s) = %d, not below the square before it (%d)", name, p, last)
		}
		last = b.Prefer(m)
	}
}

// norvigWeights is *weights* of Norvig's othello.lisp (Paradigms of AI
// Programming, chapter 18), copied here as he wrote it: a 10x10 array whose
// border is outside the board, squares 11..88 row by row.
var norvigWeights = [100]int{
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 120, -20, 20, 5, 5, 20, -20, 120, 0,
	0, -20, -40, -5, -5, -5, -5, -40, -20, 0,
	0, 20, -5, 15, 3, 3, 15, -5, 20, 0,
	0, 5, -5, 3, 3, 3, 3, -5, 5, 0,
	0, 5, -5, 3, 3, 3, 3, -5, 5, 0,
	0, 20, -5, 15, 3, 3, 15, -5, 20, 0,
	0, -20, -40, -5, -5, -5, -5, -40, -20, 0,
	0, 120, -20, 20, 5, 5, 20, -20, 120, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
}

// plainBoard is the position as a plain 8x8 array, [row][col], row 0 the top
// (rank 8), read from Cells.
func plainBoard(cells string) (g [8][8]byte) {
	for i := range 64 {
		g[i/8][i%8] = cells[i]
	}
	return g
}

func othNames(moves []Move) (names []string) {
	for _, m := range moves {
		names = append(names, othMoveName(m))
	}
	return names
}

func plainCells(g [8][8]byte) string {
	var s []byte
	for r := range 8 {
		s = append(s, g[r][:]...)
	}
	return string(s)
}

// plainWeighted is Norvig's weighted-squares, written from his description:
// the weights of the player's squares minus the opponent's.
func plainWeighted(cells string, me byte) int {
	g, sum := plainBoard(cells), 0
	for r := range 8 {
		for c := range 8 {
			w := norvigWeights[(r+1)*10+c+1]
			switch g[r][c] {
			case '.':
			case me:
				sum += w
			default:
				sum -= w
			}
		}
	}
	return sum
}

// plainMoves is the squares where me may play, named like "d3", in a1..h8
// order, by walking the eight lines from each empty square of the array.
func plainMoves(cells string, me byte) []string {
	g := plainBoard(cells)
	var out []string
	for rank := 1; rank <= 8; rank++ {
		for file := range 8 {
			r := 8 - rank
			if g[r][file] != '.' || len(plainFlips(g, r, file, me)) == 0 {
				continue
			}
			out = append(out, string(rune('a'+file))+string(rune('0'+rank)))
		}
	}
	return out
}

func plainFlips(g [8][8]byte, r, c int, me byte) [][2]int {
	var flips [][2]int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			var line [][2]int
			rr, cc := r+dr, c+dc
			for rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && g[rr][cc] != '.' && g[rr][cc] != me {
				line = append(line, [2]int{rr, cc})
				rr, cc = rr+dr, cc+dc
			}
			if len(line) > 0 && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && g[rr][cc] == me {
				flips = append(flips, line...)
			}
		}
	}
	return flips
}

// Norvig's evaluation, the moves and the discs turned over, against the plain
// array implementations above on the positions of random games (fixed seed).
func TestOthelloAgainstPlainArray(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 8))
	positions := 0
	for positions < 200 {
		b, _ := ParseOthello("")
		for b.Outcome() == Ongoing {
			cells, side := b.Cells(), b.Side()[0]
			positions++
			if got, want := b.Evaluate(), plainWeighted(cells, side); got != want {
				t.Fatalf("%s: Evaluate %d, the plain table walk %d", b, got, want)
			}
			moves := b.Moves(nil)
			got, want := othNames(moves), plainMoves(cells, side)
			if len(want) == 0 {
				want = []string{"pass"} // ongoing, so the opponent has a move
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s: moves %v, the plain walk %v", b, got, want)
			}
			m := moves[rng.IntN(len(moves))]
			b.Play(m)
			if m == Pass {
				continue
			}
			g, r, c := plainBoard(cells), 7-int(m)/8, int(m)%8 // the board after m, on the array
			for _, f := range append(plainFlips(g, r, c, side), [2]int{r, c}) {
				g[f[0]][f[1]] = side
			}
			if got, want := b.Cells(), plainCells(g); got != want {
				t.Fatalf("after %s from %s: %s, the plain array %s", othMoveName(m), cells, got, want)
			}
		}
	}
	t.Logf("%d positions", positions)
}

// A position where black must pass, built by hand: only rank 1 holds discs,
// white on a1 and black on b1. Black can flank no white disc (a1 is in the
// corner, nothing lies beyond it), so black's one move is the pass; white then
// plays c1, turning b1 over; now black has no disc left and white none to
// flank: the game is over with white 3 discs to black's 0, a loss for black to
// move.
func TestOthelloPassAndGameOver(t *testing.T) {
	pos := strings.Repeat("......../", 7) + "wb...... b"
	b, err := ParseOthello(pos)
	if err != nil {
		t.Fatal(err)
	}
	cells, key := b.Cells(), b.Key()
	if got := b.Moves(nil); !slices.Equal(got, []Move{Pass}) || b.Outcome() != Ongoing {
		t.Fatalf("black to move has %v (%v), want only the pass", got, b.Outcome())
	}
	b.Play(Pass)
	whiteToMove, _ := ParseOthello(strings.Repeat("......../", 7) + "wb...... w")
	if b.Side() != "white" || b.Cells() != cells || b.Key() != whiteToMove.Key() || b.Key() == key {
		t.Errorf("after the pass: %s, key %x; want the same board, white to move, key %x", b, b.Key(), whiteToMove.Key())
	}
	c1, _ := othParseMove("c1")
	if got := b.Moves(nil); !slices.Equal(got, []Move{c1}) {
		t.Fatalf("white has %v, want c1", got)
	}
	b.Play(c1)
	if got := b.Moves(nil); len(got) != 0 || b.Outcome() != Loss || b.Side() != "black" {
		t.Errorf("after c1: moves %v, outcome %v for %s; want none, a loss for black", got, b.Outcome(), b.Side())
	}
	if black, white := b.Discs(); black != 0 || white != 3 {
		t.Errorf("after c1: %d black and %d white discs, want 0 and 3", black, white)
	}
	b.Undo()
	b.Undo()
	if b.Cells() != cells || b.Key() != key || b.Ply() != 0 || b.Side() != "black" {
		t.Errorf("undoing c1 and the pass gives %s key %x ply %d", b, b.Key(), b.Ply())
	}

	// Full boards: the game is over, and the count decides for the side to move.
	for _, c := range []struct {
		black int
		side  string
		want  Outcome
	}{{40, "b", Win}, {40, "w", Loss}, {32, "w", Draw}, {20, "black", Loss}} {
		full := strings.Repeat("b", c.black) + strings.Repeat("w", 64-c.black) + " " + c.side
		b, err := ParseOthello(full)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Moves(nil); len(got) != 0 || b.Outcome() != c.want {
			t.Errorf("%d black discs to %d white, %s to move: moves %v, %v; want none, %v", c.black, 64-c.black, c.side, got, b.Outcome(), c.want)
		}
	}
}

// Walks leave the board as they found it (cells, key, ply), and every
// position within 6 plies of the start, and 4 of a later one, has the key read
// afresh from its string: the key is the position's, whatever the order of the
// moves that reached it, so transpositions share it.
func TestOthelloKeysAndWalks(t *testing.T) {
	for _, c := range []struct {
		start string
		depth int
	}{{"", 6}, {"f5 d6 c3 d3 c4 f4 f6 f3 e6 e7", 4}} {
		b, err := ParseOthello(c.start)
		if err != nil {
			t.Fatal(err)
		}
		cells, key := b.Cells(), b.Key()
		Walk(b, c.depth, func(n Board) bool {
			fresh, err := ParseOthello(n.String())
			if err != nil {
				t.Fatalf("%s: %v", n, err)
			}
			if fresh.Key() != n.Key() {
				t.Fatalf("%s: key %x after the moves, %x read afresh", n, n.Key(), fresh.Key())
			}
			return true
		})
		if b.Cells() != cells || b.Key() != key || b.Ply() != 0 {
			t.Errorf("%q: the walk left %s key %x ply %d", c.start, b, b.Key(), b.Ply())
		}
	}
}

// The distinct positions by ply from the start, OEIS A124005 (1, 4, 12, 54,
// 236, 1,288, 7,092, 42,614, 269,352), and those reached by one move order
// only, OEIS A124006 (4, 12, 52, 228, 1,192, 6,160, 33,344, 191,380), as
// quoted in engine/testdata/games/othello.md, counted by the discs and the side
// to move; a transposition keeps its key, and distinct positions have as many
// distinct keys (no collision).
func TestOthelloDistinctPositions(t *testing.T) {
	distinct := []int{1, 4, 12, 54, 236, 1288, 7092, 42614}
	unique := []int{1, 4, 12, 52, 228, 1192, 6160, 33344}
	if !testing.Short() {
		distinct, unique = append(distinct, 269352), append(unique, 191380)
	}
	type board struct {
		discs [2]uint64
		side  int
	}
	type seen struct {
		key   uint64
		paths int
	}
	byBoard, keys := make([]map[board]seen, len(distinct)), make([]map[uint64]bool, len(distinct))
	for p := range byBoard {
		byBoard[p], keys[p] = map[board]seen{}, map[uint64]bool{}
	}
	b, _ := ParseOthello("")
	Walk(b, len(distinct)-1, func(n Board) bool {
		o := n.(*OthelloBoard)
		at, s := board{o.discs, o.toMove}, byBoard[o.Ply()]
		if old, ok := s[at]; ok && old.key != o.Key() {
			t.Fatalf("%s: a transposition with keys %x and %x", o, old.key, o.Key())
		}
		s[at] = seen{o.Key(), s[at].paths + 1}
		keys[o.Ply()][o.Key()] = true
		return true
	})
	for p := range distinct {
		once := 0
		for _, s := range byBoard[p] {
			if s.paths == 1 {
				once++
			}
		}
		if len(byBoard[p]) != distinct[p] || len(keys[p]) != distinct[p] || once != unique[p] {
			t.Errorf("ply %d: %d distinct positions, %d keys, %d reached once; want %d, %d, %d (A124005, A124006)",
				p, len(byBoard[p]), len(keys[p]), once, distinct[p], distinct[p], unique[p])
		}
	}
}

func TestOthelloBadPositions(t *testing.T) {
	board := strings.Repeat(".", 27) + "wb......bw" + strings.Repeat(".", 27)
	for _, c := range []struct{ position, says string }{
		{"e9", "move 1"},
		{"f5 f5", "move 2"},
		{"f5 pass", "may not pass"},
		{"a1", "turns no disc over"},
		{board[1:] + " b", "63 cells"},
		{board[:10] + "q" + board[11:] + " b", "cell 11"},
		{board, "side to move is missing"},
		{board + " red", "side to move"},
		{strings.Repeat("f5 ", 400), "characters"},
	} {
		_, err := ParseOthello(c.position)
		if err == nil {
			t.Errorf("%q was accepted", c.position)
			continue
		}
		if !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v; want it to name %q", c.position, err, c.says)
		}
		t.Logf("%.40q: %v", c.position, err)
	}
}

// BenchmarkOthelloPerft counts perft(7) from the start (55,092 leaves).
func BenchmarkOthelloPerft(b *testing.B) {
	board, _ := ParseOthello("")
	var nodes uint64
	for b.Loop() {
		nodes += Perft(board, 7)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
