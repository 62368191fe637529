// Package assets serves the page's files and everything made from them: the
// embedded static files, hashed, gzipped and import-mapped; the static site;
// and who may frame the page. It knows nothing of searches or websockets, and
// it does not import server (server imports it).
//
// Its parts: assets.go (the served files as read at start, the stylesheet
// bundle, the import map), csscomments.go (the bundle's stylesheets without
// their comments), lessoncatalogue.go (the lessons' catalogues and
// the menu drawn from them), static.go (the /static/
// handler: caching, validation, gzip), site.go (pvscope site: the page per
// language and the files beside it), embed.go (-embed-origins: who may frame
// the page), embedhint.go (what a refused frame shows instead) and language.go
// (the page's language from the request).
package assets
