package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/server/assets"
	"github.com/pvscope/pvscope/templates"
	"github.com/pvscope/pvscope/templates/words"
)

// servePage renders the page with the setup form filled from the URL, so a
// link reproduces a search (DESIGN.md: /?fen=...&algo=pvs&depth=3).
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	if origin, refused := assets.EmbedRefusedFrom(r, s.limits.EmbedOrigins); refused {
		assets.ServeEmbedHint(w, r, origin) // a frame this server may not fill: say why (embedhint.go)
		return
	}
	q := r.URL.Query()
	p := s.page(q)
	p.Embed = q.Get("embed") == "1"
	p.Asset = assets.URL
	p.ImportMap = assets.ImportMap()
	// Rendered whole before anything is written, so a render error can still
	// be a 500, and a page that goes away mid-write is not mistaken for one.
	var b bytes.Buffer
	if err := templates.Index(p).Render(words.With(r.Context(), assets.PageWords(r)), &b); err != nil {
		http.Error(w, "the page could not be rendered: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writePage(w, r, b.Bytes())
}

// page is the page's data with the setup form filled from q (asset URLs,
// import map and embedding are the caller's: the server's and a static
// site's differ).
func (s *Server) page(q url.Values) templates.Page {
	return pageFor(q, s.limits)
}

func pageFor(q url.Values, lim Limits) templates.Page {
	q = checkedQuery(q) // a value past its limit is the page's to refuse in a sentence (urlparams.go)
	p := templates.Page{
		Form: templates.Form{FEN: q.Get("fen"), Tree: q.Get("tree"), Random: q.Get("random"),
			Game: q.Get("game"), Position: q.Get("position"), Algo: q.Get("algo"), Depth: q.Get("depth")},
		Positions: namedPositions,
		Trees:     namedTrees,
		Gallery:   galleryItems(),
		Limits:    templates.Limits{MaxDepth: lim.MaxDepth, MaxNodes: lim.MaxNodes},
		Protocol:  Protocol,
	}
	for _, o := range engine.OptionNames {
		opt := templates.Option{Name: o.Name, Usage: o.Usage, Bool: o.Bool, Value: q.Get(o.Name)}
		switch o.Name {
		case "algo":
			opt.Choices = []string{"minimax", "alphabeta", "pvs"}
		case "tt-replace":
			opt.Choices = []string{"depth", "always"}
		case "prune":
			opt.Choices = []string{"equal", "strict"}
		}
		p.Options = append(p.Options, opt)
	}
	return p
}

// writePage sends the rendered page validated, not stored blind: a reload
// sends its ETag (the body's hash, so it changes with the language, the query
// or any static file's hash) and gets 304 when nothing changed. The page is
// gzipped per request (about 110 KB of HTML and words become about 20 KB).
func writePage(w http.ResponseWriter, r *http.Request, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", assets.CacheRevalidated)
	// Sec-Fetch-Dest: a frame from a refused site gets the embed hint instead
	// (embedhint.go), so a shared cache must not hand it this page.
	h.Set("Vary", "Accept-Encoding, Accept-Language, Cookie, Sec-Fetch-Dest")
	// The import map is the page's one inline script; the policy names it by
	// its hash (set here, not in securityHeaders, as only the page carries it).
	h.Set("Content-Security-Policy", withScriptSource(h.Get("Content-Security-Policy"), assets.ImportMapHash()))
	sum := sha256.Sum256(body)
	etag := `W/"` + hex.EncodeToString(sum[:8]) + `"`
	h.Set("ETag", etag)
	var gz []byte
	if assets.AcceptsGzip(r.Header.Get("Accept-Encoding")) && !assets.ETagMatches(r.Header.Get("If-None-Match"), etag) {
		gz = assets.Gzipped(body, gzip.DefaultCompression)
	}
	assets.WriteVersion(w, r, etag, body, gz)
}

// withScriptSource adds source to the policy's script-src directive.
func withScriptSource(policy, source string) string {
	var out []string
	for _, d := range strings.Split(policy, ";") {
		if f := strings.Fields(d); len(f) > 0 && f[0] == "script-src" {
			d = strings.TrimRight(d, " ") + " " + source
		}
		out = append(out, d)
	}
	return strings.Join(out, ";")
}

// galleryItems offers engine.Gallery's exhibits; each one's query is the URL that sets it up
// (the FEN and its options), so choosing one in the page is loading that URL.
func galleryItems() []templates.GalleryItem {
	items := make([]templates.GalleryItem, 0, len(engine.Gallery))
	for _, g := range engine.Gallery {
		q := url.Values{"fen": {g.FEN}}
		for name, v := range g.Options {
			q.Set(name, v)
		}
		items = append(items, templates.GalleryItem{ID: g.ID, Name: g.Name, Source: g.Source, Note: g.Note,
			Query: "?" + q.Encode(), Method: g.Method.String(), Reason: g.Reason.String()})
	}
	return items
}

// SiteFiles is the static site (pvscope site): the page in each language, as
// this server renders it with an empty query and the default limits, and the
// files it serves (server/assets/site.go).
func SiteFiles() ([]assets.SiteFile, error) {
	return assets.SiteFiles(pageFor(url.Values{}, DefaultLimits()))
}
