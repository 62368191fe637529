package server

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pvscope/pvscope/tracer/msg"
)

// A frame that carries a sentence (error, notice, queued) also carries the
// key and parameters of the first keyed sentence in its error's chain
// (msg.Keyed), so a page in another language says it from its own catalog
// (docs/protocol.md). The English message stays the frame's own.

// withKey gives f the key and args of err's first keyed sentence, if any.
func (f errorFrame) withKey(err error) errorFrame {
	f.Key, f.Args = keyOf(err)
	return f
}

// said is an error frame for one of the server's own keyed sentences, its
// English as written.
func said(id int64, field string, m *msg.Error) errorFrame {
	return errorFrame{Type: "error", ID: id, Field: field, Message: m.Text}.withKey(m)
}

// notice is a notice frame for a keyed sentence.
func notice(id int64, m *msg.Error) noticeFrame {
	f := noticeFrame{Type: "notice", ID: id, Message: m.Text}
	f.Key, f.Args = keyOf(m)
	return f
}

// keyOf is err's first keyed sentence's key and parameters, its strings
// bounded as the message bounds what it repeats (clipQuotes): a page's input
// said back in a parameter is cut to maxQuoted characters where the message
// quotes it, and any parameter to maxMessage.
func keyOf(err error) (string, map[string]any) {
	m, ok := msg.Keyed(err)
	if !ok {
		return "", nil
	}
	args := make(map[string]any, len(m.Args))
	for name, v := range m.Args {
		if s, ok := v.(string); ok {
			n := maxMessage
			if strings.Contains(m.Text, `"`+s+`"`) {
				n = maxQuoted
			}
			v = clipArg(s, n)
		}
		args[name] = v
	}
	return m.Key, args
}

// clipArg cuts s to n bytes at a character's start, marked with an ellipsis;
// unlike clip it adds no English words, for the page says it in any language.
func clipArg(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// quoted is s as %q writes it, without the quotes: a template keeps them
// ("unknown option \"{name}\"") so its English is the %q one.
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// sayOf is m's English and m, for a function that takes both.
func sayOf(m *msg.Error) (string, error) { return m.Text, m }

// stoppedBy gives the done frame its reason and the reason's key.
func (d *doneFrame) stoppedBy(m *msg.Error) {
	d.Stopped = m.Text
	d.StoppedKey, d.StoppedArgs = keyOf(m)
}
