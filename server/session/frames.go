package session

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Command is any message a page sends. Type says which; the other fields
// belong to start.
type Command struct {
	Type    string            `json:"type"`
	ID      int64             `json:"id"`
	Setup   SetupFields       `json:"setup"`
	Options map[string]string `json:"options"`
	Trace   string            `json:"trace"` // open: the token of a trace file the server has read
	// Text is a trace file's content, for open in the static site's worker
	// (session.Open); the server takes an upload's token instead.
	Text string `json:"text,omitempty"`
}

type SetupFields struct {
	FEN    string `json:"fen"`
	Tree   string `json:"tree"`
	Random string `json:"random"`
	// Game names a game of engine/games ("tictactoe", "connect4", "othello";
	// "" or "chess" is chess) and Position its position in the game's notation
	// ("" its start).
	Game     string `json:"game,omitempty"`
	Position string `json:"position,omitempty"`
}

// Error is a sentence a person can act on; Field names the form field at
// fault ("fen", "tree", "random", "game", "position" or an option name) when there is one.
type Error struct {
	Type    string `json:"type"`
	ID      int64  `json:"id,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
	// Count is how many refused messages the frame answers, when a burst of
	// them was coalesced into one frame (the message is the last one's).
	Count int `json:"count,omitempty"`
	// Key and Args: the message's key in the page's catalogs and its
	// parameters, when it is a keyed sentence (KeyOf, frames.go).
	Key  string         `json:"key,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

// Notice is a sentence for the page that is not an error: its search's
// recording was let go, for one.
type Notice struct {
	Type    string         `json:"type"`
	ID      int64          `json:"id"`
	Message string         `json:"message"`
	Key     string         `json:"key,omitempty"` // the message's key and parameters (KeyOf, frames.go)
	Args    map[string]any `json:"args,omitempty"`
}

// Started opens a search's stream: what is searched and with which options.
type Started struct {
	Type string `json:"type"`
	ID   int64  `json:"id"`
	Kind string `json:"kind"` // "chess", "tree" or "game"
	FEN  string `json:"fen,omitempty"`
	// A game's (kind "game"): its name, its position in its notation, the
	// board as engine/games' Board.Cells draws it (row by row from the top,
	// '.' empty) and the side to move as the game names it.
	Game          string            `json:"game,omitempty"`
	Position      string            `json:"position,omitempty"`
	Cells         string            `json:"cells,omitempty"`
	Side          string            `json:"side,omitempty"`
	Rows          int               `json:"rows,omitempty"`
	Cols          int               `json:"cols,omitempty"`
	Tree          RawJSON           `json:"tree,omitempty"` // nested arrays of leaf values (root player's view)
	Options       map[string]string `json:"options"`
	MinimalLeaves int64             `json:"minimalLeaves,omitempty"`
	// A trace file's: the rules it breaks and its doubtful patterns (at most
	// maxListedProblems of each listed, all counted), and how its engine
	// writes infinity and mate (traceproblems.go).
	Violations     []TraceProblem `json:"violations,omitempty"`
	ViolationCount int            `json:"violationCount,omitempty"`
	ViolationRules int            `json:"violationRules,omitempty"` // how many rules they break
	Warnings       []TraceProblem `json:"warnings,omitempty"`
	WarningCount   int            `json:"warningCount,omitempty"`
	Scores         *ScoreScale    `json:"scores,omitempty"`
}

// Status reports progress about every StatusEvery while a search runs.
type Status struct {
	Type      string  `json:"type"`
	ID        int64   `json:"id"`
	Nodes     int64   `json:"nodes"`
	Events    int     `json:"events"`
	Depth     int     `json:"depth"`
	ElapsedMs int64   `json:"elapsedMs"`
	NPS       float64 `json:"nps"`
}

// Done follows the last events frame of a search.
type Done struct {
	Type    string `json:"type"`
	ID      int64  `json:"id"`
	Events  int    `json:"events"`
	Stopped string `json:"stopped"`
	// StoppedKey and StoppedArgs: the key and parameters of the reason
	// stopped gives, when it is keyed (KeyOf, frames.go).
	StoppedKey  string         `json:"stoppedKey,omitempty"`
	StoppedArgs map[string]any `json:"stoppedArgs,omitempty"`
	Result      Result         `json:"result"`
}

type Result struct {
	Score     int      `json:"score"`
	Mate      *int     `json:"mate,omitempty"`
	BestMove  string   `json:"bestMove"`
	PV        []string `json:"pv"`
	Depth     int      `json:"depth"`
	Nodes     int64    `json:"nodes"`
	Leaves    int64    `json:"leaves"`
	ElapsedMs int64    `json:"elapsedMs"`
}

// RawJSON is JSON already written; empty means absent.
type RawJSON []byte

func (r RawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// TraceProblem is one broken rule (or doubtful pattern) as the page lists it.
type TraceProblem struct {
	Rule    string `json:"rule"`
	Line    int    `json:"line"`  // the trace file's line
	Seq     int64  `json:"seq"`   // the offending event's seq, as the file numbers them
	Event   int    `json:"event"` // its index among the events the page receives
	Node    int32  `json:"node"`  // the node it is about, as the page numbers nodes; 0 for none
	Message string `json:"message"`
	// Key and Args say Message in the page's catalogs (go-tracer.*), for a
	// page in another language; none when the sentence has no key.
	Key  string         `json:"key,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

// ScoreScale is how a trace's engine writes its scores, as tracer.ScaleOf
// reads the header's meta: infinity (a window edge at or beyond it is open),
// mate (the score of a mate at the root) and mateBand (how many plies below
// mate a score still means mate).
type ScoreScale struct {
	Infinity int32 `json:"infinity"`
	Mate     int32 `json:"mate"`
	MateBand int32 `json:"mateBand"`
}

// MateMoves turns a root score into moves to mate, UCI style (positive when
// the side to move mates), when the score is in the mate band; pvscope's own
// scale when s is nil.
func (s *ScoreScale) MateMoves(score int32) (int, bool) {
	sc := tracer.DefaultScale
	if s != nil {
		sc = tracer.Scale{Infinity: s.Infinity, Mate: s.Mate, MateBand: s.MateBand}
	}
	plies, ok := sc.IsMate(score)
	if !ok || sc.IsInfinite(score) {
		return 0, false
	}
	if plies < 0 {
		return -((-plies + 1) / 2), true
	}
	return (plies + 1) / 2, true
}

// A frame that carries a sentence (error, NoticeOf, queued) also carries the
// key and parameters of the first keyed sentence in its error's chain
// (msg.Keyed), so a page in another language says it from its own catalog
// (docs/protocol.md). The English message stays the frame's own.

// WithKey gives f the key and args of err's first keyed sentence, if any.
func (f Error) WithKey(err error) Error {
	f.Key, f.Args = KeyOf(err)
	return f
}

// Said is an error frame for one of the server's own keyed sentences, its
// English as written.
func Said(id int64, field string, m *msg.Error) Error {
	return Error{Type: "error", ID: id, Field: field, Message: m.Text}.WithKey(m)
}

// NoticeOf is a NoticeOf frame for a keyed sentence.
func NoticeOf(id int64, m *msg.Error) Notice {
	f := Notice{Type: "notice", ID: id, Message: m.Text}
	f.Key, f.Args = KeyOf(m)
	return f
}

// KeyOf is err's first keyed sentence's key and parameters, its strings
// bounded as the message bounds what it repeats (clipQuotes): a page's input
// Said back in a parameter is cut to MaxQuoted characters where the message
// quotes it, and any parameter to MaxMessage.
func KeyOf(err error) (string, map[string]any) {
	m, ok := msg.Keyed(err)
	if !ok {
		return "", nil
	}
	args := make(map[string]any, len(m.Args))
	for name, v := range m.Args {
		if s, ok := v.(string); ok {
			n := MaxMessage
			if strings.Contains(m.Text, `"`+s+`"`) {
				n = MaxQuoted
			}
			v = ClipArg(s, n)
		}
		args[name] = v
	}
	return m.Key, args
}

// ClipArg cuts s to n bytes at a character's start, marked with an ellipsis;
// unlike clip it adds no English words, for the page says it in any language.
func ClipArg(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Quoted is s as %q writes it, without the quotes: a template keeps them
// ("unknown option \"{name}\"") so its English is the %q one.
func Quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// SayOf is m's English and m, for a function that takes both.
func SayOf(m *msg.Error) (string, error) { return m.Text, m }

// StoppedBy gives the done frame its reason and the reason's key.
func (d *Done) StoppedBy(m *msg.Error) {
	d.Stopped = m.Text
	d.StoppedKey, d.StoppedArgs = KeyOf(m)
}

// MaxQuoted is the longest quoted input an error message repeats whole; a
// longer one (a 60 KB FEN) is cut, with its length said.
const (
	MaxQuoted  = 60
	MaxMessage = 600
)

// Error doubles as an error value, so validation can return it whole.
func (f Error) Error() string { return f.Message }
