package tracer

import (
	"slices"
	"strings"
)

// Fates a move can meet at a node in one iteration (WhyFate.Fate).
const (
	FateNotReached   = "not-reached"      // the node was not visited: Stop says what stopped it above
	FateNotGenerated = "not-generated"    // legal, neither searched nor pruned, at a node that did not cut off
	FateNotSearched  = "not-searched"     // neither searched nor pruned, and no position says whether it is legal
	FatePruned       = "pruned"           // a prune event skipped it
	FateCutBefore    = "cut-before"       // an earlier move cut the node off before its turn
	FateNullMove     = "null-move-cutoff" // the node's null move cut it off before any move
	FateTable        = "tt-cutoff"        // a table entry answered the node before any move
	FateStandPat     = "stand-pat"        // the node's static evaluation was at least beta (quiescence)
	FateNodeEnded    = "node-ended"       // the node searched no move: horizon, leaf, mate, draw, reverse futility
	FateQuiescence   = "quiescence"       // the node is beyond the horizon, where only some moves are searched
	FateReduced      = "reduced"          // searched shallower and the shallow result was trusted
	FateFailedLow    = "failed-low"       // searched; another move was better
	FateFailedHigh   = "failed-high"      // searched; it reached beta and cut the node off
	FateBest         = "best"             // searched; the node's best move, inside the window
	FateUnfinished   = "unfinished"       // searched, but the search stopped before it returned
)

// Problems with the question itself (WhyAnswer.Problem).
const (
	WhyIllegal    = "illegal"     // the move is not legal at the node
	WhyNoPath     = "no-path"     // a move of the path is not legal where it is played
	WhyNoPosition = "no-position" // the header names no position: legality is not known
)

// WhyFate is what became of the move at the node in one iteration. Windows
// and values are from the side to move at the node that decided it (negamax).
type WhyFate struct {
	Depth int      `json:"depth"`
	Fate  string   `json:"fate"`
	Node  int32    `json:"node"`  // the node where it was decided (0: none)
	At    []string `json:"at"`    // that node's path
	Move  string   `json:"move"`  // the move whose fate it is there
	Seq   int64    `json:"seq"`   // the event that decided it
	Alpha int32    `json:"alpha"` // the node's window
	Beta  int32    `json:"beta"`
	// Searched: the move's last window there (the node's side) and its value.
	MoveAlpha int32 `json:"moveAlpha,omitempty"`
	MoveBeta  int32 `json:"moveBeta,omitempty"`
	Value     int32 `json:"value,omitempty"`
	Child     int32 `json:"child,omitempty"` // the move's last child node
	// Best: the node's best value and move (failed-low: how far below it the move was).
	Best     int32  `json:"best,omitempty"`
	BestMove string `json:"bestMove,omitempty"`
	Margin   int32  `json:"margin,omitempty"`
	// Cut-before, null-move-cutoff: the move that cut and its value against Beta.
	By      string `json:"by,omitempty"`
	ByValue int32  `json:"byValue,omitempty"`
	// Pruned: its rule and its place in the node's order (the count the trace carries).
	Why   string `json:"why,omitempty"`
	Index int    `json:"index,omitempty"`
	// Reduced: by how many plies, and whether it was searched again.
	Reduced    int      `json:"reduced,omitempty"`
	ReSearched bool     `json:"reSearched,omitempty"`
	End        string   `json:"end,omitempty"` // node-ended: how the node ended
	OnPV       bool     `json:"onPV,omitempty"`
	Stop       *WhyFate `json:"stop,omitempty"` // not-reached: the fate of the path's move at the deepest node reached
	Sentence   string   `json:"sentence"`
}

// WhyAnswer is the whole answer: one fate an iteration, or a problem.
type WhyAnswer struct {
	Path       []string  `json:"path"`
	Move       string    `json:"move"`
	Problem    string    `json:"problem,omitempty"`
	Sentence   string    `json:"sentence,omitempty"` // the problem's, or a summary
	Legal      []string  `json:"legal,omitempty"`    // the legal moves at the node, when known
	Held       []string  `json:"held,omitempty"`     // the moves the trace holds at the node (searched or pruned)
	Iterations []WhyFate `json:"iterations"`
	// LastOnPV: the last iteration whose root line went through the move there (0: none).
	LastOnPV int `json:"lastOnPV,omitempty"`
}

