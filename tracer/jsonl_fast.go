package tracer

import "strconv"

// fastDecode decodes the common event line - one flat object of integers,
// plain ASCII strings, string arrays and booleans - about ten times faster
// than encoding/json, so check streams millions of events a second. It
// reports false for anything else (escapes, floats, nesting, bad JSON), and
// the caller then decodes the line with encoding/json, which gives the same
// result for valid input and the error message for invalid input.
func fastDecode(b []byte, j *jsonEvent) bool {
	p := fastParser{b: b}
	p.space()
	if !p.eat('{') {
		return false
	}
	p.space()
	if p.eat('}') {
		return p.end()
	}
	for {
		p.space()
		key, ok := p.str()
		if !ok {
			return false
		}
		p.space()
		if !p.eat(':') {
			return false
		}
		p.space()
		if !p.field(key, j) {
			return false
		}
		p.space()
		if p.eat(',') {
			continue
		}
		if p.eat('}') {
			return p.end()
		}
		return false
	}
}

type fastParser struct {
	b []byte
	i int
}

func (p *fastParser) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\r' || p.b[p.i] == '\n') {
		p.i++
	}
}

func (p *fastParser) eat(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *fastParser) end() bool {
	p.space()
	return p.i == len(p.b)
}

// str reads a string without escapes, in printable ASCII.
func (p *fastParser) str() ([]byte, bool) {
	if !p.eat('"') {
		return nil, false
	}
	start := p.i
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return p.b[start : p.i-1], true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return nil, false
		}
		p.i++
	}
	return nil, false
}

// int reads a JSON integer that fits bits.
func (p *fastParser) int(bits int) (int64, bool) {
	start := p.i
	if p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	digits := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	if p.i == digits || p.b[digits] == '0' && p.i-digits > 1 {
		return 0, false
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return 0, false
	}
	if p.i-digits > 18 { // may not fit: let strconv decide
		v, err := strconv.ParseInt(string(p.b[start:p.i]), 10, bits)
		return v, err == nil
	}
	var v int64
	for _, c := range p.b[digits:p.i] {
		v = v*10 + int64(c-'0')
	}
	if digits > start {
		v = -v
	}
	if bits == 64 {
		return v, true // 18 digits fit
	}
	lim := int64(1) << (bits - 1)
	return v, -lim <= v && v < lim
}

// names interns the few strings that name kinds, types, bounds, ends,
// methods and reasons, so decoding them does not allocate.
var names = func() map[string]string {
	m := map[string]string{"": ""}
	whys := []string{WhyLMR, WhyNullMove, WhyCheck, WhySingular, WhyIIR, WhyFutility, WhyLateMove, WhyRazor, WhySEE, WhyDelta, NullMove, SubIID, SubRazor, SubProbCut}
	for _, list := range [][]string{kindNames[:], nodeTypeNames[:], boundNames[:], endNames[:], methodNames[:], reasonNames[:], whys} {
		for _, s := range list {
			m[s] = s
		}
	}
	return m
}()

func (p *fastParser) name() (string, bool) {
	b, ok := p.str()
	if !ok {
		return "", false
	}
	if s, ok := uciMoveString(b); ok {
		return s, true
	}
	if s, ok := names[string(b)]; ok {
		return s, true
	}
	return string(b), true
}

func (p *fastParser) field(key []byte, j *jsonEvent) bool {
	num := func(dst *int32) bool {
		v, ok := p.int(32)
		*dst = int32(v)
		return ok
	}
	small := func(dst *int16) bool {
		v, ok := p.int(16)
		*dst = int16(v)
		return ok
	}
	var ok bool
	switch string(key) {
	case "seq":
		j.Seq, ok = p.int(64)
	case "kind":
		j.Kind, ok = p.name()
	case "node":
		ok = num(&j.Node)
	case "parent":
		ok = num(&j.Parent)
	case "ref":
		ok = num(&j.Ref)
	case "alpha":
		ok = num(&j.Alpha)
	case "beta":
		ok = num(&j.Beta)
	case "score":
		ok = num(&j.Score)
	case "ply":
		ok = num(&j.Ply)
	case "depth":
		ok = small(&j.Depth)
		j.hasDepth = true
	case "index":
		ok = small(&j.Index)
	case "move":
		j.Move, ok = p.name()
	case "reduced":
		ok = small(&j.Reduced)
	case "extended":
		ok = small(&j.Extended)
	case "why":
		j.Why, ok = p.name()
	case "subsearch":
		j.Sub, ok = p.name()
	case "excluded":
		j.Excluded, ok = p.name()
	case "expect":
		j.Expect, ok = p.name()
	case "actual":
		j.Actual, ok = p.name()
	case "bound":
		j.Bound, ok = p.name()
	case "end":
		j.End, ok = p.name()
	case "method":
		j.Method, ok = p.name()
	case "reason":
		j.Reason, ok = p.name()
	case "pv":
		j.PV, ok = p.strings()
	case "derived":
		j.Derived, ok = p.boolean()
	case "key":
		var b []byte
		if b, ok = p.str(); ok {
			j.Key.take(b)
		}
	case "raw":
		var v int64
		v, ok = p.int(32)
		j.Raw = jsonRaw{v: int32(v), set: true}
	default:
		// Keys are case-sensitive: "Score" is not score, but an engine's
		// own field, skipped when its value is simple; encoding/json
		// decides anything else.
		return p.skip()
	}
	return ok
}

// skip reads a string without escapes, an integer, true, false or null.
func (p *fastParser) skip() bool {
	if p.i >= len(p.b) {
		return false
	}
	switch p.b[p.i] {
	case '"':
		_, ok := p.str()
		return ok
	case 't':
		_, ok := p.boolean()
		return ok
	case 'f':
		_, ok := p.boolean()
		return ok
	case 'n':
		if len(p.b)-p.i >= 4 && string(p.b[p.i:p.i+4]) == "null" {
			p.i += 4
			return true
		}
		return false
	}
	_, ok := p.int(64)
	return ok
}

func (p *fastParser) strings() ([]string, bool) {
	if !p.eat('[') {
		return nil, false
	}
	p.space()
	if p.eat(']') {
		return nil, true
	}
	var list []string
	for {
		p.space()
		b, ok := p.str()
		if !ok {
			return nil, false
		}
		s, ok := uciMoveString(b)
		if !ok {
			s = string(b)
		}
		list = append(list, s)
		p.space()
		if p.eat(',') {
			continue
		}
		return list, p.eat(']')
	}
}

func (p *fastParser) boolean() (bool, bool) {
	switch {
	case len(p.b)-p.i >= 4 && string(p.b[p.i:p.i+4]) == "true":
		p.i += 4
		return true, true
	case len(p.b)-p.i >= 5 && string(p.b[p.i:p.i+5]) == "false":
		p.i += 5
		return false, true
	}
	return false, false
}
