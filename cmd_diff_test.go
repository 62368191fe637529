package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// traceFile writes pvscope's trace of the given search flags to a file.
func traceFile(t *testing.T, args ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if _, stderr, code := run(t, append([]string{"trace", "-o", path}, args...)...); code != 0 {
		t.Fatalf("trace %v: exit %d: %s", args, code, stderr)
	}
	return path
}

func TestDiffCommandExitCodes(t *testing.T) {
	a := traceFile(t, "--depth", "3")
	b := traceFile(t, "--depth", "3", "--order-killers=false")
	if out, stderr, code := run(t, "diff", a, a); code != 0 || !strings.Contains(out, "the same search, node for node") {
		t.Fatalf("a trace against itself: exit %d\n%s%s", code, out, stderr)
	}
	out, stderr, code := run(t, "diff", a, b, "--json", "--max", "2")
	if code != 1 {
		t.Fatalf("killers on and off: exit %d, want 1\n%s", code, stderr)
	}
	var rep struct {
		A, B            string
		Same            bool
		FirstDivergence *struct {
			Path, SAN    []string
			SeqA, SeqB   int64
			LineA, LineB int
			What         []string
			A, B         map[string]any
		}
		Iterations []struct {
			Depth  int
			A, B   map[string]any
			PVPart any
		}
		OnlyA, OnlyB, Changed []any
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	v := rep.FirstDivergence
	if rep.Same || v == nil || len(v.SAN) != len(v.Path) || v.LineA == 0 || v.SeqB == 0 || len(v.What) == 0 || v.A["path"] == nil {
		t.Fatalf("--json: %s", out)
	}
	if len(rep.Iterations) != 3 || rep.Iterations[2].A["nodes"] == nil || len(rep.OnlyA) > 2 || len(rep.Changed) > 2 {
		t.Fatalf("--json iterations or lists: %s", out)
	}

	// Two positions: exit 2 with a sentence naming both files.
	c := traceFile(t, "--depth", "2", "--fen", "8/8/8/8/8/4k3/8/4K2R w K - 0 1")
	_, stderr, code = run(t, "diff", a, c)
	if code != 2 || !strings.Contains(stderr, "different positions") && !strings.Contains(stderr, "one position") || !strings.Contains(stderr, c) {
		t.Fatalf("two positions: exit %d: %s", code, stderr)
	}
	// A file that is not a trace: exit 2, naming it.
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("hello\n"), 0o644)
	if _, stderr, code = run(t, "diff", a, bad); code != 2 || !strings.Contains(stderr, bad) {
		t.Fatalf("not a trace: exit %d: %s", code, stderr)
	}
	if _, stderr, code = run(t, "diff", a); code != 2 || !strings.Contains(stderr, "two trace files") {
		t.Fatalf("one file: exit %d: %s", code, stderr)
	}
}

// TestDiffCommandRunsTheEngine: --fen with --a and --b gives what two trace
// files of the same searches give.
func TestDiffCommandRunsTheEngine(t *testing.T) {
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	a := traceFile(t, "--fen", fen, "--depth", "3")
	b := traceFile(t, "--fen", fen, "--depth", "3", "--order-killers=false", "--tt-size=1024")
	files, _, codeFiles := run(t, "diff", a, b, "--json")
	runs, stderr, codeRuns := run(t, "diff", "--fen", fen, "--depth", "3", "--a", "", "--b", "order-killers=false, tt-size=1024", "--json")
	if codeFiles != 1 || codeRuns != 1 {
		t.Fatalf("exit %d from files, %d from runs: %s", codeFiles, codeRuns, stderr)
	}
	var x, y map[string]any
	json.Unmarshal([]byte(files), &x)
	json.Unmarshal([]byte(runs), &y)
	fx, _ := json.Marshal(x["firstDivergence"])
	fy, _ := json.Marshal(y["firstDivergence"])
	if string(fx) != string(fy) || string(fx) == "null" {
		t.Fatalf("first divergence from files:\n%s\nfrom runs:\n%s", fx, fy)
	}
	if _, stderr, code := run(t, "diff", "--fen", fen, "--depth", "2", "--a", "killers"); code != 2 || !strings.Contains(stderr, "name=value") {
		t.Fatalf("a bad option list: exit %d: %s", code, stderr)
	}
	if out, _, code := run(t, "help", "diff"); code != 0 || !strings.Contains(out, "-max") || !strings.Contains(out, "-fen") {
		t.Fatalf("help diff: exit %d\n%s", code, out)
	}
}

// TestSANLine: the hook that names a diff's paths in SAN. From the null move
// on, the moves stay in UCI (the board after a pass is not searched here).
func TestSANLine(t *testing.T) {
	h := tracer.Header{Meta: map[string]string{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}
	got := sanLine(h, []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "0000", "c8g4"})
	want := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "0000", "c8g4"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("SAN %v, want %v", got, want)
	}
	if sanLine(tracer.Header{}, []string{"e2e4"}) != nil {
		t.Fatal("no FEN: want no SAN")
	}
}
