package tracer

import (
	"io"

	"github.com/pvscope/pvscope/tracer/msg"
)

// Pipeline is the one road a trace file takes: read (jsonl_read.go),
// completed by the Deriver, and, when Check is set, checked (Checker,
// Unaccounted) and diagnosed (Diagnosis). pvscope check, the page's upload
// (server/session/tracefile.go), pvscope diff (diff_side.go) and pvscope why
// (WhyRead, and the main package's whyWalk) all come this way; each says what
// it needs through the hooks, each nil-checked where it is called.
type Pipeline struct {
	// Check runs the checker, the unaccounted-moves warning and the
	// diagnosis on every event; their findings go to Report, Warn and Writer
	// (see Checker: a nil Writer sends the writer's mistakes to Report).
	Check                bool
	Report, Warn, Writer func(*Violation)
	// Header is called once the header is read and the checks have taken it
	// (their header warnings, and the scale's, made), before any event: it
	// gives what the tracer cannot know (Checker.Game, Unaccounted.Moves,
	// Diagnosis.EndOfLine), may warn, and may refuse the trace (its error is
	// Open's). Analysis.Line is the header's line.
	Header func(a *Analysis) error
	// Event receives every event, written or derived, after the checks saw
	// it: the caller keeps it, shapes it or counts it.
	Event func(e Event, line int)
	// Next is called before each line after the header is read; an error
	// stops reading and is Run's (a limit reached, a budget full, a stop).
	Next func() error
	// Finishing is called once the file is read and completed, before the
	// checks make their findings of the end of the trace.
	Finishing func()
}

// Analysis is a trace going through a Pipeline and, once Run returns, what
// the checks found.
type Analysis struct {
	Header Header
	// Line is the file's line of the event being handled (the header's while
	// the header is; the last event's at the end), Current that event (the
	// zero Event at the end): where a finding happened.
	Line        int
	Current     Event
	Checker     Checker
	Diagnosis   Diagnosis
	Unaccounted Unaccounted
	Deriver     *Deriver
	p           Pipeline
	rd          *Reader
}

// Open reads r's header into a and readies the deriver and, with Check, the
// checks. a is the caller's, so that its hooks can read it (Line, Current)
// from the first warning on.
func (a *Analysis) Open(r io.Reader, p Pipeline) error {
	rd, err := NewReader(r)
	if err != nil {
		return err
	}
	h := rd.Header()
	*a = Analysis{Header: h, Line: rd.Line(), p: p, rd: rd}
	if p.Check {
		a.Checker = Checker{Report: p.Report, Warn: p.Warn, Writer: p.Writer}
		a.Checker.SetHeader(h) // its warnings: a pov or bounds word it does not know
		a.Diagnosis = Diagnosis{Report: p.Report, Warn: p.Warn}
		a.Diagnosis.SetHeader(h)
		a.Unaccounted = Unaccounted{Warn: p.Warn} // moves neither searched nor pruned
		a.Unaccounted.SetHeader(h)
		if _, err := ScaleOf(h.Meta); err != nil {
			a.WarnMeta(err)
		}
	}
	if p.Header != nil {
		if err := p.Header(a); err != nil {
			return err
		}
	}
	a.Deriver = NewDeriver(h, a.emit)
	if p.Check {
		a.Deriver.OnRootLine = a.Diagnosis.DerivedLine
	}
	return nil
}

// WarnMeta warns (rule meta) of what the header says that cannot be read,
// keyed when err is.
func (a *Analysis) WarnMeta(err error) {
	if a.p.Warn == nil {
		return
	}
	w := &Violation{Rule: "meta", Problem: err.Error()}
	if m, ok := msg.Keyed(err); ok {
		w.Key, w.Args = m.Key, m.Args
	}
	a.p.Warn(w)
}

func (a *Analysis) emit(e Event, line int) {
	a.Current, a.Line = e, line
	if a.p.Check {
		a.Checker.Emit(e)
		a.Diagnosis.Emit(e)
		a.Unaccounted.Emit(e)
	}
	if a.p.Event != nil {
		a.p.Event(e, line)
	}
}

// Run reads the events, completes them and finishes the checks. An error is
// a line that cannot be read, or Next's.
func (a *Analysis) Run() error {
	for {
		if a.p.Next != nil {
			if err := a.p.Next(); err != nil {
				return err
			}
		}
		e, err := a.rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		a.Deriver.Add(e, a.rd.Line())
	}
	a.Deriver.Finish(a.rd.Line())
	a.Current = Event{}
	if a.p.Finishing != nil {
		a.p.Finishing()
	}
	if a.p.Check {
		a.Checker.Finish()
		a.Diagnosis.Finish()
	}
	return nil
}

// FileLine is the reader's line: the last one read.
func (a *Analysis) FileLine() int { return a.rd.Line() }

// Analyse opens r and runs it through p.
func Analyse(r io.Reader, p Pipeline) (*Analysis, error) {
	a := &Analysis{}
	if err := a.Open(r, p); err != nil {
		return nil, err
	}
	if err := a.Run(); err != nil {
		return nil, err
	}
	return a, nil
}
