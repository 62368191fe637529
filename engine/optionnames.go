package engine

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pvscope/pvscope/tracer/msg"
)

// OptionName is one search option as the command line's flags and the page's
// URL parameters spell it: --tt-size=1024, ?tt-size=1024. One table serves both,
// so the two never drift apart.
type OptionName struct {
	Name  string
	Usage string
	Bool  bool // a switch: "true" or "false"; a bare flag means true
	get   func(*Options) string
	set   func(*Options, string) error
}

// OptionNames lists every option by name, in the order help shows them.
var OptionNames = []OptionName{
	{Name: "algo", Usage: "search algorithm: minimax, alphabeta or pvs",
		get: func(o *Options) string { return o.Algorithm.String() },
		set: func(o *Options, v string) (err error) { o.Algorithm, err = ParseAlgorithm(v); return }},
	intOption("depth", "search depth in plies", func(o *Options) *int { return &o.Depth }),
	boolOption("fail-hard", "clamp scores to the window instead of failing soft", func(o *Options) *bool { return &o.FailHard }),
	boolOption("id", "iterative deepening: search depths 1, 2, ... up to depth", func(o *Options) *bool { return &o.IterativeDeepening }),
	boolOption("aspiration", "aspiration windows around the previous iteration's score", func(o *Options) *bool { return &o.Aspiration }),
	intOption("aspiration-window", "half-width of the aspiration window", func(o *Options) *int { return &o.AspirationWindow }),
	boolOption("tt", "transposition table", func(o *Options) *bool { return &o.TT }),
	intOption("tt-size", "transposition table entries (rounded down to a power of two)", func(o *Options) *int { return &o.TTSize }),
	{Name: "tt-replace", Usage: "transposition table replacement: depth or always",
		get: func(o *Options) string { return o.TTReplace.String() },
		set: func(o *Options, v string) (err error) { o.TTReplace, err = ParseReplacement(v); return }},
	boolOption("tt-pv-cuts", "let exact table hits end PV nodes (shortens PVs)", func(o *Options) *bool { return &o.TTPVCuts }),
	{Name: "pv-methods", Usage: "PV collectors: all (triangular, stack, tt walk, pv hash) or triangular",
		get: func(o *Options) string { return o.PVMethods.String() },
		set: func(o *Options, v string) (err error) { o.PVMethods, err = ParsePVMethods(v); return }},
	boolOption("pv-graft", "graft the PV hash table's line where an exact table hit ends a PV node", func(o *Options) *bool { return &o.PVGraft }),
	intOption("multipv", "root lines to find, each with a different first move", func(o *Options) *int { return &o.MultiPV }),
	boolOption("qsearch", "quiescence search of captures and promotions", func(o *Options) *bool { return &o.Quiescence }),
	boolOption("order-tt", "try the table's (or previous PV's) move first", func(o *Options) *bool { return &o.OrderTT }),
	boolOption("order-mvvlva", "order captures by most valuable victim, least valuable attacker", func(o *Options) *bool { return &o.OrderMVVLVA }),
	boolOption("order-killers", "killer moves", func(o *Options) *bool { return &o.OrderKillers }),
	boolOption("order-history", "history heuristic", func(o *Options) *bool { return &o.OrderHistory }),
	{Name: "prune", Usage: "when a move cuts: equal (score >= beta, R&N) or strict (score > beta, CS188's answer keys; alpha-beta only)",
		get: func(o *Options) string { return map[bool]string{false: "equal", true: "strict"}[o.PruneStrict] },
		set: func(o *Options, v string) error {
			switch v {
			case "equal", "strict":
				o.PruneStrict = v == "strict"
				return nil
			}
			return msg.New("go-engine.pruneValue", "prune \"{value}\" is not equal or strict", "value", quoted(v))
		}},
	{Name: "modern", Usage: "turn on (or off) every modern-search technique: null-move, null-move-verify, lmr, futility, late-move-pruning, check-extension, iir", Bool: true,
		get: func(o *Options) string { return strconv.FormatBool(o.Modern()) },
		set: func(o *Options, v string) error {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return msg.New("go-engine.notBool", "{name} \"{value}\" is not true or false", "name", "modern", "value", quoted(v))
			}
			o.SetModern(b)
			return nil
		}},
	boolOption("null-move", "null-move pruning: at depth 3 or more, pass, and cut off when a search 2 plies shallower (3 from depth 7) still fails high; never in check, twice in a row, right after a root move, or with only king and pawns", func(o *Options) *bool { return &o.NullMove }),
	boolOption("null-move-verify", "verify a null-move cutoff by searching the node's own moves a ply shallower (zugzwang)", func(o *Options) *bool { return &o.NullMoveVerify }),
	boolOption("lmr", "late move reductions: late quiet moves at depth 4 or more searched shallower, again at full depth when they beat alpha", func(o *Options) *bool { return &o.LMR }),
	boolOption("futility", "futility pruning: at depth 2 or less, skip quiet moves when the evaluation plus a margin per ply cannot reach alpha; reverse futility: a null-window node at depth 1 whose evaluation minus a margin beats beta returns it", func(o *Options) *bool { return &o.Futility }),
	boolOption("late-move-pruning", "skip quiet moves after the first 3 + depth² at depth 2 or less", func(o *Options) *bool { return &o.LateMovePruning }),
	boolOption("check-extension", "search a move that gives check one ply deeper", func(o *Options) *bool { return &o.CheckExtension }),
	boolOption("iir", "internal iterative reduction: a node of depth 4 or more with no table move is searched a ply shallower", func(o *Options) *bool { return &o.IIR }),
	{Name: "max-nodes", Usage: "stop after this many nodes (0: no limit)",
		get: func(o *Options) string { return strconv.FormatInt(o.MaxNodes, 10) },
		set: func(o *Options, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return msg.New("go-engine.notWholeNumber", "{name} \"{value}\" is not a whole number", "name", "max-nodes", "value", quoted(v))
			}
			o.MaxNodes = n
			return nil
		}},
}

