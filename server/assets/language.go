package assets

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/templates/words"
)

// langCookie remembers the language a person chose in the page's menu.
const langCookie = "pvscope-lang"

// pageWords picks the page's language: ?lang=, then the cookie the language menu sets,
// then the browser's Accept-Language (in its order, by primary tag), then English. Only
// a language with a catalog is taken, so any value from outside is bounded to that list.
func PageWords(r *http.Request) *words.Words {
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
		for _, tag := range acceptedLanguages(r.Header.Get("Accept-Language")) {
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

// acceptedLanguages lists an Accept-Language header's tags by their q weights, highest first
// (ties in the header's order), leaving out q=0 ("not this one"); 16 tags at most are read.
func acceptedLanguages(header string) []string {
	type weighted struct {
		tag string
		q   float64
	}
	var tags []weighted
	for i, part := range strings.Split(header, ",") {
		if i >= 16 {
			break
		}
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		if tag = strings.TrimSpace(tag); tag != "" && q > 0 {
			tags = append(tags, weighted{tag, q})
		}
	}
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].q > tags[j].q })
	out := make([]string, len(tags))
	for i, w := range tags {
		out[i] = w.tag
	}
	return out
}
