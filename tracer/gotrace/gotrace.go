// SPDX-License-Identifier: MIT-0
// MIT No Attribution. Copyright (c) 2026 the pvscope authors.
// Permission is hereby granted, free of charge, to any person obtaining a copy of this
// software and associated documentation files (the "Software"), to deal in the Software
// without restriction, including without limitation the rights to use, copy, modify,
// merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
// permit persons to whom the Software is furnished to do so.
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
// INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
// PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
// HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
// CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE
// OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
// (MIT-0 asks for no notice in your copies: take this package into any engine.)
//
// Over 400 lines because it is the Go kit's writer and every helper an engine calls, in the
// order a search calls them, so that an engine copying the kit copies this file whole
// (subsearch.go and tthit.go are the optional parts).

// Package gotrace writes a pvscope trace (JSON Lines) from a Go search: the
// same calls as tracer/c/pvscope_trace.h and tracer/python/pvscope_trace.py,
// standard library only.
//
//	tr := gotrace.New("")                  // writes $PVSCOPE_TRACE_FILE; nil (off) when none is named
//	tr.SearchStart("", depth, "fail-hard", 30000, 32000)
//	...  tr.Move(ply, "e2e4"); score := -search(...)     // in the parent's loop
//	...  tr.Enter(ply, alpha, beta, depth); return tr.Exit(ply, score)
//	tr.PVMove("e2e4"); tr.SearchEnd(depth, score, "e2e4")
//
// A nil *Tracer does nothing: every method is a nil check and a return (Exit
// returns its score), so an engine keeps one field and no build tag. A trace is
// written only when a file is named (PVSCOPE_TRACE_FILE, or New's path) and
// only for one search: the first, the n-th (PVSCOPE_TRACE_SEARCH=n, OnlySearch)
// or the first whose requested depth is d (PVSCOPE_TRACE_DEPTH=d, OnlyDepth);
// the environment wins over the calls. The file is closed when that search ends.
//
// Nodes are found by ply (distance from the root), so the search's signature
// does not change: the parent announces the move it is about to search (Move),
// the child enters and exits at its ply; node ids and parents are kept here. A
// re-search needs no call: Enter at the same ply writes the move the parent
// announced last, which a child's own announcements (one ply deeper) never
// replace. A search of the node's own position (IID, a singular verification,
// razoring's or ProbCut's verification) is announced with SubSearch or Singular
// and entered at the node's own ply; its exit gives the node back its moves.
//
// A number the format cannot hold (a score or window beyond 32 bits, a ply,
// depth or index beyond 16) stops the trace with an error (Err), as does a
// failed write: the file never holds a line pvscope refuses.
// The format: pvscope's docs/trace-format.md.
package gotrace

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

// Tracer writes one search's trace. Its zero value is not used: New makes one.
type Tracer struct {
	on, paused bool // on: this search is traced (every call's only test)

	path                       string
	onlySearch, onlyDepth      int // set by the calls
	envSearch, envDepth        int // set by the environment, which wins
	searches                   int
	done                       bool
	pov                        string
	game, position             string // meta.game and meta.position (Game)
	ttMate                     string
	mateBand                   int
	file                       *os.File
	out                        *bufio.Writer
	line                       []byte
	err                        error
	nodes                      int
	at                         []plyState // at[p]: the node open at ply p, and the move leading to it
	pv                         []string
	sub                        []subFrame // searches of a node's own position, innermost last
	pendingSub, pendingExclude string     // announced by SubSearch, for the next Enter
	pendingSubPly              int
}

type plyState struct {
	id, index, reduced, extended int
	move, why                    string
}

// subFrame keeps what a search of a node's own position displaced: the node's
// own state at its ply and the move it announced, given back at the sub-search's exit.
type subFrame struct {
	ply, id    int
	node, next plyState
}

