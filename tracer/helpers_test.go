package tracer

import "math/rand/v2"

// uciMoves returns n (at most 4032) distinct UCI move strings like "e2e4",
// spread over the board rather than all from one square.
func uciMoves(n int) []string {
	sq := func(i int) string { return string([]byte{byte('a' + i%8), byte('1' + i/8)}) }
	moves := make([]string, 0, n)
	for i := 0; len(moves) < n; i++ {
		from, to := (i*37)%64, (i*37+1+i/64)%64
		if from != to {
			moves = append(moves, sq(from)+sq(to))
		}
	}
	return moves
}

// randomEvent fills every field of an event with random values of the right range.
func randomEvent(rng *rand.Rand, seq int64, moves []string) Event {
	e := Event{
		Seq:    seq,
		Kind:   Kind(1 + rng.IntN(int(kindEnd)-1)),
		Node:   rng.Int32(),
		Parent: rng.Int32N(1000),
		Ref:    rng.Int32N(3),
		Alpha:  rng.Int32() - rng.Int32(),
		Beta:   rng.Int32N(65536) - 32768,
		Score:  -rng.Int32N(40000),
		Ply:    int32(rng.IntN(64)),
		Depth:  int16(rng.IntN(20) - 5),
		Index:  int16(rng.IntN(40)),
		Expect: NodeType(rng.IntN(4)),
		Actual: NodeType(rng.IntN(4)),
		Bound:  Bound(rng.IntN(4)),
		End:    End(rng.IntN(int(Stopped) + 1)),
		Method: Method(rng.IntN(int(methodEnd))),
		Reason: Reason(rng.IntN(int(reasonEnd))),
		// Derived shares a byte with Method and Reason in a recording's record.
		Derived: rng.IntN(2) == 0,
	}
	if rng.IntN(4) > 0 {
		e.Move = moves[rng.IntN(len(moves))]
	}
	if rng.IntN(8) == 0 { // a search of the node's own position, sometimes leaving a move out
		e.Sub = []string{SubIID, WhySingular, SubRazor, "engine-word"}[rng.IntN(4)]
		if rng.IntN(2) == 0 {
			e.Excluded = moves[rng.IntN(len(moves))]
		}
	}
	if rng.IntN(3) == 0 {
		n := rng.IntN(10)
		for range n {
			e.PV = append(e.PV, moves[rng.IntN(len(moves))])
		}
		if n == 0 && rng.IntN(2) == 0 {
			e.PV = []string{} // empty, not nil: must come back nil
		}
	}
	if e.Kind == TTStore && e.Bound == NoBound {
		e.Bound = Exact // the reader refuses a store without its bound
	}
	return e
}

// validTrace is a small PVS search of depth 2 that keeps every rule of the checker:
// the first child sets the PV, the second fails high on its probe and is searched
// again, the third fails low.
func validTrace() []Event {
	const inf = 1000
	es := []Event{
		{Kind: SearchStart, Depth: 2},
		{Kind: IterationStart, Depth: 2, Alpha: -inf, Beta: inf},
		{Kind: Enter, Node: 1, Depth: 2, Alpha: -inf, Beta: inf, Expect: PV},
		{Kind: TTProbe, Node: 1},
		{Kind: Enter, Node: 2, Parent: 1, Ply: 1, Depth: 1, Index: 0, Move: "e2e4", Alpha: -inf, Beta: inf, Expect: PV},
		{Kind: Exit, Node: 2, Score: -10, Actual: PV, End: Eval},
		{Kind: PVUpdate, Node: 1, Index: 0, Move: "e2e4", Score: 10, Alpha: -inf, Beta: inf, PV: []string{"e2e4"}},
		{Kind: Probe, Node: 1, Index: 1, Move: "d2d4", Alpha: 10, Beta: 11},
		{Kind: Enter, Node: 3, Parent: 1, Ply: 1, Depth: 1, Index: 1, Move: "d2d4", Alpha: -11, Beta: -10, Expect: Cut},
		{Kind: Exit, Node: 3, Score: -20, Actual: All, End: Eval},
		{Kind: FailHigh, Node: 1, Index: 1, Move: "d2d4", Score: 20, Alpha: 10, Beta: 11},
		{Kind: ReSearch, Node: 1, Index: 1, Move: "d2d4", Ref: 3, Alpha: 10, Beta: inf},
		{Kind: Enter, Node: 4, Parent: 1, Ref: 3, Ply: 1, Depth: 1, Index: 1, Move: "d2d4", Alpha: -inf, Beta: -10, Expect: PV},
		{Kind: Exit, Node: 4, Score: -15, Actual: PV, End: Eval},
		{Kind: PVUpdate, Node: 1, Index: 1, Move: "d2d4", Score: 15, Alpha: 10, Beta: inf, PV: []string{"d2d4"}},
		{Kind: Probe, Node: 1, Index: 2, Move: "g1f3", Alpha: 15, Beta: 16},
		{Kind: Enter, Node: 5, Parent: 1, Ply: 1, Depth: 1, Index: 2, Move: "g1f3", Alpha: -16, Beta: -15, Expect: Cut},
		{Kind: TTProbe, Node: 5},
		{Kind: TTHit, Node: 5, Bound: Lower, Depth: 1, Score: 0, Move: "g8f6"},
		{Kind: TTCutoff, Node: 5, Score: 0},
		{Kind: Exit, Node: 5, Score: 0, Actual: Cut, End: TTCut},
		{Kind: FailLow, Node: 1, Index: 2, Move: "g1f3", Score: 0, Alpha: 15, Beta: 16},
		{Kind: TTStore, Node: 1, Bound: Exact, Depth: 2, Score: 15, Move: "d2d4"},
		{Kind: Exit, Node: 1, Score: 15, Actual: PV},
		{Kind: RootPV, Depth: 2, Score: 15, PV: []string{"d2d4"}},
		{Kind: IterationEnd, Depth: 2, Score: 15},
		{Kind: SearchEnd, Depth: 2, Score: 15, PV: []string{"d2d4"}},
	}
	for i := range es {
		es[i].Seq = int64(i + 1)
	}
	return es
}
