package tracer

// The Deriver at a search of a node's own position (subsearch.go): a child
// of the node at the node's own ply, with no move, no index and no expected
// type; it is no probe, no re-search and no sibling of the node's moves, and
// its exit decides nothing of the node's (derive_exit.go skips it).

func (d *Deriver) enterSub(p *frame, e *Event) {
	e.Ply, e.Index = p.ply, 0
	d.push(e)
	d.top().sub = true
}

// subPly is how many plies below its parent an entered node lies: none for a
// search of the parent's own position, one for a move.
func subPly(e *Event) int32 {
	if e.IsSub() {
		return 0
	}
	return 1
}
