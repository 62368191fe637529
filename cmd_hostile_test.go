package main

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileMoves are move names a trace can carry that a terminal would obey:
// set the window title, clear the screen, reverse the text after it (issue
// 32, item 11). JSON escapes, so the file itself is plain text.
var hostileMoves = []struct{ json, shown string }{
	{`\u001b]0;pwned\u0007`, `\x1b]0;pwned\x07`},
	{`\u001b[2J\u009b`, `\x1b[2J\u009b`},
	{`x\u202ey`, `x\u202ey`},
}

// hostileTrace is minimalTrace with node 2's and 3's moves (the PV) and
// node 5's renamed, node 3's score set to score.
func hostileTrace(score string) []string {
	lines := slices.Clone(minimalTrace)
	lines[2] = strings.Replace(lines[2], `"move":"a"`, `"move":"`+hostileMoves[0].json+`"`, 1)
	lines[3] = strings.Replace(lines[3], `"move":"a"`, `"move":"`+hostileMoves[1].json+`"`, 1)
	lines[4] = strings.Replace(lines[4], `"score":3`, `"score":`+score, 1)
	lines[8] = strings.Replace(lines[8], `"move":"b"`, `"move":"`+hostileMoves[2].json+`"`, 1)
	return lines
}

// assertInert fails if out holds a character a terminal obeys, and wants
// each hostile move shown escaped.
func assertInert(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if r == utf8.RuneError || (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r < 0xa0) || (r >= 0x202a && r <= 0x202e) {
			t.Errorf("%s: character %U at byte %d is printed raw:\n%q", what, r, i, out)
			return
		}
	}
}

func TestCheckEscapesControlCharacters(t *testing.T) {
	out, stderr, code := run(t, "check", writeLines(t, hostileTrace("3")))
	if code > 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	assertInert(t, "check", out)
	for _, m := range hostileMoves[:2] { // the PV's two moves
		if !strings.Contains(out, m.shown) {
			t.Errorf("check: the move %s is not shown escaped:\n%s", m.shown, out)
		}
	}
}

func TestDiffEscapesControlCharacters(t *testing.T) {
	a, b := writeLines(t, hostileTrace("3")), writeLines(t, hostileTrace("4"))
	out, stderr, code := run(t, "diff", a, b)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (node 3 scores 3, then 4): %s\n%s", code, stderr, out)
	}
	assertInert(t, "diff", out)
	if !strings.Contains(out, hostileMoves[0].shown) {
		t.Errorf("diff: the path's move %s is not shown escaped:\n%s", hostileMoves[0].shown, out)
	}
}

// An error quoting the trace is escaped too.
func TestCheckErrorEscapesControlCharacters(t *testing.T) {
	lines := slices.Clone(minimalTrace)
	lines[5] = "{\"kind\":\"enter\x1b[2J\",\"node\":4}"
	_, stderr, code := run(t, "check", writeLines(t, lines))
	if code != 2 {
		t.Fatalf("exit %d, want 2: %q", code, stderr)
	}
	assertInert(t, "check's error", stderr)
}

// check refuses a header position view refuses: a board with no kings.
func TestCheckRefusesKinglessFEN(t *testing.T) {
	lines := slices.Clone(minimalTrace)
	lines[0] = `{"format":"pvscope-trace","version":1,"meta":{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}}`
	_, stderr, code := run(t, "check", writeLines(t, lines))
	if code != 2 || !strings.Contains(stderr, "0 white and 0 black kings") {
		t.Fatalf("exit %d, stderr %q: want 2 and the kings named", code, stderr)
	}
}
