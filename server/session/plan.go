package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/engine/games"
	"github.com/pvscope/pvscope/tracer/msg"
)

// Limits are the server's limits a search session keeps (server.Limits has
// them and more): the worker of the static site keeps the same.
type Limits struct {
	MaxDepth    int
	MaxNodes    int64
	MaxSearches int
	MaxMemory   int64
	// Page: the limits are the static site's worker's, whose sentences name
	// the page (there is no server to name, and no -max-memory to raise).
	Page bool
}

// What things cost, in bytes. A recorded event is a 48-byte record plus its
// share of the move and PV tables; a table entry is 16 bytes; a tree node is
// 16 bytes kept and up to 128 while it is generated (the nested shape, the
// children's pointers, the breadth-first queue; measured on b=31,d=4).
const (
	EventBytes     = 56
	ChargeEvery    = 4096 // events recorded between charges
	TableBytes     = 16
	TreeNodeBytes  = 16
	TreeBuildBytes = 128
	// PVHashBytes is the PV hash table: 2,048 lines of a few moves.
	PVHashBytes = 2048 * 160
)

// Plan is a start Command checked and ready to build: everything a page can
// get wrong is found here, before the search takes a slot or any memory.
type Plan struct {
	ID     int64
	Setup  engine.Setup
	Pos    engine.Position // nil for a random tree, built once the search has its slot
	Spec   engine.TreeSpec
	Nodes  int64 // a tree's nodes (an upper bound for a typed one)
	Opt    engine.Options
	Random bool
	Notes  []*msg.Error // what the server chose for the user, said in notices after started
}

