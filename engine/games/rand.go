package games

// SplitMix64 is a tiny deterministic generator (Steele, Lea and Flood) for
// Zobrist keys and seeded trees: fixed seeds, so keys are the same in every
// run. The engine's chess keys and random trees use it too (engine imports
// games, never the other way).
type SplitMix64 uint64

// Next returns the next 64-bit value.
func (s *SplitMix64) Next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
