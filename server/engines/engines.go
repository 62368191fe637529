package engines

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pvscope/pvscope/engine/uci"
	"github.com/pvscope/pvscope/server/session"

	"github.com/pvscope/pvscope/tracer/msg"
)

// External UCI engines the page may inspect, offered by name: the server is
// started with -engine NAME=PATH, and the browser only ever names one.
//
//	GET  /engines          {"engines": ["stockfish", ...]} (empty when none is offered)
//	POST /engines/inspect  {"engine", "fen", "moves", "depth", "multipv", "verify"}
//	                       -> the inspection report (uci.Report), or {"error", "report"}
//	                       with "progress": true, once the engine has a slot: 200 and
//	                       application/x-ndjson, {"progress": line} for each line the
//	                       engine sends, then {"report": ...} or {"error", "report"}
//
// The inspection is a POST of JSON, so another site cannot start one (the
// browser would ask first, and nobody answers). Each inspection starts its
// own engine process, takes a search slot like a search does, and the
// process is reaped when it ends, when the page goes away (the request's
// context), and at the time limit.

// Bounds on what a page may ask an external engine for.
const (
	MaxEngineDepth   = 30
	MaxEngineMultiPV = 8
	engineTimeLimit  = 30 * time.Second
)

// Routes serve the engines; they share the server's search slots.
type Routes struct {
	MaxBody  int64                          // the largest request, in bytes (-max-message)
	Slots    Slots                          // the server's search slots
	Refused  func(error) string             // the sentence for a slot refused
	SlowBody func(error) (*msg.Error, bool) // whether err is a body sent too slowly, and its sentence

	mu      sync.RWMutex // Add may come after the routes are in place
	engines map[string]string
}

// Slots is the server's search slots as the inspector takes one: acquire
// waits in line for a slot (or refuses) and gives back its release.
type Slots interface {
	Acquire(ctx context.Context, place func(int)) (release func(), err error)
}

// Add offers the engines (name -> command) to pages. Call it before serving.
func (s *Routes) Add(engines map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.engines == nil {
		s.engines = map[string]string{}
	}
	for name, command := range engines {
		s.engines[name] = command
	}
}

// ParseEngineFlag reads -engine NAME=PATH (PATH may carry arguments,
// split on spaces: "self=pvscope uci").
func ParseEngineFlag(v string) (name, command string, err error) {
	name, command, ok := strings.Cut(v, "=")
	name, command = strings.TrimSpace(name), strings.TrimSpace(command)
	if !ok || name == "" || command == "" {
		return "", "", fmt.Errorf("-engine %q: write NAME=PATH, e.g. -engine stockfish=/usr/games/stockfish", v)
	}
	if strings.ContainsAny(name, " /\\\"'<>&") || len(name) > 40 {
		return "", "", fmt.Errorf("-engine %q: the name is shown in the page: use up to 40 letters, digits, - or _", v)
	}
	return name, command, nil
}

