package gotrace_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/gotrace"
)

// The kit's own behaviour; its traces are held to the C kit's in the root
// package (trace_kit_go_test.go).

func noEnv(t *testing.T) {
	for _, k := range []string{"PVSCOPE_TRACE_FILE", "PVSCOPE_TRACE_SEARCH", "PVSCOPE_TRACE_DEPTH"} {
		t.Setenv(k, "")
	}
}

// every call once, as an engine makes them, on tr.
func search(tr *gotrace.Tracer, depth int) int {
	tr.SearchStart("", depth, "fail-hard", 0, 0)
	tr.IterationStart(depth, -100, 100)
	tr.Enter(0, -100, 100, depth)
	tr.Prune(0, "p", "futility")
	tr.Move(0, "a")
	tr.Reduced(0, 1, "lmr")
	tr.Extended(0, 1, "check")
	tr.SubSearch(0, "iid")
	tr.Singular(0, "a")
	tr.Enter(1, -100, 100, depth-1)
	tr.TTHit(1, "upper", depth-2, 9, "b")
	tr.StandPat(1, 5)
	tr.Pause()
	tr.Resume()
	v := -tr.ExitEnd(1, 5, "eval")
	tr.MoveValue(0, v)
	tr.AspirationFail(depth, v, -100, 100)
	tr.PVMove("a")
	tr.RootPV(depth, v)
	tr.IterationEnd(depth, v)
	tr.SearchEnd(depth, tr.Exit(0, v), "a")
	return v
}

// TestNilTracerDoesNothing: New with no file named is nil, every call on it
// returns (Exit its score), and none allocates.
func TestNilTracerDoesNothing(t *testing.T) {
	noEnv(t)
	tr := gotrace.New("")
	if tr != nil {
		t.Fatal("New(\"\") with no PVSCOPE_TRACE_FILE is not nil")
	}
	tr.OnlySearch(2)
	tr.OnlyDepth(3)
	tr.Pov("white")
	tr.MateBand(9)
	if v := search(tr, 3); v != -5 || tr.On() || tr.Err() != nil || tr.Close() != nil {
		t.Errorf("a nil tracer's search scored %d (want -5), on %v, err %v", v, tr.On(), tr.Err())
	}
	if n := testing.AllocsPerRun(100, func() { search(tr, 3) }); n != 0 {
		t.Errorf("a search on a nil tracer allocates %v times, want 0", n)
	}
}

func depths(t *testing.T, path string) []int16 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, events, err := tracer.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	var ds []int16
	for _, e := range events {
		if e.Kind == tracer.SearchStart {
			ds = append(ds, e.Depth)
		}
	}
	return ds
}

// TestTriggerPicksOneSearch: of searches of depths 4, 5, 6, 5 one is traced:
// the first; the n-th (OnlySearch); the first of depth d (OnlyDepth); and the
// environment's choice over the call's.
func TestTriggerPicksOneSearch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		env   []string
		setup func(*gotrace.Tracer)
		want  int16
	}{
		{"the first", nil, func(*gotrace.Tracer) {}, 4},
		{"the third", nil, func(tr *gotrace.Tracer) { tr.OnlySearch(3) }, 6},
		{"the first of depth 5", nil, func(tr *gotrace.Tracer) { tr.OnlyDepth(5) }, 5},
		{"the environment's second over the call's depth 6", []string{"PVSCOPE_TRACE_SEARCH", "2"}, func(tr *gotrace.Tracer) { tr.OnlyDepth(6) }, 5},
		{"the environment's depth 6 over the call's first", []string{"PVSCOPE_TRACE_DEPTH", "6"}, func(tr *gotrace.Tracer) { tr.OnlySearch(1) }, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noEnv(t)
			if tc.env != nil {
				t.Setenv(tc.env[0], tc.env[1])
			}
			path := filepath.Join(t.TempDir(), "t.jsonl")
			tr := gotrace.New(path)
			tc.setup(tr)
			for _, d := range []int{4, 5, 6, 5} {
				search(tr, d)
			}
			if got := depths(t, path); !slices.Equal(got, []int16{tc.want}) {
				t.Errorf("traced searches of depths %v, want [%d]", got, tc.want)
			}
		})
	}
}

// TestEnvironmentNamesTheFile: PVSCOPE_TRACE_FILE wins over New's path.
func TestEnvironmentNamesTheFile(t *testing.T) {
	noEnv(t)
	dir := t.TempDir()
	t.Setenv("PVSCOPE_TRACE_FILE", filepath.Join(dir, "env.jsonl"))
	search(gotrace.New(filepath.Join(dir, "code.jsonl")), 2)
	if names, _ := os.ReadDir(dir); len(names) != 1 || names[0].Name() != "env.jsonl" {
		t.Errorf("files %v, want env.jsonl alone", names)
	}
}

// TestUnknownBoundStopsTheTrace: a tt-hit whose bound is not one of the
// format's three (which pvscope refuses to read) stops the trace with an error
// naming it; what was written before reads, and holds no tt-hit.
func TestUnknownBoundStopsTheTrace(t *testing.T) {
	noEnv(t)
	path := filepath.Join(t.TempDir(), "t.jsonl")
	tr := gotrace.New(path)
	tr.SearchStart("", 1, "", 0, 0)
	tr.Enter(0, -100, 100, 1)
	tr.TTHit(0, "exactly", 3, 5, "")
	tr.Exit(0, 5)
	if err := tr.Err(); err == nil || !strings.Contains(err.Error(), `bound "exactly"`) {
		t.Errorf("Err() = %v, want the bound named", err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, events, err := tracer.ReadAll(f)
	if err != nil {
		t.Fatalf("what was written does not read: %v", err)
	}
	for _, e := range events {
		if e.Kind == tracer.TTHit {
			t.Errorf("the trace holds %+v", e)
		}
	}
}

// TestNumberTooLargeStopsTheTrace: a window beyond 32 bits (a Go int is 64)
// stops the trace with an error that names it; what was written reads.
func TestNumberTooLargeStopsTheTrace(t *testing.T) {
	noEnv(t)
	path := filepath.Join(t.TempDir(), "t.jsonl")
	tr := gotrace.New(path)
	tr.SearchStart("", 1, "", 0, 0)
	tr.Enter(0, -1<<40, 100, 1)
	tr.Exit(0, 3)
	if err := tr.Err(); err == nil || !strings.Contains(err.Error(), "alpha -1099511627776 does not fit in 32 bits") {
		t.Errorf("Err() = %v, want alpha named", err)
	}
	if tr.On() {
		t.Error("the trace goes on after a number it cannot hold")
	}
	if got := depths(t, path); !slices.Equal(got, []int16{1}) {
		t.Errorf("the file holds searches %v, want the one started", got)
	}
}

// BenchmarkNilTracerNode is what tracing off costs a node: its enter, a move
// announced and its exit on a nil *Tracer (inlined: a nil check each).
func BenchmarkNilTracerNode(b *testing.B) {
	var tr *gotrace.Tracer
	sum := 0
	for i := range b.N {
		tr.Enter(i&7, -100, 100, 3)
		tr.Move(i&7, "e2e4")
		sum += tr.Exit(i&7, i)
	}
	if sum == 1 {
		b.Log(sum)
	}
}
