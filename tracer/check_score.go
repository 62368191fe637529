package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// The checker's rules that follow a node's children: a re-search owed and
// not made, a node's score below what a move gave it, and repeats.

// openFrame is what an open node has learnt from its children so far.
type openFrame struct {
	alpha, beta      int32            // its own window
	exited           map[kidKey]int32 // its children that exited, the first of each search: what a repeat matches
	shallowest       map[string]int16 // the least depth each exited child's move was searched at
	best, prevBest   int32            // the best score a counted child gave it, and the one before the last child's
	bestChild, prevC int32            // the children that gave them
	lastChild        int32
	hasBest, prevHas bool
	prevSP           bool         // standPat before the last child
	bestUnknown      bool         // a visit searched again was not the last child: best cannot be undone
	standPat         bool         // its stand pat is its best so far (bestChild 0)
	owe              int32        // a child that must be searched again next, 0 if none
	oweScore         int32        // its score as the node sees it
	oweAlpha         int32        // the node's alpha when it came back
	inCheckNull      *nullInCheck // a null move made in check, until it shows what it decided (check_null.go)
}

// kidKey is what makes a search of a move the same search again.
type kidKey struct {
	move           string
	alpha, beta    int32
	depth, reduced int16
}

// reset empties f for a new node with window (alpha, beta), keeping its maps'
// room: a node's children are looked up by key, so that a node with a
// million children is checked in time linear in them.
func (f *openFrame) reset(alpha, beta int32) {
	exited, shallowest := f.exited, f.shallowest
	clear(exited)
	clear(shallowest)
	*f = openFrame{alpha: alpha, beta: beta, exited: exited, shallowest: shallowest}
}

func has(m map[kidKey]int32, k kidKey) bool {
	_, ok := m[k]
	return ok
}

// repeatOf is the exited sibling e searches again with the same window and
// depth, or 0.
func (c *Checker) repeatOf(e *Event) int32 {
	k := len(c.open) - 1
	if k < 0 || e.Move == "" {
		return 0
	}
	return c.frames.At(k).exited[kidKey{e.Move, e.Alpha, e.Beta, e.Depth, e.Reduced}]
}

// searchedAgainDeeper: e (no ref) searches an exited sibling's move again at a greater depth:
// the node searched its moves once shallower and then in full, as a null move's verification
// does before the node's own search. The deeper search is the move's score, and the best so far
// may rest on the shallower one, so the node's best-score is left unjudged.
func (c *Checker) searchedAgainDeeper(e *Event) bool {
	k := len(c.open) - 1
	if k < 0 || e.Move == "" || e.Ref != 0 {
		return false
	}
	d, ok := c.frames.At(k).shallowest[e.Move]
	return ok && d < e.Depth
}

// repeats: e searches the exited sibling id's move again with its window and depth.
func (c *Checker) repeats(e *Event, id int32) bool {
	n, ok := c.nodes[id]
	return ok && n.exited && n.parent == e.Parent && n.move == e.Move &&
		n.alpha == e.Alpha && n.beta == e.Beta && n.depth == e.Depth && n.reduced == e.Reduced
}

// deepens: e searches the exited sibling id's move again with its window,
// deeper, naming no visit: the ladder's next step when it comes right after
// (LMR's full-depth search after a reduced one that the trace could not
// write as reduced, a check extension that LMR absorbed).
func (c *Checker) deepens(e *Event, id int32) bool {
	n, ok := c.nodes[id]
	return ok && e.Ref == 0 && n.exited && n.parent == e.Parent && n.move == e.Move && e.Move != "" &&
		n.alpha == e.Alpha && n.beta == e.Beta && e.Depth > n.depth
}

