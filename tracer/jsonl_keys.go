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
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' || !json.Valid(line) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	if _, err := dec.Token(); err != nil { // the object's '{'
		return nil, false
	}
	out := make([]byte, 0, len(line))
	out = append(out, '{')
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return nil, false
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		if !known[key] {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = appendString(out, key)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), true
}

// slowDecode decodes an event line with encoding/json, its keys matched
// exactly; its error is encoding/json's.
func slowDecode(line []byte, j *jsonEvent) error {
	if exact, ok := exactKeys(line, eventKeys); ok {
		line = exact
	}
	return json.Unmarshal(line, j)
}
