package session

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine/games"
)

// An independent reading of the two published evaluations, written from
// their descriptions over the board as the page draws it (Board.Cells, row by
// row from the top), for the side named mine:
//   - tic-tac-toe, Russell and Norvig (AIMA 3rd ed., exercise 5.9):
//     3·X2 + X1 − (3·O2 + O1), Xn the lines with n of X's marks and no O;
//   - Connect Four, Landowski's scoreboard (CptS 540, 2010): 100·n3 + 10·n2 + n1
//     − the same for the opponent, ni the windows of four with i of the side's
//     discs and none of the other's.
// A line full of one side is a win for it (three, or four in Connect Four).

type refGame struct {
	rows, cols, need int
	weights          []int // by count of the side's pieces in an open line
	win              int   // the exam's value of a win
}

var refTTT = refGame{rows: 3, cols: 3, need: 3, weights: []int{0, 1, 3}, win: 100}
var refC4 = refGame{rows: 6, cols: 7, need: 4, weights: []int{0, 1, 10, 100}, win: 10000}

// lines are every run of need cells in a row, a column or a diagonal.
func (g refGame) lines() [][]int {
	var out [][]int
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				var l []int
				for i := 0; i < g.need; i++ {
					rr, cc := r+i*d[0], c+i*d[1]
					if rr < 0 || rr >= g.rows || cc < 0 || cc >= g.cols {
						l = nil
						break
					}
					l = append(l, rr*g.cols+cc)
				}
				if l != nil {
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// value is cells' value for the side whose piece is mine: +win or -win when
// a line is full of one side, 0 when the board is full, else the evaluation.
func (g refGame) value(cells string, mine byte) (v int, over bool) {
	score := 0
	for _, l := range g.lines() {
		n := map[byte]int{}
		for _, i := range l {
			n[cells[i]]++
		}
		for piece, k := range n {
			if piece == '.' {
				continue
			}
			sign := 1
			if piece != mine {
				sign = -1
			}
			if k == g.need {
				return sign * g.win, true
			}
			if k == len(l)-n['.'] { // the line holds no piece of the other side
				score += sign * g.weights[k]
			}
		}
	}
	if !strings.Contains(cells, ".") {
		return 0, true
	}
	return score, false
}

// refTree is the exercise's tree enumerated by plain recursion over the
// board: every move to depth plies, each leaf refGame.value for the root's
// side, and each edge's name read from the cell the move filled.
func refTree(g refGame, b games.Board, depth int, mine byte, path string, names map[string]string) any {
	v, over := g.value(b.Cells(), mine)
	if over || depth == 0 {
		return float64(v)
	}
	var kids []any
	for i, m := range b.Moves(nil) {
		before := b.Cells()
		b.Play(m)
		after := b.Cells()
		cell := 0
		for before[cell] == after[cell] {
			cell++
		}
		p := strconv.Itoa(i)
		if path != "" {
			p = path + "." + p
		}
		if g.need == 3 { // a1..c3: files left to right, ranks from the bottom
			names[p] = string(rune('a'+cell%3)) + strconv.Itoa(3-cell/3)
		} else { // the column, 1 to 7 from the left
			names[p] = strconv.Itoa(cell%7 + 1)
		}
		kids = append(kids, refTree(g, b, depth-1, mine, p, names))
		b.Undo()
	}
	return kids
}

// The exercise's tree of a tic-tac-toe and a Connect Four position equals the
// enumeration above: the same leaves (the evaluation for the root's side, a
// win ±100 in tic-tac-toe and ±10000 in Connect Four), the same move names.
func TestGameExerciseTreeIsTheEnumeratedTree(t *testing.T) {
	limits := &Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30}
	for _, c := range []struct {
		game, position string
		ref            refGame
		mine           byte
		leaves         int // counted by hand
		depth          int // 0: the default, 2
	}{
		{"tictactoe", "b2 a1", refTTT, 'x', 7 * 6, 0},
		{"tictactoe", "a1 a3 b1 b3", refTTT, 'x', 1 + 4*4, 0}, // c1 wins at once; o can win at c3 after the others
		{"tictactoe", "a1 a3 b1 b3 b2", refTTT, 'o', 1 + 3*3, 0},
		{"connect4", "4453", refC4, 'r', 7 * 7, 0},
		{"connect4", "445566", refC4, 'r', 2 + 5*7, 0}, // 3 and 7 win at once
		{"connect4", "4455661", refC4, 'y', 7 * 7, 0},
		{"tictactoe", "b2 a1", refTTT, 'x', 7, 1}, // leaves where the opponent moves
		{"connect4", "4453", refC4, 'r', 7, 1},
	} {
		g, _ := games.Lookup(c.game)
		b, err := g.Parse(c.position)
		if err != nil {
			t.Fatal(err)
		}
		depth := c.depth
		if depth == 0 {
			depth = 2
		}
		names := map[string]string{}
		want := refTree(c.ref, b, depth, c.mine, "", names)
		f, err := GameExerciseTree(c.game, c.position, c.depth, 0, limits)
		if err != nil {
			t.Fatalf("%s %q: %v", c.game, c.position, err)
		}
		var got any
		if err := json.Unmarshal(f.Tree, &got); err != nil {
			t.Fatalf("%s %q: the tree is not JSON: %v", c.game, c.position, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %q: tree\n%v\nwant\n%v", c.game, c.position, got, want)
		}
		leaves := 0
		for p, n := range f.Nodes {
			if p == "" {
				continue
			}
			if n.Move != names[p] {
				t.Errorf("%s %q: node %s's move is %q, want %q", c.game, c.position, p, n.Move, names[p])
			}
			if _, inner := f.Nodes[p+".0"]; !inner {
				leaves++
			}
		}
		if leaves != c.leaves || len(f.Nodes)-1 != len(names) {
			t.Errorf("%s %q: %d leaves and %d nodes, want %d leaves and %d nodes", c.game, c.position, leaves, len(f.Nodes), c.leaves, len(names)+1)
		}
		if f.Nodes[""].Cells != b.Cells() || f.Game != c.game || f.Depth != depth {
			t.Errorf("%s %q: root %+v, game %q, depth %d", c.game, c.position, f.Nodes[""], f.Game, f.Depth)
		}
	}
}

// Too many positions at the depth, a finished game, a depth out of range and
// a worksheet's seeds: each refused with its sentence, or a position two
// moves on whose tree stays small.
func TestGameExerciseTreeBounds(t *testing.T) {
	limits := &Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30}
	for _, c := range []struct {
		game, position string
		depth          int
		key            string
	}{
		{"connect4", "", 3, "go-server.gameExerciseTooBig"}, // 343 leaves
		{"tictactoe", "", 3, "go-server.gameExerciseTooBig"},
		{"tictactoe", "a1 a2 b1 b2 c1", 2, "go-server.gameExerciseOver"},
		{"tictactoe", "", 9, "go-server.gameExerciseDepth"},
		{"nim", "", 2, ""},
	} {
		_, err := GameExerciseTree(c.game, c.position, c.depth, 0, limits)
		if err == nil {
			t.Errorf("%s %q depth %d: no error", c.game, c.position, c.depth)
			continue
		}
		if key, _ := KeyOf(err); key != c.key {
			t.Errorf("%s %q depth %d: %v (key %q), want key %q", c.game, c.position, c.depth, err, key, c.key)
		}
	}
	for seed := 1; seed <= 6; seed++ {
		f, err := GameExerciseTree("connect4", "44", 2, seed, limits)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		b, err := games.ConnectFour.Parse(f.Position)
		if err != nil || b.Outcome() != games.Ongoing || strings.Count(b.Cells(), ".") != 42-4 {
			t.Errorf("seed %d: position %q (%v) is not two moves after 44", seed, f.Position, err)
		}
		again, _ := GameExerciseTree("connect4", "44", 2, seed, limits)
		if again.Position != f.Position {
			t.Errorf("seed %d: %q then %q", seed, f.Position, again.Position)
		}
	}
}

// The static site's worker answers the tree command with a game's tree as the server's
// /tree?game= does (its depth and seed in the command's options), and a position with too
// many moves with the sentence on the position field.
func TestTreeCommandGame(t *testing.T) {
	var frames []map[string]any
	s := &Session{Limits: Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30},
		Out: func(b []byte) {
			var f map[string]any
			json.Unmarshal(b, &f)
			frames = append(frames, f)
		}}
	s.Handle([]byte(`{"type":"tree","id":3,"setup":{"game":"tictactoe","position":"b2 a1"},"options":{"depth":"1","seed":"0"}}`))
	s.Handle([]byte(`{"type":"tree","id":4,"setup":{"game":"connect4","position":""},"options":{"depth":"3"}}`))
	if len(frames) != 2 {
		t.Fatalf("%d frames, want 2: %v", len(frames), frames)
	}
	// b2 a1, x to move: seven empty squares, one ply deep.
	if f := frames[0]; f["type"] != "tree" || f["id"] != 3.0 || f["game"] != "tictactoe" || len(f["tree"].([]any)) != 7 || len(f["nodes"].(map[string]any)) != 8 {
		t.Errorf("tic-tac-toe tree frame %v", f)
	}
	if f := frames[1]; f["type"] != "error" || f["id"] != 4.0 || f["field"] != "position" || f["key"] != "go-server.gameExerciseTooBig" {
		t.Errorf("Connect Four at depth 3 answered %v, want gameExerciseTooBig on position", f)
	}
}
