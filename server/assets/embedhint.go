package assets

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// The embed hint (issue 28, item 14). A course page that frames /?embed=1 from a site
// -embed-origins does not name gets, from the browser, a blank or broken frame and no reason.
// When the request says it is for a frame (Sec-Fetch-Dest) of another site (Sec-Fetch-Site,
// and the Referer's origin), the frame gets instead a page of text and one link: who refuses,
// how to allow it, and the page in a tab of its own. It has no script and no control, so it is
// safe for any site to frame; every other answer keeps frame-ancestors as embed.go sets it.

// EmbedRefusedFrom says whether r is the embedded page asked for by a frame of a site this
// server does not let frame it (origins, its -embed-origins), and that site's origin ("" when
// the browser did not say which).
func EmbedRefusedFrom(r *http.Request, origins []string) (origin string, refused bool) {
	if !EmbedPage(r) {
		return "", false
	}
	if dest := r.Header.Get("Sec-Fetch-Dest"); dest != "iframe" && dest != "frame" {
		return "", false
	}
	// same-site: another port or subdomain of the same site is another origin all the same.
	if site := r.Header.Get("Sec-Fetch-Site"); site != "cross-site" && site != "same-site" {
		return "", false
	}
	origin = refererOrigin(r.Header.Get("Referer"))
	if origin == "" {
		// Without a Referer the site is unknown: a hint only when no site at all may frame.
		return "", len(origins) == 0
	}
	return origin, !slices.Contains(origins, origin)
}

// refererOrigin is the scheme://host[:port] of a Referer, or "" if it is not a plain web
// address (the origin is written into the page and the command it suggests).
func refererOrigin(ref string) string {
	u, err := url.Parse(ref)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		len(u.Host) > 253 || strings.ContainsAny(u.Host, " ;,'\"<>*{}\\") {
		return ""
	}
	return u.Scheme + "://" + strings.ToLower(u.Host)
}

// ServeEmbedHint answers the refused frame with the hint, in the page's language.
func ServeEmbedHint(w http.ResponseWriter, r *http.Request, origin string) {
	lang := PageWords(r)
	say := func(m *msg.Error) string {
		args := make([]any, 0, 2*len(m.Args))
		for k, v := range m.Args {
			args = append(args, k, v)
		}
		return html.EscapeString(lang.T(m.Key, args...))
	}
	refused := msg.New("go-server.embedRefusedAnySite", "This pvscope server does not allow other sites to embed its page.")
	site := "https://course.example.edu"
	if origin != "" {
		refused = msg.New("go-server.embedRefused", "This pvscope server does not allow embedding from {origin}.", "origin", origin)
		site = origin
	}
	howTo := msg.New("go-server.embedHowTo", "To allow it, whoever runs the server starts it with:")
	open := msg.New("go-server.embedOpen", "Open this page in a new tab")
	title := msg.New("go-server.embedTitle", "pvscope: embedding not allowed")
	// The link is the page itself, whole (without embed=1), in a tab of its own; the rest of
	// the query as the course page wrote it.
	var keep []string
	for _, part := range strings.Split(r.URL.RawQuery, "&") {
		if name, _, _ := strings.Cut(part, "="); part != "" && name != "embed" {
			keep = append(keep, part)
		}
	}
	link := "/"
	if len(keep) > 0 {
		link += "?" + strings.Join(keep, "&")
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *")
	h.Del("X-Frame-Options")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store") // it depends on who frames it
	h.Set("Vary", "Sec-Fetch-Dest, Sec-Fetch-Site, Referer, Accept-Language, Cookie")
	w.WriteHeader(http.StatusForbidden)
	fmt.Fprintf(w, `<!doctype html>
<html lang="%s"><head><meta charset="utf-8"><title>%s</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1em;color:#222;background:#fff}code{background:#eee;padding:0 .3em}</style></head>
<body><main data-testid="embed-hint">
<p>%s</p>
<p>%s <code>pvscope serve -embed-origins %s</code></p>
<p><a href="%s" target="_blank" rel="noopener">%s</a></p>
</main></body></html>
`, html.EscapeString(lang.Lang), say(title), say(refused), say(howTo), html.EscapeString(site), html.EscapeString(link), say(open))
}
