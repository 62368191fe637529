package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// The adoption kit (tracer/c/pvscope_trace.h, tracer/python/pvscope_trace.py) is
// tested by the example searches beside it: each is run, its trace checked by
// the code `pvscope check` runs, and its root value compared with a plain
// negamax of the same synthetic game computed here (kitNegamax).

// kitGame is the synthetic game of tracer/c/example/search.c and
// tracer/python/example.py, from their description: a node is a hash of its
// path; below ply kitPlies it has 3-5 moves; move i leads to mix(h +
// golden*(i+1)) and gains its mover (c>>16) % (2W+1) - W points; a third of
// the moves are captures. The null move is the searches' own business: it is
// not part of the game, so it is not here.
const kitPlies = 8

var kitW = [kitPlies + 1]int{0, 200, 60, 30, 16, 8, 4, 2, 1}

func kitMix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func kitChild(h uint64, i int) uint64 { return kitMix(h + 0x9e3779b97f4a7c15*uint64(i+1)) }

func kitMoves(h uint64, ply int) int {
	if ply >= kitPlies {
		return 0
	}
	return 3 + int(h%3)
}

func kitChildEval(c uint64, eval, ply int) int {
	w := kitW[ply+1]
	return -(eval + int((c>>16)%uint64(2*w+1)) - w)
}

// kitQuiesce: the side to move stands on its evaluation or takes a capture.
func kitQuiesce(h uint64, eval, ply int) int {
	best := eval
	for i := range kitMoves(h, ply) {
		c := kitChild(h, i)
		if (c>>8)%3 == 0 {
			best = max(best, -kitQuiesce(c, kitChildEval(c, eval, ply), ply+1))
		}
	}
	return best
}

// kitNegamax is the value of a depth-limited search with quiescence at the horizon.
func kitNegamax(h uint64, eval, ply, depth int) int {
	n := kitMoves(h, ply)
	if depth <= 0 {
		return kitQuiesce(h, eval, ply)
	}
	if n == 0 {
		return eval
	}
	best := -1 << 30
	for i := range n {
		c := kitChild(h, i)
		best = max(best, -kitNegamax(c, kitChildEval(c, eval, ply), ply+1, depth-1))
	}
	return best
}

func kitValue(seed uint64, depth int) int { return kitNegamax(kitMix(seed), 0, 0, depth) }

// The game's hash is splitmix64's finalizer: its first output from state 0,
// mix(0x9e3779b97f4a7c15), is 0xe220a8397b1dcdaf (Vigna's splitmix64.c, the
// test vector the xoshiro seeding code is checked with).
func TestKitMixIsSplitmix64(t *testing.T) {
	if got := kitMix(0x9e3779b97f4a7c15); got != 0xe220a8397b1dcdaf {
		t.Fatalf("mix(golden) = %#x, want 0xe220a8397b1dcdaf", got)
	}
}

// kitSearchLine is one line of an example's output: "depth D score S bestmove M nodes N pv ...".
type kitSearchLine struct {
	depth, score int
	bestMove     string
	nodes        int64
}

func parseKitOutput(t *testing.T, out string) []kitSearchLine {
	t.Helper()
	var lines []kitSearchLine
	for l := range strings.Lines(strings.TrimSpace(out)) {
		f := strings.Fields(l)
		if len(f) < 8 || f[0] != "depth" || f[2] != "score" || f[6] != "nodes" {
			t.Fatalf("output line %q: want depth D score S bestmove M nodes N pv ...", l)
		}
		d, _ := strconv.Atoi(f[1])
		s, _ := strconv.Atoi(f[3])
		n, _ := strconv.ParseInt(f[7], 10, 64)
		lines = append(lines, kitSearchLine{d, s, f[5], n})
	}
	return lines
}

// kitRun is one run of an example: its arguments, the environment that picks
// the search to trace, and which of its searches that is (0 first).
type kitRun struct {
	name   string
	args   []string
	env    []string
	traced int
}

