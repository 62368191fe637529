package engine

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

// heavy skips a test in -short mode. The README's test command runs the
// whole suite twice: with -race and -short (the engine has no goroutines of its
// own, and the race detector slows it eightfold), then in full without -race,
// so a heavy test still runs in CI, once.
// raceTrim keeps the first keep of all in the race pass (-race -short): a
// test over many positions runs a few of them under the detector and every
// one in the full pass after it. The engine is single-threaded and about
// eight times slower under -race, and the race pass is part of CI's time
// (issue 40).
func raceTrim[T any](all []T, keep int) []T {
	if raceEnabled && testing.Short() && len(all) > keep {
		return all[:keep]
	}
	return all
}

func heavy(t *testing.T) {
	if testing.Short() {
		t.Skip("heavy: runs in the full pass of the test command (go test ./..., without -short)")
	}
}

// checkedSearch runs a search with the invariant checker listening, fails the
// test on any violation, and returns the result.
func checkedSearch(t testing.TB, pos Position, opt Options) Result {
	t.Helper()
	res, _ := recordedSearch(t, pos, opt, false)
	return res
}

// recordedSearch is checkedSearch that also returns the events when keep is set.
func recordedSearch(t testing.TB, pos Position, opt Options, keep bool) (Result, []tracer.Event) {
	t.Helper()
	checker := &tracer.Checker{}
	var sink tracer.Sink = checker
	var rec *tracer.Recording
	if keep {
		rec = tracer.NewRecording()
		sink = tracer.Multi{checker, rec}
	}
	res, err := Search(context.Background(), pos, opt, sink)
	if err != nil {
		t.Fatalf("search: %v", err)
	}
	if err := checker.Finish(); err != nil {
		t.Fatalf("trace breaks an invariant: %v", err)
	}
	if pos.Ply() != 0 {
		t.Fatalf("search left the position at ply %d", pos.Ply())
	}
	if rec == nil {
		return res, nil
	}
	return res, rec.Events()
}

// nodePaths maps node ids to their path from the root in the notation of
// testdata/trees: "1.2" is the second child of the first child
// (children counted from 1), "" the root.
func nodePaths(events []tracer.Event) map[int32]string {
	paths := map[int32]string{}
	for _, e := range events {
		if e.Kind != tracer.Enter {
			continue
		}
		step := strconv.Itoa(int(e.Index) + 1)
		if p := paths[e.Parent]; e.Parent == 0 {
			paths[e.Node] = ""
		} else if p == "" {
			paths[e.Node] = step
		} else {
			paths[e.Node] = p + "." + step
		}
	}
	return paths
}

// leafOrder lists the paths of the leaves whose values were read, in order.
func leafOrder(events []tracer.Event) []string {
	paths := nodePaths(events)
	var out []string
	for _, e := range events {
		if e.Kind == tracer.Exit && (e.End == tracer.Leaf || e.End == tracer.Eval) {
			out = append(out, paths[e.Node])
		}
	}
	return out
}

// replayPV plays a line with notnil/chess alone, failing if a move is illegal.
func replayPV(t testing.TB, fen string, pv []Move) {
	t.Helper()
	g := chess.NewGame(mustFEN(t, fen), chess.UseNotation(chess.UCINotation{}))
	for i, m := range pv {
		if err := g.MoveStr(UCI(m)); err != nil {
			t.Fatalf("PV move %d (%s) is illegal after %v in %s: %v", i+1, UCI(m), names(pv[:i]), fen, err)
		}
	}
}

func mustFEN(t testing.TB, fen string) func(*chess.Game) {
	t.Helper()
	if len(strings.Fields(fen)) == 4 {
		fen += " 0 1"
	}
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return opt
}

func names(line []Move) []string {
	var out []string
	for _, m := range line {
		out = append(out, UCI(m))
	}
	return out
}
