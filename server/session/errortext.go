package session

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Error messages go back to a page: each a Sentence, naming its field as the
// user wrote it, and short, whatever the user sent.

// Sentence makes an error message read as a Sentence: capital first, full
// stop last. A message that opens with an option's name keeps it as the user
// wrote it (tt-size, not Tt-size).
func Sentence(s string) string {
	s = clipQuotes(s)
	if s == "" {
		return s
	}
	first, _, _ := strings.Cut(s, " ")
	if s[0] >= 'a' && s[0] <= 'z' && !IsOption(first) {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	if last := s[len(s)-1]; last != '.' && last != '?' && last != '!' {
		s += "."
	}
	return s
}

// Clip shortens s to about n characters, saying how long it was.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d characters)", s[:cut], utf8.RuneCountInString(s))
}

// clipQuotes shortens every double-quoted stretch of s longer than MaxQuoted
// (the engine quotes inputs with %q), then s itself to MaxMessage.
func clipQuotes(s string) string {
	if len(s) <= MaxQuoted {
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
		b.WriteString(Clip(s[open+1:end], MaxQuoted))
		b.WriteByte('"')
		s = s[end+1:]
	}
	b.WriteString(s)
	out := b.String()
	if len(out) > MaxMessage {
		out = Clip(out, MaxMessage)
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

// Article is "a" or "an", as the word that follows is said: "an answer",
// "an int", "a uint", "a string". For the English sentences: the other
// catalogs choose their own (the French reads the parameter with a select
// whose only form is its own Article).
func Article(word string) string {
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

func Capitalized(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
