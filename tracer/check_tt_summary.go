package tracer

import "sort"

// The table's traffic, counted for pvscope check's summary: probes, hits,
// cuts and stores, per entry depth and per bound.

// TTSummary is the table's traffic in a trace.
type TTSummary struct {
	Probes int64 `json:"probes"`
	Hits   int64 `json:"hits"`
	Cuts   int64 `json:"cuts"`
	Stores int64 `json:"stores"`
	// Keyed: hits that carry a key; Linked: those the trace's stores answer.
	Keyed  int64 `json:"keyed"`
	Linked int64 `json:"linked"`
	// HitRate is hits per probe (0 without probes).
	HitRate float64        `json:"hitRate"`
	ByDepth []TTDepthCount `json:"byDepth"`
}

// TTDepthCount is the traffic of entries of one depth (a hit's and a cut's:
// the entry's depth; a store's: the depth it stores).
type TTDepthCount struct {
	Depth  int16        `json:"depth"`
	Stores TTBoundCount `json:"stores"`
	Hits   TTBoundCount `json:"hits"`
	Cuts   TTBoundCount `json:"cuts"`
}

// TTBoundCount counts by bound; None: no bound given.
type TTBoundCount struct {
	Exact int64 `json:"exact"`
	Lower int64 `json:"lower"`
	Upper int64 `json:"upper"`
	None  int64 `json:"none"`
}

func (b *TTBoundCount) add(bound Bound) {
	switch bound {
	case Exact:
		b.Exact++
	case Lower:
		b.Lower++
	case Upper:
		b.Upper++
	default:
		b.None++
	}
}

// ttSumState is what the summary keeps: a row per depth.
type ttSumState struct {
	rows    map[int16]*TTDepthCount
	cutNode int32 // the node whose cut was counted last
}

func (s *ttSumState) row(d int16) *TTDepthCount {
	if s.rows == nil {
		s.rows = make(map[int16]*TTDepthCount)
	}
	r := s.rows[d]
	if r == nil {
		r = &TTDepthCount{Depth: d}
		s.rows[d] = r
	}
	return r
}

// ttCount counts a tt event (a cut by ttCut).
func (c *Checker) ttCount(e *Event) {
	s := &c.ttc.sum
	switch e.Kind {
	case TTProbe:
		s.Probes++
	case TTHit:
		s.Hits++
		c.ttsum.row(e.Depth).Hits.add(e.Bound)
		if e.HasKey {
			s.Keyed++
			if _, ok := c.ttc.entries[e.Key]; ok {
				s.Linked++
			}
		}
	case TTStore:
		s.Stores++
		c.ttsum.row(e.Depth).Stores.add(e.Bound)
	}
}

// ttCut counts node's answer by the table once: by its last hit's entry.
func (c *Checker) ttCut(node int32) {
	if c.ttsum.cutNode == node {
		return
	}
	c.ttsum.cutNode = node
	c.ttc.sum.Cuts++
	depth, bound := int16(0), NoBound
	if c.tt.hitNode == node {
		depth, bound = c.tt.hitDepth, c.tt.hitBound
	}
	c.ttsum.row(depth).Cuts.add(bound)
}

// TTSummary is the table's traffic so far.
func (c *Checker) TTSummary() TTSummary {
	s := c.ttc.sum
	if s.Probes > 0 {
		s.HitRate = float64(s.Hits) / float64(s.Probes)
	}
	s.ByDepth = make([]TTDepthCount, 0, len(c.ttsum.rows))
	for _, r := range c.ttsum.rows {
		s.ByDepth = append(s.ByDepth, *r)
	}
	sort.Slice(s.ByDepth, func(i, j int) bool { return s.ByDepth[i].Depth > s.ByDepth[j].Depth })
	return s
}
