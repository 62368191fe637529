package hardengine

// The evaluation: material, knights and bishops drawn to the centre, pawns
// paid for advancing, the king to the centre when the queens are off.
// From the side to move's view.

var pieceValue = [7]int{0, 100, 320, 330, 500, 900, 0}

// centre is 0 in the corners up to 6 in the middle.
func centre(s int) int {
	f, r := s&7, s>>4
	df, dr := f, r
	if f > 3 {
		df = 7 - f
	}
	if r > 3 {
		dr = 7 - r
	}
	return df + dr
}

func (b *board) eval() int {
	score, queens := 0, 0
	for s := 0; s < 128; s++ {
		if s&0x88 != 0 || b.sq[s] == empty {
			continue
		}
		if b.sq[s] == queen || b.sq[s] == -queen {
			queens++
		}
	}
	for s := 0; s < 128; s++ {
		p := b.sq[s]
		if s&0x88 != 0 || p == empty {
			continue
		}
		k, sign := p, 1
		if p < 0 {
			k, sign = -p, -1
		}
		v := pieceValue[k]
		switch k {
		case pawn:
			advance := s >> 4
			if sign < 0 {
				advance = 7 - advance
			}
			v += 5 * (advance - 1)
		case knight, bishop:
			v += 4 * centre(s)
		case king:
			if queens == 0 {
				v += 5 * centre(s)
			}
		}
		score += sign * v
	}
	return score * int(b.side)
}
