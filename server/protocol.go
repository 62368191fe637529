package server

import (
	"fmt"
	"github.com/pvscope/pvscope/server/capacity"
	"github.com/pvscope/pvscope/server/session"
	"time"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Protocol is the version of the websocket protocol (session.Protocol).
const Protocol = session.Protocol

type helloFrame = session.Hello

func newHello(l Limits) helloFrame {
	return session.NewHello(*l.sessionLimits(), l.MaxMessageBytes)
}

// queuedFrame tells a page its search waits for a free slot, and its place
// in line (1: next); it comes again as the line moves (at most every 250 ms).
type queuedFrame struct {
	Type     string `json:"type"`
	ID       int64  `json:"id"`
	Position int    `json:"position"`
	WaitMs   int64  `json:"waitMs,omitempty"` // the expected wait, from the searches' recent times; absent while not known
	// WaitAtLeast: the searches holding the slots have taken longer so far
	// than recent ones did, and waitMs is from their time so far: at least that.
	WaitAtLeast bool           `json:"waitAtLeast,omitempty"`
	Message     string         `json:"message"`
	Key         string         `json:"key,omitempty"` // the message's key and parameters (session.KeyOf, server/session/frames.go)
	Args        map[string]any `json:"args,omitempty"`
}

// queuedMessage puts the place and the wait first: the page shows the
// sentence in a line that a narrow screen cuts short.
// (The page is sent queuedSaid's; the English alone is for the tests.)
func queuedMessage(place, running int, wait time.Duration, atLeast bool) string {
	return queuedSaid(place, running, wait, atLeast).Text
}

// queuedSaid is queuedMessage's keyed sentence.
func queuedSaid(place, running int, wait time.Duration, atLeast bool) *msg.Error {
	ord := ordinal(place)
	args := []any{"place", place, "th", ord[len(ord)-2:], "running", running,
		"searchWord", map[bool]string{true: "search", false: "searches"}[running == 1], "wait", capacity.Span(wait)}
	switch {
	case wait < time.Millisecond: // as waitMs: a wait of microseconds says nothing yet
		return msg.New("go-server.queued", "{place}{th} in line for a search slot (the server runs {running} {searchWord} at once).", args...)
	case atLeast:
		return msg.New("go-server.queuedAtLeast", "{place}{th} in line, at least {wait} to wait for a search slot (the server runs {running} {searchWord} at once).", args...)
	}
	return msg.New("go-server.queuedAbout", "{place}{th} in line, about {wait} to wait for a search slot (the server runs {running} {searchWord} at once).", args...)
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
