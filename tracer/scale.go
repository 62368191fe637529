package tracer

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Scale is how an engine writes its scores: its infinity (the bound of every
// window, never a score) and its mate value. A mate delivered at ply p from the
// root (the mated side's position is p plies deep) scores Mate-p for the winner
// and -(Mate-p) for the loser; any score within MateBand of Mate is a mate.
type Scale struct {
	Infinity int32
	Mate     int32
	MateBand int32
}

// DefaultScale is pvscope's own: infinity 32000, mate 30000, a band of 256 plies.
var DefaultScale = Scale{Infinity: 32000, Mate: 30000, MateBand: 256}

// ScaleOf reads a header's meta: "infinity", "mate" and "mateBand" (numbers,
// written as JSON numbers or strings; an empty value is not given), each
// defaulting to DefaultScale's. An engine that gives no infinity gets
// DefaultScale's or just above its mate, whichever is higher. A key whose
// value is not a positive whole number, a band wider than the mate value, or
// an infinity below the mate is ignored, as if not given (a band that is
// still wider becomes the mate value), and named in the error: a warning for
// the reader to show, since the scale returned is usable either way. The error
// names one key in a sentence of the page's catalogs (msg.Error); several keys
// together, a rare header, are named in English.
func ScaleOf(meta map[string]string) (Scale, error) {
	s := DefaultScale
	var ignored []string
	var one *msg.Error // the sentence that says it, when one key is ignored
	get := func(key string, dst *int32) bool {
		v := meta[key]
		if v == "" {
			return false
		}
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil || n <= 0 {
			ignored = append(ignored, fmt.Sprintf("meta.%s %q is not a positive whole number", key, v))
			one = msg.New("go-tracer.metaNotWhole", `meta.{key} "{value}" is not a positive whole number (ignored)`, "key", key, "value", quoted(v))
			return false
		}
		*dst = int32(n)
		return true
	}
	get("mate", &s.Mate)
	band := s.MateBand
	if get("mateBand", &band) && band > s.Mate {
		ignored = append(ignored, fmt.Sprintf("meta.mateBand %d is wider than meta.mate %d", band, s.Mate))
		one = msg.New("go-tracer.mateBandWider", "meta.mateBand {band} is wider than meta.mate {mate} (ignored)", "band", band, "mate", s.Mate)
		band = DefaultScale.MateBand
	}
	s.MateBand = min(band, s.Mate)
	// An infinity equal to the mate value is many engines' (a score equal to
	// both is infinity: a window's edge, and the mate of the root itself);
	// one below it is no scale.
	inf := s.Infinity
	given := get("infinity", &inf)
	if given && inf < s.Mate {
		ignored = append(ignored, fmt.Sprintf("meta.infinity %d is below the mate value %d", inf, s.Mate))
		one = msg.New("go-tracer.infinityBelowMate", "meta.infinity {infinity} is below the mate value {mate} (ignored)", "infinity", inf, "mate", s.Mate)
		inf, given = s.Infinity, false
	}
	s.Infinity = inf
	if !given && s.Infinity <= s.Mate {
		s.Infinity = s.Mate + 1
	}
	if len(ignored) == 1 {
		return s, one
	}
	if len(ignored) > 0 {
		return s, errors.New(strings.Join(ignored, "; ") + " (ignored)")
	}
	return s, nil
}

// IsMate says whether score is a mate and, if it is, in how many plies from
// the root: positive when the side the score is for mates, negative when it
// is mated. Infinity is not a mate.
func (s Scale) IsMate(score int32) (plies int, ok bool) {
	a := int64(score)
	if a < 0 {
		a = -a
	}
	if a > int64(s.Mate) || a <= int64(s.Mate)-int64(s.MateBand) {
		return 0, false
	}
	plies = int(int64(s.Mate) - a)
	if score < 0 {
		return -plies, true
	}
	return plies, true
}

// IsInfinite says whether score is the engine's infinity or beyond it.
func (s Scale) IsInfinite(score int32) bool {
	return int64(score) >= int64(s.Infinity) || int64(score) <= -int64(s.Infinity)
}

// MatedAt says whether score, at a node ply plies from the root, says the
// side to move there is mated in that very position.
func (s Scale) MatedAt(score int32, ply int) bool {
	p, ok := s.IsMate(score)
	return ok && score < 0 && -p == ply
}