// Answer tells the asked move's fate in each iteration. moves may be nil.
func (w *Why) Answer(moves MoveLister) *WhyAnswer { return w.AnswerFor(moves, w.q.Move) }

// AnswerAll tells the fate of every move at the node: its legal moves when
// moves knows them, else the moves the trace holds there (a Why asked with
// no move follows them all). A path that leads nowhere is one answer.
func (w *Why) AnswerAll(moves MoveLister) []*WhyAnswer {
	var list []string
	if moves != nil {
		problem, _, legal := w.legality(moves, "")
		if problem == WhyNoPath {
			return []*WhyAnswer{w.AnswerFor(moves, "")}
		}
		list = legal
	}
	if list == nil {
		for _, it := range w.iters {
			if v := it.visits[len(w.q.Path)]; v != nil {
				list = mergeMoves(list, v.moves)
			}
		}
	}
	out := make([]*WhyAnswer, 0, len(list))
	for _, m := range list {
		out = append(out, w.AnswerFor(moves, m))
	}
	return out
}

// AnswerFor tells move's fate in each iteration; the Why must have been
// asked that move or none. moves may be nil.
func (w *Why) AnswerFor(moves MoveLister, move string) *WhyAnswer {
	a := &WhyAnswer{Path: nonNil(w.q.Path), Move: move, Iterations: []WhyFate{}}
	tree := w.tree
	for _, it := range w.iters {
		if v := it.visits[len(w.q.Path)]; v != nil {
			a.Held = mergeMoves(a.Held, v.moves)
		}
	}
	if problem, sentence, legal := w.legality(moves, move); problem != "" {
		a.Problem, a.Sentence, a.Legal = problem, sentence, legal
		if problem != WhyNoPosition {
			return a
		}
		a.Sentence = noPositionSentence(w.q.Path, move, a.Held, w.tree)
	} else {
		a.Legal = legal
	}
	L := len(w.q.Path)
	for _, it := range w.iters {
		if it.visits[0] == nil {
			continue
		}
		var f WhyFate
		if v := it.visits[L]; v != nil {
			f = w.fateAt(v, L, move, a.Legal, a.Problem == WhyNoPosition)
		} else {
			p := L - 1
			for p > 0 && it.visits[p] == nil {
				p--
			}
			stop := w.fateAt(it.visits[p], p, w.q.Path[p], nil, true)
			stop.Depth = it.depth
			f = WhyFate{Fate: FateNotReached, At: nonNil(w.q.Path), Move: move, Stop: &stop}
		}
		f.Depth = it.depth
		line := append(slices.Clone(w.q.Path), move)
		f.OnPV = len(it.pv) >= len(line) && slices.Equal(it.pv[:len(line)], line)
		if f.OnPV {
			a.LastOnPV = it.depth
		}
		f.Sentence = fateSentence(&f, w.scale, tree, w.RootView)
		a.Iterations = append(a.Iterations, f)
	}
	return a
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return slices.Clone(s)
}

func mergeMoves(into, more []string) []string {
	for _, m := range more {
		into = appendNew(into, m)
	}
	return into
}

// legality plays the path with moves and judges it and the move ("" judges
// the path alone); it takes its moves back.
func (w *Why) legality(moves MoveLister, move string) (problem, sentence string, legal []string) {
	if moves == nil {
		return WhyNoPosition, "", nil
	}
	down := 0
	defer func() {
		for ; down > 0; down-- {
			moves.Up()
		}
	}()
	for p, m := range w.q.Path {
		here := moves.Moves()
		if here != nil && !slices.Contains(here, m) {
			return WhyNoPath, noPathSentence(w.q.Path[:p], m, here, w.tree), here
		}
		down++
		if !moves.Down(m) {
			return WhyNoPath, noPathSentence(w.q.Path[:p], m, nil, w.tree), nil
		}
	}
	here := moves.Moves()
	if move != "" && here != nil && !slices.Contains(here, move) {
		return WhyIllegal, illegalSentence(w.q.Path, move, here, w.tree), here
	}
	return "", "", here
}

