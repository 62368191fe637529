package uci

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// requireEngine skips without the Debian engine locally, and fails in CI
// (CI=true or PVSCOPE_REQUIRE_BROWSER=1), where .ci/run installs it.
func requireEngine(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err == nil {
		return
	}
	if os.Getenv("CI") == "true" || os.Getenv("PVSCOPE_REQUIRE_BROWSER") == "1" {
		t.Fatalf("%s is missing: install the Debian package (apt-get install %s)", path, path[strings.LastIndex(path, "/")+1:])
	}
	t.Skipf("%s is missing; install it to run this test (it fails instead under CI=true)", path)
}

// independentEnd classifies where a line ends with notnil/chess alone, for
// the ends the rules decide; "" for quiet or capture pending, which the test
// checks by another route.
func independentEnd(g *chess.Game) string {
	pos := g.Position()
	switch pos.Status() {
	case chess.Checkmate:
		return EndMate
	case chess.Stalemate:
		return EndStalemate
	}
	if repeats(g) > 0 {
		return EndRepetition
	}
	if pos.HalfMoveClock() >= 100 {
		return EndFiftyMove
	}
	if ms := g.Moves(); len(ms) > 0 && ms[len(ms)-1].HasTag(chess.Check) {
		return EndInCheck
	}
	return ""
}

// repeats is how often the game's last position stood before, by
// notnil/chess's rule of sameness: the board, the side to move, castling
// rights and the en-passant square (its FEN's first four fields).
func repeats(g *chess.Game) int {
	key := func(p *chess.Position) string { return strings.Join(strings.Fields(p.String())[:4], " ") }
	ps := g.Positions()
	n := 0
	for _, p := range ps[:len(ps)-1] {
		if key(p) == key(ps[len(ps)-1]) {
			n++
		}
	}
	return n
}

// independentShort is why a line that ends at g's position is short, by
// notnil/chess: what the rules end there, else the engine's own stop.
func independentShort(g *chess.Game) string {
	switch independentEnd(g) {
	case EndMate:
		return ShortMate
	case EndStalemate:
		return ShortStalemate
	case EndFiftyMove:
		return ShortFiftyMove
	case EndRepetition:
		if repeats(g) == 1 {
			return ShortTwofold
		}
		return ShortRepetition
	}
	return ShortEngine
}

// checkShort: a line shorter than its depth (and exact) carries the reason
// notnil/chess gives, in its short field and its flag; any other, neither.
func checkShort(t *testing.T, l Line, g *chess.Game) {
	t.Helper()
	var flag string
	for _, f := range l.Flags {
		if strings.HasPrefix(f, "short:") {
			flag = f
		}
	}
	if l.Length == 0 || l.Length >= l.Depth || l.Bound != "exact" {
		if l.Short != "" || flag != "" {
			t.Errorf("depth %d line %d: %d moves, %s, is not short, but says %q %q", l.Depth, l.MultiPV, l.Length, l.Bound, l.Short, flag)
		}
		return
	}
	want := independentShort(g)
	sentence := map[string]string{ShortMate: "checkmate", ShortStalemate: "stalemate", ShortFiftyMove: "fifty-move rule",
		ShortTwofold: "twofold", ShortRepetition: "a draw by repetition", ShortEngine: EngineStopped}[want]
	if l.Short != want || !strings.Contains(flag, sentence) || !strings.Contains(flag, fmt.Sprintf("at depth %d", l.Depth)) {
		t.Errorf("depth %d line %d (%d moves, ends %s): short %q, flag %q; notnil/chess says %q (%q)", l.Depth, l.MultiPV, l.Length, l.End, l.Short, flag, want, sentence)
	}
}

