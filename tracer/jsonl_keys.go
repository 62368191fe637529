package tracer

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// The format's field names are case-sensitive, and encoding/json matches a
// struct's fields whatever their case: an engine's own "Score" would
// overwrite "score". So before encoding/json decodes a line into a struct,
// exactKeys keeps only the keys spelled exactly as the struct's fields.

// eventKeys and headerKeys are the names the reader knows, from the tags.
var (
	eventKeys  = jsonKeys(reflect.TypeFor[jsonEvent]())
	headerKeys = map[string]bool{"format": true, "version": true, "meta": true, "kind": true}
)

func jsonKeys(t reflect.Type) map[string]bool {
	keys := make(map[string]bool, t.NumField())
	for i := range t.NumField() {
		if !t.Field(i).IsExported() {
			continue
		}
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		keys[name] = true
	}
	return keys
}

// exactKeys returns the object on line with only the keys in known, in
// their order (a key given twice still takes its last value). It reports
// false for a line that is not valid JSON or not an object: encoding/json,
// given the line itself, then says what is wrong with it.
func exactKeys(line []byte, known map[string]bool) ([]byte, bool) {
	if !json.Valid(line) {
		return nil, false
	}
	// Valid: the walk below needs to find only where each key and value ends.
	i := skipSpace(line, 0)
	if line[i] != '{' {
		return nil, false
	}
	out := make([]byte, 0, len(line))
	out = append(out, '{')
	i = skipSpace(line, i+1)
	for line[i] != '}' {
		keyEnd := stringEnd(line, i)
		key := line[i:keyEnd]
		i = skipSpace(line, keyEnd)
		i = skipSpace(line, i+1) // the ':'
		valueEnd := valueEnd(line, i)
		if knownKey(key, known) {
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(out, key...)
			out = append(out, ':')
			out = append(out, line[i:valueEnd]...)
		}
		i = skipSpace(line, valueEnd)
		if line[i] == ',' {
			i = skipSpace(line, i+1)
		}
	}
	return append(out, '}'), true
}

// knownKey reports whether the quoted key, its escapes read, is in known.
func knownKey(quoted []byte, known map[string]bool) bool {
	if bytes.IndexByte(quoted, '\\') < 0 {
		return known[string(quoted[1:len(quoted)-1])]
	}
	var key string
	return json.Unmarshal(quoted, &key) == nil && known[key]
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// stringEnd is the index after the string that opens at b[i].
func stringEnd(b []byte, i int) int {
	for i++; b[i] != '"'; i++ {
		if b[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// valueEnd is the index after the value that starts at b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for ; ; i++ {
			switch b[i] {
			case '"':
				i = stringEnd(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
	}
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ' ' && b[i] != '\t' && b[i] != '\r' && b[i] != '\n' {
		i++
	}
	return i
}

// foldFree reports whether no key on line can differ from a known name in
// case alone: no upper-case letter, no escape, no byte beyond ASCII (encoding/json
// also folds 'ſ' to s and the Kelvin sign to k). On such a line encoding/json's
// matching is exact already.
func foldFree(line []byte) bool {
	for _, c := range line {
		if c >= 'A' && c <= 'Z' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// slowDecode decodes an event line with encoding/json, its keys matched
// exactly; its error is encoding/json's.
func slowDecode(line []byte, j *jsonEvent) error {
	exact := line
	if !foldFree(line) {
		if e, ok := exactKeys(line, eventKeys); ok {
			exact = e
		}
	}
	if err := json.Unmarshal(exact, j); err != nil {
		return err
	}
	j.hasDepth = j.Depth != 0 || slowHasDepth(exact)
	return nil
}
