package tracer

import "strings"

// One side of a diff: a trace read as a stream, through the Deriver (so a
// minimal trace gets the cutoffs and re-searches it leaves out), turned into
// the shape the walk lines up: iterations, root searches and nodes entered and
// left, each with the key that matches it to the other trace's. Reading and
// shaping run on a goroutine of their own (diff_stream.go), so the two sides
// decode in parallel.

// itemKind is what a diffItem says.
type itemKind uint8

const (
	itemEnter itemKind = iota + 1
	itemExit
	itemEOF
	itemErr // a file could not be read on: see failure
)

// level is how deep a frame sits in the shape: the trace, an iteration, a
// root search, a node below the root.
const (
	levelTrace = iota
	levelIteration
	levelRoot
	levelNode
)

// childKey names a child among its parent's: an iteration by its depth and
// which iteration of that depth it is, a root search by its place in the
// iteration, a node by its move and which visit of that move it is under
// this parent (a re-search is the second).
type childKey struct {
	move  string
	depth int16
	visit int32
}

// diffItem is one step of the shape. Enter carries the enter's fields; exit
// the exit's and the subtree's node count.
type diffItem struct {
	kind itemKind
	key  childKey
	node DiffNode
}

// IterationSide is one iteration of one trace, as the diff counts it.
type IterationSide struct {
	Depth        int      `json:"depth"`
	RootSearches int      `json:"rootSearches"`
	Nodes        int64    `json:"nodes"`
	Leaves       int64    `json:"leaves"`
	ReSearches   int64    `json:"reSearches"`
	Cutoffs      int64    `json:"cutoffs"`
	TableCuts    int64    `json:"tableCuts"`
	Score        int32    `json:"score"`
	BestMove     string   `json:"bestMove"`
	PV           []string `json:"pv"`
	occurrence   int32    // which iteration of this depth (0 first)
	pvSet        bool
	pvEngine     bool // the line is the engine's own (root-pv or iteration-end), not derived
}

// line takes the iteration's line from e, a root-pv or an iteration-end.
func (it *IterationSide) line(e *Event) {
	it.Score, it.PV, it.pvSet, it.pvEngine = e.Score, e.PV, true, !e.Derived
	it.BestMove = ""
	if len(e.PV) > 0 {
		it.BestMove = e.PV[0]
	}
}

// sideFrame is an open iteration, root search or node of one side.
type sideFrame struct {
	node     int32
	level    int
	nodes    int64 // entered in the subtree so far, itself included
	children int
	tableCut bool
	visits   map[string]int32 // moves entered below it so far, for the visit count
	roots    int32            // an iteration's root searches so far
}

// sideShaper turns derived events into items, keeping a frame per open node
// and a count per iteration.
type sideShaper struct {
	stack    []sideFrame
	iters    []IterationSide
	explicit bool // the open iteration began with an iteration-start
	depthOcc map[int16]int32
	emit     func(diffItem)
}

func newSideShaper(emit func(diffItem)) *sideShaper {
	return &sideShaper{stack: []sideFrame{{level: levelTrace}}, depthOcc: map[int16]int32{}, emit: emit}
}

func (s *sideShaper) top() *sideFrame { return &s.stack[len(s.stack)-1] }

// iter is the iteration being read (or the last one, for events after it).
func (s *sideShaper) iter() *IterationSide {
	if len(s.iters) == 0 {
		return nil
	}
	return &s.iters[len(s.iters)-1]
}

func (s *sideShaper) add(e *Event, line int) {
	switch e.Kind {
	case IterationStart:
		s.closeTo(levelTrace, e, line)
		s.openIteration(e.Depth, true, e, line)
	case IterationEnd:
		switch it := s.iter(); {
		case it != nil && len(e.PV) > 0 && !e.Derived && !it.pvEngine:
			it.line(e) // the engine's own line, as a root-pv's (a derived one gives way to it)
		case it != nil && !it.pvSet:
			it.Score = e.Score
		}
		s.closeTo(levelTrace, e, line)
	case Enter:
		s.enter(e, line)
	case Exit:
		for i := len(s.stack) - 1; i > 0; i-- {
			if s.stack[i].level >= levelRoot && s.stack[i].node == e.Node {
				s.closeTo(i, e, line)
				s.exit(e, line, false)
				return
			}
		}
		// An exit of a node that is not open: nothing to line up.
	case TTCutoff:
		if f := s.top(); f.level >= levelRoot && f.node == e.Node {
			f.tableCut = true
		}
	case ReSearch:
		if it := s.iter(); it != nil {
			it.ReSearches++
		}
	case Cutoff:
		if it := s.iter(); it != nil {
			it.Cutoffs++
		}
	case RootPV:
		if it := s.iter(); it != nil && e.Index == 0 && !(e.Derived && it.pvEngine) {
			it.line(e)
		}
	}
}

