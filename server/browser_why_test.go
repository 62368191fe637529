package server

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
)

// "Why not …?" on R&N's Figure 5.2 under alpha-beta (issue 42): at node 1 (C),
// move 1 was never read. Worked by hand: node 0 (B) = min(3, 12, 8) = 3, so
// the root's alpha is 3 when C is entered with window (3, ∞); C's first leaf
// is 2 ≤ α = 3, and MIN cuts C off before its moves 1 and 2.
func TestBrowserWhyRNCutoffAtC(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta&depth=2&view=root")
	p.startAndWait()
	p.snapAt(p.finished())
	p.goToPath("1")
	p.click("why-open")
	p.waitFor(`document.querySelector('[data-testid="why-moves"] button[data-move="1"]') !== null`)
	var moves []string
	p.eval(`[...document.querySelectorAll('[data-testid="why-moves"] button')].map((b) => b.dataset.move)`, &moves)
	if strings.Join(moves, " ") != "0 1 2" {
		t.Fatalf("moves at node 1 = %v, want the three legal moves 0 1 2 (1 and 2 have no child)", moves)
	}
	p.eval(`document.querySelector('[data-testid="why-moves"] button[data-move="1"]').click()`, nil)
	p.waitFor(`document.querySelector('[data-testid="why-answer"] li') !== null`)
	got := p.text("why-answer")
	for _, want := range []string{"MIN's node 1", "window (3, ∞)", "move 1 was cut off before its turn", "move 0 scored 2 ≤ α = 3"} {
		if !strings.Contains(got, want) {
			t.Errorf("answer %q lacks %q", got, want)
		}
	}
	if dir := os.Getenv("PVSCOPE_SHOTS"); dir != "" {
		p.screenshot(dir + "/why-rn.png")
	}
	// The named node is a link that selects node 1: select another first.
	p.goToPath("0")
	p.eval(`document.querySelector('[data-testid="why-node"]').click()`, nil)
	var path string
	p.eval(`(() => { const id = window.pvscope.snapshot().selected; return id ? window.pvscope.trace.positionMoves(id).join(".") : "(none)"; })()`, &path)
	if path != "1" {
		t.Errorf("clicking the answer's node selected %q, want node 1", path)
	}
}

// The same question on a French page, its sentence in French from the
// fate's fields: still 2 ≤ α = 3 at MIN's node 1, by move 0.
func TestBrowserWhyRNCutoffAtCFrench(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?lang=fr&tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta&depth=2&view=root")
	p.startAndWait()
	p.snapAt(p.finished())
	p.goToPath("1")
	if got := p.text("why-open"); got != "Pourquoi pas …?" {
		t.Errorf("the button says %q, want Pourquoi pas …?", got)
	}
	p.click("why-open")
	p.waitFor(`document.querySelector('[data-testid="why-moves"] button[data-move="1"]') !== null`)
	p.eval(`document.querySelector('[data-testid="why-moves"] button[data-move="1"]').click()`, nil)
	p.waitFor(`document.querySelector('[data-testid="why-answer"] li') !== null`)
	got := p.text("why-answer")
	want := "profondeur 2\u00a0: au nœud 1 de MIN (fenêtre (3, ∞)), le coup 1 a été coupé avant son tour\u00a0: le coup 0 a valu 2 ≤ α = 3."
	if !strings.Contains(got, want) {
		t.Errorf("answer %q, want %q", got, want)
	}
}

// On a chess search with futility pruning, the position after 1.Nxe5 Nxe5
// (from 1.e4 e5 2.Nf3 Nc6) at depth 3: the engine's trace writes a prune event
// for e1e2 there (futility, the second move in the node's order), and the
// answer names the rule; e1e2 has no child at that node and is listed all the
// same. Its named node is a link to the node after f3e5 c6e5.
func TestBrowserWhyChessPruned(t *testing.T) {
	p := newPage(t, 1366, 768)
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	p.open("/?fen=" + url.QueryEscape(fen) + "&algo=pvs&depth=3&lmr=true&futility=true")
	p.startAndWait()
	p.snapAt(p.finished())
	p.goToPathAs("f3e5 c6e5", "f3e5.c6e5")
	var hasChild bool
	p.eval(`(() => { const t = window.pvscope.trace, id = window.pvscope.snapshot().selected; for (let c = t.firstChild.get(id); c; c = t.nextSib.get(c)) if (t.moveName(c) === "e1e2") return true; return false; })()`, &hasChild)
	if hasChild {
		t.Fatal("e1e2 has a child after f3e5 c6e5: the test wants a move with none")
	}
	p.click("why-open")
	p.waitFor(`document.querySelector('[data-testid="why-moves"] button[data-move="e1e2"]') !== null`)
	p.eval(`document.querySelector('[data-testid="why-moves"] button[data-move="e1e2"]').click()`, nil)
	p.waitFor(`document.querySelector('[data-testid="why-answer"] li[data-fate="pruned"]') !== null`)
	var li string
	p.eval(`document.querySelector('[data-testid="why-answer"] li[data-fate="pruned"]').textContent`, &li)
	want := "depth 3: at the node after f3e5 c6e5 (window (20, 21)), e1e2 was pruned by futility pruning (move 2 in the node's order)."
	if !strings.Contains(li, want) {
		t.Errorf("the pruned iteration says %q, want %q", li, want)
	}
	p.goToPathAs("f3e5", "f3e5")
	p.eval(`document.querySelector('[data-testid="why-answer"] li[data-fate="pruned"] [data-testid="why-node"]').click()`, nil)
	var path string
	p.eval(`(() => { const id = window.pvscope.snapshot().selected; return id ? window.pvscope.trace.positionMoves(id).join(".") : "(none)"; })()`, &path)
	if path != "f3e5.c6e5" {
		t.Errorf("clicking the answer's node selected %q, want the node after f3e5 c6e5", path)
	}
}

// goToPath selects the node at path through the path box, as a person does.
func (p *page) goToPath(path string) { p.goToPathAs(path, path) }

// goToPathAs types typed in the path box and waits for the node whose moves
// joined by "." are moves.
func (p *page) goToPathAs(typed, moves string) {
	p.eval(fmt.Sprintf(`(() => { const box = document.querySelector('[data-testid="node-path"]'); box.value = %q;
		box.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true})); })()`, typed), nil)
	p.waitFor(fmt.Sprintf(`(() => { const id = window.pvscope.snapshot().selected; return !!id && window.pvscope.trace.positionMoves(id).join(".") === %q; })()`, moves))
}
