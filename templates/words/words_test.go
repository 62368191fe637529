package words

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pvscope/pvscope/static"
)

// TestTemplatesNameKnownWords: every words.T key a template names is in the English
// catalog, with no plural or select form (Go fills plain parameters only).
func TestTemplatesNameKnownWords(t *testing.T) {
	en, err := Read(static.FS, English)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../*.templ")
	if len(files) == 0 {
		t.Fatal("no templates found")
	}
	key := regexp.MustCompile(`words\.T\(ctx,\s*"([\w.-]+)"`)
	named := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(b), -1) {
			named++
			msg, ok := en[m[1]]
			if !ok {
				t.Errorf("%s names %s, which the English catalog lacks", filepath.Base(f), m[1])
			} else if strings.Contains(msg, ", plural,") || strings.Contains(msg, ", select,") {
				t.Errorf("%s: %s has plural or select forms, which only the page's scripts fill", filepath.Base(f), m[1])
			}
		}
	}
	if named == 0 {
		t.Error("no template names any words")
	}
}

func TestLoadMergesEnglishUnderTheLanguage(t *testing.T) {
	fr, err := Load("fr")
	if err != nil {
		t.Fatal(err)
	}
	if got := fr.T("language.name"); got != "Français" {
		t.Errorf("French names itself %q", got)
	}
	if got := fr.T("tpl-page.title"); got == "" || got == "tpl-page.title" {
		t.Errorf("tpl-page.title in French: %q", got)
	}
	if _, err := Load("xx"); err == nil {
		t.Error("a language with no catalog loaded")
	}
	langs := Languages()
	if len(langs) < 2 || langs[0].Code != English || langs[0].Name != "English" {
		t.Errorf("languages %+v: want English first, then the others", langs)
	}
	en := From(context.Background())
	if en.Lang != English || T(With(context.Background(), fr), "language.name") != "Français" {
		t.Error("the context does not carry the words")
	}
	if got := (&Words{Messages: map[string]string{"a.b": "depth {d} of {d}"}}).T("a.b", "d", 3); got != "depth 3 of 3" {
		t.Errorf("parameters: %q", got)
	}
}

// TestScriptsGetOnlyWhatTheyRead: the page's inline catalog leaves out what only Go says
// (the templates' areas, the options' usage, the gallery, the named inputs) and, in English,
// the keyed sentences of Go; French keeps those, which its page says in place of the server's.
func TestScriptsGetOnlyWhatTheyRead(t *testing.T) {
	for _, lang := range []string{English, "fr"} {
		js, err := ForScripts(lang)
		if err != nil {
			t.Fatal(err)
		}
		full, _ := Load(lang)
		goSaid := 0
		for k := range full.Messages {
			_, in := js.Messages[k]
			switch {
			case hasPrefix(k, goOnly...):
				if in {
					t.Errorf("%s: %s is in the page's script catalog", lang, k)
				}
			case strings.HasPrefix(k, "go-"):
				goSaid++
				if in != (lang != English) {
					t.Errorf("%s: %s in the script catalog: %v", lang, k, in)
				}
			case !in:
				t.Errorf("%s: %s is missing from the page's script catalog", lang, k)
			}
		}
		if goSaid == 0 || len(js.Messages) == 0 {
			t.Errorf("%s: no keyed Go sentence or no script word at all", lang)
		}
	}
}
