package server

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Lessons from a hostile author or link: an address that names another host inside this
// server's URL, a link to another site dressed as a path, a lesson with no slides, a link
// carrying more than a lesson's 64 KB.

// errorShown is the error banner's text ("" when hidden).
func (p *page) errorShown() string {
	var s string
	p.answers(`(() => { const b = document.querySelector('[data-testid="error-banner"]'); return b.hidden ? "" : document.getElementById("error-text").textContent; })()`, &s)
	return s
}

// "http://HOST//lessons-of-mine/l.md" and "/.//lessons-of-mine/l.md" are addresses on this
// server (a fetch of the path alone, "//lessons-of-mine/l.md", would have gone to the host
// "lessons-of-mine"): the lesson opens from here. Its text's links: a whole https address is
// an external link, "/\host" and "//host" are text.
func TestBrowserLessonAddressIsComparedAsAURL(t *testing.T) {
	dir := t.TempDir()
	lesson := "# From here\n\n---\nstate: tree=((1 2) (3 4))&algo=minimax\n\n" +
		"[site](https://example.org/) [back](/\\example.org/) [proto](//example.org/) [here](/?lesson=pvs)\n"
	if err := os.WriteFile(filepath.Join(dir, "l.md"), []byte(lesson), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPageOn(t, 1366, 768, DefaultLimits(), func(s *Server) {
		s.mux.Handle("/lessons-of-mine/", http.StripPrefix("/lessons-of-mine/", http.FileServer(http.Dir(dir))))
	})
	thrown := uncaught(p)
	for _, address := range []string{p.url + "//lessons-of-mine/l.md", "/.//lessons-of-mine/l.md"} {
		p.open("/?lesson-url=" + url.QueryEscape(address))
		p.waitSlide(1)
		// Named by its path on this server, written so that it reads as a path again.
		if got := p.lessonSnap(); got.Lesson.Name != "/.//lessons-of-mine/l.md" || got.Lesson.Slides != 1 || !got.Lesson.Loaded {
			t.Errorf("%s: the lesson is %+v, shown %q", address, got.Lesson, got.ErrShown)
		}
		var links []string
		p.answers(`[...document.querySelectorAll('[data-testid="lesson-text"] a')].map((a) => a.getAttribute("href") + " " + a.className)`, &links)
		if strings.Join(links, "|") != "https://example.org/ external|/?lesson=pvs " {
			t.Errorf("%s: the slide's links are %q; want the https one (external) and the local one only", address, links)
		}
	}
	// Another port of this host is another server.
	u, _ := url.Parse(p.url)
	port, _ := strconv.Atoi(u.Port())
	p.open("/?lesson-url=" + url.QueryEscape(fmt.Sprintf("http://%s:%d/l.md", u.Hostname(), port%65535+1)))
	p.waitFor(`!document.querySelector('[data-testid="error-banner"]').hidden`)
	if e := p.errorShown(); !strings.Contains(e, "A lesson is loaded from this server only") {
		t.Errorf("a lesson on another port: the page says %q", e)
	}
	if e := thrown(); len(e) > 0 {
		t.Errorf("uncaught exceptions: %q", e)
	}
}

// A lesson without slides says so once, and nothing is left running that throws (it threw
// seven times a second); a link carrying more than 64 KB of lesson is refused with a sentence.
func TestBrowserLessonEmptyOrTooLongSaysSo(t *testing.T) {
	p := newPage(t, 1366, 768)
	thrown := uncaught(p)
	p.open("/#lesson-text=" + url.PathEscape("# Nothing here\n\nAn introduction and no slide."))
	p.waitFor(`!document.querySelector('[data-testid="error-banner"]').hidden`)
	if e := p.errorShown(); !strings.Contains(e, `The lesson "Nothing here" has no slides`) {
		t.Errorf("the page says %q", e)
	}
	var open bool
	p.answers(`window.pvscope.snapshot().lesson !== null`, &open)
	if open {
		t.Error("a lesson without slides is open")
	}
	p.run(chromedp.Evaluate(`document.getElementById("error-text").textContent = ""`, nil))
	time.Sleep(time.Second) // some seven polls of the open lesson, had one been left open
	if e := p.errorShown(); e != "" {
		t.Errorf("the banner came back: %q", e)
	}

	p.open("/?again=1#lesson-text=" + strings.Repeat("a", 64*1024+1)) // a new document, not a new hash
	p.waitFor(`!document.querySelector('[data-testid="error-banner"]').hidden`)
	// The address's guard (urlparams.js) refuses it before the lesson reads it, naming the
	// parameter and the limit, 64 KB.
	if e := p.errorShown(); !strings.Contains(e, "lesson-text") || !strings.Contains(e, "65,536") {
		t.Errorf("a 64 KB + 1 lesson in the link: the page says %q", e)
	}
	if e := thrown(); len(e) > 0 {
		t.Errorf("uncaught exceptions: %q", e)
	}
}
