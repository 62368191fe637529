package engine

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine/games"
)

// ponsScore turns Pascal Pons's exact score of a Connect Four position with
// n discs played into the engine's score for the side to move. Pons
// (http://blog.gamesolver.org/solving-connect-four/02-test-protocol/): a win
// scores 22 − k, k the number of discs the winner has played when winning
// (with its k-th disc); a loss scores k − 22, k the opponent's; a draw 0.
// The engine scores a win reached p plies below the root as MateIn(p), a loss
// as −MateIn(p), p the ply where the loser is to move and has no move.
//   - Win: the side to move has played ⌊n/2⌋ discs, so it drops k − ⌊n/2⌋
//     more, the last on ply p = 2(k − ⌊n/2⌋) − 1 (its own moves are the odd plies).
//   - Loss: the opponent has played ⌈n/2⌉ discs and drops k − ⌈n/2⌉ more, on
//     the even plies: p = 2(k − ⌈n/2⌉).
//
// Pons's own examples: "4455" scores 18 (red wins with its 4th disc: p = 3)
// and "44455554221" scores −15 (red wins with its 7th: p = 2).
func ponsScore(n, score int) int {
	switch {
	case score > 0:
		k := 22 - score
		return MateIn(2*(k-n/2) - 1)
	case score < 0:
		k := 22 + score
		return -MateIn(2 * (k - (n+1)/2))
	}
	return 0
}

// ponsCase is a line of Pons's test sets: the columns played and the score.
type ponsCase struct {
	moves string
	score int
	depth int // the depth searched: the empty cells, unless given
}

// readPons reads a sample of one of Pons's sets kept in testdata, at least min lines.
func readPons(t *testing.T, name string, min int) (cases []ponsCase) {
	f, err := os.Open("testdata/games/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		moves, score, ok := strings.Cut(line, " ")
		s, err := strconv.Atoi(score)
		if !ok || err != nil {
			t.Fatalf("bad line %q in Pons's set", line)
		}
		cases = append(cases, ponsCase{moves, s, 42 - len(moves)})
	}
	if len(cases) < min {
		t.Fatalf("%d cases in %s, want %d", len(cases), name, min)
	}
	return cases
}

// Pons's solved end-game positions (Test_L3_R1, fewer than 14 moves left),
// searched to the end of the game (depth = the empty cells) by alpha-beta
// and by PVS with iterative deepening, both with the table: the win, loss or
// draw and its exact distance are Pons's score. His two worked examples are
// searched at a depth that holds their whole answer (a win on ply 3, a loss on
// ply 2: nothing deeper can change a mate score found that near).
func TestConnectFourPonsEndEasy(t *testing.T) {
	cases := readPons(t, "connect4_pons_L3_R1.txt", 30)
	cases = append(cases, ponsCase{"4455", 18, 6}, ponsCase{"44455554221", -15, 6})
	solvePons(t, cases)
}

// Pons's Middle-Easy positions (Test_L2_R1: up to 27 empty cells, the
// game decided within 13 moves), solved the same way; up to 700,000 nodes
// each, so not with -short.
func TestConnectFourPonsMiddleEasy(t *testing.T) {
	if testing.Short() {
		t.Skip("up to 700,000 nodes a position")
	}
	solvePons(t, readPons(t, "connect4_pons_L2_R1.txt", 10))
}

func solvePons(t *testing.T, cases []ponsCase) {
	t.Helper()
	for _, c := range cases {
		want, depth := ponsScore(len(c.moves), c.score), c.depth
		for _, algo := range []Algorithm{AlphaBeta, PVS} {
			pos, opt, err := Setup{Game: "connect4", Position: c.moves}.Load()
			if err != nil {
				t.Fatalf("%s: %v", c.moves, err)
			}
			opt.Algorithm, opt.Depth, opt.TT = algo, depth, true
			opt.IterativeDeepening, opt.Aspiration = algo == PVS, false
			res, err := Search(context.Background(), pos, opt, nil)
			if err != nil {
				t.Fatalf("%s: %v", c.moves, err)
			}
			t.Logf("%s (Pons: %d) under %v to depth %d: score %d, %d nodes", c.moves, c.score, algo, depth, res.Score, res.Stats.Nodes)
			if res.Score != want {
				t.Errorf("%s (Pons: %d) under %v to depth %d: score %d, want %d", c.moves, c.score, algo, depth, res.Score, want)
			}
		}
	}
}

// BenchmarkConnectFourSearch searches an opening position ("4453") to depth 8
// with the game's defaults (PVS, iterative deepening, the table, killers and
// history), the evaluation answering the leaves, and reports nodes per second.
func BenchmarkConnectFourSearch(b *testing.B) {
	for _, c := range []struct {
		name, position string
		depth          int
	}{{"4453", "4453", 8}} {
		b.Run(c.name, func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				pos, opt, err := Setup{Game: "connect4", Position: c.position}.Load()
				if err != nil {
					b.Fatal(err)
				}
				opt.Depth = c.depth
				res, err := Search(context.Background(), pos, opt, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// c4Negamax is a plain negamax over a games.Board written here from the
// adapter's rules: a finished game scores −MateIn(ply) for the side to move
// that has lost (0 drawn), a position at depth 0 its evaluation.
func c4Negamax(b games.Board, depth int) int {
	switch b.Outcome() {
	case games.Loss:
		return -MateIn(b.Ply())
	case games.Draw:
		return 0
	}
	if depth == 0 {
		return b.Evaluate()
	}
	best := -Mate - 1
	for _, m := range b.Moves(nil) {
		b.Play(m)
		best = max(best, -c4Negamax(b, depth-1))
		b.Undo()
	}
	return best
}

// On 200 positions from random games (a fixed seed), minimax, alpha-beta and
// PVS to depth 4 (no table, no iterative deepening) give the root value of
// the plain negamax above.
func TestConnectFourAlgorithmsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 42))
	var moves []string
	for len(moves) < 200 {
		b, _ := games.ConnectFour.Parse("")
		var seq strings.Builder
		for n := rng.IntN(30); n > 0; n-- {
			ms := b.Moves(nil)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			b.Play(m)
			seq.WriteString(games.ConnectFour.MoveName(m))
		}
		if len(b.Moves(nil)) > 0 {
			moves = append(moves, seq.String())
		}
	}
	mates := 0
	for _, position := range raceTrim(moves, 40) {
		b, err := games.ConnectFour.Parse(position)
		if err != nil {
			t.Fatal(err)
		}
		want := c4Negamax(b, 4)
		if want > mateBound || want < -mateBound {
			mates++
		}
		for _, algo := range []Algorithm{Minimax, AlphaBeta, PVS} {
			pos, opt, err := Setup{Game: "connect4", Position: position}.Load()
			if err != nil {
				t.Fatal(err)
			}
			opt.Algorithm, opt.Depth, opt.IterativeDeepening, opt.Aspiration, opt.TT = algo, 4, false, false, false
			res, err := Search(context.Background(), pos, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != want {
				t.Errorf("%q under %v to depth 4: %d, the plain negamax %d", position, algo, res.Score, want)
			}
		}
	}
	t.Logf("%d positions, %d of them with a win or loss within 4 plies", len(moves), mates)
}
