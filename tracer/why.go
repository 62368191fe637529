package tracer

import (
	"io"
	"slices"
)

// "Why not this move?": the fate of one move at one node in each iteration,
// told from the trace alone. A Why walks the derived events once (a sink),
// following only the nodes on the asked path, so a trace of millions of
// events costs one pass and memory for the path's last visits.
//
// Conventions it relies on: the trace is one depth-first search (enter and
// exit nest); a node's moves are its children's moves; a prune event names
// the move it skipped; a cutoff event at a node ends its moves; values and
// windows are negamax, so a move's value at its node is minus its child's exit
// score (or the node's move-value for it), and its window there is (-β, -α) of
// the child's window. Sub-searches of a node's own position are no move.

// MoveLister gives the legal moves along a line from the trace's root: Down
// plays a move (false when it cannot be played there), Up takes it back, and
// Moves lists the moves where it stands (nil when it does not know: a null
// move, a sub-search, a line that could not be played, no position at all).
// engine.NewMoveWalker is chess's and the teaching trees'. A MoveLister is used
// by one goroutine.
type MoveLister interface {
	Down(move string) bool
	Up()
	Moves() []string
}

// WhyQuery is the question: the move at the node the path names (moves from
// the root; nil or empty is the root).
type WhyQuery struct {
	Path []string
	Move string
	// RootView: say the sentences from the root player's side (Why.RootView).
	RootView bool
}

// visit is what one visit of a node on the asked path did about the move
// that interests it (the path's next move, or the asked move at the end).
type visit struct {
	node          int32
	seq           int64
	alpha, beta   int32
	depth         int16
	exited        bool
	score         int32
	end           End
	ttCut         bool
	standPat      bool
	standPatScore int32
	cut           *Event      // the cutoff event at the node
	per           []moveState // what happened to each move asked about
	values        []moveValue
	moves         []string // every move entered or pruned here, in order
}

// moveState is what one asked-about move met at a visit.
type moveState struct {
	move     string
	prune    *Event // its prune event
	tries    []try  // its visits, in order
	pvUpdate bool   // it raised alpha here
}

// state is move's state at v, made when create, else nil when none.
func (v *visit) state(move string, create bool) *moveState {
	for i := range v.per {
		if v.per[i].move == move {
			return &v.per[i]
		}
	}
	if !create {
		return nil
	}
	v.per = append(v.per, moveState{move: move})
	return &v.per[len(v.per)-1]
}

// try is one visit of the move's child.
type try struct {
	node             int32
	seq              int64
	alpha, beta      int32 // the child's window (its side)
	depth            int16
	reduced          int16
	why              string
	ref              int32
	exited           bool
	value            int32 // from the node's side: minus the child's score, or the move-value
	probe            bool  // a null window one unit wide
	exitEnd          End
	exitEndsSearched bool
}

type moveValue struct {
	move  string
	value int32
}

type whyFrame struct {
	node   int32
	ply    int // its ply on the path when it is the path's node there, else -1
	parent int // the ply of its parent when that is a path node, else -1
	try    int // its index in the parent's tries when it is the asked move's child, else -1
	move   string
}

// whyIter is one iteration's visits of the path's nodes.
type whyIter struct {
	depth  int
	visits []*visit // by ply on the path: the last visit, nil when none
	pv     []string
}

// Why is a Sink that answers a WhyQuery; Answer gives the result after the
// trace ends.
type Why struct {
	q        WhyQuery
	scale    Scale
	stack    []whyFrame
	iters    []*whyIter
	explicit bool // inside iteration-start ... iteration-end
	tree     bool // a teaching tree: moves are child indices
	// RootView: the sentences say values and windows from the root player's
	// side (MAX and MIN), not the side to move's (negamax); the fates' numbers
	// stay negamax.
	RootView bool
}

// NewWhy returns a Why for q over a trace with header h.
func NewWhy(h Header, q WhyQuery) *Why {
	w := &Why{q: q, tree: isTree(h), RootView: q.RootView}
	w.scale, _ = ScaleOf(h.Meta)
	return w
}

func (w *Why) iter() *whyIter {
	if len(w.iters) == 0 {
		w.newIter(0)
	}
	return w.iters[len(w.iters)-1]
}

func (w *Why) newIter(depth int) {
	w.iters = append(w.iters, &whyIter{depth: depth, visits: make([]*visit, len(w.q.Path)+1)})
}

// wants says whether move interests the path's node at ply: the path's
// next move, or at its end the asked move (every move when none is asked).
func (w *Why) wants(ply int, move string) bool {
	if ply < len(w.q.Path) {
		return move == w.q.Path[ply]
	}
	return w.q.Move == "" || move == w.q.Move
}

// Emit implements Sink.
func (w *Why) Emit(e Event) {
	switch e.Kind {
	case IterationStart:
		w.newIter(int(e.Depth))
		w.explicit = true
	case IterationEnd:
		w.explicit = false
		if it := w.iter(); it.depth == 0 {
			it.depth = int(e.Depth)
		}
		if len(e.PV) > 0 && w.iter().pv == nil {
			w.iter().pv = slices.Clone(e.PV)
		}
	case RootPV:
		if e.Index == 0 {
			w.iter().pv = slices.Clone(e.PV)
		}
	case Enter:
		w.enter(&e)
	case Exit:
		w.exit(&e)
	case Cutoff, TTCutoff, Prune, PVUpdate, StandPat, MoveValue:
		w.about(&e)
	}
}

