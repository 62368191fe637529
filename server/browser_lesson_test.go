package server

// Over 400 lines because it drives one lesson end to end in the browser, each slide's checks
// beside the helpers they share.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// lessonSlide is one slide as the lesson format (docs/page-guide.md) describes it, read here by a parser of
// the test's own (not lesson.js's): the expectations come from the files and the format.
type lessonSlide struct {
	state, step, sel, exercise string
}

// readLessonFile reads "# Title", then slides opened by "---" and "key: value" lines.
func readLessonFile(t *testing.T, file string) (title string, slides []lessonSlide) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	state := ""
	head := false
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "---" {
			slides = append(slides, lessonSlide{state: state, step: "end"})
			head = true
			continue
		}
		if len(slides) == 0 {
			if strings.HasPrefix(line, "# ") && title == "" {
				title = strings.TrimSpace(line[2:])
			}
			continue
		}
		if !head {
			continue
		}
		if strings.TrimSpace(line) == "" {
			head = false
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("%s: slide %d: %q is not key: value", file, len(slides), line)
		}
		s := &slides[len(slides)-1]
		v = strings.TrimSpace(v)
		switch k {
		case "state":
			state = strings.TrimPrefix(v, "?")
			s.state = state
		case "step":
			s.step = v
		case "select":
			s.sel = v
		case "exercise":
			s.exercise = v
		default:
			t.Fatalf("%s: slide %d: unknown key %q", file, len(slides), k)
		}
	}
	return title, slides
}

func lessonNames(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("../static/lessons/index.json")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		t.Fatal(err)
	}
	return names
}

// lessonSnap is snapshot().lesson plus what the test checks the slide's state against.
type lessonSnap struct {
	Lesson *struct {
		Name   string `json:"name"`
		Slide  int    `json:"slide"`
		Slides int    `json:"slides"`
		Loaded bool   `json:"loaded"`
		Error  string `json:"error"`
	} `json:"lesson"`
	K        int            `json:"k"`
	Nodes    int            `json:"nodes"`
	PV       []string       `json:"pv"`
	Score    *int           `json:"score"`
	Lines    map[string]int `json:"lines"` // each collector's line length at the step shown
	N        int            `json:"n"`
	Search   string         `json:"search"`
	View     string         `json:"view"`
	Selected string         `json:"selected"` // the selected node's path, "-" when none
	Last     struct {
		Kind string `json:"kind"`
		Path string `json:"path"`
	} `json:"last"` // the event just shown (k-1)
	Earlier    int    `json:"earlier"`    // events before k-1 of the same kind at the same path
	EarlierAny int    `json:"earlierAny"` // events before k-1 of the same kind anywhere
	SelPath    string `json:"selPath"`    // node(select).path: the slide's selection as the page resolves it
	Quiz       bool   `json:"quiz"`
	Text       string `json:"text"`
	ErrShown   string `json:"errShown"`
}

const lessonProbe = `(() => {
  const s = window.pvscope.snapshot(), t = window.pvscope.trace;
  const k = s.eventIndex, has = t && t.started;
  const path = (id) => t.positionMoves(id).join(".");
  const last = has && k > 0 ? t.event(k - 1) : null;
  let earlier = 0, earlierAny = 0;
  if (last) for (let i = 0; i < k - 1; i++) { const e = t.event(i); if (e.kind === last.kind) { earlierAny++; if (path(e.node) === path(last.node)) earlier++; } }
  return JSON.stringify({
    lesson: s.lesson, k, n: s.eventCount, nodes: s.nodeCount, pv: s.pv, score: s.score,
    lines: Object.fromEntries(Object.entries(s.pvByMethod || {}).map(([m, l]) => [m, l.length])), search: location.search, view: s.view,
    selected: s.selected ? path(s.selected) : "-",
    last: last ? { kind: last.kind, path: path(last.node) } : { kind: "", path: "" },
    earlier, earlierAny, quiz: s.quiz.active,
    text: document.querySelector('[data-testid="lesson-text"]').textContent,
    errShown: document.querySelector('[data-testid="lesson-error"]').hidden ? "" : document.querySelector('[data-testid="lesson-error"]').textContent,
  });
})()`

