package session

import (
	"encoding/json"
	"strings"
	"testing"
)

var gameLimits = Limits{MaxDepth: 12, MaxNodes: 1_000_000, MaxSearches: 4, MaxMemory: 1 << 30}

// A start command names a game and its position as the page sends them (JSON "game",
// "position"); the started frame says kind "game" with the board's cells, top rank first, and
// the side to move. "b2 a1" worked by hand: x on b2 (the middle), o on a1 (bottom left), x to move.
func TestCheckStartsAGameFromItsPosition(t *testing.T) {
	var c Command
	if err := json.Unmarshal([]byte(`{"type":"start","id":3,"setup":{"game":"tictactoe","position":"b2 a1"},"options":{"depth":"2"}}`), &c); err != nil {
		t.Fatal(err)
	}
	p, err := Check(c, &gameLimits)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	st, _ := p.Started(p.Pos)
	if st.Kind != "game" || st.Game != "tictactoe" || st.Cells != "....x.o.." || st.Side != "x" || st.Rows != 3 || st.Cols != 3 {
		t.Errorf("started %+v; want kind game, tictactoe, cells ....x.o.., x to move, 3x3", st)
	}
}

// Each bad game field is refused in a sentence, blaming the field the page marks.
func TestCheckRefusesBadGameFields(t *testing.T) {
	for _, c := range []struct {
		setup SetupFields
		field string
		says  string
	}{
		{SetupFields{Game: "tictactoe", Position: "b2 b2"}, "position", "square already taken"},
		{SetupFields{Game: "go"}, "game", `unknown game "go"`},
		{SetupFields{Game: strings.Repeat("g", MaxGameName+1)}, "game", "characters long"},
		{SetupFields{Game: "tictactoe", Position: strings.Repeat("a1 ", MaxPosition)}, "position", "more than this server reads"},
		{SetupFields{Position: "b2"}, "position", "needs a game"},
		{SetupFields{Game: "chess", Position: "b2"}, "position", "needs a game"},
	} {
		_, err := Check(Command{Type: "start", Setup: c.setup}, &gameLimits)
		if err == nil || FieldOf(err) != c.field || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%+v: error %v blaming %q; want %q blamed, saying %q", c.setup, err, FieldOf(err), c.field, c.says)
		}
	}
}
