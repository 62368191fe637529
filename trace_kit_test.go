package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// The adoption kit's tests: each language's example search, traced, checks clean
// and scores plain negamax's value; both languages write the same trace; strings
// are escaped; a move's own value is read by the checker. The game and the
// helpers are in trace_kit_game_test.go.

// TestTraceKit runs each example: its traces check clean (0 violations, 0
// warnings) and score plain negamax's value. C is compiled with tracing on and
// off: off, the same searches print the same lines, write no trace, and the
// binary holds nothing of the header's. Python and Go without a file named
// write nothing. And the three languages' traces are the same events.
func TestTraceKit(t *testing.T) {
	ks := kits(t)
	off := filepath.Join(t.TempDir(), "search-off")
	buildC(t, "tracer/c/example/search.c", off)
	for _, bin := range []struct {
		path string
		want bool
	}{{ks[0].example[0], true}, {off, false}} {
		b, err := os.ReadFile(bin.path)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{"pvscope-trace", "pvscope_enter", "PVSCOPE_TRACE_FILE"} {
			if bytes.Contains(b, []byte(s)) != bin.want {
				t.Errorf("%s holds %q: %v, want %v", filepath.Base(bin.path), s, !bin.want, bin.want)
			}
		}
	}
	for _, r := range kitRuns {
		t.Run(r.name, func(t *testing.T) {
			var traces [][]kitTraced
			for _, k := range ks {
				traced, out := runKit(t, k, k.example, r)
				for _, tr := range traced {
					checkKitTrace(t, tr.path, tr.seed, tr.line.depth)
				}
				traces = append(traces, traced)
				quiet := []string{off}
				if k.name != "C" {
					quiet = k.example
				}
				dir := t.TempDir()
				c := exec.Command(quiet[0], append(quiet[1:], kitArgs(r)...)...)
				c.Dir, c.Env = dir, kitEnvWithout("PVSCOPE_TRACE_FILE")
				if k.name == "Python" {
					c.Args[1], _ = filepath.Abs(quiet[1])
				}
				outOff, err := c.Output()
				if err != nil {
					t.Fatalf("%v: %v", c.Args, err)
				}
				if string(outOff) != out {
					t.Errorf("%s: tracing changed the search: traced\n%s\nnot\n%s", k.name, out, outOff)
				}
				if names, _ := os.ReadDir(dir); len(names) != 0 {
					t.Errorf("%s: not tracing, the search wrote %v", k.name, names)
				}
			}
			for j, k := range ks[1:] {
				for i := range min(len(traces[0]), len(traces[j+1])) {
					sameKitEvents(t, k.name, traces[0][i].path, traces[j+1][i].path)
				}
			}
		})
	}
}

// kitArgs are a run's arguments; with a seed only, that seed's searches of
// the many-seed run (the first seed's when none).
func kitArgs(r kitRun) []string {
	switch len(r.args) {
	case 0:
		return []string{"1", "6", "5", "4", "3"}
	case 1:
		return []string{r.args[0], "6", "5", "4", "3"}
	}
	return r.args
}

func kitEnvWithout(name string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if len(kv) < len(name)+1 || kv[:len(name)+1] != name+"=" {
			env = append(env, kv)
		}
	}
	return env
}

// sameKitEvents: the C trace of one search (a) and another kit's (b, in the
// language named) hold the same events, and the same header but for the writer's name.
func sameKitEvents(t *testing.T, name, a, b string) {
	t.Helper()
	ha, ea := readKitTrace(t, a)
	hb, eb := readKitTrace(t, b)
	delete(ha.Meta, "writer")
	delete(hb.Meta, "writer")
	if !reflect.DeepEqual(ha, hb) {
		t.Errorf("headers differ: C %+v, %s %+v", ha, name, hb)
	}
	if len(ea) != len(eb) {
		t.Fatalf("C wrote %d events, %s %d", len(ea), name, len(eb))
	}
	for i := range ea {
		if !reflect.DeepEqual(ea[i], eb[i]) {
			t.Fatalf("event %d: C %+v, %s %+v", i+1, ea[i], name, eb[i])
		}
	}
}

// TestTraceKitNewKinds: with -x each example traces its quiescence with
// stand-pat, each iteration's own line and search-end's move (the kinds and
// fields added for issue 27): the traces check clean, every node the search
// counted is in the trace, and search-end's move is the one printed.
func TestTraceKitNewKinds(t *testing.T) {
	for _, k := range kits(t) {
		for _, r := range kitRuns {
			t.Run(k.name+" "+r.name, func(t *testing.T) {
				traced, _ := runKit(t, k, append(append([]string{}, k.example...), "-x"), r)
				for _, tr := range traced {
					checkKitNewKinds(t, tr.path, tr.seed, tr.line)
				}
			})
		}
	}
}

func checkKitNewKinds(t *testing.T, trace string, seed uint64, l kitSearchLine) {
	t.Helper()
	rep := checkKitTrace(t, trace, seed, l.depth)
	if rep.Counts.Nodes != l.nodes {
		t.Errorf("the trace has %d nodes, the search counted %d", rep.Counts.Nodes, l.nodes)
	}
	_, events := readKitTrace(t, trace)
	standPats, lines := 0, 0
	for _, e := range events {
		switch {
		case e.Kind == tracer.StandPat:
			standPats++
		case e.Kind == tracer.IterationEnd && len(e.PV) == int(e.Depth):
			lines++
		case e.Kind == tracer.SearchEnd && e.Move != l.bestMove:
			t.Errorf("search-end's move %q, the search printed %q", e.Move, l.bestMove)
		}
	}
	if standPats == 0 || lines != l.depth {
		t.Errorf("%d stand-pats, %d iteration-ends with a whole line; want some and %d", standPats, lines, l.depth)
	}
}

