package engine

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// referenceData is the reference data others wrote, each file with its SOURCE note.
var referenceData = "testdata"

// epdLine is one line of an EPD file: the position and its operations.
type epdLine struct {
	fen string            // four or six fields
	ops map[string]string // "bm" -> "Qg6", "id" -> "WAC.001", "D3" -> "8902" ...
}

// readEPD reads a file of positions followed by ";"-separated operations, as
// the suites in testdata/ are written (perft lines use ";D1 20 ;D2 400",
// tactics lines "bm Qg6; id \"WAC.001\";").
func readEPD(t testing.TB, rel string) []epdLine {
	t.Helper()
	f, err := os.Open(filepath.Join(referenceData, rel))
	if err != nil {
		t.Fatalf("reference data missing: %v", err)
	}
	defer f.Close()
	var out []epdLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 4 {
			t.Fatalf("%s: short line %q", rel, line)
		}
		l := epdLine{ops: map[string]string{}}
		rest := ""
		// Six fields when the 5th is a number (perft files), else four.
		if len(fields) >= 6 && isNumber(fields[4]) && isNumber(fields[5]) {
			l.fen = strings.Join(fields[:6], " ")
			rest = strings.Join(fields[6:], " ")
		} else {
			l.fen = strings.Join(fields[:4], " ")
			rest = strings.Join(fields[4:], " ")
		}
		for _, op := range strings.Split(rest, ";") {
			op = strings.TrimSpace(op)
			if op == "" {
				continue
			}
			name, val, _ := strings.Cut(op, " ")
			l.ops[strings.TrimSuffix(name, ":")] = strings.Trim(strings.TrimSpace(val), `"`)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func isNumber(s string) bool { _, err := strconv.Atoi(s); return err == nil }
