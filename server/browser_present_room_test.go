package server

import (
	"fmt"
	"net/url"
	"testing"
)

// roomBoxes are the presenter's quiz panel, the room's QR code and the node asked about, in
// the window's pixels, and the poll's tally size.
type roomBoxes struct {
	Node       string
	Quiz, QR   [4]float64 // left, top, right, bottom
	Asked      [4]float64 // the asked node's box
	TallyPx    float64
	TallyShown bool
}

const roomBoxesProbe = `(() => {
	const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
	const P = window.pvscope, v = P.view, q = P.snapshot().quiz.question, c = v.canvas.getBoundingClientRect();
	const want = q.kind === "window" ? q.node.split(".").slice(0, -1).join(".") : q.node;
	let asked = [0, 0, 0, 0];
	for (const it of v.result.nodes) {
		if (!it.nodeId || P.trace.positionMoves(it.nodeId).join(".") !== want) continue;
		const r = v.nodeR * v.scale, x = c.left + it.x * v.scale + v.tx, y = c.top + it.y * v.scale + v.ty;
		asked = [x - r, y - r, x + r, y + r];
	}
	const poll = document.querySelector('[data-testid="room-poll"]');
	return { Node: want, Quiz: box(document.querySelector(".quiz-panel")), QR: box(document.querySelector('[data-testid="room-qr"]')),
		Asked: asked, TallyPx: parseFloat(getComputedStyle(poll).fontSize), TallyShown: !poll.hidden };
})()`

func meets(a, b [4]float64) bool { return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3] }

// Issue 39, item 5: presenting with a room open, the room's QR code, the presenter's quiz panel
// and the node the question asks about never cover one another (the QR code covered the
// question at 1280x720), at 1280x720, 1366x768 and 1920x1080, at each question of R&N's
// alpha-beta; and the poll's tally is at least 20 px, the hall's size (it was 15).
func TestBrowserPresentingRoomQRAndQuizApart(t *testing.T) {
	for _, size := range [][2]int{{1280, 720}, {1366, 768}, {1920, 1080}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			p := newPage(t, size[0], size[1])
			page := "/?" + url.Values{"tree": {aima}, "algo": {"alphabeta"}, "quiz": {"value"}}.Encode()
			// No pause for the class after each answer (3 s by default; TestBrowserRoomFollowerSeesItsVerdict
			// checks it): this test is about where the panels are, and waited 12 s a size for it.
			p.open(page)
			p.eval(`localStorage.setItem("pvscope.quiz.roomPause", "0")`, nil)
			p.open(page)
			p.present()
			p.click("room-share")
			p.waitFor(`!!document.querySelector('[data-testid="room-qr"] svg')`)
			p.click("start-button")
			asked := 0
			for guard := 0; guard < 40; guard++ {
				p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.quiz.question !== null || (s.eventCount > 0 && s.eventIndex === s.eventCount && !s.running && !s.streaming); })()`)
				var open bool
				p.eval(`window.pvscope.snapshot().quiz.question !== null`, &open)
				if !open {
					break
				}
				asked++
				p.await(`(async () => { for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame); return true; })()`, nil)
				var b roomBoxes
				p.eval(roomBoxesProbe, &b)
				if meets(b.Quiz, b.QR) {
					t.Errorf("question on %q: the quiz panel %v and the QR code %v overlap", b.Node, b.Quiz, b.QR)
					p.shot(fmt.Sprintf("room-qr-quiz-%dx%d.png", size[0], size[1]))
				}
				if meets(b.Asked, b.QR) || meets(b.Asked, b.Quiz) {
					t.Errorf("question on %q: its node %v is under the QR code %v or the quiz %v", b.Node, b.Asked, b.QR, b.Quiz)
				}
				if asked == 1 {
					p.shot(fmt.Sprintf("room-quiz-%dx%d.png", size[0], size[1]))
				}
				p.eval(`window.pvscope.answer("0")`, nil)
				p.eval(`(() => { const b = document.querySelector('.quiz-panel button:not([type=submit]):last-of-type'); if (window.pvscope.snapshot().quiz.question && b) b.click(); })()`, nil)
			}
			if asked == 0 {
				t.Fatal("no question was asked")
			}
			t.Logf("%d questions asked", asked)
			var px float64
			p.eval(`(() => { const el = document.querySelector('[data-testid="room-poll"]'); el.hidden = false; return parseFloat(getComputedStyle(el).fontSize); })()`, &px)
			if px < 20 {
				t.Errorf("the poll's tally is %.0f px, want 20 or more", px)
			}
		})
	}
}