// New returns a Tracer writing to PVSCOPE_TRACE_FILE, or to path when the
// environment names none; nil (tracing off) when neither names a file.
func New(path string) *Tracer {
	if v := os.Getenv("PVSCOPE_TRACE_FILE"); v != "" {
		path = v
	}
	if path == "" {
		return nil
	}
	t := &Tracer{path: path}
	t.envSearch, _ = strconv.Atoi(os.Getenv("PVSCOPE_TRACE_SEARCH"))
	t.envDepth, _ = strconv.Atoi(os.Getenv("PVSCOPE_TRACE_DEPTH"))
	return t
}

// OnlySearch traces the n-th search (1 first) instead of the first.
func (t *Tracer) OnlySearch(n int) {
	if t != nil {
		t.onlySearch, t.onlyDepth = n, 0
	}
}

// OnlyDepth traces the first search whose requested depth is d.
func (t *Tracer) OnlyDepth(d int) {
	if t != nil {
		t.onlyDepth, t.onlySearch = d, 0
	}
}

// Pov "white" says the engine's scores and windows are White's (meta.pov); ""
// leaves it out (the side to move's, the default). Kept for the searches that follow.
func (t *Tracer) Pov(pov string) {
	if t != nil {
		t.pov = pov
	}
}

// Game names a game other than chess (meta.game: "tictactoe", "connect4",
// "othello") and its root in the game's notation (meta.position, "" its
// start); SearchStart's fen is then "". "" leaves both out. Kept for the
// searches that follow.
func (t *Tracer) Game(game, position string) {
	if t != nil {
		t.game, t.position = game, position
	}
}

// MateBand says how far from the root a mate may lie (meta.mateBand); 0 leaves it out.
func (t *Tracer) MateBand(plies int) {
	if t != nil {
		t.mateBand = plies
	}
}

// On reports whether the current search is traced: a hot loop may test it
// before building a move's text.
func (t *Tracer) On() bool { return t != nil && t.on }

// Err is the error that stopped the trace (a file not opened, a write failed,
// a number the format cannot hold), or nil.
func (t *Tracer) Err() error {
	if t == nil {
		return nil
	}
	return t.err
}

// Close ends a traced search that will not reach SearchEnd, keeping what was written.
func (t *Tracer) Close() error {
	if t == nil || t.file == nil {
		return t.Err()
	}
	t.finish()
	return t.err
}

// SearchStart writes the header and search-start if this search is the one
// to trace. fen or bounds ("fail-hard", "fail-soft") "", mate or infinity 0: left out.
func (t *Tracer) SearchStart(fen string, depth int, bounds string, mate, infinity int) {
	if t == nil {
		return
	}
	if t.file != nil { // the traced search ended without SearchEnd
		t.finish()
	}
	t.searches++
	search, byDepth := t.onlySearch, t.onlyDepth
	if t.envSearch > 0 {
		search, byDepth = t.envSearch, 0
	}
	if t.envDepth > 0 {
		search, byDepth = 0, t.envDepth
	}
	chosen := t.searches == max(search, 1)
	if byDepth != 0 {
		chosen = depth == byDepth
	}
	if t.done || !chosen {
		return
	}
	t.done = true
	f, err := os.Create(t.path)
	if err != nil {
		t.err = err
		fmt.Fprintf(os.Stderr, "pvscope gotrace: %v\n", err)
		return
	}
	t.file, t.out, t.on = f, bufio.NewWriterSize(f, 1<<16), true
	t.nodes, t.at, t.pv, t.sub, t.pendingSub = 0, t.at[:0], t.pv[:0], t.sub[:0], ""
	b := append(t.line[:0], `{"format":"pvscope-trace","version":1,"meta":{"writer":"gotrace"`...)
	if fen != "" {
		b = appendField(b, "fen", fen)
	}
	if bounds != "" {
		b = appendField(b, "bounds", bounds)
	}
	b = appendNonZero(b, "mate", mate)
	b = appendNonZero(b, "infinity", infinity)
	b = appendNonZero(b, "mateBand", t.mateBand)
	if t.pov != "" {
		b = appendField(b, "pov", t.pov)
	}
	if t.ttMate != "" {
		b = appendField(b, "ttMate", t.ttMate)
	}
	if t.game != "" {
		b = appendField(b, "game", t.game)
		b = appendField(b, "position", t.position)
	}
	b = append(b, "}}\n"...)
	b = append(b, `{"kind":"search-start"`...)
	b = t.appendInt(b, "depth", depth, 16)
	t.write(append(b, "}\n"...))
}

