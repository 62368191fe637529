package server

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// translatedLessons lists static/lessons/LANG/NAME.md as {lang, name} pairs.
func translatedLessons(t *testing.T) [][2]string {
	t.Helper()
	files, err := filepath.Glob("../static/lessons/*/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	for _, f := range files {
		out = append(out, [2]string{filepath.Base(filepath.Dir(f)), strings.TrimSuffix(filepath.Base(f), ".md")})
	}
	return out
}

// slideHeads are the "key: value" lines of each slide as written (a slide that keeps the previous
// slide's state writes none): a translation writes the same lines, in the same order.
func slideHeads(t *testing.T, file string) [][]string {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var heads [][]string
	head := false
	for _, line := range strings.Split(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\n") {
		switch {
		case strings.TrimSpace(line) == "---":
			heads = append(heads, nil)
			head = true
		case head && strings.TrimSpace(line) == "":
			head = false
		case head:
			heads[len(heads)-1] = append(heads[len(heads)-1], strings.TrimSpace(line))
		}
	}
	return heads
}

// Every translated lesson has its English original's slides: as many, each with the same setup,
// step, selection and exercise, so that the two cannot drift apart. It is named in index.json
// (a translation of no lesson would never be listed), and its title is its own.
func TestLessonTranslationsKeepTheSlides(t *testing.T) {
	names := lessonNames(t)
	tr := translatedLessons(t)
	if len(tr) == 0 {
		t.Fatal("no translated lesson under static/lessons/LANG/")
	}
	for _, x := range tr {
		lang, name := x[0], x[1]
		where := lang + "/" + name + ".md"
		if !slices.Contains(names, name) {
			t.Errorf("%s translates no lesson of index.json", where)
			continue
		}
		enFile, trFile := filepath.Join("../static/lessons", name+".md"), filepath.Join("../static/lessons", lang, name+".md")
		enTitle, en := readLessonFile(t, enFile)
		trTitle, got := readLessonFile(t, trFile)
		if trTitle == "" {
			t.Errorf("%s has no title (English %q)", where, enTitle)
		}
		if len(got) != len(en) {
			t.Errorf("%s has %d slides, the English lesson %d", where, len(got), len(en))
			continue
		}
		for i := range en {
			if got[i] != en[i] {
				t.Errorf("%s slide %d: %+v, English %+v", where, i+1, got[i], en[i])
			}
		}
		if a, b := slideHeads(t, enFile), slideHeads(t, trFile); !slices.EqualFunc(a, b, slices.Equal) {
			t.Errorf("%s: the slides' key lines differ from the English lesson's:\n%q\n%q", where, b, a)
		}
	}
}

var notFrench = regexp.MustCompile("`[^`]*`|(?:^|[^*])\\*[A-Z][^*]*\\*(?:[^*]|$)")

// French typography in the French lessons, as the French catalogs write it: a no-break space
// (U+00A0) before : ; ? ! and inside « », never a plain space or none.
func TestFrenchLessonsTypography(t *testing.T) {
	bad := []*regexp.Regexp{
		regexp.MustCompile(`[^\s\x{00A0}\x{202F}][:;?!](\s|$)`), // "mot: " (a key line is skipped below)
		regexp.MustCompile(` [:;?!]`),
		regexp.MustCompile(`« |«[^\x{00A0}\x{202F}]| »|[^\x{00A0}\x{202F}]»`),
	}
	files, _ := filepath.Glob("../static/lessons/fr/*.md")
	for _, f := range files {
		raw, _ := os.ReadFile(f)
		head := false
		for i, line := range strings.Split(string(raw), "\n") {
			if strings.TrimSpace(line) == "---" {
				head = true
				continue
			}
			if head {
				head = strings.TrimSpace(line) != ""
				continue
			}
			// Code spans (`modern: ...`) are not French text, nor a work's title quoted in its
			// own language in italics (*Artificial Intelligence: A Modern Approach*).
			text := notFrench.ReplaceAllString(line, "")
			for _, re := range bad {
				if m := re.FindString(text); m != "" {
					t.Errorf("%s:%d: %q in %q", filepath.Base(f), i+1, m, line)
				}
			}
		}
	}
}

// The French catalogue the server sends has every lesson of index.json, as written under
// lessons/fr/ or, for one not translated, in English.
func TestFrenchLessonCatalogueIsServed(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	res, body := fetch(t, hs.URL+"/static/lessons/fr/catalogue.json")
	var all [][3]string
	if err := json.Unmarshal(body, &all); err != nil || res.StatusCode != 200 {
		t.Fatalf("fr/catalogue.json: %d %v", res.StatusCode, err)
	}
	names := lessonNames(t)
	if len(all) != len(names) {
		t.Fatalf("fr catalogue has %d lessons, index.json %d", len(all), len(names))
	}
	for i, n := range names {
		lang, file := "fr", "lessons/fr/"+n+".md"
		if _, err := os.Stat("../static/" + file); err != nil {
			lang, file = "en", "lessons/"+n+".md"
		}
		_, text := diskHash(t, file)
		if all[i] != [3]string{n, string(text), lang} {
			t.Errorf("fr catalogue entry %d is %q (%s), want %s", i, all[i][0], all[i][2], file)
		}
	}
}