// checkReport replays every line with notnil/chess: each PV legal, its SAN
// the library's, its end classified as the rules say; and the JSON has every
// field the issue names.
func checkReport(t *testing.T, r Report, fen string, depth int) {
	t.Helper()
	if len(r.Iterations) == 0 {
		t.Fatalf("no lines: %+v", r)
	}
	if last := r.Iterations[len(r.Iterations)-1]; last.Depth != depth {
		t.Errorf("last line at depth %d, want %d", last.Depth, depth)
	}
	for _, l := range r.Iterations {
		f, _ := chess.FEN(fen)
		g := chess.NewGame(f)
		var san []string
		for i, name := range l.PV {
			m, err := legalMove(g.Position(), name)
			if err == nil {
				san = append(san, chess.AlgebraicNotation{}.Encode(g.Position(), m))
				err = g.Move(m)
			}
			if err != nil {
				t.Fatalf("depth %d line %d: move %d (%s) illegal by notnil/chess: %v", l.Depth, l.MultiPV, i+1, name, err)
			}
		}
		if !slices.Equal(san, l.SAN) || l.Length != len(l.PV) {
			t.Errorf("depth %d line %d: san %v, length %d; notnil/chess says %v", l.Depth, l.MultiPV, l.SAN, l.Length, san)
		}
		want := independentEnd(g)
		switch {
		case want != "" && l.End != want:
			t.Errorf("depth %d line %d ends %q, the rules say %q", l.Depth, l.MultiPV, l.End, want)
		case want == "" && l.End != EndQuiet && l.End != EndCapture:
			t.Errorf("depth %d line %d ends %q, want quiet or capture pending", l.Depth, l.MultiPV, l.End)
		case l.End == EndCapture && !hasCapture(g.Position()):
			t.Errorf("depth %d line %d: capture pending, but no capture is legal in %s", l.Depth, l.MultiPV, g.Position())
		}
		checkShort(t, l, g)
		for _, fl := range l.Flags {
			if strings.HasPrefix(fl, "illegal") {
				t.Errorf("depth %d line %d flagged %q", l.Depth, l.MultiPV, fl)
			}
		}
	}
	b, _ := json.Marshal(r)
	var m map[string]any
	json.Unmarshal(b, &m)
	for _, k := range []string{"engine", "fen", "iterations", "warnings"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON has no %q", k)
		}
	}
	for _, it := range m["iterations"].([]any) {
		for _, k := range []string{"depth", "seldepth", "multipv", "score", "mate", "bound", "nodes", "timeMs", "pv", "san", "length", "end", "short", "flags"} {
			if _, ok := it.(map[string]any)[k]; !ok {
				t.Fatalf("an iteration has no %q: %v", k, it)
			}
		}
	}
}

// legalMove finds a UCI move among the position's legal moves, which carry
// the check tags SAN needs.
func legalMove(p *chess.Position, name string) (*chess.Move, error) {
	for _, m := range p.ValidMoves() {
		if m.String() == name {
			return m, nil
		}
	}
	return nil, fmt.Errorf("%s is not among the legal moves", name)
}

func hasCapture(p *chess.Position) bool {
	for _, m := range p.ValidMoves() {
		if m.HasTag(chess.Capture) || m.HasTag(chess.EnPassant) || m.Promo() != chess.NoPieceType {
			return true
		}
	}
	return false
}

func TestInspectStockfish(t *testing.T) {
	requireEngine(t, "/usr/games/stockfish")
	for _, c := range []struct {
		name, fen string
		multiPV   int
	}{
		{"start", chess.StartingPosition().String(), 1},
		{"kiwipete", kiwipete, 1},
		{"kiwipete-multipv3", kiwipete, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := Inspect(context.Background(), Inspection{Engine: "/usr/games/stockfish", FEN: c.fen, Depth: 12, MultiPV: c.multiPV})
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, r, c.fen, 12)
			if !strings.HasPrefix(r.Engine, "Stockfish") || len(r.Warnings) > 0 {
				t.Errorf("engine %q, warnings %q", r.Engine, r.Warnings)
			}
			if c.multiPV == 3 {
				final := r.finalLines()
				first := map[string]bool{}
				for _, i := range final {
					first[r.Iterations[i].PV[0]] = true
				}
				if len(final) != 3 || len(first) != 3 {
					t.Errorf("depth 12: %d lines with first moves %v, want 3 different", len(final), first)
				}
				for _, l := range r.Iterations {
					for _, f := range l.Flags {
						if strings.HasPrefix(f, "multipv") {
							t.Errorf("stockfish flagged: %s", f)
						}
					}
				}
			}
		})
	}
}