// reopen: a node is judged by what it kept. A re-search of the parent's last
// child, or the same search of it again right after (LMR's "full window" at a
// null-window node, a repeat its table answers), takes that child's place in
// the parent's best score: the move's value is its last search's, the earlier
// ones are the ladder.
// It says whether e took the last child's place.
func (c *Checker) reopen(e *Event, repeatOf int32) bool {
	k := len(c.open) - 1
	if k < 0 {
		return false
	}
	f := c.frames.At(k)
	switch {
	case f.lastChild != 0 && (c.repeats(e, f.lastChild) || c.deepens(e, f.lastChild)):
		// the same search again right after, or deeper with the same window: the ladder's next step
	case e.Ref == 0 || repeatOf == e.Ref:
		return false // a repeat met later (a killer met again in the move list) counts beside the visit it repeats
	case e.Ref != f.lastChild:
		f.bestUnknown = true
		return false
	}
	f.best, f.bestChild, f.hasBest, f.standPat = f.prevBest, f.prevC, f.prevHas, f.prevSP
	return true
}

// owed judges the parent's owed re-search when its next child enters: it must
// be that re-search.
func (c *Checker) owed(e *Event) {
	k := len(c.open) - 1
	if k < 0 {
		return
	}
	f := c.frames.At(k)
	if f.owe == 0 {
		return
	}
	// The same search again right after, or deeper with the same window (the
	// ladder: a node is judged by its last search), takes the visit's place:
	// whether it owes a re-search is judged again at its exit, on its own
	// value; a re-search written with another move is the writer's
	// (check_writer.go).
	if e.Ref != f.owe && !c.repeats(e, f.owe) && !c.deepens(e, f.owe) && !c.writerOwed(e, f) {
		c.extra(e.Seq, f.owe, "re-search", c.oweProblem(c.open[k], f))
	}
	f.owe = 0
}

// oweProblem says what re-search f's node owes. A move the trace does not
// name is "its move", and one ply is "1 ply": sentences of their own, so that
// another language can say them its way.
func (c *Checker) oweProblem(node int32, f *openFrame) *msg.Error {
	ch := c.nodes[f.owe]
	if ch.reduced > 0 {
		switch {
		case ch.move == "" && ch.reduced == 1:
			return msg.New("go-tracer.reducedOwedItsMoveOnePly", "node {node}'s reduced search of its move (node {child}, 1 ply shallower) scored {score}, above its alpha {alpha}, but was not searched again at full depth",
				"node", node, "child", f.owe, "score", f.oweScore, "alpha", f.oweAlpha)
		case ch.move == "":
			return msg.New("go-tracer.reducedOwedItsMove", "node {node}'s reduced search of its move (node {child}, {plies} plies shallower) scored {score}, above its alpha {alpha}, but was not searched again at full depth",
				"node", node, "child", f.owe, "plies", ch.reduced, "score", f.oweScore, "alpha", f.oweAlpha)
		case ch.reduced == 1:
			return msg.New("go-tracer.reducedOwedOnePly", "node {node}'s reduced search of {move} (node {child}, 1 ply shallower) scored {score}, above its alpha {alpha}, but was not searched again at full depth",
				"node", node, "move", ch.move, "child", f.owe, "score", f.oweScore, "alpha", f.oweAlpha)
		}
		return msg.New("go-tracer.reducedOwed", "node {node}'s reduced search of {move} (node {child}, {plies} plies shallower) scored {score}, above its alpha {alpha}, but was not searched again at full depth",
			"node", node, "move", ch.move, "child", f.owe, "plies", ch.reduced, "score", f.oweScore, "alpha", f.oweAlpha)
	}
	if ch.move == "" {
		return msg.New("go-tracer.probeOwedItsMove", "node {node}'s probe of its move (node {child}) scored {score}, strictly inside its window ({alpha}, {beta}), but was not searched again",
			"node", node, "child", f.owe, "score", f.oweScore, "alpha", f.oweAlpha, "beta", c.nodes[node].beta)
	}
	return msg.New("go-tracer.probeOwed", "node {node}'s probe of {move} (node {child}) scored {score}, strictly inside its window ({alpha}, {beta}), but was not searched again",
		"node", node, "move", ch.move, "child", f.owe, "score", f.oweScore, "alpha", f.oweAlpha, "beta", c.nodes[node].beta)
}

