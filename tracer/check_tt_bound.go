package tracer

import "github.com/pvscope/pvscope/tracer/msg"

// tt-bound: a table entry's bound agrees with what its node proved. The rule
// relies on Knuth and Moore's reading of a score in its window, the one
// actual-type uses: a node searched with the window (alpha, beta) proves its
// value exactly only when its score falls strictly inside; at or below alpha
// it proves an upper bound (it failed low), at or above beta a lower bound
// (it failed high). So, judged at the node's exit against its last store:
//   - an entry stored exact needs alpha < score < beta, the window of the
//     node's enter (a null window can never store exact);
//   - an entry stored lower needs the node to have failed high (exit score >=
//     beta), upper to have failed low (exit <= alpha);
//   - with meta.bounds fail-soft, the bound's score may not claim more than
//     the node's own exit: lower no higher than it, upper no lower (a
//     fail-hard engine returns its window's edge and may store its best
//     move's value beyond it, so its scores are not compared).
// A node that stopped, or that a table entry answered, is not judged, nor a
// window edge at infinity.

// ttBound judges the store en of the node that e exits, n its state.
func (c *Checker) ttBound(e *Event, n *nodeState, en *ttEntry) {
	if e.End == Stopped || e.End == TTCut {
		return
	}
	alpha, beta, s, v := n.alpha, n.beta, en.score, e.Score
	var m *msg.Error
	switch en.bound {
	case Exact:
		if s <= alpha || s >= beta {
			m = msg.New("go-tracer.ttBoundExact", "node {node} stored {score} as exact (seq {seq}), but its window was ({alpha}, {beta}): a score at or outside the window is only a bound",
				"node", e.Node, "score", s, "seq", en.seq, "alpha", alpha, "beta", beta)
		}
	case Lower:
		switch {
		case v < beta:
			m = msg.New("go-tracer.ttBoundLowerNoFail", "node {node} stored {score} as a lower bound (seq {seq}), but it did not fail high: it returned {exit} in its window ({alpha}, {beta})",
				"node", e.Node, "score", s, "seq", en.seq, "exit", v, "alpha", alpha, "beta", beta)
		case c.Bounds == BoundsFailSoft && e.Bound == NoBound && s > v:
			m = msg.New("go-tracer.ttBoundLowerAbove", "node {node} stored {score} as a lower bound (seq {seq}), above the {exit} it returned: the entry claims more than the node proved",
				"node", e.Node, "score", s, "seq", en.seq, "exit", v)
		}
	case Upper:
		switch {
		case v > alpha:
			m = msg.New("go-tracer.ttBoundUpperNoFail", "node {node} stored {score} as an upper bound (seq {seq}), but it did not fail low: it returned {exit} in its window ({alpha}, {beta})",
				"node", e.Node, "score", s, "seq", en.seq, "exit", v, "alpha", alpha, "beta", beta)
		case c.Bounds == BoundsFailSoft && e.Bound == NoBound && s < v:
			m = msg.New("go-tracer.ttBoundUpperBelow", "node {node} stored {score} as an upper bound (seq {seq}), below the {exit} it returned: the entry claims more than the node proved",
				"node", e.Node, "score", s, "seq", en.seq, "exit", v)
		}
	}
	if m != nil {
		c.extra(e.Seq, e.Node, "tt-bound", m)
	}
}