func (s *Routes) names() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	names := make([]string, 0, len(s.engines))
	for n := range s.engines {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ServeList answers GET /engines.
func (s *Routes) ServeList(w http.ResponseWriter, r *http.Request) {
	WriteJSON(w, http.StatusOK, map[string][]string{"engines": s.names()})
}

// inspectRequest is what a page asks: an engine by name and a position.
type inspectRequest struct {
	Engine  string   `json:"engine"`
	FEN     string   `json:"fen"`
	Moves   []string `json:"moves"`
	Depth   int      `json:"depth"`
	MultiPV int      `json:"multipv"`
	Verify  bool     `json:"verify"`
	// Progress asks for each line as it comes (application/x-ndjson).
	Progress bool `json:"progress"`
}

// InspectError is a refused or failed inspection's answer (and any refusal
// of a page's POST: origin.go in server).
type InspectError struct {
	Error  string         `json:"error"`
	Report *uci.Report    `json:"report,omitempty"` // what was read before the engine failed
	Key    string         `json:"key,omitempty"`    // the error's key and parameters (session.KeyOf, server/session/frames.go)
	Args   map[string]any `json:"args,omitempty"`
}

// inspectFailed is the answer for a refused or failed inspection: message
// as the page shows it in English, err's first keyed sentence for the others.
func inspectFailed(message string, err error) InspectError {
	e := InspectError{Error: message}
	e.Key, e.Args = session.KeyOf(err)
	return e
}

// ServeInspect answers POST /engines/inspect.
func (s *Routes) ServeInspect(w http.ResponseWriter, r *http.Request) {
	var req inspectRequest
	body := http.MaxBytesReader(w, r.Body, s.MaxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		m := msg.New("go-server.inspectNotJSON", "The request is not an inspection in JSON: {reason}", "reason", err)
		if errors.As(err, &tooBig) {
			m = msg.New("go-server.inspectTooLarge", "The request is larger than {n} bytes.", "n", s.MaxBody)
		}
		if slow, ok := s.SlowBody(err); ok {
			WriteJSON(w, http.StatusRequestTimeout, inspectFailed(slow.Text, slow))
			return
		}
		WriteJSON(w, http.StatusBadRequest, inspectFailed(session.Sentence(m.Text), m))
		return
	}
	s.mu.RLock()
	command, ok := s.engines[req.Engine]
	s.mu.RUnlock()
	if !ok {
		m := msg.New("go-server.noEngines", "This server offers no engines; start it with -engine NAME=PATH.")
		if names := s.names(); len(names) > 0 {
			m = msg.New("go-server.noSuchEngine", "No engine is called \"{name}\" here; choose {names}.",
				"name", session.Quoted(clipName(req.Engine)), "names", strings.Join(names, ", "))
		}
		WriteJSON(w, http.StatusNotFound, inspectFailed(m.Text, m))
		return
	}
	switch {
	case req.Depth < 1 || req.Depth > MaxEngineDepth:
		WriteJSON(w, http.StatusBadRequest, inspectFailed(session.SayOf(msg.New("go-server.inspectDepth", "Depth {depth} is out of range: choose 1 to {most}.", "depth", req.Depth, "most", MaxEngineDepth))))
		return
	case req.MultiPV < 0 || req.MultiPV > MaxEngineMultiPV:
		WriteJSON(w, http.StatusBadRequest, inspectFailed(session.SayOf(msg.New("go-server.inspectMultiPV", "MultiPV {n} is out of range: choose 1 to {most}.", "n", req.MultiPV, "most", MaxEngineMultiPV))))
		return
	}
	in := uci.Inspection{Engine: command, Label: req.Engine, FEN: req.FEN, Moves: req.Moves,
		Depth: req.Depth, MultiPV: req.MultiPV, Verify: req.Verify, Limits: uci.Limits{Search: engineTimeLimit}}
	if err := in.Check(); err != nil {
		WriteJSON(w, http.StatusBadRequest, inspectFailed(session.Sentence(err.Error()), err))
		return
	}
	// The slot is taken before the engine starts (waiting in the server's
	// line if none is free), and given back when it is reaped.
	release, err := s.Slots.Acquire(r.Context(), func(int) {})
	if err != nil {
		if r.Context().Err() != nil {
			return // the page went away while its inspection waited
		}
		WriteJSON(w, http.StatusServiceUnavailable, inspectFailed(s.Refused(err), err))
		return
	}
	defer release()
	var stream *ndjson
	if req.Progress {
		stream = newNDJSON(w)
		in.Progress = func(l uci.Line) { stream.write(map[string]uci.Line{"progress": l}) }
	}
	report, err := uci.Inspect(r.Context(), in)
	report.Command = req.Engine // the command line stays on the server
	var answer any = report
	code := http.StatusOK
	if err != nil {
		msg := strings.ReplaceAll(err.Error(), strings.Fields(command)[0], req.Engine)
		answer, code = InspectError{Error: session.Sentence(msg), Report: &report}, http.StatusBadGateway
	}
	switch {
	case stream == nil:
		WriteJSON(w, code, answer)
	case err != nil:
		stream.write(answer)
	default:
		stream.write(map[string]uci.Report{"report": report})
	}
}

// ndjson writes one JSON value per line and flushes each, so the page sees
// an engine's lines as it sends them. A page gone away is noticed by the
// request's context; write errors are dropped.
type ndjson struct {
	rc  *http.ResponseController
	enc *json.Encoder
}

func newNDJSON(w http.ResponseWriter) *ndjson {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	s := &ndjson{rc: http.NewResponseController(w), enc: json.NewEncoder(w)}
	s.rc.Flush()
	return s
}

func (s *ndjson) write(v any) {
	if s.enc.Encode(v) == nil {
		s.rc.Flush()
	}
}

func clipName(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// WriteJSON answers v as JSON with the status code.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}
