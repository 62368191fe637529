package uci

import (
	"strconv"

	"github.com/pvscope/pvscope/tracer/msg"
)

// The sentences for an engine that stopped talking, each whole (the page
// translates them by key): while we sent a command (sending) or before it
// sent the word we waited for, with its exit status and the end of its
// standard error when there are any.

func (c *Client) tooMuchOutput(sending bool, word string) *msg.Error {
	engine, mib := quoted(clip(c.Label)), c.lim.MaxOutput>>20
	if sending {
		return msg.New("go-uci.tooMuchOutputSending", "engine \"{engine}\" printed more than {mib} MiB while we sent {command}: stopped it",
			"engine", engine, "mib", mib, "command", word)
	}
	return msg.New("go-uci.tooMuchOutputWaiting", "engine \"{engine}\" printed more than {mib} MiB before it sent {waitingFor}: stopped it",
		"engine", engine, "mib", mib, "waitingFor", word)
}

func (c *Client) notExited(sending bool, word string) *msg.Error {
	engine := quoted(clip(c.Label))
	if sending {
		return msg.New("go-uci.notExitedSending", "engine \"{engine}\" closed its output while we sent {command} but did not exit",
			"engine", engine, "command", word)
	}
	return msg.New("go-uci.notExitedWaiting", "engine \"{engine}\" closed its output before it sent {waitingFor} but did not exit",
		"engine", engine, "waitingFor", word)
}

// exitedSentence: status is the process's exit ("exit status 3"), stderr
// the end of its standard error; either may be "".
func (c *Client) exitedSentence(sending bool, word, status, stderr string) *msg.Error {
	engine := quoted(clip(c.Label))
	stderr = quoted(clip(stderr))
	switch {
	case sending && status == "" && stderr == "":
		return msg.New("go-uci.exitedSending", "engine \"{engine}\" exited while we sent {command}",
			"engine", engine, "command", word)
	case sending && stderr == "":
		return msg.New("go-uci.exitedSendingStatus", "engine \"{engine}\" exited while we sent {command} ({status})",
			"engine", engine, "command", word, "status", status)
	case sending && status == "":
		return msg.New("go-uci.exitedSendingStderr", "engine \"{engine}\" exited while we sent {command}; it wrote on standard error: \"{stderr}\"",
			"engine", engine, "command", word, "stderr", stderr)
	case sending:
		return msg.New("go-uci.exitedSendingStatusStderr", "engine \"{engine}\" exited while we sent {command} ({status}); it wrote on standard error: \"{stderr}\"",
			"engine", engine, "command", word, "status", status, "stderr", stderr)
	case status == "" && stderr == "":
		return msg.New("go-uci.exitedWaiting", "engine \"{engine}\" exited before it sent {waitingFor}",
			"engine", engine, "waitingFor", word)
	case stderr == "":
		return msg.New("go-uci.exitedWaitingStatus", "engine \"{engine}\" exited before it sent {waitingFor} ({status})",
			"engine", engine, "waitingFor", word, "status", status)
	case status == "":
		return msg.New("go-uci.exitedWaitingStderr", "engine \"{engine}\" exited before it sent {waitingFor}; it wrote on standard error: \"{stderr}\"",
			"engine", engine, "waitingFor", word, "stderr", stderr)
	}
	return msg.New("go-uci.exitedWaitingStatusStderr", "engine \"{engine}\" exited before it sent {waitingFor} ({status}); it wrote on standard error: \"{stderr}\"",
		"engine", engine, "waitingFor", word, "status", status, "stderr", stderr)
}

// keyedCause is a keyed sentence that also wraps the error it tells of
// (ctx.Err()), so errors.Is still finds context.Canceled behind it.
type keyedCause struct {
	said  *msg.Error
	cause error
}

func (k keyedCause) Error() string   { return k.said.Error() }
func (k keyedCause) Unwrap() []error { return []error{k.said, k.cause} }

// quoted is s as %q writes it, without the outer quotes: the templates keep
// the quotes, so the English stays what %q printed.
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