// Check reads a start Command, or says which field is wrong.
func Check(c Command, lim *Limits) (*Plan, error) {
	p := &Plan{ID: c.ID, Setup: engine.Setup{FEN: strings.TrimSpace(c.Setup.FEN), Tree: strings.TrimSpace(c.Setup.Tree),
		Random: strings.TrimSpace(c.Setup.Random), Game: strings.ToLower(strings.TrimSpace(c.Setup.Game)),
		Position: strings.TrimSpace(c.Setup.Position)}}
	if p.Setup.Game == "chess" {
		p.Setup.Game = ""
	}
	if err := checkGameFields(p.Setup); err != nil {
		return nil, err
	}
	var err error
	if p.Setup.Random != "" && p.Setup.FEN == "" && p.Setup.Tree == "" {
		// A random tree is generated only once the search has its slot; the
		// options are checked on a tree of the same height, a single line.
		p.Random = true
		if p.Spec, err = engine.ParseTreeSpec(p.Setup.Random); err != nil {
			return nil, &FieldError{"random", err}
		}
		if p.Nodes = TreeNodes(p.Spec); p.Nodes > lim.MaxNodes {
			if lim.Page {
				return nil, &FieldError{"random", msg.New("go-server.randomTooBigPage", "the random tree b={b},d={d} has {nodes} nodes, more than this page builds (its node limit, {limit})",
					"b", p.Spec.B, "d", p.Spec.D, "nodes", p.Nodes, "limit", lim.MaxNodes)}
			}
			return nil, &FieldError{"random", msg.New("go-server.randomTooBig", "the random tree b={b},d={d} has {nodes} nodes, more than this server builds (its node limit, {limit})",
				"b", p.Spec.B, "d", p.Spec.D, "nodes", p.Nodes, "limit", lim.MaxNodes)}
		}
		line, _ := engine.Generate(engine.TreeSpec{B: 1, D: p.Spec.D})
		p.Opt = engine.TreeDefaults(line)
	} else {
		if p.Pos, p.Opt, err = p.Setup.Load(); err != nil {
			return nil, &FieldError{setupField(p.Setup), err}
		}
		p.Nodes = int64(len(p.Setup.Tree)/2 + 1) // a typed tree has at most a node per two characters
	}
	// Apply options in the table's order, so that a message's key order never matters.
	known := map[string]bool{}
	for _, o := range engine.OptionNames {
		known[o.Name] = true
		if v, ok := c.Options[o.Name]; ok && v != "" {
			if err := p.Opt.Set(o.Name, v); err != nil {
				return nil, &FieldError{o.Name, err}
			}
		}
	}
	var unknown []string
	for name := range c.Options {
		if !known[name] {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, &FieldError{unknown[0], msg.New("go-server.unknownOption", "unknown option \"{name}\"", "name", Quoted(unknown[0]))}
	}
	opt := &p.Opt
	if opt.Depth > lim.MaxDepth && lim.Page {
		return nil, &FieldError{"depth", msg.New("go-server.depthLimitPage", "depth {depth} is more than this page allows ({limit})", "depth", opt.Depth, "limit", lim.MaxDepth)}
	}
	if opt.Depth > lim.MaxDepth {
		return nil, &FieldError{"depth", msg.New("go-server.depthLimit", "depth {depth} is more than this server allows ({limit})", "depth", opt.Depth, "limit", lim.MaxDepth)}
	}
	if opt.MaxNodes < 0 && lim.Page {
		return nil, &FieldError{"max-nodes", msg.New("go-server.maxNodesNegativePage", "max-nodes {n} is negative: give a node count, or 0 for this page's limit", "n", opt.MaxNodes)}
	}
	if opt.MaxNodes < 0 {
		return nil, &FieldError{"max-nodes", msg.New("go-server.maxNodesNegative", "max-nodes {n} is negative: give a node count, or 0 for this server's limit", "n", opt.MaxNodes)}
	}
	if opt.MaxNodes == 0 || opt.MaxNodes > lim.MaxNodes {
		opt.MaxNodes = lim.MaxNodes
	}
	if err := opt.Validate(); err != nil {
		return nil, &FieldError{ValidationField(err), err}
	}
	// Each search has a share of the memory budget (-max-memory over
	// -max-searches): its table may take half of it, the rest being for its
	// recording, and a generated tree all of it while it is built. A table
	// the user did not size is sized to fit; one the user asked for is not
	// made smaller behind their back, but refused.
	share, most := Share(lim)
	if opt.TT && TableSize(opt.TTSize) > share/2 {
		if c.Options["tt-size"] != "" {
			return nil, &FieldError{"tt-size", msg.New("go-server.ttSizeTooBig", "tt-size {n} needs {size}, more than one search may have here: at most {most} entries ({mostSize})",
				"n", opt.TTSize, "size", MB(TableSize(opt.TTSize)), "most", most, "mostSize", MB(int64(most)*TableBytes))}
		}
		p.Notes = append(p.Notes, ttSized(lim, most, opt.TTSize, share))
		opt.TTSize = most
	}
	if need := p.Nodes * TreeBuildBytes; p.Random && need > share {
		return nil, &FieldError{"random", msg.New("go-server.randomNeedsMemory", "the random tree b={b},d={d} ({nodes} nodes) needs {size} to build, more than one search may have here ({share})",
			"b", p.Spec.B, "d", p.Spec.D, "nodes", p.Nodes, "size", MB(need), "share", MB(share))}
	}
	return p, nil
}

// TreeNodes counts a uniform tree's nodes, stopping once past any limit.
func TreeNodes(s engine.TreeSpec) int64 {
	nodes, level := int64(1), int64(1)
	for range s.D {
		level *= int64(s.B)
		nodes += level
		if nodes > engine.MaxTreeNodes {
			return nodes
		}
	}
	return nodes
}

// TableSize is the bytes of a transposition table of n entries (rounded down
// to a power of two, as the engine does).
func TableSize(n int) int64 {
	p := int64(1)
	for p*2 <= int64(n) {
		p *= 2
	}
	return p * TableBytes
}

// FieldError is a bad start Command, with the form field to blame.
type FieldError struct {
	field string
	err   error
}

func (e *FieldError) Error() string { return e.err.Error() }

// FieldOf is the field an error from Check blames, "" when none.
func FieldOf(err error) string {
	var fe *FieldError
	if errors.As(err, &fe) {
		return fe.field
	}
	return ""
}

// NewFieldError blames field for err.
func NewFieldError(field string, err error) *FieldError { return &FieldError{field, err} }

// Unwrap lets msg.Keyed find the sentence's key (frames.go).
func (e *FieldError) Unwrap() error { return e.err }

func setupField(s engine.Setup) string {
	switch {
	case s.Game != "" && s.FEN == "" && s.Tree == "" && s.Random == "":
		if _, err := games.Lookup(s.Game); err != nil {
			return "game"
		}
		return "position"
	case s.Tree != "" && s.FEN == "" && s.Random == "":
		return "tree"
	case s.Random != "" && s.FEN == "" && s.Tree == "":
		return "random"
	case s.FEN != "" && s.Tree == "" && s.Random == "":
		return "fen"
	}
	return ""
}

func IsOption(name string) bool {
	for _, o := range engine.OptionNames {
		if o.Name == name {
			return true
		}
	}
	return false
}

// ValidationField names the option a failed engine.Options.Validate is about:
// its messages open with the option's name ("tt-size 0 is out of range",
// "aspiration windows need ...").
func ValidationField(err error) string {
	first, _, _ := strings.Cut(err.Error(), " ")
	if IsOption(first) {
		return first
	}
	if rest, ok := strings.CutPrefix(err.Error(), "unknown "); ok {
		if name, _, _ := strings.Cut(rest, " "); IsOption(name) {
			return name
		}
		if strings.HasPrefix(rest, "algorithm") {
			return "algo"
		}
	}
	return ""
}

// MB writes a byte count for people: in GB when whole, in KB below a
// megabyte, else in MB rounded up.
func MB(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GB", n>>30)
	case n < 1<<20:
		return fmt.Sprintf("%d KB", (n+(1<<10)-1)>>10)
	}
	return fmt.Sprintf("%d MB", (n+(1<<20)-1)>>20)
}

