package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// TestTraceKitPovAndMateBand: both writers set meta.pov and meta.mateBand
// (PVSCOPE_POV, PVSCOPE_MATE_BAND; search_start's pov=, mate_band=). pov.c and
// pov.py write, from White's view with Black to move, the search worked out in
// tracer/derive_pov_test.go: e8d8 e1d1 scores 30 for Black (-30 written), e8f8
// e1f1 20 (a probe that fails low); its root-pv, iteration-end and
// search-end say -30. pvscope check finds it clean and the iteration scoring
// 30 with that line, as the root's exit does. Python's root window is float("inf"),
// written as the trace's infinity, 32000 (mate 1000: max(32000, 1001)). The
// C program also builds with tracing off.
func TestTraceKitPovAndMateBand(t *testing.T) {
	buildC(t, "tracer/c/testdata/pov.c", filepath.Join(t.TempDir(), "pov-off"))
	for _, k := range kits(t) {
		trace := runTraced(t, k.pov)
		h, events := readKitTrace(t, trace)
		if h.Meta["pov"] != "white" || h.Meta["mateBand"] != "10" || h.Meta["mate"] != "1000" {
			t.Errorf("%s: meta %v, want pov white, mateBand 10, mate 1000", k.name, h.Meta)
		}
		if i := slices.IndexFunc(events, func(e tracer.Event) bool { return e.Kind == tracer.Enter }); i < 0 || events[i].Alpha != -32000 || events[i].Beta != 32000 {
			t.Errorf("%s: the root's enter is not (-32000, 32000): %+v", k.name, events)
		}
		rep := kitReport(t, k.name, trace)
		if rep.ViolationCount != 0 || rep.WarningCount != 0 {
			t.Errorf("%s: violations %+v, warnings %+v; want none", k.name, rep.Violations, rep.Warnings)
		}
		if len(rep.Iterations) != 1 || rep.Iterations[0].Score != 30 || !slices.Equal(rep.Iterations[0].PV, []string{"e8d8", "e1d1"}) {
			t.Errorf("%s: iterations %+v, want one scoring 30 for Black with e8d8 e1d1", k.name, rep.Iterations)
		}
	}
}

// TestTraceKitPythonRefusesFractions: a number the trace format cannot hold
// (a fraction, a float even when whole, NaN, an infinite depth, a bool, an
// int beyond 32 bits, a fractional mate) raises ValueError naming the call
// and the field, and writes nothing: the trace stays readable.
func TestTraceKitPythonRefusesFractions(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	c := exec.Command(requireTool(t, "python3"), "tracer/python/testdata/floats.py")
	c.Env = append(os.Environ(), "PVSCOPE_TRACE_FILE="+trace)
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("floats.py: %v\n%s", err, out)
	}
	const integers = " is not a whole number (the trace format's numbers are integers)"
	want := []string{
		"pvscope_trace: exit: score 0.5" + integers,
		"pvscope_trace: exit: score 3.0" + integers,
		"pvscope_trace: exit: score nan" + integers,
		"pvscope_trace: enter: depth 1.5" + integers,
		"pvscope_trace: enter: depth inf" + integers,
		"pvscope_trace: iteration-start: beta True" + integers,
		"pvscope_trace: exit: score 2147483648 does not fit in 32 bits",
		"pvscope_trace: search_start: mate 30000.5" + integers,
		"no error", // mate as a string of digits, as the format reads it
	}
	if got := strings.Split(strings.TrimSpace(string(out)), "\n"); !slices.Equal(got, want) {
		t.Errorf("floats.py says\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := os.Stat(trace + ".2"); err == nil {
		t.Error("a refused search_start left a file (trace.jsonl.2) with no header")
	}
	_, events := readKitTrace(t, trace)
	var kinds []string
	for _, e := range events {
		kinds = append(kinds, e.Kind.String())
	}
	// The refused enters took no node id: the child written after them is node 2.
	if !slices.Equal(kinds, []string{"search-start", "enter", "enter", "exit", "exit", "search-end"}) ||
		events[2].Node != 2 || events[2].Parent != 1 || events[4].Score != 7 {
		t.Errorf("events %+v, want search-start, enter 1, enter 2 (parent 1), its exit, the root's exit scoring 7, search-end", events)
	}
}

// TestTraceKitPointsToTheFormat: the three writers name the format's document,
// which exists (the README no longer holds the format).
func TestTraceKitPointsToTheFormat(t *testing.T) {
	if _, err := os.Stat("docs/trace-format.md"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"tracer/c/pvscope_trace.h", "tracer/python/pvscope_trace.py", "tracer/gotrace/gotrace.go"} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if s := string(b); !strings.Contains(s, "The format: pvscope's docs/trace-format.md.") || strings.Contains(s, "README") {
			t.Errorf("%s does not point to docs/trace-format.md alone for the format", p)
		}
	}
}
