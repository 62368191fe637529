package hardengine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// publishedBM reads the bm moves (SAN) of a WAC position from the published
// suite (../../testdata/tactics/wac_original_300.epd, which cites its source).
func publishedBM(t *testing.T, id string) []string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/tactics/wac_original_300.epd")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.Contains(l, `id "`+id+`"`) {
			continue
		}
		bm := l[strings.Index(l, " bm ")+4:]
		return strings.Fields(bm[:strings.Index(bm, ";")])
	}
	t.Fatalf("%s is not in the suite", id)
	return nil
}

// san names a UCI move in fen by the rules of notnil/chess.
func san(t *testing.T, fen, uci string) string {
	t.Helper()
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	pos := chess.NewGame(opt).Position()
	m, err := chess.UCINotation{}.Decode(pos, uci)
	if err != nil {
		t.Fatalf("%s is not a move in %s: %v", uci, fen, err)
	}
	return chess.AlgebraicNotation{}.Encode(pos, m)
}

// The engine plays the published answers of four WAC positions.
func TestWACBestMoves(t *testing.T) {
	for _, c := range []struct {
		id, fen string
		depth   int
	}{
		{"WAC.001", wac001FEN, 4}, {"WAC.003", wac003FEN, 4}, {"WAC.004", wac004FEN, 4}, {"WAC.008", wac008FEN, 4},
	} {
		res, err := Search(c.fen, Options{Depth: c.depth}, nil)
		if err != nil {
			t.Fatal(err)
		}
		bm := publishedBM(t, c.id)
		for i := range bm {
			bm[i] = strings.TrimRight(bm[i], "+#") // notnil/chess writes no check sign
		}
		if got := strings.TrimRight(san(t, c.fen, res.Move), "+#"); !slices.Contains(bm, got) {
			t.Errorf("%s: the engine plays %s (%s), the published answer is %v", c.id, got, res.Move, bm)
		}
	}
}

// The mate in two: the published first move, scored as a mate in three plies.
func TestMateInTwo(t *testing.T) {
	res, err := Search(mate2FEN, Options{Depth: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != "h5a5" || res.Score != Mate-3 {
		t.Errorf("the engine plays %s scoring %d, want h5a5 (published PV h5a5 c8d7 a5d5) scoring %d", res.Move, res.Score, Mate-3)
	}
}

// stockfish searches fen to depth and returns its last score line and its bestmove.
func stockfish(t *testing.T, fen string, depth int) (score, best string) {
	t.Helper()
	cmd := exec.Command("/usr/games/stockfish")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("stockfish (Debian's package, /usr/games/stockfish) is needed: %v", err)
	}
	defer cmd.Wait()
	defer in.Close()
	fmt.Fprintf(in, "uci\nsetoption name Threads value 1\nposition fen %s\ngo depth %d\n", fen, depth)
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if i := slices.Index(f, "score"); i >= 0 && i+2 < len(f) {
			score = f[i+1] + " " + f[i+2]
		}
		if len(f) >= 2 && f[0] == "bestmove" {
			io.WriteString(in, "quit\n")
			return score, f[1]
		}
	}
	t.Fatal("stockfish gave no bestmove")
	return "", ""
}

// The perpetual check: stockfish scores it a draw and checks with Qe1+; so
// does the engine, and the rook-against-knight ending is White's for both.
func TestAgreesWithStockfish(t *testing.T) {
	score, best := stockfish(t, perpetualFEN, 16)
	res, err := Search(perpetualFEN, Options{Depth: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if score != "cp 0" || res.Score != 0 || res.Move != best {
		t.Errorf("perpetual check: stockfish %s %s, the engine %d %s", score, best, res.Score, res.Move)
	}
	score, _ = stockfish(t, rookKnightFEN, 16)
	res, err = Search(rookKnightFEN, Options{Depth: 6}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(score, "cp ") || strings.HasPrefix(score, "cp -") || res.Score <= 0 {
		t.Errorf("rook against knight: stockfish %s, the engine %d: want both for White", score, res.Score)
	}
}
