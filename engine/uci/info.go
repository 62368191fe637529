package uci

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Info is one "info" line an engine printed. Fields it did not send stay
// zero; HasScore says whether a score came, Mate whether that score is a mate.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1 when not given
	HasScore        bool
	CP              int    // centipawns, for the side to move
	Mate            int    // moves to mate, signed, when IsMate
	IsMate          bool   //
	Bound           string // "lower", "upper", or "" for an exact score
	Nodes, NPS      int64
	TimeMs          int64
	PV              []string
	Text            string // the rest of an "info string" line
}

// infoKeywords start a field of an info line; a PV runs until one of them.
var infoKeywords = map[string]bool{"depth": true, "seldepth": true, "time": true, "nodes": true,
	"pv": true, "multipv": true, "score": true, "currmove": true, "currmovenumber": true,
	"hashfull": true, "nps": true, "tbhits": true, "sbhits": true, "cpuload": true,
	"string": true, "refutation": true, "currline": true, "wdl": true}

// ParseInfo reads an info line. An error says which field is wrong; the
// fields read before it are kept.
func ParseInfo(line string) (Info, error) {
	w := strings.Fields(line)
	in := Info{MultiPV: 1}
	if len(w) == 0 || w[0] != "info" {
		return in, msg.New("go-uci.notInfo", "not an info line")
	}
	num := func(i int) (int64, error) {
		if i >= len(w) {
			return 0, msg.New("go-uci.infoNoValue", "{field} has no value", "field", w[i-1])
		}
		n, err := strconv.ParseInt(w[i], 10, 64)
		if err != nil {
			return 0, msg.New("go-uci.infoNotNumber", "{field} \"{value}\" is not a whole number", "field", w[i-1], "value", quoted(clip(w[i])))
		}
		return n, nil
	}
	for i := 1; i < len(w); i++ {
		var n int64
		var err error
		switch key := w[i]; key {
		case "string":
			in.Text = strings.Join(w[i+1:], " ")
			return in, nil
		case "pv", "refutation", "currline":
			j := i + 1
			for j < len(w) && !infoKeywords[w[j]] {
				j++
			}
			if key == "pv" {
				in.PV = append([]string(nil), w[i+1:j]...)
			}
			i = j - 1
		case "score":
			if i, err = in.readScore(w, i+1); err != nil {
				return in, err
			}
		case "wdl":
			i += 3
		case "depth", "seldepth", "multipv", "time", "nodes", "nps",
			"currmove", "currmovenumber", "hashfull", "tbhits", "sbhits", "cpuload":
			i++
			if key == "currmove" {
				continue
			}
			if n, err = num(i); err != nil {
				return in, err
			}
			switch key {
			case "depth":
				in.Depth = int(n)
			case "seldepth":
				in.SelDepth = int(n)
			case "multipv":
				in.MultiPV = int(n)
			case "time":
				in.TimeMs = n
			case "nodes":
				in.Nodes = n
			case "nps":
				in.NPS = n
			}
		default:
			return in, msg.New("go-uci.infoUnknownField", "unknown field \"{field}\"", "field", quoted(clip(key)))
		}
	}
	return in, nil
}

// readScore reads "cp N|mate N [lowerbound|upperbound]" from w[i:] and
// returns the index of the last word it used.
func (in *Info) readScore(w []string, i int) (int, error) {
	if i+1 >= len(w) || w[i] != "cp" && w[i] != "mate" {
		return i, msg.New("go-uci.infoScore", "score wants cp N or mate N")
	}
	n, err := strconv.Atoi(w[i+1])
	if err != nil {
		return i, msg.New("go-uci.infoScoreNotNumber", "score {kind} \"{value}\" is not a whole number", "kind", w[i], "value", quoted(clip(w[i+1])))
	}
	in.HasScore = true
	if w[i] == "mate" {
		in.IsMate, in.Mate = true, n
	} else {
		in.CP = n
	}
	i++
	if i+1 < len(w) && (w[i+1] == "lowerbound" || w[i+1] == "upperbound") {
		in.Bound = strings.TrimSuffix(w[i+1], "bound")
		i++
	}
	return i, nil
}

// order ranks a score for comparing lines: a mate beyond every centipawn
// score, a nearer mate above a farther one.
func (in Info) order() int {
	if !in.IsMate {
		return in.CP
	}
	if in.Mate > 0 {
		return 1_000_000 - in.Mate
	}
	return -1_000_000 - in.Mate
}

// ScoreText is the score as UCI writes it.
func (in Info) ScoreText() string {
	if in.IsMate {
		return fmt.Sprintf("mate %d", in.Mate)
	}
	return fmt.Sprintf("cp %d", in.CP)
}
