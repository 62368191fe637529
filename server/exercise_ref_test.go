package server

import (
	"strconv"
	"strings"
)

// An independent reference for the exercises (exercise.js), written here from Russell and
// Norvig's ALPHA-BETA-SEARCH over the leafTree of reftree_test.go: what alpha-beta returns at
// every inner node with what that value says of the true minimax value, the leaves read when
// the children are searched right to left, each leaf's range found by trying every value, and
// the fewest leaves over every order of the children found by trying every order.

// abNode is what alpha-beta returns at one node: its value and "exact", "lower" or "upper".
type abNode struct {
	Value int    `json:"value"`
	Bound string `json:"bound"`
	// Edge: "upper" when the value is at or below the node's alpha (it fails low), "lower" at
	// or above its beta, else "": the bound its outcome says, true of an exact value too.
	Edge string `json:"-"`
}

// abSearch is alpha-beta recording each searched node's value and bound. A value strictly
// inside the node's window is exact; so is one from a node that read every child and got an
// exact value from each; otherwise a fail-high (v >= beta) gives a lower bound, a fail-low an upper.
type abSearch struct {
	read   []string
	values map[string]abNode
	order  func(path string, n int) []int // nil: left to right
}

func (s *abSearch) run(t leafTree, path []int, alpha, beta int) int {
	p := joinPath(path)
	if v, ok := t.(float64); ok {
		s.read = append(s.read, p)
		s.values[p] = abNode{Value: int(v), Bound: "exact"}
		return int(v)
	}
	maxNode := len(path)%2 == 0
	ks := kids(t)
	idx := make([]int, len(ks))
	for i := range idx {
		idx[i] = i
	}
	if s.order != nil {
		idx = s.order(p, len(ks))
	}
	a0, b0 := alpha, beta
	v := leafInf
	if maxNode {
		v = -leafInf
	}
	searched, allExact := 0, true
	for _, i := range idx {
		cp := append(path[:len(path):len(path)], i)
		w := s.run(ks[i], cp, alpha, beta)
		searched++
		if s.values[joinPath(cp)].Bound != "exact" {
			allExact = false
		}
		if maxNode {
			v = max(v, w)
			if v >= beta {
				break
			}
			alpha = max(alpha, v)
		} else {
			v = min(v, w)
			if v <= alpha {
				break
			}
			beta = min(beta, v)
		}
	}
	bound := "upper"
	switch {
	case a0 < v && v < b0, searched == len(ks) && allExact:
		bound = "exact"
	case v >= b0:
		bound = "lower"
	}
	edge := ""
	switch {
	case v <= a0:
		edge = "upper"
	case v >= b0:
		edge = "lower"
	}
	s.values[p] = abNode{v, bound, edge}
	return v
}

func refAlphaBeta(t leafTree, order func(string, int) []int) *abSearch {
	s := &abSearch{values: map[string]abNode{}, order: order}
	s.run(t, nil, -leafInf, leafInf)
	return s
}

func refLeaves(t leafTree, path []int, out []string) []string {
	if _, ok := t.(float64); ok {
		return append(out, joinPath(path))
	}
	for i, c := range kids(t) {
		out = refLeaves(c, append(path[:len(path):len(path)], i), out)
	}
	return out
}

func refInner(t leafTree, path []int, out []string) []string {
	if _, ok := t.(float64); ok {
		return out
	}
	out = append(out, joinPath(path))
	for i, c := range kids(t) {
		out = refInner(c, append(path[:len(path):len(path)], i), out)
	}
	return out
}

// refUnread: the leaves alpha-beta never reads, in left-to-right order.
func refUnread(t leafTree, order func(string, int) []int) []string {
	s := refAlphaBeta(t, order)
	read := map[string]bool{}
	for _, p := range s.read {
		read[p] = true
	}
	out := []string{}
	for _, p := range refLeaves(t, nil, nil) {
		if !read[p] {
			out = append(out, p)
		}
	}
	return out
}

func rightToLeft(_ string, n int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = n - 1 - i
	}
	return idx
}

// withLeaf is t with the leaf at path set to x.
func withLeaf(t leafTree, path []int, x int) leafTree {
	if len(path) == 0 {
		return float64(x)
	}
	ks := kids(t)
	out := make([]any, len(ks))
	copy(out, ks)
	out[path[0]] = withLeaf(ks[path[0]], path[1:], x)
	return out
}

func splitPath(p string) []int {
	if p == "" {
		return nil
	}
	var out []int
	for _, w := range strings.Split(p, ".") {
		i, _ := strconv.Atoi(w)
		out = append(out, i)
	}
	return out
}

// leafRange is the range of values a leaf may take with the root's value unchanged (nil: no end).
type leafRange struct {
	Min *int `json:"min"`
	Max *int `json:"max"`
}

// refRanges tries every value from -span to span at each leaf; a range reaching either end
// is taken as open there (the generator's leaves lie within ±999).
func refRanges(t leafTree, span int) map[string]leafRange {
	root, _ := refRun("minimax", t)
	out := map[string]leafRange{}
	for _, p := range refLeaves(t, nil, nil) {
		path := splitPath(p)
		lo, hi := span+1, -span-1
		for x := -span; x <= span; x++ {
			if v, _ := refRun("minimax", withLeaf(t, path, x)); v == root {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
		var r leafRange
		if lo > -span {
			r.Min = &lo
		}
		if hi < span {
			r.Max = &hi
		}
		out[p] = r
	}
	return out
}

// refBestOrder tries every order of every inner node's children and returns the fewest leaves
// alpha-beta reads.
func refBestOrder(t leafTree) int {
	inner := refInner(t, nil, nil)
	perms := map[string][][]int{}
	for _, p := range inner {
		perms[p] = permsOf(len(kids(leafAt(t, p))))
	}
	best := 1 << 30
	choice := map[string][]int{}
	var try func(i int)
	try = func(i int) {
		if i == len(inner) {
			s := refAlphaBeta(t, func(p string, n int) []int { return choice[p] })
			best = min(best, len(s.read))
			return
		}
		for _, perm := range perms[inner[i]] {
			choice[inner[i]] = perm
			try(i + 1)
		}
	}
	try(0)
	return best
}

func leafAt(t leafTree, p string) leafTree {
	for _, i := range splitPath(p) {
		t = kids(t)[i]
	}
	return t
}

func permsOf(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, rest := range permsOf(n - 1) {
		for pos := 0; pos <= len(rest); pos++ {
			p := append(append(append([]int{}, rest[:pos]...), n-1), rest[pos:]...)
			out = append(out, p)
		}
	}
	return out
}