var kitRuns = []kitRun{
	{"many seeds, depths 6-3, each process tracing its first", nil, nil, 0},
	{"seed 1 depth 6", []string{"1", "6"}, nil, 0},
	{"seed 2 depth 5", []string{"2", "5"}, nil, 0},
	{"seed 5 depth 6", []string{"5", "6"}, nil, 0},
	{"seed 3, the second search", []string{"3", "4", "6", "5"}, []string{"PVSCOPE_TRACE_SEARCH=2"}, 1},
	{"seed 4, the first of depth 5", []string{"4", "3", "5", "5"}, []string{"PVSCOPE_TRACE_DEPTH=5"}, 1},
}

// kitTraced is one traced search: its trace file, its seed and what it printed.
type kitTraced struct {
	path string
	seed uint64
	line kitSearchLine
}

// runKit runs an example command with the trace going to a new file, checks
// every search's score against kitNegamax, and returns the traced searches and
// the output (the first process's, in the many-seed run).
func runKit(t *testing.T, k kit, cmd []string, r kitRun) ([]kitTraced, string) {
	t.Helper()
	if r.args == nil { // many seeds, one process each, so that each search's score is checked
		var all []kitTraced
		var first string
		for seed := 1; seed <= k.seeds; seed++ {
			traced, out := runKit(t, k, cmd, kitRun{args: kitArgs(kitRun{args: []string{strconv.Itoa(seed)}})})
			if seed == 1 {
				first = out
			}
			all = append(all, traced...)
		}
		return all, first
	}
	seed, _ := strconv.ParseUint(r.args[0], 10, 64)
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	c := exec.Command(cmd[0], append(cmd[1:], r.args...)...)
	c.Env = append(append(os.Environ(), "PVSCOPE_TRACE_FILE="+trace), r.env...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		t.Fatalf("%v: %v\n%s", c.Args, err, stderr.String())
	}
	lines := parseKitOutput(t, string(out))
	if len(lines) != len(r.args)-1 {
		t.Fatalf("%d searches printed, want %d:\n%s", len(lines), len(r.args)-1, out)
	}
	for _, l := range lines {
		if want := kitValue(seed, l.depth); l.score != want {
			t.Errorf("seed %d depth %d: the search scores %d, plain negamax %d", seed, l.depth, l.score, want)
		}
	}
	return []kitTraced{{trace, seed, lines[r.traced]}}, string(out)
}

// checkKitTrace checks a trace as `pvscope check` does: 0 violations and 0
// warnings, and its search-end (the traced search's) scores plain negamax's value.
func checkKitTrace(t *testing.T, path string, seed uint64, depth int) *checkReport {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no trace: %v", err)
	}
	defer f.Close()
	rep, err := checkTrace(f, 20)
	if err != nil {
		t.Fatalf("the trace cannot be read: %v", err)
	}
	if rep.ViolationCount != 0 || rep.WarningCount != 0 {
		t.Errorf("%d violations %+v, %d warnings %+v; want none", rep.ViolationCount, rep.Violations, rep.WarningCount, rep.Warnings)
	}
	if len(rep.Iterations) != depth {
		t.Errorf("%d iterations, want %d: the traced search is the one of depth %d", len(rep.Iterations), depth, depth)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	_, events, err := tracer.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	var ends []tracer.Event
	for _, e := range events {
		if e.Kind == tracer.SearchEnd {
			ends = append(ends, e)
		}
	}
	if len(ends) != 1 {
		t.Fatalf("%d search-ends, want 1: one search traced", len(ends))
	}
	if want := kitValue(seed, depth); int(ends[0].Score) != want || int(ends[0].Depth) != depth {
		t.Errorf("search-end depth %d score %d, want depth %d and plain negamax's %d", ends[0].Depth, ends[0].Score, depth, want)
	}
	return rep
}

