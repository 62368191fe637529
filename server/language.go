package server

import (
	"net/http"
	"strings"

	"github.com/pvscope/pvscope/templates/words"
)

// langCookie remembers the language a person chose in the page's menu.
const langCookie = "pvscope-lang"

// pageWords picks the page's language: ?lang=, then the cookie the language menu sets,
// then the browser's Accept-Language (in its order, by primary tag), then English. Only
// a language with a catalog is taken, so any value from outside is bounded to that list.
func pageWords(r *http.Request) *words.Words {
	have := map[string]bool{}
	for _, l := range words.Languages() {
		have[l.Code] = true
	}
	pick := func(tag string) string {
		tag = strings.ToLower(strings.TrimSpace(tag))
		if i := strings.IndexAny(tag, "-_;"); i >= 0 {
			tag = tag[:i]
		}
		if have[tag] {
			return tag
		}
		return ""
	}
	lang := pick(r.URL.Query().Get("lang"))
	if c, err := r.Cookie(langCookie); lang == "" && err == nil {
		lang = pick(c.Value)
	}
	if lang == "" {
		for i, tag := range strings.Split(r.Header.Get("Accept-Language"), ",") {
			if i >= 16 {
				break
			}
			if lang = pick(tag); lang != "" {
				break
			}
		}
	}
	if lang == "" {
		lang = words.English
	}
	w, err := words.Load(lang)
	if err != nil {
		w, _ = words.Load(words.English)
	}
	return w
}
