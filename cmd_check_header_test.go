package main

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/server/session"
)

// check refuses every header position the page refuses, with the page's
// sentence: more than one of fen, tree, random, or a tree it cannot read.
func TestCheckRefusesTheHeaderPositionAsThePage(t *testing.T) {
	for _, tc := range []struct{ meta, want string }{
		{`{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`,
			"the trace header's position: bad FEN \"8/8/8/8/8/8/8/8 w - - 0 1\": it has 0 white and 0 black kings, want one each"},
		{`{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","tree":"((3 5) (2 9))"}`,
			"the trace header's position: give one of a FEN, a tree or a random tree, not several"},
		{`{"tree":"((3 5) (2 9))","random":"b=2,d=2,seed=1"}`,
			"the trace header's position: give one of a FEN, a tree or a random tree, not several"},
		// The innermost '(' still open is at offset 7; the text ends at offset 11.
		{`{"tree":"((3 5) (2 9"}`,
			"the trace header's position: bad tree at offset 11: expected a number, '(' or the ')' closing the '(' at offset 7, found the end of the text"},
		{`{"random":"b=2,d=2,shape=wide"}`,
			`the trace header's position: bad random tree "b=2,d=2,shape=wide": unknown key "shape" (keys b, d, seed, order, values)`},
	} {
		lines := slices.Clone(minimalTrace)
		lines[0] = `{"format":"pvscope-trace","version":1,"meta":` + tc.meta + `}`
		path := writeLines(t, lines)
		_, stderr, code := run(t, "check", path)
		_, said, _ := strings.Cut(strings.TrimSpace(stderr), ".jsonl: ")
		if code != 2 || said != tc.want {
			t.Errorf("meta %s: pvscope check exits %d saying %q, want 2 and %q", tc.meta, code, said, tc.want)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = session.ReadTrace(f, roomyCharger{})
		f.Close()
		if err == nil || err.Error() != tc.want {
			t.Errorf("meta %s: the page says %v, want %q", tc.meta, err, tc.want)
		}
	}
}

// roomyCharger has room for any trace.
type roomyCharger struct{}

func (roomyCharger) To(int64) bool { return true }
func (roomyCharger) Settle(int64)  {}
func (roomyCharger) Full() error   { return errors.New("full") }

// The header's meta warning names the header's line: line 1, or the line
// after the blank lines before it.
func TestCheckMetaWarningNamesTheHeaderLine(t *testing.T) {
	// A scale it cannot read, and a pov word it does not know (the checker's own warning).
	for _, bad := range []string{`"mate":"lots"`, `"pov":"White"`} {
		lines := slices.Clone(minimalTrace)
		lines[0] = `{"format":"pvscope-trace","version":1,"meta":{"tree":"((3 5) (2 9))",` + bad + `}}`
		for _, c := range []struct {
			blank []string
			line  int
		}{{nil, 1}, {[]string{"", "  "}, 3}} {
			rep, code := checkJSON(t, append(slices.Clone(c.blank), lines...))
			if code != 0 || rep.WarningCount != 1 || rep.Warnings[0].Rule != "meta" || rep.Warnings[0].Line != c.line {
				t.Errorf("%s, %d blank lines first: exit %d, warnings %+v; want exit 0 and one meta warning on line %d", bad, len(c.blank), code, rep.Warnings, c.line)
			}
		}
	}
}
