package tracer

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// This file holds its own tiny fail-soft PVS over a tree, written from the
// textbook and not from the engine or the Deriver. It writes two traces of the
// same search: the minimal one another engine would write (enter and exit
// only) and the full one with every decision as pvscope names it. Deriving
// the first must give the second.

type tnode struct {
	val  int // the leaf's value for the side to move there
	kids []*tnode
}

func randomTree(rng *rand.Rand, depth int) *tnode {
	if depth == 0 {
		return &tnode{val: rng.IntN(19) - 9}
	}
	n := &tnode{}
	for range 1 + rng.IntN(4) {
		n.kids = append(n.kids, randomTree(rng, depth-1))
	}
	return n
}

// negamax is the true value, for the root's score.
func negamax(n *tnode) int {
	if len(n.kids) == 0 {
		return n.val
	}
	best := -1 << 30
	for _, k := range n.kids {
		best = max(best, -negamax(k))
	}
	return best
}

type tinyPVS struct {
	minimal, full []Event
	next          int32
}

func (t *tinyPVS) both(e Event) {
	t.full = append(t.full, e)
	switch e.Kind {
	case Enter:
		t.minimal = append(t.minimal, Event{Kind: Enter, Node: e.Node, Parent: e.Parent, Move: e.Move, Alpha: e.Alpha, Beta: e.Beta, Depth: e.Depth})
	case Exit:
		t.minimal = append(t.minimal, Event{Kind: Exit, Node: e.Node, Score: e.Score})
	}
}

// search is PVS: the first move with the full window, the others probed with
// a null window and searched again when the probe lands inside the window.
func (t *tinyPVS) search(n *tnode, parent int32, move string, index, ply, depth, alpha, beta int, expect NodeType, ref int32) (int, int32, []string) {
	t.next++
	id := t.next
	t.both(Event{Kind: Enter, Node: id, Parent: parent, Ref: ref, Ply: int32(ply), Depth: int16(depth), Index: int16(index),
		Move: move, Alpha: int32(alpha), Beta: int32(beta), Expect: expect})
	exit := func(score int, end End) {
		actual := PV
		if score <= alpha {
			actual = All
		} else if score >= beta {
			actual = Cut
		}
		t.both(Event{Kind: Exit, Node: id, Score: int32(score), Actual: actual, End: end})
	}
	if len(n.kids) == 0 {
		exit(n.val, Eval)
		return n.val, id, nil
	}
	best, a := -1<<20, alpha
	var pv []string
	for i, k := range n.kids {
		m := strconv.Itoa(i)
		kt := Cut // Knuth and Moore
		if expect == PV && i == 0 {
			kt = PV
		} else if expect == Cut && i == 0 {
			kt = All
		}
		var s int
		var line []string
		if i == 0 || beta-a <= 1 {
			s, _, line = t.search(k, id, m, i, ply+1, depth-1, -beta, -a, kt, 0)
			s = -s
		} else {
			t.full = append(t.full, Event{Kind: Probe, Node: id, Move: m, Index: int16(i), Alpha: int32(a), Beta: int32(a + 1)})
			var probe int32
			s, probe, line = t.search(k, id, m, i, ply+1, depth-1, -a-1, -a, kt, 0)
			s = -s
			kind := FailHigh
			if s <= a {
				kind = FailLow
			}
			t.full = append(t.full, Event{Kind: kind, Node: id, Move: m, Index: int16(i), Score: int32(s), Alpha: int32(a), Beta: int32(a + 1)})
			if a < s && s < beta {
				t.full = append(t.full, Event{Kind: ReSearch, Node: id, Move: m, Index: int16(i), Ref: probe, Alpha: int32(a), Beta: int32(beta)})
				s, _, line = t.search(k, id, m, i, ply+1, depth-1, -beta, -a, PV, probe)
				s = -s
			}
		}
		best = max(best, s)
		if s <= a {
			continue
		}
		if s >= beta {
			t.full = append(t.full, Event{Kind: Cutoff, Node: id, Move: m, Index: int16(i), Score: int32(s), Beta: int32(beta)})
			break
		}
		pv = append([]string{m}, line...)
		t.full = append(t.full, Event{Kind: PVUpdate, Node: id, Move: m, Index: int16(i), Score: int32(s), Alpha: int32(a), Beta: int32(beta), PV: pv})
		a = s
	}
	exit(best, Searched)
	return best, id, pv
}

// tinyTrace searches a random tree and returns both traces, numbered from 1.
func tinyTrace(seed uint64, depth int) (minimal, full []Event, score int, tree *tnode) {
	rng := rand.New(rand.NewPCG(seed, 7))
	tree = randomTree(rng, depth)
	var t tinyPVS
	t.full = append(t.full, Event{Kind: SearchStart, Depth: int16(depth)})
	score, _, pv := t.search(tree, 0, "", 0, 0, depth, -1000, 1000, PV, 0)
	t.full = append(t.full,
		Event{Kind: RootPV, Depth: int16(depth), Score: int32(score), PV: pv},
		Event{Kind: SearchEnd, Depth: int16(depth), Score: int32(score), PV: pv})
	for i := range t.full {
		t.full[i].Seq = int64(i + 1)
	}
	return t.minimal, t.full, score, tree
}

