package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The teaching parts of the page in French (?lang=fr), on Russell & Norvig's Fig. 5.2 (B = 3; C is
// cut after its 2 with α = 3; the root 3): the quiz asks and explains in French, an exercise grades
// in French, a worksheet is headed in French. The expected sentences are written by hand; French
// puts a no-break space (U+00A0) before "?" and ":".
func TestBrowserTeachingInFrench(t *testing.T) {
	p := newPage(t, 1366, 768)
	const nb = "\u00a0"
	shots := os.Getenv("PVSCOPE_SHOTS")

	// The quiz: B's value is asked first; a wrong answer gets the French hint and a second try.
	p.open("/?lang=fr&tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=pvs&quiz=value")
	p.click("start-button")
	p.waitFor(`(() => { const s = window.pvscope.snapshot(); return s.eventCount > 0 && !s.streaming && s.quiz.question !== null })()`)
	if got := p.text("quiz-panel"); !strings.Contains(got, "Quelle valeur renverra le nœud 0"+nb+"?") || !strings.Contains(got, "Score"+nb+": 0 / 0") {
		t.Errorf("the quiz's question in French: %q", got)
	}
	p.run(chromedp.Evaluate(`window.pvscope.answer("12")`, nil))
	fb := p.text("quiz-feedback")
	for _, want := range []string{"Pas tout à fait.", "Le nœud 0 est un nœud MIN" + nb + ": il prend le plus petit des scores renvoyés par ses fils (3, 12, 8).", "Réessayez."} {
		if !strings.Contains(fb, want) {
			t.Errorf("the quiz's feedback %q lacks %q", fb, want)
		}
	}
	if shots != "" {
		p.screenshot(filepath.Join(shots, "quiz-fr-1366x768.png"))
	}

	// An exercise: C's 2 crossed out though it is read, the root's value wrong.
	p.open("/?lang=fr&tree=((3+12+8)+(2+4+6)+(14+5+2))&algo=alphabeta&exercise=prune")
	p.waitFor(`(() => { const e = window.pvscope.snapshot().exercise; return e && e.kind === "prune" })()`)
	p.run(chromedp.Evaluate(`window.pvscope.answerExercise({unread: ["1.0", "1.1"], root: 5})`, nil))
	res := p.text("exercise-result")
	for _, want := range []string{"Pas encore" + nb + ": 3 erreurs.",
		"La feuille 1.0 (2) est évaluée" + nb + ": la fenêtre de son père, (3, ∞), est encore ouverte quand elle est atteinte.",
		"La feuille 1.2 (6) n'est jamais évaluée" + nb + ": au nœud 1 (MIN), après 1.0, la valeur 2 est déjà ≤ α = 3, donc les fils restants sont coupés (coupure alpha).",
		"La valeur de la racine est 3, et non 5" + nb + ": la meilleure des valeurs de ses fils pour MAX."} {
		if !strings.Contains(res, want) {
			t.Errorf("the exercise's result %q lacks %q", res, want)
		}
	}
	if got := p.text("exercise-panel"); !strings.Contains(got, "Barrez les feuilles qu'alpha-bêta n'évalue jamais, et donnez la valeur de la racine.") {
		t.Errorf("the exercise's question in French: %q", got)
	}
	if shots != "" {
		p.screenshot(filepath.Join(shots, "exercise-fr-1366x768.png"))
	}

	// A worksheet and its key.
	p.run(chromedp.Navigate(p.url + "/?lang=fr&exercise=prune&sheet=1&random=b=2,d=4,seed=7&trees=3&paper=a4"))
	p.waitFor(`window.pvscope && window.pvscope.snapshot().sheet && window.pvscope.snapshot().sheet.pages > 0`)
	sheet := p.text("sheet")
	for _, want := range []string{"Fiche pvscope · élagage · graine 7", "Corrigé · élagage · graine 7", "Valeur de la racine" + nb + ":", "Nom" + nb + ":", "3 arbres"} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the worksheet lacks %q", want)
		}
	}
	if shots != "" {
		p.screenshot(filepath.Join(shots, "sheet-fr-1366x768.png"))
	}
}
