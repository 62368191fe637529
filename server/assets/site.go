package assets

import (
	"bytes"
	"context"
	"path"
	"regexp"
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

// SiteFiles renders the static site's pages from page (the page's data with
// an empty query, the server's) and lists its static files, in path order;
// the WebAssembly engine and wasm_exec.js are not among them.
func SiteFiles(page templates.Page) ([]SiteFile, error) {
	var files []SiteFile
	for lang, name := range SitePages() {
		w, err := words.Load(lang)
		if err != nil {
			return nil, err
		}
		p := page
		p.Site = true
		p.Asset = siteAssetURL
		p.Preload = siteModules()
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

// siteAssetURL is URL relative to the page ("static/css/page.css?v=..."):
// a course's pages may put the site in any folder.
func siteAssetURL(u string) string {
	return strings.TrimPrefix(URL(u), "/")
}

// staticImport is a module's static import or re-export: import ... from
// "./transport.js", import "./transport.js", export ... from "./transport.js" (the page's modules
// write each on one line; a dynamic import() is lazy and not followed).
var staticImport = regexp.MustCompile(`(?m)^\s*(?:import|export)\b[^"'\n;]*?["'](\.{1,2}/[^"']+)["']`)

// siteModules lists every module js/app.js imports, directly or not, at the
// URLs the page imports them by (static/js/tree/layout.js: a static site has
// no import map, and its modules import each other by relative URLs), in
// path order, for the page's <link rel="modulepreload">.
func siteModules() []string {
	files := staticAssets().files
	seen := map[string]bool{"js/app.js": true}
	todo := []string{"js/app.js"}
	var out []string
	for len(todo) > 0 {
		cur := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, m := range staticImport.FindAllSubmatch(files[cur].body, -1) {
			dep := path.Join(path.Dir(cur), string(m[1]))
			if seen[dep] || files[dep] == nil {
				continue
			}
			seen[dep] = true
			todo = append(todo, dep)
			out = append(out, "static/"+dep)
		}
	}
	sort.Strings(out)
	return out
}