// SearchEnd writes search-end with the line given by PVMove (move "": left
// out) and closes the file.
func (t *Tracer) SearchEnd(depth, score int, move string) {
	if t == nil || !t.on {
		return
	}
	b := append(t.line[:0], `{"kind":"search-end"`...)
	b = t.appendInt(b, "depth", depth, 16)
	b = t.appendInt(b, "score", score, 32)
	if move != "" {
		b = appendField(b, "move", move)
	}
	b = t.appendPV(b)
	t.write(append(b, "}\n"...))
	t.finish()
}

// IterationStart writes the iteration's root window.
func (t *Tracer) IterationStart(depth, alpha, beta int) {
	if t != nil && t.on {
		t.iteration("iteration-start", depth, 0, alpha, beta, 1)
	}
}

// AspirationFail: the root scored outside its window and is searched again with (alpha, beta).
func (t *Tracer) AspirationFail(depth, score, alpha, beta int) {
	if t != nil && t.on {
		t.iteration("aspiration-fail", depth, score, alpha, beta, 3)
	}
}

// IterationEnd writes iteration-end, with the line given by PVMove if one was.
func (t *Tracer) IterationEnd(depth, score int) {
	if t != nil && t.on {
		t.iteration("iteration-end", depth, score, 0, 0, 2)
	}
}

// RootPV writes root-pv with the line given by PVMove.
func (t *Tracer) RootPV(depth, score int) {
	if t == nil || !t.on {
		return
	}
	b := append(t.line[:0], `{"kind":"root-pv"`...)
	b = t.appendInt(b, "depth", depth, 16)
	b = t.appendInt(b, "score", score, 32)
	t.write(append(t.appendPV(b), "}\n"...))
}

// PVMove appends a move to the line the next root-pv, iteration-end or search-end carries.
func (t *Tracer) PVMove(move string) {
	if t != nil && t.on {
		t.pv = append(t.pv, move)
	}
}

// Move: the node at ply searches move next. Searching it again (a re-search)
// needs no second call; announcing it again changes nothing.
func (t *Tracer) Move(ply int, move string) {
	if t == nil || !t.on || ply < 0 {
		return
	}
	t.grow(ply + 1)
	if t.at[ply+1].move != move {
		t.at[ply].index++
	}
	t.at[ply+1].move = move
	t.at[ply+1].reduced, t.at[ply+1].extended = 0, 0
}

// Reduced: the next search of the announced move is plies shallower, for why
// ("lmr", "null-move"); a search of the same move again is at the depth it is given.
func (t *Tracer) Reduced(ply, plies int, why string) {
	if t != nil && t.on && ply >= 0 {
		t.grow(ply + 1)
		t.at[ply+1].reduced, t.at[ply+1].extended, t.at[ply+1].why = plies, 0, why
	}
}

// Extended: the next search of the announced move is plies deeper, for why ("check").
func (t *Tracer) Extended(ply, plies int, why string) {
	if t != nil && t.on && ply >= 0 {
		t.grow(ply + 1)
		t.at[ply+1].reduced, t.at[ply+1].extended, t.at[ply+1].why = 0, plies, why
	}
}

// Enter: a node is entered at ply with the window (alpha, beta), depth remaining.
func (t *Tracer) Enter(ply, alpha, beta, depth int) {
	if t != nil && t.on {
		t.enter(ply, alpha, beta, depth)
	}
}

// Exit writes the node's exit and returns score: return tr.Exit(ply, score).
func (t *Tracer) Exit(ply, score int) int {
	if t != nil && t.on {
		t.exit(ply, score, "")
	}
	return score
}

