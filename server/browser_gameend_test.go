package server

import (
	"net/url"
	"strings"
	"testing"
)

// A game's end on the page, end to end: Othello with a8 alone empty (the
// board TestGameEndOthello counts by hand: black's a8 fills it and wins
// 36-28), searched by the server; the node after a8 is narrated as lost for
// the side to move (white), never as checkmate, and the board's caption,
// with that node selected, says the game is over there.
func TestBrowserGameEndOthelloNarrated(t *testing.T) {
	p := newPage(t, 1366, 768)
	position := ".wbbbbbb/bbwwwwww/wwwwwwww/wwwwwwww/wwwwwwbb/bbbbbbbb/bbbbbbbb/bbbbbbbb b"
	p.open("/?" + url.Values{"game": {"othello"}, "position": {position}, "algo": {"alphabeta"}, "depth": {"2"}, "id": {"false"}, "tt": {"false"}}.Encode())
	p.click("start-button")
	p.finished()
	var at struct {
		K     int    `json:"k"`
		Child int    `json:"child"`
		Log   string `json:"log"`
		Title string `json:"title"`
	}
	p.await(`(async () => {
		const api = window.pvscope, tr = api.trace, frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
		let k = 0, child = 0;
		for (let i = 0; i < tr.length; i++) { const e = tr.event(i); if (e.kind === "exit" && tr.node(e.node).parent) { k = i + 1; child = e.node; break; } }
		api.seek(k);
		api.view.onSelect(child);
		for (let i = 0; i < 100 && !api.snapshot().drawn; i++) await frame();
		await frame();
		return { k, child, log: document.querySelector('[data-testid="event-log"]').textContent, title: document.getElementById("board-title").textContent };
	})()`, &at)
	if at.K == 0 {
		t.Fatalf("no child exit in the search")
	}
	if !strings.Contains(at.Log, "The game is over here: the side to move has lost.") || strings.Contains(strings.ToLower(at.Log), "checkmate") {
		t.Errorf("the narration up to step %d reads %q; want the game over, lost for the side to move, and no checkmate", at.K, at.Log)
	}
	if !strings.Contains(at.Title, "a8") || !strings.Contains(at.Title, "game over: the side to move has lost") {
		t.Errorf("with node %d (a8) selected the board's caption is %q; want it to say the game is over, lost for the side to move", at.Child, at.Title)
	}
}