func requireTool(t *testing.T, name string) string {
	t.Helper()
	path, err := lookTool(name)
	if err != nil {
		t.Fatalf("%s is needed to test the adoption kit (.ci/run installs it): %v", name, err)
	}
	return path
}

// kit is one language's adoption kit: the commands that run its example
// search and its small trace writers (testdata/escape, kinds and pov).
type kit struct {
	name                        string
	example, escape, kinds, pov []string
	seeds                       int // how many the many-seed run searches (Python's are slower)
}

// kits builds the C programs with tracing on, finds python3 and builds the Go
// kit's programs (tracer/gotrace): all are needed (CI installs them), none is skipped.
func kits(t *testing.T) []kit {
	t.Helper()
	dir := t.TempDir()
	c := kit{name: "C", seeds: 40}
	for _, p := range []struct {
		src string
		cmd *[]string
	}{{"tracer/c/example/search.c", &c.example}, {"tracer/c/testdata/escape.c", &c.escape}, {"tracer/c/testdata/kinds.c", &c.kinds}, {"tracer/c/testdata/pov.c", &c.pov}} {
		bin := filepath.Join(dir, strings.TrimSuffix(filepath.Base(p.src), ".c"))
		buildC(t, p.src, bin, "-DPVSCOPE_TRACE")
		*p.cmd = []string{bin}
	}
	py := requireTool(t, "python3")
	return []kit{c, {
		name:    "Python",
		seeds:   8,
		example: []string{py, "tracer/python/example.py"},
		escape:  []string{py, "tracer/python/testdata/escape.py"},
		kinds:   []string{py, "tracer/python/testdata/kinds.py"},
		pov:     []string{py, "tracer/python/testdata/pov.py"},
	}, goKit(t, dir)}
}

// goKit builds the Go kit's example and small trace writers into dir.
func goKit(t *testing.T, dir string) kit {
	t.Helper()
	g := kit{name: "Go", seeds: 40}
	for _, p := range []struct {
		pkg string
		cmd *[]string
	}{{"example", &g.example}, {"testdata/escape", &g.escape}, {"testdata/kinds", &g.kinds}, {"testdata/pov", &g.pov}} {
		*p.cmd = []string{buildGo(t, dir, p.pkg)}
	}
	return g
}

// buildGo builds ./tracer/gotrace/pkg into dir and returns the binary's path.
func buildGo(t *testing.T, dir, pkg string) string {
	t.Helper()
	bin := filepath.Join(dir, "go-"+strings.ReplaceAll(pkg, "/", "-"))
	if msg, err := exec.Command(requireTool(t, "go"), "build", "-o", bin, "./tracer/gotrace/"+pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build ./tracer/gotrace/%s: %v\n%s", pkg, err, msg)
	}
	return bin
}

// runTraced runs cmd with its trace going to a new file and returns the file's path.
func runTraced(t *testing.T, cmd []string, args ...string) string {
	t.Helper()
	trace := filepath.Join(t.TempDir(), "trace.jsonl")
	c := exec.Command(cmd[0], append(cmd[1:], args...)...)
	c.Env = append(os.Environ(), "PVSCOPE_TRACE_FILE="+trace)
	if msg, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", c.Args, err, msg)
	}
	return trace
}

func readKitTrace(t *testing.T, path string) (tracer.Header, []tracer.Event) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, events, err := tracer.ReadAll(f)
	if err != nil {
		t.Fatalf("the trace cannot be read: %v", err)
	}
	return h, events
}

// kitReport is what pvscope check reports on the trace at path; what names
// the run in a failure.
func kitReport(t *testing.T, what, path string) *checkReport {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := checkTrace(f, 20)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return rep
}

// gccFlags are the strictest an engine might build with: the header must pass them.
var gccFlags = []string{"-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2", "-Itracer/c"}

func buildC(t *testing.T, src, out string, extra ...string) {
	t.Helper()
	args := append(append(append([]string{}, gccFlags...), extra...), "-o", out, src)
	if msg, err := exec.Command(requireTool(t, "gcc"), args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
}
