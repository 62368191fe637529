// Package static holds the page's CSS, ES modules and vendored libraries,
// embedded so that the binary serves them with no files beside it.
package static

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

// FS is the static tree: css/, the page's modules in js/ and in its folders by
// concern one level down (js/<folder>/*.js; not their tests and fixtures in
// js/test/), the catalogs in js/i18n/, vendor/, the favicon, and code/ (the
// code panel's texts: one file per algorithm, form and language).
//
//go:embed css js/*.js js/*/*.js js/i18n vendor favicon.svg lessons img code
var FS embed.FS

// servedTypes are the endings of the files the page loads. Anything else in
// the tree (vendor/refresh.sh, licence notes, source maps' siblings) is not
// served.
var servedTypes = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".svg": true, ".png": true,
	".woff": true, ".woff2": true, ".map": true,
	".md": true, ".json": true, // lessons (static/lessons/) and their index
	".py": true, ".txt": true, // the code panel's texts (static/code/)
}

// Served reports whether name, a path inside FS, is a file the page may
// load: a regular file with one of the served endings, never a directory.
func Served(name string) bool { return served(FS, name) }

// served is Served over any tree laid out as FS is. In js/ the page loads
// modules and catalogs only: a folder's README.md says what the folder holds
// for people, and js/test/ is the node tests'.
func served(fsys fs.FS, name string) bool {
	if !servedTypes[path.Ext(name)] {
		return false
	}
	if strings.HasPrefix(name, "js/") && (path.Base(name) == "README.md" || strings.HasPrefix(name, "js/test/")) {
		return false
	}
	st, err := fs.Stat(fsys, name)
	return err == nil && !st.IsDir()
}
