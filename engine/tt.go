package engine

import "github.com/pvscope/pvscope/tracer"

// ttEntry is one slot of the transposition table: 16 bytes.
type ttEntry struct {
	key   uint64
	move  Move
	score int16 // mate scores stored as distance from this node, not the root
	depth int8
	bound tracer.Bound
}

// transpositionTable maps position keys to what a search found there. One
// entry per slot, indexed by the low bits of the key.
type transpositionTable struct {
	slots   []ttEntry
	mask    uint64
	replace Replacement
	fault   ttFault // a planted bug, for tests (tt_fault.go); ttSound otherwise
}

func newTranspositionTable(size int, replace Replacement) *transpositionTable {
	n := 1
	for n*2 <= size {
		n *= 2
	}
	return &transpositionTable{slots: make([]ttEntry, n), mask: uint64(n - 1), replace: replace}
}

// probe returns the entry for key, with its score adjusted to the root at ply.
func (t *transpositionTable) probe(key uint64, ply int) (ttEntry, bool) {
	e := t.slots[key&t.mask]
	if e.bound == tracer.NoBound || e.key != key {
		return ttEntry{}, false
	}
	if t.fault != ttFaultProbePly {
		e.score = int16(scoreFromTT(int(e.score), ply))
	}
	return e, true
}

// slot returns what the table holds where key would be, whatever its key:
// for the PV walk, which must tell a miss from an overwrite.
func (t *transpositionTable) slot(key uint64) ttEntry { return t.slots[key&t.mask] }

// store writes an entry, unless the scheme prefers what is there; it
// returns the entry as it was meant for the slot and whether it wrote it.
func (t *transpositionTable) store(key uint64, ply, depth, score int, bound tracer.Bound, move Move) (ttEntry, bool) {
	raw := scoreToTT(score, ply)
	switch {
	case t.fault == ttFaultStorePly:
		raw = score
	case t.fault == ttFaultExactLow && bound == tracer.Upper:
		bound = tracer.Exact
	case t.fault == ttFaultMove:
		move = corrupt(move)
	}
	e := ttEntry{key: key, move: move, score: int16(raw), depth: int8(max(min(depth, 127), -128)), bound: bound}
	slot := &t.slots[key&t.mask]
	if t.replace == DepthPreferred && slot.bound != tracer.NoBound && slot.key != key && int(slot.depth) > depth {
		return e, false
	}
	*slot = e
	return e, true
}

// A mate score counts plies from the root; in the table it counts from the
// node, so that the entry is right wherever the position is met again.
func scoreToTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}
