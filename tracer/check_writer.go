package tracer

import (
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// The trace's own mistakes: what its writer got wrong, not the engine. They
// go to Writer (to Report, or stop the check, when Writer is nil), apart from
// the engine's violations and before them in a report, each with a rule of
// its own:
//
//   - writer-re-search: a re-search whose move differs from its probe's: the
//     enter a re-search event announced, or the re-search event, whose ref
//     names another move; in a trace
//     without refs, the child entered right after a probe that owed a
//     re-search, with the re-search's window (the parent's beta to its alpha,
//     negated) and the probe's depth, but another move.
//   - writer-move: a move that is no move in its parent's position: no piece
//     of the side to move on its from-square, or not UCI (needs a MoveGame,
//     which pvscope's FEN gives; a move that only leaves its king in check is
//     a pseudo-legal engine's, and not the writer's). Judged on the first
//     writerMoveBudget nodes entered: a writer that names moves wrong does so
//     from the start, and following positions costs a move generation a node.
//   - writer-exit: an exit of a node no enter opened.

// writerMoveBudget is how many nodes' moves writer-move judges.
const writerMoveBudget = 4096

// MoveGame is a Game that tells a move its writer got wrong from one an
// engine chose: NotAMove says why move is no move at all after line (no
// piece of the side to move on its square, not UCI), "" when it is one, or
// when line cannot be followed.
type MoveGame interface {
	Game
	NotAMove(line []string, move string) string
}

// writerState is what the writer's rules keep.
type writerState struct {
	judged int // nodes whose move writer-move judged
}

// writerMistake hands a mistake of the trace's writer to Writer.
func (c *Checker) writerMistake(seq int64, node int32, rule string, m *msg.Error) {
	v := violation(seq, node, rule, m)
	switch {
	case c.Writer != nil:
		c.Writer(v)
	case c.Report != nil:
		c.Report(v)
	case c.err == nil:
		c.err = v
	}
}

// writerEnter judges the enter e: its move in its parent's position, and a
// ref to another move.
func (c *Checker) writerEnter(e *Event) {
	if e.IsSub() || e.Move == "" {
		return
	}
	if e.Ref != 0 && c.rsSeq != 0 && c.rsRef == e.Ref { // the announced re-search (one no re-search announced is re-search's)
		if r, ok := c.nodes[e.Ref]; ok && r.move != "" && r.move != e.Move {
			c.writerMistake(e.Seq, e.Node, "writer-re-search", msg.New("go-tracer.writerReSearchMove", "node {node} searches {ref} again (its ref), but writes the move {move} where {ref} played {refMove}: the re-search's move is not its probe's",
				"node", e.Node, "ref", e.Ref, "move", e.Move, "refMove", r.move))
		}
	}
	if c.wr.judged >= writerMoveBudget || c.Game == nil || e.Move == NullMove || len(c.open) > maxJudgedPly || e.Parent != c.top() {
		return
	}
	g, ok := c.Game.(MoveGame)
	if !ok {
		return
	}
	c.wr.judged++
	line := c.lineTo()
	if why := g.NotAMove(line, e.Move); why != "" {
		after := "at the root"
		if len(line) > 0 {
			after = "after " + strings.Join(line, " ")
		}
		c.writerMistake(e.Seq, e.Node, "writer-move", msg.New("go-tracer.writerMove", "node {node} plays {move} {after}, which is no move there: {why}",
			"node", e.Node, "move", e.Move, "after", after, "why", why))
	}
}

// writerReSearchEvent judges a re-search event: its move, when written, is its ref's.
func (c *Checker) writerReSearchEvent(e *Event) {
	if r, ok := c.nodes[e.Ref]; ok && e.Move != "" && r.move != "" && r.move != e.Move {
		c.writerMistake(e.Seq, e.Node, "writer-re-search", msg.New("go-tracer.writerReSearchEvent", "the re-search at node {node} of {ref} writes the move {move}, but {ref} played {refMove}",
			"node", e.Node, "ref", e.Ref, "move", e.Move, "refMove", r.move))
	}
}

// writerOwed: the enter e, owed a re-search by the probe f.owe that it does
// not name, is that re-search with another move (the re-search's window and
// the probe's depth): the writer's mistake, said instead of re-search's.
func (c *Checker) writerOwed(e *Event, f *openFrame) bool {
	p, ok := c.nodes[f.owe]
	if !ok || e.Ref != 0 || e.Move == "" || p.move == "" || e.Move == p.move || p.reduced > 0 ||
		e.Depth != p.depth || int64(e.Beta)-int64(e.Alpha) <= 1 || int64(e.Beta) != -int64(f.oweAlpha) {
		return false
	}
	c.writerMistake(e.Seq, e.Node, "writer-re-search", msg.New("go-tracer.writerReSearchOwed", "node {node} is the re-search its parent owed the probe of {probeMove} (node {probe}): the same depth, the window ({alpha}, {beta}), but it writes the move {move}",
		"node", e.Node, "probeMove", p.move, "probe", f.owe, "alpha", e.Alpha, "beta", e.Beta, "move", e.Move))
	return true
}

// writerExit: an exit of node, which no enter opened (not innermost: the
// nesting rule judges the rest). It is the writer's mistake alone.
func (c *Checker) writerExit(e *Event) bool {
	if c.seen.has(e.Node) && e.Node > 0 {
		return false
	}
	c.writerMistake(e.Seq, e.Node, "writer-exit", msg.New("go-tracer.writerExit", "exit of node {node}, which no enter opened", "node", e.Node))
	return true
}
