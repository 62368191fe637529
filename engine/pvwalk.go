package engine

import "github.com/pvscope/pvscope/tracer"

// The two collectors that read a table after the iteration: the walk of the
// transposition table and the read-back of the PV hash table. Both play their
// moves on the search's own position from the root and take them back.

// exactNode is a node of this iteration searched with an open window that
// ended with an exact score: a PV node. The table walk uses the records to
// name the node where it stopped (the child of the node before it, by the
// walk's move), and to tell an entry that was overwritten (the search wrote
// it, or found it, and now it is gone) from one never written.
type exactNode struct {
	key     uint64
	from    edge // the parent node and the move from it
	node    int32
	inTable bool // its exact entry was in the table when it ended
	// shallow: why a reduction brought the horizon to this node before the
	// iteration's depth (modern search), so that the walk, which finds no
	// entry for it, says so.
	shallow tracer.Reason
}

// noteExact records a PV node at its exit, for the walk.
func (s *searcher) noteExact(id int32, inTable bool) {
	s.exact = append(s.exact, exactNode{key: s.pos.Key(), from: s.edges[s.pos.Ply()], node: id, inTable: inTable})
}

// childOf finds the PV node the walk reaches by playing m at parent: the
// latest child of parent by m; failing that, the latest PV node of the same
// position reached another way (a transposition, whose entry the walk is
// reading); failing that, none.
func (s *searcher) childOf(parent int32, m Move, key uint64) (exactNode, bool) {
	for i := len(s.exact) - 1; i >= 0; i-- {
		if x := s.exact[i]; x.from.parent == parent && x.from.move == m && parent != 0 {
			return x, true
		}
	}
	for i := len(s.exact) - 1; i >= 0; i-- {
		if s.exact[i].key == key {
			return s.exact[i], true
		}
	}
	return exactNode{}, false
}

// walkTT follows the best moves of exact entries from the root, at most depth
// of them, and says where and why it stopped short. root is the iteration's
// root node. The node named is the walk's position as the search visited it
// (see childOf); when the search never visited it as a PV node, the last node
// the walk could place, the one whose entry gave the move.
func (s *searcher) walkTT(depth int, root int32) ([]Move, lineEnd) {
	var line []Move
	defer func() {
		for range line {
			s.pos.Unmake()
		}
	}()
	here, known := exactNode{node: root, inTable: true}, true
	for len(line) < depth {
		key := s.pos.Key()
		if end, over := s.gameOver(here.node, len(line)); over {
			return line, end
		}
		e := s.tt.slot(key)
		reason := tracer.NoReason
		switch {
		case e.bound == tracer.NoBound || e.key != key:
			reason = tracer.TTEntryMissing
			if known && here.inTable {
				reason = tracer.TTEntryOverwritten
			}
			if known && here.shallow != tracer.NoReason {
				reason = here.shallow
			}
		case e.bound != tracer.Exact:
			reason = tracer.TTEntryNotExact
		case !legal(s.pos, e.move):
			reason = tracer.TTMoveIllegal
		}
		if reason != tracer.NoReason {
			return line, lineEnd{node: here.node, ply: len(line), reason: reason}
		}
		s.pos.Make(e.move)
		line = append(line, e.move)
		if x, ok := s.childOf(here.node, e.move, s.pos.Key()); ok {
			here = x
		} else {
			known = false // keep naming the last node placed
		}
	}
	return line, lineEnd{}
}

// walkPVHash reads the PV hash table from the root: the root's stored line,
// and where that line was ended by an exact table hit, the line stored for
// the position there, and so on, until the line is depth moves long or ends
// for another reason.
func (s *searcher) walkPVHash(depth int, root int32) ([]Move, lineEnd) {
	var line []Move
	defer func() {
		for range line {
			s.pos.Unmake()
		}
	}()
	if end, over := s.gameOver(root, 0); over {
		return nil, end // the root stores no line: it has no move
	}
	end := lineEnd{node: root, reason: tracer.TTEntryMissing}
	for len(line) < depth && len(line) < maxLine {
		e, ok := s.pvHash.get(s.pos.Key(), depth-len(line))
		if !ok {
			break
		}
		at := len(line)
		end = e.end
		end.ply += at
		for _, m := range e.moves[:e.n] {
			if len(line) >= maxLine {
				break
			}
			if !legal(s.pos, m) {
				return line, lineEnd{node: end.node, ply: len(line), reason: tracer.TTMoveIllegal}
			}
			s.pos.Make(m)
			line = append(line, m)
		}
		if end.reason != tracer.TTExactCutAtPV {
			break
		}
	}
	if len(line) >= depth {
		end = lineEnd{}
	}
	return line, end
}

// gameOver reports a position on a walk where the game has ended, by the
// rules the search itself applies (settle).
func (s *searcher) gameOver(node int32, ply int) (lineEnd, bool) {
	if ply > 0 {
		if why := s.pos.Draw(); why != tracer.Searched {
			return lineEnd{node: node, ply: ply, reason: tracer.ReasonOfEnd(why)}, true
		}
	}
	if len(s.pos.Moves()) == 0 {
		_, why := s.pos.NoMoves()
		return lineEnd{node: node, ply: ply, reason: tracer.ReasonOfEnd(why)}, true
	}
	return lineEnd{}, false
}

// legal reports whether m is one of the position's moves.
func legal(pos Position, m Move) bool {
	for _, x := range pos.Moves() {
		if x == m {
			return true
		}
	}
	return false
}
