package session

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer/msg"
)

// An exercise on a game (the page's Exercise menu or a worksheet with a game
// chosen) is set on the game's tree from its position: every move to a small
// depth, each leaf the game's published evaluation (games.Board.Evaluate, the
// one the engine searches with) from the root player's view, a finished game
// the exam's win, loss or draw value (ExamWin). The tree is the teaching
// tree's nested arrays, MAX at the root, so the page's exercises and their
// grading (static/js/teaching/exercise.js, exercisegrade.js) apply unchanged;
// the frame adds each node's move and board, for the figure to name its edges
// in the game's notation and draw its positions.

// DefaultGameExerciseDepth and MaxGameExerciseDepth bound the plies an
// exercise on a game looks ahead; MaxGameExerciseLeaves is the most leaves
// such a tree may have, as the page's own exercises (exerciseui.js).
const (
	DefaultGameExerciseDepth = 2
	MaxGameExerciseDepth     = 4
	MaxGameExerciseLeaves    = 81
)

// sheetPlies is how many random moves a worksheet's seed plays from the
// position before its tree; sheetTries how many draws a seed gets to find a
// position whose tree is small enough and not over.
const (
	sheetPlies = 2
	sheetTries = 32
)

// ExamWin is the value a finished game takes in an exercise, for the root
// player: +ExamWin a win, -ExamWin a loss, 0 a draw. It is the smallest power
// of ten above everything the game's evaluation can say, so a win beats every
// evaluation, as exam papers write it: tic-tac-toe's evaluation stays within
// ±24 (eight lines of at most 3), Connect Four's within ±6,900 (69 windows of
// at most 100), Othello's within ±1,176 (the sum of Norvig's weights).
func ExamWin(game string) int {
	if game == "tictactoe" {
		return 100
	}
	return games.EvalLimit
}

// GameNode is one node of a game exercise's tree: the move that leads to it
// (in the game's notation, "" at the root), its board as the page draws it
// (games.Board.Cells), the side to move and, when the game is over there, the
// result for the root player ("win", "loss", "draw").
type GameNode struct {
	Move  string `json:"move,omitempty"`
	Cells string `json:"cells"`
	Side  string `json:"side"`
	End   string `json:"end,omitempty"`
}

// GameExerciseTree is the tree of game from position (its notation, "" the
// start), depth plies deep (0 is DefaultGameExerciseDepth). Seed 0 sets the
// exercise on the position itself; seed k > 0 first plays sheetPlies random
// moves drawn from k (a worksheet's other positions), choosing again when the
// position reached is over or its tree too big. The same arguments give the
// same tree on the server and in the static site's worker.
func GameExerciseTree(game, position string, depth, seed int, l *Limits) (TreeFrame, error) {
	if err := checkGameFields(engine.Setup{Game: game, Position: position}); err != nil {
		return TreeFrame{}, err
	}
	g, err := games.Lookup(game)
	if err != nil {
		return TreeFrame{}, &FieldError{"game", err}
	}
	if depth == 0 {
		depth = DefaultGameExerciseDepth
	}
	if depth < 1 || depth > MaxGameExerciseDepth {
		return TreeFrame{}, msg.New("go-server.gameExerciseDepth", "An exercise on a game looks 1 to {max} moves ahead, not {depth}.", "max", MaxGameExerciseDepth, "depth", depth)
	}
	b, err := g.Parse(position)
	if err != nil {
		return TreeFrame{}, &FieldError{"position", err}
	}
	if b.Outcome() != games.Ongoing {
		return TreeFrame{}, &FieldError{"position", msg.New("go-server.gameExerciseOver", "The game is over in this position: an exercise needs a position with moves to play.")}
	}
	most := int(min(MaxGameExerciseLeaves, l.MaxNodes))
	if seed > 0 {
		if b, err = seededPosition(g, position, seed, depth, most); err != nil {
			return TreeFrame{}, err
		}
	} else if n := countLeaves(b, depth, most); n > most {
		return TreeFrame{}, &FieldError{"position", msg.New("go-server.gameExerciseTooBig", "An exercise's tree is drawn whole: this position has more than {most} positions {depth} moves ahead; choose a position with fewer moves, or a smaller depth.",
			"most", most, "depth", depth)}
	}
	nodes := map[string]GameNode{}
	var sb strings.Builder
	gameTree(b, depth, 0, "", "", ExamWin(g.Name), nodes, &sb)
	// The position as the person wrote it (moves stay moves); a seed's as the board reached.
	shown := strings.TrimSpace(position)
	if seed > 0 || shown == "" {
		shown = b.String()
	}
	return TreeFrame{Random: "", Tree: RawJSON(sb.String()), Game: g.Name, Position: shown, Depth: depth, Seed: seed, Nodes: nodes}, nil
}

// gameTree writes b's tree (b reached by move) to sb as nested JSON arrays of leaf values (the
// root player's view) and each node's GameNode under its path.
func gameTree(b games.Board, depth, ply int, path, move string, win int, nodes map[string]GameNode, sb *strings.Builder) {
	node := GameNode{Move: move, Cells: b.Cells(), Side: b.Side()}
	sign := 1
	if ply%2 == 1 {
		sign = -1
	}
	if out := b.Outcome(); out != games.Ongoing {
		v := 0 // a draw
		switch out {
		case games.Win: // the side to move's win
			v = sign * win
		case games.Loss:
			v = -sign * win
		}
		node.End = "draw"
		if v > 0 {
			node.End = "win"
		} else if v < 0 {
			node.End = "loss"
		}
		nodes[path] = node
		sb.WriteString(strconv.Itoa(v))
		return
	}
	nodes[path] = node
	if depth == 0 {
		sb.WriteString(strconv.Itoa(sign * b.Evaluate()))
		return
	}
	sb.WriteByte('[')
	for i, m := range b.Moves(nil) {
		if i > 0 {
			sb.WriteByte(',')
		}
		b.Play(m)
		child := strconv.Itoa(i)
		if path != "" {
			child = path + "." + child
		}
		gameTree(b, depth-1, ply+1, child, b.Game().MoveName(m), win, nodes, sb)
		b.Undo()
	}
	sb.WriteByte(']')
}

// countLeaves counts b's tree's leaves depth plies deep, stopping past most.
func countLeaves(b games.Board, depth, most int) int {
	if depth == 0 || b.Outcome() != games.Ongoing {
		return 1
	}
	n := 0
	for _, m := range b.Moves(nil) {
		b.Play(m)
		n += countLeaves(b, depth-1, most-n)
		b.Undo()
		if n > most {
			break
		}
	}
	return n
}

// seededPosition plays sheetPlies moves drawn from seed from position,
// drawing again (up to sheetTries times) when the game ends on the way or the
// tree from there has more than most leaves.
func seededPosition(g *games.Game, position string, seed, depth, most int) (games.Board, error) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x9E3779B97F4A7C15))
	for range sheetTries {
		b, _ := g.Parse(position)
		ok := true
		for range sheetPlies {
			ms := b.Moves(nil)
			if len(ms) == 0 {
				ok = false
				break
			}
			b.Play(ms[rng.IntN(len(ms))])
			if b.Outcome() != games.Ongoing {
				ok = false
				break
			}
		}
		if ok && countLeaves(b, depth, most) <= most {
			return b, nil
		}
	}
	return nil, &FieldError{"position", msg.New("go-server.gameExerciseNoSeed", "No position {plies} moves after this one (seed {seed}) has a tree of at most {most} leaves that is not over; choose another position or a smaller depth.",
		"plies", sheetPlies, "seed", seed, "most", most)}
}
