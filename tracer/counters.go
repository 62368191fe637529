package tracer

// Counters is a Sink that counts events per kind: the cheapest summary of a
// search, and the "events" object of `pvscope search --json`. A node the
// table answered (an exit with end tt-cutoff) counts as a tt-hit and a
// tt-cutoff, once: not again when the engine wrote those events for it.
// It is not safe for concurrent use.
type Counters struct {
	n            [kindEnd]int64 // n[0] counts events whose kind is not a known one
	implied      int64          // tt-hit and tt-cutoff counts an exit implied, not events
	hitNode      int32          // the node of the last tt-hit event
	cutNode      int32          // the node of the last tt-cutoff event
	hitOk, cutOk bool           // those are set
}

// Emit implements Sink.
func (c *Counters) Emit(e Event) {
	if e.Kind >= kindEnd {
		c.n[0]++
		return
	}
	c.n[e.Kind]++
	switch e.Kind {
	case TTHit:
		c.hitNode, c.hitOk = e.Node, true
	case TTCutoff:
		c.cutNode, c.cutOk = e.Node, true
	case Exit:
		if e.End == TTCut {
			if !c.hitOk || c.hitNode != e.Node {
				c.n[TTHit]++
				c.implied++
			}
			if !c.cutOk || c.cutNode != e.Node {
				c.n[TTCutoff]++
				c.implied++
			}
		}
	}
}

// Count is the number of events of kind k.
func (c *Counters) Count(k Kind) int64 {
	if k < kindEnd {
		return c.n[k]
	}
	return 0
}

// Total is the number of events of every kind, unknown ones included (the
// table answers an exit implied are not events).
func (c *Counters) Total() int64 {
	t := -c.implied
	for _, n := range c.n {
		t += n
	}
	return t
}

// Map returns the non-zero counts keyed by kind name ("enter", "probe", ...);
// events of an unknown kind are counted under "unknown".
func (c *Counters) Map() map[string]int64 {
	m := make(map[string]int64)
	for k, n := range c.n {
		if n == 0 {
			continue
		}
		if k == 0 {
			m["unknown"] = n
		} else {
			m[Kind(k).String()] = n
		}
	}
	return m
}
