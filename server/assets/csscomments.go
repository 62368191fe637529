package assets

import "bytes"

// stripCSSComments is css without its comments, for the page's stylesheet
// bundle: they were a third of css/page.css (16.4 KB of a 300 KB first load
// gzipped, 11.3 KB without). A comment inside a string stays; one that
// begins "/*!" (a licence, by convention) stays; a comment between two
// characters that would join into one token leaves a space; a line left
// empty goes.
func stripCSSComments(css []byte) []byte {
	out := make([]byte, 0, len(css))
	var quote byte // the string being read: '"', '\'', or 0 outside one
	for i := 0; i < len(css); i++ {
		c := css[i]
		switch {
		case quote != 0:
			out = append(out, c)
			if c == '\\' && i+1 < len(css) {
				i++
				out = append(out, css[i])
			} else if c == quote || c == '\n' { // an unclosed string ends at its line (CSS Syntax 4.3.5)
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
			out = append(out, c)
		case c == '/' && i+1 < len(css) && css[i+1] == '*':
			end := bytes.Index(css[i+2:], []byte("*/"))
			if end < 0 { // unclosed: the rest is the comment
				end = len(css) - 2
			} else {
				end += i + 2
			}
			if i+2 < len(css) && css[i+2] == '!' {
				out = append(out, css[i:end+2]...)
				i = end + 1
				break
			}
			i = end + 1
			if len(out) > 0 && i+1 < len(css) && tokenChar(out[len(out)-1]) && tokenChar(css[i+1]) {
				out = append(out, ' ')
			}
		default:
			out = append(out, c)
		}
	}
	return dropBlankLines(out)
}

// tokenChar says whether c may continue a CSS name or number.
func tokenChar(c byte) bool {
	return c == '-' || c == '_' || c == '%' || c == '.' || c == '#' || c >= '0' && c <= '9' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// dropBlankLines removes the lines that hold only spaces and tabs.
func dropBlankLines(b []byte) []byte {
	out := b[:0]
	for start := 0; start < len(b); {
		end := start
		for end < len(b) && b[end] != '\n' {
			end++
		}
		if end < len(b) {
			end++ // the newline
		}
		blank := true
		for _, c := range b[start:end] {
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				blank = false
				break
			}
		}
		if !blank {
			out = append(out, b[start:end]...)
		}
		start = end
	}
	return out
}
