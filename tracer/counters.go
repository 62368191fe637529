package tracer

// Counters is a Sink that counts events per kind: the cheapest summary of a
// search, and the "events" object of `pvscope search --json`.
// It is not safe for concurrent use.
type Counters struct {
	n [kindEnd]int64 // n[0] counts events whose kind is not a known one
}

// Emit implements Sink.
func (c *Counters) Emit(e Event) {
	if e.Kind < kindEnd {
		c.n[e.Kind]++
	} else {
		c.n[0]++
	}
}

// Count is the number of events of kind k.
func (c *Counters) Count(k Kind) int64 {
	if k < kindEnd {
		return c.n[k]
	}
	return 0
}

// Total is the number of events of every kind, unknown ones included.
func (c *Counters) Total() int64 {
	var t int64
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
