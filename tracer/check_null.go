package tracer

import (
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// The checker's null-move rules. Both rely on one convention: a null move
// (a pass) is an enter whose Move is "0000" (NullMove).
//
//   - null-move-twice: a null move's child makes a null move itself (two
//     passes in a row hand the move back and search the same position
//     shallower: most often a missing "no null move after a null move" guard).
//   - null-in-check: a null move where the side to move is in check (passing
//     leaves the king capturable); needs a Game.

// nullRules judges the enter e of a null move.
func (c *Checker) nullRules(e *Event) *msg.Error {
	if e.Move != NullMove || e.Parent == 0 {
		return nil
	}
	if p := c.nodes[e.Parent]; p.move == NullMove {
		c.rule = "null-move-twice"
		return msg.New("go-tracer.nullMoveTwice", "node {node} is a null move right after the null move of node {parent}: two passes in a row", "node", e.Node, "parent", e.Parent)
	}
	if c.Game == nil || len(c.open) > maxJudgedPly {
		return nil
	}
	if line := c.lineTo(); c.Game.InCheck(line) {
		c.rule = "null-in-check"
		if len(line) == 0 {
			return msg.New("go-tracer.nullInCheckAtRoot", "node {node} is a null move made in check at the root: the side to move may not pass", "node", e.Node)
		}
		return msg.New("go-tracer.nullInCheck", "node {node} is a null move made in check (after {line}): the side to move may not pass", "node", e.Node, "line", strings.Join(line, " "))
	}
	return nil
}

// lineTo is the moves from the root to the innermost open node.
func (c *Checker) lineTo() []string {
	if len(c.open) < 2 {
		return nil
	}
	line := make([]string, 0, len(c.open)-1)
	for _, id := range c.open[1:] {
		if m := c.nodes[id].move; m != "" { // a search of a node's own position plays no move
			line = append(line, m)
		}
	}
	return line
}
