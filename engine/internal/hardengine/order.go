package hardengine

// orderMoves sorts ms: the table's move, captures by most valuable victim and
// least valuable attacker, the killers, then the rest as generated.
func (s *searcher) orderMoves(ms []move, ttMove move, ply int) {
	key := func(m move) int {
		switch {
		case m == ttMove:
			return 1 << 20
		case m.isCapture():
			victim := s.b.sq[m.to]
			if victim < 0 {
				victim = -victim
			}
			if m.flags&flagEP != 0 {
				victim = pawn
			}
			attacker := s.b.sq[m.from]
			if attacker < 0 {
				attacker = -attacker
			}
			return 1<<16 + 16*int(victim) - int(attacker)
		case m.promo != 0:
			return 1<<15 + int(m.promo)
		case m == s.killers[ply][0]:
			return 1 << 14
		case m == s.killers[ply][1]:
			return 1 << 13
		}
		return 0
	}
	// Insertion sort on keys computed once: stable, and short lists.
	var keys [256]int
	for i, m := range ms {
		k := key(m)
		j := i
		for ; j > 0 && keys[j-1] < k; j-- {
			keys[j], ms[j] = keys[j-1], ms[j-1]
		}
		keys[j], ms[j] = k, m
	}
}

func (s *searcher) isKiller(m move, ply int) bool {
	return m == s.killers[ply][0] || m == s.killers[ply][1]
}

func (s *searcher) addKiller(m move, ply int) {
	if m.isCapture() || m == s.killers[ply][0] {
		return
	}
	s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
}
