package tracer

import "sync"

// uciMoveString returns the one string for a move written in UCI's
// coordinate form ("e2e4", "e7e8q"), so that decoding a move, the one string
// nearly every event has, does not allocate; ok is false for anything else
// (SAN, "0000", another engine's notation), which the caller copies as usual.
func uciMoveString(b []byte) (string, bool) {
	i, ok := uciMoveIndex(b)
	if !ok {
		return "", false
	}
	return coordinateMoves()[i], true
}

// uciMoveIndex numbers a coordinate move: from square, to square, then the
// promotion piece (0 for none, 1-4 for q, r, b, n).
func uciMoveIndex(b []byte) (int, bool) {
	if len(b) != 4 && len(b) != 5 {
		return 0, false
	}
	sq := func(f, r byte) (int, bool) {
		if f < 'a' || f > 'h' || r < '1' || r > '8' {
			return 0, false
		}
		return int(f-'a')*8 + int(r-'1'), true
	}
	from, ok1 := sq(b[0], b[1])
	to, ok2 := sq(b[2], b[3])
	if !ok1 || !ok2 {
		return 0, false
	}
	promo := 0
	if len(b) == 5 {
		switch b[4] {
		case 'q':
			promo = 1
		case 'r':
			promo = 2
		case 'b':
			promo = 3
		case 'n':
			promo = 4
		default:
			return 0, false
		}
	}
	return (from*64+to)*5 + promo, true
}

// coordinateMoves holds every coordinate move's string, built on first use.
var coordinateMoves = sync.OnceValue(func() []string {
	const files, ranks, promos = "abcdefgh", "12345678", " qrbn"
	all := make([]string, 64*64*5)
	for from := range 64 {
		for to := range 64 {
			for p := range 5 {
				m := []byte{files[from/8], ranks[from%8], files[to/8], ranks[to%8]}
				if p > 0 {
					m = append(m, promos[p])
				}
				all[(from*64+to)*5+p] = string(m)
			}
		}
	}
	return all
})
