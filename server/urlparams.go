package server

import (
	"net/url"
	"strings"
)

// The limits of the page's address, the same as the page's
// (static/js/urlparams.js, PARAM_LIMITS and MAX_TREE_NESTING; issue 44): the
// server fills the setup form from the address, so a value the page refuses
// must not come back in the form. TestURLParamLimitsMatchThePage keeps the
// two tables equal.
var urlParamLimits = map[string]int{
	"tree": 65536, "random": 200, "fen": 200, "node": 4096, "step": 9, "lesson-url": 2048,
	"lesson-text": 65536, "compare": 1024, "code": 32, "view": 32, "position": 512,
}

// urlGames are the names ?game= may have (the page's GAME_NAMES; its one
// check, no length): chess and the games of engine/games the page draws.
var urlGames = map[string]bool{"chess": true, "tictactoe": true, "connect4": true, "othello": true}

// maxTreeNesting is the engine's (engine.MaxPly - 1), the page's MAX_TREE_NESTING.
const maxTreeNesting = 255

// urlParamRefused says whether the page refuses value for the parameter name.
func urlParamRefused(name, value string) bool {
	if name == "game" {
		return !urlGames[strings.ToLower(strings.TrimSpace(value))]
	}
	max, ok := urlParamLimits[name]
	if !ok {
		return false
	}
	if utf16Len(value) > max { // JavaScript's length
		return true
	}
	if name == "tree" {
		open := 0
		for i := 0; i < len(value); i++ {
			switch value[i] {
			case '(':
				if open++; open > maxTreeNesting {
					return true
				}
			case ')':
				if open > 0 {
					open--
				}
			}
		}
	}
	return name == "step" && strings.Trim(value, " \t\n\r0123456789") != ""
}

// checkedQuery is q without the parameters the page refuses (it says why).
func checkedQuery(q url.Values) url.Values {
	out := url.Values{}
	for name, vs := range q {
		for _, v := range vs {
			if urlParamRefused(name, v) {
				continue
			}
			out[name] = append(out[name], v)
		}
	}
	return out
}

// utf16Len is a string's length as JavaScript counts it, in UTF-16 units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}
