package engine

// pvHashTable is a separate table of whole lines, in the style of Hyatt's
// Crafty: when a PV node ends with an exact score, its line is stored under its
// position's key. When an exact transposition-table hit later ends a PV node
// (which leaves that node without a line below it), the stored line is grafted
// in, and read back from the root it gives the PV (see walkPVHash). Only PV
// nodes write to it, so the crowd of null-window nodes cannot overwrite it.
type pvHashTable struct {
	slots []pvHashEntry
	mask  uint64
}

// pvHashEntry is one stored line, from a search depth plies deep; end.ply
// counts from the stored position.
type pvHashEntry struct {
	key   uint64
	used  bool
	depth uint8
	n     uint8
	end   lineEnd
	moves [maxLine]Move
}

// pvHashSize is the number of lines the table holds: a search stores one per
// exact PV node, a few hundred per iteration on the test suites.
const pvHashSize = 1 << 11

func newPVHashTable() *pvHashTable {
	return &pvHashTable{slots: make([]pvHashEntry, pvHashSize), mask: pvHashSize - 1}
}

// put stores line (with its end, ply counted from this position), found by a
// search depth plies deep, under key, replacing whatever the slot held.
func (t *pvHashTable) put(key uint64, depth int, line []Move, end lineEnd) {
	e := &t.slots[key&t.mask]
	e.key, e.used, e.depth = key, true, uint8(depth)
	e.n = uint8(copy(e.moves[:], line))
	e.end = end
}

// get returns the entry stored under key by a search at least depth plies
// deep: a shallower line would end short of the horizon the node needs. The
// entry is the table's own: do not keep it past the next put.
func (t *pvHashTable) get(key uint64, depth int) (*pvHashEntry, bool) {
	e := &t.slots[key&t.mask]
	if !e.used || e.key != key || int(e.depth) < depth {
		return nil, false
	}
	return e, true
}
