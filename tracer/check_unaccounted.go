package tracer

import (
	"slices"
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Unaccounted is the checker's warning for moves not accounted for (rule
// "unaccounted"): at a node that searched its moves and did not cut off, a
// legal move that is neither a child nor a prune event. It is a move the
// generator dropped (en passant, an under-promotion) or a pruning the engine
// did not write. The convention it relies on: a node that did not cut off
// searched or declared pruned every legal move; it is not judged beyond the
// horizon (quiescence searches only some moves), at a node a table, a stand
// pat or a null move answered, at a node that ended without moves, below a
// null move or in a sub-search (Moves does not know those positions), or at
// a node that searched no move at all. Nor is it judged where the trace
// does not claim every move (a test's abbreviation, an engine that does not
// write its prunes): a trace is judged once it has written a prune event (an
// engine that writes its prunes writes them all), or from the start when its
// header says meta.prunes "all"; and not at a node that holds a move the
// position does not know (the trace names moves its own way).
//
// Unaccounted is a Sink over derived events. It plays the position only at
// the nodes it judges, from the last one judged, so a trace costs about one
// move generation per judged node.
type Unaccounted struct {
	Moves MoveLister       // the legal moves; nil: nothing is judged
	Warn  func(*Violation) // receives each warning
	stack []uaFrame
	at    []string // the line Moves stands on
	steps int      // moves played so far, up to maxUnaccountedSteps
	// claims: the trace claims every move it skips (meta.prunes "all", or a
	// prune event written).
	claims bool
}

// SetHeader reads the header's claim: meta.prunes "all" says the engine
// writes every move it skips as a prune event.
func (u *Unaccounted) SetHeader(h Header) { u.claims = u.claims || h.Meta["prunes"] == "all" }

// maxUnaccountedSteps bounds the moves Unaccounted plays in one trace: a
// hostile file alternating between two long lines would make it replay them
// at every node; past the bound it judges no more (a real search's trace
// plays about one move per judged node).
const maxUnaccountedSteps = 1 << 22

type uaFrame struct {
	node      int32
	move      string // "" for a sub-search
	depth     int16
	beta      int32
	answered  bool // a cutoff, table answer or stand pat ended its moves
	seen      []string
	sub, null bool
}

// Emit implements Sink.
func (u *Unaccounted) Emit(e Event) {
	if u.Moves == nil {
		return
	}
	switch e.Kind {
	case Enter:
		if e.Parent == 0 {
			u.stack = u.stack[:0]
		}
		for len(u.stack) > 0 && u.stack[len(u.stack)-1].node != e.Parent {
			u.stack = u.stack[:len(u.stack)-1]
		}
		// The slot's old seen list is reused: a fresh one per node was
		// most of the checker's allocations.
		var seen []string
		if n := len(u.stack); n < cap(u.stack) {
			seen = u.stack[: n+1 : n+1][n].seen[:0]
		}
		f := uaFrame{node: e.Node, move: e.Move, depth: e.Depth, beta: e.Beta, sub: e.Sub != "", null: e.Move == NullMove, seen: seen}
		if len(u.stack) > 0 {
			p := &u.stack[len(u.stack)-1]
			if f.sub {
				f.move = ""
				if e.Excluded != "" {
					f.seen = append(f.seen, e.Excluded)
				}
			} else {
				p.seen = append(p.seen, e.Move)
			}
		}
		u.stack = append(u.stack, f)
	case Prune:
		u.claims = true
		if f := u.top(e.Node); f != nil {
			f.seen = append(f.seen, e.Move)
		}
	case Cutoff, TTCutoff:
		if f := u.top(e.Node); f != nil {
			f.answered = true
		}
	case StandPat:
		if f := u.top(e.Node); f != nil && e.Score >= f.beta {
			f.answered = true
		}
	case Exit:
		i := len(u.stack) - 1
		for i >= 0 && u.stack[i].node != e.Node {
			i--
		}
		if i < 0 {
			return
		}
		f := &u.stack[i]
		if !f.answered && e.End == Searched && f.depth >= 1 && e.Score < f.beta && len(f.seen) > 0 {
			u.judge(e, i)
		}
		u.stack = u.stack[:i]
	}
}

func (u *Unaccounted) top(node int32) *uaFrame {
	if n := len(u.stack); n > 0 && u.stack[n-1].node == node {
		return &u.stack[n-1]
	}
	return nil
}

// judge lists the legal moves of the node at stack[i] that it never accounted for.
func (u *Unaccounted) judge(e Event, i int) {
	if !u.claims || i > maxJudgedPly || u.steps > maxUnaccountedSteps {
		return
	}
	for _, f := range u.stack[1 : i+1] {
		if f.sub || f.null {
			return // a position Moves does not follow
		}
	}
	u.walkTo(u.stack[1 : i+1])
	legal := u.Moves.Moves()
	if legal == nil {
		return
	}
	for _, m := range u.stack[i].seen {
		if !slices.Contains(legal, m) {
			return // the trace names its moves otherwise
		}
	}
	var missing []string
	for _, m := range legal {
		if !slices.Contains(u.stack[i].seen, m) {
			missing = append(missing, m)
		}
	}
	if len(missing) == 0 || u.Warn == nil {
		return
	}
	m := msg.New("go-tracer.unaccountedOne", "a legal move was neither searched nor pruned at a node that did not cut off: {moves} (a move generator that drops them, or a pruning the engine did not write)",
		"moves", strings.Join(missing, " "))
	if len(missing) > 1 {
		m = msg.New("go-tracer.unaccountedMany", "{n} legal moves were neither searched nor pruned at a node that did not cut off: {moves} (a move generator that drops them, or a pruning the engine did not write)",
			"n", len(missing), "moves", strings.Join(missing, " "))
	}
	u.Warn(violation(e.Seq, e.Node, "unaccounted", m))
}

// walkTo moves Moves from the line it stands on to the frames' moves.
func (u *Unaccounted) walkTo(frames []uaFrame) {
	k := 0
	for k < len(u.at) && k < len(frames) && u.at[k] == frames[k].move {
		k++
	}
	for len(u.at) > k {
		u.Moves.Up()
		u.at = u.at[:len(u.at)-1]
	}
	for _, f := range frames[k:] {
		u.steps++
		u.Moves.Down(f.move)
		u.at = append(u.at, f.move)
	}
}
