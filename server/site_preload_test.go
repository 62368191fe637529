package server

import (
	"regexp"
	"strings"
	"testing"
)

// A static site's page starts its engine first and names its modules for
// the browser to fetch together: every modulepreload is a file of the site,
// the modules app.js imports (directly, or through transport.js) are among
// them, and the ones it loads lazily with import() are not.
func TestSitePagePreloadsItsModules(t *testing.T) {
	files, err := SiteFiles()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]string{}
	for _, f := range files {
		have[f.Path] = string(f.Body)
	}
	page := have["index.html"]
	if !strings.Contains(page, `new Worker("static/js/worker.js")`) {
		t.Error("index.html does not start the engine's worker from its head")
	}
	if i, j := strings.Index(page, "new Worker("), strings.Index(page, `rel="stylesheet"`); i < 0 || j < 0 || i > j {
		t.Error("the worker starts after the stylesheet link: a classic script there waits for the stylesheet")
	}
	preloaded := map[string]bool{}
	for _, m := range regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		preloaded[m[1]] = true
		if _, ok := have[m[1]]; !ok {
			t.Errorf("modulepreload of %s, which the site does not have", m[1])
		}
	}
	// app.js imports transport.js, which imports model/hello.js; teaching/sheet.js
	// and compare/compare.js come by import() when asked for.
	for _, m := range []string{"static/js/transport.js", "static/js/model/hello.js", "static/js/tree/layout.js", "static/js/i18n/i18n.js"} {
		if !preloaded[m] {
			t.Errorf("%s is not preloaded", m)
		}
	}
	for _, m := range []string{"static/js/app.js", "static/js/teaching/sheet.js", "static/js/compare/compare.js", "static/js/worker.js"} {
		if preloaded[m] {
			t.Errorf("%s is preloaded: the page loads it itself, lazily, or in the worker", m)
		}
	}
}
