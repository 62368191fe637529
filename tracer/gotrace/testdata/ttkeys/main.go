// A reference engine whose table writes its keys: the twin of
// ../../../c/testdata/ttkeys.c (read its comment for the game), the C
// kit's bytes but for the writer's name.
//
//	ttkeys [FAULT] [DEPTH]   FAULT: none, store-ply or probe-ply
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/pvscope/pvscope/tracer/gotrace"
)

const (
	goal, mate, inf, mateBand, slots = 8, 1000, 2000, 100, 1024
)

var (
	bounds = [...]string{"", "exact", "lower", "upper"}
	moves  = [...]string{"0", "1", "2"}
)

const (
	empty = iota
	exact
	lower
	upper
)

type entry struct {
	key                     uint64
	depth, raw, bound, move int
}

type race struct {
	tr                 *gotrace.Tracer
	table              [slots]entry
	count              [2]int
	side               int
	storePly, probePly bool
}

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func (r *race) key() uint64 {
	return mix(1 + uint64(r.count[0]) + 16*uint64(r.count[1]) + 256*uint64(r.side))
}

func (r *race) toTable(score, ply int) int {
	switch {
	case !r.storePly:
		return score
	case score > mate-mateBand:
		return score + ply
	case score < -(mate - mateBand):
		return score - ply
	}
	return score
}

func (r *race) fromTable(raw, ply int) int {
	switch {
	case !r.probePly:
		return raw
	case raw > mate-mateBand:
		return raw - ply
	case raw < -(mate - mateBand):
		return raw + ply
	}
	return raw
}

func (r *race) search(ply, depth, alpha, beta int) int {
	tr, k := r.tr, r.key()
	e := &r.table[k%slots]
	alpha0, best, bestMove := alpha, -inf, 0
	tr.Enter(ply, alpha, beta, depth)
	if r.count[1-r.side] >= goal {
		return tr.ExitEnd(ply, -(mate - ply), "mate")
	}
	if depth <= 0 {
		return tr.ExitEnd(ply, 10*(r.count[r.side]-r.count[1-r.side]), "eval")
	}
	tr.TTProbe(ply, k)
	if e.bound != empty && e.key == k {
		score := r.fromTable(e.raw, ply)
		tr.TTHitKey(ply, k, bounds[e.bound], e.depth, score, e.raw, moves[e.move])
		if ply > 0 && e.depth >= depth &&
			(e.bound == exact || (e.bound == lower && score >= beta) || (e.bound == upper && score <= alpha)) {
			return tr.ExitEnd(ply, score, "tt-cutoff")
		}
	}
	for i := 0; i < 3 && alpha < beta; i++ {
		tr.Move(ply, moves[i])
		r.count[r.side] += i + 1
		r.side ^= 1
		score := -r.search(ply+1, depth-1, -beta, -alpha)
		r.side ^= 1
		r.count[r.side] -= i + 1
		if score > best {
			best, bestMove = score, i
		}
		alpha = max(alpha, best)
	}
	bound := exact
	if best <= alpha0 {
		bound = upper
	} else if best >= beta {
		bound = lower
	}
	*e = entry{key: k, depth: depth, raw: r.toTable(best, ply), bound: bound, move: bestMove}
	tr.TTStore(ply, k, bounds[bound], depth, best, e.raw, moves[bestMove])
	return tr.Exit(ply, best)
}

func main() {
	fault, depth := "none", 9
	if len(os.Args) > 1 {
		fault = os.Args[1]
	}
	if len(os.Args) > 2 {
		depth, _ = strconv.Atoi(os.Args[2])
	}
	r := &race{tr: gotrace.New(""), storePly: fault != "store-ply", probePly: fault != "probe-ply"}
	r.tr.MateBand(mateBand)
	r.tr.TTMate("node")
	r.tr.SearchStart("", depth, "fail-soft", mate, inf)
	score := 0
	for d := 1; d <= depth; d++ {
		r.tr.IterationStart(d, -inf, inf)
		score = r.search(0, d, -inf, inf)
		r.tr.IterationEnd(d, score)
	}
	r.tr.SearchEnd(depth, score, "")
	if err := r.tr.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("depth %d score %d\n", depth, score)
}
