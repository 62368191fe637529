package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

// TestMakePlaysTheNamedMove: whatever order the searcher puts the moves in,
// Make plays the move it names (a regression: it once played the move that
// had stood at the same index before ordering).
func TestMakePlaysTheNamedMove(t *testing.T) {
	for _, l := range readEPD(t, "perft/cpw_standard_positions.epd") {
		p, err := NewChessPosition(l.fen)
		if err != nil {
			t.Fatal(err)
		}
		moves := p.Moves()
		slices.Reverse(moves)
		for _, m := range moves {
			g := chess.NewGame(mustFEN(t, l.fen), chess.UseNotation(chess.UCINotation{}))
			if err := g.MoveStr(UCI(m)); err != nil {
				t.Fatal(err)
			}
			p.Make(m)
			if got, want := p.FEN(), g.Position().String(); got != want {
				t.Fatalf("after %s from %s: %s, want %s", UCI(m), l.fen, got, want)
			}
			p.Unmake()
		}
	}
}

// TestWACMatesInTwo: the 16 Win At Chess mates in 2
// (testdata/tactics/wac_shallow20.epd, "dm 2") give the published
// first move and mate 2 at depth 3, with the PV legal move by move.
func TestWACMatesInTwo(t *testing.T) {
	n := 0
	for _, l := range readEPD(t, "tactics/wac_shallow20.epd") {
		if l.ops["dm"] != "2" {
			continue
		}
		n++
		l := l
		t.Run(l.ops["id"], func(t *testing.T) {
			t.Parallel()
			p, err := NewChessPosition(l.fen)
			if err != nil {
				t.Fatal(err)
			}
			opt := ChessDefaults()
			opt.Depth = 3
			res := checkedSearch(t, p, opt)
			if res.MateMoves() != 2 {
				t.Errorf("score %d (mate %d), want mate 2", res.Score, res.MateMoves())
			}
			if san := strings.TrimRight(p.SAN(res.BestMove), "+#"); san != strings.TrimRight(l.ops["bm"], "+#") {
				t.Errorf("best move %s (%s), want %s", san, UCI(res.BestMove), l.ops["bm"])
			}
			replayPV(t, l.fen, res.PV)
		})
	}
	if n != 16 {
		t.Fatalf("found %d mates in 2, want 16", n)
	}
}

// TestMatetrackShortMates: every matetrack position with a mate in 1 to 3
// (testdata/mates/matetrack_mate1to5_pv.epd; "bm #N" is the mate
// score there) scores a mate in exactly N at depth 2N-1.
func TestMatetrackShortMates(t *testing.T) {
	heavy(t)
	n := 0
	for _, l := range readEPD(t, "mates/matetrack_mate1to5_pv.epd") {
		mate, err := strconv.Atoi(strings.TrimPrefix(l.ops["bm"], "#"))
		if err != nil || mate < 1 || mate > 3 {
			continue
		}
		n++
		l := l
		t.Run(fmt.Sprintf("#%d/%s", mate, strings.ReplaceAll(l.fen, "/", "_")), func(t *testing.T) {
			t.Parallel()
			p, err := NewChessPosition(l.fen)
			if err != nil {
				t.Fatal(err)
			}
			opt := ChessDefaults()
			opt.Depth = 2*mate - 1
			res := checkedSearch(t, p, opt)
			if res.MateMoves() != mate {
				t.Errorf("depth %d: score %d (mate %d), want mate %d", opt.Depth, res.Score, res.MateMoves(), mate)
			}
			replayPV(t, l.fen, res.PV)
		})
	}
	if n != 44 {
		t.Fatalf("found %d mates in 1 to 3, want 44", n)
	}
}

// TestAlgorithmsAgreeOnBratkoKopec: with the table, quiescence and aspiration
// off, minimax, alpha-beta and PVS give the same score on the 24 Bratko-Kopec
// positions at depth 3, and every PV is legal.
func TestAlgorithmsAgreeOnBratkoKopec(t *testing.T) {
	heavy(t)
	eachBratkoKopec(t, func(t *testing.T, l epdLine) {
		opt := ChessDefaults()
		opt.Depth, opt.TT, opt.Quiescence, opt.Aspiration = 3, false, false, false
		scores := map[Algorithm]int{}
		for _, algo := range []Algorithm{Minimax, AlphaBeta, PVS} {
			p, err := NewChessPosition(l.fen)
			if err != nil {
				t.Fatal(err)
			}
			opt.Algorithm = algo
			res := checkedSearch(t, p, opt)
			scores[algo] = res.Score
			if len(res.PV) != 3 && !IsMate(res.Score) {
				t.Errorf("%s: PV %v is not 3 moves long", algo, names(res.PV))
			}
			replayPV(t, l.fen, res.PV)
		}
		if scores[AlphaBeta] != scores[Minimax] || scores[PVS] != scores[Minimax] {
			t.Errorf("scores differ: minimax %d, alpha-beta %d, PVS %d", scores[Minimax], scores[AlphaBeta], scores[PVS])
		}
	})
}

