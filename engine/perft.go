package engine

// Perft counts the leaves of the legal move tree to the given depth: the
// standard test of a move generator. The last ply is counted, not played.
func Perft(p Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	moves := p.Moves()
	if depth == 1 {
		return int64(len(moves))
	}
	var n int64
	for _, m := range moves {
		p.Make(m)
		n += Perft(p, depth-1)
		p.Unmake()
	}
	return n
}
