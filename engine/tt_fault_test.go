package engine

import (
	"context"
	"testing"

	"github.com/pvscope/pvscope/tracer"
)

// fenGame is the checker's tracer.PositionGame for a search of this package:
// TraceGame's legality, and the FEN a line reaches (the table rules' own
// position for each node, as pvscope check's is).
type fenGame struct{ *TraceGame }

func (g fenGame) Position(line []string) (string, bool) {
	c, ok := g.play(line)
	if !ok {
		return "", false
	}
	return c.FEN(), c.EnPassantCapture()
}

// ttChecked searches fen with opt and checks the trace as pvscope check
// does (the header's FEN and meta.ttMate, every violation reported); it
// returns the violations in trace order and the table's keyed traffic.
func ttChecked(t *testing.T, fen string, opt Options) (violations []*tracer.Violation, stores, links int) {
	t.Helper()
	pos, err := NewChessPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewTraceGame(fen)
	if err != nil {
		t.Fatal(err)
	}
	var rec eventList
	if _, err := Search(context.Background(), pos, opt, &rec); err != nil {
		t.Fatal(err)
	}
	meta := opt.Describe()
	meta["fen"], meta["ttMate"] = fen, TTMate
	chk := &tracer.Checker{Game: fenGame{g}}
	chk.Report = func(v *tracer.Violation) { violations = append(violations, v) }
	chk.Warn = func(*tracer.Violation) {}
	chk.Writer = func(v *tracer.Violation) { t.Errorf("writer mistake: %v", v) }
	chk.OnTTLink = func(tracer.TTLink) { links++ }
	chk.SetHeader(tracer.Header{Format: tracer.FormatName, Version: tracer.Version, Meta: meta})
	for _, e := range rec {
		if (e.Kind == tracer.TTProbe || e.Kind == tracer.TTHit || e.Kind == tracer.TTStore || e.Kind == tracer.TTCutoff) && !e.HasKey {
			t.Fatalf("seq %d: %s without a key", e.Seq, e.Kind)
		}
		if e.Kind == tracer.TTStore {
			stores++
		}
		chk.Emit(e)
	}
	chk.Finish()
	return violations, stores, links
}

// TestTTFaultsNamedByTheirRule: each planted table bug makes pvscope's
// checker name its rule in the trace's first violation, and the same search
// without it checks clean. The positions are chosen so each bug shows:
//   - mates: a rook ending mated within the horizon, mate scores stored
//     at plies 1 and beyond and read again at other plies and iterations;
//   - castling: the rooks go out and back (Ra1-b1-a1 against Rh1-g1-h1):
//     one placement with rights K and with rights Q, both at ply 3;
//   - en passant: White's e-pawn reaches e4 in one double step, which
//     d4 may take en passant, and in two single steps with king moves
//     between: one placement with and without the square (depth 6 is the
//     first where both lines are searched);
//   - side to move: Ka1-a2-b1 (ply 3, Black to move) and Ka1-b1 (ply 2,
//     White to move) with the black king on g8 both times.
func TestTTFaultsNamedByTheirRule(t *testing.T) {
	const (
		mate     = "k7/8/2K5/8/8/8/8/7R w - - 0 1"
		start    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
		castling = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
		ep       = "k7/8/8/8/3p4/8/4P3/7K w - - 0 1"
		side     = "7k/8/8/8/8/8/8/K7 w - - 0 1"
	)
	for _, c := range []struct {
		name  string
		fault ttFault
		fen   string
		depth int
		rule  string
	}{
		{"store without the ply", ttFaultStorePly, mate, 5, "tt-mate-ply"},
		{"probe without the ply", ttFaultProbePly, mate, 5, "tt-mate-ply"},
		{"exact from a fail-low", ttFaultExactLow, start, 3, "tt-bound"},
		{"no depth check", ttFaultShallow, start, 4, "tt-depth"},
		{"key without castling", ttFaultKeyCastle, castling, 4, "tt-key"},
		{"key without en passant", ttFaultKeyEP, ep, 6, "tt-key"},
		{"key without the side", ttFaultKeySide, side, 4, "tt-key"},
		{"move corrupted", ttFaultMove, start, 3, "tt-move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := ChessDefaults()
			opt.Depth = c.depth
			sound, stores, links := ttChecked(t, c.fen, opt)
			if len(sound) != 0 {
				t.Errorf("sound table: %d violations, first %v", len(sound), sound[0])
			}
			if stores == 0 || links == 0 {
				t.Errorf("sound table: %d stores, %d hits linked to one: nothing to judge", stores, links)
			}
			opt.ttFault = c.fault
			planted, _, _ := ttChecked(t, c.fen, opt)
			if len(planted) == 0 {
				t.Fatalf("planted: no violation, want %s first", c.rule)
			}
			if planted[0].Rule != c.rule {
				t.Errorf("planted: first violation %v, want rule %s", planted[0], c.rule)
			}
		})
	}
}
