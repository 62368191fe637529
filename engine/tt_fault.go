package engine

import "github.com/notnil/chess"

// ttFault plants one of the table's classic bugs, for the tests that show
// pvscope check names each by its rule (tt_fault_test.go). It is an
// unexported field of Options: no flag or page reaches it.
type ttFault uint8

const (
	ttSound          ttFault = iota
	ttFaultStorePly          // a mate score stored as the root's, not moved to the node
	ttFaultProbePly          // a mate score read back without moving it to the root
	ttFaultExactLow          // a fail-low stored as an exact score
	ttFaultShallow           // an entry answers whatever depth it was stored for
	ttFaultKeyCastle         // the key leaves out castling rights
	ttFaultKeyEP             // the key leaves out the en-passant file
	ttFaultKeySide           // the key leaves out the side to move
	ttFaultMove              // the stored move has its squares swapped
)

// ttKey is the key the table files the current position under: the
// position's own, less the part a planted key fault leaves out.
func (s *searcher) ttKey() uint64 {
	k := s.pos.Key()
	c, ok := s.pos.(*ChessPosition)
	if s.tt.fault < ttFaultKeyCastle || s.tt.fault > ttFaultKeySide || !ok {
		return k
	}
	top := &c.stack[c.ply]
	switch s.tt.fault {
	case ttFaultKeyCastle:
		k ^= zobristCastle[castleMask(top.pos.CastleRights())]
	case ttFaultKeyEP:
		k ^= epKey(top.pos, &top.squares)
	case ttFaultKeySide:
		if top.pos.Turn() == chess.Black {
			k ^= zobristBlack
		}
	}
	return k
}

// deepEnough reports whether an entry searched to its depth may answer a
// node of depth.
func (t *transpositionTable) deepEnough(e ttEntry, depth int) bool {
	return int(e.depth) >= depth || t.fault == ttFaultShallow
}

// corrupt is the move a faulty table keeps: from and to swapped, which no
// piece can play (the mover stands on from, not on to).
func corrupt(m Move) Move {
	if m&(1<<15) == 0 {
		return m
	}
	from, to := m&63, (m>>6)&63
	return m&^(63|63<<6) | to | from<<6
}
