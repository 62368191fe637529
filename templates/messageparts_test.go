package templates

import (
	"reflect"
	"testing"
)

func TestMessageParts(t *testing.T) {
	for _, tc := range []struct {
		msg   string
		names []string
		want  []messagePart
	}{
		{"{count} following", []string{"count"}, []messagePart{{Param: "count"}, {Text: " following"}}},
		{"participants : {count}", []string{"count"}, []messagePart{{Text: "participants : "}, {Param: "count"}}},
		{"{b} then {a}, {c} stays", []string{"a", "b"}, []messagePart{{Param: "b"}, {Text: " then "}, {Param: "a"}, {Text: ", {c} stays"}}},
		{"{a}{a}", []string{"a"}, []messagePart{{Param: "a"}, {Param: "a"}}},
		{"no parameter", []string{"a"}, []messagePart{{Text: "no parameter"}}},
		{"", []string{"a"}, nil},
	} {
		if got := messageParts(tc.msg, tc.names...); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("messageParts(%q, %q) = %+v, want %+v", tc.msg, tc.names, got, tc.want)
		}
	}
}