func (p *page) lessonSnap() lessonSnap {
	p.t.Helper()
	var s string
	p.run(chromedp.Evaluate(lessonProbe, &s))
	var ls lessonSnap
	if err := json.Unmarshal([]byte(s), &ls); err != nil {
		p.t.Fatal(err)
	}
	return ls
}

// waitSlide waits for slide n (1-based) of the open lesson to have loaded or failed.
func (p *page) waitSlide(n int) {
	p.t.Helper()
	p.run(chromedp.Poll(fmt.Sprintf(`(() => { const l = window.pvscope.snapshot().lesson; return !!l && l.slide === %d && (l.loaded || l.error !== ""); })()`, n),
		nil, chromedp.WithPollingTimeout(60*time.Second)))
}

var stepEvent = regexp.MustCompile(`^([a-z-]+)(?:\s+(\S+))?(?:\s+#(\d+))?$`)

// checkSlide compares the page with what the slide names: the search's parameters in the URL,
// the view, the step shown and the node selected.
func checkSlide(t *testing.T, where string, s lessonSlide, got lessonSnap) {
	t.Helper()
	l := got.Lesson
	if l == nil || !l.Loaded || l.Error != "" || got.ErrShown != "" {
		t.Fatalf("%s: not loaded: %+v, shown %q", where, l, got.ErrShown)
	}
	want, err := url.ParseQuery(s.state)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	have, _ := url.ParseQuery(strings.TrimPrefix(got.Search, "?"))
	for k, v := range want {
		switch k {
		case "view":
			if got.View != v[0] {
				t.Errorf("%s: view %q, the slide says %q", where, got.View, v[0])
			}
		case "quiz":
		default:
			if have.Get(k) != v[0] {
				t.Errorf("%s: URL has %s=%q, the slide says %q", where, k, have.Get(k), v[0])
			}
		}
	}
	if s.exercise != "" {
		if !got.Quiz {
			t.Errorf("%s: the exercise slide did not turn the quiz on", where)
		}
		return
	}
	switch {
	case s.step == "end" || s.step == "":
		if got.K != got.N || got.N == 0 {
			t.Errorf("%s: step %d of %d, the slide says the end", where, got.K, got.N)
		}
	case regexp.MustCompile(`^\d+$`).MatchString(s.step):
		if n, _ := strconv.Atoi(s.step); got.K != n {
			t.Errorf("%s: step %d, the slide says %d", where, got.K, n)
		}
	default:
		m := stepEvent.FindStringSubmatch(s.step)
		if m == nil {
			t.Fatalf("%s: step %q does not read", where, s.step)
		}
		path := m[2]
		if path == "root" {
			path = ""
		}
		nth := 1
		if m[3] != "" {
			nth, _ = strconv.Atoi(m[3])
		}
		if path == "*" {
			if got.Last.Kind != m[1] || got.EarlierAny != nth-1 {
				t.Errorf("%s: the step shown ends with %s (%d earlier anywhere), the slide says %q", where, got.Last.Kind, got.EarlierAny, s.step)
			}
		} else if got.Last.Kind != m[1] || got.Last.Path != path || got.Earlier != nth-1 {
			t.Errorf("%s: the step shown ends with %s at %q (%d earlier), the slide says %q", where, got.Last.Kind, got.Last.Path, got.Earlier, s.step)
		}
	}
	wantSel := "-"
	if s.sel != "" {
		wantSel = got.SelPath
	}
	if got.Selected != wantSel {
		t.Errorf("%s: selected %q, the slide selects %q (%q)", where, got.Selected, s.sel, wantSel)
	}
}