// TestInspectVerifyStockfish: each final line's end searched again gives a
// legal tail from the end and a score from the root's side.
func TestInspectVerifyStockfish(t *testing.T) {
	requireEngine(t, "/usr/games/stockfish")
	r, err := Inspect(context.Background(), Inspection{Engine: "/usr/games/stockfish", FEN: kiwipete, Depth: 10, MultiPV: 2, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Verified) != 2 {
		t.Fatalf("verified %d lines, want 2: %+v", len(r.Verified), r.Verified)
	}
	for _, v := range r.Verified {
		if v.Remaining < 1 || len(v.Tail) == 0 || v.EndScore == "" {
			t.Errorf("line %d: %+v", v.MultiPV, v)
			continue
		}
		f, _ := chess.FEN(v.EndFEN)
		g := chess.NewGame(f)
		for _, name := range v.Tail {
			m, err := chess.UCINotation{}.Decode(g.Position(), name)
			if err == nil {
				err = g.Move(m)
			}
			if err != nil {
				t.Errorf("line %d: tail %v illegal from %s: %v", v.MultiPV, v.Tail, v.EndFEN, err)
				break
			}
		}
	}
}

func TestInspectTogaAndGlaurung(t *testing.T) {
	for _, path := range []string{"/usr/games/toga2", "/usr/games/glaurung"} {
		t.Run(path[strings.LastIndex(path, "/")+1:], func(t *testing.T) {
			requireEngine(t, path)
			r, err := Inspect(context.Background(), Inspection{Engine: path, FEN: kiwipete, Depth: 5})
			if err != nil {
				t.Fatal(err)
			}
			checkReport(t, r, kiwipete, 5)
		})
	}
}

// TestInspectSelf inspects pvscope's own engine (this binary as "pvscope
// uci"), with --moves played first.
func TestInspectSelf(t *testing.T) {
	command, pidFile := fakeCommand(t, "pvscope")
	moves := []string{"e2e4", "e7e5", "g1f3"}
	// pvscope's engine is slow: the ends are searched to depth 2, as a user may ask.
	r, err := Inspect(context.Background(), Inspection{Engine: command, Moves: moves, Depth: 3, MultiPV: 2, Verify: true, VerifyDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Engine != EngineName || len(r.Warnings) > 0 || len(r.Verified) != 2 {
		t.Errorf("engine %q, warnings %q, verified %d", r.Engine, r.Warnings, len(r.Verified))
	}
	for _, v := range r.Verified {
		if v.End != EndMate && v.End != EndStalemate && v.End != EndRepetition && v.Remaining != max(2, v.Depth-v.Length) {
			t.Errorf("line %d (%d moves at depth %d) searched again to depth %d, want %d", v.MultiPV, v.Length, v.Depth, v.Remaining, max(2, v.Depth-v.Length))
		}
	}
	g := chess.NewGame()
	for _, name := range moves {
		m, err := legalMove(g.Position(), name)
		if err != nil {
			t.Fatal(err)
		}
		g.Move(m)
	}
	checkReport(t, r, g.Position().String(), 3)
	assertReaped(t, pidFile)
}

// TestInspectFindsPlantedDefects: the liar's lines hold one of each defect,
// written by hand in fake_test.go; each is reported where it was planted.
func TestInspectFindsPlantedDefects(t *testing.T) {
	command, _ := fakeCommand(t, "liar")
	r, err := Inspect(context.Background(), Inspection{Engine: command, Depth: 3, MultiPV: 3})
	if err != nil {
		t.Fatal(err)
	}
	flags := map[string][]string{}
	for _, l := range r.Iterations {
		key := strings.Join([]string{strconv.Itoa(l.Depth), strconv.Itoa(l.MultiPV), l.Bound}, "/")
		flags[key] = append(flags[key], l.Flags...)
	}
	want := map[string][]string{
		"2/2/exact": {"multipv: first move e2e4 is also line 1's"},
		"2/3/exact": {"illegal: move 2 (e7e4) is not legal in rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
			"multipv: scores cp 25, above line 2 (cp 5)"},
	}
	for key, w := range want {
		if !slices.Equal(flags[key], w) {
			t.Errorf("line %s flagged %q, want %q", key, flags[key], w)
		}
	}
	for _, key := range []string{"1/1/exact", "1/2/exact", "1/3/exact", "2/1/exact", "3/1/lower"} {
		if len(flags[key]) > 0 {
			t.Errorf("clean line %s flagged %q", key, flags[key])
		}
	}
	warnings := strings.Join(r.Warnings, "\n")
	for _, w := range []string{"depth 3: line 3 of 3 is missing", `"info depth three score cp 1 pv e2e4": depth "three" is not a whole number`,
		"bestmove d2d4 is not the first move of the last line 1 (e2e4 at depth 3)"} {
		if !strings.Contains(warnings, w) {
			t.Errorf("no warning %q in %q", w, r.Warnings)
		}
	}
	var bound *Line
	for i := range r.Iterations {
		if r.Iterations[i].Bound == "lower" {
			bound = &r.Iterations[i]
		}
	}
	if bound == nil || bound.Mate == nil || *bound.Mate != 2 || bound.Score != nil {
		t.Errorf("the lowerbound mate 2 line read as %+v", bound)
	}
}
