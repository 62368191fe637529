package server

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/engine"
)

// cliLeaves is what `pvscope search --json` prints as leaves for these
// settings: the same three steps as cmd_search.go's load and search.
func cliLeaves(t *testing.T, fen string, settings [][2]string) int64 {
	t.Helper()
	pos, opt, err := engine.Setup{FEN: fen}.Load()
	if err != nil {
		t.Fatal(err)
	}
	if err := opt.ApplySettings(settings); err != nil {
		t.Fatal(err)
	}
	if err := opt.Validate(); err != nil {
		t.Fatal(err)
	}
	res, err := engine.Search(context.Background(), pos, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Stats.Leaves
}

// pageLeaves searches on the page and reads its statistics' leaves at the end.
func (p *page) pageLeaves(fen string, settings [][2]string) int64 {
	p.t.Helper()
	q := url.Values{"fen": {fen}}
	for _, s := range settings {
		q.Set(s[0], s[1])
	}
	p.open("/?" + q.Encode())
	p.startAndWait()
	p.snapAt(p.finished())
	var s string
	p.eval(`document.getElementById("stat-leaves").textContent`, &s)
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		p.t.Fatalf("stat-leaves reads %q", s)
	}
	return n
}

// The page's leaves and the command line's count the same thing (issue 28,
// item 16): nodes answered by a static evaluation. At depth 1 without
// quiescence every root move is one, so the count is perft 1, a published
// number: 20 from the start, 48 in Kiwipete (chessprogramming.org, "Perft
// Results", position 2; many captures, so quiescence stands pat at nodes that
// go on to search captures).
func TestBrowserChessLeavesAgreeWithTheCLI(t *testing.T) {
	p := newPage(t, 1366, 768)
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, c := range []struct {
		fen      string
		settings [][2]string
		perft1   int64 // 0: no published count to compare with
	}{
		{start, [][2]string{{"algo", "minimax"}, {"depth", "1"}, {"qsearch", "false"}}, 20},
		{kiwipete, [][2]string{{"algo", "minimax"}, {"depth", "1"}, {"qsearch", "false"}}, 48},
		{kiwipete, [][2]string{{"algo", "pvs"}, {"depth", "2"}}, 0},
		{kiwipete, [][2]string{{"algo", "alphabeta"}, {"depth", "2"}}, 0},
	} {
		page, cli := p.pageLeaves(c.fen, c.settings), cliLeaves(t, c.fen, c.settings)
		if page != cli {
			t.Errorf("%s %v: the page shows %d leaves, the command line %d", c.fen, c.settings, page, cli)
		}
		if c.perft1 != 0 && (page != c.perft1 || cli != c.perft1) {
			t.Errorf("%s %v: page %d, command line %d leaves; perft 1 is %d", c.fen, c.settings, page, cli, c.perft1)
		}
	}
}
