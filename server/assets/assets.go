package assets

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/pvscope/pvscope/static"
)

// asset is one served file as read at start: its bytes, gzipped form and hash.
type asset struct {
	body, gz []byte // gz is nil for files gzip does not shrink
	hash     string // 16 hex digits of the SHA-256 of body: the ?v= of its URL
	etag     string
	ctype    string
}

// newAsset hashes body and gzips it when it is text.
func newAsset(name string, body []byte) *asset {
	sum := sha256.Sum256(body)
	a := &asset{body: body, hash: hex.EncodeToString(sum[:8]), ctype: mime.TypeByExtension(path.Ext(name))}
	a.etag = `W/"` + a.hash + `"`
	if a.ctype == "" {
		a.ctype = http.DetectContentType(body) // as http.FileServer did: .md reads as text/plain
	}
	if compressible(name) {
		a.gz = Gzipped(body, gzip.BestCompression)
	}
	return a
}

// assetTable is every served file, and the import map that gives each module
// its hashed URL.
type assetTable struct {
	files     map[string]*asset // by path inside static.FS
	importMap string            // the JSON of the page's <script type="importmap">
	mapHash   string            // its CSP source, 'sha256-...'
}

// staticAssets reads the embedded files once: they cannot change while the
// binary runs.
var staticAssets = sync.OnceValue(func() *assetTable { return readAssets(static.FS, servedByStatic) })

// readAssets reads every file of fsys that served accepts, at any depth: a
// module in a folder (js/tree/layout.js) is hashed and import-mapped as one at
// the top of js/ is, so its relative imports ("../i18n/i18n.js") reach hashed URLs.
func readAssets(fsys fs.FS, served func(string) bool) *assetTable {
	t := &assetTable{files: map[string]*asset{}}
	imports := map[string]string{}
	fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !served(name) {
			return err
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		a := newAsset(name, body)
		t.files[name] = a
		if ext := path.Ext(name); ext == ".js" || ext == ".mjs" {
			imports["/static/"+name] = "/static/" + name + "?v=" + a.hash
		}
		return nil
	})
	t.files[pageStylesName] = t.bundle(pageStyles)
	for name, c := range lessonCatalogues(t.files) {
		t.files[name] = c
	}
	// encoding/json sorts map keys, so the map (and its hash) is the same at every start.
	b, _ := json.Marshal(map[string]any{"imports": imports})
	t.importMap = string(b)
	sum := sha256.Sum256(b)
	t.mapHash = "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	return t
}

// pageStyles are the page's stylesheets in cascade order, served together as
// css/page.css: one request instead of eight (none has an @import or a relative
// url() that the move would break), their comments left out (csscomments.go).
// A stylesheet added to the page with its own <link> works too.
var pageStyles = []string{
	"vendor/cm-chessboard/assets/chessboard.css",
	"vendor/cm-chessboard/assets/extensions/arrows/arrows.css",
	"vendor/cm-chessboard/assets/extensions/markers/markers.css",
	"css/app.css", "css/compare.css", "css/engines.css", "css/lesson.css", "css/teach.css",
}

const pageStylesName = "css/page.css"

// bundle is the files named, one after the other, as one asset.
func (t *assetTable) bundle(names []string) *asset {
	var body []byte
	for _, n := range names {
		body = append(body, "/* "+n+" */\n"...)
		body = append(body, stripCSSComments(t.files[n].body)...)
		body = append(body, '\n')
	}
	return newAsset(pageStylesName, body)
}

// URL is the hashed URL of a file under /static/ (or the URL itself for
// a file that is not served, which then answers 404 as before).
func URL(url string) string {
	a := staticAssets().files[strings.TrimPrefix(url, "/static/")]
	if a == nil {
		return url
	}
	return url + "?v=" + a.hash
}

// assetNames lists the served files, sorted (for tests).
func assetNames() []string {
	var names []string
	for n := range staticAssets().files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ImportMap is the JSON of the page's <script type="importmap">, and
// ImportMapHash its CSP source, 'sha256-...'.
func ImportMap() string     { return staticAssets().importMap }
func ImportMapHash() string { return staticAssets().mapHash }
