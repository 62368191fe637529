package engine

import "github.com/pvscope/pvscope/tracer"

// Check extension (Options.CheckExtension): a move that gives check is
// searched a ply deeper, so that a forcing line is not cut at the horizon
// halfway through. The extension stops at twice the iteration's depth, so a
// long series of checks cannot run the search away.

// extension is how many plies deeper the move just made is searched, and why.
func (s *searcher) extension() (int, string) {
	if s.opt.CheckExtension && s.pos.InCheck() && s.pos.Ply() < 2*s.iterDepth {
		s.stats.Extensions++
		return 1, tracer.WhyCheck
	}
	return 0, ""
}
