package games

// Perft counts the move sequences of exactly depth moves from b (a game that
// ends sooner ends its sequences there: they are not counted), leaving b as it
// found it.
func Perft(b Board, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := b.Moves(make([]Move, 0, 16))
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		b.Play(m)
		n += Perft(b, depth-1)
		b.Undo()
	}
	return n
}

// Walk calls visit at every position reachable from b within depth moves,
// b's own first, in depth-first order; visit returning false stops the walk
// below that position.
func Walk(b Board, depth int, visit func(Board) bool) {
	if !visit(b) || depth == 0 {
		return
	}
	for _, m := range b.Moves(make([]Move, 0, 16)) {
		b.Play(m)
		Walk(b, depth-1, visit)
		b.Undo()
	}
}
