package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Static files are cached by URL and validated, and text is gzipped (issue 28,
// item 13). Expected hashes and bodies are computed here from the files on
// disk, not read from the server's table.

// fetch sends a GET with the given request headers and no transparent gzip.
func fetch(t *testing.T, u string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diskHash is the first 16 hex digits of the SHA-256 of a file under static/.
func diskHash(t *testing.T, name string) (string, []byte) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "static", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])[:16], b
}

func TestStaticHashedURLIsImmutableAndOthersRevalidate(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	hash, want := diskHash(t, "js/model/model.js")
	res, body := fetch(t, hs.URL+"/static/js/model/model.js?v="+hash)
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=31536000") || !strings.Contains(cc, "immutable") {
		t.Errorf("hashed URL: Cache-Control %q, want a year and immutable", cc)
	}
	if !bytes.Equal(body, want) {
		t.Error("hashed URL: the body is not static/js/model/model.js")
	}
	etag := res.Header.Get("ETag")
	if !strings.Contains(etag, hash) {
		t.Errorf("ETag %q does not name the file's hash %s", etag, hash)
	}
	for _, u := range []string{"/static/js/model/model.js", "/static/js/model/model.js?v=0000000000000000"} {
		res, _ := fetch(t, hs.URL+u)
		if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache (stored, validated before use)", u, cc)
		}
		res, body := fetch(t, hs.URL+u, "If-None-Match", etag)
		if res.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("%s with If-None-Match %s: %d, %d bytes; want 304, empty", u, etag, res.StatusCode, len(body))
		}
		res, _ = fetch(t, hs.URL+u, "If-None-Match", `W/"0123456789abcdef"`)
		if res.StatusCode != 200 {
			t.Errorf("%s with another ETag: %d, want 200", u, res.StatusCode)
		}
	}
}

