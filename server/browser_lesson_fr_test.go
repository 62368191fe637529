package server

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// lessonBar is what a student sees of the open lesson: its title, text, the line saying it is
// not translated, the languages the bar marks, and the Lessons menu's entries.
type lessonBar struct {
	Title, Text, Note, TextLang, TitleLang string
	NoteHidden                             bool
	Menu                                   []string
	Lang                                   string // snapshot().lesson.lang
}

const lessonBarProbe = `(() => {
  const q = (id) => document.querySelector('[data-testid="' + id + '"]');
  return JSON.stringify({
    Title: document.getElementById("lesson-title").textContent,
    Text: q("lesson-text").textContent, Note: q("lesson-lang").textContent, NoteHidden: q("lesson-lang").hidden,
    TextLang: q("lesson-text").getAttribute("lang") || "", TitleLang: document.getElementById("lesson-title").getAttribute("lang") || "",
    Menu: [...q("lesson-menu").options].map((o) => o.textContent),
    Lang: window.pvscope.snapshot().lesson.lang,
  });
})()`

var asciiSpaces = regexp.MustCompile(`[ \t\r\n]+`)

func (p *page) lessonBar() lessonBar {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(lessonBarProbe, &s))
	var b lessonBar
	if err := json.Unmarshal([]byte(s), &b); err != nil {
		p.t.Fatal(err)
	}
	b.Text = asciiSpaces.ReplaceAllString(strings.TrimSpace(b.Text), " ") // a no-break space stays
	return b
}

// openLessonSlide opens /?lang=LANG&lesson=NAME&slide=1 and waits for the slide's search.
func (p *page) openLessonSlide(lang, name string) lessonSnap {
	p.t.Helper()
	p.open("/?lang=" + lang + "&lesson=" + name + "&slide=1")
	p.waitSlide(1)
	return p.lessonSnap()
}

// Everything of the slide's search that the picture shows: the same tree in both languages.
func sameSearch(t *testing.T, where string, en, fr lessonSnap) {
	t.Helper()
	strip := regexp.MustCompile(`&?lang=[a-z]+`)
	if en.Lesson == nil || fr.Lesson == nil || !en.Lesson.Loaded || !fr.Lesson.Loaded {
		t.Fatalf("%s: a slide did not load: en %+v, fr %+v", where, en.Lesson, fr.Lesson)
	}
	if strip.ReplaceAllString(en.Search, "") != strip.ReplaceAllString(fr.Search, "") || en.K != fr.K || en.N != fr.N ||
		en.Nodes != fr.Nodes || !slices.Equal(en.PV, fr.PV) || en.Selected != fr.Selected || en.View != fr.View {
		t.Errorf("%s: the French slide shows another search than the English one:\nen %+v\nfr %+v", where, en, fr)
	}
}

// The alpha-beta lesson with ?lang=fr: its first slide in French, on the same tree as in
// English (Russell and Norvig's Fig. 5.2: root 3 by move 0, PV 0 0, 7 of 9 leaves read, 1.1 and
// 1.2 pruned, by hand); the English lesson with ?lang=en unchanged; the menu's titles in the
// page's language.
func TestBrowserLessonInFrench(t *testing.T) {
	p := newPage(t, 1366, 768)
	const nb = "\u00a0"

	fr := p.openLessonSlide("fr", "alphabeta")
	bar := p.lessonBar()
	for _, want := range []string{
		"Voici de nouveau l'arbre de Russell et Norvig, exploré cette fois par alpha-bêta.",
		"La racine vaut 3 et son meilleur coup est 0, comme avec minimax, mais seules 7 des 9 feuilles ont été lues" + nb + ":",
		"Elles sont élaguées.",
	} {
		if !strings.Contains(bar.Text, want) {
			t.Errorf("French slide 1 %q lacks %q", bar.Text, want)
		}
	}
	if bar.Title != "Alpha-bêta" || bar.Lang != "fr" || !bar.NoteHidden || bar.TextLang != "" || bar.TitleLang != "" {
		t.Errorf("a translated lesson on a French page: %+v", bar)
	}
	// The menu: the seven lessons in index.json's order, titled in French.
	wantMenu := []string{"1. Minimax", "2. Alpha-bêta", "3. L'ordre des coups et l'arbre minimal",
		"4. Recherche de la variation principale (PVS)", "5. L'approfondissement itératif et la table de transposition",
		"6. La variation principale, et pourquoi elle sort trop courte", "7. Le coup nul et les réductions des coups tardifs"}
	for _, w := range wantMenu {
		if !slices.ContainsFunc(bar.Menu, func(m string) bool { return strings.HasPrefix(m, w) }) {
			t.Errorf("the French Lessons menu %q has no %q", bar.Menu, w)
		}
	}
	frSnap := p.snapshot()
	if frSnap.Score == nil || *frSnap.Score != 3 || !slices.Equal(frSnap.PV, []string{"0", "0"}) || !slices.Equal(frSnap.Pruned, []string{"1.1", "1.2"}) {
		t.Errorf("French slide 1: score %v, PV %v, pruned %v; want 3, [0 0], [1.1 1.2]", frSnap.Score, frSnap.PV, frSnap.Pruned)
	}

	en := p.openLessonSlide("en", "alphabeta")
	sameSearch(t, "alphabeta slide 1", en, fr)
	if enSnap := p.snapshot(); !slices.Equal(enSnap.Pruned, frSnap.Pruned) || enSnap.VisibleNodes != frSnap.VisibleNodes {
		t.Errorf("slide 1 draws another tree in English: pruned %v, %d nodes drawn; French %v, %d", enSnap.Pruned, enSnap.VisibleNodes, frSnap.Pruned, frSnap.VisibleNodes)
	}
	bar = p.lessonBar()
	if !strings.Contains(bar.Text, "Russell and Norvig's tree again, searched by alpha-beta. The root's value is 3 and its best move 0, as with minimax, but only 7 of the 9 leaves were read:") {
		t.Errorf("English slide 1 changed: %q", bar.Text)
	}
	if bar.Title != "Alpha-beta" || bar.Lang != "en" || !bar.NoteHidden || bar.TextLang != "" || !slices.ContainsFunc(bar.Menu, func(m string) bool { return strings.HasPrefix(m, "2. Alpha-beta") }) {
		t.Errorf("the English lesson on an English page: %+v", bar)
	}

	// Every slide of the lesson: the same search in both languages, each language's slides opened
	// in turn in one page (lesson.open: a slide with its predecessor's state keeps its search in
	// both languages alike).
	ens := p.lessonSlides("alphabeta", 2, 10)
	p.open("/?lang=fr&lesson=alphabeta&slide=1")
	p.waitSlide(1)
	frs := p.lessonSlides("alphabeta", 2, 10)
	for i := range ens {
		if frs[i].Lesson == nil || frs[i].Lesson.Slide != i+2 || ens[i].Lesson == nil || ens[i].Lesson.Slide != i+2 {
			t.Fatalf("alphabeta slide %d: read en %+v, fr %+v", i+2, ens[i].Lesson, frs[i].Lesson)
		}
		sameSearch(t, "alphabeta slide "+itoa(i+2), ens[i], frs[i])
	}
}

