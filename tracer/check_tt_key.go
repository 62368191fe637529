package tracer

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// tt-key: the engine's key names a position, the whole position and only it.
// The rule relies on the key being a function of the four fields of a FEN
// that make a position the same for the search: the pieces, the side to
// move, the castling rights and the en passant square (this one only when a
// capture en passant is possible: engines that leave it out otherwise, as
// most do, are not wrong). pvscope computes each keyed node's position
// itself, through the checker's PositionGame (the header's FEN and the
// node's path; tracer does not import the board), and keeps two maps: key to
// position and position to key, a compact fingerprint each (the pieces
// hashed to 64 bits, the side, the castling rights, the en passant square:
// 16 bytes, and the node that showed it): memory grows with the distinct keys
// and positions judged. Two different positions with one key: a collision or
// a key that leaves a field out, the fields that differ named. One position
// with two keys: a key that depends on the path (an incremental update that
// misses a field), the field named from what changed on the paths (castling
// rights changed since the root, an en passant square on the way, a null
// move). Judged on the first ttKeyBudget keyed nodes (each costs a position
// walk; Checker.TTKeyBudget sets another number, -1 none), not below a null move's unknown stretch, and each key and position
// reported once.

// ttKeyBudget is how many keyed nodes tt-key judges when the Checker's
// TTKeyBudget is 0: a position costs 13-27 µs (a move generation to find
// the move, a FEN written), so 10,000 cost 0.1-0.3 s, a few per cent of a
// 10M-event check.
const ttKeyBudget = 10_000

// PositionGame is a Game that names the position a line reaches.
type PositionGame interface {
	Game
	// Position is the FEN after line from the root, "" when line cannot be
	// followed. Only its first four fields are read.
	Position(line []string) string
}

// posPrint is a position's fingerprint.
type posPrint struct {
	pieces   uint64
	castling uint8 // K Q k q as bits 0..3
	ep       int8  // the en passant square 0..63, -1 none
	black    bool  // black to move
}

type keySight struct {
	key  uint64
	pos  posPrint
	node int32
	null bool // a null move on its path
}

type ttKeys struct {
	byKey    map[uint64]keySight
	byPos    map[posPrint]keySight
	judged   int
	lastNode int32 // the node judged last: a node's several tt events are judged once
	reported map[uint64]bool
	root     posPrint
	rootSet  bool
}

// ttKey judges the key of the tt event e.
func (c *Checker) ttKey(e *Event) {
	k := &c.ttc.keys
	budget := c.TTKeyBudget
	if budget == 0 {
		budget = ttKeyBudget
	}
	if !e.HasKey || k.lastNode == e.Node || budget < 0 || k.judged >= budget || len(c.open) > maxJudgedPly {
		return
	}
	g, ok := c.Game.(PositionGame)
	if !ok {
		return
	}
	k.lastNode = e.Node
	line := c.lineTo()
	null := false
	for _, m := range line {
		null = null || m == NullMove
	}
	fen := g.Position(line)
	if fen == "" {
		return
	}
	k.judged++
	if !k.rootSet {
		k.root, k.rootSet = fingerprint(g.Position(nil)), true
	}
	p := fingerprint(fen)
	if k.byKey == nil {
		k.byKey, k.byPos, k.reported = make(map[uint64]keySight), make(map[posPrint]keySight), make(map[uint64]bool)
	}
	here := keySight{key: e.Key, pos: p, node: e.Node, null: null}
	if s, ok := k.byKey[e.Key]; !ok {
		k.byKey[e.Key] = here
	} else if s.pos != p && !k.reported[e.Key] {
		k.reported[e.Key] = true
		c.extra(e.Seq, e.Node, "tt-key", msg.New("go-tracer.ttKeyCollision", "node {node} and node {other} have the one key {key} but are different positions, differing in {fields}: a collision or a key that leaves them out",
			"node", e.Node, "other", s.node, "key", keyHex(e.Key), "fields", diffFields(s.pos, p)))
	}
	if s, ok := k.byPos[p]; !ok {
		k.byPos[p] = here
	} else if s.key != e.Key && !k.reported[e.Key] {
		k.reported[e.Key] = true
		c.extra(e.Seq, e.Node, "tt-key", msg.New("go-tracer.ttKeyPath", "node {node} and node {other} are the one position with two keys, {key} and {otherKey}: the key depends on the path, {field}",
			"node", e.Node, "other", s.node, "key", keyHex(e.Key), "otherKey", keyHex(s.key), "field", pathField(k.root, p, s.null != null)))
	}
}

