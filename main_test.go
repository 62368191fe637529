package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// TestMain lets a test run the real main in a child process: the child is
// this test binary with PVSCOPE_RUN_MAIN set, and its arguments after "--".
func TestMain(m *testing.M) {
	if os.Getenv("PVSCOPE_RUN_MAIN") == "1" {
		for i, a := range os.Args {
			if a == "--" {
				os.Args = append([]string{"pvscope"}, os.Args[i+1:]...)
				break
			}
		}
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// run executes pvscope with args and returns its output and exit code.
func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "PVSCOPE_RUN_MAIN=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestSearchJSON(t *testing.T) {
	out, stderr, code := run(t, "search", "--json", "--tree", "((3 12 8) (2 4 6) (14 5 2))", "--algo", "pvs")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	for _, field := range []string{"score", "bestMove", "pv", "depth", "nodes", "leaves", "events", "elapsedMs"} {
		if _, ok := got[field]; !ok {
			t.Errorf("field %q missing from %s", field, out)
		}
	}
	if _, ok := got["mate"]; ok {
		t.Errorf("mate present without a mate score: %s", out)
	}
	// Russell & Norvig: value 3 by the first move, 7 of 9 leaves read.
	if got["score"] != 3.0 || got["bestMove"] != "0" || got["leaves"] != 7.0 || got["depth"] != 2.0 {
		t.Errorf("got %s", out)
	}
	if pv, _ := json.Marshal(got["pv"]); string(pv) != `["0","0"]` {
		t.Errorf("pv %s, want [\"0\",\"0\"]", pv)
	}
	events := got["events"].(map[string]any)
	if events["enter"] != got["nodes"] || events["enter"] != events["exit"] {
		t.Errorf("events %v: enter should equal exit and nodes %v", events, got["nodes"])
	}
}

func TestSearchJSONMate(t *testing.T) {
	// WAC.001: mate in 2 by Qg6.
	out, stderr, code := run(t, "search", "--json", "--depth", "3",
		"--fen", "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Mate     int
		BestMove string
		PV       []string
	} // WAC.001's published answer
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Mate != 2 || got.BestMove != "g3g6" || len(got.PV) != 3 {
		t.Errorf("got %s, want mate 2 by g3g6 with a 3-move PV", out)
	}
}

// TestSearchJSONMated: a checkmated root reports mate 0, UCI style.
func TestSearchJSONMated(t *testing.T) {
	out, stderr, code := run(t, "search", "--json", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if mate, ok := got["mate"]; !ok || mate != 0.0 || got["bestMove"] != "" {
		t.Errorf("got %s, want mate 0 and no best move", out)
	}
}

func TestTraceFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t.jsonl")
	if _, stderr, code := run(t, "trace", "-o", file, "--random", "b=3,d=3,seed=7,order=best", "--algo", "alphabeta"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, events, err := tracer.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if h.Meta["random"] != "b=3,d=3,seed=7,order=best" || h.Meta["algo"] != "alphabeta" {
		t.Errorf("header meta %v", h.Meta)
	}
	if err := tracer.Check(events); err != nil {
		t.Fatal(err)
	}
	leaves := 0
	for _, e := range events {
		if e.Kind == tracer.Exit && e.End == tracer.Leaf {
			leaves++
		}
	}
	if leaves != 11 { // 3^2 + 3^1 - 1, the minimal tree
		t.Errorf("%d leaves in the trace, want 11", leaves)
	}
}

func TestTraceHeaderNamesThePosition(t *testing.T) {
	out, stderr, code := run(t, "trace", "--depth", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	h, events, err := tracer.ReadAll(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if h.Meta["fen"] != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" || h.Meta["depth"] != "1" {
		t.Errorf("header meta %v: want the start position and depth 1", h.Meta)
	}
	if err := tracer.Check(events); err != nil {
		t.Fatal(err)
	}
}

func TestPerft(t *testing.T) {
	out, stderr, code := run(t, "perft", "--depth", "3")
	if code != 0 || strings.TrimSpace(out) != "8902" {
		t.Errorf("perft 3 of the start position: %q (exit %d, %s), want 8902", out, code, stderr)
	}
}

// TestBadInputExits: each bad input exits non-zero with one line saying what is wrong.
func TestBadInputExits(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"}, "bad FEN"},
		{[]string{"search", "--tree", "((3 12 8) (2 4"}, "bad tree at offset 14"},
		{[]string{"search", "--random", "b=3"}, "give the branching b and depth d"},
		{[]string{"search", "--algo", "negamax"}, `unknown algorithm "negamax"`},
		{[]string{"search", "--depth", "100"}, "depth 100 is out of range"},
		{[]string{"search", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--tree", "(1 2)"}, "not several"},
		{[]string{"search", "stray"}, `unexpected argument "stray"`},
		{[]string{"trace", "--tt-replace", "never"}, "unknown replacement scheme"},
		{[]string{"perft", "--depth", "0"}, "depth 0 is out of range"},
		{[]string{"perft"}, "the --depth flag is missing"},
		{[]string{"help", "frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"search", "--bogus"}, "flag provided but not defined: -bogus (pvscope search -h lists the flags)"},
	} {
		out, stderr, code := run(t, c.args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code == 0 || len(lines) != 1 || !strings.Contains(stderr, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want non-zero and one line mentioning %q", c.args, code, stderr, out, c.want)
		}
	}
}

// --help, -h and help list every subcommand and say how to get a command's
// flags; help CMD prints that command's flags, as go and git do.
func TestHelpListsTheCommands(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		out, stderr, code := run(t, args...)
		if code != 0 || stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
		for _, want := range []string{"serve", "search", "trace", "perft", "pvscope help COMMAND"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: output does not mention %q:\n%s", args, want, out)
			}
		}
	}
	out, _, code := run(t, "help", "perft")
	if code != 0 || !strings.Contains(out, "-depth") || !strings.Contains(out, "-fen") {
		t.Errorf("help perft: exit %d, want its flags:\n%s", code, out)
	}
	out, _, code = run(t, "serve", "-h")
	if code != 0 || !strings.Contains(out, "-addr") {
		t.Errorf("serve -h: exit %d, want serve's flags:\n%s", code, out)
	}
}
