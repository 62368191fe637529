package server

import (
	"net/http"

	"github.com/pvscope/pvscope/static"
)

// staticFiles serves the embedded files the page loads, and nothing else: no
// directory listings, no scripts or notes that sit beside the libraries.
func staticFiles() http.Handler {
	files := http.FileServerFS(static.FS)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !static.Served(r.URL.Path) {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// serveFavicon answers the browsers and tools that ask for /favicon.ico
// without reading the page's <link rel="icon">.
func serveFavicon(w http.ResponseWriter, r *http.Request) {
	r2 := r.Clone(r.Context())
	r2.URL.Path = "favicon.svg"
	staticFiles().ServeHTTP(w, r2)
}