// ExitEnd is Exit with why the node stopped early ("eval", "mate", "repetition", ...; a game other than chess: "win", "loss", "draw", the side to move's result).
func (t *Tracer) ExitEnd(ply, score int, end string) int {
	if t != nil && t.on {
		t.exit(ply, score, end)
	}
	return score
}

// StandPat: quiescence takes its static evaluation score as the node's own value.
func (t *Tracer) StandPat(ply, score int) {
	if t != nil && t.on {
		t.nodeScore("stand-pat", ply, score)
	}
}

// MoveValue: the node took score for its last move, where that is not minus the child's exit.
func (t *Tracer) MoveValue(ply, score int) {
	if t != nil && t.on {
		t.nodeScore("move-value", ply, score)
	}
}

// Prune: the node at ply skipped move without a search, for why.
func (t *Tracer) Prune(ply int, move, why string) {
	if t == nil || !t.on || ply < 0 || ply >= len(t.at) {
		return
	}
	b := append(t.line[:0], `{"kind":"prune"`...)
	b = t.appendInt(b, "node", t.at[ply].id, 32)
	b = appendField(b, "move", move)
	b = appendField(b, "why", why)
	t.write(append(b, "}\n"...))
}

// Pause: what runs until Resume is not traced (a quiescence search kept out:
// the node that calls it exits with its value).
func (t *Tracer) Pause() {
	if t != nil && t.on {
		t.on, t.paused = false, true
	}
}

// Resume traces again after Pause.
func (t *Tracer) Resume() {
	if t != nil && t.paused {
		t.on, t.paused = true, false
	}
}

func (t *Tracer) grow(n int) {
	for len(t.at) <= n {
		t.at = append(t.at, plyState{})
	}
}

func (t *Tracer) iteration(kind string, depth, score, alpha, beta, what int) {
	b := append(t.line[:0], `{"kind":"`...)
	b = append(append(b, kind...), '"')
	b = t.appendInt(b, "depth", depth, 16)
	if what&2 != 0 {
		b = t.appendInt(b, "score", score, 32)
	}
	if what&1 != 0 {
		b = t.appendInt(b, "alpha", alpha, 32)
		b = t.appendInt(b, "beta", beta, 32)
	}
	if what == 2 && len(t.pv) > 0 {
		b = t.appendPV(b)
	}
	t.write(append(b, "}\n"...))
}

func (t *Tracer) enter(ply, alpha, beta, depth int) {
	if ply < 0 || ply >= 1<<15 {
		t.stop(fmt.Errorf("enter: ply %d does not fit in 16 bits", ply))
		return
	}
	t.grow(ply + 1)
	sub := t.pendingSub != "" && t.pendingSubPly == ply
	if sub {
		t.sub = append(t.sub, subFrame{ply: ply, node: t.at[ply], next: t.at[ply+1]})
	}
	parent := 0
	switch {
	case sub:
		parent = t.at[ply].id // the node whose own position this searches
	case ply > 0:
		parent = t.at[ply-1].id
	}
	t.nodes++
	t.at[ply].id, t.at[ply].index = t.nodes, 0
	t.at[ply+1].move = ""
	b := append(t.line[:0], `{"kind":"enter"`...)
	b = t.appendInt(b, "node", t.nodes, 32)
	b = t.appendInt(b, "parent", parent, 32)
	b = t.appendInt(b, "ply", ply, 16)
	b = t.appendInt(b, "depth", depth, 16)
	b = t.appendInt(b, "alpha", alpha, 32)
	b = t.appendInt(b, "beta", beta, 32)
	at := &t.at[ply]
	switch {
	case sub:
		t.sub[len(t.sub)-1].id = t.nodes
		b = appendField(b, "subsearch", t.pendingSub)
		if t.pendingExclude != "" {
			b = appendField(b, "excluded", t.pendingExclude)
		}
		t.pendingSub, t.pendingExclude = "", ""
	case ply > 0:
		b = appendField(b, "move", at.move)
		if at.reduced != 0 {
			b = t.appendInt(b, "reduced", at.reduced, 16)
		}
		if at.extended != 0 {
			b = t.appendInt(b, "extended", at.extended, 16)
		}
		if at.reduced != 0 || at.extended != 0 {
			b = appendField(b, "why", at.why)
		}
	}
	t.write(append(b, "}\n"...))
	// A depth change is the announced move's only: a re-search of it goes at the depth given.
	at.reduced, at.extended = 0, 0
}

