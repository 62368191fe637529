package server

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A room with a game (issue 43, item 6): the presenter runs a Connect Four
// search and steps it; a follower's tab shows, at each of the presenter's
// steps, the same game board (the position c4Board's rules give for the
// node's moves), and names moves in the game's notation: columns 1 to 7 in
// its tree, its narration and its PV.
func TestBrowserRoomConnectFourFollowed(t *testing.T) {
	p := newPage(t, 1200, 800)
	start := []string{"4", "4", "5", "3"}
	p.open("/?" + url.Values{"game": {"connect4"}, "position": {"4453"}, "algo": {"alphabeta"}, "depth": {"3"},
		"id": {"false"}, "tt": {"false"}}.Encode())
	f := p.sibling()
	p.click("start-button")
	n := p.finished()
	if n < 40 {
		t.Fatalf("the presenter's search has %d events; want a depth-3 search of seven columns", n)
	}
	p.eval(`window.pvscope.seek(0)`, nil)
	p.click("room-share")
	p.waitFor(`!!window.pvscope.snapshot().room && window.pvscope.snapshot().room.role === "presenter"`)
	link := strings.TrimSpace(p.text("room-link"))
	f.open(strings.TrimPrefix(link, p.url))
	f.waitFor(fmt.Sprintf(`window.pvscope.snapshot().eventCount === %d`, n))
	p.waitFor(`window.pvscope.snapshot().room.followers === 1`)

	deepest := 0
	for k := 1; k <= 30; k++ {
		p.click("step-forward")
		f.waitFor(fmt.Sprintf(`(s => s.eventIndex === %d && s.room.following && s.drawn)(window.pvscope.snapshot())`, k))
		var moves []string
		f.eval(fmt.Sprintf(`(tr => { const id = tr.current(%d); return id ? tr.positionMoves(id) : []; })(window.pvscope.trace)`, k), &moves)
		want := c4Board(t, append(append([]string{}, start...), moves...))
		f.waitFor(fmt.Sprintf(`(() => { const want = %q; return [...document.querySelectorAll('[data-testid="game-board"] [data-testid="game-cell"]')].map((g) => g.dataset.cell + "=" + g.dataset.piece).sort().join(" ") === want; })()`, cellsText(want)))
		var pres []string
		p.eval(fmt.Sprintf(`(tr => { const id = tr.current(%d); return id ? tr.positionMoves(id) : []; })(window.pvscope.trace)`, k), &pres)
		if fmt.Sprint(pres) != fmt.Sprint(moves) {
			t.Fatalf("step %d: the follower is at node %v, the presenter at %v", k, moves, pres)
		}
		for _, m := range moves {
			if !c4Column.MatchString(m) {
				t.Fatalf("step %d: the follower names the move %q, not a column 1..7", k, m)
			}
		}
		deepest = max(deepest, len(moves))
	}
	if deepest < 3 {
		t.Errorf("the first 30 steps reach %d moves deep; want the depth-3 leaves", deepest)
	}
	if cols := count(f.drawnTexts(), c4Column.MatchString); cols < 2 {
		t.Errorf("the follower's tree draws %d labels 1..7", cols)
	}
	var log string
	f.eval(`document.querySelector('[data-testid="event-log"]').textContent`, &log)
	if !regexp.MustCompile(`\b[1-7]\b`).MatchString(log) || regexp.MustCompile(`\b[a-h][1-8][a-h][1-8]\b`).MatchString(log) {
		t.Errorf("the follower's narration names no column, or a chess move: %q", log)
	}
}

// cellsText is a board as the room test's page check writes it: "cell=piece" sorted.
func cellsText(b map[string]string) string {
	var out []string
	for c, v := range b {
		out = append(out, c+"="+v)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