func (w *Why) enter(e *Event) {
	if e.Parent == 0 {
		w.stack = w.stack[:0]
		if !w.explicit && (len(w.iters) == 0 || w.iter().depth != int(e.Depth)) {
			w.newIter(int(e.Depth))
		} else if it := w.iter(); it.depth == 0 {
			it.depth = int(e.Depth)
		}
		w.stack = append(w.stack, whyFrame{node: e.Node, ply: 0, parent: -1, try: -1})
		w.iter().visits[0] = newVisit(e)
		return
	}
	for len(w.stack) > 0 && w.stack[len(w.stack)-1].node != e.Parent {
		w.stack = w.stack[:len(w.stack)-1] // a trace that does not nest: follow its parent
	}
	f := whyFrame{node: e.Node, ply: -1, parent: -1, try: -1, move: e.Move}
	if len(w.stack) > 0 && e.Sub == "" {
		p := w.stack[len(w.stack)-1]
		if p.ply >= 0 {
			v := w.iter().visits[p.ply]
			f.parent = p.ply
			v.moves = appendNew(v.moves, e.Move)
			if w.wants(p.ply, e.Move) {
				st := v.state(e.Move, true)
				t := try{node: e.Node, seq: e.Seq, alpha: e.Alpha, beta: e.Beta, depth: e.Depth, reduced: e.Reduced, why: e.Why, ref: e.Ref,
					probe: int64(e.Beta)-int64(e.Alpha) == 1}
				st.tries = append(st.tries, t)
				f.try = len(st.tries) - 1
				if p.ply < len(w.q.Path) {
					f.ply = p.ply + 1
					w.iter().visits[f.ply] = newVisit(e)
				}
			}
		}
	}
	w.stack = append(w.stack, f)
}

func newVisit(e *Event) *visit {
	return &visit{node: e.Node, seq: e.Seq, alpha: e.Alpha, beta: e.Beta, depth: e.Depth}
}

func appendNew(list []string, m string) []string {
	if slices.Contains(list, m) {
		return list
	}
	return append(list, m)
}

func (w *Why) exit(e *Event) {
	i := len(w.stack) - 1
	for i >= 0 && w.stack[i].node != e.Node {
		i--
	}
	if i < 0 {
		return
	}
	f := w.stack[i]
	w.stack = w.stack[:i]
	it := w.iter()
	if f.ply >= 0 && it.visits[f.ply] != nil && it.visits[f.ply].node == f.node {
		v := it.visits[f.ply]
		v.exited, v.score, v.end = true, e.Score, e.End
	}
	if f.parent >= 0 && it.visits[f.parent] != nil {
		v := it.visits[f.parent]
		v.setValue(f.move, -e.Score)
		if st := v.state(f.move, false); st != nil && f.try >= 0 && f.try < len(st.tries) {
			t := &st.tries[f.try]
			t.exited, t.value, t.exitEnd = true, -e.Score, e.End
		}
	}
}

func (v *visit) setValue(move string, value int32) {
	for i := range v.values {
		if v.values[i].move == move {
			v.values[i].value = value
			return
		}
	}
	v.values = append(v.values, moveValue{move, value})
}

// about handles an event a path node writes about itself or its moves.
func (w *Why) about(e *Event) {
	if len(w.stack) == 0 {
		return
	}
	var f *whyFrame
	for i := len(w.stack) - 1; i >= 0; i-- {
		if w.stack[i].node == e.Node {
			f = &w.stack[i]
			break
		}
	}
	if f == nil || f.ply < 0 {
		return
	}
	v := w.iter().visits[f.ply]
	if v == nil || v.node != e.Node {
		return
	}
	want := w.wants(f.ply, e.Move)
	switch e.Kind {
	case Cutoff:
		if v.cut == nil {
			c := *e
			v.cut = &c
		}
	case TTCutoff:
		v.ttCut = true
	case StandPat:
		v.standPat, v.standPatScore = true, e.Score
	case Prune:
		v.moves = appendNew(v.moves, e.Move)
		if st := v.state(e.Move, want); st != nil && st.prune == nil {
			p := *e
			st.prune = &p
		}
	case PVUpdate:
		if st := v.state(e.Move, want); st != nil {
			st.pvUpdate = true
		}
	case MoveValue:
		v.setValue(e.Move, e.Score)
		if st := v.state(e.Move, false); want && st != nil && len(st.tries) > 0 {
			st.tries[len(st.tries)-1].value = e.Score
		}
	}
}

// WhyRead answers q over the trace r: read, derived and walked once. moves,
// when not nil, gives the legal moves along the path (see MoveLister).
func WhyRead(r io.Reader, q WhyQuery, moves MoveLister) (*WhyAnswer, error) {
	var w *Why
	p := Pipeline{
		Header: func(a *Analysis) error { w = NewWhy(a.Header, q); return nil },
		Event:  func(e Event, _ int) { w.Emit(e) },
	}
	if _, err := Analyse(r, p); err != nil {
		return nil, err
	}
	return w.Answer(moves), nil
}

// WhyEvents answers q over events already derived (a Recording's, a test's).
func WhyEvents(h Header, events []Event, q WhyQuery, moves MoveLister) *WhyAnswer {
	w := NewWhy(h, q)
	for i := range events {
		w.Emit(events[i])
	}
	return w.Answer(moves)
}
