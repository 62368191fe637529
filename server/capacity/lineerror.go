package capacity

// A place in line refused, and waits, as sentences a person reads (slots.go
// decides; this file says).

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/pvscope/pvscope/server/session"
	"github.com/pvscope/pvscope/tracer/msg"
)

// RefusalSentence is what a page is told when Acquire refuses it: the line's
// own sentence with the wait, whichever kind of work (a search, a trace file,
// an engine's inspection) asked for the slot.
func RefusalSentence(err error) string {
	var le *LineError
	if errors.As(err, &le) {
		return le.Error()
	}
	return session.Sentence(err.Error())
}

// LineError is a search refused a place in line: a sentence with the wait.
type LineError struct {
	why              lineRefusal
	running, waiting int
	wait             time.Duration // the wait it would have had (0: not known yet)
	atLeast          bool          // the wait and pace are the running searches' time so far: lower bounds
	pace             time.Duration // how long a search holds its slot, recently
	slots            int
	maxWait          time.Duration
	cap              int
	budget           int64
}

type lineRefusal uint8

const (
	refusedWait   lineRefusal = iota // the wait would pass maxWait
	refusedMemory                    // the budget has no room for one more waiting
	refusedCap                       // the operator's fixed cap (-max-queue)
)

func (e *LineError) Error() string { return e.Said().Text }

// Unwrap is the refusal's keyed sentence, so msg.Keyed finds it wherever the
// refusal goes (a start, a trace file, an engine's inspection).
func (e *LineError) Unwrap() error { return e.Said() }

// said is the refusal as a keyed sentence: one key for each form the
// sentence takes, so another language says each whole. The parameters are
// numbers, waits ("8 s", "1 min 30 s"), and English words a catalog selects
// on (are: is or are; searchWord: search or searches).
func (e *LineError) Said() *msg.Error {
	// A place is freed every pace/slots on average.
	step := e.pace / time.Duration(max(e.slots, 1))
	args := []any{"running", e.running, "searchWord", map[bool]string{true: "search", false: "searches"}[e.running == 1],
		"waiting", e.waiting, "are", map[bool]string{true: "is", false: "are"}[e.waiting == 1],
		"pace", secondsArg(e.pace), "slots", e.slots, "wait", Span(e.wait), "maxWait", Span(e.maxWait),
		"retry", Span(e.wait - e.maxWait), "againIn", Span(step), "budget", session.MB(e.budget), "cap", e.cap}
	switch {
	case e.why == refusedWait && e.atLeast:
		return msg.New("go-server.lineWaitAtLeast", "The server is running {running} {searchWord} and {waiting} more {are} waiting; the searches running have held their slots for {pace} so far ({slots} at once), so yours would wait at least {wait}, longer than this server keeps a search in line (-max-wait {maxWait}): try again in about {retry}.", args...)
	case e.why == refusedWait:
		return msg.New("go-server.lineWait", "The server is running {running} {searchWord} and {waiting} more {are} waiting; at the recent pace ({pace} a search, {slots} at once) yours would wait about {wait}, longer than this server keeps a search in line (-max-wait {maxWait}): try again in about {retry}.", args...)
	case e.why == refusedMemory && step <= 0 && e.wait <= 0:
		return msg.New("go-server.lineMemoryUnknown", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; try again when one has finished (the wait in line is not known yet: no search has finished).", args...)
	case e.why == refusedMemory && step > 0 && e.wait > 0 && e.atLeast:
		return msg.New("go-server.lineMemoryAtLeast", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; try again in about {againIn} (the wait in line is at least {wait}).", args...)
	case e.why == refusedMemory && step > 0 && e.wait > 0:
		return msg.New("go-server.lineMemory", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; try again in about {againIn} (the wait in line is about {wait}).", args...)
	case e.why == refusedCap && step <= 0 && e.wait <= 0:
		return msg.New("go-server.lineCapUnknown", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); try again when one has finished (the wait in line is not known yet: no search has finished).", args...)
	case e.why == refusedCap && step > 0 && e.wait > 0 && e.atLeast:
		return msg.New("go-server.lineCapAtLeast", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); try again in about {againIn} (the wait in line is at least {wait}).", args...)
	case e.why == refusedCap && step > 0 && e.wait > 0:
		return msg.New("go-server.lineCap", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); try again in about {againIn} (the wait in line is about {wait}).", args...)
	}
	// A pace known with a wait not (or the other way) does not happen: the
	// wait is reckoned from the pace. Said in English all the same.
	again := "try again when one has finished"
	if step > 0 {
		again = "try again in " + about(step)
	}
	if e.why == refusedMemory {
		return msg.New("go-server.lineMemoryOther", "The server is running {running} {searchWord} and {waiting} more {are} waiting, and its memory budget (-max-memory, {budget}) has no room for another search in line; {again} (the wait in line is {waitText}).", append(args, "again", again, "waitText", e.waitText())...)
	}
	return msg.New("go-server.lineCapOther", "The server is running {running} {searchWord} and {waiting} more {are} waiting, as many as it keeps in line (-max-queue {cap}); {again} (the wait in line is {waitText}).", append(args, "again", again, "waitText", e.waitText())...)
}

// waitText is the wait in line for a refusal's last words.
func (e *LineError) waitText() string {
	switch {
	case e.wait <= 0:
		return "not known yet: no search has finished"
	case e.atLeast:
		return "at least " + Span(e.wait)
	}
	return about(e.wait)
}

// about writes a wait for people: "about 8 s", "about 1 min 30 s".
func about(d time.Duration) string { return "about " + Span(d) }

// span writes a wait, rounded up (never promise too short a wait): "8 s",
// "1 min 30 s", and past ten minutes "12 min".
func Span(d time.Duration) string {
	sec := int64((d + time.Second - 1) / time.Second)
	switch {
	case sec <= 1:
		return "1 s"
	case sec < 60:
		return fmt.Sprintf("%d s", sec)
	case sec < 600 && sec%60 != 0:
		return fmt.Sprintf("%d min %d s", sec/60, sec%60)
	}
	return fmt.Sprintf("%d min", (sec+59)/60)
}

// secondsArg is a search's time as a sentence's parameter: seconds' English
// in the text, a number of seconds in the page's args (0.04, 12.3), for a
// page to write in its language.
type secondsArg time.Duration

func (d secondsArg) String() string { return seconds(time.Duration(d)) }

func (d secondsArg) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(math.Round(time.Duration(d).Seconds()*1000)/1000, 'f', -1, 64)), nil
}

// seconds writes a search's time: "0.9 s", "12 s", "40 ms".
func seconds(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%d ms", max(d.Milliseconds(), 1))
	case d < 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%d s", int64(d.Round(time.Second)/time.Second))
}
