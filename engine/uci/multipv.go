package uci

import "sort"

// checkMultiPV looks across the lines of each depth, taking the last exact
// line the engine sent for each line number: a root move listed by two
// lines, a line missing (more lines asked for than sent, when the root has
// moves enough), and a line scoring above the one before it.
func (r *Report) checkMultiPV(rootMoves int) {
	if r.MultiPV <= 1 {
		return
	}
	last := map[int]map[int]int{} // depth -> line number -> index in Iterations
	for i, l := range r.Iterations {
		if l.Bound != "exact" {
			continue
		}
		if last[l.Depth] == nil {
			last[l.Depth] = map[int]int{}
		}
		last[l.Depth][l.MultiPV] = i
	}
	depths := make([]int, 0, len(last))
	for d := range last {
		depths = append(depths, d)
	}
	sort.Ints(depths)
	want := min(r.MultiPV, rootMoves)
	for _, d := range depths {
		lines := last[d]
		first := map[string]int{} // root move -> line number
		prev := -1
		for k := 1; k <= want; k++ {
			i, ok := lines[k]
			if !ok {
				r.warn("depth %d: line %d of %d is missing", d, k, want)
				continue
			}
			l := &r.Iterations[i]
			if len(l.PV) > 0 {
				if j, seen := first[l.PV[0]]; seen {
					l.flag("multipv: first move %s is also line %d's", l.PV[0], j)
				} else {
					first[l.PV[0]] = k
				}
			}
			if prev >= 0 && l.order > r.Iterations[prev].order {
				l.flag("multipv: scores %s, above line %d (%s)", l.scoreText(), r.Iterations[prev].MultiPV, r.Iterations[prev].scoreText())
			}
			prev = i
		}
	}
}

func (l Line) scoreText() string {
	if l.Mate != nil {
		return Info{IsMate: true, Mate: *l.Mate}.ScoreText()
	}
	return Info{CP: *l.Score}.ScoreText()
}
