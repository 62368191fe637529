package engine

// Over 400 lines because it holds the cases of modern search (null move, reductions, pruning,
// extensions) side by side with the helpers they share.

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/tracer"
)

// Tests of the modern-search options (nullmove.go, reduce.go, prune.go,
// extend.go). Their expected values come from outside the engine: notnil/chess
// says which positions are in check and what stands on the board, the perft
// counts are the Chess Programming Wiki's, the mates are matetrack's.

// modernSettings are the options one at a time, then together.
var modernSettings = []string{"null-move", "null-move-verify", "lmr", "futility", "late-move-pruning", "check-extension", "iir", "modern"}

// modernOptions are the chess defaults at depth with one setting on
// (null-move-verify brings null-move with it).
func modernOptions(t testing.TB, setting string, depth int) Options {
	t.Helper()
	opt := ChessDefaults()
	opt.Depth = depth
	if setting == "null-move-verify" {
		opt.NullMove = true
	}
	if err := opt.Set(setting, "true"); err != nil {
		t.Fatal(err)
	}
	return opt
}

// endings are positions where null-move pruning must hold back: one side has
// only king and pawns (so that side never passes), a pawn ending, and a
// position in check at the root.
var endings = []string{
	"8/5pk1/6p1/8/8/6P1/5PK1/3R4 b - -",                                // Black has king and pawns, White a rook
	"8/8/1p3k2/p1p5/P1P5/1P3K2/8/8 w - -",                              // a pawn ending
	"4k3/8/8/8/8/8/4q3/R3K2R w KQ -",                                   // White in check at the root
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", // Kiwipete (CPW)
}

// TestModernTracesAreChecked: with each option on, and all of them, pvscope's
// own traces pass the invariant checker, with PVS and alpha-beta, fail-soft
// and fail-hard, aspiration and MultiPV, and every PV is legal.
func TestModernTracesAreChecked(t *testing.T) {
	fens := append(bkFENs(t, 3), endings...)
	if !testing.Short() {
		fens = append(bkFENs(t, 0), endings...)
	} else if raceEnabled {
		fens = append(bkFENs(t, 1), endings...)
	}
	for _, setting := range modernSettings {
		for i, fen := range fens {
			t.Run(fmt.Sprintf("%s/%d", setting, i), func(t *testing.T) {
				opt := modernOptions(t, setting, 4)
				switch i % 4 {
				case 1:
					opt.Algorithm = AlphaBeta
				case 2:
					opt.FailHard, opt.Aspiration = true, true
				case 3:
					opt.MultiPV = 3
				}
				p, err := NewChessPosition(fen)
				if err != nil {
					t.Fatal(err)
				}
				res := checkedSearch(t, p, opt)
				replayPV(t, fen, res.PV)
			})
		}
	}
}

// TestModernOptionsNeedAWindow: minimax has no window to prune by.
func TestModernOptionsNeedAWindow(t *testing.T) {
	for _, setting := range modernSettings {
		opt := modernOptions(t, setting, 3)
		opt.Algorithm = Minimax
		if err := opt.Validate(); err == nil {
			t.Errorf("%s with minimax: no error", setting)
		}
	}
	opt := ChessDefaults()
	opt.NullMoveVerify = true
	if err := opt.Validate(); err == nil || !strings.Contains(err.Error(), "null-move") {
		t.Errorf("null-move-verify without null-move: %v", err)
	}
}

// eventList is a sink that keeps every event whole.
type eventList []tracer.Event

func (l *eventList) Emit(e tracer.Event) { *l = append(*l, e) }

// listedSearch is a checked search that returns its events.
func listedSearch(t *testing.T, pos Position, opt Options) (Result, []tracer.Event) {
	t.Helper()
	var checker tracer.Checker
	var list eventList
	res, err := Search(context.Background(), pos, opt, tracer.Multi{&checker, &list})
	if err != nil {
		t.Fatal(err)
	}
	if err := checker.Finish(); err != nil {
		t.Fatalf("trace breaks an invariant: %v", err)
	}
	return res, list
}

// libraryNode is a node of a trace replayed on notnil/chess alone.
type libraryNode struct {
	pos     *chess.Position
	inCheck bool
}

