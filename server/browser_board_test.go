package server

import (
	"net/url"
	"testing"
)

// boardCheckJS steps the page through events from..to one at a time (then jumps, then flips the
// board) and, once the board has settled after each step, compares what it shows with the FEN it
// says it shows (data-fen), read here from the FEN's own placement field: one piece element per
// occupied square, of the FEN's piece, drawn inside that square's rectangle. It also counts the
// piece elements each single step drew anew.
const boardCheckJS = `(async (from, to) => {
	const P = window.pvscope, board = document.querySelector('[data-testid="board"]');
	const frame = () => new Promise(requestAnimationFrame);
	const want = () => {
		const out = new Map(), rows = board.dataset.fen.split(" ")[0].split("/");
		rows.forEach((row, r) => {
			let f = 0;
			for (const ch of row) {
				if (/\d/.test(ch)) { f += +ch; continue; }
				out.set("abcdefgh"[f] + (8 - r), (ch === ch.toUpperCase() ? "w" : "b") + ch.toLowerCase());
				f++;
			}
		});
		return out;
	};
	const pieces = () => [...board.querySelectorAll('g[data-piece]')];
	const wrong = () => {
		const w = want(), seen = new Map(), bad = [];
		for (const el of pieces()) {
			const box = el.getBoundingClientRect(), cx = box.left + box.width / 2, cy = box.top + box.height / 2;
			const sq = [...board.querySelectorAll('rect[data-square]')].find((r) => {
				const q = r.getBoundingClientRect(); return cx >= q.left && cx <= q.right && cy >= q.top && cy <= q.bottom;
			});
			const at = sq ? sq.dataset.square : "off the board";
			if (seen.has(at)) bad.push("two pieces on " + at);
			seen.set(at, el.dataset.piece);
		}
		for (const [sq, pc] of w) if (seen.get(sq) !== pc) bad.push(sq + " shows " + (seen.get(sq) || "nothing") + ", the FEN has " + pc);
		for (const [sq, pc] of seen) if (!w.has(sq)) bad.push(sq + " shows " + pc + ", the FEN has it empty");
		return bad;
	};
	const settle = async (what) => {
		for (let i = 0; i < 60; i++) { await frame(); if (!wrong().length) return null; }
		return what + ": " + wrong().slice(0, 4).join("; ");
	};
	let most = 0, changed = 0, total = 0;
	P.seek(from);
	let bad = await settle("at step " + from);
	if (bad) return {bad};
	for (let k = from + 1; k <= to; k++) {
		const before = new Set(pieces()), fen = board.dataset.fen;
		P.seek(k);
		if ((bad = await settle("at step " + k))) return {bad};
		if (board.dataset.fen === fen) continue;
		changed++;
		const fresh = pieces().filter((el) => !before.has(el)).length;
		if (fresh > most) { most = fresh; total = pieces().length; }
	}
	for (const k of [to + 400, from, to + 37, 3]) {
		P.seek(k);
		if ((bad = await settle("after a jump to step " + k))) return {bad};
	}
	document.getElementById("board-flip").click();
	if ((bad = await settle("flipped"))) return {bad};
	P.seek(to);
	if ((bad = await settle("flipped, at step " + to))) return {bad};
	return {bad: "", most, changed, total};
})`

// The board shows the position of every step, piece for piece, whichever way the page moves (one
// step, a jump, a flip), and a step redraws only the pieces that changed: drawing all 32 again
// on every step cost 10-22 ms of style and layout while a search streamed in (issue 28).
func TestBrowserBoardRedrawsOnlyWhatChanged(t *testing.T) {
	p := newPage(t, 1366, 768)
	// Kiwipete: captures, castling, promotions in reach.
	p.open("/?" + url.Values{"fen": {kiwipete}, "depth": {"2"}}.Encode())
	p.startAndWait()
	var got struct {
		Bad                  string
		Most, Changed, Total int
	}
	p.await(boardCheckJS+`(40, 240)`, &got)
	if got.Bad != "" {
		t.Fatal(got.Bad)
	}
	if got.Changed < 30 {
		t.Fatalf("only %d of 200 steps changed the position: the test needs more", got.Changed)
	}
	// One step makes a move or takes one back: the moved piece, a rook castling, a capture put
	// back, a promotion, at most 4 pieces; the others stay as they were.
	if got.Most > 4 {
		t.Errorf("a step drew %d of the board's %d pieces anew, want 4 at most", got.Most, got.Total)
	}
}
