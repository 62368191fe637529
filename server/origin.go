package server

import (
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/pvscope/pvscope/server/engines"
	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Requests that change state come from the page. Any page on another site
// can make the browser send a POST here (a form, or fetch in no-cors mode)
// without asking first, as long as it carries only a "simple" content type
// (text/plain, a form's encodings, or none). So every request but GET, HEAD
// and OPTIONS must:
//
//   - name this server as its Origin (the host compared as the websocket's
//     check does), or, when it has no Origin, not be marked by the browser as
//     sent from another site (Sec-Fetch-Site absent, "same-origin" or "none":
//     a command-line client sends neither header, and it could send any
//     header anyway);
//   - and carry either a content type a form cannot send (application/json
//     needs the browser to ask first, and nobody answers the question) or
//     the pageHeader the page's own requests set, which also needs asking.
//
// A refused request is answered 403 with a sentence, in JSON like the
// routes' other refusals.

// pageHeader is the header the page's own POSTs carry (static/js/engines/engines.js,
// tracefile.js).
const pageHeader = "X-Pvscope"

// ownRequest lets r through, or answers 403 and says why.
func (s *Server) ownRequest(w http.ResponseWriter, r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return true
	}
	m := foreignRequest(r)
	if m == nil {
		return true
	}
	engines.WriteJSON(w, http.StatusForbidden, engines.InspectError{Error: session.Sentence(m.Text), Key: m.Key, Args: m.Args})
	return false
}

// foreignRequest says why r is not the page's own, or nil when it is.
func foreignRequest(r *http.Request) *msg.Error {
	if origin := r.Header.Get("Origin"); origin != "" {
		if u, err := url.Parse(origin); err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
			return msg.New("go-server.foreignOrigin", "This server takes requests that change something only from its own page; one from {origin} was refused.",
				"origin", session.Quoted(session.Clip(origin, 100)))
		}
	} else if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return msg.New("go-server.foreignSite", "This server takes requests that change something only from its own page; one the browser sent from another site was refused.")
	}
	if simpleContentType(r.Header.Get("Content-Type")) && r.Header.Get(pageHeader) == "" {
		return msg.New("go-server.notFromPage", "This request does not show it comes from pvscope's page: send JSON, or set the header {header}, as the page does.",
			"header", pageHeader)
	}
	return nil
}

// simpleContentType: what a form or a no-cors fetch may send without asking
// (the browser's "CORS-safelisted" types, or none). A value that does not
// parse counts as simple: a browser may read it otherwise.
func simpleContentType(v string) bool {
	t, _, err := mime.ParseMediaType(v)
	if err != nil {
		return true
	}
	switch t {
	case "text/plain", "application/x-www-form-urlencoded", "multipart/form-data":
		return true
	}
	return false
}
