package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer"
)

// TestPerftGameTicTacToe: perft --game tictactoe to depth 9 prints, depth by
// depth, Henry Bottomley's published counts (engine/testdata/games/tictactoe.md).
func TestPerftGameTicTacToe(t *testing.T) {
	src, err := os.ReadFile("engine/testdata/games/tictactoe.md")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, m := range regexp.MustCompile(`(?m)^\| ([1-9]) \| ([0-9,]+) \|$`).FindAllStringSubmatch(string(src), -1) {
		fmt.Fprintf(&want, "%s %s\n", m[1], strings.ReplaceAll(m[2], ",", ""))
	}
	if strings.Count(want.String(), "\n") != 9 {
		t.Fatalf("the published table has not 9 plies:\n%s", want.String())
	}
	out, stderr, code := run(t, "perft", "--game", "tictactoe", "--depth", "9")
	if code != 0 || out != want.String() {
		t.Errorf("perft --game tictactoe --depth 9: exit %d, %s\n%s\nwant\n%s", code, stderr, out, want.String())
	}
}

// TestSearchGameNotation: a search of a game prints its value and its PV in
// the game's notation. Worked by hand: x (a3, b3) to move against o (a2, b2)
// wins at once on c3, which is mate in 1 in the engine's terms.
func TestSearchGameNotation(t *testing.T) {
	out, stderr, code := run(t, "search", "--json", "--game", "tictactoe", "--position", "xx./oo./...")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Mate     *int
		BestMove string
		PV       []string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Mate == nil || *got.Mate != 1 || got.BestMove != "c3" || strings.Join(got.PV, " ") != "c3" {
		t.Errorf("got %s, want mate 1 by c3", out)
	}
	// The text output names the same moves; the whole empty board is a draw.
	out, stderr, code = run(t, "search", "--game", "tictactoe", "--depth", "9")
	if code != 0 || !strings.Contains(out, "depth 9: score 0, best ") || !regexp.MustCompile(`pv( [a-c][1-3]){9}\n`).MatchString(out) {
		t.Errorf("search of the empty board: exit %d, %s%s; want score 0 and a pv of nine squares", code, out, stderr)
	}
}