// replayTrace plays every enter of a trace on notnil/chess, from fen, and calls
// visit with each node's event, its position and its parent's (nil at the root).
// A pass is played by hand: the FEN with the other side to move and no
// en-passant square.
func replayTrace(t *testing.T, fen string, events []tracer.Event, visit func(e tracer.Event, node, parent *libraryNode)) {
	t.Helper()
	root := &chess.Position{}
	if err := root.UnmarshalText([]byte(fen + " 0 1")); err != nil {
		t.Fatal(err)
	}
	nodes := map[int32]*libraryNode{}
	for _, e := range events {
		switch e.Kind {
		case tracer.Enter:
			if e.Parent == 0 {
				n := &libraryNode{pos: root, inCheck: rootInCheck(t, fen)}
				nodes[e.Node] = n
				visit(e, n, nil)
				continue
			}
			parent := nodes[e.Parent]
			n := &libraryNode{}
			if e.Move == tracer.NullMove {
				f := strings.Fields(parent.pos.String())
				f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
				f[3] = "-"
				n.pos = &chess.Position{}
				if err := n.pos.UnmarshalText([]byte(strings.Join(f, " "))); err != nil {
					t.Fatal(err)
				}
			} else {
				m := libraryMoveNamed(t, parent.pos, e.Move)
				san := chess.AlgebraicNotation{}.Encode(parent.pos, m)
				n.pos = parent.pos.Update(m)
				n.inCheck = strings.HasSuffix(san, "+") || strings.HasSuffix(san, "#")
			}
			nodes[e.Node] = n
			visit(e, n, parent)
		case tracer.Exit:
			delete(nodes, e.Node)
		}
	}
}

func libraryMoveNamed(t *testing.T, pos *chess.Position, uci string) *chess.Move {
	t.Helper()
	for _, m := range pos.ValidMoves() {
		if m.String() == uci {
			return m
		}
	}
	t.Fatalf("%s is not legal in %s", uci, pos)
	return nil
}

// rootInCheck asks notnil/chess: a position is in check when the same board
// with the other side to move has a move that takes the king.
func rootInCheck(t *testing.T, fen string) bool {
	f := strings.Fields(fen)
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	f[2], f[3] = "-", "-"
	p := &chess.Position{}
	if err := p.UnmarshalText([]byte(strings.Join(f, " ") + " 0 1")); err != nil {
		return true // the side not to move stands in check: so would the other
	}
	for _, m := range p.ValidMoves() {
		if p.Board().Piece(m.S2()).Type() == chess.King {
			return true
		}
	}
	return false
}

// onlyKingAndPawns says whether the side to move has nothing but king and pawns.
func onlyKingAndPawns(pos *chess.Position) bool {
	for _, pc := range pos.Board().SquareMap() {
		if pc.Color() == pos.Turn() && pc.Type() != chess.King && pc.Type() != chess.Pawn {
			return false
		}
	}
	return true
}

// TestNullMoveNeverInCheckNorWithOnlyPawns walks traces with null-move on and
// finds no pass made in check, after a pass, or by a side with only king and
// pawns, and at least one pass in each search of a middle game.
func TestNullMoveNeverInCheckNorWithOnlyPawns(t *testing.T) {
	middle := 4 // the first fens are Bratko-Kopec middle games, then the endings
	if raceEnabled && testing.Short() {
		middle = 1
	}
	fens := append(bkFENs(t, middle), endings...)
	for _, setting := range []string{"null-move", "modern"} {
		for i, fen := range fens {
			t.Run(fmt.Sprintf("%s/%d", setting, i), func(t *testing.T) {
				p, err := NewChessPosition(fen)
				if err != nil {
					t.Fatal(err)
				}
				_, events := listedSearch(t, p, modernOptions(t, setting, 5))
				passes, cutoffs := 0, 0
				moveOf := map[int32]string{}
				replayTrace(t, fen, events, func(e tracer.Event, n, parent *libraryNode) {
					moveOf[e.Node] = e.Move
					if e.Move != tracer.NullMove {
						return
					}
					passes++
					switch {
					case parent.inCheck:
						t.Fatalf("node %d: a pass in check, in %s", e.Node, parent.pos)
					case onlyKingAndPawns(parent.pos):
						t.Fatalf("node %d: a pass with only king and pawns, in %s", e.Node, parent.pos)
					case moveOf[e.Parent] == tracer.NullMove:
						t.Fatalf("node %d: a pass after a pass", e.Node)
					case e.Reduced != 2 && e.Reduced != 3 || e.Why != tracer.WhyNullMove:
						t.Fatalf("node %d: a pass reduced %d for %q", e.Node, e.Reduced, e.Why)
					}
				})
				for _, e := range events {
					if e.Kind == tracer.Cutoff && e.Move == tracer.NullMove {
						cutoffs++
					}
				}
				t.Logf("%d passes, %d cut off", passes, cutoffs)
				// With null-move-verify (in modern) a cutoff is made by the verifying move.
				if setting == "null-move" && i < middle && (passes == 0 || cutoffs == 0) {
					t.Errorf("a middle game with no pass or no cutoff by one: %d passes, %d cutoffs", passes, cutoffs)
				}
			})
		}
	}
}

