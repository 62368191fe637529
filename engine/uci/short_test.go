package uci

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// playGame is notnil/chess's game from fen after moves, in UCI.
func playGame(t *testing.T, fen string, moves ...string) *chess.Game {
	t.Helper()
	f, err := chess.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := chess.NewGame(f)
	for _, name := range moves {
		m, err := legalMove(g.Position(), name)
		if err == nil {
			err = g.Move(m)
		}
		if err != nil {
			t.Fatalf("%s after %v: %v", name, moves, err)
		}
	}
	return g
}

// TestShortReasonsByRule: lines written by hand that end where the rules
// speak, each judged by checkShort against notnil/chess, with the game's
// moves before the root counted for repetitions.
func TestShortReasonsByRule(t *testing.T) {
	start := chess.StartingPosition().String()
	knights := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for _, c := range []struct {
		name, fen string
		before    []string // played before the root (--moves)
		pv        []string
		depth     int
		want      string // the reason's word, to make sure each case is the one meant
	}{
		{"mate", start, nil, []string{"f2f3", "e7e5", "g2g4", "d8h4"}, 6, ShortMate},
		{"stalemate", "k7/8/8/2Q5/8/8/8/7K w - - 0 1", nil, []string{"c5c7"}, 5, ShortStalemate},
		{"fifty moves", "k7/8/8/8/8/8/8/KQ6 w - - 99 80", nil, []string{"b1b2"}, 5, ShortFiftyMove},
		{"twofold", start, nil, knights, 10, ShortTwofold},
		{"threefold", start, nil, append(slices.Clone(knights), knights...), 10, ShortRepetition},
		{"threefold with the game before the root", start, []string{"g1f3", "g8f6"},
			[]string{"f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, 10, ShortRepetition},
		{"twofold with the game before the root", start, []string{"g1f3", "g8f6"}, []string{"f3g1", "f6g8"}, 10, ShortTwofold},
		{"the engine", start, nil, []string{"e2e4", "e7e5"}, 6, ShortEngine},
		{"full length", start, nil, []string{"e2e4", "e7e5"}, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, err := Inspection{Depth: c.depth, Moves: c.before}.root(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			l := checkLine(root, Info{Depth: c.depth, MultiPV: 1, HasScore: true, PV: c.pv})
			g := playGame(t, c.fen, append(slices.Clone(c.before), c.pv...)...)
			checkShort(t, l, g)
			if l.Short != c.want {
				t.Errorf("short %q, the case is about %q", l.Short, c.want)
			}
			threefold := slices.Contains(g.EligibleDraws(), chess.ThreefoldRepetition)
			if threefold != (c.want == ShortRepetition) {
				t.Errorf("notnil/chess: threefold %v; the line says %q", threefold, l.Short)
			}
			if root.pos.Ply() != len(c.before) || root.pos.FEN() != playGame(t, c.fen, c.before...).Position().String() {
				t.Errorf("the root moved: %s", root.pos.FEN())
			}
		})
	}
}

// TestShortReasonsStockfish: every short line of Stockfish's search of the
// start position has a reason (checkReport judges each by notnil/chess); a
// mate in two ends in mate; a queen's perpetual check ends at a twofold
// repetition, which notnil/chess confirms: the position stood once before,
// and playing the cycle again makes it a threefold repetition by its rules.
func TestShortReasonsStockfish(t *testing.T) {
	requireEngine(t, "/usr/games/stockfish")
	// The rooks' back-rank mate: 1.Rd8+ Rxd8 2.Rxd8#.
	const mateInTwo = "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1"
	// Black threatens mate, so White checks for ever: Qe8+ Kh7 Qh5+ Kg8 Qe8+,
	// the king shut in by its own g-pawn and the queen's diagonals.
	const perpetual = "6k1/6p1/5p2/8/8/8/rr6/4Q1K1 w - - 0 1"
	for _, c := range []struct {
		name, fen    string
		depth, lines int
	}{
		{"start", chess.StartingPosition().String(), 12, 2},
		{"mate in two", mateInTwo, 6, 1},
		{"perpetual", perpetual, 10, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := Inspect(context.Background(), Inspection{Engine: "/usr/games/stockfish", FEN: c.fen, Depth: c.depth, MultiPV: c.lines})
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, r, c.fen, c.depth) // each short line's reason, by notnil/chess
			short, byEngine := 0, 0
			for _, l := range r.Iterations {
				if l.Short != "" {
					short++
				}
				if l.Short == ShortEngine {
					byEngine++
				}
			}
			t.Logf("%s at depth %d: %d lines, %d short, %d of them stopped by the engine", c.name, c.depth, len(r.Iterations), short, byEngine)
			final := r.Iterations[r.finalLines()[0]]
			g := playGame(t, c.fen, final.PV...)
			switch c.name {
			case "start":
				if short == 0 {
					t.Errorf("no short line at all: the test checks nothing")
				}
			case "mate in two":
				if g.Method() != chess.Checkmate || final.Short != ShortMate || final.Mate == nil || *final.Mate != 2 {
					t.Errorf("final line %v (%v, short %q): notnil/chess says %v", final.SAN, final.Mate, final.Short, g.Method())
				}
			case "perpetual":
				if len(final.PV) < 5 {
					t.Fatalf("final line %v: too short for a cycle of four plies and a check", final.SAN)
				}
				twice := g.Clone()
				cycle := final.PV[len(final.PV)-4:] // the king's move, Qh5+, Kg8, Qe8+: from the end back to the end
				for _, name := range cycle {
					m, err := legalMove(twice.Position(), name)
					if err != nil {
						t.Fatal(err)
					}
					twice.Move(m)
				}
				if repeats(g) != 1 || slices.Contains(g.EligibleDraws(), chess.ThreefoldRepetition) ||
					!slices.Contains(twice.EligibleDraws(), chess.ThreefoldRepetition) {
					t.Errorf("final line %v is not a twofold repetition by notnil/chess (repeats %d, draws %v, after the cycle again %v)",
						final.SAN, repeats(g), g.EligibleDraws(), twice.EligibleDraws())
				}
				if final.Short != ShortTwofold || !strings.Contains(strings.Join(final.Flags, " "), "scores a twofold repetition as a draw") {
					t.Errorf("final line %v: short %q, flags %q", final.SAN, final.Short, final.Flags)
				}
			}
		})
	}
}
