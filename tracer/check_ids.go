package tracer

// idSet is a set of node ids: a bitmap for the small ids an engine that counts
// its nodes uses (a bit each), a map for the rest.
type idSet struct {
	bits  []uint64
	large map[int32]struct{}
}

// bitmapIDs bounds the bitmap: ids below it take one bit, 8 MB at most.
const bitmapIDs = 64 << 20

func (s *idSet) has(id int32) bool {
	if id >= 0 && id < bitmapIDs {
		w := int(id >> 6)
		return w < len(s.bits) && s.bits[w]&(1<<(id&63)) != 0
	}
	_, ok := s.large[id]
	return ok
}

func (s *idSet) add(id int32) {
	if id >= 0 && id < bitmapIDs {
		w := int(id >> 6)
		if w >= len(s.bits) {
			s.bits = append(s.bits, make([]uint64, w+1-len(s.bits)+len(s.bits)/2)...)
		}
		s.bits[w] |= 1 << (id & 63)
		return
	}
	if s.large == nil {
		s.large = make(map[int32]struct{})
	}
	s.large[id] = struct{}{}
}
