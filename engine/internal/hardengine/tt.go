package hardengine

// The transposition table: one entry per slot, always replaced. It answers
// (cuts) only at nodes with a null window, the way most fail-hard PVS engines
// keep the PV whole; at every node its move is searched first.

const ttSize = 1 << 16

type ttBound uint8

const (
	ttExact ttBound = iota + 1
	ttLower
	ttUpper
)

type ttEntry struct {
	key   uint64
	move  move
	score int32
	depth int8
	bound ttBound
}

type table []ttEntry

func (t table) probe(key uint64) (ttEntry, bool) {
	e := t[key&(ttSize-1)]
	return e, e.bound != 0 && e.key == key
}

func (t table) store(key uint64, depth int, bound ttBound, score, ply int, m move) {
	t[key&(ttSize-1)] = ttEntry{key: key, move: m, score: int32(toTable(score, ply)), depth: int8(depth), bound: bound}
}

// A mate score in the table counts from the node, not the root.
func toTable(score, ply int) int {
	switch {
	case score > Mate-MateBand:
		return score + ply
	case score < -(Mate - MateBand):
		return score - ply
	}
	return score
}

func fromTable(score, ply int) int {
	switch {
	case score > Mate-MateBand:
		return score - ply
	case score < -(Mate - MateBand):
		return score + ply
	}
	return score
}
