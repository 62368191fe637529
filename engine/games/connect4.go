package games

import (
	"fmt"
	"strings"
)

// Connect Four: 7 columns, 6 rows, discs fall to the lowest empty cell of the
// column they are dropped in. Red moves first, yellow second; four of one
// colour in a row, a column or a diagonal wins, a full board is a draw.
// Moves are the columns 0..6, named "1".."7" from the left.
//
// A position is written either as the columns played from the empty board
// ("4453", Pascal Pons's notation, spaces allowed: "4 4 5 3") or as the board,
// six rows of seven cells of r, y and . from the top row down, with slashes
// (".../.../...r...": 42 cells); the side to move follows from the counts.

const (
	c4Cols  = 7
	c4Rows  = 6
	c4Cells = c4Cols * c4Rows
)

// c4Windows are the 69 windows of four cells (24 in rows, 21 in columns, 12
// on each diagonal), cells numbered row*7+col with row 0 at the bottom.
var c4Windows = func() (ws [][4]int8) {
	for r := range c4Rows {
		for c := range c4Cols {
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				er, ec := r+3*d[0], c+3*d[1]
				if er < 0 || er >= c4Rows || ec < 0 || ec >= c4Cols {
					continue
				}
				var w [4]int8
				for i := range 4 {
					w[i] = int8((r+i*d[0])*c4Cols + c + i*d[1])
				}
				ws = append(ws, w)
			}
		}
	}
	return ws
}()

// c4Through lists, for each cell, the windows that hold it.
var c4Through = func() (t [c4Cells][]int8) {
	for i, w := range c4Windows {
		for _, s := range w {
			t[s] = append(t[s], int8(i))
		}
	}
	return t
}()

var c4Keys = func() (k [2][c4Cells]uint64) {
	rng := SplitMix64(0xC0_4EC7_F0_0E)
	for c := range k {
		for s := range k[c] {
			k[c][s] = rng.Next()
		}
	}
	return k
}()

var c4SideKey = func() uint64 { rng := SplitMix64(0xC4_5EED); return rng.Next() }()

// ConnectFour is the game.
var ConnectFour = &Game{
	Name:      "connect4",
	Title:     "Connect Four",
	Rows:      c4Rows,
	Cols:      c4Cols,
	Parse:     func(s string) (Board, error) { return ParseConnectFour(s) },
	MoveName:  c4MoveName,
	ParseMove: c4ParseMove,
	Eval:      "100·n3 + 10·n2 + n1 − (the same for the opponent), ni the windows of four holding i of the side's discs and none of the other's (the \"scoreboard heuristic\" of Billy Landowski's Connect Four using Alpha-Beta Pruning, CptS 540, Washington State University, December 2010)",
	Notation:  `the columns played from the empty board, 1 to 7 ("4453"), or the board top row first, six rows of seven cells of r, y and . between slashes ("......./......./......./......./...y.../...r...")`,
}

func init() { register(ConnectFour) }

// C4Board is a Connect Four position.
type C4Board struct {
	cells  [c4Cells]int8 // row*7+col, row 0 at the bottom: 0 empty, 1 red, 2 yellow
	height [c4Cols]int8
	toMove int8 // 1 red, 2 yellow
	discs  int
	key    uint64
	played []Move
	won    []bool // won[i]: the side that moved last has four after i plies (won[0] the start)
}

func newC4() *C4Board { return &C4Board{toMove: 1, won: []bool{false}} }

// c4MaxInput bounds a position's text: 42 moves with spaces, or the board.
const c4MaxInput = 200

// ParseConnectFour reads a position in Connect Four's notation ("" is the
// empty board) and says in a sentence what is wrong with a bad one.
func ParseConnectFour(s string) (*C4Board, error) {
	s = strings.TrimSpace(s)
	if len(s) > c4MaxInput {
		return nil, fmt.Errorf("bad Connect Four position: %d characters, more than the %d a position needs", len(s), c4MaxInput)
	}
	b := newC4()
	if s == "" {
		return b, nil
	}
	if strings.Trim(strings.ToLower(s), "ry./") == "" {
		return b.readCells(strings.ToLower(s))
	}
	for _, name := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		// Pons's notation runs the columns together ("4453"): each digit is a move.
		for _, r := range name {
			n := len(b.played) + 1
			m, ok := c4ParseMove(string(r))
			if !ok {
				return nil, fmt.Errorf("bad Connect Four position: move %d, %q, is not a column 1 to 7", n, string(r))
			}
			if b.won[len(b.won)-1] {
				return nil, fmt.Errorf("bad Connect Four position: move %d, %c, comes after the game is over (%s has four in a row)", n, r, c4Names[3-b.toMove])
			}
			if b.discs == c4Cells {
				return nil, fmt.Errorf("bad Connect Four position: move %d, %c, comes after the game is over (the board is full)", n, r)
			}
			if b.height[m] == c4Rows {
				return nil, fmt.Errorf("bad Connect Four position: move %d, %c, is in a full column (column %c has 6 discs)", n, r, r)
			}
			b.Play(m)
		}
	}
	b.played, b.won = b.played[:0], b.won[len(b.won)-1:]
	return b, nil
}

