package uci

import "github.com/pvscope/pvscope/tracer/msg"

// badInfo is an info line that did not parse, with ParseInfo's error.
type badInfo struct {
	line string
	err  error
}

// badInfoWarning is the report's warning about a bad info line, one whole
// sentence per way ParseInfo refuses a line, keyed for the page; its English
// is what the report has always said. nil for an error ParseInfo does not key.
func badInfoWarning(b badInfo) *msg.Error {
	m, ok := msg.Keyed(b.err)
	if !ok {
		return nil
	}
	line := quoted(clip(b.line))
	switch m.Key {
	case "go-uci.infoNoValue":
		return msg.New("go-uci.badInfoNoValue", "the engine sent an info line we cannot read: \"{line}\": {field} has no value",
			"line", line, "field", m.Args["field"])
	case "go-uci.infoNotNumber":
		return msg.New("go-uci.badInfoNotNumber", "the engine sent an info line we cannot read: \"{line}\": {field} \"{value}\" is not a whole number",
			"line", line, "field", m.Args["field"], "value", m.Args["value"])
	case "go-uci.infoUnknownField":
		return msg.New("go-uci.badInfoUnknownField", "the engine sent an info line we cannot read: \"{line}\": unknown field \"{field}\"",
			"line", line, "field", m.Args["field"])
	case "go-uci.infoScore":
		return msg.New("go-uci.badInfoScore", "the engine sent an info line we cannot read: \"{line}\": score wants cp N or mate N",
			"line", line)
	case "go-uci.infoScoreNotNumber":
		return msg.New("go-uci.badInfoScoreNotNumber", "the engine sent an info line we cannot read: \"{line}\": score {kind} \"{value}\" is not a whole number",
			"line", line, "kind", m.Args["kind"], "value", m.Args["value"])
	}
	return nil
}
