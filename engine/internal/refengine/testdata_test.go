package refengine

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the trace files in testdata")

// The traces in testdata are what this engine writes, for tests elsewhere
// (the page's browser tests cannot import an internal package): a mate in two
// (Qxh6+ and mate, a null move on the way) and a mate in one written with a
// planted bug. go test ./engine/internal/refengine -run TestTestdata -update
// writes them again.
var testdataTraces = []struct {
	file, fen string
	opt       Options
}{
	{"mate2.jsonl", "r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 1", Options{Depth: 4}},
	{"mate1-wrong-side.jsonl", "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", Options{Depth: 3, Iterations: true, Bug: BugWrongSide}},
}

func TestTestdataTraces(t *testing.T) {
	for _, c := range testdataTraces {
		var buf bytes.Buffer
		if _, err := Search(c.fen, c.opt, &buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", c.file)
		if *update {
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s is not what the engine writes now (-update writes it again)", path)
		}
	}
}
