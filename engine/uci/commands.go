package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pvscope/pvscope/engine"
)

// parsePosition reads the arguments of "position startpos|fen FEN [moves
// M...]" and returns the FEN of the position after the moves. The position it
// builds to check the moves stays on the calling goroutine.
func parsePosition(args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("position needs startpos or fen")
	}
	fen, rest := "", args[1:]
	switch args[0] {
	case "startpos":
		fen = engine.StartFEN
	case "fen":
		end := len(rest)
		for i, a := range rest {
			if a == "moves" {
				end = i
				break
			}
		}
		fen, rest = strings.Join(rest[:end], " "), rest[end:]
	default:
		return "", fmt.Errorf("position %q: want startpos or fen", args[0])
	}
	if len(rest) > 0 && rest[0] != "moves" {
		return "", fmt.Errorf("position: %q after the position, want moves", rest[0])
	}
	pos, err := engine.NewChessPosition(fen)
	if err != nil {
		return "", err
	}
	if len(rest) == 0 {
		return pos.FEN(), nil
	}
	for i, name := range rest[1:] {
		m, err := pos.ParseMove(name)
		if err != nil {
			return "", fmt.Errorf("move %d of the position: %v", i+1, err)
		}
		pos.Make(m)
	}
	return pos.FEN(), nil
}

// limits is what a "go" asks for.
type limits struct {
	depth    int           // 0: as deep as time allows
	nodes    int64         // 0: no limit
	budget   time.Duration // 0: no clock
	infinite bool          // search until stop, and hold bestmove until then
}

// maxMillis bounds the times (and depths) "go" reads: 1e12 ms is about 31
// years, a limit still, and small enough that the clock arithmetic cannot overflow.
const maxMillis = 1_000_000_000_000

// parseGo reads the arguments of "go". whiteToMove picks the clock that
// wtime/btime budgeting reads.
func parseGo(args []string, whiteToMove bool) (limits, error) {
	var l limits
	var clock, inc [2]int64 // white, black, in milliseconds
	movesToGo := int64(0)
	hasClock := false
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite", "ponder":
			l.infinite = true
			continue
		case "searchmoves":
			return l, fmt.Errorf("go searchmoves is not supported")
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate":
		default:
			return l, fmt.Errorf("go: unknown parameter %q", key)
		}
		if i+1 >= len(args) {
			return l, fmt.Errorf("go %s needs a number", key)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return l, fmt.Errorf("go %s %q is not a whole number", key, args[i])
		}
		if n < 0 && key != "wtime" && key != "btime" {
			return l, fmt.Errorf("go %s %d is negative", key, n)
		}
		if key != "nodes" {
			// Past these a count or a time means "no limit" to a person, and
			// would overflow below (a Duration holds 292 years; 2*n wraps):
			// clamp, so "go movetime 9223372036854775807" still stops.
			n = min(max(n, -maxMillis), maxMillis)
		}
		switch key {
		case "depth":
			l.depth = int(min(max(n, 1), engine.MaxDepth))
		case "mate":
			l.depth = int(min(max(2*min(n, engine.MaxDepth)-1, 1), engine.MaxDepth))
		case "nodes":
			l.nodes = max(n, 1)
		case "movetime":
			l.budget = time.Duration(max(n, 1)) * time.Millisecond
		case "wtime", "btime":
			clock[side(key == "wtime")], hasClock = n, true
		case "winc", "binc":
			inc[side(key == "winc")] = n
		case "movestogo":
			movesToGo = n
		}
	}
	if hasClock && l.budget == 0 && !l.infinite {
		me := side(whiteToMove)
		l.budget = clockBudget(clock[me], inc[me], movesToGo)
	}
	return l, nil
}

func side(white bool) int {
	if white {
		return 0
	}
	return 1
}

// clockBudget spends a share of the time left: the moves to go (30 when
// not told), plus most of the increment, never more than half the clock.
func clockBudget(left, inc, movesToGo int64) time.Duration {
	if movesToGo <= 0 {
		movesToGo = 30
	}
	ms := left/movesToGo + inc*3/4
	ms = min(ms, left/2)
	return time.Duration(max(ms, 5)) * time.Millisecond
}

// splitSetOption reads "name N... [value V...]": names and values may hold spaces.
func splitSetOption(args []string) (name, value string, err error) {
	if len(args) == 0 || args[0] != "name" {
		return "", "", fmt.Errorf("setoption needs name")
	}
	at := len(args)
	for i, a := range args {
		if a == "value" {
			at = i
			break
		}
	}
	name = strings.Join(args[1:at], " ")
	if name == "" {
		return "", "", fmt.Errorf("setoption name is empty")
	}
	if at < len(args) {
		value = strings.Join(args[at+1:], " ")
	}
	return name, value, nil
}