// judgeExit checks the innermost node as it exits: no re-search owed, and its
// score at least its best move's. A second problem goes to extra.
func (c *Checker) judgeExit(e *Event) *msg.Error {
	k := len(c.open) - 1
	f := c.frames.At(k)
	var problem *msg.Error
	if f.owe != 0 && e.End != Stopped {
		c.rule, c.culprit = "re-search", f.owe
		problem = c.oweProblem(e.Node, f)
	}
	f.owe = 0
	if f.inCheckNull != nil {
		c.nullJudged(e, f) // check_null.go
	}
	if m := c.bestScore(e, f); m != nil {
		if problem == nil {
			c.rule = "best-score"
			problem = m
		} else {
			c.extra(e.Seq, e.Node, "best-score", m)
		}
	}
	// A repeat names its move: repeatOf matches moves by name.
	if n := c.nodes[e.Node]; n.repeatOf != 0 && len(c.kids[k]) > 0 {
		c.warn(e, e.Node, "repeat", msg.New("go-tracer.repeatInFull", "node {node} searches {move} again with the same window and depth as node {other}, in full: its table did not answer the repeat",
			"node", e.Node, "move", n.move, "other", n.repeatOf))
	}
	return problem
}

// bestScore is the best-score rule at e, the exit of f's node: its score is
// at least what its best move gave it (its stand pat counting as one), or,
// unless the engine says it is fail-soft, at least its beta when that is
// lower: a fail-hard node returns beta on a cutoff, whatever the move that
// cut scored (a mate, a draw, a table's exact score beyond the window).
func (c *Checker) bestScore(e *Event, f *openFrame) *msg.Error {
	if !f.hasBest || f.bestUnknown || e.End == Stopped || e.End == TTCut {
		return nil
	}
	least := f.best
	capped := !c.failSoftAt(e, f) && least > f.beta
	if capped {
		least = f.beta
	}
	if e.Score >= least {
		return nil
	}
	move := c.nodes[f.bestChild].move
	switch {
	case f.standPat && capped:
		return msg.New("go-tracer.bestScoreStandPatBeta", "exit of node {node} scores {score}, below its beta {beta}, though its stand pat was {best}: a node scores at least its stand pat, or its beta when that is lower",
			"node", e.Node, "score", e.Score, "beta", f.beta, "best", f.best)
	case f.standPat:
		return msg.New("go-tracer.bestScoreStandPat", "exit of node {node} scores {score}, below its stand pat {best}: a node scores at least its stand pat",
			"node", e.Node, "score", e.Score, "best", f.best)
	case capped && move == "":
		return msg.New("go-tracer.bestScoreBetaItsMove", "exit of node {node} scores {score}, below its beta {beta}, though its move (node {child}) gave it {best}: a node scores at least its best move, or its beta when that is lower",
			"node", e.Node, "score", e.Score, "beta", f.beta, "best", f.best, "child", f.bestChild)
	case capped:
		return msg.New("go-tracer.bestScoreBeta", "exit of node {node} scores {score}, below its beta {beta}, though its move {move} (node {child}) gave it {best}: a node scores at least its best move, or its beta when that is lower",
			"node", e.Node, "score", e.Score, "beta", f.beta, "move", move, "best", f.best, "child", f.bestChild)
	case move == "":
		return msg.New("go-tracer.bestScoreItsMove", "exit of node {node} scores {score}, below the {best} its move (node {child}) gave it: a node scores at least its best move",
			"node", e.Node, "score", e.Score, "best", f.best, "child", f.bestChild)
	}
	return msg.New("go-tracer.bestScore", "exit of node {node} scores {score}, below the {best} its move {move} (node {child}) gave it: a node scores at least its best move",
		"node", e.Node, "score", e.Score, "best", f.best, "move", move, "child", f.bestChild)
}

// failSoftAt: the node of f returns its best value at its exit e, as a
// fail-soft engine's does, unless e says it returned its beta in place of
// that value (bound lower: a fail-hard clamp, the table's, a null move's, a
// stand pat's, ProbCut's).
func (c *Checker) failSoftAt(e *Event, f *openFrame) bool {
	return c.Bounds == BoundsFailSoft && !clampedAtBeta(e.Bound, e.Score, f.beta)
}

