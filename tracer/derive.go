package tracer

import "strings"

// Deriver completes a trace another engine wrote. Such a trace may hold only
// the header and, per node, enter {node, parent, move, alpha, beta, depth} and
// exit {node, score}; the Deriver fills in what follows from those:
//
//   - seq, when missing: one more than the event before; a written seq moves
//     up by the number of derived events sent before it, so that seqs
//     strictly increase, derived events included;
//   - ply and index from the parent (a re-search keeps its probe's index);
//   - expect (Knuth and Moore's rule, as childType in the engine) and actual
//     (from the score and the window); a root entered with a null window (a
//     bound search of MTD(f) and its kin) and the nodes below it expect no type;
//   - the end of a node without children: eval at the horizon, a leaf of a
//     tree, mate when the score says the side to move is mated in that very
//     position (Scale.MatedAt its ply, by the header's Scale);
//   - probe: a child window one unit wide under a wider parent window;
//   - re-search: the same move from the same parent entered again right after
//     with a wider window, or deeper after a reduced search (the enter gets
//     Ref, the earlier visit's node); the same move again with the same window
//     and depth is a repeat, a new child like any other, and so is one with
//     the same window deeper after a search that was not reduced (LMR that
//     absorbed a check extension), though either takes the earlier visit's
//     place in the line;
//   - fail-high and fail-low after a probe, from the probe's score;
//   - cutoff: a child scoring at or above the parent's beta with no later sibling;
//   - pv-update: a child (not a probe) scoring strictly inside the parent's
//     window, raising its alpha; the line goes down those exact scores;
//   - search-start, search-end and root-pv, when the trace has none. Root
//     searches (parent 0) of one depth are one iteration, whether iteration
//     events group them or not: an iteration's line is that of its last root
//     search that scored inside its window, else of its last that failed high
//     (a root that fails low proves no move best), else of its last. A root
//     with a wider window takes the line of its pv-updates; a null-window node
//     the line of the child that decided its score (the last whose negated
//     score equals it), ending where a node is mated or no child decided it.
//
// Every event it makes is marked Derived. A kind the trace writes itself is
// never derived once the trace has written one, and a trace whose first enter
// carries expect is taken for a full trace (pvscope's own) and gets no events
// derived at all, since such an engine writes each kind only where it applies
// (pv-update, say, in the main search and not in quiescence). Events the
// engine wrote are used as written, never changed except to fill a field it
// left out. With the header's "pov":"white", scores and windows are
// turned to the negamax convention (the side to move's view) first, in a
// full trace too: the side to move at the node the event names, or at the
// root for the events that name none (iteration-*, aspiration-fail,
// root-pv, pv-line, search-end).
//
// The Deriver is streaming: its memory is a frame per open node, and the
// lines it derives share their tails (see pvLine), so an event's PV costs
// one move more than its child's, not a copy of the line below.
type Deriver struct {
	out       func(e Event, line int)
	line      int // the line of the event being handled
	wrote     [kindEnd]bool
	last      int64 // the last seq sent
	shift     int64 // derived events inserted before the engine's seqs
	white     bool  // pov white: turn scores to negamax
	rootWhite bool  // the side to move at the root is White
	scale     Scale
	tree      bool // a teaching tree: a childless node above the horizon is a leaf
	failHard  bool // meta.bounds fail-hard: a move that failed high at its own node decides no line
	game      bool // meta.game names a game other than chess: a mated node has lost, not been checkmated
	started   bool
	ended     bool
	entered   bool // an enter has been seen
	full      bool // the first enter carries expect: a full trace, nothing to derive
	inIter    bool
	stack     deepStack[frame]
	plies     map[int32]int32 // with pov white: open nodes' plies, for events that name them
	root      rootResult      // the chosen root search of the iteration, for root-pv and search-end
	pending   bool            // root holds a root-pv not yet sent
	iterScore int32           // the score the trace's iteration-end gave, when it did
	roots     []rootResult    // the iteration's root searches, for iterScore
	// Derived events about a child that just exited, held until the next
	// event shows whether the engine writes that kind itself.
	later []Event
	// OnRootLine, when set, receives the line the trace's scores derive for
	// each iteration's chosen root search, whether or not the engine wrote its
	// own root-pv (which then goes out instead): what the engine's line is
	// compared with (Diagnosis.DerivedLine). fromScores is false when the
	// trace writes its own pv-updates, which then make the line. Not called
	// for a full trace.
	OnRootLine func(pv []string, fromScores bool)
	// lineBytes: what the lines it built take, shared tails counted once.
	lineBytes int64
}

type rootResult struct {
	depth int16
	score int32
	pv    pvLine
	rank  int8  // 3 inside its window, 2 failed high, 1 failed low
	bound Bound // Lower or Upper when it failed on its aspiration window: its score is a bound
}

// frame is what the Deriver keeps of an open node. Its fields are ordered so
// that none pads another: a chain keeps one per open node (issue 44).
type frame struct {
	node        int32
	ply         int32
	alpha, beta int32 // the window it was entered with, negamax
	a           int32 // alpha raised by its children
	prevA       int32 // alpha before the last child (with prevPV, below)
	depth       int16
	index       int16
	next        int16 // the index the next new move gets
	reduced     int16
	expect      NodeType
	ttCut       bool // a tt-cutoff answered it
	sub         bool // a search of its parent's own position (subsearch.go): no move of the parent's
	move        string
	children    int
	pv          pvLine
	// The last child, once it exited.
	last struct {
		lastVisit
		index int16
		probe bool
		// It was stopped, or returned only a bound (boundOnly).
		stopped, boundOnly bool
		score              int32 // as this node sees it
		pv                 pvLine
	}
	// The child that decided its score so far (the last with the highest),
	// and the one before the last child's, for when that child is searched again.
	best, prev decider
	cut        *Event // a cutoff waiting to see whether a sibling follows
	// Before the last child: the line (and prevA, above), for a move-value
	// that replaces the child's value.
	prevPV pvLine
}