// TestReducedMovesThatBeatAlphaAreSearchedAgain walks traces with lmr on: every
// reduced probe whose score beats its parent's alpha is followed, as the
// parent's next child, by a re-search of it (ref = the probe) at the full
// depth, unreduced.
func TestReducedMovesThatBeatAlphaAreSearchedAgain(t *testing.T) {
	fens := bkFENs(t, 6)
	for _, setting := range []string{"lmr", "modern"} {
		reduced, again := 0, 0
		for i, fen := range fens {
			t.Run(fmt.Sprintf("%s/%d", setting, i), func(t *testing.T) {
				p, err := NewChessPosition(fen)
				if err != nil {
					t.Fatal(err)
				}
				_, events := listedSearch(t, p, modernOptions(t, setting, 5))
				entered := map[int32]tracer.Event{}
				owed := map[int32]tracer.Event{} // parent -> the reduced probe that must be searched again
				for _, e := range events {
					switch e.Kind {
					case tracer.Enter:
						entered[e.Node] = e
						if probe, ok := owed[e.Parent]; ok {
							delete(owed, e.Parent)
							if e.Ref != probe.Node || e.Reduced != 0 || int(e.Depth) != int(probe.Depth)+int(probe.Reduced) {
								t.Fatalf("after reduced probe %d (depth %d, reduced %d) beat alpha, node %d of parent %d: ref %d, depth %d, reduced %d",
									probe.Node, probe.Depth, probe.Reduced, e.Node, e.Parent, e.Ref, e.Depth, e.Reduced)
							}
							again++
						}
						if e.Why == tracer.WhyLMR {
							reduced++
						}
					case tracer.Exit:
						in := entered[e.Node]
						delete(entered, e.Node)
						// The probe's window is (-alpha-1, -alpha) for its parent's alpha.
						if in.Why == tracer.WhyLMR && e.End != tracer.Stopped && -e.Score > -in.Beta {
							owed[in.Parent] = in
						}
						if probe, ok := owed[e.Node]; ok {
							t.Fatalf("node %d exited owing the re-search of its reduced probe %d", e.Node, probe.Node)
						}
					}
				}
			})
		}
		t.Logf("%s: %d reduced probes, %d searched again", setting, reduced, again)
		if reduced == 0 || again == 0 {
			t.Errorf("%s: nothing tested: %d reduced probes, %d searched again", setting, reduced, again)
		}
	}
}

// TestModernFindsMates: matetrack's mates in 1 to 3 at depth 2N-1, where
// N is matetrack's own mate length (the shortest), with check-extension alone
// and with modern=true (a sample in -short mode): each finds exactly mate in
// N, and its line is legal. Depth 2N-1 leaves no ply to spare: this is what
// the depths at which the techniques start were chosen for (prune.go,
// reduce.go, node.go's Step 4b; docs/measurements.md, Modern search).
func TestModernFindsMates(t *testing.T) {
	n := 0
	for i, l := range readEPD(t, "mates/matetrack_mate1to5_pv.epd") {
		mate, err := strconv.Atoi(strings.TrimPrefix(l.ops["bm"], "#"))
		every := 1
		if testing.Short() {
			every = 5
			if raceEnabled {
				every = 11
			}
		}
		if err != nil || mate < 1 || mate > 3 || i%every != 0 {
			continue
		}
		n++
		t.Run(fmt.Sprintf("#%d/%s", mate, strings.ReplaceAll(l.fen, "/", "_")), func(t *testing.T) {
			for _, setting := range []string{"check-extension", "modern"} {
				p, err := NewChessPosition(l.fen)
				if err != nil {
					t.Fatal(err)
				}
				res := checkedSearch(t, p, modernOptions(t, setting, 2*mate-1))
				if got := res.MateMoves(); got != mate {
					t.Errorf("%s, depth %d: score %d (mate %d), want mate %d", setting, 2*mate-1, res.Score, got, mate)
				}
				replayPV(t, l.fen, res.PV)
			}
		})
	}
	if n == 0 {
		t.Fatal("no mate read")
	}
	if !testing.Short() && n != 44 {
		t.Errorf("read %d mates in 1 to 3, want matetrack's 44", n)
	}
}

