package engine

import "github.com/pvscope/pvscope/tracer"

// Progress hears from a running search between iterations, which is what a
// UCI front end turns into info lines. Both hooks are optional; they run on
// the searching goroutine, so they must be quick and must not touch the
// position. A trace sink sees every node; these see a handful of calls per
// search, so they cost nothing per node.
type Progress struct {
	// Iteration follows each completed iteration, with the search's counts so far.
	Iteration func(it Iteration, stats Stats)
	// AspirationFail follows a root search whose score fell outside the
	// aspiration window: bound is tracer.Lower when it failed high (the score
	// is at least this), tracer.Upper when it failed low. The iteration then
	// searches again with that side of the window open.
	AspirationFail func(depth, score int, bound tracer.Bound, stats Stats)
}

func (s *searcher) reportAspirationFail(depth, score int, bound tracer.Bound) {
	if s.progress.AspirationFail != nil {
		s.progress.AspirationFail(depth, score, bound, s.stats)
	}
}
