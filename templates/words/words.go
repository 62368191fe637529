// Package words holds the page's catalogs of words, one folder per language under
// static/js/i18n/ (static/js/i18n/i18n.js reads the same files in the page): a file
// <area>.json of messages {"name": "text"} gives the keys "<area>.<name>". The templates
// take their words from here, so the page's HTML and its scripts speak one language.
//
// Go fills only plain parameters ({name}); a message with plural or select forms is for
// the page's scripts, which know the language's plural rules (the catalog test keeps
// such messages out of the templates).
package words

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/pvscope/pvscope/static"
)

// Root is the catalogs' folder inside static.FS.
const Root = "js/i18n"

// English is the language every catalog falls back to.
const English = "en"

// Words is one language's messages, with English under the keys it lacks.
type Words struct {
	Lang     string            `json:"lang"`
	Messages map[string]string `json:"messages"`
}

// Language is one language the page can speak: its code and its own name for itself.
type Language struct {
	Code, Name string
}

var (
	mu     sync.Mutex
	loaded = map[string]*Words{}
	forJS  = map[string]*Words{}

	languagesOnce sync.Once
	languages     []Language
)

// goOnly are the areas only Go says (the templates, and the data the server puts in them):
// the page's scripts never look them up, so the page does not carry them twice.
var goOnly = []string{"tpl-", "options.", "gallery.", "named.", lazyGames}

// lazyGames is the games' words: board/games.js reads them itself (i18n/<lang>/games.json) when
// a game is first chosen, so a page that never shows one does not carry them.
const lazyGames = "games."

// ForScripts is the part of lang's catalog the page's scripts read, for the page's
// "pvscope-words" script: without the templates' areas, and in English without the keyed
// sentences of Go too (an English page shows the server's own English). It is built once.
func ForScripts(lang string) (*Words, error) {
	w, err := Load(lang)
	if err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	if js := forJS[lang]; js != nil {
		return js, nil
	}
	js := &Words{Lang: lang, Messages: map[string]string{}}
	for k, v := range w.Messages {
		if hasPrefix(k, goOnly...) || lang == English && strings.HasPrefix(k, "go-") {
			continue
		}
		js.Messages[k] = v
	}
	forJS[lang] = js
	return js, nil
}

func hasPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// Load returns the catalog of lang (English merged under it), read once from static.FS.
func Load(lang string) (*Words, error) {
	mu.Lock()
	defer mu.Unlock()
	if w := loaded[lang]; w != nil {
		return w, nil
	}
	msgs := map[string]string{}
	if lang != English {
		en, err := read(static.FS, English)
		if err != nil {
			return nil, err
		}
		for k, v := range en {
			msgs[k] = v
		}
	}
	own, err := read(static.FS, lang)
	if err != nil {
		return nil, err
	}
	for k, v := range own {
		msgs[k] = v
	}
	w := &Words{Lang: lang, Messages: msgs}
	loaded[lang] = w
	return w, nil
}

// Read returns the messages written for lang alone (no English under them), keyed
// "<area>.<name>", from fsys laid out as static.FS is.
func Read(fsys fs.FS, lang string) (map[string]string, error) { return read(fsys, lang) }

func read(fsys fs.FS, lang string) (map[string]string, error) {
	dir := path.Join(Root, lang)
	files, err := fs.Glob(fsys, dir+"/*.json")
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("there are no words for the language %q", lang)
	}
	msgs := map[string]string{}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		var area map[string]string
		if err := json.Unmarshal(b, &area); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		prefix := strings.TrimSuffix(path.Base(f), ".json") + "."
		for k, v := range area {
			msgs[prefix+k] = v
		}
	}
	return msgs, nil
}

// Languages lists the languages with a catalog, English first, each named by its own
// "language.name" message. The catalogs are embedded, so the list is read once.
func Languages() []Language {
	languagesOnce.Do(func() {
		dirs, _ := fs.ReadDir(static.FS, Root)
		for _, d := range dirs {
			if !d.IsDir() {
				continue
			}
			name := d.Name()
			if m, err := read(static.FS, name); err == nil && m["language.name"] != "" {
				name = m["language.name"]
			}
			languages = append(languages, Language{Code: d.Name(), Name: name})
		}
		sort.SliceStable(languages, func(i, j int) bool {
			return languages[i].Code == English || languages[j].Code != English && languages[i].Code < languages[j].Code
		})
	})
	return languages
}

// ScriptWords is ForScripts of the language ctx carries, for the page's template.
func ScriptWords(ctx context.Context) *Words {
	w, err := ForScripts(From(ctx).Lang)
	if err != nil {
		return From(ctx)
	}
	return w
}

// T returns the message key with its {name} parameters filled from args, given as
// name, value pairs. A key the catalog lacks shows itself (the catalog tests catch it).
func (w *Words) T(key string, args ...any) string {
	s, ok := w.Messages[key]
	if !ok {
		return key
	}
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{"+fmt.Sprint(args[i])+"}", fmt.Sprint(args[i+1]))
	}
	return s
}

type ctxKey struct{}

// With returns ctx carrying w, for the templates rendered with it.
func With(ctx context.Context, w *Words) context.Context { return context.WithValue(ctx, ctxKey{}, w) }

// From returns the words ctx carries, or English.
func From(ctx context.Context) *Words {
	if w, ok := ctx.Value(ctxKey{}).(*Words); ok && w != nil {
		return w
	}
	w, err := Load(English)
	if err != nil {
		return &Words{Lang: English, Messages: map[string]string{}}
	}
	return w
}

// T is From(ctx).T(key, args...): the templates' way to say anything.
func T(ctx context.Context, key string, args ...any) string { return From(ctx).T(key, args...) }
