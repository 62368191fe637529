package rooms

import (
	"regexp"
	"strconv"
	"strings"
)

// Typed poll answers are counted in one spelling: "3, inf", "(3, +∞)" and "[3; infinity]" are
// all "(3, ∞)", and "−3" (a typographic minus) is "-3". Two whole numbers or infinities make a
// window; anything else (paths "1.1 1.2", words) keeps its words, single-spaced. The page
// writes them the same way (room.js normalAnswer); this is the server's side, for any client.

var (
	answerBrackets = regexp.MustCompile(`^[(\[{]\s*|\s*[)\]}]$`)
	answerSplit    = regexp.MustCompile(`\s*[,;]\s*|\s+`)
	answerNumber   = regexp.MustCompile(`^-?\d+(\.\d+)?$`)
	windowEdge     = regexp.MustCompile(`^(-?\d+|-?∞)$`)
)

func normalAnswer(text string) string {
	s := answerBrackets.ReplaceAllString(strings.TrimSpace(text), "")
	var parts []string
	for _, p := range answerSplit.Split(s, -1) {
		if p != "" {
			parts = append(parts, normalWord(p))
		}
	}
	if len(parts) == 2 && windowEdge.MatchString(parts[0]) && windowEdge.MatchString(parts[1]) {
		return "(" + parts[0] + ", " + parts[1] + ")"
	}
	return strings.Join(parts, " ")
}

func normalWord(w string) string {
	v := strings.TrimPrefix(strings.ReplaceAll(w, "−", "-"), "+")
	switch strings.ToLower(v) {
	case "∞", "inf", "infinity":
		return "∞"
	case "-∞", "-inf", "-infinity":
		return "-∞"
	}
	if answerNumber.MatchString(v) {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
	}
	return v
}
