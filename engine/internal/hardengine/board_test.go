package hardengine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

func perft(b *board, depth int) int64 {
	if depth == 0 {
		return 1
	}
	var n int64
	for _, m := range b.pseudoMoves(nil, false) {
		u, ok := b.make(m)
		if ok {
			n += perft(b, depth-1)
		}
		b.unmake(m, u)
	}
	return n
}

// Perft on the Chess Programming Wiki's standard positions (the counts are
// read from ../../testdata/perft/cpw_standard_positions.epd, which cites its
// source), up to a leaf budget; the board and its hash are the same after.
func TestPerftStandardPositions(t *testing.T) {
	f, err := os.Open("../../testdata/perft/cpw_standard_positions.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	budget := int64(2_000_000)
	if testing.Short() {
		budget = 200_000
	}
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ";")
		fen := strings.TrimSpace(fields[0])
		b, err := parseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		before := *b
		for _, d := range fields[1:] {
			var depth int
			var want int64
			parts := strings.Fields(d)
			depth, _ = strconv.Atoi(strings.TrimPrefix(parts[0], "D"))
			want, _ = strconv.ParseInt(parts[1], 10, 64)
			if want > budget {
				break
			}
			if got := perft(b, depth); got != want {
				t.Errorf("perft(%s, %d) = %d, want %d", fen, depth, got, want)
			}
			checked++
		}
		if *b != before || b.hash != b.computeHash() {
			t.Errorf("%s: the board changed under perft", fen)
		}
	}
	if checked < 12 {
		t.Errorf("only %d perft counts checked", checked)
	}
}

// The incremental hash is the hash computed from scratch after every move.
func TestHashIncremental(t *testing.T) {
	b, _ := parseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var walk func(d int)
	walk = func(d int) {
		if d == 0 {
			return
		}
		for _, m := range b.pseudoMoves(nil, false) {
			u, ok := b.make(m)
			if ok {
				if b.hash != b.computeHash() {
					t.Fatalf("hash after %s differs from its computation", m.uci())
				}
				walk(d - 1)
			}
			b.unmake(m, u)
		}
	}
	walk(2)
}
