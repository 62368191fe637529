package session

// MaxTraceLineMoves is what an opened trace's lines may hold, counted as the
// page counts them (static/js/model/budget.js, lines): each line a move and a
// tail sent before it (lines.go), one pair per distinct (move, tail). It is
// the page's budget, checked while the trace is read: a trace past it would
// be sent whole and refused by the page after the frames were made (issue
// 44's outside probe: three root-pv lines of 2,000,000 distinct moves made a
// 142 MB events frame, then ended with 0 events and no sentence).
const MaxTraceLineMoves = 5_000_000

// linePairs counts the pairs the frames will carry for a trace's lines, with
// the encoder's own table, so the count is the page's.
type linePairs struct {
	t   lineTable
	ids map[string]int32
}

// add counts pv's new pairs and returns how many the trace's lines hold so far.
func (c *linePairs) add(pv []string) int64 {
	if c.ids == nil {
		c.ids = map[string]int32{"": 0}
	}
	c.t.line(pv, func(m string) int32 {
		id, ok := c.ids[m]
		if !ok {
			id = int32(len(c.ids))
			c.ids[m] = id
		}
		return id
	})
	c.t.fresh, c.t.of = c.t.fresh[:0], c.t.of[:0]
	return int64(c.t.next)
}

// linePairBytes is what a counted pair holds while the trace is read: its
// entry in the pairs' map and, for a move first seen, the move's.
const linePairBytes = 64