// clampedAtBeta: an exit with bound lower at or above its beta returned that
// bound in place of its value (trace-format.md, Conventions).
func clampedAtBeta(b Bound, score, beta int32) bool {
	return b == Lower && score >= beta
}

// childExited tells the now innermost node (the parent) a child's score.
func (c *Checker) childExited(id int32, n *nodeState) {
	k := len(c.open) - 1
	if k < 0 || c.open[k] != n.parent {
		return
	}
	f := c.frames.At(k)
	if f.exited == nil {
		f.exited, f.shallowest = make(map[kidKey]int32), make(map[string]int16)
	}
	if key := (kidKey{n.move, n.alpha, n.beta, n.depth, n.reduced}); !has(f.exited, key) {
		f.exited[key] = id // the first such child, as a scan from the first would find
	}
	if d, ok := f.shallowest[n.move]; !ok || n.depth < d {
		f.shallowest[n.move] = n.depth
	}
	f.lastChild = id
	if f.inCheckNull != nil && f.inCheckNull.node == id {
		c.nullExited(c.lastSeq, f, n, -n.score) // check_null.go
	}
	f.prevBest, f.prevC, f.prevHas, f.prevSP = f.best, f.bestChild, f.hasBest, f.standPat
	c.valued(f, id, n, -n.score)
}

// valued counts s, the value f's node took for its child id: its best so far,
// and a re-search it owes.
func (c *Checker) valued(f *openFrame, id int32, n *nodeState, s int32) {
	alpha := f.alpha
	if f.hasBest && f.best > alpha {
		alpha = f.best // a stand pat raises it too: a one-unit window above it is no probe
	}
	// A null move is no move of the node's: its score is a bound the node may
	// cut on, or (verified, or below beta) set aside; it is never the node's best.
	if n.end == Stopped || n.move == NullMove {
		return
	}
	if !f.hasBest || s > f.best {
		f.best, f.bestChild, f.hasBest, f.standPat = s, id, true, false
	}
	switch {
	case n.owesReSearch && s > alpha:
		f.owe, f.oweScore, f.oweAlpha = id, s, alpha
	case n.probed && int64(n.beta)-int64(n.alpha) == 1 && alpha < s && s < f.beta:
		f.owe, f.oweScore, f.oweAlpha = id, s, alpha
	}
}

// standPat: the innermost node takes its static evaluation as a value of its
// own, before any move.
func (c *Checker) standPat(e *Event) {
	f := c.frames.Top()
	if !f.hasBest || e.Score > f.best {
		f.best, f.bestChild, f.hasBest, f.standPat = e.Score, 0, true, true
	}
}

// moveValue: the innermost node took e.Score for its last child's move
// instead of minus the child's score (a cap, an adjustment). move-value
// relies on one convention: it follows that child's exit, before anything
// else of the node's.
func (c *Checker) moveValue(e *Event) *msg.Error {
	f := c.frames.Top()
	n, ok := c.nodes[f.lastChild]
	if f.lastChild == 0 || !ok || !n.exited || e.Move != "" && n.move != e.Move {
		c.rule = "move-value"
		return msg.New("go-tracer.moveValueNoChild", "move-value for {move} at node {node}, which has not just searched that move", "move", e.Move, "node", e.Node)
	}
	if f.owe == f.lastChild {
		f.owe = 0
	}
	f.best, f.bestChild, f.hasBest, f.standPat = f.prevBest, f.prevC, f.prevHas, f.prevSP
	c.valued(f, f.lastChild, &n, e.Score)
	return nil
}

// warn hands a warning to Warn.
func (c *Checker) warn(e *Event, node int32, rule string, m *msg.Error) {
	if c.Warn != nil {
		c.Warn(violation(e.Seq, node, rule, m))
	}
}

// extra reports a violation besides the one the event's check returns.
func (c *Checker) extra(seq int64, node int32, rule string, m *msg.Error) {
	v := violation(seq, node, rule, m)
	if c.Report != nil {
		c.Report(v)
	} else if c.err == nil {
		c.err = v
	}
}
