package session

import (
	"errors"
	"strings"
	"testing"
)

// roomy has room for any trace.
type roomy struct{}

func (roomy) To(int64) bool { return true }
func (roomy) Settle(int64)  {}
func (roomy) Full() error   { return errors.New("full") }

// The header's meta warning names the header's line: blank lines before it
// are counted (docs/trace-format.md).
func TestReadTraceMetaWarningNamesTheHeaderLine(t *testing.T) {
	const trace = `{"format":"pvscope-trace","version":1,"meta":{"tree":"((3 5) (2 9))","mate":"lots"}}
{"kind":"enter","node":1,"parent":0,"alpha":-100,"beta":100,"depth":1}
{"kind":"enter","node":2,"parent":1,"move":"a","alpha":-100,"beta":100,"depth":0}
{"kind":"exit","node":2,"score":3}
{"kind":"exit","node":1,"score":-3}
`
	for _, c := range []struct {
		blank string
		line  int
	}{{"", 1}, {"\n \n\n", 4}} {
		o, err := ReadTrace(strings.NewReader(c.blank+trace), roomy{})
		if err != nil {
			t.Fatal(err)
		}
		w := o.Started.Warnings
		if len(w) == 0 || w[0].Rule != "meta" || w[0].Line != c.line {
			t.Errorf("%q first: warnings %+v, want the meta warning first, on line %d", c.blank, w, c.line)
		}
	}
}
