package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// tt-depth: a table entry answers a node only if it was searched at least as
// deep as the node asks. The rule relies on one convention, the table's: an
// entry stored by a search of depth d holds a value good to depth d, so it
// may answer (cut) a node of depth d or less, never a deeper one (it may
// still order the deeper node's moves: a hit that does not answer is not
// judged). It is judged where the trace carries both depths: the node's on
// its enter, the entry's on the node's last tt-hit before the answer (a
// tt-cutoff event, or the exit with end tt-cutoff), or, when the hit gives
// none (0), on the store the hit is linked to by its key (check_tt_link.go).
// An entry's depth of 0 with no linked store is read as not given for a node
// above the horizon (a minimal trace leaves the field out). An engine that
// lets shallower entries answer says so with meta.ttShallow true, and the
// rule is not judged.

// MetaTTShallow is the header's meta key by which an engine says its table's
// shallower entries may answer deeper nodes.
const MetaTTShallow = "ttShallow"

// ttDepthState is the last tt-hit of the innermost open node.
type ttDepthState struct {
	allowed bool  // meta.ttShallow: the engine lets shallower entries answer
	node    int32 // the node of the last tt-hit, 0 after it was judged
	depth   int16 // the entry's depth it carried (or its linked store's)
	linked  bool  // depth is the linked store's
	seq     int64
	// The last hit's, kept after it is judged, for the summary's cuts.
	hitNode  int32
	hitDepth int16
	hitBound Bound
}

// ttHit keeps the entry's depth of a tt-hit at the innermost open node.
func (c *Checker) ttHit(e *Event) {
	en, linked := c.ttHitLinked(e)
	depth := e.Depth
	c.tt.linked = false
	if depth == 0 && linked {
		depth, c.tt.linked = en.depth, true
	}
	c.tt.node, c.tt.depth, c.tt.seq = e.Node, depth, e.Seq
	c.tt.hitNode, c.tt.hitDepth, c.tt.hitBound = e.Node, e.Depth, e.Bound
}

// ttAnswered judges the answer of node by its last tt-hit (once per hit).
func (c *Checker) ttAnswered(seq int64, node int32) {
	c.ttCut(node)
	if c.tt.allowed || c.tt.node != node || node == 0 {
		return
	}
	c.tt.node = 0
	n, ok := c.nodes[node]
	if !ok || c.tt.depth >= n.depth || c.tt.depth == 0 && n.depth > 0 && !c.tt.linked {
		return
	}
	c.extra(seq, node, "tt-depth", msg.New("go-tracer.ttShallow", "node {node} of depth {depth} is answered by a table entry stored for depth {entry} (tt-hit at seq {hit}): an entry answers only nodes no deeper than it was searched",
		"node", node, "depth", n.depth, "entry", c.tt.depth, "hit", c.tt.seq))
}
