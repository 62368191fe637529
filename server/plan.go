package server

import (
	"sort"
	"strings"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer"
	"github.com/pvscope/pvscope/tracer/msg"
)

// plan is a start command checked and ready to build: everything a page can
// get wrong is found here, before the search takes a slot or any memory.
type plan struct {
	id     int64
	setup  engine.Setup
	pos    engine.Position // nil for a random tree, built once the search has its slot
	spec   engine.TreeSpec
	nodes  int64 // a tree's nodes (an upper bound for a typed one)
	opt    engine.Options
	random bool
	notes  []*msg.Error // what the server chose for the user, said in notices after started
}

// check reads a start command, or says which field is wrong.
func check(c command, lim *Limits) (*plan, error) {
	p := &plan{id: c.ID, setup: engine.Setup{FEN: strings.TrimSpace(c.Setup.FEN), Tree: strings.TrimSpace(c.Setup.Tree),
		Random: strings.TrimSpace(c.Setup.Random)}}
	var err error
	if p.setup.Random != "" && p.setup.FEN == "" && p.setup.Tree == "" {
		// A random tree is generated only once the search has its slot; the
		// options are checked on a tree of the same height, a single line.
		p.random = true
		if p.spec, err = engine.ParseTreeSpec(p.setup.Random); err != nil {
			return nil, &fieldError{"random", err}
		}
		if p.nodes = treeNodes(p.spec); p.nodes > lim.MaxNodes {
			return nil, &fieldError{"random", msg.New("go-server.randomTooBig", "the random tree b={b},d={d} has {nodes} nodes, more than this server builds (its node limit, {limit})",
				"b", p.spec.B, "d", p.spec.D, "nodes", p.nodes, "limit", lim.MaxNodes)}
		}
		line, _ := engine.Generate(engine.TreeSpec{B: 1, D: p.spec.D})
		p.opt = engine.TreeDefaults(line)
	} else {
		if p.pos, p.opt, err = p.setup.Load(); err != nil {
			return nil, &fieldError{setupField(p.setup), err}
		}
		p.nodes = int64(len(p.setup.Tree)/2 + 1) // a typed tree has at most a node per two characters
	}
	// Apply options in the table's order, so that a message's key order never matters.
	known := map[string]bool{}
	for _, o := range engine.OptionNames {
		known[o.Name] = true
		if v, ok := c.Options[o.Name]; ok && v != "" {
			if err := p.opt.Set(o.Name, v); err != nil {
				return nil, &fieldError{o.Name, err}
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
		return nil, &fieldError{unknown[0], msg.New("go-server.unknownOption", "unknown option \"{name}\"", "name", quoted(unknown[0]))}
	}
	opt := &p.opt
	if opt.Depth > lim.MaxDepth {
		return nil, &fieldError{"depth", msg.New("go-server.depthLimit", "depth {depth} is more than this server allows ({limit})", "depth", opt.Depth, "limit", lim.MaxDepth)}
	}
	if opt.MaxNodes < 0 {
		return nil, &fieldError{"max-nodes", msg.New("go-server.maxNodesNegative", "max-nodes {n} is negative: give a node count, or 0 for this server's limit", "n", opt.MaxNodes)}
	}
	if opt.MaxNodes == 0 || opt.MaxNodes > lim.MaxNodes {
		opt.MaxNodes = lim.MaxNodes
	}
	if err := opt.Validate(); err != nil {
		return nil, &fieldError{validationField(err), err}
	}
	// Each search has a share of the memory budget (-max-memory over
	// -max-searches): its table may take half of it, the rest being for its
	// recording, and a generated tree all of it while it is built. A table
	// the user did not size is sized to fit; one the user asked for is not
	// made smaller behind their back, but refused.
	share, most := searchShare(lim)
	if opt.TT && tableSize(opt.TTSize) > share/2 {
		if c.Options["tt-size"] != "" {
			return nil, &fieldError{"tt-size", msg.New("go-server.ttSizeTooBig", "tt-size {n} needs {size}, more than one search may have here: at most {most} entries ({mostSize})",
				"n", opt.TTSize, "size", mb(tableSize(opt.TTSize)), "most", most, "mostSize", mb(int64(most)*tableBytes))}
		}
		p.notes = append(p.notes, msg.New("go-server.ttSized", "This search's transposition table has {n} entries ({size}), fewer than the default {default}: the server shares its memory (-max-memory, {memory}) among {searches} {searchWord}, and a table may take half a search's share.",
			"n", most, "size", mb(int64(most)*tableBytes), "default", opt.TTSize, "memory", mb(lim.MaxMemory),
			"searches", lim.MaxSearches, "searchWord", map[bool]string{true: "search", false: "searches"}[lim.MaxSearches == 1]))
		opt.TTSize = most
	}
	if need := p.nodes * treeBuildBytes; p.random && need > share {
		return nil, &fieldError{"random", msg.New("go-server.randomNeedsMemory", "the random tree b={b},d={d} ({nodes} nodes) needs {size} to build, more than one search may have here ({share})",
			"b", p.spec.B, "d", p.spec.D, "nodes", p.nodes, "size", mb(need), "share", mb(share))}
	}
	return p, nil
}

// treeNodes counts a uniform tree's nodes, stopping once past any limit.
func treeNodes(s engine.TreeSpec) int64 {
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

// tableSize is the bytes of a transposition table of n entries (rounded down
// to a power of two, as the engine does).
func tableSize(n int) int64 {
	p := int64(1)
	for p*2 <= int64(n) {
		p *= 2
	}
	return p * tableBytes
}

// build makes the run a plan describes, charging the budget for its table
// and tree first: called once the search holds its slot.
func (p *plan) build(b *budget, lim *Limits) (*run, error) {
	r := &run{id: p.id, opt: p.opt, rec: tracer.NewRecording(), budget: b, lim: *lim, returned: make(chan struct{})}
	full := func(m *msg.Error) error {
		b.forget(r)
		return m
	}
	memory := mb(b.max)
	cost := int64(pvHashBytes)
	if p.opt.TT {
		cost += tableSize(p.opt.TTSize)
	}
	if !b.charge(r, cost) {
		return nil, full(msg.New("go-server.budgetFullTable",
			"the server's memory budget (-max-memory, {memory}) has no room for this search's table now; try again when a search has finished",
			"memory", memory))
	}
	r.tableCharge = cost
	r.pos = p.pos
	if p.random {
		if !b.charge(r, p.nodes*treeBuildBytes) {
			return nil, full(msg.New("go-server.budgetFullRandom",
				"the server's memory budget (-max-memory, {memory}) has no room for this random tree now; try again when a search has finished",
				"memory", memory))
		}
		t, err := engine.Generate(p.spec)
		if err != nil {
			b.forget(r)
			return nil, &fieldError{"random", err}
		}
		b.refund(r, p.nodes*(treeBuildBytes-treeNodeBytes))
		r.pos = engine.NewTreePosition(t)
	} else if p.setup.Tree != "" && !b.charge(r, p.nodes*treeNodeBytes) {
		return nil, full(msg.New("go-server.budgetFullTree",
			"the server's memory budget (-max-memory, {memory}) has no room for this tree now; try again when a search has finished",
			"memory", memory))
	}
	r.started = startedFrame{Type: "started", ID: p.id, Kind: "chess", Options: p.opt.Describe()}
	for _, n := range p.notes {
		r.notices = append(r.notices, notice(p.id, n))
	}
	switch pos := r.pos.(type) {
	case *engine.ChessPosition:
		r.started.FEN = pos.FEN()
	case *engine.TreePosition:
		r.started.Kind = "tree"
		if p.nodes <= maxTreeJSONNodes {
			r.started.Tree = treeJSON(pos.Tree())
		}
		if p.random {
			r.started.MinimalLeaves = minimalLeaves(p.setup.Random, p.opt.Depth)
		}
	}
	return r, nil
}
