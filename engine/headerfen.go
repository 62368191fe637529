package engine

import (
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// HeaderFEN reads a trace header's FEN as real engines write it: a move
// number of 0 (a FEN ending "0 0", where the standard counts from 1) is read
// as 1, in meta itself, so that everything after reads the same position;
// the sentence returned says so (nil when the FEN is as the standard has it,
// or there is none). Any other fault is left for the position rules to refuse.
func HeaderFEN(meta map[string]string) *msg.Error {
	fen := meta["fen"]
	fields := strings.Fields(fen)
	if len(fields) != 6 || fields[5] != "0" {
		return nil
	}
	fields[5] = "1"
	meta["fen"] = strings.Join(fields, " ")
	return msg.New("go-engine.fenMoveZero", "meta.fen \"{fen}\" numbers its move 0, where a FEN counts from 1: read as move 1", "fen", quoted(fen))
}