// TestAlgorithmsAgreeWithQuiescence: with quiescence on (table off), alpha-beta
// and PVS, failing soft or hard, with or without aspiration windows, give the
// same score on the Bratko-Kopec positions at depth 3: quiescence prunes by
// the board, never by the window, so every window searches the same tree.
func TestAlgorithmsAgreeWithQuiescence(t *testing.T) {
	eachBratkoKopec(t, func(t *testing.T, l epdLine) {
		base := ChessDefaults()
		base.Depth, base.TT = 3, false
		want := 0
		for i, variant := range []func(*Options){
			func(o *Options) { o.Algorithm = AlphaBeta },
			func(o *Options) { o.Algorithm, o.FailHard = AlphaBeta, true },
			func(o *Options) {},
			func(o *Options) { o.FailHard = true },
			func(o *Options) { o.Aspiration, o.AspirationWindow = true, 10 },
		} {
			opt := base
			variant(&opt)
			p, _ := NewChessPosition(l.fen)
			res := checkedSearch(t, p, opt)
			if i == 0 {
				want = res.Score
			} else if res.Score != want {
				t.Errorf("%s fail-hard=%v aspiration=%v: score %d, alpha-beta %d", opt.Algorithm, opt.FailHard, opt.Aspiration, res.Score, want)
			}
		}
	})
}

// TestPVsReachTheDepth: with the table on and exact hits kept from ending PV
// nodes (the default), alpha-beta's and PVS's PVs are as long as the depth,
// unless the line ends in mate or a draw, on the Bratko-Kopec positions at
// depth 5 (quiescence off, to keep it quick).
func TestPVsReachTheDepth(t *testing.T) {
	heavy(t)
	eachBratkoKopec(t, func(t *testing.T, l epdLine) {
		for _, algo := range []Algorithm{AlphaBeta, PVS} {
			p, _ := NewChessPosition(l.fen)
			opt := ChessDefaults()
			opt.Algorithm, opt.Depth, opt.Quiescence = algo, 5, false
			res := checkedSearch(t, p, opt)
			if len(res.PV) < opt.Depth && !IsMate(res.Score) && res.Score != 0 {
				t.Errorf("%s: PV %v is shorter than depth %d (score %d)", algo, names(res.PV), opt.Depth, res.Score)
			}
			replayPV(t, l.fen, res.PV)
		}
	})
}

// TestAspirationFailsAreTraced: when the root's score falls outside a narrow
// window the trace says so, and the root searched again has the wider window.
func TestAspirationFailsAreTraced(t *testing.T) {
	p, _ := NewChessPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	opt := ChessDefaults()
	opt.Depth, opt.Aspiration, opt.AspirationWindow = 3, true, 1
	_, events := recordedSearch(t, p, opt, true)
	fails := 0
	var root tracer.Event // the root attempt that is running or just ended
	for i, e := range events {
		if e.Kind == tracer.Enter && e.Parent == 0 {
			root = e
		}
		if e.Kind != tracer.AspirationFail {
			continue
		}
		fails++
		next := events[i+1]
		if next.Kind != tracer.Enter || next.Parent != 0 || next.Alpha != e.Alpha || next.Beta != e.Beta {
			t.Errorf("after %+v comes %+v, want the root entered with the widened window", e, next)
		}
		if e.Score > root.Alpha && e.Score < root.Beta {
			t.Errorf("score %d was inside the window (%d, %d) it is said to fail", e.Score, root.Alpha, root.Beta)
		}
	}
	if fails == 0 {
		t.Error("a window of ±1 never failed")
	}
}

// eachBratkoKopec runs f on the 24 Bratko-Kopec positions
// (testdata/tactics/bratko_kopec_24.epd), as parallel subtests.
func eachBratkoKopec(t *testing.T, f func(t *testing.T, l epdLine)) {
	for _, l := range raceTrim(readEPD(t, "tactics/bratko_kopec_24.epd"), 6) {
		t.Run(l.ops["id"], func(t *testing.T) {
			t.Parallel()
			f(t, l)
		})
	}
}
