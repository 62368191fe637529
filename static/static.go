// Package static holds the page's CSS, ES modules and vendored libraries,
// embedded so that the binary serves them with no files beside it.
package static

import "embed"

// FS is the static tree: css/, js/ and vendor/.
//
//go:embed css js vendor
var FS embed.FS
