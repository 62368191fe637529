// Package msg gives the sentences pvscope's packages say to a person (an error in a FEN, a
// tree, a trace, an option; a rule a trace breaks) a key in the page's catalogs and their
// parameters, beside the English the command line prints. The server sends the key and the
// parameters with the English, and the page says the sentence in its own language
// (static/js/i18n/<lang>/go-<package>.json; docs/contributing.md, "Add a language").
//
// The English is written once, in the code, as a template with {name} parameters:
//
//	msg.New("go-engine.fenFields", "a FEN has 6 fields, not {n}", "n", len(f))
//
// and the catalog test (msg_catalog_test.go in each package) checks that the English
// catalog holds the same template under the same key, so the two cannot drift.
package msg

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Error is a sentence with its key: an error whose Error() is the English.
type Error struct {
	Key  string         // "<area>.<name>" in the page's catalogs
	Args map[string]any // the parameters, plain values (strings and numbers)
	Text string         // the English, parameters filled in
}

func (e *Error) Error() string { return e.Text }

// New makes the sentence key from its English template and its parameters, given as
// name, value pairs. A value that is an error is said by its own sentence (its English here).
func New(key, template string, nameValues ...any) *Error {
	args := make(map[string]any, len(nameValues)/2)
	for i := 0; i+1 < len(nameValues); i += 2 {
		v := nameValues[i+1]
		if err, ok := v.(error); ok {
			v = err.Error()
		}
		args[fmt.Sprint(nameValues[i])] = v
	}
	return &Error{Key: key, Args: args, Text: fill(template, args)}
}

// fill puts the parameters into the template in one pass, so a value that itself holds
// "{name}" (a quoted input) stays as it is.
func fill(template string, args map[string]any) string {
	var b strings.Builder
	b.Grow(len(template) + 16*len(args))
	for {
		open := strings.IndexByte(template, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(template[open:], '}')
		if end < 0 {
			break
		}
		name := template[open+1 : open+end]
		v, ok := args[name]
		b.WriteString(template[:open])
		if !ok {
			b.WriteString(template[open : open+end+1])
		} else {
			switch x := v.(type) {
			case string:
				b.WriteString(x)
			case int:
				b.WriteString(strconv.Itoa(x))
			default:
				fmt.Fprint(&b, v)
			}
		}
		template = template[open+end+1:]
	}
	b.WriteString(template)
	return b.String()
}

// Keyed returns the first keyed sentence in err's chain, if any: what the page can translate.
func Keyed(err error) (*Error, bool) {
	var m *Error
	if errors.As(err, &m) {
		return m, true
	}
	return nil, false
}