var c4Names = [3]string{"", "red", "yellow"}

func (b *C4Board) readCells(s string) (*C4Board, error) {
	rows := strings.Split(s, "/")
	if len(rows) == 1 && len(s) == c4Cells {
		rows = nil
		for r := range c4Rows {
			rows = append(rows, s[r*c4Cols:(r+1)*c4Cols])
		}
	}
	if len(rows) != c4Rows {
		return nil, fmt.Errorf("bad Connect Four board %q: it has %d row(s) of cells, want 6 rows of 7 cells (r, y or .) between slashes, the top row first", s, len(rows))
	}
	var count [3]int
	for i, row := range rows {
		if len(row) != c4Cols {
			return nil, fmt.Errorf("bad Connect Four board: row %d from the top, %q, has %d cells, want 7", i+1, row, len(row))
		}
		r := c4Rows - 1 - i // the string starts at the top row
		for c := range c4Cols {
			var v int8
			switch row[c] {
			case 'r':
				v = 1
			case 'y':
				v = 2
			}
			count[v]++
			b.cells[r*c4Cols+c] = v
		}
	}
	for c := range c4Cols {
		for r := range c4Rows {
			v := b.cells[r*c4Cols+c]
			if v == 0 {
				continue
			}
			if int(b.height[c]) != r {
				return nil, fmt.Errorf("bad Connect Four board: the disc in column %d, row %d from the bottom, floats above an empty cell", c+1, r+1)
			}
			b.height[c]++
			b.key ^= c4Keys[v-1][r*c4Cols+c]
		}
	}
	b.discs = count[1] + count[2]
	switch count[1] - count[2] {
	case 0:
		b.toMove = 1
	case 1:
		b.toMove = 2
		b.key ^= c4SideKey
	default:
		return nil, fmt.Errorf("bad Connect Four board: red has %d discs and yellow %d; red moves first, so red has as many as yellow or one more", count[1], count[2])
	}
	redFour, yellowFour := b.hasFour(1), b.hasFour(2)
	last := 3 - b.toMove
	switch {
	case redFour && yellowFour:
		return nil, fmt.Errorf("bad Connect Four board: both red and yellow have four in a row")
	case redFour && last != 1:
		return nil, fmt.Errorf("bad Connect Four board: yellow played after red had four in a row")
	case yellowFour && last != 2:
		return nil, fmt.Errorf("bad Connect Four board: red played after yellow had four in a row")
	case redFour || yellowFour:
		if !b.oneMoveMadeFour(last) {
			return nil, fmt.Errorf("bad Connect Four board: %s has fours in a row that no single last move made", c4Names[last])
		}
		b.won[0] = true
	}
	return b, nil
}

// hasFour says whether side v has four in a row anywhere.
func (b *C4Board) hasFour(v int8) bool {
	for _, w := range c4Windows {
		if b.cells[w[0]] == v && b.cells[w[1]] == v && b.cells[w[2]] == v && b.cells[w[3]] == v {
			return true
		}
	}
	return false
}

// oneMoveMadeFour says whether taking back one of v's discs on top of a
// column leaves v without four: a real game ends at its first four.
func (b *C4Board) oneMoveMadeFour(v int8) bool {
	for c := range c4Cols {
		h := b.height[c]
		if h == 0 || b.cells[int(h-1)*c4Cols+c] != v {
			continue
		}
		b.cells[int(h-1)*c4Cols+c] = 0
		four := b.hasFour(v)
		b.cells[int(h-1)*c4Cols+c] = v
		if !four {
			return true
		}
	}
	return false
}

func c4MoveName(m Move) string {
	if m < 0 || m >= c4Cols {
		return fmt.Sprintf("?%d", m)
	}
	return string(rune('1' + m))
}