// fateAt is the fate of the path's move at ply (the asked move at the end)
// in visit v. legal is the node's legal moves when known; unknown says no
// position can tell.
func (w *Why) fateAt(v *visit, ply int, m string, legal []string, unknown bool) WhyFate {
	st := v.state(m, false)
	if st == nil {
		st = &moveState{move: m}
	}
	f := WhyFate{Node: v.node, At: nonNil(w.q.Path[:ply]), Move: m, Seq: v.seq, Alpha: v.alpha, Beta: v.beta}
	best, bestMove, haveBest := int32(0), "", false
	for _, mv := range v.values {
		if mv.move == NullMove {
			continue
		}
		if !haveBest || mv.value > best {
			best, bestMove, haveBest = mv.value, mv.move, true
		}
	}
	switch {
	case len(st.tries) > 0:
		w.searchedFate(&f, v, st, best, bestMove, haveBest)
	case st.prune != nil:
		f.Fate, f.Why, f.Index, f.Seq = FatePruned, st.prune.Why, int(st.prune.Index), st.prune.Seq
	case v.ttCut:
		f.Fate = FateTable
	case v.cut != nil && v.cut.Move == NullMove:
		f.Fate, f.By, f.ByValue, f.Seq = FateNullMove, NullMove, v.cut.Score, v.cut.Seq
	case v.cut != nil:
		f.Fate, f.By, f.ByValue, f.Seq, f.Index = FateCutBefore, v.cut.Move, v.cut.Score, v.cut.Seq, int(v.cut.Index)
	case v.standPat && v.standPatScore >= v.beta:
		f.Fate, f.ByValue = FateStandPat, v.standPatScore
	case v.exited && v.end != Searched:
		f.Fate, f.End = FateNodeEnded, v.end.String()
	case !v.exited:
		f.Fate = FateUnfinished
	case v.depth <= 0:
		f.Fate = FateQuiescence
	case v.score >= v.beta && haveBest:
		f.Fate, f.By, f.ByValue = FateCutBefore, bestMove, best // a cutoff the trace did not write
	case unknown || legal == nil:
		f.Fate = FateNotSearched
	default:
		f.Fate = FateNotGenerated
	}
	return f
}

func (w *Why) searchedFate(f *WhyFate, v *visit, st *moveState, best int32, bestMove string, haveBest bool) {
	last := st.tries[len(st.tries)-1]
	f.Child, f.Seq = last.node, last.seq
	f.MoveAlpha, f.MoveBeta, f.Value = -last.beta, -last.alpha, last.value
	for i, t := range st.tries {
		if t.reduced > 0 {
			f.Reduced, f.Why = int(t.reduced), t.why
			f.ReSearched = i < len(st.tries)-1
		}
	}
	if haveBest {
		f.Best, f.BestMove = best, bestMove
	}
	switch {
	case !last.exited || last.exitEnd == Stopped:
		f.Fate = FateUnfinished
	case last.value >= v.beta:
		f.Fate = FateFailedHigh
	case st.pvUpdate || haveBest && bestMove == f.Move && last.value > v.alpha:
		f.Fate = FateBest
	case last.reduced > 0:
		f.Fate = FateReduced
		f.Margin = best - last.value
	default:
		f.Fate = FateFailedLow
		f.Margin = best - last.value
	}
}

func isTree(h Header) bool { return h.Meta["tree"] != "" || h.Meta["random"] != "" }

// nodeName names the node a path leads to: "the root", "node 1.0" in a
// teaching tree, "the node after e2e4 e7e5" in chess.
func nodeName(path []string, tree bool) string {
	if len(path) == 0 {
		return "the root"
	}
	if tree {
		return "node " + strings.Join(path, ".")
	}
	return "the node after " + strings.Join(path, " ")
}
