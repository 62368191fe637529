package tracer

import (
	"encoding/json"

	"github.com/pvscope/pvscope/tracer/msg"
)

// The table fields of a trace line: key, a hex string of at most 64 bits,
// and raw, the integer a table entry holds. Both are optional, so the reader
// keeps whether they were given; and a tt-store must give its depth and
// bound, which the reader checks by their presence.

// maxKeyDigits: a key is at most 64 bits.
const maxKeyDigits = 16

// jsonKey is a key as read: its value, whether given, and the text of a
// value that is not a key (for the line's error).
type jsonKey struct {
	v   uint64
	set bool
	bad string
	// badSet: bad holds a value that is not a key (bad may be "").
	badSet bool
}

// parseKey reads 1 to 16 hex digits, either case.
func parseKey(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > maxKeyDigits {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		v = v<<4 | uint64(d)
	}
	return v, true
}

func (k *jsonKey) take(b []byte) {
	if v, ok := parseKey(b); ok {
		*k = jsonKey{v: v, set: true}
		return
	}
	*k = jsonKey{bad: string(b), badSet: true}
}

// UnmarshalJSON reads a string; anything else (a number) is kept as bad.
func (k *jsonKey) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(data, &s) != nil {
		*k = jsonKey{bad: string(data), badSet: true}
		return nil
	}
	k.take([]byte(s))
	return nil
}

// jsonRaw is raw as read: its value and whether given.
type jsonRaw struct {
	v   int32
	set bool
}

// UnmarshalJSON reads a 32-bit integer; null is as if left out.
func (r *jsonRaw) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if err := json.Unmarshal(data, &r.v); err != nil {
		return err
	}
	r.set = true
	return nil
}

// keyError is the sentence for a key that is not 1 to 16 hex digits.
func keyError(n int, bad string) error {
	if len(bad) > maxKeyDigits {
		if _, ok := parseKey([]byte(bad[len(bad)-maxKeyDigits:])); ok {
			if _, all := parseKey([]byte(bad[:len(bad)-maxKeyDigits])); all {
				return msg.New("go-tracer.lineKeyTooLong", `tracer: trace line {line}: "key": "{value}" has {digits} hex digits: a key is at most 16 (64 bits)`, "line", n, "value", quoted(bad), "digits", len(bad))
			}
		}
	}
	return msg.New("go-tracer.lineKeyNotHex", `tracer: trace line {line}: "key": "{value}" is not a key: want a string of 1 to 16 hex digits`, "line", n, "value", quoted(bad))
}

// slowHasDepth: the line, its keys already exact, gives a depth (not null).
func slowHasDepth(line []byte) bool {
	var d struct {
		Depth json.RawMessage `json:"depth"`
	}
	return json.Unmarshal(line, &d) == nil && len(d.Depth) > 0 && string(d.Depth) != "null"
}

// ttFields copies the table fields of j into e and refuses a bad key or a
// tt-store without its depth or bound.
func ttFields(e *Event, j *jsonEvent, n int) error {
	if j.Key.badSet {
		return keyError(n, j.Key.bad)
	}
	e.Key, e.HasKey = j.Key.v, j.Key.set
	e.Raw, e.HasRaw = j.Raw.v, j.Raw.set
	if e.Kind == TTStore && (!j.hasDepth || e.Bound == NoBound) {
		missing := "depth"
		if j.hasDepth {
			missing = "bound"
		}
		return msg.New("go-tracer.lineStoreIncomplete", `tracer: trace line {line}: a tt-store without a "{field}": a stored entry needs its depth and bound`, "line", n, "field", missing)
	}
	return nil
}
