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
// move, the castling rights and the en passant square. Engines differ on the
// last one, and none of them is wrong: the square after every double push
// (the FEN's own convention: bbc, CounterGo, VICE, TSCP, sunfish), only when
// a pawn stands beside it, or only when the capture is legal (pvscope's own
// engine: a pinned pawn cannot take). So each keyed node has two
// fingerprints: full, with the square after every double push, and legal,
// with it only when a legal capture en passant exists. Every convention's
// key is a function of full and tells apart what legal tells apart. Two
// positions with one key that differ in legal: a collision or a key that
// leaves a field out, the fields that differ named. One full position with
// two keys: a key that depends on the path (an incremental update that
// misses a field); no field differs. Two keys for positions that differ only
// in an en passant square nobody can take are the FEN's convention, and one
// key for them is the others': neither is reported.
//
// pvscope computes each keyed node's position itself, through the checker's
// PositionGame (the header's FEN and the node's path; tracer does not import
// the board), and keeps two maps: key to sighting and full fingerprint to
// sighting, a compact fingerprint each (the pieces hashed to 64 bits, the
// side, the castling rights, the en passant square, whether it can be taken:
// 32 bytes with the key and the node that showed it): memory grows with the
// distinct keys and positions judged. Judged on the first ttKeyBudget keyed
// nodes (each costs a position walk; Checker.TTKeyBudget sets another
// number, -1 none), not below a null move's unknown stretch, and each key
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
	// followed, its en passant square the FEN's own: set after every double
	// push, whether or not a pawn can take. epCapture reports whether the
	// side to move has a legal capture en passant there (a pinned pawn, or
	// one whose capture leaves its king in check, has none). Only the FEN's
	// first four fields are read.
	Position(line []string) (fen string, epCapture bool)
}

// posPrint is a position's fingerprint.
type posPrint struct {
	pieces   uint64
	castling uint8 // K Q k q as bits 0..3
	ep       int8  // the en passant square 0..63, -1 none
	black    bool  // black to move
}

// keySight is a keyed node's key and position: pos is the full
// fingerprint (the en passant square after every double push), epCapture
// whether a legal capture en passant exists there.
type keySight struct {
	key       uint64
	pos       posPrint
	node      int32
	epCapture bool
}

// legal is the sighting's legal fingerprint: the en passant square only
// when it can be taken.
func (s keySight) legal() posPrint {
	p := s.pos
	if !s.epCapture {
		p.ep = -1
	}
	return p
}

type ttKeys struct {
	byKey    map[uint64]keySight   // judged on the legal fingerprint
	byPos    map[posPrint]keySight // by the full fingerprint
	judged   int
	lastNode int32 // the node judged last: a node's several tt events are judged once
	reported map[uint64]bool
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
	fen, epCapture := g.Position(c.lineTo())
	if fen == "" {
		return
	}
	k.judged++
	if k.byKey == nil {
		k.byKey, k.byPos, k.reported = make(map[uint64]keySight), make(map[posPrint]keySight), make(map[uint64]bool)
	}
	here := keySight{key: e.Key, pos: fingerprint(fen), node: e.Node, epCapture: epCapture}
	if s, ok := k.byKey[e.Key]; !ok {
		k.byKey[e.Key] = here
	} else if s.legal() != here.legal() && !k.reported[e.Key] {
		k.reported[e.Key] = true
		c.extra(e.Seq, e.Node, "tt-key", msg.New("go-tracer.ttKeyCollision", "node {node} and node {other} have the one key {key} but are different positions, differing in {fields}: a collision or a key that leaves them out",
			"node", e.Node, "other", s.node, "key", keyHex(e.Key), "fields", diffFields(s.legal(), here.legal())))
	}
	if s, ok := k.byPos[here.pos]; !ok {
		k.byPos[here.pos] = here
	} else if s.key != e.Key && !k.reported[e.Key] {
		k.reported[e.Key] = true
		c.extra(e.Seq, e.Node, "tt-key", msg.New("go-tracer.ttKeyPath", "node {node} and node {other} are the one position with two keys, {key} and {otherKey}: their pieces, side to move, castling rights and en passant square ({square}) agree, so the key depends on the path",
			"node", e.Node, "other", s.node, "key", keyHex(e.Key), "otherKey", keyHex(s.key), "square", squareName(here.pos.ep)))
	}
}

// fingerprint reads a FEN's first four fields, the en passant square as
// the FEN gives it.
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
	if sq := f[3]; len(sq) == 2 && sq[0] >= 'a' && sq[0] <= 'h' && (sq[1] == '3' || sq[1] == '6') {
		p.ep = int8(int(sq[1]-'1')*8 + int(sq[0]-'a'))
	}
	return p
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
