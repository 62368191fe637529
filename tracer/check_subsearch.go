package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// The subsearch rule relies on what a search of a node's own position is
// (subsearch.go): a child of the node it serves, with no move, whose window
// and score are its own. Its score is never the node's value: a node that
// searched a move returns what its moves gave it, and one that searched none
// (razoring's or ProbCut's verification answered it) returns a bound, at or
// below its alpha or at or above its beta, unless the sub-search had the
// node's very window (then the node's search was that one). So a node whose
// score lies strictly inside its window, equals a sub-search's, and came from
// no move, took the sub-search's score for its own. And a singular
// verification leaves out its excluded move: it never searches it.

// subChecks is the checker's memory of sub-searches: those open, and the
// scores of those that exited, while the node they served is open.
type subChecks struct {
	open    []subOpen
	results []subResult
}

type subOpen struct {
	node              int32
	purpose, excluded string
}

type subResult struct {
	level              int // the index in Checker.open of the node it served
	node               int32
	purpose            string
	score, alpha, beta int32
	moveGave           bool // a move of the node gave it the same value
}

// enterSub opens a sub-search: a node must be open for it to serve.
func (c *Checker) enterSub(e *Event) *msg.Error {
	var problem *msg.Error
	if e.Parent == 0 {
		c.rule = "subsearch"
		problem = msg.New("go-tracer.subAtNoNode", "node {node} is a search of its node's own position ({purpose}), but no node is open for it to serve", "node", e.Node, "purpose", e.Sub)
	}
	c.push(e)
	c.sub.open = append(c.sub.open, subOpen{node: e.Node, purpose: e.Sub, excluded: e.Excluded})
	return problem
}

// excludedMove: a child of a singular verification is not the move it excludes.
func (c *Checker) excludedMove(e *Event) *msg.Error {
	k := len(c.sub.open) - 1
	if k < 0 || c.sub.open[k].node != e.Parent || c.sub.open[k].excluded == "" || c.sub.open[k].excluded != e.Move {
		return nil
	}
	c.rule = "subsearch"
	return msg.New("go-tracer.subSearchesExcluded", "node {node} is the move {move}, searched by the singular verification (node {parent}) that excludes it",
		"node", e.Node, "move", e.Move, "parent", e.Parent)
}

// subExited: e closed a sub-search (now out of Checker.open); its score is
// kept for the node it served, not counted as a move's value.
func (c *Checker) subExited(e *Event) bool {
	k := len(c.sub.open) - 1
	if k < 0 || c.sub.open[k].node != e.Node {
		return false
	}
	o := c.sub.open[k]
	c.sub.open = c.sub.open[:k]
	n := c.nodes[e.Node]
	if len(c.open) > 0 && e.End != Stopped {
		c.sub.results = append(c.sub.results, subResult{level: len(c.open) - 1, node: e.Node, purpose: o.purpose, score: e.Score, alpha: n.alpha, beta: n.beta})
	}
	return true
}

// subMoveValue: the innermost node took value for a move; a sub-search of
// its that scored the same is matched by a move.
func (c *Checker) subMoveValue(move string, end End, value int32) {
	if move == NullMove || end == Stopped {
		return
	}
	level := len(c.open) - 1
	for i := len(c.sub.results) - 1; i >= 0 && c.sub.results[i].level == level; i-- {
		if c.sub.results[i].score == value {
			c.sub.results[i].moveGave = true
		}
	}
}

// subExit judges e, the exit of the innermost node, against its sub-searches
// and forgets them; problem is what the other rules found (it wins).
func (c *Checker) subExit(e *Event, problem *msg.Error) *msg.Error {
	level := len(c.open) - 1
	i := len(c.sub.results)
	for i > 0 && c.sub.results[i-1].level >= level {
		i--
	}
	results := c.sub.results[i:]
	c.sub.results = c.sub.results[:i]
	if problem != nil || e.End == Stopped || e.End == TTCut || len(results) == 0 {
		return problem
	}
	n := c.nodes[e.Node]
	if e.Score <= n.alpha || e.Score >= n.beta {
		return nil // a bound: a sub-search may have proved it
	}
	searched := len(c.kids[level]) > len(results)
	for _, r := range results {
		if r.score != e.Score || r.moveGave || !searched && r.alpha == n.alpha && r.beta == n.beta {
			continue
		}
		c.rule = "subsearch"
		return msg.New("go-tracer.subScoreIsNodes", "exit of node {node} scores {score}, strictly inside its window ({alpha}, {beta}), the score of its {purpose} search of its own position (node {sub}), which no move gave it: a search of the node's own position is not its value",
			"node", e.Node, "score", e.Score, "alpha", n.alpha, "beta", n.beta, "purpose", r.purpose, "sub", r.node)
	}
	return nil
}
