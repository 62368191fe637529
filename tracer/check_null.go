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
//     leaves the king capturable) that decided something: it cut (its value
//     reached the node's beta), or its value became the node's (the node
//     returned it, and no move gave it as much). One that failed low and
//     changed nothing is a warning: a pseudo-legal engine with king capture
//     (an MTD-bi driver, say) answers it by taking the king, and it fails
//     low, deciding nothing. Needs a Game.

// nullInCheck is a null move made in check, waiting for what it decides.
type nullInCheck struct {
	node  int32
	line  string // the moves from the root to its parent, for the sentence
	value int32  // once exited: its value for the parent
	low   bool   // it exited, failing low (below the parent's beta)
}

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
		// Judged once it has shown what it decided: at its exit, or at its parent's.
		c.frames.Top().inCheckNull = &nullInCheck{node: e.Node, line: strings.Join(line, " ")}
	}
	return nil
}

// nullExited: the null move made in check at f's node exited, worth value to
// it. One that cut is a violation now.
func (c *Checker) nullExited(seq int64, f *openFrame, n *nodeState, value int32) {
	p := f.inCheckNull
	if n.end != Stopped && value >= f.beta {
		f.inCheckNull = nil
		c.extra(seq, p.node, "null-in-check", nullInCheckProblem(p, nullCut))
		return
	}
	p.value, p.low = value, n.end != Stopped
}

// nullJudged: f's node exits with e after its null move made in check failed
// low. Its value became the node's when the node returned it and no move (nor
// a stand pat) gave the node as much: a violation; else it changed nothing,
// and says so in a warning.
func (c *Checker) nullJudged(e *Event, f *openFrame) {
	p := f.inCheckNull
	f.inCheckNull = nil
	if p.low && e.End != Stopped && e.Score == p.value && !(f.hasBest && f.best >= e.Score) {
		c.extra(e.Seq, p.node, "null-in-check", nullInCheckProblem(p, nullKept))
		return
	}
	c.warn(e, p.node, "null-in-check", nullInCheckProblem(p, nullHarmless))
}

// What a null move made in check did: cut, kept (its value became the
// node's), or nothing (it failed low and changed nothing).
const (
	nullCut = iota
	nullKept
	nullHarmless
)

// nullInCheckProblem says what p did, as what.
func nullInCheckProblem(p *nullInCheck, what int) *msg.Error {
	root := p.line == ""
	switch {
	case what == nullCut && root:
		return msg.New("go-tracer.nullInCheckAtRoot", "node {node} is a null move made in check at the root: the side to move may not pass", "node", p.node)
	case what == nullCut:
		return msg.New("go-tracer.nullInCheck", "node {node} is a null move made in check (after {line}): the side to move may not pass", "node", p.node, "line", p.line)
	case what == nullKept && root:
		return msg.New("go-tracer.nullInCheckKeptAtRoot", "node {node} is a null move made in check at the root, and the root returned its value {value}, which no move gave it: the side to move may not pass", "node", p.node, "value", p.value)
	case what == nullKept:
		return msg.New("go-tracer.nullInCheckKept", "node {node} is a null move made in check (after {line}), and its parent returned its value {value}, which no move gave it: the side to move may not pass", "node", p.node, "line", p.line, "value", p.value)
	case root:
		return msg.New("go-tracer.nullInCheckHarmlessAtRoot", "node {node} is a null move made in check at the root: it failed low and changed nothing (an engine that lets the king be taken answers it so), but the side to move may not pass", "node", p.node)
	}
	return msg.New("go-tracer.nullInCheckHarmless", "node {node} is a null move made in check (after {line}): it failed low and changed nothing (an engine that lets the king be taken answers it so), but the side to move may not pass", "node", p.node, "line", p.line)
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
