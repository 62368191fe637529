package tracer_test

// Over 400 lines because it holds Diff's cases, each pair of traces written by hand beside what
// the diff must say of them.

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// engineTrace is pvscope's engine's trace of fen to depth with settings
// ("name=value") over the defaults.
func engineTrace(t testing.TB, fen string, depth int, settings ...string) []byte {
	t.Helper()
	pos, opt, err := engine.Setup{FEN: fen}.Load()
	if err != nil {
		t.Fatal(err)
	}
	opt.Depth = depth
	for _, s := range settings {
		name, value, _ := strings.Cut(s, "=")
		if err := opt.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	w, err := tracer.NewWriter(&buf, tracer.Header{Format: tracer.FormatName, Version: tracer.Version,
		Meta: map[string]string{"fen": pos.(*engine.ChessPosition).FEN()}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Search(context.Background(), pos, opt, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func diffOf(t *testing.T, a, b []byte, max int) *tracer.DiffReport {
	t.Helper()
	rep, err := tracer.Diff(bytes.NewReader(a), bytes.NewReader(b), tracer.DiffOptions{Max: max})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// sameAsRef checks Diff's first divergence against the test's own walk.
func sameAsRef(t *testing.T, a, b []byte, rep *tracer.DiffReport) *refDivergence {
	t.Helper()
	want := refFirst(refRead(a), refRead(b))
	got := rep.FirstDivergence
	if (want == nil) != (got == nil) || rep.Same != (want == nil) {
		t.Fatalf("first divergence: the reference walk finds %v, Diff %+v (same %v)", want, got, rep.Same)
	}
	if want == nil {
		return nil
	}
	if !slices.Equal(got.Path, want.path) || !slices.Equal(got.What, want.what) ||
		got.SeqA != want.seqA || got.SeqB != want.seqB || got.LineA != want.lineA || got.LineB != want.lineB {
		t.Fatalf("first divergence: the reference walk finds %v, Diff path %v what %v seq %d/%d line %d/%d",
			want, got.Path, got.What, got.SeqA, got.SeqB, got.LineA, got.LineB)
	}
	return want
}

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestDiffIdenticalTracesAreTheSame(t *testing.T) {
	a := engineTrace(t, engine.StartFEN, 4)
	rep := diffOf(t, a, slices.Clone(a), 10)
	sameAsRef(t, a, a, rep)
	if !rep.Same || rep.OnlyACount+rep.OnlyBCount+rep.ChangedCount != 0 {
		t.Fatalf("a trace against itself: same %v, only A %d, only B %d, changed %d", rep.Same, rep.OnlyACount, rep.OnlyBCount, rep.ChangedCount)
	}
	if len(rep.Iterations) != 4 {
		t.Fatalf("%d iterations, want 4 (depth 4 with iterative deepening)", len(rep.Iterations))
	}
	for _, it := range rep.Iterations {
		if it.PVPart != nil || it.A.Nodes != it.B.Nodes {
			t.Fatalf("iteration %d differs from itself: %+v %+v", it.Depth, it.A, it.B)
		}
	}
}

// TestDiffOneOption: traces of one position differing by one option; the
// reference walk says where they part.
func TestDiffOneOption(t *testing.T) {
	// Without MVV-LVA, Kiwipete's quiescence runs to 1.6 million events: that
	// one is tried on the start position only.
	for fen, settings := range map[string][]string{
		engine.StartFEN: {"order-killers=false", "tt=false", "order-history=false", "aspiration=true", "order-mvvlva=false"},
		kiwipete:        {"order-killers=false", "tt=false", "order-history=false", "aspiration=true"},
	} {
		base := engineTrace(t, fen, 3)
		for _, setting := range settings {
			other := engineTrace(t, fen, 3, setting)
			rep := diffOf(t, base, other, 5)
			want := sameAsRef(t, base, other, rep)
			if want == nil && setting == "order-killers=false" && fen == engine.StartFEN {
				t.Fatalf("%s: killers off searches the same nodes in the same order; from the start position, where the cutoffs at depth 2 and 3 are quiet moves, killers reorder them", fen[:8])
			}
			if want == nil && !bytes.Equal(base, other) {
				// Not the same bytes, the same shape: allowed only if the
				// searches really do match node for node; the walk said so.
				t.Logf("%s: %s changes no node", fen[:8], setting)
			}
			// The counts each side reports are the reference's.
			for i, side := range []([]byte){base, other} {
				iters := refRead(side)
				for _, it := range rep.Iterations {
					var got *tracer.IterationSide = it.A
					if i == 1 {
						got = it.B
					}
					var nodes int64
					for _, ri := range iters {
						if int(ri.depth) == it.Depth {
							for _, r := range ri.roots {
								nodes += refSize(r)
							}
						}
					}
					if got == nil || got.Nodes != nodes {
						t.Fatalf("%s %s side %d depth %d: nodes %+v, the reference counts %d", fen[:8], setting, i, it.Depth, got, nodes)
					}
				}
			}
		}
	}
}

// plant is one change made to a copy of a trace, and what the diff must say.
type plant struct {
	name    string
	events  []tracer.Event // the copy, seq renumbered
	path    []string
	what    []string
	removed int64 // nodes in a removed subtree
}

// refIndex finds, in a trace's trees, nodes fit for each planting.
type located struct {
	n    *refNode
	path []string
}

func walkNodes(iters []refIter, f func(n *refNode, path []string)) {
	var rec func(n *refNode, path []string)
	rec = func(n *refNode, path []string) {
		f(n, path)
		for _, k := range n.kids {
			rec(k, append(slices.Clone(path), k.enter.Move))
		}
	}
	for _, it := range iters {
		for _, r := range it.roots {
			rec(r, []string{})
		}
	}
}

// parentsWithTwo: nodes whose first two children (after index i0) have moves
// no other sibling has, so their keys are plain.
func plantable(n *refNode) (int, bool) {
	count := map[string]int{}
	for _, k := range n.kids {
		count[k.enter.Move]++
	}
	for i := 0; i+1 < len(n.kids); i++ {
		if count[n.kids[i].enter.Move] == 1 && count[n.kids[i+1].enter.Move] == 1 {
			return i, true
		}
	}
	return 0, false
}

func renumber(events []tracer.Event) []tracer.Event {
	for i := range events {
		events[i].Seq = int64(i + 1)
	}
	return events
}

func encode(t *testing.T, h tracer.Header, events []tracer.Event) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := tracer.NewWriter(&buf, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		w.Emit(e)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// plants makes one copy of each kind at a node chosen by rng.
func plants(rng *rand.Rand, events []tracer.Event, iters []refIter) []plant {
	var parents, inner, leaves []located
	walkNodes(iters, func(n *refNode, path []string) {
		if len(path) >= 1 && n.exited {
			inner = append(inner, located{n, path})
			if len(n.kids) == 0 {
				leaves = append(leaves, located{n, path})
			}
		}
		if _, ok := plantable(n); ok && len(path) >= 1 {
			parents = append(parents, located{n, path})
		}
	})
	idx := func(n *refNode) (int, int) { return n.enterLine - 2, n.exitLine - 2 }
	var out []plant

	// A different move order at one node: its two children swapped.
	p := parents[rng.IntN(len(parents))]
	i, _ := plantable(p.n)
	s0, e0 := idx(p.n.kids[i])
	s1, e1 := idx(p.n.kids[i+1])
	swapped := slices.Concat(events[:s0], events[s1:e1+1], events[e0+1:s1], events[s0:e0+1], events[e1+1:])
	out = append(out, plant{name: "order", events: renumber(slices.Clone(swapped)), path: p.path, what: []string{"next"}})

	// A different window at one node.
	w := inner[rng.IntN(len(inner))]
	ev := slices.Clone(events)
	s, _ := idx(w.n)
	ev[s].Alpha -= 3
	out = append(out, plant{name: "window", events: ev, path: w.path, what: []string{"window"}})

	// A changed leaf score.
	l := leaves[rng.IntN(len(leaves))]
	ev = slices.Clone(events)
	_, e := idx(l.n)
	ev[e].Score += 7
	out = append(out, plant{name: "leaf score", events: ev, path: l.path, what: []string{"score"}})

	// A subtree removed.
	p = parents[rng.IntN(len(parents))]
	i, _ = plantable(p.n)
	s, e = idx(p.n.kids[i])
	ev = renumber(slices.Concat(events[:s], events[e+1:]))
	out = append(out, plant{name: "removed", events: ev, path: p.path, what: []string{"next"}, removed: refSize(p.n.kids[i])})
	return out
}

// TestDiffFindsPlantedChange: a trace and a copy with one change; the first
// divergence is the change, and the reference walk agrees field for field.
func TestDiffFindsPlantedChange(t *testing.T) {
	for _, fen := range []string{engine.StartFEN, kiwipete} {
		a := engineTrace(t, fen, 4)
		h, events, err := tracer.ReadAll(bytes.NewReader(a))
		if err != nil {
			t.Fatal(err)
		}
		for k := range events {
			if events[k].Seq != int64(k+1) {
				t.Fatalf("event %d has seq %d: the plants below assume seq = place", k, events[k].Seq)
			}
		}
		iters := refRead(a)
		seeds := uint64(6)
		if testing.Short() {
			seeds = 2
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			rng := rand.New(rand.NewPCG(seed, 18))
			for _, p := range plants(rng, events, iters) {
				b := encode(t, h, p.events)
				rep := diffOf(t, a, b, 1000)
				sameAsRef(t, a, b, rep)
				v := rep.FirstDivergence
				if !slices.Equal(v.Path, p.path) || !slices.Equal(v.What, p.what) {
					t.Fatalf("%s seed %d, %s planted at %v: first divergence at %v in %v", fen[:8], seed, p.name, p.path, v.Path, v.What)
				}
				switch p.name {
				case "order":
					// The same children, met out of step: nothing searched in only one.
					if rep.OnlyACount+rep.OnlyBCount != 0 || rep.ChangedCount != 0 {
						t.Fatalf("%s seed %d: two children swapped gives only A %d, only B %d, changed %d",
							fen[:8], seed, rep.OnlyACount, rep.OnlyBCount, rep.ChangedCount)
					}
				case "leaf score":
					if rep.ChangedCount != 1 || !slices.Equal(rep.Changed[0].Path, p.path) ||
						rep.Changed[0].B.Exit.Score-rep.Changed[0].A.Exit.Score != 7 {
						t.Fatalf("%s seed %d: a leaf 7 higher gives changed %d %+v", fen[:8], seed, rep.ChangedCount, rep.Changed)
					}
				case "removed":
					if rep.OnlyACount != 1 || rep.OnlyBCount != 0 || rep.OnlyA[0].Exit.Nodes != p.removed || rep.ChangedCount != 0 {
						t.Fatalf("%s seed %d: a subtree of %d nodes removed gives only A %+v (%d), only B %d, changed %d",
							fen[:8], seed, p.removed, rep.OnlyA, rep.OnlyACount, rep.OnlyBCount, rep.ChangedCount)
					}
				}
			}
		}
	}
}

// TestDiffKeepsTheLargest: with several subtrees removed, only A lists the
// Max largest, largest first, and counts them all.
func TestDiffKeepsTheLargest(t *testing.T) {
	a := engineTrace(t, kiwipete, 3)
	h, events, err := tracer.ReadAll(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	iters := refRead(a)
	root := iters[len(iters)-1].roots[0]
	// Remove every second root move of the last iteration, after the first.
	var sizes []int64
	drop := make([]bool, len(events))
	for i := 1; i < len(root.kids); i += 2 {
		k := root.kids[i]
		sizes = append(sizes, refSize(k))
		for j := k.enterLine - 2; j <= k.exitLine-2; j++ {
			drop[j] = true
		}
	}
	var kept []tracer.Event
	for j, e := range events {
		if !drop[j] {
			kept = append(kept, e)
		}
	}
	rep := diffOf(t, a, encode(t, h, renumber(kept)), 3)
	slices.SortFunc(sizes, func(x, y int64) int { return int(y - x) })
	if rep.OnlyACount != len(sizes) || len(rep.OnlyA) != 3 {
		t.Fatalf("only A: %d counted, %d listed; want %d and 3", rep.OnlyACount, len(rep.OnlyA), len(sizes))
	}
	for i, n := range rep.OnlyA {
		if n.Exit.Nodes != sizes[i] {
			t.Fatalf("only A[%d] has %d nodes; the largest removed are %v", i, n.Exit.Nodes, sizes[:3])
		}
	}
}

// anotherEngine is a minimal trace as another engine writes it (enter and
// exit, no seq): an MTD-style driver making two null-window root searches of
// one depth, no iteration events, so one iteration with two root searches.
var anotherEngine = []string{
	`{"format":"pvscope-trace","version":1,"meta":{"tree":"((3 5) (2 9))"}}`,
	`{"kind":"enter","node":1,"parent":0,"alpha":2,"beta":3,"depth":2}`,
	`{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-3,"beta":-2,"depth":1}`,
	`{"kind":"enter","node":3,"parent":2,"move":"a","alpha":2,"beta":3,"depth":0}`,
	`{"kind":"exit","node":3,"score":3}`,
	`{"kind":"exit","node":2,"score":-3}`,
	`{"kind":"exit","node":1,"score":3}`,
	`{"kind":"enter","node":4,"parent":0,"alpha":3,"beta":4,"depth":2}`,
	`{"kind":"enter","node":5,"parent":4,"move":"a","alpha":-4,"beta":-3,"depth":1}`,
	`{"kind":"enter","node":6,"parent":5,"move":"a","alpha":3,"beta":4,"depth":0}`,
	`{"kind":"exit","node":6,"score":3}`,
	`{"kind":"exit","node":5,"score":-3}`,
	`{"kind":"enter","node":7,"parent":4,"move":"b","alpha":-4,"beta":-3,"depth":1}`,
	`{"kind":"enter","node":8,"parent":7,"move":"a","alpha":3,"beta":4,"depth":0}`,
	`{"kind":"exit","node":8,"score":2}`,
	`{"kind":"exit","node":7,"score":-2}`,
	`{"kind":"exit","node":4,"score":3}`,
}

func TestDiffAnotherEnginesMinimalTrace(t *testing.T) {
	a := []byte(strings.Join(anotherEngine, "\n") + "\n")
	rep := diffOf(t, a, a, 10)
	if !rep.Same || len(rep.Iterations) != 1 || rep.Iterations[0].A.RootSearches != 2 || rep.Iterations[0].A.Nodes != 8 {
		t.Fatalf("against itself: same %v, iterations %+v", rep.Same, rep.Iterations)
	}
	// The second root search's b-leaf now scores 4 for the side to move
	// there: a leaf's score is the change, at line 15.
	changed := slices.Clone(anotherEngine)
	changed[14] = `{"kind":"exit","node":8,"score":4}`
	b := []byte(strings.Join(changed, "\n") + "\n")
	rep = diffOf(t, a, b, 10)
	v := rep.FirstDivergence
	if v == nil || v.RootSearch != 2 || !slices.Equal(v.Path, []string{"b", "a"}) || v.LineA != 15 || v.LineB != 15 || v.What[0] != "score" {
		t.Fatalf("leaf changed on line 15: first divergence %+v", v)
	}
	want := refFirst(refRead(a), refRead(b))
	if !slices.Equal(want.path, v.Path) || want.lineA != v.LineA || !slices.Equal(want.what, v.What) {
		t.Fatalf("the reference walk finds %v, Diff %+v", want, v)
	}
}

func TestDiffRefusesOtherPositionsAndBadFiles(t *testing.T) {
	a := engineTrace(t, engine.StartFEN, 1)
	b := engineTrace(t, kiwipete, 1)
	_, err := tracer.Diff(bytes.NewReader(a), bytes.NewReader(b), tracer.DiffOptions{})
	var pe *tracer.DiffPositionError
	if !errors.As(err, &pe) || !strings.Contains(pe.B, "r3k2r/p1ppqpb1") {
		t.Fatalf("two positions: error %v", err)
	}
	broken := append(slices.Clone(a[:bytes.IndexByte(a, '\n')+1]), []byte("{\"kind\":\"enter\",\"node\":1}\nnot json\n")...)
	_, err = tracer.Diff(bytes.NewReader(a), bytes.NewReader(broken), tracer.DiffOptions{})
	var ie *tracer.DiffInputError
	if !errors.As(err, &ie) || ie.Side != "B" || !strings.Contains(err.Error(), "line 3") {
		t.Fatalf("B broken on line 3: error %v", err)
	}
}

// TestDiffWalksTheSameIterationNodeByNode: B is A without its first
// iteration and with one leaf of the second changed. The iteration only A
// searched is listed; the second is still walked node by node, so the leaf
// is found.
func TestDiffWalksTheSameIterationNodeByNode(t *testing.T) {
	a := engineTrace(t, engine.StartFEN, 2)
	h, events, err := tracer.ReadAll(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	second := slices.IndexFunc(events, func(e tracer.Event) bool { return e.Kind == tracer.IterationStart && e.Depth == 2 })
	var kept []tracer.Event
	for i, e := range events {
		if i >= second || e.Kind == tracer.SearchStart {
			kept = append(kept, e)
		}
	}
	iters := refRead(a)
	var leaf located
	walkNodes(iters[1:], func(n *refNode, path []string) {
		if len(n.kids) == 0 && leaf.n == nil && len(path) == 2 {
			leaf = located{n, path}
		}
	})
	for i := range kept {
		if kept[i].Kind == tracer.Exit && kept[i].Seq == leaf.n.exit.Seq {
			kept[i].Score += 5
		}
	}
	rep := diffOf(t, a, encode(t, h, kept), 10)
	if rep.OnlyACount != 1 || rep.OnlyA[0].Iteration != 1 || rep.OnlyBCount != 0 {
		t.Fatalf("only A %+v (%d), only B %d: want iteration 1 only", rep.OnlyA, rep.OnlyACount, rep.OnlyBCount)
	}
	if rep.ChangedCount != 1 || !slices.Equal(rep.Changed[0].Path, leaf.path) || rep.Changed[0].Whole {
		t.Fatalf("changed %d %+v: want the leaf %v, walked node by node", rep.ChangedCount, rep.Changed, leaf.path)
	}
}

// TestDiffReducedAndNullMove: the modern-search vocabulary (issue 16) lines up
// too: a null move is a move like any other on the path, and a reduction
// written on one enter and not the other is the divergence, named "reduced".
func TestDiffReducedAndNullMove(t *testing.T) {
	lines := []string{
		`{"format":"pvscope-trace","version":1,"meta":{"fen":"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}}`,
		`{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":3}`,
		`{"kind":"enter","node":2,"parent":1,"move":"0000","alpha":-100,"beta":-99,"depth":1,"reduced":1,"why":"null-move"}`,
		`{"kind":"exit","node":2,"score":-90}`,
		`{"kind":"enter","node":3,"parent":1,"move":"e2e4","alpha":-100,"beta":100,"depth":2}`,
		`{"kind":"enter","node":4,"parent":3,"move":"e8d7","alpha":-100,"beta":100,"depth":1}`,
		`{"kind":"exit","node":4,"score":80}`,
		`{"kind":"exit","node":3,"score":-80}`,
		`{"kind":"exit","node":1,"score":80}`,
	}
	a := []byte(strings.Join(lines, "\n") + "\n")
	b := slices.Clone(lines)
	b[5] = `{"kind":"enter","node":4,"parent":3,"move":"e8d7","alpha":-100,"beta":100,"depth":1,"reduced":1,"why":"lmr"}`
	rep := diffOf(t, a, []byte(strings.Join(b, "\n")+"\n"), 10)
	v := rep.FirstDivergence
	if v == nil || !slices.Equal(v.What, []string{"reduced"}) || !slices.Equal(v.Path, []string{"e2e4", "e8d7"}) || v.LineA != 6 || v.B.Reduced != 1 || v.B.Why != "lmr" {
		t.Fatalf("a reduction on line 6 of B: %+v", v)
	}
	if !diffOf(t, a, a, 10).Same {
		t.Fatal("a trace with a null move against itself differs")
	}
}
