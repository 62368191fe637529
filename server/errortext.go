package server

import (
	"fmt"
	"github.com/pvscope/pvscope/server/session"
	"strings"
	"unicode/utf8"

)

// Error messages go back to a page: each a sentence, naming its field as the
// user wrote it, and short, whatever the user sent.

// maxQuoted and maxMessage: session.MaxQuoted and MaxMessage.
const (
	maxQuoted  = session.MaxQuoted
	maxMessage = session.MaxMessage
)

// sentence makes an error message read as a sentence: capital first, full
// stop last. A message that opens with an option's name keeps it as the user
// wrote it (tt-size, not Tt-size).
func sentence(s string) string {
	s = clipQuotes(s)
	if s == "" {
		return s
	}
	first, _, _ := strings.Cut(s, " ")
	if s[0] >= 'a' && s[0] <= 'z' && !isOption(first) {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	if last := s[len(s)-1]; last != '.' && last != '?' && last != '!' {
		s += "."
	}
	return s
}

// clip shortens s to about n characters, saying how long it was.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d characters)", s[:cut], utf8.RuneCountInString(s))
}

// clipQuotes shortens every double-quoted stretch of s longer than maxQuoted
// (the engine quotes inputs with %q), then s itself to maxMessage.
func clipQuotes(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(s, '"')
		if open < 0 {
			break
		}
		end := closingQuote(s, open+1)
		if end < 0 {
			break
		}
		b.WriteString(s[:open+1])
		b.WriteString(clip(s[open+1:end], maxQuoted))
		b.WriteByte('"')
		s = s[end+1:]
	}
	b.WriteString(s)
	out := b.String()
	if len(out) > maxMessage {
		out = clip(out, maxMessage)
	}
	return out
}

// closingQuote finds the quote that ends a Go-quoted string begun before i.
func closingQuote(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// article is "a" or "an", as the word that follows is said: "an answer",
// "an int", "a uint", "a string". For the English sentences: the other
// catalogs choose their own (the French reads the parameter with a select
// whose only form is its own article).
func article(word string) string {
	w := strings.ToLower(word)
	switch {
	case w == "":
		return "a"
	case strings.HasPrefix(w, "u") && (strings.HasPrefix(w, "uint") || strings.HasPrefix(w, "use") || strings.HasPrefix(w, "uni")):
		return "a" // said "you"
	case strings.ContainsRune("aeiou", rune(w[0])):
		return "an"
	}
	return "a"
}

func capitalized(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
