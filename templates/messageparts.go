package templates

import "strings"

// messagePart is a piece of a template's message: text, or the name of a {param} the
// template fills with an element (a count in an <output>, a button's name in bold).
type messagePart struct{ Text, Param string }

// messageParts cuts msg at the {name} parameters named, so that a template puts its
// elements where the language puts them ("{count} following", "participants : {count}").
// Any other {…} stays in the text.
func messageParts(msg string, names ...string) []messagePart {
	var parts []messagePart
	for msg != "" {
		at, name := -1, ""
		for _, n := range names {
			if i := strings.Index(msg, "{"+n+"}"); i >= 0 && (at < 0 || i < at) {
				at, name = i, n
			}
		}
		if at < 0 {
			parts = append(parts, messagePart{Text: msg})
			break
		}
		if at > 0 {
			parts = append(parts, messagePart{Text: msg[:at]})
		}
		parts = append(parts, messagePart{Param: name})
		msg = msg[at+len(name)+2:]
	}
	return parts
}
