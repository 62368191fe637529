package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The documents and the comments name files, and files move: these tests keep the names true
// (issue 40, item 6). A name is a Go or JavaScript file (NAME.go, NAME.js) as the README, a
// document under docs/, a module folder's README under static/js/, or a comment in a Go, JS or
// templ file of the repository writes it. It must name a file the repository has:
//
//   - a path with a folder (server/session/encode.go, js/tree/ranges.js) names the file whose
//     path ends with it, folder by folder: a name may leave out the folders above it
//     (static/ for the page's modules, server/ for session/encode.go), never misspell one;
//   - in a JS file, ./NAME.js and ../NAME.js name a file from the module's folder, as its imports
//     do; elsewhere (a Go comment about the page's modules, a document) the dots are dropped;
//   - a bare name (conn.go, treeview.js) names a file of that name anywhere in the repository:
//     comments name files of their own package mostly, and a stricter rule would fail on the
//     few that name another folder's file by its name alone;
//   - a name with a wildcard (cmd_*.go, tracer/jsonl*.go), a placeholder in capitals or angle
//     brackets (cmd_NAME.go, i18n/<lang>/) or a suffix (_test.go) names at least one file.
//
// Names inside web addresses are other sites' and are not checked, nor are the few names of
// other projects' files that the text names as theirs (foreignNames, each with its reason).

// foreignNames are files of other projects that the text names as such, not pvscope's.
var foreignNames = map[string]string{
	"wasm_exec.js": "the Go distribution's WebAssembly loader, which pvscope site copies from GOROOT",
	"Node.js":      "the JavaScript runtime (the README's requirements), not a file",
	"axe.min.js":   "axe-core's build, which the accessibility test fetches into a cache (browser_axe_test.go)",
}

// fileName is a Go or JS file's name as text writes it; fileNameEnd keeps .json, .jsonl and
// the like out.
var fileName = regexp.MustCompile(`[A-Za-z0-9_.*<>/-]*[A-Za-z0-9_*>]\.(?:go|js)\b`)

