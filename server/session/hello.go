package session

import (
	"strings"

	"github.com/pvscope/pvscope/tracer"
)

// Protocol is the version of the websocket protocol, sent in the hello frame.
// Version 3 is described in docs/protocol.md: lines travel by reference
// (lines.go). Version 2 added the
// PV methods and cut reasons (hello's methods and reasons, the frames' cuts).
const Protocol = 3

// Hello is the first frame on every connection: the protocol version,
// the name tables that turn an event's small integers into words, and the limits.
type Hello struct {
	Type      string      `json:"type"`
	Protocol  int         `json:"protocol"`
	Kinds     []string    `json:"kinds"`
	NodeTypes []string    `json:"nodeTypes"`
	Bounds    []string    `json:"bounds"`
	Ends      []string    `json:"ends"`
	Methods   []string    `json:"methods"` // PV collection methods, for pv-line and pv-cut
	Reasons   []string    `json:"reasons"` // why a PV was cut, for pv-cut
	Limits    LimitsFrame `json:"limits"`
}

type LimitsFrame struct {
	MaxDepth        int   `json:"maxDepth"`
	MaxNodes        int64 `json:"maxNodes"`
	MaxMessageBytes int64 `json:"maxMessageBytes"`
}

func NewHello(l Limits, maxMessageBytes int64) Hello {
	kinds := []string{""}
	for _, k := range tracer.Kinds() {
		kinds = append(kinds, k.String())
	}
	return Hello{
		Type: "hello", Protocol: Protocol, Kinds: kinds,
		NodeTypes: names(func(i int) string { return tracer.NodeType(i).String() }),
		Bounds:    names(func(i int) string { return tracer.Bound(i).String() }),
		Ends:      names(func(i int) string { return tracer.End(i).String() }),
		Methods:   names(func(i int) string { return tracer.Method(i).String() }),
		Reasons:   names(func(i int) string { return tracer.Reason(i).String() }),
		Limits:    LimitsFrame{MaxDepth: l.MaxDepth, MaxNodes: l.MaxNodes, MaxMessageBytes: maxMessageBytes},
	}
}

// names lists an enumeration's names from 0 up to the first value without one
// (the tracer prints those as "type(7)").
func names(name func(int) string) []string {
	var out []string
	for i := 0; i < 256; i++ {
		s := name(i)
		if strings.Contains(s, "(") {
			break
		}
		out = append(out, s)
	}
	return out
}
