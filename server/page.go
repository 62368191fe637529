package server

import (
	"bytes"
	"net/http"
	"net/url"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/templates"
	"github.com/pvscope/pvscope/templates/words"
)

// servePage renders the page with the setup form filled from the URL, so a
// link reproduces a search (DESIGN.md: /?fen=...&algo=pvs&depth=3).
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p := templates.Page{
		Form: templates.Form{FEN: q.Get("fen"), Tree: q.Get("tree"), Random: q.Get("random"),
			Algo: q.Get("algo"), Depth: q.Get("depth")},
		Positions: namedPositions,
		Trees:     namedTrees,
		Gallery:   galleryItems(),
		Limits:    templates.Limits{MaxDepth: s.limits.MaxDepth, MaxNodes: s.limits.MaxNodes},
		Protocol:  Protocol,
		Embed:     q.Get("embed") == "1",
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
	// Rendered whole before anything is written, so a render error can still
	// be a 500, and a page that goes away mid-write is not mistaken for one.
	var b bytes.Buffer
	if err := templates.Index(p).Render(words.With(r.Context(), pageWords(r)), &b); err != nil {
		http.Error(w, "the page could not be rendered: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
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
