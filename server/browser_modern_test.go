package server

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// modernNode is what window.pvscope.node(path) says of modern search.
type modernNode struct {
	Move     string `json:"move"`
	Outcome  string `json:"outcome"`
	Reduced  int    `json:"reduced"`
	Extended int    `json:"extended"`
	Why      string `json:"why"`
	NullMove bool   `json:"nullMove"`
	Pruned   []struct {
		Move, UCI, Why string
	} `json:"pruned"`
}

// A hand-written chess trace (static/js/test/fixtures/modern_chess.jsonl: a
// rook ending, one iteration of depth 3) with a check extension, a late move
// reduction re-searched at full depth, a null move that cuts off and two
// prune events opens in the page, and the page shows each: node(path), the
// board under the null move, the narration, the counts and two breakpoints.
// The expected values are read off the file by hand (its event numbers in
// the comments are seq, one more than the event's index).
func TestBrowserModernSearchMarks(t *testing.T) {
	file, err := filepath.Abs("../static/js/test/fixtures/modern_chess.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, 1366, 768)
	p.open("/")
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
	n := p.finished()
	if n != 39 {
		t.Fatalf("the trace opened with %d events, the file has 39", n)
	}
	p.snapAt(n)
	node := func(path string) modernNode {
		t.Helper()
		var raw string
		p.run(chromedp.Evaluate(fmt.Sprintf(`JSON.stringify(window.pvscope.node(%q))`, path), &raw))
		var nd modernNode
		if err := json.Unmarshal([]byte(raw), &nd); err != nil {
			t.Fatalf("node(%q) = %s: %v", path, raw, err)
		}
		return nd
	}
	type pr = struct{ Move, UCI, Why string }
	check := func(path string, want modernNode, pruned []pr) {
		t.Helper()
		got := node(path)
		var gotPruned []pr
		for _, x := range got.Pruned {
			gotPruned = append(gotPruned, pr(x))
		}
		got.Pruned, want.Pruned = nil, nil
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotPruned, pruned) {
			t.Errorf("node(%q) = %+v pruned %v\nwant %+v pruned %v", path, got, gotPruned, want, pruned)
		}
	}
	// seq 6: Rd4+ extended one ply for the check.
	check("d2d3 e8d7 c4d4", modernNode{Move: "Rd4+", Outcome: "exact", Extended: 1, Why: "check"}, nil)
	// seq 31: Black passes after Rc5; named in UCI, in SAN with --, or "null".
	nullMove := modernNode{Move: "--", Outcome: "fail-low", Reduced: 2, Why: "null-move", NullMove: true}
	for _, path := range []string{"c4c5 0000", "1.Rc5 --", "Rc5 null"} {
		check(path, nullMove, nil)
	}
	// seq 15 and 12: a5 pruned by futility at Kd3, Ke3 by late-move pruning at Kd7.
	check("d2d3", modernNode{Move: "Kd3", Outcome: "exact"}, []pr{{"a5", "a7a5", "futility"}})
	check("d2d3 e8d7", modernNode{Move: "Kd7", Outcome: "exact"}, []pr{{"Ke3", "d3e3", "late-move"}})
	check("1.Kd3 a5", modernNode{Move: "a5", Outcome: "pruned", Why: "futility"}, nil)
	// The path names the latest visit: the re-search at the end, the reduced
	// probe (seq 17) before the re-search is entered (seq 21).
	check("d2d3 e8f7", modernNode{Move: "Kf7", Outcome: "exact"}, nil)
	p.snapAt(18)
	check("d2d3 e8f7", modernNode{Move: "Kf7", Outcome: "fail-low", Reduced: 1, Why: "lmr"}, nil)

	// The narration of each kind, the newest row of the log at its step.
	sentences := map[int][]string{
		6:  {"1.Kd3 Kd7 2.Rd4+ is entered", "; extended 1 ply (check)."},
		12: {"1.Kd3 Kd7 2.Ke3 is pruned without being searched (late move pruning)."},
		15: {"1.Kd3 a5 is pruned without being searched (futility)."},
		17: {"1.Kd3 Kf7 is entered", "; searched 1 ply shallower (late move reduction)."},
		20: {"The reduced search of 1.Kd3 Kf7 (1 ply shallower, late move reduction) beat α, so it is searched again at full depth 1"},
		31: {"1.Rc5 -- is entered", "; the side to move passes (null move), searched 2 plies shallower."},
	}
	for k, want := range sentences {
		var last string
		p.await(fmt.Sprintf(`(async () => {
			window.pvscope.seek(%d);
			await window.pvscope.settled(); // a slow search's log comes a frame or more after the seek
			const lis = [...document.querySelectorAll('[data-testid="event-log"] li .txt')];
			return lis.length ? lis[lis.length - 1].textContent : "";
		})()`, k), &last)
		for _, w := range want {
			if !strings.Contains(last, w) {
				t.Errorf("at step %d the log says %q; want it to contain %q", k, last, w)
			}
		}
	}

	// The board under the null move: the pieces after 1.Rc5, White to move. (The seek's own
	// frames are let pass first, so that none of them redraws the board after the go-to.)
	p.snapAt(n)
	p.await(`(async () => { for (let i = 0; i < 4; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
	p.run(chromedp.Evaluate(`(() => { const box = document.querySelector('[data-testid="node-path"]'); box.value = "c4c5 0000";
		box.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true})); })()`, nil))
	p.waitFor(`document.getElementById("board-title").textContent.includes("null move")`)
	// The board redraws over a frame or two: wait for its FEN to be the null move's.
	// (cm-chessboard animates the rook from c4: wait until it has left c4 too, so a
	// loaded machine does not read the board mid-move.)
	p.waitFor(`(document.querySelector('[data-testid="board"]').dataset.fen || "").split(" ")[1] === "w" &&
		document.querySelector('[data-testid="board"] [data-square="c5"][data-piece]') !== null &&
		document.querySelector('[data-testid="board"] [data-square="c4"][data-piece]') === null`)
	var board struct {
		Pieces []string
		FEN    string
		Title  string
	}
	p.run(chromedp.Evaluate(`({pieces: [...document.querySelectorAll('[data-testid="board"] [data-piece][data-square]')]
		.map(e => e.getAttribute("data-square") + "=" + e.getAttribute("data-piece")).sort(),
		fen: document.querySelector('[data-testid="board"]').dataset.fen,
		title: document.getElementById("board-title").textContent})`, &board))
	// 4k3/p7/8/2R5/8/8/3K4/8 after c4c5, as cm-chessboard names pieces (colour and kind).
	wantPieces := []string{"a7=bp", "c5=wr", "d2=wk", "e8=bk"}
	if !reflect.DeepEqual(board.Pieces, wantPieces) {
		t.Errorf("under the null move the board shows %v, want %v", board.Pieces, wantPieces)
	}
	if f := strings.Fields(board.FEN); len(f) < 2 || f[0] != "4k3/p7/8/2R5/8/8/3K4/8" || f[1] != "w" {
		t.Errorf("under the null move the board's FEN is %q; want the position after Rc5 with White to move", board.FEN)
	}
	if !strings.Contains(board.Title, "White to move") {
		t.Errorf("the board's caption %q does not say White moves", board.Title)
	}
	p.run(chromedp.Evaluate(`window.pvscope.view.fit()`, nil), chromedp.Sleep(300*time.Millisecond))
	p.shot("modern-marks-1366x768.png")
	p.run(chromedp.Evaluate(`(() => { const box = document.querySelector('[data-testid="node-path"]'); box.value = "d2d3";
		box.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true})); })()`, nil), chromedp.Sleep(300*time.Millisecond))
	p.shot("modern-marks-zoomed-1366x768.png")

	// The counts at the end: one null-move cutoff of one null move, one
	// reduction re-searched, two moves pruned, one extension.
	for id, want := range map[string]string{"stat-null-cuts": "1 / 1", "stat-reductions": "1 / 1", "stat-pruned": "2", "stat-extensions": "1"} {
		if got := p.text(id); got != want {
			t.Errorf("%s reads %q, want %q", id, got, want)
		}
	}

	// Saved by the page (trace-save) and opened again, the marks are the same.
	var saved string
	p.run(chromedp.Evaluate(`window.pvscope.traceJSONL()`, &saved))
	if !strings.Contains(saved, `"why":"futility"`) || !strings.Contains(saved, `"reduced":2`) || !strings.Contains(saved, `"extended":1`) {
		t.Errorf("the saved trace lacks the modern fields:\n%s", saved)
	}
	p.open("/?trace=" + upload(t, p.url, saved))
	if got := p.finished(); got != n {
		t.Fatalf("the saved trace reopened with %d events, want %d", got, n)
	}
	check("c4c5 0000", nullMove, nil)
	check("d2d3", modernNode{Move: "Kd3", Outcome: "exact"}, []pr{{"a5", "a7a5", "futility"}})
	check("d2d3 e8d7 c4d4", modernNode{Move: "Rd4+", Outcome: "exact", Extended: 1, Why: "check"}, nil)

	// Breakpoints: the null move's failing search returns at seq 32, the
	// reduced probe's re-search is announced at seq 20.
	for _, c := range []struct {
		bp   string
		want int
	}{{"nullMoveCutoff", 32}, {"reducedReSearch", 20}} {
		var k int
		p.run(chromedp.Evaluate(fmt.Sprintf(`(() => {
			for (const el of document.querySelectorAll("input[data-bp]")) el.checked = el.dataset.bp === %q;
			window.pvscope.seek(0);
			document.querySelector('[data-testid="run-to-breakpoint"]').click();
			return window.pvscope.snapshot().eventIndex; })()`, c.bp), &k))
		if k != c.want {
			t.Errorf("run to the %s breakpoint from 0 stops at step %d, want %d", c.bp, k, c.want)
		}
	}
}

// On a phone-sized screen the legend's entries for the marks and the counts
// show too (and PVSCOPE_SCREENSHOTS gets a picture to look at).
func TestBrowserModernSearchMarksPhone(t *testing.T) {
	file, err := filepath.Abs("../static/js/test/fixtures/modern_chess.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, 390, 844)
	p.open("/")
	p.run(chromedp.SetUploadFiles(`[data-testid="trace-file"]`, []string{file}, chromedp.ByQuery))
	p.snapAt(p.finished())
	p.run(chromedp.Evaluate(`window.pvscope.view.fit()`, nil), chromedp.Sleep(300*time.Millisecond))
	p.shot("modern-marks-390x844.png")
	var legend []string
	p.run(chromedp.Evaluate(`[...document.querySelectorAll(".legend-modern")].filter(e => getComputedStyle(e).display !== "none").map(e => e.textContent)`, &legend))
	if want := []string{"−2 reduced, +1 extended", "null move"}; !reflect.DeepEqual(legend, want) {
		t.Errorf("the legend shows %q for modern search, want %q", legend, want)
	}
	if got := p.text("stat-pruned"); got != "2" {
		t.Errorf("stat-pruned reads %q, want 2", got)
	}
}
