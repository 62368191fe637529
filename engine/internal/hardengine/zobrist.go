package hardengine

// Zobrist keys from a fixed seed (splitmix64), so that runs are repeatable.
var (
	zobristPieces [13][128]uint64 // by piece + 6
	zobristCastle [16]uint64
	zobristEPs    [128]uint64
	zobristSide   uint64
)

func init() {
	seed := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for p := range zobristPieces {
		for s := range zobristPieces[p] {
			zobristPieces[p][s] = next()
		}
	}
	for i := range zobristCastle {
		zobristCastle[i] = next()
	}
	for i := range zobristEPs {
		zobristEPs[i] = next()
	}
	zobristSide = next()
}

func zobristPiece(p int8, s int) uint64 { return zobristPieces[p+6][s] }

func zobristEP(s int) uint64 {
	if s == noSquare {
		return 0
	}
	return zobristEPs[s]
}

func (b *board) computeHash() uint64 {
	var h uint64
	for s := 0; s < 128; s++ {
		if s&0x88 == 0 && b.sq[s] != empty {
			h ^= zobristPiece(b.sq[s], s)
		}
	}
	h ^= zobristCastle[b.castle] ^ zobristEP(b.ep)
	if b.side < 0 {
		h ^= zobristSide
	}
	return h
}
