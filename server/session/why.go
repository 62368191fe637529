package session

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// "Why not …?" (issue 42): the page asks the fate of every legal move at a
// node of the search it has open (a live search or an opened trace), and the
// session answers from the recording with tracer.Why, as pvscope why does.

// Bounds on a why command, as on pvscope why's arguments.
const (
	WhyMaxMove = 64   // bytes in a move
	WhyMaxPath = 1024 // moves in a path
)

// WhyCommand is {"type":"why","id":N,"path":[moves from the root],"view":"root"|"negamax"}.
type WhyCommand struct {
	ID   int64    `json:"id"`
	Path []string `json:"path"`
	View string   `json:"view"`
}

// WhyFrame answers a why command: one answer per legal move at the node
// (tracer.WhyAnswer, its sentences in English; key and args on each
// iteration say it in the page's language).
type WhyFrame struct {
	Type    string              `json:"type"`
	ID      int64               `json:"id"`
	Path    []string            `json:"path"`
	Answers []*tracer.WhyAnswer `json:"answers"`
}

// ParseWhy reads a why command within its bounds; the error is a sentence.
func ParseWhy(raw []byte) (WhyCommand, *msg.Error) {
	var c WhyCommand
	if err := json.Unmarshal(raw, &c); err != nil {
		return c, msg.New("go-server.whyNotCommand", "the why command is not a JSON object with the node's path (a list of moves): {reason}", "reason", err)
	}
	if len(c.Path) > WhyMaxPath {
		return c, msg.New("go-server.whyPathTooLong", "the node's path has {moves} moves; at most {limit}", "moves", len(c.Path), "limit", WhyMaxPath)
	}
	for _, m := range c.Path {
		if len(m) > WhyMaxMove || strings.TrimSpace(m) != m || m == "" {
			return c, msg.New("go-server.whyBadMove", "the path's move {move} is not a move (at most {limit} characters, no spaces)", "move", Quoted(m), "limit", WhyMaxMove)
		}
	}
	return c, nil
}

// WhyHeader is the header a why needs from what opened the search: its
// position (a chess FEN or a tree) and its score scale.
func WhyHeader(st Started) tracer.Header {
	meta := map[string]string{}
	if st.FEN != "" {
		meta["fen"] = st.FEN
	}
	if st.Kind == "tree" && len(st.Tree) > 0 {
		r := strings.NewReplacer("[", "(", "]", ")", ",", " ")
		meta["tree"] = r.Replace(string(st.Tree))
	}
	if s := st.Scores; s != nil {
		meta["infinity"], meta["mate"], meta["mateBand"] = strconv.Itoa(int(s.Infinity)), strconv.Itoa(int(s.Mate)), strconv.Itoa(int(s.MateBand))
	}
	return tracer.Header{Meta: meta}
}

// AnswerWhy walks the first n events of rec for c and says the fate of every
// move at the node.
func AnswerWhy(c WhyCommand, h tracer.Header, rec *tracer.Recording, n int) WhyFrame {
	w := tracer.NewWhy(h, tracer.WhyQuery{Path: c.Path, RootView: c.View == "root"})
	w.RootView = c.View == "root"
	for i := range n {
		w.Emit(rec.At(i))
	}
	var moves tracer.MoveLister
	if walker, err := engine.NewMoveWalker(h.Meta); err == nil && walker != nil {
		moves = walker
	}
	path := c.Path
	if path == nil {
		path = []string{}
	}
	return WhyFrame{Type: "why", ID: c.ID, Path: path, Answers: w.AnswerAll(moves)}
}
