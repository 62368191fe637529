package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
	"github.com/pvscope/pvscope/engine"
)

// testGUI is a UCI client written for these tests, apart from the package's
// own client: it writes commands into Serve and reads its lines back.
type testGUI struct {
	t     testing.TB
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

// hangGuard only keeps a broken engine from hanging the test run; it is not
// a timing assertion.
const hangGuard = 2 * time.Minute

func startGUI(t testing.TB) *testGUI {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &testGUI{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), inR, outW)
		outW.Close()
		g.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			g.lines <- sc.Text()
		}
		close(g.lines)
	}()
	t.Cleanup(func() {
		g.in.Close()
		select {
		case <-g.done:
		case <-time.After(hangGuard):
			t.Error("Serve did not return after its input closed")
		}
	})
	return g
}

func (g *testGUI) send(format string, args ...any) {
	g.t.Helper()
	if _, err := fmt.Fprintf(g.in, format+"\n", args...); err != nil {
		g.t.Fatalf("send: %v", err)
	}
}

// until reads lines up to and including the first that starts with prefix.
func (g *testGUI) until(prefix string) []string {
	g.t.Helper()
	var got []string
	timeout := time.After(hangGuard)
	for {
		select {
		case l, ok := <-g.lines:
			if !ok {
				g.t.Fatalf("engine closed its output waiting for %q; read %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			g.t.Fatalf("no %q line; read %q", prefix, got)
		}
	}
}

// info is one info line read the simple way: key -> the word after it, and pv.
type testInfo struct {
	fields map[string]string
	pv     []string
}

func readInfo(line string) (testInfo, bool) {
	w := strings.Fields(line)
	if len(w) < 2 || w[0] != "info" || w[1] == "string" {
		return testInfo{}, false
	}
	in := testInfo{fields: map[string]string{}}
	for i := 1; i < len(w); i++ {
		switch w[i] {
		case "pv":
			in.pv = w[i+1:]
			return in, true
		case "score":
			in.fields["score"] = w[i+1] + " " + w[i+2]
			i += 2
		case "lowerbound", "upperbound":
			in.fields["bound"] = w[i]
		default:
			if i+1 < len(w) {
				in.fields[w[i]] = w[i+1]
				i++
			}
		}
	}
	return in, true
}

func TestHandshakeListsOptions(t *testing.T) {
	g := startGUI(t)
	g.send("uci")
	lines := g.until("uciok")
	text := strings.Join(lines, "\n")
	if !strings.Contains(text, "id name pvscope") || !strings.Contains(text, "id author ") {
		t.Errorf("no id lines in %q", lines)
	}
	want := []string{"Hash", "MultiPV"}
	for _, o := range engine.OptionNames {
		if o.Name != "depth" && o.Name != "max-nodes" && o.Name != "multipv" {
			want = append(want, o.Name)
		}
	}
	for _, name := range want {
		if !strings.Contains(text, "option name "+name+" type ") {
			t.Errorf("no option line for %s", name)
		}
	}
	g.send("isready")
	g.until("readyok")
}

// TestGameOfTenMoves plays ten moves for each side at depth 3, every bestmove
// checked legal and played by notnil/chess in the test.
func TestGameOfTenMoves(t *testing.T) {
	g := startGUI(t)
	g.send("uci")
	g.until("uciok")
	g.send("ucinewgame")
	game := chess.NewGame()
	var played []string
	for ply := 0; ply < 20 && game.Outcome() == chess.NoOutcome; ply++ {
		g.send("position startpos moves %s", strings.Join(played, " "))
		g.send("go depth 3")
		lines := g.until("bestmove ")
		best := strings.Fields(lines[len(lines)-1])[1]
		m, err := chess.UCINotation{}.Decode(game.Position(), best)
		if err == nil {
			err = game.Move(m)
		}
		if err != nil {
			t.Fatalf("ply %d: bestmove %q is not legal in %s: %v", ply+1, best, game.Position(), err)
		}
		sawDepth3 := false
		for _, l := range lines {
			if in, ok := readInfo(l); ok && in.fields["depth"] == "3" && len(in.pv) > 0 {
				sawDepth3 = in.pv[0] == best
			}
		}
		if !sawDepth3 {
			t.Errorf("ply %d: no depth 3 info line whose pv starts with bestmove %s: %q", ply+1, best, lines)
		}
		played = append(played, best)
	}
	if len(played) < 20 && game.Outcome() == chess.NoOutcome {
		t.Errorf("game stopped after %d plies", len(played))
	}
}

// TestMultiPVThreeLines: with MultiPV 3 each depth reports three lines with
// different first moves, scores best first, every line legal. The position
// is a mate in one (Qh5xf7# in the scholar's mate): line 1 must say mate 1.
func TestMultiPVThreeLines(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	g := startGUI(t)
	g.send("setoption name MultiPV value 3")
	g.send("position fen %s", fen)
	g.send("go depth 3")
	lines := g.until("bestmove ")
	byDepth := map[string]map[string]testInfo{}
	for _, l := range lines {
		in, ok := readInfo(l)
		if !ok || in.pv == nil {
			continue
		}
		if byDepth[in.fields["depth"]] == nil {
			byDepth[in.fields["depth"]] = map[string]testInfo{}
		}
		byDepth[in.fields["depth"]][in.fields["multipv"]] = in
	}
	for _, d := range []string{"1", "2", "3"} {
		ls := byDepth[d]
		if len(ls) != 3 {
			t.Fatalf("depth %s: %d lines, want 3: %q", d, len(ls), lines)
		}
		first := map[string]bool{}
		prev := 1 << 30
		for _, k := range []string{"1", "2", "3"} {
			in := ls[k]
			first[in.pv[0]] = true
			replay(t, fen, in.pv)
			if v := testScore(t, in.fields["score"]); v > prev {
				t.Errorf("depth %s line %s scores %d above the line before (%d)", d, k, v, prev)
			} else {
				prev = v
			}
		}
		if len(first) != 3 {
			t.Errorf("depth %s: first moves %v are not three different moves", d, first)
		}
		if ls["1"].fields["score"] != "mate 1" || ls["1"].pv[0] != "h5f7" {
			t.Errorf("depth %s: line 1 is %s %v, want mate 1 by h5f7", d, ls["1"].fields["score"], ls["1"].pv)
		}
	}
}

// testScore orders scores: mates beyond every centipawn score.
func testScore(t *testing.T, s string) int {
	w := strings.Fields(s)
	n, err := strconv.Atoi(w[1])
	if err != nil {
		t.Fatalf("score %q", s)
	}
	if w[0] == "mate" {
		if n > 0 {
			return 100000 - n
		}
		return -100000 - n
	}
	return n
}

// replay plays pv from fen with notnil/chess and fails on an illegal move.
func replay(t *testing.T, fen string, pv []string) {
	t.Helper()
	f, err := chess.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	game := chess.NewGame(f)
	for i, name := range pv {
		m, err := chess.UCINotation{}.Decode(game.Position(), name)
		if err == nil {
			err = game.Move(m)
		}
		if err != nil {
			t.Fatalf("pv %v: move %d (%s) illegal in %s: %v", pv, i+1, name, game.Position(), err)
		}
	}
}

// TestStopInfinite: "go infinite" searches until stop, then answers with a
// legal bestmove; isready is answered while it runs.
func TestStopInfinite(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	g := startGUI(t)
	g.send("position fen %s", kiwipete)
	g.send("go infinite")
	g.until("info depth 2 ")
	g.send("isready")
	g.until("readyok")
	g.send("stop")
	lines := g.until("bestmove ")
	best := strings.Fields(lines[len(lines)-1])[1]
	replay(t, kiwipete, []string{best})
	// The engine takes a new search at once.
	g.send("go depth 1")
	g.until("bestmove ")
}

// TestMalformedCommands: each bad command gets an info string saying why
// and changes nothing; the engine keeps answering.
func TestMalformedCommands(t *testing.T) {
	g := startGUI(t)
	for _, c := range []struct{ cmd, why string }{
		{"position fen not a fen", "position ignored"},
		{"position startpos moves e2e5", `"e2e5" is not a legal move`},
		{"position sideways", "want startpos or fen"},
		{"go depth x", `go depth "x" is not a whole number`},
		{"go depth", "needs a number"},
		{"go sideways 3", "unknown parameter"},
		{"setoption name Nope value 1", `unknown option "nope"`},
		{"setoption name MultiPV value 0", "MultiPV"},
		{"setoption name tt value perhaps", "is not true or false"},
		{"setoption name depth value 3", "given with go"},
		{"setoption", "needs name"},
		{"xyzzy plugh", "unknown command"},
		{strings.Repeat("x", MaxCommandLine+10), "longer than"},
	} {
		g.send("%s", c.cmd)
		g.send("isready")
		lines := g.until("readyok")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "info string ") || !strings.Contains(lines[0], c.why) {
			t.Errorf("%q answered %q, want one info string with %q", clip(c.cmd), lines, c.why)
		}
	}
	// The position is still the start position: 20 legal replies at depth 1.
	g.send("go depth 1")
	lines := g.until("bestmove ")
	replay(t, engine.StartFEN, strings.Fields(lines[len(lines)-1])[1:2])
}

// TestAspirationBounds: a one-unit aspiration window fails somewhere on
// Kiwipete, and the failed search is reported with lowerbound or upperbound
// before the exact line of the same depth.
func TestAspirationBounds(t *testing.T) {
	g := startGUI(t)
	g.send("setoption name aspiration value true")
	g.send("setoption name aspiration-window value 1")
	g.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	g.send("go depth 5")
	lines := g.until("bestmove ")
	bounds := 0
	pending := ""
	for _, l := range lines {
		in, ok := readInfo(l)
		if !ok {
			continue
		}
		if in.fields["bound"] != "" {
			bounds++
			pending = in.fields["depth"]
			if in.pv != nil {
				t.Errorf("bound line with a pv: %q", l)
			}
		} else if pending != "" {
			if in.fields["depth"] != pending {
				t.Errorf("a bound at depth %s, then an exact line at depth %s", pending, in.fields["depth"])
			}
			pending = ""
		}
	}
	if bounds == 0 {
		t.Errorf("no lowerbound or upperbound line: %q", lines)
	}
}

// TestSearchLimits: go nodes stops at the node limit, go movetime on its
// clock, go wtime/btime from the clock; each answers bestmove.
func TestSearchLimits(t *testing.T) {
	g := startGUI(t)
	for _, cmd := range []string{"go nodes 5000", "go movetime 50", "go wtime 1000 btime 1000 winc 0 binc 0", "go mate 1"} {
		g.send("%s", cmd)
		lines := g.until("bestmove ")
		replay(t, engine.StartFEN, strings.Fields(lines[len(lines)-1])[1:2])
		if cmd == "go nodes 5000" {
			for _, l := range lines {
				if in, ok := readInfo(l); ok {
					if n, _ := strconv.Atoi(in.fields["nodes"]); n > 5000 {
						t.Errorf("%s: %q", cmd, l)
					}
				}
			}
		}
	}
}

// TestCheckmatedRoot: with no legal move the engine says mate 0 and
// bestmove 0000, as Stockfish does.
func TestCheckmatedRoot(t *testing.T) {
	g := startGUI(t)
	g.send("position startpos moves f2f3 e7e5 g2g4 d8h4")
	g.send("go depth 3")
	lines := g.until("bestmove ")
	if lines[len(lines)-1] != "bestmove 0000" || !strings.Contains(strings.Join(lines, "\n"), "score mate 0") {
		t.Errorf("checkmated root: %q", lines)
	}
}
