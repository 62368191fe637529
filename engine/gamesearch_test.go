package engine

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer"
)

// gameNegamax is a plain fixed-depth negamax over a games.Board, written here
// from the value GamePosition promises: a game over is worth a mate at the
// ply it is reached (Mate minus the plies from the root at ply root, lost or
// won) or 0 drawn; the
// horizon is the game's evaluation; otherwise the best of the negated
// children. No window, no table, no ordering.
func gameNegamax(b games.Board, depth, root int) int {
	switch b.Outcome() {
	case games.Loss:
		return -(Mate - (b.Ply() - root))
	case games.Win:
		return Mate - (b.Ply() - root)
	case games.Draw:
		return 0
	}
	if depth == 0 {
		return b.Evaluate()
	}
	best := -Infinity
	for _, m := range b.Moves(nil) {
		b.Play(m)
		best = max(best, -gameNegamax(b, depth-1, root))
		b.Undo()
	}
	return best
}

// randomGamePositions plays n random games from the start with a fixed seed,
// each stopped after a random number of moves (or at its end), and returns
// the move sequences.
func randomGamePositions(t testing.TB, g *games.Game, n int, seed int64) [][]games.Move {
	rng := rand.New(rand.NewSource(seed))
	var out [][]games.Move
	for range n {
		b, err := g.Parse("")
		if err != nil {
			t.Fatal(err)
		}
		var line []games.Move
		for plies := rng.Intn(g.Rows*g.Cols + 1); len(line) < plies; {
			ms := b.Moves(nil)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.Intn(len(ms))]
			b.Play(m)
			line = append(line, m)
		}
		out = append(out, line)
	}
	return out
}

// gameBoard is g's start with line played.
func gameBoard(t testing.TB, g *games.Game, line []games.Move) games.Board {
	b, err := g.Parse("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range line {
		b.Play(m)
	}
	return b
}

// affordableDepth is the deepest of 1 to 5 at which the positions' move
// sequences stay within 1,500 each on average, so 200 positions under 20
// searches each fit the test's time.
func affordableDepth(t testing.TB, g *games.Game, lines [][]games.Move) int {
	d := 1
	for ; d < 5; d++ {
		var sum uint64
		for _, line := range lines {
			sum += games.Perft(gameBoard(t, g, line), d+1)
		}
		if sum > 1500*uint64(len(lines)) {
			break
		}
	}
	return d
}

// TestGameSearchEqualsNegamax: on 200 random positions of every game,
// minimax, alpha-beta and PVS (fail-hard and fail-soft, with and without the
// table, with and without iterative deepening, with aspiration windows, and
// with and without move ordering, the game's own order included) return the
// root value of the plain negamax above.
func TestGameSearchEqualsNegamax(t *testing.T) {
	type config struct {
		algo                          Algorithm
		failHard, tt, id, asp, noSort bool
	}
	configs := []config{{algo: Minimax}}
	for _, algo := range []Algorithm{AlphaBeta, PVS} {
		for _, fh := range []bool{false, true} {
			for _, tt := range []bool{false, true} {
				for _, id := range []bool{false, true} {
					configs = append(configs, config{algo: algo, failHard: fh, tt: tt, id: id})
				}
			}
			configs = append(configs, config{algo: algo, failHard: fh, tt: true, id: true, asp: true},
				config{algo: algo, failHard: fh, tt: true, id: true, noSort: true})
		}
	}
	n := 200
	if testing.Short() {
		n = 40
	}
	if raceEnabled && testing.Short() {
		n = 10 // the full pass plays 200 (raceTrim)
	}
	for _, g := range games.All() {
		lines := randomGamePositions(t, g, n, 43)
		depth := affordableDepth(t, g, lines)
		t.Logf("%s: %d positions at depth %d", g.Name, len(lines), depth)
		for i, line := range lines {
			want := gameNegamax(gameBoard(t, g, line), depth, len(line))
			for _, c := range configs {
				opt := GameDefaults()
				opt.Algorithm, opt.Depth, opt.FailHard, opt.TT, opt.IterativeDeepening, opt.Aspiration = c.algo, depth, c.failHard, c.tt, c.id, c.asp
				// A small table and one PV collector: 20 searches of each of 200 positions.
				opt.TTSize, opt.PVMethods = 1<<12, TriangularOnly
				if c.noSort {
					opt.OrderTT, opt.OrderKillers, opt.OrderHistory = false, false, false
				}
				b := gameBoard(t, g, line)
				res, err := Search(context.Background(), NewGamePosition(b), opt, nil)
				if err != nil {
					t.Fatal(err)
				}
				if res.Score != want {
					t.Fatalf("%s position %d (%s) at depth %d, %+v: score %d, negamax %d", g.Name, i, b.String(), depth, c, res.Score, want)
				}
				if b.Ply() != len(line) || b.String() != gameBoard(t, g, line).String() {
					t.Fatalf("%s position %d: the search left the board at %s", g.Name, i, b.String())
				}
			}
		}
	}
}

// TestGameOrderFirst: with ordering on, the game's own order ranks the root's
// moves before any cutoff has taught history anything: tic-tac-toe's centre
// (Board.Prefer ranks it highest) is searched first from the empty board,
// where square order would try a1 first.
func TestGameOrderFirst(t *testing.T) {
	pos, opt, err := Setup{Game: "tictactoe"}.Load()
	if err != nil {
		t.Fatal(err)
	}
	opt.Depth, opt.IterativeDeepening, opt.TT = 2, false, false
	rec := &firstChild{}
	if _, err := Search(context.Background(), pos, opt, rec); err != nil {
		t.Fatal(err)
	}
	if rec.move != "b2" {
		t.Errorf("the first move searched from the empty board is %q, want the centre b2", rec.move)
	}
}

// BenchmarkGameSearch searches each game's start at the page's default
// depth (GameDefaults) and reports nodes per second.
func BenchmarkGameSearch(b *testing.B) {
	for _, g := range games.All() {
		b.Run(g.Name, func(b *testing.B) {
			opt := GameDefaults()
			var nodes int64
			for range b.N {
				res, err := Search(context.Background(), NewGamePosition(gameBoard(b, g, nil)), opt, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), fmt.Sprintf("nodes/search@d%d", opt.Depth))
		})
	}
}

// firstChild keeps the move of the first node entered below the root.
type firstChild struct {
	root int32
	move string
}

func (f *firstChild) Emit(e tracer.Event) {
	if e.Kind != tracer.Enter || f.move != "" {
		return
	}
	if f.root == 0 {
		f.root = e.Node
		return
	}
	if e.Parent == f.root {
		f.move = e.Move
	}
}