func intOption(name, usage string, field func(*Options) *int) OptionName {
	return OptionName{Name: name, Usage: usage,
		get: func(o *Options) string { return strconv.Itoa(*field(o)) },
		set: func(o *Options, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil {
				return msg.New("go-engine.notWholeNumber", "{name} \"{value}\" is not a whole number", "name", name, "value", quoted(v))
			}
			*field(o) = n
			return nil
		}}
}

func boolOption(name, usage string, field func(*Options) *bool) OptionName {
	return OptionName{Name: name, Usage: usage, Bool: true,
		get: func(o *Options) string { return strconv.FormatBool(*field(o)) },
		set: func(o *Options, v string) error {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return msg.New("go-engine.notBool", "{name} \"{value}\" is not true or false", "name", name, "value", quoted(v))
			}
			*field(o) = b
			return nil
		}}
}

func lookupOption(name string) (OptionName, error) {
	for _, n := range OptionNames {
		if n.Name == name {
			return n, nil
		}
	}
	return OptionName{}, msg.New("go-engine.unknownOption", "unknown option \"{name}\" (options: {options})", "name", quoted(name), "options", strings.Join(sortedNames(), ", "))
}

// Set sets the option called name from its text.
func (o *Options) Set(name, value string) error {
	n, err := lookupOption(name)
	if err != nil {
		return err
	}
	return n.set(o, value)
}

// Get returns the option called name as text.
func (o *Options) Get(name string) (string, error) {
	n, err := lookupOption(name)
	if err != nil {
		return "", err
	}
	return n.get(o), nil
}

// Describe lists every option as name=value, sorted, for a trace header.
func (o *Options) Describe() map[string]string {
	m := make(map[string]string, len(OptionNames))
	for _, n := range OptionNames {
		m[n.Name] = n.get(o)
	}
	return m
}

// sortedNames is for error messages that list what exists.
func sortedNames() []string {
	var names []string
	for _, n := range OptionNames {
		names = append(names, n.Name)
	}
	sort.Strings(names)
	return names
}
