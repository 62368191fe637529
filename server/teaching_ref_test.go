package server

import (
	"fmt"
	"strconv"
	"strings"
)

// An independent, tiny search for the teaching-page tests: textbook minimax, alpha-beta and
// PVS written twice, once in MAX/MIN form with every window from the root player's side (the
// "root" view) and once in negamax form (the "negamax" view). Both fail soft, as the engine
// does; PVS probes later moves with a null window and searches again with the node's window
// when the probe lands strictly inside it. For each node visited they record what the page
// must show for it at the end of the search (the last visit wins: a re-search over its probe).

const refInf = 1 << 30

type refTree struct {
	leaf   bool
	value  int
	kids   []*refTree
	height int
}

// parseRefTree reads "((3 12 8) (2 4 6) (14 5 2))".
func parseRefTree(s string) *refTree {
	toks := strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ").Replace(s))
	i := 0
	var read func() *refTree
	read = func() *refTree {
		t := toks[i]
		i++
		if t != "(" {
			v, err := strconv.Atoi(t)
			if err != nil {
				panic(err)
			}
			return &refTree{leaf: true, value: v}
		}
		n := &refTree{}
		for toks[i] != ")" {
			c := read()
			n.kids = append(n.kids, c)
			n.height = max(n.height, c.height+1)
		}
		i++
		return n
	}
	return read()
}

type refNode struct {
	value   int
	lo, hi  int
	outcome string
	player  string
}

type refSearch struct {
	algo       string
	root       bool // MAX/MIN form (the root view) or negamax
	nodes      map[string]refNode
	leaves     []string // paths of the leaves evaluated, in order
	researches []string
}

func refOutcome(v, lo, hi int) string {
	switch {
	case v <= lo:
		return "fail-low"
	case v >= hi:
		return "fail-high"
	}
	return "exact"
}

func child(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}

func runRef(tree *refTree, algo string, rootView bool) *refSearch {
	s := &refSearch{algo: algo, root: rootView, nodes: map[string]refNode{}}
	if rootView {
		s.minimax(tree, "", 0, -refInf, refInf)
	} else {
		s.negamax(tree, "", 0, -refInf, refInf)
	}
	return s
}

func (s *refSearch) record(path string, ply, v, lo, hi int) {
	player := "max"
	if s.root && ply%2 == 1 {
		player = "min"
	}
	s.nodes[path] = refNode{value: v, lo: lo, hi: hi, outcome: refOutcome(v, lo, hi), player: player}
}

// minimax is the MAX/MIN form: MAX at even plies raises alpha, MIN at odd plies lowers beta.
func (s *refSearch) minimax(n *refTree, path string, ply, alpha, beta int) int {
	lo, hi := alpha, beta
	if n.leaf {
		s.leaves = append(s.leaves, path)
		s.record(path, ply, n.value, lo, hi)
		return n.value
	}
	isMax := ply%2 == 0
	best := refInf
	if isMax {
		best = -refInf
	}
	for i, c := range n.kids {
		p := child(path, i)
		var v int
		switch {
		case s.algo == "minimax":
			v = s.minimax(c, p, ply+1, -refInf, refInf)
		case s.algo == "alphabeta" || i == 0 || beta-alpha <= 1:
			v = s.minimax(c, p, ply+1, alpha, beta)
		case isMax:
			v = s.minimax(c, p, ply+1, alpha, alpha+1)
			if v > alpha && v < beta {
				s.researches = append(s.researches, p)
				v = s.minimax(c, p, ply+1, alpha, beta)
			}
		default:
			v = s.minimax(c, p, ply+1, beta-1, beta)
			if v < beta && v > alpha {
				s.researches = append(s.researches, p)
				v = s.minimax(c, p, ply+1, alpha, beta)
			}
		}
		if isMax {
			best = max(best, v)
			if s.algo != "minimax" {
				alpha = max(alpha, v)
				if v >= beta {
					break
				}
			}
		} else {
			best = min(best, v)
			if s.algo != "minimax" {
				beta = min(beta, v)
				if v <= alpha {
					break
				}
			}
		}
	}
	s.record(path, ply, best, lo, hi)
	return best
}

// negamax is every node from its side to move; leaves are given from the root's side.
func (s *refSearch) negamax(n *refTree, path string, ply, alpha, beta int) int {
	lo, hi := alpha, beta
	if n.leaf {
		v := n.value
		if ply%2 == 1 {
			v = -v
		}
		s.leaves = append(s.leaves, path)
		s.record(path, ply, v, lo, hi)
		return v
	}
	best := -refInf
	for i, c := range n.kids {
		p := child(path, i)
		var v int
		switch {
		case s.algo == "minimax":
			v = -s.negamax(c, p, ply+1, -refInf, refInf)
		case s.algo == "alphabeta" || i == 0 || beta-alpha <= 1:
			v = -s.negamax(c, p, ply+1, -beta, -alpha)
		default:
			v = -s.negamax(c, p, ply+1, -alpha-1, -alpha)
			if v > alpha && v < beta {
				s.researches = append(s.researches, p)
				v = -s.negamax(c, p, ply+1, -beta, -alpha)
			}
		}
		best = max(best, v)
		if s.algo != "minimax" {
			alpha = max(alpha, v)
			if v >= beta {
				break
			}
		}
	}
	s.record(path, ply, best, lo, hi)
	return best
}

// edgeText is a window edge as the page's node() gives it (null for an infinite edge).
func edgeText(v int) string {
	if v >= refInf || v <= -refInf {
		return "null"
	}
	return strconv.Itoa(v)
}

func (n refNode) String() string {
	return fmt.Sprintf("value %d window [%s %s] %s %s", n.value, edgeText(n.lo), edgeText(n.hi), n.outcome, n.player)
}
