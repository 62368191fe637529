package server

import (
	"testing"

	"github.com/pvscope/pvscope/server/session"
)

// English picks its article by the sound of the word that follows.
func TestArticle(t *testing.T) {
	for word, want := range map[string]string{"answer": "an", "int": "an", "object": "an", "array": "an",
		"cursor": "a", "string": "a", "number": "a", "bool": "a", "uint64": "a", "question": "a", "Int": "an"} {
		if got := session.Article(word); got != want {
			t.Errorf("Article(%q) = %q, want %q", word, got, want)
		}
	}
}

// The room sentences that name a message or a type say "an answer", "an int".
func TestRoomSentencesTakeTheirArticle(t *testing.T) {
	_, hs := testServer(t, DefaultLimits())
	f := dial(t, hs)
	f.send(`{"type":"answer","answer":"a"}`)
	f.errorNext("", "An answer message needs a room")
	f.send(`{"type":"cursor","k":1}`)
	f.errorNext("", "A cursor message needs a room")
	f.send(`{"type":"cursor","k":"twelve"}`)
	f.errorNext("k", `its "k" should be an int, not a string.`)
	f.send(`{"type":"join-room","code":12}`)
	f.errorNext("code", `its "code" should be a string, not a number.`)
}
