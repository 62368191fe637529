package session

import (
	"cmp"
	"strconv"

	"github.com/pvscope/pvscope/engine"
	"github.com/pvscope/pvscope/tracer/msg"
)

// MaxExerciseNodes bounds a tree asked for by an exercise or a worksheet: it
// is drawn whole, on a screen or on paper, and read by a person.
const MaxExerciseNodes = 400

// MaxExerciseSpec is the longest random=... an exercise's tree is asked by.
const MaxExerciseSpec = 200

// TreeFrame is an exercise's or a worksheet's generated tree: the server's
// GET /tree?random=... answers it (without type and id), the static site's
// worker answers the tree command with it. Tree is nested arrays of leaf
// values (root player's view), the tree a search of random=... searches.
type TreeFrame struct {
	Type   string  `json:"type,omitempty"`
	ID     int64   `json:"id,omitempty"`
	Random string  `json:"random"`
	Tree   RawJSON `json:"tree"`
	// A game's exercise (GameExerciseTree) names the game, the position the
	// tree starts from (the game's notation), its depth and seed, and each
	// node's move and board by path ("" the root, "0.2" as the page's paths).
	Game     string              `json:"game,omitempty"`
	Position string              `json:"position,omitempty"`
	Depth    int                 `json:"depth,omitempty"`
	Seed     int                 `json:"seed,omitempty"`
	Nodes    map[string]GameNode `json:"nodes,omitempty"`
}

// ExerciseTree generates the tree random=text describes, for the page's
// exercises and worksheets (teaching/exerciseui.js, sheet.js), bounded by
// MaxExerciseNodes and by l's node limit. The same seed gives the same tree
// on a server and in a static site: both call this.
func ExerciseTree(text string, l *Limits) (TreeFrame, error) {
	if len(text) > MaxExerciseSpec {
		return TreeFrame{}, msg.New("go-server.exerciseSpecLength", "The random tree's description is longer than {n} characters; write it as b=3,d=3,seed=7,order=random.", "n", MaxExerciseSpec)
	}
	spec, err := engine.ParseTreeSpec(text)
	if err != nil {
		return TreeFrame{}, err
	}
	if n := TreeNodes(spec); n > MaxExerciseNodes || n > l.MaxNodes {
		return TreeFrame{}, msg.New("go-server.exerciseTooBig", "An exercise's tree is drawn whole: b={b},d={d} has {nodes} nodes, more than the {most} an exercise or a worksheet takes; choose a smaller b or d.",
			"b", spec.B, "d", spec.D, "nodes", n, "most", min(int64(MaxExerciseNodes), l.MaxNodes))
	}
	t, err := engine.Generate(spec)
	if err != nil {
		return TreeFrame{}, err
	}
	return TreeFrame{Random: spec.String(), Tree: TreeJSON(t)}, nil
}

// Tree answers the tree command (the static site's worker; the server
// answers GET /tree): a tree frame with the command's id, or an error frame
// on the random field (a game's: on its field). With a game in the setup the
// tree is the game's (GameExerciseTree; the command's options depth and seed).
func (s *Session) Tree(cmd Command) {
	var f TreeFrame
	var err error
	if cmd.Setup.Game != "" && cmd.Setup.Game != "chess" {
		depth, _ := strconv.Atoi(cmd.Options["depth"])
		seed, _ := strconv.Atoi(cmd.Options["seed"])
		f, err = GameExerciseTree(cmd.Setup.Game, cmd.Setup.Position, depth, max(seed, 0), &s.Limits)
	} else {
		f, err = ExerciseTree(cmd.Setup.Random, &s.Limits)
	}
	if err != nil {
		field := "random"
		if cmd.Setup.Game != "" {
			field = cmp.Or(FieldOf(err), "game")
		}
		s.write(Error{Type: "error", ID: cmd.ID, Field: field, Message: Sentence(err.Error())}.WithKey(err))
		return
	}
	f.Type, f.ID = "tree", cmd.ID
	s.write(f)
}