func (t *Tracer) exit(ply, score int, end string) {
	if ply < 0 || ply >= len(t.at) {
		return
	}
	id := t.at[ply].id
	b := append(t.line[:0], `{"kind":"exit"`...)
	b = t.appendInt(b, "node", id, 32)
	b = t.appendInt(b, "score", score, 32)
	if end != "" {
		b = appendField(b, "end", end)
	}
	t.write(append(b, "}\n"...))
	if n := len(t.sub); n > 0 && t.sub[n-1].ply == ply && t.sub[n-1].id == id {
		// The sub-search is over: the node it searched for has its moves back.
		t.at[ply], t.at[ply+1] = t.sub[n-1].node, t.sub[n-1].next
		t.sub = t.sub[:n-1]
	}
}

// nodeScore writes stand-pat {node, score} or move-value {node, move, index, score}.
func (t *Tracer) nodeScore(kind string, ply, score int) {
	if ply < 0 || ply >= len(t.at) {
		return
	}
	t.grow(ply + 1)
	b := append(t.line[:0], `{"kind":"`...)
	b = append(append(b, kind...), '"')
	b = t.appendInt(b, "node", t.at[ply].id, 32)
	if kind == "move-value" {
		b = appendField(b, "move", t.at[ply+1].move)
		b = t.appendInt(b, "index", t.at[ply].index-1, 16)
	}
	b = t.appendInt(b, "score", score, 32)
	t.write(append(b, "}\n"...))
}

func (t *Tracer) write(b []byte) {
	t.line = b[:0]
	if !t.on { // stopped while the line was built
		return
	}
	if _, err := t.out.Write(b); err != nil {
		t.stop(err)
	}
}

// stop ends the trace on an error: a line the format cannot hold is not written.
func (t *Tracer) stop(err error) {
	if t.err == nil {
		t.err = err
		fmt.Fprintf(os.Stderr, "pvscope gotrace: %v; the trace stops here\n", err)
	}
	t.finish()
}

func (t *Tracer) finish() {
	if t.out != nil {
		if err := t.out.Flush(); err != nil && t.err == nil {
			t.err = err
		}
	}
	if t.file != nil {
		if err := t.file.Close(); err != nil && t.err == nil {
			t.err = err
		}
	}
	t.file, t.out, t.on, t.paused = nil, nil, false, false
}

// appendInt writes ,"name":v, or stops the trace when v does not fit in bits (signed).
func (t *Tracer) appendInt(b []byte, name string, v, bits int) []byte {
	if v < -(1<<(bits-1)) || v >= 1<<(bits-1) {
		t.stop(fmt.Errorf("%s %d does not fit in %d bits (the trace format's %s)", name, v, bits, name))
		return b
	}
	b = append(append(append(b, `,"`...), name...), `":`...)
	return strconv.AppendInt(b, int64(v), 10)
}

func (t *Tracer) appendPV(b []byte) []byte {
	b = append(b, `,"pv":[`...)
	for i, m := range t.pv {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, m)
	}
	t.pv = t.pv[:0]
	return append(b, ']')
}

func appendNonZero(b []byte, name string, v int) []byte {
	if v == 0 {
		return b
	}
	b = append(append(append(b, `,"`...), name...), `":`...)
	return strconv.AppendInt(b, int64(v), 10)
}

func appendField(b []byte, name, value string) []byte {
	b = append(append(append(b, `,"`...), name...), `":`...)
	return appendString(b, value)
}

// appendString writes s as a JSON string: quotes, backslashes and control bytes
// escaped, every other byte as it is (as the C header writes it).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\t':
			b = append(b, `\t`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
