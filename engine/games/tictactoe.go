package games

import (
	"fmt"
	"strings"
)

// Tic-tac-toe on 3x3. Squares are named a1..c3 like a chessboard (files a-c
// left to right, ranks 1-3 bottom to top) and numbered rank by rank from a1
// (0) to c3 (8). x moves first.
//
// A position is written either as the moves played from the empty board
// ("b2 a1 c3", spaces or commas between) or as the board, top rank first, nine
// cells of x, o and . with optional slashes ("x.o/.x./..o"); the side to move
// follows from the counts.

var tttLines = [8][3]int{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, // ranks
	{0, 3, 6}, {1, 4, 7}, {2, 5, 8}, // files
	{0, 4, 8}, {2, 4, 6}, // diagonals
}

var tttKeys = func() (k [2][9]uint64) {
	rng := SplitMix64(0x7177_7177)
	for c := range k {
		for s := range k[c] {
			k[c][s] = rng.Next()
		}
	}
	return k
}()

// TicTacToe is the game.
var TicTacToe = &Game{
	Name:      "tictactoe",
	Title:     "Tic-tac-toe",
	Rows:      3,
	Cols:      3,
	Parse:     func(s string) (Board, error) { return ParseTicTacToe(s) },
	MoveName:  tttMoveName,
	ParseMove: tttParseMove,
	Eval:      "3·X2 + X1 − (3·O2 + O1), Xn the lines with n of the side's marks and none of the other's (Russell and Norvig, Artificial Intelligence: A Modern Approach, 3rd ed., exercise 5.9)",
	Notation:  `the moves from the empty board ("b2 a1 c3"), or the board top rank first, nine cells of x, o and . ("x.o/.x./..o")`,
}

func init() { register(TicTacToe) }

// TTTBoard is a tic-tac-toe position.
type TTTBoard struct {
	cells  [9]int8 // 0 empty, 1 x, 2 o
	toMove int8    // 1 x, 2 o
	key    uint64
	played []Move
}

// ParseTicTacToe reads a position in tic-tac-toe's notation ("" is the empty board).
func ParseTicTacToe(s string) (*TTTBoard, error) {
	b := &TTTBoard{toMove: 1}
	s = strings.TrimSpace(s)
	if s == "" {
		return b, nil
	}
	if cells := strings.ReplaceAll(s, "/", ""); strings.Trim(strings.ToLower(cells), "xo.") == "" {
		return b.readCells(strings.ToLower(cells))
	}
	for i, name := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		m, ok := tttParseMove(name)
		if !ok {
			return nil, fmt.Errorf("bad tic-tac-toe position: move %d, %q, is not a square a1 to c3", i+1, name)
		}
		if b.Outcome() != Ongoing {
			return nil, fmt.Errorf("bad tic-tac-toe position: move %d, %s, comes after the game is over", i+1, name)
		}
		if b.cells[m] != 0 {
			return nil, fmt.Errorf("bad tic-tac-toe position: move %d, %s, is on a square already taken", i+1, name)
		}
		b.Play(m)
	}
	b.played = b.played[:0]
	return b, nil
}

func (b *TTTBoard) readCells(cells string) (*TTTBoard, error) {
	if len(cells) != 9 {
		return nil, fmt.Errorf("bad tic-tac-toe board %q: it has %d cells, want 9 (x, o or .)", cells, len(cells))
	}
	var count [3]int
	for i := range 9 {
		rank, file := 2-i/3, i%3 // the string starts at the top rank
		var c int8
		switch cells[i] {
		case 'x':
			c = 1
		case 'o':
			c = 2
		}
		count[c]++
		sq := rank*3 + file
		b.cells[sq] = c
		if c != 0 {
			b.key ^= tttKeys[c-1][sq]
		}
	}
	switch count[1] - count[2] {
	case 0:
		b.toMove = 1
	case 1:
		b.toMove = 2
	default:
		return nil, fmt.Errorf("bad tic-tac-toe board: x has %d marks and o %d; x moves first, so x has as many as o or one more", count[1], count[2])
	}
	xWon, oWon := b.won(1), b.won(2)
	switch {
	case xWon && oWon:
		return nil, fmt.Errorf("bad tic-tac-toe board: both x and o have three in a row")
	case xWon && b.toMove == 1:
		return nil, fmt.Errorf("bad tic-tac-toe board: o played after x had three in a row")
	case oWon && b.toMove == 2:
		return nil, fmt.Errorf("bad tic-tac-toe board: x played after o had three in a row")
	}
	if b.toMove == 2 {
		b.key ^= tttSideKey
	}
	return b, nil
}

