package assets

import (
	"encoding/json"
	"slices"
	"testing"
)

// A language's catalogue lists the lessons of index.json, in its order, each in the language
// when translated and in English ("en") when not; a translation index.json does not name is
// not listed, and English keeps its own catalogue.
func TestLessonCataloguesFallBackToEnglish(t *testing.T) {
	files := map[string]*asset{
		"lessons/index.json": newAsset("index.json", []byte(`["a", "b"]`)),
		"lessons/a.md":       newAsset("a.md", []byte("# A\n")),
		"lessons/b.md":       newAsset("b.md", []byte("# B\n")),
		"lessons/fr/a.md":    newAsset("a.md", []byte("# A en français\n")),
		"lessons/fr/z.md":    newAsset("z.md", []byte("# Z\n")),
	}
	got := lessonCatalogues(files)
	want := map[string]string{
		"lessons/catalogue.json":    `[["a","# A\n"],["b","# B\n"]]`,
		"lessons/fr/catalogue.json": `[["a","# A en français\n","fr"],["b","# B\n","en"]]`,
		"lessons/menu.json":         `[["a","A",0,"en"],["b","B",0,"en"]]`,
		"lessons/fr/menu.json":      `[["a","A en français",0,"fr"],["b","B",0,"en"]]`,
	}
	if len(got) != len(want) {
		t.Errorf("catalogues %v, want %d", slices.Sorted(mapKeys(got)), len(want))
	}
	for name, w := range want {
		var a, b any
		if got[name] == nil {
			t.Errorf("no %s", name)
			continue
		}
		json.Unmarshal(got[name].body, &a)
		json.Unmarshal([]byte(w), &b)
		if ga, _ := json.Marshal(a); string(ga) != func() string { x, _ := json.Marshal(b); return string(x) }() {
			t.Errorf("%s = %s, want %s", name, got[name].body, w)
		}
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// The menu's title and slide count, as the page's parseLesson reads a lesson
// (lessonformat.js): the first "# " line before the first slide, one slide per
// "---" line (trailing spaces allowed, CRLF too), the name when there is no title.
func TestLessonOutline(t *testing.T) {
	for _, c := range []struct {
		text, title string
		slides      int
	}{
		{"# Minimax\n\nintro\n\n---\nstate: tree=(1 2)\n\ntext\n---  \nstep: end\n\n# not a title\n", "Minimax", 2},
		{"#NoSpace\n---\n", "name", 1},
		{"intro\r\n# Late title\r\n---\r\n----\r\n---\r\n", "Late title", 2},
		{"", "name", 0},
	} {
		title, slides := lessonOutline(c.text, "name")
		if title != c.title || slides != c.slides {
			t.Errorf("%q: title %q and %d slides, want %q and %d", c.text, title, slides, c.title, c.slides)
		}
	}
}
