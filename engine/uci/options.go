package uci

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/engine"
)

// ttEntryBytes is the size of one transposition-table entry (key, move,
// score, depth, bound), to turn the Hash option's megabytes into entries.
const ttEntryBytes = 16

// maxHashMB is the largest Hash the engine accepts: engine.MaxTTSize entries.
const maxHashMB = engine.MaxTTSize * ttEntryBytes >> 20

// goOnly are search options a UCI engine takes from "go" instead of
// setoption: the depth and the node limit.
var goOnly = map[string]bool{"depth": true, "max-nodes": true}

// spins bound the whole-number options, combos list the values of the
// named ones, so that a GUI can draw a spin box or a drop-down.
var (
	spins = map[string][2]int{
		"aspiration-window": {1, engine.MaxAspiration},
		"tt-size":           {1, engine.MaxTTSize},
	}
	combos = map[string][]string{
		"algo":       {"minimax", "alphabeta", "pvs"},
		"tt-replace": {"depth", "always"},
		"pv-methods": {"all", "triangular"},
	}
)

// optionLines are the "option" lines the engine answers "uci" with: Hash
// and MultiPV as every GUI knows them, then every search option by the name
// the command line and the page use (engine.OptionNames).
func optionLines(defaults engine.Options) []string {
	lines := []string{
		fmt.Sprintf("option name Hash type spin default %d min 1 max %d", max(defaults.TTSize*ttEntryBytes>>20, 1), maxHashMB),
		fmt.Sprintf("option name MultiPV type spin default %d min 1 max %d", max(defaults.MultiPV, 1), engine.MaxMultiPV),
	}
	for _, o := range engine.OptionNames {
		if goOnly[o.Name] || o.Name == "multipv" {
			continue
		}
		value, _ := defaults.Get(o.Name)
		switch r, spin := spins[o.Name]; {
		case o.Bool:
			lines = append(lines, fmt.Sprintf("option name %s type check default %s", o.Name, value))
		case spin:
			lines = append(lines, fmt.Sprintf("option name %s type spin default %s min %d max %d", o.Name, value, r[0], r[1]))
		case combos[o.Name] != nil:
			lines = append(lines, fmt.Sprintf("option name %s type combo default %s var %s", o.Name, value, strings.Join(combos[o.Name], " var ")))
		default:
			lines = append(lines, fmt.Sprintf("option name %s type string default %s", o.Name, value))
		}
	}
	return lines
}

// setOption applies "setoption name NAME value VALUE" to opt, names
// compared without regard to case as the protocol asks. The options stay
// as they were when the value is wrong or the result does not validate.
func setOption(opt *engine.Options, name, value string) error {
	next := *opt
	switch key := strings.ToLower(name); key {
	case "hash":
		mb, err := strconv.Atoi(value)
		if err != nil || mb < 1 || mb > maxHashMB {
			return fmt.Errorf("Hash %q is not a whole number of megabytes from 1 to %d", value, maxHashMB)
		}
		next.TTSize = mb << 20 / ttEntryBytes
	case "multipv":
		k, err := strconv.Atoi(value)
		if err != nil || k < 1 || k > engine.MaxMultiPV {
			return fmt.Errorf("MultiPV %q is not a whole number from 1 to %d", value, engine.MaxMultiPV)
		}
		next.MultiPV = k
	default:
		if goOnly[key] {
			return fmt.Errorf("%s is given with go (go depth N, go nodes N), not setoption", key)
		}
		if err := next.Set(key, value); err != nil {
			return err
		}
	}
	if err := next.Validate(); err != nil {
		return err
	}
	*opt = next
	return nil
}
