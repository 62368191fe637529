package engine

import "github.com/pvscope/pvscope/tracer"

// TTMate is how this engine's table holds mate scores, for a trace header's
// meta.ttMate: "node", a mate counted from the node that stored it
// (scoreToTT adds the ply on a store, scoreFromTT takes it away on a probe),
// so an entry is right at whatever ply its position is met again.
const TTMate = "node"

// The table's events carry the key the entry is filed under (ttKey: the
// position's own Zobrist key, see zobrist.go) and, on a hit or a store, the
// integer the slot holds (Raw): Score is the node's, counted from the root.

// ttProbeEvent: the node looks key up.
func ttProbeEvent(id int32, key uint64) tracer.Event {
	return tracer.Event{Kind: tracer.TTProbe, Node: id, Key: key, HasKey: true}
}

// ttHitEvent: the node found e (its score already the node's) under key.
func (s *searcher) ttHitEvent(id int32, key uint64, e ttEntry) tracer.Event {
	return tracer.Event{Kind: tracer.TTHit, Node: id, Key: key, HasKey: true,
		Bound: e.bound, Depth: int16(e.depth), Score: int32(e.score), Move: s.name(e.move),
		Raw: int32(s.tt.slot(key).score), HasRaw: true}
}

// ttCutoffEvent: the entry under key answers the node with score.
func ttCutoffEvent(id int32, key uint64, score int, bound tracer.Bound) tracer.Event {
	return tracer.Event{Kind: tracer.TTCutoff, Node: id, Key: key, HasKey: true, Score: int32(score), Bound: bound}
}

// ttStoreEvent: the node filed w under key; score is the node's, before
// the mate adjustment w.score holds.
func (s *searcher) ttStoreEvent(id int32, key uint64, score int, w ttEntry) tracer.Event {
	return tracer.Event{Kind: tracer.TTStore, Node: id, Key: key, HasKey: true,
		Bound: w.bound, Depth: int16(w.depth), Score: int32(score), Move: s.name(w.move),
		Raw: int32(w.score), HasRaw: true}
}
