package assets

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/static"
)

// Static files are cached and compressed for a class that opens the same link
// at once (issue 28). Every file is read, hashed and gzipped once at start
// (assets.go); the page names each file with ?v=<its hash> (and an import map
// gives every module its hashed URL, so the relative imports inside modules
// are hashed too). A hashed URL never changes meaning, so it is cached for a
// year and a reload asks for nothing. A URL without the current hash (a
// module's asset URL, a lesson fetched by name, an old page) is revalidated:
// every answer carries an ETag, and If-None-Match answers 304.

const (
	cacheHashed      = "max-age=31536000, immutable"
	CacheRevalidated = "no-cache" // stored, but checked with the ETag before each use
)

// staticFiles serves the embedded files the page loads, and nothing else: no
// directory listings, no scripts or notes that sit beside the libraries.
func Files() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := staticAssets().files[strings.TrimPrefix(r.URL.Path, "/")]
		if a == nil {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		if subresource(r.Header.Get("Sec-Fetch-Dest")) {
			// The policy and the frame rule govern a document or a worker, not a script,
			// style, image or fetch: each answer would carry 300 bytes for nothing, 25 KB a page.
			h.Del("Content-Security-Policy")
			h.Del("X-Frame-Options")
			h.Del("Referrer-Policy") // a script or style without one follows the page's

		}
		h.Set("Content-Type", a.ctype)
		h.Set("ETag", a.etag)
		if r.URL.Query().Get("v") == a.hash {
			h.Set("Cache-Control", cacheHashed)
		} else {
			h.Set("Cache-Control", CacheRevalidated)
		}
		if a.gz != nil {
			h.Set("Vary", "Accept-Encoding")
		}
		WriteVersion(w, r, a.etag, a.body, a.gz)
	})
}

// subresource reports whether the browser fetches the file as something a
// Content-Security-Policy does not govern (CSP 3: a policy applies to the
// document or worker it comes with). A request without Sec-Fetch-Dest (an
// older browser, a tool), or for a document, frame or worker, keeps every header.
func subresource(dest string) bool {
	switch dest {
	case "script", "style", "image", "font", "empty":
		return true
	}
	return false
}

// writeVersion answers 304 when the client holds etag, else the body, gzipped
// when the client accepts it and a gzipped form is given. One ETag names both
// forms: it is weak (W/), which is what If-None-Match compares.
func WriteVersion(w http.ResponseWriter, r *http.Request, etag string, body, gz []byte) {
	if ETagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if gz != nil && AcceptsGzip(r.Header.Get("Accept-Encoding")) {
		w.Header().Set("Content-Encoding", "gzip")
		body = gz
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// etagMatches is If-None-Match's weak comparison (RFC 9110 13.1.2).
func ETagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(etag, "W/") {
			return true
		}
	}
	return false
}

// acceptsGzip reads Accept-Encoding: gzip (or *) listed with a q above 0.
func AcceptsGzip(header string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		if v, ok := strings.CutPrefix(strings.ReplaceAll(strings.ToLower(params), " ", ""), "q="); ok {
			q, _ = strconv.ParseFloat(v, 64)
		}
		switch name {
		case "gzip":
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// gzipped compresses b at the best level (done once per file, at start), or
// returns nil when that saves nothing worth a Content-Encoding.
func Gzipped(b []byte, level int) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, level)
	zw.Write(b)
	zw.Close()
	if buf.Len() >= len(b)*9/10 {
		return nil
	}
	return buf.Bytes()
}

// compressible: text files, which gzip shrinks; images in PNG are compressed already.
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".css", ".svg", ".json", ".md", ".map":
		return true
	}
	return false
}

// ServeFavicon answers the browsers and tools that ask for /favicon.ico
// without reading the page's <link rel="icon">.
func ServeFavicon(w http.ResponseWriter, r *http.Request) {
	r2 := r.Clone(r.Context())
	r2.URL.Path = "favicon.svg"
	Files().ServeHTTP(w, r2)
}

// servedByStatic is static.Served, named here for assets.go.
var servedByStatic = static.Served
