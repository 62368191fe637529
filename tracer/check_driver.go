package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// The checker's rules about the driver above the root: aspiration windows
// and the move the engine plays.
//
//   - aspiration relies on one convention: a root search that scores at or
//     beyond an edge of its window (score <= alpha or >= beta, fail-hard's
//     exit equal to the bound included) has only bounded the root's value,
//     so the driver searches the same depth again with a wider window before
//     it trusts the score. A root window one unit wide (MTD and its kin
//     search bounds on purpose) and an infinite edge are never a failure.
//   - best-move relies on the engine playing what its search found: the
//     search-end's move is the first move of its final line (the search-end's
//     pv, else the last root-pv or iteration-end line) or the best child of
//     the root search that gave the last completed iteration its result.

// driverState is what the checker keeps of the root searches.
type driverState struct {
	// A root search that failed on its aspiration window and has not been
	// searched again at its depth.
	pending              bool
	pDepth               int16
	pNode                int32
	pScore, pAlpha, pBet int32
	// The best child's move of the root search that gives the latest
	// iteration its result (rootpick.go's choice), and that choice's rank.
	best      string
	bestRank  int8
	bestDepth int16
	hasBest   bool
	line      []string // the engine's latest line: root-pv (first) or iteration-end pv
	checked   []string // the engine's line legalLine judged last
}

func (c *Checker) scale() Scale {
	if c.Scale == (Scale{}) {
		return DefaultScale
	}
	return c.Scale
}

// SetHeader takes the conventions a trace's header names: meta.bounds and
// the scale (a bad scale key is ignored here; ScaleOf's caller says so). A
// pov or bounds word the format does not know goes to Warn (rule meta).
func (c *Checker) SetHeader(h Header) {
	c.Bounds = h.Meta["bounds"]
	c.Scale, _ = ScaleOf(h.Meta)
	c.tt.allowed = h.Meta[MetaTTShallow] == "true"
	c.ttc.mate = h.Meta[MetaTTMate]
	if c.ttc.mate == "" {
		c.ttc.mate = TTMateNode
	}
	c.metaWarnings(h.Meta)
}

// aspirationFailed: a root search with window (alpha, beta) that scored
// score failed on a finite edge of a window wider than one unit.
func aspirationFailed(s Scale, score, alpha, beta int32) bool {
	if int64(beta)-int64(alpha) <= 1 {
		return false
	}
	return score <= alpha && !s.IsInfinite(alpha) || score >= beta && !s.IsInfinite(beta)
}

// rootEntered: a root search of the failed one's depth searches it again; one
// of another depth means it never was.
func (c *Checker) rootEntered(e *Event) {
	d := &c.drv
	if !d.pending {
		return
	}
	if e.Depth == d.pDepth {
		d.pending = false
		return
	}
	c.aspirationViolation(e.Seq)
}

func (c *Checker) aspirationViolation(seq int64) {
	d := &c.drv
	d.pending = false
	m := msg.New("go-tracer.aspirationHighNotSearchedAgain", "the depth-{depth} root search (node {node}) scored {score}, failing high on its aspiration window ({alpha}, {beta}), and no wider search of depth {depth} followed: the iteration's score is only a lower bound",
		"depth", d.pDepth, "node", d.pNode, "score", d.pScore, "alpha", d.pAlpha, "beta", d.pBet)
	if d.pScore <= d.pAlpha {
		m = msg.New("go-tracer.aspirationLowNotSearchedAgain", "the depth-{depth} root search (node {node}) scored {score}, failing low on its aspiration window ({alpha}, {beta}), and no wider search of depth {depth} followed: the iteration's score is only an upper bound",
			"depth", d.pDepth, "node", d.pNode, "score", d.pScore, "alpha", d.pAlpha, "beta", d.pBet)
	}
	c.extra(seq, d.pNode, "aspiration", m)
}

// rootExited notes a root search's result as it exits (its frame still open).
func (c *Checker) rootExited(e *Event, n *nodeState) {
	if e.End == Stopped {
		return
	}
	d := &c.drv
	if aspirationFailed(c.scale(), e.Score, n.alpha, n.beta) {
		d.pending, d.pDepth, d.pNode, d.pScore, d.pAlpha, d.pBet = true, n.depth, e.Node, e.Score, n.alpha, n.beta
	}
	rank := rootRank(e.Score, n.alpha, n.beta)
	if replacesChosen(d.hasBest, rank, n.depth, d.bestRank, d.bestDepth) {
		f := c.frames.Top()
		d.best, d.bestRank, d.bestDepth, d.hasBest = "", rank, n.depth, true
		if f.hasBest && f.bestChild != 0 {
			d.best = c.nodes[f.bestChild].move
		}
	}
}

// searchEnd judges what the driver left at the end: an aspiration failure
// never searched again, the engine's own line and the move it plays.
func (c *Checker) searchEnd(e *Event) *msg.Error {
	if c.drv.pending {
		c.aspirationViolation(e.Seq)
	}
	if !e.Derived && len(e.PV) > 0 {
		c.drv.line = e.PV
		c.legalLine(e, e.PV)
	}
	if e.Move == "" {
		return nil
	}
	if c.Game != nil {
		if ok, why := c.Game.Legal(nil, e.Move); !ok {
			c.extra(e.Seq, 0, "best-move", msg.New("go-tracer.bestMoveIllegal", "the engine plays {move}, which is illegal at the root: {why}", "move", e.Move, "why", why))
			return nil
		}
	}
	d := &c.drv
	if len(d.line) > 0 && d.line[0] == e.Move || d.hasBest && d.best == e.Move {
		return nil
	}
	first := ""
	if len(d.line) > 0 {
		first = d.line[0]
	}
	switch {
	case first != "" && d.best != "":
		c.extra(e.Seq, 0, "best-move", msg.New("go-tracer.bestMoveNoLine", "the engine plays {move}, which is neither the first move of its final line ({first}) nor the best move of its last completed iteration ({best})",
			"move", e.Move, "first", first, "best", d.best))
	case first != "":
		c.extra(e.Seq, 0, "best-move", msg.New("go-tracer.bestMoveNotFirst", "the engine plays {move}, which is not the first move of its final line ({first})", "move", e.Move, "first", first))
	case d.best != "":
		c.extra(e.Seq, 0, "best-move", msg.New("go-tracer.bestMoveNotBest", "the engine plays {move}, which is not the best move of its last completed iteration ({best})", "move", e.Move, "best", d.best))
	}
	return nil
}
