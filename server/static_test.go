package server

import (
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A first visit finds a favicon, and the page names it.
func TestFavicon(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	for _, p := range []string{"/favicon.ico", "/static/favicon.svg"} {
		res := get(t, hs.URL+p)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(string(body), "<svg") {
			t.Errorf("GET %s = %d %q, %d bytes; want an SVG icon", p, res.StatusCode, res.Header.Get("Content-Type"), len(body))
		}
	}
	page, _ := io.ReadAll(get(t, hs.URL+"/").Body)
	if !strings.Contains(string(page), `rel="icon"`) {
		t.Error("the page has no <link rel=\"icon\">")
	}
}

// /static/ serves the files the page loads and nothing else: no directory
// listings, no vendoring script, no test fixtures.
func TestStaticServesOnlyThePagesFiles(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	for _, p := range []string{"/static/", "/static/js/", "/static/vendor/", "/static/vendor/chess.js/",
		"/static/vendor/refresh.sh", "/static/js/test/helpers.mjs", "/static/js/test/fixtures/pvlab_multipv.jsonl",
		"/static/vendor/chess.js/VERSION", "/static/static.go", "/static/js/i18n/README.md"} {
		if res := get(t, hs.URL+p); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", p, res.StatusCode)
		}
	}
}

// Every module the page imports, read from the source files themselves, is
// served: the embed list leaves out tests, not the page's own code.
func TestEveryImportedModuleIsServed(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	importRe := regexp.MustCompile(`(?m)(?:^import|^export)[^'"]*['"](\.{1,2}/[^'"]+)['"]|import\(\s*['"](\.{1,2}/[^'"]+)['"]`)
	files := pageModules(t)
	imports := 0
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join("..", "static", filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range importRe.FindAllStringSubmatch(string(src), -1) {
			spec := m[1] + m[2]
			p := path.Join("/static", path.Dir(f), spec) // relative to the importing module's folder
			imports++
			if res := get(t, hs.URL+p); res.StatusCode != 200 {
				t.Errorf("%s imports %s: GET %s = %d", f, spec, p, res.StatusCode)
			}
		}
	}
	if imports < len(files) {
		t.Errorf("found %d imports in %d modules: the pattern no longer reads them", imports, len(files))
	}
	if imports < len(files) {
		t.Errorf("found %d imports in %d modules: the pattern no longer reads them", imports, len(files))
	}
}

// pageModules lists the page's modules on disk, as paths under static/
// ("js/app.js", "js/i18n/i18n.js"): every .js file under static/js, in any
// folder, but the node tests'.
func pageModules(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "static")
	var mods []string
	err := filepath.WalkDir(filepath.Join(root, "js"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "test" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".js") {
			rel, _ := filepath.Rel(root, p)
			mods = append(mods, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil || len(mods) == 0 {
		t.Fatalf("no modules found under static/js: %v", err)
	}
	return mods
}