// NewDeriver returns a Deriver that hands every event, written or derived, to
// out with the line it came from (a derived event: the line that showed it).
func NewDeriver(h Header, out func(e Event, line int)) *Deriver {
	d := &Deriver{out: out, plies: make(map[int32]int32), rootWhite: true}
	d.white = h.Meta["pov"] == PovWhite // another word is read as negamax; pvscope check says so
	if fen := h.Meta["fen"]; fen != "" {
		if f := strings.Fields(fen); len(f) > 1 && f[1] == "b" {
			d.rootWhite = false
		}
	}
	d.scale, _ = ScaleOf(h.Meta) // a bad key is ignored; pvscope check says so
	d.tree = h.Meta["tree"] != "" || h.Meta["random"] != ""
	d.failHard = h.Meta["bounds"] == BoundsFailHard
	d.game = h.Meta["game"] != "" && h.Meta["game"] != "chess"
	return d
}

// Derive runs a Deriver over a whole trace, for tests and small files.
func Derive(h Header, events []Event) []Event {
	var out []Event
	d := NewDeriver(h, func(e Event, _ int) { out = append(out, e) })
	for i, e := range events {
		d.Add(e, i+2)
	}
	d.Finish(len(events) + 1)
	return out
}

// Add handles one event as read from line.
func (d *Deriver) Add(e Event, line int) {
	d.line = line
	d.wrote[e.Kind] = true
	negamax := false // a minimal trace's move-value is weighed, so turned first
	if e.Kind == MoveValue && !d.full {
		if d.white {
			d.toNegamax(&e)
			negamax = true
		}
		d.moveValue(&e) // before the derived events about its child go out
	}
	if e.Kind == Enter && !d.entered {
		d.entered, d.full = true, e.Expect != NoType
	}
	if d.full {
		// A full trace goes out as written: nothing to follow, nothing to
		// derive; only its scores are turned to negamax, as a minimal one's.
		if d.white {
			d.fullToNegamax(&e)
		}
		d.started = true
		d.ended = d.ended || e.Kind == SearchEnd
		d.send(e)
		return
	}
	d.flushLater()
	if !d.started && e.Kind != SearchStart && !d.wrote[SearchStart] {
		depth := e.Depth
		d.derive(Event{Kind: SearchStart, Depth: depth})
	}
	d.started = true
	if d.white && !negamax {
		d.toNegamax(&e)
	}
	written := e
	switch e.Kind {
	case Enter:
		d.enter(&e)
	case Exit:
		d.exit(&e)
	case Cutoff:
		if f := d.top(); f != nil {
			f.cut = nil
		}
	case TTCutoff:
		if f := d.top(); f != nil {
			f.ttCut = true
		}
	case IterationStart:
		d.flushRoot()
		d.inIter = true
	case IterationEnd, SearchEnd:
		if e.Kind == IterationEnd {
			d.iterScore = e.Score
			d.pickIterScore()
		}
		d.flushRoot()
		d.inIter = false
		d.ended = d.ended || e.Kind == SearchEnd
	case RootPV:
		if d.pending && e.Index == 0 && d.OnRootLine != nil {
			d.OnRootLine(d.root.pv.moves(), !d.wrote[PVUpdate])
		}
		if e.Index == 0 && e.Bound == NoBound && !d.full {
			e.Bound = d.boundOf(e.Score) // a field the engine left out
		}
		d.pending = false
	case StandPat:
		if f := d.top(); f != nil && f.node == e.Node {
			f.a = max(f.a, e.Score)
			if !f.best.has || e.Score > f.best.score {
				f.best = decider{has: true, standPat: true, score: e.Score}
			}
		}
	case PVUpdate:
		if f := d.top(); f != nil && f.node == e.Node {
			f.a = max(f.a, e.Score)
			f.pv = lineOfMoves(e.PV)
		}
	}
	if d.full {
		e = written // a full trace goes out as written, fields and all
	}
	d.send(e)
}

// LineBytes is the memory the lines derived so far take, about: what holding
// every derived event costs beyond the events themselves.
func (d *Deriver) LineBytes() int64 { return d.lineBytes }

// Finish ends the trace: a root-pv and search-end when the trace has none.
func (d *Deriver) Finish(line int) {
	d.line = line
	d.flushLater()
	d.flushRoot()
	if d.started && !d.ended && !d.wrote[SearchEnd] && d.stack.Len() == 0 {
		d.derive(Event{Kind: SearchEnd, Depth: d.root.depth, Score: d.root.score, PV: d.root.pv.moves()})
	}
}

func (d *Deriver) top() *frame { return d.stack.Top() }

// send numbers e and hands it on. A written seq moves up by the derived
// events sent before it (counted when it is sent, since some are derived
// while it is handled: a re-search before its enter, a cutoff before its
// exit), so seqs strictly increase, derived events included.
func (d *Deriver) send(e Event) {
	switch {
	case e.Seq == 0:
		e.Seq = d.last + 1
	case !e.Derived:
		e.Seq += d.shift
	}
	d.last = e.Seq
	d.out(e, d.line)
}

// derive sends an event the trace did not write, unless it writes its kind.
func (d *Deriver) derive(e Event) {
	if d.wrote[e.Kind] || d.full {
		return
	}
	e.Derived, e.Seq = true, d.last+1
	d.shift++
	d.send(e)
}

func (d *Deriver) flushLater() {
	for _, e := range d.later {
		d.derive(e)
	}
	d.later = d.later[:0]
}