var tttSideKey = func() uint64 { rng := SplitMix64(0x51de); return rng.Next() }()

func tttMoveName(m Move) string {
	if m < 0 || m > 8 {
		return fmt.Sprintf("?%d", m)
	}
	return string(rune('a'+m%3)) + string(rune('1'+m/3))
}

func tttParseMove(s string) (Move, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) != 2 || s[0] < 'a' || s[0] > 'c' || s[1] < '1' || s[1] > '3' {
		return NoMove, false
	}
	return Move(int(s[1]-'1')*3 + int(s[0]-'a')), true
}

// Game implements Board.
func (b *TTTBoard) Game() *Game { return TicTacToe }

// Ply implements Board.
func (b *TTTBoard) Ply() int { return len(b.played) }

// Key implements Board.
func (b *TTTBoard) Key() uint64 { return b.key }

func (b *TTTBoard) won(c int8) bool {
	for _, l := range tttLines {
		if b.cells[l[0]] == c && b.cells[l[1]] == c && b.cells[l[2]] == c {
			return true
		}
	}
	return false
}

// Outcome implements Board: the side that just moved may have three in a row.
func (b *TTTBoard) Outcome() Outcome {
	if b.won(3 - b.toMove) {
		return Loss
	}
	for _, c := range b.cells {
		if c == 0 {
			return Ongoing
		}
	}
	return Draw
}

// Moves implements Board: the empty squares from a1 to c3.
func (b *TTTBoard) Moves(dst []Move) []Move {
	if b.won(3 - b.toMove) {
		return dst
	}
	for s, c := range b.cells {
		if c == 0 {
			dst = append(dst, Move(s))
		}
	}
	return dst
}

// Play implements Board.
func (b *TTTBoard) Play(m Move) {
	if m < 0 || m > 8 || b.cells[m] != 0 {
		panic(fmt.Sprintf("games: tic-tac-toe move %d is not legal", m))
	}
	b.cells[m] = b.toMove
	b.key ^= tttKeys[b.toMove-1][m] ^ tttSideKey
	b.toMove = 3 - b.toMove
	b.played = append(b.played, m)
}

// Undo implements Board.
func (b *TTTBoard) Undo() {
	m := b.played[len(b.played)-1]
	b.played = b.played[:len(b.played)-1]
	b.toMove = 3 - b.toMove
	b.cells[m] = 0
	b.key ^= tttKeys[b.toMove-1][m] ^ tttSideKey
}

// Evaluate implements Board with Russell and Norvig's function (AIMA 3rd ed.,
// exercise 5.9): 3·X2 + X1 − (3·O2 + O1), where Xn counts the lines holding n
// of x's marks and none of o's; turned to the side to move's view.
func (b *TTTBoard) Evaluate() int {
	score := 0
	for _, l := range tttLines {
		var n [3]int
		for _, s := range l {
			n[b.cells[s]]++
		}
		switch {
		case n[2] == 0 && n[1] > 0 && n[1] < 3:
			score += [3]int{0, 1, 3}[n[1]]
		case n[1] == 0 && n[2] > 0 && n[2] < 3:
			score -= [3]int{0, 1, 3}[n[2]]
		}
	}
	if b.toMove == 2 {
		return -score
	}
	return score
}

// Prefer implements Board: the centre, then the corners, then the edges.
func (b *TTTBoard) Prefer(m Move) int {
	return [9]int{2, 1, 2, 1, 3, 1, 2, 1, 2}[m]
}

// Side implements Board.
func (b *TTTBoard) Side() string { return [3]string{"", "x", "o"}[b.toMove] }

// Cells implements Board: top rank first.
func (b *TTTBoard) Cells() string {
	var sb strings.Builder
	for rank := 2; rank >= 0; rank-- {
		for file := range 3 {
			sb.WriteByte(".xo"[b.cells[rank*3+file]])
		}
	}
	return sb.String()
}

// String implements Board: the board, top rank first, ranks between slashes.
func (b *TTTBoard) String() string {
	c := b.Cells()
	return c[0:3] + "/" + c[3:6] + "/" + c[6:9]
}
