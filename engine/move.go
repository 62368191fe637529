package engine

// Move is a move in a Position, opaque to the searcher: it compares moves, keeps
// them in tables and asks the position to name them. The zero Move is NoMove.
//
// Chess moves pack from, to and the promotion piece with bit 15 set; tree moves
// are the child index plus one.
type Move uint32

// NoMove is "no move": an empty table slot, or a line that ends.
const NoMove Move = 0