// repoFiles lists the repository's files (slash-separated, from the top) and the folders that
// are not pvscope's own text: vendored code, generated files, test data, dependencies.
func repoFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (p != "." && strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			out = append(out, filepath.ToSlash(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// notOurs says whether a file's comments are someone else's text: vendored libraries,
// generated Go (templ), test data.
func notOurs(p string) bool {
	return strings.HasPrefix(p, "static/vendor/") || strings.Contains(p, "/testdata/") ||
		strings.HasSuffix(p, "_templ.go") || strings.HasPrefix(p, "static/wasm/")
}

// placeholder is a part of a name standing for any text: <lang>, or letters all capitals
// (NAME, X; the letters are whole: Node, README never are).
var placeholder = regexp.MustCompile(`<[a-z]+>|[A-Za-z]+`)

// wildcards writes a name's placeholders as *, and a suffix (_test.go) as *_test.go.
func wildcards(name string) string {
	name = placeholder.ReplaceAllStringFunc(name, func(w string) string {
		if strings.HasPrefix(w, "<") || strings.ToUpper(w) == w {
			return "*"
		}
		return w
	})
	if strings.HasPrefix(name, "_") {
		name = "*" + name
	}
	return name
}

// resolves says whether name, written in the text of file from, names a repository file.
func resolves(name, from string, files []string) bool {
	name = strings.TrimPrefix(name, "/")
	if strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") {
		if strings.HasSuffix(from, ".js") {
			return globMatches(wildcards(path.Join(path.Dir(from), name)), files, true)
		}
		for strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") {
			_, name, _ = strings.Cut(name, "/")
		}
	}
	glob := wildcards(name)
	if strings.Contains(glob, "*") {
		return globMatches(glob, files, false)
	}
	for _, f := range files {
		if f == name || strings.HasSuffix(f, "/"+name) {
			return true
		}
	}
	return false
}

// globMatches says whether a file's path, or its last folders (unless whole), match glob.
func globMatches(glob string, files []string, whole bool) bool {
	n := strings.Count(glob, "/")
	for _, f := range files {
		parts := strings.Split(f, "/")
		if len(parts) <= n || whole && len(parts) != n+1 {
			continue
		}
		if ok, _ := path.Match(glob, strings.Join(parts[len(parts)-n-1:], "/")); ok {
			return true
		}
	}
	return false
}

// namesIn lists the file names a text writes, leaving out those inside web addresses.
func namesIn(text string) []string {
	var out []string
	for _, loc := range fileName.FindAllStringIndex(text, -1) {
		word := text[strings.LastIndexAny(text[:loc[0]], " \t\n(`\"'[")+1 : loc[1]]
		if strings.Contains(word, "://") || strings.HasPrefix(word, "www.") || strings.Contains(word, "github.com/") {
			continue
		}
		out = append(out, text[loc[0]:loc[1]])
	}
	return out
}

// jsComment is a JS comment: // to the end of the line (not a web address's //), or /* ... */.
var jsComment = regexp.MustCompile(`(?m)(?:^|[^:"'\x60\\])//(.*)$|(?s)/\*.*?\*/`)

// commentsOf is the text of a Go, JS or templ file's comments (a templ file's are Go's and
// HTML's; its // comments are read as JS's are).
func commentsOf(t *testing.T, file string) string {
	t.Helper()
	if strings.HasSuffix(file, ".go") {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var b strings.Builder
		for _, g := range f.Comments {
			b.WriteString(g.Text())
			b.WriteString("\n")
		}
		return b.String()
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(jsComment.FindAllString(string(src), -1), "\n")
}

// Every Go or JS file a document or a comment names is in the repository.
func TestNamedFilesExist(t *testing.T) {
	files := repoFiles(t)
	texts := map[string]string{}
	for _, f := range files {
		switch {
		case notOurs(f):
		case f == "README.md" || strings.HasPrefix(f, "docs/") && strings.HasSuffix(f, ".md") ||
			strings.HasPrefix(f, "static/js/") && strings.HasSuffix(f, "README.md"):
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts[f] = string(b)
		case strings.HasSuffix(f, ".go") || strings.HasSuffix(f, ".js") || strings.HasSuffix(f, ".templ"):
			texts[f] = commentsOf(t, f)
		}
	}
	if len(texts) < 100 {
		t.Fatalf("only %d texts read: is the test running from the repository's top?", len(texts))
	}
	for _, f := range slices.Sorted(maps.Keys(texts)) {
		for _, name := range namesIn(texts[f]) {
			if foreignNames[path.Base(name)] == "" && !resolves(name, f, files) {
				t.Errorf("%s names %s, which the repository does not have", f, name)
			}
		}
	}
}

// The rule above, on names written by hand: what resolves and what does not.
func TestNamedFilesRule(t *testing.T) {
	files := []string{"server/session/encode.go", "static/js/tree/ranges.js", "static/js/socket.js",
		"cmd_serve.go", "cmd_site.go", "tracer/jsonl_read.go", "engine/node.go"}
	for _, c := range []struct {
		name, from string
		want       bool
	}{
		{"server/session/encode.go", "docs/architecture.md", true},
		{"session/encode.go", "docs/architecture.md", true},
		{"server/encode.go", "docs/architecture.md", false}, // moved to server/session/
		{"encode.go", "server/conn.go", true},
		{"keyed.go", "server/conn.go", false},
		{"js/tree/ranges.js", "docs/architecture.md", true},
		{"tree/ranges.js", "docs/architecture.md", true},
		{"ree/ranges.js", "docs/architecture.md", false}, // a folder is whole or left out
		{"./socket.js", "static/js/app.js", true},
		{"./socket.js", "static/js/tree/layout.js", false},
		{"../socket.js", "static/js/tree/layout.js", true},
		{"../i18n/socket.js", "server/assets/assets.go", false},
		{"../tree/ranges.js", "server/assets/assets.go", true},
		{"./NAME.js", "static/js/app.js", true},
		{"X.js", "docs/page-guide.md", true},
		{"_test.go", "tracer/msg/msgtest/catalog.go", false}, // no test file among these
		{"_read.go", "docs/architecture.md", true},
		{"cmd_*.go", "README.md", true},
		{"cmd_NAME.go", "docs/architecture.md", true},
		{"tracer/jsonl*.go", "docs/architecture.md", true},
		{"engine/jsonl*.go", "docs/architecture.md", false},
	} {
		if got := resolves(c.name, c.from, files); got != c.want {
			t.Errorf("%s in %s resolves %v, want %v", c.name, c.from, got, c.want)
		}
	}
	if got := namesIn("see https://example.org/x/app.js and server/conn.go, not data.json"); !slices.Equal(got, []string{"server/conn.go"}) {
		t.Errorf("names %q, want only server/conn.go", got)
	}
}

// walkPair is a file and the functions the walk names in it: `engine/node.go` (`searchMove`).
var walkPair = regexp.MustCompile("`([\\w./-]+\\.(?:go|js))` \\(((?:`\\w+`(?:, )?)+)\\)")

// defines says whether src (a Go or JS file) defines a function or method called name.
func defines(src, file, name string) bool {
	q := regexp.QuoteMeta(name)
	pattern := `(?m)^func (\([^)]*\) )?` + q + `[\[(]`
	if strings.HasSuffix(file, ".js") {
		pattern = `(?m)(function\*?\s+` + q + `\s*\(|^\s*(async\s+)?` + q + `\s*\([^)]*\)\s*\{|\b` + q + `\s*[:=]\s*(async\s*)?(\([^)]*\)|\w+)\s*=>)`
	}
	return regexp.MustCompile(pattern).MatchString(src)
}

// The walk of one re-search event in docs/architecture.md names, at each step, files and the
// functions in them: each file is in the repository and defines each function named with it.
func TestArchitectureWalk(t *testing.T) {
	b, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "\n## The walk of one re-search event\n")
	if start < 0 {
		t.Fatal(`docs/architecture.md has no section "The walk of one re-search event"`)
	}
	section := doc[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	steps := regexp.MustCompile(`(?m)^\d+\. `).Split(section, -1)[1:]
	if len(steps) < 6 {
		t.Fatalf("the walk has %d steps, want at least 6 (born, recorded, encoded, carried, modelled, drawn)", len(steps))
	}
	for i, step := range steps {
		pairs := walkPair.FindAllStringSubmatch(step, -1)
		if len(pairs) == 0 {
			t.Errorf("step %d names no file with its functions", i+1)
		}
		for _, p := range pairs {
			src, err := os.ReadFile(p[1])
			if err != nil {
				t.Errorf("step %d: %v", i+1, err)
				continue
			}
			for _, f := range regexp.MustCompile("`(\\w+)`").FindAllStringSubmatch(p[2], -1) {
				if !defines(string(src), p[1], f[1]) {
					t.Errorf("step %d: %s does not define %s", i+1, p[1], f[1])
				}
			}
		}
	}
}

// defines finds a function by its definition, not by a mention.
func TestDefinesFindsDefinitions(t *testing.T) {
	goSrc := "// searchMove is the ladder\nfunc (s *searcher) searchMove(id int32) int {\n\ts.emit(e)\n}\nfunc Encode[T any](x T) {}\n"
	jsSrc := "export function handleFrame(f) {}\nclass Trace {\n  append(b) {\n    this.draw();\n  }\n}\nconst onFrame = (f) => f;\n"
	for _, c := range []struct {
		src, file, name string
		want            bool
	}{
		{goSrc, "x.go", "searchMove", true},
		{goSrc, "x.go", "Encode", true},
		{goSrc, "x.go", "emit", false},
		{jsSrc, "x.js", "handleFrame", true},
		{jsSrc, "x.js", "append", true},
		{jsSrc, "x.js", "onFrame", true},
		{jsSrc, "x.js", "draw", false},
	} {
		if got := defines(c.src, c.file, c.name); got != c.want {
			t.Errorf("defines(%s, %s) = %v, want %v", c.file, c.name, got, c.want)
		}
	}
}

// A package's doc (// Package or // Command) that names one of the package's files lists its
// parts: then it names every file of the package, by name or by a wildcard (cmd_*.go,
// proc_*.go). doc.go, tests and generated files are not parts. A doc that names none of its
// files is fine too (it does not list them).
func TestPackageDocsListEveryPart(t *testing.T) {
	byDir := map[string][]string{}
	for _, f := range repoFiles(t) {
		if strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") && !notOurs(f) {
			byDir[path.Dir(f)] = append(byDir[path.Dir(f)], f)
		}
	}
	listing := 0
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		var doc strings.Builder
		var parts []string
		for _, f := range byDir[dir] {
			if path.Base(f) != "doc.go" {
				parts = append(parts, path.Base(f))
			}
			pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ParseComments|parser.PackageClauseOnly)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if pf.Doc != nil {
				doc.WriteString(pf.Doc.Text())
			}
		}
		names := namesIn(doc.String())
		named := func(part string) bool {
			for _, n := range names {
				if ok, _ := path.Match(path.Base(n), part); ok {
					return true
				}
			}
			return false
		}
		if !slices.ContainsFunc(parts, named) {
			continue
		}
		listing++
		for _, part := range parts {
			if !named(part) {
				t.Errorf("%s: the package doc lists its parts but not %s", dir, part)
			}
		}
	}
	if listing < 5 {
		t.Fatalf("only %d package docs list their parts: is the test running from the repository's top?", listing)
	}
}
