package session

import "github.com/pvscope/pvscope/tracer/msg"

// Refusal is the error frame for a message no transport can act on: one that
// is not JSON (err), has no type, or a type nobody knows. The server's
// connection and Session answer with the same sentences.
func Refusal(id int64, typ string, err error) Error {
	switch {
	case err != nil:
		m := msg.New("go-server.notJSON", "the message is not a JSON command: {reason}", "reason", err)
		return Error{Type: "error", Message: Sentence(m.Text)}.WithKey(m)
	case typ == "":
		return Said(id, "", msg.New("go-server.noType", `The message has no "type"; known commands are start, stop, open, create-room, join-room, leave-room, cursor, question and answer.`))
	default:
		return Said(id, "", msg.New("go-server.unknownCommand", "Unknown command \"{type}\"; known commands are start, stop, open, create-room, join-room, leave-room, cursor, question and answer (playback happens in the page).", "type", Quoted(typ)))
	}
}