// fingerprint reads a FEN's first four fields; the en passant square counts
// only when a pawn of the side to move could take on it.
func fingerprint(fen string) posPrint {
	f := strings.Fields(fen)
	for len(f) < 4 {
		f = append(f, "-")
	}
	h := fnv.New64a()
	h.Write([]byte(f[0]))
	p := posPrint{pieces: h.Sum64(), black: f[1] == "b", ep: -1}
	for i, r := range "KQkq" {
		if strings.ContainsRune(f[2], r) {
			p.castling |= 1 << i
		}
	}
	if sq := f[3]; len(sq) == 2 && sq[0] >= 'a' && sq[0] <= 'h' && (sq[1] == '3' || sq[1] == '6') && epCapturable(f[0], sq, p.black) {
		p.ep = int8(int(sq[1]-'1')*8 + int(sq[0]-'a'))
	}
	return p
}

// epCapturable: a pawn of the side to move stands beside the pawn that
// passed sq.
func epCapturable(board, sq string, black bool) bool {
	var rows [8]string
	for i, r := range strings.SplitN(board, "/", 8) {
		var b strings.Builder
		for _, ch := range r {
			if ch >= '1' && ch <= '8' {
				b.WriteString(strings.Repeat(".", int(ch-'0')))
			} else {
				b.WriteRune(ch)
			}
		}
		rows[i] = b.String()
	}
	rank := 4 // the pawn that passed stands on rank 5 (row 3) when White may take, rank 4 (row 4) when Black may
	pawn := byte('P')
	if black {
		rank, pawn = 4, 'p'
	} else {
		rank = 3
	}
	row := rows[rank]
	file := int(sq[0] - 'a')
	for _, f := range []int{file - 1, file + 1} {
		if f >= 0 && f < len(row) && row[f] == pawn {
			return true
		}
	}
	return false
}

func castlingName(c uint8) string {
	s := ""
	for i, r := range "KQkq" {
		if c&(1<<i) != 0 {
			s += string(r)
		}
	}
	if s == "" {
		return "-"
	}
	return s
}

func squareName(sq int8) string {
	if sq < 0 {
		return "-"
	}
	return fmt.Sprintf("%c%c", 'a'+sq%8, '1'+sq/8)
}

// diffFields names the fields two positions differ in.
func diffFields(a, b posPrint) string {
	var out []string
	if a.pieces != b.pieces {
		out = append(out, "pieces")
	}
	if a.black != b.black {
		out = append(out, "side to move")
	}
	if a.castling != b.castling {
		out = append(out, fmt.Sprintf("castling rights (%s, %s)", castlingName(a.castling), castlingName(b.castling)))
	}
	if a.ep != b.ep {
		out = append(out, fmt.Sprintf("en passant square (%s, %s)", squareName(a.ep), squareName(b.ep)))
	}
	return strings.Join(out, ", ")
}

// pathField names what may have changed the key on one path and not the
// other: a null move on one path only (the side to move), castling rights
// lost since the root, an en passant square.
func pathField(root, p posPrint, nullDiffers bool) string {
	switch {
	case nullDiffers:
		return "side to move (a null move on one path only)"
	case root.castling != p.castling:
		return fmt.Sprintf("castling rights (%s at the root, %s here)", castlingName(root.castling), castlingName(p.castling))
	case p.ep >= 0:
		return "en passant square (" + squareName(p.ep) + ")"
	}
	return "no field of the position (pieces, side, castling rights and en passant agree)"
}
