package server

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/server/assets"
	"github.com/pvscope/pvscope/tracer/msg"
)

// How long a link to the page may be (issue 44). The page's address has a
// limit for each parameter it parses (urlParamLimits, the page's
// PARAM_LIMITS), counted in JavaScript's characters (UTF-16 units); in the
// request line each is at most 9 bytes (a character of three UTF-8 bytes,
// each written %XX; a pair of units is four bytes, 12 written). maxLinkBytes
// is every limited parameter once at its limit so written, with its name,
// "=" and "&", and linkSlack for the path and the form's other parameters
// (algo, depth, one per option, lang, embed, ...): a link within the page's
// limits is never longer. A longer one gets a page with the sentence
// (refuseLongLink), not Go's bare "431 Request Header Fields Too Large".
const (
	encodedUnitBytes = 9
	linkSlack        = 8 << 10
	// chromiumMaxURL is the longest URL Chromium sends (url::kMaxURLChars,
	// 2 MiB; Firefox's is 1 MiB): the header limit holds it and 64 KiB of
	// other headers, so any link a browser sends is read and answered in a
	// sentence. A connection's headers cost at most that much memory.
	chromiumMaxURL = 2 << 20
	maxHeaderBytes = chromiumMaxURL + 64<<10
)

var maxLinkBytes = func() int {
	n := linkSlack
	for name, max := range urlParamLimits {
		n += len(name) + 2 + encodedUnitBytes*max
	}
	return n
}()

// linkTooLong answers a request whose target is longer than maxLinkBytes
// with 414 and a small page saying so in the page's language; false when the
// link is within the limit.
func linkTooLong(w http.ResponseWriter, r *http.Request) bool {
	n := len(r.RequestURI)
	if n <= maxLinkBytes {
		return false
	}
	// The language from ?lang= (looked for without decoding the whole query),
	// the cookie or Accept-Language, as the page's (assets.PageWords).
	short := r.Clone(r.Context())
	short.URL.RawQuery = ""
	for part := range strings.SplitSeq(r.URL.RawQuery, "&") {
		if v, ok := strings.CutPrefix(part, "lang="); ok && len(v) <= 16 {
			short.URL.RawQuery = "lang=" + v
		}
	}
	words := assets.PageWords(short)
	sep := ","
	if words.Lang == "fr" {
		sep = "\u202f"
	}
	say := func(m *msg.Error) string {
		args := make([]any, 0, 2*len(m.Args))
		for k, v := range m.Args {
			args = append(args, k, v)
		}
		return html.EscapeString(words.T(m.Key, args...))
	}
	title := msg.New("go-server.linkTooLongTitle", "pvscope: link too long")
	text := msg.New("go-server.linkTooLong", "This link is {n} bytes long, longer than the {max} bytes a link to pvscope can be with each of its parameters within its limit (a tree of {tree} characters, a position of {fen}, ...). Open the page without it and paste the tree or the position into the setup form, or share a trace file instead.",
		"n", groupDigits(n, sep), "max", groupDigits(maxLinkBytes, sep),
		"tree", groupDigits(urlParamLimits["tree"], sep), "fen", groupDigits(urlParamLimits["fen"], sep))
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusRequestURITooLong)
	fmt.Fprintf(w, "<!doctype html>\n<html lang=%q><meta charset=\"utf-8\"><title>%s</title>\n<p data-testid=\"error-banner\">%s</p>\n</html>\n",
		words.Lang, say(title), say(text))
	return true
}

// groupDigits writes n with sep between its groups of three digits.
func groupDigits(n int, sep string) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}