// TestGameBadInput: a bad game or position is the game's sentence and exit 2.
func TestGameBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--game", "chequers"}, `unknown game "chequers": the games are`},
		{[]string{"trace", "--game", "chequers"}, `unknown game "chequers"`},
		{[]string{"perft", "--game", "chequers", "--depth", "1"}, `unknown game "chequers"`},
		{[]string{"search", "--game", "tictactoe", "--position", "b2 b2"}, "bad tic-tac-toe position: move 2, b2, is on a square already taken"},
		{[]string{"perft", "--game", "tictactoe", "--position", "z9", "--depth", "1"}, `bad tic-tac-toe position: move 1, "z9"`},
		{[]string{"search", "--position", "b2"}, `a position "b2" needs a game`},
		{[]string{"perft", "--position", "b2", "--depth", "1"}, "--position is a game's position"},
		{[]string{"perft", "--game", "tictactoe", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"}, "--fen is chess's"},
		{[]string{"perft", "--game", "tictactoe", "--depth", "10"}, "depth 10 is out of range: choose 1 to 9"},
		{[]string{"search", "--game", "tictactoe", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "not several"},
	} {
		out, stderr, code := run(t, c.args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code != 2 || len(lines) != 1 || !strings.Contains(stderr, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and one line mentioning %q", c.args, code, stderr, out, c.want)
		}
	}
}

// gameTrace writes pvscope trace's trace of a game search in process.
func gameTrace(t *testing.T, args ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := trace(args, &buf); err != nil {
		t.Fatalf("trace %v: %v", args, err)
	}
	return buf.Bytes()
}

// TestCheckGameTraces: pvscope check's path finds no violation, no writer
// mistake and no warning in the traces of every game under every algorithm,
// fail-hard and fail-soft, with and without the table and iterative
// deepening; the header names the game and its start in its notation.
func TestCheckGameTraces(t *testing.T) {
	for _, g := range games.All() {
		start, err := g.Parse("")
		if err != nil {
			t.Fatal(err)
		}
		for _, algo := range []string{"minimax", "alphabeta", "pvs"} {
			for _, opts := range [][]string{
				{"--fail-hard=false", "--tt=true", "--id=true"},
				{"--fail-hard=true", "--tt=true", "--id=true"},
				{"--fail-hard=false", "--tt=false", "--id=false"},
				{"--fail-hard=true", "--tt=false", "--id=true"},
			} {
				args := append([]string{"--game", g.Name, "--algo", algo, "--depth", "4"}, opts...)
				file := gameTrace(t, args...)
				h, _, err := tracer.ReadAll(bytes.NewReader(file))
				if err != nil {
					t.Fatal(err)
				}
				if h.Meta["game"] != g.Name || h.Meta["position"] != start.String() || h.Meta["fen"] != "" {
					t.Errorf("%v: header meta game %q position %q fen %q, want %q, %q and none", args, h.Meta["game"], h.Meta["position"], h.Meta["fen"], g.Name, start.String())
				}
				rep, err := checkTrace(bytes.NewReader(file), 10)
				if err != nil {
					t.Fatalf("%v: %v", args, err)
				}
				if rep.ViolationCount+rep.WriterMistakeCount+rep.WarningCount != 0 {
					t.Errorf("%v: %d violations %v, %d writer mistakes %v, %d warnings %v", args,
						rep.ViolationCount, rep.Violations, rep.WriterMistakeCount, rep.WriterMistakes, rep.WarningCount, rep.Warnings)
				}
				if rep.Counts.Nodes == 0 || len(rep.Iterations) == 0 {
					t.Errorf("%v: nothing checked: %+v", args, rep.Counts)
				}
			}
		}
	}
}

// TestCheckGameIllegalMove: a game trace whose tree plays a move that is not
// legal (the parent's move again where that square is taken, as the game's
// own Board says; else a name in no game's notation) names it as the
// writer's mistake at that node, and a best move in no notation of the game
// is named as illegal at the root.
func TestCheckGameIllegalMove(t *testing.T) {
	for _, g := range games.All() {
		h, events, err := tracer.ReadAll(bytes.NewReader(gameTrace(t, "--game", g.Name, "--algo", "alphabeta", "--depth", "3", "--tt=false", "--id=false")))
		if err != nil {
			t.Fatal(err)
		}
		bad, badMove, tried := int32(0), "", false
		parentMove := map[int32]string{}
		for i, e := range events {
			if e.Kind != tracer.Enter {
				continue
			}
			parentMove[e.Node] = e.Move
			pm, ok := parentMove[e.Parent]
			if tried || !ok || pm == "" {
				continue
			}
			tried = true // the first node two plies down: its parent's move is the start's
			if !legalAfter(t, g, pm, pm) {
				events[i].Move, bad, badMove = pm, e.Node, pm
			}
		}
		if bad == 0 { // the game may play a move again (Connect Four's columns)
			for i, e := range events {
				if e.Kind == tracer.Enter && e.Move != "" {
					events[i].Move, bad, badMove = "z0", e.Node, "z0"
					break
				}
			}
		}
		for i, e := range events {
			if e.Kind == tracer.SearchEnd {
				events[i].Move = "z0"
			}
		}
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
		rep, err := checkTrace(&buf, 10)
		if err != nil {
			t.Fatal(err)
		}
		named := false
		for _, v := range rep.WriterMistakes {
			named = named || v.Rule == "writer-move" && v.Node == bad && strings.Contains(v.Message, badMove)
		}
		best := false
		for _, v := range rep.Violations {
			best = best || v.Rule == "best-move" && strings.Contains(v.Message, `"z0" is not a move in `+g.Title+"'s notation")
		}
		if !named || !best {
			t.Errorf("%s: the illegal move %s at node %d named %v, the best move z0 named %v: writer mistakes %v, violations %v", g.Name, badMove, bad, named, best, rep.WriterMistakes, rep.Violations)
		}
	}
}

// legalAfter says, by the game's own Board, whether b is legal after a from the start.
func legalAfter(t *testing.T, g *games.Game, a, b string) bool {
	t.Helper()
	board, err := g.Parse("")
	if err != nil {
		t.Fatal(err)
	}
	ma, _ := g.ParseMove(a)
	board.Play(ma)
	for _, m := range board.Moves(nil) {
		if g.MoveName(m) == b {
			return true
		}
	}
	return false
}

// TestDiffGameTraces: diff lines up two searches of one game position, and
// refuses two positions of a game, naming them, with exit 2.
func TestDiffGameTraces(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, args ...string) string {
		path := dir + "/" + name
		if err := os.WriteFile(path, gameTrace(t, args...), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a := write("a.jsonl", "--game", "tictactoe", "--position", "b2 a1", "--algo", "alphabeta", "--depth", "3")
	b := write("b.jsonl", "--game", "tictactoe", "--position", "b2 a1", "--algo", "pvs", "--depth", "3")
	c := write("c.jsonl", "--game", "tictactoe", "--position", "b2 c3", "--algo", "pvs", "--depth", "3")
	if out, stderr, code := run(t, "diff", a, b); code != 1 || !strings.Contains(out, "first divergence") {
		t.Errorf("diff of alpha-beta and PVS on one position: exit %d, %s%s; want 1 and where they part", code, out, stderr)
	}
	_, stderr, code := run(t, "diff", a, c)
	if code != 2 || !strings.Contains(stderr, "a diff needs two searches of one position") || !strings.Contains(stderr, "tictactoe .../.x./o..") {
		t.Errorf("diff of two positions: exit %d, %s; want 2 naming tictactoe's position after b2 a1 (o on a1, bottom left)", code, stderr)
	}
}

// TestWhyGameTrace: why reads a game trace's moves from its header's game:
// a move not legal at the root is told with the root's legal moves, worked by
// hand (after b2 a1, the seven empty squares).
func TestWhyGameTrace(t *testing.T) {
	path := t.TempDir() + "/t.jsonl"
	if err := os.WriteFile(path, gameTrace(t, "--game", "tictactoe", "--position", "b2 a1", "--algo", "alphabeta", "--depth", "3"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, stderr, code := run(t, "why", path, "c3"); code != 0 || !strings.Contains(out, "at the root, c3 was searched") {
		t.Errorf("why c3: exit %d, %s%s", code, out, stderr)
	}
	out, stderr, _ := run(t, "why", path, "a1")
	if !strings.Contains(out+stderr, "a1 is not legal at the root; its legal moves are a2 a3 b1 b3 c1 c2 c3") {
		t.Errorf("why a1 (taken): %s%s; want the root's legal moves", out, stderr)
	}
}

// TestViewGameTrace: pvscope view opens a game's trace, and refuses one whose
// header names a game there is not, with the game registry's sentence.
func TestViewGameTrace(t *testing.T) {
	path := t.TempDir() + "/t.jsonl"
	file := gameTrace(t, "--game", "tictactoe", "--position", "b2 a1", "--algo", "pvs", "--depth", "3")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	line := startView(t, path)
	if !strings.Contains(line, "is open at http://") || strings.Contains(line, "violation") {
		t.Fatalf("view printed %q, want the trace open with no violation", line)
	}
	bad := t.TempDir() + "/bad.jsonl"
	if err := os.WriteFile(bad, bytes.Replace(file, []byte(`"game":"tictactoe"`), []byte(`"game":"chequers"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "view", bad); code != 2 || !strings.Contains(stderr, `unknown game "chequers"`) {
		t.Errorf("a trace of an unknown game: exit %d, %q; want 2 and the sentence", code, stderr)
	}
}