// A lesson not translated yet: on a French page it is shown in English, with one line in French
// saying so, its text marked lang="en" for screen readers, and its English title in the menu. The
// French catalogue is changed in the browser to leave PVS untranslated (the server's has all seven).
func TestBrowserLessonNotTranslatedFallsBackToEnglish(t *testing.T) {
	p := newPage(t, 1366, 768)
	const untranslate = `(() => {
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (u, o) => {
    const r = await fetch0(u, o);
    // The menu (menu.json: name, title, slides, lang) and the texts (catalogue.json: name, text, lang).
    const file = ["menu.json", "catalogue.json"].find((f) => String(u).endsWith("/static/lessons/fr/" + f));
    if (!file) return r;
    const en = await (await fetch0("/static/lessons/" + file)).json();
    const all = (await r.json()).map((x) => x[0] === "pvs" ? [...en.find((e) => e[0] === "pvs").slice(0, file === "menu.json" ? 3 : 2), "en"] : x);
    return new Response(JSON.stringify(all), { status: 200, headers: { "Content-Type": "application/json" } });
  };
})()`
	p.run(chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := cdppage.AddScriptToEvaluateOnNewDocument(untranslate).Do(ctx)
		return err
	}))
	p.openLessonSlide("fr", "pvs")
	bar := p.lessonBar()
	if bar.NoteHidden || bar.Note != "Cette leçon n'est pas encore traduite\u00a0: elle est présentée en anglais." {
		t.Errorf("the untranslated lesson's line: hidden %v, %q", bar.NoteHidden, bar.Note)
	}
	if !strings.Contains(bar.Text, "Russell and Norvig's tree with one leaf changed") || bar.TextLang != "en" || bar.TitleLang != "en" ||
		bar.Title != "Principal variation search" || bar.Lang != "en" {
		t.Errorf("the untranslated lesson on a French page: %+v", bar)
	}
	if !slices.ContainsFunc(bar.Menu, func(m string) bool { return strings.HasPrefix(m, "4. Principal variation search") }) || !slices.ContainsFunc(bar.Menu, func(m string) bool { return strings.HasPrefix(m, "2. Alpha-bêta") }) {
		t.Errorf("the menu: English title for the untranslated lesson, French for the others: %q", bar.Menu)
	}
	axe := axeSource(t)
	p.axeCheck(t, axe, "untranslated lesson on a French page")

	// A translated lesson opened next: the line goes away.
	p.run(chromedp.Evaluate(`window.pvscope.lesson.open("alphabeta", 1)`, nil))
	p.waitFor(`window.pvscope.snapshot().lesson.name === "alphabeta"`)
	p.waitSlide(1)
	if bar = p.lessonBar(); !bar.NoteHidden || bar.TextLang != "" || bar.Lang != "fr" {
		t.Errorf("a translated lesson after an untranslated one: %+v", bar)
	}
	p.axeCheck(t, axe, "French lesson slide 1")
}
