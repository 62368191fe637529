// Command example is a fail-hard PVS over a synthetic game, traced with
// gotrace (its lines say tr.): the same search and game as
// tracer/c/example/search.c and tracer/python/example.py (read the C one's
// comment), so its traces are the C kit's, event for event.
//
//	example [-x] SEED DEPTH [DEPTH ...]   one search per depth, like a UCI session's "go"s
//
// Iterative deepening with aspiration windows searched again on failure, a
// null move that costs the passer more than any line can swing (so it prunes
// soundly), quiescence with stand pat, a triangular PV table. Quiescence is
// kept out of the trace unless -x, which traces it with stand-pat and adds
// each iteration's own line and search-end's move.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/tracer/gotrace"
)

const (
	treePlies = 8
	inf       = 32000
	mate      = 30000
	maxPly    = treePlies + 1
)

var (
	w     = [treePlies + 1]int{0, 200, 60, 30, 16, 8, 4, 2, 1}
	moves = [...]string{"0", "1", "2", "3", "4"}
)

type searcher struct {
	tr            *gotrace.Tracer
	extendedKinds bool // -x
	nodes         int64
	pv            [maxPly][maxPly]int
	pvLen         [maxPly]int
}

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func child(h uint64, i int) uint64 { return mix(h + 0x9e3779b97f4a7c15*uint64(i+1)) }

func moveCount(h uint64, ply int) int {
	if ply >= treePlies {
		return 0
	}
	return 3 + int(h%3)
}

func capture(c uint64) bool { return (c>>8)%3 == 0 }

// childEval: the child's evaluation, for its side to move, after the mover gained.
func childEval(c uint64, eval, ply int) int {
	wd := w[ply+1]
	return -(eval + int((c>>16)%uint64(2*wd+1)) - wd)
}

// swing: the most the plies after ply can change a line's points.
func swing(ply int) int {
	r := 0
	for k := ply + 1; k <= treePlies; k++ {
		r += w[k]
	}
	return r
}

func (s *searcher) qsearch(h uint64, eval, ply, depth, alpha, beta int) int {
	tr := s.tr
	tr.Enter(ply, alpha, beta, depth)
	s.nodes++
	if s.extendedKinds {
		tr.StandPat(ply, eval)
	}
	if eval >= beta {
		return tr.ExitEnd(ply, beta, "eval")
	}
	alpha = max(alpha, eval)
	searched := 0
	for i := range moveCount(h, ply) {
		c := child(h, i)
		if !capture(c) {
			continue
		}
		tr.Move(ply, moves[i])
		v := -s.qsearch(c, childEval(c, eval, ply), ply+1, depth-1, -beta, -alpha)
		searched++
		if v >= beta {
			return tr.Exit(ply, beta)
		}
		alpha = max(alpha, v)
	}
	if searched == 0 {
		return tr.ExitEnd(ply, alpha, "eval")
	}
	return tr.Exit(ply, alpha)
}

// search is fail-hard: it returns a score within [alpha, beta]; alpha means at
// most alpha, beta at least beta.
func (s *searcher) search(h uint64, eval, ply, depth, alpha, beta int, nullOK bool) int {
	tr := s.tr
	s.pvLen[ply] = ply
	if depth <= 0 && !s.extendedKinds { // the horizon node, its quiescence untraced
		tr.Enter(ply, alpha, beta, depth)
		tr.Pause()
		v := s.qsearch(h, eval, ply, depth, alpha, beta)
		tr.Resume()
		return tr.ExitEnd(ply, v, "eval")
	}
	if depth <= 0 {
		return s.qsearch(h, eval, ply, depth, alpha, beta)
	}
	tr.Enter(ply, alpha, beta, depth)
	s.nodes++
	n := moveCount(h, ply)
	if n == 0 {
		return tr.ExitEnd(ply, min(max(eval, alpha), beta), "eval")
	}
	if nullOK && ply > 0 && depth >= 3 && beta-alpha == 1 && eval >= beta {
		tr.Move(ply, "0000")
		tr.Reduced(ply, 2, "null-move")
		v := -s.search(mix(h^0x6e756c6c6d6f7665), -(eval - swing(ply) - swing(ply+1) - 1), ply+1, depth-3, -beta, -beta+1, false)
		if v >= beta {
			return tr.Exit(ply, beta)
		}
	}
	for i := range n {
		c := child(h, i)
		ce := childEval(c, eval, ply)
		tr.Move(ply, moves[i])
		var v int
		if i == 0 {
			v = -s.search(c, ce, ply+1, depth-1, -beta, -alpha, true)
		} else {
			v = -s.search(c, ce, ply+1, depth-1, -alpha-1, -alpha, true)
			if v > alpha && v < beta { // the probe landed inside: again, in full (no call: the move is kept)
				v = -s.search(c, ce, ply+1, depth-1, -beta, -alpha, true)
			}
		}
		if v >= beta {
			return tr.Exit(ply, beta)
		}
		if v > alpha {
			alpha = v
			s.pv[ply][ply] = i
			copy(s.pv[ply][ply+1:s.pvLen[ply+1]], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
			s.pvLen[ply] = s.pvLen[ply+1]
		}
	}
	return tr.Exit(ply, alpha)
}

// think searches to depth, aspiration windows from depth 2, and prints the result.
func (s *searcher) think(seed uint64, depth int) {
	tr := s.tr
	root := mix(seed)
	score := 0
	s.nodes = 0
	tr.SearchStart("", depth, "fail-hard", mate, inf)
	line := func() {
		for i := range s.pvLen[0] {
			tr.PVMove(moves[s.pv[0][i]])
		}
	}
	for d := 1; d <= depth; d++ {
		alpha, beta := -inf, inf
		if d > 1 {
			alpha, beta = score-25, score+25
		}
		tr.IterationStart(d, alpha, beta)
		for {
			score = s.search(root, 0, 0, d, alpha, beta, true)
			if score <= alpha && alpha > -inf {
				alpha = -inf
			} else if score >= beta && beta < inf {
				beta = inf
			} else {
				break
			}
			tr.AspirationFail(d, score, alpha, beta)
		}
		line()
		tr.RootPV(d, score)
		if s.extendedKinds {
			line()
		}
		tr.IterationEnd(d, score)
	}
	line()
	best := moves[s.pv[0][0]]
	if s.extendedKinds {
		tr.SearchEnd(depth, score, best)
	} else {
		tr.SearchEnd(depth, score, "")
	}
	var pv strings.Builder
	for i := range s.pvLen[0] {
		pv.WriteString(" " + moves[s.pv[0][i]])
	}
	fmt.Printf("depth %d score %d bestmove %s nodes %d pv%s\n", depth, score, best, s.nodes, pv.String())
}

func main() {
	args := os.Args[1:]
	s := &searcher{tr: gotrace.New("")}
	if len(args) > 0 && args[0] == "-x" {
		s.extendedKinds, args = true, args[1:]
	}
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: example [-x] SEED DEPTH [DEPTH ...]")
		os.Exit(2)
	}
	seed, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil {
		fmt.Fprintf(os.Stderr, "seed %q: %v\n", args[0], err)
		os.Exit(2)
	}
	for _, a := range args[1:] {
		depth, _ := strconv.Atoi(a)
		if depth < 1 || depth > treePlies-2 {
			fmt.Fprintf(os.Stderr, "depth %d: want 1 to %d\n", depth, treePlies-2)
			os.Exit(2)
		}
		s.think(seed, depth)
	}
	if err := s.tr.Err(); err != nil {
		fmt.Fprintf(os.Stderr, "trace: %v\n", err)
		os.Exit(1)
	}
}