// TestPerftAfterModernSearch: a search with every option on (passes
// included) leaves the position as it found it: perft from it still gives the
// Chess Programming Wiki's counts.
func TestPerftAfterModernSearch(t *testing.T) {
	for i, l := range readEPD(t, "perft/cpw_standard_positions.epd") {
		t.Run(fmt.Sprintf("pos%d", i+1), func(t *testing.T) {
			p, err := NewChessPosition(l.fen)
			if err != nil {
				t.Fatal(err)
			}
			checkedSearch(t, p, modernOptions(t, "modern", 5))
			want, _ := strconv.ParseInt(l.ops["D3"], 10, 64)
			if got := Perft(p, 3); got != want {
				t.Errorf("perft(3) after the search = %d, want %d", got, want)
			}
		})
	}
}

// TestPassKeepsKeyAndBoard: a pass changes only the side to move (and drops
// the en-passant square): its key is the one computed from scratch, and
// Unmake restores the position.
func TestPassKeepsKeyAndBoard(t *testing.T) {
	for _, fen := range append(bkFENs(t, 0), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3") {
		p, err := NewChessPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		before, key := p.FEN(), p.Key()
		p.MakeNull()
		f, g := strings.Fields(before), strings.Fields(p.FEN())
		if g[0] != f[0] || g[1] == f[1] || g[3] != "-" {
			t.Errorf("%s: after a pass %s", before, p.FEN())
		}
		if p.Key() != keyFromScratch(p.stack[p.ply].pos) {
			t.Errorf("%s: the pass's key is not the one computed from scratch", before)
		}
		p.Unmake()
		if p.FEN() != before || p.Key() != key {
			t.Errorf("%s: Unmake after a pass gives %s", before, p.FEN())
		}
	}
}

// TestIIRExhibitsFollowTheTrace: for each gallery exhibit cut for iir-at-pv,
// the trace shows why: the node where the line ends lies at a ply before the
// depth, and on its path from the root (itself included) a node was entered
// with why iir and reduced 1.
func TestIIRExhibitsFollowTheTrace(t *testing.T) {
	n := 0
	for _, g := range Gallery {
		if g.Reason != tracer.IIRAtPV {
			continue
		}
		n++
		t.Run(g.Source, func(t *testing.T) {
			pos, opt, err := g.Load()
			if err != nil {
				t.Fatal(err)
			}
			res, events := listedSearch(t, pos, opt)
			var cut *Truncation
			for _, c := range res.Truncations() {
				if c.Method == g.Method && c.Reason == g.Reason && c.Depth == opt.Depth {
					cut = &c
				}
			}
			if cut == nil {
				t.Fatalf("no %v cut for %v at depth %d: %+v", g.Method, g.Reason, opt.Depth, res.Truncations())
			}
			entered := map[int32]tracer.Event{}
			for _, e := range events {
				if e.Kind == tracer.Enter {
					entered[e.Node] = e
				}
			}
			found := false
			for id := cut.Node; id != 0; id = entered[id].Parent {
				if e := entered[id]; e.Why == tracer.WhyIIR && e.Reduced == 1 {
					found = true
				}
			}
			if cut.Ply >= opt.Depth || !found {
				t.Errorf("cut at ply %d of depth %d, node %d: an iir node on its path: %v", cut.Ply, opt.Depth, cut.Node, found)
			}
		})
	}
	if n < 3 {
		t.Fatalf("%d iir-at-pv exhibits, want at least 3", n)
	}
}

// TestModernDepthsAddUp: every node is searched at its parent's depth minus
// one, minus the plies its enter says it was reduced, plus the plies it says
// it was extended (a pass, a verification, a late move, iir and a check alike):
// the trace tells the depth the search used. (The null-move verification once
// took its ply twice, searching at depth-3 while saying 1 ply.)
func TestModernDepthsAddUp(t *testing.T) {
	n := 3
	if raceEnabled && testing.Short() {
		n = 1
	}
	for _, setting := range modernSettings {
		t.Run(setting, func(t *testing.T) {
			for _, fen := range bkFENs(t, n) {
				p, err := NewChessPosition(fen)
				if err != nil {
					t.Fatal(err)
				}
				_, events := recordedSearch(t, p, modernOptions(t, setting, 5), true)
				depth := map[int32]int16{}
				bad := 0
				for _, e := range events {
					if e.Kind != tracer.Enter {
						continue
					}
					depth[e.Node] = e.Depth
					if e.Parent == 0 {
						continue
					}
					if want := depth[e.Parent] - 1 - e.Reduced + e.Extended; e.Depth != want && bad < 3 {
						bad++
						t.Errorf("%s: node %d (%s, why %q) entered at depth %d; its parent's depth %d, reduced %d, extended %d make %d",
							fen, e.Node, e.Move, e.Why, e.Depth, depth[e.Parent], e.Reduced, e.Extended, want)
					}
				}
			}
		})
	}
}
