package server

import (
	"bytes"
	"context"
	"net/url"
	"sort"
	"strings"

	"github.com/pvscope/pvscope/templates"
	"github.com/pvscope/pvscope/templates/words"
)

// A static site (pvscope site, issue 30) is the page rendered once per
// language with the templates the server uses, and the files the server
// serves under /static/, at relative URLs so that the folder works from any
// path of any static host. Its searches run in the browser: the page's
// transport (static/js/transport.js) starts static/js/worker.js, which runs
// the session compiled to WebAssembly (server/worker; the command writes
// static/wasm/ itself, for it needs the go toolchain).

// SiteFile is one file of a static site: its path inside the site's folder.
type SiteFile struct {
	Path string
	Body []byte
}

// SitePages names the page of each language: index.html in English,
// <code>.html in the others (the language menu goes from one to another).
func SitePages() map[string]string {
	pages := map[string]string{}
	for _, l := range words.Languages() {
		pages[l.Code] = l.Code + ".html"
	}
	pages[words.English] = "index.html"
	return pages
}

// SiteFiles renders the static site's pages and lists its static files, in
// path order; the WebAssembly engine and wasm_exec.js are not among them.
func SiteFiles() ([]SiteFile, error) {
	lim := DefaultLimits()
	var files []SiteFile
	for lang, name := range SitePages() {
		w, err := words.Load(lang)
		if err != nil {
			return nil, err
		}
		p := pageFor(url.Values{}, lim)
		p.Site = true
		p.Asset = siteAssetURL
		var b bytes.Buffer
		if err := templates.Index(p).Render(words.With(context.Background(), w), &b); err != nil {
			return nil, err
		}
		files = append(files, SiteFile{Path: name, Body: b.Bytes()})
	}
	for _, n := range assetNames() {
		files = append(files, SiteFile{Path: "static/" + n, Body: staticAssets().files[n].body})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// siteAssetURL is assetURL relative to the page ("static/css/page.css?v=..."):
// a course's pages may put the site in any folder.
func siteAssetURL(u string) string {
	return strings.TrimPrefix(assetURL(u), "/")
}