func (s *sideShaper) openIteration(depth int16, explicit bool, e *Event, line int) {
	occ := s.depthOcc[depth]
	s.depthOcc[depth] = occ + 1
	s.iters = append(s.iters, IterationSide{Depth: int(depth), occurrence: occ, PV: []string{}})
	s.explicit = explicit
	s.top().children++
	s.stack = append(s.stack, sideFrame{level: levelIteration})
	s.emit(diffItem{kind: itemEnter, key: childKey{depth: depth, visit: occ},
		node: DiffNode{Event: "enter", Iteration: int(depth), Seq: e.Seq, Line: line, Depth: depth, Alpha: e.Alpha, Beta: e.Beta}})
}

func (s *sideShaper) enter(e *Event, line int) {
	parent := -1
	if e.Parent != 0 {
		for i := len(s.stack) - 1; i > 0; i-- {
			if s.stack[i].level >= levelRoot && s.stack[i].node == e.Parent {
				parent = i
				break
			}
		}
	}
	var key childKey
	if parent < 0 {
		// A root search (or a node whose parent is not open, the checker's
		// business: it is taken for a root). Without iteration events, root
		// searches of one depth are one iteration (MTD(f), aspiration loops).
		it := s.iter()
		open := len(s.stack) > 1
		if !open || (!s.explicit && it != nil && int(e.Depth) != it.Depth) {
			s.closeTo(levelTrace, e, line)
			s.openIteration(e.Depth, false, e, line)
		} else {
			s.closeTo(1, e, line)
		}
		f := &s.stack[1]
		key = childKey{visit: f.roots}
		f.roots++
		s.iter().RootSearches++
		parent = 1
	} else {
		s.closeTo(parent, e, line)
		f := &s.stack[parent]
		if f.visits == nil {
			f.visits = make(map[string]int32, 8)
		}
		v := f.visits[e.Move]
		f.visits[e.Move] = v + 1
		key = childKey{move: e.Move, visit: v}
	}
	s.stack[parent].children++
	level := levelNode
	if parent == 1 {
		level = levelRoot
	}
	s.stack = append(s.stack, sideFrame{node: e.Node, level: level, nodes: 1})
	if it := s.iter(); it != nil {
		it.Nodes++
	}
	s.emit(diffItem{kind: itemEnter, key: key, node: DiffNode{
		Event: "enter", Node: e.Node, Move: e.Move, Seq: e.Seq, Line: line, Ply: e.Ply, Depth: e.Depth,
		Alpha: e.Alpha, Beta: e.Beta, Reduced: e.Reduced, Extended: e.Extended, Why: e.Why,
	}})
}

// closeTo leaves every frame above stack[keep]: nodes the trace never left,
// and the iteration, when a new one begins.
func (s *sideShaper) closeTo(keep int, e *Event, line int) {
	for len(s.stack)-1 > keep {
		s.exit(e, line, true)
	}
}

// exit leaves the top frame; unclosed: the trace never left it (e is the
// event that showed it).
func (s *sideShaper) exit(e *Event, line int, unclosed bool) {
	f := s.top()
	x := &DiffExit{Seq: e.Seq, Line: line, Nodes: f.nodes, Unclosed: unclosed}
	if f.level >= levelRoot && !unclosed {
		x.Score, x.End, x.Bound = e.Score, e.End.String(), boundOf(e.Actual)
		if it := s.iter(); it != nil {
			if f.children == 0 {
				it.Leaves++
			}
			if f.tableCut || e.End == TTCut {
				it.TableCuts++
			}
		}
	}
	if f.level == levelRoot && !unclosed {
		if it := s.iter(); it != nil && !it.pvSet {
			it.Score = e.Score
		}
	}
	nodes := f.nodes
	s.stack = s.stack[:len(s.stack)-1]
	s.top().nodes += nodes
	s.emit(diffItem{kind: itemExit, node: DiffNode{Event: "exit", Exit: x}})
}

// boundOf says what a node's score is, as a table would store it: a fail-low
// is an upper bound, a fail-high a lower bound.
func boundOf(t NodeType) string {
	switch t {
	case PV:
		return Exact.String()
	case Cut:
		return Lower.String()
	case All:
		return Upper.String()
	}
	return ""
}

func (s *sideShaper) finish(line int) {
	e := Event{}
	s.closeTo(levelTrace, &e, line)
	s.emit(diffItem{kind: itemEOF})
}

// position names what a header says was searched: a FEN (its first four
// fields: pieces, side to move, castling, en passant), a tree, a random
// tree, a game's position (its name and the position in its notation); ""
// when it says nothing.
func position(h Header) string {
	switch g := h.Meta["game"]; {
	case g != "" && g != "chess":
		return g + " " + h.Meta["position"]
	case h.Meta["fen"] != "":
		f := strings.Fields(h.Meta["fen"])
		if len(f) > 4 {
			f = f[:4]
		}
		return "FEN " + strings.Join(f, " ")
	case h.Meta["tree"] != "":
		return "tree " + h.Meta["tree"]
	case h.Meta["random"] != "":
		return "random tree " + h.Meta["random"]
	}
	return ""
}