func TestDeriveMinimalTrace(t *testing.T) {
	for seed := range uint64(300) {
		depth := 1 + int(seed%4)
		minimal, full, score, tree := tinyTrace(seed, depth)
		got := Derive(Header{}, minimal)
		for i, e := range got {
			if e.Derived == (e.Kind == Enter || e.Kind == Exit) {
				t.Fatalf("seed %d: event %d (%v) derived=%v: only what the engine did not write is derived", seed, i, e.Kind, e.Derived)
			}
			got[i].Derived = false
		}
		if d := firstDiff(got, full); d >= 0 {
			t.Fatalf("seed %d: event %d derived as\n  %+v\nwant\n  %+v", seed, d, at(got, d), at(full, d))
		}
		if err := Check(got); err != nil {
			t.Fatalf("seed %d: derived trace breaks a rule: %v", seed, err)
		}
		if want := negamax(tree); score != want {
			t.Fatalf("seed %d: the test's PVS scored %d, negamax %d", seed, score, want)
		}
	}
}

// A trace from White's point of view derives the same as the negamax one.
func TestDeriveWhitePOV(t *testing.T) {
	for seed := range uint64(50) {
		minimal, _, _, _ := tinyTrace(seed, 3)
		white := slices.Clone(minimal)
		ply := map[int32]int{}
		for i, e := range white {
			if e.Kind == Enter {
				if e.Parent != 0 {
					ply[e.Node] = ply[e.Parent] + 1
				}
			}
			if ply[e.Node]%2 == 1 {
				white[i].Score = -e.Score
				if e.Kind == Enter {
					white[i].Alpha, white[i].Beta = -e.Beta, -e.Alpha
				}
			}
		}
		want := Derive(Header{}, minimal)
		got := Derive(Header{Meta: map[string]string{"pov": "white"}}, white)
		if d := firstDiff(got, want); d >= 0 {
			t.Fatalf("seed %d: event %d is %+v from White's view, %+v from negamax", seed, d, at(got, d), at(want, d))
		}
	}
}

// Kinds the engine writes are used as written, never derived a second time.
func TestDeriveKeepsWrittenKinds(t *testing.T) {
	for seed := range uint64(50) {
		_, full, _, _ := tinyTrace(seed, 3)
		got := Derive(Header{}, full)
		if d := firstDiff(got, full); d >= 0 {
			t.Fatalf("seed %d: a full trace changed at event %d: %+v, want %+v", seed, d, at(got, d), at(full, d))
		}
		// Only probes written: the rest is derived around them, once.
		probesOnly := slices.DeleteFunc(slices.Clone(full), func(e Event) bool {
			return e.Kind != Enter && e.Kind != Exit && e.Kind != Probe
		})
		for i := range probesOnly {
			probesOnly[i].Seq = 0
			probesOnly[i].Expect = NoType // or it is a full trace, where nothing is derived
		}
		got = Derive(Header{}, probesOnly)
		for i := range got {
			got[i].Derived = false
		}
		if d := firstDiff(got, full); d >= 0 {
			t.Fatalf("seed %d: with probes written, event %d is %+v, want %+v", seed, d, at(got, d), at(full, d))
		}
	}
}

// A leaf with a mate score, under a header that gives the mate value, is mate;
// the header's numbers may be JSON numbers.
func TestDeriveMateEnd(t *testing.T) {
	events := []Event{
		{Kind: Enter, Node: 1, Depth: 2, Alpha: -32000, Beta: 32000},
		{Kind: Enter, Node: 2, Parent: 1, Move: "f7f8", Depth: 1, Alpha: -32000, Beta: 32000},
		{Kind: Exit, Node: 2, Score: -31999},
		{Kind: Exit, Node: 1, Score: 31999},
	}
	got := Derive(Header{Meta: map[string]string{"mate": "32000"}}, events)
	i := slices.IndexFunc(got, func(e Event) bool { return e.Kind == Exit && e.Node == 2 })
	if got[i].End != Mate {
		t.Fatalf("the mated leaf ends %q, want mate", got[i].End)
	}
}

func firstDiff(a, b []Event) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || !sameEvent(a[i], b[i]) {
			return i
		}
	}
	return -1
}

func sameEvent(a, b Event) bool {
	type flat struct {
		Seq                                   int64
		Node, Parent, Ref, Alpha, Beta, Score int32
		Ply                                   int32
		Depth, Index                          int16
		Kind                                  Kind
		Expect, Actual                        NodeType
		Bound                                 Bound
		End                                   End
		Move                                  string
		Derived                               bool
	}
	f := func(e Event) flat {
		return flat{e.Seq, e.Node, e.Parent, e.Ref, e.Alpha, e.Beta, e.Score, e.Ply, e.Depth, e.Index,
			e.Kind, e.Expect, e.Actual, e.Bound, e.End, e.Move, e.Derived}
	}
	return f(a) == f(b) && slices.Equal(a.PV, b.PV)
}

func at(es []Event, i int) any {
	if i < len(es) {
		return es[i]
	}
	return "(no event)"
}
