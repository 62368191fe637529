package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
)

// The code panel's game texts (static/code/*-game.py and *-game-maxmin.py, issue 43): the Python
// the page shows for a game's search, in either form, runs as a whole program once the game's functions are defined, here by games
// written in this file from their rules (tic-tac-toe; Connect Four with the scoreboard
// evaluation its Eval names), not from engine/games. Its root value and its count of nodes equal
// the engine's search of the same position (same algorithm and depth, iterative deepening, no
// table, the moves in the game's generation order), and every line the page lights is found, in
// order and with the watch's values, in what the program ran (codeTraceHarness).

// tttPython is tic-tac-toe from its rules: squares a1..c3 numbered rank by rank from a1, x first;
// a side that has made a line has won (the side to move has lost), a full board is drawn. The
// evaluation is Russell and Norvig's (AIMA 3rd ed., exercise 5.9): 3·X2 + X1 − (3·O2 + O1), Xn the
// lines with n of a side's marks and none of the other's, from the side to move.
const tttPython = `
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
SQUARES = [f + r for r in "123" for f in "abc"]

class Position:
    def __init__(self):
        self.cells, self.side, self.played = ["."] * 9, "x", []

def other(side):
    return "o" if side == "x" else "x"

def has_line(p, side):
    return any(all(p.cells[s] == side for s in l) for l in LINES)

def is_over(p):
    return has_line(p, other(p.side)) or "." not in p.cells

def outcome(p):
    return -1 if has_line(p, other(p.side)) else 0

def moves(p):
    return [] if is_over(p) else [s for s in range(9) if p.cells[s] == "."]

def play(p, m):
    p.cells[m] = p.side
    p.side = other(p.side)
    p.played.append(m)

def undo(p):
    p.cells[p.played.pop()] = "."
    p.side = other(p.side)

def evaluate(p):
    def lines(side, n):
        return sum(1 for l in LINES if sum(p.cells[s] == side for s in l) == n and all(p.cells[s] in (side, ".") for s in l))
    me, you = p.side, other(p.side)
    return 3 * lines(me, 2) + lines(me, 1) - (3 * lines(you, 2) + lines(you, 1))

POSITION = Position()
for name in START.split():
    play(POSITION, SQUARES.index(name))
`

// c4Python is Connect Four from its rules: 7 columns of 6, a disc falls to the lowest empty cell,
// red first, four in a row, column or diagonal wins, a full board is drawn. The evaluation is the
// scoreboard heuristic (Landowski, CptS 540, WSU 2010): over every window of four cells,
// 100·n3 + 10·n2 + n1 for the side to move minus the same for the other, ni the windows holding i
// of a side's discs and none of the other's. A position is the columns played, 1-7 (Pons).
const c4Python = `
ROWS, COLS = 6, 7
WINDOWS = []
for r in range(ROWS):
    for c in range(COLS):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            cells = [(r + k * dr, c + k * dc) for k in range(4)]
            if all(0 <= rr < ROWS and 0 <= cc < COLS for rr, cc in cells):
                WINDOWS.append(cells)

class Position:
    def __init__(self):
        self.grid = [["."] * COLS for _ in range(ROWS)]
        self.height, self.side, self.played = [0] * COLS, "r", []

def other(side):
    return "y" if side == "r" else "r"

def four(p, side):
    return any(all(p.grid[r][c] == side for r, c in w) for w in WINDOWS)

def is_over(p):
    return four(p, other(p.side)) or len(p.played) == ROWS * COLS

def outcome(p):
    return -1 if four(p, other(p.side)) else 0

def moves(p):
    return [] if is_over(p) else [c for c in range(COLS) if p.height[c] < ROWS]

def play(p, c):
    p.grid[p.height[c]][c] = p.side
    p.height[c] += 1
    p.side = other(p.side)
    p.played.append(c)

def undo(p):
    c = p.played.pop()
    p.height[c] -= 1
    p.grid[p.height[c]][c] = "."
    p.side = other(p.side)

def evaluate(p):
    def score(side):
        s = 0
        for w in WINDOWS:
            cells = [p.grid[r][c] for r, c in w]
            n = cells.count(side)
            if 0 < n < 4 and cells.count(other(side)) == 0:
                s += (0, 1, 10, 100)[n]
        return s
    return score(p.side) - score(other(p.side))

POSITION = Position()
for col in START.replace(" ", ""):
    play(POSITION, int(col) - 1)
`

type gameCodeCase struct {
	game, position string
	depth          int
}

