package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/gotrace"
)

// Othello positions at and one move before the game's end, counted by hand
// (64 cells, rank 8 first, then the side to move): a game's end is written
// as the side to move's result, "win", "loss" or "draw", never chess's
// "mate" or "stalemate", and pvscope check reads the line's end in the same
// words with nothing to report.
func TestGameEndOthello(t *testing.T) {
	row := func(s string) string { return s }
	full := func(black int) string { return strings.Repeat("b", black) + strings.Repeat("w", 64-black) }
	// One empty square, a8: black's a8 flanks b8 (c8 is black), a7 and b7
	// are black, so a8 flips b8 alone and fills the board. Afterwards black
	// has row 8 (8), a7 b7 (2), g4 h4 (2) and ranks 1-3 (24): 36; white 28.
	// So white, to move on the full board, has lost.
	before := row(".wbbbbbb") + row("bbwwwwww") + row("wwwwwwww") + row("wwwwwwww") +
		row("wwwwwwbb") + row("bbbbbbbb") + row("bbbbbbbb") + row("bbbbbbbb")
	for _, c := range []struct {
		name, position string
		rootEnd        string // the root's end ("" when it searched a move)
		rootSign       int    // the sign of the root's score for the side to move
		child          string // the end of the one child ("" when none)
		reason         string // pvscope check's reason for the line's end
	}{
		{"black to move has 33 of 64: won", full(33) + " b", "win", 1, "", "win"},
		{"black to move has 31 of 64: lost", full(31) + " b", "loss", -1, "", "loss"},
		{"white to move, 32 each: drawn", full(32) + " w", "draw", 0, "", "draw"},
		{"white to move, one black disc, none white: lost", "b" + strings.Repeat(".", 63) + " w", "loss", -1, "", "loss"},
		{"black plays a8 and wins 36-28: white lost", before + " b", "", 1, "loss", "loss"},
	} {
		file := gameTrace(t, "--game", "othello", "--position", c.position, "--algo", "pvs", "--depth", "2")
		_, events, err := tracer.ReadAll(bytes.NewReader(file))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if bytes.Contains(file, []byte(`"end":"mate"`)) || bytes.Contains(file, []byte(`"end":"stalemate"`)) {
			t.Errorf("%s: the trace names a game's end in chess's words:\n%s", c.name, file)
		}
		var root, child *tracer.Event
		ply := map[int32]int{} // an exit names its node; its enter, the ply
		for i := range events {
			e := &events[i]
			if e.Kind == tracer.Enter {
				ply[e.Node] = int(e.Ply)
			}
			if e.Kind != tracer.Exit {
				continue
			}
			switch ply[e.Node] {
			case 0:
				root = e
			case 1:
				child = e
			}
		}
		if root == nil {
			t.Fatalf("%s: no root exit in\n%s", c.name, file)
		}
		if got := root.End.String(); got != c.rootEnd {
			t.Errorf("%s: the root ends %q, want %q", c.name, got, c.rootEnd)
		}
		if sign := (root.Score > 0) == (c.rootSign > 0) && (root.Score < 0) == (c.rootSign < 0); !sign {
			t.Errorf("%s: the root scores %d, want the sign of %d", c.name, root.Score, c.rootSign)
		}
		switch {
		case c.child == "" && child != nil:
			t.Errorf("%s: a child was searched below a finished game", c.name)
		case c.child != "" && (child == nil || child.End.String() != c.child):
			t.Errorf("%s: the child's exit %+v, want end %q", c.name, child, c.child)
		}
		rep, err := checkTrace(bytes.NewReader(file), 10)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if rep.ViolationCount+rep.WriterMistakeCount+rep.WarningCount != 0 {
			t.Errorf("%s: %d violations %v, %d writer mistakes %v, %d warnings %v", c.name,
				rep.ViolationCount, rep.Violations, rep.WriterMistakeCount, rep.WriterMistakes, rep.WarningCount, rep.Warnings)
		}
		if n := len(rep.Iterations); n == 0 || rep.Iterations[n-1].End == nil || rep.Iterations[n-1].End.Reason != c.reason {
			t.Errorf("%s: the last iteration %+v, want its line to end for %q", c.name, rep.Iterations, c.reason)
		} else if c.reason != "" && !strings.Contains(reasonSentence(c.reason), "game is over") {
			t.Errorf("%s: check words %q as %q", c.name, c.reason, reasonSentence(c.reason))
		}
	}
}

// The Go kit writes a game's end as an engine gives it: tic-tac-toe after a1
// b1 a2 b2, x's a3 completes the a-file, so o, to move, has lost ("loss",
// -(30000 - 1) one ply down). pvscope check reads it clean, and the depth-2
// line, one move long, ends for that reason.
func TestGameEndGoKit(t *testing.T) {
	for _, k := range []string{"PVSCOPE_TRACE_FILE", "PVSCOPE_TRACE_SEARCH", "PVSCOPE_TRACE_DEPTH"} {
		t.Setenv(k, "")
	}
	path := filepath.Join(t.TempDir(), "ttt.jsonl")
	tr := gotrace.New(path)
	tr.Game("tictactoe", "a1 b1 a2 b2")
	tr.SearchStart("", 2, "fail-soft", 30000, 32000)
	tr.IterationStart(2, -32000, 32000)
	tr.Enter(0, -32000, 32000, 2)
	tr.Move(0, "a3")
	tr.Enter(1, -32000, 32000, 1)
	v := -tr.ExitEnd(1, -(30000 - 1), "loss")
	tr.Exit(0, v)
	tr.PVMove("a3")
	tr.RootPV(2, v)
	tr.PVMove("a3")
	tr.IterationEnd(2, v)
	tr.PVMove("a3")
	tr.SearchEnd(2, v, "a3")
	if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(file, []byte(`"end":"loss"`)) {
		t.Fatalf("the kit's trace does not carry the loss:\n%s", file)
	}
	rep, err := checkTrace(bytes.NewReader(file), 10)
	if err != nil {
		t.Fatal(err)
	}
	if rep.ViolationCount+rep.WriterMistakeCount+rep.WarningCount != 0 {
		t.Errorf("%d violations %v, %d writer mistakes %v, %d warnings %v",
			rep.ViolationCount, rep.Violations, rep.WriterMistakeCount, rep.WriterMistakes, rep.WarningCount, rep.Warnings)
	}
	if n := len(rep.Iterations); n != 1 || rep.Iterations[0].End == nil || rep.Iterations[0].End.Reason != "loss" {
		t.Errorf("iterations %+v; want one, its line a3 ending for \"loss\"", rep.Iterations)
	}
}
