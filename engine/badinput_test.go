package engine

import (
	"strings"
	"testing"
)

// Each bad input is refused with a sentence that says what is wrong.
func TestBadFEN(t *testing.T) {
	for fen, want := range map[string]string{
		"": "has 0 fields",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq": "has 3 fields",
		// The widely copied Kiwipete with nine squares on a rank.
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K3R w KQkq - 0 1": "rank 1 (\"R3K3R\") has 9 squares",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1":                      "7 ranks",
		"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":             "'x', which is not a piece",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1":             "invalid turn",
		"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1":               "0 black kings",
		"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1":             "pawn stands on h8",
		"4k3/8/8/8/8/8/8/4K2r b - - 0 1":                                       "side not to move is in check",
		"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1":                                     "castling right K needs the white king on e1 and a rook on h1",
		"r3k3/8/8/8/8/8/8/4K3 w k - 0 1":                                       "castling right k needs the black king on e8 and a rook on h8",
		"4k3/8/8/8/8/8/8/R3K2R w KQ e6 0 1":                                    "en passant square e6 is impossible: no black pawn",
		"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1":                                     "en passant square e3 is impossible",
	} {
		_, err := NewChessPosition(fen)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("FEN %q: error %v, want one mentioning %q", fen, err, want)
		}
	}
}

// TestGoodFENEdgeCases: rights and en-passant squares that are possible pass.
func TestGoodFENEdgeCases(t *testing.T) {
	for _, fen := range []string{
		"r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
		"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	} {
		if _, err := NewChessPosition(fen); err != nil {
			t.Errorf("FEN %q: %v", fen, err)
		}
	}
}

func TestBadTree(t *testing.T) {
	for text, want := range map[string]string{
		"":              "it is empty",
		"((3 12 8) (2":  "offset 12: expected a number, '(' or the ')' closing the '(' at offset 10",
		"((3 12 8)) x":  "offset 11: expected the end of the tree",
		"((3 a 8))":     "offset 4: expected a number or '('",
		"(3 ())":        "parentheses opened at 3 hold no node",
		"(3 99999)":     "leaf value 99999 is out of range (keep it within ±10000)",
		"(3 -10001)":    "leaf value -10001 is out of range",
		"((3 12 8) 2))": "offset 12: expected the end of the tree",
	} {
		_, err := ParseTree(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("tree %q: error %v, want one mentioning %q", text, err, want)
		}
	}
}

func TestBadRandomTree(t *testing.T) {
	for spec, want := range map[string]string{
		"b=3":                  "give the branching b and depth d",
		"b=3,d=4,order=sorted": `order "sorted" is not one of`,
		"b=3,d=x":              `d="x" is not a whole number`,
		"b=3,d=4,colour=red":   `unknown key "colour"`,
		"b=0,d=4":              "branching b=0 must be between 1 and 64",
		"b=10,d=10":            "more than 2000000 nodes",
		"b3,d4":                `"b3" is not key=value`,
	} {
		_, err := ParseTreeSpec(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("spec %q: error %v, want one mentioning %q", spec, err, want)
		}
	}
}

func TestBadOptions(t *testing.T) {
	for _, c := range []struct{ name, value, want string }{
		{"algo", "negascout", `unknown algorithm "negascout"`},
		{"depth", "0", "depth 0 is out of range: choose 1 to 64"},
		{"depth", "65", "depth 65 is out of range"},
		{"depth", "three", `depth "three" is not a whole number`},
		{"tt-size", "0", "tt-size 0 is out of range"},
		{"tt-replace", "sometimes", `unknown replacement scheme "sometimes"`},
		{"qsearch", "maybe", `qsearch "maybe" is not true or false`},
		{"colour", "red", `unknown option "colour"`},
		{"aspiration", "true", "aspiration windows need alphabeta or pvs"},
	} {
		opt := ChessDefaults()
		opt.Algorithm = Minimax // so that aspiration windows are refused
		err := opt.ApplySettings([][2]string{{c.name, c.value}})
		if err == nil {
			err = opt.Validate()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s=%s: error %v, want one mentioning %q", c.name, c.value, err, c.want)
		}
	}
}

func TestSetupNamesOneInput(t *testing.T) {
	if _, _, err := (Setup{FEN: StartFEN, Tree: "(1 2)"}).Load(); err == nil || !strings.Contains(err.Error(), "not several") {
		t.Errorf("a FEN and a tree together: error %v", err)
	}
	pos, opt, err := Setup{}.Load()
	if err != nil || opt.Algorithm != PVS || len(pos.Moves()) != 20 {
		t.Errorf("empty setup: %v, %v, %d moves; want the start position", err, opt.Algorithm, len(pos.Moves()))
	}
}