// Share is what one search may have of the memory budget: the budget
// over the searches that run at once. Its table may take half of that: most
// is the largest table it allows, in entries (a power of two, at least 1).
func Share(lim *Limits) (share int64, most int) {
	share = lim.MaxMemory / int64(max(lim.MaxSearches, 1))
	most = 1
	for int64(most*2)*TableBytes <= share/2 {
		most *= 2
	}
	return share, most
}

// ttSized notes a table the user left unset made smaller than the default
// (def entries) to fit half the search's share: most entries.
func ttSized(lim *Limits, most, def int, share int64) *msg.Error {
	if lim.Page {
		return msg.New("go-server.ttSizedPage", "This search's transposition table has {n} entries ({size}), fewer than the default {default}: the page gives a search {share} of memory, and a table may take half of it.",
			"n", most, "size", MB(int64(most)*TableBytes), "default", def, "share", MB(share))
	}
	return msg.New("go-server.ttSized", "This search's transposition table has {n} entries ({size}), fewer than the default {default}: the server shares its memory (-max-memory, {memory}) among {searches} {searchWord}, and a table may take half a search's share.",
		"n", most, "size", MB(int64(most)*TableBytes), "default", def, "memory", MB(lim.MaxMemory),
		"searches", lim.MaxSearches, "searchWord", map[bool]string{true: "search", false: "searches"}[lim.MaxSearches == 1])
}

// MaxTreeJSON keeps the tree out of the started frame when it is too big to
// draw its pruned branches anyway; MaxTreeJSONNodes keeps a tree that big
// from being written out at all (a leaf is at most six characters).
const (
	MaxTreeJSON      = 256 << 10
	MaxTreeJSONNodes = MaxTreeJSON / 6
)

// TreeJSON writes a tree's parenthesised text as nested JSON arrays:
// "((3 12) (2 4))" becomes [[3,12],[2,4]].
func TreeJSON(t *engine.Tree) RawJSON {
	text := t.String()
	if len(text) > MaxTreeJSON {
		return nil
	}
	out := []byte(strings.NewReplacer("(", "[", ")", "]", " ", ",").Replace(text))
	if !json.Valid(out) {
		return nil
	}
	return out
}

// MinimalLeaves is Knuth and Moore's count of the leaves any alpha-beta search
// of a uniform tree must read: b^ceil(d/2) + b^floor(d/2) - 1.
func MinimalLeaves(random string, depth int) int64 {
	spec, err := engine.ParseTreeSpec(random)
	if err != nil {
		return 0
	}
	d := min(depth, spec.D)
	pow := func(e int) int64 {
		p := int64(1)
		for range e {
			p *= int64(spec.B)
		}
		return p
	}
	return pow((d+1)/2) + pow(d/2) - 1
}

// Started is the frame that opens the plan's search of pos (the position
// built from it), and the notices that follow it: what was chosen for the user.
func (p *Plan) Started(pos engine.Position) (st Started, notices []Notice) {
	st = Started{Type: "started", ID: p.ID, Kind: "chess", Options: p.Opt.Describe()}
	for _, n := range p.Notes {
		notices = append(notices, NoticeOf(p.ID, n))
	}
	switch pos := pos.(type) {
	case *engine.ChessPosition:
		st.FEN = pos.FEN()
	case *engine.GamePosition:
		b := pos.Board()
		st.Kind, st.Game, st.Position, st.Cells, st.Side = "game", b.Game().Name, b.String(), b.Cells(), b.Side()
		st.Rows, st.Cols = b.Game().Rows, b.Game().Cols
	case *engine.TreePosition:
		st.Kind = "tree"
		if p.Nodes <= MaxTreeJSONNodes {
			st.Tree = TreeJSON(pos.Tree())
		}
		if p.Random {
			st.MinimalLeaves = MinimalLeaves(p.Setup.Random, p.Opt.Depth)
		}
	}
	return st, notices
}