// TestTraceKitEscapes: moves, whys and the FEN are JSON strings whatever bytes they hold.
func TestTraceKitEscapes(t *testing.T) {
	// The string escape.c, escape.py and escape/main.go write, as C, Python and Go spell it.
	want := "q\"u\\o\nt\te\x01\x1f é"
	for _, k := range kits(t) {
		h, events := readKitTrace(t, runTraced(t, k.escape))
		if h.Meta["fen"] != want {
			t.Errorf("%s: meta fen %q, want %q", k.name, h.Meta["fen"], want)
		}
		var moves, whys []string
		for _, e := range events {
			if e.Kind == tracer.Enter && e.Parent != 0 {
				moves = append(moves, e.Move)
			}
			if e.Kind == tracer.Prune {
				moves, whys = append(moves, e.Move), append(whys, e.Why)
			}
		}
		if len(moves) != 2 || moves[0] != want || moves[1] != want || len(whys) != 1 || whys[0] != want {
			t.Errorf("%s: moves %q, whys %q; want %q twice and once", k.name, moves, whys, want)
		}
	}
}

// TestTraceKitMoveValue: a root that caps a move's value says so with
// move-value and checks clean; without it, best-score names the root. Move a's
// enter says it was extended a ply for check.
func TestTraceKitMoveValue(t *testing.T) {
	for _, k := range kits(t) {
		for _, tc := range []struct {
			args []string
			rule string
		}{{nil, ""}, {[]string{"-n"}, "best-score"}} {
			trace := runTraced(t, k.kinds, tc.args...)
			rep := kitReport(t, fmt.Sprintf("%s %v", k.name, tc.args), trace)
			switch {
			case tc.rule == "" && (rep.ViolationCount != 0 || rep.WarningCount != 0):
				t.Errorf("%s with move-value: violations %+v, warnings %+v; want none", k.name, rep.Violations, rep.Warnings)
			case tc.rule != "" && (rep.ViolationCount != 1 || rep.Violations[0].Rule != tc.rule || rep.Violations[0].Node != 1):
				t.Errorf("%s without move-value: violations %+v; want one, %s at node 1", k.name, rep.Violations, tc.rule)
			}
			if len(rep.Iterations) != 1 || rep.Iterations[0].Score != 20 {
				t.Errorf("%s: iterations %+v, want one scoring the cap, 20", k.name, rep.Iterations)
			}
			_, events := readKitTrace(t, trace)
			if e := events[2]; e.Kind != tracer.Enter || e.Move != "a" || e.Extended != 1 || e.Why != "check" {
				t.Errorf("%s: event 3 %+v, want the enter of a, extended 1 for check", k.name, e)
			}
		}
	}
}

// TestTraceFormatKitLines counts the lines the adoption kit's C example and
// Go example (docs/trace-kit.md) add for the trace (those that say PVSCOPE or
// include the header; those that call the tracer or import gotrace) and the
// returns they wrap, and holds each document's sentence to them: at most 30 in all.
func TestTraceFormatKitLines(t *testing.T) {
	readme, err := os.ReadFile("docs/trace-kit.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	for _, k := range []struct {
		lang, after, sentence string
		marks                 []string
		wrap                  string
	}{
		{"c", "**The adoption kit**", "The fail-hard PVS below", []string{"PVSCOPE", "pvscope_trace.h"}, "return PVSCOPE_EXIT"},
		{"go", "**The Go kit**", "The Go one below is", []string{"e.tr.", "gotrace"}, "return e.tr.Exit"},
	} {
		kitAt := strings.Index(text, k.after)
		if kitAt < 0 {
			t.Fatalf("docs/trace-kit.md has no paragraph %q", k.after)
		}
		block := regexp.MustCompile("(?s)```" + k.lang + "\n(.*?)```").FindStringSubmatch(text[kitAt:])
		if block == nil {
			t.Fatalf("no %s example after %q", k.lang, k.after)
		}
		lines, wrapped := 0, 0
		for l := range strings.Lines(block[1]) {
			for _, m := range k.marks {
				if strings.Contains(l, m) {
					lines++
					break
				}
			}
			if strings.Contains(l, k.wrap) {
				wrapped++
			}
		}
		if lines > 30 {
			t.Errorf("the %s example takes %d lines to instrument, more than 30", k.lang, lines)
		}
		said := regexp.MustCompile(regexp.QuoteMeta(k.sentence) + "(?s:.*?)instrumented in (\\d+) lines: (\\d+) added, (\\d+) `return`s wrapped").FindStringSubmatch(text[kitAt:])
		if said == nil || said[1] != strconv.Itoa(lines) || said[2] != strconv.Itoa(lines-wrapped) || said[3] != strconv.Itoa(wrapped) {
			t.Errorf("docs/trace-kit.md says %q of the %s example; it has %d lines for the trace, %d added and %d returns wrapped", said, k.lang, lines, lines-wrapped, wrapped)
		}
	}
}