// Every slide of every lesson: its state loads (the search's parameters, the view, the step
// and the selection the slide names), paged with PgDn, and nothing is logged as an error; axe-core
// finds no serious or critical violation on it (an exercise with its first question open: the
// accessibility test's lesson states, checked here to walk the lessons once).
func TestBrowserLessonsWalkEverySlide(t *testing.T) {
	p := newPage(t, 1366, 768)
	axe := axeSourceOrNone(t)
	errs := consoleErrors(p)
	names := lessonNames(t)
	p.open("/")
	p.waitFor(fmt.Sprintf(`window.pvscope.lessons().length === %d`, len(names)))
	var list []struct {
		Name   string `json:"name"`
		Title  string `json:"title"`
		Slides int    `json:"slides"`
	}
	var raw string
	p.run(chromedp.Evaluate(`JSON.stringify(window.pvscope.lessons())`, &raw))
	if err := json.Unmarshal([]byte(raw), &list); err != nil {
		t.Fatal(err)
	}
	shots := os.Getenv("PVSCOPE_SHOTS")
	for li, name := range names {
		title, slides := readLessonFile(t, filepath.Join("../static/lessons", name+".md"))
		if list[li].Name != name || list[li].Title != title || list[li].Slides != len(slides) {
			t.Fatalf("lessons()[%d] = %+v, the file %s.md has %q with %d slides", li, list[li], name, title, len(slides))
		}
		if len(slides) < 6 || len(slides) > 15 {
			t.Errorf("%s has %d slides: a lesson has 6 to 15", name, len(slides))
		}
		if slides[len(slides)-1].exercise == "" {
			t.Errorf("%s does not end with an exercise", name)
		}
		p.run(chromedp.Evaluate(fmt.Sprintf(`window.pvscope.lesson.open(%q, 1)`, name), nil))
		for i, s := range slides {
			if i > 0 {
				p.run(chromedp.KeyEvent(kb.PageDown))
			}
			// Read as it loads; an exercise's question asked after, for axe-core.
			got := p.slideAt(i+1, s.sel, s.exercise != "")
			where := fmt.Sprintf("%s slide %d", name, i+1)
			checkSlide(t, where, s, got)
			t.Logf("%s: step %d/%d, nodes %d, pv %v, lines %v", where, got.K, got.N, got.Nodes, got.PV, got.Lines)
			if strings.TrimSpace(got.Text) == "" {
				t.Errorf("%s: no text shown", where)
			}
			if axe != "" {
				p.axeCheck(t, axe, "lesson "+where)
			}
			if shots != "" && name == "alphabeta" && i == 5 {
				p.screenshot(filepath.Join(shots, "lesson-1366.png"))
			}
			if shots != "" && name == "shortpv" && i == 1 {
				p.screenshot(filepath.Join(shots, "lesson-chess-1366.png"))
			}
		}
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// A teacher's lesson from this server (?lesson-url=) whose second slide names a tree that does
// not read and whose third steps past the end: those two say so, the others load.
func TestBrowserLessonBrokenSlideSaysSoOnThatSlideOnly(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "broken.md")
	lesson := "# A teacher's lesson\n\n---\nstate: tree=((3 12 8) (2 4 6) (14 5 2))&algo=alphabeta&view=root\nstep: exit 1\nselect: 1\n\nGood.\n\n" +
		"---\nstate: tree=((3 12 (8)&algo=alphabeta\n\nA tree that does not read.\n\n" +
		"---\nstate: tree=((1 2) (3 4))&algo=minimax\nstep: 500\n\nPast the end.\n\n" +
		"---\nstate: tree=((1 2) (3 4))&algo=minimax\nstep: exit 1\nselect: 1.1\n\nGood again.\n"
	if err := os.WriteFile(file, []byte(lesson), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPageOn(t, 1366, 768, DefaultLimits(), func(s *Server) {
		s.mux.Handle("/lessons-of-mine/", http.StripPrefix("/lessons-of-mine/", http.FileServer(http.Dir(dir))))
	})
	p.open("/?lesson-url=/lessons-of-mine/broken.md&slide=1")
	want := []string{"", "tree", "past the end", ""}
	for i, w := range want {
		if i > 0 {
			p.click("lesson-next")
		}
		p.waitSlide(i + 1)
		got := p.lessonSnap()
		if w == "" {
			if !got.Lesson.Loaded || got.Lesson.Error != "" || got.ErrShown != "" {
				t.Errorf("slide %d: %+v, shown %q: want it loaded", i+1, got.Lesson, got.ErrShown)
			}
			continue
		}
		if got.Lesson.Loaded || !strings.Contains(strings.ToLower(got.Lesson.Error), w) || !strings.Contains(got.ErrShown, got.Lesson.Error) {
			t.Errorf("slide %d: %+v, shown %q: want an error naming %q", i+1, got.Lesson, got.ErrShown, w)
		}
	}
	if os.Getenv("PVSCOPE_SHOTS") != "" {
		p.click("lesson-prev")
		p.click("lesson-prev")
		p.waitSlide(2)
		p.screenshot(filepath.Join(os.Getenv("PVSCOPE_SHOTS"), "lesson-broken.png"))
	}
}

// On a phone: a slide loads and reads; Esc leaves it to explore (stepping moves freely), Esc
// again brings its step back; PgUp pages back.
func TestBrowserLessonEscExploresAndComesBack(t *testing.T) {
	p := newPage(t, 390, 844)
	p.open("/?lesson=alphabeta&slide=6")
	p.waitSlide(6)
	k0 := p.snapshot().EventIndex
	if s := os.Getenv("PVSCOPE_SHOTS"); s != "" {
		p.screenshot(filepath.Join(s, "lesson-390.png"))
	}
	p.run(chromedp.KeyEvent(kb.Escape))
	p.waitFor(`window.pvscope.snapshot().lesson.exploring === true`)
	var hidden bool
	p.run(chromedp.Evaluate(`getComputedStyle(document.querySelector('[data-testid="lesson-text"]')).display === "none"`, &hidden))
	if !hidden {
		t.Error("exploring: the slide's text is still shown")
	}
	p.run(chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	p.waitFor(fmt.Sprintf(`window.pvscope.snapshot().eventIndex === %d`, k0+2))
	p.run(chromedp.KeyEvent(kb.Escape))
	p.waitFor(fmt.Sprintf(`(() => { const s = window.pvscope.snapshot(); return !s.lesson.exploring && s.lesson.loaded && s.eventIndex === %d; })()`, k0))
	p.run(chromedp.KeyEvent(kb.PageUp))
	p.waitSlide(5)
	var u string
	p.run(chromedp.Evaluate(`location.search`, &u))
	if q, _ := url.ParseQuery(strings.TrimPrefix(u, "?")); q.Get("lesson") != "alphabeta" || q.Get("slide") != "5" {
		t.Errorf("URL %q does not name the lesson and slide 5", u)
	}
}

// A teacher's lesson opened from a file through the menu: it opens, and the page's link carries
// it (#lesson-text=...), so the link opened elsewhere shows the same lesson. The menu opens a
// lesson of the repository too.
func TestBrowserLessonFromAFileIsSharedByLink(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.md")
	lesson := "# My own lesson\n\n---\nstate: tree=((1 2) (3 4))&algo=minimax&view=root\nstep: exit 0\nselect: 0\n\nFirst.\n\n" +
		"---\nstep: end\n\nSecond: the root is worth **3**.\n"
	if err := os.WriteFile(file, []byte(lesson), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPage(t, 1366, 768)
	p.open("/")
	p.waitFor(`window.pvscope.lessons().length > 0`)
	// The menu: choosing a lesson opens it at its first slide.
	p.run(chromedp.SetValue(`[data-testid="lesson-menu"]`, "pvs", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('[data-testid="lesson-menu"]').dispatchEvent(new Event("change"))`, nil))
	p.waitSlide(1)
	if got := p.lessonSnap(); got.Lesson.Name != "pvs" || !got.Lesson.Loaded {
		t.Fatalf("the menu opened %+v", got.Lesson)
	}
	p.run(chromedp.SetUploadFiles(`[data-testid="lesson-file"]`, []string{file}, chromedp.ByQuery, chromedp.NodeReady))
	p.waitFor(`(() => { const l = window.pvscope.snapshot().lesson; return !!l && l.title === "My own lesson"; })()`)
	p.waitSlide(1)
	var link string
	p.run(chromedp.Evaluate(`location.href`, &link))
	if !strings.Contains(link, "#lesson-text=") {
		t.Fatalf("the link %q does not carry the lesson", link)
	}
	q := newPage(t, 1366, 768)
	q.open(strings.TrimPrefix(link, p.url))
	q.waitSlide(1)
	q.run(chromedp.KeyEvent(kb.PageDown))
	q.waitSlide(2)
	got := q.lessonSnap()
	if got.Lesson.Slides != 2 || !got.Lesson.Loaded || !strings.Contains(got.Text, "the root is worth 3") {
		t.Errorf("the shared link shows %+v, text %q", got.Lesson, got.Text)
	}
	// minimax on ((1 2) (3 4)): max(min(1, 2), min(3, 4)) = 3.
	if s := q.snapshot(); s.Score == nil || *s.Score != 3 {
		t.Errorf("the shared lesson's search scored %v, want 3", s.Score)
	}
}