func TestCodePanelGamePythonRunsAsShown(t *testing.T) {
	python := needTool(t, "python3")
	node := needTool(t, "node")
	cases := []gameCodeCase{
		{"tictactoe", "", 2},
		{"tictactoe", "b2", 3},
		{"tictactoe", "b2 a1", 4},
		{"tictactoe", "b2 a1 c3 a3 a2", 4}, // o must block at c2; the game ends inside the search
		{"tictactoe", "a1 b2 c3", 6},       // to the end of the game: wins by distance
		{"connect4", "4453", 3},
		{"connect4", "445566", 3}, // red wins at once in column 3 or 7
		{"connect4", "1234567", 3},
	}
	forms := []string{"game", "game-maxmin"}
	if testing.Short() {
		// The short pass (run under -race) keeps one case of each game and
		// the negamax form; the full pass runs all 48 (each starts node and
		// python, some 3 s each on a loaded machine).
		cases, forms = []gameCodeCase{cases[3], cases[6]}, forms[:1]
	}
	preludes := map[string]string{"tictactoe": tttPython, "connect4": c4Python}
	dir := t.TempDir()
	for _, c := range cases {
		for _, a := range []engine.Algorithm{engine.Minimax, engine.AlphaBeta, engine.PVS} {
			algo := map[engine.Algorithm]string{engine.Minimax: "minimax", engine.AlphaBeta: "alphabeta", engine.PVS: "pvs"}[a]
			for _, form := range forms {
				t.Run(fmt.Sprintf("%s/%q/d=%d/%s/%s", c.game, c.position, c.depth, algo, form), func(t *testing.T) {
					file, value, nodes, n := gameCodeTrace(t, dir, c, a)
					dump, err := exec.Command(node, filepath.Join("static", "js", "test", "codedump.mjs"), file, algo, form, "python", "0").Output()
					if err != nil {
						t.Fatalf("codedump: %v", err)
					}
					var page struct {
						Text       string            `json:"text"`
						Highlights []json.RawMessage `json:"highlights"`
					}
					if err := json.Unmarshal(dump, &page); err != nil {
						t.Fatal(err)
					}
					if len(page.Highlights) != n {
						t.Fatalf("%d highlights for %d events", len(page.Highlights), n)
					}
					textFile, hlFile, prelude := filepath.Join(dir, "code.py"), filepath.Join(dir, "hl.json"), filepath.Join(dir, "game.py")
					hl, _ := json.Marshal(page.Highlights)
					setup := fmt.Sprintf("START = %q\nDEPTH = %d\n%s", c.position, c.depth, preludes[c.game])
					for f, b := range map[string][]byte{textFile: []byte(page.Text), hlFile: hl, prelude: []byte(setup)} {
						if err := os.WriteFile(f, b, 0o644); err != nil {
							t.Fatal(err)
						}
					}
					out, err := exec.Command(python, "-c", codeTraceHarness, textFile, "@"+prelude, hlFile).CombinedOutput()
					if err != nil {
						t.Fatalf("python: %v\n%s", err, out)
					}
					var got struct {
						Value   float64         `json:"value"`
						Nodes   int             `json:"nodes"`
						Missing json.RawMessage `json:"missing"`
					}
					if err := json.Unmarshal(out, &got); err != nil {
						t.Fatalf("%v: %s", err, out)
					}
					if got.Value != float64(value) {
						t.Errorf("the program's root value is %v, the engine's %d", got.Value, value)
					}
					if got.Nodes != nodes {
						t.Errorf("the program searched %d nodes, the engine %d", got.Nodes, nodes)
					}
					if string(got.Missing) != "null" {
						t.Errorf("a highlight is not in what the program ran: %s", got.Missing)
					}
				})
			}
		}
	}
}

// gameCodeTrace searches c with pvscope's engine as the Python text searches: algo, c.depth,
// iterative deepening from depth 1 with the full window, no table, the moves in the game's
// generation order (no ordering). It writes the trace into dir and returns the file, the root
// value, the nodes entered and the number of events.
func gameCodeTrace(t *testing.T, dir string, c gameCodeCase, algo engine.Algorithm) (string, int32, int, int) {
	t.Helper()
	pos, opt, err := engine.Setup{Game: c.game, Position: c.position}.Load()
	if err != nil {
		t.Fatal(err)
	}
	opt.Algorithm, opt.Depth = algo, c.depth
	opt.IterativeDeepening, opt.Aspiration, opt.TT = true, false, false
	opt.OrderTT, opt.OrderKillers, opt.OrderHistory, opt.OrderMVVLVA = false, false, false, false
	var buf bytes.Buffer
	w, err := tracer.NewWriter(&buf, tracer.Header{Meta: map[string]string{"game": c.game, "position": c.position}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Search(context.Background(), pos, opt, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	_, events, err := tracer.ReadAll(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var value int32
	nodes := 0
	for _, e := range events {
		switch e.Kind {
		case tracer.Enter:
			nodes++
		case tracer.SearchEnd:
			value = e.Score
		}
	}
	file := filepath.Join(dir, "trace.jsonl")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file, value, nodes, len(events)
}
