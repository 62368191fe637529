package server

import (
	"regexp"
	"strings"
	"testing"
)

// On a French page the Lessons menu's progress marks are French: "lues",
// "exercice 2/3 réussi", never "passed", "yes" or "read" (issue 28). The
// progress is put in the browser's storage as the page keeps it.
func TestBrowserLessonMenuMarksInFrench(t *testing.T) {
	p := newPage(t, 1366, 768)
	p.open("/?lang=fr")
	p.eval(`localStorage.setItem("pvscope.lessons", JSON.stringify({
		alphabeta: {seen: [0], exercise: {asked: 3, correct: 2, passed: true}},
		minimax: {seen: [0, 1], exercise: {asked: 3, correct: 1, passed: false}}}))`, nil)
	p.open("/?lang=fr")
	p.waitFor(`document.querySelector('[data-testid="lesson-menu"]').options.length > 3`)
	var menu []string
	p.eval(`[...document.querySelector('[data-testid="lesson-menu"]').options].map((o) => o.textContent)`, &menu)
	english := regexp.MustCompile(`(?i)\b(passed|yes|no|exercise|read|seen)\b`)
	var ab, mm string
	for _, m := range menu {
		if w := english.FindString(m); w != "" {
			t.Errorf("the French menu entry %q has the English word %q", m, w)
		}
		switch {
		case strings.Contains(m, "Alpha-bêta"):
			ab = m
		case strings.Contains(m, "Minimax"):
			mm = m
		}
	}
	if !regexp.MustCompile(`\(1/\d+ lues, exercice 2/3 réussi\)$`).MatchString(ab) {
		t.Errorf("the alpha-beta entry reads %q; want (1/N lues, exercice 2/3 réussi)", ab)
	}
	if !regexp.MustCompile(`\(2/\d+ lues, exercice 1/3\)$`).MatchString(mm) {
		t.Errorf("the minimax entry reads %q; want (2/N lues, exercice 1/3)", mm)
	}
}
