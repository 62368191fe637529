// Package templates renders the page, one templ component per region.
// It knows nothing of the engine: the server fills these plain values.
package templates

// Page is everything the page needs at first paint.
type Page struct {
	Form      Form
	Positions []Named // chess positions offered by name (value: FEN)
	Trees     []Named // teaching trees offered by name (value: tree text)
	Gallery   []GalleryItem
	Options   []Option
	Limits    Limits
	Protocol  int  // websocket protocol version the page speaks
	Embed     bool // ?embed=1: the tree, the stepping bar and the log only, for a course page's frame
	// Asset gives a /static/ file its cached URL (with ?v=<hash>, server/assets/assets.go); nil leaves URLs as they are.
	Asset func(url string) string
	// ImportMap is the JSON of the page's import map, which gives each module its cached URL ("" for none).
	ImportMap string
	// Site: the page of a static site (pvscope site), whose searches run in
	// the browser; the scripts hide what needs a server.
	Site bool
	// Preload lists the modules app.js imports, at the URLs it imports them
	// by, for <link rel="modulepreload">: a static site's page fetches its
	// module graph at once instead of one import level after another.
	Preload []string
}

// earlyWorker starts a static site's engine (static/js/worker.js, which
// fetches and compiles the WebAssembly) before the page's modules load; the
// transport (transport.js) takes it with the messages it sent meanwhile.
const earlyWorker = `(function () { try {
  var w = new Worker("static/js/worker.js"), e = { worker: w, messages: [], error: null };
  w.onmessage = function (m) { e.messages.push(m); };
  w.onerror = function (x) { e.error = x; };
  window.pvscopeEarlyWorker = e;
} catch (err) {} })();`

// url is p.Asset(u), or u when the page has no Asset.
func (p Page) url(u string) string {
	if p.Asset == nil {
		return u
	}
	return p.Asset(u)
}

// Form holds the setup as the URL gave it, so a link reproduces a search.
type Form struct {
	FEN    string
	Tree   string
	Random string // "b=3,d=4,seed=7,order=best"
	// Game is a game of engine/games ("tictactoe", "connect4", "othello") and
	// Position its position in the game's notation ("" its start).
	Game     string
	Position string
	Algo     string // minimax, alphabeta or pvs
	Depth    string
}

// Named is an entry of a list of ready-made inputs.
type Named struct {
	ID    string // short stable id, e.g. "kiwipete", "WAC.001", "aima-fig5-2"
	Label string // what the list shows
	Value string // the FEN or the tree text
}

// Option is one engine option (named like the command-line flag and the URL parameter).
type Option struct {
	Name    string
	Usage   string
	Bool    bool
	Value   string   // the value in effect for the form (from the URL, else empty: engine default)
	Choices []string // for enumerations (algo, tt-replace); empty otherwise
}

// Limits are the server's limits, shown next to the fields they constrain.
type Limits struct {
	MaxDepth int
	MaxNodes int64
}

// GalleryItem is an exhibit of the short-PV gallery: a position and the settings under
// which a PV collector's line is cut short.
type GalleryItem struct {
	ID     string // short stable id, naming its words in the catalogs: "bk24" (gallery.bk24.name)
	Name   string // what it shows
	Source string // where the position comes from
	Note   string // what to look at
	Query  string // the URL query that sets it up: "?depth=5&fen=...&tt-pv-cuts=true"
	Method string // the collector whose line is cut ("triangular", "tt", ...)
	Reason string // and why ("tt-exact-cut-at-pv", ...)
}
