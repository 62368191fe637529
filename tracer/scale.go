package tracer

import (
	"fmt"
	"strconv"
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
// written as JSON numbers or strings), each defaulting to DefaultScale's. An
// engine that gives only its mate value gets infinity just above the mate band
// or above DefaultScale's, whichever is higher. A value that is not a positive
// integer, or a band wider than the mate value, is an error.
func ScaleOf(meta map[string]string) (Scale, error) {
	s := DefaultScale
	get := func(key string, dst *int32) error {
		v, ok := meta[key]
		if !ok || v == "" {
			return nil
		}
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil || n <= 0 {
			return fmt.Errorf("meta.%s %q is not a positive whole number", key, v)
		}
		*dst = int32(n)
		return nil
	}
	for _, f := range []struct {
		key string
		dst *int32
	}{{"mate", &s.Mate}, {"mateBand", &s.MateBand}, {"infinity", &s.Infinity}} {
		if err := get(f.key, f.dst); err != nil {
			return DefaultScale, err
		}
	}
	if _, ok := meta["infinity"]; !ok && s.Infinity <= s.Mate {
		s.Infinity = s.Mate + 1
	}
	if s.MateBand > s.Mate {
		return DefaultScale, fmt.Errorf("meta.mateBand %d is wider than meta.mate %d", s.MateBand, s.Mate)
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