func TestStaticTextIsGzipped(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	for _, name := range []string{"js/app.js", "css/app.css", "vendor/chess.js/chess.js", "favicon.svg", "lessons/minimax.md"} {
		_, want := diskHash(t, name)
		res, body := fetch(t, hs.URL+"/static/"+name, "Accept-Encoding", "gzip, deflate, br")
		if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Content-Encoding %q, Vary %q; want gzip, Accept-Encoding", name, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
			continue
		}
		if got := gunzip(t, body); !bytes.Equal(got, want) {
			t.Errorf("%s: gunzipped body differs from the file", name)
		}
		if len(body) >= len(want) {
			t.Errorf("%s: %d bytes gzipped, %d plain", name, len(body), len(want))
		}
		for _, ae := range []string{"", "identity", "gzip;q=0", "br, gzip; q=0"} {
			res, body := fetch(t, hs.URL+"/static/"+name, "Accept-Encoding", ae)
			if res.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, want) {
				t.Errorf("%s with Accept-Encoding %q: Content-Encoding %q; want the plain file", name, ae, res.Header.Get("Content-Encoding"))
			}
		}
	}
	// A PNG is compressed already.
	res, _ := fetch(t, hs.URL+"/static/img/"+firstPNG(t), "Accept-Encoding", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" {
		t.Errorf("a PNG: %d, Content-Encoding %q; want 200, none", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
}

func firstPNG(t *testing.T) string {
	m, _ := filepath.Glob(filepath.Join("..", "static", "img", "*.png"))
	if len(m) == 0 {
		t.Fatal("no PNG in static/img")
	}
	return filepath.Base(m[0])
}

// The page names every module and stylesheet by its hashed URL, and its import
// map gives every module (so every relative import) its hashed URL; the
// policy allows that one inline script by its hash.
func TestPageNamesHashedURLs(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	res, body := fetch(t, hs.URL+"/")
	page := string(body)
	appHash, _ := diskHash(t, "js/app.js")
	if !strings.Contains(page, `<script type="module" src="/static/js/app.js?v=`+appHash+`"`) {
		t.Error("the page does not load app.js by its hash")
	}
	m := regexp.MustCompile(`<script type="importmap">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no import map")
	}
	var im struct{ Imports map[string]string }
	if err := json.Unmarshal([]byte(m[1]), &im); err != nil {
		t.Fatal(err)
	}
	files := pageModules(t) // in every folder of static/js
	vendor, _ := filepath.Glob(filepath.Join("..", "static", "vendor", "*", "*.js"))
	for _, f := range vendor {
		rel, _ := filepath.Rel(filepath.Join("..", "static"), f)
		files = append(files, filepath.ToSlash(rel))
	}
	for _, rel := range files {
		h, _ := diskHash(t, rel)
		if got, want := im.Imports["/static/"+rel], "/static/"+rel+"?v="+h; got != want {
			t.Errorf("import map: %s -> %q, want %q", rel, got, want)
		}
	}
	sum := sha256.Sum256([]byte(m[1]))
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Errorf("the page's policy %q does not name the import map's hash", csp)
	}
	// The stylesheets come as one file, each of them in it (its comments left out,
	// assets.TestPageStylesLeaveOutComments), in the page's cascade order.
	css := regexp.MustCompile(`<link rel="stylesheet" href="(/static/css/page.css\?v=[0-9a-f]{16})"`).FindStringSubmatch(page)
	if css == nil {
		t.Fatal("the page links no hashed css/page.css")
	}
	_, all := fetch(t, hs.URL+css[1])
	at := 0
	for _, name := range []string{"vendor/cm-chessboard/assets/chessboard.css", "css/app.css", "css/teach.css"} {
		_, b := diskHash(t, name)
		b = bytes.TrimSpace(regexp.MustCompile(`(?s)/\*.*?\*/\s*`).ReplaceAll(b, nil)) // none of them has "/*" in a string
		i := bytes.Index(all[at:], append([]byte("/* "+name+" */\n"), b[:min(len(b), 40)]...))
		if i < 0 {
			t.Errorf("css/page.css lacks %s, or has it out of order", name)
			continue
		}
		at += i + len(b)
	}
}

// The Lessons menu's catalogue is every lesson index.json names, in its order.
func TestLessonCatalogueBundlesTheLessons(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	_, index := diskHash(t, "lessons/index.json")
	var names []string
	if err := json.Unmarshal(index, &names); err != nil || len(names) == 0 {
		t.Fatalf("index.json: %v", err)
	}
	res, body := fetch(t, hs.URL+"/static/lessons/catalogue.json")
	var all [][2]string
	if err := json.Unmarshal(body, &all); err != nil || res.StatusCode != 200 {
		t.Fatalf("catalogue.json: %d %v", res.StatusCode, err)
	}
	if len(all) != len(names) {
		t.Fatalf("catalogue has %d lessons, index.json %d", len(all), len(names))
	}
	for i, n := range names {
		_, text := diskHash(t, "lessons/"+n+".md")
		if all[i][0] != n || all[i][1] != string(text) {
			t.Errorf("catalogue entry %d is %q, want %s.md", i, all[i][0], n)
		}
	}
}

// The page is validated: its ETag answers 304 while nothing changed, and it is gzipped.
func TestPageIsValidatedAndGzipped(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	res, body := fetch(t, hs.URL+"/?algo=pvs", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(strings.ToLower(string(gunzip(t, body))), "<!doctype html>") {
		t.Fatalf("the page is not gzipped: %q", res.Header.Get("Content-Encoding"))
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("the page's Cache-Control %q, want no-cache", cc)
	}
	etag := res.Header.Get("ETag")
	res, body = fetch(t, hs.URL+"/?algo=pvs", "Accept-Encoding", "gzip", "If-None-Match", etag)
	if res.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("the page with its ETag: %d, %d bytes; want 304", res.StatusCode, len(body))
	}
	// Another query is another page.
	if res, _ := fetch(t, hs.URL+"/?algo=minimax", "If-None-Match", etag); res.StatusCode != 200 {
		t.Errorf("another page with the first one's ETag: %d, want 200", res.StatusCode)
	}
}

// A script or stylesheet does not carry the document-only headers; a request
// that does not say what it is for (or a document or worker) keeps them.
func TestSubresourceHeaders(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	for dest, keep := range map[string]bool{"script": false, "style": false, "": true, "document": true, "worker": true} {
		res, _ := fetch(t, hs.URL+"/static/js/app.js", "Sec-Fetch-Dest", dest)
		if got := res.Header.Get("Content-Security-Policy") != ""; got != keep {
			t.Errorf("Sec-Fetch-Dest %q: policy sent %v, want %v", dest, got, keep)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("Sec-Fetch-Dest %q: no nosniff", dest)
		}
	}
}
