package games

// splitmix64 is a tiny deterministic generator (Steele, Lea and Flood) for
// the games' Zobrist keys: fixed seeds, so keys are the same in every run.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