func c4ParseMove(s string) (Move, bool) {
	s = strings.TrimSpace(s)
	if len(s) != 1 || s[0] < '1' || s[0] > '7' {
		return NoMove, false
	}
	return Move(s[0] - '1'), true
}

// Game implements Board.
func (b *C4Board) Game() *Game { return ConnectFour }

// Ply implements Board.
func (b *C4Board) Ply() int { return len(b.played) }

// Key implements Board.
func (b *C4Board) Key() uint64 { return b.key }

// Outcome implements Board: the side that just moved may have four in a row.
func (b *C4Board) Outcome() Outcome {
	switch {
	case b.won[len(b.won)-1]:
		return Loss
	case b.discs == c4Cells:
		return Draw
	}
	return Ongoing
}

// Moves implements Board: the columns not full, from 1 to 7.
func (b *C4Board) Moves(dst []Move) []Move {
	if b.won[len(b.won)-1] {
		return dst
	}
	for c, h := range b.height {
		if h < c4Rows {
			dst = append(dst, Move(c))
		}
	}
	return dst
}

// Play implements Board.
func (b *C4Board) Play(m Move) {
	if m < 0 || m >= c4Cols || b.height[m] == c4Rows {
		panic(fmt.Sprintf("games: Connect Four move %d is not legal", m))
	}
	s := int(b.height[m])*c4Cols + int(m)
	v := b.toMove
	b.cells[s] = v
	b.height[m]++
	b.discs++
	b.key ^= c4Keys[v-1][s] ^ c4SideKey
	b.toMove = 3 - v
	b.played = append(b.played, m)
	won := false
	for _, wi := range c4Through[s] {
		w := c4Windows[wi]
		if b.cells[w[0]] == v && b.cells[w[1]] == v && b.cells[w[2]] == v && b.cells[w[3]] == v {
			won = true
			break
		}
	}
	b.won = append(b.won, won)
}

// Undo implements Board.
func (b *C4Board) Undo() {
	m := b.played[len(b.played)-1]
	b.played = b.played[:len(b.played)-1]
	b.won = b.won[:len(b.won)-1]
	b.toMove = 3 - b.toMove
	b.height[m]--
	b.discs--
	s := int(b.height[m])*c4Cols + int(m)
	b.cells[s] = 0
	b.key ^= c4Keys[b.toMove-1][s] ^ c4SideKey
}

// Evaluate implements Board with the "scoreboard heuristic" of Billy
// Landowski's course presentation Connect Four using Alpha-Beta Pruning
// (CptS 540, Washington State University, December 2010):
// Score(p) = 100·n3 + 10·n2 + 1·n1, where ni is the number of i-out-of-4
// winning lines of p (windows of four cells holding i of p's discs and none
// of the opponent's: "unblocked"), and Utility(p) = Score(p) − Score(opponent),
// here p the side to move. At most 69 windows × 100, inside ±EvalLimit.
func (b *C4Board) Evaluate() int {
	score := 0
	for _, w := range c4Windows {
		var n [3]int
		for _, s := range w {
			n[b.cells[s]]++
		}
		switch {
		case n[2] == 0 && n[1] > 0 && n[1] < 4:
			score += [4]int{0, 1, 10, 100}[n[1]]
		case n[1] == 0 && n[2] > 0 && n[2] < 4:
			score -= [4]int{0, 1, 10, 100}[n[2]]
		}
	}
	if b.toMove == 2 {
		return -score
	}
	return score
}

// Prefer implements Board: the centre column first, then outwards (4; 3 and
// 5; 2 and 6; 1 and 7), as the centre lies in the most windows.
func (b *C4Board) Prefer(m Move) int {
	return [c4Cols]int{1, 2, 3, 4, 3, 2, 1}[m]
}

// Side implements Board.
func (b *C4Board) Side() string { return c4Names[b.toMove] }

// Cells implements Board: the top row first, 'r' red, 'y' yellow.
func (b *C4Board) Cells() string {
	var sb strings.Builder
	sb.Grow(c4Cells)
	for r := c4Rows - 1; r >= 0; r-- {
		for c := range c4Cols {
			sb.WriteByte(".ry"[b.cells[r*c4Cols+c]])
		}
	}
	return sb.String()
}

// String implements Board: the board, top row first, rows between slashes.
func (b *C4Board) String() string {
	c := b.Cells()
	rows := make([]string, c4Rows)
	for r := range rows {
		rows[r] = c[r*c4Cols : (r+1)*c4Cols]
	}
	return strings.Join(rows, "/")
}
