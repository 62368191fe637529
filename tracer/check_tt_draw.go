package tracer

import (
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// tt-draw (a warning): a draw by repetition or the fifty-move rule depends on
// the path to a position, not on the position, so a score that came from one
// and was stored answers other paths wrongly. It relies on a node's value
// coming from the child whose negated exit score it returns: a node that
// ends repetition or fifty-move is a draw's origin, and a node whose exit
// score is minus a child's tainted score is tainted by the same origin. A
// store of a tainted score, linked to a hit on another path (its moves from
// the root differ), is warned of: the hit may read a draw where none holds.

// drawFrom is the draw an open node's value may come from.
type drawFrom struct {
	node  int32 // the node that ended in the draw
	value int32 // the value it gives the open node
}

// drawOf is the draw origin of the store e's score, 0 if none.
func (c *Checker) drawOf(e *Event) int32 {
	if d, ok := c.ttc.draws[e.Node]; ok && d.value == e.Score {
		return d.node
	}
	return 0
}

// drawExited passes the draw the exiting node's score came from to its parent.
func (c *Checker) drawExited(e *Event) {
	from := int32(0)
	if e.End == Repetition || e.End == FiftyMove {
		from = e.Node
	}
	if len(c.ttc.draws) > 0 {
		if d, ok := c.ttc.draws[e.Node]; ok {
			if from == 0 && d.value == e.Score {
				from = d.node
			}
			delete(c.ttc.draws, e.Node)
		}
	}
	if from == 0 || len(c.open) < 2 {
		return
	}
	if c.ttc.draws == nil {
		c.ttc.draws = make(map[int32]drawFrom)
	}
	c.ttc.draws[c.open[len(c.open)-2]] = drawFrom{node: from, value: -e.Score}
}

// ttDraw warns of the hit e reading en, a draw's score, on another path.
func (c *Checker) ttDraw(e *Event, en *ttEntry, path string) {
	if en.draw == 0 || c.Warn == nil {
		return
	}
	if path == strings.Join(c.lineTo(), " ") {
		return
	}
	c.warn(e, e.Node, "tt-draw", msg.New("go-tracer.ttDraw", "node {node} reads the score {score} stored by node {store} (seq {storeSeq}), a draw by repetition or the fifty-move rule at node {draw} on the store's path: on this path the draw may not hold",
		"node", e.Node, "score", e.Score, "store", en.node, "storeSeq", en.seq, "draw", en.draw))
}
