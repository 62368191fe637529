package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/pvscope/pvscope/engine/uci"
)

// External UCI engines the page may inspect, offered by name: the server is
// started with -engine NAME=PATH, and the browser only ever names one.
//
//	GET  /engines          {"engines": ["stockfish", ...]}
//	POST /engines/inspect  {"engine", "fen", "moves", "depth", "multipv", "verify"}
//	                       -> the inspection report (uci.Report), or {"error", "report"}
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

// AddEngines offers the engines (name -> command) to pages. Call it before
// serving.
func (s *Server) AddEngines(engines map[string]string) {
	e := &engineRoutes{srv: s, engines: engines}
	s.mux.HandleFunc("GET /engines", e.serveList)
	s.mux.HandleFunc("POST /engines/inspect", e.serveInspect)
}

// engineRoutes serve the engines; they share the server's search slots.
type engineRoutes struct {
	srv     *Server
	engines map[string]string
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

func (s *engineRoutes) names() []string {
	names := make([]string, 0, len(s.engines))
	for n := range s.engines {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (s *engineRoutes) serveList(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string][]string{"engines": s.names()})
}

// inspectRequest is what a page asks: an engine by name and a position.
type inspectRequest struct {
	Engine  string   `json:"engine"`
	FEN     string   `json:"fen"`
	Moves   []string `json:"moves"`
	Depth   int      `json:"depth"`
	MultiPV int      `json:"multipv"`
	Verify  bool     `json:"verify"`
}

type inspectError struct {
	Error  string      `json:"error"`
	Report *uci.Report `json:"report,omitempty"` // what was read before the engine failed
}

func (s *engineRoutes) serveInspect(w http.ResponseWriter, r *http.Request) {
	var req inspectRequest
	body := http.MaxBytesReader(w, r.Body, s.srv.limits.MaxMessageBytes)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		msg := "The request is not an inspection in JSON: " + err.Error()
		if errors.As(err, &tooBig) {
			msg = fmt.Sprintf("The request is larger than %d bytes.", s.srv.limits.MaxMessageBytes)
		}
		writeJSON(w, http.StatusBadRequest, inspectError{Error: sentence(msg)})
		return
	}
	command, ok := s.engines[req.Engine]
	if !ok {
		msg := "This server offers no engines; start it with -engine NAME=PATH."
		if len(s.engines) > 0 {
			msg = fmt.Sprintf("No engine is called %q here; choose %s.", clipName(req.Engine), strings.Join(s.names(), ", "))
		}
		writeJSON(w, http.StatusNotFound, inspectError{Error: msg})
		return
	}
	switch {
	case req.Depth < 1 || req.Depth > MaxEngineDepth:
		writeJSON(w, http.StatusBadRequest, inspectError{Error: fmt.Sprintf("Depth %d is out of range: choose 1 to %d.", req.Depth, MaxEngineDepth)})
		return
	case req.MultiPV < 0 || req.MultiPV > MaxEngineMultiPV:
		writeJSON(w, http.StatusBadRequest, inspectError{Error: fmt.Sprintf("MultiPV %d is out of range: choose 1 to %d.", req.MultiPV, MaxEngineMultiPV)})
		return
	}
	in := uci.Inspection{Engine: command, Label: req.Engine, FEN: req.FEN, Moves: req.Moves,
		Depth: req.Depth, MultiPV: req.MultiPV, Verify: req.Verify, Limits: uci.Limits{Search: engineTimeLimit}}
	if err := in.Check(); err != nil {
		writeJSON(w, http.StatusBadRequest, inspectError{Error: sentence(err.Error())})
		return
	}
	// The slot is taken before the engine starts (waiting in the server's
	// line if none is free), and given back when it is reaped.
	release, err := s.srv.slots.acquire(r.Context(), func(int) {})
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, inspectError{
			Error: fmt.Sprintf("The server is running %d searches and its line is full; try again when one has finished.", s.srv.limits.MaxSearches)})
		return
	}
	defer release()
	report, err := uci.Inspect(r.Context(), in)
	report.Command = req.Engine // the command line stays on the server
	if err != nil {
		msg := strings.ReplaceAll(err.Error(), strings.Fields(command)[0], req.Engine)
		writeJSON(w, http.StatusBadGateway, inspectError{Error: sentence(msg), Report: &report})
		return
	}
	writeJSON(w, http.StatusOK, report)
}

func clipName(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}
