package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTraceKitGame: the three writers name a game other than chess in the
// header (PVSCOPE_GAME, search_start's game= and position=, Tracer.Game).
// game.c, game.py and testdata/game write one search of tic-tac-toe after b2
// a1: pvscope check finds it clean, scoring 5 by c3, its moves judged by the
// game: the same trace with a3 changed to a1, o's square, is the writer's
// mistake at that node. The C program also builds with tracing off.
func TestTraceKitGame(t *testing.T) {
	dir := t.TempDir()
	buildC(t, "tracer/c/testdata/game.c", filepath.Join(dir, "game-off"))
	cBin := filepath.Join(dir, "game")
	buildC(t, "tracer/c/testdata/game.c", cBin, "-DPVSCOPE_TRACE")
	for _, k := range []struct {
		name string
		cmd  []string
	}{
		{"C", []string{cBin}},
		{"Python", []string{requireTool(t, "python3"), "tracer/python/testdata/game.py"}},
		{"Go", []string{buildGo(t, dir, "testdata/game")}},
	} {
		trace := runTraced(t, k.cmd)
		h, _ := readKitTrace(t, trace)
		if h.Meta["game"] != "tictactoe" || h.Meta["position"] != "b2 a1" || h.Meta["fen"] != "" {
			t.Errorf("%s: meta %v, want game tictactoe, position b2 a1 and no fen", k.name, h.Meta)
		}
		rep := kitReport(t, k.name, trace)
		if rep.ViolationCount+rep.WriterMistakeCount+rep.WarningCount != 0 {
			t.Errorf("%s: violations %+v, writer mistakes %+v, warnings %+v; want none", k.name, rep.Violations, rep.WriterMistakes, rep.Warnings)
		}
		if len(rep.Iterations) != 1 || rep.Iterations[0].Score != 5 || !slices.Equal(rep.Iterations[0].PV, []string{"c3"}) {
			t.Errorf("%s: iterations %+v, want one scoring 5 with c3", k.name, rep.Iterations)
		}
		b, err := os.ReadFile(trace)
		if err != nil {
			t.Fatal(err)
		}
		taken := filepath.Join(t.TempDir(), "taken.jsonl")
		if err := os.WriteFile(taken, []byte(strings.Replace(string(b), `"move":"a3"`, `"move":"a1"`, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		rep = kitReport(t, k.name+" with a1", taken)
		if len(rep.WriterMistakes) != 1 || rep.WriterMistakes[0].Rule != "writer-move" || !strings.Contains(rep.WriterMistakes[0].Message, "a1") {
			t.Errorf("%s with a1: writer mistakes %+v, want writer-move naming a1", k.name, rep.WriterMistakes)
		}
	}
}
