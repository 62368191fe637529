package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/pvscope/pvscope/tracer/msg"
	"github.com/pvscope/pvscope/tracer/msg/msgtest"
)

// TestCatalog: every keyed sentence of the package is in the English catalog
// with the very template the code says, and in every other language.
func TestCatalog(t *testing.T) {
	problems, err := msgtest.CheckCatalog(".", "go-engine")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// frenchParams reads the French catalog of area and returns, per key, the
// parameters its message names ({fen}, {n, plural, ...}).
func frenchParams(t *testing.T, file string) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`\{\s*([A-Za-z]\w*)\s*[,}]`)
	out := map[string][]string{}
	for k, v := range m {
		out[k] = nil
		for _, g := range name.FindAllStringSubmatch(v, -1) {
			out[k] = append(out[k], g[1])
		}
	}
	return out
}

// wrapped is how a caller may hold an engine error (the server's field
// errors hold one and unwrap to it).
type wrapped struct{ err error }

func (w wrapped) Error() string { return w.err.Error() }
func (w wrapped) Unwrap() error { return w.err }

// TestKeyedErrors: a bad FEN, an option out of range, a malformed tree, a bad
// random tree and an unknown option are keyed, found through wrapping, with
// every parameter the French sentence names, and their English is what the
// command line has always printed (written out here by hand).
func TestKeyedErrors(t *testing.T) {
	fr := frenchParams(t, "../static/js/i18n/fr/go-engine.json")
	load := func(s Setup) error { _, _, err := s.Load(); return err }
	set := func(name, value string) error { var o Options; return o.Set(name, value) }
	opt := ChessDefaults()
	opt.TTSize = 0
	for _, c := range []struct {
		err     error
		key     string
		english string
		args    map[string]any
	}{
		{load(Setup{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"}), "go-engine.fenRanks",
			`bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1": the board has 7 ranks, want 8`,
			map[string]any{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "n": 7}},
		{load(Setup{FEN: `8/8/8/8 w"`}), "go-engine.fenFields",
			`bad FEN "8/8/8/8 w\"": it has 2 fields, want 6 (board, side, castling, en passant, halfmove clock, move number)`,
			map[string]any{"fen": `8/8/8/8 w\"`, "n": 2}},
		{load(Setup{FEN: "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"}), "go-engine.fenKings",
			`bad FEN "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1": it has 1 white and 0 black kings, want one each`,
			map[string]any{"white": 1, "black": 0}},
		{load(Setup{FEN: "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}), "go-engine.fenBadChar",
			`bad FEN "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": rank 7 has 'x', which is not a piece or a digit`,
			map[string]any{"rank": 7, "char": "x"}},
		{load(Setup{FEN: "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"}), "go-engine.fenCastlingWhite",
			`bad FEN "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1": castling right K needs the white king on e1 and a rook on h1`,
			map[string]any{"right": "K", "king": "e1", "rook": "h1"}},
		{opt.Validate(), "go-engine.ttSizeRange", "tt-size 0 is out of range: choose 1 to 16777216 entries",
			map[string]any{"n": 0, "max": 1 << 24}},
		{set("depth", "deep"), "go-engine.notWholeNumber", `depth "deep" is not a whole number`,
			map[string]any{"name": "depth", "value": "deep"}},
		{set("nosuch", "1"), "go-engine.unknownOption", "", map[string]any{"name": "nosuch"}},
		{load(Setup{Tree: "((3 12 8) (2"}), "go-engine.treeExpectedCloseFoundEnd",
			"bad tree at offset 12: expected a number, '(' or the ')' closing the '(' at offset 10, found the end of the text",
			map[string]any{"offset": 12, "open": 10}},
		{load(Setup{Tree: "((3 a 8))"}), "go-engine.treeExpectedNode",
			"bad tree at offset 4: expected a number or '(', found 'a'", map[string]any{"offset": 4, "found": "a"}},
		{load(Setup{Tree: "(3 99999)"}), "go-engine.treeLeafRange",
			"bad tree at offset 3: leaf value 99999 is out of range (keep it within ±10000)",
			map[string]any{"offset": 3, "value": 99999, "max": 10000}},
		{load(Setup{Random: "b=3,d=4,order=sorted"}), "go-engine.randomOrder",
			`bad random tree "b=3,d=4,order=sorted": order "sorted" is not one of best, worst, random`,
			map[string]any{"spec": "b=3,d=4,order=sorted", "order": "sorted"}},
		{load(Setup{Random: "b=10,d=10"}), "go-engine.randomTooBig", "bad random tree: b=10, d=10 has more than 2000000 nodes",
			map[string]any{"b": 10, "d": 10, "max": 2000000}},
		{load(Setup{FEN: StartFEN, Tree: "(1 2)"}), "go-engine.setupSeveral", "give one of a FEN, a tree or a random tree, not several", nil},
	} {
		for _, err := range []error{c.err, fmt.Errorf("line 3: %w", c.err), &wrapped{c.err}} {
			m, ok := msg.Keyed(err)
			if !ok {
				t.Errorf("%v: not keyed", err)
				continue
			}
			if m.Key != c.key {
				t.Errorf("%v: key %s, want %s", err, m.Key, c.key)
			}
		}
		m, ok := msg.Keyed(c.err)
		if !ok {
			continue
		}
		if c.english != "" && m.Error() != c.english {
			t.Errorf("%s: English\n%s\nwant\n%s", c.key, m.Error(), c.english)
		}
		for name, want := range c.args {
			if got := m.Args[name]; fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: %s = %v, want %v", c.key, name, got, want)
			}
		}
		name := c.key[len("go-engine."):]
		params, listed := fr[name]
		if !listed {
			t.Errorf("%s: no French message", c.key)
		}
		for _, p := range params {
			if _, ok := m.Args[p]; !ok {
				t.Errorf("%s: the French sentence needs {%s}, the error has %v", c.key, p, m.Args)
			}
		}
	}
}

// TestStoppedSentenceIsKeyed: a search stopped at its node limit says why in
// a keyed sentence whose English is Result.Stopped.
func TestStoppedSentenceIsKeyed(t *testing.T) {
	tree, err := ParseTree("((3 12 8) (2 4 6) (14 5 2))")
	if err != nil {
		t.Fatal(err)
	}
	opt := TreeDefaults(tree)
	opt.MaxNodes = 5
	res, err := Search(t.Context(), NewTreePosition(tree), opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := res.StoppedSentence
	if s == nil || s.Key != "go-engine.nodeLimit" || fmt.Sprint(s.Args["n"]) != "5" ||
		s.Error() != "node limit of 5 reached" || res.Stopped != s.Error() {
		t.Errorf("stopped %q, sentence %+v", res.Stopped, s)
	}
	fr := frenchParams(t, "../static/js/i18n/fr/go-engine.json")
	if p, ok := fr["nodeLimit"]; !ok || len(p) != 1 || p[0] != "n" {
		t.Errorf("French nodeLimit names %v, want {n}", p)
	}
}
