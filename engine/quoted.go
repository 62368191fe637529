package engine

import "strconv"

// quoted is s as %q writes it, without the outer quotes: a keyed sentence's
// template keeps the quotes ("unknown option \"{name}\""), so its English stays
// what %q printed, and a translation may quote its own way (« {name} »).
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// quotedRune is r as %q writes a rune, without the outer single quotes.
func quotedRune(r rune) string {
	q := strconv.QuoteRune(r)
	return q[1 : len(q)-1]
}
