package refengine

// The evaluation: material and a few square bonuses, in the mover's view,
// kept up to date move by move (position.value). pst[piece][square] is the
// worth of an upper-case piece on a square of the 10x12 board.
var pst = map[byte]*[120]int{}

func init() {
	worth := map[byte]int{'P': 100, 'N': 310, 'B': 330, 'R': 500, 'Q': 950, 'K': 0}
	for pc, w := range worth {
		t := new([120]int)
		for r := 2; r <= 9; r++ {
			for c := 1; c <= 8; c++ {
				rank := 10 - r                                   // 1..8 from the mover's side
				centre := 3 - max(abs2(2*c-9), abs2(2*rank-9))/2 // 0 at the edge, 3 in the middle
				bonus := 0
				switch pc {
				case 'P':
					bonus = 6 * (rank - 2)
					if (c == 4 || c == 5) && rank >= 4 {
						bonus += 15
					}
				case 'N':
					bonus = 10 * centre
				case 'B':
					bonus = 5 * centre
				case 'R':
					if rank == 7 {
						bonus = 15
					}
				case 'Q':
					bonus = 3 * centre
				case 'K':
					bonus = -12 * (rank - 1)
					if rank == 1 && (c <= 3 || c >= 7) {
						bonus += 15
					}
				}
				t[r*10+c] = w + bonus
			}
		}
		pst[pc] = t
	}
}

func abs2(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
