package tracer

import (
	"math"
	"strings"
)

// The table's links: each tt-hit that carries a key read the entry written by
// the last tt-store of that key before it (docs/trace-format.md, "Table keys
// and mate scores"). The checker keeps, per distinct key, the last store's
// record (ttEntry, 32 bytes, about 60-100 with its map slot): its memory grows with
// the distinct keys, not with the events. The table rules (check_tt_*.go)
// judge a hit against its store, a store against its node's outcome.

// TTLink is a hit and the store it read.
type TTLink struct {
	HitSeq    int64    `json:"hitSeq"`
	HitNode   int32    `json:"hitNode"`
	HitPath   []string `json:"hitPath"`
	Key       string   `json:"key"`
	StoreSeq  int64    `json:"storeSeq"`
	StoreNode int32    `json:"storeNode"`
	StorePath []string `json:"storePath"`
	StorePly  int16    `json:"storePly"`
	HitPly    int16    `json:"hitPly"`
	Depth     int16    `json:"depth"`
	Bound     string   `json:"bound"`
	Score     int32    `json:"score"`
	Steps     int64    `json:"steps"` // events from the store to the hit (1: the next event)
}

// ttEntry is what the checker keeps of a key's last store.
type ttEntry struct {
	seq        int64 // the store's
	node       int32
	score, raw int32
	ply, depth int16
	bound      Bound
	hasRaw     bool
	draw       int32 // the node that ended in a repetition or fifty-move draw its score came from, 0 if none
}

// ttState is what the table rules keep.
type ttState struct {
	entries map[uint64]ttEntry
	// paths: the path of a key's last store, space-separated, kept while
	// links are reported with paths and for a draw's store (tt-draw).
	paths map[uint64]string
	links int64 // links reported with paths
	mate  string
	// pending: an open node's last store, judged by tt-bound at its exit.
	pending map[int32]ttEntry
	sum     TTSummary
	moves   int // tt-move judgements made
	keys    ttKeys
	// draws: an open node's child whose value came from a repetition or
	// fifty-move draw (check_tt_draw.go).
	draws map[int32]drawFrom
}

// MaxTTLinkPaths is how many links OnTTLink receives with their paths (the
// ones after it still come, without paths): a path per store costs a string.
const MaxTTLinkPaths = 10000

// ttPly is node's ply, from its enter, held at 32,767: the table's mate
// distances are int16 plies, and no mate score reaches that far.
func (c *Checker) ttPly(node int32) int16 { return int16(min(c.nodes[node].ply, math.MaxInt16)) }

// ttStore records a store and judges what it can at once (tt-move).
func (c *Checker) ttStore(e *Event) {
	c.ttCount(e)
	en := ttEntry{seq: e.Seq, node: e.Node, score: e.Score, raw: e.Raw, hasRaw: e.HasRaw,
		ply: c.ttPly(e.Node), depth: e.Depth, bound: e.Bound}
	en.draw = c.drawOf(e)
	c.ttMove(e)
	c.ttKey(e)
	if c.ttc.pending == nil {
		c.ttc.pending = make(map[int32]ttEntry)
	}
	c.ttc.pending[e.Node] = en
	if !e.HasKey {
		return
	}
	if c.OnTTLink != nil && c.ttc.links < MaxTTLinkPaths || en.draw != 0 {
		if c.ttc.paths == nil {
			c.ttc.paths = make(map[uint64]string)
		}
		c.ttc.paths[e.Key] = strings.Join(c.lineTo(), " ")
	} else if len(c.ttc.paths) > 0 {
		delete(c.ttc.paths, e.Key)
	}
	if c.ttc.entries == nil {
		c.ttc.entries = make(map[uint64]ttEntry)
	}
	c.ttc.entries[e.Key] = en
}

// ttLinked is the store the keyed hit e read, if the trace wrote it.
func (c *Checker) ttLinked(e *Event) (ttEntry, bool) {
	if !e.HasKey {
		return ttEntry{}, false
	}
	en, ok := c.ttc.entries[e.Key]
	return en, ok
}

// ttHitLinked judges the hit e against its store and reports the link.
func (c *Checker) ttHitLinked(e *Event) (ttEntry, bool) {
	c.ttCount(e)
	c.ttMove(e)
	c.ttKey(e)
	en, ok := c.ttLinked(e)
	if !ok {
		return en, false
	}
	ply := c.ttPly(e.Node)
	c.ttMatePly(e, &en, ply)
	c.ttDraw(e, &en, c.ttc.paths[e.Key])
	if c.OnTTLink != nil {
		l := TTLink{HitSeq: e.Seq, HitNode: e.Node, Key: keyHex(e.Key), StoreSeq: en.seq, StoreNode: en.node,
			StorePly: en.ply, HitPly: ply, Depth: en.depth, Bound: en.bound.String(), Score: en.score,
			Steps: e.Seq - en.seq, HitPath: []string{}, StorePath: []string{}}
		if c.ttc.links < MaxTTLinkPaths {
			c.ttc.links++
			l.HitPath = c.lineTo()
			if l.HitPath == nil {
				l.HitPath = []string{}
			}
			if p := c.ttc.paths[e.Key]; p != "" {
				l.StorePath = strings.Fields(p)
			}
		}
		c.OnTTLink(l)
	}
	return en, true
}

func keyHex(k uint64) string {
	const hex = "0123456789abcdef"
	var b [16]byte
	i := len(b)
	for {
		i--
		b[i] = hex[k&15]
		k >>= 4
		if k == 0 {
			return string(b[i:])
		}
	}
}

// ttExited judges the stores of the node e exits (tt-bound) and forgets
// them, and passes a draw's origin up to its parent (tt-draw).
func (c *Checker) ttExited(e *Event) {
	c.drawExited(e)
	if len(c.ttc.pending) == 0 {
		return
	}
	en, ok := c.ttc.pending[e.Node]
	if !ok {
		return
	}
	delete(c.ttc.pending, e.Node)
	if n, ok := c.nodes[e.Node]; ok {
		c.ttBound(e, &n, &en)
	}
}
