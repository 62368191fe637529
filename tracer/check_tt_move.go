package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// tt-move: a move the table stores or hints is legal in its node's position.
// It relies on a table entry's move being one the node searched (or may
// search): the best move found at the store, the hint at the hit, in UCI,
// legal in the position the node's path from the root reaches. It needs the
// position: the header's FEN, through the checker's Game (pvscope's own
// board, which tracer does not import). It is judged on the first
// ttMoveBudget moves named by tt-store and tt-hit events, since each
// judgement replays the node's path from the root (a table that corrupts its
// moves does so from its first entries); not below a null move (the position
// there is not followed), nor on the null move 0000.

// lineUnplayable is what Game.Legal says of a path it cannot follow: the
// path's own moves are other rules' (writer-move), not the table's.
const lineUnplayable = "the line before it cannot be played"

// ttMoveBudget is how many table moves tt-move judges.
const ttMoveBudget = 4096

// ttMove judges the move of the tt-store or tt-hit e.
func (c *Checker) ttMove(e *Event) {
	if e.Move == "" || e.Move == NullMove || c.Game == nil || c.ttc.moves >= ttMoveBudget || len(c.open) > maxJudgedPly {
		return
	}
	line := c.lineTo()
	for _, m := range line {
		if m == NullMove {
			return
		}
	}
	c.ttc.moves++
	if ok, why := c.Game.Legal(line, e.Move); !ok && why != lineUnplayable {
		c.extra(e.Seq, e.Node, "tt-move", msg.New("go-tracer.ttMoveIllegal", "the table's move {move} ({kind} at node {node}) is illegal in the node's position: {why}",
			"move", e.Move, "kind", e.Kind.String(), "node", e.Node, "why", why))
	}
}
